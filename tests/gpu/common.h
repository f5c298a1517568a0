/*
 * common.h: shared pieces of the ground-truth GPU programs (the .cu files of
 * tests/gpu; examples/ has its own work.h).
 *
 * Every program is built so that the right verdict is known from its design
 * (see tests/gpu/expect/NAME.expect), checks its own results, and exits
 * non-zero on wrong data or on any CUDA error. Each prints, last, one line
 *
 *   OC_EXPECT kernels=K memcpy=M memset=S
 *
 * with the number of device ops it queued (graph nodes counted per launch),
 * so that the GPU suite can check that every one of them is in the trace.
 * OC_EXPECT_MIN has the same fields and means "at least" (programs whose
 * libraries may queue more). Nothing else the programs print varies from run
 * to run, so a traced and an untraced run must print the same text.
 *
 * The work: a chunked "affine LCG" kernel. Each element goes through ITERS
 * steps of x = x * A + C (mod 2^32). ITERS steps compose to one affine map,
 * so the host checks every element in O(1) (check_chunk()) while the device
 * pays ITERS dependent integer multiply-adds per element (tens to hundreds
 * of microseconds per 4 MB chunk on an H100/H200).
 */
#ifndef OC_GPU_COMMON_H
#define OC_GPU_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cuda_runtime.h>

#define CK(call)                                                                   \
	do {                                                                       \
		cudaError_t ck_err_ = (call);                                      \
		if (ck_err_ != cudaSuccess) {                                      \
			fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, \
				#call, cudaGetErrorString(ck_err_));               \
			exit(2);                                                   \
		}                                                                  \
	} while (0)

/* After every launch: catches launch configuration errors at once. */
#define CK_LAUNCH() CK(cudaGetLastError())

#define LCG_A 1664525u
#define LCG_C 1013904223u

/* Defaults shared by the pipeline scenarios. */
#define CHUNKS      8
#define CHUNK_ELEMS (1u << 20)                      /* 4 MB of uint32 per chunk */
#define CHUNK_BYTES ((size_t)CHUNK_ELEMS * sizeof(uint32_t))
/*
 * ITERS sets a chunk's kernel time. Measured on an H200 (CUDA 13.0): 1500
 * steps took 35 us per chunk (about 23 ns per step), while a 4 MB pinned copy
 * takes about 80 us (52 GB/s). 5000 steps make the kernel about 115 us, longer
 * than either copy of its neighbours, so a pipeline is compute-bound and can
 * hide every copy but the first H2D and the last D2H behind a kernel.
 */
#define ITERS       5000

/* Device op counters, printed by print_expect(). */
static unsigned long oc_n_kernels, oc_n_memcpy, oc_n_memset;

static inline void count_kernel(void) { __atomic_add_fetch(&oc_n_kernels, 1, __ATOMIC_RELAXED); }
static inline void count_memcpy(void) { __atomic_add_fetch(&oc_n_memcpy, 1, __ATOMIC_RELAXED); }
static inline void count_memset(void) { __atomic_add_fetch(&oc_n_memset, 1, __ATOMIC_RELAXED); }

static inline void print_expect(const char *tag)
{
	printf("%s kernels=%lu memcpy=%lu memset=%lu\n", tag, oc_n_kernels, oc_n_memcpy, oc_n_memset);
	fflush(stdout);
}

/* out[i] = LCG^iters(in[i]), grid-stride. in and out may be the same buffer. */
__global__ void lcg_kernel(const uint32_t *in, uint32_t *out, size_t n, int iters)
{
	size_t stride = (size_t)gridDim.x * blockDim.x;
	for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
		uint32_t x = in[i];
		for (int k = 0; k < iters; k++)
			x = x * LCG_A + LCG_C;
		out[i] = x;
	}
}

/* One tiny kernel: adds 1 to *counter. Used as a warm-up and as a marker op. */
__global__ void bump_kernel(unsigned int *counter)
{
	if (blockIdx.x == 0 && threadIdx.x == 0)
		atomicAdd(counter, 1u);
}

/* The affine map that `iters` LCG steps compose to: x -> a * x + c. */
struct affine { uint32_t a, c; };

static inline struct affine lcg_power(int iters)
{
	struct affine f = { 1u, 0u };
	for (int k = 0; k < iters; k++) {
		f.a = f.a * LCG_A;
		f.c = f.c * LCG_A + LCG_C;
	}
	return f;
}

/* The input of element i of a run with `seed`. */
static inline uint32_t input_value(uint32_t seed, size_t i)
{
	uint32_t x = (uint32_t)i * 2654435761u ^ seed;
	x ^= x >> 15;
	return x * 2246822519u + seed;
}

static inline void fill_input(uint32_t *h, size_t n, uint32_t seed, size_t first)
{
	for (size_t i = 0; i < n; i++)
		h[i] = input_value(seed, first + i);
}

/*
 * Checks out[0..n) against the inputs of elements first..first+n after
 * `iters` steps. Returns the number of wrong elements and prints the first.
 */
static inline size_t check_output(const uint32_t *out, size_t n, uint32_t seed, size_t first,
				  int iters, const char *what)
{
	struct affine f = lcg_power(iters);
	size_t bad = 0;

	for (size_t i = 0; i < n; i++) {
		uint32_t want = f.a * input_value(seed, first + i) + f.c;
		if (out[i] != want) {
			if (!bad)
				fprintf(stderr, "%s: element %zu is %u, want %u\n", what, first + i,
					out[i], want);
			bad++;
		}
	}
	return bad;
}

static inline void launch_lcg(const uint32_t *in, uint32_t *out, size_t n, int iters,
			      cudaStream_t s)
{
	unsigned blocks = (unsigned)((n + 255) / 256);
	if (blocks > 4096)
		blocks = 4096;
	lcg_kernel<<<blocks, 256, 0, s>>>(in, out, n, iters);
	CK_LAUNCH();
	count_kernel();
}

static inline void copy_async(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind,
			      cudaStream_t s)
{
	CK(cudaMemcpyAsync(dst, src, bytes, kind, s));
	count_memcpy();
}

/* Creates the context and loads the module: one tiny kernel, then a sync. */
static inline void warm_up(cudaStream_t s)
{
	unsigned int *c;
	CK(cudaMalloc(&c, sizeof *c));
	bump_kernel<<<1, 32, 0, s>>>(c);
	CK_LAUNCH();
	count_kernel();
	CK(cudaStreamSynchronize(s));
	CK(cudaFree(c));
}

/*
 * A spinning barrier for `n` threads, used once: all threads leave it within
 * microseconds of the last arrival (a pthread barrier's futex wake-up was
 * seen to release one thread a millisecond after the others).
 */
struct spin_barrier { unsigned n, arrived; };

static inline void spin_barrier_wait(struct spin_barrier *b)
{
	__atomic_add_fetch(&b->arrived, 1u, __ATOMIC_ACQ_REL);
	while (__atomic_load_n(&b->arrived, __ATOMIC_ACQUIRE) < b->n)
		;
}

/* Busy-waits the CPU for `us` microseconds (no sleep: the thread stays on CPU). */
static inline void spin_us(double us)
{
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	do
		clock_gettime(CLOCK_MONOTONIC, &b);
	while ((b.tv_sec - a.tv_sec) * 1e6 + (b.tv_nsec - a.tv_nsec) / 1e3 < us);
}

static inline double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/*
 * The chunked pipeline most scenarios vary: CHUNKS chunks of CHUNK_ELEMS,
 * host input and output buffers (pinned or pageable, as the scenario says),
 * one device input and output buffer per chunk (no reuse hazards).
 */
struct pipe {
	uint32_t *h_in, *h_out;
	uint32_t *d_in[CHUNKS], *d_out[CHUNKS];
	int pinned;
	uint32_t seed;
};

static inline void pipe_init(struct pipe *p, int pinned, uint32_t seed)
{
	size_t total = (size_t)CHUNKS * CHUNK_BYTES;

	memset(p, 0, sizeof *p);
	p->pinned = pinned;
	p->seed = seed;
	if (pinned) {
		CK(cudaMallocHost(&p->h_in, total));
		CK(cudaMallocHost(&p->h_out, total));
	} else {
		p->h_in = (uint32_t *)malloc(total);
		p->h_out = (uint32_t *)malloc(total);
		if (!p->h_in || !p->h_out) {
			fprintf(stderr, "out of host memory\n");
			exit(2);
		}
	}
	fill_input(p->h_in, (size_t)CHUNKS * CHUNK_ELEMS, seed, 0);
	memset(p->h_out, 0, total);
	for (int k = 0; k < CHUNKS; k++) {
		CK(cudaMalloc(&p->d_in[k], CHUNK_BYTES));
		CK(cudaMalloc(&p->d_out[k], CHUNK_BYTES));
	}
}

/* Queues chunk k: H2D, kernel, D2H, all on stream s. */
static inline void pipe_chunk(struct pipe *p, int k, cudaStream_t s)
{
	copy_async(p->d_in[k], p->h_in + (size_t)k * CHUNK_ELEMS, CHUNK_BYTES,
		   cudaMemcpyHostToDevice, s);
	launch_lcg(p->d_in[k], p->d_out[k], CHUNK_ELEMS, ITERS, s);
	copy_async(p->h_out + (size_t)k * CHUNK_ELEMS, p->d_out[k], CHUNK_BYTES,
		   cudaMemcpyDeviceToHost, s);
}

/* Checks all chunks (call after the work is synchronized); 0 when right. */
static inline int pipe_check(struct pipe *p, const char *name)
{
	size_t bad = check_output(p->h_out, (size_t)CHUNKS * CHUNK_ELEMS, p->seed, 0, ITERS, name);
	if (bad) {
		fprintf(stderr, "%s: %zu wrong elements\n", name, bad);
		return 1;
	}
	printf("%s: %d chunks of %zu bytes verified\n", name, CHUNKS, CHUNK_BYTES);
	return 0;
}

static inline void pipe_release(struct pipe *p)
{
	for (int k = 0; k < CHUNKS; k++) {
		CK(cudaFree(p->d_in[k]));
		CK(cudaFree(p->d_out[k]));
	}
	if (p->pinned) {
		CK(cudaFreeHost(p->h_in));
		CK(cudaFreeHost(p->h_out));
	} else {
		free(p->h_in);
		free(p->h_out);
	}
}

/* The usual end of main(): check, release, print the counts, exit status. */
static inline int pipe_finish(struct pipe *p, const char *name)
{
	int rc = pipe_check(p, name);
	pipe_release(p);
	print_expect("OC_EXPECT");
	return rc;
}

#endif
