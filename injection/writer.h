/*
 * writer.h: the injection library's single SQLite writer.
 *
 * Every row of a trace is written by one thread, started by oc_writer_start().
 * Other threads only hand it work through a queue: completed CUPTI activity
 * buffers, chunks of API-callback rows, meta pairs and warnings. None of the
 * oc_writer_* entry points below touches SQLite or blocks on the writer; they
 * take a mutex for the few instructions a list push needs.
 *
 * The file is opened lazily, on the first batch, so a process that never
 * produces a record never leaves a file behind. One writer per process;
 * oc_writer_finish() ends it and oc_writer_start() may start another (tests).
 */
#ifndef OC_INJ_WRITER_H
#define OC_INJ_WRITER_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "apiargs.h"

#define OC_ARGS_CHUNK 512

struct oc_args_chunk {
	struct oc_args_chunk *next;
	size_t n;
	struct oc_args_row rows[OC_ARGS_CHUNK];
};

#define OC_WRITER_WAKE_CHUNKS 4   /* the default of cfg.wake_chunks */

struct oc_writer_config {
	const char *path;        /* trace file */
	int create;              /* 1: create it (must not exist) with the schema and the
	                            process passport; 0: it exists, made by `overlapcheck run` */
	size_t buffer_bytes;     /* CUPTI activity buffer size */
	unsigned flush_ms;       /* the periodic flush's period (0: 100); callback rows wait
	                            max(1 s, 3 periods) for their record before api_args */
	int quiet;               /* no stderr warnings */
	int stats;               /* time the writer (stats.writer_busy_ns) */
	uint64_t start_ns;       /* created traces: trace_start_ns (absolute CLOCK_REALTIME) */
	int mem_tracking;        /* the callbacks record allocations and pointer arguments
	                            (meta mem_tracking, docs/hazards.md) */
	size_t backlog_bytes;    /* the most memory in activity buffers and callback chunks
	                            the writer may hold (0: 1 GiB); past it a buffer or chunk
	                            request gets NULL: CUPTI drops and counts its records,
	                            the callbacks count the rows they drop */
	unsigned wake_chunks;    /* full chunks from program threads per wake of the writer
	                            (0: OC_WRITER_WAKE_CHUNKS; 1: every one; meta
	                            writer_wake_chunks) */
	const char *parent_trace;/* created child traces: the main trace, for meta */
	/* Called once, on the writer thread, after the first CONTEXT or DEVICE
	 * record: the place to read the device passport (passport.c). */
	void (*on_first_context)(void);
};

/* What the callers counted, written to meta by oc_writer_finish(). */
struct oc_writer_final {
	uint64_t dropped_records;     /* cuptiActivityGetNumDroppedRecords at the end */
	uint64_t api_launches_seen;   /* kernel launches the API callbacks saw */
	uint64_t api_calls_seen;      /* every call the API callbacks recorded */
	uint64_t dropped_callback_rows; /* rows the callbacks dropped: no chunk (backlog full) */
	int stats;                    /* write the stats.* keys below */
	uint64_t api_cb_calls, api_cb_ns;
	uint64_t caller_calls, caller_ns;   /* of api_cb_ns: the callers' backtraces */
	uint64_t caller_frames;             /* ... and the frames they unwound */
	uint64_t memrefs_calls, memrefs_ns; /* ... and the launches' pointer arguments */
	uint64_t buf_req_calls, buf_req_ns;
	uint64_t buf_done_calls, buf_done_ns;
	uint64_t flush_calls, flush_ns, flush_max_ns; /* the flush thread's cuptiActivityFlushAll(0) */
	uint64_t flush_followups;     /* of them, follow-ups a quarter period after an empty one */
	int mem_tracking;             /* as in the config: write the mem_* counters below */
	uint64_t mem_no_layout;       /* launches whose parameter layout could not be had */
	uint64_t mem_functions;       /* kernel functions whose layout was asked */
	uint64_t mem_live;            /* allocations still tracked at the end */
	uint64_t tracer_driver_calls; /* the tracer's own CUDA calls the callbacks saw (not stored) */
	const char *status;           /* tracer_status, e.g. "finished" */
	int term_signal;              /* > 0: terminated by this signal (status "terminated") */
	uint64_t term_ns;             /* when it arrived, absolute CLOCK_REALTIME */
};

/* Counters the writer keeps; read after oc_writer_finish() (tests, summary). */
struct oc_writer_counts {
	uint64_t kernels, memcpys, memsets, api, syncs, markers, args, rows;
	uint64_t incomplete;           /* device ops with a zero start or end */
	uint64_t skipped;              /* other records with unusable times */
	uint64_t dropped;
	int write_failed;             /* the output could not be opened or written */
};

/* Start the writer thread. Returns 0, or -1 if the thread cannot start. */
int oc_writer_start(const struct oc_writer_config *cfg);

/*
 * A buffer for CUPTI's buffer-requested callback: from the pool, else newly
 * allocated (8-byte aligned). NULL on allocation failure. *size receives
 * cfg.buffer_bytes.
 */
uint8_t *oc_writer_buffer_get(size_t *size);

/* 1 if this thread's latest oc_writer_buffer_get got NULL for the backlog's bound, not for memory. */
int oc_writer_backlog_full(void);

/*
 * Hand a completed CUPTI buffer (from oc_writer_buffer_get) to the writer,
 * which returns it to the pool when written. dropped: CUPTI's dropped count
 * that came with it. A buffer with valid == 0 goes straight back.
 */
void oc_writer_submit_buffer(uint8_t *buf, size_t valid, size_t dropped);

/* Chunks of callback rows: get an empty one, submit a filled one. A chunk
 * a program thread filled goes in by oc_writer_submit_full_chunk, which wakes
 * the writer only every cfg.wake_chunks of them (writer-state.c). */
struct oc_args_chunk *oc_writer_chunk_get(void);
void oc_writer_submit_chunk(struct oc_args_chunk *chunk);
void oc_writer_submit_full_chunk(struct oc_args_chunk *chunk);
/* Wake the writer for full chunks queued without a wake (the flush thread, each period). */
void oc_writer_kick(void);

/* Queue meta(key) = value (copied). */
void oc_writer_meta(const char *key, const char *value);
void oc_writer_meta_int(const char *key, long long value);
/* Where call (corr, domain), which took call_ns, was made from (table callers). */
void oc_writer_caller(uint32_t corr, int domain, uint64_t call_ns, const char *frames);
/* ... from the return addresses of backtrace() (pcs[0]: the callback's own
 * frame, not kept), placed by module and offset on the writer thread and
 * named at the end: the program's thread pays only the unwinding. */
void oc_writer_caller_pcs(uint32_t corr, int domain, uint64_t call_ns, void *const *pcs, int n);
/* What a callers row keeps: the first OC_CALLER_FRAMES frames past pcs[0]
 * whose module is not CUDA's or the tracer's (oc_caller_module_skipped of
 * the module's path as the loader names it, the main program's by
 * oc_caller_exe_path of the loader's first object; an object with no name
 * is in no module). The unwinding stops there (inject-callers.c). */
#define OC_CALLER_FRAMES 6
int oc_caller_module_skipped(const char *path);
struct dl_phdr_info;
char *oc_caller_exe_path(const struct dl_phdr_info *info);   /* malloc'ed, or NULL */

/*
 * Report a failure: the first time for a given code, print "overlapcheck:
 * <message>" on stderr (unless quiet); every time, queue a warnings row with
 * source 'inject' (or source given). printf-style.
 */
void oc_writer_warn(const char *source, const char *code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * The program was terminated by signal sig at term_ns (absolute CLOCK_REALTIME):
 * tracer_status `terminated`, terminated_by_signal and terminated_ns (rebased).
 * sig 0: it went on after all: tracer_status `running`, the two keys removed.
 */
void oc_writer_terminated(int sig, uint64_t term_ns);

/*
 * The signals a thread of the library's blocks (set is filled): every one
 * but the faults (SIGSEGV, SIGBUS, SIGILL, SIGFPE), which cannot be blocked
 * (a blocked fault kills the process unseen, even by a sanitizer's or the
 * program's crash handler). So the program's handlers, and the library's own
 * termination handlers, never run on it.
 */
void oc_writer_tool_sigmask(sigset_t *set);

/* API records from this thread id are tool activity and are not stored. */
void oc_writer_ignore_tid(uint32_t tid);

/*
 * The tracer's own context synchronize at exit ran on thread tid between the
 * absolute CLOCK_REALTIME times start_ns and end_ns: its context-synchronize
 * record and its cuCtxGetCurrent/cuCtxSynchronize API records are tool
 * activity and are not stored. Call before the final flush.
 */
void oc_writer_exit_sync(uint32_t tid, uint64_t start_ns, uint64_t end_ns);

/*
 * Wait for everything queued so far to be committed (a checkpoint for the
 * periodic flush and the tests). Returns at once if the writer is not running.
 */
void oc_writer_sync(void);

/*
 * Drain the queue, stop the thread, write the callback rows still waiting
 * for their API record to api_args, the final meta (counters, status, the
 * launches without a kernel record), checkpoint the WAL and switch the file
 * back to a single-file journal, close it. fin may be NULL. Idempotent.
 */
void oc_writer_finish(const struct oc_writer_final *fin);

/* Counters of the last writer (valid after oc_writer_finish). */
void oc_writer_counts(struct oc_writer_counts *out);

/* The trace start used to rebase times (valid once the file is open). */
uint64_t oc_writer_base_ns(void);

/*
 * After fork() in the child: forget the parent's writer without touching its
 * thread, queue contents or SQLite connection (the memory is leaked).
 */
void oc_writer_abandon(void);

#endif
