/*
 * writer-open.c: the trace file, opened by the writer thread on its first
 * batch (oc_wr_open_trace()).
 *
 * A trace of the library's own (cfg.create) is created here and never
 * overwritten (O_EXCL); an existing file, the one `overlapcheck run` made,
 * must be empty or carry this schema version. An empty file gets the
 * schema; then come WAL mode, the prepared statements (writer-rows.c), the
 * next op_shapes id and, in one transaction, the process passport of a
 * created trace (host, pid, command line, start, versions, the CUDA
 * environment) or the existing trace's trace_start_ns (the base every time
 * is rebased on), and the tracer's status; last, the checkpoint thread
 * (writer-wal.c). Any failure warns once (output_unwritable), closes what
 * was opened and marks the writer failed: the program runs on, untraced.
 * Called from writer-queue.c; calls down to writer-rows.c, writer-wal.c and
 * writer-state.c only.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "overlapcheck/schema.h"
#include "writer-priv.h"

#ifndef OC_VERSION
#define OC_VERSION "unknown"
#endif

static void fmt_time(uint64_t ns, char *buf, size_t len)
{
	time_t t = (time_t)(ns / 1000000000u);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static void read_cmdline(char *buf, size_t len)
{
	FILE *f = fopen("/proc/self/cmdline", "r");
	size_t n = 0;

	buf[0] = '\0';
	if (!f)
		return;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	while (n > 0 && buf[n - 1] == '\0')
		n--;
	for (size_t i = 0; i < n; i++)
		if (buf[i] == '\0')
			buf[i] = ' ';
	buf[n] = '\0';
}

/* The passport a created trace needs (the CLI writes it for the main trace). */
static void write_process_passport(void)
{
	static const char *const env[] = {
		"CUDA_LAUNCH_BLOCKING", "CUDA_DEVICE_MAX_CONNECTIONS",
		"CUDA_MODULE_LOADING", "CUDA_VISIBLE_DEVICES",
	};
	char buf[4096], key[64];

	if (gethostname(buf, sizeof buf) == 0) {
		buf[sizeof buf - 1] = '\0';
		meta_set("host", buf);
	}
	meta_set_u("pid", (unsigned long long)getpid());
	meta_set_u("ppid", (unsigned long long)getppid());
	read_cmdline(buf, sizeof buf);
	meta_set("cmdline", buf);
	fmt_time(oc_wr.base_ns, buf, sizeof buf);
	meta_set("start_time", buf);
	meta_set_u("trace_start_ns", oc_wr.base_ns);
	meta_set("tool_version", OC_VERSION);
	meta_set("created_by", "inject");
	if (oc_wr.parent_trace)
		meta_set("parent_trace", oc_wr.parent_trace);
	for (size_t i = 0; i < sizeof env / sizeof env[0]; i++) {
		const char *v = getenv(env[i]);

		snprintf(key, sizeof key, "env.%s", env[i]);
		if (v)
			meta_set(key, v);
	}
}

static int64_t meta_get_int(const char *key, int64_t dflt)
{
	sqlite3_stmt *st;
	int64_t v = dflt;

	if (sqlite3_prepare_v2(oc_wr.db, "SELECT value FROM meta WHERE key = ?", -1, &st, NULL) != SQLITE_OK)
		return dflt;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static void fail_open(const char *why)
{
	oc_wr.failed = 1;
	oc_wr.n.write_failed = 1;
	if (oc_wr.db) {
		oc_wr_finalize_stmts();
		sqlite3_close(oc_wr.db);
		oc_wr.db = NULL;
	}
	oc_writer_warn("sqlite", "output_unwritable",
		       "cannot write trace '%s': %s; the program runs untraced", oc_wr.path, why);
}

/* Open (or create) the trace; on failure warn once and mark the writer failed. */
void oc_wr_open_trace(void)
{
	char err[256];
	int fd, ver = 0;
	enum oc_schema_state state;

	oc_wr.opened = 1;
	if (oc_wr.cfg.create) {
		fd = open(oc_wr.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd < 0) {
			fail_open(strerror(errno));
			return;
		}
		close(fd);
	}
	if (sqlite3_open_v2(oc_wr.path, &oc_wr.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL)
	    != SQLITE_OK) {
		snprintf(err, sizeof err, "%s", oc_wr.db ? sqlite3_errmsg(oc_wr.db) : "out of memory");
		fail_open(err);
		return;
	}
	sqlite3_busy_timeout(oc_wr.db, 5000);
	state = oc_schema_check(oc_wr.db, &ver, err, sizeof err);
	if (state == OC_SCHEMA_OK && ver != OC_SCHEMA_VERSION) {
		snprintf(err, sizeof err, "it has trace schema %d; this library writes schema %d",
			 ver, OC_SCHEMA_VERSION);
		fail_open(err);
		return;
	}
	if (state == OC_SCHEMA_EMPTY) {
		if (oc_schema_create(oc_wr.db, err, sizeof err)) {
			fail_open(err);
			return;
		}
	} else if (state != OC_SCHEMA_OK) {
		fail_open(state == OC_SCHEMA_ERROR ? err : "not an overlapcheck trace of this version");
		return;
	}
	if (sqlite3_exec(oc_wr.db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA cache_size=-65536;",
			 NULL, NULL, NULL) != SQLITE_OK) {
		fail_open(sqlite3_errmsg(oc_wr.db));
		return;
	}
	if (oc_wr_prepare(err, sizeof err)) {
		fail_open(err);
		return;
	}

	{
		sqlite3_stmt *st;

		oc_wr.shapes.next_id = 1;
		if (sqlite3_prepare_v2(oc_wr.db, "SELECT max(id) FROM op_shapes", -1, &st, NULL) == SQLITE_OK) {
			if (sqlite3_step(st) == SQLITE_ROW)
				oc_wr.shapes.next_id = sqlite3_column_int64(st, 0) + 1;
			sqlite3_finalize(st);
		}
	}
	oc_wr.db_error = 0;
	sqlite3_exec(oc_wr.db, "BEGIN", NULL, NULL, NULL);
	if (oc_wr.cfg.create) {
		oc_wr.base_ns = oc_wr.cfg.start_ns ? oc_wr.cfg.start_ns : now_real_ns();
		write_process_passport();
	} else {
		int64_t base = meta_get_int("trace_start_ns", 0);

		oc_wr.base_ns = base > 0 ? (uint64_t)base : (oc_wr.cfg.start_ns ? oc_wr.cfg.start_ns : now_real_ns());
		if (base <= 0)
			meta_set_u("trace_start_ns", oc_wr.base_ns);
	}
	meta_set("tracer_status", "running");
	meta_set_u("tracer_pid", (unsigned long long)getpid());
	meta_set("inject_version", OC_VERSION);
	meta_set("mem_tracking", oc_wr.cfg.mem_tracking ? "on" : "off");
	meta_set_u("writer_rows_per_insert", (unsigned long long)oc_wr_rows_per_insert());
	meta_set_u("writer_wake_chunks", (unsigned long long)oc_wr_wake_every);
	if (sqlite3_exec(oc_wr.db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK || oc_wr.db_error) {
		snprintf(err, sizeof err, "%s", sqlite3_errmsg(oc_wr.db));
		sqlite3_exec(oc_wr.db, "ROLLBACK", NULL, NULL, NULL);
		fail_open(err);
		return;
	}
	/* the WAL's checkpoints, off this thread (writer-wal.c) */
	oc_wr_wal_start();
}
