/*
 * inject-capture.c: what part of the run is recorded (`overlapcheck run
 * --capture-range`, `--delay`, `--duration`, `--max-size`; docs/schema.md,
 * "Capture").
 *
 * Settings come from the environment `run` sets: OVERLAPCHECK_CAPTURE_RANGE
 * (`cudaProfilerApi` or `nvtx:NAME`), OVERLAPCHECK_DELAY_NS,
 * OVERLAPCHECK_DURATION_NS, OVERLAPCHECK_MAX_BYTES. Without any of them the
 * whole run is one window and nothing here costs anything but one atomic
 * load per callback.
 *
 * A window opens when every condition holds: the delay has passed since
 * tracing began, and (with a capture range) the profiler was started
 * (cudaProfilerStart, until cudaProfilerStop) or an NVTX range of that name
 * is open on some thread. It closes when one fails; the duration (counted
 * from the first window's opening) or the size limit ends recording for good.
 * While no window is open the device and API activity kinds are disabled
 * (contexts, devices, streams and NVTX markers stay on: cheap, and the
 * analysis needs them) and the callbacks record only allocations, frees and
 * stream creation, so that the allocation map stays whole.
 *
 * The windows go to meta as `capture.window.N` = "START END" (ns since the
 * trace start; END empty while open), with `capture.windows` their count.
 * The timers (delay, duration, size) are checked by the flush thread each
 * period (oc_cap_tick): they act within one OVERLAPCHECK_FLUSH_MS.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <cupti.h>
#include <generated_nvtx_meta.h>

#include "apiargs.h"
#include "writer.h"
#include "inject-priv.h"

static const CUpti_ActivityKind toggled[] = {
	CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
	CUPTI_ACTIVITY_KIND_MEMCPY2, CUPTI_ACTIVITY_KIND_MEMSET,
	CUPTI_ACTIVITY_KIND_SYNCHRONIZATION, CUPTI_ACTIVITY_KIND_RUNTIME,
	CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_ACTIVITY_KIND_OVERHEAD, CUPTI_ACTIVITY_KIND_CUDA_EVENT,
};

static struct {
	int mode;                   /* enum oc_cap_mode */
	char nvtx[256];
	uint64_t delay_ns, duration_ns, max_bytes;
	uint64_t t0;                /* mono_ns() at oc_cap_init */
	const char *path;           /* the trace, for the size limit */
	int on_at_start;            /* the kinds were enabled at set-up */
} cs;

static _Atomic int rec = 1;     /* a window is open */
static _Atomic int ended;       /* duration or size reached: no more windows */
static _Atomic int delayed;     /* the delay has not passed yet */
static _Atomic int want;        /* the capture range says "inside" */
static _Atomic long nvtx_open;  /* NVTX ranges of that name open, all threads */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static unsigned n_windows;
static int64_t win_start;
static uint64_t first_open_mono;

/* NVTX start/end ranges of that name: their ids (few at once) */
#define MAX_STARTED 64
static uint64_t started[MAX_STARTED];
static size_t n_started;

/* per thread: which of its pushed ranges are ours (one bit per depth) */
static __thread uint64_t push_bits;
static __thread unsigned push_depth;

static int64_t now_rel(void)
{
	struct timespec ts;
	uint64_t base = oc_writer_base_ns();

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec) - (int64_t)base;
}

static uint64_t env_ns(const char *name)
{
	const char *v = getenv(name);
	char *end;
	unsigned long long x;

	if (!v || !*v)
		return 0;
	x = strtoull(v, &end, 10);
	return *end ? 0 : (uint64_t)x;
}

int oc_cap_mode(void)
{
	return cs.mode;
}

int oc_cap_recording(void)
{
	return atomic_load_explicit(&rec, memory_order_relaxed);
}

/* The explicit synchronizations, besides what apiargs.c's table lists. */
static const CUpti_CallbackId rt_syncs[] = {
	CUPTI_RUNTIME_TRACE_CBID_cudaDeviceSynchronize_v3020,
	CUPTI_RUNTIME_TRACE_CBID_cudaStreamSynchronize_v3020,
	CUPTI_RUNTIME_TRACE_CBID_cudaStreamSynchronize_ptsz_v7000,
	CUPTI_RUNTIME_TRACE_CBID_cudaEventSynchronize_v3020,
	CUPTI_RUNTIME_TRACE_CBID_cudaStreamQuery_v3020, CUPTI_RUNTIME_TRACE_CBID_cudaStreamQuery_ptsz_v7000,
	CUPTI_RUNTIME_TRACE_CBID_cudaEventQuery_v3020,
};
static const CUpti_CallbackId drv_syncs[] = {
	CUPTI_DRIVER_TRACE_CBID_cuCtxSynchronize, CUPTI_DRIVER_TRACE_CBID_cuStreamSynchronize,
	CUPTI_DRIVER_TRACE_CBID_cuStreamSynchronize_ptsz, CUPTI_DRIVER_TRACE_CBID_cuEventSynchronize,
	CUPTI_DRIVER_TRACE_CBID_cuStreamQuery, CUPTI_DRIVER_TRACE_CBID_cuStreamQuery_ptsz,
	CUPTI_DRIVER_TRACE_CBID_cuEventQuery,
};

CUptiResult oc_cap_minimal_api(int enable)
{
	CUptiResult rc = CUPTI_SUCCESS, r;
	size_t n;
	const CUpti_CallbackId *ids = oc_args_cbids(CUPTI_CB_DOMAIN_RUNTIME_API, &n);

	for (size_t i = 0; i < n; i++)
		if ((r = cuptiActivityEnableRuntimeApi(ids[i], (uint8_t)enable)) != CUPTI_SUCCESS)
			rc = r;
	for (size_t i = 0; i < sizeof rt_syncs / sizeof rt_syncs[0]; i++)
		if ((r = cuptiActivityEnableRuntimeApi(rt_syncs[i], (uint8_t)enable)) != CUPTI_SUCCESS)
			rc = r;
	ids = oc_args_cbids(CUPTI_CB_DOMAIN_DRIVER_API, &n);
	for (size_t i = 0; i < n; i++)
		if ((r = cuptiActivityEnableDriverApi(ids[i], (uint8_t)enable)) != CUPTI_SUCCESS)
			rc = r;
	for (size_t i = 0; i < sizeof drv_syncs / sizeof drv_syncs[0]; i++)
		if ((r = cuptiActivityEnableDriverApi(drv_syncs[i], (uint8_t)enable)) != CUPTI_SUCCESS)
			rc = r;
	return rc;
}

static void set_kinds(int enable)
{
	if (oc_inj.api_minimal)
		oc_cap_minimal_api(enable);
	for (size_t i = 0; i < sizeof toggled / sizeof toggled[0]; i++) {
		CUptiResult rc;

		if (oc_inj_kind_off(toggled[i]))   /* OVERLAPCHECK_KINDS_OFF */
			continue;
		/* --api=minimal, OVERLAPCHECK_API_TIMING=all: the API kinds stay off */
		if (oc_t_no_api_kinds() &&
		    (toggled[i] == CUPTI_ACTIVITY_KIND_RUNTIME || toggled[i] == CUPTI_ACTIVITY_KIND_DRIVER))
			continue;
		rc = enable ? cuptiActivityEnable(toggled[i]) : cuptiActivityDisable(toggled[i]);

		if (rc != CUPTI_SUCCESS && toggled[i] == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL)
			oc_writer_warn("cupti", "capture_toggle_failed",
				       "cannot %s kernel activity at a capture boundary: %s",
				       enable ? "enable" : "disable", cupti_err(rc));
	}
	/* enabling RUNTIME and DRIVER turned the queries' records back on */
	if (enable)
		oc_q_disable_records();
}

static void window_meta(int64_t end)
{
	char key[48], val[64];

	snprintf(key, sizeof key, "capture.window.%u", n_windows);
	if (end >= 0)
		snprintf(val, sizeof val, "%lld %lld", (long long)win_start, (long long)end);
	else
		snprintf(val, sizeof val, "%lld", (long long)win_start);
	oc_writer_meta(key, val);
	oc_writer_meta_int("capture.windows", n_windows);
}

/* Open or close the window to match the conditions (under mu). */
static void settle(void)
{
	int should = !atomic_load(&ended) && !atomic_load(&delayed) &&
		     (cs.mode == OC_CAP_ALL || atomic_load(&want));

	if (should == atomic_load(&rec))
		return;
	if (should) {
		set_kinds(1);
		n_windows++;
		win_start = now_rel();
		if (!first_open_mono)
			first_open_mono = mono_ns();
		window_meta(-1);
		atomic_store(&rec, 1);
	} else {
		atomic_store(&rec, 0);
		/* what the window's calls queued is in CUPTI's buffers: hand it on */
		cuptiActivityFlushAll(0);
		set_kinds(0);
		window_meta(now_rel());
	}
}

void oc_cap_init(void)
{
	const char *r = getenv("OVERLAPCHECK_CAPTURE_RANGE");

	memset(&cs, 0, sizeof cs);
	cs.t0 = mono_ns();
	cs.delay_ns = env_ns("OVERLAPCHECK_DELAY_NS");
	cs.duration_ns = env_ns("OVERLAPCHECK_DURATION_NS");
	cs.max_bytes = env_ns("OVERLAPCHECK_MAX_BYTES");
	cs.path = getenv("OVERLAPCHECK_OUTPUT");
	if (r && !strcmp(r, "cudaProfilerApi"))
		cs.mode = OC_CAP_PROFILER;
	else if (r && !strncmp(r, "nvtx:", 5) && r[5]) {
		cs.mode = OC_CAP_NVTX;
		snprintf(cs.nvtx, sizeof cs.nvtx, "%s", r + 5);
	}
	atomic_store(&delayed, cs.delay_ns > 0);
	cs.on_at_start = !cs.delay_ns && cs.mode == OC_CAP_ALL;
	atomic_store(&rec, cs.on_at_start);
}

/* After CUPTI set-up (the kinds enabled) and the writer started: the first state. */
void oc_cap_start(void)
{
	if (cs.mode == OC_CAP_ALL && !cs.delay_ns && !cs.duration_ns && !cs.max_bytes)
		return;   /* the default: everything, one window, nothing to write */
	oc_writer_meta("capture.mode", cs.mode == OC_CAP_PROFILER ? "cudaProfilerApi" :
		       cs.mode == OC_CAP_NVTX ? "nvtx" : "all");
	if (cs.mode == OC_CAP_NVTX)
		oc_writer_meta("capture.nvtx_range", cs.nvtx);
	if (cs.delay_ns)
		oc_writer_meta_int("capture.delay_ns", (long long)cs.delay_ns);
	if (cs.duration_ns)
		oc_writer_meta_int("capture.duration_ns", (long long)cs.duration_ns);
	if (cs.max_bytes)
		oc_writer_meta_int("capture.max_bytes", (long long)cs.max_bytes);
	pthread_mutex_lock(&mu);
	if (cs.on_at_start) {
		n_windows = 1;
		win_start = 0;
		first_open_mono = cs.t0;
		window_meta(-1);
	} else {
		set_kinds(0);
		oc_writer_meta_int("capture.windows", 0);
	}
	pthread_mutex_unlock(&mu);
}

/* The callbacks to subscribe to for the capture range. */
void oc_cap_enable_callbacks(CUpti_SubscriberHandle sub)
{
	static const CUpti_CallbackId nvtx_ids[] = {
		CUPTI_CBID_NVTX_nvtxRangePushA, CUPTI_CBID_NVTX_nvtxRangePushEx,
		CUPTI_CBID_NVTX_nvtxRangePop, CUPTI_CBID_NVTX_nvtxRangeStartA,
		CUPTI_CBID_NVTX_nvtxRangeStartEx, CUPTI_CBID_NVTX_nvtxRangeEnd,
		CUPTI_CBID_NVTX_nvtxDomainRangePushEx, CUPTI_CBID_NVTX_nvtxDomainRangePop,
		CUPTI_CBID_NVTX_nvtxDomainRangeStartEx, CUPTI_CBID_NVTX_nvtxDomainRangeEnd,
	};
	CUptiResult rc = CUPTI_SUCCESS;

	if (cs.mode == OC_CAP_PROFILER) {
		if ((rc = cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_RUNTIME_API,
					      CUPTI_RUNTIME_TRACE_CBID_cudaProfilerStart_v4000)) == CUPTI_SUCCESS &&
		    (rc = cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_RUNTIME_API,
					      CUPTI_RUNTIME_TRACE_CBID_cudaProfilerStop_v4000)) == CUPTI_SUCCESS &&
		    (rc = cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_DRIVER_API,
					      CUPTI_DRIVER_TRACE_CBID_cuProfilerStart)) == CUPTI_SUCCESS)
			rc = cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_DRIVER_API,
						 CUPTI_DRIVER_TRACE_CBID_cuProfilerStop);
	} else if (cs.mode == OC_CAP_NVTX) {
		for (size_t i = 0; i < sizeof nvtx_ids / sizeof nvtx_ids[0] && rc == CUPTI_SUCCESS; i++)
			rc = cuptiEnableCallback(1, sub, CUPTI_CB_DOMAIN_NVTX, nvtx_ids[i]);
	}
	if (rc != CUPTI_SUCCESS)
		oc_writer_warn("cupti", "capture_callbacks_failed",
			       "cannot subscribe to the capture range's calls: %s; nothing is recorded",
			       cupti_err(rc));
}

/* The profiler API: cudaProfilerStart (at its return) opens, Stop (at its entry) closes. */
int oc_cap_api(CUpti_CallbackDomain domain, CUpti_CallbackId cbid, int exit_site)
{
	int start, stop;

	if (cs.mode != OC_CAP_PROFILER)
		return 0;
	start = (domain == CUPTI_CB_DOMAIN_RUNTIME_API &&
		 cbid == CUPTI_RUNTIME_TRACE_CBID_cudaProfilerStart_v4000) ||
		(domain == CUPTI_CB_DOMAIN_DRIVER_API && cbid == CUPTI_DRIVER_TRACE_CBID_cuProfilerStart);
	stop = (domain == CUPTI_CB_DOMAIN_RUNTIME_API &&
		cbid == CUPTI_RUNTIME_TRACE_CBID_cudaProfilerStop_v4000) ||
	       (domain == CUPTI_CB_DOMAIN_DRIVER_API && cbid == CUPTI_DRIVER_TRACE_CBID_cuProfilerStop);
	if (!start && !stop)
		return 0;
	if ((start && exit_site) || (stop && !exit_site)) {
		pthread_mutex_lock(&mu);
		atomic_store(&want, start);
		settle();
		pthread_mutex_unlock(&mu);
	}
	return 1;
}

static int ours(const char *msg)
{
	return msg && !strcmp(msg, cs.nvtx);
}

static const char *attr_msg(const nvtxEventAttributes_t *a)
{
	return a && a->messageType == NVTX_MESSAGE_TYPE_ASCII ? a->message.ascii : NULL;
}

static void nvtx_delta(long d)
{
	long before = atomic_fetch_add(&nvtx_open, d);

	if ((before == 0 && d > 0) || (before + d == 0 && d < 0)) {
		pthread_mutex_lock(&mu);
		atomic_store(&want, atomic_load(&nvtx_open) > 0);
		settle();
		pthread_mutex_unlock(&mu);
	}
}

/* An NVTX callback (one per call; a range start's id is its return value). */
void oc_cap_nvtx(CUpti_CallbackId cbid, const CUpti_NvtxData *d)
{
	const void *p = d ? d->functionParams : NULL;
	const char *msg = NULL;

	if (cs.mode != OC_CAP_NVTX || !p)
		return;
	switch (cbid) {
	case CUPTI_CBID_NVTX_nvtxRangePushA:
	case CUPTI_CBID_NVTX_nvtxRangePushEx:
	case CUPTI_CBID_NVTX_nvtxDomainRangePushEx:
		msg = cbid == CUPTI_CBID_NVTX_nvtxRangePushA ? ((const nvtxRangePushA_params *)p)->message
		      : cbid == CUPTI_CBID_NVTX_nvtxRangePushEx
		      ? attr_msg(((const nvtxRangePushEx_params *)p)->eventAttrib)
		      : attr_msg(((const nvtxDomainRangePushEx_params *)p)->core.eventAttrib);
		if (push_depth < 64) {
			push_bits = (push_bits & ~(1ull << push_depth)) |
				    ((uint64_t)ours(msg) << push_depth);
		}
		push_depth++;
		if (ours(msg))
			nvtx_delta(1);
		return;
	case CUPTI_CBID_NVTX_nvtxRangePop:
	case CUPTI_CBID_NVTX_nvtxDomainRangePop:
		if (!push_depth)
			return;
		push_depth--;
		if (push_depth < 64 && (push_bits >> push_depth & 1))
			nvtx_delta(-1);
		return;
	case CUPTI_CBID_NVTX_nvtxRangeStartA:
	case CUPTI_CBID_NVTX_nvtxRangeStartEx:
	case CUPTI_CBID_NVTX_nvtxDomainRangeStartEx:
		if (!d->functionReturnValue)
			return;
		msg = cbid == CUPTI_CBID_NVTX_nvtxRangeStartA ? ((const nvtxRangeStartA_params *)p)->message
		      : cbid == CUPTI_CBID_NVTX_nvtxRangeStartEx
		      ? attr_msg(((const nvtxRangeStartEx_params *)p)->eventAttrib)
		      : attr_msg(((const nvtxDomainRangeStartEx_params *)p)->core.eventAttrib);
		if (!ours(msg))
			return;
		pthread_mutex_lock(&mu);
		if (n_started < MAX_STARTED)
			started[n_started++] = *(const nvtxRangeId_t *)d->functionReturnValue;
		pthread_mutex_unlock(&mu);
		nvtx_delta(1);
		return;
	case CUPTI_CBID_NVTX_nvtxRangeEnd:
	case CUPTI_CBID_NVTX_nvtxDomainRangeEnd: {
		nvtxRangeId_t id = cbid == CUPTI_CBID_NVTX_nvtxRangeEnd
				   ? ((const nvtxRangeEnd_params *)p)->id
				   : ((const nvtxDomainRangeEnd_params *)p)->core.id;
		int found = 0;

		pthread_mutex_lock(&mu);
		for (size_t i = 0; i < n_started && !found; i++)
			if (started[i] == id) {
				started[i] = started[--n_started];
				found = 1;
			}
		pthread_mutex_unlock(&mu);
		if (found)
			nvtx_delta(-1);
		return;
	}
	default:
		return;
	}
}

/* The flush thread, each period: the delay, the duration, the size limit. */
void oc_cap_tick(void)
{
	uint64_t now = mono_ns();
	int changed = 0;

	if (cs.mode == OC_CAP_ALL && !cs.delay_ns && !cs.duration_ns && !cs.max_bytes)
		return;
	pthread_mutex_lock(&mu);
	if (atomic_load(&delayed) && now - cs.t0 >= cs.delay_ns) {
		atomic_store(&delayed, 0);
		changed = 1;
	}
	if (!atomic_load(&ended) && cs.duration_ns && first_open_mono &&
	    now - first_open_mono >= cs.duration_ns) {
		atomic_store(&ended, 1);
		oc_writer_meta("capture.stopped", "duration");
		changed = 1;
	}
	if (!atomic_load(&ended) && cs.max_bytes && cs.path) {
		struct stat a, b;
		char wal[4200];
		uint64_t bytes = 0;

		if (stat(cs.path, &a) == 0)
			bytes += (uint64_t)a.st_size;
		snprintf(wal, sizeof wal, "%s-wal", cs.path);
		if (stat(wal, &b) == 0)
			bytes += (uint64_t)b.st_size;
		if (bytes >= cs.max_bytes) {
			atomic_store(&ended, 1);
			oc_writer_meta("capture.stopped", "max_size");
			changed = 1;
		}
	}
	if (changed)
		settle();
	pthread_mutex_unlock(&mu);
}

/* At the end: a window still open ends now. */
void oc_cap_finish(void)
{
	if (cs.mode == OC_CAP_ALL && !cs.delay_ns && !cs.duration_ns && !cs.max_bytes)
		return;
	pthread_mutex_lock(&mu);
	if (atomic_load(&rec) && n_windows)
		window_meta(now_rel());
	pthread_mutex_unlock(&mu);
}
