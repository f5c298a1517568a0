/*
 * compare.c: the sequential control's engine (compare.h): measuring each
 * trace, the same-work signature, medians, noise, the attribution of the
 * time saved and the verdict. The writers are in src/report/out-compare.c.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/mem.h"
#include "overlapcheck/analysis.h"
#include "overlapcheck/compare.h"
#include "overlapcheck/demangle.h"
#include "overlapcheck/sweep.h"
#include "overlapcheck/trace.h"

/* One op name's time within one run. */
struct op_entry {
	const char *name;        /* owned by c->names */
	int      run;
	int64_t  dur_ns;
	int64_t  other_ns;       /* intersected work in other streams */
};

/* The op entries of one side, while measuring. */
struct entries {
	struct op_entry *v;
	size_t n, alloc;
};

void oc_compare_options_init(struct oc_compare_options *o)
{
	memset(o, 0, sizeof *o);
	o->device = -1;
	o->noise = OC_COMPARE_DEFAULT_NOISE;
}

/* ---- small helpers -------------------------------------------------------- */

static void *zalloc(size_t n)
{
	return calloc(1, n ? n : 1);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Median of n values (mean of the two middle ones when n is even). */
static double median_d(double *v, size_t n)
{
	if (!n)
		return NAN;
	oc_sort(v, n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

/* Median, min and max of one int64_t field of a side's runs; v has room for s->n. */
static struct oc_compare_stat stat_of(const struct oc_compare_side *s, size_t field_off, double *v)
{
	struct oc_compare_stat st;

	for (size_t i = 0; i < s->n; i++)
		v[i] = (double)*(const int64_t *)((const char *)&s->runs[i] + field_off);
	st.med = median_d(v, s->n);
	st.min = v[0];
	st.max = v[s->n - 1];
	return st;
}
#define STAT(side, field, v) stat_of(side, offsetof(struct oc_compare_run, field), v)

/* ---- measuring one trace ---------------------------------------------------- */

/*
 * Operation keys. Within one trace an op's key is a small integer: a kernel
 * its name's index into t->strs, a copy n_strs + its copy kind, a peer copy
 * n_strs + KEY_PEER, a memset n_strs + KEY_MEMSET, a kernel without a name
 * n_strs + KEY_UNNAMED. Names are made once per key, not once per op.
 */
enum { KEY_PEER = 11, KEY_MEMSET = 12, KEY_UNNAMED = 13, KEY_EXTRA = 14 };

static size_t op_key(const struct oc_trace *t, const struct oc_op *op)
{
	int32_t name;

	switch (op->kind) {
	case OC_OP_KERNEL:
		name = oc_op_shape(t, op)->name;
		return name >= 0 && (size_t)name < t->n_strs ? (size_t)name : t->n_strs + KEY_UNNAMED;
	case OC_OP_MEMSET:
		return t->n_strs + KEY_MEMSET;
	case OC_OP_MEMCPY_PEER:
		return t->n_strs + KEY_PEER;
	default:
		return t->n_strs + (op->copy_kind < KEY_PEER ? op->copy_kind : 0);
	}
}

static int cmp_work(const void *a, const void *b)
{
	const struct oc_work_item *x = a, *y = b;

	if (x->cls != y->cls)
		return (int)x->cls - (int)y->cls;
	return strcmp(x->key, y->key);
}

/* Build the same-work signature of the ops inside [ws, we] into *out / *n_out:
 * sorted, one item per (class, key). 0 or -1 (memory). */
static int measure_work_in(struct oc_work_item **out, size_t *n_out, const struct oc_trace *t,
			   int64_t ws, int64_t we)
{
	size_t nk = t->n_strs + KEY_EXTRA, n = 0;
	uint64_t *amount = zalloc(nk * sizeof *amount), *count = zalloc(nk * sizeof *count);
	struct oc_work_item *w = zalloc(nk * sizeof *w);
	int ret = -1;

	if (!amount || !count || !w)
		goto out;
	for (size_t i = 0; i < t->n_ops; i++) {
		const struct oc_op *op = &t->ops[i];
		const struct oc_shape *sh = oc_op_shape(t, op);
		size_t key = op_key(t, op);

		if (op->start_ns < ws || op->end_ns > we)
			continue;
		if (op->kind == OC_OP_KERNEL) {
			uint64_t threads = 1;
			for (int d = 0; d < 3; d++)
				threads *= (uint64_t)(sh->grid[d] > 0 ? sh->grid[d] : 0) *
					   (uint64_t)(sh->block[d] > 0 ? sh->block[d] : 0);
			amount[key] += threads;
		} else {
			amount[key] += sh->bytes;
		}
		count[key]++;
	}
	for (size_t key = 0; key < nk; key++) {
		const char *k;

		if (!count[key])
			continue;
		if (key < t->n_strs || key == t->n_strs + KEY_UNNAMED) {
			w[n].cls = OC_WORK_KERNEL;
			k = key < t->n_strs ? t->strs[key] : "";
		} else if (key == t->n_strs + KEY_MEMSET) {
			w[n].cls = OC_WORK_MEMSET;
			k = "memset";
		} else {
			w[n].cls = OC_WORK_COPY;
			k = key == t->n_strs + KEY_PEER ? "PtoP" : oc_copy_kind_name((int)(key - t->n_strs));
		}
		if (!(w[n].key = strdup(k)))
			goto out;
		w[n].amount = amount[key];
		w[n].count = count[key];
		n++;
	}
	oc_sort(w, n, sizeof *w, cmp_work);
	ret = 0;
out:
	/* on failure too: the caller's release frees the keys made so far */
	*out = w;
	*n_out = n;
	free(amount);
	free(count);
	return ret;
}

static int measure_work(struct oc_compare_run *r, const struct oc_trace *t)
{
	return measure_work_in(&r->work, &r->n_work, t, INT64_MIN, INT64_MAX);
}

/*
 * Range boundaries: each instance of the range named `name` runs from its
 * start to the later of its end and the end of the last device op queued
 * inside it; the total is the union of those intervals. Returns the total,
 * -1 when no op belongs to an instance, -2 when out of memory.
 */
static int64_t range_total(const struct oc_trace *t, const char *name)
{
	size_t n = t->n_ranges;
	struct oc_interval *iv = zalloc((n + 1) * sizeof *iv);
	char *is_named = zalloc(n + 1);
	int64_t total = 0, cur_s = 0, cur_e = 0;
	int have = 0;

	if (!iv || !is_named) {
		free(iv);
		free(is_named);
		return -2;
	}
	for (size_t i = 0; i < n; i++) {
		is_named[i] = !strcmp(oc_trace_str(t, t->ranges[i].name), name);
		iv[i].start_ns = t->ranges[i].start_ns;
		iv[i].end_ns = t->ranges[i].end_ns;
	}
	for (size_t i = 0; i < t->n_ops; i++) {
		const struct oc_op *op = &t->ops[i];
		const struct oc_api *a;
		size_t k, lo = 0, h = n;

		if (op->api < 0)
			continue;
		a = &t->api[op->api];
		/* ranges are sorted by start: find the first one starting after
		 * the call, then scan back for the innermost enclosing instance */
		while (lo < h) {
			size_t mid = lo + (h - lo) / 2;
			if (t->ranges[mid].start_ns <= a->start_ns)
				lo = mid + 1;
			else
				h = mid;
		}
		k = lo;
		while (k-- > 0) {
			const struct oc_range *r = &t->ranges[k];
			if (is_named[k] && r->tid == a->tid && a->start_ns < r->end_ns) {
				if (op->end_ns > iv[k].end_ns)
					iv[k].end_ns = op->end_ns;
				break;
			}
		}
	}
	/* union of the named instances (sorted by start already) */
	for (size_t i = 0; i < n; i++) {
		if (!is_named[i] || iv[i].end_ns == INT64_MAX)
			continue;
		if (have && iv[i].start_ns <= cur_e) {
			if (iv[i].end_ns > cur_e)
				cur_e = iv[i].end_ns;
			continue;
		}
		if (have)
			total += cur_e - cur_s;
		cur_s = iv[i].start_ns;
		cur_e = iv[i].end_ns;
		have = 1;
	}
	if (have)
		total += cur_e - cur_s;
	free(iv);
	free(is_named);
	return have ? total : -1;
}

/* The name of op key `key` of trace t, as compared across traces (malloc'd). */
static char *key_name(const struct oc_trace *t, size_t key)
{
	char buf[64];

	if (key < t->n_strs)
		return strdup(t->strs[key]);
	switch (key - t->n_strs) {
	case KEY_MEMSET:
		return strdup("memset");
	case KEY_PEER:
		return strdup("memcpy PtoP");
	case KEY_UNNAMED:
		return strdup("");
	default:
		snprintf(buf, sizeof buf, "memcpy %s", oc_copy_kind_name((int)(key - t->n_strs)));
		return strdup(buf);
	}
}

static int entries_add(struct entries *e, const char *name, int run, int64_t dur, int64_t other)
{
	if (e->n == e->alloc) {
		size_t alloc = e->alloc ? 2 * e->alloc : 256;
		struct op_entry *v = realloc(e->v, alloc * sizeof *v);

		if (!v)
			return -1;
		e->v = v;
		e->alloc = alloc;
	}
	e->v[e->n++] = (struct op_entry){ name, run, dur, other };
	return 0;
}

/* Keep name in c->names (it owns the op names). 0, or -1 (memory; name freed). */
static int keep_name(struct oc_compare *c, char *name)
{
	char **v = name ? realloc(c->names, (c->n_names + 1) * sizeof *v) : NULL;

	if (!v) {
		free(name);
		return -1;
	}
	c->names = v;
	c->names[c->n_names++] = name;
	return 0;
}

/*
 * Open, scope and measure one trace into r, its ops into e. Returns 0, or -1
 * with err set.
 */
static int measure(struct oc_compare *c, struct oc_compare_run *r, struct entries *e, int run,
		   char *err, size_t errlen)
{
	const struct oc_compare_options *o = &c->opts;
	const char *path = r->path;
	struct oc_trace t;
	struct oc_selection sel = { 0 };
	struct oc_sweep sw;
	char serr[512];
	int *devs = NULL;
	char **names = NULL;     /* key -> name, this trace */
	long nd;
	int ret = -1;

	memset(&sw, 0, sizeof sw);
	if (oc_trace_open(&t, path, err, errlen) < 0)
		return -1;
	r->dropped = t.dropped_records;
	r->incomplete = t.incomplete_records;
	if (o->device >= 0 && oc_trace_keep_device(&t, o->device) == 0) {
		snprintf(err, errlen, "trace '%s' has no device ops on device %d", path, o->device);
		goto out;
	}
	if (o->range) {
		r->n_ranges = oc_trace_keep_range(&t, o->range);
		if (r->n_ranges < 0) {
			snprintf(err, errlen, "cannot scope trace '%s' to range '%s'", path, o->range);
			goto out;
		}
		if (r->n_ranges == 0) {
			snprintf(err, errlen, "trace '%s' has no NVTX range named '%s'", path, o->range);
			goto out;
		}
	}
	if (!t.n_ops) {
		snprintf(err, errlen, "trace '%s' has no device ops%s%s%s", path,
			o->range ? " queued inside range '" : "", o->range ? o->range : "",
			o->range ? "'" : "");
		goto out;
	}
	nd = oc_trace_op_devices(&t, &devs);
	if (nd < 0) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (nd > 1) {
		snprintf(err, errlen, "trace '%s' has ops on %ld devices; choose one with --device N",
			path, nd);
		goto out;
	}
	if (oc_select_all(&t, &sel) < 0 ||
	    oc_sweep_run(&sw, &t, &sel, NULL, serr, sizeof serr) < 0) {
		snprintf(err, errlen, "trace '%s': %s", path, sel.idx ? serr : "out of memory");
		goto out;
	}
	r->n_ops = sel.n;
	r->span_ns = sw.makespan_ns;
	r->busy_ns = sw.busy_all_ns;
	r->idle_ns = sw.makespan_ns - sw.busy_all_ns;
	r->async_copy_ns = sw.async_copy_ns;
	r->copy_compute_ns = sw.copy_compute_ns;
	names = zalloc((t.n_strs + KEY_EXTRA) * sizeof *names);
	if (!names)
		goto oom;
	for (size_t i = 0; i < sel.n; i++) {
		const struct oc_op *op = &t.ops[sel.idx[i]];
		int64_t d = op->end_ns - op->start_ns;
		size_t key = op_key(&t, op);

		if (!names[key]) {
			names[key] = key_name(&t, key);
			if (keep_name(c, names[key]) < 0)
				goto oom;
		}
		r->sum_ns += d;
		if (entries_add(e, names[key], run, d, sw.per_op[i].other_ns) < 0)
			goto oom;
	}
	r->inter_ns = r->sum_ns - r->busy_ns;
	if (o->range) {
		r->total_ns = range_total(&t, o->range);
		if (r->total_ns == -2)
			goto oom;
		if (r->total_ns < 0) {
			snprintf(err, errlen, "trace '%s': range '%s' never closed", path, o->range);
			goto out;
		}
	} else {
		r->total_ns = r->span_ns;
	}
	r->outside_ns = r->total_ns - r->span_ns;
	if (measure_work(r, &t) < 0)
		goto oom;
	r->win_total_ns = r->total_ns;
	if (!o->range) {
		struct oc_window w;
		if (oc_window_find(&t, 0, &w) < 0)
			goto oom;
		if (w.how == OC_WINDOW_STEADY) {
			r->win_steady = 1;
			r->win_total_ns = w.end_ns - w.start_ns;
			if (measure_work_in(&r->win_work, &r->n_win_work, &t, w.start_ns, w.end_ns) < 0)
				goto oom;
		}
	}
	ret = 0;
	goto out;
oom:
	snprintf(err, errlen, "trace '%s': out of memory", path);
out:
	free(names);
	free(devs);
	oc_sweep_release(&sw);
	oc_selection_release(&sel);
	oc_trace_release(&t);
	return ret;
}

/* ---- same work ------------------------------------------------------------- */

static int diff_add(struct oc_compare *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int diff_add(struct oc_compare *c, const char *fmt, ...)
{
	va_list ap;
	char *s, **v;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	if (!s)
		return -1;
	v = realloc(c->work_diffs, (c->n_work_diffs + 1) * sizeof *v);
	if (!v) {
		free(s);
		return -1;
	}
	c->work_diffs = v;
	c->work_diffs[c->n_work_diffs++] = s;
	return 0;
}

static void work_item_name(const struct oc_work_item *w, char *buf, size_t len)
{
	char dm[512];

	if (w->cls == OC_WORK_KERNEL)
		snprintf(buf, len, "kernel '%s'", oc_demangle(w->key, dm, sizeof dm));
	else if (w->cls == OC_WORK_MEMSET)
		snprintf(buf, len, "memsets");
	else
		snprintf(buf, len, "%s copies", w->key);
}

/* Append what differs between the signatures of a (reference) and b. 0 or -1 (memory). */
static int work_diff(struct oc_compare *c, const struct oc_compare_run *a, const struct oc_compare_run *b)
{
	size_t i = 0, j = 0;
	char name[600];
	int r = 0;

	while (r == 0 && (i < a->n_work || j < b->n_work)) {
		int cmp = i == a->n_work ? 1 : j == b->n_work ? -1 : cmp_work(&a->work[i], &b->work[j]);
		const char *unit;

		if (cmp == 0) {
			const struct oc_work_item *x = &a->work[i++], *y = &b->work[j++];
			if (x->amount == y->amount)
				continue;
			work_item_name(x, name, sizeof name);
			unit = x->cls == OC_WORK_KERNEL ? "threads" : "bytes";
			r = diff_add(c, "%s: %llu %s in '%s', %llu %s in '%s'", name,
				     (unsigned long long)x->amount, unit, a->path,
				     (unsigned long long)y->amount, unit, b->path);
		} else if (cmp < 0) {
			const struct oc_work_item *x = &a->work[i++];
			work_item_name(x, name, sizeof name);
			r = diff_add(c, "%s: %llu %s in '%s', none in '%s'", name,
				     (unsigned long long)x->amount, x->cls == OC_WORK_KERNEL ? "threads" : "bytes",
				     a->path, b->path);
		} else {
			const struct oc_work_item *y = &b->work[j++];
			work_item_name(y, name, sizeof name);
			r = diff_add(c, "%s: none in '%s', %llu %s in '%s'", name, a->path,
				     (unsigned long long)y->amount, y->cls == OC_WORK_KERNEL ? "threads" : "bytes",
				     b->path);
		}
	}
	return r;
}

/* ---- per-operation statistics ---------------------------------------------- */

static int cmp_op_entry(const void *a, const void *b)
{
	const struct op_entry *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x->run > y->run) - (x->run < y->run);
}

/*
 * Per-name stats of one side (n_runs runs) for entries [lo, hi) (same name,
 * sorted by run). scratch has room for 2 * n_runs + (hi - lo) values.
 */
static void opstat_fill(struct oc_compare_opstat *st, int k, size_t n_runs, const struct entries *e,
			size_t lo, size_t hi, double *scratch)
{
	double *sums = scratch, *counts = scratch + n_runs, *inst = scratch + 2 * n_runs;
	double dur = 0, other = 0;

	memset(scratch, 0, 2 * n_runs * sizeof *scratch);
	for (size_t i = lo; i < hi; i++) {
		sums[e->v[i].run] += (double)e->v[i].dur_ns;
		counts[e->v[i].run] += 1;
		inst[i - lo] = (double)e->v[i].dur_ns;
		dur += (double)e->v[i].dur_ns;
		other += (double)e->v[i].other_ns;
	}
	st->present[k] = 1;
	st->sum_med[k] = median_d(sums, n_runs);
	st->count_med[k] = median_d(counts, n_runs);
	st->inst_med[k] = median_d(inst, hi - lo);
	st->overlapped[k] = dur > 0 ? other / dur : 0;
}

/* Join both sides' op entries by name into c->ops. 0 or -1 (memory). */
static int opstats_build(struct oc_compare *c, struct entries *b, struct entries *d)
{
	size_t nb = c->side[0].n, nc = c->side[1].n;
	size_t most = (nb > nc ? nb : nc) * 2 + (b->n > d->n ? b->n : d->n);
	struct oc_compare_opstat *v = zalloc((b->n + d->n + 1) * sizeof *v);
	double *scratch = zalloc(most * sizeof *scratch);
	size_t n = 0, i = 0, j = 0;

	if (!v || !scratch) {
		free(v);
		free(scratch);
		return -1;
	}
	oc_sort(b->v, b->n, sizeof *b->v, cmp_op_entry);
	oc_sort(d->v, d->n, sizeof *d->v, cmp_op_entry);
	while (i < b->n || j < d->n) {
		const char *name;
		size_t ie = i, je = j;
		int cmp = i == b->n ? 1 : j == d->n ? -1 : strcmp(b->v[i].name, d->v[j].name);

		name = cmp <= 0 ? b->v[i].name : d->v[j].name;
		if (cmp <= 0)
			while (ie < b->n && !strcmp(b->v[ie].name, name))
				ie++;
		if (cmp >= 0)
			while (je < d->n && !strcmp(d->v[je].name, name))
				je++;
		struct oc_compare_opstat *st = &v[n++];   /* zeroed: a side without the op stays 0 */
		st->name = name;
		if (ie > i)
			opstat_fill(st, 0, nb, b, i, ie, scratch);
		if (je > j)
			opstat_fill(st, 1, nc, d, j, je, scratch);
		i = ie;
		j = je;
	}
	free(scratch);
	c->ops = v;
	c->n_ops = n;
	return 0;
}

/* Sort by time added in the candidate, largest first. */
static int cmp_opstat_delta(const void *a, const void *b)
{
	const struct oc_compare_opstat *x = a, *y = b;
	double dx = x->sum_med[1] - x->sum_med[0], dy = y->sum_med[1] - y->sum_med[0];
	return (dx < dy) - (dx > dy);
}

/* An op name counts as contention when its own time per run grew beyond the
 * noise threshold while its candidate ops intersected other streams more than
 * its baseline ops did. */
static int is_contention(const struct oc_compare_opstat *st, double thr)
{
	return st->present[0] && st->present[1] && st->sum_med[0] > 0 &&
	       (st->sum_med[1] - st->sum_med[0]) / st->sum_med[0] > thr &&
	       st->overlapped[1] > st->overlapped[0];
}

/* ---- the result -------------------------------------------------------------- */

/* Two signatures hold the same work. */
static int same_items(const struct oc_work_item *a, size_t na, const struct oc_work_item *b, size_t nb)
{
	if (na != nb)
		return 0;
	for (size_t i = 0; i < na; i++)
		if (a[i].cls != b[i].cls || strcmp(a[i].key, b[i].key) || a[i].amount != b[i].amount ||
		    a[i].count != b[i].count)
			return 0;
	return 1;
}

/* The windows' spans, when some run's window dropped work and every run's
 * window holds the first baseline's windowed work. */
static void window_figures(struct oc_compare *c, double *v)
{
	const struct oc_compare_run *f = &c->side[0].runs[0];
	const struct oc_work_item *fw = f->win_steady ? f->win_work : f->work;
	size_t fn = f->win_steady ? f->n_win_work : f->n_work;
	int steady = 0;

	c->windowed = 0;
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < c->side[k].n; i++) {
			const struct oc_compare_run *r = &c->side[k].runs[i];
			steady |= r->win_steady;
			if (!same_items(fw, fn, r->win_steady ? r->win_work : r->work,
					r->win_steady ? r->n_win_work : r->n_work))
				return;
		}
	if (!steady)
		return;
	for (int k = 0; k < 2; k++)
		c->win_total[k] = stat_of(&c->side[k], offsetof(struct oc_compare_run, win_total_ns), v);
	c->win_change = c->win_total[0].med > 0 ?
		(c->win_total[1].med - c->win_total[0].med) / c->win_total[0].med : 0;
	c->windowed = 1;
}

/* Medians, noise, attribution and verdict. 0 or -1 (memory). */
static int attribute(struct oc_compare *c, struct entries *e)
{
	size_t most = c->side[0].n > c->side[1].n ? c->side[0].n : c->side[1].n;
	double *v = zalloc(most * sizeof *v);

	if (!v)
		return -1;
	for (int k = 0; k < 2; k++) {
		const struct oc_compare_side *s = &c->side[k];
		c->total[k] = STAT(s, total_ns, v);
		c->sum[k] = STAT(s, sum_ns, v);
		c->inter[k] = STAT(s, inter_ns, v);
		c->idle[k] = STAT(s, idle_ns, v);
		c->outside[k] = STAT(s, outside_ns, v);
		c->span[k] = STAT(s, span_ns, v);
		c->cc[k] = STAT(s, copy_compute_ns, v);
		c->copy[k] = STAT(s, async_copy_ns, v);
		c->spread[k] = c->total[k].med > 0 ?
			(c->total[k].max - c->total[k].min) / c->total[k].med : 0;
	}
	window_figures(c, v);
	free(v);
	c->threshold = c->opts.noise;
	for (int k = 0; k < 2; k++)
		if (c->spread[k] > c->threshold)
			c->threshold = c->spread[k];
	c->change = c->total[0].med > 0 ?
		(c->total[1].med - c->total[0].med) / c->total[0].med : 0;
	c->saved_ns = c->total[0].med - c->total[1].med;
	c->inter_gain_ns = c->inter[1].med - c->inter[0].med;
	c->op_added_ns = c->sum[1].med - c->sum[0].med;
	c->idle_added_ns = c->idle[1].med - c->idle[0].med;
	c->outside_added_ns = c->outside[1].med - c->outside[0].med;
	/* exact for one run per side; medians of parts need not add up */
	c->residual_ns = c->saved_ns - (c->inter_gain_ns - c->op_added_ns -
					c->idle_added_ns - c->outside_added_ns);
	c->explained = c->saved_ns > 0 ? c->inter_gain_ns / c->saved_ns : NAN;

	int faster = c->change < -c->threshold;
	int more_overlap = c->total[0].med > 0 &&
			   c->inter_gain_ns / c->total[0].med > c->threshold;
	c->slower = c->change > c->threshold;
	if (faster)
		c->verdict = c->explained >= OC_COMPARE_OVERLAP_EXPLAINS ? "speedup_from_overlap"
									 : "speedup_not_from_overlap";
	else if (more_overlap)
		c->verdict = "overlap_without_speedup";
	else if (c->slower)
		c->verdict = "slowdown";
	else
		c->verdict = "no_change";

	if (opstats_build(c, &e[0], &e[1]) < 0)
		return -1;
	oc_sort(c->ops, c->n_ops, sizeof *c->ops, cmp_opstat_delta);
	for (size_t i = 0; i < c->n_ops; i++) {
		c->ops[i].contention = is_contention(&c->ops[i], c->threshold);
		c->n_contention += c->ops[i].contention;
	}
	return 0;
}

int oc_compare_run(struct oc_compare *c, const struct oc_compare_options *o,
		   const char *const *baseline, size_t n_baseline,
		   const char *const *candidate, size_t n_candidate,
		   char *err, size_t errlen)
{
	static const char *const labels[2] = { "baseline", "candidate" };
	const char *const *paths[2] = { baseline, candidate };
	size_t n[2] = { n_baseline, n_candidate };
	struct entries e[2] = { { 0 }, { 0 } };
	int ret = -1;

	memset(c, 0, sizeof *c);
	c->opts = *o;
	if (!n_baseline || !n_candidate) {
		snprintf(err, errlen, "need at least one trace on each side");
		return -1;
	}
	for (int k = 0; k < 2; k++) {
		c->side[k].label = labels[k];
		c->side[k].runs = zalloc(n[k] * sizeof *c->side[k].runs);
		if (!c->side[k].runs)
			goto oom;
	}
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < n[k]; i++) {
			struct oc_compare_run *r = &c->side[k].runs[c->side[k].n++];

			r->path = paths[k][i];
			if (measure(c, r, &e[k], (int)i, err, errlen) < 0)
				goto out;
		}

	/* same work: every trace against the first baseline trace */
	for (int k = 0; k < 2; k++)
		for (size_t i = (k == 0); i < c->side[k].n; i++)
			if (work_diff(c, &c->side[0].runs[0], &c->side[k].runs[i]) < 0)
				goto oom;
	if (attribute(c, e) < 0)
		goto oom;
	ret = 0;
	goto out;
oom:
	snprintf(err, errlen, "out of memory");
out:
	free(e[0].v);
	free(e[1].v);
	return ret;
}

void oc_compare_release(struct oc_compare *c)
{
	for (int k = 0; k < 2; k++) {
		for (size_t i = 0; i < c->side[k].n; i++) {
			for (size_t w = 0; w < c->side[k].runs[i].n_work; w++)
				free(c->side[k].runs[i].work[w].key);
			for (size_t w = 0; w < c->side[k].runs[i].n_win_work; w++)
				free(c->side[k].runs[i].win_work[w].key);
			free(c->side[k].runs[i].win_work);
			free(c->side[k].runs[i].work);
		}
		free(c->side[k].runs);
	}
	for (size_t i = 0; i < c->n_names; i++)
		free(c->names[i]);
	free(c->names);
	for (size_t i = 0; i < c->n_work_diffs; i++)
		free(c->work_diffs[i]);
	free(c->work_diffs);
	free(c->ops);
	memset(c, 0, sizeof *c);
}
