/*
 * inject-callers.c: where a call that held its thread was made from (table
 * callers, docs/schema.md "Callers"): the return addresses, taken on the
 * program's thread at the call's exit site, up to the last frame the writer
 * keeps (writer-callers.c places and names them).
 */
#include <dlfcn.h>
#include <execinfo.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <unwind.h>
/* struct dl_find_object (glibc 2.35): the unwinding can stop at the last
 * kept frame; the function itself is looked up at run time (caller_init),
 * so that the library still loads where glibc is older */
#if defined(__GLIBC__) && defined(DLFO_STRUCT_HAS_EH_DBASE)
#define OC_FIND_OBJECT 1
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
#define CALLER_PCS 40
uint64_t oc_inj_caller_ns = 50000;

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
 * had just waited for the device. Where glibc has no _dl_find_object
 * (before 2.35), backtrace() to 40 frames as before.
 */
#if OC_FIND_OBJECT
static int (*find_object)(void *, struct dl_find_object *);
static const struct link_map *main_map;   /* the main program's */
static int main_kept;                      /* ... judged by its path, as the writer does */

/* The main program: the loader's first object (dl_iterate_phdr's order). */
static int first_object(struct dl_phdr_info *info, size_t size, void *data)
{
	struct dl_find_object o;
	char *path;

	(void)size;
	(void)data;
	for (int i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_LOAD) {
			if (find_object((void *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr), &o) == 0)
				main_map = o.dlfo_link_map;
			break;
		}
	path = oc_caller_exe_path(info);
	main_kept = path && !oc_caller_module_skipped(path);   /* unknown: walk past it */
	free(path);
	return 1;
}

static void find_object_init(void)
{
	find_object = (int (*)(void *, struct dl_find_object *))dlvsym(RTLD_DEFAULT, "_dl_find_object",
									 "GLIBC_2.35");
	if (find_object)
		dl_iterate_phdr(first_object, NULL);
}

struct walk {
	void **pcs;
	int n, kept;
	uintptr_t cfa;   /* the last frame's, with its ip: a walk that stands still stops */
};

/* 1: a frame the writer keeps (oc_wr_frames_of_pcs); 0: CUDA's, the
 * tracer's, in no module, or in an unnamed one other than the program. */
static int frame_kept(uintptr_t pc)
{
	struct dl_find_object o;
	const struct link_map *m;

	if (find_object((void *)pc, &o) != 0 || !(m = o.dlfo_link_map))
		return 0;
	if (m == main_map)
		return main_kept;
	return m->l_name && *m->l_name && !oc_caller_module_skipped(m->l_name);
}

static _Unwind_Reason_Code walk_frame(struct _Unwind_Context *ctx, void *arg)
{
	struct walk *w = arg;
	uintptr_t ip = _Unwind_GetIP(ctx), cfa = _Unwind_GetCFA(ctx);

	if (!ip || (w->n > 0 && (uintptr_t)w->pcs[w->n - 1] == ip && w->cfa == cfa))
		return _URC_END_OF_STACK;
	w->pcs[w->n] = (void *)ip;
	w->cfa = cfa;
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
	struct walk w = { pcs, 0, 0, 0 };

	if (!find_object)
		return backtrace(pcs, CALLER_PCS);
	_Unwind_Backtrace(walk_frame, &w);
	return w.n;
}
#else
static void find_object_init(void)
{
}

static int unwind(void **pcs)
{
	return backtrace(pcs, CALLER_PCS);
}
#endif

/* The call's return addresses to the writer (a callers row); the frames unwound. */
int oc_inj_record_caller(uint32_t correlation_id, int domain, uint64_t ns)
{
	void *pcs[CALLER_PCS];
	int n = unwind(pcs);

	if (n > 1)
		oc_writer_caller_pcs(correlation_id, domain, ns, pcs, n);
	return n > 0 ? n : 0;
}

static pthread_once_t caller_once = PTHREAD_ONCE_INIT;

static void caller_init(void)
{
	const char *v = getenv("OVERLAPCHECK_CALLER_US");
	char *end;
	unsigned long long us;
	void *pcs[CALLER_PCS];

	find_object_init();
	/* the unwinder's first use resolves and sets up what it needs: now,
	 * not after a program's call */
	unwind(pcs);
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
