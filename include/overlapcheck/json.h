/*
 * json.h: a small streaming JSON writer.
 *
 * Values are formatted as they come into a block of the writer's own, which
 * goes to a FILE in large writes; the writer tracks nesting so that commas
 * and (with pretty printing) indentation are always right.
 * Strings are escaped for JSON and also for embedding in HTML <script>:
 * quotes, backslashes and control characters as usual, '<', '>', '&' and
 * U+2028/U+2029 as \uXXXX, and invalid UTF-8 bytes as U+FFFD. Non-finite
 * doubles are written as null. Misuse (a value where a key is due, nesting
 * deeper than OC_JSON_MAX_DEPTH) is recorded in j->misuse and the value is
 * dropped, so the output stays parseable.
 */
#ifndef OVERLAPCHECK_JSON_H
#define OVERLAPCHECK_JSON_H

#include <stdint.h>
#include <stdio.h>

#define OC_JSON_MAX_DEPTH 64
#define OC_JSON_BLOCK     65536   /* bytes gathered before one fwrite */

/* Bytes on their way to a FILE: text is formatted into p and handed to
 * fwrite when cap is reached, not piece by piece. */
struct oc_json_out {
	FILE  *f;
	char  *p;
	size_t len;          /* bytes in p not yet written to f */
	size_t cap;
};

/*
 * The writer holds up to OC_JSON_BLOCK bytes of output itself: nothing else
 * may write to the FILE between oc_json_init() and oc_json_finish(), which
 * hands the rest over (the writer must not be copied, out.p points into it).
 */
struct oc_json {
	struct oc_json_out out;
	int   pretty;        /* indent with two spaces, one member per line */
	int   depth;
	int   misuse;        /* a call that would have produced invalid JSON */
	unsigned char count[OC_JSON_MAX_DEPTH]; /* members written at each depth (saturating) */
	char  type[OC_JSON_MAX_DEPTH];          /* '{' or '[' */
	int   want_value;    /* a key was written: its value is due */
	int   inline_depth;  /* pretty: members of containers deeper than this stay on one line (0: none) */
	char  block[OC_JSON_BLOCK];             /* out.p */
};

void oc_json_init(struct oc_json *j, FILE *f, int pretty);
/* Pretty printing, but containers nested deeper than depth (the top-level
 * value is depth 1) are written on one line: e.g. 2 puts each element of a
 * top-level array member on its own line. 0 restores full pretty printing. */
void oc_json_set_inline_depth(struct oc_json *j, int depth);

void oc_json_begin_object(struct oc_json *j);
void oc_json_end_object(struct oc_json *j);
void oc_json_begin_array(struct oc_json *j);
void oc_json_end_array(struct oc_json *j);
/* Member name inside an object; the next call writes its value. */
void oc_json_key(struct oc_json *j, const char *key);

void oc_json_string(struct oc_json *j, const char *s);   /* NULL writes null */
void oc_json_int(struct oc_json *j, int64_t v);
void oc_json_uint(struct oc_json *j, uint64_t v);
void oc_json_double(struct oc_json *j, double v);        /* %.17g trimmed; NaN/inf -> null */
void oc_json_fixed(struct oc_json *j, double v, int decimals); /* e.g. ratios: 0.6213 */
void oc_json_bool(struct oc_json *j, int v);
void oc_json_null(struct oc_json *j);

/* key + value in one call. */
void oc_json_kv_string(struct oc_json *j, const char *key, const char *s);
void oc_json_kv_int(struct oc_json *j, const char *key, int64_t v);
void oc_json_kv_uint(struct oc_json *j, const char *key, uint64_t v);
void oc_json_kv_double(struct oc_json *j, const char *key, double v);
void oc_json_kv_fixed(struct oc_json *j, const char *key, double v, int decimals);
void oc_json_kv_bool(struct oc_json *j, const char *key, int v);
void oc_json_kv_null(struct oc_json *j, const char *key);

/* Finish: a newline after the top-level value, then the writer's block is
 * written and f flushed. Returns 0, or -1 when the stream had a write error
 * or the writer was misused. */
int oc_json_finish(struct oc_json *j);

/* Write s as a quoted, escaped JSON string (the writer's escaping) to f. */
void oc_json_write_string(FILE *f, const char *s);

#endif
