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

#include "cmd-aopts.h"
#include "cmd-util.h"
#include "cmds.h"
#include "overlapcheck/analysis.h"
#include "overlapcheck/ranks-report.h"
#include "overlapcheck/report.h"
#include "overlapcheck/rules.h"
#include "overlapcheck/trace.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: overlapcheck report [OPTIONS] TRACE\n"
		"       overlapcheck report --ranks [OPTIONS] INPUT...\n\n"
		"Prove or disprove that async CUDA work overlapped, from device timestamps.\n"
		"With --ranks, the ranks of a distributed job on one time axis: each INPUT is a\n"
		"rank's trace, its JSON report (report --format json) or a directory of them;\n"
		"NCCL collectives matched across ranks, the slowest rank, each rank's peer waits.\n\n"
		"  --format FMT         text (default), json or markdown\n"
		"  --claims LIST        with --format json only: all, serialized or none\n"
		"                       (default: all up to %d claims; above, the first %d\n"
		"                       serialized, and says so)\n"
		"  --lists CHOICE       with --format json only: capped (default: the first %d\n"
		"                       gaps and syncs of each longer list, and says so) or all\n",
		OC_CLAIMS_CAP, OC_CLAIMS_CAP, OC_LIST_CAP);
	cmd_aopts_help(f, CMD_AOPT_ALL, 2, 23);
	fprintf(f,
		"  --max-rows N         text/markdown: rows per list (default 20)\n"
		"  --ranks              merge the ranks of a job (docs/nccl.md)\n"
		"  --peer-wait T        --ranks: a rank waited for its peers when it started a\n"
		"                       collective more than T before the last one (default 50us)\n"
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

enum { OPT_FORMAT = 0x100, OPT_MAX_ROWS, OPT_RANKS, OPT_PEER_WAIT, OPT_CLAIMS, OPT_LISTS };

struct text_job { enum oc_format fmt; const struct oc_analysis *a; const struct oc_ranks *m;
		  const struct oc_report_opts *ro; };

static int render(FILE *f, const void *ctx)
{
	const struct text_job *j = ctx;
	return j->a ? oc_write_report(f, j->fmt, j->a, j->ro) : oc_write_ranks(f, j->fmt, j->m, j->ro);
}

/* The result in fmt to stdout; text wrapped at the terminal's width. */
static int write_out(const struct text_job *j)
{
	return j->fmt == OC_FORMAT_TEXT ? cmd_write_wrapped(stdout, render, j) : render(stdout, j);
}

/* --claims or --lists outside a trace's JSON report: 1 after saying why. */
static int json_option_misplaced(const char *opt, const char *what, int ranks, int format)
{
	if (!ranks && format == OC_FORMAT_JSON)
		return 0;
	fprintf(stderr, "overlapcheck report: %s chooses %s of a trace's JSON "
		"report: it needs --format json%s\n", opt, what, ranks ? ", without --ranks" : "");
	return 1;
}

/* The default's caps left claims or other entries out of the JSON: say so on stderr too. */
static void warn_capped(const struct oc_analysis *a, int claims, int lists)
{
	char which[256];

	if (oc_report_claims_capped(a, claims))
		fprintf(stderr, "overlapcheck report: warning: %zu claims, more than %d: the JSON lists "
			"only the first %d serialized claims (its claims_omitted says what was left "
			"out); --claims=all lists every claim\n", a->n_claims, OC_CLAIMS_CAP, OC_CLAIMS_CAP);
	if (oc_report_lists_cut(a, lists, which, sizeof which))
		fprintf(stderr, "overlapcheck report: warning: %s: more than %d entries, the JSON lists "
			"the first %d of each (its *_omitted members say what was left out); "
			"--lists=all lists every one\n", which, OC_LIST_CAP, OC_LIST_CAP);
}

/* Append trace v to the inputs; -1 (said, the inputs freed) out of memory. */
static int add_input(char ***inputs, size_t *n, char *v)
{
	char **p = realloc(*inputs, (*n + 1) * sizeof *p);

	if (!p) {
		fprintf(stderr, "overlapcheck report: out of memory\n");
		free(*inputs);
		*inputs = NULL;
		return -1;
	}
	*inputs = p;
	p[(*n)++] = v;
	return 0;
}

/* `report --ranks`: merge the inputs and write the merged view. */
static int report_ranks(char **inputs, size_t n, const struct oc_ranks_options *ro,
			const struct oc_report_opts *rep, enum oc_format format)
{
	struct oc_ranks m;
	char err[1024];
	int rc;

	if (oc_ranks_run(&m, (const char *const *)inputs, n, ro, err, sizeof err)) {
		fprintf(stderr, "overlapcheck report: %s\n", err);
		oc_ranks_release(&m);
		return OC_EXIT_USAGE;
	}
	rc = write_out(&(struct text_job){ format, NULL, &m, rep });
	oc_ranks_release(&m);
	if (rc) {
		fprintf(stderr, "overlapcheck report: cannot write the report: %s\n", strerror(errno));
		return OC_EXIT_USAGE;
	}
	return OC_EXIT_OK;
}

int cmd_report(int argc, char **argv)
{
	struct option longopts[16] = {
		{ "format",         required_argument, NULL, OPT_FORMAT },
		{ "max-rows",       required_argument, NULL, OPT_MAX_ROWS },
		{ "ranks",          no_argument,       NULL, OPT_RANKS },
		{ "peer-wait",      required_argument, NULL, OPT_PEER_WAIT },
		{ "claims",         required_argument, NULL, OPT_CLAIMS },
		{ "lists",          required_argument, NULL, OPT_LISTS },
		{ "help",           no_argument,       NULL, 'h' },
	};
	size_t nl = 7;
	struct oc_analysis_options o;
	struct oc_report_opts ro = { .max_rows = 20, .claims = OC_CLAIMS_DEFAULT, .lists = OC_LISTS_CAPPED };
	struct oc_trace t;
	struct oc_analysis a;
	int format = OC_FORMAT_TEXT;   /* enum oc_format; int for cmd_parse_format()'s -1 */
	const char *path = NULL;
	char err[1024], **inputs = NULL;
	size_t n_inputs = 0;
	int rc, c, ranks = 0, claims_given = 0, lists_given = 0;
	int64_t peer_wait = -1;

	cmd_aopts_longopts(longopts, &nl, CMD_AOPT_ALL);
	longopts[nl] = (struct option){ NULL, 0, NULL, 0 };
	oc_analysis_options_init(&o);
	o.shed_trace = 1;               /* one analysis of the trace it opens */
	optind = 0;
	while ((c = cmd_getopt("report", argc, argv, "-h", longopts)) != -1) {
		const char *v = optarg;
		char *end;

		switch (c) {
		case 'h':
			usage(stdout);
			return OC_EXIT_OK;
		case OPT_FORMAT:
			if ((format = cmd_parse_format("report", v)) < 0)
				return OC_EXIT_USAGE;
			break;
		case OPT_RANKS:
			ranks = 1;
			break;
		case OPT_CLAIMS:
			if ((ro.claims = oc_claims_list_from_name(v)) < 0)
				return bad_value("--claims", v, "expected all, serialized or none");
			claims_given = 1;
			break;
		case OPT_LISTS:
			if ((ro.lists = oc_lists_choice_from_name(v)) < 0)
				return bad_value("--lists", v, "expected capped or all");
			lists_given = 1;
			break;
		case OPT_PEER_WAIT:
			if (oc_parse_duration(v, &peer_wait))
				return bad_value("--peer-wait", v, "expected a duration such as 50us");
			break;
		case OPT_MAX_ROWS: {
			errno = 0;
			long n = strtol(v, &end, 10);
			if (errno || end == v || *end || n < 1 || n > 1000000000)
				return bad_value("--max-rows", v, "expected a positive number");
			ro.max_rows = (int)n;
			break;
		}
		case 1:   /* a trace, in order */
			if (add_input(&inputs, &n_inputs, (char *)v))
				return OC_EXIT_USAGE;
			break;
		default:
			if (cmd_aopt("report", c, v, &o) == 1)
				break;
			return OC_EXIT_USAGE;
		}
	}
	/* after "--": traces only */
	for (; optind < argc; optind++)
		if (add_input(&inputs, &n_inputs, argv[optind]))
			return OC_EXIT_USAGE;
	if ((claims_given && json_option_misplaced("--claims", "the claims", ranks, format)) ||
	    (lists_given && json_option_misplaced("--lists", "the length of the lists", ranks, format))) {
		free(inputs);
		return OC_EXIT_USAGE;
	}
	if (ranks) {
		struct oc_ranks_options rko;
		oc_ranks_options_init(&rko);
		rko.a = o;
		if (peer_wait >= 0)
			rko.peer_wait_ns = peer_wait;
		if (o.range || o.device >= 0) {
			fprintf(stderr, "overlapcheck report: --ranks takes whole ranks: no --range or --device\n");
			free(inputs);
			return OC_EXIT_USAGE;
		}
		if (!n_inputs) {
			fprintf(stderr, "overlapcheck report: no trace given (--ranks takes one per rank)\n");
			usage(stderr);
			return OC_EXIT_USAGE;
		}
		rc = report_ranks(inputs, n_inputs, &rko, &ro, format);
		free(inputs);
		return rc;
	}
	if (n_inputs > 1) {
		fprintf(stderr, "overlapcheck report: more than one trace given ('%s', '%s'); "
			"--ranks merges several\n", inputs[0], inputs[1]);
		free(inputs);
		return OC_EXIT_USAGE;
	}
	path = n_inputs ? inputs[0] : NULL;
	free(inputs);
	if (peer_wait >= 0) {
		fprintf(stderr, "overlapcheck report: --peer-wait needs --ranks\n");
		return OC_EXIT_USAGE;
	}
	if (!path) {
		fprintf(stderr, "overlapcheck report: no trace given\n");
		usage(stderr);
		return OC_EXIT_USAGE;
	}

	cmd_note_input("report", path);
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
	if (format == OC_FORMAT_TEXT) {
		const char *nc = getenv("NO_COLOR");
		ro.color = isatty(STDOUT_FILENO) && !(nc && *nc);
	}
	if (format == OC_FORMAT_JSON)
		warn_capped(&a, ro.claims, ro.lists);
	rc = write_out(&(struct text_job){ format, &a, NULL, &ro });
	oc_analysis_release(&a);
	oc_trace_release(&t);
	if (rc) {
		fprintf(stderr, "overlapcheck report: cannot write the report: %s\n", strerror(errno));
		return OC_EXIT_USAGE;
	}
	return OC_EXIT_OK;
}
