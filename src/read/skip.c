/* skip.c - the bytes between values: where to go on after
 * an invalid value, a value cut short.  See skip.h. */
#include "read/skip.h"

#include <string.h>

/*
 * Where to go on after a skipped value, looking in the current read from
 * offset `from` up to `end`: after the next RS in a text sequence; else at
 * the next line whose first byte starts a value.  A line whose value is
 * indented is inside a document, never the start of one: so a broken
 * pretty-printed document is skipped whole, not taken apart into values.
 * Lines are read in `text`, where comments are blank: a line inside one
 * begins nothing.  Returns `end` when it is not in this part.  In a text
 * sequence *fresh says whether it was found (an RS that is the part's
 * last byte puts the next record at `end`).
 */
size_t skip_resync(const struct window *w, const unsigned char *text, size_t from, size_t end,
		   int seq, int *fresh)
{
	const unsigned char *p = w->cur.p;

	if (seq) {
		const unsigned char *rs = memchr(p + from, SKIP_RS, end - from);
		*fresh = rs != NULL;
		return rs ? (size_t)(rs - p) + 1 : end;
	}
	for (size_t i = from; i < end; i++) {
		if (*fresh && skip_starts_value(text[i]))
			return i;
		*fresh = text[i] == '\n';
	}
	return end;
}

int skip_line_starts(const struct window *w, unsigned long long g)
{
	if (g == 0)
		return 1;
	return g - 1 >= window_start(w) && g - 1 < window_end(w) && window_byte(w, g - 1) == '\n';
}

int skip_value_line(const struct window *w, unsigned long long g)
{
	return g >= window_start(w) && g < window_end(w) && skip_line_starts(w, g) &&
	       skip_starts_value(window_byte(w, g));
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
