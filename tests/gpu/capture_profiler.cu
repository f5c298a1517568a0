/*
 * capture_profiler.cu: `run --capture-range=cudaProfilerApi` (docs/schema.md,
 * "Capture"). The single-stream chunked pipeline of single_stream.cu, with
 * chunks 0-2 queued and finished before cudaProfilerStart, chunks 3-5
 * between cudaProfilerStart and cudaProfilerStop, and chunks 6-7 after it.
 * Only the middle three chunks (3 kernels, 6 copies) are in the window by
 * design, so the OC_EXPECT line counts only them; the program checks all
 * eight chunks. The expect file sets the capture through the environment
 * (OVERLAPCHECK_CAPTURE_RANGE, what `run --capture-range` sets).
 */
#include <cuda_profiler_api.h>

#include "common.h"

int main(void)
{
	struct pipe p;
	cudaStream_t s;
	unsigned long k_in, c_in, m_in;

	CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	pipe_init(&p, 1, 0x5eed0101u);
	warm_up(s);
	for (int k = 0; k < 3; k++)
		pipe_chunk(&p, k, s);
	CK(cudaStreamSynchronize(s));
	oc_n_kernels = oc_n_memcpy = oc_n_memset = 0;
	CK(cudaProfilerStart());
	for (int k = 3; k < 6; k++)
		pipe_chunk(&p, k, s);
	CK(cudaStreamSynchronize(s));
	CK(cudaProfilerStop());
	k_in = oc_n_kernels;
	c_in = oc_n_memcpy;
	m_in = oc_n_memset;
	for (int k = 6; k < CHUNKS; k++)
		pipe_chunk(&p, k, s);
	CK(cudaDeviceSynchronize());
	CK(cudaStreamDestroy(s));
	oc_n_kernels = k_in;
	oc_n_memcpy = c_in;
	oc_n_memset = m_in;
	return pipe_finish(&p, "capture_profiler");
}
