/*
 * multithread_kernels: small kernels from several host threads (scenario 10;
 * also the tracer's multi-threaded launcher check).
 *
 * THREADS host threads, each with its own non-blocking stream. Each first
 * does all its setup (its stream, its input copy, one tiny warm-up kernel on
 * its stream, a synchronize; main allocated the buffers), then all threads meet
 * at a spinning barrier and each launches KERNELS kernels of 8 blocks of 256
 * threads that run a long dependent loop (about 250 us each, so each
 * thread's queue holds about 2 ms of work). Such a grid uses 8 SMs out of
 * 132, so kernels from different streams run side by side: they overlap.
 * After a second barrier (no thread frees memory, which synchronizes, while
 * another still submits) each thread copies its results back and checks
 * them; main prints them in thread order.
 */
#include <pthread.h>
#include "common.h"

#define THREADS 4
#define KERNELS 8
#define ELEMS   2048
#define SMALL_ITERS 250000    /* 40000 took 39 us on an H200 */

static struct spin_barrier start = { THREADS, 0 };
static struct spin_barrier done = { THREADS, 0 };

struct job {
	int id;
	size_t bad;
	cudaStream_t s;
	uint32_t *h, *d;
	unsigned int *counter;
};

static void *run(void *arg)
{
	struct job *j = (struct job *)arg;
	size_t bytes = (size_t)ELEMS * KERNELS * sizeof(uint32_t);
	uint32_t seed = 0x5eed0a00u + j->id;

	CK(cudaStreamCreateWithFlags(&j->s, cudaStreamNonBlocking));
	fill_input(j->h, (size_t)ELEMS * KERNELS, seed, 0);
	copy_async(j->d, j->h, bytes, cudaMemcpyHostToDevice, j->s);
	bump_kernel<<<1, 32, 0, j->s>>>(j->counter);
	CK_LAUNCH();
	count_kernel();
	CK(cudaStreamSynchronize(j->s));

	spin_barrier_wait(&start);
	for (int k = 0; k < KERNELS; k++) {
		lcg_kernel<<<8, 256, 0, j->s>>>(j->d + (size_t)k * ELEMS, j->d + (size_t)k * ELEMS,
						ELEMS, SMALL_ITERS);
		CK_LAUNCH();
		count_kernel();
	}
	copy_async(j->h, j->d, bytes, cudaMemcpyDeviceToHost, j->s);
	CK(cudaStreamSynchronize(j->s));
	spin_barrier_wait(&done);
	j->bad = check_output(j->h, (size_t)ELEMS * KERNELS, seed, 0, SMALL_ITERS, "multithread_kernels");
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];
	struct job jobs[THREADS];
	struct cudaFuncAttributes attr;
	size_t bytes = (size_t)ELEMS * KERNELS * sizeof(uint32_t);
	int rc = 0;

	/* Allocate everything, load lcg_kernel (lazy module loading would do it
	 * in the first thread's first launch), then warm up. */
	for (int i = 0; i < THREADS; i++) {
		memset(&jobs[i], 0, sizeof jobs[i]);
		jobs[i].id = i;
		CK(cudaMallocHost(&jobs[i].h, bytes));
		CK(cudaMalloc(&jobs[i].d, bytes));
		CK(cudaMalloc(&jobs[i].counter, sizeof *jobs[i].counter));
	}
	CK(cudaFuncGetAttributes(&attr, lcg_kernel));
	warm_up(0);
	for (int i = 0; i < THREADS; i++) {
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
		CK(cudaStreamDestroy(jobs[i].s));
		CK(cudaFree(jobs[i].d));
		CK(cudaFree(jobs[i].counter));
		CK(cudaFreeHost(jobs[i].h));
	}
	print_expect("OC_EXPECT");
	return rc;
}
