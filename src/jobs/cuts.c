/* cuts.c - the shape of an input and where its chunks end.  See cuts.h. */
#include "jobs/cuts.h"

#include <string.h>

#include "read/blocks.h"
#include "read/skip.h"
#include "report/window.h"

/* How much of a stream's start shows whether its lines are whole values
 * (JSON Lines). */
#define SAMPLE (64 * 1024)
/* An array is cut at lines only if this many of its elements begin
 * within SAMPLE_MAX bytes (or all of them do, the array ending there).
 * Cutting at lines walks them from a chunk's nominal end to the next
 * element's start: with longer elements, that cost more than the scan of
 * all of the input.  The pretty form of big.json, whose elements run to
 * megabytes and 30 bytes a line, took 64 ms to cut at lines, 39 ms by the
 * scan; and looking for 16 elements as far as 4 MiB, the failed guess on
 * big.json took 3.5 ms before the threads started. */
#define SAMPLE_LINES 16
#define SAMPLE_MAX ((size_t)1 << 20)

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

/* Where a line of the input begins an element of the top array (whole
 * lines): the newline after its comma, then `indent`, then not white
 * space.  Returns the offset of the first such comma at or after `from`,
 * r->size if none, SPLIT_NOT_YET if none before `until`. */
static size_t element_line(const struct cutter *r, size_t from, size_t until)
{
	const unsigned char *p = r->in;
	size_t n = r->size, k = r->indent_len, start = from;

	while (from < n) {
		const unsigned char *nl = memchr(p + from, '\n', n - from);
		if (!nl)
			break;
		size_t at = (size_t)(nl - p);
		if (at > until)
			return SPLIT_NOT_YET;
		from = at + 1;
		/* most lines are deeper inside an element: one byte says so */
		if (n - from <= k || blank(p[from + k]) || memcmp(p + from, r->indent, k) != 0)
			continue;
		while (at > 0 && (p[at - 1] == ' ' || p[at - 1] == '\t' || p[at - 1] == '\r'))
			at--;
		if (at > start && p[at - 1] == ',')
			return at - 1;
	}
	return n;
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
 * finds too.  Then it is cut at such lines, found with memchr; the scan
 * (split.h) runs only if that turns out wrong (cutter_scan_from()).
 */
static int whole_lines(struct cutter *r)
{
	size_t end = r->size < SAMPLE ? r->size : SAMPLE;
	size_t lines = 0, cuts = 0, at = 0;

	if (r->clean)           /* a newline may be in a comment */
		return 0;
	if (r->array) {
		/* up to SAMPLE_LINES elements, as far as SAMPLE_MAX */
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
		return !wrong && lines > 0 && (lines == SAMPLE_LINES || end == r->size);
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
