/*
 * import-nsys-schema.c: what an Nsight Systems export holds, before any row
 * is read: its tables and columns, its enumerations, its processes, and
 * what it lacks.
 *
 * Tables are created lazily and columns change between versions, so every
 * table and column is looked up by name first (sqlite_master, table_info):
 * a missing column reads as NULL, a missing table is a warning that says
 * what it costs. Only an export without StringIds, or without any device-op
 * table, is refused. Enumerations are mapped by the names in their ENUM_*
 * tables where the export has them (nsys numbers some of them its own way:
 * memory kinds start at 0 for pageable), else by CUPTI's documented values.
 * A process is the pid inside globalPid / globalTid ("Serialized GlobalId":
 * bits 24..47); a row goes to its process's writer. The bottom of the
 * Nsight Systems importer: it calls nothing of the other two files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "import-nsys.h"
#include "overlapcheck/codes.h"

/* ---- tables and columns --------------------------------------------------- */

const char *const ns_tables[T_COUNT] = {
	"StringIds", "CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY",
	"CUPTI_ACTIVITY_KIND_MEMSET", "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION",
	"CUPTI_ACTIVITY_KIND_CUDA_EVENT", "CUPTI_ACTIVITY_KIND_RUNTIME", "CUPTI_ACTIVITY_KIND_DRIVER",
	"CUPTI_ACTIVITY_KIND_OVERHEAD", "NVTX_EVENTS", "TARGET_INFO_GPU", "TARGET_INFO_CUDA_DEVICE",
	"TARGET_INFO_CUDA_CONTEXT_INFO", "TARGET_INFO_CUDA_STREAM", "TARGET_INFO_SESSION_START_TIME",
	"TARGET_INFO_SYSTEM_ENV", "PROCESSES", "META_DATA_EXPORT", "DIAGNOSTIC_EVENT",
	"ENUM_CUDA_MEMCPY_OPER", "ENUM_CUDA_MEM_KIND", "ENUM_CUPTI_SYNC_TYPE", "ENUM_CUPTI_STREAM_TYPE",
	"ENUM_NSYS_EVENT_CLASS", "ENUM_NSYS_EVENT_TYPE", "ENUM_CUPTI_OVERHEAD_TYPE",
};

int ns_sql(struct ns *s, const char *what)
{
	return oc_imp_fail(s->im, "cannot read %s: %s", what, sqlite3_errmsg(s->db));
}

void ns_absent(struct ns *s, const char *what)
{
	size_t n = strlen(s->absent);

	if (strstr(s->absent, what))
		return;
	snprintf(s->absent + n, sizeof s->absent - n, "%s%s", n ? ", " : "", what);
}

int ns_find_tables(struct ns *s)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(s->db, "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')",
			       -1, &st, NULL) != SQLITE_OK)
		return ns_sql(s, "the export's tables");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *n = (const char *)sqlite3_column_text(st, 0);

		for (int i = 0; n && i < T_COUNT; i++)
			if (!strcmp(n, ns_tables[i]))
				s->has[i] = 1;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return ns_sql(s, "the export's tables");
	return 0;
}

/* Whether table has column. */
int ns_has_column(struct ns *s, int table, const char *col)
{
	char *sql = sqlite3_mprintf("SELECT 1 FROM pragma_table_info(%Q) WHERE name = %Q",
				    ns_tables[table], col);
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
sqlite3_stmt *ns_select_cols(struct ns *s, int table, const char *const *cols, size_t n,
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
			if (c[0] == '=' || ns_has_column(s, table, c)) {
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
	snprintf(sql + pos, sizeof sql - pos, " FROM \"%s\" a %s", ns_tables[table], extra ? extra : "");
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
		ns_sql(s, ns_tables[table]);
		return NULL;
	}
	return st;
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
		 ns_has_column(s, table, "name") ? "name" : "NULL",
		 ns_has_column(s, table, "label") ? "label" : "NULL", ns_tables[table]);
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

void ns_load_enums(struct ns *s)
{
	load_enum(s, T_E_MEMCPY, &s->copy_kind, map_copy_kind);
	load_enum(s, T_E_MEMKIND, &s->mem_kind, map_mem_kind);
	load_enum(s, T_E_SYNC, &s->sync_type, map_sync_type);
	load_enum(s, T_E_STREAM, &s->stream_type, map_stream_type);
	load_enum(s, T_E_CLASS, &s->event_class, map_event_class);
	load_enum(s, T_E_NVTX, &s->nvtx_type, map_nvtx_type);
	load_enum(s, T_E_OVERHEAD, &s->overhead, map_overhead);
}

/* The value of export id v: by the ENUM table when there is one, else
 * CUPTI's own value (identity) when dflt is NONE, else dflt. */
int64_t ns_emap(const struct emap *m, int64_t v, int64_t dflt)
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
		long *p = oc_grow(s->pids, cap, sizeof *p, 16);

		if (!p)
			return oc_imp_fail(s->im, "out of memory");
		s->pids = p;
	}
	s->pids[s->n_pids++] = pid;
	return 0;
}

/* The processes with CUDA work: from the device ops and the API calls. */
int ns_find_pids(struct ns *s)
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
		if (!ns_has_column(s, src[i].table, src[i].col)) {
			if (src[i].table <= T_MEMSET)
				s->pid_known = 0;
			continue;
		}
		snprintf(sql, sizeof sql, "SELECT DISTINCT (\"%s\" >> 24) & 16777215 FROM \"%s\""
			 " WHERE \"%s\" IS NOT NULL", src[i].col, ns_tables[src[i].table], src[i].col);
		if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
			return ns_sql(s, ns_tables[src[i].table]);
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
struct nproc *ns_proc_of(struct ns *s, long pid)
{
	if (!s->pid_known || s->n_procs == 1)
		return s->n_procs == 1 && (!s->pid_known || s->procs[0].pid == pid) ? &s->procs[0] : NULL;
	for (size_t i = 0; i < s->n_procs; i++)
		if (s->procs[i].pid == pid)
			return &s->procs[i];
	return NULL;
}

/* The writer for a row with globalPid/globalTid g (NONE: unknown). */
struct nproc *ns_route(struct ns *s, int64_t g)
{
	if (g == NONE) {
		if (s->n_pids == 1 && s->n_procs == 1)
			return &s->procs[0];
		s->n_unattributed++;
		return NULL;
	}
	return ns_proc_of(s, gpid(g));
}

/* ---- what the export lacks ------------------------------------------------- */

int ns_read_diagnostics(struct ns *s)
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
int ns_check_tables(struct ns *s)
{
	struct imp *im = s->im;

	if (!s->has[T_STRINGS])
		return oc_imp_fail(im, "an SQLite database with no StringIds table: not an Nsight Systems "
				   "export (nor an overlapcheck trace)");
	if (!s->has[T_KERNEL] && !s->has[T_MEMCPY] && !s->has[T_MEMSET])
		return oc_imp_fail(im, "an Nsight Systems export without device activity (no "
				   "CUPTI_ACTIVITY_KIND_KERNEL, _MEMCPY or _MEMSET table): nothing to "
				   "import; record with `nsys profile --trace=cuda`");
	ns_absent(s, "ASYNC flag");
	ns_absent(s, "API call arguments");
	ns_absent(s, "exit status");
	ns_absent(s, "dropped-record count");
	ns_absent(s, "environment (CUDA_*)");
	ns_absent(s, "concurrentKernels");
	if (!s->has[T_RUNTIME] && !s->has[T_DRIVER]) {
		ns_absent(s, ns_tables[T_RUNTIME]);
		if (oc_imp_warn(im, "no_runtime_table", "no CUPTI_ACTIVITY_KIND_RUNTIME table: the device "
				"ops have no API calls, so copies and memsets are not claims, no op "
				"has a submission time, and no hidden synchronization can be seen"))
			return -1;
	}
	if (!s->has[T_SYNC]) {
		ns_absent(s, ns_tables[T_SYNC]);
		if (oc_imp_warn(im, "no_sync_table", "no SYNCHRONIZATION table: event and stream waits "
				"are not seen (event_dependency cannot be proven) and explicit "
				"synchronizations are judged by their timestamps only"))
			return -1;
	}
	if (!s->has[T_EVENT]) {
		ns_absent(s, ns_tables[T_EVENT]);
		if (s->has[T_SYNC] && oc_imp_warn(im, "no_event_table", "no CUPTI_ACTIVITY_KIND_CUDA_EVENT "
						  "table: where an event was recorded is not seen, so "
						  "event_dependency cannot be proven"))
			return -1;
	}
	if (!s->has[T_STREAM]) {
		ns_absent(s, ns_tables[T_STREAM]);
		if (oc_imp_warn(im, "no_stream_table", "no TARGET_INFO_CUDA_STREAM table: stream kinds "
				"are unknown, so legacy_default_stream and "
				"default_stream_implicit_sync cannot be proven"))
			return -1;
	}
	if (!s->has[T_CONTEXT])
		ns_absent(s, ns_tables[T_CONTEXT]);
	if (!s->has[T_GPU]) {
		ns_absent(s, ns_tables[T_GPU]);
		if (oc_imp_warn(im, "no_gpu_table", "no TARGET_INFO_GPU table: the devices' properties "
				"are unknown (no sm_saturation, no copy_engine_limit)"))
			return -1;
	}
	if (!s->has[T_START]) {
		ns_absent(s, ns_tables[T_START]);
		if (oc_imp_warn(im, "no_start_time", "no TARGET_INFO_SESSION_START_TIME table: times "
				"are relative to an unknown session start"))
			return -1;
	}
	if (!s->has[T_NVTX])
		ns_absent(s, ns_tables[T_NVTX]);
	if (!s->has[T_E_MEMKIND] && (s->has[T_MEMCPY] || s->has[T_MEMSET])) {
		ns_absent(s, ns_tables[T_E_MEMKIND]);
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
