/*
 * wrap.c: text for a terminal of a given width (report.h, oc_wrap): each
 * line longer than the width is broken at spaces, its continuation lines
 * indented four columns past the line's own indentation, so a list item
 * stays one visual block. A word longer than the room is never cut (kernel
 * names are already shortened: oc_fmt_name); ANSI colour sequences take no
 * columns; lines that fit are copied as they are, and so are a table's rows
 * (two or more runs of aligning spaces after the indentation), whose
 * columns a break would scatter.
 */
#include <stdio.h>
#include <string.h>

#include "overlapcheck/report.h"

/* Columns of s[0..n): UTF-8 continuation bytes and ESC [ ... m take none. */
static size_t columns(const char *s, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (ch == 0x1b && i + 1 < n && s[i + 1] == '[') {
			while (i < n && s[i] != 'm')
				i++;
			continue;
		}
		if ((ch & 0xC0) != 0x80)
			c++;
	}
	return c;
}

/* A unit after a number: the space before it never breaks ("5.35 ms"). */
static int unit_at(const char *s, size_t i, size_t n)
{
	static const char *const units[] = { "ns", "us", "\xc2\xb5s", "ms", "s", "B", "KiB", "MiB", "GiB" };

	for (size_t k = 0; k < sizeof units / sizeof units[0]; k++) {
		size_t u = strlen(units[k]);
		if (i + u <= n && !memcmp(s + i, units[k], u) &&
		    (i + u == n || strchr(" ,;:.)", s[i + u])))
			return 1;
	}
	return 0;
}

/* The end of the word at s[w0..n): the next space outside parentheses, so
 * "(stream 13)" stays whole; inside a group longer than a third of the
 * width, the next space; never the space between a number and its unit. */
static size_t word_end(const char *s, size_t w0, size_t n, size_t width)
{
	int depth = 0;
	size_t w1 = w0, open_at = 0;

	for (; w1 < n; w1++) {
		if (s[w1] == '(' && depth++ == 0)
			open_at = w1;
		else if (s[w1] == ')' && depth > 0)
			depth--;
		else if (s[w1] == ' ' && (depth == 0 || w1 - open_at > width / 3) &&
			 !(w1 > w0 && s[w1 - 1] >= '0' && s[w1 - 1] <= '9' && unit_at(s, w1 + 1, n)))
			break;
	}
	return w1;
}

static int wrap_line(FILE *f, const char *s, size_t n, size_t width)
{
	size_t indent = 0, hang, col, i;

	while (indent < n && s[indent] == ' ')
		indent++;
	hang = indent + 4 < width / 2 ? indent + 4 : indent;
	if (fwrite(s, 1, indent, f) != indent)
		return -1;
	i = indent;
	col = indent;
	while (i < n) {
		size_t w0 = i, w1, gap, wc;
		while (w0 < n && s[w0] == ' ')
			w0++;
		if (w0 >= n)
			break;
		w1 = word_end(s, w0, n, width);
		gap = w0 - i;   /* the spaces as they were: columns stay aligned */
		wc = columns(s + w0, w1 - w0);
		if (col > hang && col + gap + wc > width) {
			fprintf(f, "\n%*s", (int)hang, "");
			col = hang;
			gap = 0;
		}
		fwrite(s + i + (w0 - i - gap), 1, gap, f);
		fwrite(s + w0, 1, w1 - w0, f);
		col += gap + wc;
		i = w1;
	}
	return fputc('\n', f) == EOF ? -1 : 0;
}

/* A table's row: two or more runs of two spaces or more after the indentation. */
static int table_row(const char *s, size_t n)
{
	size_t i = 0;
	int runs = 0;

	while (i < n && s[i] == ' ')
		i++;
	for (; i + 1 < n; i++)
		if (s[i] == ' ' && s[i + 1] == ' ') {
			runs++;
			while (i < n && s[i] == ' ')
				i++;
		}
	return runs >= 2;
}

int oc_wrap(FILE *f, const char *text, size_t len, int width)
{
	const char *s = text, *end = text + len;

	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
		if (width <= 0 || columns(s, n) <= (size_t)width || table_row(s, n)) {
			if (fwrite(s, 1, n, f) != n || (nl && fputc('\n', f) == EOF))
				return -1;
		} else if (wrap_line(f, s, n, (size_t)width) < 0) {
			return -1;
		}
		s += n + (nl ? 1 : 0);
	}
	return ferror(f) ? -1 : 0;
}
