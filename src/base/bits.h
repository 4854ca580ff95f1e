/* bits.h - the masks of the scans that read 64 bytes a window, a bit a
 * byte (jobs/split.c, read/jsonc_lines.c, report/scope.c): a mask of one
 * byte value, and what the scans do with the masks: the bytes a backslash
 * escapes, the bytes inside strings. */
#ifndef JFMT_BITS_H
#define JFMT_BITS_H

#include <stddef.h>
#include <stdint.h>

#include "base/cpu.h"

/* The bytes of a window: a bit each in a mask. */
#define BITS_WINDOW 64

#if defined(CPU_X86)
/* The bytes an SSE2 compare takes. */
#define BITS_LANE 16

/* The bits of the BITS_LANE bytes at p equal to the byte of `want`. */
static inline uint64_t lane_bits(const unsigned char *p, __m128i want)
{
	__m128i v = _mm_loadu_si128((const __m128i *)p);
	return (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, want));
}
#endif

/**
 * Bit i set when byte i of the len at p (BITS_WINDOW at the most) is c:
 * with SSE2 compares for a whole window on x86-64, else a byte at a time.
 */
static inline uint64_t byte_bits(const unsigned char *p, size_t len, unsigned char c)
{
#if defined(CPU_X86)
	if (len == BITS_WINDOW) {
		const __m128i want = _mm_set1_epi8((char)c);
		return lane_bits(p, want) | lane_bits(p + BITS_LANE, want) << BITS_LANE |
		       lane_bits(p + 2 * BITS_LANE, want) << 2 * BITS_LANE |
		       lane_bits(p + 3 * BITS_LANE, want) << 3 * BITS_LANE;
	}
#endif
	uint64_t m = 0;
	for (size_t i = 0; i < len; i++)
		m |= (uint64_t)(p[i] == c) << i;
	return m;
}

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

#if defined(CPU_ASK)
/** prefix_parity() in one carry-less multiply by all ones, where the CPU
 * has it (CPU_FEATURE_ACTIVE(PCLMULQDQ)). */
static inline __attribute__((always_inline, target("pclmul,sse2")))
uint64_t parity_clmul(uint64_t x)
{
	__m128i v = _mm_set_epi64x(0, (long long)x);
	__m128i ones = _mm_set1_epi8((char)0xff);
	return (uint64_t)_mm_cvtsi128_si64(_mm_clmulepi64_si128(v, ones, 0));
}
#endif

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
