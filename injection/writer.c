/*
 * writer.c: one thread turns CUPTI buffers and callback rows into SQLite rows.
 *
 * Design. Producers (CUPTI's buffer-completed callback, the API callbacks'
 * chunk hand-over, warnings from anywhere) push items onto a singly linked
 * queue under a mutex and signal a condition variable; nothing else happens
 * on their threads. The writer thread takes the whole queue at once and
 * writes it as one transaction, so a batch is the unit of durability: the
 * file is in WAL mode and every committed batch survives a SIGKILL of the
 * program. Buffers go back to a pool for the next buffer request.
 *
 * Strings are interned in a hash table that mirrors `strings`; API names come
 * from cuptiGetCallbackName once per (domain, cbid) (`api_functions`). A
 * device op's description (name, launch shape, sizes, memory kinds) is
 * interned the same way into `op_shapes`, so an `ops` row is only times,
 * stream, correlation id and shape. A callback's argument row waits in a hash
 * map for the API record of its call and both become one `api` row (see
 * oc_wr_write_args()). Streams are upserted from three sources (STREAM and CONTEXT
 * records, callback rows) and a small set remembers which (context, stream)
 * pairs already carry a handle, so a launch storm does not turn into a storm
 * of upserts. Schema v2 has no secondary index: each row costs one b-tree
 * insert into its table (at the right edge for ops; api rows follow
 * correlation order, which records from several threads only roughly keep).
 *
 * Failure. If the file cannot be opened or a write fails (disk full,
 * read-only, removed), the writer warns once, records what it can, and from
 * then on drains the queue without writing: the program is never blocked and
 * never sees an error.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>
#include <cupti.h>

#include "overlapcheck/schema.h"
#include "overlapcheck/codes.h"
#include "records.h"
#include "writer.h"

#ifndef OC_VERSION
#define OC_VERSION "unknown"
#endif

enum item_type { IT_BUFFER, IT_CHUNK, IT_META, IT_WARNING, IT_SYNC };

struct item {
	struct item *next;
	enum item_type type;
	union {
		struct { uint8_t *buf; size_t valid; size_t dropped; } b;
		struct oc_args_chunk *chunk;
		struct { char *key; char *value; } m;
		struct { int64_t ts_ns; char *source; char *code; char *msg; } w;
		struct { int *done; } s;
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
	struct argent { uint64_t key; uint64_t parked_ns; struct oc_args_row row; } *e;  /* key 0 = empty */
	size_t cap, n;
	uint64_t scanned_ns;
};

/* A sparse bit set over 64-bit keys, in 64 KiB pages (correlation ids are dense). */
#define BITPAGE_BITS 19
struct bitset {
	uint64_t **page;
	size_t npages;
};

enum {
	ST_OP, ST_SHAPE, ST_API, ST_API_LATE, ST_API_FUNCTION, ST_ARGS, ST_SYNC, ST_STREAM, ST_STREAM_HANDLE, ST_STREAM_CREATE,
	ST_CONTEXT, ST_NULL_STREAM, ST_EVENT, ST_MARKER, ST_MARKER_DATA, ST_OVERHEAD,
	ST_WARNING, ST_META, ST_STRING, ST_STRING_FIND, ST_COUNT
};

static const char *const stmt_sql[ST_COUNT] = {
	[ST_OP] = "INSERT INTO ops(kind, start_ns, dur_ns, device_id, context_id, stream_id,"
		  " correlation_id, shape_id, channel_id) VALUES (?,?,?,?,?,?,?,?,?)",
	[ST_SHAPE] = "INSERT INTO op_shapes(id, name_id, bytes, copy_kind, src_kind, dst_kind,"
		     " flags, channel_type, copy_count, src_device_id, dst_device_id,"
		     " grid_x, grid_y, grid_z, block_x, block_y, block_z, registers, static_smem,"
		     " dynamic_smem, graph_id, graph_node_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,"
		     "?,?,?,?,?,?,?,?)",
	[ST_API] = "INSERT INTO api(id, cbid, start_ns, dur_ns, tid, return_value, handle_kind,"
		   " context_id, stream_id, host_ptr, bytes) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
	[ST_API_LATE] = "UPDATE api SET handle_kind = ?2, context_id = ?3, stream_id = ?4,"
			" host_ptr = ?5, bytes = ?6 WHERE id = (SELECT min(id) FROM api"
			" WHERE id BETWEEN ?1 AND ?1 + 3 AND handle_kind IS NULL)",
	[ST_API_FUNCTION] = "INSERT OR IGNORE INTO api_functions(domain, cbid, name_id) VALUES (?,?,?)",
	[ST_ARGS] = "INSERT OR REPLACE INTO api_args(correlation_id, domain, cbid, tid,"
		    " stream_handle, handle_kind, context_id, stream_id, host_ptr, bytes,"
		    " event_handle, flags) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
	[ST_SYNC] = "INSERT INTO syncs(type, start_ns, end_ns, context_id, stream_id, event_id,"
		    " correlation_id, return_value) VALUES (?,?,?,?,?,?,?,?)",
	[ST_STREAM] = "INSERT INTO streams(context_id, stream_id, flag, priority) VALUES (?,?,?,?)"
		      " ON CONFLICT(context_id, stream_id) DO UPDATE SET"
		      " flag = CASE WHEN excluded.flag != 0 THEN excluded.flag ELSE streams.flag END,"
		      " priority = excluded.priority",
	[ST_STREAM_HANDLE] = "INSERT INTO streams(context_id, stream_id, handle, handle_kind)"
			     " VALUES (?,?,?,?) ON CONFLICT(context_id, stream_id) DO UPDATE SET"
			     " handle = IFNULL(streams.handle, excluded.handle),"
			     " handle_kind = CASE WHEN streams.handle_kind = 0"
			     " THEN excluded.handle_kind ELSE streams.handle_kind END",
	[ST_STREAM_CREATE] = "INSERT INTO streams(context_id, stream_id, flag, priority, handle,"
			     " handle_kind) VALUES (?1,?2,?3,?4,?5,3) ON CONFLICT(context_id,"
			     " stream_id) DO UPDATE SET handle = excluded.handle, handle_kind = 3,"
			     " flag = CASE WHEN streams.flag = 0 THEN excluded.flag"
			     " ELSE streams.flag END,"
			     " priority = IFNULL(streams.priority, excluded.priority)",
	[ST_CONTEXT] = "INSERT OR REPLACE INTO contexts(id, device_id, null_stream_id) VALUES (?,?,?)",
	[ST_NULL_STREAM] = "INSERT INTO streams(context_id, stream_id, flag) VALUES (?,?,3)"
			   " ON CONFLICT(context_id, stream_id) DO UPDATE SET flag = 3"
			   " WHERE streams.flag = 0",
	[ST_EVENT] = "INSERT INTO events(event_id, context_id, stream_id, device_id,"
		     " correlation_id, device_ts_ns, sync_id) VALUES (?,?,?,?,?,?,?)",
	[ST_MARKER] = "INSERT INTO markers(marker_id, flags, ts_ns, tid, name_id, domain_id)"
		      " VALUES (?,?,?,?,?,?)",
	[ST_MARKER_DATA] = "UPDATE markers SET color = ?2, category = ?3 WHERE marker_id = ?1"
			   " AND (flags & 4) = 0",
	[ST_OVERHEAD] = "INSERT INTO overheads(kind, start_ns, end_ns, object_kind, object_id,"
			" correlation_id) VALUES (?,?,?,?,?,?)",
	[ST_WARNING] = "INSERT INTO warnings(ts_ns, pid, source, code, message) VALUES (?,?,?,?,?)",
	[ST_META] = "INSERT OR REPLACE INTO meta(key, value) VALUES (?,?)",
	[ST_STRING] = "INSERT OR IGNORE INTO strings(value) VALUES (?)",
	[ST_STRING_FIND] = "SELECT id FROM strings WHERE value = ?",
};

#define MAX_CBID 4096
#define MAX_IGNORED_TIDS 8
#define POOL_MAX 16         /* free buffers kept for reuse (8 MiB each by default) */

static struct oc_wr_state {
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
	int stop;
	uint8_t *pool[POOL_MAX];
	size_t npool;
	struct oc_args_chunk *chunks;
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
	uint64_t args_wait_ns;      /* max(1 s, 3 flush periods): see oc_wr_args_flush() */
} oc_wr = {
	.mu = PTHREAD_MUTEX_INITIALIZER,
	.cv = PTHREAD_COND_INITIALIZER,
	.done_cv = PTHREAD_COND_INITIALIZER,
};

/* Warn-once state is process-wide and outlives writers. */
static pthread_mutex_t warn_mu = PTHREAD_MUTEX_INITIALIZER;
static char warned[32][48];
static int nwarned;

static uint64_t now_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t now_real_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint32_t my_tid(void)
{
	return (uint32_t)syscall(SYS_gettid);
}

/* ---- queue ------------------------------------------------------------ */

static void oc_wr_push(struct item *it)
{
	it->next = NULL;
	pthread_mutex_lock(&oc_wr.mu);
	if (oc_wr.tail)
		oc_wr.tail->next = it;
	else
		oc_wr.head = it;
	oc_wr.tail = it;
	pthread_cond_signal(&oc_wr.cv);
	pthread_mutex_unlock(&oc_wr.mu);
}

static void pool_put(uint8_t *buf)
{
	pthread_mutex_lock(&oc_wr.mu);
	if (oc_wr.npool < POOL_MAX) {
		oc_wr.pool[oc_wr.npool++] = buf;
		buf = NULL;
	}
	pthread_mutex_unlock(&oc_wr.mu);
	free(buf);
}

uint8_t *oc_writer_buffer_get(size_t *size)
{
	uint8_t *buf = NULL;
	size_t sz = oc_wr.cfg.buffer_bytes ? oc_wr.cfg.buffer_bytes : 8u << 20;

	pthread_mutex_lock(&oc_wr.mu);
	if (oc_wr.npool)
		buf = oc_wr.pool[--oc_wr.npool];
	pthread_mutex_unlock(&oc_wr.mu);
	if (!buf)
		buf = aligned_alloc(8, sz);
	*size = buf ? sz : 0;
	return buf;
}

void oc_writer_submit_buffer(uint8_t *buf, size_t valid, size_t dropped)
{
	struct item *it;

	if (!buf)
		return;
	if (valid == 0 && dropped == 0) {
		pool_put(buf);
		return;
	}
	it = calloc(1, sizeof *it);
	if (!it) {
		pool_put(buf);
		return;
	}
	it->type = IT_BUFFER;
	it->u.b.buf = buf;
	it->u.b.valid = valid;
	it->u.b.dropped = dropped;
	oc_wr_push(it);
}

struct oc_args_chunk *oc_writer_chunk_get(void)
{
	struct oc_args_chunk *c;

	pthread_mutex_lock(&oc_wr.mu);
	c = oc_wr.chunks;
	if (c)
		oc_wr.chunks = c->next;
	pthread_mutex_unlock(&oc_wr.mu);
	if (!c)
		c = malloc(sizeof *c);
	if (c) {
		c->next = NULL;
		c->n = 0;
	}
	return c;
}

static void chunk_put(struct oc_args_chunk *c)
{
	pthread_mutex_lock(&oc_wr.mu);
	c->next = oc_wr.chunks;
	oc_wr.chunks = c;
	pthread_mutex_unlock(&oc_wr.mu);
}

void oc_writer_submit_chunk(struct oc_args_chunk *chunk)
{
	struct item *it;

	if (!chunk)
		return;
	if (chunk->n == 0 || !(it = calloc(1, sizeof *it))) {
		chunk_put(chunk);
		return;
	}
	it->type = IT_CHUNK;
	it->u.chunk = chunk;
	oc_wr_push(it);
}

void oc_writer_meta(const char *key, const char *value)
{
	struct item *it = calloc(1, sizeof *it);

	if (!it)
		return;
	it->type = IT_META;
	it->u.m.key = strdup(key);
	it->u.m.value = value ? strdup(value) : NULL;
	oc_wr_push(it);
}

void oc_writer_meta_int(const char *key, long long value)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%lld", value);
	oc_writer_meta(key, buf);
}

/* Print "overlapcheck: msg" on stderr the first time code is seen. */
static void print_once(const char *code, const char *msg)
{
	int first = 1;

	pthread_mutex_lock(&warn_mu);
	for (int i = 0; i < nwarned; i++)
		if (!strcmp(warned[i], code))
			first = 0;
	if (first && nwarned < 32)
		snprintf(warned[nwarned++], sizeof warned[0], "%s", code);
	pthread_mutex_unlock(&warn_mu);
	if (first && !oc_wr.cfg.quiet)
		fprintf(stderr, "overlapcheck: %s\n", msg);
}

void oc_writer_warn(const char *source, const char *code, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	struct item *it;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);

	print_once(code, msg);
	if (!oc_wr.running || !(it = calloc(1, sizeof *it)))
		return;
	it->type = IT_WARNING;
	it->u.w.ts_ns = (int64_t)now_real_ns();   /* rebased when written */
	it->u.w.source = strdup(source ? source : "inject");
	it->u.w.code = strdup(code);
	it->u.w.msg = strdup(msg);
	oc_wr_push(it);
}

void oc_writer_ignore_tid(uint32_t tid)
{
	pthread_mutex_lock(&oc_wr.mu);
	if (oc_wr.nignored < MAX_IGNORED_TIDS)
		oc_wr.ignored[oc_wr.nignored++] = tid;
	pthread_mutex_unlock(&oc_wr.mu);
}

void oc_writer_exit_sync(uint32_t tid, uint64_t start_ns, uint64_t end_ns)
{
	pthread_mutex_lock(&oc_wr.mu);
	oc_wr.exit_tid = tid;
	oc_wr.exit_start = start_ns;
	oc_wr.exit_end = end_ns;
	pthread_mutex_unlock(&oc_wr.mu);
}

/* Absolute [s, e] within the tracer's exit synchronize? */
static int oc_wr_in_exit_sync(int64_t s, int64_t e)
{
	uint64_t as, ae;

	pthread_mutex_lock(&oc_wr.mu);
	as = oc_wr.exit_start;
	ae = oc_wr.exit_end;
	pthread_mutex_unlock(&oc_wr.mu);
	return ae && (uint64_t)(s + (int64_t)oc_wr.base_ns) >= as && (uint64_t)(e + (int64_t)oc_wr.base_ns) <= ae;
}

static int oc_wr_tid_ignored(uint32_t tid)
{
	for (int i = 0; i < oc_wr.nignored; i++)
		if (oc_wr.ignored[i] == tid)
			return 1;
	return tid == oc_wr.self_tid;
}

/* ---- string and stream tables ----------------------------------------- */

static uint64_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h ? h : 1;
}

static int strtab_grow(struct strtab *t)
{
	size_t ncap = t->cap ? t->cap * 2 : 1024;
	struct sent *ne = calloc(ncap, sizeof *ne);

	if (!ne)
		return -1;
	for (size_t i = 0; i < t->cap; i++) {
		if (!t->e[i].s)
			continue;
		size_t j = t->e[i].hash & (ncap - 1);
		while (ne[j].s)
			j = (j + 1) & (ncap - 1);
		ne[j] = t->e[i];
	}
	free(t->e);
	t->e = ne;
	t->cap = ncap;
	return 0;
}

static void strtab_free(struct strtab *t)
{
	for (size_t i = 0; i < t->cap; i++)
		free(t->e[i].s);
	free(t->e);
	memset(t, 0, sizeof *t);
}

/* Run a statement whose every parameter the caller has bound (no clearing needed). */
static int step_done(sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	return rc == SQLITE_DONE || rc == SQLITE_ROW ? 0 : rc;
}

static void note_rc(int rc)
{
	if (rc && !oc_wr.db_error)
		oc_wr.db_error = rc;
}

/* The strings.id of s, inserting it if new. 0 if s is NULL or on error. */
static int64_t oc_wr_intern(const char *s)
{
	struct strtab *t = &oc_wr.strings;
	uint64_t h;
	size_t j;
	int64_t id = 0;

	if (!s)
		return 0;
	if (t->n * 2 >= t->cap && strtab_grow(t))
		return 0;
	h = hash_str(s);
	for (j = h & (t->cap - 1); t->e[j].s; j = (j + 1) & (t->cap - 1))
		if (t->e[j].hash == h && !strcmp(t->e[j].s, s))
			return t->e[j].id;

	sqlite3_bind_text(oc_wr.st[ST_STRING], 1, s, -1, SQLITE_STATIC);
	note_rc(step_done(oc_wr.st[ST_STRING]));
	sqlite3_bind_text(oc_wr.st[ST_STRING_FIND], 1, s, -1, SQLITE_STATIC);
	if (sqlite3_step(oc_wr.st[ST_STRING_FIND]) == SQLITE_ROW)
		id = sqlite3_column_int64(oc_wr.st[ST_STRING_FIND], 0);
	sqlite3_reset(oc_wr.st[ST_STRING_FIND]);
	sqlite3_clear_bindings(oc_wr.st[ST_STRING_FIND]);
	if (!id)
		return 0;
	t->e[j].s = strdup(s);
	if (!t->e[j].s)
		return id;
	t->e[j].hash = h;
	t->e[j].id = id;
	t->n++;
	return id;
}

/* Insert key into the set; returns 1 if it was new, 0 if present or on error. */
static int keyset_add(struct keyset *s, uint64_t key)
{
	key += 1;
	if (s->n * 2 >= s->cap) {
		size_t ncap = s->cap ? s->cap * 2 : 256;
		uint64_t *nk = calloc(ncap, sizeof *nk);

		if (!nk)
			return 1;
		for (size_t i = 0; i < s->cap; i++) {
			if (!s->k[i])
				continue;
			size_t j = (s->k[i] * 0x9E3779B97F4A7C15ull) >> 20 & (ncap - 1);
			while (nk[j])
				j = (j + 1) & (ncap - 1);
			nk[j] = s->k[i];
		}
		free(s->k);
		s->k = nk;
		s->cap = ncap;
	}
	size_t j = (key * 0x9E3779B97F4A7C15ull) >> 20 & (s->cap - 1);
	for (; s->k[j]; j = (j + 1) & (s->cap - 1))
		if (s->k[j] == key)
			return 0;
	s->k[j] = key;
	s->n++;
	return 1;
}

/* ---- bit sets, op shapes, waiting arguments ----------------------------- */

static void bind_i(sqlite3_stmt *st, int i, int64_t v);
static void write_args_row(const struct oc_args_row *a);

static int bitset_set(struct bitset *b, uint64_t key)
{
	size_t p = (size_t)(key >> BITPAGE_BITS);
	uint64_t bit = key & ((1u << BITPAGE_BITS) - 1);

	if (p >= b->npages) {
		size_t n = b->npages ? b->npages : 16;
		uint64_t **np;

		while (n <= p)
			n *= 2;
		np = realloc(b->page, n * sizeof *np);
		if (!np)
			return -1;
		memset(np + b->npages, 0, (n - b->npages) * sizeof *np);
		b->page = np;
		b->npages = n;
	}
	if (!b->page[p] && !(b->page[p] = calloc((size_t)1 << (BITPAGE_BITS - 6), sizeof(uint64_t))))
		return -1;
	b->page[p][bit >> 6] |= 1ull << (bit & 63);
	return 0;
}

static int bitset_has(const struct bitset *b, uint64_t key)
{
	size_t p = (size_t)(key >> BITPAGE_BITS);
	uint64_t bit = key & ((1u << BITPAGE_BITS) - 1);

	return p < b->npages && b->page[p] && (b->page[p][bit >> 6] >> (bit & 63) & 1);
}

/* How many keys of a are not in b. */
static uint64_t bitset_count_minus(const struct bitset *a, const struct bitset *b)
{
	uint64_t n = 0;

	for (size_t p = 0; p < a->npages; p++) {
		const uint64_t *q = p < b->npages ? b->page[p] : NULL;

		if (!a->page[p])
			continue;
		for (size_t w = 0; w < (size_t)1 << (BITPAGE_BITS - 6); w++)
			n += (uint64_t)__builtin_popcountll(a->page[p][w] & ~(q ? q[w] : 0));
	}
	return n;
}

static void bitset_free(struct bitset *b)
{
	for (size_t p = 0; p < b->npages; p++)
		free(b->page[p]);
	free(b->page);
	memset(b, 0, sizeof *b);
}

/* A device op with this correlation id was written (for oc_wr_check_device_records()). */
static void oc_wr_note_op(uint32_t corr)
{
	bitset_set(&oc_wr.op_corr, corr);
}

static uint64_t hash_words(const int64_t *v, size_t n)
{
	uint64_t h = 1469598103934665603ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (uint64_t)v[i]) * 0x9E3779B97F4A7C15ull, h ^= h >> 29;
	return h;
}

static int shapetab_grow(struct shapetab *t)
{
	size_t ncap = t->cap ? t->cap * 2 : 256;
	struct shape *ne = calloc(ncap, sizeof *ne);

	if (!ne)
		return -1;
	for (size_t i = 0; i < t->cap; i++) {
		if (!t->e[i].id)
			continue;
		size_t j = t->e[i].hash & (ncap - 1);
		while (ne[j].id)
			j = (j + 1) & (ncap - 1);
		ne[j] = t->e[i];
	}
	free(t->e);
	t->e = ne;
	t->cap = ncap;
	return 0;
}

/* The op_shapes.id describing o (kernel name already interned), inserting a row if new. */
static int64_t oc_wr_shape_id(const struct oc_op_row *o, int64_t name_id)
{
	struct shapetab *t = &oc_wr.shapes;
	int64_t v[SHAPE_NV] = {
		name_id > 0 ? name_id : OC_NULL, o->bytes, o->copy_kind, o->src_kind, o->dst_kind,
		o->flags, o->channel_type, o->copy_count, o->src_device_id, o->dst_device_id,
		o->grid[0], o->grid[1], o->grid[2], o->block[0], o->block[1], o->block[2],
		o->registers, o->static_smem, o->dynamic_smem, o->graph_id, o->graph_node_id,
	};
	uint64_t h = hash_words(v, SHAPE_NV);
	struct shape *slot = NULL;
	sqlite3_stmt *st = oc_wr.st[ST_SHAPE];
	int64_t id;

	if (t->n >= SHAPES_MAX) {
		memset(t->e, 0, t->cap * sizeof *t->e);
		t->n = 0;
	}
	if (t->n * 2 < t->cap || shapetab_grow(t) == 0) {
		size_t j;

		for (j = h & (t->cap - 1); t->e[j].id; j = (j + 1) & (t->cap - 1))
			if (t->e[j].hash == h && !memcmp(t->e[j].v, v, sizeof v))
				return t->e[j].id;
		slot = &t->e[j];
	}
	id = t->next_id++;
	sqlite3_bind_int64(st, 1, id);
	for (int i = 0; i < SHAPE_NV; i++)
		bind_i(st, i + 2, v[i]);
	note_rc(step_done(st));
	if (slot) {
		slot->hash = h;
		memcpy(slot->v, v, sizeof v);
		slot->id = id;
		t->n++;
	}
	return id;
}

/* api.id of the first call with this correlation id and domain (schema/trace.sql). */
static int64_t api_key(uint32_t corr, int domain)
{
	return (int64_t)corr * 8 + (domain == OC_API_DRIVER ? 4 : 0);
}

static uint64_t args_key(uint32_t corr, int domain)
{
	return ((uint64_t)corr << 1 | (uint64_t)(domain == OC_API_DRIVER)) + 1;
}

static size_t argmap_home(const struct argmap *m, uint64_t key)
{
	return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (m->cap - 1);
}

/*
 * Park a row; 0, or -1 when no memory (the caller writes it out instead). A
 * row already parked under the same key (a second callback row for one call)
 * is moved to *old and 1 returned.
 */
static int argmap_put(struct argmap *m, const struct oc_args_row *row, uint64_t now,
		      struct oc_args_row *old)
{
	uint64_t key = args_key(row->correlation_id, row->domain);
	size_t j;
	int had;

	if (m->n * 2 >= m->cap) {
		size_t ncap = m->cap ? m->cap * 2 : 1024;
		struct argent *ne = calloc(ncap, sizeof *ne);
		struct argmap nm = { ne, ncap, 0, 0 };

		if (!ne)
			return -1;
		for (size_t i = 0; i < m->cap; i++) {
			if (!m->e[i].key)
				continue;
			for (j = argmap_home(&nm, m->e[i].key); ne[j].key; j = (j + 1) & (ncap - 1))
				;
			ne[j] = m->e[i];
		}
		free(m->e);
		m->e = ne;
		m->cap = ncap;
	}
	for (j = argmap_home(m, key); m->e[j].key && m->e[j].key != key; j = (j + 1) & (m->cap - 1))
		;
	had = m->e[j].key != 0;
	if (had && old)
		*old = m->e[j].row;
	if (!had)
		m->n++;
	m->e[j].key = key;
	m->e[j].parked_ns = now;
	m->e[j].row = *row;
	return had;
}

/* Remove entry i; backward-shift deletion keeps every probe chain unbroken. */
static void argmap_del_at(struct argmap *m, size_t i)
{
	size_t mask = m->cap - 1, j;

	for (j = i;;) {
		size_t k;

		j = (j + 1) & mask;
		if (!m->e[j].key)
			break;
		k = argmap_home(m, m->e[j].key);
		if (i <= j ? (i < k && k <= j) : (i < k || k <= j))
			continue;
		m->e[i] = m->e[j];
		i = j;
	}
	m->e[i].key = 0;
	m->n--;
}

/* Take the row parked for (corr, domain) into *out. 1 if there was one. */
static int argmap_take(struct argmap *m, uint32_t corr, int domain, struct oc_args_row *out)
{
	uint64_t key = args_key(corr, domain);
	size_t i;

	if (!m->n)
		return 0;
	for (i = argmap_home(m, key); m->e[i].key != key; i = (i + 1) & (m->cap - 1))
		if (!m->e[i].key)
			return 0;
	*out = m->e[i].row;
	argmap_del_at(m, i);
	return 1;
}

/* Free the interned strings and op shapes (oc_writer_finish). */
static void oc_wr_intern_free(void)
{
	strtab_free(&oc_wr.strings);
	free(oc_wr.shapes.e);
	memset(&oc_wr.shapes, 0, sizeof oc_wr.shapes);
}

/* Free what the join keeps: the waiting rows, the stream set, the bit sets, the nested pairs. */
static void oc_wr_join_free(void)
{
	free(oc_wr.streams.k);
	memset(&oc_wr.streams, 0, sizeof oc_wr.streams);
	free(oc_wr.args.e);
	memset(&oc_wr.args, 0, sizeof oc_wr.args);
	bitset_free(&oc_wr.api_bare);
	bitset_free(&oc_wr.launched);
	bitset_free(&oc_wr.op_corr);
	free(oc_wr.twins);
	oc_wr.twins = NULL;
	oc_wr.ntwins = oc_wr.cap_twins = 0;
}

/*
 * Drop CUPTI's version tag from a callback name: "cudaLaunchKernel_v7000" ->
 * "cudaLaunchKernel", "cuMemcpyHtoDAsync_v2_ptsz" -> "cuMemcpyHtoDAsync_ptsz".
 * The _ptsz/_ptds variant tag stays.
 */
static void strip_version(char *name)
{
	for (char *v = strstr(name + 1, "_v"); v; v = strstr(v + 1, "_v")) {
		char *p = v + 2;

		if (*p < '0' || *p > '9')
			continue;
		while (*p >= '0' && *p <= '9')
			p++;
		if (*p == '\0' || !strcmp(p, "_ptsz") || !strcmp(p, "_ptds")) {
			memmove(v, p, strlen(p) + 1);
			return;
		}
	}
}

static int64_t oc_wr_api_name_id(int domain, uint32_t cbid)
{
	CUpti_CallbackDomain d = domain == OC_API_RUNTIME ? CUPTI_CB_DOMAIN_RUNTIME_API
							  : CUPTI_CB_DOMAIN_DRIVER_API;
	const char *name = NULL;
	char buf[160];
	int64_t *slot = cbid < MAX_CBID ? &oc_wr.api_name[domain - 1][cbid] : NULL;

	if (slot && *slot)
		return *slot;
	if (cuptiGetCallbackName(d, cbid, &name) != CUPTI_SUCCESS || !name)
		snprintf(buf, sizeof buf, "%s_cbid_%u", domain == OC_API_RUNTIME ? "runtime" : "driver", cbid);
	else
		snprintf(buf, sizeof buf, "%s", name);
	strip_version(buf);
	int64_t id = oc_wr_intern(buf);
	if (slot)
		*slot = id;
	if (id) {
		sqlite3_stmt *st = oc_wr.st[ST_API_FUNCTION];

		sqlite3_bind_int(st, 1, domain);
		sqlite3_bind_int64(st, 2, cbid);
		sqlite3_bind_int64(st, 3, id);
		note_rc(step_done(st));
	}
	return id;
}

/* Prepare every statement of stmt_sql; -1 with SQLite's message in err on failure. */
static int oc_wr_prepare(char *err, size_t len)
{
	for (int i = 0; i < ST_COUNT; i++) {
		if (sqlite3_prepare_v3(oc_wr.db, stmt_sql[i], -1, SQLITE_PREPARE_PERSISTENT,
				       &oc_wr.st[i], NULL) != SQLITE_OK) {
			snprintf(err, len, "%s", sqlite3_errmsg(oc_wr.db));
			return -1;
		}
	}
	return 0;
}

/* Finalize the statements (those never prepared are NULL) and forget them. */
static void oc_wr_finalize_stmts(void)
{
	for (int i = 0; i < ST_COUNT; i++)
		sqlite3_finalize(oc_wr.st[i]);
	memset(oc_wr.st, 0, sizeof oc_wr.st);
}

/* ---- binding helpers --------------------------------------------------- */

static void bind_i(sqlite3_stmt *st, int i, int64_t v)
{
	if (v == OC_NULL)
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_int64(st, i, v);
}

static void bind_id(sqlite3_stmt *st, int i, int64_t id)
{
	if (id > 0)
		sqlite3_bind_int64(st, i, id);
	else
		sqlite3_bind_null(st, i);
}

static void meta_set(const char *key, const char *value)
{
	sqlite3_stmt *st = oc_wr.st[ST_META];

	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (value)
		sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 2);
	note_rc(step_done(st));
}

static void meta_set_u(const char *key, unsigned long long v)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%llu", v);
	meta_set(key, buf);
}

/* ---- rows --------------------------------------------------------------- */

static void write_op(const struct oc_op_row *o)
{
	sqlite3_stmt *st = oc_wr.st[ST_OP];
	int64_t shape = oc_wr_shape_id(o, o->name ? oc_wr_intern(o->name) : 0);

	sqlite3_bind_int(st, 1, o->kind);
	sqlite3_bind_int64(st, 2, o->start_ns);
	sqlite3_bind_int64(st, 3, o->end_ns - o->start_ns);
	sqlite3_bind_int64(st, 4, o->device_id);
	sqlite3_bind_int64(st, 5, o->context_id);
	sqlite3_bind_int64(st, 6, o->stream_id);
	sqlite3_bind_int64(st, 7, o->correlation_id);
	sqlite3_bind_int64(st, 8, shape);
	bind_i(st, 9, o->channel_id);
	note_rc(step_done(st));
	oc_wr_note_op(o->correlation_id);
	if (o->kind == OC_OP_KERNEL)
		oc_wr.n.kernels++;
	else if (o->kind == OC_OP_MEMSET)
		oc_wr.n.memsets++;
	else
		oc_wr.n.memcpys++;
}

/* The columns of an api row that come from the callback (7..11 of ST_API, 2..6 of ST_API_LATE). */
static void bind_call_args(sqlite3_stmt *st, int i, const struct oc_args_row *g)
{
	if (!g) {
		for (int k = 0; k < 5; k++)
			sqlite3_bind_null(st, i + k);
		return;
	}
	sqlite3_bind_int(st, i, g->handle_kind);
	bind_id(st, i + 1, g->context_id);
	bind_i(st, i + 2, g->stream_id);
	bind_i(st, i + 3, g->host_ptr);
	bind_i(st, i + 4, g->bytes);
}

/*
 * CUPTI writes a call's record at its exit, so a driver call made inside a
 * runtime call comes next to it. A runtime call whose driver call has a
 * correlation id of its own is remembered, for oc_wr_check_device_records() (some
 * CUPTI versions give the launch's op the driver call's id).
 */
static void note_nesting(const struct oc_api_row *a)
{
	size_t slot = (size_t)((a->tid * 0x9E3779B97F4A7C15ull) >> 58);   /* 0..63 */
	struct lastcall *me = &oc_wr.lastcall[a->domain == OC_API_DRIVER][slot];
	const struct lastcall *rt = &oc_wr.lastcall[0][slot];
	const struct lastcall *d = &oc_wr.lastcall[1][slot];

	*me = (struct lastcall){ a->tid, a->correlation_id, a->start_ns, a->end_ns };
	if (d->tid != a->tid || rt->tid != a->tid || d->corr == rt->corr ||
	    d->start < rt->start || d->end > rt->end)
		return;
	if (oc_wr.ntwins == oc_wr.cap_twins) {
		size_t n = oc_wr.cap_twins ? oc_wr.cap_twins * 2 : 256;
		struct corrpair *p = realloc(oc_wr.twins, n * sizeof *p);

		if (!p)
			return;
		oc_wr.twins = p;
		oc_wr.cap_twins = n;
	}
	oc_wr.twins[oc_wr.ntwins++] = (struct corrpair){ d->corr, rt->corr };
}

/*
 * One api row per API record, keyed by correlation_id * 8 + (domain - 1) * 4
 * + n; n > 0 only for the rare records that share correlation id and domain
 * with one already written. The callback's argument row, when it came first
 * (the usual case), goes into the same row.
 */
static void oc_wr_write_api(const struct oc_api_row *a)
{
	sqlite3_stmt *st = oc_wr.st[ST_API];
	struct oc_args_row g;
	int has, rc = SQLITE_CONSTRAINT;
	int64_t key = api_key(a->correlation_id, a->domain);

	if (oc_wr_tid_ignored(a->tid))
		return;
	if (a->domain == OC_API_DRIVER && a->tid == oc_wr.exit_tid &&
	    (a->cbid == CUPTI_DRIVER_TRACE_CBID_cuCtxSynchronize ||
	     a->cbid == CUPTI_DRIVER_TRACE_CBID_cuCtxGetCurrent) &&
	    oc_wr_in_exit_sync(a->start_ns, a->end_ns))
		return;
	oc_wr_api_name_id(a->domain, a->cbid);
	has = argmap_take(&oc_wr.args, a->correlation_id, a->domain, &g);
	sqlite3_bind_int64(st, 2, a->cbid);
	sqlite3_bind_int64(st, 3, a->start_ns);
	sqlite3_bind_int64(st, 4, a->end_ns - a->start_ns);
	sqlite3_bind_int64(st, 5, a->tid);
	sqlite3_bind_int64(st, 6, a->return_value);
	bind_call_args(st, 7, has ? &g : NULL);
	for (int n = 0; n < 4 && rc == SQLITE_CONSTRAINT; n++) {
		sqlite3_bind_int64(st, 1, key + n);
		rc = sqlite3_step(st);
		sqlite3_reset(st);
		if (rc == SQLITE_DONE)
			rc = 0;
	}
	if (rc == SQLITE_CONSTRAINT) {
		oc_wr.n.skipped++;   /* a fifth call with this correlation id and domain */
		if (has)
			write_args_row(&g);
		return;
	}
	note_rc(rc);
	if (!has)
		bitset_set(&oc_wr.api_bare, args_key(a->correlation_id, a->domain));
	oc_wr.n.api++;
	note_nesting(a);
}

static void write_device(const struct oc_device_row *d)
{
	char key[64];

#define DKEY(suffix) (snprintf(key, sizeof key, "device.%u." suffix, d->id), key)
	if (d->name)
		meta_set(DKEY("name"), d->name);
	meta_set(DKEY("uuid"), d->uuid);
	meta_set_u(DKEY("cc_major"), d->cc_major);
	meta_set_u(DKEY("cc_minor"), d->cc_minor);
	meta_set_u(DKEY("sm_count"), d->sm_count);
	meta_set_u(DKEY("global_memory_bytes"), d->global_memory_bytes);
	meta_set_u(DKEY("global_memory_bandwidth_kbps"), d->global_memory_bandwidth_kbps);
	meta_set_u(DKEY("l2_bytes"), d->l2_bytes);
	meta_set_u(DKEY("core_clock_khz"), d->core_clock_khz);
	meta_set_u(DKEY("num_memcpy_engines"), d->num_memcpy_engines);
	meta_set_u(DKEY("max_warps_per_sm"), d->max_warps_per_sm);
	meta_set_u(DKEY("max_blocks_per_sm"), d->max_blocks_per_sm);
	meta_set_u(DKEY("max_threads_per_block"), d->max_threads_per_block);
	meta_set_u(DKEY("max_shared_memory_per_sm"), d->max_shared_memory_per_sm);
	meta_set_u(DKEY("ecc_enabled"), d->ecc_enabled);
	meta_set_u(DKEY("mig"), d->mig);
	if (d->mig) {
		meta_set_u(DKEY("gpu_instance_id"), d->gpu_instance_id);
		meta_set_u(DKEY("compute_instance_id"), d->compute_instance_id);
	}
#undef DKEY
}

static void write_record(const CUpti_Activity *rec)
{
	struct oc_rec r;
	enum oc_rec_status s = oc_rec_decode(rec, oc_wr.base_ns, &r);
	sqlite3_stmt *st;

	if (s == OC_REC_SKIP)
		return;
	if (s == OC_REC_INCOMPLETE) {
		/* METHOD.md's incomplete records are device ops; anything else is only skipped */
		if (r.type == OC_REC_OP)
			oc_wr.n.incomplete++;
		else
			oc_wr.n.skipped++;
		return;
	}
	oc_wr.n.rows++;
	switch (r.type) {
	case OC_REC_OP:
		write_op(&r.u.op);
		break;
	case OC_REC_API:
		oc_wr_write_api(&r.u.api);
		break;
	case OC_REC_SYNC:
		if (r.u.sync.type == OC_SYNC_CONTEXT &&
		    oc_wr_in_exit_sync(r.u.sync.start_ns, r.u.sync.end_ns))
			break;
		st = oc_wr.st[ST_SYNC];
		sqlite3_bind_int(st, 1, r.u.sync.type);
		sqlite3_bind_int64(st, 2, r.u.sync.start_ns);
		sqlite3_bind_int64(st, 3, r.u.sync.end_ns);
		bind_i(st, 4, r.u.sync.context_id);
		bind_i(st, 5, r.u.sync.stream_id);
		bind_i(st, 6, r.u.sync.event_id);
		bind_i(st, 7, r.u.sync.correlation_id);
		bind_i(st, 8, r.u.sync.return_value);
		note_rc(step_done(st));
		oc_wr.n.syncs++;
		break;
	case OC_REC_STREAM:
		st = oc_wr.st[ST_STREAM];
		sqlite3_bind_int64(st, 1, r.u.stream.context_id);
		sqlite3_bind_int64(st, 2, r.u.stream.stream_id);
		sqlite3_bind_int(st, 3, r.u.stream.flag);
		bind_i(st, 4, r.u.stream.priority);
		note_rc(step_done(st));
		break;
	case OC_REC_CONTEXT:
		st = oc_wr.st[ST_CONTEXT];
		sqlite3_bind_int64(st, 1, r.u.context.id);
		sqlite3_bind_int64(st, 2, r.u.context.device_id);
		bind_i(st, 3, r.u.context.null_stream_id);
		note_rc(step_done(st));
		st = oc_wr.st[ST_NULL_STREAM];
		sqlite3_bind_int64(st, 1, r.u.context.id);
		sqlite3_bind_int64(st, 2, r.u.context.null_stream_id);
		note_rc(step_done(st));
		oc_wr.seen_context = 1;
		break;
	case OC_REC_DEVICE:
		write_device(&r.u.device);
		oc_wr.seen_context = 1;
		break;
	case OC_REC_EVENT:
		st = oc_wr.st[ST_EVENT];
		sqlite3_bind_int64(st, 1, r.u.event.event_id);
		bind_i(st, 2, r.u.event.context_id);
		bind_i(st, 3, r.u.event.stream_id);
		bind_i(st, 4, r.u.event.device_id);
		bind_i(st, 5, r.u.event.correlation_id);
		bind_i(st, 6, r.u.event.device_ts_ns);
		bind_i(st, 7, r.u.event.sync_id);
		note_rc(step_done(st));
		break;
	case OC_REC_MARKER:
		st = oc_wr.st[ST_MARKER];
		sqlite3_bind_int64(st, 1, r.u.marker.marker_id);
		sqlite3_bind_int64(st, 2, r.u.marker.flags);
		sqlite3_bind_int64(st, 3, r.u.marker.ts_ns);
		bind_i(st, 4, r.u.marker.tid);
		bind_id(st, 5, oc_wr_intern(r.u.marker.name));
		bind_id(st, 6, oc_wr_intern(r.u.marker.domain));
		note_rc(step_done(st));
		oc_wr.n.markers++;
		break;
	case OC_REC_MARKER_DATA:
		st = oc_wr.st[ST_MARKER_DATA];
		sqlite3_bind_int64(st, 1, r.u.marker_data.marker_id);
		bind_i(st, 2, r.u.marker_data.color);
		bind_i(st, 3, r.u.marker_data.category);
		note_rc(step_done(st));
		break;
	case OC_REC_OVERHEAD:
		st = oc_wr.st[ST_OVERHEAD];
		bind_i(st, 1, r.u.overhead.kind);
		sqlite3_bind_int64(st, 2, r.u.overhead.start_ns);
		sqlite3_bind_int64(st, 3, r.u.overhead.end_ns);
		bind_i(st, 4, r.u.overhead.object_kind);
		bind_i(st, 5, r.u.overhead.object_id);
		bind_i(st, 6, r.u.overhead.correlation_id);
		note_rc(step_done(st));
		break;
	case OC_REC_NONE:
		break;
	}
}

static void oc_wr_write_buffer(uint8_t *buf, size_t valid)
{
	CUpti_Activity *rec = NULL;

	while (cuptiActivityGetNextRecord(buf, valid, &rec) == CUPTI_SUCCESS)
		write_record(rec);
}

/* The whole argument row into api_args (as schema v1 stored every one). */
static void write_args_row(const struct oc_args_row *a)
{
	sqlite3_stmt *st = oc_wr.st[ST_ARGS];

	sqlite3_bind_int64(st, 1, a->correlation_id);
	sqlite3_bind_int(st, 2, a->domain);
	sqlite3_bind_int64(st, 3, a->cbid);
	sqlite3_bind_int64(st, 4, a->tid);
	bind_i(st, 5, a->stream_handle);
	sqlite3_bind_int(st, 6, a->handle_kind);
	bind_id(st, 7, a->context_id);
	bind_i(st, 8, a->stream_id);
	bind_i(st, 9, a->host_ptr);
	bind_i(st, 10, a->bytes);
	bind_i(st, 11, a->event_handle);
	bind_i(st, 12, a->flags);
	note_rc(step_done(st));
}

/*
 * Rows that waited at least min_wait_ns (all with 0) for their API record go
 * to api_args: the record is late or lost, and a row only in memory would not
 * survive a crash. Readers merge them into api. The rest stay.
 */
static void oc_wr_args_flush(uint64_t min_wait_ns)
{
	struct argmap *m = &oc_wr.args;
	uint64_t now = now_mono_ns();

	for (size_t i = 0; i < m->cap && m->n; i++) {
		/* a deletion shifts a later entry into i: look at i again */
		while (m->e[i].key && now - m->e[i].parked_ns >= min_wait_ns) {
			if (!oc_wr_tid_ignored(m->e[i].row.tid))
				write_args_row(&m->e[i].row);
			argmap_del_at(m, i);
		}
	}
	m->scanned_ns = now;
}

/*
 * A callback's argument row. What api has columns for joins the call's api
 * row: now, if its record was written already, else when it comes (parked in
 * oc_wr.args). What api has no column for (the event, stream-creation flags, a
 * stream handle that did not resolve to a stream or was not classified) goes
 * to api_args as well.
 * Stream handles and kinds also complete the streams table here.
 */
static void oc_wr_write_args(const struct oc_args_row *a)
{
	sqlite3_stmt *st;
	struct oc_args_row old;
	int rc;

	if (oc_wr_tid_ignored(a->tid))
		return;
	oc_wr.n.args++;
	if (a->cls == OC_CB_LAUNCH)
		bitset_set(&oc_wr.launched, a->correlation_id);
	if (a->event_handle != OC_ARG_NONE || a->flags != OC_ARG_NONE ||
	    (a->stream_handle != OC_ARG_NONE && (a->stream_id == OC_ARG_NONE || a->context_id == 0 ||
						 a->handle_kind == OC_HANDLE_NONE)))
		write_args_row(a);
	if (bitset_has(&oc_wr.api_bare, args_key(a->correlation_id, a->domain))) {
		/* the record came first: into its row, if one is still without */
		st = oc_wr.st[ST_API_LATE];
		sqlite3_bind_int64(st, 1, api_key(a->correlation_id, a->domain));
		bind_call_args(st, 2, a);
		note_rc(step_done(st));
		if (!oc_wr.db_error && sqlite3_changes(oc_wr.db) == 0)
			write_args_row(a);
	} else if (oc_wr.args.n >= ARGS_MAX) {
		write_args_row(a);        /* records far behind: the reader merges it */
	} else if ((rc = argmap_put(&oc_wr.args, a, now_mono_ns(), &old)) != 0) {
		write_args_row(rc > 0 ? &old : a);   /* a second row for one call, or no memory */
	}

	if (a->stream_id == OC_ARG_NONE || a->context_id == 0)
		return;
	uint64_t key = (uint64_t)a->context_id << 32 | (uint32_t)a->stream_id;
	if (a->cls == OC_CB_STREAM_CREATE) {
		st = oc_wr.st[ST_STREAM_CREATE];
		sqlite3_bind_int64(st, 1, a->context_id);
		sqlite3_bind_int64(st, 2, a->stream_id);
		/* cudaStreamNonBlocking = CU_STREAM_NON_BLOCKING = 1 */
		sqlite3_bind_int(st, 3, a->flags != OC_ARG_NONE && (a->flags & 1) ? 2 : 1);
		bind_i(st, 4, a->priority);
		bind_i(st, 5, a->stream_handle);
		note_rc(step_done(st));
		keyset_add(&oc_wr.streams, key);
		return;
	}
	if (a->handle_kind == OC_HANDLE_NONE || !keyset_add(&oc_wr.streams, key))
		return;
	st = oc_wr.st[ST_STREAM_HANDLE];
	sqlite3_bind_int64(st, 1, a->context_id);
	sqlite3_bind_int64(st, 2, a->stream_id);
	bind_i(st, 3, a->stream_handle);
	sqlite3_bind_int(st, 4, a->handle_kind);
	note_rc(step_done(st));
}

/* ---- opening ------------------------------------------------------------ */

static void fmt_time(uint64_t ns, char *buf, size_t len)
{
	time_t t = (time_t)(ns / 1000000000u);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static void read_cmdline(char *buf, size_t len)
{
	FILE *f = fopen("/proc/self/cmdline", "r");
	size_t n = 0;

	buf[0] = '\0';
	if (!f)
		return;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	while (n > 0 && buf[n - 1] == '\0')
		n--;
	for (size_t i = 0; i < n; i++)
		if (buf[i] == '\0')
			buf[i] = ' ';
	buf[n] = '\0';
}

/* The passport a created trace needs (the CLI writes it for the main trace). */
static void write_process_passport(void)
{
	static const char *const env[] = {
		"CUDA_LAUNCH_BLOCKING", "CUDA_DEVICE_MAX_CONNECTIONS",
		"CUDA_MODULE_LOADING", "CUDA_VISIBLE_DEVICES",
	};
	char buf[4096], key[64];

	if (gethostname(buf, sizeof buf) == 0) {
		buf[sizeof buf - 1] = '\0';
		meta_set("host", buf);
	}
	meta_set_u("pid", (unsigned long long)getpid());
	meta_set_u("ppid", (unsigned long long)getppid());
	read_cmdline(buf, sizeof buf);
	meta_set("cmdline", buf);
	fmt_time(oc_wr.base_ns, buf, sizeof buf);
	meta_set("start_time", buf);
	meta_set_u("trace_start_ns", oc_wr.base_ns);
	meta_set("tool_version", OC_VERSION);
	meta_set("created_by", "inject");
	if (oc_wr.parent_trace)
		meta_set("parent_trace", oc_wr.parent_trace);
	for (size_t i = 0; i < sizeof env / sizeof env[0]; i++) {
		const char *v = getenv(env[i]);

		snprintf(key, sizeof key, "env.%s", env[i]);
		if (v)
			meta_set(key, v);
	}
}

static int64_t meta_get_int(const char *key, int64_t dflt)
{
	sqlite3_stmt *st;
	int64_t v = dflt;

	if (sqlite3_prepare_v2(oc_wr.db, "SELECT value FROM meta WHERE key = ?", -1, &st, NULL) != SQLITE_OK)
		return dflt;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static void fail_open(const char *why)
{
	oc_wr.failed = 1;
	oc_wr.n.write_failed = 1;
	if (oc_wr.db) {
		oc_wr_finalize_stmts();
		sqlite3_close(oc_wr.db);
		oc_wr.db = NULL;
	}
	oc_writer_warn("sqlite", "output_unwritable",
		       "cannot write trace '%s': %s; the program runs untraced", oc_wr.path, why);
}

/* Open (or create) the trace; on failure warn once and mark the writer failed. */
static void oc_wr_open_trace(void)
{
	char err[256];
	int fd, ver = 0;
	enum oc_schema_state state;

	oc_wr.opened = 1;
	if (oc_wr.cfg.create) {
		fd = open(oc_wr.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd < 0) {
			fail_open(strerror(errno));
			return;
		}
		close(fd);
	}
	if (sqlite3_open_v2(oc_wr.path, &oc_wr.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL)
	    != SQLITE_OK) {
		snprintf(err, sizeof err, "%s", oc_wr.db ? sqlite3_errmsg(oc_wr.db) : "out of memory");
		fail_open(err);
		return;
	}
	sqlite3_busy_timeout(oc_wr.db, 5000);
	state = oc_schema_check(oc_wr.db, &ver, err, sizeof err);
	if (state == OC_SCHEMA_OK && ver != OC_SCHEMA_VERSION) {
		snprintf(err, sizeof err, "it has trace schema %d; this library writes schema %d",
			 ver, OC_SCHEMA_VERSION);
		fail_open(err);
		return;
	}
	if (state == OC_SCHEMA_EMPTY) {
		if (oc_schema_create(oc_wr.db, err, sizeof err)) {
			fail_open(err);
			return;
		}
	} else if (state != OC_SCHEMA_OK) {
		fail_open(state == OC_SCHEMA_ERROR ? err : "not an overlapcheck trace of this version");
		return;
	}
	if (sqlite3_exec(oc_wr.db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA cache_size=-65536;",
			 NULL, NULL, NULL) != SQLITE_OK) {
		fail_open(sqlite3_errmsg(oc_wr.db));
		return;
	}
	if (oc_wr_prepare(err, sizeof err)) {
		fail_open(err);
		return;
	}

	{
		sqlite3_stmt *st;

		oc_wr.shapes.next_id = 1;
		if (sqlite3_prepare_v2(oc_wr.db, "SELECT max(id) FROM op_shapes", -1, &st, NULL) == SQLITE_OK) {
			if (sqlite3_step(st) == SQLITE_ROW)
				oc_wr.shapes.next_id = sqlite3_column_int64(st, 0) + 1;
			sqlite3_finalize(st);
		}
	}
	oc_wr.db_error = 0;
	sqlite3_exec(oc_wr.db, "BEGIN", NULL, NULL, NULL);
	if (oc_wr.cfg.create) {
		oc_wr.base_ns = oc_wr.cfg.start_ns ? oc_wr.cfg.start_ns : now_real_ns();
		write_process_passport();
	} else {
		int64_t base = meta_get_int("trace_start_ns", 0);

		oc_wr.base_ns = base > 0 ? (uint64_t)base : (oc_wr.cfg.start_ns ? oc_wr.cfg.start_ns : now_real_ns());
		if (base <= 0)
			meta_set_u("trace_start_ns", oc_wr.base_ns);
	}
	meta_set("tracer_status", "running");
	meta_set_u("tracer_pid", (unsigned long long)getpid());
	meta_set("inject_version", OC_VERSION);
	if (sqlite3_exec(oc_wr.db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK || oc_wr.db_error) {
		snprintf(err, sizeof err, "%s", sqlite3_errmsg(oc_wr.db));
		sqlite3_exec(oc_wr.db, "ROLLBACK", NULL, NULL, NULL);
		fail_open(err);
	}
}

/* ---- the thread --------------------------------------------------------- */

static void oc_wr_free_item(struct item *it)
{
	switch (it->type) {
	case IT_BUFFER:
		pool_put(it->u.b.buf);
		break;
	case IT_CHUNK:
		chunk_put(it->u.chunk);
		break;
	case IT_META:
		free(it->u.m.key);
		free(it->u.m.value);
		break;
	case IT_WARNING:
		free(it->u.w.source);
		free(it->u.w.code);
		free(it->u.w.msg);
		break;
	case IT_SYNC:
		break;
	}
	free(it);
}

static void oc_wr_write_warning_row(const struct item *it)
{
	sqlite3_stmt *st = oc_wr.st[ST_WARNING];

	sqlite3_bind_int64(st, 1, it->u.w.ts_ns - (int64_t)oc_wr.base_ns);
	sqlite3_bind_int64(st, 2, getpid());
	sqlite3_bind_text(st, 3, it->u.w.source, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, it->u.w.code, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, it->u.w.msg, -1, SQLITE_STATIC);
	note_rc(step_done(st));
}

/* After a failed batch: record what can be recorded, stop writing. */
static void oc_wr_write_failed(int rc)
{
	char msg[256];

	snprintf(msg, sizeof msg, "%s", sqlite3_errstr(rc));
	sqlite3_exec(oc_wr.db, "ROLLBACK", NULL, NULL, NULL);
	oc_wr.failed = 1;
	oc_wr.n.write_failed = 1;
	oc_writer_warn("sqlite", "write_failed",
		       "cannot write trace '%s': %s; records from now on are discarded",
		       oc_wr.path, msg);
	/* Best effort: the disk may have room for a few bytes once the batch is gone. */
	sqlite3_exec(oc_wr.db, "INSERT OR REPLACE INTO meta(key, value) VALUES ('tracer_status', 'write_failed')",
		     NULL, NULL, NULL);
	if (oc_wr.st[ST_WARNING]) {
		struct item w = { .type = IT_WARNING };
		char text[512];

		snprintf(text, sizeof text, "cannot write trace: %s; records from now on are discarded", msg);
		w.u.w.ts_ns = (int64_t)now_real_ns();
		w.u.w.source = "sqlite";
		w.u.w.code = "write_failed";
		w.u.w.msg = text;
		oc_wr_write_warning_row(&w);
	}
}

static void complete_sync(struct item *it)
{
	pthread_mutex_lock(&oc_wr.mu);
	*it->u.s.done = 1;
	pthread_cond_broadcast(&oc_wr.done_cv);
	pthread_mutex_unlock(&oc_wr.mu);
	free(it);
}

static void process(struct item *list)
{
	struct item *it, *next;
	int any_data = 0;
	uint64_t t0 = oc_wr.cfg.stats ? now_mono_ns() : 0;

	/*
	 * A trace of our own is created only for records: a process that never
	 * used CUDA leaves no file. Warnings and meta that come first wait in
	 * oc_wr.deferred and go in with the first records.
	 */
	for (it = list; it; it = it->next)
		if (it->type == IT_BUFFER || it->type == IT_CHUNK ||
		    (it->type != IT_SYNC && (oc_wr.opened || !oc_wr.cfg.create)))
			any_data = 1;
	if (!any_data && !oc_wr.opened && oc_wr.cfg.create) {
		struct item **tail = &oc_wr.deferred;

		while (*tail)
			tail = &(*tail)->next;
		for (it = list; it; it = next) {
			next = it->next;
			if (it->type == IT_SYNC) {
				complete_sync(it);
				continue;
			}
			it->next = NULL;
			*tail = it;
			tail = &it->next;
		}
		return;
	}
	if (any_data && !oc_wr.opened) {
		oc_wr_open_trace();
		if (oc_wr.deferred) {
			struct item *d = oc_wr.deferred;

			while (d->next)
				d = d->next;
			d->next = list;
			list = oc_wr.deferred;
			oc_wr.deferred = NULL;
		}
	}

	/* callback rows waiting for their records are aged in every batch */
	if (oc_wr.db && !oc_wr.failed && (any_data || oc_wr.args.n)) {
		oc_wr.db_error = 0;
		note_rc(sqlite3_exec(oc_wr.db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK ? 0 : sqlite3_errcode(oc_wr.db));
		for (it = list; it && !oc_wr.db_error; it = it->next) {
			switch (it->type) {
			case IT_BUFFER:
				oc_wr.n.dropped += it->u.b.dropped;
				if (it->u.b.valid)
					oc_wr_write_buffer(it->u.b.buf, it->u.b.valid);
				break;
			case IT_CHUNK:
				for (size_t i = 0; i < it->u.chunk->n; i++)
					oc_wr_write_args(&it->u.chunk->rows[i]);
				break;
			case IT_META:
				meta_set(it->u.m.key, it->u.m.value);
				break;
			case IT_WARNING:
				oc_wr_write_warning_row(it);
				break;
			case IT_SYNC:
				break;
			}
		}
		if (!oc_wr.db_error && oc_wr.args.n &&
		    now_mono_ns() - oc_wr.args.scanned_ns >= oc_wr.args_wait_ns / 4)
			oc_wr_args_flush(oc_wr.args_wait_ns);
		if (!oc_wr.db_error && sqlite3_exec(oc_wr.db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
			note_rc(sqlite3_extended_errcode(oc_wr.db));
		if (oc_wr.db_error)
			oc_wr_write_failed(oc_wr.db_error);
	} else {
		for (it = list; it; it = it->next)
			if (it->type == IT_BUFFER)
				oc_wr.n.dropped += it->u.b.dropped;
	}

	for (it = list; it; it = next) {
		next = it->next;
		if (it->type == IT_SYNC)
			complete_sync(it);
		else
			oc_wr_free_item(it);
	}
	if (oc_wr.seen_context == 1 && oc_wr.cfg.on_first_context) {
		oc_wr.seen_context = 2;
		oc_wr.cfg.on_first_context();
	}
	if (oc_wr.cfg.stats)
		oc_wr.busy_ns += now_mono_ns() - t0;
}

static void *oc_wr_main(void *arg)
{
	struct item *list;
	int stop, timed_out;

	oc_wr.self_tid = my_tid();
	for (;;) {
		timed_out = 0;
		pthread_mutex_lock(&oc_wr.mu);
		while (!oc_wr.head && !oc_wr.stop && !timed_out) {
			/* oc_wr.args is the writer's own: rows waiting means a deadline */
			if (oc_wr.args.n) {
				struct timespec ts;

				clock_gettime(CLOCK_REALTIME, &ts);
				ts.tv_nsec += 250000000;
				if (ts.tv_nsec >= 1000000000) {
					ts.tv_sec++;
					ts.tv_nsec -= 1000000000;
				}
				timed_out = pthread_cond_timedwait(&oc_wr.cv, &oc_wr.mu, &ts) == ETIMEDOUT;
			} else {
				pthread_cond_wait(&oc_wr.cv, &oc_wr.mu);
			}
		}
		list = oc_wr.head;
		oc_wr.head = oc_wr.tail = NULL;
		stop = oc_wr.stop;
		pthread_mutex_unlock(&oc_wr.mu);
		/* a timeout is an empty batch: it only ages the waiting rows */
		if (list || timed_out)
			process(list);
		else if (stop)
			break;
	}
	return NULL;
}

int oc_writer_start(const struct oc_writer_config *cfg)
{
	sigset_t all, old;
	int rc;

	if (oc_wr.running)
		return 0;
	oc_wr.cfg = *cfg;
	oc_wr.path = strdup(cfg->path);
	oc_wr.parent_trace = cfg->parent_trace ? strdup(cfg->parent_trace) : NULL;
	oc_wr.cfg.path = oc_wr.path;
	oc_wr.cfg.parent_trace = oc_wr.parent_trace;
	if (!oc_wr.cfg.buffer_bytes)
		oc_wr.cfg.buffer_bytes = 8u << 20;
	/* a row waits for its record through at least 3 flush periods */
	oc_wr.args_wait_ns = 3ull * (oc_wr.cfg.flush_ms ? oc_wr.cfg.flush_ms : 100) * 1000000u;
	if (oc_wr.args_wait_ns < ARGS_WAIT_MIN_NS)
		oc_wr.args_wait_ns = ARGS_WAIT_MIN_NS;
	oc_wr.stop = 0;
	oc_wr.deferred = NULL;
	oc_wr.exit_tid = 0;
	oc_wr.exit_start = oc_wr.exit_end = 0;
	oc_wr.opened = oc_wr.failed = 0;
	oc_wr.db = NULL;
	oc_wr.base_ns = 0;
	oc_wr.seen_context = 0;
	memset(&oc_wr.n, 0, sizeof oc_wr.n);
	memset(oc_wr.api_name, 0, sizeof oc_wr.api_name);
	/* Empty after a finish; after oc_writer_abandon() the parent's tables
	 * (ids of another file) are dropped, not reused. */
	memset(&oc_wr.strings, 0, sizeof oc_wr.strings);
	memset(&oc_wr.streams, 0, sizeof oc_wr.streams);
	memset(&oc_wr.shapes, 0, sizeof oc_wr.shapes);
	memset(&oc_wr.args, 0, sizeof oc_wr.args);
	memset(&oc_wr.api_bare, 0, sizeof oc_wr.api_bare);
	memset(&oc_wr.launched, 0, sizeof oc_wr.launched);
	memset(&oc_wr.op_corr, 0, sizeof oc_wr.op_corr);
	memset(oc_wr.lastcall, 0, sizeof oc_wr.lastcall);
	oc_wr.twins = NULL;
	oc_wr.ntwins = oc_wr.cap_twins = 0;
	oc_wr.busy_ns = 0;

	/* The program's signal handlers must never run on the tool's thread. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&oc_wr.thread, NULL, oc_wr_main, NULL);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc) {
		free(oc_wr.path);
		free(oc_wr.parent_trace);
		oc_wr.path = oc_wr.parent_trace = NULL;
		return -1;
	}
	oc_wr.running = 1;
	return 0;
}

void oc_writer_sync(void)
{
	int done = 0;
	struct item *it;

	if (!oc_wr.running || !(it = calloc(1, sizeof *it)))
		return;
	it->type = IT_SYNC;
	it->u.s.done = &done;
	oc_wr_push(it);
	pthread_mutex_lock(&oc_wr.mu);
	while (!done)
		pthread_cond_wait(&oc_wr.done_cv, &oc_wr.mu);
	pthread_mutex_unlock(&oc_wr.mu);
}

/* Write a warning row now (the thread has stopped) and print it once. */
static void oc_wr_warn_final(const char *code, const char *msg)
{
	struct item w = { .type = IT_WARNING };

	print_once(code, msg);
	w.u.w.ts_ns = (int64_t)now_real_ns();
	w.u.w.source = "inject";
	w.u.w.code = (char *)code;
	w.u.w.msg = (char *)msg;
	oc_wr_write_warning_row(&w);
}

/*
 * Did the device records of the launches the callbacks saw arrive? A
 * launch's op carries the launch's correlation id. None at all: another tool
 * (torch.profiler's Kineto) took CUPTI's process-wide activity buffers.
 * Some: the same for part of the run, or launches captured into graphs or
 * failed.
 */
static void oc_wr_check_device_records(uint64_t launches_seen)
{
	char msg[512];
	uint64_t launches, missing;

	/* a launch whose nested driver call's id is on an op has its op */
	for (size_t i = 0; i < oc_wr.ntwins; i++)
		if (bitset_has(&oc_wr.op_corr, oc_wr.twins[i].drv))
			bitset_set(&oc_wr.op_corr, oc_wr.twins[i].rt);
	launches = bitset_count_minus(&oc_wr.launched, &(struct bitset){ 0 });
	missing = bitset_count_minus(&oc_wr.launched, &oc_wr.op_corr);

	if (launches_seen > 0 && oc_wr.n.kernels == 0) {
		snprintf(msg, sizeof msg,
			 "API callbacks saw %llu kernel launches but no kernel record arrived: another "
			 "tool (e.g. torch.profiler/Kineto) probably took CUPTI's activity buffers; "
			 "device timings are missing from this trace, not absent from the run",
			 (unsigned long long)launches_seen);
		oc_wr_warn_final("no_device_records", msg);
		meta_set("api_launches_without_ops", NULL);
		return;
	}
	meta_set_u("api_launches_without_ops", missing);
	if (missing >= 10 && missing * 10 >= launches) {
		snprintf(msg, sizeof msg,
			 "%llu of %llu kernel launches have no kernel record: another tool may have "
			 "taken CUPTI's activity buffers for part of the run, or the launches were "
			 "captured into CUDA graphs or failed", (unsigned long long)missing,
			 (unsigned long long)launches);
		oc_wr_warn_final("device_records_missing", msg);
	}
}

void oc_writer_finish(const struct oc_writer_final *fin)
{
	if (!oc_wr.running)
		return;
	pthread_mutex_lock(&oc_wr.mu);
	oc_wr.stop = 1;
	pthread_cond_signal(&oc_wr.cv);
	pthread_mutex_unlock(&oc_wr.mu);
	pthread_join(oc_wr.thread, NULL);
	oc_wr.running = 0;
	if (fin)
		oc_wr.n.dropped += fin->dropped_records;

	if (oc_wr.db && !oc_wr.failed) {
		oc_wr.db_error = 0;
		sqlite3_exec(oc_wr.db, "BEGIN", NULL, NULL, NULL);
		oc_wr_args_flush(0);
		if (fin)
			oc_wr_check_device_records(fin->api_launches_seen);
		meta_set_u("dropped_records", oc_wr.n.dropped);
		meta_set_u("incomplete_records", oc_wr.n.incomplete);
		meta_set_u("skipped_records", oc_wr.n.skipped);
		if (fin) {
			meta_set_u("api_launches_seen", fin->api_launches_seen);
			meta_set_u("api_calls_seen", fin->api_calls_seen);
			if (fin->stats) {
				meta_set_u("stats.api_cb_calls", fin->api_cb_calls);
				meta_set_u("stats.api_cb_ns", fin->api_cb_ns);
				meta_set_u("stats.buf_req_calls", fin->buf_req_calls);
				meta_set_u("stats.buf_req_ns", fin->buf_req_ns);
				meta_set_u("stats.buf_done_calls", fin->buf_done_calls);
				meta_set_u("stats.buf_done_ns", fin->buf_done_ns);
				meta_set_u("stats.writer_rows", oc_wr.n.rows + oc_wr.n.args);
				meta_set_u("stats.writer_busy_ns", oc_wr.busy_ns);
			}
		}
		meta_set("tracer_status", fin && fin->status ? fin->status : "finished");
		meta_set_u("tracer_end_ns", now_real_ns() - oc_wr.base_ns);
		if (oc_wr.db_error || sqlite3_exec(oc_wr.db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
			oc_wr_write_failed(oc_wr.db_error ? oc_wr.db_error
							  : sqlite3_extended_errcode(oc_wr.db));
	}
	if (oc_wr.db) {
		oc_wr_finalize_stmts();
		sqlite3_exec(oc_wr.db, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE;",
			     NULL, NULL, NULL);
		sqlite3_close(oc_wr.db);
		oc_wr.db = NULL;
	}
	while (oc_wr.deferred) {
		struct item *d = oc_wr.deferred;

		oc_wr.deferred = d->next;
		oc_wr_free_item(d);
	}
	oc_wr_intern_free();
	oc_wr_join_free();
	pthread_mutex_lock(&oc_wr.mu);
	while (oc_wr.npool)
		free(oc_wr.pool[--oc_wr.npool]);
	while (oc_wr.chunks) {
		struct oc_args_chunk *c = oc_wr.chunks;

		oc_wr.chunks = c->next;
		free(c);
	}
	oc_wr.nignored = 0;
	pthread_mutex_unlock(&oc_wr.mu);
	free(oc_wr.path);
	free(oc_wr.parent_trace);
	oc_wr.path = oc_wr.parent_trace = NULL;
}

void oc_writer_counts(struct oc_writer_counts *out)
{
	*out = oc_wr.n;
}

uint64_t oc_writer_base_ns(void)
{
	return oc_wr.base_ns;
}

void oc_writer_abandon(void)
{
	/* The mutex may have been held by another thread at fork: start fresh. */
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_cond_t c = PTHREAD_COND_INITIALIZER;

	oc_wr.mu = m;
	oc_wr.cv = c;
	oc_wr.done_cv = c;
	oc_wr.head = oc_wr.tail = NULL;
	oc_wr.deferred = NULL;
	oc_wr.running = 0;
	oc_wr.db = NULL;
	oc_wr.failed = 1;
	oc_wr.npool = 0;
	oc_wr.chunks = NULL;
}
