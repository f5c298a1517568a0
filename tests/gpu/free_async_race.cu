/*
 * free_async_race: a buffer freed with cudaFreeAsync in one stream while a
 * kernel of another stream still uses it, with nothing ordering the two: a
 * use after free.
 *
 * Two non-blocking streams A and B, pinned host memory. d_buf (16 MB) is
 * allocated with cudaMallocAsync in stream B, filled by an H2D copy in B,
 * and the host waits for B (so the allocation and the copy are ordered
 * before all later work by host synchronization). Then stream B runs
 * lcg_kernel in place on d_buf (reading and writing it through its `in`
 * and `out` parameters; ITERS_LONG=16000 steps over 4M elements, 1.38 ms
 * on an H200) and at once, with no event, stream A frees d_buf with
 * cudaFreeAsync. A is empty, so the free takes effect
 * while the kernel runs: one `use_after_free` finding on d_buf, between
 * the kernel and the free. The copy before it is ordered (host
 * synchronization) and is no finding.
 *
 * The memory stays safe to touch: the default pool is set to keep its
 * memory (release threshold UINT64_MAX), so a synchronization does not
 * unmap the freed block under the running kernel, and nothing allocates
 * from the pool afterwards, so no other op can be given the block. The
 * data d_buf ends with cannot be read back (it is freed), so the program
 * checks nothing but the absence of CUDA errors; whether the free was seen
 * done while the kernel still ran (a cudaStreamQuery of B after the host
 * waited for A) goes to stderr only, as it is timing. stdout is the same in
 * every run; the program exits 0.
 */
#include "common.h"

#define BUF_ELEMS  (4u << 20)                         /* 16 MB of uint32 */
#define BUF_BYTES  ((size_t)BUF_ELEMS * sizeof(uint32_t))
#define ITERS_LONG 16000
#define SEED       0x5eed2501u

int main(void)
{
	struct cudaFuncAttributes attr;
	cudaStream_t a, b;
	cudaMemPool_t pool;
	uint64_t keep = UINT64_MAX;
	uint32_t *h_in, *d_buf;
	int dev;
	cudaError_t q;

	CK(cudaGetDevice(&dev));
	CK(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking));
	CK(cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking));
	CK(cudaDeviceGetDefaultMemPool(&pool, dev));
	CK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep));
	CK(cudaMallocHost(&h_in, BUF_BYTES));
	fill_input(h_in, BUF_ELEMS, SEED, 0);
	/* Load lcg_kernel now: lazy loading would load it at its first launch,
	 * which waits for the work already running. */
	CK(cudaFuncGetAttributes(&attr, lcg_kernel));
	warm_up(b);

	CK(cudaMallocAsync((void **)&d_buf, BUF_BYTES, b));
	copy_async(d_buf, h_in, BUF_BYTES, cudaMemcpyHostToDevice, b);
	CK(cudaStreamSynchronize(b));

	/* The race: A frees what B's kernel is still using. */
	launch_lcg(d_buf, d_buf, BUF_ELEMS, ITERS_LONG, b);
	CK(cudaFreeAsync(d_buf, a));
	CK(cudaStreamSynchronize(a));
	q = cudaStreamQuery(b);
	if (q == cudaErrorNotReady)
		fprintf(stderr, "free_async_race: the free was done while the kernel still ran\n");
	else if (q == cudaSuccess)
		fprintf(stderr, "free_async_race: the kernel was done before the host saw the free "
			"done\n");
	else
		CK(q);
	CK(cudaStreamSynchronize(b));
	printf("free_async_race: a kernel used a %zu-byte buffer that another stream freed\n",
	       BUF_BYTES);

	CK(cudaFreeHost(h_in));
	CK(cudaStreamDestroy(a));
	CK(cudaStreamDestroy(b));
	print_expect("OC_EXPECT");
	return 0;
}
