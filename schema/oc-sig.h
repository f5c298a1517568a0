/*
 * oc-sig.h: the parameters of a demangled C++ function signature,
 * "k<T>(float const*, int, float* __restrict)", one at a time. Shared by the
 * tracer (injection/memrefs.c: which parameters are pointers, where the
 * driver cannot say) and the analysis (src/analysis/hazards-mem.c: which
 * point to const). Header-only, no allocation; not installed (schema/
 * holds what both sides build from, schema/overlapcheck/ what is installed).
 *
 *	struct oc_sig s;
 *	const char *p; size_t n;
 *	if (oc_sig_open(&s, demangled))
 *		while (oc_sig_next(&s, &p, &n))
 *			... parameter [p, p + n) ...
 *
 * A parameter comes trimmed, without its own top-level " const" and
 * " __restrict" (a pointer's own qualifiers say nothing of what it points
 * to); "T const*" and "T*" stay as they are.
 */
#ifndef OVERLAPCHECK_OC_SIG_H
#define OVERLAPCHECK_OC_SIG_H

#include <stddef.h>
#include <string.h>

struct oc_sig {
	const char *p;      /* the next parameter */
	const char *end;    /* the final ')' */
};

/* The list after the '(' that matches the final ')'; 0 when d is no signature. */
static inline int oc_sig_open(struct oc_sig *s, const char *d)
{
	size_t len = d ? strlen(d) : 0;
	int depth = 0;

	if (!len || d[len - 1] != ')')
		return 0;
	for (const char *p = d + len; p-- > d;) {
		if (*p == ')')
			depth++;
		else if (*p == '(' && --depth == 0) {
			s->p = p + 1;
			s->end = d + len - 1;
			return 1;
		}
	}
	return 0;
}

/* The next parameter into [*b, *b + *n); 0 when there is none left. */
static inline int oc_sig_next(struct oc_sig *s, const char **b, size_t *n)
{
	const char *q = s->p, *e = q, *end;
	int depth = 0;

	if (q >= s->end)
		return 0;
	for (; e < s->end; e++) {
		if (*e == '<' || *e == '(' || *e == '[')
			depth++;
		else if (*e == '>' || *e == ')' || *e == ']')
			depth--;
		else if (*e == ',' && depth == 0)
			break;
	}
	end = e;
	while (end > q && end[-1] == ' ')
		end--;
	if (end - q >= 6 && !strncmp(end - 6, " const", 6))
		end -= 6;
	if (end - q >= 11 && !strncmp(end - 11, " __restrict", 11))
		end -= 11;
	*b = q;
	*n = (size_t)(end - q);
	s->p = e < s->end ? e + 1 : e;
	while (*s->p == ' ')
		s->p++;
	return 1;
}

#endif
