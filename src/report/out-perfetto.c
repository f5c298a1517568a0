/*
 * out-perfetto.c: the trace in Perfetto's protobuf trace format, for the
 * Perfetto UI and trace_processor (`export --format perfetto-proto`,
 * docs/timeline.md). The same lanes and slices as the Chrome JSON
 * (out-chrome.c), several times smaller: names, categories, argument names
 * and repeated argument values are interned, numbers are varints, times are
 * integer nanoseconds.
 *
 * The file is a perfetto.protos.Trace: TracePacket after TracePacket, all on
 * one packet sequence. First the track descriptors (a process per device
 * with a track per stream row, its copy ∩ kernel and idle-gap tracks; the
 * host process with a thread track per CPU thread, its NVTX rows and its
 * hidden-sync track), then one TrackEvent per slice begin, slice end and
 * instant. Each device op, API call, NVTX range, copy ∩ kernel interval,
 * idle gap and hidden sync is a SLICE_BEGIN / SLICE_END pair on its track,
 * written next to each other, tracks' slices in start order (outer first
 * when two start together), so trace_processor, which sorts by time and
 * keeps file order among equal times, nests them as the trace does. NVTX
 * marks and hazards are INSTANT events. A flow joins each API call (its
 * flow_ids, op index + 1) to every op it queued (terminating_flow_ids);
 * another joins the two ops of a hazard (ids from 2^40, as the Chrome
 * export). Times are ns since the trace start (shifted only when something
 * lies before it), so a slice's ts is the report's start_ns.
 *
 * Field numbers, from Perfetto's public protos (github.com/google/perfetto,
 * protos/perfetto/trace/, read at commit ec5d16b14b):
 *   trace.proto             Trace.packet = 1
 *   trace_packet.proto      TracePacket.timestamp = 8, trusted_packet_sequence_id = 10,
 *                           track_event = 11, interned_data = 12, sequence_flags = 13
 *                           (SEQ_INCREMENTAL_STATE_CLEARED = 1,
 *                           SEQ_NEEDS_INCREMENTAL_STATE = 2), track_descriptor = 60
 *   track_event/track_descriptor.proto  TrackDescriptor.uuid = 1, name = 2,
 *                           process = 3, thread = 4, parent_uuid = 5,
 *                           child_ordering = 11 (EXPLICIT = 3), sibling_order_rank = 12,
 *                           process_ordering = 19, thread_ordering = 20 (EXPLICIT = 1)
 *   track_event/process_descriptor.proto  ProcessDescriptor.pid = 1, process_name = 6
 *   track_event/thread_descriptor.proto   ThreadDescriptor.pid = 1, tid = 2, thread_name = 5
 *   track_event/track_event.proto  TrackEvent.category_iids = 3, debug_annotations = 4,
 *                           type = 9 (TYPE_SLICE_BEGIN = 1, TYPE_SLICE_END = 2,
 *                           TYPE_INSTANT = 3), name_iid = 10, track_uuid = 11,
 *                           flow_ids = 47 (fixed64), terminating_flow_ids = 48 (fixed64);
 *                           EventCategory and EventName: iid = 1, name = 2
 *   track_event/debug_annotation.proto  DebugAnnotation.name_iid = 1, bool_value = 2,
 *                           uint_value = 3, int_value = 4, double_value = 5,
 *                           string_value = 6, string_value_iid = 17;
 *                           DebugAnnotationName: iid = 1, name = 2
 *   interned_data/interned_data.proto  InternedData.event_categories = 1,
 *                           event_names = 2, debug_annotation_names = 3,
 *                           debug_annotation_string_values = 29
 *                           (profiling/profile_common.proto InternedString: iid = 1, str = 2)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/export.h"
#include "pb.h"

/* TracePacket */
enum { F_PACKET = 1, P_TIMESTAMP = 8, P_SEQ_ID = 10, P_TRACK_EVENT = 11, P_INTERNED = 12,
       P_SEQ_FLAGS = 13, P_TRACK_DESCRIPTOR = 60 };
enum { SEQ_CLEARED = 1, SEQ_NEEDS_STATE = 2 };
/* TrackDescriptor, ProcessDescriptor, ThreadDescriptor */
enum { TD_UUID = 1, TD_NAME = 2, TD_PROCESS = 3, TD_THREAD = 4, TD_PARENT = 5,
       TD_CHILD_ORDERING = 11, TD_RANK = 12, TD_PROCESS_ORDERING = 19, TD_THREAD_ORDERING = 20 };
enum { PD_PID = 1, PD_NAME = 6, THD_PID = 1, THD_TID = 2, THD_NAME = 5 };
/* TrackEvent, DebugAnnotation */
enum { TE_CATEGORY = 3, TE_ANNOTATION = 4, TE_TYPE = 9, TE_NAME = 10, TE_TRACK = 11,
       TE_FLOW = 47, TE_FLOW_END = 48 };
enum { SLICE_BEGIN = 1, SLICE_END = 2, INSTANT = 3 };
enum { DA_NAME = 1, DA_BOOL = 2, DA_UINT = 3, DA_INT = 4, DA_DOUBLE = 5, DA_STRING = 6,
       DA_STRING_IID = 17 };

#define SEQ_ID        1u
#define HOST_UUID     1u
#define DEV_UUID(d)   ((1ull << 32) + (d))
#define DEV_PID_BASE  0x40000000u           /* device d is pid DEV_PID_BASE + d, as in out-chrome.c */
#define HSYNC_ROW     31u
#define GAP_ROW       1u                     /* a device lane's idle gaps (row 0: copy ∩ kernel) */
#define HAZARD_FLOW   (1ull << 40)

/* What is interned: InternedData's field and the entry's name field. */
enum kind { K_CATEGORY, K_NAME, K_ANNOTATION, K_VALUE, N_KINDS };
static const uint32_t kind_field[N_KINDS] = { 1, 2, 3, 29 };

/* The argument names, interned on first use. */
enum arg { A_OP_ID, A_CORRELATION, A_MANGLED, A_BYTES, A_SRC_KIND,
	   A_DST_KIND, A_GRAPH, A_GRAPH_NODE, A_VERDICT, A_RATIO, A_CAUSES, A_EVIDENCE,
	   A_RETURN, A_HIDDEN, A_HIDDEN_EVIDENCE, A_DOMAIN, A_UNCLOSED, A_CAUSE, A_THREAD, N_ARGS };
static const char *const arg_names[N_ARGS] = {
	"op_id", "correlation_id", "mangled", "bytes", "src_kind",
	"dst_kind", "graph_id", "graph_node_id", "verdict", "overlap_ratio", "causes", "evidence",
	"return_value", "hidden_sync", "hidden_sync_evidence", "domain", "unclosed", "cause", "thread",
};

struct out {
	FILE *f;
	const struct oc_trace *t;
	const struct oc_tl_layout *l;
	const struct oc_tl_notes *n;
	uint32_t host_pid;
	int64_t t0;                  /* subtracted from every time */
	struct oc_pb pk;             /* the packet being built */
	struct oc_pb in;             /* its new interned entries: an InternedData */
	int first;                   /* no packet written yet */
	int failed;                  /* a write failed or memory ran out */
	struct oc_pb_strings strs;   /* interned strings: their iids, by kind */
	uint64_t arg_iid[N_ARGS];
	uint64_t *kernel_iid;        /* by string index: a kernel's name, 0 until interned */
	int32_t *q_first, *q_ops;    /* the ops each API call queued: q_ops[q_first[a]..q_first[a+1]) */
	int32_t *hz_ops; size_t n_hz;/* per hazard side: (op, hazard) pairs, by op */
	char name[4096];
};

/* ---- interning --------------------------------------------------------- */

/* The entry of kind k, numbered iid, into the next packet's interned data. */
static void new_entry(struct out *o, enum kind k, uint64_t iid, const char *s)
{
	oc_pb_begin(&o->in, kind_field[k]);
	oc_pb_uint(&o->in, 1, iid);
	oc_pb_string(&o->in, 2, s);
	oc_pb_end(&o->in);
}

/* s's iid among strings of kind k, interned (in the next packet) when new. */
static uint64_t intern(struct out *o, enum kind k, const char *s)
{
	int fresh;
	uint64_t iid = oc_pb_strings_id(&o->strs, k, s, &fresh);

	if (!iid)
		o->failed = 1;
	else if (fresh)
		new_entry(o, k, iid, s);
	return iid;
}

static uint64_t op_name_iid(struct out *o, const struct oc_op *op)
{
	int32_t s = oc_op_shape(o->t, op)->name;

	if (op->kind != OC_OP_KERNEL || !o->kernel_iid || s < 0 || (size_t)s >= o->t->n_strs)
		return intern(o, K_NAME, oc_tl_op_name(o->t, op, o->name, sizeof o->name));
	if (!o->kernel_iid[s])       /* demangled once per name */
		o->kernel_iid[s] = intern(o, K_NAME, oc_tl_op_name(o->t, op, o->name, sizeof o->name));
	return o->kernel_iid[s];
}

/* ---- packets ------------------------------------------------------------- */

/* A packet; the interned entries made since the last one go with it (so a
 * name interned while the caller computes an argument is not lost). */
static void packet_begin(struct out *o, int64_t ns, int timed)
{
	oc_pb_reset(&o->pk);
	if (timed)
		oc_pb_uint(&o->pk, P_TIMESTAMP, (uint64_t)(ns - o->t0));
	oc_pb_uint(&o->pk, P_SEQ_ID, SEQ_ID);
}

/* The packet built, with its new interned entries, to the file. */
static void packet_end(struct out *o, int uses_interned)
{
	unsigned flags = o->first ? SEQ_CLEARED | SEQ_NEEDS_STATE : 0;

	if (o->in.len)
		oc_pb_bytes(&o->pk, P_INTERNED, o->in.p, o->in.len);
	if (uses_interned || o->in.len)
		flags |= SEQ_NEEDS_STATE;
	if (flags)
		oc_pb_uint(&o->pk, P_SEQ_FLAGS, flags);
	o->first = 0;
	if (o->pk.failed || o->in.failed || oc_pb_write(o->f, F_PACKET, &o->pk))
		o->failed = 1;
	oc_pb_reset(&o->in);
}

static void arg_key(struct out *o, enum arg a)
{
	oc_pb_begin(&o->pk, TE_ANNOTATION);
	if (!o->arg_iid[a])
		o->arg_iid[a] = intern(o, K_ANNOTATION, arg_names[a]);
	oc_pb_uint(&o->pk, DA_NAME, o->arg_iid[a]);
}

static void arg_uint(struct out *o, enum arg a, uint64_t v)
{
	arg_key(o, a);
	oc_pb_uint(&o->pk, DA_UINT, v);
	oc_pb_end(&o->pk);
}

static void arg_int(struct out *o, enum arg a, int64_t v)
{
	arg_key(o, a);
	oc_pb_int(&o->pk, DA_INT, v);
	oc_pb_end(&o->pk);
}

static void arg_bool(struct out *o, enum arg a, int v)
{
	arg_key(o, a);
	oc_pb_uint(&o->pk, DA_BOOL, v != 0);
	oc_pb_end(&o->pk);
}

static void arg_double(struct out *o, enum arg a, double v)
{
	arg_key(o, a);
	oc_pb_double(&o->pk, DA_DOUBLE, v);
	oc_pb_end(&o->pk);
}

/* A string said once per event (a sentence). */
static void arg_str(struct out *o, enum arg a, const char *v)
{
	arg_key(o, a);
	oc_pb_string(&o->pk, DA_STRING, v);
	oc_pb_end(&o->pk);
}

/* A string many events repeat (a kind, a verdict, cause codes): interned. */
static void arg_istr(struct out *o, enum arg a, const char *v)
{
	uint64_t iid = intern(o, K_VALUE, v ? v : "");

	arg_key(o, a);
	oc_pb_uint(&o->pk, DA_STRING_IID, iid);
	oc_pb_end(&o->pk);
}

/* Open a TrackEvent packet: its time, type, track, and (begin, instant)
 * category and name. Arguments follow; event_end() closes it. */
static void event_begin(struct out *o, int type, uint64_t track, int64_t ns, const char *cat,
			uint64_t name_iid)
{
	uint64_t cat_iid = cat ? intern(o, K_CATEGORY, cat) : 0;

	packet_begin(o, ns, 1);
	oc_pb_begin(&o->pk, P_TRACK_EVENT);
	oc_pb_uint(&o->pk, TE_TYPE, (uint64_t)type);
	oc_pb_uint(&o->pk, TE_TRACK, track);
	if (cat_iid)
		oc_pb_uint(&o->pk, TE_CATEGORY, cat_iid);
	if (name_iid)
		oc_pb_uint(&o->pk, TE_NAME, name_iid);
}

static void event_end(struct out *o)
{
	oc_pb_end(&o->pk);
	packet_end(o, 1);
}

static void slice_end(struct out *o, uint64_t track, int64_t ns)
{
	packet_begin(o, ns, 1);
	oc_pb_begin(&o->pk, P_TRACK_EVENT);
	oc_pb_uint(&o->pk, TE_TYPE, SLICE_END);
	oc_pb_uint(&o->pk, TE_TRACK, track);
	oc_pb_end(&o->pk);
	packet_end(o, 0);
}

/* ---- tracks ---------------------------------------------------------------- */

static uint64_t lane_uuid(size_t lane, unsigned row)
{
	return 16u + 32u * (uint64_t)lane + row;
}

/* A track: uuid, name, parent (0: none), its rank among its siblings. */
static void track(struct out *o, uint64_t uuid, const char *name, uint64_t parent, int64_t rank)
{
	packet_begin(o, 0, 0);
	oc_pb_begin(&o->pk, P_TRACK_DESCRIPTOR);
	oc_pb_uint(&o->pk, TD_UUID, uuid);
	oc_pb_string(&o->pk, TD_NAME, name);
	if (parent)
		oc_pb_uint(&o->pk, TD_PARENT, parent);
	oc_pb_int(&o->pk, TD_RANK, rank);
	oc_pb_end(&o->pk);
	packet_end(o, 0);
}

static void process_track(struct out *o, uint64_t uuid, uint32_t pid, const char *name, int64_t rank)
{
	packet_begin(o, 0, 0);
	oc_pb_begin(&o->pk, P_TRACK_DESCRIPTOR);
	oc_pb_uint(&o->pk, TD_UUID, uuid);
	oc_pb_begin(&o->pk, TD_PROCESS);
	oc_pb_uint(&o->pk, PD_PID, pid);
	oc_pb_string(&o->pk, PD_NAME, name);
	oc_pb_end(&o->pk);
	oc_pb_uint(&o->pk, TD_CHILD_ORDERING, 3);   /* EXPLICIT: by sibling_order_rank */
	oc_pb_int(&o->pk, TD_RANK, rank);
	oc_pb_end(&o->pk);
	packet_end(o, 0);
}

static void thread_track(struct out *o, uint64_t uuid, uint32_t tid, const char *name, int64_t rank)
{
	packet_begin(o, 0, 0);
	oc_pb_begin(&o->pk, P_TRACK_DESCRIPTOR);
	oc_pb_uint(&o->pk, TD_UUID, uuid);
	oc_pb_begin(&o->pk, TD_THREAD);
	oc_pb_uint(&o->pk, THD_PID, o->host_pid);
	oc_pb_uint(&o->pk, THD_TID, tid);
	oc_pb_string(&o->pk, THD_NAME, name);
	oc_pb_end(&o->pk);
	oc_pb_int(&o->pk, TD_RANK, rank);
	oc_pb_end(&o->pk);
	packet_end(o, 0);
}

static int has_hsync(const struct out *o, uint32_t tid)
{
	for (size_t i = 0; o->n && i < o->n->n_hsyncs; i++)
		if (o->n->hsyncs[i].tid == tid)
			return 1;
	return 0;
}

static int has_gap(const struct out *o, uint32_t dev)
{
	for (size_t i = 0; o->n && i < o->n->n_gaps; i++)
		if (o->n->gaps[i].device_id == dev)
			return 1;
	return 0;
}

/* A device's process and summary tracks, once per device. */
static void device_tracks(struct out *o, size_t i, const struct oc_tl_lane *ln)
{
	const struct oc_device *d = oc_trace_device(o->t, (int)ln->device_id);
	uint32_t dev = ln->device_id;

	if (d && d->name)
		snprintf(o->name, sizeof o->name, "GPU %u: %s (cc %d.%d)", dev, d->name,
			 d->cc_major, d->cc_minor);
	else
		snprintf(o->name, sizeof o->name, "GPU %u", dev);
	process_track(o, DEV_UUID(dev), DEV_PID_BASE + dev, o->name, dev);
	track(o, lane_uuid(i, 0), "copy \xe2\x88\xa9 kernel", DEV_UUID(dev), 32 * (int64_t)i);
	if (has_gap(o, dev))
		track(o, lane_uuid(i, GAP_ROW), "idle gaps", DEV_UUID(dev), 32 * (int64_t)i + 1);
}

static void tracks(struct out *o)
{
	const struct oc_trace *t = o->t;
	const char *cmd = oc_trace_meta(t, "cmdline");
	uint32_t dev = UINT32_MAX;

	/* the root: processes and threads in the order of their ranks */
	packet_begin(o, 0, 0);
	oc_pb_begin(&o->pk, P_TRACK_DESCRIPTOR);
	oc_pb_uint(&o->pk, TD_UUID, 0);
	oc_pb_uint(&o->pk, TD_PROCESS_ORDERING, 1);
	oc_pb_uint(&o->pk, TD_THREAD_ORDERING, 1);
	oc_pb_end(&o->pk);
	packet_end(o, 0);

	snprintf(o->name, sizeof o->name, "host (pid %u)%s%s", (unsigned)o->host_pid,
		 cmd ? ": " : "", cmd ? cmd : "");
	process_track(o, HOST_UUID, o->host_pid, o->name, 1000000);
	for (size_t i = 0; i < o->l->n_lanes; i++) {
		const struct oc_tl_lane *ln = &o->l->lanes[i];
		int64_t rank = 32 * (int64_t)i;
		char *nm = o->name;

		switch (ln->kind) {
		case OC_LANE_DEVICE:
			if (ln->device_id != dev)
				device_tracks(o, i, ln);
			dev = ln->device_id;
			break;
		case OC_LANE_STREAM:
			if (ln->stream >= 0) {
				const struct oc_stream *s = &t->streams[ln->stream];
				snprintf(nm, 3000, "stream %u (%s) ctx %u", s->stream_id,
					 oc_stream_kind_name(s->kind), s->context_id);
			} else {
				snprintf(nm, 3000, "stream ? (unknown)");
			}
			track(o, lane_uuid(i, 0), nm, DEV_UUID(ln->device_id), rank);
			for (int r = 1; r < ln->depth; r++) {   /* ops of the stream side by side */
				char row[sizeof o->name + 32];
				snprintf(row, sizeof row, "%s, concurrent row %d", nm, r + 1);
				track(o, lane_uuid(i, (unsigned)r), row, DEV_UUID(ln->device_id), rank + r);
			}
			break;
		case OC_LANE_THREAD:
			snprintf(nm, 64, "thread %u", ln->tid);
			thread_track(o, lane_uuid(i, 0), ln->tid, nm, rank);
			if (has_hsync(o, ln->tid)) {
				snprintf(nm, 64, "hidden syncs, thread %u", ln->tid);
				track(o, lane_uuid(i, HSYNC_ROW), nm, HOST_UUID, rank + 1);
			}
			break;
		case OC_LANE_NVTX:
			for (int r = 0; r < ln->depth; r++) {
				if (r)
					snprintf(nm, 64, "NVTX, thread %u, row %d", ln->tid, r + 1);
				else
					snprintf(nm, 64, "NVTX, thread %u", ln->tid);
				track(o, lane_uuid(i, (unsigned)r), nm, HOST_UUID, rank + r);
			}
			break;
		}
	}
}

/* ---- events ------------------------------------------------------------------ */

/* The analysis' note as arguments. */
static void note_args(struct out *o, const struct oc_tl_note *nt)
{
	if (!nt || nt->verdict == OC_TL_NONE)
		return;
	arg_istr(o, A_VERDICT, nt->verdict == OC_TL_OVERLAPPED ? "overlapped" : "serialized");
	if (nt->ratio >= 0)
		arg_double(o, A_RATIO, nt->ratio);
	if (nt->causes)
		arg_istr(o, A_CAUSES, nt->causes);
	if (nt->evidence)
		arg_str(o, A_EVIDENCE, nt->evidence);
}

/* The hazards whose side op i is: an instant on it (the first side) and a
 * flow between the two ops' slices (flow_ids on both: joined in time order). */
static size_t hazard_flows(struct out *o, size_t i, size_t h)
{
	while (h < o->n_hz && o->hz_ops[2 * h] < (int32_t)i)
		h++;
	for (size_t k = h; k < o->n_hz && o->hz_ops[2 * k] == (int32_t)i; k++) {
		const struct oc_tl_hazard *z = &o->n->hazards[o->hz_ops[2 * k + 1]];
		if (z->op_b >= 0 && o->l->op_lane[z->op_b] >= 0)
			oc_pb_fixed64(&o->pk, TE_FLOW, HAZARD_FLOW + (uint64_t)o->hz_ops[2 * k + 1]);
	}
	return h;
}

static void hazard_instants(struct out *o, size_t i, size_t h, uint64_t tr)
{
	for (size_t k = h; k < o->n_hz && o->hz_ops[2 * k] == (int32_t)i; k++) {
		const struct oc_tl_hazard *z = &o->n->hazards[o->hz_ops[2 * k + 1]];
		const char *name = z->kind ? z->kind : z->latent ? "latent_hazard" : "hazard";

		if (z->op_a != (int32_t)i)
			continue;
		event_begin(o, INSTANT, tr, o->t->ops[i].start_ns, "hazard", intern(o, K_NAME, name));
		arg_str(o, A_EVIDENCE, z->text ? z->text : "");
		event_end(o);
	}
}

static size_t op_ev(struct out *o, size_t i, size_t h)
{
	const struct oc_trace *t = o->t;
	const struct oc_op *op = &t->ops[i];
	const struct oc_shape *sh = oc_op_shape(t, op);
	uint64_t tr = lane_uuid((size_t)o->l->op_lane[i], o->l->op_row[i]);

	event_begin(o, SLICE_BEGIN, tr, op->start_ns, oc_op_kind_name(op->kind), op_name_iid(o, op));
	if (op->api >= 0 && (size_t)op->api < t->n_api)
		oc_pb_fixed64(&o->pk, TE_FLOW_END, (uint64_t)i + 1);
	h = hazard_flows(o, i, h);
	arg_int(o, A_OP_ID, op->row_id);
	arg_uint(o, A_CORRELATION, op->correlation_id);   /* stream and context: the track's name */
	if (op->kind == OC_OP_KERNEL) {
		arg_istr(o, A_MANGLED, oc_trace_str(t, sh->name));
	} else {
		arg_uint(o, A_BYTES, sh->bytes);
		if (op->kind != OC_OP_MEMSET)
			arg_istr(o, A_SRC_KIND, oc_mem_kind_name(op->src_kind));
		arg_istr(o, A_DST_KIND, oc_mem_kind_name(op->dst_kind));
	}
	if (sh->graph_id) {
		arg_uint(o, A_GRAPH, sh->graph_id);
		arg_uint(o, A_GRAPH_NODE, sh->graph_node_id);
	}
	if (o->n && o->n->ops)
		note_args(o, &o->n->ops[i]);
	event_end(o);
	hazard_instants(o, i, h, tr);
	slice_end(o, tr, op->end_ns);
	return h;
}

static void api_ev(struct out *o, size_t i, const struct oc_tl_hsync *hs)
{
	const struct oc_trace *t = o->t;
	const struct oc_api *a = &t->api[i];
	uint64_t tr;

	if (o->l->api_lane[i] < 0)
		return;
	tr = lane_uuid((size_t)o->l->api_lane[i], 0);
	event_begin(o, SLICE_BEGIN, tr, a->start_ns,
		    a->domain == OC_API_DRIVER ? "cuda_driver" : "cuda_runtime",
		    intern(o, K_NAME, oc_trace_str(t, a->name)));
	for (int32_t k = o->q_first[i]; k < o->q_first[i + 1]; k++)
		oc_pb_fixed64(&o->pk, TE_FLOW, (uint64_t)o->q_ops[k] + 1);
	arg_uint(o, A_CORRELATION, a->correlation_id);
	if (a->return_value)   /* 0, success: left out */
		arg_int(o, A_RETURN, a->return_value);
	if (o->n && o->n->api)
		note_args(o, &o->n->api[i]);
	if (hs) {
		arg_bool(o, A_HIDDEN, 1);
		if (hs->evidence)
			arg_str(o, A_HIDDEN_EVIDENCE, hs->evidence);
	}
	event_end(o);
	slice_end(o, tr, a->end_ns);
}

/* API calls in start order; calls that start together longest first, so
 * that a driver call nests under its runtime twin on the thread's track. */
static void api_evs(struct out *o, const int32_t *hs_of_api)
{
	const struct oc_trace *t = o->t;
	size_t i = 0, run[64];

	while (i < t->n_api) {
		size_t j = i + 1, n = 0;
		while (j < t->n_api && t->api[j].start_ns == t->api[i].start_ns && j - i < 64)
			j++;
		for (size_t k = i; k < j; k++) {   /* insertion sort by end, descending */
			size_t m = n++;
			while (m > 0 && t->api[run[m - 1]].end_ns < t->api[k].end_ns) {
				run[m] = run[m - 1];
				m--;
			}
			run[m] = k;
		}
		for (size_t k = 0; k < n; k++)
			api_ev(o, run[k], hs_of_api && hs_of_api[run[k]] >= 0 ?
			       &o->n->hsyncs[hs_of_api[run[k]]] : NULL);
		i = j;
	}
}

static void range_ev(struct out *o, size_t i)
{
	const struct oc_range *r = &o->t->ranges[i];
	int open = r->end_ns == INT64_MAX;
	int64_t end = open ? o->l->range_end_ns : r->end_ns;
	uint64_t tr = lane_uuid((size_t)o->l->range_lane[i], o->l->range_depth[i]);

	if (end < r->start_ns)
		end = r->start_ns;
	event_begin(o, SLICE_BEGIN, tr, r->start_ns, "nvtx",
		    intern(o, K_NAME, oc_trace_str(o->t, r->name)));
	arg_uint(o, A_THREAD, r->tid);
	if (r->domain >= 0)
		arg_istr(o, A_DOMAIN, oc_trace_str(o->t, r->domain));
	if (open)
		arg_bool(o, A_UNCLOSED, 1);
	event_end(o);
	slice_end(o, tr, end);
}

static void mark_ev(struct out *o, size_t i)
{
	const struct oc_mark *m = &o->t->marks[i];

	event_begin(o, INSTANT, lane_uuid((size_t)o->l->mark_lane[i], 0), m->ts_ns, "nvtx",
		    intern(o, K_NAME, oc_trace_str(o->t, m->name)));
	arg_uint(o, A_THREAD, m->tid);
	event_end(o);
}

static void span(struct out *o, uint64_t tr, int64_t start, int64_t end, const char *cat,
		 const char *name, const char *cause, const char *evidence)
{
	event_begin(o, SLICE_BEGIN, tr, start, cat, intern(o, K_NAME, name));
	if (cause)
		arg_istr(o, A_CAUSE, cause);
	if (evidence)
		arg_str(o, A_EVIDENCE, evidence);
	event_end(o);
	slice_end(o, tr, end);
}

/* Copy ∩ kernel intervals, idle gaps, hidden syncs. */
static void analysis_evs(struct out *o)
{
	const struct oc_tl_layout *l = o->l;
	long lane = -1;
	uint32_t dev = UINT32_MAX;

	for (size_t i = 0; i < l->n_xspans; i++) {
		const struct oc_tl_span *s = &l->xspans[i];
		if (s->device_id != dev) {
			dev = s->device_id;
			lane = oc_tl_lane_of(l, OC_LANE_DEVICE, dev);
		}
		if (lane >= 0)
			span(o, lane_uuid((size_t)lane, 0), s->start_ns, s->end_ns, "overlap",
			     "copy \xe2\x88\xa9 kernel", NULL, NULL);
	}
	for (size_t i = 0; o->n && i < o->n->n_gaps; i++) {
		const struct oc_tl_gap *g = &o->n->gaps[i];
		if ((lane = oc_tl_lane_of(l, OC_LANE_DEVICE, g->device_id)) >= 0)
			span(o, lane_uuid((size_t)lane, GAP_ROW), g->start_ns, g->end_ns, "gap",
			     "idle gap", g->cause, g->evidence);
	}
	for (size_t i = 0; o->n && i < o->n->n_hsyncs; i++) {
		const struct oc_tl_hsync *h = &o->n->hsyncs[i];
		const char *name = "hidden sync";

		if ((lane = oc_tl_lane_of(l, OC_LANE_THREAD, h->tid)) < 0)
			continue;
		if (h->api >= 0 && (size_t)h->api < o->t->n_api)
			name = oc_trace_str(o->t, o->t->api[h->api].name);
		snprintf(o->name, sizeof o->name, "hidden sync: %s", name);
		span(o, lane_uuid((size_t)lane, HSYNC_ROW), h->start_ns, h->end_ns, "hidden_sync",
		     o->name, NULL, h->evidence);
	}
}

/* ---- the indexes: ops per call, hazards per op -------------------------------- */

static int cmp_pair(const void *a, const void *b)
{
	const int32_t *x = a, *y = b;
	return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] > y[1]) - (x[1] < y[1]);
}

static int indexes(struct out *o)
{
	const struct oc_trace *t = o->t;

	if (!(o->q_first = calloc(t->n_api + 2, sizeof *o->q_first)) ||
	    !(o->q_ops = malloc((t->n_ops + 1) * sizeof *o->q_ops)))
		return -1;
	for (size_t i = 0; i < t->n_ops; i++)   /* counts, then starts, then the ops */
		if (t->ops[i].api >= 0 && (size_t)t->ops[i].api < t->n_api && o->l->op_lane[i] >= 0)
			o->q_first[t->ops[i].api + 2]++;
	for (size_t a = 2; a < t->n_api + 2; a++)
		o->q_first[a] += o->q_first[a - 1];
	for (size_t i = 0; i < t->n_ops; i++)
		if (t->ops[i].api >= 0 && (size_t)t->ops[i].api < t->n_api && o->l->op_lane[i] >= 0)
			o->q_ops[o->q_first[t->ops[i].api + 1]++] = (int32_t)i;
	if (t->n_strs && !(o->kernel_iid = calloc(t->n_strs, sizeof *o->kernel_iid)))
		return -1;
	if (!o->n || !o->n->n_hazards)
		return 0;
	if (!(o->hz_ops = malloc(4 * o->n->n_hazards * sizeof *o->hz_ops)))
		return -1;
	for (size_t k = 0; k < o->n->n_hazards; k++) {
		const struct oc_tl_hazard *z = &o->n->hazards[k];
		if (z->op_a < 0 || o->l->op_lane[z->op_a] < 0)
			continue;
		o->hz_ops[2 * o->n_hz] = z->op_a;
		o->hz_ops[2 * o->n_hz++ + 1] = (int32_t)k;
		if (z->op_b >= 0 && o->l->op_lane[z->op_b] >= 0) {
			o->hz_ops[2 * o->n_hz] = z->op_b;
			o->hz_ops[2 * o->n_hz++ + 1] = (int32_t)k;
		}
	}
	qsort(o->hz_ops, o->n_hz, 2 * sizeof *o->hz_ops, cmp_pair);
	return 0;
}

static void release(struct out *o)
{
	oc_pb_strings_free(&o->strs);
	free(o->kernel_iid);
	free(o->q_first);
	free(o->q_ops);
	free(o->hz_ops);
	oc_pb_free(&o->pk);
	oc_pb_free(&o->in);
}

/* Hidden syncs by API call: index into notes->hsyncs, or -1. */
static int32_t *hsyncs_by_api(const struct oc_trace *t, const struct oc_tl_notes *n, int *oom)
{
	int32_t *hs;

	*oom = 0;
	if (!n || !n->n_hsyncs)
		return NULL;
	if (!(hs = malloc((t->n_api + 1) * sizeof *hs))) {
		*oom = 1;
		return NULL;
	}
	memset(hs, 0xff, (t->n_api + 1) * sizeof *hs);
	for (size_t i = 0; i < n->n_hsyncs; i++)
		if (n->hsyncs[i].api >= 0 && (size_t)n->hsyncs[i].api < t->n_api)
			hs[n->hsyncs[i].api] = (int32_t)i;
	return hs;
}

int oc_write_perfetto(FILE *f, const struct oc_trace *t, const struct oc_tl_notes *notes,
		      char *err, size_t errlen)
{
	struct oc_tl_layout l;
	struct out o = { .f = f, .t = t, .l = &l, .n = notes, .host_pid = 1, .first = 1 };
	const char *pid = oc_trace_meta(t, "pid");
	int32_t *hs_of_api;
	size_t h = 0;
	int oom;

	if (oc_tl_layout_init(&l, t, err, errlen))
		return -1;
	if (pid) {
		char *end;
		unsigned long v = strtoul(pid, &end, 10);
		if (!*end && v > 0 && v < DEV_PID_BASE)
			o.host_pid = (uint32_t)v;
	}
	o.t0 = l.first_ns < 0 ? l.first_ns : 0;
	if (notes)
		for (size_t i = 0; i < notes->n_gaps; i++)
			if (notes->gaps[i].start_ns < o.t0)
				o.t0 = notes->gaps[i].start_ns;
	hs_of_api = hsyncs_by_api(t, notes, &oom);
	if (oom || indexes(&o)) {
		snprintf(err, errlen, "cannot export '%s': %s", t->path, strerror(ENOMEM));
		free(hs_of_api);
		release(&o);
		oc_tl_layout_release(&l);
		return -1;
	}
	tracks(&o);
	for (size_t i = 0; i < t->n_ops && !o.failed; i++)
		if (l.op_lane[i] >= 0)
			h = op_ev(&o, i, h);
	api_evs(&o, hs_of_api);
	for (size_t i = 0; i < t->n_ranges; i++)
		range_ev(&o, i);
	for (size_t i = 0; i < t->n_marks; i++)
		mark_ev(&o, i);
	analysis_evs(&o);

	free(hs_of_api);
	release(&o);
	oc_tl_layout_release(&l);
	if (o.failed && !ferror(f))
		errno = ENOMEM;
	if (o.failed || fflush(f) || ferror(f)) {
		snprintf(err, errlen, "cannot write export of '%s': %s", t->path, strerror(errno));
		return -1;
	}
	return 0;
}
