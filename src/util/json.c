/*
 * json.c: a small streaming JSON writer (json.h).
 *
 * The writer keeps, per nesting level, whether it is an object or an array
 * and how many members it has written, which is all it needs to place commas
 * and newlines. It never holds a whole document: reports on millions of ops
 * stream to stdout. They are large (about 1 KB per op), so the hot path stays
 * clear of stdio's per-call cost: text is formatted into a 64 KiB block of
 * the writer's own (integers and fixed-point numbers by hand, strings escaped
 * in place) and the block goes to the FILE in one fwrite when it is full.
 * Escaping is strict enough for JSON embedded in an HTML <script> element,
 * so the timeline writer can reuse it.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/json.h"

/* ---- the output block --------------------------------------------------------- */

static void out_flush(struct oc_json_out *o)
{
	if (o->len) {
		fwrite(o->p, 1, o->len, o->f);   /* a short write sets ferror(f) */
		o->len = 0;
	}
}

/* Room for n more bytes (n <= cap) at o->p + o->len. */
static inline char *out_reserve(struct oc_json_out *o, size_t n)
{
	if (o->cap - o->len < n)
		out_flush(o);
	return o->p + o->len;
}

static void out_put_slow(struct oc_json_out *o, const char *s, size_t n)
{
	out_flush(o);
	if (n >= o->cap) {
		fwrite(s, 1, n, o->f);
		return;
	}
	memcpy(o->p, s, n);
	o->len = n;
}

static inline void out_put(struct oc_json_out *o, const char *s, size_t n)
{
	if (o->cap - o->len < n) {
		out_put_slow(o, s, n);
		return;
	}
	memcpy(o->p + o->len, s, n);
	o->len += n;
}

#define out_lit(o, s) out_put((o), (s), sizeof(s) - 1)

static inline void out_char(struct oc_json_out *o, char c)
{
	if (o->len == o->cap)
		out_flush(o);
	o->p[o->len++] = c;
}

/* ---- numbers ------------------------------------------------------------------ */

static const char digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* The decimal digits of v, ending right before end; returns their start. */
static char *u64_digits(char *end, uint64_t v)
{
	while (v >= 100) {
		unsigned k = (unsigned)(v % 100) * 2;
		v /= 100;
		*--end = digit_pairs[k + 1];
		*--end = digit_pairs[k];
	}
	if (v >= 10) {
		unsigned k = (unsigned)v * 2;
		*--end = digit_pairs[k + 1];
		*--end = digit_pairs[k];
	} else {
		*--end = (char)('0' + v);
	}
	return end;
}

/* v as "%llu" would write it, with a '-' first when neg. */
static void out_u64(struct oc_json_out *o, uint64_t v, int neg)
{
	char tmp[24], *end = tmp + sizeof tmp, *s = u64_digits(end, v);

	if (neg)
		*--s = '-';
	out_put(o, s, (size_t)(end - s));
}

static const double pow10_exact[18] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
};

/*
 * Finite v as snprintf("%.*f", decimals) writes it, with "-0.00" (a negative
 * value that rounds to zero) written as "0.00"; decimals in 0..17. Into buf,
 * NUL-terminated; returns the length.
 *
 * printf rounds the exact binary value to nearest. The fast path rounds
 * a = |v| * 10^decimals instead, whose only error is the multiplication's
 * rounding: below 2^40 that is under 2^-13, so when the fraction of a is
 * not within 0.001 of one half, the rounded integer is the one printf
 * would print. Near halves and large values go to snprintf.
 */
static size_t fmt_fixed(char *buf, size_t size, double v, int decimals)
{
	double a = fabs(v) * pow10_exact[decimals];

	if (a < 1099511627776.0) {               /* 2^40 */
		uint64_t u = (uint64_t)a;
		double frac = a - (double)u;     /* exact */

		if (frac < 0.499 || frac > 0.501) {
			char tmp[48], *end = tmp + sizeof tmp, *s;

			if (frac > 0.501)
				u++;
			if (decimals == 0) {
				s = u64_digits(end, u);
			} else {
				uint64_t p = (uint64_t)pow10_exact[decimals];
				char *f = u64_digits(end, u % p);
				while (end - f < decimals)
					*--f = '0';
				*--f = '.';
				s = u64_digits(f, u / p);
			}
			if (v < 0 && u)
				*--s = '-';
			size_t n = (size_t)(end - s);
			memcpy(buf, s, n);
			buf[n] = 0;
			return n;
		}
	}
	snprintf(buf, size, "%.*f", decimals, v);
	if (!strcmp(buf, "-0") || (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1)))
		memmove(buf, buf + 1, strlen(buf));   /* no "-0.000" */
	return strlen(buf);
}

/* ---- strings ------------------------------------------------------------------ */

/* Decode one UTF-8 sequence at s; returns its length and the code point in
 * *cp, or 0 when the bytes are not valid UTF-8 (overlong, surrogate, > U+10FFFF). */
static int utf8_decode(const unsigned char *s, unsigned *cp)
{
	unsigned c = s[0];
	int n;
	unsigned min;

	if (c < 0x80) {
		*cp = c;
		return 1;
	} else if ((c & 0xE0) == 0xC0) {
		n = 2; *cp = c & 0x1F; min = 0x80;
	} else if ((c & 0xF0) == 0xE0) {
		n = 3; *cp = c & 0x0F; min = 0x800;
	} else if ((c & 0xF8) == 0xF0) {
		n = 4; *cp = c & 0x07; min = 0x10000;
	} else {
		return 0;
	}
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		*cp = (*cp << 6) | (s[i] & 0x3F);
	}
	if (*cp < min || *cp > 0x10FFFF || (*cp >= 0xD800 && *cp <= 0xDFFF))
		return 0;
	return n;
}

/* Per byte: 0 copied as is (printable ASCII that needs no escape), 1 an
 * ASCII byte to escape, 2 the first byte of a UTF-8 sequence or an invalid
 * byte, 3 the terminating NUL. */
static const unsigned char byte_class[256] = {
	3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,   /* '"' '&' */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0,   /* '<' '>' */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,   /* '\\' */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,   /* DEL */
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
};

/* "\u" and four lowercase hex digits of cp (<= 0xFFFF) at d. */
static void put_u_escape(char *d, unsigned cp)
{
	static const char hex[] = "0123456789abcdef";

	d[0] = '\\';
	d[1] = 'u';
	d[2] = hex[(cp >> 12) & 0xF];
	d[3] = hex[(cp >> 8) & 0xF];
	d[4] = hex[(cp >> 4) & 0xF];
	d[5] = hex[cp & 0xF];
}

/*
 * str as a quoted JSON string: runs of bytes that need nothing (printable
 * ASCII, valid UTF-8 other than U+2028/U+2029) are copied in one piece;
 * '"' '\\' and \n \r \t \b \f get their short escapes, '<' '>' '&', other
 * control bytes, DEL and U+2028/U+2029 a \uXXXX, and each byte that does not
 * start a valid UTF-8 sequence \ufffd.
 */
static void out_string_slow(struct oc_json_out *o, const char *str)
{
	const unsigned char *s = (const unsigned char *)str, *run;
	unsigned cp;
	int n;

	out_char(o, '"');
	for (;;) {
		run = s;
		for (;;) {
			while (!byte_class[*s])
				s++;
			if (byte_class[*s] != 2)
				break;
			n = utf8_decode(s, &cp);
			if (n == 0 || cp == 0x2028 || cp == 0x2029)
				break;
			s += n;
		}
		if (s > run)
			out_put(o, (const char *)run, (size_t)(s - run));
		if (!*s)
			break;
		char *d = out_reserve(o, 6);
		size_t k = 2;
		d[0] = '\\';
		switch (*s) {
		case '"':  d[1] = '"'; break;
		case '\\': d[1] = '\\'; break;
		case '\n': d[1] = 'n'; break;
		case '\r': d[1] = 'r'; break;
		case '\t': d[1] = 't'; break;
		case '\b': d[1] = 'b'; break;
		case '\f': d[1] = 'f'; break;
		default:
			k = 6;
			if (*s < 0x80) {                       /* '<' '>' '&', controls, DEL */
				put_u_escape(d, *s);
			} else if ((n = utf8_decode(s, &cp)) > 0) {   /* U+2028, U+2029 */
				put_u_escape(d, cp);
				s += n - 1;
			} else {
				put_u_escape(d, 0xFFFD);        /* invalid UTF-8 byte */
			}
		}
		o->len += k;
		s++;
	}
	out_char(o, '"');
}

/*
 * str quoted and escaped, then the tail_len bytes of tail. Most strings in a
 * report (keys, kinds, verdicts, plain kernel names) need no escape at all:
 * they go in with one copy.
 */
static inline void out_string_tail(struct oc_json_out *o, const char *str,
				   const char *tail, size_t tail_len)
{
	const unsigned char *s = (const unsigned char *)str;

	while (!byte_class[*s])
		s++;
	size_t n = (size_t)(s - (const unsigned char *)str);
	if (!*s && n + 2 + tail_len <= o->cap) {
		char *d = out_reserve(o, n + 2 + tail_len);
		d[0] = '"';
		memcpy(d + 1, str, n);
		d[n + 1] = '"';
		memcpy(d + n + 2, tail, tail_len);
		o->len += n + 2 + tail_len;
		return;
	}
	out_string_slow(o, str);
	out_put(o, tail, tail_len);
}

static void out_string(struct oc_json_out *o, const char *str)
{
	out_string_tail(o, str, "", 0);
}

void oc_json_write_string(FILE *f, const char *s)
{
	char block[1024];
	struct oc_json_out o = { .f = f, .p = block, .len = 0, .cap = sizeof block };

	out_string(&o, s);
	out_flush(&o);
}

/* ---- structure ---------------------------------------------------------------- */

void oc_json_init(struct oc_json *j, FILE *f, int pretty)
{
	memset(j, 0, offsetof(struct oc_json, block));
	j->out.f = f;
	j->out.p = j->block;
	j->out.cap = sizeof j->block;
	j->pretty = pretty;
}

static void indent(struct oc_json *j)
{
	if (!j->pretty)
		return;
	if (j->inline_depth > 0 && j->depth > j->inline_depth) {
		out_char(&j->out, ' ');
		return;
	}
	size_t n = 1 + 2 * (size_t)j->depth;  /* depth < OC_JSON_MAX_DEPTH: fits a block */
	char *d = out_reserve(&j->out, n);
	d[0] = '\n';
	memset(d + 1, ' ', n - 1);
	j->out.len += n;
}

void oc_json_set_inline_depth(struct oc_json *j, int depth)
{
	j->inline_depth = depth > 0 ? depth : 0;
}

/*
 * Called before any value. Inside an object a value is allowed only right
 * after its key; inside an array it gets a comma and, when pretty, a new line.
 * Returns 0 when the value may be written.
 */
static int before_value(struct oc_json *j)
{
	if (j->depth == 0) {
		if (j->count[0]) {      /* a second top-level value */
			j->misuse = 1;
			return -1;
		}
		j->count[0] = 1;
		return 0;
	}
	if (j->type[j->depth] == '{') {
		if (!j->want_value) {
			j->misuse = 1;
			return -1;
		}
		j->want_value = 0;
		return 0;
	}
	if (j->count[j->depth])
		out_char(&j->out, ',');
	if (j->count[j->depth] < 255)
		j->count[j->depth]++;
	indent(j);
	return 0;
}

static void open_container(struct oc_json *j, char type)
{
	if (before_value(j))
		return;
	if (j->depth + 1 >= OC_JSON_MAX_DEPTH) {
		j->misuse = 1;
		out_lit(&j->out, "null");
		return;
	}
	out_char(&j->out, type);
	j->depth++;
	j->type[j->depth] = type;
	j->count[j->depth] = 0;
}

static void close_container(struct oc_json *j, char type)
{
	if (j->depth == 0 || j->type[j->depth] != type || j->want_value) {
		j->misuse = 1;
		return;
	}
	int had = j->count[j->depth], was = j->depth;
	j->depth--;
	if (had && j->pretty && j->inline_depth > 0 && was > j->inline_depth)
		out_char(&j->out, ' ');
	else if (had)
		indent(j);
	out_char(&j->out, type == '{' ? '}' : ']');
}

void oc_json_begin_object(struct oc_json *j) { open_container(j, '{'); }
void oc_json_end_object(struct oc_json *j)   { close_container(j, '{'); }
void oc_json_begin_array(struct oc_json *j)  { open_container(j, '['); }
void oc_json_end_array(struct oc_json *j)    { close_container(j, '['); }

void oc_json_key(struct oc_json *j, const char *key)
{
	if (j->depth == 0 || j->type[j->depth] != '{' || j->want_value || !key) {
		j->misuse = 1;
		return;
	}
	if (j->count[j->depth])
		out_char(&j->out, ',');
	if (j->count[j->depth] < 255)
		j->count[j->depth]++;
	indent(j);
	out_string_tail(&j->out, key, ": ", j->pretty ? 2 : 1);
	j->want_value = 1;
}

/* ---- values ------------------------------------------------------------------- */

void oc_json_string(struct oc_json *j, const char *s)
{
	if (before_value(j))
		return;
	if (s)
		out_string(&j->out, s);
	else
		out_lit(&j->out, "null");
}

void oc_json_int(struct oc_json *j, int64_t v)
{
	if (!before_value(j))
		out_u64(&j->out, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, v < 0);
}

void oc_json_uint(struct oc_json *j, uint64_t v)
{
	if (!before_value(j))
		out_u64(&j->out, v, 0);
}

void oc_json_double(struct oc_json *j, double v)
{
	char buf[64];

	if (before_value(j))
		return;
	if (!isfinite(v)) {
		out_lit(&j->out, "null");
		return;
	}
	snprintf(buf, sizeof buf, "%.17g", v);
	/* Prefer the shortest text that reads back to the same double. */
	for (int prec = 1; prec < 17; prec++) {
		char b2[64];
		snprintf(b2, sizeof b2, "%.*g", prec, v);
		if (strtod(b2, NULL) == v) {
			memcpy(buf, b2, sizeof b2);
			break;
		}
	}
	out_put(&j->out, buf, strlen(buf));
}

void oc_json_fixed(struct oc_json *j, double v, int decimals)
{
	char buf[400];   /* "%.17f" of DBL_MAX: 309 digits, '.', 17 */

	if (before_value(j))
		return;
	if (!isfinite(v)) {
		out_lit(&j->out, "null");
		return;
	}
	if (decimals < 0)
		decimals = 0;
	if (decimals > 17)
		decimals = 17;
	out_put(&j->out, buf, fmt_fixed(buf, sizeof buf, v, decimals));
}

void oc_json_bool(struct oc_json *j, int v)
{
	if (before_value(j))
		return;
	if (v)
		out_lit(&j->out, "true");
	else
		out_lit(&j->out, "false");
}

void oc_json_null(struct oc_json *j)
{
	if (!before_value(j))
		out_lit(&j->out, "null");
}

void oc_json_kv_string(struct oc_json *j, const char *k, const char *s) { oc_json_key(j, k); oc_json_string(j, s); }
void oc_json_kv_int(struct oc_json *j, const char *k, int64_t v)       { oc_json_key(j, k); oc_json_int(j, v); }
void oc_json_kv_uint(struct oc_json *j, const char *k, uint64_t v)     { oc_json_key(j, k); oc_json_uint(j, v); }
void oc_json_kv_double(struct oc_json *j, const char *k, double v)     { oc_json_key(j, k); oc_json_double(j, v); }
void oc_json_kv_fixed(struct oc_json *j, const char *k, double v, int d) { oc_json_key(j, k); oc_json_fixed(j, v, d); }
void oc_json_kv_bool(struct oc_json *j, const char *k, int v)          { oc_json_key(j, k); oc_json_bool(j, v); }
void oc_json_kv_null(struct oc_json *j, const char *k)                 { oc_json_key(j, k); oc_json_null(j); }

int oc_json_finish(struct oc_json *j)
{
	if (j->depth != 0 || j->want_value)
		j->misuse = 1;
	out_char(&j->out, '\n');
	out_flush(&j->out);
	if (fflush(j->out.f) != 0 || ferror(j->out.f))
		return -1;
	return j->misuse ? -1 : 0;
}
