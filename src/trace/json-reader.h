/*
 * json-reader.h: a streaming JSON tokenizer (json-reader.c). Not installed,
 * not used outside src/trace/.
 *
 * A pull parser: jr_next() returns the next token of the document, checked
 * against JSON's grammar (RFC 8259) as it goes, with a string or number's
 * text in r->tok. It reads its input in 64 KiB blocks through a callback, so
 * memory is one block plus the longest token (at most JR_MAX_TOKEN bytes)
 * plus the nesting stack (at most JR_MAX_DEPTH levels), whatever the
 * document's size. Strings are decoded (escapes, \u surrogate pairs; a lone
 * surrogate becomes U+FFFD); raw bytes are passed through as they are.
 *
 * Errors (bad syntax, a document that ends inside a value, a token or
 * nesting past the limits, a read error) make jr_next() return JR_ERROR
 * from then on, with a message in r->err that says what and at which byte.
 */
#ifndef OVERLAPCHECK_TRACE_JSON_READER_H
#define OVERLAPCHECK_TRACE_JSON_READER_H

#include <stddef.h>
#include <stdint.h>

#define JR_MAX_DEPTH 256
#define JR_MAX_TOKEN (16u << 20)
#define JR_BLOCK     65536

/* Fill buf with up to cap bytes: how many, 0 at the end of the input, -1
 * on a read error (with a message in err). */
typedef long (*jr_read_fn)(void *ctx, unsigned char *buf, size_t cap, char *err, size_t errlen);

enum jr_type {
	JR_END = 0,       /* the document is complete and nothing follows it */
	JR_ERROR,
	JR_OBJECT, JR_OBJECT_END,
	JR_ARRAY, JR_ARRAY_END,
	JR_KEY,           /* an object member's name, in tok */
	JR_STRING,        /* in tok */
	JR_NUMBER,        /* its text, in tok */
	JR_TRUE, JR_FALSE, JR_NULL,
};

struct jr {
	jr_read_fn read;
	void *ctx;
	unsigned char *buf;
	size_t pos, len;
	uint64_t consumed;                  /* input bytes before buf[0] */
	int eof;
	char *tok;                          /* NUL-terminated */
	size_t tok_len, tok_cap;
	int skip;                           /* inside jr_skip(): strings are not kept */
	uint8_t stack[JR_MAX_DEPTH];        /* 'o' or 'a' per open container */
	int depth;
	int state;
	int failed;
	char err[256];
};

/* 0, or -1 out of memory. */
int jr_init(struct jr *r, jr_read_fn read, void *ctx);
void jr_release(struct jr *r);
enum jr_type jr_next(struct jr *r);
/* After first, the first token of a value (an object member's value, an
 * array element): consume the rest of that value. 0, or -1 (JR_ERROR). */
int jr_skip(struct jr *r, enum jr_type first);
/* Bytes of input consumed so far. */
uint64_t jr_offset(const struct jr *r);

#endif
