/*
 * inject-callers.c: where a call that held its thread was made from (table
 * callers, docs/schema.md "Callers"): the return addresses, taken on the
 * program's thread at the call's exit site, up to the last frame the writer
 * keeps (writer-callers.c places and names them).
 */
#include <execinfo.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 35)
#define OC_FIND_OBJECT 1   /* _dl_find_object: the unwinding stops at the last kept frame */
#include <dlfcn.h>
#include <link.h>
#include <unwind.h>
#else
#define OC_FIND_OBJECT 0
#endif

#include <cupti.h>

#include "writer.h"
#include "inject-priv.h"

/*
 * Callers (docs/schema.md, "Callers"). A call that held its thread at least
 * OVERLAPCHECK_CALLER_US (default 50 us; 0: never) may have waited for the
 * device: at its exit site, still on the caller's stack, the first frames
 * outside CUDA and this library go to table callers. Every other call pays
 * a clock read at each site.
 */
uint64_t oc_inj_caller_ns = 50000;
static pthread_once_t caller_once = PTHREAD_ONCE_INIT;

static void caller_init(void)
{
	const char *v = getenv("OVERLAPCHECK_CALLER_US");
	char *end;
	unsigned long long us;
	void *pc[2];

	/* the unwinder loads libgcc_s on its first use: now, not in a later call */
	backtrace(pc, 2);
	if (!v || !*v)
		return;
	us = strtoull(v, &end, 10);
	if (!*end)
		oc_inj_caller_ns = us ? us * 1000u : UINT64_MAX;
}

void oc_inj_callers_init(void)
{
	pthread_once(&caller_once, caller_init);
}

/*
 * The program's thread pays the unwinding only: the return addresses go to
 * the writer, which places them by module and offset (writer-callers.c);
 * dladdr's walk of a large library's dynamic symbol table took tens of
 * microseconds per frame here, on the thread whose submission the trace
 * measures, and later a second of the writer's CPU in a training step.
 *
 * The unwinding stops at the last frame the writer keeps: the
 * OC_CALLER_FRAMES-th outside CUDA and this library, each frame's module
 * found by _dl_find_object (glibc 2.35; lock-free, no symbol search) and
 * judged by its path as the writer judges it. backtrace() went on to 40
 * frames: on the H200 a PyTorch training step's 190 backtraces took 45.2 us
 * each (OVERLAPCHECK_STATS=1, stats.caller_ns), right after a call that
 * had just waited for the device. Where _dl_find_object is missing,
 * backtrace() as before.
 */
#define CALLER_PCS 40
#if OC_FIND_OBJECT
struct walk {
	void **pcs;
	int n, kept;
};

/* 1: a frame the writer keeps; 0: CUDA's, the tracer's, or in no module. */
static int frame_kept(uintptr_t pc)
{
	struct dl_find_object o;

	if (_dl_find_object((void *)pc, &o) != 0 || !o.dlfo_link_map)
		return 0;
	return !oc_caller_module_skipped(o.dlfo_link_map->l_name);
}

static _Unwind_Reason_Code walk_frame(struct _Unwind_Context *ctx, void *arg)
{
	struct walk *w = arg;
	uintptr_t ip = _Unwind_GetIP(ctx);

	if (!ip)
		return _URC_END_OF_STACK;
	w->pcs[w->n] = (void *)ip;
	/* pcs[0], this library's frame, is never kept (oc_wr_frames_of_pcs);
	 * ip - 1: inside the call instruction, as the writer places it */
	if (w->n > 0 && frame_kept(ip - 1))
		w->kept++;
	w->n++;
	return w->kept >= OC_CALLER_FRAMES || w->n == CALLER_PCS ? _URC_END_OF_STACK
								  : _URC_NO_REASON;
}

static int unwind(void **pcs)
{
	struct walk w = { pcs, 0, 0 };

	_Unwind_Backtrace(walk_frame, &w);
	return w.n;
}
#else
static int unwind(void **pcs)
{
	return backtrace(pcs, CALLER_PCS);
}
#endif

/* The frames unwound, for stats.caller_frames. */
static _Atomic uint64_t caller_frames;

uint64_t oc_inj_caller_frames(void)
{
	return atomic_load(&caller_frames);
}

void oc_inj_record_caller(uint32_t correlation_id, int domain, uint64_t ns)
{
	void *pcs[CALLER_PCS];
	int n = unwind(pcs);

	if (oc_inj.stats_on)
		atomic_fetch_add_explicit(&caller_frames, (uint64_t)(n > 0 ? n : 0),
					  memory_order_relaxed);
	if (n > 1)
		oc_writer_caller_pcs(correlation_id, domain, ns, pcs, n);
}
