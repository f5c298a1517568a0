/*
 * fork_after_init: fork() after CUDA is initialized (tracer check).
 *
 * The parent initializes CUDA and runs half of pinned_pipeline's chunks.
 * Then it forks twice:
 *   - child 1 touches no CUDA: it checks a host computation and calls
 *     exit(0), which runs the exit handlers it inherited;
 *   - child 2 execs this program with --child, a fresh process that runs
 *     its own small CUDA job (it gets its own trace, named with its pid).
 * The parent waits for both, runs the other half of the chunks and checks
 * everything. Its trace must hold every op it queued (OC_EXPECT) and nothing
 * from the children; after fork() the child must not flush or finalize the
 * parent's CUPTI state.
 */
#include <sys/wait.h>
#include <unistd.h>
#include "common.h"

static int child_cuda(void)
{
	uint32_t *h, *d;
	size_t n = 1u << 16;

	CK(cudaMallocHost(&h, n * sizeof *h));
	CK(cudaMalloc(&d, n * sizeof *d));
	fill_input(h, n, 0x5eed1302u, 0);
	CK(cudaMemcpy(d, h, n * sizeof *h, cudaMemcpyHostToDevice));
	lcg_kernel<<<256, 256>>>(d, d, n, 100);
	CK_LAUNCH();
	CK(cudaMemcpy(h, d, n * sizeof *h, cudaMemcpyDeviceToHost));
	if (check_output(h, n, 0x5eed1302u, 0, 100, "fork_after_init child"))
		return 1;
	CK(cudaFree(d));
	CK(cudaFreeHost(h));
	printf("OC_CHILD kernels=1 memcpy=2 memset=0\n");
	return 0;
}

static int wait_child(pid_t pid, const char *what)
{
	int status;

	if (waitpid(pid, &status, 0) != pid) {
		perror("waitpid");
		return 1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "fork_after_init: %s failed (status 0x%x)\n", what, status);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct pipe p;
	cudaStream_t s[3];
	pid_t pid;
	int rc = 0;

	if (argc > 1 && !strcmp(argv[1], "--child"))
		return child_cuda();

	for (int i = 0; i < 3; i++)
		CK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
	pipe_init(&p, 1, 0x5eed1301u);
	warm_up(s[0]);
	for (int k = 0; k < CHUNKS / 2; k++)
		pipe_chunk(&p, k, s[k % 3]);
	CK(cudaDeviceSynchronize());
	fflush(stdout);

	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 2;
	}
	if (pid == 0) {
		/* No CUDA here: a host-only check of the LCG composition. It
		 * ends with exit(), not _exit(), so the exit handlers inherited
		 * from the parent (the tracer's among them) do run. */
		struct affine f = lcg_power(10);
		uint32_t x = 12345;
		for (int i = 0; i < 10; i++)
			x = x * LCG_A + LCG_C;
		exit(x == f.a * 12345u + f.c ? 0 : 1);
	}
	rc |= wait_child(pid, "child without CUDA");

	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 2;
	}
	if (pid == 0) {
		execl("/proc/self/exe", argv[0], "--child", (char *)NULL);
		perror("exec");
		_exit(127);
	}
	rc |= wait_child(pid, "CUDA child");

	for (int k = CHUNKS / 2; k < CHUNKS; k++)
		pipe_chunk(&p, k, s[k % 3]);
	CK(cudaDeviceSynchronize());
	for (int i = 0; i < 3; i++)
		CK(cudaStreamDestroy(s[i]));
	rc |= pipe_finish(&p, "fork_after_init");
	return rc;
}
