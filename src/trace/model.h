/*
 * model.h: what every source of a struct oc_trace shares. Not installed, not
 * used outside src/trace/.
 *
 * A source (today the reader of overlapcheck traces, schema v1 and v2:
 * reader.h) fills the flat arrays of include/overlapcheck/trace.h from its
 * own rows; the rest is the same whatever the rows came from, and lives
 * here, free of SQLite:
 *
 *   store.c    the string arena, the sort of records by compact keys, and
 *              records held once each (the ops' shapes, the calls' arguments)
 *   links.c    the index of API calls by correlation id, driver calls to
 *              their runtime twin, ops to the call that queued them
 *   streams.c  streams seen only in ops, op.stream, stream kinds
 *   ranges.c   NVTX starts and ends paired into ranges; narrowing a trace
 *              to ranges or to a device
 *
 * t->priv is a struct priv, allocated by the source before it loads
 * anything and freed by oc_trace_release() (trace.c). Functions that can run
 * out of memory return 0 or -1 and leave the message to the source. The
 * order matters: oc_build_corr() before the links and before anything that
 * looks a call up by correlation id; the streams after the ops are in place;
 * oc_trace_open() (reader.c) is the order a source follows.
 */
#ifndef OVERLAPCHECK_TRACE_MODEL_H
#define OVERLAPCHECK_TRACE_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "overlapcheck/trace.h"

struct arena_block;

struct corr_ent {                  /* api lookup by (correlation id, domain) */
	uint32_t corr;
	uint32_t domain;
	uint32_t rank;                 /* 0: a call that queues work (oc_api_queues_work), 1: other */
	int32_t  idx;
};

struct priv {
	struct arena_block *blocks;
	int64_t *str_ids;          /* strings.id, ascending, parallel to t->strs */
	int      str_dense;        /* str_ids[i] == str_ids[0] + i */
	struct corr_ent *corr;     /* sorted by (corr, domain, rank, idx) */
	size_t   n_corr;
	int32_t *dense;            /* when ids are dense: [2 * corr + domain - 1] -> idx */
	uint32_t n_dense;          /* correlation ids covered by dense */
	int      corr_dropped;     /* oc_trace_drop_corr(): neither index is there, lookups
	                              scan the calls until oc_trace_index_corr() */
	/* Where the ops ran, each distinct (context, stream, device) of the ops
	 * table once, from the ops' load until the streams are in: op.stream
	 * indexes it until oc_streams_place() makes it t->streams' index. */
	struct op_stream *op_streams;
	size_t   n_op_streams;
};

/* An op's (context, stream, device), as the ops table gives them: all 12
 * bytes compared (struct intern_set). */
struct op_stream {
	uint32_t context_id, stream_id, device_id;
};

static inline void *xcalloc(size_t n, size_t size)
{
	return calloc(n ? n : 1, size);
}

/* ---- store.c: string arena, sorting, interning --------------------------- */

/* A copy of s[0..len) and a NUL in the arena, or NULL out of memory. */
char *oc_arena_dup(struct priv *p, const char *s, size_t len);
/* Free every arena block. */
void oc_arena_free(struct priv *p);

/* A record's sort key: (a, b, c), ties broken by idx, the record's index. */
struct key {
	int64_t a, b, c;
	uint32_t idx;
};

static inline int key_lt(const struct key *x, const struct key *y)
{
	if (x->a != y->a)
		return x->a < y->a;
	if (x->b != y->b)
		return x->b < y->b;
	if (x->c != y->c)
		return x->c < y->c;
	return x->idx < y->idx;
}

/* Stable bottom-up merge sort with insertion-sorted runs of 32. 0 or -1. */
int oc_sort_keys(struct key *k, size_t n);
/* Sort records by keys (already filled, idx = i): afterwards k[i] is the
 * key of record i, its idx destroyed. 0 or -1. */
int oc_sort_records(void *base, size_t n, size_t size, struct key *k);

/*
 * Records held once each: an op's shape (t->shapes) while a source loads
 * the ops (schema v1 repeats them in every row; v2 may store a shape twice,
 * or unused), a call's arguments (t->call_args) while it merges them. A set
 * finds a record equal in its first keylen bytes to the one given, by a hash
 * of those bytes, or adds it; they must hold no padding.
 */
struct intern_set {
	void     *recs;            /* each distinct record once, in order of first use */
	size_t    n, cap;          /* records, room */
	size_t    size, keylen;    /* bytes per record, and its leading bytes compared */
	uint32_t *slot;            /* index into recs + 1, 0 empty; open addressing */
	size_t    n_slot;          /* 0, or a power of two */
};
#define OC_SHAPE_KEY (offsetof(struct oc_shape, dst_device_id) + sizeof(uint32_t))
#define OC_CALL_ARGS_KEY (offsetof(struct oc_call_args, handle_kind) + 1)

/* An empty set of records of size bytes, compared by their first keylen. */
static inline struct intern_set oc_intern_set(size_t size, size_t keylen)
{
	return (struct intern_set){ .size = size, .keylen = keylen };
}
/* *idx: the index of the record equal to *rec, added when new. 0 or -1 out of memory. */
int oc_intern(struct intern_set *set, const void *rec, uint32_t *idx);
/* The records, trimmed to their number (*n), for the caller to own; the
 * set emptied, ready for more. */
void *oc_intern_done(struct intern_set *set, size_t *n);

/* ---- trace.c: op classes ----------------------------------------------- */

/* op.comm for every kernel op whose name is an NCCL kernel's (nccl.h),
 * each distinct name read once. 0 or -1 out of memory. */
int oc_mark_comm_ops(struct oc_trace *t);

/* ---- links.c: joins ------------------------------------------------------ */

/* table id -> array index */
struct idpair {
	int64_t id;
	int32_t idx;
};

/* While a source loads: api[i]'s row id and its parent_id (INT64_MIN for none). */
struct api_row {
	int64_t id, parent_id;
};

/* The correlation index over t->api (rebuilt from scratch). 0 or -1. */
int oc_build_corr(struct oc_trace *t, struct priv *p);
/* Index into t->api of the call (corr, domain), or -1. */
int32_t oc_corr_find(const struct priv *p, uint32_t corr, uint32_t domain);
/*
 * api[].parent for driver calls: parent_id when given, else the runtime call
 * with the same correlation id, else the innermost runtime call on the same
 * tid whose interval encloses the driver call, from rowmap[i], api[i]'s row
 * id and parent_id; needs the correlation index. 0 or -1.
 */
int oc_link_parents(struct oc_trace *t, const struct priv *p, const struct api_row *rowmap);
/*
 * Rows of the tracer's own calls in a trace recorded before it kept them
 * out (docs/schema.md, "The tracer's own calls"), removed from t->api and
 * rowmap (kept in step) before the index is built; t->tracer_calls_set_aside
 * counts them.
 */
void oc_set_aside_tracer_calls(struct oc_trace *t, struct api_row *rowmap);
/* op.api, from the correlation index and api[].parent. */
void oc_link_ops(struct oc_trace *t, const struct priv *p);
/* A trace whose input had no ASYNC flag (meta claim_source = api_name):
 * each copy's and memset's flag from its API call's name (trace.h). */
void oc_link_claims_by_name(struct oc_trace *t);

/* ---- streams.c: streams and their kinds ---------------------------------- */

/* contexts: id -> (device, null stream); a source's list is sorted by id */
struct ctx {
	int64_t id;
	uint32_t device_id;
	int64_t null_stream_id;    /* -1 if unknown */
};

/* qsort order of t->streams: (context_id, stream_id) */
int oc_stream_cmp(const void *x, const void *y);
/*
 * A stream named through a per-thread or legacy default handle: its mark in
 * used_pt or used_legacy. 1 when hk was one of those kinds.
 */
int oc_mark_default_stream(uint8_t *used_pt, uint8_t *used_legacy, int32_t s, int hk);
/*
 * Every (context, stream) of an op not in t->streams (sorted) added to it,
 * t->streams sorted again with *hk, the handle kinds parallel to it (both
 * reallocated). 0 or -1.
 */
int oc_streams_add_from_ops(struct oc_trace *t, const struct op_stream *os, size_t n_os,
			    uint8_t **hk);
/*
 * Device ids of streams from their contexts (else from their ops: os), and
 * op.stream from an index into os to one into t->streams. 0, or -1 with
 * what the ops contradict in err: a stream's ops on two devices, or on
 * another device than their context's; -2 out of memory.
 */
int oc_streams_place(struct oc_trace *t, const struct ctx *ctx, size_t n_ctx,
		     const struct op_stream *os, size_t n_os, char *err, size_t errlen);
/* Each stream's kind (docs/method.md), from its flag, its context's NULL stream
 * and the default-handle marks pt and leg (oc_mark_default_stream). */
void oc_streams_decide_kinds(struct oc_trace *t, const struct ctx *ctx, size_t n_ctx,
			     const uint8_t *pt, const uint8_t *leg);

/* ---- ranges.c: NVTX ------------------------------------------------------ */

/* NVTX: instant marks, and ranges paired by marker id. */
struct mk {
	int64_t  ts_ns;
	uint32_t marker_id, tid;
	int32_t  name, domain;
	uint8_t  used;
};

/*
 * Range starts[0..ns) paired with ends[0..ne) (used 0) into t->ranges, which
 * has room for ns more; then t->ranges and t->marks sorted. Reorders starts
 * and ends.
 */
void oc_nvtx_pair(struct oc_trace *t, struct mk *starts, size_t ns, struct mk *ends, size_t ne);

#endif
