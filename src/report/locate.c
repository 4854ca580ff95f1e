/* locate.c - positions in the part of an input still in memory: line and
 * column, the excerpt shown under a message, token starts.  See locate.h. */
#include "report/locate.h"

#include <string.h>

#include "text/escape.h"
#include "text/scan.h"

/* Columns of the excerpt: about this many before the spot and in all. */
#define EXCERPT_BEFORE 40
#define EXCERPT_WIDTH 80

void locate_line_col(const struct window *w, unsigned long long g,
		     unsigned long long *line, unsigned long long *col)
{
	const struct window_part *part = &w->cur;

	if (w->prev.p && g < w->cur.base)
		part = &w->prev;
	size_t off = (size_t)(g - part->base);
	unsigned long long start = part->line_start;

	*line = part->line + count_newlines(part->p, off);
	for (size_t i = off; i > 0; i--) {
		if (part->p[i - 1] == '\n') {
			start = part->base + i;
			break;
		}
	}
	*col = g - start + 1;
}

void locate_excerpt(const struct window *w, unsigned long long g, struct diag_excerpt *ex)
{
	unsigned long long lo = window_start(w), hi = window_end(w);
	unsigned long long from = g, to = g;

	ex->len = ex->caret = 0;
	while (from > lo && g - from < EXCERPT_BEFORE && window_byte(w, from - 1) != '\n')
		from--;
	while (from < g && (window_byte(w, from) & 0xc0) == 0x80)
		from++;         /* start on a character, not inside one */
	while (to < hi && to - from < EXCERPT_WIDTH && window_byte(w, to) != '\n' &&
	       window_byte(w, to) != '\r')
		to++;
	for (unsigned long long i = from; i < to; ) {
		unsigned char b[4];
		size_t k = 0;
		while (k < 4 && i + k < to) {
			b[k] = window_byte(w, i + k);
			k++;
		}
		size_t len = utf8_sequence(b, k);
		if (i < g)
			ex->caret++;
		if (len > 1) {
			memcpy(ex->text + ex->len, b, len);
			ex->len += len;
			i += len;
			continue;
		}
		/* Control characters and broken UTF-8 would garble the terminal. */
		unsigned char c = b[0];
		ex->text[ex->len++] = c == '\t' ? ' ' : c < 0x20 || c >= 0x7f ? '?' : (char)c;
		i++;
	}
}

unsigned long long locate_end(const struct window *w)
{
	unsigned long long g = window_end(w);

	if (g > window_start(w) && window_byte(w, g - 1) == '\n')
		g--;
	return g;
}

/* locate_string_start() within the current read, with memrchr(): 0 when
 * the answer is not found there (the string may start in the read
 * before, or backslashes reach the read's start).  With --keep-escapes
 * every string holding an escape is found again: on twitter.json, the
 * byte-by-byte search alone cost 633K instructions of the 826K that the
 * option added to jfmt -c's 15.42M. */
static int string_start_in_read(const struct window_part *cur, unsigned long long end,
				unsigned long long *start)
{
	if (!cur->p || end - 1 <= cur->base || end - 1 > cur->base + cur->len)
		return 0;
	const unsigned char *p = cur->p, *q = p + (end - 1 - cur->base);

	while ((q = memrchr(p, '"', (size_t)(q - p))) != NULL) {
		const unsigned char *b = q;
		while (b > p && b[-1] == '\\')
			b--;
		if (b == p)
			return 0;
		if ((q - b) % 2 == 0) {
			*start = cur->base + (unsigned long long)(q - p);
			return 1;
		}
	}
	return 0;
}

int locate_string_start(const struct window *w, unsigned long long end,
			unsigned long long *start)
{
	unsigned long long lo = window_start(w), q = end - 1;

	if (string_start_in_read(&w->cur, end, start))
		return 1;

	while (q > lo) {
		q--;
		if (window_byte(w, q) != '"')
			continue;
		unsigned long long b = q;
		while (b > lo && window_byte(w, b - 1) == '\\')
			b--;
		/* A quote at the very start of what is in memory opens the
		 * string: the reader keeps a token's first byte in memory
		 * (blocks.h), and a backslash before it would be inside an
		 * earlier string.  Backslashes that reach the start leave the
		 * count unknown. */
		if (b == lo && b < q)
			return 0;
		if ((q - b) % 2 == 0) {
			*start = q;
			return 1;
		}
	}
	return 0;
}

static int is_delimiter(unsigned char c)
{
	return c <= ' ' || strchr("[]{},:\"", c) != NULL;
}

static int is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* The first byte of a digit run that ends at g (stopping at lo). */
static unsigned long long digits_start(const struct window *w, unsigned long long g,
				       unsigned long long lo)
{
	while (g > lo && is_digit(window_byte(w, g - 1)))
		g--;
	return g;
}

/*
 * The start of the number or word (true, false, null) that ends at g,
 * found backwards: the value before it may touch it, as in "[1-2]", "[00]"
 * or "[truefalse]", and may have begun in a read that is no longer kept,
 * while the offending token itself always is.
 */
static unsigned long long number_or_word_start(const struct window *w, unsigned long long g)
{
	unsigned long long lo = window_start(w);
	unsigned char c = window_byte(w, g);

	if (c == 'l' && g >= lo + 3 && window_has(w, g - 3, "null", 4))
		return g - 3;
	if (c == 'e' && g >= lo + 4 && window_has(w, g - 4, "false", 5))
		return g - 4;
	if (c == 'e' && g >= lo + 3 && window_has(w, g - 3, "true", 4))
		return g - 3;
	if (!is_digit(c))
		return g;

	/* The digits at the end are an exponent's, a fraction's or the
	 * integer part's. */
	unsigned long long p = digits_start(w, g, lo), e = p;
	if (e > lo && (window_byte(w, e - 1) == '+' || window_byte(w, e - 1) == '-'))
		e--;
	if (e >= lo + 2 && (window_byte(w, e - 1) == 'e' || window_byte(w, e - 1) == 'E') &&
	    is_digit(window_byte(w, e - 2)))
		p = digits_start(w, e - 2, lo);
	if (p >= lo + 2 && window_byte(w, p - 1) == '.' && is_digit(window_byte(w, p - 2)))
		p = digits_start(w, p - 2, lo);

	/* The integer part is "0" or starts with 1-9: leading zeros before
	 * it were numbers of their own. */
	unsigned long long int_end = p;
	while (int_end < g && is_digit(window_byte(w, int_end + 1)))
		int_end++;
	unsigned long long s = p;
	while (s < int_end && window_byte(w, s) == '0')
		s++;
	if (s == p && s > lo && window_byte(w, s - 1) == '-')
		s--;
	return s;
}

unsigned long long locate_token_start(const struct window *w, unsigned long long g)
{
	unsigned long long q;

	if (window_byte(w, g) == '"')
		return locate_string_start(w, g + 1, &q) ? q : g;
	if (is_delimiter(window_byte(w, g)))
		return g;
	return number_or_word_start(w, g);
}

unsigned long long locate_skip_blanks(const struct window *w, unsigned long long g,
				      int comments)
{
	unsigned long long hi = window_end(w);

	if (g < hi && (g = window_skip_blanks(w, g, hi, comments)) < hi)
		return g;
	return hi > window_start(w) ? hi - 1 : hi;
}

unsigned long long locate_error(const struct window *w, unsigned long long at,
				enum error_where where, unsigned long long member_end,
				int comments)
{
	unsigned long long lo = window_start(w), hi = window_end(w), g;

	switch (where) {
	case BEFORE_OFFSET:
		at = at > lo ? at - 1 : at;
		/* FALLTHROUGH */
	case AT_OFFSET:
		return at < hi ? at : (hi > lo ? hi - 1 : lo);
	case AT_COMMENT:
		g = at < hi ? at : (hi > lo ? hi - 1 : lo);
		while (g < hi && window_byte(w, g) != '/')
			g++;    /* yajl stops before the comment */
		return g;
	case AFTER_MEMBER:
		/* yajl moves its offset back by the token's length, or to the
		 * start of the read if the token began in an earlier one; the
		 * token starts after the value and the blanks that follow it. */
		if (member_end >= lo && member_end < hi)
			return locate_skip_blanks(w, member_end, comments);
		g = at < hi ? at : hi - 1;
		if (strchr(" \t\r\n,:[]{}", window_byte(w, g)) && window_byte(w, g) != 0)
			return g;
		while (g > lo && !strchr(" \t\r\n,:[]{}", window_byte(w, g - 1)))
			g--;
		return g;
	case AT_END:
		return locate_end(w);
	case TOKEN_BEFORE:
		break;
	}
	g = at > lo ? at - 1 : lo;
	return g < hi ? locate_token_start(w, g) : g;
}

unsigned long long locate_bad_utf8(const struct window *w, unsigned long long end)
{
	unsigned long long g;
	unsigned char b[4];

	if (!locate_string_start(w, end, &g))
		return end - 1;
	while (++g < end - 1) {
		size_t n = 0;
		while (n < 4 && g + n < end - 1) {
			b[n] = window_byte(w, g + n);
			n++;
		}
		size_t k = utf8_sequence(b, n);
		if (k == 0)
			return g;
		g += k - 1;
	}
	return end - 1;
}
