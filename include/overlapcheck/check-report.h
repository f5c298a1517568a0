/*
 * check-report.h: the renderings of `overlapcheck check`'s results
 * (src/report/out-check.c, out-check-ci.c).
 *
 * Each writer only reads finished results (check.h, rules.h); none decides
 * anything. Strings from the traces are escaped for the format they land in:
 * oc_fput_escaped() for text, Markdown escaping, JSON, XML, and the GitHub
 * runner's workflow-command escaping.
 */
#ifndef OVERLAPCHECK_CHECK_REPORT_H
#define OVERLAPCHECK_CHECK_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "overlapcheck/check.h"
#include "overlapcheck/rules.h"

/*
 * One block per suite (rules with status, measured value, limit, message and
 * evidence), then one summary line (text) or a heading with the verdict
 * (Markdown, for CI job summaries); JSON has every suite and result
 * (docs/check.md). Each returns 0, or -1 when writing failed.
 */
int oc_check_write_text(FILE *f, const struct oc_check *c);
int oc_check_write_markdown(FILE *f, const struct oc_check *c);
int oc_check_write_json(FILE *f, const struct oc_check *c);

/* ---- for CI (src/report/out-check-ci.c) ---------------------------------------- */

/*
 * Write JUnit XML: <testsuites> with one <testsuite> per suite and one
 * <testcase> per rule; a failed rule gets <failure message=...> with its
 * evidence as text, a skipped one <skipped/>, warnings go to <system-err>.
 * Every string is XML-escaped; bytes that XML 1.0 cannot carry (control
 * characters, invalid UTF-8) become U+FFFD. Returns 0, or -1 on a write error.
 */
int oc_junit_write(FILE *f, const struct oc_check_suite *suites, size_t n);

/* Write s XML-escaped (for text and attribute values alike). */
void oc_xml_escape(FILE *f, const char *s);

/*
 * Write GitHub Actions workflow commands: `::error title=T::MESSAGE` for each
 * failed rule and `::warning title=T::MESSAGE` for each suite warning.
 * The message escapes % \r \n as %25 %0D %0A; the title (a property)
 * additionally escapes : and , as %3A %2C. Other control bytes are written
 * as the four characters \xNN.
 */
void oc_gha_write(FILE *f, const struct oc_check_suite *suites, size_t n);
/* Escape for a workflow command's message (prop=0) or a property value (prop=1). */
void oc_gha_escape(FILE *f, const char *s, int prop);

#endif
