/*
 * test-inj-writer.c: the writer end to end on temporary files.
 *
 * A synthetic CUPTI buffer of real CUDA 13.0 record structs (laid out as
 * CUPTI lays them out, read back with cuptiActivityGetNextRecord) and chunks
 * of callback rows go through the writer thread; the tests then read the
 * trace with SQL: rows, the public device_ops view, meta counters, the
 * single-file state after finish, and the failure paths.
 */
#include <dlfcn.h>
#include <execinfo.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include <sqlite3.h>

#include "overlapcheck/schema.h"
#include "overlapcheck/trace.h"
#include "records.h"
#include "writer.h"
#include "writer-priv.h"

#define BASE 1800000000000000000ull

static char dir[256];

static int setup(void **state)
{
	snprintf(dir, sizeof dir, "/tmp/oc-inj-test-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[300];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* A buffer being filled with records. */
struct buf {
	uint8_t *p;
	size_t size, used;
};

static void buf_init(struct buf *b)
{
	b->p = oc_writer_buffer_get(&b->size);
	assert_non_null(b->p);
	b->used = 0;
}

static void put(struct buf *b, const void *rec, size_t len)
{
	assert_true(b->used + len <= b->size);
	memcpy(b->p + b->used, rec, len);
	b->used += (len + 7) & ~(size_t)7;
}

static int64_t q_int(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	int64_t v = -999;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(db));
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_type(st, 0) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static char *q_text(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	static char out[512];

	out[0] = '\0';
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(db));
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		snprintf(out, sizeof out, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return out;
}

static sqlite3 *open_ro(const char *path)
{
	sqlite3 *db = NULL;

	assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	return db;
}

static int exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

static void kernel(struct buf *b, uint64_t s, uint64_t e, uint32_t stream, uint32_t corr,
		   const char *name)
{
	CUpti_ActivityKernel10 k;

	memset(&k, 0, sizeof k);
	k.kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
	k.start = s ? BASE + s : 0;
	k.end = e ? BASE + e : 0;
	k.deviceId = 0;
	k.contextId = 1;
	k.streamId = stream;
	k.correlationId = corr;
	k.gridX = k.gridY = k.gridZ = 1;
	k.blockX = 128; k.blockY = k.blockZ = 1;
	k.name = name;
	put(b, &k, sizeof k);
}

static void api(struct buf *b, CUpti_ActivityKind kind, uint32_t cbid, uint64_t s, uint64_t e,
		uint32_t tid, uint32_t corr)
{
	CUpti_ActivityAPI a;

	memset(&a, 0, sizeof a);
	a.kind = kind;
	a.cbid = cbid;
	a.start = BASE + s;
	a.end = BASE + e;
	a.threadId = tid;
	a.correlationId = corr;
	put(b, &a, sizeof a);
}

/* One of every record kind, plus the cases the counters must see. */
static void fill(struct buf *b)
{
	CUpti_ActivityMemcpy6 m;
	CUpti_ActivityMemcpyPtoP4 pp;
	CUpti_ActivityMemset4 ms;
	CUpti_ActivitySynchronization2 sy;
	CUpti_ActivityStream st;
	CUpti_ActivityContext3 cx;
	CUpti_ActivityDevice5 dv;
	CUpti_ActivityCudaEvent2 ev;
	CUpti_ActivityMarker2 mk;
	CUpti_ActivityMarkerData2 md;
	CUpti_ActivityOverhead3 oh;

	memset(&cx, 0, sizeof cx);
	cx.kind = CUPTI_ACTIVITY_KIND_CONTEXT;
	cx.contextId = 1;
	cx.deviceId = 0;
	cx.nullStreamId = 7;
	put(b, &cx, sizeof cx);

	memset(&dv, 0, sizeof dv);
	dv.kind = CUPTI_ACTIVITY_KIND_DEVICE;
	dv.id = 0;
	dv.name = "Test GPU 'quoted'";
	dv.computeCapabilityMajor = 9;
	dv.numMultiprocessors = 132;
	dv.numMemcpyEngines = 7;
	put(b, &dv, sizeof dv);

	memset(&st, 0, sizeof st);
	st.kind = CUPTI_ACTIVITY_KIND_STREAM;
	st.contextId = 1;
	st.streamId = 13;
	st.flag = CUPTI_ACTIVITY_STREAM_CREATE_FLAG_NON_BLOCKING;
	put(b, &st, sizeof st);

	kernel(b, 1000, 5000, 13, 10, "_Z4stepPf");
	kernel(b, 6000, 9000, 13, 12, "_Z4stepPf");          /* same name: interned once */
	kernel(b, 9500, 0, 13, 14, "_Z4stepPf");             /* incomplete */

	memset(&m, 0, sizeof m);
	m.kind = CUPTI_ACTIVITY_KIND_MEMCPY;
	m.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_HTOD;
	m.srcKind = CUPTI_ACTIVITY_MEMORY_KIND_PINNED;
	m.dstKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
	m.flags = CUPTI_ACTIVITY_FLAG_MEMCPY_ASYNC;
	m.bytes = 1 << 20;
	m.start = BASE + 2000;
	m.end = BASE + 4000;
	m.contextId = 1;
	m.streamId = 14;
	m.correlationId = 20;
	m.copyCount = 1;
	put(b, &m, sizeof m);

	memset(&pp, 0, sizeof pp);
	pp.kind = CUPTI_ACTIVITY_KIND_MEMCPY2;
	pp.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_PTOP;
	pp.bytes = 512;
	pp.start = BASE + 100;
	pp.end = BASE + 200;
	pp.contextId = 1;
	pp.streamId = 7;
	pp.dstDeviceId = 1;
	pp.correlationId = 21;
	put(b, &pp, sizeof pp);

	memset(&ms, 0, sizeof ms);
	ms.kind = CUPTI_ACTIVITY_KIND_MEMSET;
	ms.bytes = 64;
	ms.start = BASE + 300;
	ms.end = BASE + 310;
	ms.contextId = 1;
	ms.streamId = 7;
	ms.correlationId = 22;
	ms.memoryKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
	put(b, &ms, sizeof ms);

	/* a sync record with no end: skipped, not an incomplete op */
	memset(&sy, 0, sizeof sy);
	sy.kind = CUPTI_ACTIVITY_KIND_SYNCHRONIZATION;
	sy.type = CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_SYNCHRONIZE;
	sy.start = BASE + 9500;
	sy.streamId = 13;
	sy.cudaEventId = OC_CUPTI_INVALID_ID;
	put(b, &sy, sizeof sy);

	/* runtime call with a nested driver call under another correlation id */
	api(b, CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000,
	    500, 900, 100, 10);
	api(b, CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, 600, 800, 100, 11);
	/* twins sharing a correlation id, on another thread */
	api(b, CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020,
	    1500, 1900, 200, 20);
	api(b, CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoDAsync_v2,
	    1600, 1800, 200, 20);
	api(b, CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoDAsync_v2_ptsz,
	    2000, 2100, 300, 60);
	api(b, CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000,
	    2200, 2300, 300, 61);
	/* a direct driver call: no parent */
	api(b, CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, 950, 990, 100, 30);
	/* a tool thread's call: not stored */
	api(b, CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, 950, 990, 777, 31);

	memset(&sy, 0, sizeof sy);
	sy.kind = CUPTI_ACTIVITY_KIND_SYNCHRONIZATION;
	sy.type = CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_CONTEXT_SYNCHRONIZE;
	sy.start = BASE + 9000;
	sy.end = BASE + 9100;
	sy.contextId = 1;
	sy.streamId = OC_CUPTI_INVALID_ID;
	sy.cudaEventId = OC_CUPTI_INVALID_ID;
	sy.correlationId = 40;
	put(b, &sy, sizeof sy);

	memset(&ev, 0, sizeof ev);
	ev.kind = CUPTI_ACTIVITY_KIND_CUDA_EVENT;
	ev.eventId = 3;
	ev.contextId = 1;
	ev.streamId = 13;
	ev.correlationId = 41;
	ev.deviceTimestamp = BASE + 5001;
	put(b, &ev, sizeof ev);

	memset(&mk, 0, sizeof mk);
	mk.kind = CUPTI_ACTIVITY_KIND_MARKER;
	mk.flags = CUPTI_ACTIVITY_FLAG_MARKER_START;
	mk.timestamp = BASE + 400;
	mk.id = 5;
	mk.objectKind = CUPTI_ACTIVITY_OBJECT_THREAD;
	mk.objectId.pt.threadId = 100;
	mk.name = "phase \"1\"";
	put(b, &mk, sizeof mk);
	memset(&md, 0, sizeof md);
	md.kind = CUPTI_ACTIVITY_KIND_MARKER_DATA;
	md.flags = CUPTI_ACTIVITY_FLAG_MARKER_COLOR_ARGB;
	md.id = 5;
	md.color = 0xff112233u;
	put(b, &md, sizeof md);
	mk.flags = CUPTI_ACTIVITY_FLAG_MARKER_END;
	mk.timestamp = BASE + 9900;
	mk.name = NULL;
	put(b, &mk, sizeof mk);

	memset(&oh, 0, sizeof oh);
	oh.kind = CUPTI_ACTIVITY_KIND_OVERHEAD;
	oh.overheadKind = CUPTI_ACTIVITY_OVERHEAD_LAZY_FUNCTION_LOADING;
	oh.objectKind = CUPTI_ACTIVITY_OBJECT_THREAD;
	oh.objectId.pt.threadId = 100;
	oh.start = BASE + 450;
	oh.end = BASE + 480;
	put(b, &oh, sizeof oh);
}

/* A cudaMemcpyAsync's callback row on stream 14 (handle 0x5500), thread 200, nothing else known. */
static void copy_row(struct oc_args_row *r, uint32_t corr)
{
	memset(r, 0, sizeof *r);
	r->stream_id = r->host_ptr = r->bytes = r->event_handle = r->flags = r->priority = OC_ARG_NONE;
	r->correlation_id = corr;
	r->domain = OC_API_RUNTIME;
	r->cbid = CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020;
	r->tid = 200;
	r->cls = OC_CB_COPY;
	r->context_id = 1;
	r->stream_handle = 0x5500;
	r->handle_kind = OC_HANDLE_EXPLICIT;
	r->stream_id = 14;
}

static void args_chunk(void)
{
	struct oc_args_chunk *c = oc_writer_chunk_get();
	struct oc_args_row r;

	assert_non_null(c);
	copy_row(&r, 20);
	r.host_ptr = 0x7f0000001000;
	r.bytes = 1 << 20;
	c->rows[c->n++] = r;

	r.correlation_id = 10;
	r.cbid = CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000;
	r.cls = OC_CB_LAUNCH;
	r.stream_handle = 0;
	r.handle_kind = OC_HANDLE_PER_THREAD;
	r.stream_id = 13;
	r.host_ptr = r.bytes = OC_ARG_NONE;
	c->rows[c->n++] = r;

	/* stream creation: flags tell blocking from non-blocking */
	r.correlation_id = 9;
	r.cbid = CUPTI_RUNTIME_TRACE_CBID_cudaStreamCreateWithFlags_v5000;
	r.cls = OC_CB_STREAM_CREATE;
	r.stream_handle = 0x6600;
	r.handle_kind = OC_HANDLE_EXPLICIT;
	r.stream_id = 15;
	r.flags = 0;
	c->rows[c->n++] = r;
	oc_writer_submit_chunk(c);
}

/* Start the writer on path; wake_chunks as in the config (0: the default). */
static void start_waking(const char *path, int create, unsigned wake_chunks)
{
	struct oc_writer_config cfg;

	memset(&cfg, 0, sizeof cfg);
	cfg.path = path;
	cfg.create = create;
	cfg.quiet = 1;
	cfg.buffer_bytes = 64 << 10;
	cfg.start_ns = BASE;
	cfg.wake_chunks = wake_chunks;
	assert_int_equal(oc_writer_start(&cfg), 0);
}

static void start(const char *path, int create)
{
	start_waking(path, create, 0);
}

static void test_end_to_end(void **state)
{
	char path[300], wal[310];
	struct buf b;
	struct oc_writer_final fin;
	struct oc_writer_counts n;
	sqlite3 *db;

	snprintf(path, sizeof path, "%s/own.db", dir);
	start(path, 1);
	oc_writer_ignore_tid(777);
	buf_init(&b);
	fill(&b);
	oc_writer_submit_buffer(b.p, b.used, 3);
	args_chunk();
	oc_writer_sync();

	/* Mid-run, the committed rows are readable by another connection (WAL). */
	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 5);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "running");
	sqlite3_close(db);

	memset(&fin, 0, sizeof fin);
	fin.dropped_records = 2;
	fin.api_launches_seen = 2;
	fin.status = "finished";
	oc_writer_finish(&fin);
	oc_writer_counts(&n);
	assert_int_equal(n.kernels, 2);
	assert_int_equal(n.memcpys, 2);
	assert_int_equal(n.memsets, 1);
	assert_int_equal(n.incomplete, 1);
	assert_int_equal(n.dropped, 5);
	assert_int_equal(n.write_failed, 0);

	/* One file: the WAL was checkpointed and the journal is back to DELETE. */
	snprintf(wal, sizeof wal, "%s-wal", path);
	assert_false(exists(wal));
	db = open_ro(path);
	assert_string_equal(q_text(db, "PRAGMA journal_mode"), "delete");
	assert_string_equal(q_text(db, "PRAGMA integrity_check"), "ok");
	assert_int_equal(oc_schema_check(db, NULL, NULL, 0), OC_SCHEMA_OK);

	/* ops and the public view */
	assert_int_equal(q_int(db, "SELECT count(*) FROM device_ops"), 5);
	assert_int_equal(q_int(db, "SELECT count(*) FROM device_ops WHERE kind = 'kernel'"), 2);
	assert_string_equal(q_text(db, "SELECT name FROM device_ops WHERE kind = 'kernel' LIMIT 1"),
			    "_Z4stepPf");
	assert_int_equal(q_int(db, "SELECT count(*) FROM strings WHERE value = '_Z4stepPf'"), 1);
	assert_int_equal(q_int(db, "SELECT start_ns FROM ops WHERE correlation_id = 10"), 1000);
	assert_int_equal(q_int(db, "SELECT duration_ns FROM device_ops WHERE correlation_id = 12"), 3000);
	assert_string_equal(q_text(db, "SELECT name FROM device_ops WHERE correlation_id = 20"),
			    "memcpy HtoD");
	assert_string_equal(q_text(db, "SELECT src_kind || '>' || dst_kind FROM device_ops"
				       " WHERE correlation_id = 20"), "pinned>device");
	assert_int_equal(q_int(db, "SELECT async FROM device_ops WHERE correlation_id = 20"), 1);
	assert_int_equal(q_int(db, "SELECT bytes FROM device_ops WHERE correlation_id = 20"), 1 << 20);
	assert_int_equal(q_int(db, "SELECT h.dst_device_id FROM ops o JOIN op_shapes h ON h.id = o.shape_id"
				   " WHERE o.kind = 4"), 1);
	assert_int_equal(q_int(db, "SELECT count(*) FROM device_ops WHERE kind = 'kernel'"
				   " AND graph_id IS NULL"), 2);
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops WHERE correlation_id = 14"), 0);

	/* meta: counters, status, passport of a created trace, DEVICE record keys */
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'dropped_records'"), 5);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'incomplete_records'"), 1);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'skipped_records'"), 1);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'api_launches_seen'"), 2);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "finished");
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'trace_start_ns'"), (int64_t)BASE);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'pid'"), getpid());
	assert_true(q_int(db, "SELECT count(*) FROM meta WHERE key IN ('host', 'cmdline', 'start_time',"
			      " 'tool_version')") == 4);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'device.0.name'"),
			    "Test GPU 'quoted'");
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'device.0.sm_count'"), 132);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'device.0.num_memcpy_engines'"), 7);

	/* api: names without version suffix, tool thread dropped, twins linked both ways */
	assert_int_equal(q_int(db, "SELECT count(*) FROM api"), 7);
	assert_string_equal(q_text(db, "SELECT name FROM api_calls WHERE correlation_id = 60"),
			    "cuMemcpyHtoDAsync_ptsz");
	assert_string_equal(q_text(db, "SELECT name FROM api_calls WHERE correlation_id = 61"),
			    "__cudaLaunchKernel_ptsz");
	assert_string_equal(q_text(db, "SELECT name FROM api_calls WHERE correlation_id = 20"
				       " AND domain = 'driver'"), "cuMemcpyHtoDAsync");
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE tid = 777"), 0);
	assert_string_equal(q_text(db, "SELECT name FROM api_calls WHERE correlation_id = 10"),
			    "cudaLaunchKernel");
	assert_string_equal(q_text(db, "SELECT name FROM api_calls WHERE correlation_id = 11"),
			    "cuLaunchKernel");
	/* twins: the same correlation id, one row per domain; no parent_id in v2 */
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE correlation_id = 20"), 2);
	assert_int_equal(q_int(db, "SELECT cbid FROM api WHERE correlation_id = 20 AND domain = 1"),
			 CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020);
	assert_int_equal(q_int(db, "SELECT id FROM api WHERE correlation_id = 20 AND domain = 2"), 20 * 8 + 4);
	assert_int_equal(q_int(db, "SELECT count(*) FROM pragma_table_info('api') WHERE name = 'parent_id'"), 0);
	/* durations stored, end times generated */
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE end_ns != start_ns + dur_ns"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops WHERE end_ns != start_ns + dur_ns"), 0);
	/* one op_shapes row per distinct description */
	assert_int_equal(q_int(db, "SELECT count(*) FROM op_shapes"),
			 q_int(db, "SELECT count(*) FROM (SELECT DISTINCT name, bytes, copy_kind, src_kind,"
				   " dst_kind, async, graph_id, graph_node_id FROM device_ops)"));

	/* api_args and the streams they name */
	assert_int_equal(q_int(db, "SELECT host_ptr FROM api_calls WHERE correlation_id = 20"
				   " AND domain = 'runtime'"), 0x7f0000001000);
	assert_string_equal(q_text(db, "SELECT handle_kind FROM api_calls WHERE correlation_id = 10"),
			    "per_thread_default");
	assert_int_equal(q_int(db, "SELECT handle_kind FROM streams WHERE context_id = 1 AND stream_id = 13"),
			 OC_HANDLE_PER_THREAD);
	assert_int_equal(q_int(db, "SELECT flag FROM streams WHERE stream_id = 13"), 2);
	assert_int_equal(q_int(db, "SELECT handle FROM streams WHERE stream_id = 14"), 0x5500);
	assert_int_equal(q_int(db, "SELECT flag FROM streams WHERE stream_id = 15"), 1);
	assert_int_equal(q_int(db, "SELECT handle FROM streams WHERE stream_id = 15"), 0x6600);
	assert_int_equal(q_int(db, "SELECT flag FROM streams WHERE stream_id = 7"), 3);
	assert_int_equal(q_int(db, "SELECT null_stream_id FROM contexts WHERE id = 1"), 7);

	/* syncs with not-applicable ids, events, markers, overheads */
	assert_int_equal(q_int(db, "SELECT stream_id FROM syncs"), -1);
	assert_int_equal(q_int(db, "SELECT event_id FROM syncs"), -1);
	assert_int_equal(q_int(db, "SELECT type FROM syncs"), OC_SYNC_CONTEXT);
	assert_int_equal(q_int(db, "SELECT device_ts_ns FROM events WHERE event_id = 3"), 5001);
	assert_string_equal(q_text(db, "SELECT name FROM nvtx_ranges"), "phase \"1\"");
	assert_int_equal(q_int(db, "SELECT end_ns - start_ns FROM nvtx_ranges"), 9500);
	assert_int_equal(q_int(db, "SELECT color FROM markers WHERE flags = 2"), 0xff112233);
	assert_int_equal(q_int(db, "SELECT count(*) FROM overheads"), 1);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings"), 0);
	sqlite3_close(db);
}

/* The CLI made the file: the writer keeps its trace_start_ns and passport. */
static void test_existing_trace(void **state)
{
	char path[300];
	sqlite3 *db;
	struct buf b;

	snprintf(path, sizeof path, "%s/cli.db", dir);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(oc_schema_create(db, NULL, 0), 0);
	assert_int_equal(oc_meta_set_int(db, "trace_start_ns", (long long)(BASE - 1000)), 0);
	assert_int_equal(oc_meta_set(db, "host", "cli-host"), 0);
	sqlite3_close(db);

	start(path, 0);
	buf_init(&b);
	kernel(&b, 10, 20, 13, 1, "k");
	oc_writer_submit_buffer(b.p, b.used, 0);
	oc_writer_warn(NULL, "test_code", "a warning with 'quotes'");
	oc_writer_finish(NULL);

	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT start_ns FROM ops"), 1010);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'host'"), "cli-host");
	assert_int_equal(q_int(db, "SELECT count(*) FROM meta WHERE key = 'cmdline'"), 0);
	assert_string_equal(q_text(db, "SELECT message FROM warnings WHERE code = 'test_code'"),
			    "a warning with 'quotes'");
	assert_string_equal(q_text(db, "SELECT source FROM warnings WHERE code = 'test_code'"), "inject");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "finished");
	sqlite3_close(db);
}

/* Creating never overwrites; a missing directory is a warning, not a crash. */
static void test_unwritable(void **state)
{
	char path[300];
	struct buf b;
	struct oc_writer_counts n;
	FILE *f;
	char text[32] = "";

	snprintf(path, sizeof path, "%s/no/such/dir/t.db", dir);
	start(path, 1);
	for (int i = 0; i < 3; i++) {
		buf_init(&b);
		kernel(&b, 10, 20, 13, 1, "k");
		oc_writer_submit_buffer(b.p, b.used, 0);
	}
	oc_writer_sync();
	oc_writer_finish(NULL);
	oc_writer_counts(&n);
	assert_int_equal(n.write_failed, 1);
	assert_int_equal(n.kernels, 0);
	assert_false(exists(path));

	snprintf(path, sizeof path, "%s/precious.db", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("keep me", f);
	fclose(f);
	start(path, 1);
	buf_init(&b);
	kernel(&b, 10, 20, 13, 1, "k");
	oc_writer_submit_buffer(b.p, b.used, 0);
	oc_writer_finish(NULL);
	oc_writer_counts(&n);
	assert_int_equal(n.write_failed, 1);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(fgets(text, sizeof text, f));
	fclose(f);
	assert_string_equal(text, "keep me");

	/* An existing file that is not a trace is not written either. */
	start(path, 0);
	buf_init(&b);
	kernel(&b, 10, 20, 13, 1, "k");
	oc_writer_submit_buffer(b.p, b.used, 0);
	oc_writer_finish(NULL);
	oc_writer_counts(&n);
	assert_int_equal(n.write_failed, 1);
}

/*
 * A write that fails mid-run (a trigger stands in for a full disk) stops
 * writing, keeps draining, and leaves a valid trace that says so.
 */
static void test_write_failure(void **state)
{
	char path[300];
	sqlite3 *db;
	struct buf b;
	struct oc_writer_counts n;

	snprintf(path, sizeof path, "%s/full.db", dir);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(oc_schema_create(db, NULL, 0), 0);
	assert_int_equal(sqlite3_exec(db, "CREATE TRIGGER full BEFORE INSERT ON ops"
				      " BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END",
				      NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);

	start(path, 0);
	for (int i = 0; i < 4; i++) {
		buf_init(&b);
		kernel(&b, 10, 20, 13, 1, "k");
		oc_writer_submit_buffer(b.p, b.used, 0);
		oc_writer_sync();
	}
	oc_writer_finish(NULL);
	oc_writer_counts(&n);
	assert_int_equal(n.write_failed, 1);

	db = open_ro(path);
	assert_string_equal(q_text(db, "PRAGMA integrity_check"), "ok");
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 0);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"),
			    "write_failed");
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'write_failed'"), 1);
	sqlite3_close(db);
}

/* A process that produced no records leaves no file of its own. */
static void test_lazy_create(void **state)
{
	char path[300];

	snprintf(path, sizeof path, "%s/never.db", dir);
	start(path, 1);
	oc_writer_warn(NULL, "lazy", "nothing traced");
	oc_writer_meta("k", "v");
	oc_writer_sync();
	oc_writer_finish(NULL);
	assert_false(exists(path));

	/* What was said before the first record goes in with it. */
	struct buf b;
	sqlite3 *db;

	start(path, 1);
	oc_writer_warn(NULL, "early", "said before any record");
	oc_writer_meta("early_key", "early value");
	oc_writer_sync();
	assert_false(exists(path));
	buf_init(&b);
	kernel(&b, 10, 20, 13, 1, "k");
	oc_writer_submit_buffer(b.p, b.used, 0);
	oc_writer_finish(NULL);
	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'early'"), 1);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'early_key'"), "early value");
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 1);
	sqlite3_close(db);
}

/* Many buffers and chunks from several threads all arrive, once. */
#include <pthread.h>
static void *producer(void *arg)
{
	int base = *(int *)arg;

	for (int i = 0; i < 50; i++) {
		struct buf b;

		buf_init(&b);
		for (int k = 0; k < 20; k++)
			kernel(&b, 100 + k, 200 + k, 13, (uint32_t)(base + i * 20 + k), "_Z1kv");
		oc_writer_submit_buffer(b.p, b.used, 0);
	}
	return NULL;
}

static void test_threads(void **state)
{
	char path[300];
	pthread_t t[4];
	int bases[4] = { 0, 100000, 200000, 300000 };
	sqlite3 *db;

	snprintf(path, sizeof path, "%s/threads.db", dir);
	start(path, 1);
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, producer, &bases[i]);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	oc_writer_finish(NULL);
	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 4 * 50 * 20);
	assert_int_equal(q_int(db, "SELECT count(DISTINCT correlation_id) FROM ops"), 4 * 50 * 20);
	assert_int_equal(q_int(db, "SELECT count(*) FROM strings WHERE value = '_Z1kv'"), 1);
	sqlite3_close(db);
}

/*
 * A forked child abandons the parent's writer: it neither writes nor
 * finishes the parent's trace, and the parent's trace is complete.
 */
#include <sys/wait.h>
static void test_fork_child_abandons(void **state)
{
	char path[300];
	struct buf b;
	sqlite3 *db;
	pid_t pid;
	int st = 0;

	snprintf(path, sizeof path, "%s/forked.db", dir);
	start(path, 1);
	buf_init(&b);
	kernel(&b, 10, 20, 13, 1, "parent");
	oc_writer_submit_buffer(b.p, b.used, 0);
	oc_writer_sync();

	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct buf cb;

		oc_writer_abandon();
		cb.p = malloc(4096);
		cb.size = 4096;
		cb.used = 0;
		kernel(&cb, 30, 40, 13, 2, "child");
		oc_writer_submit_buffer(cb.p, cb.used, 0);
		oc_writer_meta("tracer_status", "child_wrote_this");
		oc_writer_finish(NULL);
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);

	buf_init(&b);
	kernel(&b, 50, 60, 13, 3, "parent");
	oc_writer_submit_buffer(b.p, b.used, 0);
	oc_writer_finish(NULL);

	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 2);
	assert_int_equal(q_int(db, "SELECT count(*) FROM strings WHERE value = 'child'"), 0);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "finished");
	assert_string_equal(q_text(db, "PRAGMA integrity_check"), "ok");
	sqlite3_close(db);
}

/* Each warning code reaches stderr once, every occurrence reaches the trace. */
static void test_warn_once(void **state)
{
	char path[300], errpath[300], line[600];
	struct oc_writer_config cfg;
	struct buf b;
	sqlite3 *db;
	FILE *f;
	int saved, fd, lines = 0;

	snprintf(path, sizeof path, "%s/warn.db", dir);
	snprintf(errpath, sizeof errpath, "%s/stderr.txt", dir);
	memset(&cfg, 0, sizeof cfg);
	cfg.path = path;
	cfg.create = 1;
	cfg.buffer_bytes = 64 << 10;
	cfg.start_ns = BASE;
	assert_int_equal(oc_writer_start(&cfg), 0);
	buf_init(&b);
	kernel(&b, 10, 20, 13, 1, "k");
	oc_writer_submit_buffer(b.p, b.used, 0);

	fflush(stderr);
	saved = dup(2);
	fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0 && saved >= 0);
	dup2(fd, 2);
	close(fd);
	for (int i = 0; i < 3; i++)
		oc_writer_warn("cupti", "repeat_code", "something failed (%d)", i);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	oc_writer_finish(NULL);

	f = fopen(errpath, "r");
	assert_non_null(f);
	while (fgets(line, sizeof line, f)) {
		lines++;
		assert_string_equal(line, "overlapcheck: something failed (0)\n");
	}
	fclose(f);
	assert_int_equal(lines, 1);
	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'repeat_code'"
				   " AND source = 'cupti'"), 3);
	sqlite3_close(db);
}

/* The tracer's own exit synchronize is not the program's. */
static void test_exit_sync_filtered(void **state)
{
	char path[300];
	struct buf b;
	sqlite3 *db;
	CUpti_ActivitySynchronization2 sy;

	snprintf(path, sizeof path, "%s/exitsync.db", dir);
	start(path, 1);
	oc_writer_exit_sync(100, BASE + 10000, BASE + 20000);
	buf_init(&b);
	kernel(&b, 10, 20, 13, 1, "k");
	memset(&sy, 0, sizeof sy);
	sy.kind = CUPTI_ACTIVITY_KIND_SYNCHRONIZATION;
	sy.type = CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_CONTEXT_SYNCHRONIZE;
	sy.streamId = sy.cudaEventId = OC_CUPTI_INVALID_ID;
	sy.start = BASE + 11000;            /* ours */
	sy.end = BASE + 19000;
	sy.correlationId = 50;
	put(&b, &sy, sizeof sy);
	sy.start = BASE + 5000;             /* the program's */
	sy.end = BASE + 6000;
	sy.correlationId = 51;
	put(&b, &sy, sizeof sy);
	api(&b, CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_DRIVER_TRACE_CBID_cuCtxSynchronize, 11000, 19000, 100, 50);
	api(&b, CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_DRIVER_TRACE_CBID_cuCtxGetCurrent, 10500, 10600, 100, 49);
	api(&b, CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_DRIVER_TRACE_CBID_cuCtxSynchronize, 5000, 6000, 100, 51);
	api(&b, CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_DRIVER_TRACE_CBID_cuCtxSynchronize, 12000, 13000, 101, 52);
	oc_writer_submit_buffer(b.p, b.used, 0);
	oc_writer_finish(NULL);

	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT count(*) FROM syncs"), 1);
	assert_int_equal(q_int(db, "SELECT correlation_id FROM syncs"), 51);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api"), 2);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE correlation_id IN (51, 52)"), 2);
	sqlite3_close(db);
}

static void launch_rows(uint32_t first, int n)
{
	struct oc_args_chunk *c = oc_writer_chunk_get();

	assert_non_null(c);
	for (int i = 0; i < n; i++) {
		struct oc_args_row *r = &c->rows[c->n++];

		memset(r, 0, sizeof *r);
		r->stream_id = r->host_ptr = r->bytes = r->event_handle = r->flags = OC_ARG_NONE;
		r->priority = OC_ARG_NONE;
		r->correlation_id = first + (uint32_t)i;
		r->domain = OC_API_RUNTIME;
		r->cbid = CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000;
		r->cls = OC_CB_LAUNCH;
		r->tid = 1;
		r->stream_handle = 0;
		r->handle_kind = OC_HANDLE_LEGACY;
	}
	oc_writer_submit_chunk(c);
}

/* One callback row of a launch on resolved stream 13 (context 1), handed over alone. */
static void launch_row_on_13(uint32_t corr)
{
	struct oc_args_chunk *c = oc_writer_chunk_get();
	struct oc_args_row *r;

	assert_non_null(c);
	r = &c->rows[c->n++];
	memset(r, 0, sizeof *r);
	r->host_ptr = r->bytes = r->event_handle = r->flags = r->priority = OC_ARG_NONE;
	r->correlation_id = corr;
	r->domain = OC_API_RUNTIME;
	r->cbid = CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000;
	r->cls = OC_CB_LAUNCH;
	r->tid = 1;
	r->context_id = 1;
	r->stream_handle = 0x5000;
	r->stream_id = 13;
	r->handle_kind = OC_HANDLE_EXPLICIT;
	oc_writer_submit_chunk(c);
}

/*
 * Schema v2's api rows: a callback row and its call's record meet in one row
 * whichever comes first; a callback row whose record never comes is kept in
 * api_args; records sharing a correlation id and domain get rows of their
 * own (up to 4, the rest are counted as skipped); ops with the same
 * description share one op_shapes row.
 */
static void test_args_join_api_rows(void **state)
{
	char path[300];
	struct buf b;
	sqlite3 *db;

	snprintf(path, sizeof path, "%s/join.db", dir);
	start(path, 1);
	launch_row_on_13(1);                       /* callback row first */
	oc_writer_sync();
	buf_init(&b);
	api(&b, CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000,
	    10, 20, 1, 1);
	api(&b, CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000,
	    30, 40, 1, 2);                     /* record first */
	for (int i = 0; i < 5; i++)            /* five records share correlation id 4 */
		api(&b, CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaGetLastError_v3020,
		    50 + 10 * i, 55 + 10 * i, 1, 4);
	kernel(&b, 100, 200, 13, 1, "k");
	kernel(&b, 300, 400, 13, 2, "k");
	kernel(&b, 500, 600, 13, 3, "other");
	oc_writer_submit_buffer(b.p, b.used, 0);
	oc_writer_sync();
	launch_row_on_13(2);
	launch_row_on_13(3);                       /* its record never comes */
	oc_writer_finish(NULL);

	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT stream_id FROM api WHERE correlation_id = 1"), 13);
	assert_int_equal(q_int(db, "SELECT handle_kind FROM api WHERE correlation_id = 1"),
			 OC_HANDLE_EXPLICIT);
	assert_int_equal(q_int(db, "SELECT stream_id FROM api WHERE correlation_id = 2"), 13);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api_args"), 1);
	assert_int_equal(q_int(db, "SELECT correlation_id FROM api_args"), 3);
	assert_int_equal(q_int(db, "SELECT count(*) FROM call_args WHERE stream_id = 13"), 3);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE correlation_id = 4"), 4);
	assert_int_equal(q_int(db, "SELECT min(id) || max(id) FROM api WHERE correlation_id = 4"), 3235);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'skipped_records'"), 1);
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 3);
	assert_int_equal(q_int(db, "SELECT count(*) FROM op_shapes"), 2);
	assert_int_equal(q_int(db, "SELECT count(DISTINCT shape_id) FROM ops WHERE correlation_id IN (1, 2)"), 1);
	sqlite3_close(db);
}

/*
 * A callback row whose record does not come is written to api_args once it
 * has waited (1 s at the default flush period), also while no batch comes; a
 * late row goes into one api row of its call, and a second callback row for
 * one call is kept in api_args; the fifth record of one correlation id is
 * counted as skipped.
 */
static void test_args_wait_and_repeats(void **state)
{
	char path[300];
	struct buf b;
	sqlite3 *db;
	struct timespec t0, t1;
	int64_t n = 0;

	snprintf(path, sizeof path, "%s/wait.db", dir);
	start(path, 1);

	clock_gettime(CLOCK_MONOTONIC, &t0);
	launch_row_on_13(7);                       /* no record ever */
	oc_writer_sync();
	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api_args"), 0);   /* still waiting */
	sqlite3_close(db);
	/* no batch comes: the writer's own timer writes it, after 1 s, well before 10 */
	for (int i = 0; i < 100 && n == 0; i++) {
		usleep(100 * 1000);
		db = open_ro(path);
		n = q_int(db, "SELECT count(*) FROM api_args WHERE correlation_id = 7");
		sqlite3_close(db);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	assert_int_equal(n, 1);
	assert_true((t1.tv_sec - t0.tv_sec) * 1000000000ll + (t1.tv_nsec - t0.tv_nsec) >= 1000000000ll);

	/* two records for correlation id 8, then two callback rows for it */
	buf_init(&b);
	for (int i = 0; i < 2; i++)
		api(&b, CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000,
		    10 + 10 * i, 15 + 10 * i, 1, 8);
	oc_writer_submit_buffer(b.p, b.used, 0);
	oc_writer_sync();
	launch_row_on_13(8);
	launch_row_on_13(8);
	/* two callback rows for correlation id 9 before its record */
	launch_row_on_13(9);
	launch_row_on_13(9);
	oc_writer_sync();
	buf_init(&b);
	api(&b, CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000,
	    50, 55, 1, 9);
	/* five records for correlation id 10 and its callback row first */
	oc_writer_submit_buffer(b.p, b.used, 0);
	launch_row_on_13(10);
	oc_writer_sync();
	buf_init(&b);
	for (int i = 0; i < 5; i++)
		api(&b, CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000,
		    60 + 10 * i, 65 + 10 * i, 1, 10);
	oc_writer_submit_buffer(b.p, b.used, 0);
	oc_writer_finish(NULL);

	db = open_ro(path);
	/* 8: each of the two rows got one callback row */
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE correlation_id = 8 AND stream_id = 13"), 2);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api_args WHERE correlation_id = 8"), 0);
	/* 9: one joined its row, the other is in api_args */
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE correlation_id = 9 AND stream_id = 13"), 1);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api_args WHERE correlation_id = 9"), 1);
	/* 10: the first record took the row; the fifth was skipped */
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE correlation_id = 10"), 4);
	assert_int_equal(q_int(db, "SELECT stream_id FROM api WHERE id = 80"), 13);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'skipped_records'"), 1);
	sqlite3_close(db);
}

/*
 * Launches the callbacks saw whose kernel records never came: all of them
 * (Kineto took the buffers) or a good share of them.
 */
static void test_missing_device_records(void **state)
{
	char path[300];
	struct oc_writer_final fin;
	struct buf b;
	sqlite3 *db;

	snprintf(path, sizeof path, "%s/kineto.db", dir);
	start(path, 1);
	launch_rows(1, 30);
	memset(&fin, 0, sizeof fin);
	fin.api_launches_seen = 30;
	oc_writer_finish(&fin);
	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'no_device_records'"), 1);
	assert_true(strstr(q_text(db, "SELECT message FROM warnings WHERE code = 'no_device_records'"),
			   "30 kernel launches") != NULL);
	sqlite3_close(db);

	/* 30 launches, 10 kernels: the other 20 are reported */
	snprintf(path, sizeof path, "%s/partial.db", dir);
	start(path, 1);
	launch_rows(100, 30);
	buf_init(&b);
	for (uint32_t i = 0; i < 10; i++)
		kernel(&b, 10 + i * 10, 15 + i * 10, 7, 100 + i, "k");
	oc_writer_submit_buffer(b.p, b.used, 0);
	memset(&fin, 0, sizeof fin);
	fin.api_launches_seen = 30;
	oc_writer_finish(&fin);
	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'no_device_records'"), 0);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'api_launches_without_ops'"), 20);
	assert_true(strstr(q_text(db, "SELECT message FROM warnings WHERE code = 'device_records_missing'"),
			   "20 of 30") != NULL);
	sqlite3_close(db);

	/* every launch found, one through its driver twin's correlation id */
	snprintf(path, sizeof path, "%s/complete.db", dir);
	start(path, 1);
	launch_rows(200, 2);
	buf_init(&b);
	kernel(&b, 10, 20, 7, 200, "k");
	kernel(&b, 30, 40, 7, 901, "k");
	api(&b, CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000, 25, 45, 1, 201);
	api(&b, CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, 26, 44, 1, 901);
	oc_writer_submit_buffer(b.p, b.used, 0);
	memset(&fin, 0, sizeof fin);
	fin.api_launches_seen = 2;
	oc_writer_finish(&fin);
	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'api_launches_without_ops'"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings"), 0);
	sqlite3_close(db);
}

/*
 * docs/schema.md names every table and view of the schema and every meta key
 * the writer produced in test_end_to_end (device.N.* as written there).
 */
/*
 * Batched rows (writer-rows.c, writer-join.c): ops, mem and api rows go 16
 * to an INSERT. The tables (ops, mem, api, api_args and the skip counts) must
 * hold the same rows, in the same order, as one row a statement
 * (OVERLAPCHECK_ROWS_PER_INSERT=1), and a commit must leave
 * none waiting: 37 kernels (two full statements and 5 left), 51 api rows
 * and 13 copies (26 mem rows: one full statement and 10 left) are all
 * readable by another connection as soon as the writer says its batch is
 * committed, before the trace is finished.
 */
/* Every row of the queries (one text column each; the list ends with NULL), one line a row, malloc'ed. */
static char *dump_rows(sqlite3 *db, ...)
{
	const char *sqls[8];
	int nsql = 0;
	va_list ap;
	size_t len = 0, cap = 1 << 16;
	char *out = malloc(cap);

	assert_non_null(out);
	out[0] = '\0';
	va_start(ap, db);
	while (nsql < 8 && (sqls[nsql] = va_arg(ap, const char *)) != NULL)
		nsql++;
	va_end(ap);
	for (int i = 0; i < nsql; i++) {
		sqlite3_stmt *st;

		if (sqlite3_prepare_v2(db, sqls[i], -1, &st, NULL) != SQLITE_OK)
			fail_msg("%s: %s", sqls[i], sqlite3_errmsg(db));
		while (sqlite3_step(st) == SQLITE_ROW) {
			const char *t = (const char *)sqlite3_column_text(st, 0);
			size_t n = t ? strlen(t) : 0;

			assert_true(len + n + 2 < cap);
			memcpy(out + len, t ? t : "", n);
			len += n;
			out[len++] = '\n';
			out[len] = '\0';
		}
		sqlite3_finalize(st);
		out[len++] = '|';
		out[len] = '\0';
	}
	return out;
}

static char *batched_tables(const char *name, const char *rows_env, int64_t *per_insert)
{
	char path[300];
	struct buf b;
	struct oc_args_chunk *c;
	struct oc_args_row r;
	char *dump;
	sqlite3 *db;

	if (rows_env)
		setenv("OVERLAPCHECK_ROWS_PER_INSERT", rows_env, 1);
	else
		unsetenv("OVERLAPCHECK_ROWS_PER_INSERT");
	snprintf(path, sizeof path, "%s/%s.db", dir, name);
	start(path, 1);
	buf_init(&b);
	for (uint32_t i = 0; i < 37; i++)
		kernel(&b, 1000 + 700 * i, 1500 + 700 * i + (i % 3) * 40, 13 + i % 2, 100 + i,
		       i % 4 ? "_Z1kv" : "_Z1jv");
	/* their calls, in api rows 16 to a statement: copies 0..9 and launches
	 * 0..5 (statement 1, whose copies' arguments join them later through
	 * api_bare), launches 6..21 (2), launches 22..26, 105 a second time (its
	 * row takes the next id: statement 3 fails and goes row by row) and
	 * 27..36, then copies 10..12, still waiting when their arguments come */
	for (uint32_t i = 0; i < 10; i++)
		api(&b, CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020,
		    40000 + 900 * i, 40500 + 900 * i, 200, 500 + i);
	for (uint32_t i = 0; i < 37; i++) {
		api(&b, CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000,
		    900 + 700 * i, 950 + 700 * i, 200, 100 + i);
		if (i == 26)
			api(&b, CUPTI_ACTIVITY_KIND_RUNTIME,
			    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, 960, 990, 200, 105);
	}
	for (uint32_t i = 10; i < 13; i++)
		api(&b, CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020,
		    40000 + 900 * i, 40500 + 900 * i, 200, 500 + i);
	oc_writer_submit_buffer(b.p, b.used, 0);
	c = oc_writer_chunk_get();
	assert_non_null(c);
	for (uint32_t i = 0; i < 13; i++) {
		copy_row(&r, 500 + i);
		r.src_ptr = (int64_t)(0x7f0000000000ull + 0x10000u * i);
		r.dst_ptr = (int64_t)(0x7e0000000000ull + 0x10000u * i);
		r.src_span = r.dst_span = 4096 + i;
		r.host_ptr = r.src_ptr;
		r.bytes = 4096 + i;
		c->rows[c->n++] = r;
	}
	oc_writer_submit_chunk(c);
	oc_writer_sync();

	db = open_ro(path);   /* committed, the trace still open */
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 37);
	assert_int_equal(q_int(db, "SELECT count(*) FROM mem"), 26);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api"), 37 + 1 + 13);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE id = 105 * 8 + 1"), 1);
	/* each copy's arguments joined its row (0..9 written before them, 10..12
	 * waiting), none left in api_args */
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE id / 8 BETWEEN 500 AND 512"
				   " AND bytes = 4096 + id / 8 - 500 AND stream_id = 14"), 13);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api_args"), 0);
	sqlite3_close(db);
	oc_writer_finish(NULL);
	unsetenv("OVERLAPCHECK_ROWS_PER_INSERT");

	db = open_ro(path);
	*per_insert = q_int(db, "SELECT value FROM meta WHERE key = 'writer_rows_per_insert'");
	dump = dump_rows(db, "SELECT id || ',' || kind || ',' || start_ns || ',' || dur_ns || ','"
			 " || quote(device_id) || ',' || quote(context_id) || ',' || quote(stream_id)"
			 " || ',' || correlation_id || ',' || quote(shape_id) || ',' || quote(channel_id)"
			 " FROM ops ORDER BY id",
			 "SELECT rowid || ',' || correlation_id || ',' || domain || ',' || role || ','"
			 " || ptr || ',' || quote(bytes) || ',' || quote(info) || ',' || quote(stream_id)"
			 " FROM mem ORDER BY rowid",
			 "SELECT id || ',' || cbid || ',' || start_ns || ',' || dur_ns || ',' || tid"
			 " || ',' || quote(return_value) || ',' || quote(handle_kind) || ','"
			 " || quote(context_id) || ',' || quote(stream_id) || ',' || quote(host_ptr)"
			 " || ',' || quote(bytes) FROM api ORDER BY id",
			 "SELECT correlation_id || ',' || domain || ',' || quote(bytes) FROM api_args"
			 " ORDER BY correlation_id, domain",
			 "SELECT key || '=' || value FROM meta WHERE key IN ('skipped_records',"
			 " 'incomplete_records', 'api_launches_without_ops') ORDER BY key", NULL);
	assert_int_equal(q_int(db, "SELECT count(*) FROM mem WHERE role = 4 AND bytes IS NOT NULL"), 13);
	sqlite3_close(db);
	return dump;
}

static void test_batched_rows(void **state)
{
	int64_t n16 = 0, n1 = 0;
	char *batched = batched_tables("batched", NULL, &n16);
	char *single = batched_tables("single", "1", &n1);

	assert_int_equal(n16, 16);
	assert_int_equal(n1, 1);
	assert_non_null(batched);
	assert_non_null(single);
	assert_true(strlen(batched) > 100);
	assert_string_equal(batched, single);
	free(batched);
	free(single);
}

/* One kernel record into buf (size bytes, from oc_writer_buffer_get), handed to the writer. */
static void buf_put_kernel_and_submit(uint8_t *p, size_t size)
{
	struct buf b = { p, size, 0 };

	kernel(&b, 1000, 2000, 13, 7, "_Z1kv");
	oc_writer_submit_buffer(b.p, b.used, 0);
}

/*
 * The backlog's bound (writer-queue.c, backlog_take): what is handed out and
 * not yet written back. Asked for less than its floor (BACKLOG_MIN_BUFFERS
 * buffers and 16 MiB), it has the floor: 260 buffers of 64 KiB, then NULL
 * (CUPTI would drop and count), said once in warnings. A buffer handed back
 * makes room again; so do chunks, and after the callbacks' chunks filled the
 * bound and came back, buffers are granted again (the free lists do not
 * count). The rows the callbacks dropped go to meta dropped_callback_rows.
 */
static void test_backlog_bound(void **state)
{
	enum { NB = BACKLOG_MIN_BUFFERS + (16 << 20) / (64 << 10) };
	size_t max = BACKLOG_MIN_BUFFERS * (64 << 10) + ((size_t)16 << 20);
	size_t nc_want = max / sizeof(struct oc_args_chunk);
	static uint8_t *b[NB + 1];
	static struct oc_args_chunk *c[400];
	char path[300];
	struct oc_writer_config cfg;
	struct oc_writer_final fin;
	size_t sz, nc = 0;
	sqlite3 *db;

	snprintf(path, sizeof path, "%s/backlog.db", dir);
	memset(&cfg, 0, sizeof cfg);
	cfg.path = path;
	cfg.create = 1;
	cfg.quiet = 1;
	cfg.buffer_bytes = 64 << 10;
	cfg.backlog_bytes = 1;   /* below the floor */
	cfg.start_ns = BASE;
	assert_int_equal(oc_writer_start(&cfg), 0);
	for (int round = 0; round < 2; round++) {
		for (int i = 0; i < NB; i++) {
			b[i] = oc_writer_buffer_get(&sz);
			assert_non_null(b[i]);
			assert_int_equal(sz, 64 << 10);
		}
		assert_null(oc_writer_buffer_get(&sz));
		assert_int_equal(sz, 0);
		assert_true(oc_writer_backlog_full());
		assert_null(oc_writer_chunk_get());          /* a chunk does not fit either */
		oc_writer_submit_buffer(b[0], 0, 0);          /* nothing in it: back */
		b[0] = oc_writer_buffer_get(&sz);
		assert_non_null(b[0]);
		for (int i = 0; i < NB; i++)
			oc_writer_submit_buffer(b[i], 0, 0);
		/* now the chunks fill it, come back, and buffers are granted again */
		for (nc = 0; nc < 400 && (c[nc] = oc_writer_chunk_get()) != NULL; nc++)
			;
		assert_int_equal(nc, nc_want);
		assert_null(oc_writer_buffer_get(&sz));
		for (size_t i = 0; i < nc; i++)
			oc_writer_submit_chunk(c[i]);           /* empty: back */
	}
	b[0] = oc_writer_buffer_get(&sz);
	assert_non_null(b[0]);
	assert_false(oc_writer_backlog_full());
	buf_put_kernel_and_submit(b[0], sz);
	oc_writer_sync();
	memset(&fin, 0, sizeof fin);
	fin.dropped_callback_rows = 17;
	fin.status = "finished";
	oc_writer_finish(&fin);

	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'backlog_full'"), 1);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'dropped_callback_rows'"), 17);
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 1);
	sqlite3_close(db);

	/* a buffer still out when its writer finished, handed back to the
	 * next one: counted until then, and nothing goes below zero */
	snprintf(path, sizeof path, "%s/backlog2.db", dir);
	assert_int_equal(oc_writer_start(&cfg), 0);
	b[NB] = oc_writer_buffer_get(&sz);
	assert_non_null(b[NB]);
	oc_writer_finish(NULL);
	snprintf(path, sizeof path, "%s/backlog3.db", dir);
	assert_int_equal(oc_writer_start(&cfg), 0);
	for (int i = 0; i < NB - 1; i++) {
		b[i] = oc_writer_buffer_get(&sz);
		assert_non_null(b[i]);
	}
	assert_null(oc_writer_buffer_get(&sz));   /* the one still out counts */
	oc_writer_submit_buffer(b[NB], 0, 0);
	b[NB - 1] = oc_writer_buffer_get(&sz);
	assert_non_null(b[NB - 1]);
	assert_null(oc_writer_buffer_get(&sz));
	for (int i = 0; i < NB; i++)
		oc_writer_submit_buffer(b[i], 0, 0);
	for (int i = 0; i < NB; i++) {
		b[i] = oc_writer_buffer_get(&sz);
		assert_non_null(b[i]);
	}
	for (int i = 0; i < NB; i++)
		oc_writer_submit_buffer(b[i], 0, 0);
	oc_writer_finish(NULL);
}

/* calloc, failing once on request (fail_calloc = 1: the next call);
 * glibc's own underneath. Not under ASan, which owns calloc. */
#ifndef __SANITIZE_ADDRESS__
extern void *__libc_calloc(size_t n, size_t size);
static int fail_calloc;

void *calloc(size_t n, size_t size)
{
	if (fail_calloc && --fail_calloc == 0)
		return NULL;
	return __libc_calloc(n, size);
}
#endif

/* A chunk whose queue item cannot be had: its rows are counted as dropped. */
static void test_chunk_lost_counted(void **state)
{
#ifdef __SANITIZE_ADDRESS__
	skip();
#else
	char path[300];
	struct oc_writer_final fin;
	struct oc_args_chunk *c;
	sqlite3 *db;

	snprintf(path, sizeof path, "%s/chunk-lost.db", dir);
	start(path, 1);
	c = oc_writer_chunk_get();
	assert_non_null(c);
	memset(c->rows, 0, 5 * sizeof c->rows[0]);
	c->n = 5;
	fail_calloc = 1;
	oc_writer_submit_chunk(c);
	assert_int_equal(fail_calloc, 0);   /* the item's calloc was the one refused */
	{
		size_t sz;
		uint8_t *b = oc_writer_buffer_get(&sz);

		assert_non_null(b);
		buf_put_kernel_and_submit(b, sz);   /* a record: the file is made */
	}
	oc_writer_sync();
	memset(&fin, 0, sizeof fin);
	fin.dropped_callback_rows = 2;
	fin.status = "finished";
	oc_writer_finish(&fin);
	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'dropped_callback_rows'"), 7);
	sqlite3_close(db);
#endif
}

/*
 * Full chunks from program threads wake the writer only every wake_chunks
 * of them: those in between go with the next item that wakes it, and none
 * is left behind at the end.
 */
static void test_quiet_chunks(void **state)
{
	char path[300];
	struct oc_writer_final fin;
	sqlite3 *db;
	int64_t n = 0;

	snprintf(path, sizeof path, "%s/quiet-chunks.db", dir);
	start_waking(path, 1, 1000);   /* none of these chunks wakes it */
	{
		size_t sz;
		uint8_t *b = oc_writer_buffer_get(&sz);

		assert_non_null(b);
		buf_put_kernel_and_submit(b, sz);   /* a record: the file is made */
	}
	oc_writer_sync();   /* written: the writer goes back to wait with nothing due */
	usleep(100000);     /* ... and is there (sync returns before it loops) */
	for (int k = 0; k < 3; k++) {
		struct oc_args_chunk *c = oc_writer_chunk_get();

		assert_non_null(c);
		for (int i = 0; i < OC_ARGS_CHUNK; i++) {
			struct oc_args_row *r = &c->rows[c->n++];

			memset(r, 0, sizeof *r);
			r->cls = OC_CB_TIMED;
			r->domain = OC_API_RUNTIME;
			r->cbid = CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000;
			r->tid = 77;
			r->correlation_id = (uint32_t)(1000 + k * OC_ARGS_CHUNK + i);
			r->t_start = BASE + 1000000u + (uint64_t)(k * OC_ARGS_CHUNK + i) * 100u;
			r->t_end = r->t_start + 50u;
		}
		oc_writer_submit_full_chunk(c);
	}
	/* not woken: the three still counted as queued without a wake, and
	 * nothing of them written a while later */
	pthread_mutex_lock(&oc_wr.mu);
	assert_int_equal(oc_wr.quiet, 3);
	pthread_mutex_unlock(&oc_wr.mu);
	usleep(150000);
	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE tid = 77"), 0);
	sqlite3_close(db);
	/* the flush thread's kick: written without any other item */
	oc_writer_kick();
	for (int i = 0; i < 200; i++) {
		db = open_ro(path);
		n = q_int(db, "SELECT count(*) FROM api WHERE tid = 77");
		sqlite3_close(db);
		if (n == 3 * OC_ARGS_CHUNK)
			break;
		usleep(50000);
	}
	assert_int_equal(n, 3 * OC_ARGS_CHUNK);
	memset(&fin, 0, sizeof fin);
	fin.status = "finished";
	oc_writer_finish(&fin);
	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE tid = 77"), 3 * OC_ARGS_CHUNK);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'writer_wake_chunks'"), 1000);
	sqlite3_close(db);
}

static void test_docs_cover_trace(void **state)
{
	char path[300], *doc = NULL, pat[200];
	size_t len = 0;
	FILE *f = fopen("docs/schema.md", "r");
	sqlite3 *db;
	sqlite3_stmt *st;

	if (!f)
		fail_msg("cannot open docs/schema.md (run from the repository root)");
	doc = malloc(1 << 20);
	assert_non_null(doc);
	len = fread(doc, 1, (1 << 20) - 1, f);
	doc[len] = '\0';
	fclose(f);

	snprintf(path, sizeof path, "%s/own.db", dir);
	db = open_ro(path);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type IN"
					    " ('table', 'view')", -1, &st, NULL), SQLITE_OK);
	while (sqlite3_step(st) == SQLITE_ROW) {
		snprintf(pat, sizeof pat, "`%s", (const char *)sqlite3_column_text(st, 0));
		if (!strstr(doc, pat))
			fail_msg("docs/schema.md does not describe %s", pat + 1);
	}
	sqlite3_finalize(st);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT key FROM meta", -1, &st, NULL), SQLITE_OK);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *k = (const char *)sqlite3_column_text(st, 0);

		if (!strncmp(k, "device.0.", 9))
			snprintf(pat, sizeof pat, "`device.N.%s`", k + 9);
		else
			snprintf(pat, sizeof pat, "`%s`", k);
		if (!strstr(doc, pat))
			fail_msg("docs/schema.md does not list meta key %s", pat);
	}
	sqlite3_finalize(st);
	sqlite3_close(db);
	free(doc);
}

static int __attribute__((noinline)) frames_probe(int x)
{
	return x * 3 + 1;
}

/*
 * The callers' frames (writer-callers.c): a "?" frame named from the
 * module's static symbol table, the module made absolute; the CUDA runtime's
 * own leading frames dropped unless nothing else is left; others as they are.
 */
static void test_caller_frames(void **state)
{
	Dl_info in;
	char in_frames[1200], out[2048], exe[512], want[1200];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	unsigned long off;

	assert_true(n > 0);
	exe[n] = '\0';
	assert_true(dladdr((void *)frames_probe, &in) != 0);
	off = (unsigned long)((uintptr_t)frames_probe - (uintptr_t)in.dli_fbase) + 4;
	snprintf(in_frames, sizeof in_frames, "?+0x0 (%s+0x%lx)\nmain+0x10 (%s+0x99)", in.dli_fname, off, exe);
	snprintf(want, sizeof want, "frames_probe+0x4 (%s+0x%lx)\nmain+0x10 (%s+0x99)", exe, off, exe);
	assert_string_equal(oc_wr_symbolize_frames(in_frames, out, sizeof out), want);
	/* the static runtime's frames in the program's module */
	assert_string_equal(oc_wr_symbolize_frames("cudaFree+0x1b2 (/p/app+0x4db52)\n"
						   "__cudart1234+0x9 (/p/app+0x4da00)\n"
						   "train_step+0x20 (/p/app+0x1200)", out, sizeof out),
			    "train_step+0x20 (/p/app+0x1200)");
	assert_string_equal(oc_wr_symbolize_frames("cudaFree+0x1b2 (/p/app+0x4db52)", out, sizeof out),
			    "cudaFree+0x1b2 (/p/app+0x4db52)");
	/* a program's own helper named like the runtime is the program's */
	assert_string_equal(oc_wr_symbolize_frames("cudaMemcpyAsync_ptsz+0x10 (/p/app+0x4d000)\n"
						   "cudaCheckError+0x5 (/p/app+0x1100)\n"
						   "main+0x20 (/p/app+0x1200)", out, sizeof out),
			    "cudaCheckError+0x5 (/p/app+0x1100)\nmain+0x20 (/p/app+0x1200)");
	/* a module that cannot be read, a named frame: unchanged */
	assert_string_equal(oc_wr_symbolize_frames("?+0x0 (/no/such/module.so+0x10)\nf+0x1 (/m+0x2)",
						   out, sizeof out),
			    "?+0x0 (/no/such/module.so+0x10)\nf+0x1 (/m+0x2)");
	assert_string_equal(oc_wr_symbolize_frames("g+0x1 (/m+0x2)", out, sizeof out), "g+0x1 (/m+0x2)");
	/* cut at the buffer, still a string */
	oc_wr_symbolize_frames(in_frames, out, 20);
	assert_true(strlen(out) < 20);
	assert_int_equal(frames_probe(1), 4);
	oc_wr_callers_free();
}

/*
 * The writer's module map (writer-callers.c): a frame of the program as
 * "?+0x0 (EXE+0xOFF)" with dladdr's offset; a module loaded after the map
 * was built is found; once unloaded, its frame is left out.
 */
static void test_frames_module_map(void **state)
{
	char exe[512], lib[600], want[800], out[1024];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	void *pcs[2];
	Dl_info in;
	void *h;
	int (*fn)(int);

	assert_true(n > 0);
	exe[n] = '\0';
	snprintf(lib, sizeof lib, "%.*s/libocframes.so", (int)(strrchr(exe, '/') - exe), exe);
	assert_true(dladdr((void *)frames_probe, &in) != 0);
	pcs[0] = NULL;   /* the callback's own frame: never kept */
	pcs[1] = (char *)frames_probe + 5;
	snprintf(want, sizeof want, "?+0x0 (%s+0x%lx)", exe,
		 (unsigned long)((uintptr_t)frames_probe + 4 - (uintptr_t)in.dli_fbase));
	assert_string_equal(oc_wr_frames_of_pcs(pcs, 2, out, sizeof out), want);
	/* loaded after the map was built */
	assert_null(dlopen(lib, RTLD_NOW | RTLD_NOLOAD));
	h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
	assert_non_null(h);
	fn = (int (*)(int))dlsym(h, "oc_frames_module_fn");
	assert_non_null(fn);
	assert_int_equal(fn(1), 10);
	assert_true(dladdr((void *)fn, &in) != 0);
	pcs[1] = (char *)fn + 5;
	snprintf(want, sizeof want, "?+0x0 (%s+0x%lx)", in.dli_fname,
		 (unsigned long)((uintptr_t)fn + 4 - (uintptr_t)in.dli_fbase));
	assert_string_equal(oc_wr_frames_of_pcs(pcs, 2, out, sizeof out), want);
	/* named at the end from its table (.symtab, else .dynsym) */
	{
		char named[1024];

		snprintf(want, sizeof want, "oc_frames_module_fn+0x4 (%s+0x%lx)", lib,
			 (unsigned long)((uintptr_t)fn + 4 - (uintptr_t)in.dli_fbase));
		assert_string_equal(oc_wr_symbolize_frames(out, named, sizeof named), want);
	}
	/* unloaded: the frame is left out, and the row has none */
	assert_int_equal(dlclose(h), 0);
	assert_null(dlopen(lib, RTLD_NOW | RTLD_NOLOAD));
	assert_string_equal(oc_wr_frames_of_pcs(pcs, 2, out, sizeof out), "");
	/* a pc in no module at all */
	pcs[1] = (void *)(uintptr_t)0x10;
	assert_string_equal(oc_wr_frames_of_pcs(pcs, 2, out, sizeof out), "");
	oc_wr_callers_free();
}

/* A caller row from this function's own backtrace (oc_writer_caller_pcs). */
static int __attribute__((noinline)) pcs_probe(int corr)
{
	void *pcs[16];
	int n = backtrace(pcs, 16);

	/* pcs[0] is this frame: a fake callback frame in front, as record_caller's */
	void *with_cb[17];

	with_cb[0] = pcs[0];
	memcpy(with_cb + 1, pcs, (size_t)n * sizeof *pcs);
	oc_writer_caller_pcs((uint32_t)corr, 1, 70000, with_cb, n + 1);
	return corr;
}

static void like_frames(sqlite3 *db, int corr, const char *first)
{
	char sql[128];
	const char *f;

	snprintf(sql, sizeof sql, "SELECT frames FROM callers WHERE correlation_id = %d", corr);
	f = q_text(db, sql);
	if (strncmp(f, first, strlen(first)) != 0)
		fail_msg("callers row %d: '%s', want it to start with '%s'", corr, f, first);
	if (strstr(f, "liboverlapcheck"))
		fail_msg("callers row %d: the tracer's own frame: '%s'", corr, f);
}

/*
 * The callers' rows as the writer stores them: as taken while the program
 * runs (dladdr's "?"), named at the end, every row of a table larger than
 * the batch of 256, each module read once.
 */
static void test_callers_named_at_end(void **state)
{
	char path[300], frames[1200], want[1200], exe[512];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	Dl_info in;
	unsigned long off;
	sqlite3 *db;
	struct oc_writer_final fin;
	struct buf b;

	assert_true(n > 0);
	exe[n] = '\0';
	assert_true(dladdr((void *)frames_probe, &in) != 0);
	off = (unsigned long)((uintptr_t)frames_probe - (uintptr_t)in.dli_fbase) + 4;
	snprintf(frames, sizeof frames, "?+0x0 (%s+0x%lx)\nmain+0x10 (%s+0x99)", in.dli_fname, off, exe);
	snprintf(want, sizeof want, "frames_probe+0x4 (%s+0x%lx)\nmain+0x10 (%s+0x99)", exe, off, exe);
	snprintf(path, sizeof path, "%s/callers.db", dir);
	start(path, 1);
	buf_init(&b);
	kernel(&b, 10, 20, 13, 1, "k");   /* the file is made at the first record */
	oc_writer_submit_buffer(b.p, b.used, 0);
	for (int i = 0; i < 600; i++)
		oc_writer_caller(1000 + (uint32_t)i, 1, 60000 + (uint64_t)i, frames);
	assert_int_equal(pcs_probe(3000), 3000);
	/* a row whose module is gone keeps its frames */
	oc_writer_caller(2000, 1, 60000, "?+0x0 (/no/such/module.so+0x10)\nf+0x1 (/m+0x2)");
	oc_writer_sync();
	db = open_ro(path);
	/* as taken: 600 + 1 of frames, 1 of return addresses, all "?" first (static functions) */
	assert_int_equal(q_int(db, "SELECT count(*) FROM callers"), 602);
	assert_int_equal(q_int(db, "SELECT count(*) FROM callers WHERE frames LIKE '?+0x0 (%'"), 602);
	sqlite3_close(db);
	memset(&fin, 0, sizeof fin);
	oc_writer_finish(&fin);
	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT count(*) FROM callers"), 602);
	{
		sqlite3_stmt *st;

		assert_int_equal(sqlite3_prepare_v2(db, "SELECT count(*) FROM callers WHERE frames = ?1",
						    -1, &st, NULL), SQLITE_OK);
		sqlite3_bind_text(st, 1, want, -1, SQLITE_STATIC);
		assert_int_equal(sqlite3_step(st), SQLITE_ROW);
		assert_int_equal(sqlite3_column_int(st, 0), 600);
		sqlite3_finalize(st);
	}
	assert_string_equal(q_text(db, "SELECT frames FROM callers WHERE correlation_id = 2000"),
			    "?+0x0 (/no/such/module.so+0x10)\nf+0x1 (/m+0x2)");
	assert_true(q_int(db, "SELECT value FROM meta WHERE key = 'writer_cpu_ns'") > 0);
	assert_true(q_int(db, "SELECT value FROM meta WHERE key = 'callers_naming_cpu_ns'") >= 0);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "finished");
	/* a backtrace's return addresses, named by the writer: this test's static
	 * function, first (the callback's own frame, pcs[0], is not kept) */
	like_frames(db, 3000, "pcs_probe");   /* pcs_probe+0x.. or a clone, pcs_probe.constprop.0+0x.. */
	sqlite3_close(db);

	/* a run ended by a signal keeps them as taken */
	snprintf(path, sizeof path, "%s/callers-term.db", dir);
	start(path, 1);
	buf_init(&b);
	kernel(&b, 10, 20, 13, 1, "k");
	oc_writer_submit_buffer(b.p, b.used, 0);
	oc_writer_caller(1, 1, 60000, frames);
	memset(&fin, 0, sizeof fin);
	fin.term_signal = 15;
	fin.status = "terminated";
	oc_writer_finish(&fin);
	db = open_ro(path);
	assert_int_equal(q_int(db, "SELECT count(*) FROM callers WHERE frames LIKE '?+0x0 (%'"), 1);
	assert_int_equal(q_int(db, "SELECT count(*) FROM meta WHERE key = 'callers_naming_cpu_ns'"), 0);
	sqlite3_close(db);
	assert_int_equal(frames_probe(2), 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_caller_frames),
		cmocka_unit_test(test_frames_module_map),
		cmocka_unit_test(test_callers_named_at_end),
		cmocka_unit_test(test_end_to_end),
		cmocka_unit_test(test_docs_cover_trace),
		cmocka_unit_test(test_existing_trace),
		cmocka_unit_test(test_unwritable),
		cmocka_unit_test(test_write_failure),
		cmocka_unit_test(test_lazy_create),
		cmocka_unit_test(test_threads),
		cmocka_unit_test(test_fork_child_abandons),
		cmocka_unit_test(test_warn_once),
		cmocka_unit_test(test_exit_sync_filtered),
		cmocka_unit_test(test_missing_device_records),
		cmocka_unit_test(test_args_join_api_rows),
		cmocka_unit_test(test_args_wait_and_repeats),
		cmocka_unit_test(test_batched_rows),
		cmocka_unit_test(test_backlog_bound),
		cmocka_unit_test(test_chunk_lost_counted),
		cmocka_unit_test(test_quiet_chunks),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
