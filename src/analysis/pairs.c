/*
 * pairs.c: the pair predicates of docs/causes.md, in the table's order. Each
 * takes a serialized claim o and one partner p (adjacent, chosen by
 * claims.c) and proves one cause for that pair from the trace, with the
 * evidence taken from between the two submissions; claims.c tries them
 * nearest partner first and keeps the first that holds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pairs.h"

/* legacy_default_stream: o ran on the legacy stream, p on a blocking-class
 * stream of the same context, and they were kept apart. */
int oc_p_legacy(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
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
int oc_p_implicit_between(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	const struct oc_dev_ctx *dv = &c->dev[oc_dev_of(c, o)];
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
int oc_p_implicit_legacy_partner(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
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

int oc_p_implicit(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	return oc_p_implicit_between(c, o, p, e) || oc_p_implicit_legacy_partner(c, o, p, e);
}

/* host_synchronization: kept apart, and a fresh host block for (f, g): on
 * g's thread, between the two submissions, waiting while f ended, and
 * holding g back (oc_block_fresh). */
int oc_p_hostsync(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
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
	/* a hidden sync that was a pageable copy's own call: that copy (its advice pins it) */
	if (c->a->blocks[b].hidden && e->api >= 0)
		for (uint32_t k = c->api_off[e->api]; k < c->api_off[e->api + 1] && e->op < 0; k++)
			if (is_pageable_copy(&t->ops[c->api_ops[k]]))
				e->op = (int32_t)c->api_ops[k];
	return 1;
}

/* graph_node_order: kept apart, and both ops are nodes of the same graph
 * launch (same graph id, same correlation id): the graph ran them in
 * sequence, by an edge or by its executor; the trace has no edges to tell. */
int oc_p_graph(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	const struct oc_op *O = &t->ops[o], *P = &t->ops[p];
	uint32_t graph = oc_op_shape(t, O)->graph_id;
	int32_t f, g;

	if (!graph || O->correlation_id != P->correlation_id || graph != oc_op_shape(t, P)->graph_id)
		return 0;
	order(t, o, p, &f, &g);
	if (!kept_apart(t, f, g))
		return 0;
	ev_init(e, OC_CAUSE_GRAPH_NODE_ORDER);
	e->partner = p;
	e->count = graph;
	return 1;
}

/* launch_latency: kept apart, the later op g is a kernel whose launch call
 * started before f ended (no submitted_late) but was still under way when f
 * ended, and g started only after that call returned: the launch took
 * longer than f ran. */
int oc_p_launch(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	int32_t f, g;

	order(t, o, p, &f, &g);
	const struct oc_op *G = &t->ops[g];
	if (!kept_apart(t, f, g) || G->kind != OC_OP_KERNEL || G->api < 0 ||
	    oc_op_shape(t, G)->graph_id)
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
int oc_p_behind(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
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
int oc_p_event(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
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
		e->event_handle = w->source == 1;
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
static long blocks_per_sm_bound(const struct oc_trace *t, const struct oc_device *dev,
				const struct oc_shape *F)
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
int oc_p_sm(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	const struct oc_device *dev = c->dev[oc_dev_of(c, o)].info;
	int32_t f, g;

	if (!dev || dev->sm_count <= 0)
		return 0;
	if (t->ops[o].kind != OC_OP_KERNEL || t->ops[p].kind != OC_OP_KERNEL)
		return 0;
	order(t, o, p, &f, &g);
	if (!pending_together(c, f, g))
		return 0;
	const struct oc_shape *F = oc_op_shape(t, &t->ops[f]);
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
int oc_p_late(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
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
int oc_p_engines(const struct oc_actx *c, int32_t o, int32_t p, struct oc_evidence *e)
{
	const struct oc_trace *t = c->t;
	const struct oc_device *dev = c->dev[oc_dev_of(c, o)].info;
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

