/*
 * trace-builder.h: build a trace file for a test, through the real schema.
 *
 *	struct tb b;
 *	tb_open(&b);                              temp file + schema v1
 *	tb_exec(&b, "INSERT INTO ops ...");       plain SQL
 *	tb_execf(&b, "INSERT ... VALUES (%d)", x);
 *	int64_t id = tb_str(&b, "_Z6kernelv");    interned string id
 *	tb_close(&b);                             the file stays, at b.path
 *	... oc_trace_open(&t, b.path, ...) ...
 *	tb_remove(&b);                            unlink it (and -wal, -shm)
 *
 * Traces are built in schema v1 (schema/trace-v1.sql), whose tables a test
 * can fill row by row. With OC_TB_SCHEMA=2 in the environment, tb_close()
 * turns the file into the v2 trace the v2 writer would have written for the
 * same records (tests/v1-to-v2.sql, or $OC_TB_V2_SQL), so the same test
 * checks the v2 reading path; tests/run-tests.sh runs the tests both ways.
 *
 * Header-only (static functions), for unit tests. Failures print SQLite's
 * message on stderr and return -1, so a test can assert_int_equal(..., 0).
 * The SQL comes from the test itself, never from outside input.
 */
#ifndef OVERLAPCHECK_TRACE_BUILDER_H
#define OVERLAPCHECK_TRACE_BUILDER_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sqlite3.h>

#include "overlapcheck/schema.h"

struct tb {
	char path[512];
	sqlite3 *db;
	int v1;          /* built by tb_open: convert to v2 on close when asked */
};

/* A fresh empty file name under $TMPDIR (or /tmp). 0 or -1. */
static inline int tb_tmpname(char *path, size_t len, const char *suffix)
{
	const char *dir = getenv("TMPDIR");
	int fd;

	snprintf(path, len, "%s/oc-test-XXXXXX", dir && *dir ? dir : "/tmp");
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	close(fd);
	unlink(path);
	if (suffix)
		strncat(path, suffix, len - strlen(path) - 1);
	return 0;
}

/* Open without a schema (for bad-input tests). 0 or -1. */
static inline int tb_open_raw(struct tb *b)
{
	memset(b, 0, sizeof *b);
	if (tb_tmpname(b->path, sizeof b->path, ".db"))
		return -1;
	if (sqlite3_open_v2(b->path, &b->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
			    NULL) != SQLITE_OK) {
		fprintf(stderr, "tb: cannot create '%s': %s\n", b->path, sqlite3_errmsg(b->db));
		sqlite3_close(b->db);
		b->db = NULL;
		return -1;
	}
	return 0;
}

/* Open a new trace with the schema applied. 0 or -1. */
static inline int tb_open(struct tb *b)
{
	char err[256];

	if (tb_open_raw(b))
		return -1;
	b->v1 = 1;
	if (oc_schema_create_version(b->db, 1, err, sizeof err)) {
		fprintf(stderr, "tb: %s\n", err);
		return -1;
	}
	return 0;
}

static inline int tb_exec(struct tb *b, const char *sql)
{
	char *msg = NULL;

	if (sqlite3_exec(b->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		fprintf(stderr, "tb: %s\n  in: %s\n", msg ? msg : "?", sql);
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

static inline int tb_execf(struct tb *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline int tb_execf(struct tb *b, const char *fmt, ...)
{
	va_list ap;
	char *sql;
	int rc;

	va_start(ap, fmt);
	sql = sqlite3_vmprintf(fmt, ap);
	va_end(ap);
	if (!sql)
		return -1;
	rc = tb_exec(b, sql);
	sqlite3_free(sql);
	return rc;
}

/* strings.id of s, interning it. -1 on error. */
static inline int64_t tb_str(struct tb *b, const char *s)
{
	sqlite3_stmt *st;
	int64_t id = -1;

	if (sqlite3_prepare_v2(b->db, "INSERT OR IGNORE INTO strings(value) VALUES (?1)", -1,
			       &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, s, -1, SQLITE_TRANSIENT);
	sqlite3_step(st);
	sqlite3_finalize(st);
	if (sqlite3_prepare_v2(b->db, "SELECT id FROM strings WHERE value = ?1", -1, &st,
			       NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, s, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

static inline int tb_copy_table(sqlite3 *db, const char *name, char **msg)
{
	sqlite3_stmt *st;
	char sql[160];
	int have = 0;

	if (sqlite3_prepare_v2(db, "SELECT 1 FROM old.sqlite_master WHERE name = ?1", -1, &st,
			       NULL) != SQLITE_OK)
		return SQLITE_ERROR;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	have = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	snprintf(sql, sizeof sql, "INSERT INTO %s SELECT * FROM old.%s", name, name);
	return have ? sqlite3_exec(db, sql, NULL, NULL, msg) : SQLITE_OK;
}

/* Tables mem and callers (v2 only; a test adds them to a v1 trace by hand) go as they are. */
static inline int tb_copy_mem(sqlite3 *db, char **msg)
{
	int rc = tb_copy_table(db, "mem", msg);

	return rc != SQLITE_OK ? rc : tb_copy_table(db, "callers", msg);
}

/* The v1 trace at path, rewritten as v2 through the conversion script. 0 or -1. */
static inline int tb_to_v2(const char *path)
{
	const char *script = getenv("OC_TB_V2_SQL");
	char tmp[600], err[256], *sql = NULL, *msg = NULL;
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	FILE *f;
	long len;
	int rc = -1;

	f = fopen(script && *script ? script : "tests/v1-to-v2.sql", "r");
	if (!f || fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
	    !(sql = calloc(1, (size_t)len + 1)) || fread(sql, 1, (size_t)len, f) != (size_t)len) {
		fprintf(stderr, "tb: cannot read the v1-to-v2 script\n");
		goto out;
	}
	snprintf(tmp, sizeof tmp, "%s.v2", path);
	unlink(tmp);
	if (sqlite3_open(tmp, &db) != SQLITE_OK || oc_schema_create(db, err, sizeof err) ||
	    sqlite3_prepare_v2(db, "ATTACH ?1 AS old", -1, &st, NULL) != SQLITE_OK) {
		fprintf(stderr, "tb: cannot start the v2 copy: %s\n", sqlite3_errmsg(db));
		goto out;
	}
	sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_DONE ||
	    sqlite3_exec(db, "BEGIN", NULL, NULL, &msg) != SQLITE_OK ||
	    sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK ||
	    tb_copy_mem(db, &msg) != SQLITE_OK ||
	    sqlite3_exec(db, "COMMIT", NULL, NULL, &msg) != SQLITE_OK) {
		fprintf(stderr, "tb: v1-to-v2: %s\n", msg ? msg : sqlite3_errmsg(db));
		goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(st);
	sqlite3_free(msg);
	if (db)
		sqlite3_close(db);
	if (f)
		fclose(f);
	free(sql);
	if (rc == 0 && rename(tmp, path) != 0)
		rc = -1;
	if (rc)
		unlink(tmp);
	return rc;
}

static inline void tb_close(struct tb *b)
{
	const char *v = getenv("OC_TB_SCHEMA");

	if (b->db)
		sqlite3_close(b->db);
	b->db = NULL;
	if (b->v1 && v && !strcmp(v, "2")) {
		b->v1 = 0;
		if (tb_to_v2(b->path))
			fprintf(stderr, "tb: '%s' stays a v1 trace\n", b->path);
	}
}

static inline void tb_remove(struct tb *b)
{
	char p[600];

	tb_close(b);
	unlink(b->path);
	snprintf(p, sizeof p, "%s-wal", b->path);
	unlink(p);
	snprintf(p, sizeof p, "%s-shm", b->path);
	unlink(p);
	snprintf(p, sizeof p, "%s-journal", b->path);
	unlink(p);
}

#endif
