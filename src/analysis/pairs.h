/*
 * pairs.h: what claims.c and pairs.c share: the small facts about one op
 * and one pair (is it a copy, which started first, were they kept apart,
 * pending together), and the pair predicates of docs/causes.md, one per
 * cause, each proving its cause for the claim o and a partner p or not.
 * Private to src/analysis/.
 */
#ifndef OVERLAPCHECK_ANALYSIS_PAIRS_H
#define OVERLAPCHECK_ANALYSIS_PAIRS_H

#include <string.h>

#include "context.h"

static inline int is_copy(const struct oc_op *op)
{
	return op->kind == OC_OP_MEMCPY || op->kind == OC_OP_MEMCPY_PEER;
}

static inline int is_pageable_copy(const struct oc_op *op)
{
	return is_copy(op) && (op->src_kind == OC_MEM_PAGEABLE || op->dst_kind == OC_MEM_PAGEABLE);
}

static inline enum oc_stream_kind kind_of(const struct oc_trace *t, int32_t i)
{
	return t->streams[t->ops[i].stream].kind;
}

static inline void ev_init(struct oc_evidence *e, enum oc_cause cause)
{
	memset(e, 0, sizeof *e);
	e->cause = cause;
	e->partner = e->op = e->api = e->block = -1;
	e->event_id = -1;
	e->event_stream = e->wait_stream = -1;
	e->ts_ns = e->ref_ns = -1;
	e->count = e->limit = -1;
	e->sm_count = e->blocks_per_sm = -1;
}

/* Order the pair by device start: *f ran (or started) first. */
static inline void order(const struct oc_trace *t, int32_t o, int32_t p, int32_t *f, int32_t *g)
{
	const struct oc_op *a = &t->ops[o], *b = &t->ops[p];
	if (a->start_ns < b->start_ns || (a->start_ns == b->start_ns && a->end_ns <= b->end_ns)) {
		*f = o;
		*g = p;
	} else {
		*f = p;
		*g = o;
	}
}

static inline int kept_apart(const struct oc_trace *t, int32_t f, int32_t g)
{
	return t->ops[g].start_ns >= t->ops[f].end_ns;
}

/* Both pending at once: g was queued before f ended. */
static inline int pending_together(const struct oc_actx *c, int32_t f, int32_t g)
{
	return c->q[g] < c->t->ops[f].end_ns;
}

/*
 * The pair predicates (pairs.c): 1 with *e filled when the cause holds for
 * claim o and partner p (both indices into t->ops), else 0. The pair is
 * ordered (f, g) by device start inside each; docs/causes.md states them.
 */
int oc_p_legacy(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e);
int oc_p_implicit_between(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e);
int oc_p_implicit_legacy_partner(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e);
int oc_p_implicit(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e);
int oc_p_hostsync(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e);
int oc_p_graph(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e);
int oc_p_launch(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e);
int oc_p_behind(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e);
int oc_p_event(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e);
int oc_p_sm(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e);
int oc_p_late(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e);
int oc_p_engines(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e);

#endif
