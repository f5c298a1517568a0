/*
 * import-nsys-rows.c: an Nsight Systems export's activity rows into traces.
 *
 * CUPTI_ACTIVITY_KIND_KERNEL, _MEMCPY, _MEMSET, _RUNTIME (and _DRIVER),
 * _SYNCHRONIZATION, _CUDA_EVENT, _OVERHEAD, NVTX_EVENTS,
 * TARGET_INFO_CUDA_STREAM and TARGET_INFO_CUDA_CONTEXT_INFO, each read row
 * by row (each_row(): the columns it has, the missing ones warned of) and
 * written at once into the writer of the row's process, so memory does not
 * grow with the export. A row without a usable start and end is counted and
 * left out; a copy or memset in a graph takes its launch's graph id from
 * the kernels read before it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "import-nsys.h"
#include "overlapcheck/codes.h"

/* ---- rows ------------------------------------------------------------------ */

int ns_wfail(struct ns *s, struct nproc *p)
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
	return oc_imp_warn(s->im, code, "%s has no column %s: %s", ns_tables[table], missing, cost);
}

static int add_graph(struct ns *s, long pid, uint32_t corr, int64_t graph)
{
	if (s->n_graphs == s->cap_graphs) {
		struct ngraph *g = oc_grow(s->graphs, &s->cap_graphs, sizeof *g, 64);

		if (!g)
			return oc_imp_fail(s->im, "out of memory");
		s->graphs = g;
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
	st = ns_select_cols(s, table, cols, n, extra, missing, sizeof missing);
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
	return rc == SQLITE_DONE ? 0 : ns_sql(s, ns_tables[table]);
}

static int kernel_row(struct ns *s, sqlite3_stmt *st)
{
	int64_t start = col_i64(st, 0), end = col_i64(st, 1);
	struct nproc *p;

	if (!span_ok(start, end)) {
		s->n_bad++;
		return 0;
	}
	if (!(p = ns_route(s, col_i64(st, 6))))
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
	return o.name < 0 || tw_op(&p->w, &o) ? ns_wfail(s, p) : 0;
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
		 ns_has_column(s, T_KERNEL, "mangledName") ? "a.mangledName" : "NULL",
		 ns_has_column(s, T_KERNEL, "demangledName") ? "a.demangledName" : "NULL",
		 ns_has_column(s, T_KERNEL, "shortName") ? "a.shortName" : "NULL");
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
		int64_t ck = ns_emap(&s->copy_kind, col_i64(st, 8), NONE);

		if (ck == -2) {
			s->n_uvm++;
			return 0;
		}
		o.copy_kind = ck < 0 || ck > OC_COPY_PTOP ? OC_COPY_UNKNOWN : (uint8_t)ck;
		int64_t sk = ns_emap(&s->mem_kind, col_i64(st, 9), NONE);

		o.src_kind = sk < 0 || sk > OC_MEM_MANAGED_STATIC ? OC_MEM_UNKNOWN : (uint8_t)sk;
		int64_t sd = col_i64(st, 11), dd = col_i64(st, 12);

		if (o.copy_kind == OC_COPY_PTOP || (sd != NONE && dd != NONE && sd >= 0 && dd >= 0 &&
						    sd != dd)) {
			o.kind = OC_OP_MEMCPY_PEER;
			o.src_device = sd == NONE ? -1 : sd;
			o.dst_device = dd == NONE ? -1 : dd;
		}
	}
	int64_t dk = ns_emap(&s->mem_kind, col_i64(st, 10), NONE);

	o.dst_kind = dk < 0 || dk > OC_MEM_MANAGED_STATIC ? OC_MEM_UNKNOWN : (uint8_t)dk;
	if (!(p = ns_route(s, col_i64(st, 6))))
		return 0;
	int64_t node = col_i64(st, 13);

	if (node != NONE && node > 0) {
		o.graph_node_id = (uint64_t)node;
		o.graph_id = graph_of(s, p->pid, o.corr);
	}
	return tw_op(&p->w, &o) ? ns_wfail(s, p) : 0;
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
	int64_t dom = s->table == T_DRIVER ? OC_API_DRIVER : ns_emap(&s->event_class, col_i64(st, 6), -1);

	if (dom != OC_API_RUNTIME && dom != OC_API_DRIVER)
		dom = !strncmp(name, "cu", 2) && strncmp(name, "cuda", 4) ? OC_API_DRIVER : OC_API_RUNTIME;
	if (!(p = ns_route(s, col_i64(st, 2))))
		return 0;
	struct tw_api a = {
		.start_ns = start, .dur_ns = end - start, .corr = u32(col_i64(st, 3)),
		.tid = gtid(col_i64(st, 2)), .domain = (uint8_t)dom, .cbid = -1, .name = name,
		.name_len = len, .ret = i32(col_i64(st, 5)) < 0 ? 0 : i32(col_i64(st, 5)),
	};

	return tw_api(&p->w, &a) ? ns_wfail(s, p) : 0;
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
			 ns_has_column(s, table, "nameId") ? "a.nameId" : "NULL");
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
	if (!(p = ns_route(s, col_i64(st, 5))))
		return 0;
	int64_t type = ns_emap(&s->sync_type, col_i64(st, 6), NONE);
	struct tw_sync y = {
		.start_ns = start, .end_ns = end,
		.type = type < 0 || type > OC_SYNC_CONTEXT ? OC_SYNC_UNKNOWN : (uint32_t)type,
		.context = opt_id(col_i64(st, 2)), .stream = opt_id(col_i64(st, 3)),
		.event = opt_id(col_i64(st, 7)), .corr = opt_id(col_i64(st, 4)), .ret = 0,
	};

	return tw_sync(&p->w, &y) ? ns_wfail(s, p) : 0;
}

static int event_row(struct ns *s, sqlite3_stmt *st)
{
	struct nproc *p;

	if (col_i64(st, 0) == NONE || !(p = ns_route(s, col_i64(st, 5))))
		return 0;
	return tw_event(&p->w, col_i64(st, 0), opt_id(col_i64(st, 1)), opt_id(col_i64(st, 2)),
			opt_id(col_i64(st, 3)), opt_id(col_i64(st, 4))) ? ns_wfail(s, p) : 0;
}

/* An overhead belongs to a thread; one without it to every process. */
static int overhead_row(struct ns *s, sqlite3_stmt *st)
{
	int64_t start = col_i64(st, 0), end = col_i64(st, 1), g = col_i64(st, 2);

	if (!span_ok(start, end))
		return 0;
	int64_t kind = ns_emap(&s->overhead, col_i64(st, 3), NONE);

	for (size_t i = 0; i < s->n_procs; i++) {
		struct nproc *p = &s->procs[i];

		if (g != NONE && s->pid_known && gpid(g) != p->pid)
			continue;
		if (tw_overhead(&p->w, kind < 0 ? 0 : (uint32_t)kind, start, end))
			return ns_wfail(s, p);
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
	int64_t kind = ns_emap(&s->nvtx_type, col_i64(st, 2), NONE);
	int64_t dom = col_i64(st, 5);
	const char *text = (const char *)sqlite3_column_text(st, 3);
	struct nproc *p;

	if (!s->nvtx_type.from_table) {     /* the documented values */
		int64_t v = col_i64(st, 2);

		kind = v == 34 ? 1 : v == 59 || v == 60 ? 2 : v == 75 ? 3 : -1;
	}
	if (kind < 0 || !span_ok(start, start) || (s->nvtx_pass == 0) != (kind == 3))
		return 0;
	if (!(p = ns_route(s, g)))
		return 0;
	int64_t name = tw_str(&p->w, text ? text : "", text ? (size_t)sqlite3_column_bytes(st, 3) : 0);

	if (name < 0)
		return ns_wfail(s, p);
	if (kind == 3) {
		if (s->n_doms == s->cap_doms) {
			void *q = oc_grow(s->doms, &s->cap_doms, sizeof *s->doms, 16);

			if (!q)
				return oc_imp_fail(s->im, "out of memory");
			s->doms = q;
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
		return ns_wfail(s, p);
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
		 ns_has_column(s, T_NVTX, "textId") ? "a.textId" : "NULL");
	for (s->nvtx_pass = 0; s->nvtx_pass < 2; s->nvtx_pass++)
		if (each_row(s, T_NVTX, cols, sizeof cols / sizeof cols[0], extra, NULL, nvtx_row))
			return -1;
	return 0;
}

/* Streams and contexts, from TARGET_INFO_* (processId: a plain pid). */
static struct nproc *target_proc(struct ns *s, int64_t pid)
{
	return s->pid_known ? ns_proc_of(s, pid == NONE ? -1 : (long)pid) : &s->procs[0];
}

static int stream_row(struct ns *s, sqlite3_stmt *st)
{
	struct nproc *p = target_proc(s, col_i64(st, 4));

	if (!p || col_i64(st, 0) == NONE || col_i64(st, 1) == NONE)
		return 0;
	int64_t flag = ns_emap(&s->stream_type, col_i64(st, 2), NONE);

	return tw_stream(&p->w, col_i64(st, 0), col_i64(st, 1), flag < 0 || flag > 3 ? 0 : (uint32_t)flag,
			 col_i64(st, 3) == NONE ? INT64_MIN : col_i64(st, 3)) ? ns_wfail(s, p) : 0;
}

static int context_row(struct ns *s, sqlite3_stmt *st)
{
	struct nproc *p = target_proc(s, col_i64(st, 3));

	if (!p || col_i64(st, 0) == NONE || col_i64(st, 1) == NONE)
		return 0;
	return tw_context(&p->w, col_i64(st, 0), col_i64(st, 1), opt_id(col_i64(st, 2))) ? ns_wfail(s, p) : 0;
}

static int read_streams(struct ns *s)
{
	static const char *const sc[] = { "contextId", "streamId", "flag", "priority", "processId" };
	static const char *const cc[] = { "contextId", "deviceId", "nullStreamId", "processId" };

	return each_row(s, T_STREAM, sc, 5, NULL, NULL, stream_row) ||
	       each_row(s, T_CONTEXT, cc, 4, NULL, NULL, context_row) ? -1 : 0;
}

int ns_read_rows(struct ns *s)
{
	return read_kernels(s) || read_copies(s) || read_api(s) || read_syncs_events_overheads(s) ||
	       read_nvtx(s) || read_streams(s) ? -1 : 0;
}
