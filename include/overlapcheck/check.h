/*
 * check.h: the rule evaluation of `overlapcheck check`, the CI gate.
 *
 * Each trace is opened, scoped (range, device) and analysed (analysis.h) on
 * its own; the rules (rules.h) are then decided on the analysis summary of
 * each trace and, when there are several traces, on all of them together
 * (sums of the same quantities, so shares are weighted by time, not
 * averaged). Every decision becomes a struct oc_rule_result with the
 * measured value, a one-line message and, for a failure, the evidence: the
 * worst claims with their causes, the longest hidden synchronizations or
 * idle gaps; for the aggregate, each trace's own value. The writers are in
 * check-report.h.
 *
 * With opts.ranks the inputs (traces, JSON reports, directories) are one
 * job's ranks, merged on one time axis (ranks.h): one suite per rank and one
 * for all, deciding max-exposed-comm, max-peer-wait and forbid-cause
 * peer_wait (the rules that rank data carries); other rules are refused.
 * Without it, max-peer-wait and forbid-cause peer_wait are skipped: a
 * trace alone cannot prove a wait for its peers.
 */
#ifndef OVERLAPCHECK_CHECK_H
#define OVERLAPCHECK_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "overlapcheck/analysis.h"
#include "overlapcheck/rules.h"

#define OC_CHECK_DEFAULT_EVIDENCE 5

struct oc_check_options {
	struct oc_analysis_options a;  /* the analysis' options, as report takes them: range,
	                                  device, whole, the per-claim threshold, ... */
	int evidence;            /* worst items listed per failure */
	int ranks;               /* 1: the inputs are a job's ranks (ranks.h): one suite per
	                            rank, communication rules only */
	int64_t peer_wait_ns;    /* ranks: the peer_wait threshold (ranks.h); <= 0: its default */
};

/* a: oc_analysis_options_init()'s defaults; evidence OC_CHECK_DEFAULT_EVIDENCE. */
void oc_check_options_init(struct oc_check_options *o);

struct oc_check {
	struct oc_check_options opts;   /* as given (range not copied) */
	/* One suite per trace in the order given (named by its path), then, when
	 * there are several traces, the aggregate "all N traces". */
	struct oc_check_suite *suites;
	size_t n_suites;
	size_t n_traces;
};

/*
 * Decide rules on the n traces at paths into *c. Returns 0, or -1 with a
 * message in err: a trace that cannot be opened or analysed (the reader's
 * message, naming the trace), or no device ops in scope in any trace ("no
 * device ops in the trace on the given device: nothing to check": a gate
 * that measured nothing does not pass). On failure c holds the suites of
 * the traces decided before it, so their warnings can still be shown.
 * Either way, release c with oc_check_release() afterwards. The results
 * point into rules, which, like the paths and o->range, must outlive c.
 */
int oc_check_run(struct oc_check *c, const struct oc_rules *rules,
		 const char *const *paths, size_t n, const struct oc_check_options *o,
		 char *err, size_t errlen);
void oc_check_release(struct oc_check *c);

/* Failed rule checks over every suite. */
size_t oc_check_failures(const struct oc_check *c);

#endif
