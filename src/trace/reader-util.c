/*
 * reader-util.c: what every loader of the reader calls: the one way a
 * failure becomes the caller's message, and preparing and counting.
 *
 * A failure is formatted once, as "cannot open trace 'PATH': WHAT", into the
 * buffer oc_trace_open() was given; a failed SQLite call is worded by its
 * error class (not a database, truncated or corrupt, no such table or
 * column: not a complete trace), so no caller decodes SQLite's codes itself.
 * Every function here returns 0, or -1 with the message set. Nothing here
 * knows a table: this file is the reader's bottom. reader.c (open, validate,
 * the load sequence) stands on top, the loaders (reader-meta.c,
 * reader-tables.c, reader-streams.c) under it, and all of them call down
 * to here.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sqlite3.h>

#include "reader.h"

/* ---- errors -------------------------------------------------------------- */

int oc_rd_fail(struct rd *r, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (r->err && r->errlen)
		snprintf(r->err, r->errlen, "cannot open trace '%s': %s", r->path, msg);
	return -1;
}

int oc_rd_fail_sql(struct rd *r, const char *what)
{
	int rc = sqlite3_errcode(r->db);
	const char *msg = sqlite3_errmsg(r->db);

	switch (rc & 0xff) {
	case SQLITE_NOTADB:
		return oc_rd_fail(r, "not a SQLite database");
	case SQLITE_CORRUPT:
		return oc_rd_fail(r, "truncated or corrupt (%s)", msg);
	case SQLITE_NOMEM:
		return oc_rd_fail(r, "out of memory");
	case SQLITE_IOERR:
		return oc_rd_fail(r, "read error (%s)", msg);
	case SQLITE_ERROR:
		if (strstr(msg, "no such table") || strstr(msg, "no such column"))
			return oc_rd_fail(r, "not a complete overlapcheck trace (%s)", msg);
		break;
	}
	return oc_rd_fail(r, "%s%s%s", what ? what : "", what ? ": " : "", msg);
}

int oc_rd_fail_nomem(struct rd *r)
{
	return oc_rd_fail(r, "out of memory");
}

/* ---- statements ---------------------------------------------------------- */

int oc_rd_prepare(struct rd *r, const char *sql, sqlite3_stmt **st)
{
	if (sqlite3_prepare_v2(r->db, sql, -1, st, NULL) != SQLITE_OK)
		return oc_rd_fail_sql(r, NULL);
	return 0;
}

int oc_rd_count_rows(struct rd *r, const char *sql, size_t *n)
{
	sqlite3_stmt *st;
	int rc;

	if (oc_rd_prepare(r, sql, &st))
		return -1;
	rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		oc_rd_fail_sql(r, NULL);
		sqlite3_finalize(st);
		return -1;
	}
	*n = (size_t)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return 0;
}
