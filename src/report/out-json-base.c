/*
 * out-json-base.c: what every part of the JSON report writes the same way:
 * an op as an object (its label from a per-name cache), a call's name, a
 * stream's id and kind. The report's other files (out-json.c,
 * out-json-claims.c, out-json-comm.c) call these and nothing calls back.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out-json.h"

/* oc_op_label() of op i; a kernel's label comes from the per-name cache
 * (the label depends on the name string only). Valid until the next call. */
const char *oc_rj_op_label(struct out *o, int32_t i)
{
	const struct oc_trace *t = o->t;

	if (o->kernel_label && i >= 0 && (size_t)i < t->n_ops && t->ops[i].kind == OC_OP_KERNEL) {
		int32_t s = oc_op_shape(t, &t->ops[i])->name;
		if (s >= 0 && (size_t)s < t->n_strs) {
			if (!o->kernel_label[s])
				o->kernel_label[s] = strdup(oc_op_label(t, i, o->buf, sizeof o->buf));
			if (o->kernel_label[s])
				return o->kernel_label[s];
		}
	}
	return oc_op_label(t, i, o->buf, sizeof o->buf);
}

static const char *api_name(const struct oc_trace *t, int32_t api)
{
	return api >= 0 && (size_t)api < t->n_api ? oc_trace_str(t, t->api[api].name) : NULL;
}

void oc_rj_kv_api(struct oc_json *j, const char *key, const struct oc_trace *t, int32_t api)
{
	const char *n = api_name(t, api);
	if (n)
		oc_json_kv_string(j, key, n);
	else
		oc_json_kv_null(j, key);
}

void oc_rj_stream_members(struct oc_json *j, const struct oc_trace *t, int32_t s)
{
	if (s >= 0 && (size_t)s < t->n_streams) {
		oc_json_kv_uint(j, "stream", t->streams[s].stream_id);
		oc_json_kv_string(j, "stream_kind", oc_stream_kind_name(t->streams[s].kind));
	} else {
		oc_json_kv_null(j, "stream");
		oc_json_kv_string(j, "stream_kind", "unknown");
	}
}

/* {name, kind, stream, stream_kind, start_ns, end_ns, correlation_id, api} */
void oc_rj_op_object(struct out *o, int32_t i)
{
	struct oc_json *j = &o->j;
	const struct oc_trace *t = o->t;

	if (i < 0 || (size_t)i >= t->n_ops) {
		oc_json_null(j);
		return;
	}
	const struct oc_op *op = &t->ops[i];
	oc_json_begin_object(j);
	oc_json_kv_string(j, "name", oc_rj_op_label(o, i));
	oc_json_kv_string(j, "kind", oc_op_kind_name(op->kind));
	oc_rj_stream_members(j, t, op->stream);
	oc_json_kv_int(j, "start_ns", op->start_ns);
	oc_json_kv_int(j, "end_ns", op->end_ns);
	oc_json_kv_uint(j, "correlation_id", op->correlation_id);
	oc_rj_kv_api(j, "api", t, op->api);
	oc_json_end_object(j);
}

void oc_rj_kv_op(struct out *o, const char *key, int32_t i)
{
	oc_json_key(&o->j, key);
	oc_rj_op_object(o, i);
}

void oc_rj_kv_stream_id(struct oc_json *j, const char *key, const struct oc_trace *t, int32_t s)
{
	if (s >= 0 && (size_t)s < t->n_streams)
		oc_json_kv_uint(j, key, t->streams[s].stream_id);
	else
		oc_json_kv_null(j, key);
}
