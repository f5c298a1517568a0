/*
 * hazard_copy_kernel_event: hazard_copy_kernel with the missing dependency
 * declared: no hazard.
 *
 * The same two non-blocking streams, buffers and ops as hazard_copy_kernel
 * (d_buf 64 MB zeroed by a host-synchronized memset in stream A; a 64 MB
 * H2D copy into d_buf in A; lcg_kernel reading d_buf and writing d_out,
 * 64 MB + 64 KB, in B; the results copied out of d_out in B after the host
 * synchronized both streams), but stream A records an event after the copy
 * and stream B waits for it (cudaStreamWaitEvent) before the kernel. Every
 * pair of ops touching one allocation is now ordered: same stream, host
 * synchronization (the memset, the copy-out) or the event (copy -> kernel).
 * The kernel starts only when the copy is done, so nothing overlaps and
 * the kernel reads only copied data: the host checks every element and
 * exits 1 on a wrong one.
 */
#include "common.h"

#define BUF_ELEMS (16u << 20)                         /* 64 MB of uint32 */
#define BUF_BYTES ((size_t)BUF_ELEMS * sizeof(uint32_t))
#define OUT_BYTES (BUF_BYTES + 65536)                 /* d_out: a size of its own */
#define SEED      0x5eed2201u

int main(void)
{
	struct cudaFuncAttributes attr;
	cudaStream_t a, b;
	cudaEvent_t copied;
	uint32_t *h_in, *h_out, *d_buf, *d_out;
	int rc = 0;

	CK(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking));
	CK(cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking));
	CK(cudaEventCreateWithFlags(&copied, cudaEventDisableTiming));
	CK(cudaMallocHost(&h_in, BUF_BYTES));
	CK(cudaMallocHost(&h_out, BUF_BYTES));
	CK(cudaMalloc(&d_buf, BUF_BYTES));
	CK(cudaMalloc(&d_out, OUT_BYTES));
	fill_input(h_in, BUF_ELEMS, SEED, 0);
	memset(h_out, 0, BUF_BYTES);
	/* Load lcg_kernel now: lazy loading would load it at its first launch,
	 * which waits for the work already running. */
	CK(cudaFuncGetAttributes(&attr, lcg_kernel));
	warm_up(b);

	CK(cudaMemsetAsync(d_buf, 0, BUF_BYTES, a));
	count_memset();
	CK(cudaStreamSynchronize(a));

	/* The copy, then the kernel after it through the event. */
	copy_async(d_buf, h_in, BUF_BYTES, cudaMemcpyHostToDevice, a);
	CK(cudaEventRecord(copied, a));
	CK(cudaStreamWaitEvent(b, copied, 0));
	launch_lcg(d_buf, d_out, BUF_ELEMS, ITERS, b);
	CK(cudaStreamSynchronize(a));
	CK(cudaStreamSynchronize(b));

	copy_async(h_out, d_out, BUF_BYTES, cudaMemcpyDeviceToHost, b);
	CK(cudaStreamSynchronize(b));

	size_t bad = check_output(h_out, BUF_ELEMS, SEED, 0, ITERS, "hazard_copy_kernel_event");
	if (bad) {
		fprintf(stderr, "hazard_copy_kernel_event: %zu wrong elements\n", bad);
		rc = 1;
	} else {
		printf("hazard_copy_kernel_event: %u elements verified\n", BUF_ELEMS);
	}

	CK(cudaFree(d_buf));
	CK(cudaFree(d_out));
	CK(cudaFreeHost(h_in));
	CK(cudaFreeHost(h_out));
	CK(cudaEventDestroy(copied));
	CK(cudaStreamDestroy(a));
	CK(cudaStreamDestroy(b));
	print_expect("OC_EXPECT");
	return rc;
}
