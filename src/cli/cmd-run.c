/*
 * cmd-run.c: overlapcheck run [OPTIONS] [--] PROGRAM [ARGS...]
 *
 * Runs a program with the injection library loaded by the CUDA driver
 * (CUDA_INJECTION64_PATH) and records into a trace the CLI created itself.
 *
 * Order of events, chosen so that there is no race and no orphan file:
 *  1. Validate options, find the library, check the output pattern.
 *  2. fork(). The child blocks on a pipe; its pid is now known, so the
 *     parent expands %p, claims the file (O_EXCL) and writes the schema and
 *     host passport (pid included), then closes the database.
 *  3. The parent sends the trace's absolute path down the pipe. The child
 *     sets the OVERLAPCHECK_* and injection variables and exec's the program.
 *     If exec fails, the child reports errno on a close-on-exec pipe, and the
 *     parent removes the trace and returns 127 or 126. If the parent failed
 *     in step 2, it closes the pipe empty and the child exits without running
 *     anything.
 *  4. SIGINT, SIGTERM, SIGHUP and SIGQUIT sent to overlapcheck are forwarded
 *     to the program (unless they came from the terminal, which already sent
 *     them to the whole foreground process group) and the CLI keeps waiting
 *     while the library's final flush runs. The copy is marked
 *     (OC_SIGNAL_FORWARDED), so that for a signal sent to the whole process
 *     group the library does not take it for a second one.
 *  5. After the program ends: exit status into meta, WAL folded back, a
 *     summary on stderr, and the program's own status as ours.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "cmd-util.h"
#include "cmds.h"
#include "overlapcheck/codes.h"
#include "overlapcheck/trace.h"
#include "overlapcheck/tracefile.h"

#define LIB_NAME "liboverlapcheck-inject.so"

static const int forwarded[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
#define N_FORWARDED (sizeof forwarded / sizeof forwarded[0])

static volatile sig_atomic_t child_pid;

struct run_opts {
	const char *output;         /* pattern */
	const char *flush_ms;       /* validated digits, or NULL */
	int force, quiet, preload;
	const char *capture_range;  /* "cudaProfilerApi" or "nvtx:NAME", or NULL */
	const char *api;            /* "full" or "minimal", or NULL */
	const char *queries;        /* "off", "summary" or "record", or NULL */
	const char *cuda_events;    /* "off" or "record", or NULL */
	char delay_ns[24], duration_ns[24], max_bytes[24];   /* "" when not given */
};

struct saved_signals {
	sigset_t mask;
	struct sigaction fwd[N_FORWARDED];
	struct sigaction pipe, chld;
};

static void usage(FILE *f)
{
	fputs(
"usage: overlapcheck run [-o PATH] [--force] [--flush-ms N] [--quiet] [--preload]\n"
"                        [--capture-range=cudaProfilerApi|nvtx:NAME] [--delay S]\n"
"                        [--duration S] [--max-size BYTES] [--api=full|minimal]\n"
"                        [--queries=off|summary|record] [--cuda-events=off|record]\n"
"                        [--] PROGRAM [ARGS...]\n"
"\n"
"Runs PROGRAM with CUDA activity tracing (CUPTI, loaded through\n"
"CUDA_INJECTION64_PATH; the program is not rebuilt) into a SQLite trace.\n"
"\n"
"  -o, --output PATH   trace file (default " OC_TRACE_DEFAULT_PATTERN " in the current\n"
"                      directory). %p the program's pid, %h the host name,\n"
"                      %q{VAR} the value of environment variable VAR, %% a %\n"
"  -f, --force         replace an existing trace (and its -wal/-shm files)\n"
"      --flush-ms N    completed records reach the trace within about N ms\n"
"                      (default 100); a SIGKILL loses about that much\n"
"  -q, --quiet         no messages from overlapcheck or its library unless\n"
"                      something fails\n"
"      --preload       also load the library with LD_PRELOAD (a fallback for\n"
"                      programs that hide CUDA_INJECTION64_PATH)\n"
"      --capture-range=cudaProfilerApi\n"
"                      record only between cudaProfilerStart and cudaProfilerStop\n"
"      --capture-range=nvtx:NAME\n"
"                      record only while an NVTX range NAME is open on any thread\n"
"      --delay S       record nothing for the first S seconds\n"
"      --duration S    stop recording S seconds after it began\n"
"      --max-size BYTES  stop recording when the trace reaches BYTES (K, M, G:\n"
"                      KiB, MiB, GiB)\n"
"                      With any of these four, outside the recording activity is\n"
"                      off and only allocations and streams are kept\n"
"                      (docs/schema.md, \"Capture\")\n"
"      --api=full|minimal\n"
"                      full (default): a record of every CUDA call but the\n"
"                      queries; minimal: only of calls that queue work, allocate,\n"
"                      free, synchronize explicitly or query a stream or event\n"
"                      (cheaper; hidden syncs in other calls are not proven, and\n"
"                      report and check say so)\n"
"      --queries=off|summary|record\n"
"                      calls that only read host state (cudaGetDevice and the\n"
"                      like, about ten per kernel in PyTorch; none waits for the\n"
"                      device): off (default) takes nothing of them, the\n"
"                      cheapest, and their time counts as time outside CUDA\n"
"                      calls; summary counts and times them (table\n"
"                      api_summary, a row for one of 10 us or more); record\n"
"                      gives each its own row (docs/schema.md, \"Queries\").\n"
"                      --api=minimal records none\n"
"      --cuda-events=off|record\n"
"                      off (default): no CUPTI CUDA_EVENT records (table\n"
"                      events stays empty); event records, waits and syncs\n"
"                      are matched by the handles the calls passed, and the\n"
"                      report names an event by its handle. record: also\n"
"                      CUPTI's records (event and sync ids);\n"
"                      enabling them cost a traced PyTorch training step 10\n"
"                      to 20 % (docs/performance.md). The same as\n"
"                      OVERLAPCHECK_CUDA_EVENTS; OVERLAPCHECK_KINDS_OFF=\n"
"                      CUDA_EVENT keeps them off\n"
"  -h, --help          this help\n"
"\n"
"The library is found at <dir of overlapcheck>/../lib/" LIB_NAME ",\n"
"or at $OVERLAPCHECK_LIB.\n"
"\n"
"Exit status: the program's own; 128+N when it was killed by signal N;\n"
"127 when it was not found; 126 when it could not be executed; 125 when\n"
"overlapcheck itself failed. SIGINT, SIGTERM, SIGHUP and SIGQUIT are\n"
"forwarded to the program.\n", f);
}

/* dir of the running executable, resolved; 0 or -1. */
static int exe_dir(char *out, size_t len)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	char *slash;

	if (n <= 0)
		return -1;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return -1;
	*slash = '\0';
	if ((size_t)snprintf(out, len, "%s", exe) >= len)
		return -1;
	return 0;
}

/*
 * Absolute path of the injection library: $OVERLAPCHECK_LIB when set, else
 * <exe dir>/../lib/liboverlapcheck-inject.so (which holds both for an
 * installed tree and for build/bin -> build/lib). Prints why on failure.
 */
static int find_library(char *out, size_t len)
{
	const char *env = getenv("OVERLAPCHECK_LIB");
	char dir[PATH_MAX], parent[PATH_MAX], cand[PATH_MAX + 64];
	struct stat sb;

	if (env && *env) {
		snprintf(cand, sizeof cand, "%s", env);
	} else {
		if (exe_dir(dir, sizeof dir) != 0) {
			fprintf(stderr, "overlapcheck run: cannot find the injection library: cannot read "
				"/proc/self/exe (set OVERLAPCHECK_LIB to the path of " LIB_NAME ")\n");
			return -1;
		}
		snprintf(cand, sizeof cand, "%s/..", dir);
		if (realpath(cand, parent))
			snprintf(cand, sizeof cand, "%s/lib/" LIB_NAME, parent);
		else
			snprintf(cand, sizeof cand, "%s/../lib/" LIB_NAME, dir);
	}
	if (!realpath(cand, out) || stat(out, &sb) != 0 || !S_ISREG(sb.st_mode) ||
	    access(out, R_OK) != 0 || strlen(out) >= len) {
		fprintf(stderr, "overlapcheck run: injection library not found: '%s'%s\n", cand,
			env && *env ? " (from OVERLAPCHECK_LIB)"
				    : " (make builds it only where the CUDA toolkit with CUPTI is: install it, or "
				      "set CUDA_HOME to it, then make; or set OVERLAPCHECK_LIB to the library's "
				      "path)");
		return -1;
	}
	return 0;
}

static void on_signal(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	/* A terminal's ^C or ^\ already reached the whole foreground group. */
	if (si && si->si_code == SI_KERNEL)
		return;
	/* Marked, so that the library can tell this copy of a signal the whole
	 * process group got from a second signal (injection/inject-signals.c). */
	if (child_pid > 0)
		sigqueue((pid_t)child_pid, sig, (union sigval){ .sival_int = OC_SIGNAL_FORWARDED });
}

static void install_handlers(struct saved_signals *sv)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < N_FORWARDED; i++)
		sigaction(forwarded[i], &sa, &sv->fwd[i]);

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, &sv->pipe);
	/* An inherited SIG_IGN for SIGCHLD would make waitpid() lose the status. */
	sa.sa_handler = SIG_DFL;
	sigaction(SIGCHLD, &sa, &sv->chld);
}

static void restore_handlers(const struct saved_signals *sv)
{
	for (size_t i = 0; i < N_FORWARDED; i++)
		sigaction(forwarded[i], &sv->fwd[i], NULL);
	sigaction(SIGPIPE, &sv->pipe, NULL);
	sigaction(SIGCHLD, &sv->chld, NULL);
}

static ssize_t read_full(int fd, void *buf, size_t len)
{
	size_t got = 0;

	while (got < len) {
		ssize_t n = read(fd, (char *)buf + got, len - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

static int write_full(int fd, const void *buf, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = write(fd, (const char *)buf + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		done += (size_t)n;
	}
	return 0;
}

/*
 * The child, between fork and exec: wait for the trace path, set up the
 * environment, exec. Never returns. Exits 125 without running anything when
 * the parent closed the pipe empty.
 */
static void child_main(const struct run_opts *o, char **prog, const char *lib,
		       const struct timespec *start, int go_fd, int ex_fd, const struct saved_signals *sv)
{
	char path[PATH_MAX + 1], buf[32], start_ns[32];
	ssize_t n;
	int e;

	restore_handlers(sv);
	n = read_full(go_fd, path, sizeof path - 1);
	close(go_fd);
	if (n <= 0)
		_exit(OC_EXIT_RUN_FAILURE);
	path[n] = '\0';

	snprintf(buf, sizeof buf, "%ld", (long)getpid());
	snprintf(start_ns, sizeof start_ns, "%lld",
		 (long long)start->tv_sec * 1000000000LL + start->tv_nsec);
	if (setenv("CUDA_INJECTION64_PATH", lib, 1) ||
	    setenv("NVTX_INJECTION64_PATH", lib, 1) ||
	    setenv("OVERLAPCHECK_OUTPUT", path, 1) ||
	    setenv("OVERLAPCHECK_MAIN_PID", buf, 1) ||
	    setenv("OVERLAPCHECK_TRACE_START_NS", start_ns, 1) ||
	    (o->flush_ms && setenv("OVERLAPCHECK_FLUSH_MS", o->flush_ms, 1)) ||
	    (o->quiet && setenv("OVERLAPCHECK_QUIET", "1", 1)) ||
	    (o->capture_range && setenv("OVERLAPCHECK_CAPTURE_RANGE", o->capture_range, 1)) ||
	    (o->delay_ns[0] && setenv("OVERLAPCHECK_DELAY_NS", o->delay_ns, 1)) ||
	    (o->duration_ns[0] && setenv("OVERLAPCHECK_DURATION_NS", o->duration_ns, 1)) ||
	    (o->max_bytes[0] && setenv("OVERLAPCHECK_MAX_BYTES", o->max_bytes, 1)) ||
	    (o->api && setenv("OVERLAPCHECK_API", o->api, 1)) ||
	    (o->queries && setenv("OVERLAPCHECK_QUERIES", o->queries, 1)) ||
	    (o->cuda_events && setenv("OVERLAPCHECK_CUDA_EVENTS", o->cuda_events, 1)))
		goto fail;
	if (o->preload) {
		const char *old = getenv("LD_PRELOAD");
		char *v;
		size_t len = strlen(lib) + (old ? strlen(old) : 0) + 2;

		v = malloc(len);
		if (!v)
			goto fail;
		snprintf(v, len, "%s%s%s", lib, old && *old ? ":" : "", old && *old ? old : "");
		if (setenv("LD_PRELOAD", v, 1))
			goto fail;
	}
	sigprocmask(SIG_SETMASK, &sv->mask, NULL);
	execvp(prog[0], prog);
fail:
	e = errno;
	write_full(ex_fd, &e, sizeof e);
	_exit(e == ENOENT ? 127 : 126);
}

/* Make path absolute against the current directory. */
static int absolute(const char *path, char *out, size_t len)
{
	char cwd[PATH_MAX];

	errno = 0;
	if (path[0] == '/')
		return (size_t)snprintf(out, len, "%s", path) < len ? 0 : -1;
	if (!getcwd(cwd, sizeof cwd))
		return -1;
	errno = 0;
	return (size_t)snprintf(out, len, "%s/%s", cwd, path) < len ? 0 : -1;
}

/* Expand the output name for the program's pid and create the trace there. */
static int create_trace(const struct run_opts *o, pid_t pid, char **prog, const struct timespec *now,
			char *path, size_t pathlen, char *err, size_t errlen)
{
	char name[PATH_MAX];
	struct oc_run_info ri = {
		.trace_start_ns = (int64_t)now->tv_sec * 1000000000LL + now->tv_nsec,
		.pid = (long)pid,
		.argv = prog,
	};

	if (oc_trace_path_expand(o->output, (long)pid, name, sizeof name, err, errlen) != 0)
		return -1;
	if (absolute(name, path, pathlen) != 0) {
		snprintf(err, errlen, "cannot create trace '%s': %s", name,
			 errno ? strerror(errno) : "name too long");
		return -1;
	}
	return oc_tracefile_create(path, o->force ? OC_TRACEFILE_FORCE : 0, &ri, err, errlen);
}

static void print_count(const char *what, long long n, const char *sep)
{
	if (n < 0)
		fprintf(stderr, "? %s%s", what, sep);
	else
		fprintf(stderr, "%lld %s%s", n, what, sep);
}

/* The warnings table's rows, up to max, escaped. */
static void print_warnings(const char *path, int max)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
		goto out;
	if (sqlite3_prepare_v2(db, "SELECT source, code, message FROM warnings ORDER BY id LIMIT ?1",
			       -1, &st, NULL) != SQLITE_OK)
		goto out;
	sqlite3_bind_int(st, 1, max);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *src = (const char *)sqlite3_column_text(st, 0);
		const char *code = (const char *)sqlite3_column_text(st, 1);
		const char *msg = (const char *)sqlite3_column_text(st, 2);

		fputs("  warning [", stderr);
		oc_fput_escaped(src ? src : "", stderr);
		fputs("] ", stderr);
		oc_fput_escaped(code ? code : "", stderr);
		fputs(": ", stderr);
		oc_fput_escaped(msg ? msg : "", stderr);
		fputc('\n', stderr);
	}
out:
	sqlite3_finalize(st);
	sqlite3_close(db);
}

/*
 * Traces of CUDA children: <stem>.<pid>.db next to the main trace, where
 * stem is the main trace's name without ".db". Each is listed, and its WAL
 * folded back when no writer holds it any more.
 */
static void child_traces(const char *path, int print)
{
	char dir[PATH_MAX], stem[NAME_MAX + 1], child[PATH_MAX + NAME_MAX + 2];
	const char *base = strrchr(path, '/');
	size_t dlen, slen;
	DIR *d;
	struct dirent *de;
	int first = 1;

	if (!base)
		return;
	dlen = (size_t)(base - path);
	if (dlen >= sizeof dir)
		return;
	memcpy(dir, path, dlen);
	dir[dlen] = '\0';
	if (!dlen)
		strcpy(dir, "/");
	snprintf(stem, sizeof stem, "%s", base + 1);
	slen = strlen(stem);
	if (slen > 3 && !strcmp(stem + slen - 3, ".db"))
		stem[slen -= 3] = '\0';
	d = opendir(dir);
	if (!d)
		return;
	while ((de = readdir(d))) {
		const char *p = de->d_name;
		size_t digits = 0;

		if (strncmp(p, stem, slen) || p[slen] != '.')
			continue;
		p += slen + 1;
		while (p[digits] >= '0' && p[digits] <= '9')
			digits++;
		if (!digits || strcmp(p + digits, ".db"))
			continue;
		snprintf(child, sizeof child, "%s%s%s", dir, dlen > 1 ? "/" : "", de->d_name);
		oc_tracefile_fold(child);
		if (!print)
			continue;
		fputs(first ? "  child traces:\n    " : "    ", stderr);
		first = 0;
		oc_fput_escaped(child, stderr);
		fputc('\n', stderr);
	}
	closedir(d);
}

static void summary(const char *path)
{
	struct oc_trace_counts c;
	char err[512];

	if (oc_tracefile_counts(path, &c, err, sizeof err) != 0) {
		fprintf(stderr, "overlapcheck run: %s\n", err);
		return;
	}
	fputs("overlapcheck: trace '", stderr);
	oc_fput_escaped(path, stderr);
	fputs("'\n  ", stderr);
	print_count("kernels", c.kernels, ", ");
	print_count("copies", c.copies, ", ");
	print_count("memsets", c.memsets, ", ");
	print_count("syncs", c.syncs, ", ");
	print_count("API calls", c.api_calls, "\n  ");
	if (c.dropped < 0 && c.incomplete < 0) {
		fputs("no count of dropped or incomplete records, ", stderr);
	} else {
		print_count("dropped", c.dropped, ", ");
		print_count("incomplete records", c.incomplete, ", ");
	}
	print_count(c.warnings == 1 ? "warning" : "warnings", c.warnings, "\n");
	if (!strcmp(c.tracer_status, "not_started"))
		fputs("  the program never initialised CUDA: nothing was traced\n", stderr);
	else if (!strcmp(c.tracer_status, "running"))
		fputs("  the tracer did not finish: the program ended before it could flush\n", stderr);
	else if (!strcmp(c.tracer_status, "terminated"))
		fputs("  the tracer flushed when a signal terminated the program: records up to the "
		      "signal are complete\n", stderr);
	print_warnings(path, 10);
	if (c.warnings > 10)
		fprintf(stderr, "  ... %lld more (overlapcheck info)\n", c.warnings - 10);
}

/* "2.5" seconds into ns digits; positive: more than 0. 0 or -1. */
static int parse_seconds(const char *s, int positive, char *out, size_t len)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= 0) || v > 1e6 || (positive && !(v > 0)) ||
	    s[0] == '+' || s[0] == ' ')
		return -1;
	snprintf(out, len, "%llu", (unsigned long long)(v * 1e9 + 0.5));
	return 0;
}

/* "512M" into bytes; at least 1 MiB. 0 or -1. */
static int parse_size(const char *s, char *out, size_t len)
{
	char *end;
	unsigned long long v, mul = 1;

	if (!*s || s[0] == '-' || s[0] == '+' || s[0] == ' ')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s)
		return -1;
	if (*end == 'K' || *end == 'k')
		mul = 1ull << 10;
	else if (*end == 'M' || *end == 'm')
		mul = 1ull << 20;
	else if (*end == 'G' || *end == 'g')
		mul = 1ull << 30;
	else if (*end)
		return -1;
	if (*end && end[1])
		return -1;
	if (v > (1ull << 50) / mul || v * mul < (1ull << 20))
		return -1;
	snprintf(out, len, "%llu", v * mul);
	return 0;
}

static int parse_args(int argc, char **argv, struct run_opts *o)
{
	static const struct option longopts[] = {
		{ "output",   required_argument, NULL, 'o' },
		{ "force",    no_argument,       NULL, 'f' },
		{ "flush-ms", required_argument, NULL, 'F' },
		{ "quiet",    no_argument,       NULL, 'q' },
		{ "preload",  no_argument,       NULL, 'P' },
		{ "capture-range", required_argument, NULL, 'C' },
		{ "delay",    required_argument, NULL, 'D' },
		{ "duration", required_argument, NULL, 'U' },
		{ "max-size", required_argument, NULL, 'M' },
		{ "api",      required_argument, NULL, 'A' },
		{ "queries",  required_argument, NULL, 'Q' },
		{ "cuda-events", required_argument, NULL, 'E' },
		{ "help",     no_argument,       NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof *o);
	o->output = OC_TRACE_DEFAULT_PATTERN;
	optind = 0;       /* glibc: full reset, "+" stops at the program name */
	while ((c = cmd_getopt("run", argc, argv, "+o:fqh", longopts)) != -1) {
		switch (c) {
		case 'o':
			o->output = optarg;
			break;
		case 'f':
			o->force = 1;
			break;
		case 'F': {
			char *end;
			long v;

			errno = 0;
			v = strtol(optarg, &end, 10);
			if (errno || *end || end == optarg || v < 1 || v > 3600000 || optarg[0] == '+') {
				fprintf(stderr, "overlapcheck run: bad --flush-ms '%s': want a number of "
					"milliseconds from 1 to 3600000\n", optarg);
				return -1;
			}
			o->flush_ms = optarg;
			break;
		}
		case 'q':
			o->quiet = 1;
			break;
		case 'P':
			o->preload = 1;
			break;
		case 'C':
			if (strcmp(optarg, "cudaProfilerApi") &&
			    (strncmp(optarg, "nvtx:", 5) || !optarg[5] || strlen(optarg + 5) > 255)) {
				fprintf(stderr, "overlapcheck run: bad --capture-range '%s': want "
					"cudaProfilerApi or nvtx:NAME (a range name of 1 to 255 bytes)\n",
					optarg);
				return -1;
			}
			o->capture_range = optarg;
			break;
		case 'D': case 'U':
			if (parse_seconds(optarg, c == 'U', c == 'D' ? o->delay_ns : o->duration_ns,
					  sizeof o->delay_ns)) {
				fprintf(stderr, "overlapcheck run: bad --%s '%s': want seconds, %s up to "
					"1000000 (e.g. 2.5)\n", c == 'D' ? "delay" : "duration", optarg,
					c == 'D' ? "0" : "more than 0");
				return -1;
			}
			break;
		case 'A':
			if (strcmp(optarg, "full") && strcmp(optarg, "minimal")) {
				fprintf(stderr, "overlapcheck run: bad --api '%s': want full or minimal\n",
					optarg);
				return -1;
			}
			o->api = optarg;
			break;
		case 'Q':
			if (strcmp(optarg, "off") && strcmp(optarg, "summary") && strcmp(optarg, "record")) {
				fprintf(stderr, "overlapcheck run: bad --queries '%s': want off, summary "
					"or record\n", optarg);
				return -1;
			}
			o->queries = optarg;
			break;
		case 'E':
			if (strcmp(optarg, "off") && strcmp(optarg, "record")) {
				fprintf(stderr, "overlapcheck run: bad --cuda-events '%s': want off or "
					"record\n", optarg);
				return -1;
			}
			o->cuda_events = optarg;
			break;
		case 'M':
			if (parse_size(optarg, o->max_bytes, sizeof o->max_bytes)) {
				fprintf(stderr, "overlapcheck run: bad --max-size '%s': want bytes, at "
					"least 1M, with an optional K, M or G (1024-based)\n", optarg);
				return -1;
			}
			break;
		case 'h':
			usage(stdout);
			return 1;
		default:   /* cmd_getopt() said why */
			return -1;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "overlapcheck run: no program given\n");
		usage(stderr);
		return -1;
	}
	return 0;
}

int cmd_run(int argc, char **argv)
{
	struct run_opts o;
	struct saved_signals sv;
	char lib[PATH_MAX], name[PATH_MAX], path[PATH_MAX], err[2 * PATH_MAX + 256];
	int go[2] = { -1, -1 }, ex[2] = { -1, -1 };
	char **prog;
	sigset_t block;
	pid_t pid;
	int status, e, rc;
	ssize_t n;
	struct timespec now;

	rc = parse_args(argc, argv, &o);
	if (rc)
		return rc > 0 ? OC_EXIT_OK : OC_EXIT_RUN_FAILURE;
	/* getopt may have been told "+": argv[optind] is the program. */
	prog = argv + optind;

	if (find_library(lib, sizeof lib) != 0)
		return OC_EXIT_RUN_FAILURE;
	/* Catch a bad pattern before anything runs. */
	if (oc_trace_path_expand(o.output, 1, name, sizeof name, err, sizeof err) != 0) {
		fprintf(stderr, "overlapcheck run: %s\n", err);
		return OC_EXIT_RUN_FAILURE;
	}

	if (pipe2(go, O_CLOEXEC) != 0 || pipe2(ex, O_CLOEXEC) != 0) {
		fprintf(stderr, "overlapcheck run: cannot create a pipe: %s\n", strerror(errno));
		goto err_pipes;
	}
	sigemptyset(&block);
	for (size_t i = 0; i < N_FORWARDED; i++)
		sigaddset(&block, forwarded[i]);
	sigprocmask(SIG_BLOCK, &block, &sv.mask);
	install_handlers(&sv);
	fflush(stdout);
	fflush(stderr);

	/* The trace's time base, taken before the fork so the child can pass it
	 * on: child processes' traces then share the main trace's time axis. */
	clock_gettime(CLOCK_REALTIME, &now);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "overlapcheck run: cannot fork: %s\n", strerror(errno));
		restore_handlers(&sv);
		sigprocmask(SIG_SETMASK, &sv.mask, NULL);
		goto err_pipes;
	}
	if (pid == 0) {
		close(go[1]);
		close(ex[0]);
		child_main(&o, prog, lib, &now, go[0], ex[1], &sv);
	}
	child_pid = pid;
	close(go[0]);
	close(ex[1]);
	sigprocmask(SIG_SETMASK, &sv.mask, NULL);

	if (create_trace(&o, pid, prog, &now, path, sizeof path, err, sizeof err) != 0) {
		close(go[1]);   /* the child exits 125 without running anything */
		close(ex[0]);
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		fprintf(stderr, "overlapcheck run: %s\n", err);
		restore_handlers(&sv);
		return OC_EXIT_RUN_FAILURE;
	}
	if (!o.quiet) {
		fputs("overlapcheck: tracing into '", stderr);
		oc_fput_escaped(path, stderr);
		fputs("'\n", stderr);
	}
	write_full(go[1], path, strlen(path));
	close(go[1]);

	n = read_full(ex[0], &e, sizeof e);
	close(ex[0]);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "overlapcheck run: cannot wait for '%s': %s\n", prog[0],
				strerror(errno));
			restore_handlers(&sv);
			return OC_EXIT_RUN_FAILURE;
		}
	}
	child_pid = 0;
	restore_handlers(&sv);

	if (n == (ssize_t)sizeof e) {
		oc_tracefile_remove(path);
		fprintf(stderr, "overlapcheck run: cannot run '%s': %s\n", prog[0], strerror(e));
		return e == ENOENT ? 127 : 126;
	}

	if (oc_tracefile_finish(path, status, err, sizeof err) != 0)
		fprintf(stderr, "overlapcheck run: %s\n", err);
	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);

		if (!o.quiet)
			fprintf(stderr, "overlapcheck: '%s' was killed by signal %d (%s)%s\n", prog[0], sig,
				strsignal(sig), WCOREDUMP(status) ? ", core dumped" : "");
		rc = 128 + sig;
	} else {
		rc = WEXITSTATUS(status);
	}
	if (!o.quiet)
		summary(path);
	child_traces(path, !o.quiet);
	return rc;

err_pipes:
	for (int i = 0; i < 2; i++) {
		if (go[i] >= 0)
			close(go[i]);
		if (ex[i] >= 0)
			close(ex[i]);
	}
	return OC_EXIT_RUN_FAILURE;
}
