/*
 * reader-meta.c: the tables that describe the run rather than its events:
 * meta, strings, the devices and run facts that meta holds, contexts and
 * the tracer's warnings.
 *
 * meta and strings are read first, in key and id order (their primary keys,
 * so SQLite needs no sort); their text goes to the arena. The devices come
 * from meta's device.N.FIELD keys, the run facts (start time, drops, exit)
 * from its other keys; a key that is missing or does not parse leaves the
 * field unknown (-1, or the default), it never fails the load.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

#include "overlapcheck/mem.h"
#include "reader.h"

int oc_rd_load_meta(struct rd *r)
{
	struct oc_trace *t = r->t;
	sqlite3_stmt *st;
	size_t n;
	int rc;

	if (oc_rd_count_rows(r, "SELECT count(*) FROM meta", &n))
		return -1;
	t->meta = xcalloc(n, sizeof *t->meta);
	if (!t->meta)
		return oc_rd_fail_nomem(r);
	/* WITHOUT ROWID on key: already in key order (BINARY collation). */
	if (oc_rd_prepare(r, "SELECT key, value FROM meta ORDER BY key", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && t->n_meta < n) {
		const char *k = (const char *)sqlite3_column_text(st, 0);
		const char *v = (const char *)sqlite3_column_text(st, 1);

		if (!k)
			continue;
		struct oc_meta *m = &t->meta[t->n_meta];

		m->key = oc_arena_dup(r->p, k, strlen(k));
		m->value = v ? oc_arena_dup(r->p, v, strlen(v)) : NULL;
		if (!m->key || (v && !m->value)) {
			sqlite3_finalize(st);
			return oc_rd_fail_nomem(r);
		}
		t->n_meta++;
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		oc_rd_fail_sql(r, NULL);
		sqlite3_finalize(st);
		return -1;
	}
	sqlite3_finalize(st);
	return 0;
}

int oc_rd_load_strings(struct rd *r)
{
	struct oc_trace *t = r->t;
	struct priv *p = r->p;
	sqlite3_stmt *st;
	size_t n;
	int rc;

	if (oc_rd_count_rows(r, "SELECT count(*) FROM strings", &n))
		return -1;
	t->strs = xcalloc(n, sizeof *t->strs);
	p->str_ids = xcalloc(n, sizeof *p->str_ids);
	if (!t->strs || !p->str_ids)
		return oc_rd_fail_nomem(r);
	if (oc_rd_prepare(r, "SELECT id, value FROM strings ORDER BY id", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && t->n_strs < n) {
		const char *v = (const char *)sqlite3_column_text(st, 1);
		int len = sqlite3_column_bytes(st, 1);

		p->str_ids[t->n_strs] = sqlite3_column_int64(st, 0);
		t->strs[t->n_strs] = oc_arena_dup(p, v ? v : "", v ? (size_t)len : 0);
		if (!t->strs[t->n_strs]) {
			sqlite3_finalize(st);
			return oc_rd_fail_nomem(r);
		}
		t->n_strs++;
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		oc_rd_fail_sql(r, NULL);
		sqlite3_finalize(st);
		return -1;
	}
	sqlite3_finalize(st);
	p->str_dense = t->n_strs > 0 &&
		p->str_ids[t->n_strs - 1] - p->str_ids[0] == (int64_t)t->n_strs - 1;
	return 0;
}

static int64_t meta_int(const struct oc_trace *t, const char *key, int64_t dflt)
{
	const char *v = oc_trace_meta(t, key);
	char *end;
	long long x;

	if (!v || !*v)
		return dflt;
	errno = 0;
	x = strtoll(v, &end, 0);
	if (errno || end == v)
		return dflt;
	return x;
}

static int meta_bool(const struct oc_trace *t, const char *key)
{
	const char *v = oc_trace_meta(t, key);

	if (!v || !*v)
		return -1;
	if (!strcmp(v, "1") || !strcasecmp(v, "true") || !strcasecmp(v, "yes"))
		return 1;
	if (!strcmp(v, "0") || !strcasecmp(v, "false") || !strcasecmp(v, "no"))
		return 0;
	return -1;
}

static int device_cmp(const void *x, const void *y)
{
	const struct oc_device *a = x, *b = y;

	return (a->id > b->id) - (a->id < b->id);
}

static struct oc_device *device_get(struct oc_trace *t, int id, size_t cap)
{
	for (size_t i = 0; i < t->n_devices; i++)
		if (t->devices[i].id == id)
			return &t->devices[i];
	if (t->n_devices >= cap)
		return NULL;
	struct oc_device *d = &t->devices[t->n_devices++];

	memset(d, 0, sizeof *d);
	d->id = id;
	d->cc_major = d->cc_minor = -1;
	d->sm_count = -1;
	d->async_engine_count = -1;
	d->concurrent_kernels = -1;
	d->max_threads_per_sm = -1;
	d->max_blocks_per_sm = -1;
	d->global_memory_bytes = -1;
	return d;
}

static int parse_int(const char *v, long long *out)
{
	char *end;

	if (!v || !*v)
		return -1;
	errno = 0;
	*out = strtoll(v, &end, 0);
	return errno || end == v ? -1 : 0;
}

/* x as a device attribute: 0..hi, else -1 (unknown): a hand-edited or
 * damaged trace's 2^31 SMs or compute capability 2130706432.0 is not a
 * device, and the analysis multiplies these. */
static int attr(long long x, long long hi)
{
	return x >= 0 && x <= hi ? (int)x : -1;
}

#define OC_ATTR_MAX (1 << 20)

int oc_rd_load_devices(struct rd *r)
{
	struct oc_trace *t = r->t;
	size_t cap = 0;

	for (size_t i = 0; i < t->n_meta; i++)
		if (!strncmp(t->meta[i].key, "device.", 7))
			cap++;
	t->devices = xcalloc(cap, sizeof *t->devices);
	if (!t->devices)
		return oc_rd_fail_nomem(r);
	for (size_t i = 0; i < t->n_meta; i++) {
		const char *k = t->meta[i].key, *v = t->meta[i].value;
		char *end;
		long id;
		long long x = 0;
		int have;

		if (strncmp(k, "device.", 7))
			continue;
		errno = 0;
		id = strtol(k + 7, &end, 10);
		if (errno || end == k + 7 || *end != '.' || id < 0 || id > INT_MAX)
			continue;
		struct oc_device *d = device_get(t, (int)id, cap);

		if (!d)
			continue;
		k = end + 1;
		have = parse_int(v, &x) == 0;
		if (!strcmp(k, "name"))
			d->name = v;
		else if (!strcmp(k, "uuid"))
			d->uuid = v;
		else if (!strcmp(k, "cc_major") && have)
			d->cc_major = attr(x, 99);
		else if (!strcmp(k, "cc_minor") && have)
			d->cc_minor = attr(x, 9);
		else if ((!strcmp(k, "compute_capability") || !strcmp(k, "cc")) && v) {
			int ma, mi;

			if (sscanf(v, "%d.%d", &ma, &mi) == 2) {
				d->cc_major = attr(ma, 99);
				d->cc_minor = attr(mi, 9);
			}
		} else if ((!strcmp(k, "sm_count") || !strcmp(k, "multiprocessor_count")) && have)
			d->sm_count = attr(x, OC_ATTR_MAX);
		else if (!strcmp(k, "async_engine_count") && have)
			d->async_engine_count = attr(x, OC_ATTR_MAX);
		else if (!strcmp(k, "concurrent_kernels") && have)
			d->concurrent_kernels = attr(x, OC_ATTR_MAX);
		else if (!strcmp(k, "max_threads_per_sm") && have)
			d->max_threads_per_sm = attr(x, OC_ATTR_MAX);
		else if (!strcmp(k, "max_blocks_per_sm") && have)
			d->max_blocks_per_sm = attr(x, OC_ATTR_MAX);
		else if ((!strcmp(k, "global_memory_bytes") || !strcmp(k, "total_memory") ||
			  !strcmp(k, "global_memory")) && have)
			d->global_memory_bytes = x >= 0 ? x : -1;
	}
	oc_sort(t->devices, t->n_devices, sizeof *t->devices, device_cmp);
	return 0;
}

/* meta capture.*: the mode, and capture.window.N = "START [END]" for N = 1..windows. */
static void load_capture(struct oc_trace *t)
{
	long long n = meta_int(t, "capture.windows", 0);
	char key[48];

	t->capture_mode = oc_trace_meta(t, "capture.mode");
	t->capture_nvtx = oc_trace_meta(t, "capture.nvtx_range");
	t->capture_stopped = oc_trace_meta(t, "capture.stopped");
	if (!t->capture_mode || n <= 0 || n > 1000000)
		return;
	t->capture_windows = xcalloc((size_t)n, sizeof *t->capture_windows);
	if (!t->capture_windows)
		return;
	for (long long i = 1; i <= n; i++) {
		const char *v;
		long long s, e;
		int k;

		snprintf(key, sizeof key, "capture.window.%lld", i);
		v = oc_trace_meta(t, key);
		if (!v)
			continue;
		k = sscanf(v, "%lld %lld", &s, &e);
		if (k < 1 || s < 0 || (k == 2 && e < s))
			continue;   /* nonsense: left out */
		t->capture_windows[t->n_capture_windows++] = (struct oc_capture_window){
			s, k == 2 ? e : INT64_MAX };
	}
}

void oc_rd_load_run_facts(struct oc_trace *t)
{
	const char *v;

	t->trace_start_ns = meta_int(t, "trace_start_ns", 0);
	t->dropped_records = meta_int(t, "dropped_records", -1);
	t->dropped_callback_rows = meta_int(t, "dropped_callback_rows", -1);
	t->incomplete_records = meta_int(t, "incomplete_records", -1);
	t->clean_exit = meta_bool(t, "clean_exit");
	t->exit_status = (int)meta_int(t, "exit_status", -1);
	t->exit_signal = (int)meta_int(t, "exit_signal", -1);
	/* tracer_status terminated: the library's final flush ran at this signal */
	v = oc_trace_meta(t, "tracer_status");
	t->terminated_signal = v && !strcmp(v, "terminated") ? (int)meta_int(t, "terminated_by_signal", -1) : -1;
	if (t->terminated_signal == 0)
		t->terminated_signal = -1;
	t->terminated_ns = t->terminated_signal > 0 ? meta_int(t, "terminated_ns", -1) : -1;
	v = oc_trace_meta(t, "env.CUDA_LAUNCH_BLOCKING");
	t->launch_blocking = v && !strcmp(v, "1");
	load_capture(t);
	t->max_connections = (int)meta_int(t, "env.CUDA_DEVICE_MAX_CONNECTIONS", -1);
}

int oc_rd_load_contexts(struct rd *r, struct ctx **out, size_t *n_out)
{
	sqlite3_stmt *st;
	struct ctx *c;
	size_t n, k = 0;
	int rc;

	if (oc_rd_count_rows(r, "SELECT count(*) FROM contexts", &n))
		return -1;
	c = xcalloc(n, sizeof *c);
	if (!c)
		return oc_rd_fail_nomem(r);
	if (oc_rd_prepare(r, "SELECT id, device_id, null_stream_id FROM contexts ORDER BY id",
			  &st)) {
		free(c);
		return -1;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && k < n) {
		c[k].id = sqlite3_column_int64(st, 0);
		c[k].device_id = (uint32_t)sqlite3_column_int64(st, 1);
		c[k].null_stream_id = sqlite3_column_type(st, 2) == SQLITE_NULL ? -1
				      : sqlite3_column_int64(st, 2);
		k++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		free(c);
		return oc_rd_fail_sql(r, NULL);
	}
	*out = c;
	*n_out = k;
	return 0;
}

int oc_rd_load_warnings(struct rd *r)
{
	struct oc_trace *t = r->t;
	sqlite3_stmt *st;
	size_t n;
	int rc;

	if (oc_rd_count_rows(r, "SELECT count(*) FROM warnings", &n))
		return -1;
	t->warnings = xcalloc(n, sizeof *t->warnings);
	if (!t->warnings)
		return oc_rd_fail_nomem(r);
	if (oc_rd_prepare(r, "SELECT ts_ns, pid, source, code, message FROM warnings ORDER BY id",
			  &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && t->n_warnings < n) {
		struct oc_warning *w = &t->warnings[t->n_warnings];
		const char *s[3];

		w->ts_ns = sqlite3_column_int64(st, 0);
		w->pid = (int)sqlite3_column_int64(st, 1);
		for (int c = 0; c < 3; c++) {
			const char *v = (const char *)sqlite3_column_text(st, 2 + c);

			s[c] = oc_arena_dup(r->p, v ? v : "", v ? strlen(v) : 0);
			if (!s[c]) {
				sqlite3_finalize(st);
				return oc_rd_fail_nomem(r);
			}
		}
		w->source = s[0];
		w->code = s[1];
		w->message = s[2];
		t->n_warnings++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return oc_rd_fail_sql(r, NULL);
	return 0;
}
