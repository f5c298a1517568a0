/*
 * analysis.c: orchestration of one analysis (analysis.h).
 *
 * Order of work: narrow the trace (--range, --device); index it once
 * (queue time of every op, ops per stream, ops per API call, per-device
 * selections); run the interval engine per device; then find the calls that
 * blocked the host (syncs.c), decide every claim (claims.c), explain the idle
 * gaps (gaps.c), and sum up bandwidth and the summary here. Each later step
 * only reads what the earlier ones built, so the steps stay independent and
 * testable through the public result.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis-priv.h"
#include "overlapcheck/demangle.h"

static const char *const cause_names[OC_N_CAUSES] = {
	"launch_blocking", "pageable_host_memory", "legacy_default_stream",
	"default_stream_implicit_sync", "host_synchronization", "event_dependency",
	"same_stream_order", "sm_saturation", "submitted_late", "copy_engine_limit",
	"hardware_queue_limit", "nothing_concurrent", "unknown",
};

static const char *const cause_labels[OC_N_CAUSES] = {
	"launch blocking", "pageable host memory", "legacy default stream",
	"default stream implicit sync", "host synchronization", "event dependency",
	"same stream order", "SM saturation", "submitted late", "copy engine limit",
	"hardware queue limit", "nothing concurrent", "unknown",
};

static const char *const gap_names[OC_N_GAP_CAUSES] = {
	"host_synchronization", "submitted_late", "module_loading", "dependency_wait", "unknown",
};

const char *oc_cause_name(enum oc_cause c)
{
	return (unsigned)c < OC_N_CAUSES ? cause_names[c] : "unknown";
}

const char *oc_cause_label(enum oc_cause c)
{
	return (unsigned)c < OC_N_CAUSES ? cause_labels[c] : "unknown";
}

int oc_cause_from_name(const char *name)
{
	for (int i = 0; name && i < OC_N_CAUSES; i++)
		if (!strcmp(cause_names[i], name))
			return i;
	return -1;
}

const char *oc_gap_cause_name(enum oc_gap_cause c)
{
	return (unsigned)c < OC_N_GAP_CAUSES ? gap_names[c] : "unknown";
}

int oc_gap_cause_from_name(const char *name)
{
	for (int i = 0; name && i < OC_N_GAP_CAUSES; i++)
		if (!strcmp(gap_names[i], name))
			return i;
	return -1;
}

const char *oc_verdict_name(enum oc_verdict v)
{
	return v == OC_VERDICT_OVERLAPPED ? "overlapped" : "serialized";
}

void oc_analysis_options_init(struct oc_analysis_options *o)
{
	memset(o, 0, sizeof *o);
	o->device = -1;
	o->range = NULL;
	o->gap_threshold_ns = 10000;
	o->min_overlap = 0.05;
	o->sync_tolerance_ns = 20000;
}

int oc_parse_duration(const char *s, int64_t *ns)
{
	static const struct { const char *unit; double mul; } units[] = {
		{ "ns", 1 }, { "us", 1e3 }, { "µs", 1e3 }, { "ms", 1e6 }, { "s", 1e9 }, { "", 1 },
	};
	char *end;
	double v;

	if (!s || !*s)
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (end == s || errno || !isfinite(v) || v < 0)
		return -1;
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (!strcmp(end, units[i].unit)) {
			double r = v * units[i].mul;
			if (r > 9.2e18)
				return -1;
			*ns = (int64_t)llround(r);
			return 0;
		}
	}
	return -1;
}

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

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static int add_warning(struct oc_analysis *a, const char *fmt, ...)
{
	va_list ap;
	char buf[512], **w;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	w = realloc(a->warnings, (a->n_warnings + 1) * sizeof *w);
	if (!w)
		return -1;
	a->warnings = w;
	if (!(w[a->n_warnings] = strdup(buf)))
		return -1;
	a->n_warnings++;
	return 0;
}

/* ---- indexing ------------------------------------------------------------ */

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

static int name_has(const struct oc_trace *t, int32_t name, const char *needle)
{
	return strstr(oc_trace_str(t, name), needle) != NULL;
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
		if (name_has(t, a->name, "StreamWaitEvent"))
			c->waits[nw++] = (struct oc_wait){ .stream = a->stream,
				.event_id = (int64_t)a->event_handle, .ts_ns = a->start_ns,
				.api = (int32_t)i, .source = 1 };
		else if (name_has(t, a->name, "EventRecord"))
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

static int index_trace(struct oc_actx *c)
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
		if (name_has(t, a->name, "StreamQuery") || name_has(t, a->name, "EventQuery"))
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

/* ---- bandwidth and summary ------------------------------------------------ */

static int host_mem_kind(const struct oc_op *op)
{
	switch (op->copy_kind) {
	case OC_COPY_DTOH: case OC_COPY_ATOH:
		return op->dst_kind;
	default:
		return op->src_kind;
	}
}

static int bandwidth(struct oc_actx *c)
{
	struct oc_trace *t = c->t;
	struct oc_analysis *a = c->a;

	for (size_t i = 0; i < t->n_ops; i++) {
		const struct oc_op *op = &t->ops[i];
		int64_t d = op->end_ns - op->start_ns;
		if ((op->kind != OC_OP_MEMCPY && op->kind != OC_OP_MEMCPY_PEER) || d <= 0 || !op->bytes)
			continue;
		int ck = op->kind == OC_OP_MEMCPY_PEER && op->copy_kind == OC_COPY_UNKNOWN ?
			 OC_COPY_PTOP : op->copy_kind;
		int mk = host_mem_kind(op);
		double g = (double)op->bytes / (double)d;
		struct oc_bandwidth *b = NULL;
		for (size_t k = 0; k < a->n_bandwidth; k++)
			if (a->bandwidth[k].copy_kind == ck && a->bandwidth[k].mem_kind == mk)
				b = &a->bandwidth[k];
		if (!b) {
			struct oc_bandwidth *nb = realloc(a->bandwidth, (a->n_bandwidth + 1) * sizeof *nb);
			if (!nb)
				return -1;
			a->bandwidth = nb;
			b = &nb[a->n_bandwidth++];
			memset(b, 0, sizeof *b);
			b->copy_kind = ck;
			b->mem_kind = mk;
			b->min_gbps = g;
			b->max_gbps = g;
		}
		b->copies++;
		b->bytes += op->bytes;
		b->duration_ns += d;
		if (g < b->min_gbps)
			b->min_gbps = g;
		if (g > b->max_gbps)
			b->max_gbps = g;
	}
	for (size_t k = 0; k < a->n_bandwidth; k++)
		a->bandwidth[k].gbps = (double)a->bandwidth[k].bytes / (double)a->bandwidth[k].duration_ns;
	return 0;
}

static void summarize(struct oc_actx *c)
{
	struct oc_trace *t = c->t;
	struct oc_analysis *a = c->a;
	struct oc_summary *s = &a->summary;
	int64_t gaps_ns = 0;

	for (size_t k = 0; k < a->n_claims; k++) {
		const struct oc_claim *cl = &a->claims[k];
		const struct oc_op *op = &t->ops[cl->op];
		int ov = cl->verdict == OC_VERDICT_OVERLAPPED;
		s->claims++;
		if (ov)
			s->overlapped++;
		else
			s->serialized++;
		if (op->kind == OC_OP_KERNEL) {
			s->kernel_claims++;
			s->kernel_overlapped += ov;
		} else if (op->kind == OC_OP_MEMSET) {
			s->memset_claims++;
			s->memset_overlapped += ov;
		} else {
			int64_t d = op->end_ns - op->start_ns;
			s->copy_claims++;
			s->copy_overlapped += ov;
			if (d > 0 && cl->compute_ns > 0 &&
			    (double)cl->compute_ns / (double)d >= c->o.min_overlap)
				s->copy_overlapped_compute++;
		}
		if (!ov && cl->n_evidence)
			s->causes[cl->evidence[0].cause]++;
	}
	for (size_t d = 0; d < c->n_dev; d++) {
		const struct oc_sweep *w = &c->dev[d].sweep;
		s->makespan_ns += w->makespan_ns;
		s->busy_ns += w->busy_all_ns;
		s->copy_ns += w->async_copy_ns;
		s->compute_ns += w->busy_ns[OC_ENGINE_COMPUTE];
		s->copy_compute_overlap_ns += w->copy_compute_ns;
		if (w->concurrency_ns && w->max_concurrency + 1 > 0)
			s->idle_ns += w->concurrency_ns[0];
	}
	s->copy_compute_overlap_share = s->copy_ns > 0 ?
		(double)s->copy_compute_overlap_ns / (double)s->copy_ns : -1;
	s->idle_share = s->makespan_ns > 0 ? (double)s->idle_ns / (double)s->makespan_ns : 0;
	for (size_t g = 0; g < a->n_gaps; g++) {
		gaps_ns += a->gaps[g].end_ns - a->gaps[g].start_ns;
		s->gap_causes[a->gaps[g].cause]++;
	}
	s->gaps_ns = gaps_ns;
	s->gaps = a->n_gaps;
	for (size_t b = 0; b < a->n_blocks; b++) {
		if (a->blocks[b].hidden) {
			s->hidden_syncs++;
			s->hidden_sync_blocked_ns += a->blocks[b].blocked_ns;
		} else {
			s->explicit_syncs++;
		}
	}
	s->default_stream_syncs = a->n_default_syncs;
	s->dropped_records = t->dropped_records;
	s->incomplete_records = t->incomplete_records;
	s->clean_exit = t->clean_exit;
	s->exit_status = t->exit_status;
	s->exit_signal = t->exit_signal;
}

static int warnings(struct oc_actx *c, size_t n_api_before)
{
	struct oc_trace *t = c->t;
	struct oc_analysis *a = c->a;
	struct oc_summary *s = &a->summary;
	int r = 0;

	if (t->dropped_records > 0) {
		r |= add_warning(a, "%lld records were dropped while tracing: verdicts rest on incomplete data",
				 (long long)t->dropped_records);
		s->incomplete_data = 1;
	}
	if (t->incomplete_records > 0) {
		r |= add_warning(a, "%lld records were incomplete (no end time): verdicts rest on incomplete data",
				 (long long)t->incomplete_records);
		s->incomplete_data = 1;
	}
	if (t->clean_exit == 0) {
		if (t->exit_signal > 0)
			r |= add_warning(a, "the program did not exit cleanly (signal %d): verdicts rest on incomplete data",
					 t->exit_signal);
		else
			r |= add_warning(a, "the program did not exit cleanly: verdicts rest on incomplete data");
		s->incomplete_data = 1;
	}
	if (t->n_ops == 0 && n_api_before > 0 && !c->o.range && c->o.device < 0) {
		size_t launches = 0;
		for (size_t k = 0; k < t->n_api; k++)
			if (name_has(t, t->api[k].name, "Launch") || name_has(t, t->api[k].name, "Memcpy") ||
			    name_has(t, t->api[k].name, "Memset"))
				launches++;
		if (launches) {
			r |= add_warning(a, "API calls that queue device work were recorded (%zu) but no device "
				     "records arrived: another profiler may have taken CUPTI's activity buffers",
				     launches);
			s->incomplete_data = 1;
		}
	}
	for (size_t k = 0; k < t->n_warnings; k++) {
		const struct oc_warning *w = &t->warnings[k];
		r |= add_warning(a, "trace warning [%s/%s]: %s", w->source ? w->source : "",
				 w->code ? w->code : "", w->message ? w->message : "");
	}
	return r;
}

/* ---- run and release --------------------------------------------------------- */

static void ctx_release(struct oc_actx *c)
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

int oc_analysis_run(struct oc_trace *t, const struct oc_analysis_options *opts,
		    struct oc_analysis *a, char *err, size_t errlen)
{
	struct oc_actx c;
	size_t n_api_before = t->n_api;

	memset(a, 0, sizeof *a);
	memset(&c, 0, sizeof c);
	if (opts)
		c.o = *opts;
	else
		oc_analysis_options_init(&c.o);
	if (c.o.min_overlap < 0 || c.o.min_overlap > 1 || c.o.gap_threshold_ns < 0 ||
	    c.o.sync_tolerance_ns < 0) {
		set_err(err, errlen, "invalid analysis options");
		return -1;
	}
	a->trace = t;
	a->opts = c.o;
	a->summary.ranges_matched = -1;
	c.t = t;
	c.a = a;

	if (c.o.range) {
		long m = oc_trace_keep_range(t, c.o.range);
		if (m < 0) {
			set_err(err, errlen, "cannot select NVTX range '%s' in trace '%s': out of memory",
				c.o.range, t->path ? t->path : "");
			return -1;
		}
		if (m == 0) {
			set_err(err, errlen, "no NVTX range named '%s' in trace '%s'", c.o.range,
				t->path ? t->path : "");
			return -1;
		}
		a->summary.ranges_matched = m;
	}
	if (c.o.device >= 0) {
		int known = oc_trace_device(t, c.o.device) != NULL;
		for (size_t i = 0; !known && i < t->n_ops; i++)
			known = (int)t->ops[i].device_id == c.o.device;
		if (!known) {
			set_err(err, errlen, "no device %d in trace '%s'", c.o.device, t->path ? t->path : "");
			return -1;
		}
		oc_trace_keep_device(t, c.o.device);
	}

	if (index_trace(&c) < 0)
		goto nomem;
	for (size_t d = 0; d < c.n_dev; d++) {
		struct oc_sweep_opts so = { .idle_threshold_ns = c.o.gap_threshold_ns, .group = NULL };
		if (oc_sweep_run(&c.dev[d].sweep, t, &c.dev[d].sel, &so, err, errlen) < 0)
			goto fail;
		c.dev[d].swept = 1;
	}
	if (oc_find_blocks(&c, err, errlen) < 0 || oc_find_default_syncs(&c, err, errlen) < 0 ||
	    oc_decide_claims(&c, err, errlen) < 0 || oc_find_gaps(&c, err, errlen) < 0)
		goto fail;
	if (bandwidth(&c) < 0)
		goto nomem;
	summarize(&c);
	if (warnings(&c, n_api_before) < 0)
		goto nomem;

	/* hand the per-device sweeps and the evidence pool to the result */
	a->devices = calloc(c.n_dev + 1, sizeof *a->devices);
	if (!a->devices)
		goto nomem;
	a->n_devices = c.n_dev;
	for (size_t d = 0; d < c.n_dev; d++) {
		a->devices[d].device_id = c.dev[d].device_id;
		a->devices[d].sweep = c.dev[d].sweep;
		c.dev[d].swept = 0;
	}
	a->priv = c.ev;
	c.ev = NULL;
	ctx_release(&c);
	return 0;

nomem:
	set_err(err, errlen, "cannot analyse trace '%s': out of memory", t->path ? t->path : "");
fail:
	for (size_t d = 0; d < c.n_dev; d++)
		if (c.dev[d].swept)
			oc_sweep_release(&c.dev[d].sweep);
	free(c.ev);
	ctx_release(&c);
	oc_analysis_release(a);
	return -1;
}

void oc_analysis_cause_counts(const struct oc_trace *t, const struct oc_analysis *a, int kind,
			      size_t counts[OC_N_CAUSES])
{
	memset(counts, 0, OC_N_CAUSES * sizeof *counts);
	for (size_t k = 0; k < a->n_claims; k++) {
		const struct oc_claim *cl = &a->claims[k];
		int ok = t->ops[cl->op].kind;
		int is_copy = ok == OC_OP_MEMCPY || ok == OC_OP_MEMCPY_PEER;

		if (cl->verdict != OC_VERDICT_SERIALIZED || !cl->n_evidence)
			continue;
		if ((kind == OC_OP_MEMCPY && !is_copy) || (kind != OC_OP_MEMCPY && ok != kind))
			continue;
		counts[cl->evidence[0].cause]++;
	}
}

void oc_analysis_release(struct oc_analysis *a)
{
	if (!a)
		return;
	free(a->claims);
	for (size_t k = 0; k < a->n_blocks; k++)
		free(a->blocks[k].waited_for);
	free(a->blocks);
	for (size_t k = 0; k < a->n_default_syncs; k++) {
		free(a->default_syncs[k].waited_for);
		free(a->default_syncs[k].held);
	}
	free(a->default_syncs);
	free(a->gaps);
	free(a->bandwidth);
	for (size_t d = 0; d < a->n_devices; d++)
		oc_sweep_release(&a->devices[d].sweep);
	free(a->devices);
	for (size_t k = 0; k < a->n_warnings; k++)
		free(a->warnings[k]);
	free(a->warnings);
	free(a->priv);
	memset(a, 0, sizeof *a);
}

const char *oc_op_label(const struct oc_trace *t, int32_t i, char *buf, size_t len)
{
	const struct oc_op *op;

	if (!len)
		return buf;
	if (i < 0 || (size_t)i >= t->n_ops) {
		snprintf(buf, len, "?");
		return buf;
	}
	op = &t->ops[i];
	switch (op->kind) {
	case OC_OP_KERNEL:
		return oc_demangle(oc_trace_str(t, op->name), buf, len);
	case OC_OP_MEMSET:
		snprintf(buf, len, "memset");
		return buf;
	case OC_OP_MEMCPY_PEER:
		snprintf(buf, len, "%s", op->copy_kind ? oc_copy_kind_name(op->copy_kind) : "PtoP");
		return buf;
	default:
		snprintf(buf, len, "%s", oc_copy_kind_name(op->copy_kind));
		return buf;
	}
}
