/*
 * cmd-check.c: `overlapcheck check [RULES...] TRACE...`, the CI gate.
 *
 * Each trace is opened, scoped (--range, --device) and analysed
 * (analysis.h) on its own; the rules (rules.h) are then decided on the
 * analysis summary of each trace and, when there are several traces, on all
 * of them together (sums of the same quantities, so shares are weighted by
 * time, not averaged). Every decision becomes a struct oc_rule_result with
 * the measured value, a one-line message and, for a failure, the evidence:
 * the worst claims with their causes, the longest hidden synchronizations or
 * idle gaps. The writers only print those results: text (default), JSON,
 * JUnit XML (--junit FILE) and, when GITHUB_ACTIONS is set, GitHub workflow
 * commands.
 *
 * Exit status: 0 every rule holds everywhere, 1 any rule fails, 2 usage or
 * input error (checked before anything is printed: bad rules first, then
 * every trace must load and analyse, and at least one must have device ops
 * in scope: a gate that measured nothing does not pass).
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd-util.h"
#include "cmds.h"
#include "overlapcheck/demangle.h"
#include "overlapcheck/analysis.h"
#include "overlapcheck/json.h"
#include "overlapcheck/rules.h"
#include "overlapcheck/trace.h"
#include "overlapcheck/tracefile.h"

#define DEFAULT_EVIDENCE 5

struct opts {
	const char *range;
	int device;
	const char *junit;
	const char *output;
	enum cmd_format format;
	int evidence;            /* worst items listed per failure */
};

/* What the rules measure, summable over traces. */
struct totals {
	int64_t copy_ns, copy_compute_ns;
	int64_t claims, overlapped;
	int64_t hidden_syncs;
	int64_t makespan_ns, idle_ns;
	int64_t dropped;         /* -1 when unknown in any trace */
	int64_t *cause_hits;     /* per rule: claims + gaps with the forbidden cause */
};

static void usage(FILE *f)
{
	fprintf(f,
"usage: overlapcheck check [OPTIONS] [RULES...] TRACE...\n"
"\n"
"CI gate: decide overlap rules on each trace and on all traces together.\n"
"\n"
"Rules (at least one, as options or in a rules file):\n"
"  --min-overlap F            copy/compute overlap share >= F (0.5 or 50%%)\n"
"  --min-overlapped-claims F  overlapped claims / claims >= F\n"
"  --no-hidden-sync           no hidden synchronization\n"
"  --max-idle F               idle share of the makespan <= F\n"
"  --forbid-cause CODE        no serialized claim or idle gap with this cause\n"
"                             (repeatable; codes as in `overlapcheck report`)\n"
"  --max-dropped N            at most N dropped records\n"
"  --rules FILE               read rules from FILE: one a line, `# comments`\n"
"\n"
"Options:\n"
"  --range NAME               check only work queued inside NVTX ranges NAME\n"
"  --device N                 check only device N\n"
"  --junit FILE               also write JUnit XML to FILE\n"
"  --format text|json|markdown  output format (default text)\n"
"  -o, --output FILE          write the output to FILE\n"
"  --evidence N               worst items listed per failure (default %d)\n"
"  -h, --help                 this help\n"
"\n"
"With GITHUB_ACTIONS set, failures also print as ::error annotations.\n"
"Exit status: 0 all rules hold, 1 a rule failed, 2 usage or input error.\n"
"See docs/check.md.\n", DEFAULT_EVIDENCE);
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static const char *fmt_bytes(char *buf, size_t len, uint64_t b)
{
	if (b >= (1u << 20))
		snprintf(buf, len, "%.1f MiB", (double)b / (1 << 20));
	else if (b >= 1024)
		snprintf(buf, len, "%.1f KiB", (double)b / 1024);
	else
		snprintf(buf, len, "%llu B", (unsigned long long)b);
	return buf;
}

/* ---- describing what the analysis found -------------------------------------- */

/* "kernel scale(float*, int) on stream 13 (non_blocking)" */
static const char *op_text(const struct oc_trace *t, int32_t idx, char *buf, size_t len)
{
	const struct oc_op *op;
	const struct oc_stream *st;
	char what[400], dm[512], b[32];

	if (idx < 0 || (size_t)idx >= t->n_ops) {
		snprintf(buf, len, "(unknown op)");
		return buf;
	}
	op = &t->ops[idx];
	if (op->kind == OC_OP_KERNEL) {
		snprintf(what, sizeof what, "kernel %s", oc_demangle(oc_trace_str(t, op->name), dm, sizeof dm));
	} else if (op->kind == OC_OP_MEMSET) {
		snprintf(what, sizeof what, "memset %s", fmt_bytes(b, sizeof b, op->bytes));
	} else {
		snprintf(what, sizeof what, "memcpy %s %s %s->%s",
			 op->kind == OC_OP_MEMCPY_PEER ? "PtoP" : oc_copy_kind_name(op->copy_kind),
			 fmt_bytes(b, sizeof b, op->bytes), oc_mem_kind_name(op->src_kind),
			 oc_mem_kind_name(op->dst_kind));
	}
	st = op->stream >= 0 && (size_t)op->stream < t->n_streams ? &t->streams[op->stream] : NULL;
	snprintf(buf, len, "%s on stream %u (%s)", what, op->stream_id,
		 st ? oc_stream_kind_name(st->kind) : "unknown");
	return buf;
}

static const char *api_name(const struct oc_trace *t, int32_t idx)
{
	if (idx < 0 || (size_t)idx >= t->n_api)
		return "(no API call recorded)";
	return oc_trace_str(t, t->api[idx].name);
}

/* Short proof of one cause, e.g. "host_synchronization (cudaStreamSynchronize blocked 1.2 ms)". */
static void cause_text(const struct oc_analysis *a, const struct oc_evidence *e, char *buf, size_t len)
{
	const struct oc_trace *t = a->trace;
	char x[32], y[400];

	switch (e->cause) {
	case OC_CAUSE_PAGEABLE_HOST_MEMORY:
		snprintf(buf, len, "%s (host memory is pageable)", oc_cause_name(e->cause));
		break;
	case OC_CAUSE_HOST_SYNCHRONIZATION:
		if (e->block >= 0 && (size_t)e->block < a->n_blocks) {
			const struct oc_block *bl = &a->blocks[e->block];
			snprintf(buf, len, "%s (%s%s blocked %s)", oc_cause_name(e->cause),
				 bl->hidden ? "hidden sync in " : "", api_name(t, bl->api),
				 cmd_fmt_ns(x, sizeof x, (double)bl->blocked_ns));
		} else {
			snprintf(buf, len, "%s (%s)", oc_cause_name(e->cause), api_name(t, e->api));
		}
		break;
	case OC_CAUSE_SUBMITTED_LATE:
		snprintf(buf, len, "%s (%s started %s after the op it followed ended)",
			 oc_cause_name(e->cause), api_name(t, e->api),
			 cmd_fmt_ns(x, sizeof x, (double)(e->ts_ns - e->ref_ns)));
		break;
	case OC_CAUSE_EVENT_DEPENDENCY:
		snprintf(buf, len, "%s (waited for event %lld)", oc_cause_name(e->cause),
			 (long long)e->event_id);
		break;
	case OC_CAUSE_LEGACY_DEFAULT_STREAM:
	case OC_CAUSE_DEFAULT_STREAM_IMPLICIT_SYNC:
	case OC_CAUSE_SM_SATURATION:
		if (e->op >= 0) {
			snprintf(buf, len, "%s (%s)", oc_cause_name(e->cause), op_text(t, e->op, y, sizeof y));
			break;
		}
		/* fall through */
	default:
		snprintf(buf, len, "%s", oc_cause_name(e->cause));
		break;
	}
}

/* "memcpy HtoD 8.0 MiB pageable->device on stream 13 (blocking), 1.234 ms at 5.000 ms,
 *  via cudaMemcpyAsync: serialized: pageable_host_memory (...), submitted_late (...)" */
static void claim_text(const struct oc_analysis *a, const struct oc_claim *c, char *buf, size_t len)
{
	const struct oc_trace *t = a->trace;
	const struct oc_op *op = &t->ops[c->op];
	char what[600], d[32], s[32], cause[600];
	size_t off;

	op_text(t, c->op, what, sizeof what);
	off = (size_t)snprintf(buf, len, "%s, %s at %s, via %s: %s", what,
			       cmd_fmt_ns(d, sizeof d, (double)(op->end_ns - op->start_ns)),
			       cmd_fmt_ns(s, sizeof s, (double)op->start_ns), api_name(t, c->api),
			       oc_verdict_name(c->verdict));
	if (c->verdict == OC_VERDICT_OVERLAPPED && off < len)
		off += (size_t)snprintf(buf + off, len - off, " %.0f%%", c->overlap_ratio * 100);
	for (size_t i = 0; i < c->n_evidence && off < len; i++) {
		cause_text(a, &c->evidence[i], cause, sizeof cause);
		off += (size_t)snprintf(buf + off, len - off, "%s%s", i ? ", " : ": ", cause);
	}
}

static int64_t op_dur(const struct oc_trace *t, int32_t op)
{
	return t->ops[op].end_ns - t->ops[op].start_ns;
}

static int claim_has_cause(const struct oc_claim *c, int cause)
{
	for (size_t i = 0; i < c->n_evidence; i++)
		if ((int)c->evidence[i].cause == cause)
			return 1;
	return 0;
}

/*
 * Evidence selection. A score says how bad item i is (larger is worse); an
 * item scoring <= 0 is not evidence for the rule. Scores add 1 to durations
 * so that a zero-length offender still counts.
 */
struct pick {
	const struct oc_analysis *a;
	int cause;                 /* score_cause_claim, score_gap: the code; -1 any gap */
};

/* copy time that no kernel hid */
static int64_t score_unhidden_copy(const struct pick *p, size_t i)
{
	const struct oc_claim *c = &p->a->claims[i];
	return oc_op_is_async_copy(&p->a->trace->ops[c->op]) ? op_dur(p->a->trace, c->op) - c->compute_ns : 0;
}

static int64_t score_serialized(const struct pick *p, size_t i)
{
	const struct oc_claim *c = &p->a->claims[i];
	return c->verdict == OC_VERDICT_SERIALIZED ? op_dur(p->a->trace, c->op) + 1 : 0;
}

static int64_t score_cause_claim(const struct pick *p, size_t i)
{
	const struct oc_claim *c = &p->a->claims[i];
	return c->verdict == OC_VERDICT_SERIALIZED && claim_has_cause(c, p->cause) ?
	       op_dur(p->a->trace, c->op) + 1 : 0;
}

static int64_t score_hidden_block(const struct pick *p, size_t i)
{
	const struct oc_block *b = &p->a->blocks[i];
	return b->hidden ? b->blocked_ns + 1 : 0;
}

static int64_t score_gap(const struct pick *p, size_t i)
{
	const struct oc_gap *g = &p->a->gaps[i];
	return p->cause < 0 || (int)g->cause == p->cause ? g->end_ns - g->start_ns + 1 : 0;
}

/*
 * The (at most) n worst of count items, worst first, earliest first on ties,
 * into out[]. Returns how many were picked; *matched gets how many scored > 0.
 */
static size_t worst(const struct pick *p, int64_t (*score)(const struct pick *, size_t), size_t count,
		    size_t *out, int64_t *best, size_t n, size_t *matched)
{
	size_t have = 0;

	*matched = 0;
	for (size_t i = 0; i < count; i++) {
		int64_t sc = score(p, i);
		size_t k;

		if (sc <= 0)
			continue;
		(*matched)++;
		for (k = have; k > 0 && best[k - 1] < sc; k--)
			if (k < n) {
				best[k] = best[k - 1];
				out[k] = out[k - 1];
			}
		if (k < n) {
			best[k] = sc;
			out[k] = i;
			if (have < n)
				have++;
		}
	}
	return have;
}

enum evidence_kind { EV_CLAIMS, EV_BLOCKS, EV_GAPS };

/* Add the n worst items of one kind as evidence lines, then "... and N more". */
static void add_evidence(struct oc_rule_result *r, const struct oc_analysis *a, enum evidence_kind kind,
			 int64_t (*score)(const struct pick *, size_t), int cause, int n)
{
	struct pick p = { a, cause };
	size_t count = kind == EV_CLAIMS ? a->n_claims : kind == EV_BLOCKS ? a->n_blocks : a->n_gaps;
	size_t *idx = calloc((size_t)n + 1, sizeof *idx), have, matched;
	int64_t *best = calloc((size_t)n + 1, sizeof *best);
	char line[2048], x[32], y[32], w[600];

	if (!idx || !best) {
		fputs("overlapcheck check: out of memory\n", stderr);
		exit(OC_EXIT_USAGE);
	}
	have = worst(&p, score, count, idx, best, (size_t)n, &matched);
	for (size_t i = 0; i < have; i++) {
		if (kind == EV_CLAIMS) {
			claim_text(a, &a->claims[idx[i]], line, sizeof line);
			oc_result_evidence(r, "%s", line);
		} else if (kind == EV_BLOCKS) {
			const struct oc_block *b = &a->blocks[idx[i]];

			w[0] = '\0';
			if (b->n_waited_for)
				op_text(a->trace, b->waited_for[b->n_waited_for - 1], w, sizeof w);
			oc_result_evidence(r, "%s (thread %u) at %s blocked %s waiting for %zu op%s%s%s",
					   api_name(a->trace, b->api), b->tid,
					   cmd_fmt_ns(x, sizeof x, (double)b->start_ns),
					   cmd_fmt_ns(y, sizeof y, (double)b->blocked_ns), b->n_waited_for,
					   b->n_waited_for == 1 ? "" : "s", w[0] ? ", the last: " : "", w);
		} else {
			const struct oc_gap *g = &a->gaps[idx[i]];

			op_text(a->trace, g->next_op, w, sizeof w);
			oc_result_evidence(r, "device %d idle %s at %s: %s; next: %s%s%s", g->device_id,
					   cmd_fmt_ns(x, sizeof x, (double)(g->end_ns - g->start_ns)),
					   cmd_fmt_ns(y, sizeof y, (double)g->start_ns),
					   oc_gap_cause_name(g->cause), w, g->api >= 0 ? " via " : "",
					   g->api >= 0 ? api_name(a->trace, g->api) : "");
		}
	}
	if (matched > have)
		oc_result_evidence(r, "... and %zu more%s", matched - have,
				   kind == EV_GAPS ? (matched - have == 1 ? " gap" : " gaps") : "");
	free(idx);
	free(best);
}

/* ---- deciding ---------------------------------------------------------------- */

static double share(int64_t num, int64_t den)
{
	return den > 0 ? (double)num / (double)den : NAN;
}

/* Claims and gaps that carry the forbidden code. */
static int64_t count_cause(const struct oc_analysis *a, const char *code)
{
	int cc = oc_cause_from_name(code), gc = oc_gap_cause_from_name(code);
	int64_t n = 0;

	for (size_t i = 0; cc >= 0 && i < a->n_claims; i++)
		n += a->claims[i].verdict == OC_VERDICT_SERIALIZED && claim_has_cause(&a->claims[i], cc);
	for (size_t i = 0; gc >= 0 && i < a->n_gaps; i++)
		n += (int)a->gaps[i].cause == gc;
	return n;
}

/* Measure one trace's analysis into *tot (added to the aggregate by the caller). */
static void measure(struct totals *tot, const struct oc_analysis *a, const struct oc_rules *rules)
{
	const struct oc_summary *s = &a->summary;

	tot->copy_ns = s->copy_ns;
	tot->copy_compute_ns = s->copy_compute_overlap_ns;
	tot->claims = (int64_t)s->claims;
	tot->overlapped = (int64_t)s->overlapped;
	tot->hidden_syncs = (int64_t)s->hidden_syncs;
	tot->makespan_ns = s->makespan_ns;
	tot->idle_ns = s->idle_ns;
	tot->dropped = s->dropped_records;
	for (size_t i = 0; i < rules->n; i++)
		tot->cause_hits[i] = rules->v[i].kind == OC_RULE_FORBID_CAUSE ?
				     count_cause(a, rules->v[i].cause) : 0;
}

/*
 * Decide every rule on the totals. a is the trace's analysis for evidence,
 * or NULL for the aggregate, whose evidence is each trace's value.
 */
static void decide(struct oc_check_suite *suite, const struct oc_rules *rules,
		   const struct totals *tot, const struct oc_analysis *a,
		   const struct oc_check_suite *per_trace, size_t n_traces, const struct opts *o)
{
	char x[32], y[32];

	for (size_t i = 0; i < rules->n; i++) {
		const struct oc_rule *rule = &rules->v[i];
		struct oc_rule_result *r;
		double m = NAN;
		int cc, gc;

		switch (rule->kind) {
		case OC_RULE_MIN_OVERLAP:
			m = share(tot->copy_compute_ns, tot->copy_ns);
			break;
		case OC_RULE_MIN_OVERLAPPED_CLAIMS:
			m = share(tot->overlapped, tot->claims);
			break;
		case OC_RULE_NO_HIDDEN_SYNC:
			m = (double)tot->hidden_syncs;
			break;
		case OC_RULE_MAX_IDLE:
			m = share(tot->idle_ns, tot->makespan_ns);
			break;
		case OC_RULE_FORBID_CAUSE:
			m = (double)tot->cause_hits[i];
			break;
		case OC_RULE_MAX_DROPPED:
			m = tot->dropped < 0 ? NAN : (double)tot->dropped;
			break;
		case OC_RULE__COUNT:
			break;
		}
		/* An unknown dropped count cannot prove the limit: fail, not skip. */
		r = oc_suite_add(suite, rule, rule->kind == OC_RULE_MAX_DROPPED && isnan(m) ?
				 OC_RULE_FAIL : oc_rule_decide(rule, m), m);

		switch (rule->kind) {
		case OC_RULE_MIN_OVERLAP:
			if (isnan(m))
				oc_result_message(r, "no async copies: nothing to overlap");
			else
				oc_result_message(r, "%s of %s async copy time overlapped compute",
						  cmd_fmt_ns(x, sizeof x, (double)tot->copy_compute_ns),
						  cmd_fmt_ns(y, sizeof y, (double)tot->copy_ns));
			if (a && r->status == OC_RULE_FAIL)
				add_evidence(r, a, EV_CLAIMS, score_unhidden_copy, -1, o->evidence);
			break;
		case OC_RULE_MIN_OVERLAPPED_CLAIMS:
			if (isnan(m))
				oc_result_message(r, "no claims: no async device work");
			else
				oc_result_message(r, "%lld of %lld claims overlapped", (long long)tot->overlapped,
						  (long long)tot->claims);
			if (a && r->status == OC_RULE_FAIL)
				add_evidence(r, a, EV_CLAIMS, score_serialized, -1, o->evidence);
			break;
		case OC_RULE_NO_HIDDEN_SYNC:
			oc_result_message(r, "%lld hidden synchronization%s", (long long)tot->hidden_syncs,
					  tot->hidden_syncs == 1 ? "" : "s");
			if (a && r->status == OC_RULE_FAIL)
				add_evidence(r, a, EV_BLOCKS, score_hidden_block, -1, o->evidence);
			break;
		case OC_RULE_MAX_IDLE:
			if (isnan(m))
				oc_result_message(r, "no device work: no makespan");
			else
				oc_result_message(r, "device idle %s of a %s makespan",
						  cmd_fmt_ns(x, sizeof x, (double)tot->idle_ns),
						  cmd_fmt_ns(y, sizeof y, (double)tot->makespan_ns));
			if (a && r->status == OC_RULE_FAIL)
				add_evidence(r, a, EV_GAPS, score_gap, -1, o->evidence);
			break;
		case OC_RULE_FORBID_CAUSE:
			oc_result_message(r, "%lld serialized claim%s or idle gap%s with cause %s",
					  (long long)tot->cause_hits[i], tot->cause_hits[i] == 1 ? "" : "s",
					  tot->cause_hits[i] == 1 ? "" : "s", rule->cause);
			if (a && r->status == OC_RULE_FAIL) {
				cc = oc_cause_from_name(rule->cause);
				gc = oc_gap_cause_from_name(rule->cause);
				if (cc >= 0)
					add_evidence(r, a, EV_CLAIMS, score_cause_claim, cc, o->evidence);
				if (gc >= 0)
					add_evidence(r, a, EV_GAPS, score_gap, gc, o->evidence);
			}
			break;
		case OC_RULE_MAX_DROPPED:
			if (isnan(m))
				oc_result_message(r, "the dropped-record count is unknown (the trace does not "
						  "record it): the limit cannot be proven");
			else
				oc_result_message(r, "%lld dropped record%s", (long long)tot->dropped,
						  tot->dropped == 1 ? "" : "s");
			break;
		case OC_RULE__COUNT:
			break;
		}
		/* aggregate: each trace's own value is the evidence */
		if (!a && r->status == OC_RULE_FAIL) {
			for (size_t t = 0; t < n_traces; t++) {
				const struct oc_rule_result *pr = &per_trace[t].results[i];
				oc_result_evidence(r, "%s: %s (%s)", per_trace[t].name,
						   oc_rule_value_text(rule, pr->measured, x, sizeof x),
						   pr->status == OC_RULE_PASS ? "pass" :
						   pr->status == OC_RULE_FAIL ? "FAIL" : "skip");
			}
		}
	}
}

/* ---- output -------------------------------------------------------------------- */

static const char *status_text(enum oc_rule_status st)
{
	return st == OC_RULE_PASS ? "pass" : st == OC_RULE_FAIL ? "FAIL" : "skip";
}

static const char *relation(const struct oc_rule *rule)
{
	switch (rule->kind) {
	case OC_RULE_MIN_OVERLAP:
	case OC_RULE_MIN_OVERLAPPED_CLAIMS:
		return ">=";
	case OC_RULE_NO_HIDDEN_SYNC:
	case OC_RULE_FORBID_CAUSE:
		return "==";
	default:
		return "<=";
	}
}

/* Text output: strings from the trace go through oc_fput_escaped(). */
static void print_text(FILE *f, const struct oc_check_suite *suites, size_t n, const struct opts *o)
{
	size_t failed = 0, total = 0, width = 0;
	char label[256], v[32], l[32];

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < suites[i].n_results; j++) {
			const struct oc_rule *rule = suites[i].results[j].rule;
			size_t w = strlen(rule->kind == OC_RULE_FORBID_CAUSE ?
					  oc_rule_label(rule, label, sizeof label) : oc_rule_name(rule->kind));
			if (w > width)
				width = w;
		}
	for (size_t i = 0; i < n; i++) {
		const struct oc_check_suite *s = &suites[i];

		oc_fput_escaped(s->name, f);
		if (o->range) {
			fputs(" (range '", f);
			oc_fput_escaped(o->range, f);
			fputs("')", f);
		}
		fputc('\n', f);
		for (size_t j = 0; j < s->n_warnings; j++) {
			fputs("  warning: ", f);
			oc_fput_escaped(s->warnings[j], f);
			fputc('\n', f);
		}
		for (size_t j = 0; j < s->n_results; j++) {
			const struct oc_rule_result *r = &s->results[j];
			const char *name = r->rule->kind == OC_RULE_FORBID_CAUSE ?
					   oc_rule_label(r->rule, label, sizeof label) : oc_rule_name(r->rule->kind);

			fprintf(f, "  %s  %-*s  %8s %s %-7s  ", status_text(r->status), (int)width, name,
				oc_rule_value_text(r->rule, r->measured, v, sizeof v), relation(r->rule),
				oc_rule_limit_text(r->rule, l, sizeof l));
			oc_fput_escaped(r->message ? r->message : "", f);
			fputc('\n', f);
			for (size_t k = 0; k < r->n_evidence; k++) {
				fputs("        ", f);
				oc_fput_escaped(r->evidence[k], f);
				fputc('\n', f);
			}
			failed += r->status == OC_RULE_FAIL;
			total++;
		}
	}
	if (failed)
		fprintf(f, "check: FAILED: %zu of %zu rule checks failed\n", failed, total);
	else
		fprintf(f, "check: ok: %zu rule checks passed or had nothing to measure\n", total);
}

/* Markdown, for CI job summaries: one table per suite, evidence as lists. */
static void print_markdown(FILE *f, const struct oc_check_suite *suites, size_t n, const struct opts *o)
{
	size_t failed = 0, total = 0;
	char label[256], v[32], l[32];

	for (size_t i = 0; i < n; i++) {
		failed += oc_suite_failures(&suites[i]);
		total += suites[i].n_results;
	}
	if (failed)
		fprintf(f, "## overlapcheck check: FAILED (%zu of %zu rule checks)\n", failed, total);
	else
		fprintf(f, "## overlapcheck check: ok (%zu rule checks)\n", total);
	for (size_t i = 0; i < n; i++) {
		const struct oc_check_suite *s = &suites[i];

		fputs("\n### ", f);
		cmd_md_escape(f, s->name);
		if (o->range) {
			fputs(" (range ", f);
			cmd_md_escape(f, o->range);
			fputs(")", f);
		}
		fputs("\n\n", f);
		for (size_t j = 0; j < s->n_warnings; j++) {
			fputs("> **warning:** ", f);
			cmd_md_escape(f, s->warnings[j]);
			fputs("\n\n", f);
		}
		fputs("| status | rule | measured | limit | what was measured |\n"
		      "|---|---|---:|---|---|\n", f);
		for (size_t j = 0; j < s->n_results; j++) {
			const struct oc_rule_result *r = &s->results[j];

			fprintf(f, "| %s | ", r->status == OC_RULE_FAIL ? "**FAIL**" : status_text(r->status));
			cmd_md_escape(f, oc_rule_label(r->rule, label, sizeof label));
			fprintf(f, " | %s | %s %s | ", oc_rule_value_text(r->rule, r->measured, v, sizeof v),
				relation(r->rule), oc_rule_limit_text(r->rule, l, sizeof l));
			cmd_md_escape(f, r->message ? r->message : "");
			fputs(" |\n", f);
		}
		for (size_t j = 0; j < s->n_results; j++) {
			const struct oc_rule_result *r = &s->results[j];

			if (!r->n_evidence)
				continue;
			fputs("\n**", f);
			cmd_md_escape(f, oc_rule_label(r->rule, label, sizeof label));
			fputs("** evidence:\n\n", f);
			for (size_t k = 0; k < r->n_evidence; k++) {
				fputs("- ", f);
				cmd_md_escape(f, r->evidence[k]);
				fputc('\n', f);
			}
		}
	}
}

static void print_json(FILE *f, const struct oc_check_suite *suites, size_t n, const struct opts *o)
{
	struct oc_json j;
	size_t failed = 0;

	for (size_t i = 0; i < n; i++)
		failed += oc_suite_failures(&suites[i]);
	oc_json_init(&j, f, 1);
	oc_json_begin_object(&j);
	oc_json_kv_bool(&j, "ok", failed == 0);
	oc_json_kv_uint(&j, "failures", failed);
	oc_json_kv_string(&j, "range", o->range);
	if (o->device >= 0)
		oc_json_kv_int(&j, "device", o->device);
	else
		oc_json_kv_null(&j, "device");
	oc_json_key(&j, "suites");
	oc_json_begin_array(&j);
	for (size_t i = 0; i < n; i++) {
		const struct oc_check_suite *s = &suites[i];

		oc_json_begin_object(&j);
		oc_json_kv_string(&j, "name", s->name);
		oc_json_kv_bool(&j, "aggregate", n > 1 && i == n - 1);
		oc_json_key(&j, "warnings");
		oc_json_begin_array(&j);
		for (size_t k = 0; k < s->n_warnings; k++)
			oc_json_string(&j, s->warnings[k]);
		oc_json_end_array(&j);
		oc_json_key(&j, "rules");
		oc_json_begin_array(&j);
		for (size_t k = 0; k < s->n_results; k++) {
			const struct oc_rule_result *r = &s->results[k];

			oc_json_begin_object(&j);
			oc_json_kv_string(&j, "rule", oc_rule_name(r->rule->kind));
			if (r->rule->kind == OC_RULE_FORBID_CAUSE)
				oc_json_kv_string(&j, "cause", r->rule->cause);
			if (r->rule->kind == OC_RULE_NO_HIDDEN_SYNC || r->rule->kind == OC_RULE_FORBID_CAUSE)
				oc_json_kv_int(&j, "limit", 0);
			else
				oc_json_kv_double(&j, "limit", r->rule->limit);
			oc_json_kv_double(&j, "measured", r->measured);   /* null: nothing to measure */
			oc_json_kv_string(&j, "status", r->status == OC_RULE_PASS ? "pass" :
					  r->status == OC_RULE_FAIL ? "fail" : "skip");
			oc_json_kv_string(&j, "message", r->message);
			oc_json_kv_string(&j, "origin", r->rule->origin);
			oc_json_key(&j, "evidence");
			oc_json_begin_array(&j);
			for (size_t e = 0; e < r->n_evidence; e++)
				oc_json_string(&j, r->evidence[e]);
			oc_json_end_array(&j);
			oc_json_end_object(&j);
		}
		oc_json_end_array(&j);
		oc_json_end_object(&j);
	}
	oc_json_end_array(&j);
	oc_json_end_object(&j);
	oc_json_finish(&j);
}

/* ---- command ------------------------------------------------------------------- */

static int parse_int(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* Parse argv into rules, options and trace paths. 0, or -1 after a message. */
static int parse_args(int argc, char **argv, struct oc_rules *rules, struct opts *o,
		      const char **traces, size_t *n_traces)
{
	char err[512];
	const char *v;
	int r, only_files = 0;
	long num;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int kind;

		if (only_files || a[0] != '-' || !a[1]) {
			traces[(*n_traces)++] = a;
			continue;
		}
		if (!strcmp(a, "--")) {
			only_files = 1;
			continue;
		}
		if ((r = cmd_opt_value("check", argc, argv, &i, "--rules", &v))) {
			if (r < 0 || oc_rules_parse_file(rules, v, err, sizeof err) < 0)
				goto bad;
			continue;
		}
		if ((r = cmd_opt_value("check", argc, argv, &i, "--range", &v))) {
			if (r < 0)
				return -1;
			o->range = v;
			continue;
		}
		if ((r = cmd_opt_value("check", argc, argv, &i, "--device", &v))) {
			if (r < 0)
				return -1;
			if (parse_int(v, 0, INT32_MAX, &num) < 0) {
				fprintf(stderr, "overlapcheck check: --device: '%s' is not a device number\n", v);
				return -1;
			}
			o->device = (int)num;
			continue;
		}
		if ((r = cmd_opt_value("check", argc, argv, &i, "--evidence", &v))) {
			if (r < 0)
				return -1;
			if (parse_int(v, 0, 1000, &num) < 0) {
				fprintf(stderr, "overlapcheck check: --evidence: '%s' is not a count (0-1000)\n", v);
				return -1;
			}
			o->evidence = (int)num;
			continue;
		}
		if ((r = cmd_opt_value("check", argc, argv, &i, "--junit", &v))) {
			if (r < 0)
				return -1;
			o->junit = v;
			continue;
		}
		if ((r = cmd_opt_value("check", argc, argv, &i, "--output", &v)) ||
		    (r = cmd_opt_value("check", argc, argv, &i, "-o", &v))) {
			if (r < 0)
				return -1;
			o->output = v;
			continue;
		}
		if ((r = cmd_opt_value("check", argc, argv, &i, "--format", &v))) {
			if (r < 0)
				return -1;
			if ((r = cmd_parse_format("check", v)) < 0)
				return -1;
			o->format = (enum cmd_format)r;
			continue;
		}
		/* a rule: --name or --name=VALUE or --name VALUE */
		{
			char name[64];
			const char *eq = strchr(a, '=');
			size_t len = eq ? (size_t)(eq - a) : strlen(a);

			snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), a);
			kind = oc_rule_lookup(name);
			if (kind < 0) {
				fprintf(stderr, "overlapcheck check: unknown option or rule '%s'\n", a);
				return -1;
			}
			v = NULL;
			if (oc_rule_has_arg(kind)) {
				if (eq)
					v = eq + 1;
				else if (i + 1 < argc)
					v = argv[++i];
			} else if (eq) {
				v = eq + 1;
			}
			if (oc_rules_add(rules, name, v, name, err, sizeof err) < 0)
				goto bad;
		}
	}
	if (!rules->n) {
		fprintf(stderr, "overlapcheck check: no rules given (options such as --min-overlap, "
			"or --rules FILE)\n");
		return -1;
	}
	if (!*n_traces) {
		fprintf(stderr, "overlapcheck check: no trace given\n");
		return -1;
	}
	return 0;
bad:
	fprintf(stderr, "overlapcheck check: %s\n", err);
	return -1;
}

/* The analysis's warnings: dropped or incomplete records, an unclean exit,
 * launches without device records, the tracer's own warnings. */
static void analysis_warnings(struct oc_check_suite *s, const struct oc_analysis *a)
{
	for (size_t i = 0; i < a->n_warnings; i++)
		oc_suite_warn(s, "%s", a->warnings[i]);
}

int cmd_check(int argc, char **argv)
{
	struct opts o = { .device = -1, .format = CMD_FMT_TEXT, .evidence = DEFAULT_EVIDENCE };
	struct oc_rules rules;
	struct oc_check_suite *suites = NULL;
	struct totals sum, one;
	const char **traces = NULL;
	size_t n_traces = 0, n_suites = 0, total_ops = 0;
	FILE *out = stdout;
	char err[1024];
	int ret = OC_EXIT_USAGE;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			break;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return OC_EXIT_OK;
		}
	}
	oc_rules_init(&rules);
	memset(&sum, 0, sizeof sum);
	memset(&one, 0, sizeof one);
	traces = calloc((size_t)argc, sizeof *traces);
	if (!traces)
		goto out;
	if (parse_args(argc, argv, &rules, &o, traces, &n_traces) < 0) {
		fprintf(stderr, "see 'overlapcheck check --help'\n");
		goto out;
	}
	suites = calloc(n_traces + 1, sizeof *suites);
	sum.cause_hits = calloc(rules.n, sizeof *sum.cause_hits);
	one.cause_hits = calloc(rules.n, sizeof *one.cause_hits);
	if (!suites || !sum.cause_hits || !one.cause_hits)
		goto out;

	for (size_t i = 0; i < n_traces; i++) {
		struct oc_trace t;
		struct oc_analysis a;
		struct oc_analysis_options ao;
		double t0 = now_s();

		if (oc_trace_open(&t, traces[i], err, sizeof err) < 0) {
			fprintf(stderr, "overlapcheck check: %s\n", err);
			goto out;
		}
		oc_analysis_options_init(&ao);
		ao.device = o.device;
		ao.range = o.range;
		if (oc_analysis_run(&t, &ao, &a, err, sizeof err) < 0) {
			fprintf(stderr, "overlapcheck check: %s\n", err);
			oc_trace_release(&t);
			goto out;
		}
		oc_suite_init(&suites[n_suites++], traces[i]);
		if (!t.n_ops)
			oc_suite_warn(&suites[i], "no device ops%s%s%s%s: nothing to check",
				      o.device >= 0 ? " on this device" : "", o.range ? " inside range '" : "",
				      o.range ? o.range : "", o.range ? "'" : "");
		total_ops += t.n_ops;
		analysis_warnings(&suites[i], &a);
		for (size_t w = 0; w < suites[i].n_warnings; w++) {
			fprintf(stderr, "overlapcheck check: warning: %s: ", traces[i]);
			oc_fput_escaped(suites[i].warnings[w], stderr);
			fputc('\n', stderr);
		}
		measure(&one, &a, &rules);
		decide(&suites[i], &rules, &one, &a, NULL, 0, &o);
		sum.copy_ns += one.copy_ns;
		sum.copy_compute_ns += one.copy_compute_ns;
		sum.claims += one.claims;
		sum.overlapped += one.overlapped;
		sum.hidden_syncs += one.hidden_syncs;
		sum.makespan_ns += one.makespan_ns;
		sum.idle_ns += one.idle_ns;
		sum.dropped = (i && sum.dropped < 0) || one.dropped < 0 ? -1 : sum.dropped + one.dropped;
		for (size_t k = 0; k < rules.n; k++)
			sum.cause_hits[k] += one.cause_hits[k];
		oc_analysis_release(&a);
		oc_trace_release(&t);
		suites[i].seconds = now_s() - t0;
	}
	/* A gate that measured nothing must not pass: a wrong --device, or
	 * traces in which no device work was recorded at all. */
	if (!total_ops) {
		fprintf(stderr, "overlapcheck check: no device ops in %s%s%s: nothing to check\n",
			n_traces == 1 ? "the trace" : "any trace",
			o.device >= 0 ? " on the given device" : "",
			o.range ? " inside the range" : "");
		goto out;
	}
	if (n_traces > 1) {
		char name[64];

		snprintf(name, sizeof name, "all %zu traces", n_traces);
		oc_suite_init(&suites[n_suites], name);
		decide(&suites[n_suites], &rules, &sum, NULL, suites, n_traces, &o);
		n_suites++;
	}

	if (o.output && !(out = fopen(o.output, "w"))) {
		fprintf(stderr, "overlapcheck check: cannot write '%s': %s\n", o.output, strerror(errno));
		out = stdout;
		goto out;
	}
	if (o.format == CMD_FMT_JSON)
		print_json(out, suites, n_suites, &o);
	else if (o.format == CMD_FMT_MARKDOWN)
		print_markdown(out, suites, n_suites, &o);
	else
		print_text(out, suites, n_suites, &o);
	if (fflush(out) || ferror(out)) {
		fprintf(stderr, "overlapcheck check: write error on output\n");
		goto out;
	}
	if (o.junit) {
		FILE *jf = fopen(o.junit, "w");
		if (!jf) {
			fprintf(stderr, "overlapcheck check: cannot write '%s': %s\n", o.junit, strerror(errno));
			goto out;
		}
		if (oc_junit_write(jf, suites, n_suites) < 0 || fclose(jf)) {
			fprintf(stderr, "overlapcheck check: write error on '%s'\n", o.junit);
			goto out;
		}
	}
	{
		const char *gha = getenv("GITHUB_ACTIONS");
		if (gha && *gha)
			/* workflow commands go to stdout, unless stdout carries JSON */
			oc_gha_write(o.format == CMD_FMT_JSON && out == stdout ? stderr : stdout, suites, n_suites);
	}
	ret = OC_EXIT_OK;
	for (size_t i = 0; i < n_suites; i++)
		if (oc_suite_failures(&suites[i]))
			ret = OC_EXIT_FAIL;
out:
	if (out != stdout)
		fclose(out);
	for (size_t i = 0; i < n_suites; i++)
		oc_suite_release(&suites[i]);
	free(suites);
	free(sum.cause_hits);
	free(one.cause_hits);
	free(traces);
	oc_rules_release(&rules);
	return ret;
}
