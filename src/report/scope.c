/* scope.c - the containers and string around a point.  See scope.h. */
#include "report/scope.h"

#include <stdint.h>
#include <string.h>

#include "base/bits.h"

static void push(struct scope *s, char kind, unsigned long long at)
{
	if (s->depth < SCOPE_KEEP) {
		s->kind[s->depth] = kind;
		s->open_at[s->depth] = at;
	}
	s->depth++;
}

void scope_scan(const struct window *w, unsigned long long from, unsigned long long to,
		int comments, struct scope *s)
{
	unsigned long long g = from;

	memset(s, 0, sizeof *s);
	if (from < window_start(w) || to > window_end(w) || from > to)
		return;
	s->known = 1;
	while (g < to) {
		unsigned char c = window_byte(w, g);
		if (c == '"') {
			unsigned long long q = g++;
			while (g < to && window_byte(w, g) != '"')
				g += window_byte(w, g) == '\\' ? 2 : 1;
			if (g >= to) {
				s->in_string = 1;
				s->string_start = q;
				return;
			}
			g++;
			continue;
		}
		int open;
		unsigned long long e = comments ? window_comment_end(w, g, to, &open) : g;
		if (e != g) {
			if (open) {
				s->in_comment = 1;
				s->comment_start = g;
				return;
			}
			g = e;
			continue;
		}
		if (c == '[' || c == '{') {
			push(s, (char)c, g);
		} else if (c == ']' || c == '}') {
			if (s->depth > 0)
				s->depth--;
			else
				s->closed_too_many++;
		}
		g++;
	}
}

int scope_innermost(const struct scope *s, char *kind, unsigned long long *at)
{
	if (!s->known || s->depth == 0 || s->depth > SCOPE_KEEP)
		return 0;
	*kind = s->kind[s->depth - 1];
	*at = s->open_at[s->depth - 1];
	return 1;
}

/* The bytes from offset g on, as far as they lie in one part of the
 * window and before `end`: *n of them (the parts' offsets are contiguous,
 * their bytes are not). */
static const unsigned char *run_at(const struct window *w, unsigned long long g,
				   unsigned long long end, size_t *n)
{
	const struct window_part *part = g < w->cur.base ? &w->prev : &w->cur;
	size_t at = (size_t)(g - part->base);

	*n = part->len - at;
	if (*n > end - g)
		*n = (size_t)(end - g);
	return part->p + at;
}

/* The first offset from g below `end` that holds byte c, or `end`. */
static unsigned long long find_byte(const struct window *w, unsigned long long g,
				    unsigned long long end, unsigned char c)
{
	while (g < end) {
		size_t n;
		const unsigned char *p = run_at(w, g, end, &n);
		const unsigned char *hit = memchr(p, c, n);
		if (hit)
			return g + (unsigned long long)(hit - p);
		g += n;
	}
	return end;
}

/* Past the string whose opening quote is at q: just after its closing
 * quote, or SCOPE_NONE when it does not close before `end`.  A quote ends
 * the string unless an odd number of backslashes stands before it: one
 * search a quote, not one a backslash (a search a backslash made
 * dense_escapes.json's jfmt -c take 342.4 M instructions for 260.6 M). */
static unsigned long long string_end(const struct window *w, unsigned long long q,
				     unsigned long long end)
{
	unsigned long long g = q + 1;

	while (g < end) {
		unsigned long long quote = find_byte(w, g, end, '"'), b = quote;
		if (quote == end)
			return SCOPE_NONE;
		while (b > q + 1 && window_byte(w, b - 1) == '\\')
			b--;
		if ((quote - b) % 2 == 0)
			return quote + 1;
		g = quote + 1;
	}
	return SCOPE_NONE;
}

/* scope_clean_point() from g, a point outside strings and comments, a
 * quote or slash at a time: the one general lexer, which the blocks below
 * hand over to where they stop. */
static unsigned long long lex_bytes(const struct window *w, unsigned long long g,
				    unsigned long long at, unsigned long long end, int comments)
{
	while (g < at) {
		/* outside strings and comments up to the next quote or slash;
		 * none before `at`: at is outside too */
		unsigned long long q = find_byte(w, g, at, '"');
		if (comments)
			q = find_byte(w, g, q, '/');
		if (q == at)
			return at;
		if (window_byte(w, q) == '"') {
			g = string_end(w, q, end);
			continue;
		}
		/* a slash: a comment, or a byte of no meaning here (an error
		 * of its own); as the last byte, or in a comment still open at
		 * `end`, what follows is not known yet */
		int open;
		if (q + 1 == end)
			return SCOPE_NONE;
		unsigned long long e = window_comment_end(w, q, end, &open);
		if (open || (e == end && window_byte(w, q + 1) == '/'))
			return SCOPE_NONE;
		g = e > q ? e : q + 1;
	}
	return g;       /* past a string or comment, or SCOPE_NONE */
}

/*
 * The same lexing, 64 bytes at a time: masks of a block's quotes and
 * backslashes (bits.h), the bytes the backslashes escape, and the string
 * bytes as the prefix parity of the quotes left, both carried from block
 * to block and across the window's two parts.  A quote at a time, the
 * lexing took 20.8 M of the 281.4 M instructions of jfmt -c -j1 on
 * dense_escapes.json (a 4 MiB array of strings thick with escapes, where
 * no member's end moves the point on, so that every byte is lexed), 117
 * a quote; a block at a time it takes 5.7 M, about 87 a block, and the
 * run 266.3 M (the yajl floor's 211.3 M: 1.331 times it to 1.260).
 * Outside strings memchr() still goes to the next quote: lexed by blocks,
 * canada.json's numbers made jfmt -c -j1 take 69.7 M for 68.0 M.
 *
 * The masks know no comments, and would let a backslash outside strings
 * escape a quote, where the rule does not: at a slash (with `comments`)
 * or a backslash outside strings the blocks stop, and lex_bytes() goes on
 * from there.
 */

/* What a block hands on to the next. */
struct carries {
	uint64_t escaped;       /* 1: the next byte is escaped */
	uint64_t in_string;     /* all ones: the next byte is in a string */
};

/* Where the blocks stop: at a backslash outside strings (where the masks
 * part from the rule), also at a slash outside them (with `comments`), or
 * inside a string, at the quote that closes it. */
enum stop { STOP_STRAY, STOP_STRAY_OR_SLASH, STOP_CLOSE };

/* The bytes a backslash escapes among the len of a block (BITS_WINDOW at
 * the most) whose backslashes are bs; c->escaped is moved past them. */
static inline uint64_t block_escapes(uint64_t bs, size_t len, struct carries *c)
{
	if (!(bs | c->escaped))
		return 0;
	uint64_t escaped = escaped_bytes(bs, &c->escaped);
	if (len < BITS_WINDOW)  /* what escaped_bytes() carried out is bit 64's */
		c->escaped = escaped >> len & 1;
	return escaped;
}

/* The bytes of the block of len at p where the blocks stop, from *c on;
 * *c moves past the block (and is of no use once one stops). */
static inline uint64_t block_stops(const unsigned char *p, size_t len, enum stop what,
				   struct carries *c)
{
	uint64_t bs = byte_bits(p, len, '\\');
	uint64_t quotes = byte_bits(p, len, '"') & ~block_escapes(bs, len, c);

	if (what == STOP_CLOSE)
		return quotes;
	uint64_t in = (quotes ? prefix_parity(quotes) : 0) ^ c->in_string;
	c->in_string = (uint64_t)((int64_t)in >> 63);
	if (what == STOP_STRAY_OR_SLASH)
		bs |= byte_bits(p, len, '/');
	return bs & ~in;
}

/* Outside strings at index i of the n bytes at p: the index of the next
 * quote, or n, or with STOP_STRAY_OR_SLASH of a slash before it. */
static size_t next_quote(const unsigned char *p, size_t i, size_t n, enum stop what)
{
	const unsigned char *q = memchr(p + i, '"', n - i);
	size_t j = q ? (size_t)(q - p) : n;

	if (what == STOP_STRAY_OR_SLASH) {
		const unsigned char *slash = memchr(p + i, '/', j - i);
		if (slash)
			return (size_t)(slash - p);
	}
	return j;
}

/* The index of the first byte among the n at p where the blocks stop, or
 * n with *c moved past them.  Outside strings the blocks resume at the
 * next quote, with nothing carried: a backslash there means nothing. */
static size_t run_stop(const unsigned char *p, size_t n, enum stop what, struct carries *c)
{
	size_t i = 0;
	uint64_t stops;

	for (;;) {
		if (what != STOP_CLOSE && !c->in_string) {
			i = next_quote(p, i, n, what);
			if (i == n || p[i] == '/')
				return i;
		}
		if (n - i < BITS_WINDOW)
			break;
		if ((stops = block_stops(p + i, BITS_WINDOW, what, c)))
			return i + (size_t)__builtin_ctzll(stops);
		i += BITS_WINDOW;
	}
	if (i < n && (stops = block_stops(p + i, n - i, what, c)))
		return i + (size_t)__builtin_ctzll(stops);
	return n;
}

/* The first offset from g below `to` where the blocks stop, or `to` with
 * *c moved past the bytes, a part of the window after the other. */
static unsigned long long window_stop(const struct window *w, unsigned long long g,
				      unsigned long long to, enum stop what, struct carries *c)
{
	while (g < to) {
		size_t n;
		const unsigned char *p = run_at(w, g, to, &n);
		size_t k = run_stop(p, n, what, c);
		if (k < n)
			return g + k;
		g += n;
	}
	return to;
}

unsigned long long scope_clean_point(const struct window *w, unsigned long long from,
				     unsigned long long at, unsigned long long end, int comments)
{
	struct carries c = { 0, 0 };

	if (from < window_start(w) || end > window_end(w) || at > end)
		return SCOPE_NONE;
	if (from >= at)         /* nothing to lex: lex_bytes() too returns from */
		return from;
	unsigned long long g = window_stop(w, from, at,
					   comments ? STOP_STRAY_OR_SLASH : STOP_STRAY, &c);
	if (g < at)
		return lex_bytes(w, g, at, end, comments);
	if (!c.in_string)
		return at;
	g = window_stop(w, at, end, STOP_CLOSE, &c);     /* past the string at `at` */
	return g < end ? g + 1 : SCOPE_NONE;
}
