/*
 * single_stream: one stream does everything (scenario 8).
 *
 * pinned_pipeline's memory and chunks, all queued without synchronization,
 * but on one non-blocking stream. A stream is an ordered queue: every op
 * waits for the one before it, and no other stream has work. Nothing
 * overlaps, by same_stream_order.
 */
#include "common.h"

int main(void)
{
	struct pipe p;
	cudaStream_t s;

	CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	pipe_init(&p, 1, 0x5eed0008u);
	warm_up(s);
	for (int k = 0; k < CHUNKS; k++)
		pipe_chunk(&p, k, s);
	CK(cudaDeviceSynchronize());
	CK(cudaStreamDestroy(s));
	return pipe_finish(&p, "single_stream");
}
