/*
 * import.h: traces from the profiles users already have.
 *
 * Three inputs become overlapcheck traces (schema/trace.sql) that every command
 * reads like a recorded one:
 *
 *   - an Nsight Systems SQLite export (`nsys export --type sqlite`), read by
 *     NVIDIA's "SQLite Export Schema Reference" (docs/import.md);
 *   - a PyTorch profiler (Kineto) Chrome trace (prof.export_chrome_trace(),
 *     tensorboard_trace_handler's .pt.trace.json[.gz]), parsed as a stream:
 *     memory grows with the device ops and API calls kept, never with the
 *     file's size;
 *   - a SQL text dump of a trace (tools/dump-trace.py, sqlite3's .dump; the
 *     committed fixtures), plain or gzipped, loaded statement by statement
 *     behind an authorizer that allows only what a dump does (no ATTACH,
 *     VACUUM, load_extension(), pragmas beyond foreign_keys, application_id
 *     and user_version), within limits of size and work; it must load into a
 *     trace.
 *
 * oc_import() writes one trace per process of the input (or the one asked
 * for). oc_trace_open() (trace.h) also accepts these inputs directly: it
 * imports them into a temporary trace, loads it and deletes it. What an
 * input cannot tell (the ASYNC flag, stream flags, exit status, dropped
 * records, ...) is named in the trace's passport (meta import.*) and its
 * warnings table, never invented.
 */
#ifndef OVERLAPCHECK_IMPORT_H
#define OVERLAPCHECK_IMPORT_H

#include <stddef.h>
#include <stdint.h>

enum oc_input_format {
	OC_INPUT_UNKNOWN = 0,   /* none of the below (or unreadable): oc_trace_open() says why */
	OC_INPUT_TRACE,         /* SQLite that is not an Nsight Systems export: an overlapcheck trace, or not */
	OC_INPUT_NSYS_SQLITE,   /* an Nsight Systems SQLite export (StringIds, CUPTI_ACTIVITY_KIND_*) */
	OC_INPUT_KINETO_JSON,   /* JSON or gzip: a torch.profiler Chrome trace, or not */
	OC_INPUT_NSYS_REP,      /* an .nsys-rep report: not readable, `nsys export` makes the SQLite file */
	OC_INPUT_SQL_DUMP,      /* SQL text (plain or gzipped) opening as a dump does: a trace's dump, or not */
};

/* "nsys-sqlite", "kineto-json", "nsys-rep", "sql-dump", "trace", "unknown" */
const char *oc_input_format_name(enum oc_input_format f);
/* "an Nsight Systems SQLite export", "a PyTorch profiler (Kineto) trace", ... */
const char *oc_input_format_label(enum oc_input_format f);

/*
 * What path is, from its first bytes (SQLite, gzip, JSON, SQL text that
 * opens as a dump does: after comments, PRAGMA, BEGIN TRANSACTION or CREATE
 * TABLE, plain or gzipped), its tables (StringIds and CUPTI_ACTIVITY_KIND_*
 * for an Nsight Systems export) and,
 * for a report that is none of those, its name (.nsys-rep, .qdrep). A file
 * that cannot be read is OC_INPUT_UNKNOWN.
 */
enum oc_input_format oc_input_sniff(const char *path);

enum oc_import_flags {
	OC_IMPORT_FORCE = 1u << 0,  /* replace existing output files */
	OC_IMPORT_TEMP  = 1u << 1,  /* the output exists, empty (mkstemp): write into it */
};

struct oc_import_options {
	const char *output;   /* the trace to write; NULL: the input's stem + ".db" beside it.
	                         Several processes: NAME.<pid>.db for each */
	unsigned flags;       /* enum oc_import_flags */
	long pid;             /* only this process; -1: every process */
	int single;           /* 1: fail when the input holds more than one process and pid is -1 */
};

struct oc_import_trace {
	char *path;           /* the trace written */
	long pid;             /* its process, -1 when the input does not say */
	size_t ops, api_calls, syncs;
};

struct oc_import_result {
	enum oc_input_format format;
	char *version;        /* the input format's version (EXPORT_SCHEMA_VERSION, schemaVersion) */
	char *tool;           /* what wrote the input, as it says */
	struct oc_import_trace *traces;
	size_t n_traces;
	char **warnings;      /* what the input could not tell, once each (also in each trace) */
	size_t n_warnings;
};

/*
 * Import input into traces, as o says (NULL: every process, default names).
 * Returns 0 with r filled (oc_import_result_release() it), or -1 with a
 * message in err naming the input and the problem ("cannot import 'x.json':
 * truncated JSON: ..."), r released and no output file left behind.
 */
int oc_import(const char *input, const struct oc_import_options *o, struct oc_import_result *r,
	      char *err, size_t errlen);
void oc_import_result_release(struct oc_import_result *r);

/*
 * Entry points for a fuzzing harness: import data[0..size) as a Kineto trace
 * (JSON, plain or gzip) or as an Nsight Systems SQLite export (a database
 * image) into an in-memory trace, and discard it. Every process of the input
 * is imported. Returns 0 when imported, -1 when the input was rejected (with
 * a message in err, which may be NULL). Never writes a file, never aborts.
 */
int oc_import_kineto_buffer(const uint8_t *data, size_t size, char *err, size_t errlen);
int oc_import_nsys_buffer(const uint8_t *data, size_t size, char *err, size_t errlen);

#endif
