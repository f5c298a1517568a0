/*
 * jsonr.c: the JSON reader (jsonr.h).
 *
 * Recursive descent over the text, one function per production; the
 * depth is bounded, so the C stack is too. Containers grow their member
 * arrays by doubling and own them; oc_jdoc_release() frees the tree
 * recursively. skip_value() walks a value with the same checks but builds
 * nothing: a partial read validates the whole document.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/json.h"
#include "overlapcheck/jsonr.h"
#include "overlapcheck/mem.h"

struct rd {
	const char *p, *end, *start;
	char *err;
	size_t errlen;
	int failed;
};

static int fail(struct rd *r, const char *fmt, ...)
{
	va_list ap;
	int line = 1;
	size_t n;

	if (r->failed)
		return -1;
	r->failed = 1;
	for (const char *q = r->start; q < r->p && q < r->end; q++)
		line += *q == '\n';
	if (!r->err || !r->errlen)
		return -1;
	n = (size_t)snprintf(r->err, r->errlen, "line %d: ", line);
	if (n < r->errlen) {
		va_start(ap, fmt);
		vsnprintf(r->err + n, r->errlen - n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static void ws(struct rd *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

static int lit(struct rd *r, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n))
		return fail(r, "expected a value");
	r->p += n;
	return 0;
}

static int hex4(struct rd *r, unsigned *out)
{
	unsigned v = 0;

	if (r->end - r->p < 4)
		return fail(r, "a \\u escape needs four hex digits");
	for (int k = 0; k < 4; k++) {
		char c = *r->p++;
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return fail(r, "a \\u escape needs four hex digits");
	}
	*out = v;
	return 0;
}

static size_t utf8(unsigned cp, char *o)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xC0 | cp >> 6);
		o[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xE0 | cp >> 12);
		o[1] = (char)(0x80 | (cp >> 6 & 0x3F));
		o[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (char)(0xF0 | cp >> 18);
	o[1] = (char)(0x80 | (cp >> 12 & 0x3F));
	o[2] = (char)(0x80 | (cp >> 6 & 0x3F));
	o[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* A string at r->p ('"'), unescaped into a fresh buffer when out is set. */
static int string(struct rd *r, char **out, size_t *olen)
{
	const char *q;
	char *buf = NULL;
	size_t n = 0;

	if (r->p >= r->end || *r->p != '"')
		return fail(r, "expected a string");
	r->p++;
	for (q = r->p; q < r->end && *q != '"'; q++)   /* unescaped length bounds the result */
		if (*q == '\\')
			q++;
	if (q >= r->end)
		return fail(r, "a string is not closed");
	if (out) {
		buf = malloc((size_t)(q - r->p) + 1);
		if (!buf)
			return fail(r, "out of memory");
	}
	while (*r->p != '"') {
		unsigned char c = (unsigned char)*r->p++;
		if (c < 0x20) {
			free(buf);
			return fail(r, "a control character in a string");
		}
		if (c != '\\') {
			if (buf)
				buf[n] = (char)c;
			n++;
			continue;
		}
		char e = *r->p++;
		char tmp[4];
		size_t k = 1;
		switch (e) {
		case '"': tmp[0] = '"'; break;
		case '\\': tmp[0] = '\\'; break;
		case '/': tmp[0] = '/'; break;
		case 'b': tmp[0] = '\b'; break;
		case 'f': tmp[0] = '\f'; break;
		case 'n': tmp[0] = '\n'; break;
		case 'r': tmp[0] = '\r'; break;
		case 't': tmp[0] = '\t'; break;
		case 'u': {
			unsigned cp, lo;
			if (hex4(r, &cp)) {
				free(buf);
				return -1;
			}
			if (cp >= 0xD800 && cp < 0xDC00 && r->end - r->p >= 6 && r->p[0] == '\\' &&
			    r->p[1] == 'u') {
				const char *save = r->p;
				r->p += 2;
				if (hex4(r, &lo)) {
					free(buf);
					return -1;
				}
				if (lo >= 0xDC00 && lo < 0xE000)
					cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				else
					r->p = save, cp = 0xFFFD;
			} else if (cp >= 0xD800 && cp < 0xE000) {
				cp = 0xFFFD;
			}
			k = utf8(cp, tmp);
			break;
		}
		default:
			free(buf);
			return fail(r, "a bad escape in a string");
		}
		if (buf)
			memcpy(buf + n, tmp, k);
		n += k;
	}
	r->p++;
	if (buf) {
		buf[n] = '\0';
		*out = buf;
		*olen = n;
	}
	return 0;
}

static int number(struct rd *r, struct oc_jv *v)
{
	const char *s = r->p;
	int integer = 1;
	char tmp[64], *end;

	if (r->p < r->end && *r->p == '-')
		r->p++;
	if (r->p >= r->end || *r->p < '0' || *r->p > '9')
		return fail(r, "expected a value");
	if (*r->p == '0')
		r->p++;
	else
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	if (r->p < r->end && *r->p == '.') {
		integer = 0;
		r->p++;
		if (r->p >= r->end || *r->p < '0' || *r->p > '9')
			return fail(r, "a number needs digits after '.'");
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	}
	if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
		integer = 0;
		r->p++;
		if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
			r->p++;
		if (r->p >= r->end || *r->p < '0' || *r->p > '9')
			return fail(r, "a number needs digits in its exponent");
		while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
			r->p++;
	}
	if (!v)
		return 0;
	if ((size_t)(r->p - s) >= sizeof tmp)
		return fail(r, "a number too long");
	memcpy(tmp, s, (size_t)(r->p - s));
	tmp[r->p - s] = '\0';
	v->type = OC_JV_NUM;
	v->d = strtod(tmp, NULL);
	v->i = (int64_t)v->d;
	if (integer) {
		errno = 0;
		long long x = strtoll(tmp, &end, 10);
		if (!errno && !*end) {
			v->is_int = 1;
			v->i = x;
		}
	}
	return 0;
}

static int value(struct rd *r, struct oc_jv *v, int depth, const char *const *keep);

/* grow an array of n elements of size sz to hold one more */
static int grow(void **p, size_t n, size_t *cap, size_t sz)
{
	if (n < *cap)
		return 0;
	void *x = oc_grow(*p, cap, sz, 8);
	if (!x)
		return -1;
	*p = x;
	return 0;
}

static int kept(const char *const *keep, const char *key)
{
	for (; *keep; keep++)
		if (!strcmp(*keep, key))
			return 1;
	return 0;
}

static void free_value(struct oc_jv *v);

static int object(struct rd *r, struct oc_jv *v, int depth, const char *const *keep)
{
	size_t cap_v = 0, cap_k = 0;

	r->p++;                               /* '{' */
	if (v)
		v->type = OC_JV_OBJ;
	ws(r);
	if (r->p < r->end && *r->p == '}') {
		r->p++;
		return 0;
	}
	for (;;) {
		char *key = NULL;
		size_t klen = 0;
		ws(r);
		if (string(r, v ? &key : NULL, &klen))
			return -1;
		ws(r);
		if (r->p >= r->end || *r->p != ':') {
			free(key);
			return fail(r, "expected ':' after an object key");
		}
		r->p++;
		ws(r);
		if (!v || (keep && !kept(keep, key))) {
			free(key);
			if (value(r, NULL, depth + 1, NULL))
				return -1;
		} else {
			if (grow((void **)&v->v, v->n, &cap_v, sizeof *v->v) ||
			    grow((void **)&v->keys, v->n, &cap_k, sizeof *v->keys)) {
				free(key);
				return fail(r, "out of memory");
			}
			memset(&v->v[v->n], 0, sizeof v->v[v->n]);
			v->keys[v->n] = key;
			v->n++;
			if (value(r, &v->v[v->n - 1], depth + 1, NULL))
				return -1;
		}
		ws(r);
		if (r->p < r->end && *r->p == ',') {
			r->p++;
			continue;
		}
		if (r->p < r->end && *r->p == '}') {
			r->p++;
			return 0;
		}
		return fail(r, "expected ',' or '}' in an object");
	}
}

static int array(struct rd *r, struct oc_jv *v, int depth)
{
	size_t cap = 0;

	r->p++;                               /* '[' */
	if (v)
		v->type = OC_JV_ARR;
	ws(r);
	if (r->p < r->end && *r->p == ']') {
		r->p++;
		return 0;
	}
	for (;;) {
		ws(r);
		if (v) {
			if (grow((void **)&v->v, v->n, &cap, sizeof *v->v))
				return fail(r, "out of memory");
			memset(&v->v[v->n], 0, sizeof v->v[v->n]);
			v->n++;
		}
		if (value(r, v ? &v->v[v->n - 1] : NULL, depth + 1, NULL))
			return -1;
		ws(r);
		if (r->p < r->end && *r->p == ',') {
			r->p++;
			continue;
		}
		if (r->p < r->end && *r->p == ']') {
			r->p++;
			return 0;
		}
		return fail(r, "expected ',' or ']' in an array");
	}
}

/* One value at r->p into v (NULL: check and skip it). */
static int value(struct rd *r, struct oc_jv *v, int depth, const char *const *keep)
{
	if (depth > OC_JSON_MAX_DEPTH)
		return fail(r, "nested deeper than %d", OC_JSON_MAX_DEPTH);
	ws(r);
	if (r->p >= r->end)
		return fail(r, "expected a value, found the end");
	switch (*r->p) {
	case '{':
		return object(r, v, depth, keep);
	case '[':
		return array(r, v, depth);
	case '"':
		if (v)
			v->type = OC_JV_STR;
		return string(r, v ? &v->s : NULL, v ? &v->len : NULL);
	case 't':
		if (v) {
			v->type = OC_JV_BOOL;
			v->b = 1;
		}
		return lit(r, "true");
	case 'f':
		if (v)
			v->type = OC_JV_BOOL;
		return lit(r, "false");
	case 'n':
		return lit(r, "null");
	default:
		return number(r, v);
	}
}

static void free_value(struct oc_jv *v)
{
	for (size_t k = 0; k < v->n; k++) {
		free_value(&v->v[k]);
		if (v->keys)
			free(v->keys[k]);
	}
	free(v->v);
	free(v->keys);
	free(v->s);
	memset(v, 0, sizeof *v);
}

int oc_jdoc_parse(struct oc_jdoc *d, const char *text, size_t len, const char *const *keep,
		  char *err, size_t errlen)
{
	struct rd r = { text, text + len, text, err, errlen, 0 };

	memset(d, 0, sizeof *d);
	if (err && errlen)
		err[0] = '\0';
	ws(&r);
	if (keep && (r.p >= r.end || *r.p != '{'))
		return fail(&r, "expected an object");
	if (value(&r, &d->root, 1, keep))
		goto bad;
	ws(&r);
	if (r.p != r.end) {
		fail(&r, "text after the value");
		goto bad;
	}
	return 0;
bad:
	free_value(&d->root);
	return -1;
}

void oc_jdoc_release(struct oc_jdoc *d)
{
	free_value(&d->root);
}

const struct oc_jv *oc_jv_get(const struct oc_jv *obj, const char *key)
{
	if (!obj || obj->type != OC_JV_OBJ)
		return NULL;
	for (size_t k = 0; k < obj->n; k++)
		if (!strcmp(obj->keys[k], key))
			return &obj->v[k];
	return NULL;
}

int64_t oc_jv_int(const struct oc_jv *v, int64_t dflt)
{
	char *end;
	long long x;

	if (v && v->type == OC_JV_NUM)
		return v->i;
	if (v && v->type == OC_JV_STR && v->len) {
		errno = 0;
		x = strtoll(v->s, &end, 10);
		if (!errno && !*end)
			return x;
	}
	return dflt;
}

const char *oc_jv_str(const struct oc_jv *v)
{
	return v && v->type == OC_JV_STR ? v->s : NULL;
}
