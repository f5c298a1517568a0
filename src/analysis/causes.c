/*
 * causes.c: the cause table (causes.h): per cause of a serialized claim,
 * its code and label, its evidence as one sentence and as named fields, and
 * the advice it leads to. The predicates that find each cause are in
 * claims.c (per claim) and pairs.c (per pair); docs/causes.md states them.
 *
 * To add a cause, do these five things:
 *   1. its enum value in include/overlapcheck/analysis.h (enum oc_cause),
 *      before OC_CAUSE_PEER_WAIT if it is tried before the catch-alls: the
 *      order is docs/method.md's, the first evidence given decides;
 *   2. its row below, at the same index (the build checks the count):
 *      code, label, say, fields, advise; a new advice id goes in enum
 *      oc_advice and advice.c's id and sentence tables;
 *   3. its predicate: a function in pairs.c (a pair kept apart) or claims.c
 *      (the claim alone) that fills a struct oc_evidence with ev_init();
 *   4. its tests: a hand-built case in tests/unit/test-claims.c (and a
 *      recording if a program shows it), the goldens refreshed where it
 *      decides (sh tools/golden.sh --update, the diff reviewed);
 *   5. docs/causes.md: the predicate, the evidence's fields, the advice;
 *      docs/report-json.md where it has fields of its own.
 * Nothing else names causes one by one: the text report, the JSON report,
 * the Markdown report, the timeline and check read this table.
 */
#include <stdio.h>
#include <string.h>

#include "context.h"
#include "overlapcheck/causes.h"
#include "overlapcheck/format.h"

/* Pageable copies from this size on are worth pinning; smaller ones are
 * values the program reads back, for which pinning changes little. */
#define PIN_WORTH_BYTES (64 * 1024)

/* ---- what the sentences are made of ------------------------------------ */

/* op i's label for a sentence, cut after max bytes */
static const char *name(const struct oc_trace *t, int32_t i, char *buf, size_t len, size_t max)
{
	return oc_op_short(t, i, buf, len, max);
}

static const char *call(const struct oc_trace *t, int32_t api, char *buf, size_t len)
{
	if (api < 0 || (size_t)api >= t->n_api)
		return "(unknown call)";
	return oc_fmt_clip(oc_trace_str(t, t->api[api].name), buf, len, 60);
}

static unsigned sid(const struct oc_trace *t, int32_t op)
{
	return t->streams[t->ops[op].stream].stream_id;
}

static const char *dur(int64_t ns, char *buf, size_t len)
{
	return oc_fmt_duration(ns, buf, len);
}

static const char *api_or_null(const struct oc_trace *t, int32_t api)
{
	return api >= 0 && (size_t)api < t->n_api ? oc_trace_str(t, t->api[api].name) : NULL;
}

static void stream_field(const struct oc_fields *f, const char *key, const struct oc_trace *t, int32_t s)
{
	if (s >= 0 && (size_t)s < t->n_streams)
		f->u64(f->ctx, key, t->streams[s].stream_id);
	else
		f->str(f->ctx, key, NULL);
}

static int is_pageable(const struct oc_op *op)
{
	return (op->kind == OC_OP_MEMCPY || op->kind == OC_OP_MEMCPY_PEER) &&
	       (op->src_kind == OC_MEM_PAGEABLE || op->dst_kind == OC_MEM_PAGEABLE);
}

static int worth_pinning(const struct oc_trace *t, int32_t op)
{
	return op >= 0 && is_pageable(&t->ops[op]) &&
	       oc_op_shape(t, &t->ops[op])->bytes >= PIN_WORTH_BYTES;
}

#define SAY(fn) static void fn(const struct oc_analysis *a, const struct oc_claim *cl, \
			       const struct oc_evidence *e, char *buf, size_t len)
#define FIELDS(fn) static void fn(const struct oc_analysis *a, const struct oc_claim *cl, \
				  const struct oc_evidence *e, const struct oc_fields *f)
#define ADVISE(fn) static enum oc_advice fn(const struct oc_trace *t, const struct oc_analysis *a, \
					    const struct oc_claim *cl, const struct oc_evidence *e)

/* ---- launch_blocking ---------------------------------------------------- */

SAY(say_launch_blocking)
{
	char n1[128];
	snprintf(buf, len, "CUDA_LAUNCH_BLOCKING=1 makes the launch of %s synchronous",
		 name(a->trace, e->op, n1, sizeof n1, 60));
}

FIELDS(fields_launch_blocking)
{
	f->str(f->ctx, "env", "CUDA_LAUNCH_BLOCKING=1");
	f->op(f->ctx, "kernel", e->op);
}

ADVISE(advise_launch_blocking) { return OC_ADVICE_UNSET_LAUNCH_BLOCKING; }

/* ---- pageable_host_memory ----------------------------------------------- */

SAY(say_pageable)
{
	snprintf(buf, len, "%s %s copy uses pageable host memory", e->op == cl->op ? "this" : "the partner",
		 oc_copy_kind_name(a->trace->ops[e->op].copy_kind));
}

FIELDS(fields_pageable)
{
	const struct oc_op *op = &a->trace->ops[e->op];
	int dir_host = op->copy_kind == OC_COPY_DTOH || op->copy_kind == OC_COPY_ATOH;

	f->str(f->ctx, "memory_kind", "pageable");
	f->str(f->ctx, "direction", oc_copy_kind_name(op->copy_kind));
	f->str(f->ctx, "pageable_side", dir_host ? "dst" : op->src_kind == OC_MEM_PAGEABLE ? "src" : "dst");
	f->boolean(f->ctx, "self", e->op == cl->op);
	f->op(f->ctx, "op", e->op);
}

ADVISE(advise_pageable)
{
	return e->op >= 0 && oc_op_shape(t, &t->ops[e->op])->bytes >= PIN_WORTH_BYTES ?
	       OC_ADVICE_PIN_HOST_BUFFER : OC_ADVICE_SMALL_PAGEABLE_COPY;
}

/* ---- legacy_default_stream, default_stream_implicit_sync ---------------- */

SAY(say_legacy)
{
	char n1[128];
	snprintf(buf, len, "%s ran on the legacy default stream (stream %u), which serializes with blocking streams",
		 name(a->trace, e->op, n1, sizeof n1, 50), sid(a->trace, e->op));
}

SAY(say_implicit_sync)
{
	char n1[128], n2[128];
	snprintf(buf, len, "legacy-stream op %s (stream %u) ran between it and %s (stream %u)",
		 name(a->trace, e->op, n1, sizeof n1, 40), sid(a->trace, e->op),
		 name(a->trace, e->partner, n2, sizeof n2, 40), sid(a->trace, e->partner));
}

FIELDS(fields_op) { f->op(f->ctx, "op", e->op); }

ADVISE(advise_legacy) { return OC_ADVICE_NON_BLOCKING_STREAMS; }
ADVISE(advise_implicit_sync) { return OC_ADVICE_LEGACY_OP_OFF_DEFAULT_STREAM; }

/* ---- host_synchronization ----------------------------------------------- */

SAY(say_host_sync)
{
	const struct oc_block *b = &a->blocks[e->block];
	char n1[128], b1[32], b2[32];
	snprintf(buf, len, "%s (%s) blocked the host for %s at %s, between the submissions",
		 call(a->trace, b->api, n1, sizeof n1), b->hidden ? "hidden" : "explicit",
		 dur(b->blocked_ns, b1, sizeof b1), dur(b->start_ns, b2, sizeof b2));
}

FIELDS(fields_host_sync)
{
	const struct oc_block *b = &a->blocks[e->block];

	f->str(f->ctx, "api", api_or_null(a->trace, b->api));
	f->boolean(f->ctx, "hidden", b->hidden);
	if (b->tid != UINT32_MAX)
		f->u64(f->ctx, "tid", b->tid);
	else
		f->str(f->ctx, "tid", NULL);
	f->i64(f->ctx, "start_ns", b->start_ns);
	f->i64(f->ctx, "end_ns", b->end_ns);
	f->i64(f->ctx, "blocked_ns", b->blocked_ns);
}

ADVISE(advise_host_sync)
{
	int hidden = e->block >= 0 && a->blocks[e->block].hidden;
	/* the hidden sync was a pageable copy's own call: pinning ends it */
	if (hidden && worth_pinning(t, e->op))
		return OC_ADVICE_PIN_HOST_BUFFER;
	return hidden ? OC_ADVICE_HIDDEN_SYNC_OUT_OF_LOOP : OC_ADVICE_SYNC_AFTER_SUBMITTING;
}

/* ---- event_dependency --------------------------------------------------- */

SAY(say_event)
{
	const struct oc_trace *t = a->trace;
	char ev[32];

	/* CUPTI's event id, or the handle the program passed (no CUDA_EVENT records) */
	if (e->event_handle)
		snprintf(ev, sizeof ev, "0x%llx", (unsigned long long)e->event_id);
	else
		snprintf(ev, sizeof ev, "%lld", (long long)e->event_id);
	snprintf(buf, len, "stream %u waited for event %s recorded in stream %u",
		 t->streams[e->wait_stream].stream_id, ev, t->streams[e->event_stream].stream_id);
}

FIELDS(fields_event)
{
	f->i64(f->ctx, "event_id", e->event_id);
	/* which of the two the id is: CUPTI's event id (CUDA_EVENT records) or
	 * the handle the program passed (the calls' arguments) */
	f->str(f->ctx, "event_id_is", e->event_handle ? "handle" : "cupti_id");
	stream_field(f, "recorded_in_stream", a->trace, e->event_stream);
	stream_field(f, "waiting_stream", a->trace, e->wait_stream);
	f->i64(f->ctx, "wait_ns", e->ts_ns);
	f->str(f->ctx, "api", api_or_null(a->trace, e->api));
}

ADVISE(advise_event) { return OC_ADVICE_CHECK_EVENT_DEPENDENCY; }

/* ---- graph_node_order --------------------------------------------------- */

SAY(say_graph)
{
	char n1[128];
	snprintf(buf, len, "it and %s (stream %u) are nodes of graph %lld's one launch, run one after the other",
		 name(a->trace, e->partner, n1, sizeof n1, 40), sid(a->trace, e->partner), (long long)e->count);
}

FIELDS(fields_graph) { f->i64(f->ctx, "graph_id", e->count); }

ADVISE(advise_graph) { return OC_ADVICE_CHECK_GRAPH_EDGES; }

/* ---- same_stream_order -------------------------------------------------- */

SAY(say_same_stream)
{
	char n1[128];
	snprintf(buf, len, "only work of its own stream %u (%s) was queued with it", sid(a->trace, cl->op),
		 name(a->trace, e->op, n1, sizeof n1, 50));
}

FIELDS(fields_same_stream)
{
	const struct oc_trace *t = a->trace;
	int32_t s = t->ops[cl->op].stream;

	stream_field(f, "stream", t, s);
	f->str(f->ctx, "stream_kind", s >= 0 && (size_t)s < t->n_streams ?
	       oc_stream_kind_name(t->streams[s].kind) : "unknown");
	f->op(f->ctx, "op", e->op);
}

ADVISE(advise_same_stream)
{
	const struct oc_op *op = &t->ops[cl->op];

	if (op->comm)
		return OC_ADVICE_COLLECTIVE_ON_SIDE_STREAM;
	if (worth_pinning(t, e->op))
		return OC_ADVICE_PIN_HOST_BUFFER;
	if (op->kind == OC_OP_MEMCPY && (op->copy_kind == OC_COPY_HTOD || op->copy_kind == OC_COPY_DTOH))
		return OC_ADVICE_COPY_ON_SIDE_STREAM;
	return OC_ADVICE_SPLIT_INTO_STREAMS;
}

/* ---- sm_saturation ------------------------------------------------------ */

SAY(say_sm)
{
	char n1[128];
	snprintf(buf, len, "%s had %lld blocks for %d SMs (room for %lld at once)",
		 name(a->trace, e->op, n1, sizeof n1, 50), (long long)e->count, e->sm_count, (long long)e->limit);
}

FIELDS(fields_sm)
{
	f->i64(f->ctx, "grid_blocks", e->count);
	f->i64(f->ctx, "sm_count", e->sm_count);
	if (e->blocks_per_sm > 0)
		f->i64(f->ctx, "blocks_per_sm", e->blocks_per_sm);
	else
		f->str(f->ctx, "blocks_per_sm", NULL);
	f->i64(f->ctx, "resident_blocks", e->limit);
	f->op(f->ctx, "kernel", e->op);
}

ADVISE(advise_sm) { return OC_ADVICE_SMALLER_GRID; }

/* ---- submitted_late, launch_latency ------------------------------------- */

SAY(say_late)
{
	char n1[128], b1[32], b2[32];
	snprintf(buf, len, "%s %s was called at %s, after the other op ended at %s",
		 e->self_late ? "its call" : "the partner's call", call(a->trace, e->api, n1, sizeof n1),
		 dur(e->ts_ns, b1, sizeof b1), dur(e->ref_ns, b2, sizeof b2));
}

FIELDS(fields_late)
{
	const char *api = api_or_null(a->trace, e->api);

	f->str(f->ctx, "late", e->self_late ? "self" : "partner");
	f->str(f->ctx, "api", api);
	f->i64(f->ctx, "api_start_ns", e->ts_ns);
	f->i64(f->ctx, "after_end_ns", e->ref_ns);
	if (!e->self_late) {
		f->str(f->ctx, "partner_api", api);
		f->i64(f->ctx, "partner_api_start_ns", e->ts_ns);
	}
}

ADVISE(advise_late) { return OC_ADVICE_SUBMIT_AHEAD; }

SAY(say_launch_latency)
{
	char n1[128], b1[32], b2[32];
	snprintf(buf, len, "%s %s ran from %s to %s, past the other op's end",
		 e->self_late ? "its launch call" : "the partner's launch call",
		 call(a->trace, e->api, n1, sizeof n1), dur(e->ts_ns, b1, sizeof b1), dur(e->ref_ns, b2, sizeof b2));
}

FIELDS(fields_launch_latency)
{
	f->str(f->ctx, "late", e->self_late ? "self" : "partner");
	f->str(f->ctx, "api", api_or_null(a->trace, e->api));
	f->i64(f->ctx, "api_start_ns", e->ts_ns);
	f->i64(f->ctx, "api_end_ns", e->ref_ns);
}

ADVISE(advise_launch_latency) { return OC_ADVICE_FEWER_LARGER_LAUNCHES; }

/* ---- copy_engine_limit, same_direction_copy ----------------------------- */

SAY(say_engines)
{
	snprintf(buf, len, "opposite-direction copies on a device with asyncEngineCount %lld", (long long)e->count);
}

FIELDS(fields_engines) { f->i64(f->ctx, "async_engine_count", e->count); }

ADVISE(advise_engines) { return OC_ADVICE_COPY_ENGINES; }

SAY(say_same_direction)
{
	const struct oc_trace *t = a->trace;
	char n1[128];
	snprintf(buf, len, "its would-be partner %s (stream %u) is a copy in the same direction, and none of "
		 "the %lld %s copies on this device ever intersected another",
		 name(t, e->partner, n1, sizeof n1, 40), sid(t, e->partner), (long long)e->count,
		 oc_copy_kind_name(t->ops[cl->op].copy_kind));
}

FIELDS(fields_same_direction)
{
	f->str(f->ctx, "direction", oc_copy_kind_name(a->trace->ops[cl->op].copy_kind));
	f->i64(f->ctx, "copies", e->count);
	f->i64(f->ctx, "intersections", 0);
}

ADVISE(advise_same_direction) { return OC_ADVICE_PIPELINE_FILL_DRAIN; }

/* ---- queued_behind ------------------------------------------------------ */

SAY(say_queued)
{
	const struct oc_trace *t = a->trace;
	char n1[128], n2[128];
	snprintf(buf, len, "%s still queued behind %s (stream %u) while %s (stream %u) ran",
		 e->self_late ? "the partner was" : "it was", name(t, e->op, n1, sizeof n1, 40), sid(t, e->op),
		 e->self_late ? "this op" : name(t, e->partner, n2, sizeof n2, 40),
		 e->self_late ? sid(t, cl->op) : sid(t, e->partner));
}

FIELDS(fields_queued)
{
	f->str(f->ctx, "behind", e->self_late ? "partner" : "self");
	f->op(f->ctx, "op", e->op);
}

ADVISE(advise_queued) { return OC_ADVICE_QUEUE_LATER_WORK_BESIDE; }

/* ---- hardware_queue_limit ----------------------------------------------- */

SAY(say_queues)
{
	snprintf(buf, len, "CUDA_DEVICE_MAX_CONNECTIONS=%lld for %lld streams", (long long)e->count,
		 (long long)e->limit);
}

FIELDS(fields_queues)
{
	f->i64(f->ctx, "max_connections", e->count);
	f->i64(f->ctx, "streams", e->limit);
}

ADVISE(advise_queues) { return OC_ADVICE_RAISE_MAX_CONNECTIONS; }

/* ---- peer_wait ---------------------------------------------------------- */

SAY(say_peer)
{
	snprintf(buf, len, "it waited for slower peer ranks (report --ranks gives their start times)");
}

ADVISE(advise_peer) { return OC_ADVICE_BALANCE_RANKS; }

/* ---- partial_overlap ---------------------------------------------------- */

SAY(say_partial)
{
	char n1[128], b1[32];
	snprintf(buf, len, "it ran beside %s (stream %u) for %s, %.1f%% of its duration: below --min-overlap",
		 name(a->trace, e->op, n1, sizeof n1, 40), sid(a->trace, e->op), dur(e->count, b1, sizeof b1),
		 e->limit > 0 ? 100.0 * (double)e->count / (double)e->limit : 0.0);
}

FIELDS(fields_partial)
{
	f->i64(f->ctx, "overlap_ns", e->count);
	f->i64(f->ctx, "duration_ns", e->limit);
}

ADVISE(advise_partial) { return OC_ADVICE_MORE_BESIDE_IT; }

/* ---- nothing_concurrent, unknown ---------------------------------------- */

SAY(say_nothing)
{
	snprintf(buf, len, "%s", a->trace->ops[cl->op].comm ?
		 "no compute kernel was queued while it was pending or running" :
		 "no other device work was queued while it was pending or running");
}

ADVISE(advise_nothing)
{
	return t->ops[cl->op].comm ? OC_ADVICE_COMPUTE_BESIDE_COLLECTIVE : OC_ADVICE_NOTHING_TO_OVERLAP;
}

SAY(say_unknown)
{
	snprintf(buf, len, "no cause could be proven from this trace");
}

FIELDS(fields_none) {}

ADVISE(advise_unknown) { return OC_ADVICE_UNKNOWN; }

/* ---- the table ----------------------------------------------------------- */

static const struct oc_cause_row rows[] = {
	[OC_CAUSE_LAUNCH_BLOCKING] = { "launch_blocking", "launch blocking",
		say_launch_blocking, fields_launch_blocking, advise_launch_blocking },
	[OC_CAUSE_PAGEABLE_HOST_MEMORY] = { "pageable_host_memory", "pageable host memory",
		say_pageable, fields_pageable, advise_pageable },
	[OC_CAUSE_LEGACY_DEFAULT_STREAM] = { "legacy_default_stream", "legacy default stream",
		say_legacy, fields_op, advise_legacy },
	[OC_CAUSE_DEFAULT_STREAM_IMPLICIT_SYNC] = { "default_stream_implicit_sync", "default stream implicit sync",
		say_implicit_sync, fields_op, advise_implicit_sync },
	[OC_CAUSE_HOST_SYNCHRONIZATION] = { "host_synchronization", "host synchronization",
		say_host_sync, fields_host_sync, advise_host_sync },
	[OC_CAUSE_EVENT_DEPENDENCY] = { "event_dependency", "event dependency",
		say_event, fields_event, advise_event },
	[OC_CAUSE_GRAPH_NODE_ORDER] = { "graph_node_order", "graph node order",
		say_graph, fields_graph, advise_graph },
	[OC_CAUSE_SAME_STREAM_ORDER] = { "same_stream_order", "same stream order",
		say_same_stream, fields_same_stream, advise_same_stream },
	[OC_CAUSE_SM_SATURATION] = { "sm_saturation", "SM saturation",
		say_sm, fields_sm, advise_sm },
	[OC_CAUSE_SUBMITTED_LATE] = { "submitted_late", "submitted late",
		say_late, fields_late, advise_late },
	[OC_CAUSE_LAUNCH_LATENCY] = { "launch_latency", "launch latency",
		say_launch_latency, fields_launch_latency, advise_launch_latency },
	[OC_CAUSE_COPY_ENGINE_LIMIT] = { "copy_engine_limit", "copy engine limit",
		say_engines, fields_engines, advise_engines },
	[OC_CAUSE_SAME_DIRECTION_COPY] = { "same_direction_copy", "same-direction copies",
		say_same_direction, fields_same_direction, advise_same_direction },
	[OC_CAUSE_QUEUED_BEHIND] = { "queued_behind", "queued behind its stream",
		say_queued, fields_queued, advise_queued },
	[OC_CAUSE_HARDWARE_QUEUE_LIMIT] = { "hardware_queue_limit", "hardware queue limit",
		say_queues, fields_queues, advise_queues },
	[OC_CAUSE_PEER_WAIT] = { "peer_wait", "waiting for peer ranks",
		say_peer, fields_none, advise_peer },
	[OC_CAUSE_PARTIAL_OVERLAP] = { "partial_overlap", "partial overlap",
		say_partial, fields_partial, advise_partial },
	[OC_CAUSE_NOTHING_CONCURRENT] = { "nothing_concurrent", "nothing concurrent",
		say_nothing, fields_none, advise_nothing },
	[OC_CAUSE_UNKNOWN] = { "unknown", "unknown",
		say_unknown, fields_none, advise_unknown },
};

_Static_assert(sizeof rows / sizeof rows[0] == OC_N_CAUSES, "one row per enum oc_cause");

const struct oc_cause_row *oc_cause_row(enum oc_cause c)
{
	return &rows[(unsigned)c < OC_N_CAUSES ? c : OC_CAUSE_UNKNOWN];
}

const char *oc_cause_name(enum oc_cause c)
{
	return oc_cause_row(c)->code;
}

const char *oc_cause_label(enum oc_cause c)
{
	return oc_cause_row(c)->label;
}

int oc_cause_from_name(const char *name)
{
	for (int i = 0; name && i < OC_N_CAUSES; i++)
		if (!strcmp(rows[i].code, name))
			return i;
	return -1;
}

const char *oc_evidence_text(const struct oc_analysis *a, const struct oc_claim *cl,
			     const struct oc_evidence *e, char *buf, size_t len)
{
	if (!len)
		return buf;
	buf[0] = '\0';
	oc_cause_row(e->cause)->say(a, cl, e, buf, len);
	return buf;
}

enum oc_advice oc_choose_claim_advice(const struct oc_trace *t, const struct oc_analysis *a,
				      const struct oc_claim *cl)
{
	if (cl->verdict != OC_VERDICT_SERIALIZED || !cl->n_evidence)
		return OC_ADVICE_NONE;
	return oc_cause_row(cl->evidence[0].cause)->advise(t, a, cl, &cl->evidence[0]);
}
