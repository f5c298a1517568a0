/*
 * spill.h: the claims and their evidence written out of memory while the
 * critical path runs, and its steps while the bounds run (issue 35).
 *
 * The path's graph and replays are the analysis' peak of memory, and they
 * never read the claims: so, when the claims and their evidence take at
 * least options.spill_bytes, they go to an unlinked temporary file (in
 * TMPDIR, else /tmp) before the path and come back after it. When the file
 * cannot be made or written the claims stay where they are and nothing else
 * changes; the result is the same either way, byte for byte.
 */
#ifndef OC_SPILL_H
#define OC_SPILL_H

#include <stddef.h>

struct oc_actx;

struct oc_spill {
	int    fd;              /* -1: nothing spilled */
	size_t n_claims, n_ev, n_steps;
};

/* Writes a->claims and c->ev out and frees them when they are large
 * enough and the file takes them; sets s->fd >= 0 then, else -1. */
void oc_spill_claims(struct oc_actx *c, struct oc_spill *s);
/* Reads them back (a no-op when s->fd < 0). 0, or -1 with err set. */
int oc_unspill_claims(struct oc_actx *c, struct oc_spill *s, char *err, size_t errlen);
/* The critical path's steps (a->path.steps) the same way, while the bounds
 * replay the graph, which never reads them: the steps are the bounds'
 * companions at report's peak (issue 35: 40 bytes a step, 5.4 million
 * steps at 10M ops). */
void oc_spill_steps(struct oc_actx *c, struct oc_spill *s);
int oc_unspill_steps(struct oc_actx *c, struct oc_spill *s, char *err, size_t errlen);
/* Closes the file of a spill not read back (on a failure in between). */
void oc_spill_drop(struct oc_spill *s);

#endif
