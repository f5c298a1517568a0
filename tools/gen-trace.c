/*
 * gen-trace.c: write a synthetic overlapcheck trace, for scale tests and
 * benchmarks.
 *
 *	gen-trace OPS OUT.db [--seed N] [--streams S] [--memrefs]
 *
 * The trace uses the real schema (oc_schema_create) and looks like a chunked
 * pipeline program: one host thread queues, on each of S non-blocking
 * streams in turn, an H2D copy, a kernel and a D2H copy per chunk (now and
 * then a memset), every call a runtime API row with its callback arguments
 * (stream, host pointer, bytes) and a correlation id joining it to its device
 * op, in schema v2 as the tracer writes it. A small device
 * model decides the device times: one H2D and one D2H copy engine, two
 * kernel slots, stream order, and a launch latency after each API call, so
 * copies overlap kernels of other streams the way a real pipeline does. Every
 * few rounds the host calls cudaStreamSynchronize or cudaDeviceSynchronize
 * (a syncs row), then pauses, leaving device-wide idle gaps. Each group of 8
 * rounds is an NVTX range named "iteration" on the host thread.
 *
 * --memrefs adds the allocation map the tracer records for hazards (table
 * mem, meta mem_tracking = on): two cudaMalloc'd buffers per stream at the
 * start, in and out, each copy's write or read of its stream's buffer, each
 * kernel given both as arguments 0 and 1, each memset's write. Each stream
 * touches only its own buffers, in its own order: no hazard, but every
 * access for the hazard pass to index. The ops and their times are the
 * same with it and without (their correlation ids start 2 * S later).
 *
 * The passport says plainly that nothing ran: device.0.name is
 * 'synthetic (gen-trace)' and meta('generator') names this tool and seed.
 * Same arguments, same file contents. It refuses to overwrite OUT.db.
 *
 * Speed: prepared statements, one transaction, no journal: 10M ops take
 * well under a minute on a recent machine.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sqlite3.h>

#include "overlapcheck/schema.h"
#include "overlapcheck/trace.h"

static const char usage_text[] =
	"usage: gen-trace OPS OUT.db [--seed N] [--streams S] [--memrefs]\n"
	"Writes a synthetic trace of OPS device ops (a chunked H2D/kernel/D2H pipeline\n"
	"over S streams, default 4) with API calls, syncs and idle gaps; --memrefs adds\n"
	"the allocation map (table mem) of per-stream buffers. OUT.db must not exist.\n";

/* ---- deterministic random numbers (xorshift64*) ---------------------------- */

static uint64_t rng_state;

static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1Dull;
}

static int64_t rnd_in(int64_t lo, int64_t hi)
{
	return lo + (int64_t)(rnd() % (uint64_t)(hi - lo + 1));
}

/* ---- statements ---------------------------------------------------------------- */

enum { ST_OP, ST_API, ST_SYNC, ST_MARK, ST_MEM, N_ST };

static const char *const st_sql[N_ST] = {
	[ST_OP] = "INSERT INTO ops(kind, start_ns, dur_ns, device_id, context_id, stream_id,"
		  " correlation_id, shape_id) VALUES (?1, ?2, ?3, 0, 1, ?4, ?5, ?6)",
	[ST_API] = "INSERT INTO api(id, cbid, start_ns, dur_ns, tid, return_value, handle_kind,"
		   " context_id, stream_id, host_ptr, bytes) VALUES (?1 * 8, ?2, ?3, ?4, ?5, 0,"
		   " ?6, ?7, ?8, ?9, ?10)",
	[ST_SYNC] = "INSERT INTO syncs(type, start_ns, end_ns, context_id, stream_id, event_id,"
		    " correlation_id, return_value) VALUES (?1, ?2, ?3, 1, ?4, NULL, ?5, 0)",
	[ST_MARK] = "INSERT INTO markers(marker_id, flags, ts_ns, tid, name_id) VALUES (?1, ?2, ?3, ?4, ?5)",
	[ST_MEM] = "INSERT INTO mem(correlation_id, domain, role, ptr, bytes, info) VALUES (?1, 1, ?2, ?3,"
		   " ?4, ?5)",
};

struct gen {
	sqlite3 *db;
	sqlite3_stmt *st[N_ST];
	const char *path;
	int64_t s_memcpy, s_launch, s_memset, s_dsync, s_ssync;  /* api name ids */
	int64_t s_kernel[4];                                     /* kernel name ids */
	int64_t s_range;                                         /* NVTX range name id */
	int64_t s_malloc;
	int memrefs;                                             /* --memrefs */
};

#define TID 4242
#define NULL_STREAM 7
#define FIRST_STREAM 13
#define HANDLE_BASE 0x5500a0000ull
#define DEV_BASE 0x7e0000000000ull     /* stream s's buffers: in, then out, BUF_BYTES each */
#define BUF_BYTES (16ull << 20)

static uint64_t dev_buf(int s, int out)
{
	return DEV_BASE + (uint64_t)(2 * s + out) * BUF_BYTES;
}

static int step(struct gen *g, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	if (rc != SQLITE_DONE) {
		fprintf(stderr, "gen-trace: cannot write '%s': %s\n", g->path, sqlite3_errmsg(g->db));
		return -1;
	}
	return 0;
}

static int64_t intern(struct gen *g, const char *s)
{
	sqlite3_stmt *st;
	int64_t id = -1;

	if (sqlite3_prepare_v2(g->db, "INSERT INTO strings(value) VALUES (?1)", -1, &st, NULL))
		return -1;
	sqlite3_bind_text(st, 1, s, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_DONE)
		id = sqlite3_last_insert_rowid(g->db);
	sqlite3_finalize(st);
	return id;
}

/* A runtime call with the arguments its callback saw (stream < 0: none). */
static int api_row(struct gen *g, int cbid, int64_t start, int64_t end, uint32_t corr, int stream,
		   uint64_t host_ptr, uint64_t bytes)
{
	sqlite3_stmt *st = g->st[ST_API];

	sqlite3_bind_int64(st, 1, corr);
	sqlite3_bind_int(st, 2, cbid);
	sqlite3_bind_int64(st, 3, start);
	sqlite3_bind_int64(st, 4, end - start);
	sqlite3_bind_int(st, 5, TID);
	for (int c = 6; c <= 10; c++)
		sqlite3_bind_null(st, c);
	if (stream >= 0) {
		sqlite3_bind_int(st, 6, OC_HANDLE_EXPLICIT);
		sqlite3_bind_int(st, 7, 1);
		sqlite3_bind_int(st, 8, stream);
		if (host_ptr)
			sqlite3_bind_int64(st, 9, (int64_t)host_ptr);
		sqlite3_bind_int64(st, 10, (int64_t)bytes);
	}
	return step(g, st);
}

/* A mem row of call corr (info < 0: NULL). */
static int mem_row(struct gen *g, uint32_t corr, int role, uint64_t ptr, uint64_t bytes, int info)
{
	sqlite3_stmt *st = g->st[ST_MEM];

	sqlite3_bind_int64(st, 1, corr);
	sqlite3_bind_int(st, 2, role);
	sqlite3_bind_int64(st, 3, (int64_t)ptr);
	sqlite3_bind_int64(st, 4, (int64_t)bytes);
	if (info >= 0)
		sqlite3_bind_int(st, 5, info);
	else
		sqlite3_bind_null(st, 5);
	return step(g, st);
}

/*
 * op_shapes, all made up front: kernel k with grid g (64..264) is
 * SHAPE_KERNEL + k * 201 + g - 64; copies of n MB (2..8) are SHAPE_COPY +
 * (n - 2) * 2 + (0 H2D, 1 D2H); the 1 MB memset is SHAPE_MEMSET.
 */
#define SHAPE_MEMSET 1
#define SHAPE_COPY 2
#define SHAPE_KERNEL 16

static int make_shapes(struct gen *g)
{
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(g->db, "INSERT INTO op_shapes(id, name_id, bytes, copy_kind, src_kind,"
			       " dst_kind, flags, grid_x, grid_y, grid_z, block_x, block_y, block_z,"
			       " registers, static_smem, dynamic_smem) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7,"
			       " ?8, ?9, ?9, ?10, ?9, ?9, ?11, ?12, ?12)", -1, &st, NULL))
		return -1;
	for (int id = SHAPE_MEMSET; id < SHAPE_KERNEL + 4 * 201 && !rc; id++) {
		for (int c = 2; c <= 12; c++)
			sqlite3_bind_null(st, c);
		sqlite3_bind_int(st, 1, id);
		if (id == SHAPE_MEMSET) {
			sqlite3_bind_int64(st, 3, 1 << 20);
			sqlite3_bind_int(st, 6, OC_MEM_DEVICE);
			sqlite3_bind_int(st, 7, 1);    /* ASYNC */
		} else if (id < SHAPE_COPY + 14) {
			int h2d = (id - SHAPE_COPY) % 2 == 0;

			sqlite3_bind_int64(st, 3, (int64_t)((id - SHAPE_COPY) / 2 + 2) << 20);
			sqlite3_bind_int(st, 4, h2d ? OC_COPY_HTOD : OC_COPY_DTOH);
			sqlite3_bind_int(st, 5, h2d ? OC_MEM_PINNED : OC_MEM_DEVICE);
			sqlite3_bind_int(st, 6, h2d ? OC_MEM_DEVICE : OC_MEM_PINNED);
			sqlite3_bind_int(st, 7, 1);
		} else if (id >= SHAPE_KERNEL) {
			sqlite3_bind_int64(st, 2, g->s_kernel[(id - SHAPE_KERNEL) / 201]);
			sqlite3_bind_int(st, 8, (id - SHAPE_KERNEL) % 201 + 64);
			sqlite3_bind_int(st, 9, 1);
			sqlite3_bind_int(st, 10, 256);
			sqlite3_bind_int(st, 11, 32);
			sqlite3_bind_int(st, 12, 0);
		} else {
			continue;
		}
		rc = step(g, st);
	}
	sqlite3_finalize(st);
	return rc;
}

/* An NVTX range start (flags 2, with its name) or end (flags 4). */
static int mark_row(struct gen *g, uint32_t id, int flags, int64_t ts)
{
	sqlite3_stmt *st = g->st[ST_MARK];

	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int(st, 2, flags);
	sqlite3_bind_int64(st, 3, ts);
	sqlite3_bind_int(st, 4, TID);
	if (flags == 2)
		sqlite3_bind_int64(st, 5, g->s_range);
	else
		sqlite3_bind_null(st, 5);
	return step(g, st);
}

/* ---- the device model ------------------------------------------------------------ */

enum { E_H2D, E_D2H, E_K0, E_K1, N_ENG };

struct model {
	int64_t cpu;            /* host clock */
	int64_t eng_free[N_ENG];
	int64_t *ready;         /* per stream: when its last op ends */
	int streams;
	uint32_t corr;
};

/* One queued op: API call on the host, then the op on the device. */
static int queue_op(struct gen *g, struct model *m, int s, int what)
{
	int stream = FIRST_STREAM + s;
	int64_t api_start = m->cpu, api_end, dev_start, dur, engine_free;
	uint32_t corr = m->corr++;
	uint64_t bytes = 0;
	int eng, cbid, kind, copy_kind = 0;
	sqlite3_stmt *st = g->st[ST_OP];

	switch (what) {
	case 0:  /* H2D copy of a 2-8 MB chunk, pinned: about 50 GB/s */
	case 2:  /* D2H */
		bytes = (uint64_t)rnd_in(2, 8) << 20;
		dur = (int64_t)(bytes / 50) + rnd_in(0, 3000);
		eng = what == 0 ? E_H2D : E_D2H;
		cbid = 41;
		kind = OC_OP_MEMCPY;
		copy_kind = what == 0 ? OC_COPY_HTOD : OC_COPY_DTOH;
		api_end = api_start + rnd_in(3000, 7000);
		break;
	case 3:  /* memset */
		bytes = 1u << 20;
		dur = rnd_in(2000, 6000);
		eng = E_K0;
		cbid = 51;
		kind = OC_OP_MEMSET;
		api_end = api_start + rnd_in(2500, 5000);
		break;
	default: /* kernel */
		dur = rnd_in(40000, 160000);
		eng = m->eng_free[E_K0] <= m->eng_free[E_K1] ? E_K0 : E_K1;
		cbid = 211;
		kind = OC_OP_KERNEL;
		api_end = api_start + rnd_in(3000, 6000);
		break;
	}
	engine_free = m->eng_free[eng];
	if (what == 3 && m->eng_free[E_K1] < engine_free)
		engine_free = m->eng_free[eng = E_K1];
	dev_start = api_end + rnd_in(1000, 3000);
	if (m->ready[s] > dev_start)
		dev_start = m->ready[s];
	if (engine_free > dev_start)
		dev_start = engine_free;
	m->eng_free[eng] = m->ready[s] = dev_start + dur;
	m->cpu = api_end + rnd_in(200, 2000);

	if (api_row(g, cbid, api_start, api_end, corr, stream,
		    kind == OC_OP_MEMCPY ? 0x7f0000000000ull + corr * 64ull : 0, bytes))
		return -1;
	if (g->memrefs) {
		int r = 0;

		if (what == 0)
			r = mem_row(g, corr, OC_MEM_WRITE, dev_buf(s, 0), bytes, -1);
		else if (what == 2)
			r = mem_row(g, corr, OC_MEM_READ, dev_buf(s, 1), bytes, -1);
		else if (what == 3)
			r = mem_row(g, corr, OC_MEM_WRITE, dev_buf(s, 1), bytes, -1);
		else
			r = mem_row(g, corr, OC_MEM_ARG, dev_buf(s, 0), 0, 0) ||
			    mem_row(g, corr, OC_MEM_ARG, dev_buf(s, 1), 0, 1);
		if (r)
			return -1;
	}
	sqlite3_bind_int(st, 1, kind);
	sqlite3_bind_int64(st, 2, dev_start);
	sqlite3_bind_int64(st, 3, dur);
	sqlite3_bind_int(st, 4, stream);
	sqlite3_bind_int64(st, 5, corr);
	if (kind == OC_OP_KERNEL) {
		int k = (int)(rnd() % 4);

		sqlite3_bind_int(st, 6, SHAPE_KERNEL + k * 201 + (int)rnd_in(64, 264) - 64);
	}
	else if (kind == OC_OP_MEMCPY)
		sqlite3_bind_int(st, 6, SHAPE_COPY + (int)((bytes >> 20) - 2) * 2 +
				 (copy_kind == OC_COPY_HTOD ? 0 : 1));
	else
		sqlite3_bind_int(st, 6, SHAPE_MEMSET);
	return step(g, st);
}

/* The host waits for one stream (stream >= 0) or the whole device, then idles. */
static int host_sync(struct gen *g, struct model *m, int s)
{
	int64_t until = 0, start = m->cpu, end;
	uint32_t corr = m->corr++;
	sqlite3_stmt *st = g->st[ST_SYNC];

	if (s >= 0) {
		until = m->ready[s];
	} else {
		for (int i = 0; i < m->streams; i++)
			if (m->ready[i] > until)
				until = m->ready[i];
	}
	end = (until > start ? until : start) + rnd_in(2000, 8000);
	if (api_row(g, s >= 0 ? 131 : 165, start, end, corr, s >= 0 ? FIRST_STREAM + s : -1, 0, 0))
		return -1;
	sqlite3_bind_int(st, 1, s >= 0 ? OC_SYNC_STREAM : OC_SYNC_CONTEXT);
	sqlite3_bind_int64(st, 2, start);
	sqlite3_bind_int64(st, 3, end);
	if (s >= 0)
		sqlite3_bind_int(st, 4, FIRST_STREAM + s);
	else
		sqlite3_bind_null(st, 4);
	sqlite3_bind_int64(st, 5, corr);
	if (step(g, st))
		return -1;
	/* the host does other work before queuing more: idle gaps on the device */
	m->cpu = end + (rnd() % 4 == 0 ? rnd_in(50000, 400000) : rnd_in(1000, 30000));
	return 0;
}

static int setup(struct gen *g, int streams, uint64_t seed, long long ops)
{
	char buf[64];

	if (sqlite3_exec(g->db, "INSERT INTO contexts VALUES (1, 0, 7)", NULL, NULL, NULL))
		return -1;
	if (sqlite3_exec(g->db, "INSERT INTO streams(context_id, stream_id, flag, handle, handle_kind)"
			 " VALUES (1, 7, 3, 0, 1)", NULL, NULL, NULL))
		return -1;
	for (int s = 0; s < streams; s++) {
		char *sql = sqlite3_mprintf("INSERT INTO streams(context_id, stream_id, flag, priority,"
					    " handle, handle_kind) VALUES (1, %d, 2, 0, %lld, 3)",
					    FIRST_STREAM + s,
					    (long long)(HANDLE_BASE + 0x100ull * (uint64_t)(FIRST_STREAM + s)));
		int rc = sqlite3_exec(g->db, sql, NULL, NULL, NULL);

		sqlite3_free(sql);
		if (rc)
			return -1;
	}
	static const char *const meta[][2] = {
		{ "generator", "gen-trace (synthetic: nothing ran on a GPU)" },
		{ "tool_version", OC_VERSION },
		{ "trace_start_ns", "1800000000000000000" },
		{ "host", "synthetic" },
		{ "driver_version", "0" },
		{ "runtime_version", "0" },
		{ "cupti_version", "0" },
		{ "device_count", "1" },
		{ "device.0.name", "synthetic (gen-trace)" },
		{ "device.0.cc_major", "9" },
		{ "device.0.cc_minor", "0" },
		{ "device.0.sm_count", "132" },
		{ "device.0.async_engine_count", "3" },
		{ "device.0.concurrent_kernels", "1" },
		{ "device.0.max_threads_per_sm", "2048" },
		{ "device.0.max_blocks_per_sm", "32" },
		{ "env.CUDA_LAUNCH_BLOCKING", "" },
		{ "status", "complete" },
		{ "clean_exit", "1" },
		{ "exit_status", "0" },
		{ "dropped_records", "0" },
		{ "incomplete_records", "0" },
	};
	for (size_t i = 0; i < sizeof meta / sizeof meta[0]; i++)
		if (oc_meta_set(g->db, meta[i][0], meta[i][1]))
			return -1;
	snprintf(buf, sizeof buf, "%" PRIu64, seed);
	if (oc_meta_set(g->db, "gen_trace.seed", buf) || oc_meta_set_int(g->db, "gen_trace.ops", ops) ||
	    oc_meta_set_int(g->db, "gen_trace.streams", streams) ||
	    oc_meta_set(g->db, "cmdline", "gen-trace (synthetic)"))
		return -1;
	g->s_memcpy = intern(g, "cudaMemcpyAsync");
	g->s_launch = intern(g, "cudaLaunchKernel");
	g->s_memset = intern(g, "cudaMemsetAsync");
	g->s_dsync = intern(g, "cudaDeviceSynchronize");
	g->s_ssync = intern(g, "cudaStreamSynchronize");
	g->s_kernel[0] = intern(g, "_Z9transformPfPKfi");
	g->s_kernel[1] = intern(g, "_Z6reducePKfPfi");
	g->s_kernel[2] = intern(g, "_ZN4gemm6kernelILi128ELi64EEEvPKfS2_Pfiii");
	g->s_kernel[3] = intern(g, "scale_kernel");
	g->s_range = intern(g, "iteration");
	g->s_malloc = intern(g, "cudaMalloc");
	if (g->s_range < 0 || g->s_malloc < 0)
		return -1;
	if (g->memrefs && oc_meta_set(g->db, "mem_tracking", "on"))
		return -1;
	for (int i = 0; i < 4; i++)
		if (g->s_kernel[i] < 0)
			return -1;
	if (g->s_memcpy < 0 || g->s_launch < 0 || g->s_memset < 0 || g->s_dsync < 0 ||
	    g->s_ssync < 0)
		return -1;
	{
		char *sql = sqlite3_mprintf("INSERT INTO api_functions(domain, cbid, name_id) VALUES"
					    " (1, 41, %lld), (1, 211, %lld), (1, 51, %lld), (1, 165, %lld),"
					    " (1, 131, %lld), (1, 20, %lld)", (long long)g->s_memcpy,
					    (long long)g->s_launch, (long long)g->s_memset,
					    (long long)g->s_dsync, (long long)g->s_ssync,
					    (long long)g->s_malloc);
		int rc = sql ? sqlite3_exec(g->db, sql, NULL, NULL, NULL) : -1;

		sqlite3_free(sql);
		if (rc)
			return -1;
	}
	return make_shapes(g);
}

/*
 * Drop the schema's secondary indexes and return their SQL, to recreate them
 * after the inserts: building an index once is much faster than keeping it
 * up to date row by row. NULL on error.
 */
static char *drop_indexes(struct gen *g)
{
	sqlite3_stmt *st;
	char *all = sqlite3_mprintf("%s", ""), *names = sqlite3_mprintf("%s", "");
	int rc;

	if (!all || !names ||
	    sqlite3_prepare_v2(g->db, "SELECT name, sql FROM sqlite_master WHERE type = 'index'"
			       " AND sql IS NOT NULL", -1, &st, NULL) != SQLITE_OK) {
		sqlite3_free(all);
		sqlite3_free(names);
		return NULL;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		char *a = sqlite3_mprintf("%s%s;\n", all, sqlite3_column_text(st, 1));
		char *n = sqlite3_mprintf("%sDROP INDEX \"%w\";\n", names, sqlite3_column_text(st, 0));

		sqlite3_free(all);
		sqlite3_free(names);
		all = a;
		names = n;
		if (!all || !names)
			break;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE || !all || !names ||
	    sqlite3_exec(g->db, names, NULL, NULL, NULL) != SQLITE_OK) {
		sqlite3_free(all);
		sqlite3_free(names);
		return NULL;
	}
	sqlite3_free(names);
	return all;
}

static int generate(struct gen *g, long long ops, int streams)
{
	struct model m = { .cpu = 1000000, .streams = streams, .corr = 1 };
	long long made = 0;
	int rc = -1;

	m.ready = calloc((size_t)streams, sizeof *m.ready);
	if (!m.ready)
		return -1;
	/* the buffers, before any work: fixed times, so the ops' times and the
	 * random numbers are those of a trace without --memrefs */
	for (int s = 0; g->memrefs && s < streams; s++)
		for (int out = 0; out < 2; out++) {
			uint32_t corr = m.corr++;
			int64_t t0 = 1000 * (int64_t)(2 * s + out);
			if (api_row(g, 20, t0, t0 + 500, corr, -1, 0, 0) ||
			    mem_row(g, corr, OC_MEM_ALLOC, dev_buf(s, out), BUF_BYTES, OC_ALLOC_DEVICE))
				goto out;
		}
	for (long long round = 0; made < ops; round++) {
		/* each group of 8 rounds is an NVTX range "iteration" */
		if (round % 8 == 0 && mark_row(g, (uint32_t)(round / 8 + 1), 2, m.cpu))
			goto out;
		for (int s = 0; s < streams && made < ops; s++) {
			/* H2D, kernel, D2H; sometimes a memset first */
			if (rnd() % 40 == 0 && made < ops) {
				if (queue_op(g, &m, s, 3))
					goto out;
				made++;
			}
			for (int k = 0; k < 3 && made < ops; k++, made++)
				if (queue_op(g, &m, s, k == 0 ? 0 : k == 1 ? 1 : 2))
					goto out;
		}
		if (round % 8 == 7 || made >= ops) {
			if (mark_row(g, (uint32_t)(round / 8 + 1), 4, m.cpu))
				goto out;
			if (made < ops &&
			    host_sync(g, &m, rnd() % 3 ? -1 : (int)(rnd() % (uint64_t)streams)))
				goto out;
		}
	}
	rc = host_sync(g, &m, -1);
out:
	free(m.ready);
	return rc;
}

int main(int argc, char **argv)
{
	const char *out = NULL, *count = NULL;
	uint64_t seed = 1;
	long long ops;
	int streams = 4, fd;
	struct gen g = { 0 };
	char err[256], *end, *indexes = NULL;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(usage_text, stdout);
			return 0;
		} else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
			seed = strtoull(argv[++i], &end, 0);
			if (*end) {
				fprintf(stderr, "gen-trace: bad --seed '%s'\n", argv[i]);
				return 2;
			}
		} else if (!strcmp(argv[i], "--streams") && i + 1 < argc) {
			streams = (int)strtol(argv[++i], &end, 10);
			if (*end || streams < 1 || streams > 1024) {
				fprintf(stderr, "gen-trace: --streams wants 1..1024, not '%s'\n", argv[i]);
				return 2;
			}
		} else if (!strcmp(argv[i], "--memrefs")) {
			g.memrefs = 1;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "gen-trace: unknown option '%s'\n%s", argv[i], usage_text);
			return 2;
		} else if (!count) {
			count = argv[i];
		} else if (!out) {
			out = argv[i];
		} else {
			fputs(usage_text, stderr);
			return 2;
		}
	}
	if (!count || !out) {
		fputs(usage_text, stderr);
		return 2;
	}
	errno = 0;
	ops = strtoll(count, &end, 10);
	if (errno || *end || ops < 0 || ops > 2000000000ll) {
		fprintf(stderr, "gen-trace: OPS must be a count from 0 to 2000000000, not '%s'\n", count);
		return 2;
	}
	rng_state = seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
	if (!rng_state)
		rng_state = 1;

	/* exclusive creation: never overwrite */
	fd = open(out, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0) {
		fprintf(stderr, "gen-trace: cannot create '%s': %s\n", out,
			errno == EEXIST ? "file exists (refusing to overwrite)" : strerror(errno));
		return 2;
	}
	close(fd);
	g.path = out;
	if (sqlite3_open_v2(out, &g.db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		fprintf(stderr, "gen-trace: cannot open '%s': %s\n", out, sqlite3_errmsg(g.db));
		goto fail;
	}
	sqlite3_exec(g.db, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
		     " PRAGMA cache_size=-262144", NULL, NULL, NULL);
	if (oc_schema_create(g.db, err, sizeof err)) {
		fprintf(stderr, "gen-trace: '%s': %s\n", out, err);
		goto fail;
	}
	if (sqlite3_exec(g.db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
		goto sqlfail;
	for (int i = 0; i < N_ST; i++)
		if (sqlite3_prepare_v2(g.db, st_sql[i], -1, &g.st[i], NULL) != SQLITE_OK)
			goto sqlfail;
	if (setup(&g, streams, seed, ops))
		goto sqlfail;
	indexes = drop_indexes(&g);
	if (!indexes)
		goto sqlfail;
	if (generate(&g, ops, streams))
		goto fail;
	if (sqlite3_exec(g.db, indexes, NULL, NULL, NULL) != SQLITE_OK)
		goto sqlfail;
	sqlite3_free(indexes);
	indexes = NULL;
	for (int i = 0; i < N_ST; i++) {
		sqlite3_finalize(g.st[i]);
		g.st[i] = NULL;
	}
	if (sqlite3_exec(g.db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		goto sqlfail;
	if (sqlite3_close(g.db) != SQLITE_OK) {
		fprintf(stderr, "gen-trace: cannot close '%s'\n", out);
		unlink(out);
		return 1;
	}
	return 0;
sqlfail:
	fprintf(stderr, "gen-trace: cannot write '%s': %s\n", out, sqlite3_errmsg(g.db));
fail:
	sqlite3_free(indexes);
	for (int i = 0; i < N_ST; i++)
		sqlite3_finalize(g.st[i]);
	sqlite3_close(g.db);
	unlink(out);
	return 1;
}
