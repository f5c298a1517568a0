/*
 * out-host.h: the host story (analysis.h, struct oc_host_story) in every
 * output: text, JSON, Markdown. Private to the report layer.
 */
#ifndef OVERLAPCHECK_OUT_HOST_H
#define OVERLAPCHECK_OUT_HOST_H

#include <stdio.h>

#include "overlapcheck/analysis.h"
#include "overlapcheck/json.h"

/* The text section, when the story is given; bold and reset: the colour codes ("" for none). */
void oc_host_story_text(FILE *f, const struct oc_analysis *a, const char *bold, const char *reset);
/* The JSON value of key "host_story" (null when not given). */
void oc_host_story_json(struct oc_json *j, const struct oc_analysis *a);
/* The Markdown section, when the story is given. */
void oc_host_story_markdown(FILE *f, const struct oc_analysis *a);
/* One line for a header (the timeline's), into buf; "" when not given. Returns buf. */
const char *oc_host_story_line(const struct oc_analysis *a, char *buf, size_t len);

#endif
