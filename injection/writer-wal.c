/*
 * writer-wal.c: the WAL's checkpoints, on a thread of their own.
 *
 * SQLite's automatic checkpoint runs inside the COMMIT that pushes the WAL
 * past 1000 pages, on the committing thread, and in WAL mode with
 * synchronous=NORMAL it is the only place that calls fsync (twice): on a
 * busy pipeline that is every few hundred ms, and the records the next flush
 * brings wait for it. So the writer's connection gets a WAL hook instead
 * (which turns the automatic checkpoint off): when a commit leaves the WAL at
 * WAL_PAGES pages or more, it wakes this thread, which runs a PASSIVE
 * checkpoint on a connection of its own. WAL mode lets a checkpoint run
 * beside the writer's transactions; PASSIVE never waits for the writer, and
 * once a checkpoint has caught up, the writer's next transaction starts the
 * WAL over from its beginning. If the thread cannot start, the automatic
 * checkpoint stays on. oc_writer_finish() stops it before its own TRUNCATE
 * checkpoint; a fork child forgets it. Its signals are blocked.
 */
#include <pthread.h>
#include <signal.h>
#include <string.h>

#include "writer-priv.h"

#define WAL_PAGES 1000          /* SQLite's own automatic-checkpoint threshold */

static pthread_t ck_thread;
static int ck_running;
static pthread_mutex_t ck_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ck_cv = PTHREAD_COND_INITIALIZER;
static int ck_pending, ck_stop;
static uint64_t ck_calls, ck_ns, ck_max_ns, ck_cpu_ns;

/* After each of the writer's commits, on the writer thread. */
static int wal_hook(void *arg, sqlite3 *db, const char *name, int pages)
{
	(void)arg;
	(void)db;
	(void)name;
	if (pages >= WAL_PAGES) {
		pthread_mutex_lock(&ck_mu);
		ck_pending = 1;
		pthread_cond_signal(&ck_cv);
		pthread_mutex_unlock(&ck_mu);
	}
	return SQLITE_OK;
}

static void *ck_main(void *arg)
{
	sqlite3 *db = arg;

	pthread_mutex_lock(&ck_mu);
	for (;;) {
		while (!ck_pending && !ck_stop)
			pthread_cond_wait(&ck_cv, &ck_mu);
		if (ck_stop)
			break;
		ck_pending = 0;
		pthread_mutex_unlock(&ck_mu);
		{
			uint64_t t0 = now_mono_ns(), dt;

			sqlite3_wal_checkpoint_v2(db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
			dt = now_mono_ns() - t0;
			ck_calls++;
			ck_ns += dt;
			if (dt > ck_max_ns)
				ck_max_ns = dt;
		}
		pthread_mutex_lock(&ck_mu);
	}
	pthread_mutex_unlock(&ck_mu);
	sqlite3_close(db);
	ck_cpu_ns = oc_wr_thread_cpu_ns();
	return NULL;
}

/* On the writer thread, once the file is open in WAL mode. */
void oc_wr_wal_start(void)
{
	sqlite3 *db = NULL;
	sigset_t all, old;
	int rc;

	ck_pending = ck_stop = 0;
	ck_calls = ck_ns = ck_max_ns = ck_cpu_ns = 0;
	if (sqlite3_open_v2(oc_wr.path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK ||
	    sqlite3_exec(db, "PRAGMA synchronous=NORMAL", NULL, NULL, NULL) != SQLITE_OK) {
		sqlite3_close(db);
		return;   /* the automatic checkpoint stays */
	}
	oc_writer_tool_sigmask(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&ck_thread, NULL, ck_main, db);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc) {
		sqlite3_close(db);
		return;
	}
	ck_running = 1;
	sqlite3_wal_hook(oc_wr.db, wal_hook, NULL);
}

/* Stop the thread (oc_writer_finish, after the writer thread): the automatic checkpoint is back. */
void oc_wr_wal_stop(void)
{
	if (!ck_running)
		return;
	pthread_mutex_lock(&ck_mu);
	ck_stop = 1;
	pthread_cond_signal(&ck_cv);
	pthread_mutex_unlock(&ck_mu);
	pthread_join(ck_thread, NULL);
	ck_running = 0;
	if (oc_wr.db)
		sqlite3_wal_autocheckpoint(oc_wr.db, WAL_PAGES);
}

/* The checkpoints' counters (stats). */
void oc_wr_wal_totals(uint64_t *calls, uint64_t *ns, uint64_t *max_ns)
{
	*calls = ck_calls;
	*ns = ck_ns;
	*max_ns = ck_max_ns;
}

uint64_t oc_wr_wal_cpu_ns(void)
{
	return ck_cpu_ns;
}

/* After fork() in the child: the parent's thread is not there; its connection is leaked. */
void oc_wr_wal_forget(void)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_cond_t c = PTHREAD_COND_INITIALIZER;

	ck_mu = m;
	ck_cv = c;
	ck_running = 0;
}
