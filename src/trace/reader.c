/*
 * reader.c: open, validate and load an overlapcheck trace.
 *
 * The reader opens the file read-only, recognises it (schema/schema.c), then
 * reads each table once, inside one read transaction, into the flat arrays of
 * struct oc_trace. Only the columns the analysis needs are selected, integers
 * are read with sqlite3_column_int64, and rows land in arrays sized from
 * count(*): there is no per-row allocation. Strings (the `strings` table and
 * meta values) live in one arena owned by the trace (store.c).
 *
 * This file looks at the file before SQLite does, opens and classifies it,
 * and runs the loads in order: meta and strings first (the rows name
 * strings), ops and api (the ops on a thread and connection of their own
 * beside the calls' load, for a file in rollback mode: load_ops_api), the
 * joins (links.c), the streams (they need the ops), then syncs (they name
 * api calls), events, overheads, warnings and NVTX markers. This file is
 * the reader's top: it calls the tables' loaders, in reader-meta.c,
 * reader-tables.c, reader-extras.c and reader-streams.c, and they and it
 * call the error and statement helpers of reader-util.c; nothing calls
 * back up.
 *
 * Every failure is one message naming the file and the problem, e.g.
 * "cannot open trace 'x.db': ops row 17: end_ns < start_ns".
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sqlite3.h>

#include "overlapcheck/format.h"
#include "overlapcheck/import.h"
#include "overlapcheck/schema.h"
#include "overlapcheck/tracefile.h"
#include "reader.h"

/* ---- opening ------------------------------------------------------------- */

/* strerror, first letter lowered to match the other messages */
static int fail_errno(char *msg, size_t len, int e)
{
	snprintf(msg, len, "%s", strerror(e));
	if (msg[0] >= 'A' && msg[0] <= 'Z' && !(msg[1] >= 'A' && msg[1] <= 'Z'))
		msg[0] = (char)(msg[0] - 'A' + 'a');
	return -1;
}

static int fail_msg(char *msg, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail_msg(char *msg, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, len, fmt, ap);
	va_end(ap);
	return -1;
}

static uint32_t be32(const unsigned char *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/*
 * SQLite's quick_check of every page: a file of the right length whose
 * middle was overwritten. A file SQLite cannot open read-only here (a WAL
 * trace that needs recovery) is left to the reader.
 */
static int check_pages(const char *path, char *msg, size_t len)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	int rc = 0, src;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		sqlite3_close(db);
		return 0;
	}
	sqlite3_busy_timeout(db, 2000);
	src = sqlite3_prepare_v2(db, "PRAGMA quick_check(1)", -1, &st, NULL);
	if (src == SQLITE_OK)
		src = sqlite3_step(st);
	if (src == SQLITE_ROW) {
		const char *res = (const char *)sqlite3_column_text(st, 0);

		if (res && strcmp(res, "ok")) {
			const char *nl = strchr(res, '\n');

			if (!strncmp(res, "*** in database", 15) && nl)
				res = nl + 1;
			rc = fail_msg(msg, len, "truncated or corrupt (SQLite's quick_check: %.*s)",
				      (int)strcspn(res, "\n"), res);
		}
	} else if ((sqlite3_errcode(db) & 0xff) == SQLITE_CORRUPT) {
		rc = fail_msg(msg, len, "truncated or corrupt (%s)", sqlite3_errmsg(db));
	} else if ((sqlite3_errcode(db) & 0xff) == SQLITE_NOTADB) {
		rc = fail_msg(msg, len, "not a SQLite database");
	}
	sqlite3_finalize(st);
	sqlite3_close(db);
	return rc;
}

/*
 * The checks of the file's name, kind and header; *pages set when SQLite's
 * check of every page (check_pages) is still to run (no -wal beside it).
 */
static int check_header(const char *path, int *wal, int *pages, char *msg, size_t len)
{
	unsigned char h[100];
	struct stat sb;
	char walpath[4200];
	FILE *f;
	size_t got;
	int w = 0;

	if (wal)
		*wal = 0;
	if (msg && len)
		msg[0] = '\0';
	if (stat(path, &sb) < 0) {
		if (errno == ENOENT || errno == ENOTDIR)
			return fail_msg(msg, len, "no such file");
		return fail_errno(msg, len, errno);
	}
	if (S_ISDIR(sb.st_mode))
		return fail_msg(msg, len, "is a directory");
	snprintf(walpath, sizeof walpath, "%s-wal", path);
	int have_wal = access(walpath, F_OK) == 0;

	f = fopen(path, "rb");
	if (!f)
		return fail_errno(msg, len, errno);
	got = fread(h, 1, sizeof h, f);
	fclose(f);
	if (got == 0 && !have_wal)
		return fail_msg(msg, len, "empty file, not an overlapcheck trace");
	if (got == 0)
		return 0;
	if (got < sizeof h || memcmp(h, "SQLite format 3", 16))
		return fail_msg(msg, len, "not a SQLite database");
	w = h[18] == 2 || h[19] == 2;
	if (wal)
		*wal = w;
	/* in-header database size, valid when the change counters agree */
	uint32_t psz = (uint32_t)h[16] << 8 | h[17];
	uint64_t n_pages = be32(h + 28);

	if (psz == 1)
		psz = 65536;
	if (!have_wal && n_pages && be32(h + 24) == be32(h + 92) &&
	    (uint64_t)sb.st_size < n_pages * psz)
		return fail_msg(msg, len, "truncated or corrupt (file is %lld bytes, its header says %llu)",
				(long long)sb.st_size, (unsigned long long)(n_pages * psz));
	*pages = !have_wal;
	return 0;
}

int oc_trace_check_file(const char *path, int *wal, char *msg, size_t len)
{
	int pages = 0;

	if (check_header(path, wal, &pages, msg, len))
		return -1;
	return pages ? check_pages(path, msg, len) : 0;
}

/*
 * check_pages beside the load (oc_trace_open): it reads the whole file, as
 * the load does, and was a sixth of report's work on a large trace (issue
 * 35). Only for a file in rollback mode, where two read-only connections
 * share it without locking each other out; a failed check wins over the
 * load's result, as when it ran first.
 */
struct pages_job {
	pthread_t th;
	const char *path;
	int started, rc;
	char msg[512];
};

static void *pages_run(void *arg)
{
	struct pages_job *j = arg;

	j->rc = check_pages(j->path, j->msg, sizeof j->msg);
	return NULL;
}

/* The page check's verdict, once it is done: 0, or -1 with its message in r's error. */
static int pages_join(struct rd *r, struct pages_job *j)
{
	if (!j->started)
		return 0;
	pthread_join(j->th, NULL);
	j->started = 0;
	return j->rc ? oc_rd_fail(r, "%s", j->msg) : 0;
}

/* The file, before the reader opens it: oc_trace_check_file(), the page
 * check started beside the load where it can be (job). */
static int precheck(struct rd *r, int *wal, struct pages_job *job)
{
	char msg[512];
	int pages = 0;

	if (check_header(r->path, wal, &pages, msg, sizeof msg))
		return oc_rd_fail(r, "%s", msg);
	if (pages && !*wal) {   /* rollback mode */
		job->path = r->path;
		job->started = pthread_create(&job->th, NULL, pages_run, job) == 0;
		if (job->started)
			return 0;
	}
	if (pages && check_pages(r->path, msg, sizeof msg))
		return oc_rd_fail(r, "%s", msg);
	return 0;
}

static int open_db(struct rd *r, int flags)
{
	if (sqlite3_open_v2(r->path, &r->db, flags, NULL) != SQLITE_OK) {
		int rc = r->db ? sqlite3_errcode(r->db) : SQLITE_NOMEM;

		if (r->db) {
			oc_rd_fail_sql(r, NULL);
			sqlite3_close(r->db);
		} else {
			oc_rd_fail_nomem(r);
		}
		r->db = NULL;
		return rc ? rc : -1;
	}
	sqlite3_busy_timeout(r->db, 2000);
	sqlite3_extended_result_codes(r->db, 0);
	return SQLITE_OK;
}

/*
 * Open read-only and classify. A WAL trace left by a killed program needs
 * its -shm (and recovery) to be readable: when read-only fails for that
 * reason, retry read-write (never creating the file).
 */
static int open_and_check(struct rd *r, struct pages_job *job)
{
	char msg[256] = "";
	int wal, ver = 0;
	enum oc_schema_state state;

	if (precheck(r, &wal, job))
		return -1;
	for (int attempt = 0; attempt < 2; attempt++) {
		int flags = (attempt == 0 ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) |
			    SQLITE_OPEN_NOMUTEX;
		int rc = open_db(r, flags);

		if (rc != SQLITE_OK) {
			if (attempt == 0 && (rc == SQLITE_CANTOPEN || rc == SQLITE_READONLY ||
					     rc == SQLITE_BUSY))
				continue;
			return -1;
		}
		state = oc_schema_check(r->db, &ver, msg, sizeof msg);
		if (state != OC_SCHEMA_ERROR)
			break;
		rc = sqlite3_errcode(r->db);
		if (attempt == 0 && wal && (rc == SQLITE_CANTOPEN || rc == SQLITE_READONLY ||
					    rc == SQLITE_BUSY)) {
			sqlite3_close(r->db);
			r->db = NULL;
			continue;
		}
		return oc_rd_fail_sql(r, NULL);
	}
	if (!r->db)
		return -1;
	switch (state) {
	case OC_SCHEMA_OK:
		r->t->version = ver;
		return 0;
	case OC_SCHEMA_EMPTY:
		return oc_rd_fail(r, "SQLite database but not an overlapcheck trace (it has no tables)");
	case OC_SCHEMA_NOT_TRACE: {
		/* a trace dumped as SQL and loaded back lost both ids: read it by its tables */
		const char *missing = "";
		int dv = oc_schema_dump_version(r->db, &missing);

		if (dv) {
			r->t->version = dv;
			r->t->ids_missing = 1;
			return 0;
		}
		if (missing[0])
			return oc_rd_fail(r, "SQLite database but not an overlapcheck trace, nor an Nsight "
					  "Systems export (no StringIds or CUPTI_ACTIVITY_KIND_* table; no "
					  "application id, and no table '%s' of a trace)", missing);
		return oc_rd_fail(r, "SQLite database but not an overlapcheck trace, nor an Nsight "
				  "Systems export (no StringIds or CUPTI_ACTIVITY_KIND_* table)");
	}
	case OC_SCHEMA_NEWER:
		return oc_rd_fail(r, "written by a newer overlapcheck (schema version %d; this build reads up to %d)",
				  ver, OC_SCHEMA_VERSION);
	case OC_SCHEMA_ERROR:
		break;
	}
	return oc_rd_fail_sql(r, NULL);
}

static void rd_free(struct rd *r)
{
	size_t n;

	free(oc_intern_done(&r->row_args, &n));
	free(r->shapes);
	free(r->fnames);
	r->shapes = NULL;
	r->fnames = NULL;
}

/* ---- the ops beside the API calls ---------------------------------------- */

/*
 * The ops load on a connection and thread of their own while this one loads
 * the API calls: the two largest tables, about half of report's load on a
 * long trace (issue 35). Only for a file in rollback mode, where this
 * connection's read transaction holds the shared lock, so no writer commits
 * while the second one reads. The loads write apart: the ops into t->ops
 * and their own rd, the calls into t->api and r. When the side load fails,
 * for any reason, its result is dropped and the ops load again here, before
 * a failed call load is reported: every failure reads as it did when the
 * loads ran one after the other.
 */
struct ops_job {
	pthread_t th;
	struct rd r;
	char err[512];
	int rc;
};

static void *ops_run(void *arg)
{
	struct ops_job *j = arg;

	j->rc = -1;
	if (open_db(&j->r, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX) != SQLITE_OK)
		return NULL;
	if (sqlite3_exec(j->r.db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK)
		j->rc = oc_rd_load_ops(&j->r);
	sqlite3_exec(j->r.db, "COMMIT", NULL, NULL, NULL);
	sqlite3_close(j->r.db);
	j->r.db = NULL;
	return NULL;
}

/* The file in WAL mode on the reader's live connection (asked here, not
 * read off the header: a tracer creating the trace switches it to WAL). */
static int live_wal(sqlite3 *db)
{
	sqlite3_stmt *st;
	int wal = 1;

	if (sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, NULL) != SQLITE_OK)
		return 1;
	if (sqlite3_step(st) == SQLITE_ROW) {
		const unsigned char *m = sqlite3_column_text(st, 0);

		wal = !m || !strcmp((const char *)m, "wal");
	}
	sqlite3_finalize(st);
	return wal;
}

static int load_ops_api(struct rd *r, struct api_row **rowmap)
{
	struct ops_job j = { .r = { .t = r->t, .p = r->p, .path = r->path } };
	int side = 0, api_rc;

	j.r.err = j.err;
	j.r.errlen = sizeof j.err;
	if (!live_wal(r->db))
		side = pthread_create(&j.th, NULL, ops_run, &j) == 0;
	if (!side && oc_rd_load_ops(r))
		return -1;
	api_rc = oc_rd_load_api(r, rowmap);
	if (!side)
		return api_rc;
	pthread_join(j.th, NULL);
	rd_free(&j.r);
	if (j.rc == 0)
		return api_rc;
	free(r->t->ops);
	free(r->t->shapes);
	free(r->p->op_streams);
	r->t->ops = NULL;
	r->t->shapes = NULL;
	r->p->op_streams = NULL;
	r->t->n_ops = r->t->n_shapes = r->p->n_op_streams = 0;
	if (oc_rd_load_ops(r))
		return -1;
	return api_rc;
}

/*
 * An input to import: into a temporary trace (TMPDIR, else /tmp), loaded,
 * then removed. The import's message "cannot import 'PATH': WHAT" becomes
 * "cannot open trace 'PATH' (FORMAT): WHAT".
 */
static int open_imported(struct oc_trace *t, const char *path, enum oc_input_format f,
			 char *err, size_t errlen)
{
	char tmp[4096], ierr[1024];
	struct oc_import_options o = { tmp, OC_IMPORT_TEMP, -1, 1 };
	struct oc_import_result res;
	int fd, rc;

	memset(t, 0, sizeof *t);
	fd = oc_temp_file(tmp, sizeof tmp, "overlapcheck-import");
	if (fd < 0) {
		snprintf(err, errlen, "cannot open trace '%s' (%s): cannot create a temporary trace "
			 "in %s: %s", path, oc_input_format_label(f), tmp, strerror(errno));
		return -1;
	}
	close(fd);
	if (oc_import(path, &o, &res, ierr, sizeof ierr)) {
		size_t skip = strlen("cannot import '") + strlen(path) + strlen("': ");

		unlink(tmp);
		snprintf(err, errlen, "cannot open trace '%s' (%s): %s", path, oc_input_format_label(f),
			 strlen(ierr) > skip ? ierr + skip : ierr);
		return -1;
	}
	oc_import_result_release(&res);
	rc = oc_trace_open(t, tmp, err, errlen);
	oc_tracefile_remove(tmp);
	if (rc)
		return -1;
	free(t->path);
	t->path = strdup(path);
	if (!t->path) {
		oc_trace_release(t);
		snprintf(err, errlen, "cannot open trace '%s': out of memory", path);
		return -1;
	}
	return 0;
}

int oc_trace_open(struct oc_trace *t, const char *path, char *err, size_t errlen)
{
	struct rd r = { .t = t, .path = path, .err = err, .errlen = errlen };
	struct pages_job job = { .started = 0 };
	struct api_row *rowmap = NULL;
	struct ctx *ctx = NULL;
	size_t n_ctx = 0;

	memset(t, 0, sizeof *t);
	if (err && errlen)
		err[0] = '\0';
	enum oc_input_format f = oc_input_sniff(path);

	if (f == OC_INPUT_NSYS_SQLITE || f == OC_INPUT_KINETO_JSON || f == OC_INPUT_SQL_DUMP)
		return open_imported(t, path, f, err, errlen);
	if (f == OC_INPUT_NSYS_REP) {
		snprintf(err, errlen, "cannot open trace '%s': an Nsight Systems report (.nsys-rep), "
			 "which overlapcheck does not read: `nsys export --type sqlite %s` writes the "
			 "SQLite export it reads", path, path);
		return -1;
	}
	r.p = calloc(1, sizeof *r.p);
	t->path = strdup(path);
	if (!r.p || !t->path) {
		free(r.p);
		free(t->path);
		t->path = NULL;
		return oc_rd_fail_nomem(&r);
	}
	t->priv = r.p;
	if (open_and_check(&r, &job))
		goto err;
	if (sqlite3_exec(r.db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK) {
		oc_rd_fail_sql(&r, NULL);
		goto err;
	}
	if (oc_rd_load_meta(&r) || oc_rd_load_strings(&r) || oc_rd_load_devices(&r))
		goto err;
	oc_rd_load_run_facts(t);
	if (oc_rd_load_contexts(&r, &ctx, &n_ctx) || load_ops_api(&r, &rowmap))
		goto err;
	oc_set_aside_tracer_calls(t, rowmap);
	if (oc_build_corr(t, r.p)) {
		oc_rd_fail_nomem(&r);
		goto err;
	}
	if (oc_link_parents(t, r.p, rowmap)) {
		oc_rd_fail_nomem(&r);
		goto err;
	}
	free(rowmap);
	rowmap = NULL;
	oc_link_ops(t, r.p);
	if (t->version >= 2)
		oc_link_claims_by_name(t);
	if (oc_mark_comm_ops(t)) {
		oc_rd_fail_nomem(&r);
		goto err;
	}
	if (oc_rd_build_streams(&r, ctx, n_ctx))
		goto err;
	if (oc_rd_load_syncs(&r) || oc_rd_load_events(&r) || oc_rd_load_overheads(&r) ||
	    oc_rd_load_warnings(&r) || oc_rd_load_markers(&r) || oc_rd_load_mem(&r) ||
	    oc_rd_load_callers(&r) || oc_rd_load_queries(&r))
		goto err;
	sqlite3_exec(r.db, "COMMIT", NULL, NULL, NULL);
	sqlite3_close(r.db);
	r.db = NULL;
	if (pages_join(&r, &job))
		goto err;
	free(ctx);
	rd_free(&r);
	return 0;
err:
	pages_join(&r, &job);
	free(rowmap);
	free(ctx);
	rd_free(&r);
	if (r.db) {
		sqlite3_exec(r.db, "ROLLBACK", NULL, NULL, NULL);
		sqlite3_close(r.db);
	}
	oc_trace_release(t);
	return -1;
}

