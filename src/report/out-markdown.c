/*
 * out-markdown.c: the report for CI job summaries (GitHub, GitLab).
 *
 * The answer, a summary table, a causes table, the top serialized claims,
 * hidden synchronizations and gaps. Names from the trace land in table cells
 * and inline code, so they are escaped: '|' and '`' become entities, HTML
 * metacharacters become entities, control characters become spaces, and
 * Markdown emphasis/link characters are backslash-escaped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice-fold.h"
#include "out-host.h"
#include "out-path.h"
#include "overlapcheck/format.h"
#include "overlapcheck/report.h"

/* Write s escaped for a Markdown table cell, at most max bytes of input. */
static void md(FILE *f, const char *s, size_t max)
{
	size_t n = 0;

	if (!s)
		s = "";
	for (; *s && n < max; s++, n++) {
		unsigned char c = (unsigned char)*s;
		switch (c) {
		case '|': fputs("&#124;", f); break;
		case '`': fputs("&#96;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\\': case '*': case '_': case '[': case ']': case '#': case '~': case '!':
			fputc('\\', f);
			fputc(c, f);
			break;
		default:
			fputc(c < 0x20 || c == 0x7f ? ' ' : c, f);
		}
	}
	if (*s)
		fputs("...", f);
}

static void dur(FILE *f, int64_t ns)
{
	if (ns < 1000)
		fprintf(f, "%lld ns", (long long)ns);
	else if (ns < 1000000)
		fprintf(f, "%.1f µs", ns / 1e3);
	else if (ns < 1000000000)
		fprintf(f, "%.2f ms", ns / 1e6);
	else
		fprintf(f, "%.3f s", ns / 1e9);
}

/* The queries the tracer timed but did not list (docs/schema.md, "Queries"). */
static void queries_line(FILE *f, const struct oc_trace *t)
{
	int64_t calls = t->query_calls;

	if (t->queries_mode && !strcmp(t->queries_mode, "off")) {
		const char *lvl = oc_trace_meta(t, "api_level");
		int minimal = lvl && !strcmp(lvl, "minimal");

		fprintf(f, "Queries: not recorded (`%s`): time in `cudaGetDevice` and the like counts as time "
			"outside CUDA calls%s.\n\n", minimal ? "--api=minimal"
			: "OVERLAPCHECK_QUERIES=off", minimal ? ""
			: "; `OVERLAPCHECK_QUERIES=summary` counts and times them");
		return;
	}
	if (!calls)
		return;
	fprintf(f, "Queries: %lld call(s) of %zu function(s)", (long long)calls, t->n_queries);
	for (size_t i = 0; i < t->n_queries && i < 3; i++) {
		fputs(i ? ", `" : " (`", f);
		md(f, t->queries[i].name ? t->queries[i].name : "?", 80);
		fprintf(f, "` %lld", (long long)t->queries[i].calls);
	}
	if (t->n_queries > 3)
		fprintf(f, ", %zu more", t->n_queries - 3);
	fputs(") were timed but are not listed, each under ", f);
	if (t->query_min_ns >= 0)
		dur(f, t->query_min_ns);
	else
		fputs("the threshold", f);
	fputs(": ", f);
	dur(f, t->query_total_ns);
	fputs(" in all, the longest ", f);
	dur(f, t->query_max_ns);
	fputs(". They read host state and never wait for the device.\n\n", f);
}

static void name(FILE *f, const struct oc_trace *t, int32_t op)
{
	char buf[1024];
	md(f, oc_op_label(t, op, buf, sizeof buf), 80);
}

static void api(FILE *f, const struct oc_trace *t, int32_t a)
{
	if (a < 0 || (size_t)a >= t->n_api)
		fputs("?", f);
	else
		md(f, oc_trace_str(t, t->api[a].name), 60);
}

/* Longest first; ties by start. arg is the analysis. */
static int cmp_longest(const void *x, const void *y, void *arg)
{
	const struct oc_analysis *an = arg;
	const struct oc_op *a = &an->trace->ops[an->claims[*(const size_t *)x].op];
	const struct oc_op *b = &an->trace->ops[an->claims[*(const size_t *)y].op];
	int64_t da = a->end_ns - a->start_ns, db = b->end_ns - b->start_ns;
	if (da != db)
		return da < db ? 1 : -1;
	return (a->start_ns > b->start_ns) - (a->start_ns < b->start_ns);
}

/* Hazards (docs/hazards.md): a status line, or a table of the findings. */
static void hazards(FILE *f, const struct oc_analysis *a, size_t max)
{
	const struct oc_trace *t = a->trace;
	const struct oc_hazard_status *st = &a->hazard_status;
	char b[1024], x[32];

	if (!st->checked) {
		fputs("**Hazards:** not checked: ", f);
		md(f, st->why_not ? st->why_not : "no allocation map", 300);
		fputs(".\n\n", f);
		return;
	}
	if (!a->n_hazards && !st->not_listed) {
		fprintf(f, "**Hazards:** none (%zu allocations, %zu accesses, %zu kernels with pointer "
			"arguments", st->allocations, st->accesses, st->kernels_with_args);
		if (st->launches_without_layout > 0)
			fprintf(f, "; %lld launches' arguments unknown", (long long)st->launches_without_layout);
		fputs(").\n\n", f);
		return;
	}
	fprintf(f, "### Hazards\n\n%zu pairs of ops: %zu hazard, %zu latent, %zu use after free.\n\n"
		"| kind | allocation | first (queued earlier) | second | overlap | pairs | what is missing | advice |\n"
		"| --- | --- | --- | --- | --- | --- | --- | --- |\n",
		st->pairs[OC_HAZARD] + st->pairs[OC_LATENT_HAZARD] + st->pairs[OC_USE_AFTER_FREE],
		st->pairs[OC_HAZARD], st->pairs[OC_LATENT_HAZARD], st->pairs[OC_USE_AFTER_FREE]);
	for (size_t k = 0; k < a->n_hazards && k < max; k++) {
		const struct oc_hazard *h = &a->hazards[k];
		const struct oc_hazard_access *sd[2] = { &h->first, &h->second };

		fprintf(f, "| %s%s | %s at 0x%llx (", oc_hazard_kind_name(h->kind),
			h->presumed ? " (presumed)" : "", oc_fmt_bytes((uint64_t)h->bytes, x, sizeof x),
			(unsigned long long)h->base);
		api(f, t, h->alloc_api);
		fputs(") |", f);
		for (int i = 0; i < 2; i++) {
			fputs(" ", f);
			md(f, oc_hazard_side_label(t, sd[i], b, sizeof b), 80);
			if (sd[i]->param >= 0)
				fprintf(f, " arg %d", sd[i]->param);
			fprintf(f, " %s, stream %u |", oc_hazard_access_name(sd[i], 1),
				t->streams[sd[i]->stream].stream_id);
		}
		fputs(" ", f);
		if (h->kind == OC_HAZARD)
			dur(f, h->overlap_ns);
		else
			fputs("-", f);
		fprintf(f, " | %zu", h->count);
		if (h->stream_pairs > 1)
			fprintf(f, " over %zu stream pairs", h->stream_pairs);
		fputs(" | ", f);
		md(f, oc_hazard_missing(t, h, b, sizeof b), 400);
		fputs(" | ", f);
		md(f, oc_hazard_advice(t, h, b, sizeof b), 400);
		fputs(" |\n", f);
	}
	if (a->n_hazards > max)
		fprintf(f, "\n... and %zu more findings\n", a->n_hazards - max);
	if (st->not_listed)
		fprintf(f, "\n%zu pairs are in findings past the 256 listed per kind.\n", st->not_listed);
	fputs("\n", f);
}

/* The answer in one line (the lever), where the device time went, the window, the host story. */
static void sec_time(FILE *f, const struct oc_analysis *a)
{
	const struct oc_summary *s = &a->summary;
	const struct oc_window *w = &s->window;
	char lev[600];

	if (s->time.total_ns <= 0)
		return;
	fputs("**", f);
	md(f, oc_lever_text(a, lev, sizeof lev), 590);
	fputs(".**\n\n", f);
	fputs("| where the device time went (window) | share | time |\n| --- | --- | --- |\n", f);
	for (int p = 0; p < OC_N_TIME_PARTS; p++) {
		if (p == OC_TIME_COMM_EXPOSED && !s->comm_ns)
			continue;      /* only traces with NCCL kernels have this part */
		fprintf(f, "| %s | %.1f%% | ", oc_time_part_label(p),
			100.0 * (double)s->time.ns[p] / (double)s->time.total_ns);
		dur(f, s->time.ns[p]);
		fputs(" |\n", f);
	}
	fputs("\nWindow: ", f);
	if (w->how == OC_WINDOW_STEADY)
		fputs("the steady state, ", f);
	else if (w->how == OC_WINDOW_RANGE)
		fputs("the NVTX range, ", f);
	else
		fputs(w->whole_requested ? "the whole trace (`--whole`), " : "the whole trace, ", f);
	dur(f, w->start_ns);
	fputs(" to ", f);
	dur(f, w->end_ns);
	fprintf(f, ", %zu of %zu device ops", w->ops, w->ops_total);
	if (w->lead_ops)
		fprintf(f, "; dropped %zu op(s) at the start", w->lead_ops);
	if (w->trail_ops)
		fprintf(f, "; dropped %zu op(s) at the end", w->trail_ops);
	fputs(w->how == OC_WINDOW_STEADY ? " (counts use the window; `--whole` for the whole trace)."
	      "\n\n" : ".\n\n", f);
	oc_host_story_markdown(f, a);
	oc_path_markdown(f, a);
}

/* What a limited capture recorded (docs/schema.md, "Capture"). */
static void sec_capture(FILE *f, const struct oc_trace *t)
{
	if (!t->capture_mode)
		return;
	fprintf(f, "Capture: %s", !strcmp(t->capture_mode, "nvtx") ? "NVTX range" :
		!strcmp(t->capture_mode, "all") ? "limited" : t->capture_mode);
	if (t->capture_nvtx) {
		fputs(" `", f);
		md(f, t->capture_nvtx, 200);
		fputs("`", f);
	}
	fprintf(f, ", %zu window(s) recorded", t->n_capture_windows);
	for (size_t i = 0; i < t->n_capture_windows && i < 4; i++) {
		fputs(i ? ", " : ": ", f);
		dur(f, t->capture_windows[i].start_ns);
		fputs(" to ", f);
		if (t->capture_windows[i].end_ns == INT64_MAX)
			fputs("the end", f);
		else
			dur(f, t->capture_windows[i].end_ns);
	}
	if (t->capture_stopped)
		fprintf(f, "; stopped by the %s limit", !strcmp(t->capture_stopped, "duration") ?
			"`--duration`" : "`--max-size`");
	fputs(". Nothing outside them was recorded.\n\n", f);
}

/* The claims' answer, one line per kind of claim. */
static void sec_answer(FILE *f, const struct oc_summary *s)
{
	if (!s->claims) {
		fputs("**No async device work in this trace: nothing to prove or disprove.**\n\n", f);
		return;
	}
	if (s->copy_claims) {
		fprintf(f, "**%zu of %zu async copies overlapped compute**; ", s->copy_overlapped_compute,
			s->copy_claims);
		if (s->copy_compute_overlap_share >= 0)
			fprintf(f, "%.0f%% of copy time hidden; ", s->copy_compute_overlap_share * 100);
		fprintf(f, "%zu serialized.  \n", s->copy_claims - s->copy_overlapped);
	}
	if (s->kernel_claims)
		fprintf(f, "**%zu of %zu kernels overlapped other device work**; %zu serialized.  \n",
			s->kernel_overlapped, s->kernel_claims, s->kernel_claims - s->kernel_overlapped);
	if (s->comm_claims) {
		fprintf(f, "**%zu of %zu NCCL collectives overlapped compute**; ", s->comm_overlapped,
			s->comm_claims);
		fprintf(f, "%.0f%% of communication time exposed (no compute beside it); %zu serialized.  \n",
			s->comm_ns > 0 ? 100.0 * (double)s->comm_exposed_ns / (double)s->comm_ns : 0.0,
			s->comm_claims - s->comm_overlapped);
	}
	if (s->memset_claims)
		fprintf(f, "%zu of %zu async memsets overlapped; %zu serialized.  \n", s->memset_overlapped,
			s->memset_claims, s->memset_claims - s->memset_overlapped);
	fputs("\n", f);
}

static void sec_warnings(FILE *f, const struct oc_analysis *a)
{
	for (size_t k = 0; k < a->n_warnings; k++) {
		fputs("> **Warning:** ", f);
		md(f, a->warnings[k], 900);
		fputs("\n", f);
	}
	if (a->n_warnings)
		fputs("\n", f);
}

/* The table of metrics, ending with how the program exited. */
static void sec_metrics(FILE *f, const struct oc_analysis *a)
{
	const struct oc_summary *s = &a->summary;

	fputs("| metric | value |\n| --- | --- |\n", f);
	fprintf(f, "| claims | %zu |\n| overlapped | %zu |\n| serialized | %zu |\n", s->claims, s->overlapped,
		s->serialized);
	fputs("| makespan | ", f);
	dur(f, s->makespan_ns);
	fputs(" |\n| async copy time (union) | ", f);
	dur(f, s->copy_ns);
	fputs(" |\n| copy time overlapping kernels | ", f);
	dur(f, s->copy_compute_overlap_ns);
	if (s->copy_compute_overlap_share >= 0)
		fprintf(f, " (%.1f%%)", s->copy_compute_overlap_share * 100);
	fputs(" |\n| device idle | ", f);
	dur(f, s->idle_ns);
	fprintf(f, " (%.1f%%) |\n", s->idle_share * 100);
	fprintf(f, "| hidden syncs | %zu |\n| gaps | %zu |\n", s->hidden_syncs, s->gaps);
	if (s->comm_ns > 0) {     /* only traces with NCCL kernels */
		fputs("| communication time (union) | ", f);
		dur(f, s->comm_ns);
		fputs(" |\n| exposed communication | ", f);
		dur(f, s->comm_exposed_ns);
		fprintf(f, " (%.1f%%) |\n", 100.0 * (double)s->comm_exposed_ns / (double)s->comm_ns);
	}
	for (size_t d = 0; d < a->n_devices; d++)
		fprintf(f, "| pipeline bound, device %d | %.2f (%s) |\n", a->devices[d].device_id,
			a->devices[d].sweep.pipeline_bound,
			a->devices[d].sweep.busiest >= 0 ? oc_engine_name(a->devices[d].sweep.busiest) : "-");
	for (size_t k = 0; k < a->n_bandwidth; k++)
		fprintf(f, "| bandwidth %s %s | %.2f GB/s (%zu copies) |\n", oc_copy_kind_name(a->bandwidth[k].copy_kind),
			oc_mem_kind_name(a->bandwidth[k].mem_kind), a->bandwidth[k].gbps, a->bandwidth[k].copies);
	fputs("| program exit | ", f);
	if (s->terminated_signal > 0) {
		char sig[32], at[32];

		fprintf(f, "terminated by %s at %s (records up to it complete)",
			oc_fmt_signal(s->terminated_signal, sig, sizeof sig),
			s->terminated_ns >= 0 ? oc_fmt_duration(s->terminated_ns, at, sizeof at) : "?");
	} else if (s->exit_signal > 0)
		fprintf(f, "signal %d", s->exit_signal);
	else if (s->exit_status >= 0)
		fprintf(f, "%d", s->exit_status);
	else
		fputs("unknown", f);
	fputs(s->clean_exit == 0 && s->terminated_signal <= 0 ? " (not clean)" : "", f);
	fputs(" |\n\n", f);
}

/* How many serialized claims each decisive cause decided. */
static void sec_causes(FILE *f, const struct oc_summary *s)
{
	fputs("### Causes (decisive cause of each serialized claim)\n\n| cause | claims |\n| --- | --- |\n", f);
	for (int c = 0; c < OC_N_CAUSES; c++)
		if (s->causes[c])
			fprintf(f, "| `%s` | %zu |\n", oc_cause_name(c), s->causes[c]);
}

/* The longest serialized claims in the window, then their advice folded. 0 or -1. */
static int sec_longest(FILE *f, const struct oc_analysis *a, size_t max)
{
	const struct oc_trace *t = a->trace;
	const struct oc_summary *s = &a->summary;
	size_t shown;

	fputs("\n### Longest serialized claims\n\n| start | duration | stream | kind | name | decisive "
	      "cause | contributing | advice |\n"
	      "| --- | --- | --- | --- | --- | --- | --- | --- |\n", f);
	size_t *idx = malloc((s->serialized + 1) * sizeof *idx), n = 0;
	if (!idx)
		return -1;
	for (size_t k = 0; k < a->n_claims; k++)
		if (a->claims[k].verdict == OC_VERDICT_SERIALIZED && a->claims[k].in_window)
			idx[n++] = k;
	if (n > 1)
		qsort_r(idx, n, sizeof *idx, cmp_longest, (void *)a);
	shown = 0;
	for (size_t r = 0; r < n; r++) {
		const struct oc_claim *cl = &a->claims[idx[r]];
		const struct oc_op *op = &t->ops[cl->op];
		if (shown++ >= max)
			continue;
		fputs("| ", f);
		dur(f, op->start_ns);
		fputs(" | ", f);
		dur(f, op->end_ns - op->start_ns);
		fprintf(f, " | %u | %s | ", t->streams[op->stream].stream_id, oc_op_kind_name(op->kind));
		name(f, t, cl->op);
		fprintf(f, " | `%s` | ", cl->n_evidence ? oc_cause_name(cl->evidence[0].cause) : "unknown");
		if (cl->contributing >= 0)
			fprintf(f, "`%s`", oc_cause_name(cl->evidence[cl->contributing].cause));
		fprintf(f, " | `%s` |\n", oc_advice_id((enum oc_advice)cl->advice));
	}
	free(idx);
	if (shown > max)
		fprintf(f, "\n... and %zu more\n", shown - max);
	/* each advice sentence once, with the claims it is for (JSON lists each) */
	struct oc_fold fold[12];
	size_t rest, nf = oc_fold_claim_advice(a, -1, fold, 12, &rest);
	if (nf)
		fputs("\nAdvice for the serialized claims:\n\n", f);
	for (size_t m = 0; m < nf; m++) {
		fprintf(f, "- %zu claim%s, `%s`: ", fold[m].count, fold[m].count == 1 ? "" : "s",
			oc_advice_id((enum oc_advice)fold[m].advice));
		md(f, fold[m].text, 500);
		fputs("\n", f);
	}
	if (rest)
		fprintf(f, "- ... and other advice for %zu more claim%s\n", rest, rest == 1 ? "" : "s");
	oc_fold_free(fold, nf);
	fputs("\n", f);
	return 0;
}

static void sec_hidden_syncs(FILE *f, const struct oc_analysis *a, size_t max)
{
	const struct oc_trace *t = a->trace;
	size_t shown;

	if (!a->summary.hidden_syncs)
		return;
	fputs("### Hidden synchronizations\n\n| start | call | blocked | waited for |\n| --- | --- | --- | --- |\n", f);
	shown = 0;
	for (size_t k = 0; k < a->n_blocks; k++) {
		const struct oc_block *b = &a->blocks[k];
		if (!b->hidden)
			continue;
		if (shown++ >= max)
			continue;
		fputs("| ", f);
		dur(f, b->start_ns);
		fputs(" | ", f);
		api(f, t, b->api);
		fputs(" | ", f);
		dur(f, b->blocked_ns);
		fputs(" | ", f);
		for (size_t w = 0; w < b->n_waited_for && w < 4; w++) {
			fputs(w ? ", " : "", f);
			name(f, t, b->waited_for[w]);
			fprintf(f, " (stream %u)", t->streams[t->ops[b->waited_for[w]].stream].stream_id);
		}
		fputs(" |\n", f);
	}
	if (shown > max)
		fprintf(f, "\n... and %zu more\n", shown - max);
	fputs("\n", f);
}

static void sec_gaps(FILE *f, const struct oc_analysis *a, size_t max)
{
	const struct oc_trace *t = a->trace;

	if (!a->n_gaps)
		return;
	fputs("### Idle gaps\n\n| start | duration | device | cause | next work | advice |\n"
	      "| --- | --- | --- | --- | --- | --- |\n", f);
	for (size_t k = 0; k < a->n_gaps && k < max; k++) {
		const struct oc_gap *g = &a->gaps[k];
		fputs("| ", f);
		dur(f, g->start_ns);
		fputs(" | ", f);
		dur(f, g->end_ns - g->start_ns);
		char adv[512];
		fprintf(f, " | %d | `%s` | ", g->device_id, oc_gap_cause_name(g->cause));
		name(f, t, g->next_op);
		fputs(" | ", f);
		md(f, oc_gap_advice(t, a, g, adv, sizeof adv), 500);
		fputs(" |\n", f);
	}
	if (a->n_gaps > max)
		fprintf(f, "\n... and %zu more\n", a->n_gaps - max);
	fputs("\n", f);
}

int oc_report_markdown(FILE *f, const struct oc_analysis *a, const struct oc_report_opts *ro)
{
	size_t max = ro && ro->max_rows > 0 ? (size_t)ro->max_rows : 20;

	fputs("## overlapcheck report\n\n", f);
	sec_time(f, a);
	sec_capture(f, a->trace);
	queries_line(f, a->trace);
	sec_answer(f, &a->summary);
	sec_warnings(f, a);
	sec_metrics(f, a);
	if (a->summary.serialized) {
		sec_causes(f, &a->summary);
		if (sec_longest(f, a, max))
			return -1;
	}
	sec_hidden_syncs(f, a, max);
	hazards(f, a, max);
	sec_gaps(f, a, max);
	fputs("_overlapcheck does not check the program's results._\n", f);
	fflush(f);
	return ferror(f) ? -1 : 0;
}
