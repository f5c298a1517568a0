/*
 * test-host.c: the host story (src/analysis/host.c, docs/causes.md "The
 * host story") and the one diagnosis (advice.c: oc_advice_follow_lever), on
 * hand-built traces whose device waits for the host. Each checks the
 * per-thread sums against the gaps built, and the remedy the evidence
 * selects. Times in µs (U).
 */
#include "scenario.h"

#define U 1000LL

/* Kernels of 10 µs on stream 14, each launched 1 ms after the last ended,
 * the thread outside CUDA calls in between: late submission most of the
 * window, the CPU's own work the remedy. */
static void test_story_cpu_work(void **state)
{
	struct sc s;
	sc_open(&s);
	for (int k = 0; k < 4; k++)
		sc_kernel(&s, 14, (1000 * k + 100) * U, (1000 * k + 110) * U, (1000 * k + 95) * U,
			  (1000 * k + 97) * U, "_Z1kv", 1);
	sc_analyse(&s, NULL);
	const struct oc_host_story *h = &s.a.host;
	assert_int_equal(s.a.summary.lever, OC_LEVER_HOST_LATE);
	assert_true(h->given);
	assert_int_equal(h->submitting_threads, 1);
	assert_int_equal(h->n_threads, 1);
	/* three gaps of 990 µs, each queued by a 2 µs launch that ends 3 µs before the kernel */
	assert_int_equal(h->threads[0].gaps, 3);
	assert_int_equal(h->threads[0].gap_ns, 3 * 990 * U);
	assert_int_equal(h->threads[0].inside_ns, 3 * 2 * U);
	assert_int_equal(h->threads[0].outside_ns, 3 * 988 * U);
	assert_int_equal(h->threads[0].n_fns, 1);
	assert_int_equal(h->threads[0].fns[0].calls, 3);
	assert_int_equal(h->threads[0].kernels, 4);
	assert_int_equal(h->threads[0].launch_longer, 0);
	assert_int_equal(h->remedy, OC_ADVICE_HOST_CPU_WORK);
	assert_int_equal(h->late_ns, s.a.summary.time.ns[OC_TIME_IDLE_LATE]);
	sc_done(&s);
}

/* 12 kernels of 2 µs, each launch call 8 µs long after 30 µs of the host's
 * own work: the device idles 38 of every 40 µs, every kernel shorter than
 * its launch: a CUDA graph (before the CPU work, by the order). */
static void test_story_graph_capture(void **state)
{
	struct sc s;
	sc_open(&s);
	for (int k = 0; k < 12; k++)
		sc_kernel(&s, 14, (40 * k + 38) * U, (40 * k + 40) * U, (40 * k + 30) * U, (40 * k + 38) * U,
			  "_Z1kv", 1);
	sc_analyse(&s, NULL);
	const struct oc_host_story *h = &s.a.host;
	assert_true(h->given);
	assert_int_equal(h->threads[0].kernels, 12);
	assert_int_equal(h->threads[0].launch_longer, 12);
	assert_int_equal(h->threads[0].gaps, 11);
	assert_int_equal(h->threads[0].outside_ns, 11 * 30 * U);
	assert_int_equal(h->threads[0].inside_ns, 11 * 8 * U);
	assert_int_equal(h->remedy, OC_ADVICE_HOST_GRAPH_CAPTURE);
	sc_done(&s);
}

/* Before each of three launches of the same kernel, cudaFuncGetAttributes
 * held the thread for 800 of the gap's 990 µs: move it out of the loop. */
static void test_story_slow_call(void **state)
{
	struct sc s;
	sc_open(&s);
	for (int k = 0; k < 4; k++) {
		if (k)
			sc_call(&s, "cudaFuncGetAttributes", (1000 * k - 880) * U, (1000 * k - 80) * U);
		sc_kernel(&s, 14, (1000 * k + 100) * U, (1000 * k + 110) * U, (1000 * k + 95) * U,
			  (1000 * k + 97) * U, "_Z1kv", 1);
	}
	sc_analyse(&s, NULL);
	const struct oc_host_story *h = &s.a.host;
	assert_true(h->given);
	assert_int_equal(h->threads[0].slow_gaps, 3);
	assert_int_equal(h->threads[0].slow_ns, 3 * 990 * U);
	assert_string_equal(oc_trace_str(&s.t, s.t.api[h->threads[0].slow_api].name), "cudaFuncGetAttributes");
	assert_string_equal(oc_trace_str(&s.t, h->threads[0].fns[0].name), "cudaFuncGetAttributes");
	assert_int_equal(h->threads[0].fns[0].total_ns, 3 * 800 * U);
	assert_int_equal(h->remedy, OC_ADVICE_HOST_SLOW_CALL);
	char buf[512];
	assert_non_null(strstr(oc_host_remedy_text(&s.a, buf, sizeof buf), "move it out of the loop"));
	sc_done(&s);
}

/* Two threads, each queuing on its own stream late: each gap is counted for
 * the thread that queued its next op, and the sums are per thread. */
static void test_story_two_threads(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_set_tid(&s, 1);
	sc_kernel(&s, 14, 100 * U, 110 * U, 95 * U, 97 * U, "_Z1av", 1);
	sc_kernel(&s, 14, 2100 * U, 2110 * U, 2095 * U, 2097 * U, "_Z1av", 1);
	sc_set_tid(&s, 2);
	sc_kernel(&s, 16, 1100 * U, 1110 * U, 1095 * U, 1097 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	const struct oc_host_story *h = &s.a.host;
	assert_true(h->given);
	assert_int_equal(h->submitting_threads, 2);
	assert_int_equal(h->n_threads, 2);
	for (size_t k = 0; k < 2; k++) {
		assert_int_equal(h->threads[k].gaps, 1);
		assert_int_equal(h->threads[k].gap_ns, 990 * U);
	}
	assert_int_equal(h->threads[0].tid + h->threads[1].tid, 3);
	sc_done(&s);
}

/* A device kept busy by two streams: no story, and more-streams advice stays. */
static void test_no_story_when_busy(void **state)
{
	struct sc s;
	sc_open(&s);
	int c = sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 100 * U, 200 * U, 90 * U, 91 * U, "cudaMemcpyAsync");
	sc_kernel(&s, 14, 200 * U, 900 * U, 92 * U, 93 * U, "_Z1kv", 1);
	sc_analyse(&s, NULL);
	assert_false(s.a.host.given);
	assert_int_equal(s.a.host.n_threads, 0);
	assert_int_equal(sc_claim(&s, c)->advice, OC_ADVICE_COPY_ON_SIDE_STREAM);
	sc_done(&s);
}

/* One diagnosis (E6): the same copy and its consumer in one stream, but the
 * host late most of the window: the copy is not advised a side stream. */
static void test_host_first_advice(void **state)
{
	struct sc s;
	sc_open(&s);
	int c = sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 100 * U, 110 * U, 90 * U, 91 * U, "cudaMemcpyAsync");
	sc_kernel(&s, 14, 110 * U, 120 * U, 92 * U, 93 * U, "_Z1kv", 1);
	sc_kernel(&s, 14, 2000 * U, 2010 * U, 1995 * U, 1997 * U, "_Z1kv", 1);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.summary.lever, OC_LEVER_HOST_LATE);
	assert_int_equal(sc_claim(&s, c)->evidence[0].cause, OC_CAUSE_SAME_STREAM_ORDER);
	assert_int_equal(sc_claim(&s, c)->advice, OC_ADVICE_HOST_FIRST);
	assert_string_equal(oc_advice_id(OC_ADVICE_HOST_FIRST), "host_first");
	sc_done(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_story_cpu_work),
		cmocka_unit_test(test_story_graph_capture),
		cmocka_unit_test(test_story_slow_call),
		cmocka_unit_test(test_story_two_threads),
		cmocka_unit_test(test_no_story_when_busy),
		cmocka_unit_test(test_host_first_advice),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
