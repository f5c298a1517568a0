/*
 * cmd-util.c: the option parser every command uses (cmd-util.h).
 *
 * getopt_long() does the parsing; this wrapper makes its errors one set of
 * messages, worded the same in every command, and refuses the abbreviated
 * long options glibc would otherwise accept. The input notes tell, on
 * stderr only, when a command reads a profile or a SQL dump through a
 * temporary trace.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cmd-util.h"
#include "overlapcheck/format.h"
#include "overlapcheck/import.h"
#include "overlapcheck/report.h"
#include "overlapcheck/tracefile.h"

/* The long option named exactly name[0..len), or NULL. */
static const struct option *find_long(const struct option *lo, const char *name, size_t len)
{
	for (; lo && lo->name; lo++)
		if (strlen(lo->name) == len && !strncmp(lo->name, name, len))
			return lo;
	return NULL;
}

/* A no_argument long option with this val whose name starts with name[0..len). */
static const struct option *find_flag(const struct option *lo, const char *name, size_t len, int val)
{
	for (; lo && lo->name; lo++)
		if (lo->has_arg == no_argument && lo->val == val && !strncmp(lo->name, name, len))
			return lo;
	return NULL;
}

/* "overlapcheck CMD: WHAT (see overlapcheck help CMD)"; opt is "--name"
 * (its first len bytes) or, with len 0, the short option c. */
static int bad(const char *cmd, const char *what, const char *opt, size_t len, int c)
{
	char o[3] = { '-', (char)c, '\0' };

	fprintf(stderr, "overlapcheck %s: ", cmd);
	if (len)
		fprintf(stderr, what, (int)len, opt);
	else
		fprintf(stderr, what, 2, o);
	fprintf(stderr, " (see overlapcheck help %s)\n", cmd);
	return '?';
}

#define UNKNOWN  "unknown option '%.*s'"
#define NO_VALUE "option '%.*s' needs a value"
#define NOT_FLAG "option '%.*s' takes no value"

int cmd_getopt(const char *cmd, int argc, char **argv, const char *optstring,
	       const struct option *longopts)
{
	char os[128];
	const char *el, *name;
	size_t len;
	int c, li = -1;

	/* mode ('+' or '-') first, then ':' for missing values, then the options */
	if (optstring[0] == '+' || optstring[0] == '-')
		snprintf(os, sizeof os, "%c:%s", optstring[0], optstring + 1);
	else
		snprintf(os, sizeof os, ":%s", optstring);
	opterr = 0;
	c = getopt_long(argc, argv, os, longopts, &li);
	if (c == -1 || c == 1)
		return c;
	el = optind >= 1 && optind <= argc ? argv[optind - 1] : "";
	if (c == '?' || c == ':') {
		int is_long = !strncmp(el, "--", 2) && el[2];

		name = el + 2;
		len = is_long ? strcspn(name, "=") : 0;
		if (c == ':') {
			/* a short option's value would be the rest of its word, so a
			 * missing one ends it: el is the option's own word */
			if (!is_long)
				return bad(cmd, NO_VALUE, NULL, 0, optopt);
			return bad(cmd, find_long(longopts, name, len) ? NO_VALUE : UNKNOWN, el, len + 2, 0);
		}
		/* unknown or ambiguous long options leave optopt 0; a flag given a
		 * value ("--force=1") sets it to the flag's val */
		if (is_long && !optopt)
			return bad(cmd, UNKNOWN, el, len + 2, 0);
		if (is_long && name[len] == '=' && find_flag(longopts, name, len, optopt))
			return bad(cmd, find_long(longopts, name, len) ? NOT_FLAG : UNKNOWN, el, len + 2, 0);
		return bad(cmd, UNKNOWN, NULL, 0, optopt);
	}
	if (li >= 0) {
		/* the word that named the option: before its value when that
		 * came as the next word */
		if (longopts[li].has_arg == required_argument && optarg == el && optind >= 2)
			el = argv[optind - 2];
		name = el + 2;
		len = strcspn(name, "=");
		if (strncmp(el, "--", 2) || len != strlen(longopts[li].name))
			return bad(cmd, UNKNOWN, el, len + 2, 0);
	}
	return c;
}

void cmd_note_input(const char *cmd, const char *path)
{
	enum oc_input_format f = oc_input_sniff(path);

	if (f != OC_INPUT_NSYS_SQLITE && f != OC_INPUT_KINETO_JSON && f != OC_INPUT_SQL_DUMP)
		return;
	fprintf(stderr, "overlapcheck %s: '", cmd);
	oc_fput_escaped(path, stderr);
	fprintf(stderr, "' is %s: read through a temporary overlapcheck trace, deleted afterwards "
		"(overlapcheck import keeps one)\n", oc_input_format_label(f));
}

int cmd_input_import(const char *cmd, const char *path, char *tmp, size_t len)
{
	enum oc_input_format f = oc_input_sniff(path);
	struct oc_import_options o = { tmp, OC_IMPORT_TEMP, -1, 1 };
	struct oc_import_result r;
	char err[1200];
	int fd;

	if (f == OC_INPUT_NSYS_REP) {
		fprintf(stderr, "overlapcheck %s: cannot open trace '%s': an Nsight Systems report "
			"(.nsys-rep), which overlapcheck does not read: `nsys export --type sqlite %s` "
			"writes the SQLite export it reads\n", cmd, path, path);
		return -1;
	}
	if (f != OC_INPUT_NSYS_SQLITE && f != OC_INPUT_KINETO_JSON && f != OC_INPUT_SQL_DUMP)
		return 1;
	cmd_note_input(cmd, path);
	fd = oc_temp_file(tmp, len, "overlapcheck-import");
	if (fd < 0) {
		fprintf(stderr, "overlapcheck %s: cannot create a temporary trace in %s: %s\n", cmd, tmp, strerror(errno));
		return -1;
	}
	close(fd);
	if (oc_import(path, &o, &r, err, sizeof err)) {
		unlink(tmp);
		fprintf(stderr, "overlapcheck %s: %s\n", cmd, err);
		return -1;
	}
	oc_import_result_release(&r);
	return 0;
}

void cmd_input_done(const char *tmp)
{
	if (tmp && tmp[0])
		oc_tracefile_remove(tmp);
}

int cmd_text_width(FILE *out)
{
	struct winsize ws;
	const char *c = getenv("COLUMNS");
	char *end;
	long n;

	if (isatty(fileno(out)) && ioctl(fileno(out), TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
		return ws.ws_col;
	if (c && *c) {
		n = strtol(c, &end, 10);
		if (!*end && n >= 20 && n <= 10000)
			return (int)n;
	}
	return 80;
}

int cmd_write_wrapped(FILE *out, int (*render)(FILE *f, const void *ctx), const void *ctx)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int rc;

	if (!m)
		return render(out, ctx);   /* no memory for the copy: unwrapped */
	rc = render(m, ctx);
	if (fclose(m))
		rc = -1;
	if (rc == 0)
		rc = oc_wrap(out, buf, len, cmd_text_width(out));
	free(buf);
	return rc;
}
