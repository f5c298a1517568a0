/*
 * out-html-lists.c: what the level-of-detail page (out-html-lod.c) shows
 * without holding every slice: the counts of its root's data-* attributes,
 * the tables under the canvas and the hazards, with slices named by id.
 *
 * The tables are the small page's, computed here the way its script does:
 * the first LIST_SER serialized claims (ops, in trace order), the first
 * LIST_HSYNC hidden synchronizations, the LIST_GAPS longest idle gaps
 * (longest first, ties in trace order) and the LIST_KERNELS kernels with
 * the most device time (ties: the first launched first), each with how
 * many there are in all.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "tl-lod.h"
#include "tl-page.h"

#define LIST_SER      300
#define LIST_HSYNC    100
#define LIST_GAPS     50
#define LIST_KERNELS  20

/* The id of slice ref of part p in (part) lane: its place in the lane's order. */
static long ref_id(const struct tl_lod *m, int p, long lane, uint32_t ref)
{
	size_t L = (size_t)(lane + m->h[p].lane_off), lo = m->lane_first[L], hi = m->lane_first[L + 1];
	int64_t t = tl_lod_start(m, p, ref);

	while (lo < hi) {           /* the first slice starting at t or later */
		size_t mid = lo + (hi - lo) / 2;
		if (tl_lod_start(m, p, m->refs[mid]) < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < m->lane_first[L + 1] && tl_lod_start(m, p, m->refs[lo]) == t; lo++)
		if (m->refs[lo] == ref)
			return (long)lo;
	return -1;
}

static long slice_id(const struct tl_lod *m, int p, int src, size_t i, long lane)
{
	if (src == TL_SRC_OP)
		return m->op_id[p][i];
	if (src == TL_SRC_API)
		return m->api_id[p][i];
	return ref_id(m, p, lane, TL_REF(src, i));
}

/* A table's row: [id, name, lane, start, dur, text] (gaps: no name). */
static void row(FILE *f, struct tl_lod *m, int p, int src, size_t i, int named, size_t *k)
{
	struct html *h = &m->h[p];
	struct tl_slice s;
	const char *text;

	tl_slice_get(h, src, i, &s);
	fprintf(f, "%s[%ld,", (*k)++ ? ",\n" : "", slice_id(m, p, src, i, s.lane));
	if (named)
		fprintf(f, "%ld,", s.name + h->str_off);
	fprintf(f, "%ld,%" PRId64 ",%" PRId64 ",", s.lane + h->lane_off, s.start, s.dur);
	text = tl_note_text(h, src, i);
	oc_tl_json_str(f, text ? text : "");
	fputc(']', f);
}

/* Serialized claims and hidden syncs: the first few in trace order, and how many. */
static void first_rows(FILE *f, struct tl_lod *m, const char *key, int src, size_t limit)
{
	size_t n = 0, k = 0;

	fprintf(f, "\"%s\":{\"rows\":[", key);
	for (size_t p = 0; p < m->np; p++) {
		const struct html *h = &m->h[p];
		for (size_t i = 0; h->n && i < h->n_src[src]; i++) {
			if (src == TL_SRC_OP ? !h->n->ops || h->n->ops[i].verdict != OC_TL_SERIALIZED :
			    tl_slice_lane(h, src, i) < 0)
				continue;
			if (n++ < limit)
				row(f, m, (int)p, src, i, 1, &k);
		}
	}
	fprintf(f, "],\"n\":%zu}", n);
}

struct gap_ref {
	int64_t dur;
	size_t p, i;
};

static int gap_cmp(const void *pa, const void *pb)
{
	const struct gap_ref *a = pa, *b = pb;

	if (a->dur != b->dur)
		return a->dur > b->dur ? -1 : 1;
	if (a->p != b->p)
		return a->p < b->p ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

static int longest_gaps(FILE *f, struct tl_lod *m)
{
	size_t n = 0, k = 0;
	struct gap_ref *g;

	for (size_t p = 0; p < m->np; p++)
		n += m->h[p].n_src[TL_SRC_GAP];
	if (!(g = malloc((n + 1) * sizeof *g)))
		return -1;
	n = 0;
	for (size_t p = 0; p < m->np; p++)
		for (size_t i = 0; i < m->h[p].n_src[TL_SRC_GAP]; i++)
			if (m->h[p].gap_lane[i] >= 0)
				g[n++] = (struct gap_ref){ m->h[p].n->gaps[i].end_ns - m->h[p].n->gaps[i].start_ns,
							   p, i };
	qsort(g, n, sizeof *g, gap_cmp);
	fputs("\"gaps\":{\"rows\":[", f);
	for (size_t j = 0; j < n && j < LIST_GAPS; j++)
		row(f, m, (int)g[j].p, TL_SRC_GAP, g[j].i, 0, &k);
	fprintf(f, "],\"n\":%zu}", n);
	free(g);
	return 0;
}

struct kern {
	uint64_t count;
	int64_t total;
	size_t seen;              /* order of the first launch */
	long name, id;
	int64_t start, dur;
};

static int kern_cmp(const void *pa, const void *pb)
{
	const struct kern *a = pa, *b = pb;

	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	return (a->seen > b->seen) - (a->seen < b->seen);
}

/* Kernels by total device time, by their name on the page. */
static int kernels(FILE *f, struct tl_lod *m)
{
	size_t n_names = 0, n = 0, seen = 0;
	struct kern *k;

	for (size_t p = 0; p < m->np; p++)
		n_names += m->h[p].t->n_strs + m->h[p].n_extra;
	if (!(k = calloc(n_names + 1, sizeof *k)))
		return -1;
	for (size_t p = 0; p < m->np; p++) {
		struct html *h = &m->h[p];
		for (size_t i = 0; i < h->t->n_ops; i++) {
			struct tl_slice s;
			struct kern *e;

			if (h->t->ops[i].kind != OC_OP_KERNEL)
				continue;
			tl_slice_get(h, TL_SRC_OP, i, &s);
			if (s.name + h->str_off < 0 || (size_t)(s.name + h->str_off) >= n_names)
				continue;
			e = &k[s.name + h->str_off];
			if (!e->count++)
				*e = (struct kern){ 1, 0, seen++, s.name + h->str_off, m->op_id[p][i], s.start,
						    s.dur };
			e->total += s.dur;
		}
	}
	for (size_t i = 0; i < n_names; i++)
		if (k[i].count)
			k[n++] = k[i];
	qsort(k, n, sizeof *k, kern_cmp);
	fputs("\"kernels\":{\"rows\":[", f);
	for (size_t i = 0; i < n && i < LIST_KERNELS; i++)
		fprintf(f, "%s[%ld,%" PRIu64 ",%" PRId64 ",%ld,%" PRId64 ",%" PRId64 "]", i ? ",\n" : "",
			k[i].name, k[i].count, k[i].total, k[i].id, k[i].start, k[i].dur);
	fprintf(f, "],\"n\":%zu}", n);
	free(k);
	return 0;
}

/* The counts the small page makes from its items (its root's data-* attributes). */
static void counts(FILE *f, const struct tl_lod *m)
{
	size_t c[TL_CAT_HSYNC + 1] = { 0 }, ser = 0, ovl = 0, hz = 0, path = 0;

	for (size_t p = 0; p < m->np; p++) {
		const struct html *h = &m->h[p];
		for (size_t i = 0; i < h->t->n_ops; i++) {
			int kind = h->t->ops[i].kind;
			c[kind == OC_OP_KERNEL ? TL_CAT_KERNEL : kind == OC_OP_MEMSET ? TL_CAT_MEMSET :
			  kind == OC_OP_MEMCPY_PEER ? TL_CAT_PEER : TL_CAT_MEMCPY]++;
			if (h->n && h->n->ops) {
				ser += h->n->ops[i].verdict == OC_TL_SERIALIZED;
				ovl += h->n->ops[i].verdict == OC_TL_OVERLAPPED;
				path += h->n->ops[i].on_path;
			}
		}
		for (size_t i = 0; h->n && h->n->api && i < h->t->n_api; i++)
			path += h->n->api[i].on_path;
		c[TL_CAT_RUNTIME] += h->t->n_api;
		c[TL_CAT_RANGE] += h->t->n_ranges;
		c[TL_CAT_MARK] += h->t->n_marks;
		for (int src = TL_SRC_XSPAN; src <= TL_SRC_HSYNC; src++)
			for (size_t i = 0; i < h->n_src[src]; i++)
				if (tl_slice_lane(h, src, i) >= 0)
					c[src == TL_SRC_XSPAN ? TL_CAT_XSPAN : src == TL_SRC_GAP ? TL_CAT_GAP :
					  TL_CAT_HSYNC]++;
		hz += h->n ? h->n->n_hazards : 0;
	}
	fprintf(f, ",\n\"counts\":{\"ops\":%zu,\"kernels\":%zu,\"copies\":%zu,\"memsets\":%zu,"
		"\"api\":%zu,\"ranges\":%zu,\"marks\":%zu,\"xspans\":%zu,\"gaps\":%zu,\"hsyncs\":%zu,"
		"\"serialized\":%zu,\"overlapped\":%zu,\"hazards\":%zu,\"path\":%zu}",
		c[TL_CAT_KERNEL] + c[TL_CAT_MEMCPY] + c[TL_CAT_MEMSET] + c[TL_CAT_PEER],
		c[TL_CAT_KERNEL], c[TL_CAT_MEMCPY] + c[TL_CAT_PEER], c[TL_CAT_MEMSET],
		c[TL_CAT_RUNTIME], c[TL_CAT_RANGE], c[TL_CAT_MARK], c[TL_CAT_XSPAN], c[TL_CAT_GAP],
		c[TL_CAT_HSYNC], ser, ovl, hz, path);
}

int tl_html_lists(FILE *f, struct tl_lod *m)
{
	size_t k = 0;

	counts(f, m);
	fputs(",\n\"lists\":{", f);
	first_rows(f, m, "serialized", TL_SRC_OP, LIST_SER);
	fputs(",\n", f);
	first_rows(f, m, "hsyncs", TL_SRC_HSYNC, LIST_HSYNC);
	fputs(",\n", f);
	if (longest_gaps(f, m))
		return -1;
	fputs(",\n", f);
	if (kernels(f, m))
		return -1;
	fputs("},\n\"hazards\":[", f);
	for (size_t p = 0; p < m->np; p++)
		for (size_t i = 0; m->h[p].n && i < m->h[p].n->n_hazards; i++) {
			const struct oc_tl_hazard *z = &m->h[p].n->hazards[i];

			fprintf(f, "%s[%ld,%ld,%d,", k++ ? ",\n" : "", (long)m->op_id[p][z->op_a],
				z->op_b >= 0 ? (long)m->op_id[p][z->op_b] : -1L, z->latent);
			oc_tl_json_str(f, z->text ? z->text : "");
			fputc(']', f);
		}
	fputc(']', f);
	return 0;
}
