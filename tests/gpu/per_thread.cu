/*
 * per_thread: per-thread default streams (scenario 14). Built with
 * --default-stream per-thread (Makefile: NVCC_EXTRA_per_thread).
 *
 * THREADS host threads each own PER_THREAD pinned chunks and process them
 * ROUNDS times: copy in, run the kernel, copy out, all on stream 0, which in
 * this build is each thread's own per-thread default stream (the runtime
 * calls the _ptsz variants). Rounds rewrite the same outputs with the same
 * values, so the check stays exact.
 *
 * A thread's first use of its per-thread stream costs milliseconds (seen on
 * an H200: about 6 ms), longer than its whole work. So each thread first
 * warms its own stream up (a tiny kernel and a synchronize); only then do
 * all threads meet at a spinning barrier and queue their rounds. Each
 * thread's queue holds ROUNDS * PER_THREAD * 3 ops, about 2 ms of GPU work,
 * so the threads' work interleaves on the device: per-thread default streams
 * do not synchronize with each other, so one thread's copies overlap
 * another's kernels and copies, and no op is on the legacy default stream.
 */
#include <pthread.h>
#include "common.h"

#define THREADS 4
#define PER_THREAD 2          /* chunks per thread: THREADS * PER_THREAD == CHUNKS */
#define ROUNDS 4

static struct pipe p;
static struct spin_barrier start = { THREADS, 0 };
static int errors[THREADS];
static unsigned int *counters[THREADS];

static void *run(void *arg)
{
	int id = (int)(intptr_t)arg;

	/* This thread's per-thread stream: created by its first use, here. */
	bump_kernel<<<1, 32, 0, 0>>>(counters[id]);
	CK_LAUNCH();
	count_kernel();
	CK(cudaStreamSynchronize(0));

	spin_barrier_wait(&start);
	for (int r = 0; r < ROUNDS; r++)
		for (int i = 0; i < PER_THREAD; i++)
			pipe_chunk(&p, id * PER_THREAD + i, 0);
	errors[id] = cudaStreamSynchronize(0) != cudaSuccess;
	return NULL;
}

int main(void)
{
	pthread_t t[THREADS];

	/* Everything is allocated first: no cudaMalloc or cudaFree (which can
	 * synchronize and takes locks) runs while the threads submit. */
	pipe_init(&p, 1, 0x5eed0e01u);
	for (int i = 0; i < THREADS; i++)
		CK(cudaMalloc(&counters[i], sizeof *counters[i]));
	warm_up(0);
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
	for (int i = 0; i < THREADS; i++)
		CK(cudaFree(counters[i]));
	return pipe_finish(&p, "per_thread");
}
