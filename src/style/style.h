/* style.h - the layout style: the bytes that every layout path writes
 * between tokens, built once from the options, and the one writer of a
 * line break with its indentation.
 *
 * The formatter's paths (general, plain, quick, -S, --width and its quick
 * paths), the sorter writing its capture out and the --width engine all
 * read one struct layout_style: they differ in how they copy these bytes,
 * never in what they are.  A layout option that changes them is made in
 * style_init() and reaches every path.
 *
 *  - The colon after a key: ": ", or ":" in compact output.
 *  - The comma between elements: STYLE_COMMA.
 *  - The line end: STYLE_EOL, before the indentation of the next line.
 *  - The indentation: `indent` copies of `indent_char` per level, copied
 *    from one prebuilt run, which begins with the comma and the line end
 *    so that any separator (",\n" and indentation, or "\n" and
 *    indentation) is one slice of it.
 */
#ifndef JFMT_STYLE_H
#define JFMT_STYLE_H

#include <stddef.h>

#include "base/fbuffer.h"
#include "style/options.h"
#include "text/escape.h"

/* The comma between elements, and the line end. */
#define STYLE_COMMA ','
#define STYLE_EOL '\n'

/* What an open container has written, one byte per depth: the bits of
 * the formatter's state (layout/) and of --width's expanded containers
 * (width/). */
enum container_bits {
	CONTAINER_OBJECT = 1,   /* an object, not an array */
	CONTAINER_MEMBERS = 2,  /* at least one element written */
	CONTAINER_SORTED = 4,   /* members captured for sorting (layout/) */
};

/* Indentation is copied from one prebuilt run of this many characters
 * (after the comma and the line end); deeper lines append more.  Any
 * separator up to STYLE_SEPARATOR_MAX bytes is a slice of the run, which
 * can be read FBUFFER_COPY_WIDTH bytes past it (fbuffer_copy_slices()). */
#define STYLE_RUN 1024
#define STYLE_SEPARATOR_MAX STYLE_RUN

/* The longest colon: the escapers write at most ESCAPE_POST_MAX bytes
 * after a key's closing quote. */
#define STYLE_COLON_MAX ESCAPE_POST_MAX

struct layout_style {
	/* After a key, colon_len bytes; readable STYLE_COLON_MAX bytes (the
	 * quick paths copy that many), and the ':' is at colon[colon_at]
	 * (the one byte that takes the object's colour). */
	char colon[STYLE_COLON_MAX];
	size_t colon_len, colon_at;
	int compact;            /* no line breaks: one line per document */
	size_t indent;          /* indentation characters per level */
	char indent_char;       /* ' ' or '\t' */
	/* STYLE_COMMA, STYLE_EOL, then STYLE_RUN + FBUFFER_COPY_WIDTH
	 * copies of indent_char */
	char *run;
};

/** Build the style that `opt` asks for.  Free it with style_release(). */
void style_init(struct layout_style *st, const struct format_options *opt);
void style_release(struct layout_style *st);

/**
 * The separator before a line of `depth` levels (after another element if
 * `comma`: the comma first), as a slice of the run: returns where it
 * starts and sets *n to its length, which can be longer than the run
 * (then only its first STYLE_SEPARATOR_MAX bytes are there).
 */
static inline const char *style_break(const struct layout_style *st, size_t depth, int comma,
				      size_t *n)
{
	*n = (comma ? 2 : 1) + depth * st->indent;
	return st->run + !comma;
}

/**
 * Write the line end and `n` indentation characters (after the comma if
 * `comma`) to `out`.  The one writer of an indented line break (the
 * fast paths copy slices of the same run, style_break()):
 * style_newline() counts levels, the sorter counts characters.
 */
static inline void style_put_break(const struct layout_style *st, struct fbuffer *out, size_t n,
				   int comma)
{
	const char *s = st->run + !comma;
	size_t head = comma ? 2 : 1;

	if (FB_LIKELY(n <= STYLE_RUN)) {
		/* the run is longer than any padded copy reads */
		fbuffer_append_padded(out, s, head + n);
	} else {
		fbuffer_append(out, s, head + STYLE_RUN);
		fbuffer_append_repeat(out, st->indent_char, n - STYLE_RUN);
	}
}

/** The line end and the indentation of `depth`, after the comma if `comma`. */
static inline void style_newline(const struct layout_style *st, struct fbuffer *out,
				 size_t depth, int comma)
{
	style_put_break(st, out, depth * st->indent, comma);
}

#endif
