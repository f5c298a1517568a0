/*
 * ranks.h: the ranks of a distributed job on one time axis (ranks.c,
 * docs/nccl.md): `overlapcheck report --ranks`, `check --ranks`,
 * `timeline --ranks`.
 *
 * Each input is one rank's trace, or the JSON report (`report --format
 * json`) of one, or a directory of them; a trace of one process that drove
 * several GPUs (ncclCommInitAll) gives one rank per device with NCCL
 * kernels. What the merge needs of a rank is its passport (rank,
 * world_size, host, trace_start_ns) and its collectives (communicator,
 * sequence number, collective name, device times, its own verdict and
 * decisive cause): a JSON report carries all of it, so each rank's analysis
 * can run where its trace was written and only the reports are merged.
 *
 * Alignment. Trace times are relative to each trace's own start; the
 * merge adds trace_start_ns (absolute CLOCK_REALTIME ns, to which CUPTI
 * converts device timestamps) and puts everything on the earliest start.
 * On one host every process reads the same clock, so the axis is shared.
 * Ranks on different hosts have different clocks (NTP keeps them within
 * milliseconds at best, far more than a collective lasts): the merge then
 * reports each rank on its own but makes no cross-rank comparison (no
 * slowest rank, no peer_wait) and says why. Aligning hosts would need a
 * common event seen by every rank (a barrier's end, clock offsets measured
 * at start), which traces do not hold yet: out of scope.
 *
 * Matching. A collective is the seq-th kernel of one collective name on one
 * communicator; NCCL requires every rank of a communicator to call its
 * collectives in the same order, so the seq-th AllReduce of communicator k
 * on one rank is the seq-th on every other. Communicators are streams
 * (analysis.h: struct oc_communicator), numbered per device by first
 * kernel, so communicator k of one rank meets communicator k of another.
 *
 * peer_wait. For a collective on ranks R, with s_r and e_r each rank's
 * kernel start and end, L the rank that started last and usual = e_L - s_L
 * (the rank that waited for nobody): rank r waited for its peers when
 * s_L - s_r > the threshold (--peer-wait, default 50us) and
 * |e_r - (s_L + usual)| <= the tolerance (the larger of --sync-tolerance and
 * 5% of usual): it started early and ended with the last peer's start plus
 * the collective's own duration. Its wait is s_L - s_r; the evidence is
 * every peer's start.
 */
#ifndef OVERLAPCHECK_RANKS_H
#define OVERLAPCHECK_RANKS_H

#include <stddef.h>
#include <stdint.h>

#include "overlapcheck/analysis.h"

/* One NCCL kernel of one rank. */
struct oc_rank_coll {
	int      device;
	int      comm;          /* the communicator's ordinal on its device */
	uint32_t seq;           /* n-th of its collective name on that communicator */
	char     collective[24];
	int64_t  start_ns, end_ns;   /* on the merged axis: ns since oc_ranks.t0_ns */
	int64_t  compute_ns;    /* time it intersected compute kernels of other streams */
	int64_t  exposed_ns;    /* its time no compute kernel of its device ran */
	uint8_t  overlapped;    /* its own verdict */
	uint8_t  in_window;
	int16_t  decisive;      /* enum oc_cause of its own analysis, -1 when overlapped */
	/* the merge's */
	int32_t  inst;          /* index into oc_ranks.insts, -1 when not matched */
	uint8_t  peer_wait;     /* it waited for its peers (ranks.h's rule) */
	int64_t  wait_ns;       /* then: the last peer's start minus its own */
};

struct oc_rank {
	char    *source;        /* the input it came from */
	int      from_json;     /* 1: a JSON report, 0: a trace */
	int      rank;          /* passport 'rank'; by device: the device id */
	int      by_device;     /* 1: a device of a one-process trace (no rank in the passport) */
	int      local_rank, world_size;   /* -1 unknown */
	int      device;        /* the device of its collectives; -1 when several or none */
	char    *host;          /* NULL when unknown */
	char    *nccl_version;  /* NULL when unknown */
	int64_t  trace_start_ns;/* absolute */
	/* its own analysis (the window's figures) */
	int64_t  window_ns;     /* device time in the window (the time split's total) */
	int64_t  comm_ns, exposed_ns;
	size_t   claims, overlapped;    /* its collectives in the window */
	struct oc_rank_coll *colls; size_t n_colls;   /* by start */
	/* the merge's */
	int64_t  wait_ns;       /* the sum of its peer waits */
	size_t   waits;         /* collectives in which it waited */
	size_t   slowest;       /* collectives it started last, by more than the threshold */
};

/* One collective across the ranks. */
struct oc_rank_inst {
	int      comm;
	uint32_t seq;
	char     collective[24];
	size_t   ranks;         /* ranks that ran it */
	int32_t  first, last;   /* the ranks (indices into oc_ranks.ranks) that started first and
	                           last */
	int64_t  first_start_ns, last_start_ns;
	int64_t  usual_ns;      /* the last starter's duration */
	int64_t  max_wait_ns;
	size_t   waits;         /* ranks with peer_wait in it */
	size_t   member_off, n_members;   /* its ranks' kernels: oc_ranks.members, by rank */
};

struct oc_rank_member {
	int32_t  rank;          /* index into oc_ranks.ranks */
	int32_t  coll;          /* index into that rank's colls */
};

struct oc_ranks_options {
	struct oc_analysis_options a;   /* each trace's analysis (--min-overlap, --whole, ...) */
	int64_t  peer_wait_ns;  /* threshold; default 50000 */
};

void oc_ranks_options_init(struct oc_ranks_options *o);

struct oc_ranks {
	struct oc_ranks_options opts;
	struct oc_rank *ranks; size_t n_ranks;          /* by rank */
	struct oc_rank_inst *insts; size_t n_insts;     /* by first start */
	struct oc_rank_member *members; size_t n_members;
	int64_t  t0_ns;         /* absolute: the earliest trace start, the axis' zero */
	int64_t  span_ns;       /* the last end on that axis */
	size_t   hosts;         /* distinct hosts named (0: none named) */
	int      aligned;       /* 1: one clock for all: cross-rank results were made */
	size_t   unmatched;     /* collectives that not every rank with collectives ran */
	int      world_size;    /* from the passports, -1 when unknown or disagreeing */
	char   **notes; size_t n_notes;   /* sentences: inputs skipped, how ranks were told,
	                                     why nothing was compared */
};

/*
 * Read the n inputs (traces, JSON reports or directories of them), analyse
 * the traces under o (NULL: defaults), and merge. Returns 0, or -1 with a
 * message in err naming the input ("cannot read 'x.json': line 3: ...",
 * "two inputs are rank 1: 'a.db' and 'b.db'", "no rank with NCCL kernels in
 * the inputs"). Release m with oc_ranks_release() either way.
 */
int oc_ranks_run(struct oc_ranks *m, const char *const *inputs, size_t n,
		 const struct oc_ranks_options *o, char *err, size_t errlen);
void oc_ranks_release(struct oc_ranks *m);

/*
 * For each distinct (communicator, collective) of m, in the order first
 * seen: how many collectives, how many peer waits, and the slowest rank:
 * the one that started last (by more than the threshold) most often, and
 * how often (-1 when none did). Returns the rows written to out (room for
 * m->n_insts).
 */
struct oc_ranks_by_name {
	int comm;
	const char *collective;
	size_t count, waits, slowest_times;
	int slowest;              /* index into m->ranks, or -1 */
	int64_t max_wait_ns, usual_sum_ns;
};
size_t oc_ranks_by_name(const struct oc_ranks *m, struct oc_ranks_by_name *out);

/* The cause a collective's merged view gives first: peer_wait when it was
 * proven and its own decisive cause comes later in the table (or it
 * overlapped), else its own; -1 when none (overlapped, no peer_wait). */
int oc_rank_coll_cause(const struct oc_rank_coll *c);

#endif
