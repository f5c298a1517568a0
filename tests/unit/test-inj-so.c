/*
 * test-inj-so.c: the built liboverlapcheck-inject.so as the driver sees it.
 *
 * Loads $BUILD/lib/liboverlapcheck-inject.so with dlopen, as the CUDA driver
 * does for CUDA_INJECTION64_PATH: only the injection entry points are
 * exported, InitializeInjection is idempotent, and where CUPTI cannot start
 * (no GPU driver, as in CI) the library says so in the trace and leaves the
 * process running untraced.
 */
#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <sqlite3.h>

#include "overlapcheck/schema.h"

static void *lib;
static char trace[256];

static int setup(void **state)
{
	const char *build = getenv("BUILD");
	char path[512];

	snprintf(path, sizeof path, "%s/lib/liboverlapcheck-inject.so", build && *build ? build : "build");
	lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		fprintf(stderr, "cannot load '%s': %s\n", path, dlerror());
		return -1;
	}
	return 0;
}

static void test_exports(void **state)
{
	static const char *const hidden[] = {
		"oc_writer_start", "oc_rec_decode", "oc_args_extract", "oc_passport_collect",
		"oc_schema_create", "oc_meta_set", "init", "finalize",
	};

	assert_non_null(dlsym(lib, "InitializeInjection"));
	assert_non_null(dlsym(lib, "InitializeInjectionNvtx2"));
	assert_non_null(dlsym(lib, "InitializeInjectionNvtx"));
	assert_non_null(dlsym(lib, "InitializeInjectionNvtxExtension"));
	for (size_t i = 0; i < sizeof hidden / sizeof hidden[0]; i++)
		if (dlsym(lib, hidden[i]))
			fail_msg("'%s' is exported", hidden[i]);
}

static void test_initialize(void **state)
{
	int (*init)(void) = (int (*)(void))dlsym(lib, "InitializeInjection");
	sqlite3 *db;
	sqlite3_stmt *st;
	int failed = 0;

	snprintf(trace, sizeof trace, "/tmp/oc-inj-so-%d.db", (int)getpid());
	unlink(trace);
	assert_int_equal(sqlite3_open(trace, &db), SQLITE_OK);
	assert_int_equal(oc_schema_create(db, NULL, 0), 0);
	assert_int_equal(oc_meta_set(db, "tracer_status", "not_started"), 0);
	sqlite3_close(db);

	setenv("OVERLAPCHECK_OUTPUT", trace, 1);
	setenv("OVERLAPCHECK_QUIET", "1", 1);
	{
		char pid[32];

		snprintf(pid, sizeof pid, "%d", (int)getpid());
		setenv("OVERLAPCHECK_MAIN_PID", pid, 1);
	}
	assert_int_equal(init(), 1);
	assert_int_equal(init(), 1);   /* a second call does nothing */

	assert_int_equal(sqlite3_open_v2(trace, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	sqlite3_busy_timeout(db, 5000);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT count(*) FROM warnings WHERE code ="
					    " 'subscribe_failed' AND source = 'cupti'", -1, &st, NULL),
			 SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	failed = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	if (failed) {
		/* No GPU driver: the trace says why nothing was traced. */
		assert_int_equal(failed, 1);
		assert_int_equal(sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key ="
						    " 'tracer_status'", -1, &st, NULL), SQLITE_OK);
		assert_int_equal(sqlite3_step(st), SQLITE_ROW);
		assert_string_equal((const char *)sqlite3_column_text(st, 0), "untraced");
		sqlite3_finalize(st);
	}
	sqlite3_close(db);
	if (failed)
		unlink(trace);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exports),
		cmocka_unit_test(test_initialize),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
