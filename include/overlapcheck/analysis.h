/*
 * analysis.h: verdicts on a trace, as data.
 *
 * oc_analysis_run() takes a loaded trace (trace.h) and decides, per device,
 * docs/method.md's questions: which claims (async device work) really overlapped
 * other device work, why each one that did not was serialized (causes with
 * evidence, in docs/method.md's order), which API calls synchronized the host with
 * the device (explicit and hidden synchronizations), which legacy-default
 * stream ops serialized blocking streams, where the device sat idle and why,
 * and what bandwidth each copy achieved. The interval arithmetic is the
 * engine's (sweep.h); this module adds the claims and the causes.
 *
 * Every result refers to the trace by index (trace->ops, trace->api,
 * trace->streams), so the trace must outlive the result. Outputs
 * (report, check, compare, export, timeline) read these structs; they never
 * re-derive a verdict. docs/causes.md states each cause's predicate;
 * docs/report-json.md the JSON that `overlapcheck report` writes from it.
 */
#ifndef OVERLAPCHECK_ANALYSIS_H
#define OVERLAPCHECK_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>

#include "overlapcheck/nccl.h"
#include "overlapcheck/path.h"
#include "overlapcheck/trace.h"
#include "overlapcheck/sweep.h"

/* Causes of a missing overlap, in docs/method.md's order: the first given is the decisive one. */
enum oc_cause {
	OC_CAUSE_LAUNCH_BLOCKING = 0,
	OC_CAUSE_PAGEABLE_HOST_MEMORY,
	OC_CAUSE_LEGACY_DEFAULT_STREAM,
	OC_CAUSE_DEFAULT_STREAM_IMPLICIT_SYNC,
	OC_CAUSE_HOST_SYNCHRONIZATION,
	OC_CAUSE_EVENT_DEPENDENCY,
	OC_CAUSE_GRAPH_NODE_ORDER,
	OC_CAUSE_SAME_STREAM_ORDER,
	OC_CAUSE_SM_SATURATION,
	OC_CAUSE_SUBMITTED_LATE,
	OC_CAUSE_LAUNCH_LATENCY,
	OC_CAUSE_COPY_ENGINE_LIMIT,
	OC_CAUSE_SAME_DIRECTION_COPY,
	OC_CAUSE_QUEUED_BEHIND,
	OC_CAUSE_HARDWARE_QUEUE_LIMIT,
	OC_CAUSE_PEER_WAIT,           /* NCCL kernels, across ranks only (ranks.h) */
	OC_CAUSE_PARTIAL_OVERLAP,
	OC_CAUSE_NOTHING_CONCURRENT,
	OC_CAUSE_UNKNOWN,
	OC_N_CAUSES
};

/* Causes of an idle gap, in docs/method.md's order (docs/causes.md gives the
 * order they are tried in). */
enum oc_gap_cause {
	OC_GAP_HOST_SYNCHRONIZATION = 0,
	OC_GAP_SUBMITTED_LATE,
	OC_GAP_LAUNCH_LATENCY,
	OC_GAP_MODULE_LOADING,
	OC_GAP_DEPENDENCY_WAIT,
	OC_GAP_UNKNOWN,
	OC_N_GAP_CAUSES
};

enum oc_verdict {
	OC_VERDICT_OVERLAPPED = 0,
	OC_VERDICT_SERIALIZED,
};

/* "launch_blocking", ...; "unknown" for out-of-range values. */
const char *oc_cause_name(enum oc_cause c);
/* Human wording for the text report: "pageable host memory", ... */
const char *oc_cause_label(enum oc_cause c);
/* Cause by code, or -1. */
int oc_cause_from_name(const char *name);
/* "host_synchronization", "submitted_late", "launch_latency", "module_loading",
 * "dependency_wait", "unknown". */
const char *oc_gap_cause_name(enum oc_gap_cause c);
int oc_gap_cause_from_name(const char *name);
const char *oc_verdict_name(enum oc_verdict v);  /* "overlapped", "serialized" */

struct oc_analysis_options {
	int         device;            /* only this device; -1: every device (default) */
	const char *range;             /* NVTX range name, or NULL: whole trace */
	int64_t     gap_threshold_ns;  /* idle gaps listed from this length; default 10000 */
	double      min_overlap;       /* overlapped from this fraction of own duration; default 0.05 */
	int64_t     sync_tolerance_ns; /* hidden sync: returned within this after the work, and
	                                  held longer than this; a host block held the next
	                                  submission back when it was queued within this of the
	                                  block's return; default 20000 */
	int         whole;             /* 1: the whole trace is the window (no steady-state trim) */
	int         shed_trace;        /* 1: free the trace's parts only the analysis reads once it
	                                  has read them (the mem rows after the hazard pass,
	                                  oc_trace_drop_mem(); the index of calls by correlation
	                                  id between its readers, oc_trace_drop_corr(), after
	                                  which oc_trace_api_find() scans): for a trace analysed
	                                  once, as the commands do; a second run would find no mem
	                                  rows. Default 0 */
	size_t      spill_bytes;       /* when the claims and their evidence take at least this many
	                                  bytes, they wait in an unlinked temporary file (TMPDIR,
	                                  else /tmp) while the critical path, the peak of memory,
	                                  runs, and so do the path's steps while its bounds are
	                                  replayed, and, each in place (the blocks stay where they
	                                  are), the threads' running ends while the path's graph is
	                                  built, its event order while the path is walked, and, with
	                                  shed_trace, the trace's calls while the sweeps and the
	                                  claims' first pass run, from the graph's edges to its walk
	                                  and while the bounds run, its ops from the graph's edges to
	                                  its bounds and its mem rows until the hazard pass (a failure
	                                  to read them back leaves the trace to be released), and the
	                                  claims while the hazard pass runs; kept in memory when the
	                                  file cannot be written, when it would pass the process's
	                                  file size limit, or when that
	                                  directory is in memory (tmpfs). The result is the same.
	                                  Default 16 MiB, or OVERLAPCHECK_SPILL_BYTES; 0: never */
};

void oc_analysis_options_init(struct oc_analysis_options *o);
/* OVERLAPCHECK_SPILL_BYTES, a count of bytes in decimal, into *bytes: 0 (and
 * *bytes unchanged when it is not set), or -1 when it is set to anything
 * else (*bytes unchanged; the commands refuse to start). */
int oc_spill_bytes_env(size_t *bytes);

/*
 * Evidence for one cause of one serialized claim. Which members are set
 * depends on the cause (docs/causes.md); the rest are -1. Op and API
 * members are indices into trace->ops / trace->api.
 */
struct oc_evidence {
	enum oc_cause cause;
	int32_t  partner;       /* the partner (would-be or late) the claim was kept apart from */
	int32_t  op;            /* the op that shows it (may be the claim's own op):
	                           launch_blocking: the kernel; pageable_host_memory: the pageable
	                           copy; legacy_default_stream: the claim's op;
	                           default_stream_implicit_sync: the legacy-stream op;
	                           same_stream_order: the same-stream neighbour;
	                           queued_behind: the op of its stream it (or the
	                           partner) waited behind;
	                           sm_saturation: the running kernel; submitted_late: the late op */
	int32_t  api;           /* the API call: the late call, the sync call, the event wait */
	int32_t  block;         /* host_synchronization: index into result->blocks */
	int64_t  event_id;      /* event_dependency */
	int32_t  event_stream;  /* event_dependency: index into trace->streams where it was recorded */
	int32_t  wait_stream;   /* event_dependency: the stream that waited */
	int64_t  ts_ns;         /* submitted_late: start of the late API call;
	                           event_dependency: when the wait was queued */
	int64_t  ref_ns;        /* submitted_late: end of the op it came after */
	int64_t  count;         /* sm_saturation: grid blocks of the running kernel;
	                           copy_engine_limit: asyncEngineCount;
	                           hardware_queue_limit: CUDA_DEVICE_MAX_CONNECTIONS;
	                           same_stream_order: ops queued in the same stream;
	                           partial_overlap: the time intersected */
	int64_t  limit;         /* sm_saturation: blocks the device holds at once (sm_count x
	                           blocks per SM); hardware_queue_limit: streams in use */
	int32_t  sm_count;      /* sm_saturation */
	int32_t  blocks_per_sm; /* sm_saturation: per-SM block limit used, -1 when unknown (1 assumed) */
	uint8_t  self_late;     /* submitted_late: 1 when the claim's own call was the late one */
	uint8_t  event_handle;  /* event_dependency: 1 when event_id is the handle the program
	                           passed (the calls' arguments), 0 CUPTI's event id */
};

/*
 * The window the counts, shares and check rules use (never the per-op
 * verdicts): the whole trace, the --range selection, or the steady state,
 * which drops a leading or trailing segment of device activity separated
 * from the rest by an idle gap longer than the segment's own busy time, as
 * long as the rest holds at least 80% of the device ops (docs/causes.md).
 */
enum oc_window_how {
	OC_WINDOW_WHOLE = 0,   /* nothing to drop, or --whole */
	OC_WINDOW_RANGE,       /* --range: the NVTX selection, not trimmed */
	OC_WINDOW_STEADY,      /* a leading and/or trailing segment dropped */
};

struct oc_window {
	enum oc_window_how how;
	int      whole_requested;      /* --whole */
	int64_t  start_ns, end_ns;     /* first start and last end of the ops kept */
	size_t   ops, ops_total;       /* device ops inside the window / in the trace */
	/* what was dropped on each side: ops, their busy time (union), and the
	 * idle gap that separated them from the rest; all 0 when nothing */
	size_t   lead_ops, trail_ops;
	int64_t  lead_busy_ns, trail_busy_ns;
	int64_t  lead_gap_ns, trail_gap_ns;
	int64_t  lead_start_ns, trail_end_ns; /* the trace's first start and last end */
};
const char *oc_window_how_name(enum oc_window_how h);  /* "whole", "range", "steady_state" */
/*
 * The window of trace t's device ops, by the rule above; whole: the whole
 * trace (--whole). How is OC_WINDOW_WHOLE or OC_WINDOW_STEADY (a caller
 * with a range sets OC_WINDOW_RANGE itself). 0, or -1 out of memory.
 */
int oc_window_find(const struct oc_trace *t, int whole, struct oc_window *w);

/*
 * Where the device's time in the window went: the parts sum to total_ns
 * (the window's makespan, summed over devices). Idle gaps count whole under
 * their decisive cause; idle time shorter than the gap threshold and gaps of
 * unknown cause are "other".
 */
enum oc_time_part {
	OC_TIME_BUSY_OVERLAP = 0,  /* two or more ops running */
	OC_TIME_BUSY_ALONE,        /* exactly one op running */
	OC_TIME_COMM_EXPOSED,      /* NCCL kernels running and no compute kernel: exposed
	                              communication (taken out of the two busy parts) */
	OC_TIME_IDLE_HOST_BLOCK,   /* gaps: host_synchronization */
	OC_TIME_IDLE_LATE,         /* gaps: submitted_late */
	OC_TIME_IDLE_LAUNCH,       /* gaps: launch_latency, module_loading */
	OC_TIME_IDLE_DEPENDENCY,   /* gaps: dependency_wait */
	OC_TIME_IDLE_OTHER,        /* short idle, gaps of unknown cause */
	OC_N_TIME_PARTS
};
/* "busy_overlap", "busy_alone", "comm_exposed", "idle_host_block",
 * "idle_late_submission", "idle_launch", "idle_dependency", "idle_other" */
const char *oc_time_part_name(enum oc_time_part p);
/* "busy with overlap", "busy alone", "idle: host blocked", ... */
const char *oc_time_part_label(enum oc_time_part p);

struct oc_time_split {
	int64_t  total_ns;
	int64_t  ns[OC_N_TIME_PARTS];
};

/*
 * Advice: one sentence per decisive cause, chosen from its evidence, with a
 * stable id (docs/causes.md lists every id with its text).
 */
enum oc_advice {
	OC_ADVICE_NONE = 0,
	OC_ADVICE_UNSET_LAUNCH_BLOCKING,
	OC_ADVICE_PIN_HOST_BUFFER,
	OC_ADVICE_SMALL_PAGEABLE_COPY,
	OC_ADVICE_NON_BLOCKING_STREAMS,
	OC_ADVICE_LEGACY_OP_OFF_DEFAULT_STREAM,
	OC_ADVICE_SYNC_AFTER_SUBMITTING,
	OC_ADVICE_HIDDEN_SYNC_OUT_OF_LOOP,
	OC_ADVICE_CHECK_EVENT_DEPENDENCY,
	OC_ADVICE_CHECK_GRAPH_EDGES,
	OC_ADVICE_COPY_ON_SIDE_STREAM,
	OC_ADVICE_SPLIT_INTO_STREAMS,
	OC_ADVICE_QUEUE_LATER_WORK_BESIDE,
	OC_ADVICE_SMALLER_GRID,
	OC_ADVICE_SUBMIT_AHEAD,
	OC_ADVICE_FEWER_LARGER_LAUNCHES,
	OC_ADVICE_COPY_ENGINES,
	OC_ADVICE_PIPELINE_FILL_DRAIN,
	OC_ADVICE_RAISE_MAX_CONNECTIONS,
	OC_ADVICE_MORE_BESIDE_IT,
	OC_ADVICE_NOTHING_TO_OVERLAP,
	OC_ADVICE_UNKNOWN,
	OC_ADVICE_GAP_HOST_SYNC,
	OC_ADVICE_GAP_HOST_BUSY,
	OC_ADVICE_GAP_RESUBMIT_AFTER_SYNC,
	OC_ADVICE_GAP_SUBMIT_OVERHEAD,
	OC_ADVICE_GAP_PAGEABLE_STAGING,
	OC_ADVICE_GAP_SLOW_CALL,
	OC_ADVICE_GAP_LAUNCH_LATENCY,
	OC_ADVICE_GAP_MODULE_LOADING,
	OC_ADVICE_GAP_DEPENDENCY,
	OC_ADVICE_GAP_UNKNOWN,
	OC_ADVICE_COLLECTIVE_ON_SIDE_STREAM,  /* NCCL kernels: same_stream_order */
	OC_ADVICE_COMPUTE_BESIDE_COLLECTIVE,  /* NCCL kernels: nothing_concurrent */
	OC_ADVICE_BALANCE_RANKS,              /* peer_wait */
	OC_ADVICE_HOST_FIRST,       /* a claim's more-streams advice when the lever is host_submitted_late */
	OC_ADVICE_HOST_SLOW_CALL,   /* host story remedies (docs/causes.md, "The host story") */
	OC_ADVICE_HOST_GRAPH_CAPTURE,
	OC_ADVICE_HOST_CPU_WORK,
	OC_ADVICE_HOST_CALLS,
	OC_N_ADVICE
};
const char *oc_advice_id(enum oc_advice a);   /* "pin_host_buffer", ... */

/* The largest lever: the one line a report opens with. */
enum oc_lever {
	OC_LEVER_NONE = 0,           /* no device time */
	OC_LEVER_HOST_LATE,          /* idle: the host submitted late */
	OC_LEVER_HOST_BLOCKED,       /* idle: the host waited in syncs */
	OC_LEVER_LAUNCH,             /* idle: launch latency / module loading */
	OC_LEVER_DEPENDENCY,         /* idle: declared dependencies */
	OC_LEVER_SERIALIZED,         /* busy alone: overlap can hide it; the top decisive cause */
	OC_LEVER_OVERLAPPED,         /* busy with overlap dominates: little left to hide */
	OC_LEVER_IDLE_OTHER,         /* idle for reasons the trace does not tell */
	OC_LEVER_COMPUTE_BOUND,      /* busy alone with one stream's ordered work, and copies
	                                left unhidden are a small share: overlap wins little */
	OC_LEVER_NOTHING_SERIALIZED, /* busy alone, yet every claim overlapped (long ops whose
	                                partners were shorter) */
	OC_LEVER_COMM_EXPOSED,       /* communication with no compute beside it dominates */
	OC_N_LEVERS
};
const char *oc_lever_id(enum oc_lever l);     /* "host_submitted_late", ... */

/*
 * One verdict: one device op of a claim (a graph launch has one per node).
 * An NCCL kernel (op.comm) is a claim too, judged against compute only: its
 * overlap_ns, compute_ns and witness count non-NCCL kernels of other
 * streams, and its causes come from compute partners (docs/nccl.md).
 */
struct oc_claim {
	int32_t  op;            /* index into trace->ops; the call that queued it is the op's
	                           (oc_claim_api()) */
	int32_t  witness;       /* longest intersecting op in another stream (NCCL kernels: the
	                           longest intersecting compute kernel), or -1; where they
	                           intersected: oc_claim_witness_span() */
	uint16_t n_evidence;    /* at most one a cause, and one more submitted_late: far below
	                           its limit (claims.c) */
	int16_t  contributing;  /* index into evidence of the contributing cause, or -1 */
	uint8_t  verdict;       /* enum oc_verdict (one byte: one claim is kept per op, and
	                           the small members share the first 16 bytes, so a claim is
	                           40 bytes; issue 35) */
	uint8_t  in_window;     /* 1 when the op lies inside the analysis window */
	uint8_t  advice;        /* enum oc_advice for the decisive cause; OC_ADVICE_NONE if overlapped */
	int64_t  overlap_ns;    /* time intersected with work in other streams (union); NCCL
	                           kernels: with compute kernels of other streams; over the
	                           op's duration: oc_claim_overlap_ratio() */
	int64_t  compute_ns;    /* of which intersected with kernels (other streams) */
	struct oc_evidence *evidence; /* serialized: every proven cause, decisive first, then
	                                 docs/method.md's order; >= 1 */
};
_Static_assert(sizeof(struct oc_claim) <= 40, "struct oc_claim: at most 40 bytes per claim");

/* The call that queued claim cl's op (runtime twin when known), or -1. */
static inline int32_t oc_claim_api(const struct oc_trace *t, const struct oc_claim *cl)
{
	return t->ops[cl->op].api;
}

/* Claim cl's overlap over its op's duration, 0 for a zero-length op.
 * Computed, not kept (a claim is kept per op). */
static inline double oc_claim_overlap_ratio(const struct oc_trace *t, const struct oc_claim *cl)
{
	int64_t d = t->ops[cl->op].end_ns - t->ops[cl->op].start_ns;

	return d > 0 ? (double)cl->overlap_ns / (double)d : 0;
}

/* Where claim cl's op and its witness intersected: the later start and the
 * earlier end of the two, into *start_ns and *end_ns; 0 and 0 without a
 * witness. Computed, not kept (a claim is kept per op). */
void oc_claim_witness_span(const struct oc_trace *t, const struct oc_claim *cl, int64_t *start_ns,
			   int64_t *end_ns);
/* A copy claim's bandwidth: its bytes over its duration (GB/s = bytes/ns);
 * 0 for other ops and zero-length copies. */
double oc_claim_bandwidth_gbps(const struct oc_trace *t, const struct oc_claim *cl);

/*
 * An API call that blocked the host while device work ran: an explicit sync
 * (a SYNCHRONIZATION record that returned success) or a hidden one (proven
 * from timestamps, docs/method.md).
 */
struct oc_block {
	int32_t  api;           /* index into trace->api, or -1 (sync record without its call) */
	int32_t  sync;          /* index into trace->syncs, or -1 (hidden) */
	uint8_t  hidden;        /* 1: no SYNCHRONIZATION record, proven from timestamps */
	uint32_t tid;
	int      device_id;
	int64_t  start_ns, end_ns;   /* CPU time of the call */
	int64_t  blocked_ns;    /* from the call's start to the end of the last work it waited for */
	int32_t *waited_for;    /* ops it waited for: the last one of each stream */
	size_t   n_waited_for;
	uint8_t  rule;          /* enum oc_sync_rule (hidden syncs) */
	int64_t  usual_ns;      /* rules (c), (d): the shortest unloaded duration of that function,
	                           else -1 */
	int64_t  usual_max_ns;  /* rule (d): the longest unloaded duration, else -1 */
};

/* Which rule proved a hidden synchronization (docs/causes.md). */
enum oc_sync_rule {
	OC_SYNC_RULE_NONE = 0,                 /* explicit syncs */
	OC_SYNC_RULE_RETURNED_AFTER_WORK,      /* (a) returned within the tolerance after the work */
	OC_SYNC_RULE_OWN_WORK_AFTER,           /* (b) its own ops ran after the work, it returned after them */
	OC_SYNC_RULE_USUAL_TAIL,               /* (c) returned its usual duration after the work */
	OC_SYNC_RULE_LONGER_THAN_USUAL,        /* (d) longer than ever unloaded, returned within
	                                          its usual range after the work */
};
const char *oc_sync_rule_name(enum oc_sync_rule r);

/* A legacy-default-stream op that serialized work of blocking streams. */
struct oc_default_sync {
	int32_t  op;            /* the legacy-stream op */
	int64_t  blocked_ns;    /* from its submission until the last op it waited for ended */
	int32_t *waited_for;    /* blocking-stream ops queued before it that it waited for */
	size_t   n_waited_for;
	int32_t *held;          /* blocking-stream ops queued while it was pending that waited for it */
	size_t   n_held;
};

/* A device-wide idle interval. */
struct oc_gap {
	int      device_id;
	int64_t  start_ns, end_ns;
	enum oc_gap_cause cause;    /* the decisive cause (docs/causes.md's order) */
	uint8_t  advice;        /* enum oc_advice */
	uint8_t  first_launch;  /* next_op is a kernel function's first launch on its device */
	uint8_t  wait_event_handle; /* dependency_wait: 1 when wait_event_id is the handle the
	                           program passed (the calls' arguments), 0 CUPTI's event id */
	int32_t  next_op;       /* the op that ended the gap */
	int32_t  prev_op;       /* the last op to end before it, -1 when unknown */
	int32_t  api;           /* the next op's call, or -1 */
	int32_t  block;         /* host_synchronization: index into result->blocks;
	                           submitted_late: the block the thread returned from during
	                           the gap, if any; else -1 */
	int32_t  overhead;      /* module_loading: index into trace->overheads, or -1 (API time) */
	int32_t  load_api;      /* module_loading: the code-loading call (cuLibraryLoadData,
	                           cuModuleLoad*) that held the thread, or -1 */
	int32_t  longest_api;   /* the submitting thread's call that covered the most of the
	                           gap, or -1 */
	int64_t  longest_ns;    /* how much of the gap it covered */
	int64_t  wait_event_id; /* dependency_wait: the event waited for, -1 */
	int64_t  covered_ns;    /* host_synchronization: the part of the gap the block covered;
	                           launch_latency, module_loading: the part in the launch call */
	int64_t  outside_ns;    /* time of the gap the submitting thread spent outside CUDA
	                           calls; -1 when unknown (no thread, or a search cut short) */
};

/* Bandwidth of async and sync copies, per direction and host memory kind. */
struct oc_bandwidth {
	int      copy_kind;     /* enum oc_copy_kind */
	int      mem_kind;      /* host-side memory kind (src for HtoD, dst for DtoH), else src */
	size_t   copies;
	uint64_t bytes;
	int64_t  duration_ns;   /* sum of the copies' durations */
	double   gbps;          /* bytes / duration_ns */
	double   min_gbps, max_gbps; /* over the copies */
};

/*
 * One device's engine summary (the sweep over all its ops). Its per-op
 * overlaps (sweep.per_op) are NULL: the claims are built from them and they
 * are released after that (issue 35); oc_sweep_run() gives them.
 */
struct oc_device_summary {
	int      device_id;
	struct oc_sweep sweep;  /* makespan, busy per class, histogram, idle, copy/compute share */
};

struct oc_summary {
	size_t   claims, overlapped, serialized;
	size_t   copy_claims, copy_overlapped, copy_overlapped_compute; /* async memcpy / peer */
	size_t   kernel_claims, kernel_overlapped;   /* kernels other than NCCL's */
	size_t   comm_claims, comm_overlapped;       /* NCCL kernels; overlapped compute */
	size_t   memset_claims, memset_overlapped;
	size_t   causes[OC_N_CAUSES];  /* claims in the window whose decisive cause is this */
	size_t   gap_causes[OC_N_GAP_CAUSES];
	int64_t  makespan_ns;   /* summed over devices */
	int64_t  busy_ns;       /* summed over devices: union of all work per device */
	int64_t  copy_ns;       /* union of async copy time, summed over devices */
	int64_t  compute_ns;    /* union of kernel time (NCCL's excepted), summed over devices */
	int64_t  comm_ns;       /* union of NCCL kernel time, summed over devices */
	int64_t  comm_exposed_ns;  /* of which no compute kernel ran beside it */
	int64_t  copy_compute_overlap_ns;
	double   copy_compute_overlap_share; /* -1 when no async copy */
	int64_t  idle_ns;       /* all device-idle time inside the makespan, summed */
	double   idle_share;    /* idle_ns / makespan_ns; 0 when makespan is 0 */
	int64_t  gaps_ns;       /* total of the listed gaps */
	size_t   gaps, hidden_syncs, explicit_syncs, default_stream_syncs;
	int64_t  hidden_sync_blocked_ns;
	int64_t  dropped_records, incomplete_records; /* -1 unknown */
	int64_t  dropped_callback_rows; /* calls' rows the tracer dropped (backlog full); -1 unknown */
	int      clean_exit, exit_status, exit_signal; /* -1 unknown */
	int      terminated_signal; /* the tracer flushed at this signal (records up to then are
	                               complete), else -1 */
	int64_t  terminated_ns;     /* when, ns since trace start; -1 unknown */
	int      incomplete_data;   /* 1: dropped/incomplete records, unclean exit or no device records */
	long     ranges_matched;    /* --range: ranges found; -1 without --range */
	/* Claim counts, the verdict counts above and causes, the engine figures
	 * (makespan .. idle, gaps) count what lies inside the window. */
	struct oc_window window;
	struct oc_time_split time;
	int64_t  idle_late_after_sync_ns; /* of idle_late: gaps where the thread was returning
	                                     from a sync when the device went idle */
	int64_t  idle_late_staging_ns;    /* of idle_late: gaps the next copy's own call spent
	                                     staging pageable memory */
	enum oc_lever lever;
	enum oc_cause lever_cause;  /* OC_LEVER_SERIALIZED: the most frequent decisive cause */
};

/*
 * Communication (docs/nccl.md). A trace does not name NCCL communicators:
 * the NCCL kernels of one stream stand for one, as PyTorch's
 * ProcessGroupNCCL and most programs launch a communicator's collectives on
 * a stream of its own. Ordinals number them per device by first kernel, so
 * the k-th communicator of one rank meets the k-th of another (ranks.h).
 */
struct oc_communicator {
	int32_t  stream;        /* index into trace->streams */
	int      device_id;
	int      ordinal;       /* k-th communicator of its device, by its first kernel, from 0 */
	size_t   kernels;
	int64_t  first_ns;      /* its first kernel's start */
};

/* One NCCL kernel: one collective (or a group of them launched as one). */
struct oc_collective {
	int32_t  op;            /* index into trace->ops */
	int32_t  claim;         /* index into claims */
	int32_t  comm;          /* index into comms */
	uint32_t seq;           /* n-th kernel of its collective name on its communicator, from 0 */
	struct oc_nccl_kernel k;/* what its name says (nccl.h) */
	int64_t  exposed_ns;    /* its own time no compute kernel of its device ran */
	int32_t  nccl_call;     /* the innermost NVTX range of domain "NCCL" (NCCL's own,
	                           e.g. ncclAllReduce) open on the launching thread when it
	                           was launched: index into trace->ranges, or -1 */
};

/* Communication in the window, per device (from the window's sweep). */
struct oc_comm_device {
	int      device_id;
	size_t   kernels;
	int64_t  comm_ns;       /* |union of NCCL kernels| */
	int64_t  exposed_ns;    /* |union of NCCL kernels minus union of compute kernels| */
	int64_t  exposed_alone_ns; /* of which no op at all ran beside it */
};

/* Communication queued inside NVTX ranges of one name (not NCCL's own
 * domain), in the window: the kernels launched while such a range was open
 * on the launching thread. */
struct oc_comm_range {
	int32_t  name;          /* index into trace->strs */
	size_t   kernels;
	int64_t  comm_ns;       /* |union of those kernels|, per device, summed */
	int64_t  exposed_ns;    /* of which no compute kernel of the device ran */
};

/*
 * Hazards (docs/hazards.md): two ops of different streams that touched the
 * same allocation, at least one writing, with nothing ordering them.
 */
enum oc_hazard_kind {
	OC_HAZARD = 1,          /* they also ran at the same time */
	OC_LATENT_HAZARD,       /* they did not: only timing kept them apart */
	OC_USE_AFTER_FREE,      /* an op and a stream-ordered free of its memory in another stream */
};
const char *oc_hazard_kind_name(enum oc_hazard_kind k);  /* "hazard", "latent_hazard", "use_after_free" */

/* One side of a hazard. */
struct oc_hazard_access {
	int32_t  op;            /* index into trace->ops; -1: the free */
	int32_t  api;           /* the call that queued it (the free: cudaFreeAsync), or -1 */
	int32_t  stream;        /* index into trace->streams */
	uint8_t  write;         /* 0 read; 1 wrote (a copy's destination, a memset, a free);
	                           2 may have written (a kernel's non-const pointer) */
	int32_t  param;         /* a kernel's parameter index, else -1 */
	uint64_t lo, hi;        /* the bytes taken to be touched, [lo, hi) */
	int64_t  queued_ns;     /* CPU time it was queued */
};

struct oc_hazard {
	enum oc_hazard_kind kind;
	uint64_t base;          /* the allocation */
	int64_t  bytes;
	uint8_t  alloc_kind;    /* enum oc_alloc_kind */
	int32_t  alloc_api;     /* the allocating call, or -1 */
	struct oc_hazard_access first, second;   /* first: queued earlier */
	int64_t  overlap_ns;    /* device time both ran (OC_HAZARD), else 0 */
	uint8_t  presumed;      /* no side is a proven write: every writing side is a kernel
	                           through a non-const pointer, which may only read */
	size_t   count;         /* pairs of ops folded into this one: same kind, allocation
	                           and names of both ops (the first pair's streams are kept) */
	size_t   stream_pairs;  /* distinct (first stream, second stream) among them */
};

struct oc_hazard_status {
	int      checked;       /* the trace has the allocation map */
	const char *why_not;    /* when not checked: a sentence */
	size_t   allocations;   /* allocations seen */
	size_t   accesses;      /* op-allocation accesses examined */
	size_t   kernels_with_args;   /* kernel ops with at least one pointer argument */
	size_t   unplaced;      /* mem rows whose call or allocation was not found */
	int64_t  launches_without_layout; /* meta mem_launches_without_layout, -1 unknown */
	size_t   pairs[4];      /* every pair found, by kind (index enum oc_hazard_kind),
	                           listed or not: what check decides on */
	size_t   not_listed;    /* pairs in no listed finding (past 256 findings of a kind) */
};

/*
 * The host story (docs/causes.md, "The host story"): given when the lever is
 * host_submitted_late. Over the gaps the device waited for late submission
 * (gap cause submitted_late), each gap counted for the thread that queued
 * its next op: where that thread's time went, and the one remedy the
 * evidence selects.
 */
#define OC_HOST_FNS 5
struct oc_host_fn {             /* one function's calls inside a thread's late gaps */
	int32_t  name;          /* index into trace->strs */
	size_t   calls;         /* calls that intersected a gap */
	int64_t  total_ns;      /* their time inside the gaps */
	int64_t  max_ns;        /* the longest one's time inside a gap */
};
struct oc_host_thread {
	uint32_t tid;           /* UINT32_MAX: the gaps whose next op's thread is unknown */
	size_t   gaps;
	int64_t  gap_ns;        /* the gaps' time */
	int64_t  outside_ns;    /* of it, outside CUDA calls (gaps whose thread time is known) */
	int64_t  inside_ns;     /* of it, inside top-level CUDA calls (likewise) */
	size_t   unknown_gaps;  /* gaps whose thread time could not be had (no split) */
	struct oc_host_fn fns[OC_HOST_FNS]; /* by total_ns, largest first */
	size_t   n_fns;
	size_t   kernels;       /* kernels in the window queued by this thread */
	size_t   launch_longer; /* of them, those whose launch call took longer than the kernel ran */
	int32_t  slow_api;      /* a call that took most of a gap, repeated before the same kernel: */
	size_t   slow_gaps;     /*   in this many gaps (at least 2), */
	int64_t  slow_ns;       /*   whose time adds to this; slow_api -1 when none */
};
struct oc_host_story {
	int      given;         /* the lever is host_submitted_late */
	int64_t  late_ns;       /* the late-submission gaps' time (time_split's part) */
	size_t   submitting_threads; /* threads that queued device work in the window */
	struct oc_host_thread *threads; size_t n_threads; /* by gap_ns, largest first */
	enum oc_advice remedy;  /* OC_ADVICE_HOST_*: chosen on threads[0]'s evidence */
};

struct oc_analysis {
	const struct oc_trace *trace;
	struct oc_analysis_options opts;

	struct oc_claim *claims;   size_t n_claims;    /* by op start */
	struct oc_block *blocks;   size_t n_blocks;    /* by start; hidden and explicit */
	struct oc_default_sync *default_syncs; size_t n_default_syncs; /* by op start */
	struct oc_gap *gaps;       size_t n_gaps;      /* by device, then start */
	struct oc_bandwidth *bandwidth; size_t n_bandwidth;
	struct oc_device_summary *devices; size_t n_devices;
	struct oc_summary summary;

	struct oc_collective *collectives; size_t n_collectives; /* by op start */
	struct oc_communicator *comms; size_t n_comms;           /* by device, then ordinal */
	struct oc_comm_device *comm_devices; size_t n_comm_devices;
	struct oc_comm_range *comm_ranges; size_t n_comm_ranges; /* by exposed time, longest first */

	struct oc_hazard *hazards; size_t n_hazards; /* by kind, then first op's queue time */
	struct oc_hazard_status hazard_status;

	struct oc_host_story host;  /* given only when the lever is host_submitted_late */
	struct oc_critical_path path; /* the window's critical path (path.h) */

	char   **warnings;         size_t n_warnings;  /* sentences for the reader */

	void    *priv;             /* storage pools */
	size_t   spilled_bytes;    /* bytes the claims, the critical path's steps and the arrays
	                              parked while steps that do not read them ran took in
	                              their temporary files, each time they went out
	                              (opts.spill_bytes), 0 when they stayed in memory */
};

/*
 * Analyse trace t under opts (NULL: defaults). With opts->range set, the
 * trace is first narrowed with oc_trace_keep_range(), and with opts->device
 * >= 0 with oc_trace_keep_device(): both modify t in place, hence the
 * non-const pointer. Fills *a; release it with oc_analysis_release() before
 * releasing the trace. Returns 0, or -1 with a message in err (allocation
 * failure, or a --range that matched no range: "no NVTX range named 'x' in
 * trace 'y.db'").
 */
int oc_analysis_run(struct oc_trace *t, const struct oc_analysis_options *opts,
		    struct oc_analysis *a, char *err, size_t errlen);
void oc_analysis_release(struct oc_analysis *a);

/*
 * Decisive causes (first evidence) of a's serialized claims in the window
 * whose op in t is of one kind, counted per cause into counts[OC_N_CAUSES] (overwritten).
 * kind OC_OP_MEMCPY takes peer copies too; OC_OP_KERNEL leaves NCCL kernels
 * out, which OC_CLAIMS_COMM counts. The report's answer and the
 * timeline's one-line answer both print these.
 */
#define OC_CLAIMS_COMM 0
void oc_analysis_cause_counts(const struct oc_trace *t, const struct oc_analysis *a, int kind,
			      size_t counts[OC_N_CAUSES]);

/*
 * The advice text for a serialized claim's decisive cause or a gap's cause,
 * from its evidence, into buf; "" when there is none. Returns buf.
 */
const char *oc_claim_advice(const struct oc_trace *t, const struct oc_analysis *a,
			    const struct oc_claim *c, char *buf, size_t len);
const char *oc_gap_advice(const struct oc_trace *t, const struct oc_analysis *a,
			  const struct oc_gap *g, char *buf, size_t len);
/* The one line on the largest lever, into buf. Returns buf. */
const char *oc_lever_text(const struct oc_analysis *a, char *buf, size_t len);
/* The host story's remedy, one sentence from its evidence, into buf; "" when
 * no story is given. Returns buf. */
const char *oc_host_remedy_text(const struct oc_analysis *a, char *buf, size_t len);

/*
 * Display name of op i of t into buf: the demangled kernel name, the copy
 * direction ("HtoD", "DtoH", "PtoP", ...) or "memset". Returns buf.
 */
const char *oc_op_label(const struct oc_trace *t, int32_t i, char *buf, size_t len);
/* The same for a sentence or a column: at most max bytes, shortened at
 * token boundaries (oc_fmt_name: "(...)", "<...>", no return type). */
const char *oc_op_short(const struct oc_trace *t, int32_t i, char *buf, size_t len, size_t max);

/* A hazard's side as a label: the op's (oc_op_label), or the freeing call's name. */
const char *oc_hazard_side_label(const struct oc_trace *t, const struct oc_hazard_access *s,
				 char *buf, size_t len);
/* A side's access: "read", "write", "may_write" (a kernel's non-const pointer),
 * "free"; verb 1: "reads", "writes", "may write", "frees". */
const char *oc_hazard_access_name(const struct oc_hazard_access *s, int verb);
/* The advice of a hazard (docs/hazards.md): the event and wait that would order it. */
const char *oc_hazard_advice(const struct oc_trace *t, const struct oc_hazard *h, char *buf, size_t len);
/* What is missing between its two sides, as a sentence. */
const char *oc_hazard_missing(const struct oc_trace *t, const struct oc_hazard *h, char *buf, size_t len);

/* Parse "10us", "2ms", "500ns", "1s", "1.5us" or a bare number of ns. 0 or -1. */
int oc_parse_duration(const char *s, int64_t *ns);

#endif
