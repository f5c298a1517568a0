/*
 * out-path.c: the critical path (docs/causes.md, "The critical path") in
 * text, JSON (docs/report-json.md, "critical_path") and Markdown.
 * Rendering only: analysis/path.c decides.
 */
#include <stdio.h>

#include "md-inline.h"
#include "out-path.h"
#include "overlapcheck/format.h"

static const char *const what_names[] = { "kernel", "memcpy", "memset", "graph_launch", "call" };

static double pct(int64_t part, int64_t whole)
{
	return whole > 0 ? 100.0 * (double)part / (double)whole : 0.0;
}

const char *oc_path_group_label(const struct oc_trace *t, const struct oc_path_group *g, char *buf,
				size_t len)
{
	char nm[256];

	switch (g->what) {
	case OC_PATH_KERNEL:
		return oc_op_short(t, g->op, buf, len, 60);
	case OC_PATH_MEMCPY: {
		const struct oc_op *op = &t->ops[g->op];
		int mk = op->copy_kind == OC_COPY_DTOH ? op->dst_kind : op->src_kind;
		snprintf(buf, len, "%s copy (%s)", oc_copy_kind_name(op->copy_kind), oc_mem_kind_name(mk));
		return buf;
	}
	case OC_PATH_MEMSET:
		snprintf(buf, len, "memset");
		return buf;
	case OC_PATH_GRAPH: {
		int32_t api = t->ops[g->op].api;
		snprintf(buf, len, "graph launch (%s)", oc_fmt_clip(api >= 0 ? oc_trace_str(t,
			 t->api[api].name) : "unknown call", nm, sizeof nm, 60));
		return buf;
	}
	default:
		return oc_fmt_clip(g->api >= 0 ? oc_trace_str(t, t->api[g->api].name) : "unknown call",
				   buf, len, 60);
	}
}

void oc_path_text(FILE *f, const struct oc_analysis *a, const char *bold, const char *reset, int rows)
{
	const struct oc_critical_path *p = &a->path;
	int64_t len = p->end_ns - p->start_ns;
	char d1[32], lab[300];

	if (!p->given)
		return;
	fprintf(f, "%sCritical path%s (the chain of dependent work that set the window's length: %s)\n",
		bold, reset, oc_fmt_duration(len, d1, sizeof d1));
	for (int k = 0; k < OC_N_PATH_PARTS; k++)
		if (p->ns[k] > 0)
			fprintf(f, "  %-40s %5.1f%%  %s\n", oc_path_part_label(k), pct(p->ns[k], len),
				oc_fmt_duration(p->ns[k], d1, sizeof d1));
	if (p->n_groups)
		fputs("  on it:\n", f);
	for (size_t g = 0; g < p->n_groups && (int)g < rows; g++) {
		const struct oc_path_group *gr = &p->groups[g];
		fprintf(f, "  %8zu x %-48s %5.1f%%  %s\n", gr->steps,
			oc_path_group_label(a->trace, gr, lab, sizeof lab), pct(gr->ns, len),
			oc_fmt_duration(gr->ns, d1, sizeof d1));
	}
	if (p->n_groups > (size_t)rows)
		fprintf(f, "  ... and %zu more\n", p->n_groups - (size_t)rows);
	if (p->edges_dropped)
		fprintf(f, "  (%zu proven edge%s left out: their ends disagree in time by more than the clock skew)\n",
			p->edges_dropped, p->edges_dropped == 1 ? "" : "s");
	oc_bounds_text(f, a);
	fputc('\n', f);
}

void oc_bounds_text(FILE *f, const struct oc_analysis *a)
{
	const struct oc_critical_path *p = &a->path;
	char line[600], as[600], d1[32];

	if (p->withheld) {
		fprintf(f, "  bounds: none given: %s\n", p->withheld);
		return;
	}
	if (!p->n_bounds)
		return;
	fputs("  what each fix could save at most (a bound from the graph, not a proof: `overlapcheck "
	      "compare` against the changed program proves it):\n", f);
	size_t zero = 0;
	for (size_t k = 0; k < p->n_bounds; k++) {
		if (!p->bounds[k].bound_ns) {
			zero++;
			continue;
		}
		fprintf(f, "    - %s\n      assuming %s\n", oc_bound_text(&p->bounds[k], line, sizeof line),
			oc_bound_assumption(&p->bounds[k], as, sizeof as));
	}
	if (zero) {   /* the fixes that would save nothing, on one line */
		size_t n = 0;
		fputs("    - nothing to save, by the graph: ", f);
		for (size_t k = 0; k < p->n_bounds; k++)
			if (!p->bounds[k].bound_ns)
				fprintf(f, "%s%s", n++ ? ", " : "", oc_fix_id(p->bounds[k].fix));
		fputc('\n', f);
	}
	if (p->unexplained_ns > 0)
		fprintf(f, "    (%s of the path is time the trace does not explain%s: no bound counts it)\n",
			oc_fmt_duration(p->unexplained_ns, d1, sizeof d1), p->unexplained_calls ?
			", syncs that waited for work this trace does not hold" : "");
}

void oc_path_json(struct oc_json *j, const struct oc_analysis *a)
{
	const struct oc_critical_path *p = &a->path;
	char lab[300];

	oc_json_key(j, "critical_path");
	if (!p->given) {
		oc_json_null(j);
		oc_bounds_json(j, a);
		return;
	}
	oc_json_begin_object(j);
	oc_json_kv_int(j, "start_ns", p->start_ns);
	oc_json_kv_int(j, "end_ns", p->end_ns);
	oc_json_kv_int(j, "length_ns", p->end_ns - p->start_ns);
	oc_json_key(j, "makeup");
	oc_json_begin_object(j);
	for (int k = 0; k < OC_N_PATH_PARTS; k++) {
		char key[64];
		snprintf(key, sizeof key, "%s_ns", oc_path_part_name(k));
		oc_json_kv_int(j, key, p->ns[k]);
	}
	oc_json_end_object(j);
	oc_json_kv_uint(j, "steps", p->n_steps);
	oc_json_key(j, "on_path");
	oc_json_begin_array(j);
	for (size_t g = 0; g < p->n_groups; g++) {
		const struct oc_path_group *gr = &p->groups[g];
		oc_json_begin_object(j);
		oc_json_kv_string(j, "what", what_names[gr->what]);
		oc_json_kv_string(j, "name", oc_path_group_label(a->trace, gr, lab, sizeof lab));
		oc_json_kv_string(j, "part", oc_path_part_name(gr->part));
		oc_json_kv_uint(j, "count", gr->steps);
		oc_json_kv_int(j, "ns", gr->ns);
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
	oc_json_key(j, "graph");
	oc_json_begin_object(j);
	oc_json_kv_uint(j, "nodes", p->nodes);
	oc_json_key(j, "edges");
	oc_json_begin_object(j);
	for (int k = 0; k < OC_N_PATH_EDGES; k++)
		oc_json_kv_uint(j, oc_path_edge_name(k), p->edges[k]);
	oc_json_end_object(j);
	oc_json_kv_uint(j, "edges_dropped", p->edges_dropped);
	oc_json_kv_int(j, "replay_ns", p->replay_ns);
	oc_json_end_object(j);
	oc_json_kv_int(j, "unexplained_ns", p->unexplained_ns);
	oc_json_kv_uint(j, "unexplained_calls", p->unexplained_calls);
	oc_json_end_object(j);
	oc_bounds_json(j, a);
}

void oc_bounds_json(struct oc_json *j, const struct oc_analysis *a)
{
	const struct oc_critical_path *p = &a->path;
	char buf[600];

	oc_json_key(j, "bounds");
	oc_json_begin_array(j);
	for (size_t k = 0; k < p->n_bounds && !p->withheld; k++) {
		const struct oc_bound *b = &p->bounds[k];
		oc_json_begin_object(j);
		oc_json_kv_string(j, "id", oc_fix_id(b->fix));
		oc_json_kv_int(j, "bound_ns", b->bound_ns);
		oc_json_kv_fixed(j, "share", b->share, 4);
		oc_json_kv_uint(j, "count", b->count);
		if (b->cost_ns >= 0)
			oc_json_kv_int(j, "cost_ns", b->cost_ns);
		else
			oc_json_kv_null(j, "cost_ns");
		if (b->fix == OC_FIX_PIN) {
			oc_json_kv_string(j, "bandwidth_source", oc_bw_source_name(b->bw_source));
			oc_json_kv_fixed(j, "htod_gbps", b->gbps[0], 3);
			oc_json_kv_fixed(j, "dtoh_gbps", b->gbps[1], 3);
		}
		oc_json_kv_string(j, "text", oc_bound_text(b, buf, sizeof buf));
		oc_json_kv_string(j, "assumption", oc_bound_assumption(b, buf, sizeof buf));
		oc_json_end_object(j);
	}
	oc_json_end_array(j);
	if (p->withheld)
		oc_json_kv_string(j, "bounds_withheld", p->withheld);
	else
		oc_json_kv_null(j, "bounds_withheld");
}

void oc_path_markdown(FILE *f, const struct oc_analysis *a)
{
	const struct oc_critical_path *p = &a->path;
	int64_t len = p->end_ns - p->start_ns;
	char d1[32], lab[300];

	if (!p->given)
		return;
	fprintf(f, "## Critical path\n\nThe chain of dependent work that set the window's length: %s.\n\n"
		"| part | share | time |\n| --- | ---: | ---: |\n", oc_fmt_duration(len, d1, sizeof d1));
	for (int k = 0; k < OC_N_PATH_PARTS; k++)
		if (p->ns[k] > 0)
			fprintf(f, "| %s | %.1f%% | %s |\n", oc_path_part_label(k), pct(p->ns[k], len),
				oc_fmt_duration(p->ns[k], d1, sizeof d1));
	if (p->n_groups)
		fputs("\n| on the path | count | share | time |\n| --- | ---: | ---: | ---: |\n", f);
	for (size_t g = 0; g < p->n_groups && g < 10; g++) {
		const struct oc_path_group *gr = &p->groups[g];
		fputs("| ", f);
		oc_md_inline(f, oc_path_group_label(a->trace, gr, lab, sizeof lab));
		fprintf(f, " | %zu | %.1f%% | %s |\n", gr->steps, pct(gr->ns, len),
			oc_fmt_duration(gr->ns, d1, sizeof d1));
	}
	fputc('\n', f);
	if (p->withheld) {
		fprintf(f, "Bounds: none given: %s.\n\n", p->withheld);
		return;
	}
	if (p->n_bounds)
		fputs("What each fix could save at most (a bound, not a proof: `overlapcheck compare` against "
		      "the changed program proves it):\n\n", f);
	for (size_t k = 0; k < p->n_bounds; k++) {
		char line[600], as[600];
		fprintf(f, "- %s; assuming %s\n", oc_bound_text(&p->bounds[k], line, sizeof line),
			oc_bound_assumption(&p->bounds[k], as, sizeof as));
	}
	if (p->n_bounds)
		fputc('\n', f);
}
