/*
 * rules.h: the rules of `overlapcheck check`, and the results it reports.
 *
 * A rule is a limit on one measured quantity of a trace (docs/check.md):
 *
 *   min-copy-overlap F       copy/compute overlap share >= F (its old name
 *                            min-overlap is read for one release, with a note)
 *   min-overlapped-claims F  overlapped claims / claims >= F
 *   no-hidden-sync           hidden synchronizations == 0
 *   max-idle F               idle time / makespan <= F
 *   forbid-cause CODE        no serialized claim or idle gap has cause CODE (any
 *                            proven cause of a claim, decisive or not)
 *   max-dropped N            dropped records <= N
 *   max-host-wait F          device idle while the host was blocked in a sync <= F
 *                            of the window's device time
 *   max-late-submission F    device idle waiting for a late submission <= F
 *   max-exposed-comm F       NCCL communication time no compute kernel ran beside
 *                            (exposed, on unions) <= F of the communication time
 *   max-peer-wait F          time a rank's collectives waited for slower peers
 *                            (peer_wait) <= F of its communication time; decided
 *                            with --ranks only (docs/nccl.md)
 *   no-hazard                no hazard and no use after free (docs/hazards.md)
 *   no-latent-hazard         no latent hazard
 *   max-lever-bound F        no fix could save more than F of the interval: the
 *                            largest bound (docs/causes.md, "Bounds") <= F
 *
 * Rules come from command-line options and from rules files, one rule a
 * line, `#` starting a comment. Fractions are written 0.25 or 25%. Parsing is
 * strict: an unknown rule, a missing or extra argument, a number that is not
 * one or out of range, or an unknown cause code is an error that names the
 * file and line.
 *
 * Results (struct oc_check_suite) are what the output writers consume: one
 * suite per trace plus one for all traces together, one result per rule
 * (check.h decides them, check-report.h writes them).
 */
#ifndef OVERLAPCHECK_RULES_H
#define OVERLAPCHECK_RULES_H

#include <stddef.h>
#include <stdio.h>

enum oc_rule_kind {
	OC_RULE_MIN_COPY_OVERLAP = 0,
	OC_RULE_MIN_OVERLAPPED_CLAIMS,
	OC_RULE_NO_HIDDEN_SYNC,
	OC_RULE_MAX_IDLE,
	OC_RULE_FORBID_CAUSE,
	OC_RULE_MAX_DROPPED,
	OC_RULE_MAX_HOST_WAIT,        /* idle waiting for a host block / window time <= F */
	OC_RULE_MAX_LATE_SUBMISSION,  /* idle waiting for a late submission / window time <= F */
	OC_RULE_MAX_EXPOSED_COMM,     /* exposed communication / communication time <= F */
	OC_RULE_MAX_PEER_WAIT,        /* peer waits / communication time <= F (--ranks) */
	OC_RULE_NO_HAZARD,            /* hazards and uses after free == 0 (docs/hazards.md) */
	OC_RULE_NO_LATENT_HAZARD,     /* latent hazards == 0 */
	OC_RULE_MAX_LEVER_BOUND,      /* the largest bound / the interval <= F */
	OC_RULE__COUNT
};

struct oc_rule {
	enum oc_rule_kind kind;
	double limit;          /* fraction 0..1, or a count; unused for the no-* rules */
	char   cause[40];      /* forbid-cause: the cause code */
	char   origin[160];    /* where it was given: "--min-copy-overlap" or "rules.txt:3" */
};

struct oc_rules {
	struct oc_rule *v;
	size_t n, alloc;
	char **notes;            /* what the user should know: an old rule name read */
	size_t n_notes;
};

void oc_rules_init(struct oc_rules *r);
void oc_rules_release(struct oc_rules *r);

/* Rule name as written in a rules file and (with "--") as an option. */
const char *oc_rule_name(enum oc_rule_kind kind);
/* Kind for a rule name, or -1. Accepts "min-copy-overlap" and "--min-copy-overlap". */
int oc_rule_lookup(const char *name);
/* 1 when the rule takes an argument. */
int oc_rule_has_arg(enum oc_rule_kind kind);

/*
 * Append the rule `name` with its argument `arg` (NULL when it takes none).
 * origin says where it came from, for messages. Returns 0, or -1 with err
 * set ("rules.txt:3: min-overlap: '1.5' is not a fraction between 0 and 1").
 * A later rule of the same kind replaces an earlier one, except forbid-cause,
 * which accumulates (one rule per code, duplicates dropped).
 */
int oc_rules_add(struct oc_rules *r, const char *name, const char *arg,
		 const char *origin, char *err, size_t errlen);

/*
 * Parse rules text (the rules-file format) and append its rules. `source`
 * names it in messages. Returns the number of rules read, or -1 with err set
 * at the first bad line.
 */
int oc_rules_parse_text(struct oc_rules *r, const char *text, const char *source,
			char *err, size_t errlen);
/* Read and parse a rules file. Returns as oc_rules_parse_text. */
int oc_rules_parse_file(struct oc_rules *r, const char *path, char *err, size_t errlen);

/*
 * The cause vocabulary (docs/method.md): codes a serialized claim can carry, and
 * codes an idle gap can carry. forbid-cause accepts a code from either.
 */
int oc_cause_is_claim_cause(const char *code);
int oc_cause_is_gap_cause(const char *code);

/* Parse a fraction "0.25" or "25%" into [0,1]. 0 or -1. */
int oc_parse_fraction(const char *s, double *out);
/* Parse a non-negative integer count. 0 or -1. */
int oc_parse_count(const char *s, long long *out);

/* ---- results ---------------------------------------------------------- */

enum oc_rule_status {
	OC_RULE_PASS = 0,
	OC_RULE_FAIL,
	OC_RULE_SKIP,   /* nothing to measure (e.g. no async copies) */
};

/*
 * Decide a rule against a measured value: min-* rules hold when
 * measured >= limit, max-* rules when measured <= limit, no-hidden-sync and
 * forbid-cause when measured == 0. A NaN measurement means "nothing to
 * measure" and gives OC_RULE_SKIP.
 */
enum oc_rule_status oc_rule_decide(const struct oc_rule *rule, double measured);

/* ">=" (min-*), "<=" (max-*) or "==" (no-*, forbid-cause): how the measured
 * value must compare with the limit to pass. */
const char *oc_rule_relation(enum oc_rule_kind kind);
/* Is the measured value of this rule a fraction (printed as %) or a count? */
int oc_rule_is_fraction(enum oc_rule_kind kind);
/* "0.5" style limit text for messages: "50.0%", "0", "none". Returns buf. */
const char *oc_rule_limit_text(const struct oc_rule *rule, char *buf, size_t len);
/* Measured value as text, like the limit; "n/a" for NaN. Returns buf. */
const char *oc_rule_value_text(const struct oc_rule *rule, double v, char *buf, size_t len);
/* Human form of the rule: "min-overlap 50.0%", "forbid-cause pageable_host_memory". */
const char *oc_rule_label(const struct oc_rule *rule, char *buf, size_t len);

struct oc_rule_result {
	const struct oc_rule *rule;
	enum oc_rule_status status;
	double measured;        /* NaN when nothing to measure */
	char  *message;         /* one line: what was measured against what */
	char **evidence;        /* lines; for failures, the worst offenders */
	size_t n_evidence;
};

struct oc_check_suite {
	char  *name;            /* the trace path, or "all traces" */
	char **warnings;        /* e.g. dropped records: verdicts rest on incomplete data */
	size_t n_warnings;
	struct oc_rule_result *results;
	size_t n_results;
	double seconds;         /* time spent checking, for JUnit */
};

/* Helpers that own their strings (printf-style); they die on OOM like git's xmalloc. */
void oc_suite_init(struct oc_check_suite *s, const char *name);
void oc_suite_release(struct oc_check_suite *s);
void oc_suite_warn(struct oc_check_suite *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
struct oc_rule_result *oc_suite_add(struct oc_check_suite *s, const struct oc_rule *rule,
				    enum oc_rule_status st, double measured);
void oc_result_message(struct oc_rule_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void oc_result_evidence(struct oc_rule_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Number of failed results in a suite. */
size_t oc_suite_failures(const struct oc_check_suite *s);

/* The writers of these results (text, JSON, Markdown, JUnit XML, GitHub
 * workflow commands) are in check-report.h. */

#endif
