/*
 * writer-rows.c: the prepared statements, the transactions and the row
 * writers for CUPTI activity records.
 *
 * Every statement the writer runs is prepared once, when the file opens, from
 * the table below; a row writer binds every parameter and steps it
 * (step_done, note_rc in writer-priv.h), or, for ops rows, hands them to the
 * batched rows (writer-join.c, which writer-rows.c calls down to, as a
 * commit does to write them first), and the first error of a batch fails
 * the batch. A buffer is decoded record by record (records.c) and each record
 * goes into its table; API records go through writer-join.c, which joins them
 * with the callbacks' argument rows (the warnings row is written in
 * writer-state.c, below every file that reports one). Schema v2 has no secondary index: each
 * row costs one b-tree insert into its table (at the right edge for ops; api
 * rows follow correlation order, which records from several threads only
 * roughly keep).
 */
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/codes.h"
#include "writer-priv.h"

static const char *const stmt_sql[ST_COUNT] = {
	[ST_OP] = "INSERT INTO ops(kind, start_ns, dur_ns, device_id, context_id, stream_id,"
		  " correlation_id, shape_id, channel_id) VALUES (?,?,?,?,?,?,?,?,?)",
	[ST_SHAPE] = "INSERT INTO op_shapes(id, name_id, bytes, copy_kind, src_kind, dst_kind,"
		     " flags, channel_type, copy_count, src_device_id, dst_device_id,"
		     " grid_x, grid_y, grid_z, block_x, block_y, block_z, registers, static_smem,"
		     " dynamic_smem, graph_id, graph_node_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,"
		     "?,?,?,?,?,?,?,?)",
	[ST_API] = "INSERT INTO api(id, cbid, start_ns, dur_ns, tid, return_value, handle_kind,"
		   " context_id, stream_id, host_ptr, bytes) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
	[ST_API_LATE] = "UPDATE api SET handle_kind = ?2, context_id = ?3, stream_id = ?4,"
			" host_ptr = ?5, bytes = ?6 WHERE id = (SELECT min(id) FROM api"
			" WHERE id BETWEEN ?1 AND ?1 + 3 AND handle_kind IS NULL)",
	[ST_API_FUNCTION] = "INSERT OR IGNORE INTO api_functions(domain, cbid, name_id) VALUES (?,?,?)",
	[ST_ARGS] = "INSERT OR REPLACE INTO api_args(correlation_id, domain, cbid, tid,"
		    " stream_handle, handle_kind, context_id, stream_id, host_ptr, bytes,"
		    " event_handle, flags) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
	[ST_SYNC] = "INSERT INTO syncs(type, start_ns, end_ns, context_id, stream_id, event_id,"
		    " correlation_id, return_value) VALUES (?,?,?,?,?,?,?,?)",
	[ST_STREAM] = "INSERT INTO streams(context_id, stream_id, flag, priority) VALUES (?,?,?,?)"
		      " ON CONFLICT(context_id, stream_id) DO UPDATE SET"
		      " flag = CASE WHEN excluded.flag != 0 THEN excluded.flag ELSE streams.flag END,"
		      " priority = excluded.priority",
	[ST_STREAM_HANDLE] = "INSERT INTO streams(context_id, stream_id, handle, handle_kind)"
			     " VALUES (?,?,?,?) ON CONFLICT(context_id, stream_id) DO UPDATE SET"
			     " handle = IFNULL(streams.handle, excluded.handle),"
			     " handle_kind = CASE WHEN streams.handle_kind = 0"
			     " THEN excluded.handle_kind ELSE streams.handle_kind END",
	[ST_STREAM_CREATE] = "INSERT INTO streams(context_id, stream_id, flag, priority, handle,"
			     " handle_kind) VALUES (?1,?2,?3,?4,?5,3) ON CONFLICT(context_id,"
			     " stream_id) DO UPDATE SET handle = excluded.handle, handle_kind = 3,"
			     " flag = CASE WHEN streams.flag = 0 THEN excluded.flag"
			     " ELSE streams.flag END,"
			     " priority = IFNULL(streams.priority, excluded.priority)",
	[ST_CONTEXT] = "INSERT OR REPLACE INTO contexts(id, device_id, null_stream_id) VALUES (?,?,?)",
	[ST_NULL_STREAM] = "INSERT INTO streams(context_id, stream_id, flag) VALUES (?,?,3)"
			   " ON CONFLICT(context_id, stream_id) DO UPDATE SET flag = 3"
			   " WHERE streams.flag = 0",
	[ST_EVENT] = "INSERT INTO events(event_id, context_id, stream_id, device_id,"
		     " correlation_id, device_ts_ns, sync_id) VALUES (?,?,?,?,?,?,?)",
	[ST_MARKER] = "INSERT INTO markers(marker_id, flags, ts_ns, tid, name_id, domain_id)"
		      " VALUES (?,?,?,?,?,?)",
	[ST_MARKER_DATA] = "UPDATE markers SET color = ?2, category = ?3 WHERE marker_id = ?1"
			   " AND (flags & 4) = 0",
	[ST_OVERHEAD] = "INSERT INTO overheads(kind, start_ns, end_ns, object_kind, object_id,"
			" correlation_id) VALUES (?,?,?,?,?,?)",
	[ST_WARNING] = "INSERT INTO warnings(ts_ns, pid, source, code, message) VALUES (?,?,?,?,?)",
	[ST_META] = "INSERT OR REPLACE INTO meta(key, value) VALUES (?,?)",
	[ST_META_DEL] = "DELETE FROM meta WHERE key = ?",
	[ST_STRING] = "INSERT OR IGNORE INTO strings(value) VALUES (?)",
	[ST_STRING_FIND] = "SELECT id FROM strings WHERE value = ?",
	[ST_MEM] = "INSERT INTO mem(correlation_id, domain, role, ptr, bytes, info, stream_id)"
		   " VALUES (?,?,?,?,?,?,?)",
	[ST_CALLER] = "INSERT INTO callers(correlation_id, domain, call_ns, frames) VALUES (?,?,?,?)",
	/* ST_OP_N, ST_MEM_N, ST_API_N: ST_OP's, ST_MEM's, ST_API's, OC_WR_ROWS_MAX rows (multi_row_sql) */
	[ST_API_SUMMARY] = "INSERT INTO api_summary(tid, domain, cbid, calls, total_ns, max_ns)"
			   " VALUES (?,?,?,?,?,?) ON CONFLICT(tid, domain, cbid) DO UPDATE SET"
			   " calls = excluded.calls, total_ns = excluded.total_ns,"
			   " max_ns = excluded.max_ns",
};

/* "INSERT ... VALUES (?,...)" of a one-row statement, with OC_WR_ROWS_MAX row groups. */
static char *multi_row_sql(const char *one)
{
	const char *vals = strstr(one, "VALUES (");
	size_t head, group, len;
	char *sql, *p;

	if (!vals)
		return NULL;
	head = (size_t)(vals - one) + strlen("VALUES ");
	group = strlen(vals + strlen("VALUES "));
	len = head + OC_WR_ROWS_MAX * (group + 1) + 1;
	if (!(sql = malloc(len)))
		return NULL;
	memcpy(sql, one, head);
	p = sql + head;
	for (int r = 0; r < OC_WR_ROWS_MAX; r++) {
		if (r)
			*p++ = ',';
		memcpy(p, vals + strlen("VALUES "), group);
		p += group;
	}
	*p = '\0';
	return sql;
}

/* Prepare every statement of stmt_sql; -1 with SQLite's message in err on failure. */
int oc_wr_prepare(char *err, size_t len)
{
	const char *v = getenv("OVERLAPCHECK_ROWS_PER_INSERT");

	oc_wr_batch_setup(v && !strcmp(v, "1") ? 1 : OC_WR_ROWS_MAX);
	for (int i = 0; i < ST_COUNT; i++) {
		char *multi = NULL;
		const char *sql = stmt_sql[i];
		int rc;

		if (i == ST_OP_N || i == ST_MEM_N || i == ST_API_N) {
			multi = multi_row_sql(stmt_sql[i == ST_OP_N ? ST_OP : i == ST_MEM_N ? ST_MEM : ST_API]);
			if (!multi) {
				snprintf(err, len, "out of memory");
				return -1;
			}
			sql = multi;
		}
		rc = sqlite3_prepare_v3(oc_wr.db, sql, -1, SQLITE_PREPARE_PERSISTENT, &oc_wr.st[i], NULL);
		free(multi);
		if (rc != SQLITE_OK) {
			snprintf(err, len, "%s", sqlite3_errmsg(oc_wr.db));
			return -1;
		}
	}
	return 0;
}

/* Finalize the statements (those never prepared are NULL) and forget them. */
void oc_wr_finalize_stmts(void)
{
	for (int i = 0; i < ST_COUNT; i++)
		sqlite3_finalize(oc_wr.st[i]);
	memset(oc_wr.st, 0, sizeof oc_wr.st);
}

/* ---- transactions -------------------------------------------------------- */

void oc_wr_txn_begin(void)
{
	oc_wr.db_error = 0;
	oc_wr_batch_discard();   /* none is left past a commit or a rollback */
	note_rc(sqlite3_exec(oc_wr.db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK ? 0 : sqlite3_errcode(oc_wr.db));
	oc_wr.txn_start_ns = now_mono_ns();
	oc_wr.txn_ops = 0;
}

/* Commit (unless a statement failed: the caller rolls back); the lag of its oldest op. */
void oc_wr_txn_commit(void)
{
	uint64_t t0, dt;
	struct oc_wr_lag *l = &oc_wr.lag;

	if (!oc_wr.db_error)
		oc_wr_batch_flush();
	if (oc_wr.db_error)
		return;
	t0 = now_mono_ns();   /* stats.commit_max_ns: the COMMIT alone */
	if (sqlite3_exec(oc_wr.db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		note_rc(sqlite3_extended_errcode(oc_wr.db));
		return;
	}
	dt = now_mono_ns() - t0;
	if (dt > l->commit_max_ns)
		l->commit_max_ns = dt;
	if (oc_wr.txn_ops) {
		int64_t lag = (int64_t)(now_real_ns() - oc_wr.base_ns) - oc_wr.txn_min_end;
		uint64_t b = lag > 0 ? (uint64_t)lag / 1000000u : 0;

		l->n[b < LAG_BUCKETS ? b : LAG_BUCKETS - 1]++;
		l->commits++;
		if (lag > 0 && (uint64_t)lag > l->max_ns)
			l->max_ns = (uint64_t)lag;
	}
}

/* Mid-batch: a transaction open TXN_SLICE_NS is committed and another begun. */
void oc_wr_txn_slice(void)
{
	if (oc_wr.db_error || now_mono_ns() - oc_wr.txn_start_ns < TXN_SLICE_NS)
		return;
	oc_wr_txn_commit();
	if (!oc_wr.db_error)
		oc_wr_txn_begin();
}

/* ---- rows --------------------------------------------------------------- */

static void write_op(const struct oc_op_row *o)
{
	int64_t shape = oc_wr_shape_id(o, o->name ? oc_wr_intern(o->name) : 0);
	const int64_t v[9] = {
		o->kind, o->start_ns, o->end_ns - o->start_ns, o->device_id, o->context_id,
		o->stream_id, o->correlation_id, shape, o->channel_id,
	};

	oc_wr_batch_add(OC_WR_B_OPS, v);
	oc_wr_note_op(o->correlation_id);
	if (!oc_wr.txn_ops++ || o->end_ns < oc_wr.txn_min_end)
		oc_wr.txn_min_end = o->end_ns;
	if (o->end_ns > oc_wr.txn_max_end)
		oc_wr.txn_max_end = o->end_ns;
	if (o->kind == OC_OP_KERNEL)
		oc_wr.n.kernels++;
	else if (o->kind == OC_OP_MEMSET)
		oc_wr.n.memsets++;
	else
		oc_wr.n.memcpys++;
}

static void write_device(const struct oc_device_row *d)
{
	char key[64];

#define DKEY(suffix) (snprintf(key, sizeof key, "device.%u." suffix, d->id), key)
	if (d->name)
		meta_set(DKEY("name"), d->name);
	meta_set(DKEY("uuid"), d->uuid);
	meta_set_u(DKEY("cc_major"), d->cc_major);
	meta_set_u(DKEY("cc_minor"), d->cc_minor);
	meta_set_u(DKEY("sm_count"), d->sm_count);
	meta_set_u(DKEY("global_memory_bytes"), d->global_memory_bytes);
	meta_set_u(DKEY("global_memory_bandwidth_kbps"), d->global_memory_bandwidth_kbps);
	meta_set_u(DKEY("l2_bytes"), d->l2_bytes);
	meta_set_u(DKEY("core_clock_khz"), d->core_clock_khz);
	meta_set_u(DKEY("num_memcpy_engines"), d->num_memcpy_engines);
	meta_set_u(DKEY("max_warps_per_sm"), d->max_warps_per_sm);
	meta_set_u(DKEY("max_blocks_per_sm"), d->max_blocks_per_sm);
	meta_set_u(DKEY("max_threads_per_block"), d->max_threads_per_block);
	meta_set_u(DKEY("max_shared_memory_per_sm"), d->max_shared_memory_per_sm);
	meta_set_u(DKEY("ecc_enabled"), d->ecc_enabled);
	meta_set_u(DKEY("mig"), d->mig);
	if (d->mig) {
		meta_set_u(DKEY("gpu_instance_id"), d->gpu_instance_id);
		meta_set_u(DKEY("compute_instance_id"), d->compute_instance_id);
	}
#undef DKEY
}

static void write_record(const CUpti_Activity *rec)
{
	struct oc_rec r;
	enum oc_rec_status s = oc_rec_decode(rec, oc_wr.base_ns, &r);
	sqlite3_stmt *st;

	if (s == OC_REC_SKIP)
		return;
	if (s == OC_REC_INCOMPLETE) {
		/* docs/method.md's incomplete records are device ops; anything else is only skipped */
		if (r.type == OC_REC_OP)
			oc_wr.n.incomplete++;
		else
			oc_wr.n.skipped++;
		return;
	}
	oc_wr.n.rows++;
	switch (r.type) {
	case OC_REC_OP:
		write_op(&r.u.op);
		break;
	case OC_REC_API:
		oc_wr_write_api(&r.u.api);
		break;
	case OC_REC_SYNC:
		if (r.u.sync.type == OC_SYNC_CONTEXT &&
		    oc_wr_in_exit_sync(r.u.sync.start_ns, r.u.sync.end_ns))
			break;
		st = oc_wr.st[ST_SYNC];
		sqlite3_bind_int(st, 1, r.u.sync.type);
		sqlite3_bind_int64(st, 2, r.u.sync.start_ns);
		sqlite3_bind_int64(st, 3, r.u.sync.end_ns);
		bind_i(st, 4, r.u.sync.context_id);
		bind_i(st, 5, r.u.sync.stream_id);
		bind_i(st, 6, r.u.sync.event_id);
		bind_i(st, 7, r.u.sync.correlation_id);
		bind_i(st, 8, r.u.sync.return_value);
		note_rc(step_done(st));
		oc_wr.n.syncs++;
		break;
	case OC_REC_STREAM:
		st = oc_wr.st[ST_STREAM];
		sqlite3_bind_int64(st, 1, r.u.stream.context_id);
		sqlite3_bind_int64(st, 2, r.u.stream.stream_id);
		sqlite3_bind_int(st, 3, r.u.stream.flag);
		bind_i(st, 4, r.u.stream.priority);
		note_rc(step_done(st));
		break;
	case OC_REC_CONTEXT:
		st = oc_wr.st[ST_CONTEXT];
		sqlite3_bind_int64(st, 1, r.u.context.id);
		sqlite3_bind_int64(st, 2, r.u.context.device_id);
		bind_i(st, 3, r.u.context.null_stream_id);
		note_rc(step_done(st));
		st = oc_wr.st[ST_NULL_STREAM];
		sqlite3_bind_int64(st, 1, r.u.context.id);
		sqlite3_bind_int64(st, 2, r.u.context.null_stream_id);
		note_rc(step_done(st));
		oc_wr.seen_context = 1;
		break;
	case OC_REC_DEVICE:
		write_device(&r.u.device);
		oc_wr.seen_context = 1;
		break;
	case OC_REC_EVENT:
		st = oc_wr.st[ST_EVENT];
		sqlite3_bind_int64(st, 1, r.u.event.event_id);
		bind_i(st, 2, r.u.event.context_id);
		bind_i(st, 3, r.u.event.stream_id);
		bind_i(st, 4, r.u.event.device_id);
		bind_i(st, 5, r.u.event.correlation_id);
		bind_i(st, 6, r.u.event.device_ts_ns);
		bind_i(st, 7, r.u.event.sync_id);
		note_rc(step_done(st));
		break;
	case OC_REC_MARKER:
		st = oc_wr.st[ST_MARKER];
		sqlite3_bind_int64(st, 1, r.u.marker.marker_id);
		sqlite3_bind_int64(st, 2, r.u.marker.flags);
		sqlite3_bind_int64(st, 3, r.u.marker.ts_ns);
		bind_i(st, 4, r.u.marker.tid);
		bind_id(st, 5, oc_wr_intern(r.u.marker.name));
		bind_id(st, 6, oc_wr_intern(r.u.marker.domain));
		note_rc(step_done(st));
		oc_wr.n.markers++;
		break;
	case OC_REC_MARKER_DATA:
		st = oc_wr.st[ST_MARKER_DATA];
		sqlite3_bind_int64(st, 1, r.u.marker_data.marker_id);
		bind_i(st, 2, r.u.marker_data.color);
		bind_i(st, 3, r.u.marker_data.category);
		note_rc(step_done(st));
		break;
	case OC_REC_OVERHEAD:
		st = oc_wr.st[ST_OVERHEAD];
		bind_i(st, 1, r.u.overhead.kind);
		sqlite3_bind_int64(st, 2, r.u.overhead.start_ns);
		sqlite3_bind_int64(st, 3, r.u.overhead.end_ns);
		bind_i(st, 4, r.u.overhead.object_kind);
		bind_i(st, 5, r.u.overhead.object_id);
		bind_i(st, 6, r.u.overhead.correlation_id);
		note_rc(step_done(st));
		break;
	case OC_REC_NONE:
		break;
	}
}

/* Every record of a buffer, committing a slice at a time (oc_wr_txn_slice()). */
void oc_wr_write_buffer(uint8_t *buf, size_t valid)
{
	CUpti_Activity *rec = NULL;
	unsigned k = 0;

	while (!oc_wr.db_error && cuptiActivityGetNextRecord(buf, valid, &rec) == CUPTI_SUCCESS) {
		write_record(rec);
		if (++k % 256 == 0)
			oc_wr_txn_slice();
	}
}
