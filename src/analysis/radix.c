/*
 * radix.c: the stable radix sort of (key, value) pairs (radix.h).
 *
 * LSD, 16-bit digits, only as many passes as the largest key needs; each
 * pass moves the pairs between the caller's arrays and one spare pair of
 * arrays, and the result is copied back once at the end when the passes
 * were odd.
 */
#include <stdlib.h>
#include <string.h>

#include "radix.h"

int oc_radix_sort(uint64_t *keys, uint32_t *vals, size_t n)
{
	uint64_t max = 0, *k = keys, *k2;
	uint32_t *v = vals, *v2;
	size_t *cnt;
	int passes = 0;

	for (size_t i = 0; i < n; i++)
		if (keys[i] > max)
			max = keys[i];
	for (; max; max >>= 16)
		passes++;
	if (!passes || n < 2)
		return 0;
	k2 = malloc(n * sizeof *k2);
	v2 = malloc(n * sizeof *v2);
	cnt = malloc(65536 * sizeof *cnt);
	if (!k2 || !v2 || !cnt) {
		free(k2);
		free(v2);
		free(cnt);
		return -1;
	}
	for (int p = 0; p < passes; p++) {
		int sh = 16 * p;
		size_t sum = 0;

		memset(cnt, 0, 65536 * sizeof *cnt);
		for (size_t i = 0; i < n; i++)
			cnt[(k[i] >> sh) & 0xffff]++;
		for (size_t d = 0; d < 65536; d++) {
			size_t c = cnt[d];

			cnt[d] = sum;
			sum += c;
		}
		for (size_t i = 0; i < n; i++) {
			size_t o = cnt[(k[i] >> sh) & 0xffff]++;

			k2[o] = k[i];
			v2[o] = v[i];
		}
		uint64_t *xk = k;
		uint32_t *xv = v;

		k = k2;
		v = v2;
		k2 = xk;
		v2 = xv;
	}
	if (k != keys) {        /* odd passes: the result is in the spare arrays */
		memcpy(keys, k, n * sizeof *keys);
		memcpy(vals, v, n * sizeof *vals);
		k2 = k;
		v2 = v;
	}
	free(k2);
	free(v2);
	free(cnt);
	return 0;
}
