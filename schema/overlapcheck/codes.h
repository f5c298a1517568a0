/*
 * codes.h: the numeric codes that trace rows hold (schema/trace.sql).
 *
 * The writer (injection/) stores them and the reader (src/trace/) reads them
 * back, so both take them from here, the schema's own folder, and share
 * nothing else. Most are CUPTI's own values, named so that code that reads a
 * trace needs no CUDA header.
 */
#ifndef OVERLAPCHECK_CODES_H
#define OVERLAPCHECK_CODES_H

#include <stdint.h>

enum oc_op_kind {
	OC_OP_KERNEL = 1,
	OC_OP_MEMCPY = 2,
	OC_OP_MEMSET = 3,
	OC_OP_MEMCPY_PEER = 4,
};

/* CUpti_ActivityMemcpyKind values. */
enum oc_copy_kind {
	OC_COPY_UNKNOWN = 0, OC_COPY_HTOD = 1, OC_COPY_DTOH = 2, OC_COPY_HTOA = 3,
	OC_COPY_ATOH = 4, OC_COPY_ATOA = 5, OC_COPY_ATOD = 6, OC_COPY_DTOA = 7,
	OC_COPY_DTOD = 8, OC_COPY_HTOH = 9, OC_COPY_PTOP = 10,
};

/* CUpti_ActivityMemoryKind values. */
enum oc_mem_kind {
	OC_MEM_UNKNOWN = 0, OC_MEM_PAGEABLE = 1, OC_MEM_PINNED = 2, OC_MEM_DEVICE = 3,
	OC_MEM_ARRAY = 4, OC_MEM_MANAGED = 5, OC_MEM_DEVICE_STATIC = 6,
	OC_MEM_MANAGED_STATIC = 7,
};

/* How the program named the stream at the API (api_args.handle_kind). */
enum oc_handle_kind {
	OC_HANDLE_NONE = 0,
	OC_HANDLE_LEGACY = 1,
	OC_HANDLE_PER_THREAD = 2,
	OC_HANDLE_EXPLICIT = 3,
};

/* CUpti_ActivitySynchronizationType values. */
enum oc_sync_type {
	OC_SYNC_UNKNOWN = 0,
	OC_SYNC_EVENT = 1,
	OC_SYNC_STREAM_WAIT_EVENT = 2,
	OC_SYNC_STREAM = 3,
	OC_SYNC_CONTEXT = 4,
};

/* CUpti_ActivityOverheadKind values (overheads.kind) that load code: the
 * others (buffer flush and request, instrumentation, ...) are CUPTI's own. */
enum oc_overhead_kind {
	OC_OVERHEAD_DRIVER_COMPILER = 1,
	OC_OVERHEAD_MODULE_LOADING = 4 << 16,       /* runtime-triggered module loading */
	OC_OVERHEAD_LAZY_FUNCTION_LOADING = 5 << 16,
};

enum oc_api_domain { OC_API_RUNTIME = 1, OC_API_DRIVER = 2 };

/* mem.role (schema/trace.sql, docs/hazards.md): what a memory row says. */
enum oc_mem_role {
	OC_MEM_ALLOC = 1,      /* an allocation [ptr, ptr + bytes) began */
	OC_MEM_FREE = 2,       /* the allocation at ptr was freed (async: in stream_id) */
	OC_MEM_READ = 3,       /* a copy read [ptr, ptr + bytes) */
	OC_MEM_WRITE = 4,      /* a copy or memset wrote [ptr, ptr + bytes) */
	OC_MEM_ARG = 5,        /* a kernel was given ptr as parameter `info` */
};

/* mem.info of allocation and free rows: how the memory was obtained. */
enum oc_alloc_kind {
	OC_ALLOC_DEVICE = 1,     /* cudaMalloc, cudaMallocPitch, cuMemAlloc */
	OC_ALLOC_ASYNC = 2,      /* cudaMallocAsync / cuMemAllocAsync, from a pool */
	OC_ALLOC_MANAGED = 3,    /* cudaMallocManaged */
	OC_ALLOC_HOST = 4,       /* cudaMallocHost, cudaHostAlloc, cuMemHostAlloc: pinned */
	OC_ALLOC_REGISTERED = 5, /* cudaHostRegister: pinned by registration */
};

#define OC_ASYNC_FLAG 1u   /* ops.flags bit 0: CUPTI's ASYNC flag (copies, memsets) */

/*
 * Every *_ns of a trace is within this of the trace start (2^61 ns, 73
 * years): the library stores no time further off (it is not a time), the
 * reader refuses one. So a difference of two times, and twice it, fits int64.
 */
#define OC_MAX_TIME_NS (INT64_C(1) << 61)

/*
 * Not a row code, but the one other number the CLI and the library share:
 * `overlapcheck run` forwards a termination signal with sigqueue() and this
 * value, so that the library can tell the copy of a signal sent to the whole
 * process group (which reached the program directly too) from a second one.
 */
#define OC_SIGNAL_FORWARDED 0x6f637367   /* "ocsg" */

#endif
