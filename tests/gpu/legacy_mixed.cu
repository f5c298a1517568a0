/*
 * legacy_mixed: copies on blocking streams, kernels on the legacy default
 * stream (a common mistake: streams made for the copies, kernels launched
 * with <<<grid, block>>> and no stream).
 *
 * Three streams from cudaStreamCreate (blocking), pinned memory; chunk k:
 * H2D on stream k % 3, the kernel on stream 0 (the legacy NULL stream), D2H
 * on stream k % 3. The legacy stream waits for all earlier work in blocking
 * streams and holds back all later work in them, which is also what makes
 * this program correct: the kernel waits for its H2D, the D2H for its
 * kernel. So no kernel meets any copy: each kernel is serialized because it
 * ran on the legacy stream. The D2H of chunk k and the H2D of chunk k+1 are
 * both released when kernel k ends and run together on the two copy engines.
 */
#include "common.h"

int main(void)
{
	struct pipe p;
	cudaStream_t s[3];

	for (int i = 0; i < 3; i++)
		CK(cudaStreamCreate(&s[i]));
	pipe_init(&p, 1, 0x5eed1501u);
	warm_up(0);
	for (int k = 0; k < CHUNKS; k++) {
		size_t off = (size_t)k * CHUNK_ELEMS;
		copy_async(p.d_in[k], p.h_in + off, CHUNK_BYTES, cudaMemcpyHostToDevice, s[k % 3]);
		launch_lcg(p.d_in[k], p.d_out[k], CHUNK_ELEMS, ITERS, 0);
		copy_async(p.h_out + off, p.d_out[k], CHUNK_BYTES, cudaMemcpyDeviceToHost, s[k % 3]);
	}
	CK(cudaDeviceSynchronize());
	for (int i = 0; i < 3; i++)
		CK(cudaStreamDestroy(s[i]));
	return pipe_finish(&p, "legacy_mixed");
}
