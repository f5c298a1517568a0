/*
 * test-trace.c: the trace reader (src/trace/) on hand-built traces.
 *
 * Bad input: each kind of broken file gives -1 and a message naming the file
 * and the problem. Good input: joins, stream kinds, NVTX ranges, range and
 * device filters, the passport, sorting, and a WAL trace left by a killed
 * writer.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "overlapcheck/demangle.h"
#include "overlapcheck/trace.h"
#include "trace-builder.h"

static char err[1024];

static void build_good(struct tb *b);

/* oc_trace_open must fail with a message containing every `want`. */
static void expect_fail(const char *path, const char *want, const char *want2)
{
	struct oc_trace t;

	err[0] = '\0';
	assert_int_equal(oc_trace_open(&t, path, err, sizeof err), -1);
	if (!strstr(err, want) || (want2 && !strstr(err, want2)))
		fail_msg("message '%s' lacks '%s'%s%s", err, want, want2 ? " / " : "",
			 want2 ? want2 : "");
	/* it names the file */
	char quoted[600];

	snprintf(quoted, sizeof quoted, "cannot open trace '%s': ", path);
	if (strncmp(err, quoted, strlen(quoted)))
		fail_msg("message '%s' does not start with \"%s\"", err, quoted);
	/* released: nothing left behind */
	assert_null(t.ops);
	assert_int_equal(t.n_ops, 0);
}

static void test_missing(void **state)
{
	expect_fail("/nonexistent/dir/x.db", "no such file", NULL);
	expect_fail("/tmp", "is a directory", NULL);
}

static void test_text_file(void **state)
{
	char path[512];
	FILE *f;

	assert_int_equal(tb_tmpname(path, sizeof path, ".db"), 0);
	f = fopen(path, "w");
	assert_non_null(f);
	for (int i = 0; i < 100; i++)
		fprintf(f, "this is a text file, line %d\n", i);
	fclose(f);
	expect_fail(path, "not a SQLite database", NULL);
	/* shorter than a SQLite header */
	f = fopen(path, "w");
	fputs("hi\n", f);
	fclose(f);
	expect_fail(path, "not a SQLite database", NULL);
	/* empty file */
	f = fopen(path, "w");
	fclose(f);
	expect_fail(path, "empty file", NULL);
	/* the reader created nothing */
	char wal[600];

	snprintf(wal, sizeof wal, "%s-wal", path);
	assert_int_equal(access(wal, F_OK), -1);
	unlink(path);
}

static void test_other_sqlite(void **state)
{
	struct tb b;

	assert_int_equal(tb_open_raw(&b), 0);
	assert_int_equal(tb_exec(&b, "CREATE TABLE recipes (name TEXT); "
				     "INSERT INTO recipes VALUES ('soup')"), 0);
	tb_close(&b);
	expect_fail(b.path, "SQLite database but not an overlapcheck trace", NULL);
	tb_remove(&b);

	/* an empty database (no tables) */
	assert_int_equal(tb_open_raw(&b), 0);
	assert_int_equal(tb_exec(&b, "PRAGMA user_version = 0; VACUUM"), 0);
	tb_close(&b);
	/* sqlite writes nothing for an empty db: either empty file or no tables */
	struct oc_trace t;

	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), -1);
	assert_true(strstr(err, "not an overlapcheck trace") != NULL);
	tb_remove(&b);
}

static void test_newer(void **state)
{
	struct tb b;

	char want[128];

	assert_int_equal(tb_open(&b), 0);
	assert_int_equal(tb_exec(&b, "PRAGMA user_version = 99"), 0);
	b.v1 = 0;    /* the file itself is the subject: no v2 copy */
	tb_close(&b);
	snprintf(want, sizeof want, "written by a newer overlapcheck (schema version 99; this build"
		 " reads up to %d)", OC_SCHEMA_VERSION);
	expect_fail(b.path, want, NULL);
	tb_remove(&b);

	/* right application id but version 0 */
	assert_int_equal(tb_open(&b), 0);
	assert_int_equal(tb_exec(&b, "PRAGMA user_version = 0"), 0);
	b.v1 = 0;
	tb_close(&b);
	expect_fail(b.path, "not an overlapcheck trace", NULL);
	tb_remove(&b);
}

/* A trace of n ops over 4 streams, big enough to span many pages. */
static void build_many(struct tb *b, int n)
{
	assert_int_equal(tb_open(b), 0);
	assert_int_equal(tb_exec(b, "BEGIN"), 0);
	for (int i = 1; i <= n; i++)
		assert_int_equal(tb_execf(b, "INSERT INTO ops(id, kind, start_ns, end_ns, device_id,"
					     " context_id, stream_id, correlation_id, bytes)"
					     " VALUES (%d, 2, %d, %d, 0, 1, %d, %d, 4096)",
					  i, i * 10, i * 10 + 25, 13 + i % 4, i), 0);
	assert_int_equal(tb_exec(b, "COMMIT"), 0);
	tb_close(b);
}

static void copy_file(const char *from, const char *to, long max, int zero_tail)
{
	FILE *f = fopen(from, "rb"), *g = fopen(to, "wb");
	char buf[4096];
	size_t got;
	long done = 0;

	assert_non_null(f);
	assert_non_null(g);
	while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
		if (done + (long)got > max) {
			if (!zero_tail)
				got = (size_t)(max - done);
			else if (done >= max)
				memset(buf, 0xA5, got);
		}
		if (got)
			fwrite(buf, 1, got, g);
		done += (long)got;
		if (!zero_tail && done >= max)
			break;
	}
	fclose(f);
	fclose(g);
}

static void test_truncated(void **state)
{
	struct tb b;
	struct stat sb;
	char cut[512];

	build_many(&b, 5000);
	assert_int_equal(stat(b.path, &sb), 0);
	assert_true(sb.st_size > 65536);
	assert_int_equal(tb_tmpname(cut, sizeof cut, ".db"), 0);

	/* the file cut in half */
	copy_file(b.path, cut, (long)sb.st_size / 2, 0);
	expect_fail(cut, "truncated or corrupt", NULL);

	/* same length, second half overwritten: SQLite's quick_check, before any load
	 * (oc_trace_check_file(), which `info` shares) */
	copy_file(b.path, cut, (long)(sb.st_size / 2 / 4096 * 4096), 1);
	expect_fail(cut, "truncated or corrupt", "quick_check");
	unlink(cut);

	/* the intact file loads */
	struct oc_trace t;

	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), 0);
	assert_int_equal(t.n_ops, 5000);
	assert_int_equal(t.n_streams, 4);
	oc_trace_release(&t);
	tb_remove(&b);
}

/* Random byte damage anywhere past the header: an error or a load, never a
 * crash (run under ASAN=1 to make that strict). */
static void test_damage(void **state)
{
	struct tb b;
	char path[512];
	struct stat sb;
	unsigned char *buf;
	uint64_t x = 12345;
	int loaded = 0, failed = 0;

	build_good(&b);
	assert_int_equal(stat(b.path, &sb), 0);
	buf = malloc((size_t)sb.st_size);
	FILE *f = fopen(b.path, "rb");

	assert_int_equal(fread(buf, 1, (size_t)sb.st_size, f), (size_t)sb.st_size);
	fclose(f);
	assert_int_equal(tb_tmpname(path, sizeof path, ".db"), 0);
	for (int it = 0; it < 300; it++) {
		unsigned char *d = malloc((size_t)sb.st_size);
		struct oc_trace t;

		memcpy(d, buf, (size_t)sb.st_size);
		for (int k = 0; k < 1 + it % 8; k++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			d[100 + x % ((uint64_t)sb.st_size - 100)] = (unsigned char)(x >> 32);
		}
		f = fopen(path, "wb");
		fwrite(d, 1, (size_t)sb.st_size, f);
		fclose(f);
		free(d);
		if (oc_trace_open(&t, path, err, sizeof err) == 0) {
			loaded++;
			/* whatever loaded is usable */
			for (size_t i = 0; i < t.n_ops; i++) {
				assert_true(t.ops[i].end_ns >= t.ops[i].start_ns);
				assert_true(t.ops[i].stream >= 0 && (size_t)t.ops[i].stream < t.n_streams);
				assert_true(t.ops[i].api < (int32_t)t.n_api);
				assert_true(t.ops[i].shape < t.n_shapes);
				oc_trace_str(&t, oc_op_shape(&t, &t.ops[i])->name);
			}
			oc_trace_keep_range(&t, "step");
			oc_trace_release(&t);
		} else {
			failed++;
			assert_true(strstr(err, "cannot open trace '") == err);
		}
	}
	assert_int_equal(loaded + failed, 300);
	unlink(path);
	free(buf);
	tb_remove(&b);
}

/* The schema with a column's NOT NULL dropped (in every table), so a bad writer's NULL can be stored. */
static int open_loose(struct tb *b, const char *column)
{
	char col[128], *sql, *p;
	int rc;

	memset(b, 0, sizeof *b);
	if (tb_open_raw(b))
		return -1;
	sql = strdup(oc_schema_text_version(1));
	snprintf(col, sizeof col, "%s INTEGER NOT NULL", column);
	/* the schema aligns columns: find "column<spaces>INTEGER NOT NULL" */
	for (p = strstr(sql, column); p; p = strstr(p + 1, column)) {
		char *q = p + strlen(column);

		while (*q == ' ')
			q++;
		if (!strncmp(q, "INTEGER NOT NULL", 16)) {
			memcpy(q + 7, "         ", 9);  /* blank out " NOT NULL" */
		}
	}
	rc = tb_exec(b, sql);
	free(sql);
	return rc;
}

/*
 * Table api_summary (docs/schema.md, "Queries"): loaded summed per function;
 * a row the sums would hide (a negative count beside a larger one, a domain
 * or cbid the integer casts would fold onto another function) or totals
 * that would overflow a sum fail the load, with the table named.
 */
static int queries_trace(struct tb *b, const char *rows)
{
	char e[256], sql[1024];

	if (tb_open_raw(b) || oc_schema_create(b->db, e, sizeof e))
		return -1;
	snprintf(sql, sizeof sql,
		 "INSERT INTO meta(key, value) VALUES ('api_queries', 'summary'), ('api_query_min_ns', '10000');"
		 "INSERT INTO strings(id, value) VALUES (1, 'cudaGetDevice');"
		 "INSERT INTO api_functions(domain, cbid, name_id) VALUES (1, 17, 1);"
		 "INSERT INTO api_summary(tid, domain, cbid, calls, total_ns, max_ns) VALUES %s", rows);
	if (tb_exec(b, sql))
		return -1;
	tb_close(b);
	return 0;
}

static void test_queries(void **state)
{
	static const char *const bad[] = {
		"(7, 1, 17, 10, 500, 90), (8, 1, 17, -5, -100, 5)",       /* negative, the sum positive */
		"(7, 1, 17, 10, 500, 90), (8, 257, 17, 5, 100, 5)",       /* domain 257: 1 as uint8_t */
		"(7, 1, 17, 10, 500, 90), (8, 1, 4294967313, 5, 100, 5)", /* cbid 2^32 + 17 */
		"(7, 1, 17, 'many', 500, 90)",
		"(7, 1, 17, 0, 50, 0)",                                    /* time without a call */
		/* each function's sum fits, the report's total of them would not */
		"(7, 1, 17, 5000000000000000000, 500, 90), (7, 2, 9, 5000000000000000000, 500, 90)",
	};
	struct oc_trace t;
	struct tb b;

	assert_int_equal(queries_trace(&b, "(7, 1, 17, 10, 500, 90), (8, 1, 17, 5, 100, 95),"
					   " (7, 2, 9, 3, 30, 10)"), 0);
	err[0] = '\0';
	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), 0);
	assert_int_equal(t.n_queries, 2);
	assert_string_equal(t.queries[0].name, "cudaGetDevice");
	assert_int_equal(t.queries[0].calls, 15);
	assert_int_equal(t.queries[0].total_ns, 600);
	assert_int_equal(t.queries[0].max_ns, 95);
	assert_int_equal(t.queries[0].threads, 2);
	assert_null(t.queries[1].name);   /* no api_functions row */
	assert_int_equal(t.query_min_ns, 10000);
	oc_trace_release(&t);
	tb_remove(&b);

	/* the longest over the total: a snapshot torn at a kill, read as it is */
	assert_int_equal(queries_trace(&b, "(7, 1, 17, 3, 50, 90)"), 0);
	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), 0);
	assert_int_equal(t.queries[0].max_ns, 90);
	oc_trace_release(&t);
	tb_remove(&b);

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(queries_trace(&b, bad[i]), 0);
		expect_fail(b.path, "api_summary", NULL);
		tb_remove(&b);
	}
}

static void test_bad_rows(void **state)
{
	struct tb b;

	assert_int_equal(open_loose(&b, "start_ns"), 0);
	assert_int_equal(tb_exec(&b, "INSERT INTO ops(id, kind, start_ns, end_ns, device_id, context_id,"
				     " stream_id, correlation_id) VALUES (3, 1, 5, 9, 0, 1, 7, 1),"
				     " (17, 1, NULL, 10, 0, 1, 7, 2)"), 0);
	tb_close(&b);
	expect_fail(b.path, "ops row 17: NULL in start_ns", NULL);
	tb_remove(&b);

	assert_int_equal(tb_open(&b), 0);
	assert_int_equal(tb_exec(&b, "INSERT INTO ops(id, kind, start_ns, end_ns, device_id, context_id,"
				     " stream_id, correlation_id) VALUES (3, 1, 5, 9, 0, 1, 7, 1),"
				     " (17, 1, 20, 10, 0, 1, 7, 2)"), 0);
	tb_close(&b);
	expect_fail(b.path, "ops row 17: end_ns < start_ns", NULL);
	tb_remove(&b);

	assert_int_equal(tb_open(&b), 0);
	assert_int_equal(tb_exec(&b, "INSERT INTO ops(id, kind, start_ns, end_ns, device_id, context_id,"
				     " stream_id, correlation_id) VALUES (4, 1, 'soon', 10, 0, 1, 7, 2)"), 0);
	tb_close(&b);
	expect_fail(b.path, "ops row 4: start_ns is not an integer", NULL);
	tb_remove(&b);

	assert_int_equal(tb_open(&b), 0);
	assert_int_equal(tb_exec(&b, "INSERT INTO strings(id, value) VALUES (1, 'cudaFree');"
				     "INSERT INTO api(id, domain, cbid, name_id, start_ns, end_ns, tid,"
				     " correlation_id) VALUES (8, 1, 1, 1, 50, 40, 1, 1)"), 0);
	tb_close(&b);
	expect_fail(b.path, "api row 8: end_ns < start_ns", NULL);
	tb_remove(&b);

	assert_int_equal(open_loose(&b, "end_ns"), 0);
	assert_int_equal(tb_exec(&b, "INSERT INTO syncs(id, type, start_ns, end_ns) VALUES (2, 3, 5, NULL)"), 0);
	tb_close(&b);
	expect_fail(b.path, "syncs row 2: NULL in end_ns", NULL);
	tb_remove(&b);
}

/*
 * The good trace: device 0, context 1 (null stream 7), streams
 *   7  flag 3 (NULL stream)            -> legacy_default
 *   13 flag 1                          -> blocking
 *   14 flag 2                          -> non_blocking
 *   15 flag 1, used via handle kind 2  -> per_thread_default
 *   16 flag 1, used via handle 0 by a non-_ptsz call -> legacy_default
 *   21 only seen in ops                -> unknown
 * and device 1, context 2 (stream 30, flag 2).
 */
static void build_good(struct tb *b)
{
	assert_int_equal(tb_open(b), 0);
	assert_int_equal(tb_exec(b,
		"INSERT INTO meta VALUES ('trace_start_ns', '1800000000000000000'),"
		" ('device.0.name', 'NVIDIA H200'), ('device.0.sm_count', '132'),"
		" ('device.0.async_engine_count', '3'), ('device.0.concurrent_kernels', '1'),"
		" ('device.0.cc_major', '9'), ('device.0.cc_minor', '0'),"
		" ('device.1.name', 'second'), ('device.1.compute_capability', '8.6'),"
		" ('env.CUDA_LAUNCH_BLOCKING', '1'), ('env.CUDA_DEVICE_MAX_CONNECTIONS', '4'),"
		" ('dropped_records', '5'), ('incomplete_records', '0'), ('clean_exit', '0'),"
		" ('exit_signal', '9');"
		"INSERT INTO strings(id, value) VALUES (1, '_Z6kernelPfi'), (2, 'cudaLaunchKernel'),"
		" (3, 'cuLaunchKernel'), (4, 'cudaMemcpyAsync'), (5, 'cudaLaunchKernel_ptsz'),"
		" (6, 'step'), (7, 'other'), (8, 'cudaStreamSynchronize'), (9, 'cudaDeviceSynchronize');"
		"INSERT INTO contexts VALUES (1, 0, 7), (2, 1, NULL);"
		"INSERT INTO streams(context_id, stream_id, flag, handle, handle_kind) VALUES"
		" (1, 7, 3, 0, 1), (1, 13, 1, 4096, 3), (1, 14, 2, 8192, 3), (1, 15, 1, NULL, 0),"
		" (1, 16, 1, NULL, 0), (2, 30, 2, NULL, 0), (1, 17, 1, NULL, 0), (1, 18, 1, NULL, 0);"
		/* api: corr 10 runtime + driver twin (same corr); corr 11 driver only, nested
		 * in runtime corr 99 on tid 100; corr 12 driver only, alone; corr 13 runtime,
		 * per-thread call; corr 14 runtime with handle 0, not _ptsz. */
		"INSERT INTO api(id, domain, cbid, name_id, start_ns, end_ns, tid, correlation_id,"
		" return_value, parent_id) VALUES"
		" (1, 1, 211, 2, 100, 120, 100, 10, 0, NULL),"
		" (2, 2, 307, 3, 105, 115, 100, 10, 0, NULL),"
		" (3, 1, 41, 4, 130, 160, 100, 99, 0, NULL),"
		" (4, 2, 307, 3, 135, 150, 100, 11, 0, NULL),"
		" (5, 2, 307, 3, 400, 410, 300, 12, 0, NULL),"
		" (6, 1, 214, 5, 170, 180, 200, 13, 0, NULL),"
		" (7, 1, 211, 2, 185, 195, 100, 14, 0, NULL),"
		" (8, 1, 131, 8, 500, 600, 100, 20, 0, NULL),"
		/* unclassified handles: 0x2 (cudaStreamPerThread); 0 in a _ptsz call */
		" (9, 1, 211, 2, 700, 705, 300, 15, 0, NULL),"
		" (10, 1, 214, 5, 710, 715, 300, 16, 0, NULL);"
		"INSERT INTO api_args(correlation_id, domain, cbid, tid, stream_handle, handle_kind,"
		" context_id, stream_id, host_ptr, bytes) VALUES"
		" (10, 1, 211, 100, 4096, 3, 1, 13, NULL, NULL),"
		" (13, 1, 214, 200, 0, 2, 1, 15, NULL, NULL),"
		" (14, 1, 211, 100, 0, 0, 1, 16, NULL, NULL),"
		" (99, 1, 41, 100, 8192, 3, 1, 14, 140000, 1048576),"
		" (15, 1, 211, 300, 2, 0, 1, 17, NULL, NULL),"
		" (16, 1, 214, 300, 0, 0, 1, 18, NULL, NULL);"
		/* ops, inserted out of time order */
		"INSERT INTO ops(id, kind, start_ns, end_ns, device_id, context_id, stream_id,"
		" correlation_id, name_id, bytes, copy_kind, src_kind, dst_kind, flags,"
		" grid_x, grid_y, grid_z, block_x, block_y, block_z) VALUES"
		" (1, 1, 300, 400, 0, 1, 13, 10, 1, NULL, NULL, NULL, NULL, NULL, 132, 1, 1, 256, 1, 1),"
		" (2, 2, 200, 350, 0, 1, 14, 11, NULL, 1048576, 1, 2, 3, 1, NULL, NULL, NULL, NULL, NULL, NULL),"
		" (3, 1, 500, 520, 0, 1, 21, 12, 1, NULL, NULL, NULL, NULL, NULL, 1, 1, 1, 32, 1, 1),"
		" (4, 1, 250, 260, 0, 1, 15, 13, 1, NULL, NULL, NULL, NULL, NULL, 1, 1, 1, 32, 1, 1),"
		" (5, 1, 250, 255, 0, 1, 16, 14, 1, NULL, NULL, NULL, NULL, NULL, 1, 1, 1, 32, 1, 1),"
		" (6, 3, 50, 60, 1, 2, 30, 77, NULL, 64, NULL, NULL, 3, 1, NULL, NULL, NULL, NULL, NULL, NULL);"
		"INSERT INTO syncs(id, type, start_ns, end_ns, context_id, stream_id, event_id,"
		" correlation_id, return_value) VALUES"
		" (1, 3, 510, 590, 1, 13, 4294967295, 20, 0),"
		" (2, 4, 95, 98, 1, 4294967295, 4294967295, NULL, 0);"
		"INSERT INTO events(event_id, context_id, stream_id, device_id, correlation_id,"
		" device_ts_ns) VALUES (5, 1, 13, 0, 31, 0), (6, 1, 13, 0, 30, 450);"
		"INSERT INTO markers(id, marker_id, flags, ts_ns, tid, name_id) VALUES"
		" (1, 1, 2, 90, 100, 6), (2, 1, 4, 125, 100, NULL),"   /* step on tid 100: [90,125) */
		" (3, 2, 2, 160, 200, 6),"                             /* step on tid 200, never closed */
		" (4, 3, 2, 128, 100, 7), (5, 3, 4, 300, 100, NULL),"  /* other on tid 100 */
		" (6, 4, 1, 42, 100, 7);"                              /* instant mark */
		"INSERT INTO warnings(ts_ns, pid, source, code, message) VALUES"
		" (1, 42, 'cupti', 'multiple_subscribers', 'another \"profiler\" holds CUPTI');"
		"INSERT INTO overheads(kind, start_ns, end_ns, object_kind, object_id, correlation_id)"
		" VALUES (1, 20, 30, 1, 100, 0)"), 0);
	tb_close(b);
}

/*
 * The api.id build_good() gave a call, by its (correlation id, domain): the
 * loaded call keeps no row id (a v2 copy, OC_TB_SCHEMA=2, has other ones).
 */
static int64_t good_row(const struct oc_api *a)
{
	static const int64_t map[][3] = {
		{ 10, 1, 1 }, { 10, 2, 2 }, { 99, 1, 3 }, { 11, 2, 4 }, { 12, 2, 5 },
		{ 13, 1, 6 }, { 14, 1, 7 }, { 20, 1, 8 }, { 15, 1, 9 }, { 16, 1, 10 },
	};

	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (map[i][0] == a->correlation_id && map[i][1] == a->domain)
			return map[i][2];
	fail_msg("no api row for correlation id %u, domain %d", a->correlation_id, a->domain);
	return -1;
}

static const struct oc_op *op_by_row(const struct oc_trace *t, int64_t row)
{
	for (size_t i = 0; i < t->n_ops; i++)
		if (t->ops[i].row_id == row)
			return &t->ops[i];
	fail_msg("no op row %lld", (long long)row);
	return NULL;
}

static const struct oc_stream *op_stream(const struct oc_trace *t, int64_t row)
{
	const struct oc_op *o = op_by_row(t, row);

	assert_true(o->stream >= 0 && (size_t)o->stream < t->n_streams);
	return &t->streams[o->stream];
}

/*
 * oc_trace_drop_corr(): every lookup gives the same call without the index
 * (a scan) as with it, for each call's correlation id in each domain and
 * for ids no call has; oc_trace_index_corr() builds it again, the same.
 */
static void check_corr_drop(struct oc_trace *t)
{
	size_t n = 3 * (t->n_api + 2);
	int32_t *want = malloc(n * sizeof *want);
	uint32_t *ids = malloc((t->n_api + 2) * sizeof *ids);

	assert_non_null(want);
	assert_non_null(ids);
	for (size_t i = 0; i < t->n_api; i++)
		ids[i] = t->api[i].correlation_id;
	ids[t->n_api] = 3999999998u;            /* no call has these */
	ids[t->n_api + 1] = 123456u;
	for (int round = 0; round < 3; round++) {
		if (round == 1)
			oc_trace_drop_corr(t);
		if (round == 2)
			assert_int_equal(oc_trace_index_corr(t), 0);
		for (size_t i = 0; i < t->n_api + 2; i++)
			for (int d = 0; d < 3; d++) {
				int32_t got = oc_trace_api_find(t, ids[i], d);

				if (round == 0)
					want[3 * i + (size_t)d] = got;
				else
					assert_int_equal(got, want[3 * i + (size_t)d]);
			}
	}
	assert_int_equal(oc_trace_index_corr(t), 0);   /* there: nothing to do */
	free(want);
	free(ids);
}

static void test_good(void **state)
{
	struct tb b;
	struct oc_trace t;

	build_good(&b);
	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), 0);
	assert_int_equal(t.version, getenv("OC_TB_SCHEMA") && !strcmp(getenv("OC_TB_SCHEMA"), "2") ? 2 : 1);
	assert_true(t.trace_start_ns == 1800000000000000000ll);

	/* ops sorted by (start, end, row) */
	assert_int_equal(t.n_ops, 6);
	for (size_t i = 1; i < t.n_ops; i++) {
		const struct oc_op *a = &t.ops[i - 1], *c = &t.ops[i];

		assert_true(a->start_ns < c->start_ns ||
			    (a->start_ns == c->start_ns && a->end_ns <= c->end_ns));
	}
	assert_int_equal(t.ops[0].row_id, 6);
	assert_int_equal(t.ops[2].row_id, 5);   /* 250-255 before 250-260 */
	assert_int_equal(t.ops[3].row_id, 4);

	/* columns */
	const struct oc_op *k = op_by_row(&t, 1), *c = op_by_row(&t, 2);
	const struct oc_shape *ks = oc_op_shape(&t, k), *cs = oc_op_shape(&t, c);

	assert_int_equal(k->kind, OC_OP_KERNEL);
	assert_string_equal(oc_trace_str(&t, ks->name), "_Z6kernelPfi");
	assert_int_equal(ks->grid[0], 132);
	assert_int_equal(ks->block[0], 256);
	assert_int_equal(c->kind, OC_OP_MEMCPY);
	assert_int_equal(c->copy_kind, OC_COPY_HTOD);
	assert_int_equal(c->src_kind, OC_MEM_PINNED);
	assert_int_equal(cs->bytes, 1048576);
	assert_int_equal(c->flags & OC_ASYNC_FLAG, 1);
	assert_int_equal(cs->name, -1);
	assert_string_equal(oc_trace_str(&t, cs->name), "");

	/* api sorted by start */
	assert_int_equal(t.n_api, 10);
	for (size_t i = 1; i < t.n_api; i++)
		assert_true(t.api[i - 1].start_ns <= t.api[i].start_ns);

	/* joins: op -> runtime call by correlation id */
	assert_true(k->api >= 0);
	assert_int_equal(good_row(&t.api[k->api]), 1);
	/* driver call 2 -> runtime twin 1 (same correlation id) */
	int32_t drv = oc_trace_api_find(&t, 10, OC_API_DRIVER);

	assert_true(drv >= 0);
	assert_int_equal(good_row(&t.api[drv]), 2);
	assert_int_equal(good_row(&t.api[t.api[drv].parent]), 1);
	assert_int_equal(good_row(&t.api[oc_trace_api_find(&t, 10, 0)]), 1);
	assert_int_equal(t.api[oc_trace_api_find(&t, 10, OC_API_RUNTIME)].parent, -1);
	/* corr 11: driver only, nested in runtime call 3 on tid 100 */
	assert_int_equal(good_row(&t.api[c->api]), 3);
	int32_t d11 = oc_trace_api_find(&t, 11, 0);

	assert_int_equal(good_row(&t.api[d11]), 4);
	assert_int_equal(good_row(&t.api[t.api[d11].parent]), 3);
	/* corr 12: driver only, nothing around it */
	assert_int_equal(good_row(&t.api[op_by_row(&t, 3)->api]), 5);
	assert_int_equal(t.api[op_by_row(&t, 3)->api].parent, -1);
	/* op 6 has no API call */
	assert_int_equal(op_by_row(&t, 6)->api, -1);
	assert_int_equal(oc_trace_api_find(&t, 12345, 0), -1);
	check_corr_drop(&t);            /* dense ids: the direct map */

	/* api_args merged */
	const struct oc_api *cp = &t.api[c->api];

	assert_int_equal(cp->has_args, 1);
	assert_int_equal(oc_api_args(&t, cp)->bytes, 1048576);
	assert_int_equal(oc_api_args(&t, cp)->stream_handle, 8192);
	assert_int_equal(oc_api_args(&t, cp)->handle_kind, OC_HANDLE_EXPLICIT);
	assert_true(cp->stream >= 0);
	assert_int_equal(t.streams[cp->stream].stream_id, 14);
	assert_string_equal(oc_trace_str(&t, cp->name), "cudaMemcpyAsync");
	assert_int_equal(t.api[drv].has_args, 0);

	/* streams and kinds */
	assert_int_equal(t.n_streams, 9);
	assert_int_equal(t.streams[oc_trace_stream_find(&t, 1, 17)].kind, OC_STREAM_PER_THREAD_DEFAULT);
	assert_int_equal(t.streams[oc_trace_stream_find(&t, 1, 18)].kind, OC_STREAM_PER_THREAD_DEFAULT);
	for (size_t i = 1; i < t.n_streams; i++)
		assert_true(t.streams[i - 1].context_id < t.streams[i].context_id ||
			    (t.streams[i - 1].context_id == t.streams[i].context_id &&
			     t.streams[i - 1].stream_id < t.streams[i].stream_id));
	assert_int_equal(op_stream(&t, 1)->kind, OC_STREAM_BLOCKING);
	assert_int_equal(op_stream(&t, 1)->handle, 4096);
	assert_int_equal(op_stream(&t, 2)->kind, OC_STREAM_NON_BLOCKING);
	assert_int_equal(op_stream(&t, 3)->kind, OC_STREAM_UNKNOWN);
	assert_int_equal(op_stream(&t, 3)->stream_id, 21);
	assert_int_equal(op_stream(&t, 3)->device_id, 0);
	assert_int_equal(op_stream(&t, 4)->kind, OC_STREAM_PER_THREAD_DEFAULT);
	assert_int_equal(op_stream(&t, 5)->kind, OC_STREAM_LEGACY_DEFAULT);
	assert_int_equal(op_stream(&t, 6)->kind, OC_STREAM_NON_BLOCKING);
	assert_int_equal(op_stream(&t, 6)->device_id, 1);
	int32_t s7 = oc_trace_stream_find(&t, 1, 7);

	assert_true(s7 >= 0);
	assert_int_equal(t.streams[s7].kind, OC_STREAM_LEGACY_DEFAULT);
	assert_int_equal(oc_trace_stream_find(&t, 1, 999), -1);
	assert_string_equal(oc_stream_kind_name(OC_STREAM_PER_THREAD_DEFAULT), "per_thread_default");

	/* devices and run facts */
	assert_int_equal(t.n_devices, 2);
	const struct oc_device *d0 = oc_trace_device(&t, 0), *d1 = oc_trace_device(&t, 1);

	assert_non_null(d0);
	assert_non_null(d1);
	assert_string_equal(d0->name, "NVIDIA H200");
	assert_int_equal(d0->sm_count, 132);
	assert_int_equal(d0->async_engine_count, 3);
	assert_int_equal(d0->concurrent_kernels, 1);
	assert_int_equal(d0->cc_major, 9);
	assert_int_equal(d1->cc_major, 8);
	assert_int_equal(d1->cc_minor, 6);
	assert_int_equal(d1->async_engine_count, -1);
	assert_null(oc_trace_device(&t, 2));
	assert_int_equal(t.launch_blocking, 1);
	assert_int_equal(t.max_connections, 4);
	assert_int_equal(t.dropped_records, 5);
	assert_int_equal(t.incomplete_records, 0);
	assert_int_equal(t.clean_exit, 0);
	assert_int_equal(t.exit_signal, 9);
	assert_int_equal(t.exit_status, -1);
	assert_string_equal(oc_trace_meta(&t, "device.1.name"), "second");
	assert_null(oc_trace_meta(&t, "nope"));

	/* syncs: sorted, joined, CUPTI's 0xFFFFFFFF as -1 */
	assert_int_equal(t.n_syncs, 2);
	assert_int_equal(t.syncs[0].type, OC_SYNC_CONTEXT);
	assert_int_equal(t.syncs[0].stream_id, -1);
	assert_int_equal(t.syncs[0].api, -1);
	assert_int_equal(t.syncs[1].stream_id, 13);
	assert_int_equal(t.syncs[1].event_id, -1);
	assert_int_equal(good_row(&t.api[t.syncs[1].api]), 8);

	/* events by correlation id */
	assert_int_equal(t.n_events, 2);
	assert_int_equal(t.events[0].correlation_id, 30);
	assert_int_equal(t.events[0].device_ts_ns, 450);

	/* NVTX */
	assert_int_equal(t.n_ranges, 3);
	assert_int_equal(t.ranges[0].start_ns, 90);
	assert_int_equal(t.ranges[0].end_ns, 125);
	assert_string_equal(oc_trace_str(&t, t.ranges[0].name), "step");
	assert_int_equal(t.ranges[1].start_ns, 128);
	assert_string_equal(oc_trace_str(&t, t.ranges[1].name), "other");
	assert_int_equal(t.ranges[2].start_ns, 160);
	assert_true(t.ranges[2].end_ns == INT64_MAX);
	assert_int_equal(t.ranges[2].tid, 200);
	assert_int_equal(t.n_marks, 1);
	assert_int_equal(t.marks[0].ts_ns, 42);

	/* warnings and overheads */
	assert_int_equal(t.n_warnings, 1);
	assert_string_equal(t.warnings[0].code, "multiple_subscribers");
	assert_string_equal(t.warnings[0].message, "another \"profiler\" holds CUPTI");
	assert_int_equal(t.n_overheads, 1);
	assert_int_equal(t.overheads[0].end_ns, 30);

	/* names */
	assert_string_equal(oc_copy_kind_name(OC_COPY_DTOH), "DtoH");
	assert_string_equal(oc_mem_kind_name(OC_MEM_PAGEABLE), "pageable");
	assert_string_equal(oc_op_kind_name(OC_OP_MEMCPY_PEER), "memcpy_peer");
	assert_string_equal(oc_op_kind_name(99), "unknown");

	oc_trace_release(&t);
	tb_remove(&b);
}

static void test_keep_range(void **state)
{
	struct tb b;
	struct oc_trace t;

	build_good(&b);
	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), 0);
	/* "step": tid 100 [90,125) holds api 1 (start 100) and 2 (105);
	 * tid 200 [160,inf) holds api 6 (170). */
	assert_int_equal(oc_trace_keep_range(&t, "step"), 2);
	assert_int_equal(t.n_api, 3);
	assert_int_equal(good_row(&t.api[0]), 1);
	assert_int_equal(good_row(&t.api[1]), 2);
	assert_int_equal(good_row(&t.api[2]), 6);
	assert_int_equal(t.api[1].parent, 0);          /* remapped */
	assert_int_equal(t.n_ops, 2);                  /* ops 4 (corr 13) and 1 (corr 10) */
	assert_int_equal(t.ops[0].row_id, 4);
	assert_int_equal(t.ops[1].row_id, 1);
	assert_int_equal(good_row(&t.api[t.ops[1].api]), 1);
	assert_int_equal(good_row(&t.api[t.ops[0].api]), 6);
	/* syncs: sync 1's call (api 8, start 500 on tid 100) is outside; sync 2 (no call,
	 * start 95) lies inside step on tid 100 */
	assert_int_equal(t.n_syncs, 1);
	assert_int_equal(t.syncs[0].start_ns, 95);
	/* lookups follow the compaction */
	assert_int_equal(oc_trace_api_find(&t, 13, 0), 2);
	assert_int_equal(oc_trace_api_find(&t, 11, 0), -1);
	oc_trace_release(&t);

	/* a range that API starts only touch at its end is not entered: [128,300)
	 * on tid 100 holds api 3 (130), 4 (135), 7 (185) */
	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), 0);
	assert_int_equal(oc_trace_keep_range(&t, "other"), 1);
	assert_int_equal(t.n_api, 3);
	assert_int_equal(t.n_ops, 2);                  /* op 2 (via api 3), op 5 (api 7) */
	assert_int_equal(t.ops[0].row_id, 2);
	assert_int_equal(t.ops[1].row_id, 5);
	oc_trace_release(&t);

	/* no such range: nothing kept */
	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), 0);
	assert_int_equal(oc_trace_keep_range(&t, "nope"), 0);
	assert_int_equal(t.n_ops, 0);
	assert_int_equal(t.n_api, 0);
	oc_trace_release(&t);

	/* device filter */
	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), 0);
	assert_int_equal(oc_trace_keep_device(&t, 1), 1);
	assert_int_equal(t.ops[0].row_id, 6);
	assert_int_equal(oc_trace_keep_device(&t, 0), 0);
	oc_trace_release(&t);
	tb_remove(&b);
}

/* Overlapping, nested and unclosed ranges of one name; boundaries. */
static void test_range_edges(void **state)
{
	static const struct { int tid; long long ts; int in; } calls[] = {
		{ 1, 5, 0 }, { 1, 10, 1 }, { 1, 20, 1 }, { 1, 39, 1 }, { 1, 40, 0 },
		{ 1, 99, 0 }, { 1, 100, 1 }, { 1, 1000000000, 1 },
		{ 2, 55, 1 }, { 2, 60, 0 }, { 2, 15, 0 }, { 3, 55, 0 },
	};
	size_t n = sizeof calls / sizeof calls[0], kept = 0;
	struct tb b;
	struct oc_trace t;

	assert_int_equal(tb_open(&b), 0);
	assert_int_equal(tb_exec(&b,
		"INSERT INTO strings(id, value) VALUES (1, 'r'), (2, 'cudaLaunchKernel');"
		"INSERT INTO markers(marker_id, flags, ts_ns, tid, name_id) VALUES"
		" (1, 2, 10, 1, 1), (1, 4, 20, 1, NULL),"      /* [10,20) */
		" (2, 2, 15, 1, 1), (2, 4, 40, 1, NULL),"      /* [15,40) overlaps it */
		" (3, 2, 25, 1, 1), (3, 4, 30, 1, NULL),"      /* nested */
		" (4, 2, 100, 1, 1),"                          /* never closed */
		" (5, 2, 50, 2, 1), (5, 4, 60, 2, NULL)"), 0);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(tb_execf(&b, "INSERT INTO api(domain, cbid, name_id, start_ns, end_ns,"
					      " tid, correlation_id) VALUES (1, 211, 2, %lld, %lld, %d, %d)",
					  calls[i].ts, calls[i].ts + 1, calls[i].tid, (int)i + 1), 0);
		assert_int_equal(tb_execf(&b, "INSERT INTO ops(kind, start_ns, end_ns, device_id,"
					      " context_id, stream_id, correlation_id) VALUES"
					      " (1, %lld, %lld, 0, 1, 13, %d)",
					  calls[i].ts + 5, calls[i].ts + 9, (int)i + 1), 0);
		kept += calls[i].in;
	}
	tb_close(&b);
	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), 0);
	assert_int_equal(t.n_ranges, 5);
	assert_int_equal(oc_trace_keep_range(&t, "r"), 5);
	assert_int_equal(t.n_api, kept);
	assert_int_equal(t.n_ops, kept);
	for (size_t i = 0; i < t.n_ops; i++) {
		const struct oc_api *a = &t.api[t.ops[i].api];
		uint32_t c = a->correlation_id - 1;

		assert_true(c < n);
		if (!calls[c].in)
			fail_msg("call at %lld on tid %d kept", calls[c].ts, calls[c].tid);
		assert_int_equal(a->tid, calls[c].tid);
	}
	oc_trace_release(&t);
	tb_remove(&b);
}

/* Sparse string and correlation ids take the binary-search paths. */
static void test_sparse_ids(void **state)
{
	struct tb b;
	struct oc_trace t;

	assert_int_equal(tb_open(&b), 0);
	assert_int_equal(tb_exec(&b,
		"INSERT INTO strings(id, value) VALUES (5, 'cudaLaunchKernel'), (70000, '_Z1kv'),"
		" (900000, 'cuLaunchKernel'), (6, 'cudaGetLastError');"
		/* 15: an earlier call of 13's correlation id that queues nothing:
		   the lookup gives the launch, with the index and without it */
		"INSERT INTO api(id, domain, cbid, name_id, start_ns, end_ns, tid, correlation_id)"
		" VALUES (10, 1, 211, 5, 100, 200, 1, 4000000000),"
		" (11, 2, 307, 900000, 110, 190, 1, 4000000000),"
		" (12, 2, 307, 900000, 300, 310, 1, 7),"
		" (15, 1, 10, 6, 350, 360, 1, 3999999999),"
		" (13, 1, 211, 5, 400, 500, 1, 3999999999);"
		/* parent_id given: it wins over nesting (api 14 nests in nothing) */
		"INSERT INTO api(id, domain, cbid, name_id, start_ns, end_ns, tid, correlation_id,"
		" parent_id) VALUES (14, 2, 307, 900000, 900, 910, 2, 55, 13);"
		"INSERT INTO ops(id, kind, start_ns, end_ns, device_id, context_id, stream_id,"
		" correlation_id, name_id) VALUES (1, 1, 250, 260, 0, 1, 13, 4000000000, 70000),"
		" (2, 1, 320, 330, 0, 1, 13, 7, 70000), (3, 1, 600, 700, 0, 1, 13, 5, 123)"), 0);
	b.v1 = 0;    /* api row ids and parent_id are the subject: v1 only */
	tb_close(&b);
	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), 0);
	assert_int_equal(t.n_ops, 3);
	assert_string_equal(oc_trace_str(&t, oc_op_shape(&t, &t.ops[0])->name), "_Z1kv");
	assert_int_equal(oc_op_shape(&t, &t.ops[2])->name, -1);   /* dangling strings id */
	/* each call by its start: rows 10, 11, 12, 15, 13, 14 start at 100, 110, 300, 350, 400, 900 */
	assert_int_equal(t.api[t.ops[0].api].start_ns, 100);
	assert_int_equal(t.api[t.ops[1].api].start_ns, 300);
	assert_int_equal(t.ops[2].api, -1);
	int32_t d = oc_trace_api_find(&t, 4000000000u, OC_API_DRIVER);

	assert_int_equal(t.api[d].start_ns, 110);
	assert_int_equal(t.api[t.api[d].parent].start_ns, 100);
	assert_string_equal(oc_trace_str(&t, t.api[d].name), "cuLaunchKernel");
	assert_int_equal(t.api[oc_trace_api_find(&t, 3999999999u, 0)].start_ns, 400);
	assert_int_equal(oc_trace_api_find(&t, 3999999998u, 0), -1);
	int32_t p14 = oc_trace_api_find(&t, 55, 0);

	assert_int_equal(t.api[p14].start_ns, 900);
	assert_int_equal(t.api[t.api[p14].parent].start_ns, 400);
	check_corr_drop(&t);            /* ids far apart: the sorted index */
	/* the unknown stream still gets an entry */
	assert_int_equal(t.n_streams, 1);
	assert_int_equal(t.streams[0].kind, OC_STREAM_UNKNOWN);
	oc_trace_release(&t);
	tb_remove(&b);
}

/* Ops that differ only in when, where, flags or the copy's kinds share a
 * shape, held once and in the order the rows first use them, the same from
 * a v1 trace (descriptions in every row) as from its v2 copy (op_shapes,
 * where flags and kinds make rows of their own); what stays per op stays. */
static void test_shapes(void **state)
{
	struct tb b;
	struct oc_trace t;

	assert_int_equal(tb_open(&b), 0);
	int64_t k = tb_str(&b, "_Z1kv");
	assert_int_equal(tb_execf(&b,
		"INSERT INTO ops(id, kind, start_ns, end_ns, device_id, context_id, stream_id,"
		" correlation_id, name_id, grid_x, block_x, bytes, copy_kind, src_kind, dst_kind, flags)"
		" VALUES (1, 1, 100, 110, 0, 1, 13, 1, %lld, 4, 128, NULL, NULL, NULL, NULL, 0),"
		" (2, 1, 120, 130, 1, 2, 14, 2, %lld, 4, 128, NULL, NULL, NULL, NULL, 0),"
		" (3, 1, 140, 150, 0, 1, 13, 3, %lld, 8, 128, NULL, NULL, NULL, NULL, 0),"
		" (4, 2, 160, 170, 0, 1, 13, 4, NULL, NULL, NULL, 4096, 1, 1, 3, 1),"
		" (5, 2, 180, 190, 0, 1, 13, 5, NULL, NULL, NULL, 4096, 1, 1, 3, 0),"
		" (6, 2, 200, 210, 0, 1, 13, 6, NULL, NULL, NULL, 4096, 2, 3, 2, 1)",
		(long long)k, (long long)k, (long long)k), 0);
	tb_close(&b);
	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), 0);
	assert_int_equal(t.n_ops, 6);
	assert_int_equal(t.n_shapes, 3);
	for (size_t i = 0; i < 6; i++)
		assert_int_equal(t.ops[i].row_id, (int64_t)i + 1);
	assert_int_equal(t.ops[0].shape, 0);
	assert_int_equal(t.ops[1].shape, 0);
	assert_int_equal(t.ops[2].shape, 1);
	assert_int_equal(t.ops[3].shape, 2);
	assert_int_equal(t.ops[4].shape, 2);
	assert_int_equal(t.ops[5].shape, 2);
	assert_string_equal(oc_trace_str(&t, t.shapes[0].name), "_Z1kv");
	assert_int_equal(t.shapes[0].grid[0], 4);
	assert_int_equal(t.shapes[1].grid[0], 8);
	assert_int_equal(t.shapes[2].name, -1);
	assert_int_equal(t.shapes[2].bytes, 4096);
	assert_int_equal(t.ops[3].flags, 1);
	assert_int_equal(t.ops[4].flags, 0);
	assert_int_equal(t.ops[4].copy_kind, OC_COPY_HTOD);
	assert_int_equal(t.ops[5].copy_kind, OC_COPY_DTOH);
	assert_int_equal(t.ops[5].src_kind, OC_MEM_DEVICE);
	/* narrowed: ops compacted, each keeping its shape */
	assert_int_equal(oc_trace_keep_device(&t, 0), 5);
	assert_int_equal(t.ops[1].row_id, 3);
	assert_int_equal(t.ops[1].shape, 1);
	assert_int_equal(t.ops[2].shape, 2);
	oc_trace_release(&t);
	tb_remove(&b);
}

/* Calls whose arguments are the same but for the host pointer share one
 * struct oc_call_args, the same from a v1 trace (api_args rows) as from its
 * v2 copy (api columns, api_args for the event); the host pointer stays per
 * call, a call without arguments reads zeros, and narrowing keeps them. */
static void test_call_args(void **state)
{
	struct tb b;
	struct oc_trace t;
	const struct oc_api *a[6];

	assert_int_equal(tb_open(&b), 0);
	assert_int_equal(tb_exec(&b,
		"INSERT INTO strings(id, value) VALUES (1, 'cudaMemcpyAsync'), (2, 'cudaEventRecord'),"
		" (3, 'cudaDeviceSynchronize'), (4, 'r');"
		"INSERT INTO contexts VALUES (1, 0, 7);"
		"INSERT INTO streams(context_id, stream_id, flag, handle, handle_kind) VALUES"
		" (1, 13, 1, 4096, 3);"
		"INSERT INTO api(id, domain, cbid, name_id, start_ns, end_ns, tid, correlation_id)"
		" VALUES (1, 1, 41, 1, 100, 110, 1, 1), (2, 1, 41, 1, 200, 210, 1, 2),"
		" (3, 1, 41, 1, 300, 310, 1, 3), (4, 1, 41, 1, 400, 410, 1, 4),"
		" (5, 1, 165, 3, 500, 510, 1, 5), (6, 1, 135, 2, 600, 610, 1, 6);"
		"INSERT INTO api_args(correlation_id, domain, cbid, tid, stream_handle, handle_kind,"
		" context_id, stream_id, host_ptr, bytes, event_handle) VALUES"
		" (1, 1, 41, 1, 4096, 3, 1, 13, 1000, 4096, NULL),"
		" (2, 1, 41, 1, 4096, 3, 1, 13, 2000, 4096, NULL),"
		" (3, 1, 41, 1, 4096, 3, 1, 13, 3000, 4096, NULL),"
		" (4, 1, 41, 1, 4096, 3, 1, 13, 4000, 8192, NULL),"
		" (6, 1, 135, 1, 4096, 3, 1, 13, NULL, NULL, 224);"
		"INSERT INTO markers(marker_id, flags, ts_ns, tid, name_id) VALUES"
		" (1, 2, 250, 1, 4), (1, 4, 700, 1, NULL);"), 0);
	tb_close(&b);
	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), 0);
	assert_int_equal(t.n_api, 6);
	for (size_t i = 0; i < 6; i++)
		a[i] = &t.api[i];
	/* 3 sets; the v2 copy's api row of the event call has its own, which
	 * the call's api_args row replaces */
	assert_int_equal(t.n_call_args, b.v1 ? 3 : 4);
	for (size_t i = 0; i < 6; i++)
		assert_int_equal(a[i]->has_args, i != 4);
	assert_true(a[5]->args != a[0]->args && a[5]->args != a[3]->args);
	assert_int_equal(a[1]->args, a[0]->args);
	assert_int_equal(a[2]->args, a[0]->args);
	assert_true(a[3]->args != a[0]->args);
	assert_int_equal(oc_api_args(&t, a[0])->bytes, 4096);
	assert_int_equal(oc_api_args(&t, a[3])->bytes, 8192);
	assert_int_equal(oc_api_args(&t, a[3])->stream_handle, 4096);
	assert_int_equal(oc_api_args(&t, a[3])->handle_kind, OC_HANDLE_EXPLICIT);
	assert_true(a[3]->stream >= 0);
	assert_int_equal(t.streams[a[3]->stream].stream_id, 13);
	assert_int_equal(oc_api_args(&t, a[4])->bytes, 0);
	assert_int_equal(oc_api_args(&t, a[4])->event_handle, 0);
	assert_int_equal(a[4]->stream, -1);
	assert_int_equal(oc_api_args(&t, a[5])->event_handle, 224);
	/* narrowed: calls compacted, each keeping its arguments */
	assert_int_equal(oc_trace_keep_range(&t, "r"), 1);
	assert_int_equal(t.n_api, 4);
	assert_int_equal(t.api[0].correlation_id, 3);
	assert_int_equal(oc_api_args(&t, &t.api[0])->bytes, 4096);
	assert_int_equal(oc_api_args(&t, &t.api[1])->bytes, 8192);
	assert_int_equal(t.api[2].has_args, 0);
	assert_int_equal(oc_api_args(&t, &t.api[3])->event_handle, 224);
	oc_trace_release(&t);
	tb_remove(&b);
}

/* parent_id follows its row when the api table is stored out of start order
 * (the writer inserts a call at its exit, so a parent lands after its child).
 * Correlation ids differ and parents do not nest, so only parent_id can link. */
static void test_parent_id_unsorted(void **state)
{
	struct tb b;
	struct oc_trace t;
	int64_t want[5] = { 0, 4, -1, 2, -1 };  /* by row id: the parent's row id */

	assert_int_equal(tb_open(&b), 0);
	assert_int_equal(tb_exec(&b,
		"INSERT INTO strings(id, value) VALUES (1, 'cudaLaunchKernel'), (2, 'cuLaunchKernel');"
		"INSERT INTO api(id, domain, cbid, name_id, start_ns, end_ns, tid, correlation_id,"
		" parent_id) VALUES"
		" (1, 2, 307, 2, 900, 910, 1, 51, 4),"
		" (2, 1, 211, 1, 500, 600, 2, 60, NULL),"
		" (3, 2, 307, 2, 100, 110, 3, 71, 2),"
		" (4, 1, 211, 1, 300, 400, 4, 80, NULL);"), 0);
	b.v1 = 0;    /* parent_id is v1 only */
	tb_close(&b);
	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), 0);
	assert_int_equal(t.n_api, 4);
	for (size_t i = 0; i < t.n_api; i++) {
		const struct oc_api *a = &t.api[i];

		if (i)
			assert_true(t.api[i - 1].start_ns <= a->start_ns);
		/* each row's tid is its id */
		if (want[a->tid] < 0)
			assert_int_equal(a->parent, -1);
		else
			assert_int_equal(t.api[a->parent].tid, want[a->tid]);
	}
	oc_trace_release(&t);
	tb_remove(&b);
}

/*
 * A trace recorded before the tracer kept its own calls out: its layout and
 * capture queries, made inside the program's launch and allocation, sit
 * under their correlation ids and are set aside (once the launch row itself
 * was missing); a program's own query, alone or with its runtime twin,
 * stays; of two calls with one id and domain, the op's is the one that
 * queues work.
 */
static void test_tracer_calls(void **state)
{
	struct tb b;
	struct oc_trace t;

	assert_int_equal(tb_open(&b), 0);
	assert_int_equal(tb_exec(&b,
		"INSERT INTO strings(id, value) VALUES (1, 'cuLaunchKernel'), (2, 'cuFuncGetParamInfo'),"
		" (3, 'cuStreamIsCapturing'), (4, 'cudaMallocAsync'), (5, '_Z1kv'),"
		" (6, 'cudaStreamIsCapturing'), (7, 'cudaFuncGetAttributes'), (8, 'cudaLaunchKernel');"
		"INSERT INTO api(id, domain, cbid, name_id, start_ns, end_ns, tid, correlation_id) VALUES"
		/* 10: a driver launch and the layout query made inside it */
		" (1, 2, 307, 1, 100, 200, 1, 10), (2, 2, 700, 2, 110, 120, 1, 10),"
		/* 11: the launch row lost, the tracer's two queries left */
		" (3, 2, 700, 2, 300, 310, 1, 11), (4, 2, 700, 2, 311, 320, 1, 11),"
		/* 12: an allocation and the capture query made inside it */
		" (5, 1, 197, 4, 400, 450, 1, 12), (6, 2, 600, 3, 410, 420, 1, 12),"
		/* 13: the program's own cudaStreamIsCapturing and its driver twin */
		" (7, 1, 400, 6, 500, 540, 1, 13), (8, 2, 600, 3, 510, 530, 1, 13),"
		/* 14: the program's own layout query */
		" (9, 2, 700, 2, 600, 610, 1, 14),"
		/* 30: a query before the launch under one id: the launch is the op's */
		" (10, 1, 300, 7, 700, 705, 1, 30), (11, 1, 211, 8, 706, 790, 1, 30);"
		"INSERT INTO ops(id, kind, start_ns, end_ns, device_id, context_id, stream_id,"
		" correlation_id, name_id) VALUES (1, 1, 250, 260, 0, 1, 13, 10, 5),"
		" (2, 1, 350, 360, 0, 1, 13, 11, 5), (3, 1, 800, 900, 0, 1, 13, 30, 5)"), 0);
	tb_close(&b);
	assert_int_equal(oc_trace_open(&t, b.path, err, sizeof err), 0);
	assert_int_equal(t.tracer_calls_set_aside, 4);
	assert_int_equal(t.n_api, 11 - 4);
	for (size_t i = 0; i < t.n_api; i++) {
		const char *n = oc_trace_str(&t, t.api[i].name);

		if (!strcmp(n, "cuFuncGetParamInfo"))
			assert_int_equal(t.api[i].correlation_id, 14);
		if (!strcmp(n, "cuStreamIsCapturing"))
			assert_int_equal(t.api[i].correlation_id, 13);
	}
	assert_string_equal(oc_trace_str(&t, t.api[t.ops[0].api].name), "cuLaunchKernel");
	assert_int_equal(t.ops[1].api, -1);
	assert_string_equal(oc_trace_str(&t, t.api[t.ops[2].api].name), "cudaLaunchKernel");
	assert_string_equal(oc_trace_str(&t, t.api[oc_trace_api_find(&t, 12, 0)].name), "cudaMallocAsync");
	oc_trace_release(&t);
	tb_remove(&b);
}

/* A writer in WAL mode killed before it closed: the trace must still open. */
static void test_wal_killed(void **state)
{
	char path[512];
	int fds[2];
	pid_t pid;

	assert_int_equal(tb_tmpname(path, sizeof path, ".db"), 0);
	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct tb b;

		memset(&b, 0, sizeof b);
		snprintf(b.path, sizeof b.path, "%s", path);
		if (sqlite3_open(b.path, &b.db) != SQLITE_OK ||
		    tb_exec(&b, "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0") ||
		    oc_schema_create_version(b.db, 1, NULL, 0))
			_exit(1);
		for (int i = 1; i <= 50; i++)
			if (tb_execf(&b, "INSERT INTO ops(id, kind, start_ns, end_ns, device_id,"
					 " context_id, stream_id, correlation_id) VALUES"
					 " (%d, 1, %d, %d, 0, 1, 7, %d)", i, i * 100, i * 100 + 50, i))
				_exit(1);
		if (write(fds[1], "k", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	char c;

	close(fds[1]);
	assert_int_equal(read(fds[0], &c, 1), 1);
	close(fds[0]);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);

	char wal[600];

	snprintf(wal, sizeof wal, "%s-wal", path);
	assert_int_equal(access(wal, F_OK), 0);

	struct oc_trace t;

	if (oc_trace_open(&t, path, err, sizeof err))
		fail_msg("%s", err);
	assert_int_equal(t.n_ops, 50);
	assert_int_equal(t.ops[49].end_ns, 5050);
	oc_trace_release(&t);

	/* read-only file (and so no -shm write access): still opens */
	chmod(path, 0444);
	snprintf(wal, sizeof wal, "%s-shm", path);
	chmod(wal, 0444);
	if (oc_trace_open(&t, path, err, sizeof err) == 0) {
		assert_int_equal(t.n_ops, 50);
		oc_trace_release(&t);
	} else if (getuid() != 0) {
		/* acceptable only with a clear message */
		assert_true(strstr(err, "cannot open trace") != NULL);
	}
	unlink(path);
	unlink(wal);
	snprintf(wal, sizeof wal, "%s-wal", path);
	unlink(wal);
}

static void test_demangle(void **state)
{
	char buf[256];

	assert_string_equal(oc_demangle("_Z6kernelPfi", buf, sizeof buf), "kernel(float*, int)");
	assert_string_equal(oc_demangle("plain_c_kernel", buf, sizeof buf), "plain_c_kernel");
	assert_string_equal(oc_demangle("_Z", buf, sizeof buf), "_Z");
	assert_string_equal(oc_demangle("_Z999garbage", buf, sizeof buf), "_Z999garbage");
	assert_string_equal(oc_demangle("", buf, sizeof buf), "");
	assert_string_equal(oc_demangle(NULL, buf, sizeof buf), "");
	/* truncated to the buffer */
	assert_string_equal(oc_demangle("_Z6kernelPfi", buf, 7), "kernel");
	/* long garbage does not crash */
	char *big = malloc(100001);

	memset(big, 'N', 100000);
	big[0] = '_';
	big[1] = 'Z';
	big[100000] = '\0';
	oc_demangle(big, buf, sizeof buf);
	assert_int_equal(strlen(buf), sizeof buf - 1);
	for (int i = 2; i < 100000; i += 2)
		big[i] = 'I';
	oc_demangle(big, buf, sizeof buf);
	free(big);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_missing),
		cmocka_unit_test(test_text_file),
		cmocka_unit_test(test_other_sqlite),
		cmocka_unit_test(test_newer),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_bad_rows),
		cmocka_unit_test(test_queries),
		cmocka_unit_test(test_damage),
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_keep_range),
		cmocka_unit_test(test_range_edges),
		cmocka_unit_test(test_sparse_ids),
		cmocka_unit_test(test_shapes),
		cmocka_unit_test(test_call_args),
		cmocka_unit_test(test_parent_id_unsorted),
		cmocka_unit_test(test_tracer_calls),
		cmocka_unit_test(test_wal_killed),
		cmocka_unit_test(test_demangle),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
