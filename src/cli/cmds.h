/* cmds.h: one entry point per subcommand (src/cli/cmd-*.c). argv[0] is the command name. */
#ifndef OVERLAPCHECK_CMDS_H
#define OVERLAPCHECK_CMDS_H

/* Exit codes shared by all commands. */
enum {
	OC_EXIT_OK = 0,
	OC_EXIT_FAIL = 1,         /* a check failed (check, compare --fail-on-regression) */
	OC_EXIT_USAGE = 2,        /* usage error or bad input */
	OC_EXIT_RUN_FAILURE = 125 /* overlapcheck run: the tool itself failed */
};

int cmd_run(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_timeline(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_import(int argc, char **argv);
#endif
