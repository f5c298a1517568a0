/*
 * tl-lod.c: the level-of-detail page's model (tl-lod.h): the slices of every
 * lane in start order, which gives each its id; the links between ops and
 * calls by id; the summary buckets of a lane and the interval lists they
 * are made from.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tl-lod.h"

int64_t tl_lod_start(const struct tl_lod *m, int p, uint32_t ref)
{
	const struct html *h = &m->h[p];
	size_t i = TL_REF_IDX(ref);
	int64_t t = 0;

	switch (TL_REF_SRC(ref)) {
	case TL_SRC_OP:    t = h->t->ops[i].start_ns; break;
	case TL_SRC_API:   t = h->t->api[i].start_ns; break;
	case TL_SRC_RANGE: t = h->t->ranges[i].start_ns; break;
	case TL_SRC_MARK:  t = h->t->marks[i].ts_ns; break;
	case TL_SRC_XSPAN: t = h->l->xspans[i].start_ns; break;
	case TL_SRC_GAP:   t = h->n->gaps[i].start_ns; break;
	case TL_SRC_HSYNC: t = h->n->hsyncs[i].start_ns; break;
	}
	return t + h->shift_ns;
}

struct sort_ctx {
	const struct tl_lod *m;
	int p;
};

static int ref_cmp(const void *pa, const void *pb, void *arg)
{
	const struct sort_ctx *c = arg;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	int64_t ta = tl_lod_start(c->m, c->p, a), tb = tl_lod_start(c->m, c->p, b);

	if (ta != tb)
		return ta < tb ? -1 : 1;
	return (a > b) - (a < b);   /* source, then index */
}

/* Sort each lane's refs by start, unless they already are. */
static void sort_lanes(struct tl_lod *m)
{
	for (size_t L = 0; L < m->n_lanes; L++) {
		struct sort_ctx c = { m, m->lane_part[L] };
		uint32_t *r = m->refs + m->lane_first[L];
		size_t n = m->lane_first[L + 1] - m->lane_first[L], k;

		for (k = 1; k < n && ref_cmp(&r[k - 1], &r[k], &c) < 0; k++)
			;
		if (k < n)
			qsort_r(r, n, sizeof *r, ref_cmp, &c);
	}
}

/* Ids of ops and calls, each call's first op, the ops that are sides of a hazard. */
static int link_ids(struct tl_lod *m)
{
	for (size_t L = 0; L < m->n_lanes; L++) {
		int p = m->lane_part[L];
		for (size_t k = m->lane_first[L]; k < m->lane_first[L + 1]; k++) {
			uint32_t r = m->refs[k];
			if (TL_REF_SRC(r) == TL_SRC_OP)
				m->op_id[p][TL_REF_IDX(r)] = (int32_t)k;
			else if (TL_REF_SRC(r) == TL_SRC_API)
				m->api_id[p][TL_REF_IDX(r)] = (int32_t)k;
		}
	}
	for (size_t p = 0; p < m->np; p++) {
		const struct oc_trace *t = m->h[p].t;
		const struct oc_tl_notes *n = m->h[p].n;

		for (size_t i = 0; i < t->n_api; i++)
			m->api_op[p][i] = -1;
		for (size_t i = 0; i < t->n_ops; i++) {
			int32_t a = t->ops[i].api;
			if (a >= 0 && (size_t)a < t->n_api &&
			    (m->api_op[p][a] < 0 || m->op_id[p][i] < m->api_op[p][a]))
				m->api_op[p][a] = m->op_id[p][i];
		}
		if (!n || !n->n_hazards)
			continue;
		if (!(m->hazard_op[p] = calloc(t->n_ops + 1, 1)))
			return -1;
		for (size_t i = 0; i < n->n_hazards; i++) {
			if (n->hazards[i].op_a >= 0 && (size_t)n->hazards[i].op_a < t->n_ops)
				m->hazard_op[p][n->hazards[i].op_a] = 1;
			if (n->hazards[i].op_b >= 0 && (size_t)n->hazards[i].op_b < t->n_ops)
				m->hazard_op[p][n->hazards[i].op_b] = 1;
		}
	}
	return 0;
}

/* Fill the refs lane by lane: count, then place (lanes' offsets over parts).
 * Copy ∩ kernel spans stay out: the page makes them from the ops in view. */
static void place_refs(struct tl_lod *m, size_t *fill)
{
	for (size_t p = 0; p < m->np; p++) {
		struct html *h = &m->h[p];
		for (int src = 0; src < TL_N_SRC; src++)
			for (size_t i = 0; src != TL_SRC_XSPAN && i < h->n_src[src]; i++) {
				long lane = tl_slice_lane(h, src, i);
				if (lane < 0)
					continue;
				lane += h->lane_off;
				if (fill)
					m->refs[fill[lane]++] = TL_REF(src, i);
				else
					m->lane_first[lane + 1]++;
			}
	}
}

int tl_lod_init(struct tl_lod *m, struct html *h, size_t np, char *err, size_t errlen)
{
	size_t *fill = NULL;

	memset(m, 0, sizeof *m);
	m->h = h;
	m->np = np;
	for (size_t p = 0; p < np; p++) {
		m->n_lanes += h[p].l->n_lanes;
		for (int src = 0; src < TL_N_SRC; src++)
			if (h[p].n_src[src] > TL_REF_MAX_IDX) {
				snprintf(err, errlen, "cannot write timeline of '%s': more than %u slices of "
					 "one kind", h[p].t->path, TL_REF_MAX_IDX);
				return -1;
			}
	}
	m->lane_first = calloc(m->n_lanes + 2, sizeof *m->lane_first);
	m->lane_part = calloc(m->n_lanes + 1, sizeof *m->lane_part);
	m->op_id = calloc(np + 1, sizeof *m->op_id);
	m->api_id = calloc(np + 1, sizeof *m->api_id);
	m->api_op = calloc(np + 1, sizeof *m->api_op);
	m->hazard_op = calloc(np + 1, sizeof *m->hazard_op);
	fill = calloc(m->n_lanes + 1, sizeof *fill);
	if (!m->lane_first || !m->lane_part || !m->op_id || !m->api_id || !m->api_op ||
	    !m->hazard_op || !fill)
		goto nomem;
	for (size_t p = 0; p < np; p++) {
		for (size_t L = 0; L < h[p].l->n_lanes; L++)
			m->lane_part[h[p].lane_off + (long)L] = (int)p;
		m->op_id[p] = malloc((h[p].t->n_ops + 1) * sizeof **m->op_id);
		m->api_id[p] = malloc((h[p].t->n_api + 1) * sizeof **m->api_id);
		m->api_op[p] = malloc((h[p].t->n_api + 1) * sizeof **m->api_op);
		if (!m->op_id[p] || !m->api_id[p] || !m->api_op[p])
			goto nomem;
		for (size_t i = 0; i < h[p].t->n_ops; i++)
			m->op_id[p][i] = -1;
		for (size_t i = 0; i < h[p].t->n_api; i++)
			m->api_id[p][i] = -1;
	}
	place_refs(m, NULL);
	for (size_t L = 0; L < m->n_lanes; L++)
		m->lane_first[L + 1] += m->lane_first[L];
	m->n = m->lane_first[m->n_lanes];
	if (m->n > INT32_MAX) {
		snprintf(err, errlen, "cannot write timeline of '%s': %zu slices, more than a page "
			 "holds (%d)", h[0].t->path, m->n, INT32_MAX);
		free(fill);
		return -1;
	}
	if (!(m->refs = malloc((m->n + 1) * sizeof *m->refs)))
		goto nomem;
	memcpy(fill, m->lane_first, m->n_lanes * sizeof *fill);
	place_refs(m, fill);
	free(fill);
	fill = NULL;
	sort_lanes(m);
	if (link_ids(m))
		goto nomem;
	return 0;
nomem:
	free(fill);
	snprintf(err, errlen, "cannot write timeline of '%s': %s", h[0].t->path, strerror(ENOMEM));
	return -1;
}

void tl_lod_release(struct tl_lod *m)
{
	for (size_t p = 0; p < m->np; p++) {
		if (m->op_id)
			free(m->op_id[p]);
		if (m->api_id)
			free(m->api_id[p]);
		if (m->api_op)
			free(m->api_op[p]);
		if (m->hazard_op)
			free(m->hazard_op[p]);
	}
	free(m->op_id);
	free(m->api_id);
	free(m->api_op);
	free(m->hazard_op);
	free(m->refs);
	free(m->lane_first);
	free(m->lane_part);
	memset(m, 0, sizeof *m);
}

/* ---- summary buckets ------------------------------------------------------ */

/* series of the difference arrays: the time columns, then the colours */
#define N_SERIES (TL_SUM_COLS + TL_N_COLOURS)

int tl_sum_init(struct tl_sum *s, size_t n, int64_t t0, int64_t t1, size_t n_causes)
{
	size_t nb = 256;

	memset(s, 0, sizeof *s);
	while (nb < n / 128 && nb < 16384)
		nb *= 2;
	s->nb = nb;
	s->t0 = t0;
	s->bw = (t1 - t0) / (int64_t)nb + 1;
	s->n_causes = n_causes;
	for (int c = 0; c < TL_SUM_COLS; c++)
		if (!(s->col[c] = calloc(nb, sizeof *s->col[c])))
			goto nomem;
	s->by_colour = calloc(nb * TL_N_COLOURS, sizeof *s->by_colour);
	s->diff = calloc((nb + 1) * N_SERIES, sizeof *s->diff);
	s->by_cause = calloc(nb * (n_causes ? n_causes : 1), sizeof *s->by_cause);
	if (!s->by_colour || !s->diff || !s->by_cause)
		goto nomem;
	return 0;
nomem:
	tl_sum_release(s);
	return -1;
}

void tl_sum_release(struct tl_sum *s)
{
	for (int c = 0; c < TL_SUM_COLS; c++)
		free(s->col[c]);
	free(s->by_colour);
	free(s->diff);
	free(s->by_cause);
	memset(s, 0, sizeof *s);
}

static int64_t *cell(struct tl_sum *s, int series, size_t b)
{
	return series < TL_SUM_COLS ? &s->col[series][b] :
	       &s->by_colour[b * TL_N_COLOURS + (size_t)(series - TL_SUM_COLS)];
}

void tl_sum_span(struct tl_sum *s, int col, int64_t a, int64_t b)
{
	int series = col >= 0 ? col : TL_SUM_COLS + (-col - 1);
	int64_t end = s->t0 + (int64_t)s->nb * s->bw;
	size_t ba, bb;

	if (a < s->t0)
		a = s->t0;
	if (b > end)
		b = end;
	if (b <= a)
		return;
	ba = (size_t)((a - s->t0) / s->bw);
	bb = (size_t)((b - 1 - s->t0) / s->bw);
	if (ba == bb) {
		*cell(s, series, ba) += b - a;
		return;
	}
	*cell(s, series, ba) += s->t0 + (int64_t)(ba + 1) * s->bw - a;
	*cell(s, series, bb) += b - (s->t0 + (int64_t)bb * s->bw);
	if (bb > ba + 1) {
		s->diff[(size_t)series * (s->nb + 1) + ba + 1] += s->bw;
		s->diff[(size_t)series * (s->nb + 1) + bb] -= s->bw;
	}
}

void tl_sum_count(struct tl_sum *s, int64_t t, int flagged, int cause)
{
	size_t b = t <= s->t0 ? 0 : (size_t)((t - s->t0) / s->bw);

	if (b >= s->nb)
		b = s->nb - 1;
	s->col[TL_SUM_N][b]++;
	if (flagged)
		s->col[TL_SUM_FLAGGED][b]++;
	if (cause >= 0 && (size_t)cause < s->n_causes)
		s->by_cause[b * s->n_causes + (size_t)cause]++;
}

void tl_sum_finish(struct tl_sum *s)
{
	for (int series = 0; series < N_SERIES; series++) {
		int64_t run = 0;
		for (size_t b = 0; b < s->nb; b++) {
			run += s->diff[(size_t)series * (s->nb + 1) + b];
			*cell(s, series, b) += run;
		}
	}
	for (size_t b = 0; b < s->nb; b++) {
		uint32_t best = 0;
		int64_t most = 0;

		s->col[TL_SUM_CAUSE][b] = 0;
		for (size_t c = 0; c < s->n_causes; c++)
			if (s->by_cause[b * s->n_causes + c] > best) {
				best = s->by_cause[b * s->n_causes + c];
				s->col[TL_SUM_CAUSE][b] = (int64_t)c + 1;
			}
		s->col[TL_SUM_COLOUR][b] = 0;
		for (int c = 0; c < TL_N_COLOURS; c++)
			if (s->by_colour[b * TL_N_COLOURS + (size_t)c] > most) {
				most = s->by_colour[b * TL_N_COLOURS + (size_t)c];
				s->col[TL_SUM_COLOUR][b] = c;
			}
	}
}

/* ---- interval lists ------------------------------------------------------- */

int tl_ivals_add(struct tl_ivals *v, int64_t a, int64_t b)
{
	if (b < a)
		b = a;
	if (v->n && a <= v->b[v->n - 1]) {
		if (b > v->b[v->n - 1])
			v->b[v->n - 1] = b;
		return 0;
	}
	if (v->n == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 1024;
		int64_t *na = realloc(v->a, cap * sizeof *na), *nb;
		if (!na)
			return -1;
		v->a = na;
		if (!(nb = realloc(v->b, cap * sizeof *nb)))
			return -1;
		v->b = nb;
		v->cap = cap;
	}
	v->a[v->n] = a;
	v->b[v->n++] = b;
	return 0;
}

void tl_ivals_free(struct tl_ivals *v)
{
	free(v->a);
	free(v->b);
	memset(v, 0, sizeof *v);
}

/* The next event of source i: the start (end = 0) or end of its interval [a, b). */
struct ev {
	int64_t a, b;
	size_t src;
	int end;
};

static int64_t ev_t(const struct ev *e)
{
	return e->end ? e->b : e->a;
}

static int ev_before(const struct ev *x, const struct ev *y)
{
	if (ev_t(x) != ev_t(y))
		return ev_t(x) < ev_t(y);
	return x->end > y->end;   /* ends first: touching intervals do not overlap */
}

static void heap_down(struct ev *hp, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		if (l < n && ev_before(&hp[l], &hp[m]))
			m = l;
		if (r < n && ev_before(&hp[r], &hp[m]))
			m = r;
		if (m == i)
			return;
		struct ev tmp = hp[i];
		hp[i] = hp[m];
		hp[m] = tmp;
		i = m;
	}
}

int tl_cover(size_t n, tl_next_fn next, void *ctx, struct tl_ivals *u, struct tl_ivals *o)
{
	struct ev *hp = malloc((n + 1) * sizeof *hp);
	size_t nh = 0;
	int count = 0, rc = 0;
	int64_t open_u = 0, open_o = 0;

	u->n = o->n = 0;
	if (!hp)
		return -1;
	for (size_t i = 0; i < n; i++) {
		struct ev e = { 0, 0, i, 0 };
		if (next(ctx, i, &e.a, &e.b))
			hp[nh++] = e;
	}
	for (size_t i = nh; i-- > 0;)
		heap_down(hp, nh, i);
	while (nh && !rc) {
		struct ev *e = &hp[0];
		int64_t t = ev_t(e);

		if (e->end) {
			if (count == 1 && t > open_u)
				rc |= tl_ivals_add(u, open_u, t);
			if (count == 2 && t > open_o)
				rc |= tl_ivals_add(o, open_o, t);
			count--;
			if (!next(ctx, e->src, &e->a, &e->b))
				*e = hp[--nh];
			else
				e->end = 0;
		} else {
			count++;
			if (count == 1)
				open_u = t;
			if (count == 2)
				open_o = t;
			e->end = 1;
		}
		heap_down(hp, nh, 0);
	}
	free(hp);
	return rc;
}

void tl_ivals_meet(struct tl_sum *s, int col, const struct tl_ivals *x, const struct tl_ivals *y)
{
	size_t i = 0, j = 0;

	while (i < x->n && j < y->n) {
		int64_t a = x->a[i] > y->a[j] ? x->a[i] : y->a[j];
		int64_t b = x->b[i] < y->b[j] ? x->b[i] : y->b[j];

		if (b > a)
			tl_sum_span(s, col, a, b);
		if (x->b[i] < y->b[j])
			i++;
		else
			j++;
	}
}
