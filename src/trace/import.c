/*
 * import.c: what an input is, oc_import() and the buffer entry points.
 *
 * An input is recognised by its first bytes: SQLite (then by its tables:
 * StringIds or CUPTI_ACTIVITY_KIND_* make an Nsight Systems export), SQL text
 * that opens as a dump does (a SQL dump, plain or gzipped: import-sql.c),
 * gzip or a JSON document (a Kineto trace, or not: the parser says), and failing
 * those by its name (.nsys-rep, which only `nsys export` reads), and handed
 * to its importer. This file is the importers' top: it calls them, and they
 * call down to import-common.c (one import's messages, processes and output
 * names), never back up. A failed import removes the traces it had written.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sqlite3.h>
#include <zlib.h>

#include "importer.h"
#include "overlapcheck/schema.h"
#include "overlapcheck/tracefile.h"

const char *oc_input_format_name(enum oc_input_format f)
{
	switch (f) {
	case OC_INPUT_TRACE: return "trace";
	case OC_INPUT_NSYS_SQLITE: return "nsys-sqlite";
	case OC_INPUT_KINETO_JSON: return "kineto-json";
	case OC_INPUT_NSYS_REP: return "nsys-rep";
	case OC_INPUT_SQL_DUMP: return "sql-dump";
	default: return "unknown";
	}
}

const char *oc_input_format_label(enum oc_input_format f)
{
	switch (f) {
	case OC_INPUT_TRACE: return "an overlapcheck trace";
	case OC_INPUT_NSYS_SQLITE: return "an Nsight Systems SQLite export";
	case OC_INPUT_KINETO_JSON: return "a PyTorch profiler (Kineto) trace";
	case OC_INPUT_NSYS_REP: return "an Nsight Systems report (.nsys-rep)";
	case OC_INPUT_SQL_DUMP: return "a SQL text dump";
	default: return "an input of unknown format";
	}
}

/* ---- sniffing ---------------------------------------------------------------- */

static int ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !strcasecmp(s + a - b, suffix);
}

/* An Nsight Systems export has StringIds and its activity tables. */

/*
 * SQL text that opens as a dump does: after a byte order mark, blanks and
 * comments, PRAGMA, BEGIN TRANSACTION (or BEGIN;) or CREATE TABLE.
 */
static int opens_as_dump(const unsigned char *h, size_t n)
{
	static const char *const first[] = { "PRAGMA ", "BEGIN TRANSACTION", "BEGIN;", "CREATE TABLE" };
	size_t i = 0;

	if (n >= 3 && h[0] == 0xef && h[1] == 0xbb && h[2] == 0xbf)
		i = 3;
	for (;;) {
		while (i < n && (h[i] == ' ' || h[i] == '\t' || h[i] == '\n' || h[i] == '\r'))
			i++;
		if (i + 1 < n && h[i] == '-' && h[i + 1] == '-') {
			while (i < n && h[i] != '\n')
				i++;
		} else if (i + 1 < n && h[i] == '/' && h[i + 1] == '*') {
			for (i += 2; i + 1 < n && !(h[i] == '*' && h[i + 1] == '/'); i++)
				;
			i += 2;
		} else {
			break;
		}
	}
	for (size_t k = 0; k < sizeof first / sizeof first[0]; k++) {
		size_t l = strlen(first[k]);

		if (i + l <= n && !strncasecmp((const char *)h + i, first[k], l))
			return 1;
	}
	return 0;
}

/* A gzip file's first bytes, uncompressed: a SQL dump, or (else) Kineto. */
static enum oc_input_format gzip_kind(const char *path)
{
	unsigned char h[4096];
	gzFile gz = gzopen(path, "rb");
	int n;

	if (!gz)
		return OC_INPUT_KINETO_JSON;
	n = gzread(gz, h, sizeof h);
	gzclose(gz);
	return n > 0 && opens_as_dump(h, (size_t)n) ? OC_INPUT_SQL_DUMP : OC_INPUT_KINETO_JSON;
}

enum oc_input_format oc_input_sniff(const char *path)
{
	unsigned char h[4096];
	struct stat sb;
	size_t n, i = 0;
	FILE *f;

	if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
		return OC_INPUT_UNKNOWN;
	f = fopen(path, "rb");
	if (!f)
		return OC_INPUT_UNKNOWN;
	n = fread(h, 1, sizeof h, f);
	fclose(f);
	if (n >= 16 && !memcmp(h, "SQLite format 3", 16)) {
		sqlite3 *db = NULL;
		enum oc_input_format fmt = OC_INPUT_TRACE;

		if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) == SQLITE_OK)
			fmt = oc_imp_sqlite_kind(db);
		sqlite3_close(db);
		return fmt;
	}
	if (n >= 2 && h[0] == 0x1f && h[1] == 0x8b)
		return gzip_kind(path);
	if (opens_as_dump(h, n))
		return OC_INPUT_SQL_DUMP;
	if (n >= 3 && h[0] == 0xef && h[1] == 0xbb && h[2] == 0xbf)
		i = 3;          /* a UTF-8 byte order mark */
	while (i < n && (h[i] == ' ' || h[i] == '\t' || h[i] == '\n' || h[i] == '\r'))
		i++;
	if (i < n && (h[i] == '{' || h[i] == '['))
		return OC_INPUT_KINETO_JSON;
	if (ends_with(path, ".nsys-rep") || ends_with(path, ".qdrep"))
		return OC_INPUT_NSYS_REP;
	return OC_INPUT_UNKNOWN;
}

/* ---- imports ------------------------------------------------------------------ */

void oc_import_result_release(struct oc_import_result *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n_traces; i++)
		free(r->traces[i].path);
	free(r->traces);
	for (size_t i = 0; i < r->n_warnings; i++)
		free(r->warnings[i]);
	free(r->warnings);
	free(r->version);
	free(r->tool);
	memset(r, 0, sizeof *r);
}

static void imp_end(struct imp *im, int failed)
{
	struct oc_import_result *r = im->r;

	for (size_t i = 0; i < r->n_warnings; i++)
		free(im->codes[i]);
	free(im->codes);
	im->codes = NULL;
	if (!failed)
		return;
	for (size_t i = 0; i < r->n_traces; i++)
		if (r->traces[i].path)
			oc_tracefile_remove(r->traces[i].path);
	oc_import_result_release(r);
}

/* The passport's two facts, for the result. */
static void result_facts(struct oc_import_result *r)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st;

	if (!r->n_traces || !r->traces[0].path ||
	    sqlite3_open_v2(r->traces[0].path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		sqlite3_close(db);
		return;
	}
	if (sqlite3_prepare_v2(db, "SELECT key, value FROM meta WHERE key IN ('import.format_version',"
			       " 'import.tool')", -1, &st, NULL) == SQLITE_OK) {
		while (sqlite3_step(st) == SQLITE_ROW) {
			const char *k = (const char *)sqlite3_column_text(st, 0);
			const char *v = (const char *)sqlite3_column_text(st, 1);

			if (!k || !v)
				continue;
			if (!strcmp(k, "import.tool") && !r->tool)
				r->tool = strdup(v);
			else if (!strcmp(k, "import.format_version") && !r->version)
				r->version = strdup(v);
		}
		sqlite3_finalize(st);
	}
	sqlite3_close(db);
}


int oc_import(const char *input, const struct oc_import_options *o, struct oc_import_result *r,
	      char *err, size_t errlen)
{
	static const struct oc_import_options dflt = { NULL, 0, -1, 0 };
	struct imp im = { .input = input, .o = o ? o : &dflt, .r = r, .err = err, .errlen = errlen };
	struct stat sb;
	int rc;

	memset(r, 0, sizeof *r);
	if (err && errlen)
		err[0] = '\0';
	r->format = oc_input_sniff(input);
	switch (r->format) {
	case OC_INPUT_KINETO_JSON:
		rc = oc_imp_kineto_file(&im, input);
		break;
	case OC_INPUT_NSYS_SQLITE:
		rc = oc_imp_nsys_file(&im, input);
		break;
	case OC_INPUT_SQL_DUMP:
		rc = oc_imp_sql_dump(&im, input);
		break;
	case OC_INPUT_NSYS_REP:
		rc = oc_imp_fail(&im, "an Nsight Systems report (.nsys-rep), which overlapcheck does not "
				 "read: `nsys export --type sqlite %s` writes the SQLite export it reads",
				 input);
		break;
	case OC_INPUT_TRACE: {
		sqlite3 *db = NULL;
		enum oc_schema_state s = OC_SCHEMA_ERROR;

		if (sqlite3_open_v2(input, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK)
			s = oc_schema_check(db, NULL, NULL, 0);
		sqlite3_close(db);
		rc = s == OC_SCHEMA_OK || s == OC_SCHEMA_NEWER ?
		     oc_imp_fail(&im, "it is an overlapcheck trace already") :
		     oc_imp_fail(&im, "a SQLite database, but neither an Nsight Systems export (no StringIds "
				 "or CUPTI_ACTIVITY_KIND_* table) nor an overlapcheck trace");
		break;
	}
	default:
		if (stat(input, &sb) != 0)
			rc = oc_imp_fail(&im, "%s", errno == ENOENT ? "no such file" : strerror(errno));
		else if (S_ISDIR(sb.st_mode))
			rc = oc_imp_fail(&im, "is a directory");
		else if (!S_ISREG(sb.st_mode) || access(input, R_OK) != 0)
			rc = oc_imp_fail(&im, "cannot read it");
		else
			rc = oc_imp_fail(&im, "neither an Nsight Systems SQLite export, a PyTorch profiler "
					 "(Kineto) JSON trace nor a SQL dump of a trace, plain or gzipped");
		break;
	}
	if (rc == 0)
		result_facts(r);
	imp_end(&im, rc != 0);
	if (rc)
		r->format = OC_INPUT_UNKNOWN;
	return rc ? -1 : 0;
}

int oc_import_kineto_buffer(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	static const struct oc_import_options o = { NULL, 0, -1, 0 };
	struct oc_import_result r;
	struct imp im = { .input = "(buffer)", .o = &o, .r = &r, .err = err, .errlen = errlen,
			  .in_memory = 1 };
	int rc;

	memset(&r, 0, sizeof r);
	if (err && errlen)
		err[0] = '\0';
	rc = oc_imp_kineto_buffer(&im, data, size);
	imp_end(&im, 1);
	return rc ? -1 : 0;
}

int oc_import_nsys_buffer(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	static const struct oc_import_options o = { NULL, 0, -1, 0 };
	struct oc_import_result r;
	struct imp im = { .input = "(buffer)", .o = &o, .r = &r, .err = err, .errlen = errlen,
			  .in_memory = 1 };
	sqlite3 *db = NULL;
	unsigned char *copy;
	int rc;

	memset(&r, 0, sizeof r);
	if (err && errlen)
		err[0] = '\0';
	if (size < 512 || memcmp(data, "SQLite format 3", 16))
		return oc_imp_fail(&im, "not a SQLite database");
	if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		sqlite3_close(db);
		return oc_imp_fail(&im, "out of memory");
	}
	sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
	copy = sqlite3_malloc64(size);
	if (!copy) {
		sqlite3_close(db);
		return oc_imp_fail(&im, "out of memory");
	}
	memcpy(copy, data, size);
	if (sqlite3_deserialize(db, "main", copy, (sqlite3_int64)size, (sqlite3_int64)size,
				SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY) != SQLITE_OK) {
		rc = oc_imp_fail(&im, "%s", sqlite3_errmsg(db));
		sqlite3_close(db);
		return rc;
	}
	rc = oc_imp_nsys(&im, db);
	sqlite3_close(db);
	imp_end(&im, 1);
	return rc ? -1 : 0;
}
