/*
 * apiargs-extract.c: read the stream, size and pointer arguments of CUDA
 * calls (oc_args_extract(), on every enabled callback's enter site), and
 * tell a stream handle's kind (oc_args_classify()).
 *
 * CUPTI hands a callback the call's parameters as the generated
 * <name>_params structs (generated_cuda_runtime_api_meta.h,
 * generated_cuda_meta.h). One switch per domain maps each callback id
 * apiargs.c's tables enable to its class and copies the arguments activity
 * records lack; the longer cases are static inline helpers beside it, by
 * family (copies, memsets, streams and events, allocations), so that a call
 * still costs one jump. Extraction is pure: no CUPTI or CUDA calls.
 *
 * CUDA 13's <<<>>> launches go through __cudaLaunchKernel, whose parameters
 * (a cudaKernel_t, grid, block, args, shared memory, stream) are laid out like
 * cudaLaunchKernel's; the generated headers have no struct for it.
 */
#include <string.h>

#include <cuda.h>
#include <cuda_runtime_api.h>

#include "apiargs.h"
#include "overlapcheck/codes.h"

#define RT(x) CUPTI_RUNTIME_TRACE_CBID_##x
#define DRV(x) CUPTI_DRIVER_TRACE_CBID_##x

int oc_args_classify(uint64_t handle, int ptsz)
{
	if (handle == 0)
		return ptsz ? OC_HANDLE_PER_THREAD : OC_HANDLE_LEGACY;
	if (handle == (uint64_t)(uintptr_t)cudaStreamLegacy)
		return OC_HANDLE_LEGACY;
	if (handle == (uint64_t)(uintptr_t)cudaStreamPerThread)
		return OC_HANDLE_PER_THREAD;
	return OC_HANDLE_EXPLICIT;
}

static void row_clear(struct oc_args_row *r)
{
	memset(r, 0, sizeof *r);
	r->stream_handle = r->stream_id = r->host_ptr = r->bytes = OC_ARG_NONE;
	r->event_handle = r->flags = r->priority = OC_ARG_NONE;
	r->src_ptr = r->dst_ptr = r->src_span = r->dst_span = OC_ARG_NONE;
}

#define P(type) ((const type *)params)
#define H(x) ((int64_t)(uintptr_t)(x))

/* Both ends of a copy, and the bytes touched at each (a 2D copy: its pitched span). */
static void ends(struct oc_args_row *r, uint64_t dst, int64_t dst_span, uint64_t src,
		 int64_t src_span)
{
	r->dst_ptr = (int64_t)dst;
	r->dst_span = dst_span;
	r->src_ptr = (int64_t)src;
	r->src_span = src_span;
}

#define U(x) ((uint64_t)(uintptr_t)(x))

/* The bytes of a 3D copy's or memset's pitched box. */
static int64_t span3d(struct cudaPitchedPtr p, struct cudaExtent e)
{
	return (int64_t)(p.pitch * (p.ysize ? p.ysize : 1) * (e.depth ? e.depth : 1));
}

static int64_t span2d(size_t width, size_t height, size_t pitch)
{
	return height ? (int64_t)(pitch * (height - 1) + width) : 0;
}

/* cudaMemcpyKind: host side of a copy, when the kind says which it is. */
static int64_t rt_host_ptr(enum cudaMemcpyKind kind, const void *dst, const void *src)
{
	if (kind == cudaMemcpyHostToDevice || kind == cudaMemcpyHostToHost)
		return H(src);
	if (kind == cudaMemcpyDeviceToHost)
		return H(dst);
	return OC_ARG_NONE;
}

static int64_t extent_bytes(struct cudaExtent e)
{
	return (int64_t)(e.width * (e.height ? e.height : 1) * (e.depth ? e.depth : 1));
}

static enum cudaMemcpyKind p3d_host(const struct cudaMemcpy3DParms *p, struct oc_args_row *r)
{
	r->host_ptr = OC_ARG_NONE;
	r->bytes = OC_ARG_NONE;
	if (!p)
		return cudaMemcpyDefault;
	r->bytes = extent_bytes(p->extent);
	r->host_ptr = rt_host_ptr(p->kind, p->dstPtr.ptr, p->srcPtr.ptr);
	if (!p->dstArray && !p->srcArray)
		ends(r, U(p->dstPtr.ptr), span3d(p->dstPtr, p->extent),
		     U(p->srcPtr.ptr), span3d(p->srcPtr, p->extent));
	return p->kind;
}

/* A linear copy between two addresses, count bytes at each (no host side). */
static inline enum oc_cb_class copy_ends(struct oc_args_row *r, int64_t stream, uint64_t dst,
					 uint64_t src, size_t count)
{
	r->stream_handle = stream;
	r->bytes = (int64_t)count;
	ends(r, dst, r->bytes, src, r->bytes);
	return OC_CB_COPY;
}

/* A linear memset of bytes at dst. */
static inline enum oc_cb_class set_ends(struct oc_args_row *r, int64_t stream, int64_t dst,
					int64_t bytes)
{
	r->stream_handle = stream;
	r->bytes = bytes;
	r->dst_ptr = dst;
	r->dst_span = bytes;
	return OC_CB_MEMSET;
}

/*
 * An allocation: where its pointer will be written (read at the exit site,
 * *sp), its size and kind. A registration has its address already (dst_ptr)
 * and no pointer to read.
 */
static enum oc_cb_class alloc(struct oc_args_row *r, void *const **sp, const void *where,
			      size_t bytes, int kind)
{
	r->bytes = (int64_t)bytes;
	r->alloc_kind = (uint8_t)kind;
	*sp = (void *const *)where;
	return OC_CB_ALLOC;
}

static enum oc_cb_class release(struct oc_args_row *r, int64_t ptr, int kind)
{
	r->dst_ptr = ptr;
	r->alloc_kind = (uint8_t)kind;
	return OC_CB_FREE;
}

/* ---- runtime calls ------------------------------------------------------- */

/* Copies. */

static inline enum oc_cb_class rt_memcpy(const void *params, struct oc_args_row *r)
{
	const cudaMemcpy_v3020_params *p = P(cudaMemcpy_v3020_params);

	r->stream_handle = 0;
	r->bytes = (int64_t)p->count;
	r->host_ptr = rt_host_ptr(p->kind, p->dst, p->src);
	ends(r, U(p->dst), (int64_t)p->count, U(p->src), (int64_t)p->count);
	return OC_CB_COPY;
}

static inline enum oc_cb_class rt_memcpy2d(const void *params, struct oc_args_row *r)
{
	const cudaMemcpy2D_v3020_params *p = P(cudaMemcpy2D_v3020_params);

	r->stream_handle = 0;
	r->bytes = (int64_t)(p->width * p->height);
	r->host_ptr = rt_host_ptr(p->kind, p->dst, p->src);
	ends(r, U(p->dst), span2d(p->width, p->height, p->dpitch),
	     U(p->src), span2d(p->width, p->height, p->spitch));
	return OC_CB_COPY;
}

static inline enum oc_cb_class rt_memcpy_async(const void *params, struct oc_args_row *r)
{
	const cudaMemcpyAsync_v3020_params *p = P(cudaMemcpyAsync_v3020_params);

	r->stream_handle = H(p->stream);
	r->bytes = (int64_t)p->count;
	r->host_ptr = rt_host_ptr(p->kind, p->dst, p->src);
	ends(r, U(p->dst), (int64_t)p->count, U(p->src), (int64_t)p->count);
	return OC_CB_COPY;
}

static inline enum oc_cb_class rt_memcpy2d_async(const void *params, struct oc_args_row *r)
{
	const cudaMemcpy2DAsync_v3020_params *p = P(cudaMemcpy2DAsync_v3020_params);

	r->stream_handle = H(p->stream);
	r->bytes = (int64_t)(p->width * p->height);
	r->host_ptr = rt_host_ptr(p->kind, p->dst, p->src);
	ends(r, U(p->dst), span2d(p->width, p->height, p->dpitch),
	     U(p->src), span2d(p->width, p->height, p->spitch));
	return OC_CB_COPY;
}

static inline enum oc_cb_class rt_memcpy3d_peer(const void *params, struct oc_args_row *r)
{
	const struct cudaMemcpy3DPeerParms *p = P(cudaMemcpy3DPeer_v4000_params)->p;

	r->stream_handle = 0;
	if (p)
		r->bytes = extent_bytes(p->extent);
	return OC_CB_COPY;
}

static inline enum oc_cb_class rt_memcpy3d_peer_async(const void *params, struct oc_args_row *r)
{
	const cudaMemcpy3DPeerAsync_v4000_params *p = P(cudaMemcpy3DPeerAsync_v4000_params);

	r->stream_handle = H(p->stream);
	if (p->p)
		r->bytes = extent_bytes(p->p->extent);
	return OC_CB_COPY;
}

/* Memsets. */

static inline enum oc_cb_class rt_memset2d(const void *params, struct oc_args_row *r)
{
	const cudaMemset2D_v3020_params *p = P(cudaMemset2D_v3020_params);

	r->stream_handle = 0;
	r->bytes = (int64_t)(p->width * p->height);
	r->dst_ptr = H(p->devPtr);
	r->dst_span = span2d(p->width, p->height, p->pitch);
	return OC_CB_MEMSET;
}

static inline enum oc_cb_class rt_memset3d(const void *params, struct oc_args_row *r)
{
	const cudaMemset3D_v3020_params *p = P(cudaMemset3D_v3020_params);

	r->stream_handle = 0;
	r->bytes = extent_bytes(p->extent);
	r->dst_ptr = H(p->pitchedDevPtr.ptr);
	r->dst_span = span3d(p->pitchedDevPtr, p->extent);
	return OC_CB_MEMSET;
}

static inline enum oc_cb_class rt_memset2d_async(const void *params, struct oc_args_row *r)
{
	const cudaMemset2DAsync_v3020_params *p = P(cudaMemset2DAsync_v3020_params);

	r->stream_handle = H(p->stream);
	r->bytes = (int64_t)(p->width * p->height);
	r->dst_ptr = H(p->devPtr);
	r->dst_span = span2d(p->width, p->height, p->pitch);
	return OC_CB_MEMSET;
}

static inline enum oc_cb_class rt_memset3d_async(const void *params, struct oc_args_row *r)
{
	const cudaMemset3DAsync_v3020_params *p = P(cudaMemset3DAsync_v3020_params);

	r->stream_handle = H(p->stream);
	r->bytes = extent_bytes(p->extent);
	r->dst_ptr = H(p->pitchedDevPtr.ptr);
	r->dst_span = span3d(p->pitchedDevPtr, p->extent);
	return OC_CB_MEMSET;
}

/* Streams and events. */

static inline enum oc_cb_class rt_stream_create_flags(const void *params, struct oc_args_row *r,
						      void *const **sp)
{
	const cudaStreamCreateWithFlags_v5000_params *p = P(cudaStreamCreateWithFlags_v5000_params);

	r->flags = p->flags;
	*sp = (void *const *)p->pStream;
	return OC_CB_STREAM_CREATE;
}

static inline enum oc_cb_class rt_stream_create_priority(const void *params, struct oc_args_row *r,
							 void *const **sp)
{
	const cudaStreamCreateWithPriority_v5050_params *p =
		P(cudaStreamCreateWithPriority_v5050_params);

	r->flags = p->flags;
	r->priority = p->priority;
	*sp = (void *const *)p->pStream;
	return OC_CB_STREAM_CREATE;
}

static inline enum oc_cb_class rt_event_record(const void *params, struct oc_args_row *r)
{
	const cudaEventRecord_v3020_params *p = P(cudaEventRecord_v3020_params);

	r->stream_handle = H(p->stream);
	r->event_handle = H(p->event);
	return OC_CB_EVENT_RECORD;
}

static inline enum oc_cb_class rt_event_record_flags(const void *params, struct oc_args_row *r)
{
	const cudaEventRecordWithFlags_v11010_params *p = P(cudaEventRecordWithFlags_v11010_params);

	r->stream_handle = H(p->stream);
	r->event_handle = H(p->event);
	r->flags = p->flags;
	return OC_CB_EVENT_RECORD;
}

static inline enum oc_cb_class rt_stream_wait(const void *params, struct oc_args_row *r)
{
	const cudaStreamWaitEvent_v3020_params *p = P(cudaStreamWaitEvent_v3020_params);

	r->stream_handle = H(p->stream);
	r->event_handle = H(p->event);
	r->flags = p->flags;
	return OC_CB_STREAM_WAIT;
}

/* Allocations. */

static inline enum oc_cb_class rt_malloc_pitch(const void *params, struct oc_args_row *r,
					       void *const **sp)
{
	const cudaMallocPitch_v3020_params *p = P(cudaMallocPitch_v3020_params);

	r->pitched = 1;
	r->host_ptr = H(p->pitch);
	return alloc(r, sp, p->devPtr, p->height, OC_ALLOC_DEVICE);
}

static inline enum oc_cb_class rt_malloc_async(const void *params, struct oc_args_row *r,
					       void *const **sp)
{
	const cudaMallocAsync_v11020_params *p = P(cudaMallocAsync_v11020_params);

	r->stream_handle = H(p->hStream);
	return alloc(r, sp, p->devPtr, p->size, OC_ALLOC_ASYNC);
}

static inline enum oc_cb_class rt_malloc_pool_async(const void *params, struct oc_args_row *r,
						    void *const **sp)
{
	const cudaMallocFromPoolAsync_v11020_params *p = P(cudaMallocFromPoolAsync_v11020_params);

	r->stream_handle = H(p->stream);
	return alloc(r, sp, p->ptr, p->size, OC_ALLOC_ASYNC);
}

/*
 * A runtime call's arguments, by its callback id: one switch, each family's
 * longer cases in the helpers above (inlined: one jump per call).
 */
static enum oc_cb_class extract_rt(CUpti_CallbackId cbid, const void *params,
				   struct oc_args_row *r, void *const **sp)
{
	switch (cbid) {
	case RT(cudaLaunchKernel_v7000): case RT(cudaLaunchKernel_ptsz_v7000):
		r->stream_handle = H(P(cudaLaunchKernel_v7000_params)->stream);
		return OC_CB_LAUNCH;
	case RT(__cudaLaunchKernel_v13000): case RT(__cudaLaunchKernel_ptsz_v13000):
		r->stream_handle = H(P(struct oc_launch13_params)->stream);
		return OC_CB_LAUNCH;
	case RT(cudaLaunchKernelExC_v11060): case RT(cudaLaunchKernelExC_ptsz_v11060): {
		const cudaLaunchConfig_t *c = P(cudaLaunchKernelExC_v11060_params)->config;

		r->stream_handle = c ? H(c->stream) : 0;
		return OC_CB_LAUNCH;
	}
	case RT(cudaLaunchCooperativeKernel_v9000): case RT(cudaLaunchCooperativeKernel_ptsz_v9000):
		r->stream_handle = H(P(cudaLaunchCooperativeKernel_v9000_params)->stream);
		return OC_CB_LAUNCH;

	case RT(cudaMemcpy_v3020): case RT(cudaMemcpy_ptds_v7000):
		return rt_memcpy(params, r);
	case RT(cudaMemcpy2D_v3020): case RT(cudaMemcpy2D_ptds_v7000):
		return rt_memcpy2d(params, r);
	case RT(cudaMemcpy3D_v3020): case RT(cudaMemcpy3D_ptds_v7000):
		r->stream_handle = 0;
		p3d_host(P(cudaMemcpy3D_v3020_params)->p, r);
		return OC_CB_COPY;
	case RT(cudaMemcpyAsync_v3020): case RT(cudaMemcpyAsync_ptsz_v7000):
		return rt_memcpy_async(params, r);
	case RT(cudaMemcpy2DAsync_v3020): case RT(cudaMemcpy2DAsync_ptsz_v7000):
		return rt_memcpy2d_async(params, r);
	case RT(cudaMemcpy3DAsync_v3020): case RT(cudaMemcpy3DAsync_ptsz_v7000):
		r->stream_handle = H(P(cudaMemcpy3DAsync_v3020_params)->stream);
		p3d_host(P(cudaMemcpy3DAsync_v3020_params)->p, r);
		return OC_CB_COPY;
	case RT(cudaMemcpyPeer_v4000): {
		const cudaMemcpyPeer_v4000_params *p = P(cudaMemcpyPeer_v4000_params);

		return copy_ends(r, 0, U(p->dst), U(p->src), p->count);
	}
	case RT(cudaMemcpyPeerAsync_v4000): {
		const cudaMemcpyPeerAsync_v4000_params *p = P(cudaMemcpyPeerAsync_v4000_params);

		return copy_ends(r, H(p->stream), U(p->dst), U(p->src), p->count);
	}
	case RT(cudaMemcpy3DPeer_v4000): case RT(cudaMemcpy3DPeer_ptds_v7000):
		return rt_memcpy3d_peer(params, r);
	case RT(cudaMemcpy3DPeerAsync_v4000): case RT(cudaMemcpy3DPeerAsync_ptsz_v7000):
		return rt_memcpy3d_peer_async(params, r);

	case RT(cudaMemset_v3020): case RT(cudaMemset_ptds_v7000):
		return set_ends(r, 0, H(P(cudaMemset_v3020_params)->devPtr),
				(int64_t)P(cudaMemset_v3020_params)->count);
	case RT(cudaMemset2D_v3020): case RT(cudaMemset2D_ptds_v7000):
		return rt_memset2d(params, r);
	case RT(cudaMemset3D_v3020): case RT(cudaMemset3D_ptds_v7000):
		return rt_memset3d(params, r);
	case RT(cudaMemsetAsync_v3020): case RT(cudaMemsetAsync_ptsz_v7000):
		return set_ends(r, H(P(cudaMemsetAsync_v3020_params)->stream),
				H(P(cudaMemsetAsync_v3020_params)->devPtr),
				(int64_t)P(cudaMemsetAsync_v3020_params)->count);
	case RT(cudaMemset2DAsync_v3020): case RT(cudaMemset2DAsync_ptsz_v7000):
		return rt_memset2d_async(params, r);
	case RT(cudaMemset3DAsync_v3020): case RT(cudaMemset3DAsync_ptsz_v7000):
		return rt_memset3d_async(params, r);

	case RT(cudaStreamCreate_v3020):
		r->flags = 0;
		*sp = (void *const *)P(cudaStreamCreate_v3020_params)->pStream;
		return OC_CB_STREAM_CREATE;
	case RT(cudaStreamCreateWithFlags_v5000):
		return rt_stream_create_flags(params, r, sp);
	case RT(cudaStreamCreateWithPriority_v5050):
		return rt_stream_create_priority(params, r, sp);
	case RT(cudaStreamDestroy_v3020): case RT(cudaStreamDestroy_v5050):
		r->stream_handle = H(P(cudaStreamDestroy_v5050_params)->stream);
		return OC_CB_STREAM_DESTROY;
	case RT(cudaEventRecord_v3020): case RT(cudaEventRecord_ptsz_v7000):
		return rt_event_record(params, r);
	case RT(cudaEventRecordWithFlags_v11010): case RT(cudaEventRecordWithFlags_ptsz_v11010):
		return rt_event_record_flags(params, r);
	case RT(cudaStreamWaitEvent_v3020): case RT(cudaStreamWaitEvent_ptsz_v7000):
		return rt_stream_wait(params, r);
	case RT(cudaGraphLaunch_v10000): case RT(cudaGraphLaunch_ptsz_v10000):
		r->stream_handle = H(P(cudaGraphLaunch_v10000_params)->stream);
		return OC_CB_GRAPH_LAUNCH;

	case RT(cudaMalloc_v3020):
		return alloc(r, sp, P(cudaMalloc_v3020_params)->devPtr,
			     P(cudaMalloc_v3020_params)->size, OC_ALLOC_DEVICE);
	case RT(cudaMallocPitch_v3020):
		return rt_malloc_pitch(params, r, sp);
	case RT(cudaMallocManaged_v6000):
		return alloc(r, sp, P(cudaMallocManaged_v6000_params)->devPtr,
			     P(cudaMallocManaged_v6000_params)->size, OC_ALLOC_MANAGED);
	case RT(cudaMallocHost_v3020):
		return alloc(r, sp, P(cudaMallocHost_v3020_params)->ptr,
			     P(cudaMallocHost_v3020_params)->size, OC_ALLOC_HOST);
	case RT(cudaHostAlloc_v3020):
		return alloc(r, sp, P(cudaHostAlloc_v3020_params)->pHost,
			     P(cudaHostAlloc_v3020_params)->size, OC_ALLOC_HOST);
	case RT(cudaHostRegister_v4000):
		/* the address is known at entry; it counts once the call succeeded */
		r->dst_ptr = H(P(cudaHostRegister_v4000_params)->ptr);
		return alloc(r, sp, NULL, P(cudaHostRegister_v4000_params)->size,
			     OC_ALLOC_REGISTERED);
	case RT(cudaMallocAsync_v11020): case RT(cudaMallocAsync_ptsz_v11020):
		return rt_malloc_async(params, r, sp);
	case RT(cudaMallocFromPoolAsync_v11020): case RT(cudaMallocFromPoolAsync_ptsz_v11020):
		return rt_malloc_pool_async(params, r, sp);
	case RT(cudaFree_v3020):
		return release(r, H(P(cudaFree_v3020_params)->devPtr), OC_ALLOC_DEVICE);
	case RT(cudaFreeHost_v3020):
		return release(r, H(P(cudaFreeHost_v3020_params)->ptr), OC_ALLOC_HOST);
	case RT(cudaHostUnregister_v4000):
		return release(r, H(P(cudaHostUnregister_v4000_params)->ptr), OC_ALLOC_REGISTERED);
	case RT(cudaFreeAsync_v11020): case RT(cudaFreeAsync_ptsz_v11020):
		r->stream_handle = H(P(cudaFreeAsync_v11020_params)->hStream);
		return release(r, H(P(cudaFreeAsync_v11020_params)->devPtr), OC_ALLOC_ASYNC);
	case RT(cudaDeviceSynchronize_v3020): case RT(cudaStreamSynchronize_v3020):
	case RT(cudaStreamSynchronize_ptsz_v7000):
		return OC_CB_SYNC;
	case RT(cudaEventSynchronize_v3020):
		r->event_handle = H(P(cudaEventSynchronize_v3020_params)->event);
		return OC_CB_EVENT_SYNC;
	case RT(cudaEventQuery_v3020):
		r->event_handle = H(P(cudaEventQuery_v3020_params)->event);
		return OC_CB_EVENT_SYNC;
	default:
		return OC_CB_NONE;
	}
}

/* The address of one end of a driver 2D copy (arrays: none). */
static uint64_t mem_end(CUmemorytype type, const void *host, CUdeviceptr dev, size_t x,
			size_t y, size_t pitch)
{
	if (type == CU_MEMORYTYPE_HOST)
		return U(host) + y * pitch + x;
	if (type == CU_MEMORYTYPE_DEVICE || type == CU_MEMORYTYPE_UNIFIED)
		return dev + y * pitch + x;
	return (uint64_t)OC_ARG_NONE;
}

/* ---- driver calls -------------------------------------------------------- */

/* Copies. */

static inline enum oc_cb_class drv_memcpy_htod(const void *params, struct oc_args_row *r)
{
	r->stream_handle = 0;
	r->bytes = (int64_t)P(cuMemcpyHtoD_v2_params)->ByteCount;
	r->host_ptr = H(P(cuMemcpyHtoD_v2_params)->srcHost);
	ends(r, P(cuMemcpyHtoD_v2_params)->dstDevice, r->bytes, U(r->host_ptr), r->bytes);
	return OC_CB_COPY;
}

static inline enum oc_cb_class drv_memcpy_dtoh(const void *params, struct oc_args_row *r)
{
	r->stream_handle = 0;
	r->bytes = (int64_t)P(cuMemcpyDtoH_v2_params)->ByteCount;
	r->host_ptr = H(P(cuMemcpyDtoH_v2_params)->dstHost);
	ends(r, U(r->host_ptr), r->bytes, P(cuMemcpyDtoH_v2_params)->srcDevice, r->bytes);
	return OC_CB_COPY;
}

static inline enum oc_cb_class drv_memcpy_htod_async(const void *params, struct oc_args_row *r)
{
	const cuMemcpyHtoDAsync_v2_params *p = P(cuMemcpyHtoDAsync_v2_params);

	r->stream_handle = H(p->hStream);
	r->bytes = (int64_t)p->ByteCount;
	r->host_ptr = H(p->srcHost);
	ends(r, p->dstDevice, r->bytes, U(p->srcHost), r->bytes);
	return OC_CB_COPY;
}

static inline enum oc_cb_class drv_memcpy_dtoh_async(const void *params, struct oc_args_row *r)
{
	const cuMemcpyDtoHAsync_v2_params *p = P(cuMemcpyDtoHAsync_v2_params);

	r->stream_handle = H(p->hStream);
	r->bytes = (int64_t)p->ByteCount;
	r->host_ptr = H(p->dstHost);
	ends(r, U(p->dstHost), r->bytes, p->srcDevice, r->bytes);
	return OC_CB_COPY;
}

static inline enum oc_cb_class drv_memcpy2d_async(const void *params, struct oc_args_row *r)
{
	const cuMemcpy2DAsync_v2_params *p = P(cuMemcpy2DAsync_v2_params);

	r->stream_handle = H(p->hStream);
	if (p->pCopy) {
		const CUDA_MEMCPY2D *c = p->pCopy;

		r->bytes = (int64_t)(c->WidthInBytes * c->Height);
		if (c->srcMemoryType == CU_MEMORYTYPE_HOST)
			r->host_ptr = H(c->srcHost);
		else if (c->dstMemoryType == CU_MEMORYTYPE_HOST)
			r->host_ptr = H(c->dstHost);
		ends(r, mem_end(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstXInBytes,
				c->dstY, c->dstPitch),
		     span2d(c->WidthInBytes, c->Height, c->dstPitch),
		     mem_end(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcXInBytes,
			     c->srcY, c->srcPitch),
		     span2d(c->WidthInBytes, c->Height, c->srcPitch));
	}
	return OC_CB_COPY;
}

static inline enum oc_cb_class drv_memcpy3d_async(const void *params, struct oc_args_row *r)
{
	const cuMemcpy3DAsync_v2_params *p = P(cuMemcpy3DAsync_v2_params);

	r->stream_handle = H(p->hStream);
	if (p->pCopy) {
		r->bytes = (int64_t)(p->pCopy->WidthInBytes * p->pCopy->Height *
				     (p->pCopy->Depth ? p->pCopy->Depth : 1));
		if (p->pCopy->srcMemoryType == CU_MEMORYTYPE_HOST)
			r->host_ptr = H(p->pCopy->srcHost);
		else if (p->pCopy->dstMemoryType == CU_MEMORYTYPE_HOST)
			r->host_ptr = H(p->pCopy->dstHost);
	}
	return OC_CB_COPY;
}

/* Memsets. */

/* Streams and events. */

static inline enum oc_cb_class drv_stream_create_priority(const void *params,
							  struct oc_args_row *r, void *const **sp)
{
	r->flags = P(cuStreamCreateWithPriority_params)->flags;
	r->priority = P(cuStreamCreateWithPriority_params)->priority;
	*sp = (void *const *)P(cuStreamCreateWithPriority_params)->phStream;
	return OC_CB_STREAM_CREATE;
}

static inline enum oc_cb_class drv_event_record_flags(const void *params, struct oc_args_row *r)
{
	const cuEventRecordWithFlags_params *p = P(cuEventRecordWithFlags_params);

	r->stream_handle = H(p->hStream);
	r->event_handle = H(p->hEvent);
	r->flags = p->flags;
	return OC_CB_EVENT_RECORD;
}

static inline enum oc_cb_class drv_stream_wait(const void *params, struct oc_args_row *r)
{
	const cuStreamWaitEvent_params *p = P(cuStreamWaitEvent_params);

	r->stream_handle = H(p->hStream);
	r->event_handle = H(p->hEvent);
	r->flags = p->Flags;
	return OC_CB_STREAM_WAIT;
}

/* Allocations. */

static inline enum oc_cb_class drv_mem_alloc_pitch(const void *params, struct oc_args_row *r,
						   void *const **sp)
{
	const cuMemAllocPitch_v2_params *p = P(cuMemAllocPitch_v2_params);

	r->pitched = 1;
	r->host_ptr = H(p->pPitch);
	return alloc(r, sp, p->dptr, p->Height, OC_ALLOC_DEVICE);
}

static inline enum oc_cb_class drv_mem_alloc_async(const void *params, struct oc_args_row *r,
						   void *const **sp)
{
	r->stream_handle = H(P(cuMemAllocAsync_params)->hStream);
	return alloc(r, sp, P(cuMemAllocAsync_params)->dptr,
		     P(cuMemAllocAsync_params)->bytesize, OC_ALLOC_ASYNC);
}

static inline enum oc_cb_class drv_mem_alloc_pool_async(const void *params, struct oc_args_row *r,
							void *const **sp)
{
	r->stream_handle = H(P(cuMemAllocFromPoolAsync_params)->hStream);
	return alloc(r, sp, P(cuMemAllocFromPoolAsync_params)->dptr,
		     P(cuMemAllocFromPoolAsync_params)->bytesize, OC_ALLOC_ASYNC);
}

/* A driver call's arguments, by its callback id: as extract_rt(). */
static enum oc_cb_class extract_drv(CUpti_CallbackId cbid, const void *params,
				    struct oc_args_row *r, void *const **sp)
{
	switch (cbid) {
	case DRV(cuLaunchKernel): case DRV(cuLaunchKernel_ptsz):
		r->stream_handle = H(P(cuLaunchKernel_params)->hStream);
		return OC_CB_LAUNCH;
	case DRV(cuLaunchKernelEx): case DRV(cuLaunchKernelEx_ptsz): {
		const CUlaunchConfig *c = P(cuLaunchKernelEx_params)->config;

		r->stream_handle = c ? H(c->hStream) : 0;
		return OC_CB_LAUNCH;
	}
	case DRV(cuLaunchCooperativeKernel): case DRV(cuLaunchCooperativeKernel_ptsz):
		r->stream_handle = H(P(cuLaunchCooperativeKernel_params)->hStream);
		return OC_CB_LAUNCH;

	case DRV(cuMemcpy): case DRV(cuMemcpy_ptds):
		return copy_ends(r, 0, P(cuMemcpy_params)->dst, P(cuMemcpy_params)->src,
				 P(cuMemcpy_params)->ByteCount);
	case DRV(cuMemcpyAsync): case DRV(cuMemcpyAsync_ptsz):
		return copy_ends(r, H(P(cuMemcpyAsync_params)->hStream),
				 P(cuMemcpyAsync_params)->dst, P(cuMemcpyAsync_params)->src,
				 P(cuMemcpyAsync_params)->ByteCount);
	case DRV(cuMemcpyHtoD_v2): case DRV(cuMemcpyHtoD_v2_ptds):
		return drv_memcpy_htod(params, r);
	case DRV(cuMemcpyDtoH_v2): case DRV(cuMemcpyDtoH_v2_ptds):
		return drv_memcpy_dtoh(params, r);
	case DRV(cuMemcpyDtoD_v2): case DRV(cuMemcpyDtoD_v2_ptds):
		return copy_ends(r, 0, P(cuMemcpyDtoD_v2_params)->dstDevice,
				 P(cuMemcpyDtoD_v2_params)->srcDevice,
				 P(cuMemcpyDtoD_v2_params)->ByteCount);
	case DRV(cuMemcpyHtoDAsync_v2): case DRV(cuMemcpyHtoDAsync_v2_ptsz):
		return drv_memcpy_htod_async(params, r);
	case DRV(cuMemcpyDtoHAsync_v2): case DRV(cuMemcpyDtoHAsync_v2_ptsz):
		return drv_memcpy_dtoh_async(params, r);
	case DRV(cuMemcpyDtoDAsync_v2): case DRV(cuMemcpyDtoDAsync_v2_ptsz):
		return copy_ends(r, H(P(cuMemcpyDtoDAsync_v2_params)->hStream),
				 P(cuMemcpyDtoDAsync_v2_params)->dstDevice,
				 P(cuMemcpyDtoDAsync_v2_params)->srcDevice,
				 P(cuMemcpyDtoDAsync_v2_params)->ByteCount);
	case DRV(cuMemcpy2DAsync_v2): case DRV(cuMemcpy2DAsync_v2_ptsz):
		return drv_memcpy2d_async(params, r);
	case DRV(cuMemcpy3DAsync_v2): case DRV(cuMemcpy3DAsync_v2_ptsz):
		return drv_memcpy3d_async(params, r);
	case DRV(cuMemcpyPeerAsync): case DRV(cuMemcpyPeerAsync_ptsz):
		return copy_ends(r, H(P(cuMemcpyPeerAsync_params)->hStream),
				 P(cuMemcpyPeerAsync_params)->dstDevice,
				 P(cuMemcpyPeerAsync_params)->srcDevice,
				 P(cuMemcpyPeerAsync_params)->ByteCount);

	case DRV(cuMemsetD8Async): case DRV(cuMemsetD8Async_ptsz):
		return set_ends(r, H(P(cuMemsetD8Async_params)->hStream),
				(int64_t)P(cuMemsetD8Async_params)->dstDevice,
				(int64_t)P(cuMemsetD8Async_params)->N);
	case DRV(cuMemsetD16Async): case DRV(cuMemsetD16Async_ptsz):
		return set_ends(r, H(P(cuMemsetD16Async_params)->hStream),
				(int64_t)P(cuMemsetD16Async_params)->dstDevice,
				(int64_t)P(cuMemsetD16Async_params)->N * 2);
	case DRV(cuMemsetD32Async): case DRV(cuMemsetD32Async_ptsz):
		return set_ends(r, H(P(cuMemsetD32Async_params)->hStream),
				(int64_t)P(cuMemsetD32Async_params)->dstDevice,
				(int64_t)P(cuMemsetD32Async_params)->N * 4);

	case DRV(cuStreamCreate):
		r->flags = P(cuStreamCreate_params)->Flags;
		*sp = (void *const *)P(cuStreamCreate_params)->phStream;
		return OC_CB_STREAM_CREATE;
	case DRV(cuStreamCreateWithPriority):
		return drv_stream_create_priority(params, r, sp);
	case DRV(cuStreamDestroy_v2):
		r->stream_handle = H(P(cuStreamDestroy_v2_params)->hStream);
		return OC_CB_STREAM_DESTROY;
	case DRV(cuEventRecord): case DRV(cuEventRecord_ptsz):
		r->stream_handle = H(P(cuEventRecord_params)->hStream);
		r->event_handle = H(P(cuEventRecord_params)->hEvent);
		return OC_CB_EVENT_RECORD;
	case DRV(cuEventRecordWithFlags): case DRV(cuEventRecordWithFlags_ptsz):
		return drv_event_record_flags(params, r);
	case DRV(cuStreamWaitEvent): case DRV(cuStreamWaitEvent_ptsz):
		return drv_stream_wait(params, r);
	case DRV(cuGraphLaunch): case DRV(cuGraphLaunch_ptsz):
		r->stream_handle = H(P(cuGraphLaunch_params)->hStream);
		return OC_CB_GRAPH_LAUNCH;

	case DRV(cuMemAlloc_v2):
		return alloc(r, sp, P(cuMemAlloc_v2_params)->dptr, P(cuMemAlloc_v2_params)->bytesize,
			     OC_ALLOC_DEVICE);
	case DRV(cuMemAllocPitch_v2):
		return drv_mem_alloc_pitch(params, r, sp);
	case DRV(cuMemAllocManaged):
		return alloc(r, sp, P(cuMemAllocManaged_params)->dptr,
			     P(cuMemAllocManaged_params)->bytesize, OC_ALLOC_MANAGED);
	case DRV(cuMemAllocHost_v2):
		return alloc(r, sp, P(cuMemAllocHost_v2_params)->pp,
			     P(cuMemAllocHost_v2_params)->bytesize, OC_ALLOC_HOST);
	case DRV(cuMemHostAlloc):
		return alloc(r, sp, P(cuMemHostAlloc_params)->pp, P(cuMemHostAlloc_params)->bytesize,
			     OC_ALLOC_HOST);
	case DRV(cuMemHostRegister_v2):
		r->dst_ptr = H(P(cuMemHostRegister_v2_params)->p);
		return alloc(r, sp, NULL, P(cuMemHostRegister_v2_params)->bytesize,
			     OC_ALLOC_REGISTERED);
	case DRV(cuMemAllocAsync): case DRV(cuMemAllocAsync_ptsz):
		return drv_mem_alloc_async(params, r, sp);
	case DRV(cuMemAllocFromPoolAsync): case DRV(cuMemAllocFromPoolAsync_ptsz):
		return drv_mem_alloc_pool_async(params, r, sp);
	case DRV(cuMemFree_v2):
		return release(r, (int64_t)P(cuMemFree_v2_params)->dptr, OC_ALLOC_DEVICE);
	case DRV(cuMemFreeHost):
		return release(r, H(P(cuMemFreeHost_params)->p), OC_ALLOC_HOST);
	case DRV(cuMemHostUnregister):
		return release(r, H(P(cuMemHostUnregister_params)->p), OC_ALLOC_REGISTERED);
	case DRV(cuMemFreeAsync): case DRV(cuMemFreeAsync_ptsz):
		r->stream_handle = H(P(cuMemFreeAsync_params)->hStream);
		return release(r, (int64_t)P(cuMemFreeAsync_params)->dptr, OC_ALLOC_ASYNC);
	case DRV(cuCtxSynchronize): case DRV(cuStreamSynchronize): case DRV(cuStreamSynchronize_ptsz):
		return OC_CB_SYNC;
	case DRV(cuEventSynchronize):
		r->event_handle = H(P(cuEventSynchronize_params)->hEvent);
		return OC_CB_EVENT_SYNC;
	case DRV(cuEventQuery):
		r->event_handle = H(P(cuEventQuery_params)->hEvent);
		return OC_CB_EVENT_SYNC;
	default:
		return OC_CB_NONE;
	}
}

enum oc_cb_class oc_args_extract(CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
				 const void *params, struct oc_args_row *row,
				 void *const **out_stream_ptr)
{
	struct oc_args_row r;
	void *const *sp = NULL;
	enum oc_cb_class cls;

	row_clear(&r);
	if (!params)
		return OC_CB_NONE;
	if (domain == CUPTI_CB_DOMAIN_RUNTIME_API)
		cls = extract_rt(cbid, params, &r, &sp);
	else if (domain == CUPTI_CB_DOMAIN_DRIVER_API)
		cls = extract_drv(cbid, params, &r, &sp);
	else
		cls = OC_CB_NONE;
	if (cls == OC_CB_NONE)
		return cls;
	r.cbid = cbid;
	r.domain = domain == CUPTI_CB_DOMAIN_RUNTIME_API ? OC_API_RUNTIME : OC_API_DRIVER;
	r.cls = (uint8_t)cls;
	r.ptsz = (uint8_t)oc_args_is_ptsz(domain, cbid);
	if (r.stream_handle != OC_ARG_NONE)
		r.handle_kind = (uint8_t)oc_args_classify((uint64_t)r.stream_handle, r.ptsz);
	*row = r;
	if (out_stream_ptr)
		*out_stream_ptr = sp;
	return cls;
}
