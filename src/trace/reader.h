/*
 * reader.h: the reader of overlapcheck traces (schema/trace.sql, v2, and v1),
 * shared by its files. Not installed, not used outside src/trace/.
 *
 *   reader.c          open and validate the file, the load sequence,
 *                     oc_trace_open()
 *   reader-meta.c     meta, strings, devices, contexts, warnings
 *   reader-tables.c   ops (v2: and op_shapes), api (v2: and api_functions),
 *                     syncs, events, overheads
 *   reader-extras.c   mem, callers, api_summary, markers
 *   reader-streams.c  the streams table and api_args, then the stream kinds
 *   reader-util.c     errors, preparing and counting, checked columns, one
 *                     table into sorted records (every file above)
 *
 * The calls run one way: reader.c calls the loaders, and all of them call
 * reader-util.c.
 *
 * One struct rd lives for one oc_trace_open(); every failure goes through
 * oc_rd_fail() into the caller's buffer as "cannot open trace 'PATH': WHAT".
 * Functions return 0, or -1 with that message set.
 */
#ifndef OVERLAPCHECK_TRACE_READER_H
#define OVERLAPCHECK_TRACE_READER_H

#include <stddef.h>
#include <stdint.h>
#include <sqlite3.h>

#include "model.h"

/* ---- reader state -------------------------------------------------------- */

/* Schema v2: the arguments in an api row, until the streams are in. */
struct row_args {
	uint64_t stream;                /* context_id << 32 | stream_id, + 1; 0 for none */
	uint64_t bytes;
	uint8_t  handle_kind;           /* the last byte compared */
	int32_t  s;                     /* once resolved: the call's stream, or -1 */
	uint32_t args;                  /* ... and its index into t->call_args, else UINT32_MAX */
};
#define ROW_ARGS_KEY (offsetof(struct row_args, handle_kind) + 1)

struct rd {
	struct oc_trace *t;
	struct priv *p;
	sqlite3 *db;
	const char *path;
	char *err;
	size_t errlen;
	struct intern_set shape_set;    /* t->shapes while the ops load */
	struct intern_set op_stream_set;/* p->op_streams while the ops load */
	/* schema v2 */
	struct shape {                  /* a row of op_shapes */
		int64_t id;
		struct oc_shape s;
		uint32_t idx;           /* s's index in t->shapes, UINT32_MAX until an op uses it */
		uint32_t flags;         /* the rest of an op's description, kept in the op */
		uint8_t copy_kind, src_kind, dst_kind;
	} *shapes;                      /* ascending id */
	size_t n_shapes;
	struct fname { int64_t key; int32_t name; } *fnames;  /* api_functions: domain << 32 | cbid */
	size_t n_fnames;
	/* The arguments in api rows, each distinct set once, until the streams
	 * are in (reader-streams.c): a call with has_args 2 indexes them. */
	struct intern_set row_args;     /* of struct row_args */
};

/* ---- reader-util.c ------------------------------------------------------- */

int oc_rd_fail(struct rd *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A failed SQLite call, with the words for the error class that matter. */
int oc_rd_fail_sql(struct rd *r, const char *what);
int oc_rd_fail_nomem(struct rd *r);
int oc_rd_prepare(struct rd *r, const char *sql, sqlite3_stmt **st);
int oc_rd_count_rows(struct rd *r, const char *sql, size_t *n);
/* A NOT NULL integer column: checks type, names the row on failure. */
int oc_rd_need_int(struct rd *r, sqlite3_stmt *st, int col, const char *table,
		   int64_t rowid, int64_t *out);
/* A time no trace holds (codes.h: OC_MAX_TIME_NS) fails: arithmetic on it could overflow. */
int oc_rd_check_time(struct rd *r, const char *table, int64_t rowid, const char *col, int64_t v);
/* Both times within OC_MAX_TIME_NS of the trace start, and end >= start. */
int oc_rd_check_span(struct rd *r, const char *table, int64_t rowid, int64_t start, int64_t end);
/* The index of strings.id id among the n_strs strings loaded, -1 for none. */
int32_t oc_rd_str_index(const struct priv *p, size_t n_strs, int64_t id);
/* A nullable strings.id column to a string index, -1 for NULL/unknown. */
int32_t oc_rd_col_str(struct rd *r, sqlite3_stmt *st, int col);

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
	/* When set, no key is held while the rows are read (issue 35: 32 bytes
	 * a row at the load's peak): each row's key is checked against the
	 * previous one's, and only when they are out of order are the keys made
	 * again, from each record and its (b, c) (side, kept when asked for:
	 * a rekey that reads side, as api_rekey does, needs it asked for), to
	 * sort them. */
	void (*rekey)(const void *rec, const struct api_row *side, struct key *k);
};
/*
 * The table's rows into *recs (*n_recs of them), sorted by their keys:
 * keys (when not NULL) receives the sorted keys. With tl->rekey, keys must
 * be NULL, and side (when not NULL) receives each sorted record's key's
 * (b, c) instead. 0, or -1 with the reader's error set.
 */
int oc_rd_load_table(struct rd *r, const struct table_load *tl, void **recs, size_t *n_recs,
		     struct key **keys, struct api_row **side);

/* ---- reader-meta.c ------------------------------------------------------- */

int oc_rd_load_meta(struct rd *r);
int oc_rd_load_strings(struct rd *r);
/*
 * device.N.FIELD meta keys. Accepted fields (with aliases): name, uuid,
 * cc_major, cc_minor, compute_capability ("9.0"), sm_count
 * (multiprocessor_count), async_engine_count, concurrent_kernels,
 * max_threads_per_sm, max_blocks_per_sm, global_memory_bytes
 * (total_memory, global_memory).
 */
int oc_rd_load_devices(struct rd *r);
void oc_rd_load_run_facts(struct oc_trace *t);
/* The contexts table, sorted by id, into *out (the caller frees it). */
int oc_rd_load_contexts(struct rd *r, struct ctx **out, size_t *n_out);
int oc_rd_load_warnings(struct rd *r);

/* ---- reader-tables.c ----------------------------------------------------- */

int oc_rd_load_ops(struct rd *r);
/* The api table, sorted by (start_ns, id); (*rowmap)[i] is api[i]'s row id
 * and parent_id, for oc_link_parents(). */
int oc_rd_load_api(struct rd *r, struct api_row **rowmap);
int oc_rd_load_syncs(struct rd *r);
int oc_rd_load_events(struct rd *r);
int oc_rd_load_overheads(struct rd *r);

/* ---- reader-extras.c ----------------------------------------------------- */

int oc_rd_load_mem(struct rd *r);
int oc_rd_load_callers(struct rd *r);
int oc_rd_load_queries(struct rd *r);
int oc_rd_load_markers(struct rd *r);

/* ---- reader-streams.c ---------------------------------------------------- */

/*
 * Streams: the streams table, plus every (context, stream) seen in ops or
 * api_args; then op.stream, device ids, and kinds.
 */
int oc_rd_build_streams(struct rd *r, const struct ctx *ctx, size_t n_ctx);

#endif
