/*
 * window.c: the window the counts, shares and check rules use.
 *
 * Startup is not the loop the user wrote: context creation, module loading,
 * allocator warm-up and a data loader starting its workers leave a burst of
 * device activity, then a long idle gap, then the steady state. The window
 * drops such a burst at either end (docs/causes.md, "Steady state"):
 *
 *   Let B1..Bm be the device's busy intervals (maximal, over every device
 *   of the trace) and Gi the idle gap between Bi and Bi+1. A leading
 *   segment B1..Bi is dropped when
 *     - len(Gi) > busy(B1..Bi): the gap is longer than the segment's work,
 *     - len(Gi) > twice every gap left inside Bi+1..Bm: it stands out, so a
 *       loop whose iterations are all separated by such gaps (a late CPU)
 *       keeps its first and last iterations, and
 *     - the ops that remain are at least 80% of the trace's device ops;
 *   the smallest such i is taken, and the rule is applied again to what
 *   remains. Trailing segments likewise from the other end, until neither
 *   end changes (at most MAX_CUTS times per end).
 *
 * The window never changes a per-op verdict: verdicts come from every op.
 * With --range the NVTX selection is the window (not trimmed); with --whole
 * the whole trace is. One pass over the ops, which trace.h sorts by start.
 */
#include <stdlib.h>
#include <string.h>

#include "context.h"

#define KEEP_FRACTION 0.8
#define MAX_CUTS 64

struct busy {
	int64_t start_ns, end_ns;
	size_t  ops;
};

const char *oc_window_how_name(enum oc_window_how h)
{
	switch (h) {
	case OC_WINDOW_RANGE: return "range";
	case OC_WINDOW_STEADY: return "steady_state";
	default: return "whole";
	}
}

int oc_find_window(struct oc_actx *c)
{
	if (oc_window_find(c->t, c->o.whole || c->o.range, &c->a->summary.window) < 0)
		return -1;
	c->a->summary.window.whole_requested = c->o.whole;
	if (c->o.range)
		c->a->summary.window.how = OC_WINDOW_RANGE;
	return 0;
}

int oc_window_find(const struct oc_trace *t, int whole, struct oc_window *w)
{
	struct busy *b;
	size_t m = 0, lo, hi;

	memset(w, 0, sizeof *w);
	w->ops = w->ops_total = t->n_ops;
	w->how = OC_WINDOW_WHOLE;
	if (!t->n_ops)
		return 0;
	b = malloc(t->n_ops * sizeof *b);
	if (!b)
		return -1;
	for (size_t i = 0; i < t->n_ops; i++) {
		const struct oc_op *op = &t->ops[i];
		if (m && op->start_ns <= b[m - 1].end_ns) {  /* touching or intersecting: one interval */
			if (op->end_ns > b[m - 1].end_ns)
				b[m - 1].end_ns = op->end_ns;
			b[m - 1].ops++;
		} else {
			b[m++] = (struct busy){ op->start_ns, op->end_ns, 1 };
		}
	}
	w->lead_start_ns = w->start_ns = b[0].start_ns;
	w->trail_end_ns = w->end_ns = b[m - 1].end_ns;
	lo = 0;
	hi = m;     /* the window is b[lo..hi) */
	if (!whole && m > 1) {
		size_t kept = t->n_ops, need = (size_t)((double)t->n_ops * KEEP_FRACTION + 0.999999);
		int64_t *maxgap = malloc(m * sizeof *maxgap);
		if (!maxgap) {
			free(b);
			return -1;
		}
		for (int cuts = 0, changed = 1; changed && hi - lo > 1 && cuts < 2 * MAX_CUTS; cuts++) {
			changed = 0;
			int64_t busy = 0;
			size_t ops = 0;
			/* maxgap[i]: the longest gap between b[i+1] and b[hi-1] */
			maxgap[hi - 1] = 0;
			for (size_t i = hi - 1; i-- > lo;)
				maxgap[i] = i + 2 < hi && b[i + 2].start_ns - b[i + 1].end_ns > maxgap[i + 1] ?
					    b[i + 2].start_ns - b[i + 1].end_ns : maxgap[i + 1];
			for (size_t i = lo; i + 1 < hi; i++) {      /* leading segment b[lo..i] */
				busy += b[i].end_ns - b[i].start_ns;
				ops += b[i].ops;
				int64_t gap = b[i + 1].start_ns - b[i].end_ns;
				if (kept - ops < need)
					break;
				if (gap > busy && gap > 2 * maxgap[i]) {
					w->lead_ops += ops;
					w->lead_busy_ns += busy;
					w->lead_gap_ns = gap;
					kept -= ops;
					lo = i + 1;
					changed = 1;
					break;
				}
			}
			if (hi - lo < 2)
				break;
			busy = 0;
			ops = 0;
			/* maxgap[i]: the longest gap between b[lo] and b[i-1] */
			maxgap[lo] = 0;
			for (size_t i = lo + 1; i < hi; i++)
				maxgap[i] = i >= lo + 2 && b[i - 1].start_ns - b[i - 2].end_ns > maxgap[i - 1] ?
					    b[i - 1].start_ns - b[i - 2].end_ns : maxgap[i - 1];
			for (size_t i = hi; i-- > lo + 1;) {        /* trailing segment b[i..hi) */
				busy += b[i].end_ns - b[i].start_ns;
				ops += b[i].ops;
				int64_t gap = b[i].start_ns - b[i - 1].end_ns;
				if (kept - ops < need)
					break;
				if (gap > busy && gap > 2 * maxgap[i]) {
					w->trail_ops += ops;
					w->trail_busy_ns += busy;
					w->trail_gap_ns = gap;
					kept -= ops;
					hi = i;
					changed = 1;
					break;
				}
			}
		}
		free(maxgap);
		w->ops = kept;
		if (lo > 0 || hi < m)
			w->how = OC_WINDOW_STEADY;
	}
	w->start_ns = b[lo].start_ns;
	w->end_ns = b[hi - 1].end_ns;
	free(b);
	return 0;
}

int oc_in_window(const struct oc_actx *c, int32_t i)
{
	const struct oc_window *w = &c->a->summary.window;
	const struct oc_op *op = &c->t->ops[i];

	return w->how != OC_WINDOW_STEADY || (op->start_ns >= w->start_ns && op->end_ns <= w->end_ns);
}
