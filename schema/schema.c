/*
 * schema.c: create and recognise overlapcheck traces.
 *
 * A trace is recognised by PRAGMA application_id (OC_APPLICATION_ID) and
 * versioned by PRAGMA user_version. A reader accepts any version up to its
 * own and names the version it would need otherwise. This file is linked into
 * both the CLI and the injection library, and uses nothing but SQLite.
 */
#include <stdio.h>
#include <string.h>

#include "overlapcheck/schema.h"
#include "schema-sql.h"

static void set_err(char *err, size_t errlen, const char *fmt, const char *arg)
{
	if (err && errlen)
		snprintf(err, errlen, fmt, arg);
}

const char *oc_schema_text(void)
{
	return oc_schema_sql;
}

const char *oc_schema_text_version(int version)
{
	return version == 1 ? oc_schema_v1_sql : version == OC_SCHEMA_VERSION ? oc_schema_sql : NULL;
}

int oc_schema_create(sqlite3 *db, char *err, size_t errlen)
{
	return oc_schema_create_version(db, OC_SCHEMA_VERSION, err, errlen);
}

int oc_schema_create_version(sqlite3 *db, int version, char *err, size_t errlen)
{
	const char *sql = oc_schema_text_version(version);
	char *msg = NULL;

	if (!sql) {
		set_err(err, errlen, "cannot create trace schema: %s", "this build cannot write that version");
		return -1;
	}
	if (version >= 2 && sqlite3_libversion_number() < OC_SQLITE_MIN) {
		set_err(err, errlen, "cannot create trace schema: SQLite %s is too old (trace schema 2 "
			"needs 3.31 or newer: generated columns)", sqlite3_libversion());
		return -1;
	}
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, &msg) != SQLITE_OK)
		goto fail;
	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		goto fail;
	}
	if (sqlite3_exec(db, "COMMIT", NULL, NULL, &msg) != SQLITE_OK)
		goto fail;
	return 0;
fail:
	set_err(err, errlen, "cannot create trace schema: %s", msg ? msg : sqlite3_errmsg(db));
	sqlite3_free(msg);
	return -1;
}

static int pragma_int(sqlite3 *db, const char *sql, int *out)
{
	sqlite3_stmt *st;
	int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);

	if (rc != SQLITE_OK)
		return rc;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*out = sqlite3_column_int(st, 0);
		rc = SQLITE_OK;
	}
	sqlite3_finalize(st);
	return rc;
}

enum oc_schema_state oc_schema_check(sqlite3 *db, int *version, char *err, size_t errlen)
{
	int app = 0, ver = 0, tables = 0;

	if (pragma_int(db, "PRAGMA application_id", &app) != SQLITE_OK ||
	    pragma_int(db, "PRAGMA user_version", &ver) != SQLITE_OK ||
	    pragma_int(db, "SELECT count(*) FROM sqlite_master", &tables) != SQLITE_OK) {
		if (err && errlen && sqlite3_libversion_number() < OC_SQLITE_MIN)
			snprintf(err, errlen, "%s (SQLite %s is older than 3.31, which traces of "
				 "schema 2 need)", sqlite3_errmsg(db), sqlite3_libversion());
		else
			set_err(err, errlen, "%s", sqlite3_errmsg(db));
		return OC_SCHEMA_ERROR;
	}
	if (version)
		*version = ver;
	if (app == 0 && ver == 0 && tables == 0)
		return OC_SCHEMA_EMPTY;
	if (app != OC_APPLICATION_ID)
		return OC_SCHEMA_NOT_TRACE;
	if (ver > OC_SCHEMA_VERSION)
		return OC_SCHEMA_NEWER;
	if (ver < 1)
		return OC_SCHEMA_NOT_TRACE;
	return OC_SCHEMA_OK;
}

static int has_table(sqlite3 *db, const char *name)
{
	sqlite3_stmt *st;
	int yes = 0;

	if (sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", -1, &st,
			       NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	yes = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return yes;
}

int oc_schema_dump_version(sqlite3 *db, const char **missing)
{
	static const char *const need[] = { "meta", "ops", "api", "strings", "streams" };
	int app = -1, ver = -1;

	if (missing)
		*missing = "";
	if (pragma_int(db, "PRAGMA application_id", &app) != SQLITE_OK ||
	    pragma_int(db, "PRAGMA user_version", &ver) != SQLITE_OK || app != 0 || ver != 0)
		return 0;
	for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
		if (!has_table(db, need[k])) {
			if (missing)
				*missing = need[k];
			return 0;
		}
	return has_table(db, "api_functions") && has_table(db, "op_shapes") ? 2 : 1;
}

int oc_meta_set(sqlite3 *db, const char *key, const char *value)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)",
			       -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
	if (value)
		sqlite3_bind_text(st, 2, value, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, 2);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

int oc_meta_set_int(sqlite3 *db, const char *key, long long value)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%lld", value);
	return oc_meta_set(db, key, buf);
}
