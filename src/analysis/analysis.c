/*
 * analysis.c: orchestration of one analysis (analysis.h).
 *
 * Order of work: narrow the trace (--range, --device); index it once
 * (queue time of every op, ops per stream, ops per API call, per-device
 * selections); run the interval engine per device; then find the calls that
 * blocked the host (syncs.c), decide every claim (claims.c), explain the idle
 * gaps (gaps.c), gather the communication (comm.c), and sum up bandwidth and
 * the summary here. Each later step
 * only reads what the earlier ones built, so the steps stay independent and
 * testable through the public result.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "context.h"
#include "heap.h"
#include "spill.h"
#include "overlapcheck/demangle.h"
#include "overlapcheck/format.h"
#include "overlapcheck/schema.h"

void oc_analysis_options_init(struct oc_analysis_options *o)
{
	memset(o, 0, sizeof *o);
	o->device = -1;
	o->range = NULL;
	o->gap_threshold_ns = 10000;
	o->min_overlap = 0.05;
	o->sync_tolerance_ns = 20000;
	o->spill_bytes = (size_t)16 << 20;
	oc_spill_bytes_env(&o->spill_bytes);
}

int oc_spill_bytes_env(size_t *bytes)
{
	const char *e = getenv("OVERLAPCHECK_SPILL_BYTES");
	char *end;
	unsigned long long v;

	if (!e)
		return 0;
	errno = 0;
	v = strtoull(e, &end, 10);
	if (e[0] < '0' || e[0] > '9' || *end || errno || v > SIZE_MAX)
		return -1;
	*bytes = (size_t)v;
	return 0;
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

#define add_warning(a, ...) oc_strv_addf(&(a)->warnings, &(a)->n_warnings, 512, __VA_ARGS__)

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
		if ((op->kind != OC_OP_MEMCPY && op->kind != OC_OP_MEMCPY_PEER) || d <= 0)
			continue;
		uint64_t bytes = oc_op_shape(t, op)->bytes;
		if (!bytes)
			continue;
		int ck = op->kind == OC_OP_MEMCPY_PEER && op->copy_kind == OC_COPY_UNKNOWN ?
			 OC_COPY_PTOP : op->copy_kind;
		int mk = host_mem_kind(op);
		double g = (double)bytes / (double)d;
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
		b->bytes += bytes;
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
		if (!cl->in_window)
			continue;
		s->claims++;
		if (ov)
			s->overlapped++;
		else
			s->serialized++;
		if (op->kind == OC_OP_KERNEL && op->comm) {
			s->comm_claims++;
			s->comm_overlapped += ov;
		} else if (op->kind == OC_OP_KERNEL) {
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
		const struct oc_sweep *w = &c->dev[d].wsweep;
		s->makespan_ns += w->makespan_ns;
		for (size_t k = 1; w->concurrency_ns && k <= w->max_concurrency; k++)
			s->time.ns[k == 1 ? OC_TIME_BUSY_ALONE : OC_TIME_BUSY_OVERLAP] += w->concurrency_ns[k];
		/* exposed communication comes out of the busy parts it lay in */
		s->time.ns[OC_TIME_COMM_EXPOSED] += w->comm_exposed_ns;
		s->time.ns[OC_TIME_BUSY_ALONE] -= w->comm_exposed_alone_ns;
		s->time.ns[OC_TIME_BUSY_OVERLAP] -= w->comm_exposed_ns - w->comm_exposed_alone_ns;
		s->comm_ns += w->busy_ns[OC_ENGINE_COMM];
		s->comm_exposed_ns += w->comm_exposed_ns;
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
	int64_t explained = 0;
	for (size_t g = 0; g < a->n_gaps; g++) {
		int64_t len = a->gaps[g].end_ns - a->gaps[g].start_ns;
		enum oc_time_part part = OC_TIME_IDLE_OTHER;
		gaps_ns += len;
		s->gap_causes[a->gaps[g].cause]++;
		switch (a->gaps[g].cause) {
		case OC_GAP_HOST_SYNCHRONIZATION: part = OC_TIME_IDLE_HOST_BLOCK; break;
		case OC_GAP_SUBMITTED_LATE: part = OC_TIME_IDLE_LATE; break;
		case OC_GAP_LAUNCH_LATENCY: case OC_GAP_MODULE_LOADING: part = OC_TIME_IDLE_LAUNCH; break;
		case OC_GAP_DEPENDENCY_WAIT: part = OC_TIME_IDLE_DEPENDENCY; break;
		default: break;
		}
		if (part != OC_TIME_IDLE_OTHER) {
			s->time.ns[part] += len;
			explained += len;
		}
		if (part == OC_TIME_IDLE_LATE && a->gaps[g].advice == OC_ADVICE_GAP_PAGEABLE_STAGING)
			s->idle_late_staging_ns += len;
		else if (part == OC_TIME_IDLE_LATE && a->gaps[g].advice == OC_ADVICE_GAP_RESUBMIT_AFTER_SYNC)
			s->idle_late_after_sync_ns += len;
	}
	s->time.total_ns = s->makespan_ns;
	s->time.ns[OC_TIME_IDLE_OTHER] = s->idle_ns - explained;
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
	s->dropped_callback_rows = t->dropped_callback_rows;
	s->incomplete_records = t->incomplete_records;
	s->clean_exit = t->clean_exit;
	s->exit_status = t->exit_status;
	s->exit_signal = t->exit_signal;
	s->terminated_signal = t->terminated_signal;
	s->terminated_ns = t->terminated_ns;
}

static int warnings(struct oc_actx *c, size_t n_api_before)
{
	struct oc_trace *t = c->t;
	struct oc_analysis *a = c->a;
	struct oc_summary *s = &a->summary;
	int r = 0;

	{
		const char *lvl = oc_trace_meta(t, "api_level");

		if (t->queries_mode && !strcmp(t->queries_mode, "off") && !(lvl && !strcmp(lvl, "minimal")))
			r |= add_warning(a, "recorded with OVERLAPCHECK_QUERIES=off (the tracer's default "
					 "since 2026-12-04): calls such as cudaGetDevice were neither counted nor "
					 "timed, so their time counts as time outside CUDA calls in the idle-gap causes "
					 "(OVERLAPCHECK_QUERIES=summary counts and times them)");
		const char *qs = oc_trace_meta(t, "api_query_sample");
		long long sample = qs ? strtoll(qs, NULL, 10) : 0;

		if (sample > 1)
			r |= add_warning(a, "recorded with OVERLAPCHECK_QUERY_SAMPLE=%lld: only one in %lld "
					 "of the calls that read host state (cudaGetDevice and the like) was "
					 "timed, so their total times are estimates and a slow one has its own "
					 "row only when it was the one timed", sample, sample);
		if (lvl && !strcmp(lvl, "minimal"))
			r |= add_warning(a, "recorded with --api=minimal: only calls that queue work, "
					 "allocate, free or synchronize explicitly have records, so a hidden "
					 "synchronization inside any other call is not proven (none is reported)");
	}
	{
		/* without CUPTI's CUDA_EVENT records the event syncs and waits are
		 * tied to their events through the calls' arguments: one whose call
		 * named no event the callbacks saw waited for what nobody can tell */
		const char *off = oc_trace_meta(t, "kinds_off");
		size_t blind = 0;

		if (off && strstr(off, "CUDA_EVENT") && !t->n_events)
			for (size_t i = 0; i < t->n_syncs; i++) {
				const struct oc_sync *y = &t->syncs[i];

				if ((y->type == OC_SYNC_EVENT || y->type == OC_SYNC_STREAM_WAIT_EVENT) &&
				    !y->return_value && !oc_sync_event_handle(t, y))
					blind++;
			}
		if (blind)
			r |= add_warning(a, "recorded without CUPTI's CUDA_EVENT records (meta "
					 "kinds_off), and %zu event synchronization%s or stream wait%s "
					 "carried no event handle in %s call's arguments: the hazard check "
					 "cannot tie such a sync, nor event_dependency such a wait, to the "
					 "record it waited for (run --cuda-events=record collects the records)",
					 blind, blind == 1 ? "" : "s", blind == 1 ? "" : "s",
					 blind == 1 ? "its" : "their");
	}
	if (t->ids_missing)
		r |= add_warning(a, "the trace has no application id or schema version (a SQL dump loaded "
				 "back loses both); read as schema %d by its tables. To restore them: sqlite3 "
				 "TRACE 'PRAGMA application_id = %d; PRAGMA user_version = %d;' (or dump it "
				 "with tools/dump-trace.py, which keeps them)", t->version, OC_APPLICATION_ID,
				 t->version);
	if (t->tracer_calls_set_aside > 0)
		r |= add_warning(a, "%lld API rows of the tracer's own calls (cuFuncGetParamInfo, "
				 "cuKernelGetParamInfo, cuKernelGetFunction, cuStreamIsCapturing, made inside the "
				 "program's calls) were set aside: this trace was recorded before the tracer kept "
				 "them out", (long long)t->tracer_calls_set_aside);
	if (t->dropped_records > 0) {
		r |= add_warning(a, "%lld records were dropped while tracing: verdicts rest on incomplete data",
				 (long long)t->dropped_records);
		s->incomplete_data = 1;
	}
	if (t->dropped_callback_rows > 0) {
		r |= add_warning(a, "%lld API calls' rows were dropped while tracing (the tracer's writer fell "
				 "behind; warning backlog_full): verdicts rest on incomplete data",
				 (long long)t->dropped_callback_rows);
		s->incomplete_data = 1;
	}
	if (t->terminated_signal > 0) {
		/*
		 * The library's final flush ran at the signal: what ended before it is
		 * all there, and what was still running then arrived without an end.
		 */
		char sig[32], at[48];

		if (t->terminated_ns >= 0)
			oc_fmt_duration(t->terminated_ns, at, sizeof at);
		else
			snprintf(at, sizeof at, "the signal");
		r |= add_warning(a, "terminated by %s at %s; records up to %s are complete%s",
				 oc_fmt_signal(t->terminated_signal, sig, sizeof sig), at, at,
				 t->incomplete_records > 0 ? " (ops still running then are not in the trace)" : "");
	} else if (t->incomplete_records > 0) {
		r |= add_warning(a, "%lld records were incomplete (no end time): verdicts rest on incomplete data",
				 (long long)t->incomplete_records);
		s->incomplete_data = 1;
	}
	if (t->clean_exit == 0 && t->terminated_signal <= 0) {
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
			if (oc_name_has(t, t->api[k].name, "Launch") || oc_name_has(t, t->api[k].name, "Memcpy") ||
			    oc_name_has(t, t->api[k].name, "Memset"))
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

/*
 * The sweeps the summary reads: over the ops inside the window when the
 * steady state dropped something, else the verdicts' own sweeps. The
 * window's edges lie in idle time, so no op straddles them.
 */
static int window_sweeps(struct oc_actx *c, char *err, size_t errlen)
{
	const struct oc_trace *t = c->t;

	for (size_t d = 0; d < c->n_dev; d++) {
		struct oc_dev_ctx *dv = &c->dev[d];
		if (c->a->summary.window.how != OC_WINDOW_STEADY) {
			dv->wsweep = dv->sweep;     /* the same result, not a copy of its arrays */
			continue;
		}
		dv->wsel.idx = malloc((dv->sel.n + 1) * sizeof *dv->wsel.idx);
		if (!dv->wsel.idx)
			return -1;
		dv->wsel.n = 0;
		for (size_t k = 0; k < dv->sel.n; k++)
			if (oc_in_window(c, (int32_t)dv->sel.idx[k]))
				dv->wsel.idx[dv->wsel.n++] = dv->sel.idx[k];
		struct oc_sweep_opts so = { .idle_threshold_ns = c->o.gap_threshold_ns, .group = NULL };
		if (oc_sweep_run(&dv->wsweep, t, &dv->wsel, &so, err, errlen) < 0)
			return -1;
		dv->wswept = 1;
	}
	return 0;
}

/* The trace narrowed to options.range and options.device, when given.
 * 0, or -1 with err set (no such range or device, out of memory). */
static int select_part(struct oc_actx *c, char *err, size_t errlen)
{
	struct oc_trace *t = c->t;

	if (c->o.range) {
		long m = oc_trace_keep_range(t, c->o.range);
		if (m < 0) {
			oc_set_err(err, errlen, "cannot select NVTX range '%s' in trace '%s': out of memory",
				c->o.range, t->path ? t->path : "");
			return -1;
		}
		if (m == 0) {
			char names[400];

			oc_trace_range_names(t, names, sizeof names);
			oc_set_err(err, errlen, "no NVTX range named '%s' in trace '%s' (%s%s)", c->o.range,
				t->path ? t->path : "", names[0] ? "its ranges: " : "it has no NVTX ranges",
				names);
			return -1;
		}
		c->a->summary.ranges_matched = m;
	}
	if (c->o.device >= 0) {
		int known = oc_trace_device(t, c->o.device) != NULL;
		for (size_t i = 0; !known && i < t->n_ops; i++)
			known = (int)oc_op_device_id(t, &t->ops[i]) == c->o.device;
		if (!known) {
			oc_set_err(err, errlen, "no device %d in trace '%s'", c->o.device, t->path ? t->path : "");
			return -1;
		}
		oc_trace_keep_device(t, c->o.device);
	}
	return 0;
}

/*
 * The hazard pass with the claims and their evidence in a temporary file
 * (it reads neither), the mem rows (mem, parked since the index) back for
 * it, and what only it reads dropped after it (shed_trace). 0, or -1 with
 * err set.
 */
static int hazard_pass(struct oc_actx *c, struct oc_park *mem, struct oc_park *claims, char *err,
		       size_t errlen)
{
	struct oc_trace *t = c->t;

	/* The hazard pass reads no claim and no evidence: they wait in a
	 * temporary file while it runs, the mem rows back in their room. */
	oc_park_add(claims, c->a->claims, c->a->n_claims * sizeof *c->a->claims);
	oc_park_add(claims, c->ev, c->n_ev * sizeof *c->ev);
	oc_park_out(c, claims);
	oc_heap_trim();
	if (oc_park_in(c, mem, "its allocation map", err, errlen) < 0)
		return -1;
	if (c->o.shed_trace && t->n_mem && oc_trace_index_corr(t) < 0)
		return oc_actx_nomem(c, err, errlen);
	if (oc_find_hazards(c) < 0)
		return oc_actx_nomem(c, err, errlen);
	if (c->o.shed_trace) {
		oc_trace_drop_mem(t);
		oc_trace_drop_corr(t);
	}
	oc_heap_trim();
	if (oc_park_in(c, claims, "its claims", err, errlen) < 0)
		return -1;
	return 0;
}

int oc_analysis_run(struct oc_trace *t, const struct oc_analysis_options *opts,
		    struct oc_analysis *a, char *err, size_t errlen)
{
	struct oc_actx c;
	struct oc_spill spill = { .fd = -1 };
	struct oc_park calls = { .fd = -1 }, mem = { .fd = -1 }, claims = { .fd = -1 };
	size_t n_api_before = t->n_api;

	memset(a, 0, sizeof *a);
	memset(&c, 0, sizeof c);
	if (opts)
		c.o = *opts;
	else
		oc_analysis_options_init(&c.o);
	if (c.o.min_overlap < 0 || c.o.min_overlap > 1 || c.o.gap_threshold_ns < 0 ||
	    c.o.sync_tolerance_ns < 0) {
		oc_set_err(err, errlen, "invalid analysis options");
		return -1;
	}
	a->trace = t;
	a->opts = c.o;
	a->summary.ranges_matched = -1;
	c.t = t;
	c.a = a;

	if (select_part(&c, err, errlen) < 0)
		return -1;

	/* The mem rows (the allocation map, 40 bytes a row, more than one an op
	 * in a trace `run` records) are read by the hazard pass alone: with
	 * shed_trace they wait in a temporary file until it runs (spill.h). */
	if (c.o.shed_trace) {
		oc_park_add(&mem, t->mem, t->n_mem * sizeof *t->mem);
		oc_park_out(&c, &mem);
	}
	/* an earlier analysis with shed_trace may have freed the calls' index */
	if (oc_trace_index_corr(t) < 0 || oc_actx_index(&c) < 0)
		goto nomem;
	/* The calls by correlation id: read by the index (its events) and the
	 * hazard pass (its mem rows), by nothing in between or after: not held
	 * beside the sweeps, the claims and the critical path (issue 35: 8 bytes
	 * a call at each of their peaks). */
	if (c.o.shed_trace)
		oc_trace_drop_corr(t);
	/* The syncs first: they read neither the sweeps nor the window, and
	 * their orders (20 bytes an op, 12 more while sorted) are freed before
	 * the sweeps' arrays are made, so the two never sit side by side. */
	if (oc_actx_index_orders(&c) < 0)
		goto nomem;
	if (oc_find_blocks(&c, err, errlen) < 0 || oc_find_default_syncs(&c, err, errlen) < 0)
		goto fail;
	oc_actx_shed(&c, OC_SHED_SYNCS);
	oc_heap_trim();
	/* The sweeps, the window and the claims' first pass read the ops and
	 * no API call: with shed_trace, the trace's calls (48 bytes a call) wait
	 * in a temporary file meanwhile (spill.h; issue 35: they were half of
	 * what lay beside the sweeps' arrays and the claims' at their peaks). */
	if (c.o.shed_trace) {
		oc_park_add(&calls, t->api, t->n_api * sizeof *t->api);
		oc_park_out(&c, &calls);
	}
	for (size_t d = 0; d < c.n_dev; d++) {
		struct oc_sweep_opts so = { .idle_threshold_ns = c.o.gap_threshold_ns, .group = NULL };
		if (oc_sweep_run(&c.dev[d].sweep, t, &c.dev[d].sel, &so, err, errlen) < 0)
			goto fail;
		c.dev[d].swept = 1;
	}
	oc_heap_trim();         /* the sweeps' working arrays */
	if (oc_find_window(&c) < 0)
		goto nomem;
	if (window_sweeps(&c, err, errlen) < 0)
		goto fail;
	if (oc_measure_claims(&c, err, errlen) < 0)   /* it frees the sweeps' per-op overlaps */
		goto fail;
	oc_heap_trim();
	if (oc_park_in(&c, &calls, "its calls", err, errlen) < 0)
		goto fail;
	if (oc_explain_claims(&c, err, errlen) < 0)
		goto fail;
	oc_heap_trim();
	if (oc_find_gaps(&c, err, errlen) < 0)
		goto fail;
	if (oc_find_comm(&c) < 0)       /* the claims' last reader before the host story */
		goto nomem;
	if (hazard_pass(&c, &mem, &claims, err, errlen) < 0)
		goto fail;
	if (bandwidth(&c) < 0)
		goto nomem;
	summarize(&c);
	oc_choose_lever(a);
	oc_advice_follow_lever(a);
	if (oc_host_story(&c) < 0)
		goto nomem;
	oc_actx_shed(&c, OC_SHED_HOST);
	oc_spill_claims(&c, &spill);
	if (oc_find_path(&c, err, errlen) < 0) {
		oc_spill_drop(&spill);
		goto fail;
	}
	if (oc_unspill_claims(&c, &spill, err, errlen) < 0)
		goto fail;
	if (warnings(&c, n_api_before) < 0)
		goto nomem;

	/* hand the per-device sweeps and the evidence pool to the result */
	a->devices = calloc(c.n_dev + 1, sizeof *a->devices);
	if (!a->devices)
		goto nomem;
	a->n_devices = c.n_dev;
	for (size_t d = 0; d < c.n_dev; d++) {
		a->devices[d].device_id = c.dev[d].device_id;
		a->devices[d].sweep = c.dev[d].wsweep;
		if (c.dev[d].wswept) {
			oc_sweep_release(&c.dev[d].sweep);
			c.dev[d].wswept = 0;
		}
		c.dev[d].swept = 0;
	}
	a->priv = c.ev;
	c.ev = NULL;
	oc_actx_release(&c);
	return 0;

nomem:
	oc_actx_nomem(&c, err, errlen);
fail:
	/* the calls and the mem rows back also after a failure: the trace is
	 * the caller's (the claims are released with the result) */
	if (calls.fd >= 0)
		oc_park_in(&c, &calls, "its calls", NULL, 0);
	if (mem.fd >= 0)
		oc_park_in(&c, &mem, "its allocation map", NULL, 0);
	oc_spill_drop_park(&claims);
	for (size_t d = 0; d < c.n_dev; d++) {
		if (c.dev[d].swept)
			oc_sweep_release(&c.dev[d].sweep);
		if (c.dev[d].wswept)
			oc_sweep_release(&c.dev[d].wsweep);
	}
	free(c.ev);
	oc_actx_release(&c);
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

		if (cl->verdict != OC_VERDICT_SERIALIZED || !cl->n_evidence || !cl->in_window)
			continue;
		if (kind == OC_CLAIMS_COMM ? !t->ops[cl->op].comm :
		    kind == OC_OP_KERNEL ? ok != OC_OP_KERNEL || t->ops[cl->op].comm :
		    (kind == OC_OP_MEMCPY && !is_copy) || (kind != OC_OP_MEMCPY && ok != kind))
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
	free(a->collectives);
	free(a->comms);
	free(a->comm_devices);
	free(a->comm_ranges);
	free(a->hazards);
	free(a->host.threads);
	free(a->path.steps);
	free(a->path.groups);
	for (size_t k = 0; k < a->n_warnings; k++)
		free(a->warnings[k]);
	free(a->warnings);
	free(a->priv);
	memset(a, 0, sizeof *a);
}

