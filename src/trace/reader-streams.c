/*
 * reader-streams.c: the reader's half of the streams: the streams table and
 * api_args, the two places a trace says which handle named a stream.
 *
 * The table's rows are sorted in C, so their handle kinds are read a second
 * time into the sorted order; streams.c then adds the streams only ops name
 * and places the ops. api_args (schema v1: every call's arguments; v2: only
 * those the api row has no column for) is merged into its API call by
 * correlation id and domain, and marks the default streams named through a
 * special handle, before streams.c decides the kinds. A call's arguments
 * (but its host pointer) go into t->call_args, each distinct set once.
 */
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

#include "overlapcheck/mem.h"
#include "reader.h"

static int load_streams(struct rd *r, size_t extra, uint8_t **handle_kinds)
{
	struct oc_trace *t = r->t;
	sqlite3_stmt *st;
	size_t n;
	int rc;

	if (oc_rd_count_rows(r, "SELECT count(*) FROM streams", &n))
		return -1;
	t->streams = xcalloc(n + extra, sizeof *t->streams);
	*handle_kinds = xcalloc(n + extra, 1);
	if (!t->streams || !*handle_kinds)
		return oc_rd_fail_nomem(r);
	if (oc_rd_prepare(r, "SELECT context_id, stream_id, flag, handle, handle_kind FROM streams",
			  &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && t->n_streams < n) {
		struct oc_stream *s = &t->streams[t->n_streams];

		s->context_id = (uint32_t)sqlite3_column_int64(st, 0);
		s->stream_id = (uint32_t)sqlite3_column_int64(st, 1);
		s->flag = (uint32_t)sqlite3_column_int64(st, 2);
		s->handle = (uint64_t)sqlite3_column_int64(st, 3);
		(*handle_kinds)[t->n_streams] = (uint8_t)sqlite3_column_int64(st, 4);
		t->n_streams++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return oc_rd_fail_sql(r, NULL);
	return 0;
}

/*
 * Schema v2: each set of arguments in api rows (r->row_args) resolved once:
 * its stream, and its arguments as a call holds them, the handle the
 * stream's (the raw one is not stored there, the stream's is the one the
 * program used). 0 or -1.
 */
static int resolve_row_args(struct rd *r, struct intern_set *set, uint8_t *used_pt,
			    uint8_t *used_legacy)
{
	struct oc_trace *t = r->t;
	struct row_args *ra = r->row_args.recs;

	for (size_t i = 0; i < t->n_api; i++) {
		struct oc_api *a = &t->api[i];
		struct row_args *p;

		if (a->has_args != 2)
			continue;
		p = &ra[a->args];
		if (p->args == UINT32_MAX) {
			struct oc_call_args c;

			p->s = p->stream ? oc_trace_stream_find(t, (uint32_t)((p->stream - 1) >> 32),
								(uint32_t)(p->stream - 1))
					 : -1;
			memset(&c, 0, sizeof c);
			c.stream_handle = p->s >= 0 ? t->streams[p->s].handle : 0;
			c.bytes = p->bytes;
			c.handle_kind = p->handle_kind;
			if (oc_intern(set, &c, &p->args))
				return oc_rd_fail_nomem(r);
		}
		a->has_args = 1;
		a->args = p->args;
		a->stream = p->s;
		if (p->s >= 0)
			oc_mark_default_stream(used_pt, used_legacy, p->s, p->handle_kind);
	}
	return 0;
}

/* An api_args row (the columns load_api_args selects) into call a's arguments. */
static int merge_args_row(struct rd *r, struct intern_set *set, sqlite3_stmt *st,
			  struct oc_api *a, int32_t s)
{
	struct oc_call_args c;

	memset(&c, 0, sizeof c);
	c.stream_handle = (uint64_t)sqlite3_column_int64(st, 2);
	c.handle_kind = (uint8_t)sqlite3_column_int64(st, 3);
	c.bytes = (uint64_t)sqlite3_column_int64(st, 6);
	c.event_handle = (uint64_t)sqlite3_column_int64(st, 7);
	c.flags = (uint32_t)sqlite3_column_int64(st, 8);
	if (oc_intern(set, &c, &a->args))
		return oc_rd_fail_nomem(r);
	a->has_args = 1;
	a->stream = s;
	return 0;
}

/*
 * api_args merged into api, each call's arguments into t->call_args, each
 * distinct set once; marks streams used through special handles.
 */
static int load_api_args(struct rd *r, struct intern_set *set, uint8_t *used_pt,
			 uint8_t *used_legacy)
{
	struct oc_trace *t = r->t;
	sqlite3_stmt *st;
	int rc;

	/* v2: the arguments in api rows (api_row_v2) */
	if (resolve_row_args(r, set, used_pt, used_legacy))
		return -1;
	/* v1: every argument row; v2: the rest (see schema/trace.sql) */
	if (oc_rd_prepare(r, "SELECT correlation_id, domain, stream_handle, handle_kind,"
			     " context_id, stream_id, bytes, event_handle, flags"
			     " FROM api_args", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		uint32_t corr = (uint32_t)sqlite3_column_int64(st, 0);
		uint32_t dom = (uint32_t)sqlite3_column_int64(st, 1);
		int has_handle = sqlite3_column_type(st, 2) != SQLITE_NULL;
		uint64_t handle = (uint64_t)sqlite3_column_int64(st, 2);
		int hk = (int)sqlite3_column_int64(st, 3);
		int has_stream = sqlite3_column_type(st, 4) != SQLITE_NULL &&
				 sqlite3_column_type(st, 5) != SQLITE_NULL;
		int32_t s = has_stream ? oc_trace_stream_find(t, (uint32_t)sqlite3_column_int64(st, 4),
							      (uint32_t)sqlite3_column_int64(st, 5))
				       : -1;
		int32_t ai = oc_corr_find(r->p, corr, dom);

		if (ai >= 0 && merge_args_row(r, set, st, &t->api[ai], s)) {
			sqlite3_finalize(st);
			return -1;
		}
		if (s < 0 || oc_mark_default_stream(used_pt, used_legacy, s, hk))
			continue;
		if (hk == OC_HANDLE_NONE && has_handle && handle <= 2) {
			/* The writer did not classify the handle: 0x1 is
			 * cudaStreamLegacy, 0x2 cudaStreamPerThread, and 0 means
			 * the per-thread stream only in the _ptsz/_ptds variants. */
			const char *name = ai >= 0 ? oc_trace_str(t, t->api[ai].name) : "";

			if (handle == 2 || (handle == 0 && (strstr(name, "_ptsz") || strstr(name, "_ptds"))))
				used_pt[s] = 1;
			else
				used_legacy[s] = 1;
		}
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return oc_rd_fail_sql(r, NULL);
	return 0;
}

int oc_rd_build_streams(struct rd *r, const struct ctx *ctx, size_t n_ctx)
{
	struct oc_trace *t = r->t;
	struct intern_set set = oc_intern_set(sizeof(struct oc_call_args), OC_CALL_ARGS_KEY);
	uint8_t *hk = NULL, *pt = NULL, *leg = NULL;
	size_t n;
	int ret = -1;

	if (load_streams(r, 0, &hk))
		goto out;
	oc_sort(t->streams, t->n_streams, sizeof *t->streams, oc_stream_cmp);
	/* hk[] was parallel to the unsorted table: rebuild it sorted */
	{
		sqlite3_stmt *st;

		memset(hk, 0, t->n_streams);
		if (oc_rd_prepare(r, "SELECT context_id, stream_id, handle_kind FROM streams", &st))
			goto out;
		while (sqlite3_step(st) == SQLITE_ROW) {
			int32_t s = oc_trace_stream_find(t, (uint32_t)sqlite3_column_int64(st, 0),
							 (uint32_t)sqlite3_column_int64(st, 1));
			if (s >= 0)
				hk[s] = (uint8_t)sqlite3_column_int64(st, 2);
		}
		sqlite3_finalize(st);
	}
	if (oc_streams_add_from_ops(t, r->p->op_streams, r->p->n_op_streams, &hk)) {
		oc_rd_fail_nomem(r);
		goto out;
	}
	{
		char why[256];
		int rc = oc_streams_place(t, ctx, n_ctx, r->p->op_streams, r->p->n_op_streams,
					  why, sizeof why);

		free(r->p->op_streams);
		r->p->op_streams = NULL;
		r->p->n_op_streams = 0;
		if (rc == -2) {
			oc_rd_fail_nomem(r);
			goto out;
		}
		if (rc < 0) {
			oc_rd_fail(r, "%s", why);
			goto out;
		}
	}
	pt = xcalloc(t->n_streams, 1);
	leg = xcalloc(t->n_streams, 1);
	if (!pt || !leg) {
		oc_rd_fail_nomem(r);
		goto out;
	}
	for (size_t i = 0; i < t->n_streams; i++)
		oc_mark_default_stream(pt, leg, (int32_t)i, hk[i]);
	ret = load_api_args(r, &set, pt, leg);
	t->call_args = oc_intern_done(&set, &t->n_call_args);
	free(oc_intern_done(&r->row_args, &n));
	if (!ret)
		oc_streams_decide_kinds(t, ctx, n_ctx, pt, leg);
out:
	free(hk);
	free(pt);
	free(leg);
	return ret;
}
