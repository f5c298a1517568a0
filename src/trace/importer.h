/*
 * importer.h: what the importers share. Not installed, not used outside
 * src/trace/.
 *
 *   import.c          sniffing, oc_import() and the buffer entry points
 *   import-kineto*.c  Kineto Chrome trace JSON -> records -> writer, in four
 *                     files (import-kineto.h)
 *   import-nsys*.c    Nsight Systems SQLite export -> writer, row by row, in
 *                     three files (import-nsys.h)
 *   import-sql.c      a SQL text dump of a trace, fenced in, into a trace
 *   import-write.c    the trace writer: rows into a new trace file (or an
 *                     in-memory one), strings, shapes and API names interned
 *   json-reader.c     the streaming JSON tokenizer Kineto's reader uses
 *   import-common.c   one import's errors and warnings, the processes
 *                     chosen, output names, the written traces recorded;
 *                     API names and times as every format spells them
 *
 * The calls run one way, down this list: import.c calls the two formats,
 * which call the writer, (Kineto) the tokenizer and import-common.c; the
 * writer calls import-common.c; import-common.c calls none of them. Functions
 * return 0, or -1 with the message set through oc_imp_fail().
 */
#ifndef OVERLAPCHECK_TRACE_IMPORT_PRIV_H
#define OVERLAPCHECK_TRACE_IMPORT_PRIV_H

#include <stddef.h>
#include <stdint.h>
#include <sqlite3.h>

#include "overlapcheck/import.h"

/* ---- one import (import-common.c) ----------------------------------------- */

struct imp {
	const char *input;                  /* as given: messages and the passport */
	const struct oc_import_options *o;
	struct oc_import_result *r;
	char *err;
	size_t errlen;
	int in_memory;                      /* buffer entry points: no file is written */
	char **codes;                       /* warning codes, parallel to r->warnings */
};

/* "cannot import 'INPUT': " and the message into the caller's buffer; -1. */
int oc_imp_fail(struct imp *im, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A warning the input makes necessary, once per code: kept in the result
 * and written into every trace (warnings, source 'import'). 0 or -1. */
int oc_imp_warn(struct imp *im, const char *code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * The processes found, pids[0..n): check o->pid and o->single. Returns how
 * many will be written (1 for a chosen pid), or -1 with the message set.
 */
long oc_imp_choose(struct imp *im, const long *pids, size_t n);
/* Whether pid is to be written (o->pid, or every one). */
int oc_imp_wanted(const struct imp *im, long pid);
/* The output path of process pid's trace when n are written; NULL for an
 * in-memory import. Returns 0 or -1 (message set). */
int oc_imp_output(struct imp *im, long pid, size_t n, char *out, size_t outlen);
/* Record a written trace in the result. 0 or -1. */
int oc_imp_done(struct imp *im, const char *path, long pid, size_t ops, size_t api, size_t syncs);

/* ---- the formats ---------------------------------------------------------- */

/* Bytes of a Kineto input: a gz file (zlib reads plain files too), or a
 * buffer (gzip detected from its magic). */
struct kin_source;
int oc_imp_kineto_file(struct imp *im, const char *path);
int oc_imp_kineto_buffer(struct imp *im, const uint8_t *data, size_t size);
/* An open Nsight Systems export. */
int oc_imp_nsys(struct imp *im, sqlite3 *db);
/* A SQL text dump (plain or gzipped) loaded into the output, which must
 * then be a trace. */
int oc_imp_sql_dump(struct imp *im, const char *path);
/* import-nsys.c: the Nsight Systems export at path. */
int oc_imp_nsys_file(struct imp *im, const char *path);
/* import-common.c: OC_INPUT_NSYS_SQLITE for an export's tables, else OC_INPUT_TRACE. */
enum oc_input_format oc_imp_sqlite_kind(sqlite3 *db);

/* ---- names and times (import-common.c) ------------------------------------ */

/* API names as overlapcheck stores them: without CUPTI's "_vNNNN" tag
 * (cudaLaunchKernel_v7000 -> cudaLaunchKernel; _ptsz/_ptds kept). The
 * length of the name to keep. */
size_t oc_imp_api_name_len(const char *name, size_t len);
/* UTC time ns since the epoch as 2026-01-31T12:00:00.000Z; "unknown" for ns < 0. */
void oc_imp_iso_time(int64_t ns, char *buf, size_t len);

/* ---- the trace writer (import-write.c) ------------------------------------ */

struct tw_map;   /* byte-string keys -> int64 values (import-write.c) */

struct tw {
	sqlite3 *db;
	char *path;                         /* NULL: in memory */
	sqlite3_stmt *st_str, *st_shape, *st_op, *st_api, *st_fn, *st_sync, *st_event,
		     *st_marker, *st_overhead, *st_warn, *st_stream, *st_ctx;
	struct tw_map *strings, *shapes, *fns, *cbids;
	int64_t next_str, next_shape, next_cbid;
	size_t n_ops, n_api, n_syncs, n_skipped;
};

struct tw_op {
	int64_t start_ns, dur_ns;           /* device time, relative to the trace start */
	uint32_t device, context, stream, corr;
	uint8_t kind, copy_kind, src_kind, dst_kind;   /* codes.h */
	uint64_t bytes;
	int64_t name;                       /* kernels: tw_str() of the mangled name, else -1 */
	int32_t grid[3], block[3];
	int32_t registers, static_smem, dynamic_smem;  /* -1: unknown */
	uint64_t graph_id, graph_node_id;   /* 0: not a graph node */
	int64_t src_device, dst_device;     /* peer copies, else -1 */
};

struct tw_api {
	int64_t start_ns, dur_ns;           /* CPU time */
	uint32_t corr, tid;
	uint8_t domain;                     /* OC_API_RUNTIME, OC_API_DRIVER */
	int64_t cbid;                       /* CUPTI's callback id, -1 when the input has none */
	const char *name;
	size_t name_len;
	int32_t ret;
};

struct tw_sync {
	int64_t start_ns, end_ns;
	uint32_t type;                      /* enum oc_sync_type */
	int64_t context, stream, event, corr;   /* -1: unknown / not applicable */
	int32_t ret;
};

/* Open a new trace at path (NULL: in memory) with the schema, in one
 * transaction that tw_close() commits. OC_IMPORT_FORCE replaces a file,
 * OC_IMPORT_TEMP writes into an existing empty one. 0 or -1 (err). */
int tw_open(struct tw *w, const char *path, unsigned flags, char *err, size_t errlen);
/* Commit and close (ok), or roll back, close and remove the file. 0 or -1. */
int tw_close(struct tw *w, int ok, char *err, size_t errlen);
/* strings.id of s[0..len), interned; -1 out of memory or on error. */
int64_t tw_str(struct tw *w, const char *s, size_t len);
int tw_meta(struct tw *w, const char *key, const char *value);
int tw_meta_int(struct tw *w, const char *key, long long value);
/*
 * The meta every imported trace has: tool_version, trace_start_ns, start_time
 * (of start_ns, "unknown" when start_known is 0), pid (pid < 0: none), what
 * an import cannot know (tracer_status imported; exit_status, dropped and
 * incomplete records unknown; claims by API name) and the import.* passport
 * (docs/schema.md). 0 or -1.
 */
struct tw_passport {
	int64_t start_ns;
	int start_known;
	long pid;
	const char *format, *format_version, *tool, *source, *absent;
};
int tw_passport(struct tw *w, const struct tw_passport *pp);
int tw_op(struct tw *w, const struct tw_op *op);
/* An API call; its row id encodes (corr, domain) with up to 4 calls per
 * pair (schema/trace.sql): a fifth is counted in n_skipped. */
int tw_api(struct tw *w, const struct tw_api *a);
int tw_sync(struct tw *w, const struct tw_sync *s);
int tw_event(struct tw *w, int64_t event_id, int64_t context, int64_t stream, int64_t device,
	     int64_t corr);
int tw_marker(struct tw *w, int64_t marker_id, uint32_t flags, int64_t ts_ns, int64_t tid,
	      int64_t name, int64_t domain);
int tw_overhead(struct tw *w, uint32_t kind, int64_t start_ns, int64_t end_ns);
int tw_stream(struct tw *w, int64_t context, int64_t stream, uint32_t flag, int64_t priority);
int tw_context(struct tw *w, int64_t id, int64_t device, int64_t null_stream);
int tw_warning(struct tw *w, const char *code, const char *message);
/* Drop the syncs of polling calls (cudaStreamQuery, cudaEventQuery, their
 * driver twins): an input without return values cannot tell a poll that
 * found work pending, and a query does not synchronize. Returns how many,
 * or -1. */
long tw_drop_poll_syncs(struct tw *w);
/* The message of the writer's last SQLite error. */
const char *tw_errmsg(const struct tw *w);

#endif
