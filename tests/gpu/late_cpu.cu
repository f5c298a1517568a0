/*
 * late_cpu: a CPU that is busy between submissions (scenario 9).
 *
 * pinned_pipeline's streams, memory and chunks, but the CPU spends 2 ms of
 * work (a busy loop, no CUDA call) before queueing each chunk after the
 * first. One chunk's GPU work takes a few hundred microseconds, so the GPU
 * finishes each chunk and sits idle until the next is submitted: idle gaps
 * whose cause is submitted_late, and ops that did not overlap because their
 * would-be partners were queued only after they ended.
 */
#include "common.h"

#define CPU_WORK_US 2000.0

int main(void)
{
	struct pipe p;
	cudaStream_t s[3];

	for (int i = 0; i < 3; i++)
		CK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
	pipe_init(&p, 1, 0x5eed0009u);
	warm_up(s[0]);
	for (int k = 0; k < CHUNKS; k++) {
		if (k > 0)
			spin_us(CPU_WORK_US);
		pipe_chunk(&p, k, s[k % 3]);
	}
	CK(cudaDeviceSynchronize());
	for (int i = 0; i < 3; i++)
		CK(cudaStreamDestroy(s[i]));
	return pipe_finish(&p, "late_cpu");
}
