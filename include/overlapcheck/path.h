/*
 * path.h: the critical path of the analysed interval (docs/causes.md, "The
 * critical path").
 *
 * The analysis builds a dependency graph of the interval from edges the
 * trace proves (stream order, event record -> stream wait, the legacy
 * stream's implicit syncs, a call -> the op it queued, a thread's calls in
 * order, the op a blocking call waited for -> that call's return) and walks
 * back from the op that ended last through the predecessor that held each
 * step back. The steps it passes cover the interval exactly once: device
 * work, device gaps behind ordered work, launch latency, host time in CUDA
 * calls, blocked in syncs, or outside CUDA. Each part of that makeup is a
 * sum of steps' times, never an estimate.
 */
#ifndef OVERLAPCHECK_PATH_H
#define OVERLAPCHECK_PATH_H

#include <stddef.h>
#include <stdint.h>

/* What one step of the path was (its part of the makeup). */
enum oc_path_part {
	OC_PATH_COMPUTE = 0,   /* a kernel or a graph launch running on the device */
	OC_PATH_COPY,          /* a copy or a memset running on the device */
	OC_PATH_DEVICE_GAP,    /* an op waiting after the ordered work it followed ended
	                          (stream order, an event, the legacy stream) */
	OC_PATH_LAUNCH,        /* from the call's start to its op's start: launch latency */
	OC_PATH_HOST_CALLS,    /* host time inside CUDA calls that did not wait for the device */
	OC_PATH_HOST_BLOCKED,  /* a blocking call: its return after the work it waited for,
	                          or its whole time when no traced work explains it */
	OC_PATH_HOST_OUTSIDE,  /* host time outside CUDA calls between two calls of a thread */
	OC_PATH_UNKNOWN,       /* before the first event the path reached: not explained */
	OC_N_PATH_PARTS
};
/* "compute", "copy", "device_gap", "launch_latency", "host_cuda_calls",
 * "host_blocked", "host_outside_cuda", "unknown" */
const char *oc_path_part_name(enum oc_path_part p);
/* "device compute", "copies and memsets", ... */
const char *oc_path_part_label(enum oc_path_part p);

/* The graph's edge kinds (docs/causes.md). */
enum oc_path_edge {
	OC_EDGE_STREAM = 0,    /* an op -> the next op of its stream */
	OC_EDGE_SUBMIT,        /* a call's start -> the op it queued */
	OC_EDGE_HOST,          /* a call's end -> the same thread's next call */
	OC_EDGE_BLOCK,         /* an op a sync waited for -> the sync's return */
	OC_EDGE_OWN_WAIT,      /* an op -> the return of the call that queued it, when the call
	                          returned after it (synchronous and pageable copies) */
	OC_EDGE_EVENT,         /* the op before an event record -> the first op queued on the
	                          waiting stream after the wait */
	OC_EDGE_LEGACY,        /* the legacy stream's implicit syncs */
	OC_N_PATH_EDGES
};
const char *oc_path_edge_name(enum oc_path_edge e);  /* "stream", "submit", ... */

/* One step: a node's time or an edge's latency, clipped to the interval. */
struct oc_path_step {
	int64_t  start_ns, end_ns;
	int64_t  calls_ns;     /* a host edge: of its time, inside other CUDA calls of the thread
	                          (counted in host_cuda_calls, the rest in host_outside_cuda) */
	int32_t  op;           /* a device node's op (a graph launch: its first op), else -1 */
	int32_t  api;          /* a call node's call, or an edge's call end, else -1 */
	uint8_t  part;         /* enum oc_path_part */
	uint8_t  edge;         /* an edge step: enum oc_path_edge; a node step: OC_N_PATH_EDGES */
	uint8_t  graph;        /* a device node that is a whole graph launch */
};

/* Node steps folded by what they were: a kernel's name, a copy's direction
 * and host memory, memsets, a graph launch's call, a call's function. */
enum oc_path_what { OC_PATH_KERNEL = 0, OC_PATH_MEMCPY, OC_PATH_MEMSET, OC_PATH_GRAPH,
		    OC_PATH_CALL };
struct oc_path_group {
	uint8_t  what;         /* enum oc_path_what */
	uint8_t  part;         /* the part its time counts in */
	int32_t  op, api;      /* a representative: the first such op or call on the path */
	size_t   steps;
	int64_t  ns;
};

/*
 * The fixes a bound is computed for (docs/causes.md, "Bounds"): each edits
 * the graph as its assumption says, and the bound is the replayed
 * interval's shortening: what the fix could save at most, never a proof
 * (`compare` against the changed program is).
 */
enum oc_fix {
	OC_FIX_PIN = 0,            /* pin host memory: pageable copies become asynchronous */
	OC_FIX_HIDDEN_SYNCS,       /* remove the hidden syncs: their waits go */
	OC_FIX_COPY_STREAM,        /* copies on a stream of their own */
	OC_FIX_LEGACY,             /* off the legacy default stream */
	OC_FIX_SUBMIT_AHEAD,       /* submit ahead: host gaps and calls cut to the launch cost */
	OC_FIX_GRAPH,              /* capture the kernels in a CUDA graph */
	OC_N_FIXES
};
/* "pin_host_memory", "remove_hidden_syncs", "copies_on_own_stream",
 * "leave_legacy_stream", "submit_ahead", "capture_graph" */
const char *oc_fix_id(enum oc_fix f);

/* Where a pin bound's pinned bandwidth came from. */
enum oc_bw_source { OC_BW_TRACE = 0, OC_BW_DEVICE_FIGURE, OC_BW_KEPT };
const char *oc_bw_source_name(enum oc_bw_source s);  /* "trace", "device_figure", "kept" */

struct oc_bound {
	uint8_t  fix;          /* enum oc_fix */
	int64_t  bound_ns;     /* the most it could save of the interval, >= 0 */
	double   share;        /* bound_ns / the interval */
	size_t   count;        /* what the edit touched: pageable copies, hidden syncs, copies,
	                          legacy-stream ops, host gaps, kernel launches */
	int64_t  cost_ns;      /* the launch cost a call is cut to (pin, submit ahead), the
	                          launch latency kept (graph), else -1 */
	uint8_t  bw_source;    /* pin: enum oc_bw_source */
	double   gbps[2];      /* pin: the bandwidth used, HtoD and DtoH (GB/s), 0 when none */
};

struct oc_critical_path {
	int      given;        /* 0: no device op in the interval */
	int64_t  start_ns, end_ns;          /* the interval: the window's device span */
	int64_t  ns[OC_N_PATH_PARTS];       /* the makeup: sums to end_ns - start_ns */
	struct oc_path_step *steps; size_t n_steps;    /* by time */
	struct oc_path_group *groups; size_t n_groups; /* by ns, largest first */
	size_t   nodes;                     /* in the graph: device nodes and call nodes */
	size_t   edges[OC_N_PATH_EDGES];    /* edges by kind */
	size_t   edges_dropped;             /* proven edges whose ends disagreed in time by more
	                                       than the clock skew: left out */
	int64_t  replay_ns;                 /* the graph replayed unedited: its device span, which
	                                       gives back end_ns - start_ns up to the clock skew */
	/* Bounds, largest first: the fixes the trace has something to edit for. */
	struct oc_bound bounds[OC_N_FIXES]; size_t n_bounds;
	const char *withheld;               /* not NULL: why no bound is given (a sentence) */
	/* Path time no edit can act on: blocking calls on it whose wait no traced op
	 * explains (another process's work, an untraced device), and the unknown start. */
	size_t   unexplained_calls;
	int64_t  unexplained_ns;
};

/* "pinning the 16 pageable copies could save at most 13.3 ms (40%) of this
 * window" into buf. Returns buf. */
const char *oc_bound_text(const struct oc_bound *b, char *buf, size_t len);
/* The bound's assumption, one sentence, into buf. Returns buf. */
const char *oc_bound_assumption(const struct oc_bound *b, char *buf, size_t len);

#endif
