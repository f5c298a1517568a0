/*
 * insert-rate.c: how fast can a trace be written, against how fast the same
 * records can merely be appended to a file?
 *
 *   insert-rate [-n LAUNCHES] [-b BATCH] [-s off|normal|full] [-d DIR] [-k]
 *
 * The model is a launch storm as the injection library's writer stores it,
 * with realistic values (times relative to the trace start, increasing
 * correlation ids, one kernel). Three ways to write it, each timed from the
 * first row to the data being in the file:
 *
 *   sqlite     schema v2 (schema/trace.sql), as the writer stores it: per
 *              launch one `ops` row (its description in one shared
 *              `op_shapes` row) and two `api` rows, cudaLaunchKernel with
 *              its callback arguments and the cuKernelGetName driver call
 *              the H200 traces show before every launch (3 rows); WAL,
 *              prepared statements, one transaction per BATCH launches, then
 *              wal_checkpoint(TRUNCATE) and close
 *   sqlite_v1  schema v1 (schema/trace-v1.sql) as the v1 writer stored a
 *              launch: `ops`, two `api` rows, an `api_args` row (4 rows) and
 *              v1's four secondary indexes, for comparison
 *   fwrite     the v1 model's 4 rows as packed C structs through stdio, then
 *              fflush, fsync and fclose
 *
 * Each prints one line for bench.py:
 *   BENCH name=sqlite rows=R launches=N rows_per_s=X bytes=B bytes_per_row=Y
 *         bytes_per_op=Z batch=BATCH secs=S
 * where bytes_per_op is the file size per device op (per launch).
 *
 * Runs on any machine with SQLite; it needs no GPU. Files go to DIR (default
 * /tmp) and are removed afterwards; -k keeps the v2 trace, so that its tables
 * can be measured (sqlite3 FILE "SELECT name, sum(pgsize) FROM dbstat GROUP
 * BY name").
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "overlapcheck/schema.h"


struct op_rec {
	int64_t id, kind, start_ns, end_ns, device_id, context_id, stream_id, correlation_id;
	int64_t name_id, grid[3], block[3], registers, static_smem, dynamic_smem, channel_id,
		channel_type;
};

struct api_rec {
	int64_t id, domain, cbid, name_id, start_ns, end_ns, tid, correlation_id, return_value,
		parent_id;
};

struct arg_rec {
	int64_t correlation_id, domain, cbid, tid, stream_handle, handle_kind, context_id,
		stream_id;
};

/* Launch i as the rows the writer would store; deterministic. */
static void make_launch(long i, struct op_rec *op, struct api_rec *rt, struct api_rec *drv,
			struct arg_rec *arg)
{
	int64_t t = 1000000 + (int64_t)i * 3300;       /* a launch every 3.3 us */
	int64_t corr = 100 + (int64_t)i;

	memset(op, 0, sizeof *op);
	op->id = i + 1;
	op->kind = 1;
	op->start_ns = t + 20000;
	op->end_ns = t + 21500;
	op->device_id = 0;
	op->context_id = 1;
	op->stream_id = 13;
	op->correlation_id = corr;
	op->name_id = 1;
	op->grid[0] = op->grid[1] = op->grid[2] = 1;
	op->block[0] = op->block[1] = op->block[2] = 1;
	op->registers = 16;
	op->channel_id = 3 + i % 5;
	op->channel_type = 1;

	*rt = (struct api_rec){ .id = 2 * (int64_t)i + 1, .domain = 1, .cbid = 211, .name_id = 2,
				.start_ns = t, .end_ns = t + 3100, .tid = 4242,
				.correlation_id = corr, .return_value = 0, .parent_id = -1 };
	*drv = (struct api_rec){ .id = 2 * (int64_t)i + 2, .domain = 2, .cbid = 307, .name_id = 3,
				 .start_ns = t + 400, .end_ns = t + 2900, .tid = 4242,
				 .correlation_id = corr, .return_value = 0,
				 .parent_id = 2 * (int64_t)i + 1 };
	*arg = (struct arg_rec){ .correlation_id = corr, .domain = 1, .cbid = 211, .tid = 4242,
				 .stream_handle = 0x55d0c0de1000, .handle_kind = 3,
				 .context_id = 1, .stream_id = 13 };
}

static void remove_db(const char *path)
{
	char aux[4200];

	unlink(path);
	snprintf(aux, sizeof aux, "%s-wal", path);
	unlink(aux);
	snprintf(aux, sizeof aux, "%s-shm", path);
	unlink(aux);
}


static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static long long file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long long)st.st_size : 0;
}

static void report(const char *name, long launches, int rows_per_launch, long long bytes,
		   double secs, long batch)
{
	long long rows = (long long)launches * rows_per_launch;

	printf("BENCH name=%s rows=%lld launches=%ld rows_per_s=%.0f bytes=%lld "
	       "bytes_per_row=%.1f bytes_per_op=%.1f batch=%ld secs=%.4f\n",
	       name, rows, launches, rows / secs, bytes, (double)bytes / (double)rows,
	       (double)bytes / (double)launches, batch, secs);
	fflush(stdout);
}

static int exec_sql(sqlite3 *db, const char *sql, const char *path)
{
	char *msg = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &msg) == SQLITE_OK)
		return 0;
	fprintf(stderr, "insert-rate: '%s' failed on '%s': %s\n", sql, path,
		msg ? msg : sqlite3_errmsg(db));
	sqlite3_free(msg);
	return -1;
}

static void bind_or_null(sqlite3_stmt *st, int col, int64_t v)
{
	if (v < 0)
		sqlite3_bind_null(st, col);
	else
		sqlite3_bind_int64(st, col, v);
}

static int step_reset(sqlite3 *db, sqlite3_stmt *st, const char *path)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	if (rc == SQLITE_DONE)
		return 0;
	fprintf(stderr, "insert-rate: insert into '%s' failed: %s\n", path, sqlite3_errmsg(db));
	return -1;
}

/*
 * Write `launches` launches into a fresh trace of schema `version` (1 or 2)
 * at path, `batch` launches per transaction (see the top of this file).
 * Returns the seconds from the first insert to the closed, checkpointed
 * file, or a negative number on error (after a message).
 */
static double run_sqlite(const char *path, long launches, long batch, const char *sync,
			 int version)
{
	static const char *ins_op_v1 =
		"INSERT INTO ops (id, kind, start_ns, end_ns, device_id, context_id, stream_id,"
		" correlation_id, name_id, channel_id, channel_type, grid_x, grid_y, grid_z,"
		" block_x, block_y, block_z, registers, static_smem, dynamic_smem)"
		" VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";
	static const char *ins_api_v1 =
		"INSERT INTO api (id, domain, cbid, name_id, start_ns, end_ns, tid,"
		" correlation_id, return_value, parent_id) VALUES (?,?,?,?,?,?,?,?,?,?)";
	static const char *ins_arg_v1 =
		"INSERT INTO api_args (correlation_id, domain, cbid, tid, stream_handle,"
		" handle_kind, context_id, stream_id) VALUES (?,?,?,?,?,?,?,?)";
	static const char *ins_op_v2 =
		"INSERT INTO ops (id, kind, start_ns, dur_ns, device_id, context_id, stream_id,"
		" correlation_id, shape_id, channel_id) VALUES (?,?,?,?,?,?,?,?,1,?)";
	static const char *ins_api_v2 =
		"INSERT INTO api (id, cbid, start_ns, dur_ns, tid, return_value, handle_kind,"
		" context_id, stream_id) VALUES (?,?,?,?,?,?,?,?,?)";
	sqlite3 *db = NULL;
	sqlite3_stmt *s_op = NULL, *s_api = NULL, *s_arg = NULL;
	char err[256], pragma[64];
	double t0, secs = -1;

	remove_db(path);
	if (sqlite3_open(path, &db) != SQLITE_OK) {
		fprintf(stderr, "insert-rate: cannot open '%s': %s\n", path, sqlite3_errmsg(db));
		goto out;
	}
	if (oc_schema_create_version(db, version, err, sizeof err)) {
		fprintf(stderr, "insert-rate: cannot create the schema in '%s': %s\n", path, err);
		goto out;
	}
	snprintf(pragma, sizeof pragma, "PRAGMA synchronous=%s", sync);
	if (exec_sql(db, "PRAGMA journal_mode=WAL", path) || exec_sql(db, pragma, path))
		goto out;
	if (exec_sql(db, "INSERT INTO strings (id, value) VALUES (1, '_Z12empty_kernelv'),"
			 " (2, 'cudaLaunchKernel'), (3, 'cuLaunchKernel'), (4, 'cuKernelGetName')", path))
		goto out;
	if (version == 2 &&
	    exec_sql(db, "INSERT INTO op_shapes (id, name_id, channel_type, grid_x, grid_y, grid_z,"
			 " block_x, block_y, block_z, registers, static_smem, dynamic_smem)"
			 " VALUES (1, 1, 1, 1, 1, 1, 1, 1, 1, 16, 0, 0);"
			 " INSERT INTO api_functions VALUES (1, 211, 2), (2, 719, 4)", path))
		goto out;
	if (sqlite3_prepare_v2(db, version == 2 ? ins_op_v2 : ins_op_v1, -1, &s_op, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, version == 2 ? ins_api_v2 : ins_api_v1, -1, &s_api, NULL) != SQLITE_OK ||
	    (version == 1 && sqlite3_prepare_v2(db, ins_arg_v1, -1, &s_arg, NULL) != SQLITE_OK)) {
		fprintf(stderr, "insert-rate: cannot prepare inserts on '%s': %s\n", path,
			sqlite3_errmsg(db));
		goto out;
	}

	t0 = now_s();
	for (long i = 0; i < launches; i++) {
		struct op_rec op;
		struct api_rec rt, drv;
		struct arg_rec arg;
		int c = 1;

		if (i % batch == 0 && exec_sql(db, "BEGIN", path))
			goto out;
		make_launch(i, &op, &rt, &drv, &arg);
		if (version == 2) {
			/* the launch's correlation id is odd, cuKernelGetName's the even one before */
			int64_t corr = 2 * op.correlation_id + 1;
			int64_t ov[] = { op.id, op.kind, op.start_ns, op.end_ns - op.start_ns,
					 op.device_id, op.context_id, op.stream_id, corr, op.channel_id };
			int64_t gv[] = { (corr - 1) * 8 + 4, 719, rt.start_ns - 900, 200, rt.tid, 0,
					 -1, -1, -1 };
			int64_t lv[] = { corr * 8, rt.cbid, rt.start_ns, rt.end_ns - rt.start_ns, rt.tid,
					 0, arg.handle_kind, arg.context_id, arg.stream_id };

			for (size_t k = 0; k < sizeof ov / sizeof ov[0]; k++)
				sqlite3_bind_int64(s_op, c++, ov[k]);
			if (step_reset(db, s_op, path))
				goto out;
			for (int a = 0; a < 2; a++) {
				for (int k = 0; k < 9; k++)
					bind_or_null(s_api, k + 1, (a ? lv : gv)[k]);
				if (step_reset(db, s_api, path))
					goto out;
			}
		} else {
			int64_t ov[] = { op.id, op.kind, op.start_ns, op.end_ns, op.device_id,
					 op.context_id, op.stream_id, op.correlation_id, op.name_id,
					 op.channel_id, op.channel_type, op.grid[0], op.grid[1], op.grid[2],
					 op.block[0], op.block[1], op.block[2], op.registers,
					 op.static_smem, op.dynamic_smem };

			for (size_t k = 0; k < sizeof ov / sizeof ov[0]; k++)
				sqlite3_bind_int64(s_op, c++, ov[k]);
			if (step_reset(db, s_op, path))
				goto out;
			for (int a = 0; a < 2; a++) {
				const struct api_rec *r = a ? &drv : &rt;
				int64_t av[] = { r->id, r->domain, r->cbid, r->name_id, r->start_ns,
						 r->end_ns, r->tid, r->correlation_id, r->return_value,
						 r->parent_id };
				for (int k = 0; k < 10; k++)
					bind_or_null(s_api, k + 1, av[k]);
				if (step_reset(db, s_api, path))
					goto out;
			}
			int64_t gv[] = { arg.correlation_id, arg.domain, arg.cbid, arg.tid,
					 arg.stream_handle, arg.handle_kind, arg.context_id,
					 arg.stream_id };
			for (int k = 0; k < 8; k++)
				sqlite3_bind_int64(s_arg, k + 1, gv[k]);
			if (step_reset(db, s_arg, path))
				goto out;
		}
		if ((i + 1) % batch == 0 || i + 1 == launches) {
			if (exec_sql(db, "COMMIT", path))
				goto out;
		}
	}
	if (exec_sql(db, "PRAGMA wal_checkpoint(TRUNCATE)", path))
		goto out;
	sqlite3_finalize(s_op);
	sqlite3_finalize(s_api);
	sqlite3_finalize(s_arg);
	s_op = s_api = s_arg = NULL;
	if (sqlite3_close(db) != SQLITE_OK) {
		fprintf(stderr, "insert-rate: cannot close '%s': %s\n", path, sqlite3_errmsg(db));
		db = NULL;
		goto out;
	}
	db = NULL;
	secs = now_s() - t0;
out:
	sqlite3_finalize(s_op);
	sqlite3_finalize(s_api);
	sqlite3_finalize(s_arg);
	if (db)
		sqlite3_close(db);
	return secs;
}

/* The same rows as packed structs through stdio. Seconds, or < 0 on error. */
static double run_fwrite(const char *path, long launches)
{
	FILE *f = fopen(path, "wb");
	double t0, secs;

	if (!f) {
		fprintf(stderr, "insert-rate: cannot open '%s': %s\n", path, strerror(errno));
		return -1;
	}
	t0 = now_s();
	for (long i = 0; i < launches; i++) {
		struct op_rec op;
		struct api_rec rt, drv;
		struct arg_rec arg;

		make_launch(i, &op, &rt, &drv, &arg);
		if (fwrite(&op, sizeof op, 1, f) != 1 || fwrite(&rt, sizeof rt, 1, f) != 1 ||
		    fwrite(&drv, sizeof drv, 1, f) != 1 || fwrite(&arg, sizeof arg, 1, f) != 1)
			goto err;
	}
	if (fflush(f) || fsync(fileno(f)))
		goto err;
	if (fclose(f)) {
		fprintf(stderr, "insert-rate: cannot write '%s': %s\n", path, strerror(errno));
		return -1;
	}
	secs = now_s() - t0;
	return secs;
err:
	fprintf(stderr, "insert-rate: cannot write '%s': %s\n", path, strerror(errno));
	fclose(f);
	return -1;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: insert-rate [-n LAUNCHES] [-b BATCH] [-s off|normal|full] [-d DIR] [-k]\n"
		   "  -n  kernel launches to write, 3 rows each (v1: 4; default 200000)\n"
		   "  -b  launches per SQLite transaction (default 4096)\n"
		   "  -s  PRAGMA synchronous (default normal)\n"
		   "  -d  directory for the scratch files (default /tmp)\n"
		   "  -k  keep the v2 trace (DIR/insert-rate-PID.db.kept)\n");
}

static long positive(const char *opt, const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*end || v <= 0) {
		fprintf(stderr, "insert-rate: invalid %s '%s': expected a positive integer\n", opt, s);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	long launches = 200000, batch = 4096;
	const char *dir = "/tmp", *sync = "normal";
	char db_path[4096], bin_path[4096];
	double secs;
	int c, keep = 0, rc = 0;

	while ((c = getopt(argc, argv, "n:b:s:d:kh")) != -1) {
		switch (c) {
		case 'n': launches = positive("-n", optarg); break;
		case 'b': batch = positive("-b", optarg); break;
		case 's': sync = optarg; break;
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
	if (strcmp(sync, "off") && strcmp(sync, "normal") && strcmp(sync, "full")) {
		fprintf(stderr, "insert-rate: invalid -s '%s': expected off, normal or full\n", sync);
		return 2;
	}
	/* A reader that stops early (| head) must not leave the scratch files. */
	signal(SIGPIPE, SIG_IGN);
	snprintf(db_path, sizeof db_path, "%s/insert-rate-%ld.db", dir, (long)getpid());
	snprintf(bin_path, sizeof bin_path, "%s/insert-rate-%ld.bin", dir, (long)getpid());

	secs = run_sqlite(db_path, launches, batch, sync, 2);
	if (secs > 0)
		report("sqlite", launches, 3, file_size(db_path), secs, batch);
	else
		rc = 1;
	if (keep) {
		char kept[4200];

		snprintf(kept, sizeof kept, "%s.kept", db_path);
		if (rename(db_path, kept))
			fprintf(stderr, "insert-rate: cannot keep '%s': %s\n", db_path, strerror(errno));
		else
			fprintf(stderr, "insert-rate: kept '%s'\n", kept);
	}
	remove_db(db_path);

	secs = run_sqlite(db_path, launches, batch, sync, 1);
	if (secs > 0)
		report("sqlite_v1", launches, 4, file_size(db_path), secs, batch);
	else
		rc = 1;
	remove_db(db_path);

	secs = run_fwrite(bin_path, launches);
	if (secs > 0)
		report("fwrite", launches, 4, file_size(bin_path), secs, 0);
	else
		rc = 1;
	unlink(bin_path);
	return rc;
}
