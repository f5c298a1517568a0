/*
 * gaps.c: device-wide idle gaps and their causes.
 *
 * The engine lists, per device, the maximal intervals [gs, ge) inside the
 * window where no op of any kind ran and that are at least the gap
 * threshold long. The op N that starts at ge ended the gap; q(N) is the
 * start of the call that queued it, on thread T. The cause is what T was
 * doing during the gap, tried in this order (docs/causes.md):
 *   host_synchronization  a call on T that blocked the host covers at least
 *                         half of the gap, and it is not N's own call (a
 *                         launch that blocks is N's submission: the rules
 *                         for a launch under way decide);
 *   module_loading        CUPTI OVERHEAD records of code loading (JIT
 *                         compilation, runtime-triggered module loading,
 *                         lazy function loading) cover at least half of the
 *                         gap; CUPTI's own overheads (buffers,
 *                         instrumentation) do not count;
 *   launch_latency        N is a kernel whose launch call was under way when
 *                         the gap began (q(N) < gs), and not the first launch
 *                         of that kernel function on the device; the first
 *                         launch is module_loading (modules load once);
 *   dependency_wait       N was queued before the gap began, and its stream
 *                         was made to wait for an event (a stream-wait-event
 *                         queued on N's stream after the previous op of that
 *                         stream was queued, and no later than q(N));
 *   submitted_late        q(N) >= gs: N was queued only after the device had
 *                         gone idle; the evidence says how long T spent
 *                         outside CUDA calls during the gap, and which sync
 *                         T was returning from, if one ended in it. When N is a
 *                         kernel's first launch and its launch call covers at
 *                         least half of the gap, the load took the time:
 *                         module_loading;
 *   unknown               none of the above.
 */
#include <stdlib.h>
#include <string.h>

#include "context.h"

static int loads_code(const struct oc_overhead *o)
{
	return o->kind == OC_OVERHEAD_DRIVER_COMPILER || o->kind == OC_OVERHEAD_MODULE_LOADING ||
	       o->kind == OC_OVERHEAD_LAZY_FUNCTION_LOADING;
}

/* The longest OVERHEAD record of code loading that intersects [gs, ge), or
 * -1; *covered receives how much of the gap such records cover (their
 * intersections with it, merged as they come by start). */
static int32_t overhead_in(const struct oc_trace *t, int64_t gs, int64_t ge, int64_t *covered)
{
	/* overheads are sorted by start: the ones starting before ge */
	size_t lo = 0, hi = t->n_overheads;
	int32_t best = -1;
	int64_t best_ns = 0, cur_s = 0, cur_e = INT64_MIN;

	*covered = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->overheads[mid].start_ns < ge)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* overheads are short: look back at most 4096 records */
	size_t first = lo > 4096 ? lo - 4096 : 0;
	for (size_t k = first; k < lo; k++) {
		const struct oc_overhead *o = &t->overheads[k];
		if (o->end_ns <= gs || !loads_code(o))
			continue;
		int64_t s = o->start_ns > gs ? o->start_ns : gs, e = o->end_ns < ge ? o->end_ns : ge;
		if (e - s > best_ns) {
			best_ns = e - s;
			best = (int32_t)k;
		}
		if (s > cur_e) {
			if (cur_e > cur_s)
				*covered += cur_e - cur_s;
			cur_s = s;
			cur_e = e;
		} else if (e > cur_e) {
			cur_e = e;
		}
	}
	if (cur_e > cur_s)
		*covered += cur_e - cur_s;
	return best;
}

static void explain_gap(const struct oc_actx *c, struct oc_gap *g)
{
	const struct oc_trace *t = c->t;
	int32_t n = g->next_op;
	const struct oc_op *N = &t->ops[n];
	int64_t q = c->q[n], gs = g->start_ns, ge = g->end_ns, len = ge - gs;
	uint32_t tid = c->tid[n];
	int64_t covered, in_calls;

	g->first_launch = c->first_launch[n];
	in_calls = oc_thread_in_calls_named(c, tid, gs, ge, NULL, &g->longest_api);
	if (g->longest_api >= 0) {
		const struct oc_api *x = &t->api[g->longest_api];
		g->longest_ns = (x->end_ns < ge ? x->end_ns : ge) - (x->start_ns > gs ? x->start_ns : gs);
	}
	g->outside_ns = in_calls < 0 ? -1 : len - in_calls;

	int32_t b = oc_block_covering(c, tid, gs, ge, &covered);
	/* N's own launch call blocking is its submission, not a sync before it
	 * (a first launch whose module load drained the device): the launch
	 * rules below decide */
	int own = b >= 0 && N->api >= 0 && c->a->blocks[b].api == N->api;
	/* and N was queued only after the block began: work already queued
	 * when the host blocked was not held back by it (a launch blocked on a
	 * full launch queue while the device ran what was queued before) */
	if (b >= 0 && !own && 2 * covered >= len && q >= c->a->blocks[b].start_ns) {
		g->cause = OC_GAP_HOST_SYNCHRONIZATION;
		g->block = b;
		g->covered_ns = covered;
		return;
	}
	int64_t loading;
	int32_t ov = overhead_in(t, gs, ge, &loading);
	if (ov >= 0 && 2 * loading >= len) {
		g->cause = OC_GAP_MODULE_LOADING;
		g->overhead = ov;
		g->covered_ns = loading;
		return;
	}
	/* the part of the gap N's own call was under way */
	int64_t call_ns = 0;
	if (N->api >= 0) {
		const struct oc_api *A = &t->api[N->api];
		int64_t s = A->start_ns > gs ? A->start_ns : gs, e = A->end_ns < ge ? A->end_ns : ge;
		call_ns = e > s ? e - s : 0;
	}
	if (N->kind == OC_OP_KERNEL && N->api >= 0 && t->api[N->api].start_ns < gs &&
	    t->api[N->api].end_ns > gs) {
		g->cause = g->first_launch ? OC_GAP_MODULE_LOADING : OC_GAP_LAUNCH_LATENCY;
		g->covered_ns = call_ns;
		return;
	}
	if (q < gs) {
		uint32_t pos = c->pos_in_stream[n];
		int64_t after = pos > 0 ? c->q[c->s_ops[c->s_off[N->stream] + pos - 1]] : INT64_MIN;
		const struct oc_wait *w = oc_wait_before(c, N->stream, after, q);
		if (w) {
			g->cause = OC_GAP_DEPENDENCY_WAIT;
			g->wait_event_id = w->event_id;
			g->wait_event_handle = w->source == 1;
			return;
		}
	}
	if (q >= gs) {
		/* the thread was loading code (cuModuleLoad*, cuLibraryLoad*) for
		 * most of the gap: the load held the next work back */
		static const char *const loaders[] = { "ModuleLoad", "LibraryLoad", NULL };
		int32_t load_api;
		int64_t loading_ns = oc_thread_in_calls_named(c, tid, gs, ge, loaders, &load_api);
		if (loading_ns >= 0 && 2 * loading_ns >= len && load_api >= 0) {
			g->cause = OC_GAP_MODULE_LOADING;
			g->load_api = load_api;
			g->covered_ns = loading_ns;
			return;
		}
		if (N->kind == OC_OP_KERNEL && g->first_launch && 2 * call_ns >= len) {
			g->cause = OC_GAP_MODULE_LOADING;
			g->covered_ns = call_ns;
			return;
		}
		g->cause = OC_GAP_SUBMITTED_LATE;
		/* the host was in a sync when the device went idle: it queued the
		 * next work only after that returned (evidence, not the cause) */
		if (b >= 0 && !own && c->a->blocks[b].end_ns > gs && c->a->blocks[b].end_ns <= ge) {
			g->block = b;
			g->covered_ns = covered;
		}
		return;
	}
	g->cause = OC_GAP_UNKNOWN;
}

/* Whether [s, e) lies inside one capture window (always, when the run was recorded whole). */
static int captured(const struct oc_trace *t, int64_t s, int64_t e)
{
	if (!t->n_capture_windows)
		return 1;
	for (size_t i = 0; i < t->n_capture_windows; i++)
		if (t->capture_windows[i].start_ns <= s && e <= t->capture_windows[i].end_ns)
			return 1;
	return 0;
}

int oc_find_gaps(struct oc_actx *c, char *err, size_t errlen)
{
	const struct oc_trace *t = c->t;
	struct oc_analysis *a = c->a;
	size_t total = 0;

	for (size_t d = 0; d < c->n_dev; d++)
		total += c->dev[d].wsweep.n_idle;
	a->gaps = calloc(total + 1, sizeof *a->gaps);
	if (!a->gaps)
		return -1;
	for (size_t d = 0; d < c->n_dev; d++) {
		const struct oc_dev_ctx *dv = &c->dev[d];
		for (size_t k = 0; k < dv->wsweep.n_idle; k++) {
			const struct oc_interval *iv = &dv->wsweep.idle[k];
			struct oc_gap *g = &a->gaps[a->n_gaps];
			size_t pos = oc_lower_start(t, dv->sel.idx, dv->sel.n, iv->end_ns);
			if (pos >= dv->sel.n)
				continue;       /* cannot happen: a gap ends where an op starts */
			/* the device was not idle between capture windows: it was not watched */
			if (!captured(t, iv->start_ns, iv->end_ns))
				continue;
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
			g->covered_ns = 0;
			g->load_api = -1;
			g->longest_api = -1;
			g->longest_ns = 0;
			/* the op that ended last before the gap */
			for (size_t b = pos, seen = 0; b-- > 0 && seen < 4096; seen++) {
				uint32_t i = dv->sel.idx[b];
				if (t->ops[i].end_ns == iv->start_ns) {
					g->prev_op = (int32_t)i;
					break;
				}
			}
			explain_gap(c, g);
			g->advice = (uint8_t)oc_choose_gap_advice(t, g);
			a->n_gaps++;
		}
	}
	return 0;
}
