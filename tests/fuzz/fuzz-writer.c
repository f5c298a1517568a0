/*
 * fuzz-writer.c: the injection library's writer (injection/writer*.c) on a
 * crafted CUPTI buffer and crafted callback rows, then the reader on what it
 * wrote. The writer runs in the traced program: a crash is the user's
 * program crashing, and a trace the reader rejects is a trace lost.
 *
 * Input: [n: 1 byte] n % 8 callback argument rows (struct oc_args_row, raw
 * bytes: a program's arguments are anything), then the records of one
 * buffer (cupti-input.h). The writer starts on a new file, gets the rows
 * and the buffer as the API callbacks and CUPTI's buffer-completed callback
 * hand them over, and finishes (final meta, WAL checkpoint); then
 * fuzz_run_trace() reads and reports the file.
 */
#include <stdlib.h>
#include <string.h>

#include "cupti-input.h"
#include "fuzz.h"
#include "writer.h"

#define BASE 1800000000000000000ull

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fz_arena arena;
	struct oc_writer_config cfg;
	struct oc_writer_final fin;
	struct oc_args_chunk *chunk;
	uint8_t rec[FZ_MAX_RECORD] __attribute__((aligned(8)));
	const char *path = fuzz_tmp_path("writer");
	const uint8_t *p = data;
	size_t n = size, bufsize = 0, off = 0, rlen, rows;
	uint8_t *buf;

	if (n < 1)
		return 0;
	rows = p[0] % 8;
	p++;
	n--;
	fuzz_remove(path);
	memset(&cfg, 0, sizeof cfg);
	cfg.path = path;
	cfg.create = 1;
	cfg.buffer_bytes = 64 << 10;
	cfg.quiet = 1;
	cfg.flush_ms = 100;
	cfg.start_ns = BASE;
	if (oc_writer_start(&cfg))
		return 0;
	chunk = oc_writer_chunk_get();
	for (size_t i = 0; chunk && i < rows && n >= sizeof chunk->rows[0]; i++) {
		memcpy(&chunk->rows[chunk->n++], p, sizeof chunk->rows[0]);
		p += sizeof chunk->rows[0];
		n -= sizeof chunk->rows[0];
	}
	oc_writer_submit_chunk(chunk);

	arena.used = 0;
	buf = oc_writer_buffer_get(&bufsize);
	while (buf && (rlen = fz_next_record(&arena, &p, &n, rec)) && off + rlen <= bufsize) {
		memcpy(buf + off, rec, rlen);
		off += rlen;
	}
	if (buf)
		oc_writer_submit_buffer(buf, off, rows);
	memset(&fin, 0, sizeof fin);
	fin.status = "finished";
	fin.api_launches_seen = rows;
	fin.api_calls_seen = rows;
	oc_writer_finish(&fin);
	fuzz_run_trace(path);
	fuzz_remove(path);
	return 0;
}
