/*
 * fuzz-trace-sql.c: the reader and everything after it on a recorded trace
 * the input edits with SQL: rows set to NULL (after a writable_schema edit
 * drops NOT NULL), huge, negative or out-of-range values, hostile strings,
 * deleted rows, dropped tables and views, a wrong user_version. Mutating a
 * SQLite file byte by byte (fuzz-trace.c) mostly finds SQLite's own checks;
 * this target reaches the reader's and the analysis's.
 *
 * Input: byte 0 picks a base trace (below, loaded once from the fixtures'
 * SQL dumps, $OC_FUZZ_FIXTURES or tests/fixtures), the rest is SQL run on a
 * copy of it (errors ignored). ATTACH (and VACUUM INTO) is refused, so the
 * input writes no other file, and a statement stops after 10^6 VM steps.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "fuzz.h"

static const char *const bases[] = {
	"copy_only.sql", "pinned_pipeline.sql", "nvtx_range.sql", "multithread_kernels.sql",
	"event_chain.sql", "v1/pinned_pipeline.sql",
};
#define N_BASES (sizeof bases / sizeof bases[0])
static sqlite3 *base_db[N_BASES];

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *s;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	s = malloc((size_t)n + 1);
	if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
		free(s);
		s = NULL;
	}
	if (s)
		s[n] = '\0';
	fclose(f);
	return s;
}

static void load_bases(void)
{
	const char *dir = getenv("OC_FUZZ_FIXTURES");
	char path[1024];

	if (!dir || !*dir)
		dir = "tests/fixtures";
	for (size_t i = 0; i < N_BASES; i++) {
		char *sql;

		snprintf(path, sizeof path, "%s/%s", dir, bases[i]);
		if (!(sql = slurp(path))) {
			fprintf(stderr, "fuzz-trace-sql: cannot read '%s' (run from the repository root, "
				"or set OC_FUZZ_FIXTURES)\n", path);
			exit(1);
		}
		if (sqlite3_open(":memory:", &base_db[i]) != SQLITE_OK ||
		    sqlite3_exec(base_db[i], sql, NULL, NULL, NULL) != SQLITE_OK) {
			fprintf(stderr, "fuzz-trace-sql: cannot load '%s'\n", path);
			exit(1);
		}
		free(sql);
	}
}

static int no_attach(void *arg, int action, const char *a, const char *b, const char *c,
		     const char *d)
{
	(void)arg; (void)a; (void)b; (void)c; (void)d;
	return action == SQLITE_ATTACH || action == SQLITE_DETACH ? SQLITE_DENY : SQLITE_OK;
}

static int steps(void *arg)
{
	return ++*(long *)arg > 1000;   /* called every 1000 VM steps */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_tmp_path("trace-sql");
	sqlite3 *db = NULL;
	sqlite3_backup *bk;
	char *sql;
	long n = 0;

	if (!base_db[0])
		load_bases();
	if (size < 1)
		return 0;
	fuzz_remove(path);
	if (sqlite3_open(path, &db) != SQLITE_OK) {
		sqlite3_close(db);
		return 0;
	}
	bk = sqlite3_backup_init(db, "main", base_db[data[0] % N_BASES], "main");
	if (bk) {
		sqlite3_backup_step(bk, -1);
		sqlite3_backup_finish(bk);
	}
	sql = malloc(size);
	memcpy(sql, data + 1, size - 1);
	sql[size - 1] = '\0';
	sqlite3_set_authorizer(db, no_attach, NULL);
	sqlite3_progress_handler(db, 1000, steps, &n);
	sqlite3_exec(db, sql, NULL, NULL, NULL);
	free(sql);
	sqlite3_close(db);
	fuzz_run_trace(path);
	fuzz_remove(path);
	return 0;
}
