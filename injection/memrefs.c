/*
 * memrefs.c: the allocation map and the pointer arguments of launches
 * (memrefs.h, docs/hazards.md).
 *
 * The map is a sorted array of [base, end) under a read-write lock: an
 * allocation or free takes the write lock (rare next to launches), a launch
 * or copy the read lock once. The layout cache is an open-addressing table
 * of immutable entries, published with a release store and read without a
 * lock; a full table means asking the driver again for each launch of a new
 * function (counted as no worse than a cache miss).
 */
#include <dlfcn.h>
#include <stdio.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>
#include <cuda_runtime_api.h>

#include "memrefs.h"
#include "overlapcheck/codes.h"
#include "oc-sig.h"

/* ---- the allocation map ---------------------------------------------------- */

struct range {
	uint64_t base, end;
};

/* writers first: a free waiting for the lock must not starve behind launches */
static pthread_rwlock_t map_lock;
static pthread_once_t map_once = PTHREAD_ONCE_INIT;

static void map_lock_init(void)
{
	pthread_rwlockattr_t a;

	pthread_rwlockattr_init(&a);
	pthread_rwlockattr_setkind_np(&a, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
	pthread_rwlock_init(&map_lock, &a);
	pthread_rwlockattr_destroy(&a);
}

#define MAP_READ() (pthread_once(&map_once, map_lock_init), pthread_rwlock_rdlock(&map_lock))
#define MAP_WRITE() (pthread_once(&map_once, map_lock_init), pthread_rwlock_wrlock(&map_lock))
static struct range *map;
static size_t map_n, map_cap;

/* First index whose base is > p. */
static size_t upper(uint64_t p)
{
	size_t lo = 0, hi = map_n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (map[mid].base <= p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int contains_locked(uint64_t p)
{
	size_t i = upper(p);

	return i > 0 && p < map[i - 1].end;
}

int oc_mr_add(uint64_t base, uint64_t bytes)
{
	size_t i;
	int rc = 0;

	if (!base || !bytes)
		return 0;
	MAP_WRITE();
	i = upper(base);
	if (i > 0 && map[i - 1].base == base) {
		map[i - 1].end = base + bytes;   /* freed unseen and given again */
		goto out;
	}
	if (map_n == map_cap) {
		size_t cap = map_cap ? map_cap * 2 : 256;
		struct range *m = realloc(map, cap * sizeof *m);

		if (!m) {
			rc = -1;
			goto out;
		}
		map = m;
		map_cap = cap;
	}
	memmove(map + i + 1, map + i, (map_n - i) * sizeof *map);
	map[i] = (struct range){ base, base + bytes };
	map_n++;
out:
	pthread_rwlock_unlock(&map_lock);
	return rc;
}

void oc_mr_remove(uint64_t base)
{
	size_t i;

	MAP_WRITE();
	i = upper(base);
	if (i > 0 && map[i - 1].base == base) {
		memmove(map + i - 1, map + i, (map_n - i) * sizeof *map);
		map_n--;
	}
	pthread_rwlock_unlock(&map_lock);
}

int oc_mr_contains(uint64_t p)
{
	int r;

	MAP_READ();
	r = contains_locked(p);
	pthread_rwlock_unlock(&map_lock);
	return r;
}

size_t oc_mr_count(void)
{
	size_t n;

	MAP_READ();
	n = map_n;
	pthread_rwlock_unlock(&map_lock);
	return n;
}

void oc_mr_reset(void)
{
	MAP_WRITE();
	map_n = 0;
	pthread_rwlock_unlock(&map_lock);
}

void oc_mr_filter_ends(struct oc_args_row *row)
{
	if (row->src_ptr == OC_ARG_NONE && row->dst_ptr == OC_ARG_NONE)
		return;
	MAP_READ();
	if (row->src_ptr != OC_ARG_NONE && !contains_locked((uint64_t)row->src_ptr))
		row->src_ptr = OC_ARG_NONE;
	if (row->dst_ptr != OC_ARG_NONE && !contains_locked((uint64_t)row->dst_ptr))
		row->dst_ptr = OC_ARG_NONE;
	pthread_rwlock_unlock(&map_lock);
}

/* ---- parameter layouts ----------------------------------------------------- */

#define MAX_PARAMS 256
#define CACHE_SLOTS 8192   /* power of two */

struct layout {
	enum oc_mr_fn kind;
	const void *fn;
	int ok;                 /* the layout was had (else: every launch counts a failure) */
	int cached;             /* stored in a table: never freed */
	uint16_t n8;            /* 8-byte parameters */
	struct param8 { uint32_t off; uint16_t index; } p[];
};

#define PROBES 64          /* slots looked at per function; past them it is not cached */

/*
 * The cache. A module unload (oc_mr_forget_layouts) may free a function
 * whose handle a later one reuses, so it swaps in an empty table; the old
 * one and its entries are left in place (never freed: a launch on another
 * thread may still be reading them).
 */
struct ltab {
	_Atomic(struct layout *) slot[CACHE_SLOTS];
};
static struct ltab first_tab;
static _Atomic(struct ltab *) tab = &first_tab;
static _Atomic size_t n_cached;
static _Atomic uint64_t n_failures;
static pthread_mutex_t cache_mu = PTHREAD_MUTEX_INITIALIZER;
static _Atomic oc_mr_layout_fn layout_override;

/*
 * Only the driver is asked: a runtime call made here would set the runtime's
 * sticky last error on failure, which the program reads with
 * cudaGetLastError (PyTorch checks it after every launch). A host function
 * (cudaLaunchKernel) is therefore never asked about: its arguments come from
 * the driver launch nested in the runtime's, when there is one
 * (inject-callbacks.c).
 */
typedef CUresult (*kernel_info_fn)(CUkernel, size_t, size_t *, size_t *);
typedef CUresult (*func_info_fn)(CUfunction, size_t, size_t *, size_t *);
typedef CUresult (*kernel_function_fn)(CUfunction *, CUkernel);
typedef CUresult (*capturing_fn)(CUstream, CUstreamCaptureStatus *);

static pthread_once_t syms_once = PTHREAD_ONCE_INIT;
static kernel_info_fn kernel_info;
static func_info_fn func_info;
static kernel_function_fn kernel_function;
static capturing_fn is_capturing;
static int debug;

static void find_syms(void)
{
	void *drv = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
	const char *d = getenv("OVERLAPCHECK_DEBUG_MEMREFS");

	debug = d && *d && *d != '0';
	if (drv) {
		kernel_info = (kernel_info_fn)dlsym(drv, "cuKernelGetParamInfo");
		func_info = (func_info_fn)dlsym(drv, "cuFuncGetParamInfo");
		kernel_function = (kernel_function_fn)dlsym(drv, "cuKernelGetFunction");
		is_capturing = (capturing_fn)dlsym(drv, "cuStreamIsCapturing");
	}
	if (debug)
		fprintf(stderr, "overlapcheck: memrefs: libcuda %s, cuKernelGetParamInfo %s, "
			"cuFuncGetParamInfo %s, cuKernelGetFunction %s\n", drv ? "found" : "not loaded",
			kernel_info ? "yes" : "no", func_info ? "yes" : "no", kernel_function ? "yes" : "no");
}

static int cuda_layout(enum oc_mr_fn k, const void *fn, size_t index, size_t *off, size_t *size)
{
	CUresult rc = CUDA_ERROR_NOT_SUPPORTED;
	CUfunction f;

	pthread_once(&syms_once, find_syms);
	switch (k) {
	case OC_MR_KERNEL:
		if (kernel_info)
			rc = kernel_info((CUkernel)(uintptr_t)fn, index, off, size);
		/* a kernel the driver does not answer for: its function in this context */
		if (rc != CUDA_SUCCESS && rc != CUDA_ERROR_INVALID_VALUE && func_info &&
		    kernel_function && kernel_function(&f, (CUkernel)(uintptr_t)fn) == CUDA_SUCCESS)
			rc = func_info(f, index, off, size);
		break;
	case OC_MR_FUNCTION:
		if (func_info)
			rc = func_info((CUfunction)(uintptr_t)fn, index, off, size);
		/* a library's kernel launched through cuLaunchKernel as a CUfunction */
		if (rc == CUDA_ERROR_INVALID_HANDLE && kernel_info)
			rc = kernel_info((CUkernel)(uintptr_t)fn, index, off, size);
		break;
	case OC_MR_HOST_STUB:
		break;
	}
	if (debug && index == 0 && rc != CUDA_SUCCESS)
		fprintf(stderr, "overlapcheck: memrefs: layout of %s %p: CUDA error %d\n",
			k == OC_MR_KERNEL ? "kernel" : k == OC_MR_FUNCTION ? "function" : "host function",
			fn, (int)rc);
	/* past the last parameter, or no answer at all */
	return rc == CUDA_SUCCESS ? 0 : rc == CUDA_ERROR_INVALID_VALUE ? 1 : -1;
}

int oc_mr_stream_capturing(uint64_t handle)
{
	CUstreamCaptureStatus st = CU_STREAM_CAPTURE_STATUS_NONE;

	pthread_once(&syms_once, find_syms);
	return is_capturing && is_capturing((CUstream)(uintptr_t)handle, &st) == CUDA_SUCCESS &&
	       st != CU_STREAM_CAPTURE_STATUS_NONE;
}

int oc_mr_debug(void)
{
	pthread_once(&syms_once, find_syms);
	return debug;
}

void oc_mr_set_layout_fn(oc_mr_layout_fn f)
{
	atomic_store(&layout_override, f);
	/* a new source of layouts: forget the old ones (tests only) */
	pthread_mutex_lock(&cache_mu);
	for (size_t i = 0; i < CACHE_SLOTS; i++)
		free(atomic_exchange(&atomic_load(&tab)->slot[i], NULL));
	atomic_store(&n_cached, 0);
	atomic_store(&n_failures, 0);
	pthread_mutex_unlock(&cache_mu);
}

static size_t slot_of(enum oc_mr_fn k, const void *fn)
{
	uint64_t h = ((uint64_t)(uintptr_t)fn ^ (uint64_t)k) * 0x9E3779B97F4A7C15ull;

	return (size_t)(h >> 51) & (CACHE_SLOTS - 1);
}

/* The layout of fn: cached, or asked and cached; NULL out of memory. */
/* ---- layouts from the kernel's name ------------------------------------------ */

typedef char *(*demangle_fn)(const char *, char *, size_t *, int *);
static pthread_once_t dem_once = PTHREAD_ONCE_INIT;
static demangle_fn demangle;

static void find_demangle(void)
{
	void *h;

	demangle = (demangle_fn)dlsym(RTLD_DEFAULT, "__cxa_demangle");
	if (!demangle && (h = dlopen("libstdc++.so.6", RTLD_NOW | RTLD_NOLOAD)))
		demangle = (demangle_fn)dlsym(h, "__cxa_demangle");
}

/*
 * A launch's argument array has one entry per parameter, so the parameters'
 * types in the kernel's demangled name ("k(float const*, int, float*)") say
 * which entries are pointers, without offsets: the layout of a function the
 * driver cannot be asked about (a runtime launch of a host function). Each
 * pointer gets size 8 and offset UINT32_MAX (unknown: no use for a packed
 * `extra` buffer). Returns the parameter count, or -1 when the name is not a
 * C++ signature (an extern "C" kernel) or no demangler is loaded.
 */
static int name_layout(const char *mangled, size_t *off, size_t *size, size_t max)
{
	struct oc_sig sig;
	const char *b;
	char *d;
	size_t len, n = 0;
	int status = -1;

	pthread_once(&dem_once, find_demangle);
	if (!mangled || strncmp(mangled, "_Z", 2) || !demangle ||
	    !(d = demangle(mangled, NULL, NULL, &status)) || status != 0)
		return -1;
	if (!oc_sig_open(&sig, d)) {
		free(d);
		return -1;
	}
	for (; n < max && oc_sig_next(&sig, &b, &len); n++) {
		if (n == 0 && len == 4 && !strncmp(b, "void", 4) && sig.p >= sig.end) {
			free(d);
			return 0;   /* k(void) */
		}
		off[n] = UINT32_MAX;
		size[n] = len && b[len - 1] == '*' ? 8 : 0;
	}
	free(d);
	return (int)n;
}

static const struct layout *layout_get(enum oc_mr_fn k, const void *fn, const char *symbol)
{
	size_t s = slot_of(k, fn), i;
	oc_mr_layout_fn q = atomic_load(&layout_override);
	struct layout *l, *e;
	size_t off[MAX_PARAMS], size[MAX_PARAMS], n = 0, n8 = 0;
	int ok = 1;

	struct ltab *tb = atomic_load_explicit(&tab, memory_order_acquire);

	for (i = 0; i < PROBES; i++) {
		e = atomic_load_explicit(&tb->slot[(s + i) & (CACHE_SLOTS - 1)], memory_order_acquire);
		if (!e)
			break;
		if (e->fn == fn && e->kind == k)
			return e;
	}
	/* ask outside the lock: two threads may ask for one function at once */
	for (n = 0; n < MAX_PARAMS; n++) {
		int rc = q ? q(k, fn, n, &off[n], &size[n]) : cuda_layout(k, fn, n, &off[n], &size[n]);

		if (rc) {
			/* none: no parameter, unless the driver could not answer */
			if (n == 0 && rc < 0)
				ok = 0;
			break;
		}
		n8 += size[n] == 8;
	}
	if (!ok) {
		int m = name_layout(symbol, off, size, MAX_PARAMS);

		if (m >= 0) {
			ok = 1;
			n = (size_t)m;
			for (size_t j = 0; j < n; j++)
				n8 += size[j] == 8;
		}
		if (oc_mr_debug())
			fprintf(stderr, "overlapcheck: memrefs: layout of %s from its name: %d parameters\n",
				symbol ? symbol : "(no name)", m);
	}
	l = calloc(1, sizeof *l + n8 * sizeof l->p[0]);
	if (!l)
		return NULL;
	l->kind = k;
	l->fn = fn;
	l->ok = ok;
	for (size_t j = 0; j < n; j++)
		if (size[j] == 8)
			l->p[l->n8++] = (struct param8){ (uint32_t)off[j], (uint16_t)j };
	pthread_mutex_lock(&cache_mu);
	tb = atomic_load_explicit(&tab, memory_order_acquire);
	for (i = 0; i < PROBES; i++) {
		_Atomic(struct layout *) *c = &tb->slot[(s + i) & (CACHE_SLOTS - 1)];

		e = atomic_load_explicit(c, memory_order_relaxed);
		if (e && e->fn == fn && e->kind == k) {
			pthread_mutex_unlock(&cache_mu);
			free(l);
			return e;
		}
		if (!e) {
			l->cached = 1;
			atomic_store_explicit(c, l, memory_order_release);
			atomic_fetch_add(&n_cached, 1);
			pthread_mutex_unlock(&cache_mu);
			return l;
		}
	}
	pthread_mutex_unlock(&cache_mu);
	return l;   /* the table is full: the caller frees it (l is not cached) */
}

/* Whether l is in a table, the present or an earlier one (then not to be freed either). */
static int is_cached(const struct layout *l)
{
	return l->cached;
}

void oc_mr_forget_layouts(void)
{
	struct ltab *t = calloc(1, sizeof *t);

	if (!t)
		return;   /* out of memory: keep the old table (a reused handle stays possible) */
	pthread_mutex_lock(&cache_mu);
	atomic_store_explicit(&tab, t, memory_order_release);
	pthread_mutex_unlock(&cache_mu);
}

/* The packed argument buffer of a driver launch's `extra`, or NULL. */
static const uint8_t *extra_buffer(void **extra, size_t *len)
{
	const uint8_t *buf = NULL;

	*len = 0;
	for (size_t i = 0; extra && i < 64 && extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
		if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER)
			buf = extra[i + 1];
		else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE && extra[i + 1])
			*len = *(const size_t *)extra[i + 1];
	}
	return buf;
}

int oc_mr_capture(const struct oc_mr_launch *l, const struct oc_args_row *tmpl,
		  struct oc_args_row *rows, int max)
{
	const struct layout *lay;
	const uint8_t *buf = NULL;
	size_t buflen = 0;
	int nrows = 0;

	if (!l->fn || (!l->args && !l->extra))
		return 0;
	lay = layout_get(l->fn_kind, l->fn, l->symbol);
	if (!lay || !lay->ok) {
		atomic_fetch_add_explicit(&n_failures, 1, memory_order_relaxed);
		if (lay && !is_cached(lay))
			free((void *)lay);
		return -1;
	}
	if (!l->args)
		buf = extra_buffer(l->extra, &buflen);
	if (lay->n8) {
		MAP_READ();
		for (uint16_t j = 0; j < lay->n8; j++) {
			uint64_t v;
			struct oc_args_row *r;

			if (l->args) {
				if (!l->args[lay->p[j].index])
					continue;
				memcpy(&v, l->args[lay->p[j].index], 8);
			} else if (buf && lay->p[j].off != UINT32_MAX && lay->p[j].off + 8 <= buflen) {
				memcpy(&v, buf + lay->p[j].off, 8);
			} else {
				continue;
			}
			if (!v || !contains_locked(v))
				continue;
			if (nrows == 0 || rows[nrows - 1].np == OC_PARAMS_ROW) {
				if (nrows == max)
					break;
				r = &rows[nrows++];
				memset(r, 0, sizeof *r);
				r->correlation_id = tmpl->correlation_id;
				r->cbid = tmpl->cbid;
				r->tid = tmpl->tid;
				r->domain = tmpl->domain;
				r->context_id = tmpl->context_id;
				r->cls = OC_CB_PARAMS;
			}
			r = &rows[nrows - 1];
			r->pidx[r->np] = (uint8_t)(lay->p[j].index > 255 ? 255 : lay->p[j].index);
			r->pval[r->np++] = (int64_t)v;
		}
		pthread_rwlock_unlock(&map_lock);
	}
	if (!is_cached(lay))
		free((void *)lay);
	return nrows;
}

uint64_t oc_mr_layout_failures(void)
{
	return atomic_load(&n_failures);
}

size_t oc_mr_functions(void)
{
	return atomic_load(&n_cached);
}

/* ---- launches -------------------------------------------------------------- */

#define RT(x) CUPTI_RUNTIME_TRACE_CBID_##x
#define DRV(x) CUPTI_DRIVER_TRACE_CBID_##x
#define P(type) ((const type *)params)

int oc_mr_launch_of(int domain, uint32_t cbid, const void *params, struct oc_mr_launch *l)
{
	if (!params)
		return 0;
	memset(l, 0, sizeof *l);
	if (domain == OC_API_RUNTIME) {
		switch (cbid) {
		case RT(cudaLaunchKernel_v7000): case RT(cudaLaunchKernel_ptsz_v7000):
			l->fn_kind = OC_MR_HOST_STUB;
			l->fn = P(cudaLaunchKernel_v7000_params)->func;
			l->args = P(cudaLaunchKernel_v7000_params)->args;
			return 1;
		case RT(__cudaLaunchKernel_v13000): case RT(__cudaLaunchKernel_ptsz_v13000):
			l->fn_kind = OC_MR_KERNEL;
			l->fn = P(struct oc_launch13_params)->kernel;
			l->args = P(struct oc_launch13_params)->args;
			return 1;
		case RT(cudaLaunchKernelExC_v11060): case RT(cudaLaunchKernelExC_ptsz_v11060):
			l->fn_kind = OC_MR_HOST_STUB;
			l->fn = P(cudaLaunchKernelExC_v11060_params)->func;
			l->args = P(cudaLaunchKernelExC_v11060_params)->args;
			return 1;
		case RT(cudaLaunchCooperativeKernel_v9000): case RT(cudaLaunchCooperativeKernel_ptsz_v9000):
			l->fn_kind = OC_MR_HOST_STUB;
			l->fn = P(cudaLaunchCooperativeKernel_v9000_params)->func;
			l->args = P(cudaLaunchCooperativeKernel_v9000_params)->args;
			return 1;
		default:
			return 0;
		}
	}
	switch (cbid) {
	case DRV(cuLaunchKernel): case DRV(cuLaunchKernel_ptsz):
		l->fn_kind = OC_MR_FUNCTION;
		l->fn = P(cuLaunchKernel_params)->f;
		l->args = P(cuLaunchKernel_params)->kernelParams;
		l->extra = P(cuLaunchKernel_params)->extra;
		return 1;
	case DRV(cuLaunchKernelEx): case DRV(cuLaunchKernelEx_ptsz):
		l->fn_kind = OC_MR_FUNCTION;
		l->fn = P(cuLaunchKernelEx_params)->f;
		l->args = P(cuLaunchKernelEx_params)->kernelParams;
		l->extra = P(cuLaunchKernelEx_params)->extra;
		return 1;
	case DRV(cuLaunchCooperativeKernel): case DRV(cuLaunchCooperativeKernel_ptsz):
		l->fn_kind = OC_MR_FUNCTION;
		l->fn = P(cuLaunchCooperativeKernel_params)->f;
		l->args = P(cuLaunchCooperativeKernel_params)->kernelParams;
		return 1;
	default:
		return 0;
	}
}
