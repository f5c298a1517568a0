/*
 * graph-replay.c: the window's graph replayed in its event order under an
 * edit (graph.h: oc_graph_replay), what the bounds (bounds.c) read; apart
 * from the build (graph.c), whose graph it only reads.
 */
#include <stdint.h>
#include <stdlib.h>

#include "graph.h"

/* Edge e into node n under edit ed; bs and be: n's binding edges. */
static int64_t edge_lat(const struct oc_graph *g, const struct oc_gnode *n, uint32_t e,
			const struct oc_gedit *ed, int32_t bs, int32_t be)
{
	if (ed && ed->lat && ed->lat[e] != OC_GLAT_OWN) {
		int64_t m;
		switch (ed->lat[e]) {
		case OC_GLAT_GONE: return INT64_MIN;
		case OC_GLAT_ZERO: return 0;
		case OC_GLAT_GAP: return ed->gap;
		case OC_GLAT_HOST: return ed->host;
		case OC_GLAT_KEPT: return oc_gedge_min(g, n, &g->edges[e]);
		default:
			m = oc_gedge_min(g, n, &g->edges[e]);
			return ed->graph >= 0 && ed->graph < m ? ed->graph : m;
		}
	}
	if (g->edges[e].latent)
		return INT64_MIN;
	return (int32_t)e == bs || (int32_t)e == be ? oc_gedge_lat(g, n, &g->edges[e]) :
		oc_gedge_min(g, n, &g->edges[e]);
}

/* Node n's own time under edit ed, whose code for it (v) is not
 * OC_GOWN_KEEP; a duration the edit does not list keeps the node's own. */
static int64_t edited_own(const struct oc_graph *g, const struct oc_gnode *n, const struct oc_gedit *ed,
			  uint32_t v)
{
	switch (ed->own[v]) {
	case OC_GOWN_ZERO: return 0;
	case OC_GOWN_VALUE: return ed->own_ns;
	default: {
		size_t k = oc_node_lower_bound(ed->dur_node, ed->n_dur, sizeof *ed->dur_node, v);
		return k < ed->n_dur && ed->dur_node[k] == v ? ed->dur_ns[k] : oc_gnode_own(g, n);
	}
	}
}

int64_t oc_graph_replay(const struct oc_graph *g, const struct oc_gedit *ed, int64_t *t)
{
	int64_t lo = INT64_MAX, hi = INT64_MIN;

	for (size_t i = 0; i < 2 * g->n_nodes; i++) {
		uint32_t v = g->order[i] >> 1, at_end = g->order[i] & 1;
		const struct oc_gnode *n = &g->nodes[v];
		int64_t x = INT64_MIN;
		int had = 0;
		int32_t bs = oc_gnode_bind_start(g, n), be = oc_gnode_bind_end(g, n);
		if (at_end) {
			int64_t d = ed && ed->own && ed->own[v] != OC_GOWN_KEEP ? edited_own(g, n, ed, v) :
				oc_gnode_own(g, n);
			x = t[2 * v] + d;
		}
		for (uint32_t j = 0, ne = oc_gnode_n_edges(n); j < ne; j++) {
			uint32_t e = n->e_off + j;
			const struct oc_gedge *ge = &g->edges[e];
			if (ge->from < 0 || ge->to_end != at_end)
				continue;
			had |= !ge->latent;
			int64_t l = edge_lat(g, n, e, ed, bs, be);
			if (l == INT64_MIN)
				continue;
			int64_t a = t[2 * (uint32_t)ge->from + ge->from_end] + l;
			if (a > x)
				x = a;
		}
		if (!at_end && x == INT64_MIN)   /* a root keeps its start; one whose edges were all */
			x = had ? g->start_ns : n->start_ns;   /* removed waits for nothing the trace shows */
		t[2 * v + at_end] = x;
		if (n->kind != OC_GN_CALL) {
			if (!at_end && x < lo)
				lo = x;
			if (at_end && x > hi)
				hi = x;
		}
	}
	return hi >= lo ? hi - lo : 0;
}
