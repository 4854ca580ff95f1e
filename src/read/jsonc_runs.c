/* jsonc_runs.c - the runs of bytes the comment pass (jsonc.c) passes at
 * once.  See jsonc_runs.h. */
#include "read/jsonc_runs.h"

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

unsigned char runs_class[256];
/* (filled once, by whichever thread sets up a reader for JSONC first:
 * several may at once, each a worker of several inputs; 0 not yet, 1
 * being filled, 2 filled) */
static atomic_int runs_class_state;

static void fill_classes(void)
{
	for (const char *s = "\"\\\t\r\n\x1e"; *s; s++)
		runs_class[(unsigned char)*s] = 1;
	for (int c = 0; c < 256; c++)
		if ((c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
		    (c && strchr(".+-:[{", c)))
			runs_class[c] = BYTE_PLAIN;
	runs_class[','] = runs_class[']'] = runs_class['}'] = BYTE_BETWEEN;
}

void runs_init(void)
{
	int none = 0;

	if (atomic_load_explicit(&runs_class_state, memory_order_acquire) == 2)
		return;
	if (atomic_compare_exchange_strong(&runs_class_state, &none, 1)) {
		fill_classes();
		atomic_store_explicit(&runs_class_state, 2, memory_order_release);
	}
	while (atomic_load_explicit(&runs_class_state, memory_order_acquire) != 2)
		;       /* another thread fills it, in microseconds */
}

/*
 * Pass the bytes of a string from p[i] that need no look (runs_class 0),
 * a column for each but UTF-8's continuation bytes; returns where they
 * end.  Eight bytes at a time where none is a quote, a backslash or a
 * control byte: twitter.json's strings took 9 instructions a byte one at
 * a time.
 */
size_t runs_string(const unsigned char *p, size_t i, size_t len, size_t *columns)
{
	const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
	size_t cols = 0;

	for (; i + 8 <= len; i += 8) {
		uint64_t w, q, b;
		memcpy(&w, p + i, 8);
		q = w ^ ('"' * ones);
		b = w ^ ('\\' * ones);
		if ((((q - ones) & ~q) | ((b - ones) & ~b) | ((w - 0x20 * ones) & ~w)) & high)
			break;          /* one of them is here */
		/* continuation bytes, 10xxxxxx: one bit each at bit 7 of
		 * its byte, summed into the top byte by the multiply */
		uint64_t cont = (w & high & ~(w << 1)) >> 7;
		cols += 8 - (size_t)((cont * ones) >> 56);
	}
	for (; i < len && !runs_class[p[i]]; i++)
		cols += (p[i] & 0xC0) != 0x80;
	*columns = cols;
	return i;
}

/* Whether the comma at p[i] may be a trailing one: no token byte follows
 * it at once in p[0..len), or a closing bracket does. */
int runs_maybe_trailing(const unsigned char *p, size_t i, size_t len)
{
	return i + 1 == len || runs_class[p[i + 1]] < BYTE_PLAIN || p[i + 1] == ']' ||
	       p[i + 1] == '}';
}

/* Where a run of tokens' bytes from p[i] may end, at the most: eight
 * bytes at a time while none is white space or a control byte, a quote,
 * a slash, or a comma before a closing bracket or at the end of the eight
 * (which the byte loop then looks at).  canada.json's runs took 11
 * instructions a byte one at a time. */
size_t runs_tokens(const unsigned char *p, size_t i, size_t len)
{
	const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;

	for (; i + 8 <= len; i += 8) {
		uint64_t w, q, s, c, b, k;
		memcpy(&w, p + i, 8);
		q = w ^ ('"' * ones);
		s = w ^ ('/' * ones);
		c = w ^ (',' * ones);
		b = w ^ (']' * ones);
		k = w ^ ('}' * ones);
		uint64_t stop = ((w - 0x21 * ones) & ~w) | ((q - ones) & ~q) | ((s - ones) & ~s);
		uint64_t comma = (c - ones) & ~c & high;
		uint64_t close = (((b - ones) & ~b) | ((k - ones) & ~k)) & high;
		if ((stop & high) || (comma & ((close >> 8) | (high & ~(high >> 8)))))
			break;
	}
	return i;
}

