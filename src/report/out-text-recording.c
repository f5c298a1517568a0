/*
 * out-text-recording.c: the text report's sections on how the trace was
 * recorded: the capture windows, the queries timed but not listed, the
 * passport (device, driver, toolkit, environment, what was dropped), and
 * the copy engines. out-text.c calls them in the report's order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out-text.h"
#include "overlapcheck/report.h"

/* Where the device's time in the window went, and the largest lever. */
/* What part of the run was recorded (run --capture-range, --delay, ...). */
void oc_rt_capture(const struct out *o)
{
	const struct oc_trace *t = o->t;
	char b1[32], b2[32], nv[300];
	int64_t rec = 0;

	if (!t->capture_mode)
		return;
	fprintf(o->f, "Capture: %s", !strcmp(t->capture_mode, "nvtx") ? "NVTX range" :
		!strcmp(t->capture_mode, "all") ? "limited" : t->capture_mode);
	if (t->capture_nvtx)
		fprintf(o->f, " '%s'", clean(t->capture_nvtx, nv, sizeof nv, 200));
	fprintf(o->f, ", %zu window%s recorded", t->n_capture_windows,
		t->n_capture_windows == 1 ? "" : "s");
	for (size_t i = 0; i < t->n_capture_windows && i < 4; i++) {
		const struct oc_capture_window *w = &t->capture_windows[i];

		fprintf(o->f, "%s %s to %s", i ? "," : ":", dur(w->start_ns, b1, sizeof b1),
			w->end_ns == INT64_MAX ? "the end" : dur(w->end_ns, b2, sizeof b2));
	}
	if (t->n_capture_windows > 4)
		fprintf(o->f, ", and %zu more", t->n_capture_windows - 4);
	for (size_t i = 0; i < t->n_capture_windows; i++)
		if (t->capture_windows[i].end_ns != INT64_MAX)
			rec += t->capture_windows[i].end_ns - t->capture_windows[i].start_ns;
	if (rec)
		fprintf(o->f, " (%s in all)", dur(rec, b1, sizeof b1));
	if (t->capture_stopped)
		fprintf(o->f, "; stopped by the %s", !strcmp(t->capture_stopped, "duration") ?
			"--duration limit" : "--max-size limit");
	fputs(". Nothing outside them was recorded; idle time between them is not a gap.\n", o->f);
}

/*
 * The queries the tracer timed but did not list (docs/schema.md, "Queries"):
 * what they were, and that none of them can hide a synchronization.
 */
void oc_rt_queries(const struct out *o)
{
	const struct oc_trace *t = o->t;
	char b1[32], b2[32], b3[32], nm[200];
	int64_t calls = t->query_calls;

	if (t->queries_mode && !strcmp(t->queries_mode, "off")) {
		const char *lvl = oc_trace_meta(t, "api_level");
		int minimal = lvl && !strcmp(lvl, "minimal");

		fprintf(o->f, "Queries: not recorded (%s): time in cudaGetDevice and the like counts as time "
			"outside CUDA calls%s.\n\n", minimal ? "--api=minimal"
			: "OVERLAPCHECK_QUERIES=off", minimal ? ""
			: "; OVERLAPCHECK_QUERIES=summary counts and times them");
		return;
	}
	if (!calls)
		return;
	fprintf(o->f, "Queries: %lld call%s of %zu function%s", (long long)calls, calls == 1 ? "" : "s",
		t->n_queries, t->n_queries == 1 ? "" : "s");
	for (size_t i = 0; i < t->n_queries && i < 3; i++)
		fprintf(o->f, "%s%s %lld", i ? ", " : " (",
			t->queries[i].name ? clean(t->queries[i].name, nm, sizeof nm, 80) : "?",
			(long long)t->queries[i].calls);
	if (t->n_queries > 3)
		fprintf(o->f, ", %zu more", t->n_queries - 3);
	fprintf(o->f, ") were timed but are not listed, each under %s: %s in all, the longest %s. "
		"They read host state and never wait for the device.\n\n",
		t->query_min_ns >= 0 ? dur(t->query_min_ns, b1, sizeof b1) : "the threshold",
		dur(t->query_total_ns, b2, sizeof b2), dur(t->query_max_ns, b3, sizeof b3));
}

void oc_rt_passport(const struct out *o)
{
	const struct oc_trace *t = o->t;
	static const char *const env[] = {
		"CUDA_LAUNCH_BLOCKING", "CUDA_DEVICE_MAX_CONNECTIONS", "CUDA_MODULE_LOADING",
		"CUDA_VISIBLE_DEVICES",
	};
	char buf[512], key[64];

	fprintf(o->f, "\n%sPassport%s\n", col(o, C_BOLD), col(o, C_RESET));
	for (size_t d = 0; d < t->n_devices; d++) {
		const struct oc_device *dv = &t->devices[d];
		fprintf(o->f, "  GPU %d: %s", dv->id, clean(dv->name ? dv->name : "?", buf, sizeof buf, 80));
		if (dv->cc_major >= 0)
			fprintf(o->f, ", cc %d.%d", dv->cc_major, dv->cc_minor >= 0 ? dv->cc_minor : 0);
		else
			fputs(", cc ?", o->f);
		if (dv->sm_count > 0)
			fprintf(o->f, ", %d SMs", dv->sm_count);
		else
			fputs(", SMs ?", o->f);
		if (dv->async_engine_count >= 0)
			fprintf(o->f, ", %d copy engine%s", dv->async_engine_count,
				dv->async_engine_count == 1 ? "" : "s");
		else
			fprintf(o->f, ", copy engines unknown");
		if (dv->concurrent_kernels >= 0)
			fprintf(o->f, ", concurrent kernels %s", dv->concurrent_kernels ? "yes" : "no");
		fputs("\n", o->f);
	}
	fputs("  ", o->f);
	const char *vk[] = { "driver_version", "runtime_version", "cupti_version" };
	const char *vl[] = { "driver", "runtime", "CUPTI" };
	for (int k = 0; k < 3; k++) {
		const char *v = oc_trace_meta(t, vk[k]);
		fprintf(o->f, "%s%s %s", k ? ", " : "", vl[k], v ? clean(v, buf, sizeof buf, 40) : "?");
	}
	{       /* a rank of a distributed job, and its NCCL (docs/nccl.md) */
		const char *r = oc_trace_meta(t, "rank"), *ws = oc_trace_meta(t, "world_size");
		const char *lr = oc_trace_meta(t, "local_rank"), *nv = oc_trace_meta(t, "nccl_version");
		if (r)
			fprintf(o->f, "\n  rank %s of %s", clean(r, buf, sizeof buf, 20),
				ws ? clean(ws, key, sizeof key, 20) : "?");
		if (r && lr)
			fprintf(o->f, " (local rank %s)", clean(lr, buf, sizeof buf, 20));
		if (nv)
			fprintf(o->f, "%sNCCL %s", r ? "; " : "\n  ", clean(nv, buf, sizeof buf, 40));
	}
	const char *fmt = oc_trace_meta(t, "import.format");
	if (fmt) {
		/* an imported trace: what it came from, and what its input could not tell */
		const char *tool = oc_trace_meta(t, "import.tool"), *ver = oc_trace_meta(t, "import.format_version");
		const char *src = oc_trace_meta(t, "import.source"), *absent = oc_trace_meta(t, "import.absent");
		char b2[64], b3[512];
		fprintf(o->f, "\n  imported from %s (%s, format version %s), written by %s",
			clean(src ? src : "?", buf, sizeof buf, 200), clean(fmt, b2, sizeof b2, 40),
			ver ? clean(ver, key, sizeof key, 40) : "unknown", tool ? clean(tool, b3, sizeof b3, 200) : "?");
		fprintf(o->f, "\n  env: unknown (not in the input)");
		if (absent)
			fprintf(o->f, "\n  not in the input: %s", clean(absent, buf, sizeof buf, 400));
		if (oc_trace_meta(t, "claim_source"))
			fputs("\n  claims: copies and memsets by the API call's name (the input has no ASYNC flag)", o->f);
		fputs("\n", o->f);
		return;
	}
	fputs("\n  env:", o->f);
	for (size_t k = 0; k < sizeof env / sizeof env[0]; k++) {
		snprintf(key, sizeof key, "env.%s", env[k]);
		const char *v = oc_trace_meta(t, key);
		fprintf(o->f, " %s=%s", env[k], v ? clean(v, buf, sizeof buf, 60) : "(unset)");
	}
	{       /* the CUPTI kinds the tracer left off (meta kinds_off) */
		const char *off = oc_trace_meta(t, "kinds_off");

		if (off && *off)
			fprintf(o->f, "\n  not collected: CUPTI %s records%s", clean(off, buf, sizeof buf, 200),
				strstr(off, "CUDA_EVENT") ? " (CUDA_EVENT: events, waits and event syncs"
				" are tied through the handles the calls passed; run --cuda-events=record"
				" collects the records)" : "");
	}
	fputs("\n", o->f);
}

void oc_rt_engines(const struct out *o)
{
	const struct oc_analysis *a = o->a;
	char b1[32], b2[32], b3[32];

	for (size_t d = 0; d < a->n_devices; d++) {
		const struct oc_sweep *w = &a->devices[d].sweep;
		fprintf(o->f, "\n%sEngines, device %d%s\n", col(o, C_BOLD), a->devices[d].device_id,
			col(o, C_RESET));
		fprintf(o->f, "  %-22s %s\n", "makespan", dur(w->makespan_ns, b1, sizeof b1));
		for (int e = 0; e < OC_N_ENGINES; e++) {
			if (!w->busy_ns[e])
				continue;
			char label[40];
			snprintf(label, sizeof label, "%s busy", oc_engine_name(e));
			fprintf(o->f, "  %-22s %-10s %s of makespan\n", label, dur(w->busy_ns[e], b1, sizeof b1),
				pct(w->makespan_ns ? (double)w->busy_ns[e] / (double)w->makespan_ns : 0, b2, sizeof b2));
		}
		fprintf(o->f, "  %-22s %-10s %s of async copy time overlapped kernels\n", "copy/compute overlap",
			dur(w->copy_compute_ns, b1, sizeof b1), pct(w->copy_compute_share, b2, sizeof b2));
		fprintf(o->f, "  %-22s %.2f (%s: the busiest engine / makespan; 1.00 is the best overlap can do)\n",
			"pipeline bound", w->pipeline_bound, w->busiest >= 0 ? oc_engine_name(w->busiest) : "-");
		int64_t idle = w->concurrency_ns ? w->concurrency_ns[0] : 0;
		fprintf(o->f, "  %-22s %-10s %s of makespan; %zu gap%s >= %s (%s)\n", "idle", dur(idle, b1, sizeof b1),
			pct(w->makespan_ns ? (double)idle / (double)w->makespan_ns : 0, b2, sizeof b2),
			w->n_idle, w->n_idle == 1 ? "" : "s", dur(a->opts.gap_threshold_ns, b3, sizeof b3),
			dur(w->idle_ns, b3, sizeof b3));
		if (w->concurrency_ns && w->makespan_ns > 0) {
			fprintf(o->f, "  %-22s", "concurrency");
			for (size_t k = 0; k <= w->max_concurrency; k++)
				if (w->concurrency_ns[k])
					fprintf(o->f, " %zu:%s", k,
						pct((double)w->concurrency_ns[k] / (double)w->makespan_ns, b1, sizeof b1));
			fputs("\n", o->f);
		}
	}
	if (a->n_bandwidth) {
		fprintf(o->f, "\n%sBandwidth%s\n", col(o, C_BOLD), col(o, C_RESET));
		fprintf(o->f, "  %-6s %-10s %7s %12s %10s %10s %10s\n", "dir", "memory", "copies", "bytes", "GB/s",
			"min", "max");
		for (size_t k = 0; k < a->n_bandwidth; k++) {
			const struct oc_bandwidth *bw = &a->bandwidth[k];
			fprintf(o->f, "  %-6s %-10s %7zu %12llu %10.2f %10.2f %10.2f\n", oc_copy_kind_name(bw->copy_kind),
				oc_mem_kind_name(bw->mem_kind), bw->copies, (unsigned long long)bw->bytes, bw->gbps,
				bw->min_gbps, bw->max_gbps);
		}
	}
}
