/*
 * hazards.h: what hazards.c (the walk over submissions, the findings) and
 * hazards-mem.c (allocations, what each op touched) share. Private to
 * src/analysis/; docs/hazards.md says what they decide.
 */
#ifndef OVERLAPCHECK_ANALYSIS_HAZARDS_H
#define OVERLAPCHECK_ANALYSIS_HAZARDS_H

#include <stdint.h>
#include <stdlib.h>

#include "context.h"

#define HISTORY 32          /* accesses kept per allocation and stream */
#define MAX_FINDINGS 256    /* distinct findings listed per kind; more are counted */
#define MAX_LEGACY_PUSH 512 /* streams beyond this: the legacy rule is not applied */

static inline void *zalloc(size_t n, size_t size)
{
	return calloc(n ? n : 1, size);
}

struct alloc {
	uint64_t base, end;
	int64_t  t_alloc, t_free;   /* CPU time: usable from t_alloc, freed at t_free */
	int32_t  api, free_api;
	int32_t  free_stream;       /* stream-ordered free: its stream, else -1 */
	uint8_t  kind;
	uint64_t *addrs;            /* addresses seen inside, ascending, unique */
	size_t   n_addrs, cap_addrs;
	struct hist *hist;          /* per stream that touched it */
	size_t   n_hist;
};

struct entry {
	int32_t  op;                /* -1: the free */
	uint32_t seq;               /* the op's position in its stream */
	uint8_t  write;
	int32_t  param;
	uint64_t lo, hi;
	int64_t  queued;
	int32_t  api;
};

struct hist {
	int32_t stream;
	size_t  n;                  /* entries ever added; the last HISTORY are kept */
	struct entry e[HISTORY];
};

/* One access of an op, before it is checked. */
struct acc {
	int32_t  alloc;
	uint8_t  write;
	int32_t  param;
	uint64_t lo, hi;
};

/* A map from four int32s to an int32 (open addressing; value -1: absent). */
struct k4 { int32_t a, b, c, d; };
struct hmap {
	struct k4 *k;
	int32_t  *v;
	size_t    cap, n;           /* cap: 0 or a power of two */
};

/* A submission or host event, in time order. */
struct hz {
	struct oc_actx *c;
	const struct oc_trace *t;
	size_t   ns;                /* streams */
	uint32_t *vc;               /* ns x ns: vc[s * ns + k] = what stream s knows of k */
	uint32_t *host;             /* ns */
	uint32_t *seq;              /* per op: its position in its stream (0: not yet queued) */
	uint32_t *evk;              /* per erec: its event key */
	uint32_t *snap;             /* per event key: ns entries, the clock at its last record */
	uint8_t  *snap_set;
	size_t   n_keys;
	uint32_t **sync_snap;       /* per explicit sync under way: what it covers */
	struct alloc *al;  size_t n_al;
	uint64_t *const_mask;       /* per string: bit i = parameter i is a pointer to const */
	uint8_t  *const_done;
	struct oc_hazard *out; size_t n_out, cap_out;
	size_t   listed[4];         /* findings listed, per kind */
	struct hmap pairs;          /* (allocation, kind, side, side) counted once */
	struct hmap findings;       /* (kind, allocation, name, name) -> finding */
	struct hmap spairs;         /* (finding, stream, stream) seen */
	uint8_t  *need_vc;          /* per op: 1 its stream's clock with it, 2 without it (a
	                               pageable copy's stream sync), kept for a later host join */
	uint32_t **opvc;            /* per op: that clock, or NULL */
	uint64_t max_bytes;         /* the largest allocation */
};

/* hmap_put: the value at key, after storing v there when absent; *isnew 1
 * when it was absent. -2 out of memory. */
int32_t oc_hz_hmap_put(struct hmap *m, struct k4 key, int32_t v, int *isnew);
void oc_hz_hmap_free(struct hmap *m);

/* ---- hazards-mem.c ---------------------------------------------------------- */

/* The allocations of table mem, by (base, time). 0 or -1 out of memory. */
int oc_hz_build_allocs(struct hz *h);
/* The allocation live at time ts (t_alloc <= ts < t_free) that holds p, or -1. */
int32_t oc_hz_find_alloc(const struct hz *h, uint64_t p, int64_t ts);
/* Frees: each closes the latest allocation at its address allocated before it. */
void oc_hz_place_frees(struct hz *h);
/* Pass 0 over the ops: the addresses seen inside each allocation. 0 or -1. */
int oc_hz_index_addrs(struct hz *h);
/* Op's accesses resolved at ts into acc[0..max) (pass 1); the count. */
size_t oc_hz_accesses(struct hz *h, int32_t op, int64_t ts, struct acc *acc, size_t max);

#endif
