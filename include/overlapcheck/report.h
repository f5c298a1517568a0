/*
 * report.h: the three renderings of an analysis (`overlapcheck report`).
 *
 * Each writer only reads a finished struct oc_analysis; none decides
 * anything. JSON is stable (docs/report-json.md) and complete but for its
 * claims list on traces above OC_CLAIMS_CAP claims (enum oc_claims_list);
 * text and Markdown truncate long lists with "... and N more". Every string that came
 * from the trace is escaped for the format it lands in.
 */
#ifndef OVERLAPCHECK_REPORT_H
#define OVERLAPCHECK_REPORT_H

#include <stdio.h>

#include "overlapcheck/analysis.h"

#define OC_REPORT_SCHEMA "overlapcheck-report/1"

/*
 * Which claims the JSON report lists (docs/report-json.md, "claims_omitted").
 * DEFAULT lists every claim of a trace with at most OC_CLAIMS_CAP claims
 * and, above that, the first OC_CLAIMS_CAP serialized claims by start time;
 * ALL lists every claim, SERIALIZED every serialized one, NONE none. The
 * summary, causes, gaps and the rest are written whatever the choice.
 */
enum oc_claims_list {
	OC_CLAIMS_DEFAULT = 0,
	OC_CLAIMS_ALL,
	OC_CLAIMS_SERIALIZED,
	OC_CLAIMS_NONE,
};
#define OC_CLAIMS_CAP 10000

/*
 * The JSON report's other long lists (gaps, hidden_syncs, explicit_syncs,
 * default_stream_syncs): CAPPED (the default) lists the first OC_LIST_CAP
 * entries of a longer list, in the list's own order (docs/report-json.md), and
 * says what it left out in "<list>_omitted"; ALL lists every entry.
 */
enum oc_lists_choice {
	OC_LISTS_CAPPED = 0,
	OC_LISTS_ALL,
};
#define OC_LIST_CAP 10000

struct oc_report_opts {
	int color;      /* text: ANSI colour (the caller checks isatty and NO_COLOR) */
	int max_rows;   /* text/Markdown: rows per list before "... and N more"; 0 = 20 */
	int claims;     /* JSON: enum oc_claims_list (0: the default) */
	int lists;      /* JSON: enum oc_lists_choice (0: capped) */
};

/*
 * text[0..len) to f for a terminal of width columns (width <= 0: as it is):
 * longer lines broken at spaces, continuations indented four past the
 * line's own indentation, words never cut, colour sequences taking no
 * columns. 0, or -1 when writing failed.
 */
int oc_wrap(FILE *f, const char *text, size_t len, int width);

/* "all", "serialized", "none": the list, or -1. */
int oc_claims_list_from_name(const char *name);
/* 1 when the JSON report of a under claims lists fewer claims than the
 * default's cap lets through: OC_CLAIMS_DEFAULT on more than OC_CLAIMS_CAP
 * claims (the report then says so in claims_omitted and warnings[]). */
int oc_report_claims_capped(const struct oc_analysis *a, int claims);
/* "capped", "all": the choice, or -1. */
int oc_lists_choice_from_name(const char *name);
/* How many of the JSON's long lists of a the cap cut under lists (0: none),
 * and, where buf is given, which, as "explicit_syncs (10332), gaps (10309)". */
int oc_report_lists_cut(const struct oc_analysis *a, int lists, char *buf, size_t len);

/* Each returns 0, or -1 when writing failed. oc_report_json lists the
 * claims as OC_CLAIMS_DEFAULT; oc_report_json_claims as claims says; both
 * cap the other long lists (OC_LISTS_CAPPED), oc_report_json_opts as o says. */
int oc_report_json(FILE *f, const struct oc_analysis *a);
int oc_report_json_claims(FILE *f, const struct oc_analysis *a, int claims);
/* The JSON report as o's claims and lists say (o's other members unused). */
int oc_report_json_opts(FILE *f, const struct oc_analysis *a, const struct oc_report_opts *o);
int oc_report_text(FILE *f, const struct oc_analysis *a, const struct oc_report_opts *o);
int oc_report_markdown(FILE *f, const struct oc_analysis *a, const struct oc_report_opts *o);

#endif
