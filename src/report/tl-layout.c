/*
 * tl-layout.c: what the two timeline outputs share.
 *
 * The layout decides which lanes exist and which lane (and row inside it)
 * each slice goes to, once, so that the Chrome export and the HTML page show
 * the same picture. It also computes, per device, the intervals where copy
 * time intersected kernel time: the union of copies intersected with the
 * union of kernels, so that two copies under one kernel count once and
 * touching intervals count not at all.
 *
 * Everything here is linear in the trace, plus one sort of the ops' stream
 * keys and one of the thread ids.
 *
 * Both outputs write strings with json.c's escaping, which is safe inside an
 * HTML <script> element as well.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "overlapcheck/demangle.h"
#include "overlapcheck/export.h"
#include "overlapcheck/json.h"

/* ---- JSON ------------------------------------------------------------- */

void oc_tl_json_str(FILE *f, const char *s)
{
	oc_json_write_string(f, s ? s : "");
}

void oc_tl_json_us(FILE *f, int64_t ns)
{
	uint64_t m = ns < 0 ? (uint64_t)0 - (uint64_t)ns : (uint64_t)ns;

	fprintf(f, "%s%" PRIu64 ".%03u", ns < 0 ? "-" : "", m / 1000, (unsigned)(m % 1000));
}

/* ---- names ------------------------------------------------------------ */

const char *oc_tl_op_name(const struct oc_trace *t, const struct oc_op *op, char *buf, size_t len)
{
	switch (op->kind) {
	case OC_OP_KERNEL:
		return oc_demangle(oc_trace_str(t, oc_op_shape(t, op)->name), buf, len);
	case OC_OP_MEMCPY:
		snprintf(buf, len, "memcpy %s", oc_copy_kind_name(op->copy_kind));
		return buf;
	case OC_OP_MEMCPY_PEER:
		snprintf(buf, len, "memcpy %s (peer)", oc_copy_kind_name(op->copy_kind));
		return buf;
	case OC_OP_MEMSET:
		return "memset";
	}
	snprintf(buf, len, "op kind %u", (unsigned)op->kind);
	return buf;
}

/* ---- layout ----------------------------------------------------------- */

struct skey {                    /* a stream as the ops name it */
	uint32_t device_id, context_id, stream_id;
	int32_t  stream;         /* index into trace->streams, or -1 */
	int      legacy;         /* 1 for the legacy default stream: drawn first */
};

static int skey_cmp(const void *pa, const void *pb)
{
	const struct skey *a = pa, *b = pb;

	if (a->device_id != b->device_id)
		return a->device_id < b->device_id ? -1 : 1;
	if (a->legacy != b->legacy)
		return a->legacy > b->legacy ? -1 : 1;
	if (a->context_id != b->context_id)
		return a->context_id < b->context_id ? -1 : 1;
	if (a->stream_id != b->stream_id)
		return a->stream_id < b->stream_id ? -1 : 1;
	return 0;
}

static int u32_cmp(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;

	return a < b ? -1 : a > b;
}

static struct skey op_key(const struct oc_trace *t, const struct oc_op *op)
{
	struct skey k = { 0, 0, 0, -1, 0 };

	if (op->stream >= 0 && (size_t)op->stream < t->n_streams) {
		const struct oc_stream *s = &t->streams[op->stream];

		k = (struct skey){ s->device_id, s->context_id, s->stream_id, op->stream,
				   s->kind == OC_STREAM_LEGACY_DEFAULT };
	}
	return k;
}

/* Index of key in the sorted unique array, or -1. */
static long skey_find(const struct skey *keys, size_t n, const struct skey *k)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = skey_cmp(&keys[mid], k);
		if (!c)
			return (long)mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

static long u32_find(const uint32_t *v, size_t n, uint32_t x)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid] == x)
			return (long)mid;
		if (v[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

struct span_vec {
	struct oc_tl_span *v;
	size_t n, cap;
};

static int span_push(struct span_vec *sv, int64_t s, int64_t e, uint32_t dev)
{
	if (sv->n == sv->cap) {
		struct oc_tl_span *v = oc_grow(sv->v, &sv->cap, sizeof *v, 64);
		if (!v)
			return -1;
		sv->v = v;
	}
	sv->v[sv->n++] = (struct oc_tl_span){ s, e, dev };
	return 0;
}

/*
 * Union of the ops of device dev whose kind matches want (a copy or a
 * kernel), in time order: ops are sorted by start, so one pass merges them.
 * Touching intervals merge too; they are one busy period.
 */
static int op_union(const struct oc_trace *t, uint32_t dev, int copies, struct span_vec *out)
{
	int64_t s = 0, e = 0;
	int open = 0;

	out->n = 0;
	for (size_t i = 0; i < t->n_ops; i++) {
		const struct oc_op *op = &t->ops[i];
		int is_copy = op->kind == OC_OP_MEMCPY || op->kind == OC_OP_MEMCPY_PEER;

		if (oc_op_device_id(t, op) != dev || op->end_ns <= op->start_ns)
			continue;
		if (copies ? !is_copy : op->kind != OC_OP_KERNEL)
			continue;
		if (open && op->start_ns <= e) {
			if (op->end_ns > e)
				e = op->end_ns;
			continue;
		}
		if (open && span_push(out, s, e, dev))
			return -1;
		s = op->start_ns;
		e = op->end_ns;
		open = 1;
	}
	if (open && span_push(out, s, e, dev))
		return -1;
	return 0;
}

/* Append a ∩ b (both sorted, disjoint) to out; empty intersections are skipped. */
static int span_intersect(const struct span_vec *a, const struct span_vec *b, struct span_vec *out)
{
	size_t i = 0, j = 0;

	while (i < a->n && j < b->n) {
		int64_t s = a->v[i].start_ns > b->v[j].start_ns ? a->v[i].start_ns : b->v[j].start_ns;
		int64_t e = a->v[i].end_ns < b->v[j].end_ns ? a->v[i].end_ns : b->v[j].end_ns;

		if (s < e && span_push(out, s, e, a->v[i].device_id))
			return -1;
		if (a->v[i].end_ns < b->v[j].end_ns)
			i++;
		else
			j++;
	}
	return 0;
}

/*
 * Row for a slice [start, end) in a lane whose rows end at lv[0..OC_TL_MAX_ROWS):
 * the first row free by start, so nested slices stack and crossing ones never
 * share a row; the last row takes the overflow. Slices must come by start.
 */
static int take_row(int64_t *lv, int64_t start, int64_t end)
{
	int d = 0;

	while (d < OC_TL_MAX_ROWS - 1 && lv[d] > start)
		d++;
	if (end > lv[d])
		lv[d] = end;
	return d;
}

/* What oc_tl_layout_init() works with while it lays out; freed at its end. */
struct lay {
	struct skey *keys;              /* streams that ran work, sorted, unique */
	uint32_t *devs, *tids;          /* their devices; CPU threads, sorted, unique */
	size_t n_keys, n_devs, n_tids;
	int32_t *key_lane, *dev_lane;   /* lane of each stream, device */
	int32_t *thread_lane, *nvtx_lane;       /* of each thread; nvtx -1: none */
	int64_t *level_end;             /* rows' ends, OC_TL_MAX_ROWS per stream then thread */
};

static void lay_free(struct lay *y)
{
	free(y->level_end);
	free(y->keys);
	free(y->devs);
	free(y->tids);
	free(y->key_lane);
	free(y->dev_lane);
	free(y->thread_lane);
	free(y->nvtx_lane);
}

/* Streams that ran work, and the devices they belong to. 0 or -1. */
static int lay_streams(struct lay *y, const struct oc_trace *t)
{
	y->keys = malloc((t->n_ops ? t->n_ops : 1) * sizeof *y->keys);
	if (!y->keys)
		return -1;
	for (size_t i = 0; i < t->n_ops; i++)
		y->keys[i] = op_key(t, &t->ops[i]);
	oc_sort(y->keys, t->n_ops, sizeof *y->keys, skey_cmp);
	for (size_t i = 0; i < t->n_ops; i++)
		if (!y->n_keys || skey_cmp(&y->keys[y->n_keys - 1], &y->keys[i]))
			y->keys[y->n_keys++] = y->keys[i];
	y->devs = malloc((y->n_keys ? y->n_keys : 1) * sizeof *y->devs);
	if (!y->devs)
		return -1;
	for (size_t i = 0; i < y->n_keys; i++)
		if (!y->n_devs || y->devs[y->n_devs - 1] != y->keys[i].device_id)
			y->devs[y->n_devs++] = y->keys[i].device_id;
	return 0;
}

/* CPU threads: API calls, NVTX ranges and marks, hidden syncs' calls. 0 or -1. */
static int lay_threads(struct lay *y, const struct oc_trace *t)
{
	size_t cap_tids = t->n_api + t->n_ranges + t->n_marks, n_tids = 0;
	uint32_t *tids = malloc((cap_tids ? cap_tids : 1) * sizeof *tids);

	if (!tids)
		return -1;
	y->tids = tids;
	for (size_t i = 0; i < t->n_api; i++)
		tids[n_tids++] = t->api[i].tid;
	for (size_t i = 0; i < t->n_ranges; i++)
		tids[n_tids++] = t->ranges[i].tid;
	for (size_t i = 0; i < t->n_marks; i++)
		tids[n_tids++] = t->marks[i].tid;
	oc_sort(tids, n_tids, sizeof *tids, u32_cmp);
	{
		size_t u = 0;
		for (size_t i = 0; i < n_tids; i++)
			if (!u || tids[u - 1] != tids[i])
				tids[u++] = tids[i];
		n_tids = u;
	}
	y->n_tids = n_tids;
	return 0;
}

/* Lanes, in display order. At most one per stream, device, thread and NVTX track. 0 or -1. */
static int lay_lanes(struct lay *y, struct oc_tl_layout *l, const struct oc_trace *t)
{
	size_t n_keys = y->n_keys, n_devs = y->n_devs, n_tids = y->n_tids, nl = 0;

	l->lanes = calloc(n_keys + n_devs + 2 * n_tids + 1, sizeof *l->lanes);
	y->key_lane = malloc((n_keys + 1) * sizeof *y->key_lane);
	y->dev_lane = malloc((n_devs + 1) * sizeof *y->dev_lane);
	y->thread_lane = malloc((n_tids + 1) * sizeof *y->thread_lane);
	y->nvtx_lane = malloc((n_tids + 1) * sizeof *y->nvtx_lane);
	if (!l->lanes || !y->key_lane || !y->dev_lane || !y->thread_lane || !y->nvtx_lane)
		return -1;
	for (size_t d = 0, k = 0; d < n_devs; d++) {
		y->dev_lane[d] = (int32_t)nl;
		l->lanes[nl++] = (struct oc_tl_lane){ .kind = OC_LANE_DEVICE, .device_id = y->devs[d],
						      .stream = -1, .depth = 1 };
		for (; k < n_keys && y->keys[k].device_id == y->devs[d]; k++) {
			y->key_lane[k] = (int32_t)nl;
			l->lanes[nl++] = (struct oc_tl_lane){ .kind = OC_LANE_STREAM,
							      .device_id = y->devs[d],
							      .stream = y->keys[k].stream, .depth = 1 };
		}
	}
	/* -1: the thread has no NVTX lane */
	memset(y->nvtx_lane, 0xff, (n_tids + 1) * sizeof *y->nvtx_lane);
	{
		uint8_t *has = calloc(n_tids + 1, 1);
		if (!has)
			return -1;
		for (size_t i = 0; i < t->n_ranges; i++)
			has[u32_find(y->tids, n_tids, t->ranges[i].tid)] = 1;
		for (size_t i = 0; i < t->n_marks; i++)
			has[u32_find(y->tids, n_tids, t->marks[i].tid)] = 1;
		for (size_t i = 0; i < n_tids; i++) {
			y->thread_lane[i] = (int32_t)nl;
			l->lanes[nl++] = (struct oc_tl_lane){ .kind = OC_LANE_THREAD, .tid = y->tids[i],
							      .stream = -1, .depth = 1 };
			if (has[i]) {
				y->nvtx_lane[i] = (int32_t)nl;
				l->lanes[nl++] = (struct oc_tl_lane){ .kind = OC_LANE_NVTX,
								      .tid = y->tids[i],
								      .stream = -1, .depth = 1 };
			}
		}
		free(has);
	}
	l->n_lanes = nl;
	return 0;
}

/*
 * Slices to lanes: ops to their stream's lane and row, API calls and NVTX
 * marks to their thread's lanes, and the span of everything (first_ns,
 * last_ns, range_end_ns). 0 or -1.
 */
static int lay_slices(struct lay *y, struct oc_tl_layout *l, const struct oc_trace *t)
{
	size_t n_keys = y->n_keys, n_tids = y->n_tids;

	l->op_lane = malloc((t->n_ops + 1) * sizeof *l->op_lane);
	l->op_row = malloc(t->n_ops + 1);
	l->api_lane = malloc((t->n_api + 1) * sizeof *l->api_lane);
	l->api_depth = malloc(t->n_api + 1);
	l->range_lane = malloc((t->n_ranges + 1) * sizeof *l->range_lane);
	l->range_depth = malloc(t->n_ranges + 1);
	l->mark_lane = malloc((t->n_marks + 1) * sizeof *l->mark_lane);
	if (!l->op_lane || !l->op_row || !l->api_lane || !l->api_depth || !l->range_lane || !l->range_depth ||
	    !l->mark_lane)
		return -1;

	l->first_ns = INT64_MAX;
	l->last_ns = INT64_MIN;
#define BOUND(s, e) do { \
		if ((s) < l->first_ns) l->first_ns = (s); \
		if ((e) > l->last_ns) l->last_ns = (e); \
	} while (0)

	/*
	 * Ops of one stream run in order, but graph nodes reported under one
	 * stream can run side by side: those take extra rows, so that no two
	 * slices of a row (a Perfetto track) overlap.
	 */
	y->level_end = malloc((n_keys + n_tids + 1) * OC_TL_MAX_ROWS * sizeof *y->level_end);
	if (!y->level_end)
		return -1;
	for (size_t i = 0; i < (n_keys + n_tids + 1) * OC_TL_MAX_ROWS; i++)
		y->level_end[i] = INT64_MIN;
	for (size_t i = 0; i < t->n_ops; i++) {
		struct skey k = op_key(t, &t->ops[i]);
		long ki = skey_find(y->keys, n_keys, &k);
		struct oc_tl_lane *ln = &l->lanes[y->key_lane[ki]];
		int row = take_row(&y->level_end[(size_t)ki * OC_TL_MAX_ROWS], t->ops[i].start_ns,
				   t->ops[i].end_ns);

		l->op_lane[i] = y->key_lane[ki];
		l->op_row[i] = (uint8_t)row;
		if (row + 1 > ln->depth)
			ln->depth = row + 1;
		ln->n_items++;
		BOUND(t->ops[i].start_ns, t->ops[i].end_ns);
	}
	for (size_t i = 0; i < t->n_api; i++) {
		long ti = u32_find(y->tids, n_tids, t->api[i].tid);
		struct oc_tl_lane *ln = &l->lanes[y->thread_lane[ti]];
		l->api_lane[i] = y->thread_lane[ti];
		l->api_depth[i] = t->api[i].parent >= 0;
		if (l->api_depth[i])
			ln->depth = 2;
		ln->n_items++;
		BOUND(t->api[i].start_ns, t->api[i].end_ns);
	}
	for (size_t i = 0; i < t->n_marks; i++) {
		long ti = u32_find(y->tids, n_tids, t->marks[i].tid);
		l->mark_lane[i] = y->nvtx_lane[ti];
		l->lanes[y->nvtx_lane[ti]].n_items++;
		BOUND(t->marks[i].ts_ns, t->marks[i].ts_ns);
	}
	for (size_t i = 0; i < t->n_ranges; i++) {
		BOUND(t->ranges[i].start_ns, t->ranges[i].start_ns);
		if (t->ranges[i].end_ns != INT64_MAX)
			BOUND(t->ranges[i].end_ns, t->ranges[i].end_ns);
	}
	if (l->first_ns > l->last_ns)
		l->first_ns = l->last_ns = 0;
	l->range_end_ns = l->last_ns;
#undef BOUND
	return 0;
}

/* NVTX rows: nested ranges stack, crossing ones (start/end ranges) never share a row. */
static void lay_nvtx_rows(struct lay *y, struct oc_tl_layout *l, const struct oc_trace *t)
{
	for (size_t i = 0; i < t->n_ranges; i++) {
		const struct oc_range *r = &t->ranges[i];
		long ti = u32_find(y->tids, y->n_tids, r->tid);
		int64_t *lv = &y->level_end[(y->n_keys + (size_t)ti) * OC_TL_MAX_ROWS];
		int64_t end = r->end_ns == INT64_MAX ? l->range_end_ns : r->end_ns;
		int d = take_row(lv, r->start_ns, end);

		l->range_lane[i] = y->nvtx_lane[ti];
		l->range_depth[i] = (uint8_t)d;
		if (d + 1 > l->lanes[y->nvtx_lane[ti]].depth)
			l->lanes[y->nvtx_lane[ti]].depth = d + 1;
		l->lanes[y->nvtx_lane[ti]].n_items++;
	}
}

/* Copy ∩ kernel, per device, into l->xspans. 0 or -1. */
static int lay_xspans(const struct lay *y, struct oc_tl_layout *l, const struct oc_trace *t)
{
	struct span_vec cu = { 0 }, ku = { 0 }, xs = { 0 };
	int rc = -1;

	for (size_t d = 0; d < y->n_devs; d++) {
		size_t before = xs.n;
		if (op_union(t, y->devs[d], 1, &cu) || op_union(t, y->devs[d], 0, &ku) ||
		    span_intersect(&cu, &ku, &xs))
			goto out;
		l->lanes[y->dev_lane[d]].n_items += xs.n - before;
	}
	l->xspans = xs.v;
	l->n_xspans = xs.n;
	xs.v = NULL;
	rc = 0;
out:
	free(cu.v);
	free(ku.v);
	free(xs.v);
	return rc;
}

int oc_tl_layout_init(struct oc_tl_layout *l, const struct oc_trace *t, char *err, size_t errlen)
{
	struct lay y = { 0 };
	int rc = -1;

	memset(l, 0, sizeof *l);
	if (!lay_streams(&y, t) && !lay_threads(&y, t) && !lay_lanes(&y, l, t) &&
	    !lay_slices(&y, l, t)) {
		lay_nvtx_rows(&y, l, t);
		rc = lay_xspans(&y, l, t);
	}
	lay_free(&y);
	if (rc) {       /* every failure above is an allocation */
		snprintf(err, errlen, "cannot lay out timeline of '%s': %s",
			 t->path ? t->path : "trace", strerror(ENOMEM));
		oc_tl_layout_release(l);
	}
	return rc;
}

void oc_tl_layout_release(struct oc_tl_layout *l)
{
	free(l->lanes);
	free(l->op_lane);
	free(l->op_row);
	free(l->api_lane);
	free(l->api_depth);
	free(l->range_lane);
	free(l->range_depth);
	free(l->mark_lane);
	free(l->xspans);
	memset(l, 0, sizeof *l);
}

long oc_tl_lane_of(const struct oc_tl_layout *l, enum oc_tl_lane_kind kind, uint32_t id)
{
	for (size_t j = 0; j < l->n_lanes; j++)
		if (l->lanes[j].kind == kind &&
		    (kind == OC_LANE_DEVICE ? l->lanes[j].device_id : l->lanes[j].tid) == id)
			return (long)j;
	return -1;
}
