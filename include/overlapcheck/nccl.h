/*
 * nccl.h: NCCL's device kernels, recognised by name (src/util/nccl.c).
 *
 * NCCL runs every collective and point-to-point operation as a kernel whose
 * name says what it is specialised for. Checked against the NCCL sources
 * (github.com/NVIDIA/nccl, v2.18.6-1, v2.19.3-1, v2.27.3-1 and v2.30.7-1,
 * docs/nccl.md):
 *
 *   ncclDevKernel_<Coll>[_<Redop>_<Type>]_<ALGO>_<PROTO>   2.19 and later
 *   ncclDevKernel_SendRecv, ncclDevKernel_Generic            (src/device/generate.py)
 *   ncclKernel_<Coll>_<ALGO>_<PROTO>_<Redop>_<type>         2.18 and earlier
 *                                                           (src/include/collectives.h)
 *   ncclSymkDevKernel_<Coll>_<Algo>[_<red>_<ty>]            symmetric kernels, 2.28 on
 *   ncclSymDevKernel_<Coll>_<Algo>[_<red>_<ty>]             the same in 2.27
 *
 * The algorithm and protocol in a name are the kernel's specialisation, not
 * necessarily what the work it ran used: NCCL runs every other combination
 * through the same kernel by a function table (2.19+: reductions are
 * specialised as Sum, RING or TREE, LL only; 2.18: LL only, Sum only).
 */
#ifndef OVERLAPCHECK_NCCL_H
#define OVERLAPCHECK_NCCL_H

#include <stddef.h>

/* Which naming scheme the kernel follows. */
enum oc_nccl_family {
	OC_NCCL_NONE = 0,     /* not an NCCL collective kernel */
	OC_NCCL_DEV_KERNEL,   /* ncclDevKernel_* (2.19 and later) */
	OC_NCCL_KERNEL,       /* ncclKernel_* (2.18 and earlier) */
	OC_NCCL_SYMMETRIC,    /* ncclSymkDevKernel_* (2.28 on), ncclSymDevKernel_* (2.27) */
};

struct oc_nccl_kernel {
	enum oc_nccl_family family;
	char collective[24];  /* "AllReduce", "AllGather", "ReduceScatter", "Broadcast", "Reduce",
	                         "AllGatherV", "SendRecv"; "Generic" for ncclDevKernel_Generic
	                         (the name does not say); else the name's own first word */
	char algorithm[32];   /* "RING", "TREE", "COLLNET_DIRECT", "NVLS", ...; symmetric kernels:
	                         their algorithm ("RSxLD_AGxST", ...); "" when the name has none */
	char protocol[8];     /* "LL", "LL128", "SIMPLE"; "" when none */
	char redop[16];       /* "Sum", ...; "" when none */
	char dtype[24];       /* "f32", "float", "__nv_bfloat16", ...; "" when none */
};

/*
 * Is `name` (a kernel name as CUPTI records it: Itanium-mangled, or plain
 * or demangled) an NCCL collective kernel? 1 with *k filled, else 0 (*k
 * cleared, family OC_NCCL_NONE). NULL or "" is not. NCCL's one-rank
 * reduction (oneRankReduce) is a local kernel, not communication: 0.
 */
int oc_nccl_parse(const char *name, struct oc_nccl_kernel *k);

/* oc_nccl_parse(name, scratch) without the fields. */
int oc_nccl_is_kernel(const char *name);

/* "ncclDevKernel", "ncclKernel", "symmetric", "" */
const char *oc_nccl_family_name(enum oc_nccl_family f);

#endif
