/*
 * fuzz-trace.c: the trace reader and everything after it, on a trace file
 * made of the input's bytes (flipped bytes, truncation, a page of another
 * table: what a disk, a copy or a hand edit can do to a trace). Seeds: small
 * recorded traces (tests/fixtures) as SQLite files.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_tmp_path("trace");

	if (fuzz_write_file(path, data, size) == 0)
		fuzz_run_trace(path);
	fuzz_remove(path);
	return 0;
}
