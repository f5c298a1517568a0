/*
 * sweep.h: the interval engine.
 *
 * Given the device ops of ONE device (a selection of indices into
 * trace->ops), a sweep line computes, in O(n log n) time and O(n) memory:
 *
 *   per op      the time it intersected work of each engine class, and the
 *               union of all work, in OTHER groups (a group is a stream by
 *               default); and the witness: the single other-group op with
 *               the longest intersection, with that intersection's bounds;
 *   aggregates  busy time (union) per engine class and overall, the
 *               makespan, a concurrency histogram, the copy/compute overlap
 *               share (docs/method.md: on unions, never sums), the exposed
 *               communication (NCCL kernel time no compute kernel covered,
 *               also on unions), the pipeline bound, and the device-wide
 *               idle intervals above a threshold.
 *
 * Interval conventions, everywhere in this module:
 *   - an op covers the half-open interval [start_ns, end_ns);
 *   - touching intervals (a.end == b.start) do not intersect;
 *   - zero-length ops (start == end) intersect nothing, occupy no time and
 *     have no witness, but their timestamps still bound the makespan;
 *   - nested and identical intervals intersect by the length they share
 *     (an op nested in another intersects it by its own whole duration);
 *   - "other" means a different group: an op never counts against itself
 *     nor against ops of its own group (its stream, which is ordered).
 */
#ifndef OVERLAPCHECK_SWEEP_H
#define OVERLAPCHECK_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#include "overlapcheck/trace.h"

/* Engine classes: which hardware an op keeps busy. */
enum oc_engine {
	OC_ENGINE_COMPUTE = 0, /* kernels, except NCCL's */
	OC_ENGINE_COMM,        /* NCCL kernels (op.comm): communication */
	OC_ENGINE_H2D,         /* copies HtoD, HtoA */
	OC_ENGINE_D2H,         /* copies DtoH, AtoH */
	OC_ENGINE_D2D,         /* copies DtoD, DtoA, AtoD, AtoA */
	OC_ENGINE_PEER,        /* peer copies (op kind memcpy_peer, or copy kind PtoP) */
	OC_ENGINE_MEMSET,      /* memsets */
	OC_ENGINE_OTHER,       /* copies of kind HtoH or unknown */
	OC_N_ENGINES
};

/* Engine class of an op. */
enum oc_engine oc_engine_of(const struct oc_op *op);
/* "compute", "comm", "H2D", "D2H", "D2D", "peer", "memset", "other". */
const char *oc_engine_name(enum oc_engine e);
/* 1 when the op is an async copy for the copy/compute share: a memcpy or
 * peer memcpy with OC_ASYNC_FLAG set. */
int oc_op_is_async_copy(const struct oc_op *op);

/*
 * A selection: indices into trace->ops, strictly ascending (so sorted by
 * start, as trace.h sorts ops). The engine never reorders it.
 */
struct oc_selection {
	uint32_t *idx;
	size_t    n;
};

/* Every op of one device. 0, or -1 on allocation failure. */
int oc_select_device(const struct oc_trace *t, int device_id, struct oc_selection *sel);
/* Every op in the trace (e.g. after oc_trace_keep_device/keep_range). */
int oc_select_all(const struct oc_trace *t, struct oc_selection *sel);
/* Ids of the devices that have ops, ascending, into *ids (malloc'd, caller
 * frees). Returns the count, or -1 on allocation failure. */
long oc_trace_op_devices(const struct oc_trace *t, int **ids);
void oc_selection_release(struct oc_selection *sel);

struct oc_interval {
	int64_t start_ns, end_ns;   /* [start_ns, end_ns) */
};

/* Per-op results, parallel to the selection (entry i is for sel.idx[i]). */
struct oc_op_overlap {
	/* Time this op intersected the union of the compute kernels (engine
	 * class OC_ENGINE_COMPUTE) in other groups. The other classes' per-op
	 * shares are not kept: nothing reads them, and an entry is kept per op
	 * (issue 35: 64 bytes of 80); their busy time is (busy_ns). */
	int64_t compute_ns;
	/* Time it intersected the union of ALL work in other groups (not the
	 * sum of the above: concurrent partners count once). */
	int64_t other_ns;
	/* The other-group op with the longest intersection: its position in the
	 * selection (so the trace op is sel.idx[witness]), or -1 when other_ns
	 * is 0. Ties: the earliest start, then the lowest position. */
	int32_t witness;        /* where they intersected is the later start and the earlier
	                           end of the two (not kept: one entry per op, issue 35) */
};

struct oc_sweep_opts {
	/* Idle intervals shorter than this are not listed (they still count
	 * in the histogram's k = 0). 0 lists every idle interval. */
	int64_t idle_threshold_ns;
	/* Optional, parallel to the selection: the group of each op. NULL means
	 * each op's stream index (op->stream). Any values >= 0 (sparse ones are
	 * compressed internally); e.g. give each graph-node op its own group to
	 * let graph branches on one stream count as "other". */
	const int32_t *group;
};

struct oc_sweep {
	size_t n;                      /* ops in the selection */
	struct oc_op_overlap *per_op;  /* n entries, parallel to the selection */

	int64_t first_ns, last_ns;     /* first start, last end (0, 0 when n = 0) */
	int64_t makespan_ns;           /* last_ns - first_ns */
	int64_t busy_ns[OC_N_ENGINES]; /* union of each engine class */
	int64_t busy_all_ns;           /* union of all ops */
	int     busiest;               /* enum oc_engine with the largest busy_ns, the lower
	                                  one on ties; -1 when nothing has positive length */

	int64_t async_copy_ns;         /* |union of async copies| */
	int64_t copy_compute_ns;       /* |union of async copies  intersect  union of kernels| */
	double  copy_compute_share;    /* copy_compute_ns / async_copy_ns; -1 when no async copy */
	/* |union of comm  minus  union of compute|: communication no compute
	 * kernel ran beside (busy_ns[OC_ENGINE_COMM] minus this is the hidden
	 * part); of it, the time no other op of any class ran either. */
	int64_t comm_exposed_ns;
	int64_t comm_exposed_alone_ns;
	double  pipeline_bound;        /* busy_ns[busiest] / makespan_ns; 0 when makespan is 0 */

	/* concurrency_ns[k]: time within [first_ns, last_ns) with exactly k ops
	 * running, k = 0 .. max_concurrency. Sums to makespan_ns. */
	int64_t *concurrency_ns;
	size_t   max_concurrency;

	/* Device-wide idle intervals (no op of any kind) inside
	 * [first_ns, last_ns), maximal, at least opts.idle_threshold_ns long,
	 * ascending. idle_ns is their total; concurrency_ns[0] is the total of
	 * all idle time whatever its length. */
	struct oc_interval *idle;
	size_t   n_idle;
	int64_t  idle_ns;
};

/*
 * Run the sweep over the ops sel->idx[0..n) of t (one device). opts may be
 * NULL (threshold 0, groups = streams). Fills *s, which the caller releases
 * with oc_sweep_release(); the selection and trace are only read and may be
 * released afterwards (results hold positions, not pointers). Returns 0, or
 * -1 with a message in err (allocation failure, unsorted selection).
 */
int oc_sweep_run(struct oc_sweep *s, const struct oc_trace *t, const struct oc_selection *sel,
		 const struct oc_sweep_opts *opts, char *err, size_t errlen);
void oc_sweep_release(struct oc_sweep *s);

#endif
