/*
 * version.h: the version of overlapcheck, here once. The Makefile reads
 * OVERLAPCHECK_VERSION from this file and passes it to every part of the
 * build (the CLI, the library, the injection library, the trace's
 * tool_version), so they cannot disagree.
 */
#ifndef OVERLAPCHECK_VERSION_H
#define OVERLAPCHECK_VERSION_H

#define OVERLAPCHECK_VERSION "0.1.0"
#define OVERLAPCHECK_VERSION_MAJOR 0
#define OVERLAPCHECK_VERSION_MINOR 1
#define OVERLAPCHECK_VERSION_PATCH 0

/* OVERLAPCHECK_VERSION of the library linked in (it may differ from the header's). */
const char *oc_version(void);

#endif
