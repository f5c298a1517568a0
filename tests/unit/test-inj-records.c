/*
 * test-inj-records.c: decoding of real CUDA 13.0 CUPTI activity structs.
 *
 * Each test fills the struct the way CUPTI does (memset, then the fields a
 * record carries) and checks the row: rebased times, NULL for CUPTI's
 * "not applicable" ids, incomplete records recognised.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "records.h"
#include "overlapcheck/trace.h"

#define BASE 1800000000000000000ull

static void test_kernel(void **state)
{
	CUpti_ActivityKernel10 k;
	struct oc_rec r;

	memset(&k, 0, sizeof k);
	k.kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
	k.start = BASE + 1000;
	k.end = BASE + 5000;
	k.deviceId = 1;
	k.contextId = 7;
	k.streamId = 13;
	k.correlationId = 42;
	k.name = "_Z6kernelPfi";
	k.gridX = 128; k.gridY = 2; k.gridZ = 1;
	k.blockX = 256; k.blockY = 1; k.blockZ = 1;
	k.registersPerThread = 32;
	k.staticSharedMemory = 1024;
	k.dynamicSharedMemory = 4096;
	k.channelID = 5;
	k.channelType = CUPTI_CHANNEL_TYPE_COMPUTE;

	assert_int_equal(oc_rec_decode((CUpti_Activity *)&k, BASE, &r), OC_REC_OK);
	assert_int_equal(r.type, OC_REC_OP);
	assert_int_equal(r.u.op.kind, OC_OP_KERNEL);
	assert_int_equal(r.u.op.start_ns, 1000);
	assert_int_equal(r.u.op.end_ns, 5000);
	assert_int_equal(r.u.op.device_id, 1);
	assert_int_equal(r.u.op.context_id, 7);
	assert_int_equal(r.u.op.stream_id, 13);
	assert_int_equal(r.u.op.correlation_id, 42);
	assert_string_equal(r.u.op.name, "_Z6kernelPfi");
	assert_int_equal(r.u.op.grid[0], 128);
	assert_int_equal(r.u.op.grid[1], 2);
	assert_int_equal(r.u.op.block[0], 256);
	assert_int_equal(r.u.op.registers, 32);
	assert_int_equal(r.u.op.static_smem, 1024);
	assert_int_equal(r.u.op.dynamic_smem, 4096);
	assert_true(r.u.op.bytes == OC_NULL);
	assert_true(r.u.op.copy_kind == OC_NULL);
	/* graph ids 0 mean "not a graph node" */
	assert_true(r.u.op.graph_id == OC_NULL);
	assert_true(r.u.op.graph_node_id == OC_NULL);

	k.graphId = 3;
	k.graphNodeId = 0x100000002ull;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&k, BASE, &r), OC_REC_OK);
	assert_int_equal(r.u.op.graph_id, 3);
	assert_int_equal(r.u.op.graph_node_id, 0x100000002ll);
}

static void test_kernel_incomplete(void **state)
{
	CUpti_ActivityKernel10 k;
	struct oc_rec r;

	memset(&k, 0, sizeof k);
	k.kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
	k.start = BASE + 10;
	k.end = 0;              /* what a forced flush gives for a running kernel */
	k.name = "k";
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&k, BASE, &r), OC_REC_INCOMPLETE);
	assert_int_equal(r.type, OC_REC_OP);

	k.start = 0;
	k.end = BASE + 10;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&k, BASE, &r), OC_REC_INCOMPLETE);

	k.start = BASE + 20;     /* end before start */
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&k, BASE, &r), OC_REC_INCOMPLETE);

	k.start = BASE + 10;     /* zero-length is a valid (touching) interval */
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&k, BASE, &r), OC_REC_OK);

	/* times that are not times (found by tests/fuzz): a rebased end - start would overflow */
	k.start = 1;
	k.end = UINT64_MAX - 5;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&k, BASE, &r), OC_REC_INCOMPLETE);
	k.start = BASE + 10;
	k.end = BASE + ((uint64_t)1 << 61) + 1;   /* 73 years after the start */
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&k, BASE, &r), OC_REC_INCOMPLETE);
	k.end = BASE + ((uint64_t)1 << 61);
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&k, BASE, &r), OC_REC_OK);
	assert_true(r.u.op.end_ns - r.u.op.start_ns > 0);
}

static void test_memcpy(void **state)
{
	CUpti_ActivityMemcpy6 m;
	struct oc_rec r;

	memset(&m, 0, sizeof m);
	m.kind = CUPTI_ACTIVITY_KIND_MEMCPY;
	m.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_HTOD;
	m.srcKind = CUPTI_ACTIVITY_MEMORY_KIND_PINNED;
	m.dstKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
	m.flags = CUPTI_ACTIVITY_FLAG_MEMCPY_ASYNC;
	m.bytes = 8u << 20;
	m.start = BASE + 100;
	m.end = BASE + 200;
	m.deviceId = 0;
	m.contextId = 1;
	m.streamId = 14;
	m.correlationId = 99;
	m.runtimeCorrelationId = 99;
	m.channelID = 2;
	m.channelType = CUPTI_CHANNEL_TYPE_ASYNC_MEMCPY;
	m.copyCount = 1;

	assert_int_equal(oc_rec_decode((CUpti_Activity *)&m, BASE, &r), OC_REC_OK);
	assert_int_equal(r.u.op.kind, OC_OP_MEMCPY);
	assert_int_equal(r.u.op.start_ns, 100);
	assert_int_equal(r.u.op.end_ns, 200);
	assert_int_equal(r.u.op.bytes, 8 << 20);
	assert_int_equal(r.u.op.copy_kind, OC_COPY_HTOD);
	assert_int_equal(r.u.op.src_kind, OC_MEM_PINNED);
	assert_int_equal(r.u.op.dst_kind, OC_MEM_DEVICE);
	assert_int_equal(r.u.op.flags & OC_ASYNC_FLAG, 1);
	assert_int_equal(r.u.op.channel_id, 2);
	assert_int_equal(r.u.op.channel_type, CUPTI_CHANNEL_TYPE_ASYNC_MEMCPY);
	assert_int_equal(r.u.op.copy_count, 1);
	assert_int_equal(r.u.op.stream_id, 14);
	assert_int_equal(r.u.op.correlation_id, 99);
	assert_null(r.u.op.name);
	assert_true(r.u.op.grid[0] == OC_NULL);

	m.srcKind = CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE;
	m.flags = 0;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&m, BASE, &r), OC_REC_OK);
	assert_int_equal(r.u.op.src_kind, OC_MEM_PAGEABLE);
	assert_int_equal(r.u.op.flags, 0);
}

static void test_peer_memcpy(void **state)
{
	CUpti_ActivityMemcpyPtoP4 m;
	struct oc_rec r;

	memset(&m, 0, sizeof m);
	m.kind = CUPTI_ACTIVITY_KIND_MEMCPY2;
	m.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_PTOP;
	m.srcKind = m.dstKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
	m.bytes = 4096;
	m.start = BASE + 1;
	m.end = BASE + 2;
	m.deviceId = 0;
	m.srcDeviceId = 0;
	m.dstDeviceId = 1;
	m.correlationId = 5;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&m, BASE, &r), OC_REC_OK);
	assert_int_equal(r.u.op.kind, OC_OP_MEMCPY_PEER);
	assert_int_equal(r.u.op.copy_kind, OC_COPY_PTOP);
	assert_int_equal(r.u.op.src_device_id, 0);
	assert_int_equal(r.u.op.dst_device_id, 1);
	assert_int_equal(r.u.op.bytes, 4096);
}

static void test_memset(void **state)
{
	CUpti_ActivityMemset4 m;
	struct oc_rec r;

	memset(&m, 0, sizeof m);
	m.kind = CUPTI_ACTIVITY_KIND_MEMSET;
	m.bytes = 1000;
	m.start = BASE + 50;
	m.end = BASE + 60;
	m.streamId = 7;
	m.correlationId = 8;
	m.flags = CUPTI_ACTIVITY_FLAG_MEMSET_ASYNC;
	m.memoryKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&m, BASE, &r), OC_REC_OK);
	assert_int_equal(r.u.op.kind, OC_OP_MEMSET);
	assert_int_equal(r.u.op.dst_kind, OC_MEM_DEVICE);
	assert_true(r.u.op.src_kind == OC_NULL);
	assert_int_equal(r.u.op.flags, 1);
	assert_int_equal(r.u.op.bytes, 1000);
	assert_int_equal(r.u.op.end_ns - r.u.op.start_ns, 10);
}

static void test_api(void **state)
{
	CUpti_ActivityAPI a;
	struct oc_rec r;

	memset(&a, 0, sizeof a);
	a.kind = CUPTI_ACTIVITY_KIND_RUNTIME;
	a.cbid = CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020;
	a.start = BASE + 10;
	a.end = BASE + 30;
	a.processId = 100;
	a.threadId = 4242;
	a.correlationId = 77;
	a.returnValue = 0;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&a, BASE, &r), OC_REC_OK);
	assert_int_equal(r.type, OC_REC_API);
	assert_int_equal(r.u.api.domain, OC_API_RUNTIME);
	assert_int_equal(r.u.api.cbid, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020);
	assert_int_equal(r.u.api.tid, 4242);
	assert_int_equal(r.u.api.correlation_id, 77);
	assert_int_equal(r.u.api.start_ns, 10);
	assert_int_equal(r.u.api.end_ns, 30);

	a.kind = CUPTI_ACTIVITY_KIND_DRIVER;
	a.returnValue = 600;   /* CUDA_ERROR_NOT_READY from a poll */
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&a, BASE, &r), OC_REC_OK);
	assert_int_equal(r.u.api.domain, OC_API_DRIVER);
	assert_int_equal(r.u.api.return_value, 600);
}

static void test_sync(void **state)
{
	CUpti_ActivitySynchronization2 s;
	struct oc_rec r;

	memset(&s, 0, sizeof s);
	s.kind = CUPTI_ACTIVITY_KIND_SYNCHRONIZATION;
	s.type = CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_CONTEXT_SYNCHRONIZE;
	s.start = BASE + 1000;
	s.end = BASE + 9000;
	s.contextId = 1;
	s.streamId = OC_CUPTI_INVALID_ID;
	s.cudaEventId = OC_CUPTI_INVALID_ID;
	s.correlationId = 12;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&s, BASE, &r), OC_REC_OK);
	assert_int_equal(r.type, OC_REC_SYNC);
	assert_int_equal(r.u.sync.type, OC_SYNC_CONTEXT);
	assert_int_equal(r.u.sync.context_id, 1);
	assert_true(r.u.sync.stream_id == OC_NULL);
	assert_true(r.u.sync.event_id == OC_NULL);
	assert_int_equal(r.u.sync.start_ns, 1000);
	assert_int_equal(r.u.sync.end_ns, 9000);

	s.type = CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_WAIT_EVENT;
	s.streamId = 15;
	s.cudaEventId = 3;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&s, BASE, &r), OC_REC_OK);
	assert_int_equal(r.u.sync.type, OC_SYNC_STREAM_WAIT_EVENT);
	assert_int_equal(r.u.sync.stream_id, 15);
	assert_int_equal(r.u.sync.event_id, 3);

	s.end = 0;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&s, BASE, &r), OC_REC_INCOMPLETE);
}

static void test_stream_context(void **state)
{
	CUpti_ActivityStream s;
	CUpti_ActivityContext3 c;
	struct oc_rec r;

	memset(&s, 0, sizeof s);
	s.kind = CUPTI_ACTIVITY_KIND_STREAM;
	s.contextId = 1;
	s.streamId = 20;
	s.priority = 0;
	s.flag = CUPTI_ACTIVITY_STREAM_CREATE_FLAG_NON_BLOCKING;
	s.correlationId = 3;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&s, BASE, &r), OC_REC_OK);
	assert_int_equal(r.type, OC_REC_STREAM);
	assert_int_equal(r.u.stream.flag, 2);
	assert_int_equal(r.u.stream.stream_id, 20);
	/* bits above the mask are not part of the flag */
	s.flag = (CUpti_ActivityStreamFlag)(0x10000 | CUPTI_ACTIVITY_STREAM_CREATE_FLAG_DEFAULT);
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&s, BASE, &r), OC_REC_OK);
	assert_int_equal(r.u.stream.flag, 1);

	memset(&c, 0, sizeof c);
	c.kind = CUPTI_ACTIVITY_KIND_CONTEXT;
	c.contextId = 1;
	c.deviceId = 0;
	c.nullStreamId = 7;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&c, BASE, &r), OC_REC_OK);
	assert_int_equal(r.type, OC_REC_CONTEXT);
	assert_int_equal(r.u.context.id, 1);
	assert_int_equal(r.u.context.null_stream_id, 7);
}

static void test_device(void **state)
{
	CUpti_ActivityDevice5 d;
	struct oc_rec r;

	memset(&d, 0, sizeof d);
	d.kind = CUPTI_ACTIVITY_KIND_DEVICE;
	d.id = 2;
	d.name = "NVIDIA H200";
	d.computeCapabilityMajor = 9;
	d.computeCapabilityMinor = 0;
	d.numMultiprocessors = 132;
	d.globalMemorySize = 150ull << 30;
	d.l2CacheSize = 60u << 20;
	d.numMemcpyEngines = 7;
	d.maxBlocksPerMultiprocessor = 32;
	for (int i = 0; i < 16; i++)
		d.uuid.bytes[i] = (char)(0xa0 + i);
	d.isMigEnabled = 0;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&d, BASE, &r), OC_REC_OK);
	assert_int_equal(r.type, OC_REC_DEVICE);
	assert_int_equal(r.u.device.id, 2);
	assert_string_equal(r.u.device.name, "NVIDIA H200");
	assert_string_equal(r.u.device.uuid, "GPU-a0a1a2a3-a4a5-a6a7-a8a9-aaabacadaeaf");
	assert_int_equal(r.u.device.cc_major, 9);
	assert_int_equal(r.u.device.sm_count, 132);
	assert_true(r.u.device.global_memory_bytes == 150ull << 30);
	assert_int_equal(r.u.device.num_memcpy_engines, 7);
	assert_int_equal(r.u.device.max_blocks_per_sm, 32);
}

static void test_event(void **state)
{
	CUpti_ActivityCudaEvent2 e;
	struct oc_rec r;

	memset(&e, 0, sizeof e);
	e.kind = CUPTI_ACTIVITY_KIND_CUDA_EVENT;
	e.correlationId = 31;
	e.contextId = 1;
	e.streamId = 14;
	e.eventId = 4;
	e.deviceId = 0;
	e.deviceTimestamp = BASE + 777;
	e.cudaEventSyncId = 9;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&e, BASE, &r), OC_REC_OK);
	assert_int_equal(r.type, OC_REC_EVENT);
	assert_int_equal(r.u.event.event_id, 4);
	assert_int_equal(r.u.event.stream_id, 14);
	assert_int_equal(r.u.event.device_ts_ns, 777);
	assert_int_equal(r.u.event.sync_id, 9);

	e.streamId = OC_CUPTI_INVALID_ID;
	e.deviceTimestamp = 0;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&e, BASE, &r), OC_REC_OK);
	assert_true(r.u.event.stream_id == OC_NULL);
	assert_int_equal(r.u.event.device_ts_ns, 0);
}

static void test_markers(void **state)
{
	CUpti_ActivityMarker2 m;
	CUpti_ActivityMarkerData2 d;
	struct oc_rec r;

	memset(&m, 0, sizeof m);
	m.kind = CUPTI_ACTIVITY_KIND_MARKER;
	m.flags = CUPTI_ACTIVITY_FLAG_MARKER_START;
	m.timestamp = BASE + 5;
	m.id = 11;
	m.objectKind = CUPTI_ACTIVITY_OBJECT_THREAD;
	m.objectId.pt.processId = 100;
	m.objectId.pt.threadId = 4243;
	m.name = "chunk 3";
	m.domain = NULL;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&m, BASE, &r), OC_REC_OK);
	assert_int_equal(r.type, OC_REC_MARKER);
	assert_int_equal(r.u.marker.marker_id, 11);
	assert_int_equal(r.u.marker.flags, 2);
	assert_int_equal(r.u.marker.ts_ns, 5);
	assert_int_equal(r.u.marker.tid, 4243);
	assert_string_equal(r.u.marker.name, "chunk 3");
	assert_null(r.u.marker.domain);

	/* The end record carries the id; its name is not a name. */
	m.flags = CUPTI_ACTIVITY_FLAG_MARKER_END;
	m.timestamp = BASE + 50;
	m.name = "";
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&m, BASE, &r), OC_REC_OK);
	assert_null(r.u.marker.name);
	assert_int_equal(r.u.marker.flags, 4);

	m.objectKind = CUPTI_ACTIVITY_OBJECT_PROCESS;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&m, BASE, &r), OC_REC_OK);
	assert_true(r.u.marker.tid == OC_NULL);

	memset(&d, 0, sizeof d);
	d.kind = CUPTI_ACTIVITY_KIND_MARKER_DATA;
	d.flags = CUPTI_ACTIVITY_FLAG_MARKER_COLOR_ARGB;
	d.id = 11;
	d.color = 0xff00ff00u;
	d.category = 3;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&d, BASE, &r), OC_REC_OK);
	assert_int_equal(r.type, OC_REC_MARKER_DATA);
	assert_int_equal(r.u.marker_data.marker_id, 11);
	assert_true(r.u.marker_data.color == 0xff00ff00ll);
	assert_int_equal(r.u.marker_data.category, 3);
	d.flags = CUPTI_ACTIVITY_FLAG_MARKER_COLOR_NONE;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&d, BASE, &r), OC_REC_OK);
	assert_true(r.u.marker_data.color == OC_NULL);
}

static void test_overhead(void **state)
{
	CUpti_ActivityOverhead3 o;
	struct oc_rec r;

	memset(&o, 0, sizeof o);
	o.kind = CUPTI_ACTIVITY_KIND_OVERHEAD;
	o.overheadKind = CUPTI_ACTIVITY_OVERHEAD_LAZY_FUNCTION_LOADING;
	o.objectKind = CUPTI_ACTIVITY_OBJECT_THREAD;
	o.objectId.pt.threadId = 555;
	o.start = BASE + 3;
	o.end = BASE + 4003;
	o.correlationId = 6;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&o, BASE, &r), OC_REC_OK);
	assert_int_equal(r.type, OC_REC_OVERHEAD);
	assert_int_equal(r.u.overhead.kind, CUPTI_ACTIVITY_OVERHEAD_LAZY_FUNCTION_LOADING);
	assert_int_equal(r.u.overhead.object_id, 555);
	assert_int_equal(r.u.overhead.end_ns - r.u.overhead.start_ns, 4000);

	o.objectKind = CUPTI_ACTIVITY_OBJECT_DEVICE;
	o.objectId.dcs.deviceId = 1;
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&o, BASE, &r), OC_REC_OK);
	assert_int_equal(r.u.overhead.object_id, 1);
}

static void test_skip_and_rebase(void **state)
{
	CUpti_ActivityAPI a;
	struct oc_rec r;

	memset(&a, 0, sizeof a);
	a.kind = CUPTI_ACTIVITY_KIND_NAME;   /* not stored */
	assert_int_equal(oc_rec_decode((CUpti_Activity *)&a, BASE, &r), OC_REC_SKIP);
	assert_int_equal(r.type, OC_REC_NONE);

	/* Before the trace start: negative, exact. */
	assert_int_equal(oc_rec_rebase(BASE - 123, BASE), -123);
	assert_int_equal(oc_rec_rebase(0, BASE), 0);
	/* Absolute times far from 2^53 stay exact after rebasing. */
	assert_int_equal(oc_rec_rebase(BASE + 86400000000000ull + 1, BASE), 86400000000001ll);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kernel),
		cmocka_unit_test(test_kernel_incomplete),
		cmocka_unit_test(test_memcpy),
		cmocka_unit_test(test_peer_memcpy),
		cmocka_unit_test(test_memset),
		cmocka_unit_test(test_api),
		cmocka_unit_test(test_sync),
		cmocka_unit_test(test_stream_context),
		cmocka_unit_test(test_device),
		cmocka_unit_test(test_event),
		cmocka_unit_test(test_markers),
		cmocka_unit_test(test_overhead),
		cmocka_unit_test(test_skip_and_rebase),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
