/*
 * writer-queue.c: the queue between the program's threads and the writer
 * thread, and that thread.
 *
 * Design. Producers (CUPTI's buffer-completed callback, the API callbacks'
 * chunk hand-over, warnings from anywhere) push items onto a singly linked
 * queue under a mutex and signal a condition variable (oc_wr_push(), in
 * writer-state.c so that a warning from any file can be queued); nothing
 * else happens on their threads. The writer thread takes the whole queue at
 * once and writes it in transactions of at most about 10 ms of work each
 * (TXN_SLICE_NS, oc_wr_txn_slice() in writer-rows.c): the file is in WAL
 * mode and every committed transaction survives a SIGKILL of the program, so
 * what a kill takes from the writer is one slice, not a whole batch (a full
 * 8 MiB buffer is tens of ms). Buffers go back to a pool for the next buffer request, chunks of
 * callback rows to a free list. The first batch with records opens the file
 * (writer-open.c); a batch hands each item to its row writer (writer-rows.c
 * for records, writer-join.c for callback rows, writer-state.c for
 * warnings); the thread itself is started and stopped in writer.c, the only
 * file above this one.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "writer-priv.h"

static uint32_t my_tid(void)
{
	return (uint32_t)syscall(SYS_gettid);
}

/* ---- buffer pool and chunks ------------------------------------------- */

static size_t buffer_size(void)
{
	return oc_wr.cfg.buffer_bytes ? oc_wr.cfg.buffer_bytes : 8u << 20;
}

/* A buffer back from the writer (or never filled): no longer in flight; kept for reuse up to POOL_MAX. */
static void pool_put(uint8_t *buf)
{
	pthread_mutex_lock(&oc_wr.mu);
	oc_wr.held_bytes -= buffer_size();
	if (oc_wr.npool < POOL_MAX) {
		oc_wr.pool[oc_wr.npool++] = buf;
		buf = NULL;
	}
	pthread_mutex_unlock(&oc_wr.mu);
	free(buf);
}

/*
 * The backlog's bound (cfg.backlog_bytes, at least BACKLOG_MIN_BUFFERS
 * buffers): the buffers and chunks handed out and not yet written back
 * (held_bytes: being filled by CUPTI or the callbacks, queued, or being
 * written) stay within it. The free ones kept for reuse do not count; they
 * are bounded by POOL_MAX and CHUNKS_FREE_MAX. Past the bound the writer has
 * fallen behind the program for long: the request gets NULL (CUPTI drops the
 * records it would have put there and counts them; the callbacks count the
 * rows they drop), said once, and requests succeed again as the writer
 * catches up. Called with oc_wr.mu held; 1 if sz more bytes may be handed
 * out (and counts them), 0 if not, -1 if not for the first time.
 */
static __thread int refused_here;   /* the calling thread's latest buffer request */

static int backlog_take(size_t sz)
{
	if (oc_wr.held_bytes + sz > oc_wr.backlog_max) {
		if (oc_wr.backlog_full)
			return 0;
		oc_wr.backlog_full = 1;
		return -1;   /* the first time: the caller says so, once it let go of mu */
	}
	oc_wr.held_bytes += sz;
	return 1;
}

/* What backlog_take counted and no allocation came of. */
static void backlog_give(size_t sz)
{
	pthread_mutex_lock(&oc_wr.mu);
	oc_wr.held_bytes -= sz;
	pthread_mutex_unlock(&oc_wr.mu);
}

static void backlog_warn(void)
{
	oc_writer_warn("writer", "backlog_full",
		       "the writer fell behind: %zu MiB of records wait to be written "
		       "(OVERLAPCHECK_BACKLOG_MB); records and calls past that are dropped and counted",
		       oc_wr.backlog_max >> 20);
}

int oc_writer_backlog_full(void)
{
	return refused_here;
}

uint8_t *oc_writer_buffer_get(size_t *size)
{
	uint8_t *buf = NULL;
	size_t sz = buffer_size();
	int may;

	pthread_mutex_lock(&oc_wr.mu);
	may = backlog_take(sz);
	if (may > 0 && oc_wr.npool)
		buf = oc_wr.pool[--oc_wr.npool];
	pthread_mutex_unlock(&oc_wr.mu);
	refused_here = may <= 0;
	if (may < 0)
		backlog_warn();
	if (!buf && may > 0 && !(buf = aligned_alloc(8, sz)))
		backlog_give(sz);
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
	struct oc_args_chunk *c = NULL;
	int may;

	pthread_mutex_lock(&oc_wr.mu);
	may = backlog_take(sizeof *c);
	if (may > 0 && (c = oc_wr.chunks) != NULL) {
		oc_wr.chunks = c->next;
		oc_wr.nchunks_free--;
	}
	pthread_mutex_unlock(&oc_wr.mu);
	if (may < 0)
		backlog_warn();
	if (!c && may > 0 && !(c = malloc(sizeof *c)))
		backlog_give(sizeof(struct oc_args_chunk));
	if (c) {
		c->next = NULL;
		c->n = 0;
	}
	return c;
}

/* A chunk back from the writer: no longer in flight; kept for reuse up to CHUNKS_FREE_MAX. */
static void chunk_put(struct oc_args_chunk *c)
{
	pthread_mutex_lock(&oc_wr.mu);
	oc_wr.held_bytes -= sizeof *c;
	if (oc_wr.nchunks_free < CHUNKS_FREE_MAX) {
		c->next = oc_wr.chunks;
		oc_wr.chunks = c;
		oc_wr.nchunks_free++;
		c = NULL;
	}
	pthread_mutex_unlock(&oc_wr.mu);
	free(c);
}

/* callback rows of chunks no queue item could be had for (meta dropped_callback_rows) */
static _Atomic uint64_t rows_lost;

uint64_t oc_wr_rows_lost(void)
{
	return atomic_load(&rows_lost);
}

static void submit_chunk(struct oc_args_chunk *chunk, int quiet)
{
	struct item *it;

	if (!chunk)
		return;
	if (chunk->n == 0 || !(it = calloc(1, sizeof *it))) {
		atomic_fetch_add(&rows_lost, chunk->n);
		chunk_put(chunk);
		return;
	}
	it->type = IT_CHUNK;
	it->u.chunk = chunk;
	if (quiet)
		oc_wr_push_quiet(it);
	else
		oc_wr_push(it);
}

void oc_writer_submit_chunk(struct oc_args_chunk *chunk)
{
	submit_chunk(chunk, 0);
}

void oc_writer_submit_full_chunk(struct oc_args_chunk *chunk)
{
	submit_chunk(chunk, 1);
}

void oc_writer_kick(void)
{
	oc_wr_kick();
}

/* ---- the thread --------------------------------------------------------- */

void oc_wr_free_item(struct item *it)
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
	case IT_CALLER:
		free(it->u.c.frames);
		free(it->u.c.pcs);
		break;
	case IT_WARNING:
		free(it->u.w.source);
		free(it->u.w.code);
		free(it->u.w.msg);
		break;
	case IT_SYNC:
	case IT_TERM:
		break;
	}
	free(it);
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
		oc_wr_txn_begin();
		for (it = list; it && !oc_wr.db_error; it = it->next) {
			oc_wr_txn_slice();
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
			case IT_CALLER: {
				sqlite3_stmt *st = oc_wr.st[ST_CALLER];
				char buf[1024];
				const char *frames = it->u.c.frames ? it->u.c.frames
					: oc_wr_frames_of_pcs(it->u.c.pcs, it->u.c.npcs, buf, sizeof buf);

				/* module and offset now, the names at the end (writer-callers.c) */
				if (!frames || !*frames)
					break;   /* no frame of the program's own */
				sqlite3_bind_int64(st, 1, it->u.c.corr);
				sqlite3_bind_int(st, 2, it->u.c.domain);
				sqlite3_bind_int64(st, 3, (int64_t)it->u.c.ns);
				sqlite3_bind_text(st, 4, frames, -1, SQLITE_STATIC);
				note_rc(step_done(st));
				break;
			}
			case IT_WARNING:
				oc_wr_write_warning_row(it);
				break;
			case IT_TERM:
				meta_set("tracer_status", it->u.t.sig > 0 ? "terminated" : "running");
				meta_terminated(it->u.t.sig, it->u.t.ns);
				break;
			case IT_SYNC:
				break;
			}
		}
		if (!oc_wr.db_error && oc_wr.args.n &&
		    now_mono_ns() - oc_wr.args.scanned_ns >= oc_wr.args_wait_ns / 4)
			oc_wr_args_flush(oc_wr.args_wait_ns);
		oc_wr_txn_commit();
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

void *oc_wr_main(void *arg)
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
		oc_wr.quiet = 0;
		stop = oc_wr.stop;
		pthread_mutex_unlock(&oc_wr.mu);
		/* a timeout is an empty batch: it only ages the waiting rows */
		if (list || timed_out)
			process(list);
		else if (stop)
			break;
	}
	oc_wr.cpu_ns = oc_wr_thread_cpu_ns();
	return NULL;
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
