/* placement.c - the input's comments written where they stood.  See
 * placement.h. */
#include "layout/placement.h"

#include <string.h>

#include "layout/pieces.h"

static const char msg_star_slash[] =
	"a // comment holding */ cannot be written in compact output (-c); "
	"use --strip-comments to drop comments";

static size_t take(struct formatter *f, const struct sink_comment **c)
{
	return f->hooks->comments(f->hooks->ctx, c);
}

/* Part of a comment's text, into the output or the capture of an object
 * being sorted. */
static void append_text(struct formatter *f, const char *p, size_t n)
{
	if (f->out != &f->output)
		sorter_text(&f->sort, p, n);
	else
		fbuffer_append(f->out, p, n);
}

/* A comment's text, each CR LF in it written as a line end alone: the
 * output's line ends are the --eol choice (base/fbuffer.h). */
static void put_text(struct formatter *f, const char *p, size_t n)
{
	const char *cr;

	while ((cr = memmem(p, n, "\r\n", 2)) != NULL) {
		size_t k = (size_t)(cr - p);
		append_text(f, p, k);
		p = cr + 1;
		n -= k + 1;
	}
	append_text(f, p, n);
}

/* Comment i of c, as its text; in compact output a // comment as a block
 * comment, as the output has no line for it to end.  Returns 0 if it
 * cannot be written.  (Only a block comment's text holds newlines, which
 * an object captured for sorting takes through sorter_text().) */
static int put(struct formatter *f, const struct sink_comment *c, size_t i)
{
	if (c[i].block || !f->opt->compact) {
		put_text(f, c[i].text, c[i].len);
		return 1;
	}
	const char *body = c[i].text + 2;
	size_t n = c[i].len - 2;
	if (memmem(body, n, "*/", 2)) {
		f->hooks->bad_comment(f->hooks->ctx, i, msg_star_slash);
		return 0;
	}
	fbuffer_append(f->out, "/*", 2);
	fbuffer_append(f->out, body, n);
	if (n > 0 && body[0] == ' ')
		fbuffer_append(f->out, " */", 3);
	else
		fbuffer_append(f->out, "*/", 2);
	return 1;
}

/* Whether a newline must follow comment c (a // comment, pretty). */
static int ends_line(const struct formatter *f, const struct sink_comment *c)
{
	return !c->block && !f->opt->compact;
}

/* The comments before a value at the top level, or after the last. */
static int top_comments(struct formatter *f)
{
	const struct sink_comment *c;
	size_t n = take(f, &c);
	int compact = f->opt->compact;

	for (size_t i = 0; i < n; i++) {
		if (f->top_line != TOP_NONE) {
			if (c[i].own_line && (f->top_line == TOP_DOC || !compact))
				fbuffer_append_char(f->out, STYLE_EOL);
			else if (!compact)
				fbuffer_append_char(f->out, ' ');
		}
		if (!put(f, c, i))
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
	if (!top_comments(f))
		return 0;
	/* compact output keeps the comments before a value on its line */
	if (f->top_line == TOP_DOC || (f->top_line == TOP_LEAD && !f->opt->compact))
		fbuffer_append_char(f->out, STYLE_EOL);
	f->top_line = TOP_NONE;
	return 1;
}

int place_element(struct formatter *f, int more, enum color_class cls, int member)
{
	const struct sink_comment *c;
	size_t n = take(f, &c), i = 0;
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
	/* What ends the line of the element before stays with it; before the
	 * first member of an object being sorted, there is none. */
	for (; i < n && !c[i].own_line && (more || !sorted) &&
	       (i == 0 || !ends_line(f, &c[i - 1])); i++) {
		if (!compact)
			fbuffer_append_char(f->out, ' ');
		if (!put(f, c, i))
			return 0;
	}
	size_t sep = f->out->len;
	if (!compact)
		layout_newline(f, f->depth, 0, GENERAL);
	if (sorted)
		sorter_member(&f->sort, sep);
	for (; i < n; i++) {
		if (!put(f, c, i))
			return 0;
		if (compact)
			continue;
		if (i + 1 < n && !c[i + 1].own_line && !ends_line(f, &c[i]))
			fbuffer_append_char(f->out, ' ');
		else
			layout_newline(f, f->depth, 0, GENERAL);
	}
	if (sorted)
		sorter_key(&f->sort);
	return 1;
}

int place_after_key(struct formatter *f)
{
	const struct sink_comment *c;
	size_t n = take(f, &c);

	for (size_t i = 0; i < n; i++) {
		if (!put(f, c, i))
			return 0;
		if (ends_line(f, &c[i]))
			layout_newline(f, f->depth, 0, GENERAL);
		else if (!f->opt->compact)
			fbuffer_append_char(f->out, ' ');
	}
	return 1;
}

int place_close(struct formatter *f)
{
	const struct sink_comment *c;
	size_t n = take(f, &c);
	unsigned char *st = &f->state[f->depth];
	int sorted = (*st & CONTAINER_SORTED) && (*st & CONTAINER_MEMBERS);

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
		if (!f->opt->compact) {
			if (own)
				layout_newline(f, f->depth, 0, GENERAL);
			else
				fbuffer_append_char(f->out, ' ');
		}
		if (!put(f, c, i))
			return 0;
	}
	if (n > 0)
		*st |= CONTAINER_MEMBERS;       /* not written as {} or [] */
	return 1;
}

int place_end(void *ctx)
{
	struct formatter *f = ctx;

	if (!top_comments(f))
		return 1;
	if (f->top_line != TOP_NONE)
		fbuffer_append_char(f->out, STYLE_EOL);
	f->top_line = TOP_NONE;
	return 0;
}
