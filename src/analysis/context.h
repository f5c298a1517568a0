/*
 * context.h: what the steps of one analysis share (context.c builds it;
 * analysis.c drives the steps; syncs.c, claims.c and gaps.c read it). Not
 * installed, not used outside src/analysis/. The steps include this header
 * and never analysis.c's functions, so the arrows run one way:
 * analysis.c -> {claims.c, gaps.c} -> syncs.c -> context.c, and
 * analysis.c -> hazards.c -> hazards-mem.c -> context.c.
 *
 * The context indexes the (already narrowed) trace once: each op's queue
 * time, the ops of every stream, the ops every API call queued, each device's
 * selection and sweep, stream-wait-event and event-record lists. Every step
 * then answers its questions with binary searches instead of scans.
 */
#ifndef OVERLAPCHECK_ANALYSIS_CONTEXT_H
#define OVERLAPCHECK_ANALYSIS_CONTEXT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "overlapcheck/analysis.h"
#include "overlapcheck/sweep.h"
#include "overlapcheck/trace.h"

#define OC_NO_TID UINT32_MAX
#define OC_N_COPY_KINDS 16   /* enum oc_copy_kind values fit below this */

/* Streams examined per claim; above this, absence-based causes
 * (same_stream_order, nothing_concurrent) are not given. */
#define OC_MAX_PARTNER_STREAMS 256

/* CPU (API, sync) and device (activity) timestamps come from one clock, but
 * the device's are converted to it: comparisons of a call's return with the
 * end of device work allow this much disagreement. */
#define OC_CLOCK_SKEW_NS 2000

/* Candidates examined by one search for a legacy op between two ops or a
 * host block between two submissions. A search cut short proves nothing, so
 * the cause is then not given: the bound trades completeness for linear
 * time on pathological traces, never correctness. */
#define OC_SCAN_LIMIT 4096

struct oc_dev_ctx {
	int      device_id;
	const struct oc_device *info;       /* passport, or NULL */
	struct oc_selection sel;            /* ops of this device, by start */
	struct oc_sweep sweep;
	int      swept;
	int32_t *streams;  size_t n_streams;/* streams with ops here, ascending index */
	/* ops by queue time, with the running maximum of their end times: the
	 * latest end of the work queued before any instant */
	int64_t *q_sorted; int64_t *q_maxend; size_t n_q;
	uint32_t *by_end;                   /* op indices by end_ns */
	/* per copy kind (enum oc_copy_kind): async and sync copies on this
	 * device, and whether any two of them ever intersected */
	uint32_t dir_copies[OC_N_COPY_KINDS];
	uint8_t  dir_meet[OC_N_COPY_KINDS];
	struct oc_selection wsel;           /* ops inside the window (== sel when whole) */
	struct oc_sweep wsweep;             /* the window's sweep: summary, gaps, engines */
	int      wswept;                    /* wsweep was run (else the window is sel) */
};

/* A stream-wait-event: stream `stream` waits for event `event_id`. */
struct oc_wait {
	int32_t  stream;
	int64_t  event_id;
	int64_t  ts_ns;       /* CPU time the wait was queued */
	int32_t  api;         /* the call, or -1 */
	uint8_t  source;      /* 0: SYNCHRONIZATION + CUDA_EVENT ids, 1: api_args handles */
};

/* An event record: event `event_id` recorded in stream `stream`. */
struct oc_erec {
	int64_t  event_id;
	int32_t  stream;
	int64_t  ts_ns;       /* CPU time of the record call */
	uint8_t  source;
};

struct oc_actx {
	struct oc_trace *t;
	struct oc_analysis *a;
	struct oc_analysis_options o;

	int64_t  *q;                  /* per op: queue time = min(call start, op start) */
	uint32_t *tid;                /* per op: thread of its call, OC_NO_TID when unknown */
	uint32_t *s_off, *s_ops;      /* per stream: its ops by start (CSR) */
	uint32_t *pos_in_stream;      /* per op: position within its stream's list */
	uint32_t *api_off, *api_ops;  /* per API call: the ops it queued (CSR) */
	int32_t  *dev_of;             /* per op: index into dev; NULL where one device has
	                                 every op: read it through oc_dev_of() (issue 35:
	                                 4 bytes an op). An op's position in its device's
	                                 selection is not held: the selections ascend, so
	                                 a count of each device's ops gives it */
	uint8_t  *api_flags;          /* per API call: OC_APIF_* */
	uint8_t  *first_launch;       /* per op: 1 for the first op of a kernel function on its
	                                 device (by name, in start order) */

	/* Per thread (tids ascending; an op's thread is found by binary search):
	 * its API calls by start with the running maximum of their ends (CSR
	 * t_off/t_calls/t_maxend), and its work-queuing calls (calls that queued
	 * at least one op) by start (CSR w_off/w_ts). */
	uint32_t *tids;    size_t n_tids;
	uint32_t *t_off, *t_calls;  int64_t *t_maxend;
	uint32_t *w_off;   int64_t *w_ts;

	struct oc_dev_ctx *dev; size_t n_dev;

	struct oc_wait *waits; size_t n_waits;   /* by (stream, ts) */
	struct oc_erec *erecs; size_t n_erecs;   /* by (source, event_id, ts) */
	uint32_t *blocks_by_end;                  /* indices into a->blocks by end_ns */

	struct oc_evidence *ev; size_t n_ev, cap_ev; /* evidence pool */
};

/* The index into c->dev of op i's device: 0 on a trace of one device. */
static inline int32_t oc_dev_of(const struct oc_actx *c, size_t i)
{
	return c->n_dev <= 1 ? 0 : c->dev_of[i];
}

enum {
	OC_APIF_EXPLICIT_SYNC = 1u << 0, /* has a SYNCHRONIZATION record that returned 0 */
	OC_APIF_POLL          = 1u << 1, /* a query, or a sync record with non-zero return */
};

static inline int oc_is_blocking_kind(enum oc_stream_kind k)
{
	return k == OC_STREAM_BLOCKING || k == OC_STREAM_PER_THREAD_DEFAULT;
}

/* The trace string at index name contains needle (API and kernel names). */
static inline int oc_name_has(const struct oc_trace *t, int32_t name, const char *needle)
{
	return strstr(oc_trace_str(t, name), needle) != NULL;
}

/* "cannot analyse trace 'PATH': out of memory" into err, for every step; -1. */
int oc_actx_nomem(const struct oc_actx *c, char *err, size_t errlen);
/* Build the index over c->t (c->t, c->a and c->o set). 0, or -1 out of memory. */
int oc_actx_index(struct oc_actx *c);
/*
 * Each device's ops by queue time and by end (q_sorted, q_maxend, by_end),
 * read only by the syncs (syncs.c): the syncs run before the sweeps, and
 * these are freed before the sweeps' arrays are made, so that the two never
 * sit side by side (issue 35: 20 bytes an op, and 12 more while they are
 * sorted). After oc_actx_index(). 0, or -1 out of memory.
 */
int oc_actx_index_orders(struct oc_actx *c);
/*
 * The sweeps' per-op overlaps freed: the claims copy what they need of
 * them before explaining any claim (claims.c), and nothing else reads them.
 * The result's sweeps keep their summaries, with per_op NULL (analysis.h).
 * Without a steady window the window's sweep is the verdicts' own
 * (window_sweeps): one array, freed once.
 */
void oc_actx_drop_per_op(struct oc_actx *c);
/* Free what oc_actx_index() built (the sweeps excepted: they move into the result). */
void oc_actx_release(struct oc_actx *c);
/*
 * The last readers of the index, in the order the steps run: the syncs
 * (blocks and default-stream syncs: each device's queue times and ends,
 * q_sorted, q_maxend, by_end, and api_flags), the host story (and every
 * step before it), the critical path's graph build (q, s_off and s_ops,
 * waits, erecs) and its walk (the per-thread calls: tids, t_off, t_calls,
 * t_maxend). Bounds (bounds.c) reads only the graph.
 */
enum oc_shed { OC_SHED_SYNCS, OC_SHED_HOST, OC_SHED_GRAPH, OC_SHED_WALK };
/*
 * Free the parts of the index whose last reader is at or before step
 * `done`, so that they do not sit beside the critical path's graph and
 * bounds' arrays at the heap's peak (issue 35). Each device's id and sweeps
 * stay. The freed members are NULL (and their counts 0) afterwards: a later
 * reader fails at once instead of reading freed memory. A later step frees
 * the earlier ones' parts too.
 */
void oc_actx_shed(struct oc_actx *c, enum oc_shed done);

/*
 * Adjacency (docs/causes.md) of claim o and partner p, ordered (f, g) by
 * device start: no device op of any stream lies wholly inside
 * [end(f), start(g)], except o's own neighbours in its stream (the op just
 * before and just after it there), which are o's own order, not other work.
 * Ops that intersect or touch are adjacent. A search cut short (more than
 * OC_SCAN_LIMIT ops starting in between) proves nothing: not adjacent.
 * For a collective o (an NCCL kernel), only compute kernels in between
 * count: its partners are compute kernels, and copies or other collectives
 * between them did not keep compute from running beside it.
 */
int oc_adjacent(const struct oc_actx *c, int32_t o, int32_t f, int32_t g);
/* Work-queuing calls on thread tid that started in [t1, t2). */
size_t oc_queued_between(const struct oc_actx *c, uint32_t tid, int64_t t1, int64_t t2);
/* Time of [a, b) that thread tid spent inside CUDA API calls, or -1 when
 * the thread is unknown or the search was cut short. */
int64_t oc_thread_in_calls(const struct oc_actx *c, uint32_t tid, int64_t a, int64_t b);
/* The calls of thread tid (by start) from the first that may end after a:
 * *calls points at them, the count is returned (0 when the thread has none). */
size_t oc_thread_calls_from(const struct oc_actx *c, uint32_t tid, int64_t a, const uint32_t **calls);
/* Claims' advice that the lever contradicts, replaced (advice.c, after the lever). */
void oc_advice_follow_lever(struct oc_analysis *a);
/* The host story (host.c), after the lever is chosen: 0, or -1 out of memory. */
int oc_host_story(struct oc_actx *c);
/* The same for the calls whose name contains one of names (NULL-ended; NULL:
 * every call); *longest (when not NULL) receives the one that covers the most
 * of [a, b), or -1. */
int64_t oc_thread_in_calls_named(const struct oc_actx *c, uint32_t tid, int64_t a, int64_t b,
				 const char *const *names, int32_t *longest);

/* First position in ops list (trace op indices by start) with start >= ts. */
size_t oc_lower_start(const struct oc_trace *t, const uint32_t *list, size_t n, int64_t ts);

/* The steps, in the order analysis.c runs them. */
int oc_find_blocks(struct oc_actx *c, char *err, size_t errlen);      /* syncs.c */
int oc_find_default_syncs(struct oc_actx *c, char *err, size_t errlen);
/*
 * A fresh host block for the pair (f, g) (docs/causes.md): on g's thread,
 * started at or after q(f) and before end(f), returned at or after end(f)
 * and no later than q(g), and held g back: no other work-queuing call on
 * that thread between its return and q(g), or q(g) within the sync
 * tolerance of its return. The latest such block, or -1.
 */
int32_t oc_block_fresh(const struct oc_actx *c, int32_t f, int32_t g);
/* The block on thread tid that covers the most of [gs, ge), or -1; its
 * coverage into *covered. */
int32_t oc_block_covering(const struct oc_actx *c, uint32_t tid, int64_t gs, int64_t ge,
			  int64_t *covered);
int oc_find_window(struct oc_actx *c);                               /* window.c */
/* advice.c: the advice ids, chosen from the evidence, and the lever. */
enum oc_advice oc_choose_claim_advice(const struct oc_trace *t, const struct oc_analysis *a,
				      const struct oc_claim *cl);
enum oc_advice oc_choose_gap_advice(const struct oc_trace *t, const struct oc_gap *g);
void oc_choose_lever(struct oc_analysis *a);
/* Op i lies inside the window. */
int oc_in_window(const struct oc_actx *c, int32_t i);
/* claims.c: each claim's overlap, witness and verdict from the sweeps (it
 * frees their per-op overlaps, and reads no API call), then the serialized
 * ones explained. 0, or -1 with err set. */
int oc_measure_claims(struct oc_actx *c, char *err, size_t errlen);
int oc_explain_claims(struct oc_actx *c, char *err, size_t errlen);
int oc_find_gaps(struct oc_actx *c, char *err, size_t errlen);        /* gaps.c */
/* comm.c: communicators, collectives, per-device and per-range communication
 * (after the claims, whose verdicts and window flags it reads). 0, or -1
 * out of memory. */
int oc_find_comm(struct oc_actx *c);
int oc_find_hazards(struct oc_actx *c);                               /* hazards.c */
/* The critical path of the window (path.c, over graph.c's graph), after the
 * blocks, default syncs and the window; the last step to read the index: it
 * frees the index's parts as their last reader finishes (oc_actx_shed), and
 * keeps its steps in a temporary file while the bounds run (spill.h). 0, or
 * -1 with err set (out of memory, the steps' file not read back). */
int oc_find_path(struct oc_actx *c, char *err, size_t errlen);
/* 1 for a compute kernel: a kernel that is not NCCL's */
static inline int oc_is_compute(const struct oc_op *op)
{
	return op->kind == OC_OP_KERNEL && !op->comm;
}
/* The last wait queued on stream s at or before ts and after `after`, or NULL. */
/* The event handle an event sync's or stream wait's call passed, as its
 * callbacks read it (api_args.event_handle), or 0 when its call is not in
 * the trace or named none: how such a sync is tied to its record without
 * CUPTI's CUDA_EVENT records. */
uint64_t oc_sync_event_handle(const struct oc_trace *t, const struct oc_sync *y);
const struct oc_wait *oc_wait_before(const struct oc_actx *c, int32_t s, int64_t after, int64_t ts);

#endif
