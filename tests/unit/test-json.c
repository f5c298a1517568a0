/*
 * test-json.c: the JSON writer's own formatting against the C library's.
 *
 * The writer formats numbers by hand and gathers output in a block of its
 * own (json.c). Its text must stay what printf wrote before: integers as
 * "%lld"/"%llu", fixed-point numbers as "%.*f" without "-0.00", strings
 * escaped byte for byte as before. Each is checked here against a reference
 * built with snprintf on many values, across the block's boundary (documents
 * and strings longer than OC_JSON_BLOCK), and with a stream that cannot be
 * written.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "overlapcheck/json.h"

/* A growing string, the reference side of each comparison. */
struct ref {
	char  *s;
	size_t len, cap;
};

static void ref_add(struct ref *r, const char *s, size_t n)
{
	if (r->len + n + 1 > r->cap) {
		r->cap = (r->len + n + 1) * 2;
		r->s = realloc(r->s, r->cap);
		assert_non_null(r->s);
	}
	memcpy(r->s + r->len, s, n);
	r->len += n;
	r->s[r->len] = 0;
}

static void ref_printf(struct ref *r, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	assert_true(n >= 0 && (size_t)n < sizeof buf);
	ref_add(r, buf, (size_t)n);
}

/* What the writer wrote before it formatted by hand: "%.*f", then a '-' in
 * front of nothing but zeros removed. */
static void ref_fixed(struct ref *r, double v, int decimals)
{
	char buf[400];

	if (!isfinite(v)) {
		ref_add(r, "null", 4);
		return;
	}
	snprintf(buf, sizeof buf, "%.*f", decimals, v);
	if (!strcmp(buf, "-0") || (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1)))
		memmove(buf, buf + 1, strlen(buf));
	ref_add(r, buf, strlen(buf));
}

/* A writer on a memory stream; done() returns what it wrote. */
struct cap {
	FILE  *f;
	char  *buf;
	size_t len;
	struct oc_json j;
};

static struct cap *cap_new(int pretty)
{
	struct cap *c = calloc(1, sizeof *c);
	assert_non_null(c);
	c->f = open_memstream(&c->buf, &c->len);
	assert_non_null(c->f);
	oc_json_init(&c->j, c->f, pretty);
	return c;
}

static char *cap_done(struct cap *c)
{
	char *s;

	assert_int_equal(oc_json_finish(&c->j), 0);
	assert_int_equal(fclose(c->f), 0);
	s = c->buf;
	free(c);
	return s;
}

/* Deterministic doubles of every magnitude the reports use and beyond. */
static uint64_t rng = 88172645463325252ULL;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static double some_double(void)
{
	uint64_t r = next();
	double unit = (double)(r >> 11) / 9007199254740992.0;   /* [0, 1) */

	switch (r & 7) {
	case 0: return unit;                                      /* ratios */
	case 1: return unit * pow(10, (double)(next() % 30) - 12); /* 1e-12 .. 1e17 */
	case 2: return -unit * pow(10, (double)(next() % 20) - 6);
	case 3: return (double)(int64_t)(next() % 2000001 - 1000000) / 10000.0; /* "x.yyyy" */
	case 4: return ((double)(next() % 200000) + 0.5) / pow(10, (double)(next() % 6)); /* near halves */
	case 5: return (double)(next() % 1000) / 8.0;             /* exact binary ties */
	case 6: {                                                 /* any bit pattern */
		double d;
		uint64_t bits = next();
		memcpy(&d, &bits, sizeof d);
		return d;
	}
	default: return -unit * 1e-5;                             /* rounds to -0.0000 */
	}
}

static void test_fixed_matches_printf(void **state)
{
	static const double edge[] = {
		0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, 0.125, 0.375, 0.00005, -0.00005,
		0.99995, 0.999949999, 9.9999999, 1099511627775.75, 1099511627776.0,
		1099511627777.5, 1e15, 1e300, -1e300, 4.9e-324, 2.2250738585072014e-308,
		1.7976931348623157e308, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 123456.789012,
		INFINITY, -INFINITY, NAN,
	};
	struct cap *c = cap_new(0);
	struct ref want = { 0 };
	int first = 1;

	oc_json_begin_array(&c->j);
	ref_add(&want, "[", 1);
	for (int pass = 0; pass < 2; pass++) {
		size_t n = pass ? 200000 : sizeof edge / sizeof edge[0];
		for (size_t k = 0; k < n; k++) {
			double v = pass ? some_double() : edge[k];
			for (int d = 0; d <= 17; d++) {
				if (pass && d != 3 && d != 4 && (k + (size_t)d) % 5)
					continue;   /* the reports use 3 and 4: all of those */
				oc_json_fixed(&c->j, v, d);
				if (!first)
					ref_add(&want, ",", 1);
				first = 0;
				ref_fixed(&want, v, d);
			}
		}
	}
	oc_json_fixed(&c->j, 0.25, -3);   /* clamped to 0 */
	ref_add(&want, ",0", 2);
	oc_json_fixed(&c->j, 0.25, 40);   /* clamped to 17 */
	ref_add(&want, ",0.25000000000000000", 20);
	oc_json_end_array(&c->j);
	ref_add(&want, "]\n", 2);

	char *got = cap_done(c);
	assert_int_equal(strlen(got), want.len);
	assert_string_equal(got, want.s);
	free(got);
	free(want.s);
}

static void test_integers_match_printf(void **state)
{
	static const int64_t edge[] = {
		0, 1, -1, 9, 10, -10, 99, 100, 101, 999999999, 1000000000, -1000000000,
		INT64_MAX, INT64_MIN, INT64_MIN + 1, 4294967295LL, 4294967296LL,
	};
	struct cap *c = cap_new(0);
	struct ref want = { 0 };

	oc_json_begin_array(&c->j);
	ref_add(&want, "[", 1);
	for (size_t k = 0; k < 300000; k++) {
		int64_t v;
		uint64_t u;

		if (k < sizeof edge / sizeof edge[0]) {
			v = edge[k];
			u = (uint64_t)edge[k];
		} else {
			int shift = (int)(next() % 64);
			u = next() >> shift;
			v = (int64_t)(next() >> shift) * (next() & 1 ? -1 : 1);
		}
		oc_json_int(&c->j, v);
		oc_json_uint(&c->j, u);
		ref_printf(&want, "%s%lld,%llu", k ? "," : "", (long long)v, (unsigned long long)u);
	}
	oc_json_uint(&c->j, UINT64_MAX);
	ref_add(&want, ",18446744073709551615]\n", 23);
	oc_json_end_array(&c->j);

	char *got = cap_done(c);
	assert_string_equal(got, want.s);
	free(got);
	free(want.s);
}

/* The escaping of one byte string, as the writer has always done it. */
static void ref_escape(struct ref *r, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	ref_add(r, "\"", 1);
	while (*s) {
		unsigned c = *s;
		if (c == '"')
			ref_add(r, "\\\"", 2);
		else if (c == '\\')
			ref_add(r, "\\\\", 2);
		else if (c == '\n')
			ref_add(r, "\\n", 2);
		else if (c == '\t')
			ref_add(r, "\\t", 2);
		else if (c == '<' || c == '>' || c == '&' || c < 0x20 || c == 0x7F)
			ref_printf(r, "\\u%04x", c);
		else if (c == 0xE2 && s[1] == 0x80 && (s[2] == 0xA8 || s[2] == 0xA9)) {
			ref_printf(r, "\\u%04x", s[2] == 0xA8 ? 0x2028 : 0x2029);
			s += 3;
			continue;
		} else if (c == 0xC3 && s[1] >= 0x80 && s[1] <= 0xBF) {   /* the only valid 2-byte form used */
			ref_add(r, (const char *)s, 2);
			s += 2;
			continue;
		} else if (c >= 0x80)
			ref_add(r, "\\ufffd", 6);
		else
			ref_add(r, (const char *)s, 1);
		s++;
	}
	ref_add(r, "\"", 1);
}

/* Random strings from an alphabet of plain text, escapes, valid and invalid
 * UTF-8, some far longer than the block, as values and as keys. */
static void test_strings_across_blocks(void **state)
{
	static const char *const pieces[] = {
		"a", "kernel", "_Z6reducePKfPfi", "\"", "\\", "\n", "\t", "\x01", "\x1f", "\x7f",
		"<", ">", "&", "\xc3\xa9", "\xe2\x80\xa8", "\xe2\x80\xa9", "\xff", "\xc3", "\xe2\x80",
		"\xed\xa0\x80", " ", "0123456789",
	};
	const size_t np = sizeof pieces / sizeof pieces[0];
	struct cap *c = cap_new(1);
	struct ref want = { 0 };
	struct ref s = { 0 };

	oc_json_set_inline_depth(&c->j, 1);   /* the arrays below on one line */
	oc_json_begin_object(&c->j);
	ref_add(&want, "{", 1);
	for (int k = 0; k < 3000; k++) {
		size_t len = k % 500 == 7 ? 150000 : next() % 40;
		s.len = 0;
		ref_add(&s, "", 0);
		while (s.len < len) {
			const char *p = next() % 4 ? pieces[next() % 3] : pieces[next() % np];
			/* "\xc3" then a continuation byte is valid UTF-8: keep the model simple */
			if (s.len && (unsigned char)s.s[s.len - 1] == 0xc3 && (unsigned char)p[0] >= 0x80)
				p = "a";
			if (s.len && (unsigned char)s.s[s.len - 1] == 0x80 && (unsigned char)p[0] >= 0x80)
				p = "a";   /* nor may "\xe2\x80" be completed by chance */
			ref_add(&s, p, strlen(p));
		}
		char key[32];
		snprintf(key, sizeof key, "k%d<", k);
		oc_json_kv_string(&c->j, key, s.s);
		ref_printf(&want, "%s\n  \"k%d\\u003c\": ", k ? "," : "", k);
		ref_escape(&want, s.s);
		if (k % 100 == 0) {
			oc_json_key(&c->j, s.s);
			oc_json_begin_array(&c->j);
			oc_json_string(&c->j, NULL);
			oc_json_string(&c->j, s.s);
			oc_json_end_array(&c->j);
			ref_add(&want, ",\n  ", 4);
			ref_escape(&want, s.s);
			ref_add(&want, ": [ null, ", 10);
			ref_escape(&want, s.s);
			ref_add(&want, " ]", 2);
		}
	}
	oc_json_end_object(&c->j);
	ref_add(&want, "\n}\n", 3);

	char *got = cap_done(c);
	assert_true(want.len > 2 * OC_JSON_BLOCK);
	assert_int_equal(strlen(got), want.len);
	assert_string_equal(got, want.s);
	free(got);
	free(want.s);
	free(s.s);
}

/* oc_json_write_string, the timeline's escaper, on strings longer than its
 * own small block. */
static void test_write_string_long(void **state)
{
	struct ref in = { 0 }, want = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	for (int k = 0; k < 5000; k++)
		ref_add(&in, k % 7 ? "ab" : "\"<\xe2\x80\xa8\xff", k % 7 ? 2 : 7);
	ref_escape(&want, in.s);
	oc_json_write_string(f, in.s);
	oc_json_write_string(f, "");
	ref_add(&want, "\"\"", 2);
	fclose(f);
	assert_int_equal(len, want.len);
	assert_memory_equal(buf, want.s, len);
	free(buf);
	free(in.s);
	free(want.s);
}

/* Deep nesting: indentation longer than any fixed run of spaces. */
static void test_deep_indent(void **state)
{
	struct cap *c = cap_new(1);
	struct ref want = { 0 };
	const int deep = OC_JSON_MAX_DEPTH - 1;

	for (int d = 0; d < deep; d++) {
		oc_json_begin_array(&c->j);
		if (d)
			ref_printf(&want, "\n%*s", 2 * d, "");
		ref_add(&want, "[", 1);
	}
	oc_json_int(&c->j, 7);
	ref_printf(&want, "\n%*s7", 2 * deep, "");
	for (int d = deep - 1; d >= 0; d--) {
		oc_json_end_array(&c->j);
		ref_printf(&want, "\n%*s]", 2 * d, "");
	}
	ref_add(&want, "\n", 1);
	char *got = cap_done(c);
	assert_string_equal(got, want.s);
	free(got);
	free(want.s);
}

/* A stream that cannot take the output: finish says so, with errno from the
 * failed write, for a short document (all of it still in the writer's block
 * at finish) and for one far larger than the block. */
static void test_write_error(void **state)
{
	for (int big = 0; big < 2; big++) {
		FILE *f = fopen("/dev/full", "w");
		struct oc_json *j = malloc(sizeof *j);

		if (!f)
			skip();
		assert_non_null(j);
		oc_json_init(j, f, 1);
		oc_json_begin_array(j);
		for (int k = 0; k < (big ? 200000 : 3); k++)
			oc_json_string(j, "some text");
		oc_json_end_array(j);
		errno = 0;
		assert_int_equal(oc_json_finish(j), -1);
		assert_int_equal(errno, ENOSPC);
		fclose(f);
		free(j);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixed_matches_printf),
		cmocka_unit_test(test_integers_match_printf),
		cmocka_unit_test(test_strings_across_blocks),
		cmocka_unit_test(test_write_string_long),
		cmocka_unit_test(test_deep_indent),
		cmocka_unit_test(test_write_error),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
