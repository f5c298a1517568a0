/*
 * fmt.c: durations for the gate outputs (fmt.h).
 */
#include <math.h>
#include <stdio.h>

#include "overlapcheck/fmt.h"

const char *oc_fmt_ns(char *buf, size_t len, double ns)
{
	double a = fabs(ns);

	if (a < 0.5)
		ns = 0;   /* no "-0 ns" */
	if (isnan(ns))
		snprintf(buf, len, "n/a");
	else if (a >= 1e9)
		snprintf(buf, len, "%.3f s", ns / 1e9);
	else if (a >= 1e6)
		snprintf(buf, len, "%.3f ms", ns / 1e6);
	else if (a >= 1e3)
		snprintf(buf, len, "%.1f us", ns / 1e3);
	else
		snprintf(buf, len, "%.0f ns", ns);
	return buf;
}
