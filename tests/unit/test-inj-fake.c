/*
 * test-inj-fake.c: the whole injection library on a CPU, against a fake CUPTI.
 *
 * This executable defines the CUPTI entry points that the library's CUPTI
 * side (injection/inject*.c) calls to set up and flush (cuptiSubscribe,
 * cuptiActivityRegisterCallbacks, cuptiActivityFlushAll, ...). Because
 * libcupti also defines them, the linker exports ours and they interpose for
 * the dlopen'ed liboverlapcheck-inject.so; record iteration and names still
 * come from the real libcupti. Each test forks a "program" that loads the
 * library like the driver does, drives the API callbacks the way CUDA would
 * (enter and exit sites, nested driver calls, several threads) while the fake
 * queues real CUDA 13.0 records for the next flush, and then exits, forks or
 * is killed. The test reads the trace that is left.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include <sqlite3.h>
#include <cupti.h>

#include "overlapcheck/codes.h"
#include "overlapcheck/schema.h"
#include "overlapcheck/trace.h"

static uint64_t T0;          /* trace_start_ns of the traces made here */
static char dir[256];

/* ---- the fake CUPTI ------------------------------------------------------ */

static CUpti_CallbackFunc api_cb;
static CUpti_BuffersCallbackRequestFunc buf_req;
static CUpti_BuffersCallbackCompleteFunc buf_done;
static pthread_mutex_t fake_mu = PTHREAD_MUTEX_INITIALIZER;
static uint8_t pending[1 << 16] __attribute__((aligned(8)));
static size_t pending_len;
static uint64_t kinds_enabled;   /* bit per CUpti_ActivityKind < 64 */

CUptiResult cuptiSubscribe(CUpti_SubscriberHandle *sub, CUpti_CallbackFunc cb, void *user)
{
	if (getenv("FAKE_MULTI"))
		return CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED;
	api_cb = cb;
	*sub = (CUpti_SubscriberHandle)(uintptr_t)0x1;
	return CUPTI_SUCCESS;
}

CUptiResult cuptiUnsubscribe(CUpti_SubscriberHandle sub)
{
	api_cb = NULL;
	return CUPTI_SUCCESS;
}

/* the callbacks turned off (cuptiEnableCallback(0, ...)), per domain */
static unsigned char rt_cb_off[CUPTI_RUNTIME_TRACE_CBID_SIZE], drv_cb_off[CUPTI_DRIVER_TRACE_CBID_SIZE];

CUptiResult cuptiEnableCallback(uint32_t enable, CUpti_SubscriberHandle sub,
				CUpti_CallbackDomain domain, CUpti_CallbackId cbid)
{
	if (domain == CUPTI_CB_DOMAIN_RUNTIME_API && cbid < CUPTI_RUNTIME_TRACE_CBID_SIZE)
		rt_cb_off[cbid] = !enable;
	else if (domain == CUPTI_CB_DOMAIN_DRIVER_API && cbid < CUPTI_DRIVER_TRACE_CBID_SIZE)
		drv_cb_off[cbid] = !enable;
	return CUPTI_SUCCESS;
}

static int domains_enabled;   /* cuptiEnableDomain(1, ...) calls */

CUptiResult cuptiEnableDomain(uint32_t enable, CUpti_SubscriberHandle sub, CUpti_CallbackDomain domain)
{
	domains_enabled += enable ? 1 : -1;
	return CUPTI_SUCCESS;
}

CUptiResult cuptiSetThreadIdType(CUpti_ActivityThreadIdType type)
{
	return CUPTI_SUCCESS;
}

CUptiResult cuptiActivityRegisterCallbacks(CUpti_BuffersCallbackRequestFunc req,
					   CUpti_BuffersCallbackCompleteFunc done)
{
	buf_req = req;
	buf_done = done;
	return CUPTI_SUCCESS;
}

CUptiResult cuptiActivityEnable(CUpti_ActivityKind kind)
{
	/* FAKE_NO_CUDA_EVENT: the tracer must not enable CUDA_EVENT (its default);
	 * FAKE_WANT_CUDA_EVENT: it must (checked once the library is initialized) */
	if (kind == CUPTI_ACTIVITY_KIND_CUDA_EVENT && getenv("FAKE_NO_CUDA_EVENT"))
		abort();
	if ((unsigned)kind < 64)
		kinds_enabled |= 1ull << kind;
	return CUPTI_SUCCESS;
}

static int api_ids_enabled;   /* cuptiActivityEnable{Runtime,Driver}Api(id, 1) calls */
static uint8_t rt_record_off[CUPTI_RUNTIME_TRACE_CBID_SIZE];    /* turned off one by one */

CUptiResult cuptiActivityEnableRuntimeApi(CUpti_CallbackId cbid, uint8_t enable)
{
	/* FAKE_KEEP_RECORD: this CUPTI cannot turn cudaGetDevice's records off */
	if (!enable && cbid == CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020 && getenv("FAKE_KEEP_RECORD"))
		return CUPTI_ERROR_NOT_SUPPORTED;
	if (cbid < CUPTI_RUNTIME_TRACE_CBID_SIZE)
		rt_record_off[cbid] = !enable;
	api_ids_enabled += enable ? 1 : -1;
	return CUPTI_SUCCESS;
}

static uint8_t drv_record_off[CUPTI_DRIVER_TRACE_CBID_SIZE];   /* turned off one by one */

CUptiResult cuptiActivityEnableDriverApi(CUpti_CallbackId cbid, uint8_t enable)
{
	if (cbid < CUPTI_DRIVER_TRACE_CBID_SIZE)
		drv_record_off[cbid] = !enable;
	api_ids_enabled += enable ? 1 : -1;
	return CUPTI_SUCCESS;
}

CUptiResult cuptiActivityDisable(CUpti_ActivityKind kind)
{
	if ((unsigned)kind < 64)
		kinds_enabled &= ~(1ull << kind);
	return CUPTI_SUCCESS;
}

CUptiResult cuptiActivityGetNumDroppedRecords(CUcontext ctx, uint32_t stream, size_t *dropped)
{
	*dropped = ctx == NULL && getenv("FAKE_DROPPED") ? 4 : 0;
	return CUPTI_SUCCESS;
}

/* CLOCK_REALTIME, as CUPTI on Linux; FAKE_CLOCK_BEHIND=1: an hour behind
 * it (CUPTI under WSL, or with a client's clock registered); FAKE_CLOCK_FAIL=1:
 * unreadable; FAKE_CLOCK_SLOW=1: every fifth call returns 2 ms after its
 * read, as a call the thread was preempted in (a loaded machine).
 * FAKE_END_CLOCK=NAME: M_API_ALL sets NAME=1 after its calls. */
CUptiResult cuptiGetTimestamp(uint64_t *ts)
{
	static unsigned calls;
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	*ts = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
	if (getenv("FAKE_CLOCK_SLOW") && calls++ % 5 == 0)
		usleep(2000);
	if (getenv("FAKE_CLOCK_BEHIND"))
		*ts -= 3600ull * 1000000000u;
	if (getenv("FAKE_CLOCK_FAIL"))
		return CUPTI_ERROR_UNKNOWN;
	return CUPTI_SUCCESS;
}

/* Stream ids: 7 legacy, 20 per-thread, else the low bits of the handle. */
CUptiResult cuptiGetStreamIdEx(CUcontext ctx, CUstream stream, uint8_t ptsz, uint32_t *id)
{
	uintptr_t h = (uintptr_t)stream;

	*id = h == 0 ? (ptsz ? 20 : 7) : h == 1 ? 7 : h == 2 ? 20 : (uint32_t)(h & 0xffff);
	return CUPTI_SUCCESS;
}

/*
 * Like CUPTI: a buffer is requested when the first record needs one, and a
 * flush completes it.
 */
static uint8_t *cur_buf;
static size_t cur_size;
static int cur_held;                 /* FAKE_HOLD: a flush kept cur_buf once */
static double flush_times[64];       /* the default flushes that found a buffer */
static int nflush_times;

static double mono_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

CUptiResult cuptiActivityFlushAll(uint32_t flag)
{
	const char *log = getenv("FAKE_FLUSH_LOG");

	if (log) {
		FILE *f = fopen(log, "a");

		if (f) {
			fprintf(f, "%d %u\n", (int)getpid(), flag);
			fclose(f);
		}
	}
	if ((flag & CUPTI_ACTIVITY_FLAG_FLUSH_FORCED) && getenv("FAKE_FORCED_FLUSH_MS"))
		usleep((useconds_t)atoi(getenv("FAKE_FORCED_FLUSH_MS")) * 1000u);
	pthread_mutex_lock(&fake_mu);
	if (!(flag & CUPTI_ACTIVITY_FLAG_FLUSH_FORCED) && cur_buf && nflush_times < 64)
		flush_times[nflush_times++] = mono_s();
	/* FAKE_HOLD: like CUPTI with work in flight, the first default flush of a buffer keeps it */
	if (!(flag & CUPTI_ACTIVITY_FLAG_FLUSH_FORCED) && cur_buf && getenv("FAKE_HOLD") && !cur_held) {
		cur_held = 1;
		pthread_mutex_unlock(&fake_mu);
		return CUPTI_SUCCESS;
	}
	if (cur_buf && buf_done) {
		size_t n = pending_len <= cur_size ? pending_len : 0;

		cur_held = 0;
		memcpy(cur_buf, pending, n);
		buf_done(NULL, 0, cur_buf, cur_size, n);
		cur_buf = NULL;
		pending_len = 0;
	}
	pthread_mutex_unlock(&fake_mu);
	return CUPTI_SUCCESS;
}

static void queue(const void *rec, size_t len)
{
	pthread_mutex_lock(&fake_mu);
	if (!cur_buf && buf_req) {
		size_t max = 0;

		buf_req(&cur_buf, &cur_size, &max);
	}
	assert_true(pending_len + len <= sizeof pending);
	memcpy(pending + pending_len, rec, len);
	pending_len += (len + 7) & ~(size_t)7;
	pthread_mutex_unlock(&fake_mu);
}

/* ---- a fake program ------------------------------------------------------- */

#define CTX ((CUcontext)(uintptr_t)0x1000)

/* One callback of a call whose return value (at its exit site) is ret. */
static void callback_ret(CUpti_CallbackDomain dom, CUpti_CallbackId cbid, const void *params,
			 uint32_t corr, CUpti_ApiCallbackSite site, int ret)
{
	CUpti_CallbackData d;

	memset(&d, 0, sizeof d);
	d.callbackSite = site;
	d.functionParams = params;
	d.functionReturnValue = &ret;
	d.context = CTX;
	d.contextUid = 1;
	d.correlationId = corr;
	api_cb(NULL, dom, cbid, &d);
}

static void callback(CUpti_CallbackDomain dom, CUpti_CallbackId cbid, const void *params,
		     uint32_t corr, CUpti_ApiCallbackSite site)
{
	callback_ret(dom, cbid, params, corr, site, 0);
}

/* A runtime call alone whose exit site returns ret. */
static void rt_call_ret(CUpti_CallbackId rt, const void *rp, uint32_t corr, int ret)
{
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, rt, rp, corr, CUPTI_API_ENTER);
	callback_ret(CUPTI_CB_DOMAIN_RUNTIME_API, rt, rp, corr, CUPTI_API_EXIT, ret);
}

/* A runtime call with its driver call nested inside, as cudart makes them. */
static void rt_call(CUpti_CallbackId rt, const void *rp, CUpti_CallbackId drv, const void *dp,
		    uint32_t corr)
{
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, rt, rp, corr, CUPTI_API_ENTER);
	if (dp) {
		callback(CUPTI_CB_DOMAIN_DRIVER_API, drv, dp, corr, CUPTI_API_ENTER);
		callback(CUPTI_CB_DOMAIN_DRIVER_API, drv, dp, corr, CUPTI_API_EXIT);
	}
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, rt, rp, corr, CUPTI_API_EXIT);
}

static void q_kernel(uint32_t stream, uint32_t corr, uint64_t s, uint64_t e)
{
	CUpti_ActivityKernel10 k;

	memset(&k, 0, sizeof k);
	k.kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
	k.start = T0 + s;
	k.end = e ? T0 + e : 0;
	k.contextId = 1;
	k.streamId = stream;
	k.correlationId = corr;
	k.name = "_Z6kernelv";
	queue(&k, sizeof k);
}

static uint32_t worker_tid;

/* An API record; tid 0: the calling thread's. */
static void q_api_tid(CUpti_ActivityKind kind, uint32_t cbid, uint32_t corr, uint64_t s, uint64_t e,
		      uint32_t tid)
{
	CUpti_ActivityAPI a;

	/* CUPTI writes no API record of a kind that is off (the default: every
	 * call timed by its callbacks) */
	if (kind < 64 && !(kinds_enabled & (1ull << kind)))
		return;
	/* nor of a call whose records were turned off one by one */
	if ((kind == CUPTI_ACTIVITY_KIND_RUNTIME && cbid < CUPTI_RUNTIME_TRACE_CBID_SIZE && rt_record_off[cbid]) ||
	    (kind == CUPTI_ACTIVITY_KIND_DRIVER && cbid < CUPTI_DRIVER_TRACE_CBID_SIZE && drv_record_off[cbid]))
		return;
	memset(&a, 0, sizeof a);
	a.kind = kind;
	a.cbid = cbid;
	a.start = T0 + s;
	a.end = T0 + e;
	a.threadId = tid ? tid : (uint32_t)syscall(SYS_gettid);
	a.correlationId = corr;
	queue(&a, sizeof a);
}

static void q_api(CUpti_ActivityKind kind, uint32_t cbid, uint32_t corr, uint64_t s, uint64_t e)
{
	q_api_tid(kind, cbid, corr, s, e, 0);
}

static void q_setup_records(void)
{
	CUpti_ActivityContext3 c;
	CUpti_ActivityStream s;

	memset(&c, 0, sizeof c);
	c.kind = CUPTI_ACTIVITY_KIND_CONTEXT;
	c.contextId = 1;
	c.nullStreamId = 7;
	queue(&c, sizeof c);
	memset(&s, 0, sizeof s);
	s.kind = CUPTI_ACTIVITY_KIND_STREAM;
	s.contextId = 1;
	s.streamId = 0x5000;
	s.flag = CUPTI_ACTIVITY_STREAM_CREATE_FLAG_NON_BLOCKING;
	queue(&s, sizeof s);
}

/* Launches from a second thread, on the per-thread default stream. */
static void *worker(void *arg)
{
	struct launch13 { const void *k; dim3 g, b; void **a; size_t sm; cudaStream_t s; } p;

	memset(&p, 0, sizeof p);
	worker_tid = (uint32_t)syscall(SYS_gettid);
	for (uint32_t i = 0; i < 3; i++)
		rt_call(CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000, &p, 0, NULL, 100 + i);
	return NULL;
}

enum mode {
	M_EXIT, M_KILL, M_FORK, M_MULTI, M_NO_KERNELS, M_CHILD,
	/* termination signals (see the tests below test_child_trace) */
	M_TERM, M_TERM_IGNORED, M_TERM_HANDLER_EXITS, M_TERM_HANDLER_RETURNS, M_TERM_LATE_HANDLER,
	M_TERM_SECOND, M_TERM_FORWARDED_COPY, M_TERM_BOUNDED, M_INT_QUIT, M_SEGV, M_ABRT, M_FULL_DISK,
	M_FOLLOW_UP, M_CAPTURE, M_API_MINIMAL, M_CALLER, M_QUERY, M_QUERY_RECORD, M_API_TIMING, M_API_ALL, M_QUERY_KEEP,
	M_OWN_CALLS,
};

static const char *prog_trace;     /* the program's trace, for its own handlers */

/* The trace as the program's handler sees it: a count or a meta value. */
static long long peek_int(const char *sql)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	long long v = -1;

	if (sqlite3_open_v2(prog_trace, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return v;
}

static int peek_status(const char *want)
{
	char sql[200];

	snprintf(sql, sizeof sql, "SELECT value = '%s' FROM meta WHERE key = 'tracer_status'", want);
	return peek_int(sql) == 1;
}

/* A handler installed before CUDA: the library's flush comes first, then this. */
static void handler_exits(int sig)
{
	/* 6 kernels committed and the trace terminated: the flush ran before us */
	int ok = peek_int("SELECT count(*) FROM ops") == 6 && peek_status("terminated");

	if (getenv("FAKE_HANDLER_EXIT"))
		exit(3);        /* through exit(): the atexit flush finishes the trace */
	_exit(ok ? 7 : 8);
}

static volatile sig_atomic_t handled_sig, handler_saw_flush;

static void handler_returns(int sig)
{
	handled_sig = sig;
	handler_saw_flush = peek_int("SELECT count(*) FROM ops") == 6 && peek_status("terminated");
}

/* A second signal 200 ms into the final flush (the fake makes it slow). */
static void *second_signal(void *arg)
{
	union sigval v = { .sival_int = OC_SIGNAL_FORWARDED };

	usleep(200000);
	if (arg)
		sigqueue(getpid(), SIGTERM, v);   /* as `run` forwards a group's signal */
	else
		kill(getpid(), SIGTERM);
	return NULL;
}

/* What each signal mode does once its records are queued (none flushed yet). */
static void signalled(enum mode mode)
{
	pthread_t t;
	struct sigaction sa;
	struct launch13 { const void *k; dim3 g, b; void **a; size_t sm; cudaStream_t s; } lp;

	switch (mode) {
	case M_TERM:
	case M_TERM_BOUNDED:
	case M_TERM_LATE_HANDLER:
		kill(getpid(), SIGTERM);
		usleep(10 * 1000 * 1000);
		_exit(97);       /* the signal must have ended it */
	case M_INT_QUIT: {
		struct rlimit no_core = { 0, 0 };

		setrlimit(RLIMIT_CORE, &no_core);
		kill(getpid(), atoi(getenv("FAKE_SIGNAL")));
		usleep(10 * 1000 * 1000);
		_exit(97);
	}
	case M_TERM_SECOND:
	case M_TERM_FORWARDED_COPY:
		pthread_create(&t, NULL, second_signal, mode == M_TERM_FORWARDED_COPY ? (void *)1 : NULL);
		kill(getpid(), SIGTERM);
		usleep(10 * 1000 * 1000);
		_exit(97);
	case M_TERM_IGNORED:
		kill(getpid(), SIGTERM);
		sigaction(SIGTERM, NULL, &sa);
		if (sa.sa_handler != SIG_IGN)
			_exit(98);   /* the library must not have touched it */
		return;          /* and exit normally */
	case M_TERM_HANDLER_EXITS:
		kill(getpid(), SIGTERM);
		_exit(97);
	case M_TERM_HANDLER_RETURNS:
		kill(getpid(), SIGTERM);
		if (handled_sig != SIGTERM || !handler_saw_flush)
			_exit(96);
		/* the program goes on, and so does its trace */
		for (int i = 0; i < 200 && !peek_status("running"); i++)
			usleep(5000);
		if (!peek_status("running"))
			_exit(95);
		memset(&lp, 0, sizeof lp);
		rt_call(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, &lp, 0, NULL, 88);
		q_api(CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, 88, 7000, 7010);
		q_kernel(7, 88, 7100, 7200);
		return;
	case M_SEGV: {
		struct rlimit no_core = { 0, 0 };

		volatile int *volatile nowhere = NULL;

		setrlimit(RLIMIT_CORE, &no_core);
		*nowhere = 1;
		_exit(97);
	}
	case M_ABRT: {
		struct rlimit no_core = { 0, 0 };

		setrlimit(RLIMIT_CORE, &no_core);
		abort();
	}
	default:
		return;
	}
}

/* Kernels until the disk is full, several flush periods' worth; then a normal exit. */
static void full_disk_program(void)
{
	for (uint32_t round = 0; round < 150; round++) {
		for (uint32_t i = 0; i < 200; i++) {     /* 200 records of 216 bytes: the fake holds 64 KiB */
			uint32_t corr = 1000 + round * 200 + i;

			q_kernel(0x5000, corr, 10000 + corr * 100, 10000 + corr * 100 + 50);
		}
		for (int i = 0; i < 400 && pending_len; i++)   /* the next flush takes them */
			usleep(5000);
	}
	printf("full disk: the program's own output\n");
	fflush(stdout);
}

#define KERNEL_ON() (!!(kinds_enabled & (1ull << CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL)))

/*
 * --capture-range=cudaProfilerApi: a launch before cudaProfilerStart, one
 * between Start and Stop, one after. Only the middle one is recorded, and
 * kernel activity is on only between the two calls.
 */
static void __attribute__((noreturn)) capture_program(void)
{
	struct launch13 { const void *k; dim3 g, b; void **a; size_t sm; cudaStream_t s; } lp;

	memset(&lp, 0, sizeof lp);
	if (KERNEL_ON())
		_exit(80);
	rt_call(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, &lp, 0, NULL, 300);
	rt_call(CUPTI_RUNTIME_TRACE_CBID_cudaProfilerStart_v4000, NULL,
		CUPTI_DRIVER_TRACE_CBID_cuProfilerStart, NULL, 301);
	if (!KERNEL_ON())
		_exit(81);
	rt_call(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, &lp, 0, NULL, 302);
	rt_call(CUPTI_RUNTIME_TRACE_CBID_cudaProfilerStop_v4000, NULL,
		CUPTI_DRIVER_TRACE_CBID_cuProfilerStop, NULL, 303);
	if (KERNEL_ON())
		_exit(82);
	rt_call(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, &lp, 0, NULL, 304);
	q_setup_records();
	for (uint32_t c = 300; c <= 304; c++)
		q_api(CUPTI_ACTIVITY_KIND_RUNTIME, c == 301 ? CUPTI_RUNTIME_TRACE_CBID_cudaProfilerStart_v4000 :
		      c == 303 ? CUPTI_RUNTIME_TRACE_CBID_cudaProfilerStop_v4000 :
		      CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, c, 100 * c, 100 * c + 50);
	exit(0);
}

/* CLOCK_MONOTONIC, ns. */
static uint64_t mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The interval a program measured around a call's two callbacks, into
 * TRACE.outer: the call's duration in the trace lies within it. */
static void note_outer(uint64_t ns)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof path, "%s.outer", prog_trace);
	if ((f = fopen(path, "w")) != NULL) {
		fprintf(f, "%llu\n", (unsigned long long)ns);
		fclose(f);
	}
}

/* What note_outer wrote for a trace (0: nothing). */
static uint64_t read_outer(const char *trace)
{
	char path[600];
	unsigned long long ns = 0;
	FILE *f;

	snprintf(path, sizeof path, "%s.outer", trace);
	if ((f = fopen(path, "r")) != NULL) {
		if (fscanf(f, "%llu", &ns) != 1)
			ns = 0;
		fclose(f);
	}
	return ns;
}

/* A cudaDeviceSynchronize that holds its thread 60 ms, and one that returns at once. */
static void __attribute__((noinline, noreturn)) caller_program(void)
{
	struct timespec ms60 = { 0, 60000000 };
	uint64_t t0 = mono_now();

	callback(CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaDeviceSynchronize_v3020,
		 NULL, 400, CUPTI_API_ENTER);
	nanosleep(&ms60, NULL);
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaDeviceSynchronize_v3020,
		 NULL, 400, CUPTI_API_EXIT);
	note_outer(mono_now() - t0);
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaDeviceSynchronize_v3020,
		 NULL, 401, CUPTI_API_ENTER);
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaDeviceSynchronize_v3020,
		 NULL, 401, CUPTI_API_EXIT);
	q_setup_records();
	q_api(CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaDeviceSynchronize_v3020, 400, 100, 60100);
	q_api(CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaDeviceSynchronize_v3020, 401, 60200, 60210);
	exit(0);
}

/*
 * caller_program 30 frames down: deeper than the frames a callers row keeps.
 * Calls to a noreturn function are never made tail calls; noipa keeps GCC
 * from cloning it under another name (caller_deep.constprop.0).
 */
#if defined(__clang__)
#define NO_IPA __attribute__((noinline))
#else
#define NO_IPA __attribute__((noipa))
#endif
static void NO_IPA __attribute__((noreturn)) caller_deep(int n)
{
	if (n > 0)
		caller_deep(n - 1);
	caller_program();
}

/*
 * Queries (inject-queries.c): five short cudaGetDevice calls, one that takes
 * 15 ms, three cuKernelGetName calls of the driver, and one
 * cuDevicePrimaryCtxGetState inside a runtime query (that call's own).
 * Exits 86 when the queries' API records were not turned off one by one
 * (summary) or were (record).
 */
static void __attribute__((noreturn)) query_program(enum mode mode)
{
	struct timespec ms15 = { 0, 15000000 };
	uint64_t t0;
	int dev = 0;

	q_setup_records();
	/* FAKE_QUERY_PREWARM=N: N short cudaGetDevice calls first (a thread's
	 * first OC_Q_WARM queries are all timed, whatever the sample) */
	for (long i = 0, n = getenv("FAKE_QUERY_PREWARM") ? atol(getenv("FAKE_QUERY_PREWARM")) : 0; i < n; i++)
		rt_call(CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020, &dev, 0, NULL, 2000 + (uint32_t)i);
	for (uint32_t i = 0; i < 5; i++)
		rt_call(CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020, &dev,
			i == 2 ? CUPTI_DRIVER_TRACE_CBID_cuDevicePrimaryCtxGetState : 0,
			i == 2 ? &dev : NULL, 500 + i);
	t0 = mono_now();
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020, &dev, 510,
		 CUPTI_API_ENTER);
	nanosleep(&ms15, NULL);
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020, &dev, 510,
		 CUPTI_API_EXIT);
	note_outer(mono_now() - t0);
	for (uint32_t i = 0; i < 3; i++) {
		callback(CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_cuKernelGetName, &dev, 520 + i,
			 CUPTI_API_ENTER);
		callback(CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_cuKernelGetName, &dev, 520 + i,
			 CUPTI_API_EXIT);
	}
	/* record: the queries keep their records; only the tracer's own
	 * functions' are off (a call of the tracer's is never one) */
	/* off with every callback on: the queries' callbacks turned off, the launch's kept */
	if (getenv("FAKE_QUERIES_OFF"))
		exit(rt_cb_off[CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020] &&
		     drv_cb_off[CUPTI_DRIVER_TRACE_CBID_cuKernelGetName] &&
		     drv_cb_off[CUPTI_DRIVER_TRACE_CBID_cuDevicePrimaryCtxGetState] &&
		     !rt_cb_off[CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000] &&
		     !drv_cb_off[CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel] ? 0 : 87);
	if (mode == M_QUERY_RECORD)
		exit(rt_record_off[CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020] ||
		     drv_record_off[CUPTI_DRIVER_TRACE_CBID_cuKernelGetName] ||
		     !drv_record_off[CUPTI_DRIVER_TRACE_CBID_cuFuncGetParamInfo] ? 86 : 0);
	exit(api_ids_enabled > -40 ? 86 : 0);
}

/*
 * The tracer's own calls (issue 27): the fake libcuda.so.1 (fake-libcuda.c)
 * calls own_hook, which plays CUPTI: the API callback of the driver
 * function the library called, on this thread, under the correlation id of
 * the program's call it was made in, and, like CUPTI, an API record of it
 * unless that function's records are off.
 */
static uint32_t own_corr;     /* the program's call under way */
static unsigned own_seen;     /* the calls the library made */

static void own_hook(int which)
{
	static const CUpti_CallbackId ids[] = {
		CUPTI_DRIVER_TRACE_CBID_cuFuncGetParamInfo, CUPTI_DRIVER_TRACE_CBID_cuKernelGetParamInfo,
		CUPTI_DRIVER_TRACE_CBID_cuKernelGetFunction, CUPTI_DRIVER_TRACE_CBID_cuStreamIsCapturing,
	};
	uint64_t p[8] = { 0 };   /* its parameters, unread */
	CUpti_CallbackId id = ids[which];

	own_seen++;
	callback(CUPTI_CB_DOMAIN_DRIVER_API, id, p, own_corr, CUPTI_API_ENTER);
	callback(CUPTI_CB_DOMAIN_DRIVER_API, id, p, own_corr, CUPTI_API_EXIT);
	if (!drv_record_off[id])
		q_api(CUPTI_ACTIVITY_KIND_DRIVER, id, own_corr, 150 + own_seen, 151 + own_seen);
}

/*
 * A driver-API program's launch (correlation 600: cuLaunchKernel at the top,
 * as cuBLAS and Triton launch), the same function again (601, its layout
 * cached), a runtime launch of a kernel with its nested driver launch (602),
 * and a stream-ordered allocation on a stream (603). The library asks the
 * fake driver for layouts and the capture status inside these callbacks.
 * Writes how many calls it made to TRACE.outer.
 */
static void __attribute__((noreturn)) own_program(void)
{
	cuLaunchKernel_params dl;
	struct launch13 { const void *k; dim3 g, b; void **a; size_t sm; cudaStream_t s; } lp;
	cudaMallocAsync_v11020_params ma;
	uint64_t dptr = 0x7f1000000000ull;
	void *args[2] = { &dptr, &dptr };
	void *out = NULL;

	q_setup_records();
	memset(&dl, 0, sizeof dl);
	dl.f = (CUfunction)(uintptr_t)0x1234;
	dl.kernelParams = args;
	dl.hStream = (CUstream)(uintptr_t)0x5000;
	for (uint32_t c = 600; c <= 601; c++) {
		own_corr = c;
		callback(CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, &dl, c,
			 CUPTI_API_ENTER);
		callback(CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, &dl, c,
			 CUPTI_API_EXIT);
		q_api(CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, c, 100 * c, 100 * c + 90);
	}
	memset(&lp, 0, sizeof lp);
	lp.k = (const void *)(uintptr_t)0x5678;
	lp.a = args;
	lp.s = (cudaStream_t)(uintptr_t)0x5000;
	dl.f = (CUfunction)(uintptr_t)0x5678;
	own_corr = 602;
	rt_call(CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000, &lp,
		CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, &dl, 602);
	q_api(CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000, 602, 60200, 60290);
	memset(&ma, 0, sizeof ma);
	ma.devPtr = &out;
	ma.size = 4096;
	ma.hStream = (cudaStream_t)(uintptr_t)0x5000;
	own_corr = 603;
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_v11020, &ma, 603,
		 CUPTI_API_ENTER);
	out = (void *)(uintptr_t)0x7f2000000000ull;
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_v11020, &ma, 603,
		 CUPTI_API_EXIT);
	q_api(CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_v11020, 603, 60300, 60390);
	for (uint32_t c = 600; c <= 602; c++)
		q_kernel(0x5000, c, 1000 * c, 1000 * c + 500);
	note_outer(own_seen);
	exit(0);
}

static void __attribute__((noreturn)) program(enum mode mode, const char *trace)
{
	char path[512], pid[32];
	const char *build = getenv("BUILD");
	void *lib;
	int (*init)(void);
	cudaStream_t s = NULL;
	cudaStreamCreateWithFlags_v5000_params sc = { &s, cudaStreamNonBlocking };
	cuStreamCreate_params dsc = { (CUstream *)&s, CU_STREAM_NON_BLOCKING };
	struct launch13 { const void *k; dim3 g, b; void **a; size_t sm; cudaStream_t s; } lp;
	cuLaunchKernel_params dl;
	char host[64];
	cudaMemcpyAsync_v3020_params mc;
	pthread_t t;

	/* M_CHILD: a process that `run` did not start itself (exec'd by the program) */
	snprintf(pid, sizeof pid, "%d", mode == M_CHILD ? (int)getppid() : (int)getpid());
	setenv("OVERLAPCHECK_OUTPUT", trace, 1);
	if (mode == M_EXIT || mode == M_CALLER || mode == M_OWN_CALLS)
		setenv("OVERLAPCHECK_STATS", "1", 1);
	if (mode == M_CHILD) {
		char t0[32];

		snprintf(t0, sizeof t0, "%llu", (unsigned long long)T0);
		setenv("OVERLAPCHECK_TRACE_START_NS", t0, 1);
	}
	setenv("OVERLAPCHECK_MAIN_PID", pid, 1);
	/* the signal modes: nothing is flushed before the signal, only by it */
	setenv("OVERLAPCHECK_FLUSH_MS", mode == M_FOLLOW_UP ? "1000" :
	       mode >= M_TERM && mode != M_FULL_DISK ? "600000" : "10", 1);
	setenv("OVERLAPCHECK_QUIET", "1", 1);
	if (mode == M_MULTI)
		setenv("FAKE_MULTI", "1", 1);
	if (mode == M_CAPTURE)
		setenv("OVERLAPCHECK_CAPTURE_RANGE", "cudaProfilerApi", 1);
	if (mode == M_API_MINIMAL)
		setenv("OVERLAPCHECK_API", "minimal", 1);
	if (mode == M_QUERY_RECORD)
		setenv("OVERLAPCHECK_QUERIES", "record", 1);
	/* the short queries must stay short on a loaded machine: 5 ms, against the long one's 15;
	 * counted (summary) unless the test chose, or asked for the default (off) */
	if (mode == M_QUERY || mode == M_QUERY_RECORD || mode == M_QUERY_KEEP) {
		if (!getenv("FAKE_QUERIES_DEFAULT")) {
			setenv("OVERLAPCHECK_QUERY_US", "5000", 1);
			setenv("OVERLAPCHECK_QUERIES", "summary", 0);
		}
	}
	/* the default (every call timed by its callbacks) in M_API_ALL; the
	 * other programs model CUPTI's API records, as the tracer collected
	 * them before 2026-12-02 */
	if (mode == M_API_TIMING || (getenv("FAKE_TIMING") && !strcmp(getenv("FAKE_TIMING"), "callbacks")))
		setenv("OVERLAPCHECK_API_TIMING", "callbacks", 1);
	else if (getenv("FAKE_RECORDS"))
		setenv("OVERLAPCHECK_API_TIMING", "records", 1);
	else
		unsetenv("OVERLAPCHECK_API_TIMING");
	if (mode == M_QUERY_KEEP)
		setenv("FAKE_KEEP_RECORD", "1", 1);
	prog_trace = trace;
	/* cmocka's own fault handlers, inherited through fork, are not the program's */
	signal(SIGSEGV, SIG_DFL);
	signal(SIGABRT, SIG_DFL);
	/* nor is a disposition the test's own caller left (nohup ignores SIGHUP):
	 * the program of M_INT_QUIT has the default one, as a program would */
	if (mode == M_INT_QUIT && getenv("FAKE_SIGNAL"))
		signal(atoi(getenv("FAKE_SIGNAL")), SIG_DFL);
	if (mode == M_TERM_IGNORED)
		signal(SIGTERM, SIG_IGN);
	if (mode == M_TERM_HANDLER_EXITS)
		signal(SIGTERM, handler_exits);
	if (mode == M_TERM_HANDLER_RETURNS)
		signal(SIGTERM, handler_returns);
	snprintf(path, sizeof path, "%s/lib/liboverlapcheck-inject.so", build && *build ? build : "build");
	if (mode == M_OWN_CALLS) {
		char fake[512];
		void *cu;
		void (*set)(void (*)(int));

		snprintf(fake, sizeof fake, "%s/tests/fakecuda/libcuda.so.1", build && *build ? build : "build");
		if (!(cu = dlopen(fake, RTLD_NOW | RTLD_GLOBAL)) ||
		    !(set = (void (*)(void (*)(int)))dlsym(cu, "fake_cuda_set_hook")))
			_exit(89);
		set(own_hook);
	}
	lib = dlopen(path, RTLD_NOW);
	if (!lib)
		_exit(90);
	init = (int (*)(void))dlsym(lib, "InitializeInjection");
	if (!init || init() != 1)
		_exit(91);
	if (getenv("FAKE_WANT_CUDA_EVENT") && !(kinds_enabled & (1ull << CUPTI_ACTIVITY_KIND_CUDA_EVENT)))
		_exit(94);
	if (mode == M_MULTI)
		exit(0);          /* untraced, and the program goes on */
	if (!api_cb || !buf_req)
		_exit(92);
	if (mode == M_CAPTURE)
		capture_program();
	if (mode == M_CALLER)
		caller_deep(30);
	if (mode == M_QUERY || mode == M_QUERY_RECORD || mode == M_QUERY_KEEP)
		query_program(mode);
	if (mode == M_OWN_CALLS)
		own_program();
	/* --api=minimal: no API kind, the chosen ids one by one */
	if (mode == M_API_MINIMAL)
		exit((kinds_enabled & (1ull << CUPTI_ACTIVITY_KIND_RUNTIME)) ||
		     (kinds_enabled & (1ull << CUPTI_ACTIVITY_KIND_DRIVER)) ? 84 :
		     api_ids_enabled < 50 ? 85 : 0);
	if (mode == M_TERM_LATE_HANDLER)
		signal(SIGTERM, SIG_DFL);   /* a later disposition replaces the library's */
	if ((kinds_enabled & (1ull << CUPTI_ACTIVITY_KIND_KERNEL)) ||
	    !(kinds_enabled & (1ull << CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL)) ||
	    (kinds_enabled & (1ull << CUPTI_ACTIVITY_KIND_GRAPH_TRACE)))
		_exit(93);

	/* cudaStreamCreateWithFlags: the handle appears at the exit site */
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaStreamCreateWithFlags_v5000,
		 &sc, 1, CUPTI_API_ENTER);
	callback(CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_cuStreamCreate, &dsc, 1,
		 CUPTI_API_ENTER);
	s = (cudaStream_t)(uintptr_t)0x7f0000005000ull;
	callback(CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_cuStreamCreate, &dsc, 1,
		 CUPTI_API_EXIT);
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_cudaStreamCreateWithFlags_v5000,
		 &sc, 1, CUPTI_API_EXIT);

	/* <<<>>> on the new stream, with its nested cuLaunchKernel */
	memset(&lp, 0, sizeof lp);
	memset(&dl, 0, sizeof dl);
	lp.s = s;
	dl.hStream = (CUstream)s;
	rt_call(CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000, &lp,
		CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, &dl, 2);
	/* cudaLaunchKernel on the legacy stream */
	lp.s = 0;
	rt_call(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, &lp, 0, NULL, 3);
	/* cudaMemcpyAsync from host memory */
	mc.dst = NULL;
	mc.src = host;
	mc.count = sizeof host;
	mc.kind = cudaMemcpyHostToDevice;
	mc.stream = s;
	rt_call(CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020, &mc, 0, NULL, 4);
	/* a driver-API program's launch on CU_STREAM_LEGACY */
	dl.hStream = (CUstream)(uintptr_t)0x1;
	callback(CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, &dl, 5,
		 CUPTI_API_ENTER);
	callback(CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, &dl, 5,
		 CUPTI_API_EXIT);
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);

	q_setup_records();
	/* OVERLAPCHECK_API_TIMING=callbacks: CUPTI writes no record of these calls */
	if (mode == M_API_TIMING)
		goto device;
	/* =all: no API kind; every domain's callbacks; a call outside the tracer's
	 * lists (cudaFuncGetAttributes) is timed by them too */
	if (mode == M_API_ALL) {
		if ((kinds_enabled & (1ull << CUPTI_ACTIVITY_KIND_RUNTIME)) ||
		    (kinds_enabled & (1ull << CUPTI_ACTIVITY_KIND_DRIVER)) || domains_enabled != 2)
			_exit(87);
		/* FAKE_KINDS=off: OVERLAPCHECK_KINDS_OFF kept STREAM and MARKER off and
		 * nothing else; =on: the default enabled both */
		if (getenv("FAKE_KINDS")) {
			int off = !strcmp(getenv("FAKE_KINDS"), "off");
			int stream = !!(kinds_enabled & (1ull << CUPTI_ACTIVITY_KIND_STREAM));
			int marker = !!(kinds_enabled & (1ull << CUPTI_ACTIVITY_KIND_MARKER));
			int ctx = !!(kinds_enabled & (1ull << CUPTI_ACTIVITY_KIND_CONTEXT));

			if (stream == off || marker == off || !ctx)
				_exit(95);
		}
		/* FAKE_CB_OFF: OVERLAPCHECK_CALLBACKS_OFF turned off cuCtxGetDevice_v2's
		 * and cudaGetDevice's callbacks, kept cudaProfilerStart's, and no other */
		if (getenv("FAKE_CB_OFF")) {
			unsigned n = 0;

			for (size_t i = 0; i < sizeof rt_cb_off; i++)
				n += rt_cb_off[i];
			for (size_t i = 0; i < sizeof drv_cb_off; i++)
				n += drv_cb_off[i];
			if (n != 2 || !drv_cb_off[CUPTI_DRIVER_TRACE_CBID_cuCtxGetDevice_v2] ||
			    !rt_cb_off[CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020])
				_exit(96);
		}
		rt_call(CUPTI_RUNTIME_TRACE_CBID_cudaFuncGetAttributes_v3020, &dsc, 0, NULL, 9);
		/* FAKE_EVENT_SYNCS: an event sync, a poll that finds its event not
		 * ready (cudaErrorNotReady, 600) and one that finds it done */
		if (getenv("FAKE_EVENT_SYNCS")) {
			cudaEventSynchronize_v3020_params es = { (cudaEvent_t)(uintptr_t)0xe5e5 };
			cudaEventQuery_v3020_params q1 = { (cudaEvent_t)(uintptr_t)0xe6e6 };
			cudaEventQuery_v3020_params q2 = { (cudaEvent_t)(uintptr_t)0xe7e7 };

			rt_call_ret(CUPTI_RUNTIME_TRACE_CBID_cudaEventSynchronize_v3020, &es, 30, 0);
			rt_call_ret(CUPTI_RUNTIME_TRACE_CBID_cudaEventQuery_v3020, &q1, 31, 600);
			rt_call_ret(CUPTI_RUNTIME_TRACE_CBID_cudaEventQuery_v3020, &q2, 32, 0);
		}
		/* CUPTI's clock leaves CLOCK_REALTIME, or cannot be read, before the end check */
		if (getenv("FAKE_END_CLOCK"))
			setenv(getenv("FAKE_END_CLOCK"), "1", 1);
		goto device;
	}
	q_api(CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000, 2, 100, 200);
	q_api(CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, 2, 120, 180);
	/* the other calls' records, as CUPTI writes one for every call */
	q_api(CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaStreamCreateWithFlags_v5000,
	      1, 10, 90);
	q_api(CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, 3, 210, 250);
	q_api(CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020, 4, 260, 300);
	q_api(CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, 5, 310, 350);
	for (uint32_t i = 0; i < 3; i++)
		q_api_tid(CUPTI_ACTIVITY_KIND_RUNTIME,
			  CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000, 100 + i,
			  400 + 50 * i, 440 + 50 * i, worker_tid);
device:
	if (mode != M_NO_KERNELS) {
		q_kernel(0x5000, 2, 1000, 2000);
		q_kernel(7, 3, 2100, 2200);
		q_kernel(7, 5, 2300, 2400);
		for (uint32_t i = 0; i < 3; i++)
			q_kernel(20, 100 + i, 3000 + i * 100, 3050 + i * 100);
	}

	switch (mode) {
	case M_KILL:
		/* let the flush thread take everything, then die without exit handlers */
		for (int i = 0; i < 200 && pending_len; i++)
			usleep(5000);
		usleep(100000);
		raise(SIGKILL);
		break;
	case M_FORK: {
		int cst = 0;
		pid_t c = fork();

		if (c == 0) {
			/* the child calls CUDA (as far as the tracer can tell) and exits */
			lp.s = 0;
			rt_call(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, &lp, 0, NULL, 77);
			q_kernel(7, 77, 5000, 5100);
			/* the parent's handlers: in the child they do what the signal would */
			kill(getpid(), SIGTERM);
			_exit(99);
		}
		waitpid(c, &cst, 0);
		if (!WIFSIGNALED(cst) || WTERMSIG(cst) != SIGTERM)
			_exit(94);
		break;
	}
	case M_FULL_DISK:
		full_disk_program();
		break;
	case M_FOLLOW_UP: {
		/* the records queued above reach the trace a quarter period after the flush that kept them */
		double t0 = mono_s(), got = 0;

		while (mono_s() - t0 < 5 && !got) {
			if (peek_int("SELECT count(*) FROM ops") == 6)
				got = mono_s();
			usleep(5000);
		}
		if (!got || nflush_times < 2)
			_exit(80);
		/* exit status: ms from the flush that kept them to their commit, in 10 ms steps */
		_exit((int)((got - flush_times[0]) * 100) > 75 ? 81 : 82);
	}
	default:
		break;
	}
	q_kernel(7, 6, 6000, 0);    /* still running at exit: incomplete */
	if (mode >= M_TERM)
		signalled(mode);
	exit(0);
}

/* ---- the tests -------------------------------------------------------------- */

static void make_trace(const char *path)
{
	sqlite3 *db;

	unlink(path);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(oc_schema_create(db, NULL, 0), 0);
	assert_int_equal(oc_meta_set_int(db, "trace_start_ns", (long long)T0), 0);
	assert_int_equal(oc_meta_set(db, "tracer_status", "not_started"), 0);
	sqlite3_close(db);
}

static int run(enum mode mode, const char *trace)
{
	pid_t pid;
	int st = 0;

	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		program(mode, trace);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	return st;
}

static int64_t q_int(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	int64_t v = -999;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(db));
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_type(st, 0) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static const char *q_text(sqlite3 *db, const char *sql)
{
	static char out[512];
	sqlite3_stmt *st;

	out[0] = '\0';
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(db));
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		snprintf(out, sizeof out, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return out;
}

static sqlite3 *open_trace(const char *path)
{
	sqlite3 *db = NULL;

	assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL), SQLITE_OK);
	return db;
}

static int setup(void **state)
{
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	T0 = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
	snprintf(dir, sizeof dir, "/tmp/oc-inj-fake-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[300];

	snprintf(cmd, sizeof cmd, "%s/small", dir);
	umount2(cmd, MNT_DETACH);   /* left by a failed test_full_disk */
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* What the library's thread clock should be here: the kernel keeps time on the TSC (x86-64). */
static int kernel_on_tsc(void)
{
#if defined(__x86_64__)
	char buf[32] = "";
	FILE *f = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "r");

	if (!f)
		return 0;
	if (!fgets(buf, sizeof buf, f))
		buf[0] = 0;
	fclose(f);
	return !strncmp(buf, "tsc", 3) && (buf[3] == '\n' || buf[3] == 0);
#else
	return 0;
#endif
}

/* A program that exits normally leaves a complete, single-file trace. */
/* A call that held its thread 60 ms leaves where it was called from; a quick one does not. */
static void test_caller(void **state)
{
	char trace[300];
	sqlite3 *db;
	int st;

	snprintf(trace, sizeof trace, "%s/caller.db", dir);
	make_trace(trace);
	st = run(M_CALLER, trace);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	db = open_trace(trace);
	assert_int_equal(q_int(db, "SELECT count(*) FROM callers"), 1);
	/* its backtrace is timed apart, within the callbacks' time (OVERLAPCHECK_STATS=1) */
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'stats.caller_calls'"), 1);
	assert_true(q_int(db, "SELECT value FROM meta WHERE key = 'stats.caller_ns'") > 0);
	assert_true(q_int(db, "SELECT value FROM meta WHERE key = 'stats.caller_ns'") <
		    q_int(db, "SELECT value FROM meta WHERE key = 'stats.api_cb_ns'"));
	assert_int_equal(q_int(db, "SELECT correlation_id FROM callers"), 400);
	assert_true(q_int(db, "SELECT call_ns FROM callers") >= 60000000);
	/* ... and within what the program measured around it (the thread clock's ticks
	 * made nanoseconds by its calibrated rate) */
	assert_true(read_outer(trace) > 0);
	assert_true((uint64_t)q_int(db, "SELECT call_ns FROM callers") <=
		    read_outer(trace) + read_outer(trace) / 1000 + 20000);
	/* the program's own frames, by module (this test executable) */
	assert_int_equal(q_int(db, "SELECT frames LIKE '%test-inj-fake+0x%' FROM callers"), 1);
	/* a static function, which dladdr cannot name: from the static symbol table
	 * (writer-callers.c), with the module made absolute */
	assert_int_equal(q_int(db, "SELECT frames LIKE '%caller_program+0x% (/%test-inj-fake+0x%' FROM callers"), 1);
	assert_int_equal(q_int(db, "SELECT frames LIKE '%liboverlapcheck%' FROM callers"), 0);
	/* six frames kept, the innermost first: the harness's callback(), the
	 * program, then caller_deep's */
	assert_int_equal(q_int(db, "SELECT length(frames) - length(replace(frames, char(10), '')) FROM callers"), 5);
	assert_int_equal(q_int(db, "SELECT frames LIKE '%caller_program+0x%\n%caller_deep+0x%\n%caller_deep+0x%' FROM callers"), 1);
#ifdef DLFO_STRUCT_HAS_EH_DBASE
	/* and the unwinding stopped there, 26 frames short of the bottom: the
	 * library's own frames, then the six (backtrace() went on to 40) */
	assert_in_range(q_int(db, "SELECT value FROM meta WHERE key = 'stats.caller_frames'"), 7, 12);
#endif
	sqlite3_close(db);
}

/* M_QUERY into DIR/NAME.db (its path into trace) with OVERLAPCHECK_THREAD_CLOCK=clock; its trace. */
/* The query program's trace NAME with env set to value (then unset). */
static sqlite3 *run_queries_env(const char *name, const char *env, const char *value, char *trace,
				size_t len)
{
	int st;

	setenv(env, value, 1);
	snprintf(trace, len, "%s/%s.db", dir, name);
	make_trace(trace);
	st = run(M_QUERY, trace);
	unsetenv(env);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	return open_trace(trace);
}

/*
 * CUPTI's CUDA_EVENT records: off by default (meta kinds_off says so; the
 * fake aborts the program if the kind is enabled), on with
 * OVERLAPCHECK_CUDA_EVENTS=record; another value is warned about and off.
 */
static sqlite3 *run_api_all(const char *name, const char *env, const char *val);

static void test_cuda_events(void **state)
{
	char trace[300];
	sqlite3 *db;

	setenv("FAKE_NO_CUDA_EVENT", "1", 1);
	db = run_queries_env("events-default", "OVERLAPCHECK_CUDA_EVENTS", "", trace, sizeof trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'kinds_off'"), "CUDA_EVENT");
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'bad_setting'"), 0);
	sqlite3_close(db);
	db = run_queries_env("events-bad", "OVERLAPCHECK_CUDA_EVENTS", "yes", trace, sizeof trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'kinds_off'"), "CUDA_EVENT");
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'bad_setting'"
				   " AND message LIKE '%OVERLAPCHECK_CUDA_EVENTS=''yes''%'"), 1);
	sqlite3_close(db);
	unsetenv("FAKE_NO_CUDA_EVENT");
	setenv("FAKE_WANT_CUDA_EVENT", "1", 1);
	db = run_queries_env("events-record", "OVERLAPCHECK_CUDA_EVENTS", "record", trace, sizeof trace);
	unsetenv("FAKE_WANT_CUDA_EVENT");
	assert_int_equal(q_int(db, "SELECT count(*) FROM meta WHERE key = 'kinds_off'"), 0);
	sqlite3_close(db);
	/* OVERLAPCHECK_KINDS_OFF keeps it off even then */
	setenv("OVERLAPCHECK_KINDS_OFF", "CUDA_EVENT,MARKER", 1);
	setenv("FAKE_NO_CUDA_EVENT", "1", 1);
	db = run_queries_env("events-kinds-off", "OVERLAPCHECK_CUDA_EVENTS", "record", trace, sizeof trace);
	unsetenv("FAKE_NO_CUDA_EVENT");
	unsetenv("OVERLAPCHECK_KINDS_OFF");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'kinds_off'"), "CUDA_EVENT,MARKER");
	sqlite3_close(db);
	/* the event syncs name their event (api_args), a poll only when it found
	 * the event done */
	setenv("FAKE_EVENT_SYNCS", "1", 1);
	db = run_api_all("events-syncs", NULL, NULL);
	unsetenv("FAKE_EVENT_SYNCS");
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE (id >> 3) IN (30, 31, 32)"), 3);
	assert_int_equal(q_int(db, "SELECT event_handle FROM api_args WHERE correlation_id = 30"), 0xe5e5);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api_args WHERE correlation_id = 31"), 0);
	assert_int_equal(q_int(db, "SELECT event_handle FROM api_args WHERE correlation_id = 32"), 0xe7e7);
	sqlite3_close(db);
}

/*
 * Queries: timed by the callbacks, their records off; the long one has its
 * api row, the others are counted per thread and function, the nested
 * driver query is its runtime call's.
 */
static void test_queries(void **state)
{
	char trace[300];
	sqlite3 *db;
	int st;

	/* the default: every other call timed by its callbacks too */
	snprintf(trace, sizeof trace, "%s/queries-all.db", dir);
	make_trace(trace);
	st = run(M_QUERY, trace);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	db = open_trace(trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_timing'"), "all");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_queries'"), "summary");
	assert_int_equal(q_int(db, "SELECT count(*) FROM api"), 1);
	assert_int_equal(q_int(db, "SELECT correlation_id FROM api"), 510);
	assert_true(q_int(db, "SELECT dur_ns FROM api") >= 15000000);
	assert_true((uint64_t)q_int(db, "SELECT dur_ns FROM api") <=
		    read_outer(trace) + read_outer(trace) / 1000 + 20000);
	assert_int_equal(q_int(db, "SELECT calls FROM api_summary WHERE domain = 1"), 5);
	assert_int_equal(q_int(db, "SELECT calls FROM api_summary WHERE domain = 2"), 3);
	/* the TSC where the kernel keeps time on it, else CLOCK_MONOTONIC */
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'thread_clock'"),
			    kernel_on_tsc() ? "tsc" : "monotonic");
	if (kernel_on_tsc()) {
		double rate = atof(q_text(db, "SELECT value FROM meta WHERE key = 'thread_clock_ticks_per_us'"));

		assert_true(rate > 100.0 && rate < 20000.0);
	}
	sqlite3_close(db);

	/* OVERLAPCHECK_THREAD_CLOCK=monotonic: the same durations on CLOCK_MONOTONIC */
	db = run_queries_env("queries-mono", "OVERLAPCHECK_THREAD_CLOCK", "monotonic", trace, sizeof trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'thread_clock'"), "monotonic");
	assert_int_equal(q_int(db, "SELECT count(*) FROM meta WHERE key = 'thread_clock_ticks_per_us'"), 0);
	assert_true(q_int(db, "SELECT dur_ns FROM api") >= 15000000);
	assert_true((uint64_t)q_int(db, "SELECT dur_ns FROM api") <= read_outer(trace) + 20000);
	assert_int_equal(q_int(db, "SELECT calls FROM api_summary WHERE domain = 1"), 5);
	sqlite3_close(db);

	/* a value it does not know: said, and the default kept */
	db = run_queries_env("queries-badclock", "OVERLAPCHECK_THREAD_CLOCK", "hpet", trace, sizeof trace);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'bad_setting'"
				   " AND message LIKE '%OVERLAPCHECK_THREAD_CLOCK%'"), 1);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'thread_clock'"),
			    kernel_on_tsc() ? "tsc" : "monotonic");
	sqlite3_close(db);

	/* OVERLAPCHECK_QUERY_SAMPLE=4: every query counted. A thread's first 256
	 * (OC_Q_WARM) are all timed: the slow one, the sixth, has its api row.
	 * After 256 others, it is the sixth of the sample (261 + 1: one in four
	 * timed, it is not) and has none; the totals are scaled to every call;
	 * said in meta */
	db = run_queries_env("queries-sample", "OVERLAPCHECK_QUERY_SAMPLE", "4", trace, sizeof trace);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'api_query_sample'"), 4);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api"), 1);
	assert_int_equal(q_int(db, "SELECT correlation_id FROM api"), 510);
	assert_int_equal(q_int(db, "SELECT calls FROM api_summary WHERE domain = 1"), 5);
	assert_int_equal(q_int(db, "SELECT calls FROM api_summary WHERE domain = 2"), 3);
	assert_true(q_int(db, "SELECT min(total_ns > 0 AND total_ns >= max_ns) FROM api_summary") == 1);
	sqlite3_close(db);
	setenv("FAKE_QUERY_PREWARM", "256", 1);
	db = run_queries_env("queries-sample-late", "OVERLAPCHECK_QUERY_SAMPLE", "4", trace, sizeof trace);
	unsetenv("FAKE_QUERY_PREWARM");
	assert_int_equal(q_int(db, "SELECT count(*) FROM api"), 0);
	assert_int_equal(q_int(db, "SELECT calls FROM api_summary WHERE domain = 1"), 262);
	/* the slow call counted, its 15 ms in no total: the timed ones were short */
	assert_true(q_int(db, "SELECT total_ns FROM api_summary WHERE domain = 1") < 15000000);
	assert_true(q_int(db, "SELECT total_ns FROM api_summary WHERE domain = 1") > 0);
	sqlite3_close(db);
	/* the same without the sample: the slow call has its row, 261 in the summary */
	setenv("FAKE_QUERY_PREWARM", "256", 1);
	db = run_queries_env("queries-late", "OVERLAPCHECK_QUERY_SAMPLE", "1", trace, sizeof trace);
	unsetenv("FAKE_QUERY_PREWARM");
	assert_int_equal(q_int(db, "SELECT correlation_id FROM api"), 510);
	assert_int_equal(q_int(db, "SELECT calls FROM api_summary WHERE domain = 1"), 261);
	sqlite3_close(db);
	/* a value it does not take: said, every query timed */
	db = run_queries_env("queries-sample0", "OVERLAPCHECK_QUERY_SAMPLE", "0", trace, sizeof trace);
	assert_int_equal(q_int(db, "SELECT count(*) FROM meta WHERE key = 'api_query_sample'"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'bad_setting'"
				   " AND message LIKE '%OVERLAPCHECK_QUERY_SAMPLE%'"), 1);
	assert_int_equal(q_int(db, "SELECT calls FROM api_summary WHERE domain = 1"), 5);
	sqlite3_close(db);

	/* off: the queries' callbacks turned off (FAKE_QUERIES_OFF checks it);
	 * one that comes all the same is neither listed nor counted */
	setenv("FAKE_QUERIES_OFF", "1", 1);
	db = run_queries_env("queries-off", "OVERLAPCHECK_QUERIES", "off", trace, sizeof trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_queries'"), "off");
	assert_int_equal(q_int(db, "SELECT count(*) FROM api"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api_summary"), 0);
	/* the program's OVERLAPCHECK_QUERY_US=5000 said ignored, and nothing else */
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE message NOT LIKE"
				   " '%OVERLAPCHECK_QUERY_US=''5000'': it applies with%'"), 0);
	sqlite3_close(db);
	/* the default is off; summary's settings given without it are said and ignored */
	setenv("FAKE_QUERIES_DEFAULT", "1", 1);
	setenv("OVERLAPCHECK_QUERY_US", "5000", 1);
	db = run_queries_env("queries-default", "OVERLAPCHECK_QUERY_SAMPLE", "16", trace, sizeof trace);
	unsetenv("OVERLAPCHECK_QUERY_US");
	unsetenv("FAKE_QUERIES_DEFAULT");
	unsetenv("FAKE_QUERIES_OFF");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_queries'"), "off");
	assert_int_equal(q_int(db, "SELECT count(*) FROM api_summary"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM meta WHERE key IN ('api_query_sample', 'api_query_min_ns')"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'bad_setting'"
				   " AND message LIKE '%OVERLAPCHECK_QUERY_SAMPLE=''16'': it applies with"
				   " OVERLAPCHECK_QUERIES=summary%'"), 1);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'bad_setting'"
				   " AND message LIKE '%OVERLAPCHECK_QUERY_US=''5000''%'"), 1);
	sqlite3_close(db);

	/* the rest with CUPTI's records, whose per-call switches are what is checked */
	setenv("FAKE_RECORDS", "1", 1);
	snprintf(trace, sizeof trace, "%s/queries.db", dir);
	make_trace(trace);
	st = run(M_QUERY, trace);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	db = open_trace(trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_queries'"), "summary");
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'api_query_min_ns'"), 5000000);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api"), 1);
	assert_int_equal(q_int(db, "SELECT correlation_id FROM api"), 510);
	assert_int_equal(q_int(db, "SELECT domain FROM api"), 1);
	assert_true(q_int(db, "SELECT dur_ns FROM api") >= 15000000);
	assert_true(q_int(db, "SELECT start_ns FROM api") > 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api_summary"), 2);
	assert_int_equal(q_int(db, "SELECT cbid FROM api_summary WHERE domain = 1"),
			 CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020);
	assert_int_equal(q_int(db, "SELECT calls FROM api_summary WHERE domain = 1"), 5);
	assert_int_equal(q_int(db, "SELECT calls FROM api_summary WHERE domain = 2"), 3);
	assert_true(q_int(db, "SELECT min(total_ns >= max_ns AND max_ns < 5000000) FROM api_summary") == 1);
	/* named, like the functions of api rows */
	assert_string_equal(q_text(db, "SELECT s.value FROM api_summary q JOIN api_functions f"
				       " ON f.domain = q.domain AND f.cbid = q.cbid JOIN strings s"
				       " ON s.id = f.name_id WHERE q.domain = 2"), "cuKernelGetName");
	sqlite3_close(db);

	/* record: the tracer as before, no callbacks' totals */
	snprintf(trace, sizeof trace, "%s/queries-record.db", dir);
	make_trace(trace);
	st = run(M_QUERY_RECORD, trace);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	db = open_trace(trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_queries'"), "record");
	assert_int_equal(q_int(db, "SELECT count(*) FROM api_summary"), 0);
	sqlite3_close(db);

	/* a record CUPTI would not turn off: that call is left to its record,
	 * neither listed twice nor listed and counted; the trace says why */
	snprintf(trace, sizeof trace, "%s/queries-keep.db", dir);
	make_trace(trace);
	st = run(M_QUERY_KEEP, trace);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	db = open_trace(trace);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api_summary WHERE domain = 1"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api"), 0);
	assert_int_equal(q_int(db, "SELECT calls FROM api_summary WHERE domain = 2"), 3);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'query_records_on'"), 1);
	sqlite3_close(db);
	unsetenv("FAKE_RECORDS");
}

/*
 * OVERLAPCHECK_API_TIMING=callbacks: the calls whose callbacks are taken get
 * their api rows from them (no record of theirs comes), with the callback's
 * arguments in the same row; a nested driver call has none of its own.
 */
static void test_api_timing(void **state)
{
	char trace[300];
	sqlite3 *db;
	int st;

	snprintf(trace, sizeof trace, "%s/api-timing.db", dir);
	make_trace(trace);
	st = run(M_API_TIMING, trace);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	db = open_trace(trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_timing'"), "callbacks");
	assert_int_equal(q_int(db, "SELECT count(*) FROM device_ops WHERE kind = 'kernel'"), 6);
	/* stream creation, 3 runtime launches, a copy, a driver launch, 3 from the worker */
	assert_int_equal(q_int(db, "SELECT count(*) FROM api"), 1 + 2 + 1 + 1 + 3);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE domain = 2"), 1);
	assert_int_equal(q_int(db, "SELECT correlation_id FROM api WHERE domain = 2"), 5);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE start_ns <= 0 OR dur_ns < 0"), 0);
	/* the arguments joined their rows: only the stream's creation flags are in api_args */
	assert_int_equal(q_int(db, "SELECT stream_id FROM api WHERE id BETWEEN 16 AND 23"), 0x5000);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api_args WHERE correlation_id != 1"), 0);
	/* every kernel finds its launch */
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops o JOIN api a"
				   " ON a.id BETWEEN o.correlation_id * 8 AND o.correlation_id * 8 + 7"), 6);
	sqlite3_close(db);
}

/* The default (OVERLAPCHECK_API_TIMING=all): every top-level call's row from its callbacks. */
/* M_API_ALL into DIR/NAME.db with env=val set for it (env NULL: none); its trace, after a clean exit. */
static sqlite3 *run_api_all(const char *name, const char *env, const char *val)
{
	char trace[300];
	int st;

	snprintf(trace, sizeof trace, "%s/%s.db", dir, name);
	make_trace(trace);
	if (env)
		setenv(env, val, 1);
	st = run(M_API_ALL, trace);
	if (env)
		unsetenv(env);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	return open_trace(trace);
}

/* OVERLAPCHECK_KINDS_OFF: those kinds never enabled, said in meta; a bad name warned about. */
static void test_kinds_off(void **state)
{
	sqlite3 *db;

	setenv("FAKE_KINDS", "on", 1);
	db = run_api_all("kinds-default", NULL, NULL);
	/* CUDA_EVENT is off by default since 2026-12-05 (test_cuda_events) */
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'kinds_off'"), "CUDA_EVENT");
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'bad_setting'"), 0);
	sqlite3_close(db);
	setenv("FAKE_KINDS", "off", 1);
	db = run_api_all("kinds-off", "OVERLAPCHECK_KINDS_OFF", "marker,STREAM,KERNEL,,STREEM");
	unsetenv("FAKE_KINDS");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'kinds_off'"),
			    "STREAM,CUDA_EVENT,MARKER");
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'bad_setting'"
				   " AND message LIKE '%''KERNEL'' in OVERLAPCHECK_KINDS_OFF%'"), 1);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'bad_setting'"
				   " AND message LIKE '%''STREEM'' in OVERLAPCHECK_KINDS_OFF%'"), 1);
	/* the device ops are still there */
	assert_int_equal(q_int(db, "SELECT count(*) FROM device_ops WHERE kind = 'kernel'"), 6);
	sqlite3_close(db);
}

/* OVERLAPCHECK_CALLBACKS_OFF: CUPTI's names of runtime and driver functions,
 * turned off and said in meta; a name CUPTI does not know warned about. */
static void test_callbacks_off(void **state)
{
	sqlite3 *db = run_api_all("callbacks-default", NULL, NULL);

	assert_int_equal(q_int(db, "SELECT count(*) FROM meta WHERE key = 'callbacks_off'"), 0);
	sqlite3_close(db);
	/* the child checks what was turned off (FAKE_CB_OFF); the queries
	 * counted, so their callbacks are on but for those named */
	setenv("FAKE_CB_OFF", "1", 1);
	setenv("OVERLAPCHECK_QUERIES", "summary", 1);
	db = run_api_all("callbacks-off", "OVERLAPCHECK_CALLBACKS_OFF",
			 "cuCtxGetDevice_v2,,cudaGetDevice_v3020,cuNoSuchCall,cudaProfilerStart_v4000,"
			 "cuCtxGetDevice_v2");
	unsetenv("OVERLAPCHECK_QUERIES");
	unsetenv("FAKE_CB_OFF");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'callbacks_off'"),
			    "cuCtxGetDevice_v2,cudaGetDevice_v3020");
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'bad_setting'"
				   " AND message LIKE '%''cuNoSuchCall'' in OVERLAPCHECK_CALLBACKS_OFF%'"), 1);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'bad_setting'"
				   " AND message LIKE '%cudaProfilerStart_v4000 on%capture range%'"), 1);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'bad_setting'"
				   " AND message LIKE '%cuCtxGetDevice_v2 on%given twice%'"), 1);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'bad_setting'"), 3);
	sqlite3_close(db);
}

static void test_api_all(void **state)
{
	sqlite3 *db = run_api_all("api-all", NULL, NULL);

	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_timing'"), "all");
	/* CUPTI's clock is CLOCK_REALTIME here: read directly, checked again at the end */
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_clock'"), "realtime");
	assert_true(q_int(db, "SELECT value FROM meta WHERE key = 'api_clock_skew_ns'") >= 0);
	assert_true(q_int(db, "SELECT value FROM meta WHERE key = 'api_clock_skew_ns'") <= 20000);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'api_clock_drift'"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api"), 1 + 2 + 1 + 1 + 3 + 1);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE id BETWEEN 72 AND 79"), 1);
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops o JOIN api a"
				   " ON a.id BETWEEN o.correlation_id * 8 AND o.correlation_id * 8 + 7"), 6);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE start_ns <= 0 OR dur_ns < 0"), 0);
	sqlite3_close(db);

	/* a read of the clocks interrupted for 2 ms at set-up and at the end: the
	 * check keeps the narrowest of its reads, so neither falls back nor warns */
	db = run_api_all("api-all-slow", "FAKE_CLOCK_SLOW", "1");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_clock'"), "realtime");
	assert_true(q_int(db, "SELECT value FROM meta WHERE key = 'api_clock_skew_ns'") <= 20000);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'api_clock_drift'"), 0);
	sqlite3_close(db);

	/* a CUPTI clock that is not CLOCK_REALTIME: cuptiGetTimestamp, an hour
	 * behind, and the calls' rows on it (before the trace's start: absent) */
	db = run_api_all("api-all-clock", "FAKE_CLOCK_BEHIND", "1");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_clock'"), "cupti");
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE start_ns > 0"), 0);
	sqlite3_close(db);

	/* CUPTI's clock an hour from CLOCK_REALTIME by the end: said, with how far */
	db = run_api_all("api-all-drift", "FAKE_END_CLOCK", "FAKE_CLOCK_BEHIND");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_clock'"), "realtime");
	assert_true(q_int(db, "SELECT value FROM meta WHERE key = 'api_clock_skew_ns'") > 3599000000000ll);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'api_clock_drift'"
				   " AND message LIKE '%ns from CLOCK_REALTIME at the end%'"), 1);
	sqlite3_close(db);

	/* ... or unreadable by then: said so, not as a distance */
	db = run_api_all("api-all-noclock", "FAKE_END_CLOCK", "FAKE_CLOCK_FAIL");
	assert_int_equal(q_int(db, "SELECT count(*) FROM meta WHERE key = 'api_clock_skew_ns'"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'api_clock_drift'"
				   " AND message LIKE '%could not be read at the end%'"), 1);
	sqlite3_close(db);

	/* OVERLAPCHECK_API_CLOCK=cupti: cuptiGetTimestamp whatever it is */
	db = run_api_all("api-all-cupti", "OVERLAPCHECK_API_CLOCK", "cupti");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_clock'"), "cupti");
	assert_int_equal(q_int(db, "SELECT count(*) FROM api"), 1 + 2 + 1 + 1 + 3 + 1);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE start_ns <= 0 OR dur_ns < 0"), 0);
	sqlite3_close(db);
}

/*
 * The tracer's own driver calls, made inside the program's calls' callbacks,
 * are never the program's: no api row, no api_summary count, each program
 * call keeps its own row (a top-level driver launch lost its row when the
 * nested callback of the tracer's query took its enter time), and meta
 * tracer_driver_calls counts them. In every collection mode: callbacks
 * (the default), CUPTI's records, and records for the queries too.
 */
static void test_own_calls(void **state)
{
	static const struct { const char *name, *timing, *queries; } modes[] = {
		{ "own-all", NULL, NULL },
		{ "own-records", "records", NULL },
		{ "own-records-q", "records", "record" },
		{ "own-callbacks-q", "callbacks", "record" },
	};

	for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
		char trace[300], sql[400];
		sqlite3 *db;
		uint64_t made;
		int st;

		snprintf(trace, sizeof trace, "%s/%s.db", dir, modes[m].name);
		make_trace(trace);
		if (modes[m].timing)
			setenv("FAKE_RECORDS", "1", 1);
		if (modes[m].queries)
			setenv("OVERLAPCHECK_QUERIES", modes[m].queries, 1);
		if (modes[m].timing && strcmp(modes[m].timing, "records"))
			setenv("FAKE_TIMING", modes[m].timing, 1);
		st = run(M_OWN_CALLS, trace);
		unsetenv("FAKE_RECORDS");
		unsetenv("OVERLAPCHECK_QUERIES");
		unsetenv("FAKE_TIMING");
		assert_true(WIFEXITED(st));
		assert_int_equal(WEXITSTATUS(st), 0);
		made = read_outer(trace);
		/* the layouts of two functions (three calls each: two parameters, then
		 * past the last) and one capture status */
		assert_int_equal(made, 3 + 3 + 1);
		db = open_trace(trace);
		snprintf(sql, sizeof sql, "SELECT count(*) FROM api WHERE domain = 2 AND cbid IN (%d, %d, %d, %d)",
			 CUPTI_DRIVER_TRACE_CBID_cuFuncGetParamInfo, CUPTI_DRIVER_TRACE_CBID_cuKernelGetParamInfo,
			 CUPTI_DRIVER_TRACE_CBID_cuKernelGetFunction, CUPTI_DRIVER_TRACE_CBID_cuStreamIsCapturing);
		assert_int_equal(q_int(db, sql), 0);
		snprintf(sql, sizeof sql, "SELECT count(*) FROM api_summary WHERE domain = 2 AND cbid IN (%d, %d, %d, %d)",
			 CUPTI_DRIVER_TRACE_CBID_cuFuncGetParamInfo, CUPTI_DRIVER_TRACE_CBID_cuKernelGetParamInfo,
			 CUPTI_DRIVER_TRACE_CBID_cuKernelGetFunction, CUPTI_DRIVER_TRACE_CBID_cuStreamIsCapturing);
		assert_int_equal(q_int(db, sql), 0);
		/* each launch keeps its call, and it is the only call of its id */
		for (int c = 600; c <= 601; c++) {
			snprintf(sql, sizeof sql, "SELECT count(*) FROM api WHERE correlation_id = %d"
				 " AND domain = 2 AND cbid = %d", c, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel);
			assert_int_equal(q_int(db, sql), 1);
			snprintf(sql, sizeof sql, "SELECT count(*) FROM api WHERE correlation_id = %d", c);
			assert_int_equal(q_int(db, sql), 1);
		}
		snprintf(sql, sizeof sql, "SELECT count(*) FROM api WHERE correlation_id = 602 AND domain = 1"
			 " AND cbid = %d", CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000);
		assert_int_equal(q_int(db, sql), 1);
		snprintf(sql, sizeof sql, "SELECT count(*) FROM api WHERE correlation_id = 603 AND domain = 1"
			 " AND cbid = %d", CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_v11020);
		assert_int_equal(q_int(db, sql), 1);
		/* the allocation is the program's, recorded as such */
		assert_int_equal(q_int(db, "SELECT count(*) FROM mem WHERE correlation_id = 603"), 1);
		/* the three launches' pointer arguments read, timed apart (OVERLAPCHECK_STATS=1) */
		assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'stats.memrefs_calls'"), 3);
		assert_true(q_int(db, "SELECT value FROM meta WHERE key = 'stats.memrefs_ns'") > 0);
		/* counted apart */
		assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'tracer_driver_calls'"), (int64_t)made);
		sqlite3_close(db);
	}
}

/* --api=minimal: the API kinds stay off, the calls are chosen one by one, meta says so. */
static void test_api_minimal(void **state)
{
	char trace[300];
	sqlite3 *db;
	int st;

	snprintf(trace, sizeof trace, "%s/minimal.db", dir);
	make_trace(trace);
	/* the queries asked for too: minimal records none, and says so */
	setenv("OVERLAPCHECK_QUERIES", "summary", 1);
	st = run(M_API_MINIMAL, trace);
	unsetenv("OVERLAPCHECK_QUERIES");
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	db = open_trace(trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_level'"), "minimal");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_queries'"), "off");
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'bad_setting' AND message"
				   " LIKE '%OVERLAPCHECK_QUERIES=''summary'': --api=minimal records no query%'"), 1);
	sqlite3_close(db);
}

/* --capture-range=cudaProfilerApi: one window, between the two calls. */
static void test_capture_profiler(void **state)
{
	char trace[300];
	sqlite3 *db;
	int st;

	snprintf(trace, sizeof trace, "%s/capture.db", dir);
	make_trace(trace);
	st = run(M_CAPTURE, trace);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	db = open_trace(trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'capture.mode'"), "cudaProfilerApi");
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'capture.windows'"), 1);
	/* "START END": both, in order */
	assert_int_equal(q_int(db, "SELECT instr(value, ' ') > 1 AND CAST(substr(value, instr(value, ' ') + 1)"
				   " AS INTEGER) >= CAST(substr(value, 1, instr(value, ' ') - 1) AS INTEGER)"
				   " FROM meta WHERE key = 'capture.window.1'"), 1);
	/* only the launch inside the window left its callback row */
	assert_int_equal(q_int(db, "SELECT count(*) FROM call_args WHERE correlation_id IN (300, 304)"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM call_args WHERE correlation_id = 302"), 1);
	sqlite3_close(db);
}

static void test_exit(void **state)
{
	char trace[300], wal[310];
	sqlite3 *db;
	int st;

	snprintf(trace, sizeof trace, "%s/exit.db", dir);
	make_trace(trace);
	st = run(M_EXIT, trace);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	snprintf(wal, sizeof wal, "%s-wal", trace);
	assert_int_not_equal(access(wal, F_OK), 0);

	db = open_trace(trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "finished");
	assert_int_equal(q_int(db, "SELECT count(*) FROM device_ops WHERE kind = 'kernel'"), 6);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'incomplete_records'"), 1);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'dropped_records'"), 0);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'api_launches_seen'"), 6);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'api_launches_without_ops'"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings"), 0);
	assert_true(q_int(db, "SELECT value FROM meta WHERE key = 'stats.api_cb_calls'") >= 16);
	/* of them, the backtraces and the launches whose pointers were read (keys written even when 0) */
	assert_int_equal(q_int(db, "SELECT count(*) FROM meta WHERE key IN ('stats.caller_calls', 'stats.caller_ns', 'stats.memrefs_calls', 'stats.memrefs_ns')"), 4);
	assert_true(q_int(db, "SELECT value FROM meta WHERE key = 'stats.buf_done_calls'") >= 1);
	assert_true(q_int(db, "SELECT value FROM meta WHERE key = 'stats.writer_rows'") >= 14);
	assert_true(q_int(db, "SELECT value FROM meta WHERE key = 'stats.writer_busy_ns'") > 0);

	/* nested driver calls are not recorded twice */
	assert_int_equal(q_int(db, "SELECT count(*) FROM call_args WHERE domain = 2"), 1);
	assert_int_equal(q_int(db, "SELECT correlation_id FROM call_args WHERE domain = 2"), 5);
	assert_int_equal(q_int(db, "SELECT count(*) FROM call_args"), 4 + 1 + 3);

	/* handles, their kinds and stream ids */
	assert_int_equal(q_int(db, "SELECT handle_kind FROM call_args WHERE correlation_id = 2"),
			 OC_HANDLE_EXPLICIT);
	assert_int_equal(q_int(db, "SELECT stream_id FROM call_args WHERE correlation_id = 2"), 0x5000);
	assert_int_equal(q_int(db, "SELECT handle_kind FROM call_args WHERE correlation_id = 3"),
			 OC_HANDLE_LEGACY);
	assert_int_equal(q_int(db, "SELECT stream_id FROM call_args WHERE correlation_id = 3"), 7);
	assert_int_equal(q_int(db, "SELECT handle_kind FROM call_args WHERE correlation_id = 5"),
			 OC_HANDLE_LEGACY);
	assert_int_equal(q_int(db, "SELECT count(*) FROM call_args WHERE correlation_id >= 100"
				   " AND handle_kind = 2 AND stream_id = 20"), 3);
	assert_int_equal(q_int(db, "SELECT count(DISTINCT tid) FROM call_args"), 2);
	assert_true(q_int(db, "SELECT host_ptr FROM call_args WHERE correlation_id = 4") > 0);
	assert_int_equal(q_int(db, "SELECT bytes FROM call_args WHERE correlation_id = 4"), 64);

	/* the created stream: its handle, non-blocking, explicit */
	assert_int_equal(q_int(db, "SELECT handle FROM streams WHERE stream_id = 20480"),
			 0x7f0000005000ll);
	assert_int_equal(q_int(db, "SELECT flag FROM streams WHERE stream_id = 20480"), 2);
	assert_int_equal(q_int(db, "SELECT handle_kind FROM streams WHERE stream_id = 20480"),
			 OC_HANDLE_EXPLICIT);
	assert_int_equal(q_int(db, "SELECT flags FROM call_args WHERE correlation_id = 1"),
			 cudaStreamNonBlocking);
	assert_int_equal(q_int(db, "SELECT handle_kind FROM streams WHERE stream_id = 20"),
			 OC_HANDLE_PER_THREAD);
	assert_int_equal(q_int(db, "SELECT flag FROM streams WHERE stream_id = 7"), 3);

	/* the default times every call by its callbacks: a driver call nested in
	 * a runtime call has no row of its own, the driver-API program's has one */
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_timing'"), "all");
	assert_int_equal(q_int(db, "SELECT count(*) FROM api d JOIN api r"
				   " ON r.correlation_id = d.correlation_id"
				   " WHERE d.domain = 2 AND r.domain = 1"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE domain = 2 AND correlation_id = 5"), 1);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api WHERE domain = 1 AND correlation_id = 2"), 1);
	assert_string_equal(q_text(db, "PRAGMA integrity_check"), "ok");
	sqlite3_close(db);

	/* CUPTI's records (OVERLAPCHECK_API_TIMING=records): runtime/driver twins
	 * as the records give them, each call's arguments still once */
	snprintf(trace, sizeof trace, "%s/exit-records.db", dir);
	make_trace(trace);
	setenv("FAKE_RECORDS", "1", 1);
	st = run(M_EXIT, trace);
	unsetenv("FAKE_RECORDS");
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	db = open_trace(trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'api_timing'"), "records");
	assert_int_equal(q_int(db, "SELECT count(*) FROM device_ops WHERE kind = 'kernel'"), 6);
	assert_int_equal(q_int(db, "SELECT count(*) FROM call_args"), 4 + 1 + 3);
	assert_int_equal(q_int(db, "SELECT count(*) FROM api d JOIN api r"
				   " ON r.correlation_id = d.correlation_id"
				   " WHERE d.domain = 2 AND r.domain = 1 AND r.correlation_id = 2"), 1);
	assert_string_equal(q_text(db, "PRAGMA integrity_check"), "ok");
	sqlite3_close(db);
}

/* SIGKILL: the trace opens and holds what was flushed before the kill. */
static void test_sigkill(void **state)
{
	char trace[300];
	sqlite3 *db;
	int st;

	snprintf(trace, sizeof trace, "%s/killed.db", dir);
	make_trace(trace);
	st = run(M_KILL, trace);
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGKILL);

	db = open_trace(trace);
	assert_string_equal(q_text(db, "PRAGMA integrity_check"), "ok");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "running");
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 6);
	assert_int_equal(q_int(db, "SELECT count(*) FROM call_args"), 8);
	sqlite3_close(db);
}

/*
 * After fork the child neither flushes nor writes, and a SIGTERM ends it as
 * if the library were not there; the parent's trace is whole.
 */
static void test_fork(void **state)
{
	char trace[300], log[400], line[64];
	sqlite3 *db;
	FILE *f;
	int st, parent = 0, lines = 0;

	snprintf(trace, sizeof trace, "%s/fork.db", dir);
	snprintf(log, sizeof log, "%s/flush.log", dir);
	make_trace(trace);
	unlink(log);
	setenv("FAKE_FLUSH_LOG", log, 1);
	st = run(M_FORK, trace);
	unsetenv("FAKE_FLUSH_LOG");
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);

	db = open_trace(trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "finished");
	assert_int_equal(q_int(db, "SELECT count(*) FROM call_args WHERE correlation_id = 77"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops WHERE correlation_id = 77"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 6);
	parent = (int)q_int(db, "SELECT value FROM meta WHERE key = 'tracer_pid'");
	sqlite3_close(db);

	/* every flush came from the traced process, the last one forced */
	f = fopen(log, "r");
	assert_non_null(f);
	unsigned last = 0;
	while (fgets(line, sizeof line, f)) {
		int pid = 0;

		assert_int_equal(sscanf(line, "%d %u", &pid, &last), 2);
		assert_int_equal(pid, parent);
		lines++;
	}
	fclose(f);
	assert_true(lines >= 1);
	assert_int_equal(last, CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
	/* and no trace of the child's own */
	snprintf(log, sizeof log, "ls '%s' | grep -c '^fork\\.[0-9]*\\.db$' >/dev/null", dir);
	assert_int_not_equal(system(log), 0);
}

/* Another subscriber: one warning, the program runs and exits normally. */
static void test_multiple_subscribers(void **state)
{
	char trace[300];
	sqlite3 *db;
	int st;

	snprintf(trace, sizeof trace, "%s/multi.db", dir);
	make_trace(trace);
	st = run(M_MULTI, trace);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	db = open_trace(trace);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'multiple_subscribers'"), 1);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "untraced");
	sqlite3_close(db);
}

/* Launches seen, no kernel record (Kineto took the buffers): said plainly. */
static void test_no_kernels(void **state)
{
	char trace[300];
	sqlite3 *db;
	int st;

	snprintf(trace, sizeof trace, "%s/nokernels.db", dir);
	make_trace(trace);
	st = run(M_NO_KERNELS, trace);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	db = open_trace(trace);
	assert_int_equal(q_int(db, "SELECT count(*) FROM warnings WHERE code = 'no_device_records'"), 1);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "finished");
	sqlite3_close(db);
}

/*
 * A CUDA process other than the one `run` started writes its own trace next
 * to the main one, with its own passport, and leaves the main trace alone.
 */
static void test_child_trace(void **state)
{
	char trace[300], own[320];
	sqlite3 *db;
	pid_t pid;
	int st = 0;

	snprintf(trace, sizeof trace, "%s/main.db", dir);
	make_trace(trace);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		program(M_CHILD, trace);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);

	db = open_trace(trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "not_started");
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 0);
	sqlite3_close(db);

	snprintf(own, sizeof own, "%s/main.%d.db", dir, (int)pid);
	db = open_trace(own);
	assert_int_equal(oc_schema_check(db, NULL, NULL, 0), OC_SCHEMA_OK);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "finished");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'created_by'"), "inject");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'parent_trace'"), trace);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'pid'"), pid);
	assert_true(q_int(db, "SELECT value FROM meta WHERE key = 'trace_start_ns'") > 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM meta WHERE key IN ('host', 'cmdline',"
				   " 'start_time', 'tool_version')"), 4);
	assert_int_equal(q_int(db, "SELECT count(*) FROM device_ops"), 6);
	/* OVERLAPCHECK_TRACE_START_NS (from `run`) puts it on the main trace's time axis */
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'trace_start_ns'"), (int64_t)T0);
	assert_int_equal(q_int(db, "SELECT min(start_ns) FROM ops"), 1000);
	sqlite3_close(db);
}

/* ---- termination signals ------------------------------------------------------------ */

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Run a signal mode on a fresh trace; the wait status; the trace stays open in *db. */
static int run_signal(enum mode mode, const char *name, sqlite3 **db, double *secs)
{
	char trace[300];
	double t0 = now_s();
	int st;

	snprintf(trace, sizeof trace, "%s/%s.db", dir, name);
	make_trace(trace);
	st = run(mode, trace);
	if (secs)
		*secs = now_s() - t0;
	*db = open_trace(trace);
	assert_string_equal(q_text(*db, "PRAGMA integrity_check"), "ok");
	return st;
}

static const char *meta_text(sqlite3 *db, const char *key)
{
	char sql[200];

	snprintf(sql, sizeof sql, "SELECT value FROM meta WHERE key = '%s'", key);
	return q_text(db, sql);
}

/*
 * SIGTERM with no handler of the program's: the flush thread's final flush
 * (nothing was flushed before: a 10-minute flush period), then the default
 * action: the program dies by SIGTERM, the trace is whole and single-file.
 */
static void test_sigterm_final_flush(void **state)
{
	char log[400], wal[320];
	sqlite3 *db;
	int st;

	snprintf(log, sizeof log, "%s/term-flush.log", dir);
	unlink(log);
	setenv("FAKE_FLUSH_LOG", log, 1);
	st = run_signal(M_TERM, "term", &db, NULL);
	unsetenv("FAKE_FLUSH_LOG");
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGTERM);
	assert_string_equal(meta_text(db, "tracer_status"), "terminated");
	assert_int_equal(atoi(meta_text(db, "terminated_by_signal")), SIGTERM);
	assert_true(atoll(meta_text(db, "terminated_ns")) > 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 6);
	assert_int_equal(q_int(db, "SELECT count(*) FROM call_args"), 8);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'incomplete_records'"), 1);
	sqlite3_close(db);
	snprintf(wal, sizeof wal, "%s/term.db-wal", dir);
	assert_int_not_equal(access(wal, F_OK), 0);
	/* one flush, the forced one */
	{
		FILE *f = fopen(log, "r");
		int pid = 0;
		unsigned flag = 9;

		assert_non_null(f);
		assert_int_equal(fscanf(f, "%d %u", &pid, &flag), 2);
		assert_int_equal(flag, CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
		assert_int_equal(fscanf(f, "%d %u", &pid, &flag), EOF);
		fclose(f);
	}
}

/* SIGINT and SIGQUIT the same way; SIGQUIT still dies as SIGQUIT. */
static void test_sigint_sigquit(void **state)
{
	static const int sigs[] = { SIGINT, SIGQUIT, SIGHUP };

	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		char name[32], num[8];
		sqlite3 *db;
		int st;

		snprintf(num, sizeof num, "%d", sigs[i]);
		snprintf(name, sizeof name, "sig%d", sigs[i]);
		setenv("FAKE_SIGNAL", num, 1);
		st = run_signal(M_INT_QUIT, name, &db, NULL);
		unsetenv("FAKE_SIGNAL");
		assert_true(WIFSIGNALED(st));
		assert_int_equal(WTERMSIG(st), sigs[i]);
		assert_string_equal(meta_text(db, "tracer_status"), "terminated");
		assert_int_equal(atoi(meta_text(db, "terminated_by_signal")), sigs[i]);
		assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 6);
		sqlite3_close(db);
	}
}

/* A program that ignores SIGTERM is not disturbed: it goes on and exits 0. */
static void test_sigterm_ignored(void **state)
{
	sqlite3 *db;
	int st = run_signal(M_TERM_IGNORED, "ignored", &db, NULL);

	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	assert_string_equal(meta_text(db, "tracer_status"), "finished");
	assert_string_equal(meta_text(db, "terminated_by_signal"), "");
	sqlite3_close(db);
}

/*
 * A handler the program installed before CUDA runs after the flush: it finds
 * every record committed and the trace terminated; its _exit(7) is the
 * program's status. Through exit() instead, the atexit flush finishes the
 * trace as after any exit.
 */
static void test_sigterm_program_handler_exits(void **state)
{
	sqlite3 *db;
	int st = run_signal(M_TERM_HANDLER_EXITS, "handler-exits", &db, NULL);

	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 7);
	assert_string_equal(meta_text(db, "tracer_status"), "terminated");
	assert_int_equal(atoi(meta_text(db, "terminated_by_signal")), SIGTERM);
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 6);
	sqlite3_close(db);

	setenv("FAKE_HANDLER_EXIT", "1", 1);
	st = run_signal(M_TERM_HANDLER_EXITS, "handler-exit3", &db, NULL);
	unsetenv("FAKE_HANDLER_EXIT");
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 3);
	assert_string_equal(meta_text(db, "tracer_status"), "finished");
	assert_string_equal(meta_text(db, "terminated_by_signal"), "");
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 6);
	sqlite3_close(db);
}

/* A handler that returns: the program goes on, traced, and exits normally. */
static void test_sigterm_program_handler_returns(void **state)
{
	sqlite3 *db;
	int st = run_signal(M_TERM_HANDLER_RETURNS, "handler-returns", &db, NULL);

	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	assert_string_equal(meta_text(db, "tracer_status"), "finished");
	assert_string_equal(meta_text(db, "terminated_by_signal"), "");
	assert_string_equal(meta_text(db, "terminated_ns"), "");
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 7);
	assert_int_equal(q_int(db, "SELECT count(*) FROM call_args WHERE correlation_id = 88"), 1);
	sqlite3_close(db);
}

/* A disposition set after CUDA initialised replaces the library's: no final flush. */
static void test_sigterm_late_handler(void **state)
{
	sqlite3 *db;
	int st;

	/* no periodic flush before the signal, however slow the machine */
	setenv("OVERLAPCHECK_FLUSH_MS", "600000", 1);
	st = run_signal(M_TERM_LATE_HANDLER, "late", &db, NULL);
	unsetenv("OVERLAPCHECK_FLUSH_MS");
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGTERM);
	/* nothing was ever flushed: the file is as `run` made it, or as the
	 * writer left it after the set-up's meta (if it got there before the
	 * signal), never ended by a final flush */
	assert_true(!strcmp(meta_text(db, "tracer_status"), "not_started") ||
		    !strcmp(meta_text(db, "tracer_status"), "running"));
	assert_string_equal(meta_text(db, "terminated_by_signal"), "");
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 0);
	sqlite3_close(db);
}

/* A second SIGTERM while the (slow) final flush runs acts at once. */
static void test_sigterm_second_signal(void **state)
{
	sqlite3 *db;
	double secs;
	int st;

	/* a flush of 30 s under a bound of 60: ended by the second signal, the
	 * process is gone long before either, however loaded the machine (a
	 * bound of 2.5 s against a 4 s flush failed once under load) */
	setenv("FAKE_FORCED_FLUSH_MS", "30000", 1);
	setenv("OVERLAPCHECK_TERM_FLUSH_MS", "60000", 1);
	st = run_signal(M_TERM_SECOND, "second", &db, &secs);
	unsetenv("FAKE_FORCED_FLUSH_MS");
	unsetenv("OVERLAPCHECK_TERM_FLUSH_MS");
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGTERM);
	assert_true(secs < 20);
	assert_string_not_equal(meta_text(db, "tracer_status"), "terminated");
	sqlite3_close(db);
}

/*
 * The copy `overlapcheck run` forwards of a signal the whole process group
 * got is the same signal, not a second one: the flush completes.
 */
static void test_sigterm_forwarded_copy(void **state)
{
	sqlite3 *db;
	double secs;
	int st;

	setenv("FAKE_FORCED_FLUSH_MS", "600", 1);
	st = run_signal(M_TERM_FORWARDED_COPY, "forwarded", &db, &secs);
	unsetenv("FAKE_FORCED_FLUSH_MS");
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGTERM);
	assert_true(secs >= 0.6);
	assert_string_equal(meta_text(db, "tracer_status"), "terminated");
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 6);
	sqlite3_close(db);
}

/* The handler's wait is bounded by OVERLAPCHECK_TERM_FLUSH_MS. */
static void test_sigterm_bounded_wait(void **state)
{
	sqlite3 *db;
	double secs;
	int st;

	/* a flush of 30 s, bounded at 0.3: far below the flush, whatever the load */
	setenv("FAKE_FORCED_FLUSH_MS", "30000", 1);
	setenv("OVERLAPCHECK_TERM_FLUSH_MS", "300", 1);
	st = run_signal(M_TERM_BOUNDED, "bounded", &db, &secs);
	unsetenv("FAKE_FORCED_FLUSH_MS");
	unsetenv("OVERLAPCHECK_TERM_FLUSH_MS");
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGTERM);
	assert_true(secs < 20);
	sqlite3_close(db);

	/* 0: no handlers at all, as before the library had them (and no
	 * periodic flush before the signal, however slow the machine) */
	setenv("OVERLAPCHECK_TERM_FLUSH_MS", "0", 1);
	setenv("OVERLAPCHECK_FLUSH_MS", "600000", 1);
	st = run_signal(M_TERM, "no-handlers", &db, NULL);
	unsetenv("OVERLAPCHECK_TERM_FLUSH_MS");
	unsetenv("OVERLAPCHECK_FLUSH_MS");
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGTERM);
	/* untouched, or as the writer left it after the set-up's meta: no final flush */
	assert_true(!strcmp(meta_text(db, "tracer_status"), "not_started") ||
		    !strcmp(meta_text(db, "tracer_status"), "running"));
	assert_string_equal(meta_text(db, "terminated_by_signal"), "");
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 0);
	sqlite3_close(db);
}

/*
 * SIGSEGV and SIGABRT at SIG_DFL: the best-effort flush commits the records,
 * the trace stays `running` (not finalised), the program dies as it would.
 */
static void test_crash_flush(void **state)
{
	sqlite3 *db;
	int st = run_signal(M_SEGV, "segv", &db, NULL);

	if (!WIFSIGNALED(st))
		fail_msg("exit status %d", WEXITSTATUS(st));
	assert_int_equal(WTERMSIG(st), SIGSEGV);
	assert_string_equal(meta_text(db, "tracer_status"), "running");
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 6);
	sqlite3_close(db);

	st = run_signal(M_ABRT, "abrt", &db, NULL);
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGABRT);
	assert_string_equal(meta_text(db, "tracer_status"), "running");
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops"), 6);
	sqlite3_close(db);
}

/*
 * A real full disk: the trace in a 512 KiB tmpfs that fills mid-run. The
 * program's output and exit status are its own, the trace opens, passes
 * integrity_check, says write_failed where it still could, and what it
 * holds is valid. Needs root (mount); skipped without it.
 */
static void test_full_disk(void **state)
{
	char mnt[300], trace[340], out[400], text[200] = "";
	sqlite3 *db;
	FILE *f;
	pid_t pid;
	int st = 0, fd;

	snprintf(mnt, sizeof mnt, "%s/small", dir);
	mkdir(mnt, 0755);
	if (geteuid() != 0 || mount("tmpfs", mnt, "tmpfs", 0, "size=512k") != 0) {
		print_message("test_full_disk: skipped: cannot mount a tmpfs here (needs root)\n");
		skip();
	}
	snprintf(trace, sizeof trace, "%s/t.db", mnt);
	snprintf(out, sizeof out, "%s/stdout", dir);
	make_trace(trace);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		dup2(fd, 1);
		program(M_FULL_DISK, trace);
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	f = fopen(out, "r");
	assert_non_null(f);
	assert_non_null(fgets(text, sizeof text, f));
	fclose(f);
	assert_string_equal(text, "full disk: the program's own output\n");

	db = open_trace(trace);
	assert_string_equal(q_text(db, "PRAGMA integrity_check"), "ok");
	assert_true(q_int(db, "SELECT count(*) FROM ops") > 100);
	assert_int_equal(q_int(db, "SELECT count(*) FROM ops WHERE dur_ns <= 0 OR start_ns <= 0"), 0);
	/* where it could still be written, the trace says why it stops */
	assert_true(!strcmp(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "write_failed") ||
		    q_int(db, "SELECT count(*) FROM warnings WHERE code = 'write_failed'") == 1 ||
		    !strcmp(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "running"));
	print_message("test_full_disk: %lld ops, tracer_status %s\n",
		      (long long)q_int(db, "SELECT count(*) FROM ops"),
		      q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"));
	sqlite3_close(db);
	assert_int_equal(umount2(mnt, MNT_DETACH), 0);
}

/*
 * A flush that hands back nothing although records came (CUPTI keeps a
 * buffer whose work is still in flight) is followed by another a quarter
 * period later, not a whole period: with a 1 s period the records are in
 * the trace within 750 ms of the flush that kept them (without: 1 s).
 */
static void test_flush_follow_up(void **state)
{
	char trace[300];
	int st;

	snprintf(trace, sizeof trace, "%s/follow.db", dir);
	make_trace(trace);
	setenv("FAKE_HOLD", "1", 1);
	st = run(M_FOLLOW_UP, trace);
	unsetenv("FAKE_HOLD");
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 82);
}

/*
 * A worker of a distributed job (RANK set, as torchrun does) names its own
 * trace by its rank, and the passport has rank, local_rank and world_size
 * as keys of their own. No libnccl is loaded here: no nccl_version.
 */
static void test_rank_trace(void **state)
{
	char trace[300], own[320];
	sqlite3 *db;
	pid_t pid;
	int st = 0;

	snprintf(trace, sizeof trace, "%s/job.db", dir);
	make_trace(trace);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		setenv("RANK", "3", 1);
		setenv("LOCAL_RANK", "1", 1);
		setenv("WORLD_SIZE", "4", 1);
		setenv("NCCL_ALGO", "Ring", 1);
		program(M_CHILD, trace);
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);

	snprintf(own, sizeof own, "%s/job.%d.db", dir, (int)pid);
	assert_int_not_equal(access(own, F_OK), 0);
	snprintf(own, sizeof own, "%s/job.rank3.db", dir);
	db = open_trace(own);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "finished");
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'rank'"), 3);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'local_rank'"), 1);
	assert_int_equal(q_int(db, "SELECT value FROM meta WHERE key = 'world_size'"), 4);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'rank_from'"), "RANK");
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'env.NCCL_ALGO'"), "Ring");
	assert_int_equal(q_int(db, "SELECT count(*) FROM meta WHERE key = 'env.RANK'"), 0);
	assert_int_equal(q_int(db, "SELECT count(*) FROM meta WHERE key LIKE 'nccl_version%'"), 0);
	sqlite3_close(db);
}

/* An output that cannot be written: the program still runs to its normal end. */
static void test_unwritable_output(void **state)
{
	char trace[300];
	int st;

	snprintf(trace, sizeof trace, "%s/no/such/dir/t.db", dir);
	st = run(M_EXIT, trace);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	assert_int_not_equal(access(trace, F_OK), 0);
}

static char so_path[512];

/*
 * `run --preload`: the library in LD_PRELOAD initialises from its
 * constructor, before main; the driver's later InitializeInjection is a no-op.
 */
static void test_preload(void **state)
{
	char trace[300], pid[32];
	sqlite3 *db;
	pid_t c;
	int st = 0;

#ifdef __SANITIZE_ADDRESS__
	skip();   /* an instrumented library cannot be preloaded before the ASan runtime */
#endif
	snprintf(trace, sizeof trace, "%s/preload.db", dir);
	make_trace(trace);
	fflush(NULL);
	c = fork();
	assert_true(c >= 0);
	if (c == 0) {
		snprintf(pid, sizeof pid, "%d", (int)getpid());
		setenv("OVERLAPCHECK_OUTPUT", trace, 1);
		setenv("OVERLAPCHECK_MAIN_PID", pid, 1);
		setenv("OVERLAPCHECK_QUIET", "1", 1);
		setenv("LD_PRELOAD", so_path, 1);
		execl("/proc/self/exe", "test-inj-fake", "--preload-program", trace, (char *)NULL);
		_exit(96);
	}
	assert_int_equal(waitpid(c, &st, 0), c);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	db = open_trace(trace);
	assert_string_equal(q_text(db, "SELECT value FROM meta WHERE key = 'tracer_status'"), "finished");
	assert_int_equal(q_int(db, "SELECT count(*) FROM device_ops WHERE kind = 'kernel'"), 6);
	assert_int_equal(q_int(db, "SELECT count(*) FROM call_args"), 8);
	sqlite3_close(db);
}

int main(int argc, char **argv)
{
	const char *build = getenv("BUILD");

	snprintf(so_path, sizeof so_path, "%s/lib/liboverlapcheck-inject.so",
		 build && *build ? build : "build");
	if (argc == 3 && !strcmp(argv[1], "--preload-program")) {
		struct timespec now;

		if (!api_cb)
			_exit(95);   /* the constructor did not initialise */
		unsetenv("LD_PRELOAD");
		clock_gettime(CLOCK_REALTIME, &now);
		T0 = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
		program(M_EXIT, argv[2]);
	}

	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exit),
		cmocka_unit_test(test_capture_profiler),
		cmocka_unit_test(test_api_minimal),
		cmocka_unit_test(test_caller),
		cmocka_unit_test(test_queries),
		cmocka_unit_test(test_cuda_events),
		cmocka_unit_test(test_api_timing),
		cmocka_unit_test(test_api_all),
		cmocka_unit_test(test_kinds_off),
		cmocka_unit_test(test_callbacks_off),
		cmocka_unit_test(test_own_calls),
		cmocka_unit_test(test_sigkill),
		cmocka_unit_test(test_fork),
		cmocka_unit_test(test_multiple_subscribers),
		cmocka_unit_test(test_no_kernels),
		cmocka_unit_test(test_child_trace),
		cmocka_unit_test(test_unwritable_output),
		cmocka_unit_test(test_rank_trace),
		cmocka_unit_test(test_preload),
		cmocka_unit_test(test_sigterm_final_flush),
		cmocka_unit_test(test_sigint_sigquit),
		cmocka_unit_test(test_sigterm_ignored),
		cmocka_unit_test(test_sigterm_program_handler_exits),
		cmocka_unit_test(test_sigterm_program_handler_returns),
		cmocka_unit_test(test_sigterm_late_handler),
		cmocka_unit_test(test_sigterm_second_signal),
		cmocka_unit_test(test_sigterm_forwarded_copy),
		cmocka_unit_test(test_sigterm_bounded_wait),
		cmocka_unit_test(test_crash_flush),
		cmocka_unit_test(test_full_disk),
		cmocka_unit_test(test_flush_follow_up),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
