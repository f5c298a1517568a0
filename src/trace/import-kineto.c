/*
 * import-kineto.c: PyTorch profiler (Kineto) Chrome traces into traces.
 *
 * The file (plain JSON or gzip: zlib reads both) is parsed as a stream of
 * tokens (json-reader.c): one event object at a time is taken apart, and
 * only what overlapcheck uses is kept, in compact records: GPU events
 * (kernel, gpu_memcpy, gpu_memset), CUDA API calls (cuda_runtime,
 * cuda_driver), cuda_sync events, CUPTI overheads, user annotations (as NVTX
 * ranges, for --range) and the device properties. Memory grows with those
 * records; the CPU ops, flows and everything else are skipped as they pass.
 *
 * At the end of the document the records are split by process (the pid of
 * the API calls; a GPU event belongs to the process of the call with its
 * correlation id) and each process's records are written as one trace.
 * Kineto's times are microseconds with three decimals from
 * baseTimeNanoseconds: they are read as decimal text into integer
 * nanoseconds, never through a double, and rebased to the process's first
 * event.
 *
 * This file holds the sources (a gzip or plain file through zlib, a buffer
 * inflated here when gzipped) and the run: import-kineto-parse.c reads the
 * document into records, import-kineto-write.c writes them
 * (import-kineto.h says who calls whom).
 *
 * What a Kineto trace does not hold is said, not guessed (docs/import.md):
 * no ASYNC flag (copies and memsets are claims by their API call's name, in
 * the reader), no stream flags (every stream's kind is unknown), no exit
 * status or dropped-record count, no environment. cuda_sync events exist
 * only with enable_cuda_sync_events; without them the calls named
 * cudaDeviceSynchronize, cudaStreamSynchronize and cudaEventSynchronize
 * become explicit syncs by their names (without the stream or event they
 * waited for), and stream waits are not seen at all.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "import-kineto.h"

/* ---- sources ------------------------------------------------------------------ */

static long read_gz(void *ctx, unsigned char *buf, size_t cap, char *err, size_t errlen)
{
	gzFile f = ctx;
	int n = gzread(f, buf, (unsigned)cap);

	if (n < 0) {
		int e;
		const char *m = gzerror(f, &e);

		snprintf(err, errlen, "%s%s", e == Z_BUF_ERROR ? "truncated gzip file: " : "gzip: ",
			 m && *m ? m : "read error");
		return -1;
	}
	if (n == 0) {
		int e;
		const char *m = gzerror(f, &e);

		if (e == Z_BUF_ERROR) {
			snprintf(err, errlen, "truncated gzip file: %s", m && *m ? m : "unexpected end");
			return -1;
		}
	}
	return n;
}

struct membuf {
	const uint8_t *data;
	size_t size, pos;
	int gz;
	z_stream z;
	int z_done;
};

static long read_mem(void *ctx, unsigned char *buf, size_t cap, char *err, size_t errlen)
{
	struct membuf *b = ctx;

	if (!b->gz) {
		size_t n = b->size - b->pos < cap ? b->size - b->pos : cap;

		memcpy(buf, b->data + b->pos, n);
		b->pos += n;
		return (long)n;
	}
	if (b->z_done)
		return 0;
	b->z.next_out = buf;
	b->z.avail_out = (uInt)cap;
	while (b->z.avail_out == cap) {
		if (!b->z.avail_in) {
			if (b->pos >= b->size) {
				snprintf(err, errlen, "truncated gzip data");
				return -1;
			}
			size_t n = b->size - b->pos < (1u << 30) ? b->size - b->pos : (1u << 30);

			b->z.next_in = (Bytef *)(uintptr_t)(b->data + b->pos);
			b->z.avail_in = (uInt)n;
			b->pos += n;
		}
		int rc = inflate(&b->z, Z_NO_FLUSH);

		if (rc == Z_STREAM_END) {
			b->z_done = 1;
			break;
		}
		if (rc != Z_OK && rc != Z_BUF_ERROR) {
			snprintf(err, errlen, "gzip: %s", b->z.msg ? b->z.msg : "bad data");
			return -1;
		}
		if (rc == Z_BUF_ERROR && !b->z.avail_in && b->pos >= b->size) {
			snprintf(err, errlen, "truncated gzip data");
			return -1;
		}
	}
	return (long)(cap - b->z.avail_out);
}

static int run(struct imp *im, jr_read_fn read, void *ctx)
{
	struct kin *k = calloc(1, sizeof *k);
	int rc;

	if (!k)
		return oc_imp_fail(im, "out of memory");
	k->im = im;
	if (jr_init(&k->jr, read, ctx)) {
		free(k);
		return oc_imp_fail(im, "out of memory");
	}
	rc = kin_parse_doc(k);
	if (!rc)
		rc = kin_finish(k);
	kin_free(k);
	free(k);
	return rc;
}

int oc_imp_kineto_file(struct imp *im, const char *path)
{
	gzFile f = gzopen(path, "rb");
	int rc;

	if (!f)
		return oc_imp_fail(im, "%s", errno ? strerror(errno) : "cannot open");
	gzbuffer(f, 1 << 18);
	rc = run(im, read_gz, f);
	gzclose(f);
	return rc;
}

int oc_imp_kineto_buffer(struct imp *im, const uint8_t *data, size_t size)
{
	struct membuf b = { .data = data, .size = size };
	int rc;

	if (size >= 2 && data[0] == 0x1f && data[1] == 0x8b) {
		b.gz = 1;
		if (inflateInit2(&b.z, 15 + 16) != Z_OK)
			return oc_imp_fail(im, "out of memory");
	}
	rc = run(im, read_mem, &b);
	if (b.gz)
		inflateEnd(&b.z);
	return rc;
}
