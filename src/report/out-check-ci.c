/*
 * out-check-ci.c: the CI-facing writers of `overlapcheck check`: JUnit XML and
 * GitHub Actions workflow commands.
 *
 * Everything written comes from struct oc_check_suite, whose strings may hold
 * anything a trace held: kernel names are program-controlled, so a name can
 * carry '<', quotes, newlines, control bytes or invalid UTF-8. The XML writer
 * therefore escapes markup characters and replaces every byte sequence that
 * XML 1.0 cannot carry (C0 controls other than tab/LF/CR, invalid or overlong
 * UTF-8, surrogates, U+FFFE/U+FFFF) with U+FFFD, so that the file always
 * parses. The GitHub writer follows the runner's escaping rules for workflow
 * commands (%, CR, LF in messages; also ':' and ',' in properties) and shows
 * any other control byte as \xNN, as the text output does.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "overlapcheck/check-report.h"

/*
 * Length of the valid UTF-8 sequence at s that XML 1.0 allows, or 0 when the
 * bytes there are not one (then the caller emits U+FFFD and skips one byte).
 */
static size_t xml_char_len(const unsigned char *s)
{
	uint32_t cp;
	size_t len, i;

	if (s[0] < 0x80) {
		if (s[0] < 0x20 && s[0] != '\t' && s[0] != '\n' && s[0] != '\r')
			return 0;
		return 1;
	}
	if ((s[0] & 0xE0) == 0xC0) {
		len = 2; cp = s[0] & 0x1F;
	} else if ((s[0] & 0xF0) == 0xE0) {
		len = 3; cp = s[0] & 0x0F;
	} else if ((s[0] & 0xF8) == 0xF0) {
		len = 4; cp = s[0] & 0x07;
	} else {
		return 0;
	}
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)   /* also stops at the terminating NUL */
			return 0;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000))
		return 0;   /* overlong */
	if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFFFE || cp == 0xFFFF)
		return 0;
	return len;
}

void oc_xml_escape(FILE *f, const char *str)
{
	const unsigned char *s = (const unsigned char *)(str ? str : "");

	while (*s) {
		size_t n = xml_char_len(s);

		if (!n) {
			fputs("\xEF\xBF\xBD", f);   /* U+FFFD */
			s++;
			continue;
		}
		switch (*s) {
		case '&':  fputs("&amp;", f); break;
		case '<':  fputs("&lt;", f); break;
		case '>':  fputs("&gt;", f); break;
		case '"':  fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		/* Keep line structure in attributes too: a raw newline there is
		 * normalised to a space by XML parsers. */
		case '\n': fputs("&#10;", f); break;
		case '\r': fputs("&#13;", f); break;
		case '\t': fputs("&#9;", f); break;
		default:   fwrite(s, 1, n, f); break;
		}
		s += n;
	}
}

static const char *status_word(enum oc_rule_status st)
{
	return st == OC_RULE_PASS ? "pass" : st == OC_RULE_FAIL ? "FAIL" : "skip";
}

static void write_case(FILE *f, const struct oc_check_suite *s, const struct oc_rule_result *r)
{
	char label[256];

	oc_rule_label(r->rule, label, sizeof label);
	fputs("    <testcase classname=\"", f);
	oc_xml_escape(f, s->name);
	fputs("\" name=\"", f);
	oc_xml_escape(f, label);
	fputs("\" time=\"0\"", f);
	if (r->status == OC_RULE_PASS) {
		fputs(">\n      <system-out>", f);
		oc_xml_escape(f, r->message);
		fputs("</system-out>\n    </testcase>\n", f);
		return;
	}
	fputs(">\n", f);
	if (r->status == OC_RULE_SKIP) {
		fputs("      <skipped message=\"", f);
		oc_xml_escape(f, r->message);
		fputs("\"/>\n", f);
	} else {
		fputs("      <failure type=\"", f);
		oc_xml_escape(f, oc_rule_name(r->rule->kind));
		fputs("\" message=\"", f);
		oc_xml_escape(f, r->message);
		fputs("\">", f);
		oc_xml_escape(f, r->message);
		for (size_t i = 0; i < r->n_evidence; i++) {
			fputs("\n", f);
			oc_xml_escape(f, r->evidence[i]);
		}
		fputs("</failure>\n", f);
	}
	fputs("    </testcase>\n", f);
}

int oc_junit_write(FILE *f, const struct oc_check_suite *suites, size_t n)
{
	size_t tests = 0, failures = 0, skipped = 0;
	double seconds = 0;

	for (size_t i = 0; i < n; i++) {
		tests += suites[i].n_results;
		failures += oc_suite_failures(&suites[i]);
		for (size_t j = 0; j < suites[i].n_results; j++)
			skipped += suites[i].results[j].status == OC_RULE_SKIP;
		seconds += suites[i].seconds;
	}
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		   "<testsuites name=\"overlapcheck check\" tests=\"%zu\" failures=\"%zu\" "
		   "errors=\"0\" skipped=\"%zu\" time=\"%.3f\">\n", tests, failures, skipped, seconds);
	for (size_t i = 0; i < n; i++) {
		const struct oc_check_suite *s = &suites[i];
		size_t sk = 0;

		for (size_t j = 0; j < s->n_results; j++)
			sk += s->results[j].status == OC_RULE_SKIP;
		fputs("  <testsuite name=\"", f);
		oc_xml_escape(f, s->name);
		fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\" "
			   "time=\"%.3f\">\n", s->n_results, oc_suite_failures(s), sk, s->seconds);
		for (size_t j = 0; j < s->n_results; j++)
			write_case(f, s, &s->results[j]);
		if (s->n_warnings) {
			fputs("    <system-err>", f);
			for (size_t j = 0; j < s->n_warnings; j++) {
				fputs("warning: ", f);
				oc_xml_escape(f, s->warnings[j]);
				fputs("\n", f);
			}
			fputs("</system-err>\n", f);
		}
		fputs("  </testsuite>\n", f);
	}
	fputs("</testsuites>\n", f);
	fflush(f);
	return ferror(f) ? -1 : 0;
}

void oc_gha_escape(FILE *f, const char *str, int prop)
{
	for (const char *s = str ? str : ""; *s; s++) {
		switch (*s) {
		case '%':  fputs("%25", f); break;
		case '\r': fputs("%0D", f); break;
		case '\n': fputs("%0A", f); break;
		case ':':  fputs(prop ? "%3A" : ":", f); break;
		case ',':  fputs(prop ? "%2C" : ",", f); break;
		default:
			/* other control bytes: visible, never interpreted */
			if ((unsigned char)*s < 0x20 || *s == 0x7f)
				fprintf(f, "\\x%02x", (unsigned char)*s);
			else
				fputc(*s, f);
			break;
		}
	}
}

void oc_gha_write(FILE *f, const struct oc_check_suite *suites, size_t n)
{
	char label[256], title[512];

	for (size_t i = 0; i < n; i++) {
		const struct oc_check_suite *s = &suites[i];

		for (size_t j = 0; j < s->n_warnings; j++) {
			snprintf(title, sizeof title, "overlapcheck: %s", s->name);
			fputs("::warning title=", f);
			oc_gha_escape(f, title, 1);
			fputs("::", f);
			oc_gha_escape(f, s->warnings[j], 0);
			fputc('\n', f);
		}
		for (size_t j = 0; j < s->n_results; j++) {
			const struct oc_rule_result *r = &s->results[j];

			if (r->status != OC_RULE_FAIL)
				continue;
			oc_rule_label(r->rule, label, sizeof label);
			snprintf(title, sizeof title, "overlapcheck %s: %s", status_word(r->status), label);
			fputs("::error title=", f);
			oc_gha_escape(f, title, 1);
			fputs("::", f);
			oc_gha_escape(f, s->name, 0);
			fputs(": ", f);
			oc_gha_escape(f, r->message, 0);
			for (size_t k = 0; k < r->n_evidence; k++) {
				fputs("%0A", f);
				oc_gha_escape(f, r->evidence[k], 0);
			}
			fputc('\n', f);
		}
	}
	fflush(f);
}
