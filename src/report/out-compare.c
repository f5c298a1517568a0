/*
 * out-compare.c: `overlapcheck compare` as text, Markdown and JSON
 * (compare-report.h). Only reads a finished struct oc_compare.
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "md-inline.h"
#include "overlapcheck/compare-report.h"
#include "overlapcheck/demangle.h"
#include "overlapcheck/format.h"
#include "overlapcheck/json.h"
#include "overlapcheck/tracefile.h"

static const char *fmt_pct(char *buf, size_t len, double frac)
{
	if (isnan(frac) || isinf(frac))
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, "%+.1f%%", frac * 100.0);
	return buf;
}

/* A change: "+165.0 us", "-1.225 ms", "+0 ns". */
static const char *fmt_change(char *buf, size_t len, double ns)
{
	oc_fmt_ns(buf + 1, len - 1, ns);
	if (buf[1] == '-')
		memmove(buf, buf + 1, strlen(buf + 1) + 1);
	else
		buf[0] = '+';
	return buf;
}

/* s with control bytes and backslashes escaped (oc_fput_escaped), truncated to len. */
static const char *esc(const char *s, char *buf, size_t len)
{
	FILE *f = fmemopen(buf, len, "w");

	buf[0] = '\0';
	if (f) {
		oc_fput_escaped(s, f);
		fclose(f);
	}
	buf[len - 1] = '\0';
	return buf;
}

static const char *op_display_name(const char *key, char *buf, size_t len)
{
	if (!strncmp(key, "memcpy ", 7) || !strcmp(key, "memset"))
		return key;
	return oc_demangle(key, buf, len);
}

static const char *verdict_sentence(const struct oc_compare *r)
{
	if (!strcmp(r->verdict, "speedup_from_overlap"))
		return "the candidate is faster, and the intersection it gained explains the time saved";
	if (!strcmp(r->verdict, "speedup_not_from_overlap"))
		return "the candidate is faster, but not because more work intersected";
	if (!strcmp(r->verdict, "overlap_without_speedup"))
		return "more work intersected in the candidate, but it is not faster";
	if (!strcmp(r->verdict, "slowdown"))
		return "the candidate is slower, and not because of more intersection";
	return "no change beyond noise";
}

/* "HtoD 4.0 MiB (4 copies), DtoH 4.0 MiB (4 copies), 262144 threads in 4 launches of 1 kernel" */
static const char *work_summary(const struct oc_compare_run *r, char *buf, size_t len)
{
	uint64_t threads = 0, launches = 0, kernels = 0;
	size_t off = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < r->n_work && off < len; i++) {
		const struct oc_work_item *w = &r->work[i];

		if (w->cls == OC_WORK_KERNEL) {
			threads += w->amount;
			launches += w->count;
			kernels++;
			continue;
		}
		off += (size_t)snprintf(buf + off, len - off, "%s%s %.1f MiB (%llu %s)", off ? ", " : "",
					w->cls == OC_WORK_MEMSET ? "memset" : w->key,
					(double)w->amount / (1 << 20), (unsigned long long)w->count,
					w->cls == OC_WORK_MEMSET ? "memsets" : w->count == 1 ? "copy" : "copies");
	}
	if (kernels && off < len)
		snprintf(buf + off, len - off, "%s%llu threads in %llu launch%s of %llu kernel%s",
			 off ? ", " : "", (unsigned long long)threads, (unsigned long long)launches,
			 launches == 1 ? "" : "es", (unsigned long long)kernels, kernels == 1 ? "" : "s");
	return buf;
}

/* ---- text -------------------------------------------------------------------- */

static void text_row(FILE *f, const char *what, const struct oc_compare_stat *b,
		     const struct oc_compare_stat *c, int show_spread)
{
	char x[32], y[32], m1[32], m2[32], m3[32], m4[32], d[40];
	char bb[100], cc[100];

	oc_fmt_ns(x, sizeof x, b->med);
	oc_fmt_ns(y, sizeof y, c->med);
	if (show_spread) {
		snprintf(bb, sizeof bb, "%s [%s..%s]", x, oc_fmt_ns(m1, sizeof m1, b->min),
			 oc_fmt_ns(m2, sizeof m2, b->max));
		snprintf(cc, sizeof cc, "%s [%s..%s]", y, oc_fmt_ns(m3, sizeof m3, c->min),
			 oc_fmt_ns(m4, sizeof m4, c->max));
	} else {
		snprintf(bb, sizeof bb, "%s", x);
		snprintf(cc, sizeof cc, "%s", y);
	}
	fprintf(f, "  %-24s %-30s %-30s %s\n", what, bb, cc, fmt_change(d, sizeof d, c->med - b->med));
}

int oc_compare_write_text(FILE *f, const struct oc_compare *r)
{
	const struct oc_compare_side *sides = r->side;
	const char *range = r->opts.range;
	char a[48], b[48], c[48], d[48], e[48], dm[512], w[512];
	int spread = sides[0].n > 1 || sides[1].n > 1;

	fprintf(f, "compare: %zu baseline run%s, %zu candidate run%s; boundaries: %s%s%s\n",
		sides[0].n, sides[0].n == 1 ? "" : "s", sides[1].n, sides[1].n == 1 ? "" : "s",
		range ? "NVTX range '" : "first to last device op",
		range ? range : "", range ? "' (until its work ended)" : "");
	fprintf(f, "work: %s%s\n", work_summary(&sides[0].runs[0], w, sizeof w),
		r->n_work_diffs ? " in the first baseline run; THE RUNS DIFFER (see the warnings)" :
		", the same in every run");
	fprintf(f, "verdict: %s: %s\n\n", r->verdict, verdict_sentence(r));
	fprintf(f, "  %-24s %-30s %-30s %s\n", "", spread ? "baseline median [min..max]" : "baseline",
		spread ? "candidate median [min..max]" : "candidate", "change");
	text_row(f, "total time", &r->total[0], &r->total[1], spread);
	text_row(f, "op time (sum)", &r->sum[0], &r->sum[1], spread);
	text_row(f, "intersection (sum-union)", &r->inter[0], &r->inter[1], spread);
	text_row(f, "idle", &r->idle[0], &r->idle[1], spread);
	if (range)
		text_row(f, "outside device span", &r->outside[0], &r->outside[1], spread);
	text_row(f, "copy/compute overlap", &r->cc[0], &r->cc[1], spread);
	if (r->windowed)
		text_row(f, "steady-state window", &r->win_total[0], &r->win_total[1], spread);

	fprintf(f, "\nchange: %s (%s); noise threshold %.1f%% (--noise %.1f%%, spread %.1f%% / %.1f%%)\n",
		oc_fmt_ns(a, sizeof a, -r->saved_ns), fmt_pct(b, sizeof b, r->change),
		r->threshold * 100, r->opts.noise * 100, r->spread[0] * 100, r->spread[1] * 100);
	if (r->saved_ns < 0)   /* a slowdown: the time lost, as a positive amount */
		fprintf(f, "attribution of the time lost (%s):\n", oc_fmt_ns(a, sizeof a, -r->saved_ns));
	else
		fprintf(f, "attribution of the time saved (%s):\n", oc_fmt_ns(a, sizeof a, r->saved_ns));
	fprintf(f, "  intersection gained   %12s", oc_fmt_ns(a, sizeof a, r->inter_gain_ns));
	if (!isnan(r->explained))
		fprintf(f, "   explains %.0f%% of the time saved", r->explained * 100);
	fputc('\n', f);
	fprintf(f, "  op time added         %12s   (ops slower: contention)\n",
		oc_fmt_ns(b, sizeof b, r->op_added_ns));
	fprintf(f, "  idle added            %12s\n", oc_fmt_ns(c, sizeof c, r->idle_added_ns));
	if (range)
		fprintf(f, "  outside span added    %12s\n", oc_fmt_ns(d, sizeof d, r->outside_added_ns));
	if (fabs(r->residual_ns) >= 0.5)
		fprintf(f, "  not attributed        %12s   (medians of parts do not add up)\n",
			oc_fmt_ns(e, sizeof e, r->residual_ns));

	fprintf(f, "\nper operation (time per run, median over runs; overlapped = share of its time\n"
		   "intersecting other streams):\n");
	fprintf(f, "  %-36s %6s %12s %12s %8s %10s %10s\n", "name", "count", "baseline", "candidate",
		"change", "ovl base", "ovl cand");
	for (size_t i = 0; i < r->n_ops; i++) {
		const struct oc_compare_opstat *st = &r->ops[i];
		char nm[40];

		esc(op_display_name(st->name, dm, sizeof dm), nm, sizeof nm);
		if (strlen(nm) > 35)
			memcpy(nm + 32, "...", 4);
		fprintf(f, "  %-36s %6.0f %12s %12s %8s %9.0f%% %9.0f%%%s\n", nm,
			st->present[1] ? st->count_med[1] : st->count_med[0],
			st->present[0] ? oc_fmt_ns(a, sizeof a, st->sum_med[0]) : "-",
			st->present[1] ? oc_fmt_ns(b, sizeof b, st->sum_med[1]) : "-",
			st->present[0] && st->present[1] && st->sum_med[0] > 0 ?
				fmt_pct(c, sizeof c, (st->sum_med[1] - st->sum_med[0]) / st->sum_med[0]) : "-",
			st->overlapped[0] * 100, st->overlapped[1] * 100,
			st->contention ? "  contention" : "");
	}
	if (r->n_contention)
		fprintf(f, "\n%zu operation name%s got slower while overlapped (contention).\n",
			r->n_contention, r->n_contention == 1 ? "" : "s");
	return ferror(f) ? -1 : 0;
}

/* ---- Markdown ------------------------------------------------------------------ */

static void md_row(FILE *f, const char *what, const struct oc_compare_stat *b,
		   const struct oc_compare_stat *c)
{
	char x[32], y[32], z[40], m[4][32];

	fprintf(f, "| %s | %s (%s..%s) | %s (%s..%s) | %s |\n", what,
		oc_fmt_ns(x, sizeof x, b->med), oc_fmt_ns(m[0], 32, b->min), oc_fmt_ns(m[1], 32, b->max),
		oc_fmt_ns(y, sizeof y, c->med), oc_fmt_ns(m[2], 32, c->min), oc_fmt_ns(m[3], 32, c->max),
		fmt_change(z, sizeof z, c->med - b->med));
}

int oc_compare_write_markdown(FILE *f, const struct oc_compare *r)
{
	const struct oc_compare_side *sides = r->side;
	const char *range = r->opts.range;
	char a[48], b[48], c[48], dm[512];

	fprintf(f, "## overlapcheck compare: `%s`\n\n", r->verdict);
	fprintf(f, "%c%s. Baseline: %zu run%s, candidate: %zu run%s; boundaries: ",
		toupper((unsigned char)verdict_sentence(r)[0]), verdict_sentence(r) + 1, sides[0].n, sides[0].n == 1 ? "" : "s",
		sides[1].n, sides[1].n == 1 ? "" : "s");
	if (range) {
		fputs("NVTX range ", f);
		oc_md_inline(f, range);
		fputs(".\n\n", f);
	} else {
		fputs("first to last device op.\n\n", f);
	}
	fputs("| | baseline median (min..max) | candidate median (min..max) | change |\n"
	      "|---|---|---|---|\n", f);
	md_row(f, "total time", &r->total[0], &r->total[1]);
	md_row(f, "op time (sum)", &r->sum[0], &r->sum[1]);
	md_row(f, "intersection (sum − union)", &r->inter[0], &r->inter[1]);
	md_row(f, "idle", &r->idle[0], &r->idle[1]);
	if (range)
		md_row(f, "outside device span", &r->outside[0], &r->outside[1]);
	md_row(f, "copy/compute overlap", &r->cc[0], &r->cc[1]);
	if (r->windowed)
		md_row(f, "steady-state window", &r->win_total[0], &r->win_total[1]);
	fprintf(f, "\nChange %s (%s), noise threshold %.1f%%. ", oc_fmt_ns(a, sizeof a, -r->saved_ns),
		fmt_pct(b, sizeof b, r->change), r->threshold * 100);
	fprintf(f, "Intersection gained %s", oc_fmt_ns(a, sizeof a, r->inter_gain_ns));
	if (!isnan(r->explained))
		fprintf(f, " (explains %.0f%% of the time saved)", r->explained * 100);
	fprintf(f, "; op time added %s; idle added %s.\n\n", oc_fmt_ns(b, sizeof b, r->op_added_ns),
		oc_fmt_ns(c, sizeof c, r->idle_added_ns));
	fputs("| operation | count | baseline | candidate | change | overlapped (base → cand) |\n"
	      "|---|---:|---:|---:|---:|---|\n", f);
	for (size_t i = 0; i < r->n_ops; i++) {
		const struct oc_compare_opstat *st = &r->ops[i];
		fputs("| ", f);
		oc_md_inline(f, op_display_name(st->name, dm, sizeof dm));
		fprintf(f, "%s | %.0f | %s | %s | %s | %.0f%% → %.0f%% |\n",
			st->contention ? " (contention)" : "",
			st->present[1] ? st->count_med[1] : st->count_med[0],
			st->present[0] ? oc_fmt_ns(a, sizeof a, st->sum_med[0]) : "–",
			st->present[1] ? oc_fmt_ns(b, sizeof b, st->sum_med[1]) : "–",
			st->present[0] && st->present[1] && st->sum_med[0] > 0 ?
				fmt_pct(c, sizeof c, (st->sum_med[1] - st->sum_med[0]) / st->sum_med[0]) : "–",
			st->overlapped[0] * 100, st->overlapped[1] * 100);
	}
	return ferror(f) ? -1 : 0;
}

/* ---- JSON ---------------------------------------------------------------------- */

/* Times in JSON are integer ns; a median of an even count rounds to the ns. */
static void json_ns(struct oc_json *j, const char *key, double ns)
{
	oc_json_kv_int(j, key, (int64_t)llround(ns));
}

static void json_stat(struct oc_json *j, const char *key, const struct oc_compare_stat *s)
{
	oc_json_key(j, key);
	oc_json_begin_object(j);
	json_ns(j, "median", s->med);
	json_ns(j, "min", s->min);
	json_ns(j, "max", s->max);
	oc_json_end_object(j);
}

int oc_compare_write_json(FILE *f, const struct oc_compare *r)
{
	const struct oc_compare_side *sides = r->side;
	const char *range = r->opts.range;
	struct oc_json j;
	char dm[512];

	oc_json_init(&j, f, 1);
	oc_json_begin_object(&j);
	oc_json_kv_string(&j, "verdict", r->verdict);
	oc_json_kv_string(&j, "boundaries", range ? "range" : "device_span");
	oc_json_kv_string(&j, "range", range);
	oc_json_kv_bool(&j, "same_work", r->n_work_diffs == 0);
	oc_json_key(&j, "work");   /* of the first baseline trace */
	oc_json_begin_array(&j);
	for (size_t i = 0; i < sides[0].runs[0].n_work; i++) {
		const struct oc_work_item *w = &sides[0].runs[0].work[i];

		oc_json_begin_object(&j);
		oc_json_kv_string(&j, "class", w->cls == OC_WORK_KERNEL ? "kernel" :
				  w->cls == OC_WORK_MEMSET ? "memset" : "copy");
		oc_json_kv_string(&j, "key", w->key);
		oc_json_kv_uint(&j, w->cls == OC_WORK_KERNEL ? "threads" : "bytes", w->amount);
		oc_json_kv_uint(&j, "count", w->count);
		oc_json_end_object(&j);
	}
	oc_json_end_array(&j);
	oc_json_key(&j, "work_differences");
	oc_json_begin_array(&j);
	for (size_t i = 0; i < r->n_work_diffs; i++)
		oc_json_string(&j, r->work_diffs[i]);
	oc_json_end_array(&j);
	for (int k = 0; k < 2; k++) {
		const struct oc_compare_side *s = &sides[k];
		oc_json_key(&j, s->label);
		oc_json_begin_object(&j);
		oc_json_key(&j, "traces");
		oc_json_begin_array(&j);
		for (size_t i = 0; i < s->n; i++) {
			const struct oc_compare_run *ru = &s->runs[i];
			oc_json_begin_object(&j);
			oc_json_kv_string(&j, "path", ru->path);
			oc_json_kv_int(&j, "total_ns", ru->total_ns);
			oc_json_kv_int(&j, "span_ns", ru->span_ns);
			oc_json_kv_int(&j, "op_sum_ns", ru->sum_ns);
			oc_json_kv_int(&j, "busy_ns", ru->busy_ns);
			oc_json_kv_int(&j, "intersection_ns", ru->inter_ns);
			oc_json_kv_int(&j, "idle_ns", ru->idle_ns);
			oc_json_kv_int(&j, "copy_compute_overlap_ns", ru->copy_compute_ns);
			oc_json_kv_int(&j, "async_copy_ns", ru->async_copy_ns);
			oc_json_kv_int(&j, "ops", (int64_t)ru->n_ops);
			oc_json_kv_int(&j, "dropped_records", ru->dropped);
			oc_json_kv_int(&j, "incomplete_records", ru->incomplete);
			if (range)
				oc_json_kv_int(&j, "ranges", ru->n_ranges);
			oc_json_end_object(&j);
		}
		oc_json_end_array(&j);
		json_stat(&j, "total_ns", &r->total[k]);
		json_stat(&j, "op_sum_ns", &r->sum[k]);
		json_stat(&j, "intersection_ns", &r->inter[k]);
		json_stat(&j, "idle_ns", &r->idle[k]);
		json_stat(&j, "outside_span_ns", &r->outside[k]);
		json_stat(&j, "copy_compute_overlap_ns", &r->cc[k]);
		if (r->windowed)
			json_stat(&j, "window_total_ns", &r->win_total[k]);
		oc_json_kv_double(&j, "spread", r->spread[k]);
		oc_json_end_object(&j);
	}
	oc_json_kv_double(&j, "noise_threshold", r->threshold);
	oc_json_kv_double(&j, "change", r->change);
	oc_json_key(&j, "window_change");
	if (r->windowed)
		oc_json_double(&j, r->win_change);
	else
		oc_json_null(&j);
	oc_json_key(&j, "attribution");
	oc_json_begin_object(&j);
	json_ns(&j, "time_saved_ns", r->saved_ns);
	json_ns(&j, "intersection_gained_ns", r->inter_gain_ns);
	oc_json_kv_double(&j, "explained", r->explained);   /* null when nothing was saved */
	json_ns(&j, "op_time_added_ns", r->op_added_ns);
	json_ns(&j, "idle_added_ns", r->idle_added_ns);
	json_ns(&j, "outside_span_added_ns", r->outside_added_ns);
	json_ns(&j, "not_attributed_ns", r->residual_ns);
	oc_json_end_object(&j);
	oc_json_key(&j, "operations");
	oc_json_begin_array(&j);
	for (size_t i = 0; i < r->n_ops; i++) {
		const struct oc_compare_opstat *st = &r->ops[i];
		oc_json_begin_object(&j);
		oc_json_kv_string(&j, "name", op_display_name(st->name, dm, sizeof dm));
		oc_json_kv_string(&j, "mangled", st->name);
		for (int k = 0; k < 2; k++) {
			oc_json_key(&j, sides[k].label);
			if (!st->present[k]) {
				oc_json_null(&j);
				continue;
			}
			oc_json_begin_object(&j);
			oc_json_kv_double(&j, "count", st->count_med[k]);
			json_ns(&j, "time_per_run_ns", st->sum_med[k]);
			json_ns(&j, "median_duration_ns", st->inst_med[k]);
			oc_json_kv_double(&j, "overlapped", st->overlapped[k]);
			oc_json_end_object(&j);
		}
		oc_json_kv_bool(&j, "contention", st->contention);
		oc_json_end_object(&j);
	}
	oc_json_end_array(&j);
	oc_json_end_object(&j);
	return oc_json_finish(&j) < 0 ? -1 : 0;
}
