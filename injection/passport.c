/*
 * passport.c: per-device attributes and versions into meta.
 *
 * Every driver function is looked up by name in the libcuda.so.1 the program
 * already loaded, with our own prototypes (typedefs below) so that this file
 * does not depend on cuda.h's versioned macros. A missing function or a
 * failing call leaves its key out; nothing here can fail the program. The
 * driver API calls made here run on the writer thread, whose API records the
 * writer drops, so the trace does not show the tracer's own calls.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <cupti.h>

#include "passport.h"
#include "records.h"
#include "writer.h"

typedef int (*fn_int_p)(int *);
typedef int (*fn_get)(int *, int);
typedef int (*fn_name)(char *, int, int);
typedef int (*fn_uuid)(unsigned char *, int);
typedef int (*fn_attr)(int *, int, int);
typedef int (*fn_mem)(size_t *, int);

/* CUdevice_attribute values (cuda.h, stable across releases). */
enum {
	A_CC_MAJOR = 75, A_CC_MINOR = 76, A_SM_COUNT = 16, A_ASYNC_ENGINES = 40,
	A_CONCURRENT_KERNELS = 31, A_L2 = 38, A_MAX_THREADS_SM = 39,
	A_MAX_BLOCKS_SM = 106, A_MAX_REGS_SM = 82, A_MAX_SMEM_SM = 81, A_PCI_BUS = 33, A_PCI_DEVICE = 34, A_PCI_DOMAIN = 50,
	A_COMPUTE_MODE = 20, A_MPS_ENABLED = 133, A_INTEGRATED = 18,
};

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int result = -1;

static void *sym(void *h, const char *name)
{
	return h ? dlsym(h, name) : NULL;
}

static void attr_key(fn_attr attr, int index, int dev, const char *suffix, int which)
{
	int v = 0;
	char key[64];

	if (attr && attr(&v, which, dev) == 0) {
		snprintf(key, sizeof key, "device.%d.%s", index, suffix);
		oc_writer_meta_int(key, v);
	}
}

static void runtime_version(void)
{
	static const char *const libs[] = { "libcudart.so.13", "libcudart.so.12", "libcudart.so" };
	fn_int_p get = NULL;
	int v = 0;

	for (size_t i = 0; i < sizeof libs / sizeof libs[0] && !get; i++) {
		void *h = dlopen(libs[i], RTLD_LAZY | RTLD_NOLOAD);

		get = (fn_int_p)sym(h, "cudaRuntimeGetVersion");
	}
	if (!get)
		get = (fn_int_p)dlsym(RTLD_DEFAULT, "cudaRuntimeGetVersion");
	if (get && get(&v) == 0)
		oc_writer_meta_int("runtime_version", v);
	else
		oc_writer_meta("runtime_version", "unknown (static CUDA runtime)");
}

static void collect(void)
{
	void *h = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
	uint32_t cupti = 0;
	int n = 0, v = 0;

	if (cuptiGetVersion(&cupti) == CUPTI_SUCCESS)
		oc_writer_meta_int("cupti_version", cupti);
	if (!h)
		return;

	fn_int_p drv = (fn_int_p)sym(h, "cuDriverGetVersion");
	fn_int_p count = (fn_int_p)sym(h, "cuDeviceGetCount");
	fn_get get = (fn_get)sym(h, "cuDeviceGet");
	fn_name name = (fn_name)sym(h, "cuDeviceGetName");
	fn_uuid uuid = (fn_uuid)sym(h, "cuDeviceGetUuid_v2");
	fn_attr attr = (fn_attr)sym(h, "cuDeviceGetAttribute");
	fn_mem mem = (fn_mem)sym(h, "cuDeviceTotalMem_v2");
	fn_name pci = (fn_name)sym(h, "cuDeviceGetPCIBusId");

	if (!uuid)
		uuid = (fn_uuid)sym(h, "cuDeviceGetUuid");
	if (drv && drv(&v) == 0)
		oc_writer_meta_int("driver_version", v);
	runtime_version();
	if (!count || !get || count(&n) != 0)
		return;
	oc_writer_meta_int("device_count", n);
	for (int i = 0; i < n; i++) {
		int dev = 0;
		char buf[256], key[64];
		unsigned char u[16];
		size_t bytes = 0;

		if (get(&dev, i) != 0)
			continue;
		if (name && name(buf, sizeof buf, dev) == 0) {
			snprintf(key, sizeof key, "device.%d.name", i);
			oc_writer_meta(key, buf);
		}
		if (uuid && uuid(u, dev) == 0) {
			oc_rec_format_uuid(u, buf, sizeof buf);
			snprintf(key, sizeof key, "device.%d.uuid", i);
			oc_writer_meta(key, buf);
		}
		if (mem && mem(&bytes, dev) == 0) {
			snprintf(key, sizeof key, "device.%d.global_memory_bytes", i);
			oc_writer_meta_int(key, (long long)bytes);
		}
		if (pci && pci(buf, sizeof buf, dev) == 0) {
			snprintf(key, sizeof key, "device.%d.pci_bus_id", i);
			oc_writer_meta(key, buf);
		}
		attr_key(attr, i, dev, "cc_major", A_CC_MAJOR);
		attr_key(attr, i, dev, "cc_minor", A_CC_MINOR);
		attr_key(attr, i, dev, "sm_count", A_SM_COUNT);
		attr_key(attr, i, dev, "async_engine_count", A_ASYNC_ENGINES);
		attr_key(attr, i, dev, "concurrent_kernels", A_CONCURRENT_KERNELS);
		attr_key(attr, i, dev, "l2_bytes", A_L2);
		attr_key(attr, i, dev, "max_threads_per_sm", A_MAX_THREADS_SM);
		attr_key(attr, i, dev, "max_blocks_per_sm", A_MAX_BLOCKS_SM);
		attr_key(attr, i, dev, "max_registers_per_sm", A_MAX_REGS_SM);
		attr_key(attr, i, dev, "max_shared_memory_per_sm", A_MAX_SMEM_SM);
		attr_key(attr, i, dev, "compute_mode", A_COMPUTE_MODE);
		attr_key(attr, i, dev, "mps_enabled", A_MPS_ENABLED);
		attr_key(attr, i, dev, "integrated", A_INTEGRATED);
	}
	result = 0;
}

int oc_passport_collect(void)
{
	pthread_once(&once, collect);
	return result;
}
