/*
 * tracefile.c: creating and finishing a trace on the CLI side.
 *
 * A trace is born in the CLI, not in the traced program: `overlapcheck run`
 * claims the file with O_EXCL (so nothing is ever overwritten by accident and
 * two runs cannot race for one name), creates the schema from
 * schema/trace.sql and writes the host passport, then closes it before the
 * program is exec'd. The injection library opens the same file inside the
 * program, sets tracer_status to 'running' and later 'finished', and adds
 * what only it can see. A program that never touches CUDA therefore still
 * leaves a valid trace, with tracer_status 'not_started'.
 *
 * After the program ends the CLI opens the trace again, records how the
 * program ended and folds any WAL left by a killed program back into the main
 * file, so that the trace is one self-contained file. Only the values the
 * user cannot control (keys) appear in SQL text; every value is bound.
 */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "overlapcheck/format.h"
#include "overlapcheck/schema.h"
#include "overlapcheck/tracefile.h"

#ifndef OC_VERSION
#define OC_VERSION "unknown"
#endif

/* The environment variables that change the answer (docs/method.md, step 2). */
static const char *const passport_env[] = {
	"CUDA_LAUNCH_BLOCKING",
	"CUDA_DEVICE_MAX_CONNECTIONS",
	"CUDA_MODULE_LOADING",
	"CUDA_VISIBLE_DEVICES",
};

/* Append n bytes of s to out at *pos; -1 when it does not fit. */
static int append(char *out, size_t outlen, size_t *pos, const char *s, size_t n)
{
	if (*pos + n >= outlen)
		return -1;
	memcpy(out + *pos, s, n);
	*pos += n;
	out[*pos] = '\0';
	return 0;
}

int oc_trace_path_expand(const char *pattern, long pid, char *out, size_t outlen,
			 char *err, size_t errlen)
{
	size_t pos = 0;
	char buf[256];

	if (!outlen)
		return -1;
	out[0] = '\0';
	for (const char *p = pattern; *p; p++) {
		if (*p != '%') {
			if (append(out, outlen, &pos, p, 1))
				goto too_long;
			continue;
		}
		switch (*++p) {
		case '%':
			if (append(out, outlen, &pos, "%", 1))
				goto too_long;
			break;
		case 'p':
			snprintf(buf, sizeof buf, "%ld", pid);
			if (append(out, outlen, &pos, buf, strlen(buf)))
				goto too_long;
			break;
		case 'h':
			if (gethostname(buf, sizeof buf) != 0) {
				oc_set_err(err, errlen, "cannot expand %%h in '%s': %s", pattern, strerror(errno));
				return -1;
			}
			buf[sizeof buf - 1] = '\0';
			if (append(out, outlen, &pos, buf, strlen(buf)))
				goto too_long;
			break;
		case 'q': {
			const char *end, *val;
			size_t n;

			if (p[1] != '{' || !(end = strchr(p + 2, '}')) || end == p + 2) {
				oc_set_err(err, errlen, "bad output name '%s': %%q needs a variable name, as in %%q{VAR}",
					pattern);
				return -1;
			}
			n = (size_t)(end - (p + 2));
			if (n >= sizeof buf) {
				oc_set_err(err, errlen, "bad output name '%s': variable name too long", pattern);
				return -1;
			}
			memcpy(buf, p + 2, n);
			buf[n] = '\0';
			val = getenv(buf);
			if (!val) {
				oc_set_err(err, errlen, "bad output name '%s': environment variable '%s' is not set",
					pattern, buf);
				return -1;
			}
			if (append(out, outlen, &pos, val, strlen(val)))
				goto too_long;
			p = end;
			break;
		}
		case '\0':
			oc_set_err(err, errlen, "bad output name '%s': it ends with a lone %%", pattern);
			return -1;
		default:
			oc_set_err(err, errlen, "bad output name '%s': unknown sequence %%%c (use %%p, %%h, %%q{VAR} or %%%%)",
				pattern, *p);
			return -1;
		}
	}
	if (!out[0]) {
		oc_set_err(err, errlen, "bad output name '%s': it expands to an empty name", pattern);
		return -1;
	}
	return 0;
too_long:
	oc_set_err(err, errlen, "bad output name '%s': the expanded name is too long", pattern);
	return -1;
}

static int shell_safe(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-",
			    *s))
			return 0;
	return 1;
}

char *oc_shell_quote_argv(char *const *argv)
{
	size_t len = 1;
	char *out, *o;

	for (size_t i = 0; argv[i]; i++)
		len += 4 * strlen(argv[i]) + 3;   /* worst case: every byte a quote */
	out = malloc(len);
	if (!out)
		return NULL;
	o = out;
	for (size_t i = 0; argv[i]; i++) {
		if (i)
			*o++ = ' ';
		if (shell_safe(argv[i])) {
			o = stpcpy(o, argv[i]);
			continue;
		}
		*o++ = '\'';
		for (const char *s = argv[i]; *s; s++) {
			if (*s == '\'')
				o = stpcpy(o, "'\\''");
			else
				*o++ = *s;
		}
		*o++ = '\'';
	}
	*o = '\0';
	return out;
}

int oc_tracefile_remove(const char *path)
{
	static const char *const sfx[] = { "", "-wal", "-shm", "-journal" };
	char buf[4096];

	for (size_t i = 0; i < sizeof sfx / sizeof sfx[0]; i++) {
		if ((size_t)snprintf(buf, sizeof buf, "%s%s", path, sfx[i]) >= sizeof buf) {
			errno = ENAMETOOLONG;
			return -1;
		}
		if (unlink(buf) != 0 && errno != ENOENT)
			return -1;
	}
	return 0;
}

static int set_iso_time(sqlite3 *db, const char *key, const struct timespec *ts)
{
	struct tm tm;
	char date[32], buf[48];

	if (!gmtime_r(&ts->tv_sec, &tm))
		return -1;
	strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(buf, sizeof buf, "%s.%03ldZ", date, ts->tv_nsec / 1000000);
	return oc_meta_set(db, key, buf);
}

static int write_passport(sqlite3 *db, const struct oc_run_info *ri)
{
	struct timespec ts = {
		.tv_sec = (time_t)(ri->trace_start_ns / 1000000000),
		.tv_nsec = (long)(ri->trace_start_ns % 1000000000),
	};
	char host[256], *cwd, *cmdline;
	struct utsname un;
	int rc = 0;

	if (gethostname(host, sizeof host) != 0)
		snprintf(host, sizeof host, "unknown");
	host[sizeof host - 1] = '\0';
	cmdline = oc_shell_quote_argv(ri->argv);
	cwd = getcwd(NULL, 0);
	if (!cmdline) {
		free(cwd);
		return -1;
	}

	rc |= oc_meta_set(db, "tool_version", OC_VERSION);
	rc |= oc_meta_set_int(db, "trace_start_ns", ri->trace_start_ns);
	rc |= set_iso_time(db, "start_time", &ts);
	rc |= oc_meta_set(db, "host", host);
	if (uname(&un) == 0) {
		char os[3 * sizeof un.release + 4];

		snprintf(os, sizeof os, "%s %s %s", un.sysname, un.release, un.machine);
		rc |= oc_meta_set(db, "os", os);
	}
	rc |= oc_meta_set(db, "cmdline", cmdline);
	if (cwd)
		rc |= oc_meta_set(db, "cwd", cwd);
	rc |= oc_meta_set_int(db, "pid", ri->pid);
	for (size_t i = 0; i < sizeof passport_env / sizeof passport_env[0]; i++) {
		const char *v = getenv(passport_env[i]);
		char key[64];

		if (!v)
			continue;
		snprintf(key, sizeof key, "env.%s", passport_env[i]);
		rc |= oc_meta_set(db, key, v);
	}
	rc |= oc_meta_set(db, "tracer_status", "not_started");
	free(cwd);
	free(cmdline);
	return rc ? -1 : 0;
}

int oc_tracefile_create(const char *path, unsigned flags, const struct oc_run_info *ri,
			char *err, size_t errlen)
{
	sqlite3 *db = NULL;
	char msg[512];
	int fd;

	if (flags & OC_TRACEFILE_FORCE) {
		if (oc_tracefile_remove(path) != 0) {
			oc_set_err(err, errlen, "cannot remove old trace '%s': %s", path, strerror(errno));
			return -1;
		}
	}
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd < 0) {
		if (errno == EEXIST)
			oc_set_err(err, errlen, "trace '%s' already exists (use --force to overwrite it)", path);
		else
			oc_set_err(err, errlen, "cannot create trace '%s': %s", path, strerror(errno));
		return -1;
	}
	close(fd);
	/* A -wal or -shm without its main file is stale: SQLite must not replay it. */
	{
		char buf[4096];

		snprintf(buf, sizeof buf, "%s-wal", path);
		unlink(buf);
		snprintf(buf, sizeof buf, "%s-shm", path);
		unlink(buf);
		snprintf(buf, sizeof buf, "%s-journal", path);
		unlink(buf);
	}

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		oc_set_err(err, errlen, "cannot open trace '%s': %s", path, db ? sqlite3_errmsg(db) : "out of memory");
		goto err;
	}
	if (oc_schema_create(db, msg, sizeof msg) != 0) {
		oc_set_err(err, errlen, "cannot create trace '%s': %s", path, msg);
		goto err;
	}
	if (sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK ||
	    write_passport(db, ri) != 0 ||
	    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		oc_set_err(err, errlen, "cannot write passport into trace '%s': %s", path, sqlite3_errmsg(db));
		goto err;
	}
	if (sqlite3_close(db) != SQLITE_OK) {
		oc_set_err(err, errlen, "cannot close trace '%s': %s", path, sqlite3_errmsg(db));
		db = NULL;
		goto err;
	}
	return 0;
err:
	sqlite3_close(db);
	oc_tracefile_remove(path);
	return -1;
}

/* meta value of key into buf ("" when absent). 0, or -1 on SQL error. */
static int meta_get(sqlite3 *db, const char *key, char *buf, size_t len)
{
	sqlite3_stmt *st;
	int rc;

	buf[0] = '\0';
	if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = ?1", -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && sqlite3_column_text(st, 0))
		snprintf(buf, len, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

static int add_warning(sqlite3 *db, long pid, const char *code, const char *message)
{
	sqlite3_stmt *st;
	char start[32];
	struct timespec now;
	long long ts = 0;
	int rc;

	clock_gettime(CLOCK_REALTIME, &now);
	if (meta_get(db, "trace_start_ns", start, sizeof start) == 0 && start[0])
		ts = (long long)now.tv_sec * 1000000000LL + now.tv_nsec - strtoll(start, NULL, 10);
	if (sqlite3_prepare_v2(db, "INSERT INTO warnings(ts_ns, pid, source, code, message) "
			       "VALUES (?1, ?2, 'cli', ?3, ?4)", -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, ts);
	sqlite3_bind_int64(st, 2, pid);
	sqlite3_bind_text(st, 3, code, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, message, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

int oc_tracefile_finish(const char *path, int wait_status, char *err, size_t errlen)
{
	sqlite3 *db = NULL;
	char status[32], pid[32];
	struct timespec now;
	int clean, rc = 0;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		oc_set_err(err, errlen, "cannot open trace '%s': %s", path,
			db ? sqlite3_errmsg(db) : "out of memory");
		goto err;
	}
	sqlite3_busy_timeout(db, 10000);
	if (oc_schema_check(db, NULL, NULL, 0) != OC_SCHEMA_OK) {
		oc_set_err(err, errlen, "cannot finish trace '%s': not an overlapcheck trace any more", path);
		goto err;
	}
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		goto sql_err;
	if (meta_get(db, "tracer_status", status, sizeof status) != 0 ||
	    meta_get(db, "pid", pid, sizeof pid) != 0)
		goto sql_err;
	clean = WIFEXITED(wait_status) && strcmp(status, "running") != 0;
	if (WIFEXITED(wait_status)) {
		rc |= oc_meta_set_int(db, "exit_status", WEXITSTATUS(wait_status));
	} else if (WIFSIGNALED(wait_status)) {
		rc |= oc_meta_set_int(db, "exit_signal", WTERMSIG(wait_status));
#ifdef WCOREDUMP
		rc |= oc_meta_set_int(db, "core_dumped", WCOREDUMP(wait_status) ? 1 : 0);
#endif
	}
	rc |= oc_meta_set_int(db, "clean_exit", clean);
	clock_gettime(CLOCK_REALTIME, &now);
	rc |= set_iso_time(db, "end_time", &now);
	if (!strcmp(status, "running"))
		rc |= add_warning(db, strtol(pid, NULL, 10), "tracer_not_finalised",
				  "the injection library never finalised this trace (the program was "
				  "killed or ended abnormally): records of the last flush period may be missing");
	if (rc || sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		goto sql_err;

	/* Fold a WAL left by a killed writer into the file; then make it one file for good. */
	sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL);
	sqlite3_exec(db, "PRAGMA journal_mode=DELETE", NULL, NULL, NULL);
	if (sqlite3_close(db) != SQLITE_OK) {
		oc_set_err(err, errlen, "cannot close trace '%s': %s", path, sqlite3_errmsg(db));
		return -1;
	}
	return 0;
sql_err:
	oc_set_err(err, errlen, "cannot finish trace '%s': %s", path, sqlite3_errmsg(db));
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
err:
	sqlite3_close(db);
	return -1;
}

int oc_tracefile_fold(const char *path)
{
	sqlite3 *db = NULL;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		sqlite3_close(db);
		return -1;
	}
	/* No busy timeout: a writer that still runs keeps its WAL, and that is fine. */
	if (oc_schema_check(db, NULL, NULL, 0) == OC_SCHEMA_OK)
		sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL);
	sqlite3_close(db);
	return 0;
}

/* One integer from a query with up to one bound integer; -1 on error. */
static long long count_of(sqlite3 *db, const char *sql, int nparams, int param)
{
	sqlite3_stmt *st;
	long long n = -1;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (nparams)
		sqlite3_bind_int(st, 1, param);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

static long long meta_int(sqlite3 *db, const char *key)
{
	char buf[32];

	if (meta_get(db, key, buf, sizeof buf) != 0 || !buf[0])
		return -1;
	return strtoll(buf, NULL, 10);
}

int oc_tracefile_counts(const char *path, struct oc_trace_counts *c, char *err, size_t errlen)
{
	sqlite3 *db = NULL;
	static const char ops_kind[] = "SELECT count(*) FROM ops WHERE kind = ?1";

	memset(c, 0, sizeof *c);
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		oc_set_err(err, errlen, "cannot open trace '%s': %s", path,
			db ? sqlite3_errmsg(db) : "out of memory");
		sqlite3_close(db);
		return -1;
	}
	sqlite3_busy_timeout(db, 5000);
	c->kernels = count_of(db, ops_kind, 1, 1);
	c->copies = count_of(db, "SELECT count(*) FROM ops WHERE kind IN (?1, 4)", 1, 2);
	c->memsets = count_of(db, ops_kind, 1, 3);
	c->syncs = count_of(db, "SELECT count(*) FROM syncs", 0, 0);
	c->api_calls = count_of(db, "SELECT count(*) FROM api", 0, 0);
	c->warnings = count_of(db, "SELECT count(*) FROM warnings", 0, 0);
	c->dropped = meta_int(db, "dropped_records");
	c->incomplete = meta_int(db, "incomplete_records");
	if (meta_get(db, "tracer_status", c->tracer_status, sizeof c->tracer_status) != 0 ||
	    c->kernels < 0 || c->copies < 0 || c->memsets < 0 || c->syncs < 0 ||
	    c->api_calls < 0 || c->warnings < 0) {
		oc_set_err(err, errlen, "cannot read trace '%s': %s", path, sqlite3_errmsg(db));
		sqlite3_close(db);
		return -1;
	}
	sqlite3_close(db);
	return 0;
}

/*
 * Length of the valid UTF-8 sequence at s (2..4), or 0 when s does not start
 * one. Overlong forms, surrogates and code points above U+10FFFF are invalid.
 * *cp receives the code point.
 */
static int utf8_seq(const unsigned char *s, unsigned *cp)
{
	unsigned c = s[0], n, min;

	if (c >= 0xc2 && c <= 0xdf)
		n = 2, min = 0x80, c &= 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, min = 0x800, c &= 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, min = 0x10000, c &= 0x07;
	else
		return 0;
	for (unsigned i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return (int)n;
}

void oc_fput_escaped(const char *s, FILE *f)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned cp;
	int n;

	while (*p) {
		if (*p == '\\') {
			fputs("\\\\", f);
			p++;
		} else if (*p >= 0x20 && *p < 0x7f) {
			fputc(*p++, f);
		} else if (*p >= 0x80 && (n = utf8_seq(p, &cp)) && cp >= 0xa0) {
			fwrite(p, 1, (size_t)n, f);   /* printable UTF-8; C1 controls stay escaped */
			p += n;
		} else {
			fprintf(f, "\\x%02x", *p++);
		}
	}
}

void oc_fput_json(const char *s, FILE *f)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned cp;
	int n;

	if (!s) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	while (*p) {
		if (*p == '"' || *p == '\\') {
			fputc('\\', f);
			fputc(*p++, f);
		} else if (*p >= 0x20 && *p < 0x7f) {
			fputc(*p++, f);
		} else if (*p >= 0x80 && (n = utf8_seq(p, &cp))) {
			fwrite(p, 1, (size_t)n, f);
			p += n;
		} else {
			/* Controls, DEL, and bytes of invalid UTF-8 (read as Latin-1). */
			fprintf(f, "\\u%04x", *p++);
		}
	}
	fputc('"', f);
}
