/*
 * report.h: the three renderings of an analysis (`overlapcheck report`).
 *
 * Each writer only reads a finished struct oc_analysis; none decides
 * anything. JSON is complete and stable (docs/report-json.md); text and
 * Markdown truncate long lists with "... and N more". Every string that came
 * from the trace is escaped for the format it lands in.
 */
#ifndef OVERLAPCHECK_REPORT_H
#define OVERLAPCHECK_REPORT_H

#include <stdio.h>

#include "overlapcheck/analysis.h"

#define OC_REPORT_SCHEMA "overlapcheck-report/1"

struct oc_report_opts {
	int color;      /* text: ANSI colour (the caller checks isatty and NO_COLOR) */
	int max_rows;   /* text/Markdown: rows per list before "... and N more"; 0 = 20 */
};

/*
 * text[0..len) to f for a terminal of width columns (width <= 0: as it is):
 * longer lines broken at spaces, continuations indented four past the
 * line's own indentation, words never cut, colour sequences taking no
 * columns. 0, or -1 when writing failed.
 */
int oc_wrap(FILE *f, const char *text, size_t len, int width);

/* Each returns 0, or -1 when writing failed. */
int oc_report_json(FILE *f, const struct oc_analysis *a);
int oc_report_text(FILE *f, const struct oc_analysis *a, const struct oc_report_opts *o);
int oc_report_markdown(FILE *f, const struct oc_analysis *a, const struct oc_report_opts *o);

#endif
