/*
 * pb.h: a small protocol-buffers encoder (the wire format of
 * protobuf.dev/programming-guides/encoding): varints, fixed64, and
 * length-delimited fields, messages nested up to OC_PB_MAX_DEPTH deep, into
 * a growing buffer. Serves out-perfetto.c. Private to src/report/.
 *
 * A nested message is opened with oc_pb_begin() and closed with
 * oc_pb_end(), which writes its length as a minimal varint in front of it
 * (moving the body when the length takes more than one byte). Strings are
 * written as valid UTF-8: an invalid byte becomes U+FFFD, as every other
 * output of the tool does. Out of memory sets failed and drops the rest.
 */
#ifndef OVERLAPCHECK_REPORT_PB_H
#define OVERLAPCHECK_REPORT_PB_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define OC_PB_MAX_DEPTH 8

struct oc_pb {
	unsigned char *p;
	size_t len, cap;
	size_t open[OC_PB_MAX_DEPTH];   /* where each open message's length byte is */
	int depth;
	int failed;                     /* out of memory, or nesting too deep */
};

void oc_pb_init(struct oc_pb *b);
void oc_pb_free(struct oc_pb *b);
static inline void oc_pb_reset(struct oc_pb *b) { b->len = 0; b->depth = 0; }

/* Wire types 0 (varint), 1 (64-bit) and 2 (length-delimited). */
void oc_pb_uint(struct oc_pb *b, uint32_t field, uint64_t v);
static inline void oc_pb_int(struct oc_pb *b, uint32_t field, int64_t v)
{
	oc_pb_uint(b, field, (uint64_t)v);   /* int32/int64: two's complement, 10 bytes if < 0 */
}
void oc_pb_fixed64(struct oc_pb *b, uint32_t field, uint64_t v);
void oc_pb_double(struct oc_pb *b, uint32_t field, double v);
void oc_pb_bytes(struct oc_pb *b, uint32_t field, const void *s, size_t n);
void oc_pb_string(struct oc_pb *b, uint32_t field, const char *s);   /* NULL: "" */
void oc_pb_begin(struct oc_pb *b, uint32_t field);
void oc_pb_end(struct oc_pb *b);

/*
 * Strings numbered from 1 in order of first use, each kind (0..7) apart:
 * interning. oc_pb_strings_id() returns s's number among strings of its
 * kind, setting *fresh when s was new, or 0 when memory ran out. Zero the
 * struct to start; oc_pb_strings_free() releases it.
 */
struct oc_pb_str { char *s; uint64_t id; uint32_t hash; uint8_t kind; };
struct oc_pb_strings {
	struct oc_pb_str *tab;   /* open addressing, at most half full */
	size_t cap, n;
	uint64_t next[8];
};
uint64_t oc_pb_strings_id(struct oc_pb_strings *t, int kind, const char *s, int *fresh);
void oc_pb_strings_free(struct oc_pb_strings *t);

/* The bytes of b as field `field` of the message being written to f (a
 * length-delimited field: tag, length, bytes). 0, or -1 on a write error. */
int oc_pb_write(FILE *f, uint32_t field, const struct oc_pb *b);

#endif
