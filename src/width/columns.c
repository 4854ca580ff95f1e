/* columns.c - the columns of text as prettier counts them.  See
 * columns.h. */
#include "width/columns.h"

#include <stdint.h>
#include <string.h>

#include "base/utf8seq.h"

struct columns_range {
	uint32_t first, last;
};

#include "width/columns_table.h"

/* Whether code point c is in one of the n sorted ranges r. */
static int in_ranges(const struct columns_range *r, size_t n, uint32_t c)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c < r[mid].first)
			hi = mid;
		else if (c > r[mid].last)
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

/* The columns of code point c, past ASCII. */
static size_t code_point_columns(uint32_t c)
{
	/* first the common ones, which the table says: Latin, Greek and
	 * Cyrillic take one (but C1 controls), CJK and Hangul two */
	if (c < 0x300)
		return c >= 0xA0;
	if ((c >= 0x3250 && c <= 0xA48C) || (c >= 0xAC00 && c <= 0xD7A3))
		return 2;
	if (in_ranges(columns_0, COUNT(columns_0), c))
		return 0;
	return in_ranges(columns_2, COUNT(columns_2), c) ? 2 : 1;
}

size_t columns_of(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	size_t cols = 0;

	/* ASCII that is not a control character, as JSON's strings and keys
	 * are as they stand: a column a byte, eight bytes at a time */
	while (end - p >= 8) {
		uint64_t w;
		memcpy(&w, p, 8);
		if ((w & 0x8080808080808080u) ||
		    ((w - 0x2020202020202020u) & ~w & 0x8080808080808080u))
			break;
		cols += 8;
		p += 8;
	}
	while (p < end) {
		uint32_t c = *p;
		if (c < 0x80) {
			cols += c >= 0x20;
			p++;
			continue;
		}
		size_t k = utf8_sequence(p, (size_t)(end - p));
		if (k == 0)
			return COLUMNS_INVALID;
		c &= 0x7F >> k;
		for (size_t i = 1; i < k; i++)
			c = c << 6 | (p[i] & 0x3F);
		p += k;
		cols += code_point_columns(c);
	}
	return cols;
}
