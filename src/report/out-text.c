/*
 * out-text.c: the report for a person.
 *
 * The answer comes first (how many claims overlapped, how much copy time was
 * hidden, why the rest were serialized), then warnings that weaken it, the
 * passport, the engine summary, the serialized claims grouped by their
 * decisive cause with evidence, hidden synchronizations, legacy-stream
 * serialization, the largest gaps, and the program's exit status. Long lists
 * stop at max_rows with "... and N more" (the JSON report is complete).
 * Strings from the trace are printed with control characters escaped, so a
 * kernel name cannot move the cursor or forge a line. The sections on how
 * the trace was recorded (capture, queries, passport, engines) are in
 * out-text-recording.c; the helpers both use in out-text.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice-fold.h"
#include "out-host.h"
#include "out-path.h"
#include "out-text.h"
#include "overlapcheck/causes.h"
#include "overlapcheck/demangle.h"
#include "overlapcheck/format.h"
#include "overlapcheck/report.h"

/* "the causes" part of the answer: "8 pageable host memory, 4 legacy default stream" */
static void cause_counts(const struct out *o, int kind, size_t serialized)
{
	size_t counts[OC_N_CAUSES];
	int first = 1;

	if (!serialized)
		return;
	oc_analysis_cause_counts(o->t, o->a, kind, counts);
	fputs(": ", o->f);
	for (int c = 0; c < OC_N_CAUSES; c++) {
		if (!counts[c])
			continue;
		fprintf(o->f, "%s%zu %s", first ? "" : ", ", counts[c], oc_cause_label(c));
		first = 0;
	}
}

static void answer(const struct out *o)
{
	const struct oc_summary *s = &o->a->summary;
	char b[32];

	fprintf(o->f, "%sAnswer%s\n", col(o, C_BOLD), col(o, C_RESET));
	if (!s->claims) {
		fprintf(o->f, "  No async device work in this trace%s: nothing to prove or disprove.\n",
			o->a->opts.range ? " (in the selected range)" : "");
		return;
	}
	if (s->copy_claims) {
		fprintf(o->f, "  %s%zu of %zu async copies overlapped compute%s",
			col(o, s->copy_overlapped_compute == s->copy_claims ? C_GREEN : C_YELLOW),
			s->copy_overlapped_compute, s->copy_claims, col(o, C_RESET));
		if (s->copy_overlapped != s->copy_overlapped_compute)
			fprintf(o->f, " (%zu overlapped other work)", s->copy_overlapped);
		fprintf(o->f, "; %s of copy time hidden",
			pct(s->copy_compute_overlap_share, b, sizeof b));
		fprintf(o->f, "; %s%zu serialized%s", col(o, s->copy_claims - s->copy_overlapped ? C_RED : ""),
			s->copy_claims - s->copy_overlapped, col(o, C_RESET));
		cause_counts(o, OC_OP_MEMCPY, s->copy_claims - s->copy_overlapped);
		fputs("\n", o->f);
	}
	if (s->kernel_claims) {
		fprintf(o->f, "  %s%zu of %zu kernels overlapped other device work%s; %s%zu serialized%s",
			col(o, s->kernel_overlapped == s->kernel_claims ? C_GREEN : C_YELLOW),
			s->kernel_overlapped, s->kernel_claims, col(o, C_RESET),
			col(o, s->kernel_claims - s->kernel_overlapped ? C_RED : ""),
			s->kernel_claims - s->kernel_overlapped, col(o, C_RESET));
		cause_counts(o, OC_OP_KERNEL, s->kernel_claims - s->kernel_overlapped);
		fputs("\n", o->f);
	}
	if (s->comm_claims) {
		fprintf(o->f, "  %s%zu of %zu NCCL collectives overlapped compute%s; %s of communication "
			"time exposed (no compute beside it); %s%zu serialized%s",
			col(o, s->comm_overlapped == s->comm_claims ? C_GREEN : C_YELLOW),
			s->comm_overlapped, s->comm_claims, col(o, C_RESET),
			pct(s->comm_ns > 0 ? (double)s->comm_exposed_ns / (double)s->comm_ns : -1, b, sizeof b),
			col(o, s->comm_claims - s->comm_overlapped ? C_RED : ""),
			s->comm_claims - s->comm_overlapped, col(o, C_RESET));
		cause_counts(o, OC_CLAIMS_COMM, s->comm_claims - s->comm_overlapped);
		fputs("\n", o->f);
	}
	if (s->memset_claims) {
		fprintf(o->f, "  %zu of %zu async memsets overlapped other device work; %zu serialized",
			s->memset_overlapped, s->memset_claims, s->memset_claims - s->memset_overlapped);
		cause_counts(o, OC_OP_MEMSET, s->memset_claims - s->memset_overlapped);
		fputs("\n", o->f);
	}
	if (!s->copy_claims) {
		size_t sync_copies = 0;
		for (size_t k = 0; k < o->t->n_ops; k++)
			if (o->t->ops[k].kind == OC_OP_MEMCPY || o->t->ops[k].kind == OC_OP_MEMCPY_PEER)
				sync_copies++;
		if (sync_copies)
			fprintf(o->f, "  no async copies: all %zu copies were queued synchronously, so none could overlap\n",
				sync_copies);
	}
	if (s->hidden_syncs)
		fprintf(o->f, "  %zu hidden synchronization%s blocked the host for %s in total\n",
			s->hidden_syncs, s->hidden_syncs == 1 ? "" : "s",
			dur(s->hidden_sync_blocked_ns, b, sizeof b));
}

/* The window the counts use, and how it was chosen. */
static void window(const struct out *o)
{
	const struct oc_window *w = &o->a->summary.window;
	char b1[32], b2[32], b3[32], b4[32];

	fprintf(o->f, "%sWindow%s\n  ", col(o, C_BOLD), col(o, C_RESET));
	if (!w->ops_total) {
		fputs("no device ops\n\n", o->f);
		return;
	}
	fprintf(o->f, "%s: %s to %s (%s), %zu of %zu device ops",
		w->how == OC_WINDOW_STEADY ? "steady state" : w->how == OC_WINDOW_RANGE ? "the NVTX range" :
		w->whole_requested ? "the whole trace (--whole)" : "the whole trace",
		dur(w->start_ns, b1, sizeof b1), dur(w->end_ns, b2, sizeof b2),
		dur(w->end_ns - w->start_ns, b3, sizeof b3), w->ops, w->ops_total);
	if (w->lead_ops)
		fprintf(o->f, "\n  dropped at the start: %zu op%s, %s busy, then a %s idle gap",
			w->lead_ops, w->lead_ops == 1 ? "" : "s", dur(w->lead_busy_ns, b1, sizeof b1),
			dur(w->lead_gap_ns, b4, sizeof b4));
	if (w->trail_ops)
		fprintf(o->f, "\n  dropped at the end: %zu op%s, %s busy, after a %s idle gap",
			w->trail_ops, w->trail_ops == 1 ? "" : "s", dur(w->trail_busy_ns, b1, sizeof b1),
			dur(w->trail_gap_ns, b4, sizeof b4));
	if (w->how == OC_WINDOW_STEADY)
		fputs("\n  (a segment is dropped when the idle gap beside it is longer than its busy time and "
		      "80% of the ops remain;\n   counts and shares use the window, verdicts do not; --whole: "
		      "the whole trace)", o->f);
	fputs("\n\n", o->f);
}

static void time_split(const struct out *o)
{
	const struct oc_summary *s = &o->a->summary;
	char b1[32], buf[600], lev[600];

	if (s->time.total_ns <= 0)
		return;
	fprintf(o->f, "%sWhere the time went%s (device time in the window: %s)\n", col(o, C_BOLD),
		col(o, C_RESET), dur(s->time.total_ns, b1, sizeof b1));
	for (int p = 0; p < OC_N_TIME_PARTS; p++)
		if (p != OC_TIME_COMM_EXPOSED || s->comm_ns > 0)   /* traces with NCCL kernels */
			fprintf(o->f, "  %-40s %5.1f%%  %s\n", oc_time_part_label(p),
				100.0 * (double)s->time.ns[p] / (double)s->time.total_ns,
				dur(s->time.ns[p], b1, sizeof b1));
	fprintf(o->f, "  %s=> %s%s\n", col(o, C_BOLD),
		clean(oc_lever_text(o->a, lev, sizeof lev), buf, sizeof buf, 590), col(o, C_RESET));
	if (o->a->path.n_bounds && !o->a->path.withheld)
		fprintf(o->f, "     bound: %s (the critical path below says how)\n",
			oc_bound_text(&o->a->path.bounds[0], buf, sizeof buf));
	fputc('\n', o->f);
}

static void warnings(const struct out *o)
{
	for (size_t k = 0; k < o->a->n_warnings; k++) {
		char buf[1024];
		fprintf(o->f, "%sWARNING:%s %s\n", col(o, C_BOLD C_RED), col(o, C_RESET),
			clean(o->a->warnings[k], buf, sizeof buf, 900));
	}
}

/* Communication: NCCL kernels, on unions (docs/nccl.md). */
static void communication(const struct out *o)
{
	const struct oc_analysis *a = o->a;
	const struct oc_trace *t = o->t;
	char b1[32], b2[32], b3[32], n1[128];

	if (!a->n_collectives)
		return;
	fprintf(o->f, "\n%sCommunication%s (NCCL kernels; exposed: no compute kernel beside it)\n",
		col(o, C_BOLD), col(o, C_RESET));
	for (size_t d = 0; d < a->n_comm_devices; d++) {
		const struct oc_comm_device *cd = &a->comm_devices[d];
		fprintf(o->f, "  device %d: %zu kernel%s, %s communicating, %s exposed (%s), %s of it with "
			"nothing else running\n", cd->device_id, cd->kernels, cd->kernels == 1 ? "" : "s",
			dur(cd->comm_ns, b1, sizeof b1), dur(cd->exposed_ns, b2, sizeof b2),
			pct(cd->comm_ns ? (double)cd->exposed_ns / (double)cd->comm_ns : -1, b3, sizeof b3),
			dur(cd->exposed_alone_ns, n1, sizeof n1));
	}
	fprintf(o->f, "    %-5s %-7s %-7s %-16s %8s %10s %10s  %s\n", "comm", "device", "stream",
		"collective", "kernels", "time", "exposed", "as named (algorithm/protocol the kernel is for)");
	/* per communicator and collective name, in the order first seen: one
	 * pass, the rows kept in a small table (names per communicator are few) */
	struct row { int32_t comm, first; size_t count; int64_t tot, exp; } rows[64];
	size_t nr = 0, over = 0;
	for (size_t k = 0; k < a->n_collectives; k++) {
		const struct oc_collective *c = &a->collectives[k];
		size_t r;
		for (r = 0; r < nr && (rows[r].comm != c->comm ||
		     strcmp(a->collectives[rows[r].first].k.collective, c->k.collective)); r++)
			;
		if (r == nr) {
			if (nr == sizeof rows / sizeof rows[0]) {
				over++;
				continue;
			}
			rows[nr++] = (struct row){ c->comm, (int32_t)k, 0, 0, 0 };
		}
		rows[r].count++;
		rows[r].tot += t->ops[c->op].end_ns - t->ops[c->op].start_ns;
		rows[r].exp += c->exposed_ns;
	}
	for (size_t m = 0; m < a->n_comms; m++)
		for (size_t r = 0; r < nr; r++) {
			const struct oc_collective *c = &a->collectives[rows[r].first];
			if (rows[r].comm != (int32_t)m)
				continue;
			snprintf(n1, sizeof n1, "%s%s%s", c->k.algorithm, c->k.protocol[0] ? "/" : "",
				 c->k.protocol);
			fprintf(o->f, "    %-5d %-7d %-7u %-16s %8zu %10s %10s  %s\n", a->comms[m].ordinal,
				a->comms[m].device_id, t->streams[a->comms[m].stream].stream_id,
				clean(c->k.collective, b3, sizeof b3, 16), rows[r].count,
				dur(rows[r].tot, b1, sizeof b1), dur(rows[r].exp, b2, sizeof b2),
				n1[0] ? n1 : "-");
		}
	if (over)
		fprintf(o->f, "    ... and %zu kernels of further communicators or names (the JSON "
			"report has them all)\n", over);
	if (a->n_comm_ranges) {
		size_t shown = 0;
		fprintf(o->f, "    by NVTX range (launched while it was open):\n");
		for (size_t k = 0; k < a->n_comm_ranges; k++) {
			const struct oc_comm_range *r = &a->comm_ranges[k];
			if (shown++ >= (size_t)o->max_rows)
				continue;
			fprintf(o->f, "      %-32s %6zu kernel%s %10s communicating, %10s exposed\n",
				clean(oc_trace_str(t, r->name), n1, sizeof n1, 32), r->kernels,
				r->kernels == 1 ? " " : "s", dur(r->comm_ns, b1, sizeof b1),
				dur(r->exposed_ns, b2, sizeof b2));
		}
		if (shown > (size_t)o->max_rows)
			fprintf(o->f, "      ... and %zu more\n", shown - (size_t)o->max_rows);
	}
	fputs("  peer_wait needs the other ranks: overlapcheck report --ranks TRACE... (docs/nccl.md)\n",
	      o->f);
}

/* One line of evidence for a cause, after `lead` ("decisive", "contributing"):
 * the cause table's sentence (causes.c). */
static void evidence_line(const struct out *o, const struct oc_claim *cl, const struct oc_evidence *e,
			  const char *lead)
{
	char say[1024];

	fprintf(o->f, "        %s %s: %s\n", lead, oc_cause_name(e->cause),
		oc_evidence_text(o->a, cl, e, say, sizeof say));
}

/* Distinct advice sentences shown per group of serialized claims. */
#define FOLD_MAX 8

static void serialized(const struct out *o)
{
	const struct oc_analysis *a = o->a;
	char n1[512], b1[32], b2[32];

	if (!a->summary.serialized)
		return;
	fprintf(o->f, "\n%sSerialized claims, by decisive cause%s\n", col(o, C_BOLD), col(o, C_RESET));
	for (int c = 0; c < OC_N_CAUSES; c++) {
		if (!a->summary.causes[c])
			continue;
		fprintf(o->f, "  %s%s%s (%zu)\n", col(o, C_RED), oc_cause_label(c), col(o, C_RESET),
			a->summary.causes[c]);
		fprintf(o->f, "    %-12s %-10s %-7s %-7s %-6s %s\n", "start", "duration", "stream", "kind",
			"ratio", "name");
		size_t shown = 0;
		for (size_t k = 0; k < a->n_claims; k++) {
			const struct oc_claim *cl = &a->claims[k];
			if (cl->verdict != OC_VERDICT_SERIALIZED || !cl->n_evidence ||
			    (int)cl->evidence[0].cause != c || !cl->in_window)
				continue;
			if (shown++ >= (size_t)o->max_rows)
				continue;
			const struct oc_op *op = &o->t->ops[cl->op];
			fprintf(o->f, "    %-12s %-10s %-7u %-7s %5.1f%% %s\n", dur(op->start_ns, b1, sizeof b1),
				dur(op->end_ns - op->start_ns, b2, sizeof b2), stream_id(o, cl->op),
				oc_op_kind_name(op->kind), oc_claim_overlap_ratio(o->t, cl) * 100, op_name(o, cl->op, n1, sizeof n1, 70));
			evidence_line(o, cl, &cl->evidence[0], "decisive");
			if (cl->contributing >= 0)
				evidence_line(o, cl, &cl->evidence[cl->contributing], "contributing");
		}
		if (shown > (size_t)o->max_rows)
			fprintf(o->f, "    ... and %zu more\n", shown - (size_t)o->max_rows);
		/* the group's advice, each sentence once, with the claims it is for */
		struct oc_fold fold[FOLD_MAX];
		size_t rest, nf = oc_fold_claim_advice(a, c, fold, FOLD_MAX, &rest);
		for (size_t m = 0; m < nf; m++)
			fprintf(o->f, "    advice (%zu claim%s): %s\n", fold[m].count, fold[m].count == 1 ? "" : "s",
				clean(fold[m].text, n1, sizeof n1, 400));
		if (rest)
			fprintf(o->f, "    ... and other advice for %zu more claim%s (JSON lists each)\n", rest,
				rest == 1 ? "" : "s");
		oc_fold_free(fold, nf);
	}
}

static void overlapped(const struct out *o)
{
	const struct oc_analysis *a = o->a;
	char n1[128], n2[128], b1[32], b2[32];
	size_t shown = 0;

	if (!a->summary.overlapped)
		return;
	fprintf(o->f, "\n%sOverlapped claims (witness: the longest intersection)%s\n", col(o, C_BOLD),
		col(o, C_RESET));
	fprintf(o->f, "    %-12s %-10s %-7s %-7s %-6s %-40s %s\n", "start", "duration", "stream", "kind", "ratio",
		"name", "witness");
	for (size_t k = 0; k < a->n_claims; k++) {
		const struct oc_claim *cl = &a->claims[k];
		if (cl->verdict != OC_VERDICT_OVERLAPPED || !cl->in_window)
			continue;
		if (shown++ >= (size_t)o->max_rows)
			continue;
		const struct oc_op *op = &o->t->ops[cl->op];
		fprintf(o->f, "    %-12s %-10s %-7u %-7s %5.1f%% %-40s %s (stream %u)\n", dur(op->start_ns, b1, sizeof b1),
			dur(op->end_ns - op->start_ns, b2, sizeof b2), stream_id(o, cl->op), oc_op_kind_name(op->kind),
			oc_claim_overlap_ratio(o->t, cl) * 100, op_name(o, cl->op, n1, sizeof n1, 40),
			cl->witness >= 0 ? op_name(o, cl->witness, n2, sizeof n2, 40) : "-",
			cl->witness >= 0 ? stream_id(o, cl->witness) : 0);
	}
	if (shown > (size_t)o->max_rows)
		fprintf(o->f, "    ... and %zu more\n", shown - (size_t)o->max_rows);
}

static void syncs(const struct out *o)
{
	const struct oc_analysis *a = o->a;
	char n1[128], n2[128], b1[32], b2[32], b3[32];
	size_t shown = 0;

	if (a->summary.hidden_syncs) {
		fprintf(o->f, "\n%sHidden synchronizations%s (calls that waited for device work; polls excluded)\n",
			col(o, C_BOLD), col(o, C_RESET));
		fprintf(o->f, "    %-12s %-10s %-10s %-8s %-28s %-20s %s\n", "start", "duration", "blocked", "tid",
			"call", "proof", "waited for");
		for (size_t k = 0; k < a->n_blocks; k++) {
			const struct oc_block *b = &a->blocks[k];
			if (!b->hidden)
				continue;
			if (shown++ >= (size_t)o->max_rows)
				continue;
			fprintf(o->f, "    %-12s %-10s %-10s %-8u %-28s %-20s", dur(b->start_ns, b1, sizeof b1),
				dur(b->end_ns - b->start_ns, b2, sizeof b2), dur(b->blocked_ns, b3, sizeof b3), b->tid,
				api_name(o, b->api, n1, sizeof n1), oc_sync_rule_name((enum oc_sync_rule)b->rule));
			for (size_t w = 0; w < b->n_waited_for && w < 4; w++)
				fprintf(o->f, "%s%s (stream %u)", w ? ", " : " ", op_name(o, b->waited_for[w], n2, sizeof n2, 30),
					stream_id(o, b->waited_for[w]));
			if (b->n_waited_for > 4)
				fprintf(o->f, ", and %zu more", b->n_waited_for - 4);
			fputs("\n", o->f);
			{
				const char *fr = oc_trace_caller(o->t, b->api);
				char line[600], cl[700];
				size_t n;

				if (fr) {
					/* "SYMBOL+0xOFF (MODULE+0xOFF)": a C++ symbol demangled */
					const char *plus;
					char sym[300], dm[600];

					n = strcspn(fr, "\n");
					snprintf(line, sizeof line, "%.*s", (int)(n < 500 ? n : 500), fr);
					plus = strstr(line, "+0x");
					if (plus && !strncmp(line, "_Z", 2) && (size_t)(plus - line) < sizeof sym) {
						snprintf(sym, sizeof sym, "%.*s", (int)(plus - line), line);
						snprintf(dm, sizeof dm, "%s%s", oc_demangle(sym, cl, sizeof cl), plus);
						snprintf(line, sizeof line, "%s", dm);
					}
					fprintf(o->f, "        called from %s\n", clean(line, cl, sizeof cl, 300));
				}
			}
		}
		if (shown > (size_t)o->max_rows)
			fprintf(o->f, "    ... and %zu more\n", shown - (size_t)o->max_rows);
	}
	if (a->n_default_syncs) {
		shown = 0;
		fprintf(o->f, "\n%sLegacy default stream serialization%s\n", col(o, C_BOLD), col(o, C_RESET));
		for (size_t k = 0; k < a->n_default_syncs; k++) {
			const struct oc_default_sync *d = &a->default_syncs[k];
			if (shown++ >= (size_t)o->max_rows)
				continue;
			fprintf(o->f, "    %-12s %s on stream %u waited for %zu op%s (%s) and held back %zu\n",
				dur(o->t->ops[d->op].start_ns, b1, sizeof b1), op_name(o, d->op, n1, sizeof n1, 40),
				stream_id(o, d->op), d->n_waited_for, d->n_waited_for == 1 ? "" : "s",
				dur(d->blocked_ns, b2, sizeof b2), d->n_held);
		}
		if (shown > (size_t)o->max_rows)
			fprintf(o->f, "    ... and %zu more\n", shown - (size_t)o->max_rows);
	}
}

/* "lcg_kernel arg 0 reads, stream 14" */
static void side_text(const struct out *o, const struct oc_hazard_access *s, char *buf, size_t len)
{
	char w[1024], n[128], arg[24] = "";

	if (s->param >= 0)
		snprintf(arg, sizeof arg, " arg %d", s->param);
	snprintf(buf, len, "%s%s %s, stream %u", clean(oc_hazard_side_label(o->t, s, w, sizeof w), n,
		 sizeof n, 32), arg, oc_hazard_access_name(s, 1),
		 o->t->streams[s->stream].stream_id);
}

/* Hazards (docs/hazards.md): one line of status, or the findings. */
static void hazards(const struct out *o)
{
	const struct oc_analysis *a = o->a;
	const struct oc_hazard_status *st = &a->hazard_status;
	char b1[32], b2[32], w[1024], c1[1100];
	size_t pairs = st->pairs[OC_HAZARD] + st->pairs[OC_LATENT_HAZARD] + st->pairs[OC_USE_AFTER_FREE];

	if (!st->checked) {
		fprintf(o->f, "\n%sHazards%s: not checked: %s\n", col(o, C_BOLD), col(o, C_RESET),
			st->why_not ? st->why_not : "no allocation map");
		return;
	}
	if (!a->n_hazards && !st->not_listed) {
		fprintf(o->f, "\n%sHazards%s: none (%zu allocations, %zu accesses, %zu kernels with pointer "
			"arguments", col(o, C_BOLD), col(o, C_RESET), st->allocations, st->accesses,
			st->kernels_with_args);
		if (st->launches_without_layout > 0)
			fprintf(o->f, "; %lld launches' arguments unknown",
				(long long)st->launches_without_layout);
		fputs(")\n", o->f);
		return;
	}
	fprintf(o->f, "\n%sHazards%s: %zu finding%s, %zu pair%s of ops (%zu hazard, %zu latent, %zu use "
		"after free): unordered accesses of one allocation from two streams, at least one "
		"writing or, where marked presumed, possibly writing\n", col(o, C_BOLD), col(o, C_RESET),
		a->n_hazards, a->n_hazards == 1 ? "" : "s", pairs, pairs == 1 ? "" : "s",
		st->pairs[OC_HAZARD], st->pairs[OC_LATENT_HAZARD], st->pairs[OC_USE_AFTER_FREE]);
	fprintf(o->f, "    %-15s %-28s %-56s %-56s %-10s %s\n", "kind", "allocation", "first (queued earlier)",
		"second", "overlap", "pairs");
	for (size_t k = 0; k < a->n_hazards && k < (size_t)o->max_rows; k++) {
		const struct oc_hazard *h = &a->hazards[k];
		char al[64], s1[128], s2[128], sp[48] = "";

		snprintf(al, sizeof al, "%s %s", oc_fmt_bytes((uint64_t)h->bytes, b1, sizeof b1),
			 h->alloc_api >= 0 ? oc_trace_str(o->t, o->t->api[h->alloc_api].name) : "");
		side_text(o, &h->first, s1, sizeof s1);
		side_text(o, &h->second, s2, sizeof s2);
		if (h->stream_pairs > 1)
			snprintf(sp, sizeof sp, " over %zu stream pairs", h->stream_pairs);
		fprintf(o->f, "    %s%-15s%s %-28s %-56s %-56s %-10s %zu%s\n",
			col(o, h->kind == OC_LATENT_HAZARD ? C_YELLOW : C_RED), oc_hazard_kind_name(h->kind),
			col(o, C_RESET), clean(al, c1, sizeof c1, 28), s1, s2,
			h->kind == OC_HAZARD ? dur(h->overlap_ns, b2, sizeof b2) : "-", h->count, sp);
		fprintf(o->f, "        at 0x%llx [0x%llx, 0x%llx) and [0x%llx, 0x%llx)%s; %s\n",
			(unsigned long long)h->base, (unsigned long long)h->first.lo,
			(unsigned long long)h->first.hi, (unsigned long long)h->second.lo,
			(unsigned long long)h->second.hi,
			h->presumed ? "; presumed: its only writes are kernels' non-const pointers, which "
				      "may only read" : "",
			clean(oc_hazard_missing(o->t, h, w, sizeof w), c1, sizeof c1, 600));
		fprintf(o->f, "        advice: %s\n", clean(oc_hazard_advice(o->t, h, w, sizeof w), c1, sizeof c1, 600));
	}
	if (a->n_hazards > (size_t)o->max_rows)
		fprintf(o->f, "    ... and %zu more finding%s\n", a->n_hazards - (size_t)o->max_rows,
			a->n_hazards - (size_t)o->max_rows == 1 ? "" : "s");
	if (st->not_listed)
		fprintf(o->f, "    and %zu pair%s in findings past the %d listed per kind (JSON: hazard_check)\n",
			st->not_listed, st->not_listed == 1 ? "" : "s", 256);
}

static int cmp_gap_len(const void *x, const void *y, void *arg)
{
	const struct oc_gap *gaps = arg;
	const struct oc_gap *a = &gaps[*(const size_t *)x], *b = &gaps[*(const size_t *)y];
	int64_t la = a->end_ns - a->start_ns, lb = b->end_ns - b->start_ns;
	if (la != lb)
		return la < lb ? 1 : -1;
	return (a->start_ns > b->start_ns) - (a->start_ns < b->start_ns);
}

static void gaps(const struct out *o)
{
	const struct oc_analysis *a = o->a;
	char n1[128], n2[512], b1[32], b2[32], adv[512];
	size_t *idx;

	if (!a->n_gaps)
		return;
	idx = malloc(a->n_gaps * sizeof *idx);
	if (!idx)
		return;
	for (size_t k = 0; k < a->n_gaps; k++)
		idx[k] = k;
	if (a->n_gaps > 1)
		qsort_r(idx, a->n_gaps, sizeof *idx, cmp_gap_len, a->gaps);
	fprintf(o->f, "\n%sLargest idle gaps%s (%zu >= %s)\n", col(o, C_BOLD), col(o, C_RESET), a->n_gaps,
		dur(a->opts.gap_threshold_ns, b1, sizeof b1));
	fprintf(o->f, "    %-12s %-10s %-6s %-20s %s\n", "start", "duration", "device", "cause", "next work");
	for (size_t k = 0; k < a->n_gaps && k < (size_t)o->max_rows; k++) {
		const struct oc_gap *g = &a->gaps[idx[k]];
		fprintf(o->f, "    %-12s %-10s %-6d %-20s %s", dur(g->start_ns, b1, sizeof b1),
			dur(g->end_ns - g->start_ns, b2, sizeof b2), g->device_id, oc_gap_cause_name(g->cause),
			op_name(o, g->next_op, n1, sizeof n1, 40));
		if (g->cause == OC_GAP_HOST_SYNCHRONIZATION)
			fprintf(o->f, " after %s", api_name(o, a->blocks[g->block].api, n1, sizeof n1));
		fprintf(o->f, "\n        advice: %s\n",
			clean(oc_gap_advice(o->t, a, g, adv, sizeof adv), n2, sizeof n2, 400));
	}
	if (a->n_gaps > (size_t)o->max_rows)
		fprintf(o->f, "    ... and %zu more\n", a->n_gaps - (size_t)o->max_rows);
	free(idx);
}

static void program(const struct out *o)
{
	const struct oc_summary *s = &o->a->summary;

	fprintf(o->f, "\n%sProgram%s\n  ", col(o, C_BOLD), col(o, C_RESET));
	if (s->terminated_signal > 0) {
		char sig[32], at[32];

		fprintf(o->f, "terminated by %s", oc_fmt_signal(s->terminated_signal, sig, sizeof sig));
		if (s->terminated_ns >= 0)
			fprintf(o->f, " at %s", oc_fmt_duration(s->terminated_ns, at, sizeof at));
		fputs(" (the tracer flushed then: records up to the signal are complete)", o->f);
	} else if (s->exit_signal > 0)
		fprintf(o->f, "killed by signal %d", s->exit_signal);
	else if (s->exit_status >= 0)
		fprintf(o->f, "exit status %d", s->exit_status);
	else
		fputs("exit status unknown", o->f);
	if (s->clean_exit == 1)
		fputs(" (clean exit)", o->f);
	else if (s->clean_exit == 0 && s->terminated_signal <= 0)
		fprintf(o->f, " (%sdid not exit cleanly%s)", col(o, C_RED), col(o, C_RESET));
	fputs(". overlapcheck does not check the program's results: a correct result is the program's own claim.\n",
	      o->f);
}

int oc_report_text(FILE *f, const struct oc_analysis *a, const struct oc_report_opts *ro)
{
	struct out o = { f, ro ? ro->color : 0, ro && ro->max_rows > 0 ? ro->max_rows : 20, a, a->trace };
	char buf[600];

	fprintf(f, "overlapcheck report: %s", clean(a->trace->path, buf, sizeof buf, 500));
	if (a->opts.range)
		fprintf(f, " (NVTX range '%s', %ld matched)", clean(a->opts.range, buf, sizeof buf, 200),
			a->summary.ranges_matched);
	if (a->opts.device >= 0)
		fprintf(f, " (device %d)", a->opts.device);
	fputs("\n\n", f);
	window(&o);
	oc_rt_capture(&o);
	oc_rt_queries(&o);
	time_split(&o);
	oc_host_story_text(f, a, col(&o, C_BOLD), col(&o, C_RESET));
	oc_path_text(f, a, col(&o, C_BOLD), col(&o, C_RESET), o.max_rows < 8 ? o.max_rows : 8);
	answer(&o);
	warnings(&o);
	oc_rt_passport(&o);
	oc_rt_engines(&o);
	communication(&o);
	serialized(&o);
	overlapped(&o);
	syncs(&o);
	hazards(&o);
	gaps(&o);
	program(&o);
	fflush(f);
	return ferror(f) ? -1 : 0;
}
