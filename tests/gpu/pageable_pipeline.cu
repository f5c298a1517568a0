/*
 * pageable_pipeline: scenario 1 on pageable host memory (scenario 2).
 *
 * The same streams, chunks and order as pinned_pipeline, but the host
 * buffers come from malloc(). A cudaMemcpyAsync from pageable memory stages
 * the data through a driver buffer and returns only once it is staged; one
 * into pageable memory returns only when the copy is done, that is after the
 * chunk's kernel and copy finished. So chunk k+1 is not even queued before
 * chunk k has left the device: everything is serialized, the copies'
 * memory kind is pageable, and each D2H call is a hidden synchronization.
 */
#include "common.h"

int main(void)
{
	struct pipe p;
	cudaStream_t s[3];

	for (int i = 0; i < 3; i++)
		CK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
	pipe_init(&p, 0, 0x5eed0002u);
	warm_up(s[0]);
	for (int k = 0; k < CHUNKS; k++)
		pipe_chunk(&p, k, s[k % 3]);
	CK(cudaDeviceSynchronize());
	for (int i = 0; i < 3; i++)
		CK(cudaStreamDestroy(s[i]));
	return pipe_finish(&p, "pageable_pipeline");
}
