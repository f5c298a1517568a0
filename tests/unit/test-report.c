/*
 * test-report.c: the JSON writer and the three renderings.
 *
 * The writer is checked byte for byte (escaping, nesting, misuse). The
 * renderings are checked on a hand-built trace with a hostile kernel name:
 * it must come out escaped in every format, and the text report must carry
 * no colour unless asked.
 */
#include <stdio.h>
#include <stdlib.h>

#include "scenario.h"
#include "overlapcheck/json.h"
#include "overlapcheck/report.h"

#define U 1000LL

/* Run fn(f) on a memory stream and return what it wrote (malloc'd). */
static char *capture(void (*fn)(FILE *, void *), void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	fn(f, arg);
	fclose(f);
	return buf;
}

static void w_escape(FILE *f, void *arg)
{
	oc_json_write_string(f, arg);
}

static void test_json_escaping(void **state)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "plain", "\"plain\"" },
		{ "q\"b\\s/", "\"q\\\"b\\\\s/\"" },
		{ "\n\r\t\b\f", "\"\\n\\r\\t\\b\\f\"" },
		{ "\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\"" },
		{ "</script><!--&", "\"\\u003c/script\\u003e\\u003c!--\\u0026\"" },
		{ "caf\xc3\xa9 \xe2\x9c\x93", "\"caf\xc3\xa9 \xe2\x9c\x93\"" },       /* valid UTF-8 kept */
		{ "a\xe2\x80\xa8" "b", "\"a\\u2028b\"" },                           /* line separator */
		{ "bad\xff\xc3(x", "\"bad\\ufffd\\ufffd(x\"" },                     /* invalid bytes */
		{ "\xc0\xaf", "\"\\ufffd\\ufffd\"" },                               /* overlong */
		{ "\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"" },                    /* surrogate */
		{ "trunc\xe2\x9c", "\"trunc\\ufffd\\ufffd\"" },                     /* cut sequence */
		{ "", "\"\"" },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		char *got = capture(w_escape, (void *)cases[k].in);
		assert_string_equal(got, cases[k].out);
		free(got);
	}
}

static void w_doc(FILE *f, void *arg)
{
	struct oc_json j;
	oc_json_init(&j, f, *(int *)arg);
	oc_json_begin_object(&j);
	oc_json_kv_string(&j, "a", "x");
	oc_json_key(&j, "list");
	oc_json_begin_array(&j);
	oc_json_int(&j, -3);
	oc_json_uint(&j, 18446744073709551615ULL);
	oc_json_double(&j, 0.1);
	oc_json_double(&j, 1.0 / 0.0);
	oc_json_fixed(&j, 0.12345, 2);
	oc_json_fixed(&j, -0.0001, 2);
	oc_json_bool(&j, 1);
	oc_json_null(&j);
	oc_json_begin_object(&j);
	oc_json_end_object(&j);
	oc_json_begin_array(&j);
	oc_json_end_array(&j);
	oc_json_end_array(&j);
	oc_json_kv_null(&j, "n");
	oc_json_end_object(&j);
	assert_int_equal(oc_json_finish(&j), 0);
}

static void test_json_nesting(void **state)
{
	int pretty = 0;
	char *got = capture(w_doc, &pretty);
	assert_string_equal(got, "{\"a\":\"x\",\"list\":[-3,18446744073709551615,0.1,null,0.12,0.00,true,null,{},[]],"
				 "\"n\":null}\n");
	free(got);
	pretty = 1;
	got = capture(w_doc, &pretty);
	assert_string_equal(got, "{\n  \"a\": \"x\",\n  \"list\": [\n    -3,\n    18446744073709551615,\n"
				 "    0.1,\n    null,\n    0.12,\n    0.00,\n    true,\n    null,\n    {},\n    []\n  ],\n"
				 "  \"n\": null\n}\n");
	free(got);
}

static void w_misuse(FILE *f, void *arg)
{
	struct oc_json j;
	oc_json_init(&j, f, 0);
	oc_json_begin_object(&j);
	oc_json_int(&j, 1);                 /* a value where a key is due: dropped */
	oc_json_end_array(&j);              /* wrong closer: ignored */
	oc_json_kv_int(&j, "k", 2);
	oc_json_end_object(&j);
	*(int *)arg = oc_json_finish(&j);
}

static void test_json_misuse(void **state)
{
	int rc = 0;
	char *got = capture(w_misuse, &rc);
	assert_string_equal(got, "{\"k\":2}\n");  /* still valid JSON */
	assert_int_equal(rc, -1);                 /* but the misuse is reported */
	free(got);
}

static void w_inline(FILE *f, void *arg)
{
	struct oc_json j;
	oc_json_init(&j, f, 1);
	oc_json_set_inline_depth(&j, 2);
	oc_json_begin_object(&j);
	oc_json_key(&j, "items");
	oc_json_begin_array(&j);
	oc_json_begin_object(&j);
	oc_json_kv_int(&j, "a", 1);
	oc_json_kv_int(&j, "b", 2);
	oc_json_end_object(&j);
	oc_json_end_array(&j);
	oc_json_end_object(&j);
	oc_json_finish(&j);
}

static void test_json_inline_depth(void **state)
{
	char *got = capture(w_inline, NULL);
	assert_string_equal(got, "{\n  \"items\": [\n    { \"a\": 1, \"b\": 2 }\n  ]\n}\n");
	free(got);
}

/* ---- renderings ------------------------------------------------------------- */

#define HOSTILE "</script>\"'\n|x`*\x1b[31m"

/* Two small kernels queued together and kept apart (the first: unknown), a
 * cudaFree that waited for both (hidden sync), then a pageable copy queued
 * after it (so the second kernel and the copy: host_synchronization). */
static void build(struct sc *s)
{
	sc_open(s);
	sc_kernel(s, 14, 100 * U, 200 * U, 90 * U, 91 * U, HOSTILE, 1);
	sc_kernel(s, 16, 200 * U, 300 * U, 92 * U, 93 * U, "_Z6normalv", 1);
	sc_call(s, "cudaFree", 95 * U, 302 * U);
	sc_copy(s, 14, SC_HTOD, OC_MEM_PAGEABLE, 1, 400 * U, 500 * U, 350 * U, 499 * U, "cudaMemcpyAsync");
	sc_meta(s, "env.CUDA_VISIBLE_DEVICES", "0\n|<b>");
	sc_analyse(s, NULL);
}

static void w_json(FILE *f, void *arg)
{
	assert_int_equal(oc_report_json(f, arg), 0);
}

static void w_text(FILE *f, void *arg)
{
	struct oc_report_opts o = { .color = 0, .max_rows = 20 };
	assert_int_equal(oc_report_text(f, arg, &o), 0);
}

static void w_text_color(FILE *f, void *arg)
{
	struct oc_report_opts o = { .color = 1, .max_rows = 20 };
	assert_int_equal(oc_report_text(f, arg, &o), 0);
}

static void w_md(FILE *f, void *arg)
{
	struct oc_report_opts o = { .color = 0, .max_rows = 20 };
	assert_int_equal(oc_report_markdown(f, arg, &o), 0);
}

static void test_json_report(void **state)
{
	struct sc s;
	build(&s);
	char *got = capture(w_json, &s.a);
	assert_non_null(strstr(got, "\"schema\": \"overlapcheck-report/1\""));
	/* the hostile name, escaped (the demangler gives unmangled text back as is) */
	assert_non_null(strstr(got, "\"name\": \"\\u003c/script\\u003e\\\"'\\n|x`*\\u001b[31m\""));
	assert_null(strstr(got, "</script>"));
	assert_null(strstr(got, "\x1b"));
	assert_non_null(strstr(got, "\"0\\n|\\u003cb\\u003e\""));
	/* the copy: pageable, and queued only after cudaFree waited for k2 */
	assert_non_null(strstr(got, "\"causes\": [ \"pageable_host_memory\", \"host_synchronization\","
				    " \"submitted_late\" ]"));
	/* decisive first, then the sync as the contributing cause (the late
	 * submission is that sync's own effect), and advice on the pageable copy */
	assert_non_null(strstr(got, "\"decisive_cause\": \"pageable_host_memory\", "
				    "\"contributing_cause\": \"host_synchronization\""));
	assert_non_null(strstr(got, "\"advice\": { \"id\": \"pin_host_buffer\""));
	assert_non_null(strstr(got, "\"time_split\": {"));
	assert_non_null(strstr(got, "\"lever\": {"));
	assert_non_null(strstr(got, "\"hidden_syncs\": 1"));
	assert_non_null(strstr(got, "\"api\": \"cudaFree\""));
	/* 2 kernels + 1 copy */
	assert_non_null(strstr(got, "\"claims\": 3"));
	free(got);
	sc_done(&s);
}

static void w_json_lists(FILE *f, void *arg)
{
	struct oc_report_opts ro = { .max_rows = 20, .lists = OC_LISTS_CAPPED };

	assert_int_equal(oc_report_json_opts(f, arg, &ro), 0);
}

/* The long lists' cap at its edge: hidden_syncs of 10001 (cut, said) and
 * default_stream_syncs of 10000 (whole, nothing said), made of copies of
 * the scenario's hidden sync and of a legacy-stream op. */
static void test_json_lists_cap(void **state)
{
	struct sc s;
	build(&s);
	struct oc_analysis *a = &s.a;
	struct oc_block *keep_b = a->blocks;
	size_t keep_nb = a->n_blocks, h = 0;
	struct oc_default_sync *keep_d = a->default_syncs;
	size_t keep_nd = a->n_default_syncs;
	struct oc_block *b = calloc(OC_LIST_CAP + 1, sizeof *b);
	struct oc_default_sync *d = calloc(OC_LIST_CAP, sizeof *d);

	assert_non_null(b);
	assert_non_null(d);
	while (h < keep_nb && !keep_b[h].hidden)
		h++;
	assert_true(h < keep_nb);
	for (size_t k = 0; k < OC_LIST_CAP + 1; k++)
		b[k] = keep_b[h];
	for (size_t k = 0; k < OC_LIST_CAP; k++)
		d[k].op = 0;
	a->blocks = b;
	a->n_blocks = OC_LIST_CAP + 1;
	a->default_syncs = d;
	a->n_default_syncs = OC_LIST_CAP;
	char *got = capture(w_json_lists, a);
	assert_non_null(strstr(got, "\"hidden_syncs_omitted\": {\n    \"cap\": 10000,\n    \"listed\": 10000,\n"
				    "    \"total\": 10001,\n    \"omitted\": 1,\n"
				    "    \"how_to_get_all\": \"--lists=all\"\n  },\n  \"explicit_syncs\": []"));
	assert_null(strstr(got, "\"default_stream_syncs_omitted\""));
	assert_null(strstr(got, "\"explicit_syncs_omitted\""));
	assert_non_null(strstr(got, "the hidden_syncs list holds 10000 of 10001 hidden synchronizations"));
	assert_null(strstr(got, "the default_stream_syncs list holds"));
	/* listed: 10000 hidden syncs (each names its call), 10000 legacy ops */
	size_t calls = 0;
	for (const char *p = got; (p = strstr(p, "\"rule\": ")) != NULL; p++)
		calls++;
	assert_int_equal(calls, OC_LIST_CAP);
	char cut[128];
	assert_int_equal(oc_report_lists_cut(a, OC_LISTS_CAPPED, cut, sizeof cut), 1);
	assert_string_equal(cut, "hidden_syncs (10001)");
	assert_int_equal(oc_report_lists_cut(a, OC_LISTS_CAPPED, NULL, 0), 1);
	assert_int_equal(oc_report_lists_cut(a, OC_LISTS_ALL, cut, sizeof cut), 0);
	assert_string_equal(cut, "");
	free(got);
	a->blocks = keep_b;
	a->n_blocks = keep_nb;
	a->default_syncs = keep_d;
	a->n_default_syncs = keep_nd;
	free(b);
	free(d);
	sc_done(&s);
}

static void test_text_report(void **state)
{
	struct sc s;
	build(&s);
	char *got = capture(w_text, &s.a);
	assert_null(strstr(got, "\x1b"));                 /* no colour, no injected escape */
	assert_non_null(strstr(got, "</script>\"'\\n|x`*\\x1b[31m"));
	assert_non_null(strstr(got, "0 of 1 async copies overlapped compute"));
	assert_non_null(strstr(got, "0 of 2 kernels overlapped other device work; 2 serialized: 1 host synchronization, 1 unknown"));
	assert_non_null(strstr(got, "does not check the program's results"));
	assert_non_null(strstr(got, "Hidden synchronizations"));
	free(got);
	got = capture(w_text_color, &s.a);
	assert_non_null(strstr(got, "\x1b[1m"));
	free(got);
	sc_done(&s);
}

static void test_markdown_report(void **state)
{
	struct sc s;
	build(&s);
	char *got = capture(w_md, &s.a);
	assert_non_null(strstr(got, "&lt;/script&gt;&quot;' &#124;x&#96;\\* \\[31m"));
	assert_null(strstr(got, "</script>"));
	assert_null(strstr(got, "\x1b"));
	assert_non_null(strstr(got, "| `unknown` | 1 |"));
	free(got);
	sc_done(&s);
}

/* Dropped records and an unclean exit are warned about in every format. */
static void test_incomplete_data(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_meta(&s, "dropped_records", "12");
	sc_meta(&s, "clean_exit", "0");
	sc_meta(&s, "exit_signal", "9");
	sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.summary.incomplete_data, 1);
	assert_int_equal(s.a.n_warnings, 2);
	char *got = capture(w_text, &s.a);
	assert_non_null(strstr(got, "WARNING: 12 records were dropped"));
	assert_non_null(strstr(got, "signal 9"));
	free(got);
	got = capture(w_json, &s.a);
	assert_non_null(strstr(got, "\"incomplete_data\": true"));
	assert_non_null(strstr(got, "\"clean_exit\": false"));
	free(got);
	got = capture(w_md, &s.a);
	assert_non_null(strstr(got, "> **Warning:** 12 records were dropped"));
	free(got);
	sc_done(&s);
}

/* Launches seen by the API callbacks but no device record at all (another
 * profiler took CUPTI's buffers): said, and marked as incomplete data. */
static void test_launches_without_records(void **state)
{
	struct sc s;
	sc_open(&s);
	for (int i = 0; i < 3; i++)
		sc_call(&s, "cudaLaunchKernel", (10 + i) * U, (11 + i) * U);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_claims, 0);
	assert_int_equal(s.a.summary.incomplete_data, 1);
	assert_int_equal(s.a.n_warnings, 1);
	assert_non_null(strstr(s.a.warnings[0], "no device records arrived"));
	sc_done(&s);
}

/* Lists are cut at max_rows in text with "... and N more"; JSON stays complete. */
static void test_truncation(void **state)
{
	struct sc s;
	sc_open(&s);
	for (int i = 0; i < 25; i++)
		sc_kernel(&s, 14, (100 + 10 * i) * U, (105 + 10 * i) * U, (90 + i) * U, (90 + i) * U + 10,
			  "_Z1kv", 1);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_claims, 25);
	char *got = capture(w_text, &s.a);
	assert_non_null(strstr(got, "... and 5 more"));
	free(got);
	got = capture(w_json, &s.a);
	size_t n = 0;
	for (const char *p = got; (p = strstr(p, "\"verdict\":")); p++)
		n++;
	assert_int_equal(n, 25);
	free(got);
	sc_done(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_escaping),
		cmocka_unit_test(test_json_nesting),
		cmocka_unit_test(test_json_misuse),
		cmocka_unit_test(test_json_inline_depth),
		cmocka_unit_test(test_json_report),
		cmocka_unit_test(test_json_lists_cap),
		cmocka_unit_test(test_text_report),
		cmocka_unit_test(test_markdown_report),
		cmocka_unit_test(test_incomplete_data),
		cmocka_unit_test(test_launches_without_records),
		cmocka_unit_test(test_truncation),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
