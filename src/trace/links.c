/*
 * links.c: the joins between the loaded arrays, for every source.
 *
 * Ops to their API call by correlation id (the runtime call when there is
 * one), driver calls to their runtime twin (api.parent_id, else the runtime
 * call of the same correlation id, else the innermost enclosing runtime call
 * on the thread). The lookup by correlation id is a direct map when the ids
 * are dense (they usually are), else a binary search of sorted entries; both
 * give the earliest call of an id and domain. oc_trace_keep_range() rebuilds
 * it after compacting the calls. A source joins its own argument rows and
 * syncs to their calls through the same lookup as it reads them (the reader:
 * api_args in reader-streams.c, syncs in reader-tables.c).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "overlapcheck/mem.h"
#include "model.h"

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

static int corr_cmp(const void *x, const void *y)
{
	const struct corr_ent *a = x, *b = y;

	if (a->corr != b->corr)
		return a->corr < b->corr ? -1 : 1;
	if (a->domain != b->domain)
		return a->domain < b->domain ? -1 : 1;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	return (a->idx > b->idx) - (a->idx < b->idx);
}

/*
 * A call that queues device work: a launch (kernel or graph), a copy, a
 * memset, by its function's name (every source names its calls). When
 * several calls share a correlation id and domain, the lookup gives the one
 * that queues work: an op's queuing call, never a query made inside it.
 */
static int queues_work(const struct oc_trace *t, const struct oc_api *a)
{
	const char *n = oc_trace_str(t, a->name);

	return strstr(n, "Launch") || strstr(n, "Memcpy") || strstr(n, "Memset");
}

/* ---- the tracer's own calls in older traces -------------------------------- */

/*
 * Functions the injection library called inside a program call's callback
 * (memrefs.c's layout and capture queries) before it kept its own calls out
 * of the trace: CUPTI gave them the program call's correlation id.
 */
static const char *const tracer_fns[] = {
	"cuFuncGetParamInfo", "cuKernelGetParamInfo", "cuKernelGetFunction", "cuStreamIsCapturing",
};

/* 1: one of tracer_fns (a _ptsz or _v2 variant too); 2: a twin of one
 * (cudaStreamIsCapturing, ...), which is no evidence; 0: neither. */
static int tracer_fn(const char *name)
{
	for (size_t i = 0; i < sizeof tracer_fns / sizeof tracer_fns[0]; i++) {
		size_t n = strlen(tracer_fns[i]);

		if (!strncmp(name, tracer_fns[i], n) && (name[n] == '\0' || name[n] == '_'))
			return 1;
	}
	return strstr(name, "IsCapturing") || strstr(name, "ParamInfo") || strstr(name, "GetFunction") ? 2 : 0;
}

static int u32_cmp(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;

	return (a > b) - (a < b);
}

/* The index of key in v (sorted, n entries), or -1. */
static ssize_t u32_find(const uint32_t *v, size_t n, uint32_t key)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && v[lo] == key ? (ssize_t)lo : -1;
}

/*
 * A row of one of tracer_fns is the tracer's when its correlation id is
 * also a device op's (a program's query queues no work: it was made inside
 * the launch) or another call's that is not of that family (the launch, the
 * allocation or the free it was made inside). A program's own query has a
 * correlation id of its own, shared at most with its runtime twin.
 */
void oc_set_aside_tracer_calls(struct oc_trace *t, struct api_row *rowmap)
{
	uint8_t *fn = NULL, *proven = NULL;
	uint32_t *cand = NULL;
	size_t n_cand = 0, out = 0;
	ssize_t j;

	t->tracer_calls_set_aside = 0;
	if (!t->n_api || !(fn = calloc(t->n_strs + 1, 1)))
		return;
	for (size_t i = 0; i < t->n_strs; i++)
		fn[i] = t->strs[i] ? (uint8_t)tracer_fn(t->strs[i]) : 0;
#define FN(a) ((a)->name >= 0 && (size_t)(a)->name < t->n_strs ? fn[(a)->name] : 0)
	for (size_t i = 0; i < t->n_api; i++)
		n_cand += FN(&t->api[i]) == 1;
	if (!n_cand || !(cand = malloc(n_cand * sizeof *cand)) || !(proven = calloc(n_cand, 1)))
		goto done;
	n_cand = 0;
	for (size_t i = 0; i < t->n_api; i++)
		if (FN(&t->api[i]) == 1)
			cand[n_cand++] = t->api[i].correlation_id;
	oc_sort(cand, n_cand, sizeof *cand, u32_cmp);
	for (size_t i = 0; i < t->n_ops; i++)
		if ((j = u32_find(cand, n_cand, t->ops[i].correlation_id)) >= 0)
			proven[j] = 1;
	for (size_t i = 0; i < t->n_api; i++)
		if (!FN(&t->api[i]) && (j = u32_find(cand, n_cand, t->api[i].correlation_id)) >= 0)
			proven[j] = 1;
	for (size_t i = 0; i < t->n_api; i++) {
		/* u32_find gives the first of equal ids, where the marks are */
		if (FN(&t->api[i]) == 1 && (j = u32_find(cand, n_cand, t->api[i].correlation_id)) >= 0 &&
		    proven[j]) {
			t->tracer_calls_set_aside++;
			continue;
		}
		if (out != i) {
			t->api[out] = t->api[i];
			if (rowmap)
				rowmap[out] = rowmap[i];
		}
		out++;
	}
	t->n_api = out;
#undef FN
done:
	free(fn);
	free(cand);
	free(proven);
}

/* The dense map answers for this call (oc_corr_find). */
static int in_dense(const struct priv *p, const struct oc_api *a)
{
	return p->dense && (a->domain == OC_API_RUNTIME || a->domain == OC_API_DRIVER);
}

/* Both indexes freed and empty; dropped: lookups scan (oc_trace_drop_corr()). */
static void corr_clear(struct priv *p, int dropped)
{
	free(p->corr);
	free(p->dense);
	p->corr = NULL;
	p->dense = NULL;
	p->n_corr = 0;
	p->n_dense = 0;
	p->corr_dropped = dropped;
}

int oc_build_corr(struct oc_trace *t, struct priv *p)
{
	uint32_t max = 0;

	corr_clear(p, 0);
	/* correlation ids are usually dense: a direct map beats binary search */
	for (size_t i = 0; i < t->n_api; i++)
		if (t->api[i].correlation_id > max)
			max = t->api[i].correlation_id;
	if (t->n_api && (uint64_t)max < 4 * (uint64_t)t->n_api + 1024) {
		p->dense = malloc(2 * ((size_t)max + 1) * sizeof *p->dense);
		if (p->dense) {
			p->n_dense = max + 1;
			memset(p->dense, 0xff, 2 * ((size_t)max + 1) * sizeof *p->dense);
			/* as with the sorted index: the earliest call that queues
			 * work, else the earliest call (the second pass overwrites) */
			for (int pass = 0; pass < 2; pass++)
				for (size_t i = t->n_api; i-- > 0;) {
					const struct oc_api *a = &t->api[i];

					if ((a->domain == OC_API_RUNTIME || a->domain == OC_API_DRIVER) &&
					    (pass == 0 || queues_work(t, a)))
						p->dense[2 * (size_t)a->correlation_id + a->domain - 1] = (int32_t)i;
				}
		}
	}
	/* the sorted index holds what the dense map does not answer: with the
	 * map, only calls of another domain (none in a valid trace), which
	 * saves 16 bytes a call */
	size_t need = 0;

	for (size_t i = 0; i < t->n_api; i++)
		need += !in_dense(p, &t->api[i]);
	p->corr = xcalloc(need, sizeof *p->corr);
	if (!p->corr)
		return -1;
	for (size_t i = 0; i < t->n_api; i++)
		if (!in_dense(p, &t->api[i]))
			p->corr[p->n_corr++] = (struct corr_ent){ t->api[i].correlation_id, t->api[i].domain,
								  !queues_work(t, &t->api[i]), (int32_t)i };
	/* mostly sorted already when correlation ids grow with time */
	int sorted = 1;

	for (size_t i = 1; i < p->n_corr && sorted; i++)
		if (corr_cmp(&p->corr[i - 1], &p->corr[i]) > 0)
			sorted = 0;
	if (!sorted)
		oc_sort(p->corr, p->n_corr, sizeof *p->corr, corr_cmp);
	return 0;
}

int32_t oc_corr_find(const struct priv *p, uint32_t corr, uint32_t domain)
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

/*
 * Without the index (oc_trace_drop_corr()): the call the index would give,
 * by a scan of the calls: of those with this correlation id and domain, the
 * earliest that queues work, else the earliest.
 */
static int32_t corr_scan(const struct oc_trace *t, uint32_t corr, uint32_t domain)
{
	int32_t first = -1;

	for (size_t i = 0; i < t->n_api; i++) {
		const struct oc_api *a = &t->api[i];

		if (a->correlation_id != corr || a->domain != domain)
			continue;
		if (queues_work(t, a))
			return (int32_t)i;
		if (first < 0)
			first = (int32_t)i;
	}
	return first;
}

void oc_trace_drop_corr(struct oc_trace *t)
{
	struct priv *p = t->priv;

	if (p)
		corr_clear(p, 1);
}

int oc_trace_index_corr(struct oc_trace *t)
{
	struct priv *p = t->priv;

	if (!p || !p->corr_dropped)
		return 0;
	if (oc_build_corr(t, p) < 0) {
		oc_trace_drop_corr(t);  /* what it had built: the lookups go on scanning */
		return -1;
	}
	return 0;
}

/* One domain's call: from the index, or by the scan while it is dropped. */
static int32_t find_in(const struct oc_trace *t, const struct priv *p, uint32_t corr, uint32_t domain)
{
	return p->corr_dropped ? corr_scan(t, corr, domain) : oc_corr_find(p, corr, domain);
}

int32_t oc_trace_api_find(const struct oc_trace *t, uint32_t correlation_id, int domain)
{
	const struct priv *p = t->priv;
	int32_t i;

	if (!p)
		return -1;
	if (domain)
		return find_in(t, p, correlation_id, (uint32_t)domain);
	i = find_in(t, p, correlation_id, OC_API_RUNTIME);
	return i >= 0 ? i : find_in(t, p, correlation_id, OC_API_DRIVER);
}

/* tid-sorted order of api, for nesting. */
static int tid_cmp(const void *x, const void *y)
{
	const struct key *a = x, *b = y;

	return key_lt(a, b) ? -1 : key_lt(b, a);
}

int oc_link_parents(struct oc_trace *t, const struct priv *p, const struct api_row *rowmap)
{
	size_t n = t->n_api;
	struct idpair *rows = NULL;
	struct key *k = NULL;
	int32_t *stack = NULL;
	int need_nest = 0, need_rows = 0;

	for (size_t i = 0; i < n && !need_rows; i++)
		need_rows = t->api[i].domain == OC_API_DRIVER && rowmap[i].parent_id != INT64_MIN;
	if (need_rows) {
		rows = xcalloc(n, sizeof *rows);
		if (!rows)
			return -1;
		for (size_t i = 0; i < n; i++)
			rows[i] = (struct idpair){ rowmap[i].id, (int32_t)i };
		oc_sort(rows, n, sizeof *rows, idpair_cmp);
	}
	for (size_t i = 0; i < n; i++) {
		struct oc_api *a = &t->api[i];
		int32_t par = -1;

		if (a->domain != OC_API_DRIVER)
			continue;
		if (rows && rowmap[i].parent_id != INT64_MIN)
			par = idpair_find(rows, n, rowmap[i].parent_id);
		if (par < 0)
			par = oc_corr_find(p, a->correlation_id, OC_API_RUNTIME);
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
	oc_sort(k, n, sizeof *k, tid_cmp);
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
	return -1;
}

void oc_link_ops(struct oc_trace *t, const struct priv *p)
{
	for (size_t i = 0; i < t->n_ops; i++) {
		struct oc_op *o = &t->ops[i];
		int32_t a = oc_corr_find(p, o->correlation_id, OC_API_RUNTIME);

		if (a < 0) {
			a = oc_corr_find(p, o->correlation_id, OC_API_DRIVER);
			if (a >= 0 && t->api[a].parent >= 0)
				a = t->api[a].parent;
		}
		o->api = a;
	}
}

/*
 * An API call that queues a copy or memset asynchronously by contract: an
 * ...Async copy or memset of the runtime or the driver API
 * (cudaMemcpyAsync, cudaMemcpy2DAsync_ptsz, cudaMemsetAsync,
 * cuMemcpyHtoDAsync, ...), or a graph launch (its memcpy and memset nodes).
 * Not cudaMallocAsync, cudaFreeAsync or cudaMemPrefetchAsync: they queue no
 * copy of the program's.
 */
static int queues_async(const char *name)
{
	if (strstr(name, "GraphLaunch"))
		return 1;
	if (strncmp(name, "cu", 2) || !strstr(name, "Async"))
		return 0;
	return strstr(name, "Memcpy") || strstr(name, "Memset");
}

void oc_link_claims_by_name(struct oc_trace *t)
{
	const char *src = oc_trace_meta(t, "claim_source");

	if (!src || strcmp(src, "api_name"))
		return;
	for (size_t i = 0; i < t->n_ops; i++) {
		struct oc_op *o = &t->ops[i];

		if (o->kind == OC_OP_KERNEL || o->api < 0 || (size_t)o->api >= t->n_api)
			continue;
		if (queues_async(oc_trace_str(t, t->api[o->api].name)))
			o->flags |= OC_ASYNC_FLAG | OC_ASYNC_BY_NAME;
		else
			o->flags &= ~(OC_ASYNC_FLAG | OC_ASYNC_BY_NAME);
	}
}
