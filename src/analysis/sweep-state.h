/*
 * sweep-state.h: what the interval engine's files share: the event arrays
 * that sweep.c builds from a selection (per position, by end, times ranked),
 * the per-pass arrays of the coverage passes, and the two steps that read
 * them, the coverage passes (sweep-cover.c) and the witnesses
 * (sweep-witness.c). Each step is one call per run, never one per event.
 * Private to src/analysis/.
 */
#ifndef OVERLAPCHECK_ANALYSIS_SWEEP_STATE_H
#define OVERLAPCHECK_ANALYSIS_SWEEP_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "overlapcheck/sweep.h"

struct sw {
	size_t n;
	int64_t *times;         /* one block of 2n: s, then e; while the coverage passes
	                           run, their cum (m <= 2n entries), as T[rs[i]] and
	                           T[re[i]] hold each op's times (sweep.c) */
	int64_t *s, *e;         /* per position, in times; NULL while the passes run */
	int32_t *grp;
	uint8_t *eng;
	uint8_t *flag;          /* bit 0 async copy, bit 1 positive length */
	uint32_t *endord;       /* positions sorted by end */
	int64_t *T;             /* distinct times */
	size_t m;
	uint32_t *rs, *re;      /* rank of start, end in T */
	int32_t G;              /* groups: 0 .. G-1 */

	/* per pass */
	int64_t *cum;           /* m entries: covered time before T[j] */
	int32_t *excl;          /* m entries: exclusive group of segment j, -1 */
	uint32_t *goff;         /* G + 1 offsets into glist */
	uint32_t *gseg;         /* exclusive segments grouped by group, ascending */
	int64_t *gpre;          /* gpre[k]: length of the group's entries up to and
	                           including k */
	int32_t *gcnt;          /* G counters */
};

#define F_ASYNC 1u
#define F_POS   2u

/*
 * The coverage passes, one per engine class with an op of positive length,
 * then one over all ops: busy time per class into s->busy_ns and
 * s->busy_all_ns, each op's overlap into s->per_op, and the all-ops pass's
 * aggregates (histogram, copy/compute, exposed communication, idle intervals
 * of at least idle_thr). Needs w's event arrays; allocates the per-pass
 * ones into w (sweep.c frees them). 0, or -1 when out of memory.
 */
int oc_sweep_cover(struct sw *w, struct oc_sweep *s, int64_t idle_thr);

/*
 * Each op's witness: the op of another group with the longest intersection
 * (ties: earliest start, then lowest position) into res[].witness. Reads
 * w's per-position arrays and endord only. 0, or -1 when out of memory.
 */
int oc_sweep_witnesses(const struct sw *w, struct oc_op_overlap *res);

#endif
