/*
 * fake-libcuda.c: a libcuda.so.1 for test-inj-fake (built with that
 * soname), holding only the driver functions the injection library calls
 * itself on a program's thread: the parameter layout queries of the
 * allocation map (memrefs.c) and the capture query before an allocation.
 * Each first calls the hook the test set, which plays CUPTI: it calls the
 * library's API callback for that function, on the same thread, under the
 * correlation id of the program's call it is made inside (as CUPTI did on
 * the H200). A function has two 8-byte parameters.
 */
#include <stddef.h>

typedef int CUresult;   /* 0 success, 1 CUDA_ERROR_INVALID_VALUE (past the last parameter) */

static void (*hook)(int which);

/* which: 0 cuFuncGetParamInfo, 1 cuKernelGetParamInfo, 2 cuKernelGetFunction, 3 cuStreamIsCapturing */
void fake_cuda_set_hook(void (*h)(int which))
{
	hook = h;
}

static CUresult param(int which, size_t index, size_t *off, size_t *size)
{
	if (hook)
		hook(which);
	if (index >= 2)
		return 1;
	*off = index * 8;
	*size = 8;
	return 0;
}

CUresult cuFuncGetParamInfo(void *f, size_t index, size_t *off, size_t *size)
{
	return param(0, index, off, size);
}

CUresult cuKernelGetParamInfo(void *k, size_t index, size_t *off, size_t *size)
{
	return param(1, index, off, size);
}

CUresult cuKernelGetFunction(void **f, void *k)
{
	if (hook)
		hook(2);
	*f = k;
	return 0;
}

CUresult cuStreamIsCapturing(void *s, int *status)
{
	if (hook)
		hook(3);
	*status = 0;
	return 0;
}
