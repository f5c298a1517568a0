/*
 * inject-flush.c: the library's flush thread, and the handoff that lets a
 * signal handler give it work.
 *
 * Cadence. Twice every OVERLAPCHECK_FLUSH_MS the thread calls
 * cuptiActivityFlushAll(0), which hands the completed activity buffers to the
 * writer's queue (inject-buffers.c), and takes the partly filled chunks of
 * callback rows (inject-callbacks.c). CUPTI hands a record back at the
 * second flush after its op ended (below), so two flushes a period bring
 * every record to the writer within about one period (docs/schema.md, "The
 * SIGKILL window"). The flushes are at fixed deadlines (start + k half
 * periods), not a sleep after each flush, so a slow flush does not stretch
 * the next; a flush that overran a deadline starts the next from now. What
 * a SIGKILL can lose is what had not come back by then, plus what the
 * writer had not committed yet.
 *
 * Follow-up. cuptiActivityFlushAll(0) hands back only buffers whose every
 * record is complete; a buffer that holds a kernel still queued or running
 * waits for the next flush, a whole period later. So when a flush handed back
 * nothing although CUPTI started new buffers since the last one (records
 * came), one more flush follows a quarter period later (at most one per
 * period): the work queued before the flush has usually finished by then.
 *
 * Handoff. The thread sleeps in ppoll() on a pipe. Anyone, a signal handler
 * included, can post a request (oc_inj_request(): one lock-free atomic word
 * holding a bit per kind and a sequence number, then a one-byte write) and
 * wait for it to be served (oc_inj_request_wait(): poll() on a second pipe,
 * bounded). Both use only async-signal-safe calls. The thread serves the
 * requests with the function given to oc_inj_start_flush_thread()
 * (inject-signals.c's), then marks them done. It blocks every signal: the
 * program's handlers, and ours, never run on it, so a handler that waits for
 * it never waits for itself.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cupti.h>

#include "writer.h"
#include "inject-priv.h"

#define KIND_BITS 8u

static pthread_t flush_thread;
static _Atomic int flush_running;
static _Atomic pid_t flush_tid;
static _Atomic int flush_stop;
static int (*serve_fn)(unsigned kinds);

static int wake_fd[2] = { -1, -1 };   /* [1]: a byte wakes the thread */
static int done_fd[2] = { -1, -1 };   /* [1]: a byte says requests were served */
static _Atomic uint64_t requests;     /* seq << KIND_BITS | pending kind bits */
static _Atomic uint64_t served_seq;   /* every request up to this one is served */

static _Atomic uint64_t flush_calls, flush_ns, flush_max_ns, flush_followups;

static void note_max(_Atomic uint64_t *m, uint64_t v)
{
	uint64_t old = atomic_load_explicit(m, memory_order_relaxed);

	while (v > old && !atomic_compare_exchange_weak(m, &old, v))
		;
}

static void drain(int fd)
{
	char buf[64];

	while (read(fd, buf, sizeof buf) > 0)
		;
}

static void poke(int fd)
{
	char c = 1;

	if (fd >= 0 && write(fd, &c, 1) < 0) {
		/* EAGAIN: a wake-up is already pending; nothing else can fail here */
	}
}

/* ---- requests (async-signal-safe) --------------------------------------------------------- */

uint64_t oc_inj_request(unsigned kind)
{
	uint64_t old = atomic_load(&requests), new;

	do
		new = (((old >> KIND_BITS) + 1) << KIND_BITS) | (old & ((1u << KIND_BITS) - 1)) | kind;
	while (!atomic_compare_exchange_weak(&requests, &old, new));
	poke(wake_fd[1]);
	return new >> KIND_BITS;
}

int oc_inj_request_served(uint64_t seq)
{
	return atomic_load(&served_seq) >= seq;
}

int oc_inj_request_wait(int (*ready)(uint64_t), uint64_t arg, uint64_t deadline_ns)
{
	struct pollfd p = { .fd = done_fd[0], .events = POLLIN };

	for (;;) {
		uint64_t now;

		if (ready(arg))
			return 0;
		now = mono_ns();
		if (now >= deadline_ns || done_fd[0] < 0)
			return 1;
		/* round up: a wait of 0.4 ms is one poll of 1 ms, not a busy loop */
		if (poll(&p, 1, (int)((deadline_ns - now + 999999) / 1000000)) < 0 && errno == EINTR)
			return -1;
		drain(done_fd[0]);
	}
}

/* Mark everything requested so far as served and wake whoever waits. */
void oc_inj_requests_done(void)
{
	uint64_t seq = atomic_load(&requests) >> KIND_BITS;
	uint64_t old = atomic_load(&served_seq);

	while (seq > old && !atomic_compare_exchange_weak(&served_seq, &old, seq))
		;
	poke(done_fd[1]);
}

/* Take the pending kinds and the sequence number they were posted under. */
static unsigned take_requests(uint64_t *seq)
{
	uint64_t old = atomic_load(&requests);

	while (!atomic_compare_exchange_weak(&requests, &old, old & ~(uint64_t)((1u << KIND_BITS) - 1)))
		;
	*seq = old >> KIND_BITS;
	return (unsigned)(old & ((1u << KIND_BITS) - 1));
}

/* ---- the thread --------------------------------------------------------------------------- */

/*
 * One periodic flush: CUPTI's completed buffers, then every thread's partly
 * filled chunk. Returns 1 when a follow-up is due: the flush handed back no
 * buffer, though CUPTI started one since the flush before (records came).
 */
static int periodic_flush(void)
{
	static uint64_t last_requested;
	uint64_t req0, done0, req1, done1;
	int follow = 0;

	oc_tick_refine();   /* the thread clock's rate (inject-queries.c) */
	if (!atomic_load(&oc_inj.disabled) && oc_inj_have_buffers()) {
		uint64_t t0 = mono_ns(), dt;
		CUptiResult rc;

		oc_inj_buffer_counts(&req0, &done0);
		rc = cuptiActivityFlushAll(0);
		dt = mono_ns() - t0;
		oc_inj_buffer_counts(&req1, &done1);
		follow = done1 == done0 && req0 != last_requested;
		last_requested = req0;

		if (rc != CUPTI_SUCCESS)
			oc_writer_warn("cupti", "flush_failed", "cuptiActivityFlushAll failed: %s",
				       cupti_err(rc));
		atomic_fetch_add_explicit(&flush_calls, 1, memory_order_relaxed);
		atomic_fetch_add_explicit(&flush_ns, dt, memory_order_relaxed);
		note_max(&flush_max_ns, dt);
	}
	if (!atomic_load(&oc_inj.disabled)) {
		oc_inj_steal_chunks();
		oc_writer_kick();   /* full chunks queued without a wake (writer-state.c) */
	}
	return follow;
}

static void *flush_main(void *arg)
{
	/* two flushes a period (the cadence above) */
	uint64_t period = (uint64_t)oc_inj.flush_ms * 1000000u / 2;
	uint64_t next = mono_ns() + period, follow_up = 0;   /* 0: none due */
	struct pollfd p = { .fd = wake_fd[0], .events = POLLIN };

	atomic_store(&flush_tid, (pid_t)syscall(SYS_gettid));
	oc_writer_ignore_tid(oc_inj_tid());
	for (;;) {
		uint64_t now = mono_ns(), seq, wake = follow_up && follow_up < next ? follow_up : next;
		unsigned kinds;

		if (now < wake) {
			struct timespec ts = { (time_t)((wake - now) / 1000000000u),
					       (long)((wake - now) % 1000000000u) };

			ppoll(&p, 1, &ts, NULL);
			drain(wake_fd[0]);
		}
		if (atomic_load(&flush_stop))
			break;
		kinds = take_requests(&seq);
		if (kinds) {
			int end = serve_fn ? serve_fn(kinds) : 0;
			uint64_t old = atomic_load(&served_seq);

			while (seq > old && !atomic_compare_exchange_weak(&served_seq, &old, seq))
				;
			poke(done_fd[1]);
			if (end)
				break;
			continue;
		}
		now = mono_ns();
		if (follow_up && now >= follow_up && now < next) {
			follow_up = 0;
			atomic_fetch_add_explicit(&flush_followups, 1, memory_order_relaxed);
			periodic_flush();
			continue;
		}
		if (now < next)
			continue;
		follow_up = periodic_flush() ? mono_ns() + period / 4 : 0;
		oc_cap_tick();   /* the capture's delay, duration and size limit */
		next += period;
		now = mono_ns();
		if (next <= now)
			next = now + period;
	}
	return NULL;
}

static int pipe_pair(int fd[2])
{
	return pipe2(fd, O_CLOEXEC | O_NONBLOCK);
}

int oc_inj_start_flush_thread(int (*serve)(unsigned kinds))
{
	sigset_t all, old;
	int rc;

	if (pipe_pair(wake_fd) || pipe_pair(done_fd))
		return -1;
	serve_fn = serve;
	oc_writer_tool_sigmask(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&flush_thread, NULL, flush_main, NULL);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	atomic_store(&flush_running, rc == 0);
	return rc ? -1 : 0;
}

int oc_inj_flush_thread_running(void)
{
	return atomic_load(&flush_running);
}

int oc_inj_on_flush_thread(void)
{
	return atomic_load(&flush_running) && atomic_load(&flush_tid) == (pid_t)syscall(SYS_gettid);
}

/*
 * Stop the thread and join it; on the thread itself (the final flush of a
 * signal runs there) only tell it to end after what it serves now.
 */
void oc_inj_stop_flush_thread(void)
{
	if (!atomic_load(&flush_running))
		return;
	atomic_store(&flush_stop, 1);
	if (oc_inj_on_flush_thread()) {
		atomic_store(&flush_running, 0);
		return;
	}
	poke(wake_fd[1]);
	pthread_join(flush_thread, NULL);
	atomic_store(&flush_running, 0);
}

/* The flush thread's counters, into fin (at the end). */
void oc_inj_flush_totals(struct oc_writer_final *fin)
{
	fin->flush_calls = atomic_load(&flush_calls);
	fin->flush_ns = atomic_load(&flush_ns);
	fin->flush_max_ns = atomic_load(&flush_max_ns);
	fin->flush_followups = atomic_load(&flush_followups);
}

/*
 * After fork() in the child: the parent's thread is not there, and its pipes
 * are the parent's (a byte written here would wake the parent's thread).
 */
void oc_inj_forget_flush_thread(void)
{
	atomic_store(&flush_running, 0);
	for (int i = 0; i < 2; i++) {
		if (wake_fd[i] >= 0)
			close(wake_fd[i]);
		if (done_fd[i] >= 0)
			close(done_fd[i]);
		wake_fd[i] = done_fd[i] = -1;
	}
}
