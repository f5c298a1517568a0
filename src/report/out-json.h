/*
 * out-json.h: what the JSON report's writers share (out-json.c: the report;
 * out-json-comm.c: its communication and collectives[]). Private to
 * src/report/.
 */
#ifndef OVERLAPCHECK_REPORT_OUT_JSON_H
#define OVERLAPCHECK_REPORT_OUT_JSON_H

#include <stdint.h>

#include "overlapcheck/json.h"
#include "overlapcheck/report.h"

/* One report being written. */
struct out {
	struct oc_json j;
	const struct oc_analysis *a;
	const struct oc_trace *t;
	char **kernel_label;      /* by string index: the demangled name, NULL until needed */
	char buf[1024];           /* a label not kept */
};

/* oc_op_label() of op i; a kernel's label comes from the per-name cache
 * (the label depends on the name string only). Valid until the next call. */
const char *oc_rj_op_label(struct out *o, int32_t i);

/* The report's "communication" value (null without NCCL kernels) and its
 * "collectives" array (out-json-comm.c, docs/report-json.md). */
void oc_rj_communication(struct out *o);
void oc_rj_collectives(struct out *o);

#endif
