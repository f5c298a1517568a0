/*
 * inject-buffers.c: CUPTI's activity buffers and the flush thread.
 *
 * CUPTI asks for a buffer when it needs one and hands it back full (or
 * flushed): the buffers come from the writer's pool and go to the writer's
 * queue as they are (writer-queue.c), so neither callback does more than take
 * a buffer from the pool (or allocate one) or push it. The tool's flush
 * thread (inject-flush.c) asks CUPTI for them every OVERLAPCHECK_FLUSH_MS,
 * once CUPTI has asked for a first buffer (oc_inj_have_buffers()).
 */
#include <stdatomic.h>

#include <cupti.h>

#include "writer.h"
#include "inject-priv.h"

static _Atomic uint64_t buf_req_calls, buf_req_ns, buf_done_calls, buf_done_ns;
static _Atomic int have_buffers;     /* CUPTI asked for a buffer: there is something to flush */
static _Atomic uint64_t n_requested, n_completed;  /* buffers CUPTI asked for, and handed back */


/* ---- activity buffers ---------------------------------------------------- */

void CUPTIAPI oc_inj_buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records)
{
	uint64_t t0 = oc_inj.stats_on ? mono_ns() : 0;

	*max_records = 0;
	if (atomic_load(&oc_inj.disabled) || atomic_load(&oc_inj.finished)) {
		/* CUPTI drops the records of a NULL buffer: nothing here may keep them. */
		*buffer = NULL;
		*size = 0;
		return;
	}
	*buffer = oc_writer_buffer_get(size);
	atomic_fetch_add_explicit(&n_requested, 1, memory_order_relaxed);
	if (!atomic_load_explicit(&have_buffers, memory_order_relaxed))
		atomic_store(&have_buffers, 1);
	if (!*buffer && !oc_writer_backlog_full())   /* a full backlog is said once, by the writer */
		oc_writer_warn("inject", "out_of_memory",
			       "cannot allocate an activity buffer: records are dropped");
	if (oc_inj.stats_on) {
		atomic_fetch_add_explicit(&buf_req_calls, 1, memory_order_relaxed);
		atomic_fetch_add_explicit(&buf_req_ns, mono_ns() - t0, memory_order_relaxed);
	}
}

void CUPTIAPI oc_inj_buffer_completed(CUcontext ctx, uint32_t stream_id, uint8_t *buffer,
				      size_t size, size_t valid)
{
	uint64_t t0 = oc_inj.stats_on ? mono_ns() : 0;
	size_t dropped = 0;

	if (atomic_load(&oc_inj.disabled))
		return;  /* a fork child: the buffer belongs to the parent's pool */
	if (cuptiActivityGetNumDroppedRecords(ctx, stream_id, &dropped) != CUPTI_SUCCESS)
		dropped = 0;
	oc_writer_submit_buffer(buffer, valid, dropped);
	atomic_fetch_add_explicit(&n_completed, 1, memory_order_relaxed);
	if (oc_inj.stats_on) {
		atomic_fetch_add_explicit(&buf_done_calls, 1, memory_order_relaxed);
		atomic_fetch_add_explicit(&buf_done_ns, mono_ns() - t0, memory_order_relaxed);
	}
}

/* The buffer callbacks' counters, into fin (at the end, oc_inj_finalize). */
void oc_inj_buffer_totals(struct oc_writer_final *fin)
{
	fin->buf_req_calls = atomic_load(&buf_req_calls);
	fin->buf_req_ns = atomic_load(&buf_req_ns);
	fin->buf_done_calls = atomic_load(&buf_done_calls);
	fin->buf_done_ns = atomic_load(&buf_done_ns);
}

/* CUPTI asked for a buffer: a flush can find something. */
int oc_inj_have_buffers(void)
{
	return atomic_load(&have_buffers);
}

/* How many buffers CUPTI has asked for and handed back so far. */
void oc_inj_buffer_counts(uint64_t *requested, uint64_t *completed)
{
	*requested = atomic_load_explicit(&n_requested, memory_order_relaxed);
	*completed = atomic_load_explicit(&n_completed, memory_order_relaxed);
}
