/*
 * ranges.c: NVTX ranges, built and used, for every source.
 *
 * Range starts and ends are paired by marker id: each start takes the first
 * unused end of its id at or after it, and a start with none stays open
 * (end_ns INT64_MAX). Instant marks are kept as they are, sorted by time.
 *
 * Narrowing compacts the arrays in place (no copy) and remaps every cross
 * index: oc_trace_keep_range() keeps what was queued inside the ranges of a
 * name, oc_trace_keep_device() the ops of one device.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "model.h"

/* ---- pairing ------------------------------------------------------------- */

static int mk_cmp(const void *x, const void *y)
{
	const struct mk *a = x, *b = y;

	if (a->marker_id != b->marker_id)
		return a->marker_id < b->marker_id ? -1 : 1;
	return (a->ts_ns > b->ts_ns) - (a->ts_ns < b->ts_ns);
}

static int range_cmp(const void *x, const void *y)
{
	const struct oc_range *a = x, *b = y;

	if (a->start_ns != b->start_ns)
		return a->start_ns < b->start_ns ? -1 : 1;
	return (a->marker_id > b->marker_id) - (a->marker_id < b->marker_id);
}

static int mark_cmp(const void *x, const void *y)
{
	const struct oc_mark *a = x, *b = y;

	return (a->ts_ns > b->ts_ns) - (a->ts_ns < b->ts_ns);
}

void oc_nvtx_pair(struct oc_trace *t, struct mk *starts, size_t ns, struct mk *ends, size_t ne)
{
	oc_sort(starts, ns, sizeof *starts, mk_cmp);
	oc_sort(ends, ne, sizeof *ends, mk_cmp);
	/* each start takes the first unused end of its id at or after it */
	for (size_t i = 0, j = 0; i < ns; i++) {
		struct mk *s = &starts[i];
		int64_t end = INT64_MAX;

		while (j < ne && ends[j].marker_id < s->marker_id)
			j++;
		for (size_t e = j; e < ne && ends[e].marker_id == s->marker_id; e++)
			if (!ends[e].used && ends[e].ts_ns >= s->ts_ns) {
				ends[e].used = 1;
				end = ends[e].ts_ns;
				break;
			}
		t->ranges[t->n_ranges++] = (struct oc_range){ s->ts_ns, end, s->tid, s->name,
							      s->domain, s->marker_id };
	}
	oc_sort(t->ranges, t->n_ranges, sizeof *t->ranges, range_cmp);
	oc_sort(t->marks, t->n_marks, sizeof *t->marks, mark_cmp);
}

/* ---- filters ------------------------------------------------------------- */

size_t oc_trace_keep_device(struct oc_trace *t, int device_id)
{
	size_t k = 0;

	for (size_t i = 0; i < t->n_ops; i++)
		if ((int64_t)oc_op_device_id(t, &t->ops[i]) == device_id)
			t->ops[k++] = t->ops[i];
	t->n_ops = k;
	return k;
}

/*
 * The matching ranges as disjoint spans: per thread (sorted by tid, then
 * start; overlapping or nested ranges of one thread merged) and for all
 * threads together (tid 0 in a second list). Membership is then a binary
 * search, whatever the nesting or unclosed ranges (end INT64_MAX).
 */
struct span {
	uint32_t tid;
	int64_t start_ns, end_ns;
};

static int span_cmp(const void *x, const void *y)
{
	const struct span *a = x, *b = y;

	if (a->tid != b->tid)
		return a->tid < b->tid ? -1 : 1;
	return (a->start_ns > b->start_ns) - (a->start_ns < b->start_ns);
}

/* Sort and merge in place; returns the new count. */
static size_t span_merge(struct span *v, size_t n)
{
	size_t k = 0;

	oc_sort(v, n, sizeof *v, span_cmp);
	for (size_t i = 0; i < n; i++) {
		if (k && v[k - 1].tid == v[i].tid && v[i].start_ns <= v[k - 1].end_ns) {
			if (v[i].end_ns > v[k - 1].end_ns)
				v[k - 1].end_ns = v[i].end_ns;
			continue;
		}
		v[k++] = v[i];
	}
	return k;
}

/* Is ts inside a span of thread tid (start <= ts < end)? */
static int in_spans(const struct span *v, size_t n, uint32_t tid, int64_t ts)
{
	size_t lo = 0, hi = n;

	/* the last span with (tid, start) <= (tid, ts) */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].tid < tid || (v[mid].tid == tid && v[mid].start_ns <= ts))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 && v[lo - 1].tid == tid && ts < v[lo - 1].end_ns;
}

long oc_trace_keep_range(struct oc_trace *t, const char *name)
{
	struct span *own, *all;
	int32_t *map = NULL;
	size_t n = 0, n_own, n_all, k;

	own = xcalloc(t->n_ranges, sizeof *own);
	all = xcalloc(t->n_ranges, sizeof *all);
	if (!own || !all) {
		free(own);
		free(all);
		return -1;
	}
	for (size_t i = 0; i < t->n_ranges; i++)
		if (!strcmp(oc_trace_str(t, t->ranges[i].name), name)) {
			const struct oc_range *g = &t->ranges[i];

			own[n] = (struct span){ g->tid, g->start_ns, g->end_ns };
			all[n] = (struct span){ 0, g->start_ns, g->end_ns };
			n++;
		}
	n_own = span_merge(own, n);
	n_all = span_merge(all, n);
	map = xcalloc(t->n_api, sizeof *map);
	if (!map) {
		free(own);
		free(all);
		return -1;
	}
	/* api: keep calls that started inside a range on their thread */
	k = 0;
	for (size_t i = 0; i < t->n_api; i++) {
		const struct oc_api *a = &t->api[i];

		if (in_spans(own, n_own, a->tid, a->start_ns)) {
			map[i] = (int32_t)k;
			t->api[k++] = *a;
		} else {
			map[i] = -1;
		}
	}
	size_t old_api = t->n_api;

	t->n_api = k;
	for (size_t i = 0; i < t->n_api; i++)
		if (t->api[i].parent >= 0)
			t->api[i].parent = map[t->api[i].parent];
	/* ops: their call was kept */
	k = 0;
	for (size_t i = 0; i < t->n_ops; i++) {
		struct oc_op o = t->ops[i];

		if (o.api < 0 || (size_t)o.api >= old_api || map[o.api] < 0)
			continue;
		o.api = map[o.api];
		t->ops[k++] = o;
	}
	t->n_ops = k;
	/* syncs: by their call, else by time on any thread */
	k = 0;
	for (size_t i = 0; i < t->n_syncs; i++) {
		struct oc_sync s = t->syncs[i];

		if (s.api >= 0 && (size_t)s.api < old_api) {
			if (map[s.api] < 0)
				continue;
			s.api = map[s.api];
		} else if (!in_spans(all, n_all, 0, s.start_ns)) {
			continue;
		} else {
			s.api = -1;
		}
		t->syncs[k++] = s;
	}
	t->n_syncs = k;
	free(map);
	free(own);
	free(all);
	if (oc_build_corr(t, t->priv))
		return -1;
	return (long)n;
}

const char *oc_trace_range_names(const struct oc_trace *t, char *buf, size_t len)
{
	size_t n = 0;

	if (!len)
		return buf;
	buf[0] = '\0';
	for (size_t i = 0; i < t->n_ranges; i++) {
		int32_t nm = t->ranges[i].name;
		int seen = 0;

		for (size_t k = 0; k < i && !seen; k++)
			seen = t->ranges[k].name == nm;
		if (seen)
			continue;
		const char *s = oc_trace_str(t, nm);
		size_t need = strlen(s) + (n ? 2 : 0);
		if (n + need + 6 >= len) {
			snprintf(buf + n, len - n, "%s...", n ? ", " : "");
			break;
		}
		n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? ", " : "", s);
	}
	return buf;
}
