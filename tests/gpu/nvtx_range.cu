/*
 * nvtx_range: NVTX ranges around the work (for `report --range`).
 *
 * A "setup" range holds the warm-up and the allocations, a "pipeline" range
 * holds pinned_pipeline's chunks (three non-blocking streams, pinned, no
 * synchronization until the end), and an instant mark "chunks queued" sits
 * after the last submission. The ranges arrive as MARKER records when
 * NVTX_INJECTION64_PATH points at libcupti (overlapcheck run sets it). The
 * pipeline inside the range overlaps as in scenario 1.
 */
#include <sys/syscall.h>
#include <unistd.h>
#include <nvtx3/nvToolsExt.h>
#include "common.h"

int main(void)
{
	struct pipe p;
	cudaStream_t s[3];

	nvtxNameOsThreadA((uint32_t)syscall(SYS_gettid), "main");
	nvtxRangePushA("setup");
	for (int i = 0; i < 3; i++)
		CK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
	pipe_init(&p, 1, 0x5eed1001u);
	warm_up(s[0]);
	nvtxRangePop();

	nvtxRangePushA("pipeline");
	for (int k = 0; k < CHUNKS; k++)
		pipe_chunk(&p, k, s[k % 3]);
	nvtxMarkA("chunks queued");
	CK(cudaDeviceSynchronize());
	nvtxRangePop();

	for (int i = 0; i < 3; i++)
		CK(cudaStreamDestroy(s[i]));
	return pipe_finish(&p, "nvtx_range");
}
