/*
 * apiargs.c: the callback ids the tracer enables, the queries it times and
 * the functions it calls itself (tables), and which ids are per-thread
 * stream variants.
 *
 * The table of ids is the single list of what the tracer subscribes to:
 * adding an entry point means adding one line to a table here and one case
 * to a switch in apiargs-extract.c, which reads the call's arguments.
 * bench/bare-collector.c links this file alone, for the same lists.
 */
#include <cupti.h>

#include "apiargs.h"

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
	/* a poll that found its event done is a sync too: its event, for the
	 * hazard pass without CUDA_EVENT records */
	RT(cudaEventQuery_v3020),
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
	DRV(cuEventSynchronize), DRV(cuEventQuery),
};

/*
 * Queries (docs/schema.md, "Queries"): calls that only read state the host
 * keeps (the current device, the last error, a stream's capture status, an
 * attribute, a name) and never wait for the device. PyTorch makes about ten
 * per kernel, and CUPTI's API record of each costs more than the call, even
 * CUPTI's empty callback of each costs (docs/performance.md): by default
 * the tracer takes nothing of them (inject-queries.c). With
 * OVERLAPCHECK_QUERIES=summary it times them in its callbacks: a call that
 * took at least OVERLAPCHECK_QUERY_US gets its api row as any other, the
 * others are counted per thread and function in api_summary.
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
