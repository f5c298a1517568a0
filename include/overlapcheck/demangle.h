/*
 * demangle.h: kernel names as people read them (src/util/demangle.c).
 */
#ifndef OVERLAPCHECK_DEMANGLE_H
#define OVERLAPCHECK_DEMANGLE_H

#include <stddef.h>

/*
 * Demangle a C++ kernel name into buf (Itanium ABI, best effort: falls back to
 * the mangled text). Returns buf.
 */
const char *oc_demangle(const char *mangled, char *buf, size_t buflen);

#endif
