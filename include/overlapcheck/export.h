/*
 * export.h: the timeline outputs.
 *
 * Two pictures of one trace: Chrome Trace Event JSON (oc_write_chrome, for
 * the Perfetto UI and chrome://tracing; oc_write_perfetto writes the same in
 * Perfetto's protobuf format) and one self-contained HTML page
 * (oc_write_timeline_html, canvas-drawn). Both are written straight to a
 * FILE as they are produced; nothing holds the whole document.
 *
 * Both draw the same lanes (struct oc_tl_layout): a track per device stream
 * that ran work, a track per CPU thread with its API calls, NVTX ranges, and
 * per device the intervals where copies intersected kernels. What the
 * analysis concluded (verdicts, causes, idle gaps, hidden synchronizations,
 * the one-line answer) arrives separately as struct oc_tl_notes, so the
 * outputs work on a bare trace and say more when the analysis ran.
 */
#ifndef OVERLAPCHECK_EXPORT_H
#define OVERLAPCHECK_EXPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "overlapcheck/trace.h"

enum oc_tl_verdict {
	OC_TL_NONE = 0,          /* not a claim, or no analysis */
	OC_TL_OVERLAPPED = 1,
	OC_TL_SERIALIZED = 2,
};

/* What the analysis said about one device op or one API call (a claim). */
struct oc_tl_note {
	uint8_t     verdict;     /* enum oc_tl_verdict */
	double      ratio;       /* overlap_ratio in [0, 1]; < 0 when unknown */
	const char *causes;      /* cause codes, comma-separated, decisive first; NULL if none */
	const char *evidence;    /* the decisive cause's evidence, or NULL */
	uint8_t     on_path;     /* 1: a node of the critical path (a graph launch: all its ops) */
};

struct oc_tl_gap {               /* a device-wide idle interval */
	int64_t     start_ns, end_ns;
	uint32_t    device_id;
	const char *cause;       /* cause code, or NULL */
	const char *evidence;    /* or NULL */
};

struct oc_tl_hsync {             /* a hidden synchronization */
	int32_t     api;         /* index into trace->api, or -1 */
	int64_t     start_ns, end_ns; /* CPU time of the call */
	uint32_t    tid;
	const char *evidence;    /* or NULL */
};

struct oc_tl_hazard {            /* a hazard (docs/hazards.md): two ops joined */
	int32_t     op_a, op_b;  /* indices into trace->ops; op_b -1: the other side is a free */
	uint8_t     latent;      /* 1: latent_hazard (kept apart only by timing) */
	const char *kind;        /* "hazard", "latent_hazard", "use_after_free" */
	const char *text;        /* kind, memory, both sides, advice */
};

/*
 * The analysis, as the outputs need it. Every pointer may be NULL (and every
 * count 0): the outputs then show the trace alone. ops and api, when set,
 * have trace->n_ops and trace->n_api entries. Strings are borrowed.
 */
struct oc_tl_notes {
	const char         *answer;  /* the report's one-line answer */
	const char         *lever;   /* the one line on the largest lever, or NULL */
	const char         *time_split; /* where the device time went, one line, or NULL */
	const char         *path;    /* the critical path's length and makeup and the first
	                                bound, one line, or NULL (docs/causes.md) */
	const char         *window_how; /* "whole", "range", "steady_state"; NULL: no analysis */
	int64_t             window_start_ns, window_end_ns; /* the analysis window */
	struct oc_tl_note  *ops;
	struct oc_tl_note  *api;
	struct oc_tl_gap   *gaps;   size_t n_gaps;
	struct oc_tl_hsync *hsyncs; size_t n_hsyncs;
	struct oc_tl_hazard *hazards; size_t n_hazards;
	void               *priv;   /* owner's storage (oc_tl_notes_release) */
};

struct oc_analysis_options;

/*
 * Run the analysis (analysis.h) on t under opts (NULL: defaults) and fill
 * notes from it: verdicts and causes of claims, idle gaps, hidden syncs, the
 * answer. A range or device in opts narrows t in place first, as for
 * `overlapcheck report`. Returns 0, or -1 with a message in err. Release
 * with oc_tl_notes_release (before the trace); a zeroed struct oc_tl_notes
 * is valid and means "no analysis".
 */
int  oc_tl_notes_init(struct oc_tl_notes *n, struct oc_trace *t,
		      const struct oc_analysis_options *opts, char *err, size_t errlen);
void oc_tl_notes_release(struct oc_tl_notes *n);

enum oc_tl_lane_kind {
	OC_LANE_STREAM = 1,      /* a device stream: its ops */
	OC_LANE_DEVICE,          /* per device: copy ∩ kernel intervals, idle gaps */
	OC_LANE_THREAD,          /* a CPU thread: its API calls */
	OC_LANE_NVTX,            /* a CPU thread's NVTX ranges and marks */
};

#define OC_TL_MAX_ROWS 16      /* rows per lane; deeper slices share the last row */

struct oc_tl_lane {
	uint8_t  kind;           /* enum oc_tl_lane_kind */
	uint32_t device_id;      /* STREAM, DEVICE */
	int32_t  stream;         /* STREAM: index into trace->streams */
	uint32_t tid;            /* THREAD, NVTX */
	int      depth;          /* rows needed: nested API calls, overlapping ranges */
	size_t   n_items;        /* slices drawn in this lane */
};

struct oc_tl_span {              /* a closed interval of device time */
	int64_t  start_ns, end_ns;
	uint32_t device_id;
};

/*
 * The lanes of a trace and what goes in them, shared by both outputs.
 * Lanes are ordered: per device (by id) its DEVICE lane, then its STREAM
 * lanes (legacy default first, then by stream id); then per thread (by tid)
 * its THREAD lane followed by its NVTX lane when it has ranges or marks.
 * Only streams that ran at least one op get a lane.
 */
struct oc_tl_layout {
	struct oc_tl_lane *lanes;  size_t n_lanes;
	int32_t *op_lane;          /* per op: lane index */
	uint8_t *op_row;           /* per op: row inside its lane (0 unless ops of one stream
	                              ran side by side, as graph nodes can) */
	int32_t *api_lane;         /* per API call */
	uint8_t *api_depth;        /* per API call: 0, or 1 under its runtime twin */
	int32_t *range_lane;       /* per NVTX range */
	uint8_t *range_depth;      /* per NVTX range: row inside its lane */
	int32_t *mark_lane;        /* per NVTX mark */
	struct oc_tl_span *xspans; size_t n_xspans; /* copy ∩ kernel, by device then time */
	int64_t  first_ns, last_ns;/* bounds of everything drawn */
	int64_t  range_end_ns;     /* where unclosed NVTX ranges are drawn to end */
};

/* Build the layout of t. Returns 0, or -1 with a message in err. */
int  oc_tl_layout_init(struct oc_tl_layout *l, const struct oc_trace *t, char *err, size_t errlen);
void oc_tl_layout_release(struct oc_tl_layout *l);

/* The first lane of kind OC_LANE_DEVICE holding device id, or of kind
 * OC_LANE_THREAD holding thread id; -1 when there is none. */
long oc_tl_lane_of(const struct oc_tl_layout *l, enum oc_tl_lane_kind kind, uint32_t id);

/* Display name of a device op: demangled kernel name, "memcpy HtoD", "memset". */
const char *oc_tl_op_name(const struct oc_trace *t, const struct oc_op *op, char *buf, size_t len);

/*
 * Write s as a JSON string literal with json.h's escaping (safe inside an
 * HTML <script> element too; invalid UTF-8 becomes U+FFFD). NULL writes "".
 */
void oc_tl_json_str(FILE *f, const char *s);

/*
 * Write ns nanoseconds as microseconds with three decimals ("-12.345"),
 * from integer arithmetic only: no precision is lost at any magnitude.
 */
void oc_tl_json_us(FILE *f, int64_t ns);

/*
 * Chrome Trace Event JSON for t. notes may be NULL. Returns 0, or -1 with a
 * message in err (a write error).
 */
int oc_write_chrome(FILE *f, const struct oc_trace *t, const struct oc_tl_notes *notes,
		    char *err, size_t errlen);

/*
 * The same lanes and slices in Perfetto's protobuf trace format (a
 * perfetto.protos.Trace; docs/timeline.md), for the Perfetto UI and
 * trace_processor: interned names, integer nanoseconds, several times
 * smaller than the JSON. notes may be NULL. Returns 0, or -1 with a message
 * in err.
 */
int oc_write_perfetto(FILE *f, const struct oc_trace *t, const struct oc_tl_notes *notes,
		      char *err, size_t errlen);

/*
 * The self-contained HTML timeline of t. title is shown in the page (the
 * trace's file name). notes may be NULL. Returns 0, or -1 with a message in
 * err.
 */
int oc_write_timeline_html(FILE *f, const struct oc_trace *t, const struct oc_tl_notes *notes,
			   const char *title, char *err, size_t errlen);

/*
 * A page whose trace has more slices (device ops, API calls, NVTX ranges
 * and marks, copy ∩ kernel spans, idle gaps, hidden syncs) than above is
 * drawn at levels of detail (docs/timeline.md): per lane and time bucket a
 * summary when zoomed out, the single slices, decoded from a compact
 * table, only for the range in view. Such a page keeps every time exact up
 * to exact slices; beyond, each slice's start and duration are rounded to
 * within 1/256 of its duration, which keeps 10M ops under 100 MB.
 */
#define OC_TL_LOD_ABOVE 500000LL
#define OC_TL_LOD_EXACT 4000000LL
struct oc_tl_lod_options {
	long long above;         /* < 0: OC_TL_LOD_ABOVE; 0: always */
	long long exact;         /* < 0: OC_TL_LOD_EXACT */
};

/* oc_write_timeline_html with the level-of-detail options (NULL: the
 * defaults, as oc_write_timeline_html). */
int oc_write_timeline_html_lod(FILE *f, const struct oc_trace *t, const struct oc_tl_notes *notes,
			       const char *title, const struct oc_tl_lod_options *lod,
			       char *err, size_t errlen);

/*
 * The timeline of a job's ranks in one page (timeline --ranks,
 * docs/nccl.md): each rank's lanes as a group whose names start with its
 * label ("rank 1 · "), its times shifted by shift_ns onto the page's clock
 * (its trace start minus the earliest one: ranks.h). answer is the page's
 * one line; lod as for oc_write_timeline_html_lod, over all ranks' slices. Returns 0, or -1 with a message in err.
 */
struct oc_tl_rank {
	const struct oc_trace *trace;
	const struct oc_tl_notes *notes;   /* may be NULL */
	const char *label;
	int64_t shift_ns;
};
int oc_write_timeline_html_ranks(FILE *f, const struct oc_tl_rank *ranks, size_t n,
				 const char *title, const char *answer,
				 const struct oc_tl_lod_options *lod, char *err, size_t errlen);

#endif
