/*
 * cmd-report.c: `overlapcheck report`, prove or disprove overlap in a trace.
 *
 * Parses options, opens the trace (the reader's messages for bad input),
 * runs the analysis and renders it in one of three formats. Exit 0 on
 * success, 2 on usage or input errors; the verdicts themselves never change
 * the exit status (that is `overlapcheck check`'s job).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd-util.h"
#include "cmds.h"
#include "overlapcheck/analysis.h"
#include "overlapcheck/report.h"
#include "overlapcheck/rules.h"
#include "overlapcheck/trace.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: overlapcheck report [OPTIONS] TRACE\n\n"
		"Prove or disprove that async CUDA work overlapped, from device timestamps.\n\n"
		"  --format FMT         text (default), json or markdown\n"
		"  --device N           only device N\n"
		"  --range NAME         only work queued inside NVTX ranges named NAME\n"
		"  --gap-threshold T    list idle gaps of at least T (default 10us)\n"
		"  --min-overlap F      overlapped from this fraction of own duration (default 0.05 = 5%%)\n"
		"  --sync-tolerance T   hidden sync: returned within T after the work (default 20us)\n"
		"  --whole              count the whole trace, not the steady-state window\n"
		"  --max-rows N         text/markdown: rows per list (default 20; JSON is complete)\n"
		"  -h, --help           this help\n\n"
		"T takes a unit: 500ns, 10us, 2ms, 1s (a bare number is ns).\n"
		"Exit status: 0 report written, 2 usage or input error.\n"
		"JSON: docs/report-json.md; cause codes: docs/causes.md.\n");
}

static int bad_value(const char *opt, const char *v, const char *what)
{
	fprintf(stderr, "overlapcheck report: invalid value '%s' for %s: %s\n", v, opt, what);
	return OC_EXIT_USAGE;
}

/* cmd_opt_value() for this command: 1 with *v set; 0, setting *missing when
 * the option came without its value (the message is printed). */
static int opt(int argc, char **argv, int *i, const char *name, const char **v, int *missing)
{
	int r = cmd_opt_value("report", argc, argv, i, name, v);

	if (r < 0)
		*missing = 1;
	return r > 0;
}

int cmd_report(int argc, char **argv)
{
	struct oc_analysis_options o;
	struct oc_report_opts ro = { 0, 20 };
	struct oc_trace t;
	struct oc_analysis a;
	int format = CMD_FMT_TEXT;
	const char *path = NULL;
	char err[1024];
	int rc;

	oc_analysis_options_init(&o);
	for (int i = 1; i < argc; i++) {
		const char *v;
		int missing = 0;
		char *end;

		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return OC_EXIT_OK;
		}
		if (!strcmp(argv[i], "--whole")) {
			o.whole = 1;
		} else if (opt(argc, argv, &i, "--format", &v, &missing)) {
			if ((format = cmd_parse_format("report", v)) < 0)
				return OC_EXIT_USAGE;
		} else if (opt(argc, argv, &i, "--device", &v, &missing)) {
			errno = 0;
			long d = strtol(v, &end, 10);
			if (errno || end == v || *end || d < 0 || d > 1000000)
				return bad_value("--device", v, "expected a device number");
			o.device = (int)d;
		} else if (opt(argc, argv, &i, "--range", &v, &missing)) {
			if (!*v)
				return bad_value("--range", v, "expected an NVTX range name");
			o.range = v;
		} else if (opt(argc, argv, &i, "--gap-threshold", &v, &missing)) {
			if (oc_parse_duration(v, &o.gap_threshold_ns))
				return bad_value("--gap-threshold", v, "expected a duration such as 10us");
		} else if (opt(argc, argv, &i, "--sync-tolerance", &v, &missing)) {
			if (oc_parse_duration(v, &o.sync_tolerance_ns))
				return bad_value("--sync-tolerance", v, "expected a duration such as 20us");
		} else if (opt(argc, argv, &i, "--min-overlap", &v, &missing)) {
			if (oc_parse_fraction(v, &o.min_overlap))
				return bad_value("--min-overlap", v,
						 "expected a fraction between 0 and 1 (0.05 or 5%)");
		} else if (opt(argc, argv, &i, "--max-rows", &v, &missing)) {
			errno = 0;
			long n = strtol(v, &end, 10);
			if (errno || end == v || *end || n < 1 || n > 1000000000)
				return bad_value("--max-rows", v, "expected a positive number");
			ro.max_rows = (int)n;
		} else if (missing) {
			return OC_EXIT_USAGE;
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			fprintf(stderr, "overlapcheck report: unknown option '%s' (see 'overlapcheck report --help')\n",
				argv[i]);
			return OC_EXIT_USAGE;
		} else if (path) {
			fprintf(stderr, "overlapcheck report: more than one trace given ('%s', '%s')\n", path, argv[i]);
			return OC_EXIT_USAGE;
		} else {
			path = argv[i];
		}
	}
	if (!path) {
		usage(stderr);
		return OC_EXIT_USAGE;
	}

	if (oc_trace_open(&t, path, err, sizeof err)) {
		fprintf(stderr, "overlapcheck report: %s\n", err);
		return OC_EXIT_USAGE;
	}
	if (oc_analysis_run(&t, &o, &a, err, sizeof err)) {
		fprintf(stderr, "overlapcheck report: %s\n", err);
		oc_trace_release(&t);
		return OC_EXIT_USAGE;
	}
	static char obuf[1 << 20];
	setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
	if (format == CMD_FMT_JSON) {
		rc = oc_report_json(stdout, &a);
	} else if (format == CMD_FMT_TEXT) {
		const char *nc = getenv("NO_COLOR");
		ro.color = isatty(STDOUT_FILENO) && !(nc && *nc);
		rc = oc_report_text(stdout, &a, &ro);
	} else {
		rc = oc_report_markdown(stdout, &a, &ro);
	}
	oc_analysis_release(&a);
	oc_trace_release(&t);
	if (rc) {
		fprintf(stderr, "overlapcheck report: cannot write the report: %s\n", strerror(errno));
		return OC_EXIT_USAGE;
	}
	return OC_EXIT_OK;
}
