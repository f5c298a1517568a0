/*
 * import-nsys.c: Nsight Systems SQLite exports into traces.
 *
 * Read by NVIDIA's "SQLite Schema Reference" (Nsight Systems Post-Collection
 * Analysis Guide, the schema as of the 2026.4 release, export schema 3.28.1;
 * docs/import.md): the activity tables CUPTI_ACTIVITY_KIND_KERNEL, _MEMCPY,
 * _MEMSET, _SYNCHRONIZATION, _CUDA_EVENT, _RUNTIME (and _DRIVER where an
 * export has it), _OVERHEAD; NVTX_EVENTS; StringIds; TARGET_INFO_GPU,
 * TARGET_INFO_CUDA_DEVICE, TARGET_INFO_CUDA_CONTEXT_INFO,
 * TARGET_INFO_CUDA_STREAM, TARGET_INFO_SESSION_START_TIME,
 * TARGET_INFO_SYSTEM_ENV, PROCESSES, META_DATA_EXPORT, DIAGNOSTIC_EVENT.
 *
 * Tables are created lazily and columns change between versions, so every
 * table and column is looked up by name first (sqlite_master, table_info):
 * a missing column reads as NULL, a missing table is a warning that says
 * what it costs. Only an export without StringIds, or without any device-op
 * table, is refused. Enumerations are mapped by the names in their ENUM_*
 * tables where the export has them (nsys numbers some of them its own way:
 * memory kinds start at 0 for pageable), else by CUPTI's documented values.
 *
 * Rows go straight from the export to the traces, one writer per process
 * (the pid inside globalPid / globalTid, "Serialized GlobalId": bits 24..47),
 * so memory does not grow with the export. Times are ns since the session
 * start (TARGET_INFO_SESSION_START_TIME.utcEpochNs), which becomes the
 * trace's start.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "importer.h"
#include "overlapcheck/codes.h"


#define NONE INT64_MIN
#define LIMIT (INT64_C(1) << 61)

/* A usable [start, end]: both known, in order, within +-2^61 ns. */
static int span_ok(int64_t start, int64_t end)
{
	return start != NONE && end != NONE && start >= -LIMIT && end <= LIMIT && end >= start;
}

/* ---- tables and columns --------------------------------------------------- */

enum {
	T_STRINGS, T_KERNEL, T_MEMCPY, T_MEMSET, T_SYNC, T_EVENT, T_RUNTIME, T_DRIVER, T_OVERHEAD,
	T_NVTX, T_GPU, T_CUDA_DEVICE, T_CONTEXT, T_STREAM, T_START, T_ENV, T_PROCESSES, T_EXPORT,
	T_DIAG, T_E_MEMCPY, T_E_MEMKIND, T_E_SYNC, T_E_STREAM, T_E_CLASS, T_E_NVTX, T_E_OVERHEAD,
	T_COUNT
};

static const char *const tables[T_COUNT] = {
	"StringIds", "CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY",
	"CUPTI_ACTIVITY_KIND_MEMSET", "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION",
	"CUPTI_ACTIVITY_KIND_CUDA_EVENT", "CUPTI_ACTIVITY_KIND_RUNTIME", "CUPTI_ACTIVITY_KIND_DRIVER",
	"CUPTI_ACTIVITY_KIND_OVERHEAD", "NVTX_EVENTS", "TARGET_INFO_GPU", "TARGET_INFO_CUDA_DEVICE",
	"TARGET_INFO_CUDA_CONTEXT_INFO", "TARGET_INFO_CUDA_STREAM", "TARGET_INFO_SESSION_START_TIME",
	"TARGET_INFO_SYSTEM_ENV", "PROCESSES", "META_DATA_EXPORT", "DIAGNOSTIC_EVENT",
	"ENUM_CUDA_MEMCPY_OPER", "ENUM_CUDA_MEM_KIND", "ENUM_CUPTI_SYNC_TYPE", "ENUM_CUPTI_STREAM_TYPE",
	"ENUM_NSYS_EVENT_CLASS", "ENUM_NSYS_EVENT_TYPE", "ENUM_CUPTI_OVERHEAD_TYPE",
};

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

static int ns_sql(struct ns *s, const char *what)
{
	return oc_imp_fail(s->im, "cannot read %s: %s", what, sqlite3_errmsg(s->db));
}

static void absent(struct ns *s, const char *what)
{
	size_t n = strlen(s->absent);

	if (strstr(s->absent, what))
		return;
	snprintf(s->absent + n, sizeof s->absent - n, "%s%s", n ? ", " : "", what);
}

static int find_tables(struct ns *s)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(s->db, "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')",
			       -1, &st, NULL) != SQLITE_OK)
		return ns_sql(s, "the export's tables");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *n = (const char *)sqlite3_column_text(st, 0);

		for (int i = 0; n && i < T_COUNT; i++)
			if (!strcmp(n, tables[i]))
				s->has[i] = 1;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return ns_sql(s, "the export's tables");
	return 0;
}

/* Whether table has column. */
static int has_column(struct ns *s, int table, const char *col)
{
	char *sql = sqlite3_mprintf("SELECT 1 FROM pragma_table_info(%Q) WHERE name = %Q",
				    tables[table], col);
	sqlite3_stmt *st;
	int found = 0;

	if (!sql)
		return 0;
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) == SQLITE_OK) {
		found = sqlite3_step(st) == SQLITE_ROW;
		sqlite3_finalize(st);
	}
	sqlite3_free(sql);
	return found;
}

/*
 * "SELECT a.c1, a.c2, ... FROM table a" with NULL for each column the table
 * lacks, plus extra (joins, WHERE) appended. cols[i] "x|y" takes the first
 * column present. Returns the prepared statement, or NULL (message set).
 */
static sqlite3_stmt *select_cols(struct ns *s, int table, const char *const *cols, size_t n,
				 const char *extra, char *missing, size_t mlen)
{
	char sql[4096];
	size_t pos;
	sqlite3_stmt *st = NULL;

	pos = (size_t)snprintf(sql, sizeof sql, "SELECT ");
	if (missing && mlen)
		missing[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		char alt[256], *save = NULL, *c;
		const char *use = NULL;

		snprintf(alt, sizeof alt, "%s", cols[i]);
		for (c = strtok_r(alt, "|", &save); c; c = strtok_r(NULL, "|", &save))
			if (c[0] == '=' || has_column(s, table, c)) {
				use = c;
				break;
			}
		if (use && use[0] == '=')
			pos += (size_t)snprintf(sql + pos, sizeof sql - pos, "%s%s", i ? ", " : "", use + 1);
		else if (use)
			pos += (size_t)snprintf(sql + pos, sizeof sql - pos, "%sa.\"%s\"", i ? ", " : "", use);
		else {
			pos += (size_t)snprintf(sql + pos, sizeof sql - pos, "%sNULL", i ? ", " : "");
			if (missing && strlen(missing) + strlen(cols[i]) + 3 < mlen)
				snprintf(missing + strlen(missing), mlen - strlen(missing), "%s%s",
					 missing[0] ? ", " : "", cols[i]);
		}
		if (pos >= sizeof sql)
			break;
	}
	snprintf(sql + pos, sizeof sql - pos, " FROM \"%s\" a %s", tables[table], extra ? extra : "");
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
		ns_sql(s, tables[table]);
		return NULL;
	}
	return st;
}

static int64_t col_i64(sqlite3_stmt *st, int c)
{
	return sqlite3_column_type(st, c) == SQLITE_NULL ? NONE : sqlite3_column_int64(st, c);
}

/* CUPTI's "not applicable" ids (0xFFFFFFFF), nsys's -1, and NULL: -1. */
static int64_t opt_id(int64_t v)
{
	return v == NONE || v < 0 || v >= 0xFFFFFFFFll ? -1 : v;
}

static uint32_t u32(int64_t v)
{
	return v == NONE || v < 0 || v > UINT32_MAX ? 0 : (uint32_t)v;
}

static int32_t i32(int64_t v)
{
	return v == NONE || v < INT32_MIN || v > INT32_MAX ? -1 : (int32_t)v;
}

/* The process inside a Serialized GlobalId. */
static long gpid(int64_t g)
{
	return g == NONE ? -1 : (long)(((uint64_t)g >> 24) & 0xFFFFFF);
}

static uint32_t gtid(int64_t g)
{
	return g == NONE ? 0 : (uint32_t)((uint64_t)g & 0xFFFFFF);
}

/* ---- enumerations ---------------------------------------------------------- */

static int has_word(const char *name, const char *label, const char *w)
{
	return (name && strcasestr(name, w)) || (label && strcasestr(label, w));
}

static int64_t map_copy_kind(const char *n, const char *l)
{
	static const struct { const char *w, *label; int64_t v; } k[] = {
		{ "HTOD", "Host-to-Device", OC_COPY_HTOD }, { "DTOH", "Device-to-Host", OC_COPY_DTOH },
		{ "HTOA", "Host-to-Array", OC_COPY_HTOA }, { "ATOH", "Array-to-Host", OC_COPY_ATOH },
		{ "ATOA", "Array-to-Array", OC_COPY_ATOA }, { "ATOD", "Array-to-Device", OC_COPY_ATOD },
		{ "DTOA", "Device-to-Array", OC_COPY_DTOA }, { "DTOD", "Device-to-Device", OC_COPY_DTOD },
		{ "HTOH", "Host-to-Host", OC_COPY_HTOH }, { "PTOP", "Peer-to-Peer", OC_COPY_PTOP },
	};

	if (has_word(n, l, "UVM") || has_word(n, l, "Unified"))
		return -2;      /* unified-memory migration: not a copy the program queued */
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
		if ((n && strcasestr(n, k[i].w)) || (l && !strcasecmp(l, k[i].label)))
			return k[i].v;
	return OC_COPY_UNKNOWN;
}

static int64_t map_mem_kind(const char *n, const char *l)
{
	if (has_word(n, l, "DEVICE_STATIC") || has_word(n, l, "Device Static"))
		return OC_MEM_DEVICE_STATIC;
	if (has_word(n, l, "MANAGED_STATIC") || has_word(n, l, "Managed Static"))
		return OC_MEM_MANAGED_STATIC;
	if (has_word(n, l, "PAGEABLE"))
		return OC_MEM_PAGEABLE;
	if (has_word(n, l, "PINNED"))
		return OC_MEM_PINNED;
	if (has_word(n, l, "DEVICE"))
		return OC_MEM_DEVICE;
	if (has_word(n, l, "ARRAY"))
		return OC_MEM_ARRAY;
	if (has_word(n, l, "MANAGED"))
		return OC_MEM_MANAGED;
	return OC_MEM_UNKNOWN;
}

static int64_t map_sync_type(const char *n, const char *l)
{
	if (has_word(n, l, "WAIT"))
		return OC_SYNC_STREAM_WAIT_EVENT;
	if (has_word(n, l, "EVENT"))
		return OC_SYNC_EVENT;
	if (has_word(n, l, "STREAM"))
		return OC_SYNC_STREAM;
	if (has_word(n, l, "CONTEXT"))
		return OC_SYNC_CONTEXT;
	return OC_SYNC_UNKNOWN;
}

static int64_t map_stream_type(const char *n, const char *l)
{
	if (has_word(n, l, "NON_BLOCKING") || has_word(n, l, "Non-blocking"))
		return 2;
	if (has_word(n, l, "NULL"))
		return 3;
	if (has_word(n, l, "DEFAULT"))
		return 1;
	return 0;
}

static int64_t map_event_class(const char *n, const char *l)
{
	if (has_word(n, l, "CUDA_DRIVER") || (l && !strcasecmp(l, "CUDA driver")))
		return OC_API_DRIVER;
	if (has_word(n, l, "CUDA_RUNTIME") || (l && !strcasecmp(l, "CUDA runtime")))
		return OC_API_RUNTIME;
	return -1;
}

/* NVTX event types: 1 mark, 2 range, 3 domain creation. */
static int64_t map_nvtx_type(const char *n, const char *l)
{
	if (has_word(n, l, "NvtxMark"))
		return 1;
	if (has_word(n, l, "NvtxPushPopRange") || has_word(n, l, "NvtxStartEndRange"))
		return 2;
	if (has_word(n, l, "NvtxDomainCreate"))
		return 3;
	return -1;
}

static int64_t map_overhead(const char *n, const char *l)
{
	if (has_word(n, l, "LAZY_FUNCTION") || has_word(n, l, "Lazy function"))
		return OC_OVERHEAD_LAZY_FUNCTION_LOADING;
	if (has_word(n, l, "MODULE_LOADING") || has_word(n, l, "module loading"))
		return OC_OVERHEAD_MODULE_LOADING;
	if (has_word(n, l, "DRIVER_COMPILER") || has_word(n, l, "JIT compiler"))
		return OC_OVERHEAD_DRIVER_COMPILER;
	return 1 << 16;         /* CUPTI's own (buffers, instrumentation): loads no code */
}

typedef int64_t (*enum_fn)(const char *name, const char *label);

static int load_enum(struct ns *s, int table, struct emap *m, enum_fn fn)
{
	sqlite3_stmt *st;
	char sql[200];

	m->n = 0;
	m->from_table = 0;
	if (!s->has[table])
		return 0;
	snprintf(sql, sizeof sql, "SELECT id, %s, %s FROM \"%s\"",
		 has_column(s, table, "name") ? "name" : "NULL",
		 has_column(s, table, "label") ? "label" : "NULL", tables[table]);
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return 0;       /* unusable: CUPTI's values, as without the table */
	while (sqlite3_step(st) == SQLITE_ROW && m->n < 256) {
		m->id[m->n] = sqlite3_column_int64(st, 0);
		m->val[m->n] = fn((const char *)sqlite3_column_text(st, 1),
				  (const char *)sqlite3_column_text(st, 2));
		m->n++;
	}
	sqlite3_finalize(st);
	m->from_table = m->n > 0;
	return 0;
}

/* The value of export id v: by the ENUM table when there is one, else
 * CUPTI's own value (identity) when dflt is NONE, else dflt. */
static int64_t emap(const struct emap *m, int64_t v, int64_t dflt)
{
	if (v == NONE)
		return dflt == NONE ? -1 : dflt;
	if (!m->from_table)
		return dflt == NONE ? v : dflt;
	for (size_t i = 0; i < m->n; i++)
		if (m->id[i] == v)
			return m->val[i];
	return -1;
}

/* ---- processes ------------------------------------------------------------- */

static int lcmp(const void *x, const void *y)
{
	long a = *(const long *)x, b = *(const long *)y;

	return (a > b) - (a < b);
}

static int add_pid(struct ns *s, long pid, size_t *cap)
{
	for (size_t i = 0; i < s->n_pids; i++)
		if (s->pids[i] == pid)
			return 0;
	if (s->n_pids == *cap) {
		size_t nc = *cap ? *cap * 2 : 16;
		long *p = realloc(s->pids, nc * sizeof *p);

		if (!p)
			return oc_imp_fail(s->im, "out of memory");
		s->pids = p;
		*cap = nc;
	}
	s->pids[s->n_pids++] = pid;
	return 0;
}

/* The processes with CUDA work: from the device ops and the API calls. */
static int find_pids(struct ns *s)
{
	static const struct { int table; const char *col; } src[] = {
		{ T_KERNEL, "globalPid" }, { T_MEMCPY, "globalPid" }, { T_MEMSET, "globalPid" },
		{ T_RUNTIME, "globalTid" }, { T_DRIVER, "globalTid" },
	};
	size_t cap = 0;

	s->pid_known = 1;
	for (size_t i = 0; i < sizeof src / sizeof src[0]; i++) {
		char sql[256];
		sqlite3_stmt *st;

		if (!s->has[src[i].table])
			continue;
		if (!has_column(s, src[i].table, src[i].col)) {
			if (src[i].table <= T_MEMSET)
				s->pid_known = 0;
			continue;
		}
		snprintf(sql, sizeof sql, "SELECT DISTINCT (\"%s\" >> 24) & 16777215 FROM \"%s\""
			 " WHERE \"%s\" IS NOT NULL", src[i].col, tables[src[i].table], src[i].col);
		if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
			return ns_sql(s, tables[src[i].table]);
		while (sqlite3_step(st) == SQLITE_ROW)
			if (add_pid(s, (long)sqlite3_column_int64(st, 0), &cap)) {
				sqlite3_finalize(st);
				return -1;
			}
		sqlite3_finalize(st);
	}
	if (!s->pid_known || !s->n_pids) {
		s->n_pids = 0;
		s->pid_known = 0;
		if (add_pid(s, -1, &cap))
			return -1;
	}
	oc_sort(s->pids, s->n_pids, sizeof *s->pids, lcmp);
	return 0;
}

/* The writer of process pid, or NULL when it is not written. */
static struct nproc *proc_of(struct ns *s, long pid)
{
	if (!s->pid_known || s->n_procs == 1)
		return s->n_procs == 1 && (!s->pid_known || s->procs[0].pid == pid) ? &s->procs[0] : NULL;
	for (size_t i = 0; i < s->n_procs; i++)
		if (s->procs[i].pid == pid)
			return &s->procs[i];
	return NULL;
}

/* The writer for a row with globalPid/globalTid g (NONE: unknown). */
static struct nproc *route(struct ns *s, int64_t g)
{
	if (g == NONE) {
		if (s->n_pids == 1 && s->n_procs == 1)
			return &s->procs[0];
		s->n_unattributed++;
		return NULL;
	}
	return proc_of(s, gpid(g));
}

/* ---- rows ------------------------------------------------------------------ */

static int wfail(struct ns *s, struct nproc *p)
{
	return oc_imp_fail(s->im, "cannot write trace '%s': %s", p->open ? p->path : "?",
			   tw_errmsg(&p->w));
}

static int warn_missing(struct ns *s, int table, const char *missing, const char *cost)
{
	char code[64];

	if (!missing[0])
		return 0;
	snprintf(code, sizeof code, "missing_columns_%d", table);
	return oc_imp_warn(s->im, code, "%s has no column %s: %s", tables[table], missing, cost);
}

static int add_graph(struct ns *s, long pid, uint32_t corr, int64_t graph)
{
	if (s->n_graphs == s->cap_graphs) {
		size_t nc = s->cap_graphs ? s->cap_graphs * 2 : 64;
		struct ngraph *g = realloc(s->graphs, nc * sizeof *g);

		if (!g)
			return oc_imp_fail(s->im, "out of memory");
		s->graphs = g;
		s->cap_graphs = nc;
	}
	s->graphs[s->n_graphs++] = (struct ngraph){ pid, corr, graph };
	return 0;
}

static int graph_cmp(const void *x, const void *y)
{
	const struct ngraph *a = x, *b = y;

	if (a->pid != b->pid)
		return (a->pid > b->pid) - (a->pid < b->pid);
	return (a->corr > b->corr) - (a->corr < b->corr);
}

/* The graph id of a copy or memset node: its launch's kernels', else 1. */
static uint64_t graph_of(const struct ns *s, long pid, uint32_t corr)
{
	size_t lo = 0, hi = s->n_graphs;
	struct ngraph k = { pid, corr, 0 };

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (graph_cmp(&s->graphs[mid], &k) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->n_graphs && !graph_cmp(&s->graphs[lo], &k) ? (uint64_t)s->graphs[lo].graph : 1;
}

/*
 * Each row of one table through row(): the columns cols (select_cols), the
 * missing ones warned of at the cost cost (NULL: not warned of). What a row
 * function needs besides the row is in struct ns (table: the table read).
 * row() returns 0, or -1 with the message set.
 */
typedef int (*row_fn)(struct ns *s, sqlite3_stmt *st);

static int each_row(struct ns *s, int table, const char *const *cols, size_t n, const char *extra,
		    const char *cost, row_fn row)
{
	char missing[400];
	sqlite3_stmt *st;
	int rc;

	if (!s->has[table])
		return 0;
	s->table = table;
	st = select_cols(s, table, cols, n, extra, missing, sizeof missing);
	if (!st)
		return -1;
	if (cost && warn_missing(s, table, missing, cost)) {
		sqlite3_finalize(st);
		return -1;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (row(s, st)) {
			sqlite3_finalize(st);
			return -1;
		}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : ns_sql(s, tables[table]);
}

static int kernel_row(struct ns *s, sqlite3_stmt *st)
{
	int64_t start = col_i64(st, 0), end = col_i64(st, 1);
	struct nproc *p;

	if (!span_ok(start, end)) {
		s->n_bad++;
		return 0;
	}
	if (!(p = route(s, col_i64(st, 6))))
		return 0;
	const char *name = (const char *)sqlite3_column_text(st, 7);
	struct tw_op o = {
		.start_ns = start, .dur_ns = end - start, .device = u32(col_i64(st, 2)),
		.context = u32(col_i64(st, 3)), .stream = u32(col_i64(st, 4)),
		.corr = u32(col_i64(st, 5)), .kind = OC_OP_KERNEL, .src_device = -1,
		.dst_device = -1, .registers = i32(col_i64(st, 14)),
		.static_smem = i32(col_i64(st, 15)), .dynamic_smem = i32(col_i64(st, 16)),
	};

	for (int i = 0; i < 3; i++) {
		o.grid[i] = i32(col_i64(st, 8 + i)) < 0 ? 0 : i32(col_i64(st, 8 + i));
		o.block[i] = i32(col_i64(st, 11 + i)) < 0 ? 0 : i32(col_i64(st, 11 + i));
	}
	int64_t node = col_i64(st, 17), graph = col_i64(st, 18);

	if (node != NONE && node > 0) {
		o.graph_node_id = (uint64_t)node;
		o.graph_id = graph != NONE && graph > 0 ? (uint64_t)graph : 1;
		if (add_graph(s, p->pid, o.corr, (int64_t)o.graph_id))
			return -1;
	}
	o.name = tw_str(&p->w, name ? name : "?", name ? (size_t)sqlite3_column_bytes(st, 7) : 1);
	return o.name < 0 || tw_op(&p->w, &o) ? wfail(s, p) : 0;
}

static int read_kernels(struct ns *s)
{
	static const char *const cols[] = {
		"start", "end", "deviceId", "contextId", "streamId", "correlationId", "globalPid",
		"=COALESCE(m.value, d.value, h.value)", "gridX", "gridY", "gridZ", "blockX", "blockY",
		"blockZ", "registersPerThread", "staticSharedMemory", "dynamicSharedMemory",
		"graphNodeId", "graphId",
	};
	char extra[400];

	snprintf(extra, sizeof extra, "LEFT JOIN StringIds m ON m.id = %s LEFT JOIN StringIds d ON d.id = %s"
		 " LEFT JOIN StringIds h ON h.id = %s",
		 has_column(s, T_KERNEL, "mangledName") ? "a.mangledName" : "NULL",
		 has_column(s, T_KERNEL, "demangledName") ? "a.demangledName" : "NULL",
		 has_column(s, T_KERNEL, "shortName") ? "a.shortName" : "NULL");
	if (each_row(s, T_KERNEL, cols, sizeof cols / sizeof cols[0], extra,
		     "those fields are unknown for every kernel", kernel_row))
		return -1;
	if (s->n_graphs)
		oc_sort(s->graphs, s->n_graphs, sizeof *s->graphs, graph_cmp);
	return 0;
}

/* A copy or (s->table T_MEMSET) a memset. */
static int copy_row(struct ns *s, sqlite3_stmt *st)
{
	int64_t start = col_i64(st, 0), end = col_i64(st, 1);
	int memset_ = s->table == T_MEMSET;
	struct nproc *p;

	if (!span_ok(start, end)) {
		s->n_bad++;
		return 0;
	}
	struct tw_op o = {
		.start_ns = start, .dur_ns = end - start, .device = u32(col_i64(st, 2)),
		.context = u32(col_i64(st, 3)), .stream = u32(col_i64(st, 4)),
		.corr = u32(col_i64(st, 5)), .kind = memset_ ? OC_OP_MEMSET : OC_OP_MEMCPY,
		.name = -1, .registers = -1, .static_smem = -1, .dynamic_smem = -1,
		.src_device = -1, .dst_device = -1,
	};
	int64_t b = col_i64(st, 7);

	o.bytes = b == NONE || b < 0 ? 0 : (uint64_t)b;
	if (!memset_) {
		int64_t ck = emap(&s->copy_kind, col_i64(st, 8), NONE);

		if (ck == -2) {
			s->n_uvm++;
			return 0;
		}
		o.copy_kind = ck < 0 || ck > OC_COPY_PTOP ? OC_COPY_UNKNOWN : (uint8_t)ck;
		int64_t sk = emap(&s->mem_kind, col_i64(st, 9), NONE);

		o.src_kind = sk < 0 || sk > OC_MEM_MANAGED_STATIC ? OC_MEM_UNKNOWN : (uint8_t)sk;
		int64_t sd = col_i64(st, 11), dd = col_i64(st, 12);

		if (o.copy_kind == OC_COPY_PTOP || (sd != NONE && dd != NONE && sd >= 0 && dd >= 0 &&
						    sd != dd)) {
			o.kind = OC_OP_MEMCPY_PEER;
			o.src_device = sd == NONE ? -1 : sd;
			o.dst_device = dd == NONE ? -1 : dd;
		}
	}
	int64_t dk = emap(&s->mem_kind, col_i64(st, 10), NONE);

	o.dst_kind = dk < 0 || dk > OC_MEM_MANAGED_STATIC ? OC_MEM_UNKNOWN : (uint8_t)dk;
	if (!(p = route(s, col_i64(st, 6))))
		return 0;
	int64_t node = col_i64(st, 13);

	if (node != NONE && node > 0) {
		o.graph_node_id = (uint64_t)node;
		o.graph_id = graph_of(s, p->pid, o.corr);
	}
	return tw_op(&p->w, &o) ? wfail(s, p) : 0;
}

static int read_copies(struct ns *s)
{
	static const char *const cpy[] = {
		"start", "end", "deviceId", "contextId", "streamId", "correlationId", "globalPid",
		"bytes", "copyKind", "srcKind", "dstKind", "srcDeviceId", "dstDeviceId", "graphNodeId",
	};
	static const char *const set[] = {
		"start", "end", "deviceId", "contextId", "streamId", "correlationId", "globalPid",
		"bytes", "=NULL", "=NULL", "memKind", "=NULL", "=NULL", "graphNodeId",
	};

	return each_row(s, T_MEMCPY, cpy, 14, NULL, "those fields are unknown for every copy (a copy "
			"of unknown memory kind cannot prove pageable_host_memory)", copy_row) ||
	       each_row(s, T_MEMSET, set, 14, NULL, "those fields are unknown for every memset",
			copy_row) ? -1 : 0;
}

/* A runtime or (s->table T_DRIVER) a driver call. */
static int api_row(struct ns *s, sqlite3_stmt *st)
{
	int64_t start = col_i64(st, 0), end = col_i64(st, 1);
	const char *name = (const char *)sqlite3_column_text(st, 4);
	struct nproc *p;

	if (!span_ok(start, end) || col_i64(st, 3) == NONE) {
		s->n_bad++;
		return 0;
	}
	if (!name)
		name = "?";
	size_t len = oc_imp_api_name_len(name, strlen(name));
	int64_t dom = s->table == T_DRIVER ? OC_API_DRIVER : emap(&s->event_class, col_i64(st, 6), -1);

	if (dom != OC_API_RUNTIME && dom != OC_API_DRIVER)
		dom = !strncmp(name, "cu", 2) && strncmp(name, "cuda", 4) ? OC_API_DRIVER : OC_API_RUNTIME;
	if (!(p = route(s, col_i64(st, 2))))
		return 0;
	struct tw_api a = {
		.start_ns = start, .dur_ns = end - start, .corr = u32(col_i64(st, 3)),
		.tid = gtid(col_i64(st, 2)), .domain = (uint8_t)dom, .cbid = -1, .name = name,
		.name_len = len, .ret = i32(col_i64(st, 5)) < 0 ? 0 : i32(col_i64(st, 5)),
	};

	return tw_api(&p->w, &a) ? wfail(s, p) : 0;
}

static int read_api(struct ns *s)
{
	static const char *const cols[] = {
		"start", "end", "globalTid", "correlationId", "=n.value", "returnValue", "eventClass",
	};
	char extra[200];

	for (int t = 0; t < 2; t++) {
		int table = t ? T_DRIVER : T_RUNTIME;

		if (!s->has[table])
			continue;
		snprintf(extra, sizeof extra, "LEFT JOIN StringIds n ON n.id = %s",
			 has_column(s, table, "nameId") ? "a.nameId" : "NULL");
		if (each_row(s, table, cols, sizeof cols / sizeof cols[0], extra, NULL, api_row))
			return -1;
	}
	return 0;
}

static int sync_row(struct ns *s, sqlite3_stmt *st)
{
	int64_t start = col_i64(st, 0), end = col_i64(st, 1);
	struct nproc *p;

	if (!span_ok(start, end)) {
		s->n_bad++;
		return 0;
	}
	if (!(p = route(s, col_i64(st, 5))))
		return 0;
	int64_t type = emap(&s->sync_type, col_i64(st, 6), NONE);
	struct tw_sync y = {
		.start_ns = start, .end_ns = end,
		.type = type < 0 || type > OC_SYNC_CONTEXT ? OC_SYNC_UNKNOWN : (uint32_t)type,
		.context = opt_id(col_i64(st, 2)), .stream = opt_id(col_i64(st, 3)),
		.event = opt_id(col_i64(st, 7)), .corr = opt_id(col_i64(st, 4)), .ret = 0,
	};

	return tw_sync(&p->w, &y) ? wfail(s, p) : 0;
}

static int event_row(struct ns *s, sqlite3_stmt *st)
{
	struct nproc *p;

	if (col_i64(st, 0) == NONE || !(p = route(s, col_i64(st, 5))))
		return 0;
	return tw_event(&p->w, col_i64(st, 0), opt_id(col_i64(st, 1)), opt_id(col_i64(st, 2)),
			opt_id(col_i64(st, 3)), opt_id(col_i64(st, 4))) ? wfail(s, p) : 0;
}

/* An overhead belongs to a thread; one without it to every process. */
static int overhead_row(struct ns *s, sqlite3_stmt *st)
{
	int64_t start = col_i64(st, 0), end = col_i64(st, 1), g = col_i64(st, 2);

	if (!span_ok(start, end))
		return 0;
	int64_t kind = emap(&s->overhead, col_i64(st, 3), NONE);

	for (size_t i = 0; i < s->n_procs; i++) {
		struct nproc *p = &s->procs[i];

		if (g != NONE && s->pid_known && gpid(g) != p->pid)
			continue;
		if (tw_overhead(&p->w, kind < 0 ? 0 : (uint32_t)kind, start, end))
			return wfail(s, p);
	}
	return 0;
}

static int read_syncs_events_overheads(struct ns *s)
{
	static const char *const sc[] = {
		"start", "end", "contextId", "streamId", "correlationId", "globalPid",
		"syncType|deprecatedSyncType", "eventId",
	};
	static const char *const ec[] = {
		"eventId", "contextId", "streamId", "deviceId", "correlationId", "globalPid",
	};
	static const char *const oc[] = { "start", "end", "globalTid", "overheadType" };

	return each_row(s, T_SYNC, sc, sizeof sc / sizeof sc[0], NULL, NULL, sync_row) ||
	       each_row(s, T_EVENT, ec, sizeof ec / sizeof ec[0], NULL, NULL, event_row) ||
	       each_row(s, T_OVERHEAD, oc, sizeof oc / sizeof oc[0], NULL, NULL, overhead_row) ? -1 : 0;
}

/* NVTX: domains in the first pass (s->nvtx_pass 0: their names), marks and ranges in the second. */
static int nvtx_row(struct ns *s, sqlite3_stmt *st)
{
	int64_t start = col_i64(st, 0), end = col_i64(st, 1), g = col_i64(st, 4);
	int64_t kind = emap(&s->nvtx_type, col_i64(st, 2), NONE);
	int64_t dom = col_i64(st, 5);
	const char *text = (const char *)sqlite3_column_text(st, 3);
	struct nproc *p;

	if (!s->nvtx_type.from_table) {     /* the documented values */
		int64_t v = col_i64(st, 2);

		kind = v == 34 ? 1 : v == 59 || v == 60 ? 2 : v == 75 ? 3 : -1;
	}
	if (kind < 0 || !span_ok(start, start) || (s->nvtx_pass == 0) != (kind == 3))
		return 0;
	if (!(p = route(s, g)))
		return 0;
	int64_t name = tw_str(&p->w, text ? text : "", text ? (size_t)sqlite3_column_bytes(st, 3) : 0);

	if (name < 0)
		return wfail(s, p);
	if (kind == 3) {
		if (s->n_doms == s->cap_doms) {
			size_t nc = s->cap_doms ? s->cap_doms * 2 : 16;
			void *q = realloc(s->doms, nc * sizeof *s->doms);

			if (!q)
				return oc_imp_fail(s->im, "out of memory");
			s->doms = q;
			s->cap_doms = nc;
		}
		s->doms[s->n_doms++] = (struct ndomain){ .pid = p->pid, .dom = dom, .name = name };
		return 0;
	}
	int64_t dname = -1;

	for (size_t i = 0; dom != NONE && dom != 0 && i < s->n_doms; i++)
		if (s->doms[i].pid == p->pid && s->doms[i].dom == dom)
			dname = s->doms[i].name;
	int64_t id = ++p->marker;

	if (tw_marker(&p->w, id, kind == 1 ? 1 : 2, start, gtid(g), name, dname) ||
	    (kind == 2 && span_ok(start, end) && tw_marker(&p->w, id, 4, end, gtid(g), -1, -1)))
		return wfail(s, p);
	return 0;
}

static int read_nvtx(struct ns *s)
{
	static const char *const cols[] = {
		"start", "end", "eventType", "=COALESCE(a.text, t.value)", "globalTid", "domainId",
	};
	char extra[200];

	if (!s->has[T_NVTX])
		return 0;
	snprintf(extra, sizeof extra, "LEFT JOIN StringIds t ON t.id = %s ORDER BY a.start",
		 has_column(s, T_NVTX, "textId") ? "a.textId" : "NULL");
	for (s->nvtx_pass = 0; s->nvtx_pass < 2; s->nvtx_pass++)
		if (each_row(s, T_NVTX, cols, sizeof cols / sizeof cols[0], extra, NULL, nvtx_row))
			return -1;
	return 0;
}

/* Streams and contexts, from TARGET_INFO_* (processId: a plain pid). */
static struct nproc *target_proc(struct ns *s, int64_t pid)
{
	return s->pid_known ? proc_of(s, pid == NONE ? -1 : (long)pid) : &s->procs[0];
}

static int stream_row(struct ns *s, sqlite3_stmt *st)
{
	struct nproc *p = target_proc(s, col_i64(st, 4));

	if (!p || col_i64(st, 0) == NONE || col_i64(st, 1) == NONE)
		return 0;
	int64_t flag = emap(&s->stream_type, col_i64(st, 2), NONE);

	return tw_stream(&p->w, col_i64(st, 0), col_i64(st, 1), flag < 0 || flag > 3 ? 0 : (uint32_t)flag,
			 col_i64(st, 3) == NONE ? INT64_MIN : col_i64(st, 3)) ? wfail(s, p) : 0;
}

static int context_row(struct ns *s, sqlite3_stmt *st)
{
	struct nproc *p = target_proc(s, col_i64(st, 3));

	if (!p || col_i64(st, 0) == NONE || col_i64(st, 1) == NONE)
		return 0;
	return tw_context(&p->w, col_i64(st, 0), col_i64(st, 1), opt_id(col_i64(st, 2))) ? wfail(s, p) : 0;
}

static int read_streams(struct ns *s)
{
	static const char *const sc[] = { "contextId", "streamId", "flag", "priority", "processId" };
	static const char *const cc[] = { "contextId", "deviceId", "nullStreamId", "processId" };

	return each_row(s, T_STREAM, sc, 5, NULL, NULL, stream_row) ||
	       each_row(s, T_CONTEXT, cc, 4, NULL, NULL, context_row) ? -1 : 0;
}

/* One text value: SELECT col FROM table WHERE key = val. */
static void text_value(struct ns *s, int table, const char *sql, const char *arg, char *out, size_t len)
{
	sqlite3_stmt *st;

	out[0] = '\0';
	if (!s->has[table] || sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return;
	if (arg)
		sqlite3_bind_text(st, 1, arg, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		snprintf(out, len, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
}

/* The devices: TARGET_INFO_GPU, by CUDA device id (cuDevice, else the
 * process's TARGET_INFO_CUDA_DEVICE mapping, else the row's id). */
static int write_devices(struct ns *s, struct nproc *p)
{
	static const char *const cols[] = {
		"id", "name", "totalMemory", "smCount", "computeMajor", "computeMinor", "asyncEngines",
		"maxWarpsPerSm", "threadsPerWarp", "maxBlocksPerSm", "maxRegistersPerSm",
		"maxShmemPerSm", "uuid", "busLocation", "l2CacheSize", "cuDevice", "maxThreadsPerBlock",
	};
	static const char *const keys[] = {
		NULL, "name", "global_memory_bytes", "sm_count", "cc_major", "cc_minor",
		"async_engine_count", "max_warps_per_sm", NULL, "max_blocks_per_sm",
		"max_registers_per_sm", "max_shared_memory_per_sm", "uuid", "pci_bus_id", "l2_bytes",
		NULL, "max_threads_per_block",
	};
	sqlite3_stmt *st;
	int rc;

	if (!s->has[T_GPU])
		return 0;
	st = select_cols(s, T_GPU, cols, sizeof cols / sizeof cols[0], NULL, NULL, 0);
	if (!st)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t id = col_i64(st, 0), dev = col_i64(st, 15);
		char key[96];

		if (dev == NONE && s->has[T_CUDA_DEVICE] && id != NONE) {
			sqlite3_stmt *q;

			if (sqlite3_prepare_v2(s->db, "SELECT cudaId FROM TARGET_INFO_CUDA_DEVICE WHERE gpuId = ?1"
					       " AND (?2 < 0 OR pid = ?2)", -1, &q, NULL) == SQLITE_OK) {
				sqlite3_bind_int64(q, 1, id);
				sqlite3_bind_int64(q, 2, p->pid);
				if (sqlite3_step(q) == SQLITE_ROW)
					dev = sqlite3_column_int64(q, 0);
				sqlite3_finalize(q);
			}
		}
		if (dev == NONE)
			dev = id;
		if (dev == NONE || dev < 0 || dev > 1000000)
			continue;
		for (size_t c = 1; c < sizeof cols / sizeof cols[0]; c++) {
			if (!keys[c] || sqlite3_column_type(st, (int)c) == SQLITE_NULL)
				continue;
			snprintf(key, sizeof key, "device.%lld.%s", (long long)dev, keys[c]);
			const char *v = (const char *)sqlite3_column_text(st, (int)c);

			if (v && tw_meta(&p->w, key, v)) {
				sqlite3_finalize(st);
				return wfail(s, p);
			}
		}
		int64_t warps = col_i64(st, 7), tpw = col_i64(st, 8);

		if (warps != NONE && warps > 0) {
			snprintf(key, sizeof key, "device.%lld.max_threads_per_sm", (long long)dev);
			if (tw_meta_int(&p->w, key, warps * (tpw != NONE && tpw > 0 ? tpw : 32))) {
				sqlite3_finalize(st);
				return wfail(s, p);
			}
		}
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : ns_sql(s, tables[T_GPU]);
}

static int write_passport(struct ns *s, struct nproc *p)
{
	struct tw *w = &p->w;
	char tool[160];
	int rc;

	snprintf(tool, sizeof tool, "Nsight Systems%s%s", s->product[0] ? " " : "", s->product);
	rc = tw_passport(w, &(struct tw_passport){
		.start_ns = s->start_ns, .start_known = s->have_start, .pid = p->pid,
		.format = "nsys-sqlite", .format_version = s->version[0] ? s->version : "unknown",
		.tool = tool, .source = s->im->input, .absent = s->absent,
	});
	if (p->pid >= 0 && s->has[T_PROCESSES]) {
		sqlite3_stmt *st;

		if (sqlite3_prepare_v2(s->db, "SELECT name FROM PROCESSES WHERE pid = ?1", -1, &st,
				       NULL) == SQLITE_OK) {
			sqlite3_bind_int64(st, 1, p->pid);
			if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
				rc |= tw_meta(w, "cmdline", (const char *)sqlite3_column_text(st, 0));
			sqlite3_finalize(st);
		}
	}
	if (s->host[0])
		rc |= tw_meta(w, "host", s->host);
	if (rc)
		return wfail(s, p);
	return write_devices(s, p);
}

static int read_diagnostics(struct ns *s)
{
	sqlite3_stmt *st;
	size_t n = 0;

	if (!s->has[T_DIAG])
		return 0;
	if (sqlite3_prepare_v2(s->db, "SELECT text FROM DIAGNOSTIC_EVENT WHERE severity >= 2 "
			       "ORDER BY timestamp", -1, &st, NULL) != SQLITE_OK)
		return 0;
	while (sqlite3_step(st) == SQLITE_ROW && n < 20) {
		const char *t = (const char *)sqlite3_column_text(st, 0);
		char code[32];

		if (!t)
			continue;
		snprintf(code, sizeof code, "nsys_diagnostic_%zu", n++);
		if (oc_imp_warn(s->im, code, "Nsight Systems said: %s", t)) {
			sqlite3_finalize(st);
			return -1;
		}
	}
	sqlite3_finalize(st);
	return 0;
}

/* What the export lacks, and what that costs: warnings before any trace. */
static int check_tables(struct ns *s)
{
	struct imp *im = s->im;

	if (!s->has[T_STRINGS])
		return oc_imp_fail(im, "an SQLite database with no StringIds table: not an Nsight Systems "
				   "export (nor an overlapcheck trace)");
	if (!s->has[T_KERNEL] && !s->has[T_MEMCPY] && !s->has[T_MEMSET])
		return oc_imp_fail(im, "an Nsight Systems export without device activity (no "
				   "CUPTI_ACTIVITY_KIND_KERNEL, _MEMCPY or _MEMSET table): nothing to "
				   "import; record with `nsys profile --trace=cuda`");
	absent(s, "ASYNC flag");
	absent(s, "API call arguments");
	absent(s, "exit status");
	absent(s, "dropped-record count");
	absent(s, "environment (CUDA_*)");
	absent(s, "concurrentKernels");
	if (!s->has[T_RUNTIME] && !s->has[T_DRIVER]) {
		absent(s, tables[T_RUNTIME]);
		if (oc_imp_warn(im, "no_runtime_table", "no CUPTI_ACTIVITY_KIND_RUNTIME table: the device "
				"ops have no API calls, so copies and memsets are not claims, no op "
				"has a submission time, and no hidden synchronization can be seen"))
			return -1;
	}
	if (!s->has[T_SYNC]) {
		absent(s, tables[T_SYNC]);
		if (oc_imp_warn(im, "no_sync_table", "no SYNCHRONIZATION table: event and stream waits "
				"are not seen (event_dependency cannot be proven) and explicit "
				"synchronizations are judged by their timestamps only"))
			return -1;
	}
	if (!s->has[T_EVENT]) {
		absent(s, tables[T_EVENT]);
		if (s->has[T_SYNC] && oc_imp_warn(im, "no_event_table", "no CUPTI_ACTIVITY_KIND_CUDA_EVENT "
						  "table: where an event was recorded is not seen, so "
						  "event_dependency cannot be proven"))
			return -1;
	}
	if (!s->has[T_STREAM]) {
		absent(s, tables[T_STREAM]);
		if (oc_imp_warn(im, "no_stream_table", "no TARGET_INFO_CUDA_STREAM table: stream kinds "
				"are unknown, so legacy_default_stream and "
				"default_stream_implicit_sync cannot be proven"))
			return -1;
	}
	if (!s->has[T_CONTEXT])
		absent(s, tables[T_CONTEXT]);
	if (!s->has[T_GPU]) {
		absent(s, tables[T_GPU]);
		if (oc_imp_warn(im, "no_gpu_table", "no TARGET_INFO_GPU table: the devices' properties "
				"are unknown (no sm_saturation, no copy_engine_limit)"))
			return -1;
	}
	if (!s->has[T_START]) {
		absent(s, tables[T_START]);
		if (oc_imp_warn(im, "no_start_time", "no TARGET_INFO_SESSION_START_TIME table: times "
				"are relative to an unknown session start"))
			return -1;
	}
	if (!s->has[T_NVTX])
		absent(s, tables[T_NVTX]);
	if (!s->has[T_E_MEMKIND] && (s->has[T_MEMCPY] || s->has[T_MEMSET])) {
		absent(s, tables[T_E_MEMKIND]);
		if (oc_imp_warn(im, "no_mem_kind_enum", "no ENUM_CUDA_MEM_KIND table: memory kinds are "
				"read as CUPTI's values (recent exports number them their own way: "
				"check pageable and pinned copies by hand)"))
			return -1;
	}
	if (oc_imp_warn(im, "claims_by_api_name", "copies and memsets are claims by the name of the "
			"API call that queued them (cudaMemcpyAsync, cudaMemsetAsync, graph "
			"launches, ...): an Nsight Systems export has no CUPTI ASYNC flag") ||
	    oc_imp_warn(im, "run_facts_unknown", "the program's exit status, dropped records and "
			"environment (CUDA_LAUNCH_BLOCKING, CUDA_DEVICE_MAX_CONNECTIONS) are not in "
			"the export: launch_blocking and hardware_queue_limit cannot be proven; a "
			"per-thread default stream shows as a blocking one"))
		return -1;
	return 0;
}

static void close_all(struct ns *s, int ok)
{
	for (size_t i = 0; i < s->n_procs; i++)
		if (s->procs[i].open) {
			tw_close(&s->procs[i].w, ok, NULL, 0);
			s->procs[i].open = 0;
		}
}

int oc_imp_nsys(struct imp *im, sqlite3 *db)
{
	struct ns *s = calloc(1, sizeof *s);
	int ret = -1;
	char err[4800];

	if (!s)
		return oc_imp_fail(im, "out of memory");
	s->im = im;
	s->db = db;
	if (find_tables(s) || check_tables(s))
		goto out;
	load_enum(s, T_E_MEMCPY, &s->copy_kind, map_copy_kind);
	load_enum(s, T_E_MEMKIND, &s->mem_kind, map_mem_kind);
	load_enum(s, T_E_SYNC, &s->sync_type, map_sync_type);
	load_enum(s, T_E_STREAM, &s->stream_type, map_stream_type);
	load_enum(s, T_E_CLASS, &s->event_class, map_event_class);
	load_enum(s, T_E_NVTX, &s->nvtx_type, map_nvtx_type);
	load_enum(s, T_E_OVERHEAD, &s->overhead, map_overhead);
	text_value(s, T_EXPORT, "SELECT value FROM META_DATA_EXPORT WHERE name = 'EXPORT_SCHEMA_VERSION'",
		   NULL, s->version, sizeof s->version);
	text_value(s, T_EXPORT, "SELECT value FROM META_DATA_EXPORT WHERE name = 'EXPORT_PRODUCT_VERSION'",
		   NULL, s->product, sizeof s->product);
	text_value(s, T_ENV, "SELECT value FROM TARGET_INFO_SYSTEM_ENV WHERE name = 'Hostname'", NULL,
		   s->host, sizeof s->host);
	if (s->has[T_START]) {
		char v[64];

		text_value(s, T_START, "SELECT utcEpochNs FROM TARGET_INFO_SESSION_START_TIME", NULL, v, sizeof v);
		if (v[0]) {
			s->start_ns = strtoll(v, NULL, 10);
			s->have_start = 1;
		}
	}
	if (read_diagnostics(s) || find_pids(s))
		goto out;
	long n_out = oc_imp_choose(im, s->pids, s->n_pids);

	if (n_out < 0)
		goto out;
	s->procs = calloc((size_t)n_out + 1, sizeof *s->procs);
	if (!s->procs) {
		oc_imp_fail(im, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < s->n_pids; i++) {
		if (!oc_imp_wanted(im, s->pids[i]))
			continue;
		struct nproc *p = &s->procs[s->n_procs];

		p->pid = s->pids[i];
		if (oc_imp_output(im, p->pid, (size_t)n_out, p->path, sizeof p->path))
			goto out;
		if (tw_open(&p->w, im->in_memory ? NULL : p->path, im->o->flags, err, sizeof err)) {
			oc_imp_fail(im, "%s", err);
			goto out;
		}
		p->open = 1;
		s->n_procs++;
	}
	for (size_t i = 0; i < s->n_procs; i++)
		if (write_passport(s, &s->procs[i]))
			goto out;
	if (read_kernels(s) || read_copies(s) || read_api(s) || read_syncs_events_overheads(s) ||
	    read_nvtx(s) || read_streams(s))
		goto out;
	if (s->n_bad && oc_imp_warn(im, "bad_rows", "%zu rows had no usable start or end, or ended "
				    "before they started, and were left out", s->n_bad))
		goto out;
	if (s->n_uvm && oc_imp_warn(im, "uvm_copies", "%zu unified-memory migrations "
				    "(CUDA_MEMCPY_KIND_UVM_*) are not copies the program queued and "
				    "were left out, as overlapcheck's own tracer leaves them out", s->n_uvm))
		goto out;
	if (s->n_unattributed && oc_imp_warn(im, "rows_unattributed", "%zu rows name no process "
					     "(NULL globalPid/globalTid) in an export of several: "
					     "left out", s->n_unattributed))
		goto out;
	size_t polls = 0;

	for (size_t i = 0; i < s->n_procs; i++) {
		long n = tw_drop_poll_syncs(&s->procs[i].w);

		if (n < 0) {
			wfail(s, &s->procs[i]);
			goto out;
		}
		polls += (size_t)n;
	}
	if (polls && oc_imp_warn(im, "poll_syncs", "%zu SYNCHRONIZATION rows belong to polling calls "
				 "(cudaStreamQuery, cudaEventQuery): an export has no return value to "
				 "tell a poll that found work pending, and a query does not "
				 "synchronize, so they are left out", polls))
		goto out;
	for (size_t i = 0; i < s->n_procs; i++) {
		struct nproc *p = &s->procs[i];

		for (size_t k = 0; k < im->r->n_warnings; k++)
			if (tw_warning(&p->w, im->codes[k], im->r->warnings[k])) {
				wfail(s, p);
				goto out;
			}
		if (p->w.n_skipped) {
			snprintf(err, sizeof err, "%zu API calls repeated a correlation id more than 4 "
				 "times and were left out", p->w.n_skipped);
			if (tw_warning(&p->w, "api_calls_skipped", err)) {
				wfail(s, p);
				goto out;
			}
		}
	}
	for (size_t i = 0; i < s->n_procs; i++) {
		struct nproc *p = &s->procs[i];
		size_t ops = p->w.n_ops, api = p->w.n_api, syncs = p->w.n_syncs;

		p->open = 0;
		if (tw_close(&p->w, 1, err, sizeof err)) {
			oc_imp_fail(im, "%s", err);
			goto out;
		}
		if (oc_imp_done(im, im->in_memory ? NULL : p->path, p->pid, ops, api, syncs))
			goto out;
	}
	ret = 0;
out:
	close_all(s, 0);
	free(s->procs);
	free(s->pids);
	free(s->graphs);
	free(s->doms);
	free(s);
	return ret;
}
