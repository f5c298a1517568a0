/*
 * cmd-util.h: small helpers shared by the command files (src/cli/cmd-*.c):
 * the option parser (cmd-util.c) and output formats. Command code is not
 * part of the library.
 */
#ifndef OVERLAPCHECK_CMD_UTIL_H
#define OVERLAPCHECK_CMD_UTIL_H

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "overlapcheck/writers.h"

/*
 * getopt_long() for every command, with the same rules and messages in all:
 *
 *  - a long option is taken only when written out in full: "--form" is not
 *    --format (a typo of one rule must not become another one);
 *  - --opt=VALUE and --opt VALUE, and the short forms in optstring;
 *  - optstring as for getopt_long without a leading ':' (added here): a
 *    leading '+' stops at the first non-option (run's program), a leading
 *    '-' returns each non-option in order as 1 with optarg set;
 *  - errors are printed here and return '?':
 *      overlapcheck CMD: unknown option '--frobnicate' (see overlapcheck help CMD)
 *      overlapcheck CMD: option '--range' needs a value (see overlapcheck help CMD)
 *      overlapcheck CMD: option '--force' takes no value (see overlapcheck help CMD)
 *
 * Set optind = 0 before the first call of a parse (glibc: a full reset).
 * Returns as getopt_long: the option's val, 1, or -1 at the end ("--"
 * included).
 */
int cmd_getopt(const char *cmd, int argc, char **argv, const char *optstring,
	       const struct option *longopts);

/*
 * For an input that is not an overlapcheck trace but one overlapcheck
 * imports (an Nsight Systems SQLite export, a Kineto JSON trace): say on
 * stderr that it is read through a temporary trace, deleted afterwards.
 * Prints nothing for anything else (the reader says what is wrong with it).
 */
void cmd_note_input(const char *cmd, const char *path);

/*
 * The same, and import it into a temporary trace at tmp (len bytes): for
 * commands that read the trace file itself (info). Returns 1 when path is
 * to be read as it is, 0 with tmp written (cmd_input_done() removes it), or
 * -1 after printing why (exit 2).
 */
int cmd_input_import(const char *cmd, const char *path, char *tmp, size_t len);
void cmd_input_done(const char *tmp);

/*
 * Text for people is wrapped at the terminal's width: out's columns when it
 * is a terminal, else $COLUMNS when set, else 80 (cmd_text_width). The
 * commands render their text into memory and write it through oc_wrap()
 * (cmd_write_wrapped: render(f, ctx) is the writer; its result, or -1).
 */
int cmd_text_width(FILE *out);
int cmd_write_wrapped(FILE *out, int (*render)(FILE *f, const void *ctx), const void *ctx);

/* The output format (overlapcheck/writers.h: "text", "json", "markdown" or
 * "md"), or -1 after printing why. */
static inline int cmd_parse_format(const char *cmd, const char *v)
{
	int f = oc_format_from_name(v);
	if (f < 0)
		fprintf(stderr, "overlapcheck %s: unknown format '%s' (%s)\n", cmd, v, oc_format_names());
	return f;
}

#endif
