/*
 * records.c: decode CUPTI 13.0 activity records into trace rows.
 *
 * One function per record kind, each a plain copy with the few conversions
 * the trace needs: times rebased to the trace start (signed ns, so a record
 * from before the start stays exact), CUPTI's 0xFFFFFFFF "not applicable" ids
 * turned into OC_NULL, enumerations kept as CUPTI's numbers. A timed record
 * with a zero start or end (what a forced flush returns for work that has not
 * finished) is reported as OC_REC_INCOMPLETE so the writer counts it instead
 * of storing an interval that never was.
 */
#include <stdio.h>
#include <string.h>

#include "records.h"
#include "overlapcheck/codes.h"

int64_t oc_rec_rebase(uint64_t ts, uint64_t base_ns)
{
	if (ts == 0)
		return 0;
	return (int64_t)(ts - base_ns);
}

static int far(int64_t rebased)
{
	return rebased > OC_MAX_TIME_NS || rebased < -OC_MAX_TIME_NS;
}

/* Not an interval the trace can hold: an end unknown, before the start, or a time not a time. */
static int bad_interval(uint64_t start, uint64_t end, uint64_t base)
{
	int64_t s = oc_rec_rebase(start, base), e = oc_rec_rebase(end, base);

	/* e < s with end >= start: the two wrapped around 2^64 apart */
	return start == 0 || end == 0 || end < start || far(s) || far(e) || e < s;
}

/* A lone timestamp, rebased; 0 (unknown) when it is not a time. */
static int64_t rebase_point(uint64_t ts, uint64_t base)
{
	int64_t r = oc_rec_rebase(ts, base);

	return far(r) ? 0 : r;
}

static int64_t id_or_null(uint32_t id)
{
	return id == OC_CUPTI_INVALID_ID ? OC_NULL : (int64_t)id;
}

void oc_rec_format_uuid(const unsigned char b[16], char *buf, size_t len)
{
	snprintf(buf, len,
		 "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7],
		 b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
}

static void op_clear(struct oc_op_row *o)
{
	memset(o, 0, sizeof *o);
	o->bytes = o->copy_kind = o->src_kind = o->dst_kind = OC_NULL;
	o->flags = o->channel_id = o->channel_type = o->copy_count = OC_NULL;
	o->src_device_id = o->dst_device_id = OC_NULL;
	for (int i = 0; i < 3; i++)
		o->grid[i] = o->block[i] = OC_NULL;
	o->registers = o->static_smem = o->dynamic_smem = OC_NULL;
	o->graph_id = o->graph_node_id = OC_NULL;
}

/* Graph ids are 0 for ops that did not run as graph nodes. */
static void op_graph(struct oc_op_row *o, uint32_t graph_id, uint64_t node_id)
{
	if (graph_id != 0 || node_id != 0) {
		o->graph_id = graph_id;
		o->graph_node_id = (int64_t)node_id;
	}
}

/*
 * The fields every CUPTI device-op record (kernel, memcpy, peer memcpy,
 * memset) shares under the same names, though the record types differ:
 * OP_HEAD fills the row's common columns, OP_TAIL its channel and graph ids
 * and says whether the times are usable.
 */
#define OP_HEAD(o, KIND, r, base) do {				\
	op_clear(o);						\
	(o)->kind = (KIND);					\
	(o)->start_ns = oc_rec_rebase((r)->start, (base));	\
	(o)->end_ns = oc_rec_rebase((r)->end, (base));		\
	(o)->device_id = (r)->deviceId;				\
	(o)->context_id = (r)->contextId;			\
	(o)->stream_id = (r)->streamId;				\
	(o)->correlation_id = (r)->correlationId;		\
} while (0)

#define OP_TAIL(o, r) do {					\
	(o)->channel_id = (r)->channelID;			\
	(o)->channel_type = (r)->channelType;			\
	op_graph((o), (r)->graphId, (r)->graphNodeId);		\
} while (0)

static enum oc_rec_status decode_kernel(const CUpti_ActivityKernel10 *k, uint64_t base,
					struct oc_op_row *o)
{
	OP_HEAD(o, OC_OP_KERNEL, k, base);
	o->name = k->name;
	o->grid[0] = k->gridX; o->grid[1] = k->gridY; o->grid[2] = k->gridZ;
	o->block[0] = k->blockX; o->block[1] = k->blockY; o->block[2] = k->blockZ;
	o->registers = k->registersPerThread;
	o->static_smem = k->staticSharedMemory;
	o->dynamic_smem = k->dynamicSharedMemory;
	OP_TAIL(o, k);
	return bad_interval(k->start, k->end, base) ? OC_REC_INCOMPLETE : OC_REC_OK;
}

static enum oc_rec_status decode_memcpy(const CUpti_ActivityMemcpy6 *m, uint64_t base,
					struct oc_op_row *o)
{
	OP_HEAD(o, OC_OP_MEMCPY, m, base);
	o->bytes = (int64_t)m->bytes;
	o->copy_kind = m->copyKind;
	o->src_kind = m->srcKind;
	o->dst_kind = m->dstKind;
	o->flags = m->flags;
	o->copy_count = (int64_t)m->copyCount;
	OP_TAIL(o, m);
	return bad_interval(m->start, m->end, base) ? OC_REC_INCOMPLETE : OC_REC_OK;
}

static enum oc_rec_status decode_peer(const CUpti_ActivityMemcpyPtoP4 *m, uint64_t base,
				      struct oc_op_row *o)
{
	OP_HEAD(o, OC_OP_MEMCPY_PEER, m, base);
	o->bytes = (int64_t)m->bytes;
	o->copy_kind = m->copyKind;
	o->src_kind = m->srcKind;
	o->dst_kind = m->dstKind;
	o->flags = m->flags;
	o->src_device_id = m->srcDeviceId;
	o->dst_device_id = m->dstDeviceId;
	OP_TAIL(o, m);
	return bad_interval(m->start, m->end, base) ? OC_REC_INCOMPLETE : OC_REC_OK;
}

static enum oc_rec_status decode_memset(const CUpti_ActivityMemset4 *m, uint64_t base,
					struct oc_op_row *o)
{
	OP_HEAD(o, OC_OP_MEMSET, m, base);
	o->bytes = (int64_t)m->bytes;
	o->dst_kind = m->memoryKind;
	o->flags = m->flags;
	OP_TAIL(o, m);
	return bad_interval(m->start, m->end, base) ? OC_REC_INCOMPLETE : OC_REC_OK;
}

static enum oc_rec_status decode_api(const CUpti_ActivityAPI *a, int domain, uint64_t base,
				     struct oc_api_row *r)
{
	memset(r, 0, sizeof *r);
	r->domain = domain;
	r->cbid = a->cbid;
	r->start_ns = oc_rec_rebase(a->start, base);
	r->end_ns = oc_rec_rebase(a->end, base);
	r->tid = a->threadId;
	r->correlation_id = a->correlationId;
	r->return_value = a->returnValue;
	return bad_interval(a->start, a->end, base) ? OC_REC_INCOMPLETE : OC_REC_OK;
}

static enum oc_rec_status decode_sync(const CUpti_ActivitySynchronization2 *s, uint64_t base,
				      struct oc_sync_row *r)
{
	r->type = s->type;
	r->start_ns = oc_rec_rebase(s->start, base);
	r->end_ns = oc_rec_rebase(s->end, base);
	r->context_id = id_or_null(s->contextId);
	r->stream_id = id_or_null(s->streamId);
	r->event_id = id_or_null(s->cudaEventId);
	r->correlation_id = s->correlationId;
	r->return_value = s->returnValue;
	return bad_interval(s->start, s->end, base) ? OC_REC_INCOMPLETE : OC_REC_OK;
}

static void decode_device(const CUpti_ActivityDevice5 *d, struct oc_device_row *r)
{
	memset(r, 0, sizeof *r);
	r->id = d->id;
	r->name = d->name;
	oc_rec_format_uuid((const unsigned char *)d->uuid.bytes, r->uuid, sizeof r->uuid);
	r->cc_major = d->computeCapabilityMajor;
	r->cc_minor = d->computeCapabilityMinor;
	r->sm_count = d->numMultiprocessors;
	r->global_memory_bytes = d->globalMemorySize;
	r->global_memory_bandwidth_kbps = d->globalMemoryBandwidth;
	r->l2_bytes = d->l2CacheSize;
	r->core_clock_khz = d->coreClockRate;
	r->num_memcpy_engines = d->numMemcpyEngines;
	r->max_warps_per_sm = d->maxWarpsPerMultiprocessor;
	r->max_blocks_per_sm = d->maxBlocksPerMultiprocessor;
	r->max_threads_per_block = d->maxThreadsPerBlock;
	r->max_shared_memory_per_sm = d->maxSharedMemoryPerMultiprocessor;
	r->ecc_enabled = d->eccEnabled;
	r->mig = d->isMigEnabled;
	r->gpu_instance_id = d->gpuInstanceId;
	r->compute_instance_id = d->computeInstanceId;
}

static enum oc_rec_status decode_marker(const CUpti_ActivityMarker2 *m, uint64_t base,
					struct oc_marker_row *r)
{
	r->marker_id = m->id;
	r->flags = (uint32_t)m->flags;
	r->ts_ns = rebase_point(m->timestamp, base);
	r->tid = m->objectKind == CUPTI_ACTIVITY_OBJECT_THREAD
		 ? (int64_t)m->objectId.pt.threadId : OC_NULL;
	r->name = (m->flags & CUPTI_ACTIVITY_FLAG_MARKER_END) ? NULL : m->name;
	r->domain = m->domain;
	return m->timestamp == 0 || far(oc_rec_rebase(m->timestamp, base)) ? OC_REC_INCOMPLETE : OC_REC_OK;
}

enum oc_rec_status oc_rec_decode(const CUpti_Activity *rec, uint64_t base, struct oc_rec *out)
{
	memset(out, 0, sizeof *out);
	switch (rec->kind) {
	case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL:
	case CUPTI_ACTIVITY_KIND_KERNEL:
		out->type = OC_REC_OP;
		return decode_kernel((const CUpti_ActivityKernel10 *)rec, base, &out->u.op);
	case CUPTI_ACTIVITY_KIND_MEMCPY:
		out->type = OC_REC_OP;
		return decode_memcpy((const CUpti_ActivityMemcpy6 *)rec, base, &out->u.op);
	case CUPTI_ACTIVITY_KIND_MEMCPY2:
		out->type = OC_REC_OP;
		return decode_peer((const CUpti_ActivityMemcpyPtoP4 *)rec, base, &out->u.op);
	case CUPTI_ACTIVITY_KIND_MEMSET:
		out->type = OC_REC_OP;
		return decode_memset((const CUpti_ActivityMemset4 *)rec, base, &out->u.op);
	case CUPTI_ACTIVITY_KIND_RUNTIME:
		out->type = OC_REC_API;
		return decode_api((const CUpti_ActivityAPI *)rec, OC_API_RUNTIME, base, &out->u.api);
	case CUPTI_ACTIVITY_KIND_DRIVER:
		out->type = OC_REC_API;
		return decode_api((const CUpti_ActivityAPI *)rec, OC_API_DRIVER, base, &out->u.api);
	case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION:
		out->type = OC_REC_SYNC;
		return decode_sync((const CUpti_ActivitySynchronization2 *)rec, base, &out->u.sync);
	case CUPTI_ACTIVITY_KIND_STREAM: {
		const CUpti_ActivityStream *s = (const CUpti_ActivityStream *)rec;

		out->type = OC_REC_STREAM;
		out->u.stream.context_id = s->contextId;
		out->u.stream.stream_id = s->streamId;
		out->u.stream.flag = (int)(s->flag & CUPTI_ACTIVITY_STREAM_CREATE_MASK);
		out->u.stream.priority = s->priority;
		return OC_REC_OK;
	}
	case CUPTI_ACTIVITY_KIND_CONTEXT: {
		const CUpti_ActivityContext3 *c = (const CUpti_ActivityContext3 *)rec;

		out->type = OC_REC_CONTEXT;
		out->u.context.id = c->contextId;
		out->u.context.device_id = c->deviceId;
		out->u.context.null_stream_id = c->nullStreamId;
		return OC_REC_OK;
	}
	case CUPTI_ACTIVITY_KIND_DEVICE:
		out->type = OC_REC_DEVICE;
		decode_device((const CUpti_ActivityDevice5 *)rec, &out->u.device);
		return OC_REC_OK;
	case CUPTI_ACTIVITY_KIND_CUDA_EVENT: {
		const CUpti_ActivityCudaEvent2 *e = (const CUpti_ActivityCudaEvent2 *)rec;

		out->type = OC_REC_EVENT;
		out->u.event.event_id = e->eventId;
		out->u.event.context_id = id_or_null(e->contextId);
		out->u.event.stream_id = id_or_null(e->streamId);
		out->u.event.device_id = id_or_null(e->deviceId);
		out->u.event.correlation_id = e->correlationId;
		out->u.event.device_ts_ns = rebase_point(e->deviceTimestamp, base);
		out->u.event.sync_id = (int64_t)e->cudaEventSyncId;
		return OC_REC_OK;
	}
	case CUPTI_ACTIVITY_KIND_MARKER:
		out->type = OC_REC_MARKER;
		return decode_marker((const CUpti_ActivityMarker2 *)rec, base, &out->u.marker);
	case CUPTI_ACTIVITY_KIND_MARKER_DATA: {
		const CUpti_ActivityMarkerData2 *d = (const CUpti_ActivityMarkerData2 *)rec;

		out->type = OC_REC_MARKER_DATA;
		out->u.marker_data.marker_id = d->id;
		out->u.marker_data.color = (d->flags & CUPTI_ACTIVITY_FLAG_MARKER_COLOR_ARGB)
					   ? (int64_t)d->color : OC_NULL;
		out->u.marker_data.category = d->category;
		return OC_REC_OK;
	}
	case CUPTI_ACTIVITY_KIND_OVERHEAD: {
		const CUpti_ActivityOverhead3 *o = (const CUpti_ActivityOverhead3 *)rec;
		struct oc_overhead_row *r = &out->u.overhead;

		out->type = OC_REC_OVERHEAD;
		r->kind = o->overheadKind;
		r->start_ns = oc_rec_rebase(o->start, base);
		r->end_ns = oc_rec_rebase(o->end, base);
		r->object_kind = o->objectKind;
		if (o->objectKind == CUPTI_ACTIVITY_OBJECT_THREAD ||
		    o->objectKind == CUPTI_ACTIVITY_OBJECT_PROCESS)
			r->object_id = o->objectId.pt.threadId;
		else if (o->objectKind == CUPTI_ACTIVITY_OBJECT_DEVICE ||
			 o->objectKind == CUPTI_ACTIVITY_OBJECT_CONTEXT ||
			 o->objectKind == CUPTI_ACTIVITY_OBJECT_STREAM)
			r->object_id = o->objectId.dcs.deviceId;
		else
			r->object_id = OC_NULL;
		r->correlation_id = o->correlationId;
		return bad_interval(o->start, o->end, base) ? OC_REC_INCOMPLETE : OC_REC_OK;
	}
	default:
		out->type = OC_REC_NONE;
		return OC_REC_SKIP;
	}
}
