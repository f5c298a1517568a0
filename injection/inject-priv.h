/*
 * inject-priv.h: what the CUPTI side's files share: inject.c (entry points,
 * settings, CUPTI setup), inject-callbacks.c (API callbacks, per-thread row
 * holders), inject-buffers.c (activity buffers, the flush thread) and
 * inject-lifecycle.c (exit, fork).
 *
 * These files are the library's CUPTI entry side: they are linked only into
 * liboverlapcheck-inject.so, while the unit tests and bench/writer-rate link
 * the rest of injection/ without them. The process's tracing state oc_inj is
 * defined in inject.c: init() writes the settings in it before it sets CUPTI
 * up; the flags are atomics that every callback reads and that are only ever
 * set, never cleared. Nothing declared here is exported from the library.
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

/* The process's tracing state. */
struct oc_inj_state {
	_Atomic int initialized;      /* InitializeInjection ran in this process */
	_Atomic int disabled;         /* untraced from now on (fork child, fatal error) */
	_Atomic int finished;
	pid_t init_pid;
	int stats_on;
	unsigned flush_ms;
};

extern struct oc_inj_state oc_inj;

static inline uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline const char *cupti_err(CUptiResult rc)
{
	const char *s = NULL;

	if (cuptiGetResultString(rc, &s) != CUPTI_SUCCESS || !s)
		return "unknown CUPTI error";
	return s;
}

/* ---- inject.c ------------------------------------------------------------- */

int oc_inj_env_flag(const char *name);

/* ---- inject-callbacks.c ---------------------------------------------------- */

void CUPTIAPI oc_inj_api_callback(void *userdata, CUpti_CallbackDomain domain,
				  CUpti_CallbackId cbid, const void *data);
uint32_t oc_inj_tid(void);
void oc_inj_steal_chunks(void);
void oc_inj_callback_totals(struct oc_writer_final *fin);
void oc_inj_forget_tid(void);

/* ---- inject-buffers.c ------------------------------------------------------ */

void CUPTIAPI oc_inj_buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records);
void CUPTIAPI oc_inj_buffer_completed(CUcontext ctx, uint32_t stream_id, uint8_t *buffer,
				      size_t size, size_t valid);
void oc_inj_buffer_totals(struct oc_writer_final *fin);
int oc_inj_start_flush_thread(void);
void oc_inj_stop_flush_thread(void);
void oc_inj_forget_flush_thread(void);

/* ---- inject-lifecycle.c ---------------------------------------------------- */

void oc_inj_finalize(void);
void oc_inj_after_fork_child(void);

#pragma GCC visibility pop

#endif
