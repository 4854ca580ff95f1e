/* prettier_out.c - --style=prettier's engine writing out what it decided:
 * text and columns, line breaks and indentation, comments (those that
 * wait for a line's end among them), and the brackets and commas of the
 * expanded containers.  See prettier_parts.h. */
#include <string.h>

#include "base/alloc.h"
#include "width/columns.h"
#include "width/prettier_parts.h"

void prettier_put(struct prettier *p, const char *s, size_t n, size_t cols)
{
	fbuffer_append(p->out, s, n);
	p->col += cols;
}

/* What waits for the line to end: prettier's lineSuffix. */
static void flush_suffix(struct prettier *p)
{
	if (p->suffix.len) {
		fbuffer_append(p->out, p->suffix.ptr, p->suffix.len);
		p->suffix.len = 0;
	}
}

/* A line break and the indentation of `depth` levels. */
void prettier_newline(struct prettier *p, size_t depth)
{
	flush_suffix(p);
	style_newline(p->style.layout, p->out, depth, 0);
	p->col = depth * p->style.indent_cols;
}

/* A line end alone: a blank line, or the end of a top-level value. */
void prettier_line_end(struct prettier *p)
{
	flush_suffix(p);
	style_put_break(p->style.layout, p->out, 0, 0);
	p->col = 0;
}



/* A comment that waits for the end of the line: after a space, or on a
 * line of its own at the indentation of `depth` (after a blank line if
 * one stood before it). */
/*
 * Write comment s to fb, starting at column `col`: as it stands, but for a
 * block comment of several lines each of which begins with '*' (a doc
 * comment), whose lines after the first go at the indentation of `depth`
 * and a space, trimmed, as prettier reindents them.  Returns the column
 * after it.
 */
static size_t write_comment(struct prettier *p, struct fbuffer *fb, const struct prettier_tok *t,
			    const char *s, size_t depth, size_t col)
{
	const char *line = s, *end = s + t->len, *nl;
	int stars = (t->flags & PRETTIER_STARS) != 0;

	if (!(t->flags & PRETTIER_LINES)) {
		fbuffer_append(fb, s, t->len);
		return col + t->cols;
	}
	for (;;) {
		const char *b = line, *e;
		nl = memchr(line, '\n', (size_t)(end - line));
		e = nl ? nl : end;
		if (nl && e > b && e[-1] == '\r')
			e--;
		if (line != s) {
			if (stars) {
				while (b < e && (*b == ' ' || *b == '\t'))
					b++;
				style_newline(p->style.layout, fb, depth, 0);
				fbuffer_append_char(fb, ' ');
				col = depth * p->style.indent_cols + 1;
			} else {
				style_put_break(p->style.layout, fb, 0, 0);
				col = 0;
			}
		}
		if (stars && nl)
			while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
				e--;
		fbuffer_append(fb, b, (size_t)(e - b));
		col += columns_of(b, (size_t)(e - b));
		if (!nl)
			return col;
		line = nl + 1;
	}
}

static void defer_comment(struct prettier *p, const struct prettier_tok *t, const char *s,
			  size_t depth)
{
	size_t col = 0;

	if (t->flags & PRETTIER_HARD) {
		if (t->flags & PRETTIER_BLANK_AFTER)
			style_put_break(p->style.layout, &p->suffix, 0, 0);
		style_newline(p->style.layout, &p->suffix, depth, 0);
	} else {
		fbuffer_append_char(&p->suffix, ' ');
	}
	write_comment(p, &p->suffix, t, s, depth, col);
}

/* A comment written out where the output stands. */
void prettier_put_comment(struct prettier *p, const struct prettier_tok *t, const char *s)
{
	p->col = write_comment(p, p->out, t, s, p->depth, p->col);
}

/* A leading comment in an expanded container (or at the top level), and
 * what follows it. */
void prettier_put_leading(struct prettier *p, const struct prettier_tok *t, const char *s,
			int flat)
{
	prettier_put_comment(p, t, s);
	if ((t->flags & PRETTIER_HARD) || ((t->flags & PRETTIER_SOFT) && !flat)) {
		if (t->flags & PRETTIER_BLANK_AFTER)
			prettier_line_end(p);
		prettier_newline(p, p->depth);
	} else {
		prettier_put(p, " ", 1, 1);
	}
}

/* A trailing comment, written out: a block comment after a space, the
 * others when the line ends. */
void prettier_put_trailing(struct prettier *p, const struct prettier_tok *t, const char *s)
{
	if (t->flags & (PRETTIER_HARD | PRETTIER_SLASHES)) {
		defer_comment(p, t, s, p->depth);
		return;
	}
	prettier_put(p, " ", 1, 1);
	prettier_put_comment(p, t, s);
}

/* The element coming in the innermost expanded container: the comma after
 * the one before, a blank line if one stood before it, its line. */
void prettier_begin_element(struct prettier *p, struct prettier_level *l, unsigned flags)
{
	if (l->count > 0) {
		prettier_put(p, ",", 1, 1);
		if (flags & PRETTIER_BLANK)
			prettier_line_end(p);
	}
	prettier_newline(p, p->depth);
	l->count++;
}

/* A value is written whole: a member's value broken after its colon
 * leaves its indentation. */
void prettier_value_done(struct prettier *p)
{
	if (p->depth && p->level[p->depth - 1].indent_only)
		p->depth--;
}

/* The innermost expanded container closes. */
void prettier_close_level(struct prettier *p)
{
	struct prettier_level *l = &p->level[p->depth - 1];
	int object = l->object;

	if (l->numbers && l->count > 0)
		prettier_fill(p, l, 1);
	else if (l->count > 0 && p->style.trailing_comma)
		prettier_put(p, ",", 1, 1);
	p->depth--;
	prettier_newline(p, p->depth);
	prettier_put(p, object ? "}" : "]", 1, 1);
	p->after_key = 0;
	prettier_value_done(p);
}

/* A container is written expanded from here: its bracket, its level. */
void prettier_open_level(struct prettier *p, int object)
{
	prettier_put(p, object ? "{" : "[", 1, 1);
	p->level = xgrow_array(p->level, &p->level_cap, p->depth + 1, sizeof *p->level);
	p->level[p->depth++] = (struct prettier_level){
		.object = (unsigned char)object,
		.numbers = (unsigned char)(!object && !p->style.expand_all),
	};
}
