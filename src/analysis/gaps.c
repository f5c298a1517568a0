/*
 * gaps.c: device-wide idle gaps and their causes.
 *
 * The engine lists, per device, the maximal intervals [gs, ge) inside the
 * makespan where no op of any kind ran and that are at least the gap
 * threshold long. The op N that starts at ge ended the gap; q(N) is the start
 * of the call that queued it. The cause is the first proven, in METHOD.md's
 * order:
 *   host_synchronization  a call that blocked the host, on N's thread,
 *                         started before gs, returned at or after gs and no
 *                         later than q(N): the CPU waited for the last work,
 *                         then queued the next;
 *   submitted_late        q(N) >= gs: N was queued only after the device had
 *                         gone idle;
 *   module_loading        a CUPTI OVERHEAD record (lazy module loading,
 *                         instrumentation) intersects the gap, or N is a
 *                         kernel whose launch call was already under way when
 *                         the gap began (q(N) < gs < end of the call): the
 *                         launch itself took the time;
 *   dependency_wait       N was queued before the gap began, and its stream
 *                         was made to wait for an event (a stream-wait-event
 *                         queued on N's stream after the previous op of that
 *                         stream was queued, and no later than q(N));
 *   unknown               none of the above.
 */
#include <stdlib.h>
#include <string.h>

#include "context.h"

static int32_t overhead_in(const struct oc_trace *t, int64_t gs, int64_t ge)
{
	/* overheads are sorted by start: the ones starting before ge */
	size_t lo = 0, hi = t->n_overheads;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->overheads[mid].start_ns < ge)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t k = lo; k-- > 0;) {
		if (t->overheads[k].end_ns > gs && t->overheads[k].start_ns < ge)
			return (int32_t)k;
		/* overheads are short; stop once far before the gap */
		if (lo - k > 4096)
			break;
	}
	return -1;
}

static void explain_gap(const struct oc_actx *c, struct oc_gap *g)
{
	const struct oc_trace *t = c->t;
	int32_t n = g->next_op;
	const struct oc_op *N = &t->ops[n];
	int64_t q = c->q[n];

	int32_t b = oc_block_between(c, c->tid[n], g->start_ns, q);
	if (b >= 0) {
		g->cause = OC_GAP_HOST_SYNCHRONIZATION;
		g->block = b;
		return;
	}
	if (q >= g->start_ns) {
		g->cause = OC_GAP_SUBMITTED_LATE;
		return;
	}
	int32_t ov = overhead_in(t, g->start_ns, g->end_ns);
	if (ov >= 0) {
		g->cause = OC_GAP_MODULE_LOADING;
		g->overhead = ov;
		return;
	}
	if (N->kind == OC_OP_KERNEL && N->api >= 0 && t->api[N->api].start_ns < g->start_ns &&
	    t->api[N->api].end_ns > g->start_ns) {
		g->cause = OC_GAP_MODULE_LOADING;
		return;
	}
	{
		uint32_t pos = c->pos_in_stream[n];
		int64_t after = pos > 0 ? c->q[c->s_ops[c->s_off[N->stream] + pos - 1]] : INT64_MIN;
		const struct oc_wait *w = oc_wait_before(c, N->stream, after, q);
		if (w) {
			g->cause = OC_GAP_DEPENDENCY_WAIT;
			g->wait_event_id = w->event_id;
			return;
		}
	}
	g->cause = OC_GAP_UNKNOWN;
}

int oc_find_gaps(struct oc_actx *c, char *err, size_t errlen)
{
	const struct oc_trace *t = c->t;
	struct oc_analysis *a = c->a;
	size_t total = 0;

	for (size_t d = 0; d < c->n_dev; d++)
		total += c->dev[d].sweep.n_idle;
	a->gaps = calloc(total + 1, sizeof *a->gaps);
	if (!a->gaps)
		return -1;
	for (size_t d = 0; d < c->n_dev; d++) {
		const struct oc_dev_ctx *dv = &c->dev[d];
		for (size_t k = 0; k < dv->sweep.n_idle; k++) {
			const struct oc_interval *iv = &dv->sweep.idle[k];
			struct oc_gap *g = &a->gaps[a->n_gaps];
			size_t pos = oc_lower_start(t, dv->sel.idx, dv->sel.n, iv->end_ns);
			if (pos >= dv->sel.n)
				continue;       /* cannot happen: a gap ends where an op starts */
			memset(g, 0, sizeof *g);
			g->device_id = dv->device_id;
			g->start_ns = iv->start_ns;
			g->end_ns = iv->end_ns;
			g->next_op = (int32_t)dv->sel.idx[pos];
			g->prev_op = -1;
			g->api = t->ops[g->next_op].api;
			g->block = -1;
			g->overhead = -1;
			g->wait_event_id = -1;
			/* the op that ended last before the gap */
			for (size_t b = pos, seen = 0; b-- > 0 && seen < 4096; seen++) {
				uint32_t i = dv->sel.idx[b];
				if (t->ops[i].end_ns == iv->start_ns) {
					g->prev_op = (int32_t)i;
					break;
				}
			}
			explain_gap(c, g);
			a->n_gaps++;
		}
	}
	return 0;
}
