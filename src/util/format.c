/* format.c: durations and sizes as people read them (format.h). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

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

const char *oc_fmt_signal(int sig, char *buf, size_t len)
{
	/* Linux's numbers (x86-64, arm64), where traces are recorded. */
	static const char *const names[] = {
		[1] = "SIGHUP", [2] = "SIGINT", [3] = "SIGQUIT", [4] = "SIGILL", [5] = "SIGTRAP",
		[6] = "SIGABRT", [7] = "SIGBUS", [8] = "SIGFPE", [9] = "SIGKILL", [10] = "SIGUSR1",
		[11] = "SIGSEGV", [12] = "SIGUSR2", [13] = "SIGPIPE", [14] = "SIGALRM", [15] = "SIGTERM",
		[24] = "SIGXCPU", [25] = "SIGXFSZ", [26] = "SIGVTALRM", [27] = "SIGPROF",
	};

	if (sig > 0 && (size_t)sig < sizeof names / sizeof names[0] && names[sig])
		snprintf(buf, len, "%s", names[sig]);
	else
		snprintf(buf, len, "signal %d", sig);
	return buf;
}

int oc_strv_addf(char ***v, size_t *n, size_t max, const char *fmt, ...)
{
	va_list ap;
	char *buf = malloc(max ? max : 1), **x;

	if (!buf)
		return -1;
	va_start(ap, fmt);
	vsnprintf(buf, max ? max : 1, fmt, ap);
	va_end(ap);
	x = realloc(*v, (*n + 1) * sizeof *x);
	if (!x) {
		free(buf);
		return -1;
	}
	*v = x;
	x[(*n)++] = buf;
	return 0;
}

void oc_set_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

const char *oc_fmt_clip(const char *s, char *buf, size_t len, size_t max)
{
	size_t n = 0;

	if (!s)
		s = "";
	if (max > len - 1)
		max = len - 1;
	for (; *s && n + 4 < len; s++) {
		unsigned char ch = (unsigned char)*s;
		if (n >= max) {
			break;
		}
		if (ch == '\n') {
			buf[n++] = '\\'; buf[n++] = 'n';
		} else if (ch == '\t') {
			buf[n++] = '\\'; buf[n++] = 't';
		} else if (ch < 0x20 || ch == 0x7f) {
			n += (size_t)snprintf(buf + n, len - n, "\\x%02x", ch);
		} else {
			buf[n++] = (char)ch;
		}
	}
	if (*s && n + 4 < len) {
		/* cut: step back over a partial UTF-8 sequence, then mark it */
		while (n > 0 && ((unsigned char)buf[n - 1] & 0xC0) == 0x80)
			n--;
		if (n > 0 && ((unsigned char)buf[n - 1] & 0xC0) == 0xC0)
			n--;
		buf[n++] = '.'; buf[n++] = '.'; buf[n++] = '.';
	}
	buf[n] = '\0';
	return buf;
}
