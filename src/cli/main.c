/*
 * main.c: the command table.
 *
 * overlapcheck COMMAND [OPTIONS] ...: each command lives in src/cmd-NAME.c
 * and is declared in src/cmds.h. Commands parse their own options, print
 * their own help (`overlapcheck help NAME` is `overlapcheck NAME --help`) and
 * return the process exit status.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "cmds.h"
#include "overlapcheck/analysis.h"
#include "overlapcheck/schema.h"
#include "overlapcheck/trace.h"

static const struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
	int analyses;           /* 1: runs the analysis (OVERLAPCHECK_SPILL_BYTES is checked) */
} commands[] = {
	{ "run",      cmd_run,      "run a program with CUDA tracing into a SQLite trace", 0 },
	{ "report",   cmd_report,   "prove or disprove overlap in a trace", 1 },
	{ "check",    cmd_check,    "CI gate: fail when overlap rules do not hold", 1 },
	{ "compare",  cmd_compare,  "sequential control against an overlapped variant", 1 },
	{ "export",   cmd_export,   "write a Perfetto / Chrome trace JSON", 1 },
	{ "timeline", cmd_timeline, "write a self-contained HTML timeline", 1 },
	{ "info",     cmd_info,     "print a trace's passport and record counts", 0 },
	{ "import",   cmd_import,   "convert an Nsight Systems export or a Kineto trace into a trace", 0 },
};

#ifdef __GLIBC__
/*
 * 1 when the system gives transparent huge pages only to memory that asks
 * for them (/sys/kernel/mm/transparent_hugepage/enabled reads "[madvise]"):
 * there, and only there, glibc's tunable below changes anything.
 */
static int thp_on_request(void)
{
	char buf[128];
	FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
	int yes = 0;

	if (!f)
		return 0;
	if (fgets(buf, sizeof buf, f))
		yes = strstr(buf, "[madvise]") != NULL;
	fclose(f);
	return yes;
}

/*
 * Transparent huge pages for malloc's large blocks, in the commands that
 * analyse (issue 35). Where the system gives them only when asked, every
 * page of the analysis' arrays is faulted in one by one, about three times
 * each as the phases free and make them: at 1M ops 176 000 faults, a third
 * of report's time (docs/performance-log.md, "Report's page faults").
 * glibc asks for huge pages for its blocks when the tunable
 * glibc.malloc.hugetlb=1 is set, and reads tunables only when a process
 * starts: so the command executes itself again, once, with it added to
 * GLIBC_TUNABLES (the tunable present says it was done, or that the user
 * chose). Never for run, whose environment the traced program inherits.
 * OVERLAPCHECK_THP: 0 never, 1 whatever the system's setting, unset only
 * where it is "madvise". A failed exec leaves the process as it was.
 */
static void reexec_with_huge_pages(char **argv, const char *thp)
{
	const char *t = getenv("GLIBC_TUNABLES");
	char *old, *v;
	size_t n;

	if (!strcmp(thp, "0") || (t && strstr(t, "glibc.malloc.hugetlb")))
		return;
	if (strcmp(thp, "1") && !thp_on_request())
		return;
	old = t ? strdup(t) : NULL;
	n = (old ? strlen(old) + 1 : 0) + sizeof "glibc.malloc.hugetlb=1";
	v = malloc(n);
	if (!v || (t && !old)) {
		free(v);
		free(old);
		return;
	}
	snprintf(v, n, "%s%sglibc.malloc.hugetlb=1", old ? old : "", old && *old ? ":" : "");
	if (setenv("GLIBC_TUNABLES", v, 1) == 0)
		execv("/proc/self/exe", argv);
	if (old)                        /* not executed: as it was */
		setenv("GLIBC_TUNABLES", old, 1);
	else
		unsetenv("GLIBC_TUNABLES");
	free(v);
	free(old);
}
#endif

static void usage(FILE *f)
{
	fprintf(f, "usage: overlapcheck COMMAND [OPTIONS] [ARGS]\n\n"
		   "Proves or disproves that CUDA work really overlapped, from device timestamps.\n\n"
		   "Commands:\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\n  overlapcheck help COMMAND    help for one command\n"
		   "  overlapcheck --version       print the version\n\n"
		   "Exit status: 0 ok, 1 a check failed, 2 usage or input error;\n"
		   "`run` returns the program's own status and 125 for its own failures.\n"
		   "See overlapcheck(1) and docs/ for the trace schema, JSON report and cause codes.\n");
}

static const struct cmd *find(const char *name)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

int main(int argc, char **argv)
{
	const struct cmd *c;

#ifdef __GLIBC__
	/* One heap for the reader's few threads (the page check, the ops' load):
	 * an array a side thread freed stays reusable by the analysis after it,
	 * where a heap of its own kept it resident to the end (report's peak at
	 * 1M ops about 30 MB higher in 5 of 12 runs). */
	mallopt(M_ARENA_MAX, 1);
#endif
	if (argc < 2) {
		usage(stderr);
		return OC_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return OC_EXIT_OK;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("overlapcheck %s (trace schema %d)\n", OC_VERSION, OC_SCHEMA_VERSION);
		return OC_EXIT_OK;
	}
	if (!strcmp(argv[1], "help")) {
		if (argc < 3) {
			usage(stdout);
			return OC_EXIT_OK;
		}
		c = find(argv[2]);
		if (!c) {
			fprintf(stderr, "overlapcheck: unknown command '%s'\n", argv[2]);
			return OC_EXIT_USAGE;
		}
		char *hargv[] = { argv[2], "--help", NULL };
		return c->fn(2, hargv);
	}
	c = find(argv[1]);
	if (!c) {
		fprintf(stderr, "overlapcheck: unknown command '%s' (see 'overlapcheck --help')\n", argv[1]);
		return OC_EXIT_USAGE;
	}
	const char *thp = getenv("OVERLAPCHECK_THP");
	if (c->analyses && thp && *thp && strcmp(thp, "0") && strcmp(thp, "1")) {
		fprintf(stderr, "overlapcheck %s: OVERLAPCHECK_THP is '%s', not 0 or 1 "
			"(0: never; 1: always; unset: where the system's huge pages are on request)\n",
			c->name, thp);
		return OC_EXIT_USAGE;
	}
#ifdef __GLIBC__
	if (c->analyses)
		reexec_with_huge_pages(argv, thp ? thp : "");
#endif
	size_t spill;
	if (c->analyses && oc_spill_bytes_env(&spill) < 0) {
		fprintf(stderr, "overlapcheck %s: OVERLAPCHECK_SPILL_BYTES is '%s', not a number of bytes "
			"(0: never; unset: 16 MiB)\n", c->name, getenv("OVERLAPCHECK_SPILL_BYTES"));
		return OC_EXIT_USAGE;
	}
	return c->fn(argc - 1, argv + 1);
}
