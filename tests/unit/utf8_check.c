/* utf8_check.c - checks the UTF-8 rules of src/text/utf8.c and src/text/utf8_copy.c:
 * utf8_sequence() against an independent decoder over every code point
 * and every 2- to 4-byte pattern that matters, then each version of
 * utf8_check() (plain, SSSE3, AVX2, and the copy that checks) against a
 * loop of utf8_sequence(), on every class of valid and invalid sequence
 * placed at every offset of a 64-byte window and of input of every length
 * up to 104, at the end of input of every length, every byte pair at the
 * block edges, and in seeded random buffers.
 * Prints the versions checked; exits 1 at the first disagreement. */
#include "text/utf8.c"
#include "text/utf8_copy.c"

#include <stdio.h>
#include <stdlib.h>

#include "rng.h"

/* utf8_copy_until() as the escaper uses it: resumed past each stop (which
 * stands for an escape), and given little room, so that it stops for that
 * too; what it copies must be the input.  -2 if that is not so. */
static int check_copy(const unsigned char *s, size_t len)
{
	static const unsigned char stops[3] = { '"', '\\', '/' };
	static struct utf8_stops stop_set;
	if (!stop_set.high[0]) {
		unsigned char set[UTF8_STOPS] = { 0 };
		memset(set, 1, 0x20);
		for (size_t k = 0; k < sizeof stops; k++)
			set[stops[k]] = 1;
		utf8_stops_make(&stop_set, set);
	}
	static char out[8192];
	size_t i = 0, room = 32 + len % 61;

	while (i < len) {
		int bad;
		size_t n = utf8_copy_until(out + i, s + i, len - i, room, &stop_set, &bad);
		if (bad)
			return -1;
		if (n > len - i || memcmp(out + i, s + i, n) != 0)
			return -2;
		/* no stop is passed, and none but the lack of room ends a copy
		 * early (backed off to the start of a character) */
		for (size_t k = i; k < i + n; k++)
			if (s[k] < 0x20 || memchr(stops, s[k], sizeof stops))
				return -2;
		int stopped = i + n < len && (s[i + n] < 0x20 || memchr(stops, s[i + n], sizeof stops));
		if (i + n < len && !stopped && n + 32 + 3 < room)
			return -2;
		i += n;
		if (stopped)
			i++;
	}
	return 0;
}

static const struct { const char *name; check_fn *fn; } versions[] = {
	{ "plain", check_plain },
#if defined(UTF8_X86)
	{ "ssse3", check_ssse3 },
	{ "avx2", check_avx2 },
	{ "copy", check_copy },
#endif
	{ "dispatch", utf8_check },
};
#define NVERSIONS (sizeof versions / sizeof versions[0])

static int usable(size_t v)
{
#if defined(UTF8_X86)
	if (versions[v].fn == check_avx2 || versions[v].fn == check_copy)
		return CPU_FEATURE_ACTIVE(AVX2);
	if (versions[v].fn == check_ssse3)
		return CPU_FEATURE_ACTIVE(SSSE3);
#endif
	(void)v;
	return 1;
}

/* The definition: one utf8_sequence() after another. */
static int reference(const unsigned char *s, size_t len)
{
	for (size_t i = 0, n; i < len; i += n)
		if ((n = utf8_sequence(s + i, len - i)) == 0)
			return -1;
	return 0;
}

static unsigned long checks;

static int check(const unsigned char *s, size_t len, const char *what)
{
	int want = reference(s, len);

	for (size_t v = 0; v < NVERSIONS; v++) {
		if (!usable(v))
			continue;
		checks++;
		int got = versions[v].fn(s, len);
		if (got != want) {
			printf("%s: %s, %zu bytes: %d, want %d:", versions[v].name, what, len,
			       got, want);
			for (size_t i = 0; i < len; i++)
				printf(" %02x", s[i]);
			printf("\n");
			return 1;
		}
	}
	return 0;
}

/* Classes of sequence; `valid` is what RFC 3629 says of each alone. */
static const struct { int valid; unsigned char len, b[5]; } classes[] = {
	{ 1, 1, { 0x41 } }, { 1, 1, { 0x7f } }, { 1, 1, { 0x00 } },
	{ 1, 2, { 0xc2, 0x80 } }, { 1, 2, { 0xdf, 0xbf } }, { 1, 2, { 0xc3, 0xa9 } },
	{ 1, 3, { 0xe0, 0xa0, 0x80 } }, { 1, 3, { 0xef, 0xbf, 0xbf } },
	{ 1, 3, { 0xed, 0x9f, 0xbf } }, { 1, 3, { 0xee, 0x80, 0x80 } },
	{ 1, 3, { 0xe4, 0xb8, 0xad } },
	{ 1, 4, { 0xf0, 0x90, 0x80, 0x80 } }, { 1, 4, { 0xf4, 0x8f, 0xbf, 0xbf } },
	{ 1, 4, { 0xf3, 0xbf, 0xbf, 0xbf } }, { 1, 4, { 0xf0, 0x9f, 0x98, 0x80 } },
	/* overlong */
	{ 0, 2, { 0xc0, 0x80 } }, { 0, 2, { 0xc0, 0xaf } }, { 0, 2, { 0xc1, 0xbf } },
	{ 0, 3, { 0xe0, 0x80, 0x80 } }, { 0, 3, { 0xe0, 0x9f, 0xbf } },
	{ 0, 4, { 0xf0, 0x80, 0x80, 0x80 } }, { 0, 4, { 0xf0, 0x8f, 0xbf, 0xbf } },
	{ 0, 5, { 0xf8, 0x88, 0x80, 0x80, 0x80 } },
	/* surrogates */
	{ 0, 3, { 0xed, 0xa0, 0x80 } }, { 0, 3, { 0xed, 0xbf, 0xbf } },
	{ 0, 3, { 0xed, 0xaf, 0xbf } },
	/* past U+10FFFF */
	{ 0, 4, { 0xf4, 0x90, 0x80, 0x80 } }, { 0, 4, { 0xf4, 0xbf, 0xbf, 0xbf } },
	{ 0, 4, { 0xf5, 0x80, 0x80, 0x80 } }, { 0, 4, { 0xf7, 0xbf, 0xbf, 0xbf } },
	/* bytes that never occur */
	{ 0, 1, { 0xc0 } }, { 0, 1, { 0xc1 } }, { 0, 1, { 0xf5 } }, { 0, 1, { 0xf8 } },
	{ 0, 1, { 0xfe } }, { 0, 1, { 0xff } },
	/* lone continuations */
	{ 0, 1, { 0x80 } }, { 0, 1, { 0xbf } }, { 0, 2, { 0x80, 0x80 } },
	{ 0, 3, { 0xc2, 0x80, 0x80 } }, { 0, 4, { 0xe4, 0xb8, 0xad, 0x80 } },
	{ 0, 5, { 0xf0, 0x90, 0x80, 0x80, 0x80 } },
	/* truncated */
	{ 0, 1, { 0xc2 } }, { 0, 1, { 0xe4 } }, { 0, 2, { 0xe4, 0xb8 } }, { 0, 1, { 0xf0 } },
	{ 0, 2, { 0xf0, 0x90 } }, { 0, 3, { 0xf0, 0x90, 0x80 } },
	{ 0, 2, { 0xc2, 0x41 } }, { 0, 3, { 0xe4, 0xb8, 0x41 } },
	{ 0, 4, { 0xf0, 0x90, 0x80, 0x41 } }, { 0, 2, { 0xe4, 0xc2 } },
};
#define NCLASSES (sizeof classes / sizeof classes[0])

/* Backgrounds to set the classes in: ASCII, and text of 2, 3, 4 bytes a
 * character (cut anywhere, which the reference judges too). */
static const char *const backgrounds[] = { "a", "\xc3\xa9", "\xe4\xb8\xad", "\xf0\x9f\x98\x80" };
#define NBACKGROUNDS (sizeof backgrounds / sizeof backgrounds[0])

static void fill(unsigned char *p, size_t n, const char *bg)
{
	size_t k = strlen(bg);
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)bg[i % k];
}

static size_t encode(unsigned char *o, unsigned cp)
{
	if (cp < 0x80) { o[0] = (unsigned char)cp; return 1; }
	if (cp < 0x800) { o[0] = 0xc0 | cp >> 6; o[1] = 0x80 | (cp & 0x3f); return 2; }
	if (cp < 0x10000) {
		o[0] = 0xe0 | cp >> 12; o[1] = 0x80 | (cp >> 6 & 0x3f); o[2] = 0x80 | (cp & 0x3f);
		return 3;
	}
	o[0] = 0xf0 | cp >> 18; o[1] = 0x80 | (cp >> 12 & 0x3f);
	o[2] = 0x80 | (cp >> 6 & 0x3f); o[3] = 0x80 | (cp & 0x3f);
	return 4;
}

/* utf8_sequence() against an independent decoder. */
static int check_sequence_rule(void)
{
	unsigned char b[4];
	size_t n, m;

	for (unsigned cp = 0; cp <= 0x10ffff; cp++) {
		n = encode(b, cp);
		int want = cp >= 0xd800 && cp <= 0xdfff ? 0 : (int)n;
		if ((int)utf8_sequence(b, n) != want || (n > 1 && utf8_sequence(b, n - 1) != 0)) {
			printf("utf8_sequence: U+%04X\n", cp);
			return 1;
		}
		if (want > 1 && (utf8_decode_valid(b, &m) != cp || m != n)) {
			printf("utf8_decode_valid: U+%04X\n", cp);
			return 1;
		}
	}
	/* any lead with any 2nd and 3rd byte; the 4th a continuation */
	for (unsigned x = 0; x < 1u << 24; x++) {
		b[0] = (unsigned char)(x >> 16), b[1] = (unsigned char)(x >> 8);
		b[2] = (unsigned char)x, b[3] = 0x80;
		n = b[0] < 0x80 ? 1 : b[0] < 0xc0 ? 0 : b[0] < 0xe0 ? 2 : b[0] < 0xf0 ? 3 :
		    b[0] < 0xf8 ? 4 : 0;
		unsigned cp = b[0] & (0x7f >> n);
		for (size_t k = 1; k < n; k++) {
			if ((b[k] & 0xc0) != 0x80)
				n = 0;
			cp = cp << 6 | (b[k] & 0x3f);
		}
		static const unsigned least[] = { 0, 0, 0x80, 0x800, 0x10000 };
		if (n && (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)))
			n = 0;
		if (utf8_sequence(b, 4) != n) {
			printf("utf8_sequence: %02x %02x %02x %02x gives %zu, want %zu\n",
			       b[0], b[1], b[2], b[3], utf8_sequence(b, 4), n);
			return 1;
		}
	}
	return 0;
}

int main(void)
{
	enum { WINDOW = 64, ROOM = 4096, LEADS_BEFORE = 3 };
	static unsigned char buf[ROOM];
	int bad = check_sequence_rule();

	for (size_t c = 0; c < NCLASSES && !bad; c++) {
		if (reference(classes[c].b, classes[c].len) != (classes[c].valid ? 0 : -1)) {
			printf("class %zu: the reference disagrees with RFC 3629\n", c);
			bad = 1;
		}
		for (size_t g = 0; g < NBACKGROUNDS && !bad; g++) {
			/* at every offset of a 64-byte window, with text after it */
			for (size_t at = 0; at < WINDOW && !bad; at++) {
				fill(buf, WINDOW + 16, backgrounds[g]);
				memcpy(buf + at, classes[c].b, classes[c].len);
				bad |= check(buf, WINDOW + 16, "a class in text");
				bad |= check(buf + 1, WINDOW + 15, "a class in text");
			}
			/* as the last bytes of input of every length */
			for (size_t n = classes[c].len; n <= 2 * WINDOW + 8 && !bad; n++) {
				fill(buf, n, g == 0 ? "a" : backgrounds[g]);
				memcpy(buf + n - classes[c].len, classes[c].b, classes[c].len);
				bad |= check(buf, n, "a class at the end");
			}
		}
	}
	/* each class at every offset of input of every length up to two
	 * blocks of the copy and a half, in each background: the copy reads
	 * its last block over the one before.  Leads before the input would
	 * make errors of a read before it. */
	for (size_t c = 0; c < NCLASSES && !bad; c++)
		for (size_t g = 0; g < NBACKGROUNDS && !bad; g++)
			for (size_t n = classes[c].len; n <= WINDOW + 40 && !bad; n++)
				for (size_t at = 0; at + classes[c].len <= n && !bad; at++) {
					memset(buf, 0xf0, LEADS_BEFORE);
					fill(buf + LEADS_BEFORE, n, backgrounds[g]);
					memcpy(buf + LEADS_BEFORE + at, classes[c].b, classes[c].len);
					bad |= check(buf + LEADS_BEFORE, n, "a class in text of every length");
				}
	/* every byte pair at the block edges, and where the copy's last
	 * block, over the one before, starts */
	for (unsigned x = 0; x < 1u << 16 && !bad; x++) {
		static const size_t at[] = { 0, 14, 15, 16, 30, 31, 32, 46, 47, 48, 62, 63,
					     64, 78, 79, 80, 94, 95, 96, 126, 127, 128 };
		for (size_t k = 0; k < sizeof at / sizeof at[0] && !bad; k++) {
			fill(buf, 2 * WINDOW + 32, "a");
			buf[at[k]] = (unsigned char)(x >> 8), buf[at[k] + 1] = (unsigned char)x;
			if (at[k] + 2 <= WINDOW)
				bad |= check(buf, WINDOW, "a byte pair");
			bad |= check(buf, 2 * WINDOW + 32, "a byte pair");
			bad |= check(buf, at[k] + 2, "a byte pair at the end");
		}
	}
	/* random buffers: pieces of the classes, some random bytes */
	for (int r = 0; r < 40000 && !bad; r++) {
		size_t n = 0, want = next() % (r % 10 == 0 ? ROOM - 8 : 200);
		while (n < want) {
			unsigned k = next();
			if (k % 50 == 0) {
				buf[n++] = (unsigned char)(k >> 8);
			} else {
				size_t c = (k >> 8) % NCLASSES;
				if (!classes[c].valid && k % 7 != 0)
					c = 3 + (k >> 16) % 12;
				memcpy(buf + n, classes[c].b, classes[c].len);
				n += classes[c].len;
			}
		}
		bad |= check(buf, n, "random text");
	}
	if (bad)
		return 1;
	printf("checked:");
	for (size_t v = 0; v < NVERSIONS; v++)
		if (usable(v))
			printf(" %s", versions[v].name);
	printf(" (%lu checks)\n", checks);
	return 0;
}
