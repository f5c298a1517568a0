/*
 * apiargs.c: read the stream, size and pointer arguments of CUDA calls.
 *
 * CUPTI hands a callback the call's parameters as the generated
 * <name>_params structs (generated_cuda_runtime_api_meta.h,
 * generated_cuda_meta.h). This file maps each callback id the tracer enables
 * to its class and copies the arguments activity records lack. The table of
 * ids is the single list of what the tracer subscribes to: adding an entry
 * point means adding one line to a table and one case to a switch.
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

static const CUpti_CallbackId rt_ids[] = {
	/* launches */
	RT(cudaLaunchKernel_v7000), RT(cudaLaunchKernel_ptsz_v7000),
	RT(__cudaLaunchKernel_v13000), RT(__cudaLaunchKernel_ptsz_v13000),
	RT(cudaLaunchKernelExC_v11060), RT(cudaLaunchKernelExC_ptsz_v11060),
	RT(cudaLaunchCooperativeKernel_v9000), RT(cudaLaunchCooperativeKernel_ptsz_v9000),
	/* copies */
	RT(cudaMemcpy_v3020), RT(cudaMemcpy_ptds_v7000),
	RT(cudaMemcpy2D_v3020), RT(cudaMemcpy2D_ptds_v7000),
	RT(cudaMemcpy3D_v3020), RT(cudaMemcpy3D_ptds_v7000),
	RT(cudaMemcpyAsync_v3020), RT(cudaMemcpyAsync_ptsz_v7000),
	RT(cudaMemcpy2DAsync_v3020), RT(cudaMemcpy2DAsync_ptsz_v7000),
	RT(cudaMemcpy3DAsync_v3020), RT(cudaMemcpy3DAsync_ptsz_v7000),
	RT(cudaMemcpyPeer_v4000), RT(cudaMemcpyPeerAsync_v4000),
	RT(cudaMemcpy3DPeer_v4000), RT(cudaMemcpy3DPeer_ptds_v7000),
	RT(cudaMemcpy3DPeerAsync_v4000), RT(cudaMemcpy3DPeerAsync_ptsz_v7000),
	/* memsets */
	RT(cudaMemset_v3020), RT(cudaMemset_ptds_v7000),
	RT(cudaMemset2D_v3020), RT(cudaMemset2D_ptds_v7000),
	RT(cudaMemset3D_v3020), RT(cudaMemset3D_ptds_v7000),
	RT(cudaMemsetAsync_v3020), RT(cudaMemsetAsync_ptsz_v7000),
	RT(cudaMemset2DAsync_v3020), RT(cudaMemset2DAsync_ptsz_v7000),
	RT(cudaMemset3DAsync_v3020), RT(cudaMemset3DAsync_ptsz_v7000),
	/* streams, events, graphs */
	RT(cudaStreamCreate_v3020), RT(cudaStreamCreateWithFlags_v5000),
	RT(cudaStreamCreateWithPriority_v5050),
	RT(cudaStreamDestroy_v3020), RT(cudaStreamDestroy_v5050),
	RT(cudaEventRecord_v3020), RT(cudaEventRecord_ptsz_v7000),
	RT(cudaEventRecordWithFlags_v11010), RT(cudaEventRecordWithFlags_ptsz_v11010),
	RT(cudaStreamWaitEvent_v3020), RT(cudaStreamWaitEvent_ptsz_v7000),
	RT(cudaGraphLaunch_v10000), RT(cudaGraphLaunch_ptsz_v10000),
	/* allocations and frees (docs/hazards.md) */
	RT(cudaMalloc_v3020), RT(cudaMallocPitch_v3020), RT(cudaMallocManaged_v6000),
	RT(cudaMallocHost_v3020), RT(cudaHostAlloc_v3020), RT(cudaHostRegister_v4000),
	RT(cudaMallocAsync_v11020), RT(cudaMallocAsync_ptsz_v11020),
	RT(cudaMallocFromPoolAsync_v11020), RT(cudaMallocFromPoolAsync_ptsz_v11020),
	RT(cudaFree_v3020), RT(cudaFreeHost_v3020), RT(cudaHostUnregister_v4000),
	RT(cudaFreeAsync_v11020), RT(cudaFreeAsync_ptsz_v11020),
	/* explicit synchronizations: timed for where they were called from */
	RT(cudaDeviceSynchronize_v3020), RT(cudaStreamSynchronize_v3020),
	RT(cudaStreamSynchronize_ptsz_v7000), RT(cudaEventSynchronize_v3020),
};

static const CUpti_CallbackId drv_ids[] = {
	DRV(cuLaunchKernel), DRV(cuLaunchKernel_ptsz),
	DRV(cuLaunchKernelEx), DRV(cuLaunchKernelEx_ptsz),
	DRV(cuLaunchCooperativeKernel), DRV(cuLaunchCooperativeKernel_ptsz),
	DRV(cuMemcpy), DRV(cuMemcpy_ptds), DRV(cuMemcpyAsync), DRV(cuMemcpyAsync_ptsz),
	DRV(cuMemcpyHtoD_v2), DRV(cuMemcpyHtoD_v2_ptds),
	DRV(cuMemcpyDtoH_v2), DRV(cuMemcpyDtoH_v2_ptds),
	DRV(cuMemcpyDtoD_v2), DRV(cuMemcpyDtoD_v2_ptds),
	DRV(cuMemcpyHtoDAsync_v2), DRV(cuMemcpyHtoDAsync_v2_ptsz),
	DRV(cuMemcpyDtoHAsync_v2), DRV(cuMemcpyDtoHAsync_v2_ptsz),
	DRV(cuMemcpyDtoDAsync_v2), DRV(cuMemcpyDtoDAsync_v2_ptsz),
	DRV(cuMemcpy2DAsync_v2), DRV(cuMemcpy2DAsync_v2_ptsz),
	DRV(cuMemcpy3DAsync_v2), DRV(cuMemcpy3DAsync_v2_ptsz),
	DRV(cuMemcpyPeerAsync), DRV(cuMemcpyPeerAsync_ptsz),
	DRV(cuMemsetD8Async), DRV(cuMemsetD8Async_ptsz),
	DRV(cuMemsetD16Async), DRV(cuMemsetD16Async_ptsz),
	DRV(cuMemsetD32Async), DRV(cuMemsetD32Async_ptsz),
	DRV(cuStreamCreate), DRV(cuStreamCreateWithPriority),
	DRV(cuStreamDestroy_v2),
	DRV(cuEventRecord), DRV(cuEventRecord_ptsz),
	DRV(cuEventRecordWithFlags), DRV(cuEventRecordWithFlags_ptsz),
	DRV(cuStreamWaitEvent), DRV(cuStreamWaitEvent_ptsz),
	DRV(cuGraphLaunch), DRV(cuGraphLaunch_ptsz),
	DRV(cuMemAlloc_v2), DRV(cuMemAllocPitch_v2), DRV(cuMemAllocManaged),
	DRV(cuMemAllocHost_v2), DRV(cuMemHostAlloc), DRV(cuMemHostRegister_v2),
	DRV(cuMemAllocAsync), DRV(cuMemAllocAsync_ptsz),
	DRV(cuMemAllocFromPoolAsync), DRV(cuMemAllocFromPoolAsync_ptsz),
	DRV(cuMemFree_v2), DRV(cuMemFreeHost), DRV(cuMemHostUnregister),
	DRV(cuMemFreeAsync), DRV(cuMemFreeAsync_ptsz),
	DRV(cuCtxSynchronize), DRV(cuStreamSynchronize), DRV(cuStreamSynchronize_ptsz),
	DRV(cuEventSynchronize),
};

/*
 * Queries (docs/schema.md, "Queries"): calls that only read state the host
 * keeps (the current device, the last error, a stream's capture status, an
 * attribute, a name) and never wait for the device. PyTorch makes about ten
 * per kernel, and CUPTI's API record of each costs more than the call. The
 * tracer times them in its callbacks instead: a call that took at least
 * OVERLAPCHECK_QUERY_US gets its api row as any other, the others are
 * counted per thread and function in api_summary.
 */
static const CUpti_CallbackId rt_query_ids[] = {
	RT(cudaGetDevice_v3020), RT(cudaGetDeviceCount_v3020), RT(cudaGetDeviceFlags_v7000),
	RT(cudaGetLastError_v3020), RT(cudaPeekAtLastError_v3020),
	RT(cudaGetErrorString_v3020), RT(cudaGetErrorName_v6050),
	RT(cudaDeviceGetAttribute_v5000),
	RT(cudaDriverGetVersion_v3020), RT(cudaRuntimeGetVersion_v3020),
	RT(cudaPointerGetAttributes_v4000),
	RT(cudaStreamIsCapturing_v10000), RT(cudaStreamIsCapturing_ptsz_v10000),
	RT(cudaStreamGetCaptureInfo_v10010), RT(cudaStreamGetCaptureInfo_ptsz_v10010),
	RT(cudaStreamGetCaptureInfo_v2_v11030), RT(cudaStreamGetCaptureInfo_v2_ptsz_v11030),
	RT(cudaStreamGetCaptureInfo_v12030), RT(cudaStreamGetCaptureInfo_ptsz_v12030),
	RT(cudaStreamGetPriority_v5050), RT(cudaStreamGetPriority_ptsz_v7000),
	RT(cudaStreamGetFlags_v5050), RT(cudaStreamGetFlags_ptsz_v7000),
	RT(cudaStreamGetId_v12000), RT(cudaStreamGetId_ptsz_v12000),
	RT(cudaStreamGetDevice_v12080),
	RT(cudaThreadExchangeStreamCaptureMode_v10010),
};

static const CUpti_CallbackId drv_query_ids[] = {
	DRV(cuDevicePrimaryCtxGetState), DRV(cuDeviceGetAttribute), DRV(cuDeviceGet),
	DRV(cuDeviceGetCount), DRV(cuDeviceGetUuid), DRV(cuDeviceGetUuid_v2),
	DRV(cuCtxGetCurrent), DRV(cuCtxGetDevice), DRV(cuCtxGetDevice_v2), DRV(cuCtxGetId),
	DRV(cuCtxGetApiVersion), DRV(cuCtxGetFlags), DRV(cuCtxGetStreamPriorityRange),
	DRV(cuCtxGetCacheConfig), DRV(cuCtxGetLimit),
	DRV(cuKernelGetName), DRV(cuFuncGetName),
	DRV(cuPointerGetAttribute), DRV(cuPointerGetAttributes),
	DRV(cuStreamIsCapturing), DRV(cuStreamIsCapturing_ptsz),
	DRV(cuStreamGetCaptureInfo), DRV(cuStreamGetCaptureInfo_ptsz),
	DRV(cuStreamGetCaptureInfo_v2), DRV(cuStreamGetCaptureInfo_v2_ptsz),
	DRV(cuStreamGetCaptureInfo_v3), DRV(cuStreamGetCaptureInfo_v3_ptsz),
	DRV(cuStreamGetCtx), DRV(cuStreamGetCtx_ptsz), DRV(cuStreamGetId), DRV(cuStreamGetId_ptsz),
	DRV(cuStreamGetPriority), DRV(cuStreamGetPriority_ptsz),
	DRV(cuStreamGetFlags), DRV(cuStreamGetFlags_ptsz),
	DRV(cuGetErrorString), DRV(cuGetErrorName), DRV(cuDriverGetVersion),
	DRV(cuThreadExchangeStreamCaptureMode),
};

const CUpti_CallbackId *oc_args_query_cbids(CUpti_CallbackDomain domain, size_t *n)
{
	if (domain == CUPTI_CB_DOMAIN_RUNTIME_API) {
		*n = sizeof rt_query_ids / sizeof rt_query_ids[0];
		return rt_query_ids;
	}
	if (domain == CUPTI_CB_DOMAIN_DRIVER_API) {
		*n = sizeof drv_query_ids / sizeof drv_query_ids[0];
		return drv_query_ids;
	}
	*n = 0;
	return NULL;
}

static const CUpti_CallbackId rt_tracer_ids[] = {
	RT(cudaRuntimeGetVersion_v3020),
};

static const CUpti_CallbackId drv_tracer_ids[] = {
	DRV(cuFuncGetParamInfo), DRV(cuKernelGetParamInfo), DRV(cuKernelGetFunction),
	DRV(cuStreamIsCapturing),
	DRV(cuDriverGetVersion), DRV(cuDeviceGetCount), DRV(cuDeviceGet), DRV(cuDeviceGetName),
	DRV(cuDeviceGetUuid), DRV(cuDeviceGetUuid_v2), DRV(cuDeviceGetAttribute),
	DRV(cuDeviceTotalMem_v2), DRV(cuDeviceGetPCIBusId),
};

const CUpti_CallbackId *oc_args_tracer_cbids(CUpti_CallbackDomain domain, size_t *n)
{
	if (domain == CUPTI_CB_DOMAIN_RUNTIME_API) {
		*n = sizeof rt_tracer_ids / sizeof rt_tracer_ids[0];
		return rt_tracer_ids;
	}
	if (domain == CUPTI_CB_DOMAIN_DRIVER_API) {
		*n = sizeof drv_tracer_ids / sizeof drv_tracer_ids[0];
		return drv_tracer_ids;
	}
	*n = 0;
	return NULL;
}

const CUpti_CallbackId *oc_args_cbids(CUpti_CallbackDomain domain, size_t *n)
{
	if (domain == CUPTI_CB_DOMAIN_RUNTIME_API) {
		*n = sizeof rt_ids / sizeof rt_ids[0];
		return rt_ids;
	}
	if (domain == CUPTI_CB_DOMAIN_DRIVER_API) {
		*n = sizeof drv_ids / sizeof drv_ids[0];
		return drv_ids;
	}
	*n = 0;
	return NULL;
}

int oc_args_is_ptsz(CUpti_CallbackDomain domain, CUpti_CallbackId cbid)
{
	if (domain == CUPTI_CB_DOMAIN_RUNTIME_API) {
		switch (cbid) {
		case RT(cudaLaunchKernel_ptsz_v7000): case RT(__cudaLaunchKernel_ptsz_v13000):
		case RT(cudaLaunchKernelExC_ptsz_v11060): case RT(cudaLaunchCooperativeKernel_ptsz_v9000):
		case RT(cudaMemcpy_ptds_v7000): case RT(cudaMemcpy2D_ptds_v7000):
		case RT(cudaMemcpy3D_ptds_v7000): case RT(cudaMemcpyAsync_ptsz_v7000):
		case RT(cudaMemcpy2DAsync_ptsz_v7000): case RT(cudaMemcpy3DAsync_ptsz_v7000):
		case RT(cudaMemcpy3DPeer_ptds_v7000): case RT(cudaMemcpy3DPeerAsync_ptsz_v7000):
		case RT(cudaMemset_ptds_v7000): case RT(cudaMemset2D_ptds_v7000):
		case RT(cudaMemset3D_ptds_v7000): case RT(cudaMemsetAsync_ptsz_v7000):
		case RT(cudaMemset2DAsync_ptsz_v7000): case RT(cudaMemset3DAsync_ptsz_v7000):
		case RT(cudaEventRecord_ptsz_v7000): case RT(cudaEventRecordWithFlags_ptsz_v11010):
		case RT(cudaStreamWaitEvent_ptsz_v7000): case RT(cudaGraphLaunch_ptsz_v10000):
		case RT(cudaMallocAsync_ptsz_v11020): case RT(cudaMallocFromPoolAsync_ptsz_v11020):
		case RT(cudaFreeAsync_ptsz_v11020): case RT(cudaStreamSynchronize_ptsz_v7000):
			return 1;
		default:
			return 0;
		}
	}
	if (domain == CUPTI_CB_DOMAIN_DRIVER_API) {
		switch (cbid) {
		case DRV(cuLaunchKernel_ptsz): case DRV(cuLaunchKernelEx_ptsz):
		case DRV(cuLaunchCooperativeKernel_ptsz):
		case DRV(cuMemcpy_ptds): case DRV(cuMemcpyAsync_ptsz):
		case DRV(cuMemcpyHtoD_v2_ptds): case DRV(cuMemcpyDtoH_v2_ptds):
		case DRV(cuMemcpyDtoD_v2_ptds): case DRV(cuMemcpyHtoDAsync_v2_ptsz):
		case DRV(cuMemcpyDtoHAsync_v2_ptsz): case DRV(cuMemcpyDtoDAsync_v2_ptsz):
		case DRV(cuMemcpy2DAsync_v2_ptsz): case DRV(cuMemcpy3DAsync_v2_ptsz):
		case DRV(cuMemcpyPeerAsync_ptsz):
		case DRV(cuMemsetD8Async_ptsz): case DRV(cuMemsetD16Async_ptsz):
		case DRV(cuMemsetD32Async_ptsz):
		case DRV(cuEventRecord_ptsz): case DRV(cuEventRecordWithFlags_ptsz):
		case DRV(cuStreamWaitEvent_ptsz): case DRV(cuGraphLaunch_ptsz):
		case DRV(cuMemAllocAsync_ptsz): case DRV(cuMemAllocFromPoolAsync_ptsz):
		case DRV(cuMemFreeAsync_ptsz): case DRV(cuStreamSynchronize_ptsz):
			return 1;
		default:
			return 0;
		}
	}
	return 0;
}

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

	case RT(cudaMemcpy_v3020): case RT(cudaMemcpy_ptds_v7000): {
		const cudaMemcpy_v3020_params *p = P(cudaMemcpy_v3020_params);

		r->stream_handle = 0;
		r->bytes = (int64_t)p->count;
		r->host_ptr = rt_host_ptr(p->kind, p->dst, p->src);
		ends(r, U(p->dst), (int64_t)p->count, U(p->src), (int64_t)p->count);
		return OC_CB_COPY;
	}
	case RT(cudaMemcpy2D_v3020): case RT(cudaMemcpy2D_ptds_v7000): {
		const cudaMemcpy2D_v3020_params *p = P(cudaMemcpy2D_v3020_params);

		r->stream_handle = 0;
		r->bytes = (int64_t)(p->width * p->height);
		r->host_ptr = rt_host_ptr(p->kind, p->dst, p->src);
		ends(r, U(p->dst), span2d(p->width, p->height, p->dpitch),
		     U(p->src), span2d(p->width, p->height, p->spitch));
		return OC_CB_COPY;
	}
	case RT(cudaMemcpy3D_v3020): case RT(cudaMemcpy3D_ptds_v7000):
		r->stream_handle = 0;
		p3d_host(P(cudaMemcpy3D_v3020_params)->p, r);
		return OC_CB_COPY;
	case RT(cudaMemcpyAsync_v3020): case RT(cudaMemcpyAsync_ptsz_v7000): {
		const cudaMemcpyAsync_v3020_params *p = P(cudaMemcpyAsync_v3020_params);

		r->stream_handle = H(p->stream);
		r->bytes = (int64_t)p->count;
		r->host_ptr = rt_host_ptr(p->kind, p->dst, p->src);
		ends(r, U(p->dst), (int64_t)p->count, U(p->src), (int64_t)p->count);
		return OC_CB_COPY;
	}
	case RT(cudaMemcpy2DAsync_v3020): case RT(cudaMemcpy2DAsync_ptsz_v7000): {
		const cudaMemcpy2DAsync_v3020_params *p = P(cudaMemcpy2DAsync_v3020_params);

		r->stream_handle = H(p->stream);
		r->bytes = (int64_t)(p->width * p->height);
		r->host_ptr = rt_host_ptr(p->kind, p->dst, p->src);
		ends(r, U(p->dst), span2d(p->width, p->height, p->dpitch),
		     U(p->src), span2d(p->width, p->height, p->spitch));
		return OC_CB_COPY;
	}
	case RT(cudaMemcpy3DAsync_v3020): case RT(cudaMemcpy3DAsync_ptsz_v7000): {
		const cudaMemcpy3DAsync_v3020_params *p = P(cudaMemcpy3DAsync_v3020_params);

		r->stream_handle = H(p->stream);
		p3d_host(p->p, r);
		return OC_CB_COPY;
	}
	case RT(cudaMemcpyPeer_v4000): {
		const cudaMemcpyPeer_v4000_params *p = P(cudaMemcpyPeer_v4000_params);

		r->stream_handle = 0;
		r->bytes = (int64_t)p->count;
		ends(r, U(p->dst), r->bytes, U(p->src), r->bytes);
		return OC_CB_COPY;
	}
	case RT(cudaMemcpyPeerAsync_v4000): {
		const cudaMemcpyPeerAsync_v4000_params *p = P(cudaMemcpyPeerAsync_v4000_params);

		r->stream_handle = H(p->stream);
		r->bytes = (int64_t)p->count;
		ends(r, U(p->dst), r->bytes, U(p->src), r->bytes);
		return OC_CB_COPY;
	}
	case RT(cudaMemcpy3DPeer_v4000): case RT(cudaMemcpy3DPeer_ptds_v7000): {
		const struct cudaMemcpy3DPeerParms *p = P(cudaMemcpy3DPeer_v4000_params)->p;

		r->stream_handle = 0;
		if (p)
			r->bytes = extent_bytes(p->extent);
		return OC_CB_COPY;
	}
	case RT(cudaMemcpy3DPeerAsync_v4000): case RT(cudaMemcpy3DPeerAsync_ptsz_v7000): {
		const cudaMemcpy3DPeerAsync_v4000_params *p = P(cudaMemcpy3DPeerAsync_v4000_params);

		r->stream_handle = H(p->stream);
		if (p->p)
			r->bytes = extent_bytes(p->p->extent);
		return OC_CB_COPY;
	}

	case RT(cudaMemset_v3020): case RT(cudaMemset_ptds_v7000):
		r->stream_handle = 0;
		r->bytes = (int64_t)P(cudaMemset_v3020_params)->count;
		r->dst_ptr = H(P(cudaMemset_v3020_params)->devPtr);
		r->dst_span = r->bytes;
		return OC_CB_MEMSET;
	case RT(cudaMemset2D_v3020): case RT(cudaMemset2D_ptds_v7000): {
		const cudaMemset2D_v3020_params *p = P(cudaMemset2D_v3020_params);

		r->stream_handle = 0;
		r->bytes = (int64_t)(p->width * p->height);
		r->dst_ptr = H(p->devPtr);
		r->dst_span = span2d(p->width, p->height, p->pitch);
		return OC_CB_MEMSET;
	}
	case RT(cudaMemset3D_v3020): case RT(cudaMemset3D_ptds_v7000): {
		const cudaMemset3D_v3020_params *p = P(cudaMemset3D_v3020_params);

		r->stream_handle = 0;
		r->bytes = extent_bytes(p->extent);
		r->dst_ptr = H(p->pitchedDevPtr.ptr);
		r->dst_span = span3d(p->pitchedDevPtr, p->extent);
		return OC_CB_MEMSET;
	}
	case RT(cudaMemsetAsync_v3020): case RT(cudaMemsetAsync_ptsz_v7000): {
		const cudaMemsetAsync_v3020_params *p = P(cudaMemsetAsync_v3020_params);

		r->stream_handle = H(p->stream);
		r->bytes = (int64_t)p->count;
		r->dst_ptr = H(p->devPtr);
		r->dst_span = r->bytes;
		return OC_CB_MEMSET;
	}
	case RT(cudaMemset2DAsync_v3020): case RT(cudaMemset2DAsync_ptsz_v7000): {
		const cudaMemset2DAsync_v3020_params *p = P(cudaMemset2DAsync_v3020_params);

		r->stream_handle = H(p->stream);
		r->bytes = (int64_t)(p->width * p->height);
		r->dst_ptr = H(p->devPtr);
		r->dst_span = span2d(p->width, p->height, p->pitch);
		return OC_CB_MEMSET;
	}
	case RT(cudaMemset3DAsync_v3020): case RT(cudaMemset3DAsync_ptsz_v7000): {
		const cudaMemset3DAsync_v3020_params *p = P(cudaMemset3DAsync_v3020_params);

		r->stream_handle = H(p->stream);
		r->bytes = extent_bytes(p->extent);
		r->dst_ptr = H(p->pitchedDevPtr.ptr);
		r->dst_span = span3d(p->pitchedDevPtr, p->extent);
		return OC_CB_MEMSET;
	}

	case RT(cudaStreamCreate_v3020):
		r->flags = 0;
		*sp = (void *const *)P(cudaStreamCreate_v3020_params)->pStream;
		return OC_CB_STREAM_CREATE;
	case RT(cudaStreamCreateWithFlags_v5000): {
		const cudaStreamCreateWithFlags_v5000_params *p = P(cudaStreamCreateWithFlags_v5000_params);

		r->flags = p->flags;
		*sp = (void *const *)p->pStream;
		return OC_CB_STREAM_CREATE;
	}
	case RT(cudaStreamCreateWithPriority_v5050): {
		const cudaStreamCreateWithPriority_v5050_params *p =
			P(cudaStreamCreateWithPriority_v5050_params);

		r->flags = p->flags;
		r->priority = p->priority;
		*sp = (void *const *)p->pStream;
		return OC_CB_STREAM_CREATE;
	}
	case RT(cudaStreamDestroy_v3020): case RT(cudaStreamDestroy_v5050):
		r->stream_handle = H(P(cudaStreamDestroy_v5050_params)->stream);
		return OC_CB_STREAM_DESTROY;
	case RT(cudaEventRecord_v3020): case RT(cudaEventRecord_ptsz_v7000): {
		const cudaEventRecord_v3020_params *p = P(cudaEventRecord_v3020_params);

		r->stream_handle = H(p->stream);
		r->event_handle = H(p->event);
		return OC_CB_EVENT_RECORD;
	}
	case RT(cudaEventRecordWithFlags_v11010): case RT(cudaEventRecordWithFlags_ptsz_v11010): {
		const cudaEventRecordWithFlags_v11010_params *p = P(cudaEventRecordWithFlags_v11010_params);

		r->stream_handle = H(p->stream);
		r->event_handle = H(p->event);
		r->flags = p->flags;
		return OC_CB_EVENT_RECORD;
	}
	case RT(cudaStreamWaitEvent_v3020): case RT(cudaStreamWaitEvent_ptsz_v7000): {
		const cudaStreamWaitEvent_v3020_params *p = P(cudaStreamWaitEvent_v3020_params);

		r->stream_handle = H(p->stream);
		r->event_handle = H(p->event);
		r->flags = p->flags;
		return OC_CB_STREAM_WAIT;
	}
	case RT(cudaGraphLaunch_v10000): case RT(cudaGraphLaunch_ptsz_v10000):
		r->stream_handle = H(P(cudaGraphLaunch_v10000_params)->stream);
		return OC_CB_GRAPH_LAUNCH;

	case RT(cudaMalloc_v3020):
		return alloc(r, sp, P(cudaMalloc_v3020_params)->devPtr,
			     P(cudaMalloc_v3020_params)->size, OC_ALLOC_DEVICE);
	case RT(cudaMallocPitch_v3020): {
		const cudaMallocPitch_v3020_params *p = P(cudaMallocPitch_v3020_params);

		r->pitched = 1;
		r->host_ptr = H(p->pitch);
		return alloc(r, sp, p->devPtr, p->height, OC_ALLOC_DEVICE);
	}
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
	case RT(cudaMallocAsync_v11020): case RT(cudaMallocAsync_ptsz_v11020): {
		const cudaMallocAsync_v11020_params *p = P(cudaMallocAsync_v11020_params);

		r->stream_handle = H(p->hStream);
		return alloc(r, sp, p->devPtr, p->size, OC_ALLOC_ASYNC);
	}
	case RT(cudaMallocFromPoolAsync_v11020): case RT(cudaMallocFromPoolAsync_ptsz_v11020): {
		const cudaMallocFromPoolAsync_v11020_params *p = P(cudaMallocFromPoolAsync_v11020_params);

		r->stream_handle = H(p->stream);
		return alloc(r, sp, p->ptr, p->size, OC_ALLOC_ASYNC);
	}
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
	case RT(cudaStreamSynchronize_ptsz_v7000): case RT(cudaEventSynchronize_v3020):
		return OC_CB_SYNC;
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
		r->stream_handle = 0;
		r->bytes = (int64_t)P(cuMemcpy_params)->ByteCount;
		ends(r, P(cuMemcpy_params)->dst, r->bytes, P(cuMemcpy_params)->src, r->bytes);
		return OC_CB_COPY;
	case DRV(cuMemcpyAsync): case DRV(cuMemcpyAsync_ptsz):
		r->stream_handle = H(P(cuMemcpyAsync_params)->hStream);
		r->bytes = (int64_t)P(cuMemcpyAsync_params)->ByteCount;
		ends(r, P(cuMemcpyAsync_params)->dst, r->bytes, P(cuMemcpyAsync_params)->src, r->bytes);
		return OC_CB_COPY;
	case DRV(cuMemcpyHtoD_v2): case DRV(cuMemcpyHtoD_v2_ptds):
		r->stream_handle = 0;
		r->bytes = (int64_t)P(cuMemcpyHtoD_v2_params)->ByteCount;
		r->host_ptr = H(P(cuMemcpyHtoD_v2_params)->srcHost);
		ends(r, P(cuMemcpyHtoD_v2_params)->dstDevice, r->bytes, U(r->host_ptr), r->bytes);
		return OC_CB_COPY;
	case DRV(cuMemcpyDtoH_v2): case DRV(cuMemcpyDtoH_v2_ptds):
		r->stream_handle = 0;
		r->bytes = (int64_t)P(cuMemcpyDtoH_v2_params)->ByteCount;
		r->host_ptr = H(P(cuMemcpyDtoH_v2_params)->dstHost);
		ends(r, U(r->host_ptr), r->bytes, P(cuMemcpyDtoH_v2_params)->srcDevice, r->bytes);
		return OC_CB_COPY;
	case DRV(cuMemcpyDtoD_v2): case DRV(cuMemcpyDtoD_v2_ptds):
		r->stream_handle = 0;
		r->bytes = (int64_t)P(cuMemcpyDtoD_v2_params)->ByteCount;
		ends(r, P(cuMemcpyDtoD_v2_params)->dstDevice, r->bytes,
		     P(cuMemcpyDtoD_v2_params)->srcDevice, r->bytes);
		return OC_CB_COPY;
	case DRV(cuMemcpyHtoDAsync_v2): case DRV(cuMemcpyHtoDAsync_v2_ptsz): {
		const cuMemcpyHtoDAsync_v2_params *p = P(cuMemcpyHtoDAsync_v2_params);

		r->stream_handle = H(p->hStream);
		r->bytes = (int64_t)p->ByteCount;
		r->host_ptr = H(p->srcHost);
		ends(r, p->dstDevice, r->bytes, U(p->srcHost), r->bytes);
		return OC_CB_COPY;
	}
	case DRV(cuMemcpyDtoHAsync_v2): case DRV(cuMemcpyDtoHAsync_v2_ptsz): {
		const cuMemcpyDtoHAsync_v2_params *p = P(cuMemcpyDtoHAsync_v2_params);

		r->stream_handle = H(p->hStream);
		r->bytes = (int64_t)p->ByteCount;
		r->host_ptr = H(p->dstHost);
		ends(r, U(p->dstHost), r->bytes, p->srcDevice, r->bytes);
		return OC_CB_COPY;
	}
	case DRV(cuMemcpyDtoDAsync_v2): case DRV(cuMemcpyDtoDAsync_v2_ptsz):
		r->stream_handle = H(P(cuMemcpyDtoDAsync_v2_params)->hStream);
		r->bytes = (int64_t)P(cuMemcpyDtoDAsync_v2_params)->ByteCount;
		ends(r, P(cuMemcpyDtoDAsync_v2_params)->dstDevice, r->bytes,
		     P(cuMemcpyDtoDAsync_v2_params)->srcDevice, r->bytes);
		return OC_CB_COPY;
	case DRV(cuMemcpy2DAsync_v2): case DRV(cuMemcpy2DAsync_v2_ptsz): {
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
	case DRV(cuMemcpy3DAsync_v2): case DRV(cuMemcpy3DAsync_v2_ptsz): {
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
	case DRV(cuMemcpyPeerAsync): case DRV(cuMemcpyPeerAsync_ptsz):
		r->stream_handle = H(P(cuMemcpyPeerAsync_params)->hStream);
		r->bytes = (int64_t)P(cuMemcpyPeerAsync_params)->ByteCount;
		ends(r, P(cuMemcpyPeerAsync_params)->dstDevice, r->bytes,
		     P(cuMemcpyPeerAsync_params)->srcDevice, r->bytes);
		return OC_CB_COPY;

	case DRV(cuMemsetD8Async): case DRV(cuMemsetD8Async_ptsz):
		r->stream_handle = H(P(cuMemsetD8Async_params)->hStream);
		r->bytes = (int64_t)P(cuMemsetD8Async_params)->N;
		r->dst_ptr = (int64_t)P(cuMemsetD8Async_params)->dstDevice;
		r->dst_span = r->bytes;
		return OC_CB_MEMSET;
	case DRV(cuMemsetD16Async): case DRV(cuMemsetD16Async_ptsz):
		r->stream_handle = H(P(cuMemsetD16Async_params)->hStream);
		r->bytes = (int64_t)P(cuMemsetD16Async_params)->N * 2;
		r->dst_ptr = (int64_t)P(cuMemsetD16Async_params)->dstDevice;
		r->dst_span = r->bytes;
		return OC_CB_MEMSET;
	case DRV(cuMemsetD32Async): case DRV(cuMemsetD32Async_ptsz):
		r->stream_handle = H(P(cuMemsetD32Async_params)->hStream);
		r->bytes = (int64_t)P(cuMemsetD32Async_params)->N * 4;
		r->dst_ptr = (int64_t)P(cuMemsetD32Async_params)->dstDevice;
		r->dst_span = r->bytes;
		return OC_CB_MEMSET;

	case DRV(cuStreamCreate):
		r->flags = P(cuStreamCreate_params)->Flags;
		*sp = (void *const *)P(cuStreamCreate_params)->phStream;
		return OC_CB_STREAM_CREATE;
	case DRV(cuStreamCreateWithPriority):
		r->flags = P(cuStreamCreateWithPriority_params)->flags;
		r->priority = P(cuStreamCreateWithPriority_params)->priority;
		*sp = (void *const *)P(cuStreamCreateWithPriority_params)->phStream;
		return OC_CB_STREAM_CREATE;
	case DRV(cuStreamDestroy_v2):
		r->stream_handle = H(P(cuStreamDestroy_v2_params)->hStream);
		return OC_CB_STREAM_DESTROY;
	case DRV(cuEventRecord): case DRV(cuEventRecord_ptsz):
		r->stream_handle = H(P(cuEventRecord_params)->hStream);
		r->event_handle = H(P(cuEventRecord_params)->hEvent);
		return OC_CB_EVENT_RECORD;
	case DRV(cuEventRecordWithFlags): case DRV(cuEventRecordWithFlags_ptsz): {
		const cuEventRecordWithFlags_params *p = P(cuEventRecordWithFlags_params);

		r->stream_handle = H(p->hStream);
		r->event_handle = H(p->hEvent);
		r->flags = p->flags;
		return OC_CB_EVENT_RECORD;
	}
	case DRV(cuStreamWaitEvent): case DRV(cuStreamWaitEvent_ptsz): {
		const cuStreamWaitEvent_params *p = P(cuStreamWaitEvent_params);

		r->stream_handle = H(p->hStream);
		r->event_handle = H(p->hEvent);
		r->flags = p->Flags;
		return OC_CB_STREAM_WAIT;
	}
	case DRV(cuGraphLaunch): case DRV(cuGraphLaunch_ptsz):
		r->stream_handle = H(P(cuGraphLaunch_params)->hStream);
		return OC_CB_GRAPH_LAUNCH;

	case DRV(cuMemAlloc_v2):
		return alloc(r, sp, P(cuMemAlloc_v2_params)->dptr, P(cuMemAlloc_v2_params)->bytesize,
			     OC_ALLOC_DEVICE);
	case DRV(cuMemAllocPitch_v2): {
		const cuMemAllocPitch_v2_params *p = P(cuMemAllocPitch_v2_params);

		r->pitched = 1;
		r->host_ptr = H(p->pPitch);
		return alloc(r, sp, p->dptr, p->Height, OC_ALLOC_DEVICE);
	}
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
		r->stream_handle = H(P(cuMemAllocAsync_params)->hStream);
		return alloc(r, sp, P(cuMemAllocAsync_params)->dptr,
			     P(cuMemAllocAsync_params)->bytesize, OC_ALLOC_ASYNC);
	case DRV(cuMemAllocFromPoolAsync): case DRV(cuMemAllocFromPoolAsync_ptsz):
		r->stream_handle = H(P(cuMemAllocFromPoolAsync_params)->hStream);
		return alloc(r, sp, P(cuMemAllocFromPoolAsync_params)->dptr,
			     P(cuMemAllocFromPoolAsync_params)->bytesize, OC_ALLOC_ASYNC);
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
	case DRV(cuEventSynchronize):
		return OC_CB_SYNC;
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
