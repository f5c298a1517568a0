/*
 * out-json-comm.c: the JSON report's communication (docs/report-json.md,
 * docs/nccl.md): the "communication" summary, null without NCCL kernels,
 * and "collectives", one NCCL kernel per line. With the passport's rank,
 * world_size, host and trace_start_ns they are what `report --ranks`
 * merges from JSON reports (src/analysis/ranks-read.c reads them back).
 */
#include <stdio.h>

#include "out-json.h"

static void nonempty(struct oc_json *j, const char *key, const char *v)
{
	if (v && *v)
		oc_json_kv_string(j, key, v);
	else
		oc_json_kv_null(j, key);
}

/*
 * Communication (docs/report-json.md, docs/nccl.md): null without NCCL
 * kernels. With the top-level collectives[] it is what `report --ranks`
 * merges from JSON reports, with the passport's rank, world_size, host and
 * trace_start_ns.
 */
void oc_rj_communication(struct out *o)
{
	struct oc_json *j = &o->j;
	const struct oc_analysis *a = o->a;
	const struct oc_trace *t = o->t;
	const struct oc_summary *s = &a->summary;

	if (!a->n_collectives) {
		oc_json_null(j);
		return;
	}
	oc_json_begin_object(j);
	oc_json_kv_uint(j, "kernels", a->n_collectives);
	oc_json_kv_uint(j, "claims", s->comm_claims);
	oc_json_kv_uint(j, "overlapped", s->comm_overlapped);
	oc_json_kv_uint(j, "serialized", s->comm_claims - s->comm_overlapped);
	oc_json_kv_int(j, "comm_ns", s->comm_ns);
	oc_json_kv_int(j, "exposed_ns", s->comm_exposed_ns);
	if (s->comm_ns > 0)
		oc_json_kv_fixed(j, "exposed_share", (double)s->comm_exposed_ns / (double)s->comm_ns, 4);
	else
		oc_json_kv_null(j, "exposed_share");
	oc_json_key(j, "devices");
	oc_json_begin_array(j);
	for (size_t d = 0; d < a->n_comm_devices; d++) {
		const struct oc_comm_device *cd = &a->comm_devices[d];
		oc_json_begin_object(j);
		oc_json_kv_int(j, "device", cd->device_id);
		oc_json_kv_uint(j, "kernels", cd->kernels);
		oc_json_kv_int(j, "comm_ns", cd->comm_ns);
		oc_json_kv_int(j, "exposed_ns", cd->exposed_ns);
		oc_json_kv_int(j, "exposed_alone_ns", cd->exposed_alone_ns);
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
	oc_json_key(j, "communicators");
	oc_json_begin_array(j);
	for (size_t m = 0; m < a->n_comms; m++) {
		const struct oc_communicator *cm = &a->comms[m];
		oc_json_begin_object(j);
		oc_json_kv_int(j, "device", cm->device_id);
		oc_json_kv_int(j, "comm", cm->ordinal);
		oc_json_kv_uint(j, "stream", t->streams[cm->stream].stream_id);
		oc_json_kv_uint(j, "context", t->streams[cm->stream].context_id);
		oc_json_kv_uint(j, "kernels", cm->kernels);
		oc_json_kv_int(j, "first_ns", cm->first_ns);
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
	oc_json_key(j, "ranges");
	oc_json_begin_array(j);
	for (size_t k = 0; k < a->n_comm_ranges; k++) {
		const struct oc_comm_range *r = &a->comm_ranges[k];
		oc_json_begin_object(j);
		oc_json_kv_string(j, "name", oc_trace_str(t, r->name));
		oc_json_kv_uint(j, "kernels", r->kernels);
		oc_json_kv_int(j, "comm_ns", r->comm_ns);
		oc_json_kv_int(j, "exposed_ns", r->exposed_ns);
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
	oc_json_end_object(j);
}

/* collectives[]: one NCCL kernel per line (docs/report-json.md) */
void oc_rj_collectives(struct out *o)
{
	struct oc_json *j = &o->j;
	const struct oc_analysis *a = o->a;
	const struct oc_trace *t = o->t;

	oc_json_begin_array(j);
	for (size_t k = 0; k < a->n_collectives; k++) {
		const struct oc_collective *c = &a->collectives[k];
		const struct oc_op *op = &t->ops[c->op];
		const struct oc_claim *cl = c->claim >= 0 ? &a->claims[c->claim] : NULL;
		oc_json_begin_object(j);
		oc_json_kv_int(j, "device", (int64_t)oc_op_device_id(t, op));
		oc_json_kv_int(j, "comm", a->comms[c->comm].ordinal);
		oc_json_kv_uint(j, "seq", c->seq);
		oc_json_kv_string(j, "collective", c->k.collective);
		nonempty(j, "algorithm", c->k.algorithm);
		nonempty(j, "protocol", c->k.protocol);
		nonempty(j, "redop", c->k.redop);
		nonempty(j, "dtype", c->k.dtype);
		oc_json_kv_string(j, "family", oc_nccl_family_name(c->k.family));
		oc_json_kv_string(j, "name", oc_rj_op_label(o, c->op));
		oc_json_kv_uint(j, "stream", t->streams[op->stream].stream_id);
		oc_json_kv_uint(j, "correlation_id", op->correlation_id);
		oc_json_kv_int(j, "start_ns", op->start_ns);
		oc_json_kv_int(j, "end_ns", op->end_ns);
		oc_json_kv_int(j, "compute_overlap_ns", cl ? cl->compute_ns : 0);
		oc_json_kv_int(j, "exposed_ns", c->exposed_ns);
		oc_json_kv_string(j, "verdict", cl ? oc_verdict_name(cl->verdict) : NULL);
		oc_json_kv_string(j, "decisive_cause", cl && cl->n_evidence ?
				  oc_cause_name(cl->evidence[0].cause) : NULL);
		oc_json_kv_bool(j, "in_window", cl ? cl->in_window : 0);
		oc_json_kv_string(j, "nccl_call", c->nccl_call >= 0 ?
				  oc_trace_str(t, t->ranges[c->nccl_call].name) : NULL);
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
}

