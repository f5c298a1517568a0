/*
 * reader-extras.c: the tables beside the events: mem (the memory each call
 * touched, for hazards), callers (call stacks), api_summary (the calls
 * counted, not recorded one by one) and NVTX markers.
 *
 * mem, callers and api_summary are optional: a trace without one has none
 * (and says so: mem_tracking, queries_mode), and each goes through
 * oc_rd_load_table() (reader-util.c) with its columns checked. api_summary's
 * rows are checked before they are summed, so the sums can neither hide a
 * bad row nor overflow. Markers are read row by row and paired into marks
 * and ranges (ranges.c).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

#include "reader.h"

/* ---- mem, callers, api_summary -------------------------------------------- */

static int mem_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_memref *m = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[4];

	for (int c = 1; c <= 4; c++)
		if (oc_rd_need_int(r, st, c, "mem", id, &v[c - 1]))
			return -1;
	if (v[2] < OC_MEM_ALLOC || v[2] > OC_MEM_ARG)
		return oc_rd_fail(r, "mem row %lld has role %lld: not one of 1..5",
				  (long long)id, (long long)v[2]);
	m->correlation_id = (uint32_t)v[0];
	m->domain = (uint8_t)v[1];
	m->role = (uint8_t)v[2];
	m->ptr = (uint64_t)v[3];
	m->bytes = sqlite3_column_type(st, 5) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 5);
	if ((m->role == OC_MEM_ALLOC || m->role == OC_MEM_READ || m->role == OC_MEM_WRITE) &&
	    m->bytes < 0)
		m->bytes = -1;   /* unknown extent: the analysis skips it */
	m->info = sqlite3_column_type(st, 6) == SQLITE_NULL ? -1 : (int32_t)sqlite3_column_int64(st, 6);
	m->stream_id = sqlite3_column_type(st, 7) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 7);
	k->a = m->correlation_id;
	k->b = id;
	return 0;
}

static int caller_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_caller *c = rec;
	const unsigned char *f = sqlite3_column_text(st, 3);
	int n = sqlite3_column_bytes(st, 3);

	c->correlation_id = (uint32_t)sqlite3_column_int64(st, 0);
	c->domain = (uint8_t)sqlite3_column_int(st, 1);
	c->call_ns = sqlite3_column_int64(st, 2);
	c->frames = f ? oc_arena_dup(r->p, (const char *)f, (size_t)n) : NULL;
	if (f && !c->frames)
		return oc_rd_fail_nomem(r);
	k->a = c->correlation_id;
	k->b = c->domain;
	return 0;
}

/* Table callers (docs/schema.md, "Callers"), when the trace has it. */
int oc_rd_load_callers(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM callers",
		"SELECT correlation_id, domain, call_ns, frames FROM callers",
		sizeof(struct oc_caller), 0, "callers", caller_row, NULL,
	};
	sqlite3_stmt *st;
	int have = 0, rc;
	void *v = NULL;

	if (sqlite3_prepare_v2(r->db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'callers'",
			       -1, &st, NULL) == SQLITE_OK) {
		have = sqlite3_step(st) == SQLITE_ROW;
		sqlite3_finalize(st);
	}
	if (!have)
		return 0;
	rc = oc_rd_load_table(r, &tl, &v, &r->t->n_callers, NULL, NULL);
	r->t->callers = v;
	return rc;
}

static int query_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_query *q = rec;
	const unsigned char *name = sqlite3_column_text(st, 2);

	q->domain = (uint8_t)sqlite3_column_int(st, 0);
	q->cbid = (uint32_t)sqlite3_column_int64(st, 1);
	q->calls = sqlite3_column_int64(st, 3);
	q->total_ns = sqlite3_column_int64(st, 4);
	q->max_ns = sqlite3_column_int64(st, 5);
	q->threads = sqlite3_column_int(st, 6);
	/* max_ns over total_ns is not refused: a trace whose program was killed
	 * may keep a snapshot taken between the thread's stores of the two */
	if ((q->domain != OC_API_RUNTIME && q->domain != OC_API_DRIVER) || q->calls < 0 ||
	    q->total_ns < 0 || q->max_ns < 0)
		return oc_rd_fail(r, "api_summary has impossible values for domain %d cbid %u "
				  "(calls %lld, total_ns %lld, max_ns %lld)", (int)q->domain, q->cbid,
				  (long long)q->calls, (long long)q->total_ns, (long long)q->max_ns);
	q->name = name ? oc_arena_dup(r->p, (const char *)name, (size_t)sqlite3_column_bytes(st, 2))
		       : NULL;
	if (name && !q->name)
		return oc_rd_fail_nomem(r);
	k->a = -q->calls;
	k->b = q->domain;
	k->c = q->cbid;
	return 0;
}

/* Table api_summary (docs/schema.md, "Queries"), when the trace has it. */
int oc_rd_load_queries(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM (SELECT 1 FROM api_summary GROUP BY domain, cbid)",
		"SELECT q.domain, q.cbid, s.value, sum(q.calls), sum(q.total_ns), max(q.max_ns),"
		" count(DISTINCT q.tid) FROM api_summary q LEFT JOIN api_functions f"
		" ON f.domain = q.domain AND f.cbid = q.cbid LEFT JOIN strings s ON s.id = f.name_id"
		" GROUP BY q.domain, q.cbid",
		sizeof(struct oc_query), 0, "api_summary rows", query_row, NULL,
	};
	const char *min = oc_trace_meta(r->t, "api_query_min_ns");
	sqlite3_stmt *st;
	int have = 0, rc;
	void *v = NULL;

	r->t->queries_mode = oc_trace_meta(r->t, "api_queries");
	r->t->query_min_ns = -1;
	if (min) {
		char *end;
		long long n = strtoll(min, &end, 10);

		if (!*end && n >= 0)
			r->t->query_min_ns = n;
	}
	if (sqlite3_prepare_v2(r->db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'api_summary'",
			       -1, &st, NULL) == SQLITE_OK) {
		have = sqlite3_step(st) == SQLITE_ROW;
		sqlite3_finalize(st);
	}
	if (!have)
		return 0;
	/* each row checked before the sums hide it (a negative count beside a
	 * larger one, a domain or cbid that the integer casts would fold), and
	 * the totals bounded so that neither SQLite's sums nor the report's
	 * (every function together) can overflow; max_ns against total_ns stays
	 * a check of the sums (query_row) */
	if (oc_rd_prepare(r, "SELECT tid, domain, cbid, calls, total_ns, max_ns FROM api_summary WHERE"
			  " typeof(tid) != 'integer' OR typeof(domain) != 'integer' OR"
			  " typeof(cbid) != 'integer' OR typeof(calls) != 'integer' OR"
			  " typeof(total_ns) != 'integer' OR typeof(max_ns) != 'integer' OR"
			  " domain NOT IN (1, 2) OR cbid < 0 OR cbid > 4294967295 OR calls < 0 OR"
			  " total_ns < 0 OR max_ns < 0 OR (calls = 0 AND total_ns != 0) LIMIT 1", &st))
		return -1;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		char row[6][24];

		for (int c = 0; c < 6; c++) {
			const unsigned char *s = sqlite3_column_text(st, c);

			snprintf(row[c], sizeof row[c], "%s", s ? (const char *)s : "NULL");
		}
		sqlite3_finalize(st);
		return oc_rd_fail(r, "api_summary has impossible values (tid %s, domain %s, cbid %s: "
				  "calls %s, total_ns %s, max_ns %s)", row[0], row[1], row[2], row[3],
				  row[4], row[5]);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return oc_rd_fail_sql(r, "api_summary");
	if (oc_rd_prepare(r, "SELECT total(calls) > 9.0e18 OR total(total_ns) > 9.0e18 FROM api_summary", &st))
		return -1;
	rc = sqlite3_step(st);
	have = rc == SQLITE_ROW && sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return oc_rd_fail_sql(r, "api_summary");
	if (have)
		return oc_rd_fail(r, "api_summary's calls or times add up to more than 9e18");
	rc = oc_rd_load_table(r, &tl, &v, &r->t->n_queries, NULL, NULL);
	r->t->queries = v;
	for (size_t i = 0; i < r->t->n_queries; i++) {
		const struct oc_query *q = &r->t->queries[i];

		r->t->query_calls += q->calls;
		r->t->query_total_ns += q->total_ns;
		if (q->max_ns > r->t->query_max_ns)
			r->t->query_max_ns = q->max_ns;
	}
	return rc;
}

/* Table mem and meta mem_tracking (docs/hazards.md); a trace without them has none. */
int oc_rd_load_mem(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM mem",
		"SELECT rowid, correlation_id, domain, role, ptr, bytes, info, stream_id FROM mem",
		sizeof(struct oc_memref), 0, "mem rows", mem_row, NULL,
	};
	const char *m = oc_trace_meta(r->t, "mem_tracking");
	sqlite3_stmt *st;
	int have = 0, rc;
	void *v = NULL;

	r->t->mem_tracking = -1;
	if (sqlite3_prepare_v2(r->db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'mem'",
			       -1, &st, NULL) == SQLITE_OK) {
		have = sqlite3_step(st) == SQLITE_ROW;
		sqlite3_finalize(st);
	}
	if (!have)
		return 0;
	if (m && !strcmp(m, "off"))
		r->t->mem_tracking = 0;
	else if (m && !strcmp(m, "on"))
		r->t->mem_tracking = 1;
	rc = oc_rd_load_table(r, &tl, &v, &r->t->n_mem, NULL, NULL);
	r->t->mem = v;
	/* a trace whose tracer said nothing (killed before it wrote meta) but has rows */
	if (rc == 0 && r->t->mem_tracking < 0 && r->t->n_mem > 0)
		r->t->mem_tracking = 1;
	return rc;
}

/* ---- markers ------------------------------------------------------------- */

int oc_rd_load_markers(struct rd *r)
{
	struct oc_trace *t = r->t;
	sqlite3_stmt *st;
	struct mk *starts = NULL, *ends = NULL;
	size_t n, ns = 0, ne = 0;
	int rc;

	if (oc_rd_count_rows(r, "SELECT count(*) FROM markers", &n))
		return -1;
	starts = xcalloc(n, sizeof *starts);
	ends = xcalloc(n, sizeof *ends);
	t->marks = xcalloc(n, sizeof *t->marks);
	t->ranges = xcalloc(n, sizeof *t->ranges);
	if (!starts || !ends || !t->marks || !t->ranges) {
		oc_rd_fail_nomem(r);
		goto err;
	}
	if (oc_rd_prepare(r, "SELECT id, marker_id, flags, ts_ns, tid, name_id, domain_id"
			  " FROM markers", &st))
		goto err;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && ns + ne + t->n_marks < n) {
		int64_t id = sqlite3_column_int64(st, 0), v[3];
		struct mk m;

		for (int c = 1; c <= 3; c++)
			if (oc_rd_need_int(r, st, c, "markers", id, &v[c - 1])) {
				sqlite3_finalize(st);
				goto err;
			}
		m.marker_id = (uint32_t)v[0];
		m.ts_ns = v[2];
		if (oc_rd_check_time(r, "markers", id, "ts_ns", m.ts_ns)) {
			sqlite3_finalize(st);
			goto err;
		}
		m.tid = (uint32_t)sqlite3_column_int64(st, 4);
		m.name = oc_rd_col_str(r, st, 5);
		m.domain = oc_rd_col_str(r, st, 6);
		m.used = 0;
		if (v[1] & 1)
			t->marks[t->n_marks++] = (struct oc_mark){ m.ts_ns, m.tid, m.name };
		else if (v[1] & 2)
			starts[ns++] = m;
		else if (v[1] & 4)
			ends[ne++] = m;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		oc_rd_fail_sql(r, NULL);
		goto err;
	}
	oc_nvtx_pair(t, starts, ns, ends, ne);
	free(starts);
	free(ends);
	return 0;
err:
	free(starts);
	free(ends);
	return -1;
}
