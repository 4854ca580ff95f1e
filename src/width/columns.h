/* columns.h - the columns a piece of text takes where prettier measures
 * it (its getStringWidth()): a wide or full-width character two, a
 * combining mark or control character none, any other one.  The table is
 * prettier's own, one code point at a time (columns_table.h); an emoji
 * sequence counts as the sum of its code points here, as one emoji in
 * prettier.
 */
#ifndef JFMT_COLUMNS_H
#define JFMT_COLUMNS_H

#include <stddef.h>

/* What columns_of() returns for text that is not well-formed UTF-8. */
#define COLUMNS_INVALID ((size_t)-1)

/** The columns of s[0..n), or COLUMNS_INVALID if it is not well-formed
 * UTF-8 (RFC 3629). */
size_t columns_of(const char *s, size_t n);

#endif
