/*
 * gen-kineto.c: a synthetic torch.profiler (Kineto) Chrome trace of a given
 * size, for the import benchmark (bench/import-kineto.sh).
 *
 *     gen-kineto MIB > trace.json
 *
 * Written like the traces torch.profiler wrote on the H200
 * (tests/corpus/kineto): the header (schemaVersion, deviceProperties,
 * baseTimeNanoseconds), then per training step a few dozen CPU ops with
 * their args, cuda_runtime launches and their kernels on the compute stream
 * with ac2g flow events, an input copy on a side stream with its
 * cudaMemcpyAsync, a memset, and now and then a cudaStreamSynchronize; the
 * event mix is the real traces' (about a third of the events are kept by
 * the importer). Times are microseconds with three decimals, as Kineto
 * writes them. Stops after the first step past MIB mebibytes, and prints
 * the counts of what it wrote on stderr.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const kernels[] = {
	"void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, std::array<char*, 1ul> >(int, at::native::FillFunctor<float>, std::array<char*, 1ul>)",
	"sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize128x128x8_stage3_warpsize2x2x1_ffma_aligna4_alignc4_execute_kernel_trt",
	"void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::(anonymous namespace)::TensorListMetadata<4>, at::native::(anonymous namespace)::FusedAdamMathFunctor<float, 4, (at::native::ADAM_MODE)0, false>, float*, double, double, double, double, double, bool, double*, double*>(at::native::(anonymous namespace)::TensorListMetadata<4>, at::native::(anonymous namespace)::FusedAdamMathFunctor<float, 4, (at::native::ADAM_MODE)0, false>, float*, double, double, double, double, double, bool, double*, double*)",
	"void (anonymous namespace)::softmax_warp_forward<float, float, float, 4, true, false>(float*, float const*, int, int, int, bool const*, int, bool)",
};
static const char *const cpu_ops[] = {
	"aten::empty", "aten::addmm", "aten::relu", "aten::t", "aten::transpose", "aten::as_strided",
	"aten::linear", "aten::copy_", "aten::to", "aten::_to_copy", "aten::mul_", "aten::add_",
};

static uint64_t now_ns = 5290341842673884ull;       /* from baseTimeNanoseconds */
static uint64_t bytes, events, kept;

static void ts(char *buf, size_t len, uint64_t ns)
{
	snprintf(buf, len, "%" PRIu64 ".%03u", ns / 1000, (unsigned)(ns % 1000));
}

static int first = 1;

static void event(const char *text)
{
	int n = printf("%s\n  %s", first ? "" : ",", text);

	first = 0;
	if (n > 0)
		bytes += (uint64_t)n;
	events++;
}

int main(int argc, char **argv)
{
	uint64_t limit = (argc > 1 ? strtoull(argv[1], NULL, 10) : 1024) << 20;
	uint64_t corr = 1, ext = 1, step = 0;
	char a[64], b[64], buf[4096];
	int pid = 4242, tid = 4242, side = 13, comp = 7;

	printf("{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [\n    {\"id\": 0, \"name\": \"NVIDIA H200\","
	       " \"totalGlobalMem\": 150109880320, \"computeMajor\": 9, \"computeMinor\": 0,"
	       " \"maxThreadsPerBlock\": 1024, \"maxThreadsPerMultiprocessor\": 2048,"
	       " \"regsPerBlock\": 65536, \"warpSize\": 32, \"sharedMemPerBlock\": 49152, \"numSms\": 132,"
	       " \"regsPerMultiprocessor\": 65536, \"sharedMemPerMultiprocessor\": 233472}\n  ],\n"
	       "  \"cuda_driver_version\": 13000, \"cuda_runtime_version\": 13000, \"cupti_version\": 130001,\n"
	       "  \"displayTimeUnit\": \"ms\",\n  \"baseTimeNanoseconds\": 1790857026000000000,\n"
	       "  \"traceEvents\": [");
	while (bytes < limit) {
		uint64_t gpu = now_ns + 20000;

		/* CPU ops of the step */
		for (int i = 0; i < 24; i++) {
			ts(a, sizeof a, now_ns);
			ts(b, sizeof b, 1200 + (uint64_t)(i * 37) % 900);
			snprintf(buf, sizeof buf, "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"%s\", \"pid\": %d,"
				 " \"tid\": %d, \"ts\": %s, \"dur\": %s, \"args\": {\"External id\": %" PRIu64 ","
				 "\"Record function id\": 0, \"Sequence number\": %" PRIu64 ", \"Fwd thread id\": 0,"
				 " \"Ev Idx\": %" PRIu64 "}}", cpu_ops[i % 12], pid, tid, a, b, ext, ext, ext);
			event(buf);
			ext++;
			now_ns += 1500;
			if (i % 3)
				continue;
			/* a launch: runtime call, flow start, kernel, flow end */
			const char *k = kernels[(step + (uint64_t)i) % 4];
			uint64_t kd = 2000 + (uint64_t)(i * 131) % 50000;

			ts(a, sizeof a, now_ns);
			snprintf(buf, sizeof buf, "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\","
				 " \"pid\": %d, \"tid\": %d, \"ts\": %s, \"dur\": 4.210, \"args\": {\"External id\": %"
				 PRIu64 ", \"cbid\": 211, \"correlation\": %" PRIu64 "}}", pid, tid, a, ext, corr);
			event(buf);
			snprintf(buf, sizeof buf, "{\"ph\": \"s\", \"id\": %" PRIu64 ", \"pid\": %d, \"tid\": %d, \"ts\": %s,"
				 " \"cat\": \"ac2g\", \"name\": \"ac2g\"}", corr, pid, tid, a);
			event(buf);
			if (gpu < now_ns + 5000)
				gpu = now_ns + 5000;
			ts(a, sizeof a, gpu);
			ts(b, sizeof b, kd);
			snprintf(buf, sizeof buf, "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"%s\", \"pid\": 0,"
				 " \"tid\": %d, \"ts\": %s, \"dur\": %s, \"args\": {\"External id\": %" PRIu64 ","
				 " \"queued\": 0, \"device\": 0, \"context\": 1, \"stream\": %d, \"correlation\": %"
				 PRIu64 ", \"registers per thread\": 128, \"shared memory\": 16384, \"blocks per SM\":"
				 " 0.96, \"warps per SM\": 7.7, \"grid\": [128, 1, 1], \"block\": [256, 1, 1],"
				 " \"est. achieved occupancy %%\": 12}}", k, comp, a, b, ext, comp, corr);
			event(buf);
			snprintf(buf, sizeof buf, "{\"ph\": \"f\", \"id\": %" PRIu64 ", \"pid\": 0, \"tid\": %d, \"ts\": %s,"
				 " \"cat\": \"ac2g\", \"name\": \"ac2g\", \"bp\": \"e\"}", corr, comp, a);
			event(buf);
			kept += 2;
			gpu += kd + 800;
			corr++;
			now_ns += 6000;
		}
		/* the next input, on the side stream, and a memset */
		ts(a, sizeof a, now_ns);
		snprintf(buf, sizeof buf, "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaMemcpyAsync\","
			 " \"pid\": %d, \"tid\": %d, \"ts\": %s, \"dur\": 9.800, \"args\": {\"External id\": %" PRIu64
			 ", \"cbid\": 41, \"correlation\": %" PRIu64 "}}", pid, tid, a, ext, corr);
		event(buf);
		ts(a, sizeof a, now_ns + 3000);
		snprintf(buf, sizeof buf, "{\"ph\": \"X\", \"cat\": \"gpu_memcpy\", \"name\": \"Memcpy HtoD (Pinned -> Device)\","
			 " \"pid\": 0, \"tid\": %d, \"ts\": %s, \"dur\": 41.024, \"args\": {\"External id\": %" PRIu64
			 ", \"device\": 0, \"context\": 1, \"stream\": %d, \"correlation\": %" PRIu64 ", \"bytes\": 2097152,"
			 " \"memory bandwidth (GB/s)\": 51.12}}", side, a, ext, side, corr);
		event(buf);
		corr++;
		ts(a, sizeof a, now_ns + 12000);
		snprintf(buf, sizeof buf, "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaMemsetAsync\","
			 " \"pid\": %d, \"tid\": %d, \"ts\": %s, \"dur\": 3.100, \"args\": {\"External id\": %" PRIu64
			 ", \"cbid\": 51, \"correlation\": %" PRIu64 "}}", pid, tid, a, ext, corr);
		event(buf);
		ts(a, sizeof a, gpu);
		snprintf(buf, sizeof buf, "{\"ph\": \"X\", \"cat\": \"gpu_memset\", \"name\": \"Memset (Device)\", \"pid\": 0,"
			 " \"tid\": %d, \"ts\": %s, \"dur\": 1.185, \"args\": {\"External id\": %" PRIu64 ", \"device\": 0,"
			 " \"context\": 1, \"stream\": %d, \"correlation\": %" PRIu64 ", \"bytes\": 2560,"
			 " \"memory bandwidth (GB/s)\": 2.16}}", comp, a, ext, comp, corr);
		event(buf);
		kept += 4;
		corr++;
		now_ns += 15000;
		gpu += 2000;
		if (step % 50 == 49) {
			ts(a, sizeof a, now_ns);
			ts(b, sizeof b, gpu > now_ns ? gpu - now_ns + 3000 : 3000);
			snprintf(buf, sizeof buf, "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaStreamSynchronize\","
				 " \"pid\": %d, \"tid\": %d, \"ts\": %s, \"dur\": %s, \"args\": {\"External id\": %" PRIu64
				 ", \"cbid\": 131, \"correlation\": %" PRIu64 "}}", pid, tid, a, b, ext, corr);
			event(buf);
			kept++;
			corr++;
			now_ns = gpu + 5000;
		}
		if (now_ns < gpu - 200000)
			now_ns = gpu - 200000;       /* the host stays at most 0.2 ms ahead */
		step++;
	}
	printf("\n  ],\n  \"traceName\": \"synthetic (bench/gen-kineto.c)\"\n}\n");
	fprintf(stderr, "gen-kineto: %" PRIu64 " bytes, %" PRIu64 " events, %" PRIu64 " kept by the importer"
		" (GPU events and CUDA API calls), %" PRIu64 " steps\n", bytes, events, kept, step);
	return ferror(stdout) ? 1 : 0;
}
