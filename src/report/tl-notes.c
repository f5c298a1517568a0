/*
 * tl-notes.c: the analysis, as the timeline outputs show it.
 *
 * Runs the analysis (analysis.h) and turns its results into struct
 * oc_tl_notes, indexed like the trace's ops and API calls, so that
 * out-chrome.c and out-html.c never depend on the analysis' own types:
 *
 *   a claim     -> the note of its op (verdict, overlap ratio, cause codes,
 *                  the decisive cause's evidence as a sentence) and of the
 *                  API call that queued it (serialized wins when a graph
 *                  launch has both);
 *   a gap       -> a gap with its cause and evidence;
 *   a hidden block -> a hidden sync on the calling thread;
 *   a hazard    -> its two ops, joined, with a sentence;
 *   the critical path -> on_path on its ops and calls, and one line: its
 *                  length, makeup and first bound;
 *   the summary -> the one-line answer.
 *
 * The sentences are built here into one string pool, freed together; the
 * analysis itself is released once the notes are made.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "out-host.h"
#include "overlapcheck/analysis.h"
#include "overlapcheck/causes.h"
#include "overlapcheck/export.h"
#include "overlapcheck/format.h"

struct pool {
	char  **blocks;
	size_t  n;
	int     failed;
};

struct priv {
	struct pool pool;
	struct oc_analysis a;
	int have_analysis;
};

/* printf into a string owned by the pool; NULL when out of memory. */
static const char *pool_fmt(struct pool *p, const char *fmt, ...)
{
	va_list ap;
	char **blocks;
	char *s;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0 || !(s = malloc((size_t)len + 1)))
		goto fail;
	va_start(ap, fmt);
	vsnprintf(s, (size_t)len + 1, fmt, ap);
	va_end(ap);
	blocks = realloc(p->blocks, (p->n + 1) * sizeof *blocks);
	if (!blocks) {
		free(s);
		goto fail;
	}
	p->blocks = blocks;
	p->blocks[p->n++] = s;
	return s;
fail:
	p->failed = 1;
	return NULL;
}

static void pool_free(struct pool *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->blocks[i]);
	free(p->blocks);
	memset(p, 0, sizeof *p);
}

/* "1.234 ms" style, into buf. */
static const char *dur(int64_t ns, char *buf, size_t len)
{
	int64_t a = ns < 0 ? -ns : ns;

	if (a >= 1000000000)
		snprintf(buf, len, "%.3f s", (double)ns / 1e9);
	else if (a >= 1000000)
		snprintf(buf, len, "%.3f ms", (double)ns / 1e6);
	else if (a >= 1000)
		snprintf(buf, len, "%.3f us", (double)ns / 1e3);
	else
		snprintf(buf, len, "%" PRId64 " ns", ns);
	return buf;
}

/* The decisive cause's evidence, as one sentence: the cause table's (causes.c). */
static const char *evidence_text(struct pool *p, const struct oc_analysis *a, const struct oc_claim *cl,
				 const struct oc_evidence *e)
{
	char say[1024];
	return pool_fmt(p, "%s", oc_evidence_text(a, cl, e, say, sizeof say));
}

static const char *causes_text(struct pool *p, const struct oc_claim *c)
{
	char buf[512];
	size_t len = 0;

	buf[0] = 0;
	for (size_t i = 0; i < c->n_evidence && len < sizeof buf - 1; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", i ? "," : "",
					oc_cause_name(c->evidence[i].cause));
	return pool_fmt(p, "%s", buf);
}

static const char *gap_text(struct pool *p, const struct oc_trace *t, const struct oc_analysis *a,
			    const struct oc_gap *g)
{
	char adv[512];

	return pool_fmt(p, "%s", oc_gap_advice(t, a, g, adv, sizeof adv));
}

/* ": 8 pageable host memory, 4 legacy default stream": decisive causes of one kind's serialized claims. */
static size_t cause_counts(const struct oc_trace *t, const struct oc_analysis *a, int kind,
			   char *buf, size_t len)
{
	size_t counts[OC_N_CAUSES], n = 0;

	buf[0] = 0;
	oc_analysis_cause_counts(t, a, kind, counts);
	for (int c = 0; c < OC_N_CAUSES; c++) {
		if (!counts[c] || n >= len)
			continue;
		n += (size_t)snprintf(buf + n, len - n, "%s%zu %s", n ? ", " : ": ", counts[c],
				      oc_cause_label((enum oc_cause)c));
	}
	return n;
}

/*
 * The report's answer (out-text.c's first lines, same wording) on one line:
 * copies, kernels, memsets, hidden syncs, joined by " | ".
 */
static const char *answer_text(struct pool *p, const struct oc_trace *t, const struct oc_analysis *a)
{
	const struct oc_summary *s = &a->summary;
	char line[2048], causes[512], share[32];
	size_t n = 0;

#define ADD(...) do { if (n < sizeof line) \
		n += (size_t)snprintf(line + n, sizeof line - n, __VA_ARGS__); } while (0)
	if (!s->claims)
		return pool_fmt(p, "No async device work in this trace: nothing to prove or disprove.");
	if (s->copy_claims) {
		if (s->copy_compute_overlap_share < 0)
			snprintf(share, sizeof share, "n/a");
		else
			snprintf(share, sizeof share, "%.0f%%", s->copy_compute_overlap_share * 100);
		cause_counts(t, a, OC_OP_MEMCPY, causes, sizeof causes);
		ADD("%zu of %zu async copies overlapped compute", s->copy_overlapped_compute,
		    s->copy_claims);
		if (s->copy_overlapped != s->copy_overlapped_compute)
			ADD(" (%zu overlapped other work)", s->copy_overlapped);
		ADD("; %s of copy time hidden; %zu serialized%s", share,
		    s->copy_claims - s->copy_overlapped, causes);
	}
	if (s->kernel_claims) {
		cause_counts(t, a, OC_OP_KERNEL, causes, sizeof causes);
		ADD("%s%zu of %zu kernels overlapped other device work; %zu serialized%s",
		    n ? " | " : "", s->kernel_overlapped, s->kernel_claims,
		    s->kernel_claims - s->kernel_overlapped, causes);
	}
	if (s->memset_claims) {
		cause_counts(t, a, OC_OP_MEMSET, causes, sizeof causes);
		ADD("%s%zu of %zu async memsets overlapped other device work; %zu serialized%s",
		    n ? " | " : "", s->memset_overlapped, s->memset_claims,
		    s->memset_claims - s->memset_overlapped, causes);
	}
	if (s->hidden_syncs) {
		char d1[32];
		ADD("%s%zu hidden synchronization%s blocked the host for %s in total", n ? " | " : "",
		    s->hidden_syncs, s->hidden_syncs == 1 ? "" : "s",
		    dur(s->hidden_sync_blocked_ns, d1, sizeof d1));
	}
	if (s->incomplete_data)
		ADD("%sdata incomplete (see overlapcheck report)", n ? " | " : "");
#undef ADD
	return pool_fmt(p, "%s", line);
}

/*
 * on_path on what the path's groups count (path.c's fold): a call node's
 * call, the call whose return a block or own-wait edge reaches (its blocked
 * time is on the path), a device node's op, and for a whole graph launch
 * every op of that launch (the ops of its call with a graph id, as the
 * graph's node was made of them). The other edges (launch latency, device
 * gaps, host time between calls) have no slice of their own. 0, or -1 when out of memory.
 */
static int mark_path(struct oc_tl_notes *n, const struct oc_trace *t, const struct oc_analysis *a)
{
	const struct oc_critical_path *p = &a->path;
	uint8_t *graph_call = NULL;
	int any_graph = 0;

	if (!p->given)
		return 0;
	for (size_t i = 0; i < p->n_steps; i++) {
		const struct oc_path_step *st = &p->steps[i];
		if (st->edge == OC_EDGE_BLOCK || st->edge == OC_EDGE_OWN_WAIT) {
			if (st->api >= 0 && (size_t)st->api < t->n_api)   /* a blocking call's return */
				n->api[st->api].on_path = 1;
			continue;
		}
		if (st->edge != OC_N_PATH_EDGES || st->part == OC_PATH_UNKNOWN)
			continue;
		if (st->op >= 0 && (size_t)st->op < t->n_ops) {
			n->ops[st->op].on_path = 1;
			int32_t c = t->ops[st->op].api;
			if (st->graph && c >= 0 && (size_t)c < t->n_api) {
				if (!graph_call && !(graph_call = calloc(t->n_api, 1)))
					return -1;
				graph_call[c] = 1;
				any_graph = 1;
			}
		} else if (st->api >= 0 && (size_t)st->api < t->n_api) {
			n->api[st->api].on_path = 1;
		}
	}
	for (size_t i = 0; any_graph && i < t->n_ops; i++) {
		const struct oc_op *op = &t->ops[i];
		if (op->api >= 0 && (size_t)op->api < t->n_api && graph_call[op->api] &&
		    oc_op_shape(t, op)->graph_id &&
		    op->end_ns > p->start_ns && op->start_ns < p->end_ns)
			n->ops[i].on_path = 1;
	}
	free(graph_call);
	return 0;
}

/* "critical path 12.3 ms: device compute 45.0%, ...; bound: pinning ..." */
static int path_line(struct oc_tl_notes *n, struct pool *pool, const struct oc_analysis *a)
{
	const struct oc_critical_path *p = &a->path;
	char line[900], d1[32], bt[400];
	size_t len = 0;
	int64_t total = p->end_ns - p->start_ns;

	if (!p->given || total <= 0)
		return 0;
	len = (size_t)snprintf(line, sizeof line, "critical path %s (dark top bar):",
			       dur(total, d1, sizeof d1));
	for (int k = 0; k < OC_N_PATH_PARTS; k++)
		if (p->ns[k] && len < sizeof line)
			len += (size_t)snprintf(line + len, sizeof line - len, "%s %s %.1f%%",
						len && line[len - 1] == ':' ? "" : ",",
						oc_path_part_label(k), 100.0 * (double)p->ns[k] / (double)total);
	if (len < sizeof line) {
		if (p->withheld)
			snprintf(line + len, sizeof line - len, "; no bound: %s", p->withheld);
		else if (p->n_bounds)
			snprintf(line + len, sizeof line - len, "; bound: %s",
				 oc_bound_text(&p->bounds[0], bt, sizeof bt));
	}
	n->path = pool_fmt(pool, "%s", line);
	return n->path ? 0 : -1;
}

int oc_tl_notes_init(struct oc_tl_notes *n, struct oc_trace *t,
		     const struct oc_analysis_options *opts, char *err, size_t errlen)
{
	struct priv *pv;
	struct oc_analysis *a;

	memset(n, 0, sizeof *n);
	pv = calloc(1, sizeof *pv);
	if (!pv)
		goto nomem;
	n->priv = pv;
	if (oc_analysis_run(t, opts, &pv->a, err, errlen)) {
		free(pv);
		n->priv = NULL;
		return -1;
	}
	pv->have_analysis = 1;
	a = &pv->a;

	n->ops = calloc(t->n_ops + 1, sizeof *n->ops);
	n->api = calloc(t->n_api + 1, sizeof *n->api);
	n->gaps = calloc(a->n_gaps + 1, sizeof *n->gaps);
	n->hsyncs = calloc(a->n_blocks + 1, sizeof *n->hsyncs);
	if (!n->ops || !n->api || !n->gaps || !n->hsyncs)
		goto nomem;

	for (size_t i = 0; i < a->n_claims; i++) {
		const struct oc_claim *c = &a->claims[i];
		struct oc_tl_note nt = { 0 };

		if (c->op < 0 || (size_t)c->op >= t->n_ops)
			continue;
		nt.ratio = oc_claim_overlap_ratio(t, c);
		int32_t api = oc_claim_api(t, c);
		nt.verdict = c->verdict == OC_VERDICT_SERIALIZED ? OC_TL_SERIALIZED : OC_TL_OVERLAPPED;
		if (c->verdict == OC_VERDICT_SERIALIZED && c->n_evidence) {
			char adv[512];
			nt.causes = causes_text(&pv->pool, c);
			nt.evidence = pool_fmt(&pv->pool, "%s; advice: %s",
					       evidence_text(&pv->pool, a, c, &c->evidence[0]),
					       oc_claim_advice(t, a, c, adv, sizeof adv));
		}
		n->ops[c->op] = nt;
		if (api >= 0 && (size_t)api < t->n_api && n->api[api].verdict != OC_TL_SERIALIZED)
			n->api[api] = nt;
	}
	for (size_t i = 0; i < a->n_gaps; i++) {
		const struct oc_gap *g = &a->gaps[i];
		n->gaps[n->n_gaps++] = (struct oc_tl_gap){
			.start_ns = g->start_ns, .end_ns = g->end_ns, .device_id = (uint32_t)g->device_id,
			.cause = oc_gap_cause_name(g->cause), .evidence = gap_text(&pv->pool, t, a, g),
		};
	}
	for (size_t i = 0; i < a->n_blocks; i++) {
		const struct oc_block *b = &a->blocks[i];
		char d1[32];
		if (!b->hidden)
			continue;
		n->hsyncs[n->n_hsyncs++] = (struct oc_tl_hsync){
			.api = b->api, .start_ns = b->start_ns, .end_ns = b->end_ns, .tid = b->tid,
			.evidence = pool_fmt(&pv->pool, "blocked the host %s waiting for %zu op(s) in "
					     "other streams; no synchronization record",
					     dur(b->blocked_ns, d1, sizeof d1), b->n_waited_for),
		};
	}
	n->hazards = calloc(a->n_hazards + 1, sizeof *n->hazards);
	if (!n->hazards)
		goto nomem;
	for (size_t i = 0; i < a->n_hazards; i++) {
		const struct oc_hazard *hz = &a->hazards[i];
		char s1[256], s2[256], adv[600], b[32];
		int32_t x = hz->first.op, y = hz->second.op;

		if (x < 0) {       /* the free came first: the op is the one to mark */
			x = y;
			y = -1;
		}
		if (x < 0)
			continue;
		n->hazards[n->n_hazards++] = (struct oc_tl_hazard){
			.op_a = x, .op_b = y, .latent = hz->kind == OC_LATENT_HAZARD,
			.kind = oc_hazard_kind_name(hz->kind),
			.text = pool_fmt(&pv->pool, "%s on %s at 0x%llx: %s (stream %u) and %s (stream %u), "
					 "%zu pair(s); advice: %s", oc_hazard_kind_name(hz->kind),
					 oc_fmt_bytes((uint64_t)hz->bytes, b, sizeof b),
					 (unsigned long long)hz->base,
					 oc_hazard_side_label(t, &hz->first, s1, sizeof s1),
					 t->streams[hz->first.stream].stream_id,
					 oc_hazard_side_label(t, &hz->second, s2, sizeof s2),
					 t->streams[hz->second.stream].stream_id, hz->count,
					 oc_hazard_advice(t, hz, adv, sizeof adv)),
		};
	}
	n->answer = answer_text(&pv->pool, t, a);
	{
		char lev[600];
		char story[1200];
		oc_host_story_line(a, story, sizeof story);
		n->lever = pool_fmt(&pv->pool, "%s%s%s", oc_lever_text(a, lev, sizeof lev),
				    story[0] ? " | " : "", story);
	}
	{
		const struct oc_time_split *ts = &a->summary.time;
		char line[600];
		size_t len = 0;
		line[0] = '\0';
		for (int p = 0; p < OC_N_TIME_PARTS && ts->total_ns > 0; p++) {
			if (!ts->ns[p])
				continue;
			len += (size_t)snprintf(line + len, len < sizeof line ? sizeof line - len : 0,
						"%s%s %.1f%%", len ? ", " : "", oc_time_part_label(p),
						100.0 * (double)ts->ns[p] / (double)ts->total_ns);
		}
		if (len)
			n->time_split = pool_fmt(&pv->pool, "where the time went: %s", line);
	}
	if (mark_path(n, t, a) || path_line(n, &pv->pool, a))
		goto nomem;
	n->window_how = oc_window_how_name(a->summary.window.how);
	n->window_start_ns = a->summary.window.start_ns;
	n->window_end_ns = a->summary.window.end_ns;
	if (pv->pool.failed)
		goto nomem;
	/* the notes hold their own strings (the pool) or static ones: the
	 * analysis can go before the pictures are drawn, and its memory with it */
	oc_analysis_release(&pv->a);
	pv->have_analysis = 0;
	return 0;

nomem:
	snprintf(err, errlen, "cannot annotate the timeline of '%s': %s", t->path, strerror(ENOMEM));
	oc_tl_notes_release(n);
	return -1;
}

void oc_tl_notes_release(struct oc_tl_notes *n)
{
	struct priv *pv = n->priv;

	if (pv) {
		if (pv->have_analysis)
			oc_analysis_release(&pv->a);
		pool_free(&pv->pool);
		free(pv);
	}
	free(n->ops);
	free(n->api);
	free(n->gaps);
	free(n->hsyncs);
	free(n->hazards);
	memset(n, 0, sizeof *n);
}
