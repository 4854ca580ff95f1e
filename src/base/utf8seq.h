/* utf8seq.h - the definition of a well-formed UTF-8 sequence (RFC 3629),
 * at the lowest floor, as file names in messages are quoted by it
 * (quote.h) as well as text checked (text/utf8.h, which says more).
 */
#ifndef JFMT_UTF8SEQ_H
#define JFMT_UTF8SEQ_H

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

#endif
