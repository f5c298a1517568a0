/*
 * test-tl-lod.c: the level-of-detail page's summary arithmetic
 * (src/report/tl-lod.c) against brute-force models on integer times.
 *
 *  - tl_cover: where at least one / two of n interval lists cover, against
 *    a count per unit of time [u, u+1), 500 random cases.
 *  - tl_sum_span / tl_sum_finish: time added per bucket (spans inside one
 *    bucket, across many, clipped at both ends), per series and colour,
 *    against a sum per unit of time; the colour and cause chosen per bucket.
 *  - tl_ivals_meet: x ∩ y into a series, against the units both cover.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "report/tl-lod.h"

#define T 240                       /* the models' time line: [0, T) */

static uint64_t rng = 88172645463325252ull;

static int rnd(int n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (int)(rng % (uint64_t)n);
}

/* A random list: disjoint, non-touching intervals in [0, T), in order. */
static void random_list(struct tl_ivals *v, uint8_t *cover)
{
	int t = rnd(10);

	memset(cover, 0, T);
	while (t < T - 2) {
		int len = 1 + rnd(20), end = t + len < T ? t + len : T;
		assert_int_equal(tl_ivals_add(v, t, end), 0);
		memset(cover + t, 1, (size_t)(end - t));
		t = end + 1 + rnd(25);    /* a gap of at least one: never touching */
	}
}

/* The list of maximal runs of units where want(count) holds. */
static int runs(const int *count, int k, int64_t *a, int64_t *b)
{
	int n = 0;

	for (int t = 0; t < T; t++)
		if (count[t] >= k && (t == 0 || count[t - 1] < k))
			a[n] = t;
		else if (count[t] < k && t > 0 && count[t - 1] >= k)
			b[n++] = t;
	if (count[T - 1] >= k)
		b[n++] = T;
	return n;
}

struct lists {
	struct tl_ivals *v;
	size_t *at;
};

static int next_of(void *ctx, size_t i, int64_t *a, int64_t *b)
{
	struct lists *l = ctx;

	if (l->at[i] >= l->v[i].n)
		return 0;
	*a = l->v[i].a[l->at[i]];
	*b = l->v[i].b[l->at[i]++];
	return 1;
}

static void test_cover_matches_model(void **state)
{
	(void)state;
	for (int rep = 0; rep < 500; rep++) {
		size_t n = 1 + (size_t)rnd(6);
		struct tl_ivals v[6], u = { 0 }, o = { 0 };
		size_t at[6] = { 0 };
		struct lists l = { v, at };
		int count[T] = { 0 }, n1, n2;
		uint8_t cover[T];
		int64_t a[T], b[T];

		memset(v, 0, sizeof v);
		for (size_t i = 0; i < n; i++) {
			random_list(&v[i], cover);
			for (int t = 0; t < T; t++)
				count[t] += cover[t];
		}
		assert_int_equal(tl_cover(n, next_of, &l, &u, &o), 0);
		n1 = runs(count, 1, a, b);
		assert_int_equal(u.n, (size_t)n1);
		for (int i = 0; i < n1; i++) {
			assert_int_equal(u.a[i], a[i]);
			assert_int_equal(u.b[i], b[i]);
		}
		n2 = runs(count, 2, a, b);
		assert_int_equal(o.n, (size_t)n2);
		for (int i = 0; i < n2; i++) {
			assert_int_equal(o.a[i], a[i]);
			assert_int_equal(o.b[i], b[i]);
		}
		for (size_t i = 0; i < n; i++)
			tl_ivals_free(&v[i]);
		tl_ivals_free(&u);
		tl_ivals_free(&o);
	}
}

static void test_sum_matches_model(void **state)
{
	(void)state;
	for (int rep = 0; rep < 300; rep++) {
		struct tl_sum s;
		int bw = 1 + rnd(9);      /* 256 buckets (few slices) of bw: t1 - t0 < 256 bw */
		int64_t t0 = 20 + rnd(20), t1 = t0 + (bw - 1) * 256 + rnd(256);
		int64_t per[TL_SUM_COLS][T] = { { 0 } }, colour[TL_N_COLOURS][T] = { { 0 } };

		assert_int_equal(tl_sum_init(&s, (size_t)rnd(8000), t0, t1, 3), 0);
		assert_int_equal(s.nb, 256);
		assert_int_equal(s.bw, bw);
		assert_true((int64_t)s.nb * s.bw > t1 - t0);
		for (int k = 0; k < 60; k++) {
			int a = rnd(T), b = a + rnd(T - a + 1), col = rnd(4);
			int series = col < 3 ? col + 1 : -(rnd(TL_N_COLOURS) + 1);

			tl_sum_span(&s, series, a, b);
			for (int t = a; t < b; t++) {
				if (t < t0 || t >= t0 + (int64_t)s.nb * s.bw)
					continue;
				if (series > 0)
					per[series][t]++;
				else
					colour[-series - 1][t]++;
			}
		}
		tl_sum_finish(&s);
		for (size_t bk = 0; bk < s.nb; bk++) {
			int64_t want[TL_SUM_COLS] = { 0 }, wc[TL_N_COLOURS] = { 0 }, most = 0;
			int64_t best = 0;
			for (int64_t t = t0 + (int64_t)bk * s.bw; t < t0 + (int64_t)(bk + 1) * s.bw && t < T; t++) {
				for (int c = 1; c < 4; c++)
					want[c] += per[c][t];
				for (int c = 0; c < TL_N_COLOURS; c++)
					wc[c] += colour[c][t];
			}
			for (int c = 1; c < 4; c++)
				assert_int_equal(s.col[c][bk], want[c]);
			for (int c = 0; c < TL_N_COLOURS; c++) {
				assert_int_equal(s.by_colour[bk * TL_N_COLOURS + (size_t)c], wc[c]);
				if (wc[c] > most) {
					most = wc[c];
					best = c;
				}
			}
			assert_int_equal(s.col[TL_SUM_COLOUR][bk], best);
		}
		tl_sum_release(&s);
	}
}

static void test_counts_and_causes(void **state)
{
	struct tl_sum s;

	(void)state;
	assert_int_equal(tl_sum_init(&s, 1000, 0, 2559, 4), 0);
	assert_int_equal(s.nb, 256);
	assert_int_equal(s.bw, 10);
	tl_sum_count(&s, -5, 0, -1);          /* before the start: the first bucket */
	tl_sum_count(&s, 3, 1, 2);
	tl_sum_count(&s, 9, 1, 2);
	tl_sum_count(&s, 5, 1, 1);
	tl_sum_count(&s, 15, 1, 3);
	tl_sum_count(&s, 1 << 20, 1, 0);      /* past the end: the last bucket */
	tl_sum_finish(&s);
	assert_int_equal(s.col[TL_SUM_N][0], 4);
	assert_int_equal(s.col[TL_SUM_FLAGGED][0], 3);
	assert_int_equal(s.col[TL_SUM_CAUSE][0], 3);     /* cause 2, twice: index + 1 */
	assert_int_equal(s.col[TL_SUM_CAUSE][1], 4);
	assert_int_equal(s.col[TL_SUM_CAUSE][2], 0);     /* none */
	assert_int_equal(s.col[TL_SUM_N][255], 1);
	assert_int_equal(s.col[TL_SUM_CAUSE][255], 1);
	tl_sum_release(&s);
}

static void test_meet_matches_model(void **state)
{
	(void)state;
	for (int rep = 0; rep < 300; rep++) {
		struct tl_ivals x = { 0 }, y = { 0 };
		uint8_t cx[T], cy[T];
		struct tl_sum s;
		int64_t want = 0, got = 0;

		random_list(&x, cx);
		random_list(&y, cy);
		for (int t = 0; t < T; t++)
			want += cx[t] && cy[t];
		assert_int_equal(tl_sum_init(&s, 0, 0, T - 1, 1), 0);
		tl_ivals_meet(&s, TL_SUM_OVERLAP, &x, &y);
		tl_sum_finish(&s);
		for (size_t b = 0; b < s.nb; b++)
			got += s.col[TL_SUM_OVERLAP][b];
		assert_int_equal(got, want);
		tl_sum_release(&s);
		tl_ivals_free(&x);
		tl_ivals_free(&y);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cover_matches_model),
		cmocka_unit_test(test_sum_matches_model),
		cmocka_unit_test(test_counts_and_causes),
		cmocka_unit_test(test_meet_matches_model),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
