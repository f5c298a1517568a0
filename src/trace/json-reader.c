/*
 * json-reader.c: the streaming JSON tokenizer (json-reader.h).
 *
 * Written here rather than taken from a library: yajl, the SAX-style parser
 * Debian ships, has had no upstream release since 2014, and its buffer code
 * needed distribution patches for memory-safety bugs; json-c and its kind
 * build the whole document in memory, which a gigabyte trace does not allow.
 * What a Kineto trace needs is small: tokens in order, and the ability to
 * skip a value. That is this file, checked by the grammar's states below and
 * by the importers' fuzz replay (tests/unit/test-import-fuzz.c).
 *
 * States say what may come next: a value (or, right after '[', the ']'), an
 * object key (or, right after '{', the '}'), the ':' after a key, the ',' or
 * closing bracket after a value inside a container, or nothing at all once
 * the top-level value is complete.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json-reader.h"

enum {
	ST_VALUE,           /* a value */
	ST_VALUE_OR_END,    /* a value or ']' (right after '[') */
	ST_KEY,             /* a key (after ',' in an object) */
	ST_KEY_OR_END,      /* a key or '}' (right after '{') */
	ST_COLON,           /* ':' after a key */
	ST_NEXT,            /* ',' or the container's closing bracket */
	ST_DONE,            /* the document is complete */
};

int jr_init(struct jr *r, jr_read_fn read, void *ctx)
{
	memset(r, 0, sizeof *r);
	r->read = read;
	r->ctx = ctx;
	r->buf = malloc(JR_BLOCK);
	r->tok_cap = 256;
	r->tok = malloc(r->tok_cap);
	if (!r->buf || !r->tok) {
		jr_release(r);
		return -1;
	}
	r->tok[0] = '\0';
	r->state = ST_VALUE;
	return 0;
}

void jr_release(struct jr *r)
{
	free(r->buf);
	free(r->tok);
	r->buf = NULL;
	r->tok = NULL;
}

uint64_t jr_offset(const struct jr *r)
{
	return r->consumed + r->pos;
}

static enum jr_type fail(struct jr *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static enum jr_type fail(struct jr *r, const char *fmt, ...)
{
	va_list ap;

	if (!r->failed) {
		va_start(ap, fmt);
		vsnprintf(r->err, sizeof r->err, fmt, ap);
		va_end(ap);
		r->failed = 1;
	}
	return JR_ERROR;
}

/* The next input byte without consuming it; -1 at the end, -2 on error. */
static int peek(struct jr *r)
{
	if (r->pos < r->len)
		return r->buf[r->pos];
	if (r->eof || r->failed)
		return r->failed ? -2 : -1;
	r->consumed += r->len;
	r->pos = r->len = 0;
	char msg[200] = "";
	long n = r->read(r->ctx, r->buf, JR_BLOCK, msg, sizeof msg);

	if (n < 0) {
		fail(r, "%s", msg[0] ? msg : "read error");
		return -2;
	}
	if (n == 0) {
		r->eof = 1;
		return -1;
	}
	r->len = (size_t)n;
	return r->buf[0];
}

static int tok_put(struct jr *r, const char *s, size_t n)
{
	if (r->skip)
		return 0;
	if (r->tok_len + n + 1 > r->tok_cap) {
		size_t nc = r->tok_cap;

		while (r->tok_len + n + 1 > nc)
			nc *= 2;
		if (nc > JR_MAX_TOKEN + 1) {
			fail(r, "a string or number longer than %u bytes at byte %llu", JR_MAX_TOKEN,
			     (unsigned long long)jr_offset(r));
			return -1;
		}
		char *t = realloc(r->tok, nc);

		if (!t) {
			fail(r, "out of memory");
			return -1;
		}
		r->tok = t;
		r->tok_cap = nc;
	}
	memcpy(r->tok + r->tok_len, s, n);
	r->tok_len += n;
	r->tok[r->tok_len] = '\0';
	return 0;
}

static const char *where(const struct jr *r)
{
	static const char *const in[] = { "at the top level", "inside an object", "inside an array" };

	return r->depth == 0 ? in[0] : r->stack[r->depth - 1] == 'o' ? in[1] : in[2];
}

static enum jr_type truncated(struct jr *r)
{
	return fail(r, "truncated JSON: the input ends %s (nesting depth %d) at byte %llu", where(r),
		    r->depth, (unsigned long long)jr_offset(r));
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Four hex digits after "\u"; -1 after failing. */
static long read_hex4(struct jr *r)
{
	long v = 0;

	for (int i = 0; i < 4; i++) {
		int c = peek(r), h;

		if (c < 0)
			return c == -1 ? (truncated(r), -1) : -1;
		h = hexval(c);
		if (h < 0) {
			fail(r, "bad \\u escape at byte %llu", (unsigned long long)jr_offset(r));
			return -1;
		}
		r->pos++;
		v = v * 16 + h;
	}
	return v;
}

static int put_utf8(struct jr *r, unsigned long cp)
{
	char b[4];
	size_t n;

	if (cp < 0x80) {
		b[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		b[0] = (char)(0xc0 | cp >> 6);
		b[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		b[0] = (char)(0xe0 | cp >> 12);
		b[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		b[0] = (char)(0xf0 | cp >> 18);
		b[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		b[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		b[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	return tok_put(r, b, n);
}

/* A string; the opening quote is consumed. 0 or -1. A high surrogate
 * escape waits in `hi` for the low one; alone, it becomes U+FFFD. */
static int read_string(struct jr *r)
{
	long hi = -1;

	r->tok_len = 0;
	r->tok[0] = '\0';
	for (;;) {
		/* the plain run up to a quote or a backslash, in one piece */
		size_t start = r->pos, end = r->pos;

		while (end < r->len && r->buf[end] != '"' && r->buf[end] != '\\')
			end++;
		if (end > start) {
			if (hi >= 0 && put_utf8(r, 0xfffd))
				return -1;
			hi = -1;
			if (tok_put(r, (const char *)r->buf + start, end - start))
				return -1;
		}
		r->pos = end;
		int c = peek(r);

		if (c < 0) {
			if (c == -1)
				truncated(r);
			return -1;
		}
		if (c != '"' && c != '\\')
			continue;       /* a new block */
		r->pos++;
		if (c == '"')
			return hi >= 0 ? put_utf8(r, 0xfffd) : 0;
		c = peek(r);
		if (c < 0) {
			if (c == -1)
				truncated(r);
			return -1;
		}
		r->pos++;
		if (c != 'u') {
			if (hi >= 0 && put_utf8(r, 0xfffd))
				return -1;
			hi = -1;
		}
		switch (c) {
		case '"': case '\\': case '/':
			if (tok_put(r, (const char *)&r->buf[r->pos - 1], 1))
				return -1;
			break;
		case 'b': if (tok_put(r, "\b", 1)) return -1; break;
		case 'f': if (tok_put(r, "\f", 1)) return -1; break;
		case 'n': if (tok_put(r, "\n", 1)) return -1; break;
		case 'r': if (tok_put(r, "\r", 1)) return -1; break;
		case 't': if (tok_put(r, "\t", 1)) return -1; break;
		case 'u': {
			long u = read_hex4(r);

			if (u < 0)
				return -1;
			if (hi >= 0 && u >= 0xdc00 && u <= 0xdfff) {
				if (put_utf8(r, 0x10000 + (((unsigned long)hi - 0xd800) << 10) +
						(unsigned long)(u - 0xdc00)))
					return -1;
				hi = -1;
				break;
			}
			if (hi >= 0 && put_utf8(r, 0xfffd))
				return -1;
			hi = -1;
			if (u >= 0xd800 && u <= 0xdbff)
				hi = u;
			else if (put_utf8(r, u >= 0xdc00 && u <= 0xdfff ? 0xfffd : (unsigned long)u))
				return -1;
			break;
		}
		default:
			fail(r, "bad escape '\\%c' at byte %llu", c >= 0x20 && c < 0x7f ? c : '?',
			     (unsigned long long)jr_offset(r));
			return -1;
		}
	}
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* Keep the character c of a number, step over it and peek the next. 0 or -1. */
static int take(struct jr *r, int *c)
{
	char ch = (char)*c;

	if (tok_put(r, &ch, 1))
		return -1;
	r->pos++;
	*c = peek(r);
	return 0;
}

/* take() each digit from c on: how many, or -1. */
static long take_digits(struct jr *r, int *c)
{
	long n = 0;

	for (; is_digit(*c); n++)
		if (take(r, c))
			return -1;
	return n;
}

/* A number, checked against JSON's grammar; its text into tok. 0 or -1. */
static int read_number(struct jr *r)
{
	int c;
	long digits;
	int save = r->skip;

	r->skip = 0;    /* numbers are short: keep them, whatever */
	r->tok_len = 0;
	r->tok[0] = '\0';
	c = peek(r);
	if (c == '-' && take(r, &c))
		goto err;
	if (c == '0') {
		if (take(r, &c))
			goto err;
	} else if (!is_digit(c)) {
		goto bad;
	} else if (take_digits(r, &c) < 0) {
		goto err;
	}
	if (c == '.') {
		if (take(r, &c) || (digits = take_digits(r, &c)) < 0)
			goto err;
		if (!digits)
			goto bad;
	}
	if (c == 'e' || c == 'E') {
		if (take(r, &c) || ((c == '+' || c == '-') && take(r, &c)) ||
		    (digits = take_digits(r, &c)) < 0)
			goto err;
		if (!digits)
			goto bad;
	}
	if (c == -2)
		goto err;
	if (r->tok_len > 400)
		goto bad;
	r->skip = save;
	return 0;
bad:
	if (c == -1)
		truncated(r);
	else
		fail(r, "bad number at byte %llu", (unsigned long long)jr_offset(r));
err:
	r->skip = save;
	return -1;
}

/* The literal word (true, false, null), its first letter not consumed. */
static int read_word(struct jr *r, const char *word)
{
	for (const char *w = word; *w; w++) {
		int c = peek(r);

		if (c != *w) {
			if (c == -1)
				truncated(r);
			else if (c != -2)
				fail(r, "unexpected character at byte %llu", (unsigned long long)jr_offset(r));
			return -1;
		}
		r->pos++;
	}
	return 0;
}

/* A value's first byte is c (not consumed). */
static enum jr_type value(struct jr *r, int c)
{
	enum jr_type t;

	switch (c) {
	case '{':
	case '[':
		if (r->depth >= JR_MAX_DEPTH)
			return fail(r, "nested deeper than %d levels at byte %llu", JR_MAX_DEPTH,
				    (unsigned long long)jr_offset(r));
		r->pos++;
		r->stack[r->depth++] = c == '{' ? 'o' : 'a';
		r->state = c == '{' ? ST_KEY_OR_END : ST_VALUE_OR_END;
		return c == '{' ? JR_OBJECT : JR_ARRAY;
	case '"':
		r->pos++;
		if (read_string(r))
			return JR_ERROR;
		t = JR_STRING;
		break;
	case 't':
		if (read_word(r, "true"))
			return JR_ERROR;
		t = JR_TRUE;
		break;
	case 'f':
		if (read_word(r, "false"))
			return JR_ERROR;
		t = JR_FALSE;
		break;
	case 'n':
		if (read_word(r, "null"))
			return JR_ERROR;
		t = JR_NULL;
		break;
	default:
		if (c == '-' || is_digit(c)) {
			if (read_number(r))
				return JR_ERROR;
			t = JR_NUMBER;
			break;
		}
		return fail(r, "unexpected character '%c' at byte %llu", c >= 0x20 && c < 0x7f ? c : '?',
			    (unsigned long long)jr_offset(r));
	}
	r->state = r->depth ? ST_NEXT : ST_DONE;
	return t;
}

static enum jr_type close_container(struct jr *r, int c)
{
	r->pos++;
	r->depth--;
	r->state = r->depth ? ST_NEXT : ST_DONE;
	return c == '}' ? JR_OBJECT_END : JR_ARRAY_END;
}

enum jr_type jr_next(struct jr *r)
{
	if (r->failed)
		return JR_ERROR;
	for (;;) {
		int c = peek(r);

		while (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			r->pos++;
			c = peek(r);
		}
		if (c == -2)
			return JR_ERROR;
		if (c == -1) {
			if (r->state == ST_DONE)
				return JR_END;
			if (r->state == ST_VALUE && r->depth == 0 && jr_offset(r) == 0)
				return fail(r, "empty input: no JSON value");
			return truncated(r);
		}
		switch (r->state) {
		case ST_DONE:
			return fail(r, "data after the end of the JSON document at byte %llu",
				    (unsigned long long)jr_offset(r));
		case ST_VALUE_OR_END:
			if (c == ']')
				return close_container(r, c);
			/* fall through */
		case ST_VALUE:
			return value(r, c);
		case ST_KEY_OR_END:
			if (c == '}')
				return close_container(r, c);
			/* fall through */
		case ST_KEY:
			if (c != '"')
				return fail(r, "expected an object key at byte %llu",
					    (unsigned long long)jr_offset(r));
			r->pos++;
			if (read_string(r))
				return JR_ERROR;
			r->state = ST_COLON;
			return JR_KEY;
		case ST_COLON:
			if (c != ':')
				return fail(r, "expected ':' at byte %llu", (unsigned long long)jr_offset(r));
			r->pos++;
			r->state = ST_VALUE;
			continue;
		case ST_NEXT:
			if (c == ',') {
				r->pos++;
				r->state = r->stack[r->depth - 1] == 'o' ? ST_KEY : ST_VALUE;
				continue;
			}
			if ((c == '}' && r->stack[r->depth - 1] == 'o') ||
			    (c == ']' && r->stack[r->depth - 1] == 'a'))
				return close_container(r, c);
			return fail(r, "expected ',' or '%c' at byte %llu",
				    r->stack[r->depth - 1] == 'o' ? '}' : ']',
				    (unsigned long long)jr_offset(r));
		}
		return fail(r, "internal state error");
	}
}

int jr_skip(struct jr *r, enum jr_type first)
{
	int depth;

	if (first == JR_ERROR)
		return -1;
	if (first != JR_OBJECT && first != JR_ARRAY)
		return 0;
	depth = r->depth - 1;
	r->skip = 1;
	while (r->depth > depth) {
		enum jr_type t = jr_next(r);

		if (t == JR_ERROR || t == JR_END) {
			r->skip = 0;
			return -1;
		}
	}
	r->skip = 0;
	r->tok_len = 0;
	r->tok[0] = '\0';
	return 0;
}
