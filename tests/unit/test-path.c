/*
 * test-path.c: the critical path (path.h) on hand-built traces: a chain, a
 * fork and join through an event, a host sync, a legacy-stream op, a late
 * host, a graph launch. Each test states the path and its makeup as worked
 * out by hand from the trace's times (µs, U), before any code ran.
 */
#include "scenario.h"

#define U 1000LL

static int64_t part(const struct sc *s, enum oc_path_part p)
{
	return s->a.path.ns[p];
}

/* The makeup covers the interval exactly once. */
static void assert_covers(const struct sc *s)
{
	const struct oc_critical_path *p = &s->a.path;
	int64_t sum = 0;

	assert_true(p->given);
	for (int k = 0; k < OC_N_PATH_PARTS; k++)
		sum += p->ns[k];
	assert_int_equal(sum, p->end_ns - p->start_ns);
	for (size_t i = 0; i + 1 < p->n_steps; i++)
		assert_int_equal(p->steps[i].end_ns, p->steps[i + 1].start_ns);
	assert_int_equal(p->steps[0].start_ns, p->start_ns);
	assert_int_equal(p->steps[p->n_steps - 1].end_ns, p->end_ns);
}

/* Step i is node op with correlation id corr. */
static void assert_node(const struct sc *s, size_t i, int corr)
{
	assert_true(i < s->a.path.n_steps);
	assert_int_equal(s->a.path.steps[i].edge, OC_N_PATH_EDGES);
	assert_int_equal(sc_op_corr(s, s->a.path.steps[i].op), corr);
}

/* One stream, queued early: k1 [100,200), k2 [205,300), k3 [302,400). The
 * path is the three kernels and the two gaps between them: 293 compute, 7
 * device gap, 300 in all; the calls, long done, are not on it. */
static void test_chain(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 13, 100 * U, 200 * U, 10 * U, 15 * U, "_Z1av", 1);
	int k2 = sc_kernel(&s, 13, 205 * U, 300 * U, 20 * U, 25 * U, "_Z1bv", 1);
	int k3 = sc_kernel(&s, 13, 302 * U, 400 * U, 30 * U, 35 * U, "_Z1av", 1);
	sc_analyse(&s, NULL);
	assert_covers(&s);
	assert_int_equal(s.a.path.end_ns - s.a.path.start_ns, 300 * U);
	assert_int_equal(part(&s, OC_PATH_COMPUTE), 293 * U);
	assert_int_equal(part(&s, OC_PATH_DEVICE_GAP), 7 * U);
	assert_int_equal(s.a.path.n_steps, 5);
	assert_node(&s, 0, k1);
	assert_int_equal(s.a.path.steps[1].edge, OC_EDGE_STREAM);
	assert_node(&s, 2, k2);
	assert_node(&s, 4, k3);
	/* folded: _Z1av twice (198), _Z1bv once (95) */
	assert_int_equal(s.a.path.n_groups, 2);
	assert_int_equal(s.a.path.groups[0].steps, 2);
	assert_int_equal(s.a.path.groups[0].ns, 198 * U);
	assert_int_equal(s.a.path.groups[1].ns, 95 * U);
	assert_int_equal(s.a.path.edges[OC_EDGE_STREAM], 2);
	assert_int_equal(s.a.path.edges[OC_EDGE_SUBMIT], 3);
	assert_int_equal(s.a.path.edges[OC_EDGE_HOST], 2);
	sc_done(&s);
}

/* Folding by name past the hash table's first sizes: 100 kernels of as
 * many names back to back on one stream, kernel i running i + 1 µs (from
 * 1 000 µs on, all queued before), then the same 100 again. The path is
 * every kernel, so 100 groups of two steps each, longest first: kernel 99's
 * 200 µs down to kernel 0's 2 µs, each group's op its first kernel. */
static void test_fold_many_names(void **state)
{
	struct sc s;
	int corr[100];
	char name[32];
	int64_t at = 1000 * U;
	sc_open(&s);
	for (int r = 0; r < 2; r++)
		for (int i = 0; i < 100; i++) {
			snprintf(name, sizeof name, "_Z4k%03dv", i);
			int c = sc_kernel(&s, 13, at, at + (i + 1) * U, (10 + 100 * r + i) * U,
					  (10 + 100 * r + i) * U + 500, name, 1);
			if (!r)
				corr[i] = c;
			at += (i + 1) * U;
		}
	sc_analyse(&s, NULL);
	assert_covers(&s);
	const struct oc_critical_path *p = &s.a.path;
	assert_int_equal(part(&s, OC_PATH_COMPUTE), 2 * 5050 * U);
	assert_int_equal(p->n_groups, 100);
	for (int g = 0; g < 100; g++) {
		assert_int_equal(p->groups[g].what, OC_PATH_KERNEL);
		assert_int_equal(p->groups[g].steps, 2);
		assert_int_equal(p->groups[g].ns, 2 * (100 - g) * U);
		assert_int_equal(sc_op_corr(&s, p->groups[g].op), corr[99 - g]);
	}
	sc_done(&s);
}

/* Groups of equal time fold and sort by kind, then by their first op: on
 * one stream, queued early, kernel b [100,110), a memset [110,120), kernel
 * a [120,130), then kernel b again [130,135) and kernel a [135,140): the
 * kernels' groups take 15 each and the memset's 10. Equal times: kernels
 * before memsets, b (first at 100) before a (first at 120). */
static void test_fold_ties(void **state)
{
	struct sc s;
	sc_open(&s);
	int kb = sc_kernel(&s, 13, 100 * U, 110 * U, 10 * U, 11 * U, "_Z1bv", 1);
	int ms = sc_call(&s, "cudaMemsetAsync", 12 * U, 13 * U);
	sc_exec(&s, "INSERT INTO ops(kind, start_ns, end_ns, device_id, context_id, stream_id,"
		    " correlation_id, bytes, dst_kind, flags) VALUES (3, %lld, %lld, 0, 1, 13, %d, 4096, %d, 1)",
		(long long)(110 * U), (long long)(120 * U), ms, OC_MEM_DEVICE);
	int ka = sc_kernel(&s, 13, 120 * U, 130 * U, 14 * U, 15 * U, "_Z1av", 1);
	sc_kernel(&s, 13, 130 * U, 135 * U, 16 * U, 17 * U, "_Z1bv", 1);
	sc_kernel(&s, 13, 135 * U, 140 * U, 18 * U, 19 * U, "_Z1av", 1);
	sc_analyse(&s, NULL);
	assert_covers(&s);
	const struct oc_critical_path *p = &s.a.path;
	assert_int_equal(p->n_groups, 3);
	assert_int_equal(p->groups[0].what, OC_PATH_KERNEL);
	assert_int_equal(p->groups[0].ns, 15 * U);
	assert_int_equal(sc_op_corr(&s, p->groups[0].op), kb);
	assert_int_equal(p->groups[1].what, OC_PATH_KERNEL);
	assert_int_equal(p->groups[1].ns, 15 * U);
	assert_int_equal(sc_op_corr(&s, p->groups[1].op), ka);
	assert_int_equal(p->groups[2].what, OC_PATH_MEMSET);
	assert_int_equal(p->groups[2].ns, 10 * U);
	assert_int_equal(sc_op_corr(&s, p->groups[2].op), ms);
	sc_done(&s);
}

/* Fork and join: k1 [100,300) on stream 14, k2 [100,350) on stream 16; an
 * event recorded on 16 after k2 and waited for on 14 before k3 [360,400).
 * k3 followed k2 through the event (10 gap), not k1: 250 + 40 compute.
 * Without the wait, k3 follows its stream: k1 200, a 60 gap, k3 40. */
static void test_fork_join_event(void **state)
{
	for (int with_wait = 1; with_wait >= 0; with_wait--) {
		struct sc s;
		sc_open(&s);
		int k1 = sc_kernel(&s, 14, 100 * U, 300 * U, 10 * U, 15 * U, "_Z1av", 1);
		int k2 = sc_kernel(&s, 16, 100 * U, 350 * U, 20 * U, 25 * U, "_Z1bv", 1);
		sc_event_record(&s, 5, 16, 30 * U);
		if (with_wait)
			sc_wait_event(&s, 14, 5, 40 * U);
		int k3 = sc_kernel(&s, 14, 360 * U, 400 * U, 50 * U, 55 * U, "_Z1cv", 1);
		sc_analyse(&s, NULL);
		assert_covers(&s);
		assert_int_equal(s.a.path.n_steps, 3);
		assert_node(&s, 2, k3);
		if (with_wait) {
			assert_int_equal(s.a.path.edges[OC_EDGE_EVENT], 1);
			assert_node(&s, 0, k2);
			assert_int_equal(s.a.path.steps[1].edge, OC_EDGE_EVENT);
			assert_int_equal(part(&s, OC_PATH_COMPUTE), 290 * U);
			assert_int_equal(part(&s, OC_PATH_DEVICE_GAP), 10 * U);
		} else {
			assert_int_equal(s.a.path.edges[OC_EDGE_EVENT], 0);
			assert_node(&s, 0, k1);
			assert_int_equal(s.a.path.steps[1].edge, OC_EDGE_STREAM);
			assert_int_equal(part(&s, OC_PATH_COMPUTE), 240 * U);
			assert_int_equal(part(&s, OC_PATH_DEVICE_GAP), 60 * U);
		}
		sc_done(&s);
	}
}

/* A host sync: k1 [100,200), cudaStreamSynchronize [20,203] returns 3 after
 * it, the host works 7, launches k2 at 210 and k2 runs [220,300). Path: k1
 * 100, the sync's return 3 (blocked), host 7, launch latency 10, k2 80. */
static void test_host_sync(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 13, 100 * U, 200 * U, 10 * U, 15 * U, "_Z1av", 1);
	int sy = sc_stream_sync(&s, 13, 20 * U, 203 * U);
	int k2 = sc_kernel(&s, 13, 220 * U, 300 * U, 210 * U, 215 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	assert_covers(&s);
	assert_int_equal(s.a.path.n_steps, 5);
	assert_node(&s, 0, k1);
	assert_int_equal(s.a.path.steps[1].edge, OC_EDGE_BLOCK);
	assert_int_equal((int)s.t.api[s.a.path.steps[1].api].correlation_id, sy);
	assert_int_equal(s.a.path.steps[2].edge, OC_EDGE_HOST);
	assert_int_equal(s.a.path.steps[3].edge, OC_EDGE_SUBMIT);
	assert_node(&s, 4, k2);
	assert_int_equal(part(&s, OC_PATH_COMPUTE), 180 * U);
	assert_int_equal(part(&s, OC_PATH_HOST_BLOCKED), 3 * U);
	assert_int_equal(part(&s, OC_PATH_HOST_OUTSIDE), 7 * U);
	assert_int_equal(part(&s, OC_PATH_LAUNCH), 10 * U);
	assert_int_equal(s.a.path.edges[OC_EDGE_BLOCK], 1);
	sc_done(&s);
}

/* The legacy stream: k1 [100,200) on blocking stream 13, a copy on the
 * legacy stream [205,250) waits for it, k2 [255,300) on blocking stream 15
 * waits for the copy. Path: k1 100, 5, copy 45, 5, k2 45. */
static void test_legacy_stream(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 13, 100 * U, 200 * U, 10 * U, 15 * U, "_Z1av", 1);
	int cp = sc_copy(&s, 7, SC_HTOD, OC_MEM_PINNED, 1, 205 * U, 250 * U, 20 * U, 25 * U,
			 "cudaMemcpyAsync");
	int k2 = sc_kernel(&s, 15, 255 * U, 300 * U, 30 * U, 35 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.n_default_syncs, 1);
	assert_covers(&s);
	assert_int_equal(s.a.path.n_steps, 5);
	assert_node(&s, 0, k1);
	assert_int_equal(s.a.path.steps[1].edge, OC_EDGE_LEGACY);
	assert_node(&s, 2, cp);
	assert_int_equal(s.a.path.steps[3].edge, OC_EDGE_LEGACY);
	assert_node(&s, 4, k2);
	assert_int_equal(part(&s, OC_PATH_COMPUTE), 145 * U);
	assert_int_equal(part(&s, OC_PATH_COPY), 45 * U);
	assert_int_equal(part(&s, OC_PATH_DEVICE_GAP), 10 * U);
	assert_int_equal(s.a.path.edges[OC_EDGE_LEGACY], 2);
	sc_done(&s);
}

/* A late host: k1 [100,110) launched at 90..95, then the host works until
 * it launches k2 at 200; k2 runs [210,220). A cudaGetDevice [150,160) in
 * between queues nothing. Path over [100,220): the host edge from 100 (the
 * interval's start) to 200, of which 10 inside that call, launch latency
 * 10, k2 10. k1 is not on it. */
static void test_late_host(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 13, 100 * U, 110 * U, 90 * U, 95 * U, "_Z1av", 1);
	sc_call(&s, "cudaGetDevice", 150 * U, 160 * U);
	int k2 = sc_kernel(&s, 13, 210 * U, 220 * U, 200 * U, 205 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	assert_covers(&s);
	assert_int_equal(s.a.path.n_steps, 3);
	assert_int_equal(s.a.path.steps[0].edge, OC_EDGE_HOST);
	assert_int_equal(s.a.path.steps[0].calls_ns, 10 * U);
	assert_node(&s, 2, k2);
	assert_int_equal(part(&s, OC_PATH_HOST_OUTSIDE), 90 * U);
	assert_int_equal(part(&s, OC_PATH_HOST_CALLS), 10 * U);
	assert_int_equal(part(&s, OC_PATH_LAUNCH), 10 * U);
	assert_int_equal(part(&s, OC_PATH_COMPUTE), 10 * U);
	sc_done(&s);
}

/* A graph launch's two kernels [100,150) and [120,200) are one node; k3
 * [205,300) follows on the stream. Path: the graph 100, 5, k3 95. */
static void test_graph_launch_one_node(void **state)
{
	struct sc s;
	sc_open(&s);
	int g = sc_call(&s, "cudaGraphLaunch", 10 * U, 15 * U);
	sc_exec(&s, "INSERT INTO ops(kind, start_ns, end_ns, device_id, context_id, stream_id, correlation_id,"
		    " name_id, graph_id, graph_node_id) VALUES"
		    " (1, %lld, %lld, 0, 1, 13, %d, %lld, 3, 101),"
		    " (1, %lld, %lld, 0, 1, 13, %d, %lld, 3, 102)",
		    100 * U, 150 * U, g, (long long)sc_str(&s, "_Z2n1v"),
		    120 * U, 200 * U, g, (long long)sc_str(&s, "_Z2n2v"));
	int k3 = sc_kernel(&s, 13, 205 * U, 300 * U, 20 * U, 25 * U, "_Z1cv", 1);
	sc_analyse(&s, NULL);
	assert_covers(&s);
	assert_int_equal(s.a.path.n_steps, 3);
	assert_true(s.a.path.steps[0].graph);
	assert_node(&s, 0, g);
	assert_node(&s, 2, k3);
	assert_int_equal(part(&s, OC_PATH_COMPUTE), 195 * U);
	assert_int_equal(s.a.path.nodes, 4);   /* the graph, k3, and their two calls */
	sc_done(&s);
}

/* A synchronous pageable copy's call returns 30 after its copy (staging):
 * k1 [100,200) on stream 13, a cudaMemcpy DtoH [205,250) on it queued by a
 * call [20,280), then k2 [300,320) launched at 285. Path: k1, 5, the copy
 * 45, the call's return 30 (host in CUDA calls: its own copy held it), host
 * 5, launch 15, k2 20. */
static void test_own_wait(void **state)
{
	struct sc s;
	sc_open(&s);
	int k1 = sc_kernel(&s, 13, 100 * U, 200 * U, 10 * U, 15 * U, "_Z1av", 1);
	int cp = sc_copy(&s, 13, SC_DTOH, OC_MEM_PAGEABLE, 0, 205 * U, 250 * U, 20 * U, 280 * U, "cudaMemcpy");
	int k2 = sc_kernel(&s, 13, 300 * U, 320 * U, 285 * U, 290 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	assert_covers(&s);
	assert_int_equal(s.a.path.n_steps, 7);
	assert_node(&s, 0, k1);
	assert_node(&s, 2, cp);
	assert_int_equal(s.a.path.steps[3].edge, OC_EDGE_OWN_WAIT);
	assert_node(&s, 6, k2);
	assert_int_equal(part(&s, OC_PATH_COMPUTE), 120 * U);
	assert_int_equal(part(&s, OC_PATH_COPY), 45 * U);
	assert_int_equal(part(&s, OC_PATH_HOST_CALLS), 30 * U);
	assert_int_equal(part(&s, OC_PATH_HOST_OUTSIDE), 5 * U);
	assert_int_equal(part(&s, OC_PATH_LAUNCH), 15 * U);
	assert_int_equal(part(&s, OC_PATH_DEVICE_GAP), 5 * U);
	sc_done(&s);
}

/* ---- bounds: each computed by hand from the graph's replay --------------- */

static const struct oc_bound *bound_of(const struct sc *s, enum oc_fix f)
{
	for (size_t k = 0; k < s->a.path.n_bounds; k++)
		if (s->a.path.bounds[k].fix == f)
			return &s->a.path.bounds[k];
	return NULL;
}

/* The legacy scenario without the legacy syncs: the copy and k2 are held
 * only by their launches, at the trace's shortest launch latency (k1's 90:
 * the only launch nothing else held), so they run at 110 and 120, beside
 * k1; the window ends with k1 at 200: 100 of 200 saved. */
static void test_bound_legacy(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 13, 100 * U, 200 * U, 10 * U, 15 * U, "_Z1av", 1);
	sc_copy(&s, 7, SC_HTOD, OC_MEM_PINNED, 1, 205 * U, 250 * U, 20 * U, 25 * U, "cudaMemcpyAsync");
	sc_kernel(&s, 15, 255 * U, 300 * U, 30 * U, 35 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	const struct oc_bound *b = bound_of(&s, OC_FIX_LEGACY);
	assert_non_null(b);
	assert_int_equal(b->bound_ns, 100 * U);
	assert_int_equal(b->count, 1);
	assert_true(b->share > 0.4999 && b->share < 0.5001);
	assert_ptr_equal(&s.a.path.bounds[0], b);    /* the largest */
	assert_int_equal(s.a.path.replay_ns, 200 * U);
	sc_done(&s);
}

/* cudaFree [20,205] waited for k1 [100,200) (a hidden sync: it returned 5
 * after); then k2 is launched at 210 and runs [220,300). Without the wait the
 * free takes no time, k2 is queued at 25 and follows k1 on its stream at
 * once: [200,280), 20 of 200 saved. */
static void test_bound_hidden_sync(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 13, 100 * U, 200 * U, 10 * U, 15 * U, "_Z1av", 1);
	sc_call(&s, "cudaFree", 20 * U, 205 * U);
	sc_kernel(&s, 13, 220 * U, 300 * U, 210 * U, 215 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	assert_int_equal(s.a.summary.hidden_syncs, 1);
	const struct oc_bound *b = bound_of(&s, OC_FIX_HIDDEN_SYNCS);
	assert_non_null(b);
	assert_int_equal(b->count, 1);
	assert_int_equal(b->bound_ns, 20 * U);
	sc_done(&s);
}

/* A synchronous pageable DtoH copy [205,250) whose call [20,280] returns 30
 * after it, then k2 [300,320) launched at 285. Pinned, the call waits for
 * nothing and takes no time (no pinned copy's call to measure one from),
 * the host gaps beside it the shortest (5); the copy keeps its place behind
 * k1 (its 5 gap binds, and no op moved to shrink it) and its duration (no
 * pinned copy in the trace, no figure for "Test GPU"), and k2, queued at
 * 25, follows it at once: [250,270), 50 of 220 saved. */
static void test_bound_pin(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_kernel(&s, 13, 100 * U, 200 * U, 10 * U, 15 * U, "_Z1av", 1);
	sc_copy(&s, 13, SC_DTOH, OC_MEM_PAGEABLE, 0, 205 * U, 250 * U, 20 * U, 280 * U, "cudaMemcpy");
	sc_kernel(&s, 13, 300 * U, 320 * U, 285 * U, 290 * U, "_Z1bv", 1);
	sc_analyse(&s, NULL);
	const struct oc_bound *b = bound_of(&s, OC_FIX_PIN);
	assert_non_null(b);
	assert_int_equal(b->count, 1);
	assert_int_equal(b->bw_source, OC_BW_KEPT);
	assert_int_equal(b->cost_ns, 0);     /* no pinned copy to measure a call from */
	assert_int_equal(b->bound_ns, 50 * U);
	sc_done(&s);
}

/* Two pageable copies of different sizes pinned at the trace's own pinned
 * bandwidth, each to its own duration: on one stream, queued early (calls
 * at 10..15), a pinned async HtoD copy of 8 MiB [100,108) (8 MiB in 8 µs),
 * then pageable async HtoD copies of 8 MiB [108,140) and 4 MiB [140,160).
 * Pinned, they take 8 and 4 µs and follow each other at once ([108,116),
 * [116,120)): the span 60 becomes 20, 40 saved. Each copy its own
 * duration: the first one's for both would save 36. */
static void test_bound_pin_sizes(void **state)
{
	struct sc s;
	sc_open(&s);
	sc_copy_bytes(&s, 13, SC_HTOD, OC_MEM_PINNED, 1, 100 * U, 108 * U, 10 * U, 11 * U, "cudaMemcpyAsync",
		      8 << 20);
	sc_copy_bytes(&s, 13, SC_HTOD, OC_MEM_PAGEABLE, 1, 108 * U, 140 * U, 12 * U, 13 * U, "cudaMemcpyAsync",
		      8 << 20);
	sc_copy_bytes(&s, 13, SC_HTOD, OC_MEM_PAGEABLE, 1, 140 * U, 160 * U, 14 * U, 15 * U, "cudaMemcpyAsync",
		      4 << 20);
	sc_analyse(&s, NULL);
	const struct oc_bound *b = bound_of(&s, OC_FIX_PIN);
	assert_non_null(b);
	assert_int_equal(b->count, 2);
	assert_int_equal(b->bw_source, OC_BW_TRACE);
	assert_int_equal(s.a.path.end_ns - s.a.path.start_ns, 60 * U);
	assert_int_equal(b->bound_ns, 40 * U);
	sc_done(&s);
}

/* Two chunks in one stream: HtoD [100,150), k [150,250), DtoH [250,300),
 * HtoD [300,350), k [350,450), DtoH [450,500), queued at 10..15. A stream
 * per direction keeps each chunk's HtoD -> kernel -> DtoH and each kind's
 * order: the second HtoD runs at 150 beside the first kernel, the second
 * kernel follows the first at 250, its DtoH ends at 400: 100 of 400 saved. */
static void test_bound_copy_stream(void **state)
{
	struct sc s;
	sc_open(&s);
	for (int k = 0; k < 2; k++) {
		int64_t o = k * 200 * U, q = k * 3 * U;
		sc_copy(&s, 13, SC_HTOD, OC_MEM_PINNED, 1, 100 * U + o, 150 * U + o, 10 * U + q, 11 * U + q,
			"cudaMemcpyAsync");
		sc_kernel(&s, 13, 150 * U + o, 250 * U + o, 11 * U + q, 12 * U + q, "_Z1av", 1);
		sc_copy(&s, 13, SC_DTOH, OC_MEM_PINNED, 1, 250 * U + o, 300 * U + o, 12 * U + q, 13 * U + q,
			"cudaMemcpyAsync");
	}
	sc_analyse(&s, NULL);
	const struct oc_bound *b = bound_of(&s, OC_FIX_COPY_STREAM);
	assert_non_null(b);
	assert_int_equal(b->bound_ns, 100 * U);
	assert_null(bound_of(&s, OC_FIX_LEGACY));      /* nothing to edit: not listed */
	assert_null(bound_of(&s, OC_FIX_PIN));
	sc_done(&s);
}

/* --device on a trace of two devices: the other device's work and the
 * host's waits for it are not in the graph: no bound is given. */
static void test_bound_withheld(void **state)
{
	struct sc s;
	struct oc_analysis_options o;
	sc_open(&s);
	sc_exec(&s, "INSERT INTO meta VALUES ('device.1.name', 'Test GPU'), ('device.1.sm_count', '132');"
		    "INSERT INTO contexts VALUES (2, 1, 8);"
		    "INSERT INTO streams(context_id, stream_id, flag) VALUES (2, 21, 2)");
	sc_kernel(&s, 13, 100 * U, 200 * U, 10 * U, 15 * U, "_Z1av", 1);
	sc_copy(&s, 7, SC_HTOD, OC_MEM_PINNED, 1, 205 * U, 250 * U, 20 * U, 25 * U, "cudaMemcpyAsync");
	int k = sc_call(&s, "cudaLaunchKernel", 30 * U, 35 * U);
	sc_exec(&s, "INSERT INTO ops(kind, start_ns, end_ns, device_id, context_id, stream_id, correlation_id,"
		    " name_id) VALUES (1, %lld, %lld, 1, 2, 21, %d, %lld)", 100 * U, 400 * U, k,
		    (long long)sc_str(&s, "_Z1cv"));
	oc_analysis_options_init(&o);
	o.device = 0;
	sc_analyse(&s, &o);
	assert_true(s.a.path.given);
	assert_non_null(s.a.path.withheld);
	assert_int_equal(s.a.path.n_bounds, 0);
	sc_done(&s);
}

/* A node's binding edge far down its list (graph.h: past 65 533 edges the
 * node's offsets cannot hold it, g->far does): 70 000 streams, kernel i on
 * stream 1000 + i over [1 ms + i ns, 2 ms + i ns), launched from 1 µs + 10i
 * ns; a cudaCtxSynchronize from 800 µs waits for all and returns at
 * 2.080 ms, then a kernel on stream 13 is launched [2.090, 2.095 ms) and runs
 * [2.100, 2.200 ms). The sync returned after the last kernel, the one of
 * stream 70 999 (the 70 000th edge into the sync's node): the path runs
 * from it through the sync's block edge, the host gap, the launch, to the
 * last kernel. */
static void test_far_binding(void **state)
{
	struct sc s;
	const int n = 70000;
	sc_open(&s);
	sc_exec(&s, "BEGIN");
	for (int i = 0; i < n; i++)
		sc_exec(&s, "INSERT INTO streams(context_id, stream_id, flag) VALUES (1, %d, 2)", 1000 + i);
	int last = 0;
	for (int i = 0; i < n; i++)
		last = sc_kernel(&s, 1000 + i, 1000 * U + i, 2000 * U + i, 1 * U + 10 * i, 1 * U + 10 * i + 5,
				 "_Z1av", 1);
	int sy = sc_call(&s, "cudaCtxSynchronize", 800 * U, 2080 * U);
	sc_sync(&s, sy, OC_SYNC_CONTEXT, 800 * U, 2080 * U, -1, -1, 0);
	int k = sc_kernel(&s, 13, 2100 * U, 2200 * U, 2090 * U, 2095 * U, "_Z1bv", 1);
	sc_exec(&s, "COMMIT");
	sc_analyse(&s, NULL);
	assert_covers(&s);
	const struct oc_critical_path *p = &s.a.path;
	assert_true(p->n_steps >= 5);
	assert_node(&s, p->n_steps - 1, k);
	size_t b = p->n_steps;
	for (size_t i = 0; i < p->n_steps; i++)
		if (p->steps[i].edge == OC_EDGE_BLOCK)
			b = i;
	assert_true(b < p->n_steps);
	assert_int_equal((int)s.t.api[p->steps[b].api].correlation_id, sy);
	assert_int_equal(sc_op_corr(&s, p->steps[b].op), last);
	assert_int_equal(p->steps[b].start_ns, 2000 * U + n - 1);
	assert_int_equal(p->steps[b].end_ns, 2080 * U);
	assert_node(&s, b - 1, last);
	sc_done(&s);
}

/* A binding start edge far down its node's list: 70 000 blocking streams,
 * kernel i on stream 1000 + i over [1 ms + i ns, 2 ms + i ns), launched
 * from 1 µs + 10i ns, then a copy on the legacy stream queued at 800 µs
 * that runs [2.1, 2.2 ms): it waits for every blocking stream (70 000
 * legacy edges into its node), and the last to arrive, the kernel of
 * stream 70 999, binds. The path ends with that kernel, its legacy edge
 * and the copy. */
static void test_far_binding_start(void **state)
{
	struct sc s;
	const int n = 70000;
	sc_open(&s);
	sc_exec(&s, "BEGIN");
	for (int i = 0; i < n; i++)
		sc_exec(&s, "INSERT INTO streams(context_id, stream_id, flag) VALUES (1, %d, 1)", 1000 + i);
	int last = 0;
	for (int i = 0; i < n; i++)
		last = sc_kernel(&s, 1000 + i, 1000 * U + i, 2000 * U + i, 1 * U + 10 * i, 1 * U + 10 * i + 5,
				 "_Z1av", 1);
	int cp = sc_copy(&s, 7, SC_HTOD, OC_MEM_PINNED, 1, 2100 * U, 2200 * U, 800 * U, 805 * U,
			 "cudaMemcpyAsync");
	sc_exec(&s, "COMMIT");
	sc_analyse(&s, NULL);
	assert_covers(&s);
	const struct oc_critical_path *p = &s.a.path;
	assert_true(p->n_steps >= 3);
	assert_node(&s, p->n_steps - 1, cp);
	assert_int_equal(p->steps[p->n_steps - 2].edge, OC_EDGE_LEGACY);
	assert_int_equal(p->steps[p->n_steps - 2].start_ns, 2000 * U + n - 1);
	assert_int_equal(p->steps[p->n_steps - 2].end_ns, 2100 * U);
	assert_node(&s, p->n_steps - 3, last);
	sc_done(&s);
}

/* The event sort's large buckets (graph-order.c sorts a bucket of 65 536
 * events or more by radix): 70 000 kernels on as many streams, kernel i
 * launched at 1 µs + 10i ns and run over [1 ms + (70 000 - i) ns, 1.5 ms +
 * (70 000 - i) ns), so in the events' own order they run backwards in time,
 * and a last kernel an hour later on stream 13 makes the buckets wide
 * enough that all those events share one. The whole trace is the window
 * (the hour's idle gap would end the steady state). The unedited replay
 * gives back the observed span only if every event comes after its
 * anchors. */
static void test_bucket_radix(void **state)
{
	struct sc s;
	struct oc_analysis_options o;
	const int n = 70000;
	const int64_t hour = 3600LL * 1000 * 1000 * 1000;
	sc_open(&s);
	sc_exec(&s, "BEGIN");
	for (int i = 0; i < n; i++)
		sc_exec(&s, "INSERT INTO streams(context_id, stream_id, flag) VALUES (1, %d, 2)", 1000 + i);
	for (int i = 0; i < n; i++)
		sc_kernel(&s, 1000 + i, 1000 * U + (n - i), 1500 * U + (n - i), 1 * U + 10 * i,
			  1 * U + 10 * i + 5, "_Z1av", 1);
	int k = sc_kernel(&s, 13, hour + 100 * U, hour + 200 * U, hour, hour + 5 * U, "_Z1bv", 1);
	sc_exec(&s, "COMMIT");
	oc_analysis_options_init(&o);
	o.whole = 1;
	sc_analyse(&s, &o);
	assert_covers(&s);
	const struct oc_critical_path *p = &s.a.path;
	assert_int_equal(p->start_ns, 1000 * U + 1);
	assert_int_equal(p->end_ns, hour + 200 * U);
	assert_int_equal(p->replay_ns, p->end_ns - p->start_ns);
	assert_node(&s, p->n_steps - 1, k);
	sc_done(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chain),
		cmocka_unit_test(test_fork_join_event),
		cmocka_unit_test(test_host_sync),
		cmocka_unit_test(test_legacy_stream),
		cmocka_unit_test(test_late_host),
		cmocka_unit_test(test_graph_launch_one_node),
		cmocka_unit_test(test_own_wait),
		cmocka_unit_test(test_bound_legacy),
		cmocka_unit_test(test_bound_hidden_sync),
		cmocka_unit_test(test_bound_pin),
		cmocka_unit_test(test_fold_many_names),
		cmocka_unit_test(test_fold_ties),
		cmocka_unit_test(test_bound_pin_sizes),
		cmocka_unit_test(test_bound_copy_stream),
		cmocka_unit_test(test_bound_withheld),
		cmocka_unit_test(test_far_binding),
		cmocka_unit_test(test_bucket_radix),
		cmocka_unit_test(test_far_binding_start),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
