/*
 * rules.c: the rules of `overlapcheck check`: parsing, deciding, results.
 *
 * Rules are small and few, so they live in a growable array in the order
 * they were given (rules file lines and options interleave as on the command
 * line). Every rule has one syntax whether it comes from an option
 * (`--max-idle 0.1`) or from a file line (`max-idle 0.1`), so both paths go
 * through oc_rules_add(), which is where validation lives.
 *
 * Results own their strings; the output writers (out-check-ci.c, cmd-check.c) only
 * read them.
 *
 * To add a rule, do these five things:
 *   1. its kind in include/overlapcheck/rules.h (enum oc_rule_kind, before
 *      OC_RULE__COUNT) and its line in that header's list;
 *   2. its row in rule_defs below: name (the option without "--" and the
 *      rules file's word), whether it takes a value, whether that value is a
 *      share (printed as %), and how measured and limit compare; a value
 *      other than a fraction or a count also needs its case in
 *      oc_rules_add()'s validation;
 *   3. what it measures: its cases in check.c (what a trace and the
 *      aggregate add up, and the decision with its message and evidence);
 *   4. its tests: tests/unit/test-rules.c (parsing) and tests/cli/
 *      test-check.sh (a synthetic trace from gate-gen.py whose answer
 *      follows from its design, pass and fail);
 *   5. docs/check.md's table, cmd-check.c's help and the man page.
 * The option, the rules-file syntax, the JSON, JUnit and ::error names all
 * come from the row's name; the outputs read the row's relation.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/analysis.h"
#include "overlapcheck/format.h"
#include "overlapcheck/rules.h"

static const struct {
	const char *name;
	int has_arg;
	int fraction;   /* measured value is a share, printed as % */
	const char *relation;   /* how measured must compare with the limit to pass */
} rule_defs[OC_RULE__COUNT] = {
	[OC_RULE_MIN_COPY_OVERLAP]       = { "min-copy-overlap", 1, 1, ">=" },
	[OC_RULE_MIN_OVERLAPPED_CLAIMS]  = { "min-overlapped-claims", 1, 1, ">=" },
	[OC_RULE_NO_HIDDEN_SYNC]         = { "no-hidden-sync", 0, 0, "==" },
	[OC_RULE_MAX_IDLE]               = { "max-idle", 1, 1, "<=" },
	[OC_RULE_FORBID_CAUSE]           = { "forbid-cause", 1, 0, "==" },
	[OC_RULE_MAX_DROPPED]            = { "max-dropped", 1, 0, "<=" },
	[OC_RULE_MAX_HOST_WAIT]          = { "max-host-wait", 1, 1, "<=" },
	[OC_RULE_MAX_LATE_SUBMISSION]    = { "max-late-submission", 1, 1, "<=" },
	[OC_RULE_MAX_EXPOSED_COMM]       = { "max-exposed-comm", 1, 1, "<=" },
	[OC_RULE_MAX_PEER_WAIT]          = { "max-peer-wait", 1, 1, "<=" },
	[OC_RULE_NO_HAZARD]              = { "no-hazard", 0, 0, "==" },
	[OC_RULE_NO_LATENT_HAZARD]       = { "no-latent-hazard", 0, 0, "==" },
	[OC_RULE_MAX_LEVER_BOUND]        = { "max-lever-bound", 1, 1, "<=" },
};

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q) {
		fputs("overlapcheck: out of memory\n", stderr);
		exit(2);
	}
	return q;
}

static char *xvasprintf(const char *fmt, va_list ap)
{
	char *s;
	if (vasprintf(&s, fmt, ap) < 0) {
		fputs("overlapcheck: out of memory\n", stderr);
		exit(2);
	}
	return s;
}

void oc_rules_init(struct oc_rules *r)
{
	memset(r, 0, sizeof *r);
}

void oc_rules_release(struct oc_rules *r)
{
	for (size_t i = 0; i < r->n_notes; i++)
		free(r->notes[i]);
	free(r->notes);
	free(r->v);
	memset(r, 0, sizeof *r);
}

const char *oc_rule_name(enum oc_rule_kind kind)
{
	return (unsigned)kind < OC_RULE__COUNT ? rule_defs[kind].name : "?";
}

int oc_rule_lookup(const char *name)
{
	if (!strncmp(name, "--", 2))
		name += 2;
	for (int i = 0; i < OC_RULE__COUNT; i++)
		if (!strcmp(rule_defs[i].name, name))
			return i;
	return -1;
}

int oc_rule_has_arg(enum oc_rule_kind kind)
{
	return (unsigned)kind < OC_RULE__COUNT && rule_defs[kind].has_arg;
}

const char *oc_rule_relation(enum oc_rule_kind kind)
{
	return (unsigned)kind < OC_RULE__COUNT ? rule_defs[kind].relation : "?";
}

int oc_rule_is_fraction(enum oc_rule_kind kind)
{
	return (unsigned)kind < OC_RULE__COUNT && rule_defs[kind].fraction;
}

/* The vocabulary is the analysis's (docs/method.md): one list, in analysis.c. */
int oc_cause_is_claim_cause(const char *code)
{
	return oc_cause_from_name(code) >= 0;
}

int oc_cause_is_gap_cause(const char *code)
{
	return oc_gap_cause_from_name(code) >= 0;
}

int oc_parse_fraction(const char *s, double *out)
{
	char *end;
	double v;

	if (!s || !*s || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (end == s || errno || !isfinite(v))
		return -1;
	if (*end == '%') {
		v /= 100.0;
		end++;
	}
	if (*end || v < 0.0 || v > 1.0)
		return -1;
	*out = v;
	return 0;
}

int oc_parse_count(const char *s, long long *out)
{
	char *end;
	long long v;

	if (!s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (*end || errno || v < 0)
		return -1;
	*out = v;
	return 0;
}

/* Append or replace; forbid-cause rules accumulate, one per code. */
static struct oc_rule *slot_for(struct oc_rules *r, enum oc_rule_kind kind, const char *cause)
{
	for (size_t i = 0; i < r->n; i++) {
		if (r->v[i].kind != kind)
			continue;
		if (kind != OC_RULE_FORBID_CAUSE || !strcmp(r->v[i].cause, cause))
			return &r->v[i];
	}
	if (r->n == r->alloc) {
		r->alloc = r->alloc ? 2 * r->alloc : 8;
		r->v = xrealloc(r->v, r->alloc * sizeof *r->v);
	}
	memset(&r->v[r->n], 0, sizeof r->v[r->n]);
	return &r->v[r->n++];
}

/* The copy/compute share rule's old name: read for one release with a
 * note (docs/check.md), since --min-overlap is the per-claim threshold in
 * every other command. */
#define OLD_MIN_OVERLAP "min-overlap"

int oc_rules_add(struct oc_rules *r, const char *name, const char *arg,
		 const char *origin, char *err, size_t errlen)
{
	int kind = oc_rule_lookup(name);
	struct oc_rule rule;
	long long count;

	if (!origin)
		origin = "rules";
	if (kind < 0 && !strcmp(name + (strncmp(name, "--", 2) ? 0 : 2), OLD_MIN_OVERLAP)) {
		int opt = !strncmp(origin, "--", 2);
		kind = OC_RULE_MIN_COPY_OVERLAP;
		oc_strv_addf(&r->notes, &r->n_notes, 400, "%s%s%s is the old name of %smin-copy-overlap "
			     "(the copy/compute overlap share): it keeps that meaning in check for this "
			     "release only, then means the per-claim threshold, as in report; write "
			     "%smin-copy-overlap", opt ? "" : origin, opt ? "" : ": ", opt ? "--min-overlap" :
			     OLD_MIN_OVERLAP, opt ? "--" : "", opt ? "--" : "");
		if (opt)
			origin = "--min-copy-overlap";
	}
	if (kind < 0) {
		snprintf(err, errlen, "%s: unknown rule '%s'", origin, name);
		return -1;
	}
	memset(&rule, 0, sizeof rule);
	rule.kind = kind;
	snprintf(rule.origin, sizeof rule.origin, "%s", origin);
	/* where the rule was given: an option names itself ("--max-idle"), a
	 * rules file's line does not ("ci.rules:3: max-idle") */
	char where[200];
	if (!strncmp(origin, "--", 2))
		snprintf(where, sizeof where, "%s", origin);
	else
		snprintf(where, sizeof where, "%s: %s", origin, rule_defs[kind].name);
	if (rule_defs[kind].has_arg && !arg) {
		snprintf(err, errlen, "%s needs an argument", where);
		return -1;
	}
	if (!rule_defs[kind].has_arg && arg) {
		snprintf(err, errlen, "%s takes no argument, got '%s'", where, arg);
		return -1;
	}
	switch ((enum oc_rule_kind)kind) {
	case OC_RULE_MIN_COPY_OVERLAP:
	case OC_RULE_MIN_OVERLAPPED_CLAIMS:
	case OC_RULE_MAX_IDLE:
	case OC_RULE_MAX_HOST_WAIT:
	case OC_RULE_MAX_LATE_SUBMISSION:
	case OC_RULE_MAX_EXPOSED_COMM:
	case OC_RULE_MAX_PEER_WAIT:
	case OC_RULE_MAX_LEVER_BOUND:
		if (oc_parse_fraction(arg, &rule.limit) < 0) {
			snprintf(err, errlen, "%s: '%s' is not a fraction between 0 and 1 "
				 "(write 0.25 or 25%%)", where, arg);
			return -1;
		}
		break;
	case OC_RULE_MAX_DROPPED:
		if (oc_parse_count(arg, &count) < 0) {
			snprintf(err, errlen, "%s: '%s' is not a non-negative integer", where, arg);
			return -1;
		}
		rule.limit = (double)count;
		break;
	case OC_RULE_FORBID_CAUSE:
		if (!oc_cause_is_claim_cause(arg) && !oc_cause_is_gap_cause(arg)) {
			snprintf(err, errlen, "%s: unknown cause code '%s' "
				 "(see docs/check.md for the list)", where, arg);
			return -1;
		}
		snprintf(rule.cause, sizeof rule.cause, "%s", arg);
		break;
	case OC_RULE_NO_HIDDEN_SYNC:
	case OC_RULE_NO_HAZARD:
	case OC_RULE_NO_LATENT_HAZARD:
	case OC_RULE__COUNT:
		break;
	}
	*slot_for(r, rule.kind, rule.cause) = rule;
	return 0;
}

/* Split one line in place into at most 3 words; returns the word count. */
static int split_words(char *line, char **w, int max)
{
	int n = 0;
	char *p = line;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r')
			p++;
		if (!*p || *p == '#')
			break;
		if (n == max)
			return max + 1;
		w[n++] = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '#')
			p++;
		if (*p == '#') {
			*p = '\0';
			break;
		}
		if (*p)
			*p++ = '\0';
	}
	return n;
}

int oc_rules_parse_text(struct oc_rules *r, const char *text, const char *source,
			char *err, size_t errlen)
{
	char *copy = strdup(text), *line, *next;
	char origin[160];
	int lineno = 0, count = 0;

	if (!copy) {
		snprintf(err, errlen, "%s: out of memory", source);
		return -1;
	}
	for (line = copy; line; line = next) {
		char *w[2];
		int n;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		n = split_words(line, w, 2);
		if (n == 0)
			continue;
		snprintf(origin, sizeof origin, "%s:%d", source, lineno);
		if (n > 2) {
			snprintf(err, errlen, "%s: too many words (one rule a line: NAME [VALUE])",
				 origin);
			goto err;
		}
		if (!strncmp(w[0], "--", 2)) {
			snprintf(err, errlen, "%s: write rules without '--': '%s'", origin, w[0] + 2);
			goto err;
		}
		if (oc_rules_add(r, w[0], n > 1 ? w[1] : NULL, origin, err, errlen) < 0)
			goto err;
		count++;
	}
	free(copy);
	return count;
err:
	free(copy);
	return -1;
}

int oc_rules_parse_file(struct oc_rules *r, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, got;
	int ret;

	if (!f) {
		snprintf(err, errlen, "cannot open rules file '%s': %s", path, strerror(errno));
		return -1;
	}
	do {
		if (cap - len < 4096) {
			cap = cap ? 2 * cap : 8192;
			buf = xrealloc(buf, cap + 1);
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
	} while (got > 0);
	if (ferror(f)) {
		snprintf(err, errlen, "cannot read rules file '%s': %s", path, strerror(errno));
		fclose(f);
		free(buf);
		return -1;
	}
	fclose(f);
	buf = xrealloc(buf, len + 1);
	buf[len] = '\0';
	if (memchr(buf, '\0', len)) {
		snprintf(err, errlen, "cannot read rules file '%s': binary data", path);
		free(buf);
		return -1;
	}
	ret = oc_rules_parse_text(r, buf, path, err, errlen);
	free(buf);
	return ret;
}

/* ---- deciding ----------------------------------------------------------- */

enum oc_rule_status oc_rule_decide(const struct oc_rule *rule, double measured)
{
	if (isnan(measured))
		return OC_RULE_SKIP;
	switch (rule->kind) {
	case OC_RULE_MIN_COPY_OVERLAP:
	case OC_RULE_MIN_OVERLAPPED_CLAIMS:
		return measured >= rule->limit ? OC_RULE_PASS : OC_RULE_FAIL;
	case OC_RULE_MAX_IDLE:
	case OC_RULE_MAX_DROPPED:
	case OC_RULE_MAX_HOST_WAIT:
	case OC_RULE_MAX_LATE_SUBMISSION:
	case OC_RULE_MAX_EXPOSED_COMM:
	case OC_RULE_MAX_PEER_WAIT:
	case OC_RULE_MAX_LEVER_BOUND:
		return measured <= rule->limit ? OC_RULE_PASS : OC_RULE_FAIL;
	case OC_RULE_NO_HIDDEN_SYNC:
	case OC_RULE_FORBID_CAUSE:
	case OC_RULE_NO_HAZARD:
	case OC_RULE_NO_LATENT_HAZARD:
		return measured == 0 ? OC_RULE_PASS : OC_RULE_FAIL;
	case OC_RULE__COUNT:
		break;
	}
	return OC_RULE_FAIL;
}

const char *oc_rule_limit_text(const struct oc_rule *rule, char *buf, size_t len)
{
	if (oc_rule_is_fraction(rule->kind))
		snprintf(buf, len, "%.1f%%", rule->limit * 100.0);
	else if (rule->kind == OC_RULE_MAX_DROPPED)
		snprintf(buf, len, "%.0f", rule->limit);
	else
		snprintf(buf, len, "0");
	return buf;
}

const char *oc_rule_value_text(const struct oc_rule *rule, double v, char *buf, size_t len)
{
	if (isnan(v))
		snprintf(buf, len, "n/a");
	else if (oc_rule_is_fraction(rule->kind))
		snprintf(buf, len, "%.1f%%", v * 100.0);
	else
		snprintf(buf, len, "%.0f", v);
	return buf;
}

const char *oc_rule_label(const struct oc_rule *rule, char *buf, size_t len)
{
	char lim[32];

	if (rule->kind == OC_RULE_FORBID_CAUSE)
		snprintf(buf, len, "forbid-cause %s", rule->cause);
	else if (rule->kind == OC_RULE_NO_HIDDEN_SYNC || rule->kind == OC_RULE_NO_HAZARD ||
		 rule->kind == OC_RULE_NO_LATENT_HAZARD)
		snprintf(buf, len, "%s", oc_rule_name(rule->kind));
	else
		snprintf(buf, len, "%s %s", oc_rule_name(rule->kind),
			 oc_rule_limit_text(rule, lim, sizeof lim));
	return buf;
}

/* ---- results ------------------------------------------------------------ */

void oc_suite_init(struct oc_check_suite *s, const char *name)
{
	memset(s, 0, sizeof *s);
	s->name = strdup(name);
	if (!s->name) {
		fputs("overlapcheck: out of memory\n", stderr);
		exit(2);
	}
}

void oc_suite_release(struct oc_check_suite *s)
{
	for (size_t i = 0; i < s->n_results; i++) {
		struct oc_rule_result *r = &s->results[i];
		free(r->message);
		for (size_t j = 0; j < r->n_evidence; j++)
			free(r->evidence[j]);
		free(r->evidence);
	}
	for (size_t i = 0; i < s->n_warnings; i++)
		free(s->warnings[i]);
	free(s->warnings);
	free(s->results);
	free(s->name);
	memset(s, 0, sizeof *s);
}

void oc_suite_warn(struct oc_check_suite *s, const char *fmt, ...)
{
	va_list ap;

	s->warnings = xrealloc(s->warnings, (s->n_warnings + 1) * sizeof *s->warnings);
	va_start(ap, fmt);
	s->warnings[s->n_warnings++] = xvasprintf(fmt, ap);
	va_end(ap);
}

struct oc_rule_result *oc_suite_add(struct oc_check_suite *s, const struct oc_rule *rule,
				    enum oc_rule_status st, double measured)
{
	struct oc_rule_result *r;

	s->results = xrealloc(s->results, (s->n_results + 1) * sizeof *s->results);
	r = &s->results[s->n_results++];
	memset(r, 0, sizeof *r);
	r->rule = rule;
	r->status = st;
	r->measured = measured;
	return r;
}

void oc_result_message(struct oc_rule_result *r, const char *fmt, ...)
{
	va_list ap;

	free(r->message);
	va_start(ap, fmt);
	r->message = xvasprintf(fmt, ap);
	va_end(ap);
}

void oc_result_evidence(struct oc_rule_result *r, const char *fmt, ...)
{
	va_list ap;

	r->evidence = xrealloc(r->evidence, (r->n_evidence + 1) * sizeof *r->evidence);
	va_start(ap, fmt);
	r->evidence[r->n_evidence++] = xvasprintf(fmt, ap);
	va_end(ap);
}

size_t oc_suite_failures(const struct oc_check_suite *s)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n_results; i++)
		n += s->results[i].status == OC_RULE_FAIL;
	return n;
}
