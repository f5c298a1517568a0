/*
 * cmd-check.c: `overlapcheck check [RULES...] TRACE...`, the CI gate.
 *
 * Parses the rules (options and rules files, rules.h) and the options,
 * decides the rules on each trace and on all of them together (check.h,
 * src/analysis/check.c), prints each trace's warnings, and writes the
 * results (check-report.h): text (default), JSON or Markdown, JUnit XML
 * (--junit FILE) and, when GITHUB_ACTIONS is set, GitHub workflow commands.
 *
 * Exit status: 0 every rule holds everywhere, 1 any rule fails, 2 usage or
 * input error (checked before anything is printed: bad rules first, then
 * every trace must load and analyse, and at least one must have device ops
 * in scope: a gate that measured nothing does not pass).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-aopts.h"
#include "cmd-util.h"
#include "cmds.h"
#include "overlapcheck/analysis.h"
#include "overlapcheck/check-report.h"
#include "overlapcheck/check.h"
#include "overlapcheck/rules.h"
#include "overlapcheck/tracefile.h"

struct opts {
	struct oc_check_options c;
	const char *junit;
	const char *output;
	enum oc_format format;
};

/* the analysis options check takes: all but --min-overlap, which is the old
 * name of --min-copy-overlap here until the next release (--claim-min-overlap
 * sets the per-claim threshold meanwhile) */
#define CHECK_AOPTS (CMD_AOPT_ALL & ~CMD_AOPT_MIN_OVERLAP)

static void usage(FILE *f)
{
	fprintf(f,
"usage: overlapcheck check [OPTIONS] [RULES...] TRACE...\n"
"       overlapcheck check --ranks [OPTIONS] [RULES...] INPUT...\n"
"\n"
"CI gate: decide overlap rules on each trace and on all traces together.\n"
"With --ranks, the inputs (rank traces, their JSON reports, directories) are\n"
"one job's ranks, merged on one time axis, with one result per rank.\n"
"\n"
"Rules (at least one, as options or in a rules file):\n"
"  --min-copy-overlap F       copy/compute overlap share >= F (0.5 or 50%%); its old\n"
"                             name --min-overlap is read with a warning until the\n"
"                             next release (docs/check.md)\n"
"  --min-overlapped-claims F  overlapped claims / claims >= F\n"
"  --no-hidden-sync           no hidden synchronization\n"
"  --max-idle F               idle share of the makespan <= F\n"
"  --max-host-wait F          device idle while the host was blocked in a sync <= F\n"
"                             of the device time (where the time went)\n"
"  --max-late-submission F    device idle waiting for a late submission <= F\n"
"  --max-lever-bound F        no fix could save more than F of the interval: the\n"
"                             largest bound of the critical path <= F (a bound, not\n"
"                             a proof: docs/causes.md, \"Bounds\")\n"
"  --forbid-cause CODE        no serialized claim or idle gap with this cause, decisive\n"
"                             or not (repeatable; codes as in `overlapcheck report`)\n"
"  --max-dropped N            at most N dropped records (calls' rows included)\n"
"  --max-exposed-comm F       NCCL communication with no compute kernel beside it\n"
"                             <= F of the communication time\n"
"  --max-peer-wait F          time the collectives waited for slower peer ranks\n"
"                             <= F of the communication time (needs --ranks)\n"
"  --no-hazard                no unordered access of one allocation from two streams\n"
"                             that ran at once, no use after a stream-ordered free\n"
"                             (docs/hazards.md; fails on a trace without the map)\n"
"  --no-latent-hazard         no such access kept apart only by timing\n"
"  --rules FILE               read rules from FILE: one a line, `# comments`\n"
"\n"
"Options:\n");
	cmd_aopts_help(f, CHECK_AOPTS, 2, 29);
	fprintf(f,
"  --claim-min-overlap F      a claim overlapped from this fraction of its own\n"
"                             duration (report's --min-overlap; default 0.05)\n"
"  --ranks                    the inputs are a job's ranks (docs/nccl.md): rules\n"
"                             max-exposed-comm, max-peer-wait, forbid-cause peer_wait\n"
"  --peer-wait T              --ranks: the peer_wait threshold (default 50us)\n"
"  --junit FILE               also write JUnit XML to FILE\n"
"  --format text|json|markdown  output format (default text)\n"
"  -o, --output FILE          write the output to FILE\n"
"  --evidence N               worst items listed per failure (default %d)\n"
"  -h, --help                 this help\n"
"\n"
"With GITHUB_ACTIONS set, failures also print as ::error annotations.\n"
"Exit status: 0 all rules hold, 1 a rule failed, 2 usage or input error.\n"
"See docs/check.md.\n", OC_CHECK_DEFAULT_EVIDENCE);
}

/* ---- command ------------------------------------------------------------------- */

static int parse_int(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

enum {
	OPT_RULES = 0x100, OPT_EVIDENCE, OPT_JUNIT, OPT_FORMAT,
	OPT_RANKS, OPT_PEER_WAIT, OPT_OLD_MIN_OVERLAP, OPT_CLAIM_MIN_OVERLAP,
	OPT_RULE = 0x200,        /* + the rule's kind */
};

/*
 * Parse argv into rules, options and trace paths. 0, -1 after a message, or
 * -2 after an unknown option or a missing value (the message says where
 * the help is).
 */
static int parse_args(int argc, char **argv, struct oc_rules *rules, struct opts *o,
		      const char **traces, size_t *n_traces)
{
	static const struct option fixed[] = {
		{ "rules",    required_argument, NULL, OPT_RULES },
		{ "evidence", required_argument, NULL, OPT_EVIDENCE },
		{ "junit",    required_argument, NULL, OPT_JUNIT },
		{ "output",   required_argument, NULL, 'o' },
		{ "format",   required_argument, NULL, OPT_FORMAT },
		{ "ranks",    no_argument,       NULL, OPT_RANKS },
		{ "peer-wait", required_argument, NULL, OPT_PEER_WAIT },
		{ "min-overlap", required_argument, NULL, OPT_OLD_MIN_OVERLAP },
		{ "claim-min-overlap", required_argument, NULL, OPT_CLAIM_MIN_OVERLAP },
		{ "help",     no_argument,       NULL, 'h' },
	};
	/* the rules are options too (--min-overlap 0.5); one without an
	 * argument takes "=VALUE" only to say it takes none (rules.c) */
	struct option longopts[sizeof fixed / sizeof fixed[0] + OC_RULE__COUNT + CMD_AOPT_N + 1];
	size_t nl = 0;
	char err[512], name[64];
	const char *v;
	int c, r;
	long num;

	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		longopts[nl++] = fixed[i];
	for (int k = 0; k < OC_RULE__COUNT; k++)
		longopts[nl++] = (struct option){ oc_rule_name(k),
			oc_rule_has_arg(k) ? required_argument : optional_argument, NULL, OPT_RULE + k };
	cmd_aopts_longopts(longopts, &nl, CHECK_AOPTS);
	longopts[nl] = (struct option){ NULL, 0, NULL, 0 };

	optind = 0;
	while ((c = cmd_getopt("check", argc, argv, "-o:h", longopts)) != -1) {
		v = optarg;
		switch (c) {
		case 1:   /* a trace, in order */
			traces[(*n_traces)++] = v;
			break;
		case OPT_RULES:
			if (oc_rules_parse_file(rules, v, err, sizeof err) < 0)
				goto bad;
			break;
		case OPT_OLD_MIN_OVERLAP:
			if (oc_rules_add(rules, "--min-overlap", v, "--min-overlap", err, sizeof err) < 0)
				goto bad;
			break;
		case OPT_CLAIM_MIN_OVERLAP:
			if (oc_parse_fraction(v, &o->c.a.min_overlap)) {
				fprintf(stderr, "overlapcheck check: invalid value '%s' for --claim-min-overlap: "
					"expected a fraction between 0 and 1 (0.05 or 5%%)\n", v);
				return -1;
			}
			break;
		case OPT_RANKS:
			o->c.ranks = 1;
			break;
		case OPT_PEER_WAIT:
			if (oc_parse_duration(v, &o->c.peer_wait_ns) < 0) {
				fprintf(stderr, "overlapcheck check: --peer-wait: '%s' is not a duration "
					"(50us, 1ms)\n", v);
				return -1;
			}
			break;
		case OPT_EVIDENCE:
			if (parse_int(v, 0, 1000, &num) < 0) {
				fprintf(stderr, "overlapcheck check: --evidence: '%s' is not a count (0-1000)\n", v);
				return -1;
			}
			o->c.evidence = (int)num;
			break;
		case OPT_JUNIT:
			o->junit = v;
			break;
		case 'o':
			o->output = v;
			break;
		case OPT_FORMAT:
			if ((r = cmd_parse_format("check", v)) < 0)
				return -1;
			o->format = (enum oc_format)r;
			break;
		case 'h':   /* cmd_check() answered --help before */
			break;
		default:
			if ((r = cmd_aopt("check", c, v, &o->c.a)) != 0) {
				if (r < 0)
					return -1;
				break;
			}
			if (c >= OPT_RULE && c < OPT_RULE + OC_RULE__COUNT) {
				snprintf(name, sizeof name, "--%s", oc_rule_name(c - OPT_RULE));
				if (oc_rules_add(rules, name, v, name, err, sizeof err) < 0)
					goto bad;
				break;
			}
			return -2;
		}
	}
	/* after "--": traces only */
	while (optind < argc)
		traces[(*n_traces)++] = argv[optind++];
	if (!rules->n) {
		fprintf(stderr, "overlapcheck check: no rules given (options such as --min-copy-overlap, "
			"or --rules FILE)\n");
		return -1;
	}
	if (!*n_traces) {
		fprintf(stderr, "overlapcheck check: no trace given\n");
		return -1;
	}
	if (o->c.ranks && (o->c.a.range || o->c.a.device >= 0)) {
		fprintf(stderr, "overlapcheck check: --ranks takes whole ranks: no --range or --device\n");
		return -1;
	}
	if (!o->c.ranks && o->c.peer_wait_ns) {
		fprintf(stderr, "overlapcheck check: --peer-wait needs --ranks\n");
		return -1;
	}
	return 0;
bad:
	fprintf(stderr, "overlapcheck check: %s\n", err);
	return -1;
}

static int render_text(FILE *f, const void *res)
{
	return oc_write_check(f, OC_FORMAT_TEXT, res);
}

int cmd_check(int argc, char **argv)
{
	struct opts o = { .format = OC_FORMAT_TEXT };
	struct oc_rules rules;
	struct oc_check res;
	const char **traces = NULL;
	size_t n_traces = 0;
	FILE *out = stdout;
	char err[1024];
	int ret = OC_EXIT_USAGE, rc, ok;

	memset(&res, 0, sizeof res);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			break;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return OC_EXIT_OK;
		}
	}
	oc_rules_init(&rules);
	oc_check_options_init(&o.c);
	traces = calloc((size_t)argc, sizeof *traces);
	if (!traces)
		goto out;
	if ((rc = parse_args(argc, argv, &rules, &o, traces, &n_traces)) < 0) {
		if (rc == -1)
			fprintf(stderr, "see 'overlapcheck check --help'\n");
		goto out;
	}
	for (size_t i = 0; i < rules.n_notes; i++)
		fprintf(stderr, "overlapcheck check: warning: %s\n", rules.notes[i]);
	for (size_t i = 0; i < n_traces; i++)
		cmd_note_input("check", traces[i]);
	ok = oc_check_run(&res, &rules, traces, n_traces, &o.c, err, sizeof err) == 0;
	/* each trace's warnings, once: in the text result when it goes to
	 * stdout, else here (also when a later trace failed: no result then) */
	for (size_t i = 0; (!ok || o.format != OC_FORMAT_TEXT || o.output) && i < res.n_suites && i < n_traces; i++)
		for (size_t w = 0; w < res.suites[i].n_warnings; w++) {
			fprintf(stderr, "overlapcheck check: warning: %s: ", res.suites[i].name);
			oc_fput_escaped(res.suites[i].warnings[w], stderr);
			fputc('\n', stderr);
		}
	if (!ok) {
		fprintf(stderr, "overlapcheck check: %s\n", err);
		goto out;
	}

	if (o.output && !(out = fopen(o.output, "w"))) {
		fprintf(stderr, "overlapcheck check: cannot write '%s': %s\n", o.output, strerror(errno));
		out = stdout;
		goto out;
	}
	rc = o.format == OC_FORMAT_TEXT ? cmd_write_wrapped(out, render_text, &res) :
	     oc_write_check(out, o.format, &res);
	if (rc < 0 || fflush(out) || ferror(out)) {
		fprintf(stderr, "overlapcheck check: write error on output\n");
		goto out;
	}
	if (o.junit) {
		FILE *jf = fopen(o.junit, "w");
		if (!jf) {
			fprintf(stderr, "overlapcheck check: cannot write '%s': %s\n", o.junit, strerror(errno));
			goto out;
		}
		if (oc_junit_write(jf, res.suites, res.n_suites) < 0 || fclose(jf)) {
			fprintf(stderr, "overlapcheck check: write error on '%s'\n", o.junit);
			goto out;
		}
	}
	{
		const char *gha = getenv("GITHUB_ACTIONS");
		if (gha && *gha)
			/* workflow commands go to stdout, unless stdout carries JSON */
			oc_gha_write(o.format == OC_FORMAT_JSON && out == stdout ? stderr : stdout,
				     res.suites, res.n_suites);
	}
	ret = oc_check_failures(&res) ? OC_EXIT_FAIL : OC_EXIT_OK;
out:
	if (out != stdout)
		fclose(out);
	oc_check_release(&res);
	free(traces);
	oc_rules_release(&rules);
	return ret;
}
