/*
 * async_alloc: stream-ordered allocation and managed-memory prefetch, which
 * are "Async" by name but queue no device op in device_ops.
 *
 * On two non-blocking streams, each of CHUNKS iterations: cudaMallocAsync a
 * device buffer, cudaMemPrefetchAsync this chunk of a managed input buffer
 * to the device, run the kernel from it into the new buffer, copy the result
 * out with cudaMemcpyAsync into pinned memory, cudaFreeAsync the buffer.
 * Claims are the kernels and the copies only; cudaMallocAsync,
 * cudaFreeAsync and cudaMemPrefetchAsync are not claims. The two streams'
 * chunks overlap.
 */
#include "common.h"

int main(void)
{
	cudaStream_t s[2];
	uint32_t *managed, *h_out;
	size_t total = (size_t)CHUNKS * CHUNK_BYTES;
	int dev, managed_ok = 0;
	struct cudaMemLocation loc;

	CK(cudaGetDevice(&dev));
	CK(cudaDeviceGetAttribute(&managed_ok, cudaDevAttrConcurrentManagedAccess, dev));
	for (int i = 0; i < 2; i++)
		CK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
	warm_up(s[0]);
	CK(cudaMallocManaged(&managed, total, cudaMemAttachGlobal));
	CK(cudaMallocHost(&h_out, total));
	fill_input(managed, (size_t)CHUNKS * CHUNK_ELEMS, 0x5eed1101u, 0);
	memset(h_out, 0, total);
	memset(&loc, 0, sizeof loc);
	loc.type = cudaMemLocationTypeDevice;
	loc.id = dev;

	for (int k = 0; k < CHUNKS; k++) {
		cudaStream_t st = s[k % 2];
		uint32_t *d_out;
		size_t off = (size_t)k * CHUNK_ELEMS;

		CK(cudaMallocAsync((void **)&d_out, CHUNK_BYTES, st));
		if (managed_ok)
			CK(cudaMemPrefetchAsync(managed + off, CHUNK_BYTES, loc, 0, st));
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
