/*
 * test-rules.c: rules parsing and deciding, and the escaping of the CI
 * writers (JUnit XML, GitHub workflow commands) on hostile strings.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "overlapcheck/check-report.h"
#include "overlapcheck/rules.h"

/* Run a writer into a string. */
#define CAPTURE(buf, call) do {                                          \
	size_t len_;                                                     \
	FILE *f = open_memstream(&(buf), &len_);                         \
	assert_non_null(f);                                              \
	call;                                                            \
	fclose(f);                                                       \
} while (0)

static void test_fraction(void **state)
{
	double v;

	assert_int_equal(oc_parse_fraction("0.5", &v), 0);
	assert_true(v == 0.5);
	assert_int_equal(oc_parse_fraction("25%", &v), 0);
	assert_true(v == 0.25);
	assert_int_equal(oc_parse_fraction("0", &v), 0);
	assert_true(v == 0.0);
	assert_int_equal(oc_parse_fraction("1", &v), 0);
	assert_true(v == 1.0);
	assert_int_equal(oc_parse_fraction("100%", &v), 0);
	assert_true(v == 1.0);
	const char *bad[] = { "", " 0.5", "1.5", "-0.1", "abc", "0.5x", "nan", "inf",
			      "50%%", "101%", "0.5 ", NULL };
	for (int i = 0; bad[i]; i++) {
		v = 42;
		assert_int_equal(oc_parse_fraction(bad[i], &v), -1);
		assert_true(v == 42);
	}
}

static void test_count(void **state)
{
	long long n;

	assert_int_equal(oc_parse_count("0", &n), 0);
	assert_int_equal(n, 0);
	assert_int_equal(oc_parse_count("1234", &n), 0);
	assert_int_equal(n, 1234);
	assert_int_equal(oc_parse_count("-1", &n), -1);
	assert_int_equal(oc_parse_count("1.5", &n), -1);
	assert_int_equal(oc_parse_count("", &n), -1);
	assert_int_equal(oc_parse_count("99999999999999999999999", &n), -1);
	assert_int_equal(oc_parse_count("+3", &n), -1);
}

static void test_lookup(void **state)
{
	assert_int_equal(oc_rule_lookup("min-copy-overlap"), OC_RULE_MIN_COPY_OVERLAP);
	assert_int_equal(oc_rule_lookup("--max-idle"), OC_RULE_MAX_IDLE);
	assert_int_equal(oc_rule_lookup("no-hidden-sync"), OC_RULE_NO_HIDDEN_SYNC);
	assert_int_equal(oc_rule_lookup("min-copy-overlaps"), -1);
	/* the old name is no rule name: oc_rules_add() reads it, with a note */
	assert_int_equal(oc_rule_lookup("min-overlap"), -1);
	assert_int_equal(oc_rule_lookup(""), -1);
	for (int k = 0; k < OC_RULE__COUNT; k++)
		assert_int_equal(oc_rule_lookup(oc_rule_name(k)), k);
}

static void test_causes(void **state)
{
	assert_true(oc_cause_is_claim_cause("pageable_host_memory"));
	assert_true(oc_cause_is_claim_cause("legacy_default_stream"));
	assert_true(oc_cause_is_claim_cause("sm_saturation"));
	assert_false(oc_cause_is_claim_cause("module_loading"));
	assert_true(oc_cause_is_gap_cause("module_loading"));
	assert_true(oc_cause_is_gap_cause("dependency_wait"));
	assert_false(oc_cause_is_gap_cause("pageable_host_memory"));
	assert_false(oc_cause_is_claim_cause("Pageable_host_memory"));
	assert_false(oc_cause_is_claim_cause(""));
}

static const char good_rules[] =
	"# overlap gate for the pipeline\n"
	"\n"
	"min-copy-overlap 0.5\n"
	"   min-overlapped-claims   80%   # most claims\n"
	"no-hidden-sync\r\n"
	"max-idle\t0.1\n"
	"forbid-cause pageable_host_memory\n"
	"forbid-cause legacy_default_stream\n"
	"forbid-cause pageable_host_memory\n"
	"max-dropped 0\n"
	"min-copy-overlap 0.6   # a later line replaces the earlier limit\n";

static void test_parse_text(void **state)
{
	struct oc_rules r;
	char err[256] = "";

	oc_rules_init(&r);
	assert_int_equal(oc_rules_parse_text(&r, good_rules, "gate.rules", err, sizeof err), 9);
	/* 9 lines, but one duplicate forbid-cause and one replaced min-copy-overlap */
	assert_int_equal(r.n, 7);
	assert_int_equal(r.v[0].kind, OC_RULE_MIN_COPY_OVERLAP);
	assert_true(r.v[0].limit == 0.6);
	assert_string_equal(r.v[0].origin, "gate.rules:11");
	assert_int_equal(r.v[1].kind, OC_RULE_MIN_OVERLAPPED_CLAIMS);
	assert_true(r.v[1].limit == 0.8);
	assert_int_equal(r.v[2].kind, OC_RULE_NO_HIDDEN_SYNC);
	assert_int_equal(r.v[3].kind, OC_RULE_MAX_IDLE);
	assert_true(r.v[3].limit == 0.1);
	assert_int_equal(r.v[4].kind, OC_RULE_FORBID_CAUSE);
	assert_string_equal(r.v[4].cause, "pageable_host_memory");
	assert_int_equal(r.v[5].kind, OC_RULE_FORBID_CAUSE);
	assert_string_equal(r.v[5].cause, "legacy_default_stream");
	assert_int_equal(r.v[6].kind, OC_RULE_MAX_DROPPED);
	assert_true(r.v[6].limit == 0);
	oc_rules_release(&r);
}

static void expect_error(const char *text, const char *want)
{
	struct oc_rules r;
	char err[256] = "";

	oc_rules_init(&r);
	assert_int_equal(oc_rules_parse_text(&r, text, "bad.rules", err, sizeof err), -1);
	if (!strstr(err, want))
		fail_msg("error '%s' does not contain '%s'", err, want);
	oc_rules_release(&r);
}

static void test_parse_errors(void **state)
{
	expect_error("min-copy-overlap 0.5\nmin-copy-overlapp 0.5\n", "bad.rules:2: unknown rule 'min-copy-overlapp'");
	expect_error("\n\nforbid-cause pagable_host_memory\n",
		     "bad.rules:3: forbid-cause: unknown cause code 'pagable_host_memory'");
	expect_error("min-copy-overlap 1.5\n", "bad.rules:1: min-copy-overlap: '1.5' is not a fraction");
	expect_error("max-idle\n", "bad.rules:1: max-idle needs an argument");
	expect_error("no-hidden-sync yes\n", "no-hidden-sync takes no argument, got 'yes'");
	expect_error("min-copy-overlap 0.5 0.6\n", "bad.rules:1: too many words");
	expect_error("max-dropped -1\n", "max-dropped: '-1' is not a non-negative integer");
	expect_error("--min-copy-overlap 0.5\n", "write rules without '--'");
}

static void test_parse_file(void **state)
{
	struct oc_rules r;
	char err[256] = "", path[] = "/tmp/oc-test-rules-XXXXXX";
	int fd = mkstemp(path);
	FILE *f;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs("max-idle 20%\n# only a comment\nno-hidden-sync", f);  /* no final newline */
	fclose(f);
	oc_rules_init(&r);
	assert_int_equal(oc_rules_parse_file(&r, path, err, sizeof err), 2);
	assert_int_equal(r.n, 2);
	assert_true(r.v[0].limit == 0.2);
	oc_rules_release(&r);
	unlink(path);

	oc_rules_init(&r);
	assert_int_equal(oc_rules_parse_file(&r, path, err, sizeof err), -1);
	assert_non_null(strstr(err, "cannot open rules file '"));
	oc_rules_release(&r);
}

/* The share rule's old name, min-overlap, is read as min-copy-overlap for
 * one release, and each use leaves a note naming where it was written. */
static void test_old_name(void **state)
{
	struct oc_rules r;
	char err[256];

	oc_rules_init(&r);
	assert_int_equal(oc_rules_parse_text(&r, "min-overlap 0.4\nmax-idle 0.1\n", "ci.rules", err, sizeof err), 2);
	assert_int_equal(r.v[0].kind, OC_RULE_MIN_COPY_OVERLAP);
	assert_true(r.v[0].limit > 0.39 && r.v[0].limit < 0.41);
	assert_int_equal(r.n_notes, 1);
	assert_non_null(strstr(r.notes[0], "ci.rules:1: min-overlap is the old name of min-copy-overlap"));
	assert_int_equal(oc_rules_add(&r, "--min-overlap", "0.5", "--min-overlap", err, sizeof err), 0);
	assert_int_equal(r.n_notes, 2);
	assert_non_null(strstr(r.notes[1], "--min-overlap is the old name of --min-copy-overlap"));
	/* the rule given last wins, and is named by its new name */
	assert_int_equal(r.n, 2);
	assert_string_equal(r.v[0].origin, "--min-copy-overlap");
	assert_int_equal(oc_rules_add(&r, "min-overlapp", "0.5", "x", err, sizeof err), -1);
	assert_int_equal(r.n_notes, 2);
	oc_rules_release(&r);
}

static void test_decide(void **state)
{
	struct oc_rules r;
	char err[256];

	oc_rules_init(&r);
	assert_int_equal(oc_rules_add(&r, "min-copy-overlap", "0.5", "--min-copy-overlap", err, sizeof err), 0);
	assert_int_equal(oc_rules_add(&r, "max-idle", "0.1", "--max-idle", err, sizeof err), 0);
	assert_int_equal(oc_rules_add(&r, "no-hidden-sync", NULL, "--no-hidden-sync", err, sizeof err), 0);
	assert_int_equal(oc_rules_add(&r, "max-dropped", "3", "--max-dropped", err, sizeof err), 0);
	assert_int_equal(oc_rules_add(&r, "forbid-cause", "module_loading", "x", err, sizeof err), 0);
	assert_int_equal(oc_rules_add(&r, "max-lever-bound", "25%", "--max-lever-bound", err, sizeof err), 0);
	assert_int_equal(oc_rules_add(&r, "max-lever-bound", "2", "--max-lever-bound", err, sizeof err), -1);
	assert_non_null(strstr(err, "not a fraction"));

	/* The limit itself holds: >= for min, <= for max. */
	assert_int_equal(oc_rule_decide(&r.v[0], 0.5), OC_RULE_PASS);
	assert_int_equal(oc_rule_decide(&r.v[0], 0.4999), OC_RULE_FAIL);
	assert_int_equal(oc_rule_decide(&r.v[0], NAN), OC_RULE_SKIP);
	assert_int_equal(oc_rule_decide(&r.v[1], 0.1), OC_RULE_PASS);
	assert_int_equal(oc_rule_decide(&r.v[1], 0.1001), OC_RULE_FAIL);
	assert_int_equal(oc_rule_decide(&r.v[2], 0), OC_RULE_PASS);
	assert_int_equal(oc_rule_decide(&r.v[2], 1), OC_RULE_FAIL);
	assert_int_equal(oc_rule_decide(&r.v[3], 3), OC_RULE_PASS);
	assert_int_equal(oc_rule_decide(&r.v[3], 4), OC_RULE_FAIL);
	assert_int_equal(oc_rule_decide(&r.v[4], 0), OC_RULE_PASS);
	assert_int_equal(oc_rule_decide(&r.v[4], 2), OC_RULE_FAIL);
	assert_int_equal(oc_rule_decide(&r.v[5], 0.25), OC_RULE_PASS);
	assert_int_equal(oc_rule_decide(&r.v[5], 0.2501), OC_RULE_FAIL);
	assert_int_equal(oc_rule_decide(&r.v[5], NAN), OC_RULE_SKIP);

	char buf[64];
	assert_string_equal(oc_rule_label(&r.v[0], buf, sizeof buf), "min-copy-overlap 50.0%");
	assert_string_equal(oc_rule_label(&r.v[3], buf, sizeof buf), "max-dropped 3");
	assert_string_equal(oc_rule_label(&r.v[4], buf, sizeof buf), "forbid-cause module_loading");
	assert_string_equal(oc_rule_value_text(&r.v[0], 0.123, buf, sizeof buf), "12.3%");
	assert_string_equal(oc_rule_value_text(&r.v[0], NAN, buf, sizeof buf), "n/a");
	oc_rules_release(&r);
}

static void test_xml_escape(void **state)
{
	char *out = NULL;

	CAPTURE(out, oc_xml_escape(f, "k<T>&\"q\"'a'"));
	assert_string_equal(out, "k&lt;T&gt;&amp;&quot;q&quot;&apos;a&apos;");
	free(out);

	/* Controls, invalid and overlong UTF-8 and surrogates become U+FFFD;
	 * valid UTF-8 stays, line breaks are kept as character references. */
	CAPTURE(out, oc_xml_escape(f, "a\x01" "b\xff" "c\xC0\x80" "d\xED\xA0\x80" "e\xC3\xA9\n\t"
				      "\xE2\x82" "f\xF0\x9F\x98\x80"));
	assert_string_equal(out, "a\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xEF\xBF\xBD\xEF\xBF\xBD"
				 "d\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" "e\xC3\xA9&#10;&#9;"
				 "\xEF\xBF\xBD\xEF\xBF\xBD" "f\xF0\x9F\x98\x80");
	free(out);

	CAPTURE(out, oc_xml_escape(f, NULL));
	assert_string_equal(out, "");
	free(out);
}

static void test_gha_escape(void **state)
{
	char *out = NULL;

	CAPTURE(out, oc_gha_escape(f, "50% a:b,c\r\nd", 0));
	assert_string_equal(out, "50%25 a:b,c%0D%0Ad");
	free(out);
	CAPTURE(out, oc_gha_escape(f, "50% a:b,c\r\nd", 1));
	assert_string_equal(out, "50%25 a%3Ab%2Cc%0D%0Ad");
	free(out);
	CAPTURE(out, oc_gha_escape(f, "a\x01\x1b[2J\x7f\xc3\xa9", 0));
	assert_string_equal(out, "a\\x01\\x1b[2J\\x7f\xc3\xa9");
	free(out);
}

/* A suite with one result of each status, and a hostile kernel name. */
static void make_suite(struct oc_check_suite *s, struct oc_rules *r)
{
	char err[128];
	struct oc_rule_result *res;

	oc_rules_init(r);
	assert_int_equal(oc_rules_add(r, "min-copy-overlap", "0.5", "o", err, sizeof err), 0);
	assert_int_equal(oc_rules_add(r, "no-hidden-sync", NULL, "o", err, sizeof err), 0);
	assert_int_equal(oc_rules_add(r, "max-idle", "0.1", "o", err, sizeof err), 0);
	oc_suite_init(s, "run<1>.db");
	res = oc_suite_add(s, &r->v[0], OC_RULE_FAIL, 0.25);
	oc_result_message(res, "copy/compute overlap 25.0%% < 50.0%%");
	oc_result_evidence(res, "kernel </failure><x a=\"1\">&evil; in stream 13");
	oc_result_evidence(res, "second line:\nwith, newline");
	res = oc_suite_add(s, &r->v[1], OC_RULE_PASS, 0);
	oc_result_message(res, "0 hidden synchronizations");
	res = oc_suite_add(s, &r->v[2], OC_RULE_SKIP, NAN);
	oc_result_message(res, "no device ops");
	oc_suite_warn(s, "3 dropped records: verdicts rest on incomplete data");
}

static void test_junit(void **state)
{
	struct oc_check_suite s;
	struct oc_rules r;
	char *out = NULL;

	make_suite(&s, &r);
	assert_int_equal(oc_suite_failures(&s), 1);
	CAPTURE(out, assert_int_equal(oc_junit_write(f, &s, 1), 0));
	assert_non_null(strstr(out, "<testsuites name=\"overlapcheck check\" tests=\"3\" failures=\"1\" "
				    "errors=\"0\" skipped=\"1\""));
	assert_non_null(strstr(out, "<testsuite name=\"run&lt;1&gt;.db\" tests=\"3\" failures=\"1\""));
	assert_non_null(strstr(out, "<failure type=\"min-copy-overlap\" message=\"copy/compute overlap 25.0% &lt; 50.0%\">"));
	assert_non_null(strstr(out, "kernel &lt;/failure&gt;&lt;x a=&quot;1&quot;&gt;&amp;evil; in stream 13"));
	assert_non_null(strstr(out, "<skipped message=\"no device ops\"/>"));
	assert_non_null(strstr(out, "<system-err>warning: 3 dropped records"));
	/* the hostile text never appears unescaped */
	assert_null(strstr(out, "</failure><x"));
	free(out);
	oc_suite_release(&s);
	oc_rules_release(&r);
}

static void test_gha_write(void **state)
{
	struct oc_check_suite s;
	struct oc_rules r;
	char *out = NULL;

	make_suite(&s, &r);
	CAPTURE(out, oc_gha_write(f, &s, 1));
	assert_string_equal(out,
		"::warning title=overlapcheck%3A run<1>.db::3 dropped records: verdicts rest on incomplete data\n"
		"::error title=overlapcheck FAIL%3A min-copy-overlap 50.0%25::run<1>.db: copy/compute overlap "
		"25.0%25 < 50.0%25%0Akernel </failure><x a=\"1\">&evil; in stream 13%0Asecond line:%0Awith, newline\n");
	free(out);
	oc_suite_release(&s);
	oc_rules_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fraction),
		cmocka_unit_test(test_count),
		cmocka_unit_test(test_lookup),
		cmocka_unit_test(test_old_name),
		cmocka_unit_test(test_causes),
		cmocka_unit_test(test_parse_text),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_parse_file),
		cmocka_unit_test(test_old_name),
		cmocka_unit_test(test_decide),
		cmocka_unit_test(test_xml_escape),
		cmocka_unit_test(test_gha_escape),
		cmocka_unit_test(test_junit),
		cmocka_unit_test(test_gha_write),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
