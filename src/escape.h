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
 * lowercase hex, as Python's json module does.  The UTF-8 is checked on the
 * way (RFC 3629: no overlong forms, surrogates or code points past
 * U+10FFFF): returns 0, or -1 if it is invalid, having written part of it.
 */
int escape_string(struct fbuffer *fb, const unsigned char *s, size_t len, int mode);

/**
 * escape_string() between `pre[0..npre)` and `post[0..npost)`, all with one
 * capacity check in the common case: a separator, the string, a colon.
 * 32 bytes must be readable at `pre` even when `npre` is smaller; `npost`
 * is at most 2.
 */
int escape_string_framed(struct fbuffer *fb, const char *pre, size_t npre,
			 const unsigned char *s, size_t len,
			 const char *post, size_t npost, int mode);

/**
 * Append a JSON string given as the raw text between its quotes, decoding its
 * escapes and writing the result as escape_string() would; an unpaired
 * surrogate escape (\ud800) is written back as the same escape, in lowercase.
 * `raw` must be lexically valid.  Returns 0, or -1 on invalid UTF-8.
 */
int escape_raw_string(struct fbuffer *fb, const unsigned char *raw, size_t len, int mode);

/**
 * Length of the well-formed UTF-8 sequence at s[0..len): 1 to 4, or 0 if
 * it is not one.
 */
size_t utf8_sequence(const unsigned char *s, size_t len);

/** 0 if s[0..len) is well-formed UTF-8, else -1. */
int utf8_check(const unsigned char *s, size_t len);

/** Append the six-byte escape \uxxxx for the UTF-16 code unit `u`. */
void escape_unit(struct fbuffer *fb, unsigned u);

#endif
