/*
 * comm.c: communication, after the claims (analysis.h, docs/nccl.md).
 *
 * NCCL kernels (op.comm) were decided as claims against compute; this step
 * gathers what the report, check and the multi-rank merge (ranks.c) need
 * about them, in one pass over the ops and a few sorts:
 *
 *   communicators  the NCCL kernels of one stream stand for one
 *                  communicator (the trace has no communicator ids), numbered
 *                  per device in the order of their first kernel;
 *   collectives    one per NCCL kernel: its communicator, its place in the
 *                  sequence of its collective name there (the merge matches
 *                  the n-th AllReduce of one rank with the n-th of another),
 *                  what its name says, its own exposed time (not covered by
 *                  the union of its device's compute kernels) and the NCCL
 *                  API call's NVTX range around its launch, when NCCL's NVTX
 *                  ranges were recorded;
 *   devices        communication in the window on unions, from the window's
 *                  sweep (busy_ns[OC_ENGINE_COMM], comm_exposed_ns);
 *   ranges         the same per NVTX range name (outside NCCL's own domain)
 *                  open on the launching thread at the launch, on unions per
 *                  device.
 *
 * Range lookups scan back from the launch at most OC_SCAN_LIMIT ranges; a
 * collective whose ranges lie further back is counted in fewer of them.
 */
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "context.h"

/* A device's compute kernels as a union: disjoint intervals by start. */
struct ulist {
	struct oc_interval *v;
	size_t n;
};

static int build_union(const struct oc_trace *t, const struct oc_dev_ctx *dv, struct ulist *u)
{
	u->n = 0;
	u->v = malloc((dv->sel.n + 1) * sizeof *u->v);
	if (!u->v)
		return -1;
	for (size_t k = 0; k < dv->sel.n; k++) {     /* by start: merge as they come */
		const struct oc_op *op = &t->ops[dv->sel.idx[k]];
		if (!oc_is_compute(op) || op->end_ns <= op->start_ns)
			continue;
		if (u->n && op->start_ns <= u->v[u->n - 1].end_ns) {
			if (op->end_ns > u->v[u->n - 1].end_ns)
				u->v[u->n - 1].end_ns = op->end_ns;
		} else {
			u->v[u->n++] = (struct oc_interval){ op->start_ns, op->end_ns };
		}
	}
	return 0;
}

/* |[a, b) intersected with the union u| */
static int64_t covered(const struct ulist *u, int64_t a, int64_t b)
{
	size_t lo = 0, hi = u->n;
	int64_t sum = 0;

	while (lo < hi) {                 /* the first interval ending after a */
		size_t mid = lo + (hi - lo) / 2;
		if (u->v[mid].end_ns <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t k = lo; k < u->n && u->v[k].start_ns < b; k++) {
		int64_t s = u->v[k].start_ns > a ? u->v[k].start_ns : a;
		int64_t e = u->v[k].end_ns < b ? u->v[k].end_ns : b;
		if (e > s)
			sum += e - s;
	}
	return sum;
}

static int cmp_comm(const void *x, const void *y)
{
	const struct oc_communicator *a = x, *b = y;
	if (a->device_id != b->device_id)
		return (a->device_id > b->device_id) - (a->device_id < b->device_id);
	return (a->ordinal > b->ordinal) - (a->ordinal < b->ordinal);
}

/* (communicator, collective name) -> kernels so far */
struct seqent {
	int32_t comm;
	char coll[24];
	uint32_t next;
};

struct inrange {            /* a collective launched inside a range of name `name` */
	int32_t name;
	int32_t coll;           /* index into a->collectives */
};

static int cmp_inrange(const void *x, const void *y)
{
	const struct inrange *a = x, *b = y;
	if (a->name != b->name)
		return (a->name > b->name) - (a->name < b->name);
	return (a->coll > b->coll) - (a->coll < b->coll);
}

static int cmp_range_out(const void *x, const void *y)
{
	const struct oc_comm_range *a = x, *b = y;
	if (a->exposed_ns != b->exposed_ns)
		return (a->exposed_ns < b->exposed_ns) - (a->exposed_ns > b->exposed_ns);
	return (a->name > b->name) - (a->name < b->name);
}

/* The claim of op i (claims are by op index), or -1. */
static int32_t claim_of(const struct oc_analysis *a, int32_t i)
{
	size_t lo = 0, hi = a->n_claims;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (a->claims[mid].op < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < a->n_claims && a->claims[lo].op == i ? (int32_t)lo : -1;
}

/*
 * The ranges open on thread tid at ts (start <= ts < end): the innermost of
 * NCCL's own domain into *nccl, the others' names appended to out (room for
 * OC_SCAN_LIMIT), deduplicated. Returns how many were appended.
 */
static size_t ranges_at(const struct oc_trace *t, uint32_t tid, int64_t ts, int32_t nccl_domain,
			int32_t *nccl, int32_t *out)
{
	size_t lo = 0, hi = t->n_ranges, n = 0;

	*nccl = -1;
	while (lo < hi) {                 /* ranges with start <= ts: [0, lo) */
		size_t mid = lo + (hi - lo) / 2;
		if (t->ranges[mid].start_ns <= ts)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t k = lo, seen = 0; k-- > 0 && seen < OC_SCAN_LIMIT; seen++) {
		const struct oc_range *r = &t->ranges[k];
		if (r->tid != tid || r->end_ns <= ts)
			continue;
		if (nccl_domain >= 0 && r->domain == nccl_domain) {
			if (*nccl < 0)
				*nccl = (int32_t)k;   /* scanning back: the first is the innermost */
			continue;
		}
		size_t j;
		for (j = 0; j < n && out[j] != r->name; j++)
			;
		if (j == n)
			out[n++] = r->name;
	}
	return n;
}

/* per-range sums on unions, per device: pairs are sorted by (name, collective) */
static int range_sums(struct oc_actx *c, struct inrange *pr, size_t np, const struct ulist *u)
{
	struct oc_analysis *a = c->a;
	const struct oc_trace *t = c->t;
	struct oc_interval *iv = malloc((np + 1) * sizeof *iv);
	size_t groups = 0;

	if (!iv)
		return -1;
	for (size_t i = 0; i < np; i++)
		groups += i == 0 || pr[i].name != pr[i - 1].name;
	a->comm_ranges = calloc(groups + 1, sizeof *a->comm_ranges);
	if (!a->comm_ranges) {
		free(iv);
		return -1;
	}
	for (size_t i = 0; i < np;) {
		size_t j = i;
		struct oc_comm_range *r = &a->comm_ranges[a->n_comm_ranges++];
		r->name = pr[i].name;
		while (j < np && pr[j].name == pr[i].name)
			j++;
		r->kernels = j - i;
		/* per device: the collectives are by op start, so by start within a device */
		for (size_t d = 0; d < c->n_dev; d++) {
			size_t m = 0;
			for (size_t k = i; k < j; k++) {
				const struct oc_op *op = &t->ops[a->collectives[pr[k].coll].op];
				if (oc_dev_of(c, a->collectives[pr[k].coll].op) != (int32_t)d || op->end_ns <= op->start_ns)
					continue;
				if (m && op->start_ns <= iv[m - 1].end_ns) {
					if (op->end_ns > iv[m - 1].end_ns)
						iv[m - 1].end_ns = op->end_ns;
				} else {
					iv[m++] = (struct oc_interval){ op->start_ns, op->end_ns };
				}
			}
			for (size_t k = 0; k < m; k++) {
				int64_t len = iv[k].end_ns - iv[k].start_ns;
				r->comm_ns += len;
				r->exposed_ns += len - covered(&u[d], iv[k].start_ns, iv[k].end_ns);
			}
		}
		i = j;
	}
	free(iv);
	oc_sort(a->comm_ranges, a->n_comm_ranges, sizeof *a->comm_ranges, cmp_range_out);
	return 0;
}

int oc_find_comm(struct oc_actx *c)
{
	const struct oc_trace *t = c->t;
	struct oc_analysis *a = c->a;
	size_t n = oc_trace_comm_ops(t), n_seq = 0, np = 0, cap_p = 0;
	int32_t *comm_of = NULL, *names = NULL, nccl_domain = -1;
	struct seqent *seq = NULL;
	struct inrange *pr = NULL;
	struct ulist *u = NULL;
	int rc = -1;

	if (!n)
		return 0;
	for (size_t k = 0; k < t->n_strs; k++)
		if (!strcmp(t->strs[k], "NCCL"))
			nccl_domain = (int32_t)k;
	comm_of = malloc((t->n_streams + 1) * sizeof *comm_of);
	a->collectives = calloc(n, sizeof *a->collectives);
	a->comms = calloc(n, sizeof *a->comms);
	seq = calloc(n, sizeof *seq);
	names = malloc(OC_SCAN_LIMIT * sizeof *names);
	u = calloc(c->n_dev + 1, sizeof *u);
	if (!comm_of || !a->collectives || !a->comms || !seq || !names || !u)
		goto out;
	for (size_t d = 0; d < c->n_dev; d++)
		if (build_union(t, &c->dev[d], &u[d]) < 0)
			goto out;
	for (size_t s = 0; s < t->n_streams; s++)
		comm_of[s] = -1;

	for (size_t i = 0; i < t->n_ops; i++) {
		const struct oc_op *op = &t->ops[i];
		if (!op->comm)
			continue;
		struct oc_collective *cl = &a->collectives[a->n_collectives++];
		int32_t cm = comm_of[op->stream];
		if (cm < 0) {
			int ord = 0;
			for (size_t k = 0; k < a->n_comms; k++)
				ord += a->comms[k].device_id == (int)oc_op_device_id(t, op);
			cm = comm_of[op->stream] = (int32_t)a->n_comms;
			a->comms[a->n_comms++] = (struct oc_communicator){
				.stream = op->stream, .device_id = (int)oc_op_device_id(t, op), .ordinal = ord,
				.first_ns = op->start_ns,
			};
		}
		a->comms[cm].kernels++;
		cl->op = (int32_t)i;
		cl->claim = claim_of(a, (int32_t)i);
		cl->comm = cm;
		oc_nccl_parse(oc_trace_str(t, oc_op_shape(t, op)->name), &cl->k);
		size_t q;
		for (q = 0; q < n_seq && (seq[q].comm != cm || strcmp(seq[q].coll, cl->k.collective)); q++)
			;
		if (q == n_seq) {
			seq[n_seq].comm = cm;
			memcpy(seq[n_seq].coll, cl->k.collective, sizeof seq[n_seq].coll);
			n_seq++;
		}
		cl->seq = seq[q].next++;
		cl->exposed_ns = op->end_ns - op->start_ns -
				 covered(&u[oc_dev_of(c, i)], op->start_ns, op->end_ns);
		cl->nccl_call = -1;
		if (op->api >= 0 && (size_t)op->api < t->n_api && t->n_ranges) {
			const struct oc_api *ap = &t->api[op->api];
			size_t m = ranges_at(t, ap->tid, ap->start_ns, nccl_domain, &cl->nccl_call, names);
			if (!oc_in_window(c, (int32_t)i))
				m = 0;
			if (np + m > cap_p) {
				size_t nc = cap_p ? 2 * cap_p : 256;
				while (nc < np + m)
					nc *= 2;
				struct inrange *x = realloc(pr, nc * sizeof *x);
				if (!x)
					goto out;
				pr = x;
				cap_p = nc;
			}
			for (size_t k = 0; k < m; k++)
				pr[np++] = (struct inrange){ names[k], (int32_t)(a->n_collectives - 1) };
		}
	}
	/* communicators by device, then ordinal; the collectives follow */
	{
		int32_t *to = malloc((a->n_comms + 1) * sizeof *to);
		if (!to)
			goto out;
		oc_sort(a->comms, a->n_comms, sizeof *a->comms, cmp_comm);
		for (size_t k = 0; k < a->n_comms; k++)
			to[comm_of[a->comms[k].stream]] = (int32_t)k;
		for (size_t k = 0; k < a->n_collectives; k++)
			a->collectives[k].comm = to[a->collectives[k].comm];
		free(to);
	}

	/* the window's communication, per device */
	a->comm_devices = calloc(c->n_dev + 1, sizeof *a->comm_devices);
	if (!a->comm_devices)
		goto out;
	for (size_t d = 0; d < c->n_dev; d++) {
		const struct oc_sweep *w = &c->dev[d].wsweep;
		size_t kernels = 0;
		if (!w->busy_ns[OC_ENGINE_COMM])
			continue;
		for (size_t k = 0; k < a->n_collectives; k++)
			kernels += oc_dev_of(c, a->collectives[k].op) == (int32_t)d &&
				   oc_in_window(c, a->collectives[k].op);
		a->comm_devices[a->n_comm_devices++] = (struct oc_comm_device){
			.device_id = c->dev[d].device_id, .kernels = kernels,
			.comm_ns = w->busy_ns[OC_ENGINE_COMM], .exposed_ns = w->comm_exposed_ns,
			.exposed_alone_ns = w->comm_exposed_alone_ns,
		};
	}
	if (np) {
		oc_sort(pr, np, sizeof *pr, cmp_inrange);
		if (range_sums(c, pr, np, u) < 0)
			goto out;
	}
	rc = 0;
out:
	for (size_t d = 0; u && d < c->n_dev; d++)
		free(u[d].v);
	free(u);
	free(comm_of);
	free(seq);
	free(names);
	free(pr);
	return rc;
}
