/* escape_body.h - the characters of a string, without its quotes, escaped
 * as escape_string() escapes them.  Private to escape.c, which defines it,
 * and escape_raw.c, which writes the pieces of a raw string through it.
 */
#ifndef JFMT_ESCAPE_BODY_H
#define JFMT_ESCAPE_BODY_H

#include <stddef.h>

#include "base/fbuffer.h"

/**
 * Append s[0..len) to `fb` escaped in `mode` (escape.h), without quotes.
 * Returns 0, or -1 if it is not well-formed UTF-8, having written part of
 * it.
 */
int escape_body(struct fbuffer *fb, const unsigned char *s, size_t len, int mode);

#endif
