/*
 * tl-outfile.c: output files for the timeline commands (see tl-outfile.h).
 *
 * A half-written JSON or HTML file is worse than none: viewers show it as a
 * broken trace. So the output goes to a temporary name beside the target and
 * is renamed over it only after every byte reached the file. A path that
 * exists and is not a regular file (/dev/stdout, a FIFO) is written directly.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tl-outfile.h"

#define OUT_BUF (1 << 20)

static void out_free(struct oc_tl_out *o)
{
	free(o->path);
	free(o->tmp);
	free(o->buf);
	memset(o, 0, sizeof *o);
}

int oc_tl_out_open(struct oc_tl_out *o, const char *path, char *err, size_t errlen)
{
	struct stat st;

	memset(o, 0, sizeof *o);
	if (!path) {
		o->f = stdout;   /* already fully buffered when not a terminal */
		return 0;
	}
	o->buf = malloc(OUT_BUF);
	o->path = strdup(path);
	o->tmp = malloc(strlen(path) + 32);
	if (!o->path || !o->tmp) {
		snprintf(err, errlen, "cannot open '%s': %s", path, strerror(ENOMEM));
		out_free(o);
		return -1;
	}
	if (!stat(path, &st) && !S_ISREG(st.st_mode))
		strcpy(o->tmp, path);   /* direct: nothing to rename */
	else
		sprintf(o->tmp, "%s.tmp.%ld", path, (long)getpid());
	o->f = fopen(o->tmp, "w");
	if (!o->f) {
		snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
		out_free(o);
		return -1;
	}
	if (o->buf)
		setvbuf(o->f, o->buf, _IOFBF, OUT_BUF);
	return 0;
}

int oc_tl_out_close(struct oc_tl_out *o, char *err, size_t errlen)
{
	int rc = 0;

	if (!o->path) {
		if (fflush(stdout) || ferror(stdout)) {
			snprintf(err, errlen, "cannot write standard output: %s", strerror(errno));
			rc = -1;
		}
		out_free(o);
		return rc;
	}
	if (ferror(o->f) | fclose(o->f)) {
		snprintf(err, errlen, "cannot write '%s': %s", o->tmp, strerror(errno));
		if (strcmp(o->tmp, o->path))
			unlink(o->tmp);
		rc = -1;
	} else if (strcmp(o->tmp, o->path) && rename(o->tmp, o->path)) {
		snprintf(err, errlen, "cannot rename '%s' to '%s': %s", o->tmp, o->path,
			 strerror(errno));
		unlink(o->tmp);
		rc = -1;
	}
	out_free(o);
	return rc;
}

void oc_tl_out_abort(struct oc_tl_out *o)
{
	if (o->path) {
		fclose(o->f);
		if (strcmp(o->tmp, o->path))
			unlink(o->tmp);
	} else {
		fflush(stdout);
	}
	out_free(o);
}
