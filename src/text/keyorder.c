/* keyorder.c - comparing keys by code point in their written form.  See
 * keyorder.h. */
#include "text/keyorder.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define NOINLINE_KEY __attribute__((noinline))

/* What next_point() returns at the closing quote: below every code point. */
#define KEY_END (-1L)

static unsigned hex4(const unsigned char *p)
{
	unsigned v = 0;

	for (int i = 0; i < 4; i++) {
		unsigned c = p[i];
		v = v << 4 | (c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return v;
}

static int is_low_surrogate_escape(const unsigned char *p)
{
	if (p[0] != '\\' || p[1] != 'u')
		return 0;
	unsigned u = hex4(p + 2);
	return u >= 0xdc00 && u <= 0xdfff;
}

/* The code point of the escape at p (p[0] is '\\'); moves *pp past it. */
static long escape_point(const unsigned char **pp)
{
	const unsigned char *p = *pp;

	*pp = p + 2;
	switch (p[1]) {
	case 'b': return '\b';
	case 'f': return '\f';
	case 'n': return '\n';
	case 'r': return '\r';
	case 't': return '\t';
	case 'u': break;
	default: return p[1];   /* \" \\ \/ */
	}
	unsigned u = hex4(p + 2);
	*pp = p + 6;
	if (u >= 0xd800 && u <= 0xdbff && is_low_surrogate_escape(p + 6)) {
		*pp = p + 12;
		return 0x10000 + ((long)(u - 0xd800) << 10) + (hex4(p + 8) - 0xdc00);
	}
	return u;               /* unpaired surrogates stand for themselves */
}

/* The code point at *pp, which it moves past, or KEY_END at the quote. */
static long next_point(const unsigned char **pp)
{
	const unsigned char *p = *pp;
	unsigned c = p[0];

	if (c == '"')
		return KEY_END;
	if (c == '\\')
		return escape_point(pp);
	if (c < 0x80) {
		*pp = p + 1;
		return c;
	}
	int n = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : 1;
	long cp = c & (0x3f >> n);
	for (int i = 1; i <= n; i++)
		cp = cp << 6 | (p[i] & 0x3f);
	*pp = p + n + 1;
	return cp;
}

/* key_compare() from where the keys may differ, or hold an escape, within
 * the next few bytes: a code point at a time where there is an escape. */
static NOINLINE_KEY int compare_points(const unsigned char *a, const unsigned char *b)
{
	for (;;) {
		/* Equal bytes outside escapes are equal code points, and where
		 * two UTF-8 texts first differ, their bytes order them. */
		while (*a == *b && *a != '"' && *a != '\\') {
			a++;
			b++;
		}
		if (*a != '\\' && *b != '\\') {
			if (*a == *b)
				return 0;
			if (*a == '"' || *b == '"')
				return *a == '"' ? -1 : 1;
			return *a < *b ? -1 : 1;
		}
		/* An escape on either side: both are at a character's start. */
		long x = next_point(&a), y = next_point(&b);
		if (x != y)
			return x < y ? -1 : 1;
	}
}

/* Bytes compared at once with SSE2, and the mask of their bits. */
#define KEY_BLOCK 16
#define KEY_BLOCK_MASK 0xffffu

int key_compare(const unsigned char *a, const unsigned char *b, const unsigned char *limit)
{
	/* Keys often share a long head ("profile_background_image_url" and
	 * "profile_background_image_url_https"): skipped a word at a time,
	 * and where the words first differ, if no quote or backslash comes
	 * before or at the first byte that differs, that byte decides (or the
	 * quote there of the key that ends first).  Going a byte at a time
	 * from the word that differed took 136 Ir a call on twitter.json
	 * (3,219 calls, most between the "profile_" keys of "user" objects);
	 * a word at a time 109, and 16 bytes at a time with SSE2, 54. */
#if defined(__SSE2__)
	const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
	while (limit - a >= KEY_BLOCK && limit - b >= KEY_BLOCK) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)a);
		__m128i y = _mm_loadu_si128((const __m128i *)(const void *)b);
		unsigned diff = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) ^ KEY_BLOCK_MASK;
		unsigned stop = (unsigned)_mm_movemask_epi8(_mm_or_si128(
			_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
			_mm_or_si128(_mm_cmpeq_epi8(y, quote), _mm_cmpeq_epi8(y, backslash))));
		if ((diff | stop) == 0) {
			a += KEY_BLOCK;
			b += KEY_BLOCK;
			continue;
		}
		/* (bit KEY_BLOCK stands for "none") */
		unsigned d = (unsigned)__builtin_ctz(diff | 1u << KEY_BLOCK);
		unsigned at = (unsigned)__builtin_ctz(stop | 1u << KEY_BLOCK);
		if (d < at)
			return a[d] < b[d] ? -1 : 1;
		if (d == at && a[d] != '\\' && b[d] != '\\')
			return a[d] == '"' ? -1 : 1;
		break;
	}
#elif defined(KEY_WORDS_LE)
	while (limit - a >= KEY_WORD && limit - b >= KEY_WORD) {
		uint64_t x, y;
		memcpy(&x, a, sizeof x);
		memcpy(&y, b, sizeof y);
		uint64_t diff = x ^ y;
		if (diff == 0) {
			if (key_quote_or_escape(x))
				break;
			a += KEY_WORD;
			b += KEY_WORD;
			continue;
		}
		unsigned d = key_first_byte(diff);
		unsigned at = key_first_byte(key_quote_or_escape(x) | key_quote_or_escape(y));
		if (d < at)
			return a[d] < b[d] ? -1 : 1;
		/* one key ends where the other goes on */
		if (d == at && a[d] != '\\' && b[d] != '\\')
			return a[d] == '"' ? -1 : 1;
		break;
	}
#else
	(void)limit;
#endif
	return compare_points(a, b);
}

/* A code point in WTF-8: returns the number of bytes. */
static int wtf8_encode(unsigned char *d, long cp)
{
	if (cp < 0x80) {
		d[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		d[0] = (unsigned char)(0xc0 | cp >> 6);
		d[1] = (unsigned char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		d[0] = (unsigned char)(0xe0 | cp >> 12);
		d[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
		d[2] = (unsigned char)(0x80 | (cp & 0x3f));
		return 3;
	}
	d[0] = (unsigned char)(0xf0 | cp >> 18);
	d[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
	d[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
	d[3] = (unsigned char)(0x80 | (cp & 0x3f));
	return 4;
}

uint64_t key_prefix_slow(const unsigned char *key, const unsigned char *limit)
{
	uint64_t v = 0;
	int n = 0;

	(void)limit;
	/* plain bytes stand for themselves */
	while (n < KEY_PREFIX_BYTES && key[n] != '"' && key[n] != '\\') {
		v = v << 8 | key[n];
		n++;
	}
	const unsigned char *p = key + n;
	while (n < KEY_PREFIX_BYTES) {
		long cp = next_point(&p);
		if (cp == KEY_END)
			break;
		unsigned char u[4];
		int k = wtf8_encode(u, cp);
		for (int i = 0; i < k && n < KEY_PREFIX_BYTES; i++, n++)
			v = v << 8 | u[i];
	}
	if (n == 0)
		return 0;
	return n < KEY_PREFIX_BYTES ? v << 8 * (KEY_PREFIX_BYTES - n) : v;
}
