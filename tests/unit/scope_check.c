/* scope_check.c - checks the point the reader keeps for messages
 * (src/report/scope.c, scope_clean_point()), which lexes 64 bytes at a
 * time as bit masks and hands over to a quote-at-a-time lexer, against a
 * byte-at-a-time lexing of the same rule: from a point outside every
 * string and comment, the first offset at or after `at` that is outside
 * them too, or none when a string or comment is still open (or a slash
 * undecided) at the end of what is in memory.  Inputs are drawn at random
 * from strings with escapes (escaped quotes and backslashes among them,
 * and runs of backslashes longer than a block), comments of both kinds
 * holding quotes, lone slashes and backslashes, numbers and brackets;
 * each is cut into the window's two parts at a random place, lexed from a
 * random point found outside, with and without comments.  Exits 1 at the
 * first disagreement. */
#include "report/window.c"
#include "report/scope.c"

#include <stdio.h>
#include <stdlib.h>

#include "rng.h"

enum { MAX = 1000, INPUTS = 20000, TRIES = 20 };
enum { RUN_MAX = 150, RUN_ONE_IN = 8 };        /* runs of backslashes: how long, how often */

/* A string holding a run of 1 to RUN_MAX backslashes (more than a block
 * of the scan), and an escaped quote after an odd run, into p; returns
 * its length. */
static size_t backslash_run(unsigned char *p)
{
	size_t k = 1 + next() % RUN_MAX, n = 0;

	p[n++] = '"';
	memset(p + n, '\\', k);
	n += k;
	if (k % 2)
		p[n++] = '"';
	p[n++] = '"';
	return n;
}

/* Random JSONC-ish text into p, up to max bytes; returns its length. */
static size_t fill(unsigned char *p, size_t max)
{
	static const char *const pieces[] = {
		"\"ab\"", "\"a\\\"b\"", "\"a\\\\\"", "\"\\\\\\\"\"", "\"x/*y\"", "\"//\"",
		"/* \" */", "/* a * / b */", "// \" x\n", "// q\r", "/", "/ ", "*/", "\\",
		"[", "]", "{", "}", ",", ":", " ", "\n", "12", "-3.5e7", "true", "\"",
		"\\\\\\",
	};
	size_t n = 0;

	while (n + 16 < max) {
		if (next() % RUN_ONE_IN == 0 && n + RUN_MAX + 3 <= max) {
			n += backslash_run(p + n);
			continue;
		}
		const char *s = pieces[next() % (sizeof pieces / sizeof pieces[0])];
		size_t k = strlen(s);
		memcpy(p + n, s, k);
		n += k;
	}
	return n;
}

/* The rule, a byte at a time (as scope.h states it). */
static unsigned long long reference(const unsigned char *p, unsigned long long end,
				    unsigned long long g, unsigned long long at, int comments)
{
	while (g < at) {
		unsigned long long k;
		if (p[g] == '"') {
			for (k = g + 1; k < end && p[k] != '"'; k += p[k] == '\\' ? 2 : 1)
				;
			if (k >= end)
				return SCOPE_NONE;
			g = k + 1;
		} else if (comments && p[g] == '/') {
			if (g + 1 >= end)
				return SCOPE_NONE;
			if (p[g + 1] == '/') {
				for (k = g; k < end && p[k] != '\n' && p[k] != '\r'; k++)
					;
				if (k >= end)
					return SCOPE_NONE;
				g = k;
			} else if (p[g + 1] == '*') {
				for (k = g + 2; k + 1 < end && !(p[k] == '*' && p[k + 1] == '/'); k++)
					;
				if (k + 1 >= end)
					return SCOPE_NONE;
				g = k + 2;
			} else {
				g++;
			}
		} else {
			g++;
		}
	}
	return g;
}

/* Some offsets outside every string and comment from 0, by the rule:
 * where the reference lands from 0 for a random `at`. */
static unsigned long long outside(const unsigned char *p, unsigned long long n, int comments)
{
	unsigned long long g = reference(p, n, 0, next() % (n + 1), comments);
	return g == SCOPE_NONE ? 0 : g;
}

int main(void)
{
	unsigned char p[MAX];
	unsigned long long checks = 0;

	for (int i = 0; i < INPUTS; i++) {
		size_t n = fill(p, 16 + next() % (MAX - 16));
		size_t cut = next() % (n + 1);
		struct window w = {
			.prev = { p, cut, 0, 1, 0 },
			.cur = { p + cut, n - cut, cut, 1, 0 },
		};
		for (int t = 0; t < TRIES; t++) {
			int comments = (int)(next() % 2);
			unsigned long long end = next() % 4 ? n : next() % (n + 1);
			unsigned long long from = outside(p, end, comments);
			unsigned long long at = from + next() % (end - from + 1);
			unsigned long long want = reference(p, end, from, at, comments);
			unsigned long long got = scope_clean_point(&w, from, at, end, comments);
			if (got != want) {
				fprintf(stderr, "scope_check: input %d (%zu bytes, cut at %zu), from %llu, "
					"at %llu, end %llu, comments %d: got %llu, want %llu\n%.*s\n",
					i, n, cut, from, at, end, comments, got, want, (int)n, p);
				return 1;
			}
			checks++;
		}
	}
	printf("checked: %llu points\n", checks);
	return 0;
}
