/*
 * test-tracefile.c: the CLI's trace creation and finishing, without forking:
 * output name expansion, shell quoting, exclusive creation and --force, the
 * passport, how each kind of program end is recorded, WAL folding, counts and
 * the two string escapers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "overlapcheck/schema.h"
#include "overlapcheck/tracefile.h"

static char dir[64];

static int setup(void **state)
{
	snprintf(dir, sizeof dir, "/tmp/oc-test-tracefile-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void path_in(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", dir, name);
}

/* meta value, or NULL (static buffer). */
static const char *meta(const char *path, const char *key)
{
	static char buf[512];
	sqlite3 *db;
	sqlite3_stmt *st;
	const char *ret = NULL;

	assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = ?1", -1, &st, NULL),
			 SQLITE_OK);
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0)) {
		snprintf(buf, sizeof buf, "%s", (const char *)sqlite3_column_text(st, 0));
		ret = buf;
	}
	sqlite3_finalize(st);
	sqlite3_close(db);
	return ret;
}

static void exec_sql(const char *path, const char *sql)
{
	sqlite3 *db;

	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
}

static void test_expand(void **state)
{
	char out[256], err[256], host[256];

	assert_int_equal(oc_trace_path_expand("t-%p.db", 4242, out, sizeof out, err, sizeof err), 0);
	assert_string_equal(out, "t-4242.db");
	assert_int_equal(oc_trace_path_expand("100%%-%p%%", 7, out, sizeof out, err, sizeof err), 0);
	assert_string_equal(out, "100%-7%");
	gethostname(host, sizeof host);
	assert_int_equal(oc_trace_path_expand("%h.db", 1, out, sizeof out, err, sizeof err), 0);
	assert_true(!strncmp(out, host, strlen(host)) && !strcmp(out + strlen(host), ".db"));

	setenv("OC_T_VAR", "job7", 1);
	assert_int_equal(oc_trace_path_expand("a-%q{OC_T_VAR}-%q{OC_T_VAR}", 1, out, sizeof out,
					      err, sizeof err), 0);
	assert_string_equal(out, "a-job7-job7");
	unsetenv("OC_T_UNSET");
	assert_int_equal(oc_trace_path_expand("a-%q{OC_T_UNSET}", 1, out, sizeof out, err, sizeof err), -1);
	assert_non_null(strstr(err, "'OC_T_UNSET' is not set"));
	assert_int_equal(oc_trace_path_expand("a-%q{}", 1, out, sizeof out, err, sizeof err), -1);
	assert_int_equal(oc_trace_path_expand("a-%q{OC_T_VAR", 1, out, sizeof out, err, sizeof err), -1);
	assert_int_equal(oc_trace_path_expand("a-%qX", 1, out, sizeof out, err, sizeof err), -1);
	assert_int_equal(oc_trace_path_expand("a-%x", 1, out, sizeof out, err, sizeof err), -1);
	assert_non_null(strstr(err, "unknown sequence %x"));
	assert_int_equal(oc_trace_path_expand("a-%", 1, out, sizeof out, err, sizeof err), -1);
	assert_int_equal(oc_trace_path_expand("", 1, out, sizeof out, err, sizeof err), -1);
	/* Too long for the buffer: an error, never a truncated name. */
	assert_int_equal(oc_trace_path_expand("abcdefghij-%p", 123456, out, 12, err, sizeof err), -1);
	assert_non_null(strstr(err, "too long"));
	assert_int_equal(oc_trace_path_expand("abcdefghij", 1, out, 11, err, sizeof err), 0);
	assert_string_equal(out, "abcdefghij");
}

static void test_shell_quote(void **state)
{
	char *a1[] = { "./prog", "--n=3", "a/b.c", NULL };
	char *a2[] = { "sh", "-c", "echo $HOME; exit 3", "it's", "", "x\"y", "*", NULL };
	char *q;

	q = oc_shell_quote_argv(a1);
	assert_string_equal(q, "./prog --n=3 a/b.c");
	free(q);
	q = oc_shell_quote_argv(a2);
	assert_string_equal(q, "sh -c 'echo $HOME; exit 3' 'it'\\''s' '' 'x\"y' '*'");
	free(q);
}

static void test_create_passport(void **state)
{
	char path[128], err[512];
	char *argv[] = { "prog", "a b", NULL };
	struct oc_run_info ri = { .trace_start_ns = 1796000000123456789LL, .pid = 31337, .argv = argv };
	sqlite3 *db;
	int version = 0;

	path_in(path, sizeof path, "p.db");
	setenv("CUDA_LAUNCH_BLOCKING", "1", 1);
	unsetenv("CUDA_DEVICE_MAX_CONNECTIONS");
	setenv("CUDA_MODULE_LOADING", "LAZY", 1);
	unsetenv("CUDA_VISIBLE_DEVICES");
	assert_int_equal(oc_tracefile_create(path, 0, &ri, err, sizeof err), 0);
	unsetenv("CUDA_LAUNCH_BLOCKING");
	unsetenv("CUDA_MODULE_LOADING");

	assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	assert_int_equal(oc_schema_check(db, &version, NULL, 0), OC_SCHEMA_OK);
	assert_int_equal(version, OC_SCHEMA_VERSION);
	sqlite3_close(db);

	assert_string_equal(meta(path, "trace_start_ns"), "1796000000123456789");
	assert_string_equal(meta(path, "start_time"), "2026-11-30T00:53:20.123Z");
	assert_string_equal(meta(path, "pid"), "31337");
	assert_string_equal(meta(path, "cmdline"), "prog 'a b'");
	assert_string_equal(meta(path, "tracer_status"), "not_started");
	assert_string_equal(meta(path, "env.CUDA_LAUNCH_BLOCKING"), "1");
	assert_string_equal(meta(path, "env.CUDA_MODULE_LOADING"), "LAZY");
	assert_null(meta(path, "env.CUDA_DEVICE_MAX_CONNECTIONS"));
	assert_null(meta(path, "env.CUDA_VISIBLE_DEVICES"));
	assert_non_null(meta(path, "tool_version"));
	assert_non_null(meta(path, "host"));
	assert_non_null(meta(path, "cwd"));
	assert_null(meta(path, "clean_exit"));
}

static void test_create_exclusive(void **state)
{
	char path[128], side[160], err[512];
	char *argv[] = { "prog", NULL };
	struct oc_run_info ri = { .trace_start_ns = 1, .pid = 1, .argv = argv };
	FILE *f;
	char buf[16] = "";

	path_in(path, sizeof path, "x.db");
	f = fopen(path, "w");
	fputs("keep", f);
	fclose(f);
	assert_int_equal(oc_tracefile_create(path, 0, &ri, err, sizeof err), -1);
	assert_non_null(strstr(err, "already exists"));
	f = fopen(path, "r");
	assert_non_null(fgets(buf, sizeof buf, f));
	fclose(f);
	assert_string_equal(buf, "keep");

	snprintf(side, sizeof side, "%s-wal", path);
	fclose(fopen(side, "w"));
	assert_int_equal(oc_tracefile_create(path, OC_TRACEFILE_FORCE, &ri, err, sizeof err), 0);
	assert_int_equal(access(side, F_OK), -1);
	assert_string_equal(meta(path, "tracer_status"), "not_started");

	/* A directory that does not exist: an error naming the file, and nothing created. */
	path_in(path, sizeof path, "nodir/y.db");
	assert_int_equal(oc_tracefile_create(path, 0, &ri, err, sizeof err), -1);
	assert_non_null(strstr(err, "cannot create trace"));
	assert_non_null(strstr(err, "nodir/y.db"));

	/* A file that is not removable under --force is an error, not a silent reuse. */
	path_in(path, sizeof path, "sub");
	mkdir(path, 0755);
	path_in(path, sizeof path, "sub/z.db");
	mkdir(path, 0755);
	assert_int_equal(oc_tracefile_create(path, OC_TRACEFILE_FORCE, &ri, err, sizeof err), -1);
}

static void make_trace(const char *name, char *path, size_t len)
{
	char err[512];
	char *argv[] = { "prog", NULL };
	struct oc_run_info ri = { .trace_start_ns = 1000, .pid = 99, .argv = argv };

	path_in(path, len, name);
	oc_tracefile_remove(path);
	assert_int_equal(oc_tracefile_create(path, 0, &ri, err, sizeof err), 0);
}

static long long count(const char *path, const char *sql)
{
	sqlite3 *db;
	sqlite3_stmt *st;
	long long n = -1;

	assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return n;
}

static void test_finish(void **state)
{
	char path[128], err[512];

	/* exit(3), tracer never started: clean. */
	make_trace("f1.db", path, sizeof path);
	assert_int_equal(oc_tracefile_finish(path, 3 << 8, err, sizeof err), 0);
	assert_string_equal(meta(path, "exit_status"), "3");
	assert_null(meta(path, "exit_signal"));
	assert_string_equal(meta(path, "clean_exit"), "1");
	assert_non_null(meta(path, "end_time"));
	assert_int_equal(count(path, "SELECT count(*) FROM warnings"), 0);

	/* Killed by SIGKILL. */
	make_trace("f2.db", path, sizeof path);
	assert_int_equal(oc_tracefile_finish(path, SIGKILL, err, sizeof err), 0);
	assert_string_equal(meta(path, "exit_signal"), "9");
	assert_null(meta(path, "exit_status"));
	assert_string_equal(meta(path, "clean_exit"), "0");

	/* Exited, but the tracer was left running: not clean, and a warning says why. */
	make_trace("f3.db", path, sizeof path);
	exec_sql(path, "UPDATE meta SET value = 'running' WHERE key = 'tracer_status'");
	assert_int_equal(oc_tracefile_finish(path, 0, err, sizeof err), 0);
	assert_string_equal(meta(path, "exit_status"), "0");
	assert_string_equal(meta(path, "clean_exit"), "0");
	assert_int_equal(count(path, "SELECT count(*) FROM warnings WHERE source = 'cli' "
				     "AND code = 'tracer_not_finalised' AND pid = 99"), 1);

	/* Finished tracer: clean. */
	make_trace("f4.db", path, sizeof path);
	exec_sql(path, "UPDATE meta SET value = 'finished' WHERE key = 'tracer_status'");
	assert_int_equal(oc_tracefile_finish(path, 0, err, sizeof err), 0);
	assert_string_equal(meta(path, "clean_exit"), "1");

	/* Not a trace any more, or gone: an error naming the file. */
	path_in(path, sizeof path, "f5.db");
	exec_sql(path, "CREATE TABLE t(x)");
	assert_int_equal(oc_tracefile_finish(path, 0, err, sizeof err), -1);
	assert_non_null(strstr(err, "f5.db"));
	path_in(path, sizeof path, "gone.db");
	assert_int_equal(oc_tracefile_finish(path, 0, err, sizeof err), -1);
	assert_non_null(strstr(err, "gone.db"));
}

/* A writer that dies without closing leaves rows only in the -wal. */
static void test_finish_folds_wal(void **state)
{
	char path[128], wal[160], err[512];
	sqlite3 *db;
	struct stat sb;
	pid_t pid;
	int status;

	make_trace("w.db", path, sizeof path);
	snprintf(wal, sizeof wal, "%s-wal", path);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		if (sqlite3_open(path, &db) != SQLITE_OK ||
		    sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;"
			     "UPDATE meta SET value = 'running' WHERE key = 'tracer_status';"
			     "INSERT INTO op_shapes(id) VALUES (1);"
			     "INSERT INTO ops(kind, start_ns, dur_ns, device_id, context_id, stream_id,"
			     " correlation_id, shape_id) VALUES (1, 1, 1, 0, 1, 7, 1, 1),"
			     " (3, 2, 1, 0, 1, 7, 2, 1);",
			     NULL, NULL, NULL) != SQLITE_OK)
			_exit(1);
		raise(SIGKILL);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(stat(wal, &sb), 0);
	assert_true(sb.st_size > 0);

	assert_int_equal(oc_tracefile_finish(path, status, err, sizeof err), 0);
	assert_int_equal(access(wal, F_OK), -1);
	assert_int_equal(count(path, "SELECT count(*) FROM device_ops"), 2);
	assert_string_equal(meta(path, "clean_exit"), "0");

	struct oc_trace_counts c;

	assert_int_equal(oc_tracefile_counts(path, &c, err, sizeof err), 0);
	assert_int_equal(c.kernels, 1);
	assert_int_equal(c.memsets, 1);
	assert_int_equal(c.copies, 0);
	assert_int_equal(c.warnings, 1);
	assert_int_equal(c.dropped, -1);
	assert_string_equal(c.tracer_status, "running");
}

static void test_counts(void **state)
{
	char path[128], err[512];
	struct oc_trace_counts c;

	make_trace("c.db", path, sizeof path);
	exec_sql(path,
		 "INSERT INTO op_shapes(id) VALUES (1);"
		 "INSERT INTO ops(kind, start_ns, dur_ns, device_id, context_id, stream_id,"
		 " correlation_id, shape_id)"
		 " VALUES (2, 1, 1, 0, 1, 7, 1, 1), (4, 1, 1, 0, 1, 7, 2, 1), (2, 3, 1, 0, 1, 8, 3, 1),"
		 " (1, 1, 8, 0, 1, 9, 4, 1);"
		 "INSERT INTO syncs(type, start_ns, end_ns) VALUES (3, 1, 2);"
		 "INSERT INTO strings(id, value) VALUES (1, 'cudaMemcpyAsync');"
		 "INSERT INTO api_functions(domain, cbid, name_id) VALUES (1, 41, 1);"
		 "INSERT INTO api(id, cbid, start_ns, dur_ns, tid)"
		 " VALUES (8, 41, 0, 1, 5), (24, 41, 0, 1, 5);"
		 "INSERT INTO meta(key, value) VALUES ('dropped_records', '7'), ('incomplete_records', '2');");
	assert_int_equal(oc_tracefile_counts(path, &c, err, sizeof err), 0);
	assert_int_equal(c.kernels, 1);
	assert_int_equal(c.copies, 3);
	assert_int_equal(c.memsets, 0);
	assert_int_equal(c.syncs, 1);
	assert_int_equal(c.api_calls, 2);
	assert_int_equal(c.dropped, 7);
	assert_int_equal(c.incomplete, 2);
	assert_string_equal(c.tracer_status, "not_started");

	path_in(path, sizeof path, "nothing.db");
	assert_int_equal(oc_tracefile_counts(path, &c, err, sizeof err), -1);
}

static char *escaped(void (*fn)(const char *, FILE *), const char *s)
{
	static char buf[512];
	FILE *f = fmemopen(buf, sizeof buf, "w");

	fn(s, f);
	fclose(f);
	return buf;
}

static void test_escape(void **state)
{
	assert_string_equal(escaped(oc_fput_escaped, "plain text 1.0"), "plain text 1.0");
	assert_string_equal(escaped(oc_fput_escaped, "a\nb\x1b[2J\\c\x7f"), "a\\x0ab\\x1b[2J\\\\c\\x7f");
	assert_string_equal(escaped(oc_fput_escaped, "caf\xc3\xa9 \xe2\x86\x92"), "caf\xc3\xa9 \xe2\x86\x92");
	/* C1 control U+009B (CSI) and invalid UTF-8 stay escaped. */
	assert_string_equal(escaped(oc_fput_escaped, "\xc2\x9b" "x\xff\xc3"), "\\xc2\\x9bx\\xff\\xc3");
	assert_string_equal(escaped(oc_fput_escaped, "\xc0\xaf"), "\\xc0\\xaf");          /* overlong */
	assert_string_equal(escaped(oc_fput_escaped, "\xed\xa0\x80"), "\\xed\\xa0\\x80"); /* surrogate */

	assert_string_equal(escaped(oc_fput_json, "a\"b\\c\n\t\x01"), "\"a\\\"b\\\\c\\u000a\\u0009\\u0001\"");
	assert_string_equal(escaped(oc_fput_json, "caf\xc3\xa9"), "\"caf\xc3\xa9\"");
	assert_string_equal(escaped(oc_fput_json, "\xff"), "\"\\u00ff\"");
	assert_string_equal(escaped(oc_fput_json, NULL), "null");
	assert_string_equal(escaped(oc_fput_json, ""), "\"\"");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_expand),
		cmocka_unit_test(test_shell_quote),
		cmocka_unit_test(test_create_passport),
		cmocka_unit_test(test_create_exclusive),
		cmocka_unit_test(test_finish),
		cmocka_unit_test(test_finish_folds_wal),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_escape),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
