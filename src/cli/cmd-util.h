/*
 * cmd-util.h: small helpers shared by the command files (src/cmd-*.c):
 * option values, output formats, human durations, Markdown escaping. Header-only: command code is not part
 * of the library.
 */
#ifndef OVERLAPCHECK_CMD_UTIL_H
#define OVERLAPCHECK_CMD_UTIL_H

#include <math.h>
#include <stdio.h>
#include <string.h>

/*
 * The value of option `name` at argv[*i], written "--name=VALUE" or
 * "--name VALUE" (then *i advances). Returns 1 with *val set, 0 when
 * argv[*i] is not this option, -1 after printing "CMD: --name needs a value".
 */
static inline int cmd_opt_value(const char *cmd, int argc, char **argv, int *i,
				const char *name, const char **val)
{
	size_t n = strlen(name);

	if (strncmp(argv[*i], name, n))
		return 0;
	if (argv[*i][n] == '=') {
		*val = argv[*i] + n + 1;
		return 1;
	}
	if (argv[*i][n])
		return 0;
	if (*i + 1 >= argc) {
		fprintf(stderr, "overlapcheck %s: %s needs a value\n", cmd, name);
		return -1;
	}
	*val = argv[++*i];
	return 1;
}

/* Output formats of the commands that print a result. */
enum cmd_format { CMD_FMT_TEXT, CMD_FMT_JSON, CMD_FMT_MARKDOWN };

/* "text", "json", "markdown" or "md": the format, or -1 after printing why. */
static inline int cmd_parse_format(const char *cmd, const char *v)
{
	if (!strcmp(v, "text"))
		return CMD_FMT_TEXT;
	if (!strcmp(v, "json"))
		return CMD_FMT_JSON;
	if (!strcmp(v, "markdown") || !strcmp(v, "md"))
		return CMD_FMT_MARKDOWN;
	fprintf(stderr, "overlapcheck %s: unknown format '%s' (text, json, markdown)\n", cmd, v);
	return -1;
}

/* A signed duration with a unit that fits: "12.345 ms", "-3.2 us", "0 ns", "n/a". */
static inline const char *cmd_fmt_ns(char *buf, size_t len, double ns)
{
	double a = fabs(ns);

	if (a < 0.5)
		ns = 0;   /* no "-0 ns" */
	if (isnan(ns))
		snprintf(buf, len, "n/a");
	else if (a >= 1e9)
		snprintf(buf, len, "%.3f s", ns / 1e9);
	else if (a >= 1e6)
		snprintf(buf, len, "%.3f ms", ns / 1e6);
	else if (a >= 1e3)
		snprintf(buf, len, "%.1f us", ns / 1e3);
	else
		snprintf(buf, len, "%.0f ns", ns);
	return buf;
}

/*
 * Markdown text inside a line (a table cell, a list item, a heading):
 * the characters that start emphasis, code, links, HTML, entities, table
 * cells or strikethrough are backslash-escaped, control bytes shown as \xNN,
 * so a string from a trace can neither format nor break a table row.
 */
static inline void cmd_md_escape(FILE *f, const char *s)
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

#endif
