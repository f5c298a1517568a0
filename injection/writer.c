/*
 * writer.c: the injection library's single SQLite writer: its start and
 * finish, meta, and the tool's own activity.
 *
 * One thread turns CUPTI buffers and callback rows into SQLite rows. Its
 * files by job, from the top down, each calling only the ones below it:
 * this one, which starts the thread and at the end stops it, writes the
 * final meta and closes the file; writer-queue.c (the buffer pool, the
 * chunks and their bound, and the thread that takes the queue); writer-open.c
 * (the trace file, opened on the first batch); writer-rows.c (the prepared
 * statements, the short transactions, a row writer per record kind);
 * writer-join.c (callback rows joined to their API records, the batched
 * rows); writer-intern.c (strings, API names, op shapes); writer-wal.c (the
 * WAL's checkpoints, on a thread of their own); and writer-state.c, the
 * bottom: oc_wr, the state all of them share (writer-priv.h), the queue's
 * push, the warnings and the filters of the tool's own activity.
 *
 * Failure. If the file cannot be opened or a write fails (disk full,
 * read-only, removed), the writer warns once, records what it can, and from
 * then on drains the queue without writing: the program is never blocked and
 * never sees an error.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "writer-priv.h"

/* ---- meta, the tool's own activity ---------------------------------------- */

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

/* A callers item without its frames yet; NULL when out of memory. */
static struct item *caller_item(uint32_t corr, int domain, uint64_t call_ns)
{
	struct item *it = calloc(1, sizeof *it);

	if (!it)
		return NULL;
	it->type = IT_CALLER;
	it->u.c.corr = corr;
	it->u.c.domain = domain;
	it->u.c.ns = call_ns;
	return it;
}

void oc_writer_caller(uint32_t corr, int domain, uint64_t call_ns, const char *frames)
{
	struct item *it = caller_item(corr, domain, call_ns);

	if (!it)
		return;
	it->u.c.frames = strdup(frames);
	if (!it->u.c.frames) {
		free(it);
		return;
	}
	oc_wr_push(it);
}

/* The same from a backtrace's return addresses, named on the writer thread. */
void oc_writer_caller_pcs(uint32_t corr, int domain, uint64_t call_ns, void *const *pcs, int n)
{
	struct item *it;

	if (n <= 0 || !(it = caller_item(corr, domain, call_ns)))
		return;
	it->u.c.pcs = malloc((size_t)n * sizeof *pcs);
	if (!it->u.c.pcs) {
		free(it);
		return;
	}
	memcpy(it->u.c.pcs, pcs, (size_t)n * sizeof *pcs);
	it->u.c.npcs = n;
	oc_wr_push(it);
}

void oc_writer_meta_int(const char *key, long long value)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%lld", value);
	oc_writer_meta(key, buf);
}

void oc_writer_terminated(int sig, uint64_t term_ns)
{
	struct item *it = calloc(1, sizeof *it);

	if (!it)
		return;
	it->type = IT_TERM;
	it->u.t.sig = sig;
	it->u.t.ns = term_ns;
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

/* ---- start and finish ------------------------------------------------------ */

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
	/* what a run may have in flight in buffers and chunks (writer-queue.c,
	 * backlog_take): never less than a few buffers and their chunks */
	oc_wr_wake_every = oc_wr.cfg.wake_chunks ? oc_wr.cfg.wake_chunks : OC_WRITER_WAKE_CHUNKS;
	oc_wr.backlog_max = oc_wr.cfg.backlog_bytes ? oc_wr.cfg.backlog_bytes : (size_t)1 << 30;
	if (oc_wr.backlog_max < BACKLOG_MIN_BUFFERS * oc_wr.cfg.buffer_bytes + ((size_t)16 << 20))
		oc_wr.backlog_max = BACKLOG_MIN_BUFFERS * oc_wr.cfg.buffer_bytes + ((size_t)16 << 20);
	/* held_bytes is not reset: what an earlier writer handed out is
	 * counted until it comes back */
	oc_wr.backlog_full = 0;
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
	oc_wr.cpu_ns = 0;
	memset(&oc_wr.lag, 0, sizeof oc_wr.lag);

	/* The program's signal handlers must never run on the tool's thread (faults aside). */
	oc_writer_tool_sigmask(&all);
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

/* How soon records became durable: the commits and the checkpoints (stats). */
static void write_latency_stats(void)
{
	uint64_t calls, ns, max_ns;

	meta_set_u("stats.commits", oc_wr.lag.commits);
	meta_set_u("stats.commit_max_ns", oc_wr.lag.commit_max_ns);
	meta_set_u("stats.commit_lag_p50_ns", oc_wr_lag_percentile(0.5));
	meta_set_u("stats.commit_lag_p99_ns", oc_wr_lag_percentile(0.99));
	meta_set_u("stats.commit_lag_max_ns", oc_wr.lag.max_ns);
	oc_wr_wal_totals(&calls, &ns, &max_ns);
	meta_set_u("stats.checkpoints", calls);
	meta_set_u("stats.checkpoint_ns", ns);
	meta_set_u("stats.checkpoint_max_ns", max_ns);
}

/*
 * The callers' frames named (writer-callers.c), after the final commit, in a
 * transaction of their own: a failure there rolls back to the frames as
 * taken, and a kill during it leaves a finished trace. Paid by the thread
 * that ends the program, after it ran; meta callers_naming_cpu_ns says how
 * much. Not when a signal ends the run: its handler's time is bounded.
 */
static void name_callers(void)
{
	uint64_t c0 = oc_wr_thread_cpu_ns();

	oc_wr.db_error = 0;
	if (sqlite3_exec(oc_wr.db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
		return;
	if (oc_wr_callers_finish() > 0)
		meta_set_u("callers_naming_cpu_ns", oc_wr_thread_cpu_ns() - c0);
	if (oc_wr.db_error || sqlite3_exec(oc_wr.db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		sqlite3_exec(oc_wr.db, "ROLLBACK", NULL, NULL, NULL);
	oc_wr.db_error = 0;
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
	oc_wr_wal_stop();
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
		/* the writer's and the checkpointer's CPU, which the program's threads did not pay */
		meta_set_u("writer_cpu_ns", oc_wr.cpu_ns + oc_wr_wal_cpu_ns());
		if (fin) {
			meta_set_u("api_launches_seen", fin->api_launches_seen);
			meta_set_u("api_calls_seen", fin->api_calls_seen);
			meta_set_u("dropped_callback_rows", fin->dropped_callback_rows + oc_wr_rows_lost());
			/* the tracer's own CUDA calls: counted here, never stored as the program's */
			meta_set_u("tracer_driver_calls", fin->tracer_driver_calls);
			if (fin->mem_tracking) {
				meta_set_u("mem_launches_without_layout", fin->mem_no_layout);
				meta_set_u("mem_kernel_functions", fin->mem_functions);
				meta_set_u("mem_allocations_live", fin->mem_live);
			}
			if (fin->stats) {
				meta_set_u("stats.api_cb_calls", fin->api_cb_calls);
				meta_set_u("stats.api_cb_ns", fin->api_cb_ns);
				meta_set_u("stats.caller_calls", fin->caller_calls);
				meta_set_u("stats.caller_ns", fin->caller_ns);
				meta_set_u("stats.caller_frames", fin->caller_frames);
				meta_set_u("stats.memrefs_calls", fin->memrefs_calls);
				meta_set_u("stats.memrefs_ns", fin->memrefs_ns);
				meta_set_u("stats.buf_req_calls", fin->buf_req_calls);
				meta_set_u("stats.buf_req_ns", fin->buf_req_ns);
				meta_set_u("stats.buf_done_calls", fin->buf_done_calls);
				meta_set_u("stats.buf_done_ns", fin->buf_done_ns);
				meta_set_u("stats.writer_rows", oc_wr.n.rows + oc_wr.n.args);
				meta_set_u("stats.writer_busy_ns", oc_wr.busy_ns);
				meta_set_u("stats.flush_calls", fin->flush_calls);
				meta_set_u("stats.flush_ns", fin->flush_ns);
				meta_set_u("stats.flush_max_ns", fin->flush_max_ns);
				meta_set_u("stats.flush_followups", fin->flush_followups);
				write_latency_stats();
			}
		}
		meta_set("tracer_status", fin && fin->status ? fin->status : "finished");
		meta_terminated(fin ? fin->term_signal : 0, fin ? fin->term_ns : 0);
		meta_set_u("tracer_end_ns", now_real_ns() - oc_wr.base_ns);
		if (oc_wr.db_error || sqlite3_exec(oc_wr.db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
			oc_wr_write_failed(oc_wr.db_error ? oc_wr.db_error
							  : sqlite3_extended_errcode(oc_wr.db));
		else if (!fin || !fin->term_signal)
			name_callers();
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
	oc_wr_callers_free();
	pthread_mutex_lock(&oc_wr.mu);
	while (oc_wr.npool)
		free(oc_wr.pool[--oc_wr.npool]);
	while (oc_wr.chunks) {
		struct oc_args_chunk *c = oc_wr.chunks;

		oc_wr.chunks = c->next;
		free(c);
	}
	oc_wr.nchunks_free = 0;
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
	oc_wr.nchunks_free = 0;
	oc_wr.held_bytes = 0;
	oc_wr_wal_forget();
}
