/*
 * test-ranks.c: the merge of a job's ranks (ranks.h, docs/nccl.md) on
 * hand-built rank traces: one time axis from each trace's start, collectives
 * matched by (communicator, name, seq), the slowest rank, peer_wait and its
 * negative cases, the merged cause, ranks told from the passport, the file
 * name or the devices of one process, hosts with different clocks,
 * duplicates, and the same merge from JSON reports. Times in µs (U).
 */
#include <stdio.h>
#include <unistd.h>

#include "scenario.h"
#include "overlapcheck/ranks.h"
#include "overlapcheck/report.h"

#define U 1000LL
#define T0 1800000000000000000LL

struct job {
	struct sc s[4];
	const char *paths[4];
	int n;
	struct oc_ranks m;
	int merged;
};

/* rank r's trace: its passport, its clock's start `start_us` after rank 0's */
static struct sc *rank_trace(struct job *j, int rank, int64_t start_us, const char *host)
{
	struct sc *s = &j->s[j->n++];
	char v[32];

	sc_open(s);
	if (rank >= 0) {
		snprintf(v, sizeof v, "%d", rank);
		sc_meta(s, "rank", v);
		sc_meta(s, "world_size", "2");
		sc_meta(s, "local_rank", v);
	}
	if (host)
		sc_meta(s, "host", host);
	snprintf(v, sizeof v, "%lld", T0 + start_us * U);
	sc_meta(s, "trace_start_ns", v);
	return s;
}

static void merge(struct job *j, const struct oc_ranks_options *o)
{
	char err[1024];

	for (int k = 0; k < j->n; k++) {
		if (j->s[k].b.db)
			tb_close(&j->s[k].b);
		j->paths[k] = j->s[k].b.path;
	}
	if (oc_ranks_run(&j->m, j->paths, (size_t)j->n, o, err, sizeof err))
		fail_msg("%s", err);
	j->merged = 1;
}

static void job_done(struct job *j)
{
	if (j->merged)
		oc_ranks_release(&j->m);
	for (int k = 0; k < j->n; k++)
		sc_done(&j->s[k]);
}

/* the kernel of rank index r whose own start (on its trace) was at us */
static const struct oc_rank_coll *coll(const struct job *j, size_t r, uint32_t seq, const char *name)
{
	const struct oc_rank *x = &j->m.ranks[r];
	for (size_t k = 0; k < x->n_colls; k++)
		if (x->colls[k].seq == seq && !strcmp(x->colls[k].collective, name))
			return &x->colls[k];
	fail_msg("rank %d has no %s #%u", x->rank, name, seq);
	return NULL;
}

/*
 * Rank 0's all-reduce starts 150 µs before rank 1's and ends with it, at
 * rank 1's start + its 50 µs: rank 0 waited for rank 1. Rank 1's clock
 * started 1 ms after rank 0's, so its times are 1 ms smaller on its own
 * trace: only the merged axis lines them up.
 */
static void test_peer_wait(void **state)
{
	struct job j;
	memset(&j, 0, sizeof j);
	struct sc *r0 = rank_trace(&j, 0, 0, "node0"), *r1 = rank_trace(&j, 1, 1000, "node0");
	sc_nccl(r0, 14, 2100 * U, 2300 * U, 2090 * U, 2091 * U, "AllReduce");
	sc_nccl(r1, 14, (2250 - 1000) * U, (2300 - 1000) * U, 1240 * U, 1241 * U, "AllReduce");
	merge(&j, NULL);
	assert_int_equal(j.m.n_ranks, 2);
	assert_int_equal(j.m.aligned, 1);
	assert_int_equal(j.m.t0_ns, T0);
	assert_int_equal(j.m.n_insts, 1);
	const struct oc_rank_inst *in = &j.m.insts[0];
	assert_int_equal(in->ranks, 2);
	assert_int_equal(j.m.ranks[in->first].rank, 0);
	assert_int_equal(j.m.ranks[in->last].rank, 1);
	assert_int_equal(in->last_start_ns, 2250 * U);
	assert_int_equal(in->usual_ns, 50 * U);
	const struct oc_rank_coll *c0 = coll(&j, 0, 0, "AllReduce"), *c1 = coll(&j, 1, 0, "AllReduce");
	assert_int_equal(c0->start_ns, 2100 * U);
	assert_int_equal(c1->start_ns, 2250 * U);
	assert_int_equal(c0->peer_wait, 1);
	assert_int_equal(c0->wait_ns, 150 * U);
	assert_int_equal(c1->peer_wait, 0);
	assert_int_equal(j.m.ranks[0].wait_ns, 150 * U);
	assert_int_equal(j.m.ranks[0].waits, 1);
	assert_int_equal(j.m.ranks[1].slowest, 1);
	/* nothing beside it on rank 0: nothing_concurrent, which peer_wait outranks */
	assert_int_equal(c0->decisive, OC_CAUSE_NOTHING_CONCURRENT);
	assert_int_equal(oc_rank_coll_cause(c0), OC_CAUSE_PEER_WAIT);
	assert_int_equal(oc_rank_coll_cause(c1), OC_CAUSE_NOTHING_CONCURRENT);
	job_done(&j);
}

/* Negative cases: ended long before the last peer's start + usual (not a
 * wait for it), and started within the threshold. */
static void test_no_peer_wait(void **state)
{
	struct job j;
	memset(&j, 0, sizeof j);
	struct sc *r0 = rank_trace(&j, 0, 0, NULL), *r1 = rank_trace(&j, 1, 0, NULL);
	/* #0: rank 0 [100, 200), rank 1 [250, 300): rank 0 ended before rank 1 began */
	sc_nccl(r0, 14, 100 * U, 200 * U, 90 * U, 91 * U, "AllReduce");
	sc_nccl(r1, 14, 250 * U, 300 * U, 240 * U, 241 * U, "AllReduce");
	/* #1: 30 µs apart, under the 50 µs threshold */
	sc_nccl(r0, 14, 400 * U, 480 * U, 390 * U, 391 * U, "AllReduce");
	sc_nccl(r1, 14, 430 * U, 480 * U, 420 * U, 421 * U, "AllReduce");
	merge(&j, NULL);
	assert_int_equal(j.m.n_insts, 2);
	assert_int_equal(coll(&j, 0, 0, "AllReduce")->peer_wait, 0);
	assert_int_equal(coll(&j, 0, 1, "AllReduce")->peer_wait, 0);
	/* #0's lead is 150 µs: rank 1 was the slowest there; #1's 30 µs is nobody */
	assert_int_equal(j.m.ranks[1].slowest, 1);
	assert_int_equal(j.m.hosts, 0);
	assert_int_equal(j.m.aligned, 1);
	job_done(&j);
	/* with a 20 µs threshold #1 is a wait */
	struct oc_ranks_options o;
	oc_ranks_options_init(&o);
	o.peer_wait_ns = 20 * U;
	memset(&j, 0, sizeof j);
	r0 = rank_trace(&j, 0, 0, NULL);
	r1 = rank_trace(&j, 1, 0, NULL);
	sc_nccl(r0, 14, 400 * U, 480 * U, 390 * U, 391 * U, "AllReduce");
	sc_nccl(r1, 14, 430 * U, 480 * U, 420 * U, 421 * U, "AllReduce");
	merge(&j, &o);
	assert_int_equal(coll(&j, 0, 0, "AllReduce")->peer_wait, 1);
	assert_int_equal(coll(&j, 0, 0, "AllReduce")->wait_ns, 30 * U);
	job_done(&j);
}

/* Collectives match by communicator, name and seq: rank 1 launched its
 * AllGather on another stream and before its AllReduce, and still meets
 * rank 0's. A collective only one rank ran is unmatched. */
static void test_matching(void **state)
{
	struct job j;
	memset(&j, 0, sizeof j);
	struct sc *r0 = rank_trace(&j, 0, 0, NULL), *r1 = rank_trace(&j, 1, 0, NULL);
	sc_nccl(r0, 14, 100 * U, 200 * U, 90 * U, 91 * U, "AllReduce");
	sc_nccl(r0, 14, 300 * U, 400 * U, 92 * U, 93 * U, "AllGather");
	sc_nccl(r0, 14, 500 * U, 600 * U, 94 * U, 95 * U, "AllReduce");
	sc_nccl(r1, 16, 300 * U, 400 * U, 92 * U, 93 * U, "AllGather");
	sc_nccl(r1, 16, 410 * U, 420 * U, 94 * U, 95 * U, "AllReduce");
	merge(&j, NULL);
	assert_int_equal(j.m.n_insts, 3);
	assert_int_equal(j.m.unmatched, 1);              /* rank 0's AllReduce #1 */
	const struct oc_rank_coll *ag0 = coll(&j, 0, 0, "AllGather"), *ag1 = coll(&j, 1, 0, "AllGather");
	assert_int_equal(ag0->inst, ag1->inst);
	assert_int_equal(coll(&j, 0, 0, "AllReduce")->inst, coll(&j, 1, 0, "AllReduce")->inst);
	assert_true(coll(&j, 0, 1, "AllReduce")->inst >= 0);
	assert_int_equal(j.m.insts[coll(&j, 0, 1, "AllReduce")->inst].ranks, 1);
	/* instances by first start */
	for (size_t i = 1; i < j.m.n_insts; i++)
		assert_true(j.m.insts[i - 1].first_start_ns <= j.m.insts[i].first_start_ns);
	struct oc_ranks_by_name bn[8];
	assert_int_equal(oc_ranks_by_name(&j.m, bn), 2);
	job_done(&j);
}

/* Two hosts: two clocks. Each rank is reported, nothing is compared. */
static void test_two_hosts(void **state)
{
	struct job j;
	memset(&j, 0, sizeof j);
	struct sc *r0 = rank_trace(&j, 0, 0, "node0"), *r1 = rank_trace(&j, 1, 0, "node1");
	sc_nccl(r0, 14, 2100 * U, 2300 * U, 2090 * U, 2091 * U, "AllReduce");
	sc_nccl(r1, 14, 2250 * U, 2300 * U, 2240 * U, 2241 * U, "AllReduce");
	merge(&j, NULL);
	assert_int_equal(j.m.hosts, 2);
	assert_int_equal(j.m.aligned, 0);
	assert_int_equal(coll(&j, 0, 0, "AllReduce")->peer_wait, 0);
	assert_int_equal(j.m.insts[0].first, -1);
	assert_int_equal(j.m.ranks[1].slowest, 0);
	assert_true(j.m.n_notes >= 1);
	assert_non_null(strstr(j.m.notes[0], "2 hosts"));
	job_done(&j);
}

/* Ranks told apart: no rank in the passport but ".rank<R>." in the name; a
 * launcher's trace (no rank, no NCCL kernel) skipped; the same rank twice
 * is an error, unless one of the two has no NCCL kernel. */
static void test_rank_sources(void **state)
{
	struct job j;
	char named[600], err[1024];
	struct oc_ranks m;

	memset(&j, 0, sizeof j);
	struct sc *r0 = rank_trace(&j, 0, 0, NULL), *r1 = rank_trace(&j, -1, 0, NULL);
	struct sc *launcher = rank_trace(&j, -1, 0, NULL);
	sc_nccl(r0, 14, 100 * U, 200 * U, 90 * U, 91 * U, "AllReduce");
	sc_nccl(r1, 14, 100 * U, 200 * U, 90 * U, 91 * U, "AllReduce");
	sc_kernel(launcher, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1kv", 1);
	tb_close(&r1->b);
	snprintf(named, sizeof named, "%s.job.rank1.db", r1->b.path);
	assert_int_equal(rename(r1->b.path, named), 0);
	assert_true(strlen(named) < sizeof r1->b.path);
	memcpy(r1->b.path, named, strlen(named) + 1);
	merge(&j, NULL);
	assert_int_equal(j.m.n_ranks, 2);
	assert_int_equal(j.m.ranks[1].rank, 1);
	assert_int_equal(j.m.n_notes, 2);     /* rank from the name; the launcher skipped */
	job_done(&j);

	/* the same rank twice */
	memset(&j, 0, sizeof j);
	r0 = rank_trace(&j, 0, 0, NULL);
	r1 = rank_trace(&j, 0, 0, NULL);
	sc_nccl(r0, 14, 100 * U, 200 * U, 90 * U, 91 * U, "AllReduce");
	sc_nccl(r1, 14, 100 * U, 200 * U, 90 * U, 91 * U, "AllReduce");
	tb_close(&r0->b);
	tb_close(&r1->b);
	j.paths[0] = r0->b.path;
	j.paths[1] = r1->b.path;
	assert_int_equal(oc_ranks_run(&m, j.paths, 2, NULL, err, sizeof err), -1);
	assert_non_null(strstr(err, "two inputs are rank 0"));
	oc_ranks_release(&m);
	job_done(&j);

	/* ... unless one has no NCCL kernel */
	memset(&j, 0, sizeof j);
	r0 = rank_trace(&j, 0, 0, NULL);
	r1 = rank_trace(&j, 0, 0, NULL);
	sc_nccl(r0, 14, 100 * U, 200 * U, 90 * U, 91 * U, "AllReduce");
	sc_kernel(r1, 14, 100 * U, 200 * U, 90 * U, 91 * U, "_Z1kv", 1);
	merge(&j, NULL);
	assert_int_equal(j.m.n_ranks, 1);
	assert_int_equal(j.m.ranks[0].n_colls, 1);
	job_done(&j);
}

/* One process, two GPUs, no rank: each device is a rank. */
static void test_ranks_by_device(void **state)
{
	struct job j;
	memset(&j, 0, sizeof j);
	struct sc *s = rank_trace(&j, -1, 0, NULL);
	sc_exec(s, "INSERT INTO meta VALUES ('device.1.name', 'Test GPU'); INSERT INTO contexts VALUES (2, 1, 7);"
		   "INSERT INTO streams(context_id, stream_id, flag) VALUES (2, 14, 2)");
	sc_nccl(s, 14, 100 * U, 300 * U, 90 * U, 91 * U, "AllReduce");
	int c = sc_nccl(s, 14, 250 * U, 300 * U, 92 * U, 93 * U, "AllReduce");
	sc_exec(s, "UPDATE ops SET device_id = 1, context_id = 2 WHERE correlation_id = %d", c);
	merge(&j, NULL);
	assert_int_equal(j.m.n_ranks, 2);
	assert_int_equal(j.m.ranks[0].by_device, 1);
	assert_int_equal(j.m.ranks[1].rank, 1);
	assert_int_equal(j.m.ranks[1].device, 1);
	assert_int_equal(coll(&j, 0, 0, "AllReduce")->peer_wait, 1);
	assert_int_equal(coll(&j, 0, 0, "AllReduce")->wait_ns, 150 * U);
	job_done(&j);
}

/* The same job merged from the ranks' JSON reports, or one of each: the
 * same collectives, waits and causes. */
static void test_from_json(void **state)
{
	struct job j;
	char json[2][600], err[1024];
	const char *paths[2];
	struct oc_ranks m;

	memset(&j, 0, sizeof j);
	struct sc *r0 = rank_trace(&j, 0, 0, "node0"), *r1 = rank_trace(&j, 1, 1000, "node0");
	sc_kernel(r0, 16, 1900 * U, 2050 * U, 1890 * U, 1891 * U, "_Z8backwardv", 64);
	sc_nccl(r0, 14, 2000 * U, 2300 * U, 1895 * U, 1896 * U, "AllReduce");
	sc_nccl(r1, 14, 1250 * U, 1300 * U, 1240 * U, 1241 * U, "AllReduce");
	merge(&j, NULL);
	for (int k = 0; k < 2; k++) {
		struct oc_trace t;
		struct oc_analysis a;
		FILE *f;
		assert_int_equal(tb_tmpname(json[k], sizeof json[k], ".json"), 0);
		assert_int_equal(oc_trace_open(&t, j.paths[k], err, sizeof err), 0);
		assert_int_equal(oc_analysis_run(&t, NULL, &a, err, sizeof err), 0);
		assert_non_null(f = fopen(json[k], "w"));
		assert_int_equal(oc_report_json(f, &a), 0);
		fclose(f);
		oc_analysis_release(&a);
		oc_trace_release(&t);
	}
	paths[0] = json[0];
	paths[1] = j.paths[1];     /* one report, one trace */
	if (oc_ranks_run(&m, paths, 2, NULL, err, sizeof err))
		fail_msg("%s", err);
	assert_int_equal(m.n_ranks, 2);
	assert_int_equal(m.ranks[0].from_json, 1);
	assert_int_equal(m.ranks[1].from_json, 0);
	assert_int_equal(m.n_insts, j.m.n_insts);
	for (size_t r = 0; r < 2; r++) {
		assert_int_equal(m.ranks[r].rank, j.m.ranks[r].rank);
		assert_int_equal(m.ranks[r].n_colls, j.m.ranks[r].n_colls);
		assert_int_equal(m.ranks[r].wait_ns, j.m.ranks[r].wait_ns);
		assert_int_equal(m.ranks[r].comm_ns, j.m.ranks[r].comm_ns);
		assert_int_equal(m.ranks[r].exposed_ns, j.m.ranks[r].exposed_ns);
		assert_int_equal(m.ranks[r].trace_start_ns, j.m.ranks[r].trace_start_ns);
		for (size_t k = 0; k < m.ranks[r].n_colls; k++) {
			const struct oc_rank_coll *a = &m.ranks[r].colls[k], *b = &j.m.ranks[r].colls[k];
			assert_int_equal(a->start_ns, b->start_ns);
			assert_int_equal(a->end_ns, b->end_ns);
			assert_int_equal(a->peer_wait, b->peer_wait);
			assert_int_equal(a->decisive, b->decisive);
			assert_int_equal(a->overlapped, b->overlapped);
			assert_int_equal(a->compute_ns, b->compute_ns);
		}
	}
	/* rank 0 overlapped compute for 50 of 300 µs and still waited 250 */
	assert_int_equal(m.ranks[0].colls[0].overlapped, 1);
	assert_int_equal(m.ranks[0].colls[0].wait_ns, 250 * U);
	assert_int_equal(oc_rank_coll_cause(&m.ranks[0].colls[0]), OC_CAUSE_PEER_WAIT);
	oc_ranks_release(&m);

	/* a JSON file that is no report */
	FILE *f = fopen(json[1], "w");
	fputs("{\"schema\": \"something-else\"}", f);
	fclose(f);
	paths[1] = json[1];
	assert_int_equal(oc_ranks_run(&m, paths, 2, NULL, err, sizeof err), -1);
	assert_non_null(strstr(err, "not an overlapcheck JSON report"));
	oc_ranks_release(&m);
	unlink(json[0]);
	unlink(json[1]);
	job_done(&j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_peer_wait),
		cmocka_unit_test(test_no_peer_wait),
		cmocka_unit_test(test_matching),
		cmocka_unit_test(test_two_hosts),
		cmocka_unit_test(test_rank_sources),
		cmocka_unit_test(test_ranks_by_device),
		cmocka_unit_test(test_from_json),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
