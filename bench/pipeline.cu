/*
 * pipeline.cu: the three-stream copy/compute pipeline (seed 003) as a
 * benchmark: time per device op.
 *
 *   pipeline [CHUNKS] [CHUNK_KB] [ITERATIONS]   (default 96, 256, 200)
 *
 * Each iteration splits CHUNKS * CHUNK_KB of pinned input into chunks; chunk
 * k goes to stream k % 3 as host-to-device copy, kernel, device-to-host copy,
 * so that the copy of one chunk overlaps the kernel of another. One warm-up
 * iteration runs first; the timed region is ITERATIONS iterations and one
 * device synchronize. The output of the last iteration is checked on the
 * host. ops = 3 * CHUNKS * ITERATIONS device ops.
 */
#include "bench-util.h"

#define NSTREAMS 3
#define ROUNDS 16  /* arithmetic per element: a kernel about as long as its copy */

__global__ void saxpy_rounds(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float x = in[i], y = 0.0f;
		for (int r = 0; r < ROUNDS; r++)
			y = y * 0.5f + x;
		out[i] = y;
	}
}

/* What saxpy_rounds computes, on the host, in the same order. */
static float expect(float x)
{
	float y = 0.0f;

	for (int r = 0; r < ROUNDS; r++)
		y = y * 0.5f + x;
	return y;
}

static void run_iteration(cudaStream_t *st, const float *hin, float *hout, float *din,
			  float *dout, long chunks, int per_chunk)
{
	size_t bytes = (size_t)per_chunk * sizeof(float);

	for (long k = 0; k < chunks; k++) {
		cudaStream_t s = st[k % NSTREAMS];
		size_t off = (size_t)k * (size_t)per_chunk;

		CHECK(cudaMemcpyAsync(din + off, hin + off, bytes, cudaMemcpyHostToDevice, s));
		saxpy_rounds<<<(per_chunk + 255) / 256, 256, 0, s>>>(din + off, dout + off, per_chunk);
		CHECK(cudaMemcpyAsync(hout + off, dout + off, bytes, cudaMemcpyDeviceToHost, s));
	}
	CHECK(cudaGetLastError());
}

int main(int argc, char **argv)
{
	long chunks = argc > 1 ? bench_arg(argv[0], "chunk count", argv[1]) : 96;
	long chunk_kb = argc > 2 ? bench_arg(argv[0], "chunk size (KB)", argv[2]) : 256;
	long iters = argc > 3 ? bench_arg(argv[0], "iteration count", argv[3]) : 200;
	int per_chunk = (int)(chunk_kb * 1024 / (long)sizeof(float));
	size_t n = (size_t)chunks * (size_t)per_chunk;
	cudaStream_t st[NSTREAMS];
	float *hin, *hout, *din, *dout;
	long long t0, t1;
	char extra[96];

	for (int i = 0; i < NSTREAMS; i++)
		CHECK(cudaStreamCreateWithFlags(&st[i], cudaStreamNonBlocking));
	CHECK(cudaMallocHost((void **)&hin, n * sizeof(float)));
	CHECK(cudaMallocHost((void **)&hout, n * sizeof(float)));
	CHECK(cudaMalloc((void **)&din, n * sizeof(float)));
	CHECK(cudaMalloc((void **)&dout, n * sizeof(float)));
	for (size_t i = 0; i < n; i++)
		hin[i] = (float)(i % 1000) * 0.25f;

	run_iteration(st, hin, hout, din, dout, chunks, per_chunk);
	CHECK(cudaDeviceSynchronize());

	t0 = bench_now_ns();
	for (long it = 0; it < iters; it++)
		run_iteration(st, hin, hout, din, dout, chunks, per_chunk);
	CHECK(cudaDeviceSynchronize());
	t1 = bench_now_ns();

	for (size_t i = 0; i < n; i++) {
		if (hout[i] != expect(hin[i])) {
			fprintf(stderr, "pipeline: wrong result at %zu: %g, expected %g\n", i,
				(double)hout[i], (double)expect(hin[i]));
			return 1;
		}
	}
	snprintf(extra, sizeof extra, "chunks=%ld chunk_kb=%ld iterations=%ld device_ops=%ld",
		 chunks, chunk_kb, iters, 3 * chunks * (iters + 1));
	bench_print("pipeline", 3 * chunks * iters, t1 - t0, extra);
	for (int i = 0; i < NSTREAMS; i++)
		CHECK(cudaStreamDestroy(st[i]));
	CHECK(cudaFree(din));
	CHECK(cudaFree(dout));
	CHECK(cudaFreeHost(hin));
	CHECK(cudaFreeHost(hout));
	return 0;
}
