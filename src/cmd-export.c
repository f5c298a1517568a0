/* cmd-export.c: placeholder until the command lands; it refuses to run. */
#include <stdio.h>
#include "cmds.h"
#include "overlapcheck/trace.h"

int cmd_export(int argc, char **argv)
{
	fprintf(stderr, "overlapcheck export: not implemented yet\n");
	return OC_EXIT_USAGE;
}
