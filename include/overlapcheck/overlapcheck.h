/*
 * overlapcheck.h: the analysis library, liboverlapcheck, in one include.
 *
 *     #include <overlapcheck/overlapcheck.h>
 *     cc app.c $(pkg-config --cflags --libs overlapcheck)
 *
 * Open a trace (oc_trace_open, trace.h), analyse it (oc_analysis_run,
 * analysis.h), read the verdicts from the result's structs or render them
 * (report.h: text, JSON, Markdown; export.h: Chrome trace, HTML timeline).
 * examples/verdicts.c is a whole program.
 *
 * Stability: API 0.x, NOT YET STABLE. Until 1.0 any minor version may change
 * structs, enums and signatures; the patch version changes none of them.
 * What is stable is the trace format (docs/schema.md: the device_ops and
 * api_calls views, meta) and the JSON report (docs/report-json.md), which
 * change only by adding. Check OVERLAPCHECK_VERSION_MAJOR/MINOR at build
 * time and oc_version() at run time if you link dynamically later.
 *
 * Conventions, everywhere in the library:
 * - Ownership: a struct filled by an open or run function owns everything
 *   it points to and is freed by the matching *_release. Results refer to
 *   their trace by index (trace->ops[i], ...), so release the analysis
 *   before its trace. Strings returned by the name and label functions are
 *   static; never free them.
 * - Errors: functions return 0 (or a count) on success and -1 on failure,
 *   with a message in the caller's err buffer that starts lowercase, says
 *   what failed and quotes the subject ("cannot open trace 'x.db': not a
 *   SQLite database"). The library never exits, aborts or prints, except the
 *   render functions, which write only to the FILE they are given.
 * - Threads: no global state. Different traces and analyses may be used
 *   from different threads at once; one trace or analysis is not safe to
 *   use from two threads while either modifies it (oc_analysis_run narrows
 *   its trace in place for --range and --device).
 * - Times: int64 nanoseconds relative to meta('trace_start_ns').
 */
#ifndef OVERLAPCHECK_H
#define OVERLAPCHECK_H

#include "overlapcheck/version.h"
#include "overlapcheck/codes.h"
#include "overlapcheck/demangle.h"
#include "overlapcheck/trace.h"
#include "overlapcheck/sweep.h"
#include "overlapcheck/analysis.h"
#include "overlapcheck/ranks.h"
#include "overlapcheck/rules.h"
#include "overlapcheck/report.h"
#include "overlapcheck/export.h"
#include "overlapcheck/ranks-report.h"

#endif
