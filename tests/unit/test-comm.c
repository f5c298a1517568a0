/*
 * test-comm.c: NCCL kernels as claims on hand-built traces (docs/nccl.md):
 * the verdict against compute only, the compute witness, causes from
 * compute partners (same stream, host sync, event dependency, the legacy
 * stream), exposed communication on unions per device and per NVTX range,
 * the time split's communication part and the lever, communicators and the
 * sequence numbers the multi-rank merge matches. Times in µs (U).
 * Streams of sc_open: 7 legacy, 13 and 15 blocking, 14 and 16 non-blocking.
 */
#include "scenario.h"

#define U 1000LL

static const struct oc_collective *coll_of(const struct sc *s, int corr)
{
	for (size_t k = 0; k < s->a.n_collectives; k++)
		if ((int)s->t.ops[s->a.collectives[k].op].correlation_id == corr)
			return &s->a.collectives[k];
	fail_msg("no collective with correlation id %d", corr);
	return NULL;
}

static const char *decisive(const struct oc_claim *cl)
{
	assert_non_null(cl);
	assert_int_equal(cl->verdict, OC_VERDICT_SERIALIZED);
	assert_true(cl->n_evidence > 0);
	return oc_cause_name(cl->evidence[0].cause);
}

/* An all-reduce [100, 200) on stream 14 beside a compute kernel [90, 180) on
 * stream 16 (backward) and a copy [150, 250) on stream 16 after it: it
 * overlapped compute for 80 of 100 µs, the kernel is the witness (not the
 * copy, which intersects it for 50), and 20 µs were exposed. */
static void test_overlapped_compute(void **state)
{
	struct sc s;
	sc_open(&s);
	int k = sc_kernel(&s, 16, 90 * U, 180 * U, 80 * U, 81 * U, "_Z8backwardv", 64);
	int r = sc_nccl(&s, 14, 100 * U, 200 * U, 85 * U, 86 * U, "AllReduce");
	sc_copy(&s, 16, SC_DTOH, OC_MEM_PINNED, 1, 180 * U, 250 * U, 87 * U, 88 * U, "cudaMemcpyAsync");
	sc_analyse(&s, NULL);
	assert_int_equal(s.t.ops[sc_claim(&s, r)->op].comm, 1);
	assert_int_equal(s.t.ops[sc_claim(&s, k)->op].comm, 0);
	const struct oc_claim *cl = sc_claim(&s, r);
	assert_int_equal(cl->verdict, OC_VERDICT_OVERLAPPED);
	assert_int_equal(cl->overlap_ns, 80 * U);
	assert_int_equal(cl->compute_ns, 80 * U);
	assert_int_equal(sc_op_corr(&s, cl->witness), k);
	int64_t ws, we;
	oc_claim_witness_span(&s.t, cl, &ws, &we);
	assert_int_equal(ws, 100 * U);
	assert_int_equal(we, 180 * U);
	assert_int_equal(coll_of(&s, r)->exposed_ns, 20 * U);
	assert_string_equal(coll_of(&s, r)->k.collective, "AllReduce");
	assert_string_equal(coll_of(&s, r)->k.algorithm, "RING");
	/* the counts keep NCCL kernels apart from kernels */
	assert_int_equal(s.a.summary.comm_claims, 1);
	assert_int_equal(s.a.summary.comm_overlapped, 1);
	assert_int_equal(s.a.summary.kernel_claims, 1);
	assert_int_equal(s.a.summary.comm_ns, 100 * U);
	assert_int_equal(s.a.summary.comm_exposed_ns, 20 * U);
	/* the copy overlapped other work (the all-reduce) but no compute */
	assert_int_equal(s.a.summary.copy_overlapped, 1);
	assert_int_equal(s.a.summary.copy_overlapped_compute, 0);
	sc_done(&s);
}

/* An all-reduce beside a copy only: communication beside no compute is
 * serialized; no compute kernel was queued: nothing_concurrent, with the
 * collective's own advice. */
static void test_beside_copy_only(void **state)
{
	struct sc s;
	char buf[512];
	sc_open(&s);
	sc_copy(&s, 16, SC_HTOD, OC_MEM_PINNED, 1, 90 * U, 300 * U, 80 * U, 81 * U, "cudaMemcpyAsync");
	int r = sc_nccl(&s, 14, 100 * U, 200 * U, 85 * U, 86 * U, "AllReduce");
	sc_analyse(&s, NULL);
	const struct oc_claim *cl = sc_claim(&s, r);
	assert_string_equal(decisive(cl), "nothing_concurrent");
	assert_int_equal(cl->overlap_ns, 0);
	assert_int_equal(cl->witness, -1);
	assert_int_equal(cl->advice, OC_ADVICE_COMPUTE_BESIDE_COLLECTIVE);
	oc_claim_advice(&s.t, &s.a, cl, buf, sizeof buf);
	assert_non_null(strstr(buf, "no_sync"));
	assert_int_equal(coll_of(&s, r)->exposed_ns, 100 * U);
	sc_done(&s);
}

/* A collective in the same stream as the compute before and after it
 * (queued together): same_stream_order, and the advice is a side stream. */
static void test_same_stream(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z8backwardv", 64);
	int r = sc_nccl(&s, 14, 200 * U, 260 * U, 92 * U, 93 * U, "AllReduce");
	sc_kernel(&s, 14, 260 * U, 300 * U, 94 * U, 95 * U, "_Z4stepv", 64);
	sc_analyse(&s, NULL);
	const struct oc_claim *cl = sc_claim(&s, r);
	assert_string_equal(decisive(cl), "same_stream_order");
	assert_int_equal(cl->advice, OC_ADVICE_COLLECTIVE_ON_SIDE_STREAM);
	sc_done(&s);
}

/* A collective on the legacy default stream, compute on blocking stream 13
 * queued with it: the legacy stream kept them apart. */
static void test_legacy_stream(void **state)
{
	struct sc s;
	sc_open(&s);
	int r = sc_nccl(&s, 7, 100 * U, 200 * U, 90 * U, 91 * U, "AllReduce");
	int k = sc_kernel(&s, 13, 200 * U, 300 * U, 92 * U, 93 * U, "_Z7computev", 64);
	sc_analyse(&s, NULL);
	assert_string_equal(decisive(sc_claim(&s, r)), "legacy_default_stream");
	assert_int_equal(sc_op_corr(&s, sc_claim(&s, r)->evidence[0].partner), k);
	assert_string_equal(decisive(sc_claim(&s, k)), "default_stream_implicit_sync");
	sc_done(&s);
}

/* Compute on 16, a cudaStreamSynchronize that waited for it, then the
 * all-reduce on 14: the sync between the submissions kept them apart. */
static void test_host_sync(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 16, 100 * U, 200 * U, 90 * U, 91 * U, "_Z8backwardv", 64);
	sc_stream_sync(&s, 16, 92 * U, 201 * U);
	int r = sc_nccl(&s, 14, 205 * U, 260 * U, 202 * U, 203 * U, "AllReduce");
	sc_analyse(&s, NULL);
	assert_string_equal(decisive(sc_claim(&s, r)), "host_synchronization");
	sc_done(&s);
}

/* The all-reduce's stream waits on an event recorded after the compute that
 * produced its input: a declared dependency. */
static void test_event_dependency(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 16, 100 * U, 200 * U, 90 * U, 91 * U, "_Z8backwardv", 64);
	sc_event_record(&s, 5, 16, 92 * U);
	sc_wait_event(&s, 14, 5, 94 * U);
	int r = sc_nccl(&s, 14, 200 * U, 260 * U, 96 * U, 97 * U, "AllReduce");
	sc_analyse(&s, NULL);
	assert_string_equal(decisive(sc_claim(&s, r)), "event_dependency");
	sc_done(&s);
}

/* A copy between the compute kernel and the collective does not make them
 * non-adjacent: for a collective, only compute in between counts. */
static void test_copy_between_is_not_work_between(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 16, 100 * U, 200 * U, 90 * U, 91 * U, "_Z8backwardv", 64);
	sc_copy(&s, 13, SC_DTOH, OC_MEM_PINNED, 1, 202 * U, 204 * U, 92 * U, 93 * U, "cudaMemcpyAsync");
	sc_stream_sync(&s, 16, 94 * U, 201 * U);
	int r = sc_nccl(&s, 14, 210 * U, 260 * U, 205 * U, 206 * U, "AllReduce");
	sc_analyse(&s, NULL);
	assert_string_equal(decisive(sc_claim(&s, r)), "host_synchronization");
	sc_done(&s);
}

/* Exposed communication on unions: all-reduces on two streams [100, 200)
 * and [150, 250) (union 150), compute [120, 170): hidden 50, exposed 100
 * (not 150 from the sum of the kernels' own exposed times 50 + 80 = 130).
 * The time split's parts sum to the window, the exposed part is 100. */
static void test_exposed_union_and_time_split(void **state)
{
	struct sc s;
	sc_open(&s);
	int r1 = sc_nccl(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "AllReduce");
	int r2 = sc_nccl(&s, 15, 150 * U, 250 * U, 92 * U, 93 * U, "AllGather");
	sc_kernel(&s, 16, 120 * U, 170 * U, 94 * U, 95 * U, "_Z8backwardv", 64);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.summary.comm_ns, 150 * U);
	assert_int_equal(s.a.summary.comm_exposed_ns, 100 * U);
	assert_int_equal(coll_of(&s, r1)->exposed_ns, 50 * U);
	assert_int_equal(coll_of(&s, r2)->exposed_ns, 80 * U);
	assert_int_equal(s.a.n_comm_devices, 1);
	assert_int_equal(s.a.comm_devices[0].comm_ns, 150 * U);
	assert_int_equal(s.a.comm_devices[0].exposed_ns, 100 * U);
	/* exposed with nothing else: [100,120) and [200,250) */
	assert_int_equal(s.a.comm_devices[0].exposed_alone_ns, 70 * U);
	const struct oc_time_split *ts = &s.a.summary.time;
	int64_t sum = 0;
	for (int p = 0; p < OC_N_TIME_PARTS; p++) {
		assert_true(ts->ns[p] >= 0);
		sum += ts->ns[p];
	}
	assert_int_equal(sum, ts->total_ns);
	assert_int_equal(ts->total_ns, 150 * U);
	assert_int_equal(ts->ns[OC_TIME_COMM_EXPOSED], 100 * U);
	/* [120,170) has compute with communication: busy with overlap */
	assert_int_equal(ts->ns[OC_TIME_BUSY_OVERLAP], 50 * U);
	assert_int_equal(ts->ns[OC_TIME_BUSY_ALONE], 0);
	assert_int_equal(s.a.summary.lever, OC_LEVER_COMM_EXPOSED);
	assert_string_equal(oc_lever_id(s.a.summary.lever), "communication_exposed");
	assert_string_equal(oc_time_part_name(OC_TIME_COMM_EXPOSED), "comm_exposed");
	sc_done(&s);
}

/* Communicators are streams, numbered by first kernel; the n-th of each
 * collective name on each is its seq. */
static void test_communicators_and_seq(void **state)
{
	struct sc s;
	sc_open(&s);
	int a0 = sc_nccl(&s, 16, 100 * U, 110 * U, 90 * U, 91 * U, "AllReduce");
	int g0 = sc_nccl(&s, 14, 105 * U, 115 * U, 92 * U, 93 * U, "AllGather");
	int a1 = sc_nccl(&s, 16, 120 * U, 130 * U, 94 * U, 95 * U, "AllReduce");
	int g1 = sc_nccl(&s, 16, 140 * U, 150 * U, 96 * U, 97 * U, "AllGather");
	int a2 = sc_nccl(&s, 16, 160 * U, 170 * U, 98 * U, 99 * U, "AllReduce");
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_comms, 2);
	assert_int_equal(s.t.streams[s.a.comms[0].stream].stream_id, 16);   /* first kernel */
	assert_int_equal(s.a.comms[0].ordinal, 0);
	assert_int_equal(s.a.comms[0].kernels, 4);
	assert_int_equal(s.t.streams[s.a.comms[1].stream].stream_id, 14);
	assert_int_equal(s.a.comms[1].ordinal, 1);
	assert_int_equal(coll_of(&s, a0)->seq, 0);
	assert_int_equal(coll_of(&s, a1)->seq, 1);
	assert_int_equal(coll_of(&s, a2)->seq, 2);
	assert_int_equal(coll_of(&s, g0)->seq, 0);     /* on the other communicator */
	assert_int_equal(coll_of(&s, g1)->seq, 0);     /* the first AllGather on stream 16 */
	assert_int_equal(coll_of(&s, g0)->comm, 1);
	assert_int_equal(coll_of(&s, g1)->comm, 0);
	sc_done(&s);
}

/* Per NVTX range: the collective launched inside "backward" and the one
 * inside "optimizer" count under their range; NCCL's own domain range
 * (ncclAllReduce around the launch) names the call, and is no range row. */
static void test_ranges(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_range(&s, "step", NULL, 10 * U, 400 * U);
	sc_range(&s, "backward", NULL, 50 * U, 150 * U);
	sc_range(&s, "ncclAllReduce", "NCCL", 89 * U, 92 * U);
	int r1 = sc_nccl(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "AllReduce");
	sc_kernel(&s, 16, 100 * U, 150 * U, 93 * U, 94 * U, "_Z8backwardv", 64);
	sc_range(&s, "optimizer", NULL, 250 * U, 300 * U);
	int r2 = sc_nccl(&s, 14, 260 * U, 280 * U, 255 * U, 256 * U, "AllGather");
	sc_analyse(&s, NULL);
	const struct oc_collective *c1 = coll_of(&s, r1), *c2 = coll_of(&s, r2);
	assert_true(c1->nccl_call >= 0);
	assert_string_equal(oc_trace_str(&s.t, s.t.ranges[c1->nccl_call].name), "ncclAllReduce");
	assert_int_equal(c2->nccl_call, -1);
	assert_int_equal(s.a.n_comm_ranges, 3);
	/* longest exposed first: step 50 + 20, then backward 50, optimizer 20 */
	assert_string_equal(oc_trace_str(&s.t, s.a.comm_ranges[0].name), "step");
	assert_int_equal(s.a.comm_ranges[0].kernels, 2);
	assert_int_equal(s.a.comm_ranges[0].comm_ns, 120 * U);
	assert_int_equal(s.a.comm_ranges[0].exposed_ns, 70 * U);
	assert_string_equal(oc_trace_str(&s.t, s.a.comm_ranges[1].name), "backward");
	assert_int_equal(s.a.comm_ranges[1].exposed_ns, 50 * U);
	assert_string_equal(oc_trace_str(&s.t, s.a.comm_ranges[2].name), "optimizer");
	assert_int_equal(s.a.comm_ranges[2].exposed_ns, 20 * U);
	sc_done(&s);
}

/* No NCCL kernel: nothing changes, and nothing is allocated. */
static void test_no_comm(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 16, 100 * U, 200 * U, 90 * U, 91 * U, "_Z8backwardv", 64);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_collectives, 0);
	assert_null(s.a.collectives);
	assert_int_equal(s.a.summary.comm_claims, 0);
	assert_int_equal(s.a.summary.time.ns[OC_TIME_COMM_EXPOSED], 0);
	sc_done(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_overlapped_compute),
		cmocka_unit_test(test_beside_copy_only),
		cmocka_unit_test(test_same_stream),
		cmocka_unit_test(test_legacy_stream),
		cmocka_unit_test(test_host_sync),
		cmocka_unit_test(test_event_dependency),
		cmocka_unit_test(test_copy_between_is_not_work_between),
		cmocka_unit_test(test_exposed_union_and_time_split),
		cmocka_unit_test(test_communicators_and_seq),
		cmocka_unit_test(test_ranges),
		cmocka_unit_test(test_no_comm),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
