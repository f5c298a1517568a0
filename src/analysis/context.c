/*
 * context.c: the index one analysis builds over the (already narrowed) trace
 * and every step then reads (context.h): each op's queue time and thread,
 * the ops of every stream and of every API call, per-device selections with
 * queue-time and end-time orders, stream-wait-events and event records.
 * Built once by oc_actx_index(), read by syncs.c, claims.c and gaps.c, freed
 * by oc_actx_release(); the lookups here are the binary searches they share.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "context.h"

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

static int cmp_q(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return (a > b) - (a < b);
}

static int cmp_end(const void *x, const void *y, void *arg)
{
	const struct oc_trace *t = arg;
	const struct oc_op *a = &t->ops[*(const uint32_t *)x];
	const struct oc_op *b = &t->ops[*(const uint32_t *)y];
	if (a->end_ns != b->end_ns)
		return (a->end_ns > b->end_ns) - (a->end_ns < b->end_ns);
	return (*(const uint32_t *)x > *(const uint32_t *)y) - (*(const uint32_t *)x < *(const uint32_t *)y);
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
		if (!a->has_args || !a->event_handle || a->stream < 0 || a->parent >= 0)
			continue;
		if (oc_name_has(t, a->name, "StreamWaitEvent"))
			c->waits[nw++] = (struct oc_wait){ .stream = a->stream,
				.event_id = (int64_t)a->event_handle, .ts_ns = a->start_ns,
				.api = (int32_t)i, .source = 1 };
		else if (oc_name_has(t, a->name, "EventRecord"))
			c->erecs[nr++] = (struct oc_erec){ .event_id = (int64_t)a->event_handle,
				.stream = a->stream, .ts_ns = a->start_ns, .source = 1 };
	}
	c->n_waits = nw;
	c->n_erecs = nr;
	qsort(c->waits, nw, sizeof *c->waits, cmp_wait);
	qsort(c->erecs, nr, sizeof *c->erecs, cmp_erec);
	return 0;
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
	c->dev_of = malloc((n + 1) * sizeof *c->dev_of);
	c->sel_pos = malloc((n + 1) * sizeof *c->sel_pos);
	c->api_flags = calloc(t->n_api + 1, 1);
	if (!c->q || !c->tid || !c->s_off || !c->s_ops || !c->pos_in_stream || !c->api_off ||
	    !c->api_ops || !c->dev_of || !c->sel_pos || !c->api_flags)
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
	for (long d = 0; d < nd; d++) {
		struct oc_dev_ctx *dv = &c->dev[d];
		dv->device_id = ids[d];
		dv->info = oc_trace_device(t, ids[d]);
		if (oc_select_device(t, ids[d], &dv->sel) < 0) {
			free(ids);
			return -1;
		}
		uint8_t *seen = calloc(t->n_streams + 1, 1);
		dv->q_sorted = malloc((dv->sel.n + 1) * sizeof *dv->q_sorted);
		dv->q_maxend = malloc((dv->sel.n + 1) * sizeof *dv->q_maxend);
		dv->by_end = malloc((dv->sel.n + 1) * sizeof *dv->by_end);
		dv->streams = malloc((t->n_streams + 1) * sizeof *dv->streams);
		if (!seen || !dv->q_sorted || !dv->q_maxend || !dv->by_end || !dv->streams) {
			free(seen);
			free(ids);
			return -1;
		}
		for (size_t k = 0; k < dv->sel.n; k++) {
			uint32_t i = dv->sel.idx[k];
			c->dev_of[i] = (int32_t)d;
			c->sel_pos[i] = (uint32_t)k;
			seen[t->ops[i].stream] = 1;
			dv->by_end[k] = i;
		}
		for (size_t s = 0; s < t->n_streams; s++)
			if (seen[s])
				dv->streams[dv->n_streams++] = (int32_t)s;
		free(seen);

		/* (queue time, end) pairs sorted by queue time, then the running max of end */
		struct qe { int64_t q, e; } *pairs = malloc((dv->sel.n + 1) * sizeof *pairs);
		if (!pairs) {
			free(ids);
			return -1;
		}
		for (size_t k = 0; k < dv->sel.n; k++) {
			uint32_t i = dv->sel.idx[k];
			pairs[k].q = c->q[i];
			pairs[k].e = t->ops[i].end_ns;
		}
		qsort(pairs, dv->sel.n, sizeof *pairs, cmp_q);  /* q is the first member */
		int64_t mx = INT64_MIN;
		for (size_t k = 0; k < dv->sel.n; k++) {
			dv->q_sorted[k] = pairs[k].q;
			if (pairs[k].e > mx)
				mx = pairs[k].e;
			dv->q_maxend[k] = mx;
		}
		dv->n_q = dv->sel.n;
		free(pairs);
		qsort_r(dv->by_end, dv->sel.n, sizeof *dv->by_end, cmp_end, t);
	}
	free(ids);
	return index_events(c);
}

void oc_actx_release(struct oc_actx *c)
{
	free(c->q);
	free(c->tid);
	free(c->s_off);
	free(c->s_ops);
	free(c->pos_in_stream);
	free(c->api_off);
	free(c->api_ops);
	free(c->dev_of);
	free(c->sel_pos);
	free(c->api_flags);
	free(c->waits);
	free(c->erecs);
	free(c->blocks_by_end);
	free(c->claim_ev);
	for (size_t d = 0; d < c->n_dev; d++) {
		struct oc_dev_ctx *dv = &c->dev[d];
		oc_selection_release(&dv->sel);
		free(dv->streams);
		free(dv->q_sorted);
		free(dv->q_maxend);
		free(dv->by_end);
		/* the sweep moves into the result */
	}
	free(c->dev);
}

