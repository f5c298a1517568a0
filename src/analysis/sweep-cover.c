/*
 * sweep-cover.c: the interval engine's coverage passes (sweep.c builds the
 * arrays they walk, sweep-state.h).
 *
 * One pass per engine class (and one for all ops) walks the elementary
 * segments, keeping the number of running ops of the class, the number of
 * distinct groups among them and the sum of their groups. It records the
 * prefix sum of covered time, cum[j] = |union ∩ [T0, Tj)|, and, for each
 * segment where all running ops belong to ONE group g, that group
 * ("exclusive" segments). For an op [a, b) of group g:
 *     |[a,b) ∩ union of other groups| = |[a,b) ∩ union| - |[a,b) ∩ excl(g)|
 * The first term is cum[rank b] - cum[rank a]; the second comes from g's own
 * list of exclusive segments with prefix sums, walked by a cursor per group
 * (starts arrive in ascending order, and so do ends in end order). Each
 * segment is exclusive to at most one group, so the lists hold at most |T|
 * entries in all. O(n) time and memory per pass.
 *
 * Aggregates (busy time per class, union, histogram, copy/compute share,
 * exposed communication, idle intervals) fall out of the all-ops pass.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "sweep-state.h"

/*
 * One coverage pass over class `cls` (OC_N_ENGINES = all ops). Fills cum,
 * excl and the per-group lists; returns the class's busy time. When agg is
 * set (the all-ops pass), also the histogram, copy/compute and idle data.
 */
static int64_t cover_pass(struct sw *w, int cls, struct oc_sweep *agg, int64_t idle_thr,
			  int *fail)
{
	size_t ps = 0, pe = 0, n = w->n, m = w->m;
	int64_t cnt = 0, sumg = 0, distinct = 0, n_async = 0, n_kern = 0, n_comm = 0;
	size_t cap_idle = 0;

	memset(w->gcnt, 0, (size_t)w->G * sizeof *w->gcnt);
	w->cum[0] = 0;
	for (size_t j = 0; j < m; j++) {
		while (pe < n && w->re[w->endord[pe]] == j) {
			uint32_t p = w->endord[pe++];

			if (!(w->flag[p] & F_POS) || (cls < OC_N_ENGINES && w->eng[p] != cls))
				continue;
			cnt--;
			sumg -= w->grp[p];
			if (--w->gcnt[w->grp[p]] == 0)
				distinct--;
			if (agg) {
				n_async -= (w->flag[p] & F_ASYNC) != 0;
				n_kern -= w->eng[p] == OC_ENGINE_COMPUTE;
				n_comm -= w->eng[p] == OC_ENGINE_COMM;
			}
		}
		while (ps < n && w->rs[ps] == j) {
			uint32_t p = (uint32_t)ps++;

			if (!(w->flag[p] & F_POS) || (cls < OC_N_ENGINES && w->eng[p] != cls))
				continue;
			cnt++;
			sumg += w->grp[p];
			if (w->gcnt[w->grp[p]]++ == 0)
				distinct++;
			if (agg) {
				n_async += (w->flag[p] & F_ASYNC) != 0;
				n_kern += w->eng[p] == OC_ENGINE_COMPUTE;
				n_comm += w->eng[p] == OC_ENGINE_COMM;
			}
		}
		if (j + 1 == m)
			break;
		int64_t len = w->T[j + 1] - w->T[j];

		w->cum[j + 1] = w->cum[j] + (cnt > 0 ? len : 0);
		w->excl[j] = cnt > 0 && distinct == 1 ? (int32_t)(sumg / cnt) : -1;
		if (!agg)
			continue;
		if ((size_t)cnt > agg->max_concurrency) {
			int64_t *h = realloc(agg->concurrency_ns, ((size_t)cnt + 1) * sizeof *h);

			if (!h) {
				*fail = 1;
				return 0;
			}
			for (size_t k = agg->max_concurrency + 1; k <= (size_t)cnt; k++)
				h[k] = 0;
			agg->concurrency_ns = h;
			agg->max_concurrency = (size_t)cnt;
		}
		agg->concurrency_ns[cnt] += len;
		if (n_async > 0) {
			agg->async_copy_ns += len;
			if (n_kern > 0)
				agg->copy_compute_ns += len;
		}
		if (n_comm > 0 && n_kern == 0) {
			agg->comm_exposed_ns += len;
			if (cnt == 1)
				agg->comm_exposed_alone_ns += len;
		}
		if (cnt == 0) {
			/* idle: extend the last interval when contiguous */
			if (agg->n_idle && agg->idle[agg->n_idle - 1].end_ns == w->T[j]) {
				agg->idle[agg->n_idle - 1].end_ns = w->T[j + 1];
				continue;
			}
			/* drop the previous one if it stayed under the threshold */
			if (agg->n_idle && agg->idle[agg->n_idle - 1].end_ns -
					   agg->idle[agg->n_idle - 1].start_ns < idle_thr)
				agg->n_idle--;
			if (agg->n_idle == cap_idle) {
				struct oc_interval *x = oc_grow(agg->idle, &cap_idle, sizeof *x, 64);

				if (!x) {
					*fail = 1;
					return 0;
				}
				agg->idle = x;
			}
			agg->idle[agg->n_idle++] = (struct oc_interval){ w->T[j], w->T[j + 1] };
		}
	}
	if (agg && agg->n_idle && agg->idle[agg->n_idle - 1].end_ns -
				  agg->idle[agg->n_idle - 1].start_ns < idle_thr)
		agg->n_idle--;
	if (m == 0)
		return 0;
	/* per-group lists of exclusive segments (counting sort by group) */
	memset(w->goff, 0, ((size_t)w->G + 1) * sizeof *w->goff);
	for (size_t j = 0; j + 1 < m; j++)
		if (w->excl[j] >= 0)
			w->goff[w->excl[j] + 1]++;
	for (int32_t g = 0; g < w->G; g++)
		w->goff[g + 1] += w->goff[g];
	/* fill using gcnt as cursors */
	for (int32_t g = 0; g < w->G; g++)
		w->gcnt[g] = (int32_t)w->goff[g];
	for (size_t j = 0; j + 1 < m; j++)
		if (w->excl[j] >= 0)
			w->gseg[w->gcnt[w->excl[j]]++] = (uint32_t)j;
	for (int32_t g = 0; g < w->G; g++) {
		int64_t acc = 0;

		for (uint32_t k = w->goff[g]; k < w->goff[g + 1]; k++) {
			uint32_t j = w->gseg[k];

			acc += w->T[j + 1] - w->T[j];
			w->gpre[k] = acc;
		}
	}
	return w->cum[m - 1];
}

/*
 * Exclusive time of group g in segments [0, j), for queries whose j never
 * decreases within a group: cur[g] walks g's list once per sweep.
 */
static inline int64_t excl_before(const struct sw *w, int32_t *cur, int32_t g, uint32_t j)
{
	uint32_t lo = w->goff[g], hi = w->goff[g + 1], k = (uint32_t)cur[g];

	while (k < hi && w->gseg[k] < j)
		k++;
	cur[g] = (int32_t)k;
	return k == lo ? 0 : w->gpre[k - 1];
}

/*
 * Per-op intersection with the class's union in other groups, into the
 * int64 member at byte `offset` of each res[i]: cum and exclusive time at the
 * op's end minus the same at its start. Starts come in position order and
 * ends in endord order, both ascending, so each group's list is walked twice
 * in all.
 */
static void pass_results(struct sw *w, struct oc_op_overlap *res, size_t offset)
{
	int32_t *cur = w->gcnt;
	char *base = (char *)res + offset;
#define OUT(i) (*(int64_t *)(base + (i) * sizeof *res))

	for (int32_t g = 0; g < w->G; g++)
		cur[g] = (int32_t)w->goff[g];
	for (size_t i = 0; i < w->n; i++)
		if (w->flag[i] & F_POS)
			OUT(i) = -(w->cum[w->rs[i]] -
					    excl_before(w, cur, w->grp[i], w->rs[i]));
	for (int32_t g = 0; g < w->G; g++)
		cur[g] = (int32_t)w->goff[g];
	for (size_t k = 0; k < w->n; k++) {
		uint32_t i = w->endord[k];

		if (w->flag[i] & F_POS)
			OUT(i) += w->cum[w->re[i]] -
					   excl_before(w, cur, w->grp[i], w->re[i]);
	}
#undef OUT
}

int oc_sweep_cover(struct sw *w, struct oc_sweep *s, int64_t idle_thr)
{
	size_t n = w->n;
	int failed = 0;

	w->cum = w->times;      /* m <= 2n distinct times: the times' block (sweep.c) */
	w->excl = malloc(w->m * sizeof *w->excl);
	w->goff = malloc(((size_t)w->G + 1) * sizeof *w->goff);
	w->gseg = malloc(w->m * sizeof *w->gseg);
	w->gpre = malloc(w->m * sizeof *w->gpre);
	w->gcnt = malloc(((size_t)w->G ? (size_t)w->G : 1) * sizeof *w->gcnt);
	if (!w->cum || !w->excl || !w->goff || !w->gseg || !w->gpre || !w->gcnt)
		return -1;

	/* one pass per class, then all ops */
	for (int c = 0; c <= OC_N_ENGINES; c++) {
		int any = 0;

		for (size_t i = 0; i < n && !any; i++)
			any = (w->flag[i] & F_POS) && (c == OC_N_ENGINES || w->eng[i] == c);
		if (!any && c < OC_N_ENGINES)
			continue;
		int64_t busy = cover_pass(w, c, c == OC_N_ENGINES ? s : NULL, idle_thr, &failed);

		if (failed)
			return -1;
		if (c < OC_N_ENGINES)
			s->busy_ns[c] = busy;
		else
			s->busy_all_ns = busy;
		if (c == OC_ENGINE_COMPUTE || c == OC_N_ENGINES)
			pass_results(w, s->per_op, c == OC_ENGINE_COMPUTE ?
				     offsetof(struct oc_op_overlap, compute_ns) :
				     offsetof(struct oc_op_overlap, other_ns));
	}
	return 0;
}
