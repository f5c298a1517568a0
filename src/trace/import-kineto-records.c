/*
 * import-kineto-records.c: the Kineto importer's records: room for one more
 * in a growing array, the interned names (kernels, API functions,
 * annotations) that records point at by index, and freeing it all.
 *
 * Names are interned through an open-addressing hash table (FNV-1a), so a
 * name repeated by a million events is kept once. The bottom of the Kineto
 * importer: the parser and the writing call it, it calls nothing of theirs.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "import-kineto.h"
#include "overlapcheck/mem.h"

int kin_nomem(struct kin *k)
{
	return oc_imp_fail(k->im, "out of memory");
}

int kin_grow(void *pp, size_t *cap, size_t n, size_t size)
{
	void **p = pp;

	if (n < *cap)
		return 0;
	void *q = oc_grow(*p, cap, size, 256);

	if (!q)
		return -1;
	*p = q;
	return 0;
}

static uint64_t hash_str(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ull;

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ull;
	}
	return h;
}

int32_t kin_name_id(struct names *t, const char *s, size_t len)
{
	if (2 * (t->n + 1) > t->slots) {
		size_t ns = t->slots ? t->slots * 2 : 1024;
		int32_t *sl = malloc(ns * sizeof *sl);

		if (!sl)
			return -1;
		memset(sl, 0xff, ns * sizeof *sl);
		for (size_t i = 0; i < t->n; i++) {
			size_t j = hash_str(t->s[i], t->len[i]) & (ns - 1);

			while (sl[j] >= 0)
				j = (j + 1) & (ns - 1);
			sl[j] = (int32_t)i;
		}
		free(t->slot);
		t->slot = sl;
		t->slots = ns;
	}
	size_t j = hash_str(s, len) & (t->slots - 1);

	for (; t->slot[j] >= 0; j = (j + 1) & (t->slots - 1)) {
		int32_t i = t->slot[j];

		if (t->len[i] == len && !memcmp(t->s[i], s, len))
			return i;
	}
	if (t->n >= INT32_MAX - 1)
		return -1;
	if (t->n == t->cap) {
		size_t nc = t->cap ? t->cap * 2 : 256;
		char **ns = realloc(t->s, nc * sizeof *ns);

		if (!ns)
			return -1;
		t->s = ns;
		size_t *nl = realloc(t->len, nc * sizeof *nl);

		if (!nl)
			return -1;
		t->len = nl;
		t->cap = nc;
	}
	char *c = malloc(len + 1);

	if (!c)
		return -1;
	memcpy(c, s, len);
	c[len] = '\0';
	t->s[t->n] = c;
	t->len[t->n] = len;
	t->slot[j] = (int32_t)t->n;
	return (int32_t)t->n++;
}

static void names_free(struct names *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->s[i]);
	free(t->s);
	free(t->len);
	free(t->slot);
	memset(t, 0, sizeof *t);
}

void kin_free(struct kin *k)
{
	jr_release(&k->jr);
	free(k->ops);
	free(k->api);
	free(k->syncs);
	free(k->ovh);
	free(k->marks);
	free(k->devs);
	free(k->procs);
	free(k->name);
	names_free(&k->names);
}
