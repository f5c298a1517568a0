/*
 * sweep-witness.c: the interval engine's witnesses (sweep.c builds the
 * arrays they read, sweep-state.h).
 *
 * The other-group op p = [s, e) with the longest intersection with
 * o = [a, b) falls in exactly one of four cases, each a dominance query
 * answered offline with a Fenwick tree of prefix minima:
 *     s <= a, e >= b   length b - a   (p covers o)     best: lowest (s, pos)
 *     s <= a, e <  b   length e - a   (p overlaps a)   best: highest e
 *     s >  a, e <= b   length e - s   (p inside o)     best: longest p
 *     s >  a, e >  b   length b - s   (p overlaps b)   best: lowest s
 * Ties everywhere: earliest start, then lowest position, which is the lowest
 * position alone, as positions are in start order (sw_load checks): so a
 * candidate keeps no start (its own is w->s[pos]), and a tree node is 32
 * bytes (issue 35: 48). To exclude o's own
 * group, each tree node keeps the best candidate AND the best one of a
 * different group; one of the two is always from another group. Four sweeps
 * of O(n log n), one tree alive at a time.
 *
 * They answer where many ops run at once. Where at most ACTIVE_MAX do (the
 * usual trace: a few streams), one sweep in start order over the ops in
 * progress finds every intersecting pair and is cheaper (witnesses_active);
 * both give the same witness, which the model in tests/unit/test-sweep.c
 * checks for each.
 */
#include <stddef.h>
#include <stdlib.h>

#include "sweep-state.h"

/* ---- witness: Fenwick trees of (best, best of another group) --------------- */

struct cand {
	int64_t k1;
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
	struct node acc = { { 0, -1, -1 }, { 0, -1, -1 } };

	for (size_t k = len; k > 0; k -= k & -k) {
		node_add(&acc, &f[k].c1);
		node_add(&acc, &f[k].c2);
	}
	return acc.c1.pos >= 0 && acc.c1.grp != g ? acc.c1 : acc.c2;
}

struct wit {
	int64_t len;
	int32_t pos;
};

static inline void wit_offer(struct wit *w, int64_t len, int32_t pos)
{
	if (len <= 0 || pos < 0)
		return;
	if (w->pos < 0 || len > w->len || (len == w->len && pos < w->pos)) {
		w->len = len;
		w->pos = pos;
	}
}

/* best[0..n) set to none. */
static void wit_clear(struct wit *best, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		best[k].pos = -1;
		best[k].len = 0;
	}
}

/* The witnesses by the four tree sweeps into best[]. 0, or -1 when out of
 * memory. */
static int witnesses_trees(const struct sw *w, struct wit *best)
{
	size_t n = w->n;
	struct node *f = malloc((n + 1) * sizeof *f);
	int64_t *es = malloc((n ? n : 1) * sizeof *es);   /* ends, sorted */
	uint32_t *epos = malloc((n ? n : 1) * sizeof *epos); /* position -> end order */
	uint32_t *rk = malloc((n ? n : 1) * sizeof *rk);     /* per case: a bound's rank */

	if (!f || !es || !epos || !rk) {
		free(f);
		free(es);
		free(epos);
		free(rk);
		return -1;
	}
	wit_clear(best, n);
	for (size_t k = 0; k < n; k++) {
		es[k] = w->e[w->endord[k]];
		epos[w->endord[k]] = (uint32_t)k;
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
					struct cand c = { w->s[p], (int32_t)p, w->grp[p] };

					fen_add(f, n, n - 1 - epos[p], &c);
				} else {
					struct cand c = { -w->e[p], (int32_t)p, w->grp[p] };

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
						wit_offer(&best[q], b - a, c.pos);
				} else {
					c = fen_best(f, L, w->grp[q]);
					if (c.pos >= 0 && -c.k1 > a)
						wit_offer(&best[q], -c.k1 - a, c.pos);
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
				wit_offer(&best[q], -c.k1, c.pos);
		}
		for (size_t p = i; p < j; p++) {
			if (!(w->flag[p] & F_POS))
				continue;
			struct cand c = { -(w->e[p] - w->s[p]), (int32_t)p, w->grp[p] };

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

			if (c.pos >= 0 && w->s[c.pos] < b)
				wit_offer(&best[q], b - w->s[c.pos], c.pos);
		}
		for (size_t k = i; k < j; k++) {
			uint32_t p = w->endord[k];

			if (!(w->flag[p] & F_POS))
				continue;
			struct cand c = { w->s[p], (int32_t)p, w->grp[p] };

			fen_add(f, n, n - 1 - p, &c);          /* reversed: suffix of starts */
		}
		j = i;
	}

	free(f);
	free(es);
	free(epos);
	free(rk);
	return 0;
}

/*
 * The witnesses by one sweep in start order over the ops in progress: each
 * pair that intersects meets once, when the later of the two starts (at
 * equal starts, the higher position), and each offers itself to the other.
 * O(n x ops in progress), no array but best[]. -1 when more than
 * ACTIVE_MAX ops are in progress at once (best[] then partly written: the
 * trees clear it), for the trees, whose cost does not depend on it.
 */
enum { ACTIVE_MAX = 64 };

static int witnesses_active(const struct sw *w, struct wit *best)
{
	uint32_t act[ACTIVE_MAX];
	size_t na = 0;

	wit_clear(best, w->n);
	for (size_t q = 0; q < w->n; q++) {
		if (!(w->flag[q] & F_POS))
			continue;
		int64_t a = w->s[q], b = w->e[q];
		size_t k = 0;

		for (size_t i = 0; i < na; i++) {
			uint32_t p = act[i];
			int64_t ep = w->e[p];

			if (ep <= a)
				continue;       /* ended before q starts: dropped */
			act[k++] = p;
			if (w->grp[p] != w->grp[q]) {
				int64_t len = (ep < b ? ep : b) - a;

				wit_offer(&best[q], len, (int32_t)p);
				wit_offer(&best[p], len, (int32_t)q);
			}
		}
		na = k;
		if (na == ACTIVE_MAX)
			return -1;
		act[na++] = (uint32_t)q;
	}
	return 0;
}

int oc_sweep_witnesses(const struct sw *w, struct oc_op_overlap *res)
{
	size_t n = w->n;
	struct wit *best = malloc((n ? n : 1) * sizeof *best);
	int rc = 0;

	if (!best)
		return -1;
	if (witnesses_active(w, best) < 0)
		rc = witnesses_trees(w, best);
	for (size_t q = 0; rc == 0 && q < n; q++)
		res[q].witness = best[q].pos;
	free(best);
	return rc;
}
