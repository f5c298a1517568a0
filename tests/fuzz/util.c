/* util.c: the fuzz targets' shared helpers (fuzz.h). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "overlapcheck/analysis.h"
#include "overlapcheck/export.h"
#include "overlapcheck/report.h"
#include "overlapcheck/trace.h"

const char *fuzz_tmp_path(const char *tag)
{
	static char path[4][512];
	static int next;
	const char *dir = getenv("TMPDIR");
	struct stat st;
	char *p = path[next++ % 4];

	if (!dir || !*dir)
		dir = stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) ? "/dev/shm" : "/tmp";
	snprintf(p, sizeof path[0], "%s/oc-fuzz-%d-%s.db", dir, (int)getpid(), tag);
	return p;
}

void fuzz_remove(const char *path)
{
	static const char *const side[] = { "", "-wal", "-shm", "-journal" };
	char p[600];

	for (size_t i = 0; i < sizeof side / sizeof side[0]; i++) {
		snprintf(p, sizeof p, "%s%s", path, side[i]);
		unlink(p);
	}
}

int fuzz_write_file(const char *path, const uint8_t *data, size_t size)
{
	int fd, rc = 0;

	fuzz_remove(path);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return -1;
	while (size > 0) {
		ssize_t n = write(fd, data, size);

		if (n <= 0) {
			rc = -1;
			break;
		}
		data += n;
		size -= (size_t)n;
	}
	close(fd);
	return rc;
}

FILE *fuzz_devnull(void)
{
	static FILE *f;

	if (!f)
		f = fopen("/dev/null", "w");
	return f;
}

void fuzz_silence(void)
{
	static int done;
	int fd;

	if (done++)
		return;
	fd = open("/dev/null", O_WRONLY);
	if (fd < 0)
		return;
	fflush(stdout);
	dup2(fd, 1);       /* stderr stays: the sanitizers report there */
	close(fd);
}

static void reports(struct oc_trace *t, const struct oc_analysis_options *o)
{
	struct oc_analysis a;
	struct oc_report_opts plain = { .max_rows = 20 }, colour = { .color = 1, .max_rows = 3 };
	char err[512];
	FILE *f = fuzz_devnull();

	if (oc_analysis_run(t, o, &a, err, sizeof err))
		return;
	oc_report_text(f, &a, &plain);
	oc_report_text(f, &a, &colour);
	oc_report_json(f, &a);
	oc_report_markdown(f, &a, &plain);
	oc_analysis_release(&a);
}

void fuzz_run_trace(const char *path)
{
	struct oc_trace t;
	struct oc_analysis_options o;
	struct oc_tl_notes n;
	char err[512];
	FILE *f = fuzz_devnull();

	if (!f)
		return;
	if (oc_trace_open(&t, path, err, sizeof err)) {
		if (getenv("OC_FUZZ_VERBOSE"))
			fprintf(stderr, "fuzz: %s\n", err);
		return;
	}
	if (getenv("OC_FUZZ_VERBOSE"))
		fprintf(stderr, "fuzz: a trace of %zu ops, %zu API calls, %zu ranges\n", t.n_ops, t.n_api,
			t.n_ranges);
	oc_analysis_options_init(&o);
	reports(&t, &o);
	o.whole = 1;
	reports(&t, &o);
	oc_write_chrome(f, &t, NULL, err, sizeof err);
	oc_analysis_options_init(&o);
	if (oc_tl_notes_init(&n, &t, &o, err, sizeof err) == 0) {
		oc_write_chrome(f, &t, &n, err, sizeof err);
		oc_write_timeline_html(f, &t, &n, "fuzz <trace>", err, sizeof err);
		oc_tl_notes_release(&n);
	}
	/* these narrow t in place: last */
	o.device = 0;
	reports(&t, &o);
	if (t.n_ranges > 0) {
		char name[256];

		snprintf(name, sizeof name, "%s", oc_trace_str(&t, t.ranges[0].name));
		oc_analysis_options_init(&o);
		o.range = name;
		reports(&t, &o);
	}
	oc_trace_release(&t);
}
