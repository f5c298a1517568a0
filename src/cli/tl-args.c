/*
 * tl-args.c: analysis options of the timeline commands (see tl-args.h).
 *
 * The pictures must agree with `overlapcheck report` run with the same
 * options, so they take the same names, units and limits, and hand them to
 * the same oc_analysis_run().
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-aopts.h"
#include "cmd-util.h"
#include "overlapcheck/rules.h"
#include "tl-args.h"
#include "tl-outfile.h"

void oc_tl_args_init(struct oc_tl_args *a)
{
	memset(a, 0, sizeof *a);
	oc_analysis_options_init(&a->opts);
	a->opts.shed_trace = 1;         /* one analysis of the trace the command opens */
	a->analyse = 1;
}

void oc_tl_args_longopts(struct option *longopts, size_t *n)
{
	cmd_aopts_longopts(longopts, n, CMD_AOPT_ALL);
	longopts[(*n)++] = (struct option){ "no-analysis", no_argument, NULL, OC_TL_NO_ANALYSIS };
}

void oc_tl_args_help(FILE *f)
{
	cmd_aopts_help(f, CMD_AOPT_ALL, 6, 26);
	fputs("      --no-analysis       the trace alone: no verdicts, causes, gaps or hidden syncs\n", f);
}

int oc_tl_args_parse(struct oc_tl_args *a, int c, const char *arg, const char *cmd)
{
	if (c == OC_TL_NO_ANALYSIS) {
		a->analyse = 0;
		return 1;
	}
	return cmd_aopt(cmd, c, arg, &a->opts);
}

int oc_tl_args_apply(const struct oc_tl_args *a, struct oc_trace *t, struct oc_tl_notes *n,
		     char *err, size_t errlen)
{
	memset(n, 0, sizeof *n);
	if (a->analyse)
		return oc_tl_notes_init(n, t, &a->opts, err, errlen);
	if (a->opts.range) {
		long m = oc_trace_keep_range(t, a->opts.range);
		if (m <= 0) {
			char names[400];

			oc_trace_range_names(t, names, sizeof names);
			if (m < 0)
				snprintf(err, errlen, "cannot select NVTX range '%s' in trace '%s'",
					 a->opts.range, t->path);
			else
				snprintf(err, errlen, "no NVTX range named '%s' in trace '%s' (%s%s)",
					 a->opts.range, t->path, names[0] ? "its ranges: " : "it has no NVTX ranges",
					 names);
			return -1;
		}
	}
	if (a->opts.device >= 0)
		oc_trace_keep_device(t, a->opts.device);
	return 0;
}

int oc_tl_args_write(const struct oc_tl_args *a, const char *cmd, const char *path,
		     const char *out, oc_tl_writer w, const void *ctx)
{
	struct oc_trace t;
	struct oc_tl_notes notes;
	struct oc_tl_out of;
	char err[1024];
	int rc = -1;

	cmd_note_input(cmd, path);
	if (oc_trace_open(&t, path, err, sizeof err)) {
		fprintf(stderr, "overlapcheck %s: %s\n", cmd, err);
		return -1;
	}
	if (oc_tl_args_apply(a, &t, &notes, err, sizeof err)) {
		fprintf(stderr, "overlapcheck %s: %s\n", cmd, err);
		goto err_trace;
	}
	if (oc_tl_out_open(&of, out, err, sizeof err)) {
		fprintf(stderr, "overlapcheck %s: %s\n", cmd, err);
		goto err_notes;
	}
	if (w(of.f, &t, &notes, ctx, err, sizeof err)) {
		fprintf(stderr, "overlapcheck %s: %s\n", cmd, err);
		oc_tl_out_abort(&of);
		goto err_notes;
	}
	if (oc_tl_out_close(&of, err, sizeof err)) {
		fprintf(stderr, "overlapcheck %s: %s\n", cmd, err);
		goto err_notes;
	}
	rc = 0;
err_notes:
	oc_tl_notes_release(&notes);
err_trace:
	oc_trace_release(&t);
	return rc;
}
