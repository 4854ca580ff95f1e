/* escape.h - writing a decoded string back out as a JSON string literal. */
#ifndef JFMT_ESCAPE_H
#define JFMT_ESCAPE_H

#include <stddef.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "base/fbuffer.h"
#include "text/utf8.h"

/* Escaping modes; they combine. */
enum {
	ESCAPE_ASCII = 1, /* every non-ASCII character (and DEL) as \uxxxx */
	ESCAPE_SLASH = 2, /* '/' as \/ */
};

/**
 * Append `s[0..len)` (UTF-8, may contain NUL) to `fb` as a quoted JSON
 * string.  Only what must be escaped is: '"', '\\', and bytes below 0x20
 * (as \b \f \n \r \t, or \u00xx), plus what `mode` asks for.  Escapes use
 * lowercase hex, as Python's json module does.  The UTF-8 is checked on the
 * way (RFC 3629: no overlong forms, surrogates or code points past
 * U+10FFFF): returns 0, or -1 if it is invalid, having written part of it.
 */
int escape_string(struct fbuffer *fb, const unsigned char *s, size_t len, int mode);

/* --- The common case, inline ---
 *
 * Most strings are short and hold nothing to escape or check: they are
 * written with one capacity check and inline copies, together with what
 * goes before and after them.  The rest goes to escape_string_framed_slow().
 *
 * Every escape_string*() and escape_*_framed*() writer returns 0 having
 * written the string whole, or -1: a quick one (escape_*_framed_quick())
 * having written nothing that counts, as the string needs the long way;
 * any other because the string is not valid UTF-8, part of it written.
 */

/* What escaping does with each byte, per mode: 0 copies it. */
extern const unsigned char escape_tables[4][256];

#if defined(__SSE2__)
/* Bit i set if byte i of v is ASCII and needs escaping: a control
 * character, '"', '\\', '/' with ESCAPE_SLASH, DEL with ESCAPE_ASCII.  With
 * `high`, non-ASCII bytes too.  It must say what escape_tables[mode] says
 * (tests/unit/escape_check.c holds it to that). */
static inline unsigned escape_special_vec(__m128i v, int mode, int high)
{
	__m128i ctrl = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x1f)),
				      _mm_set1_epi8(0x1f));
	__m128i m = _mm_or_si128(ctrl, _mm_or_si128(
		_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
		_mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))));
	if (mode & ESCAPE_SLASH)
		m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('/')));
	if (mode & ESCAPE_ASCII)
		m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7f)));
	if (high)
		m = _mm_or_si128(m, v);
	return (unsigned)_mm_movemask_epi8(m);
}

/* Bit i set if byte i of v may need work: escape_tables[mode] is not 0
 * for it (an escape, or a non-ASCII byte to check). */
static inline unsigned escape_special_in(__m128i v, int mode)
{
	return escape_special_vec(v, mode, 1);
}
#endif

/* Copy s[0..len), len <= FBUFFER_COPY_WIDTH, to d and return 1 if it holds
 * nothing to escape or check; else return 0, having written d[0..len) with
 * something.  Longer strings are read in two overlapping halves, without
 * going past the end, and copied as they are checked, from the same loads;
 * three looks cover every byte of the shortest.  Reading each half once,
 * not once to check and again to copy, took 0.9 of the 29.8 million
 * instructions jfmt -c adds to a yajl parse of 20,000 lines of NDJSON. */
static inline __attribute__((always_inline)) int
escape_copy_plain_short(char *d, const unsigned char *s, size_t len, int mode)
{
	if (len < 4) {
		const unsigned char *t = escape_tables[mode & 3];
		if (len == 0)
			return 1;
		unsigned char a = s[0], b = s[len / 2], c = s[len - 1];
		d[0] = (char)a;
		d[len / 2] = (char)b;
		d[len - 1] = (char)c;
		return (t[a] | t[b] | t[c]) == 0;
	}
#if defined(__SSE2__)
	if (len >= 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)s);
		__m128i b = _mm_loadu_si128((const __m128i *)(s + len - 16));
		_mm_storeu_si128((__m128i *)d, a);
		_mm_storeu_si128((__m128i *)(d + len - 16), b);
		return (escape_special_in(a, mode) | escape_special_in(b, mode)) == 0;
	}
	if (len >= 8) {
		__m128i a = _mm_loadl_epi64((const __m128i *)s);
		__m128i b = _mm_loadl_epi64((const __m128i *)(s + len - 8));
		_mm_storel_epi64((__m128i *)d, a);
		_mm_storel_epi64((__m128i *)(d + len - 8), b);
		return escape_special_in(_mm_unpacklo_epi64(a, b), mode) == 0;
	}
	int x, y;
	memcpy(&x, s, 4);
	memcpy(&y, s + len - 4, 4);
	memcpy(d, &x, 4);
	memcpy(d + len - 4, &y, 4);
	/* the upper lanes are zero, which would count as control bytes */
	__m128i v = _mm_unpacklo_epi32(_mm_cvtsi32_si128(x), _mm_cvtsi32_si128(y));
	return (escape_special_in(v, mode) & 0xff) == 0;
#else
	(void)d;
	(void)s;
	(void)mode;
	return 0;
#endif
}

/** escape_string_framed() for any string. */
int escape_string_framed_slow(struct fbuffer *fb, const char *pre, size_t npre,
			      const unsigned char *s, size_t len,
			      const char *post, size_t npost, int mode);

/* The longest string written inline: it and its quotes fit one copy. */
#define ESCAPE_QUICK_MAX (FBUFFER_COPY_WIDTH - 2)
/* The longest `post`. */
#define ESCAPE_POST_MAX 2

/* The longest separator that fixed room checks cover, in FBUFFER_COPY_WIDTH
 * slices: a newline and 126 columns of indentation.  With one slice,
 * --indent=4 cost 7% more instructions than --indent=2 on a file nested 18
 * deep, as every line past column 30 took the out-of-line path.  Longer
 * ones are copied the same way where their room is checked by length. */
#define SLICES_MAX (4 * FBUFFER_COPY_WIDTH)

/* Whether a separator of n bytes, copied in slices of a prebuilt run that
 * stay inside it up to `max` bytes, and `after` bytes past it fit in the
 * room of `out`: fixed room checks cover SLICES_MAX bytes of it, and a
 * longer one is checked here.  Past SLICES_MAX, --indent=8 on a file
 * nested 18 deep cost 11% more instructions than --indent=2 when every
 * such line left the quick path.  (The room is read here again, not
 * passed: kept at hand in a register, it cost canada.json 0.4%.) */
static inline int separator_fits(size_t n, size_t max, size_t after, const struct fbuffer *out)
{
	return FB_LIKELY(n <= SLICES_MAX) ||
		(n <= max && fbuffer_avail(out) >= n + FBUFFER_COPY_WIDTH + after);
}

/* `post` (a key's colon) after the string of `len` bytes quoted at d,
 * copied as ESCAPE_POST_MAX bytes: a post that is not NULL is readable
 * that far, and the room after the string is reserved.  The test is on
 * the pointer, not on npost: a value's NULL is a constant where this is
 * inlined, while a key's colon_len is read from the style, and testing it
 * cost jfmt -c 0.5% on 20,000 lines of NDJSON (7 keys each). */
static inline __attribute__((always_inline)) void
put_post(char *d, size_t len, const char *post, size_t npost)
{
	(void)npost;
	FB_ASSERT(npost <= ESCAPE_POST_MAX && (post || npost == 0));
	if (post)
		memcpy(d + len + 2, post, ESCAPE_POST_MAX);
}

/* The quotes around a string copied to d + 1, and `post` after it. */
static inline __attribute__((always_inline)) void
quote_frame(char *d, size_t len, const char *post, size_t npost)
{
	d[0] = '"';
	d[len + 1] = '"';
	put_post(d, len, post, npost);
}

/* Room escape_quoted_quick() may write: the quotes, the longest string
 * and the longest `post`. */
#define ESCAPE_QUOTED_ROOM (ESCAPE_QUICK_MAX + 2 + ESCAPE_POST_MAX)

/**
 * The quoted string and `post` of escape_string_framed_quick(), at `d`
 * (ESCAPE_QUOTED_ROOM bytes of room), for a string of at most
 * ESCAPE_QUICK_MAX bytes: returns 1 having written them (len + 2 + npost
 * bytes), or 0, having written something there, when the string holds
 * anything to escape or check.
 */
static inline __attribute__((always_inline)) int
escape_quoted_quick(char *d, const unsigned char *s, size_t len,
		    const char *post, size_t npost, int mode)
{
	FB_ASSERT(len <= ESCAPE_QUICK_MAX);
	if (!escape_copy_plain_short(d + 1, s, len, mode))
		return 0;
	quote_frame(d, len, post, npost);
	return 1;
}

/**
 * escape_string() between `pre[0..npre)` and `post[0..npost)`: a separator,
 * the string, a colon, in the common case only: returns 0 having written
 * them, or -1 having written nothing when the string is long, holds
 * anything to escape or check, or the buffer is short of room.  `pre` must
 * be readable up to npre rounded up to FBUFFER_COPY_WIDTH (one slice at
 * least, even when npre is 0); `npost` is at most ESCAPE_POST_MAX.
 */
static inline __attribute__((always_inline)) int
escape_string_framed_quick(struct fbuffer *fb, const char *pre, size_t npre,
			   const unsigned char *s, size_t len,
			   const char *post, size_t npost, int mode)
{
	if (!FB_LIKELY(len <= ESCAPE_QUICK_MAX &&
		       fbuffer_avail(fb) >= npre + FBUFFER_COPY_WIDTH + ESCAPE_POST_MAX))
		return -1;
	char *d = fbuffer_cursor(fb);
	fbuffer_copy_slices(d, pre, npre);
	if (!escape_quoted_quick(d + npre, s, len, post, npost, mode))
		return -1;      /* what was written is not counted */
	fbuffer_advance(fb, npre + len + 2 + npost);
	return 0;
}

/* --- Text that yajl points at in its input ---
 *
 * A string yajl hands over as a pointer into the input it parses (sink.h)
 * holds no quote, backslash or control byte: in mode 0 it is written as it
 * is once its UTF-8 is checked, and for ASCII text that is one test of the
 * high bits.
 * On 20,000 lines of NDJSON this cut ~290 instructions from a 150-byte
 * string and ~10 from a key.
 */

/* Bytes past the end of the text, and of the copy, that
 * copy_if_ascii() may read and write. */
#define ESCAPE_INPUT_SLOP 16

/* Whether the first len (<= 16) of 16 bytes whose high bits are `high`
 * are ASCII: one bit scan, not a mask. */
static inline int high_bits_clear(unsigned high, size_t len)
{
	return (unsigned)__builtin_ctz(high | 1u << 16) >= (unsigned)len;
}

/* Copy s[0..len) to d and return 1 if it is all ASCII; else return 0,
 * having written d[0..len) with something.  A string shorter than 16 bytes
 * is read and written as 16; a longer one in 16-byte pieces, the last
 * overlapping the one before, so that nothing past it is touched. */
static inline __attribute__((always_inline)) int
copy_if_ascii(char *d, const unsigned char *s, size_t len)
{
#if defined(__SSE2__)
	__m128i v = _mm_loadu_si128((const __m128i *)s);
	_mm_storeu_si128((__m128i *)d, v);
	unsigned high = (unsigned)_mm_movemask_epi8(v);
	if (FB_LIKELY(len <= 16))
		return high_bits_clear(high, len);
	if (high)
		return 0;
	size_t i = 16;
	/* two pieces a test: 150 bytes took 50 instructions, not 72 */
	for (; i + 32 < len; i += 32) {
		__m128i a = _mm_loadu_si128((const __m128i *)(s + i));
		__m128i b = _mm_loadu_si128((const __m128i *)(s + i + 16));
		_mm_storeu_si128((__m128i *)(d + i), a);
		_mm_storeu_si128((__m128i *)(d + i + 16), b);
		if (_mm_movemask_epi8(_mm_or_si128(a, b)))
			return 0;       /* non-ASCII: checked the long way */
	}
	if (i + 16 < len) {
		v = _mm_loadu_si128((const __m128i *)(s + i));
		_mm_storeu_si128((__m128i *)(d + i), v);
		if (_mm_movemask_epi8(v))
			return 0;
	}
	v = _mm_loadu_si128((const __m128i *)(s + len - 16));
	_mm_storeu_si128((__m128i *)(d + len - 16), v);
	return _mm_movemask_epi8(v) == 0;
#else
	(void)d;
	(void)s;
	(void)len;
	return 0;
#endif
}

/* Whether s[0..len), len <= 16, readable 16 bytes on, is all ASCII. */
static inline __attribute__((always_inline)) int
is_ascii_short(const unsigned char *s, size_t len)
{
#if defined(__SSE2__)
	return high_bits_clear((unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)s)),
			       len);
#else
	(void)s;
	(void)len;
	return 0;
#endif
}

/**
 * escape_quoted_quick() in mode 0 for text yajl points at in its input
 * (readable ESCAPE_INPUT_SLOP bytes past its end), of any length, with
 * len + 2 + npost + ESCAPE_INPUT_SLOP bytes of room at `d`.
 */
static inline __attribute__((always_inline)) int
escape_input_quoted_quick(char *d, const unsigned char *s, size_t len,
			  const char *post, size_t npost)
{
	if (!copy_if_ascii(d, s - 1, len + 2))  /* with its quotes */
		return 0;
	put_post(d, len, post, npost);
	return 1;
}

/* The room escape_input_framed_quick() needs besides the string and its
 * separator. */
#define ESCAPE_INPUT_ROOM (FBUFFER_COPY_WIDTH + 2 + ESCAPE_POST_MAX + ESCAPE_INPUT_SLOP)

/**
 * escape_string_framed_quick() in mode 0 for text yajl points at in its
 * input, which must be readable ESCAPE_INPUT_SLOP bytes past its end: of
 * any length the buffer has room for, if all of it is ASCII.  `pre_max`,
 * a constant, is the longest `pre` that may be read as slices (a longer
 * one gives -1): with 1 (compact output) the separator is a comma or
 * nothing, stored as one byte, not copied as a slice.
 */
static inline __attribute__((always_inline)) int
escape_input_framed_quick(struct fbuffer *fb, const char *pre, size_t npre, size_t pre_max,
			  const unsigned char *s, size_t len,
			  const char *post, size_t npost)
{
	/* npre + len + ESCAPE_INPUT_ROOM cannot wrap: the text is in memory */
	if (!FB_LIKELY(npre <= pre_max && fbuffer_avail(fb) >= npre + len + ESCAPE_INPUT_ROOM))
		return -1;
	char *d = fbuffer_cursor(fb);
	if (pre_max == 1)
		d[0] = ',';     /* overwritten by the quote when npre is 0 */
	else
		fbuffer_copy_slices(d, pre, npre);
	if (!escape_input_quoted_quick(d + npre, s, len, post, npost))
		return -1;      /* what was written is not counted */
	fbuffer_advance(fb, npre + len + 2 + npost);
	return 0;
}

/**
 * escape_string_framed_quick() for any string: returns 0, or -1 when it is
 * not valid UTF-8 (as escape_string()).
 */
static inline __attribute__((always_inline)) int
escape_string_framed(struct fbuffer *fb, const char *pre, size_t npre,
		     const unsigned char *s, size_t len,
		     const char *post, size_t npost, int mode)
{
	if (escape_string_framed_quick(fb, pre, npre, s, len, post, npost, mode) == 0)
		return 0;
	return escape_string_framed_slow(fb, pre, npre, s, len, post, npost, mode);
}

/* What escape_raw_string() does with the escapes of the raw text. */
enum raw_escapes {
	RAW_DECODE,     /* decode them and write what they stand for */
	RAW_KEEP,       /* copy them as they are (--keep-escapes) */
};

/**
 * Append a JSON string given as the raw text between its quotes.  With
 * RAW_DECODE its escapes are decoded and the result written as
 * escape_string() would; an unpaired surrogate escape (\ud800) is written
 * back as the same escape, in lowercase.  With RAW_KEEP each escape is
 * copied as it is, and the rest written as escape_string() would.  `raw`
 * must be lexically valid.  Returns 0, or -1 on invalid UTF-8.
 */
int escape_raw_string(struct fbuffer *fb, const unsigned char *raw, size_t len, int mode,
		      enum raw_escapes escapes);

/** Append the six-byte escape \uxxxx for the UTF-16 code unit `u`. */
void escape_unit(struct fbuffer *fb, unsigned u);

#endif
