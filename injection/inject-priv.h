/*
 * inject-priv.h: what the CUPTI side's files share, from the top down (each
 * calls only the files below it; the flush thread reaches inject-signals.c
 * through the function inject.c gives it): inject.c (entry points, settings,
 * CUPTI setup), inject-signals.c (the final flush on a termination signal),
 * inject-lifecycle.c (exit, fork, the final flush and checkpoints),
 * inject-flush.c (the flush thread and the handoff to it),
 * inject-buffers.c (activity buffers) and inject-callbacks.c (API
 * callbacks, per-thread row holders); beside them inject-capture.c (the
 * capture window) and inject-queries.c (which calls are timed by the
 * callbacks rather than by API records); at the bottom inject-state.c (the
 * state oc_inj and the environment's helpers), which calls none of them.
 *
 * These files are the library's CUPTI entry side: they are linked only into
 * liboverlapcheck-inject.so, while the unit tests and bench/writer-rate link
 * the rest of injection/ without them. The process's tracing state oc_inj is
 * defined in inject-state.c: init() (inject.c) writes the settings in it
 * before it sets CUPTI up; the flags are atomics that every callback reads
 * and that are only ever set, never cleared. Nothing declared here is exported from the library.
 */
#ifndef OC_INJ_INJECT_PRIV_H
#define OC_INJ_INJECT_PRIV_H

#include <stdatomic.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include <cupti.h>

#include "writer.h"

#pragma GCC visibility push(hidden)

/* The final flush: not yet, under way on thread final_tid, done. */
enum oc_final_state { OC_FINAL_NONE = 0, OC_FINAL_RUNNING, OC_FINAL_DONE };

/* The process's tracing state. */
struct oc_inj_state {
	_Atomic int initialized;      /* InitializeInjection ran in this process */
	_Atomic int disabled;         /* untraced from now on (fork child, fatal error) */
	_Atomic int finished;         /* CUPTI's last records are out: callbacks record nothing */
	_Atomic int final_state;      /* enum oc_final_state */
	_Atomic pid_t final_tid;      /* the thread running the final flush */
	pid_t init_pid;
	int stats_on;
	int mem_on;                   /* allocations and pointer arguments (OVERLAPCHECK_MEMREFS) */
	int api_minimal;              /* OVERLAPCHECK_API=minimal: API records only of the calls
	                                 that queue work or synchronize explicitly */
	unsigned flush_ms;
	unsigned term_flush_ms;       /* a signal handler's wait for the flush; 0: no handlers */
	uint64_t kinds_off;           /* OVERLAPCHECK_KINDS_OFF: a bit per CUpti_ActivityKind (< 64)
	                                 not enabled (inject.c, oc_inj_kind_off) */
};

/* What a signal handler asks the flush thread for (bits; inject-signals.c). */
enum oc_inj_request {
	OC_REQ_FINAL = 1u << 0,       /* the final flush, tracer_status terminated */
	OC_REQ_CHECKPOINT = 1u << 1,  /* flush and commit, status terminated (a program handler follows) */
	OC_REQ_RESUME = 1u << 2,      /* the program's handler returned: status running again */
	OC_REQ_CRASH = 1u << 3,       /* forced flush and commit, status untouched */
};

extern struct oc_inj_state oc_inj;

/* Whether OVERLAPCHECK_KINDS_OFF keeps this activity kind off (inject.c). */
static inline int oc_inj_kind_off(CUpti_ActivityKind k)
{
	return (unsigned)k < 64 && (oc_inj.kinds_off >> (unsigned)k & 1);
}

static inline uint64_t clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline uint64_t mono_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

/* CLOCK_REALTIME: what CUPTI's timestamps are on Linux (inject-queries.c). */
static inline uint64_t realtime_ns(void)
{
	return clock_ns(CLOCK_REALTIME);
}

static inline const char *cupti_err(CUptiResult rc)
{
	const char *s = NULL;

	if (cuptiGetResultString(rc, &s) != CUPTI_SUCCESS || !s)
		return "unknown CUPTI error";
	return s;
}

/* ---- inject-state.c ------------------------------------------------------- */

/* A setting that is set and not "0". */
int oc_inj_env_flag(const char *name);
/* A number in min..max from the environment; dflt when unset, or when bad
 * (warned about: bad_setting). */
unsigned long oc_inj_env_ulong(const char *name, unsigned long dflt, unsigned long min,
			       unsigned long max);
/* A positive 64-bit number from the environment, 0 when unset or bad. */
uint64_t oc_inj_env_u64(const char *name);

/* ---- inject-signals.c ------------------------------------------------------- */

void oc_inj_signals_install(void);
int oc_inj_signals_serve(unsigned kinds);

/* ---- inject-lifecycle.c ---------------------------------------------------- */

void oc_inj_finalize(void);
void oc_inj_finalize_at_signal(int sig, uint64_t at_ns);
void oc_inj_checkpoint(int forced, int sig, uint64_t at_ns);
void oc_inj_after_fork_child(void);

/* ---- inject-flush.c ---------------------------------------------------------- */

int oc_inj_start_flush_thread(int (*serve)(unsigned kinds));
int oc_inj_flush_thread_running(void);
int oc_inj_on_flush_thread(void);
void oc_inj_stop_flush_thread(void);
void oc_inj_flush_totals(struct oc_writer_final *fin);
void oc_inj_forget_flush_thread(void);
/* Async-signal-safe: post a request (a sequence number back), wait for a condition. */
uint64_t oc_inj_request(unsigned kind);
int oc_inj_request_served(uint64_t seq);
int oc_inj_request_wait(int (*ready)(uint64_t), uint64_t arg, uint64_t deadline_ns);
void oc_inj_requests_done(void);

/* ---- inject-capture.c ------------------------------------------------------ */

enum oc_cap_mode { OC_CAP_ALL = 0, OC_CAP_PROFILER, OC_CAP_NVTX };
void oc_cap_init(void);
void oc_cap_start(void);
void oc_cap_enable_callbacks(CUpti_SubscriberHandle sub);
int oc_cap_mode(void);
int oc_cap_recording(void);
int oc_cap_api(CUpti_CallbackDomain domain, CUpti_CallbackId cbid, int exit_site);
void oc_cap_nvtx(CUpti_CallbackId cbid, const CUpti_NvtxData *d);
void oc_cap_tick(void);
void oc_cap_finish(void);
/* --api=minimal: API records of the calls that queue work, allocate, free or
 * synchronize explicitly, enabled (or disabled) one callback id at a time. 0 or a CUPTI error. */
CUptiResult oc_cap_minimal_api(int enable);

/* ---- inject-queries.c ------------------------------------------------------ */

enum oc_q_mode { OC_Q_RECORD = 0, OC_Q_SUMMARY, OC_Q_OFF };
/* callback id -> query slot + 1 (0: not a query, or not timed by the callbacks) */
extern uint8_t oc_q_rt_slot[CUPTI_RUNTIME_TRACE_CBID_SIZE];
extern uint8_t oc_q_drv_slot[CUPTI_DRIVER_TRACE_CBID_SIZE];
extern uint64_t oc_q_min_ns;          /* a query this long gets its own api row */
extern unsigned oc_q_sample;          /* one top-level query in this many is timed (1: all) */
#define OC_Q_WARM 256u                /* ... after a thread's first this many, all timed */
/* OVERLAPCHECK_API_TIMING=callbacks: the api rows of the calls whose
 * callbacks are taken come from them (mask: callback id -> 1) */
extern int oc_t_callbacks;             /* 2: every call (OVERLAPCHECK_API_TIMING=all) */
/* 1: CUPTI's clock is CLOCK_REALTIME, read directly (OVERLAPCHECK_API_CLOCK) */
extern int oc_t_realtime;
void oc_q_clock_check_end(void);
int oc_t_no_api_kinds(void);
extern uint8_t oc_t_rt_mask[CUPTI_RUNTIME_TRACE_CBID_SIZE];
extern uint8_t oc_t_drv_mask[CUPTI_DRIVER_TRACE_CBID_SIZE];
void oc_q_init(void);
int oc_q_mode(void);
unsigned oc_q_slots(void);
void oc_q_slot_info(unsigned slot, int *driver, CUpti_CallbackId *cbid);
void oc_q_enable_callbacks(CUpti_SubscriberHandle sub);
void oc_q_disable_records(void);
void oc_q_meta(void);

/*
 * The thread clock: what the callbacks time a call's duration with (its
 * end is on CUPTI's clock, api_clock()). The TSC where the kernel's own
 * clocksource is the TSC (x86-64), read in about a third of a vDSO
 * clock_gettime, else CLOCK_MONOTONIC; OVERLAPCHECK_THREAD_CLOCK=monotonic
 * chooses the latter. Ticks become nanoseconds by a factor calibrated
 * against CLOCK_MONOTONIC at set-up and refined by the flush thread (meta
 * thread_clock, thread_clock_ticks_per_us).
 */
extern int oc_tick_tsc;
extern _Atomic uint64_t oc_tick_mult;  /* ns per tick, 32.32 fixed point */
void oc_tick_init(void);
void oc_tick_refine(void);
void oc_tick_meta(void);
void oc_tick_end(void);

#if defined(__x86_64__)
static inline uint64_t rdtsc_now(void)
{
	uint32_t lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return (uint64_t)hi << 32 | lo;
}
#endif

static inline uint64_t tick_now(void)
{
#if defined(__x86_64__)
	if (oc_tick_tsc)
		return rdtsc_now();
#endif
	return mono_ns();
}

/* A duration in ticks, in nanoseconds. */
static inline uint64_t tick_ns(uint64_t ticks)
{
	if (!oc_tick_tsc)
		return ticks;
	return (uint64_t)(((unsigned __int128)ticks *
			   atomic_load_explicit(&oc_tick_mult, memory_order_relaxed)) >> 32);
}

/* ---- inject-buffers.c ------------------------------------------------------ */

void CUPTIAPI oc_inj_buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records);
void CUPTIAPI oc_inj_buffer_completed(CUcontext ctx, uint32_t stream_id, uint8_t *buffer,
				      size_t size, size_t valid);
void oc_inj_buffer_totals(struct oc_writer_final *fin);
int oc_inj_have_buffers(void);
void oc_inj_buffer_counts(uint64_t *requested, uint64_t *completed);

/* ---- inject-callbacks.c ---------------------------------------------------- */

void CUPTIAPI oc_inj_api_callback(void *userdata, CUpti_CallbackDomain domain,
				  CUpti_CallbackId cbid, const void *data);
uint32_t oc_inj_tid(void);
void oc_inj_steal_chunks(void);
void oc_inj_steal_chunks_nowait(void);
void oc_inj_callback_totals(struct oc_writer_final *fin, int nowait);
void oc_inj_forget_tid(void);

/* ---- inject-callers.c ------------------------------------------------------ */

/* Read OVERLAPCHECK_CALLER_US and set up the unwinder (at set-up, on the initialising thread). */
void oc_inj_callers_init(void);
/* A top-level call that held its thread this long (ns) gets a callers row, */
extern uint64_t oc_inj_caller_ns;
/* ... taken at its exit site; returns the frames unwound (stats.caller_frames). */
int oc_inj_record_caller(uint32_t correlation_id, int domain, uint64_t ns);

/*
 * The tracer's own CUDA calls (docs/schema.md, "The tracer's own calls"):
 * between oc_inj_own_begin() and oc_inj_own_end() on a thread, every API
 * callback CUPTI makes is the tracer's, not the program's: it is counted
 * (meta tracer_driver_calls) and nothing else, so the calls never reach
 * api, api_summary or callers, and the program call they are made inside
 * keeps its row. Nests.
 */
void oc_inj_own_begin(void);
void oc_inj_own_end(void);

#pragma GCC visibility pop

#endif
