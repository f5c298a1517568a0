/*
 * cmd-timeline.c: overlapcheck timeline [-o FILE.html] TRACE
 *
 * Writes one self-contained HTML page with the trace's timeline
 * (src/out-html.c, src/timeline.html). Without -o the page goes beside the
 * trace, with .html in place of the trace's extension; "-o -" writes to
 * standard output.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-util.h"
#include "cmds.h"
#include "tl-args.h"
#include "overlapcheck/export.h"
#include "overlapcheck/trace.h"

static void usage(FILE *f)
{
	fprintf(f, "usage: overlapcheck timeline [-o FILE.html] [OPTIONS] TRACE\n\n"
		   "Write TRACE's timeline as one self-contained HTML file (no network, no\n"
		   "external files): a lane per device stream and per CPU thread drawn to scale,\n"
		   "zoom with the wheel, pan by dragging, double-click to reset. Intersections of\n"
		   "copies with kernels are highlighted, serialized claims are red with their\n"
		   "causes on hover, idle gaps and hidden synchronizations are marked, and the\n"
		   "report's one-line answer is at the top.\n\n"
		   "  -o, --output FILE       write to FILE (default: TRACE with .html; - for stdout)\n"
		   OC_TL_ARGS_HELP
		   "  -h, --help              this help\n");
}

/* TRACE's path with its extension replaced by .html (malloc'd). */
static char *default_output(const char *trace)
{
	const char *slash = strrchr(trace, '/'), *dot = strrchr(trace, '.');
	size_t stem = dot && (!slash || dot > slash + 1) ? (size_t)(dot - trace) : strlen(trace);
	char *p = malloc(stem + 6);

	if (p)
		sprintf(p, "%.*s.html", (int)stem, trace);
	return p;
}

/* oc_tl_writer for the page; ctx is its title */
static int write_html(FILE *f, const struct oc_trace *t, const struct oc_tl_notes *n,
		      const void *ctx, char *err, size_t errlen)
{
	return oc_write_timeline_html(f, t, n, ctx, err, errlen);
}

int cmd_timeline(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		OC_TL_LONG_OPTIONS,
		{ "help",   no_argument,       NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = NULL, *title;
	char *def = NULL;
	struct oc_tl_args args;
	int c, rc = OC_EXIT_USAGE;

	oc_tl_args_init(&args);
	optind = 0;
	while ((c = cmd_getopt("timeline", argc, argv, "o:h", opts)) != -1) {
		switch (c) {
		case 'o':
			out = optarg;
			break;
		case 'h':
			usage(stdout);
			return OC_EXIT_OK;
		case '?':   /* cmd_getopt() said why */
			return OC_EXIT_USAGE;
		default:
			switch (oc_tl_args_parse(&args, c, optarg, "timeline")) {
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
		usage(stderr);
		return OC_EXIT_USAGE;
	}
	if (!out) {
		out = def = default_output(argv[optind]);
		if (!def) {
			fprintf(stderr, "overlapcheck timeline: out of memory\n");
			return OC_EXIT_USAGE;
		}
	}
	title = strrchr(argv[optind], '/');
	title = title ? title + 1 : argv[optind];
	if (oc_tl_args_write(&args, "timeline", argv[optind], strcmp(out, "-") ? out : NULL,
			     write_html, title) == 0) {
		if (strcmp(out, "-"))
			fprintf(stderr, "overlapcheck timeline: wrote %s\n", out);
		rc = OC_EXIT_OK;
	}
	free(def);
	return rc;
}
