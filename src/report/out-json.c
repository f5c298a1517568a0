/*
 * out-json.c: the JSON report, "overlapcheck-report/1" (docs/report-json.md).
 *
 * Complete (no truncation) and stable: other tools parse these names. Times
 * are integers in ns relative to the trace start, as the trace stores them.
 * Every string goes through the JSON writer's escaping.
 *
 * A report names an op in each claim, witness and piece of evidence, so a
 * trace of a million kernel launches would demangle the same few hundred
 * names a million times: labels of kernels are made once per name string and
 * kept in struct out for the report.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out-json.h"
#include "out-host.h"
#include "out-path.h"
#include "overlapcheck/causes.h"

#ifndef OC_VERSION
#define OC_VERSION "unknown"
#endif

/* The window, where the time went, and the lever. */
static void window_objects(struct out *o)
{
	struct oc_json *j = &o->j;
	const struct oc_summary *s = &o->a->summary;
	const struct oc_window *w = &s->window;

	oc_json_key(j, "window");
	oc_json_begin_object(j);
	oc_json_kv_string(j, "how", oc_window_how_name(w->how));
	oc_json_kv_bool(j, "whole_requested", w->whole_requested);
	oc_json_kv_int(j, "start_ns", w->start_ns);
	oc_json_kv_int(j, "end_ns", w->end_ns);
	oc_json_kv_uint(j, "ops", w->ops);
	oc_json_kv_uint(j, "ops_total", w->ops_total);
	oc_json_kv_int(j, "trace_first_ns", w->lead_start_ns);
	oc_json_kv_int(j, "trace_last_ns", w->trail_end_ns);
	oc_json_key(j, "dropped_leading");
	oc_json_begin_object(j);
	oc_json_kv_uint(j, "ops", w->lead_ops);
	oc_json_kv_int(j, "busy_ns", w->lead_busy_ns);
	oc_json_kv_int(j, "gap_ns", w->lead_gap_ns);
	oc_json_end_object(j);
	oc_json_key(j, "dropped_trailing");
	oc_json_begin_object(j);
	oc_json_kv_uint(j, "ops", w->trail_ops);
	oc_json_kv_int(j, "busy_ns", w->trail_busy_ns);
	oc_json_kv_int(j, "gap_ns", w->trail_gap_ns);
	oc_json_end_object(j);
	oc_json_end_object(j);

	oc_json_key(j, "time_split");
	oc_json_begin_object(j);
	oc_json_kv_int(j, "total_ns", s->time.total_ns);
	for (int p = 0; p < OC_N_TIME_PARTS; p++) {
		char key[64];
		snprintf(key, sizeof key, "%s_ns", oc_time_part_name(p));
		oc_json_kv_int(j, key, s->time.ns[p]);
	}
	for (int p = 0; p < OC_N_TIME_PARTS; p++) {
		char key[64];
		snprintf(key, sizeof key, "%s_share", oc_time_part_name(p));
		oc_json_kv_fixed(j, key, s->time.total_ns > 0 ?
				 (double)s->time.ns[p] / (double)s->time.total_ns : 0, 4);
	}
	oc_json_end_object(j);

	oc_json_key(j, "lever");
	oc_json_begin_object(j);
	oc_json_kv_string(j, "id", oc_lever_id(s->lever));
	if (s->lever == OC_LEVER_SERIALIZED)
		oc_json_kv_string(j, "cause", oc_cause_name(s->lever_cause));
	else
		oc_json_kv_null(j, "cause");
	oc_json_kv_string(j, "text", oc_lever_text(o->a, o->buf, sizeof o->buf));
	oc_json_end_object(j);
	oc_host_story_json(j, o->a);
	oc_path_json(j, o->a);
}

static void summary_object(struct oc_json *j, const struct oc_analysis *a)
{
	const struct oc_summary *s = &a->summary;

	oc_json_begin_object(j);
	oc_json_kv_uint(j, "claims", s->claims);
	oc_json_kv_uint(j, "overlapped", s->overlapped);
	oc_json_kv_uint(j, "serialized", s->serialized);
	oc_json_kv_uint(j, "copy_claims", s->copy_claims);
	oc_json_kv_uint(j, "copy_overlapped", s->copy_overlapped);
	oc_json_kv_uint(j, "copy_overlapped_compute", s->copy_overlapped_compute);
	oc_json_kv_uint(j, "kernel_claims", s->kernel_claims);
	oc_json_kv_uint(j, "kernel_overlapped", s->kernel_overlapped);
	oc_json_kv_uint(j, "memset_claims", s->memset_claims);
	oc_json_kv_uint(j, "memset_overlapped", s->memset_overlapped);
	oc_json_kv_uint(j, "claims_in_trace", a->n_claims);
	oc_json_kv_int(j, "makespan_ns", s->makespan_ns);
	oc_json_kv_int(j, "busy_ns", s->busy_ns);
	oc_json_kv_int(j, "compute_ns", s->compute_ns);
	oc_json_kv_int(j, "copy_ns", s->copy_ns);
	oc_json_kv_int(j, "copy_compute_overlap_ns", s->copy_compute_overlap_ns);
	if (s->copy_compute_overlap_share >= 0)
		oc_json_kv_fixed(j, "copy_compute_overlap_share", s->copy_compute_overlap_share, 4);
	else
		oc_json_kv_null(j, "copy_compute_overlap_share");
	oc_json_kv_int(j, "idle_ns", s->idle_ns);
	oc_json_kv_fixed(j, "idle_share", s->idle_share, 4);
	oc_json_kv_int(j, "gaps_ns", s->gaps_ns);
	oc_json_kv_uint(j, "gaps", s->gaps);
	oc_json_kv_uint(j, "hidden_syncs", s->hidden_syncs);
	oc_json_kv_int(j, "hidden_sync_blocked_ns", s->hidden_sync_blocked_ns);
	oc_json_kv_uint(j, "explicit_syncs", s->explicit_syncs);
	oc_json_kv_uint(j, "default_stream_syncs", s->default_stream_syncs);
	oc_json_key(j, "causes");
	oc_json_begin_object(j);
	for (int c = 0; c < OC_N_CAUSES; c++)
		if (s->causes[c])
			oc_json_kv_uint(j, oc_cause_name(c), s->causes[c]);
	oc_json_end_object(j);
	oc_json_key(j, "gap_causes");
	oc_json_begin_object(j);
	for (int c = 0; c < OC_N_GAP_CAUSES; c++)
		if (s->gap_causes[c])
			oc_json_kv_uint(j, oc_gap_cause_name(c), s->gap_causes[c]);
	oc_json_end_object(j);
	if (s->dropped_records >= 0)
		oc_json_kv_int(j, "dropped_records", s->dropped_records);
	else
		oc_json_kv_null(j, "dropped_records");
	if (s->incomplete_records >= 0)
		oc_json_kv_int(j, "incomplete_records", s->incomplete_records);
	else
		oc_json_kv_null(j, "incomplete_records");
	if (s->exit_status >= 0)
		oc_json_kv_int(j, "exit_status", s->exit_status);
	else
		oc_json_kv_null(j, "exit_status");
	if (s->exit_signal > 0)
		oc_json_kv_int(j, "exit_signal", s->exit_signal);
	else
		oc_json_kv_null(j, "exit_signal");
	if (s->clean_exit >= 0)
		oc_json_kv_bool(j, "clean_exit", s->clean_exit);
	else
		oc_json_kv_null(j, "clean_exit");
	/* only in a trace the tracer flushed at a termination signal */
	if (s->terminated_signal > 0) {
		oc_json_kv_int(j, "terminated_by_signal", s->terminated_signal);
		if (s->terminated_ns >= 0)
			oc_json_kv_int(j, "terminated_ns", s->terminated_ns);
		else
			oc_json_kv_null(j, "terminated_ns");
	}
	oc_json_kv_bool(j, "incomplete_data", s->incomplete_data);
	oc_json_kv_bool(j, "results_checked", 0);
	oc_json_end_object(j);
}

static void engines_list(struct oc_json *j, const struct oc_analysis *a)
{
	const struct oc_trace *t = a->trace;

	oc_json_begin_array(j);
	for (size_t d = 0; d < a->n_devices; d++) {
		const struct oc_sweep *w = &a->devices[d].sweep;
		const struct oc_device *dev = oc_trace_device(t, a->devices[d].device_id);
		oc_json_begin_object(j);
		oc_json_kv_int(j, "device", a->devices[d].device_id);
		oc_json_kv_string(j, "name", dev ? dev->name : NULL);
		oc_json_kv_int(j, "first_ns", w->first_ns);
		oc_json_kv_int(j, "last_ns", w->last_ns);
		oc_json_kv_int(j, "makespan_ns", w->makespan_ns);
		oc_json_kv_int(j, "busy_ns", w->busy_all_ns);
		oc_json_key(j, "busy");
		oc_json_begin_object(j);
		for (int e = 0; e < OC_N_ENGINES; e++)
			oc_json_kv_int(j, oc_engine_name(e), w->busy_ns[e]);
		oc_json_end_object(j);
		oc_json_kv_string(j, "busiest", w->busiest >= 0 ? oc_engine_name(w->busiest) : NULL);
		oc_json_kv_fixed(j, "pipeline_bound", w->pipeline_bound, 4);
		oc_json_kv_int(j, "copy_ns", w->async_copy_ns);
		oc_json_kv_int(j, "copy_compute_overlap_ns", w->copy_compute_ns);
		if (w->copy_compute_share >= 0)
			oc_json_kv_fixed(j, "copy_compute_overlap_share", w->copy_compute_share, 4);
		else
			oc_json_kv_null(j, "copy_compute_overlap_share");
		oc_json_kv_int(j, "idle_ns", w->concurrency_ns ? w->concurrency_ns[0] : 0);
		oc_json_key(j, "concurrency");
		oc_json_begin_array(j);
		for (size_t k = 0; w->concurrency_ns && k <= w->max_concurrency; k++) {
			oc_json_begin_object(j);
			oc_json_kv_uint(j, "ops", k);
			oc_json_kv_int(j, "ns", w->concurrency_ns[k]);
			oc_json_end_object(j);
		}
		oc_json_end_array(j);
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
}

static const char *alloc_kind_name(int k)
{
	static const char *const n[] = { "unknown", "device", "async", "managed", "host", "registered" };

	return k >= 0 && k <= 5 ? n[k] : "unknown";
}

static void kv_hex(struct oc_json *j, const char *key, uint64_t v)
{
	char b[32];

	snprintf(b, sizeof b, "0x%llx", (unsigned long long)v);
	oc_json_kv_string(j, key, b);
}

/* first_* / second_* members of a hazard (docs/report-json.md). */
static void hazard_side(struct out *o, const char *pre, const struct oc_hazard_access *s)
{
	struct oc_json *j = &o->j;
	const struct oc_trace *t = o->t;
	char key[32], b[256];

#define K(x) (snprintf(key, sizeof key, "%s_%s", pre, x), key)
	if (s->op >= 0)
		oc_json_kv_int(j, K("op_id"), t->ops[s->op].row_id);
	else
		oc_json_kv_null(j, K("op_id"));
	oc_json_kv_string(j, K("name"), s->op >= 0 ? oc_rj_op_label(o, s->op)
					   : oc_hazard_side_label(t, s, b, sizeof b));
	oc_rj_kv_stream_id(j, K("stream"), t, s->stream);
	oc_json_kv_string(j, K("access"), oc_hazard_access_name(s, 0));
	if (s->param >= 0)
		oc_json_kv_int(j, K("param"), s->param);
	else
		oc_json_kv_null(j, K("param"));
	kv_hex(j, K("lo"), s->lo);
	kv_hex(j, K("hi"), s->hi);
	oc_json_kv_int(j, K("queued_ns"), s->queued_ns);
	oc_rj_kv_api(j, K("api"), t, s->api);
	oc_json_key(j, pre);
	oc_rj_op_object(o, s->op);
#undef K
}

/* "hazard_check" and "hazards" (docs/hazards.md, docs/report-json.md). */
static void hazards(struct out *o)
{
	struct oc_json *j = &o->j;
	const struct oc_analysis *a = o->a;
	const struct oc_hazard_status *st = &a->hazard_status;
	char b[1024];

	oc_json_key(j, "hazard_check");
	oc_json_begin_object(j);
	oc_json_kv_bool(j, "checked", st->checked);
	oc_json_kv_string(j, "why_not", st->checked ? NULL : st->why_not);
	oc_json_kv_uint(j, "allocations", st->allocations);
	oc_json_kv_uint(j, "accesses", st->accesses);
	oc_json_kv_uint(j, "kernels_with_args", st->kernels_with_args);
	oc_json_kv_uint(j, "unplaced", st->unplaced);
	if (st->launches_without_layout >= 0)
		oc_json_kv_int(j, "launches_without_layout", st->launches_without_layout);
	else
		oc_json_kv_null(j, "launches_without_layout");
	oc_json_key(j, "pairs");
	oc_json_begin_object(j);
	oc_json_kv_uint(j, "hazard", st->pairs[OC_HAZARD]);
	oc_json_kv_uint(j, "latent_hazard", st->pairs[OC_LATENT_HAZARD]);
	oc_json_kv_uint(j, "use_after_free", st->pairs[OC_USE_AFTER_FREE]);
	oc_json_end_object(j);
	oc_json_kv_uint(j, "not_listed", st->not_listed);
	oc_json_end_object(j);

	oc_json_key(j, "hazards");
	oc_json_begin_array(j);
	for (size_t k = 0; k < a->n_hazards; k++) {
		const struct oc_hazard *h = &a->hazards[k];

		oc_json_begin_object(j);
		oc_json_kv_string(j, "kind", oc_hazard_kind_name(h->kind));
		kv_hex(j, "alloc_base", h->base);
		oc_json_kv_int(j, "alloc_bytes", h->bytes);
		oc_json_kv_string(j, "alloc_kind", alloc_kind_name(h->alloc_kind));
		oc_rj_kv_api(j, "alloc_api", o->t, h->alloc_api);
		if (h->alloc_api >= 0)
			oc_json_kv_int(j, "alloc_ns", o->t->api[h->alloc_api].start_ns);
		else
			oc_json_kv_null(j, "alloc_ns");
		hazard_side(o, "first", &h->first);
		hazard_side(o, "second", &h->second);
		oc_json_kv_int(j, "overlap_ns", h->overlap_ns);
		oc_json_kv_uint(j, "count", h->count);
		oc_json_kv_uint(j, "stream_pairs", h->stream_pairs);
		oc_json_kv_bool(j, "presumed", h->presumed);
		oc_json_kv_string(j, "missing", oc_hazard_missing(o->t, h, b, sizeof b));
		oc_json_kv_string(j, "advice", oc_hazard_advice(o->t, h, b, sizeof b));
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
}

/* "options": what the analysis was asked for */
static void options_object(struct out *o)
{
	struct oc_json *j = &o->j;
	const struct oc_analysis *a = o->a;

	oc_json_key(j, "options");
	oc_json_begin_object(j);
	if (a->opts.device >= 0)
		oc_json_kv_int(j, "device", a->opts.device);
	else
		oc_json_kv_null(j, "device");
	oc_json_kv_string(j, "range", a->opts.range);
	oc_json_kv_int(j, "gap_threshold_ns", a->opts.gap_threshold_ns);
	oc_json_kv_double(j, "min_overlap", a->opts.min_overlap);
	oc_json_kv_int(j, "sync_tolerance_ns", a->opts.sync_tolerance_ns);
	oc_json_kv_bool(j, "whole", a->opts.whole);
	if (a->summary.ranges_matched >= 0)
		oc_json_kv_int(j, "ranges_matched", a->summary.ranges_matched);
	oc_json_end_object(j);
}

/* "capture": the capture mode and its windows, or null */
static void capture_object(struct out *o)
{
	struct oc_json *j = &o->j;
	const struct oc_trace *t = o->t;

	oc_json_key(j, "capture");
	if (!t->capture_mode) {
		oc_json_null(j);
	} else {
		oc_json_begin_object(j);
		oc_json_kv_string(j, "mode", t->capture_mode);
		oc_json_kv_string(j, "nvtx_range", t->capture_nvtx);
		oc_json_kv_string(j, "stopped", t->capture_stopped);
		oc_json_key(j, "windows");
		oc_json_begin_array(j);
		for (size_t k = 0; k < t->n_capture_windows; k++) {
			oc_json_begin_object(j);
			oc_json_kv_int(j, "start_ns", t->capture_windows[k].start_ns);
			if (t->capture_windows[k].end_ns == INT64_MAX)
				oc_json_kv_null(j, "end_ns");
			else
				oc_json_kv_int(j, "end_ns", t->capture_windows[k].end_ns);
			oc_json_end_object(j);
		}
		oc_json_end_array(j);
		oc_json_end_object(j);
	}
}

/* "queries": the queries timed but not listed (docs/schema.md, "Queries"), or null */
static void queries_object(struct out *o)
{
	struct oc_json *j = &o->j;
	const struct oc_trace *t = o->t;

	/* the queries timed but not listed (docs/schema.md, "Queries") */
	oc_json_key(j, "queries");
	if (!t->queries_mode && !t->n_queries) {
		oc_json_null(j);
	} else {
		oc_json_begin_object(j);
		oc_json_kv_string(j, "mode", t->queries_mode);
		if (t->query_min_ns >= 0)
			oc_json_kv_int(j, "min_ns", t->query_min_ns);
		else
			oc_json_kv_null(j, "min_ns");
		oc_json_kv_int(j, "calls", t->query_calls);
		oc_json_kv_int(j, "total_ns", t->query_total_ns);
		oc_json_key(j, "functions");
		oc_json_begin_array(j);
		for (size_t k = 0; k < t->n_queries; k++) {
			const struct oc_query *q = &t->queries[k];

			oc_json_begin_object(j);
			oc_json_kv_string(j, "api", q->name);
			oc_json_kv_string(j, "domain", q->domain == OC_API_DRIVER ? "driver" : "runtime");
			oc_json_kv_int(j, "cbid", q->cbid);
			oc_json_kv_int(j, "calls", q->calls);
			oc_json_kv_int(j, "total_ns", q->total_ns);
			oc_json_kv_int(j, "max_ns", q->max_ns);
			oc_json_kv_int(j, "threads", q->threads);
			oc_json_end_object(j);
		}
		oc_json_end_array(j);
		oc_json_end_object(j);
	}
}

/* "bandwidth": per direction and memory kind */
static void bandwidth_list(struct out *o)
{
	struct oc_json *j = &o->j;
	const struct oc_analysis *a = o->a;

	oc_json_key(j, "bandwidth");
	oc_json_begin_array(j);
	for (size_t k = 0; k < a->n_bandwidth; k++) {
		const struct oc_bandwidth *b = &a->bandwidth[k];
		oc_json_begin_object(j);
		oc_json_kv_string(j, "direction", oc_copy_kind_name(b->copy_kind));
		oc_json_kv_string(j, "memory_kind", oc_mem_kind_name(b->mem_kind));
		oc_json_kv_uint(j, "copies", b->copies);
		oc_json_kv_uint(j, "bytes", b->bytes);
		oc_json_kv_int(j, "duration_ns", b->duration_ns);
		oc_json_kv_fixed(j, "gbps", b->gbps, 3);
		oc_json_kv_fixed(j, "min_gbps", b->min_gbps, 3);
		oc_json_kv_fixed(j, "max_gbps", b->max_gbps, 3);
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
}

/* ---- the long lists' cap ------------------------------------------------- */

int oc_lists_choice_from_name(const char *name)
{
	if (name && !strcmp(name, "capped"))
		return OC_LISTS_CAPPED;
	if (name && !strcmp(name, "all"))
		return OC_LISTS_ALL;
	return -1;
}

/* The long lists, in the report's order, and how many entries each has. */
enum { L_HIDDEN, L_EXPLICIT, L_DEFAULT, L_GAPS, N_LISTS };
static const char *const list_key[N_LISTS] = {
	"hidden_syncs", "explicit_syncs", "default_stream_syncs", "gaps",
};
static const char *const list_what[N_LISTS] = {
	"hidden synchronizations", "explicit synchronizations",
	"legacy default stream synchronizations", "gaps",
};

static void list_sizes(const struct oc_analysis *a, size_t n[N_LISTS])
{
	n[L_HIDDEN] = n[L_EXPLICIT] = 0;
	for (size_t k = 0; k < a->n_blocks; k++)
		n[a->blocks[k].hidden ? L_HIDDEN : L_EXPLICIT]++;
	n[L_DEFAULT] = a->n_default_syncs;
	n[L_GAPS] = a->n_gaps;
}

int oc_report_lists_cut(const struct oc_analysis *a, int lists, char *buf, size_t len)
{
	size_t n[N_LISTS], at = 0;
	int cut = 0;

	if (buf && len)
		buf[0] = '\0';
	if (lists != OC_LISTS_CAPPED)
		return 0;
	list_sizes(a, n);
	for (int l = 0; l < N_LISTS; l++) {
		int w;

		if (n[l] <= OC_LIST_CAP)
			continue;
		cut++;
		if (!buf || at >= len)
			continue;
		w = snprintf(buf + at, len - at, "%s%s (%zu)", at ? ", " : "", list_key[l], n[l]);
		if (w > 0)
			at += (size_t)w;
	}
	return cut;
}

/* "<list>_omitted" after a list the cap cut (nothing when it was whole). */
static void list_omitted(struct out *o, int l, size_t total)
{
	struct oc_json *j = &o->j;
	size_t listed = oc_rj_list_limit(o, total);
	char key[64];

	if (listed == total)
		return;
	snprintf(key, sizeof key, "%s_omitted", list_key[l]);
	oc_json_key(j, key);
	oc_json_begin_object(j);
	oc_json_kv_uint(j, "cap", OC_LIST_CAP);
	oc_json_kv_uint(j, "listed", listed);
	oc_json_kv_uint(j, "total", total);
	oc_json_kv_uint(j, "omitted", total - listed);
	oc_json_kv_string(j, "how_to_get_all", "--lists=all");
	oc_json_end_object(j);
}

/* warnings[]: a sentence for each list the cap cut. */
static void lists_warnings(struct out *o)
{
	size_t n[N_LISTS];
	char b[320];

	if (o->lists != OC_LISTS_CAPPED)
		return;
	list_sizes(o->a, n);
	for (int l = 0; l < N_LISTS; l++) {
		if (n[l] <= OC_LIST_CAP)
			continue;
		snprintf(b, sizeof b, "the %s list holds %d of %zu %s: above %d only the first %d "
			 "in the list's order are listed by default; --lists=all lists every one",
			 list_key[l], OC_LIST_CAP, n[l], list_what[l], OC_LIST_CAP, OC_LIST_CAP);
		oc_json_string(&o->j, b);
	}
}

/* "default_stream_syncs": the legacy stream's implicit syncs */
static void default_syncs_list(struct out *o)
{
	struct oc_json *j = &o->j;
	const struct oc_analysis *a = o->a;
	size_t limit = oc_rj_list_limit(o, a->n_default_syncs);

	oc_json_key(j, "default_stream_syncs");
	oc_json_begin_array(j);
	for (size_t k = 0; k < limit; k++) {
		const struct oc_default_sync *d = &a->default_syncs[k];
		oc_json_begin_object(j);
		oc_rj_kv_op(o, "op", d->op);
		oc_json_kv_int(j, "blocked_ns", d->blocked_ns);
		oc_json_key(j, "waited_for");
		oc_rj_waited(o, d->waited_for, d->n_waited_for);
		oc_json_key(j, "held");
		oc_rj_waited(o, d->held, d->n_held);
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
	list_omitted(o, L_DEFAULT, a->n_default_syncs);
}

int oc_report_json(FILE *f, const struct oc_analysis *a)
{
	return oc_report_json_claims(f, a, OC_CLAIMS_DEFAULT);
}

int oc_report_json_claims(FILE *f, const struct oc_analysis *a, int claims)
{
	struct oc_report_opts ro = { .max_rows = 20, .claims = claims, .lists = OC_LISTS_CAPPED };

	return oc_report_json_opts(f, a, &ro);
}

int oc_report_json_opts(FILE *f, const struct oc_analysis *a, const struct oc_report_opts *ro)
{
	const struct oc_trace *t = a->trace;
	struct out *o = malloc(sizeof *o);   /* the writer's block: 64 KiB */
	struct oc_json *j;
	int rc, saved_errno;

	if (!o)
		return -1;                   /* errno: ENOMEM */
	o->a = a;
	o->t = t;
	o->claims = ro->claims;
	o->lists = ro->lists;
	/* Without the cache (no memory for it) labels are made each time. */
	o->kernel_label = t->n_strs ? calloc(t->n_strs, sizeof *o->kernel_label) : NULL;
	j = &o->j;
	oc_json_init(j, f, 1);
	oc_json_set_inline_depth(j, 2);   /* one line per claim, sync, gap */
	oc_json_begin_object(j);
	oc_json_kv_string(j, "schema", OC_REPORT_SCHEMA);
	oc_json_kv_string(j, "tool_version", OC_VERSION);
	oc_json_kv_string(j, "trace", t->path);
	options_object(o);

	capture_object(o);

	queries_object(o);

	oc_json_key(j, "summary");
	summary_object(j, a);
	window_objects(o);

	oc_json_key(j, "passport");
	oc_json_begin_object(j);
	for (size_t k = 0; k < t->n_meta; k++)
		oc_json_kv_string(j, t->meta[k].key, t->meta[k].value);
	oc_json_end_object(j);

	oc_json_key(j, "engines");
	engines_list(j, a);

	oc_json_key(j, "communication");
	oc_rj_communication(o);
	oc_json_key(j, "collectives");
	oc_rj_collectives(o);

	bandwidth_list(o);

	oc_rj_claims(o);

	oc_json_key(j, "hidden_syncs");
	list_omitted(o, L_HIDDEN, oc_rj_blocks(o, 1));
	oc_json_key(j, "explicit_syncs");
	list_omitted(o, L_EXPLICIT, oc_rj_blocks(o, 0));

	default_syncs_list(o);

	oc_json_key(j, "gaps");
	oc_json_begin_array(j);
	for (size_t k = 0; k < oc_rj_list_limit(o, a->n_gaps); k++)
		oc_rj_gap(o, &a->gaps[k]);
	oc_json_end_array(j);
	list_omitted(o, L_GAPS, a->n_gaps);

	hazards(o);

	oc_json_key(j, "warnings");
	oc_json_begin_array(j);
	for (size_t k = 0; k < a->n_warnings; k++)
		oc_json_string(j, a->warnings[k]);
	oc_rj_claims_warning(o);
	lists_warnings(o);
	oc_json_end_array(j);

	oc_json_end_object(j);
	rc = oc_json_finish(j);
	saved_errno = errno;                 /* the caller reports a failed write */
	for (size_t k = 0; o->kernel_label && k < t->n_strs; k++)
		free(o->kernel_label[k]);
	free(o->kernel_label);
	free(o);
	errno = saved_errno;
	return rc;
}
