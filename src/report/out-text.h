/*
 * out-text.h: what the text report's files share (out-text.c: the report,
 * top to bottom; out-text-recording.c: how the trace was recorded: capture,
 * queries, passport, engines). Private to src/report/.
 */
#ifndef OVERLAPCHECK_REPORT_OUT_TEXT_H
#define OVERLAPCHECK_REPORT_OUT_TEXT_H

#include <stdio.h>

#include "overlapcheck/analysis.h"
#include "overlapcheck/format.h"

struct out {
	FILE *f;
	int color;
	int max_rows;
	const struct oc_analysis *a;
	const struct oc_trace *t;
};

#define C_BOLD   "\033[1m"
#define C_RED    "\033[31m"
#define C_GREEN  "\033[32m"
#define C_YELLOW "\033[33m"
#define C_RESET  "\033[0m"

static inline const char *col(const struct out *o, const char *c)
{
	return o->color ? c : "";
}

/* Copy s into buf with control characters escaped (\n, \t, \xNN) and the
 * result cut at max display bytes with "...". */
static inline const char *clean(const char *s, char *buf, size_t len, size_t max)
{
	return oc_fmt_clip(s, buf, len, max);
}

/* "850 ns", "12.3 us", "4.56 ms", "1.23 s" */
static inline const char *dur(int64_t ns, char *buf, size_t len)
{
	return oc_fmt_duration(ns, buf, len);
}

static inline const char *pct(double share, char *buf, size_t len)
{
	if (share < 0)
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, "%.0f%%", share * 100);
	return buf;
}

static inline const char *op_name(const struct out *o, int32_t i, char *buf, size_t len, size_t max)
{
	return oc_op_short(o->t, i, buf, len, max);
}

static inline const char *api_name(const struct out *o, int32_t api, char *buf, size_t len)
{
	if (api < 0 || (size_t)api >= o->t->n_api)
		return "(unknown call)";
	return clean(oc_trace_str(o->t, o->t->api[api].name), buf, len, 60);
}

static inline unsigned stream_id(const struct out *o, int32_t op)
{
	return o->t->streams[o->t->ops[op].stream].stream_id;
}

/* out-text-recording.c: the sections on how the trace was recorded */
void oc_rt_capture(const struct out *o);
void oc_rt_queries(const struct out *o);
void oc_rt_passport(const struct out *o);
void oc_rt_engines(const struct out *o);

#endif
