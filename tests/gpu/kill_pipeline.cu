/*
 * kill_pipeline: a long-running three-stream pipeline that logs its own
 * completed iterations, for the kill trials (tests/gpu/kill_trials.py).
 *
 *   kill_pipeline LOG [--seconds S] [--iters N]
 *
 * Iteration k: H2D, kernel, D2H of one chunk on stream k % 3 (non-blocking,
 * pinned host memory), DEPTH iterations in flight, so the device never
 * idles. Slot k % DEPTH holds the input (filled once, so that the host is
 * never what the device waits for) and the output. When iteration k's event
 * has completed, the program checks a sample of its output and appends "k T" to LOG, T its CLOCK_REALTIME ns
 * (CUPTI's activity clock): the ground truth a trial compares the trace
 * with. The first line of LOG is "pid P". Each line is one write(2) on an
 * O_APPEND descriptor, so a SIGKILL loses none that was written.
 *
 * The trace can tell the iterations apart: iteration k's copies move
 * CHUNK_ELEMS - (k % 1024) elements and its kernel has 3000 + (k % 1024)
 * blocks, so the tag k % 1024 and the order of start times give k back.
 *
 * Runs until killed, or --seconds (default 60) or --iters; then prints
 * "kill_pipeline: N iterations verified" and OC_EXPECT_MIN, and exits 0
 * (1 on wrong data). With --iters the output is the same every run (the
 * full-disk check compares it with an untraced run's).
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "common.h"

#define DEPTH 6
#define KP_ELEMS (1u << 20)
#define KP_ITERS 20000      /* about 0.5 ms of kernel per chunk on an H200 */
#define TAGS 1024

static uint64_t real_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_REALTIME, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static void log_line(int fd, const char *s)
{
	size_t n = strlen(s);
	while (n > 0) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			fprintf(stderr, "kill_pipeline: cannot write the log: %s\n", strerror(errno));
			exit(2);
		}
		s += w;
		n -= (size_t)w;
	}
}

/* Iteration k's kernel: lcg_kernel with its tag in the grid. */
static void launch_tagged(const uint32_t *in, uint32_t *out, size_t n, int k, cudaStream_t s)
{
	lcg_kernel<<<3000 + (k % TAGS), 256, 0, s>>>(in, out, n, KP_ITERS);
	CK_LAUNCH();
	count_kernel();
}

/* One element of iteration k's output, which came from slot's input: 0 when right. */
static int check_one(const uint32_t *out, size_t i, uint32_t seed, int slot, long k)
{
	static struct affine f;
	if (!f.a)
		f = lcg_power(KP_ITERS);
	uint32_t want = f.a * input_value(seed, (size_t)slot * KP_ELEMS + i) + f.c;
	if (out[i] == want)
		return 0;
	fprintf(stderr, "kill_pipeline: iteration %ld element %zu is %u, want %u\n", k, i, out[i], want);
	return 1;
}

/* A sample of iteration k's n outputs: every 4099th element and the last. */
static int check_sample(const uint32_t *out, size_t n, uint32_t seed, int slot, long k)
{
	for (size_t i = 0; i < n; i += 4099)
		if (check_one(out, i, seed, slot, k))
			return 1;
	return check_one(out, n - 1, seed, slot, k);
}

/* Iteration j is done when its event is: then its time, its output's sample, its log line. */
static int complete(int fd, cudaEvent_t ev, const uint32_t *out, uint32_t seed, long j)
{
	char line[96];

	CK(cudaEventSynchronize(ev));
	uint64_t t = real_ns();
	if (check_sample(out, KP_ELEMS - (size_t)(j % TAGS), seed, (int)(j % DEPTH), j))
		return 1;
	snprintf(line, sizeof line, "%ld %llu\n", j, (unsigned long long)t);
	log_line(fd, line);
	return 0;
}

int main(int argc, char **argv)
{
	const uint32_t seed = 0x5eed1499u;
	double seconds = 60;
	long iters = -1;
	cudaStream_t s[3];
	cudaEvent_t ev[DEPTH];
	uint32_t *h_in[DEPTH], *h_out[DEPTH], *d_in[DEPTH], *d_out[DEPTH];
	char line[96];
	long done = 0;
	int fd;

	if (argc < 2) {
		fprintf(stderr, "usage: kill_pipeline LOG [--seconds S] [--iters N]\n");
		return 2;
	}
	for (int i = 2; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--seconds"))
			seconds = atof(argv[i + 1]);
		else if (!strcmp(argv[i], "--iters"))
			iters = atol(argv[i + 1]);
	}
	fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
	if (fd < 0) {
		fprintf(stderr, "kill_pipeline: cannot open '%s': %s\n", argv[1], strerror(errno));
		return 2;
	}
	snprintf(line, sizeof line, "pid %d\n", (int)getpid());
	log_line(fd, line);

	for (int i = 0; i < 3; i++)
		CK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
	for (int j = 0; j < DEPTH; j++) {
		CK(cudaMallocHost(&h_in[j], KP_ELEMS * sizeof(uint32_t)));
		CK(cudaMallocHost(&h_out[j], KP_ELEMS * sizeof(uint32_t)));
		CK(cudaMalloc(&d_in[j], KP_ELEMS * sizeof(uint32_t)));
		CK(cudaMalloc(&d_out[j], KP_ELEMS * sizeof(uint32_t)));
		CK(cudaEventCreateWithFlags(&ev[j], cudaEventDisableTiming));
		fill_input(h_in[j], KP_ELEMS, seed, (size_t)j * KP_ELEMS);
	}
	warm_up(s[0]);

	double t0 = now_ms();
	for (long k = 0;; k++) {
		int slot = (int)(k % DEPTH);
		/* iteration k - DEPTH used this slot: wait for it, check it, log it */
		if (k >= DEPTH) {
			if (complete(fd, ev[slot], h_out[slot], seed, k - DEPTH))
				return 1;
			done++;
		}
		int stop = iters >= 0 ? k >= iters : now_ms() - t0 >= seconds * 1e3;
		if (stop) {
			/* the iterations still in flight: DEPTH of them at most */
			for (long j = k - DEPTH + 1 > 0 ? k - DEPTH + 1 : 0; j < k; j++) {
				if (complete(fd, ev[j % DEPTH], h_out[j % DEPTH], seed, j))
					return 1;
				done++;
			}
			break;
		}
		size_t n = KP_ELEMS - (size_t)(k % TAGS);
		cudaStream_t st = s[k % 3];
		copy_async(d_in[slot], h_in[slot], n * sizeof(uint32_t), cudaMemcpyHostToDevice, st);
		launch_tagged(d_in[slot], d_out[slot], n, (int)k, st);
		copy_async(h_out[slot], d_out[slot], n * sizeof(uint32_t), cudaMemcpyDeviceToHost, st);
		CK(cudaEventRecord(ev[slot], st));
	}
	close(fd);
	printf("kill_pipeline: %ld iterations verified\n", done);
	print_expect("OC_EXPECT_MIN");
	return 0;
}
