/*
 * test-timeline.c: the timeline layout (src/report/tl-layout.c) on traces built in
 * memory, against brute-force models.
 *
 *  - copy ∩ kernel spans: on integer times, a unit [u, u+1) is in the answer
 *    exactly when some copy and some kernel of the device cover it; the spans
 *    are sorted, disjoint, never touching, never empty.
 *  - rows: no two slices of one row of one lane overlap (below the overflow
 *    row), and a slice nested in another sits in a deeper row.
 *  - lanes: device lane first, the legacy default stream before the others,
 *    a thread's NVTX lane right after its thread lane, only streams with ops.
 *  - microseconds: exact decimal text for any int64 nanoseconds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "overlapcheck/export.h"

static int op_cmp(const void *pa, const void *pb)
{
	const struct oc_op *a = pa, *b = pb;

	if (a->start_ns != b->start_ns)
		return a->start_ns < b->start_ns ? -1 : 1;
	return (a->end_ns > b->end_ns) - (a->end_ns < b->end_ns);
}

static struct oc_stream streams4[] = {
	{ .device_id = 0, .context_id = 1, .stream_id = 7, .flag = 3, .kind = OC_STREAM_LEGACY_DEFAULT },
	{ .device_id = 0, .context_id = 1, .stream_id = 13, .flag = 2, .kind = OC_STREAM_NON_BLOCKING },
	{ .device_id = 0, .context_id = 1, .stream_id = 14, .flag = 2, .kind = OC_STREAM_NON_BLOCKING },
	{ .device_id = 1, .context_id = 2, .stream_id = 3, .flag = 1, .kind = OC_STREAM_BLOCKING },
};

/* What every op built here is: an unnamed one (op.shape 0). */
static struct oc_shape unnamed = { .name = -1 };

/* n random ops on streams 1..3 of streams4 (and 0 when legacy), times in [0, span). */
static void random_trace(struct oc_trace *t, unsigned seed, size_t n, int span, int legacy)
{
	memset(t, 0, sizeof *t);
	t->path = "mem.db";
	t->streams = streams4;
	t->n_streams = 4;
	t->shapes = &unnamed;
	t->n_shapes = 1;
	t->ops = calloc(n, sizeof *t->ops);
	t->n_ops = n;
	srand(seed);
	for (size_t i = 0; i < n; i++) {
		struct oc_op *o = &t->ops[i];
		int s = legacy ? rand() % 4 : 1 + rand() % 3;
		int kinds[] = { OC_OP_KERNEL, OC_OP_MEMCPY, OC_OP_MEMSET, OC_OP_MEMCPY_PEER };

		o->start_ns = rand() % span;
		o->end_ns = o->start_ns + rand() % (span / 4 + 1);   /* some zero-length */
		o->kind = (uint8_t)kinds[rand() % 4];
		o->stream = s;
		o->api = -1;
		o->row_id = (int64_t)i + 1;
	}
	qsort(t->ops, n, sizeof *t->ops, op_cmp);
}

static void test_xspans_match_model(void **state)
{
	(void)state;
	for (unsigned seed = 1; seed <= 300; seed++) {
		struct oc_trace t;
		struct oc_tl_layout l;
		char err[256];
		int span = 40 + (int)(seed % 7) * 20;
		size_t n = 1 + seed % 23;

		random_trace(&t, seed, n, span, seed % 2);
		assert_int_equal(oc_tl_layout_init(&l, &t, err, sizeof err), 0);
		for (uint32_t dev = 0; dev < 2; dev++) {
			for (int u = 0; u < 2 * span; u++) {
				int copy = 0, kern = 0, in = 0;
				for (size_t i = 0; i < t.n_ops; i++) {
					const struct oc_op *o = &t.ops[i];
					if (oc_op_device_id(&t, o) != dev || !(o->start_ns <= u && u < o->end_ns))
						continue;
					copy |= o->kind == OC_OP_MEMCPY || o->kind == OC_OP_MEMCPY_PEER;
					kern |= o->kind == OC_OP_KERNEL;
				}
				for (size_t k = 0; k < l.n_xspans; k++)
					in |= l.xspans[k].device_id == dev && l.xspans[k].start_ns <= u &&
					      u < l.xspans[k].end_ns;
				if (in != (copy && kern))
					fail_msg("seed %u device %u unit %d: span says %d, model %d", seed,
						 dev, u, in, copy && kern);
			}
		}
		for (size_t k = 0; k < l.n_xspans; k++) {
			assert_true(l.xspans[k].start_ns < l.xspans[k].end_ns);
			if (k && l.xspans[k].device_id == l.xspans[k - 1].device_id)
				assert_true(l.xspans[k - 1].end_ns < l.xspans[k].start_ns);
			if (k)
				assert_true(l.xspans[k - 1].device_id <= l.xspans[k].device_id);
		}
		oc_tl_layout_release(&l);
		free(t.ops);
	}
}

static void test_rows_never_overlap(void **state)
{
	(void)state;
	for (unsigned seed = 1; seed <= 200; seed++) {
		struct oc_trace t;
		struct oc_tl_layout l;
		char err[256];

		random_trace(&t, seed, 2 + seed % 40, 100, 1);
		assert_int_equal(oc_tl_layout_init(&l, &t, err, sizeof err), 0);
		for (size_t i = 0; i < t.n_ops; i++) {
			const struct oc_op *a = &t.ops[i];
			assert_true(l.op_row[i] < l.lanes[l.op_lane[i]].depth);
			for (size_t j = i + 1; j < t.n_ops; j++) {
				const struct oc_op *b = &t.ops[j];
				int overlap = a->start_ns < b->end_ns && b->start_ns < a->end_ns;
				if (l.op_lane[i] != l.op_lane[j] || l.op_row[i] != l.op_row[j] ||
				    l.op_row[i] == OC_TL_MAX_ROWS - 1)
					continue;
				if (overlap)
					fail_msg("seed %u: ops %zu and %zu share lane %d row %d and overlap",
						 seed, i, j, l.op_lane[i], l.op_row[i]);
			}
		}
		oc_tl_layout_release(&l);
		free(t.ops);
	}
}

static void test_lanes_and_nvtx(void **state)
{
	struct oc_op ops[] = {
		{ .start_ns = 10, .end_ns = 20, .kind = OC_OP_KERNEL, .stream = 2, .api = -1 },
		{ .start_ns = 15, .end_ns = 30, .kind = OC_OP_MEMCPY, .stream = 0, .api = -1 },
		{ .start_ns = 40, .end_ns = 50, .kind = OC_OP_KERNEL, .stream = 3, .api = -1 },
	};
	struct oc_api api[] = {
		{ .start_ns = 1, .end_ns = 9, .tid = 77, .parent = -1, .name = -1, .stream = -1 },
		{ .start_ns = 2, .end_ns = 5, .tid = 77, .parent = 0, .name = -1, .stream = -1 },
		{ .start_ns = 3, .end_ns = 4, .tid = 55, .parent = -1, .name = -1, .stream = -1 },
	};
	struct oc_range ranges[] = {
		{ .start_ns = 0, .end_ns = 100, .tid = 77, .name = -1, .domain = -1 },
		{ .start_ns = 5, .end_ns = 8, .tid = 77, .name = -1, .domain = -1 },      /* nested */
		{ .start_ns = 50, .end_ns = INT64_MAX, .tid = 77, .name = -1, .domain = -1 }, /* open */
	};
	struct oc_trace t = { .path = "mem.db", .streams = streams4, .n_streams = 4, .ops = ops,
			      .n_ops = 3, .shapes = &unnamed, .n_shapes = 1, .api = api, .n_api = 3, .ranges = ranges, .n_ranges = 3 };
	struct oc_tl_layout l;
	char err[256];

	(void)state;
	assert_int_equal(oc_tl_layout_init(&l, &t, err, sizeof err), 0);
	/* dev 0: device, stream 7 (legacy first), stream 14; dev 1: device, stream 3;
	   thread 55; thread 77, NVTX 77 */
	assert_int_equal(l.n_lanes, 8);
	assert_int_equal(l.lanes[0].kind, OC_LANE_DEVICE);
	assert_int_equal(l.lanes[1].kind, OC_LANE_STREAM);
	assert_int_equal(l.lanes[1].stream, 0);
	assert_int_equal(l.lanes[2].stream, 2);
	assert_int_equal(l.lanes[3].kind, OC_LANE_DEVICE);
	assert_int_equal(l.lanes[3].device_id, 1);
	assert_int_equal(l.lanes[4].stream, 3);
	assert_int_equal(l.lanes[5].kind, OC_LANE_THREAD);
	assert_int_equal(l.lanes[5].tid, 55);
	assert_int_equal(l.lanes[6].tid, 77);
	assert_int_equal(l.lanes[6].depth, 2);          /* a driver call under its runtime twin */
	assert_int_equal(l.lanes[7].kind, OC_LANE_NVTX);
	assert_int_equal(l.op_lane[0], 2);
	assert_int_equal(l.op_lane[1], 1);
	assert_int_equal(l.api_depth[1], 1);
	assert_int_equal(l.range_depth[0], 0);
	assert_int_equal(l.range_depth[1], 1);
	assert_int_equal(l.range_depth[2], 1);          /* inside the outer range, still open */
	assert_int_equal(l.first_ns, 0);
	assert_int_equal(l.last_ns, 100);
	assert_int_equal(l.range_end_ns, 100);
	assert_int_equal(l.n_xspans, 1);                /* copy [15,30) ∩ kernel [10,20) */
	assert_int_equal(l.xspans[0].start_ns, 15);
	assert_int_equal(l.xspans[0].end_ns, 20);
	oc_tl_layout_release(&l);
}

static void test_empty_trace(void **state)
{
	struct oc_trace t = { .path = "empty.db" };
	struct oc_tl_layout l;
	char err[256];

	(void)state;
	assert_int_equal(oc_tl_layout_init(&l, &t, err, sizeof err), 0);
	assert_int_equal(l.n_lanes, 0);
	assert_int_equal(l.n_xspans, 0);
	assert_int_equal(l.first_ns, 0);
	assert_int_equal(l.last_ns, 0);
	oc_tl_layout_release(&l);
}

static const char *us(int64_t ns)
{
	static char buf[64];
	FILE *f = fmemopen(buf, sizeof buf, "w");

	oc_tl_json_us(f, ns);
	fclose(f);
	return buf;
}

static void test_microseconds_exact(void **state)
{
	(void)state;
	assert_string_equal(us(0), "0.000");
	assert_string_equal(us(1), "0.001");
	assert_string_equal(us(999), "0.999");
	assert_string_equal(us(1000), "1.000");
	assert_string_equal(us(-1), "-0.001");
	assert_string_equal(us(-1500), "-1.500");
	/* beyond 2^53: a double would round these */
	assert_string_equal(us(1764480000123456789LL), "1764480000123456.789");
	assert_string_equal(us(INT64_MAX), "9223372036854775.807");
	assert_string_equal(us(INT64_MIN), "-9223372036854775.808");
}

static const char *js(const char *s)
{
	static char buf[512];
	FILE *f = fmemopen(buf, sizeof buf, "w");

	oc_tl_json_str(f, s);
	fclose(f);
	return buf;
}

static void test_strings_escaped(void **state)
{
	(void)state;
	assert_string_equal(js(NULL), "\"\"");
	assert_string_equal(js("</script>"), "\"\\u003c/script\\u003e\"");
	assert_string_equal(js("a\"b\\c\n\x01"), "\"a\\\"b\\\\c\\n\\u0001\"");
	assert_string_equal(js("x\xffy"), "\"x\\ufffdy\"");
	assert_string_equal(js("\xe2\x80\xa8"), "\"\\u2028\"");
	assert_string_equal(js("caf\xc3\xa9"), "\"caf\xc3\xa9\"");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_xspans_match_model),
		cmocka_unit_test(test_rows_never_overlap),
		cmocka_unit_test(test_lanes_and_nvtx),
		cmocka_unit_test(test_empty_trace),
		cmocka_unit_test(test_microseconds_exact),
		cmocka_unit_test(test_strings_escaped),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
