/*
 * test-format.c: text for people (src/util/format.c): a string clipped for
 * one line (oc_fmt_clip) and a kernel's name shortened at token boundaries
 * (oc_fmt_name), with what each promises: never longer than asked, control
 * bytes escaped, a UTF-8 character never cut, the signature's parts dropped
 * in order before anything is cut.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "overlapcheck/format.h"

static const char *name(const char *s, size_t max)
{
	static char buf[256];
	return oc_fmt_name(s, buf, sizeof buf, max);
}

static void test_name_steps(void **state)
{
	const char *lcg = "lcg_kernel(unsigned int const*, unsigned int*, unsigned long, int)";
	const char *fill = "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, "
			   "std::array<char*, 1ul> >(int, at::native::FillFunctor<float>, std::array<char*, 1ul>)";

	/* fits: as it is */
	assert_string_equal(name(lcg, 80), lcg);
	assert_string_equal(name("HtoD", 4), "HtoD");
	/* the parameters first, then the template arguments, the return type, the scopes */
	assert_string_equal(name(lcg, 40), "lcg_kernel(...)");
	assert_string_equal(name("f()", 2), "f(");   /* no room for "...": just cut */
	assert_string_equal(name(fill, 100), "void at::native::vectorized_elementwise_kernel<...>(...)");
	assert_string_equal(name(fill, 56), "void at::native::vectorized_elementwise_kernel<...>(...)");
	assert_string_equal(name(fill, 50), "native::vectorized_elementwise_kernel<...>(...)");
	assert_string_equal(name(fill, 45), "vectorized_elementwise_kernel<...>(...)");
	assert_string_equal(name(fill, 30), "vectorized_elementwise_kern...");
	/* still too long: cut after a token, marked */
	assert_string_equal(name("nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_TNN", 20), "nvjet_hsh_128x256...");
	assert_string_equal(name("cutlass::Kernel2<cutlass_80_wmma_tensorop_f16_s161616gemm>(Params)", 24),
			    "Kernel2<...>(...)");
}

static void test_name_bounds(void **state)
{
	const char *odd[] = {
		"bad<(unbalanced", "a)b(c", ">>>", "<<<", "operator()(int)", "k<\xc3\xa9\xc3\xa9\xc3\xa9>(int)",
		"x\ny\tz(int, int, int, int, int, int, int, int, int, int)", "", "(((((((((((", "a::b::c::d::e::f",
	};
	for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++)
		for (size_t max = 3; max < 40; max++) {
			const char *s = name(odd[i], max);
			assert_true(strlen(s) <= max);
			assert_null(strchr(s, '\n'));
			/* no UTF-8 sequence cut: never ends on a lead byte */
			size_t n = strlen(s);
			if (n && ((unsigned char)s[n - 1] & 0xC0) == 0xC0)
				fail_msg("'%s' ends on a lead byte", s);
		}
	/* a buffer smaller than max: the buffer bounds it */
	char small[8];
	oc_fmt_name("lcg_kernel(unsigned int const*)", small, sizeof small, 100);
	assert_true(strlen(small) < sizeof small);
}

static void test_clip(void **state)
{
	char buf[64];
	assert_string_equal(oc_fmt_clip("a\nb\tc\x1b", buf, sizeof buf, 60), "a\\nb\\tc\\x1b");
	assert_string_equal(oc_fmt_clip(NULL, buf, sizeof buf, 60), "");
	assert_string_equal(oc_fmt_clip("abcdefgh", buf, sizeof buf, 4), "abcd...");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_name_steps),
		cmocka_unit_test(test_name_bounds),
		cmocka_unit_test(test_clip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
