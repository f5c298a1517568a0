/*
 * labels.c: names of the analysis' values, for every output: gap causes,
 * the time split's parts, verdicts, and an op's display label. Cause names
 * and labels are the cause table's (causes.c). Nothing here calls another
 * step, so every step and output can use these without an arrow back up.
 */
#include <stdio.h>
#include <string.h>

#include "context.h"
#include "overlapcheck/demangle.h"
#include "overlapcheck/format.h"

static const char *const gap_names[OC_N_GAP_CAUSES] = {
	"host_synchronization", "submitted_late", "launch_latency", "module_loading",
	"dependency_wait", "unknown",
};

static const char *const part_names[OC_N_TIME_PARTS] = {
	"busy_overlap", "busy_alone", "comm_exposed", "idle_host_block", "idle_late_submission", "idle_launch",
	"idle_dependency", "idle_other",
};

static const char *const part_labels[OC_N_TIME_PARTS] = {
	"busy with overlap", "busy alone", "communication, no compute beside it",
	"idle: host blocked in a sync",
	"idle: late submission", "idle: launch latency, module loading", "idle: dependencies",
	"idle: other",
};

const char *oc_time_part_name(enum oc_time_part p)
{
	return (unsigned)p < OC_N_TIME_PARTS ? part_names[p] : "";
}

const char *oc_time_part_label(enum oc_time_part p)
{
	return (unsigned)p < OC_N_TIME_PARTS ? part_labels[p] : "";
}

const char *oc_gap_cause_name(enum oc_gap_cause c)
{
	return (unsigned)c < OC_N_GAP_CAUSES ? gap_names[c] : "unknown";
}

int oc_gap_cause_from_name(const char *name)
{
	for (int i = 0; name && i < OC_N_GAP_CAUSES; i++)
		if (!strcmp(gap_names[i], name))
			return i;
	return -1;
}

const char *oc_verdict_name(enum oc_verdict v)
{
	return v == OC_VERDICT_OVERLAPPED ? "overlapped" : "serialized";
}

const char *oc_op_label(const struct oc_trace *t, int32_t i, char *buf, size_t len)
{
	const struct oc_op *op;

	if (!len)
		return buf;
	if (i < 0 || (size_t)i >= t->n_ops) {
		snprintf(buf, len, "?");
		return buf;
	}
	op = &t->ops[i];
	switch (op->kind) {
	case OC_OP_KERNEL:
		return oc_demangle(oc_trace_str(t, oc_op_shape(t, op)->name), buf, len);
	case OC_OP_MEMSET:
		snprintf(buf, len, "memset");
		return buf;
	case OC_OP_MEMCPY_PEER:
		snprintf(buf, len, "%s", op->copy_kind ? oc_copy_kind_name(op->copy_kind) : "PtoP");
		return buf;
	default:
		snprintf(buf, len, "%s", oc_copy_kind_name(op->copy_kind));
		return buf;
	}
}

const char *oc_op_short(const struct oc_trace *t, int32_t i, char *buf, size_t len, size_t max)
{
	char raw[1024];
	return oc_fmt_name(oc_op_label(t, i, raw, sizeof raw), buf, len, max);
}
