/*
 * graph_branches: a CUDA graph with independent copy and kernel branches
 * (scenario 12).
 *
 * Captured from two non-blocking streams forked and joined by events:
 * branch A copies a 16 MB pinned buffer to the device and back into another
 * pinned buffer (about 300 us each way on an H200); branch B runs a kernel
 * on unrelated device data, sized to outlast both copies (GRAPH_ITERS: about
 * 700 us; 6000 steps took 135 us on an H200). The branches share no
 * dependency, so in every launch of the graph the copy nodes run while
 * the kernel node runs: node ops overlap. The graph is launched LAUNCHES times back to back on one
 * stream (launches of one graph in one stream are ordered).
 */
#include "common.h"

#define LAUNCHES 3
#define COPY_ELEMS (4u << 20)           /* 16 MB */
#define K_ELEMS (1u << 20)
#define GRAPH_ITERS 32000

int main(void)
{
	cudaStream_t s0, s1;
	cudaEvent_t fork_ev, join_ev;
	cudaGraph_t graph;
	cudaGraphExec_t exec;
	uint32_t *h_src, *h_dst, *d_copy, *d_k, *h_k;
	size_t copy_bytes = (size_t)COPY_ELEMS * sizeof(uint32_t);
	size_t k_bytes = (size_t)K_ELEMS * sizeof(uint32_t);
	int rc = 0;

	CK(cudaStreamCreateWithFlags(&s0, cudaStreamNonBlocking));
	CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
	CK(cudaEventCreateWithFlags(&fork_ev, cudaEventDisableTiming));
	CK(cudaEventCreateWithFlags(&join_ev, cudaEventDisableTiming));
	CK(cudaMallocHost(&h_src, copy_bytes));
	CK(cudaMallocHost(&h_dst, copy_bytes));
	CK(cudaMallocHost(&h_k, k_bytes));
	CK(cudaMalloc(&d_copy, copy_bytes));
	CK(cudaMalloc(&d_k, k_bytes));
	fill_input(h_src, COPY_ELEMS, 0x5eed0c01u, 0);
	memset(h_dst, 0, copy_bytes);

	/* The kernel branch works in place, so each launch applies ITERS more
	 * steps: start from known data, check after LAUNCHES * GRAPH_ITERS steps. */
	fill_input(h_k, K_ELEMS, 0x5eed0c02u, 0);
	copy_async(d_k, h_k, k_bytes, cudaMemcpyHostToDevice, s0);
	CK(cudaStreamSynchronize(s0));
	warm_up(s0);

	CK(cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal));
	CK(cudaEventRecord(fork_ev, s0));
	CK(cudaStreamWaitEvent(s1, fork_ev, 0));
	CK(cudaMemcpyAsync(d_copy, h_src, copy_bytes, cudaMemcpyHostToDevice, s0));
	CK(cudaMemcpyAsync(h_dst, d_copy, copy_bytes, cudaMemcpyDeviceToHost, s0));
	lcg_kernel<<<1024, 256, 0, s1>>>(d_k, d_k, K_ELEMS, GRAPH_ITERS);
	CK_LAUNCH();
	CK(cudaEventRecord(join_ev, s1));
	CK(cudaStreamWaitEvent(s0, join_ev, 0));
	CK(cudaStreamEndCapture(s0, &graph));
	CK(cudaGraphInstantiate(&exec, graph, 0));

	for (int i = 0; i < LAUNCHES; i++) {
		CK(cudaGraphLaunch(exec, s0));
		count_memcpy();
		count_memcpy();
		count_kernel();
	}
	CK(cudaStreamSynchronize(s0));

	copy_async(h_k, d_k, k_bytes, cudaMemcpyDeviceToHost, s0);
	CK(cudaStreamSynchronize(s0));
	if (memcmp(h_src, h_dst, copy_bytes)) {
		fprintf(stderr, "graph_branches: copied buffer differs\n");
		rc = 1;
	}
	if (check_output(h_k, K_ELEMS, 0x5eed0c02u, 0, LAUNCHES * GRAPH_ITERS, "graph_branches"))
		rc = 1;
	if (!rc)
		printf("graph_branches: %d launches verified\n", LAUNCHES);

	CK(cudaGraphExecDestroy(exec));
	CK(cudaGraphDestroy(graph));
	CK(cudaFree(d_copy));
	CK(cudaFree(d_k));
	CK(cudaFreeHost(h_src));
	CK(cudaFreeHost(h_dst));
	CK(cudaFreeHost(h_k));
	CK(cudaEventDestroy(fork_ev));
	CK(cudaEventDestroy(join_ev));
	CK(cudaStreamDestroy(s0));
	CK(cudaStreamDestroy(s1));
	print_expect("OC_EXPECT");
	return rc;
}
