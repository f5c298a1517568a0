/*
 * legacy_stream: every op on the legacy default stream (scenario 3).
 *
 * Pinned memory and the same chunks as pinned_pipeline, but every copy and
 * kernel is queued on stream 0 (the legacy NULL stream, in a program built
 * without per-thread default streams). The NULL stream is one ordered queue,
 * so nothing overlaps, and each op ran on the legacy default stream.
 */
#include "common.h"

int main(void)
{
	struct pipe p;

	pipe_init(&p, 1, 0x5eed0003u);
	warm_up(0);
	for (int k = 0; k < CHUNKS; k++)
		pipe_chunk(&p, k, 0);
	CK(cudaDeviceSynchronize());
	return pipe_finish(&p, "legacy_stream");
}
