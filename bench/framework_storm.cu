/*
 * framework_storm.cu: a framework's kernel launch, without the framework.
 *
 *   framework_storm [KERNELS] [QUERIES] [WARMUP]     (default 200000, 6, 2000)
 *
 * PyTorch asks the runtime and the driver about host state around every
 * launch. Counted on the H200 by bench/cupti-spy.c under overlapcheck
 * (bench/torch_loop.py, 2 000 iterations, 11 000 kernels, 2026-12-04), per
 * kernel: 6.6 cudaGetDevice (each with a nested cuCtxGetDevice_v2), 2
 * cuDevicePrimaryCtxGetState called on the driver directly, 1
 * cudaGetLastError and the cudaLaunchKernel (with its nested
 * cuLaunchKernel). This program makes that sequence: QUERIES cudaGetDevice,
 * 2 cuDevicePrimaryCtxGetState (looked up with
 * cudaGetDriverEntryPointByVersion, as PyTorch does), one empty <<<1,1>>>
 * kernel into one non-blocking stream and one cudaGetLastError, KERNELS
 * times, then synchronizes once. The GPU runs an empty kernel faster than
 * this loop queues one, so the host's cost per launch, a tracer's
 * callbacks included, sets the rate, without Python's noise around it
 * (bench/torch_loop.py's lean floor spreads over 10.6 to 18.9 us per op in
 * one command). QUERIES 0 leaves the queries out (a launch storm with its
 * error check). Prints the BENCH line of bench-util.h, an op being a kernel.
 */
#include <cuda.h>

#include "bench-util.h"

typedef CUresult (*primary_state_fn)(CUdevice, unsigned int *, int *);

__global__ void empty_kernel(void) {}

/* One framework launch: the queries, the launch, the error check. */
static void step(cudaStream_t s, long queries, primary_state_fn state, int *dev)
{
	unsigned int flags;
	int active;

	for (long q = 0; q < queries; q++)
		CHECK(cudaGetDevice(dev));
	for (int q = 0; q < 2 && queries > 0; q++)
		if (state(*dev, &flags, &active) != CUDA_SUCCESS) {
			fprintf(stderr, "framework_storm: cuDevicePrimaryCtxGetState failed\n");
			exit(1);
		}
	empty_kernel<<<1, 1, 0, s>>>();
	CHECK(cudaGetLastError());
}

/* A count, 0 allowed, or die with a usage message. */
static long count_arg(const char *prog, const char *what, const char *v)
{
	char *end;
	long n = strtol(v, &end, 10);

	if (*v == 0 || *end || n < 0) {
		fprintf(stderr, "%s: the %s must be a count (0 or more), not '%s'\n", prog, what, v);
		exit(2);
	}
	return n;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? bench_arg(argv[0], "kernel count", argv[1]) : 200000;
	long queries = argc > 2 ? count_arg(argv[0], "query count", argv[2]) : 6;
	long warmup = argc > 3 ? count_arg(argv[0], "warm-up count", argv[3]) : 2000;
	enum cudaDriverEntryPointQueryResult found;
	primary_state_fn state = NULL;
	cudaStream_t s;
	long long t0, t1;
	char extra[96];
	int dev = 0;

	CHECK(cudaGetDriverEntryPointByVersion("cuDevicePrimaryCtxGetState", (void **)&state, 12000,
					       cudaEnableDefault, &found));
	if (found != cudaDriverEntryPointSuccess || !state) {
		fprintf(stderr, "framework_storm: cuDevicePrimaryCtxGetState not found\n");
		return 1;
	}
	CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	for (long i = 0; i < warmup; i++)
		step(s, queries, state, &dev);
	CHECK(cudaStreamSynchronize(s));

	t0 = bench_now_ns();
	for (long i = 0; i < n; i++)
		step(s, queries, state, &dev);
	CHECK(cudaStreamSynchronize(s));
	t1 = bench_now_ns();

	snprintf(extra, sizeof extra, "device_ops=%ld queries_per_kernel=%ld", n + warmup,
		 queries ? queries + 2 : 0);
	bench_print("framework_storm", n, t1 - t0, extra);
	CHECK(cudaStreamDestroy(s));
	return 0;
}
