/* cuts.c - the shape of an input and where its chunks end.  See cuts.h. */
#include "jobs/cuts.h"

#include <string.h>

#include "base/cpu.h"
#include "base/readat.h"
#include "read/blocks.h"
#include "read/skip.h"
#include "report/window.h"

/* How much of a stream's start shows whether its lines are whole values
 * (JSON Lines). */
#define SAMPLE (64 * 1024)
/* An array is cut at lines if the lines that begin its elements within
 * SAMPLE_MAX bytes, up to SAMPLE_LINES of them and at least one, are
 * where the scan cuts too.  Its elements may be long: a search for the
 * next one from a chunk's nominal end reads through windows, 16 bytes at
 * a time (lines_in()), and cut big.json (184 elements, up to 2.2 MB
 * each, 91 chunks of 1 MiB and more) in 20 ms, against 44 ms by the scan,
 * and its pretty form in 40 ms, against 71 ms.  (A newline at a time,
 * with memchr through the mapping, that took 64 ms.) */
#define SAMPLE_LINES 16
#define SAMPLE_MAX ((size_t)1 << 20)

/* The first read of a search for element lines, and the largest
 * (lines_grow()).  (A check of the search sets them smaller, to cross
 * their edges often.) */
#ifndef LINES_WINDOW_MIN
#define LINES_WINDOW_MIN ((size_t)16 << 10)
#endif
#ifndef LINES_WINDOW_MAX
#define LINES_WINDOW_MAX (SPLIT_WINDOW < ((size_t)64 << 10) ? SPLIT_WINDOW : ((size_t)64 << 10))
#endif

static int blank(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Start the scan at `from`, where no value is open (or, for an array, an
 * element is about to begin). */
void cutter_scan_from(struct cutter *r, size_t from)
{
	r->scan_from = from;
	splitter_init(&r->sp, r->in + from, r->size - from,
		      r->array ? SPLIT_ARRAY : SPLIT_STREAM, r->clean);
	if (r->window)
		splitter_read_file(&r->sp, r->fd, r->file_at + (long long)from, r->window);
	if (r->array && from > 0)
		r->sp.depth = 1;        /* inside the array already */
}

void cutter_read_file(struct cutter *c, int fd, long long at, unsigned char *window)
{
	c->fd = fd;
	c->file_at = at;
	c->window = window;
}

/* The first i below n with p[i] a newline and p[i + skip] above a space,
 * or n; p[n + skip - 1] is the last byte read.  A line that begins an
 * element (element_comma()) has such a newline before it, `skip` being
 * its indentation and one; in pretty JSON, most lines are deeper and have
 * a space there, so that few newlines are looked at again. */
static size_t line_candidate(const unsigned char *p, size_t n, size_t skip)
{
	size_t i = 0;

#if defined(CPU_X86)
	const __m128i newline = _mm_set1_epi8('\n'), space = _mm_set1_epi8(' ');
	for (; n - i >= 16; i += 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(p + i + skip));
		/* (signed: a byte from 0x80 up starts no value) */
		int m = _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, newline),
							 _mm_cmpgt_epi8(b, space)));
		if (m)
			return i + (size_t)__builtin_ctz((unsigned)m);
	}
#endif
	for (; i < n; i++)
		if (p[i] == '\n' && (signed char)p[i + skip] > ' ')
			return i;
	return n;
}

/* Where the newline at `nl` begins an element line: `indent` after it
 * (the candidate test has seen a byte that is not blank past it), and
 * before it a comma at `lo` or later, then nothing but spaces, tabs and
 * CRs.  Returns the comma's offset, or NO_LINE. */
#define NO_LINE SIZE_MAX
static size_t element_comma(const struct cutter *r, size_t nl, size_t lo)
{
	const unsigned char *p = r->in;

	if (memcmp(p + nl + 1, r->indent, r->indent_len) != 0)
		return NO_LINE;
	while (nl > lo && (p[nl - 1] == ' ' || p[nl - 1] == '\t' || p[nl - 1] == '\r'))
		nl--;
	return nl > lo && p[nl - 1] == ',' ? nl - 1 : NO_LINE;
}

/* in[from..from + len), read from the file into the window when the scan
 * reads it (cutter_read_file()): walked where they are mapped, the lines
 * of long elements cost a fault a page.  A short read (the file shrank)
 * leaves them to the mapping, which says why. */
static const unsigned char *line_bytes(const struct cutter *r, size_t from, size_t len)
{
	if (r->window && read_at(r->fd, r->window, len, (off_t)(r->file_at + (long long)from)) ==
	    (ssize_t)len)
		return r->window;
	return r->in + from;
}

/* The comma of the first element line whose newline is in [from, to),
 * at `lo` or later; NO_LINE if there is none.  The bytes looked at,
 * to - from and the indentation, are at most a window; `to` leaves room
 * for the indentation and a byte before the input's end. */
static size_t lines_in(const struct cutter *r, size_t from, size_t to, size_t lo)
{
	size_t skip = r->indent_len + 1, n = to - from;
	const unsigned char *w = line_bytes(r, from, n + skip);

	for (size_t i = 0; (i += line_candidate(w + i, n - i, skip)) < n; i++) {
		size_t comma = element_comma(r, from + i, lo);
		if (comma != NO_LINE)
			return comma;
	}
	return NO_LINE;
}

/* The last offset where an element line's newline may be: the
 * indentation and a byte must follow it. */
static size_t lines_limit(const struct cutter *r)
{
	size_t skip = r->indent_len + 1;

	return r->size > skip ? r->size - skip : 0;
}

/* The reads of a search for element lines grow from LINES_WINDOW_MIN to
 * LINES_WINDOW_MAX: a chunk of short lines ends within a few of them, one
 * of long elements may be megabytes on.  What is read past the line
 * found is read again by the thread that formats the next chunk: in
 * reads growing to 256 KiB, big.json's cuts (about 200 KB past each
 * chunk's end) read 35.6 MB in 422 reads, in reads up to 64 KiB 23.6 MB
 * in 480. */
static size_t lines_grow(size_t want)
{
	return want * 2 < LINES_WINDOW_MAX ? want * 2 : LINES_WINDOW_MAX;
}

/* Where a line of the input begins an element of the top array (whole
 * lines): the newline after its comma, then `indent`, then not white
 * space.  Returns the offset of the first such comma at or after `from`,
 * r->size if none, SPLIT_NOT_YET if none before `until`. */
static size_t element_line(const struct cutter *r, size_t from, size_t until)
{
	size_t n = r->size, lim = lines_limit(r), skip = r->indent_len + 1;
	size_t stop = until < n ? until + 1 : n, want = LINES_WINDOW_MIN;

	if (lim > stop)
		lim = stop;
	for (size_t at = from; at < lim; want = lines_grow(want)) {
		size_t to = lim - at > want - skip ? at + want - skip : lim;
		size_t c = lines_in(r, at, to, from);
		if (c != NO_LINE)
			return c;
		at = to;
	}
	return stop < n ? SPLIT_NOT_YET : n;
}

/* The end of the chunk whose cut is looked for from `from`: after its
 * newline (a text sequence's only where a record starts), or at its
 * comma; r->size if there is none.  SPLIT_NOT_YET if none comes before
 * `until`. */
size_t cutter_next(struct cutter *r, size_t from, size_t until)
{
	const unsigned char *p = r->in;
	size_t n = r->size;

	if (r->lines && r->array)
		return element_line(r, from, until);
	for (;;) {
		size_t at;
		if (r->lines) {
			const unsigned char *nl = from < n ? memchr(p + from, '\n', n - from) : NULL;
			at = nl ? (size_t)(nl - p) : n;
			if (at != n && at > until)
				return SPLIT_NOT_YET;
		} else {
			at = splitter_next(&r->sp, from - r->scan_from,
					   until == SIZE_MAX ? SIZE_MAX : until - r->scan_from);
			if (at == SPLIT_NOT_YET)
				return at;
			at += r->scan_from;
		}
		if (at >= n || r->array)
			return at;
		if (!r->seq || (at + 1 < n && p[at + 1] == SKIP_RS))
			return at + 1;
		from = at + 1;
	}
}

/* An array's elements' indentation: the first line after its '[', if
 * nothing else follows the '[' on its line.  Returns 0 if there is none. */
static int element_indent(struct cutter *r, size_t end)
{
	const unsigned char *p = r->in;
	const unsigned char *open = memchr(p, '[', end);

	if (!open)
		return 0;
	/* not a search for the newline: in a compact array, that went
	 * through all of the 4 MiB looked at, each page a fault */
	size_t i = (size_t)(open - p) + 1;
	while (i < end && p[i] != '\n' && blank(p[i]))
		i++;
	if (i >= end || p[i] != '\n')
		return 0;
	i++;
	size_t k = 0;
	while (i + k < end && k < sizeof r->indent && (p[i + k] == ' ' || p[i + k] == '\t'))
		k++;
	memcpy(r->indent, p + i, k);
	r->indent_len = k;
	return 1;
}

/*
 * Whether the input's start is in whole lines: a stream's
 * newlines all outside values (NDJSON), or an array's elements each on a
 * line of its own, indented as the first, after a comma that the scan
 * finds too.  Then it is cut at such lines (element_line()); the scan
 * (split.h) runs only if that turns out wrong (cutter_scan_from()).
 */
static int whole_lines(struct cutter *r)
{
	size_t end = r->size < SAMPLE ? r->size : SAMPLE;
	size_t lines = 0, cuts = 0, at = 0;

	if (r->clean)           /* a newline may be in a comment */
		return 0;
	if (r->array) {
		/* up to SAMPLE_LINES elements, as far as SAMPLE_MAX, and
		 * at least one */
		end = r->size < SAMPLE_MAX ? r->size : SAMPLE_MAX;
		if (!element_indent(r, end))
			return 0;
		cutter_scan_from(r, 0);
		r->lines = 1;
		int wrong = 0;
		for (size_t cut = 0; lines < SAMPLE_LINES &&
		     (at = element_line(r, at, end)) < end; at++, lines++) {
			while (cut < at)
				cut = splitter_next(&r->sp, cut ? cut + 1 : 0, end);
			wrong = cut != at;
			if (wrong)      /* no need to look on */
				break;
		}
		r->lines = 0;
		return !wrong && lines > 0;
	}
	for (const unsigned char *nl; (nl = memchr(r->in + at, '\n', end - at)); lines++)
		at = (size_t)(nl - r->in) + 1;
	cutter_scan_from(r, 0);
	for (at = 0; (at = splitter_next(&r->sp, at, end)) < end; at++)
		cuts++;
	return lines > 0 && cuts == lines;
}

/* Whether the input is one top-level array (else a stream), after white
 * space and, with `comments`, comments; *seq: a text sequence. */
static int input_shape(const unsigned char *p, size_t n, int *seq, int comments)
{
	size_t i = 0;

	if (n >= BLOCKS_BOM_LEN && memcmp(p, blocks_bom, BLOCKS_BOM_LEN) == 0)
		i = BLOCKS_BOM_LEN;
	*seq = i < n && p[i] == SKIP_RS;
	struct window w = { .cur = { .p = p, .len = n } };
	i = (size_t)window_skip_blanks(&w, i, n, comments);
	return i < n && p[i] == '[';
}

/* Whether the array the input starts with ends early, within SAMPLE,
 * with values after it: a stream of short arrays (JSON Lines of them),
 * cut between values.  A longer first array is cut as an array: the
 * chunk where it ends holds the values after it too, which the worker
 * formats as one thread would, or finds it cannot (worker.h).  Looking
 * only this far saves a second scan of the first 4 MiB of every array:
 * 6.5 M of cjk_prose's 73.1 M instructions on two threads. */
static int values_follow(struct cutter *c)
{
	struct splitter sp;
	size_t end = c->size < SAMPLE ? c->size : SAMPLE;

	splitter_init(&sp, c->in, c->size, SPLIT_STREAM, c->clean);
	size_t at = splitter_next(&sp, 0, end);
	return at < end && !cutter_blank_from(c, at);
}

void cutter_init(struct cutter *c, const unsigned char *in, size_t size, int clean)
{
	memset(c, 0, sizeof *c);
	c->in = in;
	c->size = size;
	c->clean = clean;
	c->array = input_shape(in, size, &c->seq, clean);
	if (c->array && values_follow(c))
		c->array = 0;
	c->lines = whole_lines(c);
	cutter_scan_from(c, 0);
}

void cutter_init_stream(struct cutter *c, const unsigned char *in, size_t size, int seq,
			int clean)
{
	memset(c, 0, sizeof *c);
	c->in = in;
	c->size = size;
	c->seq = seq;
	c->clean = clean;
	c->lines = whole_lines(c);
	cutter_scan_from(c, 0);
}

size_t cutter_last(struct cutter *c)
{
	size_t last = 0, at;

	if (c->lines && !c->seq && !c->array) {         /* JSON Lines */
		const unsigned char *nl = memrchr(c->in, '\n', c->size);
		return nl ? (size_t)(nl - c->in) + 1 : 0;
	}
	for (size_t from = 0; (at = cutter_next(c, from, SIZE_MAX)) < c->size; from = at)
		last = at;
	return last;
}

/* Whether byte b may be part of a number, a literal or a bad word (a
 * slash that begins no comment among them). */
static int word_byte(unsigned char b)
{
	return !blank(b) && !strchr(",:[]{}\"", b) && b != SKIP_RS && b != 0;
}

/* The end of the comment that begins at p[i] ("//" or "slash-star"), or n
 * if it does not end in p[0..n). */
static size_t comment_end(const unsigned char *p, size_t i, size_t n)
{
	if (p[i + 1] == '/') {
		const unsigned char *nl = memchr(p + i, '\n', n - i);
		return nl ? (size_t)(nl - p) : n;
	}
	for (i += 2; i + 1 < n; i++)
		if (p[i] == '*' && p[i + 1] == '/')
			return i + 1;
	return n;
}

int cutter_value_ends(const struct cutter *c, size_t from)
{
	const unsigned char *p = c->in;
	size_t n = c->size;
	long depth = 0;

	for (size_t i = from; i < n; i++) {
		unsigned char b = p[i];
		if (b == '"') {                 /* a string, to its closing quote */
			for (i++; i < n && p[i] != '"'; i++)
				i += p[i] == '\\';
			if (i >= n)
				return 0;
			if (depth == 0)
				return 1;
		} else if (b == '/' && c->clean && i + 1 < n && (p[i + 1] == '/' || p[i + 1] == '*')) {
			if ((i = comment_end(p, i, n)) == n)
				return 0;
		} else if (b == '{' || b == '[') {
			depth++;
		} else if (b == '}' || b == ']') {
			if (--depth <= 0)
				return 1;
		} else if (depth == 0 && word_byte(b)) {
			return 1;               /* a number or literal, perhaps whole */
		}
	}
	return 0;
}

int cutter_blank_from(const struct cutter *c, size_t from)
{
	while (from < c->size && blank(c->in[from]))
		from++;
	return from == c->size;
}

int cutter_first_line_crlf(const struct cutter *c)
{
	const unsigned char *p = c->in;
	size_t n = c->size;
	size_t first = n < READ_BLOCK ? n : READ_BLOCK;
	size_t i = first >= BLOCKS_BOM_LEN && !memcmp(p, blocks_bom, BLOCKS_BOM_LEN) ?
		   BLOCKS_BOM_LEN : 0;
	const unsigned char *nl = memchr(p + i, '\n', first - i);

	return nl && nl > p + i && nl[-1] == '\r';
}
