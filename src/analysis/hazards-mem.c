/*
 * hazards-mem.c: the allocations of table mem and what each op touched
 * (docs/hazards.md, "What a hazard is"): copies' and memsets' ranges, a
 * kernel's pointer arguments as regions cut at the addresses seen, with
 * pointers to const as reads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "hazards.h"
#include "overlapcheck/demangle.h"
#include "oc-sig.h"

static int cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

static int cmp_alloc(const void *x, const void *y)
{
	const struct alloc *a = x, *b = y;

	if (a->base != b->base)
		return a->base < b->base ? -1 : 1;
	return a->t_alloc < b->t_alloc ? -1 : a->t_alloc > b->t_alloc;
}

/* ---- allocations ----------------------------------------------------------- */

/* Index of the stream with CUPTI id sid (any context), or -1. */
static int32_t stream_by_id(const struct oc_trace *t, int64_t sid)
{
	if (sid < 0)
		return -1;
	for (size_t i = 0; i < t->n_streams; i++)
		if (t->streams[i].stream_id == (uint32_t)sid)
			return (int32_t)i;
	return -1;
}

int oc_hz_build_allocs(struct hz *h)
{
	const struct oc_trace *t = h->t;
	size_t n = 0;

	for (size_t i = 0; i < t->n_mem; i++)
		n += t->mem[i].role == OC_MEM_ALLOC;
	h->al = zalloc(n, sizeof *h->al);
	if (!h->al)
		return -1;
	for (size_t i = 0; i < t->n_mem; i++) {
		const struct oc_memref *m = &t->mem[i];
		int32_t api;

		if (m->role != OC_MEM_ALLOC)
			continue;
		api = oc_trace_api_find(t, m->correlation_id, m->domain);
		if (m->bytes <= 0 || !m->ptr) {
			h->c->a->hazard_status.unplaced++;
			continue;
		}
		if ((uint64_t)m->bytes > h->max_bytes)
			h->max_bytes = (uint64_t)m->bytes;
		h->al[h->n_al++] = (struct alloc){
			.base = m->ptr, .end = m->ptr + (uint64_t)m->bytes,
			.t_alloc = api >= 0 ? t->api[api].start_ns : INT64_MIN,
			.t_free = INT64_MAX, .api = api, .free_api = -1, .free_stream = -1,
			.kind = (uint8_t)(m->info > 0 ? m->info : 0),
		};
	}
	oc_sort(h->al, h->n_al, sizeof *h->al, cmp_alloc);
	return 0;
}

/*
 * The allocation live at ts (t_alloc <= ts < t_free) that holds p, or -1.
 * Live allocations do not overlap, but dead ones may lie under a live one
 * (memory freed and given again in other sizes): every allocation whose base
 * is within the largest allocation's size below p is looked at.
 */
int32_t oc_hz_find_alloc(const struct hz *h, uint64_t p, int64_t ts)
{
	size_t lo = 0, hi = h->n_al;
	int32_t best = -1;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (h->al[mid].base <= p)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t k = lo; k-- > 0;) {
		const struct alloc *a = &h->al[k];

		if (p - a->base >= h->max_bytes)
			break;
		if (p < a->end && a->t_alloc <= ts && ts < a->t_free &&
		    (best < 0 || a->t_alloc > h->al[best].t_alloc))
			best = (int32_t)k;
	}
	return best;
}

/* ---- a small map ---------------------------------------------------------------- */

static size_t k4_hash(struct k4 k, size_t cap)
{
	uint64_t x = (uint64_t)(uint32_t)k.a * 0x9E3779B97F4A7C15ull;

	x ^= ((uint64_t)(uint32_t)k.b + 0x632BE59BD9B4E019ull) * 0xBF58476D1CE4E5B9ull;
	x ^= ((uint64_t)(uint32_t)k.c + 0x8CB92BA72F3D8DD7ull) * 0x94D049BB133111EBull;
	x ^= ((uint64_t)(uint32_t)k.d + 0x2545F4914F6CDD1Dull) * 0xD6E8FEB86659FD93ull;
	x ^= x >> 31;
	return (size_t)x & (cap - 1);
}

static int k4_eq(struct k4 x, struct k4 y)
{
	return x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d;
}

static int hmap_grow(struct hmap *m)
{
	size_t cap = m->cap ? m->cap * 2 : 256;
	struct k4 *k = zalloc(cap, sizeof *k);
	int32_t *v = malloc(cap * sizeof *v);

	if (!k || !v) {
		free(k);
		free(v);
		return -1;
	}
	for (size_t i = 0; i < cap; i++)
		v[i] = -1;
	for (size_t i = 0; i < m->cap; i++) {
		size_t j;

		if (m->v[i] < 0)
			continue;
		for (j = k4_hash(m->k[i], cap); v[j] >= 0; j = (j + 1) & (cap - 1))
			;
		k[j] = m->k[i];
		v[j] = m->v[i];
	}
	free(m->k);
	free(m->v);
	m->k = k;
	m->v = v;
	m->cap = cap;
	return 0;
}

int32_t oc_hz_hmap_put(struct hmap *m, struct k4 key, int32_t val, int *isnew)
{
	size_t j;

	*isnew = 0;
	if ((m->n + 1) * 2 > m->cap && hmap_grow(m))
		return -2;
	for (j = k4_hash(key, m->cap); m->v[j] >= 0; j = (j + 1) & (m->cap - 1))
		if (k4_eq(m->k[j], key))
			return m->v[j];
	m->k[j] = key;
	m->v[j] = val;
	m->n++;
	*isnew = 1;
	return val;
}

void oc_hz_hmap_free(struct hmap *m)
{
	free(m->k);
	free(m->v);
	memset(m, 0, sizeof *m);
}

/* Frees: each closes the latest allocation at its address allocated before it. */
void oc_hz_place_frees(struct hz *h)
{
	const struct oc_trace *t = h->t;

	for (size_t i = 0; i < t->n_mem; i++) {
		const struct oc_memref *m = &t->mem[i];
		int32_t api, k;
		int64_t ts;

		if (m->role != OC_MEM_FREE)
			continue;
		api = oc_trace_api_find(t, m->correlation_id, m->domain);
		ts = api >= 0 ? t->api[api].start_ns : INT64_MAX;
		k = oc_hz_find_alloc(h, m->ptr, ts);
		if (k < 0 || h->al[k].base != m->ptr || h->al[k].t_free != INT64_MAX) {
			h->c->a->hazard_status.unplaced++;
			continue;
		}
		h->al[k].t_free = ts;
		h->al[k].free_api = api;
		if (m->info == OC_ALLOC_ASYNC) {
			h->al[k].free_stream = stream_by_id(t, m->stream_id);
			/* a stream-ordered free whose stream is unknown orders nothing: say so */
			if (h->al[k].free_stream < 0)
				h->c->a->hazard_status.unplaced++;
		}
	}
}

static int add_addr(struct alloc *a, uint64_t p)
{
	if (p <= a->base || p >= a->end)
		return 0;
	if (a->n_addrs == a->cap_addrs) {
		uint64_t *v = oc_grow(a->addrs, &a->cap_addrs, sizeof *v, 8);

		if (!v)
			return -1;
		a->addrs = v;
	}
	a->addrs[a->n_addrs++] = p;
	return 0;
}

/* The first address seen inside a above p, else its end. */
static uint64_t oc_hz_next_addr(const struct alloc *a, uint64_t p)
{
	size_t lo = 0, hi = a->n_addrs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (a->addrs[mid] <= p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < a->n_addrs ? a->addrs[lo] : a->end;
}

/* ---- what ops touched ----------------------------------------------------- */

/* The mem rows of call api: [*lo, *hi) in t->mem. */
static void rows_of(const struct oc_trace *t, int32_t api, size_t *lo, size_t *hi)
{
	uint32_t corr = t->api[api].correlation_id;
	size_t a = 0, b = t->n_mem;

	while (a < b) {
		size_t mid = a + (b - a) / 2;

		if (t->mem[mid].correlation_id < corr)
			a = mid + 1;
		else
			b = mid;
	}
	*lo = a;
	while (a < t->n_mem && t->mem[a].correlation_id == corr)
		a++;
	*hi = a;
}

/*
 * Whether parameter i of kernel `name` is a pointer to const, from the
 * demangled signature ("k(float const*, float*, int)"); unknown: no.
 */
static uint64_t const_params(struct hz *h, int32_t name)
{
	char buf[4096];
	struct oc_sig sig;
	const char *b;
	uint64_t mask = 0;
	size_t len;

	if (name < 0 || (size_t)name >= h->t->n_strs)
		return 0;
	if (h->const_done[name])
		return h->const_mask[name];
	h->const_done[name] = 1;
	if (!oc_sig_open(&sig, oc_demangle(oc_trace_str(h->t, name), buf, sizeof buf)))
		return 0;
	for (int idx = 0; idx < 64 && oc_sig_next(&sig, &b, &len); idx++) {
		char one[512];
		size_t n = len < sizeof one - 1 ? len : sizeof one - 1;

		memcpy(one, b, n);
		one[n] = '\0';
		if (n && one[n - 1] == '*' && !strchr(one, '&')) {
			char *star = strchr(one, '*');
			size_t k = (size_t)(star - one);

			/* one level of pointer: "T const*" or "const T*" */
			if (star == one + n - 1 &&
			    ((k >= 5 && !strncmp(star - 5, "const", 5)) || !strncmp(one, "const ", 6)))
				mask |= 1ull << idx;
		}
	}
	h->const_mask[name] = mask;
	return mask;
}

/*
 * The accesses of the ops queued by call api (their rows in mem), resolved to
 * allocations at time ts. Kernel regions need every allocation's addresses:
 * pass 0 collects them (acc NULL), pass 1 fills acc. Returns the count.
 */
size_t oc_hz_accesses(struct hz *h, int32_t op, int64_t ts, struct acc *acc, size_t max)
{
	const struct oc_trace *t = h->t;
	const struct oc_op *o = &t->ops[op];
	size_t lo, hi, n = 0;
	uint64_t cmask = 0;

	if (o->api < 0)
		return 0;
	rows_of(t, o->api, &lo, &hi);
	if (o->kind == OC_OP_KERNEL)
		cmask = acc ? const_params(h, oc_op_shape(t, o)->name) : 0;
	for (size_t i = lo; i < hi; i++) {
		const struct oc_memref *m = &t->mem[i];
		int kernel_arg = m->role == OC_MEM_ARG && o->kind == OC_OP_KERNEL;
		int range = (m->role == OC_MEM_READ || m->role == OC_MEM_WRITE) &&
			    o->kind != OC_OP_KERNEL && m->bytes > 0;
		int32_t k;

		if (m->domain != t->api[o->api].domain || (!kernel_arg && !range))
			continue;
		k = oc_hz_find_alloc(h, m->ptr, ts);
		if (k < 0) {
			if (!acc)
				h->c->a->hazard_status.unplaced++;
			continue;
		}
		if (!acc) {
			if (add_addr(&h->al[k], m->ptr) ||
			    (range && add_addr(&h->al[k], m->ptr + (uint64_t)m->bytes)))
				return (size_t)-1;
			continue;
		}
		if (n == max)
			break;
		acc[n].alloc = k;
		acc[n].param = kernel_arg ? m->info : -1;
		acc[n].lo = m->ptr;
		if (kernel_arg) {
			acc[n].hi = oc_hz_next_addr(&h->al[k], m->ptr);
			/* a pointer to const is read; any other may be written (2) */
			acc[n].write = m->info >= 0 && m->info < 64 && (cmask >> m->info & 1) ? 0 : 2;
		} else {
			uint64_t e = m->ptr + (uint64_t)m->bytes;

			acc[n].hi = e < h->al[k].end ? e : h->al[k].end;
			acc[n].write = m->role == OC_MEM_WRITE;
		}
		n++;
	}
	return n;
}

/* Pass 0: every address seen inside each allocation, sorted and unique, for kernels' regions. */
int oc_hz_index_addrs(struct hz *h)
{
	const struct oc_trace *t = h->t;

	for (size_t i = 0; i < t->n_ops; i++)
		if (oc_hz_accesses(h, (int32_t)i, h->c->q[i], NULL, 0) == (size_t)-1)
			return -1;
	for (size_t k = 0; k < h->n_al; k++) {
		struct alloc *a = &h->al[k];
		size_t m = 0;

		oc_sort(a->addrs, a->n_addrs, sizeof *a->addrs, cmp_u64);
		for (size_t i = 0; i < a->n_addrs; i++)
			if (!m || a->addrs[i] != a->addrs[m - 1])
				a->addrs[m++] = a->addrs[i];
		a->n_addrs = m;
	}
	return 0;
}
