/*
 * test-inj-apiargs.c: stream-handle classification and argument extraction
 * from the generated CUDA 13.0 parameter structs the API callbacks receive.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "apiargs.h"
#include "overlapcheck/trace.h"

#define RT CUPTI_CB_DOMAIN_RUNTIME_API
#define DRV CUPTI_CB_DOMAIN_DRIVER_API
#define H(x) ((int64_t)(uintptr_t)(x))

static void test_classify(void **state)
{
	/* docs/method.md: 0 legacy unless _ptsz/_ptds; 0x1 legacy; 0x2 per-thread; else explicit */
	assert_int_equal(oc_args_classify(0, 0), OC_HANDLE_LEGACY);
	assert_int_equal(oc_args_classify(0, 1), OC_HANDLE_PER_THREAD);
	assert_int_equal(oc_args_classify(0x1, 0), OC_HANDLE_LEGACY);
	assert_int_equal(oc_args_classify(0x1, 1), OC_HANDLE_LEGACY);
	assert_int_equal(oc_args_classify(0x2, 0), OC_HANDLE_PER_THREAD);
	assert_int_equal(oc_args_classify(0x2, 1), OC_HANDLE_PER_THREAD);
	assert_int_equal(oc_args_classify(0x55d0c0a01230ull, 0), OC_HANDLE_EXPLICIT);
	assert_int_equal(oc_args_classify(0x55d0c0a01230ull, 1), OC_HANDLE_EXPLICIT);
}

/* Every enabled id is classified _ptsz exactly when CUPTI's name says so. */
static void test_ptsz_matches_names(void **state)
{
	CUpti_CallbackDomain doms[] = { RT, DRV };

	for (int d = 0; d < 2; d++) {
		size_t n = 0;
		const CUpti_CallbackId *ids = oc_args_cbids(doms[d], &n);

		assert_true(n > 20);
		for (size_t i = 0; i < n; i++) {
			const char *name = NULL;

			assert_int_equal(cuptiGetCallbackName(doms[d], ids[i], &name), CUPTI_SUCCESS);
			assert_non_null(name);
			int named = strstr(name, "_ptsz") || strstr(name, "_ptds");
			if (named != oc_args_is_ptsz(doms[d], ids[i]))
				fail_msg("%s: is_ptsz %d", name, oc_args_is_ptsz(doms[d], ids[i]));
		}
	}
}

/* Every enabled id is extracted, even from all-zero parameters (NULL pointers). */
static void test_every_id_extracts(void **state)
{
	CUpti_CallbackDomain doms[] = { RT, DRV };
	union { char b[512]; void *align; } zero;

	memset(&zero, 0, sizeof zero);
	for (int d = 0; d < 2; d++) {
		size_t n = 0;
		const CUpti_CallbackId *ids = oc_args_cbids(doms[d], &n);

		for (size_t i = 0; i < n; i++) {
			struct oc_args_row row;
			void *const *sp = NULL;
			const char *name = NULL;

			cuptiGetCallbackName(doms[d], ids[i], &name);
			if (oc_args_extract(doms[d], ids[i], zero.b, &row, &sp) == OC_CB_NONE)
				fail_msg("%s is enabled but not extracted", name);
			assert_int_equal(row.cbid, ids[i]);
			assert_int_equal(row.domain, d == 0 ? OC_API_RUNTIME : OC_API_DRIVER);
		}
	}
	/* an id outside the table is not handled */
	struct oc_args_row row;
	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020, zero.b,
					 &row, NULL), OC_CB_NONE);
}

static void test_memcpy_async(void **state)
{
	char host[16], dev[16];
	cudaStream_t s = (cudaStream_t)(uintptr_t)0x7f0012345600ull;
	cudaMemcpyAsync_v3020_params p = { dev, host, 4096, cudaMemcpyHostToDevice, s };
	struct oc_args_row row;

	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020, &p,
					 &row, NULL), OC_CB_COPY);
	assert_int_equal(row.stream_handle, H(s));
	assert_int_equal(row.handle_kind, OC_HANDLE_EXPLICIT);
	assert_int_equal(row.host_ptr, H(host));
	assert_int_equal(row.bytes, 4096);
	assert_int_equal(row.ptsz, 0);

	p.kind = cudaMemcpyDeviceToHost;
	p.dst = host;
	p.src = dev;
	p.stream = 0;
	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_ptsz_v7000, &p,
					 &row, NULL), OC_CB_COPY);
	assert_int_equal(row.host_ptr, H(host));
	assert_int_equal(row.stream_handle, 0);
	assert_int_equal(row.handle_kind, OC_HANDLE_PER_THREAD);
	assert_int_equal(row.ptsz, 1);

	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020, &p,
					 &row, NULL), OC_CB_COPY);
	assert_int_equal(row.handle_kind, OC_HANDLE_LEGACY);

	/* device to device: no host side */
	p.kind = cudaMemcpyDeviceToDevice;
	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020, &p,
					 &row, NULL), OC_CB_COPY);
	assert_true(row.host_ptr == OC_ARG_NONE);
}

/* Both ends of copies and memsets, with the bytes touched at each (docs/hazards.md). */
static void test_memory_ends(void **state)
{
	char host[16], dev[16];
	cudaMemcpyAsync_v3020_params p = { dev, host, 4096, cudaMemcpyHostToDevice, 0 };
	cudaMemcpy2DAsync_v3020_params p2 = { dev, 512, host, 256, 100, 10, cudaMemcpyHostToDevice, 0 };
	cudaMemsetAsync_v3020_params m = { dev, 0, 64, 0 };
	cuMemcpyDtoHAsync_v2_params d = { host, (CUdeviceptr)0x7f00aa000000ull, 128, 0 };
	cuMemsetD32Async_params d32 = { (CUdeviceptr)0x7f00bb000000ull, 0, 10, 0 };
	struct oc_args_row row;

	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020, &p,
					 &row, NULL), OC_CB_COPY);
	assert_int_equal(row.dst_ptr, H(dev));
	assert_int_equal(row.src_ptr, H(host));
	assert_int_equal(row.dst_span, 4096);
	assert_int_equal(row.src_span, 4096);

	/* 2D: pitch * (height - 1) + width at each end, by its own pitch */
	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy2DAsync_v3020, &p2,
					 &row, NULL), OC_CB_COPY);
	assert_int_equal(row.dst_span, 512 * 9 + 100);
	assert_int_equal(row.src_span, 256 * 9 + 100);
	assert_int_equal(row.bytes, 1000);

	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaMemsetAsync_v3020, &m,
					 &row, NULL), OC_CB_MEMSET);
	assert_int_equal(row.dst_ptr, H(dev));
	assert_int_equal(row.dst_span, 64);
	assert_true(row.src_ptr == OC_ARG_NONE);

	assert_int_equal(oc_args_extract(DRV, CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoHAsync_v2, &d,
					 &row, NULL), OC_CB_COPY);
	assert_int_equal(row.dst_ptr, H(host));
	assert_int_equal(row.src_ptr, 0x7f00aa000000ll);
	assert_int_equal(oc_args_extract(DRV, CUPTI_DRIVER_TRACE_CBID_cuMemsetD32Async, &d32,
					 &row, NULL), OC_CB_MEMSET);
	assert_int_equal(row.dst_ptr, 0x7f00bb000000ll);
	assert_int_equal(row.dst_span, 40);
}

/* Allocations give where their pointer will be; frees their address and stream. */
static void test_allocs(void **state)
{
	void *devp = NULL;
	size_t pitch = 0;
	cudaStream_t s = (cudaStream_t)(uintptr_t)0x7f0012345600ull;
	cudaMalloc_v3020_params ma = { &devp, 1 << 20 };
	cudaMallocPitch_v3020_params mp = { &devp, &pitch, 1000, 30 };
	cudaMallocAsync_v11020_params mas = { &devp, 4096, s };
	cudaHostRegister_v4000_params hr = { (void *)0x7f00cc000000ull, 8192, 0 };
	cudaFreeAsync_v11020_params fa = { (void *)0x7f00dd000000ull, s };
	cuMemAlloc_v2_params cm = { (CUdeviceptr *)&devp, 256 };
	struct oc_args_row row;
	void *const *sp = NULL;

	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaMalloc_v3020, &ma, &row, &sp),
			 OC_CB_ALLOC);
	assert_ptr_equal(sp, (void *const *)&devp);
	assert_int_equal(row.bytes, 1 << 20);
	assert_int_equal(row.alloc_kind, OC_ALLOC_DEVICE);

	/* pitched: until the exit site, host_ptr is where the pitch goes and bytes the height */
	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaMallocPitch_v3020, &mp, &row, &sp),
			 OC_CB_ALLOC);
	assert_int_equal(row.pitched, 1);
	assert_int_equal(row.host_ptr, H(&pitch));
	assert_int_equal(row.bytes, 30);

	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_v11020, &mas, &row, &sp),
			 OC_CB_ALLOC);
	assert_int_equal(row.alloc_kind, OC_ALLOC_ASYNC);
	assert_int_equal(row.stream_handle, H(s));
	assert_int_equal(row.handle_kind, OC_HANDLE_EXPLICIT);

	sp = (void *const *)&devp;
	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaHostRegister_v4000, &hr, &row, &sp),
			 OC_CB_ALLOC);
	assert_null(sp);
	assert_int_equal(row.dst_ptr, 0x7f00cc000000ll);
	assert_int_equal(row.alloc_kind, OC_ALLOC_REGISTERED);

	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaFreeAsync_v11020, &fa, &row, &sp),
			 OC_CB_FREE);
	assert_int_equal(row.dst_ptr, 0x7f00dd000000ll);
	assert_int_equal(row.stream_handle, H(s));
	assert_int_equal(row.alloc_kind, OC_ALLOC_ASYNC);

	assert_int_equal(oc_args_extract(DRV, CUPTI_DRIVER_TRACE_CBID_cuMemAlloc_v2, &cm, &row, &sp),
			 OC_CB_ALLOC);
	assert_ptr_equal(sp, (void *const *)&devp);
	assert_int_equal(row.bytes, 256);
}

static void test_launches(void **state)
{
	cudaLaunchKernel_v7000_params p;
	cuLaunchKernel_params d;
	cudaLaunchConfig_t cfg;
	cudaLaunchKernelExC_v11060_params ex = { &cfg, NULL, NULL };
	struct oc_args_row row;

	memset(&p, 0, sizeof p);
	p.stream = 0;
	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, &p,
					 &row, NULL), OC_CB_LAUNCH);
	assert_int_equal(row.handle_kind, OC_HANDLE_LEGACY);
	/* CUDA 13's <<<>>> entry point, same layout */
	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000,
					 &p, &row, NULL), OC_CB_LAUNCH);
	assert_int_equal(row.handle_kind, OC_HANDLE_PER_THREAD);
	p.stream = (cudaStream_t)(uintptr_t)0x2;
	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000,
					 &p, &row, NULL), OC_CB_LAUNCH);
	assert_int_equal(row.handle_kind, OC_HANDLE_PER_THREAD);
	assert_int_equal(row.stream_handle, 2);

	memset(&cfg, 0, sizeof cfg);
	cfg.stream = (cudaStream_t)(uintptr_t)0xabc000;
	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060,
					 &ex, &row, NULL), OC_CB_LAUNCH);
	assert_int_equal(row.stream_handle, 0xabc000);
	assert_int_equal(row.handle_kind, OC_HANDLE_EXPLICIT);

	memset(&d, 0, sizeof d);
	d.hStream = NULL;
	assert_int_equal(oc_args_extract(DRV, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz, &d,
					 &row, NULL), OC_CB_LAUNCH);
	assert_int_equal(row.handle_kind, OC_HANDLE_PER_THREAD);
	assert_int_equal(row.domain, OC_API_DRIVER);
	assert_int_equal(oc_args_extract(DRV, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, &d,
					 &row, NULL), OC_CB_LAUNCH);
	assert_int_equal(row.handle_kind, OC_HANDLE_LEGACY);
}

static void test_sync_copy_and_memset(void **state)
{
	char host[8];
	cudaMemcpy_v3020_params c = { NULL, host, 100, cudaMemcpyHostToDevice };
	cudaMemset2DAsync_v3020_params m = { NULL, 512, 0, 100, 10, (cudaStream_t)(uintptr_t)0x9000 };
	cuMemsetD32Async_params d32 = { 0, 0, 25, NULL };
	cuMemcpyDtoHAsync_v2_params dtoh = { host, 0, 64, (CUstream)(uintptr_t)0x1 };
	struct oc_args_row row;

	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_ptds_v7000, &c,
					 &row, NULL), OC_CB_COPY);
	assert_int_equal(row.handle_kind, OC_HANDLE_PER_THREAD);
	assert_int_equal(row.host_ptr, H(host));
	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020, &c,
					 &row, NULL), OC_CB_COPY);
	assert_int_equal(row.handle_kind, OC_HANDLE_LEGACY);

	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaMemset2DAsync_v3020, &m,
					 &row, NULL), OC_CB_MEMSET);
	assert_int_equal(row.bytes, 1000);
	assert_int_equal(row.handle_kind, OC_HANDLE_EXPLICIT);

	assert_int_equal(oc_args_extract(DRV, CUPTI_DRIVER_TRACE_CBID_cuMemsetD32Async, &d32,
					 &row, NULL), OC_CB_MEMSET);
	assert_int_equal(row.bytes, 100);

	assert_int_equal(oc_args_extract(DRV, CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoHAsync_v2, &dtoh,
					 &row, NULL), OC_CB_COPY);
	assert_int_equal(row.host_ptr, H(host));
	assert_int_equal(row.handle_kind, OC_HANDLE_LEGACY);   /* CU_STREAM_LEGACY */
}

static void test_streams_and_events(void **state)
{
	cudaStream_t made = NULL;
	cudaStreamCreateWithPriority_v5050_params cp = { &made, cudaStreamNonBlocking, -1 };
	cudaEvent_t ev = (cudaEvent_t)(uintptr_t)0xe0e0;
	cudaStreamWaitEvent_v3020_params w = { (cudaStream_t)(uintptr_t)0x5000, ev, 0 };
	cudaEventRecord_v3020_params er = { ev, 0 };
	cudaGraphLaunch_v10000_params g = { NULL, (cudaStream_t)(uintptr_t)0x5000 };
	struct oc_args_row row;
	void *const *sp = NULL;

	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaStreamCreateWithPriority_v5050,
					 &cp, &row, &sp), OC_CB_STREAM_CREATE);
	assert_ptr_equal(sp, (void *const *)&made);
	assert_int_equal(row.flags, cudaStreamNonBlocking);
	assert_int_equal(row.priority, -1);
	assert_true(row.stream_handle == OC_ARG_NONE);   /* known only at the exit site */

	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaStreamWaitEvent_v3020,
					 &w, &row, &sp), OC_CB_STREAM_WAIT);
	assert_null(sp);
	assert_int_equal(row.event_handle, 0xe0e0);
	assert_int_equal(row.stream_handle, 0x5000);

	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaEventRecord_ptsz_v7000,
					 &er, &row, &sp), OC_CB_EVENT_RECORD);
	assert_int_equal(row.event_handle, 0xe0e0);
	assert_int_equal(row.handle_kind, OC_HANDLE_PER_THREAD);

	assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaGraphLaunch_v10000,
					 &g, &row, &sp), OC_CB_GRAPH_LAUNCH);
	assert_int_equal(row.handle_kind, OC_HANDLE_EXPLICIT);

	/* an event sync names its event (the hazard pass without CUDA_EVENT records);
	 * the other explicit syncs name nothing */
	{
		cudaEventSynchronize_v3020_params es = { ev };
		cuEventSynchronize_params des = { (CUevent)(uintptr_t)0xe1e1 };
		cudaStreamSynchronize_v3020_params ss = { (cudaStream_t)(uintptr_t)0x5000 };

		assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaEventSynchronize_v3020,
						 &es, &row, &sp), OC_CB_EVENT_SYNC);
		assert_int_equal(row.event_handle, 0xe0e0);
		assert_int_equal(oc_args_extract(CUPTI_CB_DOMAIN_DRIVER_API,
						 CUPTI_DRIVER_TRACE_CBID_cuEventSynchronize,
						 &des, &row, &sp), OC_CB_EVENT_SYNC);
		assert_int_equal(row.event_handle, 0xe1e1);
		{
			cudaEventQuery_v3020_params q = { ev };
			cuEventQuery_params dq = { (CUevent)(uintptr_t)0xe2e2 };

			assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaEventQuery_v3020,
							 &q, &row, &sp), OC_CB_EVENT_SYNC);
			assert_int_equal(row.event_handle, 0xe0e0);
			assert_int_equal(oc_args_extract(CUPTI_CB_DOMAIN_DRIVER_API,
							 CUPTI_DRIVER_TRACE_CBID_cuEventQuery,
							 &dq, &row, &sp), OC_CB_EVENT_SYNC);
			assert_int_equal(row.event_handle, 0xe2e2);
		}
		assert_int_equal(oc_args_extract(RT, CUPTI_RUNTIME_TRACE_CBID_cudaStreamSynchronize_v3020,
						 &ss, &row, &sp), OC_CB_SYNC);
		assert_true(row.event_handle == OC_ARG_NONE);
	}
}

/*
 * The queries (apiargs.c): real CUPTI ids with names, none of them an id
 * whose arguments are read (a call is one or the other), within OC_QUERY_MAX.
 */
static void test_queries(void **state)
{
	CUpti_CallbackDomain doms[] = { RT, DRV };
	size_t total = 0;

	for (int d = 0; d < 2; d++) {
		size_t n = 0, m = 0;
		const CUpti_CallbackId *q = oc_args_query_cbids(doms[d], &n);
		const CUpti_CallbackId *ids = oc_args_cbids(doms[d], &m);

		assert_true(n > 10);
		total += n;
		for (size_t i = 0; i < n; i++) {
			const char *name = NULL;

			assert_int_equal(cuptiGetCallbackName(doms[d], q[i], &name), CUPTI_SUCCESS);
			assert_non_null(name);
			for (size_t j = 0; j < m; j++)
				if (ids[j] == q[i])
					fail_msg("%s is a query and an enabled call", name);
			for (size_t j = 0; j < i; j++)
				if (q[j] == q[i])
					fail_msg("%s is listed twice", name);
		}
	}
	assert_true(total <= OC_QUERY_MAX);
	assert_int_equal(oc_args_query_cbids(CUPTI_CB_DOMAIN_NVTX, &total), NULL);
}

/* --print-queries: "DOMAIN CBID NAME" per query (1 runtime, 2 driver), for tests/cli. */
static int print_queries(void)
{
	CUpti_CallbackDomain doms[] = { RT, DRV };

	for (int d = 0; d < 2; d++) {
		size_t n = 0;
		const CUpti_CallbackId *q = oc_args_query_cbids(doms[d], &n);

		for (size_t i = 0; i < n; i++) {
			const char *name = NULL;

			cuptiGetCallbackName(doms[d], q[i], &name);
			printf("%d %u %s\n", d + 1, (unsigned)q[i], name ? name : "?");
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--print-queries"))
		return print_queries();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_queries),
		cmocka_unit_test(test_classify),
		cmocka_unit_test(test_ptsz_matches_names),
		cmocka_unit_test(test_every_id_extracts),
		cmocka_unit_test(test_memcpy_async),
		cmocka_unit_test(test_launches),
		cmocka_unit_test(test_memory_ends),
		cmocka_unit_test(test_allocs),
		cmocka_unit_test(test_sync_copy_and_memset),
		cmocka_unit_test(test_streams_and_events),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
