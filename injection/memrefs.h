/*
 * memrefs.h: which memory a call touches, for the hazard analysis
 * (docs/hazards.md).
 *
 * The callbacks keep a map of the live allocations the program made
 * (oc_mr_add at an allocation's exit site, oc_mr_remove at a free), and use
 * it as a filter: a copy's or memset's ends, and a kernel's 8-byte
 * parameters, are kept only when they point into a tracked allocation, so an
 * integer argument or a pageable buffer costs nothing in the trace.
 *
 * A kernel's parameters are found through the parameter layout of its
 * function (offset and size of each parameter: cuKernelGetParamInfo,
 * cuFuncGetParamInfo, CUDA 12.4 and later), asked once per function and
 * cached; the launch's argument array then gives each value. The layout
 * functions are looked up in the driver with dlsym when the first launch
 * needs them, or set by oc_mr_set_layout_fn (tests). Where the driver
 * cannot answer (a runtime launch of a host function has no driver handle;
 * on CUDA 13.0 the handle of the driver launch nested in it is refused
 * too), the parameters' types in the kernel's demangled name tell which
 * argument entries are pointers.
 *
 * Thread safety: every function may run on any program thread at once.
 * Lookups take a read lock on the map; the layout cache is read without a
 * lock. Nothing here calls CUPTI or SQLite.
 */
#ifndef OC_INJ_MEMREFS_H
#define OC_INJ_MEMREFS_H

#include <stddef.h>
#include <stdint.h>

#include "apiargs.h"

/* How the function of a launch is named. */
enum oc_mr_fn {
	OC_MR_KERNEL = 1,      /* a cudaKernel_t / CUkernel (CUDA 13's <<<>>> launches) */
	OC_MR_FUNCTION,        /* a CUfunction (driver launches) */
	OC_MR_HOST_STUB,       /* a runtime host function pointer (cudaLaunchKernel) */
};

/* A launch as the callback sees it (oc_mr_launch_of). */
struct oc_mr_launch {
	enum oc_mr_fn fn_kind;
	const void *fn;
	void **args;           /* one pointer per parameter, or NULL */
	void **extra;          /* the driver's `extra` array, or NULL */
	const char *symbol;    /* the kernel's (mangled) name, CUPTI's symbolName, or NULL */
};

/*
 * Parameter layout query, as cuKernelGetParamInfo: parameter `index` of
 * function fn of kind k; 0 on success, 1 past the last parameter, -1 on any
 * other error.
 */
typedef int (*oc_mr_layout_fn)(enum oc_mr_fn k, const void *fn, size_t index,
			       size_t *offset, size_t *size);

/* Tests: use f for every layout query (NULL: the CUDA functions again). */
void oc_mr_set_layout_fn(oc_mr_layout_fn f);

/* Track [base, base + bytes). 0, or -1 out of memory (the range is then not tracked). */
int oc_mr_add(uint64_t base, uint64_t bytes);
/* Forget the allocation that starts at base (nothing if none). */
void oc_mr_remove(uint64_t base);
/* Whether p lies in a tracked allocation. */
int oc_mr_contains(uint64_t p);
/* Tracked allocations now. */
size_t oc_mr_count(void);
/* Forget every allocation (tests). */
void oc_mr_reset(void);

/*
 * A launch's function and arguments from its callback parameters; 0 if cbid
 * is not a launch the capture knows (then *l is untouched).
 */
int oc_mr_launch_of(int domain, uint32_t cbid, const void *params, struct oc_mr_launch *l);

/*
 * The pointer arguments of launch l: every 8-byte parameter whose value
 * points into a tracked allocation, into rows of class OC_CB_PARAMS (at most
 * OC_PARAMS_ROW each; header fields copied from tmpl). Returns the rows
 * filled (0..max), or -1 when the function's layout could not be had (the
 * launch is counted by the caller).
 */
int oc_mr_capture(const struct oc_mr_launch *l, const struct oc_args_row *tmpl,
		  struct oc_args_row *rows, int max);

/* Clear a copy's or memset's ends that point into no tracked allocation. */
void oc_mr_filter_ends(struct oc_args_row *row);

/* A module is being unloaded: its functions' handles may be reused, so the
 * cached layouts are set aside (never freed: launches may be reading them). */
void oc_mr_forget_layouts(void);

/*
 * Whether explicit stream `handle` is being captured into a graph
 * (cuStreamIsCapturing; 0 when unknown). Never ask about the legacy or
 * per-thread stream: during a global capture that query is an error that
 * ends the capture.
 */
int oc_mr_stream_capturing(uint64_t handle);

/* OVERLAPCHECK_DEBUG_MEMREFS is set: say on stderr what the layout queries answered. */
int oc_mr_debug(void);

/* Layout queries that failed, and functions cached (the end-of-run counters). */
uint64_t oc_mr_layout_failures(void);
size_t oc_mr_functions(void);

#endif
