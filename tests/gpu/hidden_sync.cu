/*
 * hidden_sync: cudaFree inside the loop (scenario 6).
 *
 * pinned_pipeline's streams, memory and chunks, but each iteration also
 * allocates a scratch buffer before queueing its chunk and frees it after.
 * cudaFree waits for all work on the device before it returns, although
 * nothing in the program asks for a synchronization: each cudaFree starts
 * while the chunk just queued is running and returns when it is done. That
 * is a hidden synchronization, and it serializes the chunks
 * (host_synchronization), as the explicit ones of host_sync do.
 */
#include "common.h"

int main(void)
{
	struct pipe p;
	cudaStream_t s[3];

	for (int i = 0; i < 3; i++)
		CK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
	pipe_init(&p, 1, 0x5eed0006u);
	warm_up(s[0]);
	for (int k = 0; k < CHUNKS; k++) {
		void *scratch;
		CK(cudaMalloc(&scratch, 1 << 20));
		pipe_chunk(&p, k, s[k % 3]);
		CK(cudaFree(scratch));
	}
	CK(cudaDeviceSynchronize());
	for (int i = 0; i < 3; i++)
		CK(cudaStreamDestroy(s[i]));
	return pipe_finish(&p, "hidden_sync");
}
