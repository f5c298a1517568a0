/*
 * inject-buffers.c: CUPTI's activity buffers and the flush thread.
 *
 * CUPTI asks for a buffer when it needs one and hands it back full (or
 * flushed): the buffers come from the writer's pool and go to the writer's
 * queue as they are (writer-queue.c), so neither callback does more than take
 * a buffer from the pool (or allocate one) or push it. The tool's flush
 * thread calls cuptiActivityFlushAll(0) every OVERLAPCHECK_FLUSH_MS and takes
 * the partly filled chunks of callback rows, so a crash loses at most one
 * period. Its signals are blocked: the program's handlers never run on it.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <time.h>

#include <cupti.h>

#include "writer.h"
#include "inject-priv.h"

static _Atomic uint64_t buf_req_calls, buf_req_ns, buf_done_calls, buf_done_ns;
static _Atomic int have_buffers;     /* CUPTI asked for a buffer: there is something to flush */

static pthread_t flush_thread;
static int flush_running;
static pthread_mutex_t flush_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t flush_cv = PTHREAD_COND_INITIALIZER;
static int flush_stop;

/* ---- activity buffers ---------------------------------------------------- */

void CUPTIAPI oc_inj_buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records)
{
	uint64_t t0 = oc_inj.stats_on ? mono_ns() : 0;

	*max_records = 0;
	if (atomic_load(&oc_inj.disabled) || atomic_load(&oc_inj.finished)) {
		/* CUPTI drops the records of a NULL buffer: nothing here may keep them. */
		*buffer = NULL;
		*size = 0;
		return;
	}
	*buffer = oc_writer_buffer_get(size);
	if (!atomic_load_explicit(&have_buffers, memory_order_relaxed))
		atomic_store(&have_buffers, 1);
	if (!*buffer)
		oc_writer_warn("inject", "out_of_memory",
			       "cannot allocate a %zu KiB activity buffer: records are dropped", *size >> 10);
	if (oc_inj.stats_on) {
		atomic_fetch_add_explicit(&buf_req_calls, 1, memory_order_relaxed);
		atomic_fetch_add_explicit(&buf_req_ns, mono_ns() - t0, memory_order_relaxed);
	}
}

void CUPTIAPI oc_inj_buffer_completed(CUcontext ctx, uint32_t stream_id, uint8_t *buffer,
				      size_t size, size_t valid)
{
	uint64_t t0 = oc_inj.stats_on ? mono_ns() : 0;
	size_t dropped = 0;

	if (atomic_load(&oc_inj.disabled))
		return;  /* a fork child: the buffer belongs to the parent's pool */
	if (cuptiActivityGetNumDroppedRecords(ctx, stream_id, &dropped) != CUPTI_SUCCESS)
		dropped = 0;
	oc_writer_submit_buffer(buffer, valid, dropped);
	if (oc_inj.stats_on) {
		atomic_fetch_add_explicit(&buf_done_calls, 1, memory_order_relaxed);
		atomic_fetch_add_explicit(&buf_done_ns, mono_ns() - t0, memory_order_relaxed);
	}
}

/* The buffer callbacks' counters, into fin (at the end, oc_inj_finalize). */
void oc_inj_buffer_totals(struct oc_writer_final *fin)
{
	fin->buf_req_calls = atomic_load(&buf_req_calls);
	fin->buf_req_ns = atomic_load(&buf_req_ns);
	fin->buf_done_calls = atomic_load(&buf_done_calls);
	fin->buf_done_ns = atomic_load(&buf_done_ns);
}

/* ---- the flush thread ------------------------------------------------------ */

static void *flush_main(void *arg)
{
	struct timespec until;

	oc_writer_ignore_tid(oc_inj_tid());
	pthread_mutex_lock(&flush_mu);
	while (!flush_stop) {
		clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_sec += oc_inj.flush_ms / 1000;
		until.tv_nsec += (long)(oc_inj.flush_ms % 1000) * 1000000L;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		while (!flush_stop &&
		       pthread_cond_timedwait(&flush_cv, &flush_mu, &until) != ETIMEDOUT)
			;
		if (flush_stop)
			break;
		pthread_mutex_unlock(&flush_mu);
		/*
		 * Nothing to flush before CUPTI's first buffer request; waiting for
		 * it also keeps this thread out of CUPTI while cuInit (which called
		 * InitializeInjection) may still be running.
		 */
		if (!atomic_load(&oc_inj.disabled) && atomic_load(&have_buffers)) {
			CUptiResult rc = cuptiActivityFlushAll(0);

			if (rc != CUPTI_SUCCESS)
				oc_writer_warn("cupti", "flush_failed", "cuptiActivityFlushAll failed: %s",
					       cupti_err(rc));
		}
		if (!atomic_load(&oc_inj.disabled))
			oc_inj_steal_chunks();
		pthread_mutex_lock(&flush_mu);
	}
	pthread_mutex_unlock(&flush_mu);
	return NULL;
}

int oc_inj_start_flush_thread(void)
{
	pthread_condattr_t ca;
	sigset_t all, old;
	int rc;

	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&flush_cv, &ca);
	pthread_condattr_destroy(&ca);
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&flush_thread, NULL, flush_main, NULL);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	flush_running = rc == 0;
	return rc ? -1 : 0;
}

void oc_inj_stop_flush_thread(void)
{
	if (!flush_running)
		return;
	pthread_mutex_lock(&flush_mu);
	flush_stop = 1;
	pthread_cond_signal(&flush_cv);
	pthread_mutex_unlock(&flush_mu);
	pthread_join(flush_thread, NULL);
	flush_running = 0;
}

/* After fork() in the child: the parent's flush thread is not there. */
void oc_inj_forget_flush_thread(void)
{
	flush_running = 0;
}
