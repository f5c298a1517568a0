/*
 * legacy_stream_nccl.cu: an NCCL all-reduce on the legacy default stream
 * between compute kernels on blocking streams, one process driving every
 * GPU (ncclCommInitAll), for the multi-GPU scenarios
 * (tests/multigpu/README.md).
 *
 *	legacy_stream_nccl [--side-stream] [--iters N] [--skew-us U]
 *
 * Per iteration and per GPU: a compute kernel (spin) on a stream made by
 * cudaStreamCreate (blocking), the all-reduce of a 64 MiB buffer on stream 0
 * (the legacy default stream: the program is not built for per-thread
 * streams), then a second compute kernel on the blocking stream. The legacy
 * stream waits for all earlier work of every blocking stream of its device
 * and holds back all later work: the all-reduce cannot run beside either
 * kernel, and the second kernel waits for it. --side-stream puts the
 * all-reduce on a stream created with cudaStreamNonBlocking instead: it then
 * runs beside the compute kernels (the control: it waits for the fill of
 * its buffer through an event, and the next fill waits for it). --skew-us U
 * queues a U us spin before the last GPU's fill, so that GPU reaches each
 * all-reduce U us after the others, whose all-reduces wait for it
 * (peer_wait).
 *
 * The spin kernels use 16 blocks, leaving SMs free for NCCL's kernel.
 * Self-check: after the loop every element of every GPU's buffer equals the
 * sum over GPUs of their initial values (all-reduce of sums of 1..n, scaled).
 * Prints one JSON line; exit 0 when the check holds. NVLS stays off
 * (NCCL_NVLS_ENABLE=0 from the runner); nothing here calls cuMulticastCreate.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>
#include <nccl.h>

#define MAXG 8
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(2); } } while (0)
#define NK(x) do { ncclResult_t r_ = (x); if (r_ != ncclSuccess) { \
	fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, ncclGetErrorString(r_)); exit(2); } } while (0)

/* spin for about `us` microseconds of GPU time */
__global__ void spin(long long cycles, float *sink)
{
	long long t0 = clock64();
	float acc = 0;

	while (clock64() - t0 < cycles)
		acc += 1e-7f;
	if (threadIdx.x == 0 && acc < 0)
		sink[blockIdx.x] = acc;
}

__global__ void fill(float *p, size_t n, float v)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
		p[i] = v;
}

int main(int argc, char **argv)
{
	int side = 0, iters = 10, ngpu = 0, devs[MAXG];
	long skew_us = 0;
	const size_t count = 16u << 20;   /* floats: 64 MiB */
	cudaStream_t comp[MAXG], comm[MAXG];
	cudaEvent_t ready[MAXG], done[MAXG];
	ncclComm_t comms[MAXG];
	float *buf[MAXG], *sink[MAXG];
	long long cyc_per_us[MAXG];

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--side-stream"))
			side = 1;
		else if (!strcmp(argv[i], "--iters") && i + 1 < argc)
			iters = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--skew-us") && i + 1 < argc)
			skew_us = atol(argv[++i]);
		else {
			fprintf(stderr, "usage: legacy_stream_nccl [--side-stream] [--iters N] [--skew-us U]\n");
			return 2;
		}
	}
	CK(cudaGetDeviceCount(&ngpu));
	if (ngpu < 2) {
		fprintf(stderr, "legacy_stream_nccl: needs 2 GPUs, found %d (NCCL refuses two ranks on one GPU)\n",
			ngpu);
		return 3;
	}
	if (ngpu > MAXG)
		ngpu = MAXG;
	for (int d = 0; d < ngpu; d++) {
		int khz = 0;
		devs[d] = d;
		CK(cudaSetDevice(d));
		CK(cudaStreamCreate(&comp[d]));                               /* blocking */
		if (side)
			CK(cudaStreamCreateWithFlags(&comm[d], cudaStreamNonBlocking));
		else
			comm[d] = 0;                                          /* the legacy default stream */
		CK(cudaEventCreateWithFlags(&ready[d], cudaEventDisableTiming));
		CK(cudaEventCreateWithFlags(&done[d], cudaEventDisableTiming));
		CK(cudaMalloc(&buf[d], count * sizeof(float)));
		CK(cudaMalloc(&sink[d], 64 * sizeof(float)));
		CK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, d));
		cyc_per_us[d] = khz / 1000;
	}
	NK(ncclCommInitAll(comms, ngpu, devs));
	for (int it = -2; it < iters; it++) {   /* two warm-up iterations */
		for (int d = 0; d < ngpu; d++) {
			CK(cudaSetDevice(d));
			if (side && it > -2)   /* the buffer is free again when the last all-reduce is done */
				CK(cudaStreamWaitEvent(comp[d], done[d], 0));
			if (skew_us && d == ngpu - 1)   /* the last GPU gets to its all-reduce late */
				spin<<<16, 128, 0, comp[d]>>>(skew_us * cyc_per_us[d], sink[d]);
			fill<<<256, 256, 0, comp[d]>>>(buf[d], count, (float)(d + 1));
			if (side) {      /* the all-reduce needs the fill: an event, not the legacy stream */
				CK(cudaEventRecord(ready[d], comp[d]));
				CK(cudaStreamWaitEvent(comm[d], ready[d], 0));
			}
			spin<<<16, 128, 0, comp[d]>>>(2000 * cyc_per_us[d], sink[d]);
		}
		NK(ncclGroupStart());
		for (int d = 0; d < ngpu; d++)
			NK(ncclAllReduce(buf[d], buf[d], count, ncclFloat, ncclSum, comms[d], comm[d]));
		NK(ncclGroupEnd());
		for (int d = 0; d < ngpu; d++) {
			CK(cudaSetDevice(d));
			if (side)
				CK(cudaEventRecord(done[d], comm[d]));
			spin<<<16, 128, 0, comp[d]>>>(2000 * cyc_per_us[d], sink[d]);
		}
	}
	for (int d = 0; d < ngpu; d++) {
		CK(cudaSetDevice(d));
		CK(cudaDeviceSynchronize());
	}
	/* every buffer holds 1 + 2 + ... + ngpu (the last iteration's all-reduce of the fill) */
	float want = (float)(ngpu * (ngpu + 1) / 2), got[4];
	int ok = 1;
	for (int d = 0; d < ngpu; d++) {
		CK(cudaSetDevice(d));
		CK(cudaMemcpy(got, buf[d], sizeof got, cudaMemcpyDeviceToHost));
		CK(cudaMemcpy(got + 2, buf[d] + count - 2, 2 * sizeof(float), cudaMemcpyDeviceToHost));
		for (int k = 0; k < 4; k++)
			ok &= got[k] == want;
	}
	int v = 0;
	ncclGetVersion(&v);
	printf("{\"gpus\": %d, \"side_stream\": %s, \"iters\": %d, \"skew_us\": %ld, \"nccl\": %d, \"ok\": %s}\n",
	       ngpu, side ? "true" : "false", iters, skew_us, v, ok ? "true" : "false");
	for (int d = 0; d < ngpu; d++)
		ncclCommDestroy(comms[d]);
	return ok ? 0 : 1;
}
