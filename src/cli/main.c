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
#include <sys/stat.h>
#ifdef __GLIBC__
#include <malloc.h>
#include <sys/auxv.h>
#endif

#include "cmds.h"
#include "overlapcheck/analysis.h"
#include "overlapcheck/schema.h"
#include "overlapcheck/trace.h"

static const struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
	int analyses;           /* 1: runs the analysis (OVERLAPCHECK_SPILL_BYTES and
	                           OVERLAPCHECK_THP are checked; huge pages, above) */
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
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define OC_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define OC_SANITIZED 1
#endif
#endif
#ifndef OC_SANITIZED
#define OC_SANITIZED 0
#endif

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
 * 1 when some argument names a regular file of 1 MiB or more (a trace of
 * about 15 000 ops). Below that the second start is all it does: 1.10 x
 * the time of a report on a trace of 100 KiB; from 20 000 ops (1.4 MB)
 * up it saved about 15 % (docs/performance-log.md, "The analysis commands
 * take huge pages themselves").
 */
static int big_file_named(char **argv)
{
	struct stat st;

	for (size_t i = 1; argv[i]; i++)
		if (stat(argv[i], &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= (off_t)1 << 20)
			return 1;
	return 0;
}

/* The user's GLIBC_TUNABLES names tunable `name`. */
static int user_tunable(const char *name)
{
	const char *t = getenv("GLIBC_TUNABLES");

	return t && strstr(t, name);
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
 * GLIBC_TUNABLES. Never for run, whose environment the traced program
 * inherits. OVERLAPCHECK_THP: 0 never; 1 always; unset, where the system's
 * setting is "[madvise]" and an argument is a file of 1 MiB or more.
 * Not when the user's tunables name it, nor where executing /proc/self/exe
 * would not start this program with these arguments again (run through
 * the dynamic loader by hand, or linked statically: no AT_BASE), nor where
 * glibc drops tunables (a setuid or file-capability program: AT_SECURE),
 * nor under a sanitizer, whose allocator is not glibc's. The environment
 * variable OVERLAPCHECK_THP_EXEC marks the executed process, which removes
 * it: one execution at most, whatever glibc keeps of GLIBC_TUNABLES. A
 * failed exec leaves the process as it was.
 */
static void reexec_with_huge_pages(char **argv, const char *thp)
{
	const char *t = getenv("GLIBC_TUNABLES");
	char *old, *v;
	size_t n;

	if (getenv("OVERLAPCHECK_THP_EXEC")) {
		unsetenv("OVERLAPCHECK_THP_EXEC");
		return;
	}
#if OC_SANITIZED
	return;
#endif
	if (!strcmp(thp, "0") || user_tunable("glibc.malloc.hugetlb"))
		return;
	if (getauxval(AT_SECURE) || !getauxval(AT_BASE))
		return;
	if (strcmp(thp, "1") && (!thp_on_request() || !big_file_named(argv)))
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
	if (setenv("GLIBC_TUNABLES", v, 1) == 0 && setenv("OVERLAPCHECK_THP_EXEC", "1", 1) == 0)
		execv("/proc/self/exe", argv);
	unsetenv("OVERLAPCHECK_THP_EXEC");     /* not executed: as it was */
	if (old)
		setenv("GLIBC_TUNABLES", old, 1);
	else
		unsetenv("GLIBC_TUNABLES");
	free(v);
	free(old);
}

/*
 * Every block of the analysis in the heap, none mapped apart (issue 35).
 * glibc maps a large block on its own (above a threshold that starts at
 * 128 KiB and rises with the blocks freed, to 32 MiB at most) and unmaps it
 * when freed, so each phase's arrays came as fresh pages for the kernel to
 * clear, and at 10M ops the critical path's replays over such mappings ran
 * about 2.5 times as long as over the heap (docs/performance-log.md, "The
 * analysis in the heap"). The steps trim the heap where they free large
 * arrays (oc_heap_trim()), so its holes do not add to the peak. Not where
 * the user set the limit (glibc.malloc.mmap_max in GLIBC_TUNABLES, or the
 * older MALLOC_MMAP_MAX_), nor under a sanitizer, whose allocator is not
 * glibc's. Should the heap not grow (brk refused), glibc still maps what it
 * needs.
 */
static void heap_only(void)
{
#if OC_SANITIZED
	return;
#endif
	if (!user_tunable("glibc.malloc.mmap_max") && !getenv("MALLOC_MMAP_MAX_"))
		mallopt(M_MMAP_MAX, 0);
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
	if (c->analyses) {
		reexec_with_huge_pages(argv, thp ? thp : "");
		heap_only();
	}
#endif
	size_t spill;
	if (c->analyses && oc_spill_bytes_env(&spill) < 0) {
		fprintf(stderr, "overlapcheck %s: OVERLAPCHECK_SPILL_BYTES is '%s', not a number of bytes "
			"(0: never; unset: 16 MiB)\n", c->name, getenv("OVERLAPCHECK_SPILL_BYTES"));
		return OC_EXIT_USAGE;
	}
	return c->fn(argc - 1, argv + 1);
}
