/* utf8_simd.h - the vector steps of the UTF-8 check, shared by the check
 * (utf8.c) and the copy that checks (utf8_copy.c); private to those two.
 *
 * The method of Keiser and Lemire (2021).  Almost every error shows in a
 * pair of adjacent bytes: the high nibble of the first, its low nibble and
 * the high nibble of the second each index a 16-entry table of error
 * classes (pshufb), and the three results are and-ed, so a bit survives
 * only where all three nibbles fit that class.  The rest is the rule that
 * the 3rd and 4th bytes of a sequence are continuations, taken from the
 * bytes two and three back, and a sequence cut off at the end.  A block
 * with no byte over 0x7f costs one test.
 *
 * UTF8_X86 is defined where these steps can be built and the CPU asked
 * which of them it runs (CPU_ASK, cpu.h); everything below needs it.
 */
#ifndef JFMT_UTF8_SIMD_H
#define JFMT_UTF8_SIMD_H

#include <string.h>

#include "base/cpu.h"

#if defined(CPU_ASK)
#define UTF8_X86 1
#endif

#if defined(UTF8_X86)
/* Error classes of a byte pair: (first byte, second byte). */
#define TOO_SHORT   (1 << 0)    /* lead, then not a continuation */
#define TOO_LONG    (1 << 1)    /* ASCII, then a continuation */
#define OVERLONG_3  (1 << 2)    /* E0, then 80-9F */
#define TOO_LARGE   (1 << 3)    /* F4-FF, then 90-BF */
#define SURROGATE   (1 << 4)    /* ED, then A0-BF */
#define OVERLONG_2  (1 << 5)    /* C0 or C1, then a continuation */
#define LARGE_1000  (1 << 6)    /* F5-FF, then 80-8F */
#define OVERLONG_4  (1 << 6)    /* F0, then 80-8F */
#define TWO_CONTS   (1 << 7)    /* continuation, then continuation: an
				 * error unless it is a 3rd or 4th byte */
#define CARRY (TOO_SHORT | TOO_LONG | TWO_CONTS)  /* any low nibble */

/* Indexed by the first byte's high nibble. */
#define FIRST_HIGH \
	TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, \
	TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS, \
	TOO_SHORT | OVERLONG_2,                                 /* C */ \
	TOO_SHORT,                                              /* D */ \
	TOO_SHORT | OVERLONG_3 | SURROGATE,                     /* E */ \
	TOO_SHORT | TOO_LARGE | LARGE_1000 | OVERLONG_4         /* F */

/* Indexed by the first byte's low nibble. */
#define FIRST_LOW \
	CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,           /* 0 */ \
	CARRY | OVERLONG_2,                                     /* 1 */ \
	CARRY, CARRY, \
	CARRY | TOO_LARGE,                                      /* 4 */ \
	CARRY | TOO_LARGE | LARGE_1000, CARRY | TOO_LARGE | LARGE_1000, \
	CARRY | TOO_LARGE | LARGE_1000, CARRY | TOO_LARGE | LARGE_1000, \
	CARRY | TOO_LARGE | LARGE_1000, CARRY | TOO_LARGE | LARGE_1000, \
	CARRY | TOO_LARGE | LARGE_1000, CARRY | TOO_LARGE | LARGE_1000, \
	CARRY | TOO_LARGE | LARGE_1000 | SURROGATE,             /* D */ \
	CARRY | TOO_LARGE | LARGE_1000, CARRY | TOO_LARGE | LARGE_1000

/* Indexed by the second byte's high nibble. */
#define SECOND_HIGH \
	TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, \
	TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, \
	TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | LARGE_1000 | OVERLONG_4, /* 8 */ \
	TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,               /* 9 */ \
	TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,                /* A */ \
	TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,                /* B */ \
	TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT

/* A block ends inside a sequence if its last byte is a lead, the one
 * before leads three or four bytes, or the one before that leads four:
 * a saturating subtraction of these leaves something there. */
#define REP8(x) x, x, x, x, x, x, x, x
#define REP32(x) REP8(x), REP8(x), REP8(x), REP8(x)
#define LAST_MAX REP8(0xff), REP8(0xff), REP8(0xff), 0xff, 0xff, 0xff, 0xff, 0xff, 0xef, 0xdf, 0xbf

/* A 3rd byte follows a byte from E0 up, a 4th one from F0 up: subtracting
 * (saturated) these leaves bit 7 set in exactly those. */
#define THIRD_BIAS (0xe0 - 0x80)
#define FOURTH_BIAS (0xf0 - 0x80)

/* The state carried from block to block, and the constants, in registers
 * (AVX2: 32-byte blocks). */
struct state256 { __m256i prev, error, incomplete; };
struct consts256 { __m256i nibble, first_high, first_low, second_high, third, fourth,
		   top, last_max; };

/* The errors of a block `in` after `before`: the 32 bytes that end 16
 * bytes into it (per 128-bit lane, alignr needs the 16 bytes before it).
 * `high` holds the high nibble of each byte of `in`.  A sequence `in`
 * ends inside of is not one. */
__attribute__((target("avx2")))
static inline __m256i errors256(const struct consts256 *k, __m256i in, __m256i high,
				__m256i before)
{
	__m256i prev1 = _mm256_alignr_epi8(in, before, 15);
	__m256i prev2 = _mm256_alignr_epi8(in, before, 14);
	__m256i prev3 = _mm256_alignr_epi8(in, before, 13);
	__m256i pairs = _mm256_and_si256(_mm256_and_si256(
		_mm256_shuffle_epi8(k->first_high,
				    _mm256_and_si256(_mm256_srli_epi16(prev1, 4), k->nibble)),
		_mm256_shuffle_epi8(k->first_low, _mm256_and_si256(prev1, k->nibble))),
		_mm256_shuffle_epi8(k->second_high, high));
	__m256i must23 = _mm256_and_si256(_mm256_or_si256(_mm256_subs_epu8(prev2, k->third),
							  _mm256_subs_epu8(prev3, k->fourth)),
					  k->top);
	return _mm256_xor_si256(pairs, must23);
}

__attribute__((target("avx2")))
static inline __m256i high_nibbles(const struct consts256 *k, __m256i in)
{
	return _mm256_and_si256(_mm256_srli_epi16(in, 4), k->nibble);
}

/* One block `in` after `before`; a block of ASCII costs one test. */
__attribute__((target("avx2")))
static inline void block256_after(struct state256 *st, const struct consts256 *k, __m256i in,
				  __m256i before)
{
	if (_mm256_movemask_epi8(in) == 0) {
		st->error = _mm256_or_si256(st->error, st->incomplete);
		st->incomplete = _mm256_setzero_si256();
		return;
	}
	st->error = _mm256_or_si256(st->error, errors256(k, in, high_nibbles(k, in), before));
	st->incomplete = _mm256_subs_epu8(in, k->last_max);
}

/* The next block `in`, after st->prev. */
__attribute__((target("avx2")))
static inline void block256(struct state256 *st, const struct consts256 *k, __m256i in)
{
	block256_after(st, k, in, _mm256_permute2x128_si256(st->prev, in, 0x21));
	st->prev = in;
}

/* The constants of consts256 in memory, whole: loaded from here, they
 * are taken as memory operands or loaded again rather than spilt (built
 * with broadcasts, they cost 40 instructions a call of copy_avx2()). */
static const unsigned char consts256_bytes[8][32] __attribute__((aligned(32))) = {
	{ REP32(0x0f) },
	{ FIRST_HIGH, FIRST_HIGH }, { FIRST_LOW, FIRST_LOW }, { SECOND_HIGH, SECOND_HIGH },
	{ REP32(THIRD_BIAS) }, { REP32(FOURTH_BIAS) }, { REP32(TWO_CONTS) },
	{ LAST_MAX },
};

__attribute__((target("avx2")))
static inline struct consts256 consts256(void)
{
	struct consts256 k;
	memcpy(&k, consts256_bytes, sizeof k);
	/* values the compiler cannot build again from immediates */
	__asm__("" : "+x"(k.nibble), "+x"(k.third), "+x"(k.fourth), "+x"(k.top));
	return k;
}
#endif

#endif
