/*
 * out-html-lod.c: the data of a level-of-detail timeline page (a trace of
 * more slices than the small page carries well; docs/timeline.md, "Level of
 * detail"), the member "lod" of the page's JSON.
 *
 * Every slice is in a compact table: lane by lane, in start order (so a
 * slice's place in that order is its id), cut into chunks of TL_CHUNK
 * slices. A chunk holds its columns one after the other, each a LEB128
 * varint per slice:
 *
 *   start    ns after the previous slice's start (the first: after the
 *            chunk's start, which the index gives)
 *   dur      ns, zigzag
 *   name     index into the page's strings
 *   cat      category, as the small page's items
 *   row      row in the lane
 *   verdict  0 none, 1 overlapped, 2 serialized
 *   note     index into the notes + 1, 0: none
 *   bytes
 *   corr     correlation id minus the previous slice's, zigzag
 *   link     0: none, else 1 + zigzag(id - the previous link): an op's
 *            call, a call's first op, a hidden sync's call
 *   flags    bit 0: a side of a hazard; bit 1: a node of the critical
 *            path (an op or a call); the other bits are 0
 *
 * raw-deflated (zlib) and base64-encoded into one string, "blob", with
 * each piece's offset and length in the index. The page inflates a chunk
 * only when its lane is drawn slice by slice over its time. Per lane, the
 * summary buckets (tl-lod.h) are a piece too (columns n, busy, overlap,
 * idle, flagged, cause, colour), and the notes, each text once, are pieces
 * of TL_NOTES_PER texts joined by NUL bytes. The tables under the canvas
 * (serialized claims, hidden syncs, longest idle gaps, kernels by time)
 * come computed, since the page never holds every slice.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "overlapcheck/analysis.h"
#include "overlapcheck/mem.h"
#include "tl-lod.h"
#include "tl-page.h"

#define TL_CHUNK      16384   /* slices per chunk */
#define TL_NOTES_PER  2048    /* notes per piece */
#define TL_N_VARCOLS  9       /* the columns after exp, start and dur */
#define TL_MANT       8       /* times beyond the exact limit: to within 2^-TL_MANT of each
				 slice's duration */

/* ---- growing byte buffers and varints ------------------------------------- */

struct buf {
	uint8_t *p;
	size_t n, cap;
	int failed;
};

static void reserve(struct buf *b, size_t more)
{
	if (b->n + more <= b->cap || b->failed)
		return;
	size_t cap = b->cap ? b->cap : 4096;
	while (cap < b->n + more)
		cap *= 2;
	uint8_t *p = realloc(b->p, cap);
	if (!p) {
		b->failed = 1;
		return;
	}
	b->p = p;
	b->cap = cap;
}

static void put(struct buf *b, const void *s, size_t n)
{
	reserve(b, n);
	if (b->failed)
		return;
	memcpy(b->p + b->n, s, n);
	b->n += n;
}

static void varint(struct buf *b, uint64_t v)
{
	uint8_t tmp[10];
	size_t n = 0;

	while (v >= 0x80) {
		tmp[n++] = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	tmp[n++] = (uint8_t)v;
	put(b, tmp, n);
}

static uint64_t zigzag(int64_t v)
{
	return v < 0 ? ((uint64_t)(-(v + 1)) << 1) | 1 : (uint64_t)v << 1;
}

/* ---- the blob: pieces deflated, then base64 ------------------------------- */

struct blob {
	FILE *f;
	z_stream z;
	int z_ok;
	struct buf raw, out;
	uint64_t off;             /* base64 characters written */
};

struct piece {
	uint64_t off, len, raw;
};

/*
 * Level 4: on gen-trace's 10M ops the rounded page is 90.8 MB and the
 * command takes 80 s (59 s of CPU), against 84.5 MB and 94 s (72 s) at
 * level 6; exact times deflate smaller filtered (1M ops: 9.34 MB against
 * 9.92 MB), rounded ones a little smaller without (6.55 against 6.59).
 */
static int blob_init(struct blob *b, FILE *f, int rounded)
{
	memset(b, 0, sizeof *b);
	b->f = f;
	if (deflateInit2(&b->z, 4, Z_DEFLATED, -15, 8, rounded ? Z_DEFAULT_STRATEGY : Z_FILTERED) != Z_OK)
		return -1;
	b->z_ok = 1;
	return 0;
}

static void blob_release(struct blob *b)
{
	if (b->z_ok)
		deflateEnd(&b->z);
	free(b->raw.p);
	free(b->out.p);
}

static void base64(FILE *f, const uint8_t *p, size_t n)
{
	static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char line[4096];
	size_t k = 0;

	for (size_t i = 0; i < n; i += 3) {
		uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0) |
			     (i + 2 < n ? p[i + 2] : 0);
		line[k++] = a[v >> 18];
		line[k++] = a[(v >> 12) & 63];
		line[k++] = i + 1 < n ? a[(v >> 6) & 63] : '=';
		line[k++] = i + 2 < n ? a[v & 63] : '=';
		if (k == sizeof line) {
			fwrite(line, 1, k, f);
			k = 0;
		}
	}
	fwrite(line, 1, k, f);
}

/* Deflate b->raw as one piece into the blob; where it went into *pc. */
static int blob_piece(struct blob *b, struct piece *pc)
{
	uLong bound = deflateBound(&b->z, (uLong)b->raw.n);

	if (b->raw.failed || deflateReset(&b->z) != Z_OK)
		return -1;
	b->out.n = 0;
	reserve(&b->out, bound);
	if (b->out.failed)
		return -1;
	b->z.next_in = b->raw.p;
	b->z.avail_in = (uInt)b->raw.n;
	b->z.next_out = b->out.p;
	b->z.avail_out = (uInt)bound;
	if (deflate(&b->z, Z_FINISH) != Z_STREAM_END)
		return -1;
	b->out.n = bound - b->z.avail_out;
	base64(b->f, b->out.p, b->out.n);
	pc->off = b->off;
	pc->len = (b->out.n + 2) / 3 * 4;
	pc->raw = b->raw.n;
	b->off += pc->len;
	b->raw.n = 0;
	return 0;
}

/* ---- notes, each text once ------------------------------------------------ */

struct notes {
	struct buf pool;          /* texts, each ended by a NUL */
	uint64_t *at;             /* [n]: offset of note i in pool */
	uint32_t *slot;           /* hash table of note index + 1 */
	size_t n, cap, nslot;
};

static uint64_t fnv(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * 1099511628211ull;
	return h;
}

static int notes_grow(struct notes *nt)
{
	size_t ns = nt->nslot ? nt->nslot * 2 : 4096;
	uint32_t *slot = calloc(ns, sizeof *slot);
	uint64_t *at = realloc(nt->at, ns / 2 * sizeof *at);

	if (!slot || !at) {
		free(slot);
		if (at)
			nt->at = at;
		return -1;
	}
	nt->at = at;
	for (size_t i = 0; i < nt->n; i++) {
		size_t k = (size_t)fnv((const char *)nt->pool.p + nt->at[i]) & (ns - 1);
		while (slot[k])
			k = (k + 1) & (ns - 1);
		slot[k] = (uint32_t)i + 1;
	}
	free(nt->slot);
	nt->slot = slot;
	nt->nslot = ns;
	nt->cap = ns / 2;
	return 0;
}

/* The index of text among the notes, added on first sight; -1: no memory. */
static long note_id(struct notes *nt, const char *text)
{
	size_t k;

	if (nt->n >= nt->cap && notes_grow(nt))
		return -1;
	for (k = (size_t)fnv(text) & (nt->nslot - 1); nt->slot[k]; k = (k + 1) & (nt->nslot - 1))
		if (!strcmp((const char *)nt->pool.p + nt->at[nt->slot[k] - 1], text))
			return (long)nt->slot[k] - 1;
	nt->at[nt->n] = nt->pool.n;
	put(&nt->pool, text, strlen(text) + 1);
	if (nt->pool.failed)
		return -1;
	nt->slot[k] = (uint32_t)++nt->n;
	return (long)nt->n - 1;
}

static void notes_free(struct notes *nt)
{
	free(nt->pool.p);
	free(nt->at);
	free(nt->slot);
}

/*
 * Notes by what they are made of (a claim's verdict, overlap ratio, cause
 * and evidence strings, which the op and its call share): most slices' note
 * is found here without being written out.
 */
#define MEMO_SLOTS 4096

struct memo {
	const char *causes, *evidence;
	double ratio;
	int verdict;
	long id;                  /* -1: empty */
};

static struct memo *memo_of(struct memo *m, const struct tl_slice *s)
{
	uint64_t h = (uint64_t)(uintptr_t)s->causes * 31 + (uint64_t)(uintptr_t)s->evidence;

	h = (h ^ (uint64_t)(int64_t)(s->ratio * 1e6)) * 0x9E3779B97F4A7C15ull + (uint64_t)s->verdict;
	return &m[(h >> 32) & (MEMO_SLOTS - 1)];
}

/* ---- the writer's state ---------------------------------------------------- */

struct chunk_ix {
	uint32_t lane, n;
	uint64_t first;
	int64_t t_first, t_min, t_end, max_dur;   /* the first start, the least, the latest end */
	struct piece pc;
};

struct lod_w {
	FILE *f;
	struct tl_lod m;
	struct blob blob;
	struct notes notes;
	struct buf col[TL_N_VARCOLS];  /* the varint columns of the chunk being built */
	uint8_t exps[TL_CHUNK];       /* its time grids (2^e ns) */
	uint64_t starts[TL_CHUNK], durs[TL_CHUNK];
	int mant;                     /* times to within 2^-mant of a slice's duration; 0: exact */
	struct memo memo[MEMO_SLOTS]; /* notes of ops and calls by their parts */
	struct chunk_ix *chunks;
	size_t n_chunks, cap_chunks;
	struct piece *sum;            /* per lane */
	size_t *sum_nb;
	int64_t *sum_bw;
	struct piece *note_pc;
	size_t n_note_pc;
	int64_t t0, t1;
	struct tl_ivals m2;           /* the current device: two streams or more busy */
	struct tl_ivals m1;           /* the current device: any stream busy */
	int failed;
};

/* The decisive cause (the first code of causes) in the analysis' table, or -1. */
static int cause_index(const char *causes)
{
	size_t len;

	if (!causes)
		return -1;
	len = strcspn(causes, ",");
	for (int c = 0; c < OC_N_CAUSES; c++) {
		const char *code = oc_cause_name((enum oc_cause)c);
		if (code && strlen(code) == len && !strncmp(code, causes, len))
			return c;
	}
	return -1;
}


static int add_chunk(struct lod_w *w, const struct chunk_ix *c)
{
	if (w->n_chunks == w->cap_chunks) {
		struct chunk_ix *nc = oc_grow(w->chunks, &w->cap_chunks, sizeof *nc, 256);
		if (!nc)
			return -1;
		w->chunks = nc;
	}
	w->chunks[w->n_chunks++] = *c;
	return 0;
}

/* ---- the ops of a device's streams, as busy intervals -------------------- */

struct dev_ctx {
	struct lod_w *w;
	size_t lane0;             /* the first stream lane */
	size_t *k;                /* per stream lane: the next ref */
};

/* The next union interval of the ops of stream lane lane0 + i. */
static int next_busy(void *ctx, size_t i, int64_t *a, int64_t *b)
{
	struct dev_ctx *d = ctx;
	const struct tl_lod *m = &d->w->m;
	size_t L = d->lane0 + i, end = m->lane_first[L + 1];
	const struct html *h = &m->h[m->lane_part[L]];
	int found = 0;

	for (; d->k[i] < end; d->k[i]++) {
		uint32_t r = m->refs[d->k[i]];
		const struct oc_op *op;
		if (TL_REF_SRC(r) != TL_SRC_OP)
			continue;
		op = &h->t->ops[TL_REF_IDX(r)];
		if (found && op->start_ns + h->shift_ns > *b)
			break;
		if (!found) {
			*a = op->start_ns + h->shift_ns;
			*b = *a;
			found = 1;
		}
		if (op->end_ns + h->shift_ns > *b)
			*b = op->end_ns + h->shift_ns;
	}
	return found;
}

/* At device lane L: where its streams (the lanes after it) ran, one or two at once. */
static int device_cover(struct lod_w *w, size_t L)
{
	const struct tl_lod *m = &w->m;
	int p = m->lane_part[L];
	const struct html *h = &m->h[p];
	size_t n = 0, rc;
	struct dev_ctx d = { w, L + 1, NULL };

	while (L + 1 + n < m->n_lanes && m->lane_part[L + 1 + n] == p &&
	       h->l->lanes[L + 1 + n - (size_t)h->lane_off].kind == OC_LANE_STREAM)
		n++;
	if (!(d.k = calloc(n + 1, sizeof *d.k)))
		return -1;
	for (size_t i = 0; i < n; i++)
		d.k[i] = m->lane_first[L + 1 + i];
	rc = (size_t)tl_cover(n, next_busy, &d, &w->m1, &w->m2);
	free(d.k);
	return rc ? -1 : 0;
}

/* ---- a lane: its chunks and its summary ------------------------------------ */

struct lane_st {
	size_t L;
	int p, kind;
	struct tl_sum sum;
	struct tl_ivals busy;
	int64_t ref;              /* the decoded slices' latest end, which the next start follows */
	uint32_t prev_corr;
	int64_t prev_link;
};

/* x / 2^e rounded to the nearest (halves away from zero). */
static int64_t round_shift(int64_t x, int e)
{
	int64_t half = e ? (int64_t)1 << (e - 1) : 0;
	return x >= 0 ? (x + half) >> e : -((-x + half) >> e);
}

/* One slice into the columns and the summary. */
static void put_slice(struct lod_w *w, struct lane_st *ls, uint32_t r, struct chunk_ix *c)
{
	struct html *h = &w->m.h[ls->p];
	int src = TL_REF_SRC(r), e = 0;
	size_t idx = TL_REF_IDX(r);
	struct tl_slice s;
	int64_t link = -1, end, ds, du, dstart, dend;
	long note = -1;

	tl_slice_get(h, src, idx, &s);
	end = s.start + s.dur;
	if (s.has_note) {
		struct memo *mo = src <= TL_SRC_API ? memo_of(w->memo, &s) : NULL;
		const char *text;

		if (mo && mo->id >= 0 && mo->causes == s.causes && mo->evidence == s.evidence &&
		    mo->ratio == s.ratio && mo->verdict == s.verdict) {
			note = mo->id;
		} else if ((text = tl_note_text(h, src, idx)) && (note = note_id(&w->notes, text)) < 0) {
			w->failed = 1;
		} else if (mo) {
			*mo = (struct memo){ s.causes, s.evidence, s.ratio, s.verdict, note };
		}
	}
	if (s.link_src == TL_SRC_API)
		link = w->m.api_id[ls->p][s.link];
	else if (src == TL_SRC_API)
		link = w->m.api_op[ls->p][idx];
	if (w->mant) {   /* to within 2^-mant of the duration: a grid of 2^e ns */
		uint64_t a = (uint64_t)(s.dur < 0 ? -s.dur : s.dur);
		int bits = 0;
		while (a >> bits)
			bits++;
		e = bits > w->mant ? bits - w->mant : 0;
	}
	ds = round_shift(s.start - ls->ref, e);
	du = round_shift(s.dur, e);
	dstart = ls->ref + (ds << e);
	dend = dstart + (du << e);
	w->exps[c->n] = (uint8_t)e;
	w->starts[c->n] = zigzag(ds);
	w->durs[c->n] = zigzag(du);
	varint(&w->col[0], (uint64_t)(s.name + h->str_off));
	varint(&w->col[1], (uint64_t)s.cat);
	varint(&w->col[2], (uint64_t)s.row);
	varint(&w->col[3], (uint64_t)s.verdict);
	varint(&w->col[4], (uint64_t)(note + 1));
	varint(&w->col[5], s.bytes);
	varint(&w->col[6], zigzag((int64_t)s.corr - (int64_t)ls->prev_corr));
	varint(&w->col[7], link < 0 ? 0 : 1 + zigzag(link - ls->prev_link));
	varint(&w->col[8], (uint64_t)(src == TL_SRC_OP && w->m.hazard_op[ls->p] &&
				      w->m.hazard_op[ls->p][idx]) | (s.on_path ? 2u : 0u));
	if (dend > ls->ref)
		ls->ref = dend;
	ls->prev_corr = s.corr;
	if (link >= 0)
		ls->prev_link = link;

	if (!c->n || dend > c->t_end)
		c->t_end = dend;
	if (!c->n || dstart < c->t_min)
		c->t_min = dstart;
	if (dend - dstart > c->max_dur)
		c->max_dur = dend - dstart;
	c->n++;

	tl_sum_count(&ls->sum, s.start, s.verdict == 2, s.verdict == 2 ? cause_index(s.causes) : -1);
	if (s.cat != TL_CAT_MARK && s.cat != TL_CAT_HSYNC)
		tl_sum_span(&ls->sum, -(tl_slice_colour(h, src, idx, s.cat) + 1), s.start, end);
	if (s.cat == TL_CAT_GAP)
		tl_sum_span(&ls->sum, TL_SUM_IDLE, s.start, end);
	else if ((s.cat <= TL_CAT_DRIVER || s.cat == TL_CAT_RANGE) &&
		 tl_ivals_add(&ls->busy, s.start, end))
		w->failed = 1;
}

/* n values as byte planes: their width in bytes (one byte), then the
 * lowest byte of each, the next byte of each, ... */
static void planes(struct buf *b, const uint64_t *v, size_t n)
{
	uint64_t all = 0;
	uint8_t width = 1;

	for (size_t i = 0; i < n; i++)
		all |= v[i];
	while (width < 8 && all >> (8 * width))
		width++;
	put(b, &width, 1);
	reserve(b, n * width);
	if (b->failed)
		return;
	for (int k = 0; k < width; k++)
		for (size_t i = 0; i < n; i++)
			b->p[b->n++] = (uint8_t)(v[i] >> (8 * k));
}

/* The chunk of refs [k0, k1) of the lane: columns, deflated into the blob. */
static int put_chunk(struct lod_w *w, struct lane_st *ls, size_t k0, size_t k1)
{
	struct chunk_ix c = { .lane = (uint32_t)ls->L, .first = k0 };

	c.t_first = ls->ref = tl_lod_start(&w->m, ls->p, w->m.refs[k0]);
	ls->prev_corr = 0;
	ls->prev_link = 0;
	for (int i = 0; i < TL_N_VARCOLS; i++)
		w->col[i].n = 0;
	for (size_t k = k0; k < k1; k++)
		put_slice(w, ls, w->m.refs[k], &c);
	put(&w->blob.raw, w->exps, c.n);
	planes(&w->blob.raw, w->starts, c.n);
	planes(&w->blob.raw, w->durs, c.n);
	for (int i = 0; i < TL_N_VARCOLS; i++) {
		if (w->col[i].failed)
			return -1;
		put(&w->blob.raw, w->col[i].p, w->col[i].n);
	}
	if (w->failed || blob_piece(&w->blob, &c.pc))
		return -1;
	return add_chunk(w, &c);
}

/* The lane's summary buckets, as a piece of the blob. */
static int put_summary(struct lod_w *w, struct lane_st *ls)
{
	struct tl_sum *s = &ls->sum;

	if (ls->kind == OC_LANE_DEVICE) {
		const struct html *h = &w->m.h[ls->p];
		uint32_t dev = h->l->lanes[ls->L - (size_t)h->lane_off].device_id;

		for (size_t i = 0; i < w->m1.n; i++)
			tl_sum_span(s, TL_SUM_BUSY, w->m1.a[i], w->m1.b[i]);
		for (size_t i = 0; i < h->l->n_xspans; i++)
			if (h->l->xspans[i].device_id == dev)
				tl_sum_span(s, TL_SUM_OVERLAP, h->l->xspans[i].start_ns + h->shift_ns,
					    h->l->xspans[i].end_ns + h->shift_ns);
	} else {
		for (size_t i = 0; i < ls->busy.n; i++)
			tl_sum_span(s, TL_SUM_BUSY, ls->busy.a[i], ls->busy.b[i]);
		if (ls->kind == OC_LANE_STREAM)
			tl_ivals_meet(s, TL_SUM_OVERLAP, &ls->busy, &w->m2);
	}
	tl_sum_finish(s);
	for (int c = 0; c < TL_SUM_COLS; c++)
		for (size_t b = 0; b < s->nb; b++)
			varint(&w->blob.raw, (uint64_t)s->col[c][b]);
	w->sum_nb[ls->L] = s->nb;
	w->sum_bw[ls->L] = s->bw;
	return blob_piece(&w->blob, &w->sum[ls->L]);
}

static int put_lane(struct lod_w *w, size_t L)
{
	struct tl_lod *m = &w->m;
	struct lane_st ls = { .L = L, .p = m->lane_part[L] };
	struct html *h = &m->h[ls.p];
	size_t k0 = m->lane_first[L], k1 = m->lane_first[L + 1];
	int rc = -1;

	ls.kind = h->l->lanes[L - (size_t)h->lane_off].kind;
	if (ls.kind == OC_LANE_DEVICE && device_cover(w, L))
		return -1;
	if (tl_sum_init(&ls.sum, k1 - k0, w->t0, w->t1, OC_N_CAUSES))
		return -1;
	for (size_t k = k0; k < k1; k += TL_CHUNK)
		if (put_chunk(w, &ls, k, k + TL_CHUNK < k1 ? k + TL_CHUNK : k1))
			goto out;
	rc = put_summary(w, &ls);
out:
	tl_sum_release(&ls.sum);
	tl_ivals_free(&ls.busy);
	return rc;
}

/* The notes' texts, TL_NOTES_PER to a piece. */
static int put_notes(struct lod_w *w)
{
	size_t np = (w->notes.n + TL_NOTES_PER - 1) / TL_NOTES_PER;

	if (!(w->note_pc = calloc(np + 1, sizeof *w->note_pc)))
		return -1;
	for (size_t i = 0; i < np; i++) {
		size_t a = i * TL_NOTES_PER, b = a + TL_NOTES_PER < w->notes.n ? a + TL_NOTES_PER : w->notes.n;
		uint64_t end = b < w->notes.n ? w->notes.at[b] : w->notes.pool.n;

		put(&w->blob.raw, w->notes.pool.p + w->notes.at[a], (size_t)(end - w->notes.at[a]));
		if (blob_piece(&w->blob, &w->note_pc[i]))
			return -1;
	}
	w->n_note_pc = np;
	return 0;
}

/* ---- the index ----------------------------------------------------------- */

static void put_index(struct lod_w *w)
{
	FILE *f = w->f;

	fprintf(f, ",\n\"cols\":[\"exp\",\"start\",\"dur\",\"name\",\"cat\",\"row\",\"verdict\","
		"\"note\",\"bytes\",\"corr\",\"link\",\"flags\"],\n\"chunks\":[");
	for (size_t i = 0; i < w->n_chunks; i++) {
		const struct chunk_ix *c = &w->chunks[i];
		fprintf(f, "%s[%u,%" PRIu64 ",%u,%" PRId64 ",%" PRId64 ",%" PRId64 ",%" PRId64
			",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "]", i ? ",\n" : "", c->lane, c->first, c->n,
			c->t_first, c->t_min, c->t_end, c->max_dur, c->pc.off, c->pc.len, c->pc.raw);
	}
	fprintf(f, "],\n\"sum\":[");
	for (size_t L = 0; L < w->m.n_lanes; L++)
		fprintf(f, "%s[%zu,%" PRId64 ",%" PRId64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%zu]",
			L ? ",\n" : "", w->sum_nb[L], w->t0, w->sum_bw[L], w->sum[L].off, w->sum[L].len,
			w->sum[L].raw, w->m.lane_first[L]);
	fprintf(f, "],\n\"notes\":{\"n\":%zu,\"per\":%d,\"pieces\":[", w->notes.n, TL_NOTES_PER);
	for (size_t i = 0; i < w->n_note_pc; i++)
		fprintf(f, "%s[%" PRIu64 ",%" PRIu64 ",%" PRIu64 "]", i ? "," : "", w->note_pc[i].off,
			w->note_pc[i].len, w->note_pc[i].raw);
	fputs("]},\n\"causes\":[", f);
	for (int c = 0; c < OC_N_CAUSES; c++) {
		fputs(c ? ",[" : "[", f);
		oc_tl_json_str(f, oc_cause_name((enum oc_cause)c));
		fputc(',', f);
		oc_tl_json_str(f, oc_cause_label((enum oc_cause)c));
		fputc(']', f);
	}
	fprintf(f, "],\n\"n\":%zu", w->m.n);
}

struct lod_w *oc_html_lod_blob(FILE *f, struct html *h, size_t np, int64_t t0, int64_t t1,
				long long exact, char *err, size_t errlen)
{
	struct lod_w *w = calloc(1, sizeof *w);   /* large: not on the stack */

	if (!w) {
		snprintf(err, errlen, "cannot write timeline of '%s': %s", h[0].t->path, strerror(ENOMEM));
		return NULL;
	}
	w->f = f;
	w->t0 = t0;
	w->t1 = t1;
	for (int i = 0; i < MEMO_SLOTS; i++)
		w->memo[i].id = -1;
	if (tl_lod_init(&w->m, h, np, err, errlen)) {
		oc_html_lod_free(w);
		return NULL;
	}
	w->mant = (long long)w->m.n > exact ? TL_MANT : 0;
	w->sum = calloc(w->m.n_lanes + 1, sizeof *w->sum);
	w->sum_nb = calloc(w->m.n_lanes + 1, sizeof *w->sum_nb);
	w->sum_bw = calloc(w->m.n_lanes + 1, sizeof *w->sum_bw);
	if (!w->sum || !w->sum_nb || !w->sum_bw || blob_init(&w->blob, f, w->mant > 0))
		goto nomem;
	/* a part's strings follow the earlier parts' own and made-up names, whose
	 * number is known once their lanes are written */
	for (size_t L = 0, next = 1; L <= w->m.n_lanes; L++) {
		size_t p = L < w->m.n_lanes ? (size_t)w->m.lane_part[L] : np - 1;
		for (; next <= p; next++)
			h[next].str_off = h[next - 1].str_off +
					  (long)(h[next - 1].t->n_strs + h[next - 1].n_extra);
		if (L < w->m.n_lanes && put_lane(w, L))
			goto nomem;
	}
	if (put_notes(w))
		goto nomem;
	return w;
nomem:
	snprintf(err, errlen, "cannot write timeline of '%s': %s", h[0].t->path, strerror(ENOMEM));
	oc_html_lod_free(w);
	return NULL;
}

int oc_html_lod_index(FILE *f, struct lod_w *w)
{
	fprintf(f, "\"lod\":{\"v\":1,\"chunk\":%d,\"mant\":%d", TL_CHUNK, w->mant);
	put_index(w);
	if (tl_html_lists(f, &w->m))
		return -1;
	fputc('}', f);
	return 0;
}

void oc_html_lod_free(struct lod_w *w)
{
	if (!w)
		return;
	for (int i = 0; i < TL_N_VARCOLS; i++)
		free(w->col[i].p);
	free(w->chunks);
	free(w->sum);
	free(w->sum_nb);
	free(w->sum_bw);
	free(w->note_pc);
	notes_free(&w->notes);
	tl_ivals_free(&w->m1);
	tl_ivals_free(&w->m2);
	blob_release(&w->blob);
	tl_lod_release(&w->m);
	free(w);
}
