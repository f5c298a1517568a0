/*
 * test-explain.c: the explanation rules of docs/causes.md on hand-built
 * traces: adjacent partners, fresh host blocks, same_direction_copy, the
 * decisive and contributing causes, advice chosen from the evidence, the
 * steady-state window, where the time went and the lever. Each trace is
 * the smallest design that makes one rule matter; the expectations follow
 * from the design as commented. Times in µs (U).
 */
#include "scenario.h"

#define U 1000LL

static const char *decisive(const struct oc_claim *cl)
{
	assert_non_null(cl);
	assert_int_equal(cl->verdict, OC_VERDICT_SERIALIZED);
	assert_true(cl->n_evidence > 0);
	return oc_cause_name(cl->evidence[0].cause);
}

/* A pageable copy of an earlier phase, with another kernel run since, is
 * no partner of a later kernel: the kernel is not blamed on it. */
static void test_stale_pageable_partner(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_copy(&s, 14, SC_DTOH, OC_MEM_PAGEABLE, 1, 100 * U, 110 * U, 99 * U, 111 * U, "cudaMemcpyAsync");
	sc_kernel(&s, 16, 120 * U, 130 * U, 112 * U, 113 * U, "_Z1mv", 1);   /* other work between */
	int k = sc_kernel(&s, 13, 140 * U, 200 * U, 114 * U, 115 * U, "_Z1kv", 1);
	sc_analyse(&s, NULL);
	const struct oc_claim *cl = sc_claim(&s, k);
	assert_int_equal(sc_cause_at(cl, OC_CAUSE_PAGEABLE_HOST_MEMORY), -1);
	/* its adjacent candidate is the kernel in stream 16, queued with it */
	assert_string_equal(decisive(cl), "unknown");
	sc_done(&s);
}

/* The same with nothing between: the pageable copy is an adjacent partner. */
static void test_adjacent_pageable_partner(void **state)
{
	struct sc s;
	sc_open(&s);
	int c = sc_copy(&s, 14, SC_DTOH, OC_MEM_PAGEABLE, 1, 100 * U, 110 * U, 99 * U, 111 * U,
			"cudaMemcpyAsync");
	int k = sc_kernel(&s, 13, 140 * U, 200 * U, 112 * U, 113 * U, "_Z1kv", 1);
	sc_analyse(&s, NULL);
	const struct oc_claim *cl = sc_claim(&s, k);
	assert_string_equal(decisive(cl), "pageable_host_memory");
	assert_int_equal(sc_op_corr(&s, cl->evidence[0].partner), c);
	/* a 8 MiB copy: pinning is the advice */
	assert_int_equal(cl->advice, OC_ADVICE_PIN_HOST_BUFFER);
	sc_done(&s);
}

/* A 4-byte pageable copy gets different advice from an 8 MiB one. */
static void test_small_pageable_advice(void **state)
{
	struct sc s;
	char buf[512];
	sc_open(&s);
	int c = sc_copy(&s, 14, SC_DTOH, OC_MEM_PAGEABLE, 1, 100 * U, 110 * U, 99 * U, 111 * U,
			"cudaMemcpyAsync");
	sc_exec(&s, "UPDATE ops SET bytes = 4 WHERE correlation_id = %d", c);
	sc_analyse(&s, NULL);
	const struct oc_claim *cl = sc_claim(&s, c);
	assert_string_equal(decisive(cl), "pageable_host_memory");
	assert_int_equal(cl->advice, OC_ADVICE_SMALL_PAGEABLE_COPY);
	oc_claim_advice(&s.t, &s.a, cl, buf, sizeof buf);
	assert_non_null(strstr(buf, "4 B"));
	assert_null(strstr(buf, "pin the buffer"));
	sc_done(&s);
}

/* A pipeline that synchronizes after every chunk: chunk 1 (copy in, kernel,
 * copy out on stream 14), cudaStreamSynchronize, chunk 2 on stream 16. The
 * kernel of chunk 1 and chunk 2's copy-in are adjacent (only the kernel's
 * own copy-out lies between them), and the sync between their submissions
 * is fresh: host_synchronization, with advice to queue before syncing. */
static void test_sync_per_chunk(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 100 * U, 110 * U, 90 * U, 91 * U, "cudaMemcpyAsync");
	int k1 = sc_kernel(&s, 14, 110 * U, 200 * U, 92 * U, 93 * U, "_Z1kv", 1);
	sc_copy(&s, 14, SC_DTOH, OC_MEM_PINNED, 1, 200 * U, 210 * U, 94 * U, 95 * U, "cudaMemcpyAsync");
	int ss = sc_stream_sync(&s, 14, 96 * U, 211 * U);
	int c2 = sc_copy(&s, 16, SC_HTOD, OC_MEM_PINNED, 1, 215 * U, 225 * U, 212 * U, 213 * U,
			 "cudaMemcpyAsync");
	sc_kernel(&s, 16, 225 * U, 315 * U, 214 * U, 215 * U, "_Z1kv", 1);
	sc_analyse(&s, NULL);
	const struct oc_claim *cl = sc_claim(&s, k1);
	assert_string_equal(decisive(cl), "host_synchronization");
	assert_int_equal(sc_op_corr(&s, cl->evidence[0].partner), c2);
	assert_int_equal((int)s.t.api[s.a.blocks[cl->evidence[0].block].api].correlation_id, ss);
	assert_int_equal(cl->advice, OC_ADVICE_SYNC_AFTER_SUBMITTING);
	/* submitted_late is that sync's effect: no contributing cause */
	assert_true(sc_cause_at(cl, OC_CAUSE_SUBMITTED_LATE) > 0);
	assert_int_equal(cl->contributing, -1);
	sc_done(&s);
}

/* A sync that returned, then another work-queuing call on the same thread,
 * then, 50 µs after the sync, the partner's call: the sync did not hold the
 * partner back, so it is no evidence for that pair. */
static void test_stale_host_block(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1kv", 1);
	sc_stream_sync(&s, 14, 92 * U, 201 * U);
	sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 205 * U, 210 * U, 202 * U, 203 * U, "cudaMemcpyAsync");
	sc_kernel(&s, 16, 260 * U, 300 * U, 251 * U, 252 * U, "_Z1mv", 1);
	sc_analyse(&s, NULL);
	const struct oc_claim *cl = sc_claim(&s, k1);
	assert_int_equal(sc_cause_at(cl, OC_CAUSE_HOST_SYNCHRONIZATION), -1);
	sc_done(&s);
}

/* The same, with the partner queued within the sync tolerance (20 µs) of
 * the sync's return: fresh, although another call came in between. */
static void test_host_block_within_tolerance(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1kv", 1);
	sc_stream_sync(&s, 14, 92 * U, 201 * U);
	sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 205 * U, 210 * U, 202 * U, 203 * U, "cudaMemcpyAsync");
	sc_kernel(&s, 16, 215 * U, 300 * U, 210 * U, 211 * U, "_Z1mv", 1);
	sc_analyse(&s, NULL);
	assert_string_equal(decisive(sc_claim(&s, k1)), "host_synchronization");
	sc_done(&s);
}

/* A sync on another thread is no evidence for this thread's submissions. */
static void test_host_block_other_thread(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1kv", 1);
	sc_set_tid(&s, 2);
	sc_stream_sync(&s, 14, 92 * U, 201 * U);
	sc_set_tid(&s, 1);
	sc_kernel(&s, 16, 210 * U, 300 * U, 205 * U, 206 * U, "_Z1mv", 1);
	sc_analyse(&s, NULL);
	assert_int_equal(sc_cause_at(sc_claim(&s, k1), OC_CAUSE_HOST_SYNCHRONIZATION), -1);
	sc_done(&s);
}

/* Pipeline fill: two host-to-device copies queued together on streams 14
 * and 16, run one after the other, and no two such copies ever intersect
 * on the device: same_direction_copy, with the count. */
static void test_same_direction_copy(void **state)
{
	struct sc s;
	char buf[512];
	sc_open(&s);
	int c1 = sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 100 * U, 200 * U, 90 * U, 91 * U,
			 "cudaMemcpyAsync");
	int c2 = sc_copy(&s, 16, SC_HTOD, OC_MEM_PINNED, 1, 200 * U, 300 * U, 92 * U, 93 * U,
			 "cudaMemcpyAsync");
	sc_analyse(&s, NULL);
	const struct oc_claim *a = sc_claim(&s, c1);
	assert_string_equal(decisive(a), "same_direction_copy");
	assert_int_equal(a->evidence[0].count, 2);
	assert_int_equal(sc_op_corr(&s, a->evidence[0].partner), c2);
	assert_int_equal(a->advice, OC_ADVICE_PIPELINE_FILL_DRAIN);
	oc_claim_advice(&s.t, &s.a, a, buf, sizeof buf);
	assert_non_null(strstr(buf, "2 HtoD copies"));
	assert_string_equal(decisive(sc_claim(&s, c2)), "same_direction_copy");
	sc_done(&s);
}

/* The same pair, but elsewhere in the trace two host-to-device copies did
 * intersect: the device can run them together, so the cause is not proven. */
static void test_same_direction_not_when_they_meet(void **state)
{
	struct sc s;
	sc_open(&s);
	int c1 = sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 100 * U, 200 * U, 90 * U, 91 * U,
			 "cudaMemcpyAsync");
	sc_copy(&s, 16, SC_HTOD, OC_MEM_PINNED, 1, 200 * U, 300 * U, 92 * U, 93 * U, "cudaMemcpyAsync");
	sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 400 * U, 500 * U, 390 * U, 391 * U, "cudaMemcpyAsync");
	sc_copy(&s, 16, SC_HTOD, OC_MEM_PINNED, 1, 450 * U, 550 * U, 392 * U, 393 * U, "cudaMemcpyAsync");
	sc_analyse(&s, NULL);
	assert_int_equal(sc_cause_at(sc_claim(&s, c1), OC_CAUSE_SAME_DIRECTION_COPY), -1);
	sc_done(&s);
}

/* A copy whose would-be partner is a kernel is not same_direction_copy. */
static void test_same_direction_not_with_kernel(void **state)
{
	struct sc s;
	sc_open(&s);
	int c1 = sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 100 * U, 200 * U, 90 * U, 91 * U,
			 "cudaMemcpyAsync");
	sc_kernel(&s, 16, 200 * U, 300 * U, 92 * U, 93 * U, "_Z1kv", 1);
	sc_analyse(&s, NULL);
	assert_int_equal(sc_cause_at(sc_claim(&s, c1), OC_CAUSE_SAME_DIRECTION_COPY), -1);
	sc_done(&s);
}

/* same_stream_order only when nothing else is proven: a copy and its
 * consumer in one stream, nothing else queued. The advice names the
 * stream and says to move the copy to a side stream. */
static void test_same_stream_input_copy_advice(void **state)
{
	struct sc s;
	char buf[512];
	sc_open(&s);
	int c = sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 100 * U, 150 * U, 90 * U, 91 * U,
			"cudaMemcpyAsync");
	int k = sc_kernel(&s, 14, 150 * U, 300 * U, 92 * U, 93 * U, "_Z1kv", 1);
	sc_analyse(&s, NULL);
	const struct oc_claim *cl = sc_claim(&s, c);
	assert_string_equal(decisive(cl), "same_stream_order");
	assert_int_equal(cl->n_evidence, 1);
	assert_int_equal(cl->advice, OC_ADVICE_COPY_ON_SIDE_STREAM);
	oc_claim_advice(&s.t, &s.a, cl, buf, sizeof buf);
	assert_non_null(strstr(buf, "share stream 14"));
	assert_int_equal(sc_claim(&s, k)->advice, OC_ADVICE_SPLIT_INTO_STREAMS);
	sc_done(&s);
}

/* Startup: a warm-up kernel, a 5 ms idle gap, then ten kernels 10 µs apart.
 * The leading segment is dropped: its gap is longer than its busy time and
 * more than twice any gap left, and 10 of 11 ops (> 80%) remain. Verdicts
 * are not touched; the counts and the gaps are the window's. */
static void test_window_drops_startup(void **state)
{
	struct sc s;
	sc_open(&s);
	int w = sc_kernel(&s, 14, 100 * U, 110 * U, 90 * U, 91 * U, "_Z1wv", 1);
	for (int i = 0; i < 10; i++)
		sc_kernel(&s, 14, (5110 + 60 * i) * U, (5160 + 60 * i) * U, (5100 + 60 * i) * U,
			  (5101 + 60 * i) * U, "_Z1kv", 1);
	sc_analyse(&s, NULL);
	const struct oc_window *win = &s.a.summary.window;
	assert_int_equal(win->how, OC_WINDOW_STEADY);
	assert_int_equal(win->lead_ops, 1);
	assert_int_equal(win->lead_gap_ns, 5000 * U);
	assert_int_equal(win->start_ns, 5110 * U);
	assert_int_equal(win->ops, 10);
	assert_int_equal(s.a.summary.claims, 10);
	assert_int_equal(s.a.n_claims, 11);           /* every verdict is still there */
	assert_int_equal(sc_claim(&s, w)->in_window, 0);
	for (size_t g = 0; g < s.a.n_gaps; g++)
		assert_true(s.a.gaps[g].start_ns >= win->start_ns);
	assert_int_equal(s.a.summary.makespan_ns, (5700 - 5110) * U);   /* the window's, not the trace's */
	/* the parts of the time split sum to the window's makespan */
	int64_t sum = 0;
	for (int p = 0; p < OC_N_TIME_PARTS; p++)
		sum += s.a.summary.time.ns[p];
	assert_int_equal(sum, s.a.summary.time.total_ns);
	assert_int_equal(s.a.summary.time.total_ns, s.a.summary.makespan_ns);
	sc_done(&s);
}

/* The same trace with --whole: nothing is dropped. */
static void test_window_whole(void **state)
{
	struct sc s;
	struct oc_analysis_options o;
	oc_analysis_options_init(&o);
	o.whole = 1;
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 110 * U, 90 * U, 91 * U, "_Z1wv", 1);
	for (int i = 0; i < 10; i++)
		sc_kernel(&s, 14, (5110 + 60 * i) * U, (5160 + 60 * i) * U, (5100 + 60 * i) * U,
			  (5101 + 60 * i) * U, "_Z1kv", 1);
	sc_analyse(&s, &o);
	assert_int_equal(s.a.summary.window.how, OC_WINDOW_WHOLE);
	assert_int_equal(s.a.summary.window.whole_requested, 1);
	assert_int_equal(s.a.summary.claims, 11);
	sc_done(&s);
}

/* A loop whose iterations are all 2 ms apart (a late CPU): no gap stands
 * out, so the first and last iterations stay in the window. */
static void test_window_keeps_a_periodic_loop(void **state)
{
	struct sc s;
	sc_open(&s);
	for (int i = 0; i < 6; i++)
		sc_kernel(&s, 14, (100 + 2000 * i) * U, (150 + 2000 * i) * U, (90 + 2000 * i) * U,
			  (91 + 2000 * i) * U, "_Z1kv", 1);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.summary.window.how, OC_WINDOW_WHOLE);
	assert_int_equal(s.a.summary.claims, 6);
	/* idle 97% of the time, every gap submitted late: that is the lever */
	assert_int_equal(s.a.summary.lever, OC_LEVER_HOST_LATE);
	sc_done(&s);
}

/* Dropping a segment that holds more than 20% of the ops is not allowed. */
static void test_window_keeps_80_percent(void **state)
{
	struct sc s;
	sc_open(&s);
	for (int i = 0; i < 3; i++)
		sc_kernel(&s, 14, (100 + 20 * i) * U, (110 + 20 * i) * U, 90 * U, 91 * U, "_Z1wv", 1);
	for (int i = 0; i < 7; i++)
		sc_kernel(&s, 14, (9000 + 20 * i) * U, (9010 + 20 * i) * U, (8990 + 20 * i) * U,
			  (8991 + 20 * i) * U, "_Z1kv", 1);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.summary.window.how, OC_WINDOW_WHOLE);
	sc_done(&s);
}

/* Two streams overlapping most of the time: the lever says so. */
static void test_lever_already_overlapped(void **state)
{
	struct sc s;
	char buf[512];
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 300 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_kernel(&s, 16, 110 * U, 290 * U, 92 * U, 93 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.summary.lever, OC_LEVER_OVERLAPPED);
	assert_int_equal(s.a.summary.time.ns[OC_TIME_BUSY_OVERLAP], 180 * U);
	assert_int_equal(s.a.summary.time.ns[OC_TIME_BUSY_ALONE], 20 * U);
	oc_lever_text(&s.a, buf, sizeof buf);
	assert_non_null(strstr(buf, "90%"));
	sc_done(&s);
}

/* A long kernel queued early, a copy of another stream run while the
 * kernel still waited behind its own stream's previous kernel: the two
 * could not meet because the claim was still in its own queue. */
static void test_queued_behind(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 13, 100 * U, 400 * U, 90 * U, 91 * U, "_Z1av", 1);
	int k = sc_kernel(&s, 13, 400 * U, 500 * U, 92 * U, 93 * U, "_Z1bv", 1);
	int c = sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 100 * U, 150 * U, 94 * U, 95 * U,
			"cudaMemcpyAsync");
	sc_analyse(&s, NULL);
	const struct oc_claim *cl = sc_claim(&s, k);
	assert_string_equal(decisive(cl), "queued_behind");
	assert_int_equal(sc_op_corr(&s, cl->evidence[0].partner), c);
	assert_int_equal(cl->advice, OC_ADVICE_QUEUE_LATER_WORK_BESIDE);
	sc_done(&s);
}

/* Two node kernels of one graph launch on two internal streams, run one
 * after the other: the graph ordered them (its edges are not in traces). */
static void test_graph_node_order(void **state)
{
	struct sc s;
	sc_open(&s);
	int g = sc_call(&s, "cudaGraphLaunch", 90 * U, 95 * U);
	sc_exec(&s, "INSERT INTO ops(kind, start_ns, end_ns, device_id, context_id, stream_id, correlation_id,"
		    " name_id, grid_x, grid_y, grid_z, block_x, block_y, block_z, graph_id, graph_node_id)"
		    " VALUES (1, %lld, %lld, 0, 1, 14, %d, %lld, 1, 1, 1, 32, 1, 1, 7, 1),"
		    " (1, %lld, %lld, 0, 1, 16, %d, %lld, 1, 1, 1, 32, 1, 1, 7, 2)",
		    100 * U, 150 * U, g, (long long)sc_str(&s, "_Z1av"),
		    160 * U, 200 * U, g, (long long)sc_str(&s, "_Z1bv"));
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_claims, 2);
	assert_string_equal(decisive(&s.a.claims[0]), "graph_node_order");
	assert_int_equal(s.a.claims[0].advice, OC_ADVICE_CHECK_GRAPH_EDGES);
	assert_string_equal(decisive(&s.a.claims[1]), "graph_node_order");
	sc_done(&s);
}

/* A 2 us kernel, and the next stream's launch call begun before it ended
 * but returning 20 us later: the launch took longer than the kernel ran. */
static void test_claim_launch_latency(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 14, 100 * U, 102 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_kernel(&s, 16, 125 * U, 130 * U, 101 * U, 121 * U, "_Z1av", 1);
	sc_analyse(&s, NULL);
	const struct oc_claim *cl = sc_claim(&s, k1);
	assert_string_equal(decisive(cl), "launch_latency");
	assert_int_equal(cl->advice, OC_ADVICE_FEWER_LARGER_LAUNCHES);
	sc_done(&s);
}

/* A kernel that ran beside a short copy for 2% of its duration: serialized
 * at 5%, and the cause is proven on itself: partial_overlap. */
static void test_partial_overlap(void **state)
{
	struct sc s;
	sc_open(&s);
	int k = sc_kernel(&s, 14, 100 * U, 600 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_copy(&s, 16, SC_HTOD, OC_MEM_PINNED, 1, 590 * U, 610 * U, 92 * U, 93 * U, "cudaMemcpyAsync");
	sc_analyse(&s, NULL);
	const struct oc_claim *cl = sc_claim(&s, k);
	assert_string_equal(decisive(cl), "partial_overlap");
	assert_int_equal(cl->evidence[0].count, 10 * U);
	assert_int_equal(cl->advice, OC_ADVICE_MORE_BESIDE_IT);
	sc_done(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stale_pageable_partner),
		cmocka_unit_test(test_adjacent_pageable_partner),
		cmocka_unit_test(test_small_pageable_advice),
		cmocka_unit_test(test_sync_per_chunk),
		cmocka_unit_test(test_stale_host_block),
		cmocka_unit_test(test_host_block_within_tolerance),
		cmocka_unit_test(test_host_block_other_thread),
		cmocka_unit_test(test_same_direction_copy),
		cmocka_unit_test(test_same_direction_not_when_they_meet),
		cmocka_unit_test(test_same_direction_not_with_kernel),
		cmocka_unit_test(test_same_stream_input_copy_advice),
		cmocka_unit_test(test_window_drops_startup),
		cmocka_unit_test(test_window_whole),
		cmocka_unit_test(test_window_keeps_a_periodic_loop),
		cmocka_unit_test(test_window_keeps_80_percent),
		cmocka_unit_test(test_lever_already_overlapped),
		cmocka_unit_test(test_queued_behind),
		cmocka_unit_test(test_graph_node_order),
		cmocka_unit_test(test_claim_launch_latency),
		cmocka_unit_test(test_partial_overlap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
