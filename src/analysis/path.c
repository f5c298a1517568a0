/*
 * path.c: the critical path of the interval (path.h), from the dependency
 * graph (graph.h).
 *
 * The walk starts at the device node that ended last and goes back in
 * time: a node whose return followed the work it waited for goes to that
 * work (the step between is the call's return: host blocked); otherwise
 * the node's own time is a step, then the edge that bound its start (its
 * latency a step) leads to the node before. A step reached through a
 * node's start (a call that queued an op: the launch latency runs from
 * the call's start) does not count that node's time. The walk stops at the
 * interval's start, or at a node with no incoming edge (the rest of the
 * interval before it is "unknown"). Each step is laid against the one after
 * it, so the steps cover the interval exactly once and the makeup sums to
 * its length.
 */
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/format.h"
#include "overlapcheck/mem.h"
#include "graph.h"
#include "heap.h"
#include "spill.h"

static const char *const part_names[OC_N_PATH_PARTS] = {
	"compute", "copy", "device_gap", "launch_latency", "host_cuda_calls", "host_blocked",
	"host_outside_cuda", "unknown",
};
static const char *const part_labels[OC_N_PATH_PARTS] = {
	"device compute", "copies and memsets", "device waiting on ordered work", "launch latency",
	"host in CUDA calls", "host blocked in syncs", "host outside CUDA calls",
	"not explained by the trace",
};
static const char *const edge_names[OC_N_PATH_EDGES] = {
	"stream", "submit", "host", "block", "own_wait", "event", "legacy",
};

const char *oc_path_part_name(enum oc_path_part p)
{
	return (unsigned)p < OC_N_PATH_PARTS ? part_names[p] : "unknown";
}

const char *oc_path_part_label(enum oc_path_part p)
{
	return (unsigned)p < OC_N_PATH_PARTS ? part_labels[p] : "unknown";
}

const char *oc_path_edge_name(enum oc_path_edge e)
{
	return (unsigned)e < OC_N_PATH_EDGES ? edge_names[e] : "unknown";
}

struct walk {
	const struct oc_actx *c;
	const struct oc_graph *g;
	struct oc_path_step *s; size_t n, cap;
	int64_t cur;                /* the frontier: every later time is covered */
};

/* Step [start, w->cur), laid against the frontier and clipped to the interval. 0 or -1. */
static int push(struct walk *w, int64_t start, struct oc_path_step st)
{
	if (start > w->cur)
		start = w->cur;
	if (start < w->g->start_ns)
		start = w->g->start_ns;
	if (start == w->cur)
		return 0;
	if (w->n == w->cap) {
		struct oc_path_step *p = oc_grow(w->s, &w->cap, sizeof *p, 256);
		if (!p)
			return -1;
		w->s = p;
	}
	st.start_ns = start;
	st.end_ns = w->cur;
	if (st.calls_ns > st.end_ns - st.start_ns)
		st.calls_ns = st.end_ns - st.start_ns;
	w->s[w->n++] = st;
	w->cur = start;
	return 0;
}

/* A call's own time on the path is blocked time the trace does not explain
 * when it is a sync that waited for traced work but returned long after it,
 * or held the thread past the tolerance with no traced work pending (another
 * process's, an untraced device's); else it is the call's own work. */
static uint8_t node_part(const struct walk *w, const struct oc_gnode *n)
{
	if (n->kind == OC_GN_CALL) {
		int waited = 0;
		for (uint32_t j = 0; j < oc_gnode_n_edges(n); j++)
			waited |= w->g->edges[n->e_off + j].to_end && w->g->edges[n->e_off + j].from >= 0 &&
				  !w->g->edges[n->e_off + j].latent;
		return n->blocking && (waited || n->end_ns - n->start_ns > w->c->o.sync_tolerance_ns) ?
			OC_PATH_HOST_BLOCKED : OC_PATH_HOST_CALLS;
	}
	if (n->kind == OC_GN_GRAPH || oc_gnode_class(n) == 0)      /* an op node of class 0: a kernel */
		return OC_PATH_COMPUTE;
	return OC_PATH_COPY;
}

static uint8_t edge_part(uint8_t kind)
{
	switch (kind) {
	case OC_EDGE_SUBMIT: return OC_PATH_LAUNCH;
	case OC_EDGE_HOST: return OC_PATH_HOST_OUTSIDE;
	case OC_EDGE_BLOCK: return OC_PATH_HOST_BLOCKED;
	case OC_EDGE_OWN_WAIT: return OC_PATH_HOST_CALLS;
	default: return OC_PATH_DEVICE_GAP;
	}
}

static struct oc_path_step node_step(const struct oc_gnode *n)
{
	struct oc_path_step st = { .op = -1, .api = -1, .edge = OC_N_PATH_EDGES };
	if (n->kind == OC_GN_CALL)
		st.api = n->idx;
	else
		st.op = n->idx;
	st.graph = n->kind == OC_GN_GRAPH;
	return st;
}

/* The walk back from the last device node. 0 or -1. */
static int walk_back(struct walk *w)
{
	const struct oc_graph *g = w->g;
	int32_t v = -1;

	for (size_t k = 0; k < g->n_nodes; k++)
		if (g->nodes[k].kind != OC_GN_CALL && (v < 0 || g->nodes[k].end_ns > g->nodes[v].end_ns))
			v = (int32_t)k;
	if (v < 0)
		return 0;
	w->cur = g->end_ns;
	int at_end = 1;
	for (size_t guard = 0; guard <= 2 * g->n_nodes + 2 && w->cur > g->start_ns; guard++) {
		const struct oc_gnode *n = &g->nodes[v];
		int32_t bs = oc_gnode_bind_start(g, n), be = oc_gnode_bind_end(g, n);
		if (at_end && be >= 0) {
			const struct oc_gedge *e = &g->edges[be];
			const struct oc_gnode *f = &g->nodes[e->from];
			struct oc_path_step st = { .op = f->kind != OC_GN_CALL ? f->idx : -1, .api = n->idx,
				.part = e->kind == OC_EDGE_BLOCK ? OC_PATH_HOST_BLOCKED : OC_PATH_HOST_CALLS,
				.edge = e->kind };
			if (push(w, e->from_end ? f->end_ns : f->start_ns, st) < 0)
				return -1;
			v = e->from;
			at_end = e->from_end;
			continue;
		}
		if (at_end) {
			struct oc_path_step st = node_step(n);
			st.part = node_part(w, n);
			if (push(w, n->start_ns, st) < 0)
				return -1;
		}
		if (bs < 0)
			return push(w, g->start_ns, (struct oc_path_step){ .op = -1, .api = -1,
				.part = OC_PATH_UNKNOWN, .edge = OC_N_PATH_EDGES });
		const struct oc_gedge *e = &g->edges[bs];
		const struct oc_gnode *f = &g->nodes[e->from];
		int64_t a = e->from_end ? f->end_ns : f->start_ns;
		struct oc_path_step st = { .op = n->kind != OC_GN_CALL ? n->idx : -1,
			.api = n->kind == OC_GN_CALL ? n->idx : f->kind == OC_GN_CALL ? f->idx : -1,
			.part = edge_part(e->kind), .edge = e->kind };
		if (e->kind == OC_EDGE_HOST && n->start_ns > a) {
			int64_t in = oc_thread_in_calls(w->c, w->c->t->api[n->idx].tid, a, n->start_ns);
			st.calls_ns = in > 0 ? in : 0;
		}
		if (push(w, a, st) < 0)
			return -1;
		v = e->from;
		at_end = e->from_end;
	}
	return 0;
}

/* ---- folding the steps by what they were: nodes, and a call's return ------ */

/*
 * Steps fold by (what, key) through a hash table of the groups, in path
 * order, so each group's representative is its first step. The groups are
 * few (kernels by name, copies by direction, calls by function) where the
 * steps are many: a sort of every step's key cost 48 bytes a step at the
 * walk, report's peak at 10M ops (issue 35).
 */
struct fkey {
	uint8_t  what;
	int64_t  key;
};

static int cmp_group(const void *x, const void *y)
{
	const struct oc_path_group *a = x, *b = y;
	if (a->ns != b->ns)
		return (a->ns < b->ns) - (a->ns > b->ns);
	if (a->what != b->what)
		return a->what - b->what;
	if (a->op != b->op)          /* op, then call: a sum of the two could cancel out */
		return (a->op > b->op) - (a->op < b->op);
	return (a->api > b->api) - (a->api < b->api);
}

static struct fkey key_of(const struct oc_trace *t, const struct oc_path_step *s)
{
	struct fkey k = { 0 };
	if (s->api >= 0 && (s->op < 0 || s->edge != OC_N_PATH_EDGES)) {   /* a call, or its return */
		k.what = OC_PATH_CALL;
		k.key = t->api[s->api].name;
	} else if (s->graph) {
		const struct oc_op *op = &t->ops[s->op];
		k.what = OC_PATH_GRAPH;
		k.key = op->api >= 0 ? t->api[op->api].name : -1;
	} else {
		const struct oc_op *op = &t->ops[s->op];
		k.what = op->kind == OC_OP_KERNEL ? OC_PATH_KERNEL :
			op->kind == OC_OP_MEMSET ? OC_PATH_MEMSET : OC_PATH_MEMCPY;
		k.key = op->kind == OC_OP_KERNEL ? oc_op_shape(t, op)->name : op->kind == OC_OP_MEMSET ? 0 :
			(int64_t)op->copy_kind << 8 |
			(op->copy_kind == OC_COPY_DTOH ? op->dst_kind : op->src_kind);
	}
	return k;
}

static uint64_t fkey_hash(struct fkey k)
{
	uint64_t h = (uint64_t)k.key * 0x9e3779b97f4a7c15ull ^ ((uint64_t)k.what + 1) * 0xc2b2ae3d27d4eb4full;
	return h ^ h >> 29;
}

struct folding {
	struct oc_path_group *groups; struct fkey *keys; size_t n, cap;
	uint32_t *slot; size_t n_slot;   /* group index + 1, 0 empty; a power of two */
};

/* The slots at twice the room, every group placed again. 0 or -1. */
static int fold_rehash(struct folding *f)
{
	size_t n = f->n_slot ? 2 * f->n_slot : 64;
	uint32_t *slot = calloc(n, sizeof *slot);

	if (!slot)
		return -1;
	for (size_t gi = 0; gi < f->n; gi++) {
		size_t j = (size_t)fkey_hash(f->keys[gi]) & (n - 1);
		while (slot[j])
			j = (j + 1) & (n - 1);
		slot[j] = (uint32_t)gi + 1;
	}
	free(f->slot);
	f->slot = slot;
	f->n_slot = n;
	return 0;
}

/* The group of key k, made (from step s) when first met; NULL out of memory. */
static struct oc_path_group *fold_group(struct folding *f, struct fkey k, const struct oc_path_step *s)
{
	if (2 * (f->n + 1) > f->n_slot && fold_rehash(f) < 0)
		return NULL;
	size_t j = (size_t)fkey_hash(k) & (f->n_slot - 1);
	for (; f->slot[j]; j = (j + 1) & (f->n_slot - 1)) {
		const struct fkey *o = &f->keys[f->slot[j] - 1];
		if (o->what == k.what && o->key == k.key)
			return &f->groups[f->slot[j] - 1];
	}
	if (f->n == f->cap) {
		size_t cap = f->cap;
		struct oc_path_group *g = oc_grow(f->groups, &cap, sizeof *g, 16);
		if (!g)
			return NULL;
		f->groups = g;
		struct fkey *x = realloc(f->keys, cap * sizeof *x);
		if (!x)
			return NULL;
		f->keys = x;
		f->cap = cap;
	}
	f->keys[f->n] = k;
	f->groups[f->n] = (struct oc_path_group){ .what = k.what, .part = s->part, .op = s->op, .api = s->api };
	f->slot[j] = (uint32_t)++f->n;
	return &f->groups[f->n - 1];
}

static int fold(const struct oc_trace *t, struct oc_critical_path *p)
{
	struct folding f = { 0 };

	for (size_t i = 0; i < p->n_steps; i++) {
		const struct oc_path_step *s = &p->steps[i];
		if (!((s->edge == OC_N_PATH_EDGES && s->part != OC_PATH_UNKNOWN) ||
		      s->edge == OC_EDGE_BLOCK || s->edge == OC_EDGE_OWN_WAIT))
			continue;
		struct oc_path_group *gr = fold_group(&f, key_of(t, s), s);
		if (!gr) {
			free(f.groups);
			free(f.keys);
			free(f.slot);
			return -1;
		}
		gr->steps++;
		gr->ns += s->end_ns - s->start_ns;
	}
	free(f.keys);
	free(f.slot);
	/* cmp_group leaves no two groups equal: a group's key follows from its
	 * first step's op or call, so the order does not depend on the table's */
	oc_sort(f.groups, f.n, sizeof *f.groups, cmp_group);
	p->groups = f.groups ? f.groups : malloc(sizeof *p->groups);
	p->n_groups = f.n;
	return p->groups ? 0 : -1;
}

/* The path's time the trace does not explain: unknown steps, and syncs
 * that ran their own course. */
static void unexplained(struct oc_critical_path *p)
{
	for (size_t i = 0; i < p->n_steps; i++) {
		const struct oc_path_step *s = &p->steps[i];
		if (s->part == OC_PATH_UNKNOWN) {
			p->unexplained_ns += s->end_ns - s->start_ns;
		} else if (s->part == OC_PATH_HOST_BLOCKED && s->edge == OC_N_PATH_EDGES && s->api >= 0) {
			p->unexplained_ns += s->end_ns - s->start_ns;   /* a sync that ran its own course */
			p->unexplained_calls++;
		}
	}
}

static int find_path(struct oc_actx *c, const struct oc_graph *g)
{
	struct oc_critical_path *p = &c->a->path;
	struct walk w = { .c = c, .g = g };

	p->nodes = g->n_nodes;
	for (int k = 0; k < OC_N_PATH_EDGES; k++)
		p->edges[k] = g->count[k];
	p->edges_dropped = g->dropped;
	if (!g->n_nodes || g->end_ns <= g->start_ns)
		return 0;
	/* Room for a step a node at once (a path is fewer: 5.4 million steps of
	 * 20 million nodes at 10M ops), more by doubling: a block that large
	 * comes from mmap, and only the pages the steps touch are resident,
	 * where growing by doubling held the old room and the new at once, the
	 * walk's peak at 1M ops (issue 35). */
	w.cap = g->n_nodes + 1;
	w.s = w.cap <= SIZE_MAX / sizeof *w.s ? malloc(w.cap * sizeof *w.s) : NULL;
	if (!w.s)
		w.cap = 0;
	if (walk_back(&w) < 0) {
		free(w.s);
		return -1;
	}
	if (w.cur > g->start_ns && push(&w, g->start_ns, (struct oc_path_step){ .op = -1, .api = -1,
	    .part = OC_PATH_UNKNOWN, .edge = OC_N_PATH_EDGES }) < 0) {
		free(w.s);
		return -1;
	}
	for (size_t i = 0; i < w.n / 2; i++) {       /* into time order */
		struct oc_path_step x = w.s[i];
		w.s[i] = w.s[w.n - 1 - i];
		w.s[w.n - 1 - i] = x;
	}
	/* the walk grew its room by doubling; what is kept fits (issue 35) */
	struct oc_path_step *fit = realloc(w.s, (w.n + 1) * sizeof *fit);
	p->steps = fit ? fit : w.s;
	p->n_steps = w.n;
	p->given = 1;
	p->start_ns = g->start_ns;
	p->end_ns = g->end_ns;
	for (size_t i = 0; i < p->n_steps; i++) {
		const struct oc_path_step *s = &p->steps[i];   /* w.s is gone when realloc moved it */
		int64_t len = s->end_ns - s->start_ns;
		if (s->edge == OC_EDGE_HOST) {
			p->ns[OC_PATH_HOST_CALLS] += s->calls_ns;
			p->ns[OC_PATH_HOST_OUTSIDE] += len - s->calls_ns;
		} else {
			p->ns[s->part] += len;
		}
	}
	unexplained(p);
	return 0;               /* folded by oc_find_path(), when the ops are back */
}

/*
 * The graph, its walk and its bounds, each beside only what it reads (issue
 * 35: the three were report's peak at 10M ops, the trace and the graph
 * beside them): the threads' running ends (the walk's) are out of memory
 * while the graph is built, the graph's event order (the replays') while
 * the path is walked, and, when the trace is the analysis' own
 * (options.shed_trace), the trace's ops and calls while the graph's event
 * order is made and its binding edges chosen (graph.h) and the calls while
 * the bounds replay the graph, which reads none of them (bounds.c: the
 * blocks' call nodes come with the graph). Each goes to a temporary file and comes back in place (spill.h),
 * or stays where it is when it is small or no file takes it.
 */
int oc_find_path(struct oc_actx *c, char *err, size_t errlen)
{
	struct oc_graph g;
	struct oc_park ends = { .fd = -1 }, order = { .fd = -1 }, calls = { .fd = -1 },
		       steps = { .fd = -1 }, ops = { .fd = -1 }, build_calls = { .fd = -1 };
	struct oc_trace *t = c->t;
	int shed = c->o.shed_trace, rc;

	/* The graph is built over what the claims, the index and the trace's
	 * correlation index left free in the middle of the heap: resident until
	 * trimmed, and the graph's arrays do not all fit in it (issue 35:
	 * report's peak at 1M ops 308 against 289 MB). */
	oc_heap_trim();
	oc_park_add(&ends, c->t_maxend, t->n_api * sizeof *c->t_maxend);
	oc_park_out(c, &ends);
	if (oc_graph_build(c, &g, shed ? &ops : NULL, shed ? &build_calls : NULL) < 0) {
		rc = -1;
		goto back;
	}
	oc_actx_shed(c, OC_SHED_GRAPH);
	oc_heap_trim();         /* the build's own arrays */
	oc_park_add(&order, g.order, 2 * g.n_nodes * sizeof *g.order);
	oc_park_out(c, &order);
	/* the walk reads the calls (their threads) and the threads' ends, and
	 * no op: the ops stay out until the bounds, which read them, and the
	 * calls are out then */
	if (oc_park_in(c, &build_calls, "its calls", err, errlen) < 0 ||
	    oc_park_in(c, &ends, "its threads' call end times", err, errlen) < 0) {
		oc_spill_drop_park(&order);
		oc_graph_release(&g);
		rc = -2;
		goto back;
	}
	rc = find_path(c, &g);
	oc_actx_shed(c, OC_SHED_WALK);
	/* The bounds' arrays are report's peak; the graph's build and the walk
	 * freed as much in the middle of the heap, resident until trimmed
	 * (issue 35: 32 MB of 573 at 1M ops). */
	oc_heap_trim();
	if (rc == 0) {
		struct oc_critical_path *pa = &c->a->path;
		oc_park_add(&steps, pa->steps, pa->n_steps * sizeof *pa->steps);
		oc_park_out(c, &steps);
		if (shed) {
			oc_park_add(&calls, t->api, t->n_api * sizeof *t->api);
			oc_park_out(c, &calls);
		}
		if (oc_park_in(c, &ops, "its ops", err, errlen) < 0 ||
		    oc_park_in(c, &order, "its critical path's event order", err, errlen) < 0)
			rc = -2;
		else
			rc = oc_find_bounds(c, &g);
	}
	oc_graph_release(&g);
	oc_spill_drop_park(&order);
	oc_heap_trim();         /* the graph: the trace and the claims come back into its room */
back:
	/* the trace back also after a failure, each part whatever became of
	 * the others (and each file closed): it is the caller's */
	oc_spill_drop_park(&ends);
	if (oc_park_in(c, &build_calls, "its calls", err, errlen) < 0)
		rc = -2;
	if (oc_park_in(c, &calls, "its calls", err, errlen) < 0)
		rc = -2;
	if (oc_park_in(c, &ops, "its ops", err, errlen) < 0)
		rc = -2;
	if (rc < 0) {
		oc_spill_drop_park(&steps);
		if (rc == -2)
			return -1;      /* err says what could not be read back */
		goto nomem;
	}
	if (oc_park_in(c, &steps, "its critical path's steps", err, errlen) < 0)
		return -1;
	/* the path folded by what its steps were (its ops' and calls' names),
	 * with the calls back */
	if (c->a->path.given && fold(t, &c->a->path) < 0)
		goto nomem;
	return 0;
nomem:
	return oc_actx_nomem(c, err, errlen);
}
