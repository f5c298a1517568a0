/*
 * sm_saturation: a grid that fills every SM next to another stream's
 * kernels (scenario 15).
 *
 * Stream A runs fill_sms_kernel with exactly one full wave: as many blocks
 * of 1024 threads as the occupancy calculator says fit on all SMs at once,
 * launched cooperatively, each running the same long loop and then waiting
 * at a grid-wide barrier, so every SM is full until the whole grid leaves at
 * once. Right after it, stream B (non-blocking, no
 * dependency) queues SMALL small_work_kernel launches of one block each.
 * They have no SM to run on until the big grid is done: they do not overlap
 * it, by sm_saturation. One round only: a host synchronization between
 * rounds would be a second, earlier-listed explanation of the same gaps.
 */
#include "common.h"

#define ROUNDS 1
#define SMALL 3
#define FILL_ITERS 40000
#define SMALL_ITERS 100000

/*
 * One full wave: every block runs the same loop, then waits at a grid-wide
 * barrier (a counter that only grows: round r waits for (r + 1) * gridDim.x
 * arrivals), so that all blocks leave the SMs at the same moment instead of
 * one by one. Launched cooperatively, which guarantees that all blocks are
 * resident at once (or fails the launch), so the barrier cannot deadlock.
 */
__global__ void fill_sms_kernel(uint32_t *d, int iters, unsigned int *arrived, unsigned int target)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	uint32_t x = d[i];
	for (int k = 0; k < iters; k++)
		x = x * LCG_A + LCG_C;
	d[i] = x;
	__syncthreads();
	if (threadIdx.x == 0) {
		__threadfence();
		atomicAdd(arrived, 1u);
		while (atomicAdd(arrived, 0u) < target)
			;
	}
	__syncthreads();
}

__global__ void small_work_kernel(uint32_t *d, int iters)
{
	size_t i = threadIdx.x;
	uint32_t x = d[i];
	for (int k = 0; k < iters; k++)
		x = x * LCG_A + LCG_C;
	d[i] = x;
}

int main(void)
{
	cudaStream_t a, b;
	cudaDeviceProp prop;
	int dev, per_sm = 0, rc = 0;
	uint32_t *d_fill, *d_small[SMALL], *h;
	unsigned int *arrived;
	size_t fill_n, fill_bytes;

	CK(cudaGetDevice(&dev));
	CK(cudaGetDeviceProperties(&prop, dev));
	CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fill_sms_kernel, 1024, 0));
	if (!prop.cooperativeLaunch) {
		fprintf(stderr, "sm_saturation: the device has no cooperative launch\n");
		return 2;
	}
	if (per_sm < 1) {
		fprintf(stderr, "sm_saturation: fill_sms_kernel cannot run 1024-thread blocks\n");
		return 2;
	}
	CK(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking));
	CK(cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking));
	warm_up(a);
	unsigned blocks = (unsigned)(prop.multiProcessorCount * per_sm);
	fill_n = (size_t)blocks * 1024;
	fill_bytes = fill_n * sizeof(uint32_t);
	CK(cudaMallocHost(&h, fill_bytes));
	CK(cudaMalloc(&d_fill, fill_bytes));
	CK(cudaMalloc(&arrived, sizeof *arrived));
	CK(cudaMemsetAsync(arrived, 0, sizeof *arrived, a));
	count_memset();
	fill_input(h, fill_n, 0x5eed0f01u, 0);
	copy_async(d_fill, h, fill_bytes, cudaMemcpyHostToDevice, a);
	for (int j = 0; j < SMALL; j++) {
		CK(cudaMalloc(&d_small[j], 256 * sizeof(uint32_t)));
		fill_input(h, 256, 0x5eed0f10u + j, 0);
		copy_async(d_small[j], h, 256 * sizeof(uint32_t), cudaMemcpyHostToDevice, a);
		CK(cudaStreamSynchronize(a));
	}

	for (int r = 0; r < ROUNDS; r++) {
		int iters = FILL_ITERS;
		unsigned int target = (unsigned int)(r + 1) * blocks;
		void *kargs[] = { &d_fill, &iters, &arrived, &target };
		CK(cudaLaunchCooperativeKernel((void *)fill_sms_kernel, dim3(blocks), dim3(1024), kargs, 0, a));
		count_kernel();
		for (int j = 0; j < SMALL; j++) {
			small_work_kernel<<<1, 256, 0, b>>>(d_small[j], SMALL_ITERS);
			CK_LAUNCH();
			count_kernel();
		}
		CK(cudaDeviceSynchronize());
	}

	/* The checks copy back on stream b: stream a's next op would otherwise
	 * be a partner of the small kernels across the device synchronize. */
	copy_async(h, d_fill, fill_bytes, cudaMemcpyDeviceToHost, b);
	CK(cudaStreamSynchronize(b));
	if (check_output(h, fill_n, 0x5eed0f01u, 0, ROUNDS * FILL_ITERS, "sm_saturation fill"))
		rc = 1;
	for (int j = 0; j < SMALL; j++) {
		copy_async(h, d_small[j], 256 * sizeof(uint32_t), cudaMemcpyDeviceToHost, b);
		CK(cudaStreamSynchronize(b));
		if (check_output(h, 256, 0x5eed0f10u + j, 0, ROUNDS * SMALL_ITERS, "sm_saturation small"))
			rc = 1;
		CK(cudaFree(d_small[j]));
	}
	if (!rc)
		printf("sm_saturation: %d rounds verified (one wave of 1024-thread blocks per round)\n", ROUNDS);
	CK(cudaFree(d_fill));
	CK(cudaFree(arrived));
	CK(cudaFreeHost(h));
	CK(cudaStreamDestroy(a));
	CK(cudaStreamDestroy(b));
	print_expect("OC_EXPECT");
	return rc;
}
