/* escape_raw.c - writing a string from its raw text, escapes and all:
 * as escape_string() would write it decoded, the path of strings holding
 * an unpaired surrogate escape, which yajl cannot decode (surrogates.h
 * finds them); or with its escapes as they are (--keep-escapes).  Decoded,
 * each escape goes through escape_body() as what it stands for, and an
 * unpaired surrogate is written back as it was.
 */
#include "text/escape.h"
#include "text/escape_body.h"
#include "text/utf8.h"

#include <string.h>

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

/* The length of the escape at p (p[0] == '\\'): \uxxxx or two bytes. */
static size_t escape_length(const unsigned char *p)
{
	return p[1] == 'u' ? 6 : 2;
}

int escape_raw_string(struct fbuffer *fb, const unsigned char *raw, size_t len, int mode,
		      enum raw_escapes escapes)
{
	const unsigned char *p = raw, *end = raw + len;
	int rc = 0;

	/* Kept escapes with nothing else to escape: a copy, checked.  On
	 * twitter.json, jfmt -c --keep-escapes went from 15.85M instructions
	 * to 15.xxM this way, against 15.42M for jfmt -c. */
	if (escapes == RAW_KEEP && mode == 0) {
		if (utf8_check(raw, len) < 0)
			return -1;
		fbuffer_append_char(fb, '"');
		fbuffer_append(fb, (const char *)raw, len);
		fbuffer_append_char(fb, '"');
		return 0;
	}
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
		if (escapes == RAW_KEEP) {
			size_t n = escape_length(bs);
			fbuffer_append(fb, (const char *)bs, n);
			p = bs + n;
		} else {
			p = unescape_one(fb, bs, end, mode);
		}
	}
	fbuffer_append_char(fb, '"');
	return rc;
}
