/*
 * check.c: the rule evaluation of `overlapcheck check` (check.h): each
 * trace analysed on its own, the rules decided per trace and over all
 * traces, and the evidence for each failure. The writers are in
 * src/report/out-check.c and out-check-ci.c.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check-evidence.h"
#include "overlapcheck/analysis.h"
#include "overlapcheck/causes.h"
#include "overlapcheck/check.h"
#include "overlapcheck/demangle.h"
#include "overlapcheck/format.h"
#include "overlapcheck/ranks.h"
#include "overlapcheck/rules.h"
#include "overlapcheck/sweep.h"
#include "overlapcheck/trace.h"

/* What the rules measure, summable over traces. */
struct totals {
	int64_t copy_ns, copy_compute_ns;
	int64_t claims, overlapped;
	int64_t hidden_syncs;
	int64_t hazards, latent_hazards;          /* findings (pairs); -1: a trace was not checked */
	int64_t makespan_ns, idle_ns;
	int64_t time_ns, host_wait_ns, late_ns;   /* the window's time split */
	int64_t dropped;         /* -1 when unknown in any trace */
	int64_t dropped_rows;    /* of them, calls' rows the tracer dropped */
	int64_t comm_ns, comm_exposed_ns;         /* NCCL kernels, on unions */
	int     ranks;           /* 1: peer waits were measured (check --ranks) */
	int64_t peer_wait_ns;
	int64_t *cause_hits;     /* per rule: claims + gaps with the forbidden cause */
	/* the largest bound of a trace (of the traces: the largest share), -1: none given */
	double   bound_share;
	int64_t  bound_ns, path_ns;
	int      bound_fix;
	int      bound_withheld;  /* a trace's bounds were withheld: its limit cannot be proven */
};

void oc_check_options_init(struct oc_check_options *o)
{
	memset(o, 0, sizeof *o);
	oc_analysis_options_init(&o->a);
	o->evidence = OC_CHECK_DEFAULT_EVIDENCE;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- deciding ---------------------------------------------------------------- */

static double share(int64_t num, int64_t den)
{
	return den > 0 ? (double)num / (double)den : NAN;
}

/* Claims and gaps that carry the forbidden code. */
static int64_t count_cause(const struct oc_analysis *a, const char *code)
{
	int cc = oc_cause_from_name(code), gc = oc_gap_cause_from_name(code);
	int64_t n = 0;

	for (size_t i = 0; cc >= 0 && i < a->n_claims; i++)
		n += a->claims[i].verdict == OC_VERDICT_SERIALIZED && a->claims[i].in_window &&
		     claim_has_cause(&a->claims[i], cc);
	for (size_t i = 0; gc >= 0 && i < a->n_gaps; i++)
		n += (int)a->gaps[i].cause == gc;
	return n;
}

/* Measure one trace's analysis into *tot (added to the aggregate by the caller). */
static void measure(struct totals *tot, const struct oc_analysis *a, const struct oc_rules *rules)
{
	const struct oc_summary *s = &a->summary;

	tot->copy_ns = s->copy_ns;
	tot->copy_compute_ns = s->copy_compute_overlap_ns;
	tot->claims = (int64_t)s->claims;
	tot->overlapped = (int64_t)s->overlapped;
	tot->hidden_syncs = (int64_t)s->hidden_syncs;
	/* every pair, listed or not; a trace whose ops touched no tracked
	 * allocation proves nothing either (-1) */
	if (a->hazard_status.checked && a->hazard_status.accesses) {
		tot->hazards = (int64_t)(a->hazard_status.pairs[OC_HAZARD] +
					 a->hazard_status.pairs[OC_USE_AFTER_FREE]);
		tot->latent_hazards = (int64_t)a->hazard_status.pairs[OC_LATENT_HAZARD];
	} else {
		tot->hazards = tot->latent_hazards = -1;
	}
	tot->makespan_ns = s->makespan_ns;
	tot->idle_ns = s->idle_ns;
	tot->time_ns = s->time.total_ns;
	tot->host_wait_ns = s->time.ns[OC_TIME_IDLE_HOST_BLOCK];
	tot->late_ns = s->time.ns[OC_TIME_IDLE_LATE];
	/* records CUPTI dropped, and the calls' rows the tracer did (its backlog full) */
	tot->dropped = s->dropped_records;
	tot->dropped_rows = s->dropped_callback_rows > 0 ? s->dropped_callback_rows : 0;
	if (tot->dropped >= 0)
		tot->dropped += tot->dropped_rows;
	tot->comm_ns = s->comm_ns;
	tot->comm_exposed_ns = s->comm_exposed_ns;
	tot->bound_share = -1;
	tot->bound_withheld = a->path.withheld != NULL;
	if (a->path.n_bounds && !a->path.withheld) {
		tot->bound_share = a->path.bounds[0].share;
		tot->bound_ns = a->path.bounds[0].bound_ns;
		tot->bound_fix = a->path.bounds[0].fix;
		tot->path_ns = a->path.end_ns - a->path.start_ns;
	}
	for (size_t i = 0; i < rules->n; i++)
		tot->cause_hits[i] = rules->v[i].kind == OC_RULE_FORBID_CAUSE ?
				     count_cause(a, rules->v[i].cause) : 0;
}

/*
 * Decide every rule on the totals. a is the trace's analysis for evidence,
 * or NULL for the aggregate, whose evidence is each trace's value. 0, or -1
 * when memory ran out.
 */
/* What rule i measures in tot: a share, a count, or NaN when there is
 * nothing to measure. */
static double measured(const struct oc_rule *rule, size_t i, const struct totals *tot)
{
	double m = NAN;

	switch (rule->kind) {
	case OC_RULE_MIN_COPY_OVERLAP:
		m = share(tot->copy_compute_ns, tot->copy_ns);
		break;
	case OC_RULE_MIN_OVERLAPPED_CLAIMS:
		m = share(tot->overlapped, tot->claims);
		break;
	case OC_RULE_NO_HIDDEN_SYNC:
		m = (double)tot->hidden_syncs;
		break;
	case OC_RULE_MAX_IDLE:
		m = share(tot->idle_ns, tot->makespan_ns);
		break;
	case OC_RULE_FORBID_CAUSE:
		/* peer_wait is decided across ranks: a trace alone proves nothing */
		m = !tot->ranks && !strcmp(rule->cause, "peer_wait") ? NAN : (double)tot->cause_hits[i];
		break;
	case OC_RULE_MAX_EXPOSED_COMM:
		m = share(tot->comm_exposed_ns, tot->comm_ns);
		break;
	case OC_RULE_MAX_PEER_WAIT:
		m = tot->ranks ? share(tot->peer_wait_ns, tot->comm_ns) : NAN;
		break;
	case OC_RULE_MAX_DROPPED:
		m = tot->dropped < 0 ? NAN : (double)tot->dropped;
		break;
	case OC_RULE_MAX_HOST_WAIT:
		m = share(tot->host_wait_ns, tot->time_ns);
		break;
	case OC_RULE_MAX_LATE_SUBMISSION:
		m = share(tot->late_ns, tot->time_ns);
		break;
	case OC_RULE_NO_HAZARD:
		m = tot->hazards < 0 ? NAN : (double)tot->hazards;
		break;
	case OC_RULE_NO_LATENT_HAZARD:
		m = tot->latent_hazards < 0 ? NAN : (double)tot->latent_hazards;
		break;
	case OC_RULE_MAX_LEVER_BOUND:
		m = tot->bound_withheld ? NAN : tot->bound_share < 0 ? 0 : tot->bound_share;
		break;
	case OC_RULE__COUNT:
		break;
	}
	return m;
}

/* Rule i's message from tot, and on a trace (a set) the worst items as its
 * evidence when it failed. Returns what oc_chk_evidence() did (-1: no memory). */
static int explain(struct oc_rule_result *r, const struct oc_rule *rule, size_t i, double m,
		   const struct totals *tot, const struct oc_analysis *a, const struct oc_check_options *o)
{
	char x[32], y[32];
	int ev = 0, cc, gc;

	switch (rule->kind) {
	case OC_RULE_MIN_COPY_OVERLAP:
		if (isnan(m))
			oc_result_message(r, "no async copies: nothing to overlap");
		else
			oc_result_message(r, "%s of %s async copy time overlapped compute",
					  oc_fmt_ns(x, sizeof x, (double)tot->copy_compute_ns),
					  oc_fmt_ns(y, sizeof y, (double)tot->copy_ns));
		if (a && r->status == OC_RULE_FAIL)
			ev |= oc_chk_evidence(r, a, OC_CHK_UNHIDDEN_COPY, -1, o->evidence);
		break;
	case OC_RULE_MIN_OVERLAPPED_CLAIMS:
		if (isnan(m))
			oc_result_message(r, "no claims: no async device work");
		else
			oc_result_message(r, "%lld of %lld claims overlapped", (long long)tot->overlapped,
					  (long long)tot->claims);
		if (a && r->status == OC_RULE_FAIL)
			ev |= oc_chk_evidence(r, a, OC_CHK_SERIALIZED, -1, o->evidence);
		break;
	case OC_RULE_NO_HAZARD:
	case OC_RULE_NO_LATENT_HAZARD:
		if (isnan(m)) {
			oc_result_message(r, "hazards not checked: %s", !a ? "a trace was not checked" :
					  a->hazard_status.why_not ? a->hazard_status.why_not :
					  "no op touched an allocation the tracer saw (memory from "
					  "cuMemCreate/cuMemMap, pointers only inside structs, or "
					  "launches whose arguments are unknown)");
			break;
		}
		oc_result_message(r, "%.0f %s pair%s", m, rule->kind == OC_RULE_NO_HAZARD ?
				  "unordered (hazard, use-after-free)" : "latent hazard",
				  m == 1 ? "" : "s");
		if (a && r->status == OC_RULE_FAIL)
			oc_chk_hazards(r, a, rule->kind == OC_RULE_NO_LATENT_HAZARD, o->evidence);
		break;
	case OC_RULE_NO_HIDDEN_SYNC:
		oc_result_message(r, "%lld hidden synchronization%s", (long long)tot->hidden_syncs,
				  tot->hidden_syncs == 1 ? "" : "s");
		if (a && r->status == OC_RULE_FAIL)
			ev |= oc_chk_evidence(r, a, OC_CHK_HIDDEN_BLOCK, -1, o->evidence);
		break;
	case OC_RULE_MAX_IDLE:
		if (isnan(m))
			oc_result_message(r, "no device work: no makespan");
		else
			oc_result_message(r, "device idle %s of a %s makespan",
					  oc_fmt_ns(x, sizeof x, (double)tot->idle_ns),
					  oc_fmt_ns(y, sizeof y, (double)tot->makespan_ns));
		if (a && r->status == OC_RULE_FAIL)
			ev |= oc_chk_evidence(r, a, OC_CHK_GAP, -1, o->evidence);
		break;
	case OC_RULE_FORBID_CAUSE:
		if (isnan(m)) {
			oc_result_message(r, "peer_wait needs the other ranks: check --ranks with every "
					  "rank's trace or JSON report");
			break;
		}
		if (tot->ranks) {
			oc_result_message(r, "%lld collective%s that waited for slower peers",
					  (long long)tot->cause_hits[i], tot->cause_hits[i] == 1 ? "" : "s");
			break;
		}
		oc_result_message(r, "%lld serialized claim%s or idle gap%s with cause %s",
				  (long long)tot->cause_hits[i], tot->cause_hits[i] == 1 ? "" : "s",
				  tot->cause_hits[i] == 1 ? "" : "s", rule->cause);
		if (a && r->status == OC_RULE_FAIL) {
			cc = oc_cause_from_name(rule->cause);
			gc = oc_gap_cause_from_name(rule->cause);
			if (cc >= 0)
				ev |= oc_chk_evidence(r, a, OC_CHK_CAUSE_CLAIM, cc, o->evidence);
			if (gc >= 0)
				ev |= oc_chk_evidence(r, a, OC_CHK_GAP, gc, o->evidence);
		}
		break;
	case OC_RULE_MAX_DROPPED:
		if (isnan(m))
			oc_result_message(r, "the dropped-record count is unknown (the trace does not "
					  "record it): the limit cannot be proven");
		else
			oc_result_message(r, tot->dropped_rows ? "%lld dropped record%s (%lld of them calls' rows)"
					  : "%lld dropped record%s", (long long)tot->dropped,
					  tot->dropped == 1 ? "" : "s", (long long)tot->dropped_rows);
		break;
	case OC_RULE_MAX_HOST_WAIT:
	case OC_RULE_MAX_LATE_SUBMISSION:
		if (isnan(m))
			oc_result_message(r, "no device work: no time to split");
		else
			oc_result_message(r, "device idle %s %s, of %s of device time in the window",
					  oc_fmt_ns(x, sizeof x, (double)(rule->kind == OC_RULE_MAX_HOST_WAIT ?
						    tot->host_wait_ns : tot->late_ns)),
					  rule->kind == OC_RULE_MAX_HOST_WAIT ?
					  "while the host was blocked in a sync" :
					  "waiting for a late submission",
					  oc_fmt_ns(y, sizeof y, (double)tot->time_ns));
		if (a && r->status == OC_RULE_FAIL)
			ev |= oc_chk_evidence(r, a, OC_CHK_GAP,
					   rule->kind == OC_RULE_MAX_HOST_WAIT ?
					   OC_GAP_HOST_SYNCHRONIZATION : OC_GAP_SUBMITTED_LATE, o->evidence);
		break;
	case OC_RULE_MAX_EXPOSED_COMM:
		if (isnan(m))
			oc_result_message(r, "no NCCL kernels: no communication");
		else
			oc_result_message(r, "%s of %s of NCCL communication ran with no compute kernel "
					  "beside it", oc_fmt_ns(x, sizeof x, (double)tot->comm_exposed_ns),
					  oc_fmt_ns(y, sizeof y, (double)tot->comm_ns));
		if (a && r->status == OC_RULE_FAIL)
			ev |= oc_chk_evidence(r, a, OC_CHK_EXPOSED_COMM, -1, o->evidence);
		break;
	case OC_RULE_MAX_PEER_WAIT:
		if (!tot->ranks)
			oc_result_message(r, "peer waits need the other ranks: check --ranks with every "
					  "rank's trace or JSON report");
		else if (isnan(m))
			oc_result_message(r, "no NCCL kernels: no communication");
		else
			oc_result_message(r, "%s of %s of communication waited for slower peers",
					  oc_fmt_ns(x, sizeof x, (double)tot->peer_wait_ns),
					  oc_fmt_ns(y, sizeof y, (double)tot->comm_ns));
		break;
	case OC_RULE_MAX_LEVER_BOUND:
		if (tot->bound_withheld)
			oc_result_message(r, "the bounds were withheld (the report says why): the limit cannot "
					  "be proven");
		else if (tot->bound_share < 0)
			oc_result_message(r, "no fix has anything to edit in the interval: nothing to save");
		else
			oc_result_message(r, "%s could save at most %s of %s (a bound; compare proves a saving)",
					  oc_fix_id(tot->bound_fix), oc_fmt_ns(x, sizeof x, (double)tot->bound_ns),
					  oc_fmt_ns(y, sizeof y, (double)tot->path_ns));
		break;
	case OC_RULE__COUNT:
		break;
	}
	return ev;
}

static int decide(struct oc_check_suite *suite, const struct oc_rules *rules,
		  const struct totals *tot, const struct oc_analysis *a,
		  const struct oc_check_suite *per_trace, size_t n_traces, const struct oc_check_options *o)
{
	char x[32];
	int ev = 0;

	for (size_t i = 0; i < rules->n; i++) {
		const struct oc_rule *rule = &rules->v[i];
		struct oc_rule_result *r;
		double m;

		m = measured(rule, i, tot);
		/* An unknown count cannot prove the limit (dropped records, hazards
		 * in a trace without the allocation map): fail, not skip. */
		r = oc_suite_add(suite, rule, (rule->kind == OC_RULE_MAX_DROPPED ||
					       rule->kind == OC_RULE_NO_HAZARD ||
					       rule->kind == OC_RULE_NO_LATENT_HAZARD) && isnan(m) ?
				 OC_RULE_FAIL : oc_rule_decide(rule, m), m);

		ev |= explain(r, rule, i, m, tot, a, o);
		/* aggregate: each trace's own value is the evidence */
		if (!a && r->status == OC_RULE_FAIL) {
			for (size_t t = 0; t < n_traces; t++) {
				const struct oc_rule_result *pr = &per_trace[t].results[i];
				oc_result_evidence(r, "%s: %s (%s)", per_trace[t].name,
						   oc_rule_value_text(rule, pr->measured, x, sizeof x),
						   pr->status == OC_RULE_PASS ? "pass" :
						   pr->status == OC_RULE_FAIL ? "FAIL" : "skip");
			}
		}
	}
	return ev ? -1 : 0;
}


/* The analysis's warnings: dropped or incomplete records, an unclean exit,
 * launches without device records, the tracer's own warnings. */
static void analysis_warnings(struct oc_check_suite *s, const struct oc_analysis *a)
{
	for (size_t i = 0; i < a->n_warnings; i++)
		oc_suite_warn(s, "%s", a->warnings[i]);
}

/* The aggregate suite "all N WHAT" after the n suites already in c, decided
 * on the sums. 0, or -1 out of memory. */
static int add_aggregate(struct oc_check *c, const struct oc_rules *rules, const struct totals *sum,
			 size_t n, const char *what, const struct oc_check_options *o)
{
	char name[64];

	snprintf(name, sizeof name, "all %zu %s", n, what);
	oc_suite_init(&c->suites[c->n_suites], name);
	c->n_suites++;
	return decide(&c->suites[n], rules, sum, NULL, c->suites, n, o);
}

/* ---- a job's ranks (check --ranks) -------------------------------------------- */

/* Rank x's evidence for a failed rule: its longest waits, or its most
 * exposed serialized collectives. 0 or -1 (memory). */
static int rank_evidence(struct oc_rule_result *r, const struct oc_ranks *m, const struct oc_rank *x,
			 int waits, int n)
{
	size_t *idx = calloc((size_t)n + 1, sizeof *idx), have = 0;
	int64_t *best = calloc((size_t)n + 1, sizeof *best);
	char a1[32], a2[32], a3[32];

	if (!idx || !best) {
		free(idx);
		free(best);
		return -1;
	}
	for (size_t i = 0; i < x->n_colls; i++) {   /* the n longest, longest first */
		const struct oc_rank_coll *c = &x->colls[i];
		int64_t sc = waits ? (c->peer_wait ? c->wait_ns + 1 : 0) :
			     (!c->overlapped && c->in_window ? c->exposed_ns + 1 : 0);
		size_t k;
		if (sc <= 0)
			continue;
		for (k = have; k > 0 && best[k - 1] < sc; k--)
			if (k < (size_t)n) {
				best[k] = best[k - 1];
				idx[k] = idx[k - 1];
			}
		if (k < (size_t)n) {
			best[k] = sc;
			idx[k] = i;
			if (have < (size_t)n)
				have++;
		}
	}
	for (size_t k = 0; k < have; k++) {
		const struct oc_rank_coll *c = &x->colls[idx[k]];
		int cause = oc_rank_coll_cause(c);
		if (waits && c->inst >= 0) {
			const struct oc_rank_inst *in = &m->insts[c->inst];
			oc_result_evidence(r, "%s #%u on communicator %d at %s waited %s for rank %d (started at %s)",
					   c->collective, c->seq, c->comm, oc_fmt_ns(a1, sizeof a1, (double)c->start_ns),
					   oc_fmt_ns(a2, sizeof a2, (double)c->wait_ns), m->ranks[in->last].rank,
					   oc_fmt_ns(a3, sizeof a3, (double)in->last_start_ns));
		} else {
			oc_result_evidence(r, "%s #%u on communicator %d at %s: %s with no compute beside it "
					   "(cause %s)", c->collective, c->seq, c->comm,
					   oc_fmt_ns(a1, sizeof a1, (double)c->start_ns),
					   oc_fmt_ns(a2, sizeof a2, (double)c->exposed_ns),
					   cause >= 0 ? oc_cause_name(cause) : "none");
		}
	}
	free(idx);
	free(best);
	return 0;
}

static int check_ranks(struct oc_check *c, const struct oc_rules *rules, const char *const *inputs,
		       size_t n, const struct oc_check_options *o, char *err, size_t errlen)
{
	struct oc_ranks_options ro;
	struct oc_ranks m;
	struct totals sum, one;
	int ret = -1;

	for (size_t i = 0; i < rules->n; i++) {
		const struct oc_rule *ru = &rules->v[i];
		if (ru->kind == OC_RULE_MAX_EXPOSED_COMM || ru->kind == OC_RULE_MAX_PEER_WAIT ||
		    (ru->kind == OC_RULE_FORBID_CAUSE && !strcmp(ru->cause, "peer_wait")))
			continue;
		snprintf(err, errlen, "with --ranks the rules are max-exposed-comm, max-peer-wait and "
			 "forbid-cause peer_wait; %s%s%s needs each trace checked on its own (without "
			 "--ranks)", oc_rule_name(ru->kind), ru->kind == OC_RULE_FORBID_CAUSE ? " " : "",
			 ru->kind == OC_RULE_FORBID_CAUSE ? ru->cause : "");
		return -1;
	}
	oc_ranks_options_init(&ro);
	ro.a = o->a;
	if (o->peer_wait_ns > 0)
		ro.peer_wait_ns = o->peer_wait_ns;
	if (oc_ranks_run(&m, inputs, n, &ro, err, errlen)) {
		oc_ranks_release(&m);
		return -1;
	}
	memset(&sum, 0, sizeof sum);
	memset(&one, 0, sizeof one);
	c->suites = calloc(m.n_ranks + 1, sizeof *c->suites);
	sum.cause_hits = calloc(rules->n + 1, sizeof *sum.cause_hits);
	one.cause_hits = calloc(rules->n + 1, sizeof *one.cause_hits);
	if (!c->suites || !sum.cause_hits || !one.cause_hits)
		goto oom;
	c->n_traces = m.n_ranks;
	sum.ranks = one.ranks = m.aligned;
	for (size_t r = 0; r < m.n_ranks; r++) {
		const struct oc_rank *x = &m.ranks[r];
		struct oc_check_suite *s = &c->suites[r];
		char name[600];
		double t0 = now_s();
		snprintf(name, sizeof name, "rank %d (%s)", x->rank, x->source);
		oc_suite_init(s, name);
		c->n_suites++;
		if (r == 0)
			for (size_t k = 0; k < m.n_notes; k++)
				oc_suite_warn(s, "%s", m.notes[k]);
		one.comm_ns = x->comm_ns;
		one.comm_exposed_ns = x->exposed_ns;
		one.peer_wait_ns = x->wait_ns;
		for (size_t i = 0; i < rules->n; i++)
			one.cause_hits[i] = rules->v[i].kind == OC_RULE_FORBID_CAUSE ? (int64_t)x->waits : 0;
		if (decide(s, rules, &one, NULL, NULL, 0, o) < 0)
			goto oom;
		for (size_t i = 0; i < s->n_results; i++) {
			struct oc_rule_result *res = &s->results[i];
			if (res->status == OC_RULE_FAIL &&
			    rank_evidence(res, &m, x, res->rule->kind != OC_RULE_MAX_EXPOSED_COMM, o->evidence) < 0)
				goto oom;
		}
		sum.comm_ns += one.comm_ns;
		sum.comm_exposed_ns += one.comm_exposed_ns;
		sum.peer_wait_ns += one.peer_wait_ns;
		for (size_t i = 0; i < rules->n; i++)
			sum.cause_hits[i] += one.cause_hits[i];
		s->seconds = now_s() - t0;
	}
	if (m.n_ranks > 1 && add_aggregate(c, rules, &sum, m.n_ranks, "ranks", o) < 0)
		goto oom;
	ret = 0;
	goto out;
oom:
	snprintf(err, errlen, "out of memory");
out:
	free(sum.cause_hits);
	free(one.cause_hits);
	oc_ranks_release(&m);
	return ret;
}

int oc_check_run(struct oc_check *c, const struct oc_rules *rules,
		 const char *const *paths, size_t n, const struct oc_check_options *o,
		 char *err, size_t errlen)
{
	struct totals sum, one;
	size_t total_ops = 0;
	int ret = -1;

	if (o->ranks) {
		memset(c, 0, sizeof *c);
		c->opts = *o;
		return check_ranks(c, rules, paths, n, o, err, errlen);
	}

	memset(c, 0, sizeof *c);
	memset(&sum, 0, sizeof sum);
	memset(&one, 0, sizeof one);
	c->opts = *o;
	c->n_traces = n;
	c->suites = calloc(n + 1, sizeof *c->suites);
	sum.cause_hits = calloc(rules->n + 1, sizeof *sum.cause_hits);
	one.cause_hits = calloc(rules->n + 1, sizeof *one.cause_hits);
	if (!c->suites || !sum.cause_hits || !one.cause_hits)
		goto oom;

	for (size_t i = 0; i < n; i++) {
		struct oc_check_suite *s = &c->suites[i];
		struct oc_trace t;
		struct oc_analysis a;
		struct oc_analysis_options ao;
		double t0 = now_s();
		int r;

		if (oc_trace_open(&t, paths[i], err, errlen) < 0)
			goto out;
		ao = o->a;
		ao.shed_trace = 1;      /* t is this loop's, analysed once */
		if (oc_analysis_run(&t, &ao, &a, err, errlen) < 0) {
			oc_trace_release(&t);
			goto out;
		}
		oc_suite_init(s, paths[i]);
		c->n_suites++;
		if (!t.n_ops)
			oc_suite_warn(s, "no device ops%s%s%s%s: nothing to check",
				      o->a.device >= 0 ? " on this device" : "", o->a.range ? " inside range '" : "",
				      o->a.range ? o->a.range : "", o->a.range ? "'" : "");
		total_ops += t.n_ops;
		analysis_warnings(s, &a);
		measure(&one, &a, rules);
		r = decide(s, rules, &one, &a, NULL, 0, o);
		sum.copy_ns += one.copy_ns;
		sum.copy_compute_ns += one.copy_compute_ns;
		sum.claims += one.claims;
		sum.overlapped += one.overlapped;
		sum.hidden_syncs += one.hidden_syncs;
		sum.hazards = (i && sum.hazards < 0) || one.hazards < 0 ? -1 : sum.hazards + one.hazards;
		sum.latent_hazards = (i && sum.latent_hazards < 0) || one.latent_hazards < 0
				     ? -1 : sum.latent_hazards + one.latent_hazards;
		sum.makespan_ns += one.makespan_ns;
		sum.idle_ns += one.idle_ns;
		sum.time_ns += one.time_ns;
		sum.host_wait_ns += one.host_wait_ns;
		sum.late_ns += one.late_ns;
		sum.comm_ns += one.comm_ns;
		sum.comm_exposed_ns += one.comm_exposed_ns;
		sum.bound_withheld |= one.bound_withheld;
		if (!i || one.bound_share > sum.bound_share) {
			sum.bound_share = one.bound_share;
			sum.bound_ns = one.bound_ns;
			sum.bound_fix = one.bound_fix;
			sum.path_ns = one.path_ns;
		}
		sum.dropped = (i && sum.dropped < 0) || one.dropped < 0 ? -1 : sum.dropped + one.dropped;
		sum.dropped_rows += one.dropped_rows;
		for (size_t k = 0; k < rules->n; k++)
			sum.cause_hits[k] += one.cause_hits[k];
		oc_analysis_release(&a);
		oc_trace_release(&t);
		s->seconds = now_s() - t0;
		if (r < 0)
			goto oom;
	}
	/* A gate that measured nothing must not pass: a wrong device, or
	 * traces in which no device work was recorded at all. */
	if (!total_ops) {
		snprintf(err, errlen, "no device ops in %s%s%s: nothing to check",
			 n == 1 ? "the trace" : "any trace",
			 o->a.device >= 0 ? " on the given device" : "",
			 o->a.range ? " inside the range" : "");
		goto out;
	}
	if (n > 1 && add_aggregate(c, rules, &sum, n, "traces", o) < 0)
		goto oom;
	ret = 0;
	goto out;
oom:
	snprintf(err, errlen, "out of memory");
out:
	free(sum.cause_hits);
	free(one.cause_hits);
	return ret;
}

void oc_check_release(struct oc_check *c)
{
	for (size_t i = 0; i < c->n_suites; i++)
		oc_suite_release(&c->suites[i]);
	free(c->suites);
	memset(c, 0, sizeof *c);
}

size_t oc_check_failures(const struct oc_check *c)
{
	size_t n = 0;

	for (size_t i = 0; i < c->n_suites; i++)
		n += oc_suite_failures(&c->suites[i]);
	return n;
}
