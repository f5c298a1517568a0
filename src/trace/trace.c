/*
 * trace.c: open, validate and load an overlapcheck trace.
 *
 * The reader opens the file read-only, recognises it (schema/schema.c), then
 * reads each table once, inside one read transaction, into the flat arrays of
 * struct oc_trace. Only the columns the analysis needs are selected, integers
 * are read with sqlite3_column_int64, and rows land in arrays sized from
 * count(*): there is no per-row allocation. Strings (the `strings` table and
 * meta values) live in one arena owned by the trace.
 *
 * Arrays are sorted in C, not by ORDER BY: a sortedness check first (tracers
 * mostly write in time order), else a merge sort of compact 32-byte keys and
 * an in-place permutation of the records along its cycles, so no second copy
 * of the big arrays is ever made.
 *
 * Joins: ops to their API call by correlation id (the runtime call when there
 * is one), driver calls to their runtime twin, api_args into api, syncs to
 * api. Stream kinds follow METHOD.md. NVTX range starts and ends are paired
 * by marker id.
 *
 * Every failure is one message naming the file and the problem, e.g.
 * "cannot open trace 'x.db': ops row 17: end_ns < start_ns".
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sqlite3.h>

#include "overlapcheck/schema.h"
#include "overlapcheck/trace.h"

/* ---- string arena -------------------------------------------------------- */

struct arena_block {
	struct arena_block *next;
	size_t used, cap;
	char data[];
};

struct corr_ent {                  /* api lookup by (correlation id, domain) */
	uint32_t corr;
	uint32_t domain;
	int32_t  idx;
};

struct priv {
	struct arena_block *blocks;
	int64_t *str_ids;          /* strings.id, ascending, parallel to t->strs */
	int      str_dense;        /* str_ids[i] == str_ids[0] + i */
	struct corr_ent *corr;     /* sorted by (corr, domain, idx) */
	size_t   n_corr;
	int32_t *dense;            /* when ids are dense: [2 * corr + domain - 1] -> idx */
	uint32_t n_dense;          /* correlation ids covered by dense */
};

static char *arena_dup(struct priv *p, const char *s, size_t len)
{
	struct arena_block *b = p->blocks;

	if (!b || b->cap - b->used < len + 1) {
		size_t cap = len + 1 > 65536 ? len + 1 : 65536;

		b = malloc(sizeof *b + cap);
		if (!b)
			return NULL;
		b->used = 0;
		b->cap = cap;
		b->next = p->blocks;
		p->blocks = b;
	}
	char *d = b->data + b->used;
	memcpy(d, s, len);
	d[len] = '\0';
	b->used += len + 1;
	return d;
}

/* ---- reader state and errors --------------------------------------------- */

struct rd {
	struct oc_trace *t;
	struct priv *p;
	sqlite3 *db;
	const char *path;
	char *err;
	size_t errlen;
	/* schema v2 */
	struct shape { int64_t id; struct oc_op op; } *shapes;  /* op_shapes, ascending id */
	size_t n_shapes;
	struct fname { int64_t key; int32_t name; } *fnames;  /* api_functions: domain << 32 | cbid */
	size_t n_fnames;
};

static int fail(struct rd *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int fail(struct rd *r, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (r->err && r->errlen)
		snprintf(r->err, r->errlen, "cannot open trace '%s': %s", r->path, msg);
	return -1;
}

/* A failed SQLite call, with the words for the error class that matter. */
static int fail_sql(struct rd *r, const char *what)
{
	int rc = sqlite3_errcode(r->db);
	const char *msg = sqlite3_errmsg(r->db);

	switch (rc & 0xff) {
	case SQLITE_NOTADB:
		return fail(r, "not a SQLite database");
	case SQLITE_CORRUPT:
		return fail(r, "truncated or corrupt (%s)", msg);
	case SQLITE_NOMEM:
		return fail(r, "out of memory");
	case SQLITE_IOERR:
		return fail(r, "read error (%s)", msg);
	case SQLITE_ERROR:
		if (strstr(msg, "no such table") || strstr(msg, "no such column"))
			return fail(r, "not a complete overlapcheck trace (%s)", msg);
		break;
	}
	return fail(r, "%s%s%s", what ? what : "", what ? ": " : "", msg);
}

/* strerror, first letter lowered to match the other messages */
static int fail_errno(struct rd *r, int e)
{
	char msg[128];

	snprintf(msg, sizeof msg, "%s", strerror(e));
	if (msg[0] >= 'A' && msg[0] <= 'Z' && !(msg[1] >= 'A' && msg[1] <= 'Z'))
		msg[0] = (char)(msg[0] - 'A' + 'a');
	return fail(r, "%s", msg);
}

static int fail_nomem(struct rd *r)
{
	return fail(r, "out of memory");
}

static void *xcalloc(size_t n, size_t size)
{
	return calloc(n ? n : 1, size);
}

/* A NOT NULL integer column: checks type, names the row on failure. */
static int need_int(struct rd *r, sqlite3_stmt *st, int col, const char *table,
		    int64_t rowid, int64_t *out)
{
	int type = sqlite3_column_type(st, col);

	if (type == SQLITE_INTEGER) {
		*out = sqlite3_column_int64(st, col);
		return 0;
	}
	if (type == SQLITE_NULL)
		return fail(r, "%s row %lld: NULL in %s", table, (long long)rowid,
			    sqlite3_column_name(st, col));
	return fail(r, "%s row %lld: %s is not an integer", table, (long long)rowid,
		    sqlite3_column_name(st, col));
}

static int check_span(struct rd *r, const char *table, int64_t rowid, int64_t start, int64_t end)
{
	if (end < start)
		return fail(r, "%s row %lld: end_ns < start_ns", table, (long long)rowid);
	return 0;
}

static int prepare(struct rd *r, const char *sql, sqlite3_stmt **st)
{
	if (sqlite3_prepare_v2(r->db, sql, -1, st, NULL) != SQLITE_OK)
		return fail_sql(r, NULL);
	return 0;
}

static int count_rows(struct rd *r, const char *sql, size_t *n)
{
	sqlite3_stmt *st;
	int rc;

	if (prepare(r, sql, &st))
		return -1;
	rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		fail_sql(r, NULL);
		sqlite3_finalize(st);
		return -1;
	}
	*n = (size_t)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return 0;
}

/* ---- sorting ------------------------------------------------------------- */

struct key {
	int64_t a, b, c;
	uint32_t idx;
};

static inline int key_lt(const struct key *x, const struct key *y)
{
	if (x->a != y->a)
		return x->a < y->a;
	if (x->b != y->b)
		return x->b < y->b;
	if (x->c != y->c)
		return x->c < y->c;
	return x->idx < y->idx;
}

/* Stable bottom-up merge sort with insertion-sorted runs of 32. 0 or -1. */
static int sort_keys(struct key *k, size_t n)
{
	struct key *tmp, *src, *dst;
	size_t run = 32;

	for (size_t lo = 0; lo < n; lo += run) {
		size_t hi = lo + run < n ? lo + run : n;

		for (size_t i = lo + 1; i < hi; i++) {
			struct key v = k[i];
			size_t j = i;

			while (j > lo && key_lt(&v, &k[j - 1])) {
				k[j] = k[j - 1];
				j--;
			}
			k[j] = v;
		}
	}
	if (n <= run)
		return 0;
	tmp = malloc(n * sizeof *tmp);
	if (!tmp)
		return -1;
	src = k;
	dst = tmp;
	for (size_t w = run; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n;
			size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t i = lo, j = mid, o = lo;

			if (mid == hi || !key_lt(&src[mid], &src[mid - 1])) {
				memcpy(dst + lo, src + lo, (hi - lo) * sizeof *src);
				continue;
			}
			while (i < mid && j < hi)
				dst[o++] = key_lt(&src[j], &src[i]) ? src[j++] : src[i++];
			while (i < mid)
				dst[o++] = src[i++];
			while (j < hi)
				dst[o++] = src[j++];
		}
		struct key *x = src;
		src = dst;
		dst = x;
	}
	if (src != k)
		memcpy(k, src, n * sizeof *k);
	free(tmp);
	return 0;
}

/*
 * Reorder base[0..n) (records of `size` bytes) so that new[i] = old[k[i].idx].
 * Follows the permutation's cycles with one spare record; k[].idx is
 * destroyed. 0 or -1.
 */
static int permute(void *base, size_t n, size_t size, struct key *k)
{
	char *b = base;
	char *spare = malloc(size);

	if (!spare)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (k[i].idx == i || k[i].idx == UINT32_MAX)
			continue;
		/* Cycle starting at i: position j takes old[k[j].idx]. */
		size_t j = i;

		memcpy(spare, b + i * size, size);
		for (;;) {
			size_t from = k[j].idx;

			k[j].idx = UINT32_MAX;
			if (from == i) {
				memcpy(b + j * size, spare, size);
				break;
			}
			memcpy(b + j * size, b + from * size, size);
			j = from;
		}
	}
	free(spare);
	return 0;
}

/* Sort records by keys (already filled, idx = i): afterwards k[i] is the
 * key of record i, its idx destroyed. 0 or -1. */
static int sort_records(void *base, size_t n, size_t size, struct key *k)
{
	int sorted = 1;

	for (size_t i = 1; i < n && sorted; i++)
		if (key_lt(&k[i], &k[i - 1]))
			sorted = 0;
	if (sorted)
		return 0;
	if (sort_keys(k, n))
		return -1;
	return permute(base, n, size, k);
}

/* ---- id maps: table id -> array index ------------------------------------ */

struct idpair {
	int64_t id;
	int32_t idx;
};

static int idpair_cmp(const void *x, const void *y)
{
	const struct idpair *a = x, *b = y;

	if (a->id != b->id)
		return a->id < b->id ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

static int32_t idpair_find(const struct idpair *v, size_t n, int64_t id)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && v[lo].id == id ? v[lo].idx : -1;
}

static int32_t str_index(const struct priv *p, size_t n_strs, int64_t id)
{
	if (!n_strs)
		return -1;
	if (p->str_dense) {
		int64_t i = id - p->str_ids[0];

		return i >= 0 && (uint64_t)i < n_strs ? (int32_t)i : -1;
	}
	size_t lo = 0, hi = n_strs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (p->str_ids[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n_strs && p->str_ids[lo] == id ? (int32_t)lo : -1;
}

/* A nullable strings.id column to a string index, -1 for NULL/unknown. */
static int32_t col_str(struct rd *r, sqlite3_stmt *st, int col)
{
	if (sqlite3_column_type(st, col) == SQLITE_NULL)
		return -1;
	return str_index(r->p, r->t->n_strs, sqlite3_column_int64(st, col));
}

/* ---- tables --------------------------------------------------------------- */

static int load_meta(struct rd *r)
{
	struct oc_trace *t = r->t;
	sqlite3_stmt *st;
	size_t n;
	int rc;

	if (count_rows(r, "SELECT count(*) FROM meta", &n))
		return -1;
	t->meta = xcalloc(n, sizeof *t->meta);
	if (!t->meta)
		return fail_nomem(r);
	/* WITHOUT ROWID on key: already in key order (BINARY collation). */
	if (prepare(r, "SELECT key, value FROM meta ORDER BY key", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && t->n_meta < n) {
		const char *k = (const char *)sqlite3_column_text(st, 0);
		const char *v = (const char *)sqlite3_column_text(st, 1);

		if (!k)
			continue;
		struct oc_meta *m = &t->meta[t->n_meta];

		m->key = arena_dup(r->p, k, strlen(k));
		m->value = v ? arena_dup(r->p, v, strlen(v)) : NULL;
		if (!m->key || (v && !m->value)) {
			sqlite3_finalize(st);
			return fail_nomem(r);
		}
		t->n_meta++;
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		fail_sql(r, NULL);
		sqlite3_finalize(st);
		return -1;
	}
	sqlite3_finalize(st);
	return 0;
}

static int load_strings(struct rd *r)
{
	struct oc_trace *t = r->t;
	struct priv *p = r->p;
	sqlite3_stmt *st;
	size_t n;
	int rc;

	if (count_rows(r, "SELECT count(*) FROM strings", &n))
		return -1;
	t->strs = xcalloc(n, sizeof *t->strs);
	p->str_ids = xcalloc(n, sizeof *p->str_ids);
	if (!t->strs || !p->str_ids)
		return fail_nomem(r);
	if (prepare(r, "SELECT id, value FROM strings ORDER BY id", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && t->n_strs < n) {
		const char *v = (const char *)sqlite3_column_text(st, 1);
		int len = sqlite3_column_bytes(st, 1);

		p->str_ids[t->n_strs] = sqlite3_column_int64(st, 0);
		t->strs[t->n_strs] = arena_dup(p, v ? v : "", v ? (size_t)len : 0);
		if (!t->strs[t->n_strs]) {
			sqlite3_finalize(st);
			return fail_nomem(r);
		}
		t->n_strs++;
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		fail_sql(r, NULL);
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

/*
 * device.N.FIELD meta keys. Accepted fields (with aliases): name, uuid,
 * cc_major, cc_minor, compute_capability ("9.0"), sm_count
 * (multiprocessor_count), async_engine_count, concurrent_kernels,
 * max_threads_per_sm, max_blocks_per_sm, global_memory_bytes
 * (total_memory, global_memory).
 */
static int load_devices(struct rd *r)
{
	struct oc_trace *t = r->t;
	size_t cap = 0;

	for (size_t i = 0; i < t->n_meta; i++)
		if (!strncmp(t->meta[i].key, "device.", 7))
			cap++;
	t->devices = xcalloc(cap, sizeof *t->devices);
	if (!t->devices)
		return fail_nomem(r);
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
			d->cc_major = (int)x;
		else if (!strcmp(k, "cc_minor") && have)
			d->cc_minor = (int)x;
		else if ((!strcmp(k, "compute_capability") || !strcmp(k, "cc")) && v) {
			int ma, mi;

			if (sscanf(v, "%d.%d", &ma, &mi) == 2) {
				d->cc_major = ma;
				d->cc_minor = mi;
			}
		} else if ((!strcmp(k, "sm_count") || !strcmp(k, "multiprocessor_count")) && have)
			d->sm_count = (int)x;
		else if (!strcmp(k, "async_engine_count") && have)
			d->async_engine_count = (int)x;
		else if (!strcmp(k, "concurrent_kernels") && have)
			d->concurrent_kernels = (int)x;
		else if (!strcmp(k, "max_threads_per_sm") && have)
			d->max_threads_per_sm = (int)x;
		else if (!strcmp(k, "max_blocks_per_sm") && have)
			d->max_blocks_per_sm = (int)x;
		else if ((!strcmp(k, "global_memory_bytes") || !strcmp(k, "total_memory") ||
			  !strcmp(k, "global_memory")) && have)
			d->global_memory_bytes = x;
	}
	qsort(t->devices, t->n_devices, sizeof *t->devices, device_cmp);
	return 0;
}

static void load_run_facts(struct oc_trace *t)
{
	const char *v;

	t->trace_start_ns = meta_int(t, "trace_start_ns", 0);
	t->dropped_records = meta_int(t, "dropped_records", -1);
	t->incomplete_records = meta_int(t, "incomplete_records", -1);
	t->clean_exit = meta_bool(t, "clean_exit");
	t->exit_status = (int)meta_int(t, "exit_status", -1);
	t->exit_signal = (int)meta_int(t, "exit_signal", -1);
	v = oc_trace_meta(t, "env.CUDA_LAUNCH_BLOCKING");
	t->launch_blocking = v && !strcmp(v, "1");
	t->max_connections = (int)meta_int(t, "env.CUDA_DEVICE_MAX_CONNECTIONS", -1);
}

/* contexts: id -> (device, null stream) */
struct ctx {
	int64_t id;
	uint32_t device_id;
	int64_t null_stream_id;    /* -1 if unknown */
};

static int ctx_cmp(const void *x, const void *y)
{
	const struct ctx *a = x, *b = y;

	return (a->id > b->id) - (a->id < b->id);
}

static const struct ctx *ctx_find(const struct ctx *c, size_t n, int64_t id)
{
	struct ctx k = { .id = id };

	return n ? bsearch(&k, c, n, sizeof *c, ctx_cmp) : NULL;
}

static int load_contexts(struct rd *r, struct ctx **out, size_t *n_out)
{
	sqlite3_stmt *st;
	struct ctx *c;
	size_t n, k = 0;
	int rc;

	if (count_rows(r, "SELECT count(*) FROM contexts", &n))
		return -1;
	c = xcalloc(n, sizeof *c);
	if (!c)
		return fail_nomem(r);
	if (prepare(r, "SELECT id, device_id, null_stream_id FROM contexts ORDER BY id", &st)) {
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
		return fail_sql(r, NULL);
	}
	*out = c;
	*n_out = k;
	return 0;
}

static int stream_cmp(const void *x, const void *y)
{
	const struct oc_stream *a = x, *b = y;

	if (a->context_id != b->context_id)
		return a->context_id < b->context_id ? -1 : 1;
	return (a->stream_id > b->stream_id) - (a->stream_id < b->stream_id);
}

/* Extra per-stream facts used to decide the kind. */
struct stream_use {
	uint8_t per_thread;         /* used through handle_kind 2 */
	uint8_t legacy;             /* used through a legacy handle */
};

static int load_streams(struct rd *r, size_t extra, uint8_t **handle_kinds)
{
	struct oc_trace *t = r->t;
	sqlite3_stmt *st;
	size_t n;
	int rc;

	if (count_rows(r, "SELECT count(*) FROM streams", &n))
		return -1;
	t->streams = xcalloc(n + extra, sizeof *t->streams);
	*handle_kinds = xcalloc(n + extra, 1);
	if (!t->streams || !*handle_kinds)
		return fail_nomem(r);
	if (prepare(r, "SELECT context_id, stream_id, flag, handle, handle_kind FROM streams", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && t->n_streams < n) {
		struct oc_stream *s = &t->streams[t->n_streams];

		s->context_id = (uint32_t)sqlite3_column_int64(st, 0);
		s->stream_id = (uint32_t)sqlite3_column_int64(st, 1);
		s->flag = (uint32_t)sqlite3_column_int64(st, 2);
		s->handle = (uint64_t)sqlite3_column_int64(st, 3);
		(*handle_kinds)[t->n_streams] = (uint8_t)sqlite3_column_int64(st, 4);
		t->n_streams++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return fail_sql(r, NULL);
	return 0;
}

int32_t oc_trace_stream_find(const struct oc_trace *t, uint32_t context_id, uint32_t stream_id)
{
	size_t lo = 0, hi = t->n_streams;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct oc_stream *s = &t->streams[mid];

		if (s->context_id < context_id ||
		    (s->context_id == context_id && s->stream_id < stream_id))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < t->n_streams && t->streams[lo].context_id == context_id &&
	    t->streams[lo].stream_id == stream_id)
		return (int32_t)lo;
	return -1;
}

/*
 * One table read into a new array of records sorted by their keys.
 * count_sql counts the rows; max_rows (0: no limit) bounds them, past which the
 * load fails as "too many <what> (N)". row() fills the zeroed record rec and
 * its key k (idx already set) from the current row of sql; it returns 0, or
 * -1 after fail(). *recs and *n_recs receive the records loaded so far even on
 * failure (oc_trace_release frees them). With keys != NULL, *keys receives
 * the sorted keys on success, keys[i] being record i's (its idx aside), for
 * the caller to free. 0 or -1 with the message set.
 */
struct table_load {
	const char *count_sql, *sql;
	size_t size;                    /* bytes per record */
	size_t max_rows;
	const char *what;
	int (*row)(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k);
};

static int load_table(struct rd *r, const struct table_load *tl, void **recs, size_t *n_recs,
		      struct key **keys)
{
	sqlite3_stmt *st;
	struct key *k;
	char *v;
	size_t n;
	int rc;

	*n_recs = 0;
	if (count_rows(r, tl->count_sql, &n))
		return -1;
	if (tl->max_rows && n >= tl->max_rows)
		return fail(r, "too many %s (%zu)", tl->what, n);
	*recs = v = xcalloc(n, tl->size);
	k = xcalloc(n, sizeof *k);
	if (!v || !k) {
		free(k);
		return fail_nomem(r);
	}
	if (prepare(r, tl->sql, &st)) {
		free(k);
		return -1;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n_recs < n) {
		k[*n_recs].idx = (uint32_t)*n_recs;
		if (tl->row(r, st, v + *n_recs * tl->size, &k[*n_recs]))
			goto err;
		(*n_recs)++;
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		fail_sql(r, NULL);
		goto err;
	}
	sqlite3_finalize(st);
	if (sort_records(v, *n_recs, tl->size, k)) {
		free(k);
		return fail_nomem(r);
	}
	if (keys)
		*keys = k;
	else
		free(k);
	return 0;
err:
	sqlite3_finalize(st);
	free(k);
	return -1;
}

/*
 * What an op is, from 19 columns starting at col: name_id, bytes, copy_kind,
 * src_kind, dst_kind, flags, src_device_id, dst_device_id, grid_x/y/z,
 * block_x/y/z, registers, static_smem, dynamic_smem, graph_id, graph_node_id
 * (v1 ops and v2 op_shapes select them in this order).
 */
static void op_description(struct rd *r, sqlite3_stmt *st, int col, struct oc_op *o)
{
	o->name = col_str(r, st, col);
	o->bytes = (uint64_t)sqlite3_column_int64(st, col + 1);
	o->copy_kind = (uint8_t)sqlite3_column_int64(st, col + 2);
	o->src_kind = (uint8_t)sqlite3_column_int64(st, col + 3);
	o->dst_kind = (uint8_t)sqlite3_column_int64(st, col + 4);
	o->flags = (uint32_t)sqlite3_column_int64(st, col + 5);
	o->src_device_id = (uint32_t)sqlite3_column_int64(st, col + 6);
	o->dst_device_id = (uint32_t)sqlite3_column_int64(st, col + 7);
	for (int c = 0; c < 3; c++) {
		o->grid[c] = (int32_t)sqlite3_column_int64(st, col + 8 + c);
		o->block[c] = (int32_t)sqlite3_column_int64(st, col + 11 + c);
	}
	o->registers = (int32_t)sqlite3_column_int64(st, col + 14);
	o->static_smem = (int32_t)sqlite3_column_int64(st, col + 15);
	o->dynamic_smem = (int32_t)sqlite3_column_int64(st, col + 16);
	o->graph_id = (uint32_t)sqlite3_column_int64(st, col + 17);
	o->graph_node_id = (uint64_t)sqlite3_column_int64(st, col + 18);
}

static int op_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_op *o = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[7];

	for (int c = 1; c <= 7; c++)
		if (need_int(r, st, c, "ops", id, &v[c - 1]))
			return -1;
	if (check_span(r, "ops", id, v[1], v[2]))
		return -1;
	o->row_id = id;
	o->kind = (uint8_t)v[0];
	o->start_ns = v[1];
	o->end_ns = v[2];
	o->device_id = (uint32_t)v[3];
	o->context_id = (uint32_t)v[4];
	o->stream_id = (uint32_t)v[5];
	o->correlation_id = (uint32_t)v[6];
	op_description(r, st, 8, o);
	o->stream = -1;
	o->api = -1;
	k->a = o->start_ns;
	k->b = o->end_ns;
	k->c = id;
	return 0;
}

static int shape_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct shape *h = rec;

	h->id = sqlite3_column_int64(st, 0);
	op_description(r, st, 1, &h->op);
	k->a = h->id;
	return 0;
}

/* Schema v2: op_shapes, each as the part of an oc_op it describes. */
static int load_shapes(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM op_shapes",
		"SELECT id, name_id, bytes, copy_kind, src_kind, dst_kind, flags, src_device_id,"
		" dst_device_id, grid_x, grid_y, grid_z, block_x, block_y, block_z, registers,"
		" static_smem, dynamic_smem, graph_id, graph_node_id FROM op_shapes",
		sizeof(struct shape), UINT32_MAX, "op shapes", shape_row,
	};
	void *v = NULL;
	int rc = load_table(r, &tl, &v, &r->n_shapes, NULL);

	r->shapes = v;
	return rc;
}

static const struct oc_op *find_shape(const struct rd *r, int64_t id)
{
	size_t lo = 0, hi = r->n_shapes;

	/* ids are 1..n unless a second writer appended to the file */
	if (id >= 1 && (uint64_t)id <= r->n_shapes && r->shapes[id - 1].id == id)
		return &r->shapes[id - 1].op;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r->shapes[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < r->n_shapes && r->shapes[lo].id == id ? &r->shapes[lo].op : NULL;
}

/* start + a stored duration, refusing a negative or overflowing one. */
static int span_end(struct rd *r, const char *table, int64_t rowid, int64_t start, int64_t dur,
		    int64_t *end)
{
	if (dur < 0)
		return fail(r, "%s row %lld: end_ns < start_ns (dur_ns %lld)", table, (long long)rowid,
			    (long long)dur);
	if (start > INT64_MAX - dur)
		return fail(r, "%s row %lld: start_ns + dur_ns overflows", table, (long long)rowid);
	*end = start + dur;
	return 0;
}

static int op_row_v2(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_op *o = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[8], end = 0;
	const struct oc_op *shape;

	for (int c = 1; c <= 8; c++)
		if (need_int(r, st, c, "ops", id, &v[c - 1]))
			return -1;
	if (span_end(r, "ops", id, v[1], v[2], &end))
		return -1;
	shape = find_shape(r, v[7]);
	if (!shape)
		return fail(r, "ops row %lld: shape_id %lld is not in op_shapes", (long long)id,
			    (long long)v[7]);
	*o = *shape;
	o->row_id = id;
	o->kind = (uint8_t)v[0];
	o->start_ns = v[1];
	o->end_ns = end;
	o->device_id = (uint32_t)v[3];
	o->context_id = (uint32_t)v[4];
	o->stream_id = (uint32_t)v[5];
	o->correlation_id = (uint32_t)v[6];
	o->stream = -1;
	o->api = -1;
	k->a = o->start_ns;
	k->b = o->end_ns;
	k->c = id;
	return 0;
}

static int load_ops(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM ops",
		"SELECT id, kind, start_ns, end_ns, device_id, context_id, stream_id,"
		" correlation_id, name_id, bytes, copy_kind, src_kind, dst_kind, flags,"
		" src_device_id, dst_device_id, grid_x, grid_y, grid_z,"
		" block_x, block_y, block_z, registers, static_smem, dynamic_smem,"
		" graph_id, graph_node_id FROM ops",
		sizeof(struct oc_op), UINT32_MAX, "ops", op_row,
	};
	static const struct table_load tl2 = {
		"SELECT count(*) FROM ops",
		"SELECT id, kind, start_ns, dur_ns, device_id, context_id, stream_id,"
		" correlation_id, shape_id FROM ops",
		sizeof(struct oc_op), UINT32_MAX, "ops", op_row_v2,
	};
	void *v = NULL;
	int rc;

	if (r->t->version >= 2 && load_shapes(r))
		return -1;
	rc = load_table(r, r->t->version >= 2 ? &tl2 : &tl, &v, &r->t->n_ops, NULL);

	r->t->ops = v;
	return rc;
}

static int api_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_api *a = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[7];

	for (int c = 1; c <= 7; c++)
		if (need_int(r, st, c, "api", id, &v[c - 1]))
			return -1;
	if (check_span(r, "api", id, v[3], v[4]))
		return -1;
	a->row_id = id;
	a->domain = (uint8_t)v[0];
	a->cbid = (uint32_t)v[1];
	a->name = str_index(r->p, r->t->n_strs, v[2]);
	a->start_ns = v[3];
	a->end_ns = v[4];
	a->tid = (uint32_t)v[5];
	a->correlation_id = (uint32_t)v[6];
	a->return_value = (int32_t)sqlite3_column_int64(st, 8);
	a->parent = -1;         /* resolved by link_parents() */
	a->stream = -1;
	k->a = a->start_ns;
	k->b = id;
	/* The parent_id row id rides in the key: ids are unique, so it never
	 * decides the order, and sorting carries it to the record's place. */
	k->c = sqlite3_column_type(st, 9) == SQLITE_NULL ? INT64_MIN : sqlite3_column_int64(st, 9);
	return 0;
}

static int fname_cmp(const void *x, const void *y)
{
	const struct fname *a = x, *b = y;

	return (a->key > b->key) - (a->key < b->key);
}

static int fname_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct fname *f = rec;

	f->key = sqlite3_column_int64(st, 0) << 32 | (uint32_t)sqlite3_column_int64(st, 1);
	f->name = col_str(r, st, 2);
	k->a = f->key;
	return 0;
}

/* Schema v2: api_functions, the names of (domain, cbid), sorted by key. */
static int load_fnames(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM api_functions",
		"SELECT domain, cbid, name_id FROM api_functions",
		sizeof(struct fname), UINT32_MAX, "API functions", fname_row,
	};
	void *v = NULL;
	int rc = load_table(r, &tl, &v, &r->n_fnames, NULL);

	r->fnames = v;
	return rc;
}

static int32_t find_fname(const struct rd *r, int domain, uint32_t cbid)
{
	struct fname key = { (int64_t)domain << 32 | cbid, 0 };
	const struct fname *f = bsearch(&key, r->fnames, r->n_fnames, sizeof key, fname_cmp);

	return f ? f->name : -1;
}

/*
 * Schema v2: the row id is correlation_id * 8 + (domain - 1) * 4 + n, and the
 * callback's arguments are columns of the row. Their stream is resolved with
 * the streams (load_api_args); until then has_args is 2 and stream_handle
 * holds context_id << 32 | stream_id (+ 1, 0 for none).
 */
static int api_row_v2(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_api *a = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[4], end = 0;

	for (int c = 1; c <= 4; c++)
		if (need_int(r, st, c, "api", id, &v[c - 1]))
			return -1;
	if (id < 0)
		return fail(r, "api row %lld: negative id", (long long)id);
	if (span_end(r, "api", id, v[1], v[2], &end))
		return -1;
	a->row_id = id;
	a->correlation_id = (uint32_t)(id >> 3);
	a->domain = (uint8_t)(((id >> 2) & 1) + 1);
	a->cbid = (uint32_t)v[0];
	a->name = find_fname(r, a->domain, a->cbid);
	a->start_ns = v[1];
	a->end_ns = end;
	a->tid = (uint32_t)v[3];
	a->return_value = (int32_t)sqlite3_column_int64(st, 5);
	a->parent = -1;
	a->stream = -1;
	if (sqlite3_column_type(st, 6) != SQLITE_NULL) {
		a->has_args = 2;
		a->handle_kind = (uint8_t)sqlite3_column_int64(st, 6);
		if (sqlite3_column_type(st, 7) != SQLITE_NULL && sqlite3_column_type(st, 8) != SQLITE_NULL)
			a->stream_handle = ((uint64_t)(uint32_t)sqlite3_column_int64(st, 7) << 32 |
					    (uint32_t)sqlite3_column_int64(st, 8)) + 1;
		a->host_ptr = (uint64_t)sqlite3_column_int64(st, 9);
		a->arg_bytes = (uint64_t)sqlite3_column_int64(st, 10);
	}
	k->a = a->start_ns;
	k->b = id;
	k->c = INT64_MIN;
	return 0;
}

/* The api table, sorted by (start_ns, id); (*rowmap)[i].id is api[i]'s
 * parent_id row id (INT64_MIN for none), for link_parents(). */
static int load_api(struct rd *r, struct idpair **rowmap)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM api",
		"SELECT id, domain, cbid, name_id, start_ns, end_ns, tid, correlation_id,"
		" return_value, parent_id FROM api",
		sizeof(struct oc_api), INT32_MAX, "API calls", api_row,
	};
	static const struct table_load tl2 = {
		"SELECT count(*) FROM api",
		"SELECT id, cbid, start_ns, dur_ns, tid, return_value, handle_kind, context_id,"
		" stream_id, host_ptr, bytes FROM api",
		sizeof(struct oc_api), INT32_MAX, "API calls", api_row_v2,
	};
	struct oc_trace *t = r->t;
	struct key *k = NULL;
	void *v = NULL;
	int rc;

	if (t->version >= 2 && load_fnames(r))
		return -1;
	rc = load_table(r, t->version >= 2 ? &tl2 : &tl, &v, &t->n_api, &k);

	t->api = v;
	*rowmap = NULL;
	if (rc)
		return -1;
	*rowmap = xcalloc(t->n_api, sizeof **rowmap);
	if (!*rowmap) {
		free(k);
		return fail_nomem(r);
	}
	for (size_t i = 0; i < t->n_api; i++)
		(*rowmap)[i].id = k[i].c;
	free(k);
	return 0;
}

static int corr_cmp(const void *x, const void *y)
{
	const struct corr_ent *a = x, *b = y;

	if (a->corr != b->corr)
		return a->corr < b->corr ? -1 : 1;
	if (a->domain != b->domain)
		return a->domain < b->domain ? -1 : 1;
	return (a->idx > b->idx) - (a->idx < b->idx);
}

static int build_corr(struct oc_trace *t, struct priv *p)
{
	uint32_t max = 0;

	free(p->corr);
	free(p->dense);
	p->dense = NULL;
	p->n_dense = 0;
	p->n_corr = 0;
	/* correlation ids are usually dense: a direct map beats binary search */
	for (size_t i = 0; i < t->n_api; i++)
		if (t->api[i].correlation_id > max)
			max = t->api[i].correlation_id;
	if (t->n_api && (uint64_t)max < 4 * (uint64_t)t->n_api + 1024) {
		p->dense = malloc(2 * ((size_t)max + 1) * sizeof *p->dense);
		if (p->dense) {
			p->n_dense = max + 1;
			memset(p->dense, 0xff, 2 * ((size_t)max + 1) * sizeof *p->dense);
			/* first (earliest) call wins, as with the sorted index */
			for (size_t i = t->n_api; i-- > 0;) {
				const struct oc_api *a = &t->api[i];

				if (a->domain == OC_API_RUNTIME || a->domain == OC_API_DRIVER)
					p->dense[2 * (size_t)a->correlation_id + a->domain - 1] = (int32_t)i;
			}
		}
	}
	p->corr = xcalloc(t->n_api, sizeof *p->corr);
	if (!p->corr)
		return -1;
	for (size_t i = 0; i < t->n_api; i++)
		p->corr[i] = (struct corr_ent){ t->api[i].correlation_id, t->api[i].domain,
						(int32_t)i };
	p->n_corr = t->n_api;
	/* mostly sorted already when correlation ids grow with time */
	int sorted = 1;

	for (size_t i = 1; i < p->n_corr && sorted; i++)
		if (corr_cmp(&p->corr[i - 1], &p->corr[i]) > 0)
			sorted = 0;
	if (!sorted)
		qsort(p->corr, p->n_corr, sizeof *p->corr, corr_cmp);
	return 0;
}

static int32_t corr_find(const struct priv *p, uint32_t corr, uint32_t domain)
{
	size_t lo = 0, hi = p->n_corr;

	if (p->dense && (domain == OC_API_RUNTIME || domain == OC_API_DRIVER))
		return corr < p->n_dense ? p->dense[2 * (size_t)corr + domain - 1] : -1;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct corr_ent *e = &p->corr[mid];

		if (e->corr < corr || (e->corr == corr && e->domain < domain))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < p->n_corr && p->corr[lo].corr == corr && p->corr[lo].domain == domain)
		return p->corr[lo].idx;
	return -1;
}

int32_t oc_trace_api_find(const struct oc_trace *t, uint32_t correlation_id, int domain)
{
	const struct priv *p = t->priv;
	int32_t i;

	if (!p)
		return -1;
	if (domain)
		return corr_find(p, correlation_id, (uint32_t)domain);
	i = corr_find(p, correlation_id, OC_API_RUNTIME);
	return i >= 0 ? i : corr_find(p, correlation_id, OC_API_DRIVER);
}

/* tid-sorted order of api, for nesting. */
static int tid_cmp(const void *x, const void *y)
{
	const struct key *a = x, *b = y;

	return key_lt(a, b) ? -1 : key_lt(b, a);
}

/*
 * api[].parent for driver calls: parent_id when given, else the runtime call
 * with the same correlation id, else the innermost runtime call on the same
 * tid whose interval encloses the driver call.
 */
static int link_parents(struct rd *r, struct idpair *rowmap)
{
	struct oc_trace *t = r->t;
	size_t n = t->n_api;
	struct idpair *rows = NULL;
	struct key *k = NULL;
	int32_t *stack = NULL;
	int need_nest = 0, need_rows = 0;

	for (size_t i = 0; i < n && !need_rows; i++)
		need_rows = t->api[i].domain == OC_API_DRIVER && rowmap[i].id != INT64_MIN;
	if (need_rows) {
		rows = xcalloc(n, sizeof *rows);
		if (!rows)
			return fail_nomem(r);
		for (size_t i = 0; i < n; i++)
			rows[i] = (struct idpair){ t->api[i].row_id, (int32_t)i };
		qsort(rows, n, sizeof *rows, idpair_cmp);
	}
	for (size_t i = 0; i < n; i++) {
		struct oc_api *a = &t->api[i];
		int32_t par = -1;

		if (a->domain != OC_API_DRIVER)
			continue;
		if (rows && rowmap[i].id != INT64_MIN)
			par = idpair_find(rows, n, rowmap[i].id);
		if (par < 0)
			par = corr_find(r->p, a->correlation_id, OC_API_RUNTIME);
		if (par >= 0 && (size_t)par != i)
			a->parent = par;
		else
			need_nest = 1;
	}
	free(rows);
	if (!need_nest)
		return 0;
	k = xcalloc(n, sizeof *k);
	stack = xcalloc(n, sizeof *stack);
	if (!k || !stack)
		goto nomem;
	/* (tid, start, runtime before driver at equal start, index) */
	for (size_t i = 0; i < n; i++)
		k[i] = (struct key){ t->api[i].tid, t->api[i].start_ns,
				     t->api[i].domain == OC_API_RUNTIME ? 0 : 1, (uint32_t)i };
	qsort(k, n, sizeof *k, tid_cmp);
	size_t top = 0;
	int64_t tid = INT64_MIN;

	for (size_t j = 0; j < n; j++) {
		struct oc_api *a = &t->api[k[j].idx];

		if (k[j].a != tid) {
			tid = k[j].a;
			top = 0;
		}
		while (top && t->api[stack[top - 1]].end_ns < a->start_ns)
			top--;
		if (a->domain == OC_API_RUNTIME) {
			stack[top++] = (int32_t)k[j].idx;
			continue;
		}
		if (a->parent >= 0)
			continue;
		for (size_t s = top; s-- > 0;) {
			const struct oc_api *q = &t->api[stack[s]];

			if (q->start_ns <= a->start_ns && q->end_ns >= a->end_ns) {
				a->parent = stack[s];
				break;
			}
		}
	}
	free(k);
	free(stack);
	return 0;
nomem:
	free(k);
	free(stack);
	return fail_nomem(r);
}

/*
 * A stream named through a per-thread or legacy default handle: its mark in
 * used_pt or used_legacy. 1 when hk was one of those kinds.
 */
static int mark_default_stream(uint8_t *used_pt, uint8_t *used_legacy, int32_t s, int hk)
{
	if (hk == OC_HANDLE_PER_THREAD)
		used_pt[s] = 1;
	else if (hk == OC_HANDLE_LEGACY)
		used_legacy[s] = 1;
	else
		return 0;
	return 1;
}

/* api_args merged into api; marks streams used through special handles. */
static int load_api_args(struct rd *r, uint8_t *used_pt, uint8_t *used_legacy)
{
	struct oc_trace *t = r->t;
	sqlite3_stmt *st;
	int rc;

	/* v2: the arguments in api rows (api_row_v2); the raw handle is not
	 * stored there, the stream's is the one the program used. */
	for (size_t i = 0; i < t->n_api; i++) {
		struct oc_api *a = &t->api[i];
		int32_t s = -1;

		if (a->has_args != 2)
			continue;
		if (a->stream_handle)
			s = oc_trace_stream_find(t, (uint32_t)((a->stream_handle - 1) >> 32),
						 (uint32_t)(a->stream_handle - 1));
		a->has_args = 1;
		a->stream = s;
		a->stream_handle = s >= 0 ? t->streams[s].handle : 0;
		if (s >= 0)
			mark_default_stream(used_pt, used_legacy, s, a->handle_kind);
	}
	/* v1: every argument row; v2: the rest (see schema/trace.sql) */
	if (prepare(r, "SELECT correlation_id, domain, stream_handle, handle_kind, context_id,"
		       " stream_id, host_ptr, bytes, event_handle, flags FROM api_args", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		uint32_t corr = (uint32_t)sqlite3_column_int64(st, 0);
		uint32_t dom = (uint32_t)sqlite3_column_int64(st, 1);
		int has_handle = sqlite3_column_type(st, 2) != SQLITE_NULL;
		uint64_t handle = (uint64_t)sqlite3_column_int64(st, 2);
		int hk = (int)sqlite3_column_int64(st, 3);
		int has_stream = sqlite3_column_type(st, 4) != SQLITE_NULL &&
				 sqlite3_column_type(st, 5) != SQLITE_NULL;
		int32_t s = has_stream ? oc_trace_stream_find(t, (uint32_t)sqlite3_column_int64(st, 4),
							      (uint32_t)sqlite3_column_int64(st, 5))
				       : -1;
		int32_t ai = corr_find(r->p, corr, dom);

		if (ai >= 0) {
			struct oc_api *a = &t->api[ai];

			a->has_args = 1;
			a->handle_kind = (uint8_t)hk;
			a->stream = s;
			a->stream_handle = handle;
			a->host_ptr = (uint64_t)sqlite3_column_int64(st, 6);
			a->arg_bytes = (uint64_t)sqlite3_column_int64(st, 7);
			a->event_handle = (uint64_t)sqlite3_column_int64(st, 8);
			a->arg_flags = (uint32_t)sqlite3_column_int64(st, 9);
		}
		if (s < 0 || mark_default_stream(used_pt, used_legacy, s, hk))
			continue;
		if (hk == OC_HANDLE_NONE && has_handle && handle <= 2) {
			/* The writer did not classify the handle: 0x1 is
			 * cudaStreamLegacy, 0x2 cudaStreamPerThread, and 0 means
			 * the per-thread stream only in the _ptsz/_ptds variants. */
			const char *name = ai >= 0 ? oc_trace_str(t, t->api[ai].name) : "";

			if (handle == 2 || (handle == 0 && (strstr(name, "_ptsz") || strstr(name, "_ptds"))))
				used_pt[s] = 1;
			else
				used_legacy[s] = 1;
		}
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return fail_sql(r, NULL);
	return 0;
}

/*
 * Streams: the streams table, plus every (context, stream) seen in ops or
 * api_args; then op.stream, device ids, and kinds.
 */
static int build_streams(struct rd *r, const struct ctx *ctx, size_t n_ctx)
{
	struct oc_trace *t = r->t;
	uint8_t *hk = NULL, *pt = NULL, *leg = NULL;
	struct oc_stream *extra = NULL;
	size_t n_extra = 0, cap_extra = 16;
	int32_t last = -1;
	int ret = -1;

	/* distinct streams of ops not in the table */
	extra = malloc(cap_extra * sizeof *extra);
	if (!extra)
		return fail_nomem(r);
	if (load_streams(r, 0, &hk))
		goto out;
	qsort(t->streams, t->n_streams, sizeof *t->streams, stream_cmp);
	/* hk[] was parallel to the unsorted table: rebuild it sorted */
	{
		sqlite3_stmt *st;

		memset(hk, 0, t->n_streams);
		if (prepare(r, "SELECT context_id, stream_id, handle_kind FROM streams", &st))
			goto out;
		while (sqlite3_step(st) == SQLITE_ROW) {
			int32_t s = oc_trace_stream_find(t, (uint32_t)sqlite3_column_int64(st, 0),
							 (uint32_t)sqlite3_column_int64(st, 1));
			if (s >= 0)
				hk[s] = (uint8_t)sqlite3_column_int64(st, 2);
		}
		sqlite3_finalize(st);
	}
	for (size_t i = 0; i < t->n_ops; i++) {
		const struct oc_op *o = &t->ops[i];

		if (last >= 0 && ((extra[last].context_id == o->context_id &&
				   extra[last].stream_id == o->stream_id)))
			continue;
		if (oc_trace_stream_find(t, o->context_id, o->stream_id) >= 0)
			continue;
		last = -1;
		for (size_t j = 0; j < n_extra; j++)
			if (extra[j].context_id == o->context_id && extra[j].stream_id == o->stream_id)
				last = (int32_t)j;
		if (last >= 0)
			continue;
		if (n_extra == cap_extra) {
			struct oc_stream *x = realloc(extra, 2 * cap_extra * sizeof *extra);

			if (!x) {
				fail_nomem(r);
				goto out;
			}
			extra = x;
			cap_extra *= 2;
		}
		memset(&extra[n_extra], 0, sizeof *extra);
		extra[n_extra].context_id = o->context_id;
		extra[n_extra].stream_id = o->stream_id;
		extra[n_extra].device_id = o->device_id;
		last = (int32_t)n_extra++;
	}
	if (n_extra) {
		struct oc_stream *s = realloc(t->streams, (t->n_streams + n_extra) * sizeof *s);
		uint8_t *h = realloc(hk, t->n_streams + n_extra);

		if (!s || !h) {
			if (s)
				t->streams = s;
			if (h)
				hk = h;
			fail_nomem(r);
			goto out;
		}
		t->streams = s;
		hk = h;
		memcpy(t->streams + t->n_streams, extra, n_extra * sizeof *extra);
		memset(hk + t->n_streams, 0, n_extra);
		t->n_streams += n_extra;
		/* keep hk parallel: sort (stream, hk) together */
		struct key *k = xcalloc(t->n_streams, sizeof *k);

		if (!k) {
			fail_nomem(r);
			goto out;
		}
		for (size_t i = 0; i < t->n_streams; i++)
			k[i] = (struct key){ t->streams[i].context_id, t->streams[i].stream_id,
					     hk[i], (uint32_t)i };
		struct oc_stream *sorted = xcalloc(t->n_streams, sizeof *sorted);

		if (!sorted || sort_keys(k, t->n_streams)) {
			free(sorted);
			free(k);
			fail_nomem(r);
			goto out;
		}
		for (size_t i = 0; i < t->n_streams; i++) {
			sorted[i] = t->streams[k[i].idx];
			hk[i] = (uint8_t)k[i].c;
		}
		free(t->streams);
		t->streams = sorted;
		free(k);
	}
	/* device ids from contexts; op.stream */
	for (size_t i = 0; i < t->n_streams; i++) {
		const struct ctx *c = ctx_find(ctx, n_ctx, t->streams[i].context_id);

		if (c)
			t->streams[i].device_id = c->device_id;
	}
	last = -1;
	for (size_t i = 0; i < t->n_ops; i++) {
		struct oc_op *o = &t->ops[i];

		if (!(last >= 0 && t->streams[last].context_id == o->context_id &&
		      t->streams[last].stream_id == o->stream_id))
			last = oc_trace_stream_find(t, o->context_id, o->stream_id);
		o->stream = last;
	}
	pt = xcalloc(t->n_streams, 1);
	leg = xcalloc(t->n_streams, 1);
	if (!pt || !leg) {
		fail_nomem(r);
		goto out;
	}
	for (size_t i = 0; i < t->n_streams; i++)
		mark_default_stream(pt, leg, (int32_t)i, hk[i]);
	if (load_api_args(r, pt, leg))
		goto out;
	for (size_t i = 0; i < t->n_streams; i++) {
		struct oc_stream *s = &t->streams[i];
		const struct ctx *c = ctx_find(ctx, n_ctx, s->context_id);
		int null_stream = c && c->null_stream_id >= 0 &&
				  (uint32_t)c->null_stream_id == s->stream_id;

		if (s->flag == 3 || null_stream)
			s->kind = OC_STREAM_LEGACY_DEFAULT;
		else if (pt[i])
			s->kind = OC_STREAM_PER_THREAD_DEFAULT;
		else if (leg[i])
			s->kind = OC_STREAM_LEGACY_DEFAULT;
		else if (s->flag == 1)
			s->kind = OC_STREAM_BLOCKING;
		else if (s->flag == 2)
			s->kind = OC_STREAM_NON_BLOCKING;
		else
			s->kind = OC_STREAM_UNKNOWN;
	}
	ret = 0;
out:
	free(extra);
	free(hk);
	free(pt);
	free(leg);
	return ret;
}

static void link_ops(struct oc_trace *t, struct priv *p)
{
	for (size_t i = 0; i < t->n_ops; i++) {
		struct oc_op *o = &t->ops[i];
		int32_t a = corr_find(p, o->correlation_id, OC_API_RUNTIME);

		if (a < 0) {
			a = corr_find(p, o->correlation_id, OC_API_DRIVER);
			if (a >= 0 && t->api[a].parent >= 0)
				a = t->api[a].parent;
		}
		o->api = a;
	}
}

static int sync_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_sync *s = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[3];

	for (int c = 1; c <= 3; c++)
		if (need_int(r, st, c, "syncs", id, &v[c - 1]))
			return -1;
	if (check_span(r, "syncs", id, v[1], v[2]))
		return -1;
	s->type = (uint32_t)v[0];
	s->start_ns = v[1];
	s->end_ns = v[2];
	s->context_id = (uint32_t)sqlite3_column_int64(st, 4);
	s->stream_id = sqlite3_column_type(st, 5) == SQLITE_NULL ? -1
		       : sqlite3_column_int64(st, 5);
	s->event_id = sqlite3_column_type(st, 6) == SQLITE_NULL ? -1
		      : sqlite3_column_int64(st, 6);
	/* CUPTI's "not applicable" */
	if (s->stream_id == 0xFFFFFFFFll)
		s->stream_id = -1;
	if (s->event_id == 0xFFFFFFFFll)
		s->event_id = -1;
	s->correlation_id = (uint32_t)sqlite3_column_int64(st, 7);
	s->return_value = (int32_t)sqlite3_column_int64(st, 8);
	s->api = sqlite3_column_type(st, 7) == SQLITE_NULL ? -1
		 : oc_trace_api_find(r->t, s->correlation_id, 0);
	k->a = s->start_ns;
	k->b = id;
	return 0;
}

static int load_syncs(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM syncs",
		"SELECT id, type, start_ns, end_ns, context_id, stream_id, event_id,"
		" correlation_id, return_value FROM syncs",
		sizeof(struct oc_sync), 0, "syncs", sync_row,
	};
	void *v = NULL;
	int rc = load_table(r, &tl, &v, &r->t->n_syncs, NULL);

	r->t->syncs = v;
	return rc;
}

static int event_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_event *e = rec;

	(void)r;
	e->event_id = (uint32_t)sqlite3_column_int64(st, 0);
	e->context_id = (uint32_t)sqlite3_column_int64(st, 1);
	e->stream_id = (uint32_t)sqlite3_column_int64(st, 2);
	e->device_id = (uint32_t)sqlite3_column_int64(st, 3);
	e->correlation_id = (uint32_t)sqlite3_column_int64(st, 4);
	e->device_ts_ns = sqlite3_column_int64(st, 5);
	k->a = e->correlation_id;
	k->b = e->device_ts_ns;
	return 0;
}

static int load_events(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM events",
		"SELECT event_id, context_id, stream_id, device_id, correlation_id,"
		" device_ts_ns FROM events",
		sizeof(struct oc_event), 0, "events", event_row,
	};
	void *v = NULL;
	int rc = load_table(r, &tl, &v, &r->t->n_events, NULL);

	r->t->events = v;
	return rc;
}

static int overhead_row(struct rd *r, sqlite3_stmt *st, void *rec, struct key *k)
{
	struct oc_overhead *o = rec;
	int64_t id = sqlite3_column_int64(st, 0), v[3];

	for (int c = 1; c <= 3; c++)
		if (need_int(r, st, c, "overheads", id, &v[c - 1]))
			return -1;
	if (check_span(r, "overheads", id, v[1], v[2]))
		return -1;
	o->kind = (uint32_t)v[0];
	o->start_ns = v[1];
	o->end_ns = v[2];
	o->object_kind = (uint32_t)sqlite3_column_int64(st, 4);
	o->object_id = (uint64_t)sqlite3_column_int64(st, 5);
	o->correlation_id = (uint32_t)sqlite3_column_int64(st, 6);
	k->a = o->start_ns;
	k->b = id;
	return 0;
}

static int load_overheads(struct rd *r)
{
	static const struct table_load tl = {
		"SELECT count(*) FROM overheads",
		"SELECT id, kind, start_ns, end_ns, object_kind, object_id, correlation_id"
		" FROM overheads",
		sizeof(struct oc_overhead), 0, "overheads", overhead_row,
	};
	void *v = NULL;
	int rc = load_table(r, &tl, &v, &r->t->n_overheads, NULL);

	r->t->overheads = v;
	return rc;
}

static int load_warnings(struct rd *r)
{
	struct oc_trace *t = r->t;
	sqlite3_stmt *st;
	size_t n;
	int rc;

	if (count_rows(r, "SELECT count(*) FROM warnings", &n))
		return -1;
	t->warnings = xcalloc(n, sizeof *t->warnings);
	if (!t->warnings)
		return fail_nomem(r);
	if (prepare(r, "SELECT ts_ns, pid, source, code, message FROM warnings ORDER BY id", &st))
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && t->n_warnings < n) {
		struct oc_warning *w = &t->warnings[t->n_warnings];
		const char *s[3];

		w->ts_ns = sqlite3_column_int64(st, 0);
		w->pid = (int)sqlite3_column_int64(st, 1);
		for (int c = 0; c < 3; c++) {
			const char *v = (const char *)sqlite3_column_text(st, 2 + c);

			s[c] = arena_dup(r->p, v ? v : "", v ? strlen(v) : 0);
			if (!s[c]) {
				sqlite3_finalize(st);
				return fail_nomem(r);
			}
		}
		w->source = s[0];
		w->code = s[1];
		w->message = s[2];
		t->n_warnings++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return fail_sql(r, NULL);
	return 0;
}

/* NVTX: instant marks, and ranges paired by marker id. */
struct mk {
	int64_t  ts_ns;
	uint32_t marker_id, tid;
	int32_t  name, domain;
	uint8_t  used;
};

static int mk_cmp(const void *x, const void *y)
{
	const struct mk *a = x, *b = y;

	if (a->marker_id != b->marker_id)
		return a->marker_id < b->marker_id ? -1 : 1;
	return (a->ts_ns > b->ts_ns) - (a->ts_ns < b->ts_ns);
}

static int range_cmp(const void *x, const void *y)
{
	const struct oc_range *a = x, *b = y;

	if (a->start_ns != b->start_ns)
		return a->start_ns < b->start_ns ? -1 : 1;
	return (a->marker_id > b->marker_id) - (a->marker_id < b->marker_id);
}

static int mark_cmp(const void *x, const void *y)
{
	const struct oc_mark *a = x, *b = y;

	return (a->ts_ns > b->ts_ns) - (a->ts_ns < b->ts_ns);
}

static int load_markers(struct rd *r)
{
	struct oc_trace *t = r->t;
	sqlite3_stmt *st;
	struct mk *starts = NULL, *ends = NULL;
	size_t n, ns = 0, ne = 0;
	int rc;

	if (count_rows(r, "SELECT count(*) FROM markers", &n))
		return -1;
	starts = xcalloc(n, sizeof *starts);
	ends = xcalloc(n, sizeof *ends);
	t->marks = xcalloc(n, sizeof *t->marks);
	t->ranges = xcalloc(n, sizeof *t->ranges);
	if (!starts || !ends || !t->marks || !t->ranges) {
		fail_nomem(r);
		goto err;
	}
	if (prepare(r, "SELECT id, marker_id, flags, ts_ns, tid, name_id, domain_id FROM markers",
		    &st))
		goto err;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && ns + ne + t->n_marks < n) {
		int64_t id = sqlite3_column_int64(st, 0), v[3];
		struct mk m;

		for (int c = 1; c <= 3; c++)
			if (need_int(r, st, c, "markers", id, &v[c - 1])) {
				sqlite3_finalize(st);
				goto err;
			}
		m.marker_id = (uint32_t)v[0];
		m.ts_ns = v[2];
		m.tid = (uint32_t)sqlite3_column_int64(st, 4);
		m.name = col_str(r, st, 5);
		m.domain = col_str(r, st, 6);
		m.used = 0;
		if (v[1] & 1)
			t->marks[t->n_marks++] = (struct oc_mark){ m.ts_ns, m.tid, m.name };
		else if (v[1] & 2)
			starts[ns++] = m;
		else if (v[1] & 4)
			ends[ne++] = m;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		fail_sql(r, NULL);
		goto err;
	}
	qsort(starts, ns, sizeof *starts, mk_cmp);
	qsort(ends, ne, sizeof *ends, mk_cmp);
	/* each start takes the first unused end of its id at or after it */
	for (size_t i = 0, j = 0; i < ns; i++) {
		struct mk *s = &starts[i];
		int64_t end = INT64_MAX;

		while (j < ne && ends[j].marker_id < s->marker_id)
			j++;
		for (size_t e = j; e < ne && ends[e].marker_id == s->marker_id; e++)
			if (!ends[e].used && ends[e].ts_ns >= s->ts_ns) {
				ends[e].used = 1;
				end = ends[e].ts_ns;
				break;
			}
		t->ranges[t->n_ranges++] = (struct oc_range){ s->ts_ns, end, s->tid, s->name,
							      s->domain, s->marker_id };
	}
	qsort(t->ranges, t->n_ranges, sizeof *t->ranges, range_cmp);
	qsort(t->marks, t->n_marks, sizeof *t->marks, mark_cmp);
	free(starts);
	free(ends);
	return 0;
err:
	free(starts);
	free(ends);
	return -1;
}

/* ---- opening ------------------------------------------------------------- */

static uint32_t be32(const unsigned char *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/*
 * Look at the file before SQLite does: existence, kind, the SQLite magic,
 * and a file shorter than its header says (truncated). *wal receives 1 when
 * the header says WAL mode.
 */
static int precheck(struct rd *r, int *wal)
{
	unsigned char h[100];
	struct stat sb;
	char walpath[4200];
	FILE *f;
	size_t got;

	*wal = 0;
	if (stat(r->path, &sb) < 0) {
		if (errno == ENOENT || errno == ENOTDIR)
			return fail(r, "no such file");
		return fail_errno(r, errno);
	}
	if (S_ISDIR(sb.st_mode))
		return fail(r, "is a directory");
	snprintf(walpath, sizeof walpath, "%s-wal", r->path);
	int have_wal = access(walpath, F_OK) == 0;

	f = fopen(r->path, "rb");
	if (!f)
		return fail_errno(r, errno);
	got = fread(h, 1, sizeof h, f);
	fclose(f);
	if (got == 0 && !have_wal)
		return fail(r, "empty file, not an overlapcheck trace");
	if (got == 0)
		return 0;
	if (got < sizeof h || memcmp(h, "SQLite format 3", 16))
		return fail(r, "not a SQLite database");
	*wal = h[18] == 2 || h[19] == 2;
	/* in-header database size, valid when the change counters agree */
	uint32_t psz = (uint32_t)h[16] << 8 | h[17];
	uint64_t pages = be32(h + 28);

	if (psz == 1)
		psz = 65536;
	if (!have_wal && pages && be32(h + 24) == be32(h + 92) &&
	    (uint64_t)sb.st_size < pages * psz)
		return fail(r, "truncated or corrupt (file is %lld bytes, its header says %llu)",
			    (long long)sb.st_size, (unsigned long long)(pages * psz));
	return 0;
}

static int open_db(struct rd *r, int flags)
{
	if (sqlite3_open_v2(r->path, &r->db, flags, NULL) != SQLITE_OK) {
		int rc = r->db ? sqlite3_errcode(r->db) : SQLITE_NOMEM;

		if (r->db) {
			fail_sql(r, NULL);
			sqlite3_close(r->db);
		} else {
			fail_nomem(r);
		}
		r->db = NULL;
		return rc ? rc : -1;
	}
	sqlite3_busy_timeout(r->db, 2000);
	sqlite3_extended_result_codes(r->db, 0);
	return SQLITE_OK;
}

/*
 * Open read-only and classify. A WAL trace left by a killed program needs
 * its -shm (and recovery) to be readable: when read-only fails for that
 * reason, retry read-write (never creating the file).
 */
static int open_and_check(struct rd *r)
{
	char msg[256] = "";
	int wal, ver = 0;
	enum oc_schema_state state;

	if (precheck(r, &wal))
		return -1;
	for (int attempt = 0; attempt < 2; attempt++) {
		int flags = (attempt == 0 ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) |
			    SQLITE_OPEN_NOMUTEX;
		int rc = open_db(r, flags);

		if (rc != SQLITE_OK) {
			if (attempt == 0 && (rc == SQLITE_CANTOPEN || rc == SQLITE_READONLY ||
					     rc == SQLITE_BUSY))
				continue;
			return -1;
		}
		state = oc_schema_check(r->db, &ver, msg, sizeof msg);
		if (state != OC_SCHEMA_ERROR)
			break;
		rc = sqlite3_errcode(r->db);
		if (attempt == 0 && wal && (rc == SQLITE_CANTOPEN || rc == SQLITE_READONLY ||
					    rc == SQLITE_BUSY)) {
			sqlite3_close(r->db);
			r->db = NULL;
			continue;
		}
		return fail_sql(r, NULL);
	}
	if (!r->db)
		return -1;
	switch (state) {
	case OC_SCHEMA_OK:
		r->t->version = ver;
		return 0;
	case OC_SCHEMA_EMPTY:
		return fail(r, "SQLite database but not an overlapcheck trace (it has no tables)");
	case OC_SCHEMA_NOT_TRACE:
		return fail(r, "SQLite database but not an overlapcheck trace");
	case OC_SCHEMA_NEWER:
		return fail(r, "written by a newer overlapcheck (schema version %d; this build reads up to %d)",
			    ver, OC_SCHEMA_VERSION);
	case OC_SCHEMA_ERROR:
		break;
	}
	return fail_sql(r, NULL);
}

static void rd_free(struct rd *r)
{
	free(r->shapes);
	free(r->fnames);
	r->shapes = NULL;
	r->fnames = NULL;
}

int oc_trace_open(struct oc_trace *t, const char *path, char *err, size_t errlen)
{
	struct rd r = { .t = t, .path = path, .err = err, .errlen = errlen };
	struct idpair *rowmap = NULL;
	struct ctx *ctx = NULL;
	size_t n_ctx = 0;

	memset(t, 0, sizeof *t);
	if (err && errlen)
		err[0] = '\0';
	r.p = calloc(1, sizeof *r.p);
	t->path = strdup(path);
	if (!r.p || !t->path) {
		free(r.p);
		free(t->path);
		t->path = NULL;
		return fail_nomem(&r);
	}
	t->priv = r.p;
	if (open_and_check(&r))
		goto err;
	if (sqlite3_exec(r.db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK) {
		fail_sql(&r, NULL);
		goto err;
	}
	if (load_meta(&r) || load_strings(&r) || load_devices(&r))
		goto err;
	load_run_facts(t);
	if (load_contexts(&r, &ctx, &n_ctx) || load_ops(&r) || load_api(&r, &rowmap))
		goto err;
	if (build_corr(t, r.p)) {
		fail_nomem(&r);
		goto err;
	}
	if (link_parents(&r, rowmap))
		goto err;
	free(rowmap);
	rowmap = NULL;
	link_ops(t, r.p);
	if (build_streams(&r, ctx, n_ctx))
		goto err;
	if (load_syncs(&r) || load_events(&r) || load_overheads(&r) || load_warnings(&r) ||
	    load_markers(&r))
		goto err;
	sqlite3_exec(r.db, "COMMIT", NULL, NULL, NULL);
	sqlite3_close(r.db);
	free(ctx);
	rd_free(&r);
	return 0;
err:
	free(rowmap);
	free(ctx);
	rd_free(&r);
	if (r.db) {
		sqlite3_exec(r.db, "ROLLBACK", NULL, NULL, NULL);
		sqlite3_close(r.db);
	}
	oc_trace_release(t);
	return -1;
}

void oc_trace_release(struct oc_trace *t)
{
	struct priv *p = t->priv;

	if (p) {
		while (p->blocks) {
			struct arena_block *b = p->blocks;

			p->blocks = b->next;
			free(b);
		}
		free(p->str_ids);
		free(p->corr);
		free(p->dense);
		free(p);
	}
	free(t->path);
	free(t->meta);
	free(t->strs);
	free(t->devices);
	free(t->streams);
	free(t->ops);
	free(t->api);
	free(t->syncs);
	free(t->events);
	free(t->ranges);
	free(t->marks);
	free(t->overheads);
	free(t->warnings);
	memset(t, 0, sizeof *t);
}

/* ---- lookups ------------------------------------------------------------- */

const char *oc_trace_meta(const struct oc_trace *t, const char *key)
{
	size_t lo = 0, hi = t->n_meta;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(t->meta[mid].key, key);

		if (c == 0)
			return t->meta[mid].value;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const char *oc_trace_str(const struct oc_trace *t, int32_t idx)
{
	if (idx < 0 || (size_t)idx >= t->n_strs)
		return "";
	return t->strs[idx];
}

const struct oc_device *oc_trace_device(const struct oc_trace *t, int id)
{
	for (size_t i = 0; i < t->n_devices; i++)
		if (t->devices[i].id == id)
			return &t->devices[i];
	return NULL;
}

const char *oc_stream_kind_name(enum oc_stream_kind k)
{
	switch (k) {
	case OC_STREAM_LEGACY_DEFAULT:
		return "legacy_default";
	case OC_STREAM_PER_THREAD_DEFAULT:
		return "per_thread_default";
	case OC_STREAM_BLOCKING:
		return "blocking";
	case OC_STREAM_NON_BLOCKING:
		return "non_blocking";
	case OC_STREAM_UNKNOWN:
		break;
	}
	return "unknown";
}

const char *oc_copy_kind_name(int copy_kind)
{
	switch (copy_kind) {
	case OC_COPY_HTOD: return "HtoD";
	case OC_COPY_DTOH: return "DtoH";
	case OC_COPY_HTOA: return "HtoA";
	case OC_COPY_ATOH: return "AtoH";
	case OC_COPY_ATOA: return "AtoA";
	case OC_COPY_ATOD: return "AtoD";
	case OC_COPY_DTOA: return "DtoA";
	case OC_COPY_DTOD: return "DtoD";
	case OC_COPY_HTOH: return "HtoH";
	case OC_COPY_PTOP: return "PtoP";
	}
	return "unknown";
}

const char *oc_mem_kind_name(int mem_kind)
{
	switch (mem_kind) {
	case OC_MEM_PAGEABLE: return "pageable";
	case OC_MEM_PINNED: return "pinned";
	case OC_MEM_DEVICE: return "device";
	case OC_MEM_ARRAY: return "array";
	case OC_MEM_MANAGED: return "managed";
	case OC_MEM_DEVICE_STATIC: return "device_static";
	case OC_MEM_MANAGED_STATIC: return "managed_static";
	}
	return "unknown";
}

const char *oc_op_kind_name(int kind)
{
	switch (kind) {
	case OC_OP_KERNEL: return "kernel";
	case OC_OP_MEMCPY: return "memcpy";
	case OC_OP_MEMSET: return "memset";
	case OC_OP_MEMCPY_PEER: return "memcpy_peer";
	}
	return "unknown";
}

/* ---- filters ------------------------------------------------------------- */

size_t oc_trace_keep_device(struct oc_trace *t, int device_id)
{
	size_t k = 0;

	for (size_t i = 0; i < t->n_ops; i++)
		if ((int64_t)t->ops[i].device_id == device_id)
			t->ops[k++] = t->ops[i];
	t->n_ops = k;
	return k;
}

/*
 * The matching ranges as disjoint spans: per thread (sorted by tid, then
 * start; overlapping or nested ranges of one thread merged) and for all
 * threads together (tid 0 in a second list). Membership is then a binary
 * search, whatever the nesting or unclosed ranges (end INT64_MAX).
 */
struct span {
	uint32_t tid;
	int64_t start_ns, end_ns;
};

static int span_cmp(const void *x, const void *y)
{
	const struct span *a = x, *b = y;

	if (a->tid != b->tid)
		return a->tid < b->tid ? -1 : 1;
	return (a->start_ns > b->start_ns) - (a->start_ns < b->start_ns);
}

/* Sort and merge in place; returns the new count. */
static size_t span_merge(struct span *v, size_t n)
{
	size_t k = 0;

	qsort(v, n, sizeof *v, span_cmp);
	for (size_t i = 0; i < n; i++) {
		if (k && v[k - 1].tid == v[i].tid && v[i].start_ns <= v[k - 1].end_ns) {
			if (v[i].end_ns > v[k - 1].end_ns)
				v[k - 1].end_ns = v[i].end_ns;
			continue;
		}
		v[k++] = v[i];
	}
	return k;
}

/* Is ts inside a span of thread tid (start <= ts < end)? */
static int in_spans(const struct span *v, size_t n, uint32_t tid, int64_t ts)
{
	size_t lo = 0, hi = n;

	/* the last span with (tid, start) <= (tid, ts) */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].tid < tid || (v[mid].tid == tid && v[mid].start_ns <= ts))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 && v[lo - 1].tid == tid && ts < v[lo - 1].end_ns;
}

long oc_trace_keep_range(struct oc_trace *t, const char *name)
{
	struct span *own, *all;
	int32_t *map = NULL;
	size_t n = 0, n_own, n_all, k;

	own = xcalloc(t->n_ranges, sizeof *own);
	all = xcalloc(t->n_ranges, sizeof *all);
	if (!own || !all) {
		free(own);
		free(all);
		return -1;
	}
	for (size_t i = 0; i < t->n_ranges; i++)
		if (!strcmp(oc_trace_str(t, t->ranges[i].name), name)) {
			const struct oc_range *g = &t->ranges[i];

			own[n] = (struct span){ g->tid, g->start_ns, g->end_ns };
			all[n] = (struct span){ 0, g->start_ns, g->end_ns };
			n++;
		}
	n_own = span_merge(own, n);
	n_all = span_merge(all, n);
	map = xcalloc(t->n_api, sizeof *map);
	if (!map) {
		free(own);
		free(all);
		return -1;
	}
	/* api: keep calls that started inside a range on their thread */
	k = 0;
	for (size_t i = 0; i < t->n_api; i++) {
		const struct oc_api *a = &t->api[i];

		if (in_spans(own, n_own, a->tid, a->start_ns)) {
			map[i] = (int32_t)k;
			t->api[k++] = *a;
		} else {
			map[i] = -1;
		}
	}
	size_t old_api = t->n_api;

	t->n_api = k;
	for (size_t i = 0; i < t->n_api; i++)
		if (t->api[i].parent >= 0)
			t->api[i].parent = map[t->api[i].parent];
	/* ops: their call was kept */
	k = 0;
	for (size_t i = 0; i < t->n_ops; i++) {
		struct oc_op o = t->ops[i];

		if (o.api < 0 || (size_t)o.api >= old_api || map[o.api] < 0)
			continue;
		o.api = map[o.api];
		t->ops[k++] = o;
	}
	t->n_ops = k;
	/* syncs: by their call, else by time on any thread */
	k = 0;
	for (size_t i = 0; i < t->n_syncs; i++) {
		struct oc_sync s = t->syncs[i];

		if (s.api >= 0 && (size_t)s.api < old_api) {
			if (map[s.api] < 0)
				continue;
			s.api = map[s.api];
		} else if (!in_spans(all, n_all, 0, s.start_ns)) {
			continue;
		} else {
			s.api = -1;
		}
		t->syncs[k++] = s;
	}
	t->n_syncs = k;
	free(map);
	free(own);
	free(all);
	if (build_corr(t, t->priv))
		return -1;
	return (long)n;
}
