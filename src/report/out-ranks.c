/*
 * out-ranks.c: a merged job (ranks.h) for people and for tools:
 * `overlapcheck report --ranks` in text, JSON ("overlapcheck-ranks/1",
 * docs/report-json.md) and Markdown.
 *
 * The answer comes first (which rank the others waited for, how long each
 * waited, how much communication no compute hid), then one row per rank,
 * one per communicator and collective name, the peer waits with their
 * evidence (every peer's start), and the notes on how ranks were told and
 * what was not compared. Times are on the merged axis: ns since the
 * earliest trace start (t0_ns). Text and Markdown stop lists at max_rows;
 * JSON lists every rank and every collective that had a peer wait, with
 * its members, and every other collective without them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/format.h"
#include "overlapcheck/json.h"
#include "overlapcheck/ranks-report.h"

#ifndef OC_VERSION
#define OC_VERSION "unknown"
#endif

static const char *dur(int64_t ns, char *buf, size_t len)
{
	return oc_fmt_duration(ns, buf, len);
}

static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* printable: control bytes as '?' (names from traces), cut at max */
static const char *clean(const char *s, char *buf, size_t len, size_t max)
{
	size_t n = 0;

	for (; s && *s && n + 1 < len && n < max; s++)
		buf[n++] = (unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s;
	buf[n] = '\0';
	return buf;
}

static double share(int64_t a, int64_t b)
{
	return b > 0 ? (double)a / (double)b : 0;
}

/* cause counts of a rank's serialized collectives in the window, by merged cause */
static void rank_causes(const struct oc_rank *r, size_t counts[OC_N_CAUSES])
{
	memset(counts, 0, OC_N_CAUSES * sizeof *counts);
	for (size_t k = 0; k < r->n_colls; k++) {
		int c = oc_rank_coll_cause(&r->colls[k]);
		if (c >= 0 && c < OC_N_CAUSES && r->colls[k].in_window && !r->colls[k].overlapped)
			counts[c]++;
	}
}

static int cmp_wait(const void *x, const void *y, void *arg)
{
	const struct oc_ranks *m = arg;
	const struct oc_rank_member *a = x, *b = y;
	int64_t wa = m->ranks[a->rank].colls[a->coll].wait_ns, wb = m->ranks[b->rank].colls[b->coll].wait_ns;
	if (wa != wb)
		return wa < wb ? 1 : -1;
	if (a->rank != b->rank)
		return (a->rank > b->rank) - (a->rank < b->rank);
	return (a->coll > b->coll) - (a->coll < b->coll);
}

/* every kernel that waited for its peers, longest wait first (malloc'd) */
static struct oc_rank_member *waits_sorted(const struct oc_ranks *m, size_t *n)
{
	struct oc_rank_member *w;
	size_t k = 0;

	*n = 0;
	for (size_t r = 0; r < m->n_ranks; r++)
		*n += m->ranks[r].waits;
	w = malloc((*n + 1) * sizeof *w);
	if (!w)
		return NULL;
	for (size_t r = 0; r < m->n_ranks; r++)
		for (size_t c = 0; c < m->ranks[r].n_colls; c++)
			if (m->ranks[r].colls[c].peer_wait && k < *n)
				w[k++] = (struct oc_rank_member){ (int32_t)r, (int32_t)c };
	*n = k;
	if (k > 1)
		qsort_r(w, k, sizeof *w, cmp_wait, (void *)m);
	return w;
}

const char *oc_ranks_answer(const struct oc_ranks *m, char *buf, size_t len)
{
	struct oc_ranks_by_name *bn = calloc(m->n_insts + 1, sizeof *bn);
	size_t nbn = bn ? oc_ranks_by_name(m, bn) : 0, o = 0;
	const struct oc_rank *most = NULL;
	char b1[32];

	if (!len)
		return buf;
	buf[0] = '\0';
	o += (size_t)snprintf(buf, len, "%zu rank%s", m->n_ranks, m->n_ranks == 1 ? "" : "s");
	if (!m->aligned && o < len)
		o += (size_t)snprintf(buf + o, len - o, " on %zu hosts: each on its own clock, not compared",
				      m->hosts);
	for (size_t k = 0; m->aligned && k < nbn && o < len; k++)
		if (bn[k].slowest >= 0)
			o += (size_t)snprintf(buf + o, len - o, "; rank %d started last in %zu of %zu %s",
					      m->ranks[bn[k].slowest].rank, bn[k].slowest_times, bn[k].count,
					      bn[k].collective);
	for (size_t r = 0; r < m->n_ranks; r++)
		if (m->ranks[r].wait_ns && (!most || m->ranks[r].wait_ns > most->wait_ns))
			most = &m->ranks[r];
	if (most && o < len)
		o += (size_t)snprintf(buf + o, len - o, "; rank %d waited longest for its peers: %s",
				      most->rank, dur(most->wait_ns, b1, sizeof b1));
	else if (m->aligned && o < len)
		o += (size_t)snprintf(buf + o, len - o, "; no rank waited for its peers");
	free(bn);
	return buf;
}

/* ---- text ---------------------------------------------------------------------- */

static void answer(FILE *f, const struct oc_ranks *m, const struct oc_ranks_by_name *bn, size_t nbn)
{
	char b1[32], b2[32];
	int64_t comm = 0, exposed = 0;

	fputs("Answer\n", f);
	for (size_t r = 0; r < m->n_ranks; r++) {
		comm += m->ranks[r].comm_ns;
		exposed += m->ranks[r].exposed_ns;
	}
	if (m->aligned) {
		for (size_t k = 0; k < nbn; k++) {
			const struct oc_ranks_by_name *x = &bn[k];
			if (x->slowest >= 0)
				fprintf(f, "  communicator %d, %s: rank %d started last in %zu of %zu collectives; "
					"%zu peer wait%s, the longest %s\n", x->comm, x->collective,
					m->ranks[x->slowest].rank, x->slowest_times, x->count, x->waits,
					x->waits == 1 ? "" : "s", dur(x->max_wait_ns, b1, sizeof b1));
			else
				fprintf(f, "  communicator %d, %s: %zu collectives, the ranks started each within "
					"%s of each other: no rank waited for another\n", x->comm, x->collective,
					x->count, dur(m->opts.peer_wait_ns, b1, sizeof b1));
		}
		for (size_t r = 0; r < m->n_ranks; r++) {
			const struct oc_rank *x = &m->ranks[r];
			if (!x->waits)
				continue;
			fprintf(f, "  rank %d waited for its peers %s in %zu collective%s (%.0f%% of its "
				"communication time)\n", x->rank, dur(x->wait_ns, b1, sizeof b1), x->waits,
				x->waits == 1 ? "" : "s", 100.0 * share(x->wait_ns, x->comm_ns));
		}
	} else {
		fputs("  the ranks' clocks are not one (see the notes): no cross-rank comparison\n", f);
	}
	fprintf(f, "  exposed communication (no compute beside it), all ranks: %s of %s (%.0f%%)\n",
		dur(exposed, b1, sizeof b1), dur(comm, b2, sizeof b2), 100.0 * share(exposed, comm));
}

int oc_ranks_write_text(FILE *f, const struct oc_ranks *m, const struct oc_report_opts *o)
{
	size_t max = o && o->max_rows > 0 ? (size_t)o->max_rows : 20, nbn, nw;
	struct oc_ranks_by_name *bn = calloc(m->n_insts + 1, sizeof *bn);
	struct oc_rank_member *w;
	char b1[32], b2[32], b3[32], b4[32], n1[128], n2[128];

	if (!bn)
		return -1;
	nbn = oc_ranks_by_name(m, bn);
	fprintf(f, "overlapcheck report --ranks: %zu rank%s", m->n_ranks, m->n_ranks == 1 ? "" : "s");
	if (m->world_size > 0)
		fprintf(f, " of world size %d", m->world_size);
	if (m->hosts == 1)
		fprintf(f, ", one host (%s): one clock", clean(m->ranks[0].host ? m->ranks[0].host : "?", n1,
								  sizeof n1, 60));
	else if (m->hosts > 1)
		fprintf(f, ", %zu hosts: not one clock", m->hosts);
	else
		fputs(", hosts unknown: taken as one clock", f);
	fprintf(f, "\n  times: since the earliest trace start (t0 = %lld ns, CLOCK_REALTIME)\n\n",
		(long long)m->t0_ns);
	answer(f, m, bn, nbn);

	fputs("\nRanks\n", f);
	fprintf(f, "  %-5s %-12s %-6s %11s %10s %10s %10s %10s %6s %7s  %s\n", "rank", "host", "device",
		"collectives", "overlapped", "comm", "exposed", "peer wait", "waits", "slowest", "source");
	for (size_t r = 0; r < m->n_ranks; r++) {
		const struct oc_rank *x = &m->ranks[r];
		char dev[16];
		snprintf(dev, sizeof dev, "%d", x->device);
		fprintf(f, "  %-5d %-12s %-6s %11zu %10zu %10s %10s %10s %6zu %7zu  %s%s\n", x->rank,
			clean(x->host ? x->host : "?", n1, sizeof n1, 12), x->device >= 0 ? dev : "-",
			x->claims, x->overlapped, dur(x->comm_ns, b1, sizeof b1),
			dur(x->exposed_ns, b2, sizeof b2), dur(x->wait_ns, b3, sizeof b3), x->waits,
			x->slowest, clean(base(x->source), n2, sizeof n2, 60), x->from_json ? " (JSON)" : "");
		size_t counts[OC_N_CAUSES], first = 1;
		rank_causes(x, counts);
		for (int c = 0; c < OC_N_CAUSES; c++) {
			if (!counts[c])
				continue;
			fprintf(f, "%s%zu %s", first ? "        serialized: " : ", ", counts[c], oc_cause_name(c));
			first = 0;
		}
		if (!first)
			fputs("\n", f);
	}

	fputs("\nCollectives, per communicator and name\n", f);
	fprintf(f, "  %-5s %-16s %6s %7s %10s %12s  %s\n", "comm", "collective", "count", "waits",
		"max wait", "mean usual", "slowest rank (times)");
	for (size_t k = 0; k < nbn; k++) {
		char sl[64] = "-";
		if (bn[k].slowest >= 0)
			snprintf(sl, sizeof sl, "%d (%zu)", m->ranks[bn[k].slowest].rank, bn[k].slowest_times);
		fprintf(f, "  %-5d %-16s %6zu %7zu %10s %12s  %s\n", bn[k].comm,
			clean(bn[k].collective, n1, sizeof n1, 16), bn[k].count, bn[k].waits,
			dur(bn[k].max_wait_ns, b1, sizeof b1),
			dur(bn[k].count ? bn[k].usual_sum_ns / (int64_t)bn[k].count : 0, b2, sizeof b2), sl);
	}

	w = waits_sorted(m, &nw);
	if (w && nw) {
		fputs("\nPeer waits (the longest first; the evidence: every peer's start)\n", f);
		for (size_t k = 0; k < nw && k < max; k++) {
			const struct oc_rank *x = &m->ranks[w[k].rank];
			const struct oc_rank_coll *c = &x->colls[w[k].coll];
			const struct oc_rank_inst *in = &m->insts[c->inst];
			fprintf(f, "  rank %d waited %s in %s #%u on communicator %d: it started at %s, the "
				"last peer (rank %d) at %s; it ended at %s (the last start + the usual %s)\n",
				x->rank, dur(c->wait_ns, b1, sizeof b1), clean(c->collective, n1, sizeof n1, 24),
				c->seq, c->comm, dur(c->start_ns, b2, sizeof b2), m->ranks[in->last].rank,
				dur(in->last_start_ns, b3, sizeof b3), dur(c->end_ns, b4, sizeof b4),
				dur(in->usual_ns, n2, sizeof n2));
			fputs("      peers started:", f);
			for (size_t j = 0; j < in->n_members; j++) {
				const struct oc_rank_member *mb = &m->members[in->member_off + j];
				fprintf(f, " rank %d %s%s", m->ranks[mb->rank].rank,
					dur(m->ranks[mb->rank].colls[mb->coll].start_ns, b1, sizeof b1),
					j + 1 < in->n_members ? "," : "\n");
			}
		}
		if (nw > max)
			fprintf(f, "  ... and %zu more\n", nw - max);
	}
	free(w);
	if (m->unmatched)
		fprintf(f, "\n%zu collective%s did not run on every rank with NCCL kernels (a communicator "
			"of some ranks only, or a trace cut short)\n", m->unmatched, m->unmatched == 1 ? "" : "s");
	if (m->n_notes) {
		fputs("\nNotes\n", f);
		for (size_t k = 0; k < m->n_notes; k++)
			fprintf(f, "  %s\n", m->notes[k]);
	}
	free(bn);
	fflush(f);
	return ferror(f) ? -1 : 0;
}

/* ---- JSON ------------------------------------------------------------------------ */

static void kv_str_or_null(struct oc_json *j, const char *k, const char *v)
{
	if (v)
		oc_json_kv_string(j, k, v);
	else
		oc_json_kv_null(j, k);
}

static void kv_int_or_null(struct oc_json *j, const char *k, int64_t v)
{
	if (v >= 0)
		oc_json_kv_int(j, k, v);
	else
		oc_json_kv_null(j, k);
}

int oc_ranks_write_json(FILE *f, const struct oc_ranks *m)
{
	struct oc_json *j = malloc(sizeof *j);
	struct oc_ranks_by_name *bn = calloc(m->n_insts + 1, sizeof *bn);
	size_t nbn;
	int rc;

	if (!j || !bn) {
		free(j);
		free(bn);
		return -1;
	}
	nbn = oc_ranks_by_name(m, bn);
	oc_json_init(j, f, 1);
	oc_json_set_inline_depth(j, 2);
	oc_json_begin_object(j);
	oc_json_kv_string(j, "schema", OC_RANKS_SCHEMA);
	oc_json_kv_string(j, "tool_version", OC_VERSION);
	oc_json_key(j, "options");
	oc_json_begin_object(j);
	oc_json_kv_int(j, "peer_wait_ns", m->opts.peer_wait_ns);
	oc_json_kv_int(j, "sync_tolerance_ns", m->opts.a.sync_tolerance_ns);
	oc_json_kv_double(j, "min_overlap", m->opts.a.min_overlap);
	oc_json_kv_bool(j, "whole", m->opts.a.whole);
	oc_json_end_object(j);
	oc_json_kv_int(j, "t0_ns", m->t0_ns);
	oc_json_kv_int(j, "span_ns", m->span_ns);
	oc_json_kv_bool(j, "aligned", m->aligned);
	oc_json_kv_uint(j, "hosts", m->hosts);
	kv_int_or_null(j, "world_size", m->world_size);
	oc_json_kv_uint(j, "unmatched", m->unmatched);
	oc_json_key(j, "notes");
	oc_json_begin_array(j);
	for (size_t k = 0; k < m->n_notes; k++)
		oc_json_string(j, m->notes[k]);
	oc_json_end_array(j);

	oc_json_key(j, "ranks");
	oc_json_begin_array(j);
	for (size_t r = 0; r < m->n_ranks; r++) {
		const struct oc_rank *x = &m->ranks[r];
		size_t counts[OC_N_CAUSES];
		oc_json_begin_object(j);
		oc_json_kv_int(j, "rank", x->rank);
		oc_json_kv_bool(j, "by_device", x->by_device);
		kv_int_or_null(j, "local_rank", x->local_rank);
		kv_int_or_null(j, "world_size", x->world_size);
		kv_str_or_null(j, "host", x->host);
		kv_int_or_null(j, "device", x->device);
		oc_json_kv_string(j, "source", x->source);
		oc_json_kv_string(j, "source_kind", x->from_json ? "json" : "trace");
		kv_str_or_null(j, "nccl_version", x->nccl_version);
		oc_json_kv_int(j, "trace_start_ns", x->trace_start_ns);
		oc_json_kv_int(j, "window_ns", x->window_ns);
		oc_json_kv_uint(j, "collectives", x->claims);
		oc_json_kv_uint(j, "overlapped", x->overlapped);
		oc_json_kv_int(j, "comm_ns", x->comm_ns);
		oc_json_kv_int(j, "exposed_ns", x->exposed_ns);
		if (x->comm_ns > 0)
			oc_json_kv_fixed(j, "exposed_share", share(x->exposed_ns, x->comm_ns), 4);
		else
			oc_json_kv_null(j, "exposed_share");
		oc_json_kv_int(j, "peer_wait_ns", x->wait_ns);
		oc_json_kv_uint(j, "peer_waits", x->waits);
		oc_json_kv_uint(j, "slowest", x->slowest);
		rank_causes(x, counts);
		oc_json_key(j, "causes");
		oc_json_begin_object(j);
		for (int c = 0; c < OC_N_CAUSES; c++)
			if (counts[c])
				oc_json_kv_uint(j, oc_cause_name(c), counts[c]);
		oc_json_end_object(j);
		oc_json_end_object(j);
	}
	oc_json_end_array(j);

	oc_json_key(j, "by_name");
	oc_json_begin_array(j);
	for (size_t k = 0; k < nbn; k++) {
		oc_json_begin_object(j);
		oc_json_kv_int(j, "comm", bn[k].comm);
		oc_json_kv_string(j, "collective", bn[k].collective);
		oc_json_kv_uint(j, "count", bn[k].count);
		oc_json_kv_uint(j, "peer_waits", bn[k].waits);
		oc_json_kv_int(j, "max_wait_ns", bn[k].max_wait_ns);
		oc_json_kv_int(j, "usual_mean_ns", bn[k].count ? bn[k].usual_sum_ns / (int64_t)bn[k].count : 0);
		if (bn[k].slowest >= 0) {
			oc_json_kv_int(j, "slowest_rank", m->ranks[bn[k].slowest].rank);
			oc_json_kv_uint(j, "slowest_times", bn[k].slowest_times);
		} else {
			oc_json_kv_null(j, "slowest_rank");
			oc_json_kv_uint(j, "slowest_times", 0);
		}
		oc_json_end_object(j);
	}
	oc_json_end_array(j);

	oc_json_key(j, "collectives");
	oc_json_begin_array(j);
	for (size_t i = 0; i < m->n_insts; i++) {
		const struct oc_rank_inst *in = &m->insts[i];
		oc_json_begin_object(j);
		oc_json_kv_int(j, "comm", in->comm);
		oc_json_kv_string(j, "collective", in->collective);
		oc_json_kv_uint(j, "seq", in->seq);
		oc_json_kv_uint(j, "ranks", in->ranks);
		if (in->first >= 0) {
			oc_json_kv_int(j, "first_rank", m->ranks[in->first].rank);
			oc_json_kv_int(j, "last_rank", m->ranks[in->last].rank);
			oc_json_kv_int(j, "first_start_ns", in->first_start_ns);
			oc_json_kv_int(j, "last_start_ns", in->last_start_ns);
			oc_json_kv_int(j, "usual_ns", in->usual_ns);
		} else {
			oc_json_kv_null(j, "first_rank");
			oc_json_kv_null(j, "last_rank");
		}
		oc_json_kv_uint(j, "peer_waits", in->waits);
		oc_json_kv_int(j, "max_wait_ns", in->max_wait_ns);
		if (in->waits) {
			oc_json_key(j, "members");
			oc_json_begin_array(j);
			for (size_t k = 0; k < in->n_members; k++) {
				const struct oc_rank_member *mb = &m->members[in->member_off + k];
				const struct oc_rank_coll *c = &m->ranks[mb->rank].colls[mb->coll];
				int cause = oc_rank_coll_cause(c);
				oc_json_begin_object(j);
				oc_json_kv_int(j, "rank", m->ranks[mb->rank].rank);
				oc_json_kv_int(j, "start_ns", c->start_ns);
				oc_json_kv_int(j, "end_ns", c->end_ns);
				oc_json_kv_bool(j, "peer_wait", c->peer_wait);
				oc_json_kv_int(j, "wait_ns", c->wait_ns);
				oc_json_kv_string(j, "verdict", c->overlapped ? "overlapped" : "serialized");
				kv_str_or_null(j, "cause", cause >= 0 ? oc_cause_name(cause) : NULL);
				oc_json_end_object(j);
			}
			oc_json_end_array(j);
		}
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
	oc_json_end_object(j);
	rc = oc_json_finish(j);
	free(j);
	free(bn);
	return rc;
}

/* ---- Markdown ------------------------------------------------------------------ */

static void md(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		if (strchr("|\\`*_[]<>", *s))
			fputc('\\', f);
		fputc((unsigned char)*s < 0x20 ? ' ' : *s, f);
	}
}

int oc_ranks_write_markdown(FILE *f, const struct oc_ranks *m, const struct oc_report_opts *o)
{
	size_t max = o && o->max_rows > 0 ? (size_t)o->max_rows : 20, nbn, nw;
	struct oc_ranks_by_name *bn = calloc(m->n_insts + 1, sizeof *bn);
	struct oc_rank_member *w;
	char b1[32], b2[32], b3[32];

	if (!bn)
		return -1;
	nbn = oc_ranks_by_name(m, bn);
	fprintf(f, "## overlapcheck report --ranks: %zu ranks\n\n", m->n_ranks);
	if (!m->aligned)
		fputs("**The ranks' clocks are not one: no cross-rank comparison (see the notes).**\n\n", f);
	fputs("| rank | host | collectives | overlapped | comm | exposed | peer wait | slowest |\n"
	      "| --- | --- | --- | --- | --- | --- | --- | --- |\n", f);
	for (size_t r = 0; r < m->n_ranks; r++) {
		const struct oc_rank *x = &m->ranks[r];
		fprintf(f, "| %d | ", x->rank);
		md(f, x->host ? x->host : "?");
		fprintf(f, " | %zu | %zu | %s | %s | %s | %zu |\n", x->claims, x->overlapped,
			dur(x->comm_ns, b1, sizeof b1), dur(x->exposed_ns, b2, sizeof b2),
			dur(x->wait_ns, b3, sizeof b3), x->slowest);
	}
	fputs("\n| communicator | collective | count | peer waits | max wait | slowest rank |\n"
	      "| --- | --- | --- | --- | --- | --- |\n", f);
	for (size_t k = 0; k < nbn; k++) {
		fprintf(f, "| %d | ", bn[k].comm);
		md(f, bn[k].collective);
		fprintf(f, " | %zu | %zu | %s | ", bn[k].count, bn[k].waits, dur(bn[k].max_wait_ns, b1, sizeof b1));
		if (bn[k].slowest >= 0)
			fprintf(f, "%d (%zu) |\n", m->ranks[bn[k].slowest].rank, bn[k].slowest_times);
		else
			fputs("- |\n", f);
	}
	w = waits_sorted(m, &nw);
	if (w && nw) {
		fputs("\n**Peer waits** (the longest first):\n\n", f);
		for (size_t k = 0; k < nw && k < max; k++) {
			const struct oc_rank_coll *c = &m->ranks[w[k].rank].colls[w[k].coll];
			const struct oc_rank_inst *in = &m->insts[c->inst];
			fprintf(f, "- rank %d waited %s in ", m->ranks[w[k].rank].rank, dur(c->wait_ns, b1, sizeof b1));
			md(f, c->collective);
			fprintf(f, " #%u (communicator %d) for rank %d, which started %s later\n", c->seq, c->comm,
				m->ranks[in->last].rank, dur(in->last_start_ns - c->start_ns, b2, sizeof b2));
		}
		if (nw > max)
			fprintf(f, "- ... and %zu more\n", nw - max);
	}
	free(w);
	for (size_t k = 0; k < m->n_notes; k++) {
		fputs(k ? "- " : "\nNotes:\n\n- ", f);
		md(f, m->notes[k]);
		fputs("\n", f);
	}
	free(bn);
	fflush(f);
	return ferror(f) ? -1 : 0;
}
