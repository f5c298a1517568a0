/*
 * radix.h: the stable radix sort of (key, value) pairs that the interval
 * engine (sweep.c), the index (context.c) and the graph (graph.c) share, for
 * arrays of a million entries and more, where qsort's comparisons cost more
 * than a few linear passes (issue 35). Private to src/analysis/.
 */
#ifndef OVERLAPCHECK_ANALYSIS_RADIX_H
#define OVERLAPCHECK_ANALYSIS_RADIX_H

#include <stddef.h>
#include <stdint.h>

/*
 * keys[0..n) ascending, vals[] moved with them; stable, so entries of equal
 * keys keep their order. 0, or -1 out of memory (then both are as they
 * were).
 */
int oc_radix_sort(uint64_t *keys, uint32_t *vals, size_t n);

#endif
