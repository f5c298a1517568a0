/*
 * writers.h: one writer table per kind of result (src/report/writers.c):
 * an analysis (report), check's results, a job's merged ranks, a compare.
 * A command names the format once and calls one function; adding a format
 * is one value below and one column in each table.
 */
#ifndef OVERLAPCHECK_WRITERS_H
#define OVERLAPCHECK_WRITERS_H

#include <stdio.h>

#include "overlapcheck/check.h"
#include "overlapcheck/compare.h"
#include "overlapcheck/ranks.h"
#include "overlapcheck/report.h"

enum oc_format { OC_FORMAT_TEXT = 0, OC_FORMAT_JSON, OC_FORMAT_MARKDOWN, OC_N_FORMATS };

/* "text", "json", "markdown" (or "md"): the format, or -1. */
int oc_format_from_name(const char *name);
/* "text, json, markdown": the names, for messages. */
const char *oc_format_names(void);

/* Each writes one result in format fmt to f: 0, or -1 when writing failed
 * (errno set). o may be NULL (defaults); JSON ignores it. */
int oc_write_report(FILE *f, enum oc_format fmt, const struct oc_analysis *a, const struct oc_report_opts *o);
int oc_write_check(FILE *f, enum oc_format fmt, const struct oc_check *c);
int oc_write_ranks(FILE *f, enum oc_format fmt, const struct oc_ranks *m, const struct oc_report_opts *o);
int oc_write_compare(FILE *f, enum oc_format fmt, const struct oc_compare *c);

#endif
