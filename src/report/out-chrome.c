/*
 * out-chrome.c: Chrome Trace Event JSON, for the Perfetto UI and chrome://tracing.
 *
 * One process per device, with a track per stream that ran work (named by
 * stream id and kind) and a track of the intervals where copies intersected
 * kernels, and of idle gaps. One process for the host, with a track per CPU
 * thread holding its API calls, a track per row of its NVTX ranges, and a
 * track of its hidden synchronizations. A flow arrow (ph s/f, id = op index
 * + 1) joins each API call to every device op it queued; another (category
 * "hazard", ids from 2^40) joins the two ops of each hazard (docs/hazards.md).
 *
 * Times are the trace's own offsets from meta('trace_start_ns'), printed as
 * microseconds with three decimals from integer nanoseconds, so nothing is
 * rounded; the exact nanoseconds are also in each slice's args.
 *
 * Events are written as they are produced, in trace order; the format does
 * not require sorted events. Memory is the layout (linear in the trace).
 *
 * Track ids: a thread's own track uses its tid; every other track uses a
 * synthetic tid, SYN_TID + 32 * lane + row, far above real thread ids.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/export.h"

#define DEV_PID_BASE 0x40000000u   /* device d is process DEV_PID_BASE + d */
#define SYN_TID      0x40000000u
#define HSYNC_ROW    31u

struct out {
	FILE *f;
	const struct oc_trace *t;
	const struct oc_tl_layout *l;
	const struct oc_tl_notes *n;
	uint32_t host_pid;
	int first;                  /* no event written yet */
	char name[4096];            /* scratch for display names */
};

static uint32_t syn_tid(size_t lane, unsigned row)
{
	return SYN_TID + 32u * (uint32_t)lane + row;
}

/* Start one event object: the separator, then {"ph":"<ph>". */
static void ev(struct out *o, const char *ph)
{
	fputs(o->first ? "\n" : ",\n", o->f);
	o->first = 0;
	fprintf(o->f, "{\"ph\":\"%s\"", ph);
}

static void kv_str(struct out *o, const char *k, const char *v)
{
	fprintf(o->f, ",\"%s\":", k);
	oc_tl_json_str(o->f, v);
}

static void kv_int(struct out *o, const char *k, long long v)
{
	fprintf(o->f, ",\"%s\":%lld", k, v);
}

static void kv_us(struct out *o, const char *k, int64_t ns)
{
	fprintf(o->f, ",\"%s\":", k);
	oc_tl_json_us(o->f, ns);
}

/* "ts" and, when dur >= 0, "dur". */
static void when(struct out *o, int64_t start, int64_t dur)
{
	kv_us(o, "ts", start);
	if (dur >= 0)
		kv_us(o, "dur", dur);
}

static void meta_ev(struct out *o, const char *what, uint32_t pid, long long tid,
		    const char *name, long long sort)
{
	ev(o, "M");
	kv_str(o, "name", what);
	kv_int(o, "pid", pid);
	if (tid >= 0)
		kv_int(o, "tid", tid);
	fputs(",\"args\":{\"name\":", o->f);
	oc_tl_json_str(o->f, name);
	fputs("}}", o->f);
	ev(o, "M");
	kv_str(o, "name", tid >= 0 ? "thread_sort_index" : "process_sort_index");
	kv_int(o, "pid", pid);
	if (tid >= 0)
		kv_int(o, "tid", tid);
	fprintf(o->f, ",\"args\":{\"sort_index\":%lld}}", sort);
}

/* The analysis' note as args members (after at least one member). */
static void note_args(struct out *o, const struct oc_tl_note *nt)
{
	const char *c;

	if (!nt || nt->verdict == OC_TL_NONE)
		return;
	kv_str(o, "verdict", nt->verdict == OC_TL_OVERLAPPED ? "overlapped" : "serialized");
	if (nt->ratio >= 0)
		fprintf(o->f, ",\"overlap_ratio\":%.4f", nt->ratio);
	if (nt->causes) {
		fputs(",\"causes\":[", o->f);
		c = nt->causes;
		for (int i = 0; *c; i++) {
			size_t len = strcspn(c, ",");
			char buf[128];
			snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), c);
			if (i)
				putc(',', o->f);
			oc_tl_json_str(o->f, buf);
			c += len;
			c += *c == ',';
		}
		putc(']', o->f);
	}
	if (nt->evidence)
		kv_str(o, "evidence", nt->evidence);
}

static int has_hsync(const struct out *o, uint32_t tid)
{
	for (size_t i = 0; o->n && i < o->n->n_hsyncs; i++)
		if (o->n->hsyncs[i].tid == tid)
			return 1;
	return 0;
}

static void lanes_meta(struct out *o)
{
	const struct oc_trace *t = o->t;
	const char *cmd = oc_trace_meta(t, "cmdline");
	uint32_t dev = UINT32_MAX;

	snprintf(o->name, sizeof o->name, "host (pid %u)%s%s", (unsigned)o->host_pid,
		 cmd ? ": " : "", cmd ? cmd : "");
	meta_ev(o, "process_name", o->host_pid, -1, o->name, 1000000);

	for (size_t i = 0; i < o->l->n_lanes; i++) {
		const struct oc_tl_lane *ln = &o->l->lanes[i];
		uint32_t pid = DEV_PID_BASE + ln->device_id;

		switch (ln->kind) {
		case OC_LANE_DEVICE: {
			const struct oc_device *d = oc_trace_device(t, (int)ln->device_id);
			if (ln->device_id != dev) {
				dev = ln->device_id;
				if (d && d->name)
					snprintf(o->name, sizeof o->name, "GPU %u: %s (cc %d.%d)",
						 dev, d->name, d->cc_major, d->cc_minor);
				else
					snprintf(o->name, sizeof o->name, "GPU %u", dev);
				meta_ev(o, "process_name", pid, -1, o->name, dev);
			}
			meta_ev(o, "thread_name", pid, syn_tid(i, 0),
				"copy \xe2\x88\xa9 kernel, idle gaps", (long long)i * 32);
			break;
		}
		case OC_LANE_STREAM:
			if (ln->stream >= 0) {
				const struct oc_stream *s = &t->streams[ln->stream];
				snprintf(o->name, sizeof o->name, "stream %u (%s) ctx %u", s->stream_id,
					 oc_stream_kind_name(s->kind), s->context_id);
			} else {
				snprintf(o->name, sizeof o->name, "stream ? (unknown)");
			}
			meta_ev(o, "thread_name", pid, syn_tid(i, 0), o->name, (long long)i * 32);
			/* ops of this stream that ran side by side (graph nodes) */
			for (int r = 1; r < ln->depth; r++) {
				char row[4200];
				snprintf(row, sizeof row, "%s, concurrent row %d", o->name, r + 1);
				meta_ev(o, "thread_name", pid, syn_tid(i, (unsigned)r), row,
					(long long)i * 32 + r);
			}
			break;
		case OC_LANE_THREAD:
			snprintf(o->name, sizeof o->name, "thread %u", ln->tid);
			meta_ev(o, "thread_name", o->host_pid, ln->tid, o->name, (long long)i * 32);
			if (!has_hsync(o, ln->tid))
				break;
			snprintf(o->name, sizeof o->name, "hidden syncs, thread %u", ln->tid);
			meta_ev(o, "thread_name", o->host_pid, syn_tid(i, HSYNC_ROW), o->name,
				(long long)i * 32 + 1);
			break;
		case OC_LANE_NVTX:
			for (int r = 0; r < ln->depth; r++) {
				if (r)
					snprintf(o->name, sizeof o->name, "NVTX, thread %u, row %d",
						 ln->tid, r + 1);
				else
					snprintf(o->name, sizeof o->name, "NVTX, thread %u", ln->tid);
				meta_ev(o, "thread_name", o->host_pid, syn_tid(i, (unsigned)r), o->name,
					(long long)i * 32 + r);
			}
			break;
		}
	}
}

static void op_ev(struct out *o, size_t i)
{
	const struct oc_trace *t = o->t;
	const struct oc_op *op = &t->ops[i];
	const struct oc_shape *sh = oc_op_shape(t, op);
	int32_t lane = o->l->op_lane[i];
	unsigned row = o->l->op_row[i];

	ev(o, "X");
	kv_str(o, "cat", oc_op_kind_name(op->kind));
	kv_str(o, "name", oc_tl_op_name(t, op, o->name, sizeof o->name));
	kv_int(o, "pid", DEV_PID_BASE + oc_op_device_id(t, op));
	kv_int(o, "tid", syn_tid((size_t)lane, row));
	when(o, op->start_ns, op->end_ns - op->start_ns);
	fprintf(o->f, ",\"args\":{\"op_id\":%" PRIu32, op->row_id);
	kv_int(o, "correlation_id", op->correlation_id);
	kv_int(o, "context_id", oc_op_context_id(t, op));
	kv_int(o, "stream_id", oc_op_stream_id(t, op));
	kv_int(o, "start_ns", op->start_ns);
	kv_int(o, "duration_ns", op->end_ns - op->start_ns);
	if (op->kind == OC_OP_KERNEL) {
		kv_str(o, "mangled", oc_trace_str(t, sh->name));
		fprintf(o->f, ",\"grid\":[%d,%d,%d],\"block\":[%d,%d,%d]", sh->grid[0], sh->grid[1],
			sh->grid[2], sh->block[0], sh->block[1], sh->block[2]);
		kv_int(o, "registers", sh->registers);
		kv_int(o, "static_smem", sh->static_smem);
		kv_int(o, "dynamic_smem", sh->dynamic_smem);
	} else {
		kv_int(o, "bytes", (long long)sh->bytes);
		if (op->kind != OC_OP_MEMSET) {
			kv_str(o, "copy_kind", oc_copy_kind_name(op->copy_kind));
			kv_str(o, "src_kind", oc_mem_kind_name(op->src_kind));
		}
		kv_str(o, "dst_kind", oc_mem_kind_name(op->dst_kind));
		fprintf(o->f, ",\"async\":%s", op->flags & OC_ASYNC_FLAG ? "true" : "false");
	}
	if (sh->graph_id) {
		kv_int(o, "graph_id", sh->graph_id);
		kv_int(o, "graph_node_id", (long long)sh->graph_node_id);
	}
	if (o->n && o->n->ops)
		note_args(o, &o->n->ops[i]);
	fputs("}}", o->f);

	if (op->api >= 0 && (size_t)op->api < t->n_api) {
		const struct oc_api *a = &t->api[op->api];
		/* Midpoints: each end binds to the slice around it, never to a neighbour that touches. */
		ev(o, "s");
		fputs(",\"cat\":\"flow\",\"name\":\"queued\"", o->f);
		fprintf(o->f, ",\"id\":%zu", i + 1);
		kv_int(o, "pid", o->host_pid);
		kv_int(o, "tid", a->tid);
		when(o, a->start_ns + (a->end_ns - a->start_ns) / 2, -1);
		fputs("}", o->f);
		ev(o, "f");
		fputs(",\"bp\":\"e\",\"cat\":\"flow\",\"name\":\"queued\"", o->f);
		fprintf(o->f, ",\"id\":%zu", i + 1);
		kv_int(o, "pid", DEV_PID_BASE + oc_op_device_id(t, op));
		kv_int(o, "tid", syn_tid((size_t)lane, row));
		when(o, op->start_ns + (op->end_ns - op->start_ns) / 2, -1);
		fputs("}", o->f);
	}
}

static void api_ev(struct out *o, size_t i, const struct oc_tl_hsync *hs)
{
	const struct oc_trace *t = o->t;
	const struct oc_api *a = &t->api[i];

	ev(o, "X");
	kv_str(o, "cat", a->domain == OC_API_DRIVER ? "cuda_driver" : "cuda_runtime");
	kv_str(o, "name", oc_trace_str(t, a->name));
	kv_int(o, "pid", o->host_pid);
	kv_int(o, "tid", a->tid);
	when(o, a->start_ns, a->end_ns - a->start_ns);
	fprintf(o->f, ",\"args\":{\"correlation_id\":%u", a->correlation_id);
	kv_int(o, "return_value", a->return_value);
	kv_int(o, "cbid", a->cbid);
	kv_int(o, "start_ns", a->start_ns);
	kv_int(o, "duration_ns", a->end_ns - a->start_ns);
	if (a->has_args) {
		static const char *hk[] = { "none", "legacy_default", "per_thread_default", "explicit" };
		const struct oc_call_args *c = oc_api_args(t, a);

		fprintf(o->f, ",\"stream_handle\":\"0x%" PRIx64 "\"", c->stream_handle);
		kv_str(o, "handle_kind", c->handle_kind < 4 ? hk[c->handle_kind] : "unknown");
		if (a->stream >= 0 && (size_t)a->stream < t->n_streams)
			kv_int(o, "stream_id", t->streams[a->stream].stream_id);
		if (c->bytes)
			kv_int(o, "bytes", (long long)c->bytes);
	}
	if (o->n && o->n->api)
		note_args(o, &o->n->api[i]);
	if (hs) {
		fputs(",\"hidden_sync\":true", o->f);
		if (hs->evidence)
			kv_str(o, "hidden_sync_evidence", hs->evidence);
	}
	fputs("}}", o->f);
}

static void range_ev(struct out *o, size_t i)
{
	const struct oc_trace *t = o->t;
	const struct oc_range *r = &t->ranges[i];
	int open = r->end_ns == INT64_MAX;
	int64_t end = open ? o->l->range_end_ns : r->end_ns;

	if (end < r->start_ns)
		end = r->start_ns;
	ev(o, "X");
	kv_str(o, "cat", "nvtx");
	kv_str(o, "name", oc_trace_str(t, r->name));
	kv_int(o, "pid", o->host_pid);
	kv_int(o, "tid", syn_tid((size_t)o->l->range_lane[i], o->l->range_depth[i]));
	when(o, r->start_ns, end - r->start_ns);
	fprintf(o->f, ",\"args\":{\"thread\":%u", r->tid);
	kv_int(o, "marker_id", r->marker_id);
	if (r->domain >= 0)
		kv_str(o, "domain", oc_trace_str(t, r->domain));
	if (open)
		fputs(",\"unclosed\":true", o->f);
	fputs("}}", o->f);
}

static void mark_ev(struct out *o, size_t i)
{
	const struct oc_mark *m = &o->t->marks[i];

	ev(o, "i");
	fputs(",\"s\":\"t\",\"cat\":\"nvtx\"", o->f);
	kv_str(o, "name", oc_trace_str(o->t, m->name));
	kv_int(o, "pid", o->host_pid);
	kv_int(o, "tid", syn_tid((size_t)o->l->mark_lane[i], 0));
	when(o, m->ts_ns, -1);
	fprintf(o->f, ",\"args\":{\"thread\":%u}}", m->tid);
}

static void device_evs(struct out *o)
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
		if (lane < 0)
			continue;
		ev(o, "X");
		kv_str(o, "cat", "overlap");
		kv_str(o, "name", "copy \xe2\x88\xa9 kernel");
		kv_int(o, "pid", DEV_PID_BASE + dev);
		kv_int(o, "tid", syn_tid((size_t)lane, 0));
		when(o, s->start_ns, s->end_ns - s->start_ns);
		fprintf(o->f, ",\"args\":{\"start_ns\":%" PRId64 ",\"duration_ns\":%" PRId64 "}}",
			s->start_ns, s->end_ns - s->start_ns);
	}
	if (!o->n)
		return;
	for (size_t i = 0; i < o->n->n_gaps; i++) {
		const struct oc_tl_gap *g = &o->n->gaps[i];
		lane = oc_tl_lane_of(l, OC_LANE_DEVICE, g->device_id);
		if (lane < 0)
			continue;
		ev(o, "X");
		kv_str(o, "cat", "gap");
		kv_str(o, "name", "idle gap");
		kv_int(o, "pid", DEV_PID_BASE + g->device_id);
		kv_int(o, "tid", syn_tid((size_t)lane, 0));
		when(o, g->start_ns, g->end_ns - g->start_ns);
		fprintf(o->f, ",\"args\":{\"start_ns\":%" PRId64 ",\"duration_ns\":%" PRId64,
			g->start_ns, g->end_ns - g->start_ns);
		if (g->cause)
			kv_str(o, "cause", g->cause);
		if (g->evidence)
			kv_str(o, "evidence", g->evidence);
		fputs("}}", o->f);
	}
}

/* One end of a hazard's flow arrow, on op i's slice. */
static void hazard_end(struct out *o, const char *ph, size_t id, const char *name, int32_t i)
{
	const struct oc_op *op = &o->t->ops[i];

	ev(o, ph);
	fprintf(o->f, "%s,\"cat\":\"hazard\"", ph[0] == 'f' ? ",\"bp\":\"e\"" : "");
	kv_str(o, "name", name);
	fprintf(o->f, ",\"id\":%zu", id);
	kv_int(o, "pid", DEV_PID_BASE + oc_op_device_id(o->t, op));
	kv_int(o, "tid", syn_tid((size_t)o->l->op_lane[i], o->l->op_row[i]));
	when(o, op->start_ns + (op->end_ns - op->start_ns) / 2, -1);
	fputs("}", o->f);
}

/*
 * Hazards (docs/hazards.md): a flow arrow from the earlier op to the later,
 * category "hazard", and an instant event on the first with the sentence.
 * Flow ids start at 2^40, above the "queued" flows' op numbers.
 */
static void hazard_evs(struct out *o)
{
	if (!o->n)
		return;
	for (size_t k = 0; k < o->n->n_hazards; k++) {
		const struct oc_tl_hazard *z = &o->n->hazards[k];
		const char *name = z->kind ? z->kind : z->latent ? "latent_hazard" : "hazard";
		const struct oc_op *op = &o->t->ops[z->op_a];

		if (z->op_a < 0 || o->l->op_lane[z->op_a] < 0)
			continue;
		ev(o, "i");
		fputs(",\"cat\":\"hazard\",\"s\":\"t\"", o->f);
		kv_str(o, "name", name);
		kv_int(o, "pid", DEV_PID_BASE + oc_op_device_id(o->t, op));
		kv_int(o, "tid", syn_tid((size_t)o->l->op_lane[z->op_a], o->l->op_row[z->op_a]));
		when(o, op->start_ns, -1);
		fputs(",\"args\":{", o->f);
		fputs("\"evidence\":", o->f);
		oc_tl_json_str(o->f, z->text ? z->text : "");
		fputs("}}", o->f);
		if (z->op_b < 0 || o->l->op_lane[z->op_b] < 0)
			continue;
		hazard_end(o, "s", ((size_t)1 << 40) + k, name, z->op_a);
		hazard_end(o, "f", ((size_t)1 << 40) + k, name, z->op_b);
	}
}

static void hsync_evs(struct out *o)
{
	if (!o->n)
		return;
	for (size_t i = 0; i < o->n->n_hsyncs; i++) {
		const struct oc_tl_hsync *h = &o->n->hsyncs[i];
		const char *name = "hidden sync";
		long lane = oc_tl_lane_of(o->l, OC_LANE_THREAD, h->tid);

		if (lane < 0)
			continue;
		if (h->api >= 0 && (size_t)h->api < o->t->n_api)
			name = oc_trace_str(o->t, o->t->api[h->api].name);
		ev(o, "X");
		kv_str(o, "cat", "hidden_sync");
		snprintf(o->name, sizeof o->name, "hidden sync: %s", name);
		kv_str(o, "name", o->name);
		kv_int(o, "pid", o->host_pid);
		kv_int(o, "tid", syn_tid((size_t)lane, HSYNC_ROW));
		when(o, h->start_ns, h->end_ns - h->start_ns);
		fprintf(o->f, ",\"args\":{\"start_ns\":%" PRId64 ",\"duration_ns\":%" PRId64,
			h->start_ns, h->end_ns - h->start_ns);
		if (h->evidence)
			kv_str(o, "evidence", h->evidence);
		fputs("}}", o->f);
	}
}

int oc_write_chrome(FILE *f, const struct oc_trace *t, const struct oc_tl_notes *notes,
		    char *err, size_t errlen)
{
	struct oc_tl_layout l;
	struct out o = { .f = f, .t = t, .l = &l, .n = notes, .host_pid = 1, .first = 1 };
	const char *pid = oc_trace_meta(t, "pid");
	int32_t *hs_of_api = NULL;
	char num[32];

	if (oc_tl_layout_init(&l, t, err, errlen))
		return -1;
	if (pid) {
		char *end;
		unsigned long v = strtoul(pid, &end, 10);
		if (!*end && v > 0 && v < DEV_PID_BASE)
			o.host_pid = (uint32_t)v;
	}
	if (notes && notes->n_hsyncs) {
		hs_of_api = malloc((t->n_api + 1) * sizeof *hs_of_api);
		if (!hs_of_api) {
			snprintf(err, errlen, "cannot export '%s': %s", t->path, strerror(ENOMEM));
			oc_tl_layout_release(&l);
			return -1;
		}
		memset(hs_of_api, 0xff, (t->n_api + 1) * sizeof *hs_of_api);
		for (size_t i = 0; i < notes->n_hsyncs; i++)
			if (notes->hsyncs[i].api >= 0 && (size_t)notes->hsyncs[i].api < t->n_api)
				hs_of_api[notes->hsyncs[i].api] = (int32_t)i;
	}

	fputs("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"tool\":\"overlapcheck\"", f);
	fputs(",\"version\":", f);
	oc_tl_json_str(f, OC_VERSION);
	fputs(",\"trace\":", f);
	oc_tl_json_str(f, t->path);
	snprintf(num, sizeof num, "%" PRId64, t->trace_start_ns);
	fputs(",\"trace_start_ns\":", f);
	oc_tl_json_str(f, num);
	fputs(",\"time_base\":\"microseconds since trace_start_ns\"", f);
	if (notes && notes->answer) {
		fputs(",\"answer\":", f);
		oc_tl_json_str(f, notes->answer);
	}
	if (notes && notes->lever) {
		fputs(",\"lever\":", f);
		oc_tl_json_str(f, notes->lever);
	}
	if (notes && notes->time_split) {
		fputs(",\"time_split\":", f);
		oc_tl_json_str(f, notes->time_split);
	}
	if (notes && notes->window_how) {
		fputs(",\"window\":{\"how\":", f);
		oc_tl_json_str(f, notes->window_how);
		fputs(",\"start_us\":", f);
		oc_tl_json_us(f, notes->window_start_ns);
		fputs(",\"end_us\":", f);
		oc_tl_json_us(f, notes->window_end_ns);
		fputs("}", f);
	}
	fputs("},\n\"traceEvents\":[", f);

	lanes_meta(&o);
	for (size_t i = 0; i < t->n_ops; i++)
		op_ev(&o, i);
	for (size_t i = 0; i < t->n_api; i++)
		api_ev(&o, i, hs_of_api && hs_of_api[i] >= 0 ? &notes->hsyncs[hs_of_api[i]] : NULL);
	for (size_t i = 0; i < t->n_ranges; i++)
		range_ev(&o, i);
	for (size_t i = 0; i < t->n_marks; i++)
		mark_ev(&o, i);
	device_evs(&o);
	hsync_evs(&o);
	hazard_evs(&o);
	fputs("\n]}\n", f);

	free(hs_of_api);
	oc_tl_layout_release(&l);
	if (fflush(f) || ferror(f)) {
		snprintf(err, errlen, "cannot write export of '%s': %s", t->path, strerror(errno));
		return -1;
	}
	return 0;
}
