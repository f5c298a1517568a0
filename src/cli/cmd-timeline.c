/*
 * cmd-timeline.c: overlapcheck timeline [-o FILE.html] TRACE
 *                 overlapcheck timeline --ranks -o FILE.html INPUT...
 *
 * Writes one self-contained HTML page with the trace's timeline
 * (src/out-html.c, src/timeline.html). Without -o the page goes beside the
 * trace, with .html in place of the trace's extension; "-o -" writes to
 * standard output. With --ranks the inputs are a job's rank traces (or
 * directories of them), merged as `report --ranks` merges them (ranks.h):
 * the page draws each rank's lanes as a group of its own, on one clock.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-util.h"
#include "cmds.h"
#include "tl-args.h"
#include "tl-outfile.h"
#include "overlapcheck/export.h"
#include "overlapcheck/ranks-report.h"
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
		   "      --ranks             INPUT... are a job's rank traces or directories of them:\n"
		   "                          one page, each rank's lanes a group, one clock (needs -o)\n"
		   "      --lod-above N       above N slices (ops, API calls, ranges, ...) the page is\n"
		   "                          drawn at levels of detail: summaries when zoomed out,\n"
		   "                          single slices decoded for the range in view (default\n"
		   "                          %lld; 0: always)\n"
		   "      --lod-exact N       such a page keeps times exact up to N slices (default\n"
		   "                          %lld); above, each start and duration is rounded to\n"
		   "                          within 1/256 of the slice's duration\n",
		OC_TL_LOD_ABOVE, OC_TL_LOD_EXACT);
	oc_tl_args_help(f);
	fputs("  -h, --help              this help\n", f);
}

/* TRACE's path with its extension replaced by .html (malloc'd); a
 * compressed input's two extensions (X.json.gz, X.sql.gz) both go. */
static char *default_output(const char *trace)
{
	const char *slash = strrchr(trace, '/'), *dot = strrchr(trace, '.');
	size_t stem = dot && (!slash || dot > slash + 1) ? (size_t)(dot - trace) : strlen(trace);

	if (dot && !strcmp(dot, ".gz")) {
		const char *d2 = NULL;
		for (const char *q = trace + stem; q > trace && q[-1] != '/'; q--)
			if (q[-1] == '.' && q - 1 > (slash ? slash + 1 : trace)) {
				d2 = q - 1;
				break;
			}
		if (d2)
			stem = (size_t)(d2 - trace);
	}
	char *p = malloc(stem + 6);

	if (p)
		sprintf(p, "%.*s.html", (int)stem, trace);
	return p;
}

struct page_opts {
	const char *title;
	struct oc_tl_lod_options lod;
};

/* oc_tl_writer for the page; ctx is its struct page_opts */
static int write_html(FILE *f, const struct oc_trace *t, const struct oc_tl_notes *n,
		      const void *ctx, char *err, size_t errlen)
{
	const struct page_opts *o = ctx;

	return oc_write_timeline_html_lod(f, t, n, o->title, &o->lod, err, errlen);
}

/* --lod-above's or --lod-exact's value: a count of slices, 0 or more. */
static int parse_count(const char *opt, const char *v, long long *out)
{
	char *end;

	errno = 0;
	long long n = strtoll(v, &end, 10);
	if (errno || end == v || *end || n < 0) {
		fprintf(stderr, "overlapcheck timeline: invalid %s '%s': expected a count of "
			"slices, 0 or more\n", opt, v);
		return -1;
	}
	*out = n;
	return 0;
}

/* The distinct traces of m's ranks, in rank order (a one-process trace
 * gives several ranks). */
static size_t rank_sources(const struct oc_ranks *m, const char **src, size_t *first)
{
	size_t n = 0;

	for (size_t r = 0; r < m->n_ranks; r++) {
		size_t k;
		for (k = 0; k < n && strcmp(src[k], m->ranks[r].source); k++)
			;
		if (k == n) {
			first[n] = r;
			src[n++] = m->ranks[r].source;
		}
	}
	return n;
}

/* `timeline --ranks`: the merged page of inputs[0..n) into out */
static int timeline_ranks(const struct oc_tl_args *args, char **inputs, size_t n, const char *out,
			  const struct oc_tl_lod_options *lod)
{
	struct oc_ranks_options ro;
	struct oc_ranks m;
	struct oc_trace *t = NULL;
	struct oc_tl_notes *notes = NULL;
	struct oc_tl_rank *parts = NULL;
	struct oc_tl_out of;
	const char **src = NULL;
	size_t *first = NULL, ns = 0, opened = 0;
	char err[1024], answer[1024], (*labels)[64] = NULL;
	int rc = OC_EXIT_USAGE;

	oc_ranks_options_init(&ro);
	ro.a = args->opts;
	if (args->opts.range || args->opts.device >= 0) {
		fprintf(stderr, "overlapcheck timeline: --ranks takes whole ranks: no --range or --device\n");
		return OC_EXIT_USAGE;
	}
	if (oc_ranks_run(&m, (const char *const *)inputs, n, &ro, err, sizeof err)) {
		fprintf(stderr, "overlapcheck timeline: %s\n", err);
		oc_ranks_release(&m);
		return OC_EXIT_USAGE;
	}
	src = calloc(m.n_ranks + 1, sizeof *src);
	first = calloc(m.n_ranks + 1, sizeof *first);
	if (!src || !first)
		goto nomem;
	ns = rank_sources(&m, src, first);
	t = calloc(ns + 1, sizeof *t);
	notes = calloc(ns + 1, sizeof *notes);
	parts = calloc(ns + 1, sizeof *parts);
	labels = calloc(ns + 1, sizeof *labels);
	if (!t || !notes || !parts || !labels)
		goto nomem;
	for (size_t k = 0; k < ns; k++) {
		const struct oc_rank *x = &m.ranks[first[k]];
		if (x->from_json) {
			fprintf(stderr, "overlapcheck timeline: '%s' is a JSON report: the timeline draws "
				"device work, which only traces hold\n", x->source);
			goto out;
		}
		if (oc_trace_open(&t[k], x->source, err, sizeof err)) {
			fprintf(stderr, "overlapcheck timeline: %s\n", err);
			goto out;
		}
		opened = k + 1;
		if (oc_tl_args_apply(args, &t[k], &notes[k], err, sizeof err)) {
			fprintf(stderr, "overlapcheck timeline: %s\n", err);
			goto out;
		}
		if (x->by_device)
			snprintf(labels[k], sizeof labels[k], "ranks by device \xc2\xb7 ");
		else
			snprintf(labels[k], sizeof labels[k], "rank %d \xc2\xb7 ", x->rank);
		parts[k] = (struct oc_tl_rank){ &t[k], &notes[k], labels[k],
					       x->trace_start_ns - m.t0_ns };
	}
	oc_ranks_answer(&m, answer, sizeof answer);
	if (oc_tl_out_open(&of, strcmp(out, "-") ? out : NULL, err, sizeof err)) {
		fprintf(stderr, "overlapcheck timeline: %s\n", err);
		goto out;
	}
	if (oc_write_timeline_html_ranks(of.f, parts, ns, "ranks", answer, lod, err, sizeof err)) {
		fprintf(stderr, "overlapcheck timeline: %s\n", err);
		oc_tl_out_abort(&of);
		goto out;
	}
	if (oc_tl_out_close(&of, err, sizeof err)) {
		fprintf(stderr, "overlapcheck timeline: %s\n", err);
		goto out;
	}
	if (strcmp(out, "-"))
		fprintf(stderr, "overlapcheck timeline: wrote %s (%zu ranks)\n", out, m.n_ranks);
	rc = OC_EXIT_OK;
	goto out;
nomem:
	fprintf(stderr, "overlapcheck timeline: out of memory\n");
out:
	for (size_t k = 0; k < opened; k++) {
		oc_tl_notes_release(&notes[k]);
		oc_trace_release(&t[k]);
	}
	free(t);
	free(notes);
	free(parts);
	free(labels);
	free(src);
	free(first);
	oc_ranks_release(&m);
	return rc;
}

int cmd_timeline(int argc, char **argv)
{
	struct option opts[16] = {
		{ "output", required_argument, NULL, 'o' },
		{ "ranks",  no_argument,       NULL, 0x200 },
		{ "lod-above", required_argument, NULL, 0x201 },
		{ "lod-exact", required_argument, NULL, 0x202 },
		{ "help",   no_argument,       NULL, 'h' },
	};
	const char *out = NULL, *title;
	struct page_opts po = { NULL, { -1, -1 } };
	char *def = NULL;
	struct oc_tl_args args;
	int c, rc = OC_EXIT_USAGE, ranks = 0;

	size_t nopts = 5;

	oc_tl_args_longopts(opts, &nopts);
	opts[nopts] = (struct option){ NULL, 0, NULL, 0 };
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
		case 0x200:
			ranks = 1;
			break;
		case 0x201:
			if (parse_count("--lod-above", optarg, &po.lod.above))
				return OC_EXIT_USAGE;
			break;
		case 0x202:
			if (parse_count("--lod-exact", optarg, &po.lod.exact))
				return OC_EXIT_USAGE;
			break;
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
	if (ranks) {
		if (argc - optind < 1 || !out) {
			fprintf(stderr, "overlapcheck timeline: --ranks needs -o FILE.html and the ranks' "
				"traces\n");
			return OC_EXIT_USAGE;
		}
		return timeline_ranks(&args, argv + optind, (size_t)(argc - optind), out,
				      &po.lod);
	}
	if (argc - optind != 1) {
		fprintf(stderr, "overlapcheck timeline: %s\n", optind >= argc ? "no trace given" : "one trace at a time (--ranks merges several)");
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
	po.title = title ? title + 1 : argv[optind];
	if (oc_tl_args_write(&args, "timeline", argv[optind], strcmp(out, "-") ? out : NULL,
			     write_html, &po) == 0) {
		if (strcmp(out, "-"))
			fprintf(stderr, "overlapcheck timeline: wrote %s\n", out);
		rc = OC_EXIT_OK;
	}
	free(def);
	return rc;
}
