/*
 * host.c: the host story (docs/causes.md, "The host story").
 *
 * When the lever is host_submitted_late, the device spent most of the
 * window waiting for the host, and the one thing the user needs is what the
 * host was doing. Over the gaps caused by late submission (gaps.c), each
 * counted for the thread that queued its next op, this sums per thread the
 * gaps' time outside and inside CUDA calls (the gap's own split, so the
 * thread's sums are the sums over its gaps), the top-level calls inside the
 * gaps by function, how many of the thread's kernels in the window ran
 * shorter than their launch call, and a call that took most of a gap,
 * repeated before the same kernel. One remedy follows from the evidence of
 * the thread with the most late time (oc_host_remedy_text).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "context.h"
#include "overlapcheck/format.h"
#include "overlapcheck/mem.h"

/* A remedy needs a repeated slow call to take at least this share of the
 * thread's late time, and kernels at least this many to speak of a share. */
#define SLOW_SHARE 0.25
#define MIN_KERNELS 10

/* One (function of the longest call, kernel after it) pair over a thread's gaps. */
struct slow {
	uint32_t tid;
	int32_t  fn, kernel, api;   /* names (strs indices); an example call */
	size_t   gaps;
	int64_t  ns;
};

static int cmp_u32(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;

	return (a > b) - (a < b);
}

static int cmp_thread(const void *x, const void *y)
{
	const struct oc_host_thread *a = x, *b = y;

	if (a->gap_ns != b->gap_ns)
		return a->gap_ns < b->gap_ns ? 1 : -1;
	return (a->tid > b->tid) - (a->tid < b->tid);
}

static struct oc_host_thread *thread_of(struct oc_host_story *s, uint32_t tid, size_t *cap)
{
	for (size_t k = 0; k < s->n_threads; k++)
		if (s->threads[k].tid == tid)
			return &s->threads[k];
	if (s->n_threads == *cap) {
		struct oc_host_thread *v = oc_grow(s->threads, cap, sizeof *v, 8);
		if (!v)
			return NULL;
		s->threads = v;
	}
	struct oc_host_thread *h = &s->threads[s->n_threads++];
	memset(h, 0, sizeof *h);
	h->tid = tid;
	h->slow_api = -1;
	return h;
}

/* Add a call's time inside a gap to the thread's functions (kept: the
 * OC_HOST_FNS largest so far, by a small table of every function seen). */
struct fnacc {
	int32_t name;
	size_t calls;
	int64_t total, max;
};

static int add_fn(struct fnacc **v, size_t *n, size_t *cap, int32_t name, int64_t ns)
{
	for (size_t k = 0; k < *n; k++)
		if ((*v)[k].name == name) {
			(*v)[k].calls++;
			(*v)[k].total += ns;
			if (ns > (*v)[k].max)
				(*v)[k].max = ns;
			return 0;
		}
	if (*n == *cap) {
		struct fnacc *w = oc_grow(*v, cap, sizeof *w, 16);
		if (!w)
			return -1;
		*v = w;
	}
	(*v)[(*n)++] = (struct fnacc){ name, 1, ns, ns };
	return 0;
}

static int cmp_fnacc(const void *x, const void *y)
{
	const struct fnacc *a = x, *b = y;

	if (a->total != b->total)
		return a->total < b->total ? 1 : -1;
	return (a->name > b->name) - (a->name < b->name);
}

/* The top-level calls of thread tid inside [gs, ge), by function. */
static int gap_calls(const struct oc_actx *c, uint32_t tid, int64_t gs, int64_t ge,
		     struct fnacc **v, size_t *n, size_t *cap)
{
	const struct oc_trace *t = c->t;
	const uint32_t *calls;
	size_t m = oc_thread_calls_from(c, tid, gs, &calls);

	for (size_t k = 0; k < m; k++) {
		const struct oc_api *x = &t->api[calls[k]];
		if (x->start_ns >= ge)
			break;
		if (x->parent >= 0)
			continue;     /* a driver call under its runtime call: counted there */
		int64_t s = x->start_ns > gs ? x->start_ns : gs, e = x->end_ns < ge ? x->end_ns : ge;
		if (e > s && add_fn(v, n, cap, x->name, e - s) < 0)
			return -1;
	}
	return 0;
}

int oc_host_story(struct oc_actx *c)
{
	const struct oc_trace *t = c->t;
	struct oc_analysis *a = c->a;
	struct oc_host_story *s = &a->host;
	struct fnacc **acc = NULL;
	size_t *nacc = NULL, *capacc = NULL, cap = 0, n_slow = 0, cap_slow = 0;
	struct slow *slow = NULL;
	uint32_t *tids = NULL;
	size_t n_tids = 0;
	int rc = -1;

	memset(s, 0, sizeof *s);
	s->remedy = OC_ADVICE_NONE;
	if (a->summary.lever != OC_LEVER_HOST_LATE)
		return 0;
	s->given = 1;
	s->late_ns = a->summary.time.ns[OC_TIME_IDLE_LATE];
	/* the threads that queued device work in the window */
	tids = malloc((t->n_ops + 1) * sizeof *tids);
	if (!tids)
		return -1;
	for (size_t i = 0; i < t->n_ops; i++)
		if (oc_in_window(c, (int32_t)i) && c->tid[i] != OC_NO_TID)
			tids[n_tids++] = c->tid[i];
	oc_sort(tids, n_tids, sizeof *tids, cmp_u32);
	for (size_t i = 0; i < n_tids; i++)
		s->submitting_threads += i == 0 || tids[i] != tids[i - 1];
	free(tids);

	for (size_t g = 0; g < a->n_gaps; g++) {
		const struct oc_gap *gp = &a->gaps[g];
		if (gp->cause != OC_GAP_SUBMITTED_LATE)
			continue;
		uint32_t tid = gp->next_op >= 0 ? c->tid[gp->next_op] : OC_NO_TID;
		struct oc_host_thread *h = thread_of(s, tid, &cap);
		if (!h)
			goto out;
		size_t hi = (size_t)(h - s->threads);
		if (hi >= n_slow) {   /* a new thread: its function table */
			struct fnacc **na = realloc(acc, s->n_threads * sizeof *na);
			size_t *nn = realloc(nacc, s->n_threads * sizeof *nn);
			size_t *nc = realloc(capacc, s->n_threads * sizeof *nc);
			if (na)
				acc = na;
			if (nn)
				nacc = nn;
			if (nc)
				capacc = nc;
			if (!na || !nn || !nc)
				goto out;
			acc[hi] = NULL;
			nacc[hi] = capacc[hi] = 0;
			n_slow = s->n_threads;
		}
		int64_t len = gp->end_ns - gp->start_ns;
		h->gaps++;
		h->gap_ns += len;
		if (gp->outside_ns < 0) {
			h->unknown_gaps++;
			continue;
		}
		h->outside_ns += gp->outside_ns;
		h->inside_ns += len - gp->outside_ns;
		if (tid != OC_NO_TID &&
		    gap_calls(c, tid, gp->start_ns, gp->end_ns, &acc[hi], &nacc[hi], &capacc[hi]) < 0)
			goto out;
		/* a call that took most of the gap, before a kernel */
		if (gp->longest_api >= 0 && 2 * gp->longest_ns >= len && gp->next_op >= 0 &&
		    t->ops[gp->next_op].kind == OC_OP_KERNEL) {
			int32_t fn = t->api[gp->longest_api].name;
			int32_t kn = oc_op_shape(t, &t->ops[gp->next_op])->name;
			size_t k;
			for (k = 0; k < cap_slow; k++)
				if (slow[k].tid == tid && slow[k].fn == fn && slow[k].kernel == kn)
					break;
			if (k == cap_slow) {
				struct slow *ns = realloc(slow, (cap_slow + 1) * sizeof *ns);
				if (!ns)
					goto out;
				slow = ns;
				slow[cap_slow++] = (struct slow){ tid, fn, kn, gp->longest_api, 0, 0 };
			}
			slow[k].gaps++;
			slow[k].ns += len;
		}
	}
	/* each thread's functions, its kernels shorter than their launch, its slow call */
	for (size_t hi = 0; hi < s->n_threads; hi++) {
		struct oc_host_thread *h = &s->threads[hi];
		if (hi < n_slow && nacc[hi]) {
			oc_sort(acc[hi], nacc[hi], sizeof *acc[hi], cmp_fnacc);
			for (size_t k = 0; k < nacc[hi] && k < OC_HOST_FNS; k++)
				h->fns[h->n_fns++] = (struct oc_host_fn){ acc[hi][k].name, acc[hi][k].calls,
					acc[hi][k].total, acc[hi][k].max };
		}
		for (size_t k = 0; k < cap_slow; k++)
			if (slow[k].tid == h->tid && slow[k].gaps >= 2 && slow[k].ns > h->slow_ns) {
				h->slow_api = slow[k].api;
				h->slow_gaps = slow[k].gaps;
				h->slow_ns = slow[k].ns;
			}
	}
	for (size_t i = 0; i < t->n_ops; i++) {
		const struct oc_op *op = &t->ops[i];
		if (op->kind != OC_OP_KERNEL || !oc_in_window(c, (int32_t)i) || c->tid[i] == OC_NO_TID)
			continue;
		for (size_t hi = 0; hi < s->n_threads; hi++) {
			struct oc_host_thread *h = &s->threads[hi];
			if (h->tid != c->tid[i])
				continue;
			h->kernels++;
			if (op->api >= 0 && t->api[op->api].end_ns - t->api[op->api].start_ns >
			    op->end_ns - op->start_ns)
				h->launch_longer++;
			break;
		}
	}
	oc_sort(s->threads, s->n_threads, sizeof *s->threads, cmp_thread);
	/* the remedy, on the evidence of the thread with the most late time */
	if (s->n_threads) {
		const struct oc_host_thread *h = &s->threads[0];
		if (h->slow_api >= 0 && (double)h->slow_ns >= SLOW_SHARE * (double)h->gap_ns)
			s->remedy = OC_ADVICE_HOST_SLOW_CALL;
		else if (h->kernels >= MIN_KERNELS && 2 * h->launch_longer > h->kernels)
			s->remedy = OC_ADVICE_HOST_GRAPH_CAPTURE;
		else if (2 * h->outside_ns >= h->outside_ns + h->inside_ns && h->outside_ns > 0)
			s->remedy = OC_ADVICE_HOST_CPU_WORK;
		else
			s->remedy = OC_ADVICE_HOST_CALLS;
	}
	rc = 0;
out:
	for (size_t k = 0; k < n_slow; k++)
		free(acc[k]);
	free(acc);
	free(nacc);
	free(capacc);
	free(slow);
	return rc;
}

const char *oc_host_remedy_text(const struct oc_analysis *a, char *buf, size_t len)
{
	const struct oc_host_story *s = &a->host;
	const struct oc_trace *t = a->trace;
	char d1[32], name[160];

	if (!len)
		return buf;
	buf[0] = '\0';
	if (!s->given || !s->n_threads)
		return buf;
	const struct oc_host_thread *h = &s->threads[0];
	switch (s->remedy) {
	case OC_ADVICE_HOST_SLOW_CALL: {
		int32_t kop = -1;
		for (size_t g = 0; g < a->n_gaps && kop < 0; g++)
			if (a->gaps[g].longest_api == h->slow_api)
				kop = a->gaps[g].next_op;
		snprintf(buf, len, "%s took most of %zu gaps (%s) before %s: move it out of the loop, "
			   "or do it once before", oc_trace_str(t, t->api[h->slow_api].name), h->slow_gaps,
			   oc_fmt_duration(h->slow_ns, d1, sizeof d1),
			   kop >= 0 ? oc_op_short(t, kop, name, sizeof name, 60) : "the same kernel");
		return buf;
	}
	case OC_ADVICE_HOST_GRAPH_CAPTURE:
		snprintf(buf, len, "%zu of %zu kernels ran shorter than their launch call: capture the "
			   "loop in a CUDA graph (torch.cuda.graphs, torch.compile(mode=\"reduce-overhead\")) "
			   "or fuse kernels, so that the host submits less often", h->launch_longer, h->kernels);
		return buf;
	case OC_ADVICE_HOST_CPU_WORK:
		snprintf(buf, len, "the submitting thread spent %s of the gaps outside CUDA calls: the "
			   "CPU work itself (input pipeline, data loading, Python) is the cost; move it off "
			   "the submitting thread (DataLoader workers) or make it cheaper",
			   oc_fmt_duration(h->outside_ns, d1, sizeof d1));
		return buf;
	case OC_ADVICE_HOST_CALLS:
		snprintf(buf, len, "the submitting thread spent %s of the gaps inside CUDA calls (%s "
			   "most): fewer, larger calls, or a CUDA graph", oc_fmt_duration(h->inside_ns, d1,
			   sizeof d1), h->n_fns ? oc_trace_str(t, h->fns[0].name) : "no one call");
		return buf;
	default:
		return buf;
	}
}
