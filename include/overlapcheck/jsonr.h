/*
 * jsonr.h: a small JSON reader (src/util/jsonr.c), the writer's other half.
 *
 * Parses one JSON text (RFC 8259) into a tree of values. A document can be
 * read in part: with `keep` set, the members of the top-level object whose
 * names are not listed are checked for syntax and skipped without building
 * anything, so a report of a million claims read for its passport and
 * collectives costs the memory of those alone. Strings are unescaped to
 * UTF-8 (\uXXXX with surrogate pairs; a lone surrogate becomes U+FFFD) and
 * NUL-terminated; numbers keep their int64 value when they are integers.
 * Nesting deeper than OC_JSON_MAX_DEPTH (json.h) is an error.
 */
#ifndef OVERLAPCHECK_JSONR_H
#define OVERLAPCHECK_JSONR_H

#include <stddef.h>
#include <stdint.h>

enum oc_jv_type {
	OC_JV_NULL = 0, OC_JV_BOOL, OC_JV_NUM, OC_JV_STR, OC_JV_ARR, OC_JV_OBJ,
};

struct oc_jv {
	enum oc_jv_type type;
	int      b;           /* BOOL */
	int      is_int;      /* NUM: written as an integer that fits int64 */
	int64_t  i;           /* NUM: the integer (when is_int), else d truncated */
	double   d;           /* NUM */
	char    *s;           /* STR: unescaped, NUL-terminated */
	size_t   len;         /* STR: bytes (it may hold a NUL) */
	struct oc_jv *v;      /* ARR, OBJ: the n members, in order */
	char   **keys;        /* OBJ: their names */
	size_t   n;
};

struct oc_jdoc {
	struct oc_jv root;
};

/*
 * Parse text[0..len) into *d. keep: NULL to build everything, or a
 * NULL-ended list of the top-level member names to build (the others are
 * skipped; the root must then be an object). Returns 0, or -1 with a message
 * in err ("line 3: expected ':' after an object key"); *d is then empty.
 * Release with oc_jdoc_release() either way.
 */
int oc_jdoc_parse(struct oc_jdoc *d, const char *text, size_t len, const char *const *keep,
		  char *err, size_t errlen);
void oc_jdoc_release(struct oc_jdoc *d);

/* The member `key` of an object (the first of that name), or NULL (also
 * when obj is NULL or not an object). */
const struct oc_jv *oc_jv_get(const struct oc_jv *obj, const char *key);
/* A number's int64 value, or dflt when v is NULL or not a number. A string
 * holding an integer ("42", as meta values are) counts too. */
int64_t oc_jv_int(const struct oc_jv *v, int64_t dflt);
/* A string's text, or NULL when v is NULL or not a string. */
const char *oc_jv_str(const struct oc_jv *v);

#endif
