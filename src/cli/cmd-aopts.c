/*
 * cmd-aopts.c: the analysis options' table (cmd-aopts.h). Each row is one
 * option as every command spells, limits and explains it, so `report`,
 * `check`, `compare`, `export` and `timeline` cannot drift apart.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-aopts.h"
#include "overlapcheck/rules.h"

static int set_device(struct oc_analysis_options *o, const char *v)
{
	char *end;
	errno = 0;
	long d = strtol(v, &end, 10);
	if (errno || end == v || *end || d < 0 || d > 1000000)
		return -1;
	o->device = (int)d;
	return 0;
}

static int set_range(struct oc_analysis_options *o, const char *v)
{
	if (!*v)
		return -1;
	o->range = v;
	return 0;
}

static int set_gap(struct oc_analysis_options *o, const char *v)
{
	return oc_parse_duration(v, &o->gap_threshold_ns);
}

static int set_min_overlap(struct oc_analysis_options *o, const char *v)
{
	return oc_parse_fraction(v, &o->min_overlap);
}

static int set_tolerance(struct oc_analysis_options *o, const char *v)
{
	return oc_parse_duration(v, &o->sync_tolerance_ns);
}

static int set_whole(struct oc_analysis_options *o, const char *v)
{
	o->whole = 1;
	return 0;
}

static const struct row {
	const char *name;
	const char *arg;      /* NULL: takes no value */
	const char *help;
	const char *expect;   /* what a bad value should have been */
	int (*set)(struct oc_analysis_options *o, const char *v);
} rows[CMD_AOPT_N] = {
	{ "device", "N", "only device N", "expected a device number", set_device },
	{ "range", "NAME", "only work queued inside NVTX ranges named NAME",
	  "expected an NVTX range name", set_range },
	{ "gap-threshold", "T", "list idle gaps of at least T (default 10us)",
	  "expected a duration such as 10us", set_gap },
	{ "min-overlap", "F", "a claim overlapped from this fraction of its own duration\n"
	  "(default 0.05 = 5%)", "expected a fraction between 0 and 1 (0.05 or 5%)", set_min_overlap },
	{ "sync-tolerance", "T", "hidden sync: returned within T after the work (default 20us)",
	  "expected a duration such as 20us", set_tolerance },
	{ "whole", NULL, "count the whole trace, not the steady-state window", NULL, set_whole },
};

void cmd_aopts_longopts(struct option *longopts, size_t *n, unsigned mask)
{
	for (int i = 0; i < CMD_AOPT_N; i++)
		if (mask & (1u << i))
			longopts[(*n)++] = (struct option){ rows[i].name,
				rows[i].arg ? required_argument : no_argument, NULL, CMD_AOPT_VAL + i };
}

int cmd_aopt(const char *cmd, int c, const char *v, struct oc_analysis_options *o)
{
	if (c < CMD_AOPT_VAL || c >= CMD_AOPT_VAL + CMD_AOPT_N)
		return 0;
	const struct row *r = &rows[c - CMD_AOPT_VAL];
	if (r->set(o, v) == 0)
		return 1;
	fprintf(stderr, "overlapcheck %s: invalid value '%s' for --%s: %s\n", cmd, v, r->name, r->expect);
	return -1;
}

void cmd_aopts_help(FILE *f, unsigned mask, int indent, int col)
{
	for (int i = 0; i < CMD_AOPT_N; i++) {
		if (!(mask & (1u << i)))
			continue;
		const struct row *r = &rows[i];
		int w = fprintf(f, "%*s--%s%s%s", indent, "", r->name, r->arg ? " " : "", r->arg ? r->arg : "");
		for (const char *h = r->help; *h;) {
			const char *nl = strchr(h, '\n');
			size_t len = nl ? (size_t)(nl - h) : strlen(h);
			fprintf(f, "%*s%.*s\n", w < col ? col - w : 1, "", (int)len, h);
			w = 0;
			h += len + (nl ? 1 : 0);
		}
	}
}
