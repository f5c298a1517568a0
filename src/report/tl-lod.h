/*
 * tl-lod.h: the level-of-detail page's model (private to src/report/):
 * every slice of the page in lane order, by start time within a lane, so
 * that a slice's place is its id; and per lane the summary of its time
 * buckets. out-html-lod.c encodes both (docs/timeline.md, "Level of
 * detail").
 */
#ifndef OC_REPORT_TL_LOD_H
#define OC_REPORT_TL_LOD_H

#include <stddef.h>
#include <stdint.h>

#include "tl-page.h"

/* A slice of a part: its source (TL_SRC_*) in the top 3 bits, its index below. */
#define TL_REF(src, i)   ((uint32_t)(src) << 29 | (uint32_t)(i))
#define TL_REF_SRC(r)    ((int)((r) >> 29))
#define TL_REF_IDX(r)    ((size_t)((r) & 0x1fffffffu))
#define TL_REF_MAX_IDX   0x1fffffffu

struct tl_lod {
	struct html *h;
	size_t np;
	size_t n_lanes;       /* over all parts */
	size_t n;             /* slices over all parts */
	uint32_t *refs;       /* lane by lane, each lane's slices by (start, source, index) */
	size_t *lane_first;   /* [n_lanes + 1]: id (index in refs) of each lane's first slice */
	int *lane_part;       /* part of each lane */
	int32_t **op_id;      /* per part, per op: its id */
	int32_t **api_id;     /* per part, per API call: its id */
	int32_t **api_op;     /* per part, per API call: id of the first op it queued, or -1 */
	uint8_t **hazard_op;  /* per part, per op: 1 when a side of a hazard (NULL: none) */
};

/*
 * Order the slices of parts h[0..np) (counted by tl_page_count; lane_off
 * set) into m. 0, or -1 with a message in err (out of memory, or a part
 * with more slices of a kind than a 32-bit id holds).
 */
int  tl_lod_init(struct tl_lod *m, struct html *h, size_t np, char *err, size_t errlen);
void tl_lod_release(struct tl_lod *m);

/* Start time of a slice of part p (on the page's clock), as ordered. */
int64_t tl_lod_start(const struct tl_lod *m, int p, uint32_t ref);

/*
 * A lane's summary: nb buckets of bw ns from t0; per bucket the slices
 * that start in it, the time busy (the union of its slices), the time
 * overlapped (a stream: busy while another stream of its device was; a
 * device: copy ∩ kernel), the time idle (a device: the analysis' idle
 * gaps), the flagged slices starting in it (serialized claims' ops and
 * calls, hidden syncs), the decisive cause most of those claims have (an
 * index into the caller's cause table + 1, 0: none) and the palette colour
 * that covers most of its busy time.
 */
enum { TL_SUM_N, TL_SUM_BUSY, TL_SUM_OVERLAP, TL_SUM_IDLE, TL_SUM_FLAGGED, TL_SUM_CAUSE,
       TL_SUM_COLOUR, TL_SUM_COLS };
#define TL_N_COLOURS 14

struct tl_sum {
	int64_t t0, bw;
	size_t nb;
	int64_t *col[TL_SUM_COLS];       /* [nb] each */
	int64_t *by_colour;              /* [nb * TL_N_COLOURS], time per colour */
	int64_t *diff;                   /* [nb + 1 per series], for spans over whole buckets */
	uint32_t *by_cause;              /* [nb * n_causes] */
	size_t n_causes;
};

/* Buckets for a lane of n slices over [t0, t1]; n_causes: the cause table's
 * size. 0, or -1 when out of memory. */
int  tl_sum_init(struct tl_sum *s, size_t n, int64_t t0, int64_t t1, size_t n_causes);
void tl_sum_release(struct tl_sum *s);

/* Add time [a, b) to series col (TL_SUM_BUSY, _OVERLAP, _IDLE) or, with
 * col < 0, to colour -col - 1. */
void tl_sum_span(struct tl_sum *s, int col, int64_t a, int64_t b);

/* Count a slice starting at t: flagged (0/1), its decisive cause (index, or -1). */
void tl_sum_count(struct tl_sum *s, int64_t t, int flagged, int cause);

/* Finish the buckets: spans over whole buckets summed in, each bucket's
 * cause and colour chosen. */
void tl_sum_finish(struct tl_sum *s);

/*
 * Intervals: a sorted list of disjoint [a, b). The busy intervals of a
 * lane's slices, their union over lanes, the time covered by two lanes or
 * more.
 */
struct tl_ivals {
	int64_t *a, *b;
	size_t n, cap;
};
int  tl_ivals_add(struct tl_ivals *v, int64_t a, int64_t b);  /* appended in order, merged with the last */
void tl_ivals_free(struct tl_ivals *v);
/* Where at least one of n sources covers (into u) and at least two (into
 * o), both emptied first: source i yields its disjoint, non-touching
 * intervals in order through next (1, or 0 when it has no more). */
typedef int (*tl_next_fn)(void *ctx, size_t i, int64_t *a, int64_t *b);
int  tl_cover(size_t n, tl_next_fn next, void *ctx, struct tl_ivals *u, struct tl_ivals *o);
/* Add x ∩ y to series col of s. */
void tl_ivals_meet(struct tl_sum *s, int col, const struct tl_ivals *x, const struct tl_ivals *y);

#endif
