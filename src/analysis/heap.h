/*
 * heap.h: the heap's free pages given back, where a step of the analysis
 * has freed large arrays. Private to src/analysis/.
 */
#ifndef OVERLAPCHECK_ANALYSIS_HEAP_H
#define OVERLAPCHECK_ANALYSIS_HEAP_H

#ifdef __GLIBC__
#include <malloc.h>
#endif

/*
 * Give the heap's free pages back to the system (glibc: malloc_trim(0);
 * elsewhere nothing). The analysis commands keep every block in the heap
 * (src/cli/main.c, heap_only()), so an array freed below the heap's top
 * stays resident until trimmed, and one step's holes would sit under the
 * next step's peak: the steps call this where they have freed large arrays
 * and make others (issue 35). In a program that links the library it
 * gives back only what is free, a few times an analysis.
 */
static inline void oc_heap_trim(void)
{
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

#endif
