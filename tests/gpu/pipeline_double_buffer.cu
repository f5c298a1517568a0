/*
 * pipeline_double_buffer: a correct double-buffered pipeline on three
 * streams: no hazard, copies overlapped with compute.
 *
 * A copy-in, a compute and a copy-out stream (non-blocking, pinned host
 * memory), CHUNKS chunks of 4 MB but only two device buffers per stage:
 * chunk k uses in[k % 2] and out[k % 2]. Chunk k:
 *   copy-in:  waits for kernel k-2 (the last reader of in[k % 2]), copies
 *             chunk k in, records ev_in[k];
 *   compute:  waits for ev_in[k] and for D2H k-2 (the last reader of
 *             out[k % 2]), runs lcg_kernel in -> out, records ev_k[k];
 *   copy-out: waits for ev_k[k], copies out[k % 2] out, records ev_out[k].
 * Every pair of ops of different streams that touch one device buffer,
 * one writing, is ordered by one of these events (or by the same stream
 * up to the event), and the host buffers are read by the copy-in stream
 * and written by the copy-out stream only: no hazard of any kind.
 *
 * The double buffer still lets the stages overlap: H2D k+2 may start as
 * soon as kernel k is done, that is when kernel k+1 starts, and D2H k runs
 * during kernel k+1 too. A kernel (~115 us) is longer than a 4 MB copy
 * (~80 us), so the kernels run back to back and every copy but the first
 * H2D and the last D2H runs under a kernel (14 of 16), as in
 * pinned_pipeline (seen so on an H200: kernels ~110 us apart, H2D k+2 and
 * D2H k starting within 10 us of kernel k+1). lcg_kernel is loaded before
 * the loop (cudaFuncGetAttributes): lazy loading at its first launch would
 * wait for running work. in[] is allocated 4 MB + 4096 bytes (the copies and the
 * kernel use the first 4 MB) so that its findings, if any, can be told from
 * out[]'s by size; pipeline_early_reuse is this program with one wait wrong.
 * The host checks every element and exits 1 on a wrong one.
 */
#include "common.h"

#define IN_BYTES (CHUNK_BYTES + 4096)                 /* in[]: a size of its own */
#define SEED     0x5eed2301u

int main(void)
{
	struct cudaFuncAttributes attr;
	cudaStream_t s_in, s_k, s_out;
	cudaEvent_t ev_in[CHUNKS], ev_k[CHUNKS], ev_out[CHUNKS];
	uint32_t *h_in, *h_out, *d_in[2], *d_out[2];
	size_t total = (size_t)CHUNKS * CHUNK_BYTES;
	int rc = 0;

	CK(cudaStreamCreateWithFlags(&s_in, cudaStreamNonBlocking));
	CK(cudaStreamCreateWithFlags(&s_k, cudaStreamNonBlocking));
	CK(cudaStreamCreateWithFlags(&s_out, cudaStreamNonBlocking));
	for (int k = 0; k < CHUNKS; k++) {
		CK(cudaEventCreateWithFlags(&ev_in[k], cudaEventDisableTiming));
		CK(cudaEventCreateWithFlags(&ev_k[k], cudaEventDisableTiming));
		CK(cudaEventCreateWithFlags(&ev_out[k], cudaEventDisableTiming));
	}
	CK(cudaMallocHost(&h_in, total));
	CK(cudaMallocHost(&h_out, total));
	fill_input(h_in, (size_t)CHUNKS * CHUNK_ELEMS, SEED, 0);
	memset(h_out, 0, total);
	for (int i = 0; i < 2; i++) {
		CK(cudaMalloc(&d_in[i], IN_BYTES));
		CK(cudaMalloc(&d_out[i], CHUNK_BYTES));
	}
	/* Load lcg_kernel now: lazy loading would load it at its first launch,
	 * which waits for the work already running. */
	CK(cudaFuncGetAttributes(&attr, lcg_kernel));
	warm_up(s_k);

	for (int k = 0; k < CHUNKS; k++) {
		int slot = k % 2;
		size_t off = (size_t)k * CHUNK_ELEMS;

		if (k >= 2)     /* in[slot] is free once kernel k-2 has read it */
			CK(cudaStreamWaitEvent(s_in, ev_k[k - 2], 0));
		copy_async(d_in[slot], h_in + off, CHUNK_BYTES, cudaMemcpyHostToDevice, s_in);
		CK(cudaEventRecord(ev_in[k], s_in));

		CK(cudaStreamWaitEvent(s_k, ev_in[k], 0));
		if (k >= 2)     /* out[slot] is free once D2H k-2 has read it */
			CK(cudaStreamWaitEvent(s_k, ev_out[k - 2], 0));
		launch_lcg(d_in[slot], d_out[slot], CHUNK_ELEMS, ITERS, s_k);
		CK(cudaEventRecord(ev_k[k], s_k));

		CK(cudaStreamWaitEvent(s_out, ev_k[k], 0));
		copy_async(h_out + off, d_out[slot], CHUNK_BYTES, cudaMemcpyDeviceToHost, s_out);
		CK(cudaEventRecord(ev_out[k], s_out));
	}
	CK(cudaDeviceSynchronize());

	size_t bad = check_output(h_out, (size_t)CHUNKS * CHUNK_ELEMS, SEED, 0, ITERS,
				  "pipeline_double_buffer");
	if (bad) {
		fprintf(stderr, "pipeline_double_buffer: %zu wrong elements\n", bad);
		rc = 1;
	} else {
		printf("pipeline_double_buffer: %d chunks of %zu bytes through 2 buffers verified\n",
		       CHUNKS, CHUNK_BYTES);
	}

	for (int k = 0; k < CHUNKS; k++) {
		CK(cudaEventDestroy(ev_in[k]));
		CK(cudaEventDestroy(ev_k[k]));
		CK(cudaEventDestroy(ev_out[k]));
	}
	for (int i = 0; i < 2; i++) {
		CK(cudaFree(d_in[i]));
		CK(cudaFree(d_out[i]));
	}
	CK(cudaFreeHost(h_in));
	CK(cudaFreeHost(h_out));
	CK(cudaStreamDestroy(s_in));
	CK(cudaStreamDestroy(s_k));
	CK(cudaStreamDestroy(s_out));
	print_expect("OC_EXPECT");
	return rc;
}
