/* format.c: durations and sizes as people read them (format.h). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

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

/* s[0..n) with the contents of every bracket group at depth 0 of kind
 * open/close replaced by "...", into out (size len). 0, or -1 when the
 * brackets do not balance (nothing written then). */
static int collapse(const char *s, size_t n, char open, char close, char *out, size_t len)
{
	size_t o = 0;
	int depth = 0;      /* of every kind of bracket, so "<...>" inside "(...)" stays */
	int inside = 0;     /* in a group of this kind at depth 0 */

	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		int opens = c == '(' || c == '<' || c == '[', closes = c == ')' || c == '>' || c == ']';
		if (closes) {
			if (--depth < 0)
				return -1;
			if (inside && depth == 0 && c == close) {
				inside = 0;
				if (o + 4 >= len)
					return -1;
				if (s[i - 1] != open) {  /* "()" stays "()" */
					memcpy(out + o, "...", 3);
					o += 3;
				}
			}
		}
		if (!inside) {
			if (o + 1 >= len)
				return -1;
			out[o++] = c;
		}
		if (opens) {
			if (depth == 0 && c == open)
				inside = 1;
			depth++;
		}
	}
	if (depth)
		return -1;
	out[o] = '\0';
	return 0;
}

const char *oc_fmt_name(const char *s, char *buf, size_t len, size_t max)
{
	char a[1024], b[1024];
	size_t n;

	if (!len)
		return buf;
	if (max > len - 1)
		max = len - 1;
	oc_fmt_clip(s, a, sizeof a, sizeof a - 1);   /* escaped, whole if it fits */
	n = strlen(a);
	/* each step only when the name is still too long: the parameters, then
	 * the template arguments, then the return type, then the outer scopes */
	if (n > max && !collapse(a, n, '(', ')', b, sizeof b))
		n = strlen(strcpy(a, b));
	if (n > max && !collapse(a, n, '<', '>', b, sizeof b))
		n = strlen(strcpy(a, b));
	if (n > max) {
		int depth = 0;
		size_t sp = 0;
		for (size_t i = 0; i < n; i++) {
			depth += a[i] == '(' || a[i] == '<' || a[i] == '[';
			depth -= a[i] == ')' || a[i] == '>' || a[i] == ']';
			if (depth == 0 && a[i] == ' ')
				sp = i + 1;
		}
		if (sp && sp < n) {
			memmove(a, a + sp, n - sp + 1);
			n -= sp;
		}
	}
	while (n > max) {
		char *q = strstr(a, "::");
		char *paren = strpbrk(a, "(<");
		if (!q || (paren && paren < q))
			break;
		memmove(a, q + 2, strlen(q + 2) + 1);
		n = strlen(a);
	}
	if (n <= max) {
		memcpy(buf, a, n + 1);
		return buf;
	}
	/* still too long: cut at a token boundary near max, marked "..." (no
	 * room for the mark: just cut) */
	if (max <= 3) {
		size_t at = max;
		while (at > 0 && ((unsigned char)a[at] & 0xC0) == 0x80)
			at--;
		memcpy(buf, a, at);
		buf[at] = '\0';
		return buf;
	}
	size_t cut = max - 3, at = cut;
	while (at > 0 && at + 16 > cut && !strchr(" :<(,", a[at - 1]))
		at--;
	if (at == 0 || at + 16 <= cut)
		at = cut;
	while (at > 0 && ((unsigned char)a[at] & 0xC0) == 0x80)   /* not inside a UTF-8 sequence */
		at--;
	memcpy(buf, a, at);
	memcpy(buf + at, "...", 4);
	return buf;
}

int oc_temp_file(char *path, size_t len, const char *stem)
{
	const char *dir = getenv("TMPDIR");
	int n = snprintf(path, len, "%s/%s-XXXXXX", dir && *dir ? dir : "/tmp", stem);

	int fd;

	if (n < 0 || (size_t)n >= len) {
		snprintf(path, len, "%s", dir && *dir ? dir : "/tmp");
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = mkostemp(path, O_CLOEXEC);
	if (fd < 0) {
		int e = errno;

		*strrchr(path, '/') = '\0';
		errno = e;
	}
	return fd;
}
