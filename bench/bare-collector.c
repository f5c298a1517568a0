/*
 * bare-collector.c: the floor that any CUPTI tracer pays.
 *
 * Loaded through CUDA_INJECTION64_PATH, exactly like overlapcheck's
 * injection library, it asks CUPTI for the same work as the tracer's default
 * collection (OVERLAPCHECK_API_TIMING=all) and then throws the result away:
 * it subscribes to every callback of the runtime and driver API domains with
 * a callback that only counts, enables the same device activity kinds
 * (CONCURRENT_KERNEL, MEMCPY, MEMCPY2, MEMSET, SYNCHRONIZATION, STREAM,
 * CONTEXT, DEVICE, OVERHEAD, MARKER, MARKER_DATA; CUDA_EVENT only with
 * BARE_KINDS=+CUDA_EVENT, as the tracer's since 2026-12-05) and no API
 * record kind (RUNTIME, DRIVER: BARE_RECORDS), with buffers of the same
 * size, and in the buffer-completed callback only walks the records to count
 * them by kind before freeing the buffer. Whatever a benchmark measures above
 * this collector is the cost of overlapcheck's own work: reading callback
 * arguments, decoding records, the writer and SQLite.
 *
 * The counts are printed on stderr at exit, one line starting with
 * "bare-collector:", so that the benchmark can check that the floor really
 * received every record (a collector that silently saw nothing would be a
 * floor of zero).
 *
 * Settings (environment, read once):
 *   BARE_BUFFER_BYTES   activity buffer size (default 8 MiB, overlapcheck's)
 *   BARE_FLUSH_MS       if > 0, a thread calls cuptiActivityFlushAll(0) this
 *                       often, as a tracer with a periodic flush does (off)
 *   BARE_ALL_SYNC       1: cuptiActivityEnableAllSyncRecords(1) (off)
 *   BARE_CALLBACKS      all: every callback of both domains, as the
 *                       tracer's default (default); same: only the callback
 *                       ids the tracer lists (injection/apiargs.c, its
 *                       collection with OVERLAPCHECK_API_TIMING=records);
 *                       none: no subscriber (activity records only)
 *   BARE_QUERIES        off: like overlapcheck's default since 2026-12-04,
 *                       the queries' API records off and, with
 *                       BARE_CALLBACKS=all, their callbacks turned off one
 *                       by one after the domains' (apiargs.c's query list;
 *                       default); summary: their API records off and their
 *                       callbacks on (the default before); record: their
 *                       API records on, as every call's
 *   BARE_LEAN           1: the lean floor: only CONCURRENT_KERNEL, MEMCPY,
 *                       MEMCPY2, MEMSET and SYNCHRONIZATION, no API records
 *                       and no subscriber (what a tracer of device activity
 *                       alone pays); BARE_CALLBACKS and BARE_RECORDS, when
 *                       set, add to it (to take the cost apart)
 *   BARE_CALLBACKS      also runtime: every callback of the runtime domain,
 *                       none of the driver's
 *   BARE_RECORDS        the API record kinds: none (default, as the
 *                       tracer's default), both (with BARE_CALLBACKS=same:
 *                       the tracer's OVERLAPCHECK_API_TIMING=records),
 *                       runtime or driver
 *   BARE_KINDS          single activity kinds added to (+NAME, or NAME) or
 *                       taken from (-NAME) the set above, comma-separated,
 *                       for example BARE_LEAN=1 BARE_KINDS=+STREAM (the lean
 *                       floor and STREAM records) or -SYNCHRONIZATION; the
 *                       names are those of the table kinds[] below, less
 *                       RUNTIME and DRIVER (BARE_RECORDS). An unknown name
 *                       is reported on stderr and in the summary line
 *                       (bad_kinds=...), and the whole setting is ignored,
 *                       so that a typo cannot pass for a measured variant
 *   BARE_CB_WORK        ts: each callback does what a tracer that times
 *                       calls by their callbacks must at least do: reads
 *                       CUPTI's clock at both sites and, at the exit site,
 *                       stores a 24-byte record in a per-thread buffer
 *                       (reused when full); none (default): it only counts
 *   BARE_QUIET          1: no summary line
 *
 * Like the real library it never exits or aborts the host process: on a
 * CUPTI error it warns once and carries on with what it could enable.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <cupti.h>

#include "apiargs.h"

#define DEFAULT_BUFFER_BYTES (8u << 20)

#define EXPORT __attribute__((visibility("default")))

static atomic_int initialized;
static size_t buffer_bytes = DEFAULT_BUFFER_BYTES;
static int quiet;
static long flush_ms;
static pthread_t flush_thread;
static atomic_int flush_stop;
static CUpti_SubscriberHandle subscriber;

/* Counters; relaxed atomics: CUPTI may call back from several threads. */
static atomic_ullong n_api_callbacks;
static atomic_ullong n_buffers_requested, n_buffers_completed, n_bytes_valid;
static atomic_ullong n_records, n_kernels, n_copies, n_memsets, n_syncs;
static atomic_ullong n_runtime, n_driver, n_other;
static atomic_ullong n_dropped;
static char failed_kinds[256];  /* names of activity kinds CUPTI refused */
static char enabled_kinds[256]; /* names of the activity kinds enabled */
static char bad_kinds[256];     /* BARE_KINDS's names that are not kinds */
static atomic_ullong n_by_kind[64];  /* records per activity kind (< 64) */
static unsigned n_failed_callbacks;

static void warn_cupti(const char *what, CUptiResult r)
{
	const char *s = NULL;

	cuptiGetResultString(r, &s);
	fprintf(stderr, "bare-collector: %s failed: %s\n", what, s ? s : "unknown CUPTI error");
}

static void CUPTIAPI on_api(void *userdata, CUpti_CallbackDomain domain,
			    CUpti_CallbackId cbid, const void *cbdata)
{
	(void)userdata; (void)domain; (void)cbid; (void)cbdata;
	atomic_fetch_add_explicit(&n_api_callbacks, 1, memory_order_relaxed);
}

/* BARE_CB_WORK=ts: a per-thread buffer of timed calls, reused when full. */
struct timed_call {
	uint32_t cbid, corr;
	uint64_t t0, t1;
};
#define TIMED_CALLS 4096
struct cb_thread {
	uint64_t t0[2];
	unsigned n;
	struct timed_call *buf;
};
static __thread struct cb_thread cbt;
static atomic_ullong n_timed;

static void CUPTIAPI on_api_timed(void *userdata, CUpti_CallbackDomain domain,
				  CUpti_CallbackId cbid, const void *cbdata)
{
	const CUpti_CallbackData *cb = cbdata;
	int d = domain == CUPTI_CB_DOMAIN_DRIVER_API;
	uint64_t ts = 0;

	(void)userdata;
	if (domain != CUPTI_CB_DOMAIN_RUNTIME_API && domain != CUPTI_CB_DOMAIN_DRIVER_API)
		return;
	cuptiGetTimestamp(&ts);
	if (cb->callbackSite == CUPTI_API_ENTER) {
		cbt.t0[d] = ts;
		return;
	}
	if (!cbt.buf && !(cbt.buf = malloc(TIMED_CALLS * sizeof *cbt.buf)))
		return;
	cbt.buf[cbt.n] = (struct timed_call){ cbid, cb->correlationId, cbt.t0[d], ts };
	cbt.n = (cbt.n + 1) % TIMED_CALLS;
	atomic_fetch_add_explicit(&n_timed, 1, memory_order_relaxed);
}

static void CUPTIAPI on_buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records)
{
	/* CUPTI wants 8-byte alignment; malloc gives 16 on x86-64. */
	*buffer = malloc(buffer_bytes);
	*size = *buffer ? buffer_bytes : 0;
	*max_records = 0;
	atomic_fetch_add_explicit(&n_buffers_requested, 1, memory_order_relaxed);
}

static void count_record(const CUpti_Activity *rec)
{
	atomic_ullong *c;

	switch (rec->kind) {
	case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL:
	case CUPTI_ACTIVITY_KIND_KERNEL:
		c = &n_kernels;
		break;
	case CUPTI_ACTIVITY_KIND_MEMCPY:
	case CUPTI_ACTIVITY_KIND_MEMCPY2:
		c = &n_copies;
		break;
	case CUPTI_ACTIVITY_KIND_MEMSET:
		c = &n_memsets;
		break;
	case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION:
		c = &n_syncs;
		break;
	case CUPTI_ACTIVITY_KIND_RUNTIME:
		c = &n_runtime;
		break;
	case CUPTI_ACTIVITY_KIND_DRIVER:
		c = &n_driver;
		break;
	default:
		c = &n_other;
		break;
	}
	atomic_fetch_add_explicit(c, 1, memory_order_relaxed);
	if ((unsigned)rec->kind < 64)
		atomic_fetch_add_explicit(&n_by_kind[rec->kind], 1, memory_order_relaxed);
}

static void CUPTIAPI on_buffer_completed(CUcontext ctx, uint32_t stream_id, uint8_t *buffer,
					 size_t size, size_t valid)
{
	CUpti_Activity *rec = NULL;
	unsigned long long n = 0;
	size_t dropped = 0;

	(void)size;
	if (valid > 0) {
		while (cuptiActivityGetNextRecord(buffer, valid, &rec) == CUPTI_SUCCESS) {
			count_record(rec);
			n++;
		}
		atomic_fetch_add_explicit(&n_records, n, memory_order_relaxed);
		atomic_fetch_add_explicit(&n_bytes_valid, valid, memory_order_relaxed);
	}
	if (cuptiActivityGetNumDroppedRecords(ctx, stream_id, &dropped) == CUPTI_SUCCESS && dropped)
		atomic_fetch_add_explicit(&n_dropped, dropped, memory_order_relaxed);
	atomic_fetch_add_explicit(&n_buffers_completed, 1, memory_order_relaxed);
	free(buffer);
}

static void *flush_loop(void *arg)
{
	struct timespec ts = { flush_ms / 1000, (flush_ms % 1000) * 1000000L };

	(void)arg;
	while (!atomic_load(&flush_stop)) {
		nanosleep(&ts, NULL);
		if (!atomic_load(&flush_stop))
			cuptiActivityFlushAll(0);
	}
	return NULL;
}

static void kind_counts(char *buf, size_t len);

static void at_exit(void)
{
	char counts[512];

	CUptiResult r;

	if (flush_ms > 0) {
		atomic_store(&flush_stop, 1);
		pthread_join(flush_thread, NULL);
	}
	r = cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
	if (r != CUPTI_SUCCESS)
		warn_cupti("cuptiActivityFlushAll", r);
	if (quiet)
		return;
	kind_counts(counts, sizeof counts);
	fprintf(stderr,
		"bare-collector: pid=%ld buffer_bytes=%zu buffers=%llu/%llu bytes=%llu records=%llu "
		"kernels=%llu copies=%llu memsets=%llu syncs=%llu runtime=%llu driver=%llu other=%llu "
		"api_callbacks=%llu timed_calls=%llu dropped=%llu failed_kinds=%s failed_callbacks=%u "
		"kinds=%s bad_kinds=%s kind_counts=%s\n",
		(long)getpid(), buffer_bytes,
		(unsigned long long)n_buffers_completed, (unsigned long long)n_buffers_requested,
		(unsigned long long)n_bytes_valid, (unsigned long long)n_records,
		(unsigned long long)n_kernels, (unsigned long long)n_copies,
		(unsigned long long)n_memsets, (unsigned long long)n_syncs,
		(unsigned long long)n_runtime, (unsigned long long)n_driver,
		(unsigned long long)n_other, (unsigned long long)n_api_callbacks,
		(unsigned long long)n_timed,
		(unsigned long long)n_dropped, failed_kinds[0] ? failed_kinds : "none",
		n_failed_callbacks, enabled_kinds[0] ? enabled_kinds : "none",
		bad_kinds[0] ? bad_kinds : "none", counts[0] ? counts : "none");
}

static long env_long(const char *name, long def)
{
	const char *s = getenv(name);
	char *end;
	long v;

	if (!s || !*s)
		return def;
	v = strtol(s, &end, 10);
	return *end ? def : v;
}

static const struct {
	CUpti_ActivityKind kind;
	const char *name;
} kinds[] = {
	{ CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, "CONCURRENT_KERNEL" },
	{ CUPTI_ACTIVITY_KIND_MEMCPY,            "MEMCPY" },
	{ CUPTI_ACTIVITY_KIND_MEMCPY2,           "MEMCPY2" },
	{ CUPTI_ACTIVITY_KIND_MEMSET,            "MEMSET" },
	{ CUPTI_ACTIVITY_KIND_SYNCHRONIZATION,   "SYNCHRONIZATION" },
	{ CUPTI_ACTIVITY_KIND_RUNTIME,           "RUNTIME" },
	{ CUPTI_ACTIVITY_KIND_DRIVER,            "DRIVER" },
	{ CUPTI_ACTIVITY_KIND_STREAM,            "STREAM" },
	{ CUPTI_ACTIVITY_KIND_CONTEXT,           "CONTEXT" },
	{ CUPTI_ACTIVITY_KIND_DEVICE,            "DEVICE" },
	{ CUPTI_ACTIVITY_KIND_OVERHEAD,          "OVERHEAD" },
	{ CUPTI_ACTIVITY_KIND_CUDA_EVENT,        "CUDA_EVENT" },
	{ CUPTI_ACTIVITY_KIND_MARKER,            "MARKER" },
	{ CUPTI_ACTIVITY_KIND_MARKER_DATA,       "MARKER_DATA" },
};

#define N_KINDS (sizeof kinds / sizeof kinds[0])

/* "NAME:N,NAME:N" of the kinds that delivered records, in the table's order. */
static void kind_counts(char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < N_KINDS && at < len; i++) {
		unsigned long long n = (unsigned)kinds[i].kind < 64 ? n_by_kind[kinds[i].kind] : 0;
		int w;

		if (!n)
			continue;
		w = snprintf(buf + at, len - at, "%s%s:%llu", at ? "," : "", kinds[i].name, n);
		if (w < 0)
			break;
		at += (size_t)w;
	}
}

static void append_name(char *buf, size_t len, const char *name, size_t name_len)
{
	size_t at = strlen(buf);

	if (at + 2 < len)
		snprintf(buf + at, len - at, "%s%.*s", at ? "," : "", (int)name_len, name);
}

/*
 * BARE_KINDS: "[+|-]NAME,..." into want[] (1: enable, 0: not; the base set
 * already in it). Returns 0, or -1 with the unknown names in bad_kinds and
 * want[] untouched.
 */
static int apply_bare_kinds(const char *spec, int want[])
{
	int next[N_KINDS];
	const char *p = spec;

	memcpy(next, want, sizeof next);
	while (p && *p) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		int on = 1;
		const char *name = p;
		size_t k = n;
		size_t i;

		while (k && *name == ' ') {
			name++;
			k--;
		}
		if (k && (*name == '+' || *name == '-')) {
			on = *name == '+';
			name++;
			k--;
		}
		if (k) {
			for (i = 0; i < N_KINDS; i++)
				if (strlen(kinds[i].name) == k && !strncasecmp(kinds[i].name, name, k) &&
				    kinds[i].kind != CUPTI_ACTIVITY_KIND_RUNTIME &&
				    kinds[i].kind != CUPTI_ACTIVITY_KIND_DRIVER)
					break;
			if (i == N_KINDS)
				append_name(bad_kinds, sizeof bad_kinds, name, k);
			else
				next[i] = on;
		}
		p = end ? end + 1 : NULL;
	}
	if (bad_kinds[0]) {
		fprintf(stderr, "bare-collector: BARE_KINDS: unknown activity kind(s) %s (known: "
			"CONCURRENT_KERNEL, MEMCPY, MEMCPY2, MEMSET, SYNCHRONIZATION, STREAM, CONTEXT, "
			"DEVICE, OVERHEAD, CUDA_EVENT, MARKER, MARKER_DATA; RUNTIME and DRIVER are "
			"BARE_RECORDS's); BARE_KINDS ignored\n", bad_kinds);
		return -1;
	}
	memcpy(want, next, sizeof next);
	return 0;
}

/*
 * Subscribe on_api to the runtime and driver domains: every callback when
 * all is set, else exactly the ids overlapcheck enables (oc_args_cbids).
 */
static void subscribe(int all, int queries, int queries_off, int rt_only, int timed)
{
	static const CUpti_CallbackDomain domains[] = {
		CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_CB_DOMAIN_DRIVER_API,
	};
	CUptiResult r;

	r = cuptiSubscribe(&subscriber, (CUpti_CallbackFunc)(timed ? on_api_timed : on_api), NULL);
	if (r != CUPTI_SUCCESS) {
		warn_cupti("cuptiSubscribe", r);
		return;
	}
	for (size_t d = 0; d < sizeof domains / sizeof domains[0]; d++) {
		const CUpti_CallbackId *ids;
		size_t n;

		if (rt_only) {
			if (domains[d] == CUPTI_CB_DOMAIN_RUNTIME_API &&
			    (r = cuptiEnableDomain(1, subscriber, domains[d])) != CUPTI_SUCCESS)
				warn_cupti("cuptiEnableDomain", r);
			continue;
		}
		if (all) {
			if ((r = cuptiEnableDomain(1, subscriber, domains[d])) != CUPTI_SUCCESS)
				warn_cupti("cuptiEnableDomain", r);
			/* the queries' callbacks then off, one by one, as the tracer's default */
			ids = queries_off ? oc_args_query_cbids(domains[d], &n) : NULL;
			for (size_t i = 0; ids && i < n; i++)
				if ((r = cuptiEnableCallback(0, subscriber, domains[d], ids[i])) != CUPTI_SUCCESS &&
				    ++n_failed_callbacks == 1)
					warn_cupti("cuptiEnableCallback", r);
			continue;
		}
		for (int q = 0; q < 1 + queries; q++) {
			ids = q ? oc_args_query_cbids(domains[d], &n) : oc_args_cbids(domains[d], &n);
			for (size_t i = 0; i < n; i++) {
				r = cuptiEnableCallback(1, subscriber, domains[d], ids[i]);
				if (r != CUPTI_SUCCESS) {
					n_failed_callbacks++;
					if (n_failed_callbacks == 1)
						warn_cupti("cuptiEnableCallback", r);
				}
			}
		}
	}
}

/* The queries' API records off (after the API kinds are on). */
static void queries_unrecorded(void)
{
	size_t n;
	const CUpti_CallbackId *ids = oc_args_query_cbids(CUPTI_CB_DOMAIN_RUNTIME_API, &n);
	CUptiResult r;

	for (size_t i = 0; i < n; i++)
		if ((r = cuptiActivityEnableRuntimeApi(ids[i], 0)) != CUPTI_SUCCESS)
			warn_cupti("cuptiActivityEnableRuntimeApi", r);
	ids = oc_args_query_cbids(CUPTI_CB_DOMAIN_DRIVER_API, &n);
	for (size_t i = 0; i < n; i++)
		if ((r = cuptiActivityEnableDriverApi(ids[i], 0)) != CUPTI_SUCCESS)
			warn_cupti("cuptiActivityEnableDriverApi", r);
}

static int is_lean_kind(CUpti_ActivityKind k)
{
	return k == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL || k == CUPTI_ACTIVITY_KIND_MEMCPY ||
	       k == CUPTI_ACTIVITY_KIND_MEMCPY2 || k == CUPTI_ACTIVITY_KIND_MEMSET ||
	       k == CUPTI_ACTIVITY_KIND_SYNCHRONIZATION;
}

/*
 * The CUDA driver calls this once per process when CUDA_INJECTION64_PATH
 * names this library. Returns 1 (the driver ignores failures, and so do we:
 * whatever could not be enabled is reported in the summary line).
 */
EXPORT int InitializeInjection(void)
{
	const char *callbacks, *queries, *records, *work;
	CUptiResult r;
	long b;
	int lean, explicit_cb, rec_rt, rec_drv;
	int want[N_KINDS];

	if (atomic_exchange(&initialized, 1))
		return 1;
	b = env_long("BARE_BUFFER_BYTES", DEFAULT_BUFFER_BYTES);
	if (b >= 4096)
		buffer_bytes = (size_t)b;
	flush_ms = env_long("BARE_FLUSH_MS", 0);
	quiet = env_long("BARE_QUIET", 0) == 1;

	r = cuptiActivityRegisterCallbacks(on_buffer_requested, on_buffer_completed);
	if (r != CUPTI_SUCCESS) {
		warn_cupti("cuptiActivityRegisterCallbacks", r);
		return 1;
	}
	callbacks = getenv("BARE_CALLBACKS");
	explicit_cb = callbacks && *callbacks;
	if (!explicit_cb)
		callbacks = "all";
	queries = getenv("BARE_QUERIES");
	if (!queries || !*queries)
		queries = "off";
	lean = env_long("BARE_LEAN", 0) == 1;
	records = getenv("BARE_RECORDS");
	if (!records || !*records)
		records = "none";
	rec_rt = !strcmp(records, "both") || !strcmp(records, "runtime");
	rec_drv = !strcmp(records, "both") || !strcmp(records, "driver");
	work = getenv("BARE_CB_WORK");
	if ((!lean || explicit_cb) && strcmp(callbacks, "none") != 0)
		subscribe(strcmp(callbacks, "all") == 0, strcmp(queries, "summary") == 0,
			  strcmp(queries, "off") == 0,
			  strcmp(callbacks, "runtime") == 0, work && !strcmp(work, "ts"));
	if (env_long("BARE_ALL_SYNC", 0) == 1 &&
	    (r = cuptiActivityEnableAllSyncRecords(1)) != CUPTI_SUCCESS)
		warn_cupti("cuptiActivityEnableAllSyncRecords", r);
	for (size_t i = 0; i < N_KINDS; i++)
		want[i] = kinds[i].kind == CUPTI_ACTIVITY_KIND_RUNTIME ? rec_rt :
			  kinds[i].kind == CUPTI_ACTIVITY_KIND_DRIVER ? rec_drv :
			  /* CUDA_EVENT as the tracer: off unless asked for (run
			   * --cuda-events=record; BARE_KINDS=+CUDA_EVENT here) */
			  kinds[i].kind == CUPTI_ACTIVITY_KIND_CUDA_EVENT ? 0 :
			  !lean || is_lean_kind(kinds[i].kind);
	apply_bare_kinds(getenv("BARE_KINDS"), want);
	for (size_t i = 0; i < N_KINDS; i++) {
		if (!want[i])
			continue;
		append_name(enabled_kinds, sizeof enabled_kinds, kinds[i].name, strlen(kinds[i].name));
		r = cuptiActivityEnable(kinds[i].kind);
		if (r != CUPTI_SUCCESS) {
			size_t len = strlen(failed_kinds);
			snprintf(failed_kinds + len, sizeof failed_kinds - len, "%s%s",
				 len ? "," : "", kinds[i].name);
		}
	}
	if ((rec_rt || rec_drv) && strcmp(queries, "record") != 0)
		queries_unrecorded();
	if (flush_ms > 0 && pthread_create(&flush_thread, NULL, flush_loop, NULL) != 0) {
		fprintf(stderr, "bare-collector: cannot start the flush thread\n");
		flush_ms = 0;
	}
	atexit(at_exit);
	return 1;
}
