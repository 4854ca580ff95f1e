/* skip.c - the bytes between values: white space, where to go on after
 * an invalid value, a value cut short.  See skip.h. */
#include "read/skip.h"

#include <string.h>

static int starts_value(unsigned char c)
{
	return c == '{' || c == '[' || c == '"' || c == '-' || (c >= '0' && c <= '9') ||
	       c == 't' || c == 'f' || c == 'n';
}

/* The first byte that is not white space from input offset g on, or the
 * end of what is in memory. */
unsigned long long skip_white(const struct window *w, unsigned long long g)
{
	if (g < window_start(w))
		g = window_start(w);
	return window_skip_blanks(w, g, window_end(w), 0);
}

/*
 * Where to go on after a skipped value, looking in the current read from
 * offset `from` up to `end`: after the next RS in a text sequence; else at
 * the next line whose first byte that is not white space starts a value,
 * after the line where the skipped value began (so that on NDJSON every
 * line gets its own try).  Returns `end` when it is not in this part.
 */
size_t skip_resync(const struct window *w, size_t from, size_t end, int seq,
		   unsigned long long value_start, int *fresh)
{
	const struct window_part *cur = &w->cur;
	const unsigned char *p = cur->p;
	size_t i = from, line = from;   /* where the fresh line's text here begins */

	if (seq) {
		const unsigned char *rs = memchr(p + i, SKIP_RS, end - i);
		return rs ? (size_t)(rs - p) + 1 : end;
	}
	if (value_start >= cur->base && value_start - cur->base > i) {
		i = (size_t)(value_start - cur->base);
		*fresh = 0;
	}
	for (; i < end; i++) {
		if (p[i] == '\n') {
			*fresh = 1;
			line = i + 1;
		} else if (*fresh && p[i] != ' ' && p[i] != '\t' && p[i] != '\r') {
			if (starts_value(p[i]))
				return line;
			*fresh = 0;
		}
	}
	return end;
}

/*
 * Whether anything but white space (and comments) lies between the end of
 * the last value and offset `end`, the end of the input or a record: a
 * value cut short there.  (yajl, reading several values, takes a token it
 * has begun after a complete value for nothing left when it finishes.)
 */
int skip_cut_short(const struct window *w, unsigned long long from, unsigned long long end,
		   int comments)
{
	unsigned long long g = from < window_start(w) ? window_start(w) : from;

	return g < end && window_skip_blanks(w, g, end, comments) < end;
}
