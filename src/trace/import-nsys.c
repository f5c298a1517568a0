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
 * This file runs one import: the export's shape (import-nsys-schema.c),
 * a writer per process with its passport and devices, the rows
 * (import-nsys-rows.c), then the warnings and the traces closed.
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

#include "import-nsys.h"

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
	st = ns_select_cols(s, T_GPU, cols, sizeof cols / sizeof cols[0], NULL, NULL, 0);
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
				return ns_wfail(s, p);
			}
		}
		int64_t warps = col_i64(st, 7), tpw = col_i64(st, 8);

		if (warps != NONE && warps > 0) {
			snprintf(key, sizeof key, "device.%lld.max_threads_per_sm", (long long)dev);
			if (tw_meta_int(&p->w, key, warps * (tpw != NONE && tpw > 0 ? tpw : 32))) {
				sqlite3_finalize(st);
				return ns_wfail(s, p);
			}
		}
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : ns_sql(s, ns_tables[T_GPU]);
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
		return ns_wfail(s, p);
	return write_devices(s, p);
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
	if (ns_find_tables(s) || ns_check_tables(s))
		goto out;
	ns_load_enums(s);
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
	if (ns_read_diagnostics(s) || ns_find_pids(s))
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
	if (ns_read_rows(s))
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
			ns_wfail(s, &s->procs[i]);
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
				ns_wfail(s, p);
				goto out;
			}
		if (p->w.n_skipped) {
			snprintf(err, sizeof err, "%zu API calls repeated a correlation id more than 4 "
				 "times and were left out", p->w.n_skipped);
			if (tw_warning(&p->w, "api_calls_skipped", err)) {
				ns_wfail(s, p);
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

/* The export at path, opened read-only and imported. */
int oc_imp_nsys_file(struct imp *im, const char *path)
{
	sqlite3 *db = NULL;
	int rc;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		rc = oc_imp_fail(im, "%s", db ? sqlite3_errmsg(db) : "out of memory");
		sqlite3_close(db);
		return rc;
	}
	sqlite3_busy_timeout(db, 2000);
	rc = oc_imp_nsys(im, db);
	sqlite3_close(db);
	return rc;
}
