/*
 * ranks-report.h: the renderings of a merged job (`overlapcheck report
 * --ranks`, src/report/out-ranks.c): text, JSON ("overlapcheck-ranks/1",
 * docs/report-json.md) and Markdown. Each writer only reads a finished
 * struct oc_ranks (ranks.h); none decides anything. Each returns 0, or -1
 * when writing failed.
 */
#ifndef OVERLAPCHECK_RANKS_REPORT_H
#define OVERLAPCHECK_RANKS_REPORT_H

#include <stdio.h>

#include "overlapcheck/ranks.h"
#include "overlapcheck/report.h"

#define OC_RANKS_SCHEMA "overlapcheck-ranks/1"

int oc_ranks_write_text(FILE *f, const struct oc_ranks *m, const struct oc_report_opts *o);
int oc_ranks_write_json(FILE *f, const struct oc_ranks *m);
int oc_ranks_write_markdown(FILE *f, const struct oc_ranks *m, const struct oc_report_opts *o);

/* The one line on a merged job (the timeline's answer): the slowest rank of
 * each collective name, the rank that waited longest. Returns buf. */
const char *oc_ranks_answer(const struct oc_ranks *m, char *buf, size_t len);

#endif
