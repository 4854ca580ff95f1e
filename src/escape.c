/* escape.c - table-driven JSON string escaping that copies runs of safe
 * bytes with one append each. */
#include "escape.h"

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

static const char hex[] = "0123456789abcdef";

void escape_unit(struct fbuffer *fb, unsigned u)
{
	fbuffer_reserve(fb, 6);
	char *p = fbuffer_cursor(fb);
	p[0] = '\\';
	p[1] = 'u';
	p[2] = hex[(u >> 12) & 0xf];
	p[3] = hex[(u >> 8) & 0xf];
	p[4] = hex[(u >> 4) & 0xf];
	p[5] = hex[u & 0xf];
	fbuffer_advance(fb, 6);
}

static inline size_t utf8_seq(const unsigned char *s, size_t len)
{
	unsigned c = s[0];
	size_t n;
	unsigned lo = 0x80, hi = 0xbf;  /* allowed range of the second byte */

	if (c < 0x80)
		return 1;
	if (c < 0xc2 || c > 0xf4)
		return 0;       /* continuation, overlong lead, or past U+10FFFF */
	n = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
	if (c == 0xe0)
		lo = 0xa0;      /* overlong */
	else if (c == 0xed)
		hi = 0x9f;      /* UTF-16 surrogates */
	else if (c == 0xf0)
		lo = 0x90;      /* overlong */
	else if (c == 0xf4)
		hi = 0x8f;      /* past U+10FFFF */
	if (len < n || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t k = 2; k < n; k++)
		if ((s[k] & 0xc0) != 0x80)
			return 0;
	return n;
}

size_t utf8_sequence(const unsigned char *s, size_t len)
{
	return utf8_seq(s, len);
}

/* Write the character whose (valid) n-byte UTF-8 sequence is at s as one or
 * two \u escapes. */
static void escape_non_ascii(struct fbuffer *fb, const unsigned char *s, size_t n)
{
	unsigned cp = s[0] & (n == 2 ? 0x1f : n == 3 ? 0x0f : 0x07);

	for (size_t k = 1; k < n; k++)
		cp = (cp << 6) | (s[k] & 0x3f);
	if (cp >= 0x10000) {
		cp -= 0x10000;
		escape_unit(fb, 0xd800 | (cp >> 10));
		escape_unit(fb, 0xdc00 | (cp & 0x3ff));
	} else {
		escape_unit(fb, cp);
	}
}

#if defined(__SSE2__)
static inline unsigned special_bytes(const unsigned char *s, int mode)
{
	return escape_special_in(_mm_loadu_si128((const __m128i *)s), mode);
}
#endif

/* The characters of a string, without its quotes.  Safe bytes are skipped
 * sixteen at a time and copied in runs; -1 on invalid UTF-8. */
static int escape_body(struct fbuffer *fb, const unsigned char *s, size_t len, int mode)
{
	const unsigned char *table = escape_tables[mode & 3];
	size_t i = 0, run = 0;

	for (;;) {
#if defined(__SSE2__)
		while (len - i >= 16) {
			unsigned m = special_bytes(s + i, mode);
			if (m != 0) {
				i += (size_t)__builtin_ctz(m);
				goto special;
			}
			i += 16;
		}
#endif
		while (i < len && !table[s[i]])
			i++;
		if (i == len)
			break;
special:;
		unsigned char e = table[s[i]];
		if (FB_LIKELY(e == 'v')) {
			/* non-ASCII text comes in runs: check it here, not
			 * sixteen bytes at a time */
			do {
				size_t n = utf8_seq(s + i, len - i);
				if (n == 0)
					return -1;
				i += n;
			} while (i < len && s[i] >= 0x80);
			continue;
		}
		if (!e) {
			i++;
			continue;
		}
		/* Do not remove the run copy without profiling escape-heavy text. */
		if (i > run)
			fbuffer_append(fb, (const char *)s + run, i - run);
		if (e == 'a') {
			size_t n = utf8_seq(s + i, len - i);
			if (n == 0)
				return -1;
			escape_non_ascii(fb, s + i, n);
			i += n;
		} else if (e == 'u') {
			escape_unit(fb, s[i]);
			i++;
		} else {
			fbuffer_reserve(fb, 2);
			fbuffer_put_reserved_char(fb, '\\');
			fbuffer_put_reserved_char(fb, (char)e);
			i++;
		}
		run = i;
	}
	if (i > run)
		fbuffer_append(fb, (const char *)s + run, i - run);
	return 0;
}

int escape_string_framed_slow(struct fbuffer *fb, const char *pre, size_t npre,
			      const unsigned char *s, size_t len,
			      const char *post, size_t npost, int mode)
{
	if (npre > 0)
		fbuffer_append(fb, pre, npre);
	fbuffer_append_char(fb, '"');
	int rc = escape_body(fb, s, len, mode);
	fbuffer_append_char(fb, '"');
	if (npost > 0)
		fbuffer_append(fb, post, npost);
	return rc;
}

int escape_string(struct fbuffer *fb, const unsigned char *s, size_t len, int mode)
{
	static const char no_prefix[32];

	return escape_string_framed(fb, no_prefix, 0, s, len, NULL, 0, mode);
}

int utf8_check(const unsigned char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
#if defined(__SSE2__)
		if (len - i >= 16) {
			unsigned m = (unsigned)_mm_movemask_epi8(
				_mm_loadu_si128((const __m128i *)(s + i)));
			if (m == 0) {
				i += 16;
				continue;
			}
			i += (size_t)__builtin_ctz(m);
		}
#endif
		size_t n = utf8_seq(s + i, len - i);
		if (n == 0)
			return -1;
		i += n;
	}
	return 0;
}

static unsigned hex_value(const unsigned char *p)
{
	unsigned v = 0;
	for (int k = 0; k < 4; k++) {
		unsigned c = p[k];
		v = (v << 4) | (c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return v;
}

static size_t utf8_encode(unsigned char *out, unsigned cp)
{
	if (cp < 0x80) {
		out[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (unsigned char)(0xc0 | (cp >> 6));
		out[1] = (unsigned char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (unsigned char)(0xe0 | (cp >> 12));
		out[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (unsigned char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (unsigned char)(0xf0 | (cp >> 18));
	out[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (unsigned char)(0x80 | (cp & 0x3f));
	return 4;
}

static int is_escape_u(const unsigned char *p, const unsigned char *end)
{
	return end - p >= 6 && p[0] == '\\' && p[1] == 'u';
}

/* Decode one escape at p (p[0] == '\\'), writing what it stands for. */
static const unsigned char *unescape_one(struct fbuffer *fb, const unsigned char *p,
					 const unsigned char *end, int mode)
{
	static const unsigned char simple[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
	unsigned char utf8[4];

	if (p[1] != 'u') {
		const unsigned char *m = (const unsigned char *)strchr((const char *)simple, p[1]);
		unsigned char c = m ? m[1] : p[1];
		escape_body(fb, &c, 1, mode);
		return p + 2;
	}
	unsigned u = hex_value(p + 2);
	if (u >= 0xd800 && u <= 0xdbff && is_escape_u(p + 6, end)) {
		unsigned lo = hex_value(p + 8);
		if (lo >= 0xdc00 && lo <= 0xdfff) {
			unsigned cp = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
			escape_body(fb, utf8, utf8_encode(utf8, cp), mode);
			return p + 12;
		}
	}
	if (u >= 0xd800 && u <= 0xdfff)
		escape_unit(fb, u);     /* unpaired: keep it as the escape it was */
	else
		escape_body(fb, utf8, utf8_encode(utf8, u), mode);
	return p + 6;
}

int escape_raw_string(struct fbuffer *fb, const unsigned char *raw, size_t len, int mode)
{
	const unsigned char *p = raw, *end = raw + len;
	int rc = 0;

	fbuffer_append_char(fb, '"');
	while (p < end && rc == 0) {
		const unsigned char *bs = memchr(p, '\\', (size_t)(end - p));
		if (!bs) {
			rc = escape_body(fb, p, (size_t)(end - p), mode);
			break;
		}
		rc = escape_body(fb, p, (size_t)(bs - p), mode);
		if (end - bs < 2)
			break;  /* cannot happen: the lexer saw a whole escape */
		p = unescape_one(fb, bs, end, mode);
	}
	fbuffer_append_char(fb, '"');
	return rc;
}
