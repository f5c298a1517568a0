/*
 * pinned_pipeline: the canonical overlapped pipeline (scenario 1).
 *
 * CHUNKS chunks, each H2D -> kernel -> D2H on its own stream of three
 * non-blocking streams (chunk k on stream k % 3), host memory pinned, every
 * chunk queued without any synchronization until the end. The H2D of chunk
 * k+1 runs on a copy engine while the kernel of chunk k runs, and the D2H
 * of chunk k-1 on the other copy engine: copies overlap compute and each
 * other. Run with CUDA_LAUNCH_BLOCKING=1 it is scenario 11.
 */
#include "common.h"

int main(void)
{
	struct pipe p;
	cudaStream_t s[3];

	for (int i = 0; i < 3; i++)
		CK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
	pipe_init(&p, 1, 0x5eed0001u);
	warm_up(s[0]);
	for (int k = 0; k < CHUNKS; k++)
		pipe_chunk(&p, k, s[k % 3]);
	CK(cudaDeviceSynchronize());
	for (int i = 0; i < 3; i++)
		CK(cudaStreamDestroy(s[i]));
	return pipe_finish(&p, "pinned_pipeline");
}
