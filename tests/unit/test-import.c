/*
 * test-import.c: the importers (src/trace/import*.c) on their inputs.
 *
 * What they read: Kineto times to the nanosecond (decimal text, never a
 * double), memory kinds from event names, claims by API name, syncs by name
 * without cuda_sync events and from them with; the streaming tokenizer on
 * escapes, surrogates and nesting; an Nsight Systems export's enums by name.
 *
 * And a deterministic fuzz replay of both buffer entry points (the ones a
 * fuzzing harness calls, import.h): every input truncated at each 1/64th
 * of its length, and copies with bytes flipped by a fixed-seed generator.
 * Each must import or be refused with a message, never crash; under
 * ASAN=1 (and tests/cli/test-import-asan.sh, which builds this file with
 * the sanitizers whatever the build) that also means no invalid access and
 * no undefined behaviour. Inputs: three of the Kineto traces in
 * tests/corpus/kineto and tests/import/nvtx_range.nsys.sql (paths from the
 * repository root).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <sqlite3.h>
#include <zlib.h>

#include "overlapcheck/import.h"
#include "overlapcheck/trace.h"

static char err[2048];

/* ---- helpers ----------------------------------------------------------------- */

static void tmpname(char *path, size_t len, const char *suffix)
{
	const char *dir = getenv("TMPDIR");
	int fd;

	snprintf(path, len, "%s/oc-import-XXXXXX", dir && *dir ? dir : "/tmp");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	unlink(path);
	strncat(path, suffix, len - strlen(path) - 1);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* Import JSON text and open the trace; the caller releases t and removes db. */
static void import_json(const char *json, struct oc_trace *t, char *db, size_t dblen)
{
	char src[512];
	struct oc_import_options o = { NULL, 0, -1, 0 };
	struct oc_import_result r;

	tmpname(src, sizeof src, ".json");
	tmpname(db, dblen, ".db");
	write_file(src, json);
	o.output = db;
	if (oc_import(src, &o, &r, err, sizeof err))
		fail_msg("import failed: %s", err);
	assert_int_equal(r.n_traces, 1);
	oc_import_result_release(&r);
	unlink(src);
	if (oc_trace_open(t, db, err, sizeof err))
		fail_msg("open failed: %s", err);
}

static long long scalar(const char *db, const char *sql)
{
	sqlite3 *h;
	sqlite3_stmt *st;
	long long v = -1;

	assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(h);
	return v;
}

#define KERNEL(ts, dur, stream, corr) \
	"{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":" #stream ",\"ts\":" ts \
	",\"dur\":" dur ",\"args\":{\"device\":0,\"context\":1,\"stream\":" #stream \
	",\"correlation\":" #corr ",\"grid\":[1,1,1],\"block\":[32,1,1]}}"
#define RUNTIME(name, ts, dur, corr) \
	"{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"" name "\",\"pid\":7,\"tid\":8,\"ts\":" ts \
	",\"dur\":" dur ",\"args\":{\"cbid\":211,\"correlation\":" #corr "}}"

/* ---- Kineto ------------------------------------------------------------------- */

static void test_kineto_times(void **state)
{
	/* 13 significant digits and three decimals: a double would round them */
	static const char json[] =
		"{\"schemaVersion\": 1, \"baseTimeNanoseconds\": 1790857026000000000,"
		" \"traceEvents\": ["
		RUNTIME("cudaLaunchKernel", "5290341842673.884", "5.001", 1) ","
		KERNEL("5290341842680.123", "0.863", 7, 1) ","
		KERNEL("5290341842690.1239", "1", 7, 2)
		"]}";
	struct oc_trace t;
	char db[512];

	import_json(json, &t, db, sizeof db);
	/* the trace starts at the first event: base + 5290341842673.884 us */
	assert_int_equal(t.trace_start_ns, 1790857026000000000LL + 5290341842673884LL);
	assert_int_equal(t.n_ops, 2);
	assert_int_equal(t.ops[0].start_ns, 6239);       /* 680.123 - 673.884 us */
	assert_int_equal(t.ops[0].end_ns - t.ops[0].start_ns, 863);
	assert_int_equal(t.ops[1].start_ns, 16240);      /* .1239 rounds to .124 */
	assert_int_equal(t.n_api, 1);
	assert_int_equal(t.api[0].end_ns, 5001);
	assert_int_equal(t.ops[0].api, 0);
	assert_int_equal(t.ops[1].api, -1);
	assert_string_equal(oc_trace_meta(&t, "exit_status"), "unknown");
	assert_int_equal(t.exit_status, -1);
	assert_int_equal(t.clean_exit, -1);
	assert_int_equal(t.dropped_records, -1);
	assert_string_equal(oc_trace_meta(&t, "import.format"), "kineto-json");
	oc_trace_release(&t);
	unlink(db);
}

static void test_kineto_copies(void **state)
{
	static const char json[] =
		"{\"traceEvents\": ["
		RUNTIME("cudaMemcpyAsync", "10", "3", 1) ","
		RUNTIME("cudaMemcpy", "20", "30", 2) ","
		RUNTIME("cudaMemsetAsync", "60", "2", 3) ","
		"{\"ph\":\"X\",\"cat\":\"gpu_memcpy\",\"name\":\"Memcpy HtoD (Pageable -> Device)\",\"pid\":0,"
		"\"tid\":7,\"ts\":11,\"dur\":4,\"args\":{\"device\":0,\"context\":1,\"stream\":7,"
		"\"correlation\":1,\"bytes\":4096}},"
		"{\"ph\":\"X\",\"cat\":\"gpu_memcpy\",\"name\":\"Memcpy DtoH (Device -> Pinned)\",\"pid\":0,"
		"\"tid\":7,\"ts\":25,\"dur\":4,\"args\":{\"device\":0,\"context\":1,\"stream\":7,"
		"\"correlation\":2,\"bytes\":8}},"
		"{\"ph\":\"X\",\"cat\":\"gpu_memset\",\"name\":\"Memset (Device)\",\"pid\":0,\"tid\":9,"
		"\"ts\":61,\"dur\":1,\"args\":{\"device\":0,\"context\":1,\"stream\":9,\"correlation\":3,"
		"\"bytes\":64}}"
		"]}";
	struct oc_trace t;
	char db[512];

	import_json(json, &t, db, sizeof db);
	assert_int_equal(t.n_ops, 3);
	/* the async copy and memset are claims by their names; cudaMemcpy is not */
	assert_int_equal(t.ops[0].kind, OC_OP_MEMCPY);
	assert_int_equal(t.ops[0].copy_kind, OC_COPY_HTOD);
	assert_int_equal(t.ops[0].src_kind, OC_MEM_PAGEABLE);
	assert_int_equal(t.ops[0].dst_kind, OC_MEM_DEVICE);
	assert_int_equal(oc_op_shape(&t, &t.ops[0])->bytes, 4096);
	assert_int_equal(t.ops[0].flags, OC_ASYNC_FLAG | OC_ASYNC_BY_NAME);
	assert_int_equal(t.ops[1].copy_kind, OC_COPY_DTOH);
	assert_int_equal(t.ops[1].dst_kind, OC_MEM_PINNED);
	assert_int_equal(t.ops[1].flags & OC_ASYNC_FLAG, 0);
	assert_int_equal(t.ops[2].kind, OC_OP_MEMSET);
	assert_int_equal(t.ops[2].dst_kind, OC_MEM_DEVICE);
	assert_int_equal(t.ops[2].flags, OC_ASYNC_FLAG | OC_ASYNC_BY_NAME);
	assert_string_equal(oc_trace_meta(&t, "claim_source"), "api_name");
	oc_trace_release(&t);
	unlink(db);
}

static void test_kineto_syncs(void **state)
{
	/* without cuda_sync events: explicit syncs by name */
	static const char by_name[] =
		"{\"traceEvents\": ["
		KERNEL("1", "100", 7, 1) "," RUNTIME("cudaLaunchKernel", "0", "2", 1) ","
		RUNTIME("cudaDeviceSynchronize", "3", "99", 2) ","
		RUNTIME("cudaStreamSynchronize", "110", "1", 3) "," RUNTIME("cudaEventQuery", "120", "1", 4)
		"]}";
	/* with them: as they say, and the wait's event record */
	static const char events[] =
		"{\"traceEvents\": ["
		KERNEL("1", "100", 7, 1) "," RUNTIME("cudaLaunchKernel", "0", "2", 1) ","
		RUNTIME("cudaEventRecord", "3", "1", 2) "," RUNTIME("cudaStreamWaitEvent", "5", "1", 3) ","
		"{\"ph\":\"X\",\"cat\":\"cuda_sync\",\"name\":\"Stream Wait Event\",\"pid\":0,\"tid\":9,"
		"\"ts\":5,\"dur\":1,\"args\":{\"cuda_sync_kind\":\"Stream Wait Event\",\"wait_on_stream\":7,"
		"\"wait_on_cuda_event_id\":42,\"wait_on_cuda_event_record_corr_id\":2,\"stream\":9,"
		"\"correlation\":3,\"device\":0,\"context\":1}}"
		"]}";
	struct oc_trace t;
	char db[512];

	import_json(by_name, &t, db, sizeof db);
	assert_int_equal(t.n_syncs, 2);
	assert_int_equal(t.syncs[0].type, OC_SYNC_CONTEXT);
	assert_int_equal(t.syncs[1].type, OC_SYNC_STREAM);
	assert_int_equal(t.syncs[1].stream_id, -1);     /* which stream: not in the trace */
	assert_true(scalar(db, "SELECT count(*) FROM warnings WHERE code = 'no_sync_events'") == 1);
	oc_trace_release(&t);
	unlink(db);

	import_json(events, &t, db, sizeof db);
	assert_int_equal(t.n_syncs, 1);
	assert_int_equal(t.syncs[0].type, OC_SYNC_STREAM_WAIT_EVENT);
	assert_int_equal(t.syncs[0].stream_id, 9);
	assert_int_equal(t.syncs[0].event_id, 42);
	assert_int_equal(t.n_events, 1);
	assert_int_equal(t.events[0].stream_id, 7);
	assert_int_equal(t.events[0].correlation_id, 2);
	assert_true(scalar(db, "SELECT count(*) FROM warnings WHERE code = 'no_sync_events'") == 0);
	oc_trace_release(&t);
	unlink(db);
}

static void test_kineto_processes(void **state)
{
	/* two processes: one trace each, the GPU events by their calls' pids */
	static const char json[] =
		"{\"traceEvents\": ["
		KERNEL("10", "5", 7, 1) "," KERNEL("20", "5", 7, 2) ","
		"{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":100,\"tid\":1,"
		"\"ts\":9,\"dur\":1,\"args\":{\"correlation\":1}},"
		"{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":200,\"tid\":1,"
		"\"ts\":19,\"dur\":1,\"args\":{\"correlation\":2}}"
		"]}";
	char src[512], db[512], want[600];
	struct oc_import_options o = { NULL, 0, -1, 0 };
	struct oc_import_result r;
	struct oc_trace t;

	tmpname(src, sizeof src, ".json");
	tmpname(db, sizeof db, ".db");
	write_file(src, json);
	o.output = db;
	assert_int_equal(oc_import(src, &o, &r, err, sizeof err), 0);
	assert_int_equal(r.n_traces, 2);
	assert_int_equal(r.traces[0].pid, 100);
	assert_int_equal(r.traces[0].ops, 1);
	snprintf(want, sizeof want, "%.*s.200.db", (int)(strlen(db) - 3), db);
	assert_string_equal(r.traces[1].path, want);
	for (size_t i = 0; i < r.n_traces; i++)
		unlink(r.traces[i].path);
	oc_import_result_release(&r);
	/* one chosen */
	o.pid = 200;
	assert_int_equal(oc_import(src, &o, &r, err, sizeof err), 0);
	assert_int_equal(r.n_traces, 1);
	assert_string_equal(r.traces[0].path, db);
	unlink(db);
	oc_import_result_release(&r);
	/* read directly: refused, with the way out */
	assert_int_equal(oc_trace_open(&t, src, err, sizeof err), -1);
	assert_non_null(strstr(err, "2 processes"));
	assert_non_null(strstr(err, "--pid"));
	unlink(src);
}

/* ---- the tokenizer, through the importer ------------------------------------------ */

static void test_json_strings(void **state)
{
	/* escapes, a surrogate pair, a lone surrogate, keys out of order, unknown
	 * members and nesting are read or skipped as they must */
	static const char json[] =
		"{\"junk\": {\"a\": [1, 2.5e3, -0.0, true, false, null, {\"b\": \"\\\"\"}]},"
		" \"traceEvents\": [ 17, \"x\", [],"
		"{\"args\":{\"stream\":7,\"correlation\":1,\"grid\":[2,3,4],\"block\":[1,1,1],\"zzz\":{}},"
		"\"name\":\"k\\u00e9\\ud83d\\ude00\\ud800x\\n\\/\\\\\",\"cat\":\"kernel\",\"ph\":\"X\","
		"\"ts\":1,\"dur\":2,\"pid\":0,\"tid\":7}"
		"]}";
	struct oc_trace t;
	char db[512];

	import_json(json, &t, db, sizeof db);
	assert_int_equal(t.n_ops, 1);
	assert_string_equal(oc_trace_str(&t, oc_op_shape(&t, &t.ops[0])->name),
			    "k\xc3\xa9\xf0\x9f\x98\x80\xef\xbf\xbdx\n/\\");
	assert_int_equal(oc_op_shape(&t, &t.ops[0])->grid[2], 4);
	oc_trace_release(&t);
	unlink(db);
}

static void expect_buffer_fails(const char *json, const char *want)
{
	err[0] = '\0';
	assert_int_equal(oc_import_kineto_buffer((const uint8_t *)json, strlen(json), err, sizeof err), -1);
	if (!strstr(err, want))
		fail_msg("message '%s' lacks '%s'", err, want);
}

static void test_json_errors(void **state)
{
	expect_buffer_fails("", "empty input");
	expect_buffer_fails("{\"traceEvents\": [", "truncated JSON");
	expect_buffer_fails("{\"traceEvents\": [] } x", "data after the end");
	expect_buffer_fails("{\"traceEvents\": [01]}", "expected ','");
	expect_buffer_fails("{\"traceEvents\": [-]}", "bad number");
	expect_buffer_fails("{\"traceEvents\": [1.]}", "bad number");
	expect_buffer_fails("{\"traceEvents\": [1e]}", "bad number");
	expect_buffer_fails("{\"traceEvents\": [2.5E+]}", "bad number");
	expect_buffer_fails("{\"traceEvents\": [-x]}", "bad number");
	expect_buffer_fails("{\"traceEvents\": [1.5e-3", "truncated JSON");
	expect_buffer_fails("{\"traceEvents\": [-0.5e+3, 7E2, 0, -12.25], \"x\": 1e", "truncated JSON");
	/* good numbers anywhere: only the missing GPU events are wrong */
	expect_buffer_fails("{\"traceEvents\": [-0.5e+3, 7E2, 0, -12.25, 1e-7]}", "without GPU events");
	expect_buffer_fails("{\"traceEvents\": [\"\\q\"]}", "bad escape");
	expect_buffer_fails("{\"traceEvents\" [] }", "expected ':'");
	expect_buffer_fails("{\"a\": 1}", "no traceEvents");
	expect_buffer_fails("\"hello\"", "not an object");
	expect_buffer_fails("{\"traceEvents\": []}", "without GPU events");
	/* nesting past the limit */
	char deep[2048];
	size_t n = 0;

	n += (size_t)snprintf(deep, sizeof deep, "{\"traceEvents\": ");
	for (int i = 0; i < 300; i++)
		deep[n++] = '[';
	deep[n] = '\0';
	expect_buffer_fails(deep, "nested deeper");
}

/* ---- Nsight Systems ------------------------------------------------------------------ */

/* The test export (tests/import/nvtx_range.nsys.sql) as a database image. */
static unsigned char *nsys_image(size_t *size)
{
	FILE *f = fopen("tests/import/nvtx_range.nsys.sql", "r");
	sqlite3 *db;
	char *sql;
	long len;
	sqlite3_int64 sz;
	unsigned char *img, *copy;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	sql = malloc((size_t)len + 1);
	assert_non_null(sql);
	assert_int_equal(fread(sql, 1, (size_t)len, f), (size_t)len);
	sql[len] = '\0';
	fclose(f);
	assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	free(sql);
	img = sqlite3_serialize(db, "main", &sz, 0);
	assert_non_null(img);
	copy = malloc((size_t)sz);
	memcpy(copy, img, (size_t)sz);
	sqlite3_free(img);
	sqlite3_close(db);
	*size = (size_t)sz;
	return copy;
}

static void test_nsys_enums(void **state)
{
	/* the export numbers memory kinds its own way (pageable 0): by name */
	size_t size;
	unsigned char *img = nsys_image(&size);
	char path[512];
	FILE *f;
	struct oc_trace t;
	size_t pinned = 0, copies = 0;

	tmpname(path, sizeof path, ".sqlite");
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(img, 1, size, f), size);
	fclose(f);
	free(img);
	assert_int_equal(oc_input_sniff(path), OC_INPUT_NSYS_SQLITE);
	if (oc_trace_open(&t, path, err, sizeof err))
		fail_msg("open failed: %s", err);
	for (size_t i = 0; i < t.n_ops; i++) {
		if (t.ops[i].kind != OC_OP_MEMCPY)
			continue;
		copies++;
		pinned += t.ops[i].copy_kind == OC_COPY_HTOD ? t.ops[i].src_kind == OC_MEM_PINNED
							      : t.ops[i].dst_kind == OC_MEM_PINNED;
		assert_true(t.ops[i].flags & OC_ASYNC_BY_NAME);
	}
	assert_int_equal(copies, 16);
	assert_int_equal(pinned, 16);
	assert_true(t.n_ranges >= 2);           /* NVTX push/pop ranges */
	assert_string_equal(oc_trace_meta(&t, "import.format_version"), "3.28.1");
	assert_string_equal(t.path, path);
	oc_trace_release(&t);
	unlink(path);
}

/* ---- the fuzz replay ------------------------------------------------------------------- */

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

typedef int (*entry_fn)(const uint8_t *, size_t, char *, size_t);

/* Truncations at every 1/64th, then `flips` copies with 1..16 bytes
 * changed: each imports (0) or is refused with a message (-1). */
static void replay(entry_fn fn, const unsigned char *data, size_t size, int flips, const char *what)
{
	unsigned char *buf = malloc(size ? size : 1);
	size_t ok = 0, refused = 0;

	assert_non_null(buf);
	for (int k = 0; k <= 64; k++) {
		size_t n = size * (size_t)k / 64;

		memcpy(buf, data, n);
		err[0] = '\0';
		int rc = fn(buf, n, err, sizeof err);

		assert_true(rc == 0 || rc == -1);
		if (rc == 0) {
			ok++;
		} else {
			refused++;
			if (!err[0])
				fail_msg("%s truncated at %zu: refused without a message", what, n);
		}
	}
	/* the whole input imports */
	assert_int_equal(fn(data, size, err, sizeof err), 0);
	for (int i = 0; i < flips; i++) {
		memcpy(buf, data, size);
		int changes = 1 + (int)(next_rand() % 16);

		for (int c = 0; c < changes && size; c++) {
			if (i % 2) {    /* any bit of any byte */
				buf[next_rand() % size] ^= (unsigned char)(1u << (next_rand() % 8));
				continue;
			}
			/* a digit into another, or a '-' before it: the input stays
			 * well-formed, its values (times, ids, sizes) go wild */
			for (int tries = 0; tries < 64; tries++) {
				size_t p = next_rand() % size;

				if (buf[p] >= '0' && buf[p] <= '9') {
					buf[p] = next_rand() % 5 ? (unsigned char)('0' + next_rand() % 10) : '-';
					break;
				}
			}
		}
		err[0] = '\0';
		int rc = fn(buf, size, err, sizeof err);

		assert_true(rc == 0 || rc == -1);
		if (rc)
			refused++;
		else
			ok++;
		if (rc && !err[0])
			fail_msg("%s flip %d: refused without a message", what, i);
	}
	print_message("%s: %zu imported, %zu refused\n", what, ok, refused);
	free(buf);
}

static unsigned char *gunzip_file(const char *path, size_t *size)
{
	gzFile f = gzopen(path, "rb");
	size_t cap = 1 << 20, n = 0;
	unsigned char *buf = malloc(cap);
	int r;

	assert_non_null(f);
	assert_non_null(buf);
	while ((r = gzread(f, buf + n, (unsigned)(cap - n))) > 0) {
		n += (size_t)r;
		if (n == cap) {
			cap *= 2;
			buf = realloc(buf, cap);
			assert_non_null(buf);
		}
	}
	gzclose(f);
	*size = n;
	return buf;
}

static unsigned char *read_raw(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf;
	long len;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)len + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	*size = (size_t)len;
	return buf;
}

static void test_fuzz_kineto(void **state)
{
	static const char *const files[] = {
		"tests/corpus/kineto/torch_small.kineto.json.gz",
		"tests/corpus/kineto/torch_loop.kineto.json.gz",
		"tests/corpus/kineto/dataloader_prefetch.kineto.json.gz",
	};
	const char *flips_env = getenv("OC_FUZZ_FLIPS");
	int flips = flips_env ? atoi(flips_env) : 48;

	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		size_t n;
		unsigned char *json = gunzip_file(files[i], &n);

		replay(oc_import_kineto_buffer, json, n, i == 0 ? 4 * flips : flips, files[i]);
		free(json);
		/* the gzip stream itself, cut and flipped */
		unsigned char *gz = read_raw(files[i], &n);

		replay(oc_import_kineto_buffer, gz, n, i == 0 ? flips : flips / 4, files[i]);
		free(gz);
	}
}

static void test_fuzz_nsys(void **state)
{
	size_t size;
	unsigned char *img = nsys_image(&size);
	const char *flips_env = getenv("OC_FUZZ_FLIPS");

	replay(oc_import_nsys_buffer, img, size, 4 * (flips_env ? atoi(flips_env) : 48),
	       "tests/import/nvtx_range.nsys.sql");
	free(img);
}

/* SQL text dumps: sniffed by content; hostile ones refused, nothing written. */
static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_sql_dump(void **state)
{
	char in[] = "/tmp/oc-sqldump-XXXXXX", out[64], msg[1200];
	struct oc_import_options o = { out, 0, -1, 0 };
	struct oc_import_result r;
	int fd = mkstemp(in);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	snprintf(out, sizeof out, "%s.db", in);
	write_text(in, "\xef\xbb\xbf-- a dump\n/* of */ PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCOMMIT;\n");
	assert_int_equal(oc_input_sniff(in), OC_INPUT_SQL_DUMP);
	assert_string_equal(oc_input_format_name(OC_INPUT_SQL_DUMP), "sql-dump");
	write_text(in, "create table t(x);\n");
	assert_int_equal(oc_input_sniff(in), OC_INPUT_SQL_DUMP);
	write_text(in, "ATTACH DATABASE 'x' AS y;\n");
	assert_int_equal(oc_input_sniff(in), OC_INPUT_UNKNOWN);
	/* loads, not a trace */
	write_text(in, "BEGIN TRANSACTION;\nCREATE TABLE t(x);\nINSERT INTO t VALUES('a;--b');\nCOMMIT;\n");
	assert_int_equal(oc_import(in, &o, &r, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "the dump loads, but not into an overlapcheck trace"));
	assert_int_equal(access(out, F_OK), -1);
	/* refused by the statement filter and by the authorizer */
	write_text(in, "BEGIN TRANSACTION;\nVACUUM INTO '/tmp/oc-sqldump-vacuum.db';\nCOMMIT;\n");
	assert_int_equal(oc_import(in, &o, &r, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "line 2: VACUUM refused"));
	assert_int_equal(access("/tmp/oc-sqldump-vacuum.db", F_OK), -1);
	write_text(in, "BEGIN TRANSACTION;\nCREATE TABLE t(x);\n"
		   "INSERT INTO t VALUES(upper(load_extension('x')));\nCOMMIT;\n");
	assert_int_equal(oc_import(in, &o, &r, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "function load_extension()"));
	write_text(in, "PRAGMA writable_schema=ON;\n");
	assert_int_equal(oc_import(in, &o, &r, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "line 1: refused: PRAGMA writable_schema"));
	write_text(in, "BEGIN TRANSACTION;\nCREATE TABLE t(x);\nINSERT INTO t VALUES('cut");
	assert_int_equal(oc_import(in, &o, &r, msg, sizeof msg), -1);
	assert_non_null(strstr(msg, "ends inside a statement (line 3)"));
	assert_int_equal(access(out, F_OK), -1);
	unlink(in);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kineto_times),
		cmocka_unit_test(test_kineto_copies),
		cmocka_unit_test(test_kineto_syncs),
		cmocka_unit_test(test_kineto_processes),
		cmocka_unit_test(test_json_strings),
		cmocka_unit_test(test_json_errors),
		cmocka_unit_test(test_nsys_enums),
		cmocka_unit_test(test_fuzz_kineto),
		cmocka_unit_test(test_fuzz_nsys),
		cmocka_unit_test(test_sql_dump),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
