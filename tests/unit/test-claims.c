/*
 * test-claims.c: claims, verdicts and causes on hand-built traces.
 *
 * Each test builds the smallest trace whose design makes one cause true (or,
 * for the negative cases, makes a tempting cause false), and checks the
 * verdict, the exact cause list in docs/method.md's order, and the evidence. The
 * expectations follow from each design as commented, never from the tool's
 * output. Times are in µs (U) so that hidden-sync tolerances (20 µs) and gap
 * thresholds (10 µs) are meaningful.
 */
#include <linux/magic.h>
#include <sys/resource.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "scenario.h"

#define U 1000LL   /* 1 µs in ns */

static void expect_causes(const struct oc_claim *cl, const enum oc_cause *want, size_t n)
{
	assert_non_null(cl);
	assert_int_equal(cl->verdict, OC_VERDICT_SERIALIZED);
	if (cl->n_evidence != n) {
		fprintf(stderr, "causes:");
		for (size_t k = 0; k < cl->n_evidence; k++)
			fprintf(stderr, " %s", oc_cause_name(cl->evidence[k].cause));
		fprintf(stderr, "\n");
	}
	assert_int_equal(cl->n_evidence, n);
	for (size_t k = 0; k < n; k++)
		assert_string_equal(oc_cause_name(cl->evidence[k].cause), oc_cause_name(want[k]));
}

#define EXPECT(cl, ...) do { \
	const enum oc_cause w_[] = { __VA_ARGS__ }; \
	expect_causes((cl), w_, sizeof w_ / sizeof w_[0]); \
} while (0)

/* Three non-blocking streams' worth of pipeline: a pinned copy in, a kernel,
 * a pinned copy out, each intersecting the kernel by 500 µs; and an unrelated
 * cudaMalloc before anything was queued. */
static void test_overlapped_pipeline(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_call(&s, "cudaMalloc", 100 * U, 800 * U);
	int c1 = sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 1000 * U, 2000 * U, 900 * U, 905 * U, "cudaMemcpyAsync");
	int k1 = sc_kernel(&s, 16, 1500 * U, 3000 * U, 910 * U, 915 * U, "_Z4stepPfi", 64);
	int c2 = sc_copy(&s, 14, SC_DTOH, OC_MEM_PINNED, 1, 2500 * U, 3500 * U, 920 * U, 925 * U, "cudaMemcpyAsync");
	sc_analyse(&s, NULL);

	assert_int_equal(s.a.n_claims, 3);
	const struct oc_claim *a = sc_claim(&s, c1), *k = sc_claim(&s, k1), *b = sc_claim(&s, c2);
	assert_int_equal(a->verdict, OC_VERDICT_OVERLAPPED);
	assert_int_equal(a->overlap_ns, 500 * U);
	assert_true(oc_claim_overlap_ratio(&s.t, a) > 0.499 && oc_claim_overlap_ratio(&s.t, a) < 0.501);
	assert_int_equal(sc_op_corr(&s, a->witness), k1);
	int64_t ws, we;
	oc_claim_witness_span(&s.t, a, &ws, &we);
	assert_int_equal(ws, 1500 * U);
	assert_int_equal(we, 2000 * U);
	assert_int_equal(a->n_evidence, 0);
	/* the kernel meets both copies for 500 µs each: 1000 of 1500 */
	assert_int_equal(k->verdict, OC_VERDICT_OVERLAPPED);
	assert_int_equal(k->overlap_ns, 1000 * U);
	assert_int_equal(b->verdict, OC_VERDICT_OVERLAPPED);
	assert_int_equal(sc_op_corr(&s, b->witness), k1);
	/* copies: union 2000 µs, 1000 µs of it under the kernel */
	assert_int_equal(s.a.summary.copy_ns, 2000 * U);
	assert_int_equal(s.a.summary.copy_compute_overlap_ns, 1000 * U);
	assert_int_equal(s.a.summary.copy_overlapped_compute, 2);
	/* the cudaMalloc started before any work was queued: no sync at all */
	assert_int_equal(s.a.n_blocks, 0);
	assert_int_equal(s.a.summary.serialized, 0);
	double bw = oc_claim_bandwidth_gbps(&s.t, a);
	assert_true(bw > 8.388 && bw < 8.389);       /* 8 MiB in 1 ms: 8.389 GB/s */
	assert_true(oc_claim_bandwidth_gbps(&s.t, k) == 0);   /* a kernel has none */
	sc_done(&s);
}

/* A pageable "async" copy that blocks its call until staged; the kernel is
 * queued only as the copy finishes and runs after it. */
static void test_pageable(void **state)
{
	struct sc s;
	sc_open(&s);
	int c = sc_copy(&s, 14, SC_HTOD, OC_MEM_PAGEABLE, 1, 100 * U, 200 * U, 90 * U, 199 * U, "cudaMemcpyAsync");
	int k = sc_kernel(&s, 16, 200 * U, 300 * U, 199 * U, 199 * U + 500, "_Z1kv", 1);
	sc_analyse(&s, NULL);

	const struct oc_claim *cc = sc_claim(&s, c), *kc = sc_claim(&s, k);
	EXPECT(cc, OC_CAUSE_PAGEABLE_HOST_MEMORY);
	assert_int_equal(sc_op_corr(&s, cc->evidence[0].op), c);
	/* the kernel's partner was the pageable copy */
	EXPECT(kc, OC_CAUSE_PAGEABLE_HOST_MEMORY);
	assert_int_equal(sc_op_corr(&s, kc->evidence[0].op), c);
	assert_int_equal(s.a.summary.causes[OC_CAUSE_PAGEABLE_HOST_MEMORY], 2);
	sc_done(&s);
}

/* A pageable copy queued only after the kernel ended says nothing about why
 * the kernel did not overlap: the CPU was late, not the memory. */
static void test_pageable_partner_after(void **state)
{
	struct sc s;
	sc_open(&s);
	int k = sc_kernel(&s, 16, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1kv", 1);
	sc_copy(&s, 14, SC_HTOD, OC_MEM_PAGEABLE, 1, 260 * U, 300 * U, 250 * U, 299 * U, "cudaMemcpyAsync");
	sc_analyse(&s, NULL);
	EXPECT(sc_claim(&s, k), OC_CAUSE_SUBMITTED_LATE);
	sc_done(&s);
}

/*
 * A late partner explains a claim only when it held it back, and the longer
 * wait decides (docs/causes.md, "Fresh" and "Decisive and contributing
 * causes"; rules E3 and E8).
 *
 * A small pageable copy whose call returned once its bytes were staged,
 * before the copy ran, then 4 s in which the device sat idle, then an async
 * copy on another stream: the pageable call did not hold it back (it
 * returned before its copy ended), so no pageable blame; the host was late.
 */
static void test_late_pageable_staged(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_copy(&s, 14, SC_HTOD, OC_MEM_PAGEABLE, 1, 101 * U, 110 * U, 99 * U, 100 * U, "cudaMemcpyAsync");
	int g = sc_copy(&s, 16, SC_HTOD, OC_MEM_PINNED, 1, 4000000 * U, 4000100 * U, 3999999 * U,
			3999999 * U + 500, "cudaMemcpyAsync");
	sc_analyse(&s, NULL);
	const struct oc_claim *cl = sc_claim(&s, g);
	EXPECT(cl, OC_CAUSE_SUBMITTED_LATE);
	assert_int_equal(sc_cause_at(cl, OC_CAUSE_PAGEABLE_HOST_MEMORY), -1);
	sc_done(&s);
}

/* The same, the pageable call holding the host until its copy was done (a
 * fresh block), then 4 s of the host's own work: the lateness decides, the
 * pageable copy at most contributes. */
static void test_late_pageable_dominated(void **state)
{
	struct sc s;
	sc_open(&s);
	int f = sc_copy(&s, 14, SC_HTOD, OC_MEM_PAGEABLE, 1, 100 * U, 104 * U, 99 * U, 105 * U,
			"cudaMemcpyAsync");
	int g = sc_copy(&s, 16, SC_HTOD, OC_MEM_PINNED, 1, 4000000 * U, 4000100 * U, 3999999 * U,
			3999999 * U + 500, "cudaMemcpyAsync");
	sc_analyse(&s, NULL);
	const struct oc_claim *cl = sc_claim(&s, g);
	EXPECT(cl, OC_CAUSE_SUBMITTED_LATE, OC_CAUSE_PAGEABLE_HOST_MEMORY);
	assert_int_equal(cl->contributing, 1);
	assert_int_equal(sc_op_corr(&s, cl->evidence[1].op), f);
	sc_done(&s);
}

/* A pageable copy whose call held the host until it was done, and the next
 * launch on the same thread right after it returned: the copy held the
 * kernel back, and decides. */
static void test_late_pageable_fresh(void **state)
{
	struct sc s;
	sc_open(&s);
	int f = sc_copy(&s, 14, SC_HTOD, OC_MEM_PAGEABLE, 1, 100 * U, 200 * U, 99 * U, 201 * U,
			"cudaMemcpyAsync");
	int k = sc_kernel(&s, 16, 205 * U, 300 * U, 202 * U, 203 * U, "_Z1kv", 1);
	sc_analyse(&s, NULL);
	const struct oc_claim *cl = sc_claim(&s, k);
	assert_int_equal(cl->evidence[0].cause, OC_CAUSE_PAGEABLE_HOST_MEMORY);
	assert_int_equal(sc_op_corr(&s, cl->evidence[0].op), f);
	sc_done(&s);
}

/* A stream sync that waited for the kernel, then 5 ms of the host's own work
 * before the next launch: the sync (109 us) did not keep the pair apart, the
 * 5 ms did: submitted_late decides, the sync contributes. */
static void test_sync_then_long_host_work(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_stream_sync(&s, 14, 92 * U, 201 * U);
	int k2 = sc_kernel(&s, 16, 5210 * U, 5300 * U, 5201 * U, 5202 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	const struct oc_claim *a = sc_claim(&s, k1), *b = sc_claim(&s, k2);
	EXPECT(a, OC_CAUSE_SUBMITTED_LATE, OC_CAUSE_HOST_SYNCHRONIZATION);
	assert_int_equal(a->contributing, 1);
	assert_int_equal(sc_op_corr(&s, a->evidence[0].partner), k2);
	EXPECT(b, OC_CAUSE_SUBMITTED_LATE, OC_CAUSE_HOST_SYNCHRONIZATION);
	assert_int_equal(b->evidence[0].self_late, 1);
	sc_done(&s);
}

/* A kernel on blocking stream 13, then a kernel on the legacy stream queued
 * while it ran: the legacy one waits for it. */
static void test_legacy_default_stream(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 13, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int kl = sc_kernel(&s, 7, 200 * U, 300 * U, 92 * U, 93 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);

	const struct oc_claim *a = sc_claim(&s, k1), *l = sc_claim(&s, kl);
	/* the blocking-stream kernel was held apart by the legacy stream's
	 * implicit synchronization; the legacy kernel ran on the legacy stream */
	EXPECT(a, OC_CAUSE_DEFAULT_STREAM_IMPLICIT_SYNC);
	assert_int_equal(sc_op_corr(&s, a->evidence[0].op), kl);
	assert_int_equal(sc_op_corr(&s, a->evidence[0].partner), kl);
	EXPECT(l, OC_CAUSE_LEGACY_DEFAULT_STREAM);
	assert_int_equal(sc_op_corr(&s, l->evidence[0].partner), k1);
	assert_int_equal(sc_op_corr(&s, l->evidence[0].op), kl);
	/* and the legacy op is listed as having serialized the blocking stream */
	assert_int_equal(s.a.n_default_syncs, 1);
	assert_int_equal(sc_op_corr(&s, s.a.default_syncs[0].op), kl);
	assert_int_equal(s.a.default_syncs[0].n_waited_for, 1);
	assert_int_equal(sc_op_corr(&s, s.a.default_syncs[0].waited_for[0]), k1);
	assert_int_equal(s.a.default_syncs[0].blocked_ns, 200 * U - 92 * U);
	sc_done(&s);
}

/* Non-blocking streams next to legacy-stream work: one intersects the legacy
 * kernel (overlapped), one runs after it for no provable reason; neither may
 * be given a legacy-stream cause. */
static void test_nonblocking_next_to_legacy(void **state)
{
	struct sc s;
	sc_open(&s);
	int kl = sc_kernel(&s, 7, 100 * U, 200 * U, 90 * U, 91 * U, "_Z6legacyv", 1);
	int kn = sc_kernel(&s, 14, 150 * U, 250 * U, 92 * U, 93 * U, "_Z2nbv", 1);
	int kn2 = sc_kernel(&s, 16, 260 * U, 300 * U, 94 * U, 95 * U, "_Z3nb2v", 1);
	sc_analyse(&s, NULL);

	assert_int_equal(sc_claim(&s, kl)->verdict, OC_VERDICT_OVERLAPPED);
	assert_int_equal(sc_claim(&s, kn)->verdict, OC_VERDICT_OVERLAPPED);
	const struct oc_claim *c = sc_claim(&s, kn2);
	assert_int_equal(sc_cause_at(c, OC_CAUSE_LEGACY_DEFAULT_STREAM), -1);
	assert_int_equal(sc_cause_at(c, OC_CAUSE_DEFAULT_STREAM_IMPLICIT_SYNC), -1);
	EXPECT(c, OC_CAUSE_UNKNOWN);
	/* non-blocking streams are never held by the legacy stream */
	assert_int_equal(s.a.n_default_syncs, 0);
	sc_done(&s);
}

/* A legacy-stream op queued only after a host sync that waited for the
 * blocking-stream kernel did not keep them apart: the CPU did. */
static void test_legacy_queued_late(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 13, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_stream_sync(&s, 13, 92 * U, 202 * U);
	int kl = sc_kernel(&s, 7, 220 * U, 300 * U, 210 * U, 211 * U, "_Z1lv", 1);
	sc_analyse(&s, NULL);
	EXPECT(sc_claim(&s, k1), OC_CAUSE_HOST_SYNCHRONIZATION, OC_CAUSE_SUBMITTED_LATE);
	EXPECT(sc_claim(&s, kl), OC_CAUSE_HOST_SYNCHRONIZATION, OC_CAUSE_SUBMITTED_LATE);
	sc_done(&s);
}

/* Blocking streams 13 and 15, with a legacy-stream op queued between their
 * submissions and run between them. */
static void test_default_stream_implicit_sync(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 13, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int kl = sc_kernel(&s, 7, 200 * U, 210 * U, 92 * U, 93 * U, "_Z1lv", 1);
	int k2 = sc_kernel(&s, 15, 210 * U, 300 * U, 94 * U, 95 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);

	const struct oc_claim *a = sc_claim(&s, k1), *b = sc_claim(&s, k2), *l = sc_claim(&s, kl);
	/* neither blocking-stream kernel ran on the legacy stream; the legacy op
	 * between them is the evidence */
	EXPECT(a, OC_CAUSE_DEFAULT_STREAM_IMPLICIT_SYNC);
	assert_int_equal(sc_op_corr(&s, a->evidence[0].op), kl);
	/* kl lies wholly between k1 and k2, so they are not adjacent: the
	 * legacy op itself is each one's partner (docs/causes.md, Adjacent) */
	assert_int_equal(sc_op_corr(&s, a->evidence[0].partner), kl);
	EXPECT(b, OC_CAUSE_DEFAULT_STREAM_IMPLICIT_SYNC);
	assert_int_equal(sc_op_corr(&s, b->evidence[0].op), kl);
	assert_int_equal(sc_op_corr(&s, b->evidence[0].partner), kl);
	EXPECT(l, OC_CAUSE_LEGACY_DEFAULT_STREAM);
	/* the legacy op waited for k1 and held k2 */
	assert_int_equal(s.a.n_default_syncs, 1);
	assert_int_equal(s.a.default_syncs[0].n_waited_for, 1);
	assert_int_equal(s.a.default_syncs[0].n_held, 1);
	assert_int_equal(sc_op_corr(&s, s.a.default_syncs[0].held[0]), k2);
	sc_done(&s);
}

/* cudaStreamSynchronize between two submissions on non-blocking streams. */
static void test_host_synchronization_explicit(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int sy = sc_stream_sync(&s, 14, 92 * U, 201 * U);
	int k2 = sc_kernel(&s, 16, 210 * U, 300 * U, 202 * U, 203 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);

	const struct oc_claim *a = sc_claim(&s, k1), *b = sc_claim(&s, k2);
	/* k2 was queued after k1 ended (late), because of the sync (first);
	 * nothing else was queued while k1 ran */
	EXPECT(a, OC_CAUSE_HOST_SYNCHRONIZATION, OC_CAUSE_SUBMITTED_LATE);
	const struct oc_block *bl = &s.a.blocks[a->evidence[0].block];
	assert_int_equal(bl->hidden, 0);
	assert_int_equal((int)s.t.api[bl->api].correlation_id, sy);
	assert_int_equal(bl->blocked_ns, 200 * U - 92 * U);
	assert_int_equal(sc_op_corr(&s, a->evidence[1].partner), k2);
	assert_int_equal(a->evidence[1].self_late, 0);
	EXPECT(b, OC_CAUSE_HOST_SYNCHRONIZATION, OC_CAUSE_SUBMITTED_LATE);
	assert_int_equal(b->evidence[1].self_late, 1);
	assert_int_equal(s.a.summary.hidden_syncs, 0);
	assert_int_equal(s.a.summary.explicit_syncs, 1);
	sc_done(&s);
}

/* The same, with a cudaFree that waited for the kernel and returned 5 µs
 * after it ended: a hidden synchronization. */
static void test_host_synchronization_hidden(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int fr = sc_call(&s, "cudaFree", 92 * U, 205 * U);
	int k2 = sc_kernel(&s, 16, 210 * U, 300 * U, 206 * U, 207 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);

	const struct oc_claim *a = sc_claim(&s, k1);
	EXPECT(a, OC_CAUSE_HOST_SYNCHRONIZATION, OC_CAUSE_SUBMITTED_LATE);
	const struct oc_block *bl = &s.a.blocks[a->evidence[0].block];
	assert_int_equal(bl->hidden, 1);
	assert_int_equal((int)s.t.api[bl->api].correlation_id, fr);
	assert_int_equal(bl->blocked_ns, 108 * U);
	EXPECT(sc_claim(&s, k2), OC_CAUSE_HOST_SYNCHRONIZATION, OC_CAUSE_SUBMITTED_LATE);
	sc_done(&s);
}

/* A host sync on ANOTHER thread does not explain the gap between two
 * submissions of thread 1. */
static void test_host_sync_other_thread(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_set_tid(&s, 2);
	sc_stream_sync(&s, 14, 92 * U, 201 * U);
	sc_set_tid(&s, 1);
	sc_kernel(&s, 16, 210 * U, 300 * U, 202 * U, 203 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	EXPECT(sc_claim(&s, k1), OC_CAUSE_SUBMITTED_LATE);
	sc_done(&s);
}

/* k2's stream waits for an event recorded in k1's stream after k1. */
static void test_event_dependency(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_event_record(&s, 5, 14, 92 * U);
	int w = sc_wait_event(&s, 16, 5, 94 * U);
	int k2 = sc_kernel(&s, 16, 200 * U, 300 * U, 96 * U, 97 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);

	const struct oc_claim *a = sc_claim(&s, k1), *b = sc_claim(&s, k2);
	EXPECT(a, OC_CAUSE_EVENT_DEPENDENCY);
	assert_int_equal(a->evidence[0].event_id, 5);
	assert_int_equal(s.t.streams[a->evidence[0].event_stream].stream_id, 14);
	assert_int_equal(s.t.streams[a->evidence[0].wait_stream].stream_id, 16);
	assert_int_equal((int)s.t.api[a->evidence[0].api].correlation_id, w);
	EXPECT(b, OC_CAUSE_EVENT_DEPENDENCY);
	sc_done(&s);
}

/* The same dependency seen only through the API callbacks' arguments (no
 * SYNCHRONIZATION or CUDA_EVENT records): event handles and streams. */
static void test_event_dependency_from_api_args(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int r = sc_call(&s, "cudaEventRecord", 92 * U, 93 * U);
	int w = sc_call(&s, "cudaStreamWaitEvent", 94 * U, 95 * U);
	sc_exec(&s, "INSERT INTO api_args(correlation_id, domain, cbid, tid, stream_handle, handle_kind,"
		    " context_id, stream_id, event_handle) VALUES"
		    " (%d, 1, 0, 1, 4096, 3, 1, 14, 777), (%d, 1, 0, 1, 8192, 3, 1, 16, 777)", r, w);
	int k2 = sc_kernel(&s, 16, 200 * U, 300 * U, 96 * U, 97 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	const struct oc_claim *a = sc_claim(&s, k1);
	EXPECT(a, OC_CAUSE_EVENT_DEPENDENCY);
	assert_int_equal(a->evidence[0].event_id, 777);
	assert_int_equal(a->evidence[0].event_handle, 1);   /* said as 0x309 */
	assert_int_equal((int)s.t.api[a->evidence[0].api].correlation_id, w);
	EXPECT(sc_claim(&s, k2), OC_CAUSE_EVENT_DEPENDENCY);
	sc_done(&s);
}

/* An event recorded BEFORE k1 was queued says nothing about k1. */
static void test_event_recorded_before(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_event_record(&s, 5, 14, 80 * U);
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_wait_event(&s, 16, 5, 94 * U);
	sc_kernel(&s, 16, 200 * U, 300 * U, 96 * U, 97 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	EXPECT(sc_claim(&s, k1), OC_CAUSE_UNKNOWN);
	sc_done(&s);
}

/* One stream: copy in, kernel, copy out, all queued up front. */
static void test_same_stream_order(void **state)
{
	struct sc s;
	sc_open(&s);
	int c1 = sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 100 * U, 200 * U, 90 * U, 91 * U, "cudaMemcpyAsync");
	int k = sc_kernel(&s, 14, 200 * U, 300 * U, 92 * U, 93 * U, "_Z1kv", 1);
	int c2 = sc_copy(&s, 14, SC_DTOH, OC_MEM_PINNED, 1, 300 * U, 400 * U, 94 * U, 95 * U, "cudaMemcpyAsync");
	sc_analyse(&s, NULL);
	EXPECT(sc_claim(&s, c1), OC_CAUSE_SAME_STREAM_ORDER);
	EXPECT(sc_claim(&s, k), OC_CAUSE_SAME_STREAM_ORDER);
	EXPECT(sc_claim(&s, c2), OC_CAUSE_SAME_STREAM_ORDER);
	assert_int_equal(sc_op_corr(&s, sc_claim(&s, k)->evidence[0].op), c1);
	sc_done(&s);
}

/* A kernel whose grid fills every SM (132 SMs x 2048/256 = 1056 blocks), and
 * a small kernel queued meanwhile in another stream. One block fewer proves
 * nothing. */
static void run_sm(int grid, int saturated)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel_grid(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z3bigv", grid, 256);
	int k2 = sc_kernel(&s, 16, 200 * U, 250 * U, 92 * U, 93 * U, "_Z5smallv", 1);
	sc_analyse(&s, NULL);
	if (saturated) {
		const struct oc_claim *a = sc_claim(&s, k1);
		EXPECT(a, OC_CAUSE_SM_SATURATION);
		assert_int_equal(a->evidence[0].count, grid);
		assert_int_equal(a->evidence[0].limit, 1056);
		assert_int_equal(a->evidence[0].sm_count, 132);
		assert_int_equal(a->evidence[0].blocks_per_sm, 8);
		EXPECT(sc_claim(&s, k2), OC_CAUSE_SM_SATURATION);
		assert_int_equal(sc_op_corr(&s, sc_claim(&s, k2)->evidence[0].op), k1);
	} else {
		EXPECT(sc_claim(&s, k1), OC_CAUSE_UNKNOWN);
		EXPECT(sc_claim(&s, k2), OC_CAUSE_UNKNOWN);
	}
	sc_done(&s);
}

static void test_sm_saturation(void **state)
{
	run_sm(1056, 1);
	run_sm(1055, 0);
}

/* 1024-thread blocks of a 40-register kernel: 1280 registers per warp, 51
 * warps per SM by registers, so one block per SM although the thread limit
 * allows two. A one-wave grid of 132 blocks fills the device. */
static void test_sm_saturation_registers(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel_grid(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z4fillv", 132, 1024);
	sc_exec(&s, "UPDATE ops SET registers = 40 WHERE correlation_id = %d", k1);
	int k2 = sc_kernel(&s, 16, 200 * U, 250 * U, 92 * U, 93 * U, "_Z5smallv", 1);
	sc_analyse(&s, NULL);
	const struct oc_claim *a = sc_claim(&s, k1);
	EXPECT(a, OC_CAUSE_SM_SATURATION);
	assert_int_equal(a->evidence[0].blocks_per_sm, 1);
	assert_int_equal(a->evidence[0].limit, 132);
	EXPECT(sc_claim(&s, k2), OC_CAUSE_SM_SATURATION);
	sc_done(&s);

	/* 32 registers: two blocks fit per SM, 132 blocks leave room */
	sc_open(&s);
	k1 = sc_kernel_grid(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z4fillv", 132, 1024);
	sc_exec(&s, "UPDATE ops SET registers = 32 WHERE correlation_id = %d", k1);
	sc_kernel(&s, 16, 200 * U, 250 * U, 92 * U, 93 * U, "_Z5smallv", 1);
	sc_analyse(&s, NULL);
	EXPECT(sc_claim(&s, k1), OC_CAUSE_UNKNOWN);
	sc_done(&s);

	/* shared memory: 100 KB per block on a 228 KB SM, two blocks per SM */
	sc_open(&s);
	k1 = sc_kernel_grid(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z4fillv", 264, 128);
	sc_exec(&s, "UPDATE ops SET dynamic_smem = 102400 WHERE correlation_id = %d", k1);
	sc_kernel(&s, 16, 200 * U, 250 * U, 92 * U, 93 * U, "_Z5smallv", 1);
	sc_analyse(&s, NULL);
	EXPECT(sc_claim(&s, k1), OC_CAUSE_SM_SATURATION);
	assert_int_equal(sc_claim(&s, k1)->evidence[0].blocks_per_sm, 2);
	sc_done(&s);
}

/* The partner's call came only after the kernel ended. */
static void test_submitted_late(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int k2 = sc_kernel(&s, 16, 260 * U, 300 * U, 250 * U, 251 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	const struct oc_claim *a = sc_claim(&s, k1);
	EXPECT(a, OC_CAUSE_SUBMITTED_LATE);
	assert_int_equal(a->evidence[0].ts_ns, 250 * U);
	assert_int_equal(a->evidence[0].ref_ns, 200 * U);
	assert_int_equal(a->evidence[0].self_late, 0);
	const struct oc_claim *b = sc_claim(&s, k2);
	EXPECT(b, OC_CAUSE_SUBMITTED_LATE);
	assert_int_equal(b->evidence[0].self_late, 1);
	sc_done(&s);
}

/* Opposite-direction copies pending together on a one-engine device; the
 * same trace with three engines proves nothing. */
static void run_engines(const char *engines, int limited)
{
	struct sc s;
	sc_open(&s);
	sc_meta(&s, "device.0.async_engine_count", engines);
	int c1 = sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 100 * U, 200 * U, 90 * U, 91 * U, "cudaMemcpyAsync");
	int c2 = sc_copy(&s, 16, SC_DTOH, OC_MEM_PINNED, 1, 200 * U, 300 * U, 92 * U, 93 * U, "cudaMemcpyAsync");
	sc_analyse(&s, NULL);
	if (limited) {
		EXPECT(sc_claim(&s, c1), OC_CAUSE_COPY_ENGINE_LIMIT);
		assert_int_equal(sc_claim(&s, c1)->evidence[0].count, 1);
		EXPECT(sc_claim(&s, c2), OC_CAUSE_COPY_ENGINE_LIMIT);
	} else {
		EXPECT(sc_claim(&s, c1), OC_CAUSE_UNKNOWN);
	}
	sc_done(&s);
}

static void test_copy_engine_limit(void **state)
{
	run_engines("1", 1);
	run_engines("3", 0);
}

static void test_hardware_queue_limit(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_meta(&s, "env.CUDA_DEVICE_MAX_CONNECTIONS", "1");
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int k2 = sc_kernel(&s, 16, 200 * U, 300 * U, 92 * U, 93 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	const struct oc_claim *a = sc_claim(&s, k1);
	EXPECT(a, OC_CAUSE_HARDWARE_QUEUE_LIMIT);
	assert_int_equal(a->evidence[0].count, 1);
	assert_int_equal(a->evidence[0].limit, 2);
	EXPECT(sc_claim(&s, k2), OC_CAUSE_HARDWARE_QUEUE_LIMIT);
	sc_done(&s);
}

/* A declared dependency is not blamed on the hardware queues. */
static void test_hardware_queue_limit_not_with_event(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_meta(&s, "env.CUDA_DEVICE_MAX_CONNECTIONS", "1");
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_event_record(&s, 9, 14, 92 * U);
	sc_wait_event(&s, 16, 9, 94 * U);
	sc_kernel(&s, 16, 200 * U, 300 * U, 96 * U, 97 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	EXPECT(sc_claim(&s, k1), OC_CAUSE_EVENT_DEPENDENCY);
	sc_done(&s);
}

/* CUDA_LAUNCH_BLOCKING=1: the launch returns after the kernel. */
static void test_launch_blocking(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_meta(&s, "env.CUDA_LAUNCH_BLOCKING", "1");
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 201 * U, "_Z1av", 1);
	sc_kernel(&s, 16, 210 * U, 300 * U, 202 * U, 290 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	const struct oc_claim *a = sc_claim(&s, k1);
	EXPECT(a, OC_CAUSE_LAUNCH_BLOCKING, OC_CAUSE_SUBMITTED_LATE);
	assert_int_equal(sc_op_corr(&s, a->evidence[0].op), k1);
	sc_done(&s);
}

static void test_nothing_concurrent(void **state)
{
	struct sc s;
	sc_open(&s);
	int k = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z5alonev", 1);
	sc_analyse(&s, NULL);
	EXPECT(sc_claim(&s, k), OC_CAUSE_NOTHING_CONCURRENT);
	assert_int_equal(s.a.summary.causes[OC_CAUSE_NOTHING_CONCURRENT], 1);
	sc_done(&s);
}

/* Two kernels queued together in non-blocking streams ran one after the
 * other, small grids, no sync, no event, no env: nothing is proven. */
static void test_unknown(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int k2 = sc_kernel(&s, 16, 200 * U, 300 * U, 92 * U, 93 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	EXPECT(sc_claim(&s, k1), OC_CAUSE_UNKNOWN);
	EXPECT(sc_claim(&s, k2), OC_CAUSE_UNKNOWN);
	assert_int_equal(s.a.summary.causes[OC_CAUSE_UNKNOWN], 2);
	sc_done(&s);
}

/* Below min_overlap (4% of own duration) is serialized; 5% is overlapped;
 * touching intervals do not intersect. */
static void test_threshold_and_touching(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int k2 = sc_kernel(&s, 16, 196 * U, 296 * U, 92 * U, 93 * U, "_Z1bv", 1);   /* 4 µs shared */
	int k3 = sc_kernel(&s, 13, 300 * U, 400 * U, 94 * U, 95 * U, "_Z1cv", 1);
	int k4 = sc_kernel(&s, 15, 395 * U, 495 * U, 96 * U, 97 * U, "_Z1dv", 1);   /* 5 µs shared */
	int k5 = sc_kernel(&s, 14, 495 * U, 595 * U, 98 * U, 99 * U, "_Z1ev", 1);   /* touches k4 */
	sc_analyse(&s, NULL);
	assert_int_equal(sc_claim(&s, k1)->verdict, OC_VERDICT_SERIALIZED);
	assert_int_equal(sc_claim(&s, k1)->overlap_ns, 4 * U);
	assert_int_equal(sc_claim(&s, k2)->verdict, OC_VERDICT_SERIALIZED);
	assert_int_equal(sc_claim(&s, k3)->verdict, OC_VERDICT_OVERLAPPED);
	assert_int_equal(sc_claim(&s, k4)->verdict, OC_VERDICT_OVERLAPPED);
	assert_int_equal(sc_claim(&s, k5)->overlap_ns, 0);
	assert_int_equal(sc_claim(&s, k5)->witness, -1);
	sc_done(&s);

	/* the same trace with --min-overlap 0.03 makes k1 overlapped */
	struct oc_analysis_options o;
	oc_analysis_options_init(&o);
	o.min_overlap = 0.03;
	sc_open(&s);
	k1 = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	sc_kernel(&s, 16, 196 * U, 296 * U, 92 * U, 93 * U, "_Z1bv", 1);
	sc_analyse(&s, &o);
	assert_int_equal(sc_claim(&s, k1)->verdict, OC_VERDICT_OVERLAPPED);
	sc_done(&s);
}

/* Who is a claim: kernels, and copies/memsets with the ASYNC flag. A
 * synchronous cudaMemcpy is not one, whatever it is called. */
static void test_what_is_a_claim(void **state)
{
	struct sc s;
	sc_open(&s);
	int k = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1av", 1);
	int sync_copy = sc_copy(&s, 16, SC_HTOD, OC_MEM_PINNED, 0, 300 * U, 400 * U, 290 * U, 401 * U,
				"cudaMemcpyAsync");  /* named Async, queued synchronously */
	int async_copy = sc_copy(&s, 16, SC_DTOH, OC_MEM_PINNED, 1, 500 * U, 600 * U, 490 * U, 491 * U,
				 "cuMemcpyDtoHAsync_v2");
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_claims, 2);
	assert_non_null(sc_claim(&s, k));
	assert_null(sc_claim(&s, sync_copy));
	assert_non_null(sc_claim(&s, async_copy));
	sc_done(&s);
}

/* A runtime call and its driver twin share the correlation id: one claim,
 * named after the runtime call. */
static void test_driver_twin(void **state)
{
	struct sc s;
	sc_open(&s);
	int k = sc_kernel(&s, 14, 100 * U, 200 * U, 90 * U, 95 * U, "_Z1av", 1);
	sc_exec(&s, "INSERT INTO api(domain, cbid, name_id, start_ns, end_ns, tid, correlation_id,"
		    " return_value) VALUES (2, 0, %lld, %lld, %lld, 1, %d, 0)",
		(long long)sc_str(&s, "cuLaunchKernel"), 91 * U, 94 * U, k);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_claims, 1);
	assert_string_equal(oc_trace_str(&s.t, s.t.api[oc_claim_api(&s.t, &s.a.claims[0])].name), "cudaLaunchKernel");
	sc_done(&s);
}

/* A graph launch queues two kernel nodes in two streams that intersect and a
 * third that runs alone: one verdict per node. */
static void test_graph_nodes(void **state)
{
	struct sc s;
	sc_open(&s);
	int g = sc_call(&s, "cudaGraphLaunch", 90 * U, 95 * U);
	sc_exec(&s, "INSERT INTO ops(kind, start_ns, end_ns, device_id, context_id, stream_id, correlation_id,"
		    " name_id, graph_id, graph_node_id) VALUES"
		    " (1, %lld, %lld, 0, 1, 14, %d, %lld, 3, 101),"
		    " (1, %lld, %lld, 0, 1, 16, %d, %lld, 3, 102),"
		    " (1, %lld, %lld, 0, 1, 14, %d, %lld, 3, 103)",
		    100 * U, 200 * U, g, (long long)sc_str(&s, "_Z2n1v"),
		    120 * U, 220 * U, g, (long long)sc_str(&s, "_Z2n2v"),
		    300 * U, 400 * U, g, (long long)sc_str(&s, "_Z2n3v"));
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_claims, 3);
	assert_int_equal(s.a.claims[0].verdict, OC_VERDICT_OVERLAPPED);
	assert_int_equal(s.a.claims[1].verdict, OC_VERDICT_OVERLAPPED);
	assert_int_equal(s.a.claims[2].verdict, OC_VERDICT_SERIALIZED);
	assert_int_equal(oc_op_shape(&s.t, &s.t.ops[s.a.claims[2].op])->graph_node_id, 103);
	for (size_t k = 0; k < 3; k++)
		assert_int_equal((int)s.t.api[oc_claim_api(&s.t, &s.a.claims[k])].correlation_id, g);
	sc_done(&s);
}

/* Reference model: on random traces, every claim's overlap_ns, verdict and
 * witness agree with a brute-force computation over all pairs. */
static int64_t isect(int64_t a0, int64_t a1, int64_t b0, int64_t b1)
{
	int64_t lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;
	return hi > lo ? hi - lo : 0;
}

static void test_reference_model(void **state)
{
	static const int streams[] = { 13, 14, 15, 16 };
	unsigned seed = 12345;

	for (int round = 0; round < 20; round++) {
		struct sc s;
		enum { N = 60 };
		int64_t st[N], en[N];
		int sid[N];

		sc_open(&s);
		sc_exec(&s, "BEGIN");
		for (int i = 0; i < N; i++) {
			seed = seed * 1103515245u + 12345u;
			st[i] = (int64_t)(seed >> 8) % 2000 * U / 4;
			seed = seed * 1103515245u + 12345u;
			en[i] = st[i] + (int64_t)((seed >> 8) % 40) * U / 4;  /* zero-length included */
			sid[i] = streams[(seed >> 20) % 4];
			sc_kernel(&s, sid[i], st[i], en[i], st[i] - 5 * U, st[i] - 4 * U, "_Z1kv", 1);
		}
		sc_exec(&s, "COMMIT");
		sc_analyse(&s, NULL);
		assert_int_equal(s.a.n_claims, N);
		for (int i = 0; i < N; i++) {
			const struct oc_claim *cl = sc_claim(&s, i + 1);
			/* union of other streams' ops, clipped to op i: sweep a 1/4 µs grid */
			int64_t covered = 0, best = 0;
			for (int64_t t = st[i]; t < en[i]; t += U / 4) {
				int hit = 0;
				for (int j = 0; j < N && !hit; j++)
					hit = sid[j] != sid[i] && st[j] <= t && t < en[j];
				covered += hit ? U / 4 : 0;
			}
			for (int j = 0; j < N; j++)
				if (sid[j] != sid[i] && isect(st[i], en[i], st[j], en[j]) > best)
					best = isect(st[i], en[i], st[j], en[j]);
			assert_int_equal(cl->overlap_ns, covered);
			int64_t d = en[i] - st[i];
			int want = d > 0 && covered > 0 && (double)covered / (double)d >= 0.05;
			assert_int_equal(cl->verdict == OC_VERDICT_OVERLAPPED, want);
			if (best == 0) {
				assert_int_equal(cl->witness, -1);
			} else {
				int32_t w = cl->witness;
				assert_true(w >= 0);
				assert_int_equal(isect(st[i], en[i], s.t.ops[w].start_ns, s.t.ops[w].end_ns), best);
				int64_t ws, we;
				oc_claim_witness_span(&s.t, cl, &ws, &we);
				assert_int_equal(we - ws, best);
			}
			if (cl->verdict == OC_VERDICT_SERIALIZED)
				assert_true(cl->n_evidence >= 1);
			else
				assert_int_equal(cl->n_evidence, 0);
		}
		sc_done(&s);
	}
}

static void test_cause_names(void **state)
{
	/* docs/method.md's order, and names round-trip */
	static const char *const order[] = {
		"launch_blocking", "pageable_host_memory", "legacy_default_stream",
		"default_stream_implicit_sync", "host_synchronization", "event_dependency",
		"graph_node_order", "same_stream_order", "sm_saturation", "submitted_late",
		"launch_latency", "copy_engine_limit", "same_direction_copy", "queued_behind",
		"hardware_queue_limit", "peer_wait", "partial_overlap", "nothing_concurrent",
		"unknown",
	};
	assert_int_equal(OC_N_CAUSES, 19);
	for (int c = 0; c < OC_N_CAUSES; c++) {
		assert_string_equal(oc_cause_name(c), order[c]);
		assert_int_equal(oc_cause_from_name(order[c]), c);
	}
	assert_int_equal(oc_cause_from_name("bogus"), -1);
	assert_string_equal(oc_gap_cause_name(OC_GAP_MODULE_LOADING), "module_loading");
	assert_int_equal(oc_gap_cause_from_name("dependency_wait"), OC_GAP_DEPENDENCY_WAIT);
}

/* A trace with serialized claims (pageable copies that hold kernels back)
 * and overlapped ones (two kernels side by side), six times over. */
static void spill_scenario(struct sc *s, int reps)
{
	sc_open(s);
	sc_exec(s, "BEGIN");            /* one transaction: thousands of rows */
	for (int i = 0; i < reps; i++) {
		int64_t t0 = (int64_t)i * 1000 * U;
		sc_copy(s, 14, SC_HTOD, OC_MEM_PAGEABLE, 1, t0 + 100 * U, t0 + 200 * U, t0 + 90 * U,
			t0 + 199 * U, "cudaMemcpyAsync");
		sc_kernel(s, 16, t0 + 200 * U, t0 + 300 * U, t0 + 199 * U, t0 + 199 * U + 500, "_Z1kv", 1);
		sc_kernel(s, 16, t0 + 300 * U, t0 + 400 * U, t0 + 201 * U, t0 + 202 * U, "_Z1kv", 1);
		sc_kernel(s, 18, t0 + 300 * U, t0 + 400 * U, t0 + 203 * U, t0 + 204 * U, "_Z1mv", 1);
	}
	sc_exec(s, "COMMIT");
}

/* Each claim and its evidence, evidence pointers aside. */
static void assert_same_claims(const struct sc *x, const struct sc *y)
{
	assert_int_equal(x->a.n_claims, y->a.n_claims);
	for (size_t k = 0; k < x->a.n_claims; k++) {
		struct oc_claim cx = x->a.claims[k], cy = y->a.claims[k];

		assert_int_equal(cx.n_evidence, cy.n_evidence);
		assert_true((cx.evidence == NULL) == (cy.evidence == NULL));
		if (cx.n_evidence)
			assert_memory_equal(cx.evidence, cy.evidence, cx.n_evidence * sizeof *cx.evidence);
		cx.evidence = cy.evidence = NULL;
		assert_memory_equal(&cx, &cy, sizeof cx);
	}
	assert_memory_equal(&x->a.summary, &y->a.summary, sizeof x->a.summary);
	/* the critical path's steps, which wait in a file of their own while the
	   bounds run: field by field (a step's padding is not its value) */
	const struct oc_critical_path *px = &x->a.path, *py = &y->a.path;
	assert_int_equal(px->n_steps, py->n_steps);
	assert_true(px->n_steps > 0);
	for (size_t i = 0; i < px->n_steps; i++) {
		const struct oc_path_step *u = &px->steps[i], *w = &py->steps[i];
		assert_int_equal(u->start_ns, w->start_ns);
		assert_int_equal(u->end_ns, w->end_ns);
		assert_int_equal(u->calls_ns, w->calls_ns);
		assert_int_equal(u->op, w->op);
		assert_int_equal(u->api, w->api);
		assert_int_equal(u->part, w->part);
		assert_int_equal(u->edge, w->edge);
		assert_int_equal(u->graph, w->graph);
	}
	assert_int_equal(px->n_groups, py->n_groups);
	assert_int_equal(px->n_bounds, py->n_bounds);
	for (size_t i = 0; i < px->n_bounds; i++)
		assert_int_equal(px->bounds[i].bound_ns, py->bounds[i].bound_ns);
	assert_int_equal(px->unexplained_ns, py->unexplained_ns);
}

/* 1 when dir is on a file system held in memory (tmpfs, ramfs), where the
 * claims are not spilled; -1 when it cannot be told. */
static int in_memory(const char *dir)
{
	struct statfs fs;

	if (statfs(dir, &fs) != 0)
		return -1;
	return fs.f_type == TMPFS_MAGIC || fs.f_type == RAMFS_MAGIC;
}

/* scenario analysed with spill_bytes, TMPDIR set to tmpdir (NULL: unset)
 * for the analysis alone, and the soft limit on a file's size to fsize
 * (0: as it is) */
static int spill_shed;           /* spill_run's analysis: options.shed_trace */

static void spill_run(struct sc *s, int reps, size_t spill_bytes, const char *tmpdir, rlim_t fsize)
{
	struct oc_analysis_options o;
	const char *old = getenv("TMPDIR");
	char *saved = old ? strdup(old) : NULL;
	struct rlimit rl0, rl;

	oc_analysis_options_init(&o);
	o.spill_bytes = spill_bytes;
	o.shed_trace = spill_shed;
	spill_scenario(s, reps);        /* its trace file made before TMPDIR changes */
	if (tmpdir)
		setenv("TMPDIR", tmpdir, 1);
	else
		unsetenv("TMPDIR");
	/* sc_analyse's steps, the limit around the analysis alone (closing the
	   builder may write the trace again: tests/run-tests.sh's v2 copies) */
	char err[512];
	tb_close(&s->b);
	if (oc_trace_open(&s->t, s->b.path, err, sizeof err))
		fail_msg("oc_trace_open: %s", err);
	s->opened = 1;
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &rl0), 0);
	if (fsize) {
		rl = rl0;
		rl.rlim_cur = fsize;
		assert_int_equal(setrlimit(RLIMIT_FSIZE, &rl), 0);
	}
	int rc = oc_analysis_run(&s->t, &o, &s->a, err, sizeof err);
	if (fsize)
		assert_int_equal(setrlimit(RLIMIT_FSIZE, &rl0), 0);
	if (rc)
		fail_msg("oc_analysis_run: %s", err);
	s->analysed = 1;
	if (saved)
		setenv("TMPDIR", saved, 1);
	else
		unsetenv("TMPDIR");
	free(saved);
}

/* The claims wait in a temporary file while the critical path runs
 * (spill_bytes, issue 35) and come back the same, their evidence pointers
 * into the evidence read back; so do the path's steps while the bounds run. They stay in memory, with the same result,
 * when the file cannot be made (TMPDIR names no directory), when it would
 * pass the file size limit (writing past it would raise SIGXFSZ and end
 * this test), and when TMPDIR is in memory (tmpfs). */
static void test_spill(void **state)
{
	struct sc kept, spilled, nodir, limited, shm;
	struct oc_analysis_options o;
	const char *disk = in_memory("/tmp") == 0 ? "/tmp" : in_memory(".") == 0 ? "." : NULL;
	size_t with_evidence = 0, v = 7;

	oc_analysis_options_init(&o);
	if (!getenv("OVERLAPCHECK_SPILL_BYTES"))
		assert_int_equal(o.spill_bytes, (size_t)16 << 20);      /* the default */
	spill_run(&kept, 6, 0, disk, 0);
	assert_int_equal(kept.a.spilled_bytes, 0);
	assert_int_equal(kept.a.n_claims, 24);
	for (size_t k = 0; k < kept.a.n_claims; k++)
		with_evidence += kept.a.claims[k].n_evidence > 0;
	assert_true(with_evidence >= 6 && with_evidence <= 12);   /* the side-by-side pairs overlapped */

	spill_run(&spilled, 6, 1, disk, 0);
	if (disk)
		assert_true(spilled.a.spilled_bytes >= spilled.a.n_claims * sizeof(struct oc_claim) +
			    spilled.a.path.n_steps * sizeof(struct oc_path_step));
	else
		fprintf(stderr, "test_spill: /tmp and . are in memory here: the spill itself is not checked\n");
	assert_same_claims(&kept, &spilled);

	spill_run(&nodir, 6, 1, "/nonexistent/overlapcheck-test", 0);
	assert_int_equal(nodir.a.spilled_bytes, 0);
	assert_same_claims(&kept, &nodir);

	spill_run(&limited, 6, 1, disk, 1024);
	assert_int_equal(limited.a.spilled_bytes, 0);
	assert_same_claims(&kept, &limited);

	if (in_memory("/dev/shm") == 1) {
		spill_run(&shm, 6, 1, "/dev/shm", 0);
		assert_int_equal(shm.a.spilled_bytes, 0);
		assert_same_claims(&kept, &shm);
		sc_done(&shm);
	}
	sc_done(&kept);
	sc_done(&spilled);
	sc_done(&nodir);
	sc_done(&limited);

	/* the analysis' own trace (the CLI's shed_trace): its calls are parked
	   while the sweeps and the claims' first pass run, from the graph's edges
	   to its walk, and while the bounds run, its ops from the graph's edges
	   to the bounds, and they come back as they were, with the same result.
	   A park writes an array's whole pages: 600 repetitions make them */
	spill_run(&kept, 600, 0, disk, 0);
	spill_run(&spilled, 600, 1, disk, 0);     /* a library's trace: its calls stay */
	spill_shed = 1;
	spill_run(&shm, 600, 1, disk, 0);
	spill_shed = 0;
	assert_same_claims(&kept, &shm);
	assert_int_equal(kept.t.n_api, shm.t.n_api);
	assert_true(kept.t.n_api > 0);
	assert_memory_equal(kept.t.api, shm.t.api, kept.t.n_api * sizeof *kept.t.api);
	assert_memory_equal(kept.t.ops, shm.t.ops, kept.t.n_ops * sizeof *kept.t.ops);
	if (disk) {     /* what the shed run wrote out more: its calls three times, its ops
			   once, each but the pages at its ends */
		size_t more = shm.a.spilled_bytes - spilled.a.spilled_bytes, pg = (size_t)sysconf(_SC_PAGESIZE),
		       cb = shm.t.n_api * sizeof *shm.t.api, ob = shm.t.n_ops * sizeof *shm.t.ops;
		assert_true(cb > 4 * pg && ob > 4 * pg);
		assert_true(more <= 3 * cb + ob);
		assert_true(more >= 3 * (cb - 2 * pg) + ob - 2 * pg);
		assert_int_equal(more % pg, 0);
	}
	sc_done(&kept);
	sc_done(&spilled);
	sc_done(&shm);

	/* 24 000 claims: the file's stream passes its 1 MiB buffer in each part */
	spill_run(&kept, 6000, 0, disk, 0);
	spill_run(&spilled, 6000, 1, disk, 0);
	assert_int_equal(kept.a.n_claims, 24000);
	if (disk)
		assert_true(spilled.a.spilled_bytes > ((size_t)2 << 20));
	assert_same_claims(&kept, &spilled);
	sc_done(&kept);
	sc_done(&spilled);

	/* OVERLAPCHECK_SPILL_BYTES: a decimal count, else refused */
	const char *env = getenv("OVERLAPCHECK_SPILL_BYTES");
	char *saved = env ? strdup(env) : NULL;
	unsetenv("OVERLAPCHECK_SPILL_BYTES");
	assert_int_equal(oc_spill_bytes_env(&v), 0);
	assert_int_equal(v, 7);
	setenv("OVERLAPCHECK_SPILL_BYTES", "4096", 1);
	assert_int_equal(oc_spill_bytes_env(&v), 0);
	assert_int_equal(v, 4096);
	oc_analysis_options_init(&o);
	assert_int_equal(o.spill_bytes, 4096);
	setenv("OVERLAPCHECK_SPILL_BYTES", "0", 1);
	assert_int_equal(oc_spill_bytes_env(&v), 0);
	assert_int_equal(v, 0);
	const char *bad[] = { "", "abc", "-1", "+5", " 5", "5k", "99999999999999999999999" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		setenv("OVERLAPCHECK_SPILL_BYTES", bad[i], 1);
		v = 9;
		assert_int_equal(oc_spill_bytes_env(&v), -1);
		assert_int_equal(v, 9);
	}
	if (saved)
		setenv("OVERLAPCHECK_SPILL_BYTES", saved, 1);
	else
		unsetenv("OVERLAPCHECK_SPILL_BYTES");
	free(saved);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_overlapped_pipeline),
		cmocka_unit_test(test_pageable),
		cmocka_unit_test(test_pageable_partner_after),
		cmocka_unit_test(test_late_pageable_staged),
		cmocka_unit_test(test_late_pageable_dominated),
		cmocka_unit_test(test_late_pageable_fresh),
		cmocka_unit_test(test_sync_then_long_host_work),
		cmocka_unit_test(test_legacy_default_stream),
		cmocka_unit_test(test_nonblocking_next_to_legacy),
		cmocka_unit_test(test_default_stream_implicit_sync),
		cmocka_unit_test(test_legacy_queued_late),
		cmocka_unit_test(test_host_synchronization_explicit),
		cmocka_unit_test(test_host_synchronization_hidden),
		cmocka_unit_test(test_host_sync_other_thread),
		cmocka_unit_test(test_event_dependency),
		cmocka_unit_test(test_event_dependency_from_api_args),
		cmocka_unit_test(test_event_recorded_before),
		cmocka_unit_test(test_same_stream_order),
		cmocka_unit_test(test_sm_saturation),
		cmocka_unit_test(test_sm_saturation_registers),
		cmocka_unit_test(test_submitted_late),
		cmocka_unit_test(test_copy_engine_limit),
		cmocka_unit_test(test_hardware_queue_limit),
		cmocka_unit_test(test_hardware_queue_limit_not_with_event),
		cmocka_unit_test(test_launch_blocking),
		cmocka_unit_test(test_nothing_concurrent),
		cmocka_unit_test(test_unknown),
		cmocka_unit_test(test_threshold_and_touching),
		cmocka_unit_test(test_what_is_a_claim),
		cmocka_unit_test(test_driver_twin),
		cmocka_unit_test(test_graph_nodes),
		cmocka_unit_test(test_reference_model),
		cmocka_unit_test(test_cause_names),
		cmocka_unit_test(test_spill),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
