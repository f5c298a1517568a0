/*
 * check-evidence.c: the evidence of a failed `check` rule: the claims,
 * hidden synchronizations, idle gaps or hazards that fail it most, worst
 * first, each as one line (a claim in the cause table's words).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check-evidence.h"
#include "overlapcheck/analysis.h"
#include "overlapcheck/causes.h"
#include "overlapcheck/check.h"
#include "overlapcheck/demangle.h"
#include "overlapcheck/format.h"
#include "overlapcheck/ranks.h"
#include "overlapcheck/rules.h"
#include "overlapcheck/sweep.h"
#include "overlapcheck/trace.h"

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
	const struct oc_shape *sh;
	const struct oc_stream *st;
	char what[400], dm[512], b[32];

	if (idx < 0 || (size_t)idx >= t->n_ops) {
		snprintf(buf, len, "(unknown op)");
		return buf;
	}
	op = &t->ops[idx];
	sh = oc_op_shape(t, op);
	if (op->kind == OC_OP_KERNEL) {
		snprintf(what, sizeof what, "kernel %s", oc_demangle(oc_trace_str(t, sh->name), dm, sizeof dm));
	} else if (op->kind == OC_OP_MEMSET) {
		snprintf(what, sizeof what, "memset %s", fmt_bytes(b, sizeof b, sh->bytes));
	} else {
		snprintf(what, sizeof what, "memcpy %s %s %s->%s",
			 op->kind == OC_OP_MEMCPY_PEER ? "PtoP" : oc_copy_kind_name(op->copy_kind),
			 fmt_bytes(b, sizeof b, sh->bytes), oc_mem_kind_name(op->src_kind),
			 oc_mem_kind_name(op->dst_kind));
	}
	st = op->stream >= 0 && (size_t)op->stream < t->n_streams ? &t->streams[op->stream] : NULL;
	snprintf(buf, len, "%s on stream %u (%s)", what, st ? st->stream_id : 0,
		 st ? oc_stream_kind_name(st->kind) : "unknown");
	return buf;
}

static const char *api_name(const struct oc_trace *t, int32_t idx)
{
	if (idx < 0 || (size_t)idx >= t->n_api)
		return "(no API call recorded)";
	return oc_trace_str(t, t->api[idx].name);
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
			       oc_fmt_ns(d, sizeof d, (double)(op->end_ns - op->start_ns)),
			       oc_fmt_ns(s, sizeof s, (double)op->start_ns), api_name(t, oc_claim_api(t, c)),
			       oc_verdict_name(c->verdict));
	if (c->verdict == OC_VERDICT_OVERLAPPED && off < len)
		off += (size_t)snprintf(buf + off, len - off, " %.0f%%", oc_claim_overlap_ratio(t, c) * 100);
	/* the decisive cause with its sentence (the cause table's), the others by code */
	for (size_t i = 0; i < c->n_evidence && off < len; i++) {
		if (i)
			off += (size_t)snprintf(buf + off, len - off, "%s%s", i == 1 ? "; also " : ", ",
						oc_cause_name(c->evidence[i].cause));
		else
			off += (size_t)snprintf(buf + off, len - off, ": %s (%s)", oc_cause_name(c->evidence[0].cause),
						oc_evidence_text(a, c, &c->evidence[0], cause, sizeof cause));
	}
}

static int64_t op_dur(const struct oc_trace *t, int32_t op)
{
	return t->ops[op].end_ns - t->ops[op].start_ns;
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

/* a collective's time with no compute beside it, when it serialized */
static int64_t score_exposed_comm(const struct pick *p, size_t i)
{
	const struct oc_claim *c = &p->a->claims[i];
	return p->a->trace->ops[c->op].comm && c->verdict == OC_VERDICT_SERIALIZED && c->in_window ?
	       op_dur(p->a->trace, c->op) - c->compute_ns + 1 : 0;
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

/* Add the n worst items of one kind as evidence lines, then "... and N more". 0 or -1 (memory). */
/* The first n findings of one side of the hazard rules (the list is by kind, then time). */
void oc_chk_hazards(struct oc_rule_result *r, const struct oc_analysis *a, int latent, int n)
{
	char s1[256], s2[256], b[32];

	for (size_t i = 0; i < a->n_hazards && n > 0; i++) {
		const struct oc_hazard *h = &a->hazards[i];

		if ((h->kind == OC_LATENT_HAZARD) != latent)
			continue;
		n--;
		oc_result_evidence(r, "%s on %s at 0x%llx: %s (stream %u, %s) and %s (stream %u, %s), "
				   "%zu pair%s", oc_hazard_kind_name(h->kind),
				   oc_fmt_bytes((uint64_t)h->bytes, b, sizeof b), (unsigned long long)h->base,
				   oc_hazard_side_label(a->trace, &h->first, s1, sizeof s1),
				   a->trace->streams[h->first.stream].stream_id,
				   oc_hazard_access_name(&h->first, 0),
				   oc_hazard_side_label(a->trace, &h->second, s2, sizeof s2),
				   a->trace->streams[h->second.stream].stream_id,
				   oc_hazard_access_name(&h->second, 0),
				   h->count, h->count == 1 ? "" : "s");
	}
}

static int add_evidence(struct oc_rule_result *r, const struct oc_analysis *a, enum evidence_kind kind,
			int64_t (*score)(const struct pick *, size_t), int cause, int n)
{
	struct pick p = { a, cause };
	size_t count = kind == EV_CLAIMS ? a->n_claims : kind == EV_BLOCKS ? a->n_blocks : a->n_gaps;
	size_t *idx = calloc((size_t)n + 1, sizeof *idx), have, matched;
	int64_t *best = calloc((size_t)n + 1, sizeof *best);
	char line[2048], x[32], y[32], w[600];

	if (!idx || !best) {
		free(idx);
		free(best);
		return -1;
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
					   oc_fmt_ns(x, sizeof x, (double)b->start_ns),
					   oc_fmt_ns(y, sizeof y, (double)b->blocked_ns), b->n_waited_for,
					   b->n_waited_for == 1 ? "" : "s", w[0] ? ", the last: " : "", w);
		} else {
			const struct oc_gap *g = &a->gaps[idx[i]];

			op_text(a->trace, g->next_op, w, sizeof w);
			oc_result_evidence(r, "device %d idle %s at %s: %s; next: %s%s%s", g->device_id,
					   oc_fmt_ns(x, sizeof x, (double)(g->end_ns - g->start_ns)),
					   oc_fmt_ns(y, sizeof y, (double)g->start_ns),
					   oc_gap_cause_name(g->cause), w, g->api >= 0 ? " via " : "",
					   g->api >= 0 ? api_name(a->trace, g->api) : "");
		}
	}
	if (matched > have)
		oc_result_evidence(r, "... and %zu more%s", matched - have,
				   kind == EV_GAPS ? (matched - have == 1 ? " gap" : " gaps") : "");
	free(idx);
	free(best);
	return 0;
}

/* Each kind of evidence: which list it picks from, and how it scores. */
static const struct {
	enum evidence_kind kind;
	int64_t (*score)(const struct pick *, size_t);
} picks[] = {
	[OC_CHK_UNHIDDEN_COPY] = { EV_CLAIMS, score_unhidden_copy },
	[OC_CHK_SERIALIZED]    = { EV_CLAIMS, score_serialized },
	[OC_CHK_CAUSE_CLAIM]   = { EV_CLAIMS, score_cause_claim },
	[OC_CHK_EXPOSED_COMM]  = { EV_CLAIMS, score_exposed_comm },
	[OC_CHK_HIDDEN_BLOCK]  = { EV_BLOCKS, score_hidden_block },
	[OC_CHK_GAP]           = { EV_GAPS, score_gap },
};

int oc_chk_evidence(struct oc_rule_result *r, const struct oc_analysis *a, enum oc_chk_ev what, int cause, int n)
{
	return add_evidence(r, a, picks[what].kind, picks[what].score, cause, n);
}
