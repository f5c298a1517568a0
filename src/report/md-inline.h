/*
 * md-inline.h: strings from a trace inside a line of Markdown or of text,
 * for every output of the report layer. Private to the report layer.
 */
#ifndef OVERLAPCHECK_MD_INLINE_H
#define OVERLAPCHECK_MD_INLINE_H

#include <stdio.h>
#include <string.h>

/*
 * Markdown text inside a line (a table cell, a list item, a heading):
 * the characters that start emphasis, code, links, HTML, entities, table
 * cells or strikethrough are backslash-escaped, control bytes shown as \xNN,
 * so a string from a trace can neither format nor break a table row.
 */
static inline void oc_md_inline(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\x%02x", c);
		else if (strchr("\\`*_[]<>|&~", c))
			fprintf(f, "\\%c", c);
		else
			fputc(c, f);
	}
}

/*
 * Plain text inside a line, for people (a terminal): control bytes shown as
 * \n, \t or \xNN, so a string from a trace cannot move the cursor or
 * break a line.
 */
static inline void oc_text_inline(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
}

#endif
