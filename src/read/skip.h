/* skip.h - the bytes between values, read in the part of the input in
 * memory (window.h): white space; where to go on after an invalid value;
 * whether a value was cut short by the end of the input or of a record.
 */
#ifndef JFMT_SKIP_H
#define JFMT_SKIP_H

#include <stddef.h>

#include "report/window.h"

/* RFC 7464's record separator. */
#define SKIP_RS 0x1e

/** The first byte from input offset g on (or from the start of what is in
 * memory) that is not white space, or the end of what is in memory. */
unsigned long long skip_white(const struct window *w, unsigned long long g);

/**
 * Where to go on after an invalid value, in the current read of w from
 * offset `from` up to `end`: after the next RS in a text sequence (`seq`);
 * else at the next line, after the one holding input offset `value_start`
 * (where the invalid value began), whose first byte that is not white
 * space starts a value.  Returns `end` when it is not there.  *fresh,
 * 0 when the skip begins, carries over from one read to the next whether
 * such a line has begun and held only white space so far.
 */
size_t skip_resync(const struct window *w, size_t from, size_t end, int seq,
		   unsigned long long value_start, int *fresh);

/**
 * Whether anything but white space (and, with `comments`, comments) lies
 * in w from input offset `from`, where the last value ended, to `end`: a
 * value cut short there.  (yajl, reading several values, takes a token it
 * has begun after a complete value for nothing left when it finishes.)
 */
int skip_cut_short(const struct window *w, unsigned long long from, unsigned long long end,
		   int comments);

#endif
