/*
 * hazards.c: ops of different streams that touched the same memory with
 * nothing ordering them (docs/hazards.md).
 *
 * What each op touched (hazards-mem.c) comes from table mem (trace.h's oc_memref): a copy's
 * read and written ranges, a memset's, a kernel's pointer arguments. Each
 * address is resolved to the allocation that held it when the op was queued.
 * A kernel's argument p is taken to touch [p, q), q the next address the
 * trace saw pointed into that allocation above p (or its end): an allocation
 * the program only ever used whole is one object, and one that a caching
 * allocator cut up is cut at the addresses its users were given.
 *
 * Order is decided with vector clocks over the submissions, taken in CPU
 * time order (the context's queue times): every stream has a clock; an op
 * advances its own stream's entry; an event record keeps a copy of its
 * stream's clock, a stream-wait-event takes it in; an explicit
 * synchronization (stream, event, device) gives the host, when it returns,
 * the clock of what it covered when it began, and a hidden one (syncs.c's
 * proven blocks) the positions of the ops it waited for; every later submission takes the host's
 * clock in (any thread: host threads are taken to be ordered among
 * themselves, which can only hide a hazard, never invent one); an op in the
 * legacy default stream takes in every blocking stream's clock and gives
 * them its own. Op X in stream A is ordered before Y in stream B when Y's
 * stream knew X's position when Y was queued.
 *
 * Each allocation keeps, per stream, the last HISTORY accesses; a new access
 * is checked against the other streams' entries, newest first, until one is
 * ordered before it (all older ones are then ordered too). Pairs of the same
 * kind, allocation and op names fold into one finding (the first pair's
 * streams and times are kept): a loop repeats one mistake over its streams.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "hazards.h"

static const char *const kind_names[] = { "", "hazard", "latent_hazard", "use_after_free" };

const char *oc_hazard_kind_name(enum oc_hazard_kind k)
{
	return k >= OC_HAZARD && k <= OC_USE_AFTER_FREE ? kind_names[k] : "unknown";
}

enum ev_kind { EV_BLOCK_END = 0, EV_SYNC_COPY, EV_SYNC_END, EV_SYNC_BEGIN, EV_RECORD, EV_WAIT, EV_FREE, EV_SUBMIT };
struct ev {
	int64_t  ts;
	uint8_t  kind;
	int32_t  idx;               /* block, sync, erec, wait, alloc (free), or op */
};

static int cmp_ev(const void *x, const void *y)
{
	const struct ev *a = x, *b = y;

	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* ---- clocks ---------------------------------------------------------------- */

static void join(uint32_t *dst, const uint32_t *src, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (src[k] > dst[k])
			dst[k] = src[k];
}

/* Stream s is about to have something queued: what it must know first. */
static void before_submit(struct hz *h, int32_t s)
{
	const struct oc_trace *t = h->t;
	uint32_t *v = h->vc + (size_t)s * h->ns;

	join(v, h->host, h->ns);
	if (t->streams[s].kind == OC_STREAM_LEGACY_DEFAULT && h->ns <= MAX_LEGACY_PUSH)
		for (size_t b = 0; b < h->ns; b++)
			if (oc_is_blocking_kind(t->streams[b].kind) &&
			    t->streams[b].device_id == t->streams[s].device_id)
				join(v, h->vc + b * h->ns, h->ns);
}

/* After something was queued in legacy stream s: every blocking stream waits for it. */
static void after_submit(struct hz *h, int32_t s)
{
	const struct oc_trace *t = h->t;

	if (t->streams[s].kind != OC_STREAM_LEGACY_DEFAULT || h->ns > MAX_LEGACY_PUSH)
		return;
	for (size_t b = 0; b < h->ns; b++)
		if (oc_is_blocking_kind(t->streams[b].kind) &&
		    t->streams[b].device_id == t->streams[s].device_id)
			join(h->vc + b * h->ns, h->vc + (size_t)s * h->ns, h->ns);
}

/* ---- findings -------------------------------------------------------------- */

static int32_t op_name_key(const struct oc_trace *t, int32_t op)
{
	if (op < 0)
		return -2;
	return t->ops[op].kind == OC_OP_KERNEL ? oc_op_shape(t, &t->ops[op])->name :
	       -100 - t->ops[op].kind * 16 - t->ops[op].copy_kind;
}

static struct oc_hazard_access side(const struct hz *h, const struct entry *e, int32_t stream)
{
	return (struct oc_hazard_access){ .op = e->op, .api = e->api, .stream = stream,
		.write = e->write, .param = e->param, .lo = e->lo, .hi = e->hi, .queued_ns = e->queued };
}

/* What tells the sides of pairs apart: the op, or for a free its call. */
static int32_t pair_id(const struct entry *e)
{
	return e->op >= 0 ? e->op : -2 - e->api;
}

/*
 * A pair is counted once per allocation and kind (a kernel's two arguments
 * into one buffer are one pair), then folded into the finding of its kind,
 * allocation and op names, made when there is room (MAX_FINDINGS per kind).
 */
static int report(struct hz *h, enum oc_hazard_kind kind, int32_t k, const struct entry *x,
		  int32_t sx, const struct entry *y, int32_t sy)
{
	const struct oc_trace *t = h->t;
	struct oc_hazard *f;
	int64_t ov = 0;

	if (x->op >= 0 && y->op >= 0) {
		const struct oc_op *a = &t->ops[x->op], *b = &t->ops[y->op];
		int64_t s = a->start_ns > b->start_ns ? a->start_ns : b->start_ns;
		int64_t e = a->end_ns < b->end_ns ? a->end_ns : b->end_ns;

		ov = e > s ? e - s : 0;
	}
	if (kind != OC_USE_AFTER_FREE)
		kind = ov > 0 ? OC_HAZARD : OC_LATENT_HAZARD;
	int isnew;
	int32_t fi;

	if (oc_hz_hmap_put(&h->pairs, (struct k4){ k, (int32_t)kind, pair_id(x), pair_id(y) }, 0,
			   &isnew) == -2)
		return -1;
	if (!isnew)
		return 0;
	h->c->a->hazard_status.pairs[kind]++;
	fi = oc_hz_hmap_put(&h->findings, (struct k4){ (int32_t)kind, k, op_name_key(t, x->op),
						     op_name_key(t, y->op) },
			    h->listed[kind] < MAX_FINDINGS ? (int32_t)h->n_out : INT32_MAX, &isnew);
	if (fi == -2)
		return -1;
	if (fi == INT32_MAX) {
		h->c->a->hazard_status.not_listed++;
		return 0;
	}
	if (!isnew) {
		f = &h->out[fi];
		f->count++;
		if (oc_hz_hmap_put(&h->spairs, (struct k4){ fi, sx, sy, 0 }, 0, &isnew) == -2)
			return -1;
		f->stream_pairs += isnew;
		return 0;
	}
	if (oc_hz_hmap_put(&h->spairs, (struct k4){ fi, sx, sy, 0 }, 0, &isnew) == -2)
		return -1;
	h->listed[kind]++;
	if (h->n_out == h->cap_out) {
		struct oc_hazard *v = oc_grow(h->out, &h->cap_out, sizeof *v, 16);

		if (!v)
			return -1;
		h->out = v;
	}
	f = &h->out[h->n_out++];
	*f = (struct oc_hazard){ .kind = kind, .base = h->al[k].base,
		.bytes = (int64_t)(h->al[k].end - h->al[k].base), .alloc_kind = h->al[k].kind,
		.alloc_api = h->al[k].api, .first = side(h, x, sx), .second = side(h, y, sy),
		.overlap_ns = kind == OC_HAZARD ? ov : 0, .count = 1, .stream_pairs = 1,
		.presumed = x->write != 1 && y->write != 1 };
	return 0;
}

static struct hist *hist_of(struct alloc *a, int32_t stream)
{
	for (size_t i = 0; i < a->n_hist; i++)
		if (a->hist[i].stream == stream)
			return &a->hist[i];
	struct hist *v = realloc(a->hist, (a->n_hist + 1) * sizeof *v);

	if (!v)
		return NULL;
	a->hist = v;
	memset(&v[a->n_hist], 0, sizeof *v);
	v[a->n_hist].stream = stream;
	return &v[a->n_hist++];
}

/* Check access y of stream s (clock v) against allocation k's history, then add it. */
static int access(struct hz *h, int32_t k, int32_t s, const struct entry *y, int free_op)
{
	struct alloc *a = &h->al[k];
	const uint32_t *v = h->vc + (size_t)s * h->ns;
	struct hist *mine;

	for (size_t i = 0; i < a->n_hist; i++) {
		struct hist *o = &a->hist[i];
		size_t keep = o->n < HISTORY ? o->n : HISTORY;

		if (o->stream == s)
			continue;
		for (size_t j = 0; j < keep; j++) {
			const struct entry *x = &o->e[(o->n - 1 - j) % HISTORY];

			if (v[o->stream] >= x->seq)
				break;   /* ordered before y, and so is everything older */
			if (!(x->write || y->write) || x->hi <= y->lo || y->hi <= x->lo)
				continue;
			if (report(h, free_op || x->op < 0 ? OC_USE_AFTER_FREE : OC_HAZARD, k, x,
				   o->stream, y, s))
				return -1;
		}
	}
	if (!(mine = hist_of(a, s)))
		return -1;
	mine->e[mine->n++ % HISTORY] = *y;
	return 0;
}

/* ---- the walk -------------------------------------------------------------- */

/*
 * A copy whose call returns only once it completed, by CUDA's rules for
 * synchronous copies (the runtime API's "API synchronization behavior"):
 * device to host, host to host, and pinned host to device. A synchronous
 * copy from pageable memory to the device may return before its data
 * reached the device; one from device to device does not wait at all.
 */
static int sync_copy(const struct oc_op *o)
{
	if ((o->kind != OC_OP_MEMCPY && o->kind != OC_OP_MEMCPY_PEER) || (o->flags & OC_ASYNC_FLAG))
		return 0;
	if (o->copy_kind == OC_COPY_DTOH || o->copy_kind == OC_COPY_HTOH ||
	    (o->copy_kind == OC_COPY_HTOD && o->src_kind == OC_MEM_PINNED))
		return 1;
	/* from pageable memory: a stream sync comes first, so what its stream
	 * held before it is done when the call returns, not the copy itself */
	if (o->copy_kind == OC_COPY_HTOD && o->src_kind == OC_MEM_PAGEABLE)
		return 2;
	return 0;
}

static int build_events(struct hz *h, struct ev **out, size_t *n_out)
{
	struct oc_actx *c = h->c;
	const struct oc_trace *t = h->t;
	size_t n = 0, cap = 2 * t->n_ops + c->n_erecs + c->n_waits + c->a->n_blocks + h->n_al +
			     2 * t->n_syncs;
	struct ev *e = zalloc(cap, sizeof *e);

	if (!e)
		return -1;
	for (size_t i = 0; i < t->n_ops; i++) {
		if (t->ops[i].api < 0)
			continue;
		e[n++] = (struct ev){ c->q[i], EV_SUBMIT, (int32_t)i };
		if (sync_copy(&t->ops[i]))
			e[n++] = (struct ev){ t->api[t->ops[i].api].end_ns, EV_SYNC_COPY, (int32_t)i };
	}
	for (size_t i = 0; i < c->n_erecs; i++)
		e[n++] = (struct ev){ c->erecs[i].ts_ns, EV_RECORD, (int32_t)i };
	for (size_t i = 0; i < c->n_waits; i++)
		e[n++] = (struct ev){ c->waits[i].ts_ns, EV_WAIT, (int32_t)i };
	/* explicit syncs cover what was queued before they began, waited for or
	 * not; a hidden one is known only by the ops it waited for */
	for (size_t i = 0; i < c->a->n_blocks; i++)
		if (c->a->blocks[i].hidden)
			e[n++] = (struct ev){ c->a->blocks[i].end_ns, EV_BLOCK_END, (int32_t)i };
	for (size_t i = 0; i < t->n_syncs; i++) {
		const struct oc_sync *y = &t->syncs[i];

		if (y->return_value || (y->type != OC_SYNC_STREAM && y->type != OC_SYNC_CONTEXT &&
					y->type != OC_SYNC_EVENT))
			continue;
		e[n++] = (struct ev){ y->start_ns, EV_SYNC_BEGIN, (int32_t)i };
		e[n++] = (struct ev){ y->end_ns, EV_SYNC_END, (int32_t)i };
	}
	for (size_t i = 0; i < h->n_al; i++)
		if (h->al[i].free_stream >= 0 && h->al[i].t_free != INT64_MAX)
			e[n++] = (struct ev){ h->al[i].t_free, EV_FREE, (int32_t)i };
	oc_sort(e, n, sizeof *e, cmp_ev);
	*out = e;
	*n_out = n;
	return 0;
}

/* Event keys: one per (source, event id); c->erecs is sorted by them. */
static int build_keys(struct hz *h)
{
	struct oc_actx *c = h->c;

	h->evk = zalloc(c->n_erecs, sizeof *h->evk);
	if (!h->evk)
		return -1;
	for (size_t i = 0; i < c->n_erecs; i++) {
		if (i && (c->erecs[i].source != c->erecs[i - 1].source ||
			  c->erecs[i].event_id != c->erecs[i - 1].event_id))
			h->n_keys++;
		h->evk[i] = (uint32_t)h->n_keys;
	}
	if (c->n_erecs)
		h->n_keys++;
	h->snap = zalloc(h->n_keys * h->ns, sizeof *h->snap);
	h->snap_set = zalloc(h->n_keys, 1);
	return h->snap && h->snap_set ? 0 : -1;
}

/* The key of wait w's event, or -1 if it was never recorded. */
static int32_t wait_key(const struct hz *h, const struct oc_wait *w)
{
	const struct oc_actx *c = h->c;
	size_t lo = 0, hi = c->n_erecs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct oc_erec *r = &c->erecs[mid];

		if (r->source < w->source || (r->source == w->source && r->event_id < w->event_id))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < c->n_erecs && c->erecs[lo].source == w->source &&
	    c->erecs[lo].event_id == w->event_id)
		return (int32_t)h->evk[lo];
	return -1;
}

static int submit(struct hz *h, int32_t op, int64_t ts)
{
	const struct oc_trace *t = h->t;
	const struct oc_op *o = &t->ops[op];
	int32_t s = o->stream;
	struct acc acc[64];
	size_t n;

	before_submit(h, s);
	h->seq[op] = ++h->vc[(size_t)s * h->ns + (size_t)s];
	/* the clock a later host join takes in: its stream's, with the op or
	 * (a pageable copy's stream sync) without it */
	if (h->need_vc[op]) {
		uint32_t *v = malloc(h->ns * sizeof *v);

		if (!v)
			return -1;
		memcpy(v, h->vc + (size_t)s * h->ns, h->ns * sizeof *v);
		if (h->need_vc[op] == 2)
			v[s] = h->seq[op] - 1;
		h->opvc[op] = v;
	}
	n = oc_hz_accesses(h, op, ts, acc, 64);
	if (n && o->kind == OC_OP_KERNEL)
		h->c->a->hazard_status.kernels_with_args++;
	for (size_t i = 0; i < n; i++) {
		struct entry y = { .op = op, .seq = h->seq[op], .write = acc[i].write,
			.param = acc[i].param, .lo = acc[i].lo, .hi = acc[i].hi, .queued = ts,
			.api = o->api };

		h->c->a->hazard_status.accesses++;
		if (access(h, acc[i].alloc, s, &y, 0))
			return -1;
	}
	after_submit(h, s);
	return 0;
}

/* An explicit sync begins: what it will have waited for when it returns. */
static int sync_begin(struct hz *h, int32_t i)
{
	const struct oc_trace *t = h->t;
	const struct oc_sync *y = &t->syncs[i];
	uint32_t *v = zalloc(h->ns, sizeof *v);

	if (!v)
		return -1;
	if (y->type == OC_SYNC_CONTEXT) {
		/* the device of that context: its streams */
		for (size_t s = 0; s < h->ns; s++)
			if (!y->context_id || t->streams[s].context_id == y->context_id)
				join(v, h->vc + s * h->ns, h->ns);
	} else if (y->type == OC_SYNC_STREAM) {
		int32_t s = y->stream_id >= 0
			? oc_trace_stream_find(t, y->context_id, (uint32_t)y->stream_id) : -1;

		if (s >= 0)
			memcpy(v, h->vc + (size_t)s * h->ns, h->ns * sizeof *v);
	} else {
		struct oc_wait w = { .event_id = y->event_id, .source = 0 };
		int32_t key = y->event_id >= 0 ? wait_key(h, &w) : -1;

		/* no CUDA_EVENT record of it (run --cuda-events=off, the default):
		 * the event its call named, recorded as the callbacks saw it */
		if (key < 0) {
			uint64_t ev = oc_sync_event_handle(t, y);

			w = (struct oc_wait){ .event_id = (int64_t)ev, .source = 1 };
			key = ev ? wait_key(h, &w) : -1;
		}
		if (key >= 0 && h->snap_set[key])
			memcpy(v, h->snap + (size_t)key * h->ns, h->ns * sizeof *v);
	}
	free(h->sync_snap[i]);
	h->sync_snap[i] = v;
	return 0;
}

static int walk(struct hz *h)
{
	struct oc_actx *c = h->c;
	struct ev *e = NULL;
	size_t n = 0;

	if (build_events(h, &e, &n))
		return -1;
	for (size_t i = 0; i < n; i++) {
		switch (e[i].kind) {
		case EV_SUBMIT:
			/* a graph's nodes have no rows in mem: their arguments are
			 * not seen at launch (docs/hazards.md) */
			if (submit(h, e[i].idx, e[i].ts))
				goto fail;
			break;
		case EV_RECORD: {
			const struct oc_erec *r = &c->erecs[e[i].idx];
			uint32_t key = h->evk[e[i].idx];

			if (r->stream < 0)
				break;
			before_submit(h, r->stream);
			memcpy(h->snap + key * h->ns, h->vc + (size_t)r->stream * h->ns,
			       h->ns * sizeof *h->snap);
			h->snap_set[key] = 1;
			break;
		}
		case EV_WAIT: {
			const struct oc_wait *w = &c->waits[e[i].idx];
			int32_t key = wait_key(h, w);

			if (w->stream < 0 || key < 0 || !h->snap_set[key])
				break;
			join(h->vc + (size_t)w->stream * h->ns, h->snap + (size_t)key * h->ns, h->ns);
			break;
		}
		case EV_SYNC_COPY:
			if (h->opvc[e[i].idx])
				join(h->host, h->opvc[e[i].idx], h->ns);
			break;
		case EV_SYNC_BEGIN:
			if (sync_begin(h, e[i].idx))
				goto fail;
			break;
		case EV_SYNC_END:
			if (h->sync_snap[e[i].idx]) {
				join(h->host, h->sync_snap[e[i].idx], h->ns);
				free(h->sync_snap[e[i].idx]);
				h->sync_snap[e[i].idx] = NULL;
			}
			break;
		case EV_BLOCK_END: {
			const struct oc_block *b = &c->a->blocks[e[i].idx];

			/* what each op it waited for knew, with the op */
			for (size_t k = 0; k < b->n_waited_for; k++)
				if (h->opvc[b->waited_for[k]])
					join(h->host, h->opvc[b->waited_for[k]], h->ns);
			break;
		}
		case EV_FREE: {
			struct alloc *a = &h->al[e[i].idx];
			int32_t s = a->free_stream;
			struct entry y = { .op = -1, .write = 1, .param = -1, .lo = a->base,
				.hi = a->end, .queued = e[i].ts, .api = a->free_api };

			before_submit(h, s);
			y.seq = ++h->vc[(size_t)s * h->ns + (size_t)s];
			if (access(h, e[i].idx, s, &y, 1))
				goto fail;
			after_submit(h, s);
			break;
		}
		}
	}
	free(e);
	return 0;
fail:
	free(e);
	return -1;
}

static int cmp_finding(const void *x, const void *y)
{
	const struct oc_hazard *a = x, *b = y;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->first.queued_ns != b->first.queued_ns)
		return a->first.queued_ns < b->first.queued_ns ? -1 : 1;
	return a->second.queued_ns < b->second.queued_ns ? -1 : a->second.queued_ns > b->second.queued_ns;
}

int oc_find_hazards(struct oc_actx *c)
{
	const struct oc_trace *t = c->t;
	struct oc_hazard_status *st = &c->a->hazard_status;
	struct hz h = { .c = c, .t = t, .ns = t->n_streams };
	const char *nl = oc_trace_meta(t, "mem_launches_without_layout");
	int rc = -1;

	memset(st, 0, sizeof *st);
	st->launches_without_layout = nl ? atoll(nl) : -1;
	if (t->mem_tracking != 1) {
		st->why_not = t->mem_tracking == 0
			? "the trace was recorded with the allocation map off (OVERLAPCHECK_MEMREFS=0)"
			: "the trace has no allocation map (recorded by an older tracer, or imported)";
		return 0;
	}
	st->checked = 1;
	if (!h.ns)
		return 0;
	h.vc = zalloc(h.ns * h.ns, sizeof *h.vc);
	h.host = zalloc(h.ns, sizeof *h.host);
	h.seq = zalloc(t->n_ops, sizeof *h.seq);
	h.const_mask = zalloc(t->n_strs, sizeof *h.const_mask);
	h.const_done = zalloc(t->n_strs, 1);
	h.sync_snap = zalloc(t->n_syncs, sizeof *h.sync_snap);
	h.need_vc = zalloc(t->n_ops, 1);
	h.opvc = zalloc(t->n_ops, sizeof *h.opvc);
	if (!h.vc || !h.host || !h.seq || !h.const_mask || !h.const_done || !h.sync_snap ||
	    !h.need_vc || !h.opvc || oc_hz_build_allocs(&h))
		goto out;
	/* the ops whose stream clock a host join will take in */
	for (size_t i = 0; i < t->n_ops; i++)
		h.need_vc[i] = (uint8_t)sync_copy(&t->ops[i]);
	for (size_t b = 0; b < c->a->n_blocks; b++)
		for (size_t k = 0; c->a->blocks[b].hidden && k < c->a->blocks[b].n_waited_for; k++)
			if (!h.need_vc[c->a->blocks[b].waited_for[k]])
				h.need_vc[c->a->blocks[b].waited_for[k]] = 1;
	st->allocations = h.n_al;
	oc_hz_place_frees(&h);
	if (oc_hz_index_addrs(&h))
		goto out;
	if (build_keys(&h) || walk(&h))
		goto out;
	oc_sort(h.out, h.n_out, sizeof *h.out, cmp_finding);
	c->a->hazards = h.out;
	c->a->n_hazards = h.n_out;
	h.out = NULL;
	rc = 0;
out:
	for (size_t k = 0; k < h.n_al; k++) {
		free(h.al[k].addrs);
		free(h.al[k].hist);
	}
	free(h.al);
	free(h.vc);
	free(h.host);
	free(h.seq);
	free(h.evk);
	free(h.snap);
	free(h.snap_set);
	free(h.const_mask);
	free(h.const_done);
	for (size_t i = 0; h.sync_snap && i < t->n_syncs; i++)
		free(h.sync_snap[i]);
	free(h.sync_snap);
	for (size_t i = 0; h.opvc && i < t->n_ops; i++)
		free(h.opvc[i]);
	free(h.opvc);
	free(h.need_vc);
	oc_hz_hmap_free(&h.pairs);
	oc_hz_hmap_free(&h.findings);
	oc_hz_hmap_free(&h.spairs);
	free(h.out);
	return rc;
}

/* ---- words ------------------------------------------------------------------ */

const char *oc_hazard_side_label(const struct oc_trace *t, const struct oc_hazard_access *s,
				 char *buf, size_t len)
{
	char full[1024];
	const struct oc_op *o;

	if (s->op < 0) {
		snprintf(buf, len, "%s", s->api >= 0 ? oc_trace_str(t, t->api[s->api].name) : "the free");
		return buf;
	}
	o = &t->ops[s->op];
	if (o->kind == OC_OP_KERNEL) {
		/* the kernel's name without its parameter list */
		char *p;

		oc_op_label(t, s->op, full, sizeof full);
		p = strrchr(full, '(');
		if (p && p > full)
			*p = '\0';
		snprintf(buf, len, "%s", full);
	} else if (o->kind == OC_OP_MEMSET) {
		snprintf(buf, len, "the memset");
	} else {
		snprintf(buf, len, "the %s copy", oc_op_label(t, s->op, full, sizeof full));
	}
	return buf;
}

const char *oc_hazard_access_name(const struct oc_hazard_access *s, int verb)
{
	static const char *const names[2][4] = {
		{ "read", "write", "may_write", "free" }, { "reads", "writes", "may write", "frees" } };

	return names[verb ? 1 : 0][s->op < 0 ? 3 : s->write > 2 ? 2 : s->write];
}

static unsigned sid(const struct oc_trace *t, int32_t s)
{
	return s >= 0 && (size_t)s < t->n_streams ? t->streams[s].stream_id : 0;
}

const char *oc_hazard_advice(const struct oc_trace *t, const struct oc_hazard *h, char *buf, size_t len)
{
	char a[256], b[256];

	oc_hazard_side_label(t, &h->first, a, sizeof a);
	oc_hazard_side_label(t, &h->second, b, sizeof b);
	if (h->kind == OC_USE_AFTER_FREE && h->second.op < 0)
		snprintf(buf, len, "record an event in stream %u after %s and make stream %u wait on it "
			 "(cudaStreamWaitEvent) before the %s, or free the memory in stream %u",
			 sid(t, h->first.stream), a, sid(t, h->second.stream), b, sid(t, h->first.stream));
	else if (h->kind == OC_USE_AFTER_FREE)
		snprintf(buf, len, "the memory was freed (%s, stream %u) before %s in stream %u was "
			 "queued: allocate it again, or free it after that use",
			 a, sid(t, h->first.stream), b, sid(t, h->second.stream));
	else
		snprintf(buf, len, "%srecord an event in stream %u after %s and make stream %u wait on it "
			 "(cudaStreamWaitEvent) before %s",
			 h->presumed ? "if the kernels only read it, declare the parameter a pointer to const "
				       "(const T*), which is taken as a read; else " : "",
			 sid(t, h->first.stream), a, sid(t, h->second.stream), b);
	return buf;
}

static const char *noun(const struct oc_hazard_access *s)
{
	return s->op < 0 ? "free" : s->write == 2 ? "possible write" : s->write ? "write" : "read";
}

const char *oc_hazard_missing(const struct oc_trace *t, const struct oc_hazard *h, char *buf, size_t len)
{
	const char *w1 = noun(&h->first), *w2 = noun(&h->second);

	snprintf(buf, len, "nothing orders the %s in stream %u before the %s in stream %u: no event "
		 "recorded after it in stream %u is waited for in stream %u, no host synchronization "
		 "covers it, no legacy-stream op lies between them", w1, sid(t, h->first.stream), w2,
		 sid(t, h->second.stream), sid(t, h->first.stream), sid(t, h->second.stream));
	return buf;
}
