/*
 * test-sweep.c: the interval engine against a reference model.
 *
 * The model is deliberately naive: per-op quantities by brute force over all
 * pairs (clip, sort, merge), aggregates on a unit time grid. Thousands of
 * random sets with fixed seeds mix touching, nested, zero-length and
 * identical intervals, many streams and every op kind; a few hand cases pin
 * the definitions down in readable form.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "overlapcheck/sweep.h"

/* ---- building op sets ------------------------------------------------------ */

static uint64_t rng;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

static int64_t rnd_in(int64_t lo, int64_t hi)   /* [lo, hi] */
{
	return lo + (int64_t)(rnd() % (uint64_t)(hi - lo + 1));
}

static int op_cmp(const void *x, const void *y)
{
	const struct oc_op *a = x, *b = y;

	if (a->start_ns != b->start_ns)
		return a->start_ns < b->start_ns ? -1 : 1;
	if (a->end_ns != b->end_ns)
		return a->end_ns < b->end_ns ? -1 : 1;
	return (a->row_id > b->row_id) - (a->row_id < b->row_id);
}

static void random_kind(struct oc_op *o)
{
	switch (rnd() % 6) {
	case 0:
	case 1:
		o->kind = OC_OP_KERNEL;
		o->comm = rnd() % 3 == 0;   /* an NCCL kernel: OC_ENGINE_COMM */
		break;
	case 2:
	case 3:
		o->kind = OC_OP_MEMCPY;
		o->copy_kind = (uint8_t)(rnd() % 11);
		break;
	case 4:
		o->kind = OC_OP_MEMSET;
		break;
	default:
		o->kind = OC_OP_MEMCPY_PEER;
		o->copy_kind = OC_COPY_PTOP;
		break;
	}
	o->flags = rnd() % 3 ? OC_ASYNC_FLAG : 0;
}

/*
 * n ops over `streams` streams and 2 devices; times in base + [0, span].
 * Shapes: fresh random, identical to an earlier op, nested in one, touching
 * one (start at its end or end at its start), zero-length.
 */
static void random_ops(struct oc_trace *t, size_t n, int streams, int64_t base, int64_t span,
		       int64_t grid)
{
	memset(t, 0, sizeof *t);
	t->ops = calloc(n, sizeof *t->ops);
	t->n_ops = n;
	/* an op's device is its stream's: every fourth stream on device 1 */
	t->streams = calloc((size_t)streams, sizeof *t->streams);
	t->n_streams = (size_t)streams;
	for (int k = 0; k < streams; k++) {
		t->streams[k].stream_id = (uint32_t)k;
		t->streams[k].device_id = k % 4 == 3;
	}
	for (size_t i = 0; i < n; i++) {
		struct oc_op *o = &t->ops[i];
		int64_t s, e;
		int shape = (int)(rnd() % 10);

		if (i && shape >= 6) {
			const struct oc_op *p = &t->ops[rnd() % i];

			s = p->start_ns - base;
			e = p->end_ns - base;
			if (shape == 7 && e > s) {            /* nested */
				int64_t a = rnd_in(s, e), b = rnd_in(s, e);

				s = a < b ? a : b;
				e = a < b ? b : a;
			} else if (shape == 8) {              /* touching after */
				s = e;
				e = s + rnd_in(0, span / 4);
			} else if (shape == 9) {              /* touching before */
				e = s;
				s = e - rnd_in(0, span / 4);
				if (s < 0)
					s = 0;
			}
		} else if (shape == 5) {                      /* zero-length */
			s = e = rnd_in(0, span);
		} else {
			s = rnd_in(0, span);
			e = s + rnd_in(0, span / 3);
		}
		if (grid > 1) {
			s = s / grid * grid;
			e = e / grid * grid;
		}
		if (e > span)
			e = span;
		if (s > e)
			s = e;
		o->start_ns = base + s;
		o->end_ns = base + e;
		o->row_id = (int64_t)i + 1;
		o->stream = (int32_t)(rnd() % (uint32_t)streams);
		random_kind(o);
	}
	qsort(t->ops, n, sizeof *t->ops, op_cmp);
}

/* ---- the model --------------------------------------------------------------- */

struct iv {
	int64_t s, e;
};

static int iv_cmp(const void *x, const void *y)
{
	const struct iv *a = x, *b = y;

	return (a->s > b->s) - (a->s < b->s);
}

static int64_t union_len(struct iv *v, size_t n)
{
	int64_t tot = 0, cs = 0, ce = 0;
	int open = 0;

	qsort(v, n, sizeof *v, iv_cmp);
	for (size_t i = 0; i < n; i++) {
		if (!open || v[i].s > ce) {
			if (open)
				tot += ce - cs;
			cs = v[i].s;
			ce = v[i].e;
			open = 1;
		} else if (v[i].e > ce) {
			ce = v[i].e;
		}
	}
	if (open)
		tot += ce - cs;
	return tot;
}

/* ops[sel[i]] with groups grp[i]; engine class -1 = all */
static int64_t model_with(const struct oc_trace *t, const uint32_t *sel, const int32_t *grp,
			  size_t n, size_t i, int cls, struct iv *buf)
{
	const struct oc_op *o = &t->ops[sel[i]];
	size_t k = 0;

	for (size_t j = 0; j < n; j++) {
		const struct oc_op *p = &t->ops[sel[j]];
		int64_t s = p->start_ns > o->start_ns ? p->start_ns : o->start_ns;
		int64_t e = p->end_ns < o->end_ns ? p->end_ns : o->end_ns;

		if (grp[j] == grp[i] || p->end_ns == p->start_ns || s >= e)
			continue;
		if (cls >= 0 && (int)oc_engine_of(p) != cls)
			continue;
		buf[k++] = (struct iv){ s, e };
	}
	return union_len(buf, k);
}

static void check_sweep(const struct oc_trace *t, const uint32_t *sel, size_t n,
			const int32_t *groups, int64_t thr)
{
	struct oc_selection sl = { (uint32_t *)sel, n };
	struct oc_sweep_opts opts = { thr, groups };
	struct oc_sweep s;
	char err[256];
	int32_t *grp = malloc((n ? n : 1) * sizeof *grp);
	struct iv *buf = malloc((n ? n : 1) * sizeof *buf);

	for (size_t i = 0; i < n; i++)
		grp[i] = groups ? groups[i] : t->ops[sel[i]].stream;
	if (oc_sweep_run(&s, t, &sl, &opts, err, sizeof err))
		fail_msg("oc_sweep_run: %s", err);
	assert_int_equal(s.n, n);

	/* per op */
	for (size_t i = 0; i < n; i++) {
		const struct oc_op *o = &t->ops[sel[i]];
		const struct oc_op_overlap *r = &s.per_op[i];

		int64_t want = model_with(t, sel, grp, n, i, OC_ENGINE_COMPUTE, buf);

		if (r->compute_ns != want)
			fail_msg("op %zu [%lld,%lld) compute: got %lld want %lld", i,
				 (long long)o->start_ns, (long long)o->end_ns, (long long)r->compute_ns,
				 (long long)want);
		int64_t other = model_with(t, sel, grp, n, i, -1, buf);

		if (r->other_ns != other)
			fail_msg("op %zu [%lld,%lld) other: got %lld want %lld", i,
				 (long long)o->start_ns, (long long)o->end_ns,
				 (long long)r->other_ns, (long long)other);
		/* witness */
		int32_t bw = -1;
		int64_t bl = 0, bs = 0;

		for (size_t j = 0; j < n; j++) {
			const struct oc_op *p = &t->ops[sel[j]];
			int64_t a = p->start_ns > o->start_ns ? p->start_ns : o->start_ns;
			int64_t b = p->end_ns < o->end_ns ? p->end_ns : o->end_ns;

			if (grp[j] == grp[i] || b - a <= 0)
				continue;
			if (bw < 0 || b - a > bl || (b - a == bl && p->start_ns < bs)) {
				bw = (int32_t)j;
				bl = b - a;
				bs = p->start_ns;
			}
		}
		if (r->witness != bw)
			fail_msg("op %zu [%lld,%lld): witness %d want %d", i,
				 (long long)o->start_ns, (long long)o->end_ns, r->witness, bw);
		assert_true((bw >= 0) == (other > 0));
	}

	/* aggregates on a unit grid */
	if (n == 0) {
		assert_true(s.makespan_ns == 0);
		assert_int_equal(s.n_idle, 0);
		oc_sweep_release(&s);
		free(grp);
		free(buf);
		return;
	}
	int64_t first = INT64_MAX, last = INT64_MIN;

	for (size_t i = 0; i < n; i++) {
		const struct oc_op *o = &t->ops[sel[i]];

		if (o->start_ns < first)
			first = o->start_ns;
		if (o->end_ns > last)
			last = o->end_ns;
	}
	assert_true(s.first_ns == first);
	assert_true(s.last_ns == last);
	assert_true(s.makespan_ns == last - first);
	int64_t busy[OC_N_ENGINES] = { 0 }, all = 0, acopy = 0, both = 0, idle_all = 0;
	int64_t exposed = 0, exposed_alone = 0;
	int64_t hist[4096] = { 0 };
	size_t maxk = 0;
	struct oc_interval idle[1024];
	size_t n_idle = 0;
	int64_t in_idle = -1;

	for (int64_t x = first; x < last; x++) {
		int on[OC_N_ENGINES] = { 0 };
		size_t k = 0;
		int ac = 0;

		for (size_t i = 0; i < n; i++) {
			const struct oc_op *o = &t->ops[sel[i]];

			if (o->start_ns <= x && x < o->end_ns) {
				k++;
				on[oc_engine_of(o)] = 1;
				ac |= oc_op_is_async_copy(o);
			}
		}
		for (int c = 0; c < OC_N_ENGINES; c++)
			busy[c] += on[c];
		all += k > 0;
		acopy += ac;
		both += ac && on[OC_ENGINE_COMPUTE];
		exposed += on[OC_ENGINE_COMM] && !on[OC_ENGINE_COMPUTE];
		exposed_alone += on[OC_ENGINE_COMM] && k == 1;
		hist[k]++;
		if (k > maxk)
			maxk = k;
		if (k == 0) {
			idle_all++;
			if (in_idle < 0)
				in_idle = x;
		}
		if ((k > 0 || x + 1 == last) && in_idle >= 0) {
			int64_t end = k > 0 ? x : x + 1;

			if (end - in_idle >= thr)
				idle[n_idle++] = (struct oc_interval){ in_idle, end };
			in_idle = -1;
		}
	}
	for (int c = 0; c < OC_N_ENGINES; c++)
		if (s.busy_ns[c] != busy[c])
			fail_msg("busy %s: got %lld want %lld", oc_engine_name(c),
				 (long long)s.busy_ns[c], (long long)busy[c]);
	assert_true(s.busy_all_ns == all);
	assert_true(s.async_copy_ns == acopy);
	assert_true(s.copy_compute_ns == both);
	if (s.comm_exposed_ns != exposed || s.comm_exposed_alone_ns != exposed_alone)
		fail_msg("exposed comm: got %lld (alone %lld) want %lld (alone %lld)",
			 (long long)s.comm_exposed_ns, (long long)s.comm_exposed_alone_ns,
			 (long long)exposed, (long long)exposed_alone);
	if (acopy)
		assert_true(s.copy_compute_share == (double)both / (double)acopy);
	else
		assert_true(s.copy_compute_share == -1);
	assert_int_equal(s.max_concurrency, maxk);
	for (size_t k = 0; k <= maxk; k++)
		if (s.concurrency_ns[k] != hist[k])
			fail_msg("histogram k=%zu: got %lld want %lld", k,
				 (long long)s.concurrency_ns[k], (long long)hist[k]);
	assert_true(s.concurrency_ns[0] == idle_all);
	int bc = -1;

	for (int c = 0; c < OC_N_ENGINES; c++)
		if (busy[c] > 0 && (bc < 0 || busy[c] > busy[bc]))
			bc = c;
	assert_int_equal(s.busiest, bc);
	if (bc >= 0 && last > first)
		assert_true(s.pipeline_bound == (double)busy[bc] / (double)(last - first));
	assert_int_equal(s.n_idle, n_idle);
	int64_t idle_sum = 0;

	for (size_t k = 0; k < n_idle; k++) {
		assert_true(s.idle[k].start_ns == idle[k].start_ns);
		assert_true(s.idle[k].end_ns == idle[k].end_ns);
		idle_sum += idle[k].end_ns - idle[k].start_ns;
	}
	assert_true(s.idle_ns == idle_sum);
	oc_sweep_release(&s);
	free(grp);
	free(buf);
}

static void free_ops(struct oc_trace *t)
{
	free(t->ops);
	free(t->streams);
	t->ops = NULL;
	t->streams = NULL;
	t->n_streams = 0;
	t->n_ops = 0;
}

/* ---- random sets --------------------------------------------------------------- */

static void run_random(uint64_t seed, int sets, int64_t base)
{
	rng = seed;
	for (int k = 0; k < sets; k++) {
		struct oc_trace t;
		size_t n = 1 + rnd() % 90;
		int streams = 1 + (int)(rnd() % 9);
		int64_t span = 20 + rnd() % 300;
		int64_t grid = rnd() % 3 == 0 ? 5 + rnd() % 10 : 1;

		random_ops(&t, n, streams, base, span, grid);

		/* all ops, groups = streams, random threshold */
		struct oc_selection sel;

		assert_int_equal(oc_select_all(&t, &sel), 0);
		check_sweep(&t, sel.idx, sel.n, NULL, rnd() % 4 ? (int64_t)(rnd() % 20) : 0);
		oc_selection_release(&sel);

		/* one device */
		assert_int_equal(oc_select_device(&t, 1, &sel), 0);
		for (size_t i = 0; i < sel.n; i++)
			assert_int_equal(oc_op_device_id(&t, &t.ops[sel.idx[i]]), 1);
		check_sweep(&t, sel.idx, sel.n, NULL, 3);
		oc_selection_release(&sel);

		/* caller's groups (sparse ids) over every other op */
		uint32_t *idx = malloc(n * sizeof *idx);
		int32_t *g = malloc(n * sizeof *g);
		size_t m = 0;

		for (size_t i = 0; i < n; i++)
			if (i % 2 == 0 || rnd() % 2) {
				idx[m] = (uint32_t)i;
				g[m] = rnd() % 2 ? (int32_t)(rnd() % 4) * 1000003 : (int32_t)(rnd() % 3);
				m++;
			}
		check_sweep(&t, idx, m, g, 0);
		free(idx);
		free(g);
		free_ops(&t);
	}
}

static void test_random_small(void **state)
{
	run_random(0x9E3779B97F4A7C15ull, 2000, 0);
}

static void test_random_big_times(void **state)
{
	/* absolute-clock-sized values: arithmetic must not lose them */
	run_random(0xD1B54A32D192ED03ull, 500, 1800000000000000000ll);
}

static void test_random_one_stream_and_many(void **state)
{
	rng = 42;
	for (int k = 0; k < 300; k++) {
		struct oc_trace t;
		struct oc_selection sel;
		size_t n = 1 + rnd() % 60;

		random_ops(&t, n, k % 2 ? 1 : 64, 1000, 150, 1);
		assert_int_equal(oc_select_all(&t, &sel), 0);
		check_sweep(&t, sel.idx, sel.n, NULL, 1);
		oc_selection_release(&sel);
		free_ops(&t);
	}
}

/* More than 64 ops in progress at once (the witnesses' sweep over the ops in
 * progress gives way to the trees there, sweep-witness.c) and fewer, in
 * one trace: both answers against the model. */
static void test_random_crowded(void **state)
{
	rng = 7;
	for (int k = 0; k < 40; k++) {
		struct oc_trace t;
		struct oc_selection sel;
		size_t n = k % 2 ? 70 + rnd() % 200 : 400 + rnd() % 200;

		random_ops(&t, n, k % 3 ? 96 : 5, 1000, k % 2 ? 1000 : 30, 1);
		assert_int_equal(oc_select_all(&t, &sel), 0);
		check_sweep(&t, sel.idx, sel.n, NULL, 1);
		oc_selection_release(&sel);
		free_ops(&t);
	}
}

/* ---- hand cases ------------------------------------------------------------------ */

static struct oc_op mk(int64_t s, int64_t e, int stream, int kind, int copy_kind, int async)
{
	struct oc_op o;

	memset(&o, 0, sizeof o);
	o.start_ns = s;
	o.end_ns = e;
	o.stream = stream;
	o.kind = (uint8_t)kind;
	o.copy_kind = (uint8_t)copy_kind;
	o.flags = async ? OC_ASYNC_FLAG : 0;
	return o;
}

static void run_hand(struct oc_op *ops, size_t n, int64_t thr, struct oc_sweep *s)
{
	struct oc_trace t;
	struct oc_selection sel;
	struct oc_sweep_opts opts = { thr, NULL };
	char err[256];

	memset(&t, 0, sizeof t);
	t.ops = ops;
	t.n_ops = n;
	assert_int_equal(oc_select_all(&t, &sel), 0);
	if (oc_sweep_run(s, &t, &sel, &opts, err, sizeof err))
		fail_msg("%s", err);
	/* and the model agrees */
	check_sweep(&t, sel.idx, sel.n, NULL, thr);
	oc_selection_release(&sel);
}

static void test_touching(void **state)
{
	struct oc_op ops[] = {
		mk(0, 10, 0, OC_OP_KERNEL, 0, 0),
		mk(10, 20, 1, OC_OP_MEMCPY, OC_COPY_HTOD, 1),
	};
	struct oc_sweep s;

	run_hand(ops, 2, 0, &s);
	assert_int_equal(s.per_op[0].other_ns, 0);
	assert_int_equal(s.per_op[0].witness, -1);
	assert_int_equal(s.per_op[1].compute_ns, 0);
	assert_int_equal(s.makespan_ns, 20);
	assert_int_equal(s.n_idle, 0);
	assert_int_equal(s.max_concurrency, 1);
	assert_int_equal(s.concurrency_ns[1], 20);
	assert_int_equal(s.copy_compute_ns, 0);
	assert_true(s.copy_compute_share == 0.0);
	oc_sweep_release(&s);
}

static void test_nested_and_share(void **state)
{
	struct oc_op ops[] = {
		mk(0, 100, 0, OC_OP_KERNEL, 0, 0),
		mk(20, 30, 1, OC_OP_MEMCPY, OC_COPY_HTOD, 1),
		mk(90, 130, 2, OC_OP_MEMCPY, OC_COPY_DTOH, 1),
	};
	struct oc_sweep s;

	run_hand(ops, 3, 0, &s);
	assert_int_equal(s.per_op[0].other_ns, 20);
	assert_int_equal(s.per_op[0].witness, 1);       /* tie 10/10: earliest start */
	assert_int_equal(s.per_op[1].compute_ns, 10);
	assert_int_equal(s.per_op[1].witness, 0);
	assert_int_equal(s.per_op[2].other_ns, 10);
	assert_int_equal(s.per_op[2].witness, 0);      /* [90, 100) under the kernel */
	/* async copy union 50, of which 20 under kernels */
	assert_int_equal(s.async_copy_ns, 50);
	assert_int_equal(s.copy_compute_ns, 20);
	assert_true(s.copy_compute_share == 0.4);
	assert_int_equal(s.busiest, OC_ENGINE_COMPUTE);
	assert_true(s.pipeline_bound == 100.0 / 130.0);
	oc_sweep_release(&s);
}

static void test_union_not_sum(void **state)
{
	struct oc_op ops[] = {
		mk(0, 100, 0, OC_OP_KERNEL, 0, 0),
		mk(0, 60, 1, OC_OP_KERNEL, 0, 0),
		mk(40, 100, 2, OC_OP_KERNEL, 0, 0),
		mk(50, 50, 3, OC_OP_KERNEL, 0, 0),          /* zero-length */
	};
	struct oc_sweep s;

	run_hand(ops, 4, 0, &s);
	/* the long op meets 60 + 60 of partners, but their union is 100 */
	assert_int_equal(s.per_op[0].other_ns, 100);
	assert_int_equal(s.per_op[0].compute_ns, 100);
	assert_int_equal(s.per_op[0].witness, 1);       /* 60 vs 60: earliest start */
	assert_int_equal(s.per_op[1].other_ns, 60);
	assert_int_equal(s.per_op[3].other_ns, 0);
	assert_int_equal(s.per_op[3].witness, -1);
	assert_int_equal(s.busy_ns[OC_ENGINE_COMPUTE], 100);
	assert_int_equal(s.concurrency_ns[3], 20);
	oc_sweep_release(&s);
}

/* NCCL kernels are their own class: a collective [0, 100) under a compute
 * kernel [20, 50) and beside a copy [60, 80), and a second collective
 * [90, 120) on another stream: the communication union is 120, of which
 * 30 hidden under compute and 90 exposed; 60 of the exposed time had no
 * other op at all (the copy and the two collectives together do not
 * count). The copy is under no compute kernel: copy/compute share 0. */
static void test_comm_exposed(void **state)
{
	struct oc_op ops[] = {
		mk(0, 100, 0, OC_OP_KERNEL, 0, 0),
		mk(20, 50, 1, OC_OP_KERNEL, 0, 0),
		mk(60, 80, 2, OC_OP_MEMCPY, OC_COPY_DTOD, 1),
		mk(90, 120, 3, OC_OP_KERNEL, 0, 0),
	};
	struct oc_sweep s;

	ops[0].comm = ops[3].comm = 1;
	run_hand(ops, 4, 0, &s);
	assert_int_equal(s.busy_ns[OC_ENGINE_COMM], 120);
	assert_int_equal(s.busy_ns[OC_ENGINE_COMPUTE], 30);
	assert_int_equal(s.comm_exposed_ns, 90);
	assert_int_equal(s.comm_exposed_alone_ns, 20 + 10 + 10 + 20);
	assert_int_equal(s.per_op[0].compute_ns, 30);
	assert_int_equal(s.per_op[0].other_ns, 30 + 20 + 10);   /* the kernel, the copy, the other collective */
	assert_int_equal(s.copy_compute_ns, 0);
	assert_int_equal(s.busiest, OC_ENGINE_COMM);
	oc_sweep_release(&s);
}

static void test_same_stream_identical(void **state)
{
	struct oc_op ops[] = {
		mk(5, 25, 0, OC_OP_MEMSET, 0, 1),
		mk(5, 25, 0, OC_OP_MEMSET, 0, 1),
		mk(5, 25, 1, OC_OP_MEMSET, 0, 1),
	};
	struct oc_sweep s;

	run_hand(ops, 3, 0, &s);
	assert_int_equal(s.per_op[0].other_ns, 20);
	assert_int_equal(s.per_op[0].witness, 2);
	assert_int_equal(s.per_op[2].witness, 0);       /* identical: lowest position */
	assert_int_equal(s.per_op[2].other_ns, 20);
	assert_int_equal(s.async_copy_ns, 0);
	assert_true(s.copy_compute_share == -1);
	oc_sweep_release(&s);
}

static void test_idle_threshold(void **state)
{
	struct oc_op ops[] = {
		mk(0, 10, 0, OC_OP_KERNEL, 0, 0),
		mk(15, 20, 0, OC_OP_KERNEL, 0, 0),
		mk(30, 30, 1, OC_OP_KERNEL, 0, 0),          /* zero-length: splits nothing */
		mk(40, 50, 0, OC_OP_KERNEL, 0, 0),
	};
	struct oc_sweep s;

	run_hand(ops, 4, 10, &s);
	assert_int_equal(s.n_idle, 1);
	assert_int_equal(s.idle[0].start_ns, 20);
	assert_int_equal(s.idle[0].end_ns, 40);
	assert_int_equal(s.idle_ns, 20);
	assert_int_equal(s.concurrency_ns[0], 25);
	oc_sweep_release(&s);
	run_hand(ops, 4, 0, &s);
	assert_int_equal(s.n_idle, 2);
	oc_sweep_release(&s);
}

static void test_engines(void **state)
{
	struct oc_op o = mk(0, 1, 0, OC_OP_MEMCPY, OC_COPY_ATOH, 1);

	assert_int_equal(oc_engine_of(&o), OC_ENGINE_D2H);
	o.copy_kind = OC_COPY_HTOH;
	assert_int_equal(oc_engine_of(&o), OC_ENGINE_OTHER);
	o.copy_kind = OC_COPY_PTOP;
	assert_int_equal(oc_engine_of(&o), OC_ENGINE_PEER);
	assert_true(oc_op_is_async_copy(&o));
	o.kind = OC_OP_MEMSET;
	assert_false(oc_op_is_async_copy(&o));
	assert_string_equal(oc_engine_name(OC_ENGINE_H2D), "H2D");
	o.kind = OC_OP_KERNEL;
	assert_int_equal(oc_engine_of(&o), OC_ENGINE_COMPUTE);
	o.comm = 1;
	assert_int_equal(oc_engine_of(&o), OC_ENGINE_COMM);
	assert_string_equal(oc_engine_name(OC_ENGINE_COMM), "comm");
}

static void test_bad_selection(void **state)
{
	struct oc_op ops[] = {
		mk(0, 10, 0, OC_OP_KERNEL, 0, 0),
		mk(5, 10, 1, OC_OP_KERNEL, 0, 0),
	};
	struct oc_trace t;
	uint32_t idx[] = { 1, 0 };
	struct oc_selection sel = { idx, 2 };
	struct oc_sweep s;
	char err[256];

	memset(&t, 0, sizeof t);
	t.ops = ops;
	t.n_ops = 2;
	assert_int_equal(oc_sweep_run(&s, &t, &sel, NULL, err, sizeof err), -1);
	assert_non_null(strstr(err, "ascending"));
	ops[1].stream = -1;
	idx[0] = 0;
	idx[1] = 1;
	assert_int_equal(oc_sweep_run(&s, &t, &sel, NULL, err, sizeof err), -1);
	/* empty selection */
	sel.n = 0;
	assert_int_equal(oc_sweep_run(&s, &t, &sel, NULL, err, sizeof err), 0);
	assert_int_equal(s.n, 0);
	assert_int_equal(s.makespan_ns, 0);
	oc_sweep_release(&s);
}

/* Scale: 300k ops stay fast (an O(n^2) slip would not). */
static void test_scale(void **state)
{
	struct oc_trace t;
	struct oc_selection sel;
	struct oc_sweep s;
	char err[256];
	size_t n = 300000;

	memset(&t, 0, sizeof t);
	t.ops = calloc(n, sizeof *t.ops);
	t.n_ops = n;
	/* 4 streams of back-to-back ops, plus one long op over everything */
	for (size_t i = 0; i < n; i++) {
		struct oc_op *o = &t.ops[i];

		o->stream = (int32_t)(i % 4);
		o->start_ns = (int64_t)(i / 4) * 100 + (int64_t)(i % 4) * 7;
		o->end_ns = o->start_ns + 90 + (int64_t)(i % 3);
		o->kind = i % 2 ? OC_OP_KERNEL : OC_OP_MEMCPY;
		o->copy_kind = OC_COPY_HTOD;
		o->flags = OC_ASYNC_FLAG;
	}
	t.ops[0].end_ns = t.ops[n - 1].end_ns + 5;
	t.ops[0].stream = 5;
	assert_int_equal(oc_select_all(&t, &sel), 0);
	assert_int_equal(oc_sweep_run(&s, &t, &sel, NULL, err, sizeof err), 0);
	assert_true(s.per_op[0].other_ns == t.ops[n - 1].end_ns - 7);
	assert_true(s.max_concurrency >= 4);
	oc_sweep_release(&s);
	oc_selection_release(&sel);
	free(t.ops);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_touching),
		cmocka_unit_test(test_nested_and_share),
		cmocka_unit_test(test_union_not_sum),
		cmocka_unit_test(test_same_stream_identical),
		cmocka_unit_test(test_comm_exposed),
		cmocka_unit_test(test_idle_threshold),
		cmocka_unit_test(test_engines),
		cmocka_unit_test(test_bad_selection),
		cmocka_unit_test(test_random_small),
		cmocka_unit_test(test_random_big_times),
		cmocka_unit_test(test_random_one_stream_and_many),
		cmocka_unit_test(test_random_crowded),
		cmocka_unit_test(test_scale),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
