/*
 * cmd-export.c: overlapcheck export --format perfetto|chrome|perfetto-proto [-o FILE] TRACE
 *
 * Writes the trace as Chrome Trace Event JSON (src/report/out-chrome.c):
 * perfetto and chrome are that one JSON, which the Perfetto UI and
 * chrome://tracing read alike; or, with perfetto-proto, as Perfetto's
 * protobuf trace format (src/report/out-perfetto.c), several times smaller,
 * for long traces. With -o, the file appears only once complete (written
 * beside it, then renamed). The protobuf is binary: it is not written to a
 * terminal.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd-util.h"
#include "cmds.h"
#include "tl-args.h"
#include "overlapcheck/export.h"
#include "overlapcheck/trace.h"

static void usage(FILE *f)
{
	fprintf(f, "usage: overlapcheck export [--format perfetto|chrome|perfetto-proto] [-o FILE]\n"
		   "                          [OPTIONS] TRACE\n\n"
		   "Write TRACE as Chrome Trace Event JSON for the Perfetto UI (ui.perfetto.dev)\n"
		   "and chrome://tracing, or with --format perfetto-proto as Perfetto's protobuf\n"
		   "trace (binary: -o FILE or a redirection): a process per device with a track\n"
		   "per stream, a host process with a track per CPU thread, flow arrows from\n"
		   "each API call to the device work it queued, NVTX ranges, copy/kernel\n"
		   "intersections, idle gaps, hidden synchronizations, and each claim's verdict\n"
		   "and causes in its args.\n"
		   "Times are microseconds since the trace start, with nanoseconds kept.\n\n"
		   "  -f, --format FMT        perfetto (default) or chrome: the same JSON;\n"
		   "                          perfetto-proto: the same in Perfetto's protobuf\n"
		   "                          trace format (ns times, interned names, several\n"
		   "                          times smaller: long traces; binary, so -o FILE\n"
		   "                          or a redirection, never a terminal)\n"
		   "  -o, --output FILE       write to FILE instead of standard output\n"
		   );
	oc_tl_args_help(f);
	fputs("  -h, --help              this help\n", f);
}

static int write_chrome(FILE *f, const struct oc_trace *t, const struct oc_tl_notes *n,
			const void *ctx, char *err, size_t errlen)
{
	(void)ctx;
	return oc_write_chrome(f, t, n, err, errlen);
}

static int write_proto(FILE *f, const struct oc_trace *t, const struct oc_tl_notes *n,
		       const void *ctx, char *err, size_t errlen)
{
	(void)ctx;
	return oc_write_perfetto(f, t, n, err, errlen);
}

int cmd_export(int argc, char **argv)
{
	struct option opts[16] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "help",   no_argument,       NULL, 'h' },
	};
	const char *out = NULL;
	struct oc_tl_args args;
	oc_tl_writer w = write_chrome;
	int c;

	size_t nopts = 3;

	oc_tl_args_longopts(opts, &nopts);
	opts[nopts] = (struct option){ NULL, 0, NULL, 0 };
	oc_tl_args_init(&args);
	optind = 0;
	while ((c = cmd_getopt("export", argc, argv, "f:o:h", opts)) != -1) {
		switch (c) {
		case 'f':
			if (!strcmp(optarg, "perfetto-proto")) {
				w = write_proto;
			} else if (!strcmp(optarg, "perfetto") || !strcmp(optarg, "chrome")) {
				w = write_chrome;
			} else {
				fprintf(stderr, "overlapcheck export: unknown format '%s' (perfetto, chrome, "
					"perfetto-proto)\n", optarg);
				return OC_EXIT_USAGE;
			}
			break;
		case 'o':
			out = optarg;
			break;
		case 'h':
			usage(stdout);
			return OC_EXIT_OK;
		case '?':   /* cmd_getopt() said why */
			return OC_EXIT_USAGE;
		default:
			switch (oc_tl_args_parse(&args, c, optarg, "export")) {
			case 1:
				continue;
			case -1:
				return OC_EXIT_USAGE;
			}
			usage(stderr);
			return OC_EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		fprintf(stderr, "overlapcheck export: %s\n", optind >= argc ? "no trace given" : "one trace at a time");
		usage(stderr);
		return OC_EXIT_USAGE;
	}
	if (w == write_proto && (!out || !strcmp(out, "/dev/stdout")) && isatty(STDOUT_FILENO)) {
		fprintf(stderr, "overlapcheck export: perfetto-proto is binary: not written to a "
			"terminal (give -o FILE or redirect standard output)\n");
		return OC_EXIT_USAGE;
	}
	if (oc_tl_args_write(&args, "export", argv[optind], out, w, NULL))
		return OC_EXIT_USAGE;
	return OC_EXIT_OK;
}
