/* pieces.h - the pieces of formatted output: separators, tokens,
 * strings, keys and their colons, opening and closing containers, each
 * written as the layout style (style.h) says.  For the formatter's files
 * (format.c, layout.c, sortlayout.c, width_format.c, placement.c);
 * everything here is inline, as the yajl callbacks are built from it once
 * per layout.  Where a member's value ends is told to the reader by
 * valueend.h.
 */
#ifndef JFMT_PIECES_H
#define JFMT_PIECES_H

#include <stdint.h>
#include <string.h>

#include "base/alloc.h"
#include "layout/formatter.h"
#include "layout/valueend.h"
#include "style/style.h"
#include "text/escape.h"

#define NOINLINE __attribute__((noinline))
#define ALWAYS_INLINE inline __attribute__((always_inline))

/* formatter.state[depth] holds the container_bits (style.h) of the
 * container open at that depth. */

/* --- Pieces of output ---
 *
 * Every function below takes the layout `L` as a constant: the callbacks are
 * stamped out once per layout, so that the common cases (plain compact,
 * plain pretty) compile to straight-line code without the tests for colour,
 * sorting and --seq.
 */
enum layout { PLAIN_COMPACT, PLAIN_PRETTY, GENERAL };

/* Whether the input's comments or blank lines are written (only ever in
 * GENERAL). */
static inline int layout_comments(const struct formatter *f, enum layout L)
{
	return L == GENERAL && FB_UNLIKELY(format_places(f->opt));
}

static inline int layout_compact(const struct formatter *f, enum layout L)
{
	return L == PLAIN_COMPACT || (L == GENERAL && f->opt->compact);
}

static inline int layout_colored(const struct formatter *f, enum layout L)
{
	return L == GENERAL && f->opt->color;
}

static void write_color_on(struct formatter *f, enum color_class c)
{
	const char *seq = f->opt->color_seq[c];
	fbuffer_append(f->out, seq, strlen(seq));
}

static void write_color_off(struct formatter *f)
{
	fbuffer_append(f->out, "\033[0m", 4);
}

static inline void write_token(struct formatter *f, enum color_class c, const char *s,
			 size_t n, enum layout L)
{
	if (layout_colored(f, L)) {
		write_color_on(f, c);
		fbuffer_append(f->out, s, n);
		write_color_off(f);
		return;
	}
	fbuffer_append_short(f->out, s, n);
}

/* A newline and indentation in any layout: while an object is captured for
 * sorting, the sorter notes them instead (sortkeys.h). */
static inline void layout_newline(struct formatter *f, size_t depth, int comma,
				  enum layout L)
{
	if (L == GENERAL && FB_UNLIKELY(f->out != &f->output))
		sorter_newline(&f->sort, depth, comma);
	else
		style_newline(&f->style, f->out, depth, comma);
}

/* What goes between the previous element (if `more`) and the next one. */
static inline void write_separator(struct formatter *f, int more, enum color_class c,
			     enum layout L)
{
	if (layout_colored(f, L) && more) {
		write_token(f, c, ",", 1, L);
		more = 0;
		if (layout_compact(f, L))
			return;
	}
	if (layout_compact(f, L)) {
		if (more)
			fbuffer_append_char(f->out, STYLE_COMMA);
	} else {
		layout_newline(f, f->depth, more, L);
	}
}

/* RFC 7464's record separator, which --seq writes before each document. */
#define RECORD_SEPARATOR '\x1e'

/* Before a document: its record separator with --seq.  What came before
 * it (with --comments, the comments before it and the end of the line of
 * the last) is complete: it stays if this document turns out invalid. */
static inline void begin_document(struct formatter *f)
{
	if (format_places(f->opt)) {
		fbuffer_commit(&f->output);
		f->top_committed = f->top_line;
	}
	if (f->opt->seq && !f->record_open)
		fbuffer_append_char(f->out, RECORD_SEPARATOR);
	f->record_open = 0;
}

/* Returns 1 to go on, 0 to stop the parse (the hooks recorded why). */
static inline int write_string(struct formatter *f, const unsigned char *s,
			       size_t len, enum color_class c, enum layout L)
{
	const unsigned char *raw;
	size_t rawlen;
	int mode = L == GENERAL ? f->opt->escape_mode : 0;
	int rc;

	if (layout_colored(f, L))
		write_color_on(f, c);
	if (FB_UNLIKELY(needs_raw(f, s)) &&
	    (rc = f->hooks->raw_string(f->hooks->ctx, &raw, &rawlen)) != 0) {
		if (rc < 0)
			return 0;
		rc = escape_raw_string(f->out, raw, rawlen, mode,
				       f->raw_check & RAW_ESCAPED ? RAW_KEEP : RAW_DECODE);
	} else {
		rc = escape_string(f->out, s, len, mode);
	}
	if (layout_colored(f, L))
		write_color_off(f);
	if (FB_UNLIKELY(rc < 0)) {
		f->hooks->invalid_utf8(f->hooks->ctx);
		return 0;
	}
	return 1;
}

/* --- Structure --- */

static NOINLINE void write_key(struct formatter *f, enum layout L);

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
		return f->style.run;
	}
	return style_break(&f->style, depth, more, n);
}

/* The separator before an element, as a slice of the run; indentation
 * deeper than the run is written here, and *n is 0. */
static inline const char *plain_element_separator(struct formatter *f, int more,
						  enum layout L, size_t *n)
{
	const char *sep = separator_slice(f, f->depth, more, L, n);

	if (FB_UNLIKELY(*n > STYLE_SEPARATOR_MAX)) {
		style_newline(&f->style, f->out, f->depth, more);
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
	if (FB_UNLIKELY(escape_string_framed(&f->output, sep, n, s, len, f->style.colon,
					     f->style.colon_len, 0) < 0)) {
		f->hooks->invalid_utf8(f->hooks->ctx);
		return 0;
	}
	return 1;
}

/* The longest key that quick_key() defers instead of writing (quick.h). */
#define KEY_QUICK_MAX 16

/* Room for a deferred key after its separator: the quoted key read as
 * KEY_QUICK_MAX bytes, and the colon. */
#define KEY_ROOM (KEY_QUICK_MAX + 2 + STYLE_COLON_MAX)

/* Room for a member whose key is deferred, besides its value: the longest
 * separator the fixed check covers (in whole slices), and the key. */
#define KEY_PREFIX_ROOM (SLICES_MAX + KEY_ROOM)

/* The deferred key's member up to its value, at d (the output's cursor,
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
		d[0] = STYLE_COMMA;     /* overwritten by the quote when n is 0 */
	else if (separator_fits(n, STYLE_SEPARATOR_MAX, KEY_ROOM + value, &f->output))
		fbuffer_copy_slices(d, sep, n);
	else
		return 0;
	memcpy(d + n + 1, key, KEY_QUICK_MAX);  /* the input has the slack */
	quote_frame(d + n, len, f->style.colon, f->style.colon_len);
	return n + len + 2 + f->style.colon_len;
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
		return f->style.run;
	unsigned char *st = &f->state[f->depth];
	if (*st & CONTAINER_OBJECT) {   /* the key and colon are out, or noted */
		if (f->key)
			write_key(f, L);
		return f->style.run;
	}
	int more = *st & CONTAINER_MEMBERS;
	*st |= CONTAINER_MEMBERS;
	return plain_element_separator(f, more, L, n);
}

/* A value that is one token.  Returns 1 to go on, 0 to stop. */
/* A whole document has been written: end its line and tell the reader. */
static NOINLINE int end_document(struct formatter *f)
{
	if (format_places(f->opt))
		f->top_line = f->top_committed = TOP_DOC;  /* a comment may
							     * follow on its line */
	else
		fbuffer_append_char(f->out, STYLE_EOL);
	fbuffer_commit(&f->output);
	return document_done(f);
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

static inline void close_container(struct formatter *f, char c, enum color_class cls,
				   enum layout L)
{
	unsigned char st = f->state[f->depth];

	f->depth--;
	if ((st & CONTAINER_MEMBERS) && !layout_compact(f, L))
		layout_newline(f, f->depth, 0, L);
	write_token(f, cls, &c, 1, L);
}

/* The colon after a key; in colour, its ':' takes the object's colour. */
static inline void write_colon(struct formatter *f, enum layout L)
{
	const struct layout_style *st = &f->style;

	if (!layout_colored(f, L)) {
		fbuffer_append_short(f->out, st->colon, st->colon_len);
		return;
	}
	fbuffer_append(f->out, st->colon, st->colon_at);
	write_token(f, COLOR_OBJECT, st->colon + st->colon_at, 1, L);
	fbuffer_append(f->out, st->colon + st->colon_at + 1, st->colon_len - st->colon_at - 1);
}

#endif
