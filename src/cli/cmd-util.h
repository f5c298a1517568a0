/*
 * cmd-util.h: small helpers shared by the command files (src/cli/cmd-*.c):
 * option values, output formats. Header-only: command code is not part of
 * the library.
 */
#ifndef OVERLAPCHECK_CMD_UTIL_H
#define OVERLAPCHECK_CMD_UTIL_H

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

#endif
