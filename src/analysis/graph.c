/*
 * graph.c: the dependency graph of the window (graph.h), and its replay
 * under an edit.
 *
 * The build runs in passes: the device nodes (the window's ops, a graph
 * launch's ops folded into one), the call nodes (the top-level calls that
 * queued one of them or blocked), the node events put in time order
 * (graph-order.c), then every proven edge, each checked against the clock
 * (its anchor no later than its target, within the clock skew, else dropped
 * and counted), gathered by target, those that would run backwards in the
 * event order dropped, and the binding edges chosen.
 */
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "graph.h"
#include "spill.h"
#include "heap.h"

struct build {
	struct oc_actx *c;
	struct oc_graph *g;
	int32_t *api_node;          /* per trace call: its node, or -1 (the graph's) */
	int32_t *graph_of;          /* per trace call: the device node of its graph launch, or -1 */
	/* the call nodes of hidden syncs, by node (a node's last block counts):
	 * usual, a blocking call's own cost when held; allow, how long after its
	 * work it may return and still have followed it, its usual range (rules
	 * c, d). Every other node has 0 for both. A list, not two arrays of a
	 * slot per node: they were 16 bytes a node of report's peak (issue 35). */
	struct held { int32_t node; uint32_t seq; int64_t usual, allow; } *held;
	size_t   n_held, cap_held;
	int      pass;              /* 0: count each node's incoming edges; 1: write them */
	int32_t *calls;             /* the call nodes by (thread, start) */
	size_t   n_calls;
	uint32_t *t_first;          /* per thread (c->tids): its first call node in calls */
	/* What the edges need of the trace's calls, taken before they are
	 * parked (oc_graph_build): per device node (the first first_call
	 * nodes), the node of the call that queued it, or -1; per analysis
	 * block, the node of its top call, or -1 */
	int32_t *sub, *block_node;
	size_t   first_call;
	size_t   cap_far, cap_own;
};

static int add_node(struct build *b, uint8_t kind, int32_t idx, int64_t s, int64_t e)
{
	struct oc_graph *g = b->g;
	struct oc_gnode *n = &g->nodes[g->n_nodes];

	memset(n, 0, sizeof *n);
	n->kind = kind;
	n->idx = idx;
	n->start_ns = s;
	n->end_ns = e;
	n->bs = n->be = OC_GBIND_NONE;
	return (int)g->n_nodes++;
}

static int64_t anchor_of(const struct oc_gnode *n, int from_end)
{
	return from_end ? n->end_ns : n->start_ns;
}

/* Edge from -> to, kept when the clock agrees. 0, or -1 out of memory. */
static int add_edge_l(struct build *b, int32_t from, int32_t to, uint8_t kind, int from_end, int to_end,
		      int latent)
{
	struct oc_graph *g = b->g;

	if (from < 0 || to < 0 || from == to)
		return 0;
	int64_t a = anchor_of(&g->nodes[from], from_end);
	int64_t x = to_end ? g->nodes[to].end_ns : g->nodes[to].start_ns;
	if (a > x + OC_CLOCK_SKEW_NS) {
		if (!b->pass)
			g->dropped += !latent;
		return 0;
	}
	/* Node to's incoming edges, counted, then written, in the next node's
	 * e_off (make_room): no array of counts beside the nodes (issue 35) */
	if (!b->pass) {                    /* the same edges come again in the second pass */
		g->nodes[to + 1].e_off++;
		g->n_edges++;
		return 0;
	}
	g->edges[g->nodes[to + 1].e_off++] = (struct oc_gedge){ .from = from, .kind = kind,
		.from_end = (uint8_t)from_end, .to_end = (uint8_t)to_end, .latent = (uint8_t)latent };
	if (!latent)
		g->count[kind]++;
	return 0;
}

static int add_edge(struct build *b, int32_t from, int32_t to, uint8_t kind, int from_end, int to_end)
{
	return add_edge_l(b, from, to, kind, from_end, to_end, 0);
}

int oc_op_class(const struct oc_op *op)
{
	if (op->kind == OC_OP_KERNEL)
		return 0;
	if (op->kind == OC_OP_MEMSET)
		return 4;
	return op->copy_kind == OC_COPY_HTOD ? 1 : op->copy_kind == OC_COPY_DTOH ? 2 : 3;
}

int32_t oc_top_call(const struct oc_trace *t, int32_t a)
{
	if (a >= 0 && t->api[a].parent >= 0)
		return t->api[a].parent;
	return a;
}

/* Device nodes: the window's ops, one per graph launch. */
static int device_nodes(struct build *b)
{
	const struct oc_trace *t = b->c->t;
	struct oc_graph *g = b->g;

	for (size_t i = 0; i < t->n_ops; i++) {
		const struct oc_op *op = &t->ops[i];
		g->op_node[i] = -1;
		if (!oc_in_window(b->c, (int32_t)i))
			continue;
		int32_t a = op->api >= 0 && oc_op_shape(t, op)->graph_id ? op->api : -1;
		if (a >= 0 && b->graph_of[a] >= 0) {      /* another op of the same launch */
			struct oc_gnode *n = &g->nodes[b->graph_of[a]];
			if (op->end_ns > n->end_ns)
				n->end_ns = op->end_ns;
			g->op_node[i] = b->graph_of[a];
			continue;
		}
		int v = add_node(b, a >= 0 ? OC_GN_GRAPH : OC_GN_OP, (int32_t)i, op->start_ns, op->end_ns);
		if (a < 0)
			g->nodes[v].cls = (uint8_t)oc_op_class(op);
		g->op_node[i] = v;
		if (a >= 0)
			b->graph_of[a] = v;
		if (g->n_nodes == 1 || op->start_ns < g->start_ns)
			g->start_ns = op->start_ns;
		if (g->n_nodes == 1 || op->end_ns > g->end_ns)
			g->end_ns = op->end_ns;
	}
	for (size_t i = 0; i < t->n_ops; i++)      /* graph ends grew after the first pass */
		if (g->op_node[i] >= 0 && g->nodes[g->op_node[i]].end_ns > g->end_ns)
			g->end_ns = g->nodes[g->op_node[i]].end_ns;
	return 0;
}

/*
 * The calls that get a node: the top-level calls that queued an op of the
 * window (each such op gets a device node) or blocked, marked in a byte a
 * call (1 queued, 2 blocked), and their count. Made before the nodes, so
 * that the node array is allocated once at its size: grown by realloc, it
 * was copied where it could not grow in place (issue 35). NULL out of
 * memory.
 */
static uint8_t *mark_calls(const struct oc_actx *c, size_t *n_calls)
{
	const struct oc_trace *t = c->t;
	const struct oc_analysis *an = c->a;
	uint8_t *mark = calloc(t->n_api + 1, 1);

	if (!mark)
		return NULL;
	for (size_t i = 0; i < t->n_ops; i++) {
		int32_t a = oc_top_call(t, t->ops[i].api);
		if (a >= 0 && oc_in_window(c, (int32_t)i))
			mark[a] |= 1;
	}
	for (size_t k = 0; k < an->n_blocks; k++) {
		int32_t a = oc_top_call(t, an->blocks[k].api);
		if (a >= 0)
			mark[a] |= 2;
	}
	*n_calls = 0;
	for (size_t i = 0; i < t->n_api; i++)
		*n_calls += mark[i] != 0;
	return mark;
}

/* Call nodes: the calls mark_calls() marked, after the device nodes. */
static void call_nodes(struct build *b, const uint8_t *mark)
{
	const struct oc_trace *t = b->c->t;
	struct oc_graph *g = b->g;

	for (size_t i = 0; i < t->n_api; i++) {
		b->api_node[i] = -1;
		if (!mark[i])
			continue;
		const struct oc_api *ap = &t->api[i];
		int v = add_node(b, OC_GN_CALL, (int32_t)i, ap->start_ns, ap->end_ns);
		g->nodes[v].blocking = (mark[i] & 2) != 0;
		b->api_node[i] = v;
	}
}

/*
 * The call nodes by (thread, start), ties in node order, for the host
 * order: the index's calls of each thread (c->t_calls: threads ascending,
 * each thread's calls in the trace's order, by start) that have a node.
 * The nodes were added in the trace's order too, so ties keep node order.
 * Sorting them (two radix sorts of every call node) held 20 bytes a call
 * beside the graph, its build's peak (issue 35). 0, or -1 out of memory.
 */
static int sort_calls(struct build *b, size_t first_call)
{
	const struct oc_actx *c = b->c;
	size_t n = b->g->n_nodes - first_call, k = 0;

	b->n_calls = n;
	b->calls = malloc((n + 1) * sizeof *b->calls);
	b->t_first = malloc((c->n_tids + 1) * sizeof *b->t_first);
	if (!b->calls || !b->t_first)
		return -1;
	for (size_t i = 0; i < c->n_tids; i++)
		for (uint32_t j = (b->t_first[i] = (uint32_t)k, c->t_off[i]); j < c->t_off[i + 1]; j++) {
			int32_t v = b->api_node[c->t_calls[j]];

			if (v >= 0 && k < n)
				b->calls[k++] = v;
		}
	b->t_first[c->n_tids] = (uint32_t)k;
	return k == n ? 0 : -1;
}

/*
 * What the edges read of the trace's calls, while they are in memory: each
 * device node's call node (its submission) and each block's. 0, or -1 out
 * of memory.
 */
static int call_links(struct build *b)
{
	const struct oc_actx *c = b->c;
	const struct oc_trace *t = c->t;
	const struct oc_graph *g = b->g;

	b->sub = malloc((b->first_call + 1) * sizeof *b->sub);
	b->block_node = malloc((c->a->n_blocks + 1) * sizeof *b->block_node);
	if (!b->sub || !b->block_node)
		return -1;
	for (size_t v = 0; v < b->first_call; v++) {
		int32_t a = oc_top_call(t, t->ops[g->nodes[v].idx].api);
		b->sub[v] = a >= 0 ? b->api_node[a] : -1;
	}
	for (size_t k = 0; k < c->a->n_blocks; k++) {
		int32_t a = oc_top_call(t, c->a->blocks[k].api);
		b->block_node[k] = a >= 0 ? b->api_node[a] : -1;
	}
	return 0;
}

/* Host order: each call node -> the same thread's next call node. */
static int host_edges(struct build *b)
{
	for (size_t i = 0; i < b->c->n_tids; i++)
		for (size_t k = b->t_first[i] + 1; k < b->t_first[i + 1]; k++)
			if (add_edge(b, b->calls[k - 1], b->calls[k], OC_EDGE_HOST, 1, 0) < 0)
				return -1;
	return 0;
}

/* Stream order, submissions, and the calls that waited for their own op. */
static int stream_and_submit_edges(struct build *b)
{
	const struct oc_actx *c = b->c;
	const struct oc_trace *t = c->t;
	struct oc_graph *g = b->g;

	/*
	 * Each stream's ops in order (a stream's ops are the trace's in its
	 * order, c->s_ops), all streams in one pass over the ops: per stream its
	 * last node and its last node of each class. One stream at a time swept
	 * the whole node array once per stream, a cache line a node (issue 35:
	 * at 10M ops, add_edge_l here was a tenth of report's time).
	 */
	size_t ns = t->n_streams, per = 1 + OC_GCLASSES;
	int32_t *st = malloc((ns * per + 1) * sizeof *st);
	if (!st)
		return -1;
	for (size_t k = 0; k < ns * per; k++)
		st[k] = -1;
	for (size_t i = 0; i < t->n_ops; i++) {
		int32_t v = g->op_node[i];
		int32_t *prev = &st[(size_t)t->ops[i].stream * per], *last = prev + 1;   /* per class */
		if (v < 0 || v == *prev)
			continue;
		if (*prev >= 0 && add_edge(b, *prev, v, OC_EDGE_STREAM, 1, 0) < 0)
			goto fail;
		/* copies on streams of their own: each class keeps its own order */
		int cl = oc_gnode_class(&g->nodes[v]);
		if (last[cl] >= 0 && last[cl] != *prev &&
		    add_edge_l(b, last[cl], v, OC_EDGE_STREAM, 1, 0, 1) < 0)
			goto fail;
		last[cl] = v;
		*prev = v;
	}
	free(st);
	for (size_t v = 0; v < b->first_call; v++) {       /* the device nodes */
		const struct oc_gnode *n = &g->nodes[v];
		int32_t cn = b->sub[v];
		if (cn < 0)
			continue;
		if (add_edge(b, cn, (int32_t)v, OC_EDGE_SUBMIT, 0, 0) < 0)
			return -1;
		/* a copy or memset whose call returned after it (synchronous, pageable), a kernel
		 * under CUDA_LAUNCH_BLOCKING (an op node of class 0 is a kernel) */
		int own = n->kind == OC_GN_OP && (oc_gnode_class(n) != 0 || t->launch_blocking == 1);
		if (own && n->end_ns <= g->nodes[cn].end_ns + OC_CLOCK_SKEW_NS &&
		    add_edge(b, (int32_t)v, cn, OC_EDGE_OWN_WAIT, 1, 1) < 0)
			return -1;
	}
	return 0;
fail:
	free(st);
	return -1;
}

/* Syncs: the ops each block waited for -> its return. */
static int block_edges(struct build *b)
{
	const struct oc_actx *c = b->c;
	const struct oc_analysis *an = c->a;
	struct oc_graph *g = b->g;

	for (size_t k = 0; k < an->n_blocks; k++) {
		const struct oc_block *bl = &an->blocks[k];
		int32_t cn = b->block_node[k];
		if (cn < 0 || g->nodes[cn].kind != OC_GN_CALL)
			continue;
		if (!b->pass && bl->hidden && bl->usual_ns > 0) {
			if (b->n_held == b->cap_held) {
				struct held *h = oc_grow(b->held, &b->cap_held, sizeof *h, 64);
				if (!h)
					return -1;
				b->held = h;
			}
			b->held[b->n_held] = (struct held){ cn, (uint32_t)b->n_held, bl->usual_ns,
				bl->usual_max_ns > bl->usual_ns ? bl->usual_max_ns : bl->usual_ns };
			b->n_held++;
		}
		for (size_t w = 0; w < bl->n_waited_for; w++)
			if (add_edge(b, g->op_node[bl->waited_for[w]], cn, OC_EDGE_BLOCK, 1, 1) < 0)
				return -1;
	}
	return 0;
}

/* Position in stream s's ops (by start) of the last op queued at or before ts, or -1. */
static long last_queued(const struct oc_actx *c, int32_t s, int64_t ts)
{
	uint32_t lo = c->s_off[s], hi = c->s_off[s + 1];

	while (lo < hi) {       /* a stream runs its ops in queue order */
		uint32_t mid = lo + (hi - lo) / 2;
		if (c->q[c->s_ops[mid]] <= ts)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > c->s_off[s] ? (long)lo - 1 : -1;
}

/* The latest record of (source, event) at or before ts, or NULL. */
static const struct oc_erec *record_before(const struct oc_actx *c, uint8_t source, int64_t ev, int64_t ts)
{
	size_t lo = 0, hi = c->n_erecs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct oc_erec *r = &c->erecs[mid];
		if (r->source < source || (r->source == source && (r->event_id < ev ||
		    (r->event_id == ev && r->ts_ns <= ts))))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || c->erecs[lo - 1].source != source || c->erecs[lo - 1].event_id != ev)
		return NULL;
	return &c->erecs[lo - 1];
}

/* Event record -> stream wait, and the legacy stream's implicit syncs. */
static int event_and_legacy_edges(struct build *b)
{
	const struct oc_actx *c = b->c;
	struct oc_graph *g = b->g;

	for (size_t k = 0; k < c->n_waits; k++) {
		const struct oc_wait *w = &c->waits[k];
		const struct oc_erec *r = record_before(c, w->source, w->event_id, w->ts_ns);
		if (!r || r->stream == w->stream)
			continue;
		long ra = last_queued(c, r->stream, r->ts_ns);
		long wb = last_queued(c, w->stream, w->ts_ns) + 1;
		if (ra < 0 || wb >= (long)c->s_off[w->stream + 1] || wb < (long)c->s_off[w->stream])
			continue;
		if (add_edge(b, g->op_node[c->s_ops[ra]], g->op_node[c->s_ops[wb]], OC_EDGE_EVENT, 1, 0) < 0)
			return -1;
	}
	for (size_t k = 0; k < c->a->n_default_syncs; k++) {
		const struct oc_default_sync *d = &c->a->default_syncs[k];
		int32_t v = g->op_node[d->op];
		for (size_t j = 0; j < d->n_waited_for; j++)
			if (add_edge(b, g->op_node[d->waited_for[j]], v, OC_EDGE_LEGACY, 1, 0) < 0)
				return -1;
		for (size_t j = 0; j < d->n_held; j++)
			if (add_edge(b, v, g->op_node[d->held[j]], OC_EDGE_LEGACY, 1, 0) < 0)
				return -1;
	}
	return 0;
}

/* After the counting pass: each node's first edge, and room for them all. 0 or -1. */
static int make_room(struct build *b)
{
	struct oc_graph *g = b->g;
	uint32_t off = 0;

	g->edges = malloc((g->n_edges + 1) * sizeof *g->edges);
	if (!g->edges)
		return -1;
	/* node v's count, in nodes[v + 1].e_off, becomes v's first edge there:
	 * the second pass writes at it and leaves it at v's end, v + 1's first */
	for (size_t v = 0; v < g->n_nodes; v++) {
		uint32_t n = g->nodes[v + 1].e_off;

		g->nodes[v + 1].e_off = off;
		off += n;
	}
	b->pass = 1;
	return 0;
}

/* After the second pass: each node's edges end where the next one's start,
 * as the passes add the same edges; -1 if they did not (a defect). */
static int seal_room(struct build *b)
{
	const struct oc_graph *g = b->g;

	return g->nodes[g->n_nodes].e_off == g->n_edges ? 0 : -1;
}

/* The submission class of a device node: 0 kernels and graph launches, 1 copies, 2 memsets. */
static int submit_class(const struct oc_gnode *n)
{
	return n->cls == 0 ? 0 : n->cls == 4 ? 2 : 1;
}

int64_t oc_gedge_min(const struct oc_graph *g, const struct oc_gnode *to, const struct oc_gedge *e)
{
	if (e->kind == OC_EDGE_HOST)
		return oc_gedge_lat(g, to, e);
	if (e->kind != OC_EDGE_SUBMIT)
		return 0;
	int64_t m = g->submit_min[submit_class(to)], l = oc_gedge_lat(g, to, e);
	return m < l ? m : l;
}

/* A kind's preference among start edges that arrive together: device order first. */
static int rank_of(uint8_t kind)
{
	return kind == OC_EDGE_SUBMIT ? 1 : kind == OC_EDGE_HOST ? 2 : 0;
}

static int cmp_held(const void *x, const void *y)
{
	const struct held *a = x, *b = y;

	if (a->node != b->node)
		return (a->node > b->node) - (a->node < b->node);
	return (a->seq > b->seq) - (a->seq < b->seq);
}

/* Node v's binding edges (indices into g->edges, or -1) and, when it is not
 * its duration, its own cost (own >= 0) into the node and the side lists. 0
 * or -1. */
static int set_bind(struct build *b, uint32_t v, int32_t bs, int32_t be, int64_t own)
{
	struct oc_graph *g = b->g;
	struct oc_gnode *n = &g->nodes[v];
	int far = (bs >= 0 && (uint32_t)bs - n->e_off >= OC_GBIND_FAR) ||
		  (be >= 0 && (uint32_t)be - n->e_off >= OC_GBIND_FAR);

	n->bs = bs < 0 ? OC_GBIND_NONE : far ? OC_GBIND_FAR : (uint16_t)((uint32_t)bs - n->e_off);
	n->be = be < 0 ? OC_GBIND_NONE : far ? OC_GBIND_FAR : (uint16_t)((uint32_t)be - n->e_off);
	if (far) {
		if (g->n_far == b->cap_far) {
			struct oc_gfar *x = oc_grow(g->far, &b->cap_far, sizeof *x, 16);
			if (!x)
				return -1;
			g->far = x;
		}
		g->far[g->n_far++] = (struct oc_gfar){ v, bs, be };
	}
	n->own_cut = own >= 0;
	if (own >= 0) {
		if (g->n_own == b->cap_own) {
			struct oc_gown *x = oc_grow(g->own, &b->cap_own, sizeof *x, 256);
			if (!x)
				return -1;
			g->own = x;
		}
		g->own[g->n_own++] = (struct oc_gown){ v, own };
	}
	return 0;
}

/* Node v's entry of the held list (sorted by cmp_held): its last, or NULL. */
static const struct held *held_of(const struct build *b, int32_t v)
{
	size_t lo = oc_node_lower_bound(b->held, b->n_held, sizeof *b->held, (uint32_t)v + 1);

	return lo && b->held[lo - 1].node == v ? &b->held[lo - 1] : NULL;
}

const struct oc_gfar *oc_gnode_far(const struct oc_graph *g, const struct oc_gnode *n)
{
	/* a node marked OC_GBIND_FAR has its entry */
	return &g->far[oc_node_lower_bound(g->far, g->n_far, sizeof *g->far, (uint32_t)(n - g->nodes))];
}

int64_t oc_gnode_own_cut(const struct oc_graph *g, const struct oc_gnode *n)
{
	/* a node marked own_cut has its entry */
	return g->own[oc_node_lower_bound(g->own, g->n_own, sizeof *g->own, (uint32_t)(n - g->nodes))].own_ns;
}

/* The latencies edits keep, and each node's binding edges. 0 or -1. */
static int bind(struct build *b)
{
	struct oc_graph *g = b->g;
	int64_t *submit_min = g->submit_min;   /* kernel|graph, copy, memset */

	submit_min[0] = submit_min[1] = submit_min[2] = INT64_MAX;

	/* a launch latency is measured where nothing else held the op: every other start
	 * edge's anchor no later than the call's start */
	for (size_t v = 0; v < g->n_nodes; v++) {
		const struct oc_gnode *n = &g->nodes[v];
		const struct oc_gedge *sub = NULL;
		int64_t other = INT64_MIN;
		for (uint32_t j = 0; j < oc_gnode_n_edges(n); j++) {
			const struct oc_gedge *e = &g->edges[n->e_off + j];
			if (e->from < 0 || e->to_end || e->latent)
				continue;
			if (e->kind == OC_EDGE_SUBMIT)
				sub = e;
			else if (anchor_of(&g->nodes[e->from], e->from_end) > other)
				other = anchor_of(&g->nodes[e->from], e->from_end);
		}
		if (!sub || other > g->nodes[sub->from].start_ns)
			continue;
		int k = submit_class(n);
		if (oc_gedge_lat(g, n, sub) < submit_min[k])
			submit_min[k] = oc_gedge_lat(g, n, sub);
	}
	int64_t any = INT64_MAX;
	for (int k = 0; k < 3; k++)
		if (submit_min[k] < any)
			any = submit_min[k];
	for (int k = 0; k < 3; k++)     /* a kind never seen free: the shortest of any, else 0 */
		if (submit_min[k] == INT64_MAX)
			submit_min[k] = any == INT64_MAX ? 0 : any;
	for (size_t v = 0; v < g->n_nodes; v++) {
		struct oc_gnode *n = &g->nodes[v];
		int64_t best = INT64_MIN, best_end = INT64_MIN, own = -1;
		int32_t bind_start = -1, bind_end = -1;
		for (uint32_t j = 0; j < oc_gnode_n_edges(n); j++) {
			struct oc_gedge *e = &g->edges[n->e_off + j];
			if (e->from < 0 || e->latent)
				continue;
			int64_t a = anchor_of(&g->nodes[e->from], e->from_end);
			if (e->to_end) {
				if (a > best_end) {
					best_end = a;
					bind_end = (int32_t)(n->e_off + j);
				}
				continue;
			}
			int64_t r = a;         /* the last to arrive */
			if (r > best || (r == best && bind_start >= 0 &&
			    rank_of(e->kind) < rank_of(g->edges[bind_start].kind))) {
				best = r;
				bind_start = (int32_t)(n->e_off + j);
			}
		}
		/* a call returned after its own op followed it (whatever host-side tail came
		 * after: pageable staging); a sync followed the work it waited for when it
		 * returned within the tolerance, else it ran its own course */
		const struct held *h = bind_end >= 0 ? held_of(b, (int32_t)v) : NULL;
		int64_t usual = h ? h->usual : 0, allow = h ? h->allow : 0;
		if (bind_end >= 0 && g->edges[bind_end].kind == OC_EDGE_BLOCK &&
		    best_end < n->end_ns - b->c->o.sync_tolerance_ns - allow)
			bind_end = -1;
		if (bind_end >= 0 && usual < n->end_ns - n->start_ns)
			own = usual;
		if (set_bind(b, (uint32_t)v, bind_start, bind_end, own) < 0)
			return -1;
	}
	return 0;
}

/* What the bounds read of the maps (bounds.c): each block's call node when
 * the block is hidden, and how many default-stream syncs are nodes. 0 or -1. */
static int keep_for_bounds(struct build *b)
{
	const struct oc_actx *c = b->c;
	struct oc_graph *g = b->g;

	g->block_call = malloc((c->a->n_blocks + 1) * sizeof *g->block_call);
	if (!g->block_call)
		return -1;
	for (size_t k = 0; k < c->a->n_blocks; k++)
		g->block_call[k] = c->a->blocks[k].hidden ? b->block_node[k] : -1;
	for (size_t k = 0; k < c->a->n_default_syncs; k++)
		g->n_legacy_syncs += g->op_node[c->a->default_syncs[k].op] >= 0;
	return 0;
}

int oc_graph_build(struct oc_actx *c, struct oc_graph *g, struct oc_park *ops, struct oc_park *calls)
{
	const struct oc_trace *t = c->t;
	struct build b = { .c = c, .g = g };
	size_t n_calls = 0;
	uint8_t *mark;

	memset(g, 0, sizeof *g);
	mark = mark_calls(c, &n_calls);
	if (!mark)
		return -1;
	g->nodes = malloc((t->n_ops + n_calls + 1) * sizeof *g->nodes);   /* at most */
	g->op_node = malloc((t->n_ops + 1) * sizeof *g->op_node);
	b.api_node = malloc((t->n_api + 1) * sizeof *b.api_node);
	b.graph_of = malloc((t->n_api + 1) * sizeof *b.graph_of);
	if (!g->nodes || !g->op_node || !b.api_node || !b.graph_of)
		goto fail;
	for (size_t i = 0; i < t->n_api; i++)
		b.api_node[i] = b.graph_of[i] = -1;
	if (device_nodes(&b) < 0)
		goto fail;
	free(b.graph_of);       /* device_nodes() was its reader */
	b.graph_of = NULL;
	size_t first_call = b.first_call = g->n_nodes;
	call_nodes(&b, mark);
	free(mark);
	mark = NULL;
	if (g->n_nodes < t->n_ops + n_calls) {
		/* a graph launch's ops share a node: the room they did not take back
		 * (realloc shrinks in place) */
		struct oc_gnode *fit = realloc(g->nodes, (g->n_nodes + 1) * sizeof *fit);
		if (fit)
			g->nodes = fit;
	}
	oc_heap_trim();         /* the marks, under the edges */
	if (sort_calls(&b, first_call) < 0 || call_links(&b) < 0)
		goto fail;
	free(b.api_node);       /* call_links() was its last reader */
	b.api_node = NULL;
	if (calls) {            /* the edges read no call now (issue 35: 48 bytes a call) */
		oc_park_add(calls, c->t->api, t->n_api * sizeof *t->api);
		oc_park_out(c, calls);
	}
	memset(&g->nodes[g->n_nodes], 0, sizeof *g->nodes);    /* the sentinel: counts */
	for (int pass = 0; pass < 2; pass++)      /* count, then write: no edge list to copy */
		if ((pass && make_room(&b) < 0) || host_edges(&b) < 0 || stream_and_submit_edges(&b) < 0 ||
		    block_edges(&b) < 0 || event_and_legacy_edges(&b) < 0)
			goto fail;
	if (seal_room(&b) < 0 || keep_for_bounds(&b) < 0)
		goto fail;
	free(g->op_node);
	free(b.sub);
	free(b.block_node);
	free(b.t_first);
	g->op_node = NULL;
	b.sub = b.block_node = NULL;
	b.t_first = NULL;
	oc_heap_trim();         /* the maps, under the event order */
	if (ops) {              /* nothing reads an op now (issue 35: 40 bytes an op) */
		oc_park_add(ops, t->ops, t->n_ops * sizeof *t->ops);
		oc_park_out(c, ops);
	}
	/* the event order after the edges and the maps: the maps and the order
	 * are never held together; its sort's buffers are a bucket count and
	 * one bucket (graph-order.c) */
	if (oc_graph_order_events(g) < 0)
		goto fail;
	oc_graph_drop_backward(g);
	if (b.n_held)
		oc_sort(b.held, b.n_held, sizeof *b.held, cmp_held);
	if (bind(&b) < 0)
		goto fail;
	free(b.graph_of);
	free(b.held);
	free(b.calls);
	return 0;
fail:
	free(mark);
	free(b.api_node);
	free(b.sub);
	free(b.block_node);
	free(b.t_first);
	free(b.graph_of);
	free(b.held);
	free(b.calls);
	oc_graph_release(g);
	return -1;
}

void oc_graph_release(struct oc_graph *g)
{
	free(g->nodes);
	free(g->far);
	free(g->own);
	free(g->edges);
	free(g->order);
	free(g->op_node);
	free(g->api_node);
	free(g->block_call);
	memset(g, 0, sizeof *g);
}

int32_t oc_gnode_call(const struct oc_graph *g, int32_t v)
{
	const struct oc_gnode *n = &g->nodes[v];

	for (uint32_t j = 0; j < oc_gnode_n_edges(n); j++) {
		const struct oc_gedge *e = &g->edges[n->e_off + j];
		if (e->from >= 0 && e->kind == OC_EDGE_SUBMIT && !e->latent)
			return e->from;
	}
	return -1;
}
