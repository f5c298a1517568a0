/*
 * writers.c: the writer tables (writers.h), one per kind of result, each
 * indexed by format, in the manner of uftrace's dump_ops: the commands
 * (report, check, compare, report --ranks) call oc_write_*() and never
 * choose a writer themselves.
 */
#include <string.h>

#include "overlapcheck/check-report.h"
#include "overlapcheck/compare-report.h"
#include "overlapcheck/ranks-report.h"
#include "overlapcheck/writers.h"

static const char *const names[OC_N_FORMATS] = { "text", "json", "markdown" };

int oc_format_from_name(const char *name)
{
	for (int i = 0; name && i < OC_N_FORMATS; i++)
		if (!strcmp(name, names[i]))
			return i;
	return name && !strcmp(name, "md") ? OC_FORMAT_MARKDOWN : -1;
}

const char *oc_format_names(void)
{
	return "text, json, markdown";
}

static const struct oc_report_opts defaults = { .max_rows = 20, .claims = OC_CLAIMS_DEFAULT,
						     .lists = OC_LISTS_CAPPED };

/* ---- an analysis --------------------------------------------------------- */

static int report_json(FILE *f, const struct oc_analysis *a, const struct oc_report_opts *o)
{
	return oc_report_json_opts(f, a, o);
}

static int (*const report_writers[OC_N_FORMATS])(FILE *, const struct oc_analysis *,
						  const struct oc_report_opts *) = {
	[OC_FORMAT_TEXT] = oc_report_text,
	[OC_FORMAT_JSON] = report_json,
	[OC_FORMAT_MARKDOWN] = oc_report_markdown,
};

int oc_write_report(FILE *f, enum oc_format fmt, const struct oc_analysis *a, const struct oc_report_opts *o)
{
	return report_writers[(unsigned)fmt < OC_N_FORMATS ? fmt : 0](f, a, o ? o : &defaults);
}

/* ---- check's results ------------------------------------------------------ */

static int (*const check_writers[OC_N_FORMATS])(FILE *, const struct oc_check *) = {
	[OC_FORMAT_TEXT] = oc_check_write_text,
	[OC_FORMAT_JSON] = oc_check_write_json,
	[OC_FORMAT_MARKDOWN] = oc_check_write_markdown,
};

int oc_write_check(FILE *f, enum oc_format fmt, const struct oc_check *c)
{
	return check_writers[(unsigned)fmt < OC_N_FORMATS ? fmt : 0](f, c);
}

/* ---- a job's ranks -------------------------------------------------------- */

static int ranks_json(FILE *f, const struct oc_ranks *m, const struct oc_report_opts *o)
{
	return oc_ranks_write_json(f, m);
}

static int (*const ranks_writers[OC_N_FORMATS])(FILE *, const struct oc_ranks *,
						 const struct oc_report_opts *) = {
	[OC_FORMAT_TEXT] = oc_ranks_write_text,
	[OC_FORMAT_JSON] = ranks_json,
	[OC_FORMAT_MARKDOWN] = oc_ranks_write_markdown,
};

int oc_write_ranks(FILE *f, enum oc_format fmt, const struct oc_ranks *m, const struct oc_report_opts *o)
{
	return ranks_writers[(unsigned)fmt < OC_N_FORMATS ? fmt : 0](f, m, o ? o : &defaults);
}

/* ---- a compare ------------------------------------------------------------ */

static int (*const compare_writers[OC_N_FORMATS])(FILE *, const struct oc_compare *) = {
	[OC_FORMAT_TEXT] = oc_compare_write_text,
	[OC_FORMAT_JSON] = oc_compare_write_json,
	[OC_FORMAT_MARKDOWN] = oc_compare_write_markdown,
};

int oc_write_compare(FILE *f, enum oc_format fmt, const struct oc_compare *c)
{
	return compare_writers[(unsigned)fmt < OC_N_FORMATS ? fmt : 0](f, c);
}
