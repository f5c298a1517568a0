/*
 * passport.c: per-device attributes and versions into meta; the rank of a
 * distributed job's worker and the NCCL it runs.
 *
 * Every driver function is looked up by name in the libcuda.so.1 the program
 * already loaded, with our own prototypes (typedefs below) so that this file
 * does not depend on cuda.h's versioned macros. A missing function or a
 * failing call leaves its key out; nothing here can fail the program. The
 * driver API calls made here run on the writer thread, whose API records the
 * writer drops, so the trace does not show the tracer's own calls.
 *
 * The job: rank, local_rank and world_size (meta keys of their own, with
 * rank_from naming the variable they came from) from the launcher's
 * environment, and the NCCL version from ncclGetVersion in the libnccl the
 * process already loaded (dlopen RTLD_NOLOAD, or a symbol linked in): the
 * library never loads NCCL. NCCL is often loaded after the first context,
 * so the version is looked for again at the end of the run, until found.
 */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
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

/* ---- the job ------------------------------------------------------------- */

/* Where each launcher puts rank, local rank and world size. */
static const char *const rank_vars[][3] = {
	{ "RANK", "LOCAL_RANK", "WORLD_SIZE" },                       /* torchrun, env:// */
	{ "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_SIZE" }, /* Open MPI */
	{ "PMI_RANK", "MPI_LOCALRANKID", "PMI_SIZE" },                /* MPICH, Intel MPI */
};

static long env_num(const char *name)
{
	const char *v = name ? getenv(name) : NULL;
	char *end;
	long r;

	if (!v || !*v)
		return -1;
	errno = 0;
	r = strtol(v, &end, 10);
	return errno || *end || r < 0 || r > 99999999 ? -1 : r;
}

long oc_passport_rank(const char **from)
{
	for (size_t i = 0; i < sizeof rank_vars / sizeof rank_vars[0]; i++) {
		long r = env_num(rank_vars[i][0]);

		if (r >= 0) {
			if (from)
				*from = rank_vars[i][0];
			return r;
		}
	}
	return -1;
}

static pthread_once_t job_once = PTHREAD_ONCE_INIT;
static _Atomic int nccl_found;

static void job(void)
{
	static const char *const nccl_env[] = {
		"NCCL_ALGO", "NCCL_PROTO", "NCCL_NVLS_ENABLE", "NCCL_NVTX_DISABLE",
		"NCCL_LAUNCH_MODE", "NCCL_MAX_NCHANNELS", "NCCL_P2P_DISABLE",
	};
	const char *from = NULL;
	long r = oc_passport_rank(&from);
	char key[64];

	for (size_t i = 0; r >= 0 && i < sizeof rank_vars / sizeof rank_vars[0]; i++) {
		if (strcmp(rank_vars[i][0], from))
			continue;
		long lr = env_num(rank_vars[i][1]), ws = env_num(rank_vars[i][2]);

		oc_writer_meta_int("rank", r);
		if (lr >= 0)
			oc_writer_meta_int("local_rank", lr);
		if (ws > 0)
			oc_writer_meta_int("world_size", ws);
		oc_writer_meta("rank_from", from);
	}
	for (size_t i = 0; i < sizeof nccl_env / sizeof nccl_env[0]; i++) {
		const char *v = getenv(nccl_env[i]);

		snprintf(key, sizeof key, "env.%s", nccl_env[i]);
		if (v)
			oc_writer_meta(key, v);
	}
}

typedef int (*fn_nccl_version)(int *);

/* NCCL_VERSION(X, Y, Z): X*10000 + Y*100 + Z from 2.9, X*1000 + Y*100 + Z before */
static void nccl_version(void)
{
	static const char *const libs[] = { "libnccl.so.2", "libnccl.so" };
	fn_nccl_version get = NULL;
	char buf[32];
	int v = 0;

	if (atomic_load(&nccl_found))
		return;
	for (size_t i = 0; i < sizeof libs / sizeof libs[0] && !get; i++)
		get = (fn_nccl_version)sym(dlopen(libs[i], RTLD_LAZY | RTLD_NOLOAD), "ncclGetVersion");
	if (!get)
		get = (fn_nccl_version)dlsym(RTLD_DEFAULT, "ncclGetVersion");
	if (!get || get(&v) != 0 || v <= 0 || atomic_exchange(&nccl_found, 1))
		return;
	if (v >= 10000)
		snprintf(buf, sizeof buf, "%d.%d.%d", v / 10000, v % 10000 / 100, v % 100);
	else
		snprintf(buf, sizeof buf, "%d.%d.%d", v / 1000, v % 1000 / 100, v % 100);
	oc_writer_meta("nccl_version", buf);
	oc_writer_meta_int("nccl_version_code", v);
}

int oc_passport_collect(void)
{
	pthread_once(&job_once, job);
	nccl_version();
	pthread_once(&once, collect);
	return result;
}
