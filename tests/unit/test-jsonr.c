/*
 * test-jsonr.c: the JSON reader (src/util/jsonr.c): what the writer
 * (json.h) writes reads back the same, escapes and surrogate pairs, numbers,
 * partial reads of the top-level object, and errors that name the line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "overlapcheck/json.h"
#include "overlapcheck/jsonr.h"

static int parse(struct oc_jdoc *d, const char *text, const char *const *keep, char *err)
{
	return oc_jdoc_parse(d, text, strlen(text), keep, err, 256);
}

/* The writer's output, hostile strings and all, reads back the same. */
static void test_round_trip(void **state)
{
	static const char hostile[] = "</script> \"q\" back\\slash \x01 tab\t \xe2\x80\xa8 caf\xc3\xa9";
	char *buf = NULL, err[256];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct oc_json *j = malloc(sizeof *j);
	struct oc_jdoc d;

	assert_non_null(f);
	oc_json_init(j, f, 1);
	oc_json_begin_object(j);
	oc_json_kv_string(j, "s", hostile);
	oc_json_kv_int(j, "big", INT64_C(1800000000000000123));
	oc_json_kv_int(j, "neg", -42);
	oc_json_kv_fixed(j, "share", 0.25, 4);
	oc_json_kv_bool(j, "yes", 1);
	oc_json_kv_null(j, "none");
	oc_json_key(j, "list");
	oc_json_begin_array(j);
	for (int k = 0; k < 3; k++) {
		oc_json_begin_object(j);
		oc_json_kv_int(j, "k", k);
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
	oc_json_end_object(j);
	assert_int_equal(oc_json_finish(j), 0);
	fclose(f);
	free(j);

	if (oc_jdoc_parse(&d, buf, len, NULL, err, sizeof err))
		fail_msg("%s", err);
	assert_string_equal(oc_jv_str(oc_jv_get(&d.root, "s")), hostile);
	assert_int_equal(oc_jv_int(oc_jv_get(&d.root, "big"), 0), INT64_C(1800000000000000123));
	assert_int_equal(oc_jv_int(oc_jv_get(&d.root, "neg"), 0), -42);
	assert_true(oc_jv_get(&d.root, "share")->d == 0.25);
	assert_int_equal(oc_jv_get(&d.root, "share")->is_int, 0);
	assert_int_equal(oc_jv_get(&d.root, "yes")->b, 1);
	assert_int_equal(oc_jv_get(&d.root, "none")->type, OC_JV_NULL);
	const struct oc_jv *l = oc_jv_get(&d.root, "list");
	assert_int_equal(l->type, OC_JV_ARR);
	assert_int_equal(l->n, 3);
	assert_int_equal(oc_jv_int(oc_jv_get(&l->v[2], "k"), -1), 2);
	assert_null(oc_jv_get(&d.root, "missing"));
	assert_null(oc_jv_get(l, "k"));
	oc_jdoc_release(&d);
	free(buf);
}

static void test_escapes(void **state)
{
	struct oc_jdoc d;
	char err[256];

	assert_int_equal(parse(&d, "[\"\\u00e9\\ud83d\\ude00\\/\\n\", \"\\ud800x\", \"a\\u0000b\", \"42\"]",
			       NULL, err), 0);
	assert_string_equal(d.root.v[0].s, "\xc3\xa9\xf0\x9f\x98\x80/\n");
	assert_string_equal(d.root.v[1].s, "\xef\xbf\xbdx");    /* a lone surrogate: U+FFFD */
	assert_int_equal(d.root.v[2].len, 3);
	assert_int_equal(oc_jv_int(&d.root.v[3], -1), 42);      /* meta values are strings */
	assert_int_equal(oc_jv_int(&d.root.v[0], -1), -1);
	oc_jdoc_release(&d);
}

/* Only the named top-level members are built; the rest is still checked. */
static void test_keep(void **state)
{
	static const char *const keep[] = { "passport", "collectives", NULL };
	struct oc_jdoc d;
	char err[256];

	assert_int_equal(parse(&d, "{\"claims\": [{\"a\": [1, 2, {\"b\": null}]}], \"passport\": "
			       "{\"rank\": \"1\"}, \"collectives\": [], \"x\": 1e5}", keep, err), 0);
	assert_int_equal(d.root.n, 2);
	assert_null(oc_jv_get(&d.root, "claims"));
	assert_int_equal(oc_jv_int(oc_jv_get(oc_jv_get(&d.root, "passport"), "rank"), -1), 1);
	oc_jdoc_release(&d);
	/* a syntax error in a skipped member is still an error */
	assert_int_equal(parse(&d, "{\"claims\": [1, 2,], \"passport\": {}}", keep, err), -1);
	assert_non_null(strstr(err, "expected a value"));
	oc_jdoc_release(&d);
	assert_int_equal(parse(&d, "[1]", keep, err), -1);
	assert_non_null(strstr(err, "expected an object"));
	oc_jdoc_release(&d);
}

static void test_errors(void **state)
{
	static const char *const bad[] = {
		"", "{", "{\"a\" 1}", "[1 2]", "\"open", "tru", "01", "1.", "1e", "{\"a\": 1} x",
		"\"\\q\"", "\"a\nb\"", "{1: 2}", "-",
	};
	struct oc_jdoc d;
	char err[256], deep[200];

	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		if (parse(&d, bad[k], NULL, err) == 0)
			fail_msg("accepted: %s", bad[k]);
		assert_int_equal(d.root.type, OC_JV_NULL);
		oc_jdoc_release(&d);
	}
	assert_int_equal(parse(&d, "{\n\"a\": 1,\n\"b\" 2}", NULL, err), -1);
	assert_string_equal(err, "line 3: expected ':' after an object key");
	oc_jdoc_release(&d);
	memset(deep, '[', 100);
	memset(deep + 100, ']', 100);
	assert_int_equal(oc_jdoc_parse(&d, deep, 200, NULL, err, sizeof err), -1);
	assert_non_null(strstr(err, "nested deeper"));
	oc_jdoc_release(&d);
	/* numbers: an integer too big for int64 keeps its double */
	assert_int_equal(parse(&d, "[99999999999999999999, -0, 3.5]", NULL, err), 0);
	assert_int_equal(d.root.v[0].is_int, 0);
	assert_true(d.root.v[0].d > 9e19);
	assert_int_equal(d.root.v[1].is_int, 1);
	assert_int_equal(d.root.v[2].i, 3);
	oc_jdoc_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_escapes),
		cmocka_unit_test(test_keep),
		cmocka_unit_test(test_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
