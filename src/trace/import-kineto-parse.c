/*
 * import-kineto-parse.c: a Kineto Chrome trace's document into records.
 *
 * The file is read as a stream of tokens (json-reader.c): one event object
 * at a time is taken apart, and only what overlapcheck uses is kept, in
 * compact records (import-kineto.h): GPU events (kernel, gpu_memcpy,
 * gpu_memset), CUDA API calls (cuda_runtime, cuda_driver), cuda_sync
 * events, CUPTI overheads, user annotations (as NVTX ranges, for --range),
 * the process names and the device properties. The CPU ops, flows and
 * everything else are skipped as they pass. Kineto's times are microseconds
 * with three decimals: they are read as decimal text into integer
 * nanoseconds, never through a double.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import-kineto.h"
#include "overlapcheck/codes.h"

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
		o->name = kin_name_id(&k->names, k->name, k->name_len);
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
	a->name = kin_name_id(&k->names, k->name, len);
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
			p->name = kin_name_id(&k->names, k->argname, strlen(k->argname));
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
	m->name = kin_name_id(&k->names, k->name, k->name_len);
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

int kin_parse_doc(struct kin *k)
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
