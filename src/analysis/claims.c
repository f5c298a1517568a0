/*
 * claims.c: claims, verdicts, and the causes of every serialized claim.
 *
 * A claim is a device op queued asynchronously by contract: every kernel,
 * and every memcpy, peer memcpy or memset whose record carries CUPTI's ASYNC
 * flag. It is recognised by what was queued, never by the API's name; a graph
 * launch yields one claim per node op. The verdict comes from the interval
 * engine: overlapped when the op intersected work in other streams for at
 * least min_overlap of its own duration, with the engine's witness.
 *
 * A serialized claim o is explained against its candidate partners. For each
 * other stream X of o's device, take X's last op that started before o and
 * X's first op that started at or after o (adjacency is enough: if any op of
 * X was pending with o, one of these two was). With q(x) the queue time
 * (the start of the call that queued x, or x's start when unknown):
 *   - would-be partners W: candidates p whose pending-or-running window
 *     [q(p), end(p)] intersects o's [q(o), end(o)];
 *   - late partners: the nearest following candidate when it was queued only
 *     after o ended, and the nearest preceding candidate when o was queued
 *     only after it ended.
 * Each pair predicate is tried on these partners, nearest first, and the
 * first partner that proves a cause becomes its evidence. The pair is
 * ordered (f, g) by device start; "kept apart" means start(g) >= end(f).
 * docs/causes.md states every predicate; the pair predicates are in pairs.c,
 * tried here in the table's order, with the causes proven on the claim
 * itself (its own pageable copy, partial overlap, its own stream) beside them.
 *
 * An NCCL kernel (op.comm) is a claim about communication hiding behind
 * compute: its verdict counts only the compute kernels of other streams
 * (the engine's per-class intersection), its witness is the longest such
 * kernel, and its candidate partners are compute kernels only, so every
 * cause it gets says why no compute ran beside it (docs/nccl.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/format.h"
#include "overlapcheck/mem.h"
#include "pairs.h"
#include "heap.h"

struct cand {
	int32_t op;
	int64_t dist;      /* device-time distance from o, 0 when they intersect */
	uint8_t would_be;  /* in W */
	uint8_t late;      /* a late partner */
};

static int is_claim(const struct oc_op *op)
{
	if (op->kind == OC_OP_KERNEL)
		return 1;
	if (op->kind == OC_OP_MEMCPY || op->kind == OC_OP_MEMSET || op->kind == OC_OP_MEMCPY_PEER)
		return (op->flags & OC_ASYNC_FLAG) != 0;
	return 0;
}

static int cmp_cand(const void *x, const void *y)
{
	const struct cand *a = x, *b = y;
	if (a->dist != b->dist)
		return (a->dist > b->dist) - (a->dist < b->dist);
	return (a->op > b->op) - (a->op < b->op);
}

/* How far a collective's candidate search walks in one stream past ops
 * that are not compute kernels (copies, other collectives). */
#define COMM_PARTNER_WALK 64

/* In stream list[0..ln), the compute kernel nearest to position pos going
 * down (dir -1: from pos - 1) or up (dir +1: from pos), or -1. */
static int32_t nearest_compute(const struct oc_trace *t, const uint32_t *list, size_t ln, size_t pos,
			       int dir)
{
	for (size_t k = 0; k < COMM_PARTNER_WALK; k++) {
		size_t i;
		if (dir < 0) {
			if (pos < k + 1)
				return -1;
			i = pos - 1 - k;
		} else {
			i = pos + k;
			if (i >= ln)
				return -1;
		}
		if (oc_is_compute(&t->ops[list[i]]))
			return (int32_t)list[i];
	}
	return -1;
}

/*
 * Collect o's candidate partners into cs (room for 2 * streams + 2).
 * Returns the count; *n_would receives |W|; *capped is set when the device
 * has more streams than OC_MAX_PARTNER_STREAMS (W may then be incomplete).
 */
static size_t candidates(const struct oc_actx *c, uint32_t o, struct cand *cs, size_t *n_would,
			 int *capped)
{
	const struct oc_trace *t = c->t;
	const struct oc_op *op = &t->ops[o];
	const struct oc_dev_ctx *dv = &c->dev[oc_dev_of(c, o)];
	int32_t near_next = -1, near_prev = -1;
	size_t n = 0, examined = 0;

	*n_would = 0;
	*capped = 0;
	for (size_t si = 0; si < dv->n_streams; si++) {
		int32_t xs = dv->streams[si];
		if (xs == op->stream)
			continue;
		if (++examined > OC_MAX_PARTNER_STREAMS) {
			*capped = 1;
			break;
		}
		const uint32_t *list = &c->s_ops[c->s_off[xs]];
		size_t ln = c->s_off[xs + 1] - c->s_off[xs];
		size_t pos = oc_lower_start(t, list, ln, op->start_ns);
		int32_t two[2] = { pos > 0 ? (int32_t)list[pos - 1] : -1, pos < ln ? (int32_t)list[pos] : -1 };
		if (op->comm) {         /* a collective's partners are compute kernels */
			two[0] = nearest_compute(t, list, ln, pos, -1);
			two[1] = nearest_compute(t, list, ln, pos, +1);
		}
		for (int k = 0; k < 2; k++) {
			int32_t p = two[k], f, g;
			if (p < 0)
				continue;
			order(t, (int32_t)o, p, &f, &g);
			if (!oc_adjacent(c, (int32_t)o, f, g))
				continue;       /* other device work lies between them */
			const struct oc_op *P = &t->ops[p];
			if (c->q[p] < op->end_ns && P->end_ns > c->q[o]) {
				int64_t dist = P->end_ns <= op->start_ns ? op->start_ns - P->end_ns :
					       P->start_ns >= op->end_ns ? P->start_ns - op->end_ns : 0;
				cs[n++] = (struct cand){ .op = p, .dist = dist, .would_be = 1 };
				(*n_would)++;
			}
			if (k == 0 && (near_prev < 0 || P->end_ns > t->ops[near_prev].end_ns))
				near_prev = p;
			if (k == 1 && (near_next < 0 || P->start_ns < t->ops[near_next].start_ns))
				near_next = p;
		}
	}
	if (near_next >= 0 && c->q[near_next] >= op->end_ns)
		cs[n++] = (struct cand){ .op = near_next, .late = 1,
			.dist = t->ops[near_next].start_ns - op->end_ns };
	if (near_prev >= 0 && c->q[o] >= t->ops[near_prev].end_ns)
		cs[n++] = (struct cand){ .op = near_prev, .late = 1,
			.dist = op->start_ns - t->ops[near_prev].end_ns };
	oc_sort(cs, n, sizeof *cs, cmp_cand);
	return n;
}

/* same_direction_copy: o is a copy, its would-be partners (at least one) are
 * all copies of the same direction on its device, and no two copies of that
 * direction intersect anywhere in the trace on that device: the device runs
 * them one at a time (pipeline fill and drain). */
static int p_same_direction(const struct oc_actx *c, uint32_t o, const struct cand *cs, size_t n,
			    struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	const struct oc_op *op = &t->ops[o];
	const struct oc_dev_ctx *dv = &c->dev[oc_dev_of(c, o)];
	int32_t nearest = -1;

	if (op->kind != OC_OP_MEMCPY || op->copy_kind >= OC_N_COPY_KINDS ||
	    op->copy_kind == OC_COPY_UNKNOWN || dv->dir_meet[op->copy_kind])
		return 0;
	for (size_t k = 0; k < n; k++) {
		const struct oc_op *P = &t->ops[cs[k].op];
		if (!cs[k].would_be)
			continue;
		if (P->kind != OC_OP_MEMCPY || P->copy_kind != op->copy_kind)
			return 0;
		if (nearest < 0)
			nearest = cs[k].op;   /* cs is nearest first */
	}
	if (nearest < 0)
		return 0;
	ev_init(e, OC_CAUSE_SAME_DIRECTION_COPY);
	e->partner = nearest;
	e->count = dv->dir_copies[op->copy_kind];
	return 1;
}

/*
 * The witness of collective o: the compute kernel of another stream of its
 * device with the longest intersection (ties: the earliest start, then the
 * lowest index), into *w; *w = -1 when none. In each stream the
 * ops that can meet o are the one that started last before it and those
 * that started while it ran (a stream runs in order; graph nodes that break
 * that are met through the few before it looked at too).
 */
static void comm_witness(const struct oc_actx *c, uint32_t o, int32_t *w)
{
	const struct oc_trace *t = c->t;
	const struct oc_op *op = &t->ops[o];
	const struct oc_dev_ctx *dv = &c->dev[oc_dev_of(c, o)];
	int64_t best = 0;

	*w = -1;
	for (size_t si = 0; si < dv->n_streams; si++) {
		int32_t xs = dv->streams[si];
		if (xs == op->stream)
			continue;
		const uint32_t *list = &c->s_ops[c->s_off[xs]];
		size_t ln = c->s_off[xs + 1] - c->s_off[xs];
		size_t pos = oc_lower_start(t, list, ln, op->start_ns);
		size_t k = pos > 4 ? pos - 4 : 0;
		for (size_t seen = 0; k < ln && seen < OC_SCAN_LIMIT; k++, seen++) {
			const struct oc_op *p = &t->ops[list[k]];
			if (p->start_ns >= op->end_ns)
				break;
			if (!oc_is_compute(p))
				continue;
			int64_t s = p->start_ns > op->start_ns ? p->start_ns : op->start_ns;
			int64_t e = p->end_ns < op->end_ns ? p->end_ns : op->end_ns;
			if (e - s <= 0)
				continue;
			if (e - s > best || (e - s == best && (p->start_ns < t->ops[*w].start_ns ||
			    (p->start_ns == t->ops[*w].start_ns && (int32_t)list[k] < *w)))) {
				best = e - s;
				*w = (int32_t)list[k];
			}
		}
	}
}

/* ---- one claim ------------------------------------------------------------ */

/*
 * The host block a late partner p stands for: its own call, which held its
 * thread until the copy was staged or done (a pageable copy) or the kernel
 * ended (a blocking launch); -1 when p has no call.
 */
static int32_t late_block_call(const struct oc_actx *c, int32_t p)
{
	int32_t a = c->t->ops[p].api;

	return a >= 0 && (size_t)a < c->t->n_api ? a : -1;
}

/*
 * A late partner p that ended before o was queued explains o only when its
 * call is a fresh host block for the pair (p, o) (docs/causes.md, Terms:
 * "Fresh"): on o's thread, returned no earlier than end(p) (clock skew
 * allowed), and o's call the first work-queuing call on that thread after
 * it returned, or within the sync tolerance of that return. Device
 * adjacency alone says nothing when the device sat idle in between.
 */
static int late_partner_fresh(const struct oc_actx *c, uint32_t o, int32_t p)
{
	const struct oc_trace *t = c->t;
	int32_t a = late_block_call(c, p);
	uint32_t tid = c->tid[o];

	if (a < 0 || tid == OC_NO_TID || c->tid[p] != tid)
		return 0;
	if (t->api[a].end_ns < t->ops[p].end_ns - OC_CLOCK_SKEW_NS || t->api[a].end_ns > c->q[o])
		return 0;
	return c->q[o] - t->api[a].end_ns <= c->o.sync_tolerance_ns ||
	       oc_queued_between(c, tid, t->api[a].end_ns, c->q[o]) == 0;
}

/* A partner that can explain o through its own blocking behaviour (a
 * pageable copy, a blocking launch): a would-be partner, or the late partner
 * that ran before o when its call held o back (late_partner_fresh); never
 * one queued only after o had ended. */
static int before_or_with(const struct oc_actx *c, uint32_t o, const struct cand *p)
{
	return p->would_be || (c->t->ops[p->op].end_ns <= c->t->ops[o].start_ns &&
			       late_partner_fresh(c, o, p->op));
}

static int push_ev(struct oc_actx *c, const struct oc_evidence *e)
{
	if (c->n_ev == c->cap_ev) {
		struct oc_evidence *ne = oc_grow(c->ev, &c->cap_ev, sizeof *ne, 256);
		if (!ne)
			return -1;
		c->ev = ne;
	}
	c->ev[c->n_ev++] = *e;
	return 0;
}

typedef int (*pair_pred)(const struct oc_actx *, int32_t, int32_t, struct oc_evidence *);

/* First partner (nearest first) that proves pred; 1 with *e filled, else 0.
 * With would_only, only would-be partners are tried: a device-side mechanism
 * (the legacy stream, an event wait) cannot be what kept o apart from work
 * the CPU queued only after o had ended. */
static int first_pair(const struct oc_actx *c, uint32_t o, const struct cand *cs, size_t n,
		      pair_pred pred, int would_only, struct oc_evidence *e)
{
	for (size_t k = 0; k < n; k++)
		if ((!would_only || cs[k].would_be) && pred(c, (int32_t)o, cs[k].op, e))
			return 1;
	return 0;
}

/* Append evidence e for the claim being explained; counts it in *given. */
static int give(struct oc_actx *c, const struct oc_evidence *e, size_t *given)
{
	if (push_ev(c, e) < 0)
		return -1;
	(*given)++;
	return 0;
}

/*
 * Dominant (docs/causes.md, "Decisive and contributing causes"): a decisive
 * host block, a fresh sync or a late partner's blocking call, decides only
 * when it lasted at least as long as the host then took to queue the later
 * op g, or that took at most the sync tolerance. Otherwise the host's
 * lateness decided: submitted_late for the same pair becomes decisive (its
 * evidence taken from the list, or made), and the block contributes.
 * ev[0..*n) is the claim's evidence, decisive first.
 */
static int dominance(struct oc_actx *c, uint32_t o, size_t first, size_t *n)
{
	const struct oc_trace *t = c->t;
	struct oc_evidence *ev = &c->ev[first], late;
	int64_t bs, be, qg;
	int32_t f, g, p = ev[0].partner;
	size_t k;

	if (p < 0)
		return 0;
	order(t, (int32_t)o, p, &f, &g);
	if (ev[0].cause == OC_CAUSE_HOST_SYNCHRONIZATION && ev[0].block >= 0) {
		bs = c->a->blocks[ev[0].block].start_ns;
		be = c->a->blocks[ev[0].block].end_ns;
	} else if ((ev[0].cause == OC_CAUSE_PAGEABLE_HOST_MEMORY || ev[0].cause == OC_CAUSE_LAUNCH_BLOCKING) &&
		   ev[0].op == p && t->ops[p].end_ns <= c->q[o] && late_block_call(c, p) >= 0) {
		bs = t->api[late_block_call(c, p)].start_ns;
		be = t->api[late_block_call(c, p)].end_ns;
	} else {
		return 0;
	}
	qg = c->q[g];
	if (qg - be <= c->o.sync_tolerance_ns || qg - be <= be - bs)
		return 0;
	for (k = 1; k < *n; k++)
		if (ev[k].cause == OC_CAUSE_SUBMITTED_LATE && ev[k].partner == p)
			break;
	if (k == *n) {
		if (!oc_p_late(c, (int32_t)o, p, &late))
			return 0;
		if (push_ev(c, &late) < 0)
			return -1;
		ev = &c->ev[first];   /* push_ev may have moved the pool */
		(*n)++;
	}
	late = ev[k];
	memmove(&ev[1], &ev[0], k * sizeof *ev);
	ev[0] = late;
	return 0;
}

/* Decide the causes of serialized claim o, in docs/method.md's order, appending
 * their evidence to the pool; *n_out receives how many (at least 1). */
static int explain(struct oc_actx *c, uint32_t o, const struct oc_claim *cl, struct cand *cs,
		   size_t *n_out)
{
	const struct oc_trace *t = c->t;
	const struct oc_op *op = &t->ops[o];
	struct oc_evidence e;
	size_t n_would, n, given = 0;
	int capped;

	n = candidates(c, o, cs, &n_would, &capped);

	/* launch_blocking */
	if (t->launch_blocking == 1) {
		int32_t kern = op->kind == OC_OP_KERNEL ? (int32_t)o : -1;
		int32_t partner = -1;
		for (size_t k = 0; kern < 0 && k < n; k++)
			if (before_or_with(c, o, &cs[k]) && t->ops[cs[k].op].kind == OC_OP_KERNEL)
				kern = partner = cs[k].op;
		if (kern >= 0) {
			ev_init(&e, OC_CAUSE_LAUNCH_BLOCKING);
			e.op = kern;
			e.partner = partner;
			if (give(c, &e, &given) < 0)
				return -1;
		}
	}
	/* pageable_host_memory: the claim itself, else a partner, is a pageable copy */
	{
		int32_t pg = is_pageable_copy(op) ? (int32_t)o : -1;
		int32_t partner = -1;
		for (size_t k = 0; pg < 0 && k < n; k++)
			if (before_or_with(c, o, &cs[k]) && is_pageable_copy(&t->ops[cs[k].op]))
				pg = partner = cs[k].op;
		if (pg >= 0) {
			ev_init(&e, OC_CAUSE_PAGEABLE_HOST_MEMORY);
			e.op = pg;
			e.partner = partner;
			if (give(c, &e, &given) < 0)
				return -1;
		}
	}
	if (first_pair(c, o, cs, n, oc_p_legacy, 1, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, oc_p_implicit_between, 1, &e) ||
	    first_pair(c, o, cs, n, oc_p_implicit_legacy_partner, 1, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, oc_p_hostsync, 0, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, oc_p_event, 1, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, oc_p_graph, 1, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, oc_p_sm, 0, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, oc_p_late, 0, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, oc_p_launch, 1, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, oc_p_engines, 0, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (p_same_direction(c, o, cs, n, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, oc_p_behind, 1, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	/* hardware_queue_limit: CUDA_DEVICE_MAX_CONNECTIONS set below the number
	 * of streams in use on the device, and a would-be partner pending
	 * together with o yet kept apart with no declared dependency (no legacy
	 * stream op, host sync or event wait between them) */
	if (t->max_connections > 0 &&
	    (int64_t)c->dev[oc_dev_of(c, o)].n_streams > (int64_t)t->max_connections) {
		for (size_t k = 0; k < n; k++) {
			int32_t p = cs[k].op, f, g;
			struct oc_evidence tmp;
			if (!cs[k].would_be)
				continue;
			order(t, (int32_t)o, p, &f, &g);
			if (!kept_apart(t, f, g) || !pending_together(c, f, g))
				continue;
			if (oc_p_legacy(c, (int32_t)o, p, &tmp) || oc_p_implicit(c, (int32_t)o, p, &tmp) ||
			    oc_p_hostsync(c, (int32_t)o, p, &tmp) || oc_p_event(c, (int32_t)o, p, &tmp))
				continue;
			ev_init(&e, OC_CAUSE_HARDWARE_QUEUE_LIMIT);
			e.partner = p;
			e.count = t->max_connections;
			e.limit = (int64_t)c->dev[oc_dev_of(c, o)].n_streams;
			if (give(c, &e, &given) < 0)
				return -1;
			break;
		}
	}
	/* partial_overlap: it did intersect other streams' work, for less than
	 * --min-overlap of its duration (proven on the claim itself) */
	if (cl->overlap_ns > 0) {
		ev_init(&e, OC_CAUSE_PARTIAL_OVERLAP);
		e.op = cl->witness;
		e.partner = cl->witness;
		e.count = cl->overlap_ns;
		e.limit = op->end_ns - op->start_ns;
		if (give(c, &e, &given) < 0)
			return -1;
	}
	/* Only a claim with no cause proven on itself or on a qualifying partner
	 * gets one from its own stream: same_stream_order when it waited behind,
	 * or held back, an op of its own stream, else nothing_concurrent. */
	if (!given && !n_would && !capped) {
		const uint32_t *list = &c->s_ops[c->s_off[op->stream]];
		size_t ln = c->s_off[op->stream + 1] - c->s_off[op->stream];
		uint32_t pos = c->pos_in_stream[o];
		int32_t nb = -1;
		if (pos > 0 && c->q[o] < t->ops[list[pos - 1]].end_ns)
			nb = (int32_t)list[pos - 1];
		else if (pos + 1 < ln && c->q[list[pos + 1]] < op->end_ns)
			nb = (int32_t)list[pos + 1];
		ev_init(&e, nb >= 0 ? OC_CAUSE_SAME_STREAM_ORDER : OC_CAUSE_NOTHING_CONCURRENT);
		e.op = nb;
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (!given) {
		ev_init(&e, OC_CAUSE_UNKNOWN);
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (dominance(c, o, c->n_ev - given, &given) < 0)
		return -1;
	*n_out = given;
	return 0;
}

/*
 * The contributing cause: the next proven cause after the decisive one,
 * except a late submission that is the decisive host synchronization's own
 * effect (the same partner: the host waited, so it queued late). -1: none.
 */
static int32_t contributing(const struct oc_claim *cl)
{
	for (size_t k = 1; k < cl->n_evidence; k++) {
		const struct oc_evidence *e = &cl->evidence[k];
		if (e->cause == OC_CAUSE_SUBMITTED_LATE &&
		    cl->evidence[0].cause == OC_CAUSE_HOST_SYNCHRONIZATION &&
		    e->partner == cl->evidence[0].partner)
			continue;
		return (int32_t)k;
	}
	return -1;
}


void oc_claim_witness_span(const struct oc_trace *t, const struct oc_claim *cl, int64_t *start_ns,
			   int64_t *end_ns)
{
	*start_ns = *end_ns = 0;
	if (cl->witness < 0)
		return;
	const struct oc_op *op = &t->ops[cl->op], *w = &t->ops[cl->witness];
	*start_ns = w->start_ns > op->start_ns ? w->start_ns : op->start_ns;
	*end_ns = w->end_ns < op->end_ns ? w->end_ns : op->end_ns;
}

double oc_claim_bandwidth_gbps(const struct oc_trace *t, const struct oc_claim *cl)
{
	const struct oc_op *op = &t->ops[cl->op];
	int64_t d = op->end_ns - op->start_ns;

	return is_copy(op) && d > 0 ? (double)oc_op_shape(t, op)->bytes / (double)d : 0;
}

/* The message an allocation that failed leaves (explain() fails only so). */
/*
 * Three passes over the claims. The first (oc_measure_claims) takes from the
 * sweeps what each claim needs of them (overlap, witness, verdict) and
 * reads no API call: the trace's calls may be out of memory meanwhile
 * (analysis.c). The sweeps' per-op overlaps are freed before the second
 * (oc_explain_claims), which explains the serialized claims in the same
 * order, so that the two do not sit side by side at the claims' peak (issue
 * 35: 24 bytes an op). Each claim's evidence is appended to the pool as it
 * is explained, and nothing else appends to it meanwhile: the third pass
 * finds each claim's evidence at the running sum of the counts before it,
 * where the pool no longer moves.
 */
int oc_measure_claims(struct oc_actx *c, char *err, size_t errlen)
{
	const struct oc_trace *t = c->t;
	struct oc_analysis *a = c->a;
	size_t n = 0, *pos;

	for (size_t i = 0; i < t->n_ops; i++)
		n += is_claim(&t->ops[i]);
	a->claims = calloc(n + 1, sizeof *a->claims);
	/* each device's ops so far: an op's position in its device's selection,
	 * which ascends by op (context.h) */
	pos = calloc(c->n_dev + 1, sizeof *pos);
	if (!a->claims || !pos) {
		free(pos);
		return oc_actx_nomem(c, err, errlen);
	}
	for (size_t i = 0; i < t->n_ops; i++) {
		const struct oc_op *op = &t->ops[i];
		int32_t dev = oc_dev_of(c, i);
		const struct oc_dev_ctx *dv = &c->dev[dev];
		size_t k = pos[dev]++;
		if (k >= dv->sel.n || dv->sel.idx[k] != i) {
			free(pos);
			oc_set_err(err, errlen, "interval engine: op %zu is not in its device's selection", i);
			return -1;
		}
		if (!is_claim(op))
			continue;
		const struct oc_op_overlap *ov = &dv->sweep.per_op[k];
		struct oc_claim *cl = &a->claims[a->n_claims];
		int64_t d = op->end_ns - op->start_ns;

		cl->op = (int32_t)i;
		cl->compute_ns = ov->compute_ns;
		if (op->comm) {         /* a collective overlaps compute, or nothing */
			cl->overlap_ns = cl->compute_ns;
			comm_witness(c, (uint32_t)i, &cl->witness);
		} else {
			cl->overlap_ns = ov->other_ns;
			cl->witness = ov->witness >= 0 ? (int32_t)dv->sel.idx[ov->witness] : -1;
		}
		cl->verdict = d > 0 && cl->overlap_ns > 0 && oc_claim_overlap_ratio(t, cl) >= c->o.min_overlap ?
			      OC_VERDICT_OVERLAPPED : OC_VERDICT_SERIALIZED;
		a->n_claims++;
	}
	free(pos);
	oc_actx_drop_per_op(c);
	return 0;
}

int oc_explain_claims(struct oc_actx *c, char *err, size_t errlen)
{
	const struct oc_trace *t = c->t;
	struct oc_analysis *a = c->a;
	size_t max_streams = 0, ev0 = c->n_ev;
	struct cand *cs;

	for (size_t d = 0; d < c->n_dev; d++)
		if (c->dev[d].n_streams > max_streams)
			max_streams = c->dev[d].n_streams;
	cs = malloc((2 * max_streams + 4) * sizeof *cs);
	if (!cs)
		return oc_actx_nomem(c, err, errlen);
	for (size_t k = 0; k < a->n_claims; k++) {
		struct oc_claim *cl = &a->claims[k];
		size_t n_ev = 0;
		if (cl->verdict == OC_VERDICT_SERIALIZED && explain(c, (uint32_t)cl->op, cl, cs, &n_ev) < 0) {
			free(cs);
			return oc_actx_nomem(c, err, errlen);
		}
		if (n_ev > INT16_MAX) {         /* a defect: explain() gives a cause once, and
						   contributing indexes them in 16 signed bits */
			free(cs);
			oc_set_err(err, errlen, "cannot analyse trace '%s': op %d has %zu causes",
				   t->path ? t->path : "", cl->op, n_ev);
			return -1;
		}
		cl->n_evidence = (uint16_t)n_ev;
	}
	free(cs);
	for (size_t k = 0, at = ev0; k < a->n_claims; k++) {
		struct oc_claim *cl = &a->claims[k];
		cl->evidence = cl->n_evidence ? &c->ev[at] : NULL;
		at += cl->n_evidence;
		cl->contributing = (int16_t)contributing(cl);
		cl->in_window = (uint8_t)oc_in_window(c, cl->op);
		cl->advice = (uint8_t)oc_choose_claim_advice(t, a, cl);
	}
	return 0;
}
