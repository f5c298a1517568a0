/*
 * ranks-read.c: a job's inputs as ranks (ranks.h; the merge is ranks.c).
 *
 * Inputs are expanded (a directory gives its *.db and *.json files, sorted
 * by name) and told apart by content: SQLite's header makes a trace, which
 * is opened and analysed here (analysis.h, the collectives of comm.c);
 * anything else must be a JSON report, of which only the passport, the
 * communication summary, the time split and collectives[] are built
 * (jsonr.h). Both give the same struct oc_rank, its times still relative to
 * its own trace start. A rank is the passport's 'rank', else the file
 * name's ".rank<R>." (the library's name for a rank's trace); a trace with
 * neither is one process: each device with NCCL kernels is a rank of its
 * own. An input with no rank and no NCCL kernel (a launcher's trace:
 * torchrun itself) is skipped with a note.
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "overlapcheck/mem.h"
#include "ranks-read.h"
#include "overlapcheck/jsonr.h"
#include "overlapcheck/trace.h"

static int push(struct oc_rk_list *l, const char *s)
{
	char **x = realloc(l->v, (l->n + 1) * sizeof *x);

	if (!x)
		return -1;
	l->v = x;
	if (!(x[l->n] = strdup(s)))
		return -1;
	l->n++;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with(const char *s, const char *suf)
{
	size_t n = strlen(s), k = strlen(suf);
	return n > k && !strcmp(s + n - k, suf);
}

/* inputs, directories expanded (their *.db and *.json, by name) */
int oc_rk_expand(const char *const *in, size_t n, struct oc_rk_list *out, char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		if (stat(in[i], &st) != 0) {
			oc_set_err(err, errlen, "cannot read '%s': %s", in[i], strerror(errno));
			return -1;
		}
		if (!S_ISDIR(st.st_mode)) {
			if (push(out, in[i]))
				goto nomem;
			continue;
		}
		DIR *d = opendir(in[i]);
		struct dirent *e;
		size_t first = out->n;
		if (!d) {
			oc_set_err(err, errlen, "cannot read directory '%s': %s", in[i], strerror(errno));
			return -1;
		}
		while ((e = readdir(d))) {
			char path[4096];
			if (e->d_name[0] == '.' || (!ends_with(e->d_name, ".db") && !ends_with(e->d_name, ".json")))
				continue;
			size_t dl = strlen(in[i]);
			while (dl > 1 && in[i][dl - 1] == '/')
				dl--;
			snprintf(path, sizeof path, "%.*s/%s", (int)dl, in[i], e->d_name);
			if (push(out, path)) {
				closedir(d);
				goto nomem;
			}
		}
		closedir(d);
		if (out->n == first) {
			oc_set_err(err, errlen, "no traces (*.db) or JSON reports (*.json) in directory '%s'", in[i]);
			return -1;
		}
		oc_sort(out->v + first, out->n - first, sizeof *out->v, cmp_str);
	}
	return 0;
nomem:
	oc_set_err(err, errlen, "cannot read the inputs: out of memory");
	return -1;
}

/* 1 SQLite file, 0 anything else, -1 unreadable */
static int is_sqlite(const char *path)
{
	char head[16];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f)
		return -1;
	n = fread(head, 1, sizeof head, f);
	fclose(f);
	return n == sizeof head && !memcmp(head, "SQLite format 3", 16);
}

/* ".rank<R>." in the file name, or -1 */
static int rank_from_name(const char *path)
{
	const char *b = strrchr(path, '/'), *p;
	int r = -1;

	b = b ? b + 1 : path;
	for (p = strstr(b, ".rank"); p; p = strstr(p + 1, ".rank")) {
		char *end;
		long x = strtol(p + 5, &end, 10);
		if (end != p + 5 && *end == '.' && x >= 0 && x < 100000000)
			r = (int)x;
	}
	return r;
}

static char *dup_or_null(const char *s)
{
	return s && *s ? strdup(s) : NULL;
}

static struct oc_rank *new_rank(struct oc_ranks *m)
{
	struct oc_rank *x = realloc(m->ranks, (m->n_ranks + 1) * sizeof *x);

	if (!x)
		return NULL;
	m->ranks = x;
	memset(&x[m->n_ranks], 0, sizeof x[m->n_ranks]);
	x[m->n_ranks].rank = x[m->n_ranks].local_rank = x[m->n_ranks].world_size = -1;
	x[m->n_ranks].device = -1;
	return &x[m->n_ranks++];
}

void oc_rk_free_rank(struct oc_rank *r)
{
	free(r->source);
	free(r->host);
	free(r->nccl_version);
	free(r->colls);
	memset(r, 0, sizeof *r);
}

/* the passport's part of a rank; meta reads through get(ctx, key) */
static int passport(struct oc_rank *r, const char *source, int from_json,
		    const char *(*get)(const void *, const char *), const void *ctx)
{
	const char *v;
	char *end;

	r->source = strdup(source);
	r->from_json = from_json;
	r->host = dup_or_null(get(ctx, "host"));
	r->nccl_version = dup_or_null(get(ctx, "nccl_version"));
	if ((v = get(ctx, "rank")) && *v)
		r->rank = (int)strtol(v, &end, 10);
	if ((v = get(ctx, "local_rank")) && *v)
		r->local_rank = (int)strtol(v, &end, 10);
	if ((v = get(ctx, "world_size")) && *v)
		r->world_size = (int)strtol(v, &end, 10);
	if ((v = get(ctx, "trace_start_ns")) && *v)
		r->trace_start_ns = strtoll(v, &end, 10);
	return r->source ? 0 : -1;
}

static const char *trace_meta(const void *t, const char *key)
{
	return oc_trace_meta(t, key);
}

static const char *json_meta(const void *pp, const char *key)
{
	return oc_jv_str(oc_jv_get(pp, key));
}

/* the devices of a rank's collectives: one, or -1 (several or none) */
static int one_device(const struct oc_rank_coll *c, size_t n)
{
	int d = n ? c[0].device : -1;

	for (size_t k = 1; k < n; k++)
		if (c[k].device != d)
			return -1;
	return d;
}

/*
 * Split the kernels cs[0..n) of one input (by start) into ranks: one rank
 * when the input names its rank, else one per device. base: a rank with the
 * input's passport filled, to copy. Takes cs.
 */
static int add_ranks(struct oc_ranks *m, struct oc_rank *base, struct oc_rank_coll *cs, size_t n,
		     int named)
{
	if (named || !n) {
		struct oc_rank *r = new_rank(m);
		if (!r)
			return -1;
		*r = *base;
		r->colls = cs;
		r->n_colls = n;
		r->device = one_device(cs, n);
		if (r->device < 0 && n)
			return oc_rk_note(m, "rank %d ('%s') ran NCCL kernels on several devices: they count as "
				    "one rank", r->rank, r->source);
		return 0;
	}
	/* one process, several GPUs: each device with NCCL kernels is a rank */
	int devs[1024];
	size_t nd = 0;
	for (size_t k = 0; k < n; k++) {
		size_t j;
		for (j = 0; j < nd && devs[j] != cs[k].device; j++)
			;
		if (j == nd && nd < sizeof devs / sizeof devs[0])
			devs[nd++] = cs[k].device;
	}
	for (size_t j = 0; j < nd; j++) {
		struct oc_rank *r = new_rank(m);
		size_t cnt = 0;
		if (!r)
			return -1;
		*r = *base;
		r->source = strdup(base->source);
		r->host = base->host ? strdup(base->host) : NULL;
		r->nccl_version = base->nccl_version ? strdup(base->nccl_version) : NULL;
		r->rank = devs[j];
		r->device = devs[j];
		r->by_device = 1;
		r->colls = malloc((n + 1) * sizeof *r->colls);
		if (!r->source || !r->colls)
			return -1;
		for (size_t k = 0; k < n; k++)
			if (cs[k].device == devs[j])
				r->colls[cnt++] = cs[k];
		r->n_colls = cnt;
		/* the per-rank sums are the input's, split by kernels */
		r->claims = r->overlapped = 0;
		r->comm_ns = r->exposed_ns = 0;
		for (size_t k = 0; k < cnt; k++) {
			r->claims += r->colls[k].in_window;
			r->overlapped += r->colls[k].in_window && r->colls[k].overlapped;
			r->exposed_ns += r->colls[k].in_window ? r->colls[k].exposed_ns : 0;
			r->comm_ns += r->colls[k].in_window ? r->colls[k].end_ns - r->colls[k].start_ns : 0;
		}
	}
	int rc = oc_rk_note(m, "'%s' names no rank: one process drove %zu GPU%s, each device is a rank "
		      "(sums per device are of its kernels, not on unions)", base->source, nd,
		      nd == 1 ? "" : "s");
	free(cs);
	free(base->source);
	free(base->host);
	free(base->nccl_version);
	return rc;
}

static int from_trace(struct oc_ranks *m, const char *path, char *err, size_t errlen)
{
	struct oc_trace t;
	struct oc_analysis a;
	struct oc_rank base;
	struct oc_rank_coll *cs;
	char e[1024];

	if (oc_trace_open(&t, path, e, sizeof e)) {
		oc_set_err(err, errlen, "%s", e);
		return -1;
	}
	struct oc_analysis_options ao = m->opts.a;
	ao.shed_trace = 1;              /* t is this function's, analysed once */
	if (oc_analysis_run(&t, &ao, &a, e, sizeof e)) {
		oc_set_err(err, errlen, "%s", e);
		oc_trace_release(&t);
		return -1;
	}
	memset(&base, 0, sizeof base);
	base.rank = base.local_rank = base.world_size = base.device = -1;
	if (passport(&base, path, 0, trace_meta, &t))
		goto nomem;
	if (!base.trace_start_ns)
		base.trace_start_ns = t.trace_start_ns;
	base.window_ns = a.summary.time.total_ns;
	base.comm_ns = a.summary.comm_ns;
	base.exposed_ns = a.summary.comm_exposed_ns;
	base.claims = a.summary.comm_claims;
	base.overlapped = a.summary.comm_overlapped;
	cs = calloc(a.n_collectives + 1, sizeof *cs);
	if (!cs)
		goto nomem;
	for (size_t k = 0; k < a.n_collectives; k++) {
		const struct oc_collective *c = &a.collectives[k];
		const struct oc_op *op = &t.ops[c->op];
		const struct oc_claim *cl = c->claim >= 0 ? &a.claims[c->claim] : NULL;
		struct oc_rank_coll *x = &cs[k];
		x->device = (int)oc_op_device_id(&t, op);
		x->comm = a.comms[c->comm].ordinal;
		x->seq = c->seq;
		memcpy(x->collective, c->k.collective, sizeof x->collective);
		x->start_ns = op->start_ns;     /* relative until the merge rebases */
		x->end_ns = op->end_ns;
		x->compute_ns = cl ? cl->compute_ns : 0;
		x->exposed_ns = c->exposed_ns;
		x->overlapped = cl && cl->verdict == OC_VERDICT_OVERLAPPED;
		x->in_window = cl ? cl->in_window : 1;
		x->decisive = (int16_t)(cl && cl->n_evidence ? (int)cl->evidence[0].cause : -1);
		x->inst = -1;
	}
	if (base.rank < 0 && (base.rank = rank_from_name(path)) >= 0)
		oc_rk_note(m, "'%s' has no rank in its passport: rank %d from its name", path, base.rank);
	int named = base.rank >= 0;
	size_t n = a.n_collectives;
	oc_analysis_release(&a);
	oc_trace_release(&t);
	if (!named && !n) {
		free(cs);
		free(base.source);
		free(base.host);
		free(base.nccl_version);
		return oc_rk_note(m, "'%s' skipped: no rank and no NCCL kernel (a launcher's trace)", path);
	}
	return add_ranks(m, &base, cs, n, named);
nomem:
	oc_analysis_release(&a);
	oc_trace_release(&t);
	free(base.source);
	free(base.host);
	free(base.nccl_version);
	oc_set_err(err, errlen, "cannot read '%s': out of memory", path);
	return -1;
}

static int from_json(struct oc_ranks *m, const char *path, char *err, size_t errlen)
{
	static const char *const keep[] = { "schema", "passport", "communication", "collectives",
					    "time_split", NULL };
	struct oc_jdoc d;
	struct oc_rank base;
	struct oc_rank_coll *cs = NULL;
	char e[512], *text = NULL;
	size_t len = 0;
	FILE *f = fopen(path, "rb");
	int rc = -1;

	if (!f) {
		oc_set_err(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		return -1;
	}
	{
		size_t cap = 1 << 16, k;
		text = malloc(cap);
		while (text && (k = fread(text + len, 1, cap - len, f)) > 0) {
			len += k;
			if (len == cap) {
				char *x = realloc(text, cap * 2);
				if (!x) {
					free(text);
					text = NULL;
					break;
				}
				text = x;
				cap *= 2;
			}
		}
	}
	fclose(f);
	if (!text) {
		oc_set_err(err, errlen, "cannot read '%s': out of memory", path);
		return -1;
	}
	if (oc_jdoc_parse(&d, text, len, keep, e, sizeof e)) {
		oc_set_err(err, errlen, "cannot read '%s': not a JSON report (%s)", path, e);
		free(text);
		oc_jdoc_release(&d);
		return -1;
	}
	free(text);
	const char *schema = oc_jv_str(oc_jv_get(&d.root, "schema"));
	const struct oc_jv *pp = oc_jv_get(&d.root, "passport"), *cl = oc_jv_get(&d.root, "collectives");
	const struct oc_jv *cm = oc_jv_get(&d.root, "communication");
	if (!schema || strcmp(schema, "overlapcheck-report/1") || !pp) {
		oc_set_err(err, errlen, "cannot read '%s': not an overlapcheck JSON report "
			"(schema overlapcheck-report/1 with a passport)", path);
		goto out;
	}
	if (cm && cm->type == OC_JV_OBJ && (!cl || cl->type != OC_JV_ARR)) {
		oc_set_err(err, errlen, "cannot read '%s': it has communication but no collectives[] "
			"(a report of an older overlapcheck: run report --format json again)", path);
		goto out;
	}
	memset(&base, 0, sizeof base);
	base.rank = base.local_rank = base.world_size = base.device = -1;
	if (passport(&base, path, 1, json_meta, pp))
		goto nomem;
	base.window_ns = oc_jv_int(oc_jv_get(oc_jv_get(&d.root, "time_split"), "total_ns"), 0);
	base.comm_ns = oc_jv_int(oc_jv_get(cm, "comm_ns"), 0);
	base.exposed_ns = oc_jv_int(oc_jv_get(cm, "exposed_ns"), 0);
	base.claims = (size_t)oc_jv_int(oc_jv_get(cm, "claims"), 0);
	base.overlapped = (size_t)oc_jv_int(oc_jv_get(cm, "overlapped"), 0);
	size_t n = cl && cl->type == OC_JV_ARR ? cl->n : 0;
	cs = calloc(n + 1, sizeof *cs);
	if (!cs) {
		free(base.source);
		free(base.host);
		free(base.nccl_version);
		goto nomem;
	}
	for (size_t k = 0; k < n; k++) {
		const struct oc_jv *c = &cl->v[k];
		struct oc_rank_coll *x = &cs[k];
		const char *name = oc_jv_str(oc_jv_get(c, "collective"));
		const char *dc = oc_jv_str(oc_jv_get(c, "decisive_cause"));
		const char *vd = oc_jv_str(oc_jv_get(c, "verdict"));
		const struct oc_jv *iw = oc_jv_get(c, "in_window");
		x->device = (int)oc_jv_int(oc_jv_get(c, "device"), 0);
		x->comm = (int)oc_jv_int(oc_jv_get(c, "comm"), 0);
		x->seq = (uint32_t)oc_jv_int(oc_jv_get(c, "seq"), 0);
		snprintf(x->collective, sizeof x->collective, "%s", name ? name : "");
		x->start_ns = oc_jv_int(oc_jv_get(c, "start_ns"), 0);
		x->end_ns = oc_jv_int(oc_jv_get(c, "end_ns"), 0);
		x->compute_ns = oc_jv_int(oc_jv_get(c, "compute_overlap_ns"), 0);
		x->exposed_ns = oc_jv_int(oc_jv_get(c, "exposed_ns"), 0);
		x->overlapped = vd && !strcmp(vd, "overlapped");
		x->in_window = !iw || iw->type != OC_JV_BOOL || iw->b;
		x->decisive = (int16_t)(dc ? oc_cause_from_name(dc) : -1);
		x->inst = -1;
		if (x->end_ns < x->start_ns) {
			oc_set_err(err, errlen, "cannot read '%s': collectives[%zu] ends before it starts", path, k);
			free(cs);
			free(base.source);
			free(base.host);
			free(base.nccl_version);
			goto out;
		}
	}
	if (base.rank < 0 && (base.rank = rank_from_name(path)) >= 0)
		oc_rk_note(m, "'%s' has no rank in its passport: rank %d from its name", path, base.rank);
	if (base.rank < 0 && !n) {
		oc_rk_note(m, "'%s' skipped: no rank and no NCCL kernel (a launcher's trace)", path);
		free(cs);
		free(base.source);
		free(base.host);
		free(base.nccl_version);
		rc = 0;
		goto out;
	}
	rc = add_ranks(m, &base, cs, n, base.rank >= 0);
	if (rc < 0)
		oc_set_err(err, errlen, "cannot read '%s': out of memory", path);
	goto out;
nomem:
	oc_set_err(err, errlen, "cannot read '%s': out of memory", path);
out:
	oc_jdoc_release(&d);
	return rc;
}

int oc_rk_read(struct oc_ranks *m, const char *path, char *err, size_t errlen)
{
	int s = is_sqlite(path);

	if (err && errlen)
		err[0] = '\0';
	if (s < 0) {
		oc_set_err(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		return -1;
	}
	if ((s ? from_trace(m, path, err, errlen) : from_json(m, path, err, errlen)) < 0) {
		if (err && errlen && !err[0])
			oc_set_err(err, errlen, "cannot read '%s': out of memory", path);
		return -1;
	}
	return 0;
}
