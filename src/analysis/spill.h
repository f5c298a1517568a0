/*
 * spill.h: the claims and their evidence written out of memory while the
 * critical path runs, and arrays parked while a step that does not read
 * them runs: among them the path's steps while the bounds run (issue 35).
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
	size_t n_claims, n_ev;
};

/* Writes a->claims and c->ev out and frees them when they are large
 * enough and the file takes them; sets s->fd >= 0 then, else -1. */
void oc_spill_claims(struct oc_actx *c, struct oc_spill *s);
/* Reads them back (a no-op when s->fd < 0). 0, or -1 with err set. */
int oc_unspill_claims(struct oc_actx *c, struct oc_spill *s, char *err, size_t errlen);
/* Closes the file of a spill not read back (on a failure in between). */
void oc_spill_drop(struct oc_spill *s);

/*
 * Arrays out of memory while a step that does not read them runs (issue
 * 35): the trace's calls while the sweeps and the claims' first pass run,
 * its mem rows until the hazard pass and the claims while it runs
 * (analysis.c), the threads' running ends while the graph is built, the
 * trace's calls from the graph's edges to its walk and its ops from the
 * edges to the bounds (graph.c), the graph's event order while its path is
 * walked, the path's steps and the trace's calls while the bounds replay
 * the graph. Added one by one; their whole pages (the pages at an array's
 * ends, shared with its neighbours, stay) written out together, straight
 * from the arrays, when they take at least options.spill_bytes and the file
 * takes them, and given back to the system; read back straight into the
 * same blocks, which never move (a reader that runs while they are out
 * reads zeros: only steps that do not read them run then). When nothing
 * could be parked, nothing changes.
 */
enum { OC_PARK_MAX = 8 };
struct oc_park {
	int    fd;              /* -1: nothing parked */
	size_t n;
	void  *p[OC_PARK_MAX];
	size_t bytes[OC_PARK_MAX];
};

/* Adds array p of `bytes` bytes (p may be NULL when bytes is 0). pk starts
 * as { .fd = -1 }. Past OC_PARK_MAX arrays one is not added (it stays in
 * memory). */
void oc_park_add(struct oc_park *pk, void *p, size_t bytes);
/* Writes the added arrays out and gives their pages back: 1 when it did, 0
 * when they stay (too small together, spilling off, no file, a full disk). */
int oc_park_out(struct oc_actx *c, struct oc_park *pk);
/* Reads them back in place (a no-op when nothing was parked). 0, or -1 with
 * err set (`what` names them: "its calls"); the file is closed either way. */
int oc_park_in(struct oc_actx *c, struct oc_park *pk, const char *what, char *err, size_t errlen);
/* Closes the file of a park not read back (on a failure in between). */
void oc_spill_drop_park(struct oc_park *pk);

#endif
