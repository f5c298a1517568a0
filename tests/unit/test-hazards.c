/*
 * test-hazards.c: the hazard analysis (src/analysis/hazards.c,
 * docs/hazards.md) on hand-built traces: every ordering rule, the kinds,
 * kernels' regions and const parameters, folding, and traces without the
 * allocation map.
 *
 * Streams (scenario.h): 7 legacy, 13 and 15 blocking, 14 and 16 non-blocking.
 * Kernel _Z1kPKjPj is k(unsigned int const*, unsigned int*): parameter 0 is
 * read, 1 may be written.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "scenario.h"

#define BUF  0x7f0000000000ll
#define OUT  0x7f0010000000ll
#define SIZE (8ll << 20)
#define KRW  "_Z1kPKjPj"

/* An H2D copy into [dst, dst + bytes) in stream s (pinned host source, untracked). */
static int copy_into(struct sc *s, int stream, long long dst, long long bytes, int64_t start,
		     int64_t end, int64_t api)
{
	int c = sc_copy(s, stream, SC_HTOD, OC_MEM_PINNED, 1, start, end, api, api + 5,
			"cudaMemcpyAsync");
	sc_mem(s, c, OC_MEM_WRITE, dst, bytes, -1, -1);
	return c;
}

/* k(in, out) in stream s. */
static int kernel_rw(struct sc *s, int stream, long long in, long long out, int64_t start,
		     int64_t end, int64_t api)
{
	int k = sc_kernel(s, stream, start, end, api, api + 5, KRW, 132);
	sc_mem(s, k, OC_MEM_ARG, in, -1, 0, -1);
	sc_mem(s, k, OC_MEM_ARG, out, -1, 1, -1);
	return k;
}

static void two_buffers(struct sc *s)
{
	sc_open(s);
	sc_mem_on(s);
	sc_alloc(s, "cudaMalloc", BUF, SIZE, OC_ALLOC_DEVICE, 10);
	sc_alloc(s, "cudaMalloc", OUT, SIZE, OC_ALLOC_DEVICE, 20);
}

static size_t count_kind(const struct sc *s, enum oc_hazard_kind k)
{
	size_t n = 0;

	for (size_t i = 0; i < s->a.n_hazards; i++)
		n += s->a.hazards[i].kind == k;
	return n;
}

/* A copy fills BUF in stream 14 while a kernel in 16 reads it: a hazard. */
static void test_copy_kernel_race(void **state)
{
	struct sc s;

	two_buffers(&s);
	int c = copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	int k = kernel_rw(&s, 16, BUF, OUT, 1100, 4000, 950);
	sc_analyse(&s, NULL);
	assert_true(s.a.hazard_status.checked);
	assert_int_equal(s.a.n_hazards, 1);
	const struct oc_hazard *h = &s.a.hazards[0];
	assert_int_equal(h->kind, OC_HAZARD);
	assert_int_equal(h->base, BUF);
	assert_int_equal(h->bytes, SIZE);
	assert_int_equal((int)s.t.ops[h->first.op].correlation_id, c);
	assert_int_equal((int)s.t.ops[h->second.op].correlation_id, k);
	assert_int_equal(h->first.write, 1);
	assert_int_equal(h->second.write, 0);      /* const pointer: read */
	assert_false(h->presumed);                 /* the copy wrote */
	assert_int_equal(h->second.param, 0);
	assert_int_equal(h->overlap_ns, 3000 - 1100);
	char adv[512];
	oc_hazard_advice(&s.t, h, adv, sizeof adv);
	assert_non_null(strstr(adv, "record an event in stream 14"));
	assert_non_null(strstr(adv, "make stream 16 wait on it"));
	sc_done(&s);
}

/* The same, apart in time: latent. */
static void test_latent(void **state)
{
	struct sc s;

	two_buffers(&s);
	copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	kernel_rw(&s, 16, BUF, OUT, 5000, 6000, 950);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 1);
	assert_int_equal(s.a.hazards[0].kind, OC_LATENT_HAZARD);
	assert_int_equal(s.a.hazards[0].overlap_ns, 0);
	sc_done(&s);
}

/* An event recorded after the copy and waited for before the kernel orders them. */
static void test_event_orders(void **state)
{
	struct sc s;

	two_buffers(&s);
	copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	sc_event_record(&s, 5, 14, 910);
	sc_wait_event(&s, 16, 5, 920);
	kernel_rw(&s, 16, BUF, OUT, 3100, 4000, 950);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 0);
	assert_true(s.a.hazard_status.accesses >= 3);
	sc_done(&s);
}

/* An event recorded before the copy orders nothing. */
static void test_event_too_early(void **state)
{
	struct sc s;

	two_buffers(&s);
	sc_event_record(&s, 5, 14, 890);
	copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	sc_wait_event(&s, 16, 5, 920);
	kernel_rw(&s, 16, BUF, OUT, 1100, 4000, 950);
	sc_analyse(&s, NULL);
	assert_int_equal(count_kind(&s, OC_HAZARD), 1);
	sc_done(&s);
}

/*
 * shed_trace frees the trace's index of calls by correlation id between its
 * readers (the index's events, the hazard pass) and builds it again for the
 * hazards: the same hazards and claims as without shedding. A second
 * analysis of the shed trace builds it at once and gives the same claims
 * (its mem rows are gone, so no hazards).
 */
static void event_and_race(struct sc *s)
{
	two_buffers(s);
	copy_into(s, 14, BUF, SIZE, 1000, 3000, 900);      /* ordered by the event */
	sc_event_record(s, 5, 14, 910);
	sc_wait_event(s, 16, 5, 920);
	kernel_rw(s, 16, BUF, OUT, 3100, 4000, 950);
	copy_into(s, 15, OUT, SIZE, 3500, 5000, 960);      /* races the kernel's write */
}

static void test_shed_corr(void **state)
{
	struct sc shed, kept, again;
	struct oc_analysis_options o;

	oc_analysis_options_init(&o);
	o.shed_trace = 1;
	event_and_race(&shed);
	sc_analyse(&shed, &o);
	o.shed_trace = 0;
	event_and_race(&kept);
	sc_analyse(&kept, &o);
	assert_int_equal(count_kind(&kept, OC_HAZARD), 1);
	assert_int_equal(shed.a.n_hazards, kept.a.n_hazards);
	for (size_t i = 0; i < kept.a.n_hazards; i++) {
		assert_int_equal(shed.a.hazards[i].kind, kept.a.hazards[i].kind);
		assert_int_equal(shed.a.hazards[i].first.op, kept.a.hazards[i].first.op);
		assert_int_equal(shed.a.hazards[i].second.op, kept.a.hazards[i].second.op);
	}
	assert_int_equal(shed.t.n_mem, 0);                 /* shed */
	memset(&again, 0, sizeof again);
	assert_int_equal(oc_analysis_run(&shed.t, &o, &again.a, NULL, 0), 0);
	again.analysed = 1;
	assert_int_equal(again.a.n_hazards, 0);
	assert_int_equal(again.a.n_claims, kept.a.n_claims);
	assert_true(kept.a.n_claims >= 3);
	for (size_t k = 0; k < kept.a.n_claims; k++) {
		assert_int_equal(again.a.claims[k].op, kept.a.claims[k].op);
		assert_int_equal(again.a.claims[k].verdict, kept.a.claims[k].verdict);
		assert_int_equal(again.a.claims[k].n_evidence, kept.a.claims[k].n_evidence);
		assert_int_equal(shed.a.claims[k].verdict, kept.a.claims[k].verdict);
	}
	oc_analysis_release(&again.a);
	sc_done(&shed);
	sc_done(&kept);
}

/* Chains: 14 -> 15 -> 16 through two events. */
static void test_event_chain(void **state)
{
	struct sc s;

	two_buffers(&s);
	copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	sc_event_record(&s, 5, 14, 910);
	sc_wait_event(&s, 15, 5, 915);
	sc_event_record(&s, 6, 15, 918);
	sc_wait_event(&s, 16, 6, 920);
	kernel_rw(&s, 16, BUF, OUT, 3100, 4000, 950);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 0);
	sc_done(&s);
}

/* A host synchronization on the copy's stream before the kernel is queued. */
static void test_host_sync_orders(void **state)
{
	struct sc s;

	two_buffers(&s);
	copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	sc_stream_sync(&s, 14, 910, 3010);
	kernel_rw(&s, 16, BUF, OUT, 3100, 4000, 3020);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 0);
	sc_done(&s);
}

/* pad: 4 100 kernels in stream 15 long after, touching nothing tracked: a
 * hazard pass of thousands of events, not a handful. */
static void pad(struct sc *s)
{
	for (int i = 0; i < 4100; i++) {
		int64_t t0 = 1000000 + (int64_t)i * 100;

		sc_kernel(s, 15, t0, t0 + 50, t0 - 40, t0 - 35, KRW, 132);
	}
}

/* Ties: the kernel is queued as the sync of its input's stream ends; an
 * event's kind breaks the tie (the sync's end first: ordered, no finding),
 * among many events as among few; a sync of another stream orders nothing
 * (a latent hazard: the copy is done before the kernel runs). */
static size_t tie_hazards(int padded, int other_stream)
{
	struct sc s;
	size_t n;

	two_buffers(&s);
	copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	sc_stream_sync(&s, other_stream ? 13 : 14, 910, 3010);
	kernel_rw(&s, 16, BUF, OUT, 3100, 4000, 3010);
	if (padded)
		pad(&s);
	sc_analyse(&s, NULL);
	n = count_kind(&s, OC_HAZARD) + count_kind(&s, OC_LATENT_HAZARD);
	sc_done(&s);
	return n;
}

static void test_many_events_order(void **state)
{
	assert_int_equal(tie_hazards(0, 0), 0);
	assert_int_equal(tie_hazards(1, 0), 0);
	assert_int_equal(tie_hazards(0, 1), 1);
	assert_int_equal(tie_hazards(1, 1), 1);
}

/* A sync of another stream does not. */
static void test_host_sync_other_stream(void **state)
{
	struct sc s;

	two_buffers(&s);
	copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	sc_kernel(&s, 15, 1000, 1500, 905, 908, "_Z5otherv", 1);
	sc_stream_sync(&s, 15, 910, 1510);
	kernel_rw(&s, 16, BUF, OUT, 1600, 4000, 1520);
	sc_analyse(&s, NULL);
	assert_int_equal(count_kind(&s, OC_HAZARD), 1);
	sc_done(&s);
}

/* Legacy stream: a blocking stream's op and a legacy op are ordered; a non-blocking one is not. */
static void test_legacy_stream(void **state)
{
	struct sc s;

	two_buffers(&s);
	copy_into(&s, 13, BUF, SIZE, 1000, 3000, 900);
	kernel_rw(&s, 7, BUF, OUT, 3100, 4000, 950);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 0);
	sc_done(&s);

	two_buffers(&s);
	copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	kernel_rw(&s, 7, BUF, OUT, 1100, 4000, 950);
	sc_analyse(&s, NULL);
	assert_int_equal(count_kind(&s, OC_HAZARD), 1);
	sc_done(&s);

	/* legacy then blocking: the blocking stream's later op waits for the legacy one */
	two_buffers(&s);
	kernel_rw(&s, 7, OUT, BUF, 1000, 2000, 900);
	copy_into(&s, 15, BUF, SIZE, 2100, 3000, 950);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 0);
	sc_done(&s);
}

/* A synchronous copy that CUDA makes the host wait for orders what is queued after it
 * returns; one from pageable memory to the device does not (it may return early). */
static void test_sync_copies(void **state)
{
	struct sc s;

	two_buffers(&s);
	int c = sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 0, 1000, 3000, 900, 3010, "cudaMemcpy");
	sc_mem(&s, c, OC_MEM_WRITE, BUF, SIZE, -1, -1);
	kernel_rw(&s, 16, BUF, OUT, 3100, 4000, 3020);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 0);
	sc_done(&s);

	two_buffers(&s);
	c = sc_copy(&s, 14, SC_HTOD, OC_MEM_PAGEABLE, 0, 1000, 3000, 900, 3010, "cudaMemcpy");
	sc_mem(&s, c, OC_MEM_WRITE, BUF, SIZE, -1, -1);
	kernel_rw(&s, 16, BUF, OUT, 3100, 4000, 3020);
	sc_analyse(&s, NULL);
	assert_int_equal(count_kind(&s, OC_LATENT_HAZARD), 1);
	sc_done(&s);

	/* device to host: waited for */
	two_buffers(&s);
	kernel_rw(&s, 16, OUT, BUF, 1000, 2000, 900);            /* may write BUF */
	sc_stream_sync(&s, 16, 910, 2010);
	c = sc_copy(&s, 14, SC_DTOH, OC_MEM_PINNED, 0, 2100, 2500, 2020, 2510, "cudaMemcpy");
	sc_mem(&s, c, OC_MEM_READ, BUF, SIZE, -1, -1);
	kernel_rw(&s, 15, OUT, BUF, 2600, 3000, 2520);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 0);
	sc_done(&s);
}

/* cudaEventSynchronize of an event recorded after the copy; cudaDeviceSynchronize. */
static void test_event_and_device_sync(void **state)
{
	struct sc s;

	two_buffers(&s);
	copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	sc_event_record(&s, 5, 14, 910);
	int e = sc_call(&s, "cudaEventSynchronize", 920, 3010);
	sc_sync(&s, e, OC_SYNC_EVENT, 920, 3010, -1, 5, 0);
	kernel_rw(&s, 16, BUF, OUT, 3100, 4000, 3020);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 0);
	sc_done(&s);

	two_buffers(&s);
	copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	int d = sc_call(&s, "cudaDeviceSynchronize", 920, 3010);
	sc_sync(&s, d, OC_SYNC_CONTEXT, 920, 3010, -1, -1, 0);
	kernel_rw(&s, 16, BUF, OUT, 3100, 4000, 3020);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 0);
	sc_done(&s);
}

/*
 * The same event sync without CUPTI's CUDA_EVENT records (run --cuda-events=off,
 * the default): the record and the sync are tied through the event handle their
 * callbacks saw. Without the sync's handle, what it waited for is unknown: the
 * kernel then races the copy, and the analysis warns that it could not tell.
 */
static void event_sync_by_args(struct sc *s, int sync_has_handle)
{
	two_buffers(s);
	sc_meta(s, "kinds_off", "CUDA_EVENT");
	copy_into(s, 14, BUF, SIZE, 1000, 3000, 900);
	int r = sc_call(s, "cudaEventRecord", 910, 912);
	int e = sc_call(s, "cudaEventSynchronize", 920, 3010);
	sc_sync(s, e, OC_SYNC_EVENT, 920, 3010, -1, 5, 0);   /* CUPTI's id: no events row */
	sc_exec(s, "INSERT INTO api_args(correlation_id, domain, cbid, tid, stream_handle, handle_kind,"
		   " context_id, stream_id, event_handle) VALUES (%d, 1, 0, 1, 4096, 3, 1, 14, 777)", r);
	if (sync_has_handle)
		sc_exec(s, "INSERT INTO api_args(correlation_id, domain, cbid, tid, event_handle)"
			   " VALUES (%d, 1, 0, 1, 777)", e);
	kernel_rw(s, 16, BUF, OUT, 3100, 4000, 3020);
	sc_analyse(s, NULL);
}

static int has_warning(const struct oc_analysis *a, const char *text)
{
	for (size_t i = 0; i < a->n_warnings; i++)
		if (strstr(a->warnings[i], text))
			return 1;
	return 0;
}

static void test_event_sync_from_api_args(void **state)
{
	struct sc s;

	event_sync_by_args(&s, 1);
	assert_int_equal(s.a.n_hazards, 0);
	assert_false(has_warning(&s.a, "named no event"));
	sc_done(&s);

	event_sync_by_args(&s, 0);
	assert_int_equal(s.a.n_hazards, 1);
	assert_true(has_warning(&s.a, "and 1 event synchronization or stream wait carried no event "
				      "handle in its call's arguments"));
	sc_done(&s);

	/* a poll that found the event not ready (cudaEventQuery, return 600) orders
	 * nothing and is not one the warning counts */
	two_buffers(&s);
	sc_meta(&s, "kinds_off", "CUDA_EVENT");
	copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	int r = sc_call(&s, "cudaEventRecord", 910, 912);
	int q = sc_call_ret(&s, "cudaEventQuery", 920, 925, 600);
	sc_sync(&s, q, OC_SYNC_EVENT, 920, 925, -1, 5, 600);
	sc_exec(&s, "INSERT INTO api_args(correlation_id, domain, cbid, tid, stream_handle, handle_kind,"
		    " context_id, stream_id, event_handle) VALUES (%d, 1, 0, 1, 4096, 3, 1, 14, 777)", r);
	kernel_rw(&s, 16, BUF, OUT, 3100, 4000, 3020);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 1);
	assert_false(has_warning(&s.a, "carried no event handle"));
	sc_done(&s);

	/* an event sync whose call is not in the trace (a lost row): orders
	 * nothing, and is counted */
	two_buffers(&s);
	sc_meta(&s, "kinds_off", "CUDA_EVENT");
	copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	r = sc_call(&s, "cudaEventRecord", 910, 912);
	sc_sync(&s, 9999, OC_SYNC_EVENT, 920, 3010, -1, 5, 0);
	sc_exec(&s, "INSERT INTO api_args(correlation_id, domain, cbid, tid, stream_handle, handle_kind,"
		    " context_id, stream_id, event_handle) VALUES (%d, 1, 0, 1, 4096, 3, 1, 14, 777)", r);
	kernel_rw(&s, 16, BUF, OUT, 3100, 4000, 3020);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 1);
	assert_true(has_warning(&s.a, "and 1 event synchronization or stream wait carried no event handle"));
	sc_done(&s);
}

/* What the host waited for includes what that op itself waited for: a kernel in a
 * blocking stream, then a synchronous pinned copy in the legacy stream (which waits
 * for it), then a kernel in a non-blocking stream. */
static void test_transitive_host(void **state)
{
	struct sc s;

	two_buffers(&s);
	kernel_rw(&s, 13, OUT, BUF, 1000, 2000, 900);              /* may write BUF */
	int c = sc_copy(&s, 7, SC_DTOH, OC_MEM_PINNED, 0, 2100, 2500, 950, 2510, "cudaMemcpy");
	sc_mem(&s, c, OC_MEM_READ, OUT, 4096, -1, -1);
	kernel_rw(&s, 16, BUF, OUT + 8192, 2600, 3000, 2520);      /* reads BUF */
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 0);
	sc_done(&s);

	/* a synchronous copy from pageable memory: not itself waited for, but the
	 * stream sync before it covers what its stream held (here, through the
	 * legacy stream, the blocking stream's kernel) */
	two_buffers(&s);
	kernel_rw(&s, 13, OUT, BUF, 1000, 2000, 900);
	c = sc_copy(&s, 7, SC_HTOD, OC_MEM_PAGEABLE, 0, 2100, 2500, 950, 2510, "cudaMemcpy");
	sc_mem(&s, c, OC_MEM_WRITE, OUT, 4096, -1, -1);
	kernel_rw(&s, 16, BUF, OUT + 8192, 2600, 3000, 2520);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 0);
	sc_done(&s);
}

/* Past 256 findings of a kind, pairs are still counted, and another kind still listed. */
static void test_cap(void **state)
{
	struct sc s;

	sc_open(&s);
	sc_mem_on(&s);
	for (int i = 0; i < 300; i++)
		sc_alloc(&s, "cudaMalloc", BUF + (long long)i * SIZE, SIZE, OC_ALLOC_DEVICE, 10 + i);
	sc_alloc(&s, "cudaMalloc", OUT, SIZE, OC_ALLOC_DEVICE, 400);
	for (int i = 0; i < 300; i++) {
		int64_t t0 = 1000 + i * 100;

		copy_into(&s, 14, BUF + (long long)i * SIZE, SIZE, t0, t0 + 10, t0 - 50);
		kernel_rw(&s, 16, BUF + (long long)i * SIZE, OUT + 64 * i, t0 + 20, t0 + 30, t0 - 40);
	}
	copy_into(&s, 14, OUT + (1 << 20), 4096, 100000, 102000, 99000);
	kernel_rw(&s, 15, OUT + (1 << 20), BUF, 100500, 103000, 99010);   /* a real hazard */
	sc_analyse(&s, NULL);
	const struct oc_hazard_status *st = &s.a.hazard_status;
	assert_int_equal(st->pairs[OC_LATENT_HAZARD] >= 300, 1);
	assert_true(st->pairs[OC_HAZARD] >= 1);
	assert_true(st->not_listed >= 44);
	assert_true(count_kind(&s, OC_HAZARD) >= 1);
	assert_int_equal(count_kind(&s, OC_LATENT_HAZARD), 256);
	sc_done(&s);
}

/* Dead allocations under a live one do not hide it. */
static void test_dead_under_live(void **state)
{
	struct sc s;
	long long a = 0x7f2000000000ll;

	sc_open(&s);
	sc_mem_on(&s);
	int s1 = sc_alloc(&s, "cudaMalloc", a + (1 << 20), 4096, OC_ALLOC_DEVICE, 10);
	int s2 = sc_alloc(&s, "cudaMalloc", a + (2 << 20), 4096, OC_ALLOC_DEVICE, 20);
	int f1 = sc_call(&s, "cudaFree", 30, 35);
	sc_mem(&s, f1, OC_MEM_FREE, a + (1 << 20), -1, OC_ALLOC_DEVICE, -1);
	int f2 = sc_call(&s, "cudaFree", 40, 45);
	sc_mem(&s, f2, OC_MEM_FREE, a + (2 << 20), -1, OC_ALLOC_DEVICE, -1);
	sc_alloc(&s, "cudaMalloc", a, 8 << 20, OC_ALLOC_DEVICE, 50);
	sc_alloc(&s, "cudaMalloc", OUT, SIZE, OC_ALLOC_DEVICE, 60);
	copy_into(&s, 14, a, 8 << 20, 1000, 3000, 900);
	kernel_rw(&s, 16, a + (2 << 20) + 16, OUT, 1100, 4000, 950);
	sc_analyse(&s, NULL);
	assert_int_equal(count_kind(&s, OC_HAZARD), 1);
	assert_int_equal(s.a.hazards[0].bytes, 8 << 20);
	(void)s1; (void)s2;
	sc_done(&s);
}

/* Two arguments of one kernel into one buffer make one pair with each copy. */
static void test_pair_count(void **state)
{
	struct sc s;

	two_buffers(&s);
	copy_into(&s, 14, BUF, SIZE, 1000, 2000, 900);
	copy_into(&s, 14, BUF, SIZE, 2000, 3000, 910);
	int k = sc_kernel(&s, 16, 1100, 4000, 950, 955, KRW, 132);
	sc_mem(&s, k, OC_MEM_ARG, BUF, -1, 0, -1);
	sc_mem(&s, k, OC_MEM_ARG, BUF, -1, 1, -1);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 1);
	assert_int_equal(s.a.hazards[0].count, 2);
	assert_int_equal(s.a.hazard_status.pairs[OC_HAZARD], 2);
	sc_done(&s);
}

/* One stream: program order. */
static void test_same_stream(void **state)
{
	struct sc s;

	two_buffers(&s);
	copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	kernel_rw(&s, 14, BUF, OUT, 3100, 4000, 950);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 0);
	sc_done(&s);
}

/* Two kernels reading one buffer (const) at once: no conflict; one writing it: a hazard. */
static void test_readers(void **state)
{
	struct sc s;

	two_buffers(&s);
	kernel_rw(&s, 14, BUF, OUT, 1000, 3000, 900);
	kernel_rw(&s, 16, BUF, OUT + 4096, 1100, 3000, 950);   /* out: another address of OUT */
	sc_analyse(&s, NULL);
	/* both read BUF; both write OUT but at addresses the trace cut apart */
	assert_int_equal(s.a.n_hazards, 0);
	sc_done(&s);

	two_buffers(&s);
	kernel_rw(&s, 14, BUF, OUT, 1000, 3000, 900);
	kernel_rw(&s, 16, OUT, BUF, 1100, 3000, 950);          /* writes BUF, reads OUT */
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 2);                   /* BUF and OUT */
	assert_int_equal(count_kind(&s, OC_HAZARD), 2);
	/* no copy or memset wrote: both findings rest on non-const pointers */
	assert_true(s.a.hazards[0].presumed && s.a.hazards[1].presumed);
	char adv[600];
	assert_non_null(strstr(oc_hazard_advice(&s.t, &s.a.hazards[0], adv, sizeof adv),
			       "pointer to const"));
	sc_done(&s);
}

/* A cut-up allocation: a kernel touches from its pointer to the next address seen. */
static void test_suballocation(void **state)
{
	struct sc s;

	two_buffers(&s);
	copy_into(&s, 14, BUF + 4096, 4096, 1000, 3000, 900);
	kernel_rw(&s, 16, OUT, BUF, 1100, 4000, 950);          /* writes [BUF, BUF + 4096) */
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 0);
	sc_done(&s);

	two_buffers(&s);
	copy_into(&s, 14, BUF + 4096, 4096, 1000, 3000, 900);
	kernel_rw(&s, 16, OUT, BUF + 4096, 1100, 4000, 950);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 1);
	assert_int_equal(s.a.hazards[0].second.lo, BUF + 4096);
	sc_done(&s);
}

/* A stream-ordered free in one stream while a kernel in another still uses the memory. */
static void test_free_async(void **state)
{
	struct sc s;

	sc_open(&s);
	sc_mem_on(&s);
	sc_alloc(&s, "cudaMallocAsync", BUF, SIZE, OC_ALLOC_ASYNC, 10);
	sc_alloc(&s, "cudaMalloc", OUT, SIZE, OC_ALLOC_DEVICE, 20);
	kernel_rw(&s, 16, OUT, BUF, 1000, 5000, 900);
	sc_free_async(&s, BUF, 14, 960);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 1);
	const struct oc_hazard *h = &s.a.hazards[0];
	assert_int_equal(h->kind, OC_USE_AFTER_FREE);
	assert_int_equal(h->second.op, -1);
	assert_int_equal(h->alloc_kind, OC_ALLOC_ASYNC);
	char b[256];
	assert_string_equal(oc_hazard_side_label(&s.t, &h->second, b, sizeof b), "cudaFreeAsync");
	sc_done(&s);

	/* freed in the stream that used it: ordered */
	sc_open(&s);
	sc_mem_on(&s);
	sc_alloc(&s, "cudaMallocAsync", BUF, SIZE, OC_ALLOC_ASYNC, 10);
	sc_alloc(&s, "cudaMalloc", OUT, SIZE, OC_ALLOC_DEVICE, 20);
	kernel_rw(&s, 16, OUT, BUF, 1000, 5000, 900);
	sc_free_async(&s, BUF, 16, 960);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 0);
	sc_done(&s);
}

/* Repeats of one pattern fold into one finding with a count. */
static void test_folding(void **state)
{
	struct sc s;

	two_buffers(&s);
	for (int i = 0; i < 5; i++) {
		int64_t t0 = 1000 + i * 10000;

		copy_into(&s, 14, BUF, SIZE, t0, t0 + 2000, t0 - 100);
		kernel_rw(&s, 16, BUF, OUT, t0 + 100, t0 + 3000, t0 - 50);
		sc_stream_sync(&s, 16, t0 - 40, t0 + 3010);
		sc_stream_sync(&s, 14, t0 + 3020, t0 + 3030);
	}
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_hazards, 1);
	assert_int_equal(s.a.hazards[0].count, 5);
	sc_done(&s);
}

/* Memory the trace did not see allocated is not checked; nor is a trace without the map. */
static void test_not_checked(void **state)
{
	struct sc s;

	sc_open(&s);
	sc_kernel(&s, 14, 1000, 2000, 900, 905, KRW, 1);
	sc_analyse(&s, NULL);
	assert_false(s.a.hazard_status.checked);
	assert_non_null(strstr(s.a.hazard_status.why_not, "no allocation map"));
	sc_done(&s);

	sc_open(&s);
	sc_mem_on(&s);
	sc_meta(&s, "mem_tracking", "off");
	sc_analyse(&s, NULL);
	assert_false(s.a.hazard_status.checked);
	assert_non_null(strstr(s.a.hazard_status.why_not, "off"));
	sc_done(&s);

	/* an address in no allocation: counted as unplaced, no finding */
	two_buffers(&s);
	copy_into(&s, 14, 0x1000, 4096, 1000, 3000, 900);
	kernel_rw(&s, 16, 0x1000, OUT, 1100, 4000, 950);
	sc_analyse(&s, NULL);
	assert_true(s.a.hazard_status.checked);
	assert_int_equal(s.a.n_hazards, 0);
	assert_true(s.a.hazard_status.unplaced >= 2);
	sc_done(&s);
}

/* An allocation freed and given again at the same address: two lifetimes. */
static void test_reuse_address(void **state)
{
	struct sc s;

	sc_open(&s);
	sc_mem_on(&s);
	sc_alloc(&s, "cudaMalloc", BUF, SIZE, OC_ALLOC_DEVICE, 10);
	sc_alloc(&s, "cudaMalloc", OUT, SIZE, OC_ALLOC_DEVICE, 20);
	copy_into(&s, 14, BUF, SIZE, 1000, 3000, 900);
	int f = sc_call(&s, "cudaFree", 4000, 5000);
	sc_mem(&s, f, OC_MEM_FREE, BUF, -1, OC_ALLOC_DEVICE, -1);
	sc_alloc(&s, "cudaMalloc", BUF, 4096, OC_ALLOC_DEVICE, 6000);
	kernel_rw(&s, 16, BUF, OUT, 7000, 8000, 6500);
	sc_analyse(&s, NULL);
	/* different allocations: the copy's is gone; the kernel's is new */
	assert_int_equal(s.a.n_hazards, 0);
	assert_int_equal(s.a.hazard_status.allocations, 3);
	sc_done(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_copy_kernel_race),
		cmocka_unit_test(test_latent),
		cmocka_unit_test(test_event_orders),
		cmocka_unit_test(test_event_too_early),
		cmocka_unit_test(test_event_chain),
		cmocka_unit_test(test_shed_corr),
		cmocka_unit_test(test_host_sync_orders),
		cmocka_unit_test(test_host_sync_other_stream),
		cmocka_unit_test(test_many_events_order),
		cmocka_unit_test(test_legacy_stream),
		cmocka_unit_test(test_sync_copies),
		cmocka_unit_test(test_event_and_device_sync),
		cmocka_unit_test(test_event_sync_from_api_args),
		cmocka_unit_test(test_transitive_host),
		cmocka_unit_test(test_cap),
		cmocka_unit_test(test_dead_under_live),
		cmocka_unit_test(test_pair_count),
		cmocka_unit_test(test_same_stream),
		cmocka_unit_test(test_readers),
		cmocka_unit_test(test_suballocation),
		cmocka_unit_test(test_free_async),
		cmocka_unit_test(test_folding),
		cmocka_unit_test(test_not_checked),
		cmocka_unit_test(test_reuse_address),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
