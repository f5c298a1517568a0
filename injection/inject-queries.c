/*
 * inject-queries.c: the calls that only read host state ("queries",
 * apiargs.c's list, docs/schema.md "Queries"), timed by the callbacks
 * instead of CUPTI's API records.
 *
 * PyTorch asks for the current device, the last error and the primary
 * context's state around every kernel: about ten such calls per launch. Each
 * costs a few tens of nanoseconds, and its CUPTI API record several hundred.
 * None of them waits for the device, so none can be a hidden
 * synchronization, and the analysis needs of them only their time on the
 * thread, which the gap causes take as time outside CUDA calls when it was
 * not recorded. CUPTI's dispatch of their callbacks alone, empty, cost more
 * than the rest of the tracer's work on a framework loop (docs/performance.md,
 * run AM). OVERLAPCHECK_QUERIES chooses:
 *   off (default since 2026-12-04): API records off, their callbacks off:
 *            not seen at all (nsys takes no callback of theirs either);
 *            api_summary stays empty and the report says so;
 *   summary: their API records are off; the callbacks time each
 *            call, one that took at least OVERLAPCHECK_QUERY_US (default 10)
 *            gets its api row as before, the others are counted per thread
 *            and function in api_summary (inject-callbacks.c);
 *            OVERLAPCHECK_QUERY_SAMPLE=N (default 1) times one top-level
 *            query in N and counts the others: api_summary's total_ns is
 *            then the timed ones' scaled to every call, and a slow query
 *            gets its row only when timed (meta api_query_sample);
 *   record:  API records, as every other call (the tracer before 2026-12-01).
 * --api=minimal records no query: its calls are chosen one by one.
 *
 * OVERLAPCHECK_API_TIMING chooses how the other calls are timed:
 *   all (default): no API record at all (the RUNTIME and DRIVER kinds stay
 *            off); every callback of both domains is enabled and every
 *            top-level call's api row comes from its two callbacks, as nsys
 *            times calls: its duration on the thread clock (tick_now)
 *            between the two sites, its end on CUPTI's clock at the exit
 *            site, read as CLOCK_REALTIME where that is CUPTI's clock
 *            (checked: meta api_clock = realtime), else by cuptiGetTimestamp
 *            (cupti). CUPTI's API records cost more than the callbacks
 *            (docs/performance.md);
 *   callbacks: only the calls whose arguments the callbacks read anyway
 *            (apiargs.c's oc_args_cbids: launches, copies, memsets, stream
 *            and event calls, allocations, frees, explicit
 *            synchronizations) are timed so, the others keep CUPTI's records;
 *   records: CUPTI's API records for every call but the queries (the
 *            tracer before 2026-12-02).
 * --api=minimal chooses its calls' records one by one: unset means records
 * there, and all or callbacks means callbacks (its chosen calls timed by
 * their callbacks).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cupti.h>

#include "apiargs.h"
#include "writer.h"
#include "inject-priv.h"

uint8_t oc_t_rt_mask[CUPTI_RUNTIME_TRACE_CBID_SIZE];
uint8_t oc_t_drv_mask[CUPTI_DRIVER_TRACE_CBID_SIZE];
int oc_t_callbacks;   /* 1: the listed calls; 2: every call (OVERLAPCHECK_API_TIMING=all) */
int oc_t_realtime;
uint8_t oc_q_rt_slot[CUPTI_RUNTIME_TRACE_CBID_SIZE];
uint8_t oc_q_drv_slot[CUPTI_DRIVER_TRACE_CBID_SIZE];
uint64_t oc_q_min_ns = 10000;
unsigned oc_q_sample = 1;

static int mode = OC_Q_OFF;
static struct { uint8_t driver; CUpti_CallbackId cbid; } slots[OC_QUERY_MAX];
static unsigned nslots;

static const char *const mode_names[] = { "record", "summary", "off" };

void oc_q_init(void)
{
	const char *v = getenv("OVERLAPCHECK_QUERIES");
	const char *us = getenv("OVERLAPCHECK_QUERY_US");
	const char *sample = getenv("OVERLAPCHECK_QUERY_SAMPLE");

	mode = OC_Q_OFF;
	{
		const char *tc = getenv("OVERLAPCHECK_THREAD_CLOCK");

		if (tc && *tc && strcmp(tc, "monotonic") && strcmp(tc, "tsc"))
			oc_writer_warn("inject", "bad_setting",
				       "ignoring OVERLAPCHECK_THREAD_CLOCK='%s': expected tsc or monotonic", tc);
	}
	if (v && *v) {
		for (int i = 0; i < 3; i++)
			if (!strcmp(v, mode_names[i]))
				mode = i;
		if (strcmp(v, mode_names[mode]))
			oc_writer_warn("inject", "bad_setting",
				       "ignoring OVERLAPCHECK_QUERIES='%s': expected off, summary or record", v);
	}
	if (oc_inj.api_minimal) {
		/* its API records are chosen one by one: no query among them */
		if (mode != OC_Q_OFF)
			oc_writer_warn("inject", "bad_setting",
				       "ignoring OVERLAPCHECK_QUERIES='%s': --api=minimal records no query", v);
		mode = OC_Q_OFF;
	}
	if (us && *us) {
		char *end;
		unsigned long long n = strtoull(us, &end, 10);

		if (*end || n > 60000000ull)
			oc_writer_warn("inject", "bad_setting",
				       "ignoring OVERLAPCHECK_QUERY_US='%s': expected 0..60000000", us);
		else
			oc_q_min_ns = n * 1000u;
	}
	oc_q_sample = 1;
	if (sample && *sample) {
		char *end;
		unsigned long long n = strtoull(sample, &end, 10);

		if (*end || n < 1 || n > 65536)
			oc_writer_warn("inject", "bad_setting",
				       "ignoring OVERLAPCHECK_QUERY_SAMPLE='%s': expected 1..65536", sample);
		else
			oc_q_sample = (unsigned)n;
	}
	/* the two settings of summary, given without it (the default is off) */
	if (mode != OC_Q_SUMMARY && !oc_inj.api_minimal)
		for (int i = 0; i < 2; i++) {
			const char *val = i ? sample : us;

			if (val && *val)
				oc_writer_warn("inject", "bad_setting",
					       "ignoring OVERLAPCHECK_QUERY_%s='%s': it applies with "
					       "OVERLAPCHECK_QUERIES=summary, and the queries are %s here",
					       i ? "SAMPLE" : "US", val, mode_names[mode]);
		}
	{
		const char *tm = getenv("OVERLAPCHECK_API_TIMING");

		oc_t_callbacks = tm && !strcmp(tm, "records") ? 0 : tm && !strcmp(tm, "callbacks") ? 1 : 2;
		if (tm && *tm && oc_t_callbacks == 2 && strcmp(tm, "all"))
			oc_writer_warn("inject", "bad_setting",
				       "ignoring OVERLAPCHECK_API_TIMING='%s': expected all, callbacks or records",
				       tm);
		/* minimal chooses its calls' records one by one: records, unless
		 * callbacks is asked for (all would time every call) */
		if (oc_inj.api_minimal && oc_t_callbacks == 2)
			oc_t_callbacks = tm && !strcmp(tm, "all") ? 1 : 0;
	}
	memset(oc_t_rt_mask, 0, sizeof oc_t_rt_mask);
	memset(oc_t_drv_mask, 0, sizeof oc_t_drv_mask);
	for (int d = 0; d < 2 && oc_t_callbacks; d++) {
		size_t n;
		const CUpti_CallbackId *ids =
			oc_args_cbids(d ? CUPTI_CB_DOMAIN_DRIVER_API : CUPTI_CB_DOMAIN_RUNTIME_API, &n);

		for (size_t i = 0; i < n; i++)
			if (ids[i] < (d ? CUPTI_DRIVER_TRACE_CBID_SIZE : CUPTI_RUNTIME_TRACE_CBID_SIZE))
				(d ? oc_t_drv_mask : oc_t_rt_mask)[ids[i]] = 1;
	}
	/* the tracer's own functions: a program's call of one is timed by its
	 * callbacks in every mode, their records being off (oc_q_disable_records) */
	for (int d = 0; d < 2 && !oc_inj.api_minimal; d++) {
		size_t n;
		const CUpti_CallbackId *ids =
			oc_args_tracer_cbids(d ? CUPTI_CB_DOMAIN_DRIVER_API : CUPTI_CB_DOMAIN_RUNTIME_API, &n);

		for (size_t i = 0; i < n; i++)
			if (ids[i] < (d ? CUPTI_DRIVER_TRACE_CBID_SIZE : CUPTI_RUNTIME_TRACE_CBID_SIZE))
				(d ? oc_t_drv_mask : oc_t_rt_mask)[ids[i]] = 1;
	}
	memset(oc_q_rt_slot, 0, sizeof oc_q_rt_slot);
	memset(oc_q_drv_slot, 0, sizeof oc_q_drv_slot);
	nslots = 0;
	/* summary: the queries are timed here; off with every callback on
	 * (OVERLAPCHECK_API_TIMING=all): their callbacks are turned off
	 * (oc_q_enable_callbacks), and one that still comes is left untimed.
	 * record with every callback on: each gets its row from the callbacks,
	 * like every other call (there is no API record to keep). */
	if (mode != OC_Q_SUMMARY && !(mode == OC_Q_OFF && oc_t_callbacks == 2))
		return;
	for (int d = 0; d < 2; d++) {
		size_t n;
		const CUpti_CallbackId *ids =
			oc_args_query_cbids(d ? CUPTI_CB_DOMAIN_DRIVER_API : CUPTI_CB_DOMAIN_RUNTIME_API, &n);

		for (size_t i = 0; i < n && nslots < OC_QUERY_MAX; i++) {
			uint8_t *map = d ? oc_q_drv_slot : oc_q_rt_slot;
			size_t size = d ? CUPTI_DRIVER_TRACE_CBID_SIZE : CUPTI_RUNTIME_TRACE_CBID_SIZE;

			if (ids[i] >= size || map[ids[i]])
				continue;
			slots[nslots].driver = (uint8_t)d;
			slots[nslots].cbid = ids[i];
			map[ids[i]] = (uint8_t)++nslots;
		}
	}
}

/* The RUNTIME and DRIVER kinds stay off: --api=minimal (its calls' records
 * are chosen one by one) or OVERLAPCHECK_API_TIMING=all (no record at all). */
int oc_t_no_api_kinds(void)
{
	return oc_inj.api_minimal || oc_t_callbacks == 2;
}

int oc_q_mode(void)
{
	return mode;
}

unsigned oc_q_slots(void)
{
	return nslots;
}

void oc_q_slot_info(unsigned slot, int *driver, CUpti_CallbackId *cbid)
{
	*driver = slots[slot].driver;
	*cbid = slots[slot].cbid;
}

/*
 * CUPTI's clock on Linux is clock_gettime(CLOCK_REALTIME) (cupti_activity.h,
 * cuptiActivityRegisterTimestampCallback; CLOCK_MONOTONIC_RAW under WSL, or
 * a client's own clock once registered). Read through cuptiGetTimestamp it
 * cost about 110 ns a call on the H200 (docs/performance.md), read from the
 * vDSO about 20. Whether it is that clock here is checked, not assumed:
 * of five reads of CUPTI's clock, each between two of CLOCK_REALTIME, the
 * one with the narrowest window must lie within CLOCK_SKEW_NS of them
 * (clock_distance); the check is made again at the end
 * (oc_q_clock_check_end), and meta api_clock_skew_ns says the larger of
 * the two distances. OVERLAPCHECK_API_CLOCK=cupti keeps cuptiGetTimestamp. The
 * calls' durations are on the thread clock either way (tick_now).
 */
#define CLOCK_SKEW_NS 20000u

static uint64_t clock_skew = UINT64_MAX;   /* the largest distance seen, ns */

/*
 * CUPTI's clock against CLOCK_REALTIME: of 5 reads of it, each between two of
 * CLOCK_REALTIME, the one whose two reads lay closest together, and its
 * distance from their middle; UINT64_MAX if unreadable. A read the thread
 * was preempted or interrupted in has a wide window and is not the one
 * taken, so a loaded machine neither fails the set-up check nor warns of a
 * drift at the end that the clocks did not make.
 */
static uint64_t clock_distance(void)
{
	uint64_t best_w = UINT64_MAX, best_d = UINT64_MAX;

	for (int i = 0; i < 5; i++) {
		uint64_t a = realtime_ns(), c = 0, b, mid, d;

		if (cuptiGetTimestamp(&c) != CUPTI_SUCCESS)
			return UINT64_MAX;
		b = realtime_ns();
		if (b < a)
			continue;   /* CLOCK_REALTIME stepped back between the two */
		mid = a + (b - a) / 2;
		d = c > mid ? c - mid : mid - c;
		if (b - a < best_w) {
			best_w = b - a;
			best_d = d;
		}
	}
	return best_d;
}

static int cupti_clock_is_realtime(void)
{
	const char *v = getenv("OVERLAPCHECK_API_CLOCK");

	if (v && *v && strcmp(v, "auto")) {
		if (strcmp(v, "cupti"))
			oc_writer_warn("inject", "bad_setting",
				       "ignoring OVERLAPCHECK_API_CLOCK='%s': expected auto or cupti", v);
		else
			return 0;
	}
	clock_skew = clock_distance();
	return clock_skew <= CLOCK_SKEW_NS;
}

/* At the end: the same check again; a CUPTI clock that left CLOCK_REALTIME
 * meanwhile is said, with how far (the calls' rows may be off by that). */
void oc_q_clock_check_end(void)
{
	uint64_t d;

	if (!oc_t_realtime)
		return;
	d = clock_distance();
	if (d > clock_skew)   /* the set-up check put it within CLOCK_SKEW_NS */
		clock_skew = d;
	if (clock_skew != UINT64_MAX)
		oc_writer_meta_int("api_clock_skew_ns", (long long)clock_skew);
	if (d == UINT64_MAX)
		oc_writer_warn("cupti", "api_clock_drift",
			       "CUPTI's clock could not be read at the end: whether the API calls' times "
			       "kept to the device's is not known");
	else if (d > CLOCK_SKEW_NS)
		oc_writer_warn("cupti", "api_clock_drift",
			       "CUPTI's clock was %llu ns from CLOCK_REALTIME at the end: the API calls' "
			       "times may be off by that much against the device's",
			       (unsigned long long)d);
}

/* summary: the callbacks that time the queries. */
void oc_q_enable_callbacks(CUpti_SubscriberHandle sub)
{
	uint64_t ts;

	if (cuptiGetTimestamp(&ts) != CUPTI_SUCCESS) {
		if (oc_t_callbacks)
			oc_writer_warn("cupti", "no_timestamp",
				       "cannot read CUPTI's clock: API calls are timed by their records");
		oc_t_callbacks = 0;
		/* nothing is timed by the callbacks: every record stays */
		memset(oc_t_rt_mask, 0, sizeof oc_t_rt_mask);
		memset(oc_t_drv_mask, 0, sizeof oc_t_drv_mask);
	}
	oc_t_realtime = oc_t_callbacks && cupti_clock_is_realtime();
	if (oc_t_callbacks == 2 &&
	    (cuptiEnableDomain(1, sub, CUPTI_CB_DOMAIN_RUNTIME_API) != CUPTI_SUCCESS ||
	     cuptiEnableDomain(1, sub, CUPTI_CB_DOMAIN_DRIVER_API) != CUPTI_SUCCESS)) {
		oc_t_callbacks = 1;
		oc_writer_warn("cupti", "enable_domain_failed",
			       "cannot enable every API callback: API calls are timed by their records");
	}
	/* the tracer's own functions, timed by their callbacks in every mode */
	for (int d = 0; d < 2 && oc_t_callbacks != 2; d++) {
		size_t n;
		CUpti_CallbackDomain dom = d ? CUPTI_CB_DOMAIN_DRIVER_API : CUPTI_CB_DOMAIN_RUNTIME_API;
		const CUpti_CallbackId *ids = oc_args_tracer_cbids(dom, &n);

		for (size_t i = 0; i < n; i++) {
			uint8_t *mask = d ? (ids[i] < CUPTI_DRIVER_TRACE_CBID_SIZE ? &oc_t_drv_mask[ids[i]] : NULL)
					  : (ids[i] < CUPTI_RUNTIME_TRACE_CBID_SIZE ? &oc_t_rt_mask[ids[i]] : NULL);

			if (mask && *mask && cuptiEnableCallback(1, sub, dom, ids[i]) != CUPTI_SUCCESS)
				*mask = 0;   /* its record stays (oc_q_disable_records) */
		}
	}
	/* off with every callback on: the queries' callbacks are turned off one
	 * by one after the domains, so CUPTI calls nothing for them (nsys takes
	 * no callback of theirs either); one that stays on comes to query_call
	 * and is left untimed */
	for (unsigned i = 0; i < nslots; i++) {
		CUpti_CallbackDomain d = slots[i].driver ? CUPTI_CB_DOMAIN_DRIVER_API
							 : CUPTI_CB_DOMAIN_RUNTIME_API;
		int on = mode != OC_Q_OFF;
		CUptiResult rc = cuptiEnableCallback(on, sub, d, slots[i].cbid);

		if (rc != CUPTI_SUCCESS && on)
			oc_writer_warn("cupti", "enable_callback_failed",
				       "cannot enable CUPTI callback %u of domain %d: %s",
				       slots[i].cbid, (int)d, cupti_err(rc));
	}
}

/*
 * summary, off: the queries' API records off. After every
 * cuptiActivityEnable of RUNTIME or DRIVER, which turns them all back on.
 */
void oc_q_disable_records(void)
{
	static int warned;

	for (int d = 0; d < 6; d++) {
		size_t n;
		CUpti_CallbackDomain dom = d & 1 ? CUPTI_CB_DOMAIN_DRIVER_API : CUPTI_CB_DOMAIN_RUNTIME_API;
		const CUpti_CallbackId *ids;

		if (d < 2 && (mode == OC_Q_RECORD || oc_inj.api_minimal))
			continue;   /* the queries' records stay (or were never on) */
		if (d >= 2 && d < 4 && !oc_t_callbacks)
			continue;   /* the other calls' records stay */
		/* the tracer's own functions: their records off wherever they are timed
		 * by the callbacks (oc_q_init), so that no call of the tracer's is one */
		if (d >= 4 && (oc_inj.api_minimal || oc_t_callbacks == 2))
			continue;
		ids = d < 2 ? oc_args_query_cbids(dom, &n) : d < 4 ? oc_args_cbids(dom, &n)
			    : oc_args_tracer_cbids(dom, &n);

		for (size_t i = 0; i < n; i++) {
			uint8_t *slot = d & 1 ? (ids[i] < CUPTI_DRIVER_TRACE_CBID_SIZE ? &oc_q_drv_slot[ids[i]] : NULL)
					      : (ids[i] < CUPTI_RUNTIME_TRACE_CBID_SIZE ? &oc_q_rt_slot[ids[i]] : NULL);
			uint8_t *mask = d & 1 ? (ids[i] < CUPTI_DRIVER_TRACE_CBID_SIZE ? &oc_t_drv_mask[ids[i]] : NULL)
					      : (ids[i] < CUPTI_RUNTIME_TRACE_CBID_SIZE ? &oc_t_rt_mask[ids[i]] : NULL);
			CUptiResult rc;

			if (d >= 4 && !(mask && *mask))
				continue;   /* not timed by its callback: its record stays */
			rc = d & 1 ? cuptiActivityEnableDriverApi(ids[i], 0)
				   : cuptiActivityEnableRuntimeApi(ids[i], 0);
			if (rc == CUPTI_SUCCESS)
				continue;
			/* its record stays: the callbacks leave it to the record, so that
			 * the call is neither listed twice nor listed and counted */
			if (d < 2 && slot)
				*slot = 0;
			if (d >= 2 && mask)
				*mask = 0;
			if (!warned++)
				oc_writer_warn("cupti", "query_records_on",
					       "cannot turn off the API record of %s callback %u (%s): such "
					       "calls keep their records", d & 1 ? "driver" : "runtime",
					       (unsigned)ids[i], cupti_err(rc));
		}
	}
}

/* ---- the thread clock (inject-priv.h) ------------------------------------- */

int oc_tick_tsc;
_Atomic uint64_t oc_tick_mult = 1ull << 32;

#if defined(__x86_64__)
static uint64_t tick0, tick0_ns;      /* the calibration's first pair */
static _Atomic int tick_settled;      /* refined over long enough: no more refining */

/* A TSC reading and CLOCK_MONOTONIC at the same moment: the narrowest of
 * five tries, the TSC at the middle of the clock read. */
static int tick_pair(uint64_t *ticks, uint64_t *ns)
{
	uint64_t best = UINT64_MAX;

	for (int i = 0; i < 5; i++) {
		uint64_t a = rdtsc_now(), n = mono_ns(), b = rdtsc_now();

		if (b >= a && b - a < best) {
			best = b - a;
			*ticks = a + (b - a) / 2;
			*ns = n;
		}
	}
	return best != UINT64_MAX;
}

/* The kernel keeps time on the TSC: it found it invariant and in step
 * across CPUs (else it would have chosen another clocksource). */
static int kernel_on_tsc(void)
{
	char buf[32] = "";
	FILE *f = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "r");

	if (!f)
		return 0;
	if (!fgets(buf, sizeof buf, f))
		buf[0] = 0;
	fclose(f);
	return !strcmp(buf, "tsc\n") || !strcmp(buf, "tsc");
}

/* ns per tick from the first pair to (t, n), 32.32; 0 if implausible
 * (a TSC outside 100 MHz .. 20 GHz). */
static uint64_t tick_factor(uint64_t t, uint64_t n)
{
	double f;

	if (t <= tick0 || n <= tick0_ns)
		return 0;
	f = (double)(n - tick0_ns) / (double)(t - tick0);
	if (!(f > 0.05 && f < 10.0))
		return 0;
	return (uint64_t)(f * 4294967296.0 + 0.5);
}
#endif

/*
 * Before the writer starts (inject.c): the 1 ms calibration is the
 * program's wait at set-up, not a head start for the writer's first
 * batch. A bad setting is said once the writer runs (oc_q_init).
 */
void oc_tick_init(void)
{
	const char *v = getenv("OVERLAPCHECK_THREAD_CLOCK");

	oc_tick_tsc = 0;   /* tick_ns reads the factor only with the TSC */
	if (v && !strcmp(v, "monotonic"))
		return;
#if defined(__x86_64__)
	if (!kernel_on_tsc())
		return;
	{
		uint64_t t, n, m;

		if (!tick_pair(&tick0, &tick0_ns))
			return;
		/* 1 ms apart: a factor good to a few parts in 10^5 at once, which
		 * the flush thread refines to far better */
		while (mono_ns() - tick0_ns < 1000000)
			;
		if (!tick_pair(&t, &n) || !(m = tick_factor(t, n)))
			return;
		atomic_store(&oc_tick_mult, m);
		oc_tick_tsc = 1;
	}
#endif
}

/* The factor again, from the first pair to now (the flush thread); it
 * settles after a minute. */
void oc_tick_refine(void)
{
#if defined(__x86_64__)
	uint64_t t, n, m;

	if (!oc_tick_tsc || atomic_load_explicit(&tick_settled, memory_order_relaxed) ||
	    !tick_pair(&t, &n))
		return;
	if ((m = tick_factor(t, n)) != 0)
		atomic_store_explicit(&oc_tick_mult, m, memory_order_relaxed);
	if (n - tick0_ns > 60ull * 1000000000u)
		atomic_store(&tick_settled, 1);
#endif
}

/* What the trace says about it (docs/schema.md, meta). */
void oc_q_meta(void)
{
	oc_writer_meta("api_queries", mode_names[mode]);
	oc_writer_meta("api_timing", oc_t_callbacks == 2 ? "all" : oc_t_callbacks ? "callbacks" : "records");
	if (oc_t_callbacks)
		oc_writer_meta("api_clock", oc_t_realtime ? "realtime" : "cupti");
	if (mode == OC_Q_SUMMARY)
		oc_writer_meta_int("api_query_min_ns", (long long)oc_q_min_ns);
	if (mode == OC_Q_SUMMARY && oc_q_sample > 1)
		oc_writer_meta_int("api_query_sample", (long long)oc_q_sample);
	oc_tick_meta();
}

/* At the end: the rate as refined by now, and the kernel still keeps time on
 * the TSC (its watchdog drops a TSC it finds unstable); else the durations
 * timed on it are suspect. */
void oc_tick_end(void)
{
	oc_tick_refine();
	oc_tick_meta();
#if defined(__x86_64__)
	if (oc_tick_tsc && !kernel_on_tsc())
		oc_writer_warn("inject", "thread_clock_unstable",
			       "the kernel stopped keeping time on the TSC during the run: the calls' "
			       "durations, timed on it, may be off where a thread moved between CPUs");
#endif
}

/* The thread clock and, for the TSC, its rate as now known (again at the end). */
void oc_tick_meta(void)
{
	char rate[32];

	oc_writer_meta("thread_clock", oc_tick_tsc ? "tsc" : "monotonic");
	if (!oc_tick_tsc)
		return;
	snprintf(rate, sizeof rate, "%.3f",
		 4294967296.0 * 1000.0 / (double)atomic_load(&oc_tick_mult));
	oc_writer_meta("thread_clock_ticks_per_us", rate);
}
