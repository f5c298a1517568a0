/*
 * syncs.c: calls that blocked the host, and legacy-stream ops that
 * serialized blocking streams.
 *
 * Explicit synchronizations are the SYNCHRONIZATION records that returned
 * success (event, stream and context syncs; a stream-wait-event does not
 * block the host, and a record with a non-zero return is a poll).
 *
 * Hidden synchronizations are proven from timestamps, whatever the call's
 * name (docs/method.md). For a call A on the CPU interval [s, e], let W be the
 * device ops of one device queued before s (queue time < s) by other calls
 * and still unfinished at s, and M the latest end in W. A is a hidden sync
 * when W is not empty, M <= e (everything queued before it had ended when it
 * returned), M - s > tolerance (it was held longer than the tolerance: a
 * shorter wait cannot be told from an ordinary call that happened to span
 * the end of a short op), the ops A queued itself (if any) had all ended by
 * e, and either
 *   (a) e - M <= tolerance: it returned right after that work ended, or
 *   (b) A queued ops of its own and the device ran them only after that
 *       work (first start >= M - tolerance): a synchronous copy that waited
 *       behind the earlier work and returned after its own copy, however
 *       long the host-side tail (pageable staging) took, or
 *   (c) |(e - M) - U| <= tolerance, where U is the usual duration of the
 *       same function: the shortest duration of a call of that name (same
 *       API domain) in this trace that found no device work pending when it
 *       started. It waited for the work, then did its own usual work
 *       (cudaFree waits for the device, then unmaps). (a) is this rule with
 *       U = 0. A call that did not wait but merely spanned the work's end
 *       returns U - (M - s) after it, which misses by more than the
 *       tolerance because M - s > tolerance; so U needs no margin, or
 *   (d) the call took longer than any call of that function that found
 *       the device idle, by more than the tolerance (e - s > Umax + tol),
 *       and returned within that function's usual range after the work
 *       (Umin - tol <= e - M <= Umax + tol): rule (c) for a function whose
 *       own work varies (cudaFree's unmapping took 44 to 82 us on the
 *       H200), which (c)'s fixed U would miss.
 * blocked_ns runs from s to the later of M and the end of A's own ops.
 * Driver calls made under a runtime call are judged through that runtime
 * call; polls (cudaStreamQuery, cudaEventQuery, calls or sync records with a
 * non-zero return) are never syncs.
 *
 * M is found in O(log n): ops sorted by queue time with the running maximum
 * of their end times give the latest end of everything queued before s.
 */
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "context.h"

static int cmp_block_start(const void *x, const void *y)
{
	const struct oc_block *a = x, *b = y;
	if (a->start_ns != b->start_ns)
		return (a->start_ns > b->start_ns) - (a->start_ns < b->start_ns);
	return (a->end_ns > b->end_ns) - (a->end_ns < b->end_ns);
}

static int cmp_block_end(const void *x, const void *y, void *arg)
{
	const struct oc_block *blocks = arg;
	const struct oc_block *a = &blocks[*(const uint32_t *)x];
	const struct oc_block *b = &blocks[*(const uint32_t *)y];
	if (a->end_ns != b->end_ns)
		return (a->end_ns > b->end_ns) - (a->end_ns < b->end_ns);
	return (a->start_ns > b->start_ns) - (a->start_ns < b->start_ns);
}

/* First position in dv->by_end whose op ends after ts. */
static size_t first_end_after(const struct oc_actx *c, const struct oc_dev_ctx *dv, int64_t ts)
{
	size_t lo = 0, hi = dv->sel.n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->t->ops[dv->by_end[mid]].end_ns <= ts)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The ops queued before `start` (by a call other than `self`) that ended in
 * (start, end], restricted to stream `only` when >= 0: the last one of each
 * stream goes into *out (malloc'd). *last receives the latest end found
 * (start when none). Returns the count, or -1 on allocation failure.
 */
static long waited_ops(const struct oc_actx *c, int64_t start, int64_t end, int32_t self,
		       int32_t only, int32_t **out, int64_t *last)
{
	const struct oc_trace *t = c->t;
	int32_t *list = NULL;
	size_t n = 0, cap = 0;

	*out = NULL;
	*last = start;
	for (size_t d = 0; d < c->n_dev; d++) {
		const struct oc_dev_ctx *dv = &c->dev[d];
		for (size_t k = first_end_after(c, dv, start); k < dv->sel.n; k++) {
			uint32_t i = dv->by_end[k];
			const struct oc_op *op = &t->ops[i];
			if (op->end_ns > end)
				break;
			if (c->q[i] >= start || (self >= 0 && op->api == self))
				continue;
			if (only >= 0 && op->stream != only)
				continue;
			if (op->end_ns > *last)
				*last = op->end_ns;
			size_t j;
			for (j = 0; j < n; j++)
				if (t->ops[list[j]].stream == op->stream)
					break;
			if (j < n) {
				list[j] = (int32_t)i;   /* by_end order: a later end replaces */
				continue;
			}
			if (n == cap) {
				int32_t *nl = oc_grow(list, &cap, sizeof *nl, 4);
				if (!nl) {
					free(list);
					return -1;
				}
				list = nl;
			}
			list[n++] = (int32_t)i;
		}
	}
	*out = list;
	return (long)n;
}

static int push_block(struct oc_analysis *a, size_t *cap, const struct oc_block *b)
{
	if (a->n_blocks == *cap) {
		struct oc_block *nb = oc_grow(a->blocks, cap, sizeof *nb, 16);
		if (!nb)
			return -1;
		a->blocks = nb;
	}
	a->blocks[a->n_blocks++] = *b;
	return 0;
}

/* Hidden-sync test for API call k on one device; fills *b and returns 1 when proven. */
/* The latest end of the ops of dv queued strictly before ts, or INT64_MIN.
 * *hint: where the last answer for this device was found, 0 at first. The
 * calls come in time order, so the search gallops forward from it (issue 35:
 * a binary search of the whole queue for every call was 3 % of report at
 * 1M ops); any order is answered right. */
static int64_t pending_end(const struct oc_dev_ctx *dv, int64_t ts, size_t *hint)
{
	size_t lo = 0, hi = dv->n_q, h = *hint <= dv->n_q ? *hint : 0;

	if (h > 0 && dv->q_sorted[h - 1] >= ts) {
		hi = h;                         /* earlier than the last: below it */
	} else {
		lo = h;                         /* every slot below h is before ts */
		for (size_t step = 1;; step <<= 1) {
			size_t probe = lo + step - 1;
			if (probe >= dv->n_q)
				break;
			if (dv->q_sorted[probe] >= ts) {
				hi = probe;
				break;
			}
			lo = probe + 1;
		}
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (dv->q_sorted[mid] < ts)
			lo = mid + 1;
		else
			hi = mid;
	}
	*hint = lo;
	return lo ? dv->q_maxend[lo - 1] : INT64_MIN;
}

/* A call that is judged for hiding a synchronization (not a driver call under
 * a runtime call, not failed, not an explicit sync or a poll). */
static int judged_call(const struct oc_actx *c, size_t k)
{
	const struct oc_api *api = &c->t->api[k];

	return api->parent < 0 && api->return_value == 0 &&
	       !(c->api_flags[k] & (OC_APIF_EXPLICIT_SYNC | OC_APIF_POLL));
}

/* Slot of a call's function in usual_durations(): runtime names, then driver. */
static size_t usual_slot(const struct oc_trace *t, const struct oc_api *api)
{
	size_t n = t->n_strs ? t->n_strs : 1;

	return (api->domain == OC_API_DRIVER ? n : 0) + (size_t)api->name;
}

/*
 * Rules (c) and (d)'s usual durations: per string index of a function name
 * (and API domain), the shortest and the longest duration of a judged call
 * of that name that found no work pending on any device when it started;
 * INT64_MAX / INT64_MIN when there was none. Returns a malloc'ed array of
 * 2 * n_strs pairs (runtime, then driver), or NULL on allocation failure.
 */
struct usual {
	int64_t min_ns, max_ns;
};

static struct usual *usual_durations(const struct oc_actx *c)
{
	const struct oc_trace *t = c->t;
	size_t n = t->n_strs ? t->n_strs : 1;
	struct usual *u = malloc(2 * n * sizeof *u);
	size_t *hint = calloc(c->n_dev + 1, sizeof *hint);

	if (!u || !hint) {
		free(u);
		free(hint);
		return NULL;
	}
	for (size_t i = 0; i < 2 * n; i++)
		u[i] = (struct usual){ INT64_MAX, INT64_MIN };
	for (size_t k = 0; k < t->n_api; k++) {
		const struct oc_api *api = &t->api[k];
		int idle = 1;
		if (!judged_call(c, k) || api->name < 0 || (size_t)api->name >= t->n_strs)
			continue;
		for (size_t d = 0; d < c->n_dev && idle; d++)
			idle = pending_end(&c->dev[d], api->start_ns, &hint[d]) <= api->start_ns;
		if (!idle)
			continue;
		size_t slot = usual_slot(t, api);
		int64_t d = api->end_ns - api->start_ns;
		if (d < u[slot].min_ns)
			u[slot].min_ns = d;
		if (d > u[slot].max_ns)
			u[slot].max_ns = d;
	}
	free(hint);
	return u;
}

static int hidden_on_device(const struct oc_actx *c, const struct oc_dev_ctx *dv, size_t k,
			    const struct usual *usual, struct oc_block *b, size_t *hint)
{
	const struct oc_trace *t = c->t;
	const struct oc_api *api = &t->api[k];
	int64_t s = api->start_ns, e = api->end_ns, tol = c->o.sync_tolerance_ns;
	int64_t m = pending_end(dv, s, hint);

	if (m == INT64_MIN)
		return 0;
	if (m <= s || m > e + OC_CLOCK_SKEW_NS || m - s <= tol)
		return 0;       /* nothing pending, still pending at return, or held too briefly */
	int64_t own_first = INT64_MAX, own_last = INT64_MIN;
	for (uint32_t p = c->api_off[k]; p < c->api_off[k + 1]; p++) {
		const struct oc_op *own = &t->ops[c->api_ops[p]];
		if ((int)oc_op_device_id(t, own) != dv->device_id)
			continue;
		if (own->start_ns < own_first)
			own_first = own->start_ns;
		if (own->end_ns > own_last)
			own_last = own->end_ns;
	}
	if (own_last > e + OC_CLOCK_SKEW_NS)
		return 0;       /* it returned before its own work ended: asynchronous */
	struct usual u = { INT64_MAX, INT64_MIN };
	if (api->name >= 0 && (size_t)api->name < t->n_strs)
		u = usual[usual_slot(t, api)];
	enum oc_sync_rule rule;
	if (e - m <= tol)
		rule = OC_SYNC_RULE_RETURNED_AFTER_WORK;
	else if (own_last != INT64_MIN && own_first >= m - tol)
		rule = OC_SYNC_RULE_OWN_WORK_AFTER;
	else if (u.min_ns != INT64_MAX && llabs((e - m) - u.min_ns) <= tol)
		rule = OC_SYNC_RULE_USUAL_TAIL;
	else if (u.max_ns != INT64_MIN && e - s > u.max_ns + tol &&
		 e - m >= u.min_ns - tol && e - m <= u.max_ns + tol)
		rule = OC_SYNC_RULE_LONGER_THAN_USUAL;
	else
		return 0;
	int64_t m2 = own_last > m ? own_last : m;
	memset(b, 0, sizeof *b);
	b->api = (int32_t)k;
	b->sync = -1;
	b->hidden = 1;
	b->tid = api->tid;
	b->device_id = dv->device_id;
	b->start_ns = s;
	b->end_ns = e;
	b->blocked_ns = m2 - s;
	b->rule = (uint8_t)rule;
	b->usual_ns = rule == OC_SYNC_RULE_USUAL_TAIL || rule == OC_SYNC_RULE_LONGER_THAN_USUAL ?
		      u.min_ns : -1;
	b->usual_max_ns = rule == OC_SYNC_RULE_LONGER_THAN_USUAL ? u.max_ns : -1;
	return 1;
}

const char *oc_sync_rule_name(enum oc_sync_rule r)
{
	switch (r) {
	case OC_SYNC_RULE_RETURNED_AFTER_WORK: return "returned_after_work";
	case OC_SYNC_RULE_OWN_WORK_AFTER: return "own_work_after";
	case OC_SYNC_RULE_USUAL_TAIL: return "usual_tail";
	case OC_SYNC_RULE_LONGER_THAN_USUAL: return "longer_than_usual";
	default: return "explicit";
	}
}

int oc_find_blocks(struct oc_actx *c, char *err, size_t errlen)
{
	const struct oc_trace *t = c->t;
	struct oc_analysis *a = c->a;
	size_t cap = 0;
	struct oc_block b;

	for (size_t i = 0; i < t->n_syncs; i++) {
		const struct oc_sync *s = &t->syncs[i];
		int32_t only = -1;
		int64_t last;
		long n;

		if (s->return_value != 0 || s->type == OC_SYNC_STREAM_WAIT_EVENT)
			continue;
		if (s->type == OC_SYNC_STREAM && s->stream_id >= 0) {
			only = oc_trace_stream_find(t, s->context_id, (uint32_t)s->stream_id);
			if (only < 0)
				continue;  /* a stream with no record at all: nothing to wait for here */
		}
		memset(&b, 0, sizeof b);
		b.api = s->api;
		b.sync = (int32_t)i;
		b.hidden = 0;
		b.usual_ns = -1;
		b.usual_max_ns = -1;
		b.tid = s->api >= 0 && (size_t)s->api < t->n_api ? t->api[s->api].tid : OC_NO_TID;
		b.device_id = -1;
		b.start_ns = s->start_ns;
		b.end_ns = s->end_ns;
		n = waited_ops(c, s->start_ns, s->end_ns + OC_CLOCK_SKEW_NS, -1, only, &b.waited_for, &last);
		if (n < 0)
			return -1;
		b.n_waited_for = (size_t)n;
		b.blocked_ns = last - s->start_ns;
		if (n > 0)
			b.device_id = (int)oc_op_device_id(t, &t->ops[b.waited_for[0]]);
		if (push_block(a, &cap, &b) < 0) {
			free(b.waited_for);
			return -1;
		}
	}

	struct usual *usual = usual_durations(c);
	size_t *hint = calloc(c->n_dev + 1, sizeof *hint);
	if (!usual || !hint) {
		free(usual);
		free(hint);
		return -1;
	}
	for (size_t k = 0; k < t->n_api; k++) {
		if (!judged_call(c, k))
			continue;
		for (size_t d = 0; d < c->n_dev; d++) {
			int64_t last;
			long n;
			if (!hidden_on_device(c, &c->dev[d], k, usual, &b, &hint[d]))
				continue;
			n = waited_ops(c, b.start_ns, b.end_ns + OC_CLOCK_SKEW_NS, (int32_t)k, -1,
				       &b.waited_for, &last);
			if (n < 0) {
				free(usual);
				free(hint);
				return -1;
			}
			b.n_waited_for = (size_t)n;
			if (push_block(a, &cap, &b) < 0) {
				free(b.waited_for);
				free(usual);
				free(hint);
				return -1;
			}
			break;  /* one entry per call */
		}
	}
	free(usual);
	free(hint);

	if (a->n_blocks > 1)
		oc_sort(a->blocks, a->n_blocks, sizeof *a->blocks, cmp_block_start);
	c->blocks_by_end = malloc((a->n_blocks + 1) * sizeof *c->blocks_by_end);
	if (!c->blocks_by_end)
		return -1;
	for (size_t k = 0; k < a->n_blocks; k++)
		c->blocks_by_end[k] = (uint32_t)k;
	if (a->n_blocks > 1)
		qsort_r(c->blocks_by_end, a->n_blocks, sizeof *c->blocks_by_end, cmp_block_end, a->blocks);
	return 0;
}

int32_t oc_block_fresh(const struct oc_actx *c, int32_t f, int32_t g)
{
	const struct oc_trace *t = c->t;
	const struct oc_analysis *a = c->a;
	uint32_t tid = c->tid[g];
	int64_t qf = c->q[f], ef = t->ops[f].end_ns, qg = c->q[g];
	size_t lo = 0, hi = a->n_blocks;
	int32_t best = -1;

	if (tid == OC_NO_TID)
		return -1;
	while (lo < hi) {     /* blocks by end: the first that returned at or after end(f) */
		size_t mid = lo + (hi - lo) / 2;
		if (a->blocks[c->blocks_by_end[mid]].end_ns < ef - OC_CLOCK_SKEW_NS)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t k = lo; k < a->n_blocks && k - lo < OC_SCAN_LIMIT; k++) {
		uint32_t bi = c->blocks_by_end[k];
		const struct oc_block *b = &a->blocks[bi];
		if (b->end_ns > qg)
			break;
		if (b->tid != tid || b->start_ns < qf || b->start_ns >= ef)
			continue;
		/* it held g back: g's call is the first to queue work after it
		 * returned, or came within the tolerance of that return */
		if (qg - b->end_ns > c->o.sync_tolerance_ns &&
		    oc_queued_between(c, tid, b->end_ns, qg) > 0)
			continue;
		best = (int32_t)bi;   /* by end: a later one is fresher */
	}
	return best;
}

int32_t oc_block_covering(const struct oc_actx *c, uint32_t tid, int64_t gs, int64_t ge,
			  int64_t *covered)
{
	const struct oc_analysis *a = c->a;
	size_t lo = 0, hi = a->n_blocks;
	int32_t best = -1;
	int64_t best_ns = 0;

	*covered = 0;
	if (tid == OC_NO_TID)
		return -1;
	while (lo < hi) {     /* blocks by end: the first that ends after gs */
		size_t mid = lo + (hi - lo) / 2;
		if (a->blocks[c->blocks_by_end[mid]].end_ns <= gs)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t k = lo; k < a->n_blocks && k - lo < OC_SCAN_LIMIT; k++) {
		uint32_t bi = c->blocks_by_end[k];
		const struct oc_block *b = &a->blocks[bi];
		if (b->tid != tid || b->start_ns >= ge)
			continue;
		int64_t s = b->start_ns > gs ? b->start_ns : gs, e = b->end_ns < ge ? b->end_ns : ge;
		if (e - s > best_ns) {
			best_ns = e - s;
			best = (int32_t)bi;
		}
		if (b->end_ns >= ge)
			break;        /* a thread's calls nest or follow each other: none later fits better */
	}
	*covered = best_ns;
	return best;
}

static int cmp_default_sync(const void *x, const void *y)
{
	const struct oc_default_sync *a = x, *b = y;
	return (a->op > b->op) - (a->op < b->op);   /* ops are sorted by start */
}

/* Push v onto a malloc'd int32 list. */
static int push_i32(int32_t **list, size_t *n, int32_t v)
{
	int32_t *nl = realloc(*list, (*n + 1) * sizeof *nl);
	if (!nl)
		return -1;
	nl[(*n)++] = v;
	*list = nl;
	return 0;
}

/*
 * A legacy-stream op L serialized a blocking stream X (same context) when
 * the last op of X that started before L was queued before L, was still
 * unfinished when L was queued, and ended no later than L started (L waited
 * for it); or when the first op of X that started at or after L's start was
 * queued while L was pending or running and started no earlier than L ended
 * (it waited for L).
 */
int oc_find_default_syncs(struct oc_actx *c, char *err, size_t errlen)
{
	const struct oc_trace *t = c->t;
	struct oc_analysis *a = c->a;
	size_t cap = 0;

	for (size_t d = 0; d < c->n_dev; d++) {
		const struct oc_dev_ctx *dv = &c->dev[d];
		for (size_t si = 0; si < dv->n_streams; si++) {
			int32_t ls = dv->streams[si];
			if (t->streams[ls].kind != OC_STREAM_LEGACY_DEFAULT)
				continue;
			for (uint32_t p = c->s_off[ls]; p < c->s_off[ls + 1]; p++) {
				uint32_t li = c->s_ops[p];
				const struct oc_op *L = &t->ops[li];
				struct oc_default_sync ds = { .op = (int32_t)li };
				int64_t last = c->q[li];

				for (size_t xi = 0; xi < dv->n_streams; xi++) {
					int32_t xs = dv->streams[xi];
					if (xs == ls || !oc_is_blocking_kind(t->streams[xs].kind) ||
					    t->streams[xs].context_id != t->streams[ls].context_id)
						continue;
					const uint32_t *list = &c->s_ops[c->s_off[xs]];
					size_t n = c->s_off[xs + 1] - c->s_off[xs];
					size_t pos = oc_lower_start(t, list, n, L->start_ns);
					if (pos > 0) {
						uint32_t pi = list[pos - 1];
						const struct oc_op *P = &t->ops[pi];
						if (c->q[pi] < c->q[li] && P->end_ns > c->q[li] &&
						    P->end_ns <= L->start_ns) {
							if (push_i32(&ds.waited_for, &ds.n_waited_for, (int32_t)pi) < 0)
								goto nomem;
							if (P->end_ns > last)
								last = P->end_ns;
						}
					}
					if (pos < n) {
						uint32_t ni = list[pos];
						const struct oc_op *N = &t->ops[ni];
						if (c->q[ni] > c->q[li] && c->q[ni] < L->end_ns &&
						    N->start_ns >= L->end_ns &&
						    push_i32(&ds.held, &ds.n_held, (int32_t)ni) < 0)
							goto nomem;
					}
				}
				if (!ds.n_waited_for && !ds.n_held)
					continue;
				ds.blocked_ns = last - c->q[li];
				if (a->n_default_syncs == cap) {
					struct oc_default_sync *nd = oc_grow(a->default_syncs, &cap, sizeof *nd, 16);
					if (!nd)
						goto nomem;
					a->default_syncs = nd;
				}
				a->default_syncs[a->n_default_syncs++] = ds;
				continue;
nomem:
				free(ds.waited_for);
				free(ds.held);
				return -1;
			}
		}
	}
	if (a->n_default_syncs > 1)
		oc_sort(a->default_syncs, a->n_default_syncs, sizeof *a->default_syncs, cmp_default_sync);
	return 0;
}
