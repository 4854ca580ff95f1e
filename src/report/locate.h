/* locate.h - where in an input something is: line and column, the line
 * itself for a message, and the start of the token at a given byte.
 *
 * Everything here reads a struct window (window.h), the part of the input
 * still in memory, and nothing else: it knows neither the reader nor yajl.
 */
#ifndef JFMT_LOCATE_H
#define JFMT_LOCATE_H

#include "base/diag.h"
#include "report/parse_error.h"
#include "report/window.h"

/** Line and column (both from 1; the column in bytes) of input offset g. */
void locate_line_col(const struct window *w, unsigned long long g,
		     unsigned long long *line, unsigned long long *col);

/** The line around offset g, about 80 columns of it, with the caret at g. */
void locate_excerpt(const struct window *w, unsigned long long g, struct diag_excerpt *ex);

/** Where a message about the end of the input points: just after the last
 * character of its last line. */
unsigned long long locate_end(const struct window *w);

/**
 * The opening quote of the string token whose closing quote is at end - 1:
 * the first quote before it that an even number of backslashes precede.
 * Returns 1 and sets *start, or 0 when that is no longer in memory.
 */
int locate_string_start(const struct window *w, unsigned long long end,
			unsigned long long *start);

/** The start of the token whose last byte is at g: the opening quote of a
 * string, the first character of a number or a word. */
unsigned long long locate_token_start(const struct window *w, unsigned long long g);

/**
 * The first byte from g on that is not white space or, with `comments`,
 * part of a comment; the last byte in memory if there is none.
 */
unsigned long long locate_skip_blanks(const struct window *w, unsigned long long g,
				      int comments);

/**
 * Where the offending byte or token of a parse error is, given the input
 * offset `at` where yajl stopped, and where the error lies from there
 * (parse_error.h); `member_end` is the offset just after the last value
 * that ended inside an object, and `comments` whether comments are allowed.
 */
unsigned long long locate_error(const struct window *w, unsigned long long at,
				enum error_where where, unsigned long long member_end,
				int comments);

/**
 * The first byte of the string token that ends just before `end` (its
 * closing quote at end - 1) that is not part of well-formed UTF-8; end - 1
 * if its start is no longer in memory.
 */
unsigned long long locate_bad_utf8(const struct window *w, unsigned long long end);

#endif
