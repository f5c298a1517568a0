/*
 * out-html.c: one self-contained HTML file with the timeline.
 *
 * The page (src/report/timeline.html, embedded at build time as
 * oc_timeline_html) holds all its script and style inline and loads nothing.
 * This file writes the page up to its blob marker, then (for a trace of more
 * than the level-of-detail threshold's slices) the compact table of
 * out-html-lod.c, then the page up to its data marker, then the trace as one
 * JSON document inside <script type="application/json">, then the rest of
 * the page. Below the threshold, the JSON carries every slice as items
 * (the "small page", below); above, the member "lod" (out-html-lod.c). The JSON
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
 * "path" lists the items that are nodes of the critical path (ops and
 * calls, docs/causes.md), which the page outlines; "pathline" (beside
 * "lever") says its length, makeup and first bound.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/demangle.h"
#include "overlapcheck/export.h"
#include "timeline-html.h"
#include "tl-page.h"

#define DATA_MARKER "@OC_DATA@"
#define BLOB_MARKER "@OC_BLOB@"

static void item(struct html *h, const struct tl_slice *s, long note, long link)
{
	fprintf(h->f, "%s%ld,%" PRId64 ",%" PRId64 ",%ld,%d,%d,%d,%ld,%" PRIu64 ",%u,%ld",
		h->first ? "" : ",\n", s->lane + h->lane_off, s->start, s->dur, s->name + h->str_off,
		s->cat, s->row, s->verdict, note >= 0 ? note + h->note_off : note, s->bytes, s->corr,
		link >= 0 ? link + h->item_off : link);
	h->first = 0;
	h->n_items++;
}

/* Every slice of the part as an item: ops, API calls, ranges, marks, copy ∩
 * kernel spans, gaps, hidden syncs, in this order; a link is the item index
 * of the call (ops are items 0..n_ops-1 and the calls follow). */
static void items(struct html *h)
{
	for (int src = 0; src < TL_N_SRC; src++)
		for (size_t i = 0; i < h->n_src[src]; i++) {
			struct tl_slice s;

			tl_slice_get(h, src, i, &s);
			if (s.lane < 0)
				continue;
			item(h, &s, s.has_note ? (long)h->n_notes++ : -1,
			     s.link_src == TL_SRC_API ? (long)h->t->n_ops + s.link : -1);
		}
}

/* The notes, in the order items() numbered them. */
static void notes(struct html *h)
{
	h->n_notes = 0;
	for (int src = 0; src < TL_N_SRC; src++)
		for (size_t i = 0; i < h->n_src[src]; i++) {
			const char *text;
			struct tl_slice s;

			if (src >= TL_SRC_GAP) {   /* those without a lane have no item */
				tl_slice_get(h, src, i, &s);
				if (s.lane < 0)
					continue;
			}
			if (!(text = tl_note_text(h, src, i)))
				continue;
			fputs(h->n_notes++ || h->note_off ? "," : "", h->f);
			oc_tl_json_str(h->f, text);
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
		oc_tl_json_str(h->f, tl_extra_text(h, i));
	}
}

/* The small page's data: every slice as 11 numbers, the notes, the hazards. */
static int small_page(FILE *f, struct html *h, size_t np)
{
	fputs("\"items\":[\n", f);
	for (size_t p = 0; p < np; p++) {
		if (p) {
			h[p].str_off = h[p - 1].str_off + (long)(h[p - 1].t->n_strs + h[p - 1].n_extra);
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
	fputs("],\n\"path\":[", f);
	for (size_t p = 0, k = 0; p < np; p++) {
		for (int src = TL_SRC_OP; h[p].n && src <= TL_SRC_API; src++)
			for (size_t i = 0; i < h[p].n_src[src]; i++) {
				const struct oc_tl_note *nt = src == TL_SRC_OP ? h[p].n->ops : h[p].n->api;
				if (!nt || !nt[i].on_path || tl_slice_lane(&h[p], src, i) < 0)
					continue;
				fprintf(f, "%s%ld", k++ ? "," : "", (long)i + h[p].item_off +
					(src == TL_SRC_API ? (long)h[p].n_src[TL_SRC_OP] : 0L));
			}
	}
	fputs("]", f);
	return 0;
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
		      int analysis, const struct oc_tl_lod_options *lo, char *err, size_t errlen)
{
	const char *page = oc_timeline_html, *mark = strstr(page, DATA_MARKER),
		   *bmark = strstr(page, BLOB_MARKER);
	struct lod_w *lw = NULL;
	struct oc_tl_layout *l = calloc(np + 1, sizeof *l);
	struct html *h = calloc(np + 1, sizeof *h);
	uint8_t **is_kernel = calloc(np + 1, sizeof *is_kernel);
	size_t laid = 0, counted = 0;
	int64_t t0 = 0, t1 = 0;
	long long slices = 0;
	int rc = -1, lod;

	if (!mark || !bmark || bmark > mark) {
		snprintf(err, errlen, "cannot write timeline: page template has no data markers");
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
		for (size_t i = 0; i < t->n_ops; i++) {
			int32_t name = oc_op_shape(t, &t->ops[i])->name;

			if (t->ops[i].kind == OC_OP_KERNEL && name >= 0 && (size_t)name < t->n_strs)
				is_kernel[p][name] = 1;
		}
		h[p] = (struct html){ .f = f, .t = t, .l = &l[p], .n = pp[p].n, .first = 1,
				      .prefix = pp[p].prefix ? pp[p].prefix : "",
				      .shift_ns = pp[p].shift_ns, .dev_off = (uint32_t)p << 16 };
		if (!p || l[p].first_ns + pp[p].shift_ns < t0)
			t0 = l[p].first_ns + pp[p].shift_ns;
		if (!p || l[p].last_ns + pp[p].shift_ns > t1)
			t1 = l[p].last_ns + pp[p].shift_ns;
		counted++;
		if (tl_page_count(&h[p])) {
			snprintf(err, errlen, "cannot write timeline of '%s': %s", t->path, strerror(ENOMEM));
			goto out;
		}
		for (int src = 0; src < TL_N_SRC; src++)
			slices += (long long)h[p].n_src[src];
	}
	lod = slices > (lo && lo->above >= 0 ? lo->above : OC_TL_LOD_ABOVE);

	fwrite(page, 1, (size_t)(bmark - page), f);
	for (size_t p = 0; p < np; p++)
		h[p].lane_off = p ? h[p - 1].lane_off + (long)l[p - 1].n_lanes : 0;
	if (lod && !(lw = oc_html_lod_blob(f, h, np, t0, t1, lo && lo->exact >= 0 ? lo->exact :
					   OC_TL_LOD_EXACT, err, errlen)))
		goto out;
	fwrite(bmark + strlen(BLOB_MARKER), 1, (size_t)(mark - bmark - strlen(BLOB_MARKER)), f);
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
	fputs(",\"pathline\":", f);
	if (window && window->path)
		oc_tl_json_str(f, window->path);
	else
		fputs("null", f);
	if (window && window->window_how)
		fprintf(f, ",\"window\":{\"how\":\"%s\",\"t0\":%" PRId64 ",\"t1\":%" PRId64 "}",
			window->window_how, window->window_start_ns, window->window_end_ns);
	else
		fputs(",\"window\":null", f);
	fprintf(f, ",\"t0\":%" PRId64 ",\"t1\":%" PRId64, t0, t1);
	fputs(",\n\"lanes\":[\n", f);
	for (size_t p = 0; p < np; p++)
		lanes(&h[p]);
	fputs("],\n", f);
	if (lod ? oc_html_lod_index(f, lw) : small_page(f, h, np)) {
		snprintf(err, errlen, "cannot write timeline of '%s': %s", pp[0].t->path, strerror(ENOMEM));
		goto out;
	}
	fputs(",\n\"strs\":[", f);
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
	oc_html_lod_free(lw);
	for (size_t p = 0; is_kernel && p < np; p++)
		free(is_kernel[p]);
	for (size_t p = 0; p < counted; p++)
		tl_page_release(&h[p]);
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
			  n && (n->ops || n->answer), NULL, err, errlen);
}

int oc_write_timeline_html_lod(FILE *f, const struct oc_trace *t, const struct oc_tl_notes *n,
			       const char *title, const struct oc_tl_lod_options *lod,
			       char *err, size_t errlen)
{
	struct page_part one = { t, n, NULL, 0 };

	return write_page(f, &one, 1, title, n ? n->answer : NULL, n ? n->lever : NULL, n,
			  n && (n->ops || n->answer), lod, err, errlen);
}

int oc_write_timeline_html_ranks(FILE *f, const struct oc_tl_rank *ranks, size_t n,
				 const char *title, const char *answer,
				 const struct oc_tl_lod_options *lod, char *err, size_t errlen)
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
	rc = n ? write_page(f, pp, n, title, answer, NULL, NULL, analysis, lod, err, errlen) : -1;
	if (!n)
		snprintf(err, errlen, "cannot write timeline: no ranks");
	free(pp);
	return rc;
}
