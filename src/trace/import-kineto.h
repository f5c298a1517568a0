/*
 * import-kineto.h: the Kineto importer's records, shared by its files. Not
 * installed, not used outside src/trace/.
 *
 *   import-kineto.c          the sources (gzip file or buffer) and the run:
 *                            parse, then write
 *   import-kineto-parse.c    the document, one event at a time, into records
 *   import-kineto-write.c    the records split by process, each into a trace
 *   import-kineto-records.c  the records' arrays and interned names, freed
 *
 * The calls run one way: import-kineto.c calls the parser and the writing,
 * and both call import-kineto-records.c; nothing calls back up. Functions
 * return 0, or -1 with the message set through oc_imp_fail().
 */
#ifndef OVERLAPCHECK_TRACE_IMPORT_KINETO_H
#define OVERLAPCHECK_TRACE_IMPORT_KINETO_H

#include <stddef.h>
#include <stdint.h>

#include "importer.h"
#include "json-reader.h"

#define NONE INT64_MIN
#define LIMIT (INT64_C(1) << 61)

/* ---- records -------------------------------------------------------------- */

struct kop {
	int64_t ts, dur;                    /* ns from baseTimeNanoseconds */
	uint64_t bytes;
	int64_t graph_id, graph_node_id;
	int64_t src_device, dst_device;
	uint32_t corr, device, context, stream;
	int32_t name;                       /* kernels: index into names */
	int32_t grid[3], block[3], regs, smem;
	uint8_t kind, copy_kind, src_kind, dst_kind;
};

struct kapi {
	int64_t ts, dur, pid;
	uint32_t tid, corr;
	int32_t cbid, name;
	uint8_t domain;
};

struct ksync {
	int64_t ts, dur;
	int64_t context, stream, event, wait_stream, record_corr, device;
	uint32_t type, corr;
};

struct kovh {
	int64_t ts, dur;
	uint32_t kind;
};

struct kmark {
	int64_t ts, dur, pid;
	uint32_t tid;
	int32_t name;
};

struct kdev {
	int64_t id, mem, cc_major, cc_minor, sms, threads_per_sm, regs_per_sm, smem_per_sm,
		threads_per_block;
	char name[128];
};

struct kproc {                          /* process_name metadata */
	int64_t pid;
	int32_t name;
};

/* Interned names: kernels, API functions, annotations. */
struct names {
	char **s;
	size_t *len;
	size_t n, cap;
	int32_t *slot;                      /* hash index, -1 empty */
	size_t slots;
};

struct kin {
	struct imp *im;
	struct jr jr;
	struct kop *ops;     size_t n_ops, cap_ops;
	struct kapi *api;    size_t n_api, cap_api;
	struct ksync *syncs; size_t n_syncs, cap_syncs;
	struct kovh *ovh;    size_t n_ovh, cap_ovh;
	struct kmark *marks; size_t n_marks, cap_marks;
	struct kdev *devs;   size_t n_devs, cap_devs;
	struct kproc *procs; size_t n_procs, cap_procs;
	struct names names;
	int64_t base_ns;
	int saw_events, saw_base;
	char schema[32], driver[32], runtime[32], cupti[32];
	size_t n_events, n_bad;
	/* the event being read */
	char ph[8], cat[32], sync_kind[32];
	char *name;
	size_t name_len, name_cap;
	char argname[128];
	int64_t pid, tid, ts, dur;
	int64_t a_device, a_context, a_stream, a_corr, a_bytes, a_cbid, a_regs, a_smem, a_from, a_in,
		a_to, a_wait_stream, a_wait_event, a_record_corr, a_graph, a_graph_node;
	int32_t grid[3], block[3];
	int has_grid, has_block;
};

/* ---- import-kineto-records.c ---------------------------------------------- */

/* oc_imp_fail(k->im, "out of memory"): -1. */
int kin_nomem(struct kin *k);
/* Room for one more of size bytes at *p (n used, *cap allocated). 0 or -1. */
int kin_grow(void *pp, size_t *cap, size_t n, size_t size);
/* The next slot of k->arr, counted in k->n (not zeroed): NULL out of memory. */
#define PUSH(k, arr, n, cap) \
	(kin_grow(&(k)->arr, &(k)->cap, (k)->n, sizeof *(k)->arr) ? NULL : &(k)->arr[(k)->n++])
/* Index of name s[0..len), interned; -1 out of memory. */
int32_t kin_name_id(struct names *t, const char *s, size_t len);
/* Everything k holds (not k itself). */
void kin_free(struct kin *k);

/* ---- import-kineto-parse.c ------------------------------------------------ */

/* The whole document from k->jr into k's records. */
int kin_parse_doc(struct kin *k);

/* ---- import-kineto-write.c ------------------------------------------------ */

/* k's records, one trace per process written (o->pid, o->single). */
int kin_finish(struct kin *k);

#endif
