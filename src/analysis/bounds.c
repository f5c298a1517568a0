/*
 * bounds.c: what each fix could save at most (path.h, docs/causes.md
 * "Bounds").
 *
 * A fix is an edit of the dependency graph (graph.h): edges removed, a
 * latent edge turned on, durations changed. The graph is replayed as it is
 * and as edited; the bound is the difference between the two replayed
 * intervals, never less than 0. Every edit keeps the device durations
 * except pinning, which runs each pageable copy at its direction's pinned
 * bandwidth: the trace's own pinned copies where it has any, else a
 * documented per-device figure, else the durations are kept and the
 * assumption says so. A bound is an upper limit under its stated
 * assumption, not a prediction: `compare` against the changed program
 * proves a saving.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/format.h"
#include "overlapcheck/mem.h"
#include "graph.h"

static const char *const fix_ids[OC_N_FIXES] = {
	"pin_host_memory", "remove_hidden_syncs", "copies_on_own_stream", "leave_legacy_stream",
	"submit_ahead", "capture_graph",
};

const char *oc_fix_id(enum oc_fix f)
{
	return (unsigned)f < OC_N_FIXES ? fix_ids[f] : "unknown";
}

const char *oc_bw_source_name(enum oc_bw_source s)
{
	return s == OC_BW_TRACE ? "trace" : s == OC_BW_DEVICE_FIGURE ? "device_figure" : "kept";
}

/* Pinned copy bandwidth of the devices whose figure docs/causes.md gives
 * (measured here: 8 MB host-to-device from pinned memory, docs/method.md). */
#define OC_H200_PINNED_GBPS 54.0

struct bctx {
	const struct oc_actx *c;
	const struct oc_graph *g;
	uint8_t *own;               /* enum oc_gedit_own, a node */
	uint32_t *dur_node;         /* pinning's device durations, by node */
	int64_t  *dur_ns;
	size_t   n_dur;
	int64_t *t;
	uint8_t *lat;               /* enum oc_glat, an edge */
	struct oc_gedit ed;         /* own, dur, lat and the values their codes take */
	int64_t  base;              /* the unedited replay's interval */
	int64_t  gap_min;           /* the shortest latency of a binding device-order edge */
	int64_t  cost;              /* the shortest call that queued work and waited for nothing */
};

static void reset(struct bctx *b)
{
	memset(b->own, OC_GOWN_KEEP, b->g->n_nodes);
	memset(b->lat, OC_GLAT_OWN, b->g->n_edges);
	b->n_dur = b->ed.n_dur = 0;
}

static int is_device_order(uint8_t kind)
{
	return kind == OC_EDGE_STREAM || kind == OC_EDGE_EVENT || kind == OC_EDGE_LEGACY;
}

/*
 * The edited replay's shortening. An edit that moves nothing saves nothing
 * (0). One that does moves ops off the places their device gaps were
 * measured in: the binding device-order edges the edit left alone then take
 * the shortest such gap of the trace, as an op may start that soon after
 * its predecessor (a bound is an upper limit, not the run's own jitter).
 */
static int64_t saving(struct bctx *b)
{
	const struct oc_graph *g = b->g;
	int64_t l = oc_graph_replay(g, &b->ed, b->t);

	if (l >= b->base)
		return 0;
	for (size_t v = 0; v < g->n_nodes; v++) {
		const struct oc_gnode *n = &g->nodes[v];
		int32_t bs = oc_gnode_bind_start(g, n);
		if (bs < 0 || b->lat[bs] != OC_GLAT_OWN)
			continue;
		const struct oc_gedge *e = &g->edges[bs];
		if (is_device_order(e->kind) && !e->latent && oc_gedge_lat(g, n, e) > b->ed.gap)
			b->lat[bs] = OC_GLAT_GAP;
	}
	l = oc_graph_replay(g, &b->ed, b->t);
	return b->base > l ? b->base - l : 0;
}

/* A call node's end edges removed: it waits for nothing. */
static void unwait(struct bctx *b, int32_t cn, int only_blocks)
{
	const struct oc_gnode *n = &b->g->nodes[cn];
	for (uint32_t j = 0; j < oc_gnode_n_edges(n); j++) {
		const struct oc_gedge *e = &b->g->edges[n->e_off + j];
		if (e->to_end && (!only_blocks || e->kind == OC_EDGE_BLOCK))
			b->lat[n->e_off + j] = OC_GLAT_GONE;
	}
}

static int is_pageable_copy(const struct oc_op *op)
{
	return op->kind == OC_OP_MEMCPY && ((op->copy_kind == OC_COPY_HTOD && op->src_kind == OC_MEM_PAGEABLE) ||
		(op->copy_kind == OC_COPY_DTOH && op->dst_kind == OC_MEM_PAGEABLE));
}

/* The pinned bandwidth of each direction: the trace's, else the device's figure. */
static void pinned_gbps(const struct bctx *b, struct oc_bound *bd)
{
	const struct oc_analysis *a = b->c->a;
	int dirs[2] = { OC_COPY_HTOD, OC_COPY_DTOH }, from_trace = 0;

	for (int d = 0; d < 2; d++)
		for (size_t k = 0; k < a->n_bandwidth; k++)
			if (a->bandwidth[k].copy_kind == dirs[d] && a->bandwidth[k].mem_kind == OC_MEM_PINNED &&
			    a->bandwidth[k].gbps > 0) {
				bd->gbps[d] = a->bandwidth[k].gbps;
				from_trace = 1;
			}
	if (from_trace) {
		bd->bw_source = OC_BW_TRACE;
		return;
	}
	const struct oc_trace *t = b->c->t;
	for (size_t k = 0; k < t->n_devices; k++) {
		const char *nm = t->devices[k].name ? t->devices[k].name : "";
		if (strstr(nm, "H200") || strstr(nm, "H100")) {
			bd->gbps[0] = bd->gbps[1] = OC_H200_PINNED_GBPS;
			bd->bw_source = OC_BW_DEVICE_FIGURE;
			return;
		}
	}
	bd->bw_source = OC_BW_KEPT;
}

/* The host gaps into and out of the calls fix_pin gave a cost (a host edge
 * runs between call nodes) take the shortest
 * gap. One pass over the host edges, so no per-node map of each call's
 * outgoing edge is needed. */
static void shorten_host_gaps(struct bctx *b, int64_t host_min)
{
	const struct oc_graph *g = b->g;

	b->ed.host = host_min;
	for (size_t v = 0; v < g->n_nodes; v++)
		for (uint32_t j = 0; j < oc_gnode_n_edges(&g->nodes[v]); j++) {
			const struct oc_gedge *e = &g->edges[g->nodes[v].e_off + j];
			if (e->from >= 0 && e->kind == OC_EDGE_HOST && (b->own[v] != OC_GOWN_KEEP || b->own[e->from] != OC_GOWN_KEEP))
				b->lat[g->nodes[v].e_off + j] = OC_GLAT_HOST;
		}
}

static int fix_pin(struct bctx *b, struct oc_bound *bd)
{
	const struct oc_graph *g = b->g;
	const struct oc_trace *t = b->c->t;
	int64_t pin_cost = -1;

	/* the cost of a copy call that waits for nothing: the shortest pinned async copy's call */
	for (size_t v = 0; v < g->n_nodes; v++) {
		const struct oc_gnode *n = &g->nodes[v];
		if (n->kind != OC_GN_OP)
			continue;
		const struct oc_op *op = &t->ops[n->idx];
		int32_t cn = oc_gnode_call(g, (int32_t)v);
		if (cn < 0 || op->kind != OC_OP_MEMCPY || !(op->flags & 1) || is_pageable_copy(op) ||
		    g->nodes[cn].blocking || oc_gnode_bind_end(g, &g->nodes[cn]) >= 0)
			continue;
		int64_t d = g->nodes[cn].end_ns - g->nodes[cn].start_ns;
		if (pin_cost < 0 || d < pin_cost)
			pin_cost = d;
	}
	/* no pinned copy to measure it from: the calls of a trace with pageable copies
	 * are slowed by the staging, so none stands for it; a bound takes 0 */
	bd->cost_ns = pin_cost >= 0 ? pin_cost : 0;
	pinned_gbps(b, bd);
	int64_t host_min = INT64_MAX;     /* the shortest gap between two calls of a thread */
	for (size_t v = 0; v < g->n_nodes; v++)
		for (uint32_t j = 0; j < oc_gnode_n_edges(&g->nodes[v]); j++) {
			const struct oc_gedge *e = &g->edges[g->nodes[v].e_off + j];
			if (e->from >= 0 && e->kind == OC_EDGE_HOST && oc_gedge_lat(g, &g->nodes[v], e) < host_min)
				host_min = oc_gedge_lat(g, &g->nodes[v], e);
		}
	size_t n_pageable = 0;            /* the durations' room, exact: one entry a copy at most */
	for (size_t v = 0; v < g->n_nodes; v++)
		n_pageable += g->nodes[v].kind == OC_GN_OP && is_pageable_copy(&t->ops[g->nodes[v].idx]);
	free(b->dur_node);
	free(b->dur_ns);
	b->dur_node = malloc((n_pageable + 1) * sizeof *b->dur_node);
	b->dur_ns = malloc((n_pageable + 1) * sizeof *b->dur_ns);
	if (!b->dur_node || !b->dur_ns)
		return -1;
	for (size_t v = 0; v < g->n_nodes; v++) {
		const struct oc_gnode *n = &g->nodes[v];
		if (n->kind != OC_GN_OP || !is_pageable_copy(&t->ops[n->idx]))
			continue;
		const struct oc_op *op = &t->ops[n->idx];
		double gbps = bd->gbps[op->copy_kind == OC_COPY_DTOH];
		if (gbps > 0) {
			int64_t d = (int64_t)((double)oc_op_shape(t, op)->bytes / gbps);
			if (d < n->end_ns - n->start_ns) {
				b->dur_node[b->n_dur] = (uint32_t)v;   /* v ascends */
				b->dur_ns[b->n_dur++] = d;
				b->own[v] = OC_GOWN_DUR;
			}
		}
		int32_t cn = oc_gnode_call(g, (int32_t)v);
		if (cn >= 0) {
			unwait(b, cn, 0);
			b->own[cn] = OC_GOWN_VALUE;
		}
		bd->count++;
	}
	b->ed.own_ns = bd->cost_ns;
	b->ed.dur_node = b->dur_node;
	b->ed.dur_ns = b->dur_ns;
	b->ed.n_dur = b->n_dur;
	shorten_host_gaps(b, host_min);
	return 0;
}

static int fix_hidden_syncs(struct bctx *b, struct oc_bound *bd)
{
	const struct oc_analysis *a = b->c->a;

	for (size_t k = 0; k < a->n_blocks; k++) {
		int32_t cn = b->g->block_call[k];
		if (cn < 0 || b->own[cn] != OC_GOWN_KEEP)
			continue;
		unwait(b, cn, 1);
		b->own[cn] = OC_GOWN_ZERO;      /* the fix moves the call out of the loop */
		bd->count++;
	}
	return 0;
}

static int fix_copy_stream(struct bctx *b, struct oc_bound *bd)
{
	const struct oc_graph *g = b->g;

	for (size_t v = 0; v < g->n_nodes; v++) {
		const struct oc_gnode *n = &g->nodes[v];
		int touched = 0;
		if (n->kind == OC_GN_CALL)
			continue;
		for (uint32_t j = 0; j < oc_gnode_n_edges(n); j++) {
			const struct oc_gedge *e = &g->edges[n->e_off + j];
			if (e->from < 0 || e->kind != OC_EDGE_STREAM)
				continue;
			if (e->latent) {
				b->lat[n->e_off + j] = OC_GLAT_ZERO;
				continue;
			}
			int cf = oc_gnode_class(&g->nodes[e->from]), ct = oc_gnode_class(n);
			/* kept: an HtoD copy or a memset before the kernel after it (its input),
			 * a kernel before the DtoH copy after it (its output) */
			int data = (ct == 0 && (cf == 1 || cf == 4)) || (cf == 0 && ct == 2);
			if (cf != ct && !data) {
				b->lat[n->e_off + j] = OC_GLAT_GONE;
				touched |= ct != 0;
			}
		}
		bd->count += touched;
	}
	return 0;
}

static int fix_legacy(struct bctx *b, struct oc_bound *bd)
{
	const struct oc_graph *g = b->g;

	for (size_t e = 0; e < g->n_edges; e++)
		if (g->edges[e].from >= 0 && g->edges[e].kind == OC_EDGE_LEGACY)
			b->lat[e] = OC_GLAT_GONE;
	bd->count += g->n_legacy_syncs;
	return 0;
}

static int fix_submit_ahead(struct bctx *b, struct oc_bound *bd)
{
	const struct oc_graph *g = b->g;

	bd->cost_ns = b->cost;
	b->ed.own_ns = b->cost;
	for (size_t v = 0; v < g->n_nodes; v++) {
		const struct oc_gnode *n = &g->nodes[v];
		if (n->kind == OC_GN_CALL && oc_gnode_bind_end(g, n) < 0 && !n->blocking && oc_gnode_own(g, n) > b->cost)
			b->own[v] = OC_GOWN_VALUE;
		for (uint32_t j = 0; j < oc_gnode_n_edges(n); j++) {
			const struct oc_gedge *e = &g->edges[n->e_off + j];
			if (e->from < 0 || e->latent)
				continue;
			if (e->kind == OC_EDGE_HOST) {
				b->lat[n->e_off + j] = OC_GLAT_ZERO;
				bd->count += oc_gedge_lat(g, n, e) > 0;
			} else if (e->kind == OC_EDGE_SUBMIT) {
				b->lat[n->e_off + j] = OC_GLAT_KEPT;
			}
		}
	}
	return 0;
}

/* A kernel's launch latency in a graph's replay: the shortest gap the device
 * left between two kernels of one stream that followed each other, else the
 * shortest launch latency seen. */
static int64_t graph_latency(const struct bctx *b)
{
	const struct oc_graph *g = b->g;
	const struct oc_trace *t = b->c->t;
	int64_t best = -1;

	for (size_t v = 0; v < g->n_nodes; v++) {
		const struct oc_gnode *n = &g->nodes[v];
		int32_t bs = oc_gnode_bind_start(g, n);
		if (n->kind == OC_GN_CALL || bs < 0 || oc_gnode_is_copy(n))
			continue;
		const struct oc_gedge *e = &g->edges[bs];
		const struct oc_gnode *f = &g->nodes[e->from];
		if (e->kind != OC_EDGE_STREAM || f->kind == OC_GN_CALL || oc_gnode_is_copy(f))
			continue;
		if (best < 0 || oc_gedge_lat(g, n, e) < best)
			best = oc_gedge_lat(g, n, e);
	}
	(void)t;
	return best;
}

static int fix_graph(struct bctx *b, struct oc_bound *bd)
{
	const struct oc_graph *g = b->g;
	const struct oc_trace *t = b->c->t;
	int64_t gl = graph_latency(b);

	b->ed.graph = gl;
	for (size_t v = 0; v < g->n_nodes; v++) {
		const struct oc_gnode *n = &g->nodes[v];
		if (n->kind != OC_GN_OP || t->ops[n->idx].kind != OC_OP_KERNEL)
			continue;
		for (uint32_t j = 0; j < oc_gnode_n_edges(n); j++) {
			const struct oc_gedge *e = &g->edges[n->e_off + j];
			if (e->from >= 0 && !e->latent && e->kind == OC_EDGE_SUBMIT) {
				int64_t m = oc_gedge_min(g, n, e);
				int64_t l = gl >= 0 && gl < m ? gl : m;
				b->lat[n->e_off + j] = OC_GLAT_KEPT_GRAPH;   /* l, by the same rule */
				bd->cost_ns = l;
				const struct oc_gnode *cn = &g->nodes[e->from];
				if (!cn->blocking && oc_gnode_bind_end(g, cn) < 0)
					b->own[e->from] = OC_GOWN_ZERO;
			}
		}
		bd->count++;
	}
	return 0;
}

static int cmp_bound(const void *x, const void *y)
{
	const struct oc_bound *a = x, *b = y;
	if (a->bound_ns != b->bound_ns)
		return (a->bound_ns < b->bound_ns) - (a->bound_ns > b->bound_ns);
	return a->fix - b->fix;
}

int oc_find_bounds(const struct oc_actx *c, const struct oc_graph *g)
{
	struct oc_critical_path *p = &c->a->path;
	struct bctx b = { .c = c, .g = g, .cost = -1 };
	int (*const fixes[OC_N_FIXES])(struct bctx *, struct oc_bound *) = {
		fix_pin, fix_hidden_syncs, fix_copy_stream, fix_legacy, fix_submit_ahead, fix_graph,
	};

	if (!p->given)
		return 0;
	if (c->o.device >= 0 && c->t->n_devices > 1) {
		p->withheld = "the analysis holds one device (--device): the other devices' work, and the "
			      "host's waits for it, are not in the graph, so no fix is bounded";
		return 0;
	}
	b.own = malloc(g->n_nodes + 1);
	b.lat = malloc(g->n_edges + 1);
	b.t = malloc((2 * g->n_nodes + 1) * sizeof *b.t);
	if (!b.own || !b.lat || !b.t) {
		free(b.own);
		free(b.lat);
		free(b.t);
		return -1;
	}
	for (size_t v = 0; v < g->n_nodes; v++) {
		const struct oc_gnode *n = &g->nodes[v];
		int64_t d = n->end_ns - n->start_ns;
		if (n->kind == OC_GN_CALL && !n->blocking && oc_gnode_bind_end(g, n) < 0 && (b.cost < 0 || d < b.cost))
			b.cost = d;
	}
	if (b.cost < 0)
		b.cost = 0;
	b.gap_min = INT64_MAX;
	for (size_t v = 0; v < g->n_nodes; v++) {
		const struct oc_gnode *n = &g->nodes[v];
		int32_t bs = oc_gnode_bind_start(g, n);
		if (bs >= 0 && is_device_order(g->edges[bs].kind) && oc_gedge_lat(g, n, &g->edges[bs]) < b.gap_min)
			b.gap_min = oc_gedge_lat(g, n, &g->edges[bs]);
	}
	if (b.gap_min == INT64_MAX)
		b.gap_min = 0;
	b.ed = (struct oc_gedit){ .own = b.own, .lat = b.lat, .gap = b.gap_min, .graph = -1 };
	b.base = oc_graph_replay(g, NULL, b.t);
	p->replay_ns = b.base;
	for (int f = 0; f < OC_N_FIXES; f++) {
		struct oc_bound bd = { .fix = (uint8_t)f, .cost_ns = -1 };
		reset(&b);
		if (fixes[f](&b, &bd) < 0) {
			free(b.own);
			free(b.dur_node);
			free(b.dur_ns);
			free(b.lat);
			free(b.t);
			return -1;
		}
		if (!bd.count)
			continue;
		bd.bound_ns = saving(&b);
		bd.share = p->end_ns > p->start_ns ? (double)bd.bound_ns / (double)(p->end_ns - p->start_ns) : 0;
		p->bounds[p->n_bounds++] = bd;
	}
	oc_sort(p->bounds, p->n_bounds, sizeof *p->bounds, cmp_bound);
	free(b.own);
	free(b.dur_node);
	free(b.dur_ns);
	free(b.lat);
	free(b.t);
	return 0;
}

const char *oc_bound_text(const struct oc_bound *b, char *buf, size_t len)
{
	char d[32];
	const char *n = b->count == 1 ? "" : "s";

	oc_fmt_duration(b->bound_ns, d, sizeof d);
	switch (b->fix) {
	case OC_FIX_PIN:
		snprintf(buf, len, "pinning the %zu pageable cop%s could save at most %s (%.0f%%) of this window",
			 b->count, b->count == 1 ? "y" : "ies", d, 100 * b->share);
		break;
	case OC_FIX_HIDDEN_SYNCS:
		snprintf(buf, len, "removing the %zu hidden synchronization%s could save at most %s (%.0f%%) of "
			 "this window", b->count, n, d, 100 * b->share);
		break;
	case OC_FIX_COPY_STREAM:
		snprintf(buf, len, "moving the %zu cop%s queued among kernels to a stream of their own could save "
			 "at most %s (%.0f%%) of this window", b->count, b->count == 1 ? "y" : "ies", d,
			 100 * b->share);
		break;
	case OC_FIX_LEGACY:
		snprintf(buf, len, "moving the %zu legacy-stream op%s that serialized other streams off the "
			 "legacy default stream could save at most %s (%.0f%%) of this window", b->count, n, d,
			 100 * b->share);
		break;
	case OC_FIX_SUBMIT_AHEAD:
		snprintf(buf, len, "queuing work ahead of the device (the host's %zu gap%s between calls gone) "
			 "could save at most %s (%.0f%%) of this window", b->count, n, d, 100 * b->share);
		break;
	default:
		snprintf(buf, len, "capturing the %zu kernel launch%s in a CUDA graph could save at most %s "
			 "(%.0f%%) of this window", b->count, b->count == 1 ? "" : "es", d, 100 * b->share);
		break;
	}
	return buf;
}

const char *oc_bound_assumption(const struct oc_bound *b, char *buf, size_t len)
{
	char c[32];

	oc_fmt_duration(b->cost_ns > 0 ? b->cost_ns : 0, c, sizeof c);
	switch (b->fix) {
	case OC_FIX_PIN:
		if (b->bw_source == OC_BW_KEPT)
			snprintf(buf, len, "the pageable copies' calls return after %s (the shortest pinned "
				 "asynchronous copy's call, else 0) and wait for nothing, the host's gaps next to "
				 "them the trace's shortest; the copies keep their durations (no pinned copy in the "
				 "trace and no figure for this device), so pinning's faster copies are not counted", c);
		else
			snprintf(buf, len, "the pageable copies' calls return after %s (the shortest pinned "
				 "asynchronous copy's call, else 0) and wait for nothing, the host's gaps next to "
				 "them the trace's shortest; each copy runs at %s pinned bandwidth (HtoD %.1f GB/s, "
				 "DtoH %.1f GB/s)", c, b->bw_source == OC_BW_TRACE ? "this trace's" :
				 "the device's documented", b->gbps[0], b->gbps[1]);
		break;
	case OC_FIX_HIDDEN_SYNCS:
		snprintf(buf, len, "the hidden syncs' calls wait for no device work and take no host time "
			 "(moved out of the loop); device durations kept");
		break;
	case OC_FIX_COPY_STREAM:
		snprintf(buf, len, "a stream per direction, prefetching ahead: each HtoD copy or memset "
			 "still precedes the kernel after it and each DtoH copy still follows the kernel "
			 "before it (their data), every other order between kernels and copies of one stream "
			 "goes, and each kind keeps its own order; device durations kept");
		break;
	case OC_FIX_LEGACY:
		snprintf(buf, len, "the legacy stream's implicit synchronizations go, its ops keep their own "
			 "order; device durations kept");
		break;
	case OC_FIX_SUBMIT_AHEAD:
		snprintf(buf, len, "host time between calls goes and each call that waits for nothing takes "
			 "the shortest such call's time (%s); syncs still wait; device durations kept", c);
		break;
	default:
		snprintf(buf, len, "kernel launch calls take no host time and each kernel starts %s after it "
			 "is queued (the shortest gap between two kernels of a stream in this trace, or its "
			 "shortest launch latency); host time outside calls and device durations kept", c);
		break;
	}
	return buf;
}
