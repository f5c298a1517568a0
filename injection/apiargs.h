/*
 * apiargs.h: what the API callbacks copy out of a CUDA call's parameters.
 *
 * Activity records lack the stream handle a call was given, the host pointer
 * of a copy and the flags of a new stream. The callbacks (inject-callbacks.c)
 * copy them into a struct oc_args_row with oc_args_extract() (apiargs-extract.c),
 * which knows the parameter layout of every runtime and driver entry point the
 * tracer enables (the table oc_args_cbids(), apiargs.c). Extraction is pure: no
 * CUPTI or CUDA calls.
 */
#ifndef OC_INJ_APIARGS_H
#define OC_INJ_APIARGS_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>
#include <cupti.h>

enum oc_cb_class {
	OC_CB_NONE = 0,
	OC_CB_LAUNCH,          /* kernel launch (any variant) */
	OC_CB_COPY,            /* memcpy, async or not */
	OC_CB_MEMSET,
	OC_CB_STREAM_CREATE,   /* the new handle is read at exit */
	OC_CB_STREAM_DESTROY,
	OC_CB_EVENT_RECORD,
	OC_CB_STREAM_WAIT,     /* cudaStreamWaitEvent */
	OC_CB_GRAPH_LAUNCH,
	OC_CB_ALLOC,           /* the new pointer is read at exit (docs/hazards.md) */
	OC_CB_FREE,
	OC_CB_PARAMS,          /* a launch's pointer arguments (injection/memrefs.c) */
	OC_CB_SYNC,            /* an explicit synchronization: only timed, for its caller */
	OC_CB_EVENT_SYNC,      /* cudaEventSynchronize, cudaEventQuery: its event, so that the hazard pass
	                          knows what the host waited for without CUDA_EVENT records */
	OC_CB_TIMED,           /* a query the callbacks timed, long enough for its own api row */
	OC_CB_QSUM,            /* a thread's running totals of one query (api_summary) */
};

/*
 * CUDA 13's <<<>>> launches go through __cudaLaunchKernel, whose parameters
 * (a cudaKernel_t, grid, block, args, shared memory, stream) are laid out like
 * cudaLaunchKernel_v7000_params; the generated headers have no struct for it.
 */
struct oc_launch13_params {
	const void *kernel;
	dim3 gridDim;
	dim3 blockDim;
	void **args;
	size_t sharedMem;
	cudaStream_t stream;
};

/* One api_args row; see schema/trace.sql. Absent integers are OC_ARG_NONE. */
#define OC_ARG_NONE INT64_MIN

#define OC_PARAMS_ROW 8   /* pointer arguments one OC_CB_PARAMS row holds */

struct oc_args_row {
	uint32_t correlation_id;
	uint32_t cbid;
	uint32_t tid;
	uint8_t  domain;          /* enum oc_api_domain */
	uint8_t  handle_kind;     /* enum oc_handle_kind */
	uint8_t  cls;             /* enum oc_cb_class */
	uint8_t  ptsz;            /* a _ptsz/_ptds variant */
	uint32_t context_id;      /* CUPTI context id, 0 if none */
	uint8_t  alloc_kind;      /* OC_CB_ALLOC, OC_CB_FREE: enum oc_alloc_kind */
	uint8_t  pitched;         /* OC_CB_ALLOC of pitched memory: until the exit site,
	                             host_ptr is where the pitch will be and bytes the height */
	union {
		struct {
			int64_t  stream_handle;
			int64_t  stream_id;
			int64_t  host_ptr;
			int64_t  bytes;   /* copies, memsets: the size asked for; allocations:
			                     the size */
			int64_t  event_handle;
			int64_t  flags;   /* stream creation flags */
			int64_t  priority;/* stream creation priority */
			int64_t  src_ptr; /* copies: the source address */
			int64_t  dst_ptr; /* copies, memsets: the destination; allocations,
			                     frees: the memory's address */
			int64_t  src_span;/* copies: the bytes touched from src_ptr, memsets and */
			int64_t  dst_span;/* copies: from dst_ptr (2D: pitch * (height - 1) + width) */
		};
		struct {                  /* OC_CB_TIMED: CUPTI timestamps */
			uint64_t t_start, t_end;
			int64_t  t_ret;   /* the call's return value */
		};
		struct {                  /* OC_CB_QSUM: totals so far */
			uint64_t q_calls, q_total_ns, q_max_ns;
		};
		struct {                  /* OC_CB_PARAMS */
			int64_t  pval[OC_PARAMS_ROW];  /* the pointer values */
			uint8_t  pidx[OC_PARAMS_ROW];  /* their parameter indices */
			uint8_t  np;
		};
	};
};

/*
 * The callback ids to enable in a domain (CUPTI_CB_DOMAIN_RUNTIME_API or
 * CUPTI_CB_DOMAIN_DRIVER_API); *n receives the count.
 */
const CUpti_CallbackId *oc_args_cbids(CUpti_CallbackDomain domain, size_t *n);

/*
 * The queries of a domain (apiargs.c, docs/schema.md "Queries"): calls that
 * only read host state and never wait for the device, timed by the
 * callbacks instead of API records. At most OC_QUERY_MAX in all.
 */
#define OC_QUERY_MAX 80
const CUpti_CallbackId *oc_args_query_cbids(CUpti_CallbackDomain domain, size_t *n);

/*
 * The functions the tracer itself calls on a program's thread or its own
 * (memrefs.c's layout and capture queries, passport.c's device queries):
 * their API records stay off in every collection mode, so that a call of
 * the tracer's never becomes a record; the program's own calls of them are
 * timed by their callbacks (inject-queries.c), the tracer's are only
 * counted (oc_inj_own_begin, meta tracer_driver_calls).
 */
const CUpti_CallbackId *oc_args_tracer_cbids(CUpti_CallbackDomain domain, size_t *n);

/* Whether cbid is a per-thread-default-stream variant (_ptsz, _ptds). */
int oc_args_is_ptsz(CUpti_CallbackDomain domain, CUpti_CallbackId cbid);

/*
 * docs/method.md's handle rule: 0 is the legacy stream, unless the call is a
 * _ptsz/_ptds variant, where it is the per-thread stream; 0x1
 * (cudaStreamLegacy) legacy; 0x2 (cudaStreamPerThread) per-thread; anything
 * else an explicit stream. Returns enum oc_handle_kind.
 */
int oc_args_classify(uint64_t handle, int ptsz);

/*
 * Fill row from a call's parameters (CUpti_CallbackData.functionParams) at
 * the API enter site. row's correlation, tid and context fields are left to
 * the caller. For OC_CB_STREAM_CREATE and OC_CB_ALLOC, *out_stream_ptr
 * receives the address where the new handle or pointer will be written (read
 * it at the exit site), else NULL.
 * Returns the class, OC_CB_NONE if cbid is not handled (row untouched).
 */
enum oc_cb_class oc_args_extract(CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
				 const void *params, struct oc_args_row *row,
				 void *const **out_stream_ptr);

#endif
