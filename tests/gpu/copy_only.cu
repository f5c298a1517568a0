/*
 * copy_only: H2D and D2H in different streams, no kernel (scenario 13).
 *
 * Two non-blocking streams, pinned memory: stream A copies CHUNKS chunks
 * host to device while stream B copies CHUNKS other chunks device to host,
 * all queued at once. The H100/H200 has separate copy engines for the two
 * directions (asyncEngineCount 3 on the H200), so the two directions run at
 * the same time: copy/copy overlap. Same-direction copies share an engine
 * and follow each other.
 */
#include "common.h"

int main(void)
{
	cudaStream_t a, b;
	uint32_t *h_up, *h_down, *d_up, *d_down;
	size_t total = (size_t)CHUNKS * CHUNK_BYTES;
	int rc = 0;

	CK(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking));
	CK(cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking));
	warm_up(a);
	CK(cudaMallocHost(&h_up, total));
	CK(cudaMallocHost(&h_down, total));
	CK(cudaMalloc(&d_up, total));
	CK(cudaMalloc(&d_down, total));
	fill_input(h_up, (size_t)CHUNKS * CHUNK_ELEMS, 0x5eed0d01u, 0);
	fill_input(h_down, (size_t)CHUNKS * CHUNK_ELEMS, 0x5eed0d02u, 0);
	/* Give the device its D2H data first (one copy, synchronized). */
	copy_async(d_down, h_down, total, cudaMemcpyHostToDevice, b);
	CK(cudaStreamSynchronize(b));
	memset(h_down, 0, total);

	for (int k = 0; k < CHUNKS; k++) {
		size_t off = (size_t)k * CHUNK_ELEMS;
		copy_async(d_up + off, h_up + off, CHUNK_BYTES, cudaMemcpyHostToDevice, a);
		copy_async(h_down + off, d_down + off, CHUNK_BYTES, cudaMemcpyDeviceToHost, b);
	}
	CK(cudaDeviceSynchronize());

	/* Check: the D2H data is what went up at first, and the H2D data
	 * arrived (copied back after the timed part). */
	if (check_output(h_down, (size_t)CHUNKS * CHUNK_ELEMS, 0x5eed0d02u, 0, 0, "copy_only D2H"))
		rc = 1;
	memset(h_down, 0, total);
	copy_async(h_down, d_up, total, cudaMemcpyDeviceToHost, a);
	CK(cudaStreamSynchronize(a));
	if (check_output(h_down, (size_t)CHUNKS * CHUNK_ELEMS, 0x5eed0d01u, 0, 0, "copy_only H2D"))
		rc = 1;
	if (!rc)
		printf("copy_only: %d chunks each way verified\n", CHUNKS);
	CK(cudaFree(d_up));
	CK(cudaFree(d_down));
	CK(cudaFreeHost(h_up));
	CK(cudaFreeHost(h_down));
	CK(cudaStreamDestroy(a));
	CK(cudaStreamDestroy(b));
	print_expect("OC_EXPECT");
	return rc;
}
