/* split_check.c - checks the cut scan of jfmt -j (src/jobs/split.c) against
 * a byte-at-a-time reference: both ways of building its masks (the
 * narrow one, SSE2 on x86-64 and a byte at a time elsewhere, and AVX2
 * where the CPU has it), walking the input where it lies in memory or reading
 * it from a file into a window, on generated arrays and streams whose
 * strings, escapes and brackets straddle every block and window edge.
 * The window is made small here (three blocks), so that a short input
 * crosses many of its edges; files are written after junk, so that the
 * input starts part way, and some come short, so that the scan falls back
 * on the memory.  Prints the ways checked; exits 1 at the first
 * disagreement. */
#define SPLIT_WINDOW ((size_t)192)
#include "base/readat.c"
#include "jobs/split.c"

#include <stdio.h>
#include <stdlib.h>

#include "rng.h"

enum { MAX = 6000, JUNK = 77, CUTS_MAX = MAX + 1 };

/* The cuts of p[0..n) of `shape`, a byte at a time. */
static size_t reference(const unsigned char *p, size_t n, enum split_shape shape, size_t *cuts)
{
	int in_string = 0, escaped = 0;
	long depth = 0, want = shape == SPLIT_STREAM ? 0 : 1;
	unsigned char cut = shape == SPLIT_STREAM ? '\n' : ',';
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = p[i];
		if (in_string) {
			if (escaped)
				escaped = 0;
			else if (c == '\\')
				escaped = 1;
			else if (c == '"')
				in_string = 0;
		} else if (c == '"') {
			in_string = 1;
		} else if (c == '[' || c == '{') {
			depth++;
		} else if (c == ']' || c == '}') {
			depth--;
		} else if (c == cut && depth == want) {
			cuts[k++] = i;
		}
	}
	return k;
}

/* The cuts the splitter `s` finds, asked with limits that stop it now
 * and then (SPLIT_NOT_YET), as the cutter asks. */
static size_t found(struct splitter *s, size_t n, size_t *cuts)
{
	size_t k = 0, from = 0, until = next() % 300;

	for (;;) {
		size_t at = splitter_next(s, from, until);
		if (at == SPLIT_NOT_YET) {
			until += 1 + next() % 400;
			continue;
		}
		if (at >= n)
			return k;
		cuts[k++] = at;
		from = at + 1;
	}
}

/* Random JSON-like text: values in arrays and objects, strings that hold
 * quotes, backslashes, brackets, commas and newlines (raw, as the scan
 * must take them even where the input is invalid). */
static size_t fill(unsigned char *p, size_t max, enum split_shape shape)
{
	static const char *const bits[] = {
		"\"a,b\"", "\"[{\"", "\"}]\"", "\"q\\\"x\"", "\"\\\\\"", "\"\\\\\\\"\"",
		"\"\n,\"", "1", "[1,2]", "{\"k\":[3,{}]}", "[]", "null", "\"\\\\\\\\\"",
	};
	size_t n = 0;

	if (shape == SPLIT_ARRAY)
		p[n++] = '[';
	while (n + 40 < max) {
		const char *b = bits[next() % (sizeof bits / sizeof bits[0])];
		size_t len = strlen(b);
		memcpy(p + n, b, len);
		n += len;
		unsigned r = next() % 9;
		p[n++] = shape == SPLIT_ARRAY ? ',' : '\n';
		if (r == 0)
			p[n++] = '\n';
		else if (r == 1)
			p[n++] = ' ';
	}
	if (shape == SPLIT_ARRAY)
		p[n++] = ']';
	return n;
}

static int differs(const char *what, const size_t *want, size_t nwant, const size_t *got,
		   size_t ngot)
{
	if (nwant == ngot && memcmp(want, got, nwant * sizeof *want) == 0)
		return 0;
	size_t i = 0;
	while (i < nwant && i < ngot && want[i] == got[i])
		i++;
	printf("%s: %zu cuts, want %zu; first difference at cut %zu (%zu, want %zu)\n", what,
	       ngot, nwant, i, i < ngot ? got[i] : 0, i < nwant ? want[i] : 0);
	return 1;
}

int main(void)
{
	unsigned char *p = malloc(MAX), window[SPLIT_WINDOW];
	size_t *want = malloc(CUTS_MAX * sizeof *want), *got = malloc(CUTS_MAX * sizeof *got);
	char path[] = "/tmp/split_check.XXXXXX";
	int fd = mkstemp(path), wide_seen = 0, bad = 0;
	unsigned char junk[JUNK];

	if (!p || !want || !got || fd < 0)
		return 2;
	unlink(path);
	memset(junk, 'j', sizeof junk);
	for (int round = 0; round < 400 && !bad; round++) {
		enum split_shape shape = round % 2 ? SPLIT_ARRAY : SPLIT_STREAM;
		size_t n = fill(p, 100 + next() % (MAX - 100), shape);
		size_t nwant = reference(p, n, shape, want);
		/* the input in the file after JUNK bytes, or after none; one
		 * file in four ends early */
		size_t lead = round % 3 ? JUNK : 0, kept = round % 4 == 3 ? next() % n : n;
		if (ftruncate(fd, 0) != 0 || pwrite(fd, junk, lead, 0) != (ssize_t)lead ||
		    pwrite(fd, p, kept, (off_t)lead) != (ssize_t)kept)
			return 2;
		for (int way = 0; way < 4 && !bad; way++) {
			struct splitter s;
			splitter_init(&s, p, n, shape, 0);
			if (way & 1)
				s.wide = 0;     /* the narrow way */
			wide_seen |= s.wide;
			if (way & 2)
				splitter_read_file(&s, fd, (long long)lead, window);
			size_t ngot = found(&s, n, got);
			char what[160];
			snprintf(what, sizeof what, "%s of %zu bytes, %s, %s (file from %zu, %zu kept)",
				 shape == SPLIT_ARRAY ? "array" : "stream", n,
				 s.wide ? "wide" : "narrow", way & 2 ? "read in windows" : "in memory",
				 lead, kept);
			bad |= differs(what, want, nwant, got, ngot);
		}
	}
	close(fd);
	free(p);
	free(want);
	free(got);
	if (!bad)
		printf("checked: narrow%s, in memory and read in windows\n", wide_seen ? " wide" : "");
	return bad;
}
