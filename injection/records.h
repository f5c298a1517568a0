/*
 * records.h: CUPTI activity records -> trace rows.
 *
 * Pure functions: no CUPTI calls, no SQLite, no allocation. Each decoder
 * reads one record of the struct version CUDA 13.0's CUPTI delivers
 * (CUpti_ActivityKernel10, Memcpy6, MemcpyPtoP4, Memset4, API,
 * Synchronization2, Stream, Context3, Device5, CudaEvent2, Marker2,
 * MarkerData2, Overhead3) and fills a row whose times are already rebased to
 * the trace start. The writer (writer-rows.c) binds the rows to SQL; the unit
 * tests feed these functions with real structs.
 *
 * Absent values are OC_NULL, which the writer binds as SQL NULL. Strings in a
 * row point into the CUPTI buffer or CUPTI's own storage and are valid only
 * while the buffer is.
 */
#ifndef OC_INJ_RECORDS_H
#define OC_INJ_RECORDS_H

#include <stddef.h>
#include <stdint.h>
#include <cupti.h>

#include "overlapcheck/codes.h"

#define OC_NULL INT64_MIN


/* CUPTI's "not applicable" id in SYNCHRONIZATION and CUDA_EVENT records. */
#define OC_CUPTI_INVALID_ID 0xFFFFFFFFu

enum oc_rec_type {
	OC_REC_NONE = 0,       /* a kind this tracer does not store */
	OC_REC_OP,             /* kernel, memcpy, peer memcpy, memset -> ops */
	OC_REC_API,            /* runtime or driver call -> api */
	OC_REC_SYNC,           /* -> syncs */
	OC_REC_STREAM,         /* -> streams */
	OC_REC_CONTEXT,        /* -> contexts */
	OC_REC_DEVICE,         /* -> meta device.N.* */
	OC_REC_EVENT,          /* -> events */
	OC_REC_MARKER,         /* -> markers */
	OC_REC_MARKER_DATA,    /* -> markers (color, category of an existing row) */
	OC_REC_OVERHEAD,       /* -> overheads */
};

enum oc_rec_status {
	OC_REC_OK = 0,
	OC_REC_SKIP,           /* not stored (kind not handled) */
	OC_REC_INCOMPLETE,     /* timed record with a zero start or end, or end < start */
};

struct oc_op_row {
	int      kind;                  /* enum oc_op_kind (trace.h) */
	int64_t  start_ns, end_ns;      /* rebased device time */
	uint32_t device_id, context_id, stream_id, correlation_id;
	const char *name;               /* kernels: mangled name, else NULL */
	int64_t  bytes;
	int64_t  copy_kind, src_kind, dst_kind;
	int64_t  flags;
	int64_t  channel_id, channel_type;
	int64_t  copy_count;
	int64_t  src_device_id, dst_device_id;
	int64_t  grid[3], block[3];
	int64_t  registers, static_smem, dynamic_smem; /* smem: bytes per block */
	int64_t  graph_id, graph_node_id;
};

struct oc_api_row {
	int      domain;                /* enum oc_api_domain */
	uint32_t cbid;
	int64_t  start_ns, end_ns;      /* rebased CPU time */
	uint32_t tid, correlation_id;
	int64_t  return_value;
};

struct oc_sync_row {
	int      type;                  /* CUpti_ActivitySynchronizationType */
	int64_t  start_ns, end_ns;
	int64_t  context_id, stream_id, event_id; /* OC_NULL when not applicable */
	int64_t  correlation_id, return_value;
};

struct oc_stream_row {
	uint32_t context_id, stream_id;
	int      flag;                  /* CUpti_ActivityStreamFlag, masked */
	int64_t  priority;
};

struct oc_context_row {
	uint32_t id, device_id;
	int64_t  null_stream_id;
};

struct oc_device_row {
	uint32_t id;
	const char *name;
	char     uuid[48];              /* "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" */
	uint32_t cc_major, cc_minor;
	uint32_t sm_count;
	uint64_t global_memory_bytes;
	uint64_t global_memory_bandwidth_kbps;
	uint32_t l2_bytes;
	uint32_t core_clock_khz;
	uint32_t num_memcpy_engines;
	uint32_t max_warps_per_sm, max_blocks_per_sm;
	uint32_t max_threads_per_block;
	uint32_t max_shared_memory_per_sm;
	uint32_t ecc_enabled;
	uint32_t mig;                   /* isMigEnabled */
	uint32_t gpu_instance_id, compute_instance_id;
};

struct oc_event_row {
	uint32_t event_id;
	int64_t  context_id, stream_id, device_id, correlation_id;
	int64_t  device_ts_ns;          /* rebased; 0 when CUPTI gave none */
	int64_t  sync_id;
};

struct oc_marker_row {
	uint32_t marker_id;
	uint32_t flags;                 /* 1 instant, 2 range start, 4 range end */
	int64_t  ts_ns;
	int64_t  tid;                   /* OC_NULL unless objectKind is a thread */
	const char *name;               /* NULL on range ends */
	const char *domain;             /* NULL for the default domain */
};

struct oc_marker_data_row {
	uint32_t marker_id;
	int64_t  color;                 /* ARGB, OC_NULL without the ARGB flag */
	int64_t  category;
};

struct oc_overhead_row {
	int64_t  kind;
	int64_t  start_ns, end_ns;
	int64_t  object_kind, object_id;
	int64_t  correlation_id;
};

struct oc_rec {
	enum oc_rec_type type;
	union {
		struct oc_op_row op;
		struct oc_api_row api;
		struct oc_sync_row sync;
		struct oc_stream_row stream;
		struct oc_context_row context;
		struct oc_device_row device;
		struct oc_event_row event;
		struct oc_marker_row marker;
		struct oc_marker_data_row marker_data;
		struct oc_overhead_row overhead;
	} u;
};

/*
 * Decode one CUPTI activity record. base_ns is the absolute time of the trace
 * start (meta trace_start_ns); every time in the row is (ts - base_ns).
 * Returns OC_REC_OK with out->type set, OC_REC_SKIP for kinds not stored, or
 * OC_REC_INCOMPLETE for a timed record (device op, API call, sync, overhead)
 * whose start or end is zero, whose end precedes its start, or whose times
 * are further than OC_MAX_TIME_NS (codes.h, 73 years) from base_ns (a lone
 * timestamp that far becomes 0, unknown); out->type is still set
 * so the caller can count by type. For OC_REC_OK, end_ns - start_ns >= 0
 * never overflows.
 */
enum oc_rec_status oc_rec_decode(const CUpti_Activity *rec, uint64_t base_ns,
				 struct oc_rec *out);

/* Rebase an absolute CUPTI timestamp; 0 stays 0 (unknown). */
int64_t oc_rec_rebase(uint64_t ts, uint64_t base_ns);

/* Format a 16-byte CUDA UUID as "GPU-8-4-4-4-12" hex into buf (>= 41 bytes). */
void oc_rec_format_uuid(const unsigned char bytes[16], char *buf, size_t len);

#endif
