/*
 * callback-rate.c: what the injection library's API callbacks cost the
 * program's thread, on a CPU, without CUDA.
 *
 *     build/bench/callback-rate [-k] [LAUNCHES [QUERIES [COPIES]]]
 *
 * This program defines the CUPTI entry points the library's set-up and
 * flush call (cuptiSubscribe, cuptiEnableDomain, cuptiActivityEnable, ...),
 * as tests/unit/test-inj-fake.c does: libcupti also defines them, so the
 * linker exports these and they interpose for the dlopen'ed
 * liboverlapcheck-inject.so. It loads the library as the driver would
 * (InitializeInjection), then drives its API callback the way CUDA does for
 * LAUNCHES kernel launches (a runtime __cudaLaunchKernel with its nested
 * cuLaunchKernel: four callbacks) and for QUERIES cudaGetDevice calls (two
 * callbacks), and for COPIES (default 0) 4 KiB cudaMemcpyAsync calls from a
 * cudaMallocHost buffer to a cudaMalloc one, both in the allocation map (a
 * runtime call with its nested cuMemcpyHtoDAsync: four callbacks, two
 * tracked ends), and prints
 *
 *     callback-rate: launches=N ns_per_launch=X queries=M ns_per_query=Y api_timing=... \
 *         cupti_clock_ns=Z [copies=C ns_per_copy=W]
 *
 * timed around each loop with CLOCK_MONOTONIC on this thread, the library's
 * writer running beside it as in a traced program. Everything the
 * environment sets for the library applies (OVERLAPCHECK_API_TIMING,
 * OVERLAPCHECK_QUERIES, OVERLAPCHECK_MEMREFS, ...), so two settings can be
 * compared run against run. With the queries' default
 * (OVERLAPCHECK_QUERIES=off) CUPTI would call nothing for them; this fake
 * still calls the library's callback, which leaves them at once: the
 * queries' timing is measured with OVERLAPCHECK_QUERIES=summary. The trace goes to a scratch folder in $TMPDIR,
 * removed at the end (or to OVERLAPCHECK_OUTPUT, a trace made beforehand as
 * `overlapcheck run` makes it, which is kept); -k keeps the folder and
 * names it first.
 *
 * What it leaves out: CUPTI's own cost per callback and per activity record
 * (this fake's cuptiGetTimestamp is a clock_gettime, about 20 ns against the
 * real one's 50 to 110 on the H200, docs/performance.md), the CUDA work
 * itself, and a launch's parameter layout (no driver here: every launch
 * takes the "no layout" path of the allocation map). It measures the
 * library's own work on the thread: the callback's decisions, argument
 * extraction, the per-thread chunk and its lock, and the handoff of full
 * chunks to the writer.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cupti.h>

static CUpti_CallbackFunc api_cb;
static CUpti_BuffersCallbackRequestFunc buf_req;
static CUpti_BuffersCallbackCompleteFunc buf_done;
static pthread_mutex_t fake_mu = PTHREAD_MUTEX_INITIALIZER;
static uint8_t *cur_buf;
static size_t cur_size;

/* ---- the fake CUPTI (set-up, flush, clock, stream ids) -------------------- */

CUptiResult cuptiSubscribe(CUpti_SubscriberHandle *sub, CUpti_CallbackFunc cb, void *user)
{
	(void)user;
	api_cb = cb;
	*sub = (CUpti_SubscriberHandle)(uintptr_t)0x1;
	return CUPTI_SUCCESS;
}

CUptiResult cuptiUnsubscribe(CUpti_SubscriberHandle sub)
{
	(void)sub;
	api_cb = NULL;
	return CUPTI_SUCCESS;
}

CUptiResult cuptiEnableCallback(uint32_t enable, CUpti_SubscriberHandle sub,
				CUpti_CallbackDomain domain, CUpti_CallbackId cbid)
{
	(void)enable; (void)sub; (void)domain; (void)cbid;
	return CUPTI_SUCCESS;
}

CUptiResult cuptiEnableDomain(uint32_t enable, CUpti_SubscriberHandle sub, CUpti_CallbackDomain domain)
{
	(void)enable; (void)sub; (void)domain;
	return CUPTI_SUCCESS;
}

CUptiResult cuptiSetThreadIdType(CUpti_ActivityThreadIdType type)
{
	(void)type;
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
	(void)kind;
	return CUPTI_SUCCESS;
}

CUptiResult cuptiActivityDisable(CUpti_ActivityKind kind)
{
	(void)kind;
	return CUPTI_SUCCESS;
}

CUptiResult cuptiActivityEnableRuntimeApi(CUpti_CallbackId cbid, uint8_t enable)
{
	(void)cbid; (void)enable;
	return CUPTI_SUCCESS;
}

CUptiResult cuptiActivityEnableDriverApi(CUpti_CallbackId cbid, uint8_t enable)
{
	(void)cbid; (void)enable;
	return CUPTI_SUCCESS;
}

CUptiResult cuptiActivityGetNumDroppedRecords(CUcontext ctx, uint32_t stream, size_t *dropped)
{
	(void)ctx; (void)stream;
	*dropped = 0;
	return CUPTI_SUCCESS;
}

CUptiResult cuptiGetTimestamp(uint64_t *ts)
{
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	*ts = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
	return CUPTI_SUCCESS;
}

CUptiResult cuptiGetStreamIdEx(CUcontext ctx, CUstream stream, uint8_t ptsz, uint32_t *id)
{
	uintptr_t h = (uintptr_t)stream;

	(void)ctx;
	*id = h == 0 ? (ptsz ? 20 : 7) : (uint32_t)(h & 0xffff);
	return CUPTI_SUCCESS;
}

/*
 * No device work here but one kernel, in the first buffer a flush completes
 * (the trace file is made at the first device record, and until then the
 * writer would only hold the callback rows); later buffers are empty.
 */
static int kernel_sent;

CUptiResult cuptiActivityFlushAll(uint32_t flag)
{
	(void)flag;
	pthread_mutex_lock(&fake_mu);
	if (!cur_buf && buf_req) {
		size_t max = 0;

		buf_req(&cur_buf, &cur_size, &max);
	}
	if (cur_buf && buf_done) {
		uint8_t *b = cur_buf;
		size_t valid = 0;

		if (!kernel_sent && cur_size >= sizeof(CUpti_ActivityKernel10)) {
			CUpti_ActivityKernel10 k;
			struct timespec now;

			clock_gettime(CLOCK_REALTIME, &now);
			memset(&k, 0, sizeof k);
			k.kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
			k.start = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
			k.end = k.start + 1000;
			k.contextId = 1;
			k.streamId = 7;
			k.correlationId = 1;
			k.name = "_Z6kernelv";
			memcpy(b, &k, sizeof k);
			valid = sizeof k;
			kernel_sent = 1;
		}
		cur_buf = NULL;
		pthread_mutex_unlock(&fake_mu);
		buf_done(NULL, 0, b, cur_size, valid);
		return CUPTI_SUCCESS;
	}
	pthread_mutex_unlock(&fake_mu);
	return CUPTI_SUCCESS;
}

/* ---- the program ------------------------------------------------------------ */

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void callback(CUpti_CallbackDomain dom, CUpti_CallbackId cbid, const void *params,
		     uint32_t corr, CUpti_ApiCallbackSite site)
{
	static int ok = 0;
	CUpti_CallbackData d;

	memset(&d, 0, sizeof d);
	d.callbackSite = site;
	d.functionParams = params;
	d.functionReturnValue = &ok;
	d.context = (CUcontext)(uintptr_t)0x1000;
	d.contextUid = 1;
	d.correlationId = corr;
	d.symbolName = "_Z6kernelv";
	api_cb(NULL, dom, cbid, &d);
}

/* A runtime call with nothing nested: its enter and exit callbacks. */
static void runtime_call(CUpti_CallbackId cbid, const void *params, uint32_t corr)
{
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, cbid, params, corr, CUPTI_API_ENTER);
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, cbid, params, corr, CUPTI_API_EXIT);
}

/* A runtime call and the driver call nested in it, as CUDA makes them: four callbacks. */
static void nested_call(CUpti_CallbackId rt, const void *rt_params, CUpti_CallbackId drv,
			const void *drv_params, uint32_t corr)
{
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, rt, rt_params, corr, CUPTI_API_ENTER);
	callback(CUPTI_CB_DOMAIN_DRIVER_API, drv, drv_params, corr, CUPTI_API_ENTER);
	callback(CUPTI_CB_DOMAIN_DRIVER_API, drv, drv_params, corr, CUPTI_API_EXIT);
	callback(CUPTI_CB_DOMAIN_RUNTIME_API, rt, rt_params, corr, CUPTI_API_EXIT);
}

/* The folder of the trace this run made, removed after the library's own
 * exit flush (an atexit handler registered before the library's). */
static char scratch[512];

static void remove_scratch(void)
{
	DIR *d;
	struct dirent *e;
	char p[1024];

	if (!scratch[0] || !(d = opendir(scratch)))
		return;
	while ((e = readdir(d)) != NULL) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(p, sizeof p, "%s/%s", scratch, e->d_name);
		unlink(p);
	}
	closedir(d);
	rmdir(scratch);
}

static long arg(const char *s, long def)
{
	char *end;
	long v;

	if (!s)
		return def;
	v = strtol(s, &end, 10);
	if (*end || v < 0 || v > 100000000) {
		fprintf(stderr, "callback-rate: '%s' is not a count from 0 to 100000000\n", s);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	int keep = argc > 1 && !strcmp(argv[1], "-k");
	long launches = arg(argc > 1 + keep ? argv[1 + keep] : NULL, 1000000);
	long queries = arg(argc > 2 + keep ? argv[2 + keep] : NULL, 1000000);
	long copies = arg(argc > 3 + keep ? argv[3 + keep] : NULL, 0);
	const char *build = getenv("BUILD");
	char lib[512], real[PATH_MAX];
	void *h;
	int (*init)(void);
	struct { const void *k; dim3 g, b; void **a; size_t sm; cudaStream_t s; } lp;
	cuLaunchKernel_params dl;
	int dev = 0;
	uint32_t corr = 1;
	double t0, t_launch, t_query, t_clock, t_copy = 0;
	void *dptr = (void *)(uintptr_t)0x7f2200000000ull, *hptr = (void *)(uintptr_t)0x7f5500000000ull;
	cudaMalloc_v3020_params mp = { &dptr, 1 << 20 };
	cudaMallocHost_v3020_params hp = { &hptr, 1 << 20 };
	cudaMemcpyAsync_v3020_params cp;
	cuMemcpyHtoDAsync_v2_params dcp;
	const char *timing = getenv("OVERLAPCHECK_API_TIMING");

	snprintf(lib, sizeof lib, "%s/lib/liboverlapcheck-inject.so", build && *build ? build : "build");
	if (!realpath(lib, real)) {
		fprintf(stderr, "callback-rate: no %s (make first)\n", lib);
		return 2;
	}
	/* the library names its own trace (overlapcheck-PID.db) in the current
	 * folder: a scratch folder, removed at the end. OVERLAPCHECK_OUTPUT, when
	 * given, must name a trace made as `overlapcheck run` makes it. */
	if (!getenv("OVERLAPCHECK_OUTPUT")) {
		const char *tmp = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";

		snprintf(scratch, sizeof scratch, "%s/callback-rate-XXXXXX", tmp);
		if (!mkdtemp(scratch)) {
			fprintf(stderr, "callback-rate: cannot make a scratch folder in %s\n", tmp);
			return 2;
		}
		if (chdir(scratch) != 0) {
			fprintf(stderr, "callback-rate: cannot enter %s\n", scratch);
			rmdir(scratch);
			return 2;
		}
		if (keep)
			printf("callback-rate: trace in %s\n", scratch);
		else
			atexit(remove_scratch);   /* before the library's: runs after it */
		unsetenv("OVERLAPCHECK_MAIN_PID");
	} else {
		char pid[32];

		snprintf(pid, sizeof pid, "%d", (int)getpid());
		setenv("OVERLAPCHECK_MAIN_PID", pid, 1);   /* this process writes that trace */
	}
	setenv("OVERLAPCHECK_QUIET", "1", 0);
	h = dlopen(real, RTLD_NOW);
	if (!h) {
		fprintf(stderr, "callback-rate: cannot load %s: %s\n", lib, dlerror());
		return 2;
	}
	init = (int (*)(void))dlsym(h, "InitializeInjection");
	if (init)
		init();   /* returns 1 whatever happened: what counts is the subscription */
	if (!api_cb) {
		fprintf(stderr, "callback-rate: the library did not subscribe\n");
		return 2;
	}
	memset(&lp, 0, sizeof lp);
	memset(&dl, 0, sizeof dl);
	lp.s = (cudaStream_t)(uintptr_t)0x5000;
	dl.hStream = (CUstream)(uintptr_t)0x5000;

	t0 = now_ns();
	for (long i = 0; i < launches; i++, corr++) {
		nested_call(CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000, &lp,
			    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, &dl, corr);
	}
	t_launch = now_ns() - t0;
	t0 = now_ns();
	for (long i = 0; i < queries; i++, corr++) {
		runtime_call(CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020, &dev, corr);
	}
	t_query = now_ns() - t0;
	if (copies) {
		/* the two buffers, as the program allocates them: in the allocation map */
		runtime_call(CUPTI_RUNTIME_TRACE_CBID_cudaMalloc_v3020, &mp, corr++);
		runtime_call(CUPTI_RUNTIME_TRACE_CBID_cudaMallocHost_v3020, &hp, corr++);
		memset(&cp, 0, sizeof cp);
		cp.dst = (char *)dptr + 4096;
		cp.src = (char *)hptr + 4096;
		cp.count = 4096;
		cp.kind = cudaMemcpyHostToDevice;
		cp.stream = (cudaStream_t)(uintptr_t)0x5000;
		memset(&dcp, 0, sizeof dcp);
		dcp.dstDevice = (CUdeviceptr)(uintptr_t)cp.dst;
		dcp.srcHost = cp.src;
		dcp.ByteCount = 4096;
		dcp.hStream = (CUstream)(uintptr_t)0x5000;
	}
	t0 = now_ns();
	for (long i = 0; i < copies; i++, corr++) {
		nested_call(CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020, &cp,
			    CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoDAsync_v2, &dcp, corr);
	}
	if (copies)
		t_copy = now_ns() - t0;
	/* the fake clock's own cost, to subtract by eye */
	t0 = now_ns();
	for (int i = 0; i < 100000; i++) {
		uint64_t ts;

		cuptiGetTimestamp(&ts);
	}
	t_clock = (now_ns() - t0) / 100000;
	printf("callback-rate: launches=%ld ns_per_launch=%.1f queries=%ld ns_per_query=%.1f api_timing=%s "
	       "cupti_clock_ns=%.1f",
	       launches, launches ? t_launch / launches : 0.0, queries, queries ? t_query / queries : 0.0,
	       timing && *timing ? timing : "default", t_clock);
	if (copies)
		printf(" copies=%ld ns_per_copy=%.1f", copies, t_copy / copies);
	printf("\n");
	fflush(stdout);
	return 0;
}
