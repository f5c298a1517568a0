/*
 * copy_storm.cu: time per small asynchronous host-to-device copy.
 *
 *   copy_storm [COPIES] [BYTES] [WARMUP]   (default 50000, 4096, 1000)
 *
 * Queues COPIES cudaMemcpyAsync calls of BYTES each from pinned host memory
 * into one explicit non-blocking stream, cycling over 256 slots so that every
 * copy has its own source and destination, then synchronizes once. Afterwards
 * it reads the slots back and checks them, so a broken run cannot pass as a
 * fast one. Prints the BENCH line described in bench-util.h.
 */
#include "bench-util.h"

#define SLOTS 256

int main(int argc, char **argv)
{
	long n = argc > 1 ? bench_arg(argv[0], "copy count", argv[1]) : 50000;
	long bytes = argc > 2 ? bench_arg(argv[0], "copy size", argv[2]) : 4096;
	long warmup = argc > 3 ? bench_arg(argv[0], "warm-up count", argv[3]) : 1000;
	size_t total = (size_t)SLOTS * (size_t)bytes;
	unsigned char *host, *dev, *back;
	cudaStream_t s;
	long long t0, t1;
	char extra[64];

	CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	CHECK(cudaMallocHost((void **)&host, total));
	CHECK(cudaMallocHost((void **)&back, total));
	CHECK(cudaMalloc((void **)&dev, total));
	for (size_t i = 0; i < total; i++)
		host[i] = (unsigned char)(i * 7 + i / (size_t)bytes);
	CHECK(cudaMemset(dev, 0, total));
	CHECK(cudaDeviceSynchronize());

	for (long i = 0; i < warmup; i++) {
		size_t off = (size_t)(i % SLOTS) * (size_t)bytes;
		CHECK(cudaMemcpyAsync(dev + off, host + off, (size_t)bytes, cudaMemcpyHostToDevice, s));
	}
	CHECK(cudaStreamSynchronize(s));

	t0 = bench_now_ns();
	for (long i = 0; i < n; i++) {
		size_t off = (size_t)(i % SLOTS) * (size_t)bytes;
		CHECK(cudaMemcpyAsync(dev + off, host + off, (size_t)bytes, cudaMemcpyHostToDevice, s));
	}
	CHECK(cudaStreamSynchronize(s));
	t1 = bench_now_ns();

	CHECK(cudaMemcpy(back, dev, total, cudaMemcpyDeviceToHost));
	if (memcmp(back, host, (size_t)(n + warmup < SLOTS ? n + warmup : SLOTS) * (size_t)bytes)) {
		fprintf(stderr, "copy_storm: data read back differs from what was copied\n");
		return 1;
	}
	snprintf(extra, sizeof extra, "bytes=%ld device_ops=%ld", bytes, n + warmup + 2);
	bench_print("copy_storm", n, t1 - t0, extra);
	CHECK(cudaFree(dev));
	CHECK(cudaFreeHost(host));
	CHECK(cudaFreeHost(back));
	CHECK(cudaStreamDestroy(s));
	return 0;
}
