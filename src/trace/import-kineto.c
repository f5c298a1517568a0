/*
 * import-kineto.c: PyTorch profiler (Kineto) Chrome traces into traces.
 *
 * The file (plain JSON or gzip: zlib reads both) is parsed as a stream of
 * tokens (json-reader.c): one event object at a time is taken apart, and
 * only what overlapcheck uses is kept, in compact records: GPU events
 * (kernel, gpu_memcpy, gpu_memset), CUDA API calls (cuda_runtime,
 * cuda_driver), cuda_sync events, CUPTI overheads, user annotations (as NVTX
 * ranges, for --range) and the device properties. Memory grows with those
 * records; the CPU ops, flows and everything else are skipped as they pass.
 *
 * At the end of the document the records are split by process (the pid of
 * the API calls; a GPU event belongs to the process of the call with its
 * correlation id) and each process's records are written as one trace.
 * Kineto's times are microseconds with three decimals from
 * baseTimeNanoseconds: they are read as decimal text into integer
 * nanoseconds, never through a double, and rebased to the process's first
 * event.
 *
 * What a Kineto trace does not hold is said, not guessed (docs/import.md):
 * no ASYNC flag (copies and memsets are claims by their API call's name, in
 * the reader), no stream flags (every stream's kind is unknown), no exit
 * status or dropped-record count, no environment. cuda_sync events exist
 * only with enable_cuda_sync_events; without them the calls named
 * cudaDeviceSynchronize, cudaStreamSynchronize and cudaEventSynchronize
 * become explicit syncs by their names (without the stream or event they
 * waited for), and stream waits are not seen at all.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "overlapcheck/mem.h"
#include "importer.h"
#include "json-reader.h"
#include "overlapcheck/codes.h"


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

static int kin_nomem(struct kin *k)
{
	return oc_imp_fail(k->im, "out of memory");
}

/* Room for one more of size bytes at *p (n used, *cap allocated). */
static int grow(void *pp, size_t *cap, size_t n, size_t size)
{
	void **p = pp;

	if (n < *cap)
		return 0;
	size_t nc = *cap ? *cap * 2 : 256;
	void *q = realloc(*p, nc * size);

	if (!q)
		return -1;
	*p = q;
	*cap = nc;
	return 0;
}

#define PUSH(k, arr, n, cap) (grow(&(k)->arr, &(k)->cap, (k)->n, sizeof *(k)->arr) ? NULL : &(k)->arr[(k)->n++])

static uint64_t hash_str(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ull;

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ull;
	}
	return h;
}

/* Index of name s[0..len), interned; -1 out of memory. */
static int32_t name_id(struct names *t, const char *s, size_t len)
{
	if (2 * (t->n + 1) > t->slots) {
		size_t ns = t->slots ? t->slots * 2 : 1024;
		int32_t *sl = malloc(ns * sizeof *sl);

		if (!sl)
			return -1;
		memset(sl, 0xff, ns * sizeof *sl);
		for (size_t i = 0; i < t->n; i++) {
			size_t j = hash_str(t->s[i], t->len[i]) & (ns - 1);

			while (sl[j] >= 0)
				j = (j + 1) & (ns - 1);
			sl[j] = (int32_t)i;
		}
		free(t->slot);
		t->slot = sl;
		t->slots = ns;
	}
	size_t j = hash_str(s, len) & (t->slots - 1);

	for (; t->slot[j] >= 0; j = (j + 1) & (t->slots - 1)) {
		int32_t i = t->slot[j];

		if (t->len[i] == len && !memcmp(t->s[i], s, len))
			return i;
	}
	if (t->n >= INT32_MAX - 1)
		return -1;
	if (t->n == t->cap) {
		size_t nc = t->cap ? t->cap * 2 : 256;
		char **ns = realloc(t->s, nc * sizeof *ns);

		if (!ns)
			return -1;
		t->s = ns;
		size_t *nl = realloc(t->len, nc * sizeof *nl);

		if (!nl)
			return -1;
		t->len = nl;
		t->cap = nc;
	}
	char *c = malloc(len + 1);

	if (!c)
		return -1;
	memcpy(c, s, len);
	c[len] = '\0';
	t->s[t->n] = c;
	t->len[t->n] = len;
	t->slot[j] = (int32_t)t->n;
	return (int32_t)t->n++;
}

static void names_free(struct names *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->s[i]);
	free(t->s);
	free(t->len);
	free(t->slot);
	memset(t, 0, sizeof *t);
}

/* ---- numbers ---------------------------------------------------------------- */

/* An integer (a number token; a fraction is cut off). 0, or -1 out of range. */
static int num_i64(const char *s, int64_t *out)
{
	char *end;

	errno = 0;
	long long v = strtoll(s, &end, 10);

	if (errno == 0 && *end == '\0') {
		*out = v;
		return 0;
	}
	errno = 0;
	long double d = strtold(s, &end);

	if (errno || *end || !(d > -9.2e18L && d < 9.2e18L))
		return -1;
	*out = (int64_t)d;
	return 0;
}

/*
 * Microseconds as Kineto writes them ("5290341842673.884") into integer
 * nanoseconds, exactly: the digits after the third decimal round. 0, or -1
 * when out of range.
 */
static int num_us_ns(const char *s, int64_t *out)
{
	const char *p = s;
	int neg = 0;
	int64_t v = 0;

	if (*p == '-') {
		neg = 1;
		p++;
	}
	if (!isdigit((unsigned char)*p))
		return -1;
	for (; isdigit((unsigned char)*p); p++) {
		if (v > (INT64_MAX / 1000 - 9) / 10)
			return -1;
		v = v * 10 + (*p - '0');
	}
	v *= 1000;
	if (*p == '.') {
		int64_t scale = 100;

		p++;
		for (; isdigit((unsigned char)*p) && scale; p++, scale /= 10)
			v += (*p - '0') * scale;
		if (isdigit((unsigned char)*p) && *p >= '5')
			v++;
		while (isdigit((unsigned char)*p))
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		char *end;

		errno = 0;
		long double d = strtold(s, &end) * 1000.0L;

		if (errno || *end || !(d > -9.2e18L && d < 9.2e18L))
			return -1;
		*out = (int64_t)(d < 0 ? d - 0.5L : d + 0.5L);
		return 0;
	}
	if (*p)
		return -1;
	*out = neg ? -v : v;
	return 0;
}

/* ---- the document ------------------------------------------------------------ */

static int jr_fail(struct kin *k)
{
	if (!strncmp(k->jr.err, "truncated", 9) || !strncmp(k->jr.err, "out of memory", 13))
		return oc_imp_fail(k->im, "%s", k->jr.err);
	return oc_imp_fail(k->im, "bad JSON: %s", k->jr.err);
}

/* Copy a short string token into buf (cut at len - 1). */
static void copy_tok(const struct kin *k, char *buf, size_t len)
{
	snprintf(buf, len, "%s", k->jr.tok);
}

/* A number or string value as text into buf; other values are skipped. */
static int scalar_text(struct kin *k, enum jr_type t, char *buf, size_t len)
{
	if (t == JR_NUMBER || t == JR_STRING) {
		copy_tok(k, buf, len);
		return 0;
	}
	return jr_skip(&k->jr, t) ? jr_fail(k) : 0;
}

/* An integer value into *out (NONE when it is not a number). */
static int int_value(struct kin *k, enum jr_type t, int64_t *out)
{
	*out = NONE;
	if (t == JR_NUMBER) {
		if (num_i64(k->jr.tok, out))
			*out = NONE;
		return 0;
	}
	return jr_skip(&k->jr, t) ? jr_fail(k) : 0;
}

/* [x, y, z] into v. */
static int triple(struct kin *k, enum jr_type t, int32_t v[3], int *have)
{
	int i = 0;

	if (t != JR_ARRAY)
		return jr_skip(&k->jr, t) ? jr_fail(k) : 0;
	for (;;) {
		t = jr_next(&k->jr);
		if (t == JR_ARRAY_END)
			break;
		if (t == JR_ERROR)
			return jr_fail(k);
		int64_t x;

		if (int_value(k, t, &x))
			return -1;
		if (i < 3)
			v[i++] = x == NONE || x < INT32_MIN || x > INT32_MAX ? 0 : (int32_t)x;
	}
	*have = i == 3;
	return 0;
}

/* An integer member of an object, and where it goes. */
struct ifield {
	const char *key;
	size_t off;
};

/*
 * The next member of the object being read: its key into key[0..len) (a
 * key too long for it is none of ours: "") and its value's first token
 * into *t. 1, 0 at the object's end, -1 on error.
 */
static int member(struct kin *k, char *key, size_t len, enum jr_type *t)
{
	enum jr_type x = jr_next(&k->jr);

	if (x == JR_OBJECT_END)
		return 0;
	if (x != JR_KEY)
		return jr_fail(k);
	copy_tok(k, key, len);
	if (k->jr.tok_len >= len)
		key[0] = '\0';
	*t = jr_next(&k->jr);
	return *t == JR_ERROR ? jr_fail(k) : 1;
}

/* An integer member named in f[0..n): into base + its offset. 1 when key
 * is one of them, 0 when not, -1 on error. */
static int int_member(struct kin *k, const char *key, enum jr_type t, void *base,
		      const struct ifield *f, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(key, f[i].key))
			return int_value(k, t, (int64_t *)((char *)base + f[i].off)) ? -1 : 1;
	return 0;
}

static int parse_args(struct kin *k)
{
	static const struct ifield ints[] = {
		{ "device", offsetof(struct kin, a_device) },
		{ "context", offsetof(struct kin, a_context) },
		{ "stream", offsetof(struct kin, a_stream) },
		{ "correlation", offsetof(struct kin, a_corr) },
		{ "bytes", offsetof(struct kin, a_bytes) },
		{ "cbid", offsetof(struct kin, a_cbid) },
		{ "registers per thread", offsetof(struct kin, a_regs) },
		{ "shared memory", offsetof(struct kin, a_smem) },
		{ "fromDevice", offsetof(struct kin, a_from) },
		{ "inDevice", offsetof(struct kin, a_in) },
		{ "toDevice", offsetof(struct kin, a_to) },
		{ "wait_on_stream", offsetof(struct kin, a_wait_stream) },
		{ "wait_on_cuda_event_id", offsetof(struct kin, a_wait_event) },
		{ "wait_on_cuda_event_record_corr_id", offsetof(struct kin, a_record_corr) },
		{ "graph id", offsetof(struct kin, a_graph) },
		{ "graph node id", offsetof(struct kin, a_graph_node) },
	};
	char key[64];
	enum jr_type t;
	int m;

	while ((m = member(k, key, sizeof key, &t)) > 0) {
		int r = int_member(k, key, t, k, ints, sizeof ints / sizeof ints[0]);

		if (r < 0)
			return -1;
		if (r)
			continue;
		if (!strcmp(key, "grid"))
			r = triple(k, t, k->grid, &k->has_grid);
		else if (!strcmp(key, "block"))
			r = triple(k, t, k->block, &k->has_block);
		else if (!strcmp(key, "cuda_sync_kind"))
			r = scalar_text(k, t, k->sync_kind, sizeof k->sync_kind);
		else if (!strcmp(key, "name"))
			r = scalar_text(k, t, k->argname, sizeof k->argname);
		else
			r = jr_skip(&k->jr, t) ? jr_fail(k) : 0;
		if (r)
			return -1;
	}
	return m;
}

static int cat_is(const struct kin *k, const char *a, const char *b)
{
	return !strcasecmp(k->cat, a) || (b && !strcasecmp(k->cat, b));
}

/* "Memcpy HtoD (Pinned -> Device)": the direction and the memory kinds. */
static uint8_t mem_kind(const char *s, size_t n)
{
	static const struct { const char *w; uint8_t k; } kinds[] = {
		{ "Device Static", OC_MEM_DEVICE_STATIC }, { "Managed Static", OC_MEM_MANAGED_STATIC },
		{ "Pageable", OC_MEM_PAGEABLE }, { "Pinned", OC_MEM_PINNED }, { "Device", OC_MEM_DEVICE },
		{ "Array", OC_MEM_ARRAY }, { "Managed", OC_MEM_MANAGED },
	};

	while (n && *s == ' ')
		s++, n--;
	while (n && s[n - 1] == ' ')
		n--;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strlen(kinds[i].w) == n && !strncasecmp(s, kinds[i].w, n))
			return kinds[i].k;
	return OC_MEM_UNKNOWN;
}

static void copy_kinds(const char *name, struct kop *o)
{
	static const struct { const char *w; uint8_t k; } dirs[] = {
		{ "HtoD", OC_COPY_HTOD }, { "DtoH", OC_COPY_DTOH }, { "HtoA", OC_COPY_HTOA },
		{ "AtoH", OC_COPY_ATOH }, { "AtoA", OC_COPY_ATOA }, { "AtoD", OC_COPY_ATOD },
		{ "DtoA", OC_COPY_DTOA }, { "DtoD", OC_COPY_DTOD }, { "HtoH", OC_COPY_HTOH },
		{ "PtoP", OC_COPY_PTOP },
	};
	const char *open = strchr(name, '('), *arrow, *close;

	o->copy_kind = OC_COPY_UNKNOWN;
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		const char *p = strstr(name, dirs[i].w);

		if (p && (!open || p < open)) {
			o->copy_kind = dirs[i].k;
			break;
		}
	}
	o->src_kind = o->dst_kind = OC_MEM_UNKNOWN;
	if (!open)
		return;
	arrow = strstr(open, "->");
	close = strchr(open, ')');
	if (arrow && close && arrow < close) {
		o->src_kind = mem_kind(open + 1, (size_t)(arrow - open - 1));
		o->dst_kind = mem_kind(arrow + 2, (size_t)(close - arrow - 2));
	} else if (close) {
		o->dst_kind = mem_kind(open + 1, (size_t)(close - open - 1));   /* Memset (Device) */
	}
}

static uint32_t u32(int64_t v)
{
	return v == NONE || v < 0 || v > UINT32_MAX ? 0 : (uint32_t)v;
}

static int32_t i32(int64_t v)
{
	return v == NONE || v < INT32_MIN || v > INT32_MAX ? -1 : (int32_t)v;
}

static int gpu_event(struct kin *k, uint8_t kind)
{
	struct kop *o = PUSH(k, ops, n_ops, cap_ops);

	if (!o)
		return kin_nomem(k);
	memset(o, 0, sizeof *o);
	o->ts = k->ts;
	o->dur = k->dur;
	o->kind = kind;
	o->corr = u32(k->a_corr);
	o->device = k->a_device != NONE ? u32(k->a_device) : u32(k->pid);
	o->context = u32(k->a_context);
	o->stream = k->a_stream != NONE ? u32(k->a_stream) : u32(k->tid);
	o->name = -1;
	o->regs = o->smem = -1;
	o->src_device = o->dst_device = -1;
	o->graph_node_id = k->a_graph_node != NONE && k->a_graph_node > 0 ? (uint64_t)k->a_graph_node : 0;
	o->graph_id = o->graph_node_id && k->a_graph != NONE && k->a_graph > 0 ? k->a_graph : 0;
	if (kind == OC_OP_KERNEL) {
		o->name = name_id(&k->names, k->name, k->name_len);
		if (o->name < 0)
			return kin_nomem(k);
		if (k->has_grid)
			memcpy(o->grid, k->grid, sizeof o->grid);
		if (k->has_block)
			memcpy(o->block, k->block, sizeof o->block);
		o->regs = i32(k->a_regs);
		o->smem = i32(k->a_smem);
		return 0;
	}
	o->bytes = k->a_bytes != NONE && k->a_bytes > 0 ? (uint64_t)k->a_bytes : 0;
	if (kind == OC_OP_MEMSET) {
		struct kop tmp = *o;

		copy_kinds(k->name, &tmp);
		o->dst_kind = tmp.dst_kind;
		return 0;
	}
	copy_kinds(k->name, o);
	if (k->a_from != NONE && k->a_to != NONE) {
		o->src_device = k->a_from;
		o->dst_device = k->a_to;
		if (k->a_in != NONE)
			o->device = u32(k->a_in);
		if (k->a_from != k->a_to || o->copy_kind == OC_COPY_PTOP)
			o->kind = OC_OP_MEMCPY_PEER;
	} else if (o->copy_kind == OC_COPY_PTOP) {
		o->kind = OC_OP_MEMCPY_PEER;
	}
	return 0;
}

static int api_event(struct kin *k, uint8_t domain)
{
	if (k->pid == NONE)
		return 0;               /* not a process's call */
	struct kapi *a = PUSH(k, api, n_api, cap_api);
	size_t len = oc_imp_api_name_len(k->name, k->name_len);

	if (!a)
		return kin_nomem(k);
	a->ts = k->ts;
	a->dur = k->dur;
	a->pid = k->pid;
	a->tid = u32(k->tid);
	a->corr = u32(k->a_corr);
	a->cbid = i32(k->a_cbid);
	a->domain = domain;
	a->name = name_id(&k->names, k->name, len);
	return a->name < 0 ? kin_nomem(k) : 0;
}

static int sync_event(struct kin *k)
{
	const char *kind = k->sync_kind[0] ? k->sync_kind : k->name;
	struct ksync *s;
	uint32_t type = OC_SYNC_UNKNOWN;

	if (strstr(kind, "Wait"))
		type = OC_SYNC_STREAM_WAIT_EVENT;
	else if (strstr(kind, "Event"))
		type = OC_SYNC_EVENT;
	else if (strstr(kind, "Stream"))
		type = OC_SYNC_STREAM;
	else if (strstr(kind, "Context") || strstr(kind, "Device"))
		type = OC_SYNC_CONTEXT;
	s = PUSH(k, syncs, n_syncs, cap_syncs);
	if (!s)
		return kin_nomem(k);
	s->ts = k->ts;
	s->dur = k->dur;
	s->type = type;
	s->corr = u32(k->a_corr);
	s->context = k->a_context == NONE || k->a_context < 0 ? -1 : k->a_context;
	s->stream = k->a_stream == NONE || k->a_stream < 0 || k->a_stream >= 0xFFFFFFFFll ? -1 : k->a_stream;
	s->event = k->a_wait_event == NONE || k->a_wait_event < 0 || k->a_wait_event >= 0xFFFFFFFFll
		   ? -1 : k->a_wait_event;
	s->wait_stream = k->a_wait_stream == NONE || k->a_wait_stream < 0 ? -1 : k->a_wait_stream;
	s->record_corr = k->a_record_corr == NONE || k->a_record_corr <= 0 ? -1 : k->a_record_corr;
	s->device = k->a_device == NONE || k->a_device < 0 ? -1 : k->a_device;
	return 0;
}

/* Kineto's names of CUPTI's overhead kinds (CUpti_ActivityOverheadKind). */
static uint32_t overhead_kind(const char *name)
{
	if (strcasestr(name, "Lazy Function"))
		return OC_OVERHEAD_LAZY_FUNCTION_LOADING;
	if (strcasestr(name, "Module Loading"))
		return OC_OVERHEAD_MODULE_LOADING;
	if (strcasestr(name, "Compiler"))
		return OC_OVERHEAD_DRIVER_COMPILER;
	if (strcasestr(name, "Flush"))
		return 1u << 16;
	if (strcasestr(name, "Instrumentation"))
		return 2u << 16;
	if (strcasestr(name, "Resource"))
		return 3u << 16;
	if (strcasestr(name, "Buffer Request"))
		return 7u << 16;
	return 0;
}

/* The event just read: keep what overlapcheck uses. */
static int dispatch(struct kin *k)
{
	k->n_events++;
	if (!strcmp(k->ph, "M")) {
		if (!strcmp(k->name, "process_name") && k->pid != NONE && k->argname[0]) {
			struct kproc *p = PUSH(k, procs, n_procs, cap_procs);

			if (!p)
				return kin_nomem(k);
			p->pid = k->pid;
			p->name = name_id(&k->names, k->argname, strlen(k->argname));
			if (p->name < 0)
				return kin_nomem(k);
		}
		return 0;
	}
	if (strcmp(k->ph, "X"))
		return 0;
	int gpu = cat_is(k, "kernel", NULL) || cat_is(k, "gpu_memcpy", "memcpy") ||
		  cat_is(k, "gpu_memset", "memset");
	int api = cat_is(k, "cuda_runtime", "runtime") || cat_is(k, "cuda_driver", "driver");

	if (!gpu && !api && !cat_is(k, "cuda_sync", NULL) && !cat_is(k, "overhead", NULL) &&
	    !cat_is(k, "user_annotation", NULL))
		return 0;
	/* times within +-2^61 ns (73 years): no sum of two can overflow */
	if (k->ts == NONE || k->dur == NONE || k->dur < 0 || k->ts > LIMIT || k->ts < -LIMIT ||
	    k->dur > LIMIT) {
		k->n_bad++;
		return 0;
	}
	if (cat_is(k, "kernel", NULL))
		return gpu_event(k, OC_OP_KERNEL);
	if (cat_is(k, "gpu_memcpy", "memcpy"))
		return gpu_event(k, OC_OP_MEMCPY);
	if (cat_is(k, "gpu_memset", "memset"))
		return gpu_event(k, OC_OP_MEMSET);
	if (cat_is(k, "cuda_runtime", "runtime"))
		return api_event(k, OC_API_RUNTIME);
	if (cat_is(k, "cuda_driver", "driver"))
		return api_event(k, OC_API_DRIVER);
	if (cat_is(k, "cuda_sync", NULL))
		return sync_event(k);
	if (cat_is(k, "overhead", NULL)) {
		struct kovh *o = PUSH(k, ovh, n_ovh, cap_ovh);

		if (!o)
			return kin_nomem(k);
		o->ts = k->ts;
		o->dur = k->dur;
		o->kind = overhead_kind(k->name);
		return 0;
	}
	if (k->pid == NONE)
		return 0;
	struct kmark *m = PUSH(k, marks, n_marks, cap_marks);   /* user_annotation */

	if (!m)
		return kin_nomem(k);
	m->ts = k->ts;
	m->dur = k->dur;
	m->pid = k->pid;
	m->tid = u32(k->tid);
	m->name = name_id(&k->names, k->name, k->name_len);
	return m->name < 0 ? kin_nomem(k) : 0;
}

static int set_name(struct kin *k)
{
	size_t n = k->jr.tok_len;

	if (n + 1 > k->name_cap) {
		size_t nc = n + 1 > 256 ? n + 1 : 256;
		char *p = realloc(k->name, nc);

		if (!p)
			return kin_nomem(k);
		k->name = p;
		k->name_cap = nc;
	}
	memcpy(k->name, k->jr.tok, n + 1);
	k->name_len = n;
	return 0;
}

static int parse_event(struct kin *k)
{
	char key[16];
	enum jr_type t;
	int m, r;

	k->ph[0] = k->cat[0] = k->sync_kind[0] = k->argname[0] = '\0';
	k->name_len = 0;
	if (k->name)
		k->name[0] = '\0';
	k->pid = k->tid = k->ts = k->dur = NONE;
	k->a_device = k->a_context = k->a_stream = k->a_corr = k->a_bytes = k->a_cbid = NONE;
	k->a_regs = k->a_smem = k->a_from = k->a_in = k->a_to = NONE;
	k->a_wait_stream = k->a_wait_event = k->a_record_corr = k->a_graph = k->a_graph_node = NONE;
	k->has_grid = k->has_block = 0;
	while ((m = member(k, key, sizeof key, &t)) > 0) {
		if (!strcmp(key, "ph")) {
			r = scalar_text(k, t, k->ph, sizeof k->ph);
		} else if (!strcmp(key, "cat")) {
			r = scalar_text(k, t, k->cat, sizeof k->cat);
		} else if (!strcmp(key, "name") && t == JR_STRING) {
			r = set_name(k);
		} else if (!strcmp(key, "pid") || !strcmp(key, "tid")) {
			r = int_value(k, t, key[0] == 'p' ? &k->pid : &k->tid);
		} else if ((!strcmp(key, "ts") || !strcmp(key, "dur")) && t == JR_NUMBER) {
			int64_t *v = key[0] == 't' ? &k->ts : &k->dur;

			if (num_us_ns(k->jr.tok, v))
				*v = NONE;
			r = 0;
		} else if (!strcmp(key, "args") && t == JR_OBJECT) {
			r = parse_args(k);
		} else {
			r = jr_skip(&k->jr, t) ? jr_fail(k) : 0;
		}
		if (r)
			return -1;
	}
	if (m < 0)
		return -1;
	if (!k->name && set_name(k))
		return -1;       /* an event without a name: "" */
	return dispatch(k);
}

/* The rest of an array: each object through fn, anything else skipped. */
static int each_object(struct kin *k, int (*fn)(struct kin *k))
{
	for (;;) {
		enum jr_type t = jr_next(&k->jr);

		if (t == JR_ARRAY_END)
			return 0;
		if (t == JR_OBJECT) {
			if (fn(k))
				return -1;
		} else if (jr_skip(&k->jr, t)) {
			return jr_fail(k);
		}
	}
}

static int parse_events(struct kin *k)
{
	k->saw_events = 1;
	return each_object(k, parse_event);
}

static int parse_device(struct kin *k)
{
	static const struct ifield ints[] = {
		{ "id", offsetof(struct kdev, id) },
		{ "totalGlobalMem", offsetof(struct kdev, mem) },
		{ "computeMajor", offsetof(struct kdev, cc_major) },
		{ "computeMinor", offsetof(struct kdev, cc_minor) },
		{ "numSms", offsetof(struct kdev, sms) },
		{ "maxThreadsPerMultiprocessor", offsetof(struct kdev, threads_per_sm) },
		{ "regsPerMultiprocessor", offsetof(struct kdev, regs_per_sm) },
		{ "sharedMemPerMultiprocessor", offsetof(struct kdev, smem_per_sm) },
		{ "maxThreadsPerBlock", offsetof(struct kdev, threads_per_block) },
	};
	struct kdev *d = PUSH(k, devs, n_devs, cap_devs);
	char key[48];
	enum jr_type t;
	int m;

	if (!d)
		return kin_nomem(k);
	d->id = d->mem = d->cc_major = d->cc_minor = d->sms = d->threads_per_sm = NONE;
	d->regs_per_sm = d->smem_per_sm = d->threads_per_block = NONE;
	d->name[0] = '\0';
	while ((m = member(k, key, sizeof key, &t)) > 0) {
		int r = int_member(k, key, t, d, ints, sizeof ints / sizeof ints[0]);

		if (!r)
			r = !strcmp(key, "name") ? scalar_text(k, t, d->name, sizeof d->name)
						: jr_skip(&k->jr, t) ? jr_fail(k) : 0;
		if (r < 0)
			return -1;
	}
	if (m < 0)
		return -1;
	if (d->id == NONE || d->id < 0 || d->id > 1000000)
		k->n_devs--;            /* a device without an id is of no use */
	return 0;
}

static int parse_devices(struct kin *k, enum jr_type t)
{
	if (t != JR_ARRAY)
		return jr_skip(&k->jr, t) ? jr_fail(k) : 0;
	return each_object(k, parse_device);
}

static int parse_doc(struct kin *k)
{
	enum jr_type t = jr_next(&k->jr);
	char key[64];

	if (t == JR_ERROR)
		return jr_fail(k);
	if (t == JR_ARRAY) {            /* the Chrome trace's array form: events only */
		if (parse_events(k))
			return -1;
	} else if (t == JR_OBJECT) {
		int m, r;

		while ((m = member(k, key, sizeof key, &t)) > 0) {
			if (!strcmp(key, "traceEvents") && t == JR_ARRAY) {
				r = parse_events(k);
			} else if (!strcmp(key, "deviceProperties")) {
				r = parse_devices(k, t);
			} else if (!strcmp(key, "baseTimeNanoseconds") && t == JR_NUMBER) {
				int64_t b;

				if (!num_i64(k->jr.tok, &b)) {
					k->base_ns = b;
					k->saw_base = 1;
				}
				r = 0;
			} else if (!strcmp(key, "schemaVersion")) {
				r = scalar_text(k, t, k->schema, sizeof k->schema);
			} else if (!strcmp(key, "cuda_driver_version")) {
				r = scalar_text(k, t, k->driver, sizeof k->driver);
			} else if (!strcmp(key, "cuda_runtime_version")) {
				r = scalar_text(k, t, k->runtime, sizeof k->runtime);
			} else if (!strcmp(key, "cupti_version")) {
				r = scalar_text(k, t, k->cupti, sizeof k->cupti);
			} else {
				r = jr_skip(&k->jr, t) ? jr_fail(k) : 0;
			}
			if (r)
				return -1;
		}
		if (m < 0)
			return -1;
	} else {
		static const char *const what[] = {
			[JR_STRING] = "a string", [JR_NUMBER] = "a number", [JR_TRUE] = "true",
			[JR_FALSE] = "false", [JR_NULL] = "null",
		};

		return oc_imp_fail(k->im, "JSON, but not a Chrome trace: the document is %s, not an "
				   "object with traceEvents", (size_t)t < sizeof what / sizeof what[0] &&
				   what[t] ? what[t] : "not an object");
	}
	t = jr_next(&k->jr);
	if (t != JR_END)
		return jr_fail(k);
	if (!k->saw_events)
		return oc_imp_fail(k->im, "JSON, but not a Chrome trace: it has no traceEvents array");
	if (!k->n_ops)
		return oc_imp_fail(k->im, "a Chrome trace without GPU events (kernel, gpu_memcpy, "
				   "gpu_memset among its %zu events): nothing to import; torch.profiler "
				   "records them with activities=[ProfilerActivity.CUDA]", k->n_events);
	return 0;
}

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

static int finish(struct kin *k)
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

/* ---- sources ------------------------------------------------------------------ */

static long read_gz(void *ctx, unsigned char *buf, size_t cap, char *err, size_t errlen)
{
	gzFile f = ctx;
	int n = gzread(f, buf, (unsigned)cap);

	if (n < 0) {
		int e;
		const char *m = gzerror(f, &e);

		snprintf(err, errlen, "%s%s", e == Z_BUF_ERROR ? "truncated gzip file: " : "gzip: ",
			 m && *m ? m : "read error");
		return -1;
	}
	if (n == 0) {
		int e;
		const char *m = gzerror(f, &e);

		if (e == Z_BUF_ERROR) {
			snprintf(err, errlen, "truncated gzip file: %s", m && *m ? m : "unexpected end");
			return -1;
		}
	}
	return n;
}

struct membuf {
	const uint8_t *data;
	size_t size, pos;
	int gz;
	z_stream z;
	int z_done;
};

static long read_mem(void *ctx, unsigned char *buf, size_t cap, char *err, size_t errlen)
{
	struct membuf *b = ctx;

	if (!b->gz) {
		size_t n = b->size - b->pos < cap ? b->size - b->pos : cap;

		memcpy(buf, b->data + b->pos, n);
		b->pos += n;
		return (long)n;
	}
	if (b->z_done)
		return 0;
	b->z.next_out = buf;
	b->z.avail_out = (uInt)cap;
	while (b->z.avail_out == cap) {
		if (!b->z.avail_in) {
			if (b->pos >= b->size) {
				snprintf(err, errlen, "truncated gzip data");
				return -1;
			}
			size_t n = b->size - b->pos < (1u << 30) ? b->size - b->pos : (1u << 30);

			b->z.next_in = (Bytef *)(uintptr_t)(b->data + b->pos);
			b->z.avail_in = (uInt)n;
			b->pos += n;
		}
		int rc = inflate(&b->z, Z_NO_FLUSH);

		if (rc == Z_STREAM_END) {
			b->z_done = 1;
			break;
		}
		if (rc != Z_OK && rc != Z_BUF_ERROR) {
			snprintf(err, errlen, "gzip: %s", b->z.msg ? b->z.msg : "bad data");
			return -1;
		}
		if (rc == Z_BUF_ERROR && !b->z.avail_in && b->pos >= b->size) {
			snprintf(err, errlen, "truncated gzip data");
			return -1;
		}
	}
	return (long)(cap - b->z.avail_out);
}

static void kin_free(struct kin *k)
{
	jr_release(&k->jr);
	free(k->ops);
	free(k->api);
	free(k->syncs);
	free(k->ovh);
	free(k->marks);
	free(k->devs);
	free(k->procs);
	free(k->name);
	names_free(&k->names);
}

static int run(struct imp *im, jr_read_fn read, void *ctx)
{
	struct kin *k = calloc(1, sizeof *k);
	int rc;

	if (!k)
		return oc_imp_fail(im, "out of memory");
	k->im = im;
	if (jr_init(&k->jr, read, ctx)) {
		free(k);
		return oc_imp_fail(im, "out of memory");
	}
	rc = parse_doc(k);
	if (!rc)
		rc = finish(k);
	kin_free(k);
	free(k);
	return rc;
}

int oc_imp_kineto_file(struct imp *im, const char *path)
{
	gzFile f = gzopen(path, "rb");
	int rc;

	if (!f)
		return oc_imp_fail(im, "%s", errno ? strerror(errno) : "cannot open");
	gzbuffer(f, 1 << 18);
	rc = run(im, read_gz, f);
	gzclose(f);
	return rc;
}

int oc_imp_kineto_buffer(struct imp *im, const uint8_t *data, size_t size)
{
	struct membuf b = { .data = data, .size = size };
	int rc;

	if (size >= 2 && data[0] == 0x1f && data[1] == 0x8b) {
		b.gz = 1;
		if (inflateInit2(&b.z, 15 + 16) != Z_OK)
			return oc_imp_fail(im, "out of memory");
	}
	rc = run(im, read_mem, &b);
	if (b.gz)
		inflateEnd(&b.z);
	return rc;
}
