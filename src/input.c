/* input.c - the read loop: blocks from a descriptor into yajl, plus the
 * checks yajl does not make and the location of every error. */
#include "input.h"

#include "alloc.h"
#include "escape.h"
#include "scan.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static const char msg_comment[] = "comments are not allowed without --comments";
static const char msg_separate[] =
	"unexpected data after a document (documents must be separated by newlines)";

/* --- Positions --- */

/* The byte at input offset `g`, which must lie in the previous or the
 * current chunk. */
static unsigned char byte_at(const struct reader *r, unsigned long long g)
{
	if (g >= r->chunk_base)
		return r->chunk[g - r->chunk_base];
	return r->prev[g - r->prev_base];
}

static unsigned long long data_start(const struct reader *r)
{
	return r->prev ? r->prev_base : r->chunk_base;
}

static unsigned long long data_end(const struct reader *r)
{
	return r->chunk_base + r->chunk_len;
}

/* Line and column (1-based, column in bytes) of input offset `g`. */
static void locate(const struct reader *r, unsigned long long g,
		   unsigned long long *line, unsigned long long *col)
{
	const unsigned char *p = r->chunk;
	unsigned long long base = r->chunk_base;

	*line = r->chunk_line;
	unsigned long long start = r->chunk_line_start;
	if (r->prev && g < r->chunk_base) {
		p = r->prev;
		base = r->prev_base;
		*line = r->prev_line;
		start = r->prev_line_start;
	}
	size_t off = (size_t)(g - base);
	*line += count_newlines(p, off);
	for (size_t i = off; i > 0; i--) {
		if (p[i - 1] == '\n') {
			start = base + i;
			break;
		}
	}
	*col = g - start + 1;
}

/* Print the line around offset `g`, at most about 80 columns of it, and a
 * caret under `g`. */
static void show_line(const struct reader *r, unsigned long long g)
{
	unsigned long long lo = data_start(r), hi = data_end(r);
	unsigned long long from = g, to = g;
	char text[96 * 4], caret[96];
	size_t n = 0, col = 0;

	while (from > lo && g - from < 40 && byte_at(r, from - 1) != '\n')
		from--;
	while (from < g && (byte_at(r, from) & 0xc0) == 0x80)
		from++;         /* start on a character, not inside one */
	while (to < hi && to - from < 80 && byte_at(r, to) != '\n' &&
	       byte_at(r, to) != '\r')
		to++;
	for (unsigned long long i = from; i < to; ) {
		unsigned char b[4];
		size_t k = 0;
		while (k < 4 && i + k < to) {
			b[k] = byte_at(r, i + k);
			k++;
		}
		size_t len = utf8_sequence(b, k);
		if (i < g)
			col++;
		if (len > 1) {
			memcpy(text + n, b, len);
			n += len;
			i += len;
			continue;
		}
		/* Control characters and broken UTF-8 would garble the terminal. */
		unsigned char c = b[0];
		text[n++] = c == '\t' ? ' ' : c < 0x20 || c >= 0x7f ? '?' : (char)c;
		i++;
	}
	memset(caret, ' ', col);
	caret[col] = '^';
	fprintf(stderr, "    %.*s\n    %.*s\n", (int)n, text, (int)col + 1, caret);
}

static void report(const struct reader *r, unsigned long long g, const char *msg)
{
	unsigned long long line, col;

	if (r->progress)
		progress_end(r->progress);
	locate(r, g, &line, &col);
	fprintf(stderr, "jfmt: %s:%llu:%llu: %s\n", r->name, line, col, msg);
	show_line(r, g);
}

/* Where a message about the end of the input points: after the last
 * character of the last line. */
static unsigned long long end_position(const struct reader *r)
{
	unsigned long long g = data_end(r);
	if (g > data_start(r) && byte_at(r, g - 1) == '\n')
		g--;
	return g;
}

/* --- Checks yajl does not make --- */

/* Scan forward from chunk offset `off` for the newline that must follow a
 * document before the next one, through white space and (with --comments)
 * comments.  The scan goes on in the next chunk if this one ends first.
 * Returns 0 when fine (or undecided), -1 after recording an error. */
static int expect_newline(struct reader *r, size_t off)
{
	enum separator_state st = r->separator == SEP_DONE ? SEP_BLANK : r->separator;

	for (; off < r->chunk_len; off++) {
		unsigned char c = r->chunk[off];
		if (c == '\n' && st != SEP_SLASH)
			break;
		switch (st) {
		case SEP_BLANK:
			if (c == ' ' || c == '\t' || c == '\r')
				continue;
			if (c == '/' && r->allow_comments) {
				st = SEP_SLASH;
				continue;
			}
			r->error = c == '/' ? msg_comment : msg_separate;
			r->error_pos = r->chunk_base + off;
			r->separator = SEP_DONE;
			return -1;
		case SEP_SLASH:         /* yajl judges anything but // and */
			st = c == '/' ? SEP_LINE : c == '*' ? SEP_BLOCK : SEP_DONE;
			if (st == SEP_DONE)
				goto done;
			continue;
		case SEP_LINE:
			continue;
		case SEP_BLOCK:
			st = c == '*' ? SEP_BLOCK_STAR : SEP_BLOCK;
			continue;
		case SEP_BLOCK_STAR:
			st = c == '/' ? SEP_BLANK : c == '*' ? SEP_BLOCK_STAR : SEP_BLOCK;
			continue;
		case SEP_DONE:
			break;
		}
	}
	if (off == r->chunk_len) {
		r->separator = st;
		return 0;
	}
done:
	r->separator = SEP_DONE;
	return 0;
}

static int on_value_end(void *ctx)
{
	struct reader *r = ctx;

	if (r->completing)
		return 0;
	return expect_newline(r, r->feed_off + yajl_get_bytes_consumed(r->h));
}

static void push_lone(struct reader *r, unsigned long long g)
{
	if (r->lone_head > 0 && r->lone_head == r->lone_len) {
		r->lone_head = r->lone_len = 0;
	}
	if (r->lone_len == r->lone_cap) {
		r->lone_cap = r->lone_cap ? r->lone_cap * 2 : 16;
		r->lone = xrealloc(r->lone, r->lone_cap * sizeof *r->lone);
	}
	r->lone[r->lone_len++] = g;
}

static int is_hex(unsigned char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

static unsigned hex4(const unsigned char *b)
{
	unsigned v = 0;
	for (int k = 0; k < 4; k++)
		v = (v << 4) | (unsigned)(b[k] <= '9' ? b[k] - '0' : (b[k] | 0x20) - 'a' + 10);
	return v;
}

/* Does b[0..n) (n < 12 allowed) still look like the start of a \uDC00-\uDFFF
 * escape?  Used after a high surrogate escape. */
static int may_be_low_escape(const unsigned char *b, size_t n)
{
	static const char *const want[] = { "\\", "u", "dD", "cdefCDEF" };
	for (size_t k = 0; k < n; k++) {
		if (k < 4 ? !strchr(want[k], b[k]) || b[k] == 0 : !is_hex(b[k]))
			return 0;
	}
	return 1;
}

/* Classify one escape at offset g (a backslash) given `n` bytes of it in b.
 * Returns how far to skip, or 0 if more input is needed to decide. */
static size_t classify_escape(struct reader *r, unsigned long long g,
			      const unsigned char *b, size_t n)
{
	if (n < 2)
		return 0;
	if (b[1] != 'u')
		return 2;
	if (n < 3)
		return 0;
	if ((b[2] | 0x20) != 'd')
		return 2;       /* not \uDxxx: no surrogate, and no backslash follows */
	if (n < 6)
		return 0;
	for (int k = 2; k < 6; k++)
		if (!is_hex(b[k]))
			return 2;       /* yajl reports it */
	unsigned u = hex4(b + 2);
	if (u < 0xd800 || u > 0xdfff)
		return 6;
	if (u >= 0xdc00) {
		push_lone(r, g);
		return 6;
	}
	if (n >= 12 && may_be_low_escape(b + 6, 6))
		return 12;
	if (n < 12 && may_be_low_escape(b + 6, n - 6))
		return 0;       /* the string goes on into the next chunk */
	push_lone(r, g);
	return 6;
}

/* The first backslash in [p, e), or NULL.  The next 16 bytes are looked at
 * inline, as escapes come in clusters; then memchr. */
static inline const unsigned char *find_backslash(const unsigned char *p,
						  const unsigned char *e)
{
#if defined(__SSE2__)
	if (e - p >= 16) {
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
			_mm_loadu_si128((const __m128i *)p), _mm_set1_epi8('\\')));
		if (m != 0)
			return p + __builtin_ctz(m);
		p += 16;
	}
#endif
	return p < e ? memchr(p, '\\', (size_t)(e - p)) : NULL;
}

/* Find the unpaired surrogate escapes in the input up to the end of the
 * current chunk. */
static void scan_surrogates(struct reader *r)
{
	unsigned long long g = r->scan_pos, end = data_end(r);
	unsigned char b[12];

	if (g < data_start(r))
		g = data_start(r);      /* cannot happen: escapes lie in tokens */
	/* An escape left undecided in the previous chunk: copy it together. */
	while (g < r->chunk_base) {
		if (byte_at(r, g) != '\\') {
			g++;
			continue;
		}
		size_t n = 0;
		while (n < sizeof b && g + n < end) {
			b[n] = byte_at(r, g + n);
			n++;
		}
		size_t skip = classify_escape(r, g, b, n);
		if (skip == 0)
			goto undecided;
		g += skip;
	}
	/* The rest lies in the current chunk: look at it in place. */
	const unsigned char *c = r->chunk, *e = c + r->chunk_len;
	const unsigned char *p = c + (g - r->chunk_base);
	while ((p = find_backslash(p, e)) != NULL) {
		size_t n = e - p < 12 ? (size_t)(e - p) : 12;
		if (n >= 3 && (p[1] != 'u' || (p[2] | 0x20) != 'd')) {
			p += 2;         /* the common escapes, not surrogates */
			continue;
		}
		size_t skip = classify_escape(r, r->chunk_base + (unsigned long long)(p - c), p, n);
		if (skip == 0) {
			g = r->chunk_base + (unsigned long long)(p - c);
			goto undecided;
		}
		p += skip;
	}
	g = end;
undecided:
	r->scan_pos = g;
	r->fmt->raw_check = r->lone_head < r->lone_len;
}

/* Input offset of the opening quote of the string token that ends just
 * before `end` (its closing quote is at end - 1): the first quote before it
 * that an even number of backslashes precede.  Returns 0 when the start is
 * no longer in memory, else 1. */
static int find_string_start(const struct reader *r, unsigned long long end,
			     unsigned long long *start)
{
	unsigned long long lo = data_start(r), q = end - 1;

	while (q > lo) {
		q--;
		if (byte_at(r, q) != '"')
			continue;
		unsigned long long b = q;
		while (b > lo && byte_at(r, b - 1) == '\\')
			b--;
		if (b == lo && b > 0)
			return 0;       /* cannot tell: the text before is gone */
		if ((q - b) % 2 == 0) {
			*start = q;
			return 1;
		}
	}
	return 0;
}

/* End (one past the closing quote) of the string token yajl just read. */
static unsigned long long token_end(const struct reader *r)
{
	return r->chunk_base + r->feed_off + yajl_get_bytes_consumed(r->h);
}

/* Give the formatter the raw text of the string token yajl just read, if it
 * holds an unpaired surrogate escape. */
static int on_raw_string(void *ctx, const unsigned char **raw, size_t *len)
{
	struct reader *r = ctx;
	unsigned long long end = token_end(r), q;
	int found = 0;

	while (r->lone_head < r->lone_len && r->lone[r->lone_head] < end) {
		r->lone_head++;
		found = 1;
	}
	r->fmt->raw_check = r->lone_head < r->lone_len;
	if (!found)
		return 0;
	if (!find_string_start(r, end, &q)) {
		r->error = "string with an unpaired surrogate escape is too long to keep exactly";
		r->error_pos = end - 1;
		return -1;
	}
	r->raw.len = 0;
	for (unsigned long long i = q + 1; i < end - 1; i++)
		fbuffer_append_char(&r->raw, (char)byte_at(r, i));
	*raw = (const unsigned char *)r->raw.ptr;
	*len = r->raw.len;
	return 1;
}

/* Point the error at the first byte of the string token just read that is
 * not part of a well-formed UTF-8 sequence. */
static void on_invalid_utf8(void *ctx)
{
	struct reader *r = ctx;
	unsigned long long end = token_end(r), g;
	unsigned char b[4];

	r->error = "invalid UTF-8 in string";
	r->error_pos = end - 1;
	if (!find_string_start(r, end, &g))
		return;
	while (++g < end - 1) {
		size_t n = 0;
		while (n < 4 && g + n < end - 1) {
			b[n] = byte_at(r, g + n);
			n++;
		}
		size_t k = utf8_sequence(b, n);
		if (k == 0) {
			r->error_pos = g;
			return;
		}
		g += k - 1;
	}
}

/* --- The read loop --- */

/* Grow block i to `size` bytes, keeping what it holds. */
static void set_block_size(struct reader *r, int i, size_t size)
{
	r->block[i] = xrealloc(r->block[i], size);
	r->block_cap[i] = size;
}

/* Give block i a fresh INPUT_BLOCK bytes (what it held is dropped) that
 * start on a page, so that the vector loads of the scan never straddle two
 * cache lines: jfmt -c on a 200 MiB document took about 0.5% less time
 * than with malloc()'s 16-byte alignment. */
static void new_block(struct reader *r, int i)
{
	free(r->block[i]);
	r->block[i] = xalloc_aligned(4096, INPUT_BLOCK);
	r->block_cap[i] = INPUT_BLOCK;
}

void reader_init(struct reader *r, const struct format_options *opt,
		 int allow_comments, struct formatter *fmt)
{
	memset(r, 0, sizeof *r);
	r->opt = opt;
	r->allow_comments = allow_comments;
	r->fmt = fmt;
	r->hooks.ctx = r;
	r->hooks.value_end = on_value_end;
	r->hooks.raw_string = on_raw_string;
	r->hooks.invalid_utf8 = on_invalid_utf8;
	fmt->hooks = &r->hooks;
	for (int i = 0; i < 2; i++)
		new_block(r, i);
	fbuffer_init_mem(&r->raw);
}

void reader_release(struct reader *r)
{
	free(r->block[0]);
	free(r->block[1]);
	free(r->lone);
	fbuffer_release(&r->raw);
}

static ssize_t read_some(int fd, unsigned char *buf, size_t n)
{
	ssize_t got;
	do
		got = read(fd, buf, n);
	while (got < 0 && errno == EINTR);
	return got;
}

/*
 * Read more onto the end of the current chunk, at least as much again as it
 * holds.  yajl lexes a token that spans several reads from its start again
 * at each read, so a long token must arrive in reads that grow
 * geometrically to keep the work linear; and the token's first byte stays
 * in memory, for messages and for rewriting its text exactly.  Each read
 * asks for a whole block or more, as next_chunk() does.
 */
static ssize_t extend_chunk(struct reader *r, int fd)
{
	size_t skip = (size_t)(r->chunk - r->block[r->cur]);    /* a byte order mark */
	size_t used = skip + r->chunk_len;
	size_t want = r->chunk_len > INPUT_BLOCK ? r->chunk_len : INPUT_BLOCK;
	size_t got = 0;

	if (r->block_cap[r->cur] - used < want + INPUT_BLOCK) {
		set_block_size(r, r->cur, used + want + INPUT_BLOCK);
		r->chunk = r->block[r->cur] + skip;
	}
	while (got < want) {
		ssize_t n = read_some(fd, r->block[r->cur] + used + got,
				      r->block_cap[r->cur] - used - got);
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	r->feed_off = r->chunk_len;
	r->chunk_len += got;
	return (ssize_t)got;
}

/* Read the next block into the spare buffer and make it the current chunk;
 * the old current chunk becomes the previous one.  Returns bytes read,
 * 0 at the end, -1 on error. */
static ssize_t next_chunk(struct reader *r, int fd)
{
	if (r->extend)
		return extend_chunk(r, fd);
	if (r->block_cap[!r->cur] > INPUT_BLOCK)        /* after a long token */
		new_block(r, !r->cur);

	unsigned char *buf = r->block[!r->cur];
	ssize_t n = read_some(fd, buf, INPUT_BLOCK);
	int first = r->chunk == NULL;

	if (n <= 0)
		return n;
	if (first) {
		/* A byte order mark may arrive a byte at a time from a pipe. */
		static const unsigned char bom[3] = { 0xef, 0xbb, 0xbf };
		while (n < 3 && memcmp(buf, bom, (size_t)n) == 0) {
			ssize_t more = read_some(fd, buf + n, INPUT_BLOCK - (size_t)n);
			if (more < 0)
				return -1;
			if (more == 0)
				break;
			n += more;
		}
	} else {
		r->prev = r->chunk;
		r->prev_len = r->chunk_len;
		r->prev_base = r->chunk_base;
		r->prev_line = r->chunk_line;
		r->prev_line_start = r->chunk_line_start;
		r->chunk_base += r->chunk_len;
		r->chunk_line += r->chunk_newlines;
		const unsigned char *nl = r->chunk_newlines ?
			memrchr(r->chunk, '\n', r->chunk_len) : NULL;
		if (nl)
			r->chunk_line_start = r->prev_base + (unsigned long long)(nl - r->chunk) + 1;
		r->chunk_newlines = 0;
	}
	r->cur = !r->cur;
	r->chunk = buf;
	r->chunk_len = (size_t)n;
	r->feed_off = 0;
	if (first && n >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
		r->chunk += 3;  /* positions count from after the mark */
		r->chunk_len -= 3;
	}
	return n;
}

static int is_delimiter(unsigned char c)
{
	return c <= ' ' || strchr("[]{},:\"", c) != NULL;
}

static int is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static int has_bytes(const struct reader *r, unsigned long long g, const char *s)
{
	size_t n = strlen(s);

	if (g < data_start(r) || data_end(r) - g < n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (byte_at(r, g + i) != (unsigned char)s[i])
			return 0;
	return 1;
}

/* The first byte of a digit run that ends at g (stopping at lo). */
static unsigned long long digits_start(const struct reader *r, unsigned long long g,
				       unsigned long long lo)
{
	while (g > lo && is_digit(byte_at(r, g - 1)))
		g--;
	return g;
}

/*
 * The start of the number or word (true, false, null) that yajl's lexer
 * ended at g, found backwards: the value before it may touch it, as in
 * "[1-2]", "[00]" or "[truefalse]", and may have begun in a read that is
 * no longer kept, while the offending token itself always is.
 */
static unsigned long long number_or_word_start(const struct reader *r, unsigned long long g)
{
	unsigned long long lo = data_start(r);
	unsigned char c = byte_at(r, g);

	if (c == 'l' && g >= lo + 3 && has_bytes(r, g - 3, "null"))
		return g - 3;
	if (c == 'e' && g >= lo + 4 && has_bytes(r, g - 4, "false"))
		return g - 4;
	if (c == 'e' && g >= lo + 3 && has_bytes(r, g - 3, "true"))
		return g - 3;
	if (!is_digit(c))
		return g;

	/* The digits at the end are an exponent's, a fraction's or the
	 * integer part's. */
	unsigned long long p = digits_start(r, g, lo), e = p;
	if (e > lo && (byte_at(r, e - 1) == '+' || byte_at(r, e - 1) == '-'))
		e--;
	if (e >= lo + 2 && (byte_at(r, e - 1) == 'e' || byte_at(r, e - 1) == 'E') &&
	    is_digit(byte_at(r, e - 2)))
		p = digits_start(r, e - 2, lo);
	if (p >= lo + 2 && byte_at(r, p - 1) == '.' && is_digit(byte_at(r, p - 2)))
		p = digits_start(r, p - 2, lo);

	/* The integer part is "0" or starts with 1-9: leading zeros before
	 * it were numbers of their own. */
	unsigned long long int_end = p;
	while (int_end < g && is_digit(byte_at(r, int_end + 1)))
		int_end++;
	unsigned long long s = p;
	while (s < int_end && byte_at(r, s) == '0')
		s++;
	if (s == p && s > lo && byte_at(r, s - 1) == '-')
		s--;
	return s;
}

/* The start of the token whose last byte is at g: the opening quote of a
 * string, the first character of a number or a word. */
static unsigned long long token_start(const struct reader *r, unsigned long long g)
{
	unsigned long long lo = data_start(r);

	if (byte_at(r, g) == '"') {
		for (unsigned long long q = g; q > lo; q--) {
			if (byte_at(r, q - 1) != '"')
				continue;
			unsigned long long b = q - 1;
			while (b > lo && byte_at(r, b - 1) == '\\')
				b--;
			if ((q - 1 - b) % 2 == 0)
				return q - 1;
		}
		return g;
	}
	if (is_delimiter(byte_at(r, g)))
		return g;
	return number_or_word_start(r, g);
}

/* The first byte from g on that is not white space or (with --comments)
 * part of a comment, or the end of the data. */
static unsigned long long skip_blanks(const struct reader *r, unsigned long long g)
{
	unsigned long long hi = data_end(r);

	while (g < hi) {
		unsigned char c = byte_at(r, g);
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
			g++;
			continue;
		}
		if (c != '/' || !r->allow_comments || g + 1 >= hi)
			return g;
		unsigned char d = byte_at(r, g + 1);
		if (d == '/') {
			while (g < hi && byte_at(r, g) != '\n')
				g++;
		} else if (d == '*') {
			g += 2;
			while (g + 1 < hi && !(byte_at(r, g) == '*' && byte_at(r, g + 1) == '/'))
				g++;
			g += 2;
		} else {
			return g;
		}
	}
	return hi > data_start(r) ? hi - 1 : hi;
}

/* Where yajl's error `msg` is.  yajl leaves its offset in one of three
 * places: lexical errors on the offending byte or just after it (after the
 * character that cannot start a token, the number that lacks a digit, the
 * backslash of a bad escape), parse errors just after the offending token, except
 * the "after key and value" error, which moves it back by the token's
 * length (without the quotes of a string). */
static unsigned long long error_offset(const struct reader *r, const char *msg, int lexical)
{
	unsigned long long at = r->chunk_base + r->feed_off + yajl_get_bytes_consumed(r->h);
	unsigned long long lo = data_start(r), hi = data_end(r);
	unsigned long long g;

	if (lexical) {
		/* after the byte for these; on it for the others */
		int past = strstr(msg, "invalid char in") || strstr(msg, "malformed number") ||
			   strstr(msg, "occurs before a character");
		g = past && at > lo ? at - 1 : at;
		return g < hi ? g : (hi > lo ? hi - 1 : lo);
	}
	if (strncmp(msg, "after key and value", 19) == 0) {
		/* yajl moves its offset back by the token's length, or to the
		 * start of the read if the token began in an earlier one; the
		 * token starts after the value and the blanks that follow it. */
		unsigned long long e = r->fmt->member_end;
		if (e >= lo && e < hi)
			return skip_blanks(r, e);
		g = at < hi ? at : hi - 1;
		if (is_delimiter(byte_at(r, g)) && byte_at(r, g) != '"')
			return g;
		while (g > lo && !strchr(" \t\r\n,:[]{}", byte_at(r, g - 1)))
			g--;
		return g;
	}
	g = at > lo ? at - 1 : lo;
	return g < hi ? token_start(r, g) : g;
}

/* Report yajl's error for status `st`.  Parse errors point at the start
 * of the offending token, lexical ones at the offending byte. */
static void report_yajl_error(struct reader *r, yajl_status st)
{
	if (st == yajl_status_client_canceled) {
		report(r, r->error_pos, r->error);
		return;
	}
	unsigned char *text = yajl_get_error(r->h, 0, NULL, 0);
	char msg[256];
	const char *s = strstr((const char *)text, "error: ");
	snprintf(msg, sizeof msg, "%s", s ? s + 7 : (const char *)text);
	size_t n = strlen(msg);
	while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == '.'))
		msg[--n] = '\0';
	int lexical = strncmp((const char *)text, "lexical", 7) == 0;
	yajl_free_error(r->h, text);

	if (!r->seen_text) {
		report(r, end_position(r), "no JSON value");
		return;
	}
	if (r->completing || strcmp(msg, "premature EOF") == 0) {
		report(r, end_position(r), "unexpected end of input");
		return;
	}
	unsigned long long g = error_offset(r, msg, lexical);
	if (strstr(msg, "comment")) {
		/* yajl stops before the comment; point at it */
		while (g < data_end(r) && byte_at(r, g) != '/')
			g++;
		snprintf(msg, sizeof msg, "%s", msg_comment);
	}
	report(r, g, msg);
}

static void start_input(struct reader *r, const char *name)
{
	r->name = name;
	r->cur = 0;
	r->chunk = r->prev = NULL;
	r->chunk_len = r->prev_len = 0;
	r->chunk_base = r->prev_base = 0;
	r->chunk_line = r->prev_line = 1;
	r->chunk_line_start = r->prev_line_start = 0;
	r->chunk_newlines = 0;
	r->feed_off = 0;
	r->extend = 0;
	r->completing = 0;
	r->separator = SEP_DONE;
	r->seen_text = 0;
	r->fmt->member_end = 0;
	r->lone_head = r->lone_len = 0;
	r->scan_pos = 0;
	r->error = NULL;
	format_reset(r->fmt);
}

static int all_blank(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strchr(" \t\r\n", p[i]) || p[i] == 0)
			return 0;
	return 1;
}

/* Feed the new part of the current chunk to yajl; returns 0, or -1 after
 * reporting.  Sets r->extend when no token ended in it: a token may span
 * it, whose start must stay in memory. */
static int feed_chunk(struct reader *r)
{
	const unsigned char *p = r->chunk + r->feed_off;
	size_t len = r->chunk_len - r->feed_off;
	const unsigned char *ff = NULL;
	unsigned long long mark = format_mark(r->fmt);

	if (!r->seen_text)
		r->seen_text = !all_blank(p, len);
	if (r->separator != SEP_DONE && expect_newline(r, r->feed_off) < 0) {
		report(r, r->error_pos, r->error);
		return -1;
	}
	/* Form feeds and vertical tabs end what yajl may see.  With
	 * --comments they may be inside a comment, and are let through (and
	 * backslashes are not looked for). */
	struct scan sc = { .stop = len, .backslash = 1 };
	if (r->allow_comments)
		sc.newlines = count_newlines(p, len);
	else
		scan_input(p, len, &sc);
	r->chunk_newlines += sc.newlines;
	if (sc.stop < len) {
		ff = p + sc.stop;
		len = sc.stop;
	}
	/* Surrogate escapes need a backslash, in this part or in an escape
	 * left undecided at the end of the last. */
	if (sc.backslash || r->scan_pos < r->chunk_base + r->feed_off)
		scan_surrogates(r);
	else
		r->scan_pos = data_end(r);
	r->fmt->feed_base = r->chunk_base + r->feed_off;
	yajl_status st = yajl_parse(r->h, p, len);
	if (st != yajl_status_ok) {
		report_yajl_error(r, st);
		return -1;
	}
	if (ff) {
		report(r, r->chunk_base + (unsigned long long)(ff - r->chunk),
		       *ff == '\f' ? "form feed is not allowed here" :
		       "vertical tab is not allowed here");
		return -1;
	}
	/* White space may be inside a string or between tokens: keep a run of
	 * it up to a bound, so that memory stays small between documents. */
	r->extend = format_mark(r->fmt) == mark &&
		    (r->chunk_len < INPUT_KEEP_BLANK || !all_blank(p, len));
	return 0;
}

enum input_status reader_run(struct reader *r, const char *name, int fd)
{
	enum input_status result = INPUT_OK;
	ssize_t n;

	start_input(r, name);
	r->h = yajl_alloc(format_callbacks(r->opt), NULL, r->fmt);
	if (!r->h)
		out_of_memory();
	r->fmt->parser = r->h;
	yajl_config(r->h, yajl_allow_multiple_values, 1);
	yajl_config(r->h, yajl_allow_comments, r->allow_comments);
	/* Strings are checked, strictly, where they are written. */
	yajl_config(r->h, yajl_dont_validate_strings, 1);

	if (r->progress)
		progress_start(r->progress, name, fd);
	while ((n = next_chunk(r, fd)) > 0) {
		if (r->progress)
			progress_advance(r->progress, (unsigned long long)n);
		if (feed_chunk(r) < 0) {
			result = INPUT_INVALID;
			goto done;
		}
		if (r->fmt->output.error)
			goto done;      /* the caller reports it */
	}
	if (n < 0) {
		if (r->progress)
			progress_end(r->progress);
		fprintf(stderr, "jfmt: %s: %s\n", name, strerror(errno));
		result = INPUT_IO_ERROR;
		goto done;
	}
	r->completing = 1;
	yajl_status st = yajl_complete_parse(r->h);
	if (st != yajl_status_ok) {
		report_yajl_error(r, st);
		result = INPUT_INVALID;
	} else if (r->fmt->values == 0) {
		report(r, end_position(r), "no JSON value");
		result = INPUT_INVALID;
	}
done:
	if (r->progress)
		progress_end(r->progress);
	yajl_free(r->h);
	r->h = NULL;
	return result;
}
