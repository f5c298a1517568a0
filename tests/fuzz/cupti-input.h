/*
 * cupti-input.h: fuzz input -> CUPTI activity records, as CUPTI lays them out
 * in a buffer (each record the CUDA 13.0 struct of its kind, 8-byte aligned;
 * cuptiActivityGetNextRecord walks them). Shared by fuzz-records.c and
 * fuzz-writer.c.
 *
 * Input: records one after another, each
 *   [kind selector: 1 byte] [string selector: 1 byte] [the struct's bytes]
 * (zero-filled when the input ends). The selector picks a kind the tracer
 * enables (table below), or (0xf0 and up) a kind no CUPTI has; a kind CUPTI
 * has but the tracer does not enable has a layout the input cannot know. The
 * record's `kind` field is set to the kind; every other byte is the input's.
 * The pointers in a record (a kernel's or a device's name, a marker's name and
 * domain) point into CUPTI's own storage in a real buffer, so they are not
 * the input's: the string selector makes them NULL, one of a few hostile
 * strings, or a NUL-terminated string of the next bytes of input.
 */
#ifndef OC_FUZZ_CUPTI_INPUT_H
#define OC_FUZZ_CUPTI_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cupti.h>

static const struct { CUpti_ActivityKind kind; size_t size; } fz_kinds[] = {
	{ CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, sizeof(CUpti_ActivityKernel10) },
	{ CUPTI_ACTIVITY_KIND_KERNEL, sizeof(CUpti_ActivityKernel10) },
	{ CUPTI_ACTIVITY_KIND_MEMCPY, sizeof(CUpti_ActivityMemcpy6) },
	{ CUPTI_ACTIVITY_KIND_MEMCPY2, sizeof(CUpti_ActivityMemcpyPtoP4) },
	{ CUPTI_ACTIVITY_KIND_MEMSET, sizeof(CUpti_ActivityMemset4) },
	{ CUPTI_ACTIVITY_KIND_RUNTIME, sizeof(CUpti_ActivityAPI) },
	{ CUPTI_ACTIVITY_KIND_DRIVER, sizeof(CUpti_ActivityAPI) },
	{ CUPTI_ACTIVITY_KIND_SYNCHRONIZATION, sizeof(CUpti_ActivitySynchronization2) },
	{ CUPTI_ACTIVITY_KIND_STREAM, sizeof(CUpti_ActivityStream) },
	{ CUPTI_ACTIVITY_KIND_CONTEXT, sizeof(CUpti_ActivityContext3) },
	{ CUPTI_ACTIVITY_KIND_DEVICE, sizeof(CUpti_ActivityDevice5) },
	{ CUPTI_ACTIVITY_KIND_CUDA_EVENT, sizeof(CUpti_ActivityCudaEvent2) },
	{ CUPTI_ACTIVITY_KIND_MARKER, sizeof(CUpti_ActivityMarker2) },
	{ CUPTI_ACTIVITY_KIND_MARKER_DATA, sizeof(CUpti_ActivityMarkerData2) },
	{ CUPTI_ACTIVITY_KIND_OVERHEAD, sizeof(CUpti_ActivityOverhead3) },
};
#define FZ_N_KINDS (sizeof fz_kinds / sizeof fz_kinds[0])
#define FZ_MAX_RECORD 512   /* larger than every struct above */

static const char *const fz_strings[] = {
	"_Z6kernelPfi", "", "\x1b[2J</script><img src=x onerror=alert(1)>\"'\n|`",
	"_ZN9__gnu_cxx13new_allocatorIcE8allocateEmPKv", "\xff\xfe\xc3\x28 not UTF-8",
	"_Z99999999999999999999", "a very long name xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
};
#define FZ_N_STRINGS (sizeof fz_strings / sizeof fz_strings[0])

/* Where the strings carved from the input live for this input. */
struct fz_arena {
	char buf[16384];
	size_t used;
};

/* The pointer a string selector names, from the input at *p (*n bytes left), consumed as used. */
static inline const char *fz_string(struct fz_arena *a, uint8_t sel, const uint8_t **p, size_t *n)
{
	size_t len;
	char *s;

	if (sel == 0)
		return NULL;
	if (sel <= FZ_N_STRINGS)
		return fz_strings[sel - 1];
	len = sel % 64;
	if (len > *n)
		len = *n;
	if (a->used + len + 1 > sizeof a->buf)
		return "";
	s = a->buf + a->used;
	memcpy(s, *p, len);
	s[len] = '\0';
	a->used += len + 1;
	*p += len;
	*n -= len;
	return s;
}

/*
 * The next record of the input into rec (FZ_MAX_RECORD bytes, 8-aligned);
 * its size, or 0 at the end of the input.
 */
static inline size_t fz_next_record(struct fz_arena *a, const uint8_t **p, size_t *n, uint8_t *rec)
{
	uint8_t ksel, ssel;
	size_t size, take;
	CUpti_ActivityKind kind;

	if (*n < 2)
		return 0;
	ksel = (*p)[0];
	ssel = (*p)[1];
	*p += 2;
	*n -= 2;
	if (ksel < 0xf0) {
		kind = fz_kinds[ksel % FZ_N_KINDS].kind;
		size = fz_kinds[ksel % FZ_N_KINDS].size;
	} else {
		/* no kind CUPTI has (0 is CUPTI_ACTIVITY_KIND_INVALID): the walk stops there */
		kind = (CUpti_ActivityKind)(ksel & 1 ? 0 : 0x7fff0000 + ksel);
		size = sizeof(CUpti_ActivityAPI);
	}
	memset(rec, 0, FZ_MAX_RECORD);
	take = size < *n ? size : *n;
	memcpy(rec, *p, take);
	*p += take;
	*n -= take;
	((CUpti_Activity *)rec)->kind = kind;
	switch (kind) {
	case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL:
	case CUPTI_ACTIVITY_KIND_KERNEL:
		((CUpti_ActivityKernel10 *)rec)->name = fz_string(a, ssel, p, n);
		break;
	case CUPTI_ACTIVITY_KIND_DEVICE:
		((CUpti_ActivityDevice5 *)rec)->name = fz_string(a, ssel, p, n);
		break;
	case CUPTI_ACTIVITY_KIND_MARKER:
		((CUpti_ActivityMarker2 *)rec)->name = fz_string(a, ssel, p, n);
		((CUpti_ActivityMarker2 *)rec)->domain = fz_string(a, (uint8_t)(ssel * 7u), p, n);
		break;
	default:
		break;
	}
	return (size + 7) & ~(size_t)7;
}

#endif
