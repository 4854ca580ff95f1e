/* columns_check.c - checks the block summary of src/width/columns.c,
 * which counts most code points without searching the tables, against
 * the tables searched: every code point from U+0080 to U+10FFFF (but the
 * surrogates) alone, between ASCII letters at every offset of an 8-byte
 * run, after another code point of the same block, and before U+FE0F
 * (which makes an emoji of the one before it, and counts none after any
 * other); and short ASCII text of every mix of control characters, letters
 * and DEL.  Prints the number of code points checked; exits 1 at the first
 * disagreement. */
#include "width/columns.c"

#include <stdio.h>

/* UTF-8 of c into s; its length. */
static size_t encode(uint32_t c, char *s)
{
	if (c < 0x800) {
		s[0] = (char)(0xC0 | c >> 6);
		s[1] = (char)(0x80 | (c & 0x3F));
		return 2;
	}
	if (c < 0x10000) {
		s[0] = (char)(0xE0 | c >> 12);
		s[1] = (char)(0x80 | (c >> 6 & 0x3F));
		s[2] = (char)(0x80 | (c & 0x3F));
		return 3;
	}
	s[0] = (char)(0xF0 | c >> 18);
	s[1] = (char)(0x80 | (c >> 12 & 0x3F));
	s[2] = (char)(0x80 | (c >> 6 & 0x3F));
	s[3] = (char)(0x80 | (c & 0x3F));
	return 4;
}

static int fails;

static void expect(const char *s, size_t n, size_t want, uint32_t c, const char *how)
{
	size_t got = columns_of(s, n);
	if (got != want && fails++ < 10)
		fprintf(stderr, "U+%04X %s: %zu columns, the tables say %zu\n", (unsigned)c, how,
			got, want);
}

int main(void)
{
	unsigned long checked = 0;
	char s[64];

	for (uint32_t c = 0x80; c <= 0x10FFFF; c++) {
		if (c >= 0xD800 && c <= 0xDFFF)
			continue;
		size_t want = code_point_columns(c), k = encode(c, s);
		expect(s, k, want, c, "alone");

		/* after 0 to 8 letters, before 9: within and past a run */
		for (size_t before = 0; before <= 8; before++) {
			memset(s, 'a', before);
			size_t m = before + encode(c, s + before);
			memset(s + m, 'b', 9);
			expect(s, m + 9, before + want + 9, c, "among letters");
		}

		/* after the first code point of its block (not an emoji,
		 * which may make one of the two) */
		uint32_t first = c & ~(uint32_t)(BLOCK_SIZE - 1);
		if (first >= 0x80 && (first < 0xD800 || first > 0xDFFF) && !emoji(first)) {
			size_t m = encode(first, s);
			m += encode(c, s + m);
			expect(s, m, code_point_columns(first) + want, c, "after its block's first");
		}

		/* before U+FE0F */
		size_t m = encode(c, s);
		m += encode(0xFE0F, s + m);
		expect(s, m, emoji(c) ? 2 : want, c, "before U+FE0F");
		checked++;
	}
	/* ASCII text of 1 to 9 bytes, every mix of a control character,
	 * a letter and DEL (prettier counts DEL as a column in ASCII text):
	 * shorter than a word, and past it */
	static const char ascii[] = { 0x01, 0x1F, 'a', '~', 0x7F };
	for (size_t n = 1; n <= 9; n++) {
		size_t combos = 1;
		for (size_t i = 0; i < n; i++)
			combos *= sizeof ascii;
		for (size_t k = 0; k < combos; k++) {
			size_t want = 0, x = k;
			for (size_t i = 0; i < n; i++, x /= sizeof ascii) {
				s[i] = ascii[x % sizeof ascii];
				want += (unsigned char)s[i] >= 0x20;
			}
			expect(s, n, want, (uint32_t)s[0], "in ASCII text");
		}
	}
	/* ASCII text of 8 to 33 bytes, the length of most keys, with one
	 * byte that is not a plain column (a control character, DEL, a byte
	 * of a two-byte character, a stray continuation byte) at each offset:
	 * read in two overlapping loads, each must be seen */
	for (size_t n = 8; n <= 33; n++) {
		for (size_t at = 0; at < n; at++) {
			static const char odd[] = { 0x01, 0x1F, 0x7F, ' ', '~' };
			for (size_t k = 0; k < sizeof odd; k++) {
				memset(s, 'a', n);
				s[at] = odd[k];
				expect(s, n, n - ((unsigned char)odd[k] < 0x20), (uint32_t)odd[k],
				       "at each offset of ASCII text");
			}
			if (at + 1 < n) {
				memset(s, 'a', n);
				s[at] = (char)0xC3;     /* U+00E9 */
				s[at + 1] = (char)0xA9;
				expect(s, n, n - 1, 0xE9, "at each offset of ASCII text");
			}
			memset(s, 'a', n);
			s[at] = (char)0x80;
			expect(s, n, COLUMNS_INVALID, 0x80, "at each offset of ASCII text");
		}
	}
	if (fails) {
		fprintf(stderr, "%d disagreements\n", fails);
		return 1;
	}
	printf("checked: %lu code points\n", checked);
	return 0;
}
