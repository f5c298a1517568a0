/*
 * work.h: the data and the work shared by examples/sequential.cu and
 * examples/pipeline.cu, so that the two differ only in how the work is
 * queued (the sequential control of METHOD.md step 3).
 *
 * CHUNKS chunks of CHUNK_ELEMS 32-bit values (4 MB each) go host to device,
 * through `iterate` (ITERS dependent steps x = x * A + C per element) and
 * back. Host buffers are pinned in both programs. The ITERS steps compose
 * to one affine map, so the host checks every element exactly.
 */
#ifndef OC_EXAMPLE_WORK_H
#define OC_EXAMPLE_WORK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>

#define CHUNKS      8
#define CHUNK_ELEMS (1u << 20)
#define CHUNK_BYTES ((size_t)CHUNK_ELEMS * sizeof(uint32_t))
/* 5000 steps: ~115 us per chunk on an H200 (1500 took 35 us), longer than a
 * 4 MB pinned copy (~80 us), so the pipeline can hide its copies. */
#define ITERS       5000
#define BLOCKS      4096
#define THREADS     256

#define CK(call)                                                                   \
	do {                                                                       \
		cudaError_t ck_err_ = (call);                                      \
		if (ck_err_ != cudaSuccess) {                                      \
			fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, \
				#call, cudaGetErrorString(ck_err_));               \
			exit(2);                                                   \
		}                                                                  \
	} while (0)

__global__ void iterate(const uint32_t *in, uint32_t *out, size_t n, int iters)
{
	size_t stride = (size_t)gridDim.x * blockDim.x;
	for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
		uint32_t x = in[i];
		for (int k = 0; k < iters; k++)
			x = x * 1664525u + 1013904223u;
		out[i] = x;
	}
}

static uint32_t input_value(size_t i)
{
	uint32_t x = (uint32_t)i * 2654435761u ^ 0x9e3779b9u;
	x ^= x >> 15;
	return x * 2246822519u + 7u;
}

/* The buffers: pinned host input/output, one device in/out pair per chunk. */
struct work {
	uint32_t *h_in, *h_out;
	uint32_t *d_in[CHUNKS], *d_out[CHUNKS];
};

static void work_init(struct work *w)
{
	size_t total = (size_t)CHUNKS * CHUNK_BYTES;

	CK(cudaMallocHost(&w->h_in, total));
	CK(cudaMallocHost(&w->h_out, total));
	for (size_t i = 0; i < (size_t)CHUNKS * CHUNK_ELEMS; i++) {
		w->h_in[i] = input_value(i);
		w->h_out[i] = 0;
	}
	for (int k = 0; k < CHUNKS; k++) {
		CK(cudaMalloc(&w->d_in[k], CHUNK_BYTES));
		CK(cudaMalloc(&w->d_out[k], CHUNK_BYTES));
	}
}

/* Queues chunk k on stream s: copy in, compute, copy out. */
static void work_chunk(struct work *w, int k, cudaStream_t s)
{
	size_t off = (size_t)k * CHUNK_ELEMS;

	CK(cudaMemcpyAsync(w->d_in[k], w->h_in + off, CHUNK_BYTES, cudaMemcpyHostToDevice, s));
	iterate<<<BLOCKS, THREADS, 0, s>>>(w->d_in[k], w->d_out[k], CHUNK_ELEMS, ITERS);
	CK(cudaGetLastError());
	CK(cudaMemcpyAsync(w->h_out + off, w->d_out[k], CHUNK_BYTES, cudaMemcpyDeviceToHost, s));
}

/* Checks every output element; returns the number of wrong ones. */
static size_t work_check(const struct work *w)
{
	uint32_t a = 1, c = 0;
	size_t bad = 0;

	for (int k = 0; k < ITERS; k++) {
		a *= 1664525u;
		c = c * 1664525u + 1013904223u;
	}
	for (size_t i = 0; i < (size_t)CHUNKS * CHUNK_ELEMS; i++)
		if (w->h_out[i] != a * input_value(i) + c) {
			if (!bad)
				fprintf(stderr, "element %zu is %u, want %u\n", i, w->h_out[i],
					a * input_value(i) + c);
			bad++;
		}
	return bad;
}

static void work_release(struct work *w)
{
	for (int k = 0; k < CHUNKS; k++) {
		CK(cudaFree(w->d_in[k]));
		CK(cudaFree(w->d_out[k]));
	}
	CK(cudaFreeHost(w->h_in));
	CK(cudaFreeHost(w->h_out));
}

/* The same warm-up in both programs: context, module, one chunk, then reset
 * the output so the check sees only the timed run. */
static void work_warm_up(struct work *w, cudaStream_t s)
{
	work_chunk(w, 0, s);
	CK(cudaStreamSynchronize(s));
	for (size_t i = 0; i < CHUNK_ELEMS; i++)
		w->h_out[i] = 0;
}

#endif
