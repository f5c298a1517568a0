/*
 * fuzz-rules.c: `check`'s rules files (oc_rules_parse_text), the one input
 * of a command that is not a trace: lines of rule names, arguments,
 * comments, fractions, durations and cause codes.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "overlapcheck/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct oc_rules r;
	char err[512];
	char *text = malloc(size + 1);

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	oc_rules_init(&r);
	oc_rules_parse_text(&r, text, "fuzz.rules", err, sizeof err);
	oc_rules_release(&r);
	free(text);
	return 0;
}
