/* format.c: durations and sizes as people read them (format.h). */
#include <stdio.h>

#include "overlapcheck/format.h"

const char *oc_fmt_duration(int64_t ns, char *buf, size_t len)
{
	double v = (double)ns;

	if (ns < 0)
		snprintf(buf, len, "-");
	else if (ns < 1000)
		snprintf(buf, len, "%lld ns", (long long)ns);
	else if (ns < 1000000)
		snprintf(buf, len, "%.1f us", v / 1e3);
	else if (ns < 1000000000)
		snprintf(buf, len, "%.2f ms", v / 1e6);
	else
		snprintf(buf, len, "%.3f s", v / 1e9);
	return buf;
}

const char *oc_fmt_bytes(uint64_t bytes, char *buf, size_t len)
{
	double v = (double)bytes;

	if (bytes < 1024)
		snprintf(buf, len, "%llu B", (unsigned long long)bytes);
	else if (bytes < 1024 * 1024)
		snprintf(buf, len, "%.1f KiB", v / 1024);
	else if (bytes < 1024ull * 1024 * 1024)
		snprintf(buf, len, "%.1f MiB", v / (1024.0 * 1024));
	else
		snprintf(buf, len, "%.2f GiB", v / (1024.0 * 1024 * 1024));
	return buf;
}
