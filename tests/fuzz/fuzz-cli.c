/*
 * fuzz-cli.c: every command's input path on a trace file made of the
 * input's bytes: the command functions of src/cli (what `overlapcheck
 * report`, `info`, `export`, `timeline`, `check` and `compare` run after
 * parsing their arguments), their output to /dev/null. Exit statuses are
 * not checked: 2 is the right answer to a bad trace; a crash, a sanitizer
 * report or a leak is the finding. Seeds: fuzz-trace's.
 */
#include <string.h>

#include "fuzz.h"
#include "cmds.h"

#define RUN(...) do {							\
	char *argv_[] = { __VA_ARGS__, NULL };				\
	int argc_ = (int)(sizeof argv_ / sizeof argv_[0]) - 1;		\
	cmd(argc_, argv_);						\
} while (0)

static int (*cmd)(int, char **);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[600];

	fuzz_silence();
	snprintf(path, sizeof path, "%s", fuzz_tmp_path("cli"));
	if (fuzz_write_file(path, data, size))
		return 0;
	cmd = cmd_report;
	RUN("report", path);
	RUN("report", "--format", "json", "--whole", path);
	RUN("report", "--format", "markdown", "--device", "0", path);
	cmd = cmd_info;
	RUN("info", path);
	RUN("info", "--format", "json", path);
	cmd = cmd_export;
	RUN("export", "-o", "/dev/null", path);
	cmd = cmd_timeline;
	RUN("timeline", "-o", "/dev/null", path);
	cmd = cmd_check;
	RUN("check", "--min-copy-overlap", "0.5", "--no-hidden-sync", "--max-idle", "0.5",
	    "--max-dropped", "0", "--forbid-cause", "pageable_host_memory", path, path);
	cmd = cmd_compare;
	RUN("compare", path, "--", path);
	fuzz_remove(path);
	return 0;
}
