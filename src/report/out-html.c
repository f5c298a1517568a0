/*
 * out-html.c: one self-contained HTML file with the timeline.
 *
 * The page (src/timeline.html, embedded at build time as oc_timeline_html)
 * holds all its script and style inline and loads nothing. This file writes
 * the page up to its data marker, then the trace as one JSON document inside
 * <script type="application/json">, then the rest of the page. The JSON
 * writer escapes '<', '>' and '&', so no trace string can close the script
 * element; the page reads the data with JSON.parse and puts trace strings in
 * the DOM only through textContent (and on the canvas with fillText).
 *
 * The data is columnar so that a 100k-op trace stays small and quick to
 * parse: "items" is a flat array, 11 numbers per slice:
 *
 *   lane, start_ns, dur_ns, name, cat, row, verdict, note, bytes, correlation_id, link
 *
 * link is, for a device op, the item index of the API call that queued it
 * (ops are items 0..n_ops-1 and API calls follow, so it is n_ops + op->api),
 * else -1: the page draws that connection on hover, as the export's flows.
 * name indexes "strs" (the trace's strings, kernel names demangled, followed
 * by names made here, such as "memcpy HtoD pinned → device"); note indexes
 * "notes" (the analysis' causes and evidence) or is -1; cat is one of the
 * CAT_* values, which the page's script knows by the same numbers.
 * Times are nanoseconds since the trace start: exact in a double up to
 * about 104 days. "hazards" (docs/hazards.md) are [item a, item b (-1: a
 * free), latent, text]: the page joins the two ops with a warning line.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/demangle.h"
#include "overlapcheck/export.h"
#include "timeline-html.h"

enum {
	CAT_KERNEL = 0, CAT_MEMCPY, CAT_MEMSET, CAT_PEER, CAT_RUNTIME, CAT_DRIVER,
	CAT_RANGE, CAT_MARK, CAT_XSPAN, CAT_GAP, CAT_HSYNC,
};

#define DATA_MARKER "@OC_DATA@"
#define MAX_EXTRA   4096           /* distinct names made here; more reuse a generic one */

/* One trace's part of the page; a page of a job's ranks has one per rank,
 * whose lanes, items, notes and strings follow the earlier parts', so each
 * index a part writes is shifted by what the earlier parts wrote. */
struct html {
	FILE *f;
	const struct oc_trace *t;
	const struct oc_tl_layout *l;
	const struct oc_tl_notes *n;
	uint32_t extra_key[MAX_EXTRA]; /* what each made-up name stands for */
	size_t n_extra;
	size_t n_notes;
	int first;
	char buf[4096];
	/* the earlier parts: what this part's indices start after */
	const char *prefix;            /* lane names start with it ("rank 1 · "), or "" */
	int64_t shift_ns;              /* added to every time: its clock on the page's */
	long lane_off, str_off, note_off, item_off;
	uint32_t dev_off;              /* device groups of different parts stay apart */
	size_t n_items;
};

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
	if (h->n_extra >= MAX_EXTRA - 1 && key != KEY_OVERFLOW)
		return extra(h, KEY_OVERFLOW);   /* the last slot is kept for it */
	h->extra_key[h->n_extra] = key;
	return (long)(h->t->n_strs + h->n_extra++);
}

static const char *extra_text(struct html *h, uint32_t key)
{
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

static void item(struct html *h, long lane, int64_t start, int64_t dur, long name, int cat,
		 int row, int verdict, long note, uint64_t bytes, uint32_t corr, long link)
{
	fprintf(h->f, "%s%ld,%" PRId64 ",%" PRId64 ",%ld,%d,%d,%d,%ld,%" PRIu64 ",%u,%ld",
		h->first ? "" : ",\n", lane + h->lane_off, start + h->shift_ns, dur, name + h->str_off,
		cat, row, verdict, note >= 0 ? note + h->note_off : note, bytes, corr,
		link >= 0 ? link + h->item_off : link);
	h->first = 0;
	h->n_items++;
}

/* Whether the analysis' note says something worth a line. */
static int has_note(const struct oc_tl_note *nt)
{
	return nt && nt->verdict != OC_TL_NONE && (nt->causes || nt->evidence || nt->ratio >= 0);
}

/* The next note index for nt, or -1 when it has nothing to say. */
static long note_of(struct html *h, const struct oc_tl_note *nt)
{
	return has_note(nt) ? (long)h->n_notes++ : -1;
}

static void write_note(struct html *h, const struct oc_tl_note *nt)
{
	char ratio[32] = "";

	if (nt->ratio >= 0)
		snprintf(ratio, sizeof ratio, "overlap %.1f%%", nt->ratio * 100.0);
	snprintf(h->buf, sizeof h->buf, "%s%s%s%s%s%s%s",
		 nt->verdict == OC_TL_SERIALIZED ? "serialized" : "overlapped",
		 *ratio ? ", " : "", ratio,
		 nt->causes ? "; causes: " : "", nt->causes ? nt->causes : "",
		 nt->evidence ? "; " : "", nt->evidence ? nt->evidence : "");
	fputs(h->n_notes++ || h->note_off ? "," : "", h->f);
	oc_tl_json_str(h->f, h->buf);
}

static void items(struct html *h)
{
	const struct oc_trace *t = h->t;
	const struct oc_tl_layout *l = h->l;
	const struct oc_tl_notes *n = h->n;

	for (size_t i = 0; i < t->n_ops; i++) {
		const struct oc_op *op = &t->ops[i];
		const struct oc_tl_note *nt = n && n->ops ? &n->ops[i] : NULL;
		int cat = op->kind == OC_OP_KERNEL ? CAT_KERNEL : op->kind == OC_OP_MEMSET ? CAT_MEMSET :
			  op->kind == OC_OP_MEMCPY_PEER ? CAT_PEER : CAT_MEMCPY;
		long name;

		if (op->kind == OC_OP_KERNEL)
			name = name_or_unnamed(h, op->name);
		else
			name = extra(h, KEY_OP | (uint32_t)(op->kind & 0xff) << 20 |
					(uint32_t)op->copy_kind << 12 | (uint32_t)(op->src_kind & 0x3f) << 6 |
					(uint32_t)(op->dst_kind & 0x3f));
		item(h, l->op_lane[i], op->start_ns, op->end_ns - op->start_ns, name, cat, l->op_row[i],
		     nt ? nt->verdict : 0, note_of(h, nt), op->bytes, op->correlation_id,
		     op->api >= 0 && (size_t)op->api < t->n_api ? (long)(t->n_ops + (size_t)op->api) : -1);
	}
	for (size_t i = 0; i < t->n_api; i++) {
		const struct oc_api *a = &t->api[i];
		const struct oc_tl_note *nt = n && n->api ? &n->api[i] : NULL;

		item(h, l->api_lane[i], a->start_ns, a->end_ns - a->start_ns,
		     name_or_unnamed(h, a->name), a->domain == OC_API_DRIVER ? CAT_DRIVER : CAT_RUNTIME,
		     l->api_depth[i], nt ? nt->verdict : 0, note_of(h, nt), a->arg_bytes,
		     a->correlation_id, -1);
	}
	for (size_t i = 0; i < t->n_ranges; i++) {
		const struct oc_range *r = &t->ranges[i];
		int64_t end = r->end_ns == INT64_MAX ? l->range_end_ns : r->end_ns;

		item(h, l->range_lane[i], r->start_ns, end > r->start_ns ? end - r->start_ns : 0,
		     name_or_unnamed(h, r->name), CAT_RANGE, l->range_depth[i],
		     0, -1, 0, r->marker_id, -1);
	}
	for (size_t i = 0; i < t->n_marks; i++)
		item(h, l->mark_lane[i], t->marks[i].ts_ns, 0, name_or_unnamed(h, t->marks[i].name),
		     CAT_MARK, 0, 0, -1, 0, 0, -1);
	for (size_t i = 0, j = 0; i < l->n_xspans; i++) {
		const struct oc_tl_span *s = &l->xspans[i];
		while (j < l->n_lanes && !(l->lanes[j].kind == OC_LANE_DEVICE &&
					   l->lanes[j].device_id == s->device_id))
			j++;
		if (j == l->n_lanes)
			break;
		item(h, (long)j, s->start_ns, s->end_ns - s->start_ns, extra(h, KEY_XSPAN), CAT_XSPAN,
		     0, 0, -1, 0, 0, -1);
	}
	if (!n)
		return;
	for (size_t i = 0; i < n->n_gaps; i++) {
		const struct oc_tl_gap *g = &n->gaps[i];
		for (size_t j = 0; j < l->n_lanes; j++)
			if (l->lanes[j].kind == OC_LANE_DEVICE && l->lanes[j].device_id == g->device_id) {
				item(h, (long)j, g->start_ns, g->end_ns - g->start_ns, extra(h, KEY_GAP),
				     CAT_GAP, 0, 0, (long)h->n_notes++, 0, 0, -1);
				break;
			}
	}
	for (size_t i = 0; i < n->n_hsyncs; i++) {
		const struct oc_tl_hsync *hs = &n->hsyncs[i];
		for (size_t j = 0; j < l->n_lanes; j++)
			if (l->lanes[j].kind == OC_LANE_THREAD && l->lanes[j].tid == hs->tid) {
				long name = hs->api >= 0 && (size_t)hs->api < t->n_api ?
					    name_or_unnamed(h, t->api[hs->api].name) : extra(h, KEY_HSYNC);
				item(h, (long)j, hs->start_ns, hs->end_ns - hs->start_ns, name, CAT_HSYNC,
				     0, 2, (long)h->n_notes++, 0, 0,
				     hs->api >= 0 && (size_t)hs->api < t->n_api ?
				     (long)(t->n_ops + (size_t)hs->api) : -1);
				break;
			}
	}
}

/* The notes, in the order items() numbered them. */
static void notes(struct html *h)
{
	const struct oc_trace *t = h->t;
	const struct oc_tl_notes *n = h->n;

	h->n_notes = 0;
	if (!n)
		return;
	for (size_t i = 0; n->ops && i < t->n_ops; i++)
		if (has_note(&n->ops[i]))
			write_note(h, &n->ops[i]);
	for (size_t i = 0; n->api && i < t->n_api; i++)
		if (has_note(&n->api[i]))
			write_note(h, &n->api[i]);
	for (size_t i = 0; i < n->n_gaps; i++) {
		const struct oc_tl_gap *g = &n->gaps[i];
		int found = 0;
		for (size_t j = 0; j < h->l->n_lanes; j++)
			found |= h->l->lanes[j].kind == OC_LANE_DEVICE &&
				 h->l->lanes[j].device_id == g->device_id;
		if (!found)
			continue;
		snprintf(h->buf, sizeof h->buf, "cause: %s%s%s", g->cause ? g->cause : "unknown",
			 g->evidence ? "; " : "", g->evidence ? g->evidence : "");
		fputs(h->n_notes++ || h->note_off ? "," : "", h->f);
		oc_tl_json_str(h->f, h->buf);
	}
	for (size_t i = 0; i < n->n_hsyncs; i++) {
		const struct oc_tl_hsync *hs = &n->hsyncs[i];
		int found = 0;
		for (size_t j = 0; j < h->l->n_lanes; j++)
			found |= h->l->lanes[j].kind == OC_LANE_THREAD && h->l->lanes[j].tid == hs->tid;
		if (!found)
			continue;
		fputs(h->n_notes++ || h->note_off ? "," : "", h->f);
		oc_tl_json_str(h->f, hs->evidence ? hs->evidence : "returned right after device work it did not name");
	}
}

static void lanes(struct html *h)
{
	const struct oc_trace *t = h->t;

	for (size_t i = 0; i < h->l->n_lanes; i++) {
		const struct oc_tl_lane *ln = &h->l->lanes[i];
		const char *kind = "";

		switch (ln->kind) {
		case OC_LANE_DEVICE: {
			const struct oc_device *d = oc_trace_device(t, (int)ln->device_id);
			kind = "device";
			if (d && d->name)
				snprintf(h->buf, sizeof h->buf, "%sGPU %u: %s", h->prefix, ln->device_id,
					 d->name);
			else
				snprintf(h->buf, sizeof h->buf, "%sGPU %u", h->prefix, ln->device_id);
			break;
		}
		case OC_LANE_STREAM:
			kind = "stream";
			if (ln->stream >= 0) {
				const struct oc_stream *s = &t->streams[ln->stream];
				snprintf(h->buf, sizeof h->buf, "%sstream %u \xc2\xb7 %s", h->prefix,
					 s->stream_id, oc_stream_kind_name(s->kind));
			} else {
				snprintf(h->buf, sizeof h->buf, "%sstream ?", h->prefix);
			}
			break;
		case OC_LANE_THREAD:
			kind = "thread";
			snprintf(h->buf, sizeof h->buf, "%sthread %u", h->prefix, ln->tid);
			break;
		case OC_LANE_NVTX:
			kind = "nvtx";
			snprintf(h->buf, sizeof h->buf, "%sNVTX \xc2\xb7 thread %u", h->prefix, ln->tid);
			break;
		}
		fprintf(h->f, "%s{\"k\":\"%s\",\"dev\":%u,\"rows\":%d,\"n\":",
			i || h->lane_off ? ",\n" : "", kind, ln->device_id + h->dev_off, ln->depth);
		oc_tl_json_str(h->f, h->buf);
		fputc('}', h->f);
	}
}

static void strs(struct html *h, const uint8_t *is_kernel)
{
	const struct oc_trace *t = h->t;

	for (size_t i = 0; i < t->n_strs; i++) {
		fputs(i || h->str_off ? "," : "", h->f);
		if (is_kernel[i])
			oc_tl_json_str(h->f, oc_demangle(t->strs[i], h->buf, sizeof h->buf));
		else
			oc_tl_json_str(h->f, t->strs[i]);
		if (i % 16 == 15)
			fputc('\n', h->f);
	}
	for (size_t i = 0; i < h->n_extra; i++) {
		fputs(i || t->n_strs || h->str_off ? "," : "", h->f);
		oc_tl_json_str(h->f, extra_text(h, h->extra_key[i]));
	}
}

/* One trace of a page, and where its clock sits on the page's. */
struct page_part {
	const struct oc_trace *t;
	const struct oc_tl_notes *n;
	const char *prefix;
	int64_t shift_ns;
};

/*
 * The page for parts pp[0..np): their lanes one after the other, each
 * part's indices shifted past the earlier parts' (struct html). With one
 * part and no prefix or shift this is a trace's own page. window: the
 * notes whose analysis window is shaded, or NULL.
 */
static int write_page(FILE *f, const struct page_part *pp, size_t np, const char *title,
		      const char *answer, const char *lever, const struct oc_tl_notes *window,
		      int analysis, char *err, size_t errlen)
{
	const char *page = oc_timeline_html, *mark = strstr(page, DATA_MARKER);
	struct oc_tl_layout *l = calloc(np + 1, sizeof *l);
	struct html *h = calloc(np + 1, sizeof *h);
	uint8_t **is_kernel = calloc(np + 1, sizeof *is_kernel);
	size_t laid = 0;
	int64_t t0 = 0, t1 = 0;
	int rc = -1;

	if (!mark) {
		snprintf(err, errlen, "cannot write timeline: page template has no data marker");
		goto out;
	}
	if (!l || !h || !is_kernel) {
		snprintf(err, errlen, "cannot write timeline of '%s': %s", pp[0].t->path, strerror(ENOMEM));
		goto out;
	}
	for (size_t p = 0; p < np; p++) {
		const struct oc_trace *t = pp[p].t;
		if (oc_tl_layout_init(&l[p], t, err, errlen))
			goto out;
		laid++;
		is_kernel[p] = calloc(t->n_strs + 1, 1);
		if (!is_kernel[p]) {
			snprintf(err, errlen, "cannot write timeline of '%s': %s", t->path, strerror(ENOMEM));
			goto out;
		}
		for (size_t i = 0; i < t->n_ops; i++)
			if (t->ops[i].kind == OC_OP_KERNEL && t->ops[i].name >= 0 &&
			    (size_t)t->ops[i].name < t->n_strs)
				is_kernel[p][t->ops[i].name] = 1;
		h[p] = (struct html){ .f = f, .t = t, .l = &l[p], .n = pp[p].n, .first = 1,
				      .prefix = pp[p].prefix ? pp[p].prefix : "",
				      .shift_ns = pp[p].shift_ns, .dev_off = (uint32_t)p << 16 };
		if (!p || l[p].first_ns + pp[p].shift_ns < t0)
			t0 = l[p].first_ns + pp[p].shift_ns;
		if (!p || l[p].last_ns + pp[p].shift_ns > t1)
			t1 = l[p].last_ns + pp[p].shift_ns;
	}

	fwrite(page, 1, (size_t)(mark - page), f);
	fputs("{\"v\":1,\"tool\":", f);
	oc_tl_json_str(f, "overlapcheck " OC_VERSION);
	fputs(",\"title\":", f);
	oc_tl_json_str(f, title ? title : pp[0].t->path);
	fputs(",\"answer\":", f);
	if (answer)
		oc_tl_json_str(f, answer);
	else
		fputs("null", f);
	fprintf(f, ",\"analysis\":%s", analysis ? "true" : "false");
	fputs(",\"lever\":", f);
	if (lever)
		oc_tl_json_str(f, lever);
	else
		fputs("null", f);
	fputs(",\"split\":", f);
	if (window && window->time_split)
		oc_tl_json_str(f, window->time_split);
	else
		fputs("null", f);
	if (window && window->window_how)
		fprintf(f, ",\"window\":{\"how\":\"%s\",\"t0\":%" PRId64 ",\"t1\":%" PRId64 "}",
			window->window_how, window->window_start_ns, window->window_end_ns);
	else
		fputs(",\"window\":null", f);
	fprintf(f, ",\"t0\":%" PRId64 ",\"t1\":%" PRId64, t0, t1);
	fputs(",\n\"lanes\":[\n", f);
	for (size_t p = 0; p < np; p++) {
		h[p].lane_off = p ? h[p - 1].lane_off + (long)l[p - 1].n_lanes : 0;
		lanes(&h[p]);
	}
	fputs("],\n\"items\":[\n", f);
	for (size_t p = 0; p < np; p++) {
		if (p) {
			h[p].str_off = h[p - 1].str_off + (long)(pp[p - 1].t->n_strs + h[p - 1].n_extra);
			h[p].note_off = h[p - 1].note_off + (long)h[p - 1].n_notes;
			h[p].item_off = h[p - 1].item_off + (long)h[p - 1].n_items;
			h[p].first = h[p].item_off == 0;
		}
		items(&h[p]);
	}
	fputs("],\n\"notes\":[", f);
	for (size_t p = 0; p < np; p++)
		notes(&h[p]);
	fputs("],\n\"hazards\":[", f);
	for (size_t p = 0, k = 0; p < np; p++)
		for (size_t i = 0; h[p].n && i < h[p].n->n_hazards; i++) {
			const struct oc_tl_hazard *z = &h[p].n->hazards[i];

			fprintf(f, "%s[%ld,%ld,%d,", k++ ? "," : "", (long)z->op_a + h[p].item_off,
				z->op_b >= 0 ? (long)z->op_b + h[p].item_off : -1L, z->latent);
			oc_tl_json_str(f, z->text ? z->text : "");
			fputs("]", f);
		}
	fputs("],\n\"strs\":[", f);
	for (size_t p = 0; p < np; p++)
		strs(&h[p], is_kernel[p]);
	fputs("]}", f);
	fputs(mark + strlen(DATA_MARKER), f);
	if (fflush(f) || ferror(f)) {
		snprintf(err, errlen, "cannot write timeline of '%s': %s", pp[0].t->path, strerror(errno));
		goto out;
	}
	rc = 0;
out:
	for (size_t p = 0; is_kernel && p < np; p++)
		free(is_kernel[p]);
	free(is_kernel);
	for (size_t p = 0; p < laid; p++)
		oc_tl_layout_release(&l[p]);
	free(l);
	free(h);
	return rc;
}

int oc_write_timeline_html(FILE *f, const struct oc_trace *t, const struct oc_tl_notes *n,
			   const char *title, char *err, size_t errlen)
{
	struct page_part one = { t, n, NULL, 0 };

	return write_page(f, &one, 1, title, n ? n->answer : NULL, n ? n->lever : NULL, n,
			  n && (n->ops || n->answer), err, errlen);
}

int oc_write_timeline_html_ranks(FILE *f, const struct oc_tl_rank *ranks, size_t n,
				 const char *title, const char *answer, char *err, size_t errlen)
{
	struct page_part *pp = calloc(n + 1, sizeof *pp);
	int rc, analysis = 0;

	if (!pp) {
		snprintf(err, errlen, "cannot write timeline: %s", strerror(ENOMEM));
		return -1;
	}
	for (size_t k = 0; k < n; k++) {
		pp[k] = (struct page_part){ ranks[k].trace, ranks[k].notes, ranks[k].label,
					    ranks[k].shift_ns };
		analysis |= ranks[k].notes && ranks[k].notes->ops;
	}
	rc = n ? write_page(f, pp, n, title, answer, NULL, NULL, analysis, err, errlen) : -1;
	if (!n)
		snprintf(err, errlen, "cannot write timeline: no ranks");
	free(pp);
	return rc;
}
