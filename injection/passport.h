/*
 * passport.h: the device and version passport, read from the driver.
 *
 * CUPTI's DEVICE record lacks asyncEngineCount and concurrentKernels, and
 * they can only be asked once the driver is initialised (a context exists),
 * never inside InitializeInjection. oc_passport_collect() is therefore called
 * on the writer thread after the first CONTEXT or DEVICE record, and at the
 * end of the run if none came. It resolves the driver entry points with
 * dlopen("libcuda.so.1", RTLD_NOLOAD): the library never loads or links
 * libcuda itself.
 */
#ifndef OC_INJ_PASSPORT_H
#define OC_INJ_PASSPORT_H

/*
 * Queue meta keys (oc_writer_meta) for every visible device and the driver,
 * runtime and CUPTI versions, and the job's: rank, local_rank, world_size,
 * rank_from, env.NCCL_* (once), nccl_version and nccl_version_code (each
 * call until NCCL is found loaded). The device part runs once per process.
 * Returns 0, or -1 if the driver is not loaded (nothing queued but the CUPTI
 * version and the job's keys).
 */
int oc_passport_collect(void);

/*
 * This process's rank in a distributed job, from the first of RANK
 * (torchrun), OMPI_COMM_WORLD_RANK (Open MPI), PMI_RANK (MPICH) that holds a
 * number; *from (when not NULL) receives the variable's name. -1 when none.
 */
long oc_passport_rank(const char **from);

#endif
