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
 * docs/causes.md states every predicate; the code below follows it in order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "context.h"

struct cand {
	int32_t op;
	int64_t dist;      /* device-time distance from o, 0 when they intersect */
	uint8_t would_be;  /* in W */
	uint8_t late;      /* a late partner */
};

static int is_copy(const struct oc_op *op)
{
	return op->kind == OC_OP_MEMCPY || op->kind == OC_OP_MEMCPY_PEER;
}

static int is_claim(const struct oc_op *op)
{
	if (op->kind == OC_OP_KERNEL)
		return 1;
	if (op->kind == OC_OP_MEMCPY || op->kind == OC_OP_MEMSET || op->kind == OC_OP_MEMCPY_PEER)
		return (op->flags & OC_ASYNC_FLAG) != 0;
	return 0;
}

static int is_pageable_copy(const struct oc_op *op)
{
	return is_copy(op) && (op->src_kind == OC_MEM_PAGEABLE || op->dst_kind == OC_MEM_PAGEABLE);
}

static enum oc_stream_kind kind_of(const struct oc_trace *t, int32_t i)
{
	return t->streams[t->ops[i].stream].kind;
}

static void ev_init(struct oc_evidence *e, enum oc_cause cause)
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
static void order(const struct oc_trace *t, int32_t o, int32_t p, int32_t *f, int32_t *g)
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

static int kept_apart(const struct oc_trace *t, int32_t f, int32_t g)
{
	return t->ops[g].start_ns >= t->ops[f].end_ns;
}

/* Both pending at once: g was queued before f ended. */
static int pending_together(const struct oc_actx *c, int32_t f, int32_t g)
{
	return c->q[g] < c->t->ops[f].end_ns;
}

static int cmp_cand(const void *x, const void *y)
{
	const struct cand *a = x, *b = y;
	if (a->dist != b->dist)
		return (a->dist > b->dist) - (a->dist < b->dist);
	return (a->op > b->op) - (a->op < b->op);
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
	const struct oc_dev_ctx *dv = &c->dev[c->dev_of[o]];
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
	qsort(cs, n, sizeof *cs, cmp_cand);
	return n;
}

/* ---- pair predicates (docs/causes.md) ------------------------------------- */

/* legacy_default_stream: o ran on the legacy stream, p on a blocking-class
 * stream of the same context, and they were kept apart. */
static int p_legacy(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	int32_t f, g;

	if (kind_of(t, o) != OC_STREAM_LEGACY_DEFAULT || !oc_is_blocking_kind(kind_of(t, p)) ||
	    t->streams[t->ops[o].stream].context_id != t->streams[t->ops[p].stream].context_id)
		return 0;
	order(t, o, p, &f, &g);
	if (!kept_apart(t, f, g))
		return 0;
	ev_init(e, OC_CAUSE_LEGACY_DEFAULT_STREAM);
	e->op = o;
	e->partner = p;
	return 1;
}

/* default_stream_implicit_sync, first form: o and p on two blocking-class
 * streams of one context, kept apart, and an op L of that context's legacy
 * stream was queued between their submissions (q(f) < q(L) < q(g)) and ran
 * between them (end(f) <= start(L), end(L) <= start(g)). */
static int p_implicit_between(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	const struct oc_dev_ctx *dv = &c->dev[c->dev_of[o]];
	uint32_t ctx = t->streams[t->ops[o].stream].context_id;
	int32_t f, g;

	if (!oc_is_blocking_kind(kind_of(t, o)) || !oc_is_blocking_kind(kind_of(t, p)) ||
	    t->streams[t->ops[p].stream].context_id != ctx)
		return 0;
	order(t, o, p, &f, &g);
	if (!kept_apart(t, f, g))
		return 0;
	for (size_t si = 0; si < dv->n_streams; si++) {
		int32_t ls = dv->streams[si];
		if (t->streams[ls].kind != OC_STREAM_LEGACY_DEFAULT || t->streams[ls].context_id != ctx)
			continue;
		const uint32_t *list = &c->s_ops[c->s_off[ls]];
		size_t ln = c->s_off[ls + 1] - c->s_off[ls];
		size_t k0 = oc_lower_start(t, list, ln, t->ops[f].end_ns);
		for (size_t k = k0; k < ln && k - k0 < OC_SCAN_LIMIT; k++) {
			uint32_t li = list[k];
			const struct oc_op *L = &t->ops[li];
			if (L->start_ns >= t->ops[g].start_ns)
				break;
			if (L->end_ns <= t->ops[g].start_ns && c->q[f] < c->q[li] && c->q[li] < c->q[g]) {
				ev_init(e, OC_CAUSE_DEFAULT_STREAM_IMPLICIT_SYNC);
				e->op = (int32_t)li;
				e->partner = p;
				return 1;
			}
		}
	}
	return 0;
}

/* default_stream_implicit_sync, second form: o on a blocking-class stream,
 * the partner itself an op of the same context's legacy stream, kept apart
 * (the legacy op waited for o, or o's stream waited for it). */
static int p_implicit_legacy_partner(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	int32_t f, g;

	if (!oc_is_blocking_kind(kind_of(t, o)) || kind_of(t, p) != OC_STREAM_LEGACY_DEFAULT ||
	    t->streams[t->ops[p].stream].context_id != t->streams[t->ops[o].stream].context_id)
		return 0;
	order(t, o, p, &f, &g);
	if (!kept_apart(t, f, g))
		return 0;
	ev_init(e, OC_CAUSE_DEFAULT_STREAM_IMPLICIT_SYNC);
	e->op = p;
	e->partner = p;
	return 1;
}

static int p_implicit(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	return p_implicit_between(c, o, p, e) || p_implicit_legacy_partner(c, o, p, e);
}

/* host_synchronization: kept apart, and a fresh host block for (f, g): on
 * g's thread, between the two submissions, waiting while f ended, and
 * holding g back (oc_block_fresh). */
static int p_hostsync(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	int32_t f, g, b;

	order(t, o, p, &f, &g);
	if (!kept_apart(t, f, g) || c->tid[g] == OC_NO_TID)
		return 0;
	b = oc_block_fresh(c, f, g);
	if (b < 0)
		return 0;
	ev_init(e, OC_CAUSE_HOST_SYNCHRONIZATION);
	e->block = b;
	e->api = c->a->blocks[b].api;
	e->partner = p;
	return 1;
}

/* graph_node_order: kept apart, and both ops are nodes of the same graph
 * launch (same graph id, same correlation id): the graph ran them in
 * sequence, by an edge or by its executor; the trace has no edges to tell. */
static int p_graph(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	const struct oc_op *O = &t->ops[o], *P = &t->ops[p];
	int32_t f, g;

	if (!O->graph_id || O->graph_id != P->graph_id || O->correlation_id != P->correlation_id)
		return 0;
	order(t, o, p, &f, &g);
	if (!kept_apart(t, f, g))
		return 0;
	ev_init(e, OC_CAUSE_GRAPH_NODE_ORDER);
	e->partner = p;
	e->count = O->graph_id;
	return 1;
}

/* launch_latency: kept apart, the later op g is a kernel whose launch call
 * started before f ended (no submitted_late) but was still under way when f
 * ended, and g started only after that call returned: the launch took
 * longer than f ran. */
static int p_launch(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	int32_t f, g;

	order(t, o, p, &f, &g);
	const struct oc_op *G = &t->ops[g];
	if (!kept_apart(t, f, g) || G->kind != OC_OP_KERNEL || G->api < 0 || G->graph_id)
		return 0;
	const struct oc_api *A = &t->api[G->api];
	int64_t ef = t->ops[f].end_ns;
	if (!(A->start_ns < ef && A->end_ns > ef && G->start_ns >= A->end_ns - OC_CLOCK_SKEW_NS))
		return 0;
	ev_init(e, OC_CAUSE_LAUNCH_LATENCY);
	e->partner = p;
	e->api = G->api;
	e->ts_ns = A->start_ns;
	e->ref_ns = A->end_ns;
	e->self_late = g == o;
	return 1;
}

/* The op before x in x's own stream, or -1. */
static int32_t stream_prev(const struct oc_actx *c, int32_t x)
{
	uint32_t pos = c->pos_in_stream[x];
	return pos > 0 ? (int32_t)c->s_ops[c->s_off[c->t->ops[x].stream] + pos - 1] : -1;
}

/* queued_behind: kept apart, and the later of the pair, g, was queued
 * before the previous op of its own stream ended, and that op ended no
 * earlier than f: g was still waiting in its own stream's queue for the
 * whole time f ran, so the two could not meet. */
static int p_behind(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	int32_t f, g, h;

	order(t, o, p, &f, &g);
	if (!kept_apart(t, f, g) || (h = stream_prev(c, g)) < 0 || h == f)
		return 0;
	if (!(c->q[g] < t->ops[h].end_ns && t->ops[h].end_ns >= t->ops[f].end_ns))
		return 0;
	ev_init(e, OC_CAUSE_QUEUED_BEHIND);
	e->op = h;
	e->partner = p;
	e->self_late = g != o;      /* 1: the partner was the one queued behind */
	return 1;
}

/* The latest record of event `id` (source src) at or before ts, or NULL. */
static const struct oc_erec *erec_before(const struct oc_actx *c, uint8_t src, int64_t id, int64_t ts)
{
	size_t lo = 0, hi = c->n_erecs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct oc_erec *r = &c->erecs[mid];
		if (r->source < src || (r->source == src && (r->event_id < id ||
		    (r->event_id == id && r->ts_ns <= ts))))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	const struct oc_erec *r = &c->erecs[lo - 1];
	return r->source == src && r->event_id == id ? r : NULL;
}

/* event_dependency: kept apart, and g's stream was made to wait (a
 * stream-wait-event queued in [q(f), q(g)]) for an event whose latest record
 * before that wait was queued in f's stream at or after q(f). */
static int p_event(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	int32_t f, g;

	order(t, o, p, &f, &g);
	if (!kept_apart(t, f, g))
		return 0;
	int32_t gs = t->ops[g].stream, fs = t->ops[f].stream;
	/* waits of g's stream in [q(f), q(g)], latest first */
	size_t lo = 0, hi = c->n_waits;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct oc_wait *w = &c->waits[mid];
		if (w->stream < gs || (w->stream == gs && w->ts_ns <= c->q[g]))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t k = lo, seen = 0; k-- > 0 && seen++ < OC_SCAN_LIMIT;) {
		const struct oc_wait *w = &c->waits[k];
		if (w->stream != gs || w->ts_ns < c->q[f])
			break;
		const struct oc_erec *r = erec_before(c, w->source, w->event_id, w->ts_ns);
		if (!r || r->stream != fs || r->ts_ns < c->q[f])
			continue;
		ev_init(e, OC_CAUSE_EVENT_DEPENDENCY);
		e->event_id = w->event_id;
		e->event_stream = fs;
		e->wait_stream = gs;
		e->ts_ns = w->ts_ns;
		e->api = w->api;
		e->partner = p;
		return 1;
	}
	return 0;
}

/* An int from meta key "device.<id>.<field>", or dflt. */
static long dev_meta(const struct oc_trace *t, int id, const char *field, long dflt)
{
	char key[96], *end;
	const char *v;
	long x;

	snprintf(key, sizeof key, "device.%d.%s", id, field);
	v = oc_trace_meta(t, key);
	if (!v || !*v)
		return dflt;
	x = strtol(v, &end, 10);
	return *end || x <= 0 ? dflt : x;
}

/* Shared memory per SM, bytes, by compute capability (CUDA Programming
 * Guide, "Technical Specifications"); 0 when not in the table. */
static long smem_per_sm(int major, int minor)
{
	switch (major * 10 + minor) {
	case 70: return 96 * 1024;
	case 75: return 64 * 1024;
	case 80: return 164 * 1024;
	case 86: case 87: case 89: return 100 * 1024;
	case 90: return 228 * 1024;
	default: return 0;
	}
}

/* a * b, INT64_MAX when it does not fit (a grid's block count from a hand-edited trace) */
static int64_t mul_sat(int64_t a, int64_t b)
{
	int64_t r;

	return __builtin_mul_overflow(a, b, &r) ? INT64_MAX : r;
}

/* x * y * z of a grid or block, each dimension at least 1. */
static int64_t dims(const int32_t d[3])
{
	return mul_sat(mul_sat(d[0] > 0 ? d[0] : 1, d[1] > 0 ? d[1] : 1), d[2] > 0 ? d[2] : 1);
}

/*
 * An upper bound on how many blocks of kernel F one SM holds at once: the
 * smallest of the limits known for this device (max blocks per SM, threads,
 * registers, shared memory). Each limit bounds residency from above, so
 * their minimum does too, and a grid of sm_count x bound blocks provably
 * fills every SM. Returns -1 when no limit is known.
 */
static long blocks_per_sm_bound(const struct oc_trace *t, const struct oc_device *dev, const struct oc_op *F)
{
	long threads = (long)dims(F->block);
	long bound = -1, x;

	if (dev->max_blocks_per_sm > 0)
		bound = dev->max_blocks_per_sm;
	if (dev->max_threads_per_sm > 0) {
		x = dev->max_threads_per_sm / threads;
		if (bound < 0 || x < bound)
			bound = x;
	}
	/* registers: 64K per SM on every cc >= 5.0, allocated per warp in units of 256 */
	if (F->registers > 0 && dev->cc_major >= 5) {
		long regs_sm = dev_meta(t, dev->id, "max_registers_per_sm", 65536);
		long warps = threads / 32 + (threads % 32 != 0);
		long per_warp = ((long)F->registers * 32 + 255) / 256 * 256;
		x = regs_sm / per_warp / warps;
		if (bound < 0 || x < bound)
			bound = x;
	}
	long smem = (long)(F->static_smem > 0 ? F->static_smem : 0) + (F->dynamic_smem > 0 ? F->dynamic_smem : 0);
	long smem_sm = dev_meta(t, dev->id, "max_shared_memory_per_sm", smem_per_sm(dev->cc_major, dev->cc_minor));
	if (smem > 0 && smem_sm > 0) {
		x = smem_sm / smem;
		if (bound < 0 || x < bound)
			bound = x;
	}
	if (bound == 0)
		bound = 1;   /* it did run: at least one block fit */
	return bound;
}

/* sm_saturation: both kernels, g queued while f ran, and f's grid had at
 * least as many blocks as the device holds at once: sm_count x the per-SM
 * bound above (x 1 when no limit is known). */
static int p_sm(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	const struct oc_device *dev = c->dev[c->dev_of[o]].info;
	int32_t f, g;

	if (!dev || dev->sm_count <= 0)
		return 0;
	if (t->ops[o].kind != OC_OP_KERNEL || t->ops[p].kind != OC_OP_KERNEL)
		return 0;
	order(t, o, p, &f, &g);
	if (!pending_together(c, f, g))
		return 0;
	const struct oc_op *F = &t->ops[f];
	int64_t blocks = dims(F->grid);
	long per_sm = blocks_per_sm_bound(t, dev, F);
	int64_t capacity = (int64_t)dev->sm_count * (per_sm > 0 ? per_sm : 1);
	if (blocks < capacity)
		return 0;
	ev_init(e, OC_CAUSE_SM_SATURATION);
	e->op = f;
	e->partner = p;
	e->count = blocks;
	e->limit = capacity;
	e->sm_count = dev->sm_count;
	e->blocks_per_sm = per_sm > 0 ? (int32_t)per_sm : -1;
	return 1;
}

/* submitted_late: the later of the pair was queued only after the earlier one
 * had ended: q(g) >= end(f). */
static int p_late(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	int32_t f, g;

	order(t, o, p, &f, &g);
	if (c->q[g] < t->ops[f].end_ns)
		return 0;
	ev_init(e, OC_CAUSE_SUBMITTED_LATE);
	e->partner = p;
	e->op = g;
	e->api = t->ops[g].api;
	e->ts_ns = c->q[g];
	e->ref_ns = t->ops[f].end_ns;
	e->self_late = g == o;
	return 1;
}

static enum oc_engine dir_engine(const struct oc_op *op)
{
	return oc_engine_of(op);
}

/* copy_engine_limit: two copies in opposite directions (one host-to-device,
 * one device-to-host), pending together, kept apart, on a device whose
 * asyncEngineCount is known and below 2. */
static int p_engines(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	const struct oc_device *dev = c->dev[c->dev_of[o]].info;
	int32_t f, g;

	if (!dev || dev->async_engine_count < 0 || dev->async_engine_count >= 2)
		return 0;
	if (!is_copy(&t->ops[o]) || !is_copy(&t->ops[p]))
		return 0;
	enum oc_engine a = dir_engine(&t->ops[o]), b = dir_engine(&t->ops[p]);
	if (!((a == OC_ENGINE_H2D && b == OC_ENGINE_D2H) || (a == OC_ENGINE_D2H && b == OC_ENGINE_H2D)))
		return 0;
	order(t, o, p, &f, &g);
	if (!kept_apart(t, f, g) || !pending_together(c, f, g))
		return 0;
	ev_init(e, OC_CAUSE_COPY_ENGINE_LIMIT);
	e->partner = p;
	e->count = dev->async_engine_count;
	return 1;
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
	const struct oc_dev_ctx *dv = &c->dev[c->dev_of[o]];
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

/* ---- one claim ------------------------------------------------------------ */

/* A partner that can explain o through its own blocking behaviour (a
 * pageable copy, a blocking launch): a would-be partner, or the late partner
 * that ran before o (o's submission came after it); never one queued only
 * after o had ended. */
static int before_or_with(const struct oc_actx *c, uint32_t o, const struct cand *p)
{
	return p->would_be || c->t->ops[p->op].end_ns <= c->t->ops[o].start_ns;
}

static int push_ev(struct oc_actx *c, const struct oc_evidence *e)
{
	if (c->n_ev == c->cap_ev) {
		size_t nc = c->cap_ev ? c->cap_ev * 2 : 256;
		struct oc_evidence *ne = realloc(c->ev, nc * sizeof *ne);
		if (!ne)
			return -1;
		c->ev = ne;
		c->cap_ev = nc;
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

/* Decide the causes of serialized claim o, in METHOD.md's order, appending
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
	if (first_pair(c, o, cs, n, p_legacy, 1, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, p_implicit_between, 1, &e) ||
	    first_pair(c, o, cs, n, p_implicit_legacy_partner, 1, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, p_hostsync, 0, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, p_event, 1, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, p_graph, 1, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, p_sm, 0, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, p_late, 0, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, p_launch, 1, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, p_engines, 0, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (p_same_direction(c, o, cs, n, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	if (first_pair(c, o, cs, n, p_behind, 1, &e)) {
		if (give(c, &e, &given) < 0)
			return -1;
	}
	/* hardware_queue_limit: CUDA_DEVICE_MAX_CONNECTIONS set below the number
	 * of streams in use on the device, and a would-be partner pending
	 * together with o yet kept apart with no declared dependency (no legacy
	 * stream op, host sync or event wait between them) */
	if (t->max_connections > 0 &&
	    (int64_t)c->dev[c->dev_of[o]].n_streams > (int64_t)t->max_connections) {
		for (size_t k = 0; k < n; k++) {
			int32_t p = cs[k].op, f, g;
			struct oc_evidence tmp;
			if (!cs[k].would_be)
				continue;
			order(t, (int32_t)o, p, &f, &g);
			if (!kept_apart(t, f, g) || !pending_together(c, f, g))
				continue;
			if (p_legacy(c, (int32_t)o, p, &tmp) || p_implicit(c, (int32_t)o, p, &tmp) ||
			    p_hostsync(c, (int32_t)o, p, &tmp) || p_event(c, (int32_t)o, p, &tmp))
				continue;
			ev_init(&e, OC_CAUSE_HARDWARE_QUEUE_LIMIT);
			e.partner = p;
			e.count = t->max_connections;
			e.limit = (int64_t)c->dev[c->dev_of[o]].n_streams;
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

int oc_decide_claims(struct oc_actx *c, char *err, size_t errlen)
{
	const struct oc_trace *t = c->t;
	struct oc_analysis *a = c->a;
	size_t n = 0, max_streams = 0;
	struct cand *cs;

	for (size_t i = 0; i < t->n_ops; i++)
		n += is_claim(&t->ops[i]);
	for (size_t d = 0; d < c->n_dev; d++)
		if (c->dev[d].n_streams > max_streams)
			max_streams = c->dev[d].n_streams;
	a->claims = calloc(n + 1, sizeof *a->claims);
	c->claim_ev = calloc(n + 1, sizeof *c->claim_ev);
	cs = malloc((2 * max_streams + 4) * sizeof *cs);
	if (!a->claims || !c->claim_ev || !cs) {
		free(cs);
		return -1;
	}
	for (size_t i = 0; i < t->n_ops; i++) {
		const struct oc_op *op = &t->ops[i];
		if (!is_claim(op))
			continue;
		const struct oc_dev_ctx *dv = &c->dev[c->dev_of[i]];
		const struct oc_op_overlap *ov = &dv->sweep.per_op[c->sel_pos[i]];
		struct oc_claim *cl = &a->claims[a->n_claims];
		int64_t d = op->end_ns - op->start_ns;

		cl->op = (int32_t)i;
		cl->api = op->api;
		cl->overlap_ns = ov->other_ns;
		cl->compute_ns = ov->engine_ns[OC_ENGINE_COMPUTE];
		cl->overlap_ratio = d > 0 ? (double)ov->other_ns / (double)d : 0;
		cl->witness = ov->witness >= 0 ? (int32_t)dv->sel.idx[ov->witness] : -1;
		cl->witness_start_ns = ov->witness_span.start_ns;
		cl->witness_end_ns = ov->witness_span.end_ns;
		cl->bandwidth_gbps = is_copy(op) && d > 0 ? (double)op->bytes / (double)d : 0;
		cl->verdict = d > 0 && ov->other_ns > 0 && cl->overlap_ratio >= c->o.min_overlap ?
			      OC_VERDICT_OVERLAPPED : OC_VERDICT_SERIALIZED;
		c->claim_ev[a->n_claims] = c->n_ev;
		if (cl->verdict == OC_VERDICT_SERIALIZED && explain(c, (uint32_t)i, cl, cs, &cl->n_evidence) < 0) {
			free(cs);
			return -1;
		}
		a->n_claims++;
	}
	free(cs);
	for (size_t k = 0; k < a->n_claims; k++) {
		struct oc_claim *cl = &a->claims[k];
		cl->evidence = cl->n_evidence ? &c->ev[c->claim_ev[k]] : NULL;
		cl->contributing = contributing(cl);
		cl->in_window = (uint8_t)oc_in_window(c, cl->op);
		cl->advice = (uint8_t)oc_choose_claim_advice(t, a, cl);
	}
	return 0;
}
