/*
 * tl-page.h: the HTML timeline's model, shared by its two writers (private
 * to src/report/): out-html.c writes every slice as JSON numbers (the page
 * of a small trace), out-html-lod.c the level-of-detail page of a large one
 * (docs/timeline.md, "Level of detail").
 *
 * A page draws one trace or several (a job's ranks), each a "part" whose
 * lanes, strings, notes and slices follow the earlier parts'. Both writers
 * read a part's slices through tl_slice_get(), so a slice has one set of
 * fields, one name and one note text whichever page carries it.
 */
#ifndef OC_REPORT_TL_PAGE_H
#define OC_REPORT_TL_PAGE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "overlapcheck/export.h"

/* Slice categories; the page's script knows them by the same numbers. */
enum {
	TL_CAT_KERNEL = 0, TL_CAT_MEMCPY, TL_CAT_MEMSET, TL_CAT_PEER, TL_CAT_RUNTIME, TL_CAT_DRIVER,
	TL_CAT_RANGE, TL_CAT_MARK, TL_CAT_XSPAN, TL_CAT_GAP, TL_CAT_HSYNC,
};

/* Where a slice comes from: a part's ops, API calls, ranges, ... in this
 * order, which is also the order of the small page's items. */
enum {
	TL_SRC_OP = 0, TL_SRC_API, TL_SRC_RANGE, TL_SRC_MARK, TL_SRC_XSPAN, TL_SRC_GAP, TL_SRC_HSYNC,
	TL_N_SRC
};

#define TL_MAX_EXTRA 4096      /* distinct names made here; more reuse a generic one */

/* One trace's part of the page (see the top of this file). */
struct html {
	FILE *f;
	const struct oc_trace *t;
	const struct oc_tl_layout *l;
	const struct oc_tl_notes *n;
	uint32_t extra_key[TL_MAX_EXTRA]; /* what each made-up name stands for */
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
	size_t n_src[TL_N_SRC];        /* slices per source (tl_page_count) */
	int32_t *gap_lane, *hsync_lane;/* lane of each gap and hidden sync, -1: none */
};

/* One slice, as both pages show it. Times are on the page's clock. */
struct tl_slice {
	long     lane;                 /* the part's lane index (before lane_off) */
	int64_t  start, dur;
	long     name;                 /* the part's string index (before str_off) */
	int      cat, row, verdict;
	uint64_t bytes;
	uint32_t corr;
	int      link_src;             /* TL_SRC_API or TL_SRC_OP, or -1 */
	long     link;                 /* index in that source: the op's call, the
	                                  call's first op, the hidden sync's call */
	int      has_note;             /* note text by tl_note_text() */
	const char *causes;            /* a claim's cause codes, decisive first, or NULL */
	const char *evidence;          /* a claim's evidence, or NULL */
	double   ratio;                /* a claim's overlap ratio (< 0: unknown) */
	int      on_path;              /* a node of the critical path (oc_tl_note) */
};

/* Count a part's slices per source and find the lanes of its gaps and
 * hidden syncs (those of a device or thread without a lane are dropped).
 * 0, or -1 when out of memory. Release with tl_page_release(). */
int  tl_page_count(struct html *h);
void tl_page_release(struct html *h);

/* The part's lane of slice idx of source src, or -1 when it has none. */
long tl_slice_lane(const struct html *h, int src, size_t idx);

/* The part's slice idx of source src (idx < h->n_src[src]) into s. */
void tl_slice_get(struct html *h, int src, size_t idx, struct tl_slice *s);

/* The note of that slice ("serialized, overlap 0.0%; causes: ...") in
 * h->buf, or NULL when it has none. */
const char *tl_note_text(struct html *h, int src, size_t idx);

/* Index in the part's strings of a made-up name (tl_extra_text). */
long tl_extra_op(struct html *h, const struct oc_op *op);

/* The made-up names' texts, after the trace's strings. */
const char *tl_extra_text(struct html *h, size_t i);

/* The palette index of a slice (the page's PAL): kernel, HtoD, DtoH, other
 * copy, peer, memset, runtime, driver, mark, copy ∩ kernel, gap; 13 for an
 * NVTX range (the page colours ranges by name; the summary uses one). */
int tl_slice_colour(const struct html *h, int src, size_t idx, int cat);

/*
 * The level-of-detail page (out-html-lod.c) of parts h[0..np) (counted by
 * tl_page_count, lane_off set), in two steps: first its blob, the text of
 * the page's element #oc-blob, written to f as it is made; then the JSON
 * member "lod":{...} (the index of the blob's pieces, the counts, tables
 * and hazards). t0, t1: the page's time bounds; exact: up to this many
 * slices times are exact, beyond rounded (oc_tl_lod_options). The first
 * returns NULL with a message in err; the second 0, or -1 when out of
 * memory. Free with oc_html_lod_free after both (or on an error).
 */
struct lod_w;
struct lod_w *oc_html_lod_blob(FILE *f, struct html *h, size_t np, int64_t t0, int64_t t1,
				long long exact, char *err, size_t errlen);
int  oc_html_lod_index(FILE *f, struct lod_w *w);
void oc_html_lod_free(struct lod_w *w);

struct tl_lod;

/* The level-of-detail page's counts, tables and hazards (out-html-lists.c),
 * as the members ,"counts":{...},"lists":{...},"hazards":[...]. 0, or -1
 * when out of memory. */
int tl_html_lists(FILE *f, struct tl_lod *m);

#endif
