/*
 * compare.h: the sequential control (`overlapcheck compare`, docs/method.md step 3).
 *
 * The baseline is the same work run in sequence, the candidate the same work
 * split into independent, overlapping parts; each side may hold several
 * traces (repeated runs). oc_compare_run()
 *
 *  1. measures every trace on the same boundaries: first to last device op,
 *     or, with a range, the union of the NVTX range instances, each extended
 *     to the end of the device work queued inside it (a range closed before
 *     its work finished would otherwise time the submission, not the work);
 *  2. checks that every trace did the same work as the first baseline trace:
 *     the same bytes per copy direction (and memset bytes) and, per kernel
 *     name, the same total of launched threads (grid x block, summed over
 *     launches); what differs becomes work_diffs (refusing to attribute is
 *     the caller's decision);
 *  3. takes medians and spreads over the repeats, and calls a change noise
 *     when it is within max(noise, the relative spread of either side);
 *  4. attributes the change. On one device the boundary time decomposes
 *     exactly as
 *         total = sum(op durations) - intersection + idle + outside
 *     where intersection = sum - union (time two ops ran at once, counted
 *     once per extra op), idle = span - union, and outside = total - span
 *     (range boundaries only). So the time saved equals
 *         intersection gained - op time added (contention) - idle added
 *         - outside added
 *     and per operation name the change of its own time (sum per run,
 *     median over runs) shows which ops got slower while overlapped.
 *
 * Verdict: speedup_from_overlap (faster beyond noise, and the intersection
 * gained explains at least half of the time saved), speedup_not_from_overlap
 * (faster, explained otherwise), overlap_without_speedup (more intersection
 * beyond noise but not faster), slowdown (slower beyond noise without more
 * intersection), no_change.
 *
 * Only the trace reader, the sweep engine and the window of analysis.h are
 * used: every figure is from device timestamps. The boundaries stay the
 * whole device span; when the steady-state window (startup and shutdown
 * dropped, analysis.h) differs in some run and every run's window holds the
 * same work, the windows' spans are given beside them. The writers are in
 * compare-report.h.
 */
#ifndef OVERLAPCHECK_COMPARE_H
#define OVERLAPCHECK_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#define OC_COMPARE_DEFAULT_NOISE 0.03
/* The intersection gained must explain this share of the time saved. */
#define OC_COMPARE_OVERLAP_EXPLAINS 0.5

struct oc_compare_options {
	const char *range;       /* NULL: first to last device op */
	int device;              /* -1: the only device with ops */
	double noise;            /* relative change below which it is no_change */
};

/* range NULL, device -1, noise OC_COMPARE_DEFAULT_NOISE. */
void oc_compare_options_init(struct oc_compare_options *o);

/* One entry of the same-work signature. */
enum oc_work_class { OC_WORK_COPY = 0, OC_WORK_MEMSET, OC_WORK_KERNEL };
struct oc_work_item {
	enum oc_work_class cls;
	char    *key;            /* copy direction, "memset", or mangled kernel name */
	uint64_t amount;         /* bytes, or threads */
	uint64_t count;          /* copies / memsets / launches */
};

/* One trace, measured on the chosen boundaries. */
struct oc_compare_run {
	const char *path;        /* as given to oc_compare_run (not copied) */
	int64_t total_ns;        /* on the chosen boundaries */
	int64_t span_ns;         /* first op start to last op end */
	int64_t sum_ns;          /* sum of op durations */
	int64_t busy_ns;         /* union of op intervals */
	int64_t inter_ns;        /* sum - union */
	int64_t idle_ns;         /* span - union */
	int64_t outside_ns;      /* total - span */
	int64_t copy_compute_ns; /* |async copies  intersect  kernels| (unions) */
	int64_t async_copy_ns;
	size_t  n_ops;
	long    n_ranges;        /* instances of the range (with a range) */
	int64_t dropped, incomplete;   /* the trace's counts; -1 unknown */
	struct oc_work_item *work;     /* sorted by class, then key */
	size_t  n_work;
	/* the steady-state window of analysis.h (no range only): */
	int     win_steady;      /* 1: it dropped startup or shutdown work */
	int64_t win_total_ns;    /* its span (total_ns when not steady) */
	struct oc_work_item *win_work; /* the same-work signature inside it (steady only) */
	size_t  n_win_work;
};

struct oc_compare_side {
	const char *label;       /* "baseline", "candidate" */
	struct oc_compare_run *runs;
	size_t n;
};

/* Median, min, max of one quantity over a side's runs. */
struct oc_compare_stat { double med, min, max; };

/* One operation name on both sides. */
struct oc_compare_opstat {
	const char *name;        /* "memcpy HtoD", "memset", or mangled kernel name */
	int present[2];          /* has ops on the side */
	double sum_med[2];       /* median over runs of the per-run sum of durations */
	double inst_med[2];      /* median duration of one op */
	double count_med[2];     /* median ops per run */
	double overlapped[2];    /* share of its time intersecting other streams */
	int contention;          /* its time per run grew beyond the threshold while
	                            it intersected other streams more than before */
};

struct oc_compare {
	struct oc_compare_options opts;    /* as given (range not copied) */
	struct oc_compare_side side[2];    /* [0] baseline, [1] candidate */
	/* What differs from the first baseline trace, one line each; none: same work. */
	char **work_diffs;
	size_t n_work_diffs;

	struct oc_compare_stat total[2], sum[2], inter[2], idle[2], outside[2], span[2], cc[2], copy[2];
	double spread[2];        /* (max - min) / median of total */
	double threshold;        /* noise threshold actually used */
	double change;           /* (cand - base) / base of median total */
	double saved_ns;         /* base - cand */
	double inter_gain_ns, op_added_ns, idle_added_ns, outside_added_ns;
	double residual_ns;      /* not attributed: medians of parts need not add up */
	double explained;        /* inter_gain / saved; NaN unless saved > 0 */
	const char *verdict;     /* a static string, one of the verdicts above */
	int slower;              /* beyond noise */
	/* Windowed figures, only when some run's steady-state window dropped
	 * work and every run's window holds the same work as the first
	 * baseline's (the boundaries above stay first to last op). */
	int windowed;
	struct oc_compare_stat win_total[2];
	double win_change;       /* (cand - base) / base of the windows' median spans */
	struct oc_compare_opstat *ops;     /* largest time added first */
	size_t n_ops;
	size_t n_contention;

	char **names;            /* private: the op names ops[] point into */
	size_t n_names;
};

/*
 * Measure the n_baseline and n_candidate traces (at least one each), check
 * the same work and attribute the change into *c. Returns 0, or -1 with a
 * message in err naming the trace ("trace 'pipe.db' has ops on 2 devices;
 * choose one with --device N"). Either way, release c with
 * oc_compare_release() afterwards. The paths and o->range must outlive c.
 */
int oc_compare_run(struct oc_compare *c, const struct oc_compare_options *o,
		   const char *const *baseline, size_t n_baseline,
		   const char *const *candidate, size_t n_candidate,
		   char *err, size_t errlen);
void oc_compare_release(struct oc_compare *c);

#endif
