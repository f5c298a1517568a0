/*
 * mem.h: sorting and copying that stay defined on empty input.
 *
 * qsort, memcpy and memset are undefined with a null pointer even when the
 * count is zero (C11 7.1.4; UBSan's "null pointer passed as argument"), and
 * an empty array here is often a null one: an allocation with no addresses,
 * a trace with no findings. These take any count, null included.
 */
#ifndef OVERLAPCHECK_MEM_H
#define OVERLAPCHECK_MEM_H

#include <stdlib.h>
#include <string.h>

/* qsort of n elements; nothing when fewer than two. */
static inline void oc_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	if (n > 1 && base)
		qsort(base, n, size, cmp);
}

/* memcpy of n bytes; nothing when n is 0. */
static inline void *oc_memcpy(void *dst, const void *src, size_t n)
{
	return n ? memcpy(dst, src, n) : dst;
}

#endif
