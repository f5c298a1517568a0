/*
 * cmd-aopts.h: the analysis options, one table for every command that
 * analyses a trace (report, check, compare, export, timeline): their names,
 * values, limits, error messages and help lines (cmd-aopts.c). A command
 * takes the ones it needs (a mask), appends them to its getopt_long table,
 * hands each option it gets to cmd_aopt(), and prints cmd_aopts_help().
 *
 * To add an analysis option: a row in cmd-aopts.c's table (its bit below,
 * its name, value, help and setter), its member in struct
 * oc_analysis_options, the commands' masks that take it, and the man page.
 */
#ifndef OVERLAPCHECK_CMD_AOPTS_H
#define OVERLAPCHECK_CMD_AOPTS_H

#include <getopt.h>
#include <stdio.h>

#include "overlapcheck/analysis.h"

enum {
	CMD_AOPT_DEVICE         = 1 << 0,
	CMD_AOPT_RANGE          = 1 << 1,
	CMD_AOPT_GAP_THRESHOLD  = 1 << 2,
	CMD_AOPT_MIN_OVERLAP    = 1 << 3,
	CMD_AOPT_SYNC_TOLERANCE = 1 << 4,
	CMD_AOPT_WHOLE          = 1 << 5,
	CMD_AOPT_ALL            = (1 << 6) - 1,
	CMD_AOPT_N              = 6,
};

/* getopt_long values of the table's options: CMD_AOPT_VAL + row */
#define CMD_AOPT_VAL 0x700

/*
 * Append the options of mask to longopts at *n (room for CMD_AOPT_N more),
 * advancing *n; the caller ends the table.
 */
void cmd_aopts_longopts(struct option *longopts, size_t *n, unsigned mask);

/*
 * getopt_long's result c with its value v: 1 when c is one of the table's
 * options (set in o), 0 when it is not, -1 for a bad value after a message
 * ("overlapcheck CMD: invalid value 'V' for --NAME: expected ...").
 */
int cmd_aopt(const char *cmd, int c, const char *v, struct oc_analysis_options *o);

/* The help lines of mask's options: the option after indent spaces, its
 * text from column col. */
void cmd_aopts_help(FILE *f, unsigned mask, int indent, int col);

#endif
