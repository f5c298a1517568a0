/* cmds.h: one entry point per subcommand (src/cmd-*.c). argv[0] is the command name. */
#ifndef OVERLAPCHECK_CMDS_H
#define OVERLAPCHECK_CMDS_H
int cmd_run(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_timeline(int argc, char **argv);
int cmd_info(int argc, char **argv);
#endif
