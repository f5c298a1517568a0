/*
 * scenario.h: hand-built traces for the analysis tests, through the real
 * schema (trace-builder.h), in a few lines each.
 *
 *	struct sc s;
 *	sc_open(&s);                          meta + device 0 (132 SMs, 3 engines),
 *	                                      context 1: legacy stream 7, blocking 13,
 *	                                      blocking 15, non-blocking 14 and 16
 *	int k = sc_kernel(&s, 13, 100, 200, 90, 95, "_Z1kv", 1);   device 100..200,
 *	                                      queued by cudaLaunchKernel at CPU 90..95
 *	int c = sc_copy(&s, 14, SC_HTOD, OC_MEM_PINNED, 1, 100, 200, 90, 95, "cudaMemcpyAsync");
 *	sc_call(&s, "cudaStreamSynchronize", 300, 400, 0);
 *	sc_analyse(&s, &opts);                opens the trace and runs the analysis
 *	const struct oc_claim *cl = sc_claim(&s, k);   by correlation id
 *	sc_done(&s);
 *
 * Every call queues on thread 1 unless sc_set_tid() says otherwise.
 * Correlation ids are handed out in order, starting at 1.
 */
#ifndef OVERLAPCHECK_TEST_SCENARIO_H
#define OVERLAPCHECK_TEST_SCENARIO_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "trace-builder.h"
#include "overlapcheck/analysis.h"
#include "overlapcheck/trace.h"

#define SC_HTOD OC_COPY_HTOD
#define SC_DTOH OC_COPY_DTOH

struct sc {
	struct tb b;
	int corr;
	int tid;
	int opened;
	struct oc_trace t;
	struct oc_analysis a;
	int analysed;
};

static inline void sc_exec(struct sc *s, const char *fmt, ...)
{
	va_list ap;
	char *sql;

	va_start(ap, fmt);
	sql = sqlite3_vmprintf(fmt, ap);
	va_end(ap);
	assert_non_null(sql);
	assert_int_equal(tb_exec(&s->b, sql), 0);
	sqlite3_free(sql);
}

static inline void sc_meta(struct sc *s, const char *key, const char *value)
{
	sc_exec(s, "INSERT OR REPLACE INTO meta VALUES (%Q, %Q)", key, value);
}

static inline void sc_open(struct sc *s)
{
	memset(s, 0, sizeof *s);
	s->tid = 1;
	assert_int_equal(tb_open(&s->b), 0);
	sc_exec(s, "INSERT INTO meta VALUES ('trace_start_ns', '1800000000000000000'),"
		   "('clean_exit', '1'), ('exit_status', '0'), ('dropped_records', '0'),"
		   "('incomplete_records', '0'), ('device.0.name', 'Test GPU'),"
		   "('device.0.cc_major', '9'), ('device.0.cc_minor', '0'),"
		   "('device.0.sm_count', '132'), ('device.0.async_engine_count', '3'),"
		   "('device.0.concurrent_kernels', '1'), ('device.0.max_threads_per_sm', '2048'),"
		   "('device.0.max_blocks_per_sm', '32');"
		   "INSERT INTO contexts VALUES (1, 0, 7);"
		   "INSERT INTO streams(context_id, stream_id, flag) VALUES"
		   " (1, 7, 3), (1, 13, 1), (1, 15, 1), (1, 14, 2), (1, 16, 2)");
}

static inline void sc_set_tid(struct sc *s, int tid)
{
	s->tid = tid;
}

static inline int64_t sc_str(struct sc *s, const char *v)
{
	int64_t id = tb_str(&s->b, v);
	assert_true(id >= 0);
	return id;
}

/* A runtime API call with no device work; returns its correlation id. */
static inline int sc_call_ret(struct sc *s, const char *name, int64_t start, int64_t end, int ret)
{
	int corr = ++s->corr;
	sc_exec(s, "INSERT INTO api(domain, cbid, name_id, start_ns, end_ns, tid, correlation_id,"
		   " return_value) VALUES (1, 0, %lld, %lld, %lld, %d, %d, %d)",
		(long long)sc_str(s, name), (long long)start, (long long)end, s->tid, corr, ret);
	return corr;
}

static inline int sc_call(struct sc *s, const char *name, int64_t start, int64_t end)
{
	return sc_call_ret(s, name, start, end, 0);
}

/* A SYNCHRONIZATION record for call corr (type: enum oc_sync_type). */
static inline void sc_sync(struct sc *s, int corr, int type, int64_t start, int64_t end,
			   int stream, long long event, int ret)
{
	char sbuf[32] = "NULL", ebuf[32] = "NULL";

	if (stream >= 0)
		snprintf(sbuf, sizeof sbuf, "%d", stream);
	if (event >= 0)
		snprintf(ebuf, sizeof ebuf, "%lld", event);
	sc_exec(s, "INSERT INTO syncs(type, start_ns, end_ns, context_id, stream_id, event_id,"
		   " correlation_id, return_value) VALUES (%d, %lld, %lld, 1, %s, %s, %d, %d)",
		type, (long long)start, (long long)end, sbuf, ebuf, corr, ret);
}

/* An explicit cudaStreamSynchronize (call + sync record). Returns corr. */
static inline int sc_stream_sync(struct sc *s, int stream, int64_t start, int64_t end)
{
	int corr = sc_call(s, "cudaStreamSynchronize", start, end);
	sc_sync(s, corr, OC_SYNC_STREAM, start, end, stream, -1, 0);
	return corr;
}

/* cudaEventRecord(event, stream) at CPU time ts. */
static inline int sc_event_record(struct sc *s, long long event, int stream, int64_t ts)
{
	int corr = sc_call(s, "cudaEventRecord", ts, ts + 2);
	sc_exec(s, "INSERT INTO events(event_id, context_id, stream_id, device_id, correlation_id,"
		   " device_ts_ns) VALUES (%lld, 1, %d, 0, %d, 0)", event, stream, corr);
	return corr;
}

/* cudaStreamWaitEvent(stream, event) at CPU time ts. */
static inline int sc_wait_event(struct sc *s, int stream, long long event, int64_t ts)
{
	int corr = sc_call(s, "cudaStreamWaitEvent", ts, ts + 2);
	sc_sync(s, corr, OC_SYNC_STREAM_WAIT_EVENT, ts, ts + 2, stream, event, 0);
	return corr;
}

/* A kernel on `stream` over device [start, end), queued by cudaLaunchKernel
 * on the CPU over [api_start, api_end]; grid blocks in x. Returns corr. */
static inline int sc_kernel_grid(struct sc *s, int stream, int64_t start, int64_t end,
				 int64_t api_start, int64_t api_end, const char *name, int grid, int block)
{
	int corr = sc_call(s, "cudaLaunchKernel", api_start, api_end);
	sc_exec(s, "INSERT INTO ops(kind, start_ns, end_ns, device_id, context_id, stream_id,"
		   " correlation_id, name_id, grid_x, grid_y, grid_z, block_x, block_y, block_z)"
		   " VALUES (1, %lld, %lld, 0, 1, %d, %d, %lld, %d, 1, 1, %d, 1, 1)",
		(long long)start, (long long)end, stream, corr, (long long)sc_str(s, name), grid, block);
	return corr;
}

static inline int sc_kernel(struct sc *s, int stream, int64_t start, int64_t end,
			    int64_t api_start, int64_t api_end, const char *name, int grid)
{
	return sc_kernel_grid(s, stream, start, end, api_start, api_end, name, grid, 256);
}

/* An NCCL kernel (a collective; docs/nccl.md) named `name` ("AllReduce"
 * makes ncclDevKernel_AllReduce_Sum_f32_RING_LL's mangled name), like
 * sc_kernel. Returns corr. */
static inline int sc_nccl(struct sc *s, int stream, int64_t start, int64_t end,
			  int64_t api_start, int64_t api_end, const char *coll)
{
	char name[160];

	if (!strcmp(coll, "AllReduce"))
		snprintf(name, sizeof name, "_Z39ncclDevKernel_AllReduce_Sum_f32_RING_LL"
			 "24ncclDevKernelArgsStorageILm4096EE");
	else
		snprintf(name, sizeof name, "ncclDevKernel_%s_RING_LL(ncclDevKernelArgsStorage<4096ul>)",
			 coll);
	return sc_kernel_grid(s, stream, start, end, api_start, api_end, name, 8, 512);
}

/* An NVTX range [start, end) on the current thread, in NVTX domain `domain`
 * (NULL: the default domain); marker ids come from the correlation ids. */
static inline void sc_range(struct sc *s, const char *name, const char *domain, int64_t start,
			    int64_t end)
{
	int id = ++s->corr;
	char dom[32] = "NULL";

	if (domain)
		snprintf(dom, sizeof dom, "%lld", (long long)sc_str(s, domain));
	sc_exec(s, "INSERT INTO markers(marker_id, flags, ts_ns, tid, name_id, domain_id)"
		   " VALUES (%d, 2, %lld, %d, %lld, %s)", id, (long long)start, s->tid,
		(long long)sc_str(s, name), dom);
	sc_exec(s, "INSERT INTO markers(marker_id, flags, ts_ns, tid) VALUES (%d, 4, %lld, %d)",
		id, (long long)end, s->tid);
}

/* A copy; async sets the ASYNC flag. Returns corr. */
/* sc_copy() of `bytes` bytes. */
static inline int sc_copy_bytes(struct sc *s, int stream, int copy_kind, int host_kind, int async,
				int64_t start, int64_t end, int64_t api_start, int64_t api_end, const char *api,
				long long bytes)
{
	int corr = sc_call(s, api, api_start, api_end);
	int src = copy_kind == OC_COPY_HTOD ? host_kind : OC_MEM_DEVICE;
	int dst = copy_kind == OC_COPY_DTOH ? host_kind : OC_MEM_DEVICE;
	sc_exec(s, "INSERT INTO ops(kind, start_ns, end_ns, device_id, context_id, stream_id,"
		   " correlation_id, bytes, copy_kind, src_kind, dst_kind, flags)"
		   " VALUES (2, %lld, %lld, 0, 1, %d, %d, %lld, %d, %d, %d, %d)",
		(long long)start, (long long)end, stream, corr, bytes, copy_kind, src, dst, async ? 1 : 0);
	return corr;
}

/* A copy of 8 MiB. */
static inline int sc_copy(struct sc *s, int stream, int copy_kind, int host_kind, int async,
			  int64_t start, int64_t end, int64_t api_start, int64_t api_end, const char *api)
{
	return sc_copy_bytes(s, stream, copy_kind, host_kind, async, start, end, api_start, api_end, api,
			     8 << 20);
}

/* ---- memory (docs/hazards.md) ---------------------------------------------- */

/* The allocation map is on: table mem (as schema v2 defines it) and meta mem_tracking. */
static inline void sc_mem_on(struct sc *s)
{
	sc_exec(s, "CREATE TABLE IF NOT EXISTS mem (correlation_id INTEGER NOT NULL,"
		   " domain INTEGER NOT NULL, role INTEGER NOT NULL, ptr INTEGER NOT NULL,"
		   " bytes INTEGER, info INTEGER, stream_id INTEGER)");
	sc_meta(s, "mem_tracking", "on");
}

/* A mem row of call corr (runtime domain); bytes, info, stream < 0: NULL. */
static inline void sc_mem(struct sc *s, int corr, int role, long long ptr, long long bytes,
			  int info, int stream)
{
	char b[32] = "NULL", i[32] = "NULL", st[32] = "NULL";

	if (bytes >= 0)
		snprintf(b, sizeof b, "%lld", bytes);
	if (info >= 0)
		snprintf(i, sizeof i, "%d", info);
	if (stream >= 0)
		snprintf(st, sizeof st, "%d", stream);
	sc_exec(s, "INSERT INTO mem VALUES (%d, 1, %d, %lld, %s, %s, %s)", corr, role, ptr, b, i, st);
}

/* cudaMalloc (or `api`) of [ptr, ptr + bytes) at CPU time ts. Returns corr. */
static inline int sc_alloc(struct sc *s, const char *api, long long ptr, long long bytes, int kind,
			   int64_t ts)
{
	int corr = sc_call(s, api, ts, ts + 5);
	sc_mem(s, corr, OC_MEM_ALLOC, ptr, bytes, kind, -1);
	return corr;
}

/* cudaFreeAsync(ptr, stream) at CPU time ts. Returns corr. */
static inline int sc_free_async(struct sc *s, long long ptr, int stream, int64_t ts)
{
	int corr = sc_call(s, "cudaFreeAsync", ts, ts + 2);
	sc_mem(s, corr, OC_MEM_FREE, ptr, -1, OC_ALLOC_ASYNC, stream);
	return corr;
}

static inline void sc_analyse(struct sc *s, const struct oc_analysis_options *o)
{
	char err[512];

	tb_close(&s->b);
	if (oc_trace_open(&s->t, s->b.path, err, sizeof err)) {
		fprintf(stderr, "sc_analyse: %s\n", err);
		fail();
	}
	s->opened = 1;
	if (oc_analysis_run(&s->t, o, &s->a, err, sizeof err)) {
		fprintf(stderr, "sc_analyse: %s\n", err);
		fail();
	}
	s->analysed = 1;
}

/* The claim whose op has correlation id corr (the first, for graph launches). */
static inline const struct oc_claim *sc_claim(const struct sc *s, int corr)
{
	for (size_t k = 0; k < s->a.n_claims; k++)
		if ((int)s->t.ops[s->a.claims[k].op].correlation_id == corr)
			return &s->a.claims[k];
	return NULL;
}

/* Position of cause c in the claim's evidence, or -1. */
static inline int sc_cause_at(const struct oc_claim *cl, enum oc_cause c)
{
	for (size_t k = 0; k < cl->n_evidence; k++)
		if (cl->evidence[k].cause == c)
			return (int)k;
	return -1;
}

static inline int sc_op_corr(const struct sc *s, int32_t op)
{
	return op >= 0 ? (int)s->t.ops[op].correlation_id : -1;
}

static inline void sc_done(struct sc *s)
{
	if (s->analysed)
		oc_analysis_release(&s->a);
	if (s->opened)
		oc_trace_release(&s->t);
	tb_remove(&s->b);
}

#endif
