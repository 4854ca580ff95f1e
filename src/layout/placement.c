/* placement.c - the input's comments written where they stood.  See
 * placement.h. */
#include "layout/placement.h"

#include "layout/comment_text.h"
#include "layout/pieces.h"

size_t place_take(struct formatter *f, const struct sink_comment **c)
{
	const struct sink_comment *in;
	size_t n = f->hooks->comments(f->hooks->ctx, &in), k = 0;
	int blank = 0;

	f->blank_before_token = 0;
	*c = in;
	if (!f->opt->blank_lines)
		return n;       /* the reader hands on no blank lines */
	/* The blank lines become marks on what follows them.  (Never in
	 * compact output, the one place a comment's index goes back to the
	 * reader, in bad_comment.) */
	f->taken = xgrow_array(f->taken, &f->taken_cap, n + 1, sizeof *f->taken);
	for (size_t i = 0; i < n; i++) {
		if (in[i].blank) {
			blank = 1;
			continue;
		}
		f->taken[k] = in[i];
		f->taken[k++].blank = blank;
		blank = 0;
	}
	f->blank_before_token = blank;
	*c = f->taken;
	return k;
}

int place_writes(const struct formatter *f, size_t n, int more)
{
	/* blank lines alone: kept between two elements only */
	return n > 0 || (more && f->blank_before_token);
}

/* Before a line break to the next comment (c, or NULL: the token): an
 * empty line if blank lines stood before it, with --blank-lines=keep. */
static void blank_line(struct formatter *f, const struct sink_comment *c)
{
	if (c ? c->blank : f->blank_before_token)
		fbuffer_append_char(f->out, STYLE_EOL);
}

/* --- Columns --- */

/* The column of the indentation of `depth`: a tab of --tab is a tab stop's
 * width (sink.h). */
static size_t indent_column(const struct formatter *f, size_t depth)
{
	size_t per = (size_t)f->opt->indent;

	if (f->opt->indent_char == '\t')
		per *= SINK_TAB_COLUMNS;
	return depth * per;
}

/* A line at the open container's depth: returns its column. */
static size_t new_line(struct formatter *f)
{
	layout_newline(f, f->depth, 0, GENERAL);
	return indent_column(f, f->depth);
}

/* Where comment c goes after what stands before it on an output line
 * indented to column `indent`, whose text before it cannot be measured:
 * as far from the indentation as it was from its line's in the input. */
static size_t after_text(const struct sink_comment *c, size_t indent)
{
	return indent + (c->column >= c->indent ? c->column - c->indent : 0);
}

/* Whether a newline must follow comment c (a // comment, pretty). */
static int ends_line(const struct formatter *f, const struct sink_comment *c)
{
	return !c->block && !f->opt->compact;
}

/* Whether what follows comment c is on a later line of the input. */
static int breaks_line(const struct formatter *f, const struct sink_comment *c)
{
	return c->line_ends || ends_line(f, c);
}

/* A space after a comment that something follows on its line: *col is
 * past it. */
static void space(struct formatter *f, size_t *col)
{
	if (!f->opt->compact) {
		fbuffer_append_char(f->out, ' ');
		++*col;
	}
}

/* --- Where they go --- */

/* Whether nothing is written yet. */
static int output_start(const struct formatter *f)
{
	return f->output.written == 0 && f->output.len == 0;
}

/* The comments before a value at the top level (`before_value`), or after
 * the last. */
static int top_comments(struct formatter *f, int before_value)
{
	const struct sink_comment *c;
	size_t n = place_take(f, &c), col = 0;
	int compact = f->opt->compact;

	/* --seq: comments that begin the output begin its first record, so
	 * that it is read back as a text sequence (which starts with RS) */
	if (n > 0 && before_value && f->opt->seq && output_start(f)) {
		fbuffer_append_char(f->out, RECORD_SEPARATOR);
		f->record_open = 1;
	}
	for (size_t i = 0; i < n; i++) {
		if (f->top_line != TOP_NONE) {
			if (c[i].own_line && (f->top_line == TOP_DOC || !compact)) {
				fbuffer_append_char(f->out, STYLE_EOL);
				col = 0;
			} else if (!compact) {
				space(f, &col);
				/* after a value's last line, which is not indented */
				if (f->top_line == TOP_DOC)
					col = after_text(&c[i], 0);
			}
		} else {
			col = 0;
		}
		if (!comment_write(f, c, i, &col))
			return 0;
		if (c[i].own_line || f->top_line == TOP_NONE)
			f->top_line = TOP_LEAD;
		if (ends_line(f, &c[i])) {
			fbuffer_append_char(f->out, STYLE_EOL);
			f->top_line = TOP_NONE;
		}
	}
	return 1;
}

int place_top(struct formatter *f)
{
	if (!top_comments(f, 1))
		return 0;
	/* compact output keeps the comments before a value on its line, but
	 * a record separator to come (--seq) must begin one */
	int separator = f->opt->seq && !f->record_open;
	if (f->top_line == TOP_DOC ||
	    (f->top_line == TOP_LEAD && (!f->opt->compact || separator)))
		fbuffer_append_char(f->out, STYLE_EOL);
	f->top_line = TOP_NONE;
	return 1;
}

int place_separator(struct formatter *f, int more, enum color_class cls)
{
	f->blank_before_token = 0;
	return place_element_of(f, more, cls, 1, NULL, 0);
}

int place_element_of(struct formatter *f, int more, enum color_class cls, int member,
		     const struct sink_comment *c, size_t n)
{
	size_t i = 0, col = 0;
	int compact = f->opt->compact;
	int sorted = member && (f->state[f->depth] & CONTAINER_SORTED);

	if (more) {
		size_t at = f->out->len;
		if (layout_colored(f, GENERAL))
			write_token(f, cls, ",", 1, GENERAL);
		else
			fbuffer_append_char(f->out, STYLE_COMMA);
		if (sorted)
			sorter_comma(&f->sort, at, f->out->len - at);
	}
	/* What ends the line of the element before (or of the opening
	 * bracket) stays with it; before the first member of an object being
	 * sorted, there is none. */
	for (; i < n && !c[i].own_line && (more || !sorted) &&
	       (i == 0 || !ends_line(f, &c[i - 1])); i++) {
		space(f, &col);
		if (i == 0)
			col = after_text(&c[i], indent_column(f, f->depth - !more));
		if (!comment_write(f, c, i, &col))
			return 0;
	}
	size_t sep = f->out->len;
	/* (no blank line right after an opening bracket) */
	if (!compact && (more || i > 0))
		blank_line(f, i < n ? &c[i] : NULL);
	if (!compact)
		col = new_line(f);
	if (sorted)
		sorter_member(&f->sort, sep);
	/* The rest go on lines of their own, or before the element on its
	 * line when they stood so. */
	for (; i < n; i++) {
		if (!comment_write(f, c, i, &col))
			return 0;
		if (compact)
			continue;
		if (breaks_line(f, &c[i])) {
			blank_line(f, i + 1 < n ? &c[i + 1] : NULL);
			col = new_line(f);
		} else {
			space(f, &col);
		}
	}
	f->comment_col = col;
	return 1;
}

/* The key and colon that place_key_text() took, written now; with
 * --sort-keys the member's key starts here. */
static void put_key(struct formatter *f)
{
	if (f->state[f->depth] & CONTAINER_SORTED)
		sorter_key(&f->sort);
	fbuffer_append(f->out, f->key_text.ptr, f->key_text.len);
	f->key_text.len = 0;
}

struct fbuffer *place_key_text(struct formatter *f)
{
	f->key_text.len = 0;
	return &f->key_text;
}

int place_after_key_of(struct formatter *f, const struct sink_comment *c, size_t n)
{
	size_t col;
	int moved = 0;

	for (size_t i = 0; i < n && !f->opt->compact; i++)
		moved |= c[i].own_line || breaks_line(f, &c[i]);
	if (!moved) {
		/* on the key's line, as they stood */
		put_key(f);
		for (size_t i = 0; i < n; i++) {
			col = after_text(&c[i], indent_column(f, f->depth));
			if (!comment_write(f, c, i, &col))
				return 0;
			space(f, &col);
		}
		return 1;
	}
	/* The value goes on the key's line, and the comments before the
	 * member, as if they stood there; the last one stays on the key's
	 * line if the value stood on its line. */
	col = f->comment_col;
	for (size_t i = 0; i < n; i++) {
		if (!comment_write(f, c, i, &col))
			return 0;
		if (breaks_line(f, &c[i]))
			col = new_line(f);
		else
			space(f, &col);
	}
	put_key(f);
	return 1;
}

int place_close_of(struct formatter *f, const struct sink_comment *c, size_t n)
{
	size_t col = 0;
	unsigned char *st = &f->state[f->depth];
	int sorted = (*st & CONTAINER_SORTED) && (*st & CONTAINER_MEMBERS);
	/* block comments alone on the opening bracket's line keep the
	 * container on one line: { comment } */
	int one_line = !f->opt->compact && !(*st & CONTAINER_MEMBERS) && n > 0;

	for (size_t i = 0; i < n; i++)
		one_line &= c[i].block && !c[i].own_line;
	if (sorted)
		sorter_comma(&f->sort, f->out->len, 0);
	for (size_t i = 0; i < n; i++) {
		int own = c[i].own_line || (i > 0 && ends_line(f, &c[i - 1]));
		/* what ends the last member's line goes with it; the rest
		 * stays at the end */
		if (sorted && own) {
			sorter_tail(&f->sort);
			sorted = 0;
		}
		if (own && !f->opt->compact) {
			col = new_line(f);
		} else {
			space(f, &col);
			if (i == 0)
				col = after_text(&c[i], indent_column(f, f->depth -
								    !(*st & CONTAINER_MEMBERS)));
		}
		if (!comment_write(f, c, i, &col))
			return 0;
	}
	if (one_line)
		space(f, &col);
	else if (n > 0)
		*st |= CONTAINER_MEMBERS;       /* not written as {} or [] */
	return 1;
}

int place_end(void *ctx)
{
	struct formatter *f = ctx;

	if (!top_comments(f, 0))
		return 1;
	if (f->top_line != TOP_NONE)
		fbuffer_append_char(f->out, STYLE_EOL);
	f->top_line = TOP_NONE;
	/* the line is complete: the next input's reset must not drop it */
	fbuffer_commit(&f->output);
	return 0;
}
