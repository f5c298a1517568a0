/*
 * test-nccl.c: NCCL kernel names (src/util/nccl.c), as the NCCL sources
 * generate them (docs/nccl.md: v2.18.6-1, v2.19.3-1, v2.27.3-1, v2.30.7-1),
 * mangled as nvcc mangles them and demangled as CUPTI users see them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "overlapcheck/nccl.h"

static void expect(const char *name, const char *coll, const char *algo, const char *proto,
		   const char *redop, const char *ty, enum oc_nccl_family fam)
{
	struct oc_nccl_kernel k;

	if (!oc_nccl_parse(name, &k))
		fail_msg("not recognised: %s", name);
	assert_int_equal(k.family, fam);
	assert_string_equal(k.collective, coll);
	assert_string_equal(k.algorithm, algo);
	assert_string_equal(k.protocol, proto);
	assert_string_equal(k.redop, redop);
	assert_string_equal(k.dtype, ty);
}

/* 2.19 and later: src/device/generate.py, best_kernel() and paste("_", "ncclDevKernel", ...) */
static void test_dev_kernels(void **state)
{
	expect("_Z39ncclDevKernel_AllReduce_Sum_f32_RING_LL24ncclDevKernelArgsStorageILm4096EE",
	       "AllReduce", "RING", "LL", "Sum", "f32", OC_NCCL_DEV_KERNEL);
	expect("ncclDevKernel_AllReduce_Sum_bf16_TREE_LL(ncclDevKernelArgsStorage<4096ul>)",
	       "AllReduce", "TREE", "LL", "Sum", "bf16", OC_NCCL_DEV_KERNEL);
	expect("ncclDevKernel_ReduceScatter_Sum_u32_RING_LL(ncclDevKernelArgsStorage<4096ul>)",
	       "ReduceScatter", "RING", "LL", "Sum", "u32", OC_NCCL_DEV_KERNEL);
	expect("_Z31ncclDevKernel_AllGather_RING_LL24ncclDevKernelArgsStorageILm4096EE",
	       "AllGather", "RING", "LL", "", "", OC_NCCL_DEV_KERNEL);
	expect("ncclDevKernel_Broadcast_RING_LL(ncclDevKernelArgsStorage<4096ul>)",
	       "Broadcast", "RING", "LL", "", "", OC_NCCL_DEV_KERNEL);
	expect("ncclDevKernel_AllGatherV_RING_LL(ncclDevKernelArgsStorage<4096ul>)",
	       "AllGatherV", "RING", "LL", "", "", OC_NCCL_DEV_KERNEL);
	expect("_Z22ncclDevKernel_SendRecv24ncclDevKernelArgsStorageILm4096EE",
	       "SendRecv", "", "", "", "", OC_NCCL_DEV_KERNEL);
	expect("_Z21ncclDevKernel_Generic24ncclDevKernelArgsStorageILm4096EE",
	       "Generic", "", "", "", "", OC_NCCL_DEV_KERNEL);
	/* 2.19-2.23 signature: (ncclDevComm*, unsigned long, ncclWork*) */
	expect("ncclDevKernel_Generic(ncclDevComm*, unsigned long, ncclWork*)",
	       "Generic", "", "", "", "", OC_NCCL_DEV_KERNEL);
	/* algorithms with underscores, in names a filtered build could make */
	expect("ncclDevKernel_AllReduce_Sum_f16_COLLNET_DIRECT_SIMPLE(ncclDevKernelArgsStorage<4096ul>)",
	       "AllReduce", "COLLNET_DIRECT", "SIMPLE", "Sum", "f16", OC_NCCL_DEV_KERNEL);
	expect("ncclDevKernel_AllReduce_MinMax_i32_NVLS_TREE_LL128",
	       "AllReduce", "NVLS_TREE", "LL128", "MinMax", "i32", OC_NCCL_DEV_KERNEL);
	/* a collective this version does not know: still communication */
	expect("ncclDevKernel_AlltoAllV_RING_SIMPLE(ncclDevKernelArgsStorage<4096ul>)",
	       "AlltoAllV", "", "", "", "", OC_NCCL_DEV_KERNEL);
}

/* 2.18 and earlier: NCCL_KERN_NAME(func, algo, proto, devredop, type) */
static void test_old_kernels(void **state)
{
	expect("_Z38ncclKernel_AllReduce_RING_LL_Sum_floatP11ncclDevCommmP8ncclWork",
	       "AllReduce", "RING", "LL", "Sum", "float", OC_NCCL_KERNEL);
	expect("ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)",
	       "SendRecv", "RING", "SIMPLE", "Sum", "int8_t", OC_NCCL_KERNEL);
	expect("ncclKernel_AllReduce_COLLNET_CHAIN_LL_Sum___nv_bfloat16(ncclDevComm*, unsigned long, ncclWork*)",
	       "AllReduce", "COLLNET_CHAIN", "LL", "Sum", "__nv_bfloat16", OC_NCCL_KERNEL);
	expect("ncclKernel_AllGather_NVLS_TREE_LL_Sum_int8_t", "AllGather", "NVLS_TREE", "LL", "Sum",
	       "int8_t", OC_NCCL_KERNEL);
}

/* symmetric kernels: src/device/symmetric/generate.py kernel_cname() */
static void test_symmetric(void **state)
{
	expect("ncclSymkDevKernel_AllReduce_RSxLD_AGxST_sum_bf16(ncclSymkDevWorkArgs4K)",
	       "AllReduce", "RSxLD_AGxST", "", "sum", "bf16", OC_NCCL_SYMMETRIC);
	expect("ncclSymkDevKernel_AllGather_LL(ncclSymkDevWorkArgs4K)",
	       "AllGather", "LL", "", "", "", OC_NCCL_SYMMETRIC);
	expect("ncclSymDevKernel_ReduceScatter_LD_sum_f32(ncclSymDevArgs)",
	       "ReduceScatter", "LD", "", "sum", "f32", OC_NCCL_SYMMETRIC);
}

static void test_not_nccl(void **state)
{
	struct oc_nccl_kernel k;
	static const char *const names[] = {
		"_Z6kernelPfi", "kernel(float*, int)", "",
		/* the one-rank reduction is local work */
		"_ZN12_GLOBAL__N_113oneRankReduceI13FuncPreMulSumIfEEEvPvS3_mmb",
		"void (anonymous namespace)::oneRankReduce<FuncPreMulSum<float> >(void*, void*, unsigned long, unsigned long, bool)",
		"ncclDevKernel_", "ncclDevKernelX", "my_ncclDevKernel_AllReduce",
		"_Z3foov", "_Z999ncclDevKernel_AllReduce",
	};

	assert_int_equal(oc_nccl_parse(NULL, &k), 0);
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (oc_nccl_parse(names[i], &k))
			fail_msg("recognised: %s", names[i]);
		assert_int_equal(k.family, OC_NCCL_NONE);
	}
	assert_int_equal(oc_nccl_is_kernel("ncclDevKernel_SendRecv"), 1);
	assert_string_equal(oc_nccl_family_name(OC_NCCL_KERNEL), "ncclKernel");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dev_kernels),
		cmocka_unit_test(test_old_kernels),
		cmocka_unit_test(test_symmetric),
		cmocka_unit_test(test_not_nccl),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
