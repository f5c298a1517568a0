/*
 * import-kineto-write.c: a Kineto trace's records, split by process, into
 * traces.
 *
 * The processes are the pids of the API calls; a GPU event belongs to the
 * process of the call with its correlation id (or to the only process), and
 * one without is left out with a warning. Each process's records are written
 * as one trace through the writer (import-write.c), rebased to the
 * process's first event from baseTimeNanoseconds, with the passport that
 * says what a Kineto trace does not hold. Without cuda_sync events the
 * calls named cudaDeviceSynchronize, cudaStreamSynchronize and
 * cudaEventSynchronize become explicit syncs by their names.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "import-kineto.h"
#include "overlapcheck/codes.h"

/* ---- processes and writing ----------------------------------------------------- */

struct corrpid {
	uint32_t corr;
	int64_t pid;
};

static int corrpid_cmp(const void *x, const void *y)
{
	const struct corrpid *a = x, *b = y;

	if (a->corr != b->corr)
		return a->corr < b->corr ? -1 : 1;
	return (a->pid > b->pid) - (a->pid < b->pid);
}

static int i64_cmp(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;

	return (a > b) - (a < b);
}

/* The process of correlation id corr: NONE when no call has it. */
static int64_t pid_of(const struct corrpid *m, size_t n, uint32_t corr)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m[mid].corr < corr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && m[lo].corr == corr ? m[lo].pid : NONE;
}

static int is_sync_name(const char *n, uint32_t *type)
{
	static const struct { const char *name; uint32_t type; } s[] = {
		{ "cudaDeviceSynchronize", OC_SYNC_CONTEXT }, { "cuCtxSynchronize", OC_SYNC_CONTEXT },
		{ "cudaStreamSynchronize", OC_SYNC_STREAM }, { "cuStreamSynchronize", OC_SYNC_STREAM },
		{ "cudaEventSynchronize", OC_SYNC_EVENT }, { "cuEventSynchronize", OC_SYNC_EVENT },
	};

	for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
		size_t l = strlen(s[i].name);

		if (!strncmp(n, s[i].name, l) && (!n[l] || n[l] == '_')) {
			*type = s[i].type;
			return 1;
		}
	}
	return 0;
}

static int write_passport(struct kin *k, struct tw *w, int64_t pid, int64_t start, int synth_syncs)
{
	char tool[160], absent[320];
	int rc;

	if (!k->schema[0] && !k->saw_base)   /* a Chrome trace, but none of Kineto's marks */
		snprintf(tool, sizeof tool, "unknown (a Chrome trace without Kineto's schemaVersion "
			 "and baseTimeNanoseconds)");
	else
		snprintf(tool, sizeof tool, "PyTorch profiler (Kineto)%s%s", k->cupti[0] ? ", CUPTI " : "",
			 k->cupti);
	snprintf(absent, sizeof absent, "ASYNC flag, stream flags, API call arguments, exit status, "
		 "dropped-record count, environment (CUDA_*), copy engines (asyncEngineCount), "
		 "concurrentKernels, maxBlocksPerSm%s%s", synth_syncs ? ", cuda_sync events" : "",
		 k->saw_base ? "" : ", baseTimeNanoseconds");
	rc = tw_passport(w, &(struct tw_passport){
		.start_ns = start, .start_known = 1, .pid = pid == NONE || pid < 0 ? -1 : (long)pid,
		.format = "kineto-json", .format_version = k->schema[0] ? k->schema : "unknown",
		.tool = tool, .source = k->im->input, .absent = absent,
	});
	for (size_t i = 0; i < k->n_procs; i++)
		if (k->procs[i].pid == pid) {
			rc |= tw_meta(w, "import.process_name", k->names.s[k->procs[i].name]);
			break;
		}
	if (k->driver[0])
		rc |= tw_meta(w, "driver_version", k->driver);
	if (k->runtime[0])
		rc |= tw_meta(w, "runtime_version", k->runtime);
	if (k->cupti[0])
		rc |= tw_meta(w, "cupti_version", k->cupti);
	for (size_t i = 0; i < k->n_devs; i++) {
		const struct kdev *d = &k->devs[i];
		static const char *const keys[] = {
			"global_memory_bytes", "cc_major", "cc_minor", "sm_count", "max_threads_per_sm",
			"max_registers_per_sm", "max_shared_memory_per_sm", "max_threads_per_block",
		};
		const int64_t vals[] = {
			d->mem, d->cc_major, d->cc_minor, d->sms, d->threads_per_sm, d->regs_per_sm,
			d->smem_per_sm, d->threads_per_block,
		};
		char key[64];

		if (d->name[0]) {
			snprintf(key, sizeof key, "device.%lld.name", (long long)d->id);
			rc |= tw_meta(w, key, d->name);
		}
		for (size_t j = 0; j < sizeof keys / sizeof keys[0]; j++)
			if (vals[j] != NONE && vals[j] >= 0) {
				snprintf(key, sizeof key, "device.%lld.%s", (long long)d->id, keys[j]);
				rc |= tw_meta_int(w, key, vals[j]);
			}
	}
	return rc ? -1 : 0;
}

/* The op's process: its call's, or the only process's. */
static int64_t op_pid(const struct corrpid *m, size_t nm, const int64_t *pids, size_t np, uint32_t corr)
{
	int64_t p = pid_of(m, nm, corr);

	return p != NONE ? p : np == 1 ? pids[0] : NONE;
}

static int write_process(struct kin *k, int64_t pid, const int64_t *pids, size_t np,
			 const struct corrpid *m, size_t nm, size_t n_out)
{
	struct imp *im = k->im;
	char path[4096], err[4800];
	int64_t lo = INT64_MAX;
	struct tw w;
	int synth = k->n_syncs == 0;
	size_t no_api = 0;

	/* the time base: the process's first event */
	for (size_t i = 0; i < k->n_ops; i++)
		if (op_pid(m, nm, pids, np, k->ops[i].corr) == pid && k->ops[i].ts < lo)
			lo = k->ops[i].ts;
	for (size_t i = 0; i < k->n_api; i++)
		if (k->api[i].pid == pid && k->api[i].ts < lo)
			lo = k->api[i].ts;
	if (lo == INT64_MAX)
		lo = 0;
	if (k->saw_base && (k->base_ns > LIMIT || k->base_ns < -LIMIT))
		return oc_imp_fail(im, "baseTimeNanoseconds %lld is out of range", (long long)k->base_ns);
	int64_t start = (k->saw_base ? k->base_ns : 0) + lo;

	if (oc_imp_output(im, pid == NONE ? -1 : pid, n_out, path, sizeof path))
		return -1;
	if (tw_open(&w, im->in_memory ? NULL : path, im->o->flags, err, sizeof err))
		return oc_imp_fail(im, "%s", err);
	if (write_passport(k, &w, pid, start, synth))
		goto sql;
	for (size_t i = 0; i < im->r->n_warnings; i++)
		if (tw_warning(&w, im->codes[i], im->r->warnings[i]))
			goto sql;
	/* contexts, from the ops: their devices */
	for (size_t i = 0; i < k->n_ops; i++) {
		const struct kop *o = &k->ops[i];

		if (op_pid(m, nm, pids, np, o->corr) != pid)
			continue;
		if (tw_context(&w, o->context, o->device, -1))
			goto sql;
		struct tw_op t = {
			.start_ns = o->ts - lo, .dur_ns = o->dur, .device = o->device,
			.context = o->context, .stream = o->stream, .corr = o->corr, .kind = o->kind,
			.copy_kind = o->copy_kind, .src_kind = o->src_kind, .dst_kind = o->dst_kind,
			.bytes = o->bytes, .name = -1, .registers = o->regs, .static_smem = o->smem,
			.dynamic_smem = o->smem >= 0 ? 0 : -1, .graph_id = (uint64_t)o->graph_id,
			.graph_node_id = (uint64_t)o->graph_node_id, .src_device = o->src_device,
			.dst_device = o->dst_device,
		};

		memcpy(t.grid, o->grid, sizeof t.grid);
		memcpy(t.block, o->block, sizeof t.block);
		if (o->kind == OC_OP_KERNEL) {
			t.name = tw_str(&w, k->names.s[o->name], k->names.len[o->name]);
			if (t.name < 0)
				goto sql;
		} else if (pid_of(m, nm, o->corr) == NONE) {
			no_api++;
		}
		if (tw_op(&w, &t))
			goto sql;
	}
	for (size_t i = 0; i < k->n_api; i++) {
		const struct kapi *a = &k->api[i];
		uint32_t type;

		if (a->pid != pid)
			continue;
		struct tw_api t = {
			.start_ns = a->ts - lo, .dur_ns = a->dur, .corr = a->corr, .tid = a->tid,
			.domain = a->domain, .cbid = a->cbid, .name = k->names.s[a->name],
			.name_len = k->names.len[a->name], .ret = 0,
		};

		if (tw_api(&w, &t))
			goto sql;
		if (synth && is_sync_name(t.name, &type)) {
			struct tw_sync s = { .start_ns = a->ts - lo, .end_ns = a->ts - lo + a->dur,
					     .type = type, .context = -1, .stream = -1, .event = -1,
					     .corr = a->corr };

			if (tw_sync(&w, &s))
				goto sql;
		}
	}
	for (size_t i = 0; i < k->n_syncs; i++) {
		const struct ksync *s = &k->syncs[i];

		if (op_pid(m, nm, pids, np, s->corr) != pid)
			continue;
		struct tw_sync t = { .start_ns = s->ts - lo, .end_ns = s->ts - lo + s->dur,
				     .type = s->type, .context = s->context, .stream = s->stream,
				     .event = s->event, .corr = s->corr };

		if (tw_sync(&w, &t))
			goto sql;
		if (s->type == OC_SYNC_STREAM_WAIT_EVENT && s->event >= 0 && s->wait_stream >= 0 &&
		    s->record_corr >= 0 &&
		    tw_event(&w, s->event, s->context, s->wait_stream, s->device, s->record_corr))
			goto sql;
	}
	for (size_t i = 0; i < k->n_ovh; i++)
		if (tw_overhead(&w, k->ovh[i].kind, k->ovh[i].ts - lo, k->ovh[i].ts - lo + k->ovh[i].dur))
			goto sql;
	int64_t marker = 1;

	for (size_t i = 0; i < k->n_marks; i++) {
		const struct kmark *mk = &k->marks[i];

		if (mk->pid != pid)
			continue;
		int64_t name = tw_str(&w, k->names.s[mk->name], k->names.len[mk->name]);

		if (name < 0 || tw_marker(&w, marker, 2, mk->ts - lo, mk->tid, name, -1) ||
		    tw_marker(&w, marker, 4, mk->ts - lo + mk->dur, mk->tid, -1, -1))
			goto sql;
		marker++;
	}
	if (!synth && tw_drop_poll_syncs(&w) < 0)
		goto sql;
	if (no_api) {
		snprintf(err, sizeof err, "%zu copies and memsets have no API call in this trace "
			 "(none with their correlation id): they are device work, but not claims, "
			 "since only the call tells an asynchronous copy", no_api);
		if (tw_warning(&w, "ops_without_api", err))
			goto sql;
	}
	if (w.n_skipped) {
		snprintf(err, sizeof err, "%zu API calls repeated a correlation id more than 4 times "
			 "and were left out", w.n_skipped);
		if (tw_warning(&w, "api_calls_skipped", err))
			goto sql;
	}
	size_t ops = w.n_ops, napi = w.n_api, nsync = w.n_syncs;

	if (tw_close(&w, 1, err, sizeof err))
		return oc_imp_fail(im, "%s", err);
	return oc_imp_done(im, im->in_memory ? NULL : path, pid == NONE ? -1 : pid, ops, napi, nsync);
sql:
	snprintf(err, sizeof err, "cannot write trace '%s': %s", im->in_memory ? ":memory:" : path,
		 tw_errmsg(&w));
	tw_close(&w, 0, NULL, 0);
	return oc_imp_fail(im, "%s", err);
}

int kin_finish(struct kin *k)
{
	struct imp *im = k->im;
	struct corrpid *m = NULL;
	int64_t *pids = NULL;
	size_t np = 0, unattributed = 0;
	int rc = -1;

	/* processes: the pids of the API calls */
	m = malloc((k->n_api + 1) * sizeof *m);
	pids = malloc((k->n_api + 1) * sizeof *pids);
	if (!m || !pids) {
		kin_nomem(k);
		goto out;
	}
	for (size_t i = 0; i < k->n_api; i++) {
		m[i] = (struct corrpid){ k->api[i].corr, k->api[i].pid };
		pids[i] = k->api[i].pid;
	}
	oc_sort(m, k->n_api, sizeof *m, corrpid_cmp);
	oc_sort(pids, k->n_api, sizeof *pids, i64_cmp);
	for (size_t i = 0; i < k->n_api; i++)
		if (!np || pids[np - 1] != pids[i])
			pids[np++] = pids[i];
	if (!np)
		pids[np++] = NONE;      /* GPU events only: one process, pid unknown */
	for (size_t i = 0; i < k->n_ops; i++)
		if (op_pid(m, k->n_api, pids, np, k->ops[i].corr) == NONE)
			unattributed++;

	/* what this trace cannot tell, once for all its processes */
	if (!k->n_syncs && oc_imp_warn(im, "no_sync_events", "this Kineto trace has no cuda_sync "
			    "events (torch.profiler writes them only with "
			    "experimental_config=_ExperimentalConfig(enable_cuda_sync_events=True)): "
			    "stream waits on events are not seen, so event_dependency cannot be "
			    "proven; cudaDeviceSynchronize, cudaStreamSynchronize and "
			    "cudaEventSynchronize are taken as explicit synchronizations by their "
			    "names, without the stream or event they waited for"))
		goto out;
	if (oc_imp_warn(im, "claims_by_api_name", "copies and memsets are claims by the name of the "
			"API call that queued them (cudaMemcpyAsync, cudaMemsetAsync, graph "
			"launches, ...): a Kineto trace has no CUPTI ASYNC flag") ||
	    oc_imp_warn(im, "stream_kinds_unknown", "Kineto records no stream flags: every "
			"stream's kind is unknown, so legacy_default_stream and "
			"default_stream_implicit_sync cannot be proven") ||
	    oc_imp_warn(im, "run_facts_unknown", "the program's exit status, dropped records and "
			"environment (CUDA_LAUNCH_BLOCKING, CUDA_DEVICE_MAX_CONNECTIONS) are not in a "
			"Kineto trace: launch_blocking and hardware_queue_limit cannot be proven, and "
			"the copy engine count is unknown (no copy_engine_limit)"))
		goto out;
	if (k->n_bad && oc_imp_warn(im, "bad_events", "%zu events had no usable ts or dur and were "
				    "left out", k->n_bad))
		goto out;
	if (unattributed && oc_imp_warn(im, "gpu_events_unattributed", "%zu GPU events have no API "
					"call of any process (the trace holds %zu): they are left out",
					unattributed, np))
		goto out;
	long *lp = malloc(np * sizeof *lp);

	if (!lp) {
		kin_nomem(k);
		goto out;
	}
	for (size_t i = 0; i < np; i++)
		lp[i] = pids[i] == NONE ? -1 : (long)pids[i];
	long n_out = oc_imp_choose(im, lp, np);

	free(lp);
	if (n_out < 0)
		goto out;
	for (size_t i = 0; i < np; i++) {
		if (!oc_imp_wanted(im, pids[i] == NONE ? -1 : (long)pids[i]))
			continue;
		if (write_process(k, pids[i], pids, np, m, k->n_api, (size_t)n_out))
			goto out;
	}
	rc = 0;
out:
	free(m);
	free(pids);
	return rc;
}
