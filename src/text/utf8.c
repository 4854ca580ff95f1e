/* utf8.c - checking whole strings for well-formed UTF-8 (utf8_check()):
 * a plain loop, and SSSE3 and AVX2 versions of the method of Keiser and
 * Lemire, one of them picked once at start-up.  See utf8.h; the vector
 * steps and their tables are in utf8_simd.h.
 */
#include "text/utf8.h"
#include "text/utf8_simd.h"

#include <stdint.h>
#include <string.h>

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
static const unsigned char first_high[16] = { FIRST_HIGH };
static const unsigned char first_low[16] = { FIRST_LOW };
static const unsigned char second_high[16] = { SECOND_HIGH };
static const unsigned char last_max[32] = { LAST_MAX };

/* The state carried from block to block, and the constants, in registers
 * (SSSE3: 16-byte blocks). */
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

/* Twice the SSSE3 version's block, at half its time: 0.28 ms against
 * 0.55 for the 4 MiB of bench/gen.py's mixed_prose (the fastest of 41
 * runs).  It pays where strings are checked whole: jfmt -n on that input
 * takes 49.2 million instructions with it against 54.8 (11.5% more
 * without; 5% more CPU time, 150 runs in turns), jfmt -a 164.3 million
 * against 169.9 (3.4%; 2% of the time).  (Formatting without -a checks
 * as it copies, utf8_copy.h, and -a on CJK text as it escapes: the
 * bench's other rows do not come here.) */
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
#endif

typedef int check_fn(const unsigned char *s, size_t len);

static check_fn *check_long = check_plain;

#if defined(UTF8_X86)
__attribute__((constructor))
static void pick_check(void)
{
	if (CPU_FEATURE_ACTIVE(AVX2))
		check_long = check_avx2;
	else if (CPU_FEATURE_ACTIVE(SSSE3))
		check_long = check_ssse3;
}
#endif

int utf8_check(const unsigned char *s, size_t len)
{
	return len < UTF8_VECTOR_MIN ? check_plain(s, len) : check_long(s, len);
}
