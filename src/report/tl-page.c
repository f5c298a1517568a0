/*
 * tl-page.c: the HTML timeline's slices, names and notes, for both of its
 * writers (tl-page.h): out-html.c (every slice as JSON numbers) and
 * out-html-lod.c (the level-of-detail page).
 *
 * A part's slices come from its trace (ops, API calls, NVTX ranges and
 * marks), its layout (copy ∩ kernel spans) and its notes (idle gaps, hidden
 * synchronizations); tl_slice_get() gives each the fields the page draws,
 * and tl_note_text() the sentence its tooltip shows.
 */
#include <stdlib.h>
#include <string.h>

#include "tl-page.h"

/* Keys of made-up names: a tag in the top byte, details below. */
#define KEY_UNNAMED   0x01000000u
#define KEY_XSPAN     0x02000000u
#define KEY_GAP       0x03000000u
#define KEY_HSYNC     0x04000000u
#define KEY_OVERFLOW  0x05000000u
#define KEY_OP        0x10000000u  /* | kind << 20 | copy_kind << 12 | src << 6 | dst */

/* Index in strs of the made-up name for key, adding it on first use. */
static long extra(struct html *h, uint32_t key)
{
	for (size_t i = 0; i < h->n_extra; i++)
		if (h->extra_key[i] == key)
			return (long)(h->t->n_strs + i);
	if (h->n_extra >= TL_MAX_EXTRA - 1 && key != KEY_OVERFLOW)
		return extra(h, KEY_OVERFLOW);   /* the last slot is kept for it */
	h->extra_key[h->n_extra] = key;
	return (long)(h->t->n_strs + h->n_extra++);
}

const char *tl_extra_text(struct html *h, size_t i)
{
	uint32_t key = h->extra_key[i];
	unsigned kind = (key >> 20) & 0xff, ck = (key >> 12) & 0xff, sk = (key >> 6) & 0x3f,
		 dk = key & 0x3f;

	switch (key & 0xff000000u) {
	case KEY_UNNAMED: return "(unnamed)";
	case KEY_XSPAN:   return "copy \xe2\x88\xa9 kernel";
	case KEY_GAP:     return "idle gap";
	case KEY_HSYNC:   return "hidden sync";
	case KEY_OVERFLOW: return "device op";
	}
	if (kind == OC_OP_MEMSET)
		snprintf(h->buf, sizeof h->buf, "memset (%s)", oc_mem_kind_name((int)dk));
	else
		snprintf(h->buf, sizeof h->buf, "memcpy %s%s %s \xe2\x86\x92 %s",
			 oc_copy_kind_name((int)ck), kind == OC_OP_MEMCPY_PEER ? " peer" : "",
			 oc_mem_kind_name((int)sk), oc_mem_kind_name((int)dk));
	return h->buf;
}

static long name_or_unnamed(struct html *h, int32_t name)
{
	if (name < 0 || (size_t)name >= h->t->n_strs)
		return extra(h, KEY_UNNAMED);
	return name;
}

long tl_extra_op(struct html *h, const struct oc_op *op)
{
	if (op->kind == OC_OP_KERNEL)
		return name_or_unnamed(h, oc_op_shape(h->t, op)->name);
	return extra(h, KEY_OP | (uint32_t)(op->kind & 0xff) << 20 | (uint32_t)op->copy_kind << 12 |
			(uint32_t)(op->src_kind & 0x3f) << 6 | (uint32_t)(op->dst_kind & 0x3f));
}

/* Whether the analysis' note says something worth a line. */
static int has_note(const struct oc_tl_note *nt)
{
	return nt && nt->verdict != OC_TL_NONE && (nt->causes || nt->evidence || nt->ratio >= 0);
}

static const struct oc_tl_note *note_of(const struct html *h, int src, size_t idx)
{
	if (!h->n)
		return NULL;
	if (src == TL_SRC_OP)
		return h->n->ops ? &h->n->ops[idx] : NULL;
	if (src == TL_SRC_API)
		return h->n->api ? &h->n->api[idx] : NULL;
	return NULL;
}

int tl_page_count(struct html *h)
{
	const struct oc_trace *t = h->t;
	const struct oc_tl_notes *n = h->n;

	memset(h->n_src, 0, sizeof h->n_src);
	h->n_src[TL_SRC_OP] = t->n_ops;
	h->n_src[TL_SRC_API] = t->n_api;
	h->n_src[TL_SRC_RANGE] = t->n_ranges;
	h->n_src[TL_SRC_MARK] = t->n_marks;
	h->n_src[TL_SRC_XSPAN] = h->l->n_xspans;
	if (!n)
		return 0;
	h->gap_lane = malloc((n->n_gaps + 1) * sizeof *h->gap_lane);
	h->hsync_lane = malloc((n->n_hsyncs + 1) * sizeof *h->hsync_lane);
	if (!h->gap_lane || !h->hsync_lane)
		return -1;
	for (size_t i = 0; i < n->n_gaps; i++)
		h->gap_lane[i] = (int32_t)oc_tl_lane_of(h->l, OC_LANE_DEVICE, n->gaps[i].device_id);
	for (size_t i = 0; i < n->n_hsyncs; i++)
		h->hsync_lane[i] = (int32_t)oc_tl_lane_of(h->l, OC_LANE_THREAD, n->hsyncs[i].tid);
	h->n_src[TL_SRC_GAP] = n->n_gaps;
	h->n_src[TL_SRC_HSYNC] = n->n_hsyncs;
	return 0;
}

void tl_page_release(struct html *h)
{
	free(h->gap_lane);
	free(h->hsync_lane);
	h->gap_lane = h->hsync_lane = NULL;
}

/* A slice's fields from the analysis' note of its op or call (NULL: none). */
static void note_fields(struct tl_slice *s, const struct oc_tl_note *nt)
{
	s->verdict = nt ? nt->verdict : 0;
	s->has_note = has_note(nt);
	s->causes = nt ? nt->causes : NULL;
	s->evidence = nt ? nt->evidence : NULL;
	s->ratio = nt ? nt->ratio : -1;
	s->on_path = nt ? nt->on_path : 0;
}

static void op_slice(struct html *h, size_t i, struct tl_slice *s)
{
	const struct oc_trace *t = h->t;
	const struct oc_op *op = &t->ops[i];
	const struct oc_tl_note *nt = note_of(h, TL_SRC_OP, i);

	s->lane = h->l->op_lane[i];
	s->start = op->start_ns;
	s->dur = op->end_ns - op->start_ns;
	s->cat = op->kind == OC_OP_KERNEL ? TL_CAT_KERNEL : op->kind == OC_OP_MEMSET ? TL_CAT_MEMSET :
		 op->kind == OC_OP_MEMCPY_PEER ? TL_CAT_PEER : TL_CAT_MEMCPY;
	s->name = tl_extra_op(h, op);
	s->row = h->l->op_row[i];
	note_fields(s, nt);
	s->bytes = oc_op_shape(t, op)->bytes;
	s->corr = op->correlation_id;
	if (op->api >= 0 && (size_t)op->api < t->n_api) {
		s->link_src = TL_SRC_API;
		s->link = op->api;
	}
}

static void api_slice(struct html *h, size_t i, struct tl_slice *s)
{
	const struct oc_api *a = &h->t->api[i];
	const struct oc_tl_note *nt = note_of(h, TL_SRC_API, i);

	s->lane = h->l->api_lane[i];
	s->start = a->start_ns;
	s->dur = a->end_ns - a->start_ns;
	s->name = name_or_unnamed(h, a->name);
	s->cat = a->domain == OC_API_DRIVER ? TL_CAT_DRIVER : TL_CAT_RUNTIME;
	s->row = h->l->api_depth[i];
	note_fields(s, nt);
	s->bytes = oc_api_args(h->t, a)->bytes;
	s->corr = a->correlation_id;
}

long tl_slice_lane(const struct html *h, int src, size_t i)
{
	switch (src) {
	case TL_SRC_OP:    return h->l->op_lane[i];
	case TL_SRC_API:   return h->l->api_lane[i];
	case TL_SRC_RANGE: return h->l->range_lane[i];
	case TL_SRC_MARK:  return h->l->mark_lane[i];
	case TL_SRC_XSPAN: return oc_tl_lane_of(h->l, OC_LANE_DEVICE, h->l->xspans[i].device_id);
	case TL_SRC_GAP:   return h->gap_lane[i];
	case TL_SRC_HSYNC: return h->hsync_lane[i];
	}
	return -1;
}

void tl_slice_get(struct html *h, int src, size_t i, struct tl_slice *s)
{
	const struct oc_trace *t = h->t;
	const struct oc_tl_layout *l = h->l;

	memset(s, 0, sizeof *s);
	s->link_src = -1;
	s->link = -1;
	switch (src) {
	case TL_SRC_OP:
		op_slice(h, i, s);
		break;
	case TL_SRC_API:
		api_slice(h, i, s);
		break;
	case TL_SRC_RANGE: {
		const struct oc_range *r = &t->ranges[i];
		int64_t end = r->end_ns == INT64_MAX ? l->range_end_ns : r->end_ns;

		s->lane = l->range_lane[i];
		s->start = r->start_ns;
		s->dur = end > r->start_ns ? end - r->start_ns : 0;
		s->name = name_or_unnamed(h, r->name);
		s->cat = TL_CAT_RANGE;
		s->row = l->range_depth[i];
		s->corr = r->marker_id;
		break;
	}
	case TL_SRC_MARK:
		s->lane = l->mark_lane[i];
		s->start = t->marks[i].ts_ns;
		s->name = name_or_unnamed(h, t->marks[i].name);
		s->cat = TL_CAT_MARK;
		break;
	case TL_SRC_XSPAN:
		s->lane = tl_slice_lane(h, src, i);
		s->start = l->xspans[i].start_ns;
		s->dur = l->xspans[i].end_ns - l->xspans[i].start_ns;
		s->name = extra(h, KEY_XSPAN);
		s->cat = TL_CAT_XSPAN;
		break;
	case TL_SRC_GAP:
		s->lane = h->gap_lane[i];
		s->start = h->n->gaps[i].start_ns;
		s->dur = h->n->gaps[i].end_ns - h->n->gaps[i].start_ns;
		s->name = extra(h, KEY_GAP);
		s->cat = TL_CAT_GAP;
		s->has_note = 1;
		break;
	case TL_SRC_HSYNC: {
		const struct oc_tl_hsync *hs = &h->n->hsyncs[i];
		int call = hs->api >= 0 && (size_t)hs->api < t->n_api;

		s->lane = h->hsync_lane[i];
		s->start = hs->start_ns;
		s->dur = hs->end_ns - hs->start_ns;
		s->name = call ? name_or_unnamed(h, t->api[hs->api].name) : extra(h, KEY_HSYNC);
		s->cat = TL_CAT_HSYNC;
		s->verdict = 2;
		s->has_note = 1;
		if (call) {
			s->link_src = TL_SRC_API;
			s->link = hs->api;
		}
		break;
	}
	}
	s->start += h->shift_ns;
}

const char *tl_note_text(struct html *h, int src, size_t i)
{
	const struct oc_tl_note *nt = note_of(h, src, i);
	char ratio[32] = "";

	switch (src) {
	case TL_SRC_OP:
	case TL_SRC_API:
		if (!has_note(nt))
			return NULL;
		if (nt->ratio >= 0)
			snprintf(ratio, sizeof ratio, "overlap %.1f%%", nt->ratio * 100.0);
		snprintf(h->buf, sizeof h->buf, "%s%s%s%s%s%s%s",
			 nt->verdict == OC_TL_SERIALIZED ? "serialized" : "overlapped",
			 *ratio ? ", " : "", ratio,
			 nt->causes ? "; causes: " : "", nt->causes ? nt->causes : "",
			 nt->evidence ? "; " : "", nt->evidence ? nt->evidence : "");
		return h->buf;
	case TL_SRC_GAP: {
		const struct oc_tl_gap *g = &h->n->gaps[i];
		snprintf(h->buf, sizeof h->buf, "cause: %s%s%s", g->cause ? g->cause : "unknown",
			 g->evidence ? "; " : "", g->evidence ? g->evidence : "");
		return h->buf;
	}
	case TL_SRC_HSYNC:
		return h->n->hsyncs[i].evidence ? h->n->hsyncs[i].evidence :
		       "returned right after device work it did not name";
	}
	return NULL;
}

int tl_slice_colour(const struct html *h, int src, size_t idx, int cat)
{
	switch (cat) {
	case TL_CAT_KERNEL: return 0;
	case TL_CAT_MEMCPY: {
		int ck = h->t->ops[idx].copy_kind;
		return ck == OC_COPY_HTOD ? 1 : ck == OC_COPY_DTOH ? 2 : 3;
	}
	case TL_CAT_PEER: return 4;
	case TL_CAT_MEMSET: return 5;
	case TL_CAT_RUNTIME: return 6;
	case TL_CAT_DRIVER: return 7;
	case TL_CAT_MARK: return 8;
	case TL_CAT_XSPAN: return 9;
	case TL_CAT_GAP: return 10;
	case TL_CAT_RANGE: return 13;
	}
	return 12;
}
