/*
 * cmd-compare.c: `overlapcheck compare BASELINE... -- CANDIDATE...`, the
 * sequential control of docs/method.md step 3.
 *
 * Parses the options and the two sides' traces, runs the comparison
 * (compare.h, src/analysis/compare.c), prints the warnings (incomplete
 * traces, different work), refuses to attribute different work unless
 * --allow-different-work, and writes the result (compare-report.h).
 *
 * Exit status: 0, 1 with --fail-on-regression on a slowdown, 2 usage or
 * input error, or different work.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-aopts.h"
#include "cmd-util.h"
#include "cmds.h"
#include "overlapcheck/compare-report.h"
#include "overlapcheck/compare.h"
#include "overlapcheck/tracefile.h"

struct opts {
	struct oc_compare_options c;
	int allow_different_work;
	int fail_on_regression;
	enum oc_format format;
	const char *output;
};

/* compare times its own boundaries: of the analysis options, only these
 * (without --device: the only device with ops) */
#define COMPARE_AOPTS (CMD_AOPT_DEVICE | CMD_AOPT_RANGE)

static void usage(FILE *f)
{
	fprintf(f,
"usage: overlapcheck compare [OPTIONS] BASELINE... -- CANDIDATE...\n"
"\n"
"Sequential control: compare the same work run in sequence (BASELINE traces)\n"
"and split into overlapping parts (CANDIDATE traces). Several traces per side\n"
"are repeated runs. Refuses to attribute when the two sides did different work.\n"
"\n"
"Options:\n");
	cmd_aopts_help(f, COMPARE_AOPTS, 2, 26);
	fprintf(f,
"  --noise F               relative change below which the verdict is no_change\n"
"                          (default 0.03; the spread of either side raises it)\n"
"  --allow-different-work  compare even when bytes or kernel threads differ\n"
"  --fail-on-regression    exit 1 when the candidate is slower beyond noise\n"
"  --format text|json|markdown   output format (default text)\n"
"  -o, --output FILE       write the output to FILE\n"
"  -h, --help              this help\n"
"\n"
"Verdicts: speedup_from_overlap, speedup_not_from_overlap,\n"
"overlap_without_speedup, slowdown, no_change. See docs/compare.md.\n"
"Exit status: 0, 1 with --fail-on-regression on a slowdown, 2 usage or input\n"
"error, or different work.\n");
}

enum { OPT_NOISE = 0x100, OPT_ALLOW, OPT_FAIL, OPT_FORMAT };

/*
 * The options and traces of one side: argv[1..argc) (argv[0] is not
 * looked at: the command's name, or the "--" before the candidates).
 * Returns 0, -1 after a message, -2 after an unknown option or a missing
 * value, or 1 when parsing stopped at a "--" (the caller's second one).
 */
static int parse_side(int argc, char **argv, struct opts *o, const char **paths, size_t *n)
{
	struct option longopts[16] = {
		{ "noise",                required_argument, NULL, OPT_NOISE },
		{ "allow-different-work", no_argument,       NULL, OPT_ALLOW },
		{ "fail-on-regression",   no_argument,       NULL, OPT_FAIL },
		{ "format",               required_argument, NULL, OPT_FORMAT },
		{ "output",               required_argument, NULL, 'o' },
		{ "help",                 no_argument,       NULL, 'h' },
	};
	size_t nl = 6;
	struct oc_analysis_options ao;
	int c, r, before = 1;
	const char *v;
	char *end;

	cmd_aopts_longopts(longopts, &nl, COMPARE_AOPTS);
	longopts[nl] = (struct option){ NULL, 0, NULL, 0 };
	oc_analysis_options_init(&ao);
	ao.device = o->c.device;
	ao.range = o->c.range;
	optind = 0;
	while ((c = cmd_getopt("compare", argc, argv, "-o:h", longopts)) != -1) {
		v = optarg;
		switch (c) {
		case 1:   /* a trace, in order */
			paths[(*n)++] = v;
			break;
		case OPT_ALLOW:
			o->allow_different_work = 1;
			break;
		case OPT_FAIL:
			o->fail_on_regression = 1;
			break;
		case OPT_NOISE: {
			errno = 0;
			double x = strtod(v, &end);
			if (end != v && *end == '%') {
				x /= 100;
				end++;
			}
			if (!*v || *end || errno || !(x >= 0 && x < 1)) {
				fprintf(stderr, "overlapcheck compare: --noise: '%s' is not a fraction in [0, 1)\n", v);
				return -1;
			}
			o->c.noise = x;
			break;
		}
		case OPT_FORMAT:
			if ((r = cmd_parse_format("compare", v)) < 0)
				return -1;
			o->format = (enum oc_format)r;
			break;
		case 'o':
			o->output = v;
			break;
		case 'h':   /* cmd_compare() answered --help before */
			break;
		default:
			if ((r = cmd_aopt("compare", c, v, &ao)) < 0)
				return -1;
			if (!r)
				return -2;
			o->c.device = ao.device;
			o->c.range = ao.range;
			break;
		}
		before = optind;
	}
	/* getopt_long stepped over a "--" when it moved on to end */
	return optind > before ? 1 : 0;
}

/*
 * BASELINE... -- CANDIDATE...: argv splits at its first "--", and each side
 * is parsed on its own, so options may come on either side. 0, -1 after a
 * message, -2 after an unknown option or a missing value.
 */
static int parse_args(int argc, char **argv, struct opts *o, const char **paths[2], size_t n[2])
{
	int sep = 1, r;

	while (sep < argc && strcmp(argv[sep], "--"))
		sep++;
	if ((r = parse_side(sep, argv, o, paths[0], &n[0])) < 0)
		return r;
	if (sep < argc && (r = parse_side(argc - sep, argv + sep, o, paths[1], &n[1])) != 0) {
		if (r < 0)
			return r;
		fprintf(stderr, "overlapcheck compare: '--' given twice\n");
		return -1;
	}
	if (sep == argc || !n[0] || !n[1]) {
		fprintf(stderr, "overlapcheck compare: need BASELINE... -- CANDIDATE... "
			"(at least one trace on each side)\n");
		return -1;
	}
	return 0;
}

static int render_text(FILE *f, const void *res)
{
	return oc_write_compare(f, OC_FORMAT_TEXT, res);
}

int cmd_compare(int argc, char **argv)
{
	struct opts o = { .format = OC_FORMAT_TEXT };
	struct oc_compare res;
	const char **paths[2] = { NULL, NULL };
	size_t n[2] = { 0, 0 };
	FILE *out = stdout;
	char err[1024];
	int ret = OC_EXIT_USAGE, rc;

	memset(&res, 0, sizeof res);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return OC_EXIT_OK;
		}
	}
	oc_compare_options_init(&o.c);
	for (int k = 0; k < 2; k++)
		if (!(paths[k] = calloc((size_t)argc, sizeof *paths[k]))) {
			fputs("overlapcheck compare: out of memory\n", stderr);
			goto out;
		}
	if ((rc = parse_args(argc, argv, &o, paths, n)) < 0) {
		if (rc == -1)
			fprintf(stderr, "see 'overlapcheck compare --help'\n");
		goto out;
	}
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < n[k]; i++)
			cmd_note_input("compare", paths[k][i]);
	if (oc_compare_run(&res, &o.c, paths[0], n[0], paths[1], n[1], err, sizeof err) < 0) {
		fprintf(stderr, "overlapcheck compare: %s\n", err);
		goto out;
	}
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < res.side[k].n; i++) {
			const struct oc_compare_run *ru = &res.side[k].runs[i];
			if (ru->dropped > 0 || ru->incomplete > 0)
				fprintf(stderr, "overlapcheck compare: warning: trace '%s' has %lld dropped and "
					"%lld incomplete records: its times rest on incomplete data\n",
					ru->path, (long long)(ru->dropped > 0 ? ru->dropped : 0),
					(long long)(ru->incomplete > 0 ? ru->incomplete : 0));
		}
	if (res.n_work_diffs) {
		fprintf(stderr, "overlapcheck compare: %s: the traces did different work:\n",
			o.allow_different_work ? "warning" : "refusing to attribute");
		for (size_t i = 0; i < res.n_work_diffs; i++) {
			fputs("  ", stderr);
			oc_fput_escaped(res.work_diffs[i], stderr);
			fputc('\n', stderr);
		}
		if (!o.allow_different_work) {
			fprintf(stderr, "A gain can only be attributed to overlap when both sides do the "
				"same transfers and compute (--allow-different-work to compare anyway).\n");
			goto out;
		}
	}

	if (o.output && !(out = fopen(o.output, "w"))) {
		fprintf(stderr, "overlapcheck compare: cannot write '%s': %s\n", o.output, strerror(errno));
		out = stdout;
		goto out;
	}
	rc = o.format == OC_FORMAT_TEXT ? cmd_write_wrapped(out, render_text, &res) :
	     oc_write_compare(out, o.format, &res);
	if (rc < 0 || fflush(out) || ferror(out)) {
		fprintf(stderr, "overlapcheck compare: write error: %s\n", strerror(errno));
		goto out;
	}
	ret = o.fail_on_regression && res.slower ? OC_EXIT_FAIL : OC_EXIT_OK;
out:
	if (out != stdout)
		fclose(out);
	oc_compare_release(&res);
	free(paths[0]);
	free(paths[1]);
	return ret;
}
