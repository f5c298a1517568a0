/*
 * writer-priv.h: what the writer's files share; the rest of the library sees
 * only writer.h.
 *
 * The writer is one object, oc_wr, defined in writer-state.c. Who may touch
 * which part is said in the struct: the configuration is set by
 * oc_writer_start and only read afterwards; the queue, the pools and the
 * tool-activity filters are written under oc_wr.mu, which every producer
 * takes (writer-state.c, writer-queue.c, writer.c); the rest is the writer
 * thread's alone (and oc_writer_finish's once the thread has stopped), so
 * the files that write rows (writer-open.c, writer-rows.c, writer-intern.c,
 * writer-join.c) take no lock. The helpers every row writer calls to bind
 * and step a statement are inline here; below them are the functions the
 * files call across, grouped by the file that defines them, from the top
 * down (writer.c, which only calls them, above the first group): each file
 * calls only the groups below its own. Nothing declared here is exported
 * from the library.
 */
#ifndef OC_INJ_WRITER_PRIV_H
#define OC_INJ_WRITER_PRIV_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include <sqlite3.h>
#include <cupti.h>

#include "records.h"
#include "writer.h"

#pragma GCC visibility push(hidden)

/* What the producers queue for the writer thread (writer-queue.c). */
enum item_type { IT_BUFFER, IT_CHUNK, IT_META, IT_WARNING, IT_SYNC, IT_TERM, IT_CALLER };

struct item {
	struct item *next;
	enum item_type type;
	union {
		struct { uint8_t *buf; size_t valid; size_t dropped; } b;
		struct oc_args_chunk *chunk;
		struct { char *key; char *value; } m;
		struct { int64_t ts_ns; char *source; char *code; char *msg; } w;
		struct { int *done; } s;
		struct { int sig; uint64_t ns; } t;
		struct { uint32_t corr; int domain; uint64_t ns; char *frames; void **pcs; int npcs; } c;
	} u;
};

/* A string -> id table mirroring `strings`. */
struct strtab {
	struct sent { uint64_t hash; char *s; int64_t id; } *e;
	size_t cap, n;
};

/* Set of 64-bit keys (context << 32 | stream). */
struct keyset {
	uint64_t *k;   /* 0 = empty; keys are stored + 1 */
	size_t cap, n;
};

/*
 * op_shapes rows written so far: the description of a device op (all of an
 * op row but its times, stream, correlation and channel) -> op_shapes.id.
 * Bounded: past SHAPES_MAX distinct shapes the table starts over, so a run
 * whose every copy has a new size costs rows, not memory.
 */
#define SHAPE_NV 21
#define SHAPES_MAX (1u << 16)
struct shapetab {
	struct shape { uint64_t hash; int64_t v[SHAPE_NV]; int64_t id; } *e;
	size_t cap, n;
	int64_t next_id;
};

/*
 * Callback argument rows waiting for the API record of their call, by
 * (correlation id, domain). Rows come in chunks from the program's threads,
 * usually before CUPTI delivers the buffer holding the call's record; the
 * record then takes its row out and both go into one api row. Bounded: past
 * ARGS_MAX waiting rows they are written to api_args (the reader merges them).
 */
#define ARGS_MAX (1u << 18)
#define ARGS_WAIT_MIN_NS 1000000000ull  /* then a row goes to api_args: durable, merged by readers */
struct argmap {
	/* keys apart from the rows: a probe reads 8 keys a cache line, and a
	 * row's line only once its key matched */
	uint64_t *keys;                     /* 0 = empty */
	struct argent { uint64_t parked_ns; struct oc_args_row row; } *e;
	size_t cap, n;
	uint64_t scanned_ns;
};

/* A sparse bit set over 64-bit keys, in 64 KiB pages (correlation ids are dense). */
#define BITPAGE_BITS 19
struct bitset {
	uint64_t **page;
	size_t npages;
};

/* The prepared statements; their SQL is in writer-rows.c. */
enum {
	ST_OP, ST_SHAPE, ST_API, ST_API_LATE, ST_API_FUNCTION, ST_ARGS, ST_SYNC, ST_STREAM, ST_STREAM_HANDLE, ST_STREAM_CREATE,
	ST_CONTEXT, ST_NULL_STREAM, ST_EVENT, ST_MARKER, ST_MARKER_DATA, ST_OVERHEAD,
	ST_WARNING, ST_META, ST_META_DEL, ST_STRING, ST_STRING_FIND, ST_MEM, ST_CALLER, ST_API_SUMMARY,
	ST_OP_N, ST_MEM_N, ST_API_N,   /* OC_WR_ROWS_MAX rows a statement ("Batched rows" below) */
	ST_COUNT
};

/*
 * Batched rows (writer-join.c): ops, mem and api rows wait, a few at a
 * time, to go in as one multi-row INSERT. They wait only inside an open
 * transaction: oc_wr_txn_commit() writes them first (oc_wr_batch_flush);
 * after a failed batch no transaction follows, and the next writer's
 * oc_wr_prepare and every oc_wr_txn_begin drop what waits
 * (oc_wr_batch_discard).
 */
#define OC_WR_ROWS_MAX 16
enum { OC_WR_B_OPS, OC_WR_B_MEM, OC_WR_B_COUNT };
void oc_wr_batch_setup(int rows_per_insert);
void oc_wr_batch_add(int batch, const int64_t *v);   /* the statement's values, OC_NULL = NULL */
void oc_wr_batch_flush(void);
void oc_wr_batch_discard(void);
void oc_wr_api_flush(void);
void oc_wr_api_discard(void);
int oc_wr_rows_per_insert(void);   /* OC_WR_ROWS_MAX, or 1 (OVERLAPCHECK_ROWS_PER_INSERT=1) */

/*
 * A transaction open this long is committed at the next record boundary and a
 * new one begun: what a SIGKILL can take from the writer is what it wrote in
 * the last slice, not a whole batch (a full 8 MiB buffer is ~60 ms of work).
 */
#define TXN_SLICE_NS 10000000ull

/* How long after an op ended the commit that made it durable came: 1 ms buckets. */
#define LAG_BUCKETS 4096
struct oc_wr_lag {
	uint32_t n[LAG_BUCKETS];            /* the last bucket: 4.095 s or more */
	uint64_t commits, max_ns;
	uint64_t commit_max_ns;             /* the longest COMMIT (WAL checkpoints included) */
};

#define MAX_CBID 4096
#define MAX_IGNORED_TIDS 8
#define POOL_MAX 16         /* free buffers kept for reuse (8 MiB each by default) */
#define CHUNKS_FREE_MAX 256 /* free callback chunks kept for reuse (56 KiB each) */
#define BACKLOG_MIN_BUFFERS 4   /* the backlog's bound holds at least this many buffers */

struct oc_wr_state {
	/* Set once by oc_writer_start, read-only afterwards. */
	struct oc_writer_config cfg;
	char *path;
	char *parent_trace;
	int running;
	pthread_t thread;

	/* The queue and the pools, under mu. */
	pthread_mutex_t mu;
	pthread_cond_t cv, done_cv;
	struct item *head, *tail;
	unsigned quiet;                     /* items queued without a wake since the writer took the queue */
	int stop;
	uint8_t *pool[POOL_MAX];
	size_t npool;
	struct oc_args_chunk *chunks;
	size_t nchunks_free;                /* in oc_wr.chunks, at most CHUNKS_FREE_MAX */
	/* buffers and chunks handed out and not yet written back (under mu;
	 * process-wide, across writers), their bound (writer-queue.c,
	 * backlog_take), and whether this writer's bound was ever met */
	size_t held_bytes, backlog_max;
	int backlog_full;
	uint32_t ignored[MAX_IGNORED_TIDS];
	int nignored;
	uint32_t exit_tid;                  /* oc_writer_exit_sync */
	uint64_t exit_start, exit_end;

	/* Writer thread only. */
	struct item *deferred;   /* warnings and meta waiting for the file to exist */
	sqlite3 *db;
	sqlite3_stmt *st[ST_COUNT];
	int opened, failed;
	int db_error;             /* first SQLite error of the current batch */
	uint64_t base_ns;
	struct strtab strings;
	struct keyset streams;
	struct shapetab shapes;
	struct argmap args;
	struct bitset api_bare;     /* api rows written without arguments: corr * 2 + domain - 1 */
	struct bitset launched;     /* correlation ids of kernel launches the callbacks saw */
	struct bitset op_corr;      /* correlation ids of written device ops */
	/* The last runtime and driver record per thread, and (driver corr,
	 * runtime corr) pairs of driver calls nested in a runtime call under a
	 * correlation id of their own: a launch's op may carry the driver's. */
	struct lastcall { uint32_t tid, corr; int64_t start, end; } lastcall[2][64];
	struct corrpair { uint32_t drv, rt; } *twins;
	size_t ntwins, cap_twins;
	int64_t api_name[2][MAX_CBID];
	int seen_context;
	uint32_t self_tid;
	struct oc_writer_counts n;
	uint64_t busy_ns;
	uint64_t cpu_ns;                     /* the writer thread's CPU time, at its end */
	/* The open transaction: since when (monotonic), and the ends of the ops in it. */
	uint64_t txn_start_ns;
	uint64_t txn_ops;
	int64_t txn_min_end, txn_max_end;  /* rebased */
	struct oc_wr_lag lag;               /* commit - oldest op end, per commit (stats) */
	uint64_t args_wait_ns;      /* max(1 s, 3 flush periods): see oc_wr_args_flush() */
};

extern struct oc_wr_state oc_wr;

static inline uint64_t now_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline uint64_t now_real_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- statements (inline: every row writer calls them) ------------------- */

/* Run a statement whose every parameter the caller has bound (no clearing needed). */
static inline int step_done(sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	return rc == SQLITE_DONE || rc == SQLITE_ROW ? 0 : rc;
}

static inline void note_rc(int rc)
{
	if (rc && !oc_wr.db_error)
		oc_wr.db_error = rc;
}

static inline void bind_i(sqlite3_stmt *st, int i, int64_t v)
{
	if (v == OC_NULL)
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_int64(st, i, v);
}

static inline void bind_id(sqlite3_stmt *st, int i, int64_t id)
{
	if (id > 0)
		sqlite3_bind_int64(st, i, id);
	else
		sqlite3_bind_null(st, i);
}

static inline void meta_set(const char *key, const char *value)
{
	sqlite3_stmt *st = oc_wr.st[ST_META];

	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (value)
		sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 2);
	note_rc(step_done(st));
}

static inline void meta_del(const char *key)
{
	sqlite3_stmt *st = oc_wr.st[ST_META_DEL];

	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	note_rc(step_done(st));
}

/* tracer_status `terminated` with its signal and time (absolute ns), or sig 0: `running`. */
static inline void meta_terminated(int sig, uint64_t ns)
{
	char buf[32];

	if (sig <= 0) {
		meta_del("terminated_by_signal");
		meta_del("terminated_ns");
		return;
	}
	snprintf(buf, sizeof buf, "%d", sig);
	meta_set("terminated_by_signal", buf);
	snprintf(buf, sizeof buf, "%lld", (long long)(ns - oc_wr.base_ns));
	meta_set("terminated_ns", buf);
}

static inline void meta_set_u(const char *key, unsigned long long v)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%llu", v);
	meta_set(key, buf);
}

/* ---- writer-queue.c ------------------------------------------------------ */

void oc_wr_free_item(struct item *it);
/* callback rows thrown away with their chunk when no queue item could be had */
uint64_t oc_wr_rows_lost(void);
void *oc_wr_main(void *arg);

/* ---- writer-open.c ------------------------------------------------------- */

void oc_wr_open_trace(void);

/* ---- writer-rows.c -------------------------------------------------------- */

int oc_wr_prepare(char *err, size_t len);
void oc_wr_finalize_stmts(void);
void oc_wr_write_buffer(uint8_t *buf, size_t valid);
/* transactions: a commit writes the batched rows first (writer-join.c) */
void oc_wr_txn_begin(void);
void oc_wr_txn_commit(void);
void oc_wr_txn_slice(void);

/* ---- writer-join.c -------------------------------------------------------- */

void oc_wr_note_op(uint32_t corr);
void oc_wr_write_api(const struct oc_api_row *a);
void oc_wr_write_args(const struct oc_args_row *a);
void oc_wr_args_flush(uint64_t min_wait_ns);
void oc_wr_check_device_records(uint64_t launches_seen);
void oc_wr_join_free(void);

/* ---- writer-intern.c ------------------------------------------------------ */

int64_t oc_wr_intern(const char *s);
int64_t oc_wr_shape_id(const struct oc_op_row *o, int64_t name_id);
int64_t oc_wr_api_name_id(int domain, uint32_t cbid);
void oc_wr_intern_free(void);

/* ---- writer-wal.c ------------------------------------------------------------ */

void oc_wr_wal_start(void);
void oc_wr_wal_stop(void);
void oc_wr_wal_totals(uint64_t *calls, uint64_t *ns, uint64_t *max_ns);
/* writer-callers.c: the frames of a callers row with "?" symbols looked up in
 * their modules' symbol tables (frames itself when nothing changes). */
const char *oc_wr_symbolize_frames(const char *frames, char *out, size_t len);
/* ... every callers row so, at the end (writer.c's name_callers); the rows read */
int oc_wr_callers_finish(void);
/* A backtrace's return addresses as a callers row's frames (the program's
 * frames only, by module and offset, "?" for the name): on the writer
 * thread. */
const char *oc_wr_frames_of_pcs(void *const *pcs, int n, char *out, size_t len);
void oc_wr_callers_free(void);
/* The checkpoint thread's CPU time, once it ended (oc_wr_wal_stop). */
uint64_t oc_wr_wal_cpu_ns(void);
void oc_wr_wal_forget(void);

/* ---- writer-state.c (and oc_wr, above) ------------------------------------ */

void oc_wr_push(struct item *it);
/* The same, waking the writer only if oc_wr_wake_every items went in
 * without one: a chunk filled on a program thread (oc_writer_submit_full_chunk). */
void oc_wr_push_quiet(struct item *it);
/* Wake the writer if quiet pushes wait (the flush thread, each period). */
void oc_wr_kick(void);
extern unsigned oc_wr_wake_every;
uint64_t oc_wr_lag_percentile(double p);
void oc_wr_write_warning_row(const struct item *it);
void oc_wr_warn_final(const char *code, const char *msg);
void oc_wr_write_failed(int rc);
int oc_wr_in_exit_sync(int64_t s, int64_t e);
int oc_wr_tid_ignored(uint32_t tid);
uint64_t oc_wr_thread_cpu_ns(void);   /* the calling thread's CPU time so far */

#pragma GCC visibility pop

#endif
