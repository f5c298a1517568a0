/*
 * seed-records.c: the seeds of the records and writer targets, in their
 * input format (cupti-input.h), from the records a traced pipeline gives:
 * one of every kind, a launch sequence with its runtime and driver calls and
 * argument rows, and the edge cases the decoder must take (zero and reversed
 * times, CUPTI's 0xFFFFFFFF ids). tests/fuzz/make-seeds.sh builds and runs it:
 *   seed-records DIR_RECORDS DIR_WRITER
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apiargs.h"
#include "cupti-input.h"
#include "overlapcheck/codes.h"

#define BASE 1800000000000000000ull

static uint8_t out[1 << 16];
static size_t len;

static void put(CUpti_ActivityKind kind, uint8_t ssel, const void *rec, size_t size)
{
	size_t k;

	for (k = 0; k < FZ_N_KINDS && fz_kinds[k].kind != kind; k++)
		;
	out[len++] = (uint8_t)k;
	out[len++] = ssel;
	memcpy(out + len, rec, size);
	len += size;
}

static void kernel(uint64_t s, uint64_t e, uint32_t stream, uint32_t corr, uint8_t name)
{
	CUpti_ActivityKernel10 k;

	memset(&k, 0, sizeof k);
	k.start = s ? BASE + s : 0;
	k.end = e ? BASE + e : 0;
	k.contextId = 1;
	k.streamId = stream;
	k.correlationId = corr;
	k.gridX = 4096; k.gridY = k.gridZ = 1;
	k.blockX = 256; k.blockY = k.blockZ = 1;
	k.registersPerThread = 32;
	k.channelID = 3;
	k.channelType = 1;
	put(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, name, &k, sizeof k);
}

static void copy(uint64_t s, uint64_t e, uint32_t stream, uint32_t corr, int kind)
{
	CUpti_ActivityMemcpy6 m;

	memset(&m, 0, sizeof m);
	m.copyKind = (uint8_t)kind;
	m.srcKind = kind == CUPTI_ACTIVITY_MEMCPY_KIND_HTOD ? CUPTI_ACTIVITY_MEMORY_KIND_PINNED
							     : CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
	m.dstKind = kind == CUPTI_ACTIVITY_MEMCPY_KIND_HTOD ? CUPTI_ACTIVITY_MEMORY_KIND_DEVICE
							     : CUPTI_ACTIVITY_MEMORY_KIND_PINNED;
	m.flags = CUPTI_ACTIVITY_FLAG_MEMCPY_ASYNC;
	m.bytes = 4 << 20;
	m.start = BASE + s;
	m.end = BASE + e;
	m.contextId = 1;
	m.streamId = stream;
	m.correlationId = corr;
	m.copyCount = 1;
	put(CUPTI_ACTIVITY_KIND_MEMCPY, 0, &m, sizeof m);
}

static void api(CUpti_ActivityKind kind, uint32_t cbid, uint64_t s, uint64_t e, uint32_t corr)
{
	CUpti_ActivityAPI a;

	memset(&a, 0, sizeof a);
	a.cbid = cbid;
	a.start = BASE + s;
	a.end = BASE + e;
	a.processId = a.threadId = 4242;
	a.correlationId = corr;
	put(kind, 0, &a, sizeof a);
}

static void setup(void)
{
	CUpti_ActivityContext3 c;
	CUpti_ActivityDevice5 d;
	CUpti_ActivityStream st;

	memset(&c, 0, sizeof c);
	c.contextId = 1;
	c.nullStreamId = 7;
	put(CUPTI_ACTIVITY_KIND_CONTEXT, 0, &c, sizeof c);
	memset(&d, 0, sizeof d);
	d.computeCapabilityMajor = 9;
	d.numMultiprocessors = 132;
	d.numMemcpyEngines = 7;
	d.globalMemorySize = 143771566080ull;
	put(CUPTI_ACTIVITY_KIND_DEVICE, 3, &d, sizeof d);
	memset(&st, 0, sizeof st);
	st.contextId = 1;
	st.streamId = 13;
	st.flag = CUPTI_ACTIVITY_STREAM_CREATE_FLAG_NON_BLOCKING;
	put(CUPTI_ACTIVITY_KIND_STREAM, 0, &st, sizeof st);
}

static void others(void)
{
	CUpti_ActivityMemcpyPtoP4 pp;
	CUpti_ActivityMemset4 ms;
	CUpti_ActivitySynchronization2 sy;
	CUpti_ActivityCudaEvent2 ev;
	CUpti_ActivityMarker2 mk;
	CUpti_ActivityMarkerData2 md;
	CUpti_ActivityOverhead3 oh;

	memset(&pp, 0, sizeof pp);
	pp.bytes = 1 << 20; pp.start = BASE + 100; pp.end = BASE + 900;
	pp.srcDeviceId = 0; pp.dstDeviceId = 1; pp.contextId = 1; pp.streamId = 13; pp.correlationId = 30;
	put(CUPTI_ACTIVITY_KIND_MEMCPY2, 0, &pp, sizeof pp);
	memset(&ms, 0, sizeof ms);
	ms.bytes = 4096; ms.start = BASE + 1000; ms.end = BASE + 1100; ms.contextId = 1; ms.streamId = 7;
	ms.correlationId = 31;
	put(CUPTI_ACTIVITY_KIND_MEMSET, 0, &ms, sizeof ms);
	memset(&sy, 0, sizeof sy);
	sy.type = CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_SYNCHRONIZE;
	sy.start = BASE + 1200; sy.end = BASE + 5000; sy.contextId = 1; sy.streamId = 13;
	sy.cudaEventId = 0xFFFFFFFFu; sy.correlationId = 32;
	put(CUPTI_ACTIVITY_KIND_SYNCHRONIZATION, 0, &sy, sizeof sy);
	memset(&ev, 0, sizeof ev);
	ev.eventId = 5; ev.contextId = 1; ev.streamId = 13; ev.correlationId = 33; ev.deviceTimestamp = BASE + 4000;
	put(CUPTI_ACTIVITY_KIND_CUDA_EVENT, 0, &ev, sizeof ev);
	memset(&mk, 0, sizeof mk);
	mk.flags = CUPTI_ACTIVITY_FLAG_MARKER_START; mk.timestamp = BASE + 50; mk.id = 1;
	mk.objectKind = CUPTI_ACTIVITY_OBJECT_THREAD; mk.objectId.pt.threadId = 4242;
	put(CUPTI_ACTIVITY_KIND_MARKER, 1, &mk, sizeof mk);
	mk.flags = CUPTI_ACTIVITY_FLAG_MARKER_END; mk.timestamp = BASE + 6000;
	put(CUPTI_ACTIVITY_KIND_MARKER, 0, &mk, sizeof mk);
	memset(&md, 0, sizeof md);
	md.id = 1; md.flags = CUPTI_ACTIVITY_FLAG_MARKER_COLOR_ARGB; md.color = 0xff00ff00u;
	put(CUPTI_ACTIVITY_KIND_MARKER_DATA, 0, &md, sizeof md);
	memset(&oh, 0, sizeof oh);
	oh.overheadKind = CUPTI_ACTIVITY_OVERHEAD_CUPTI_BUFFER_FLUSH; oh.start = BASE + 10; oh.end = BASE + 20;
	oh.objectKind = CUPTI_ACTIVITY_OBJECT_THREAD;
	put(CUPTI_ACTIVITY_KIND_OVERHEAD, 0, &oh, sizeof oh);
}

static void save(const char *dir, const char *name, const void *head, size_t hlen)
{
	char path[1024];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (!(f = fopen(path, "wb")) || fwrite(head, 1, hlen, f) != hlen || fwrite(out, 1, len, f) != len) {
		fprintf(stderr, "seed-records: cannot write '%s'\n", path);
		exit(1);
	}
	fclose(f);
}

/* The writer's inputs start with a count of argument rows and the rows. */
static void save_both(const char *rdir, const char *wdir, const char *name, int nrows)
{
	struct { uint8_t n; struct oc_args_row r[7]; } __attribute__((packed)) h;

	memset(&h, 0, sizeof h);
	h.n = (uint8_t)nrows;
	for (int i = 0; i < nrows && i < 7; i++) {
		h.r[i].correlation_id = 10 + 2 * (uint32_t)i;
		h.r[i].cbid = CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000;
		h.r[i].tid = 4242;
		h.r[i].domain = OC_API_RUNTIME;
		h.r[i].handle_kind = OC_HANDLE_EXPLICIT;
		h.r[i].cls = i == 6 ? OC_CB_STREAM_CREATE : OC_CB_LAUNCH;
		h.r[i].context_id = 1;
		h.r[i].stream_handle = 0x7f0000005000;
		h.r[i].stream_id = 13;
		h.r[i].host_ptr = h.r[i].bytes = h.r[i].event_handle = OC_ARG_NONE;
		h.r[i].flags = i == 6 ? 1 : OC_ARG_NONE;
		h.r[i].priority = OC_ARG_NONE;
	}
	save(rdir, name, NULL, 0);
	save(wdir, name, &h, 1 + (size_t)nrows * sizeof h.r[0]);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: seed-records DIR_RECORDS DIR_WRITER\n");
		return 2;
	}
	len = 0;
	setup();
	others();
	kernel(1000, 5000, 13, 10, 1);
	save_both(argv[1], argv[2], "every-kind", 1);

	len = 0;
	setup();
	for (uint32_t i = 0; i < 7; i++) {
		uint64_t t = 10000 + i * 3000;

		api(CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, t, t + 400,
		    10 + 2 * i);
		api(CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, t + 50, t + 350,
		    10 + 2 * i);
		copy(t + 500, t + 1300, 14, 11 + 2 * i, CUPTI_ACTIVITY_MEMCPY_KIND_HTOD);
		kernel(t + 600, t + 2600, 13, 10 + 2 * i, (uint8_t)(i % 3 + 1));
	}
	save_both(argv[1], argv[2], "pipeline", 7);

	len = 0;
	setup();
	kernel(9500, 0, 13, 40, 1);                  /* still running: incomplete */
	kernel(0, 5, 13, 41, 0);                     /* no start */
	kernel(9000, 8000, 13, 42, 2);               /* ends before it starts */
	kernel(1, 1, 0xFFFFFFFFu, 0xFFFFFFFFu, 200); /* a name from the input */
	out[len++] = 'x';
	api(CUPTI_ACTIVITY_KIND_RUNTIME, 0xFFFFFFFFu, 100, 50, 0);
	save_both(argv[1], argv[2], "edges", 2);
	return 0;
}
