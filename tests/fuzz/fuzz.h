/*
 * fuzz.h: what the fuzz targets of tests/fuzz share (README.md).
 *
 * Each target is one file fuzz-NAME.c defining LLVMFuzzerTestOneInput(), the
 * libFuzzer entry point. `make fuzz` links it with libFuzzer (clang
 * -fsanitize=fuzzer,address,undefined) and explores; `make test` links the
 * same file with replay.c, a main that feeds it every file of
 * tests/fuzz/corpus/NAME/ once, under gcc's address and undefined-behaviour
 * sanitizers. util.c holds the helpers below.
 */
#ifndef OC_FUZZ_H
#define OC_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A scratch file of this process for tag ("trace", "written"): a path under $TMPDIR or /dev/shm. */
const char *fuzz_tmp_path(const char *tag);
/* Write bytes to path (its -wal, -shm and -journal removed first); 0 or -1. */
int fuzz_write_file(const char *path, const uint8_t *data, size_t size);
/* Remove path and its SQLite side files. */
void fuzz_remove(const char *path);
/* /dev/null, opened once: where the outputs go. */
FILE *fuzz_devnull(void);
/* Send this process's stdout to /dev/null (the commands print; libFuzzer closes stderr too: run.sh). */
void fuzz_silence(void);

/*
 * Everything the library does with a trace file, as the commands do it: open
 * and load it (the reader), analyse it (the steady-state window, --whole),
 * write every report (text with and without colour, JSON, Markdown), the
 * timeline notes, the Chrome export and the HTML timeline, then the
 * analyses that narrow the trace in place (--device 0, --range on its first
 * NVTX range). An importer's target calls it on the trace it made.
 * OC_FUZZ_VERBOSE=1: say on stderr what was read, or why not.
 */
void fuzz_run_trace(const char *path);

#endif
