/*
 * compare-report.h: the renderings of a comparison (`overlapcheck compare`,
 * src/report/out-compare.c).
 *
 * Each writer only reads a finished struct oc_compare (compare.h). JSON is
 * complete (docs/compare.md); text and Markdown are for people. Strings
 * from the traces are escaped for the format they land in.
 */
#ifndef OVERLAPCHECK_COMPARE_REPORT_H
#define OVERLAPCHECK_COMPARE_REPORT_H

#include <stdio.h>

#include "overlapcheck/compare.h"

/* Each returns 0, or -1 when writing failed. */
int oc_compare_write_text(FILE *f, const struct oc_compare *c);
int oc_compare_write_json(FILE *f, const struct oc_compare *c);
int oc_compare_write_markdown(FILE *f, const struct oc_compare *c);

#endif
