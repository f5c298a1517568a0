/*
 * out-check.c: `overlapcheck check` as text, Markdown (for CI job summaries)
 * and JSON (check-report.h). Only reads a finished struct oc_check; JUnit
 * XML and GitHub workflow commands are in out-check-ci.c.
 */
#include <stdio.h>
#include <string.h>

#include "md-inline.h"
#include "overlapcheck/check-report.h"
#include "overlapcheck/json.h"
#include "overlapcheck/tracefile.h"

static const char *status_text(enum oc_rule_status st)
{
	return st == OC_RULE_PASS ? "pass" : st == OC_RULE_FAIL ? "FAIL" : "skip";
}

static const char *relation(const struct oc_rule *rule)
{
	return oc_rule_relation(rule->kind);
}

/* Text output: strings from the trace go through oc_fput_escaped(). */
int oc_check_write_text(FILE *f, const struct oc_check *c)
{
	const struct oc_check_suite *suites = c->suites;
	size_t n = c->n_suites;
	const char *range = c->opts.a.range;
	size_t failed = 0, total = 0, width = 0;
	char label[256], v[32], l[32];

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < suites[i].n_results; j++) {
			const struct oc_rule *rule = suites[i].results[j].rule;
			size_t w = strlen(rule->kind == OC_RULE_FORBID_CAUSE ?
					  oc_rule_label(rule, label, sizeof label) : oc_rule_name(rule->kind));
			if (w > width)
				width = w;
		}
	for (size_t i = 0; i < n; i++) {
		const struct oc_check_suite *s = &suites[i];

		oc_fput_escaped(s->name, f);
		if (range) {
			fputs(" (range '", f);
			oc_fput_escaped(range, f);
			fputs("')", f);
		}
		fputc('\n', f);
		for (size_t j = 0; j < s->n_warnings; j++) {
			fputs("  warning: ", f);
			oc_fput_escaped(s->warnings[j], f);
			fputc('\n', f);
		}
		for (size_t j = 0; j < s->n_results; j++) {
			const struct oc_rule_result *r = &s->results[j];
			const char *name = r->rule->kind == OC_RULE_FORBID_CAUSE ?
					   oc_rule_label(r->rule, label, sizeof label) : oc_rule_name(r->rule->kind);

			fprintf(f, "  %s  %-*s  %8s %s %-7s  ", status_text(r->status), (int)width, name,
				oc_rule_value_text(r->rule, r->measured, v, sizeof v), relation(r->rule),
				oc_rule_limit_text(r->rule, l, sizeof l));
			oc_fput_escaped(r->message ? r->message : "", f);
			fputc('\n', f);
			for (size_t k = 0; k < r->n_evidence; k++) {
				fputs("        ", f);
				oc_fput_escaped(r->evidence[k], f);
				fputc('\n', f);
			}
			failed += r->status == OC_RULE_FAIL;
			total++;
		}
	}
	if (failed)
		fprintf(f, "check: FAILED: %zu of %zu rule check%s failed\n", failed, total,
			total == 1 ? "" : "s");
	else
		fprintf(f, "check: ok: %zu rule check%s passed or had nothing to measure\n", total,
			total == 1 ? "" : "s");
	return ferror(f) ? -1 : 0;
}

/* Markdown, for CI job summaries: one table per suite, evidence as lists. */
int oc_check_write_markdown(FILE *f, const struct oc_check *c)
{
	const struct oc_check_suite *suites = c->suites;
	size_t n = c->n_suites;
	const char *range = c->opts.a.range;
	size_t failed = 0, total = 0;
	char label[256], v[32], l[32];

	for (size_t i = 0; i < n; i++) {
		failed += oc_suite_failures(&suites[i]);
		total += suites[i].n_results;
	}
	if (failed)
		fprintf(f, "## overlapcheck check: FAILED (%zu of %zu rule checks)\n", failed, total);
	else
		fprintf(f, "## overlapcheck check: ok (%zu rule checks)\n", total);
	for (size_t i = 0; i < n; i++) {
		const struct oc_check_suite *s = &suites[i];

		fputs("\n### ", f);
		oc_md_inline(f, s->name);
		if (range) {
			fputs(" (range ", f);
			oc_md_inline(f, range);
			fputs(")", f);
		}
		fputs("\n\n", f);
		for (size_t j = 0; j < s->n_warnings; j++) {
			fputs("> **warning:** ", f);
			oc_md_inline(f, s->warnings[j]);
			fputs("\n\n", f);
		}
		fputs("| status | rule | measured | limit | what was measured |\n"
		      "|---|---|---:|---|---|\n", f);
		for (size_t j = 0; j < s->n_results; j++) {
			const struct oc_rule_result *r = &s->results[j];

			fprintf(f, "| %s | ", r->status == OC_RULE_FAIL ? "**FAIL**" : status_text(r->status));
			oc_md_inline(f, oc_rule_label(r->rule, label, sizeof label));
			fprintf(f, " | %s | %s %s | ", oc_rule_value_text(r->rule, r->measured, v, sizeof v),
				relation(r->rule), oc_rule_limit_text(r->rule, l, sizeof l));
			oc_md_inline(f, r->message ? r->message : "");
			fputs(" |\n", f);
		}
		for (size_t j = 0; j < s->n_results; j++) {
			const struct oc_rule_result *r = &s->results[j];

			if (!r->n_evidence)
				continue;
			fputs("\n**", f);
			oc_md_inline(f, oc_rule_label(r->rule, label, sizeof label));
			fputs("** evidence:\n\n", f);
			for (size_t k = 0; k < r->n_evidence; k++) {
				fputs("- ", f);
				oc_md_inline(f, r->evidence[k]);
				fputc('\n', f);
			}
		}
	}
	return ferror(f) ? -1 : 0;
}

int oc_check_write_json(FILE *f, const struct oc_check *c)
{
	const struct oc_check_suite *suites = c->suites;
	size_t n = c->n_suites;
	struct oc_json j;
	size_t failed = 0;

	for (size_t i = 0; i < n; i++)
		failed += oc_suite_failures(&suites[i]);
	oc_json_init(&j, f, 1);
	oc_json_begin_object(&j);
	oc_json_kv_bool(&j, "ok", failed == 0);
	oc_json_kv_uint(&j, "failures", failed);
	oc_json_kv_string(&j, "range", c->opts.a.range);
	if (c->opts.a.device >= 0)
		oc_json_kv_int(&j, "device", c->opts.a.device);
	else
		oc_json_kv_null(&j, "device");
	oc_json_key(&j, "suites");
	oc_json_begin_array(&j);
	for (size_t i = 0; i < n; i++) {
		const struct oc_check_suite *s = &suites[i];

		oc_json_begin_object(&j);
		oc_json_kv_string(&j, "name", s->name);
		oc_json_kv_bool(&j, "aggregate", n > 1 && i == n - 1);
		oc_json_key(&j, "warnings");
		oc_json_begin_array(&j);
		for (size_t k = 0; k < s->n_warnings; k++)
			oc_json_string(&j, s->warnings[k]);
		oc_json_end_array(&j);
		oc_json_key(&j, "rules");
		oc_json_begin_array(&j);
		for (size_t k = 0; k < s->n_results; k++) {
			const struct oc_rule_result *r = &s->results[k];

			oc_json_begin_object(&j);
			oc_json_kv_string(&j, "rule", oc_rule_name(r->rule->kind));
			if (r->rule->kind == OC_RULE_FORBID_CAUSE)
				oc_json_kv_string(&j, "cause", r->rule->cause);
			if (r->rule->kind == OC_RULE_NO_HIDDEN_SYNC || r->rule->kind == OC_RULE_FORBID_CAUSE ||
			    r->rule->kind == OC_RULE_NO_HAZARD || r->rule->kind == OC_RULE_NO_LATENT_HAZARD)
				oc_json_kv_int(&j, "limit", 0);
			else
				oc_json_kv_double(&j, "limit", r->rule->limit);
			oc_json_kv_double(&j, "measured", r->measured);   /* null: nothing to measure */
			oc_json_kv_string(&j, "status", r->status == OC_RULE_PASS ? "pass" :
					  r->status == OC_RULE_FAIL ? "fail" : "skip");
			oc_json_kv_string(&j, "message", r->message);
			oc_json_kv_string(&j, "origin", r->rule->origin);
			oc_json_key(&j, "evidence");
			oc_json_begin_array(&j);
			for (size_t e = 0; e < r->n_evidence; e++)
				oc_json_string(&j, r->evidence[e]);
			oc_json_end_array(&j);
			oc_json_end_object(&j);
		}
		oc_json_end_array(&j);
		oc_json_end_object(&j);
	}
	oc_json_end_array(&j);
	oc_json_end_object(&j);
	return oc_json_finish(&j) < 0 ? -1 : 0;
}

