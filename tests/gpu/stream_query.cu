/*
 * stream_query: waiting by polling with cudaStreamQuery, which is not a
 * synchronization.
 *
 * pinned_pipeline (three non-blocking streams, pinned, chunks queued without
 * synchronization), but the CPU waits for the end by polling each stream
 * with cudaStreamQuery, sleeping 50 us between polls, instead of
 * synchronizing. Polling calls return at once ("not ready" or success):
 * none is a hidden synchronization. The pipeline overlaps as in scenario 1.
 */
#include <unistd.h>
#include "common.h"

int main(void)
{
	struct pipe p;
	cudaStream_t s[3];

	for (int i = 0; i < 3; i++)
		CK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
	pipe_init(&p, 1, 0x5eed1201u);
	warm_up(s[0]);
	for (int k = 0; k < CHUNKS; k++)
		pipe_chunk(&p, k, s[k % 3]);
	for (int i = 0; i < 3; i++) {
		cudaError_t e;
		while ((e = cudaStreamQuery(s[i])) == cudaErrorNotReady)
			usleep(50);
		CK(e);
	}
	for (int i = 0; i < 3; i++)
		CK(cudaStreamDestroy(s[i]));
	return pipe_finish(&p, "stream_query");
}
