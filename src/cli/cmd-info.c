/*
 * cmd-info.c: overlapcheck info [--format text|json] TRACE
 *
 * Prints what a trace is before anyone analyses it: its passport (the meta
 * table, as stored), the number of rows in every table, the ops by kind and
 * the warnings the tracer recorded. It reads the file with plain SQL and needs
 * nothing but a valid schema, so it also works on a trace whose program was
 * killed or that the analysis would reject. Every string from the trace is
 * escaped (text) or encoded (JSON).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sqlite3.h>

#include "cmd-util.h"
#include "cmds.h"
#include "overlapcheck/schema.h"
#include "overlapcheck/trace.h"
#include "overlapcheck/tracefile.h"

enum info_format { FMT_TEXT, FMT_JSON };

static void usage(FILE *f)
{
	fputs("usage: overlapcheck info [--format text|json] TRACE\n"
	      "\n"
	      "Prints a trace's passport (meta), the number of records per table,\n"
	      "the device ops by kind and the warnings recorded while tracing.\n"
	      "TRACE may also be a profile overlapcheck imports (an Nsight Systems\n"
	      "SQLite export, a Kineto JSON trace, a SQL text dump of a trace, such as\n"
	      "tests/fixtures/*.sql): what its import would hold.\n"
	      "\n"
	      "      --format FMT  text (default) or json\n"
	      "  -h, --help        this help\n"
	      "\n"
	      "Exit status: 0, or 2 when TRACE is missing, not a SQLite database,\n"
	      "truncated or corrupt (judged as report judges it), not an overlapcheck\n"
	      "trace, or written by a newer overlapcheck.\n", f);
}

/*
 * Open path read-only and make sure it is a trace this build reads. Returns
 * the handle, or NULL after printing why (the caller exits 2).
 */
static sqlite3 *open_trace(const char *path, const char *name, int *version)
{
	sqlite3 *db = NULL;
	char err[512];

	/* a damaged file is judged as report judges it */
	if (oc_trace_check_file(path, NULL, err, sizeof err)) {
		fprintf(stderr, "overlapcheck info: cannot open trace '%s': %s\n", name, err);
		return NULL;
	}
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		fprintf(stderr, "overlapcheck info: cannot open trace '%s': %s\n", name,
			db ? sqlite3_errmsg(db) : "out of memory");
		goto err;
	}
	sqlite3_busy_timeout(db, 5000);
	switch (oc_schema_check(db, version, err, sizeof err)) {
	case OC_SCHEMA_OK:
		return db;
	case OC_SCHEMA_EMPTY:
		fprintf(stderr, "overlapcheck info: cannot open trace '%s': an empty database, not an "
			"overlapcheck trace\n", name);
		break;
	case OC_SCHEMA_NOT_TRACE: {
		/* a trace dumped as SQL and loaded back: read by its tables, as report does */
		const char *missing = "";
		int dv = oc_schema_dump_version(db, &missing);

		if (dv) {
			*version = dv;
			if (strcmp(path, name))   /* a dump without its PRAGMA lines, read directly */
				fprintf(stderr, "overlapcheck info: '%s' has no application id or schema version "
					"(a dump without PRAGMA application_id and user_version, which "
					"tools/dump-trace.py writes): read as schema %d\n", name, dv);
			else
				fprintf(stderr, "overlapcheck info: '%s' has no application id or schema version (a "
					"SQL dump loaded back loses both): read as schema %d; to restore them: sqlite3 "
					"'%s' 'PRAGMA application_id = %d; PRAGMA user_version = %d;'\n", path, dv,
					path, OC_APPLICATION_ID, dv);
			return db;
		}
		if (missing[0])
			fprintf(stderr, "overlapcheck info: cannot open trace '%s': not an overlapcheck trace "
				"(no application id, and no table '%s')\n", name, missing);
		else
			fprintf(stderr, "overlapcheck info: cannot open trace '%s': not an overlapcheck trace\n",
				path);
		break;
	}
	case OC_SCHEMA_NEWER:
		fprintf(stderr, "overlapcheck info: cannot open trace '%s': written by a newer overlapcheck "
			"(trace schema %d, this one reads up to %d)\n", name, *version, OC_SCHEMA_VERSION);
		break;
	case OC_SCHEMA_ERROR:
		if (sqlite3_errcode(db) == SQLITE_NOTADB)
			fprintf(stderr, "overlapcheck info: cannot open trace '%s': not a SQLite database\n",
				path);
		else
			fprintf(stderr, "overlapcheck info: cannot open trace '%s': %s\n", name, err);
		break;
	}
err:
	sqlite3_close(db);
	return NULL;
}

static const char *col_text(sqlite3_stmt *st, int i)
{
	const unsigned char *s = sqlite3_column_text(st, i);

	return s ? (const char *)s : NULL;
}

/* "  name          n" with the name escaped. */
static void print_row(const char *name, long long n)
{
	size_t len = name ? strlen(name) : 0;

	fputs("  ", stdout);
	oc_fput_escaped(name ? name : "", stdout);
	printf("%*s%lld\n", len < 14 ? (int)(14 - len) : 1, "", n);
}

/* One "name: count" entry of the JSON object or text list being printed;
 * *first is 1 before the first entry. */
static void print_count(enum info_format fmt, const char *name, long long n, int *first)
{
	if (fmt == FMT_JSON) {
		fputs(*first ? "\n    " : ",\n    ", stdout);
		oc_fput_json(name ? name : "", stdout);
		printf(": %lld", n);
	} else {
		print_row(name, n);
	}
	*first = 0;
}

/* Closes the JSON object print_count() filled (nothing in text). */
static void end_counts(enum info_format fmt, int first)
{
	if (fmt == FMT_JSON)
		fputs(first ? "},\n" : "\n  },\n", stdout);
}

static int print_meta(sqlite3 *db, enum info_format fmt)
{
	sqlite3_stmt *st;
	int first = 1, rc;

	if (sqlite3_prepare_v2(db, "SELECT key, value FROM meta ORDER BY key", -1, &st, NULL) != SQLITE_OK)
		return -1;
	fputs(fmt == FMT_JSON ? "  \"meta\": {" : "passport:\n", stdout);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *k = col_text(st, 0), *v = col_text(st, 1);

		if (fmt == FMT_JSON) {
			fputs(first ? "\n    " : ",\n    ", stdout);
			oc_fput_json(k ? k : "", stdout);
			fputs(": ", stdout);
			oc_fput_json(v, stdout);
		} else {
			fputs("  ", stdout);
			oc_fput_escaped(k ? k : "", stdout);
			fputs(" = ", stdout);
			oc_fput_escaped(v ? v : "(null)", stdout);
			fputc('\n', stdout);
		}
		first = 0;
	}
	if (fmt == FMT_JSON)
		fputs(first ? "},\n" : "\n  },\n", stdout);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* Row count of every table, in name order. */
static int print_counts(sqlite3 *db, enum info_format fmt)
{
	sqlite3_stmt *st, *cnt;
	int first = 1, rc;

	if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' "
			       "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
			       -1, &st, NULL) != SQLITE_OK)
		return -1;
	fputs(fmt == FMT_JSON ? "  \"counts\": {" : "records:\n", stdout);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *name = col_text(st, 0);
		/* A table name cannot be bound: quote it as an identifier. */
		char *sql = sqlite3_mprintf("SELECT count(*) FROM \"%w\"", name ? name : "");
		long long n = -1;

		if (!sql || sqlite3_prepare_v2(db, sql, -1, &cnt, NULL) != SQLITE_OK) {
			sqlite3_free(sql);
			rc = SQLITE_ERROR;
			break;
		}
		sqlite3_free(sql);
		if (sqlite3_step(cnt) == SQLITE_ROW)
			n = sqlite3_column_int64(cnt, 0);
		sqlite3_finalize(cnt);
		print_count(fmt, name, n, &first);
	}
	end_counts(fmt, first);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* Device ops per kind, from the public view. */
static int print_ops(sqlite3 *db, enum info_format fmt)
{
	sqlite3_stmt *st;
	int first = 1, rc;

	if (sqlite3_prepare_v2(db, "SELECT e.name, count(o.id) FROM enums e "
			       "LEFT JOIN ops o ON o.kind = e.value WHERE e.type = ?1 "
			       "GROUP BY e.value ORDER BY e.value", -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, "op_kind", -1, SQLITE_STATIC);
	fputs(fmt == FMT_JSON ? "  \"device_ops\": {" : "device ops:\n", stdout);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *k = col_text(st, 0);
		long long n = sqlite3_column_int64(st, 1);

		print_count(fmt, k, n, &first);
	}
	end_counts(fmt, first);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

static int print_warnings(sqlite3 *db, enum info_format fmt)
{
	sqlite3_stmt *st;
	int first = 1, rc;

	if (sqlite3_prepare_v2(db, "SELECT ts_ns, pid, source, code, message FROM warnings ORDER BY id",
			       -1, &st, NULL) != SQLITE_OK)
		return -1;
	fputs(fmt == FMT_JSON ? "  \"warnings\": [" : "warnings:", stdout);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (fmt == FMT_JSON) {
			fputs(first ? "\n    {\"ts_ns\": " : ",\n    {\"ts_ns\": ", stdout);
			if (sqlite3_column_type(st, 0) == SQLITE_NULL)
				fputs("null", stdout);
			else
				printf("%lld", (long long)sqlite3_column_int64(st, 0));
			fputs(", \"pid\": ", stdout);
			if (sqlite3_column_type(st, 1) == SQLITE_NULL)
				fputs("null", stdout);
			else
				printf("%lld", (long long)sqlite3_column_int64(st, 1));
			fputs(", \"source\": ", stdout);
			oc_fput_json(col_text(st, 2), stdout);
			fputs(", \"code\": ", stdout);
			oc_fput_json(col_text(st, 3), stdout);
			fputs(", \"message\": ", stdout);
			oc_fput_json(col_text(st, 4), stdout);
			fputc('}', stdout);
		} else {
			fputs(first ? "\n  [" : "  [", stdout);
			oc_fput_escaped(col_text(st, 2) ? col_text(st, 2) : "", stdout);
			fputs("] ", stdout);
			oc_fput_escaped(col_text(st, 3) ? col_text(st, 3) : "", stdout);
			fputs(": ", stdout);
			oc_fput_escaped(col_text(st, 4) ? col_text(st, 4) : "", stdout);
			fputc('\n', stdout);
		}
		first = 0;
	}
	if (fmt == FMT_JSON)
		fputs(first ? "]\n" : "\n  ]\n", stdout);
	else if (first)
		fputs(" none\n", stdout);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

int cmd_info(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'F' },
		{ "help",   no_argument,       NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	enum info_format fmt = FMT_TEXT;
	const char *path;
	char tmp[4096] = "";
	sqlite3 *db;
	int c, version = 0;

	optind = 0;
	while ((c = cmd_getopt("info", argc, argv, "h", longopts)) != -1) {
		switch (c) {
		case 'F':
			if (!strcmp(optarg, "text")) {
				fmt = FMT_TEXT;
			} else if (!strcmp(optarg, "json")) {
				fmt = FMT_JSON;
			} else {
				fprintf(stderr, "overlapcheck info: unknown format '%s' (text or json)\n", optarg);
				return OC_EXIT_USAGE;
			}
			break;
		case 'h':
			usage(stdout);
			return OC_EXIT_OK;
		default:   /* cmd_getopt() said why */
			return OC_EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		fprintf(stderr, "overlapcheck info: %s\n", optind >= argc ? "no trace given" : "one trace at a time");
		usage(stderr);
		return OC_EXIT_USAGE;
	}
	path = argv[optind];
	/* a profile to import: the passport and rows of its temporary trace */
	switch (cmd_input_import("info", path, tmp, sizeof tmp)) {
	case -1:
		return OC_EXIT_USAGE;
	case 0:
		db = open_trace(tmp, path, &version);
		break;
	default:
		tmp[0] = '\0';
		db = open_trace(path, path, &version);
		break;
	}
	if (!db) {
		cmd_input_done(tmp);
		return OC_EXIT_USAGE;
	}

	if (fmt == FMT_JSON) {
		fputs("{\n  \"trace\": ", stdout);
		oc_fput_json(path, stdout);
		printf(",\n  \"schema_version\": %d,\n", version);
	} else {
		fputs("trace: ", stdout);
		oc_fput_escaped(path, stdout);
		printf(" (trace schema %d)\n", version);
	}
	if (print_meta(db, fmt) || print_counts(db, fmt) || print_ops(db, fmt) ||
	    print_warnings(db, fmt)) {
		fflush(stdout);
		fprintf(stderr, "overlapcheck info: cannot read trace '%s': %s\n", path, sqlite3_errmsg(db));
		sqlite3_close(db);
		cmd_input_done(tmp);
		return OC_EXIT_USAGE;
	}
	if (fmt == FMT_JSON)
		fputs("}\n", stdout);
	sqlite3_close(db);
	cmd_input_done(tmp);
	return OC_EXIT_OK;
}
