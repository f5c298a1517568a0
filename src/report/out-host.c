/*
 * out-host.c: the host story (docs/causes.md, "The host story") in text,
 * JSON (docs/report-json.md, "host_story") and Markdown, and its one line
 * for the timeline's header. Rendering only: analysis/host.c decides.
 */
#include <stdio.h>

#include "md-inline.h"
#include "out-host.h"
#include "overlapcheck/format.h"

static double pct(int64_t part, int64_t whole)
{
	return whole > 0 ? 100.0 * (double)part / (double)whole : 0.0;
}

static void thread_name(FILE *f, const struct oc_host_thread *h)
{
	if (h->tid == UINT32_MAX)
		fputs("thread unknown", f);
	else
		fprintf(f, "thread %u", h->tid);
}

const char *oc_host_story_line(const struct oc_analysis *a, char *buf, size_t len)
{
	const struct oc_host_story *s = &a->host;
	char d1[32], d2[32], rem[512];

	if (!len)
		return buf;
	buf[0] = '\0';
	if (!s->given || !s->n_threads)
		return buf;
	const struct oc_host_thread *h = &s->threads[0];
	snprintf(buf, len, "host story: the device waited %s for late submission; thread %u: %s outside "
		 "CUDA calls, %s inside; %s", oc_fmt_duration(s->late_ns, d1, sizeof d1), h->tid,
		 oc_fmt_duration(h->outside_ns, d2, sizeof d2), oc_fmt_duration(h->inside_ns, d1, sizeof d1),
		 oc_host_remedy_text(a, rem, sizeof rem));
	return buf;
}

void oc_host_story_text(FILE *f, const struct oc_analysis *a, const char *bold, const char *reset)
{
	const struct oc_host_story *s = &a->host;
	const struct oc_trace *t = a->trace;
	const struct oc_time_split *ts = &a->summary.time;
	char d1[32], d2[32], d3[32], rem[512];

	if (!s->given)
		return;
	fprintf(f, "%sHost story%s (the device waited for late submission %.1f%% of the window, "
		"%s; %zu thread%s submitted work)\n", bold, reset, pct(s->late_ns, ts->total_ns),
		oc_fmt_duration(s->late_ns, d1, sizeof d1), s->submitting_threads,
		s->submitting_threads == 1 ? "" : "s");
	for (size_t k = 0; k < s->n_threads && k < 8; k++) {
		const struct oc_host_thread *h = &s->threads[k];
		int64_t known = h->outside_ns + h->inside_ns;

		fputs("  ", f);
		thread_name(f, h);
		fprintf(f, ": %zu gap%s, %s: outside CUDA calls %s (%.0f%%), inside %s", h->gaps,
			h->gaps == 1 ? "" : "s", oc_fmt_duration(h->gap_ns, d1, sizeof d1),
			oc_fmt_duration(h->outside_ns, d2, sizeof d2), pct(h->outside_ns, known),
			oc_fmt_duration(h->inside_ns, d3, sizeof d3));
		if (h->unknown_gaps)
			fprintf(f, " (%zu gap%s not split)", h->unknown_gaps, h->unknown_gaps == 1 ? "" : "s");
		fputs("\n", f);
		for (size_t m = 0; m < h->n_fns; m++) {
			const struct oc_host_fn *fn = &h->fns[m];
			fputs("    ", f);
			oc_text_inline(f, oc_trace_str(t, fn->name));
			fprintf(f, ": %zu call%s, %s (longest %s)\n", fn->calls, fn->calls == 1 ? "" : "s",
				oc_fmt_duration(fn->total_ns, d1, sizeof d1),
				oc_fmt_duration(fn->max_ns, d2, sizeof d2));
		}
		if (h->kernels)
			fprintf(f, "    kernels shorter than their launch call: %zu of %zu (%.0f%%)\n",
				h->launch_longer, h->kernels, pct((int64_t)h->launch_longer, (int64_t)h->kernels));
	}
	if (s->n_threads > 8)
		fprintf(f, "  ... and %zu more threads\n", s->n_threads - 8);
	fputs("  => ", f);
	oc_text_inline(f, oc_host_remedy_text(a, rem, sizeof rem));
	fputs("\n\n", f);
}

void oc_host_story_json(struct oc_json *j, const struct oc_analysis *a)
{
	const struct oc_host_story *s = &a->host;
	const struct oc_trace *t = a->trace;
	char rem[512];

	oc_json_key(j, "host_story");
	if (!s->given) {
		oc_json_null(j);
		return;
	}
	oc_json_begin_object(j);
	oc_json_kv_int(j, "late_submission_ns", s->late_ns);
	oc_json_kv_uint(j, "submitting_threads", s->submitting_threads);
	oc_json_key(j, "threads");
	oc_json_begin_array(j);
	for (size_t k = 0; k < s->n_threads; k++) {
		const struct oc_host_thread *h = &s->threads[k];
		oc_json_begin_object(j);
		if (h->tid == UINT32_MAX)
			oc_json_kv_null(j, "tid");
		else
			oc_json_kv_uint(j, "tid", h->tid);
		oc_json_kv_uint(j, "gaps", h->gaps);
		oc_json_kv_int(j, "gap_ns", h->gap_ns);
		oc_json_kv_int(j, "outside_cuda_ns", h->outside_ns);
		oc_json_kv_int(j, "inside_cuda_ns", h->inside_ns);
		oc_json_kv_uint(j, "gaps_not_split", h->unknown_gaps);
		oc_json_key(j, "calls");
		oc_json_begin_array(j);
		for (size_t m = 0; m < h->n_fns; m++) {
			oc_json_begin_object(j);
			oc_json_kv_string(j, "name", oc_trace_str(t, h->fns[m].name));
			oc_json_kv_uint(j, "count", h->fns[m].calls);
			oc_json_kv_int(j, "total_ns", h->fns[m].total_ns);
			oc_json_kv_int(j, "max_ns", h->fns[m].max_ns);
			oc_json_end_object(j);
		}
		oc_json_end_array(j);
		oc_json_kv_uint(j, "kernels", h->kernels);
		oc_json_kv_uint(j, "kernels_shorter_than_launch", h->launch_longer);
		if (h->slow_api >= 0) {
			oc_json_key(j, "repeated_slow_call");
			oc_json_begin_object(j);
			oc_json_kv_string(j, "name", oc_trace_str(t, t->api[h->slow_api].name));
			oc_json_kv_uint(j, "gaps", h->slow_gaps);
			oc_json_kv_int(j, "gap_ns", h->slow_ns);
			oc_json_end_object(j);
		} else {
			oc_json_kv_null(j, "repeated_slow_call");
		}
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
	oc_json_key(j, "remedy");
	oc_json_begin_object(j);
	oc_json_kv_string(j, "id", oc_advice_id(s->remedy));
	oc_json_kv_string(j, "text", oc_host_remedy_text(a, rem, sizeof rem));
	oc_json_end_object(j);
	oc_json_end_object(j);
}

void oc_host_story_markdown(FILE *f, const struct oc_analysis *a)
{
	const struct oc_host_story *s = &a->host;
	const struct oc_trace *t = a->trace;
	char d1[32], d2[32], d3[32], rem[512];

	if (!s->given)
		return;
	fprintf(f, "### Host story\n\nThe device waited for late submission %.1f%% of the window (%s); "
		"%zu thread%s submitted work.\n\n| thread | gaps | gap time | outside CUDA calls | inside "
		"| kernels shorter than their launch |\n| --- | --- | --- | --- | --- | --- |\n",
		pct(s->late_ns, a->summary.time.total_ns), oc_fmt_duration(s->late_ns, d1, sizeof d1),
		s->submitting_threads, s->submitting_threads == 1 ? "" : "s");
	for (size_t k = 0; k < s->n_threads && k < 8; k++) {
		const struct oc_host_thread *h = &s->threads[k];
		fputs("| ", f);
		if (h->tid == UINT32_MAX)
			fputs("unknown", f);
		else
			fprintf(f, "%u", h->tid);
		fprintf(f, " | %zu | %s | %s | %s | %zu of %zu |\n", h->gaps,
			oc_fmt_duration(h->gap_ns, d1, sizeof d1), oc_fmt_duration(h->outside_ns, d2, sizeof d2),
			oc_fmt_duration(h->inside_ns, d3, sizeof d3), h->launch_longer, h->kernels);
	}
	if (s->n_threads && s->threads[0].n_fns) {
		const struct oc_host_thread *h = &s->threads[0];
		fputs("\nCalls in the gaps of the first thread:\n\n| call | count | time | longest |\n"
		      "| --- | --- | --- | --- |\n", f);
		for (size_t m = 0; m < h->n_fns; m++) {
			fputs("| ", f);
			oc_md_inline(f, oc_trace_str(t, h->fns[m].name));
			fprintf(f, " | %zu | %s | %s |\n", h->fns[m].calls,
				oc_fmt_duration(h->fns[m].total_ns, d1, sizeof d1),
				oc_fmt_duration(h->fns[m].max_ns, d2, sizeof d2));
		}
	}
	fputs("\n**Remedy:** ", f);
	oc_md_inline(f, oc_host_remedy_text(a, rem, sizeof rem));
	fputs("\n\n", f);
}
