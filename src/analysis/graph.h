/*
 * graph.h: the dependency graph of the analysed interval (graph.c builds
 * it, path.c walks its critical path). Private to src/analysis/.
 *
 * Nodes are the window's device ops (a graph launch's ops are one node:
 * the trace holds no graph edges, so nothing inside it is ordered) and the
 * host calls that queued them or blocked. Every edge is one the trace
 * proves (path.h, docs/causes.md "The critical path"). An edge runs from a
 * node's start or end to a node's start, or, for the work a call waited
 * for, to the call's end.
 *
 * Each edge has its observed latency (oc_gedge_lat(): the target's time
 * minus the anchor's) and a latency an edit keeps (oc_gedge_min(): 0 for device order
 * and waits, the trace's shortest launch latency of that op kind for a
 * submission, the observed gap for a thread's next call). Of a node's
 * start edges one binds, the last to arrive (the latest anchor; device
 * order first among equals), and of its
 * end edges the one its return followed: replaying the graph with the
 * binding edges at their observed latency and the others at their kept one gives
 * back every observed time, and an edit that removes or shortens an edge
 * moves only what that edge held.
 */
#ifndef OVERLAPCHECK_ANALYSIS_GRAPH_H
#define OVERLAPCHECK_ANALYSIS_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "overlapcheck/path.h"
#include "context.h"

enum { OC_GN_OP = 0, OC_GN_GRAPH, OC_GN_CALL };

/*
 * A node: 32 bytes, as there is one per device op and one per call (issue
 * 35: it was 48). What does not fit is kept beside the graph: a binding
 * edge 65 534 or more edges into its node's list (g->far), and a call's own
 * cost when it is less than its duration (g->own: each call whose end
 * binds and whose held time is shorter, e.g. 0 for a synchronous copy's
 * call or a sync that followed its work). Read them through the accessors
 * below.
 */
#define OC_GBIND_NONE 0xffffu
#define OC_GBIND_FAR  0xfffeu
struct oc_gnode {
	int64_t  start_ns, end_ns;  /* observed */
	int32_t  idx;               /* OC_GN_OP: the op; OC_GN_GRAPH: its first op;
	                               OC_GN_CALL: the call (trace->api), whose tid is
	                               its thread */
	uint32_t e_off;             /* its incoming edges: g->edges[e_off .. next node's e_off);
	                               a sentinel node follows the last */
	uint16_t bs, be;            /* the binding start and end edge, less e_off, or
	                               OC_GBIND_NONE, or OC_GBIND_FAR (in g->far) */
	uint8_t  kind : 2;          /* OC_GN_* */
	uint8_t  cls : 3;           /* oc_gnode_class(): 0 unless an op (OC_GN_OP) */
	uint8_t  blocking : 1;      /* OC_GN_CALL: a sync (explicit or hidden) */
	uint8_t  own_cut : 1;       /* its own cost is not its duration: in g->own */
};
_Static_assert(sizeof(struct oc_gnode) == 32, "a graph node is 32 bytes (issue 35)");

/* An edge: 8 bytes. Its observed latency is not kept but read off its two
 * nodes (oc_gedge_lat()), whose times are fixed before any edge is added. */
struct oc_gedge {
	int32_t  from;
	uint8_t  kind;              /* enum oc_path_edge */
	uint8_t  from_end;          /* anchored at from's end, else at its start */
	uint8_t  to_end;            /* holds the target's end, else its start */
	uint8_t  latent;            /* not proven: an edge an edit may add (bounds.c), off unless
	                               the edit gives it a latency; never binds */
};

/* A node's binding edges where its offsets cannot hold them; a call's own
 * cost where it is not its duration. Both by node, ascending. */
struct oc_gfar { uint32_t node; int32_t bind_start, bind_end; };  /* node first: graph.c */
struct oc_gown { uint32_t node; int64_t own_ns; };

struct oc_graph {
	struct oc_gnode *nodes; size_t n_nodes;  /* and a sentinel at nodes[n_nodes] */
	struct oc_gfar *far; size_t n_far;
	struct oc_gown *own; size_t n_own;
	struct oc_gedge *edges; size_t n_edges;  /* by target node (CSR) */
	uint32_t *order;            /* node events in time order: 2 * node + (1: its end) */
	/* per trace op and per trace call (nested calls: none): its node, or -1.
	 * The edges' readers: freed when the edges are made, before the event
	 * order (issue 35: 8 bytes an op, at the build's and the walk's peaks);
	 * what the bounds need of them is kept below. NULL after the build. */
	int32_t  *op_node;
	int32_t  *api_node;
	int32_t  *block_call;       /* per analysis block: a hidden block's top call's node, else -1 */
	size_t   n_legacy_syncs;    /* default-stream syncs whose op is a node */
	int64_t  start_ns, end_ns;  /* the interval: the device nodes' span */
	size_t   count[OC_N_PATH_EDGES];  /* proven edges by kind (latent ones not counted) */
	int64_t  submit_min[3];     /* the shortest launch latency nothing else held: kernels and
	                               graph launches, copies, memsets */
	size_t   dropped;
};

/* The first of n entries of size bytes at base whose leading node index
 * (the first member of struct oc_gfar, struct oc_gown, the build's held
 * list and an edit's durations: a node's index, never negative) is v or
 * more. */
static inline size_t oc_node_lower_bound(const void *base, size_t n, size_t size, uint32_t v)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (*(const uint32_t *)(const void *)((const char *)base + mid * size) < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Edge e's observed latency: its target's time (start, or end for an end
 * edge) minus its anchor, >= 0 (an anchor later within the clock skew reads
 * 0). to is e's target node; e->from must be a node (>= 0). */
static inline int64_t oc_gedge_lat(const struct oc_graph *g, const struct oc_gnode *to,
				   const struct oc_gedge *e)
{
	const struct oc_gnode *f = &g->nodes[e->from];
	int64_t a = e->from_end ? f->end_ns : f->start_ns, x = e->to_end ? to->end_ns : to->start_ns;

	return x > a ? x - a : 0;
}

/* Node n's incoming edges: g->edges[n->e_off .. n->e_off + oc_gnode_n_edges(n)). */
static inline uint32_t oc_gnode_n_edges(const struct oc_gnode *n)
{
	return n[1].e_off - n->e_off;
}

const struct oc_gfar *oc_gnode_far(const struct oc_graph *g, const struct oc_gnode *n);

/* The index into g->edges of node n's binding start edge, or -1. */
static inline int32_t oc_gnode_bind_start(const struct oc_graph *g, const struct oc_gnode *n)
{
	return n->bs == OC_GBIND_NONE ? -1 : n->bs == OC_GBIND_FAR ? oc_gnode_far(g, n)->bind_start :
		(int32_t)(n->e_off + n->bs);
}

/* ... of its binding end edge, or -1. */
static inline int32_t oc_gnode_bind_end(const struct oc_graph *g, const struct oc_gnode *n)
{
	return n->be == OC_GBIND_NONE ? -1 : n->be == OC_GBIND_FAR ? oc_gnode_far(g, n)->bind_end :
		(int32_t)(n->e_off + n->be);
}

/* The time node n takes when no end edge holds it: its duration, or a
 * blocking call's own cost. */
int64_t oc_gnode_own_cut(const struct oc_graph *g, const struct oc_gnode *n);
static inline int64_t oc_gnode_own(const struct oc_graph *g, const struct oc_gnode *n)
{
	return n->own_cut ? oc_gnode_own_cut(g, n) : n->end_ns - n->start_ns;
}

/* Its class for the copies-on-their-own-streams edit: 0 compute (a kernel, a
 * graph launch, a call), 1 HtoD, 2 DtoH, 3 other copies, 4 memsets. Set
 * when the node is made (oc_op_class()) and read from the node: reading the
 * op's kind through the trace was the graph build's costliest load, one
 * cache miss a node in stream order (issue 35). */
#define OC_GCLASSES 5
int oc_op_class(const struct oc_op *op);
static inline int oc_gnode_class(const struct oc_gnode *n)
{
	return n->cls;
}
/* A copy or memset node (else compute: a kernel, a graph launch, a call). */
static inline int oc_gnode_is_copy(const struct oc_gnode *n)
{
	return n->cls != 0;
}

/* The latency edge e into node `to` keeps when it does not bind (graph.h's
 * head): 0 for device order and waits, the observed gap for a host edge, the
 * trace's shortest free launch latency of the op's kind for a submission
 * (capped at the edge's own). */
int64_t oc_gedge_min(const struct oc_graph *g, const struct oc_gnode *to, const struct oc_gedge *e);

/* The call node that queued device node v (its submit edge's source), or -1. */
int32_t oc_gnode_call(const struct oc_graph *g, int32_t v);
/* The top-level call of call a: a driver call's runtime parent. */
int32_t oc_top_call(const struct oc_trace *t, int32_t a);
/* Bounds (bounds.c): after the path. 0, or -1 out of memory. */
int oc_find_bounds(const struct oc_actx *c, const struct oc_graph *g);

/* The node events 2 * node + (1: its end) in time order into g->order
 * (graph-order.c; the nodes made, their times final). 0, or -1 out of memory. */
int oc_graph_order_events(struct oc_graph *g);
/* Edges that would run backwards in g->order dropped (from = -1) and counted. */
void oc_graph_drop_backward(struct oc_graph *g);

/*
 * Build the graph of c's window (after blocks, default syncs and claims).
 * The edges read no API call once each device node's call node is known,
 * and the event order and the binding read no op: when calls (ops) is not
 * NULL, the trace's calls (ops) are parked in it (spill.h) from then on,
 * and stay out after the build, also after a failure: the caller reads
 * them back. 0, or -1 out of memory.
 */
struct oc_park;
int oc_graph_build(struct oc_actx *c, struct oc_graph *g, struct oc_park *ops, struct oc_park *calls);
void oc_graph_release(struct oc_graph *g);

/*
 * What an edit makes of an edge's latency (struct oc_gedit's lat[edge]):
 * one byte an edge, not the latency itself, as every value a fix gives is
 * one of these (issue 35: the bounds held 8 bytes an edge, 32 MB at 1M ops).
 */
enum oc_glat {
	OC_GLAT_OWN = 0,    /* its own rule (graph.h's head): observed if it binds, else kept */
	OC_GLAT_GONE,       /* removed */
	OC_GLAT_ZERO,       /* 0 */
	OC_GLAT_GAP,        /* ed->gap, whether it binds or not */
	OC_GLAT_HOST,       /* ed->host */
	OC_GLAT_KEPT,       /* the latency it keeps (oc_gedge_min()), whether it binds or not */
	OC_GLAT_KEPT_GRAPH, /* the lesser of that and ed->graph (when ed->graph >= 0) */
};

/*
 * What an edit makes of a node's own time (struct oc_gedit's own[node]):
 * one byte a node, as a fix gives its calls one value at a time and only
 * pinning gives device nodes durations of their own, listed beside (issue
 * 35: the bounds held 8 bytes a node, 160 MB at 10M ops).
 */
enum oc_gedit_own {
	OC_GOWN_KEEP = 0,   /* its duration, or a blocking call's own cost (oc_gnode_own()) */
	OC_GOWN_ZERO,       /* a call: 0 */
	OC_GOWN_VALUE,      /* a call: ed->own_ns */
	OC_GOWN_DUR,        /* a device node: its entry in ed->dur_node and ed->dur_ns */
};

/*
 * An edit of the graph for oc_graph_replay(): NULL members change nothing.
 * own[node]: an enum oc_gedit_own, with the value own_ns that one of them takes
 * and the durations that another reads: dur_ns[k] of node dur_node[k], k <
 * n_dur, by node (two arrays: 12 bytes an entry, no padding); lat[edge]: an enum
 * oc_glat, with the values gap, host and graph that three of them take.
 */
struct oc_gedit {
	const uint8_t *own;
	const uint32_t *dur_node; const int64_t *dur_ns; size_t n_dur;
	const uint8_t *lat;
	int64_t own_ns, gap, host, graph;
};

/*
 * Replay the graph under edit ed (NULL: none): each event at the latest of
 * its edges' anchors plus their latencies (a node with no start edge at its
 * observed start), into t[2 * node + (0 start, 1 end)] (2 * n_nodes).
 * Returns the device nodes' span: last end - first start.
 */
int64_t oc_graph_replay(const struct oc_graph *g, const struct oc_gedit *ed, int64_t *t);

#endif
