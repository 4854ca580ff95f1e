/* skip.h - the bytes between values, read in the part of the input in
 * memory (window.h): where to go on after an invalid value;
 * whether a value was cut short by the end of the input or of a record.
 */
#ifndef JFMT_SKIP_H
#define JFMT_SKIP_H

#include <stddef.h>

#include "report/window.h"

/* RFC 7464's record separator. */
#define SKIP_RS 0x1e

/** Whether a value may begin with byte c: '{', '[', '"', a digit, '-',
 * 't', 'f' or 'n'. */
static inline int skip_starts_value(unsigned char c)
{
	return c == '{' || c == '[' || c == '"' || c == '-' || (c >= '0' && c <= '9') ||
	       c == 't' || c == 'f' || c == 'n';
}

/**
 * Where to go on after an invalid value, in the current read of w from
 * offset `from` up to `end`: after the next RS in a text sequence (`seq`);
 * else at the next line whose first byte starts a value ('{', '[', '"',
 * a digit, '-', 't', 'f' or 'n'): every line of NDJSON, and the next
 * document of a pretty-printed stream, whose inner lines are indented.
 * Lines are read in `text`, which stands for w->cur.p as yajl is given it:
 * with --comments a copy where comments are blank, so that a line inside
 * one begins nothing.  Returns `end` when it is not there.  *fresh says whether a line begins
 * at `from`, and carries that over from one read to the next; in a text
 * sequence it says on return whether the next record was found, which
 * may begin at `end` (after an RS that ends the part).
 */
size_t skip_resync(const struct window *w, const unsigned char *text, size_t from, size_t end,
		   int seq, int *fresh);

/** Whether a line begins at input offset g: the start of the input, or
 * after a newline (0 when that byte is no longer in memory). */
int skip_line_starts(const struct window *w, unsigned long long g);

/** Whether the line that begins at input offset g, in memory, begins a
 * value (as skip_resync() goes on at). */
int skip_value_line(const struct window *w, unsigned long long g);

/**
 * Whether anything but white space (and, with `comments`, comments) lies
 * in w from input offset `from`, where the last value ended, to `end`: a
 * value cut short there.  (yajl, reading several values, takes a token it
 * has begun after a complete value for nothing left when it finishes.)
 */
int skip_cut_short(const struct window *w, unsigned long long from, unsigned long long end,
		   int comments);

#endif
