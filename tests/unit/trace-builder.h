/*
 * trace-builder.h: build a trace file for a test, through the real schema.
 *
 *	struct tb b;
 *	tb_open(&b);                              temp file + oc_schema_create
 *	tb_exec(&b, "INSERT INTO ops ...");       plain SQL
 *	tb_execf(&b, "INSERT ... VALUES (%d)", x);
 *	int64_t id = tb_str(&b, "_Z6kernelv");    interned string id
 *	tb_close(&b);                             the file stays, at b.path
 *	... oc_trace_open(&t, b.path, ...) ...
 *	tb_remove(&b);                            unlink it (and -wal, -shm)
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
	if (oc_schema_create(b->db, err, sizeof err)) {
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

static inline void tb_close(struct tb *b)
{
	if (b->db)
		sqlite3_close(b->db);
	b->db = NULL;
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
