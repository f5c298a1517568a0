/*
 * writer-state.c: the writer's bottom: oc_wr, the one state every writer
 * file shares, and the few things all of them call.
 *
 * Those are the queue's one way in (oc_wr_push(), under oc_wr.mu, for every
 * producer: the program's threads and the writer's own warnings), the
 * warnings (printed once per code on stderr, queued as warnings rows, or,
 * once the thread has stopped, written at once), the failure of a batch, and
 * the filters that tell the tool's own activity from the program's (its
 * threads, its exit synchronize). Nothing here calls another writer file:
 * writer.c (start, finish) stands on top, then writer-queue.c (the thread,
 * the batches), writer-open.c (the file), writer-rows.c, writer-join.c and
 * writer-intern.c (the rows), and every one of them calls down to here.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "writer-priv.h"

struct oc_wr_state oc_wr = {
	.mu = PTHREAD_MUTEX_INITIALIZER,
	.cv = PTHREAD_COND_INITIALIZER,
	.done_cv = PTHREAD_COND_INITIALIZER,
};

/* Warn-once state is process-wide and outlives writers. */
static pthread_mutex_t warn_mu = PTHREAD_MUTEX_INITIALIZER;
static char warned[32][48];
static int nwarned;

void oc_writer_tool_sigmask(sigset_t *set)
{
	sigfillset(set);
	sigdelset(set, SIGSEGV);
	sigdelset(set, SIGBUS);
	sigdelset(set, SIGILL);
	sigdelset(set, SIGFPE);
}

/* ---- the queue's way in -------------------------------------------------- */

static void push(struct item *it, int quiet)
{
	it->next = NULL;
	pthread_mutex_lock(&oc_wr.mu);
	if (oc_wr.tail)
		oc_wr.tail->next = it;
	else
		oc_wr.head = it;
	oc_wr.tail = it;
	if (!quiet || ++oc_wr.quiet >= oc_wr_wake_every) {
		oc_wr.quiet = 0;
		pthread_cond_signal(&oc_wr.cv);
	}
	pthread_mutex_unlock(&oc_wr.mu);
}

void oc_wr_push(struct item *it)
{
	push(it, 0);
}

/*
 * A waiting writer is woken by a futex call, which in a VM also sends the
 * other CPU an interrupt: microseconds on the program's thread, for every
 * chunk, since a writer that keeps up sleeps between them. Full chunks wake
 * it every OVERLAPCHECK_WAKE_CHUNKS (default 4; 1: every one); those in
 * between are taken with the next item that wakes it, at the latest at the
 * flush thread's next period, which wakes the writer for them
 * (oc_wr_kick), so no row waits longer than a partly filled chunk's rows
 * already do.
 */
unsigned oc_wr_wake_every = OC_WRITER_WAKE_CHUNKS;   /* set by oc_writer_start */

void oc_wr_push_quiet(struct item *it)
{
	push(it, 1);
}

void oc_wr_kick(void)
{
	pthread_mutex_lock(&oc_wr.mu);
	if (oc_wr.quiet) {
		oc_wr.quiet = 0;
		pthread_cond_signal(&oc_wr.cv);
	}
	pthread_mutex_unlock(&oc_wr.mu);
}

/* The p-quantile (0..1) of the commits' lags, to the ms bucket's upper edge; 0 without any. */
uint64_t oc_wr_lag_percentile(double p)
{
	const struct oc_wr_lag *l = &oc_wr.lag;
	uint64_t want = (uint64_t)(p * (double)l->commits + 0.999999), seen = 0;

	if (!l->commits)
		return 0;
	for (size_t b = 0; b < LAG_BUCKETS; b++) {
		seen += l->n[b];
		if (seen >= want)   /* the bucket's upper edge, never past the largest */
			return (uint64_t)(b + 1) * 1000000u < l->max_ns ? (uint64_t)(b + 1) * 1000000u : l->max_ns;
	}
	return l->max_ns;
}

/* ---- warnings ------------------------------------------------------------ */

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

/* A warnings row (writer thread): its time rebased, the process's pid. */
void oc_wr_write_warning_row(const struct item *it)
{
	sqlite3_stmt *st = oc_wr.st[ST_WARNING];

	sqlite3_bind_int64(st, 1, it->u.w.ts_ns - (int64_t)oc_wr.base_ns);
	sqlite3_bind_int64(st, 2, getpid());
	sqlite3_bind_text(st, 3, it->u.w.source, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, it->u.w.code, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, it->u.w.msg, -1, SQLITE_STATIC);
	note_rc(step_done(st));
}

/* Write a warning row now (the thread has stopped) and print it once. */
void oc_wr_warn_final(const char *code, const char *msg)
{
	struct item w = { .type = IT_WARNING };

	print_once(code, msg);
	w.u.w.ts_ns = (int64_t)now_real_ns();
	w.u.w.source = "inject";
	w.u.w.code = (char *)code;
	w.u.w.msg = (char *)msg;
	oc_wr_write_warning_row(&w);
}

/* After a failed batch: record what can be recorded, stop writing. */
void oc_wr_write_failed(int rc)
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

/* ---- the tool's own activity --------------------------------------------- */

/* Absolute [s, e] within the tracer's exit synchronize? */
int oc_wr_in_exit_sync(int64_t s, int64_t e)
{
	uint64_t as, ae;

	pthread_mutex_lock(&oc_wr.mu);
	as = oc_wr.exit_start;
	ae = oc_wr.exit_end;
	pthread_mutex_unlock(&oc_wr.mu);
	return ae && (uint64_t)(s + (int64_t)oc_wr.base_ns) >= as && (uint64_t)(e + (int64_t)oc_wr.base_ns) <= ae;
}

int oc_wr_tid_ignored(uint32_t tid)
{
	for (int i = 0; i < oc_wr.nignored; i++)
		if (oc_wr.ignored[i] == tid)
			return 1;
	return tid == oc_wr.self_tid;
}

/* The calling thread's CPU time so far (the writer's, the checkpointer's, the naming's). */
uint64_t oc_wr_thread_cpu_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts))
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
