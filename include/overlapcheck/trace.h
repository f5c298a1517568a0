/*
 * trace.h: the read side of an overlapcheck trace.
 *
 * oc_trace_open() validates a trace file (schema/trace.sql) and loads it into
 * flat arrays that the analysis modules index directly. All times are int64
 * nanoseconds relative to meta('trace_start_ns'), exactly as stored. Strings
 * (kernel names, API names, NVTX names) are loaded once into `strs` and
 * referenced by index; -1 means "none".
 *
 * Memory is linear in the number of rows. Arrays are sorted as documented on
 * each member, so callers can binary-search them. A device op's description
 * (struct oc_shape) is held once per distinct one, not in every op, and so
 * are an API call's arguments (struct oc_call_args) but its host pointer.
 */
#ifndef OVERLAPCHECK_TRACE_H
#define OVERLAPCHECK_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "overlapcheck/codes.h"

/*
 * op.flags: OC_ASYNC_FLAG (codes.h) is CUPTI's ASYNC flag. An imported trace
 * (meta claim_source = api_name: its input has no such flag) gets it from
 * the name of the API call that queued the copy or memset instead (an
 * ...Async copy or memset, a graph launch), and OC_ASYNC_BY_NAME with it.
 */
#define OC_ASYNC_BY_NAME (1u << 7)  /* op.flags is one byte: the trace's flags
                                      column's other bits are not kept */

/* docs/method.md's stream kinds. */
enum oc_stream_kind {
	OC_STREAM_UNKNOWN = 0,
	OC_STREAM_LEGACY_DEFAULT,
	OC_STREAM_PER_THREAD_DEFAULT,
	OC_STREAM_BLOCKING,
	OC_STREAM_NON_BLOCKING,
};

/*
 * A device op: when and where it ran. What it is (its name, size, launch
 * configuration: struct oc_shape) is held once per distinct description in
 * trace->shapes, and op.shape indexes it (oc_op_shape()); ops of one kernel
 * launched the same way share a shape. The copy's direction and memory kinds
 * are kept in the op as well: the analysis classifies every op by them
 * (oc_engine_of(), the pageable checks), and they fill what would otherwise
 * be the record's padding. 40 bytes. Shapes are shared: nothing changes one
 * after the load, and what is set per op (flags, comm) lives in the op. A
 * trace built by hand needs a shape for every op.shape (a zeroed op: 0).
 * Where it ran (device, context, stream ids) is its stream's, op.stream
 * (oc_op_device_id(), oc_op_context_id(), oc_op_stream_id()): the reader
 * refuses a trace whose ops of one stream say two devices, or another
 * device than their context's (issue 35: 12 bytes an op). Its row id is
 * held in 32 bits, and the kinds of its copy in bit fields (a copy kind in
 * 7 bits, each memory kind in 4): the reader refuses an ops.id outside 0
 * to 4 294 967 295 and reads a copy or memory kind the codes do not name
 * as unknown (issue 35: 8 bytes an op, 76 MiB at 10M ops in every step).
 */
struct oc_op {
	int64_t  start_ns, end_ns;  /* device time */
	uint32_t row_id;            /* ops.id */
	uint32_t correlation_id;
	int32_t  stream;            /* index into trace->streams; always valid (the
	                               reader adds streams seen only in ops) */
	int32_t  api;               /* index into trace->api of the call that queued it
	                               (the runtime call when there is one: same
	                               correlation id, else the driver call's
	                               runtime parent, else the driver call), or -1 */
	uint32_t shape;             /* index into trace->shapes; always valid */
	uint8_t  flags;             /* OC_ASYNC_FLAG, OC_ASYNC_BY_NAME */
	uint8_t  kind;              /* enum oc_op_kind */
	uint8_t  copy_kind : 7;     /* enum oc_copy_kind */
	uint8_t  comm : 1;          /* 1: an NCCL kernel (communication, nccl.h), set by the
	                               reader from the kernel's name */
	uint8_t  src_kind : 4, dst_kind : 4; /* enum oc_mem_kind; memset: dst_kind */
};
_Static_assert(sizeof(struct oc_op) <= 40, "struct oc_op: at most 40 bytes per device op");

/* What an op is, apart from when and where it ran (trace->shapes). */
struct oc_shape {
	uint64_t bytes;             /* copies and memsets, else 0 */
	uint64_t graph_node_id;     /* 0 unless run as a graph node */
	int32_t  name;              /* kernels: index into strs (mangled), else -1 */
	uint32_t graph_id;          /* 0 unless run as a graph node */
	int32_t  grid[3], block[3]; /* kernels */
	int32_t  registers, static_smem, dynamic_smem;
	uint32_t src_device_id, dst_device_id; /* peer copies */
};

/*
 * An API call, 48 bytes. The arguments its callback saw (has_args) are a
 * struct oc_call_args: the stream handle and its kind, bytes, the event and
 * flags. Calls repeat them, so each distinct set is held once, in
 * trace->call_args, and found through oc_api_args(). The host pointer a
 * copy names is not held: it differs from call to call, and no step of the
 * analysis reads it, so it stays in the trace file only (the host_ptr
 * column of the api and api_args tables; issue 35: 8 of 56 bytes a call).
 * The api
 * table's row id is not kept: it orders calls that start at the same time
 * and joins parent_id while the trace loads, and nothing reads it after; a
 * call is found by its correlation id and domain (oc_trace_api_find()). A
 * call built by hand with has_args 0 needs no call_args.
 */
struct oc_api {
	int64_t  start_ns, end_ns;  /* CPU time */
	uint32_t tid;
	uint32_t correlation_id;
	uint32_t cbid;
	int32_t  name;              /* index into strs */
	int32_t  parent;            /* driver call: index of its runtime twin (api.parent_id,
	                               else the runtime call with the same correlation id,
	                               else the innermost runtime call on the same tid
	                               enclosing it), else -1 */
	int32_t  stream;            /* from its arguments: index into trace->streams, or -1 */
	uint32_t args;              /* when has_args: index into trace->call_args */
	int16_t  return_value;      /* the call's status (cudaError_t, CUresult: below 1 000);
	                               the reader refuses one outside int16_t */
	uint8_t  domain;            /* enum oc_api_domain */
	uint8_t  has_args;          /* 1: api_args (schema v2: or the api row) gave its arguments */
};
_Static_assert(sizeof(struct oc_api) <= 48, "struct oc_api: at most 48 bytes per API call");

/* A call's arguments apart from its host pointer (trace->call_args, oc_api_args()). */
struct oc_call_args {
	uint64_t stream_handle;     /* the stream handle the program passed; from a schema
	                               v2 api row, its stream's handle (0 when unknown) */
	uint64_t bytes;             /* copies and memsets: the size asked for */
	uint64_t event_handle;      /* cudaEventRecord, cudaStreamWaitEvent: the event */
	uint32_t flags;             /* stream creation: the flags asked for */
	uint8_t  handle_kind;       /* enum oc_handle_kind */
};

struct oc_sync {
	int64_t  start_ns, end_ns;  /* CPU time */
	uint32_t type;              /* enum oc_sync_type */
	uint32_t context_id;
	int64_t  stream_id;         /* -1 when not applicable */
	int64_t  event_id;          /* -1 when not applicable */
	uint32_t correlation_id;
	int32_t  return_value;      /* non-zero: e.g. a poll that found work not ready */
	int32_t  api;               /* index into trace->api, or -1 */
};

struct oc_event {                   /* a cudaEventRecord, from CUDA_EVENT records */
	uint32_t event_id, context_id, stream_id, device_id;
	uint32_t correlation_id;
	int64_t  device_ts_ns;      /* 0 if unknown */
};

struct oc_stream {
	uint32_t device_id, context_id, stream_id;
	uint32_t flag;              /* CUPTI stream flag: 1 blocking, 2 non-blocking, 3 NULL */
	uint64_t handle;            /* the handle the program used, 0 if unseen */
	enum oc_stream_kind kind;   /* decided by the reader, docs/method.md's rules */
};

struct oc_range {                   /* an NVTX range (push/pop or start/end) */
	int64_t  start_ns, end_ns;  /* CPU time; end_ns = INT64_MAX if never closed */
	uint32_t tid;
	int32_t  name;              /* index into strs */
	int32_t  domain;            /* index into strs, or -1 */
	uint32_t marker_id;
};

struct oc_mark {                    /* an NVTX instant marker */
	int64_t  ts_ns;
	uint32_t tid;
	int32_t  name;
};

struct oc_overhead {
	int64_t  start_ns, end_ns;
	uint32_t kind;              /* CUpti_ActivityOverheadKind */
	uint32_t object_kind;
	uint64_t object_id;
	uint32_t correlation_id;
};

/* A row of table mem: memory a call allocated, freed or touched (docs/hazards.md). */
struct oc_memref {
	uint64_t ptr;
	int64_t  bytes;             /* alloc: its size; read, write: bytes from ptr; else -1 */
	int64_t  stream_id;         /* stream-ordered allocs and frees: CUPTI stream id, else -1 */
	uint32_t correlation_id;    /* the call: api (correlation_id, domain) */
	uint8_t  domain;            /* enum oc_api_domain */
	uint8_t  role;              /* enum oc_mem_role */
	int32_t  info;              /* alloc, free: enum oc_alloc_kind; kernel argument: the
	                               parameter's index; else -1 */
};

/* A part of the run that was recorded (run --capture-range, --delay, ...). */
struct oc_capture_window {
	int64_t  start_ns, end_ns;  /* CPU time; end_ns INT64_MAX: still open at the end */
};

/* Where a call that held its thread long was made from (table callers). */
struct oc_caller {
	uint32_t correlation_id;
	uint8_t  domain;
	int64_t  call_ns;
	const char *frames;         /* "SYMBOL+0xOFF (MODULE+0xOFF)" lines, in the arena */
};

/*
 * One query function's calls that have no api row (table api_summary,
 * docs/schema.md "Queries"), summed over the threads.
 */
struct oc_query {
	uint8_t  domain;            /* enum oc_api_domain */
	uint32_t cbid;
	const char *name;           /* NULL when the trace does not name it */
	int64_t  calls, total_ns, max_ns;
	int      threads;
};

struct oc_device {                  /* from meta device.N.* */
	int      id;
	const char *name, *uuid;    /* point into meta values; may be NULL */
	int      cc_major, cc_minor;
	int      sm_count;
	int      async_engine_count;/* -1 when unknown */
	int      concurrent_kernels;/* -1 when unknown */
	int      max_threads_per_sm;/* -1 when unknown */
	int      max_blocks_per_sm; /* -1 when unknown */
	int64_t  global_memory_bytes;
};

struct oc_meta {
	const char *key, *value;
};

struct oc_warning {
	int64_t ts_ns;
	int     pid;
	const char *source, *code, *message;
};

struct oc_trace {
	char    *path;
	int      version;            /* PRAGMA user_version */
	int64_t  trace_start_ns;     /* absolute, meta('trace_start_ns') */

	struct oc_meta *meta;     size_t n_meta;     /* sorted by key */
	const char **strs;        size_t n_strs;
	struct oc_device *devices; size_t n_devices; /* sorted by id */
	struct oc_stream *streams; size_t n_streams; /* sorted by (context_id, stream_id) */
	struct oc_op *ops;        size_t n_ops;      /* sorted by (start_ns, end_ns, row_id) */
	struct oc_shape *shapes;  size_t n_shapes;   /* each distinct one once, in order of
	                                                first use by the ops table's rows */
	struct oc_api *api;       size_t n_api;      /* sorted by (start_ns, api.id) */
	struct oc_call_args *call_args; size_t n_call_args; /* each distinct one once, in
	                                                order of first use (schema v2 api
	                                                rows, then api_args rows), shared by
	                                                the calls; one may be left unused (a
	                                                call narrowed away, an api row's set
	                                                that its api_args row replaced) */
	struct oc_sync *syncs;    size_t n_syncs;    /* sorted by start_ns */
	struct oc_event *events;  size_t n_events;   /* sorted by correlation_id */
	struct oc_range *ranges;  size_t n_ranges;   /* sorted by start_ns */
	struct oc_mark *marks;    size_t n_marks;    /* sorted by ts_ns */
	struct oc_overhead *overheads; size_t n_overheads; /* sorted by start_ns */
	struct oc_warning *warnings;   size_t n_warnings;
	struct oc_memref *mem;    size_t n_mem;      /* sorted by (correlation_id, row order) */
	struct oc_caller *callers; size_t n_callers; /* sorted by (correlation_id, domain) */
	/* Queries the tracer timed but did not list (table api_summary), by
	 * calls, most first; the mode (meta api_queries: "summary", "record",
	 * "off"; NULL when the tracer did not say) and the threshold (meta
	 * api_query_min_ns; -1 when unknown). */
	struct oc_query *queries; size_t n_queries;
	int64_t  query_calls, query_total_ns, query_max_ns;  /* over every function */
	const char *queries_mode;
	int64_t  query_min_ns;
	/* The capture (meta capture.*, docs/schema.md "Capture"): NULL mode when
	 * the whole run was recorded; else "all" (a delay, duration or size
	 * limit), "cudaProfilerApi" or "nvtx" (capture_nvtx names the range),
	 * its windows by start, and why recording stopped ("duration",
	 * "max_size") or NULL. */
	const char *capture_mode, *capture_nvtx, *capture_stopped;
	struct oc_capture_window *capture_windows; size_t n_capture_windows;
	/* The allocation map (table mem): 1 recorded, 0 recorded with it off
	 * (meta mem_tracking 'off'), -1 not in this trace (an older tracer, an
	 * imported profile). */
	int      mem_tracking;

	/* The run, from meta. -1 when unknown. */
	int64_t  dropped_records;
	int64_t  dropped_callback_rows; /* calls' rows the tracer dropped (its writer's backlog full) */
	int      ids_missing;        /* no application id or schema version (a SQL dump loaded
	                                back): read by its tables as schema `version` */
	int64_t  tracer_calls_set_aside; /* api rows of the tracer's own calls in a trace recorded
	                                    before it kept them out, not loaded (docs/schema.md) */
	int64_t  incomplete_records;
	int      clean_exit;         /* 1 clean, 0 crashed/killed, -1 unknown */
	int      exit_status;
	int      exit_signal;
	int      terminated_signal;  /* tracer_status terminated: the signal that ended it, else -1 */
	int64_t  terminated_ns;      /* ... when it arrived, ns since trace start; -1 unknown */
	int      launch_blocking;    /* CUDA_LAUNCH_BLOCKING=1 in the passport */
	int      max_connections;    /* CUDA_DEVICE_MAX_CONNECTIONS, or -1 */

	void    *priv;               /* reader's own storage (string arena, ...) */
};

/* What op (an element of t->ops) is. */
static inline const struct oc_shape *oc_op_shape(const struct oc_trace *t, const struct oc_op *op)
{
	return &t->shapes[op->shape];
}

/* Where op ran: its stream's device, context and stream ids. */
static inline uint32_t oc_op_device_id(const struct oc_trace *t, const struct oc_op *op)
{
	return t->streams[op->stream].device_id;
}

static inline uint32_t oc_op_context_id(const struct oc_trace *t, const struct oc_op *op)
{
	return t->streams[op->stream].context_id;
}

static inline uint32_t oc_op_stream_id(const struct oc_trace *t, const struct oc_op *op)
{
	return t->streams[op->stream].stream_id;
}

/* The arguments of call a (an element of t->api); all zero when it has none. */
static inline const struct oc_call_args *oc_api_args(const struct oc_trace *t,
						     const struct oc_api *a)
{
	static const struct oc_call_args none;

	return a->has_args ? &t->call_args[a->args] : &none;
}

/*
 * Open and load a trace. Returns 0, or -1 with a message in err that names
 * the file and the problem: missing, not SQLite, not a trace, newer schema
 * (with the version needed), truncated or corrupt, or rows with NULLs or
 * end < start. On error *t is left released.
 *
 * An input overlapcheck imports (an Nsight Systems SQLite export, a Kineto
 * JSON trace: import.h) is read through a temporary trace, deleted before
 * this returns; t->path stays the input's. One holding several processes
 * is refused with the command that imports them one by one.
 */
int oc_trace_open(struct oc_trace *t, const char *path, char *err, size_t errlen);

/*
 * The one judgement of a damaged file, which oc_trace_open() and `info`
 * share: missing, a directory, empty, not SQLite, shorter than its header
 * says, or pages SQLite's quick_check rejects (a middle overwritten).
 * Returns 0, or -1 with the problem in msg ("truncated or corrupt (...)"),
 * without the file's name. *wal (may be NULL) receives 1 when the header
 * says WAL mode; a file with a -wal beside it is left to SQLite's recovery.
 */
int oc_trace_check_file(const char *path, int *wal, char *msg, size_t len);
void oc_trace_release(struct oc_trace *t);

/* Kernel ops that are NCCL kernels (op.comm), counted when the trace was loaded. */
size_t oc_trace_comm_ops(const struct oc_trace *t);

/* meta value for key, or NULL. */
const char *oc_trace_meta(const struct oc_trace *t, const char *key);
/* Where API call api (index into t->api) was made from: its frames, or NULL. */
const char *oc_trace_caller(const struct oc_trace *t, int32_t api);
/* String by index; "" for -1 or out of range. */
const char *oc_trace_str(const struct oc_trace *t, int32_t idx);
/* Device by id, or NULL. */
const struct oc_device *oc_trace_device(const struct oc_trace *t, int id);
/* Index into t->streams of stream (context_id, stream_id), or -1. */
int32_t oc_trace_stream_find(const struct oc_trace *t, uint32_t context_id, uint32_t stream_id);
/*
 * Index into t->api of the call with this correlation id in domain
 * OC_API_RUNTIME or OC_API_DRIVER; domain 0 means the runtime call, else the
 * driver call. -1 if none.
 */
int32_t oc_trace_api_find(const struct oc_trace *t, uint32_t correlation_id, int domain);
/* Stream kind name: "legacy_default", "per_thread_default", "blocking", "non_blocking", "unknown". */
const char *oc_stream_kind_name(enum oc_stream_kind k);
const char *oc_copy_kind_name(int copy_kind);   /* "HtoD", ... */
const char *oc_mem_kind_name(int mem_kind);     /* "pageable", "pinned", ... */
const char *oc_op_kind_name(int kind);          /* "kernel", "memcpy", "memset", "memcpy_peer" */

/*
 * Keep only the device ops queued while an NVTX range named `name` was open on
 * the queuing thread (the op's API call started inside the range, same tid),
 * and the API calls and syncs that started inside such a range (a sync with
 * no API call: inside such a range on any thread). "Inside" is
 * start <= ts < end. Arrays are compacted in place, order kept, and every
 * cross index (op.api, api.parent, sync.api) is remapped (-1 when its target
 * was dropped). Streams, ranges, marks, events, devices and meta stay.
 * Returns the number of ranges matched (0: nothing kept), or -1 on error.
 */
long oc_trace_keep_range(struct oc_trace *t, const char *name);

/*
 * The names of t's NVTX ranges, each once, in order of first appearance,
 * "a, b, c" into buf (cut with ", ..." when it does not fit); "" when t has
 * none. For a --range that matched nothing. Returns buf.
 */
const char *oc_trace_range_names(const struct oc_trace *t, char *buf, size_t len);

/* Keep only device ops of one device (compacted in place, order kept).
 * Returns ops kept. */
size_t oc_trace_keep_device(struct oc_trace *t, int device_id);

/* Free t's mem rows (n_mem 0; mem_tracking stays as read): the analysis
 * does, with oc_analysis_options.shed_trace, once its hazard pass, their
 * only reader, is done (issue 35: 40 bytes a row, more rows than ops). */
void oc_trace_drop_mem(struct oc_trace *t);

/* Free t's index of calls by correlation id, which oc_trace_api_find()
 * reads: the analysis does, with oc_analysis_options.shed_trace, between
 * its readers (issue 35: 8 bytes a call). oc_trace_api_find() still gives
 * the same answers without it, by a scan of the calls;
 * oc_trace_index_corr() builds it again (0, or -1 out of memory, when the
 * lookups go on scanning; 0 at once when it is there). */
void oc_trace_drop_corr(struct oc_trace *t);
int oc_trace_index_corr(struct oc_trace *t);

#endif
