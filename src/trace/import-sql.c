/*
 * import-sql.c: a SQL text dump of a trace (tools/dump-trace.py, sqlite3's
 * .dump, python's iterdump), plain or gzipped, loaded into a trace file.
 *
 * The dump is text from anywhere, executed as SQL, so it runs fenced in:
 *
 *   - statements are split here (quotes and comments known), one at a time,
 *     and only those a dump holds are run: CREATE, INSERT, DELETE (of
 *     sqlite_sequence), BEGIN, COMMIT/END, ROLLBACK, PRAGMA;
 *   - an authorizer allows only what such statements need: tables, indexes
 *     and views created, rows inserted, sqlite_sequence rewritten, the
 *     pragmas foreign_keys, application_id and user_version, and plain
 *     functions that touch nothing outside their arguments (no
 *     load_extension, no randomblob or zeroblob); ATTACH, DETACH, VACUUM
 *     (INTO), triggers, virtual tables, temporary objects and every other
 *     pragma are refused, and the message names what was; views, whose
 *     bodies SQLite compiles only when read, are compiled behind it after
 *     the load;
 *   - defensive mode, untrusted schema, no attached databases;
 *   - limits: the text (OC_DUMP_MAX_TEXT), one statement (OC_DUMP_MAX_STMT),
 *     one value (OC_DUMP_MAX_VALUE), the database written (OC_DUMP_MAX_DB)
 *     and the work done (a budget of VM steps growing with the text read).
 *
 * The database written must then be an overlapcheck trace (by its ids, or by
 * its tables as a dump loaded back is read), else the import fails. Only the
 * output file is ever written (journal in memory).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sqlite3.h>
#include <zlib.h>

#include "importer.h"
#include "overlapcheck/schema.h"
#include "overlapcheck/tracefile.h"

#define OC_DUMP_MAX_TEXT  (1ull << 30)     /* 1 GiB of SQL text (uncompressed) */
#define OC_DUMP_MAX_STMT  (256u << 20)     /* one statement */
#define OC_DUMP_MAX_VALUE (64 << 20)       /* one string or blob */
#define OC_DUMP_MAX_DB    (2ull << 30)     /* the database it makes */
#define OC_DUMP_TICK      10000            /* VM steps between two progress calls */
#define OC_DUMP_BASE_OPS  100000000ull     /* VM steps any dump may take ... */
#define OC_DUMP_OPS_BYTE  2000ull          /* ... and per byte of text read */

enum lex { L_CODE, L_SQ, L_DQ, L_BT, L_BR, L_LINE, L_BLOCK };

struct dump {
	struct imp *im;
	sqlite3 *db;
	char *buf;                  /* the statement being read */
	size_t len, cap;
	enum lex state;
	char prev;                  /* the previous character in L_CODE / L_BLOCK, 0 after a token */
	int has_token;              /* the statement holds more than blanks and comments */
	char word[16];              /* its first word, upper case */
	size_t wlen;
	int word_done;
	long line, stmt_line;
	unsigned long long bytes, ticks;
	char denied[200];           /* what the authorizer refused first */
};

/* ---- the fence --------------------------------------------------------------- */

static int in_list(const char *s, const char *const *list)
{
	for (; s && *list; list++)
		if (!strcasecmp(s, *list))
			return 1;
	return 0;
}

/* Functions a dump or a trace's views and defaults may call: pure, of their
 * arguments only, none that makes data from nothing. */
static const char *const pure_fns[] = {
	"abs", "avg", "char", "coalesce", "count", "date", "datetime", "glob", "group_concat", "hex",
	"ifnull", "iif", "instr", "julianday", "length", "like", "likelihood", "likely", "lower",
	"ltrim", "max", "min", "nullif", "octet_length", "quote", "replace", "round", "rtrim",
	"sign", "strftime", "string_agg", "substr", "substring", "sum", "time", "total", "trim",
	"typeof", "unhex", "unicode", "unistr", "unixepoch", "unlikely", "upper", NULL,
};
static const char *const dump_pragmas[] = { "foreign_keys", "application_id", "user_version", NULL };

static int deny(struct dump *d, const char *fmt, const char *a, const char *b)
{
	if (!d->denied[0])
		snprintf(d->denied, sizeof d->denied, fmt, a ? a : "", b ? b : "");
	return SQLITE_DENY;
}

static int is_seq(const char *table)
{
	return table && !strcasecmp(table, "sqlite_sequence");
}

static int is_schema(const char *table)
{
	return table && (!strcasecmp(table, "sqlite_master") || !strcasecmp(table, "sqlite_schema"));
}

static int authorize(void *arg, int action, const char *a1, const char *a2, const char *dbname,
		     const char *inner)
{
	struct dump *d = arg;

	(void)inner;
	if (dbname && strcmp(dbname, "main") && action != SQLITE_FUNCTION)
		return deny(d, "a database other than the dump's own ('%s')%s", dbname, NULL);
	switch (action) {
	case SQLITE_CREATE_TABLE:
	case SQLITE_CREATE_INDEX:
	case SQLITE_CREATE_VIEW:
	case SQLITE_READ:
	case SQLITE_SELECT:
	case SQLITE_TRANSACTION:
	case SQLITE_REINDEX:     /* CREATE INDEX fills the index it makes */
		return SQLITE_OK;
	case SQLITE_INSERT:
		/* CREATE writes sqlite_master too; a statement of the dump's own
		 * cannot, in defensive mode without writable_schema */
		return SQLITE_OK;
	case SQLITE_DELETE:
	case SQLITE_UPDATE:
		if (is_seq(a1) || is_schema(a1))
			return SQLITE_OK;
		return deny(d, "%s of table '%s' (a dump only inserts rows)",
			    action == SQLITE_DELETE ? "DELETE" : "UPDATE", a1);
	case SQLITE_PRAGMA:
		if (in_list(a1, dump_pragmas))
			return SQLITE_OK;
		return deny(d, "PRAGMA %s%s (a dump sets only foreign_keys, application_id and "
			    "user_version)", a1, NULL);
	case SQLITE_FUNCTION:
		if (in_list(a2, pure_fns))
			return SQLITE_OK;
		return deny(d, "a call of the function %s()%s", a2, NULL);
	case SQLITE_ATTACH:
		return deny(d, "ATTACH DATABASE '%s'%s", a1, NULL);
	case SQLITE_DETACH:
		return deny(d, "DETACH DATABASE %s%s", a1, NULL);
	case SQLITE_CREATE_TRIGGER:
	case SQLITE_CREATE_TEMP_TRIGGER:
		return deny(d, "CREATE TRIGGER %s%s (a trace has no triggers)", a1, NULL);
	case SQLITE_CREATE_VTABLE:
		return deny(d, "CREATE VIRTUAL TABLE %s%s", a1, NULL);
	default:
		return deny(d, "a statement that is no part of a dump (action %s%s)",
			    action == SQLITE_RECURSIVE ? "RECURSIVE" :
			    action == SQLITE_ALTER_TABLE ? "ALTER TABLE" :
			    action == SQLITE_ANALYZE ? "ANALYZE" :
			    action == SQLITE_SAVEPOINT ? "SAVEPOINT" :
			    action >= SQLITE_DROP_INDEX && action <= SQLITE_DROP_VIEW ? "DROP" :
			    action >= SQLITE_CREATE_TEMP_INDEX && action <= SQLITE_CREATE_TEMP_VIEW ?
			    "CREATE TEMP" : "other", NULL);
	}
}

static int progress(void *arg)
{
	struct dump *d = arg;

	return ++d->ticks > (OC_DUMP_BASE_OPS + OC_DUMP_OPS_BYTE * d->bytes) / OC_DUMP_TICK;
}

/* The first words of the statements a dump holds. */
static const char *const dump_words[] = {
	"CREATE", "INSERT", "DELETE", "BEGIN", "COMMIT", "END", "ROLLBACK", "PRAGMA", NULL,
};

/* ---- one statement -------------------------------------------------------------- */

static int stmt_fail(struct dump *d, int rc)
{
	if (d->denied[0])
		return oc_imp_fail(d->im, "line %ld: refused: %s, which a trace's dump never does",
				   d->stmt_line, d->denied);
	if (rc == SQLITE_INTERRUPT)
		return oc_imp_fail(d->im, "the dump takes too long to load: over %llu steps by line %ld, "
				   "for %llu bytes of text",
				   (unsigned long long)(d->ticks * OC_DUMP_TICK), d->stmt_line, d->bytes);
	if (rc == SQLITE_FULL)
		return oc_imp_fail(d->im, "the dump makes a database over %llu MiB (line %ld)",
				   OC_DUMP_MAX_DB >> 20, d->stmt_line);
	return oc_imp_fail(d->im, "the dump does not load: line %ld: %s", d->stmt_line,
			   sqlite3_errmsg(d->db));
}

static int run_stmt(struct dump *d)
{
	sqlite3_stmt *st = NULL;
	const char *tail = NULL;
	int rc;

	d->word[d->wlen] = '\0';
	if (!in_list(d->word, dump_words))
		return oc_imp_fail(d->im, "line %ld: %s refused: a trace's dump holds only CREATE, "
				   "INSERT, DELETE FROM sqlite_sequence, BEGIN, COMMIT and PRAGMA "
				   "statements", d->stmt_line, d->wlen ? d->word : "a statement");
	rc = sqlite3_prepare_v2(d->db, d->buf, (int)d->len, &st, &tail);
	if (rc != SQLITE_OK)
		return stmt_fail(d, rc);
	if (!st)
		return 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		;
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return stmt_fail(d, rc);
	return 0;
}

static int put(struct dump *d, char c)
{
	if (d->len + 2 > d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 4096;
		char *b;

		if (d->len + 2 > OC_DUMP_MAX_STMT)
			return oc_imp_fail(d->im, "the dump has a statement over %u MiB (line %ld)",
					   OC_DUMP_MAX_STMT >> 20, d->stmt_line);
		b = realloc(d->buf, cap);
		if (!b)
			return oc_imp_fail(d->im, "out of memory");
		d->buf = b;
		d->cap = cap;
	}
	d->buf[d->len++] = c;
	d->buf[d->len] = '\0';
	return 0;
}

/* A character of code: the statement's first word, its end. */
static int code_char(struct dump *d, char c)
{
	if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
		if (d->wlen)
			d->word_done = 1;
		return 0;
	}
	if (!d->has_token) {
		d->has_token = 1;
		d->stmt_line = d->line;
	}
	if (!d->word_done && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
		if (d->wlen + 1 < sizeof d->word)
			d->word[d->wlen++] = (char)(c & ~0x20);
	} else {
		d->word_done = 1;
	}
	if (c != ';')
		return 0;
	if (run_stmt(d))
		return -1;
	d->len = 0;
	d->has_token = d->word_done = 0;
	d->wlen = 0;
	return 0;
}

/* One character of the text, through the lexer. */
static int feed(struct dump *d, char c)
{
	char prev = d->prev;

	if (c == '\n')
		d->line++;
	if (put(d, c))
		return -1;
	d->prev = c;
	switch (d->state) {
	case L_CODE:
		if (prev == '-' && c == '-') {
			d->state = L_LINE;
			d->prev = 0;
			return 0;
		}
		if (prev == '/' && c == '*') {
			d->state = L_BLOCK;
			d->prev = 0;
			return 0;
		}
		/* a '-' or '/' that began no comment is code */
		if ((prev == '-' || prev == '/') && code_char(d, prev))
			return -1;
		if (c == '-' || c == '/')
			return 0;
		d->prev = 0;
		if (c == '\'' || c == '"' || c == '`' || c == '[') {
			d->state = c == '\'' ? L_SQ : c == '"' ? L_DQ : c == '`' ? L_BT : L_BR;
			c = 'x';   /* a token, not a word */
		}
		return code_char(d, c);
	case L_SQ: d->state = c == '\'' ? L_CODE : L_SQ; break;
	case L_DQ: d->state = c == '"' ? L_CODE : L_DQ; break;
	case L_BT: d->state = c == '`' ? L_CODE : L_BT; break;
	case L_BR: d->state = c == ']' ? L_CODE : L_BR; break;
	case L_LINE: d->state = c == '\n' ? L_CODE : L_LINE; break;
	case L_BLOCK:
		if (prev == '*' && c == '/')
			d->state = L_CODE;
		else
			return 0;
		break;
	}
	d->prev = 0;
	return 0;
}

/* ---- the load ------------------------------------------------------------------ */

static int load_text(struct dump *d, const char *path)
{
	char chunk[65536];
	gzFile gz = gzopen(path, "rb");
	int n, rc = 0;

	if (!gz)
		return oc_imp_fail(d->im, "%s", errno ? strerror(errno) : "out of memory");
	gzbuffer(gz, 1 << 17);
	while (!rc && (n = gzread(gz, chunk, sizeof chunk)) > 0) {
		d->bytes += (unsigned)n;
		if (d->bytes > OC_DUMP_MAX_TEXT) {
			rc = oc_imp_fail(d->im, "the dump is over %llu MiB of SQL text, more than is read",
					 OC_DUMP_MAX_TEXT >> 20);
			break;
		}
		for (int i = 0; i < n && !rc; i++)
			rc = feed(d, chunk[i]);
	}
	if (!rc && n < 0) {
		int e;
		const char *m = gzerror(gz, &e);

		rc = oc_imp_fail(d->im, "the gzipped dump cannot be read: %s", m ? m : "gzip error");
	}
	gzclose(gz);
	if (rc)
		return rc;
	if (d->prev == '-' || d->prev == '/')
		rc = code_char(d, d->prev);
	if (!rc && (d->has_token || (d->state != L_CODE && d->state != L_LINE)))
		return oc_imp_fail(d->im, "the dump ends inside a statement (line %ld): truncated?",
				   d->has_token ? d->stmt_line : d->line);
	if (!rc && !sqlite3_get_autocommit(d->db))
		return oc_imp_fail(d->im, "the dump ends inside its transaction (no COMMIT): truncated?");
	return rc;
}

/*
 * A view's body is compiled only when read: compile each one here, behind
 * the authorizer, so that a view calling what a statement may not call is
 * refused now rather than run by the reader later.
 */
static int check_views(struct dump *d)
{
	sqlite3_stmt *st, *v;
	int rc = 0;

	if (sqlite3_prepare_v2(d->db, "SELECT name FROM sqlite_master WHERE type = 'view'", -1, &st,
			       NULL) != SQLITE_OK)
		return stmt_fail(d, sqlite3_errcode(d->db));
	while (!rc && sqlite3_step(st) == SQLITE_ROW) {
		char *sql = sqlite3_mprintf("SELECT * FROM \"%w\"", (const char *)sqlite3_column_text(st, 0));

		d->stmt_line = d->line;
		if (!sql)
			rc = oc_imp_fail(d->im, "out of memory");
		else if (sqlite3_prepare_v2(d->db, sql, -1, &v, NULL) != SQLITE_OK)
			rc = stmt_fail(d, sqlite3_errcode(d->db));
		else
			sqlite3_finalize(v);
		sqlite3_free(sql);
	}
	sqlite3_finalize(st);
	return rc;
}

/* The loaded database is a trace (ids, or a dump's tables), and its counts. */
static int loaded_trace(struct dump *d, long *pid, size_t n[3])
{
	static const char *const tables[] = { "ops", "api", "syncs" };
	const char *missing = "";
	char msg[256] = "";
	int ver = 0;
	enum oc_schema_state s = oc_schema_check(d->db, &ver, msg, sizeof msg);
	sqlite3_stmt *st;

	if (s == OC_SCHEMA_EMPTY)
		return oc_imp_fail(d->im, "the dump loads, but makes no tables: not an overlapcheck trace");
	if (s == OC_SCHEMA_ERROR)
		return oc_imp_fail(d->im, "the dump loads, but not into a trace: %s", msg);
	if (s == OC_SCHEMA_NOT_TRACE)
		ver = oc_schema_dump_version(d->db, &missing);
	if (!ver)
		return oc_imp_fail(d->im, "the dump loads, but not into an overlapcheck trace (no "
				   "application id%s%s%s)", missing[0] ? ", and no table '" : "",
				   missing, missing[0] ? "' of a trace" : "");
	if ((d->im->r->version = malloc(16)))
		snprintf(d->im->r->version, 16, "%d", ver);
	for (int i = 0; i < 3; i++) {
		char sql[64];

		n[i] = 0;
		snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", tables[i]);
		if (sqlite3_prepare_v2(d->db, sql, -1, &st, NULL) != SQLITE_OK)
			continue;
		if (sqlite3_step(st) == SQLITE_ROW)
			n[i] = (size_t)sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
	}
	*pid = -1;
	if (sqlite3_prepare_v2(d->db, "SELECT key, value FROM meta WHERE key IN ('pid', 'tool_version')",
			       -1, &st, NULL) == SQLITE_OK) {
		while (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 1) != SQLITE_NULL) {
			const char *k = (const char *)sqlite3_column_text(st, 0);
			const char *v = (const char *)sqlite3_column_text(st, 1);

			if (k && !strcmp(k, "pid"))
				*pid = (long)sqlite3_column_int64(st, 1);
			else if (k && v && !d->im->r->tool && (d->im->r->tool = malloc(strlen(v) + 16)))
				sprintf(d->im->r->tool, "overlapcheck %s", v);
		}
		sqlite3_finalize(st);
	}
	return 0;
}

/* The output: the empty temporary file, or a new one (--force replaces). */
static int create_output(struct imp *im, char *out, size_t len)
{
	int fd;

	if (oc_imp_output(im, -1, 1, out, len))
		return -1;
	if (im->o->flags & OC_IMPORT_TEMP)
		return 0;
	if ((im->o->flags & OC_IMPORT_FORCE) && oc_tracefile_remove(out) != 0)
		return oc_imp_fail(im, "cannot remove old trace '%s': %s", out, strerror(errno));
	fd = open(out, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd < 0) {
		if (errno == EEXIST)
			return oc_imp_fail(im, "trace '%s' already exists (use --force to overwrite it, or "
					   "-o to name another)", out);
		return oc_imp_fail(im, "cannot create trace '%s': %s", out, strerror(errno));
	}
	close(fd);
	return 0;
}

static int open_fenced(struct dump *d, const char *out)
{
	char sql[96];
	int psz = 4096;

	if (sqlite3_open_v2(out, &d->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
		return oc_imp_fail(d->im, "cannot open trace '%s': %s", out,
				   d->db ? sqlite3_errmsg(d->db) : "out of memory");
	sqlite3_db_config(d->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
	sqlite3_db_config(d->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
	sqlite3_db_config(d->db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, NULL);
	sqlite3_limit(d->db, SQLITE_LIMIT_ATTACHED, 0);
	sqlite3_limit(d->db, SQLITE_LIMIT_LENGTH, OC_DUMP_MAX_VALUE);
	snprintf(sql, sizeof sql, "PRAGMA journal_mode=MEMORY; PRAGMA synchronous=OFF; "
		 "PRAGMA max_page_count=%llu", OC_DUMP_MAX_DB / (unsigned)psz);
	if (sqlite3_exec(d->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return oc_imp_fail(d->im, "cannot write trace '%s': %s", out, sqlite3_errmsg(d->db));
	sqlite3_set_authorizer(d->db, authorize, d);
	sqlite3_progress_handler(d->db, OC_DUMP_TICK, progress, d);
	return 0;
}

int oc_imp_sql_dump(struct imp *im, const char *path)
{
	struct dump d = { .im = im, .line = 1, .stmt_line = 1 };
	char out[4096];
	size_t n[3];
	long pid = -1;
	struct stat sb;
	int rc, made = 0;

	if (stat(path, &sb) == 0 && (unsigned long long)sb.st_size > OC_DUMP_MAX_TEXT)
		return oc_imp_fail(im, "the dump is %llu MiB, over the %llu MiB of SQL text read",
				   (unsigned long long)sb.st_size >> 20, OC_DUMP_MAX_TEXT >> 20);
	if (create_output(im, out, sizeof out))
		return -1;
	made = !(im->o->flags & OC_IMPORT_TEMP);
	rc = open_fenced(&d, out);
	if (!rc)
		rc = load_text(&d, path);
	if (!rc)
		rc = check_views(&d);
	if (!rc && oc_imp_sqlite_kind(d.db) == OC_INPUT_NSYS_SQLITE) {
		/* a dump of an Nsight Systems export: the export, loaded, is
		 * imported as an export is, into the output, then removed */
		char nsys[4200];

		sqlite3_close(d.db);
		free(d.buf);
		snprintf(nsys, sizeof nsys, "%s.nsys-export", out);
		if (rename(out, nsys) != 0) {
			rc = oc_imp_fail(im, "cannot move '%s' aside: %s", out, strerror(errno));
			oc_tracefile_remove(out);
			return -1;
		}
		if (im->o->flags & OC_IMPORT_TEMP) {   /* the caller's temporary file stays its */
			int fd = open(out, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
			if (fd >= 0)
				close(fd);
		}
		rc = oc_imp_nsys_file(im, nsys);
		oc_tracefile_remove(nsys);
		return rc ? -1 : 0;
	}
	if (!rc) {
		sqlite3_set_authorizer(d.db, NULL, NULL);
		sqlite3_progress_handler(d.db, 0, NULL, NULL);
		rc = loaded_trace(&d, &pid, n);
	}
	free(d.buf);
	if (sqlite3_close(d.db) != SQLITE_OK && !rc)
		rc = oc_imp_fail(im, "cannot close trace '%s'", out);
	if (!rc)
		rc = oc_imp_done(im, out, pid, n[0], n[1], n[2]);
	if (rc && made)
		oc_tracefile_remove(out);
	return rc ? -1 : 0;
}
