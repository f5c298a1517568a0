/*
 * tl-args.h: the options of `export` and `timeline`: the analysis options
 * every analysing command takes (cmd-aopts.h: --device, --range,
 * --gap-threshold, --min-overlap, --sync-tolerance, --whole), plus
 * --no-analysis.
 */
#ifndef OVERLAPCHECK_TL_ARGS_H
#define OVERLAPCHECK_TL_ARGS_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

#include "overlapcheck/analysis.h"
#include "overlapcheck/export.h"

/* --no-analysis's getopt_long value */
#define OC_TL_NO_ANALYSIS 0x105

/* Append the analysis options (cmd-aopts.h) and --no-analysis to longopts
 * at *n (room for CMD_AOPT_N + 1 more). */
void oc_tl_args_longopts(struct option *longopts, size_t *n);

/* Their help lines, the text at column 26. */
void oc_tl_args_help(FILE *f);

struct oc_tl_args {
	struct oc_analysis_options opts;
	int analyse;            /* 0 after --no-analysis */
};

void oc_tl_args_init(struct oc_tl_args *a);

/*
 * Take getopt_long's result c with its optarg. Returns 1 when c was one of
 * oc_tl_args_longopts(), 0 when it is not ours, -1 for a bad value (a message
 * naming cmd, the option and the value is printed on stderr).
 */
int oc_tl_args_parse(struct oc_tl_args *a, int c, const char *arg, const char *cmd);

/*
 * Narrow t to --range / --device and run the analysis into n (or, with
 * --no-analysis, leave n empty). Returns 0, or -1 with a message in err.
 */
int oc_tl_args_apply(const struct oc_tl_args *a, struct oc_trace *t, struct oc_tl_notes *n,
		     char *err, size_t errlen);

/* Writes one picture of t with its notes to f; 0, or -1 with a message in err. */
typedef int (*oc_tl_writer)(FILE *f, const struct oc_trace *t, const struct oc_tl_notes *n,
			    const void *ctx, char *err, size_t errlen);

/*
 * The body of `export` and `timeline`: open the trace at path, narrow and
 * analyse it as a says (oc_tl_args_apply), and write it with w(ctx) to out
 * (NULL: standard output), which appears only once complete (tl-outfile.h).
 * Each failure is printed as "overlapcheck CMD: MESSAGE". 0 or -1.
 */
int oc_tl_args_write(const struct oc_tl_args *a, const char *cmd, const char *path,
		     const char *out, oc_tl_writer w, const void *ctx);

#endif
