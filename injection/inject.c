/*
 * inject.c: the CUPTI side of liboverlapcheck-inject.so: its entry points,
 * its settings and the CUPTI setup.
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
 * Initialisation reads the OVERLAPCHECK_* settings (through inject-state.c's
 * helpers, beside the state oc_inj it fills), chooses the trace file,
 * starts the writer (writer.c), subscribes the API callbacks
 * (inject-callbacks.c) and enables their callback ids, registers the
 * activity buffer callbacks (inject-buffers.c), enables the activity kinds,
 * starts the flush thread (inject-flush.c), registers the exit and fork
 * handlers (inject-lifecycle.c) and installs the termination-signal handlers
 * (inject-signals.c).
 *
 * Failure. Every CUPTI error is warned about once and recorded; a failure
 * that makes tracing impossible (another subscriber holds CUPTI) leaves the
 * program running untraced.
 */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cupti.h>

#include "apiargs.h"
#include "passport.h"
#include "writer.h"
#include "inject-priv.h"

#define EXPORT __attribute__((visibility("default")))

static CUpti_SubscriberHandle subscriber;

/* ---- configuration ----------------------------------------------------------- */

static int file_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/*
 * The trace path for a process that is not the one `overlapcheck run`
 * started: <dir>/<stem>.<pid>.db next to the main trace, or
 * ./overlapcheck-<pid>.db without one; a worker with a rank (RANK under
 * torchrun: oc_passport_rank()) takes <stem>.rank<R>.db, or
 * ./overlapcheck-rank<R>.db, instead, so that a job's traces are named by
 * what `report --ranks` matches. An existing file is never reused:
 * .<pid>.1.db, .rank<R>.1.db, ... are tried instead.
 */
static int own_trace_path(const char *main_trace, char *buf, size_t len)
{
	char dir[PATH_MAX], stem[PATH_MAX], id[32];
	const char *slash, *base;
	size_t n;
	pid_t pid = getpid();
	long rank = oc_passport_rank(NULL);

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
	if (rank >= 0)
		snprintf(id, sizeof id, "rank%ld", rank);
	else
		snprintf(id, sizeof id, "%d", (int)pid);
	for (int i = 0; i < 100; i++) {
		int w = i ? snprintf(buf, len, "%s/%s%s%s.%d.db", dir, stem, main_trace ? "." : "-", id, i)
			  : snprintf(buf, len, "%s/%s%s%s.db", dir, stem, main_trace ? "." : "-", id);

		if (w < 0 || (size_t)w >= len)
			return -1;
		if (!file_exists(buf))
			return 0;
	}
	return -1;
}

/* ---- init ------------------------------------------------------------------------ */

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

/*
 * OVERLAPCHECK_KINDS_OFF=NAME,...: activity kinds not enabled, for paired
 * measurements of what each costs (docs/performance.md, "How to attribute
 * the cost"). Only the kinds the analysis can do without: the device ops',
 * the synchronizations' and the API's stay. An unknown or refused name is
 * warned about (bad_setting) and ignored. CUDA_EVENT is off as well unless
 * OVERLAPCHECK_CUDA_EVENTS=record. The kinds that stay off go to meta
 * kinds_off, so a trace says what it did not collect. Called once the
 * writer runs, before the kinds are enabled.
 */
static const CUpti_ActivityKind optional_kinds[] = {
	CUPTI_ACTIVITY_KIND_STREAM, CUPTI_ACTIVITY_KIND_CONTEXT, CUPTI_ACTIVITY_KIND_DEVICE,
	CUPTI_ACTIVITY_KIND_OVERHEAD, CUPTI_ACTIVITY_KIND_CUDA_EVENT, CUPTI_ACTIVITY_KIND_MARKER,
	CUPTI_ACTIVITY_KIND_MARKER_DATA,
};

static void read_kinds_off(void)
{
	const char *v = getenv("OVERLAPCHECK_KINDS_OFF");
	char names[256] = "";
	size_t at = 0;

	oc_inj.kinds_off = 0;
	while (v && *v) {
		const char *end = strchr(v, ',');
		size_t n = end ? (size_t)(end - v) : strlen(v);
		size_t i, k = sizeof optional_kinds / sizeof optional_kinds[0];

		if (n) {
			for (i = 0; i < k; i++) {
				const char *name = kind_name(optional_kinds[i]);

				if (strlen(name) == n && !strncasecmp(name, v, n))
					break;
			}
			if (i < k)
				oc_inj.kinds_off |= 1ull << (unsigned)optional_kinds[i];
			else
				oc_writer_warn("inject", "bad_setting",
					       "ignoring '%.*s' in OVERLAPCHECK_KINDS_OFF: expected STREAM, "
					       "CONTEXT, DEVICE, OVERHEAD, CUDA_EVENT, MARKER or MARKER_DATA",
					       (int)(n > 64 ? 64 : n), v);
		}
		v = end ? end + 1 : NULL;
	}
	/* CUDA_EVENT only when asked for (run --cuda-events=record): enabling it
	 * made PyTorch's training step take 1.2 x as long (run BA, issue 33), and
	 * the callbacks' arguments give the analysis the same records, waits and
	 * event syncs (docs/schema.md, "events") */
	{
		const char *ev = getenv("OVERLAPCHECK_CUDA_EVENTS");

		if (ev && *ev && strcmp(ev, "record") && strcmp(ev, "off"))
			oc_writer_warn("inject", "bad_setting",
				       "ignoring OVERLAPCHECK_CUDA_EVENTS='%.64s': expected off or record", ev);
		if (!(ev && !strcmp(ev, "record")))
			oc_inj.kinds_off |= 1ull << (unsigned)CUPTI_ACTIVITY_KIND_CUDA_EVENT;
	}
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (oc_inj_kind_off(kinds[i]) && at < sizeof names) {
			int w = snprintf(names + at, sizeof names - at, "%s%s", at ? "," : "",
					 kind_name(kinds[i]));

			if (w > 0)
				at += (size_t)w;
		}
	if (names[0])
		oc_writer_meta("kinds_off", names);
}

/*
 * OVERLAPCHECK_CALLBACKS_OFF: comma-separated runtime or driver functions
 * (CUPTI's names, e.g. cuCtxGetDevice_v2) whose callbacks are turned off
 * after every other choice, to measure what their callbacks cost (issue 33,
 * docs/performance.md). A call of one is then not seen by the callbacks: no
 * query count, no argument, and under OVERLAPCHECK_API_TIMING=all no api
 * row. Meta callbacks_off names those turned off. The capture range's own
 * functions stay on (capture control needs them), as does a name given
 * twice or one the meta's 512 bytes cannot hold: each is warned about.
 */
static void callbacks_off(CUpti_SubscriberHandle sub)
{
	static const struct { CUpti_CallbackDomain d; unsigned size; } doms[] = {
		{ CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_SIZE },
		{ CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_SIZE },
	};
	static const char *const kept[] = {
		"cudaProfilerStart_v4000", "cudaProfilerStop_v4000", "cuProfilerStart", "cuProfilerStop",
	};
	const char *v = getenv("OVERLAPCHECK_CALLBACKS_OFF");
	char names[512] = "";
	size_t at = 0;

	while (v && *v) {
		const char *end = strchr(v, ',');
		size_t n = end ? (size_t)(end - v) : strlen(v);
		int found = 0;

		for (size_t d = 0; d < 2 && n && !found; d++)
			for (unsigned id = 1; id < doms[d].size && !found; id++) {
				const char *name = NULL, *why = NULL;
				char quoted[160];

				if (cuptiGetCallbackName(doms[d].d, id, &name) != CUPTI_SUCCESS || !name ||
				    strlen(name) != n || strncmp(name, v, n))
					continue;
				found = 1;
				snprintf(quoted, sizeof quoted, ",%s,", name);
				for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++)
					if (!strcmp(name, kept[k]))
						why = "the capture range needs it";
				if (!why) {
					char with[sizeof names + 2];

					snprintf(with, sizeof with, ",%s,", names);
					if (strstr(with, quoted))
						why = "given twice";
					else if (at + (at ? 1 : 0) + n >= sizeof names)
						why = "more names than meta callbacks_off holds";
				}
				if (why) {
					oc_writer_warn("inject", "bad_setting",
						       "keeping the callback of %s on (OVERLAPCHECK_CALLBACKS_OFF): %s",
						       name, why);
				} else if (cuptiEnableCallback(0, sub, doms[d].d, id) != CUPTI_SUCCESS) {
					oc_writer_warn("cupti", "enable_callback_failed",
						       "cannot turn off the callback of %s", name);
				} else {
					at += (size_t)snprintf(names + at, sizeof names - at, "%s%s",
							       at ? "," : "", name);
				}
			}
		if (n && !found)
			oc_writer_warn("inject", "bad_setting",
				       "ignoring '%.*s' in OVERLAPCHECK_CALLBACKS_OFF: not a runtime or "
				       "driver function CUPTI names", (int)(n > 64 ? 64 : n), v);
		v = end ? end + 1 : NULL;
	}
	if (names[0])
		oc_writer_meta("callbacks_off", names);
}

/* The passport's driver calls, on the writer's thread: the tracer's own (oc_inj_own_begin). */
static void passport_own(void)
{
	oc_inj_own_begin();
	oc_passport_collect();
	oc_inj_own_end();
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

	oc_cap_enable_callbacks(subscriber);
	oc_q_enable_callbacks(subscriber);
	callbacks_off(subscriber);
	if (oc_inj.api_minimal && (rc = oc_cap_minimal_api(1)) != CUPTI_SUCCESS)
		oc_writer_warn("cupti", "api_minimal_failed",
			       "cannot enable the API records of --api=minimal's calls: %s", cupti_err(rc));
	/* a module's unload may free functions whose handles come back: the
	 * parameter layouts cached for them are set aside (memrefs.c) */
	if (oc_inj.mem_on &&
	    (rc = cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RESOURCE,
				      CUPTI_CBID_RESOURCE_MODULE_UNLOAD_STARTING)) != CUPTI_SUCCESS)
		oc_writer_warn("cupti", "enable_callback_failed",
			       "cannot enable the module-unload callback: %s", cupti_err(rc));

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
	read_kinds_off();
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		if (oc_inj_kind_off(kinds[i]))
			continue;
		/* --api=minimal (its chosen calls only, inject-capture.c), API_TIMING=all: no API kinds */
		if (oc_t_no_api_kinds() &&
		    (kinds[i] == CUPTI_ACTIVITY_KIND_RUNTIME || kinds[i] == CUPTI_ACTIVITY_KIND_DRIVER))
			continue;
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
	/* the queries are timed by the callbacks (inject-queries.c) */
	oc_q_disable_records();
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
	/* docs/hazards.md: on unless OVERLAPCHECK_MEMREFS=0 */
	{
		const char *m = getenv("OVERLAPCHECK_MEMREFS");

		oc_inj.mem_on = !(m && (!strcmp(m, "0") || !strcasecmp(m, "off") ||
					!strcasecmp(m, "false") || !strcasecmp(m, "no")));
	}
	oc_inj.flush_ms = (unsigned)oc_inj_env_ulong("OVERLAPCHECK_FLUSH_MS", 100, 1, 3600000);
	oc_inj.term_flush_ms = (unsigned)oc_inj_env_ulong("OVERLAPCHECK_TERM_FLUSH_MS", 5000, 0, 600000);

	memset(&cfg, 0, sizeof cfg);
	cfg.quiet = oc_inj_env_flag("OVERLAPCHECK_QUIET");
	cfg.stats = oc_inj.stats_on;
	cfg.mem_tracking = oc_inj.mem_on;
	{
		const char *lvl = getenv("OVERLAPCHECK_API");

		oc_inj.api_minimal = lvl && !strcmp(lvl, "minimal");
	}
	oc_cap_init();
	oc_inj_callers_init();
	oc_tick_init();   /* the thread clock, calibrated before the writer starts */
	cfg.buffer_bytes = (size_t)oc_inj_env_ulong("OVERLAPCHECK_BUFFER_KB", 8192, 64, 1u << 20) << 10;
	cfg.backlog_bytes = (size_t)oc_inj_env_ulong("OVERLAPCHECK_BACKLOG_MB", 1024, 64, 1u << 20) << 20;
	cfg.wake_chunks = (unsigned)oc_inj_env_ulong("OVERLAPCHECK_WAKE_CHUNKS", OC_WRITER_WAKE_CHUNKS, 1, 1024);
	cfg.flush_ms = oc_inj.flush_ms;
	cfg.on_first_context = passport_own;
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
		cfg.start_ns = oc_inj_env_u64("OVERLAPCHECK_TRACE_START_NS");
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
	/* after the writer starts: a bad setting's warning goes into the trace */
	oc_q_init();
	if (setup_cupti(quiet)) {
		struct oc_writer_final fin = { .status = "untraced" };

		oc_writer_finish(&fin);
		if (quiet)
			atomic_store(&init_guard, 0);
		else
			atomic_store(&oc_inj.disabled, 1);
		return 1;
	}
	oc_cap_start();
	oc_writer_meta("api_level", oc_inj.api_minimal ? "minimal" : "full");
	oc_q_meta();
	if (oc_inj_start_flush_thread(oc_inj_signals_serve))
		oc_writer_warn("inject", "no_flush_thread",
			       "cannot start the flush thread: records arrive only when buffers fill "
			       "and at exit, and a termination signal gets no final flush");
	atomic_store(&oc_inj.initialized, 1);
	atexit(oc_inj_finalize);
	/* The program's handlers as they are now are the ones chained (inject-signals.c). */
	oc_inj_signals_install();
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
