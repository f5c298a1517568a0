/*
 * pb.c: a small protocol-buffers encoder (pb.h).
 *
 * The wire format (protobuf.dev/programming-guides/encoding): a field is a
 * tag, varint(field << 3 | wire type), then its value: a varint (type 0),
 * eight little-endian bytes (type 1), or a varint length and that many bytes
 * (type 2: strings, bytes, nested messages). And a table that numbers
 * strings, for interning.
 */
#include <stdlib.h>
#include <string.h>

#include "pb.h"

enum { WT_VARINT = 0, WT_I64 = 1, WT_LEN = 2 };

void oc_pb_init(struct oc_pb *b)
{
	memset(b, 0, sizeof *b);
}

void oc_pb_free(struct oc_pb *b)
{
	free(b->p);
	memset(b, 0, sizeof *b);
}

/* Room for n more bytes; 0, or -1 (failed set) when there is no memory. */
static int room(struct oc_pb *b, size_t n)
{
	if (b->failed)
		return -1;
	if (b->cap - b->len >= n)
		return 0;
	size_t cap = b->cap ? b->cap : 256;
	while (cap - b->len < n)
		cap *= 2;
	unsigned char *p = realloc(b->p, cap);
	if (!p) {
		b->failed = 1;
		return -1;
	}
	b->p = p;
	b->cap = cap;
	return 0;
}

static size_t varint_size(uint64_t v)
{
	size_t n = 1;
	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

/* v as a varint at d (varint_size(v) bytes). */
static void put_varint(unsigned char *d, uint64_t v)
{
	while (v >= 0x80) {
		*d++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*d = (unsigned char)v;
}

static void varint(struct oc_pb *b, uint64_t v)
{
	if (room(b, 10))
		return;
	put_varint(b->p + b->len, v);
	b->len += varint_size(v);
}

static void tag(struct oc_pb *b, uint32_t field, int wire_type)
{
	varint(b, (uint64_t)field << 3 | (uint64_t)wire_type);
}

void oc_pb_uint(struct oc_pb *b, uint32_t field, uint64_t v)
{
	tag(b, field, WT_VARINT);
	varint(b, v);
}

void oc_pb_fixed64(struct oc_pb *b, uint32_t field, uint64_t v)
{
	tag(b, field, WT_I64);
	if (room(b, 8))
		return;
	for (int i = 0; i < 8; i++)
		b->p[b->len++] = (unsigned char)(v >> (8 * i));
}

void oc_pb_double(struct oc_pb *b, uint32_t field, double v)
{
	uint64_t u;

	memcpy(&u, &v, sizeof u);   /* IEEE 754 binary64, sent little-endian */
	oc_pb_fixed64(b, field, u);
}

void oc_pb_bytes(struct oc_pb *b, uint32_t field, const void *s, size_t n)
{
	tag(b, field, WT_LEN);
	varint(b, n);
	if (room(b, n))
		return;
	if (n)
		memcpy(b->p + b->len, s, n);
	b->len += n;
}

/* The length of the UTF-8 sequence at s, or 0 when it is not valid UTF-8
 * (overlong, a surrogate, above U+10FFFF, cut short). */
static size_t utf8_len(const unsigned char *s)
{
	unsigned c = s[0], cp, min;
	size_t n;

	if (c < 0x80)
		return 1;
	if ((c & 0xE0) == 0xC0)
		n = 2, cp = c & 0x1F, min = 0x80;
	else if ((c & 0xF0) == 0xE0)
		n = 3, cp = c & 0x0F, min = 0x800;
	else if ((c & 0xF8) == 0xF0)
		n = 4, cp = c & 0x07, min = 0x10000;
	else
		return 0;
	for (size_t i = 1; i < n; i++) {   /* stops at the NUL: 0x00 is no continuation */
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3F);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return n;
}

void oc_pb_string(struct oc_pb *b, uint32_t field, const char *str)
{
	const unsigned char *s = (const unsigned char *)(str ? str : "");
	size_t out = 0, k;

	for (size_t i = 0; s[i]; i += k ? k : 1)   /* the length once cleaned */
		out += (k = utf8_len(s + i)) ? k : 3;
	tag(b, field, WT_LEN);
	varint(b, out);
	if (room(b, out))
		return;
	for (size_t i = 0; s[i]; i += k ? k : 1) {
		if ((k = utf8_len(s + i))) {
			memcpy(b->p + b->len, s + i, k);
			b->len += k;
		} else {                            /* U+FFFD */
			memcpy(b->p + b->len, "\xef\xbf\xbd", 3);
			b->len += 3;
		}
	}
}

void oc_pb_begin(struct oc_pb *b, uint32_t field)
{
	tag(b, field, WT_LEN);
	if (b->depth >= OC_PB_MAX_DEPTH)
		b->failed = 1;
	if (room(b, 1))
		return;
	b->open[b->depth++] = b->len;
	b->p[b->len++] = 0;          /* the length: one byte, widened at the end if need be */
}

void oc_pb_end(struct oc_pb *b)
{
	if (b->failed || b->depth <= 0) {
		b->failed = 1;
		return;
	}
	size_t at = b->open[--b->depth], body = b->len - at - 1, n = varint_size(body);

	if (n > 1) {
		if (room(b, n - 1))
			return;
		memmove(b->p + at + n, b->p + at + 1, body);
		b->len += n - 1;
	}
	put_varint(b->p + at, body);
}

int oc_pb_write(FILE *f, uint32_t field, const struct oc_pb *b)
{
	unsigned char head[20];
	uint64_t t = (uint64_t)field << 3 | WT_LEN;
	size_t n = varint_size(t);

	put_varint(head, t);
	put_varint(head + n, b->len);
	n += varint_size(b->len);
	if (fwrite(head, 1, n, f) != n || (b->len && fwrite(b->p, 1, b->len, f) != b->len))
		return -1;
	return 0;
}

/* ---- numbered strings ------------------------------------------------------ */

static uint32_t fnv(const char *s, int kind)
{
	uint32_t h = 2166136261u ^ (uint32_t)kind;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static int strings_grow(struct oc_pb_strings *t)
{
	size_t cap = t->cap ? t->cap * 2 : 1024;
	struct oc_pb_str *tab = calloc(cap, sizeof *tab);

	if (!tab)
		return -1;
	for (size_t i = 0; i < t->cap; i++) {
		if (!t->tab[i].s)
			continue;
		size_t k = t->tab[i].hash & (cap - 1);
		while (tab[k].s)
			k = (k + 1) & (cap - 1);
		tab[k] = t->tab[i];
	}
	free(t->tab);
	t->tab = tab;
	t->cap = cap;
	return 0;
}

uint64_t oc_pb_strings_id(struct oc_pb_strings *t, int kind, const char *s, int *fresh)
{
	uint32_t h = fnv(s, kind);
	size_t i;

	*fresh = 0;
	if (kind < 0 || kind > 7 || (2 * (t->n + 1) > t->cap && strings_grow(t)))
		return 0;
	for (i = h & (t->cap - 1); t->tab[i].s; i = (i + 1) & (t->cap - 1))
		if (t->tab[i].hash == h && t->tab[i].kind == kind && !strcmp(t->tab[i].s, s))
			return t->tab[i].id;
	if (!(t->tab[i].s = strdup(s)))
		return 0;
	t->tab[i].hash = h;
	t->tab[i].kind = (uint8_t)kind;
	t->tab[i].id = ++t->next[kind];
	t->n++;
	*fresh = 1;
	return t->tab[i].id;
}

void oc_pb_strings_free(struct oc_pb_strings *t)
{
	for (size_t i = 0; i < t->cap; i++)
		free(t->tab[i].s);
	free(t->tab);
	memset(t, 0, sizeof *t);
}
