/*
 * mem.h: sorting and copying that stay defined on empty input, and the
 * growth of an array by doubling.
 *
 * qsort, memcpy and memset are undefined with a null pointer even when the
 * count is zero (C11 7.1.4; UBSan's "null pointer passed as argument"), and
 * an empty array here is often a null one: an allocation with no addresses,
 * a trace with no findings. These take any count, null included.
 */
#ifndef OVERLAPCHECK_MEM_H
#define OVERLAPCHECK_MEM_H

#include <stdint.h>
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

/*
 * Array p of *cap elements of size bytes (NULL when *cap is 0) reallocated
 * to twice as many, or to first when *cap is 0: for the caller that found it
 * full. Returns the new array and sets *cap; NULL when the new size does not
 * fit in a size_t or realloc fails, and then p and *cap are as they were (p
 * still the caller's to free), so each caller keeps its own out-of-memory path.
 */
static inline void *oc_grow(void *p, size_t *cap, size_t size, size_t first)
{
	size_t nc = *cap ? 2 * *cap : first;
	void *x;

	if (*cap > SIZE_MAX / 2 || (size && nc > SIZE_MAX / size))
		return NULL;
	x = realloc(p, nc * size);
	if (x)
		*cap = nc;
	return x;
}

#endif
