/*
 * inject-lifecycle.c: the end of a traced process, and its forks.
 *
 * Exit and fork. At exit (atexit, or the destructor under LD_PRELOAD) the
 * process that initialised flushes everything (after a context synchronize
 * when a context is current), lets the writer finish and checkpoint. A forked
 * child marks itself disabled in a pthread_atfork handler: it never flushes,
 * finalizes or writes anything of the parent's.
 *
 * The final flush runs on the thread that exits, or on the flush thread for
 * a termination signal (inject-signals.c): it stops the flush thread,
 * forces CUPTI's buffers out, takes every thread's chunk and hands the
 * counters to oc_writer_finish(), which drains the queue and joins the
 * writer thread.
 */
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cupti.h>

#include "passport.h"
#include "writer.h"
#include "inject-priv.h"

/* Now, on CUPTI's activity clock (CLOCK_REALTIME unless CUPTI says otherwise). */
static uint64_t cupti_now(void)
{
	uint64_t ts = 0;
	struct timespec now;

	if (cuptiGetTimestamp(&ts) == CUPTI_SUCCESS && ts)
		return ts;
	clock_gettime(CLOCK_REALTIME, &now);
	return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/*
 * Synchronize the current context, if there is one and the driver is
 * loaded, so that the forced flush finds finished work. The writer is told
 * the window, so these calls of ours do not show up as the program's.
 */
static void sync_current_context(void)
{
	void *h = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
	int (*get)(void **) = h ? (int (*)(void **))dlsym(h, "cuCtxGetCurrent") : NULL;
	int (*sync)(void) = h ? (int (*)(void))dlsym(h, "cuCtxSynchronize") : NULL;
	void *ctx = NULL;
	uint64_t t0 = cupti_now();

	oc_inj_own_begin();
	if (get && sync && get(&ctx) == 0 && ctx)
		sync();
	oc_inj_own_end();
	oc_writer_exit_sync(oc_inj_tid(), t0, cupti_now());
}

/*
 * The final flush: once, in the process that initialised, unless disabled.
 * sig > 0: on the flush thread, for that termination signal, which arrived
 * at at_ns (absolute CLOCK_REALTIME): no context synchronize (the program's
 * threads own the contexts and the work still in flight arrives incomplete),
 * and tracer_status `terminated`. Whoever comes second returns at once;
 * whoever comes first marks the requests of signal handlers served at the
 * end (a handler may be waiting for this flush, wherever it runs).
 */
static void finalize(int sig, uint64_t at_ns)
{
	static _Atomic int once;
	struct oc_writer_final fin;
	size_t dropped = 0;

	if (!atomic_load(&oc_inj.initialized) || getpid() != oc_inj.init_pid ||
	    atomic_load(&oc_inj.disabled))
		return;
	if (atomic_exchange(&once, 1))
		return;
	atomic_store(&oc_inj.final_tid, (pid_t)syscall(SYS_gettid));
	atomic_store(&oc_inj.final_state, OC_FINAL_RUNNING);

	oc_inj_stop_flush_thread();
	oc_cap_finish();
	if (!sig && !oc_inj_env_flag("OVERLAPCHECK_NO_EXIT_SYNC"))
		sync_current_context();
	cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
	atomic_store(&oc_inj.finished, 1);
	if (sig)
		oc_inj_steal_chunks_nowait();   /* the signalled thread may hold a holder's lock */
	else
		oc_inj_steal_chunks();
	if (cuptiActivityGetNumDroppedRecords(NULL, 0, &dropped) != CUPTI_SUCCESS)
		dropped = 0;
	oc_passport_collect();
	oc_q_clock_check_end();
	oc_tick_end();

	memset(&fin, 0, sizeof fin);
	fin.dropped_records = dropped;
	oc_inj_callback_totals(&fin, sig != 0);
	fin.stats = oc_inj.stats_on;
	oc_inj_buffer_totals(&fin);
	oc_inj_flush_totals(&fin);
	fin.status = sig ? "terminated" : "finished";
	fin.term_signal = sig;
	fin.term_ns = at_ns;

	/* The writer checks that the launches' kernel records arrived. */
	oc_writer_finish(&fin);
	atomic_store(&oc_inj.final_state, OC_FINAL_DONE);
	oc_inj_requests_done();
}

void oc_inj_finalize(void)
{
	finalize(0, 0);
}

void oc_inj_finalize_at_signal(int sig, uint64_t at_ns)
{
	finalize(sig > 0 ? sig : 0, at_ns);
}

/*
 * A flush that does not end tracing, on the flush thread: CUPTI's buffers
 * (all of them when forced: the process is about to die), every chunk, and a
 * wait until the writer committed them. sig > 0 marks the trace terminated
 * by it (a program handler is called next; inject-signals.c).
 */
void oc_inj_checkpoint(int forced, int sig, uint64_t at_ns)
{
	if (atomic_load(&oc_inj.disabled) || atomic_load(&oc_inj.final_state) != OC_FINAL_NONE)
		return;
	if (oc_inj_have_buffers())
		cuptiActivityFlushAll(forced ? CUPTI_ACTIVITY_FLAG_FLUSH_FORCED : 0);
	oc_inj_steal_chunks_nowait();
	if (sig > 0)
		oc_writer_terminated(sig, at_ns);
	oc_writer_sync();
}

/* pthread_atfork's handler in the child. */
void oc_inj_after_fork_child(void)
{
	/* first: a signal handler in the child now does what it would without us */
	atomic_store(&oc_inj.disabled, 1);
	oc_inj_forget_flush_thread();
	oc_inj_forget_tid();
	oc_writer_abandon();
}

/* The exit under LD_PRELOAD (preload_init, inject.c): whichever of this and
 * the atexit handler comes first finalizes. */
__attribute__((destructor)) static void preload_fini(void)
{
	oc_inj_finalize();
}
