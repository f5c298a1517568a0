/*
 * import.c: what an input is, where its traces go, and oc_import().
 *
 * An input is recognised by its first bytes: SQLite (then by its tables:
 * StringIds or CUPTI_ACTIVITY_KIND_* make an Nsight Systems export), gzip or
 * a JSON document (a Kineto trace, or not: the parser says), and failing
 * those by its name (.nsys-rep, which only `nsys export` reads). One import
 * keeps its messages here: every failure is "cannot import 'INPUT': WHAT",
 * every warning is kept once by its code, for the result and for each
 * trace's warnings table. A failed import removes the traces it had written.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <sqlite3.h>

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
static enum oc_input_format sqlite_kind(sqlite3 *db)
{
	sqlite3_stmt *st;
	enum oc_input_format f = OC_INPUT_TRACE;

	if (sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND (name = 'StringIds'"
			       " OR name LIKE 'CUPTI\\_ACTIVITY\\_KIND\\_%' ESCAPE '\\'"
			       " OR name = 'META_DATA_EXPORT' OR name = 'TARGET_INFO_SESSION_START_TIME')"
			       " LIMIT 1", -1, &st, NULL) != SQLITE_OK)
		return OC_INPUT_TRACE;
	if (sqlite3_step(st) == SQLITE_ROW)
		f = OC_INPUT_NSYS_SQLITE;
	sqlite3_finalize(st);
	return f;
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
			fmt = sqlite_kind(db);
		sqlite3_close(db);
		return fmt;
	}
	if (n >= 2 && h[0] == 0x1f && h[1] == 0x8b)
		return OC_INPUT_KINETO_JSON;
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

/* ---- one import's messages ---------------------------------------------------- */

int oc_imp_fail(struct imp *im, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!im->err || !im->errlen || im->err[0])
		return -1;      /* the first failure is the one that counts */
	n = snprintf(im->err, im->errlen, "cannot import '%s': ", im->input);
	if (n < 0 || (size_t)n >= im->errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(im->err + n, im->errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

int oc_imp_warn(struct imp *im, const char *code, const char *fmt, ...)
{
	struct oc_import_result *r = im->r;
	char buf[1024];
	va_list ap;

	for (size_t i = 0; i < r->n_warnings; i++)
		if (!strcmp(im->codes[i], code))
			return 0;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	char **w = realloc(r->warnings, (r->n_warnings + 1) * sizeof *w);

	if (!w)
		return oc_imp_fail(im, "out of memory");
	r->warnings = w;
	char **c = realloc(im->codes, (r->n_warnings + 1) * sizeof *c);

	if (!c)
		return oc_imp_fail(im, "out of memory");
	im->codes = c;
	r->warnings[r->n_warnings] = strdup(buf);
	im->codes[r->n_warnings] = strdup(code);
	if (!r->warnings[r->n_warnings] || !im->codes[r->n_warnings]) {
		free(r->warnings[r->n_warnings]);
		free(im->codes[r->n_warnings]);
		return oc_imp_fail(im, "out of memory");
	}
	r->n_warnings++;
	return 0;
}

static void pid_list(const long *pids, size_t n, char *buf, size_t len)
{
	size_t pos = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && pos + 24 < len; i++) {
		if (i == 8) {
			snprintf(buf + pos, len - pos, ", ... (%zu in all)", n);
			return;
		}
		pos += (size_t)snprintf(buf + pos, len - pos, "%s%ld", i ? ", " : "", pids[i]);
	}
}

long oc_imp_choose(struct imp *im, const long *pids, size_t n)
{
	char list[256];

	pid_list(pids, n, list, sizeof list);
	if (im->o->pid >= 0) {
		for (size_t i = 0; i < n; i++)
			if (pids[i] == im->o->pid)
				return 1;
		return oc_imp_fail(im, "no process %ld in it (%s: %s)", im->o->pid,
				   n == 1 ? "its process" : "its processes", n == 1 && pids[0] < 0 ?
				   "one, whose pid the input does not say" : list);
	}
	if (n > 1 && im->o->single)
		return oc_imp_fail(im, "it holds %zu processes with CUDA work (pids %s): choose one with "
				   "`overlapcheck import --pid PID %s`, or write one trace each with "
				   "`overlapcheck import %s`", n, list, im->input, im->input);
	return (long)n;
}

int oc_imp_wanted(const struct imp *im, long pid)
{
	return im->o->pid < 0 || im->o->pid == pid;
}

/* The input's name without the extensions its formats use. */
static void stem(const char *input, char *out, size_t len)
{
	static const char *const sfx[] = { ".gz", ".json", ".pt.trace", ".sqlite3", ".sqlite", ".db" };
	const char *base = strrchr(input, '/');
	size_t n;

	base = base ? base + 1 : input;
	snprintf(out, len, "%s", base);
	for (size_t i = 0; i < sizeof sfx / sizeof sfx[0]; i++) {
		n = strlen(out);
		size_t l = strlen(sfx[i]);

		if (n > l && !strcasecmp(out + n - l, sfx[i]))
			out[n - l] = '\0';
	}
}

int oc_imp_output(struct imp *im, long pid, size_t n, char *out, size_t outlen)
{
	char base[4096], st[1024];
	struct stat a, b;

	if (im->in_memory) {
		out[0] = '\0';
		return 0;
	}
	if (im->o->output) {
		snprintf(base, sizeof base, "%s", im->o->output);
	} else {
		const char *slash = strrchr(im->input, '/');

		stem(im->input, st, sizeof st);
		if (slash)
			snprintf(base, sizeof base, "%.*s/%s.db", (int)(slash - im->input), im->input, st);
		else
			snprintf(base, sizeof base, "%s.db", st);
	}
	if (n > 1 && !(im->o->flags & OC_IMPORT_TEMP)) {
		size_t l = strlen(base);
		char pidtxt[32];

		if (pid >= 0)
			snprintf(pidtxt, sizeof pidtxt, "%ld", pid);
		else
			snprintf(pidtxt, sizeof pidtxt, "unknown");
		if (l > 3 && !strcmp(base + l - 3, ".db"))
			snprintf(out, outlen, "%.*s.%s.db", (int)(l - 3), base, pidtxt);
		else
			snprintf(out, outlen, "%s.%s.db", base, pidtxt);
	} else {
		snprintf(out, outlen, "%s", base);
	}
	if (strlen(out) + 1 >= outlen)
		return oc_imp_fail(im, "the output name is too long");
	if (!stat(out, &a) && !stat(im->input, &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
		return oc_imp_fail(im, "the trace '%s' would replace the input: name another with -o", out);
	return 0;
}

int oc_imp_done(struct imp *im, const char *path, long pid, size_t ops, size_t api, size_t syncs)
{
	struct oc_import_result *r = im->r;
	struct oc_import_trace *t = realloc(r->traces, (r->n_traces + 1) * sizeof *t);

	if (!t)
		return oc_imp_fail(im, "out of memory");
	r->traces = t;
	t = &r->traces[r->n_traces];
	t->path = path ? strdup(path) : NULL;
	if (path && !t->path)
		return oc_imp_fail(im, "out of memory");
	t->pid = pid;
	t->ops = ops;
	t->api_calls = api;
	t->syncs = syncs;
	r->n_traces++;
	return 0;
}

void oc_imp_iso_time(int64_t ns, char *buf, size_t len)
{
	time_t sec = (time_t)(ns / 1000000000);
	struct tm tm;
	char date[32];

	if (ns < 0 || !gmtime_r(&sec, &tm)) {
		snprintf(buf, len, "unknown");
		return;
	}
	strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(buf, len, "%s.%03dZ", date, (int)(ns % 1000000000 / 1000000));
}

size_t oc_imp_api_name_len(const char *name, size_t len)
{
	/* "_v" and digits at the end: CUPTI's version tag */
	size_t i = len;

	while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9')
		i--;
	if (i < len && i >= 3 && name[i - 1] == 'v' && name[i - 2] == '_')
		return i - 2;
	return len;
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

static int open_nsys(struct imp *im, const char *path)
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
		rc = open_nsys(&im, input);
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
			rc = oc_imp_fail(&im, "neither an Nsight Systems SQLite export nor a PyTorch profiler "
					 "(Kineto) JSON trace, plain or gzipped");
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
