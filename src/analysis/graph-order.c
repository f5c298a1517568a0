/*
 * graph-order.c: the graph's node events in time order (graph.h), and the
 * edges that would run backwards in it dropped: the build's sort, apart
 * from the build (graph.c) that calls it.
 */
#include <stdlib.h>

#include "overlapcheck/mem.h"
#include "graph.h"
#include "radix.h"

static _Thread_local const struct oc_graph *ev_graph;   /* qsort takes no argument */

/* An event's time and its place among events of that time: ends before
 * starts, device ends before call ends, call starts before device starts, a
 * zero-length node's end after its start. */
static void ev_key(uint32_t ev, int64_t *ts, uint32_t *cls)
{
	const struct oc_gnode *nd = &ev_graph->nodes[ev >> 1];
	int call = nd->kind == OC_GN_CALL;

	if (ev & 1) {
		*ts = nd->end_ns;
		*cls = nd->end_ns == nd->start_ns ? 4u : call ? 1u : 0u;
	} else {
		*ts = nd->start_ns;
		*cls = call ? 2u : 3u;
	}
}

static int cmp_ev(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y, ca, cb;
	int64_t ta, tb;

	ev_key(a, &ta, &ca);
	ev_key(b, &tb, &cb);
	if (ta != tb)
		return (ta > tb) - (ta < tb);
	if (ca != cb)
		return (ca > cb) - (ca < cb);
	return (a > b) - (a < b);
}

/* An event's sort key: (time - lo) << 3 | class. */
static uint64_t ev_sort_key(uint32_t ev, int64_t lo)
{
	int64_t ts;
	uint32_t cls;

	ev_key(ev, &ts, &cls);
	return ((uint64_t)ts - (uint64_t)lo) << 3 | cls;
}

struct ev_pair {
	uint64_t key;
	uint32_t ev;
};

static int cmp_pair(const void *x, const void *y)
{
	const struct ev_pair *a = x, *b = y;

	if (a->key != b->key)
		return (a->key > b->key) - (a->key < b->key);
	return (a->ev > b->ev) - (a->ev < b->ev);
}

/* One bucket's events, ord[0..m) ascending, by key then event. scratch
 * holds m pairs (m below 65 536), keys m keys (the radix sort's, m of
 * 65 536 and more). 0 or -1. */
static int sort_bucket(uint32_t *ord, size_t m, int64_t lo, struct ev_pair *scratch, uint64_t *keys)
{
	if (m < 2)
		return 0;
	if (m >= 65536) {           /* the radix sort's 16-bit digits pay off */
		for (size_t j = 0; j < m; j++)
			keys[j] = ev_sort_key(ord[j], lo);
		return oc_radix_sort(keys, ord, m);
	}
	for (size_t j = 0; j < m; j++)
		scratch[j] = (struct ev_pair){ ev_sort_key(ord[j], lo), ord[j] };
	if (m < 32) {               /* insertion: stable, and the events ascend */
		for (size_t j = 1; j < m; j++) {
			struct ev_pair x = scratch[j];
			size_t k = j;
			for (; k > 0 && scratch[k - 1].key > x.key; k--)
				scratch[k] = scratch[k - 1];
			scratch[k] = x;
		}
	} else {
		qsort(scratch, m, sizeof *scratch, cmp_pair);
	}
	for (size_t j = 0; j < m; j++)
		ord[j] = scratch[j].ev;
	return 0;
}

/*
 * ord[] (the events 0..n-1) into cmp_ev's order, by the key (time - lo) << 3
 * | class (lo the earliest time), ties in the events' own order, as cmp_ev's
 * last test does. Two steps, so that no key array of every event is held
 * beside the nodes (issue 35: the radix sort of all events held 80 MB at 1M
 * ops, the build's peak): the events are dealt into buckets by their key's
 * top bits (about one bucket for every four events, 65 536 to 4 Mi of
 * them), in event order (so each bucket keeps it), then each bucket is
 * sorted on its own, most by insertion. The keys are read off the nodes, which
 * lie in time order by kind, so a bucket's nodes lie close together. 1 when
 * the times span 2^61 ns or more (the key does not fit: the caller sorts
 * with qsort), 0, or -1 out of memory.
 */
static int radix_events(const struct oc_graph *g, uint32_t *ord, size_t n)
{
	int64_t lo = INT64_MAX, hi = INT64_MIN;
	uint32_t *at;
	size_t nb, big = 0, want = 65536;
	int sh = 0, rc = 0;

	for (size_t v = 0; v < g->n_nodes; v++) {
		const struct oc_gnode *nd = &g->nodes[v];
		int64_t a = nd->start_ns < nd->end_ns ? nd->start_ns : nd->end_ns;
		int64_t b = nd->start_ns < nd->end_ns ? nd->end_ns : nd->start_ns;

		lo = a < lo ? a : lo;
		hi = b > hi ? b : hi;
	}
	if (n < 2)
		return 0;
	if ((uint64_t)hi - (uint64_t)lo >= UINT64_C(1) << 61)
		return 1;
	uint64_t top = ((uint64_t)hi - (uint64_t)lo) << 3 | 7;
	while (want < n / 4 && want < (size_t)1 << 22)
		want <<= 1;
	while (top >> sh >= want)
		sh++;
	nb = (size_t)(top >> sh) + 1;
	if (!(at = calloc(nb + 1, sizeof *at)))
		return -1;
	for (size_t i = 0; i < n; i++)
		at[(ev_sort_key((uint32_t)i, lo) >> sh) + 1]++;
	for (size_t b = 0; b < nb; b++) {
		big = at[b + 1] > big ? at[b + 1] : big;
		at[b + 1] += at[b];
	}
	for (size_t i = 0; i < n; i++)         /* at[b]: bucket b's next slot */
		ord[at[ev_sort_key((uint32_t)i, lo) >> sh]++] = (uint32_t)i;
	/* at[b] is now bucket b's end, the next one's start */
	struct ev_pair *scratch = big < 65536 ? malloc((big + 1) * sizeof *scratch) : NULL;
	uint64_t *keys = big >= 65536 ? malloc((big + 1) * sizeof *keys) : NULL;
	if (!scratch && !keys) {
		free(at);
		return -1;
	}
	if (big >= 65536 && !(scratch = malloc(65536 * sizeof *scratch))) {
		free(keys);
		free(at);
		return -1;
	}
	for (size_t b = 0, from = 0; b < nb && rc == 0; from = at[b], b++)
		rc = sort_bucket(&ord[from], at[b] - from, lo, scratch, keys);
	free(scratch);
	free(keys);
	free(at);
	return rc;
}

/* Node events in time order. Before the edges are made: the sort's buffers
 * and the edges are never held together (issue 35: 32 MB of the build's
 * peak at 1M ops); the node times it reads are fixed by then. */
int oc_graph_order_events(struct oc_graph *g)
{
	size_t n = 2 * g->n_nodes;
	int rc;

	g->order = malloc((n + 1) * sizeof *g->order);
	if (!g->order)
		return -1;
	for (size_t i = 0; i < n; i++)
		g->order[i] = (uint32_t)i;
	ev_graph = g;
	rc = radix_events(g, g->order, n);
	if (rc < 0)
		return -1;
	if (rc > 0)
		oc_sort(g->order, n, sizeof *g->order, cmp_ev);
	return 0;
}

/* Edges that would run backwards in the event order dropped (from = -1).
 * The order is cmp_ev's, a total order, so an edge's two events are
 * compared directly: no array of each event's place (issue 35: 16 MB at
 * 1M ops, at the build's peak). */
void oc_graph_drop_backward(struct oc_graph *g)
{
	ev_graph = g;
	for (size_t v = 0; v < g->n_nodes; v++)
		for (uint32_t j = 0; j < oc_gnode_n_edges(&g->nodes[v]); j++) {
			struct oc_gedge *e = &g->edges[g->nodes[v].e_off + j];
			uint32_t a = 2 * (uint32_t)e->from + e->from_end, b = 2 * (uint32_t)v + e->to_end;
			if (e->from >= 0 && cmp_ev(&a, &b) >= 0) {
				if (!e->latent) {
					g->count[e->kind]--;
					g->dropped++;
				}
				e->from = -1;
			}
		}
}
