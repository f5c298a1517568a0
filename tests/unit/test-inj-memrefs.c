/*
 * test-inj-memrefs.c: the allocation map, the filter on copies' ends, and
 * the capture of a launch's pointer arguments through a parameter layout
 * (injection/memrefs.c), with a fake layout query in place of the driver's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "memrefs.h"
#include "overlapcheck/codes.h"

#define RT CUPTI_CB_DOMAIN_RUNTIME_API

/* kernel(const float *in, int n, float *out, double x, char c, float *unused):
 * offsets 0, 8, 16, 24, 32, 40 and sizes 8, 4, 8, 8, 1, 8 */
static const size_t offs[] = { 0, 8, 16, 24, 32, 40 };
static const size_t sizes[] = { 8, 4, 8, 8, 1, 8 };
static int queries;

static int fake_layout(enum oc_mr_fn k, const void *fn, size_t index, size_t *off, size_t *size)
{
	queries++;
	if ((uintptr_t)fn == 0xbad)
		return 1;   /* a function with no parameters */
	if (index >= 6)
		return 1;
	*off = offs[index];
	*size = sizes[index];
	return 0;
}

static int setup(void **state)
{
	oc_mr_reset();
	oc_mr_set_layout_fn(fake_layout);
	queries = 0;
	return 0;
}

static void test_map(void **state)
{
	assert_int_equal(oc_mr_add(0x1000, 0x100), 0);
	assert_int_equal(oc_mr_add(0x5000, 0x1000), 0);
	assert_int_equal(oc_mr_add(0x3000, 0x10), 0);
	assert_int_equal(oc_mr_count(), 3);
	assert_true(oc_mr_contains(0x1000));
	assert_true(oc_mr_contains(0x10ff));
	assert_false(oc_mr_contains(0x1100));   /* one past the end */
	assert_false(oc_mr_contains(0xfff));
	assert_true(oc_mr_contains(0x3008));
	assert_true(oc_mr_contains(0x5fff));
	assert_false(oc_mr_contains(0x6000));
	oc_mr_remove(0x3000);
	assert_false(oc_mr_contains(0x3008));
	oc_mr_remove(0x3000);                   /* twice: nothing */
	oc_mr_remove(0x1010);                   /* not a base: nothing */
	assert_true(oc_mr_contains(0x1010));
	assert_int_equal(oc_mr_count(), 2);
	/* the same base again (a free the tracer missed): the new size */
	assert_int_equal(oc_mr_add(0x1000, 0x10), 0);
	assert_false(oc_mr_contains(0x1010));
	assert_int_equal(oc_mr_count(), 2);
	assert_int_equal(oc_mr_add(0, 16), 0);  /* NULL: not tracked */
	assert_false(oc_mr_contains(0));
}

static void test_filter_ends(void **state)
{
	struct oc_args_row r;

	oc_mr_add(0x10000, 0x1000);
	memset(&r, 0, sizeof r);
	r.src_ptr = 0x7000;                     /* pageable host memory */
	r.dst_ptr = 0x10800;
	oc_mr_filter_ends(&r);
	assert_true(r.src_ptr == OC_ARG_NONE);
	assert_int_equal(r.dst_ptr, 0x10800);
}

static void test_capture(void **state)
{
	uint64_t in = 0x20000, out = 0x30040, unused = 0x99999;
	int n = 7;
	double x = 1.0;
	char c = 'a';
	void *args[] = { &in, &n, &out, &x, &c, &unused };
	struct oc_mr_launch l = { OC_MR_KERNEL, (const void *)0x4242, args, NULL, NULL };
	struct oc_args_row tmpl, rows[4];

	oc_mr_add(0x20000, 0x100);
	oc_mr_add(0x30000, 0x100);
	memset(&tmpl, 0, sizeof tmpl);
	tmpl.correlation_id = 77;
	tmpl.domain = OC_API_RUNTIME;
	tmpl.tid = 5;
	assert_int_equal(oc_mr_capture(&l, &tmpl, rows, 4), 1);
	assert_int_equal(rows[0].cls, OC_CB_PARAMS);
	assert_int_equal(rows[0].correlation_id, 77);
	assert_int_equal(rows[0].np, 2);        /* in and out; not the untracked one */
	assert_int_equal(rows[0].pidx[0], 0);
	assert_int_equal(rows[0].pval[0], 0x20000);
	assert_int_equal(rows[0].pidx[1], 2);
	assert_int_equal(rows[0].pval[1], 0x30040);
	/* the layout is asked once per function */
	int q = queries;
	assert_int_equal(oc_mr_capture(&l, &tmpl, rows, 4), 1);
	assert_int_equal(queries, q);
	assert_int_equal(oc_mr_functions(), 1);

	/* the packed `extra` buffer of a driver launch */
	uint8_t buf[48];
	size_t len = sizeof buf;
	memset(buf, 0, sizeof buf);
	memcpy(buf + 16, &out, 8);
	void *extra[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, buf, CU_LAUNCH_PARAM_BUFFER_SIZE, &len,
			  CU_LAUNCH_PARAM_END };
	struct oc_mr_launch le = { OC_MR_FUNCTION, (const void *)0x4343, NULL, extra, NULL };
	assert_int_equal(oc_mr_capture(&le, &tmpl, rows, 4), 1);
	assert_int_equal(rows[0].np, 1);
	assert_int_equal(rows[0].pidx[0], 2);

	/* no parameters at all: no rows, and not a failure */
	struct oc_mr_launch none = { OC_MR_KERNEL, (const void *)0xbad, args, NULL, NULL };
	assert_int_equal(oc_mr_capture(&none, &tmpl, rows, 4), 0);
}

/* More pointer arguments than a row holds: several rows, capped at max. */
static int many_layout(enum oc_mr_fn k, const void *fn, size_t index, size_t *off, size_t *size)
{
	if (index >= 20)
		return 1;
	*off = index * 8;
	*size = 8;
	return 0;
}

static void test_many(void **state)
{
	uint64_t v[20];
	void *args[20];
	struct oc_args_row tmpl, rows[2];
	struct oc_mr_launch l = { OC_MR_KERNEL, (const void *)0x5555, args, NULL, NULL };

	oc_mr_set_layout_fn(many_layout);
	oc_mr_add(0x100000, 0x10000);
	for (int i = 0; i < 20; i++) {
		v[i] = 0x100000 + (uint64_t)i * 16;
		args[i] = &v[i];
	}
	memset(&tmpl, 0, sizeof tmpl);
	assert_int_equal(oc_mr_capture(&l, &tmpl, rows, 2), 2);
	assert_int_equal(rows[0].np, OC_PARAMS_ROW);
	assert_int_equal(rows[1].np, OC_PARAMS_ROW);
	assert_int_equal(rows[1].pidx[0], OC_PARAMS_ROW);
}

/* The driver cannot answer: the parameters' types in the kernel's name tell the pointers. */
static int no_layout(enum oc_mr_fn k, const void *fn, size_t index, size_t *off, size_t *size)
{
	return -1;
}

static void test_name_layout(void **state)
{
	uint64_t in = 0x200000, out = 0x200100;
	int n = 3;
	void *args[] = { &in, &n, &out };
	/* k(unsigned int const*, int, unsigned int*) */
	struct oc_mr_launch l = { OC_MR_HOST_STUB, (const void *)0x6161, args, NULL, "_Z1kPKjiPj" };
	struct oc_mr_launch c = { OC_MR_HOST_STUB, (const void *)0x6262, args, NULL, "kernel_c" };
	struct oc_args_row tmpl, rows[2];

	oc_mr_set_layout_fn(no_layout);
	oc_mr_add(0x200000, 0x1000);
	memset(&tmpl, 0, sizeof tmpl);
	assert_int_equal(oc_mr_capture(&l, &tmpl, rows, 2), 1);
	assert_int_equal(rows[0].np, 2);
	assert_int_equal(rows[0].pidx[0], 0);
	assert_int_equal(rows[0].pidx[1], 2);
	assert_int_equal(rows[0].pval[1], 0x200100);
	/* an extern "C" name says nothing: no layout */
	assert_int_equal(oc_mr_capture(&c, &tmpl, rows, 2), -1);
}

static void test_launch_of(void **state)
{
	void *args[1] = { NULL };
	cudaLaunchKernel_v7000_params p = { (const void *)0x1234, { 1, 1, 1 }, { 1, 1, 1 }, args, 0, 0 };
	struct oc_launch13_params p13 = { (const void *)0x5678, { 1, 1, 1 }, { 1, 1, 1 }, args, 0, 0 };
	struct oc_mr_launch l;

	assert_int_equal(oc_mr_launch_of(OC_API_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000,
					 &p, &l), 1);
	assert_int_equal(l.fn_kind, OC_MR_HOST_STUB);
	assert_ptr_equal(l.fn, (const void *)0x1234);
	assert_ptr_equal(l.args, args);
	assert_int_equal(oc_mr_launch_of(OC_API_RUNTIME, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000,
					 &p13, &l), 1);
	assert_int_equal(l.fn_kind, OC_MR_KERNEL);
	assert_ptr_equal(l.fn, (const void *)0x5678);
	assert_int_equal(oc_mr_launch_of(OC_API_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020,
					 &p, &l), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_map, setup),
		cmocka_unit_test_setup(test_filter_ends, setup),
		cmocka_unit_test_setup(test_capture, setup),
		cmocka_unit_test_setup(test_many, setup),
		cmocka_unit_test_setup(test_name_layout, setup),
		cmocka_unit_test_setup(test_launch_of, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
