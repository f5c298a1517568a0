/*
 * sweep.c: the interval engine (see sweep.h for the contract).
 *
 * Design. All op endpoints are ranked into one sorted array of distinct
 * times T; consecutive times bound elementary segments on which nothing
 * starts or ends. Starts are already sorted (the selection follows
 * trace->ops), ends are radix-sorted once. Everything else is linear passes
 * over those arrays and Fenwick-tree queries:
 *
 *   Coverage. One pass per engine class (and one for all ops) walks the
 *   segments, keeping the number of running ops of the class, the number of
 *   distinct groups among them and the sum of their groups. It records the
 *   prefix sum of covered time, cum[j] = |union ∩ [T0, Tj)|, and, for each
 *   segment where all running ops belong to ONE group g, that group
 *   ("exclusive" segments). For an op [a, b) of group g:
 *       |[a,b) ∩ union of other groups| = |[a,b) ∩ union| - |[a,b) ∩ excl(g)|
 *   The first term is cum[rank b] - cum[rank a]; the second comes from
 *   g's own list of exclusive segments with prefix sums, walked by a cursor
 *   per group (starts arrive in ascending order, and so do ends in end
 *   order). Each segment is exclusive to at most one group, so the lists
 *   hold at most |T| entries in all. O(n) time and memory per pass.
 *
 *   Witness. The other-group op p = [s, e) with the longest intersection
 *   with o = [a, b) falls in exactly one of four cases, each a dominance
 *   query answered offline with a Fenwick tree of prefix minima:
 *       s <= a, e >= b   length b - a   (p covers o)     best: lowest (s, pos)
 *       s <= a, e <  b   length e - a   (p overlaps a)   best: highest e
 *       s >  a, e <= b   length e - s   (p inside o)     best: longest p
 *       s >  a, e >  b   length b - s   (p overlaps b)   best: lowest s
 *   Ties everywhere: earliest start, then lowest position. To exclude o's
 *   own group, each tree node keeps the best candidate AND the best one
 *   of a different group; one of the two is always from another group.
 *   Four sweeps of O(n log n), one tree alive at a time.
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
		n += t->ops[i].device_id == (uint32_t)device_id;
	sel->idx = malloc((n ? n : 1) * sizeof *sel->idx);
	if (!sel->idx)
		return -1;
	for (size_t i = 0; i < t->n_ops; i++)
		if (t->ops[i].device_id == (uint32_t)device_id)
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
		int d = (int)t->ops[i].device_id;
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

/* ---- sorting ends ---------------------------------------------------------- */

/*
 * Stable LSD radix sort of vals[] by keys[] (both permuted), 16-bit digits,
 * only as many passes as the largest key needs. 0 or -1.
 */
static int radix_sort(uint64_t *keys, uint32_t *vals, size_t n)
{
	uint64_t max = 0, *k2;
	uint32_t *v2;
	size_t *cnt;
	int passes = 0;

	for (size_t i = 0; i < n; i++)
		if (keys[i] > max)
			max = keys[i];
	while (max) {
		passes++;
		max >>= 16;
	}
	if (!passes || n < 2)
		return 0;
	k2 = malloc(n * sizeof *k2);
	v2 = malloc(n * sizeof *v2);
	cnt = malloc(65536 * sizeof *cnt);
	if (!k2 || !v2 || !cnt) {
		free(k2);
		free(v2);
		free(cnt);
		return -1;
	}
	for (int p = 0; p < passes; p++) {
		int sh = 16 * p;
		size_t sum = 0;

		memset(cnt, 0, 65536 * sizeof *cnt);
		for (size_t i = 0; i < n; i++)
			cnt[(keys[i] >> sh) & 0xffff]++;
		for (size_t d = 0; d < 65536; d++) {
			size_t c = cnt[d];

			cnt[d] = sum;
			sum += c;
		}
		for (size_t i = 0; i < n; i++) {
			size_t o = cnt[(keys[i] >> sh) & 0xffff]++;

			k2[o] = keys[i];
			v2[o] = vals[i];
		}
		memcpy(keys, k2, n * sizeof *keys);
		memcpy(vals, v2, n * sizeof *vals);
	}
	free(k2);
	free(v2);
	free(cnt);
	return 0;
}

/* ---- state ------------------------------------------------------------------ */

struct sw {
	size_t n;
	int64_t *s, *e;         /* per position */
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
				size_t nc = cap_idle ? 2 * cap_idle : 64;
				struct oc_interval *x = realloc(agg->idle, nc * sizeof *x);

				if (!x) {
					*fail = 1;
					return 0;
				}
				agg->idle = x;
				cap_idle = nc;
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

/* ---- witness: Fenwick trees of (best, best of another group) --------------- */

struct cand {
	int64_t k1, s;
	int32_t pos, grp;       /* pos -1: none */
};

struct node {
	struct cand c1, c2;     /* c2: the best whose group differs from c1's */
};

static inline int better(const struct cand *a, const struct cand *b)
{
	if (a->pos < 0)
		return 0;
	if (b->pos < 0)
		return 1;
	if (a->k1 != b->k1)
		return a->k1 < b->k1;
	if (a->s != b->s)
		return a->s < b->s;
	return a->pos < b->pos;
}

static inline void node_add(struct node *nd, const struct cand *x)
{
	if (x->pos < 0)
		return;
	if (better(x, &nd->c1)) {
		if (x->grp != nd->c1.grp)
			nd->c2 = nd->c1;
		nd->c1 = *x;
	} else if (x->grp != nd->c1.grp && better(x, &nd->c2)) {
		nd->c2 = *x;
	}
}

static void fen_reset(struct node *f, size_t n)
{
	for (size_t i = 0; i <= n; i++) {
		f[i].c1.pos = f[i].c2.pos = -1;
		f[i].c1.grp = f[i].c2.grp = -1;
	}
}

/* insert at 0-based index i of an n-slot tree */
static inline void fen_add(struct node *f, size_t n, size_t i, const struct cand *x)
{
	for (size_t k = i + 1; k <= n; k += k & -k)
		node_add(&f[k], x);
}

/* best of another group than g among indices [0, len) */
static inline struct cand fen_best(const struct node *f, size_t len, int32_t g)
{
	struct node acc = { { 0, 0, -1, -1 }, { 0, 0, -1, -1 } };

	for (size_t k = len; k > 0; k -= k & -k) {
		node_add(&acc, &f[k].c1);
		node_add(&acc, &f[k].c2);
	}
	return acc.c1.pos >= 0 && acc.c1.grp != g ? acc.c1 : acc.c2;
}

struct wit {
	int64_t len, s;
	int32_t pos;
	int64_t ws, we;
};

static inline void wit_offer(struct wit *w, int64_t len, int64_t s, int32_t pos,
			     int64_t ws, int64_t we)
{
	if (len <= 0 || pos < 0)
		return;
	if (w->pos < 0 || len > w->len || (len == w->len && (s < w->s ||
	    (s == w->s && pos < w->pos)))) {
		w->len = len;
		w->s = s;
		w->pos = pos;
		w->ws = ws;
		w->we = we;
	}
}

static int witnesses(struct sw *w, struct oc_op_overlap *res)
{
	size_t n = w->n;
	struct node *f = malloc((n + 1) * sizeof *f);
	struct wit *best = malloc((n ? n : 1) * sizeof *best);
	int64_t *es = malloc((n ? n : 1) * sizeof *es);   /* ends, sorted */
	uint32_t *epos = malloc((n ? n : 1) * sizeof *epos); /* position -> end order */
	uint32_t *rk = malloc((n ? n : 1) * sizeof *rk);     /* per case: a bound's rank */

	if (!f || !best || !es || !epos || !rk) {
		free(f);
		free(best);
		free(es);
		free(epos);
		free(rk);
		return -1;
	}
	for (size_t k = 0; k < n; k++) {
		es[k] = w->e[w->endord[k]];
		epos[w->endord[k]] = (uint32_t)k;
		best[k].pos = -1;
		best[k].len = 0;
	}

	/* rk[q]: number of ends < e_q (the first end-order index of its value) */
	for (size_t k = 0; k < n; k++)
		rk[w->endord[k]] = k && es[k] == es[k - 1] ? rk[w->endord[k - 1]] : (uint32_t)k;

	/* Cases 1 and 3: candidates with s <= a, queries in start order; one
	 * sweep per case, so only one tree is alive at a time. */
	for (int cs = 1; cs <= 3; cs += 2) {
		fen_reset(f, n);
		for (size_t i = 0; i < n;) {
			size_t j = i;

			while (j < n && w->s[j] == w->s[i])
				j++;
			for (size_t p = i; p < j; p++) {
				if (!(w->flag[p] & F_POS))
					continue;
				if (cs == 1) {  /* reversed: a prefix is a suffix of ends */
					struct cand c = { w->s[p], w->s[p], (int32_t)p, w->grp[p] };

					fen_add(f, n, n - 1 - epos[p], &c);
				} else {
					struct cand c = { -w->e[p], w->s[p], (int32_t)p, w->grp[p] };

					fen_add(f, n, epos[p], &c);
				}
			}
			for (size_t q = i; q < j; q++) {
				if (!(w->flag[q] & F_POS))
					continue;
				int64_t a = w->s[q], b = w->e[q];
				size_t L = rk[q];                      /* ends < b */
				struct cand c;

				if (cs == 1) {
					c = fen_best(f, n - L, w->grp[q]);
					if (c.pos >= 0)
						wit_offer(&best[q], b - a, c.s, c.pos, a, b);
				} else {
					c = fen_best(f, L, w->grp[q]);
					if (c.pos >= 0 && -c.k1 > a)
						wit_offer(&best[q], -c.k1 - a, c.s, c.pos, a, -c.k1);
				}
			}
			i = j;
		}
	}

	/* rk[q]: number of ends <= e_q */
	for (size_t k = n; k-- > 0;)
		rk[w->endord[k]] = k + 1 < n && es[k] == es[k + 1] ? rk[w->endord[k + 1]]
								    : (uint32_t)(k + 1);

	/* Case 2: candidates with s > a (queries by descending start), e <= b. */
	fen_reset(f, n);
	for (size_t j = n; j > 0;) {
		size_t i = j;

		while (i > 0 && w->s[i - 1] == w->s[j - 1])
			i--;
		for (size_t q = i; q < j; q++) {
			if (!(w->flag[q] & F_POS))
				continue;
			struct cand c = fen_best(f, rk[q], w->grp[q]);  /* ends <= b */

			if (c.pos >= 0)
				wit_offer(&best[q], -c.k1, c.s, c.pos, c.s, c.s - c.k1);
		}
		for (size_t p = i; p < j; p++) {
			if (!(w->flag[p] & F_POS))
				continue;
			struct cand c = { -(w->e[p] - w->s[p]), w->s[p], (int32_t)p, w->grp[p] };

			fen_add(f, n, epos[p], &c);
		}
		j = i;
	}

	/* rk[q]: number of starts <= s_q */
	for (size_t p = n; p-- > 0;)
		rk[p] = p + 1 < n && w->s[p] == w->s[p + 1] ? rk[p + 1] : (uint32_t)(p + 1);

	/* Case 4: candidates with e > b (queries by descending end), s in (a, b). */
	fen_reset(f, n);
	for (size_t j = n; j > 0;) {
		size_t i = j;

		while (i > 0 && es[i - 1] == es[j - 1])
			i--;
		for (size_t k = i; k < j; k++) {
			uint32_t q = w->endord[k];

			if (!(w->flag[q] & F_POS))
				continue;
			int64_t b = w->e[q];
			size_t U = rk[q];                      /* starts <= a */
			struct cand c = fen_best(f, n - U, w->grp[q]);

			if (c.pos >= 0 && c.s < b)
				wit_offer(&best[q], b - c.s, c.s, c.pos, c.s, b);
		}
		for (size_t k = i; k < j; k++) {
			uint32_t p = w->endord[k];

			if (!(w->flag[p] & F_POS))
				continue;
			struct cand c = { w->s[p], w->s[p], (int32_t)p, w->grp[p] };

			fen_add(f, n, n - 1 - p, &c);          /* reversed: suffix of starts */
		}
		j = i;
	}

	for (size_t q = 0; q < n; q++) {
		res[q].witness = best[q].pos;
		if (best[q].pos >= 0)
			res[q].witness_span = (struct oc_interval){ best[q].ws, best[q].we };
	}
	free(f);
	free(best);
	free(es);
	free(epos);
	free(rk);
	return 0;
}

/* ---- driver ----------------------------------------------------------------- */

static void sw_free(struct sw *w)
{
	free(w->s);
	free(w->e);
	free(w->grp);
	free(w->eng);
	free(w->flag);
	free(w->endord);
	free(w->T);
	free(w->rs);
	free(w->re);
	free(w->cum);
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

int oc_sweep_run(struct oc_sweep *s, const struct oc_trace *t, const struct oc_selection *sel,
		 const struct oc_sweep_opts *opts, char *err, size_t errlen)
{
	struct sw w = { 0 };
	size_t n = sel->n;
	int64_t thr = opts ? opts->idle_threshold_ns : 0;
	const int32_t *group = opts ? opts->group : NULL;
	uint64_t *keys = NULL;
	int failed = 0;

	memset(s, 0, sizeof *s);
	s->busiest = -1;
	s->copy_compute_share = -1;
	s->n = n;
	s->per_op = calloc(n ? n : 1, sizeof *s->per_op);
	s->concurrency_ns = calloc(1, sizeof *s->concurrency_ns);
	w.n = n;
	w.s = malloc((n ? n : 1) * sizeof *w.s);
	w.e = malloc((n ? n : 1) * sizeof *w.e);
	w.grp = malloc((n ? n : 1) * sizeof *w.grp);
	w.eng = malloc(n ? n : 1);
	w.flag = malloc(n ? n : 1);
	w.endord = malloc((n ? n : 1) * sizeof *w.endord);
	keys = malloc((n ? n : 1) * sizeof *keys);
	if (!s->per_op || !s->concurrency_ns || !w.s || !w.e || !w.grp || !w.eng || !w.flag ||
	    !w.endord || !keys)
		goto nomem;
	for (size_t i = 0; i < n; i++) {
		s->per_op[i].witness = -1;
		if (sel->idx[i] >= t->n_ops || (i && sel->idx[i] <= sel->idx[i - 1])) {
			fail(err, errlen, "selection is not strictly ascending op indices");
			goto err;
		}
		const struct oc_op *o = &t->ops[sel->idx[i]];

		w.s[i] = o->start_ns;
		w.e[i] = o->end_ns;
		if (i && w.s[i] < w.s[i - 1]) {
			fail(err, errlen, "ops are not sorted by start");
			goto err;
		}
		if (w.e[i] < w.s[i]) {
			fail(err, errlen, "an op ends before it starts");
			goto err;
		}
		w.grp[i] = group ? group[i] : o->stream;
		if (w.grp[i] < 0 || w.grp[i] >= INT32_MAX - 1) {
			fail(err, errlen, "an op has no group (stream index < 0)");
			goto err;
		}
		if (w.grp[i] + 1 > w.G)
			w.G = w.grp[i] + 1;
		w.eng[i] = (uint8_t)oc_engine_of(o);
		w.flag[i] = (oc_op_is_async_copy(o) ? F_ASYNC : 0) | (w.e[i] > w.s[i] ? F_POS : 0);
	}
	if (n == 0) {
		free(keys);
		sw_free(&w);
		return 0;
	}
	if ((uint64_t)w.G > 4 * (uint64_t)n + 1024) {
		/* sparse caller groups: compress them to 0..G-1 */
		uint64_t *gk = malloc(n * sizeof *gk);
		uint32_t *gv = malloc(n * sizeof *gv);

		if (!gk || !gv) {
			free(gk);
			free(gv);
			goto nomem;
		}
		for (size_t i = 0; i < n; i++) {
			gk[i] = (uint64_t)w.grp[i];
			gv[i] = (uint32_t)i;
		}
		if (radix_sort(gk, gv, n)) {
			free(gk);
			free(gv);
			goto nomem;
		}
		int32_t g = -1;

		for (size_t i = 0; i < n; i++) {
			if (i == 0 || gk[i] != gk[i - 1])
				g++;
			w.grp[gv[i]] = g;
		}
		w.G = g + 1;
		free(gk);
		free(gv);
	}

	/* ends sorted; times ranked */
	s->first_ns = w.s[0];
	for (size_t i = 0; i < n; i++) {
		keys[i] = (uint64_t)(w.e[i] - w.s[0]);
		w.endord[i] = (uint32_t)i;
	}
	if (radix_sort(keys, w.endord, n))
		goto nomem;
	free(keys);
	keys = NULL;
	s->last_ns = w.e[w.endord[n - 1]];
	s->makespan_ns = s->last_ns - s->first_ns;
	w.T = malloc(2 * n * sizeof *w.T);
	w.rs = malloc(n * sizeof *w.rs);
	w.re = malloc(n * sizeof *w.re);
	if (!w.T || !w.rs || !w.re)
		goto nomem;
	{
		size_t i = 0, k = 0, m = 0;

		while (i < n || k < n) {
			int64_t x;

			if (k >= n || (i < n && w.s[i] <= w.e[w.endord[k]]))
				x = w.s[i];
			else
				x = w.e[w.endord[k]];
			if (!m || w.T[m - 1] != x)
				w.T[m++] = x;
			while (i < n && w.s[i] == x)
				w.rs[i++] = (uint32_t)(m - 1);
			while (k < n && w.e[w.endord[k]] == x)
				w.re[w.endord[k++]] = (uint32_t)(m - 1);
		}
		w.m = m;
	}
	w.cum = malloc(w.m * sizeof *w.cum);
	w.excl = malloc(w.m * sizeof *w.excl);
	w.goff = malloc(((size_t)w.G + 1) * sizeof *w.goff);
	w.gseg = malloc(w.m * sizeof *w.gseg);
	w.gpre = malloc(w.m * sizeof *w.gpre);
	w.gcnt = malloc(((size_t)w.G ? (size_t)w.G : 1) * sizeof *w.gcnt);
	if (!w.cum || !w.excl || !w.goff || !w.gseg || !w.gpre || !w.gcnt)
		goto nomem;

	/* one pass per class, then all ops */
	for (int c = 0; c <= OC_N_ENGINES; c++) {
		int any = 0;

		for (size_t i = 0; i < n && !any; i++)
			any = (w.flag[i] & F_POS) && (c == OC_N_ENGINES || w.eng[i] == c);
		if (!any && c < OC_N_ENGINES)
			continue;
		int64_t busy = cover_pass(&w, c, c == OC_N_ENGINES ? s : NULL, thr, &failed);

		if (failed)
			goto nomem;
		if (c < OC_N_ENGINES)
			s->busy_ns[c] = busy;
		else
			s->busy_all_ns = busy;
		pass_results(&w, s->per_op, c < OC_N_ENGINES
			     ? offsetof(struct oc_op_overlap, engine_ns) + (size_t)c * sizeof(int64_t)
			     : offsetof(struct oc_op_overlap, other_ns));
	}
	/* the coverage arrays are done: free them before the witness trees */
	free(w.cum);
	free(w.excl);
	free(w.gseg);
	free(w.gpre);
	free(w.T);
	free(w.rs);
	free(w.re);
	w.cum = w.gpre = w.T = NULL;
	w.excl = NULL;
	w.gseg = w.rs = w.re = NULL;
	if (witnesses(&w, s->per_op))
		goto nomem;

	for (int c = 0; c < OC_N_ENGINES; c++)
		if (s->busy_ns[c] > 0 && (s->busiest < 0 || s->busy_ns[c] > s->busy_ns[s->busiest]))
			s->busiest = c;
	if (s->async_copy_ns > 0)
		s->copy_compute_share = (double)s->copy_compute_ns / (double)s->async_copy_ns;
	if (s->makespan_ns > 0 && s->busiest >= 0)
		s->pipeline_bound = (double)s->busy_ns[s->busiest] / (double)s->makespan_ns;
	for (size_t k = 0; k < s->n_idle; k++)
		s->idle_ns += s->idle[k].end_ns - s->idle[k].start_ns;
	sw_free(&w);
	return 0;
nomem:
	fail(err, errlen, "out of memory");
err:
	free(keys);
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
