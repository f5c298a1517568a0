/*
 * schema.h: create and recognise an overlapcheck trace.
 *
 * schema/trace.sql is the only definition of the trace; the build embeds it
 * and schema/schema.c applies it. Both the CLI and the injection library link
 * this module, so they always create the same tables.
 */
#ifndef OVERLAPCHECK_SCHEMA_H
#define OVERLAPCHECK_SCHEMA_H

#include <stddef.h>
#include <sqlite3.h>

#define OC_APPLICATION_ID 0x4F435452  /* "OCTR" */
#define OC_SCHEMA_VERSION 2           /* must equal PRAGMA user_version in trace.sql */
#define OC_SQLITE_MIN 3031000         /* schema 2 uses generated columns (SQLite 3.31) */

enum oc_schema_state {
	OC_SCHEMA_OK = 0,        /* a trace this build reads */
	OC_SCHEMA_EMPTY,         /* an empty database: no tables yet */
	OC_SCHEMA_NOT_TRACE,     /* SQLite, but not an overlapcheck trace */
	OC_SCHEMA_NEWER,         /* a trace written by a newer overlapcheck */
	OC_SCHEMA_ERROR,         /* could not be read (not SQLite, corrupt, I/O) */
};

/*
 * Create the schema in an empty database, in one transaction. Returns 0, or
 * -1 with a message in err (which may be NULL).
 */
int oc_schema_create(sqlite3 *db, char *err, size_t errlen);

/*
 * The same for an older version this build still reads (1), or the current
 * one: tests build v1 traces with it to keep the v1 reading path checked.
 */
int oc_schema_create_version(sqlite3 *db, int version, char *err, size_t errlen);

/*
 * Classify an open database. *version receives PRAGMA user_version when it
 * can be read. On OC_SCHEMA_ERROR, err holds SQLite's message.
 */
enum oc_schema_state oc_schema_check(sqlite3 *db, int *version, char *err, size_t errlen);

/*
 * A trace whose application id and schema version were lost (a `sqlite3
 * .dump` loaded back keeps every table but neither PRAGMA): the version its
 * tables say (2: api_functions and op_shapes; 1: neither, api with a name_id
 * column), or 0 when the database is not one (it lacks meta, ops or api, or
 * has either id set). *missing, when not NULL, receives the first table it
 * lacks (for a message), "" when none.
 */
int oc_schema_dump_version(sqlite3 *db, const char **missing);

/* Set meta(key) to value (INSERT OR REPLACE, bound parameters). 0 or -1. */
int oc_meta_set(sqlite3 *db, const char *key, const char *value);
int oc_meta_set_int(sqlite3 *db, const char *key, long long value);

/* The schema's SQL text, for tests and docs (version: 1 or the current one). */
const char *oc_schema_text(void);
const char *oc_schema_text_version(int version);

#endif
