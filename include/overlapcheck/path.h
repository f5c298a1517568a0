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
};

#endif
