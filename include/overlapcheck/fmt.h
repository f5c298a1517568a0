/*
 * fmt.h: durations as people read them in the gate outputs (`check`'s
 * messages and evidence, `compare`'s tables), src/util/fmt.c.
 */
#ifndef OVERLAPCHECK_FMT_H
#define OVERLAPCHECK_FMT_H

#include <stddef.h>

/* A signed duration with a unit that fits: "12.345 ms", "-3.2 us", "0 ns", "n/a". Returns buf. */
const char *oc_fmt_ns(char *buf, size_t len, double ns);

#endif
