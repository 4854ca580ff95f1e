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

static const unsigned char first_high[16] = { FIRST_HIGH };
static const unsigned char first_low[16] = { FIRST_LOW };
static const unsigned char second_high[16] = { SECOND_HIGH };

/* A block ends inside a sequence if its last byte is a lead, the one
 * before leads three or four bytes, or the one before that leads four:
 * a saturating subtraction of these leaves something there. */
#define REP8(x) x, x, x, x, x, x, x, x
#define REP32(x) REP8(x), REP8(x), REP8(x), REP8(x)
#define LAST_MAX REP8(0xff), REP8(0xff), REP8(0xff), 0xff, 0xff, 0xff, 0xff, 0xff, 0xef, 0xdf, 0xbf
static const unsigned char last_max[32] = { LAST_MAX };

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

__attribute__((target("avx2")))
static int check_avx2(const unsigned char *s, size_t len)
{
	const struct consts256 k = consts256();
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
#define HALF_BLOCK 16

/* For a last block at s + t, t < HALF_BLOCK: the 16 bytes before it, from
 * s[0..16) by pshufb with shift_before + t, zeros before s[0] (0x80 picks
 * a zero). */
static const unsigned char shift_before[COPY_BLOCK] = {
	REP8(0x80), REP8(0x80), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
};

struct stops256 { __m256i low, high; };    /* struct utf8_stops */

/* Not 0 where in[i] is a stop, given the high nibbles of `in`. */
__attribute__((target("avx2")))
static inline __m256i stops_in(const struct stops256 *t, __m256i in, __m256i high)
{
	return _mm256_and_si256(_mm256_shuffle_epi8(t->low, in),
				_mm256_shuffle_epi8(t->high, high));
}

/* Bit i set if in[i] is a stop. */
__attribute__((target("avx2")))
static inline unsigned stop_mask(const struct stops256 *t, __m256i in, __m256i high)
{
	return ~(unsigned)_mm256_movemask_epi8(
		_mm256_cmpeq_epi8(stops_in(t, in, high), _mm256_setzero_si256()));
}

__attribute__((target("avx2")))
static size_t copy_avx2(char *d, const unsigned char *s, size_t len, size_t room,
			const struct utf8_stops *stops, int *bad)
{
	const struct consts256 k = consts256();
	const struct stops256 t = {
		_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)stops->low)),
		_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)stops->high)),
	};
	struct state256 st = { _mm256_setzero_si256(), _mm256_setzero_si256(),
			       _mm256_setzero_si256() };
	size_t lim = len < room ? len : room;   /* no block may end past it */
	size_t i = 0;
	unsigned m = 0;

	/* Each block is checked after the 16 bytes before it, loaded again
	 * (which frees the registers that carrying them over would take):
	 * the first after zeros, a copy of which `before` points to. */
	unsigned char first[COPY_BLOCK] = { 0 };
	const unsigned char *before = first;
	if (lim >= COPY_BLOCK)
		memcpy(first + HALF_BLOCK, s, HALF_BLOCK);

	/* two blocks at a time while neither has a stop, with one test of
	 * each kind for both: a block at a time had cost 43 instructions a
	 * block of CJK text, this 36 */
	for (; i + 2 * COPY_BLOCK <= lim; i += 2 * COPY_BLOCK) {
		__m256i a = _mm256_loadu_si256((const __m256i *)(s + i));
		__m256i b = _mm256_loadu_si256((const __m256i *)(s + i + COPY_BLOCK));
		__m256i ha = high_nibbles(&k, a), hb = high_nibbles(&k, b);
		__m256i x = _mm256_or_si256(stops_in(&t, a, ha), stops_in(&t, b, hb));
		if (!_mm256_testz_si256(x, x))
			break;
		_mm256_storeu_si256((__m256i *)(d + i), a);
		_mm256_storeu_si256((__m256i *)(d + i + COPY_BLOCK), b);
		__m256i e;
		if (_mm256_testz_si256(_mm256_or_si256(a, b), k.top))
			e = st.incomplete;
		else
			e = _mm256_or_si256(
				errors256(&k, a, ha, _mm256_loadu_si256((const __m256i *)before)),
				errors256(&k, b, hb, _mm256_loadu_si256((const __m256i *)(s + i + HALF_BLOCK))));
		st.error = _mm256_or_si256(st.error, e);
		st.incomplete = _mm256_subs_epu8(b, k.last_max);
		before = s + i + 2 * COPY_BLOCK - HALF_BLOCK;
	}
	/* then one at a time, to the stop */
	for (; i + COPY_BLOCK <= lim; i += COPY_BLOCK) {
		__m256i in = _mm256_loadu_si256((const __m256i *)(s + i));
		m = stop_mask(&t, in, high_nibbles(&k, in));
		block256_after(&st, &k, in, _mm256_loadu_si256((const __m256i *)before));
		_mm256_storeu_si256((__m256i *)(d + i), in);
		if (m != 0)
			break;
		before = s + i + COPY_BLOCK - HALF_BLOCK;
	}
	if (m == 0 && i < len && len <= room && len >= COPY_BLOCK) {
		/* the last bytes: the block that ends with them, over part of
		 * the one before (which had no stop), checked after the bytes
		 * before it; a copy padded with zeros had cost 100 instructions
		 * a string, 1.6 of the 58 million of 4 MB of CJK text */
		size_t at = len - COPY_BLOCK;
		__m256i in = _mm256_loadu_si256((const __m256i *)(s + at));
		__m256i prior = at >= HALF_BLOCK ?
			_mm256_loadu_si256((const __m256i *)(s + at - HALF_BLOCK)) :
			_mm256_permute2x128_si256(_mm256_castsi128_si256(_mm_shuffle_epi8(
				_mm_loadu_si128((const __m128i *)s),
				_mm_loadu_si128((const __m128i *)(shift_before + at)))), in, 0x20);
		m = stop_mask(&t, in, high_nibbles(&k, in));
		block256_after(&st, &k, in, prior);
		_mm256_storeu_si256((__m256i *)(d + at), in);
		i = m != 0 ? at : len;
	} else if (m == 0 && i < len && len < COPY_BLOCK) {
		/* a short string, with zeros after it: they stop the copy,
		 * and cut off any unfinished sequence */
		unsigned char last[COPY_BLOCK] = { 0 };
		fbuffer_copy_small((char *)last, (const char *)s, len);
		__m256i in = _mm256_loadu_si256((const __m256i *)last);
		m = stop_mask(&t, in, high_nibbles(&k, in)) | ~0u << len;
		block256(&st, &k, in);
		_mm256_storeu_si256((__m256i *)d, in);
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

void utf8_stops_make(struct utf8_stops *t, const unsigned char set[UTF8_STOPS])
{
	memset(t, 0, sizeof *t);
	for (unsigned c = 0; c < UTF8_STOPS; c++) {
		t->high[c >> 4] = (unsigned char)(1u << (c >> 4));
		if (set[c])
			t->low[c & 15] |= (unsigned char)(1u << (c >> 4));
	}
}

size_t utf8_copy_until(char *d, const unsigned char *s, size_t len, size_t room,
		       const struct utf8_stops *stops, int *bad)
{
#if defined(UTF8_X86)
	return copy_avx2(d, s, len, room, stops, bad);
#else
	(void)d, (void)s, (void)len, (void)room, (void)stops;
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
