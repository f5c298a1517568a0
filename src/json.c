/*
 * json.c: a small streaming JSON writer (json.h).
 *
 * The writer keeps, per nesting level, whether it is an object or an array
 * and how many members it has written, which is all it needs to place commas
 * and newlines. It never buffers a whole document: reports on millions of ops
 * stream straight to stdout. Escaping is strict enough for JSON embedded in
 * an HTML <script> element, so the timeline writer can reuse it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlapcheck/json.h"

void oc_json_init(struct oc_json *j, FILE *f, int pretty)
{
	memset(j, 0, sizeof *j);
	j->f = f;
	j->pretty = pretty;
}

static void indent(struct oc_json *j)
{
	static const char spaces[] = "                                                                ";
	int n;

	if (!j->pretty)
		return;
	if (j->inline_depth > 0 && j->depth > j->inline_depth) {
		fputc(' ', j->f);
		return;
	}
	fputc('\n', j->f);
	n = 2 * j->depth;
	while (n > 0) {
		int k = n < (int)sizeof spaces - 1 ? n : (int)sizeof spaces - 1;
		fwrite(spaces, 1, (size_t)k, j->f);
		n -= k;
	}
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
		fputc(',', j->f);
	if (j->count[j->depth] < 255)
		j->count[j->depth]++;
	indent(j);
	return 0;
}

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

/* 1 when byte c can be copied as is (printable ASCII that needs no escape). */
static int plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7F && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&';
}

void oc_json_write_string(FILE *f, const char *str)
{
	const unsigned char *s = (const unsigned char *)str, *run;
	unsigned cp;
	int n;

	fputc('"', f);
	while (*s) {
		run = s;
		while (*s && (plain(*s) || (*s >= 0x80 && (n = utf8_decode(s, &cp)) > 0 &&
						  cp != 0x2028 && cp != 0x2029))) {
			if (*s >= 0x80)
				s += n;
			else
				s++;
		}
		if (s > run)
			fwrite(run, 1, (size_t)(s - run), f);
		if (!*s)
			break;
		switch (*s) {
		case '"':  fputs("\\\"", f); break;
		case '\\': fputs("\\\\", f); break;
		case '\n': fputs("\\n", f); break;
		case '\r': fputs("\\r", f); break;
		case '\t': fputs("\\t", f); break;
		case '\b': fputs("\\b", f); break;
		case '\f': fputs("\\f", f); break;
		case '<':  fputs("\\u003c", f); break;
		case '>':  fputs("\\u003e", f); break;
		case '&':  fputs("\\u0026", f); break;
		default:
			if (*s < 0x20 || *s == 0x7F) {
				fprintf(f, "\\u%04x", *s);
			} else if ((n = utf8_decode(s, &cp)) > 0) {   /* U+2028, U+2029 */
				fprintf(f, "\\u%04x", cp);
				s += n;
				continue;
			} else {
				fputs("\\ufffd", f);          /* invalid UTF-8 byte */
			}
		}
		s++;
	}
	fputc('"', f);
}

static void open_container(struct oc_json *j, char type)
{
	if (before_value(j))
		return;
	if (j->depth + 1 >= OC_JSON_MAX_DEPTH) {
		j->misuse = 1;
		fputs("null", j->f);
		return;
	}
	fputc(type, j->f);
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
		fputc(' ', j->f);
	else if (had)
		indent(j);
	fputc(type == '{' ? '}' : ']', j->f);
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
		fputc(',', j->f);
	if (j->count[j->depth] < 255)
		j->count[j->depth]++;
	indent(j);
	oc_json_write_string(j->f, key);
	fputs(j->pretty ? ": " : ":", j->f);
	j->want_value = 1;
}

void oc_json_string(struct oc_json *j, const char *s)
{
	if (before_value(j))
		return;
	if (s)
		oc_json_write_string(j->f, s);
	else
		fputs("null", j->f);
}

void oc_json_int(struct oc_json *j, int64_t v)
{
	if (!before_value(j))
		fprintf(j->f, "%lld", (long long)v);
}

void oc_json_uint(struct oc_json *j, uint64_t v)
{
	if (!before_value(j))
		fprintf(j->f, "%llu", (unsigned long long)v);
}

void oc_json_double(struct oc_json *j, double v)
{
	char buf[64];

	if (before_value(j))
		return;
	if (!isfinite(v)) {
		fputs("null", j->f);
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
	fputs(buf, j->f);
}

void oc_json_fixed(struct oc_json *j, double v, int decimals)
{
	if (before_value(j))
		return;
	if (!isfinite(v)) {
		fputs("null", j->f);
		return;
	}
	if (decimals < 0)
		decimals = 0;
	if (decimals > 17)
		decimals = 17;
	char buf[64];
	snprintf(buf, sizeof buf, "%.*f", decimals, v);
	if (!strcmp(buf, "-0") || (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1)))
		memmove(buf, buf + 1, strlen(buf));   /* no "-0.000" */
	fputs(buf, j->f);
}

void oc_json_bool(struct oc_json *j, int v)
{
	if (!before_value(j))
		fputs(v ? "true" : "false", j->f);
}

void oc_json_null(struct oc_json *j)
{
	if (!before_value(j))
		fputs("null", j->f);
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
	fputc('\n', j->f);
	if (fflush(j->f) != 0 || ferror(j->f))
		return -1;
	return j->misuse ? -1 : 0;
}
