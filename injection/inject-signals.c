/*
 * inject-signals.c: the final flush on a termination signal.
 *
 * Which signals. SIGTERM, SIGINT, SIGHUP and SIGQUIT, when the program has
 * not set them to SIG_IGN by the time the library initialises (inside cuInit,
 * or from the LD_PRELOAD constructor): a program that ignores one is left
 * alone. If the program had a handler of its own by then, it is remembered and
 * called after the flush, with its own mask and flags (SA_SIGINFO,
 * SA_RESETHAND, SA_NODEFER); SA_RESTART and SA_ONSTACK are kept on ours. A
 * handler the program installs later replaces ours: then no final flush
 * happens, unless the program ends through exit() (the atexit flush).
 * OVERLAPCHECK_TERM_FLUSH_MS=0 installs nothing.
 *
 * The handler. It may interrupt any program thread anywhere, inside an API
 * callback holding a row holder's mutex or inside malloc, so it takes no
 * lock, allocates nothing and calls neither CUPTI nor SQLite. It notes the
 * signal and the time, posts a request to the flush thread (inject-flush.c:
 * an atomic word and a pipe) and waits on the reply, bounded by
 * OVERLAPCHECK_TERM_FLUSH_MS (default 5000 ms). Without a program handler,
 * the flush thread runs the final flush (inject-lifecycle.c: CUPTI's forced
 * flush, every thread's chunk, the writer's finish with tracer_status
 * `terminated`, `terminated_by_signal` and `terminated_ns`); the handler then
 * restores SIG_DFL and re-raises, so the exit status and any core dump are
 * what they would have been. With a program handler, the flush is a
 * checkpoint (CUPTI's completed records, the chunks, a commit, the same meta)
 * and the handler is called; if it returns, the program goes on and the
 * trace says `running` again. A second signal while a flush runs acts at
 * once (its default action, or the program's handler), except the copy of a
 * signal sent to the whole process group that `overlapcheck run` forwards
 * (marked OC_SIGNAL_FORWARDED): that is the same signal, and is dropped.
 *
 * Crashes. SIGABRT and SIGSEGV get a best-effort flush only where the
 * program left them at SIG_DFL (a program or runtime that handles SIGSEGV
 * itself, as the JVM does on every null check, is never interposed on): the
 * flush thread forces CUPTI's buffers out, takes the chunks and waits for
 * the commit, for at most min(OVERLAPCHECK_TERM_FLUSH_MS, 1000 ms). Nothing
 * is finalised (the trace stays `running`: the process state is suspect, so
 * the library writes records, not a claim that they are complete); then
 * SIG_DFL is restored and a fault is re-executed (the core shows where it
 * happened) or the signal re-raised.
 */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "overlapcheck/codes.h"
#include "writer.h"
#include "inject-priv.h"

enum { CLASS_TERM, CLASS_CRASH };

static const struct {
	int sig, cls;
} handled[] = {
	{ SIGTERM, CLASS_TERM }, { SIGINT, CLASS_TERM }, { SIGHUP, CLASS_TERM },
	{ SIGQUIT, CLASS_TERM }, { SIGABRT, CLASS_CRASH }, { SIGSEGV, CLASS_CRASH },
};
#define N_HANDLED (sizeof handled / sizeof handled[0])

#define CRASH_WAIT_MAX_MS 1000u

static struct sigaction prev[N_HANDLED];   /* the program's, at init */
static int installed[N_HANDLED];

/* The signal being flushed for (written by its handler before the request). */
static _Atomic int term_sig;
static _Atomic uint64_t term_ns;           /* CLOCK_REALTIME when it arrived */
static _Atomic int in_flush;               /* a handler is waiting for a flush */
static _Atomic int first_forwarded;        /* ... and its signal came through `run` */
static _Atomic int abandon;                /* a second signal acted: stop waiting */

static int slot_of(int sig)
{
	for (size_t i = 0; i < N_HANDLED; i++)
		if (handled[i].sig == sig)
			return (int)i;
	return -1;
}

static uint64_t real_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int is_handler(const struct sigaction *sa)
{
	return (sa->sa_flags & SA_SIGINFO) ? sa->sa_sigaction != NULL
					   : sa->sa_handler != SIG_DFL && sa->sa_handler != SIG_IGN;
}

static int forwarded_by_run(const siginfo_t *si)
{
	return si && si->si_code == SI_QUEUE && si->si_value.sival_int == OC_SIGNAL_FORWARDED;
}

/* ---- what the signal would have done without us ---------------------------------------- */

/* SIG_DFL, the signal unblocked, and raised: the process ends as it would have. */
static void die_by(int sig, const siginfo_t *si, int crash)
{
	struct sigaction dfl;
	sigset_t m;

	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
	/* A fault returns to the faulting instruction, which faults again, now fatally. */
	if (crash && si && si->si_code > 0)
		return;
	sigemptyset(&m);
	sigaddset(&m, sig);
	pthread_sigmask(SIG_UNBLOCK, &m, NULL);
	raise(sig);
}

/* The program's own handler, called as the kernel would have called it. */
static void call_program(int i, int sig, siginfo_t *si, void *uc)
{
	const struct sigaction *sa = &prev[i];
	sigset_t m = sa->sa_mask, old;

	if (!(sa->sa_flags & SA_NODEFER))
		sigaddset(&m, sig);
	if (sa->sa_flags & SA_RESETHAND) {
		struct sigaction dfl;

		memset(&dfl, 0, sizeof dfl);
		dfl.sa_handler = SIG_DFL;
		sigaction(sig, &dfl, NULL);
	}
	pthread_sigmask(SIG_BLOCK, &m, &old);
	if (sa->sa_flags & SA_SIGINFO)
		sa->sa_sigaction(sig, si, uc);
	else
		sa->sa_handler(sig);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

static void act_now(int i, int sig, siginfo_t *si, void *uc)
{
	if (is_handler(&prev[i]))
		call_program(i, sig, si, uc);
	else
		die_by(sig, si, handled[i].cls == CLASS_CRASH);
}

/* ---- waiting for the flush thread -------------------------------------------------------- */

static int final_done(uint64_t unused)
{
	(void)unused;
	return atomic_load(&oc_inj.final_state) == OC_FINAL_DONE;
}

/* Wait until ready(arg), the deadline, or a second signal that acted. */
static void wait_for(int (*ready)(uint64_t), uint64_t arg, unsigned ms)
{
	uint64_t deadline = mono_ns() + (uint64_t)ms * 1000000u;

	while (!atomic_load(&abandon) && oc_inj_request_wait(ready, arg, deadline) < 0)
		;
}

static void on_signal(int sig, siginfo_t *si, void *uc)
{
	int saved = errno, i = slot_of(sig), crash, chained, st;
	unsigned ms = oc_inj.term_flush_ms;

	if (i < 0)
		return;
	crash = handled[i].cls == CLASS_CRASH;
	chained = is_handler(&prev[i]);
	st = atomic_load(&oc_inj.final_state);
	/* A fork child, a disabled tracer, a final flush done or under way on this very thread. */
	if (atomic_load(&oc_inj.disabled) || getpid() != oc_inj.init_pid || st == OC_FINAL_DONE ||
	    (st == OC_FINAL_RUNNING && atomic_load(&oc_inj.final_tid) == (pid_t)syscall(SYS_gettid)) ||
	    oc_inj_on_flush_thread()) {
		act_now(i, sig, si, uc);
		errno = saved;
		return;
	}
	if (atomic_exchange(&in_flush, 1)) {
		/* A second signal during the flush. The copy `run` forwards of a group's signal is not one. */
		if (sig == atomic_load(&term_sig) && forwarded_by_run(si) != atomic_load(&first_forwarded)) {
			errno = saved;
			return;
		}
		atomic_store(&abandon, 1);
		act_now(i, sig, si, uc);
		errno = saved;
		return;
	}
	atomic_store(&abandon, 0);
	atomic_store(&term_sig, sig);
	atomic_store(&term_ns, real_ns());
	atomic_store(&first_forwarded, forwarded_by_run(si));

	if (crash) {
		wait_for(oc_inj_request_served, oc_inj_request(OC_REQ_CRASH),
			 ms < CRASH_WAIT_MAX_MS ? ms : CRASH_WAIT_MAX_MS);
		die_by(sig, si, 1);
	} else if (!chained) {
		if (st == OC_FINAL_NONE)
			oc_inj_request(OC_REQ_FINAL);
		/* else the exit's own final flush is running on another thread: wait for it */
		wait_for(final_done, 0, ms);
		die_by(sig, si, 0);
	} else {
		wait_for(oc_inj_request_served, oc_inj_request(OC_REQ_CHECKPOINT), ms);
		atomic_store(&in_flush, 0);
		call_program(i, sig, si, uc);
		/* The program's handler returned: the program goes on, and so does its trace. */
		oc_inj_request(OC_REQ_RESUME);
	}
	atomic_store(&in_flush, 0);
	errno = saved;
}

/* ---- on the flush thread ------------------------------------------------------------------ */

/* Serve the requests posted by the handler; 1 when the final flush ran (the thread ends). */
int oc_inj_signals_serve(unsigned kinds)
{
	int sig = atomic_load(&term_sig);
	uint64_t ns = atomic_load(&term_ns);

	if (kinds & OC_REQ_FINAL) {
		oc_inj_finalize_at_signal(sig, ns);
		return 1;
	}
	if (kinds & OC_REQ_CRASH)
		oc_inj_checkpoint(1, 0, 0);
	if (kinds & OC_REQ_CHECKPOINT)
		oc_inj_checkpoint(0, sig, ns);
	if (kinds & OC_REQ_RESUME)
		oc_writer_terminated(0, 0);
	return 0;
}

/* ---- install ------------------------------------------------------------------------------ */

void oc_inj_signals_install(void)
{
	struct sigaction sa;

	if (!oc_inj.term_flush_ms || !oc_inj_flush_thread_running())
		return;
	for (size_t i = 0; i < N_HANDLED; i++) {
		if (installed[i] || sigaction(handled[i].sig, NULL, &prev[i]) != 0)
			continue;
		if (!(prev[i].sa_flags & SA_SIGINFO) && prev[i].sa_handler == SIG_IGN)
			continue;  /* the program ignores it: leave it ignored */
		if (handled[i].cls == CLASS_CRASH && is_handler(&prev[i]))
			continue;  /* the program or its runtime handles faults: never in between */
		memset(&sa, 0, sizeof sa);
		sa.sa_sigaction = on_signal;
		/* NODEFER: a second signal during the flush must reach us at once. */
		sa.sa_flags = SA_SIGINFO | SA_NODEFER | (prev[i].sa_flags & (SA_RESTART | SA_ONSTACK));
		sigemptyset(&sa.sa_mask);
		if (sigaction(handled[i].sig, &sa, NULL) == 0)
			installed[i] = 1;
	}
}
