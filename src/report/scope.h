/* scope.h - what encloses a point of the input: the containers open there
 * and whether it is inside a string, found by lexing the part of the input
 * in memory forward from a point known to lie between tokens.
 *
 * Messages use it to say what an error is inside of ("end of input inside
 * an array opened at 3:5", "']' does not close the object opened at
 * 1:1"); nothing on the hot path does, but for keeping such a point in
 * memory (scope_clean_point(), once a read).
 */
#ifndef JFMT_SCOPE_H
#define JFMT_SCOPE_H

#include "report/window.h"

/* The outermost containers opened in the scan whose places are kept:
 * deeper ones are counted only. */
#define SCOPE_KEEP 64

struct scope {
	int known;                      /* the scan had a point to start from */
	int in_string;                  /* the point is inside a string */
	unsigned long long string_start;/* ... that opened here */
	int in_comment;                 /* inside a block comment (--comments) */
	unsigned long long comment_start;
	unsigned long long depth;       /* containers open since the start */
	char kind[SCOPE_KEEP];          /* '[' or '{', by depth */
	unsigned long long open_at[SCOPE_KEEP]; /* where each opened */
	unsigned long long closed_too_many; /* closings with nothing open */
};

/**
 * Lex w from offset `from` (between tokens; containers open there are not
 * counted) to `to`.  `comments`: whether comments are allowed.
 */
void scope_scan(const struct window *w, unsigned long long from, unsigned long long to,
		int comments, struct scope *s);

/**
 * The innermost container open at the point, if it opened after the start
 * of the scan: 1 with *kind ('[' or '{') and *at set, else 0.
 */
int scope_innermost(const struct scope *s, char *kind, unsigned long long *at);

/* No offset: what scope_clean_point() returns when it finds none. */
#define SCOPE_NONE (~0ULL)

/**
 * A point to scan from (scope_scan()) at or after `at`, found by lexing w
 * from `from`, itself such a point, no further than `end`: the first
 * offset there outside every string and comment.  SCOPE_NONE when the
 * bytes up to `end` do not tell (a string or comment still open there).
 * The reader calls it once a read, before the read before goes out of
 * memory, so that messages keep a point to scan from in the window
 * however long ago the last top-level value ended.  It lexes strings 64
 * bytes at a time, as bit masks, and goes from a string's end to the next
 * quote with memchr(); from a slash (`comments`) or a backslash outside
 * strings on, a quote or slash at a time.
 */
unsigned long long scope_clean_point(const struct window *w, unsigned long long from,
				     unsigned long long at, unsigned long long end, int comments);

#endif
