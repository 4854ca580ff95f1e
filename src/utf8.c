/* utf8.c - checking whole strings for well-formed UTF-8.  See utf8.h.
 *
 * The vector versions follow Keiser and Lemire (2021).  Almost every error
 * shows in a pair of adjacent bytes: the high nibble of the first, its low
 * nibble and the high nibble of the second each index a 16-entry table of
 * error classes (pshufb), and the three results are and-ed, so a bit
 * survives only where all three nibbles fit that class.  The rest is the
 * rule that the 3rd and 4th bytes of a sequence are continuations, taken
 * from the bytes two and three back, and a sequence cut off at the end.
 * A block with no byte over 0x7f costs one test.
 */
#include "utf8.h"

#include "fbuffer.h"     /* fbuffer_copy_small() */

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && defined(__SSE2__)
#include <immintrin.h>
/* glibc's record of the CPU's features; see scan.c for why not cpuid */
#if defined(__has_include)
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>
#if defined(CPU_FEATURE_ACTIVE)         /* glibc 2.33 and later */
#define UTF8_X86 1
#endif
#endif
#endif
#endif

/* Strings shorter than one SSSE3 vector are checked by the plain loop. */
#define UTF8_VECTOR_MIN 16

/* Any byte of `w` over 0x7f. */
#define HIGH_BITS 0x8080808080808080ULL

static int check_plain(const unsigned char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		uint64_t w;
		if (len - i >= sizeof w) {
			memcpy(&w, s + i, sizeof w);
			if ((w & HIGH_BITS) == 0) {
				i += sizeof w;
				continue;
			}
		}
		size_t n = utf8_sequence(s + i, len - i);
		if (n == 0)
			return -1;
		i += n;
	}
	return 0;
}

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
static const unsigned char first_high[16] = {
	TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
	TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,
	TOO_SHORT | OVERLONG_2,                                 /* C */
	TOO_SHORT,                                              /* D */
	TOO_SHORT | OVERLONG_3 | SURROGATE,                     /* E */
	TOO_SHORT | TOO_LARGE | LARGE_1000 | OVERLONG_4,        /* F */
};

/* Indexed by the first byte's low nibble. */
static const unsigned char first_low[16] = {
	CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,           /* 0 */
	CARRY | OVERLONG_2,                                     /* 1 */
	CARRY, CARRY,
	CARRY | TOO_LARGE,                                      /* 4 */
	CARRY | TOO_LARGE | LARGE_1000, CARRY | TOO_LARGE | LARGE_1000,
	CARRY | TOO_LARGE | LARGE_1000, CARRY | TOO_LARGE | LARGE_1000,
	CARRY | TOO_LARGE | LARGE_1000, CARRY | TOO_LARGE | LARGE_1000,
	CARRY | TOO_LARGE | LARGE_1000, CARRY | TOO_LARGE | LARGE_1000,
	CARRY | TOO_LARGE | LARGE_1000 | SURROGATE,             /* D */
	CARRY | TOO_LARGE | LARGE_1000, CARRY | TOO_LARGE | LARGE_1000,
};

/* Indexed by the second byte's high nibble. */
static const unsigned char second_high[16] = {
	TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
	TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
	TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | LARGE_1000 | OVERLONG_4, /* 8 */
	TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,               /* 9 */
	TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,                /* A */
	TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,                /* B */
	TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
};

/* A block ends inside a sequence if its last byte is a lead, the one
 * before leads three or four bytes, or the one before that leads four:
 * a saturating subtraction of these leaves something there. */
static const unsigned char last_max[32] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xef, 0xdf, 0xbf,
};

/* A 3rd byte follows a byte from E0 up, a 4th one from F0 up: subtracting
 * (saturated) these leaves bit 7 set in exactly those. */
#define THIRD_BIAS (0xe0 - 0x80)
#define FOURTH_BIAS (0xf0 - 0x80)

/* The state carried from block to block, and the constants, in registers. */
struct state128 { __m128i prev, error, incomplete; };
struct consts128 { __m128i nibble, first_high, first_low, second_high, third, fourth,
		   top, last_max; };

__attribute__((target("ssse3")))
static inline void block128(struct state128 *st, const struct consts128 *k, __m128i in)
{
	if (_mm_movemask_epi8(in) == 0) {
		st->error = _mm_or_si128(st->error, st->incomplete);
		st->incomplete = _mm_setzero_si128();
		st->prev = in;
		return;
	}
	__m128i prev1 = _mm_alignr_epi8(in, st->prev, 15);
	__m128i prev2 = _mm_alignr_epi8(in, st->prev, 14);
	__m128i prev3 = _mm_alignr_epi8(in, st->prev, 13);
	__m128i pairs = _mm_and_si128(_mm_and_si128(
		_mm_shuffle_epi8(k->first_high, _mm_and_si128(_mm_srli_epi16(prev1, 4), k->nibble)),
		_mm_shuffle_epi8(k->first_low, _mm_and_si128(prev1, k->nibble))),
		_mm_shuffle_epi8(k->second_high, _mm_and_si128(_mm_srli_epi16(in, 4), k->nibble)));
	__m128i must23 = _mm_and_si128(_mm_or_si128(_mm_subs_epu8(prev2, k->third),
						    _mm_subs_epu8(prev3, k->fourth)), k->top);
	st->error = _mm_or_si128(st->error, _mm_xor_si128(pairs, must23));
	st->incomplete = _mm_subs_epu8(in, k->last_max);
	st->prev = in;
}

__attribute__((target("ssse3")))
static int check_ssse3(const unsigned char *s, size_t len)
{
	const struct consts128 k = {
		_mm_set1_epi8(0x0f),
		_mm_loadu_si128((const __m128i *)first_high),
		_mm_loadu_si128((const __m128i *)first_low),
		_mm_loadu_si128((const __m128i *)second_high),
		_mm_set1_epi8(THIRD_BIAS), _mm_set1_epi8(FOURTH_BIAS),
		_mm_set1_epi8((char)TWO_CONTS),
		_mm_loadu_si128((const __m128i *)(last_max + 16)),
	};
	struct state128 st = { _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128() };
	size_t i = 0;

	for (; len - i >= 16; i += 16)
		block128(&st, &k, _mm_loadu_si128((const __m128i *)(s + i)));
	if (i < len) {
		/* the zeros after the end cut off any unfinished sequence */
		unsigned char last[16] = { 0 };
		memcpy(last, s + i, len - i);
		block128(&st, &k, _mm_loadu_si128((const __m128i *)last));
	}
	__m128i e = _mm_or_si128(st.error, st.incomplete);
	return _mm_movemask_epi8(_mm_cmpeq_epi8(e, _mm_setzero_si128())) == 0xffff ? 0 : -1;
}

struct state256 { __m256i prev, error, incomplete; };
struct consts256 { __m256i nibble, first_high, first_low, second_high, third, fourth,
		   top, last_max; };

__attribute__((target("avx2")))
static inline void block256(struct state256 *st, const struct consts256 *k, __m256i in)
{
	if (_mm256_movemask_epi8(in) == 0) {
		st->error = _mm256_or_si256(st->error, st->incomplete);
		st->incomplete = _mm256_setzero_si256();
		st->prev = in;
		return;
	}
	/* per 128-bit lane, alignr needs the 16 bytes before it */
	__m256i before = _mm256_permute2x128_si256(st->prev, in, 0x21);
	__m256i prev1 = _mm256_alignr_epi8(in, before, 15);
	__m256i prev2 = _mm256_alignr_epi8(in, before, 14);
	__m256i prev3 = _mm256_alignr_epi8(in, before, 13);
	__m256i pairs = _mm256_and_si256(_mm256_and_si256(
		_mm256_shuffle_epi8(k->first_high,
				    _mm256_and_si256(_mm256_srli_epi16(prev1, 4), k->nibble)),
		_mm256_shuffle_epi8(k->first_low, _mm256_and_si256(prev1, k->nibble))),
		_mm256_shuffle_epi8(k->second_high,
				    _mm256_and_si256(_mm256_srli_epi16(in, 4), k->nibble)));
	__m256i must23 = _mm256_and_si256(_mm256_or_si256(_mm256_subs_epu8(prev2, k->third),
							  _mm256_subs_epu8(prev3, k->fourth)),
					  k->top);
	st->error = _mm256_or_si256(st->error, _mm256_xor_si256(pairs, must23));
	st->incomplete = _mm256_subs_epu8(in, k->last_max);
	st->prev = in;
}

__attribute__((target("avx2")))
static int check_avx2(const unsigned char *s, size_t len)
{
	const struct consts256 k = {
		_mm256_set1_epi8(0x0f),
		_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)first_high)),
		_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)first_low)),
		_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)second_high)),
		_mm256_set1_epi8(THIRD_BIAS), _mm256_set1_epi8(FOURTH_BIAS),
		_mm256_set1_epi8((char)TWO_CONTS),
		_mm256_loadu_si256((const __m256i *)last_max),
	};
	struct state256 st = { _mm256_setzero_si256(), _mm256_setzero_si256(),
			       _mm256_setzero_si256() };
	size_t i = 0;

	for (; len - i >= 32; i += 32)
		block256(&st, &k, _mm256_loadu_si256((const __m256i *)(s + i)));
	if (i < len) {
		unsigned char last[32] = { 0 };
		memcpy(last, s + i, len - i);
		block256(&st, &k, _mm256_loadu_si256((const __m256i *)last));
	}
	__m256i e = _mm256_or_si256(st.error, st.incomplete);
	return _mm256_testz_si256(e, e) ? 0 : -1;
}

/* The copy while checking: blocks of 32 bytes, each stored whole. */
#define COPY_BLOCK 32

/* Bit i set if in[i] is a stop of utf8_copy_until(): one pshufb finds the
 * stop byte with the same low nibble, if any (`stops`, 0 elsewhere, which
 * a zero byte matches: a control anyway). */
__attribute__((target("avx2")))
static inline unsigned stop_mask(__m256i in, __m256i stops, __m256i ctrl)
{
	return (unsigned)_mm256_movemask_epi8(_mm256_or_si256(
		_mm256_cmpeq_epi8(_mm256_max_epu8(in, ctrl), ctrl),
		_mm256_cmpeq_epi8(_mm256_shuffle_epi8(stops, in), in)));
}

__attribute__((target("avx2")))
static size_t copy_avx2(char *d, const unsigned char *s, size_t len, size_t room,
			const unsigned char stop[3], int *bad)
{
	const struct consts256 k = {
		_mm256_set1_epi8(0x0f),
		_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)first_high)),
		_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)first_low)),
		_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)second_high)),
		_mm256_set1_epi8(THIRD_BIAS), _mm256_set1_epi8(FOURTH_BIAS),
		_mm256_set1_epi8((char)TWO_CONTS),
		_mm256_loadu_si256((const __m256i *)last_max),
	};
	unsigned char by_nibble[16] = { 0 };
	for (int j = 0; j < 3; j++)
		by_nibble[stop[j] & 0x0f] = stop[j];
	const __m256i stops = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)by_nibble));
	const __m256i ctrl = _mm256_set1_epi8(0x1f);
	struct state256 st = { _mm256_setzero_si256(), _mm256_setzero_si256(),
			       _mm256_setzero_si256() };
	/* blocks may start before room_end; whole ones before full_end */
	size_t room_end = room - COPY_BLOCK + 1;
	size_t full_end = len >= COPY_BLOCK ? len - COPY_BLOCK + 1 : 0;
	size_t i = 0;
	unsigned m = 0;

	if (full_end > room_end)
		full_end = room_end;
	for (; i < full_end; i += COPY_BLOCK) {
		__m256i in = _mm256_loadu_si256((const __m256i *)(s + i));
		m = stop_mask(in, stops, ctrl);
		block256(&st, &k, in);
		_mm256_storeu_si256((__m256i *)(d + i), in);
		if (m != 0)
			break;
	}
	if (m == 0 && i < len && i < room_end) {
		/* the last bytes, with zeros after them: they stop the copy,
		 * and cut off any unfinished sequence */
		unsigned char last[COPY_BLOCK] = { 0 };
		fbuffer_copy_small((char *)last, (const char *)s + i, len - i);
		__m256i in = _mm256_loadu_si256((const __m256i *)last);
		m = stop_mask(in, stops, ctrl);
		block256(&st, &k, in);
		_mm256_storeu_si256((__m256i *)(d + i), in);
	}
	if (m != 0) {
		/* what follows the stop is checked again from there */
		i += (size_t)__builtin_ctz(m);
		st.incomplete = _mm256_setzero_si256();
	} else if (i < len) {
		/* out of room: end before any sequence the last block cuts,
		 * which the next call checks whole, from its lead */
		for (size_t j = 1; j < 4 && s[i - j] >= 0x80; j++) {
			if (s[i - j] >= 0xc0) {
				if (j < utf8_lead_length(s[i - j]))
					i -= j;
				break;
			}
		}
		st.incomplete = _mm256_setzero_si256();
	}
	__m256i e = _mm256_or_si256(st.error, st.incomplete);
	*bad = !_mm256_testz_si256(e, e);
	return i;
}
#endif

int utf8_copy_usable;

size_t utf8_copy_until(char *d, const unsigned char *s, size_t len, size_t room,
		       const unsigned char stop[3], int *bad)
{
#if defined(UTF8_X86)
	return copy_avx2(d, s, len, room, stop, bad);
#else
	(void)d, (void)s, (void)len, (void)room, (void)stop;
	*bad = 0;
	return 0;
#endif
}

typedef int check_fn(const unsigned char *s, size_t len);

static check_fn *check_long = check_plain;

#if defined(UTF8_X86)
__attribute__((constructor))
static void pick_check(void)
{
	if (CPU_FEATURE_ACTIVE(AVX2)) {
		check_long = check_avx2;
		utf8_copy_usable = 1;
	}
	else if (CPU_FEATURE_ACTIVE(SSSE3))
		check_long = check_ssse3;
}
#endif

int utf8_check(const unsigned char *s, size_t len)
{
	return len < UTF8_VECTOR_MIN ? check_plain(s, len) : check_long(s, len);
}
