/*
 * context.c: the index one analysis builds over the (already narrowed) trace
 * and every step then reads (context.h): each op's queue time and thread,
 * the ops of every stream and of every API call, per-device selections with
 * queue-time and end-time orders, stream-wait-events and event records.
 * Built once by oc_actx_index(), read by syncs.c, claims.c and gaps.c, freed
 * part by part as the steps that read it finish (oc_actx_shed()) and whole by
 * oc_actx_release(); the lookups here are the binary searches they share.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/format.h"
#include "overlapcheck/mem.h"
#include "context.h"
#include "radix.h"

size_t oc_lower_start(const struct oc_trace *t, const uint32_t *list, size_t n, int64_t ts)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->ops[list[mid]].start_ns < ts)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int cmp_wait(const void *x, const void *y)
{
	const struct oc_wait *a = x, *b = y;
	if (a->stream != b->stream)
		return (a->stream > b->stream) - (a->stream < b->stream);
	return (a->ts_ns > b->ts_ns) - (a->ts_ns < b->ts_ns);
}

static int cmp_erec(const void *x, const void *y)
{
	const struct oc_erec *a = x, *b = y;
	if (a->source != b->source)
		return a->source - b->source;
	if (a->event_id != b->event_id)
		return (a->event_id > b->event_id) - (a->event_id < b->event_id);
	return (a->ts_ns > b->ts_ns) - (a->ts_ns < b->ts_ns);
}

/* Array p, filled to n elements of size bytes, cut to n (+1, never 0 bytes):
 * arrays sized for the most they could hold give the rest back (issue 35).
 * Should realloc fail, p stays as it is. */
static void *fit(void *p, size_t n, size_t size)
{
	void *x = realloc(p, (n + 1) * size);

	return x ? x : p;
}

/* Stream-wait-events and event records, from SYNCHRONIZATION + CUDA_EVENT
 * records (source 0) and from the API callbacks' arguments (source 1). */
static int index_events(struct oc_actx *c)
{
	struct oc_trace *t = c->t;
	size_t nw = 0, nr = 0;

	c->waits = calloc(t->n_syncs + t->n_api + 1, sizeof *c->waits);
	c->erecs = calloc(t->n_events + t->n_api + 1, sizeof *c->erecs);
	if (!c->waits || !c->erecs)
		return -1;
	for (size_t i = 0; i < t->n_syncs; i++) {
		const struct oc_sync *s = &t->syncs[i];
		if (s->type != OC_SYNC_STREAM_WAIT_EVENT || s->stream_id < 0 || s->event_id < 0)
			continue;
		int32_t st = oc_trace_stream_find(t, s->context_id, (uint32_t)s->stream_id);
		if (st < 0)
			continue;
		c->waits[nw++] = (struct oc_wait){ .stream = st, .event_id = s->event_id,
			.ts_ns = s->start_ns, .api = s->api, .source = 0 };
	}
	for (size_t i = 0; i < t->n_events; i++) {
		const struct oc_event *e = &t->events[i];
		int32_t st = oc_trace_stream_find(t, e->context_id, e->stream_id);
		int32_t api = oc_trace_api_find(t, e->correlation_id, 0);
		if (api < 0)
			api = oc_trace_api_find(t, e->correlation_id, OC_API_DRIVER);
		if (st < 0 || api < 0)
			continue;
		c->erecs[nr++] = (struct oc_erec){ .event_id = e->event_id, .stream = st,
			.ts_ns = t->api[api].start_ns, .source = 0 };
	}
	for (size_t i = 0; i < t->n_api; i++) {
		const struct oc_api *a = &t->api[i];
		uint64_t ev = oc_api_args(t, a)->event_handle;
		if (!ev || a->stream < 0 || a->parent >= 0)
			continue;
		if (oc_name_has(t, a->name, "StreamWaitEvent"))
			c->waits[nw++] = (struct oc_wait){ .stream = a->stream,
				.event_id = (int64_t)ev, .ts_ns = a->start_ns,
				.api = (int32_t)i, .source = 1 };
		else if (oc_name_has(t, a->name, "EventRecord"))
			c->erecs[nr++] = (struct oc_erec){ .event_id = (int64_t)ev,
				.stream = a->stream, .ts_ns = a->start_ns, .source = 1 };
	}
	c->n_waits = nw;
	c->n_erecs = nr;
	c->waits = fit(c->waits, nw, sizeof *c->waits);
	c->erecs = fit(c->erecs, nr, sizeof *c->erecs);
	oc_sort(c->waits, nw, sizeof *c->waits, cmp_wait);
	oc_sort(c->erecs, nr, sizeof *c->erecs, cmp_erec);
	return 0;
}

uint64_t oc_sync_event_handle(const struct oc_trace *t, const struct oc_sync *y)
{
	if (y->api < 0 || (size_t)y->api >= t->n_api)
		return 0;
	return oc_api_args(t, &t->api[y->api])->event_handle;
}

const struct oc_wait *oc_wait_before(const struct oc_actx *c, int32_t s, int64_t after, int64_t ts)
{
	size_t lo = 0, hi = c->n_waits;

	/* last wait with (stream, ts_ns) <= (s, ts) */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct oc_wait *w = &c->waits[mid];
		if (w->stream < s || (w->stream == s && w->ts_ns <= ts))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	const struct oc_wait *w = &c->waits[lo - 1];
	if (w->stream != s || w->ts_ns < after)
		return NULL;
	return w;
}

/* Per device and copy kind: how many copies, and whether two ever met. */
static int index_copies(struct oc_actx *c)
{
	const struct oc_trace *t = c->t;

	for (size_t d = 0; d < c->n_dev; d++) {
		struct oc_dev_ctx *dv = &c->dev[d];
		int64_t maxend[OC_N_COPY_KINDS];
		for (int k = 0; k < OC_N_COPY_KINDS; k++)
			maxend[k] = INT64_MIN;
		for (size_t k = 0; k < dv->sel.n; k++) {   /* by start */
			const struct oc_op *op = &t->ops[dv->sel.idx[k]];
			if (op->kind != OC_OP_MEMCPY || op->copy_kind >= OC_N_COPY_KINDS)
				continue;
			dv->dir_copies[op->copy_kind]++;
			if (op->end_ns > op->start_ns && op->start_ns < maxend[op->copy_kind])
				dv->dir_meet[op->copy_kind] = 1;
			if (op->end_ns > op->start_ns && op->end_ns > maxend[op->copy_kind])
				maxend[op->copy_kind] = op->end_ns;
		}
	}
	return 0;
}

/* First launch of each kernel function (name) on each device, in start order. */
static int index_first_launch(struct oc_actx *c)
{
	const struct oc_trace *t = c->t;
	size_t n_keys = (t->n_strs + 1) * (c->n_dev ? c->n_dev : 1);
	uint8_t *seen = calloc(n_keys, 1);

	c->first_launch = calloc(t->n_ops + 1, 1);
	if (!seen || !c->first_launch) {
		free(seen);
		return -1;
	}
	for (size_t i = 0; i < t->n_ops; i++) {
		const struct oc_op *op = &t->ops[i];
		if (op->kind != OC_OP_KERNEL)
			continue;
		int32_t name = oc_op_shape(t, op)->name;
		if (name < 0 || (size_t)name >= t->n_strs)
			continue;
		size_t key = (size_t)oc_dev_of(c, i) * (t->n_strs + 1) + (size_t)name;
		if (!seen[key])
			c->first_launch[i] = seen[key] = 1;
	}
	free(seen);
	return 0;
}

static int cmp_u32(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
	return (a > b) - (a < b);
}

/* Index of tid in c->tids, or -1. */
static long tid_index(const struct oc_actx *c, uint32_t tid)
{
	size_t lo = 0, hi = c->n_tids;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->tids[mid] < tid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->n_tids && c->tids[lo] == tid ? (long)lo : -1;
}

/* Per thread: its calls by start (with the running max of their ends) and
 * the start times of its work-queuing calls. t->api is sorted by start. */
static int index_threads(struct oc_actx *c)
{
	const struct oc_trace *t = c->t;
	size_t n = t->n_api, u = 0;
	uint32_t *fill = NULL, *wfill = NULL;

	c->tids = malloc((n + 1) * sizeof *c->tids);
	if (!c->tids)
		return -1;
	for (size_t k = 0; k < n; k++)
		c->tids[k] = t->api[k].tid;
	oc_sort(c->tids, n, sizeof *c->tids, cmp_u32);
	for (size_t k = 0; k < n; k++)
		if (!u || c->tids[u - 1] != c->tids[k])
			c->tids[u++] = c->tids[k];
	c->n_tids = u;
	c->tids = fit(c->tids, u, sizeof *c->tids);
	c->t_off = calloc(u + 2, sizeof *c->t_off);
	c->w_off = calloc(u + 2, sizeof *c->w_off);
	c->t_calls = malloc((n + 1) * sizeof *c->t_calls);
	c->t_maxend = malloc((n + 1) * sizeof *c->t_maxend);
	c->w_ts = malloc((n + 1) * sizeof *c->w_ts);
	fill = calloc(u + 1, sizeof *fill);
	wfill = calloc(u + 1, sizeof *wfill);
	if (!c->t_off || !c->w_off || !c->t_calls || !c->t_maxend || !c->w_ts || !fill || !wfill)
		goto nomem;
	for (size_t k = 0; k < n; k++) {
		long ti = tid_index(c, t->api[k].tid);
		c->t_off[ti + 1]++;
		if (c->api_off[k + 1] > c->api_off[k])
			c->w_off[ti + 1]++;
	}
	for (size_t i = 0; i < u; i++) {
		c->t_off[i + 1] += c->t_off[i];
		c->w_off[i + 1] += c->w_off[i];
	}
	for (size_t k = 0; k < n; k++) {   /* in start order, so each list is by start */
		long ti = tid_index(c, t->api[k].tid);
		c->t_calls[c->t_off[ti] + fill[ti]++] = (uint32_t)k;
		if (c->api_off[k + 1] > c->api_off[k])
			c->w_ts[c->w_off[ti] + wfill[ti]++] = t->api[k].start_ns;
	}
	for (size_t i = 0; i < u; i++) {
		int64_t mx = INT64_MIN;
		for (uint32_t j = c->t_off[i]; j < c->t_off[i + 1]; j++) {
			if (t->api[c->t_calls[j]].end_ns > mx)
				mx = t->api[c->t_calls[j]].end_ns;
			c->t_maxend[j] = mx;
		}
	}
	free(fill);
	free(wfill);
	return 0;
nomem:
	free(fill);
	free(wfill);
	return -1;
}

size_t oc_queued_between(const struct oc_actx *c, uint32_t tid, int64_t t1, int64_t t2)
{
	long ti = tid == OC_NO_TID ? -1 : tid_index(c, tid);
	if (ti < 0 || t2 <= t1)
		return 0;
	const int64_t *v = &c->w_ts[c->w_off[ti]];
	size_t n = c->w_off[ti + 1] - c->w_off[ti], lo = 0, hi = n, a;

	while (lo < hi) {     /* first >= t1 */
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid] < t1)
			lo = mid + 1;
		else
			hi = mid;
	}
	a = lo;
	hi = n;
	while (lo < hi) {     /* first >= t2 */
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid] < t2)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo - a;
}

size_t oc_thread_calls_from(const struct oc_actx *c, uint32_t tid, int64_t a, const uint32_t **calls)
{
	long ti = tid == OC_NO_TID ? -1 : tid_index(c, tid);

	*calls = NULL;
	if (ti < 0)
		return 0;
	const int64_t *mx = &c->t_maxend[c->t_off[ti]];
	size_t n = c->t_off[ti + 1] - c->t_off[ti], lo = 0, hi = n;

	while (lo < hi) {     /* first call whose running max end passes a */
		size_t mid = lo + (hi - lo) / 2;
		if (mx[mid] <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	*calls = &c->t_calls[c->t_off[ti] + lo];
	return n - lo;
}

int64_t oc_thread_in_calls(const struct oc_actx *c, uint32_t tid, int64_t a, int64_t b)
{
	return oc_thread_in_calls_named(c, tid, a, b, NULL, NULL);
}

int64_t oc_thread_in_calls_named(const struct oc_actx *c, uint32_t tid, int64_t a, int64_t b,
				 const char *const *names, int32_t *longest)
{
	const struct oc_trace *t = c->t;
	if (tid == OC_NO_TID || tid_index(c, tid) < 0)
		return -1;
	if (b <= a)
		return 0;
	const uint32_t *calls;
	size_t n = oc_thread_calls_from(c, tid, a, &calls);
	int64_t covered = 0, cur_s = 0, cur_e = INT64_MIN;

	int64_t longest_ns = 0;
	if (longest)
		*longest = -1;
	for (size_t k = 0, seen = 0; k < n; k++) {
		const struct oc_api *x = &t->api[calls[k]];
		if (x->start_ns >= b)
			break;
		if (++seen > OC_SCAN_LIMIT)
			return -1;
		int64_t s = x->start_ns > a ? x->start_ns : a, e = x->end_ns < b ? x->end_ns : b;
		if (e <= s)
			continue;
		if (names) {
			int hit = 0;
			for (size_t m = 0; names[m] && !hit; m++)
				hit = oc_name_has(t, x->name, names[m]);
			if (!hit)
				continue;
		}
		if (longest && e - s > longest_ns) {
			longest_ns = e - s;
			*longest = (int32_t)calls[k];
		}
		if (s > cur_e) {             /* calls come by start: merge as we go */
			if (cur_e > cur_s)
				covered += cur_e - cur_s;
			cur_s = s;
			cur_e = e;
		} else if (e > cur_e) {
			cur_e = e;
		}
	}
	if (cur_e > cur_s)
		covered += cur_e - cur_s;
	return covered;
}

int oc_adjacent(const struct oc_actx *c, int32_t o, int32_t f, int32_t g)
{
	const struct oc_trace *t = c->t;
	const struct oc_dev_ctx *dv = &c->dev[oc_dev_of(c, f)];
	int64_t ef = t->ops[f].end_ns, sg = t->ops[g].start_ns;
	int32_t prev = -1, next = -1;
	int only_compute = t->ops[o].comm;

	if (sg <= ef)
		return 1;
	{       /* o's neighbours in its own stream are its own order, not other work */
		const uint32_t *list = &c->s_ops[c->s_off[t->ops[o].stream]];
		size_t ln = c->s_off[t->ops[o].stream + 1] - c->s_off[t->ops[o].stream];
		uint32_t pos = c->pos_in_stream[o];
		if (pos > 0)
			prev = (int32_t)list[pos - 1];
		if (pos + 1 < ln)
			next = (int32_t)list[pos + 1];
	}
	size_t k = oc_lower_start(t, dv->sel.idx, dv->sel.n, ef);
	for (size_t seen = 0; k < dv->sel.n; k++, seen++) {
		int32_t i = (int32_t)dv->sel.idx[k];
		if (t->ops[i].start_ns >= sg)
			return 1;
		if (seen >= OC_SCAN_LIMIT)
			return 0;
		if (only_compute && !oc_is_compute(&t->ops[i]))
			continue;       /* a collective's question is compute beside it */
		if (i != f && i != g && i != prev && i != next && t->ops[i].end_ns <= sg)
			return 0;
	}
	return 1;
}

/*
 * dv's two orders of its ops: by queue time (q_sorted, with the running
 * maximum of their ends in q_maxend: which of equal queue times comes first
 * changes neither) and by end (by_end: op indices, ties in index order, as
 * the selection lists them). Radix sorts of each key less the smallest
 * (radix.c), where qsort's comparisons read ops scattered over the trace
 * (issue 35). dv->by_end holds the selection's indices. 0 or -1.
 */
static int device_orders(const struct oc_actx *c, struct oc_dev_ctx *dv)
{
	const struct oc_trace *t = c->t;
	size_t n = dv->sel.n;
	uint64_t *key = malloc((n + 1) * sizeof *key);
	uint32_t *ord = malloc((n + 1) * sizeof *ord);
	int64_t qlo = INT64_MAX, elo = INT64_MAX, mx = INT64_MIN;

	if (!key || !ord) {
		free(key);
		free(ord);
		return -1;
	}
	for (size_t k = 0; k < n; k++) {
		uint32_t i = dv->sel.idx[k];
		qlo = c->q[i] < qlo ? c->q[i] : qlo;
		elo = t->ops[i].end_ns < elo ? t->ops[i].end_ns : elo;
	}
	for (size_t k = 0; k < n; k++) {
		key[k] = (uint64_t)c->q[dv->sel.idx[k]] - (uint64_t)qlo;
		ord[k] = (uint32_t)k;
	}
	if (oc_radix_sort(key, ord, n))
		goto nomem;
	for (size_t k = 0; k < n; k++) {
		uint32_t i = dv->sel.idx[ord[k]];
		dv->q_sorted[k] = c->q[i];
		if (t->ops[i].end_ns > mx)
			mx = t->ops[i].end_ns;
		dv->q_maxend[k] = mx;
	}
	dv->n_q = n;
	for (size_t k = 0; k < n; k++)
		key[k] = (uint64_t)t->ops[dv->by_end[k]].end_ns - (uint64_t)elo;
	if (oc_radix_sort(key, dv->by_end, n))
		goto nomem;
	free(key);
	free(ord);
	return 0;
nomem:
	free(key);
	free(ord);
	return -1;
}

int oc_actx_index(struct oc_actx *c)
{
	struct oc_trace *t = c->t;
	size_t n = t->n_ops;
	int *ids = NULL;
	long nd;

	c->q = malloc((n + 1) * sizeof *c->q);
	c->tid = malloc((n + 1) * sizeof *c->tid);
	c->s_off = calloc(t->n_streams + 2, sizeof *c->s_off);
	c->s_ops = malloc((n + 1) * sizeof *c->s_ops);
	c->pos_in_stream = malloc((n + 1) * sizeof *c->pos_in_stream);
	c->api_off = calloc(t->n_api + 2, sizeof *c->api_off);
	c->api_ops = malloc((n + 1) * sizeof *c->api_ops);
	c->api_flags = calloc(t->n_api + 1, 1);
	if (!c->q || !c->tid || !c->s_off || !c->s_ops || !c->pos_in_stream || !c->api_off ||
	    !c->api_ops || !c->api_flags)
		return -1;

	for (size_t i = 0; i < n; i++) {
		const struct oc_op *op = &t->ops[i];
		int64_t q = op->start_ns;
		c->tid[i] = OC_NO_TID;
		if (op->api >= 0 && (size_t)op->api < t->n_api) {
			const struct oc_api *a = &t->api[op->api];
			if (a->start_ns < q)
				q = a->start_ns;
			c->tid[i] = a->tid;
			c->api_off[op->api + 1]++;
		}
		c->q[i] = q;
		c->s_off[op->stream + 1]++;
	}
	for (size_t s = 0; s < t->n_streams; s++)
		c->s_off[s + 1] += c->s_off[s];
	for (size_t k = 0; k < t->n_api; k++)
		c->api_off[k + 1] += c->api_off[k];
	{
		uint32_t *fill = calloc(t->n_streams + 1, sizeof *fill);
		uint32_t *afill = calloc(t->n_api + 1, sizeof *afill);
		if (!fill || !afill) {
			free(fill);
			free(afill);
			return -1;
		}
		for (size_t i = 0; i < n; i++) {
			const struct oc_op *op = &t->ops[i];
			uint32_t p = fill[op->stream]++;
			c->s_ops[c->s_off[op->stream] + p] = (uint32_t)i;
			c->pos_in_stream[i] = p;
			if (op->api >= 0 && (size_t)op->api < t->n_api)
				c->api_ops[c->api_off[op->api] + afill[op->api]++] = (uint32_t)i;
		}
		free(fill);
		free(afill);
	}

	for (size_t i = 0; i < t->n_syncs; i++) {
		const struct oc_sync *s = &t->syncs[i];
		if (s->api < 0 || (size_t)s->api >= t->n_api)
			continue;
		if (s->return_value != 0)
			c->api_flags[s->api] |= OC_APIF_POLL;
		else if (s->type != OC_SYNC_STREAM_WAIT_EVENT)
			c->api_flags[s->api] |= OC_APIF_EXPLICIT_SYNC;
	}
	for (size_t k = 0; k < t->n_api; k++) {
		const struct oc_api *a = &t->api[k];
		if (oc_name_has(t, a->name, "StreamQuery") || oc_name_has(t, a->name, "EventQuery"))
			c->api_flags[k] |= OC_APIF_POLL;
	}

	nd = oc_trace_op_devices(t, &ids);
	if (nd < 0)
		return -1;
	c->dev = calloc((size_t)nd + 1, sizeof *c->dev);
	if (!c->dev) {
		free(ids);
		return -1;
	}
	c->n_dev = (size_t)nd;
	if (nd > 1) {
		c->dev_of = calloc(n + 1, sizeof *c->dev_of);   /* every op is some device's (below) */
		if (!c->dev_of) {
			free(ids);
			return -1;
		}
	}
	for (long d = 0; d < nd; d++) {
		struct oc_dev_ctx *dv = &c->dev[d];
		dv->device_id = ids[d];
		dv->info = oc_trace_device(t, ids[d]);
		if (oc_select_device(t, ids[d], &dv->sel) < 0) {
			free(ids);
			return -1;
		}
		uint8_t *seen = calloc(t->n_streams + 1, 1);
		dv->streams = malloc((t->n_streams + 1) * sizeof *dv->streams);
		if (!seen || !dv->streams) {
			free(seen);
			free(ids);
			return -1;
		}
		for (size_t k = 0; k < dv->sel.n; k++) {
			uint32_t i = dv->sel.idx[k];
			if (c->dev_of)
				c->dev_of[i] = (int32_t)d;
			seen[t->ops[i].stream] = 1;
		}
		for (size_t s = 0; s < t->n_streams; s++)
			if (seen[s])
				dv->streams[dv->n_streams++] = (int32_t)s;
		free(seen);
	}
	free(ids);
	if (index_copies(c) < 0 || index_first_launch(c) < 0 || index_threads(c) < 0)
		return -1;
	return index_events(c);
}

int oc_actx_nomem(const struct oc_actx *c, char *err, size_t errlen)
{
	oc_set_err(err, errlen, "cannot analyse trace '%s': out of memory", c->t->path ? c->t->path : "");
	return -1;
}

int oc_actx_index_orders(struct oc_actx *c)
{
	for (size_t d = 0; d < c->n_dev; d++) {
		struct oc_dev_ctx *dv = &c->dev[d];
		dv->q_sorted = malloc((dv->sel.n + 1) * sizeof *dv->q_sorted);
		dv->q_maxend = malloc((dv->sel.n + 1) * sizeof *dv->q_maxend);
		dv->by_end = malloc((dv->sel.n + 1) * sizeof *dv->by_end);
		if (!dv->q_sorted || !dv->q_maxend || !dv->by_end)
			return -1;      /* oc_actx_shed() frees what was made */
		for (size_t k = 0; k < dv->sel.n; k++)
			dv->by_end[k] = dv->sel.idx[k];
		if (device_orders(c, dv) < 0)
			return -1;
	}
	return 0;
}

void oc_actx_drop_per_op(struct oc_actx *c)
{
	for (size_t d = 0; d < c->n_dev; d++) {
		struct oc_dev_ctx *dv = &c->dev[d];
		if (dv->wsweep.per_op != dv->sweep.per_op)
			free(dv->wsweep.per_op);
		free(dv->sweep.per_op);
		dv->sweep.per_op = dv->wsweep.per_op = NULL;
	}
}

void oc_actx_shed(struct oc_actx *c, enum oc_shed done)
{
	if (done >= OC_SHED_GRAPH) {
		free(c->q);
		free(c->s_off);
		free(c->s_ops);
		free(c->waits);
		free(c->erecs);
		c->q = NULL;
		c->s_off = c->s_ops = NULL;
		c->waits = NULL;
		c->erecs = NULL;
		c->n_waits = c->n_erecs = 0;
	}
	if (done >= OC_SHED_WALK) {
		free(c->tids);
		free(c->t_off);
		free(c->t_calls);
		free(c->t_maxend);
		c->tids = c->t_off = c->t_calls = NULL;
		c->t_maxend = NULL;
		c->n_tids = 0;
	}
	if (done >= OC_SHED_HOST) {
		free(c->tid);
		free(c->pos_in_stream);
		free(c->api_off);
		free(c->api_ops);
		free(c->dev_of);
		free(c->first_launch);
		free(c->w_off);
		free(c->w_ts);
		free(c->blocks_by_end);
		c->tid = c->pos_in_stream = c->api_off = c->api_ops = c->w_off = NULL;
		c->blocks_by_end = NULL;
		c->dev_of = NULL;
		c->first_launch = NULL;
		c->w_ts = NULL;
		for (size_t d = 0; d < c->n_dev; d++) {
			struct oc_dev_ctx *dv = &c->dev[d];
			oc_selection_release(&dv->sel);
			oc_selection_release(&dv->wsel);
			free(dv->streams);
			dv->streams = NULL;
			dv->n_streams = 0;
		}
	}
	free(c->api_flags);
	c->api_flags = NULL;
	for (size_t d = 0; d < c->n_dev; d++) {
		struct oc_dev_ctx *dv = &c->dev[d];
		free(dv->q_sorted);
		free(dv->q_maxend);
		free(dv->by_end);
		dv->q_sorted = dv->q_maxend = NULL;
		dv->n_q = 0;
		dv->by_end = NULL;
	}
}

void oc_actx_release(struct oc_actx *c)
{
	oc_actx_shed(c, OC_SHED_WALK);   /* every index part; the sweep moves into the result */
	free(c->dev);
}

