/*
 * ranks.c: the merge of a job's ranks (ranks.h, docs/nccl.md); reading the
 * inputs into ranks is ranks-read.c.
 *
 * Merging. The ranks are sorted and deduplicated (an empty duplicate of a
 * rank whose kernels another input has is dropped), put on one time axis
 * when they share a clock, and every rank's kernels are listed as
 * (communicator, collective, seq, rank) and sorted; each run of equal
 * (communicator, collective, seq) is one collective across the ranks,
 * decided by ranks.h's rule. Memory and time are linear in the kernels of
 * all ranks, plus the sort.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "ranks-read.h"
#include "overlapcheck/format.h"



void oc_ranks_options_init(struct oc_ranks_options *o)
{
	memset(o, 0, sizeof *o);
	oc_analysis_options_init(&o->a);
	o->peer_wait_ns = 50000;
}

int oc_rank_coll_cause(const struct oc_rank_coll *c)
{
	if (c->peer_wait && (c->overlapped || c->decisive < 0 || c->decisive > OC_CAUSE_PEER_WAIT))
		return OC_CAUSE_PEER_WAIT;
	return c->overlapped ? -1 : c->decisive;
}

/* ---- the merge ---------------------------------------------------------------- */

static int cmp_rank(const void *x, const void *y)
{
	const struct oc_rank *a = x, *b = y;
	if (a->rank != b->rank)
		return (a->rank > b->rank) - (a->rank < b->rank);
	return (a->n_colls < b->n_colls) - (a->n_colls > b->n_colls);   /* with kernels first */
}

struct key {
	int comm;
	uint32_t seq;
	const char *coll;
	int32_t rank, idx;
};

static int cmp_key(const void *x, const void *y)
{
	const struct key *a = x, *b = y;
	int c;
	if (a->comm != b->comm)
		return (a->comm > b->comm) - (a->comm < b->comm);
	if ((c = strcmp(a->coll, b->coll)))
		return c;
	if (a->seq != b->seq)
		return (a->seq > b->seq) - (a->seq < b->seq);
	return (a->rank > b->rank) - (a->rank < b->rank);
}

static int cmp_inst(const void *x, const void *y)
{
	const struct oc_rank_inst *a = x, *b = y;
	if (a->first_start_ns != b->first_start_ns)
		return (a->first_start_ns > b->first_start_ns) - (a->first_start_ns < b->first_start_ns);
	if (a->comm != b->comm)
		return (a->comm > b->comm) - (a->comm < b->comm);
	return (a->seq > b->seq) - (a->seq < b->seq);
}

/* one collective across the ranks: the members m->members[off..off+n) */
static void decide(struct oc_ranks *m, struct oc_rank_inst *in)
{
	const struct oc_analysis_options *ao = &m->opts.a;
	int64_t tol;

	in->first = in->last = -1;
	for (size_t k = 0; k < in->n_members; k++) {
		const struct oc_rank_member *mb = &m->members[in->member_off + k];
		const struct oc_rank_coll *c = &m->ranks[mb->rank].colls[mb->coll];
		if (in->first < 0 || c->start_ns < in->first_start_ns) {
			in->first = mb->rank;
			in->first_start_ns = c->start_ns;
		}
		if (in->last < 0 || c->start_ns > in->last_start_ns) {
			in->last = mb->rank;
			in->last_start_ns = c->start_ns;
			in->usual_ns = c->end_ns - c->start_ns;
		}
	}
	tol = in->usual_ns / 20 > ao->sync_tolerance_ns ? in->usual_ns / 20 : ao->sync_tolerance_ns;
	for (size_t k = 0; in->n_members > 1 && k < in->n_members; k++) {
		const struct oc_rank_member *mb = &m->members[in->member_off + k];
		struct oc_rank_coll *c = &m->ranks[mb->rank].colls[mb->coll];
		int64_t wait = in->last_start_ns - c->start_ns;
		int64_t off = c->end_ns - (in->last_start_ns + in->usual_ns);
		if (wait <= m->opts.peer_wait_ns || off > tol || off < -tol)
			continue;
		c->peer_wait = 1;
		c->wait_ns = wait;
		m->ranks[mb->rank].wait_ns += wait;
		m->ranks[mb->rank].waits++;
		in->waits++;
		if (wait > in->max_wait_ns)
			in->max_wait_ns = wait;
	}
	if (in->n_members > 1 && in->last_start_ns - in->first_start_ns > m->opts.peer_wait_ns)
		m->ranks[in->last].slowest++;
}

static int merge(struct oc_ranks *m, char *err, size_t errlen)
{
	size_t total = 0, with = 0, k, g;
	struct key *keys;

	for (size_t r = 0; r < m->n_ranks; r++) {
		total += m->ranks[r].n_colls;
		with += m->ranks[r].n_colls > 0;
	}
	if (!total) {
		oc_set_err(err, errlen, "no rank with NCCL kernels in the inputs: nothing to merge");
		return -1;
	}
	keys = malloc(total * sizeof *keys);
	m->members = malloc(total * sizeof *m->members);
	m->insts = calloc(total, sizeof *m->insts);
	if (!keys || !m->members || !m->insts) {
		free(keys);
		oc_set_err(err, errlen, "cannot merge the ranks: out of memory");
		return -1;
	}
	k = 0;
	for (size_t r = 0; r < m->n_ranks; r++)
		for (size_t c = 0; c < m->ranks[r].n_colls; c++)
			keys[k++] = (struct key){ m->ranks[r].colls[c].comm, m->ranks[r].colls[c].seq,
						  m->ranks[r].colls[c].collective, (int32_t)r, (int32_t)c };
	oc_sort(keys, total, sizeof *keys, cmp_key);
	for (k = 0; k < total; k = g) {
		struct oc_rank_inst *in = &m->insts[m->n_insts];
		for (g = k + 1; g < total && keys[g].comm == keys[k].comm && keys[g].seq == keys[k].seq &&
		     !strcmp(keys[g].coll, keys[k].coll); g++)
			;
		in->comm = keys[k].comm;
		in->seq = keys[k].seq;
		snprintf(in->collective, sizeof in->collective, "%s", keys[k].coll);
		in->member_off = m->n_members;
		for (size_t j = k; j < g; j++) {
			if (j > k && keys[j].rank == keys[j - 1].rank)
				continue;       /* a rank counts once (several devices under one rank) */
			m->members[m->n_members++] = (struct oc_rank_member){ keys[j].rank, keys[j].idx };
		}
		in->n_members = m->n_members - in->member_off;
		in->ranks = in->n_members;
		if (in->ranks < with)
			m->unmatched++;
		if (m->aligned)
			decide(m, in);
		else
			in->first = in->last = -1;
		m->n_insts++;
	}
	free(keys);
	/* instances by first start; the kernels point at theirs */
	oc_sort(m->insts, m->n_insts, sizeof *m->insts, cmp_inst);
	for (size_t i = 0; i < m->n_insts; i++)
		for (size_t j = 0; j < m->insts[i].n_members; j++) {
			const struct oc_rank_member *mb = &m->members[m->insts[i].member_off + j];
			m->ranks[mb->rank].colls[mb->coll].inst = (int32_t)i;
		}
	return 0;
}

int oc_ranks_run(struct oc_ranks *m, const char *const *inputs, size_t n,
		 const struct oc_ranks_options *o, char *err, size_t errlen)
{
	struct oc_rk_list in = { 0 };
	int rc = -1;

	memset(m, 0, sizeof *m);
	if (o)
		m->opts = *o;
	else
		oc_ranks_options_init(&m->opts);
	m->world_size = -1;
	if (!n) {
		oc_set_err(err, errlen, "no inputs");
		return -1;
	}
	if (oc_rk_expand(inputs, n, &in, err, errlen))
		goto out;
	for (size_t i = 0; i < in.n; i++)
		if (oc_rk_read(m, in.v[i], err, errlen) < 0)
			goto out;
	if (!m->n_ranks) {
		oc_set_err(err, errlen, "no rank with NCCL kernels in the inputs: nothing to merge");
		goto out;
	}
	oc_sort(m->ranks, m->n_ranks, sizeof *m->ranks, cmp_rank);
	/* duplicates: an empty one beside one with kernels is dropped (a second
	 * CUDA process of that rank), else it is an error */
	for (size_t r = 1; r < m->n_ranks;) {
		if (m->ranks[r].rank != m->ranks[r - 1].rank) {
			r++;
			continue;
		}
		if (m->ranks[r].n_colls) {
			oc_set_err(err, errlen, "two inputs are rank %d: '%s' and '%s'", m->ranks[r].rank,
				m->ranks[r - 1].source, m->ranks[r].source);
			goto out;
		}
		if (oc_rk_note(m, "'%s' skipped: rank %d again, without NCCL kernels ('%s' has them)",
			 m->ranks[r].source, m->ranks[r].rank, m->ranks[r - 1].source))
			goto nomem;
		oc_rk_free_rank(&m->ranks[r]);
		memmove(&m->ranks[r], &m->ranks[r + 1], (m->n_ranks - r - 1) * sizeof *m->ranks);
		m->n_ranks--;
	}
	/* one clock? and the axis */
	{
		const char *h = NULL;
		int mixed = 0;
		m->t0_ns = m->ranks[0].trace_start_ns;
		for (size_t r = 0; r < m->n_ranks; r++) {
			const struct oc_rank *x = &m->ranks[r];
			if (x->trace_start_ns < m->t0_ns)
				m->t0_ns = x->trace_start_ns;
			if (x->host && (!h || strcmp(h, x->host))) {
				if (h)
					mixed = 1;
				else
					m->hosts = 1;
				h = x->host;
			}
			if (x->world_size > 0 && (m->world_size == -1 || m->world_size == x->world_size))
				m->world_size = x->world_size;
			else if (x->world_size > 0)
				m->world_size = -2;
		}
		if (m->world_size == -2)
			m->world_size = -1;
		if (mixed) {
			/* count the hosts */
			m->hosts = 0;
			for (size_t r = 0; r < m->n_ranks; r++) {
				size_t q;
				if (!m->ranks[r].host)
					continue;
				for (q = 0; q < r && (!m->ranks[q].host || strcmp(m->ranks[q].host, m->ranks[r].host)); q++)
					;
				m->hosts += q == r;
			}
		}
		m->aligned = !mixed;
		if (mixed && oc_rk_note(m, "the ranks ran on %zu hosts, whose clocks are not one: each rank is "
				  "reported on its own, with no slowest rank and no peer_wait (aligning hosts "
				  "is out of scope: docs/nccl.md)", m->hosts))
			goto nomem;
		for (size_t r = 0; r < m->n_ranks; r++) {
			struct oc_rank *x = &m->ranks[r];
			int64_t off = x->trace_start_ns - m->t0_ns;
			for (size_t c = 0; c < x->n_colls; c++) {
				x->colls[c].start_ns += off;
				x->colls[c].end_ns += off;
				if (x->colls[c].end_ns > m->span_ns)
					m->span_ns = x->colls[c].end_ns;
			}
		}
	}
	if (m->world_size > 0 && (size_t)m->world_size != m->n_ranks &&
	    oc_rk_note(m, "%zu of the job's %d ranks are here: collectives are compared among these only",
		 m->n_ranks, m->world_size))
		goto nomem;
	rc = merge(m, err, errlen);
	goto out;
nomem:
	oc_set_err(err, errlen, "cannot merge the ranks: out of memory");
out:
	for (size_t i = 0; i < in.n; i++)
		free(in.v[i]);
	free(in.v);
	return rc;
}

void oc_ranks_release(struct oc_ranks *m)
{
	if (!m)
		return;
	for (size_t r = 0; r < m->n_ranks; r++)
		oc_rk_free_rank(&m->ranks[r]);
	free(m->ranks);
	free(m->insts);
	free(m->members);
	for (size_t k = 0; k < m->n_notes; k++)
		free(m->notes[k]);
	free(m->notes);
	memset(m, 0, sizeof *m);
}

size_t oc_ranks_by_name(const struct oc_ranks *m, struct oc_ranks_by_name *out)
{
	size_t n = 0;
	size_t *times = m->n_ranks ? calloc(m->n_ranks, sizeof *times) : NULL;

	for (size_t i = 0; i < m->n_insts; i++) {
		const struct oc_rank_inst *in = &m->insts[i];
		size_t k;
		for (k = 0; k < n && (out[k].comm != in->comm || strcmp(out[k].collective, in->collective)); k++)
			;
		if (k == n)
			out[n++] = (struct oc_ranks_by_name){ .comm = in->comm, .collective = in->collective,
							      .slowest = -1 };
		out[k].count++;
		out[k].waits += in->waits;
		out[k].usual_sum_ns += in->usual_ns;
		if (in->max_wait_ns > out[k].max_wait_ns)
			out[k].max_wait_ns = in->max_wait_ns;
	}
	/* the slowest rank of each row: counted over its collectives */
	for (size_t k = 0; times && k < n; k++) {
		memset(times, 0, m->n_ranks * sizeof *times);
		for (size_t i = 0; i < m->n_insts; i++) {
			const struct oc_rank_inst *in = &m->insts[i];
			if (in->comm != out[k].comm || strcmp(in->collective, out[k].collective) ||
			    in->last < 0 || in->n_members < 2 ||
			    in->last_start_ns - in->first_start_ns <= m->opts.peer_wait_ns)
				continue;
			times[in->last]++;
		}
		for (size_t r = 0; r < m->n_ranks; r++)
			if (times[r] > out[k].slowest_times) {
				out[k].slowest_times = times[r];
				out[k].slowest = (int)r;
			}
	}
	free(times);
	return n;
}
