/*
 * inject-callbacks.c: the API callbacks and the per-thread row holders.
 *
 * Threads. API callbacks run on the program's threads. They copy the few
 * arguments activity records lack into a per-thread chunk (a mutex the owner
 * almost never has to wait for), and return. Full chunks go to the writer;
 * the flush thread (inject-buffers.c) takes the partly filled ones every
 * period, and the exit (inject-lifecycle.c) the last ones. A runtime call's
 * nested driver calls are not recorded again, and a stream handle is turned
 * into CUPTI's stream id through a small per-thread cache. Nothing here calls
 * SQLite.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cupti.h>

#include "apiargs.h"
#include "memrefs.h"
#include "writer.h"
#include "overlapcheck/codes.h"
#include "inject-priv.h"

/* A thread's totals of one query (inject-queries.c): written by the thread only. */
struct qtally {
	_Atomic uint64_t calls, total_ns, max_ns;
	_Atomic uint64_t timed;   /* of calls, those timed (all of them unless OVERLAPCHECK_QUERY_SAMPLE) */
};

/* Per-thread state: the chunk being filled and counters. */
struct holder {
	pthread_mutex_t mu;
	struct oc_args_chunk *chunk;
	struct holder *next;
	uint32_t tid;
	_Atomic uint64_t launches, calls;
	_Atomic uint64_t cb_calls, cb_ns;
	/* with OVERLAPCHECK_STATS=1, of cb_ns: the callers' backtraces (and the
	 * frames they unwound) and the launches' pointer arguments (the
	 * allocation map's part) */
	_Atomic uint64_t caller_calls, caller_ns, caller_frames, memrefs_calls, memrefs_ns;
	struct qtally q[OC_QUERY_MAX];
	/* what the last api_summary row said (under holders_mu): a row is sent
	 * again when any of the three changed, so a snapshot torn between the
	 * thread's three stores is mended by the next one */
	uint64_t q_sent[OC_QUERY_MAX][3];
};

/* OVERLAPCHECK_STATS=1: one more call into calls, and the time since t0 (mono_ns) into ns. */
static inline void tally(_Atomic uint64_t *calls, _Atomic uint64_t *ns, uint64_t t0)
{
	atomic_fetch_add_explicit(calls, 1, memory_order_relaxed);
	atomic_fetch_add_explicit(ns, mono_ns() - t0, memory_order_relaxed);
}

/* Stream id cache entry (per thread). */
struct sid_cache {
	CUcontext ctx;
	uint64_t handle;
	unsigned gen;
	uint32_t id;
	uint8_t ptsz, valid;
};
#define SID_CACHE 8

static _Atomic unsigned stream_gen;  /* bumped on stream create/destroy */

static pthread_mutex_t holders_mu = PTHREAD_MUTEX_INITIALIZER;
static struct holder *holders;
/*
 * Everything a program thread keeps, in one thread-local struct: in a
 * dlopen'ed library each distinct TLS variable costs a __tls_get_addr call,
 * and the callback runs on every launch.
 */
struct tstate {
	struct holder *holder;
	int rt_depth;                    /* inside an enabled runtime call */
	uint32_t tid;                    /* gettid(), 0 until asked */
	unsigned sid_next;
	struct sid_cache sid[SID_CACHE];
	int pending_on;                  /* a row waits for its call's exit site: */
	void *const *pending_ptr;        /* where the new handle or pointer will be */
	struct oc_args_row pending;      /* stream creation, allocation: its row */
	uint64_t call_t0[2];             /* top-level runtime [0] / driver [1] call: its enter
	                                    time (tick_now, inject-priv.h) */
	int q_depth;                     /* inside a top-level query */
	uint64_t q_t0;                   /* ... since (tick_now) */
	int q_count_only;                /* ... counted, not timed (OVERLAPCHECK_QUERY_SAMPLE) */
	unsigned q_seq;                  /* top-level queries seen, for the sample */
	int own;                         /* inside the tracer's own CUDA calls (oc_inj_own_begin) */
	uint32_t want_params;            /* a runtime launch whose pointer arguments a
	                                    nested driver launch may give (its correlation id) */
	struct oc_args_row want_tmpl;    /* ... and its row */
};

static _Atomic uint64_t no_layout;   /* launches whose parameter layout was not had */
static _Atomic uint64_t own_calls;   /* the tracer's own calls the callbacks saw (enter sites) */

static __thread struct tstate tls;

/*
 * This thread's state, its address computed once per callback: the compiler
 * would otherwise recompute &tls (a __tls_get_addr call, the library being
 * dlopen'ed) at each of its uses rather than keep it in a register, 36 calls
 * in oc_inj_api_callback; the empty asm hides where the pointer came from.
 */
static inline struct tstate *tstate_here(void)
{
	struct tstate *t = &tls;

	__asm__("" : "+r"(t));
	return t;
}

void oc_inj_own_begin(void)
{
	tls.own++;
}

void oc_inj_own_end(void)
{
	if (tls.own > 0)
		tls.own--;
}

/* Is the stream being captured into a graph? (cuStreamIsCapturing, a call of the tracer's) */
static int stream_capturing(uint64_t handle)
{
	int r;

	oc_inj_own_begin();
	r = oc_mr_stream_capturing(handle);
	oc_inj_own_end();
	return r;
}

/* CUPTI's clock (the records'), 0 when it cannot be read: CLOCK_REALTIME
 * from the vDSO where that is it (inject-queries.c), else cuptiGetTimestamp. */
static uint64_t api_clock(void)
{
	uint64_t ts = 0;

	if (oc_t_realtime)
		return realtime_ns();
	return cuptiGetTimestamp(&ts) == CUPTI_SUCCESS ? ts : 0;
}

/* The kernel thread id (what CUPTI reports with THREAD_ID_TYPE_SYSTEM). */
static uint32_t tstate_tid(struct tstate *t)
{
	if (!t->tid)
		t->tid = (uint32_t)syscall(SYS_gettid);
	return t->tid;
}

uint32_t oc_inj_tid(void)
{
	return tstate_tid(&tls);
}

static struct holder *holder_get(struct tstate *t)
{
	struct holder *h = t->holder;

	if (h)
		return h;
	h = calloc(1, sizeof *h);
	if (!h)
		return NULL;
	pthread_mutex_init(&h->mu, NULL);
	h->tid = tstate_tid(t);
	pthread_mutex_lock(&holders_mu);
	h->next = holders;
	holders = h;
	pthread_mutex_unlock(&holders_mu);
	t->holder = h;
	return h;
}

static _Atomic uint64_t rows_dropped;   /* callback rows no chunk could take */

static void append_row(struct holder *h, const struct oc_args_row *row)
{
	struct oc_args_chunk *full = NULL;

	pthread_mutex_lock(&h->mu);
	if (!h->chunk)
		h->chunk = oc_writer_chunk_get();
	if (h->chunk) {
		h->chunk->rows[h->chunk->n++] = *row;
		if (h->chunk->n == OC_ARGS_CHUNK) {
			full = h->chunk;
			h->chunk = NULL;
		}
	} else {
		/* no chunk: the writer's backlog is full, or no memory (meta dropped_callback_rows) */
		atomic_fetch_add_explicit(&rows_dropped, 1, memory_order_relaxed);
	}
	pthread_mutex_unlock(&h->mu);
	if (full)
		oc_writer_submit_full_chunk(full);   /* wakes the writer every few chunks */
}

/*
 * Hand every thread's partly filled chunk to the writer. nowait: for a
 * signal's flush, whose handler may have interrupted a thread inside
 * append_row() or holder_get(), holding the lock this would wait for while
 * that thread waits for the flush: a holder whose lock is taken keeps its
 * chunk (the rows of the calls under way at the signal), and a registry
 * taken for 20 ms is given up.
 */
/* The holders' registry; nowait: give up after 20 ms (-1). */
static int lock_holders(int nowait)
{
	int tries = 0;

	if (!nowait)
		return pthread_mutex_lock(&holders_mu) ? -1 : 0;
	while (pthread_mutex_trylock(&holders_mu) != 0) {
		struct timespec ms = { 0, 1000000 };

		if (++tries > 20)
			return -1;
		nanosleep(&ms, NULL);
	}
	return 0;
}

/*
 * The queries' totals that changed since the last time, as api_summary rows
 * (the writer keeps the latest per thread and function). Under holders_mu.
 */
static void send_query_totals(void)
{
	struct oc_args_chunk *c = NULL;
	unsigned n = oc_q_slots();

	for (struct holder *h = holders; h; h = h->next) {
		for (unsigned s = 0; s < n; s++) {
			uint64_t calls = atomic_load_explicit(&h->q[s].calls, memory_order_relaxed);
			uint64_t total = atomic_load_explicit(&h->q[s].total_ns, memory_order_relaxed);
			uint64_t max = atomic_load_explicit(&h->q[s].max_ns, memory_order_relaxed);
			uint64_t timed = atomic_load_explicit(&h->q[s].timed, memory_order_relaxed);
			struct oc_args_row *r;

			/* one query in oc_q_sample timed: the total is the timed ones'
			 * scaled to every call (0 while none was timed) */
			if (oc_q_sample > 1 && timed < calls)
				total = timed ? (uint64_t)((unsigned __int128)total * calls / timed) : 0;
			int driver;
			CUpti_CallbackId cbid;

			if (calls == h->q_sent[s][0] && total == h->q_sent[s][1] && max == h->q_sent[s][2])
				continue;
			if (!c && !(c = oc_writer_chunk_get())) {
				if (!atomic_load(&oc_inj.finished))
					return;   /* retried at the next flush */
				/* at the end: lost, each counted */
				atomic_fetch_add_explicit(&rows_dropped, 1, memory_order_relaxed);
				continue;
			}
			oc_q_slot_info(s, &driver, &cbid);
			r = &c->rows[c->n++];
			memset(r, 0, sizeof *r);
			r->cls = OC_CB_QSUM;
			r->tid = h->tid;
			r->domain = driver ? OC_API_DRIVER : OC_API_RUNTIME;
			r->cbid = cbid;
			r->q_calls = calls;
			r->q_total_ns = total;
			r->q_max_ns = max;
			h->q_sent[s][0] = calls;
			h->q_sent[s][1] = total;
			h->q_sent[s][2] = max;
			if (c->n == OC_ARGS_CHUNK) {
				oc_writer_submit_chunk(c);
				c = NULL;
			}
		}
	}
	if (c)
		oc_writer_submit_chunk(c);
}

static void steal(int nowait)
{
	struct holder *h;

	if (lock_holders(nowait))
		return;
	if (oc_q_slots())
		send_query_totals();
	for (h = holders; h; h = h->next) {
		struct oc_args_chunk *c;

		if (!nowait)
			pthread_mutex_lock(&h->mu);
		else if (pthread_mutex_trylock(&h->mu) != 0)
			continue;
		c = h->chunk;
		h->chunk = NULL;
		pthread_mutex_unlock(&h->mu);
		if (c)
			oc_writer_submit_chunk(c);
	}
	pthread_mutex_unlock(&holders_mu);
}

void oc_inj_steal_chunks(void)
{
	steal(0);
}

void oc_inj_steal_chunks_nowait(void)
{
	steal(1);
}

/* Add every thread's counters to fin (at the end; nowait as for the chunks). */
void oc_inj_callback_totals(struct oc_writer_final *fin, int nowait)
{
	struct holder *h;

	/* first: the signal path may not get the holders' lock (the final steal, before, has counted its drops) */
	fin->dropped_callback_rows = atomic_load(&rows_dropped);
	if (lock_holders(nowait))
		return;
	for (h = holders; h; h = h->next) {
		fin->api_launches_seen += atomic_load(&h->launches);
		fin->api_calls_seen += atomic_load(&h->calls);
		fin->api_cb_calls += atomic_load(&h->cb_calls);
		fin->api_cb_ns += atomic_load(&h->cb_ns);
		fin->caller_calls += atomic_load(&h->caller_calls);
		fin->caller_ns += atomic_load(&h->caller_ns);
		fin->caller_frames += atomic_load(&h->caller_frames);
		fin->memrefs_calls += atomic_load(&h->memrefs_calls);
		fin->memrefs_ns += atomic_load(&h->memrefs_ns);
	}
	pthread_mutex_unlock(&holders_mu);
	fin->mem_tracking = oc_inj.mem_on;
	fin->mem_no_layout = atomic_load(&no_layout);
	fin->tracer_driver_calls = atomic_load(&own_calls);
	fin->mem_functions = oc_mr_functions();
	fin->mem_live = oc_mr_count();
}

/* After fork() in the child: this thread's id is the child's own, ask again. */
void oc_inj_forget_tid(void)
{
	tls.tid = 0;
}

/* The CUPTI stream id of a handle, cached per thread; OC_ARG_NONE if unknown. */
static int64_t stream_id_of(struct tstate *t, CUcontext ctx, uint64_t handle, int ptsz)
{
	unsigned gen = atomic_load_explicit(&stream_gen, memory_order_relaxed);
	uint32_t id = 0;
	struct sid_cache *c;

	for (int i = 0; i < SID_CACHE; i++) {
		c = &t->sid[i];
		if (c->valid && c->ctx == ctx && c->handle == handle && c->ptsz == ptsz &&
		    (c->gen == gen || handle <= 2))
			return c->id;
	}
	if (cuptiGetStreamIdEx(ctx, (CUstream)(uintptr_t)handle, (uint8_t)ptsz, &id) != CUPTI_SUCCESS)
		return OC_ARG_NONE;
	c = &t->sid[t->sid_next++ % SID_CACHE];
	c->ctx = ctx;
	c->handle = handle;
	c->ptsz = (uint8_t)ptsz;
	c->gen = gen;
	c->id = id;
	c->valid = 1;
	return id;
}

/*
 * A launch's pointer arguments (memrefs.h) into rows after its own. 0, or -1
 * when its function's parameter layout could not be had.
 */
static int capture_params(struct holder *h, int domain, CUpti_CallbackId cbid,
			  const CUpti_CallbackData *cb, const struct oc_args_row *tmpl)
{
	struct oc_mr_launch l;
	struct oc_args_row rows[4];
	uint64_t t0 = oc_inj.stats_on ? mono_ns() : 0;
	int n;

	if (!oc_mr_launch_of(domain, cbid, cb->functionParams, &l))
		return 0;
	l.symbol = cb->symbolName;
	/* the layout queries (cuFuncGetParamInfo, ...) are the tracer's, not the launch's */
	oc_inj_own_begin();
	n = oc_mr_capture(&l, tmpl, rows, 4);
	oc_inj_own_end();
	for (int i = 0; i < n; i++)
		append_row(h, &rows[i]);
	if (oc_inj.stats_on)
		tally(&h->memrefs_calls, &h->memrefs_ns, t0);
	return n < 0 ? -1 : 0;
}

/* An allocation's exit site: its pointer and size, into the map and the trace. */
static void alloc_done(struct holder *h, struct tstate *t, const CUpti_CallbackData *cb)
{
	struct oc_args_row *r = &t->pending;

	if (!cb->functionReturnValue || *(const int *)cb->functionReturnValue != 0)
		return;
	if (t->pending_ptr)
		r->dst_ptr = (int64_t)*(const uint64_t *)t->pending_ptr;
	if (r->pitched) {
		const size_t *pitch = (const size_t *)(uintptr_t)r->host_ptr;

		r->bytes = pitch ? (int64_t)(*pitch * (size_t)r->bytes) : OC_ARG_NONE;
		r->host_ptr = OC_ARG_NONE;
	}
	if (r->dst_ptr == OC_ARG_NONE || r->dst_ptr == 0 || r->bytes == OC_ARG_NONE || r->bytes <= 0)
		return;
	oc_mr_add((uint64_t)r->dst_ptr, (uint64_t)r->bytes);
	append_row(h, r);
}

/* A call's api row from its callbacks (OC_CB_TIMED), times on CUPTI's clock. */
static void append_timed(struct holder *h, const CUpti_CallbackData *cb, CUpti_CallbackId cbid,
			 int domain, uint64_t start, uint64_t end)
{
	struct oc_args_row row;

	memset(&row, 0, sizeof row);
	row.cls = OC_CB_TIMED;
	row.correlation_id = cb->correlationId;
	row.cbid = cbid;
	row.tid = h->tid;
	row.domain = (uint8_t)domain;
	row.context_id = cb->contextUid;
	row.t_start = start;
	row.t_end = end;
	row.t_ret = cb->functionReturnValue ? *(const int *)cb->functionReturnValue : 0;
	append_row(h, &row);
}

/*
 * A query (inject-queries.c): timed here, its API record being off. A
 * top-level call that took at least oc_q_min_ns gets an api row (CUPTI's
 * clock, like the records); the others add to the thread's totals. One made
 * inside a runtime call is that call's.
 */
static void query_call(struct tstate *t, unsigned slot, CUpti_CallbackDomain domain,
		       CUpti_CallbackId cbid, const CUpti_CallbackData *cb)
{
	int rt = domain == CUPTI_CB_DOMAIN_RUNTIME_API;
	struct holder *h;
	uint64_t ns, now;

	if (cb->callbackSite == CUPTI_API_ENTER) {
		if (rt ? t->rt_depth++ > 0 : t->rt_depth > 0)
			return;
		/* outside the capture window, or not timed at all: no clock read
		 * (q_t0 0 marks it; the depth stays balanced); left out of the
		 * sample (one query in oc_q_sample is timed): counted only */
		if (t->q_depth++ == 0) {
			int on = oc_cap_recording() && oc_q_mode() != OC_Q_OFF;

			/* a thread's first OC_Q_WARM all timed (a slow one at start-up keeps its row) */
			t->q_count_only = on && oc_q_sample > 1 && ++t->q_seq > OC_Q_WARM &&
					  t->q_seq % oc_q_sample != 0;
			t->q_t0 = on && !t->q_count_only ? tick_now() : 0;
		}
		return;
	}
	if (rt) {
		if (t->rt_depth == 0 || --t->rt_depth > 0)
			return;   /* nested, or its enter site came before the subscription */
	} else if (t->rt_depth > 0) {
		return;
	}
	if (t->q_depth == 0 || --t->q_depth > 0 || (!t->q_t0 && !t->q_count_only))
		return;
	if (t->q_count_only) {
		now = ns = 0;
	} else {
		now = tick_now();
		ns = now > t->q_t0 ? tick_ns(now - t->q_t0) : 0;
	}
	/* not timed (OVERLAPCHECK_QUERIES=off with every callback on); the
	 * tracer's own exit synchronize (its cuCtxGetCurrent) is not the program's */
	if (oc_q_mode() == OC_Q_OFF ||
	    (atomic_load_explicit(&oc_inj.final_state, memory_order_relaxed) == OC_FINAL_RUNNING &&
	     (pid_t)tstate_tid(t) == atomic_load(&oc_inj.final_tid)))
		return;
	if (!oc_cap_recording() || !(h = holder_get(t)))
		return;
	if (!t->q_count_only && ns >= oc_q_min_ns && (now = api_clock()) > ns) {
		append_timed(h, cb, cbid, rt ? OC_API_RUNTIME : OC_API_DRIVER, now - ns, now);
		return;
	}
	struct qtally *q = &h->q[slot];

	atomic_store_explicit(&q->calls, atomic_load_explicit(&q->calls, memory_order_relaxed) + 1,
			      memory_order_relaxed);
	if (t->q_count_only)
		return;
	atomic_store_explicit(&q->timed, atomic_load_explicit(&q->timed, memory_order_relaxed) + 1,
			      memory_order_relaxed);
	atomic_store_explicit(&q->total_ns,
			      atomic_load_explicit(&q->total_ns, memory_order_relaxed) + ns,
			      memory_order_relaxed);
	if (ns > atomic_load_explicit(&q->max_ns, memory_order_relaxed))
		atomic_store_explicit(&q->max_ns, ns, memory_order_relaxed);
}

/*
 * A top-level call's enter or exit site (oc_inj_api_callback): its time on
 * the thread clock, its api row when the callbacks time it, and its caller
 * when it held the thread long enough. d: a driver call.
 */
static inline void time_call(struct tstate *t, int d, CUpti_CallbackId cbid,
			     const CUpti_CallbackData *cb)
{
	/* every call, or the listed ones (and the tracer's own functions,
	 * which have no record in any mode: oc_q_init) */
	int own = oc_t_callbacks == 2 ||
		  (d ? cbid < CUPTI_DRIVER_TRACE_CBID_SIZE && oc_t_drv_mask[cbid]
		     : cbid < CUPTI_RUNTIME_TRACE_CBID_SIZE && oc_t_rt_mask[cbid]);
	struct holder *h;

	if (cb->callbackSite == CUPTI_API_ENTER) {
		/* outside the capture window neither the row nor the caller is
		 * recorded: no clock read (a call the window opens during is
		 * left out, as its enter site was outside) */
		t->call_t0[d] = oc_cap_recording() ? tick_now() : 0;
	} else if (t->call_t0[d]) {
		/* the duration on the thread clock (the TSC or CLOCK_MONOTONIC,
		 * inject-priv.h), which no clock step moves; the end on CUPTI's
		 * clock (api_clock), at once, before any work of the tracer's */
		uint64_t t1 = tick_now();
		uint64_t ns = t1 > t->call_t0[d] ? tick_ns(t1 - t->call_t0[d]) : 0;
		uint64_t end = own ? api_clock() : 0;

		if (own && end > ns && oc_cap_recording() && (h = holder_get(t)) != NULL)
			append_timed(h, cb, cbid, d ? OC_API_DRIVER : OC_API_RUNTIME, end - ns, end);
		t->call_t0[d] = 0;
		/* oc_inj_caller_ns was read at set-up (oc_inj_callers_init, before the subscription) */
		if (ns >= oc_inj_caller_ns &&
		    atomic_load_explicit(&oc_inj.final_state, memory_order_relaxed) == OC_FINAL_NONE &&
		    oc_cap_recording()) {
			uint64_t c0 = oc_inj.stats_on ? mono_ns() : 0;
			int frames = oc_inj_record_caller(cb->correlationId,
							  d ? OC_API_DRIVER : OC_API_RUNTIME, ns);

			if (oc_inj.stats_on && (h = holder_get(t)) != NULL) {
				tally(&h->caller_calls, &h->caller_ns, c0);
				atomic_fetch_add_explicit(&h->caller_frames, (uint64_t)frames,
							  memory_order_relaxed);
			}
		}
	}
}

/*
 * A driver call inside a runtime call: the runtime call above already
 * recorded this one; a launch may still give the pointer arguments the
 * runtime's could not.
 */
static inline void nested_driver_call(struct tstate *t, CUpti_CallbackId cbid,
				      const CUpti_CallbackData *cb)
{
	if (t->want_params && cb->callbackSite == CUPTI_API_ENTER && t->holder &&
	    oc_mr_launch_of(OC_API_DRIVER, cbid, cb->functionParams,
			    &(struct oc_mr_launch){ 0 })) {
		int rc = capture_params(t->holder, OC_API_DRIVER, cbid, cb, &t->want_tmpl);

		if (oc_mr_debug())
			fprintf(stderr, "overlapcheck: memrefs: nested driver launch %u of call %u: %s\n",
				(unsigned)cbid, t->want_tmpl.correlation_id, rc ? "no layout" : "captured");
		if (rc == 0)
			t->want_params = 0;
	}
}

/* A recorded call's exit site: what its enter site left pending. */
static inline void exit_site(struct holder *h, struct tstate *t, CUpti_CallbackDomain domain,
			     const CUpti_CallbackData *cb)
{
	int dom = domain == CUPTI_CB_DOMAIN_RUNTIME_API ? OC_API_RUNTIME : OC_API_DRIVER;

	if (t->want_params && t->want_tmpl.correlation_id == cb->correlationId &&
	    t->want_tmpl.domain == dom) {
		t->want_params = 0;   /* no nested launch gave them */
		atomic_fetch_add_explicit(&no_layout, 1, memory_order_relaxed);
	}
	/* Stream creation, allocations and frees need the exit site: the new
	 * handle or pointer, or whether the call succeeded. */
	if (t->pending_on && (t->pending.cls == OC_CB_ALLOC || t->pending.cls == OC_CB_FREE) &&
	    t->pending.correlation_id == cb->correlationId && t->pending.domain == dom) {
		t->pending_on = 0;
		if (t->pending.cls == OC_CB_ALLOC) {
			alloc_done(h, t, cb);
		} else if (cb->functionReturnValue && *(const int *)cb->functionReturnValue == 0) {
			oc_mr_remove((uint64_t)t->pending.dst_ptr);
			append_row(h, &t->pending);
		}
	} else if (t->pending_on && t->pending.cls == OC_CB_EVENT_SYNC &&
		   t->pending.correlation_id == cb->correlationId && t->pending.domain == dom) {
		t->pending_on = 0;
		if (cb->functionReturnValue && *(const int *)cb->functionReturnValue == 0)
			append_row(h, &t->pending);
	} else if (t->pending_on && t->pending_ptr && t->pending.correlation_id == cb->correlationId &&
	    t->pending.domain == dom) {
		void *handle = *t->pending_ptr;

		t->pending_on = 0;
		t->pending_ptr = NULL;
		atomic_fetch_add_explicit(&stream_gen, 1, memory_order_relaxed);
		if (cb->functionReturnValue && *(const int *)cb->functionReturnValue == 0 && handle) {
			t->pending.stream_handle = (int64_t)(uintptr_t)handle;
			t->pending.handle_kind = OC_HANDLE_EXPLICIT;
			t->pending.stream_id = stream_id_of(t, cb->context,
							    (uint64_t)(uintptr_t)handle, 0);
			append_row(h, &t->pending);
		}
	}
}

/* A recorded call's enter site: its arguments into a row, or pending for its exit site. */
static inline void enter_site(struct holder *h, struct tstate *t, CUpti_CallbackDomain domain,
			      CUpti_CallbackId cbid, const CUpti_CallbackData *cb)
{
	struct oc_args_row row;
	void *const *create_ptr = NULL;
	enum oc_cb_class cls;

	cls = oc_args_extract(domain, cbid, cb->functionParams, &row, &create_ptr);
	if (cls == OC_CB_NONE || cls == OC_CB_SYNC)
		return;   /* a sync is only timed, above */
	/* outside the capture window only what keeps the allocation map and the
	 * streams whole is recorded */
	if (cls != OC_CB_ALLOC && cls != OC_CB_FREE && cls != OC_CB_STREAM_CREATE &&
	    cls != OC_CB_STREAM_DESTROY && !oc_cap_recording())
		return;
	row.correlation_id = cb->correlationId;
	row.tid = tstate_tid(t);
	row.context_id = cb->contextUid;
	atomic_fetch_add_explicit(&h->calls, 1, memory_order_relaxed);
	switch (cls) {
	case OC_CB_STREAM_CREATE:
		t->pending = row;
		t->pending_ptr = create_ptr;
		t->pending_on = 1;
		return;
	case OC_CB_ALLOC:
		/* a stream-ordered allocation captured into a graph happens when the
		 * graph runs, not now: not recorded (docs/hazards.md) */
		if (!oc_inj.mem_on || (row.handle_kind == OC_HANDLE_EXPLICIT &&
				       stream_capturing((uint64_t)row.stream_handle)))
			return;
		if (row.stream_handle != OC_ARG_NONE && cb->context)
			row.stream_id = stream_id_of(t, cb->context, (uint64_t)row.stream_handle, row.ptsz);
		t->pending = row;
		t->pending_ptr = create_ptr;
		t->pending_on = 1;
		return;
	case OC_CB_FREE:
		if (!oc_inj.mem_on || row.dst_ptr == 0 || row.dst_ptr == OC_ARG_NONE ||
		    (row.handle_kind == OC_HANDLE_EXPLICIT &&
		     stream_capturing((uint64_t)row.stream_handle)))
			return;
		/* kept for the exit site: only a free that succeeded is one */
		if (row.stream_handle != OC_ARG_NONE && cb->context)
			row.stream_id = stream_id_of(t, cb->context, (uint64_t)row.stream_handle, row.ptsz);
		t->pending = row;
		t->pending_ptr = NULL;
		t->pending_on = 1;
		return;
	case OC_CB_STREAM_DESTROY:
		atomic_fetch_add_explicit(&stream_gen, 1, memory_order_relaxed);
		return;
	case OC_CB_EVENT_SYNC:
		/* kept for the exit site: only a sync that found its event done
		 * orders anything (a cudaEventQuery poll that found it not ready
		 * leaves no row) */
		t->pending = row;
		t->pending_ptr = NULL;
		t->pending_on = 1;
		return;

	case OC_CB_LAUNCH:
		atomic_fetch_add_explicit(&h->launches, 1, memory_order_relaxed);
		if (oc_inj.mem_on &&
		    capture_params(h, row.domain, cbid, cb, &row) < 0) {
			if (row.domain == OC_API_RUNTIME) {
				t->want_params = 1;
				t->want_tmpl = row;
			} else {
				atomic_fetch_add_explicit(&no_layout, 1, memory_order_relaxed);
			}
		}
		break;
	case OC_CB_COPY: case OC_CB_MEMSET:
		if (oc_inj.mem_on)
			oc_mr_filter_ends(&row);
		else
			row.src_ptr = row.dst_ptr = OC_ARG_NONE;
		break;
	default:
		break;
	}
	if (row.stream_handle != OC_ARG_NONE && cb->context)
		row.stream_id = stream_id_of(t, cb->context, (uint64_t)row.stream_handle, row.ptsz);
	append_row(h, &row);
}

/*
 * Every API callback CUPTI makes (and the NVTX and resource ones): the
 * filters, then the call's phases in the helpers above, all inlined.
 */
void CUPTIAPI oc_inj_api_callback(void *userdata, CUpti_CallbackDomain domain,
				  CUpti_CallbackId cbid, const void *data)
{
	const CUpti_CallbackData *cb = data;
	struct holder *h = NULL;
	struct tstate *t = tstate_here();
	uint64_t t0 = 0;

	if (atomic_load_explicit(&oc_inj.disabled, memory_order_relaxed) ||
	    atomic_load_explicit(&oc_inj.finished, memory_order_relaxed))
		return;
	if (domain == CUPTI_CB_DOMAIN_NVTX) {
		oc_cap_nvtx(cbid, data);   /* the capture range (inject-capture.c) */
		return;
	}
	if (domain == CUPTI_CB_DOMAIN_RESOURCE) {
		if (cbid == CUPTI_CBID_RESOURCE_MODULE_UNLOAD_STARTING)
			oc_mr_forget_layouts();
		return;
	}
	/* a call the tracer made (inside a launch's callback, say): not the
	 * program's, and the call it is made inside keeps its times and row */
	if (t->own) {
		if (cb->callbackSite == CUPTI_API_ENTER)
			atomic_fetch_add_explicit(&own_calls, 1, memory_order_relaxed);
		return;
	}
	{
		unsigned slot = domain == CUPTI_CB_DOMAIN_RUNTIME_API
			? (cbid < CUPTI_RUNTIME_TRACE_CBID_SIZE ? oc_q_rt_slot[cbid] : 0)
			: (cbid < CUPTI_DRIVER_TRACE_CBID_SIZE ? oc_q_drv_slot[cbid] : 0);

		if (slot) {
			query_call(t, slot - 1, domain, cbid, cb);
			return;
		}
	}
	if (oc_inj.stats_on)
		t0 = mono_ns();
	/* a top-level call's time, for its caller (oc_inj_record_caller) */
	if ((domain == CUPTI_CB_DOMAIN_RUNTIME_API && t->rt_depth <= (cb->callbackSite == CUPTI_API_EXIT)) ||
	    (domain == CUPTI_CB_DOMAIN_DRIVER_API && t->rt_depth == 0))
		time_call(t, domain == CUPTI_CB_DOMAIN_DRIVER_API, cbid, cb);
	if (domain == CUPTI_CB_DOMAIN_RUNTIME_API) {
		if (cb->callbackSite == CUPTI_API_EXIT) {
			/* The enter site of the call running at subscription was never seen. */
			if (t->rt_depth > 0)
				t->rt_depth--;
		} else
			t->rt_depth++;
	} else if (domain == CUPTI_CB_DOMAIN_DRIVER_API && t->rt_depth > 0) {
		nested_driver_call(t, cbid, cb);
		goto out;
	}
	/* the capture range's own calls (cudaProfilerStart/Stop) */
	if (oc_cap_api(domain, cbid, cb->callbackSite == CUPTI_API_EXIT))
		goto out;
	if (!(h = holder_get(t)))
		goto out;
	if (cb->callbackSite == CUPTI_API_EXIT)
		exit_site(h, t, domain, cb);
	else
		enter_site(h, t, domain, cbid, cb);
out:
	if (oc_inj.stats_on && (h = t->holder) != NULL)
		tally(&h->cb_calls, &h->cb_ns, t0);
}
