/*
 * out-json.h: what the JSON report's writers share. Calls run one way:
 * out-json.c (the report, top to bottom) -> out-json-claims.c (claims,
 * syncs, gaps) and out-json-comm.c (communication, collectives[]) ->
 * out-json-base.c (ops, calls, streams). Private to src/report/.
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
	int claims;               /* enum oc_claims_list: which claims are listed */
	int lists;                /* enum oc_lists_choice: the other long lists capped or not */
	size_t claims_listed, claims_serialized; /* set by oc_rj_claims() */
	char buf[1024];           /* a label not kept */
};

/* oc_op_label() of op i; a kernel's label comes from the per-name cache
 * (the label depends on the name string only). Valid until the next call. */
const char *oc_rj_op_label(struct out *o, int32_t i);

/* out-json-base.c: op i as {name, kind, stream, ...} or null; as the
 * value of key; a call's name or null; "stream" and "stream_kind"; a
 * stream's id or null. */
void oc_rj_op_object(struct out *o, int32_t i);
void oc_rj_kv_op(struct out *o, const char *key, int32_t i);
void oc_rj_kv_api(struct oc_json *j, const char *key, const struct oc_trace *t, int32_t api);
void oc_rj_stream_members(struct oc_json *j, const struct oc_trace *t, int32_t s);
void oc_rj_kv_stream_id(struct oc_json *j, const char *key, const struct oc_trace *t, int32_t s);

/* out-json-claims.c: one claim, one gap (objects); the hidden (1) or
 * explicit (0) syncs (an array); a list of ops waited for (an array). */
void oc_rj_claim(struct out *o, const struct oc_claim *cl);
/* "claims": the claims o->claims lists, as they are iterated (each written
 * to the FILE through the writer's block, nothing kept), then, when any
 * claim was left out, "claims_omitted"; and the sentence for warnings[]
 * when the default's cap left claims out. */
void oc_rj_claims(struct out *o);
void oc_rj_claims_warning(struct out *o);
void oc_rj_gap(struct out *o, const struct oc_gap *g);
size_t oc_rj_blocks(struct out *o, int hidden);
/* How many of a long list of n entries o lists (the cap, OC_LIST_CAP,
 * under OC_LISTS_CAPPED); oc_rj_blocks lists that many of the hidden or
 * explicit syncs and returns how many there are. */
size_t oc_rj_list_limit(const struct out *o, size_t n);
void oc_rj_waited(struct out *o, const int32_t *ops, size_t n);

/* The report's "communication" value (null without NCCL kernels) and its
 * "collectives" array (out-json-comm.c, docs/report-json.md). */
void oc_rj_communication(struct out *o);
void oc_rj_collectives(struct out *o);

#endif
