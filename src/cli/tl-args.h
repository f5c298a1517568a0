/*
 * tl-args.h: the analysis options that `export` and `timeline` share with
 * `report` (--device, --range, --gap-threshold, --min-overlap,
 * --sync-tolerance), plus --no-analysis, for getopt_long.
 */
#ifndef OVERLAPCHECK_TL_ARGS_H
#define OVERLAPCHECK_TL_ARGS_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

#include "overlapcheck/analysis.h"
#include "overlapcheck/export.h"

#define OC_TL_LONG_OPTIONS \
	{ "device",         required_argument, NULL, 0x100 }, \
	{ "range",          required_argument, NULL, 0x101 }, \
	{ "gap-threshold",  required_argument, NULL, 0x102 }, \
	{ "min-overlap",    required_argument, NULL, 0x103 }, \
	{ "sync-tolerance", required_argument, NULL, 0x104 }, \
	{ "no-analysis",    no_argument,       NULL, 0x105 }, \
	{ "whole",          no_argument,       NULL, 0x106 }

#define OC_TL_ARGS_HELP \
	"      --device N          only device N\n" \
	"      --range NAME        only work queued inside NVTX ranges named NAME\n" \
	"      --gap-threshold T   idle gaps of at least T (default 10us)\n" \
	"      --min-overlap F     overlapped from this fraction of own duration (default 0.05 = 5%%)\n" \
	"      --sync-tolerance T  hidden sync: returned within T after the work (default 20us)\n" \
	"      --whole             count the whole trace, not the steady-state window (shaded)\n" \
	"      --no-analysis       the trace alone: no verdicts, causes, gaps or hidden syncs\n"

struct oc_tl_args {
	struct oc_analysis_options opts;
	int analyse;            /* 0 after --no-analysis */
};

void oc_tl_args_init(struct oc_tl_args *a);

/*
 * Take getopt_long's result c with its optarg. Returns 1 when c was one of
 * OC_TL_LONG_OPTIONS, 0 when it is not ours, -1 for a bad value (a message
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
