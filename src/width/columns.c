/* columns.c - the columns of text as prettier counts them.  See
 * columns.h. */
#include "width/columns.h"

#include <stdint.h>

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

size_t columns_of(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;
	size_t cols = 0;

	while (p < end) {
		uint32_t c = *p;
		if (c < 0x80) {
			cols += c >= 0x20;
			p++;
			continue;
		}
		int k = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
		c &= 0x3F >> k;
		for (int i = 1; i <= k && p + i < end; i++)
			c = c << 6 | (p[i] & 0x3F);
		p += k + 1;
		if (in_ranges(columns_0, COUNT(columns_0), c))
			continue;
		cols += in_ranges(columns_2, COUNT(columns_2), c) ? 2 : 1;
	}
	return cols;
}
