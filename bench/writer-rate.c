/*
 * writer-rate.c: the injection library's real writer (injection/writer*.c),
 * fed a launch storm without a GPU, against a raw fwrite of the same records.
 *
 *   writer-rate [-n LAUNCHES] [-c] [-a] [-d DIR] [-k]
 *   writer-rate -p PERIOD_MS -r LAUNCHES_PER_S -t SECONDS [-d DIR] [-k]
 *
 * CUPTI hands the tracer activity buffers; this program builds the same
 * buffers by hand (cuptiActivityGetNextRecord walks them as it walks CUPTI's
 * own): per kernel launch one CUpti_ActivityKernel10 record, a RUNTIME
 * CUpti_ActivityAPI record with the launch's correlation id and a DRIVER one
 * (cuKernelGetName, with a correlation id of its own, as on the H200), plus
 * the argument row the runtime callback would hand over in a chunk. With -c,
 * async copies instead (put_copy_at): a memcpy record, its cudaMemcpyAsync
 * record and an argument row with both ends tracked (two mem rows). With -a,
 * the api rows come as the tracer's default collection makes them: timed
 * rows from the callbacks in the chunks, no API record (put_timed). Buffers
 * are the tracer's default size (8 MiB), taken from the writer's pool and
 * submitted as CUPTI's buffer-completed callback submits them. The clock
 * runs from the first record to the end of oc_writer_finish(): every row
 * committed, final meta written, the WAL checkpointed, file closed.
 *
 * The comparison writes the same bytes (the filled buffers and the chunks'
 * rows) with fwrite, then fflush, fsync, fclose.
 *
 * Output, for bench.py:
 *   BENCH name=writer rows=R launches=N rows_per_s=X bytes=B bytes_per_row=Y
 *         bytes_per_op=Z secs=S busy_secs=W producer_secs=P finish_secs=F
 *   BENCH name=fwrite_records rows=R launches=N rows_per_s=X bytes=B ... secs=S
 * rows counts trace rows (ops + api + api_args; schema v2 stores a launch's
 * callback arguments in its api row, so args= counts the call_args view);
 * busy_secs is the writer
 * thread's own busy time (stats.writer_busy_ns); producer_secs is what the
 * submitting thread spent in the writer's entry points (getting and handing
 * over buffers and chunks); finish_secs is oc_writer_finish() once every
 * row is committed (final meta, WAL checkpoint, close).
 * Paced (-p): how soon records become durable, not how fast. Every
 * PERIOD_MS (as the flush thread does) one buffer arrives with the launches
 * of the period just past, their kernels ending evenly over it, and the
 * writer runs as in a traced program. Output:
 *   BENCH name=writer_lag period_ms=P launches_per_s=R secs=S commits=C
 *         lag_p50_ms=.. lag_p99_ms=.. lag_max_ms=.. commit_max_ms=..
 *         checkpoints=K checkpoint_max_ms=..
 * lag: per commit, the time from the end of its oldest kernel to the commit
 * (stats.commit_lag_*): the part of a SIGKILL's loss that is not the period.
 * Needs libcupti (for cuptiActivityGetNextRecord and API names), no GPU.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cupti.h>
#include <sqlite3.h>

#include "apiargs.h"
#include "overlapcheck/trace.h"
#include "writer.h"

#define BUFFER_BYTES (8u << 20)
#define LAUNCH_BYTES (sizeof(CUpti_ActivityKernel10) + 2 * sizeof(CUpti_ActivityAPI))

static const char kernel_name[] = "_Z12empty_kernelv";

/*
 * -c: a copy storm instead (bench/copy_storm.cu's shape): per copy one
 * CUpti_ActivityMemcpy6 record (4 KiB, host to device, on stream 13), the
 * RUNTIME record of its cudaMemcpyAsync, and the callback's argument row
 * with both ends tracked, which the writer keeps as two mem rows.
 */
static int copies;

/*
 * -a: the API rows as the tracer's default collection makes them (meta
 * api_timing=all): no API record in the buffers, and per call a timed row
 * from the callbacks (OC_CB_TIMED) after its argument row, both in the
 * chunks; cuKernelGetName, a query, is only counted (api_summary).
 */
static int timed;

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static uint64_t realtime_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A RUNTIME record of a call on the storm's thread, appended at buf + *off. */
static CUpti_ActivityAPI *put_runtime_record(uint8_t *buf, size_t *off, uint32_t cbid, uint64_t t,
					     uint64_t dur, uint32_t corr)
{
	CUpti_ActivityAPI *rt = (CUpti_ActivityAPI *)(buf + *off);

	memset(rt, 0, sizeof *rt);
	rt->kind = CUPTI_ACTIVITY_KIND_RUNTIME;
	rt->cbid = cbid;
	rt->start = t;
	rt->end = t + dur;
	rt->processId = 4242;
	rt->threadId = 4242;
	rt->correlationId = corr;
	*off += sizeof *rt;
	return rt;
}

/* Append launch i's three activity records at buf + *off; its call starts at t. */
static void put_launch_at(uint8_t *buf, size_t *off, long i, uint64_t t)
{
	CUpti_ActivityKernel10 *k = (CUpti_ActivityKernel10 *)(buf + *off);
	CUpti_ActivityAPI *rt, *drv;
	uint32_t corr = 101 + 2 * (uint32_t)i;   /* cuKernelGetName has corr - 1 */

	memset(k, 0, sizeof *k);
	k->kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
	k->start = t + 20000;
	k->end = t + 21500;
	k->deviceId = 0;
	k->contextId = 1;
	k->streamId = 13;
	k->correlationId = corr;
	k->name = kernel_name;
	k->gridX = k->gridY = k->gridZ = 1;
	k->blockX = k->blockY = k->blockZ = 1;
	k->registersPerThread = 16;
	k->channelID = 3 + (uint32_t)(i % 5);
	k->channelType = 1;
	*off += sizeof *k;
	if (timed)
		return;

	rt = put_runtime_record(buf, off, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000, t, 3100,
				corr);

	/* what the H200 traces show next to every launch: cuKernelGetName, a
	 * driver call of its own (own correlation id) just before it */
	drv = (CUpti_ActivityAPI *)(buf + *off);
	*drv = *rt;
	drv->kind = CUPTI_ACTIVITY_KIND_DRIVER;
	drv->cbid = CUPTI_DRIVER_TRACE_CBID_cuKernelGetName;
	drv->start = t - 900;
	drv->end = t - 700;
	drv->correlationId = corr - 1;
	*off += sizeof *drv;
}

#define COPY_BYTES (sizeof(CUpti_ActivityMemcpy6) + sizeof(CUpti_ActivityAPI))

static void put_copy_at(uint8_t *buf, size_t *off, long i, uint64_t t)
{
	CUpti_ActivityMemcpy6 *m = (CUpti_ActivityMemcpy6 *)(buf + *off);
	uint32_t corr = 101 + 2 * (uint32_t)i;

	memset(m, 0, sizeof *m);
	m->kind = CUPTI_ACTIVITY_KIND_MEMCPY;
	m->copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_HTOD;
	m->srcKind = CUPTI_ACTIVITY_MEMORY_KIND_PINNED;
	m->dstKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
	m->bytes = 4096;
	m->start = t + 20000;
	m->end = t + 22500;
	m->deviceId = 0;
	m->contextId = 1;
	m->streamId = 13;
	m->correlationId = corr;
	m->channelID = 9;
	m->channelType = 2;
	*off += sizeof *m;
	if (timed)
		return;

	put_runtime_record(buf, off, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020, t, 2400, corr);
}

/* Call i's callback row as the storm's thread makes it, on stream 13: nothing of it known but its class. */
static void put_call_row(struct oc_args_row *r, long i, uint32_t cbid, int cls)
{
	memset(r, 0, sizeof *r);
	r->correlation_id = 101 + 2 * (uint32_t)i;
	r->cbid = cbid;
	r->tid = 4242;
	r->domain = OC_API_RUNTIME;
	r->handle_kind = OC_HANDLE_EXPLICIT;
	r->cls = cls;
	r->context_id = 1;
	r->stream_handle = 0x55d0c0de1000;
	r->stream_id = 13;
	r->host_ptr = r->bytes = r->event_handle = r->flags = r->priority = OC_ARG_NONE;
}

static void put_copy_args(struct oc_args_row *r, long i)
{
	put_call_row(r, i, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020, OC_CB_COPY);
	r->host_ptr = 0x7f5500000000 + 4096 * (i % 64);
	r->bytes = 4096;
	r->src_ptr = r->host_ptr;
	r->dst_ptr = 0x7f2200000000 + 4096 * (i % 64);
	r->src_span = r->dst_span = 4096;
}

/* Launch i of the storm: a launch every 3.3 us from base. */
static void put_launch(uint8_t *buf, size_t *off, long i, uint64_t base)
{
	put_launch_at(buf, off, i, base + 1000000 + (uint64_t)i * 3300);
}

static void put_args(struct oc_args_row *r, long i)
{
	put_call_row(r, i, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000, OC_CB_LAUNCH);
}

/* -a: call i's row as the callbacks time it (its call as put_launch_at's or put_copy_at's record). */
static void put_timed(struct oc_args_row *r, long i, uint64_t base)
{
	uint64_t t = base + 1000000 + (uint64_t)i * (copies ? 3900 : 3300);

	memset(r, 0, sizeof *r);
	r->cls = OC_CB_TIMED;
	r->correlation_id = 101 + 2 * (uint32_t)i;
	r->cbid = copies ? CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020
			 : CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000;
	r->tid = 4242;
	r->domain = OC_API_RUNTIME;
	r->context_id = 1;
	r->t_start = t;
	r->t_end = t + (copies ? 2400 : 3100);
}

static long long meta_ll(const char *path, const char *key)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	long long v = -1;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = ?", -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_ROW)
			v = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	sqlite3_close(db);
	return v;
}

static long long table_rows(const char *path, const char *table)
{
	char sql[128];
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	long long v = -1;

	snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", table);   /* fixed names only */
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return v;
}

static long long file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long long)st.st_size : 0;
}

static void report(const char *name, long long rows, long launches, long long bytes, double secs,
		   const char *extra)
{
	printf("BENCH name=%s rows=%lld launches=%ld rows_per_s=%.0f bytes=%lld bytes_per_row=%.1f "
	       "bytes_per_op=%.1f secs=%.4f%s%s\n", name, rows, launches, rows / secs, bytes,
	       (double)bytes / (double)rows, (double)bytes / (double)launches, secs,
	       extra ? " " : "", extra ? extra : "");
	fflush(stdout);
}

/* The writer as these runs start it: a new file, 8 MiB buffers, quiet, timed. */
static int start_writer(const char *path, uint64_t start_ns, unsigned flush_ms)
{
	struct oc_writer_config cfg = { 0 };

	cfg.path = path;
	cfg.create = 1;
	cfg.buffer_bytes = BUFFER_BYTES;
	cfg.quiet = 1;
	cfg.stats = 1;
	cfg.flush_ms = flush_ms;
	cfg.start_ns = start_ns;
	/* the whole storm is handed over before the writer is done with it: no
	 * bound on what waits (a traced program's is OVERLAPCHECK_BACKLOG_MB) */
	cfg.backlog_bytes = (size_t)1 << 46;
	if (oc_writer_start(&cfg)) {
		fprintf(stderr, "writer-rate: cannot start the writer\n");
		return -1;
	}
	return 0;
}

/*
 * Run the writer on `launches` launches into path (which must not exist).
 * Returns 0 and fills *secs (all), *producer (the submitting thread's time in
 * the writer's entry points) and *finish (oc_writer_finish after every row
 * is committed: twins, final meta, checkpoint), or -1 after a message.
 */
static int run_writer(const char *path, long launches, double *secs, double *producer,
		      double *finish)
{
	struct oc_writer_final fin = { 0 };
	struct oc_writer_counts n;
	struct oc_args_chunk *chunk = NULL;
	uint8_t *buf = NULL;
	size_t size = 0, off = 0;
	uint64_t base = realtime_ns();
	double t0, tp = 0, t;

	if (start_writer(path, base, 0))
		return -1;
	t0 = now_s();
	for (long i = 0; i < launches; i++) {
		if (!buf || off + (copies ? COPY_BYTES : LAUNCH_BYTES) > size) {
			t = now_s();
			if (buf)
				oc_writer_submit_buffer(buf, off, 0);
			buf = oc_writer_buffer_get(&size);
			tp += now_s() - t;
			off = 0;
			if (!buf || size < LAUNCH_BYTES) {
				fprintf(stderr, "writer-rate: no activity buffer from the writer\n");
				oc_writer_finish(NULL);
				return -1;
			}
		}
		if (copies)
			put_copy_at(buf, &off, i, base + 1000000 + (uint64_t)i * 3900);
		else
			put_launch(buf, &off, i, base);
		for (int k = 0; k < (timed ? 2 : 1); k++) {
			struct oc_args_row *r;

			if (!chunk) {
				t = now_s();
				chunk = oc_writer_chunk_get();
				tp += now_s() - t;
				if (!chunk) {
					fprintf(stderr, "writer-rate: no args chunk from the writer\n");
					oc_writer_finish(NULL);
					return -1;
				}
			}
			r = &chunk->rows[chunk->n++];
			if (k == 1)
				put_timed(r, i, base);   /* at the call's exit, after its argument row */
			else if (copies)
				put_copy_args(r, i);
			else
				put_args(r, i);
			if (chunk->n == OC_ARGS_CHUNK) {
				t = now_s();
				oc_writer_submit_chunk(chunk);
				tp += now_s() - t;
				chunk = NULL;
			}
		}
	}
	if (buf)
		oc_writer_submit_buffer(buf, off, 0);
	if (chunk)
		oc_writer_submit_chunk(chunk);
	fin.stats = 1;
	fin.status = "finished";
	fin.api_launches_seen = copies ? 0 : (uint64_t)launches;
	fin.api_calls_seen = (uint64_t)launches;
	oc_writer_sync();               /* everything queued is committed */
	t = now_s();
	oc_writer_finish(&fin);
	*finish = now_s() - t;
	*secs = now_s() - t0;
	*producer = tp;
	oc_writer_counts(&n);
	if (n.write_failed) {
		fprintf(stderr, "writer-rate: the writer could not write '%s'\n", path);
		return -1;
	}
	return 0;
}

/*
 * Paced: every period_ms a buffer with the period's launches (their kernels
 * ending evenly over the period just past) and their argument rows, for
 * secs seconds; then the lag the writer measured. 0, or -1 after a message.
 */
static int run_paced(const char *path, unsigned period_ms, long per_s, double secs)
{
	struct oc_writer_final fin = { 0 };
	long per = per_s * (long)period_ms / 1000, i = 0;
	uint64_t period = (uint64_t)period_ms * 1000000u;
	double t0 = now_s();
	struct timespec next;

	if (per < 1 || (size_t)per * LAUNCH_BYTES > BUFFER_BYTES) {
		fprintf(stderr, "writer-rate: %ld launches a period do not fit one buffer\n", per);
		return -1;
	}
	if (start_writer(path, realtime_ns(), period_ms))
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &next);
	while (now_s() - t0 < secs) {
		size_t size = 0, off = 0;
		uint8_t *buf;
		uint64_t now;
		struct oc_args_chunk *chunk = NULL;

		next.tv_nsec += (long)period;
		while (next.tv_nsec >= 1000000000L) {
			next.tv_sec++;
			next.tv_nsec -= 1000000000L;
		}
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
		now = realtime_ns();
		buf = oc_writer_buffer_get(&size);
		if (!buf)
			return -1;
		for (long k = 0; k < per; k++, i++) {
			/* the kernel ends 21.5 us after its call starts */
			put_launch_at(buf, &off, i, now - period + period * (uint64_t)k / (uint64_t)per - 21500);
			if (!chunk && !(chunk = oc_writer_chunk_get()))
				return -1;
			put_args(&chunk->rows[chunk->n++], i);
			if (chunk->n == OC_ARGS_CHUNK) {
				oc_writer_submit_chunk(chunk);
				chunk = NULL;
			}
		}
		oc_writer_submit_buffer(buf, off, 0);
		if (chunk)
			oc_writer_submit_chunk(chunk);
	}
	fin.stats = 1;
	fin.status = "finished";
	oc_writer_finish(&fin);
	printf("BENCH name=writer_lag period_ms=%u launches_per_s=%ld secs=%.1f commits=%lld "
	       "lag_p50_ms=%.1f lag_p99_ms=%.1f lag_max_ms=%.1f commit_max_ms=%.1f checkpoints=%lld "
	       "checkpoint_max_ms=%.1f\n", period_ms, per_s, now_s() - t0,
	       meta_ll(path, "stats.commits"), meta_ll(path, "stats.commit_lag_p50_ns") / 1e6,
	       meta_ll(path, "stats.commit_lag_p99_ns") / 1e6, meta_ll(path, "stats.commit_lag_max_ns") / 1e6,
	       meta_ll(path, "stats.commit_max_ns") / 1e6, meta_ll(path, "stats.checkpoints"),
	       meta_ll(path, "stats.checkpoint_max_ns") / 1e6);
	return 0;
}

/* The same records, raw: the filled buffers' bytes and the chunk rows. */
static int run_fwrite(const char *path, long launches, double *secs)
{
	uint8_t *buf = aligned_alloc(8, BUFFER_BYTES);
	struct oc_args_chunk *chunk = calloc(1, sizeof *chunk);
	uint64_t base = realtime_ns();
	FILE *f = fopen(path, "wb");
	size_t off = 0;
	double t0;

	if (!f || !buf || !chunk) {
		fprintf(stderr, "writer-rate: cannot open '%s': %s\n", path, strerror(errno));
		goto err;
	}
	t0 = now_s();
	for (long i = 0; i < launches; i++) {
		if (off + (copies ? COPY_BYTES : LAUNCH_BYTES) > BUFFER_BYTES) {
			if (fwrite(buf, 1, off, f) != off)
				goto werr;
			off = 0;
		}
		if (copies) {
			put_copy_at(buf, &off, i, base + 1000000 + (uint64_t)i * 3900);
			put_copy_args(&chunk->rows[chunk->n++], i);
		} else {
			put_launch(buf, &off, i, base);
			put_args(&chunk->rows[chunk->n++], i);
		}
		if (chunk->n == OC_ARGS_CHUNK) {
			if (fwrite(chunk->rows, sizeof chunk->rows[0], chunk->n, f) != chunk->n)
				goto werr;
			chunk->n = 0;
		}
	}
	if (fwrite(buf, 1, off, f) != off ||
	    fwrite(chunk->rows, sizeof chunk->rows[0], chunk->n, f) != chunk->n ||
	    fflush(f) || fsync(fileno(f)))
		goto werr;
	if (fclose(f)) {
		f = NULL;
		goto werr;
	}
	*secs = now_s() - t0;
	free(buf);
	free(chunk);
	return 0;
werr:
	fprintf(stderr, "writer-rate: cannot write '%s': %s\n", path, strerror(errno));
err:
	if (f)
		fclose(f);
	free(buf);
	free(chunk);
	return -1;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: writer-rate [-n LAUNCHES] [-c] [-a] [-d DIR] [-k]\n"
		   "       writer-rate -p PERIOD_MS -r LAUNCHES_PER_S -t SECONDS [-d DIR] [-k]\n"
		   "  -n  kernel launches (default 200000)\n"
		   "  -c  async 4 KiB copies instead of launches (an op, an api row, two mem rows)\n"
		   "  -a  api rows timed by the callbacks, as the tracer's default makes them\n"
		   "      (no API records; a timed row after each argument row)\n"
		   "  -p  paced: a buffer every PERIOD_MS, -r launches a second, for -t seconds\n"
		   "  -d  directory for the scratch files (default /tmp)\n"
		   "  -k  keep the trace (DIR/writer-rate-PID.db)\n");
}

int main(int argc, char **argv)
{
	long launches = 200000;
	const char *dir = "/tmp";
	char db[4096], raw[4096], extra[200];
	double secs, producer, finish;
	int c, keep = 0, rc = 0;
	unsigned period_ms = 0;
	long per_s = 25000;
	double paced_secs = 10;

	while ((c = getopt(argc, argv, "n:d:kacp:r:t:h")) != -1) {
		switch (c) {
		case 'a': timed = 1; break;
		case 'c': copies = 1; break;
		case 'p': period_ms = (unsigned)atoi(optarg); break;
		case 'r': per_s = atol(optarg); break;
		case 't': paced_secs = atof(optarg); break;
		case 'n': {
			char *end;

			launches = strtol(optarg, &end, 10);
			if (*end || launches <= 0) {
				fprintf(stderr, "writer-rate: invalid -n '%s': expected a positive integer\n",
					optarg);
				return 2;
			}
			break;
		}
		case 'd': dir = optarg; break;
		case 'k': keep = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return 2;
	}
	/* A reader that stops early (| head) must not leave the scratch files. */
	signal(SIGPIPE, SIG_IGN);
	snprintf(db, sizeof db, "%s/writer-rate-%ld.db", dir, (long)getpid());
	snprintf(raw, sizeof raw, "%s/writer-rate-%ld.bin", dir, (long)getpid());
	unlink(db);

	if (period_ms) {
		rc = run_paced(db, period_ms, per_s, paced_secs) ? 1 : 0;
		if (!keep)
			unlink(db);
		return rc;
	}
	if (run_writer(db, launches, &secs, &producer, &finish) == 0) {
		long long ops = table_rows(db, "ops"), api = table_rows(db, "api");
		long long args = table_rows(db, "call_args"), args_rows = table_rows(db, "api_args");
		long long busy = meta_ll(db, "stats.writer_busy_ns"), mem = table_rows(db, "mem");
		long per_api = copies || timed ? 1 : 2, per_mem = copies ? 2 : 0;

		if (ops != launches || api != per_api * launches || args != launches ||
		    mem != per_mem * launches) {
			fprintf(stderr, "writer-rate: the trace holds %lld ops, %lld api, %lld api_args "
				"and %lld mem rows; expected %ld, %ld, %ld and %ld\n", ops, api, args, mem,
				launches, per_api * launches, launches, per_mem * launches);
			rc = 1;
		}
		snprintf(extra, sizeof extra, "busy_secs=%.4f producer_secs=%.4f finish_secs=%.4f "
			 "ops=%lld api=%lld args=%lld mem=%lld model=%s api_rows=%s", busy >= 0 ? busy / 1e9 : -1.0,
			 producer, finish, ops, api, args, mem, copies ? "copies" : "launches",
			 timed ? "callbacks" : "records");
		report("writer", ops + api + args_rows + mem, launches, file_size(db), secs, extra);
	} else {
		rc = 1;
	}
	if (keep)
		fprintf(stderr, "writer-rate: kept '%s'\n", db);
	else
		unlink(db);

	if (run_fwrite(raw, launches, &secs) == 0)
		report("fwrite_records", (copies ? 3LL : 4LL) * launches, launches, file_size(raw), secs, NULL);
	else
		rc = 1;
	unlink(raw);
	return rc;
}
