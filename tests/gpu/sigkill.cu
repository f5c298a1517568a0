/*
 * sigkill: a program killed with SIGKILL mid-run (tracer check).
 *
 * Runs ROUNDS rounds, each one pinned_pipeline chunk (H2D, kernel, D2H on a
 * non-blocking stream) followed by a stream synchronize, a result check and
 * a 300 ms sleep, then kills itself with SIGKILL in the middle of the next
 * round's work. No exit handler runs. The tracer flushes completed records
 * every 100 ms by default, so the trace must open, pass PRAGMA
 * integrity_check and hold at least the ops of the rounds that ended 300 ms
 * before the kill (OC_EXPECT_MIN). Exit status: 137 traced or not.
 */
#include <signal.h>
#include <unistd.h>
#include "common.h"

#define ROUNDS 5

int main(void)
{
	struct pipe p;
	cudaStream_t s;

	CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	pipe_init(&p, 1, 0x5eed1401u);
	warm_up(s);
	for (int k = 0; k < ROUNDS; k++) {
		pipe_chunk(&p, k, s);
		CK(cudaStreamSynchronize(s));
		if (check_output(p.h_out + (size_t)k * CHUNK_ELEMS, CHUNK_ELEMS, p.seed,
				 (size_t)k * CHUNK_ELEMS, ITERS, "sigkill")) {
			fprintf(stderr, "sigkill: round %d: wrong data\n", k);
			return 1;
		}
		printf("sigkill: round %d verified\n", k);
		fflush(stdout);
		usleep(300 * 1000);
	}
	/* Everything above ended at least 300 ms ago: it must be in the trace. */
	print_expect("OC_EXPECT_MIN");
	pipe_chunk(&p, ROUNDS, s);
	raise(SIGKILL);
	return 3;
}
