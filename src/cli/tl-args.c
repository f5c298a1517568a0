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

#include "cmd-util.h"
#include "overlapcheck/rules.h"
#include "tl-args.h"
#include "tl-outfile.h"

void oc_tl_args_init(struct oc_tl_args *a)
{
	memset(a, 0, sizeof *a);
	oc_analysis_options_init(&a->opts);
	a->analyse = 1;
}

static int bad(const char *cmd, const char *opt, const char *v, const char *what)
{
	fprintf(stderr, "overlapcheck %s: invalid value '%s' for --%s: %s\n", cmd, v, opt, what);
	return -1;
}

int oc_tl_args_parse(struct oc_tl_args *a, int c, const char *arg, const char *cmd)
{
	char *end;
	long d;

	switch (c) {
	case 0x100:
		errno = 0;
		d = strtol(arg, &end, 10);
		if (errno || end == arg || *end || d < 0 || d > 1000000)
			return bad(cmd, "device", arg, "expected a device number");
		a->opts.device = (int)d;
		return 1;
	case 0x101:
		if (!*arg)
			return bad(cmd, "range", arg, "expected an NVTX range name");
		a->opts.range = arg;
		return 1;
	case 0x102:
		if (oc_parse_duration(arg, &a->opts.gap_threshold_ns))
			return bad(cmd, "gap-threshold", arg, "expected a duration such as 10us");
		return 1;
	case 0x103:
		if (oc_parse_fraction(arg, &a->opts.min_overlap))
			return bad(cmd, "min-overlap", arg,
				   "expected a fraction between 0 and 1 (0.05 or 5%)");
		return 1;
	case 0x104:
		if (oc_parse_duration(arg, &a->opts.sync_tolerance_ns))
			return bad(cmd, "sync-tolerance", arg, "expected a duration such as 20us");
		return 1;
	case 0x105:
		a->analyse = 0;
		return 1;
	case 0x106:
		a->opts.whole = 1;
		return 1;
	}
	return 0;
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
