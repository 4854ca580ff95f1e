/* quote_check.c - checks src/base/quote.c: which names need quoting, held
 * to utf8_sequence() of src/base/utf8seq.h (the definition of well-formed
 * UTF-8, which quote.c uses) over every string of one to three bytes and
 * every four-byte string led by a byte from F0 to F4; then, on those and
 * on seeded random names, that quote_c() reads back as C escapes to the
 * name, holds no control byte and is unquoted only for a name that needs
 * no quoting, and that quote_mask() leaves nothing that needs quoting.
 * Exits 1 at the first disagreement. */
#include "base/quote.c"
#include "text/utf8.h"

#include <stdio.h>
#include <stdlib.h>

#include "rng.h"

#define NAME_MAX_TRIED 24
#define RANDOM_NAMES 2000000

/* Whether s[0..n) holds a control character or broken UTF-8 (or, with
 * `quotes`, '"' or '\'): the rules of quote.h, with utf8_sequence(). */
static int unsafe(const unsigned char *s, size_t n, int quotes)
{
	for (size_t i = 0; i < n;) {
		size_t len = utf8_sequence(s + i, n - i);
		if (len == 0 || s[i] < 0x20 || s[i] == 0x7f)
			return 1;
		if (quotes && (s[i] == '"' || s[i] == '\\'))
			return 1;
		if (len == 2 && utf8_decode_valid(s + i, &len) < 0xa0)
			return 1;       /* C1 */
		i += len;
	}
	return 0;
}

/* Undo quote_c(): the name its output stands for, or -1. */
static long unquote(const char *q, size_t qlen, unsigned char *out)
{
	size_t o = 0;

	if (qlen < 2 || q[0] != '"' || q[qlen - 1] != '"')
		return -1;
	for (size_t i = 1; i < qlen - 1; i++) {
		unsigned char c = (unsigned char)q[i];
		if (c < 0x20 || c == 0x7f || c == '"')
			return -1;      /* raw where an escape belongs */
		if (c != '\\') {
			out[o++] = c;
			continue;
		}
		c = (unsigned char)q[++i];
		const char *l = strchr("abtnvfr\"\\", c);
		if (c && l) {
			out[o++] = (unsigned char)"\a\b\t\n\v\f\r\"\\"[l - "abtnvfr\"\\"];
		} else if (c >= '0' && c <= '3' && i + 2 < qlen - 1) {
			out[o++] = (unsigned char)((c - '0') << 6 | (q[i + 1] - '0') << 3 | (q[i + 2] - '0'));
			i += 2;
		} else {
			return -1;
		}
	}
	return (long)o;
}

static int check(const unsigned char *s, size_t n)
{
	char q[QUOTE_SIZE(NAME_MAX_TRIED)], m[NAME_MAX_TRIED];
	unsigned char back[NAME_MAX_TRIED];
	int want = unsafe(s, n, 1);

	if (quote_needed((const char *)s, n) != want)
		return 0;
	size_t qlen = quote_c(q, (const char *)s, n);
	if (want) {
		long b = unquote(q, qlen, back);
		if (b != (long)n || memcmp(back, s, n) != 0 || unsafe((unsigned char *)q, qlen, 0))
			return 0;
	} else if (qlen != n || memcmp(q, s, n) != 0) {
		return 0;
	}
	memcpy(m, s, n);
	quote_mask(m, n);
	return !unsafe((unsigned char *)m, n, 0);
}

static int fail(const unsigned char *s, size_t n)
{
	printf("disagree on:");
	for (size_t i = 0; i < n; i++)
		printf(" %02x", s[i]);
	printf("\n");
	return 1;
}

int main(void)
{
	unsigned char s[NAME_MAX_TRIED];
	unsigned long checked = 0;

	for (unsigned long v = 0; v < (1UL << 24); v++) {
		for (size_t n = 1; n <= 3; n++) {
			if (n < 3 && v >> (8 * n))
				continue;
			for (size_t k = 0; k < n; k++)
				s[k] = (unsigned char)(v >> (8 * k));
			if (!check(s, n))
				return fail(s, n);
			checked++;
		}
	}
	for (unsigned long v = 0; v < (1UL << 24); v++) {
		s[0] = (unsigned char)(0xf0 + v % 5);
		s[1] = (unsigned char)(v >> 3);
		s[2] = (unsigned char)(v >> 11);
		s[3] = (unsigned char)(v >> 19 | (v & 1) << 7 | 0x80 * ((v >> 1) & 1));
		if (!check(s, 4))
			return fail(s, 4);
		checked++;
	}
	/* random names, mostly text, some bytes of every kind */
	static const unsigned char pool[] = "ab. -\"\\'\t\n\x1b\x7f\xc2\x9b\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xff\x80";
	for (unsigned long r = 0; r < RANDOM_NAMES; r++) {
		size_t n = 1 + next() % NAME_MAX_TRIED;
		for (size_t k = 0; k < n; k++)
			s[k] = pool[next() % (sizeof pool - 1)];
		if (!check(s, n))
			return fail(s, n);
		checked++;
	}
	printf("checked: %lu names\n", checked);
	return 0;
}
