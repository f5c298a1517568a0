/*
 * multithread_kernels: small kernels from several host threads (scenario 10;
 * also the tracer's multi-threaded launcher check).
 *
 * THREADS host threads, each with its own non-blocking stream, start
 * together at a barrier and each launches KERNELS kernels of 8 blocks of 256
 * threads that run a long dependent loop (~100-200 us). Such a grid uses a
 * few SMs out of 132, so kernels from different streams run side by side:
 * they overlap. Each thread checks its own results after a
 * cudaStreamSynchronize; main prints them in thread order.
 */
#include <pthread.h>
#include "common.h"

#define THREADS 4
#define KERNELS 6
#define ELEMS   2048
#define SMALL_ITERS 40000

static pthread_barrier_t start;

struct job {
	int id;
	size_t bad;
};

static void *run(void *arg)
{
	struct job *j = (struct job *)arg;
	cudaStream_t s;
	uint32_t *h, *d;
	size_t bytes = (size_t)ELEMS * KERNELS * sizeof(uint32_t);
	uint32_t seed = 0x5eed0a00u + j->id;

	CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	CK(cudaMallocHost(&h, bytes));
	CK(cudaMalloc(&d, bytes));
	fill_input(h, (size_t)ELEMS * KERNELS, seed, 0);
	copy_async(d, h, bytes, cudaMemcpyHostToDevice, s);
	CK(cudaStreamSynchronize(s));
	pthread_barrier_wait(&start);
	for (int k = 0; k < KERNELS; k++) {
		lcg_kernel<<<8, 256, 0, s>>>(d + (size_t)k * ELEMS, d + (size_t)k * ELEMS, ELEMS,
					     SMALL_ITERS);
		CK_LAUNCH();
		count_kernel();
	}
	copy_async(h, d, bytes, cudaMemcpyDeviceToHost, s);
	CK(cudaStreamSynchronize(s));
	j->bad = check_output(h, (size_t)ELEMS * KERNELS, seed, 0, SMALL_ITERS, "multithread_kernels");
	CK(cudaFree(d));
	CK(cudaFreeHost(h));
	CK(cudaStreamDestroy(s));
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];
	struct job jobs[THREADS];
	int rc = 0;

	warm_up(0);
	pthread_barrier_init(&start, NULL, THREADS);
	for (int i = 0; i < THREADS; i++) {
		jobs[i].id = i;
		jobs[i].bad = 0;
		if (pthread_create(&t[i], NULL, run, &jobs[i])) {
			fprintf(stderr, "cannot create thread %d\n", i);
			return 2;
		}
	}
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < THREADS; i++) {
		if (jobs[i].bad) {
			fprintf(stderr, "multithread_kernels: thread %d: %zu wrong elements\n", i, jobs[i].bad);
			rc = 1;
		} else {
			printf("multithread_kernels: thread %d: %d kernels verified\n", i, KERNELS);
		}
	}
	print_expect("OC_EXPECT");
	return rc;
}
