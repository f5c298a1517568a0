/*
 * blocking_streams: blocking streams broken up by legacy-stream ops
 * (scenario 4).
 *
 * Three streams made by cudaStreamCreate (blocking: they synchronize with
 * the legacy NULL stream), pinned memory, chunk k on stream k % 3 as in
 * pinned_pipeline; but after each chunk a tiny kernel is queued on the
 * legacy stream (stream 0). That op waits for all work queued before it in
 * the blocking streams, and all later work in them waits for it: chunk k+1
 * cannot start before chunk k is done. Without the legacy op the chunks
 * would overlap as in scenario 1, so the blocking streams' ops are
 * serialized by default_stream_implicit_sync, and the legacy ops themselves
 * ran on the legacy default stream.
 */
#include "common.h"

int main(void)
{
	struct pipe p;
	cudaStream_t s[3];
	unsigned int *counter, h_counter = 0;

	for (int i = 0; i < 3; i++)
		CK(cudaStreamCreate(&s[i]));
	warm_up(s[0]);
	CK(cudaMalloc(&counter, sizeof *counter));
	CK(cudaMemset(counter, 0, sizeof *counter));
	count_memset();
	pipe_init(&p, 1, 0x5eed0004u);
	for (int k = 0; k < CHUNKS; k++) {
		pipe_chunk(&p, k, s[k % 3]);
		bump_kernel<<<1, 32, 0, 0>>>(counter);
		CK_LAUNCH();
		count_kernel();
	}
	CK(cudaDeviceSynchronize());
	CK(cudaMemcpy(&h_counter, counter, sizeof h_counter, cudaMemcpyDeviceToHost));
	count_memcpy();
	CK(cudaFree(counter));
	if (h_counter != CHUNKS) {
		fprintf(stderr, "blocking_streams: %u legacy-stream kernels ran, want %d\n", h_counter, CHUNKS);
		return 1;
	}
	for (int i = 0; i < 3; i++)
		CK(cudaStreamDestroy(s[i]));
	return pipe_finish(&p, "blocking_streams");
}
