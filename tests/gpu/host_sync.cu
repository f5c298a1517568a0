/*
 * host_sync: a synchronization after every chunk (scenario 5).
 *
 * pinned_pipeline's streams, memory and chunks, but after queueing each
 * chunk the CPU waits for it: cudaStreamSynchronize on even chunks,
 * cudaDeviceSynchronize on odd ones. Chunk k+1 is queued only after chunk k
 * has finished, so nothing overlaps, and the reason is the explicit
 * host synchronization between the submissions.
 */
#include "common.h"

int main(void)
{
	struct pipe p;
	cudaStream_t s[3];

	for (int i = 0; i < 3; i++)
		CK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
	pipe_init(&p, 1, 0x5eed0005u);
	warm_up(s[0]);
	for (int k = 0; k < CHUNKS; k++) {
		pipe_chunk(&p, k, s[k % 3]);
		if (k % 2 == 0)
			CK(cudaStreamSynchronize(s[k % 3]));
		else
			CK(cudaDeviceSynchronize());
	}
	for (int i = 0; i < 3; i++)
		CK(cudaStreamDestroy(s[i]));
	return pipe_finish(&p, "host_sync");
}
