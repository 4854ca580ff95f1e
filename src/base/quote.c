/* quote.c - file names quoted as git quotes paths, and as shell words.
 * See quote.h. */
#include "base/quote.h"

#include <string.h>

#include "base/utf8seq.h"

#define C1_LEAD 0xc2            /* U+0080 to U+009F are C2 80 to C2 9F */
#define C1_END 0xa0
#define DEL 0x7f
#define FIRST_PRINTABLE 0x20

/* The escape letter of each byte that has one in C. */
static char c_letter(unsigned c)
{
	switch (c) {
	case '\a': return 'a';
	case '\b': return 'b';
	case '\t': return 't';
	case '\n': return 'n';
	case '\v': return 'v';
	case '\f': return 'f';
	case '\r': return 'r';
	default: return 0;
	}
}

/* How the bytes at s[0..n) start: *len bytes that are either shown as
 * they are (returns 0) or escaped one by one (returns 1). */
static int next_piece(const unsigned char *s, size_t n, size_t *len)
{
	unsigned c = s[0];

	if (c < 0x80) {
		*len = 1;
		return c < FIRST_PRINTABLE || c == DEL || c == '"' || c == '\\';
	}
	*len = utf8_sequence(s, n);
	if (*len == 0) {
		*len = 1;               /* not UTF-8 */
		return 1;
	}
	return c == C1_LEAD && s[1] < C1_END;
}

int quote_needed(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len;

	for (size_t i = 0; i < n; i += len)
		if (next_piece(p + i, n - i, &len))
			return 1;
	return 0;
}

/* Write the escape of byte c at out: a letter, the quote or backslash
 * itself, or three octal digits.  Returns its length. */
static size_t escape(char *out, unsigned c)
{
	char letter = c_letter(c);

	if (c == '"' || c == '\\' || c == '\'')
		letter = (char)c;
	out[0] = '\\';
	if (letter) {
		out[1] = letter;
		return 2;
	}
	out[1] = (char)('0' + (c >> 6));
	out[2] = (char)('0' + ((c >> 3) & 7));
	out[3] = (char)('0' + (c & 7));
	return 4;
}

/* s[0..n) after `open` and before `close`, each byte that needs it
 * escaped, and `also` (or 0) as well. */
static size_t escaped(char *out, const char *open, char close, const char *s, size_t n,
		      char also)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t o = strlen(open), len;

	memcpy(out, open, o);
	for (size_t i = 0; i < n; i += len) {
		int esc = next_piece(p + i, n - i, &len);
		for (size_t k = 0; k < len; k++) {
			unsigned c = p[i + k];
			if (esc || (also && c == (unsigned char)also))
				o += escape(out + o, c);
			else
				out[o++] = (char)c;
		}
	}
	out[o++] = close;
	out[o] = 0;
	return o;
}

size_t quote_c(char *out, const char *s, size_t n)
{
	if (!quote_needed(s, n)) {
		memcpy(out, s, n);
		out[n] = 0;
		return n;
	}
	return escaped(out, "\"", '"', s, n, 0);
}

/* Bytes a shell word may hold bare. */
static int shell_bare(unsigned char c, int first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("_-+./:,@%", c)) || (c == '=' && !first);
}

size_t quote_shell(char *out, const char *s, size_t n)
{
	size_t o = 0;
	int bare = n > 0;

	for (size_t i = 0; i < n && bare; i++)
		bare = shell_bare((unsigned char)s[i], i == 0);
	if (bare) {
		memcpy(out, s, n);
		out[n] = 0;
		return n;
	}
	if (quote_needed(s, n))
		return escaped(out, "$'", '\'', s, n, '\'');
	out[o++] = '\'';
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\'') {
			memcpy(out + o, "'\\''", 4);
			o += 4;
		} else {
			out[o++] = s[i];
		}
	}
	out[o++] = '\'';
	out[o] = 0;
	return o;
}

void quote_mask(char *s, size_t n)
{
	unsigned char *p = (unsigned char *)s;
	size_t len;

	for (size_t i = 0; i < n; i += len)
		if (next_piece(p + i, n - i, &len) && p[i] != '"' && p[i] != '\\')
			memset(p + i, '?', len);
}
