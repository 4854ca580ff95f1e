/* utf8.h - the rules of well-formed UTF-8 (RFC 3629), and checking text
 * against them.
 *
 * A well-formed sequence is one to four bytes: no overlong forms (C0, C1,
 * E0 80-9F, F0 80-8F), no UTF-16 surrogates (ED A0-BF), nothing past
 * U+10FFFF (F4 90-BF, F5-FF).  utf8_sequence() is the definition; every
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

/** The length of the sequence led by `c`, a byte from C2 to F4. */
static inline size_t utf8_lead_length(unsigned c)
{
	return c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
}

/**
 * Length of the well-formed UTF-8 sequence at s[0..len): 1 to 4, or 0 if
 * it is not one (len must be at least 1).
 */
static inline size_t utf8_sequence(const unsigned char *s, size_t len)
{
	unsigned c = s[0];
	unsigned lo = 0x80, hi = 0xbf;  /* allowed range of the second byte */

	if (c < 0x80)
		return 1;
	if (c < 0xc2 || c > 0xf4)
		return 0;       /* continuation, overlong lead, or past U+10FFFF */
	size_t n = utf8_lead_length(c);
	if (c == 0xe0)
		lo = 0xa0;      /* overlong */
	else if (c == 0xed)
		hi = 0x9f;      /* UTF-16 surrogates */
	else if (c == 0xf0)
		lo = 0x90;      /* overlong */
	else if (c == 0xf4)
		hi = 0x8f;      /* past U+10FFFF */
	if (len < n || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t k = 2; k < n; k++)
		if ((s[k] & 0xc0) != 0x80)
			return 0;
	return n;
}

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
