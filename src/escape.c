/* escape.c - table-driven JSON string escaping that copies runs of safe
 * bytes with one append each. */
#include "escape.h"

#include <stdint.h>

/* What to do with each byte: 0 copies it; otherwise the letter after the
 * backslash, 'u' for \u00xx, or 'a' for "decode UTF-8 and write \uxxxx". */
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

static const unsigned char escape_tables[4][256] = {
	[0] = TABLE(PUNCT_ROW, DEL_ROW_RAW, 0),
	[ESCAPE_ASCII] = TABLE(PUNCT_ROW, DEL_ROW_ESC, 'a'),
	[ESCAPE_SLASH] = TABLE(PUNCT_ROW_SLASH, DEL_ROW_RAW, 0),
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

/* Decode the UTF-8 sequence at s[*i] (known to be well formed, as the parser
 * checked it) and write it as one or two \u escapes. */
static void escape_non_ascii(struct fbuffer *fb, const unsigned char *s,
			     size_t len, size_t *i)
{
	unsigned c = s[*i], cp;
	size_t n;

	if (c >= 0xf0) {
		cp = c & 0x07;
		n = 4;
	} else if (c >= 0xe0) {
		cp = c & 0x0f;
		n = 3;
	} else {
		cp = c & 0x1f;
		n = 2;
	}
	if (*i + n > len)       /* truncated: cannot happen with valid input */
		n = len - *i;
	for (size_t k = 1; k < n; k++)
		cp = (cp << 6) | (s[*i + k] & 0x3f);
	*i += n;
	if (cp >= 0x10000) {
		cp -= 0x10000;
		escape_unit(fb, 0xd800 | (cp >> 10));
		escape_unit(fb, 0xdc00 | (cp & 0x3ff));
	} else {
		escape_unit(fb, cp);
	}
}

/* The characters of a string, without its quotes. */
static void escape_body(struct fbuffer *fb, const unsigned char *s, size_t len, int mode)
{
	const unsigned char *table = escape_tables[mode & 3];
	size_t i = 0, run = 0;

	while (i < len) {
		unsigned char e = table[s[i]];
		if (FB_LIKELY(!e)) {
			i++;
			continue;
		}
		/* Do not remove the run copy without profiling escape-heavy text. */
		if (i > run)
			fbuffer_append(fb, (const char *)s + run, i - run);
		if (e == 'a') {
			escape_non_ascii(fb, s, len, &i);
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
}

void escape_string(struct fbuffer *fb, const unsigned char *s, size_t len, int mode)
{
	fbuffer_append_char(fb, '"');
	escape_body(fb, s, len, mode);
	fbuffer_append_char(fb, '"');
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

void escape_raw_string(struct fbuffer *fb, const unsigned char *raw, size_t len, int mode)
{
	const unsigned char *p = raw, *end = raw + len;

	fbuffer_append_char(fb, '"');
	while (p < end) {
		const unsigned char *bs = memchr(p, '\\', (size_t)(end - p));
		if (!bs) {
			escape_body(fb, p, (size_t)(end - p), mode);
			break;
		}
		escape_body(fb, p, (size_t)(bs - p), mode);
		if (end - bs < 2)
			break;  /* cannot happen: the lexer saw a whole escape */
		p = unescape_one(fb, bs, end, mode);
	}
	fbuffer_append_char(fb, '"');
}
