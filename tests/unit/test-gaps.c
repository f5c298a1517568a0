/*
 * test-gaps.c: device-wide idle gaps and their causes, one hand-built trace
 * per gap cause, plus the threshold and the idle totals. Times in µs (U).
 * In each trace kernel k1 runs [100, 200) µs and the next work starts later,
 * leaving one gap whose cause the design decides.
 */
#include "scenario.h"

#define U 1000LL

static int count_blocks_hidden(const struct sc *s)
{
	int n = 0;
	for (size_t k = 0; k < s->a.n_blocks; k++)
		n += s->a.blocks[k].hidden;
	return n;
}

static const struct oc_gap *only_gap(const struct sc *s)
{
	assert_int_equal(s->a.n_gaps, 1);
	return &s->a.gaps[0];
}

/* The CPU sat in cudaDeviceSynchronize over most of the gap (it returned
 * 32 of the gap's 40 µs after k1 ended), then queued k2. */
static void test_gap_host_synchronization(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int ds = sc_call(&s, "cudaDeviceSynchronize", 110 * U, 232 * U);
	sc_sync(&s, ds, OC_SYNC_CONTEXT, 110 * U, 232 * U, -1, -1, 0);
	int k2 = sc_kernel(&s, 16, 240 * U, 300 * U, 233 * U, 234 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	const struct oc_gap *g = only_gap(&s);
	assert_int_equal(g->start_ns, 200 * U);
	assert_int_equal(g->end_ns, 240 * U);
	assert_int_equal(g->cause, OC_GAP_HOST_SYNCHRONIZATION);
	assert_int_equal(g->covered_ns, 32 * U);
	assert_int_equal((int)s.t.api[s.a.blocks[g->block].api].correlation_id, ds);
	assert_int_equal(sc_op_corr(&s, g->next_op), k2);
	assert_int_equal(sc_op_corr(&s, g->prev_op), k1);
	assert_int_equal(s.a.summary.gap_causes[OC_GAP_HOST_SYNCHRONIZATION], 1);
	assert_int_equal(g->advice, OC_ADVICE_GAP_HOST_SYNC);
	assert_int_equal(s.a.summary.time.ns[OC_TIME_IDLE_HOST_BLOCK], 40 * U);
	sc_done(&s);
}

/* The sync returned 1 µs into the 40 µs gap and the CPU spent the next
 * 29 µs elsewhere: the sync covers too little to be the cause (docs/causes.md:
 * at least half). The next call came late, and the evidence says the thread
 * spent 38 µs of the gap outside CUDA calls. */
static void test_gap_sync_covers_too_little(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int ds = sc_call(&s, "cudaDeviceSynchronize", 110 * U, 201 * U);
	sc_sync(&s, ds, OC_SYNC_CONTEXT, 110 * U, 201 * U, -1, -1, 0);
	sc_kernel(&s, 16, 240 * U, 300 * U, 230 * U, 231 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	const struct oc_gap *g = only_gap(&s);
	assert_int_equal(g->cause, OC_GAP_SUBMITTED_LATE);
	assert_int_equal(g->outside_ns, 38 * U);
	assert_int_equal(g->advice, OC_ADVICE_GAP_HOST_BUSY);
	assert_int_equal((int)s.t.api[s.a.blocks[g->block].api].correlation_id, ds);
	sc_done(&s);
}

/* The sync returned 1 µs into a 12 µs gap, and the next launch call (of a
 * kernel that had run before, so no module load) took the rest: the host was mostly inside CUDA calls, resubmitting after the
 * sync: submitted_late, with the advice to queue before synchronizing. */
static void test_gap_resubmit_after_sync(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int ds = sc_call(&s, "cudaDeviceSynchronize", 110 * U, 201 * U);
	sc_sync(&s, ds, OC_SYNC_CONTEXT, 110 * U, 201 * U, -1, -1, 0);
	sc_kernel(&s, 16, 212 * U, 300 * U, 202 * U, 211 * U, "_Z1av", 1);   /* not a first launch */
	sc_analyse(&s, NULL);
	const struct oc_gap *g = only_gap(&s);
	assert_int_equal(g->cause, OC_GAP_SUBMITTED_LATE);
	assert_int_equal(g->outside_ns, 2 * U);
	assert_int_equal(g->advice, OC_ADVICE_GAP_RESUBMIT_AFTER_SYNC);
	assert_int_equal(s.a.summary.idle_late_after_sync_ns, 12 * U);
	sc_done(&s);
}

/* Nothing blocked the CPU; it simply queued k2 after the device went idle. */
static void test_gap_submitted_late(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int k2 = sc_kernel(&s, 16, 255 * U, 300 * U, 250 * U, 251 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	const struct oc_gap *g = only_gap(&s);
	assert_int_equal(g->cause, OC_GAP_SUBMITTED_LATE);
	assert_int_equal((int)s.t.api[g->api].correlation_id, k2);
	sc_done(&s);
}

/* k2 was queued in time, and an OVERHEAD record (lazy loading) covers the gap. */
static void test_gap_module_loading_overhead(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_kernel(&s, 16, 250 * U, 300 * U, 150 * U, 151 * U, "_Z1bv", 1);
	sc_exec(&s, "INSERT INTO overheads(kind, start_ns, end_ns, object_kind, object_id)"
		    " VALUES (1, %lld, %lld, 1, 1)", 190 * U, 240 * U);
	sc_analyse(&s, NULL);
	const struct oc_gap *g = only_gap(&s);
	assert_int_equal(g->cause, OC_GAP_MODULE_LOADING);
	assert_int_equal(g->overhead, 0);
	sc_done(&s);
}

/* k2's launch call was still running when the device went idle, and the
 * kernel only started after it: the first launch of _Z1bv loads its module. */
static void test_gap_module_loading_first_launch(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_kernel(&s, 16, 250 * U, 300 * U, 150 * U, 245 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	const struct oc_gap *g = only_gap(&s);
	assert_int_equal(g->cause, OC_GAP_MODULE_LOADING);
	assert_int_equal(g->overhead, -1);
	assert_int_equal(g->first_launch, 1);
	assert_int_equal(s.a.n_blocks, 0);     /* the long launch is not a sync */
	sc_done(&s);
}

/* The same, but _Z1av had run before: a launch call still under way is
 * launch latency, not a module load (modules load once). */
static void test_gap_launch_latency(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_kernel(&s, 16, 250 * U, 300 * U, 150 * U, 245 * U, "_Z1av", 1);
	sc_analyse(&s, NULL);
	const struct oc_gap *g = only_gap(&s);
	assert_int_equal(g->cause, OC_GAP_LAUNCH_LATENCY);
	assert_int_equal(g->first_launch, 0);
	assert_int_equal(g->covered_ns, 45 * U);
	assert_int_equal(g->advice, OC_ADVICE_GAP_LAUNCH_LATENCY);
	assert_int_equal(s.a.summary.time.ns[OC_TIME_IDLE_LAUNCH], 50 * U);
	sc_done(&s);
}

/* The thread was in cuLibraryLoadData (loading code) for 30 of the gap's
 * 40 us before it queued the next kernel: module_loading, with the call as
 * evidence, although the kernel's call itself came late and was short. */
static void test_gap_module_loading_load_call(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int ld = sc_call(&s, "cuLibraryLoadData", 202 * U, 232 * U);
	sc_kernel(&s, 16, 240 * U, 300 * U, 233 * U, 234 * U, "_Z1av", 1);
	sc_analyse(&s, NULL);
	const struct oc_gap *g = only_gap(&s);
	assert_int_equal(g->cause, OC_GAP_MODULE_LOADING);
	assert_int_equal((int)s.t.api[g->load_api].correlation_id, ld);
	assert_int_equal(g->covered_ns, 30 * U);
	sc_done(&s);
}

/* The next kernel's own launch call blocked until the device drained (a
 * first launch whose module load synchronized, seen in the corpus's
 * dataloader_current): it is listed as a hidden sync, but for the gap it is
 * N's submission, not a sync before it: module_loading, not
 * host_synchronization. */
static void test_gap_own_launch_blocked(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	/* the call waits out k1 (ends at 200), the load takes to 230, its kernel
	 * runs [230, 233) and the call returns at 235: after its own work, so a
	 * hidden sync, rule (b) */
	sc_kernel(&s, 16, 230 * U, 233 * U, 150 * U, 235 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	const struct oc_gap *g = only_gap(&s);
	assert_int_equal(count_blocks_hidden(&s), 1);
	assert_int_equal(g->cause, OC_GAP_MODULE_LOADING);
	sc_done(&s);
}

/* An OVERHEAD record of CUPTI's own (an activity buffer request) in the
 * gap loads no code: it does not make the gap module_loading. */
static void test_gap_cupti_overhead_is_not_loading(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_kernel(&s, 16, 250 * U, 300 * U, 150 * U, 151 * U, "_Z1bv", 1);
	sc_exec(&s, "INSERT INTO overheads(kind, start_ns, end_ns, object_kind, object_id)"
		    " VALUES (%d, %lld, %lld, 1, 1)", 7 << 16, 190 * U, 240 * U);
	sc_analyse(&s, NULL);
	assert_int_equal(only_gap(&s)->cause, OC_GAP_UNKNOWN);
	sc_done(&s);
}

/* k2 was queued in time behind a stream-wait-event on its stream. */
static void test_gap_dependency_wait(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_wait_event(&s, 16, 7, 140 * U);
	sc_kernel(&s, 16, 250 * U, 300 * U, 150 * U, 151 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	const struct oc_gap *g = only_gap(&s);
	assert_int_equal(g->cause, OC_GAP_DEPENDENCY_WAIT);
	assert_int_equal(g->wait_event_id, 7);
	sc_done(&s);
}

/* The same without the wait: queued in time, nothing explains the gap. */
static void test_gap_unknown(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_kernel(&s, 16, 250 * U, 300 * U, 150 * U, 151 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	assert_int_equal(only_gap(&s)->cause, OC_GAP_UNKNOWN);
	sc_done(&s);
}

/* A 5 µs idle interval is idle time but not a gap at 10 µs; at 2 µs it is.
 * Time before the first op and after the last does not count. */
static void test_gap_threshold_and_totals(void **state)
{
	struct sc s;
	struct oc_analysis_options o;

	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 200 * U, 10 * U, 11 * U, "_Z1av", 1);
	sc_kernel(&s, 16, 205 * U, 300 * U, 12 * U, 13 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_gaps, 0);
	assert_int_equal(s.a.summary.makespan_ns, 200 * U);
	assert_int_equal(s.a.summary.idle_ns, 5 * U);
	assert_true(s.a.summary.idle_share > 0.0249 && s.a.summary.idle_share < 0.0251);
	assert_int_equal(s.a.summary.gaps_ns, 0);
	sc_done(&s);

	oc_analysis_options_init(&o);
	o.gap_threshold_ns = 2 * U;
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 200 * U, 10 * U, 11 * U, "_Z1av", 1);
	sc_kernel(&s, 16, 205 * U, 300 * U, 12 * U, 13 * U, "_Z1bv", 1);
	sc_analyse(&s, &o);
	assert_int_equal(s.a.n_gaps, 1);
	assert_int_equal(s.a.summary.gaps_ns, 5 * U);
	sc_done(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gap_host_synchronization),
		cmocka_unit_test(test_gap_sync_covers_too_little),
		cmocka_unit_test(test_gap_resubmit_after_sync),
		cmocka_unit_test(test_gap_submitted_late),
		cmocka_unit_test(test_gap_module_loading_overhead),
		cmocka_unit_test(test_gap_module_loading_first_launch),
		cmocka_unit_test(test_gap_launch_latency),
		cmocka_unit_test(test_gap_cupti_overhead_is_not_loading),
		cmocka_unit_test(test_gap_module_loading_load_call),
		cmocka_unit_test(test_gap_own_launch_blocked),
		cmocka_unit_test(test_gap_dependency_wait),
		cmocka_unit_test(test_gap_unknown),
		cmocka_unit_test(test_gap_threshold_and_totals),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
