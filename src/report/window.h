/* window.h - the part of an input still in memory, and where it lies.
 *
 * The reader keeps two reads of the input: the current one and the one
 * before it, which stays whole, so that a token or a line cut by the end of
 * a read can still be seen.  This record is what it hands down to the code
 * that works out positions (locate.h) and looks for unpaired surrogate
 * escapes (surrogates.h): the bytes, their offset in the input, and the
 * line they start on.  Offsets are counted from the start of the input,
 * after a byte order mark; lines from 1.
 */
#ifndef JFMT_WINDOW_H
#define JFMT_WINDOW_H

#include <stddef.h>

struct window_part {
	const unsigned char *p;         /* the bytes, or NULL */
	size_t len;
	unsigned long long base;        /* input offset of p[0] */
	unsigned long long line;        /* line number at p[0] */
	unsigned long long line_start;  /* input offset where that line starts */
};

struct window {
	struct window_part prev;        /* the read before, or p == NULL */
	struct window_part cur;         /* the current read */
};

/** Input offset of the first byte in memory. */
static inline unsigned long long window_start(const struct window *w)
{
	return w->prev.p ? w->prev.base : w->cur.base;
}

/** Input offset just past the last byte in memory. */
static inline unsigned long long window_end(const struct window *w)
{
	return w->cur.base + w->cur.len;
}

/** The byte at input offset g, which must lie in the window. */
static inline unsigned char window_byte(const struct window *w, unsigned long long g)
{
	if (g >= w->cur.base)
		return w->cur.p[g - w->cur.base];
	return w->prev.p[g - w->prev.base];
}

/** Whether s (n bytes) stands at offset g, wholly inside the window. */
static inline int window_has(const struct window *w, unsigned long long g,
			     const char *s, size_t n)
{
	if (g < window_start(w) || window_end(w) - g < n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (window_byte(w, g + i) != (unsigned char)s[i])
			return 0;
	return 1;
}

/* --- Between tokens: white space and comments (window.c) --- */

/**
 * The end of the comment that starts at offset g, looking no further than
 * `end`: for a // comment, its newline (or `end`); for a block comment,
 * the byte after its star-slash, or `end` with *open set to 1 when it
 * does not close before.  Returns g when no comment starts there.
 */
unsigned long long window_comment_end(const struct window *w, unsigned long long g,
				      unsigned long long end, int *open);

/**
 * The first offset from g up to `end` that is neither JSON's white space
 * nor, with `comments`, inside a comment; `end` when there is none.  The
 * one reading of what lies between tokens, for the reader's skipping
 * (skip.c) and the reports' locating (locate.c, scope.c).
 */
unsigned long long window_skip_blanks(const struct window *w, unsigned long long g,
				      unsigned long long end, int comments);

#endif
