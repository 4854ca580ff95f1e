/* bits.h - what the scans that read 64 bytes a window (jobs/split.c,
 * read/jsonc_lines.c) do with a window's masks, a bit a byte. */
#ifndef JFMT_BITS_H
#define JFMT_BITS_H

#include <stdint.h>

/** Bit i set when an odd number of x's bits up to and including i are:
 * from a mask of quotes, the bytes inside strings. */
static inline uint64_t prefix_parity(uint64_t x)
{
	x ^= x << 1;
	x ^= x << 2;
	x ^= x << 4;
	x ^= x << 8;
	x ^= x << 16;
	x ^= x << 32;
	return x;
}

#endif
