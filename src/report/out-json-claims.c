/*
 * out-json-claims.c: the JSON report's claims (each with its evidence, the
 * cause table's fields: causes.c), its hidden and explicit syncs with what
 * they waited for, and its idle gaps with their evidence
 * (docs/report-json.md); which claims are listed (--claims).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "out-json.h"
#include "overlapcheck/causes.h"

/* The cause table's fields (causes.c) as JSON members. */
static void f_op(void *ctx, const char *key, int32_t op) { oc_rj_kv_op(ctx, key, op); }

static void f_str(void *ctx, const char *key, const char *v)
{
	struct out *o = ctx;
	if (v)
		oc_json_kv_string(&o->j, key, v);
	else
		oc_json_kv_null(&o->j, key);
}

static void f_i64(void *ctx, const char *key, int64_t v) { oc_json_kv_int(&((struct out *)ctx)->j, key, v); }
static void f_u64(void *ctx, const char *key, uint64_t v) { oc_json_kv_uint(&((struct out *)ctx)->j, key, v); }
static void f_bool(void *ctx, const char *key, int v) { oc_json_kv_bool(&((struct out *)ctx)->j, key, v); }

static void evidence_object(struct out *o, const struct oc_claim *cl, const struct oc_evidence *e)
{
	const struct oc_fields f = { o, f_op, f_str, f_i64, f_u64, f_bool };

	oc_json_begin_object(&o->j);
	oc_json_kv_string(&o->j, "cause", oc_cause_name(e->cause));
	oc_cause_row(e->cause)->fields(o->a, cl, e, &f);
	if (e->partner >= 0)
		oc_rj_kv_op(o, "partner", e->partner);
	oc_json_end_object(&o->j);
}

void oc_rj_claim(struct out *o, const struct oc_claim *cl)
{
	struct oc_json *j = &o->j;
	const struct oc_trace *t = o->t;
	const struct oc_op *op = &t->ops[cl->op];
	const struct oc_shape *sh = oc_op_shape(t, op);
	int copy = op->kind == OC_OP_MEMCPY || op->kind == OC_OP_MEMCPY_PEER;

	oc_json_begin_object(j);
	oc_rj_kv_api(j, "api", t, op->api);
	oc_json_kv_uint(j, "correlation_id", op->correlation_id);
	oc_rj_stream_members(j, t, op->stream);
	oc_json_kv_uint(j, "context", oc_op_context_id(t, op));
	oc_json_kv_string(j, "kind", oc_op_kind_name(op->kind));
	oc_json_kv_string(j, "name", oc_rj_op_label(o, cl->op));
	if (op->kind == OC_OP_KERNEL) {
		oc_json_kv_string(j, "mangled_name", oc_trace_str(t, sh->name));
		oc_json_key(j, "grid");
		oc_json_begin_array(j);
		for (int k = 0; k < 3; k++)
			oc_json_int(j, sh->grid[k]);
		oc_json_end_array(j);
		oc_json_key(j, "block");
		oc_json_begin_array(j);
		for (int k = 0; k < 3; k++)
			oc_json_int(j, sh->block[k]);
		oc_json_end_array(j);
	} else {
		if (copy)
			oc_json_kv_string(j, "copy_kind", oc_copy_kind_name(op->copy_kind));
		else
			oc_json_kv_null(j, "copy_kind");
		oc_json_kv_string(j, "src_kind", copy ? oc_mem_kind_name(op->src_kind) : NULL);
		oc_json_kv_string(j, "dst_kind", oc_mem_kind_name(op->dst_kind));
		oc_json_kv_uint(j, "bytes", sh->bytes);
		/* an imported trace's copy or memset: a claim by its API call's name */
		if (op->flags & OC_ASYNC_BY_NAME)
			oc_json_kv_string(j, "claim_source", "api_name");
	}
	oc_json_kv_uint(j, "device", oc_op_device_id(t, op));
	oc_json_kv_int(j, "start_ns", op->start_ns);
	oc_json_kv_int(j, "end_ns", op->end_ns);
	oc_json_kv_int(j, "duration_ns", op->end_ns - op->start_ns);
	oc_json_kv_string(j, "verdict", oc_verdict_name(cl->verdict));
	oc_json_kv_int(j, "overlap_ns", cl->overlap_ns);
	oc_json_kv_fixed(j, "overlap_ratio", oc_claim_overlap_ratio(t, cl), 4);
	oc_json_kv_int(j, "compute_overlap_ns", cl->compute_ns);
	oc_json_key(j, "witness");
	if (cl->witness >= 0) {
		const struct oc_op *w = &t->ops[cl->witness];
		int64_t ws, we;
		oc_claim_witness_span(t, cl, &ws, &we);
		oc_json_begin_object(j);
		oc_json_kv_string(j, "name", oc_rj_op_label(o, cl->witness));
		oc_json_kv_string(j, "kind", oc_op_kind_name(w->kind));
		oc_rj_stream_members(j, t, w->stream);
		oc_json_kv_uint(j, "correlation_id", w->correlation_id);
		oc_json_kv_int(j, "op_start_ns", w->start_ns);
		oc_json_kv_int(j, "op_end_ns", w->end_ns);
		oc_json_kv_int(j, "start_ns", ws);
		oc_json_kv_int(j, "end_ns", we);
		oc_json_end_object(j);
	} else {
		oc_json_null(j);
	}
	oc_json_key(j, "causes");
	oc_json_begin_array(j);
	for (size_t k = 0; k < cl->n_evidence; k++)
		oc_json_string(j, oc_cause_name(cl->evidence[k].cause));
	oc_json_end_array(j);
	oc_json_key(j, "evidence");
	oc_json_begin_array(j);
	for (size_t k = 0; k < cl->n_evidence; k++)
		evidence_object(o, cl, &cl->evidence[k]);
	oc_json_end_array(j);
	if (cl->n_evidence) {
		oc_json_kv_string(j, "decisive_cause", oc_cause_name(cl->evidence[0].cause));
		if (cl->contributing >= 0)
			oc_json_kv_string(j, "contributing_cause",
					  oc_cause_name(cl->evidence[cl->contributing].cause));
		else
			oc_json_kv_null(j, "contributing_cause");
		oc_json_key(j, "advice");
		oc_json_begin_object(j);
		oc_json_kv_string(j, "id", oc_advice_id((enum oc_advice)cl->advice));
		oc_json_kv_string(j, "text", oc_claim_advice(t, o->a, cl, o->buf, sizeof o->buf));
		oc_json_end_object(j);
	} else {
		oc_json_kv_null(j, "decisive_cause");
		oc_json_kv_null(j, "contributing_cause");
		oc_json_kv_null(j, "advice");
	}
	oc_json_kv_bool(j, "in_window", cl->in_window);
	if (sh->graph_id || sh->graph_node_id) {
		oc_json_kv_uint(j, "graph_id", sh->graph_id);
		oc_json_kv_uint(j, "graph_node_id", sh->graph_node_id);
	}
	if (copy)
		oc_json_kv_fixed(j, "bandwidth_gbps", oc_claim_bandwidth_gbps(t, cl), 3);
	oc_json_end_object(j);
}

int oc_claims_list_from_name(const char *name)
{
	static const char *const n[] = { [OC_CLAIMS_ALL] = "all", [OC_CLAIMS_SERIALIZED] = "serialized",
					  [OC_CLAIMS_NONE] = "none" };

	for (int i = OC_CLAIMS_ALL; name && i <= OC_CLAIMS_NONE; i++)
		if (!strcmp(name, n[i]))
			return i;
	return -1;
}

int oc_report_claims_capped(const struct oc_analysis *a, int claims)
{
	return claims == OC_CLAIMS_DEFAULT && a->n_claims > OC_CLAIMS_CAP;
}

/*
 * The claims are written as they are iterated: each object goes through the
 * JSON writer's block to the FILE, so memory does not grow with the list.
 * Above the default's cap the list is the first OC_CLAIMS_CAP serialized
 * claims in the list's own order (by start time): the same list as
 * --claims=serialized, cut.
 */
void oc_rj_claims(struct out *o)
{
	struct oc_json *j = &o->j;
	const struct oc_analysis *a = o->a;
	int capped = oc_report_claims_capped(a, o->claims);
	int policy = o->claims == OC_CLAIMS_DEFAULT ? (capped ? OC_CLAIMS_SERIALIZED : OC_CLAIMS_ALL)
						      : o->claims;
	size_t cap = capped ? OC_CLAIMS_CAP : SIZE_MAX;

	o->claims_listed = o->claims_serialized = 0;
	oc_json_key(j, "claims");
	oc_json_begin_array(j);
	for (size_t k = 0; k < a->n_claims; k++) {
		const struct oc_claim *cl = &a->claims[k];
		int serialized = cl->verdict == OC_VERDICT_SERIALIZED;

		o->claims_serialized += serialized;
		if (policy == OC_CLAIMS_ALL ||
		    (policy == OC_CLAIMS_SERIALIZED && serialized && o->claims_listed < cap)) {
			oc_rj_claim(o, cl);
			o->claims_listed++;
		}
	}
	oc_json_end_array(j);
	if (policy == OC_CLAIMS_ALL)
		return;   /* every claim listed: the report is as it always was */
	oc_json_key(j, "claims_omitted");
	oc_json_begin_object(j);
	oc_json_kv_string(j, "policy", o->claims == OC_CLAIMS_SERIALIZED ? "serialized" :
			  o->claims == OC_CLAIMS_NONE ? "none" : "default");
	if (capped)
		oc_json_kv_uint(j, "cap", OC_CLAIMS_CAP);
	else
		oc_json_kv_null(j, "cap");
	oc_json_kv_uint(j, "listed", o->claims_listed);
	oc_json_kv_uint(j, "total", a->n_claims);
	oc_json_kv_uint(j, "serialized", o->claims_serialized);
	oc_json_kv_uint(j, "omitted", a->n_claims - o->claims_listed);
	oc_json_kv_string(j, "how_to_get_all", "--claims=all");
	oc_json_end_object(j);
}

void oc_rj_claims_warning(struct out *o)
{
	char b[320];

	if (!oc_report_claims_capped(o->a, o->claims))
		return;
	snprintf(b, sizeof b, "the claims list holds %zu of %zu claims: above %d claims only the "
		 "first %d serialized ones are listed by default (of %zu serialized); "
		 "--claims=all lists every claim", o->claims_listed, o->a->n_claims,
		 OC_CLAIMS_CAP, OC_CLAIMS_CAP, o->claims_serialized);
	oc_json_string(&o->j, b);
}

void oc_rj_waited(struct out *o, const int32_t *ops, size_t n)
{
	struct oc_json *j = &o->j;
	const struct oc_trace *t = o->t;

	oc_json_begin_array(j);
	for (size_t k = 0; k < n; k++) {
		const struct oc_op *op = &t->ops[ops[k]];
		oc_json_begin_object(j);
		oc_json_kv_uint(j, "stream", t->streams[op->stream].stream_id);
		oc_json_kv_string(j, "stream_kind", oc_stream_kind_name(t->streams[op->stream].kind));
		oc_json_kv_string(j, "kind", oc_op_kind_name(op->kind));
		oc_json_kv_string(j, "name", oc_rj_op_label(o, ops[k]));
		oc_json_kv_int(j, "start_ns", op->start_ns);
		oc_json_kv_int(j, "end_ns", op->end_ns);
		oc_json_kv_uint(j, "correlation_id", op->correlation_id);
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
}

static const char *sync_type_name(int type)
{
	switch (type) {
	case OC_SYNC_EVENT: return "event_synchronize";
	case OC_SYNC_STREAM: return "stream_synchronize";
	case OC_SYNC_CONTEXT: return "context_synchronize";
	default: return "unknown";
	}
}

/* "called_from": the caller's frames (table callers), one string each, or null. */
static void called_from(struct out *o, int32_t api)
{
	const char *f = oc_trace_caller(o->t, api);

	oc_json_key(&o->j, "called_from");
	if (!f) {
		oc_json_null(&o->j);
		return;
	}
	oc_json_begin_array(&o->j);
	while (*f) {
		const char *nl = strchr(f, '\n');
		size_t n = nl ? (size_t)(nl - f) : strlen(f);
		char line[512];

		snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line - 1 ? n : sizeof line - 1), f);
		oc_json_string(&o->j, line);
		f += n + (nl != NULL);
	}
	oc_json_end_array(&o->j);
}

size_t oc_rj_list_limit(const struct out *o, size_t n)
{
	return o->lists == OC_LISTS_CAPPED && n > OC_LIST_CAP ? OC_LIST_CAP : n;
}

size_t oc_rj_blocks(struct out *o, int hidden)
{
	struct oc_json *j = &o->j;
	const struct oc_analysis *a = o->a;
	const struct oc_trace *t = o->t;
	size_t total = 0, listed = 0, limit;

	for (size_t k = 0; k < a->n_blocks; k++)
		total += a->blocks[k].hidden == hidden;
	limit = oc_rj_list_limit(o, total);
	oc_json_begin_array(j);
	for (size_t k = 0; k < a->n_blocks && listed < limit; k++) {
		const struct oc_block *b = &a->blocks[k];
		if (b->hidden != hidden)
			continue;
		listed++;
		oc_json_begin_object(j);
		oc_rj_kv_api(j, "api", t, b->api);
		if (b->api >= 0)
			oc_json_kv_uint(j, "correlation_id", t->api[b->api].correlation_id);
		else if (b->sync >= 0)
			oc_json_kv_uint(j, "correlation_id", t->syncs[b->sync].correlation_id);
		else
			oc_json_kv_null(j, "correlation_id");
		if (b->tid != UINT32_MAX)
			oc_json_kv_uint(j, "tid", b->tid);
		else
			oc_json_kv_null(j, "tid");
		if (!hidden)
			oc_json_kv_string(j, "sync_type", sync_type_name((int)t->syncs[b->sync].type));
		if (b->device_id >= 0)
			oc_json_kv_int(j, "device", b->device_id);
		else
			oc_json_kv_null(j, "device");
		oc_json_kv_int(j, "start_ns", b->start_ns);
		oc_json_kv_int(j, "end_ns", b->end_ns);
		oc_json_kv_int(j, "duration_ns", b->end_ns - b->start_ns);
		oc_json_kv_int(j, "blocked_ns", b->blocked_ns);
		if (hidden) {
			oc_json_kv_string(j, "rule", oc_sync_rule_name((enum oc_sync_rule)b->rule));
			if (b->usual_ns >= 0)
				oc_json_kv_int(j, "usual_ns", b->usual_ns);
			else
				oc_json_kv_null(j, "usual_ns");
			if (b->usual_max_ns >= 0)
				oc_json_kv_int(j, "usual_max_ns", b->usual_max_ns);
			else
				oc_json_kv_null(j, "usual_max_ns");
		}
		oc_json_key(j, "waited_for");
		oc_rj_waited(o, b->waited_for, b->n_waited_for);
		called_from(o, b->api);
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
	return total;
}

void oc_rj_gap(struct out *o, const struct oc_gap *g)
{
	struct oc_json *j = &o->j;
	const struct oc_analysis *a = o->a;
	const struct oc_trace *t = o->t;

	oc_json_begin_object(j);
	oc_json_kv_int(j, "device", g->device_id);
	oc_json_kv_int(j, "start_ns", g->start_ns);
	oc_json_kv_int(j, "end_ns", g->end_ns);
	oc_json_kv_int(j, "duration_ns", g->end_ns - g->start_ns);
	oc_json_kv_string(j, "cause", oc_gap_cause_name(g->cause));
	oc_json_key(j, "evidence");
	oc_json_begin_object(j);
	oc_rj_kv_op(o, "next_op", g->next_op);
	oc_rj_kv_op(o, "prev_op", g->prev_op);
	switch (g->cause) {
	case OC_GAP_HOST_SYNCHRONIZATION: {
		const struct oc_block *b = &a->blocks[g->block];
		oc_rj_kv_api(j, "api", t, b->api);
		oc_json_kv_bool(j, "hidden", b->hidden);
		oc_json_kv_int(j, "start_ns", b->start_ns);
		oc_json_kv_int(j, "end_ns", b->end_ns);
		oc_json_kv_int(j, "blocked_ns", b->blocked_ns);
		oc_json_kv_int(j, "covered_ns", g->covered_ns);
		break;
	}
	case OC_GAP_SUBMITTED_LATE:
		oc_rj_kv_api(j, "api", t, g->api);
		oc_json_kv_int(j, "api_start_ns", g->api >= 0 ? t->api[g->api].start_ns :
			       t->ops[g->next_op].start_ns);
		if (g->block >= 0) {
			oc_rj_kv_api(j, "after_sync_api", t, a->blocks[g->block].api);
			oc_json_kv_int(j, "after_sync_end_ns", a->blocks[g->block].end_ns);
		}
		break;
	case OC_GAP_LAUNCH_LATENCY:
		oc_rj_kv_api(j, "api", t, g->api);
		oc_json_kv_int(j, "api_start_ns", t->api[g->api].start_ns);
		oc_json_kv_int(j, "api_end_ns", t->api[g->api].end_ns);
		oc_json_kv_int(j, "covered_ns", g->covered_ns);
		break;
	case OC_GAP_MODULE_LOADING:
		if (g->overhead >= 0) {
			const struct oc_overhead *oh = &t->overheads[g->overhead];
			oc_json_kv_string(j, "source", "overhead");
			oc_json_kv_uint(j, "overhead_kind", oh->kind);
			oc_json_kv_int(j, "overhead_start_ns", oh->start_ns);
			oc_json_kv_int(j, "overhead_end_ns", oh->end_ns);
			oc_json_kv_int(j, "covered_ns", g->covered_ns);
		} else if (g->load_api >= 0) {
			oc_json_kv_string(j, "source", "load_call");
			oc_rj_kv_api(j, "api", t, g->load_api);
			oc_json_kv_int(j, "api_start_ns", t->api[g->load_api].start_ns);
			oc_json_kv_int(j, "api_end_ns", t->api[g->load_api].end_ns);
			oc_json_kv_int(j, "covered_ns", g->covered_ns);
		} else {
			oc_json_kv_string(j, "source", "first_launch");
			oc_rj_kv_api(j, "api", t, g->api);
			oc_json_kv_int(j, "api_start_ns", t->api[g->api].start_ns);
			oc_json_kv_int(j, "api_end_ns", t->api[g->api].end_ns);
			oc_json_kv_int(j, "covered_ns", g->covered_ns);
		}
		break;
	case OC_GAP_DEPENDENCY_WAIT:
		oc_json_kv_int(j, "event_id", g->wait_event_id);
		oc_json_kv_string(j, "event_id_is", g->wait_event_handle ? "handle" : "cupti_id");
		break;
	default:
		break;
	}
	if (g->longest_api >= 0) {
		oc_rj_kv_api(j, "longest_call", t, g->longest_api);
		oc_json_kv_int(j, "longest_call_ns", g->longest_ns);
	}
	if (g->outside_ns >= 0)
		oc_json_kv_int(j, "outside_cuda_ns", g->outside_ns);
	else
		oc_json_kv_null(j, "outside_cuda_ns");
	oc_json_kv_bool(j, "first_launch", g->first_launch);
	oc_json_end_object(j);
	oc_json_kv_string(j, "decisive_cause", oc_gap_cause_name(g->cause));
	oc_json_kv_null(j, "contributing_cause");
	oc_json_key(j, "advice");
	oc_json_begin_object(j);
	oc_json_kv_string(j, "id", oc_advice_id((enum oc_advice)g->advice));
	oc_json_kv_string(j, "text", oc_gap_advice(t, a, g, o->buf, sizeof o->buf));
	oc_json_end_object(j);
	oc_json_end_object(j);
}
