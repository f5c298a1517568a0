/*
 * cmd-compare.c: `overlapcheck compare BASELINE... -- CANDIDATE...`, the
 * sequential control of METHOD.md step 3.
 *
 * The baseline is the same work run in sequence, the candidate the same work
 * split into independent, overlapping parts; each side may hold several
 * traces (repeated runs). The command
 *
 *  1. refuses to compare different work: every trace must have the same
 *     bytes per copy direction (and memset bytes) and, per kernel name, the
 *     same total of launched threads (grid x block, summed over launches);
 *  2. measures every trace on the same boundaries: first to last device op,
 *     or, with --range, the union of the NVTX range instances, each extended
 *     to the end of the device work queued inside it (a range closed before
 *     its work finished would otherwise time the submission, not the work);
 *  3. takes medians and spreads over the repeats, and calls a change noise
 *     when it is within max(--noise, the relative spread of either side);
 *  4. attributes the change. On one device the boundary time decomposes
 *     exactly as
 *         total = sum(op durations) - intersection + idle + outside
 *     where intersection = sum - union (time two ops ran at once, counted
 *     once per extra op), idle = span - union, and outside = total - span
 *     (range boundaries only). So the time saved equals
 *         intersection gained - op time added (contention) - idle added
 *         - outside added
 *     and each term is printed; per operation name the change of its own
 *     time (sum per run, median over runs) shows which ops got slower while
 *     overlapped.
 *
 * Verdict: speedup_from_overlap (faster beyond noise, and the intersection
 * gained explains at least half of the time saved), speedup_not_from_overlap
 * (faster, explained otherwise), overlap_without_speedup (more intersection
 * beyond noise but not faster: the contention list says why), slowdown
 * (slower beyond noise without more intersection), no_change.
 *
 * Only the trace reader and the sweep engine are used: every figure is from
 * device timestamps.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-util.h"
#include "cmds.h"
#include "overlapcheck/demangle.h"
#include "overlapcheck/json.h"
#include "overlapcheck/sweep.h"
#include "overlapcheck/trace.h"
#include "overlapcheck/tracefile.h"

#define DEFAULT_NOISE 0.03
/* The intersection gained must explain this share of the time saved. */
#define OVERLAP_EXPLAINS 0.5

struct opts {
	const char *range;
	int device;              /* -1: the only device with ops */
	double noise;
	int allow_different_work;
	int fail_on_regression;
	enum cmd_format format;
	const char *output;
};

/* One entry of the same-work signature. */
enum work_class { WORK_COPY = 0, WORK_MEMSET, WORK_KERNEL };
struct work_item {
	enum work_class cls;
	char    *key;            /* copy direction, "memset", or mangled kernel name */
	uint64_t amount;         /* bytes, or threads */
	uint64_t count;          /* copies / memsets / launches */
};

/* One op name's time within one run. */
struct op_entry {
	const char *name;        /* "memcpy HtoD", "memset", or mangled kernel name;
	                            owned by side->names */
	int      run;
	int64_t  dur_ns;
	int64_t  other_ns;       /* intersected work in other streams */
};

struct run {
	const char *path;
	int64_t total_ns;        /* on the chosen boundaries */
	int64_t span_ns;         /* first op start to last op end */
	int64_t sum_ns;          /* sum of op durations */
	int64_t busy_ns;         /* union of op intervals */
	int64_t inter_ns;        /* sum - union */
	int64_t idle_ns;         /* span - union */
	int64_t outside_ns;      /* total - span */
	int64_t copy_compute_ns; /* |async copies  intersect  kernels| (unions) */
	int64_t async_copy_ns;
	size_t  n_ops;
	long    n_ranges;
	int64_t dropped, incomplete;
	struct work_item *work;  size_t n_work;
};

struct side {
	const char *label;       /* "baseline", "candidate" */
	struct run *runs;        size_t n;
	struct op_entry *ops;    size_t n_ops, alloc_ops;
	char **names;            size_t n_names;   /* the op names, one per key per trace */
};

/* Median, min, max of one quantity over a side's runs. */
struct stat3 { double med, min, max; };

/* Zeroed memory, or exit: the sums below start from zero. */
static void *xzalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);
	if (!p) {
		fputs("overlapcheck compare: out of memory\n", stderr);
		exit(OC_EXIT_USAGE);
	}
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);
	if (!p) {
		fputs("overlapcheck compare: out of memory\n", stderr);
		exit(OC_EXIT_USAGE);
	}
	return p;
}

static void usage(FILE *f)
{
	fprintf(f,
"usage: overlapcheck compare [OPTIONS] BASELINE... -- CANDIDATE...\n"
"\n"
"Sequential control: compare the same work run in sequence (BASELINE traces)\n"
"and split into overlapping parts (CANDIDATE traces). Several traces per side\n"
"are repeated runs. Refuses to attribute when the two sides did different work.\n"
"\n"
"Options:\n"
"  --range NAME            time and analyse only work queued inside NVTX ranges NAME\n"
"  --device N              the device to compare (default: the only one with ops)\n"
"  --noise F               relative change below which the verdict is no_change\n"
"                          (default 0.03; the spread of either side raises it)\n"
"  --allow-different-work  compare even when bytes or kernel threads differ\n"
"  --fail-on-regression    exit 1 when the candidate is slower beyond noise\n"
"  --format text|json|markdown   output format (default text)\n"
"  -o, --output FILE       write the output to FILE\n"
"  -h, --help              this help\n"
"\n"
"Verdicts: speedup_from_overlap, speedup_not_from_overlap,\n"
"overlap_without_speedup, slowdown, no_change. See docs/compare.md.\n"
"Exit status: 0, 1 with --fail-on-regression on a slowdown, 2 usage or input\n"
"error, or different work.\n");
}

/* ---- small helpers -------------------------------------------------------- */

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
	qsort(v, n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

static struct stat3 stat_of(const struct side *s, size_t field_off)
{
	double *v = xzalloc(s->n * sizeof *v);
	struct stat3 st;

	for (size_t i = 0; i < s->n; i++)
		v[i] = (double)*(const int64_t *)((const char *)&s->runs[i] + field_off);
	st.med = median_d(v, s->n);
	st.min = v[0];
	st.max = v[s->n - 1];
	free(v);
	return st;
}
#define STAT(side, field) stat_of(side, offsetof(struct run, field))

static const char *fmt_pct(char *buf, size_t len, double frac)
{
	if (isnan(frac) || isinf(frac))
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, "%+.1f%%", frac * 100.0);
	return buf;
}

/* A change: "+165.0 us", "-1.225 ms", "+0 ns". */
static const char *fmt_change(char *buf, size_t len, double ns)
{
	cmd_fmt_ns(buf + 1, len - 1, ns);
	if (buf[1] == '-')
		memmove(buf, buf + 1, strlen(buf + 1) + 1);
	else
		buf[0] = '+';
	return buf;
}

/* s with control bytes and backslashes escaped (oc_fput_escaped), truncated to len. */
static const char *esc(const char *s, char *buf, size_t len)
{
	FILE *f = fmemopen(buf, len, "w");

	buf[0] = '\0';
	if (f) {
		oc_fput_escaped(s, f);
		fclose(f);
	}
	buf[len - 1] = '\0';
	return buf;
}

static const char *op_display_name(const char *key, char *buf, size_t len)
{
	if (!strncmp(key, "memcpy ", 7) || !strcmp(key, "memset"))
		return key;
	return oc_demangle(key, buf, len);
}

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
	switch (op->kind) {
	case OC_OP_KERNEL:
		return op->name >= 0 && (size_t)op->name < t->n_strs ? (size_t)op->name
								       : t->n_strs + KEY_UNNAMED;
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
	const struct work_item *x = a, *y = b;

	if (x->cls != y->cls)
		return (int)x->cls - (int)y->cls;
	return strcmp(x->key, y->key);
}

/* Build the same-work signature: sorted, one item per (class, key). */
static void measure_work(struct run *r, const struct oc_trace *t)
{
	size_t nk = t->n_strs + KEY_EXTRA, n = 0;
	uint64_t *amount = xzalloc(nk * sizeof *amount), *count = xzalloc(nk * sizeof *count);
	struct work_item *w;

	for (size_t i = 0; i < t->n_ops; i++) {
		const struct oc_op *op = &t->ops[i];
		size_t key = op_key(t, op);

		if (op->kind == OC_OP_KERNEL) {
			uint64_t threads = 1;
			for (int d = 0; d < 3; d++)
				threads *= (uint64_t)(op->grid[d] > 0 ? op->grid[d] : 0) *
					   (uint64_t)(op->block[d] > 0 ? op->block[d] : 0);
			amount[key] += threads;
		} else {
			amount[key] += op->bytes;
		}
		count[key]++;
	}
	w = xzalloc(nk * sizeof *w);
	for (size_t key = 0; key < nk; key++) {
		if (!count[key])
			continue;
		if (key < t->n_strs || key == t->n_strs + KEY_UNNAMED) {
			w[n].cls = WORK_KERNEL;
			w[n].key = xstrdup(key < t->n_strs ? t->strs[key] : "");
		} else if (key == t->n_strs + KEY_MEMSET) {
			w[n].cls = WORK_MEMSET;
			w[n].key = xstrdup("memset");
		} else {
			w[n].cls = WORK_COPY;
			w[n].key = xstrdup(key == t->n_strs + KEY_PEER ? "PtoP"
					   : oc_copy_kind_name((int)(key - t->n_strs)));
		}
		w[n].amount = amount[key];
		w[n].count = count[key];
		n++;
	}
	qsort(w, n, sizeof *w, cmp_work);
	r->work = w;
	r->n_work = n;
	free(amount);
	free(count);
}

/*
 * Range boundaries: each instance of the range named `name` runs from its
 * start to the later of its end and the end of the last device op queued
 * inside it; the total is the union of those intervals. Returns the total,
 * or -1 when no op belongs to an instance.
 */
static int64_t range_total(const struct oc_trace *t, const char *name)
{
	size_t n = t->n_ranges;
	struct oc_interval *iv = xzalloc((n + 1) * sizeof *iv);
	char *is_named = xzalloc(n + 1);
	int64_t total = 0, cur_s = 0, cur_e = 0;
	int have = 0;

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

/* The name of op key `key` of trace t, as compared across traces. */
static char *key_name(const struct oc_trace *t, size_t key)
{
	char buf[64];

	if (key < t->n_strs)
		return xstrdup(t->strs[key]);
	switch (key - t->n_strs) {
	case KEY_MEMSET:
		return xstrdup("memset");
	case KEY_PEER:
		return xstrdup("memcpy PtoP");
	case KEY_UNNAMED:
		return xstrdup("");
	default:
		snprintf(buf, sizeof buf, "memcpy %s", oc_copy_kind_name((int)(key - t->n_strs)));
		return xstrdup(buf);
	}
}

static void side_add_op(struct side *s, const char *name, int run, int64_t dur, int64_t other)
{
	if (s->n_ops == s->alloc_ops) {
		s->alloc_ops = s->alloc_ops ? 2 * s->alloc_ops : 256;
		s->ops = realloc(s->ops, s->alloc_ops * sizeof *s->ops);
		if (!s->ops) {
			fputs("overlapcheck compare: out of memory\n", stderr);
			exit(OC_EXIT_USAGE);
		}
	}
	s->ops[s->n_ops++] = (struct op_entry){ name, run, dur, other };
}

/*
 * Open, scope and measure one trace into s->runs[run]. Returns 0, or -1 after
 * printing why (the caller exits 2).
 */
static int measure(struct side *s, int run, const char *path, const struct opts *o)
{
	struct oc_trace t;
	struct oc_selection sel = { 0 };
	struct oc_sweep sw;
	struct run *r = &s->runs[run];
	char err[512];
	int *devs = NULL;
	char **names = NULL;     /* key -> name, this trace */
	long nd;
	int ret = -1;

	memset(&sw, 0, sizeof sw);
	r->path = path;
	if (oc_trace_open(&t, path, err, sizeof err) < 0) {
		fprintf(stderr, "overlapcheck compare: %s\n", err);
		return -1;
	}
	r->dropped = t.dropped_records;
	r->incomplete = t.incomplete_records;
	if (o->device >= 0 && oc_trace_keep_device(&t, o->device) == 0) {
		fprintf(stderr, "overlapcheck compare: trace '%s' has no device ops on device %d\n",
			path, o->device);
		goto out;
	}
	if (o->range) {
		r->n_ranges = oc_trace_keep_range(&t, o->range);
		if (r->n_ranges < 0) {
			fprintf(stderr, "overlapcheck compare: cannot scope trace '%s' to range '%s'\n",
				path, o->range);
			goto out;
		}
		if (r->n_ranges == 0) {
			fprintf(stderr, "overlapcheck compare: trace '%s' has no NVTX range named '%s'\n",
				path, o->range);
			goto out;
		}
	}
	if (!t.n_ops) {
		fprintf(stderr, "overlapcheck compare: trace '%s' has no device ops%s%s%s\n", path,
			o->range ? " queued inside range '" : "", o->range ? o->range : "",
			o->range ? "'" : "");
		goto out;
	}
	nd = oc_trace_op_devices(&t, &devs);
	if (nd < 0) {
		fprintf(stderr, "overlapcheck compare: out of memory\n");
		goto out;
	}
	if (nd > 1) {
		fprintf(stderr, "overlapcheck compare: trace '%s' has ops on %ld devices; "
			"choose one with --device N\n", path, nd);
		goto out;
	}
	if (oc_select_all(&t, &sel) < 0 ||
	    oc_sweep_run(&sw, &t, &sel, NULL, err, sizeof err) < 0) {
		fprintf(stderr, "overlapcheck compare: trace '%s': %s\n", path,
			sel.idx ? err : "out of memory");
		goto out;
	}
	r->n_ops = sel.n;
	r->span_ns = sw.makespan_ns;
	r->busy_ns = sw.busy_all_ns;
	r->idle_ns = sw.makespan_ns - sw.busy_all_ns;
	r->async_copy_ns = sw.async_copy_ns;
	r->copy_compute_ns = sw.copy_compute_ns;
	names = xzalloc((t.n_strs + KEY_EXTRA) * sizeof *names);
	for (size_t i = 0; i < sel.n; i++) {
		const struct oc_op *op = &t.ops[sel.idx[i]];
		int64_t d = op->end_ns - op->start_ns;
		size_t key = op_key(&t, op);

		if (!names[key]) {
			names[key] = key_name(&t, key);
			s->names = realloc(s->names, (s->n_names + 1) * sizeof *s->names);
			if (!s->names) {
				fputs("overlapcheck compare: out of memory\n", stderr);
				exit(OC_EXIT_USAGE);
			}
			s->names[s->n_names++] = names[key];
		}
		r->sum_ns += d;
		side_add_op(s, names[key], run, d, sw.per_op[i].other_ns);
	}
	r->inter_ns = r->sum_ns - r->busy_ns;
	if (o->range) {
		r->total_ns = range_total(&t, o->range);
		if (r->total_ns < 0) {
			fprintf(stderr, "overlapcheck compare: trace '%s': range '%s' never closed\n",
				path, o->range);
			goto out;
		}
	} else {
		r->total_ns = r->span_ns;
	}
	r->outside_ns = r->total_ns - r->span_ns;
	measure_work(r, &t);
	ret = 0;
out:
	free(names);
	free(devs);
	oc_sweep_release(&sw);
	oc_selection_release(&sel);
	oc_trace_release(&t);
	return ret;
}

/* ---- same work ------------------------------------------------------------- */

struct diffs {
	char **line; size_t n;
};

static void diff_add(struct diffs *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void diff_add(struct diffs *d, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	if (!s)
		return;
	d->line = realloc(d->line, (d->n + 1) * sizeof *d->line);
	if (!d->line) {
		fputs("overlapcheck compare: out of memory\n", stderr);
		exit(OC_EXIT_USAGE);
	}
	d->line[d->n++] = s;
}

static void work_item_name(const struct work_item *w, char *buf, size_t len)
{
	char dm[512];

	if (w->cls == WORK_KERNEL)
		snprintf(buf, len, "kernel '%s'", oc_demangle(w->key, dm, sizeof dm));
	else if (w->cls == WORK_MEMSET)
		snprintf(buf, len, "memsets");
	else
		snprintf(buf, len, "%s copies", w->key);
}

/* Append to d what differs between the signatures of a (reference) and b. */
static void work_diff(struct diffs *d, const struct run *a, const struct run *b)
{
	size_t i = 0, j = 0;
	char name[600];

	while (i < a->n_work || j < b->n_work) {
		int c = i == a->n_work ? 1 : j == b->n_work ? -1 : cmp_work(&a->work[i], &b->work[j]);
		const char *unit;

		if (c == 0) {
			const struct work_item *x = &a->work[i++], *y = &b->work[j++];
			if (x->amount == y->amount)
				continue;
			work_item_name(x, name, sizeof name);
			unit = x->cls == WORK_KERNEL ? "threads" : "bytes";
			diff_add(d, "%s: %llu %s in '%s', %llu %s in '%s'", name,
				 (unsigned long long)x->amount, unit, a->path,
				 (unsigned long long)y->amount, unit, b->path);
		} else if (c < 0) {
			const struct work_item *x = &a->work[i++];
			work_item_name(x, name, sizeof name);
			diff_add(d, "%s: %llu %s in '%s', none in '%s'", name,
				 (unsigned long long)x->amount, x->cls == WORK_KERNEL ? "threads" : "bytes",
				 a->path, b->path);
		} else {
			const struct work_item *y = &b->work[j++];
			work_item_name(y, name, sizeof name);
			diff_add(d, "%s: none in '%s', %llu %s in '%s'", name, a->path,
				 (unsigned long long)y->amount, y->cls == WORK_KERNEL ? "threads" : "bytes",
				 b->path);
		}
	}
}

/* ---- per-operation statistics ---------------------------------------------- */

struct opstat {
	const char *name;        /* op name, owned by a side's names */
	int present[2];          /* has ops on the side */
	double sum_med[2];       /* median over runs of the per-run sum of durations */
	double inst_med[2];      /* median duration of one op */
	double count_med[2];     /* median ops per run */
	double overlapped[2];    /* share of its time intersecting other streams */
};

static int cmp_op_entry(const void *a, const void *b)
{
	const struct op_entry *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x->run > y->run) - (x->run < y->run);
}

/* Per-name stats of one side for entries [lo, hi) (same name, sorted by run). */
static void opstat_fill(struct opstat *st, int k, const struct side *s, size_t lo, size_t hi)
{
	double *sums = xzalloc(s->n * sizeof *sums), *counts = xzalloc(s->n * sizeof *counts);
	double *inst = xzalloc((hi - lo) * sizeof *inst);
	double dur = 0, other = 0;

	for (size_t i = lo; i < hi; i++) {
		sums[s->ops[i].run] += (double)s->ops[i].dur_ns;
		counts[s->ops[i].run] += 1;
		inst[i - lo] = (double)s->ops[i].dur_ns;
		dur += (double)s->ops[i].dur_ns;
		other += (double)s->ops[i].other_ns;
	}
	st->present[k] = 1;
	st->sum_med[k] = median_d(sums, s->n);
	st->count_med[k] = median_d(counts, s->n);
	st->inst_med[k] = median_d(inst, hi - lo);
	st->overlapped[k] = dur > 0 ? other / dur : 0;
	free(sums);
	free(counts);
	free(inst);
}

/* Join both sides' op entries by name. Returns the count; *out malloc'd. */
static size_t opstats_build(struct side *b, struct side *c, struct opstat **out)
{
	struct opstat *v = xzalloc((b->n_ops + c->n_ops + 1) * sizeof *v);
	size_t n = 0, i = 0, j = 0;

	qsort(b->ops, b->n_ops, sizeof *b->ops, cmp_op_entry);
	qsort(c->ops, c->n_ops, sizeof *c->ops, cmp_op_entry);
	while (i < b->n_ops || j < c->n_ops) {
		const char *name;
		size_t ie = i, je = j;
		int cmp = i == b->n_ops ? 1 : j == c->n_ops ? -1 : strcmp(b->ops[i].name, c->ops[j].name);

		name = cmp <= 0 ? b->ops[i].name : c->ops[j].name;
		if (cmp <= 0)
			while (ie < b->n_ops && !strcmp(b->ops[ie].name, name))
				ie++;
		if (cmp >= 0)
			while (je < c->n_ops && !strcmp(c->ops[je].name, name))
				je++;
		struct opstat *st = &v[n++];   /* zeroed: a side without the op stays 0 */
		st->name = name;
		if (ie > i)
			opstat_fill(st, 0, b, i, ie);
		if (je > j)
			opstat_fill(st, 1, c, j, je);
		i = ie;
		j = je;
	}
	*out = v;
	return n;
}

/* Sort by time added in the candidate, largest first. */
static int cmp_opstat_delta(const void *a, const void *b)
{
	const struct opstat *x = a, *y = b;
	double dx = x->sum_med[1] - x->sum_med[0], dy = y->sum_med[1] - y->sum_med[0];
	return (dx < dy) - (dx > dy);
}

/* An op name counts as contention when its own time per run grew beyond the
 * noise threshold while its candidate ops intersected other streams more than
 * its baseline ops did. */
static int is_contention(const struct opstat *st, double thr)
{
	return st->present[0] && st->present[1] && st->sum_med[0] > 0 &&
	       (st->sum_med[1] - st->sum_med[0]) / st->sum_med[0] > thr &&
	       st->overlapped[1] > st->overlapped[0];
}

/* ---- the result -------------------------------------------------------------- */

struct result {
	struct stat3 total[2], sum[2], inter[2], idle[2], outside[2], span[2], cc[2], copy[2];
	double spread[2];        /* (max - min) / median of total */
	double threshold;        /* noise threshold actually used */
	double change;           /* (cand - base) / base of median total */
	double saved_ns;         /* base - cand */
	double inter_gain_ns, op_added_ns, idle_added_ns, outside_added_ns, residual_ns;
	double explained;        /* inter_gain / saved; NaN unless saved > 0 */
	const char *verdict;
	int slower;              /* beyond noise */
	struct opstat *ops;      size_t n_ops;
	size_t n_contention;
};

static void compute(struct result *res, struct side *sides, const struct opts *o)
{
	for (int k = 0; k < 2; k++) {
		struct side *s = &sides[k];
		res->total[k] = STAT(s, total_ns);
		res->sum[k] = STAT(s, sum_ns);
		res->inter[k] = STAT(s, inter_ns);
		res->idle[k] = STAT(s, idle_ns);
		res->outside[k] = STAT(s, outside_ns);
		res->span[k] = STAT(s, span_ns);
		res->cc[k] = STAT(s, copy_compute_ns);
		res->copy[k] = STAT(s, async_copy_ns);
		res->spread[k] = res->total[k].med > 0 ?
			(res->total[k].max - res->total[k].min) / res->total[k].med : 0;
	}
	res->threshold = o->noise;
	for (int k = 0; k < 2; k++)
		if (res->spread[k] > res->threshold)
			res->threshold = res->spread[k];
	res->change = res->total[0].med > 0 ?
		(res->total[1].med - res->total[0].med) / res->total[0].med : 0;
	res->saved_ns = res->total[0].med - res->total[1].med;
	res->inter_gain_ns = res->inter[1].med - res->inter[0].med;
	res->op_added_ns = res->sum[1].med - res->sum[0].med;
	res->idle_added_ns = res->idle[1].med - res->idle[0].med;
	res->outside_added_ns = res->outside[1].med - res->outside[0].med;
	/* exact for one run per side; medians of parts need not add up */
	res->residual_ns = res->saved_ns - (res->inter_gain_ns - res->op_added_ns -
					    res->idle_added_ns - res->outside_added_ns);
	res->explained = res->saved_ns > 0 ? res->inter_gain_ns / res->saved_ns : NAN;

	int faster = res->change < -res->threshold;
	int more_overlap = res->total[0].med > 0 &&
			   res->inter_gain_ns / res->total[0].med > res->threshold;
	res->slower = res->change > res->threshold;
	if (faster)
		res->verdict = res->explained >= OVERLAP_EXPLAINS ? "speedup_from_overlap"
								   : "speedup_not_from_overlap";
	else if (more_overlap)
		res->verdict = "overlap_without_speedup";
	else if (res->slower)
		res->verdict = "slowdown";
	else
		res->verdict = "no_change";

	res->n_ops = opstats_build(&sides[0], &sides[1], &res->ops);
	qsort(res->ops, res->n_ops, sizeof *res->ops, cmp_opstat_delta);
	for (size_t i = 0; i < res->n_ops; i++)
		res->n_contention += is_contention(&res->ops[i], res->threshold);
}

static const char *verdict_sentence(const struct result *r)
{
	if (!strcmp(r->verdict, "speedup_from_overlap"))
		return "the candidate is faster, and the intersection it gained explains the time saved";
	if (!strcmp(r->verdict, "speedup_not_from_overlap"))
		return "the candidate is faster, but not because more work intersected";
	if (!strcmp(r->verdict, "overlap_without_speedup"))
		return "more work intersected in the candidate, but it is not faster";
	if (!strcmp(r->verdict, "slowdown"))
		return "the candidate is slower, and not because of more intersection";
	return "no change beyond noise";
}

/* ---- output -------------------------------------------------------------------- */

/* "HtoD 4.0 MiB (4 copies), DtoH 4.0 MiB (4 copies), 262144 threads in 4 launches of 1 kernel" */
static const char *work_summary(const struct run *r, char *buf, size_t len)
{
	uint64_t threads = 0, launches = 0, kernels = 0;
	size_t off = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < r->n_work && off < len; i++) {
		const struct work_item *w = &r->work[i];

		if (w->cls == WORK_KERNEL) {
			threads += w->amount;
			launches += w->count;
			kernels++;
			continue;
		}
		off += (size_t)snprintf(buf + off, len - off, "%s%s %.1f MiB (%llu %s)", off ? ", " : "",
					w->cls == WORK_MEMSET ? "memset" : w->key,
					(double)w->amount / (1 << 20), (unsigned long long)w->count,
					w->cls == WORK_MEMSET ? "memsets" : w->count == 1 ? "copy" : "copies");
	}
	if (kernels && off < len)
		snprintf(buf + off, len - off, "%s%llu threads in %llu launch%s of %llu kernel%s",
			 off ? ", " : "", (unsigned long long)threads, (unsigned long long)launches,
			 launches == 1 ? "" : "es", (unsigned long long)kernels, kernels == 1 ? "" : "s");
	return buf;
}

static void text_row(FILE *f, const char *what, const struct stat3 *b, const struct stat3 *c,
		     int show_spread)
{
	char x[32], y[32], m1[32], m2[32], m3[32], m4[32], d[40];
	char bb[100], cc[100];

	cmd_fmt_ns(x, sizeof x, b->med);
	cmd_fmt_ns(y, sizeof y, c->med);
	if (show_spread) {
		snprintf(bb, sizeof bb, "%s [%s..%s]", x, cmd_fmt_ns(m1, sizeof m1, b->min),
			 cmd_fmt_ns(m2, sizeof m2, b->max));
		snprintf(cc, sizeof cc, "%s [%s..%s]", y, cmd_fmt_ns(m3, sizeof m3, c->min),
			 cmd_fmt_ns(m4, sizeof m4, c->max));
	} else {
		snprintf(bb, sizeof bb, "%s", x);
		snprintf(cc, sizeof cc, "%s", y);
	}
	fprintf(f, "  %-24s %-30s %-30s %s\n", what, bb, cc, fmt_change(d, sizeof d, c->med - b->med));
}

static void print_text(FILE *f, const struct side *sides, const struct result *r,
		       const struct opts *o, const struct diffs *diffs)
{
	char a[48], b[48], c[48], d[48], e[48], dm[512], w[512];
	int spread = sides[0].n > 1 || sides[1].n > 1;

	fprintf(f, "compare: %zu baseline run%s, %zu candidate run%s; boundaries: %s%s%s\n",
		sides[0].n, sides[0].n == 1 ? "" : "s", sides[1].n, sides[1].n == 1 ? "" : "s",
		o->range ? "NVTX range '" : "first to last device op",
		o->range ? o->range : "", o->range ? "' (until its work ended)" : "");
	fprintf(f, "work: %s%s\n", work_summary(&sides[0].runs[0], w, sizeof w),
		diffs->n ? " in the first baseline run; THE RUNS DIFFER (see the warnings)" :
		", the same in every run");
	fprintf(f, "verdict: %s: %s\n\n", r->verdict, verdict_sentence(r));
	fprintf(f, "  %-24s %-30s %-30s %s\n", "", spread ? "baseline median [min..max]" : "baseline",
		spread ? "candidate median [min..max]" : "candidate", "change");
	text_row(f, "total time", &r->total[0], &r->total[1], spread);
	text_row(f, "op time (sum)", &r->sum[0], &r->sum[1], spread);
	text_row(f, "intersection (sum-union)", &r->inter[0], &r->inter[1], spread);
	text_row(f, "idle", &r->idle[0], &r->idle[1], spread);
	if (o->range)
		text_row(f, "outside device span", &r->outside[0], &r->outside[1], spread);
	text_row(f, "copy/compute overlap", &r->cc[0], &r->cc[1], spread);

	fprintf(f, "\nchange: %s (%s); noise threshold %.1f%% (--noise %.1f%%, spread %.1f%% / %.1f%%)\n",
		cmd_fmt_ns(a, sizeof a, -r->saved_ns), fmt_pct(b, sizeof b, r->change),
		r->threshold * 100, o->noise * 100, r->spread[0] * 100, r->spread[1] * 100);
	fprintf(f, "attribution of the time saved (%s):\n", cmd_fmt_ns(a, sizeof a, r->saved_ns));
	fprintf(f, "  intersection gained   %12s", cmd_fmt_ns(a, sizeof a, r->inter_gain_ns));
	if (!isnan(r->explained))
		fprintf(f, "   explains %.0f%% of the time saved", r->explained * 100);
	fputc('\n', f);
	fprintf(f, "  op time added         %12s   (ops slower: contention)\n",
		cmd_fmt_ns(b, sizeof b, r->op_added_ns));
	fprintf(f, "  idle added            %12s\n", cmd_fmt_ns(c, sizeof c, r->idle_added_ns));
	if (o->range)
		fprintf(f, "  outside span added    %12s\n", cmd_fmt_ns(d, sizeof d, r->outside_added_ns));
	if (fabs(r->residual_ns) >= 0.5)
		fprintf(f, "  not attributed        %12s   (medians of parts do not add up)\n",
			cmd_fmt_ns(e, sizeof e, r->residual_ns));

	fprintf(f, "\nper operation (time per run, median over runs; overlapped = share of its time\n"
		   "intersecting other streams):\n");
	fprintf(f, "  %-36s %6s %12s %12s %8s %10s %10s\n", "name", "count", "baseline", "candidate",
		"change", "ovl base", "ovl cand");
	for (size_t i = 0; i < r->n_ops; i++) {
		const struct opstat *st = &r->ops[i];
		char nm[40];

		esc(op_display_name(st->name, dm, sizeof dm), nm, sizeof nm);
		if (strlen(nm) > 35)
			memcpy(nm + 32, "...", 4);
		fprintf(f, "  %-36s %6.0f %12s %12s %8s %9.0f%% %9.0f%%%s\n", nm,
			st->present[1] ? st->count_med[1] : st->count_med[0],
			st->present[0] ? cmd_fmt_ns(a, sizeof a, st->sum_med[0]) : "-",
			st->present[1] ? cmd_fmt_ns(b, sizeof b, st->sum_med[1]) : "-",
			st->present[0] && st->present[1] && st->sum_med[0] > 0 ?
				fmt_pct(c, sizeof c, (st->sum_med[1] - st->sum_med[0]) / st->sum_med[0]) : "-",
			st->overlapped[0] * 100, st->overlapped[1] * 100,
			is_contention(st, r->threshold) ? "  contention" : "");
	}
	if (r->n_contention)
		fprintf(f, "\n%zu operation name%s got slower while overlapped (contention).\n",
			r->n_contention, r->n_contention == 1 ? "" : "s");
}

static void md_row(FILE *f, const char *what, const struct stat3 *b, const struct stat3 *c)
{
	char x[32], y[32], z[40], m[4][32];

	fprintf(f, "| %s | %s (%s..%s) | %s (%s..%s) | %s |\n", what,
		cmd_fmt_ns(x, sizeof x, b->med), cmd_fmt_ns(m[0], 32, b->min), cmd_fmt_ns(m[1], 32, b->max),
		cmd_fmt_ns(y, sizeof y, c->med), cmd_fmt_ns(m[2], 32, c->min), cmd_fmt_ns(m[3], 32, c->max),
		fmt_change(z, sizeof z, c->med - b->med));
}

static void print_markdown(FILE *f, const struct side *sides, const struct result *r,
			   const struct opts *o)
{
	char a[48], b[48], c[48], dm[512];

	fprintf(f, "## overlapcheck compare: `%s`\n\n", r->verdict);
	fprintf(f, "%c%s. Baseline: %zu run%s, candidate: %zu run%s; boundaries: ",
		toupper((unsigned char)verdict_sentence(r)[0]), verdict_sentence(r) + 1, sides[0].n, sides[0].n == 1 ? "" : "s",
		sides[1].n, sides[1].n == 1 ? "" : "s");
	if (o->range) {
		fputs("NVTX range ", f);
		cmd_md_escape(f, o->range);
		fputs(".\n\n", f);
	} else {
		fputs("first to last device op.\n\n", f);
	}
	fputs("| | baseline median (min..max) | candidate median (min..max) | change |\n"
	      "|---|---|---|---|\n", f);
	md_row(f, "total time", &r->total[0], &r->total[1]);
	md_row(f, "op time (sum)", &r->sum[0], &r->sum[1]);
	md_row(f, "intersection (sum − union)", &r->inter[0], &r->inter[1]);
	md_row(f, "idle", &r->idle[0], &r->idle[1]);
	if (o->range)
		md_row(f, "outside device span", &r->outside[0], &r->outside[1]);
	md_row(f, "copy/compute overlap", &r->cc[0], &r->cc[1]);
	fprintf(f, "\nChange %s (%s), noise threshold %.1f%%. ", cmd_fmt_ns(a, sizeof a, -r->saved_ns),
		fmt_pct(b, sizeof b, r->change), r->threshold * 100);
	fprintf(f, "Intersection gained %s", cmd_fmt_ns(a, sizeof a, r->inter_gain_ns));
	if (!isnan(r->explained))
		fprintf(f, " (explains %.0f%% of the time saved)", r->explained * 100);
	fprintf(f, "; op time added %s; idle added %s.\n\n", cmd_fmt_ns(b, sizeof b, r->op_added_ns),
		cmd_fmt_ns(c, sizeof c, r->idle_added_ns));
	fputs("| operation | count | baseline | candidate | change | overlapped (base → cand) |\n"
	      "|---|---:|---:|---:|---:|---|\n", f);
	for (size_t i = 0; i < r->n_ops; i++) {
		const struct opstat *st = &r->ops[i];
		fputs("| ", f);
		cmd_md_escape(f, op_display_name(st->name, dm, sizeof dm));
		fprintf(f, "%s | %.0f | %s | %s | %s | %.0f%% → %.0f%% |\n",
			is_contention(st, r->threshold) ? " (contention)" : "",
			st->present[1] ? st->count_med[1] : st->count_med[0],
			st->present[0] ? cmd_fmt_ns(a, sizeof a, st->sum_med[0]) : "–",
			st->present[1] ? cmd_fmt_ns(b, sizeof b, st->sum_med[1]) : "–",
			st->present[0] && st->present[1] && st->sum_med[0] > 0 ?
				fmt_pct(c, sizeof c, (st->sum_med[1] - st->sum_med[0]) / st->sum_med[0]) : "–",
			st->overlapped[0] * 100, st->overlapped[1] * 100);
	}
}

/* Times in JSON are integer ns; a median of an even count rounds to the ns. */
static void json_ns(struct oc_json *j, const char *key, double ns)
{
	oc_json_kv_int(j, key, (int64_t)llround(ns));
}

static void json_stat(struct oc_json *j, const char *key, const struct stat3 *s)
{
	oc_json_key(j, key);
	oc_json_begin_object(j);
	json_ns(j, "median", s->med);
	json_ns(j, "min", s->min);
	json_ns(j, "max", s->max);
	oc_json_end_object(j);
}

static void print_json(FILE *f, const struct side *sides, const struct result *r,
		       const struct opts *o, const struct diffs *diffs)
{
	struct oc_json j;
	char dm[512];

	oc_json_init(&j, f, 1);
	oc_json_begin_object(&j);
	oc_json_kv_string(&j, "verdict", r->verdict);
	oc_json_kv_string(&j, "boundaries", o->range ? "range" : "device_span");
	oc_json_kv_string(&j, "range", o->range);
	oc_json_kv_bool(&j, "same_work", diffs->n == 0);
	oc_json_key(&j, "work");   /* of the first baseline trace */
	oc_json_begin_array(&j);
	for (size_t i = 0; i < sides[0].runs[0].n_work; i++) {
		const struct work_item *w = &sides[0].runs[0].work[i];

		oc_json_begin_object(&j);
		oc_json_kv_string(&j, "class", w->cls == WORK_KERNEL ? "kernel" :
				  w->cls == WORK_MEMSET ? "memset" : "copy");
		oc_json_kv_string(&j, "key", w->key);
		oc_json_kv_uint(&j, w->cls == WORK_KERNEL ? "threads" : "bytes", w->amount);
		oc_json_kv_uint(&j, "count", w->count);
		oc_json_end_object(&j);
	}
	oc_json_end_array(&j);
	oc_json_key(&j, "work_differences");
	oc_json_begin_array(&j);
	for (size_t i = 0; i < diffs->n; i++)
		oc_json_string(&j, diffs->line[i]);
	oc_json_end_array(&j);
	for (int k = 0; k < 2; k++) {
		const struct side *s = &sides[k];
		oc_json_key(&j, s->label);
		oc_json_begin_object(&j);
		oc_json_key(&j, "traces");
		oc_json_begin_array(&j);
		for (size_t i = 0; i < s->n; i++) {
			const struct run *ru = &s->runs[i];
			oc_json_begin_object(&j);
			oc_json_kv_string(&j, "path", ru->path);
			oc_json_kv_int(&j, "total_ns", ru->total_ns);
			oc_json_kv_int(&j, "span_ns", ru->span_ns);
			oc_json_kv_int(&j, "op_sum_ns", ru->sum_ns);
			oc_json_kv_int(&j, "busy_ns", ru->busy_ns);
			oc_json_kv_int(&j, "intersection_ns", ru->inter_ns);
			oc_json_kv_int(&j, "idle_ns", ru->idle_ns);
			oc_json_kv_int(&j, "copy_compute_overlap_ns", ru->copy_compute_ns);
			oc_json_kv_int(&j, "async_copy_ns", ru->async_copy_ns);
			oc_json_kv_int(&j, "ops", (int64_t)ru->n_ops);
			oc_json_kv_int(&j, "dropped_records", ru->dropped);
			oc_json_kv_int(&j, "incomplete_records", ru->incomplete);
			if (o->range)
				oc_json_kv_int(&j, "ranges", ru->n_ranges);
			oc_json_end_object(&j);
		}
		oc_json_end_array(&j);
		json_stat(&j, "total_ns", &r->total[k]);
		json_stat(&j, "op_sum_ns", &r->sum[k]);
		json_stat(&j, "intersection_ns", &r->inter[k]);
		json_stat(&j, "idle_ns", &r->idle[k]);
		json_stat(&j, "outside_span_ns", &r->outside[k]);
		json_stat(&j, "copy_compute_overlap_ns", &r->cc[k]);
		oc_json_kv_double(&j, "spread", r->spread[k]);
		oc_json_end_object(&j);
	}
	oc_json_kv_double(&j, "noise_threshold", r->threshold);
	oc_json_kv_double(&j, "change", r->change);
	oc_json_key(&j, "attribution");
	oc_json_begin_object(&j);
	json_ns(&j, "time_saved_ns", r->saved_ns);
	json_ns(&j, "intersection_gained_ns", r->inter_gain_ns);
	oc_json_kv_double(&j, "explained", r->explained);   /* null when nothing was saved */
	json_ns(&j, "op_time_added_ns", r->op_added_ns);
	json_ns(&j, "idle_added_ns", r->idle_added_ns);
	json_ns(&j, "outside_span_added_ns", r->outside_added_ns);
	json_ns(&j, "not_attributed_ns", r->residual_ns);
	oc_json_end_object(&j);
	oc_json_key(&j, "operations");
	oc_json_begin_array(&j);
	for (size_t i = 0; i < r->n_ops; i++) {
		const struct opstat *st = &r->ops[i];
		oc_json_begin_object(&j);
		oc_json_kv_string(&j, "name", op_display_name(st->name, dm, sizeof dm));
		oc_json_kv_string(&j, "mangled", st->name);
		for (int k = 0; k < 2; k++) {
			oc_json_key(&j, sides[k].label);
			if (!st->present[k]) {
				oc_json_null(&j);
				continue;
			}
			oc_json_begin_object(&j);
			oc_json_kv_double(&j, "count", st->count_med[k]);
			json_ns(&j, "time_per_run_ns", st->sum_med[k]);
			json_ns(&j, "median_duration_ns", st->inst_med[k]);
			oc_json_kv_double(&j, "overlapped", st->overlapped[k]);
			oc_json_end_object(&j);
		}
		oc_json_kv_bool(&j, "contention", is_contention(st, r->threshold));
		oc_json_end_object(&j);
	}
	oc_json_end_array(&j);
	oc_json_end_object(&j);
	oc_json_finish(&j);
}

static int parse_args(int argc, char **argv, struct opts *o, struct side *sides)
{
	int k = 0, r;
	const char *v;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--")) {
			if (k) {
				fprintf(stderr, "overlapcheck compare: '--' given twice\n");
				return -1;
			}
			k = 1;
			continue;
		}
		if (a[0] != '-' || !a[1]) {
			sides[k].runs[sides[k].n++].path = a;
			continue;
		}
		if (!strcmp(a, "--allow-different-work")) {
			o->allow_different_work = 1;
		} else if (!strcmp(a, "--fail-on-regression")) {
			o->fail_on_regression = 1;
		} else if ((r = cmd_opt_value("compare", argc, argv, &i, "--range", &v))) {
			if (r < 0)
				return -1;
			o->range = v;
		} else if ((r = cmd_opt_value("compare", argc, argv, &i, "--device", &v))) {
			char *end;
			if (r < 0)
				return -1;
			errno = 0;
			long d = strtol(v, &end, 10);
			if (!*v || *end || errno || d < 0 || d > INT32_MAX) {
				fprintf(stderr, "overlapcheck compare: --device: '%s' is not a device number\n", v);
				return -1;
			}
			o->device = (int)d;
		} else if ((r = cmd_opt_value("compare", argc, argv, &i, "--noise", &v))) {
			char *end;
			if (r < 0)
				return -1;
			errno = 0;
			double x = strtod(v, &end);
			if (end != v && *end == '%') {
				x /= 100;
				end++;
			}
			if (!*v || *end || errno || !(x >= 0 && x < 1)) {
				fprintf(stderr, "overlapcheck compare: --noise: '%s' is not a fraction in [0, 1)\n", v);
				return -1;
			}
			o->noise = x;
		} else if ((r = cmd_opt_value("compare", argc, argv, &i, "--format", &v))) {
			if (r < 0)
				return -1;
			if ((r = cmd_parse_format("compare", v)) < 0)
				return -1;
			o->format = (enum cmd_format)r;
		} else if ((r = cmd_opt_value("compare", argc, argv, &i, "--output", &v)) ||
			   (r = cmd_opt_value("compare", argc, argv, &i, "-o", &v))) {
			if (r < 0)
				return -1;
			o->output = v;
		} else {
			fprintf(stderr, "overlapcheck compare: unknown option '%s'\n", a);
			return -1;
		}
	}
	if (!k || !sides[0].n || !sides[1].n) {
		fprintf(stderr, "overlapcheck compare: need BASELINE... -- CANDIDATE... "
			"(at least one trace on each side)\n");
		return -1;
	}
	return 0;
}

int cmd_compare(int argc, char **argv)
{
	struct opts o = { .device = -1, .noise = DEFAULT_NOISE, .format = CMD_FMT_TEXT };
	struct side sides[2] = { { .label = "baseline" }, { .label = "candidate" } };
	struct diffs diffs = { 0 };
	struct result res;
	FILE *out = stdout;
	int ret = OC_EXIT_USAGE;

	memset(&res, 0, sizeof res);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return OC_EXIT_OK;
		}
	}
	for (int k = 0; k < 2; k++)
		sides[k].runs = xzalloc(argc * sizeof *sides[k].runs);
	if (parse_args(argc, argv, &o, sides) < 0) {
		fprintf(stderr, "see 'overlapcheck compare --help'\n");
		goto out;
	}
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < sides[k].n; i++)
			if (measure(&sides[k], (int)i, sides[k].runs[i].path, &o) < 0)
				goto out;
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < sides[k].n; i++) {
			const struct run *ru = &sides[k].runs[i];
			if (ru->dropped > 0 || ru->incomplete > 0)
				fprintf(stderr, "overlapcheck compare: warning: trace '%s' has %lld dropped and "
					"%lld incomplete records: its times rest on incomplete data\n",
					ru->path, (long long)(ru->dropped > 0 ? ru->dropped : 0),
					(long long)(ru->incomplete > 0 ? ru->incomplete : 0));
		}

	/* same work: every trace against the first baseline trace */
	for (int k = 0; k < 2; k++)
		for (size_t i = (k == 0); i < sides[k].n; i++)
			work_diff(&diffs, &sides[0].runs[0], &sides[k].runs[i]);
	if (diffs.n) {
		fprintf(stderr, "overlapcheck compare: %s: the traces did different work:\n",
			o.allow_different_work ? "warning" : "refusing to attribute");
		for (size_t i = 0; i < diffs.n; i++) {
			fputs("  ", stderr);
			oc_fput_escaped(diffs.line[i], stderr);
			fputc('\n', stderr);
		}
		if (!o.allow_different_work) {
			fprintf(stderr, "A gain can only be attributed to overlap when both sides do the "
				"same transfers and compute (--allow-different-work to compare anyway).\n");
			goto out;
		}
	}

	compute(&res, sides, &o);
	if (o.output && !(out = fopen(o.output, "w"))) {
		fprintf(stderr, "overlapcheck compare: cannot write '%s': %s\n", o.output, strerror(errno));
		out = stdout;
		goto out;
	}
	if (o.format == CMD_FMT_JSON)
		print_json(out, sides, &res, &o, &diffs);
	else if (o.format == CMD_FMT_MARKDOWN)
		print_markdown(out, sides, &res, &o);
	else
		print_text(out, sides, &res, &o, &diffs);
	if (fflush(out) || ferror(out)) {
		fprintf(stderr, "overlapcheck compare: write error: %s\n", strerror(errno));
		goto out;
	}
	ret = o.fail_on_regression && res.slower ? OC_EXIT_FAIL : OC_EXIT_OK;
out:
	if (out != stdout)
		fclose(out);
	for (int k = 0; k < 2; k++) {
		for (size_t i = 0; i < sides[k].n; i++) {
			for (size_t w = 0; w < sides[k].runs[i].n_work; w++)
				free(sides[k].runs[i].work[w].key);
			free(sides[k].runs[i].work);
		}
		for (size_t i = 0; i < sides[k].n_names; i++)
			free(sides[k].names[i]);
		free(sides[k].names);
		free(sides[k].ops);
		free(sides[k].runs);
	}
	for (size_t i = 0; i < diffs.n; i++)
		free(diffs.line[i]);
	free(diffs.line);
	free(res.ops);
	return ret;
}
