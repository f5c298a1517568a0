/*
 * advice-fold.h: repeated advice folded into one line with a count, for the
 * outputs people read (text, Markdown); JSON keeps every claim's advice.
 * Private to the report layer.
 */
#ifndef OVERLAPCHECK_ADVICE_FOLD_H
#define OVERLAPCHECK_ADVICE_FOLD_H

#include <stddef.h>

#include "overlapcheck/analysis.h"

struct oc_fold {
	char  *text;        /* the advice sentence, as every claim counted here gets it */
	int    advice;      /* enum oc_advice */
	size_t count;       /* claims */
};

/*
 * The distinct advice sentences of the serialized claims in the window whose
 * decisive cause is `cause` (-1: any), in the order they first appear, at
 * most max of them into out; *rest receives the claims whose sentence did
 * not fit. Returns how many were filled (0 also when out of memory).
 */
size_t oc_fold_claim_advice(const struct oc_analysis *a, int cause, struct oc_fold *out, size_t max,
			    size_t *rest);
void oc_fold_free(struct oc_fold *f, size_t n);

#endif
