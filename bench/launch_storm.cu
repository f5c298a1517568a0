/*
 * launch_storm.cu: time per launch of an empty kernel.
 *
 *   launch_storm [KERNELS] [WARMUP]       (default 200000, 2000)
 *
 * Launches KERNELS empty <<<1,1>>> kernels back to back into one explicit
 * non-blocking stream and synchronizes once. The CPU cost of a launch (plus
 * whatever a tracer adds to it) sets the rate, because the GPU runs an empty
 * kernel faster than the CPU can queue the next one. Prints the BENCH line
 * described in bench-util.h.
 */
#include "bench-util.h"

__global__ void empty_kernel(void) {}

int main(int argc, char **argv)
{
	long n = argc > 1 ? bench_arg(argv[0], "kernel count", argv[1]) : 200000;
	long warmup = argc > 2 ? bench_arg(argv[0], "warm-up count", argv[2]) : 2000;
	cudaStream_t s;
	long long t0, t1;
	char extra[64];

	CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	for (long i = 0; i < warmup; i++)
		empty_kernel<<<1, 1, 0, s>>>();
	CHECK(cudaGetLastError());
	CHECK(cudaStreamSynchronize(s));

	t0 = bench_now_ns();
	for (long i = 0; i < n; i++)
		empty_kernel<<<1, 1, 0, s>>>();
	CHECK(cudaGetLastError());
	CHECK(cudaStreamSynchronize(s));
	t1 = bench_now_ns();

	snprintf(extra, sizeof extra, "device_ops=%ld", n + warmup);
	bench_print("launch_storm", n, t1 - t0, extra);
	CHECK(cudaStreamDestroy(s));
	return 0;
}
