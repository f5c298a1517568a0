/*
 * trace.c: a loaded struct oc_trace, whatever its source: releasing it, and
 * the lookups and names that include/overlapcheck/trace.h promises.
 *
 * Everything a trace owns is freed here: its arrays, and the private part
 * (struct priv, model.h) with the string arena and the correlation index.
 * The lookups are binary searches of the sorted arrays, or scans of the
 * short ones (devices).
 */
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "overlapcheck/nccl.h"

void oc_trace_release(struct oc_trace *t)
{
	struct priv *p = t->priv;

	if (p) {
		oc_arena_free(p);
		free(p->str_ids);
		free(p->corr);
		free(p->dense);
		free(p->op_streams);
		free(p);
	}
	free(t->path);
	free(t->meta);
	free(t->strs);
	free(t->devices);
	free(t->streams);
	free(t->ops);
	free(t->shapes);
	free(t->api);
	free(t->call_args);
	free(t->syncs);
	free(t->events);
	free(t->ranges);
	free(t->marks);
	free(t->overheads);
	free(t->mem);
	free(t->callers);
	free(t->queries);
	free(t->capture_windows);
	free(t->warnings);
	memset(t, 0, sizeof *t);
}

/* ---- lookups ------------------------------------------------------------- */

const char *oc_trace_caller(const struct oc_trace *t, int32_t api)
{
	size_t lo = 0, hi;
	uint32_t corr;
	uint8_t dom;

	if (api < 0 || (size_t)api >= t->n_api || !t->n_callers)
		return NULL;
	corr = t->api[api].correlation_id;
	dom = t->api[api].domain;
	hi = t->n_callers;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct oc_caller *c = &t->callers[mid];

		if (c->correlation_id < corr || (c->correlation_id == corr && c->domain < dom))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n_callers && t->callers[lo].correlation_id == corr &&
	       t->callers[lo].domain == dom ? t->callers[lo].frames : NULL;
}

const char *oc_trace_meta(const struct oc_trace *t, const char *key)
{
	size_t lo = 0, hi = t->n_meta;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(t->meta[mid].key, key);

		if (c == 0)
			return t->meta[mid].value;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const char *oc_trace_str(const struct oc_trace *t, int32_t idx)
{
	if (idx < 0 || (size_t)idx >= t->n_strs)
		return "";
	return t->strs[idx];
}

const struct oc_device *oc_trace_device(const struct oc_trace *t, int id)
{
	for (size_t i = 0; i < t->n_devices; i++)
		if (t->devices[i].id == id)
			return &t->devices[i];
	return NULL;
}

const char *oc_stream_kind_name(enum oc_stream_kind k)
{
	switch (k) {
	case OC_STREAM_LEGACY_DEFAULT:
		return "legacy_default";
	case OC_STREAM_PER_THREAD_DEFAULT:
		return "per_thread_default";
	case OC_STREAM_BLOCKING:
		return "blocking";
	case OC_STREAM_NON_BLOCKING:
		return "non_blocking";
	case OC_STREAM_UNKNOWN:
		break;
	}
	return "unknown";
}

const char *oc_copy_kind_name(int copy_kind)
{
	switch (copy_kind) {
	case OC_COPY_HTOD: return "HtoD";
	case OC_COPY_DTOH: return "DtoH";
	case OC_COPY_HTOA: return "HtoA";
	case OC_COPY_ATOH: return "AtoH";
	case OC_COPY_ATOA: return "AtoA";
	case OC_COPY_ATOD: return "AtoD";
	case OC_COPY_DTOA: return "DtoA";
	case OC_COPY_DTOD: return "DtoD";
	case OC_COPY_HTOH: return "HtoH";
	case OC_COPY_PTOP: return "PtoP";
	}
	return "unknown";
}

const char *oc_mem_kind_name(int mem_kind)
{
	switch (mem_kind) {
	case OC_MEM_PAGEABLE: return "pageable";
	case OC_MEM_PINNED: return "pinned";
	case OC_MEM_DEVICE: return "device";
	case OC_MEM_ARRAY: return "array";
	case OC_MEM_MANAGED: return "managed";
	case OC_MEM_DEVICE_STATIC: return "device_static";
	case OC_MEM_MANAGED_STATIC: return "managed_static";
	}
	return "unknown";
}

const char *oc_op_kind_name(int kind)
{
	switch (kind) {
	case OC_OP_KERNEL: return "kernel";
	case OC_OP_MEMCPY: return "memcpy";
	case OC_OP_MEMSET: return "memset";
	case OC_OP_MEMCPY_PEER: return "memcpy_peer";
	}
	return "unknown";
}

int oc_mark_comm_ops(struct oc_trace *t)
{
	/* per string: 0 unread, 1 not NCCL, 2 NCCL */
	uint8_t *seen = t->n_strs ? calloc(t->n_strs, 1) : NULL;

	if (t->n_strs && !seen)
		return -1;
	for (size_t i = 0; i < t->n_ops; i++) {
		struct oc_op *op = &t->ops[i];
		int32_t name = oc_op_shape(t, op)->name;

		op->comm = 0;
		if (op->kind != OC_OP_KERNEL || name < 0 || (size_t)name >= t->n_strs)
			continue;
		if (!seen[name])
			seen[name] = oc_nccl_is_kernel(t->strs[name]) ? 2 : 1;
		op->comm = seen[name] == 2;
	}
	free(seen);
	return 0;
}

size_t oc_trace_comm_ops(const struct oc_trace *t)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n_ops; i++)
		n += t->ops[i].comm;
	return n;
}

void oc_trace_drop_mem(struct oc_trace *t)
{
	free(t->mem);
	t->mem = NULL;
	t->n_mem = 0;
}
