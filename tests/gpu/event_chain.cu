/*
 * event_chain: three streams chained by cudaStreamWaitEvent (scenario 7).
 *
 * A copy-in, a compute and a copy-out stream (non-blocking, pinned memory).
 * Chunk k: the copy-in stream waits for the D2H of chunk k-1, copies in and
 * records an event; the compute stream waits for it, runs the kernel and
 * records; the copy-out stream waits for that and copies out, and records
 * the event the next chunk's copy-in waits for. Every op is in a different
 * stream from its neighbours, yet each declared dependency makes it wait for
 * the previous one: nothing overlaps, by event_dependency.
 */
#include "common.h"

int main(void)
{
	struct pipe p;
	cudaStream_t s_in, s_k, s_out;
	cudaEvent_t ev_in[CHUNKS], ev_k[CHUNKS], ev_out[CHUNKS];

	CK(cudaStreamCreateWithFlags(&s_in, cudaStreamNonBlocking));
	CK(cudaStreamCreateWithFlags(&s_k, cudaStreamNonBlocking));
	CK(cudaStreamCreateWithFlags(&s_out, cudaStreamNonBlocking));
	for (int k = 0; k < CHUNKS; k++) {
		CK(cudaEventCreateWithFlags(&ev_in[k], cudaEventDisableTiming));
		CK(cudaEventCreateWithFlags(&ev_k[k], cudaEventDisableTiming));
		CK(cudaEventCreateWithFlags(&ev_out[k], cudaEventDisableTiming));
	}
	pipe_init(&p, 1, 0x5eed0007u);
	warm_up(s_k);
	for (int k = 0; k < CHUNKS; k++) {
		size_t off = (size_t)k * CHUNK_ELEMS;
		if (k > 0)
			CK(cudaStreamWaitEvent(s_in, ev_out[k - 1], 0));
		copy_async(p.d_in[k], p.h_in + off, CHUNK_BYTES, cudaMemcpyHostToDevice, s_in);
		CK(cudaEventRecord(ev_in[k], s_in));
		CK(cudaStreamWaitEvent(s_k, ev_in[k], 0));
		launch_lcg(p.d_in[k], p.d_out[k], CHUNK_ELEMS, ITERS, s_k);
		CK(cudaEventRecord(ev_k[k], s_k));
		CK(cudaStreamWaitEvent(s_out, ev_k[k], 0));
		copy_async(p.h_out + off, p.d_out[k], CHUNK_BYTES, cudaMemcpyDeviceToHost, s_out);
		CK(cudaEventRecord(ev_out[k], s_out));
	}
	CK(cudaDeviceSynchronize());
	for (int k = 0; k < CHUNKS; k++) {
		CK(cudaEventDestroy(ev_in[k]));
		CK(cudaEventDestroy(ev_k[k]));
		CK(cudaEventDestroy(ev_out[k]));
	}
	CK(cudaStreamDestroy(s_in));
	CK(cudaStreamDestroy(s_k));
	CK(cudaStreamDestroy(s_out));
	return pipe_finish(&p, "event_chain");
}
