/*
 * per_thread: per-thread default streams (scenario 14). Built with
 * --default-stream per-thread (Makefile: NVCC_EXTRA_per_thread).
 *
 * THREADS host threads start together at a barrier; each copies its own
 * pinned chunks in, runs the kernel and copies them out, all on stream 0,
 * which in this build is each thread's own per-thread default stream (the
 * runtime calls the _ptsz variants). Per-thread default streams do not
 * synchronize with each other, so one thread's copies overlap another's
 * kernels and copies; no op is on the legacy default stream.
 */
#include <pthread.h>
#include "common.h"

#define THREADS 4
#define PER_THREAD 2          /* chunks per thread: THREADS * PER_THREAD == CHUNKS */

static struct pipe p;
static pthread_barrier_t start;
static int errors[THREADS];

static void *run(void *arg)
{
	int id = (int)(intptr_t)arg;

	pthread_barrier_wait(&start);
	for (int i = 0; i < PER_THREAD; i++)
		pipe_chunk(&p, id * PER_THREAD + i, 0);
	errors[id] = cudaStreamSynchronize(0) != cudaSuccess;
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];

	warm_up(0);
	pipe_init(&p, 1, 0x5eed0e01u);
	pthread_barrier_init(&start, NULL, THREADS);
	for (int i = 0; i < THREADS; i++)
		if (pthread_create(&t[i], NULL, run, (void *)(intptr_t)i)) {
			fprintf(stderr, "cannot create thread %d\n", i);
			return 2;
		}
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < THREADS; i++)
		if (errors[i]) {
			fprintf(stderr, "per_thread: thread %d: stream synchronize failed\n", i);
			return 2;
		}
	CK(cudaDeviceSynchronize());
	return pipe_finish(&p, "per_thread");
}
