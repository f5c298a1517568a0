/*
 * fix_pairs: four pairs of programs that differ by one fix, for checking
 * the report's bounds against the saving `compare` measures (issue 31,
 * docs/performance.md "Bounds against savings"; bench/fix-pairs.sh runs them).
 *
 *   fix_pairs CASE before|after
 *
 * Every case runs ROUNDS passes over the pipeline of tests/gpu/common.h
 * (CHUNKS chunks of 4 MB: H2D, a ~115 us kernel, D2H) inside one NVTX range
 * named "loop", which ends after the final cudaDeviceSynchronize; both
 * variants do the same copies and kernels (compare's same-work check) and
 * check their results. The warm-up and setup lie outside the range.
 *
 *   pin       before: host buffers from malloc() (pageable); after:
 *             cudaMallocHost (pinned). Three non-blocking streams.
 *   free      before: each chunk allocates a 1 MB scratch buffer and frees it
 *             after queueing the chunk (cudaFree waits for the device);
 *             after: the same allocations, freed after the range.
 *   legacy    a 4-byte cudaMemsetAsync on the legacy default stream after
 *             each chunk; before: the chunks' two streams are blocking
 *             (cudaStreamCreate), so each memset waits for them and they for
 *             it; after: the streams are non-blocking.
 *   prefetch  before: every chunk's copies and kernel in one stream; after:
 *             the H2D copies on a stream of their own, the kernels on a
 *             second (each waits for its chunk's copy by an event), the D2H
 *             copies on a third (each waits for its kernel by an event; a
 *             chunk's next-round copy and kernel wait for the work that
 *             last read the buffers they overwrite).
 */
#include <sys/syscall.h>
#include <unistd.h>
#include <nvtx3/nvToolsExt.h>
#include "../tests/gpu/common.h"

#define ROUNDS 3

static void usage(void)
{
	fprintf(stderr, "usage: fix_pairs pin|free|legacy|prefetch before|after\n");
	exit(2);
}

int main(int argc, char **argv)
{
	struct pipe p;
	cudaStream_t s[3];
	void *scratch[ROUNDS * CHUNKS];
	int n_scratch = 0;
	uint32_t *flag;
	cudaEvent_t eh[CHUNKS], ek[CHUNKS], ed[CHUNKS];

	if (argc != 3)
		usage();
	const char *c = argv[1];
	int after = !strcmp(argv[2], "after");
	if (!after && strcmp(argv[2], "before"))
		usage();
	int pin = !strcmp(c, "pin"), fr = !strcmp(c, "free"), leg = !strcmp(c, "legacy"),
	    pre = !strcmp(c, "prefetch");
	if (!pin && !fr && !leg && !pre)
		usage();

	for (int i = 0; i < 3; i++)
		if (leg && !after)
			CK(cudaStreamCreate(&s[i]));
		else
			CK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
	for (int k = 0; k < CHUNKS; k++) {
		CK(cudaEventCreateWithFlags(&eh[k], cudaEventDisableTiming));
		CK(cudaEventCreateWithFlags(&ek[k], cudaEventDisableTiming));
		CK(cudaEventCreateWithFlags(&ed[k], cudaEventDisableTiming));
	}
	CK(cudaMalloc(&flag, sizeof *flag));
	pipe_init(&p, !(pin && !after), 0x5eed3100u);
	warm_up(s[0]);

	nvtxRangePushA("loop");
	for (int r = 0; r < ROUNDS; r++)
		for (int k = 0; k < CHUNKS; k++) {
			if (pin) {
				pipe_chunk(&p, k, s[k % 3]);
			} else if (fr) {
				CK(cudaMalloc(&scratch[n_scratch], 1 << 20));
				pipe_chunk(&p, k, s[k % 3]);
				if (after)
					n_scratch++;
				else
					CK(cudaFree(scratch[n_scratch]));
			} else if (leg) {
				pipe_chunk(&p, k, s[k % 2]);
				CK(cudaMemsetAsync(flag, 0, sizeof *flag, 0));
				count_memset();
			} else if (!after) {
				pipe_chunk(&p, k, s[0]);
			} else {
				/* a chunk's buffers are reused by the next round: its copy
				 * waits for the kernel that read d_in, its kernel for the
				 * copy that read d_out */
				if (r)
					CK(cudaStreamWaitEvent(s[0], ek[k], 0));
				copy_async(p.d_in[k], p.h_in + (size_t)k * CHUNK_ELEMS, CHUNK_BYTES,
					   cudaMemcpyHostToDevice, s[0]);
				CK(cudaEventRecord(eh[k], s[0]));
				CK(cudaStreamWaitEvent(s[1], eh[k], 0));
				if (r)
					CK(cudaStreamWaitEvent(s[1], ed[k], 0));
				launch_lcg(p.d_in[k], p.d_out[k], CHUNK_ELEMS, ITERS, s[1]);
				CK(cudaEventRecord(ek[k], s[1]));
				CK(cudaStreamWaitEvent(s[2], ek[k], 0));
				copy_async(p.h_out + (size_t)k * CHUNK_ELEMS, p.d_out[k], CHUNK_BYTES,
					   cudaMemcpyDeviceToHost, s[2]);
				CK(cudaEventRecord(ed[k], s[2]));
			}
		}
	CK(cudaDeviceSynchronize());
	nvtxRangePop();

	for (int i = 0; i < n_scratch; i++)
		CK(cudaFree(scratch[i]));
	CK(cudaFree(flag));
	for (int k = 0; k < CHUNKS; k++) {
		CK(cudaEventDestroy(eh[k]));
		CK(cudaEventDestroy(ek[k]));
		CK(cudaEventDestroy(ed[k]));
	}
	for (int i = 0; i < 3; i++)
		CK(cudaStreamDestroy(s[i]));
	char name[64];
	snprintf(name, sizeof name, "fix_pairs %s %s", c, argv[2]);
	return pipe_finish(&p, name);
}
