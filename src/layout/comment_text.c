/* comment_text.c - a comment's own text written at a column: its later
 * lines moved, the blanks ending its lines left out, and in compact
 * output a // comment as a block comment.  See comment_text.h. */
#include "layout/comment_text.h"

#include <string.h>

#include "base/fbuffer.h"

static const char msg_star_slash[] =
	"a // comment holding */ cannot be written in compact output (-c); "
	"use --strip-comments to drop comments";

static int is_blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* p[0..n) to the output, or to the capture of an object being sorted,
 * where a newline in it is noted as one (sorter_text()); returns the
 * column after it, from column `col`. */
static size_t emit(struct formatter *f, const char *p, size_t n, size_t col)
{
	if (f->out != &f->output)
		sorter_text(&f->sort, p, n);
	else
		fbuffer_append(f->out, p, n);
	for (size_t i = 0; i < n; i++)
		col = sink_column_after(col, (unsigned char)p[i]);
	return col;
}

/* The length of p[0..n) without the blanks at its end.  Carriage
 * returns there go with them: the output's line end is LF or the --eol
 * choice (base/fbuffer.h), and a CR kept would be read as part of a CRLF
 * the next time, one fewer each run. */
static size_t trimmed(const char *p, size_t n)
{
	while (n > 0 && (is_blank(p[n - 1]) || p[n - 1] == '\r'))
		n--;
	return n;
}

/* Blanks up to column `to` from column 0: with --tab, tabs, then spaces
 * for what is left over. */
static void emit_blanks(struct formatter *f, size_t to)
{
	static const char spaces[] = "        ", tabs[] = "\t\t\t\t\t\t\t\t";
	size_t n = 0;

	if (f->opt->indent_char == '\t')
		for (size_t k = to / SINK_TAB_COLUMNS; k > 0; k -= n) {
			n = k < sizeof tabs - 1 ? k : sizeof tabs - 1;
			emit(f, tabs, n, 0);
		}
	for (size_t k = f->opt->indent_char == '\t' ? to % SINK_TAB_COLUMNS : to; k > 0; k -= n) {
		n = k < sizeof spaces - 1 ? k : sizeof spaces - 1;
		emit(f, spaces, n, 0);
	}
}

/* A line after the first of block comment c, p[0..n) without its line
 * end, moved `shift` columns: the blanks it starts with are rewritten
 * when it moves, and none are left at its end (`last`: the line holding
 * the close, kept whole).  Returns the column after it. */
static size_t emit_later_line(struct formatter *f, const char *p, size_t n, long long shift,
			      int last)
{
	size_t b = 0, width = 0;

	if (!last)
		n = trimmed(p, n);
	if (n == 0)             /* nothing but blanks: an empty line */
		return 0;
	while (is_blank(p[b]))
		width = sink_column_after(width, (unsigned char)p[b++]);
	if (shift == 0)
		return emit(f, p, n, 0);
	long long to = (long long)width + shift;
	emit_blanks(f, to > 0 ? (size_t)to : 0);
	return emit(f, p + b, n - b, to > 0 ? (size_t)to : 0);
}

/* Block comment c at column *col, its lines after the first moved as many
 * columns as its first; *col becomes the column after it. */
static void emit_block(struct formatter *f, const struct sink_comment *c, size_t *col)
{
	const char *p = c->text, *end = c->text + c->len;
	long long shift = f->opt->compact ? 0 : (long long)*col - (long long)c->column;
	const char *nl = memchr(p, '\n', c->len);

	if (nl == NULL) {
		*col = emit(f, p, c->len, *col);
		return;
	}
	for (int first = 1; nl != NULL; first = 0) {
		size_t n = (size_t)(nl - p);
		if (first)
			emit(f, p, trimmed(p, n), 0);
		else
			emit_later_line(f, p, n, shift, 0);
		/* a line end alone: the output's are the --eol choice
		 * (base/fbuffer.h) */
		emit(f, "\n", 1, 0);
		p = nl + 1;
		nl = memchr(p, '\n', (size_t)(end - p));
	}
	*col = emit_later_line(f, p, (size_t)(end - p), shift, 1);
}

int comment_write(struct formatter *f, const struct sink_comment *c, size_t i, size_t *col)
{
	if (c[i].block) {
		emit_block(f, &c[i], col);
		return 1;
	}
	size_t len = trimmed(c[i].text, c[i].len);
	if (!f->opt->compact) {
		*col = emit(f, c[i].text, len, *col);
		return 1;
	}
	const char *body = c[i].text + 2;
	size_t n = len - 2;
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
