/*
 * bench-util.h: what every benchmark program in bench/ shares.
 *
 * Each program times its own steady-state loop with CLOCK_MONOTONIC around a
 * synchronized region, after a warm-up, and prints one line
 *
 *   BENCH name=NAME ops=N ns_per_op=X total_ns=T [key=value ...]
 *
 * which bench/bench.py parses. Process start-up, CUDA initialisation and
 * trace finalisation are outside that region on purpose: bench.py records the
 * whole process's wall time separately.
 */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cuda_runtime.h>

#define CHECK(call) do {                                                     \
	cudaError_t e_ = (call);                                             \
	if (e_ != cudaSuccess) {                                             \
		fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,  \
			#call, cudaGetErrorString(e_));                      \
		exit(1);                                                     \
	}                                                                    \
} while (0)

static inline long long bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* A positive integer argument, or die with a usage message. */
static inline long bench_arg(const char *prog, const char *what, const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*end || v <= 0) {
		fprintf(stderr, "%s: invalid %s '%s': expected a positive integer\n", prog, what, s);
		exit(2);
	}
	return v;
}

static inline void bench_print(const char *name, long long ops, long long total_ns,
			       const char *extra)
{
	printf("BENCH name=%s ops=%lld ns_per_op=%.1f total_ns=%lld%s%s\n", name, ops,
	       (double)total_ns / (double)ops, total_ns, extra && *extra ? " " : "",
	       extra ? extra : "");
	fflush(stdout);
}

#endif
