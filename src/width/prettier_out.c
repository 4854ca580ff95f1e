/* prettier_out.c - --style=prettier's engine writing out what it decided:
 * text and columns, line breaks and indentation, comments (those that
 * wait for a line's end among them), the brackets and commas of the
 * expanded containers, and a container that fits, on its one line.  See
 * prettier_parts.h. */
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
	int comma = l->count > 0;

	l->count++;
	if (comma && !(flags & PRETTIER_BLANK) && !p->suffix.len) {
		/* the comma and the line break in one copy, as nothing goes
		 * between them: canada.json, whose pairs of numbers each begin
		 * an element, 112.1 M instructions to 110.5 M; citm_catalog.json
		 * 80.1 M to 79.8 M */
		style_newline(p->style.layout, p->out, p->depth, 1);
		p->col = p->depth * p->style.indent_cols;
		return;
	}
	if (comma) {
		prettier_put(p, ",", 1, 1);
		if (flags & PRETTIER_BLANK)
			prettier_line_end(p);
	}
	prettier_newline(p, p->depth);
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
	fbuffer_append_char(p->out, object ? '}' : ']');
	p->col++;
	p->after_key = 0;
	prettier_value_done(p);
}

/* --- A front on one line --- */

/* Where prettier_write_line() writes the front's line: straight into room
 * reserved in the output, or, for a line longer than a reserve (or in the
 * referee build), through fbuffer_append().  The same bytes either way. */
struct line_out {
	struct fbuffer *fb;
	char *d;                /* the reserved room, or NULL */
};

/* The most a held token adds to its text on the line: ", " before it and
 * ": " after a key, or " " and a closing bracket. */
#define LINE_PUNCT_MAX 4

static inline void line_put(struct line_out *o, const char *s, size_t n)
{
	if (!o->d) {
		fbuffer_append(o->fb, s, n);
	} else if (n <= FBUFFER_COPY_WIDTH) {
		fbuffer_copy_small(o->d, s, n);
		o->d += n;
	} else {
		memcpy(o->d, s, n);
		o->d += n;
	}
}

static inline void line_put_char(struct line_out *o, char c)
{
	if (o->d)
		*o->d++ = c;
	else
		fbuffer_append_char(o->fb, c);
}

/*
 * prettier_write_line() for a front that holds neither a container nor a
 * comment, into room reserved at d, returning the end: its bracket, its
 * tokens with ", " before each element but the first and ": " after each
 * key, its bracket.  The bytes of the loop there, without its
 * bookkeeping; canada.json, whose fronts are nearly all two numbers, took
 * 131.0 M instructions, not 137.1 M.
 */
static char *write_plain_front(struct prettier *p, char *d)
{
	const struct prettier_tok *t = &p->tok[p->front], *end = &p->tok[p->front_end - 1];
	int object = t->kind == PRETTIER_OPEN_OBJECT;
	int spacing = object && p->style.bracket_spacing && end - t > 1;
	char *start = d;

	*d++ = object ? '{' : '[';
	if (spacing)
		*d++ = ' ';
	for (t++; t < end; t++) {
		const char *s = prettier_text(p, t);
		if (t->kind != PRETTIER_KEY && object) {
			/* a member's value: after its key's colon */
		} else if (d - start > 1 + spacing) {
			d[0] = ',';
			d[1] = ' ';
			d += 2;
		}
		if (t->len <= FBUFFER_COPY_WIDTH)
			fbuffer_copy_small(d, s, t->len);
		else
			memcpy(d, s, t->len);
		d += t->len;
		if (t->kind == PRETTIER_KEY) {
			d[0] = ':';
			d[1] = ' ';
			d += 2;
		}
	}
	if (spacing)
		*d++ = ' ';
	*d++ = object ? '}' : ']';
	return d;
}

/* The front's one line when it holds numbers alone, as its text:
 * "[1, 2, 3]". */
void prettier_write_numbers(struct prettier *p)
{
	const char *s = p->text.ptr + p->line_at;
	size_t n = p->text.len - p->line_at;

	if (fbuffer_can_reserve(p->out, n + 2)) {
		fbuffer_reserve(p->out, n + 2);
		char *d = fbuffer_cursor(p->out);
		d[0] = '[';
		memcpy(d + 1, s, n);
		d[n + 1] = ']';
		fbuffer_advance(p->out, n + 2);
	} else {
		fbuffer_append_char(p->out, '[');
		fbuffer_append(p->out, s, n);
		fbuffer_append_char(p->out, ']');
	}
}

/* The front's one line, tok[front, front_end): reserving the room once
 * and copying each token without a call took canada.json, nearly all of
 * it short arrays written on one line, from 140.5 M to 138.7 M
 * instructions. */
void prettier_write_line(struct prettier *p)
{
	size_t depth = 0;
	int spacing = p->style.bracket_spacing;
	struct line_out o = { p->out, NULL };
	size_t bound = p->text.len - p->tok[p->front].off +
		       LINE_PUNCT_MAX * (p->front_end - p->front);

	if (p->style.quick && fbuffer_can_reserve(p->out, bound)) {
		fbuffer_reserve(p->out, bound);
		o.d = fbuffer_cursor(p->out);
	}
	if (o.d && p->front_plain) {
		fbuffer_advance(p->out, (size_t)(write_plain_front(p, o.d) - o.d));
		return;
	}
	/* the held containers' bookkeeping is free again: reuse it */
	for (size_t i = p->front; i < p->front_end; i++) {
		const struct prettier_tok *t = &p->tok[i];
		struct prettier_held *h = depth ? &p->held[depth - 1] : NULL;

		if (h && t->kind != PRETTIER_CLOSE && t->kind != PRETTIER_TRAILING &&
		    t->kind != PRETTIER_DANGLING && !h->after_key) {
			if (h->count > 0)
				line_put(&o, ", ", 2);
			else if (h->object && spacing)
				line_put_char(&o, ' ');
			h->count++;
		}
		switch (t->kind) {
		case PRETTIER_LEADING:      /* inline: a block comment */
			line_put(&o, prettier_text(p, t), t->len);
			line_put_char(&o, ' ');
			if (h)
				h->after_key = 1;
			break;
		case PRETTIER_TRAILING:
			line_put_char(&o, ' ');
			line_put(&o, prettier_text(p, t), t->len);
			break;
		case PRETTIER_DANGLING:
			line_put(&o, prettier_text(p, t), t->len);
			break;
		case PRETTIER_KEY:
			line_put(&o, prettier_text(p, t), t->len);
			line_put(&o, ": ", 2);
			h->after_key = 1;
			break;
		case PRETTIER_SCALAR:
		case PRETTIER_NUMBER:
			line_put(&o, prettier_text(p, t), t->len);
			if (h)
				h->after_key = 0;
			break;
		case PRETTIER_OPEN_ARRAY:
		case PRETTIER_OPEN_OBJECT:
			if (h)
				h->after_key = 0;
			line_put_char(&o, t->kind == PRETTIER_OPEN_OBJECT ? '{' : '[');
			if (FB_UNLIKELY(depth == p->held_cap))
				p->held = xgrow_array(p->held, &p->held_cap, depth + 1,
						      sizeof *p->held);
			p->held[depth++] = (struct prettier_held){
				.object = t->kind == PRETTIER_OPEN_OBJECT };
			break;
		case PRETTIER_CLOSE:
			depth--;
			if (h->object && h->count && spacing)
				line_put_char(&o, ' ');
			line_put_char(&o, h->object ? '}' : ']');
			break;
		}
	}
	if (o.d)
		fbuffer_advance(p->out, (size_t)(o.d - fbuffer_cursor(p->out)));
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
