/*
 * fuzz-import.c: `overlapcheck import` on any bytes (oc_import): the input
 * is sniffed as the command sniffs it (an Nsight Systems SQLite export, a
 * Kineto trace as JSON or gzip, or neither), imported into trace files, and
 * every trace it writes goes through everything the commands do with a
 * trace (fuzz_run_trace): an importer's output must be a trace the reader
 * takes. The corpus holds small real inputs of both formats (make-seeds.sh).
 */
#include <stdio.h>
#include <string.h>

#include "fuzz.h"
#include "overlapcheck/import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char in[512], out[512], err[1024];
	struct oc_import_options o = { .flags = OC_IMPORT_FORCE, .pid = -1 };
	struct oc_import_result r;

	snprintf(in, sizeof in, "%s", fuzz_tmp_path("import-in"));
	snprintf(out, sizeof out, "%s", fuzz_tmp_path("import-out"));
	if (fuzz_write_file(in, data, size))
		return 0;
	o.output = out;
	memset(&r, 0, sizeof r);
	if (oc_import(in, &o, &r, err, sizeof err) == 0) {
		for (size_t i = 0; i < r.n_traces; i++) {
			fuzz_run_trace(r.traces[i].path);
			fuzz_remove(r.traces[i].path);
		}
		oc_import_result_release(&r);
	}
	fuzz_remove(out);
	fuzz_remove(in);
	return 0;
}
