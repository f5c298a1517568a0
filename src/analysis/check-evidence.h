/*
 * check-evidence.h: the evidence of a failed check rule (check-evidence.c),
 * for check.c. Private to src/analysis/.
 */
#ifndef OVERLAPCHECK_ANALYSIS_CHECK_EVIDENCE_H
#define OVERLAPCHECK_ANALYSIS_CHECK_EVIDENCE_H

#include "overlapcheck/analysis.h"
#include "overlapcheck/check.h"

/* What a rule's evidence lists, worst first. */
enum oc_chk_ev {
	OC_CHK_UNHIDDEN_COPY,   /* claims: async copy time no kernel hid */
	OC_CHK_SERIALIZED,      /* claims: the serialized, longest first */
	OC_CHK_CAUSE_CLAIM,     /* claims: serialized with cause `cause`, decisive or not */
	OC_CHK_EXPOSED_COMM,    /* claims: NCCL kernels' exposed time */
	OC_CHK_HIDDEN_BLOCK,    /* hidden synchronizations, longest first */
	OC_CHK_GAP,             /* idle gaps with cause `cause` (-1: any), longest first */
};

/* The n worst items of `what` as evidence lines of r, then "... and N
 * more". 0, or -1 out of memory. */
int oc_chk_evidence(struct oc_rule_result *r, const struct oc_analysis *a, enum oc_chk_ev what,
		    int cause, int n);

/* The first n hazards (latent 0) or latent hazards (1) as evidence lines. */
void oc_chk_hazards(struct oc_rule_result *r, const struct oc_analysis *a, int latent, int n);

static inline int claim_has_cause(const struct oc_claim *c, int cause)
{
	for (size_t i = 0; i < c->n_evidence; i++)
		if ((int)c->evidence[i].cause == cause)
			return 1;
	return 0;
}

#endif
