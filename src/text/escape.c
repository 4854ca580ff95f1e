/* escape.c - JSON string escaping: a table per mode says what each byte
 * needs, and runs of bytes that need nothing are copied a block at a time.
 * Non-ASCII text is checked once per string by utf8_check(), from its first
 * non-ASCII byte on (with ESCAPE_ASCII, from the first that is not part of
 * a run of three-byte characters, which escape_wide.h checks).  A string
 * given as its raw text, escapes and all, is written by escape_raw.c. */
#include "text/escape.h"
#include "text/escape_body.h"
#include "text/escape_wide.h"
#include "text/utf8_copy.h"

/* What to do with each byte: 0 copies it; otherwise the letter after the
 * backslash, 'u' for \u00xx, 'v' for "check the UTF-8 sequence and copy it",
 * or 'a' for "check it and write it as \uxxxx". */
#define CTRL_ROW0 'u','u','u','u','u','u','u','u','b','t','n','u','f','r','u','u'
#define CTRL_ROW1 'u','u','u','u','u','u','u','u','u','u','u','u','u','u','u','u'
#define ROW0 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
#define HIGH_ROWS(x) \
	x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x, x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x, \
	x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x, x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x, \
	x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x, x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x, \
	x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x, x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x

/* 0x20-0x2f with '"' escaped, and with '/' too */
#define PUNCT_ROW       0,0,'"',0,0,0,0,0,0,0,0,0,0,0,0,0
#define PUNCT_ROW_SLASH 0,0,'"',0,0,0,0,0,0,0,0,0,0,0,0,'/'
/* 0x50-0x5f: '\\' */
#define BSLASH_ROW 0,0,0,0,0,0,0,0,0,0,0,0,'\\',0,0,0
/* 0x70-0x7f, with DEL escaped in ASCII mode (as Python does) */
#define DEL_ROW_RAW 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
#define DEL_ROW_ESC 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,'u'

#define TABLE(punct, del, high) { \
	CTRL_ROW0, CTRL_ROW1, punct, ROW0, ROW0, BSLASH_ROW, ROW0, del, \
	HIGH_ROWS(high) }

const unsigned char escape_tables[4][256] = {
	[0] = TABLE(PUNCT_ROW, DEL_ROW_RAW, 'v'),
	[ESCAPE_ASCII] = TABLE(PUNCT_ROW, DEL_ROW_ESC, 'a'),
	[ESCAPE_SLASH] = TABLE(PUNCT_ROW_SLASH, DEL_ROW_RAW, 'v'),
	[ESCAPE_ASCII | ESCAPE_SLASH] = TABLE(PUNCT_ROW_SLASH, DEL_ROW_ESC, 'a'),
};

/* "000102...ff": the two hex digits of every byte value. */
#define HEX16(h) h "0" h "1" h "2" h "3" h "4" h "5" h "6" h "7" \
	h "8" h "9" h "a" h "b" h "c" h "d" h "e" h "f"
static const char hex_pairs[] =
	HEX16("0") HEX16("1") HEX16("2") HEX16("3") HEX16("4") HEX16("5") HEX16("6") HEX16("7")
	HEX16("8") HEX16("9") HEX16("a") HEX16("b") HEX16("c") HEX16("d") HEX16("e") HEX16("f");

/* The longest escape: \uxxxx. */
#define UNIT_LEN 6

/* Write \uxxxx for the code unit u at d; returns the end. */
static inline char *put_unit(char *d, unsigned u)
{
	d[0] = '\\';
	d[1] = 'u';
	memcpy(d + 2, hex_pairs + 2 * (u >> 8), 2);
	memcpy(d + 4, hex_pairs + 2 * (u & 0xff), 2);
	return d + UNIT_LEN;
}

void escape_unit(struct fbuffer *fb, unsigned u)
{
	fbuffer_reserve(fb, UNIT_LEN);
	put_unit(fbuffer_cursor(fb), u);
	fbuffer_advance(fb, UNIT_LEN);
}

/* Write the escape `e` (a table entry) of the ASCII byte c at d. */
static inline char *put_escape(char *d, unsigned char e, unsigned char c)
{
	if (e == 'u')
		return put_unit(d, c);
	d[0] = '\\';
	d[1] = (char)e;
	return d + 2;
}

/* With ESCAPE_ASCII: write the run of non-ASCII characters from s[*at] as
 * \u escapes (a surrogate pair past U+FFFF), and move *at to its end, at
 * most n.  Three-byte characters go eight at a time where the CPU allows,
 * checked as they go: CJK text then needs no utf8_check(), which was 5.3
 * of the 70 million instructions of a 4 MB file.  Anything else needs
 * s[*at..n) checked first (*checked says it was).  Returns 0, or -1 on
 * invalid UTF-8. */
static int put_non_ascii_run(struct fbuffer *fb, const unsigned char *s, size_t *at,
			     size_t n, int *checked)
{
	size_t i = *at;

	do {
		if (escape_wide_usable && utf8_lead_length(s[i]) == 3) {
			i = escape_wide_run(fb, s, i, n);
			if (i == n || s[i] < 0x80)
				break;
		}
		if (!*checked) {
			if (utf8_check(s + i, n - i) < 0)
				return -1;
			*checked = 1;
		}
		fbuffer_reserve(fb, 2 * UNIT_LEN);
		char *d = fbuffer_cursor(fb), *e;
		size_t k;
		unsigned cp = utf8_decode_valid(s + i, &k);
		if (cp < 0x10000) {
			e = put_unit(d, cp);
		} else {
			cp -= 0x10000;
			e = put_unit(put_unit(d, 0xd800 | cp >> 10), 0xdc00 | (cp & 0x3ff));
		}
		fbuffer_advance(fb, (size_t)(e - d));
		i += k;
	} while (i < n && s[i] >= 0x80);
	*at = i;
	return 0;
}

/* What escape_body() knows as it goes. */
struct escaper {
	const unsigned char *table;
	int mode;
	unsigned check_high;    /* BLOCK_BITS until non-ASCII bytes are known
				 * to need nothing more, then 0 */
	int checked;            /* the rest of the string is valid UTF-8 */
};

/* Bytes looked at together (one SSE2 vector), and a mask with one bit for
 * each.  Runs without escapes are taken two blocks at a time. */
#define BLOCK 16
#define BLOCK_BITS 0xffffu
#define SPAN (2 * BLOCK)
/* Room for one span: the copy of it, then an escape at its last byte. */
#define SPAN_ROOM (SPAN + UNIT_LEN)

/* Where utf8_copy_until() stops: the ASCII bytes to escape, per mode
 * without and with ESCAPE_SLASH (from escape_tables); and the room it is
 * given. */
static struct utf8_stops copy_stops[2];

__attribute__((constructor))
static void make_copy_stops(void)
{
	utf8_stops_make(&copy_stops[0], escape_tables[0]);
	utf8_stops_make(&copy_stops[1], escape_tables[ESCAPE_SLASH]);
}

#define COPY_ROOM 1024

/* What copy_checked() returns for invalid UTF-8. */
#define COPY_BAD ((size_t)-1)

/* With utf8_copy_usable: copy and check s[0..n) in one pass, up to the
 * next byte to escape (or as far as the room allows); apart, the two cost
 * 13.4 of the 63 million instructions of 4 MB of CJK text.  Returns how
 * many bytes were copied, or COPY_BAD. */
static inline size_t copy_checked(struct fbuffer *fb, const unsigned char *s, size_t n, int mode)
{
	int bad;

	fbuffer_reserve(fb, COPY_ROOM);
	size_t r = utf8_copy_until(fbuffer_cursor(fb), s, n, fbuffer_avail(fb),
				   &copy_stops[(mode & ESCAPE_SLASH) != 0], &bad);
	if (bad)
		return COPY_BAD;
	fbuffer_advance(fb, r);
	return r;
}

#if defined(__SSE2__)
/* Bit i set if p[i] needs work, for the BLOCK bytes at p. */
static inline __attribute__((always_inline)) unsigned
block_mask(__m128i v, const struct escaper *x, int mode)
{
	return escape_special_vec(v, mode, 0) | ((unsigned)_mm_movemask_epi8(v) & x->check_high);
}

/*
 * Escape p[*at..n) a span at a time: each is copied with one store per
 * block, and the output moved on only to its first byte that needs work.
 * SPAN bytes are read at every p[i] with i < stop; a `padded` copy of the
 * string's end has them all, and zeros from n on: control bytes, which
 * stop the span there.
 * Returns -1 on invalid UTF-8, else 0 with *at moved on to stop or past.
 */
static inline __attribute__((always_inline)) int
escape_spans(struct fbuffer *fb, const unsigned char *p, size_t n, size_t stop,
	     int padded, size_t *at, struct escaper *x, int mode)
{
	size_t i = *at;
	char *d = fbuffer_cursor(fb), *end = d + fbuffer_avail(fb);

	while (i < stop) {
		if (FB_UNLIKELY((size_t)(end - d) < SPAN_ROOM)) {
			fbuffer_advance(fb, (size_t)(d - fbuffer_cursor(fb)));
			fbuffer_reserve(fb, SPAN_ROOM);
			d = fbuffer_cursor(fb);
			end = d + fbuffer_avail(fb);
		}
		__m128i v = _mm_loadu_si128((const __m128i *)(p + i));
		__m128i w = _mm_loadu_si128((const __m128i *)(p + i + BLOCK));
		unsigned m = block_mask(v, x, mode) | block_mask(w, x, mode) << BLOCK;
		_mm_storeu_si128((__m128i *)d, v);
		_mm_storeu_si128((__m128i *)(d + BLOCK), w);
		if (m == 0) {
			d += SPAN;
			i += SPAN;
			continue;
		}
		/* The span's escapes in turn, from its mask: after each, what
		 * follows it is stored again further on (readable at any i
		 * before stop).  Working the mask out again after each escape
		 * had cost 58 instructions an escape on text dense with them. */
		size_t span_end = i + SPAN;
		unsigned char c, e;
		for (;;) {
			size_t k = (size_t)__builtin_ctz(m);
			i += k;
			d += k;
			if (padded && i == n)
				goto done;
			c = p[i];
			e = x->table[c];
			if (FB_UNLIKELY(e == 'v' || e == 'a'))
				break;
			d = put_escape(d, e, c);
			i++;
			m = m >> k >> 1;
			if (i >= stop || (size_t)(end - d) < SPAN_ROOM)
				break;
			_mm_storeu_si128((__m128i *)d, _mm_loadu_si128((const __m128i *)(p + i)));
			_mm_storeu_si128((__m128i *)(d + BLOCK),
					 _mm_loadu_si128((const __m128i *)(p + i + BLOCK)));
			if (m == 0) {
				d += span_end - i;
				i = span_end;
				break;
			}
		}
		if (e != 'v' && e != 'a')
			continue;
		fbuffer_advance(fb, (size_t)(d - fbuffer_cursor(fb)));
		if (e == 'a') {
			if (put_non_ascii_run(fb, p, &i, n, &x->checked) < 0)
				return -1;
		} else if (utf8_copy_usable) {
			size_t r = copy_checked(fb, p + i, n - i, mode);
			if (r == COPY_BAD)
				return -1;
			i += r;
		} else {
			if (utf8_check(p + i, n - i) < 0)
				return -1;
			x->checked = 1;
			x->check_high = 0;
		}
		d = fbuffer_cursor(fb);
		end = d + fbuffer_avail(fb);
	}
done:
	fbuffer_advance(fb, (size_t)(d - fbuffer_cursor(fb)));
	*at = i;
	return 0;
}

/* The whole string s[0..len), in `mode`: a constant where this is inlined,
 * so that the tests for the mode's bytes drop out. */
static inline __attribute__((always_inline)) int
escape_body_in(struct fbuffer *fb, const unsigned char *s, size_t len, int mode)
{
	struct escaper x = { escape_tables[mode & 3], mode, BLOCK_BITS, 0 };
	size_t i = 0;

	if (len >= SPAN && escape_spans(fb, s, len, len - SPAN + 1, 0, &i, &x, mode) < 0)
		return -1;
	if (i == len)
		return 0;
	/* the last few bytes (fewer than SPAN), from a copy that can be read a
	 * span at a time from any of them: twice the span, zeros after them */
	unsigned char last[2 * SPAN] = { 0 };
	size_t j = 0;
	fbuffer_copy_small((char *)last, (const char *)s + i, len - i);
	return escape_spans(fb, last, len - i, len - i, 1, &j, &x, mode);
}

/* See escape_body.h. */
int escape_body(struct fbuffer *fb, const unsigned char *s, size_t len, int mode)
{
	if (mode == 0)
		return escape_body_in(fb, s, len, 0);
	return escape_body_in(fb, s, len, mode);
}
#else
/* See escape_body.h; here a byte at a time. */
int escape_body(struct fbuffer *fb, const unsigned char *s, size_t len, int mode)
{
	const unsigned char *table = escape_tables[mode & 3];
	size_t i = 0, run = 0;

	if (utf8_check(s, len) < 0)
		return -1;
	while (i < len) {
		unsigned char c = s[i], e = table[c];
		if (e == 0 || e == 'v') {
			i++;
			continue;
		}
		fbuffer_append(fb, (const char *)s + run, i - run);
		if (e == 'a') {
			int checked = 1;
			put_non_ascii_run(fb, s, &i, len, &checked);
		} else {
			fbuffer_reserve(fb, UNIT_LEN);
			char *d = fbuffer_cursor(fb);
			fbuffer_advance(fb, (size_t)(put_escape(d, e, c) - d));
			i++;
		}
		run = i;
	}
	fbuffer_append(fb, (const char *)s + run, i - run);
	return 0;
}
#endif

/* Inline in escape_string() too, which -a uses: a call there cost 0.9%
 * more instructions on CJK text. */
inline __attribute__((always_inline)) int
escape_string_framed_slow(struct fbuffer *fb, const char *pre, size_t npre,
			  const unsigned char *s, size_t len,
			  const char *post, size_t npost, int mode)
{
	size_t i = 0;
	int rc = 0;

	if (npre > 0)
		fbuffer_append(fb, pre, npre);
	fbuffer_append_char(fb, '"');
	/* Most strings that come here have nothing to escape (they are long,
	 * or not ASCII): copied and checked whole, at once, they cost 25
	 * instructions less than through escape_body(). */
	if (!(mode & ESCAPE_ASCII) && utf8_copy_usable)
		i = copy_checked(fb, s, len, mode);
	if (i == COPY_BAD)
		rc = -1;
	else if (i < len)
		rc = escape_body(fb, s + i, len - i, mode);
	fbuffer_append_char(fb, '"');
	if (npost > 0 && rc == 0)       /* an invalid key takes no colon */
		fbuffer_append(fb, post, npost);
	return rc;
}

int escape_string(struct fbuffer *fb, const unsigned char *s, size_t len, int mode)
{
	static const char no_prefix[FBUFFER_COPY_WIDTH];

	return escape_string_framed(fb, no_prefix, 0, s, len, NULL, 0, mode);
}
