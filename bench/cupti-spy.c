/*
 * cupti-spy.c: what a CUPTI client asks of CUPTI, seen from CUPTI's entry
 * points (issue 33, "know the anchor").
 *
 * LD_PRELOAD=build/bench/libcupti-spy.so in front of any CUPTI client (nsys's
 * injection, torch.profiler's Kineto, overlapcheck's library, the floor) logs
 * every call that decides what CUPTI collects: the activity kinds enabled
 * and disabled, the callback domains and ids enabled, the API record ids,
 * the activity attributes (buffer sizes, pool limits), the flush period,
 * the latency timestamps, HW trace and the like; and it counts what comes
 * back: API callbacks per domain, activity buffers (their size) and
 * records per kind. It does not change what the client asks for.
 *
 * Two ways in. A client linked against libcupti calls through its PLT,
 * which the preloaded definitions below interpose (their real ones from
 * dlsym(RTLD_NEXT)): libcupti-spy.so. A client that dlopen()s its own
 * libcupti and looks the functions up (nsys ships one) calls dlsym(), which
 * libcupti-spy-dl.so (this file built with SPY_DLSYM) also defines: for a
 * CUPTI name it hands back a second wrapper whose real function is the one of
 * that handle. That hook answers a dlsym(RTLD_NEXT, ...) of another library
 * as if asked from this one, so put it last in LD_PRELOAD, and use it only
 * for a look (never for a measurement). Calls that reach neither way are
 * not seen: an empty log under a client that traced says so.
 *
 * Output: one line per call, "cupti-spy: pid=N CALL args rc=R", and at exit
 * one summary line "cupti-spy: pid=N summary ..." (key=value, as the floor's),
 * to the file CUPTI_SPY_OUT.<pid> when CUPTI_SPY_OUT is set, else stderr.
 * The API record id calls are counted, not logged one by one.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cupti.h>

#define EXPORT __attribute__((visibility("default")))
#ifndef SPY_DLSYM
/* the dlsym path's wrappers (spy_dl_*) are only reachable through the hook */
#pragma GCC diagnostic ignored "-Wunused-function"
#endif

static pthread_mutex_t log_mu = PTHREAD_MUTEX_INITIALIZER;
static FILE *log_f;

static FILE *out(void)
{
	if (!log_f) {
		const char *p = getenv("CUPTI_SPY_OUT");
		char path[4096];

		if (p && *p) {
			snprintf(path, sizeof path, "%s.%ld", p, (long)getpid());
			log_f = fopen(path, "a");
		}
		if (!log_f)
			log_f = stderr;
	}
	return log_f;
}

static atomic_int seen;   /* a CUPTI call went through: the summary is worth a line */

static void say(const char *fmt, ...)
{
	va_list ap;

	atomic_store(&seen, 1);
	pthread_mutex_lock(&log_mu);
	fprintf(out(), "cupti-spy: pid=%ld ", (long)getpid());
	va_start(ap, fmt);
	vfprintf(out(), fmt, ap);
	va_end(ap);
	fputc('\n', out());
	fflush(out());
	pthread_mutex_unlock(&log_mu);
}

static const char *kind_name(CUpti_ActivityKind k)
{
	switch (k) {
	case CUPTI_ACTIVITY_KIND_MEMCPY: return "MEMCPY";
	case CUPTI_ACTIVITY_KIND_MEMSET: return "MEMSET";
	case CUPTI_ACTIVITY_KIND_KERNEL: return "KERNEL";
	case CUPTI_ACTIVITY_KIND_DRIVER: return "DRIVER";
	case CUPTI_ACTIVITY_KIND_RUNTIME: return "RUNTIME";
	case CUPTI_ACTIVITY_KIND_DEVICE: return "DEVICE";
	case CUPTI_ACTIVITY_KIND_CONTEXT: return "CONTEXT";
	case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: return "CONCURRENT_KERNEL";
	case CUPTI_ACTIVITY_KIND_NAME: return "NAME";
	case CUPTI_ACTIVITY_KIND_MARKER: return "MARKER";
	case CUPTI_ACTIVITY_KIND_MARKER_DATA: return "MARKER_DATA";
	case CUPTI_ACTIVITY_KIND_OVERHEAD: return "OVERHEAD";
	case CUPTI_ACTIVITY_KIND_MEMCPY2: return "MEMCPY2";
	case CUPTI_ACTIVITY_KIND_CUDA_EVENT: return "CUDA_EVENT";
	case CUPTI_ACTIVITY_KIND_STREAM: return "STREAM";
	case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION: return "SYNCHRONIZATION";
	case CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION: return "EXTERNAL_CORRELATION";
	case CUPTI_ACTIVITY_KIND_MEMORY: return "MEMORY";
	case CUPTI_ACTIVITY_KIND_MEMORY2: return "MEMORY2";
	case CUPTI_ACTIVITY_KIND_MEMORY_POOL: return "MEMORY_POOL";
	case CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER: return "UNIFIED_MEMORY_COUNTER";
	case CUPTI_ACTIVITY_KIND_GRAPH_TRACE: return "GRAPH_TRACE";
	case CUPTI_ACTIVITY_KIND_NVLINK: return "NVLINK";
	case CUPTI_ACTIVITY_KIND_PCIE: return "PCIE";
	case CUPTI_ACTIVITY_KIND_ENVIRONMENT: return "ENVIRONMENT";
	case CUPTI_ACTIVITY_KIND_OPENACC_DATA: return "OPENACC_DATA";
	case CUPTI_ACTIVITY_KIND_OPENMP: return "OPENMP";
	case CUPTI_ACTIVITY_KIND_INSTANTANEOUS_EVENT: return "INSTANTANEOUS_EVENT";
	default: return "?";
	}
}

/* ---- the real functions --------------------------------------------------- */

#ifdef SPY_DLSYM
static void *raw_dlsym(void *h, const char *name);
#else
static void *raw_dlsym(void *h, const char *name)
{
	return dlsym(h, name);
}
#endif

struct find { const char *name; void *p; };

static int find_in(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct find *f = arg;
	void *h;

	(void)size;
	if (f->p || !info->dlpi_name || !strstr(info->dlpi_name, "libcupti") ||
	    strstr(info->dlpi_name, "cupti-spy"))   /* this library */
		return 0;
	if ((h = dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD))) {
		f->p = raw_dlsym(h, f->name);
		dlclose(h);
	}
	return f->p != NULL;
}

/*
 * The real CUPTI function for the PLT path: the next definition after this
 * library's, else (libcupti loaded by a dlopen()ed client, RTLD_LOCAL, so
 * out of RTLD_NEXT's reach: the driver's CUDA_INJECTION64_PATH) the one of
 * any loaded libcupti*.
 */
static void *find_real(const char *name)
{
	struct find f = { name, raw_dlsym(RTLD_NEXT, name) };

	if (!f.p)
		dl_iterate_phdr(find_in, &f);
	if (!f.p)
		say("cannot find the real %s: the call fails (CUPTI_ERROR_NOT_INITIALIZED)", name);
	return f.p;
}

/* ---- what comes back ---------------------------------------------------- */

#define NKIND 128
static atomic_ullong n_cb[8];            /* API callbacks per domain (< 8) */
static atomic_ullong n_rec[NKIND];       /* records per kind */
static atomic_ullong n_buffers, n_bytes, n_rt_ids_on, n_drv_ids_on, n_rt_ids_off, n_drv_ids_off;
static atomic_ullong n_cbid_on[8];       /* cuptiEnableCallback(1, ...) per domain */
static atomic_ullong first_buffer_size;

static CUpti_CallbackFunc client_cb;
static CUpti_BuffersCallbackRequestFunc client_req;
static CUpti_BuffersCallbackCompleteFunc client_done;
typedef CUptiResult (*next_record_fn)(uint8_t *, size_t, CUpti_Activity **);
static next_record_fn next_record;

/*
 * Enter sites per function id, runtime and driver, and of the driver's those
 * made inside a runtime call on the same thread (nested): the summary's
 * top_runtime, top_driver and top_nested_driver (cbid:count, most first).
 * Only the callbacks the client enabled reach here, and "nested" is known
 * only where the client enabled the runtime call's callbacks too; ids from
 * NCBID up (none in CUDA 13.0's tables, whose largest is under 1024) are
 * counted per domain only.
 */
#define NCBID 1024
static atomic_ullong n_rt_id[NCBID], n_drv_id[NCBID], n_nested_id[NCBID];
static __thread int rt_depth;

static void CUPTIAPI spy_cb(void *ud, CUpti_CallbackDomain d, CUpti_CallbackId id, const void *data)
{
	const CUpti_CallbackData *cb = data;

	atomic_fetch_add_explicit(&n_cb[(unsigned)d < 8 ? d : 0], 1, memory_order_relaxed);
	if ((d == CUPTI_CB_DOMAIN_RUNTIME_API || d == CUPTI_CB_DOMAIN_DRIVER_API) && cb && id < NCBID) {
		int enter = cb->callbackSite == CUPTI_API_ENTER;

		if (d == CUPTI_CB_DOMAIN_RUNTIME_API) {
			if (enter) {
				atomic_fetch_add_explicit(&n_rt_id[id], 1, memory_order_relaxed);
				rt_depth++;
			} else if (rt_depth > 0) {
				rt_depth--;
			}
		} else if (enter) {
			atomic_fetch_add_explicit(rt_depth ? &n_nested_id[id] : &n_drv_id[id], 1,
						  memory_order_relaxed);
		}
	}
	if (client_cb)
		client_cb(ud, d, id, data);
}

/* The ten most called ids of one table, "cbid:count,...", or "none". */
static void top_ids(atomic_ullong *n, char *out, size_t len)
{
	unsigned char taken[NCBID] = { 0 };
	size_t at = 0;

	out[0] = 0;
	for (int k = 0; k < 10; k++) {
		unsigned best = NCBID;

		for (unsigned i = 0; i < NCBID; i++)
			if (!taken[i] && n[i] && (best == NCBID || n[i] > n[best]))
				best = i;
		if (best == NCBID || at >= len - 32)
			break;
		taken[best] = 1;
		at += (size_t)snprintf(out + at, len - at, "%s%u:%llu", at ? "," : "", best,
				       (unsigned long long)n[best]);
	}
	if (!out[0])
		snprintf(out, len, "none");
}

static void CUPTIAPI spy_req(uint8_t **buf, size_t *size, size_t *max)
{
	client_req(buf, size, max);
	unsigned long long zero = 0;

	atomic_compare_exchange_strong(&first_buffer_size, &zero, (unsigned long long)*size);
	atomic_fetch_add_explicit(&n_buffers, 1, memory_order_relaxed);
}

static void CUPTIAPI spy_done(CUcontext ctx, uint32_t stream, uint8_t *buf, size_t size, size_t valid)
{
	CUpti_Activity *r = NULL;

	atomic_fetch_add_explicit(&n_bytes, valid, memory_order_relaxed);
	if (next_record && valid)
		while (next_record(buf, valid, &r) == CUPTI_SUCCESS)
			atomic_fetch_add_explicit(&n_rec[(unsigned)r->kind < NKIND ? r->kind : 0], 1,
						  memory_order_relaxed);
	client_done(ctx, stream, buf, size, valid);
}

__attribute__((destructor)) static void summary(void)
{
	char kinds[2048] = "";
	size_t at = 0;

	if (!atomic_load(&seen) && !n_rt_ids_on && !n_drv_ids_on && !n_cbid_on[1] && !n_cbid_on[2])
		return;
	for (unsigned k = 0; k < NKIND && at < sizeof kinds - 64; k++)
		if (n_rec[k])
			at += (size_t)snprintf(kinds + at, sizeof kinds - at, "%s%s:%llu", at ? "," : "",
					       kind_name((CUpti_ActivityKind)k), (unsigned long long)n_rec[k]);
	char top_rt[512], top_drv[512], top_nested[512];

	top_ids(n_rt_id, top_rt, sizeof top_rt);
	top_ids(n_drv_id, top_drv, sizeof top_drv);
	top_ids(n_nested_id, top_nested, sizeof top_nested);
	say("summary callbacks_runtime=%llu callbacks_driver=%llu callbacks_resource=%llu "
	    "callbacks_sync=%llu callbacks_nvtx=%llu cbids_on_runtime=%llu cbids_on_driver=%llu "
	    "record_ids_on_runtime=%llu record_ids_on_driver=%llu record_ids_off_runtime=%llu "
	    "record_ids_off_driver=%llu buffers=%llu first_buffer_bytes=%llu valid_bytes=%llu "
	    "records=%s top_runtime=%s top_driver=%s top_nested_driver=%s",
	    (unsigned long long)n_cb[CUPTI_CB_DOMAIN_RUNTIME_API],
	    (unsigned long long)n_cb[CUPTI_CB_DOMAIN_DRIVER_API],
	    (unsigned long long)n_cb[CUPTI_CB_DOMAIN_RESOURCE],
	    (unsigned long long)n_cb[CUPTI_CB_DOMAIN_SYNCHRONIZE],
	    (unsigned long long)n_cb[CUPTI_CB_DOMAIN_NVTX],
	    (unsigned long long)n_cbid_on[CUPTI_CB_DOMAIN_RUNTIME_API],
	    (unsigned long long)n_cbid_on[CUPTI_CB_DOMAIN_DRIVER_API],
	    (unsigned long long)n_rt_ids_on, (unsigned long long)n_drv_ids_on,
	    (unsigned long long)n_rt_ids_off, (unsigned long long)n_drv_ids_off,
	    (unsigned long long)n_buffers, (unsigned long long)first_buffer_size,
	    (unsigned long long)n_bytes, kinds[0] ? kinds : "none", top_rt, top_drv, top_nested);
}

/* ---- the entry points ----------------------------------------------------- */

/* The real functions: from RTLD_NEXT (PLT path) or a dlsym()'d handle. */
#define DECL(name, params)                                                              \
	typedef CUptiResult (*name##_fn) params;                                        \
	static name##_fn name##_next, name##_dl;

DECL(cuptiActivityEnable, (CUpti_ActivityKind))
DECL(cuptiActivityDisable, (CUpti_ActivityKind))
DECL(cuptiActivityEnableAndDump, (CUpti_ActivityKind))
DECL(cuptiActivityEnableContext, (CUcontext, CUpti_ActivityKind))
DECL(cuptiActivityEnableRuntimeApi, (CUpti_CallbackId, uint8_t))
DECL(cuptiActivityEnableDriverApi, (CUpti_CallbackId, uint8_t))
DECL(cuptiEnableCallback, (uint32_t, CUpti_SubscriberHandle, CUpti_CallbackDomain, CUpti_CallbackId))
DECL(cuptiEnableDomain, (uint32_t, CUpti_SubscriberHandle, CUpti_CallbackDomain))
DECL(cuptiEnableAllDomains, (uint32_t, CUpti_SubscriberHandle))
DECL(cuptiSubscribe, (CUpti_SubscriberHandle *, CUpti_CallbackFunc, void *))
DECL(cuptiSubscribe_v2, (CUpti_SubscriberHandle *, CUpti_CallbackFunc, void *, CUpti_SubscriberParams *))
DECL(cuptiActivityRegisterCallbacks, (CUpti_BuffersCallbackRequestFunc, CUpti_BuffersCallbackCompleteFunc))
DECL(cuptiActivitySetAttribute, (CUpti_ActivityAttribute, size_t *, void *))
DECL(cuptiActivityFlushPeriod, (uint32_t))
DECL(cuptiSetThreadIdType, (CUpti_ActivityThreadIdType))
DECL(cuptiActivityEnableLatencyTimestamps, (uint8_t))
DECL(cuptiActivityEnableHWTrace, (uint8_t))
DECL(cuptiActivityEnableAllSyncRecords, (uint8_t))
DECL(cuptiActivityEnableLaunchAttributes, (uint8_t))
DECL(cuptiActivityEnableDeviceGraph, (uint8_t))
DECL(cuptiActivityEnableCudaEventDeviceTimestamps, (uint8_t))
DECL(cuptiActivityEnableAllocationSource, (uint8_t))

static void *find_real(const char *name);
#define REAL(name, dl) ((dl) ? name##_dl : name##_next ? name##_next : \
			(name##_next = (name##_fn)find_real(#name)))
#define HOW(dl) ((dl) ? "dlsym" : "plt")

static CUptiResult kind_call(CUptiResult (*real)(CUpti_ActivityKind), const char *what,
			     CUpti_ActivityKind k, int dl)
{
	CUptiResult rc = real ? real(k) : CUPTI_ERROR_NOT_INITIALIZED;

	say("%s kind=%s(%d) rc=%d via=%s", what, kind_name(k), (int)k, (int)rc, HOW(dl));
	return rc;
}

static CUptiResult u8_call(CUptiResult (*real)(uint8_t), const char *what, uint8_t v, int dl)
{
	CUptiResult rc = real ? real(v) : CUPTI_ERROR_NOT_INITIALIZED;

	say("%s value=%u rc=%d via=%s", what, (unsigned)v, (int)rc, HOW(dl));
	return rc;
}

#define KIND_WRAP(name)                                                                 \
	EXPORT CUptiResult name(CUpti_ActivityKind k)                                   \
	{ return kind_call(REAL(name, 0), #name, k, 0); }                               \
	static CUptiResult spy_dl_##name(CUpti_ActivityKind k)                          \
	{ return kind_call(REAL(name, 1), #name, k, 1); }
#define U8_WRAP(name)                                                                   \
	EXPORT CUptiResult name(uint8_t v)                                              \
	{ return u8_call(REAL(name, 0), #name, v, 0); }                                 \
	static CUptiResult spy_dl_##name(uint8_t v)                                     \
	{ return u8_call(REAL(name, 1), #name, v, 1); }

KIND_WRAP(cuptiActivityEnable)
KIND_WRAP(cuptiActivityDisable)
KIND_WRAP(cuptiActivityEnableAndDump)
U8_WRAP(cuptiActivityEnableLatencyTimestamps)
U8_WRAP(cuptiActivityEnableHWTrace)
U8_WRAP(cuptiActivityEnableAllSyncRecords)
U8_WRAP(cuptiActivityEnableLaunchAttributes)
U8_WRAP(cuptiActivityEnableDeviceGraph)
U8_WRAP(cuptiActivityEnableCudaEventDeviceTimestamps)
U8_WRAP(cuptiActivityEnableAllocationSource)

/* Each of the others, once for the PLT (dl 0) and once for dlsym (dl 1). */
static CUptiResult ctx_kind_impl(int dl, CUcontext c, CUpti_ActivityKind k)
{
	cuptiActivityEnableContext_fn real = REAL(cuptiActivityEnableContext, dl);
	CUptiResult rc = real ? real(c, k) : CUPTI_ERROR_NOT_INITIALIZED;

	say("cuptiActivityEnableContext ctx=%p kind=%s(%d) rc=%d via=%s", (void *)c, kind_name(k),
	    (int)k, (int)rc, HOW(dl));
	return rc;
}
EXPORT CUptiResult cuptiActivityEnableContext(CUcontext c, CUpti_ActivityKind k)
{ return ctx_kind_impl(0, c, k); }
static CUptiResult spy_dl_cuptiActivityEnableContext(CUcontext c, CUpti_ActivityKind k)
{ return ctx_kind_impl(1, c, k); }

static CUptiResult rt_api_impl(int dl, CUpti_CallbackId id, uint8_t on)
{
	cuptiActivityEnableRuntimeApi_fn real = REAL(cuptiActivityEnableRuntimeApi, dl);

	atomic_fetch_add(on ? &n_rt_ids_on : &n_rt_ids_off, 1);
	return real ? real(id, on) : CUPTI_ERROR_NOT_INITIALIZED;
}
EXPORT CUptiResult cuptiActivityEnableRuntimeApi(CUpti_CallbackId id, uint8_t on)
{ return rt_api_impl(0, id, on); }
static CUptiResult spy_dl_cuptiActivityEnableRuntimeApi(CUpti_CallbackId id, uint8_t on)
{ return rt_api_impl(1, id, on); }

static CUptiResult drv_api_impl(int dl, CUpti_CallbackId id, uint8_t on)
{
	cuptiActivityEnableDriverApi_fn real = REAL(cuptiActivityEnableDriverApi, dl);

	atomic_fetch_add(on ? &n_drv_ids_on : &n_drv_ids_off, 1);
	return real ? real(id, on) : CUPTI_ERROR_NOT_INITIALIZED;
}
EXPORT CUptiResult cuptiActivityEnableDriverApi(CUpti_CallbackId id, uint8_t on)
{ return drv_api_impl(0, id, on); }
static CUptiResult spy_dl_cuptiActivityEnableDriverApi(CUpti_CallbackId id, uint8_t on)
{ return drv_api_impl(1, id, on); }

static CUptiResult cb_impl(int dl, uint32_t on, CUpti_SubscriberHandle s, CUpti_CallbackDomain d,
			   CUpti_CallbackId id)
{
	cuptiEnableCallback_fn real = REAL(cuptiEnableCallback, dl);
	CUptiResult rc = real ? real(on, s, d, id) : CUPTI_ERROR_NOT_INITIALIZED;

	if (on && (unsigned)d < 8)
		atomic_fetch_add(&n_cbid_on[d], 1);
	/* the domains other than the API's are few: each is logged */
	if (d != CUPTI_CB_DOMAIN_RUNTIME_API && d != CUPTI_CB_DOMAIN_DRIVER_API)
		say("cuptiEnableCallback enable=%u domain=%d cbid=%u rc=%d via=%s", on, (int)d, id,
		    (int)rc, HOW(dl));
	return rc;
}
EXPORT CUptiResult cuptiEnableCallback(uint32_t on, CUpti_SubscriberHandle s, CUpti_CallbackDomain d,
				       CUpti_CallbackId id)
{ return cb_impl(0, on, s, d, id); }
static CUptiResult spy_dl_cuptiEnableCallback(uint32_t on, CUpti_SubscriberHandle s,
					      CUpti_CallbackDomain d, CUpti_CallbackId id)
{ return cb_impl(1, on, s, d, id); }

static CUptiResult domain_impl(int dl, uint32_t on, CUpti_SubscriberHandle s, CUpti_CallbackDomain d)
{
	cuptiEnableDomain_fn real = REAL(cuptiEnableDomain, dl);
	CUptiResult rc = real ? real(on, s, d) : CUPTI_ERROR_NOT_INITIALIZED;

	say("cuptiEnableDomain enable=%u domain=%d rc=%d via=%s", on, (int)d, (int)rc, HOW(dl));
	return rc;
}
EXPORT CUptiResult cuptiEnableDomain(uint32_t on, CUpti_SubscriberHandle s, CUpti_CallbackDomain d)
{ return domain_impl(0, on, s, d); }
static CUptiResult spy_dl_cuptiEnableDomain(uint32_t on, CUpti_SubscriberHandle s,
					    CUpti_CallbackDomain d)
{ return domain_impl(1, on, s, d); }

static CUptiResult all_domains_impl(int dl, uint32_t on, CUpti_SubscriberHandle s)
{
	cuptiEnableAllDomains_fn real = REAL(cuptiEnableAllDomains, dl);
	CUptiResult rc = real ? real(on, s) : CUPTI_ERROR_NOT_INITIALIZED;

	say("cuptiEnableAllDomains enable=%u rc=%d via=%s", on, (int)rc, HOW(dl));
	return rc;
}
EXPORT CUptiResult cuptiEnableAllDomains(uint32_t on, CUpti_SubscriberHandle s)
{ return all_domains_impl(0, on, s); }
static CUptiResult spy_dl_cuptiEnableAllDomains(uint32_t on, CUpti_SubscriberHandle s)
{ return all_domains_impl(1, on, s); }

static CUptiResult subscribe_impl(int dl, CUpti_SubscriberHandle *s, CUpti_CallbackFunc cb, void *ud,
				  CUpti_SubscriberParams *p)
{
	CUptiResult rc;

	client_cb = cb;
	if (p) {
		cuptiSubscribe_v2_fn real = REAL(cuptiSubscribe_v2, dl);

		rc = real ? real(s, cb ? spy_cb : NULL, ud, p) : CUPTI_ERROR_NOT_INITIALIZED;
	} else {
		cuptiSubscribe_fn real = REAL(cuptiSubscribe, dl);

		rc = real ? real(s, cb ? spy_cb : NULL, ud) : CUPTI_ERROR_NOT_INITIALIZED;
	}
	say("cuptiSubscribe%s name=%s rc=%d via=%s", p ? "_v2" : "",
	    p && p->subscriberName ? p->subscriberName : "-", (int)rc, HOW(dl));
	return rc;
}
EXPORT CUptiResult cuptiSubscribe(CUpti_SubscriberHandle *s, CUpti_CallbackFunc cb, void *ud)
{ return subscribe_impl(0, s, cb, ud, NULL); }
static CUptiResult spy_dl_cuptiSubscribe(CUpti_SubscriberHandle *s, CUpti_CallbackFunc cb, void *ud)
{ return subscribe_impl(1, s, cb, ud, NULL); }
EXPORT CUptiResult cuptiSubscribe_v2(CUpti_SubscriberHandle *s, CUpti_CallbackFunc cb, void *ud,
				     CUpti_SubscriberParams *p)
{ return subscribe_impl(0, s, cb, ud, p); }
static CUptiResult spy_dl_cuptiSubscribe_v2(CUpti_SubscriberHandle *s, CUpti_CallbackFunc cb,
					    void *ud, CUpti_SubscriberParams *p)
{ return subscribe_impl(1, s, cb, ud, p); }

static void *dl_handle;   /* the handle the client's dlsym() used for CUPTI */

static CUptiResult register_impl(int dl, CUpti_BuffersCallbackRequestFunc req,
				 CUpti_BuffersCallbackCompleteFunc done)
{
	cuptiActivityRegisterCallbacks_fn real = REAL(cuptiActivityRegisterCallbacks, dl);
	CUptiResult rc;

	client_req = req;
	client_done = done;
	if (!next_record)
		next_record = (next_record_fn)(dl && dl_handle ? raw_dlsym(dl_handle, "cuptiActivityGetNextRecord")
					       : find_real("cuptiActivityGetNextRecord"));
	rc = real ? real(req ? spy_req : NULL, done ? spy_done : NULL) : CUPTI_ERROR_NOT_INITIALIZED;
	say("cuptiActivityRegisterCallbacks rc=%d via=%s", (int)rc, HOW(dl));
	return rc;
}
EXPORT CUptiResult cuptiActivityRegisterCallbacks(CUpti_BuffersCallbackRequestFunc req,
						  CUpti_BuffersCallbackCompleteFunc done)
{ return register_impl(0, req, done); }
static CUptiResult spy_dl_cuptiActivityRegisterCallbacks(CUpti_BuffersCallbackRequestFunc req,
							 CUpti_BuffersCallbackCompleteFunc done)
{ return register_impl(1, req, done); }

static CUptiResult attr_impl(int dl, CUpti_ActivityAttribute a, size_t *size, void *v)
{
	cuptiActivitySetAttribute_fn real = REAL(cuptiActivitySetAttribute, dl);
	unsigned long long val = 0;
	CUptiResult rc;

	if (size && v && *size <= sizeof val)
		memcpy(&val, v, *size);
	rc = real ? real(a, size, v) : CUPTI_ERROR_NOT_INITIALIZED;
	say("cuptiActivitySetAttribute attr=%d value=%llu rc=%d via=%s", (int)a, val, (int)rc, HOW(dl));
	return rc;
}
EXPORT CUptiResult cuptiActivitySetAttribute(CUpti_ActivityAttribute a, size_t *size, void *v)
{ return attr_impl(0, a, size, v); }
static CUptiResult spy_dl_cuptiActivitySetAttribute(CUpti_ActivityAttribute a, size_t *size, void *v)
{ return attr_impl(1, a, size, v); }

static CUptiResult flush_period_impl(int dl, uint32_t ms)
{
	cuptiActivityFlushPeriod_fn real = REAL(cuptiActivityFlushPeriod, dl);
	CUptiResult rc = real ? real(ms) : CUPTI_ERROR_NOT_INITIALIZED;

	say("cuptiActivityFlushPeriod ms=%u rc=%d via=%s", ms, (int)rc, HOW(dl));
	return rc;
}
EXPORT CUptiResult cuptiActivityFlushPeriod(uint32_t ms) { return flush_period_impl(0, ms); }
static CUptiResult spy_dl_cuptiActivityFlushPeriod(uint32_t ms) { return flush_period_impl(1, ms); }

static CUptiResult tid_impl(int dl, CUpti_ActivityThreadIdType t)
{
	cuptiSetThreadIdType_fn real = REAL(cuptiSetThreadIdType, dl);
	CUptiResult rc = real ? real(t) : CUPTI_ERROR_NOT_INITIALIZED;

	say("cuptiSetThreadIdType type=%d rc=%d via=%s", (int)t, (int)rc, HOW(dl));
	return rc;
}
EXPORT CUptiResult cuptiSetThreadIdType(CUpti_ActivityThreadIdType t) { return tid_impl(0, t); }
static CUptiResult spy_dl_cuptiSetThreadIdType(CUpti_ActivityThreadIdType t) { return tid_impl(1, t); }

/* ---- dlsym (libcupti-spy-dl.so only) ------------------------------------------ */

#ifdef SPY_DLSYM

#define ENTRY(name) { #name, (void *)spy_dl_##name, (void **)&name##_dl }
static const struct { const char *name; void *wrapper; void **real; } table[] = {
	ENTRY(cuptiActivityEnable), ENTRY(cuptiActivityDisable), ENTRY(cuptiActivityEnableAndDump),
	ENTRY(cuptiActivityEnableContext), ENTRY(cuptiActivityEnableRuntimeApi),
	ENTRY(cuptiActivityEnableDriverApi), ENTRY(cuptiEnableCallback), ENTRY(cuptiEnableDomain),
	ENTRY(cuptiEnableAllDomains), ENTRY(cuptiSubscribe), ENTRY(cuptiSubscribe_v2),
	ENTRY(cuptiActivityRegisterCallbacks), ENTRY(cuptiActivitySetAttribute),
	ENTRY(cuptiActivityFlushPeriod), ENTRY(cuptiSetThreadIdType),
	ENTRY(cuptiActivityEnableLatencyTimestamps), ENTRY(cuptiActivityEnableHWTrace),
	ENTRY(cuptiActivityEnableAllSyncRecords), ENTRY(cuptiActivityEnableLaunchAttributes),
	ENTRY(cuptiActivityEnableDeviceGraph), ENTRY(cuptiActivityEnableCudaEventDeviceTimestamps),
	ENTRY(cuptiActivityEnableAllocationSource),
};

typedef void *(*dlsym_fn)(void *, const char *);
static dlsym_fn real_dlsym;

static void *raw_dlsym(void *h, const char *name)
{
	if (!real_dlsym) {
		real_dlsym = (dlsym_fn)dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.34");
		if (!real_dlsym)
			real_dlsym = (dlsym_fn)dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.2.5");
		if (!real_dlsym)
			return NULL;
	}
	return real_dlsym(h, name);
}

EXPORT void *dlsym(void *handle, const char *name)
{
	void *p = raw_dlsym(handle, name);

	/* RTLD_NEXT and RTLD_DEFAULT lookups find the PLT wrappers already */
	if (!p || strncmp(name, "cupti", 5) || handle == RTLD_NEXT || handle == RTLD_DEFAULT)
		return p;
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (!strcmp(table[i].name, name)) {
			if (p == table[i].wrapper)
				return p;
			*table[i].real = p;
			dl_handle = handle;
			return table[i].wrapper;
		}
	return p;
}
#endif
