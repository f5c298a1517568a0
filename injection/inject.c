/*
 * inject.c: the CUPTI side of liboverlapcheck-inject.so.
 *
 * Entry points. The CUDA driver calls InitializeInjection() (the only symbol
 * besides the NVTX forwarders that this library exports) when
 * CUDA_INJECTION64_PATH names it; when the library is in LD_PRELOAD a
 * constructor calls it too. An atomic guard makes the second call a no-op, so
 * both at once initialise once. NVTX_INJECTION64_PATH may name this library
 * too: the InitializeInjectionNvtx* forwarders start tracing (NVTX can come
 * before the first CUDA call) and hand NVTX to the libcupti we are linked
 * with, whose MARKER records arrive like any other. Initialisations that run
 * before CUDA is known to be in use are quiet and can be retried.
 *
 * Threads. API callbacks run on the program's threads. They copy the few
 * arguments activity records lack into a per-thread chunk (a mutex the owner
 * almost never has to wait for), and return. Full chunks go to the writer;
 * the tool's flush thread calls cuptiActivityFlushAll(0) every
 * OVERLAPCHECK_FLUSH_MS and takes the partly filled chunks, so a crash loses
 * at most one period. Nothing here calls SQLite.
 *
 * Failure. Every CUPTI error is warned about once and recorded; a failure
 * that makes tracing impossible (another subscriber holds CUPTI) leaves the
 * program running untraced.
 *
 * Exit and fork. At exit (atexit, or the destructor under LD_PRELOAD) the
 * process that initialised flushes everything (after a context synchronize
 * when a context is current), lets the writer finish and checkpoint. A forked
 * child marks itself disabled in a pthread_atfork handler: it never flushes,
 * finalizes or writes anything of the parent's.
 */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cupti.h>

#include "apiargs.h"
#include "passport.h"
#include "writer.h"
#include "overlapcheck/codes.h"

#define EXPORT __attribute__((visibility("default")))

/* Per-thread state: the chunk being filled and counters. */
struct holder {
	pthread_mutex_t mu;
	struct oc_args_chunk *chunk;
	struct holder *next;
	_Atomic uint64_t launches, calls;
	_Atomic uint64_t cb_calls, cb_ns;
};

/* Stream id cache entry (per thread). */
struct sid_cache {
	CUcontext ctx;
	uint64_t handle;
	unsigned gen;
	uint32_t id;
	uint8_t ptsz, valid;
};
#define SID_CACHE 8

/* The process's tracing state. */
static struct oc_inj_state {
	_Atomic int initialized;      /* InitializeInjection ran in this process */
	_Atomic int disabled;         /* untraced from now on (fork child, fatal error) */
	_Atomic int finished;
	pid_t init_pid;
	int stats_on;
	unsigned flush_ms;
} oc_inj = {
	.flush_ms = 100,
};
static _Atomic unsigned stream_gen;  /* bumped on stream create/destroy */
static CUpti_SubscriberHandle subscriber;

static pthread_mutex_t holders_mu = PTHREAD_MUTEX_INITIALIZER;
static struct holder *holders;
/*
 * Everything a program thread keeps, in one thread-local struct: in a
 * dlopen'ed library each distinct TLS variable costs a __tls_get_addr call,
 * and the callback runs on every launch.
 */
struct tstate {
	struct holder *holder;
	int rt_depth;                    /* inside an enabled runtime call */
	uint32_t tid;                    /* gettid(), 0 until asked */
	unsigned sid_next;
	struct sid_cache sid[SID_CACHE];
	void *const *pending_ptr;        /* stream creation: where the handle will be */
	struct oc_args_row pending;      /* stream creation: its row, sent at the exit site */
};
static __thread struct tstate tls;

static _Atomic uint64_t buf_req_calls, buf_req_ns, buf_done_calls, buf_done_ns;
static _Atomic int have_buffers;     /* CUPTI asked for a buffer: there is something to flush */

static pthread_t flush_thread;
static int flush_running;
static pthread_mutex_t flush_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t flush_cv = PTHREAD_COND_INITIALIZER;
static int flush_stop;

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The kernel thread id (what CUPTI reports with THREAD_ID_TYPE_SYSTEM). */
static uint32_t tstate_tid(struct tstate *t)
{
	if (!t->tid)
		t->tid = (uint32_t)syscall(SYS_gettid);
	return t->tid;
}

static uint32_t oc_inj_tid(void)
{
	return tstate_tid(&tls);
}

static const char *cupti_err(CUptiResult rc)
{
	const char *s = NULL;

	if (cuptiGetResultString(rc, &s) != CUPTI_SUCCESS || !s)
		return "unknown CUPTI error";
	return s;
}

static struct holder *holder_get(struct tstate *t)
{
	struct holder *h = t->holder;

	if (h)
		return h;
	h = calloc(1, sizeof *h);
	if (!h)
		return NULL;
	pthread_mutex_init(&h->mu, NULL);
	pthread_mutex_lock(&holders_mu);
	h->next = holders;
	holders = h;
	pthread_mutex_unlock(&holders_mu);
	t->holder = h;
	return h;
}

static void append_row(struct holder *h, const struct oc_args_row *row)
{
	struct oc_args_chunk *full = NULL;

	pthread_mutex_lock(&h->mu);
	if (!h->chunk)
		h->chunk = oc_writer_chunk_get();
	if (h->chunk) {
		h->chunk->rows[h->chunk->n++] = *row;
		if (h->chunk->n == OC_ARGS_CHUNK) {
			full = h->chunk;
			h->chunk = NULL;
		}
	}
	pthread_mutex_unlock(&h->mu);
	if (full)
		oc_writer_submit_chunk(full);
}

/* Hand every thread's partly filled chunk to the writer. */
static void oc_inj_steal_chunks(void)
{
	struct holder *h;

	pthread_mutex_lock(&holders_mu);
	for (h = holders; h; h = h->next) {
		struct oc_args_chunk *c;

		pthread_mutex_lock(&h->mu);
		c = h->chunk;
		h->chunk = NULL;
		pthread_mutex_unlock(&h->mu);
		if (c)
			oc_writer_submit_chunk(c);
	}
	pthread_mutex_unlock(&holders_mu);
}

/* Add every thread's counters to fin (at the end, oc_inj_finalize). */
static void oc_inj_callback_totals(struct oc_writer_final *fin)
{
	struct holder *h;

	pthread_mutex_lock(&holders_mu);
	for (h = holders; h; h = h->next) {
		fin->api_launches_seen += atomic_load(&h->launches);
		fin->api_calls_seen += atomic_load(&h->calls);
		fin->api_cb_calls += atomic_load(&h->cb_calls);
		fin->api_cb_ns += atomic_load(&h->cb_ns);
	}
	pthread_mutex_unlock(&holders_mu);
}

/* After fork() in the child: this thread's id is the child's own, ask again. */
static void oc_inj_forget_tid(void)
{
	tls.tid = 0;
}

/* The CUPTI stream id of a handle, cached per thread; OC_ARG_NONE if unknown. */
static int64_t stream_id_of(struct tstate *t, CUcontext ctx, uint64_t handle, int ptsz)
{
	unsigned gen = atomic_load_explicit(&stream_gen, memory_order_relaxed);
	uint32_t id = 0;
	struct sid_cache *c;

	for (int i = 0; i < SID_CACHE; i++) {
		c = &t->sid[i];
		if (c->valid && c->ctx == ctx && c->handle == handle && c->ptsz == ptsz &&
		    (c->gen == gen || handle <= 2))
			return c->id;
	}
	if (cuptiGetStreamIdEx(ctx, (CUstream)(uintptr_t)handle, (uint8_t)ptsz, &id) != CUPTI_SUCCESS)
		return OC_ARG_NONE;
	c = &t->sid[t->sid_next++ % SID_CACHE];
	c->ctx = ctx;
	c->handle = handle;
	c->ptsz = (uint8_t)ptsz;
	c->gen = gen;
	c->id = id;
	c->valid = 1;
	return id;
}

static void CUPTIAPI oc_inj_api_callback(void *userdata, CUpti_CallbackDomain domain,
				  CUpti_CallbackId cbid, const void *data)
{
	const CUpti_CallbackData *cb = data;
	struct oc_args_row row;
	void *const *create_ptr = NULL;
	enum oc_cb_class cls;
	struct holder *h = NULL;
	struct tstate *t = &tls;
	uint64_t t0 = 0;

	if (atomic_load_explicit(&oc_inj.disabled, memory_order_relaxed) ||
	    atomic_load_explicit(&oc_inj.finished, memory_order_relaxed))
		return;
	if (oc_inj.stats_on)
		t0 = mono_ns();
	if (domain == CUPTI_CB_DOMAIN_RUNTIME_API) {
		if (cb->callbackSite == CUPTI_API_EXIT) {
			/* The enter site of the call running at subscription was never seen. */
			if (t->rt_depth > 0)
				t->rt_depth--;
		} else
			t->rt_depth++;
	} else if (domain == CUPTI_CB_DOMAIN_DRIVER_API && t->rt_depth > 0) {
		goto out;  /* the runtime call above already recorded this one */
	}
	if (!(h = holder_get(t)))
		goto out;

	if (cb->callbackSite == CUPTI_API_EXIT) {
		/* Only stream creation needs the exit site: the new handle. */
		if (t->pending_ptr && t->pending.correlation_id == cb->correlationId &&
		    t->pending.domain == (domain == CUPTI_CB_DOMAIN_RUNTIME_API ? OC_API_RUNTIME
										: OC_API_DRIVER)) {
			void *handle = *t->pending_ptr;

			t->pending_ptr = NULL;
			atomic_fetch_add_explicit(&stream_gen, 1, memory_order_relaxed);
			if (cb->functionReturnValue && *(const int *)cb->functionReturnValue == 0 && handle) {
				t->pending.stream_handle = (int64_t)(uintptr_t)handle;
				t->pending.handle_kind = OC_HANDLE_EXPLICIT;
				t->pending.stream_id = stream_id_of(t, cb->context,
								    (uint64_t)(uintptr_t)handle, 0);
				append_row(h, &t->pending);
			}
		}
		goto out;
	}

	cls = oc_args_extract(domain, cbid, cb->functionParams, &row, &create_ptr);
	if (cls == OC_CB_NONE)
		goto out;
	row.correlation_id = cb->correlationId;
	row.tid = tstate_tid(t);
	row.context_id = cb->contextUid;
	atomic_fetch_add_explicit(&h->calls, 1, memory_order_relaxed);
	switch (cls) {
	case OC_CB_STREAM_CREATE:
		t->pending = row;
		t->pending_ptr = create_ptr;
		goto out;
	case OC_CB_STREAM_DESTROY:
		atomic_fetch_add_explicit(&stream_gen, 1, memory_order_relaxed);
		goto out;
	case OC_CB_LAUNCH:
		atomic_fetch_add_explicit(&h->launches, 1, memory_order_relaxed);
		break;
	default:
		break;
	}
	if (row.stream_handle != OC_ARG_NONE && cb->context)
		row.stream_id = stream_id_of(t, cb->context, (uint64_t)row.stream_handle, row.ptsz);
	append_row(h, &row);
out:
	if (oc_inj.stats_on && (h = t->holder) != NULL) {
		atomic_fetch_add_explicit(&h->cb_calls, 1, memory_order_relaxed);
		atomic_fetch_add_explicit(&h->cb_ns, mono_ns() - t0, memory_order_relaxed);
	}
}

/* ---- activity buffers ---------------------------------------------------- */

static void CUPTIAPI oc_inj_buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records)
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

static void CUPTIAPI oc_inj_buffer_completed(CUcontext ctx, uint32_t stream_id, uint8_t *buffer,
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
static void oc_inj_buffer_totals(struct oc_writer_final *fin)
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

static int oc_inj_start_flush_thread(void)
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

static void oc_inj_stop_flush_thread(void)
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
static void oc_inj_forget_flush_thread(void)
{
	flush_running = 0;
}

/* ---- configuration ----------------------------------------------------------- */

static unsigned long env_ulong(const char *name, unsigned long dflt, unsigned long min,
			       unsigned long max)
{
	const char *v = getenv(name);
	char *end;
	unsigned long n;

	if (!v || !*v)
		return dflt;
	errno = 0;
	n = strtoul(v, &end, 10);
	if (errno || *end || n < min || n > max) {
		oc_writer_warn("inject", "bad_setting", "ignoring %s='%s': expected %lu..%lu",
			       name, v, min, max);
		return dflt;
	}
	return n;
}

/* A positive 64-bit number from the environment, 0 when unset or bad. */
static uint64_t env_u64(const char *name)
{
	const char *v = getenv(name);
	char *end;
	unsigned long long n;

	if (!v || !*v)
		return 0;
	errno = 0;
	n = strtoull(v, &end, 10);
	return errno || *end ? 0 : (uint64_t)n;
}

static int oc_inj_env_flag(const char *name)
{
	const char *v = getenv(name);

	return v && *v && strcmp(v, "0") != 0;
}

static int file_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/*
 * The trace path for a process that is not the one `overlapcheck run`
 * started: <dir>/<stem>.<pid>.db next to the main trace, or
 * ./overlapcheck-<pid>.db without one. An existing file is never reused:
 * .<pid>.1.db, .<pid>.2.db, ... are tried instead.
 */
static int own_trace_path(const char *main_trace, char *buf, size_t len)
{
	char dir[PATH_MAX], stem[PATH_MAX];
	const char *slash, *base;
	size_t n;
	pid_t pid = getpid();

	if (main_trace) {
		slash = strrchr(main_trace, '/');
		base = slash ? slash + 1 : main_trace;
		snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - main_trace) : 1,
			 slash ? main_trace : ".");
		if (slash && slash == main_trace)
			snprintf(dir, sizeof dir, "/");
		snprintf(stem, sizeof stem, "%s", base);
		n = strlen(stem);
		if (n > 3 && !strcmp(stem + n - 3, ".db"))
			stem[n - 3] = '\0';
	} else {
		snprintf(dir, sizeof dir, ".");
		snprintf(stem, sizeof stem, "overlapcheck");
	}
	for (int i = 0; i < 100; i++) {
		int w = i ? snprintf(buf, len, "%s/%s%s%d.%d.db", dir, stem, main_trace ? "." : "-", (int)pid, i)
			  : snprintf(buf, len, "%s/%s%s%d.db", dir, stem, main_trace ? "." : "-", (int)pid);

		if (w < 0 || (size_t)w >= len)
			return -1;
		if (!file_exists(buf))
			return 0;
	}
	return -1;
}

/* ---- init and exit --------------------------------------------------------------- */

static const CUpti_ActivityKind kinds[] = {
	CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
	CUPTI_ACTIVITY_KIND_MEMCPY2, CUPTI_ACTIVITY_KIND_MEMSET,
	CUPTI_ACTIVITY_KIND_SYNCHRONIZATION, CUPTI_ACTIVITY_KIND_RUNTIME,
	CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_ACTIVITY_KIND_STREAM,
	CUPTI_ACTIVITY_KIND_CONTEXT, CUPTI_ACTIVITY_KIND_DEVICE,
	CUPTI_ACTIVITY_KIND_OVERHEAD, CUPTI_ACTIVITY_KIND_CUDA_EVENT,
	CUPTI_ACTIVITY_KIND_MARKER, CUPTI_ACTIVITY_KIND_MARKER_DATA,
};

static const char *kind_name(CUpti_ActivityKind k)
{
	switch (k) {
	case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: return "CONCURRENT_KERNEL";
	case CUPTI_ACTIVITY_KIND_MEMCPY: return "MEMCPY";
	case CUPTI_ACTIVITY_KIND_MEMCPY2: return "MEMCPY2";
	case CUPTI_ACTIVITY_KIND_MEMSET: return "MEMSET";
	case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION: return "SYNCHRONIZATION";
	case CUPTI_ACTIVITY_KIND_RUNTIME: return "RUNTIME";
	case CUPTI_ACTIVITY_KIND_DRIVER: return "DRIVER";
	case CUPTI_ACTIVITY_KIND_STREAM: return "STREAM";
	case CUPTI_ACTIVITY_KIND_CONTEXT: return "CONTEXT";
	case CUPTI_ACTIVITY_KIND_DEVICE: return "DEVICE";
	case CUPTI_ACTIVITY_KIND_OVERHEAD: return "OVERHEAD";
	case CUPTI_ACTIVITY_KIND_CUDA_EVENT: return "CUDA_EVENT";
	case CUPTI_ACTIVITY_KIND_MARKER: return "MARKER";
	case CUPTI_ACTIVITY_KIND_MARKER_DATA: return "MARKER_DATA";
	default: return "?";
	}
}

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

	if (get && sync && get(&ctx) == 0 && ctx)
		sync();
	oc_writer_exit_sync(oc_inj_tid(), t0, cupti_now());
}

static void oc_inj_finalize(void)
{
	static _Atomic int once;
	struct oc_writer_final fin;
	size_t dropped = 0;

	if (!atomic_load(&oc_inj.initialized) || getpid() != oc_inj.init_pid ||
	    atomic_load(&oc_inj.disabled))
		return;
	if (atomic_exchange(&once, 1))
		return;

	oc_inj_stop_flush_thread();
	if (!oc_inj_env_flag("OVERLAPCHECK_NO_EXIT_SYNC"))
		sync_current_context();
	cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
	atomic_store(&oc_inj.finished, 1);
	oc_inj_steal_chunks();
	if (cuptiActivityGetNumDroppedRecords(NULL, 0, &dropped) != CUPTI_SUCCESS)
		dropped = 0;
	oc_passport_collect();

	memset(&fin, 0, sizeof fin);
	fin.dropped_records = dropped;
	oc_inj_callback_totals(&fin);
	fin.stats = oc_inj.stats_on;
	oc_inj_buffer_totals(&fin);
	fin.status = "finished";

	/* The writer checks that the launches' kernel records arrived. */
	oc_writer_finish(&fin);
}

static void oc_inj_after_fork_child(void)
{
	atomic_store(&oc_inj.disabled, 1);
	oc_inj_forget_flush_thread();
	oc_inj_forget_tid();
	oc_writer_abandon();
}

static int setup_cupti(int quiet_unavailable)
{
	static const CUpti_CallbackDomain domains[] = {
		CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_CB_DOMAIN_DRIVER_API,
	};
	CUptiResult rc;

	rc = cuptiSubscribe(&subscriber, (CUpti_CallbackFunc)oc_inj_api_callback, NULL);
	if (rc == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED) {
		oc_writer_warn("cupti", "multiple_subscribers",
			       "another CUPTI client (a profiler, or the framework's own) is active: "
			       "this process runs untraced");
		return -1;
	}
	if (rc != CUPTI_SUCCESS) {
		if (quiet_unavailable)
			return -1;
		oc_writer_warn("cupti", "subscribe_failed",
			       "cannot subscribe to CUPTI: %s; this process runs untraced", cupti_err(rc));
		return -1;
	}
	for (size_t d = 0; d < sizeof domains / sizeof domains[0]; d++) {
		size_t n;
		const CUpti_CallbackId *ids = oc_args_cbids(domains[d], &n);

		for (size_t i = 0; i < n; i++) {
			rc = cuptiEnableCallback(1, subscriber, domains[d], ids[i]);
			if (rc != CUPTI_SUCCESS)
				oc_writer_warn("cupti", "enable_callback_failed",
					       "cannot enable CUPTI callback %u of domain %d: %s",
					       ids[i], (int)domains[d], cupti_err(rc));
		}
	}

	rc = cuptiSetThreadIdType(CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM);
	if (rc != CUPTI_SUCCESS)
		oc_writer_warn("cupti", "thread_id_type",
			       "cannot make CUPTI report system thread ids: %s", cupti_err(rc));
	rc = cuptiActivityRegisterCallbacks(oc_inj_buffer_requested, oc_inj_buffer_completed);
	if (rc != CUPTI_SUCCESS) {
		oc_writer_warn("cupti", "register_failed",
			       "cannot register CUPTI activity buffers: %s; this process runs untraced",
			       cupti_err(rc));
		cuptiUnsubscribe(subscriber);
		return -1;
	}
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		rc = cuptiActivityEnable(kinds[i]);
		if (rc == CUPTI_SUCCESS)
			continue;
		oc_writer_warn("cupti", "enable_kind_failed", "cannot enable CUPTI activity kind %s: %s",
			       kind_name(kinds[i]), cupti_err(rc));
		if (kinds[i] == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) {
			cuptiUnsubscribe(subscriber);
			return -1;
		}
	}
	return 0;
}

static _Atomic int init_guard;

/*
 * Start tracing this process, once. quiet: called before CUDA is known to be
 * in use (LD_PRELOAD constructor, NVTX); if CUPTI cannot start, say nothing
 * and let a later InitializeInjection() from the driver try again.
 */
static int init(int quiet)
{
	struct oc_writer_config cfg;
	const char *out, *main_pid;
	char path[PATH_MAX];

	if (atomic_exchange(&init_guard, 1))
		return 1;
	oc_inj.init_pid = getpid();
	oc_inj.stats_on = oc_inj_env_flag("OVERLAPCHECK_STATS");
	oc_inj.flush_ms = (unsigned)env_ulong("OVERLAPCHECK_FLUSH_MS", 100, 1, 3600000);

	memset(&cfg, 0, sizeof cfg);
	cfg.quiet = oc_inj_env_flag("OVERLAPCHECK_QUIET");
	cfg.stats = oc_inj.stats_on;
	cfg.buffer_bytes = (size_t)env_ulong("OVERLAPCHECK_BUFFER_KB", 8192, 64, 1u << 20) << 10;
	cfg.flush_ms = oc_inj.flush_ms;
	cfg.on_first_context = (void (*)(void))oc_passport_collect;
	out = getenv("OVERLAPCHECK_OUTPUT");
	main_pid = getenv("OVERLAPCHECK_MAIN_PID");
	if (out && *out && (!main_pid || !*main_pid || atol(main_pid) == (long)oc_inj.init_pid)) {
		cfg.path = out;
		cfg.create = 0;
	} else {
		if (own_trace_path(out && *out ? out : NULL, path, sizeof path)) {
			fprintf(stderr, "overlapcheck: cannot choose a trace name for pid %d: "
				"this process runs untraced\n", (int)oc_inj.init_pid);
			atomic_store(&oc_inj.disabled, 1);
			return 1;
		}
		cfg.path = path;
		cfg.create = 1;
		cfg.parent_trace = out && *out ? out : NULL;
		/* The main trace's start, when `run` passes it: one time axis for all. */
		cfg.start_ns = env_u64("OVERLAPCHECK_TRACE_START_NS");
		if (!cfg.start_ns) {
			struct timespec ts;

			clock_gettime(CLOCK_REALTIME, &ts);
			cfg.start_ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
		}
	}
	if (oc_writer_start(&cfg)) {
		fprintf(stderr, "overlapcheck: cannot start the writer thread: this process runs untraced\n");
		atomic_store(&oc_inj.disabled, 1);
		return 1;
	}
	pthread_atfork(NULL, NULL, oc_inj_after_fork_child);
	if (setup_cupti(quiet)) {
		struct oc_writer_final fin = { .status = "untraced" };

		oc_writer_finish(&fin);
		if (quiet)
			atomic_store(&init_guard, 0);
		else
			atomic_store(&oc_inj.disabled, 1);
		return 1;
	}
	if (oc_inj_start_flush_thread())
		oc_writer_warn("inject", "no_flush_thread",
			       "cannot start the flush thread: records arrive only when buffers fill "
			       "and at exit");
	atomic_store(&oc_inj.initialized, 1);
	atexit(oc_inj_finalize);
	return 1;
}

EXPORT int InitializeInjection(void)
{
	return init(0);
}

/*
 * Under LD_PRELOAD (`overlapcheck run --preload`, for programs that drop
 * CUDA_INJECTION64_PATH from their environment), initialise at load; when
 * the driver later loads the same file through CUDA_INJECTION64_PATH it gets
 * this instance and the guard. A process where CUPTI cannot start (no driver:
 * it never uses CUDA) stays silent. Loaded by the driver, do nothing here.
 */
__attribute__((constructor)) static void preload_init(void)
{
	const char *pre = getenv("LD_PRELOAD");

	if (pre && strstr(pre, "liboverlapcheck-inject"))
		init(1);
}

__attribute__((destructor)) static void preload_fini(void)
{
	oc_inj_finalize();
}

/* ---- NVTX --------------------------------------------------------------------- */

/*
 * NVTX_INJECTION64_PATH may name this library. NVTX then calls one of these;
 * each forwards to the same entry point of the libcupti this library was
 * linked with (already loaded), which turns NVTX calls into MARKER records.
 */
static void *cupti_sym(const char *name)
{
	void *h = dlopen("libcupti.so.13", RTLD_LAZY | RTLD_NOLOAD);

	if (!h)
		h = dlopen("libcupti.so", RTLD_LAZY | RTLD_NOLOAD);
	return h ? dlsym(h, name) : NULL;
}

EXPORT int InitializeInjectionNvtx2(void *get_export_table)
{
	int (*fn)(void *) = (int (*)(void *))cupti_sym("InitializeInjectionNvtx2");

	/* NVTX may come before the first CUDA call: markers need MARKER enabled. */
	init(1);

	if (!fn) {
		oc_writer_warn("inject", "nvtx_unavailable",
			       "libcupti has no InitializeInjectionNvtx2: NVTX ranges are not traced");
		return 0;
	}
	return fn(get_export_table);
}

EXPORT int InitializeInjectionNvtx(void *get_export_table)
{
	int (*fn)(void *) = (int (*)(void *))cupti_sym("InitializeInjectionNvtx");

	init(1);

	return fn ? fn(get_export_table) : 0;
}

EXPORT int InitializeInjectionNvtxExtension(void *arg)
{
	int (*fn)(void *) = (int (*)(void *))cupti_sym("InitializeInjectionNvtxExtension");

	return fn ? fn(arg) : 0;
}
