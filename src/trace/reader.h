/*
 * reader.h: the reader of overlapcheck traces (schema/trace.sql, v2, and v1),
 * shared by its files. Not installed, not used outside src/trace/.
 *
 *   reader.c          open and validate the file, the load sequence,
 *                     oc_trace_open()
 *   reader-meta.c     meta, strings, devices, contexts, warnings
 *   reader-tables.c   ops (v2: and op_shapes), api (v2: and api_functions),
 *                     syncs, events, overheads, markers
 *   reader-streams.c  the streams table and api_args, then the stream kinds
 *   reader-util.c     errors, preparing and counting (every file above)
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

struct rd {
	struct oc_trace *t;
	struct priv *p;
	sqlite3 *db;
	const char *path;
	char *err;
	size_t errlen;
	/* schema v2 */
	struct shape { int64_t id; struct oc_op op; } *shapes;  /* op_shapes, ascending id */
	size_t n_shapes;
	struct fname { int64_t key; int32_t name; } *fnames;  /* api_functions: domain << 32 | cbid */
	size_t n_fnames;
};

/* ---- reader-util.c ------------------------------------------------------- */

int oc_rd_fail(struct rd *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A failed SQLite call, with the words for the error class that matter. */
int oc_rd_fail_sql(struct rd *r, const char *what);
int oc_rd_fail_nomem(struct rd *r);
int oc_rd_prepare(struct rd *r, const char *sql, sqlite3_stmt **st);
int oc_rd_count_rows(struct rd *r, const char *sql, size_t *n);

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
/* The api table, sorted by (start_ns, id); (*rowmap)[i].id is api[i]'s
 * parent_id row id (INT64_MIN for none), for oc_link_parents(). */
int oc_rd_load_api(struct rd *r, struct idpair **rowmap);
int oc_rd_load_syncs(struct rd *r);
int oc_rd_load_events(struct rd *r);
int oc_rd_load_overheads(struct rd *r);
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
