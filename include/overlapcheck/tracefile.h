/*
 * tracefile.h: the CLI side of a trace file's life.
 *
 * `overlapcheck run` creates the trace before the program starts (schema and
 * host passport, tracer_status 'not_started'), the injection library fills it
 * inside the program, and the CLI finishes it after the program ended (exit
 * status, clean_exit, WAL checkpoint). These helpers hold that logic so that
 * the unit tests can drive it without forking anything.
 */
#ifndef OVERLAPCHECK_TRACEFILE_H
#define OVERLAPCHECK_TRACEFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Default output pattern of `overlapcheck run`. */
#define OC_TRACE_DEFAULT_PATTERN "overlapcheck-%p.db"

enum oc_tracefile_flags {
	OC_TRACEFILE_FORCE = 1u << 0,   /* replace an existing file (and its -wal/-shm) */
};

/* What the CLI knows about the run before the program starts. */
struct oc_run_info {
	int64_t trace_start_ns;         /* absolute CLOCK_REALTIME ns: the trace's time base */
	long    pid;                    /* the program's pid */
	char *const *argv;              /* the program and its arguments, NULL-terminated */
};

/* Per-table counts for the run summary (-1: unknown / not recorded). */
struct oc_trace_counts {
	long long kernels, copies, memsets;
	long long syncs, api_calls, warnings;
	long long dropped, incomplete;  /* meta dropped_records / incomplete_records */
	char tracer_status[32];         /* meta tracer_status, "" when absent */
};

/*
 * Expand an output pattern: %p -> pid, %h -> host name, %q{VAR} -> the value
 * of environment variable VAR (an error when unset), %% -> %. Any other %
 * sequence is an error. Returns 0, or -1 with a message in err.
 */
int oc_trace_path_expand(const char *pattern, long pid, char *out, size_t outlen,
			 char *err, size_t errlen);

/*
 * Join argv into one string that a POSIX shell would split back into the same
 * words: safe words as they are, others single-quoted. Returns a malloc'd
 * string (the caller frees it), or NULL when out of memory.
 */
char *oc_shell_quote_argv(char *const *argv);

/*
 * Create the trace at path: claim the file exclusively (O_EXCL, so an
 * existing file is never touched unless OC_TRACEFILE_FORCE removed it and its
 * -wal/-shm/-journal first), create the schema and write the host passport:
 * tool_version, trace_start_ns, start_time, host, os, cmdline, cwd, pid,
 * the env.CUDA_* variables that are set, tracer_status='not_started'.
 * The database is closed on return. Returns 0, or -1 with a message in err;
 * on error no file this call created is left behind.
 */
int oc_tracefile_create(const char *path, unsigned flags, const struct oc_run_info *ri,
			char *err, size_t errlen);

/*
 * Record how the program ended (wait_status as returned by waitpid):
 * exit_status or exit_signal, core_dumped, end_time, and clean_exit (1 when
 * it exited normally and the tracer is not left 'running', else 0). A tracer
 * left 'running' also gets a warning row (source 'cli'). Then checkpoints the
 * WAL and leaves the trace a single file (journal_mode DELETE, best effort).
 * Returns 0, or -1 with a message in err.
 */
int oc_tracefile_finish(const char *path, int wait_status, char *err, size_t errlen);

/*
 * Fold the WAL of a trace written by another process (a CUDA child's trace)
 * back into the file, without touching its rows, and without waiting when
 * the writer still runs. Returns 0, or -1 when the file cannot be opened.
 */
int oc_tracefile_fold(const char *path);

/*
 * Remove path and its -wal, -shm and -journal companions. Missing files are
 * not an error. Returns 0, or -1 (errno set) on the first failure.
 */
int oc_tracefile_remove(const char *path);

/* Count records for the summary. Returns 0, or -1 with a message in err. */
int oc_tracefile_counts(const char *path, struct oc_trace_counts *c, char *err, size_t errlen);

/*
 * Write s to f with every byte that is not printable ASCII (control bytes,
 * backslash, bytes >= 0x7f) escaped as \xNN or \\, so that a string from a
 * trace can never move the cursor or forge lines in terminal output.
 */
void oc_fput_escaped(const char *s, FILE *f);

/* Write s to f as a JSON string literal, with quotes (NULL -> null). */
void oc_fput_json(const char *s, FILE *f);

#endif
