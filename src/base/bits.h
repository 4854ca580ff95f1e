/* bits.h - what the scans that read 64 bytes a window (jobs/split.c,
 * read/jsonc_lines.c) do with a window's masks, a bit a byte: the bytes
 * a backslash escapes, the bytes inside strings. */
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

/**
 * The bytes escaped by a backslash, from the mask bs of a window's
 * backslashes: the byte after each run of an odd length, and every second
 * backslash of a run.  *carry (0 or 1) says whether the window's first
 * byte is escaped, and becomes whether the next window's is.  simdjson's
 * odd-run trick: adding the runs that start on an odd bit to bs carries
 * each to its end, where the bit's parity tells the run's.
 */
static inline uint64_t escaped_bytes(uint64_t bs, uint64_t *carry)
{
	const uint64_t even = 0x5555555555555555ULL;

	bs &= ~*carry;
	uint64_t follows = bs << 1 | *carry;
	uint64_t odd_starts = bs & ~even & ~follows;
	uint64_t sum;
	*carry = __builtin_add_overflow(odd_starts, bs, &sum);
	uint64_t invert = sum << 1;
	return (even ^ invert) & follows;
}

#endif
