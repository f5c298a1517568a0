/*
 * ranks-read.h: what ranks.c (the merge) and ranks-read.c (the inputs)
 * share. Private to src/analysis/.
 */
#ifndef OVERLAPCHECK_ANALYSIS_RANKS_READ_H
#define OVERLAPCHECK_ANALYSIS_RANKS_READ_H

#include <stddef.h>

#include "overlapcheck/format.h"
#include "overlapcheck/ranks.h"

struct oc_rk_list {        /* paths, malloc'd */
	char **v;
	size_t n;
};

/* a note for m->notes (format.h). 0, or -1 out of memory */
#define oc_rk_note(m, ...) oc_strv_addf(&(m)->notes, &(m)->n_notes, 600, __VA_ARGS__)
/* in[0..n), directories expanded into their *.db and *.json (by name),
 * appended to out. 0, or -1 with err set. */
int oc_rk_expand(const char *const *in, size_t n, struct oc_rk_list *out, char *err, size_t errlen);
/* The rank(s) of one input (a trace or a JSON report) appended to m->ranks,
 * times relative to their trace's start; or a note when it is skipped.
 * 0, or -1 with err set. */
int oc_rk_read(struct oc_ranks *m, const char *path, char *err, size_t errlen);
void oc_rk_free_rank(struct oc_rank *r);

#endif
