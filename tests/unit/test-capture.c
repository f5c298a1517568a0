/*
 * test-capture.c: a trace recorded in capture windows (run --capture-range,
 * --delay, --duration, --max-size; docs/schema.md "Capture"): the windows
 * are read from meta, the time between them is no idle gap, and the report
 * says what was recorded; and table callers, where the calls that held the
 * host were made from.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "scenario.h"
#include "overlapcheck/report.h"

static void windows(struct sc *s)
{
	sc_open(s);
	sc_meta(s, "capture.mode", "cudaProfilerApi");
	sc_meta(s, "capture.windows", "2");
	sc_meta(s, "capture.window.1", "1000 50000");
	sc_meta(s, "capture.window.2", "1000000 1050000");
	/* in window 1: two kernels with a 20 us gap; window 2: one kernel */
	sc_kernel(s, 14, 2000, 10000, 1500, 1600, "_Z1av", 1);
	sc_kernel(s, 14, 30000, 40000, 29000, 29100, "_Z1bv", 1);
	sc_kernel(s, 14, 1002000, 1010000, 1001000, 1001100, "_Z1cv", 1);
}

static void test_read(void **state)
{
	struct sc s;

	windows(&s);
	sc_analyse(&s, NULL);
	assert_string_equal(s.t.capture_mode, "cudaProfilerApi");
	assert_int_equal(s.t.n_capture_windows, 2);
	assert_int_equal(s.t.capture_windows[1].start_ns, 1000000);
	assert_int_equal(s.t.capture_windows[1].end_ns, 1050000);
	sc_done(&s);
}

/* The 20 us gap inside window 1 is a gap; the 960 us between the windows is not. */
static void test_gaps(void **state)
{
	struct oc_analysis_options o;
	struct sc s;

	oc_analysis_options_init(&o);
	o.whole = 1;
	windows(&s);
	sc_analyse(&s, &o);
	for (size_t i = 0; i < s.a.n_gaps; i++)
		assert_true(s.a.gaps[i].end_ns <= 50000);
	size_t in_window = 0;
	for (size_t i = 0; i < s.a.n_gaps; i++)
		in_window += s.a.gaps[i].start_ns == 10000 && s.a.gaps[i].end_ns == 30000;
	assert_int_equal(in_window, 1);
	sc_done(&s);
}

static void test_report(void **state)
{
	struct sc s;
	char buf[1 << 16];
	FILE *f;
	size_t n;

	windows(&s);
	sc_meta(&s, "capture.stopped", "duration");
	sc_analyse(&s, NULL);
	f = fmemopen(buf, sizeof buf - 1, "w");
	assert_non_null(f);
	assert_int_equal(oc_report_text(f, &s.a, NULL), 0);
	n = (size_t)ftell(f);
	fclose(f);
	buf[n] = '\0';
	assert_non_null(strstr(buf, "Capture: cudaProfilerApi, 2 windows recorded"));
	assert_non_null(strstr(buf, "stopped by the --duration limit"));
	sc_done(&s);

	/* an open window (killed before its end) and a nonsense one */
	sc_open(&s);
	sc_meta(&s, "capture.mode", "nvtx");
	sc_meta(&s, "capture.nvtx_range", "step");
	sc_meta(&s, "capture.windows", "2");
	sc_meta(&s, "capture.window.1", "5000 1000");
	sc_meta(&s, "capture.window.2", "7000");
	sc_kernel(&s, 14, 8000, 9000, 7500, 7600, "_Z1av", 1);
	sc_analyse(&s, NULL);
	assert_int_equal(s.t.n_capture_windows, 1);
	assert_true(s.t.capture_windows[0].end_ns == INT64_MAX);
	assert_string_equal(s.t.capture_nvtx, "step");
	sc_done(&s);
}

/* Table callers: where a hidden synchronization was called from, in the report. */
static void test_callers(void **state)
{
	struct sc s;
	char buf[1 << 16];
	FILE *f;
	size_t n;

	sc_open(&s);
	sc_exec(&s, "CREATE TABLE callers (correlation_id INTEGER NOT NULL, domain INTEGER NOT NULL,"
		    " call_ns INTEGER NOT NULL, frames TEXT NOT NULL)");
	sc_kernel(&s, 14, 100000, 200000, 90000, 91000, "_Z1kv", 1);
	int fr = sc_call(&s, "cudaFree", 120000, 205000);
	sc_exec(&s, "INSERT INTO callers VALUES (%d, 1, 85000, 'train_step+0x41 (/opt/app+0x1234)\n"
		    "main+0x20 (/opt/app+0x900)')", fr);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_blocks, 1);
	assert_non_null(oc_trace_caller(&s.t, s.a.blocks[0].api));
	assert_null(oc_trace_caller(&s.t, 0));     /* the launch: no row */
	f = fmemopen(buf, sizeof buf - 1, "w");
	assert_int_equal(oc_report_text(f, &s.a, NULL), 0);
	n = (size_t)ftell(f);
	fclose(f);
	buf[n] = '\0';
	assert_non_null(strstr(buf, "called from train_step+0x41 (/opt/app+0x1234)"));
	f = fmemopen(buf, sizeof buf - 1, "w");
	assert_int_equal(oc_report_json(f, &s.a), 0);
	n = (size_t)ftell(f);
	fclose(f);
	buf[n] = '\0';
	assert_non_null(strstr(buf, "\"called_from\": [ \"train_step+0x41 (/opt/app+0x1234)\", "
				    "\"main+0x20 (/opt/app+0x900)\" ]"));
	sc_done(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_gaps),
		cmocka_unit_test(test_report),
		cmocka_unit_test(test_callers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
