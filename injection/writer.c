/*
 * writer.c: the injection library's single SQLite writer: its start and
 * finish, the trace file it opens, meta and warnings.
 *
 * One thread turns CUPTI buffers and callback rows into SQLite rows. Its
 * files by job: writer-queue.c (the queue the program's threads push onto,
 * and the thread that takes it as one transaction), writer-rows.c (the
 * prepared statements and a row writer per record kind), writer-intern.c
 * (strings, API names, op shapes), writer-join.c (callback rows joined to
 * their API records) and this one, which starts the thread, opens the file on
 * the first batch, and at the end drains and closes it. The state all of them
 * share is oc_wr (writer-priv.h).
 *
 * Failure. If the file cannot be opened or a write fails (disk full,
 * read-only, removed), the writer warns once, records what it can, and from
 * then on drains the queue without writing: the program is never blocked and
 * never sees an error.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
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

struct oc_wr_state oc_wr = {
	.mu = PTHREAD_MUTEX_INITIALIZER,
	.cv = PTHREAD_COND_INITIALIZER,
	.done_cv = PTHREAD_COND_INITIALIZER,
};

/* Warn-once state is process-wide and outlives writers. */
static pthread_mutex_t warn_mu = PTHREAD_MUTEX_INITIALIZER;
static char warned[32][48];
static int nwarned;

/* ---- meta, warnings, the tool's own activity ------------------------------ */

void oc_writer_meta(const char *key, const char *value)
{
	struct item *it = calloc(1, sizeof *it);

	if (!it)
		return;
	it->type = IT_META;
	it->u.m.key = strdup(key);
	it->u.m.value = value ? strdup(value) : NULL;
	oc_wr_push(it);
}

void oc_writer_meta_int(const char *key, long long value)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%lld", value);
	oc_writer_meta(key, buf);
}

/* Print "overlapcheck: msg" on stderr the first time code is seen. */
static void print_once(const char *code, const char *msg)
{
	int first = 1;

	pthread_mutex_lock(&warn_mu);
	for (int i = 0; i < nwarned; i++)
		if (!strcmp(warned[i], code))
			first = 0;
	if (first && nwarned < 32)
		snprintf(warned[nwarned++], sizeof warned[0], "%s", code);
	pthread_mutex_unlock(&warn_mu);
	if (first && !oc_wr.cfg.quiet)
		fprintf(stderr, "overlapcheck: %s\n", msg);
}

void oc_writer_warn(const char *source, const char *code, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	struct item *it;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);

	print_once(code, msg);
	if (!oc_wr.running || !(it = calloc(1, sizeof *it)))
		return;
	it->type = IT_WARNING;
	it->u.w.ts_ns = (int64_t)now_real_ns();   /* rebased when written */
	it->u.w.source = strdup(source ? source : "inject");
	it->u.w.code = strdup(code);
	it->u.w.msg = strdup(msg);
	oc_wr_push(it);
}

void oc_writer_ignore_tid(uint32_t tid)
{
	pthread_mutex_lock(&oc_wr.mu);
	if (oc_wr.nignored < MAX_IGNORED_TIDS)
		oc_wr.ignored[oc_wr.nignored++] = tid;
	pthread_mutex_unlock(&oc_wr.mu);
}

void oc_writer_exit_sync(uint32_t tid, uint64_t start_ns, uint64_t end_ns)
{
	pthread_mutex_lock(&oc_wr.mu);
	oc_wr.exit_tid = tid;
	oc_wr.exit_start = start_ns;
	oc_wr.exit_end = end_ns;
	pthread_mutex_unlock(&oc_wr.mu);
}

/* Absolute [s, e] within the tracer's exit synchronize? */
int oc_wr_in_exit_sync(int64_t s, int64_t e)
{
	uint64_t as, ae;

	pthread_mutex_lock(&oc_wr.mu);
	as = oc_wr.exit_start;
	ae = oc_wr.exit_end;
	pthread_mutex_unlock(&oc_wr.mu);
	return ae && (uint64_t)(s + (int64_t)oc_wr.base_ns) >= as && (uint64_t)(e + (int64_t)oc_wr.base_ns) <= ae;
}

int oc_wr_tid_ignored(uint32_t tid)
{
	for (int i = 0; i < oc_wr.nignored; i++)
		if (oc_wr.ignored[i] == tid)
			return 1;
	return tid == oc_wr.self_tid;
}

/* ---- opening ------------------------------------------------------------ */

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
	if (sqlite3_exec(oc_wr.db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK || oc_wr.db_error) {
		snprintf(err, sizeof err, "%s", sqlite3_errmsg(oc_wr.db));
		sqlite3_exec(oc_wr.db, "ROLLBACK", NULL, NULL, NULL);
		fail_open(err);
	}
}

/* After a failed batch: record what can be recorded, stop writing. */
void oc_wr_write_failed(int rc)
{
	char msg[256];

	snprintf(msg, sizeof msg, "%s", sqlite3_errstr(rc));
	sqlite3_exec(oc_wr.db, "ROLLBACK", NULL, NULL, NULL);
	oc_wr.failed = 1;
	oc_wr.n.write_failed = 1;
	oc_writer_warn("sqlite", "write_failed",
		       "cannot write trace '%s': %s; records from now on are discarded",
		       oc_wr.path, msg);
	/* Best effort: the disk may have room for a few bytes once the batch is gone. */
	sqlite3_exec(oc_wr.db, "INSERT OR REPLACE INTO meta(key, value) VALUES ('tracer_status', 'write_failed')",
		     NULL, NULL, NULL);
	if (oc_wr.st[ST_WARNING]) {
		struct item w = { .type = IT_WARNING };
		char text[512];

		snprintf(text, sizeof text, "cannot write trace: %s; records from now on are discarded", msg);
		w.u.w.ts_ns = (int64_t)now_real_ns();
		w.u.w.source = "sqlite";
		w.u.w.code = "write_failed";
		w.u.w.msg = text;
		oc_wr_write_warning_row(&w);
	}
}

/* ---- start and finish ------------------------------------------------------ */

int oc_writer_start(const struct oc_writer_config *cfg)
{
	sigset_t all, old;
	int rc;

	if (oc_wr.running)
		return 0;
	oc_wr.cfg = *cfg;
	oc_wr.path = strdup(cfg->path);
	oc_wr.parent_trace = cfg->parent_trace ? strdup(cfg->parent_trace) : NULL;
	oc_wr.cfg.path = oc_wr.path;
	oc_wr.cfg.parent_trace = oc_wr.parent_trace;
	if (!oc_wr.cfg.buffer_bytes)
		oc_wr.cfg.buffer_bytes = 8u << 20;
	/* a row waits for its record through at least 3 flush periods */
	oc_wr.args_wait_ns = 3ull * (oc_wr.cfg.flush_ms ? oc_wr.cfg.flush_ms : 100) * 1000000u;
	if (oc_wr.args_wait_ns < ARGS_WAIT_MIN_NS)
		oc_wr.args_wait_ns = ARGS_WAIT_MIN_NS;
	oc_wr.stop = 0;
	oc_wr.deferred = NULL;
	oc_wr.exit_tid = 0;
	oc_wr.exit_start = oc_wr.exit_end = 0;
	oc_wr.opened = oc_wr.failed = 0;
	oc_wr.db = NULL;
	oc_wr.base_ns = 0;
	oc_wr.seen_context = 0;
	memset(&oc_wr.n, 0, sizeof oc_wr.n);
	memset(oc_wr.api_name, 0, sizeof oc_wr.api_name);
	/* Empty after a finish; after oc_writer_abandon() the parent's tables
	 * (ids of another file) are dropped, not reused. */
	memset(&oc_wr.strings, 0, sizeof oc_wr.strings);
	memset(&oc_wr.streams, 0, sizeof oc_wr.streams);
	memset(&oc_wr.shapes, 0, sizeof oc_wr.shapes);
	memset(&oc_wr.args, 0, sizeof oc_wr.args);
	memset(&oc_wr.api_bare, 0, sizeof oc_wr.api_bare);
	memset(&oc_wr.launched, 0, sizeof oc_wr.launched);
	memset(&oc_wr.op_corr, 0, sizeof oc_wr.op_corr);
	memset(oc_wr.lastcall, 0, sizeof oc_wr.lastcall);
	oc_wr.twins = NULL;
	oc_wr.ntwins = oc_wr.cap_twins = 0;
	oc_wr.busy_ns = 0;

	/* The program's signal handlers must never run on the tool's thread. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&oc_wr.thread, NULL, oc_wr_main, NULL);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc) {
		free(oc_wr.path);
		free(oc_wr.parent_trace);
		oc_wr.path = oc_wr.parent_trace = NULL;
		return -1;
	}
	oc_wr.running = 1;
	return 0;
}

/* Write a warning row now (the thread has stopped) and print it once. */
void oc_wr_warn_final(const char *code, const char *msg)
{
	struct item w = { .type = IT_WARNING };

	print_once(code, msg);
	w.u.w.ts_ns = (int64_t)now_real_ns();
	w.u.w.source = "inject";
	w.u.w.code = (char *)code;
	w.u.w.msg = (char *)msg;
	oc_wr_write_warning_row(&w);
}

void oc_writer_finish(const struct oc_writer_final *fin)
{
	if (!oc_wr.running)
		return;
	pthread_mutex_lock(&oc_wr.mu);
	oc_wr.stop = 1;
	pthread_cond_signal(&oc_wr.cv);
	pthread_mutex_unlock(&oc_wr.mu);
	pthread_join(oc_wr.thread, NULL);
	oc_wr.running = 0;
	if (fin)
		oc_wr.n.dropped += fin->dropped_records;

	if (oc_wr.db && !oc_wr.failed) {
		oc_wr.db_error = 0;
		sqlite3_exec(oc_wr.db, "BEGIN", NULL, NULL, NULL);
		oc_wr_args_flush(0);
		if (fin)
			oc_wr_check_device_records(fin->api_launches_seen);
		meta_set_u("dropped_records", oc_wr.n.dropped);
		meta_set_u("incomplete_records", oc_wr.n.incomplete);
		meta_set_u("skipped_records", oc_wr.n.skipped);
		if (fin) {
			meta_set_u("api_launches_seen", fin->api_launches_seen);
			meta_set_u("api_calls_seen", fin->api_calls_seen);
			if (fin->stats) {
				meta_set_u("stats.api_cb_calls", fin->api_cb_calls);
				meta_set_u("stats.api_cb_ns", fin->api_cb_ns);
				meta_set_u("stats.buf_req_calls", fin->buf_req_calls);
				meta_set_u("stats.buf_req_ns", fin->buf_req_ns);
				meta_set_u("stats.buf_done_calls", fin->buf_done_calls);
				meta_set_u("stats.buf_done_ns", fin->buf_done_ns);
				meta_set_u("stats.writer_rows", oc_wr.n.rows + oc_wr.n.args);
				meta_set_u("stats.writer_busy_ns", oc_wr.busy_ns);
			}
		}
		meta_set("tracer_status", fin && fin->status ? fin->status : "finished");
		meta_set_u("tracer_end_ns", now_real_ns() - oc_wr.base_ns);
		if (oc_wr.db_error || sqlite3_exec(oc_wr.db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
			oc_wr_write_failed(oc_wr.db_error ? oc_wr.db_error
							  : sqlite3_extended_errcode(oc_wr.db));
	}
	if (oc_wr.db) {
		oc_wr_finalize_stmts();
		sqlite3_exec(oc_wr.db, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE;",
			     NULL, NULL, NULL);
		sqlite3_close(oc_wr.db);
		oc_wr.db = NULL;
	}
	while (oc_wr.deferred) {
		struct item *d = oc_wr.deferred;

		oc_wr.deferred = d->next;
		oc_wr_free_item(d);
	}
	oc_wr_intern_free();
	oc_wr_join_free();
	pthread_mutex_lock(&oc_wr.mu);
	while (oc_wr.npool)
		free(oc_wr.pool[--oc_wr.npool]);
	while (oc_wr.chunks) {
		struct oc_args_chunk *c = oc_wr.chunks;

		oc_wr.chunks = c->next;
		free(c);
	}
	oc_wr.nignored = 0;
	pthread_mutex_unlock(&oc_wr.mu);
	free(oc_wr.path);
	free(oc_wr.parent_trace);
	oc_wr.path = oc_wr.parent_trace = NULL;
}

void oc_writer_counts(struct oc_writer_counts *out)
{
	*out = oc_wr.n;
}

uint64_t oc_writer_base_ns(void)
{
	return oc_wr.base_ns;
}

void oc_writer_abandon(void)
{
	/* The mutex may have been held by another thread at fork: start fresh. */
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_cond_t c = PTHREAD_COND_INITIALIZER;

	oc_wr.mu = m;
	oc_wr.cv = c;
	oc_wr.done_cv = c;
	oc_wr.head = oc_wr.tail = NULL;
	oc_wr.deferred = NULL;
	oc_wr.running = 0;
	oc_wr.db = NULL;
	oc_wr.failed = 1;
	oc_wr.npool = 0;
	oc_wr.chunks = NULL;
}
