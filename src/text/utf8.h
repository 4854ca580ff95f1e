/* utf8.h - the rules of well-formed UTF-8 (RFC 3629), and checking text
 * against them.
 *
 * A well-formed sequence is one to four bytes: no overlong forms (C0, C1,
 * E0 80-9F, F0 80-8F), no UTF-16 surrogates (ED A0-BF), nothing past
 * U+10FFFF (F4 90-BF, F5-FF).  utf8_sequence() (base/utf8seq.h, below
 * every floor, for file names in messages too) is the definition; every
 * other check here must agree with it, and tests/unit/utf8_check.c holds
 * them to it.
 *
 * utf8_check() runs over whole strings, so it is vectorised: the method of
 * Keiser and Lemire, "Validating UTF-8 in less than one instruction per
 * byte" (2021), with AVX2 or SSSE3 where the CPU has them (picked once at
 * start-up), else a plain loop.  utf8_copy.h copies text while checking it
 * the same way.
 */
#ifndef JFMT_UTF8_H
#define JFMT_UTF8_H

#include <stddef.h>

#include "base/utf8seq.h"

/**
 * The code point of the multi-byte sequence at `s`, already known to be
 * well-formed (nothing is checked); its length is stored in `*n`.
 */
static inline unsigned utf8_decode_valid(const unsigned char *s, size_t *n)
{
	unsigned c = s[0];

	if (c < 0xe0) {
		*n = 2;
		return (c & 0x1f) << 6 | (s[1] & 0x3f);
	}
	if (c < 0xf0) {
		*n = 3;
		return (c & 0x0f) << 12 | (s[1] & 0x3f) << 6 | (s[2] & 0x3f);
	}
	*n = 4;
	return (c & 0x07) << 18 | (s[1] & 0x3f) << 12 | (s[2] & 0x3f) << 6 | (s[3] & 0x3f);
}

/** 0 if s[0..len) is well-formed UTF-8, else -1. */
int utf8_check(const unsigned char *s, size_t len);

#endif
