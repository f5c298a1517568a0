/*
 * verdicts.c: liboverlapcheck from an outside program. Opens a trace, runs
 * the analysis and prints one line per claim (the async device work a
 * program queued): overlapped with its witness, or serialized with its
 * decisive cause; then the summary. Build it against an installed library:
 *
 *     cc verdicts.c $(pkg-config --cflags --libs overlapcheck) -o verdicts
 *     ./verdicts run.db
 *
 * Exit status: 0, 1 when some claim serialized, 2 when the trace cannot be
 * read.
 */
#include <stdio.h>

#include <overlapcheck/overlapcheck.h>

int main(int argc, char **argv)
{
	struct oc_trace t;
	struct oc_analysis a;
	char err[512], label[256], wlabel[256];

	if (argc != 2) {
		fprintf(stderr, "usage: %s TRACE.db   (liboverlapcheck %s)\n", argv[0], oc_version());
		return 2;
	}
	if (oc_trace_open(&t, argv[1], err, sizeof err) < 0) {
		fprintf(stderr, "verdicts: %s\n", err);
		return 2;
	}
	if (oc_analysis_run(&t, NULL, &a, err, sizeof err) < 0) {
		fprintf(stderr, "verdicts: %s\n", err);
		oc_trace_release(&t);
		return 2;
	}
	for (size_t i = 0; i < a.n_claims; i++) {
		const struct oc_claim *c = &a.claims[i];
		const struct oc_op *op = &t.ops[c->op];

		oc_op_label(&t, c->op, label, sizeof label);
		printf("%-10s stream %-4u %-40.40s %s", oc_op_kind_name(op->kind), oc_op_stream_id(&t, op),
		       label, oc_verdict_name(c->verdict));
		if (c->verdict == OC_VERDICT_OVERLAPPED && c->witness >= 0)
			printf(" %3.0f%% with %s", 100 * oc_claim_overlap_ratio(&t, c),
			       oc_op_label(&t, c->witness, wlabel, sizeof wlabel));
		else if (c->n_evidence > 0)
			printf(": %s", oc_cause_name(c->evidence[0].cause));
		putchar('\n');
	}
	printf("%zu claims: %zu overlapped, %zu serialized\n", a.summary.claims,
	       a.summary.overlapped, a.summary.serialized);
	int rc = a.summary.serialized > 0;
	oc_analysis_release(&a);
	oc_trace_release(&t);
	return rc;
}
