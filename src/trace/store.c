/*
 * store.c: the string arena, the sort of records, and records held once
 * each (the ops' shapes, the calls' arguments), for every source.
 *
 * Strings (the `strings` table, meta values, warnings) are copied into one
 * arena owned by the trace: blocks of 64 KiB (or one string's size), freed
 * together by oc_trace_release(), so no string is allocated on its own.
 *
 * Arrays are sorted in C, not by ORDER BY: a sortedness check first (tracers
 * mostly write in time order), else a merge sort of compact 32-byte keys and
 * an in-place permutation of the records along its cycles, so no second copy
 * of the big arrays is ever made.
 *
 * Records held once each (an op's shape, struct oc_shape; a call's
 * arguments, struct oc_call_args) are found again by a hash of their fields
 * in an open-addressed table of indices kept at most half full; an op or a
 * call holds the index.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
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

/* ---- interning ---------------------------------------------------------- */

_Static_assert(OC_SHAPE_KEY == 2 * sizeof(uint64_t) + 13 * sizeof(int32_t),
	       "struct oc_shape: no padding between its fields");
_Static_assert(OC_CALL_ARGS_KEY == 3 * sizeof(uint64_t) + sizeof(uint32_t) + 1,
	       "struct oc_call_args: no padding between its fields");

static uint64_t rec_hash(const unsigned char *b, size_t len)
{
	uint64_t h = 0x9e3779b97f4a7c15ull, w;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		memcpy(&w, b + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	for (w = 0; i < len; i++)
		w = w << 8 | b[i];
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
	return h ^ h >> 29;
}

/* The slot table at twice n_slot, every record placed again. 0 or -1. */
static int intern_rehash(struct intern_set *set)
{
	const unsigned char *recs = set->recs;
	size_t n = set->n_slot ? set->n_slot * 2 : 1024;
	uint32_t *slot = calloc(n, sizeof *slot);

	if (!slot)
		return -1;
	for (size_t i = 0; i < set->n; i++) {
		size_t j = (size_t)rec_hash(recs + i * set->size, set->keylen) & (n - 1);

		while (slot[j])
			j = (j + 1) & (n - 1);
		slot[j] = (uint32_t)i + 1;
	}
	free(set->slot);
	set->slot = slot;
	set->n_slot = n;
	return 0;
}

int oc_intern(struct intern_set *set, const void *rec, uint32_t *idx)
{
	size_t j;

	/* at most half full: every search ends at an empty slot, soon */
	if (2 * (set->n + 1) > set->n_slot && intern_rehash(set))
		return -1;
	j = (size_t)rec_hash(rec, set->keylen) & (set->n_slot - 1);
	for (; set->slot[j]; j = (j + 1) & (set->n_slot - 1))
		if (!memcmp((const unsigned char *)set->recs + (set->slot[j] - 1) * set->size, rec,
			    set->keylen)) {
			*idx = set->slot[j] - 1;
			return 0;
		}
	if (set->n == set->cap) {
		void *v = oc_grow(set->recs, &set->cap, set->size, 256);

		if (!v)
			return -1;
		set->recs = v;
	}
	memcpy((unsigned char *)set->recs + set->n * set->size, rec, set->size);
	set->slot[j] = (uint32_t)set->n + 1;
	*idx = (uint32_t)set->n++;
	return 0;
}

void *oc_intern_done(struct intern_set *set, size_t *n)
{
	void *recs = set->recs;

	if (set->n && set->n < set->cap) {
		void *v = realloc(recs, set->n * set->size);

		if (v)
			recs = v;
	}
	*n = set->n;
	free(set->slot);
	*set = (struct intern_set){ .size = set->size, .keylen = set->keylen };
	return recs;
}
