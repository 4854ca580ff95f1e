/* utf8_copy.c - copying text up to a stop byte while checking its UTF-8,
 * in one pass (utf8_copy_until()), with AVX2.  See utf8_copy.h; the
 * checking steps are the ones utf8_check() takes, from utf8_simd.h.
 */
#include "text/utf8_copy.h"
#include "text/utf8.h"
#include "text/utf8_simd.h"

#include "base/fbuffer.h"     /* fbuffer_copy_small() */

#include <string.h>

#if defined(UTF8_X86)
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

#if defined(UTF8_X86)
__attribute__((constructor))
static void pick_copy(void)
{
	if (CPU_FEATURE_ACTIVE(AVX2))
		utf8_copy_usable = 1;
}
#endif

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
