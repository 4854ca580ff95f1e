/* scan_check.c - checks each version of the input scan (src/text/scan.c: plain,
 * SSE2, AVX2) against a byte-at-a-time reference, on generated buffers
 * that put newlines, backslashes and banned blanks at every offset within
 * a vector and past the points where the vector counters are summed.
 * Prints the versions checked; exits 1 at the first disagreement. */
#include "text/scan.c"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

typedef void scan_fn(const unsigned char *p, size_t n, struct scan *s);

static void scan_plain(const unsigned char *p, size_t n, struct scan *s)
{
	scan_tail(p, 0, n, 0, 0, s);
}

static void reference(const unsigned char *p, size_t n, struct scan *s)
{
	size_t i, lines = 0;
	int bs = 0;

	for (i = 0; i < n && p[i] != '\v' && p[i] != '\f'; i++) {
		lines += p[i] == '\n';
		bs |= p[i] == '\\';
	}
	s->stop = i;
	s->newlines = lines;
	s->backslash = bs;
}

static const struct { const char *name; scan_fn *fn; } versions[] = {
	{ "plain", scan_plain },
#if defined(CPU_X86)
	{ "sse2", scan_sse2 },
#endif
#if defined(CPU_ASK)
	{ "avx2", scan_avx2 },
#endif
};
#define NVERSIONS (sizeof versions / sizeof versions[0])

static int usable(size_t v)
{
#if defined(CPU_ASK)
	if (versions[v].fn == scan_avx2)
		return avx2_usable();
#endif
	(void)v;
	return 1;
}

static unsigned long checks;

static int check(const unsigned char *p, size_t n, const char *what)
{
	struct scan want, got;

	reference(p, n, &want);
	for (size_t v = 0; v < NVERSIONS; v++) {
		if (!usable(v))
			continue;
		memset(&got, 0x5a, sizeof got);
		versions[v].fn(p, n, &got);
		checks++;
		if (got.stop != want.stop || got.newlines != want.newlines ||
		    got.backslash != want.backslash) {
			printf("%s: %s, %zu bytes: stop %zu newlines %zu backslash %d, "
			       "want %zu %zu %d\n", versions[v].name, what, n, got.stop,
			       got.newlines, got.backslash, want.stop, want.newlines,
			       want.backslash);
			return 1;
		}
	}
	size_t all = 0;
	for (size_t i = 0; i < n; i++)
		all += p[i] == '\n';
	if (count_newlines(p, n) != all) {
		printf("count_newlines: %s, %zu bytes: %zu, want %zu\n", what, n,
		       count_newlines(p, n), all);
		return 1;
	}
	return 0;
}

/* Random text: mostly letters, some newlines and backslashes, and a banned
 * blank one time in `blank_odds` (never if 0). */
static void fill(unsigned char *p, size_t n, unsigned blank_odds)
{
	for (size_t i = 0; i < n; i++) {
		unsigned r = next();
		p[i] = r % 7 == 0 ? '\n' : r % 29 == 0 ? '\\' : (unsigned char)('a' + r % 26);
		if (blank_odds && r % blank_odds == 1)
			p[i] = r & 0x100 ? '\v' : '\f';
	}
}

int main(void)
{
	enum { MAX = 70000, ALIGN = 64 };
	unsigned char *mem = malloc(MAX + ALIGN);
	int bad = 0;

	if (!mem)
		return 2;
	/* every length up to 300 at every alignment, with and without blanks */
	for (size_t off = 0; off < ALIGN && !bad; off++)
		for (size_t n = 0; n <= 300 && !bad; n++) {
			fill(mem + off, n, 0);
			bad |= check(mem + off, n, "random text");
			fill(mem + off, n, 97);
			bad |= check(mem + off, n, "random text with blanks");
		}
	/* one blank, one backslash at each offset of a long buffer */
	for (size_t at = 0; at < 8300 && !bad; at += at < 300 ? 1 : 61) {
		memset(mem, 'x', 8300);
		mem[at] = '\\';
		bad |= check(mem, 8300, "one backslash");
		mem[at] = (at & 1) ? '\v' : '\f';
		bad |= check(mem, 8300, "one blank");
	}
	/* nothing but newlines: the per-byte counters fill fastest */
	memset(mem, '\n', MAX);
	for (size_t n = MAX - 3; n <= MAX && !bad; n++)
		bad |= check(mem, n, "all newlines");
	for (size_t at = 4000; at < 20000 && !bad; at += 997) {
		mem[at] = '\f';
		bad |= check(mem, MAX, "newlines, then a form feed");
		mem[at] = '\n';
	}
	/* long random buffers */
	for (int k = 0; k < 50 && !bad; k++) {
		size_t n = next() % MAX;
		fill(mem, n, k % 2 ? 0 : 20011);
		bad |= check(mem, n, "long random text");
	}
	free(mem);
	if (bad)
		return 1;
	printf("checked:");
	for (size_t v = 0; v < NVERSIONS; v++)
		if (usable(v))
			printf(" %s", versions[v].name);
	printf(" (%lu scans)\n", checks);
	return 0;
}
