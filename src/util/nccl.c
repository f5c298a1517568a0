/*
 * nccl.c: NCCL's device kernels, recognised by name (nccl.h).
 *
 * The identifier is taken from the name as CUPTI records it: after "_Z" and
 * its length when mangled (NCCL's kernels are global functions, so the
 * first <source-name> is the whole identifier), else up to the parameter
 * list or template arguments. Its words (split at '_') are read by the
 * grammar of its family, from NCCL's own generators: src/device/generate.py
 * (ncclDevKernel_, 2.19+), src/include/collectives.h NCCL_KERN_NAME
 * (ncclKernel_, up to 2.18) and src/device/symmetric/generate.py
 * (ncclSymkDevKernel_, ncclSymDevKernel_). Algorithm names hold underscores
 * (COLLNET_DIRECT, NVLS_TREE) and so do some type names (int8_t,
 * __nv_bfloat16), so fields are found by the words around them, never by
 * position alone. No allocation, no state.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/nccl.h"

#define MAX_WORDS 16

struct words {
	char buf[160];
	const char *w[MAX_WORDS];
	int n;
};

static const char *const collectives[] = {
	"AllReduce", "AllGather", "AllGatherV", "ReduceScatter", "Reduce", "Broadcast",
	"SendRecv", "AlltoAll", "Generic",
};

static int is_proto(const char *w)
{
	return !strcmp(w, "LL") || !strcmp(w, "LL128") || !strcmp(w, "SIMPLE");
}

static int known_coll(const char *w)
{
	for (size_t i = 0; i < sizeof collectives / sizeof collectives[0]; i++)
		if (!strcmp(w, collectives[i]))
			return 1;
	return 0;
}

static int is_reduction(const char *coll)
{
	return !strcmp(coll, "AllReduce") || !strcmp(coll, "Reduce") ||
	       !strcmp(coll, "ReduceScatter");
}

/* The identifier of a kernel name into buf: 0, or -1 when there is none. */
static int identifier(const char *name, char *buf, size_t len)
{
	const char *p = name;
	size_t n;

	if (!strncmp(p, "_Z", 2)) {
		char *end;
		unsigned long l;

		p += 2;
		if (*p == 'L')        /* internal linkage */
			p++;
		if (!isdigit((unsigned char)*p))
			return -1;        /* nested (namespaced) names: never an NCCL kernel */
		l = strtoul(p, &end, 10);
		if (!l || l >= len || strnlen(end, l) < l)
			return -1;
		memcpy(buf, end, l);
		buf[l] = '\0';
		return 0;
	}
	while (*p == ' ')
		p++;
	if (!strncmp(p, "void ", 5))
		p += 5;
	n = strcspn(p, "(< ");
	if (!n || n >= len)
		return -1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return 0;
}

/* Split s (after the family prefix) into words at '_', keeping empty words
 * (a "__nv_bfloat16" type starts with two). 0, or -1 when too many. */
static int split(const char *s, struct words *w)
{
	size_t n = strlen(s);
	char *p;

	if (n >= sizeof w->buf)
		return -1;
	memcpy(w->buf, s, n + 1);
	w->n = 0;
	p = w->buf;
	for (;;) {
		if (w->n == MAX_WORDS)
			return -1;
		w->w[w->n++] = p;
		p = strchr(p, '_');
		if (!p)
			return 0;
		*p++ = '\0';
	}
}

/* words a..b-1 joined by '_' into out (of len bytes) */
static void join(const struct words *w, int a, int b, char *out, size_t len)
{
	size_t o = 0;

	out[0] = '\0';
	for (int i = a; i < b && o < len; i++) {
		int k = snprintf(out + o, len - o, "%s%s", i > a ? "_" : "", w->w[i]);
		if (k < 0)
			break;
		o += (size_t)k;
	}
}

static void put(char *dst, size_t len, const char *src)
{
	snprintf(dst, len, "%s", src);
}

/* ncclDevKernel_<Coll>[_<Redop>_<Type>]_<ALGO>_<PROTO> | _SendRecv | _Generic */
static int dev_kernel(const struct words *w, struct oc_nccl_kernel *k)
{
	int i = 1;

	put(k->collective, sizeof k->collective, w->w[0]);
	if (!known_coll(w->w[0]))
		return 1;      /* a newer collective: communication, its fields unknown */
	if (is_reduction(w->w[0]) && w->n >= 5) {
		put(k->redop, sizeof k->redop, w->w[1]);
		put(k->dtype, sizeof k->dtype, w->w[2]);
		i = 3;
	}
	if (w->n > i + 1 && is_proto(w->w[w->n - 1])) {
		join(w, i, w->n - 1, k->algorithm, sizeof k->algorithm);
		put(k->protocol, sizeof k->protocol, w->w[w->n - 1]);
	}
	return 1;
}

/* ncclKernel_<Coll>_<ALGO>_<PROTO>_<Redop>_<type> */
static int old_kernel(const struct words *w, struct oc_nccl_kernel *k)
{
	int p;

	put(k->collective, sizeof k->collective, w->w[0]);
	if (!known_coll(w->w[0]))
		return 1;
	for (p = 2; p < w->n && !is_proto(w->w[p]); p++)
		;
	if (p >= w->n)
		return 1;      /* an NCCL kernel, its fields unreadable */
	join(w, 1, p, k->algorithm, sizeof k->algorithm);
	put(k->protocol, sizeof k->protocol, w->w[p]);
	if (p + 1 < w->n)
		put(k->redop, sizeof k->redop, w->w[p + 1]);
	if (p + 2 < w->n)
		join(w, p + 2, w->n, k->dtype, sizeof k->dtype);
	return 1;
}

/* ncclSymkDevKernel_<Coll>_<Algo>[_<red>_<ty>] */
static int sym_kernel(const struct words *w, struct oc_nccl_kernel *k)
{
	int end = w->n;

	put(k->collective, sizeof k->collective, w->w[0]);
	if (!known_coll(w->w[0]) || w->n < 2)
		return 1;
	if (is_reduction(w->w[0]) && w->n >= 4) {
		put(k->redop, sizeof k->redop, w->w[w->n - 2]);
		put(k->dtype, sizeof k->dtype, w->w[w->n - 1]);
		end = w->n - 2;
	}
	join(w, 1, end, k->algorithm, sizeof k->algorithm);
	return 1;
}

int oc_nccl_parse(const char *name, struct oc_nccl_kernel *k)
{
	static const struct {
		const char *prefix;
		enum oc_nccl_family family;
		int (*read)(const struct words *, struct oc_nccl_kernel *);
	} fam[] = {
		{ "ncclDevKernel_", OC_NCCL_DEV_KERNEL, dev_kernel },
		{ "ncclKernel_", OC_NCCL_KERNEL, old_kernel },
		{ "ncclSymkDevKernel_", OC_NCCL_SYMMETRIC, sym_kernel },
		{ "ncclSymDevKernel_", OC_NCCL_SYMMETRIC, sym_kernel },
	};
	char id[160];
	struct words w;

	memset(k, 0, sizeof *k);
	if (!name || !*name || identifier(name, id, sizeof id))
		return 0;
	for (size_t i = 0; i < sizeof fam / sizeof fam[0]; i++) {
		size_t pl = strlen(fam[i].prefix);

		if (strncmp(id, fam[i].prefix, pl) || !id[pl])
			continue;
		/* a name too long to split is still NCCL's, its fields unread */
		if (!split(id + pl, &w) && (!w.w[0][0] || !fam[i].read(&w, k))) {
			memset(k, 0, sizeof *k);
			return 0;
		}
		k->family = fam[i].family;
		return 1;
	}
	return 0;
}

int oc_nccl_is_kernel(const char *name)
{
	struct oc_nccl_kernel k;

	return oc_nccl_parse(name, &k);
}

const char *oc_nccl_family_name(enum oc_nccl_family f)
{
	switch (f) {
	case OC_NCCL_DEV_KERNEL: return "ncclDevKernel";
	case OC_NCCL_KERNEL: return "ncclKernel";
	case OC_NCCL_SYMMETRIC: return "symmetric";
	default: return "";
	}
}
