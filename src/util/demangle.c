/*
 * demangle.c: C++ kernel names for people.
 *
 * CUPTI gives kernels their Itanium-mangled names (_Z...). The C++ runtime
 * already carries a complete demangler, __cxa_demangle, so the CLI links
 * libstdc++ and calls it through its C ABI; anything it rejects (garbage,
 * plain C names, truncated symbols) comes back unchanged. Nothing is escaped
 * here: each output format escapes what it prints.
 */
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/demangle.h"

/* The C++ ABI's demangler (libstdc++ / libc++abi), declared for C. */
extern char *__cxa_demangle(const char *mangled, char *out, size_t *len, int *status);

/* Longer inputs are shown mangled: the demangler recurses on its input. */
#define DEMANGLE_MAX_INPUT 8192

static void copy_out(const char *s, char *buf, size_t buflen)
{
	size_t n = strlen(s);

	if (n >= buflen)
		n = buflen - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
}

const char *oc_demangle(const char *mangled, char *buf, size_t buflen)
{
	char *d;
	int status = -1;

	if (!buf || !buflen)
		return "";
	if (!mangled) {
		buf[0] = '\0';
		return buf;
	}
	if (strncmp(mangled, "_Z", 2) || strnlen(mangled, DEMANGLE_MAX_INPUT + 1) > DEMANGLE_MAX_INPUT) {
		copy_out(mangled, buf, buflen);
		return buf;
	}
	d = __cxa_demangle(mangled, NULL, NULL, &status);
	copy_out(status == 0 && d ? d : mangled, buf, buflen);
	free(d);
	return buf;
}
