/* layout.h - the pieces of formatted output: separators, indentation,
 * tokens, strings, opening and closing containers.  Private to the
 * formatter (layout.c, format.c, placement.c); everything here is inline,
 * as the yajl callbacks are built from it once per layout.  Where a
 * member's value ends is told to the reader by valueend.h.
 */
#ifndef JFMT_LAYOUT_H
#define JFMT_LAYOUT_H

#include <stdint.h>
#include <string.h>

#include "base/alloc.h"
#include "text/escape.h"
#include "layout/format.h"
#include "layout/placement.h"
#include "layout/valueend.h"

#define NOINLINE __attribute__((noinline))
#define ALWAYS_INLINE inline __attribute__((always_inline))

/* Bits of formatter.state[depth] for the container open at that depth. */
#define CONTAINER_OBJECT  1   /* an object, not an array */
#define CONTAINER_MEMBERS 2   /* at least one element written */
#define CONTAINER_SORTED  4   /* members captured for sorting */

/* Indentation is copied from one prebuilt run of this many bytes (after
 * ",\n"); deeper levels append more. */
#define INDENT_RUN 1024

/* The longest separator taken as a slice of the run: read in whole
 * FBUFFER_COPY_WIDTH slices, it stays inside the run. */
#define SEPARATOR_MAX INDENT_RUN

/* --- Pieces of output ---
 *
 * Every function below takes the layout `L` as a constant: the callbacks are
 * stamped out once per layout, so that the common cases (plain compact,
 * plain pretty) compile to straight-line code without the tests for colour,
 * sorting and --seq.
 */
enum layout { PLAIN_COMPACT, PLAIN_PRETTY, GENERAL };

/* Whether the input's comments are written (only ever in GENERAL). */
static inline int has_comments(const struct formatter *f, enum layout L)
{
	return L == GENERAL && FB_UNLIKELY(f->opt->comments);
}

static inline int is_compact(const struct formatter *f, enum layout L)
{
	return L == PLAIN_COMPACT || (L == GENERAL && f->opt->compact);
}

static inline int is_colored(const struct formatter *f, enum layout L)
{
	return L == GENERAL && f->opt->color;
}

static void color_on(struct formatter *f, enum color_class c)
{
	const char *seq = f->opt->color_seq[c];
	fbuffer_append(f->out, seq, strlen(seq));
}

static void color_off(struct formatter *f)
{
	fbuffer_append(f->out, "\033[0m", 4);
}

static inline void token(struct formatter *f, enum color_class c, const char *s,
			 size_t n, enum layout L)
{
	if (is_colored(f, L)) {
		color_on(f, c);
		fbuffer_append(f->out, s, n);
		color_off(f);
		return;
	}
	fbuffer_append_short(f->out, s, n);
}

/* A newline and the indentation of `depth`, after a comma if `comma`. */
static inline void newline_indent(struct formatter *f, size_t depth, int comma)
{
	size_t n = depth * f->indent;
	const char *s = f->nl_indent + !comma;
	size_t head = comma ? 2 : 1;

	if (FB_LIKELY(n <= INDENT_RUN)) {
		/* the run is longer than any padded copy reads */
		FB_ASSERT(s + head + n + FBUFFER_COPY_WIDTH <= f->nl_indent + f->nl_indent_len);
		fbuffer_append_padded(f->out, s, head + n);
	} else {
		fbuffer_append(f->out, s, head + INDENT_RUN);
		fbuffer_append_repeat(f->out, f->opt->indent_char, n - INDENT_RUN);
	}
}

/* A newline and indentation in any layout: while an object is captured for
 * sorting, the sorter notes them instead (sortkeys.h). */
static inline void layout_newline(struct formatter *f, size_t depth, int comma,
				  enum layout L)
{
	if (L == GENERAL && FB_UNLIKELY(f->out != &f->output))
		sorter_newline(&f->sort, depth, comma);
	else
		newline_indent(f, depth, comma);
}

/* What goes between the previous element (if `more`) and the next one. */
static inline void separator(struct formatter *f, int more, enum color_class c,
			     enum layout L)
{
	if (is_colored(f, L) && more) {
		token(f, c, ",", 1, L);
		more = 0;
		if (is_compact(f, L))
			return;
	}
	if (is_compact(f, L)) {
		if (more)
			fbuffer_append_char(f->out, ',');
	} else {
		layout_newline(f, f->depth, more, L);
	}
}

/* Returns 1 to go on, 0 to stop the parse (the hooks recorded why). */
static inline int write_string(struct formatter *f, const unsigned char *s,
			       size_t len, enum color_class c, enum layout L)
{
	const unsigned char *raw;
	size_t rawlen;
	int mode = L == GENERAL ? f->opt->escape_mode : 0;
	int rc;

	if (is_colored(f, L))
		color_on(f, c);
	if (FB_UNLIKELY(f->raw_check) &&
	    (rc = f->hooks->raw_string(f->hooks->ctx, &raw, &rawlen)) != 0) {
		if (rc < 0)
			return 0;
		rc = escape_raw_string(f->out, raw, rawlen, mode);
	} else {
		rc = escape_string(f->out, s, len, mode);
	}
	if (is_colored(f, L))
		color_off(f);
	if (FB_UNLIKELY(rc < 0)) {
		f->hooks->invalid_utf8(f->hooks->ctx);
		return 0;
	}
	return 1;
}

/* --- Structure --- */

static NOINLINE void write_key(struct formatter *f, enum layout L);

/* Before any value: its separator, if it is an array element, and the
 * comments before it.  Returns 1 to go on, 0 to stop the parse. */
static inline int begin_value(struct formatter *f, enum layout L)
{
	if (f->depth == 0) {
		if (has_comments(f, L) && !place_top(f))
			return 0;
		if (L == GENERAL && f->opt->seq)
			fbuffer_append_char(f->out, '\x1e');
		return 1;
	}
	unsigned char *st = &f->state[f->depth];
	if (*st & CONTAINER_OBJECT) {   /* the key and colon are out, or noted */
		if (L != GENERAL && f->key)
			write_key(f, L);
		return !has_comments(f, L) || place_after_key(f);
	}
	if (has_comments(f, L)) {
		if (!place_element(f, *st & CONTAINER_MEMBERS, COLOR_ARRAY, 0))
			return 0;
	} else {
		separator(f, *st & CONTAINER_MEMBERS, COLOR_ARRAY, L);
	}
	*st |= CONTAINER_MEMBERS;
	return 1;
}

/* The separator at `depth` (after another element if `more`; before a
 * closing bracket with `more` 0) in a plain layout, as a slice of the
 * prebuilt run, which can be read FBUFFER_COPY_WIDTH bytes past any slice
 * (so fbuffer_copy_slices() may take it): returns where it starts and sets
 * *n to its length, which can be longer than the run. */
static inline const char *separator_slice(const struct formatter *f, size_t depth,
					  int more, enum layout L, size_t *n)
{
	if (L == PLAIN_COMPACT) {
		*n = more ? 1 : 0;
		return f->nl_indent;
	}
	*n = (more ? 2 : 1) + depth * f->indent;
	return f->nl_indent + !more;
}

/* The separator before an element, as a slice of the run; indentation
 * deeper than the run is written here, and *n is 0. */
static inline const char *plain_element_separator(struct formatter *f, int more,
						  enum layout L, size_t *n)
{
	const char *sep = separator_slice(f, f->depth, more, L, n);

	if (FB_UNLIKELY(*n > SEPARATOR_MAX)) {
		newline_indent(f, f->depth, more);
		*n = 0;
	}
	return sep;
}

/* A key with its separator and colon, in a plain layout.  Returns 1 to go
 * on, 0 to stop the parse (invalid UTF-8, reported). */
static NOINLINE int plain_key(struct formatter *f, const unsigned char *s, size_t len,
			      enum layout L)
{
	unsigned char *st = &f->state[f->depth];
	size_t n;
	const char *sep = plain_element_separator(f, *st & CONTAINER_MEMBERS, L, &n);

	*st |= CONTAINER_MEMBERS;
	if (FB_UNLIKELY(escape_string_framed(&f->output, sep, n, s, len, ": ",
					     L == PLAIN_COMPACT ? 1 : 2, 0) < 0)) {
		f->hooks->invalid_utf8(f->hooks->ctx);
		return 0;
	}
	return 1;
}

/* The longest key that quick_key() notes instead of writing (quick.h). */
#define KEY_QUICK_MAX 16

/* Room for a noted key after its separator: the quoted key read as
 * KEY_QUICK_MAX bytes, and `": `. */
#define KEY_ROOM (KEY_QUICK_MAX + 4)

/* Room for a member whose key is noted, besides its value: the longest
 * separator the fixed check covers (in whole slices), and the key. */
#define KEY_PREFIX_ROOM (SLICES_MAX + KEY_ROOM)

/* The noted key's member up to its value, at d (the output's cursor,
 * KEY_PREFIX_ROOM bytes of room and `value` more), in an object whose
 * state is `bits`: the separator, the key, the colon.  Returns its
 * length, or 0 when the separator does not fit (plain_key() takes it
 * then), which compact output never is. */
static ALWAYS_INLINE size_t member_prefix(const struct formatter *f, char *d, unsigned bits,
					  size_t value, enum layout L)
{
	const unsigned char *key = f->key;
	size_t n, len = f->key_len;
	const char *sep = separator_slice(f, f->depth, (int)(bits / CONTAINER_MEMBERS) & 1, L, &n);

	if (L == PLAIN_COMPACT)
		d[0] = ',';     /* overwritten by the quote when n is 0 */
	else if (separator_fits(n, SEPARATOR_MAX, KEY_ROOM + value, &f->output))
		fbuffer_copy_slices(d, sep, n);
	else
		return 0;
	size_t npost = L == PLAIN_COMPACT ? 1 : 2;
	memcpy(d + n + 1, key, KEY_QUICK_MAX);  /* the input has the slack */
	quote_frame(d + n, len, ": ", npost);
	return n + len + 2 + npost;
}

/* The key that quick_key() noted (quick.h), written now, before a value
 * that does not write it or when the input may go.  It is all ASCII:
 * this cannot fail. */
static NOINLINE void write_key(struct formatter *f, enum layout L)
{
	struct fbuffer *out = &f->output;
	unsigned char *st = &f->state[f->depth];

	fbuffer_reserve(out, KEY_PREFIX_ROOM);
	size_t n = member_prefix(f, fbuffer_cursor(out), *st, 0, L);
	if (n == 0) {
		plain_key(f, f->key, f->key_len, L);
	} else {
		fbuffer_advance(out, n);
		*st |= CONTAINER_MEMBERS;
	}
	f->key = NULL;
}

/* The same before any value: nothing at the top or after a key. */
static inline const char *plain_separator(struct formatter *f, enum layout L, size_t *n)
{
	*n = 0;
	if (f->depth == 0)
		return f->nl_indent;
	unsigned char *st = &f->state[f->depth];
	if (*st & CONTAINER_OBJECT) {   /* the key and colon are out, or noted */
		if (f->key)
			write_key(f, L);
		return f->nl_indent;
	}
	int more = *st & CONTAINER_MEMBERS;
	*st |= CONTAINER_MEMBERS;
	return plain_element_separator(f, more, L, n);
}

/* A value that is one token.  Returns 1 to go on, 0 to stop. */
static inline int value_token(struct formatter *f, enum color_class c,
			      const char *tok, size_t len, enum layout L)
{
	if (!begin_value(f, L))
		return 0;
	token(f, c, tok, len, L);
	return 1;
}

/* A whole document has been written: end its line and tell the reader. */
static NOINLINE int end_document(struct formatter *f)
{
	if (f->opt->comments)
		f->top_line = TOP_DOC;  /* a comment may follow on its line */
	else
		fbuffer_append_char(f->out, '\n');
	fbuffer_commit(&f->output);
	f->value_end = NULL;    /* the reader is told of a later one */
	return f->hooks->value_end(f->hooks->ctx);
}

/* After any value.  Returns yajl's "go on" (1) or "stop" (0). */
static inline int end_value(struct formatter *f)
{
	if (FB_LIKELY(f->depth != 0)) {
		if (f->state[f->depth] & CONTAINER_OBJECT)
			return member_done(f);
		return 1;
	}
	return end_document(f);
}

static inline int open_container(struct formatter *f, unsigned char bits, char c,
				 enum color_class cls, enum layout L)
{
	if (!value_token(f, cls, &c, 1, L))
		return 0;
	f->depth++;
	if (FB_UNLIKELY(f->depth >= f->state_cap))
		f->state = xgrow_array(f->state, &f->state_cap, f->depth + 1, 1);
	f->state[f->depth] = bits;
	return 1;
}

static inline void close_container(struct formatter *f, char c, enum color_class cls,
				   enum layout L)
{
	unsigned char st = f->state[f->depth];

	f->depth--;
	if ((st & CONTAINER_MEMBERS) && !is_compact(f, L))
		layout_newline(f, f->depth, 0, L);
	token(f, cls, &c, 1, L);
}

static inline void write_colon(struct formatter *f, enum layout L)
{
	if (is_colored(f, L))
		token(f, COLOR_OBJECT, ":", 1, L);
	else if (is_compact(f, L))
		fbuffer_append_char(f->out, ':');
	else
		fbuffer_append_short(f->out, ": ", 2);
	if (is_colored(f, L) && !is_compact(f, L))
		fbuffer_append_char(f->out, ' ');
}

#endif
