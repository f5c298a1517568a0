/*
 * format.h: numbers as people read them, for every human-facing output
 * (src/util/format.c): the report's durations and sizes, and the gate
 * outputs' signed durations (`check`'s messages and evidence, `compare`'s
 * tables). Each writes into buf and returns it; and sentences for people
 * gathered in a list (an analysis' warnings, a merge's notes).
 */
#ifndef OVERLAPCHECK_FORMAT_H
#define OVERLAPCHECK_FORMAT_H

#include <stddef.h>
#include <stdint.h>

/* "850 ns", "12.3 us", "4.56 ms", "1.23 s"; "-" for a negative value. */
const char *oc_fmt_duration(int64_t ns, char *buf, size_t len);
/* A signed duration with a unit that fits: "12.345 ms", "-3.2 us", "0 ns", "n/a". */
const char *oc_fmt_ns(char *buf, size_t len, double ns);
/* s for one line of text: newline, tab and other control bytes escaped
 * ("\\n", "\\t", "\\x1b"), cut after max bytes at a character boundary and
 * marked "..."; "" for NULL. */
const char *oc_fmt_clip(const char *s, char *buf, size_t len, size_t max);
/* A kernel's (demangled) name for one line of text, escaped as
 * oc_fmt_clip() does, and shortened to at most max bytes at token
 * boundaries, never mid-signature: the parameters become "(...)", then the
 * template arguments "<...>", then the return type and the outer scopes go;
 * only then is it cut after a token and marked "...". */
const char *oc_fmt_name(const char *s, char *buf, size_t len, size_t max);
/* "4 B", "64.0 KiB", "4.0 MiB", "1.50 GiB". */
const char *oc_fmt_bytes(uint64_t bytes, char *buf, size_t len);
/* A Linux signal number as its name: "SIGTERM"; "signal 40" for one without a name here. */
const char *oc_fmt_signal(int sig, char *buf, size_t len);

/*
 * Append printf(fmt, ...), cut to max - 1 bytes, as a malloc'd string to the
 * array *v of *n strings (grown by one). 0, or -1 out of memory (*v and *n
 * unchanged).
 */
int oc_strv_addf(char ***v, size_t *n, size_t max, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* printf(fmt, ...) into err[errlen], cut to fit; nothing when err is NULL or errlen 0. */
void oc_set_err(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A new file "DIR/STEM-XXXXXX" made by mkstemp (closed on exec), DIR
 * being $TMPDIR, else /tmp: its descriptor, with its name in path[len];
 * -1 with errno, and then path holds DIR alone (for the message). */
int oc_temp_file(char *path, size_t len, const char *stem);

#endif
