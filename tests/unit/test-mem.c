/*
 * test-mem.c: the small memory helpers of include/overlapcheck/mem.h. The
 * array growth (oc_grow) starts at the caller's first size, doubles after,
 * keeps what the array held, and refuses a size that does not fit in a
 * size_t with NULL, leaving the array and its capacity as they were (so the
 * caller's out-of-memory path runs and frees what it had). Sorting and
 * copying take an empty, null array.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "overlapcheck/mem.h"

static void test_grow_doubles(void **state)
{
	int *v = NULL, *x;
	size_t n = 0, cap = 0;

	for (int i = 0; i < 1000; i++) {
		if (n == cap) {
			size_t was = cap;
			x = oc_grow(v, &cap, sizeof *v, 16);
			assert_non_null(x);
			assert_int_equal(cap, was ? 2 * was : 16);
			v = x;
		}
		v[n++] = i;
	}
	assert_int_equal(cap, 1024);
	for (int i = 0; i < 1000; i++)
		assert_int_equal(v[i], i);
	free(v);
}

static void test_grow_overflow(void **state)
{
	char *v = malloc(8);
	size_t cap = SIZE_MAX / 2 + 1;       /* doubling it wraps */

	assert_non_null(v);
	assert_null(oc_grow(v, &cap, 1, 8));
	assert_int_equal(cap, SIZE_MAX / 2 + 1);
	cap = SIZE_MAX / 16;                 /* doubled fits, times the size does not */
	assert_null(oc_grow(v, &cap, 16, 8));
	assert_int_equal(cap, SIZE_MAX / 16);
	v[7] = 1;                            /* still the caller's, whole */
	free(v);
}

static int cmp_int(const void *x, const void *y)
{
	return *(const int *)x - *(const int *)y;
}

static void test_empty(void **state)
{
	char dst[1] = { 'a' };

	oc_sort(NULL, 0, sizeof(int), cmp_int);
	assert_ptr_equal(oc_memcpy(dst, NULL, 0), dst);
	assert_int_equal(dst[0], 'a');
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grow_doubles),
		cmocka_unit_test(test_grow_overflow),
		cmocka_unit_test(test_empty),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
