/*
 * store.c: the string arena and the sort of records, for every source.
 *
 * Strings (the `strings` table, meta values, warnings) are copied into one
 * arena owned by the trace: blocks of 64 KiB (or one string's size), freed
 * together by oc_trace_release(), so no string is allocated on its own.
 *
 * Arrays are sorted in C, not by ORDER BY: a sortedness check first (tracers
 * mostly write in time order), else a merge sort of compact 32-byte keys and
 * an in-place permutation of the records along its cycles, so no second copy
 * of the big arrays is ever made.
 */
#include <stdlib.h>
#include <string.h>

#include "model.h"

/* ---- string arena -------------------------------------------------------- */

struct arena_block {
	struct arena_block *next;
	size_t used, cap;
	char data[];
};

char *oc_arena_dup(struct priv *p, const char *s, size_t len)
{
	struct arena_block *b = p->blocks;

	if (!b || b->cap - b->used < len + 1) {
		size_t cap = len + 1 > 65536 ? len + 1 : 65536;

		b = malloc(sizeof *b + cap);
		if (!b)
			return NULL;
		b->used = 0;
		b->cap = cap;
		b->next = p->blocks;
		p->blocks = b;
	}
	char *d = b->data + b->used;
	memcpy(d, s, len);
	d[len] = '\0';
	b->used += len + 1;
	return d;
}

void oc_arena_free(struct priv *p)
{
	while (p->blocks) {
		struct arena_block *b = p->blocks;

		p->blocks = b->next;
		free(b);
	}
}

/* ---- sorting ------------------------------------------------------------- */

int oc_sort_keys(struct key *k, size_t n)
{
	struct key *tmp, *src, *dst;
	size_t run = 32;

	for (size_t lo = 0; lo < n; lo += run) {
		size_t hi = lo + run < n ? lo + run : n;

		for (size_t i = lo + 1; i < hi; i++) {
			struct key v = k[i];
			size_t j = i;

			while (j > lo && key_lt(&v, &k[j - 1])) {
				k[j] = k[j - 1];
				j--;
			}
			k[j] = v;
		}
	}
	if (n <= run)
		return 0;
	tmp = malloc(n * sizeof *tmp);
	if (!tmp)
		return -1;
	src = k;
	dst = tmp;
	for (size_t w = run; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n;
			size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t i = lo, j = mid, o = lo;

			if (mid == hi || !key_lt(&src[mid], &src[mid - 1])) {
				memcpy(dst + lo, src + lo, (hi - lo) * sizeof *src);
				continue;
			}
			while (i < mid && j < hi)
				dst[o++] = key_lt(&src[j], &src[i]) ? src[j++] : src[i++];
			while (i < mid)
				dst[o++] = src[i++];
			while (j < hi)
				dst[o++] = src[j++];
		}
		struct key *x = src;
		src = dst;
		dst = x;
	}
	if (src != k)
		memcpy(k, src, n * sizeof *k);
	free(tmp);
	return 0;
}

/*
 * Reorder base[0..n) (records of `size` bytes) so that new[i] = old[k[i].idx].
 * Follows the permutation's cycles with one spare record; k[].idx is
 * destroyed. 0 or -1.
 */
static int permute(void *base, size_t n, size_t size, struct key *k)
{
	char *b = base;
	char *spare = malloc(size);

	if (!spare)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (k[i].idx == i || k[i].idx == UINT32_MAX)
			continue;
		/* Cycle starting at i: position j takes old[k[j].idx]. */
		size_t j = i;

		memcpy(spare, b + i * size, size);
		for (;;) {
			size_t from = k[j].idx;

			k[j].idx = UINT32_MAX;
			if (from == i) {
				memcpy(b + j * size, spare, size);
				break;
			}
			memcpy(b + j * size, b + from * size, size);
			j = from;
		}
	}
	free(spare);
	return 0;
}

int oc_sort_records(void *base, size_t n, size_t size, struct key *k)
{
	int sorted = 1;

	for (size_t i = 1; i < n && sorted; i++)
		if (key_lt(&k[i], &k[i - 1]))
			sorted = 0;
	if (sorted)
		return 0;
	if (oc_sort_keys(k, n))
		return -1;
	return permute(base, n, size, k);
}
