/*
 * tl-outfile.h: an output file that appears only when complete.
 *
 * oc_tl_out_open(path) writes to "path.tmp.PID" with a large buffer;
 * oc_tl_out_close() flushes, checks for write errors and renames it to path;
 * oc_tl_out_abort() removes it. A NULL path means standard output.
 */
#ifndef OVERLAPCHECK_TL_OUTFILE_H
#define OVERLAPCHECK_TL_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

struct oc_tl_out {
	FILE *f;
	char *path;     /* final name, NULL for stdout */
	char *tmp;      /* the name written to */
	char *buf;      /* stdio buffer */
};

int  oc_tl_out_open(struct oc_tl_out *o, const char *path, char *err, size_t errlen);
int  oc_tl_out_close(struct oc_tl_out *o, char *err, size_t errlen);
void oc_tl_out_abort(struct oc_tl_out *o);

#endif
