/*
 * reader-tables.c: the tables of events, each into its array of records:
 * ops (schema v2: with op_shapes), api (v2: with api_functions), syncs,
 * events, overheads and NVTX markers.
 *
 * Most go through load_table(): count(*) sizes the array, each row fills one
 * zeroed record and its sort key, and the array is sorted by the keys
 * (store.c). NOT NULL columns are checked as they are read, and a row with
 * a NULL, a non-integer or end < start fails the load with its table and row
 * id. Schema v2 stores what repeats once: an op's description in op_shapes
 * (loaded first, found by shape_id), an API function's name in
 * api_functions (by domain and cbid), an API call's correlation id and
 * domain in its row id, and durations instead of end times.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

#include "reader.h"

/* ---- checked columns ----------------------------------------------------- */

/* A NOT NULL integer column: checks type, names the row on failure. */
static int need_int(struct rd *r, sqlite3_stmt *st, int col, const char *table,
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
static int check_time(struct rd *r, const char *table, int64_t rowid, const char *col, int64_t v)
{
	if (v > OC_MAX_TIME_NS || v < -OC_MAX_TIME_NS)
		return oc_rd_fail(r, "%s row %lld: %s %lld is more than 73 years from the trace start",
				  table, (long long)rowid, col, (long long)v);
	return 0;
}

static int check_span(struct rd *r, const char *table, int64_t rowid, int64_t start, int64_t end)
{
	if (check_time(r, table, rowid, "start_ns", start) || check_time(r, table, rowid, "end_ns", end))
		return -1;
	if (end < start)
		return oc_rd_fail(r, "%s row %lld: end_ns < start_ns", table, (long long)rowid);
	return 0;
}

static int32_t str_index(const struct priv *p, size_t n_strs, int64_t id)
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
static int32_t col_str(struct rd *r, sqlite3_stmt *st, int col)
{
	if (sqlite3_column_type(st, col) == SQLITE_NULL)
		return -1;
	return str_index(r->p, r->t->n_strs, sqlite3_column_int64(st, col));
}

/* ---- one table ----------------------------------------------------------- */

/*
 * One table read into a new array of records sorted by their keys.
 * count_sql counts the rows; max_rows (0: no limit) bounds them, past which the
 * load fails as "too many <what> (N)". row() fills the zeroed record rec and
 * its key k (idx already set) from the current row of sql; it returns 0, or
 * -1 after oc_rd_fail(). *recs and *n_recs receive the records loaded so far
 * even on failure (oc_trace_release frees them). With keys != NULL, *keys
 * receives the sorted keys on success, keys[i] being record i's (its idx
 * aside), for the caller to free. 0 or -1 with the message set.
 */
struct table_load {
	const char *count_sql, *sql;
	size_t size;                    /* bytes per record */
	size_t max_rows;
	const char *what;
	int (*row)(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k);
};

static int load_table(struct rd *r, const struct table_load *tl, void **recs, size_t *n_recs,
		      struct key **keys)
{
	sqlite3_stmt *st;
	struct key *k;
	char *v;
	size_t n;
	int rc;

	*n_recs = 0;
	if (oc_rd_count_rows(r, tl->count_sql, &n))
		return -1;
	if (tl->max_rows && n >= tl->max_rows)
		return oc_rd_fail(r, "too many %s (%zu)", tl->what, n);
	*recs = v = xcalloc(n, tl->size);
	k = xcalloc(n, sizeof *k);
	if (!v || !k) {
		free(k);
		return oc_rd_fail_nomem(r);
	}
	if (oc_rd_prepare(r, tl->sql, &st)) {
		free(k);
		return -1;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n_recs < n) {
		k[*n_recs].idx = (uint32_t)*n_recs;
		if (tl->row(r, st, v + *n_recs * tl->size, &k[*n_recs]))
			goto err;
		(*n_recs)++;
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		oc_rd_fail_sql(r, NULL);
		goto err;
	}
	sqlite3_finalize(st);
	if (oc_sort_records(v, *n_recs, tl->size, k)) {
		free(k);
		return oc_rd_fail_nomem(r);
	}
	if (keys)
		*keys = k;
	else
		free(k);
	return 0;
err:
	sqlite3_finalize(st);
	free(k);
	return -1;
}

/* ---- ops ----------------------------------------------------------------- */

/*
 * What an op is, from 19 columns starting at col: name_id, bytes, copy_kind,
 * src_kind, dst_kind, flags, src_device_id, dst_device_id, grid_x/y/z,
 * block_x/y/z, registers, static_smem, dynamic_smem, graph_id, graph_node_id
 * (v1 ops and v2 op_shapes select them in this order).
 */
static void op_description(struct rd *r, sqlite3_stmt *st, int col, struct oc_op *o)
{
	o->name = col_str(r, st, col);
	o->bytes = (uint64_t)sqlite3_column_int64(st, col + 1);
	o->copy_kind = (uint8_t)sqlite3_column_int64(st, col + 2);
	o->src_kind = (uint8_t)sqlite3_column_int64(st, col + 3);
	o->dst_kind = (uint8_t)sqlite3_column_int64(st, col + 4);
	o->flags = (uint32_t)sqlite3_column_int64(st, col + 5);
	o->src_device_id = (uint32_t)sqlite3_column_int64(st, col + 6);
	o->dst_device_id = (uint32_t)sqlite3_column_int64(st, col + 7);
	for (int c = 0; c < 3; c++) {
		o->grid[c] = (int32_t)sqlite3_column_int64(st, col + 8 + c);
		o->block[c] = (int32_t)sqlite3_column_int64(st, col + 11 + c);
	}
	o->registers = (int32_t)sqlite3_column_int64(st, col + 14);
	o->static_smem = (int32_t)sqlite3_column_int64(st, col + 15);
	o->dynamic_smem = (int32_t)sqlite3_column_int64(st, col + 16);
	o->graph_id = (uint32_t)sqlite3_column_int64(st, col + 17);
	o->graph_node_id = (uint64_t)sqlite3_column_int64(st, col + 18);
}

static int op_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_op *o = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[7];

	for (int c = 1; c <= 7; c++)
		if (need_int(r, st, c, "ops", id, &v[c - 1]))
			return -1;
	if (check_span(r, "ops", id, v[1], v[2]))
		return -1;
	o->row_id = id;
	o->kind = (uint8_t)v[0];
	o->start_ns = v[1];
	o->end_ns = v[2];
	o->device_id = (uint32_t)v[3];
	o->context_id = (uint32_t)v[4];
	o->stream_id = (uint32_t)v[5];
	o->correlation_id = (uint32_t)v[6];
	op_description(r, st, 8, o);
	o->stream = -1;
	o->api = -1;
	k->a = o->start_ns;
	k->b = o->end_ns;
	k->c = id;
	return 0;
}

static int shape_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct shape *h = rec;

	h->id = sqlite3_column_int64(st, 0);
	op_description(r, st, 1, &h->op);
	k->a = h->id;
	return 0;
}

/* Schema v2: op_shapes, each as the part of an oc_op it describes. */
static int load_shapes(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM op_shapes",
		"SELECT id, name_id, bytes, copy_kind, src_kind, dst_kind, flags, src_device_id,"
		" dst_device_id, grid_x, grid_y, grid_z, block_x, block_y, block_z, registers,"
		" static_smem, dynamic_smem, graph_id, graph_node_id FROM op_shapes",
		sizeof(struct shape), UINT32_MAX, "op shapes", shape_row,
	};
	void *v = NULL;
	int rc = load_table(r, &tl, &v, &r->n_shapes, NULL);

	r->shapes = v;
	return rc;
}

static const struct oc_op *find_shape(const struct rd *r, int64_t id)
{
	size_t lo = 0, hi = r->n_shapes;

	/* ids are 1..n unless a second writer appended to the file */
	if (id >= 1 && (uint64_t)id <= r->n_shapes && r->shapes[id - 1].id == id)
		return &r->shapes[id - 1].op;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r->shapes[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < r->n_shapes && r->shapes[lo].id == id ? &r->shapes[lo].op : NULL;
}

/* start + a stored duration, refusing a negative or overflowing one. */
static int span_end(struct rd *r, const char *table, int64_t rowid, int64_t start, int64_t dur,
		    int64_t *end)
{
	if (dur < 0)
		return oc_rd_fail(r, "%s row %lld: end_ns < start_ns (dur_ns %lld)", table,
				  (long long)rowid, (long long)dur);
	if (start > INT64_MAX - dur)
		return oc_rd_fail(r, "%s row %lld: start_ns + dur_ns overflows", table,
				  (long long)rowid);
	*end = start + dur;
	return check_span(r, table, rowid, start, *end);
}

static int op_row_v2(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_op *o = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[8], end = 0;
	const struct oc_op *shape;

	for (int c = 1; c <= 8; c++)
		if (need_int(r, st, c, "ops", id, &v[c - 1]))
			return -1;
	if (span_end(r, "ops", id, v[1], v[2], &end))
		return -1;
	shape = find_shape(r, v[7]);
	if (!shape)
		return oc_rd_fail(r, "ops row %lld: shape_id %lld is not in op_shapes",
				  (long long)id, (long long)v[7]);
	*o = *shape;
	o->row_id = id;
	o->kind = (uint8_t)v[0];
	o->start_ns = v[1];
	o->end_ns = end;
	o->device_id = (uint32_t)v[3];
	o->context_id = (uint32_t)v[4];
	o->stream_id = (uint32_t)v[5];
	o->correlation_id = (uint32_t)v[6];
	o->stream = -1;
	o->api = -1;
	k->a = o->start_ns;
	k->b = o->end_ns;
	k->c = id;
	return 0;
}

int oc_rd_load_ops(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM ops",
		"SELECT id, kind, start_ns, end_ns, device_id, context_id, stream_id,"
		" correlation_id, name_id, bytes, copy_kind, src_kind, dst_kind, flags,"
		" src_device_id, dst_device_id, grid_x, grid_y, grid_z,"
		" block_x, block_y, block_z, registers, static_smem, dynamic_smem,"
		" graph_id, graph_node_id FROM ops",
		sizeof(struct oc_op), UINT32_MAX, "ops", op_row,
	};
	static const struct table_load tl2 = {
		"SELECT count(*) FROM ops",
		"SELECT id, kind, start_ns, dur_ns, device_id, context_id, stream_id,"
		" correlation_id, shape_id FROM ops",
		sizeof(struct oc_op), UINT32_MAX, "ops", op_row_v2,
	};
	void *v = NULL;
	int rc;

	if (r->t->version >= 2 && load_shapes(r))
		return -1;
	rc = load_table(r, r->t->version >= 2 ? &tl2 : &tl, &v, &r->t->n_ops, NULL);

	r->t->ops = v;
	return rc;
}

/* ---- api ----------------------------------------------------------------- */

static int api_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_api *a = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[7];

	for (int c = 1; c <= 7; c++)
		if (need_int(r, st, c, "api", id, &v[c - 1]))
			return -1;
	if (check_span(r, "api", id, v[3], v[4]))
		return -1;
	a->row_id = id;
	a->domain = (uint8_t)v[0];
	a->cbid = (uint32_t)v[1];
	a->name = str_index(r->p, r->t->n_strs, v[2]);
	a->start_ns = v[3];
	a->end_ns = v[4];
	a->tid = (uint32_t)v[5];
	a->correlation_id = (uint32_t)v[6];
	a->return_value = (int32_t)sqlite3_column_int64(st, 8);
	a->parent = -1;         /* resolved by oc_link_parents() */
	a->stream = -1;
	k->a = a->start_ns;
	k->b = id;
	/* The parent_id row id rides in the key: ids are unique, so it never
	 * decides the order, and sorting carries it to the record's place. */
	k->c = sqlite3_column_type(st, 9) == SQLITE_NULL ? INT64_MIN : sqlite3_column_int64(st, 9);
	return 0;
}

static int fname_cmp(const void *x, const void *y)
{
	const struct fname *a = x, *b = y;

	return (a->key > b->key) - (a->key < b->key);
}

static int fname_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct fname *f = rec;

	f->key = (int64_t)((uint64_t)sqlite3_column_int64(st, 0) << 32 | (uint32_t)sqlite3_column_int64(st, 1));
	f->name = col_str(r, st, 2);
	k->a = f->key;
	return 0;
}

/* Schema v2: api_functions, the names of (domain, cbid), sorted by key. */
static int load_fnames(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM api_functions",
		"SELECT domain, cbid, name_id FROM api_functions",
		sizeof(struct fname), UINT32_MAX, "API functions", fname_row,
	};
	void *v = NULL;
	int rc = load_table(r, &tl, &v, &r->n_fnames, NULL);

	r->fnames = v;
	return rc;
}

static int32_t find_fname(const struct rd *r, int domain, uint32_t cbid)
{
	struct fname key = { (int64_t)domain << 32 | cbid, 0 };
	const struct fname *f = bsearch(&key, r->fnames, r->n_fnames, sizeof key, fname_cmp);

	return f ? f->name : -1;
}

/*
 * Schema v2: the row id is correlation_id * 8 + (domain - 1) * 4 + n, and the
 * callback's arguments are columns of the row. Their stream is resolved with
 * the streams (load_api_args); until then has_args is 2 and stream_handle
 * holds context_id << 32 | stream_id (+ 1, 0 for none).
 */
static int api_row_v2(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_api *a = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[4], end = 0;

	for (int c = 1; c <= 4; c++)
		if (need_int(r, st, c, "api", id, &v[c - 1]))
			return -1;
	if (id < 0)
		return oc_rd_fail(r, "api row %lld: negative id", (long long)id);
	if (span_end(r, "api", id, v[1], v[2], &end))
		return -1;
	a->row_id = id;
	a->correlation_id = (uint32_t)(id >> 3);
	a->domain = (uint8_t)(((id >> 2) & 1) + 1);
	a->cbid = (uint32_t)v[0];
	a->name = find_fname(r, a->domain, a->cbid);
	a->start_ns = v[1];
	a->end_ns = end;
	a->tid = (uint32_t)v[3];
	a->return_value = (int32_t)sqlite3_column_int64(st, 5);
	a->parent = -1;
	a->stream = -1;
	if (sqlite3_column_type(st, 6) != SQLITE_NULL) {
		a->has_args = 2;
		a->handle_kind = (uint8_t)sqlite3_column_int64(st, 6);
		if (sqlite3_column_type(st, 7) != SQLITE_NULL && sqlite3_column_type(st, 8) != SQLITE_NULL)
			a->stream_handle = ((uint64_t)(uint32_t)sqlite3_column_int64(st, 7) << 32 |
					    (uint32_t)sqlite3_column_int64(st, 8)) + 1;
		a->host_ptr = (uint64_t)sqlite3_column_int64(st, 9);
		a->arg_bytes = (uint64_t)sqlite3_column_int64(st, 10);
	}
	k->a = a->start_ns;
	k->b = id;
	k->c = INT64_MIN;
	return 0;
}

int oc_rd_load_api(struct rd *r, struct idpair **rowmap)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM api",
		"SELECT id, domain, cbid, name_id, start_ns, end_ns, tid, correlation_id,"
		" return_value, parent_id FROM api",
		sizeof(struct oc_api), INT32_MAX, "API calls", api_row,
	};
	static const struct table_load tl2 = {
		"SELECT count(*) FROM api",
		"SELECT id, cbid, start_ns, dur_ns, tid, return_value, handle_kind, context_id,"
		" stream_id, host_ptr, bytes FROM api",
		sizeof(struct oc_api), INT32_MAX, "API calls", api_row_v2,
	};
	struct oc_trace *t = r->t;
	struct key *k = NULL;
	void *v = NULL;
	int rc;

	if (t->version >= 2 && load_fnames(r))
		return -1;
	rc = load_table(r, t->version >= 2 ? &tl2 : &tl, &v, &t->n_api, &k);

	t->api = v;
	*rowmap = NULL;
	if (rc)
		return -1;
	*rowmap = xcalloc(t->n_api, sizeof **rowmap);
	if (!*rowmap) {
		free(k);
		return oc_rd_fail_nomem(r);
	}
	for (size_t i = 0; i < t->n_api; i++)
		(*rowmap)[i].id = k[i].c;
	free(k);
	return 0;
}

/* ---- syncs, events, overheads, markers ----------------------------------- */

static int sync_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_sync *s = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[3];

	for (int c = 1; c <= 3; c++)
		if (need_int(r, st, c, "syncs", id, &v[c - 1]))
			return -1;
	if (check_span(r, "syncs", id, v[1], v[2]))
		return -1;
	s->type = (uint32_t)v[0];
	s->start_ns = v[1];
	s->end_ns = v[2];
	s->context_id = (uint32_t)sqlite3_column_int64(st, 4);
	s->stream_id = sqlite3_column_type(st, 5) == SQLITE_NULL ? -1
		       : sqlite3_column_int64(st, 5);
	s->event_id = sqlite3_column_type(st, 6) == SQLITE_NULL ? -1
		      : sqlite3_column_int64(st, 6);
	/* CUPTI's "not applicable" */
	if (s->stream_id == 0xFFFFFFFFll)
		s->stream_id = -1;
	if (s->event_id == 0xFFFFFFFFll)
		s->event_id = -1;
	s->correlation_id = (uint32_t)sqlite3_column_int64(st, 7);
	s->return_value = (int32_t)sqlite3_column_int64(st, 8);
	s->api = sqlite3_column_type(st, 7) == SQLITE_NULL ? -1
		 : oc_trace_api_find(r->t, s->correlation_id, 0);
	k->a = s->start_ns;
	k->b = id;
	return 0;
}

int oc_rd_load_syncs(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM syncs",
		"SELECT id, type, start_ns, end_ns, context_id, stream_id, event_id,"
		" correlation_id, return_value FROM syncs",
		sizeof(struct oc_sync), 0, "syncs", sync_row,
	};
	void *v = NULL;
	int rc = load_table(r, &tl, &v, &r->t->n_syncs, NULL);

	r->t->syncs = v;
	return rc;
}

static int event_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_event *e = rec;

	e->event_id = (uint32_t)sqlite3_column_int64(st, 0);
	e->context_id = (uint32_t)sqlite3_column_int64(st, 1);
	e->stream_id = (uint32_t)sqlite3_column_int64(st, 2);
	e->device_id = (uint32_t)sqlite3_column_int64(st, 3);
	e->correlation_id = (uint32_t)sqlite3_column_int64(st, 4);
	e->device_ts_ns = sqlite3_column_int64(st, 5);
	if (check_time(r, "events", (int64_t)e->event_id, "device_ts_ns", e->device_ts_ns))
		return -1;
	k->a = e->correlation_id;
	k->b = e->device_ts_ns;
	return 0;
}

int oc_rd_load_events(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM events",
		"SELECT event_id, context_id, stream_id, device_id, correlation_id,"
		" device_ts_ns FROM events",
		sizeof(struct oc_event), 0, "events", event_row,
	};
	void *v = NULL;
	int rc = load_table(r, &tl, &v, &r->t->n_events, NULL);

	r->t->events = v;
	return rc;
}

static int overhead_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_overhead *o = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[3];

	for (int c = 1; c <= 3; c++)
		if (need_int(r, st, c, "overheads", id, &v[c - 1]))
			return -1;
	if (check_span(r, "overheads", id, v[1], v[2]))
		return -1;
	o->kind = (uint32_t)v[0];
	o->start_ns = v[1];
	o->end_ns = v[2];
	o->object_kind = (uint32_t)sqlite3_column_int64(st, 4);
	o->object_id = (uint64_t)sqlite3_column_int64(st, 5);
	o->correlation_id = (uint32_t)sqlite3_column_int64(st, 6);
	k->a = o->start_ns;
	k->b = id;
	return 0;
}

int oc_rd_load_overheads(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM overheads",
		"SELECT id, kind, start_ns, end_ns, object_kind, object_id, correlation_id"
		" FROM overheads",
		sizeof(struct oc_overhead), 0, "overheads", overhead_row,
	};
	void *v = NULL;
	int rc = load_table(r, &tl, &v, &r->t->n_overheads, NULL);

	r->t->overheads = v;
	return rc;
}

/* ---- mem ----------------------------------------------------------------- */

static int mem_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_memref *m = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[4];

	for (int c = 1; c <= 4; c++)
		if (need_int(r, st, c, "mem", id, &v[c - 1]))
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
		sizeof(struct oc_caller), 0, "callers", caller_row,
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
	rc = load_table(r, &tl, &v, &r->t->n_callers, NULL);
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
		sizeof(struct oc_query), 0, "api_summary rows", query_row,
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
	rc = load_table(r, &tl, &v, &r->t->n_queries, NULL);
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
		sizeof(struct oc_memref), 0, "mem rows", mem_row,
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
	rc = load_table(r, &tl, &v, &r->t->n_mem, NULL);
	r->t->mem = v;
	/* a trace whose tracer said nothing (killed before it wrote meta) but has rows */
	if (rc == 0 && r->t->mem_tracking < 0 && r->t->n_mem > 0)
		r->t->mem_tracking = 1;
	return rc;
}

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
			if (need_int(r, st, c, "markers", id, &v[c - 1])) {
				sqlite3_finalize(st);
				goto err;
			}
		m.marker_id = (uint32_t)v[0];
		m.ts_ns = v[2];
		if (check_time(r, "markers", id, "ts_ns", m.ts_ns)) {
			sqlite3_finalize(st);
			goto err;
		}
		m.tid = (uint32_t)sqlite3_column_int64(st, 4);
		m.name = col_str(r, st, 5);
		m.domain = col_str(r, st, 6);
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
