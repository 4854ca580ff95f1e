/* escape_wide.c - three-byte characters as \u escapes, eight at a time.
 * See escape_wide.h.
 *
 * Each 128-bit lane of an AVX2 register takes four characters, twelve
 * bytes (the lanes are loaded from p and p + 12).  pshufb gathers each
 * character's bytes into a 16-bit word, pmaddubsw joins the six bits of
 * the two continuation bytes and a shift adds the lead's four, which
 * gives the code point; its nibbles become hex digits in one more pshufb,
 * and two last ones spread them among the "\u": 48 bytes out.  The same
 * words show whether each character is well-formed (a three-byte lead,
 * two continuation bytes, neither overlong nor a surrogate); the first
 * that is not ends the run there.
 * On CJK text with --ascii, one character at a time took 41 instructions
 * a character; this takes about 5.
 */
#include "text/escape_wide.h"

#include <string.h>

#include "base/cpu.h"

int escape_wide_usable;

#if defined(CPU_ASK)
#define CHAR_LEN 3                      /* bytes of a character taken */
#define UNIT_LEN 6                      /* \uxxxx */
#define LANE_CHARS 4
#define LANE_STEP (LANE_CHARS * CHAR_LEN)               /* where lane 1 loads */
#define WIDE_CHARS (2 * LANE_CHARS)
#define VEC_LEN 16                                      /* a lane */
#define WIDE_READ (LANE_STEP + VEC_LEN)                 /* bytes read */
#define LANE_OUT (LANE_CHARS * UNIT_LEN)                /* a lane's 24 bytes:
							 * 16 (a), then 8 (b) */
#define WIDE_STORE (LANE_OUT + VEC_LEN + 8)             /* bytes written: the
							 * last 8 are junk */

__attribute__((constructor))
static void pick_wide(void)
{
	escape_wide_usable = CPU_FEATURE_ACTIVE(AVX2);
}

/* The same 16 bytes in both lanes; -1 picks a zero. */
#define LANES(...) _mm256_setr_epi8(__VA_ARGS__, __VA_ARGS__)

__attribute__((target("avx2")))
size_t escape_wide_run(struct fbuffer *fb, const unsigned char *s, size_t i, size_t n)
{
	/* dword j = lead << 16 | second << 8 | third */
	const __m256i pick = LANES(2, 1, 0, -1, 5, 4, 3, -1, 8, 7, 6, -1, 11, 10, 9, -1);
	const __m256i form_bits = _mm256_set1_epi32(0xf0c0c0), form = _mm256_set1_epi32(0xe08080);
	const __m256i value_bits = _mm256_set1_epi32(0x0f3f3f);
	const __m256i weights = _mm256_set1_epi32(1 << 16 | 64 << 8 | 1); /* second * 64 + third, lead */
	const __m256i lead_weight = _mm256_set1_epi32(4096 << 16 | 1);  /* and lead * 4096 */
	const __m256i plane_top = _mm256_set1_epi32(0xf800);            /* cp & this: 0 is */
	const __m256i surrogate = _mm256_set1_epi32(0xd800);            /* overlong */
	const __m256i nibble = _mm256_set1_epi8(0x0f);
	const __m256i hex = LANES('0', '1', '2', '3', '4', '5', '6', '7',
				  '8', '9', 'a', 'b', 'c', 'd', 'e', 'f');
	/* character j's digits come as 4j: d2 d3 d0 d1 (d0 the highest) */
	const __m256i spread_a = LANES(-1, -1, 2, 3, 0, 1, -1, -1, 6, 7, 4, 5, -1, -1, 10, 11);
	const __m256i frame_a = LANES('\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0, 0, 0, '\\', 'u', 0, 0);
	const __m256i spread_b = LANES(8, 9, -1, -1, 14, 15, 12, 13, -1, -1, -1, -1, -1, -1, -1, -1);
	const __m256i frame_b = LANES(0, 0, '\\', 'u', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
	char *d = fbuffer_cursor(fb), *end = d + fbuffer_avail(fb);
	unsigned char tail[2 * VEC_LEN];

	while (i < n) {
		/* As many blocks of eight as both the input (a whole load
		 * each) and the room reserved take, counted once: checking
		 * both at each block took 9.85 M instructions on cjk_prose
		 * with --ascii, of 68.1 M in all; this takes 8.05 M. */
		size_t blocks = 1;
		if (FB_UNLIKELY((size_t)(end - d) < WIDE_STORE)) {
			fbuffer_advance(fb, (size_t)(d - fbuffer_cursor(fb)));
			fbuffer_reserve(fb, WIDE_STORE);
			d = fbuffer_cursor(fb);
			end = d + fbuffer_avail(fb);
		}
		const unsigned char *p = s + i;
		if (n - i < WIDE_READ) {
			/* near the end, a copy with zeros after it: not leads */
			_mm256_storeu_si256((__m256i *)tail, _mm256_setzero_si256());
			fbuffer_copy_small((char *)tail, (const char *)p, n - i);
			p = tail;
		} else {
			size_t fit = ((size_t)(end - d) - WIDE_STORE) / (WIDE_CHARS * UNIT_LEN) + 1;
			blocks = (n - i - WIDE_READ) / (WIDE_CHARS * CHAR_LEN) + 1;
			if (blocks > fit)
				blocks = fit;
		}
		for (; blocks > 0; blocks--, p += WIDE_CHARS * CHAR_LEN) {
			__m256i in = _mm256_inserti128_si256(
				_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)p)),
				_mm_loadu_si128((const __m128i *)(p + LANE_STEP)), 1);
			__m256i bytes = _mm256_shuffle_epi8(in, pick);
			__m256i cp = _mm256_madd_epi16(_mm256_maddubs_epi16(
				_mm256_and_si256(bytes, value_bits), weights), lead_weight);
			/* well-formed (utf8.h): a three-byte lead, two
			 * continuations, not overlong, not a surrogate */
			__m256i plane = _mm256_and_si256(cp, plane_top);
			__m256i good = _mm256_andnot_si256(
				_mm256_or_si256(_mm256_cmpeq_epi32(plane, _mm256_setzero_si256()),
						_mm256_cmpeq_epi32(plane, surrogate)),
				_mm256_cmpeq_epi32(_mm256_and_si256(bytes, form_bits), form));
			cp = _mm256_packus_epi32(cp, cp);       /* to words */
			__m256i digits = _mm256_unpacklo_epi8(
				_mm256_and_si256(_mm256_srli_epi16(cp, 4), nibble),
				_mm256_and_si256(cp, nibble));
			__m256i h = _mm256_shuffle_epi8(hex, digits);
			__m256i a = _mm256_or_si256(_mm256_shuffle_epi8(h, spread_a), frame_a);
			__m256i b = _mm256_or_si256(_mm256_shuffle_epi8(h, spread_b), frame_b);
			_mm_storeu_si128((__m128i *)d, _mm256_castsi256_si128(a));
			_mm_storel_epi64((__m128i *)(d + VEC_LEN), _mm256_castsi256_si128(b));
			_mm_storeu_si128((__m128i *)(d + LANE_OUT), _mm256_extracti128_si256(a, 1));
			_mm_storel_epi64((__m128i *)(d + LANE_OUT + VEC_LEN),
					 _mm256_extracti128_si256(b, 1));
			/* four mask bits per character, in order */
			unsigned missing = ~(unsigned)_mm256_movemask_epi8(good);
			if (missing) {
				size_t k = (size_t)__builtin_ctz(missing) / 4;
				d += k * UNIT_LEN;
				i += k * CHAR_LEN;
				goto out;
			}
			d += WIDE_CHARS * UNIT_LEN;
			i += WIDE_CHARS * CHAR_LEN;
		}
	}
out:
	fbuffer_advance(fb, (size_t)(d - fbuffer_cursor(fb)));
	return i;
}
#else
size_t escape_wide_run(struct fbuffer *fb, const unsigned char *s, size_t i, size_t n)
{
	(void)fb, (void)s, (void)n;
	return i;
}
#endif
