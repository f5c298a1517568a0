/*
 * import-nsys.h: the Nsight Systems importer's state, shared by its files.
 * Not installed, not used outside src/trace/.
 *
 *   import-nsys.c         the import's order, the passport and device meta
 *                         of each trace, oc_imp_nsys()
 *   import-nsys-rows.c    the activity tables' rows, each into its process's
 *                         trace
 *   import-nsys-schema.c  what the export holds: its tables and columns, its
 *                         enumerations, its processes, what it lacks
 *
 * The calls run one way: import-nsys.c calls the rows and the schema, the
 * rows call the schema; nothing calls back up. Functions return 0, or -1
 * with the message set through oc_imp_fail().
 */
#ifndef OVERLAPCHECK_TRACE_IMPORT_NSYS_H
#define OVERLAPCHECK_TRACE_IMPORT_NSYS_H

#include <stddef.h>
#include <stdint.h>
#include <sqlite3.h>

#include "importer.h"

#define NONE INT64_MIN
#define LIMIT (INT64_C(1) << 61)

/* ---- tables and columns --------------------------------------------------- */

enum {
	T_STRINGS, T_KERNEL, T_MEMCPY, T_MEMSET, T_SYNC, T_EVENT, T_RUNTIME, T_DRIVER, T_OVERHEAD,
	T_NVTX, T_GPU, T_CUDA_DEVICE, T_CONTEXT, T_STREAM, T_START, T_ENV, T_PROCESSES, T_EXPORT,
	T_DIAG, T_E_MEMCPY, T_E_MEMKIND, T_E_SYNC, T_E_STREAM, T_E_CLASS, T_E_NVTX, T_E_OVERHEAD,
	T_COUNT
};

/* The names of the tables above, by T_*. */
extern const char *const ns_tables[T_COUNT];

/* An enumeration: export id -> overlapcheck value (-1 unmapped). */
struct emap {
	int64_t id[256];
	int64_t val[256];
	size_t n;
	int from_table;
};

struct nproc {
	long pid;
	struct tw w;
	char path[4096];
	int open;
	int64_t marker;
	size_t no_api;
};

struct ngraph {                         /* kernels' graph ids by (pid, correlation id) */
	long pid;
	uint32_t corr;
	int64_t graph;
};

struct ndomain {                        /* an NVTX domain's name by (pid, domain id) */
	long pid;
	int64_t dom, name;
};

struct ns {
	struct imp *im;
	sqlite3 *db;
	int has[T_COUNT];
	struct emap copy_kind, mem_kind, sync_type, stream_type, event_class, nvtx_type, overhead;
	char version[64], product[128], host[256];
	int64_t start_ns;
	int have_start, pid_known;
	long *pids;
	size_t n_pids;
	struct nproc *procs;                /* the processes written */
	size_t n_procs;
	struct ngraph *graphs;
	size_t n_graphs, cap_graphs;
	size_t n_bad, n_unattributed, n_uvm;
	char absent[1024];
	int table;                          /* the table each_row() reads */
	int nvtx_pass;
	struct ndomain *doms;
	size_t n_doms, cap_doms;
};

/* ---- small conversions ----------------------------------------------------- */

/* A usable [start, end]: both known, in order, within +-2^61 ns. */
static inline int span_ok(int64_t start, int64_t end)
{
	return start != NONE && end != NONE && start >= -LIMIT && end <= LIMIT && end >= start;
}

static inline int64_t col_i64(sqlite3_stmt *st, int c)
{
	return sqlite3_column_type(st, c) == SQLITE_NULL ? NONE : sqlite3_column_int64(st, c);
}

/* CUPTI's "not applicable" ids (0xFFFFFFFF), nsys's -1, and NULL: -1. */
static inline int64_t opt_id(int64_t v)
{
	return v == NONE || v < 0 || v >= 0xFFFFFFFFll ? -1 : v;
}

static inline uint32_t u32(int64_t v)
{
	return v == NONE || v < 0 || v > UINT32_MAX ? 0 : (uint32_t)v;
}

static inline int32_t i32(int64_t v)
{
	return v == NONE || v < INT32_MIN || v > INT32_MAX ? -1 : (int32_t)v;
}

/* The process inside a Serialized GlobalId. */
static inline long gpid(int64_t g)
{
	return g == NONE ? -1 : (long)(((uint64_t)g >> 24) & 0xFFFFFF);
}

static inline uint32_t gtid(int64_t g)
{
	return g == NONE ? 0 : (uint32_t)((uint64_t)g & 0xFFFFFF);
}

/* ---- import-nsys-schema.c ---------------------------------------------------- */

/* "cannot read WHAT: " and SQLite's message; -1. */
int ns_sql(struct ns *s, const char *what);
/* Add what to the passport's list of what the export lacks (once). */
void ns_absent(struct ns *s, const char *what);
/* s->has[] from the export's tables and views. */
int ns_find_tables(struct ns *s);
/* Whether table has column. */
int ns_has_column(struct ns *s, int table, const char *col);
/* SELECT the columns cols of table (NULL for those it lacks, listed in
 * missing), extra appended; NULL with the message set. */
sqlite3_stmt *ns_select_cols(struct ns *s, int table, const char *const *cols, size_t n,
			     const char *extra, char *missing, size_t mlen);
/* The ENUM_* tables into s's maps (without one: CUPTI's values). */
void ns_load_enums(struct ns *s);
/* The value of export id v (see its definition for dflt). */
int64_t ns_emap(const struct emap *m, int64_t v, int64_t dflt);
/* s->pids: the processes with CUDA work (-1 alone when unknown). */
int ns_find_pids(struct ns *s);
/* The writer of process pid, or NULL when it is not written. */
struct nproc *ns_proc_of(struct ns *s, long pid);
/* The writer for a row with globalPid/globalTid g (NONE: unknown). */
struct nproc *ns_route(struct ns *s, int64_t g);
/* DIAGNOSTIC_EVENT's messages of severity 2 and above (20 at most), as warnings. */
int ns_read_diagnostics(struct ns *s);
/* What the export lacks, and what that costs: warnings before any trace. */
int ns_check_tables(struct ns *s);

/* ---- import-nsys-rows.c ------------------------------------------------------ */

/* "cannot write trace 'PATH': " and the writer's message; -1. */
int ns_wfail(struct ns *s, struct nproc *p);
/* Kernels, copies and memsets, API calls, syncs, events, overheads, NVTX,
 * streams and contexts, in that order, into the open writers. */
int ns_read_rows(struct ns *s);

#endif
