/*
 * import-common.c: what both importers call for one import: its messages,
 * the processes it writes and where their traces go, and the names and
 * times every format spells the same way.
 *
 * Every failure is "cannot import 'INPUT': WHAT", the first one kept; every
 * warning is kept once by its code, for the result and for each trace's
 * warnings table. A process is chosen (--pid) or refused (--single with
 * several) here, and each written trace is recorded in the result. Nothing
 * here knows a format: import-kineto*.c and import-nsys*.c call down to it,
 * as does the writer (import-write.c) for the start time, and import.c
 * (what an input is, dispatch) stands on top of them all.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "importer.h"

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
	static const char *const sfx[] = { ".gz", ".sql", ".json", ".pt.trace", ".sqlite3", ".sqlite", ".db" };
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

/* An Nsight Systems export (its tables), else a trace. */
enum oc_input_format oc_imp_sqlite_kind(sqlite3 *db)
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
