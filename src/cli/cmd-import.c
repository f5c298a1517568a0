/*
 * cmd-import.c: `overlapcheck import`, a profile into overlapcheck traces.
 *
 * Reads an Nsight Systems SQLite export, a PyTorch profiler (Kineto)
 * Chrome trace or a SQL text dump of a trace (import.h, docs/import.md) and writes one trace per process
 * (or the one --pid names). Prints one line per trace written on stdout and
 * the import's warnings (what the input could not tell) on stderr. Exit 0,
 * or 2 on usage or input errors, with no trace left behind.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-util.h"
#include "cmds.h"
#include "overlapcheck/import.h"
#include "overlapcheck/tracefile.h"

static void usage(FILE *f)
{
	fputs("usage: overlapcheck import [-o TRACE.db] [--force] [--pid PID] INPUT\n"
	      "\n"
	      "Converts a profile you already have into an overlapcheck trace:\n"
	      "  - an Nsight Systems SQLite export (nsys export --type sqlite REPORT.nsys-rep);\n"
	      "  - a PyTorch profiler (Kineto) Chrome trace (prof.export_chrome_trace(PATH),\n"
	      "    or the .pt.trace.json[.gz] files of tensorboard_trace_handler);\n"
	      "  - a SQL text dump of a trace (tools/dump-trace.py, sqlite3's .dump, the\n"
	      "    tests/fixtures/*.sql), plain or gzipped, loaded with only what a dump\n"
	      "    needs allowed (no ATTACH, VACUUM, load_extension(), other pragmas).\n"
	      "\n"
	      "  -o, --output TRACE  the trace to write (default: INPUT's name without its\n"
	      "                      extensions, plus .db, beside it); an input of several\n"
	      "                      processes gives one trace each, TRACE's name plus .PID.db\n"
	      "      --force         replace traces that exist\n"
	      "      --pid PID       only the process PID\n"
	      "  -q, --quiet         no line per trace on stdout, no warnings on stderr\n"
	      "  -h, --help          this help\n"
	      "\n"
	      "report, check, compare, export, timeline and info also read these inputs\n"
	      "directly, through a temporary trace deleted afterwards. What each input holds\n"
	      "and what it lacks (the passport says it: import.* keys): docs/import.md.\n"
	      "Exit status: 0 imported, 2 usage or input error.\n", f);
}

enum { OPT_FORCE = 0x100, OPT_PID };

int cmd_import(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "force",  no_argument,       NULL, OPT_FORCE },
		{ "pid",    required_argument, NULL, OPT_PID },
		{ "quiet",  no_argument,       NULL, 'q' },
		{ "help",   no_argument,       NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct oc_import_options o = { NULL, 0, -1, 0 };
	struct oc_import_result r;
	const char *input = NULL;
	char err[1200];
	int c, quiet = 0;

	optind = 0;
	while ((c = cmd_getopt("import", argc, argv, "-o:qh", longopts)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return OC_EXIT_OK;
		case 'o':
			if (!*optarg) {
				fprintf(stderr, "overlapcheck import: -o needs a file name\n");
				return OC_EXIT_USAGE;
			}
			o.output = optarg;
			break;
		case OPT_FORCE:
			o.flags |= OC_IMPORT_FORCE;
			break;
		case OPT_PID: {
			char *end;

			errno = 0;
			long p = strtol(optarg, &end, 10);

			if (errno || end == optarg || *end || p < 0 || p > 0xFFFFFF) {
				fprintf(stderr, "overlapcheck import: invalid value '%s' for --pid: expected "
					"a process id\n", optarg);
				return OC_EXIT_USAGE;
			}
			o.pid = p;
			break;
		}
		case 'q':
			quiet = 1;
			break;
		case 1:
			if (input) {
				fprintf(stderr, "overlapcheck import: more than one input given ('%s', '%s')\n",
					input, optarg);
				return OC_EXIT_USAGE;
			}
			input = optarg;
			break;
		default:   /* cmd_getopt() said why */
			return OC_EXIT_USAGE;
		}
	}
	for (; optind < argc; optind++) {
		if (input) {
			fprintf(stderr, "overlapcheck import: more than one input given ('%s', '%s')\n", input,
				argv[optind]);
			return OC_EXIT_USAGE;
		}
		input = argv[optind];
	}
	if (!input) {
		usage(stderr);
		return OC_EXIT_USAGE;
	}
	if (oc_import(input, &o, &r, err, sizeof err)) {
		fprintf(stderr, "overlapcheck import: ");
		oc_fput_escaped(err, stderr);
		fputc('\n', stderr);
		return OC_EXIT_USAGE;
	}
	for (size_t i = 0; !quiet && i < r.n_warnings; i++) {
		fputs("overlapcheck import: warning: ", stderr);
		oc_fput_escaped(r.warnings[i], stderr);
		fputc('\n', stderr);
	}
	for (size_t i = 0; !quiet && i < r.n_traces; i++) {
		const struct oc_import_trace *t = &r.traces[i];

		fputs("imported ", stdout);
		oc_fput_escaped(input, stdout);
		printf(" (%s, format version %s, written by ", oc_input_format_label(r.format),
		       r.version ? r.version : "unknown");
		oc_fput_escaped(r.tool ? r.tool : "an unknown tool", stdout);
		fputs(") into ", stdout);
		oc_fput_escaped(t->path, stdout);
		if (t->pid >= 0)
			printf(": pid %ld,", t->pid);
		else
			fputs(": pid unknown,", stdout);
		printf(" %zu device ops, %zu API calls, %zu syncs\n", t->ops, t->api_calls, t->syncs);
	}
	oc_import_result_release(&r);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "overlapcheck import: cannot write standard output: %s\n", strerror(errno));
		return OC_EXIT_USAGE;
	}
	return OC_EXIT_OK;
}
