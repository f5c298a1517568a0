/*
 * pipeline: the overlapped variant of examples/sequential.cu.
 *
 * The same data, sizes, kernel, pinned memory, warm-up and result check
 * (examples/work.h); chunk k goes to stream k % 3 of three non-blocking
 * streams, so the copy in of one chunk runs while another chunk computes
 * and a third copies out. The timed interval is the same as in
 * sequential.cu: from an event before the first chunk (with every stream
 * made to wait for it) to the end of the device synchronize after the last
 * chunk.
 */
#include "work.h"

#define STREAMS 3

int main(void)
{
	struct work w;
	cudaStream_t s[STREAMS];
	cudaEvent_t t0, done[STREAMS];
	float ms = 0, last = 0;

	for (int i = 0; i < STREAMS; i++) {
		CK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
		CK(cudaEventCreate(&done[i]));
	}
	CK(cudaEventCreate(&t0));
	work_init(&w);
	work_warm_up(&w, s[0]);

	CK(cudaEventRecord(t0, s[0]));
	for (int i = 1; i < STREAMS; i++)
		CK(cudaStreamWaitEvent(s[i], t0, 0));
	for (int k = 0; k < CHUNKS; k++)
		work_chunk(&w, k, s[k % STREAMS]);
	for (int i = 0; i < STREAMS; i++)
		CK(cudaEventRecord(done[i], s[i]));
	CK(cudaDeviceSynchronize());
	for (int i = 0; i < STREAMS; i++) {
		CK(cudaEventElapsedTime(&ms, t0, done[i]));
		if (ms > last)
			last = ms;
	}

	size_t bad = work_check(&w);
	if (bad)
		fprintf(stderr, "pipeline: %zu wrong elements\n", bad);
	else
	{
		printf("pipeline: %d chunks of %zu bytes verified, %d streams\n", CHUNKS, CHUNK_BYTES, STREAMS);
		fprintf(stderr, "pipeline: %.3f ms from the first chunk queued to the last done (device events)\n", last);
	}
	work_release(&w);
	for (int i = 0; i < STREAMS; i++) {
		CK(cudaEventDestroy(done[i]));
		CK(cudaStreamDestroy(s[i]));
	}
	CK(cudaEventDestroy(t0));
	printf("OC_EXPECT kernels=%d memcpy=%d memset=0\n", CHUNKS + 1, 2 * (CHUNKS + 1));
	return bad != 0;
}
