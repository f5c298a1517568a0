/*
 * advice-fold.c: repeated advice folded into one line with a count
 * (advice-fold.h). A sentence is the same advice when its words are: two
 * pageable copies of different sizes get two lines.
 */
#include <stdlib.h>
#include <string.h>

#include "advice-fold.h"

size_t oc_fold_claim_advice(const struct oc_analysis *a, int cause, struct oc_fold *out, size_t max,
			    size_t *rest)
{
	const struct oc_trace *t = a->trace;
	char buf[600];
	size_t n = 0;

	*rest = 0;
	for (size_t k = 0; k < a->n_claims; k++) {
		const struct oc_claim *cl = &a->claims[k];
		size_t m;

		if (cl->verdict != OC_VERDICT_SERIALIZED || !cl->n_evidence || !cl->in_window ||
		    (cause >= 0 && (int)cl->evidence[0].cause != cause))
			continue;
		oc_claim_advice(t, a, cl, buf, sizeof buf);
		if (!buf[0])
			continue;
		for (m = 0; m < n; m++)
			if (out[m].advice == cl->advice && !strcmp(out[m].text, buf))
				break;
		if (m < n) {
			out[m].count++;
			continue;
		}
		if (n == max || !(out[n].text = strdup(buf))) {
			(*rest)++;
			continue;
		}
		out[n].advice = cl->advice;
		out[n].count = 1;
		n++;
	}
	return n;
}

void oc_fold_free(struct oc_fold *f, size_t n)
{
	for (size_t k = 0; k < n; k++)
		free(f[k].text);
}
