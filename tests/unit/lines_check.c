/* lines_check.c - checks how jfmt -j finds the lines that begin an
 * element of a top-level array (src/jobs/cuts.c, element_line()) against
 * a byte-at-a-time reading of the rule: a newline, the elements'
 * indentation, a byte that may start a value, and a comma before the
 * newline with nothing but spaces, tabs and CRs between.  The lines are
 * looked for where the input lies in memory and, read from a file, in
 * windows made small here (64 bytes at first), so that a short input
 * crosses many of their edges; files are written after junk, so that the
 * input starts part way, and some come short, so that the search falls
 * back on the memory.  Lines of every indentation, some ending in a
 * comma, some in CR LF, some starting with bytes that start no value, are
 * drawn at random.  Exits 1 at the first disagreement. */
#define SPLIT_WINDOW ((size_t)192)
#define LINES_WINDOW_MIN ((size_t)64)
#include "base/readat.c"
#include "jobs/split.c"
#include "jobs/cuts.c"
#include "report/window.c"

#include <stdio.h>
#include <stdlib.h>

#include "rng.h"

const unsigned char blocks_bom[BLOCKS_BOM_LEN] = { 0xef, 0xbb, 0xbf };

enum { MAX = 8000, JUNK = 77 };

/* Random lines after "[\n": indented by `indent` or more or less, ending
 * in a comma or not. */
static size_t fill(unsigned char *p, size_t max, const char *indent)
{
	static const char *const starts[] = { "{", "}", "[1", "]", "\"s\"", "7", "null", "\xc3\xa9",
					      "\x01", "" };
	static const char *const ends[] = { ",", ", ", ",\r", ",\t ", "", "{", ":" };
	size_t n = 0, k = strlen(indent);

	p[n++] = '[';
	p[n++] = '\n';
	while (n + 40 < max) {
		unsigned r = next() % 4;
		if (r > 0) {
			memcpy(p + n, indent, k);
			n += k;
		}
		if (r == 2)
			p[n++] = ' ';
		else if (r == 3 && k > 0)
			n--;
		const char *s = starts[next() % (sizeof starts / sizeof starts[0])];
		memcpy(p + n, s, strlen(s));
		n += strlen(s);
		for (unsigned i = next() % 30; i > 0; i--)
			p[n++] = "ab\" 1,"[next() % 6];
		const char *e = ends[next() % (sizeof ends / sizeof ends[0])];
		memcpy(p + n, e, strlen(e));
		n += strlen(e);
		p[n++] = '\n';
	}
	p[n++] = ']';
	return n;
}

/* The commas that end a line before one that begins an element, and
 * the newlines after them, a byte at a time. */
static size_t reference(const unsigned char *p, size_t n, const char *indent, size_t *comma,
			size_t *newline)
{
	size_t k = strlen(indent), found = 0;

	for (size_t i = 0; i < n; i++) {
		if (p[i] != '\n' || i + 1 + k >= n || memcmp(p + i + 1, indent, k) != 0)
			continue;
		unsigned char c = p[i + 1 + k];
		if (c <= ' ' || c >= 0x80)
			continue;
		size_t j = i;
		while (j > 0 && (p[j - 1] == ' ' || p[j - 1] == '\t' || p[j - 1] == '\r'))
			j--;
		if (j > 0 && p[j - 1] == ',') {
			comma[found] = j - 1;
			newline[found++] = i;
		}
	}
	return found;
}

int main(void)
{
	static const char *const indents[] = { "", "  ", "\t", "    " };
	unsigned char *p = malloc(MAX), window[SPLIT_WINDOW];
	size_t *comma = malloc(MAX * sizeof *comma), *newline = malloc(MAX * sizeof *newline);
	char path[] = "/tmp/lines_check.XXXXXX";
	int fd = mkstemp(path);
	unsigned char junk[JUNK];
	size_t asked = 0;

	if (!p || !comma || !newline || fd < 0)
		return 2;
	unlink(path);
	memset(junk, 'j', sizeof junk);
	for (int round = 0; round < 400; round++) {
		const char *indent = indents[round % 4];
		size_t n = fill(p, 100 + next() % (MAX - 100), indent);
		size_t cuts = reference(p, n, indent, comma, newline);
		size_t lead = round % 3 ? JUNK : 0, kept = round % 5 == 4 ? next() % n : n;
		if (ftruncate(fd, 0) != 0 || pwrite(fd, junk, lead, 0) != (ssize_t)lead ||
		    pwrite(fd, p, kept, (off_t)lead) != (ssize_t)kept)
			return 2;
		for (int way = 0; way < 2; way++) {
			struct cutter c;
			memset(&c, 0, sizeof c);
			c.in = p;
			c.size = n;
			c.array = c.lines = 1;
			c.indent_len = strlen(indent);
			memcpy(c.indent, indent, c.indent_len);
			if (way)
				cutter_read_file(&c, fd, (long long)lead, window);
			/* asked from here and there, with and without a limit */
			for (size_t from = 0, i = 0; from < n; from += 1 + next() % 200) {
				size_t until = next() % 2 ? SIZE_MAX : from + next() % 400;
				while (i < cuts && comma[i] < from)
					i++;
				size_t want = i < cuts && newline[i] <= until ? comma[i] :
					      until < n ? SPLIT_NOT_YET : n;
				size_t got = cutter_next(&c, from, until);
				asked++;
				if (got != want) {
					printf("indent \"%s\", %zu bytes, %s (file from %zu, %zu kept): "
					       "from %zu until %zu: %zu, want %zu\n",
					       indent, n, way ? "read in windows" : "in memory", lead,
					       kept, from, until, got, want);
					return 1;
				}
			}
		}
	}
	close(fd);
	printf("checked: %zu searches, in memory and read in windows\n", asked);
	return 0;
}
