/*
 * reader-tables.c: the tables of events, each into its array of records:
 * ops (schema v2: with op_shapes), api (v2: with api_functions), syncs,
 * events and overheads.
 *
 * Each goes through oc_rd_load_table() (reader-util.c): count(*) sizes the
 * array, each row fills one zeroed record and its sort key, and the array
 * is sorted by the keys (store.c). The ops and the calls, the two large
 * tables, hold no key while they load: a row's key is checked against the
 * previous row's, and made again from the records (op_rekey, api_rekey)
 * only when the rows came out of order. NOT NULL columns are checked as they are
 * read, and a row with a NULL, a non-integer or end < start fails the load
 * with its table and row id. An op's shape (what it is) goes into
 * t->shapes once per distinct one (store.c), in order of first use. Schema
 * v2 stores what repeats once: an op's description in op_shapes (loaded
 * first, found by shape_id), an API function's name in
 * api_functions (by domain and cbid), an API call's correlation id and
 * domain in its row id, and durations instead of end times.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

#include "reader.h"

/* ---- ops ----------------------------------------------------------------- */

/*
 * What an op is, from 19 columns starting at col: name_id, bytes, copy_kind,
 * src_kind, dst_kind, flags, src_device_id, dst_device_id, grid_x/y/z,
 * block_x/y/z, registers, static_smem, dynamic_smem, graph_id, graph_node_id
 * (v1 ops and v2 op_shapes select them in this order): the shape into *h,
 * flags and the copy's kinds into *o. *h is zeroed first, its padding too.
 */
/* A copy or memory kind column: the code, or 0 (unknown) for one the codes
 * do not name, which the op's bit fields could not hold (trace.h). */
static uint8_t kind_code(sqlite3_stmt *st, int col, int last)
{
	int64_t v = sqlite3_column_int64(st, col);

	return v < 0 || v > last ? 0 : (uint8_t)v;
}

static void op_description(struct rd *r, sqlite3_stmt *st, int col, struct oc_shape *h,
			   struct oc_op *o)
{
	memset(h, 0, sizeof *h);
	h->name = oc_rd_col_str(r, st, col);
	h->bytes = (uint64_t)sqlite3_column_int64(st, col + 1);
	o->copy_kind = kind_code(st, col + 2, OC_COPY_PTOP);
	o->src_kind = kind_code(st, col + 3, OC_MEM_MANAGED_STATIC);
	o->dst_kind = kind_code(st, col + 4, OC_MEM_MANAGED_STATIC);
	o->flags = (uint8_t)(sqlite3_column_int64(st, col + 5) & OC_ASYNC_FLAG);
	h->src_device_id = (uint32_t)sqlite3_column_int64(st, col + 6);
	h->dst_device_id = (uint32_t)sqlite3_column_int64(st, col + 7);
	for (int c = 0; c < 3; c++) {
		h->grid[c] = (int32_t)sqlite3_column_int64(st, col + 8 + c);
		h->block[c] = (int32_t)sqlite3_column_int64(st, col + 11 + c);
	}
	h->registers = (int32_t)sqlite3_column_int64(st, col + 14);
	h->static_smem = (int32_t)sqlite3_column_int64(st, col + 15);
	h->dynamic_smem = (int32_t)sqlite3_column_int64(st, col + 16);
	h->graph_id = (uint32_t)sqlite3_column_int64(st, col + 17);
	h->graph_node_id = (uint64_t)sqlite3_column_int64(st, col + 18);
}

/* Where op o ran, held once per distinct (context, stream, device): o->stream
 * indexes r->op_stream_set until the streams are in. 0 or -1 out of memory. */
static int op_where(struct rd *r, struct oc_op *o, int64_t device, int64_t context,
		    int64_t stream)
{
	struct op_stream w = { (uint32_t)context, (uint32_t)stream, (uint32_t)device };
	uint32_t idx;

	if (oc_intern(&r->op_stream_set, &w, &idx))
		return -1;
	o->stream = (int32_t)idx;
	return 0;
}

/* An op's row id fits the op's 32 bits (trace.h); else the trace is refused. */
static int op_id_fits(struct rd *r, int64_t id)
{
	if (id < 0 || id > (int64_t)UINT32_MAX)
		return oc_rd_fail(r, "ops row %lld: its id is outside 0 to 4294967295, "
				  "the ids an op can have here", (long long)id);
	return 0;
}

/* Schema v1: the description is in the row; its shape found or added. */
static int op_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_op *o = rec;
	struct oc_shape h;
	int64_t id = sqlite3_column_int64(st, 0), v[7];

	for (int c = 1; c <= 7; c++)
		if (oc_rd_need_int(r, st, c, "ops", id, &v[c - 1]))
			return -1;
	if (oc_rd_check_span(r, "ops", id, v[1], v[2]) || op_id_fits(r, id))
		return -1;
	o->row_id = (uint32_t)id;
	o->kind = (uint8_t)v[0];
	o->start_ns = v[1];
	o->end_ns = v[2];
	o->correlation_id = (uint32_t)v[6];
	op_description(r, st, 8, &h, o);
	if (oc_intern(&r->shape_set, &h, &o->shape) || op_where(r, o, v[3], v[4], v[5]))
		return oc_rd_fail_nomem(r);
	o->api = -1;
	k->a = o->start_ns;
	k->b = o->end_ns;
	k->c = id;
	return 0;
}

static int shape_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct shape *h = rec;
	struct oc_op o = { .kind = 0 };

	h->id = sqlite3_column_int64(st, 0);
	op_description(r, st, 1, &h->s, &o);
	h->idx = UINT32_MAX;
	h->flags = o.flags;
	h->copy_kind = o.copy_kind;
	h->src_kind = o.src_kind;
	h->dst_kind = o.dst_kind;
	k->a = h->id;
	return 0;
}

/* Schema v2: op_shapes, each row as the shape and the op's part it describes. */
static int load_shapes(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM op_shapes",
		"SELECT id, name_id, bytes, copy_kind, src_kind, dst_kind, flags, src_device_id,"
		" dst_device_id, grid_x, grid_y, grid_z, block_x, block_y, block_z, registers,"
		" static_smem, dynamic_smem, graph_id, graph_node_id FROM op_shapes",
		sizeof(struct shape), UINT32_MAX, "op shapes", shape_row, NULL,
	};
	void *v = NULL;
	int rc = oc_rd_load_table(r, &tl, &v, &r->n_shapes, NULL, NULL);

	r->shapes = v;
	return rc;
}

static struct shape *find_shape(const struct rd *r, int64_t id)
{
	size_t lo = 0, hi = r->n_shapes;

	/* ids are 1..n unless a second writer appended to the file */
	if (id >= 1 && (uint64_t)id <= r->n_shapes && r->shapes[id - 1].id == id)
		return &r->shapes[id - 1];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r->shapes[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < r->n_shapes && r->shapes[lo].id == id ? &r->shapes[lo] : NULL;
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
	return oc_rd_check_span(r, table, rowid, start, *end);
}

static int op_row_v2(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_op *o = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[8], end = 0;
	struct shape *shape;

	for (int c = 1; c <= 8; c++)
		if (oc_rd_need_int(r, st, c, "ops", id, &v[c - 1]))
			return -1;
	if (span_end(r, "ops", id, v[1], v[2], &end) || op_id_fits(r, id))
		return -1;
	shape = find_shape(r, v[7]);
	if (!shape)
		return oc_rd_fail(r, "ops row %lld: shape_id %lld is not in op_shapes",
				  (long long)id, (long long)v[7]);
	if (shape->idx == UINT32_MAX && oc_intern(&r->shape_set, &shape->s, &shape->idx))
		return oc_rd_fail_nomem(r);
	o->shape = shape->idx;
	o->flags = shape->flags;
	o->copy_kind = shape->copy_kind;
	o->src_kind = shape->src_kind;
	o->dst_kind = shape->dst_kind;
	o->row_id = (uint32_t)id;
	o->kind = (uint8_t)v[0];
	o->start_ns = v[1];
	o->end_ns = end;
	o->correlation_id = (uint32_t)v[6];
	if (op_where(r, o, v[3], v[4], v[5]))
		return oc_rd_fail_nomem(r);
	o->api = -1;
	k->a = o->start_ns;
	k->b = o->end_ns;
	k->c = id;
	return 0;
}

/* An op's key again from its record: (start, end, row id), as op_row() and
 * op_row_v2() make it. */
static void op_rekey(const void *rec, const struct api_row *side, struct key *k)
{
	const struct oc_op *o = rec;

	(void)side;
	k->a = o->start_ns;
	k->b = o->end_ns;
	k->c = o->row_id;
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
		sizeof(struct oc_op), UINT32_MAX, "ops", op_row, op_rekey,
	};
	static const struct table_load tl2 = {
		"SELECT count(*) FROM ops",
		"SELECT id, kind, start_ns, dur_ns, device_id, context_id, stream_id,"
		" correlation_id, shape_id FROM ops",
		sizeof(struct oc_op), UINT32_MAX, "ops", op_row_v2, op_rekey,
	};
	void *v = NULL;
	int rc;

	if (r->t->version >= 2 && load_shapes(r))
		return -1;
	r->shape_set = oc_intern_set(sizeof(struct oc_shape), OC_SHAPE_KEY);
	r->op_stream_set = oc_intern_set(sizeof(struct op_stream), sizeof(struct op_stream));
	rc = oc_rd_load_table(r, r->t->version >= 2 ? &tl2 : &tl, &v, &r->t->n_ops, NULL, NULL);

	r->t->ops = v;
	r->t->shapes = oc_intern_done(&r->shape_set, &r->t->n_shapes);
	r->p->op_streams = oc_intern_done(&r->op_stream_set, &r->p->n_op_streams);
	return rc;
}

/* ---- api ----------------------------------------------------------------- */

/* A call's status into a->return_value: a CUDA status (below 1 000) fits in
 * 16 bits, and a value that does not is no status. 0, or -1 with err. */
static int api_status(struct rd *r, struct oc_api *a, int64_t id, int64_t v)
{
	if (v < INT16_MIN || v > INT16_MAX)
		return oc_rd_fail(r, "api row %lld: return_value %lld is not a CUDA status",
				  (long long)id, (long long)v);
	a->return_value = (int16_t)v;
	return 0;
}

static int api_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_api *a = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[7];

	for (int c = 1; c <= 7; c++)
		if (oc_rd_need_int(r, st, c, "api", id, &v[c - 1]))
			return -1;
	if (oc_rd_check_span(r, "api", id, v[3], v[4]))
		return -1;
	a->domain = (uint8_t)v[0];
	a->cbid = (uint32_t)v[1];
	a->name = oc_rd_str_index(r->p, r->t->n_strs, v[2]);
	a->start_ns = v[3];
	a->end_ns = v[4];
	a->tid = (uint32_t)v[5];
	a->correlation_id = (uint32_t)v[6];
	if (api_status(r, a, id, sqlite3_column_int64(st, 8)))
		return -1;
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
	f->name = oc_rd_col_str(r, st, 2);
	k->a = f->key;
	return 0;
}

/* Schema v2: api_functions, the names of (domain, cbid), sorted by key. */
static int load_fnames(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM api_functions",
		"SELECT domain, cbid, name_id FROM api_functions",
		sizeof(struct fname), UINT32_MAX, "API functions", fname_row, NULL,
	};
	void *v = NULL;
	int rc = oc_rd_load_table(r, &tl, &v, &r->n_fnames, NULL, NULL);

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
 * the streams (reader-streams.c); until then has_args is 2 and args indexes
 * them in r->row_args, each distinct set once.
 */
static int api_row_v2(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_api *a = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[4], end = 0;

	for (int c = 1; c <= 4; c++)
		if (oc_rd_need_int(r, st, c, "api", id, &v[c - 1]))
			return -1;
	if (id < 0)
		return oc_rd_fail(r, "api row %lld: negative id", (long long)id);
	if (span_end(r, "api", id, v[1], v[2], &end))
		return -1;
	a->correlation_id = (uint32_t)(id >> 3);
	a->domain = (uint8_t)(((id >> 2) & 1) + 1);
	a->cbid = (uint32_t)v[0];
	a->name = find_fname(r, a->domain, a->cbid);
	a->start_ns = v[1];
	a->end_ns = end;
	a->tid = (uint32_t)v[3];
	if (api_status(r, a, id, sqlite3_column_int64(st, 5)))
		return -1;
	a->parent = -1;
	a->stream = -1;
	if (sqlite3_column_type(st, 6) != SQLITE_NULL) {
		struct row_args ra;

		memset(&ra, 0, sizeof ra);
		ra.handle_kind = (uint8_t)sqlite3_column_int64(st, 6);
		if (sqlite3_column_type(st, 7) != SQLITE_NULL && sqlite3_column_type(st, 8) != SQLITE_NULL)
			ra.stream = ((uint64_t)(uint32_t)sqlite3_column_int64(st, 7) << 32 |
				     (uint32_t)sqlite3_column_int64(st, 8)) + 1;
		ra.bytes = (uint64_t)sqlite3_column_int64(st, 9);
		ra.s = -1;
		ra.args = UINT32_MAX;
		if (oc_intern(&r->row_args, &ra, &a->args))
			return oc_rd_fail_nomem(r);
		a->has_args = 2;
	}
	k->a = a->start_ns;
	k->b = id;
	k->c = INT64_MIN;
	return 0;
}

/* A call's key again from its record and its (row id, parent_id): (start,
 * row id, parent_id), as api_row() and api_row_v2() make it. */
static void api_rekey(const void *rec, const struct api_row *side, struct key *k)
{
	const struct oc_api *a = rec;

	k->a = a->start_ns;
	k->b = side->id;
	k->c = side->parent_id;
}

int oc_rd_load_api(struct rd *r, struct api_row **rowmap)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM api",
		"SELECT id, domain, cbid, name_id, start_ns, end_ns, tid, correlation_id,"
		" return_value, parent_id FROM api",
		sizeof(struct oc_api), INT32_MAX, "API calls", api_row, api_rekey,
	};
	static const struct table_load tl2 = {
		"SELECT count(*) FROM api",
		"SELECT id, cbid, start_ns, dur_ns, tid, return_value, handle_kind, context_id,"
		" stream_id, bytes FROM api",
		sizeof(struct oc_api), INT32_MAX, "API calls", api_row_v2, api_rekey,
	};
	struct oc_trace *t = r->t;
	void *v = NULL;
	int rc;

	if (t->version >= 2 && load_fnames(r))
		return -1;
	r->row_args = oc_intern_set(sizeof(struct row_args), ROW_ARGS_KEY);
	/* each call's (row id, parent_id), in the calls' order: the rowmap */
	rc = oc_rd_load_table(r, t->version >= 2 ? &tl2 : &tl, &v, &t->n_api, NULL, rowmap);
	t->api = v;
	return rc;
}

/* ---- syncs, events, overheads, markers ----------------------------------- */

static int sync_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_sync *s = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[3];

	for (int c = 1; c <= 3; c++)
		if (oc_rd_need_int(r, st, c, "syncs", id, &v[c - 1]))
			return -1;
	if (oc_rd_check_span(r, "syncs", id, v[1], v[2]))
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
		sizeof(struct oc_sync), 0, "syncs", sync_row, NULL,
	};
	void *v = NULL;
	int rc = oc_rd_load_table(r, &tl, &v, &r->t->n_syncs, NULL, NULL);

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
	if (oc_rd_check_time(r, "events", (int64_t)e->event_id, "device_ts_ns", e->device_ts_ns))
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
		sizeof(struct oc_event), 0, "events", event_row, NULL,
	};
	void *v = NULL;
	int rc = oc_rd_load_table(r, &tl, &v, &r->t->n_events, NULL, NULL);

	r->t->events = v;
	return rc;
}

static int overhead_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_overhead *o = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[3];

	for (int c = 1; c <= 3; c++)
		if (oc_rd_need_int(r, st, c, "overheads", id, &v[c - 1]))
			return -1;
	if (oc_rd_check_span(r, "overheads", id, v[1], v[2]))
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
		sizeof(struct oc_overhead), 0, "overheads", overhead_row, NULL,
	};
	void *v = NULL;
	int rc = oc_rd_load_table(r, &tl, &v, &r->t->n_overheads, NULL, NULL);

	r->t->overheads = v;
	return rc;
}
