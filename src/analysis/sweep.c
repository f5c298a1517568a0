/*
 * sweep.c: the interval engine (see sweep.h for the contract): the engine
 * classes and selections, and the driver, which builds the event arrays
 * that the engine's two steps walk (sweep-state.h).
 *
 * Design. All op endpoints are ranked into one sorted array of distinct
 * times T; consecutive times bound elementary segments on which nothing
 * starts or ends. Starts are already sorted (the selection follows
 * trace->ops), ends are radix-sorted once (radix.c). Everything else is
 * linear passes over those arrays and Fenwick-tree queries:
 *
 *   Coverage (sweep-cover.c). One pass per engine class (and one for all
 *   ops) walks the segments; each op's intersection with the class's union
 *   in other groups is the union's covered time over the op minus its own
 *   group's exclusive time there. O(n) time and memory per pass.
 *
 *   Witness (sweep-witness.c). The other-group op with the longest
 *   intersection falls in one of four cases, each a dominance query answered
 *   offline with a Fenwick tree. Four sweeps of O(n log n), one tree alive
 *   at a time.
 *
 * Aggregates (busy time per class, union, histogram, copy/compute share,
 * exposed communication, idle intervals) fall out of the all-ops pass.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "overlapcheck/sweep.h"
#include "radix.h"
#include "heap.h"
#include "sweep-state.h"

enum oc_engine oc_engine_of(const struct oc_op *op)
{
	switch (op->kind) {
	case OC_OP_KERNEL:
		return op->comm ? OC_ENGINE_COMM : OC_ENGINE_COMPUTE;
	case OC_OP_MEMSET:
		return OC_ENGINE_MEMSET;
	case OC_OP_MEMCPY_PEER:
		return OC_ENGINE_PEER;
	default:
		break;
	}
	switch (op->copy_kind) {
	case OC_COPY_HTOD:
	case OC_COPY_HTOA:
		return OC_ENGINE_H2D;
	case OC_COPY_DTOH:
	case OC_COPY_ATOH:
		return OC_ENGINE_D2H;
	case OC_COPY_DTOD:
	case OC_COPY_DTOA:
	case OC_COPY_ATOD:
	case OC_COPY_ATOA:
		return OC_ENGINE_D2D;
	case OC_COPY_PTOP:
		return OC_ENGINE_PEER;
	default:
		return OC_ENGINE_OTHER;
	}
}

const char *oc_engine_name(enum oc_engine e)
{
	static const char *const names[OC_N_ENGINES] = {
		"compute", "comm", "H2D", "D2H", "D2D", "peer", "memset", "other",
	};

	return (unsigned)e < OC_N_ENGINES ? names[e] : "unknown";
}

int oc_op_is_async_copy(const struct oc_op *op)
{
	return (op->kind == OC_OP_MEMCPY || op->kind == OC_OP_MEMCPY_PEER) &&
	       (op->flags & OC_ASYNC_FLAG);
}

/* ---- selections ------------------------------------------------------------ */

int oc_select_device(const struct oc_trace *t, int device_id, struct oc_selection *sel)
{
	size_t n = 0;

	sel->idx = NULL;
	sel->n = 0;
	/* as oc_trace_op_devices() names them: a device id past INT_MAX is negative there */
	for (size_t i = 0; i < t->n_ops; i++)
		n += oc_op_device_id(t, &t->ops[i]) == (uint32_t)device_id;
	sel->idx = malloc((n ? n : 1) * sizeof *sel->idx);
	if (!sel->idx)
		return -1;
	for (size_t i = 0; i < t->n_ops; i++)
		if (oc_op_device_id(t, &t->ops[i]) == (uint32_t)device_id)
			sel->idx[sel->n++] = (uint32_t)i;
	return 0;
}

int oc_select_all(const struct oc_trace *t, struct oc_selection *sel)
{
	sel->n = 0;
	sel->idx = malloc((t->n_ops ? t->n_ops : 1) * sizeof *sel->idx);
	if (!sel->idx)
		return -1;
	for (size_t i = 0; i < t->n_ops; i++)
		sel->idx[i] = (uint32_t)i;
	sel->n = t->n_ops;
	return 0;
}

static int int_cmp(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;

	return (a > b) - (a < b);
}

long oc_trace_op_devices(const struct oc_trace *t, int **ids)
{
	size_t n = 0, cap = 8;
	int *v = malloc(cap * sizeof *v);

	*ids = NULL;
	if (!v)
		return -1;
	for (size_t i = 0; i < t->n_ops; i++) {
		int d = (int)oc_op_device_id(t, &t->ops[i]);
		size_t j;

		if (n && v[n - 1] == d)
			continue;
		for (j = 0; j < n && v[j] != d; j++)
			;
		if (j < n)
			continue;
		if (n == cap) {
			int *x = realloc(v, 2 * cap * sizeof *v);

			if (!x) {
				free(v);
				return -1;
			}
			v = x;
			cap *= 2;
		}
		v[n++] = d;
	}
	oc_sort(v, n, sizeof *v, int_cmp);
	*ids = v;
	return (long)n;
}

void oc_selection_release(struct oc_selection *sel)
{
	free(sel->idx);
	sel->idx = NULL;
	sel->n = 0;
}

/* ---- the event arrays ------------------------------------------------------- */

static void sw_free(struct sw *w)
{
	free(w->times);         /* and cum, which lives in it */
	free(w->grp);
	free(w->eng);
	free(w->flag);
	free(w->endord);
	free(w->T);
	free(w->rs);
	free(w->re);
	free(w->excl);
	free(w->goff);
	free(w->gseg);
	free(w->gpre);
	free(w->gcnt);
}

static int fail(char *err, size_t errlen, const char *msg)
{
	if (err && errlen)
		snprintf(err, errlen, "interval engine: %s", msg);
	return -1;
}

/*
 * The per-position arrays from the selection, each op checked: start, end,
 * group (opts' or the stream), engine class and flags; s->per_op with no
 * witness yet. 0, or -1 with err written.
 */
static int sw_load(struct sw *w, struct oc_sweep *s, const struct oc_trace *t,
		   const struct oc_selection *sel, const int32_t *group, char *err, size_t errlen)
{
	size_t n = sel->n;

	s->per_op = calloc(n ? n : 1, sizeof *s->per_op);
	s->concurrency_ns = calloc(1, sizeof *s->concurrency_ns);
	w->n = n;
	w->times = malloc(2 * (n ? n : 1) * sizeof *w->times);
	w->s = w->times;
	w->e = w->times ? w->times + n : NULL;
	w->grp = malloc((n ? n : 1) * sizeof *w->grp);
	w->eng = malloc(n ? n : 1);
	w->flag = malloc(n ? n : 1);
	w->endord = malloc((n ? n : 1) * sizeof *w->endord);
	if (!s->per_op || !s->concurrency_ns || !w->s || !w->e || !w->grp || !w->eng || !w->flag ||
	    !w->endord)
		return fail(err, errlen, "out of memory");
	for (size_t i = 0; i < n; i++) {
		s->per_op[i].witness = -1;
		if (sel->idx[i] >= t->n_ops || (i && sel->idx[i] <= sel->idx[i - 1]))
			return fail(err, errlen, "selection is not strictly ascending op indices");
		const struct oc_op *o = &t->ops[sel->idx[i]];

		w->s[i] = o->start_ns;
		w->e[i] = o->end_ns;
		if (i && w->s[i] < w->s[i - 1])
			return fail(err, errlen, "ops are not sorted by start");
		if (w->e[i] < w->s[i])
			return fail(err, errlen, "an op ends before it starts");
		w->grp[i] = group ? group[i] : o->stream;
		if (w->grp[i] < 0 || w->grp[i] >= INT32_MAX - 1)
			return fail(err, errlen, "an op has no group (stream index < 0)");
		if (w->grp[i] + 1 > w->G)
			w->G = w->grp[i] + 1;
		w->eng[i] = (uint8_t)oc_engine_of(o);
		w->flag[i] = (oc_op_is_async_copy(o) ? F_ASYNC : 0) | (w->e[i] > w->s[i] ? F_POS : 0);
	}
	return 0;
}

/* Sparse caller groups (G far above n): compress them to 0..G-1. 0 or -1. */
static int sw_compress_groups(struct sw *w)
{
	size_t n = w->n;

	if ((uint64_t)w->G <= 4 * (uint64_t)n + 1024)
		return 0;
	uint64_t *gk = malloc(n * sizeof *gk);
	uint32_t *gv = malloc(n * sizeof *gv);

	if (!gk || !gv) {
		free(gk);
		free(gv);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		gk[i] = (uint64_t)w->grp[i];
		gv[i] = (uint32_t)i;
	}
	if (oc_radix_sort(gk, gv, n)) {
		free(gk);
		free(gv);
		return -1;
	}
	int32_t g = -1;

	for (size_t i = 0; i < n; i++) {
		if (i == 0 || gk[i] != gk[i - 1])
			g++;
		w->grp[gv[i]] = g;
	}
	w->G = g + 1;
	free(gk);
	free(gv);
	return 0;
}

/*
 * Ends sorted (endord), times ranked (T, m, rs, re), and the selection's
 * first and last times into s. n > 0. 0 or -1.
 */
static int sw_rank(struct sw *w, struct oc_sweep *s)
{
	size_t n = w->n;
	uint64_t *keys = malloc(n * sizeof *keys);

	if (!keys)
		return -1;
	s->first_ns = w->s[0];
	for (size_t i = 0; i < n; i++) {
		keys[i] = (uint64_t)(w->e[i] - w->s[0]);
		w->endord[i] = (uint32_t)i;
	}
	if (oc_radix_sort(keys, w->endord, n)) {
		free(keys);
		return -1;
	}
	free(keys);
	s->last_ns = w->e[w->endord[n - 1]];
	s->makespan_ns = s->last_ns - s->first_ns;
	w->T = malloc(2 * n * sizeof *w->T);
	w->rs = malloc(n * sizeof *w->rs);
	w->re = malloc(n * sizeof *w->re);
	if (!w->T || !w->rs || !w->re)
		return -1;

	size_t i = 0, k = 0, m = 0;

	while (i < n || k < n) {
		int64_t x;

		if (k >= n || (i < n && w->s[i] <= w->e[w->endord[k]]))
			x = w->s[i];
		else
			x = w->e[w->endord[k]];
		if (!m || w->T[m - 1] != x)
			w->T[m++] = x;
		while (i < n && w->s[i] == x)
			w->rs[i++] = (uint32_t)(m - 1);
		while (k < n && w->e[w->endord[k]] == x)
			w->re[w->endord[k++]] = (uint32_t)(m - 1);
	}
	w->m = m;
	return 0;
}

/*
 * The times are ranked: the coverage passes read the ranks (rs, re, T), the
 * witnesses the times. Each op's start and end wait in T meanwhile
 * (T[rs[i]], T[re[i]]), and their block holds the passes' prefix sums
 * (cum), which would sit beside it at the sweep's peak (issue 35: 16 bytes
 * an op). One block, written over, not freed and allocated again: the
 * heap's layout at 1M ops kept 25 MB more when it was.
 */
static void sw_drop_times(struct sw *w)
{
	w->s = w->e = NULL;
}

/* The coverage arrays are done: free them, the times back from their ranks
 * into their block (over cum), then the ranks. */
static void sw_drop_coverage(struct sw *w)
{
	size_t n = w->n;

	free(w->excl);
	free(w->gseg);
	free(w->gpre);
	w->cum = w->gpre = NULL;
	w->excl = NULL;
	w->gseg = NULL;
	w->s = w->times;
	w->e = w->times + n;
	for (size_t i = 0; i < n; i++) {
		w->s[i] = w->T[w->rs[i]];
		w->e[i] = w->T[w->re[i]];
	}
	free(w->T);
	free(w->rs);
	free(w->re);
	w->T = NULL;
	w->rs = w->re = NULL;
}

/* ---- driver ----------------------------------------------------------------- */

/* A selection whose freed arrays are worth trimming the heap for (about 16
 * MB each): smaller ones leave holes the next arrays fit in. */
#define TRIM_OPS ((size_t)1 << 21)

/* What the passes' results give: busiest class, shares, idle time. */
static void sw_summary(struct oc_sweep *s)
{
	for (int c = 0; c < OC_N_ENGINES; c++)
		if (s->busy_ns[c] > 0 && (s->busiest < 0 || s->busy_ns[c] > s->busy_ns[s->busiest]))
			s->busiest = c;
	if (s->async_copy_ns > 0)
		s->copy_compute_share = (double)s->copy_compute_ns / (double)s->async_copy_ns;
	if (s->makespan_ns > 0 && s->busiest >= 0)
		s->pipeline_bound = (double)s->busy_ns[s->busiest] / (double)s->makespan_ns;
	for (size_t k = 0; k < s->n_idle; k++)
		s->idle_ns += s->idle[k].end_ns - s->idle[k].start_ns;
}

int oc_sweep_run(struct oc_sweep *s, const struct oc_trace *t, const struct oc_selection *sel,
		 const struct oc_sweep_opts *opts, char *err, size_t errlen)
{
	struct sw w = { 0 };

	memset(s, 0, sizeof *s);
	s->busiest = -1;
	s->copy_compute_share = -1;
	s->n = sel->n;
	if (sw_load(&w, s, t, sel, opts ? opts->group : NULL, err, errlen))
		goto err;
	if (sel->n == 0) {
		sw_free(&w);
		return 0;
	}
	if (sw_compress_groups(&w) || sw_rank(&w, s))
		goto nomem;
	sw_drop_times(&w);
	if (sel->n >= TRIM_OPS)
		oc_heap_trim();             /* the sort's keys and buffers, under the passes */
	if (oc_sweep_cover(&w, s, opts ? opts->idle_threshold_ns : 0))
		goto nomem;
	sw_drop_coverage(&w);
	if (sel->n >= TRIM_OPS)
		oc_heap_trim();             /* the passes' arrays, under the witnesses' */
	if (oc_sweep_witnesses(&w, s->per_op))
		goto nomem;
	sw_summary(s);
	sw_free(&w);
	return 0;
nomem:
	fail(err, errlen, "out of memory");
err:
	sw_free(&w);
	oc_sweep_release(s);
	return -1;
}

void oc_sweep_release(struct oc_sweep *s)
{
	free(s->per_op);
	free(s->concurrency_ns);
	free(s->idle);
	memset(s, 0, sizeof *s);
	s->busiest = -1;
}
