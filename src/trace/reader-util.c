/*
 * reader-util.c: what every loader of the reader calls: the one way a
 * failure becomes the caller's message, preparing and counting, columns
 * checked as they are read, and one table read into sorted records.
 *
 * A failure is formatted once, as "cannot open trace 'PATH': WHAT", into the
 * buffer oc_trace_open() was given; a failed SQLite call is worded by its
 * error class (not a database, truncated or corrupt, no such table or
 * column: not a complete trace), so no caller decodes SQLite's codes itself.
 * Every function here returns 0, or -1 with the message set. Nothing here
 * knows a table: a loader hands oc_rd_load_table() its SQL and a row
 * function. This file is the reader's bottom: reader.c (open, validate, the
 * load sequence) stands on top, the loaders (reader-meta.c,
 * reader-tables.c, reader-extras.c, reader-streams.c) under it, and all of
 * them call down to here.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/* ---- checked columns ----------------------------------------------------- */

/* A NOT NULL integer column: checks type, names the row on failure. */
int oc_rd_need_int(struct rd *r, sqlite3_stmt *st, int col, const char *table,
		   int64_t rowid, int64_t *out)
{
	int type = sqlite3_column_type(st, col);

	if (type == SQLITE_INTEGER) {
		*out = sqlite3_column_int64(st, col);
		return 0;
	}
	if (type == SQLITE_NULL)
		return oc_rd_fail(r, "%s row %lld: NULL in %s", table, (long long)rowid,
				  sqlite3_column_name(st, col));
	return oc_rd_fail(r, "%s row %lld: %s is not an integer", table, (long long)rowid,
			  sqlite3_column_name(st, col));
}

/* A time no trace holds (codes.h: OC_MAX_TIME_NS): arithmetic on it could overflow. */
int oc_rd_check_time(struct rd *r, const char *table, int64_t rowid, const char *col, int64_t v)
{
	if (v > OC_MAX_TIME_NS || v < -OC_MAX_TIME_NS)
		return oc_rd_fail(r, "%s row %lld: %s %lld is more than 73 years from the trace start",
				  table, (long long)rowid, col, (long long)v);
	return 0;
}

int oc_rd_check_span(struct rd *r, const char *table, int64_t rowid, int64_t start, int64_t end)
{
	if (oc_rd_check_time(r, table, rowid, "start_ns", start) ||
	    oc_rd_check_time(r, table, rowid, "end_ns", end))
		return -1;
	if (end < start)
		return oc_rd_fail(r, "%s row %lld: end_ns < start_ns", table, (long long)rowid);
	return 0;
}

int32_t oc_rd_str_index(const struct priv *p, size_t n_strs, int64_t id)
{
	if (!n_strs)
		return -1;
	if (p->str_dense) {
		int64_t i = id - p->str_ids[0];

		return i >= 0 && (uint64_t)i < n_strs ? (int32_t)i : -1;
	}
	size_t lo = 0, hi = n_strs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (p->str_ids[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n_strs && p->str_ids[lo] == id ? (int32_t)lo : -1;
}

/* A nullable strings.id column to a string index, -1 for NULL/unknown. */
int32_t oc_rd_col_str(struct rd *r, sqlite3_stmt *st, int col)
{
	if (sqlite3_column_type(st, col) == SQLITE_NULL)
		return -1;
	return oc_rd_str_index(r->p, r->t->n_strs, sqlite3_column_int64(st, col));
}

/* ---- one table ----------------------------------------------------------- */

int oc_rd_load_table(struct rd *r, const struct table_load *tl, void **recs, size_t *n_recs,
		     struct key **keys, struct api_row **side)
{
	sqlite3_stmt *st;
	struct key *k = NULL, cur, prev = { 0 };
	struct api_row *sd = NULL;
	char *v;
	size_t n;
	int rc, sorted = 1;

	*n_recs = 0;
	if (side)
		*side = NULL;
	if (oc_rd_count_rows(r, tl->count_sql, &n))
		return -1;
	if (tl->max_rows && n >= tl->max_rows)
		return oc_rd_fail(r, "too many %s (%zu)", tl->what, n);
	*recs = v = xcalloc(n, tl->size);
	if (tl->rekey)
		sd = side ? xcalloc(n, sizeof *sd) : NULL;
	else
		k = xcalloc(n, sizeof *k);
	if (!v || (tl->rekey ? side && !sd : !k))
		goto nomem;
	if (oc_rd_prepare(r, tl->sql, &st)) {
		free(k);
		free(sd);
		return -1;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n_recs < n) {
		struct key *kk = k ? &k[*n_recs] : &cur;

		kk->idx = (uint32_t)*n_recs;
		if (tl->row(r, st, v + *n_recs * tl->size, kk))
			goto err;
		if (!k) {               /* tl->rekey: the order checked as the rows come */
			if (sd)
				sd[*n_recs] = (struct api_row){ cur.b, cur.c };
			if (*n_recs && key_lt(&cur, &prev))
				sorted = 0;
			prev = cur;
		}
		(*n_recs)++;
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		oc_rd_fail_sql(r, NULL);
		goto err;
	}
	sqlite3_finalize(st);
	if (!k && !sorted) {            /* out of order: the keys again, to sort them */
		if (!(k = xcalloc(*n_recs, sizeof *k)))
			goto nomem;
		for (size_t i = 0; i < *n_recs; i++) {
			tl->rekey(v + i * tl->size, sd ? &sd[i] : NULL, &k[i]);
			k[i].idx = (uint32_t)i;
		}
		free(sd);               /* the keys hold (b, c): not beside the sort's buffer */
		sd = NULL;
	}
	if (k && oc_sort_records(v, *n_recs, tl->size, k))
		goto nomem;
	if (side && tl->rekey && !sorted) {
		if (!(sd = xcalloc(*n_recs, sizeof *sd)))
			goto nomem;
		for (size_t i = 0; i < *n_recs; i++)
			sd[i] = (struct api_row){ k[i].b, k[i].c };
	}
	if (keys)
		*keys = k;
	else
		free(k);
	if (side)
		*side = sd;
	return 0;
nomem:
	free(k);
	free(sd);
	return oc_rd_fail_nomem(r);
err:
	sqlite3_finalize(st);
	free(k);
	free(sd);
	return -1;
}
