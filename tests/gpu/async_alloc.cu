/*
 * async_alloc: stream-ordered allocation and managed-memory prefetch, which
 * are "Async" by name but queue no device op in device_ops.
 *
 * A managed input buffer is prefetched to the device chunk by chunk with
 * cudaMemPrefetchAsync, each chunk on its stream (s[k % 2] of two
 * non-blocking streams), all before the loop: a prefetch call spends 10 to
 * 300 us on the CPU (seen on an H200), which inside the loop made the CPU
 * late for the other stream. Then, each of CHUNKS iterations on s[k % 2]:
 * cudaMallocAsync a device buffer, run the kernel from the managed chunk
 * into it, copy the result out with cudaMemcpyAsync into pinned memory,
 * cudaFreeAsync the buffer. Claims are the kernels and the copies only;
 * cudaMallocAsync, cudaFreeAsync and cudaMemPrefetchAsync are not claims.
 *
 * The streams must stay independent, so the memory pool may not hand a block
 * freed in one stream to the other by inserting a dependency between them
 * (cudaMemPoolReuseAllowInternalDependencies, on by default) nor
 * opportunistically; the pool is grown once before the work instead. Then
 * chunk k+1's kernel (~115 us) runs while chunk k's D2H copy (~80 us) does,
 * in the other stream: every copy but the last overlaps a kernel.
 */
#include "common.h"

int main(void)
{
	cudaStream_t s[2];
	uint32_t *managed, *h_out;
	size_t total = (size_t)CHUNKS * CHUNK_BYTES;
	int dev, managed_ok = 0, no = 0;
	struct cudaMemLocation loc;
	cudaMemPool_t pool;
	uint64_t keep = UINT64_MAX;
	void *grow[CHUNKS];

	CK(cudaGetDevice(&dev));
	CK(cudaDeviceGetAttribute(&managed_ok, cudaDevAttrConcurrentManagedAccess, dev));
	for (int i = 0; i < 2; i++)
		CK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
	CK(cudaMallocManaged(&managed, total, cudaMemAttachGlobal));
	CK(cudaMallocHost(&h_out, total));
	fill_input(managed, (size_t)CHUNKS * CHUNK_ELEMS, 0x5eed1101u, 0);
	memset(h_out, 0, total);
	memset(&loc, 0, sizeof loc);
	loc.type = cudaMemLocationTypeDevice;
	loc.id = dev;

	/* The pool: no cross-stream reuse, keeps its memory, grown once. */
	CK(cudaDeviceGetDefaultMemPool(&pool, dev));
	CK(cudaMemPoolSetAttribute(pool, cudaMemPoolReuseAllowInternalDependencies, &no));
	CK(cudaMemPoolSetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &no));
	CK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep));
	for (int k = 0; k < CHUNKS; k++)
		CK(cudaMallocAsync(&grow[k], CHUNK_BYTES, s[0]));
	for (int k = 0; k < CHUNKS; k++)
		CK(cudaFreeAsync(grow[k], s[0]));
	CK(cudaStreamSynchronize(s[0]));

	if (managed_ok)
		for (int k = 0; k < CHUNKS; k++)
			CK(cudaMemPrefetchAsync(managed + (size_t)k * CHUNK_ELEMS, CHUNK_BYTES, loc, 0,
						s[k % 2]));
	warm_up(s[0]);

	for (int k = 0; k < CHUNKS; k++) {
		cudaStream_t st = s[k % 2];
		uint32_t *d_out;
		size_t off = (size_t)k * CHUNK_ELEMS;

		CK(cudaMallocAsync((void **)&d_out, CHUNK_BYTES, st));
		launch_lcg(managed + off, d_out, CHUNK_ELEMS, ITERS, st);
		copy_async(h_out + off, d_out, CHUNK_BYTES, cudaMemcpyDeviceToHost, st);
		CK(cudaFreeAsync(d_out, st));
	}
	CK(cudaDeviceSynchronize());
	int rc = check_output(h_out, (size_t)CHUNKS * CHUNK_ELEMS, 0x5eed1101u, 0, ITERS, "async_alloc") != 0;
	if (!rc)
		printf("async_alloc: %d chunks verified\n", CHUNKS);
	CK(cudaFree(managed));
	CK(cudaFreeHost(h_out));
	for (int i = 0; i < 2; i++)
		CK(cudaStreamDestroy(s[i]));
	print_expect("OC_EXPECT");
	return rc;
}
