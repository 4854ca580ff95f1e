/* escape.h - writing a decoded string back out as a JSON string literal. */
#ifndef JFMT_ESCAPE_H
#define JFMT_ESCAPE_H

#include <stddef.h>

#include "fbuffer.h"

/* Escaping modes; they combine. */
enum {
	ESCAPE_ASCII = 1, /* every non-ASCII character (and DEL) as \uxxxx */
	ESCAPE_SLASH = 2, /* '/' as \/ */
};

/**
 * Append `s[0..len)` (UTF-8, may contain NUL) to `fb` as a quoted JSON
 * string.  Only what must be escaped is: '"', '\\', and bytes below 0x20
 * (as \b \f \n \r \t, or \u00xx), plus what `mode` asks for.  Escapes use
 * lowercase hex, as Python's json module does.
 */
void escape_string(struct fbuffer *fb, const unsigned char *s, size_t len, int mode);

/**
 * Append a JSON string given as the raw text between its quotes, decoding its
 * escapes and writing the result as escape_string() would; an unpaired
 * surrogate escape (\ud800) is written back as the same escape, in lowercase.
 * `raw` must be lexically valid.
 */
void escape_raw_string(struct fbuffer *fb, const unsigned char *raw, size_t len, int mode);

/** Append the six-byte escape \uxxxx for the UTF-16 code unit `u`. */
void escape_unit(struct fbuffer *fb, unsigned u);

#endif
