/*
 * out-path.h: the critical path (path.h, struct oc_critical_path) in every
 * output: text, JSON, Markdown. Private to the report layer.
 */
#ifndef OVERLAPCHECK_OUT_PATH_H
#define OVERLAPCHECK_OUT_PATH_H

#include <stdio.h>

#include "overlapcheck/analysis.h"
#include "overlapcheck/json.h"

/* The text section; bold and reset: the colour codes ("" for none); rows: groups listed at most. */
void oc_path_text(FILE *f, const struct oc_analysis *a, const char *bold, const char *reset, int rows);
/* The JSON value of key "critical_path" (null when not given). */
void oc_path_json(struct oc_json *j, const struct oc_analysis *a);
/* The bounds' lines of the text section. */
void oc_bounds_text(FILE *f, const struct oc_analysis *a);
/* Keys "bounds" (an array, empty when none) and "bounds_withheld". */
void oc_bounds_json(struct oc_json *j, const struct oc_analysis *a);
/* The Markdown section. */
void oc_path_markdown(FILE *f, const struct oc_analysis *a);
/* What a group of the path was, for people: a kernel's short name, "HtoD copy (pageable)",
 * "memset", "graph launch (cudaGraphLaunch)", a call's function. Returns buf. */
const char *oc_path_group_label(const struct oc_trace *t, const struct oc_path_group *g, char *buf,
				size_t len);

#endif
