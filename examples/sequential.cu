/*
 * sequential: the sequential control for examples/pipeline.cu.
 *
 * The same data, sizes, kernel, pinned memory, warm-up and result check as
 * pipeline.cu (examples/work.h), but every chunk's copy in, kernel and copy
 * out are queued in order on ONE stream, so nothing can overlap. The timed
 * interval is the same in both programs (printed on stderr, so that stdout
 * does not vary): from an event recorded before the
 * first chunk to the end of the device synchronize after the last.
 *
 *   overlapcheck run -o seq.db -- build/gpu/examples/sequential
 *   overlapcheck run -o pipe.db -- build/gpu/examples/pipeline
 *   overlapcheck compare seq.db -- pipe.db
 */
#include "work.h"

int main(void)
{
	struct work w;
	cudaStream_t s;
	cudaEvent_t t0, t1;
	float ms = 0;

	CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	CK(cudaEventCreate(&t0));
	CK(cudaEventCreate(&t1));
	work_init(&w);
	work_warm_up(&w, s);

	CK(cudaEventRecord(t0, s));
	for (int k = 0; k < CHUNKS; k++)
		work_chunk(&w, k, s);
	CK(cudaEventRecord(t1, s));
	CK(cudaDeviceSynchronize());
	CK(cudaEventElapsedTime(&ms, t0, t1));

	size_t bad = work_check(&w);
	if (bad)
		fprintf(stderr, "sequential: %zu wrong elements\n", bad);
	else
	{
		printf("sequential: %d chunks of %zu bytes verified, one stream\n", CHUNKS, CHUNK_BYTES);
		fprintf(stderr, "sequential: %.3f ms from the first chunk queued to the last done (device events)\n", ms);
	}
	work_release(&w);
	CK(cudaEventDestroy(t0));
	CK(cudaEventDestroy(t1));
	CK(cudaStreamDestroy(s));
	printf("OC_EXPECT kernels=%d memcpy=%d memset=0\n", CHUNKS + 1, 2 * (CHUNKS + 1));
	return bad != 0;
}
