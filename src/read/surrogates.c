/* surrogates.c - the unpaired surrogate escapes ahead of yajl.  See
 * surrogates.h. */
#include "read/surrogates.h"

#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* An escape \uXXXX is this long, and a pair of them twice that. */
#define ESCAPE_U_LEN 6
#define PAIR_LEN (2 * ESCAPE_U_LEN)
/* Bytes in an SSE2 vector. */
#define VEC_LEN 16

void surrogates_init(struct surrogates *s)
{
	memset(s, 0, sizeof *s);
}

void surrogates_release(struct surrogates *s)
{
	free(s->lone);
	s->lone = NULL;
}

void surrogates_reset(struct surrogates *s)
{
	s->head = s->len = 0;
	s->scanned = 0;
}

static void push_lone(struct surrogates *s, unsigned long long g)
{
	if (s->head > 0 && s->head == s->len)
		s->head = s->len = 0;
	if (s->len == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 16;
		s->lone = xrealloc(s->lone, s->cap * sizeof *s->lone);
	}
	s->lone[s->len++] = g;
}

static int is_hex(unsigned char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

static unsigned hex4(const unsigned char *b)
{
	unsigned v = 0;
	for (int k = 0; k < 4; k++)
		v = (v << 4) | (unsigned)(b[k] <= '9' ? b[k] - '0' : (b[k] | 0x20) - 'a' + 10);
	return v;
}

/* Does b[0..n) (n < 6 allowed) still look like the start of a \uDC00-\uDFFF
 * escape?  Used after a high surrogate escape. */
static int may_be_low_escape(const unsigned char *b, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		unsigned c = b[k], lower = c | 0x20;
		int fits = k == 0 ? c == '\\' : k == 1 ? c == 'u' : k == 2 ? lower == 'd' :
			   k == 3 ? lower >= 'c' && lower <= 'f' : is_hex(c);
		if (!fits)
			return 0;
	}
	return 1;
}

/* Classify one escape at offset g (a backslash) given `n` bytes of it in b.
 * Returns how far to skip, or 0 if more input is needed to decide. */
static size_t classify_escape(struct surrogates *s, unsigned long long g,
			      const unsigned char *b, size_t n)
{
	if (n < 2)
		return 0;
	if (b[1] != 'u')
		return 2;
	if (n < 3)
		return 0;
	if ((b[2] | 0x20) != 'd')
		return 2;       /* not \uDxxx: no surrogate, and no backslash follows */
	if (n < ESCAPE_U_LEN)
		return 0;
	for (int k = 2; k < ESCAPE_U_LEN; k++)
		if (!is_hex(b[k]))
			return 2;       /* yajl reports it */
	unsigned u = hex4(b + 2);
	if (u < 0xd800 || u > 0xdfff)
		return ESCAPE_U_LEN;
	if (u >= 0xdc00) {
		push_lone(s, g);
		return ESCAPE_U_LEN;
	}
	if (n >= PAIR_LEN && may_be_low_escape(b + ESCAPE_U_LEN, ESCAPE_U_LEN))
		return PAIR_LEN;
	if (n < PAIR_LEN && may_be_low_escape(b + ESCAPE_U_LEN, n - ESCAPE_U_LEN))
		return 0;       /* the string goes on into the next read */
	push_lone(s, g);
	return ESCAPE_U_LEN;
}

/* The first \u that may start a surrogate escape (\ud or \uD) in [p, e),
 * whole or cut by e, or NULL.  Sixteen positions are tested at once, and
 * memchr() skips to the next backslash past a block without one: going
 * from backslash to backslash had cost 18 of 285 million instructions on
 * input dense with other escapes. */
static const unsigned char *find_surrogate_u(const unsigned char *p, const unsigned char *e)
{
#if defined(__SSE2__)
	const __m128i bs = _mm_set1_epi8('\\'), u = _mm_set1_epi8('u');
	const __m128i lower = _mm_set1_epi8(0x20), d = _mm_set1_epi8('d');

	/* three loads: p[0..16), p[1..17), p[2..18) */
	while (e - p >= VEC_LEN + 2) {
		__m128i at = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)p), bs);
		if (_mm_movemask_epi8(at) == 0) {
			p = memchr(p + VEC_LEN, '\\', (size_t)(e - p - VEC_LEN));
			if (!p)
				return NULL;
			continue;
		}
		__m128i b = _mm_loadu_si128((const __m128i *)(p + 1));
		__m128i c = _mm_loadu_si128((const __m128i *)(p + 2));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(
			_mm_and_si128(at, _mm_cmpeq_epi8(b, u)),
			_mm_cmpeq_epi8(_mm_or_si128(c, lower), d)));
		if (m != 0)
			return p + __builtin_ctz(m);
		p += VEC_LEN;
	}
#endif
	for (; p < e; p++)
		if (p[0] == '\\' && (e - p < 2 || (p[1] == 'u' && (e - p < 3 || (p[2] | 0x20) == 'd'))))
			return p;
	return NULL;
}

void surrogates_scan(struct surrogates *s, const struct window *w)
{
	unsigned long long g = s->scanned, end = window_end(w);
	const struct window_part *cur = &w->cur;
	unsigned char b[PAIR_LEN];

	if (g < window_start(w))
		g = window_start(w);    /* cannot happen: escapes lie in tokens */
	/* An escape left undecided in the previous read: copy it together. */
	while (g < cur->base) {
		if (window_byte(w, g) != '\\') {
			g++;
			continue;
		}
		size_t n = 0;
		while (n < sizeof b && g + n < end) {
			b[n] = window_byte(w, g + n);
			n++;
		}
		size_t skip = classify_escape(s, g, b, n);
		if (skip == 0)
			goto undecided;
		g += skip;
	}
	/* The rest lies in the current read: look at it in place.  p is
	 * never inside an escape, so a backslash is one's start if an even
	 * number of backslashes lie between p and it (\\ud800 is text). */
	const unsigned char *c = cur->p, *e = c + cur->len;
	const unsigned char *p = c + (g - cur->base), *q;
	while ((q = find_surrogate_u(p, e)) != NULL) {
		const unsigned char *run = q;
		while (run > p && run[-1] == '\\')
			run--;
		if ((q - run) % 2) {
			p = q + 1;      /* the second byte of an escaped backslash */
			continue;
		}
		p = q;
		size_t n = e - p < PAIR_LEN ? (size_t)(e - p) : PAIR_LEN;
		size_t skip = classify_escape(s, cur->base + (unsigned long long)(p - c), p, n);
		if (skip == 0) {
			g = cur->base + (unsigned long long)(p - c);
			goto undecided;
		}
		p += skip;
	}
	g = end;
undecided:
	s->scanned = g;
}

void surrogates_skip_to(struct surrogates *s, unsigned long long end)
{
	s->scanned = end;
}

int surrogates_take(struct surrogates *s, unsigned long long end)
{
	int found = 0;

	while (s->head < s->len && s->lone[s->head] < end) {
		s->head++;
		found = 1;
	}
	return found;
}
