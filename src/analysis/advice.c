/*
 * advice.c: what to change, from the evidence (analysis.h, docs/causes.md).
 *
 * Each serialized claim's decisive cause and each gap's cause carries one
 * sentence of advice with a stable id. The id is chosen when the analysis
 * runs (a claim's by its decisive cause's row of the cause table,
 * causes.c; a gap's by oc_choose_gap_advice), from the evidence:
 * a pageable copy of 4 bytes gets different advice from one of 27 MB, and
 * same_stream_order on an input copy different advice from the same cause
 * on a kernel. The sentence is written on demand (oc_claim_advice,
 * oc_gap_advice) with the evidence's own names, sizes and streams, so a
 * result holds one byte of advice per claim, however many claims there are.
 *
 * The lever is the one line a report opens with: the largest part of the
 * device's time in the window that a change could win back, and what that
 * change is (oc_choose_lever, oc_lever_text).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "context.h"
#include "overlapcheck/format.h"

static const char *const advice_ids[OC_N_ADVICE] = {
	"", "unset_launch_blocking", "pin_host_buffer", "small_pageable_copy",
	"non_blocking_streams", "legacy_op_off_default_stream", "sync_after_submitting",
	"hidden_sync_out_of_loop", "check_event_dependency", "check_graph_edges", "copy_on_side_stream",
	"split_into_streams", "queue_later_work_beside", "smaller_grid", "submit_ahead",
	"fewer_larger_launches", "copy_engines",
	"pipeline_fill_drain", "raise_max_connections", "more_beside_it", "nothing_to_overlap",
	"unknown",
	"gap_host_sync", "gap_host_busy", "gap_resubmit_after_sync", "gap_submit_overhead",
	"gap_pageable_staging", "gap_slow_call",
	"gap_launch_latency", "gap_module_loading",
	"gap_dependency", "gap_unknown",
	"collective_on_side_stream", "compute_beside_collective", "balance_ranks",
	"host_first", "host_slow_call", "host_graph_capture", "host_cpu_work", "host_calls",
};

static const char *const lever_ids[OC_N_LEVERS] = {
	"none", "host_submitted_late", "host_blocked", "launch_overhead", "dependencies",
	"serialized_work", "already_overlapped", "idle_unexplained", "compute_bound",
	"nothing_serialized", "communication_exposed",
};

const char *oc_advice_id(enum oc_advice a)
{
	return (unsigned)a < OC_N_ADVICE ? advice_ids[a] : "";
}

const char *oc_lever_id(enum oc_lever l)
{
	return (unsigned)l < OC_N_LEVERS ? lever_ids[l] : "none";
}

static int is_pageable(const struct oc_op *op)
{
	return (op->kind == OC_OP_MEMCPY || op->kind == OC_OP_MEMCPY_PEER) &&
	       (op->src_kind == OC_MEM_PAGEABLE || op->dst_kind == OC_MEM_PAGEABLE);
}

enum oc_advice oc_choose_gap_advice(const struct oc_trace *t, const struct oc_gap *g)
{
	switch (g->cause) {
	case OC_GAP_HOST_SYNCHRONIZATION: return OC_ADVICE_GAP_HOST_SYNC;
	case OC_GAP_SUBMITTED_LATE:
		if (g->outside_ns >= 0 && 2 * g->outside_ns >= g->end_ns - g->start_ns)
			return OC_ADVICE_GAP_HOST_BUSY;
		if (g->block >= 0)
			return OC_ADVICE_GAP_RESUBMIT_AFTER_SYNC;
		/* one call took most of the gap: the next op's own (a pageable copy
		 * staging), or another (a slow cudaMallocAsync, a pool's creation) */
		if (g->longest_api >= 0 && 2 * g->longest_ns >= g->end_ns - g->start_ns)
			return g->longest_api == g->api && is_pageable(&t->ops[g->next_op]) ?
			       OC_ADVICE_GAP_PAGEABLE_STAGING : OC_ADVICE_GAP_SLOW_CALL;
		return g->outside_ns >= 0 ? OC_ADVICE_GAP_SUBMIT_OVERHEAD : OC_ADVICE_GAP_HOST_BUSY;
	case OC_GAP_LAUNCH_LATENCY: return OC_ADVICE_GAP_LAUNCH_LATENCY;
	case OC_GAP_MODULE_LOADING: return OC_ADVICE_GAP_MODULE_LOADING;
	case OC_GAP_DEPENDENCY_WAIT: return OC_ADVICE_GAP_DEPENDENCY;
	default: return OC_ADVICE_GAP_UNKNOWN;
	}
}

static const char *say(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return buf;
}

static unsigned stream_of(const struct oc_trace *t, int32_t op)
{
	return t->streams[t->ops[op].stream].stream_id;
}

static const char *api_of(const struct oc_trace *t, int32_t api)
{
	return api >= 0 && (size_t)api < t->n_api ? oc_trace_str(t, t->api[api].name) : "the call";
}

static const char *dir_of(const struct oc_op *op)
{
	return op->kind == OC_OP_MEMSET ? "memset" : oc_copy_kind_name(op->copy_kind);
}

const char *oc_claim_advice(const struct oc_trace *t, const struct oc_analysis *a,
			    const struct oc_claim *cl, char *buf, size_t len)
{
	char x[64], name[160];
	const struct oc_evidence *e = cl->n_evidence ? &cl->evidence[0] : NULL;
	const struct oc_op *op = &t->ops[cl->op];

	if (!len)
		return buf;
	buf[0] = '\0';
	if (!e)
		return buf;
	switch ((enum oc_advice)cl->advice) {
	case OC_ADVICE_UNSET_LAUNCH_BLOCKING:
		return say(buf, len, "CUDA_LAUNCH_BLOCKING=1 makes every kernel launch synchronous: "
			   "unset it outside debugging");
	case OC_ADVICE_PIN_HOST_BUFFER: {
		const struct oc_op *p = e->op >= 0 ? &t->ops[e->op] : op;
		oc_fmt_bytes(oc_op_shape(t, p)->bytes, x, sizeof x);
		if (e->cause == OC_CAUSE_HOST_SYNCHRONIZATION)
			return say(buf, len, "the %s %s copy's call (%s) blocked the host until the work "
				   "before it was done, because the copy uses pageable host memory: pin the "
				   "buffer (cudaHostAlloc / cudaHostRegister / pin_memory=True)",
				   x, dir_of(p), api_of(t, e->api));
		if (e->cause == OC_CAUSE_SAME_STREAM_ORDER)
			return say(buf, len, "the %s %s copy queued with it in stream %u is pageable and "
				   "blocked the host, so no other stream's work was queued beside it: pin "
				   "the buffer (cudaHostAlloc / cudaHostRegister / pin_memory=True)",
				   x, dir_of(p), stream_of(t, e->op));
		return say(buf, len, "the %s %s copy%s uses pageable host memory, which blocks the host "
			   "and cannot run beside other work: pin the buffer (cudaHostAlloc / "
			   "cudaHostRegister / pin_memory=True)", x, dir_of(p),
			   e->op == cl->op ? "" : " it was kept apart from");
	}
	case OC_ADVICE_SMALL_PAGEABLE_COPY: {
		const struct oc_op *p = e->op >= 0 ? &t->ops[e->op] : op;
		oc_fmt_bytes(oc_op_shape(t, p)->bytes, x, sizeof x);
		return say(buf, len, "a %s pageable %s copy blocks the host until the device reaches it: "
			   "keep such values on the device, or gather them into one pinned buffer read "
			   "once", x, dir_of(p));
	}
	case OC_ADVICE_NON_BLOCKING_STREAMS:
		return say(buf, len, "it ran on the legacy default stream, which waits for and blocks "
			   "every blocking stream: queue it on a stream created with "
			   "cudaStreamNonBlocking, or build with --default-stream per-thread");
	case OC_ADVICE_LEGACY_OP_OFF_DEFAULT_STREAM:
		oc_op_short(t, e->op >= 0 ? e->op : cl->op, name, sizeof name, 60);
		return say(buf, len, "%.80s on the legacy default stream serialized the blocking streams "
			   "around it: queue it on a stream of its own, or create the streams with "
			   "cudaStreamNonBlocking", name);
	case OC_ADVICE_SYNC_AFTER_SUBMITTING:
		return say(buf, len, "%.60s waited for the device between the two submissions: queue the "
			   "other work before synchronizing, or wait on an event for only what is needed",
			   api_of(t, e->api));
	case OC_ADVICE_HIDDEN_SYNC_OUT_OF_LOOP:
		return say(buf, len, "%.60s blocked the host until the work before it was done (a hidden "
			   "synchronization), between the two submissions: move it out of the loop (for "
			   "cudaFree/cudaMalloc: reuse the buffer, or use cudaFreeAsync/cudaMallocAsync)",
			   api_of(t, e->api));
	case OC_ADVICE_CHECK_EVENT_DEPENDENCY:
		return say(buf, len, "stream %u waits on an event recorded in stream %u: a declared "
			   "dependency; if the data does not need it, drop the wait or record the event "
			   "earlier",
			   e->wait_stream >= 0 ? t->streams[e->wait_stream].stream_id : 0,
			   e->event_stream >= 0 ? t->streams[e->event_stream].stream_id : 0);
	case OC_ADVICE_CHECK_GRAPH_EDGES:
		return say(buf, len, "both are nodes of one graph launch and ran one after the other; the "
			   "trace does not record the graph's edges: if the two are independent, check that no "
			   "edge joins them (cudaGraphGetEdges, or how the stream capture ordered them)");
	case OC_ADVICE_FEWER_LARGER_LAUNCHES:
		return say(buf, len, "%s launch call was still under way when the other op ended: the "
			   "ops are shorter than a launch; fewer, larger kernels, or a CUDA graph, let work "
			   "reach the device together", e->self_late ? "its" : "the partner's");
	case OC_ADVICE_COPY_ON_SIDE_STREAM:
		if (op->copy_kind == OC_COPY_HTOD)
			return say(buf, len, "the copy and its consumer share stream %u, which runs in "
				   "order: queue the copy on a side stream and make the consumer wait on an "
				   "event recorded after it", stream_of(t, cl->op));
		return say(buf, len, "the copy and the work around it share stream %u, which runs in "
			   "order: queue the copy on a side stream that waits on an event recorded after "
			   "its producer, so the next work can start", stream_of(t, cl->op));
	case OC_ADVICE_SPLIT_INTO_STREAMS:
		return say(buf, len, "only work of its own stream %u was queued with it, and a stream "
			   "runs in order: split independent work (chunks, batches) over several streams",
			   stream_of(t, cl->op));
	case OC_ADVICE_QUEUE_LATER_WORK_BESIDE:
		return say(buf, len, "the other stream's work ran while %s was still queued behind the "
			   "previous op of stream %u: the two streams' work was not at the same place in "
			   "their queues; put the independent work beside what it can overlap (queue it "
			   "later in its stream, or split the long op)",
			   e->self_late ? "its partner" : "it",
			   e->op >= 0 ? stream_of(t, e->op) : stream_of(t, cl->op));
	case OC_ADVICE_SMALLER_GRID:
		return say(buf, len, "the running kernel's %lld blocks filled all %d SMs, so nothing "
			   "could start beside it: overlap needs kernels that leave SMs free (smaller "
			   "grids, or fewer resources per block)", (long long)e->count, e->sm_count);
	case OC_ADVICE_SUBMIT_AHEAD:
		return say(buf, len, "%s call came only after the other op had ended: the CPU is the "
			   "bottleneck here; queue work further ahead (less CPU work or fewer syncs "
			   "between submissions)", e->self_late ? "its" : "the partner's");
	case OC_ADVICE_COPY_ENGINES:
		return say(buf, len, "this device has %lld copy engine(s): copies in opposite directions "
			   "cannot run at once", (long long)e->count);
	case OC_ADVICE_PIPELINE_FILL_DRAIN:
		return say(buf, len, "this device ran its %lld %s copies one at a time (no two ever "
			   "intersected): this is the pipeline's fill or drain; more, smaller chunks "
			   "shorten it", (long long)e->count, dir_of(op));
	case OC_ADVICE_RAISE_MAX_CONNECTIONS:
		return say(buf, len, "CUDA_DEVICE_MAX_CONNECTIONS=%lld is below the %lld streams in use: "
			   "raise it (up to 32)", (long long)e->count, (long long)e->limit);
	case OC_ADVICE_MORE_BESIDE_IT:
		oc_fmt_duration(e->count, x, sizeof x);
		return say(buf, len, "it did run beside other work, for %s (%.1f%% of its duration, under "
			   "--min-overlap): the work beside it was shorter; more or longer independent work "
			   "in other streams would cover more of it", x,
			   e->limit > 0 ? 100.0 * (double)e->count / (double)e->limit : 0.0);
	case OC_ADVICE_NOTHING_TO_OVERLAP:
		return say(buf, len, "nothing else was queued while it was pending or running: overlap "
			   "needs independent work queued beside it");
	case OC_ADVICE_UNKNOWN:
		if (oc_trace_meta(t, "import.absent"))   /* an imported trace: say what it lacks */
			return say(buf, len, "the input does not show why: it has no %.300s, which some "
				   "causes need to be proven (docs/import.md)",
				   oc_trace_meta(t, "import.absent"));
		return say(buf, len, "the trace does not show why; docs/causes.md says what each cause "
			   "needs to be proven");
	case OC_ADVICE_COLLECTIVE_ON_SIDE_STREAM:
		return say(buf, len, "the collective and the compute around it share stream %u, which "
			   "runs in order: launch the collective on a stream of its own and make only "
			   "the work that needs its result wait for it (an event; PyTorch: async_op=True "
			   "and work.wait())", stream_of(t, cl->op));
	case OC_ADVICE_COMPUTE_BESIDE_COLLECTIVE:
		return say(buf, len, "no compute kernel was queued while the collective was pending or "
			   "running: start it while independent compute is still queued (DDP all-reduces "
			   "gradient buckets during backward; under no_sync() it all-reduces everything at "
			   "the end, with nothing beside it)");
	case OC_ADVICE_BALANCE_RANKS:
		return say(buf, len, "it waited for slower peer ranks before it could proceed: balance "
			   "the work across ranks (data, sequence lengths, stragglers), or look at what "
			   "the slowest rank did before this collective");
	case OC_ADVICE_HOST_FIRST:
		return say(buf, len, "the device waited for the host most of this window: more streams "
			   "cannot help until the host keeps up; see the host story for what the host did");
	default:
		return buf;
	}
}

const char *oc_gap_advice(const struct oc_trace *t, const struct oc_analysis *a,
			  const struct oc_gap *g, char *buf, size_t len)
{
	char x[64], y[64], name[160];

	if (!len)
		return buf;
	buf[0] = '\0';
	switch ((enum oc_advice)g->advice) {
	case OC_ADVICE_GAP_HOST_SYNC:
		oc_fmt_duration(g->covered_ns, x, sizeof x);
		return say(buf, len, "the host waited in %.60s for %s of this gap: queue the next work "
			   "before synchronizing",
			   g->block >= 0 ? api_of(t, a->blocks[g->block].api) : "a synchronization", x);
	case OC_ADVICE_GAP_HOST_BUSY:
		oc_op_short(t, g->next_op, name, sizeof name, 60);
		if (g->outside_ns >= 0) {
			oc_fmt_duration(g->outside_ns, x, sizeof x);
			oc_fmt_duration(g->end_ns - g->start_ns, y, sizeof y);
			return say(buf, len, "the submitting thread spent %s of this %s gap outside CUDA "
				   "calls before queuing %.60s: the CPU is the bottleneck; prepare and "
				   "queue work ahead", x, y, name);
		}
		return say(buf, len, "%.60s was queued only after the device had gone idle: the CPU is "
			   "the bottleneck; prepare and queue work ahead", name);
	case OC_ADVICE_GAP_RESUBMIT_AFTER_SYNC:
		oc_op_short(t, g->next_op, name, sizeof name, 60);
		oc_fmt_duration(g->end_ns - g->start_ns, y, sizeof y);
		return say(buf, len, "the host was still in %.60s when the device went idle, and queued "
			   "%.60s only after it returned (a %s gap): queue the next work before "
			   "synchronizing", api_of(t, a->blocks[g->block].api), name, y);
	case OC_ADVICE_GAP_PAGEABLE_STAGING:
		oc_op_short(t, g->next_op, name, sizeof name, 60);
		oc_fmt_bytes(oc_op_shape(t, &t->ops[g->next_op])->bytes, x, sizeof x);
		oc_fmt_duration(g->end_ns - g->start_ns, y, sizeof y);
		return say(buf, len, "the %s %.40s copy's own call staged pageable memory for most of this "
			   "%s gap before the device could start it: pin the buffer (cudaHostAlloc / "
			   "cudaHostRegister / pin_memory=True)", x, name, y);
	case OC_ADVICE_GAP_SLOW_CALL:
		oc_op_short(t, g->next_op, name, sizeof name, 60);
		oc_fmt_duration(g->longest_ns, x, sizeof x);
		oc_fmt_duration(g->end_ns - g->start_ns, y, sizeof y);
		return say(buf, len, "%.60s on the submitting thread took %s of this %s gap before %.60s "
			   "was queued: move that call out of the loop, or queue work before it",
			   api_of(t, g->longest_api), x, y, name);
	case OC_ADVICE_GAP_SUBMIT_OVERHEAD:
		oc_op_short(t, g->next_op, name, sizeof name, 60);
		oc_fmt_duration(g->end_ns - g->start_ns - g->outside_ns, x, sizeof x);
		oc_fmt_duration(g->end_ns - g->start_ns, y, sizeof y);
		return say(buf, len, "the submitting thread spent %s of this %s gap inside CUDA calls "
			   "before %.60s was queued: submission itself is the cost (many small calls); "
			   "batch the work or capture it in a CUDA graph", x, y, name);
	case OC_ADVICE_GAP_LAUNCH_LATENCY:
		oc_op_short(t, g->next_op, name, sizeof name, 60);
		return say(buf, len, "the launch call of %.60s took the gap: fewer, larger launches or "
			   "CUDA graphs", name);
	case OC_ADVICE_GAP_MODULE_LOADING:
		if (g->overhead >= 0)
			return say(buf, len, "CUPTI recorded code loading (JIT, module or lazy function "
				   "loading) over most of this gap: warm up before the measured region");
		if (g->load_api >= 0)
			return say(buf, len, "the submitting thread was in %.60s (loading code) for most of "
				   "this gap: warm up before the measured region, or load modules eagerly",
				   api_of(t, g->load_api));
		oc_op_short(t, g->next_op, name, sizeof name, 60);
		return say(buf, len, "the first launch of %.60s loaded its module: warm up before the "
			   "measured region, or set CUDA_MODULE_LOADING=EAGER", name);
	case OC_ADVICE_GAP_DEPENDENCY:
		return say(buf, len, "stream %u waited for an event: check that the wait is needed and "
			   "that the event is recorded as early as possible", stream_of(t, g->next_op));
	case OC_ADVICE_GAP_UNKNOWN:
		if (oc_trace_meta(t, "import.absent"))
			return say(buf, len, "the input does not show what held the next work back: it "
				   "has no %.300s (docs/import.md)", oc_trace_meta(t, "import.absent"));
		return say(buf, len, "the trace does not show what held the next work back");
	default:
		return buf;
	}
}

/*
 * One diagnosis (docs/causes.md, "Advice"; rule E6): when the lever is
 * host_submitted_late, no serialized claim is advised to use more streams;
 * those claims are pointed at the host story instead. The one condition is
 * the lever, decided here and nowhere else.
 */
void oc_advice_follow_lever(struct oc_analysis *a)
{
	if (a->summary.lever != OC_LEVER_HOST_LATE)
		return;
	for (size_t k = 0; k < a->n_claims; k++) {
		struct oc_claim *cl = &a->claims[k];
		switch ((enum oc_advice)cl->advice) {
		case OC_ADVICE_SPLIT_INTO_STREAMS: case OC_ADVICE_COPY_ON_SIDE_STREAM:
		case OC_ADVICE_QUEUE_LATER_WORK_BESIDE: case OC_ADVICE_MORE_BESIDE_IT:
			cl->advice = OC_ADVICE_HOST_FIRST;
			break;
		default:
			break;
		}
	}
}

void oc_choose_lever(struct oc_analysis *a)
{
	struct oc_summary *s = &a->summary;
	const struct oc_time_split *ts = &s->time;
	static const struct { enum oc_time_part part; enum oc_lever lever; } idle[] = {
		{ OC_TIME_COMM_EXPOSED, OC_LEVER_COMM_EXPOSED },
		{ OC_TIME_IDLE_LATE, OC_LEVER_HOST_LATE },
		{ OC_TIME_IDLE_HOST_BLOCK, OC_LEVER_HOST_BLOCKED },
		{ OC_TIME_IDLE_LAUNCH, OC_LEVER_LAUNCH },
		{ OC_TIME_IDLE_DEPENDENCY, OC_LEVER_DEPENDENCY },
		{ OC_TIME_IDLE_OTHER, OC_LEVER_IDLE_OTHER },
	};
	int64_t best = ts->ns[OC_TIME_BUSY_ALONE];
	enum oc_lever lever = OC_LEVER_SERIALIZED;

	s->lever = OC_LEVER_NONE;
	s->lever_cause = OC_CAUSE_UNKNOWN;
	if (ts->total_ns <= 0)
		return;
	for (size_t k = 0; k < sizeof idle / sizeof idle[0]; k++)
		if (ts->ns[idle[k].part] > best) {
			best = ts->ns[idle[k].part];
			lever = idle[k].lever;
		}
	if (ts->ns[OC_TIME_BUSY_OVERLAP] > best)
		lever = OC_LEVER_OVERLAPPED;
	if (lever == OC_LEVER_SERIALIZED) {
		/* the decisive cause that holds the most serialized device time */
		int64_t by[OC_N_CAUSES] = { 0 };
		const struct oc_trace *t = a->trace;
		for (size_t k = 0; k < a->n_claims; k++) {
			const struct oc_claim *cl = &a->claims[k];
			if (cl->in_window && cl->verdict == OC_VERDICT_SERIALIZED && cl->n_evidence)
				/* saturating: a damaged trace's times may be anything */
				if (__builtin_add_overflow(by[cl->evidence[0].cause],
							   t->ops[cl->op].end_ns - t->ops[cl->op].start_ns,
							   &by[cl->evidence[0].cause]))
					by[cl->evidence[0].cause] = INT64_MAX;
		}
		int64_t m = 0;
		for (int c = 0; c < OC_N_CAUSES; c++)
			if (by[c] > m) {
				m = by[c];
				s->lever_cause = (enum oc_cause)c;
			}
		if (!m) {
			lever = OC_LEVER_NOTHING_SERIALIZED;
		} else if ((s->lever_cause == OC_CAUSE_SAME_STREAM_ORDER ||
			    s->lever_cause == OC_CAUSE_NOTHING_CONCURRENT) &&
			   20.0 * ((double)s->copy_ns - (double)s->copy_compute_overlap_ns) < (double)ts->total_ns) {
			lever = OC_LEVER_COMPUTE_BOUND;
		}
	}
	s->lever = lever;
}

const char *oc_lever_text(const struct oc_analysis *a, char *buf, size_t len)
{
	const struct oc_summary *s = &a->summary;
	const struct oc_time_split *ts = &s->time;
	double tot = ts->total_ns > 0 ? (double)ts->total_ns : 1;
#define PCT(p) (100.0 * (double)ts->ns[p] / tot)

	switch (s->lever) {
	case OC_LEVER_HOST_LATE:
		if (2 * s->idle_late_staging_ns >= ts->ns[OC_TIME_IDLE_LATE])
			return say(buf, len, "the GPU was idle %.0f%% of the time while the host staged "
				   "pageable copies inside their own calls; pin the buffers (cudaHostAlloc / "
				   "cudaHostRegister / pin_memory=True)", PCT(OC_TIME_IDLE_LATE));
		if (2 * s->idle_late_after_sync_ns >= ts->ns[OC_TIME_IDLE_LATE])
			return say(buf, len, "the GPU was idle %.0f%% of the time between a synchronization's "
				   "return and the next submission; queue the next work before synchronizing",
				   PCT(OC_TIME_IDLE_LATE));
		return say(buf, len, "the GPU was idle %.0f%% of the time because the host submitted work "
			   "late; overlap cannot help until the host keeps up (the CPU work between "
			   "submissions: input pipeline, framework overhead)", PCT(OC_TIME_IDLE_LATE));
	case OC_LEVER_HOST_BLOCKED:
		return say(buf, len, "the GPU was idle %.0f%% of the time while the host waited in "
			   "synchronizations; queue the next work before synchronizing, or take the syncs "
			   "out of the loop", PCT(OC_TIME_IDLE_HOST_BLOCK));
	case OC_LEVER_LAUNCH:
		return say(buf, len, "the GPU was idle %.0f%% of the time on launch latency and module "
			   "loading; fewer, larger launches or CUDA graphs help more than overlap",
			   PCT(OC_TIME_IDLE_LAUNCH));
	case OC_LEVER_DEPENDENCY:
		return say(buf, len, "the GPU was idle %.0f%% of the time waiting on declared dependencies "
			   "(events); check that each wait is needed", PCT(OC_TIME_IDLE_DEPENDENCY));
	case OC_LEVER_SERIALIZED:
		return say(buf, len, "the GPU ran one op at a time %.0f%% of the time, the time overlap "
			   "can hide; most serialized work was decided by %s (see its advice)",
			   PCT(OC_TIME_BUSY_ALONE), oc_cause_label(s->lever_cause));
	case OC_LEVER_COMPUTE_BOUND:
		return say(buf, len, "the GPU ran one stream's work in order %.0f%% of the time, and copies "
			   "no kernel hid take only %.1f%%: overlap can win at most that; the work itself "
			   "bounds this program", PCT(OC_TIME_BUSY_ALONE),
			   100.0 * (double)(s->copy_ns - s->copy_compute_overlap_ns) / tot);
	case OC_LEVER_NOTHING_SERIALIZED:
		return say(buf, len, "the GPU ran one op at a time %.0f%% of the time, yet every claim in "
			   "the window overlapped: long ops ran beside shorter ones, and the rest of them "
			   "alone", PCT(OC_TIME_BUSY_ALONE));
	case OC_LEVER_COMM_EXPOSED:
		return say(buf, len, "the GPU ran NCCL communication with no compute beside it %.0f%% of "
			   "the time (exposed communication); overlap the collectives with compute (launch "
			   "them while independent work is queued, e.g. gradient buckets during backward), "
			   "or communicate less", PCT(OC_TIME_COMM_EXPOSED));
	case OC_LEVER_OVERLAPPED: {
		char comm[96] = "";
		if (ts->ns[OC_TIME_COMM_EXPOSED] > 0)
			snprintf(comm, sizeof comm, ", %.0f%% was communication with no compute beside it",
				 PCT(OC_TIME_COMM_EXPOSED));
		return say(buf, len, "%.0f%% of the device's time already ran with overlap; %.0f%% ran "
			   "alone%s and %.0f%% was idle", PCT(OC_TIME_BUSY_OVERLAP), PCT(OC_TIME_BUSY_ALONE),
			   comm, 100.0 - PCT(OC_TIME_BUSY_OVERLAP) - PCT(OC_TIME_BUSY_ALONE) -
			   PCT(OC_TIME_COMM_EXPOSED));
	}
	case OC_LEVER_IDLE_OTHER:
		return say(buf, len, "the GPU was idle %.0f%% of the time for reasons the trace does not "
			   "tell (idle spans shorter than the gap threshold, or gaps of unknown cause)",
			   PCT(OC_TIME_IDLE_OTHER));
	default:
		return say(buf, len, "no device time in the window");
	}
#undef PCT
}
