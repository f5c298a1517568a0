/*
 * causes.h: the cause table (src/analysis/causes.c), one row per cause of
 * a serialized claim: its code, its label, its evidence as one sentence,
 * its evidence as named fields for machines, and the advice it leads to.
 *
 * Every output reads the row, never a switch of its own: the text report
 * and the timeline's notes print the sentence, `check` puts it in its
 * evidence, the JSON report walks the fields through a writer of its own
 * (struct oc_fields). docs/causes.md is the contract each row implements.
 */
#ifndef OVERLAPCHECK_CAUSES_H
#define OVERLAPCHECK_CAUSES_H

#include <stddef.h>
#include <stdint.h>

#include "overlapcheck/analysis.h"

/*
 * Where a row's fields go: one call per field, in the row's order. op: an
 * op index of the trace (its object, or null when out of range); str: a
 * string, NULL for null; the rest as named.
 */
struct oc_fields {
	void *ctx;
	void (*op)(void *ctx, const char *key, int32_t op);
	void (*str)(void *ctx, const char *key, const char *s);
	void (*i64)(void *ctx, const char *key, int64_t v);
	void (*u64)(void *ctx, const char *key, uint64_t v);
	void (*boolean)(void *ctx, const char *key, int v);
};

struct oc_cause_row {
	const char *code;   /* "pageable_host_memory": stable, in JSON, check and rules files */
	const char *label;  /* "pageable host memory": the text report's words */
	/* The evidence as one sentence into buf (no final period). */
	void (*say)(const struct oc_analysis *a, const struct oc_claim *cl, const struct oc_evidence *e,
		    char *buf, size_t len);
	/* The evidence's fields beyond "cause" and "partner", in JSON's order. */
	void (*fields)(const struct oc_analysis *a, const struct oc_claim *cl, const struct oc_evidence *e,
		       const struct oc_fields *f);
	/* The advice when this cause decides the claim. */
	enum oc_advice (*advise)(const struct oc_trace *t, const struct oc_analysis *a,
				 const struct oc_claim *cl, const struct oc_evidence *e);
};

/* The row of cause c; the unknown cause's row for a value out of range. */
const struct oc_cause_row *oc_cause_row(enum oc_cause c);

/* e's sentence (its row's say) into buf. Returns buf. */
const char *oc_evidence_text(const struct oc_analysis *a, const struct oc_claim *cl,
			     const struct oc_evidence *e, char *buf, size_t len);

#endif
