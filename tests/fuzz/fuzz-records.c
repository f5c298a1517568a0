/*
 * fuzz-records.c: the injection library's record decoder (injection/records.c
 * oc_rec_decode) on crafted CUPTI records (cupti-input.h): every field of
 * every kind the tracer enables takes any value. It runs inside the traced
 * program, so a crash here is the user's program crashing. Every field of
 * the decoded row is read (strings to their end), and the row must hold
 * what records.h promises: a type that matches the status, and times that
 * are the record's rebased.
 */
#include <stdlib.h>
#include <string.h>

#include "cupti-input.h"
#include "fuzz.h"
#include "records.h"

#define BASE 1800000000000000000ull

static volatile size_t sink;

static void touch(const char *s)
{
	if (s)
		sink += strlen(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fz_arena arena;
	uint8_t rec[FZ_MAX_RECORD] __attribute__((aligned(8)));
	const uint8_t *p = data;
	size_t n = size;
	struct oc_rec r;

	arena.used = 0;
	while (fz_next_record(&arena, &p, &n, rec)) {
		enum oc_rec_status st = oc_rec_decode((const CUpti_Activity *)rec, BASE, &r);

		if (st == OC_REC_SKIP && r.type != OC_REC_NONE)
			abort();
		if (st != OC_REC_SKIP && r.type == OC_REC_NONE)
			abort();
		switch (r.type) {
		case OC_REC_OP:
			touch(r.u.op.name);
			/* what the writer stores: a duration, which must fit */
			if (st == OC_REC_OK && (r.u.op.end_ns < r.u.op.start_ns ||
						r.u.op.start_ns < -OC_MAX_TIME_NS ||
						r.u.op.end_ns > OC_MAX_TIME_NS))
				abort();
			break;
		case OC_REC_API:
			if (st == OC_REC_OK && r.u.api.end_ns < r.u.api.start_ns)
				abort();
			break;
		case OC_REC_DEVICE:
			touch(r.u.device.name);
			touch(r.u.device.uuid);
			break;
		case OC_REC_MARKER:
			touch(r.u.marker.name);
			touch(r.u.marker.domain);
			break;
		default:
			break;
		}
	}
	return 0;
}
