/* jsonc_linepass.c - the entries a line queues, and the comment pass a line
 * at a time: JSON, and the plain stretches of JSONC.  See jsonc_linepass.h. */
#include "read/jsonc_linepass.h"

#include <string.h>

#include "base/sink.h"

void jsonc_queue_blank(struct jsonc_line *l, unsigned long long at)
{
	/* where prettier sees it: the line right after a value's, or right
	 * after a comma's */
	int after = (l->value_newlines == 1 ? SINK_AFTER_VALUE : 0) |
		    (l->last == ',' && l->newlines == 1 ? SINK_AFTER_COMMA : 0) |
		    (l->comment_newlines == 1 ? SINK_AFTER_COMMENT : 0);

	if (l->blank_queued || (l->keep_breaks && !after))
		return;
	l->blank_queued = 1;
	jsonc_queue_add(l->queue, &(struct jsonc_entry){
		.at = at, .own_line = 1, .line_ends = 1, .blank = 1, .after = after,
		.prev = l->last,
	}, "", 0);
}

void jsonc_queue_break(struct jsonc_line *l, unsigned long long at)
{
	l->break_queued = 1;
	jsonc_queue_add(l->queue, &(struct jsonc_entry){
		.at = at, .line_break = 1, .prev = l->last,
	}, "", 0);
}

/* The line p[s..nl), its newline at p[nl]: its last token, then its end
 * (p starts at input offset `base`). */
LINE_INLINE void pass_line(struct jsonc_line *l, const unsigned char *p, size_t s, size_t nl,
			   unsigned long long base)
{
	pass_line_part(l, p + s, nl - s);
	line_ends_at(l, base + nl);
}

/*
 * JSON, not JSONC: pass p[0..len) a line at a time, as nothing but line
 * ends matters to blank lines and line breaks, and a line's last token is
 * its last byte that is not white space (JSON holds no line end in a
 * string, and the string state matters to comments alone).
 * --style=prettier over twitter.json: 66.1 M instructions in all with the
 * byte loop, 41.0 M so.
 */
void jsonc_pass_lines(struct jsonc_line *l, const unsigned char *p, size_t len,
		      unsigned long long base)
{
	const unsigned char *s = p, *end = p + len, *nl;

	while ((nl = memchr(s, '\n', (size_t)(end - s))) != NULL) {
		pass_line(l, p, (size_t)(s - p), (size_t)(nl - p), base);
		s = nl + 1;
	}
	pass_line_part(l, s, (size_t)(end - s));
}

/* Where the line that ends at p[q] starts: after the last newline in
 * p[from..q), or at from. */
static size_t line_start(const unsigned char *p, size_t from, size_t q)
{
	const unsigned char *nl = memrchr(p + from, '\n', q - from);

	return nl ? (size_t)(nl - p) + 1 : from;
}

/*
 * Pass the whole lines of p[from..to) (p[to - 1] is a newline), which
 * follow the first line of a plain stretch and queue nothing: no blank
 * line and none that '{' ends.  Each line's pass_line() sets the state
 * afresh, so the last line alone leaves what all of them would: but the
 * counts of line ends, which only matter while they are 1.  The last line leaves
 * value_newlines 1 if it holds more than commas, as all would, else at
 * least 2, as all would; comment_newlines at least 2, as all would, as
 * the first line left it at least 1.
 */
static void pass_quiet_lines(struct jsonc_line *l, const unsigned char *p, size_t from, size_t to,
			     unsigned long long base)
{
	size_t nl = to - 1;

	pass_line(l, p, line_start(p, from, nl), nl, base);
}

/* The newline that ends the first line of p[from..to) whose last byte
 * that is not white space is '{', or LINES_NONE (p[to] is a newline).  A
 * '{' in a string is followed by more of the string. */
static size_t open_line_end(const unsigned char *p, size_t from, size_t to)
{
	const unsigned char *o;

	while (from < to && (o = memchr(p + from, '{', to - from)) != NULL) {
		size_t t = (size_t)(o - p) + 1;
		while (line_white(p[t]))
			t++;
		if (p[t] == '\n')
			return t;
		from = t;
	}
	return LINES_NONE;
}

/*
 * JSONC: pass p[i..e), which lines_plain_end() found plain, as
 * jsonc_pass_lines() passes JSON: its whole lines, then the start of one
 * more, whose columns are its bytes (no tab, carriage return or byte
 * beyond ASCII) and which ends outside a string.  Of its whole lines
 * before its first blank line, only the first, those that '{' ends (with
 * keep_breaks) and the last are passed: the others queue nothing, and
 * what they leave the last one sets again (pass_quiet_lines()); from the
 * blank line on, each line is (a file with a blank line after each
 * member so takes no more than with each line passed).  The byte loop
 * took 15 instructions a byte of citm_catalog.json: --style=prettier
 * took 116.4 M in all with it alone, 97.5 M with each line passed (76.4 M
 * with later work), 74.1 M so (with the scan's carry-less multiply); and
 * --comments 76.5 M, 72.7 M.  A memchr() a line was most of it.
 */
void jsonc_pass_plain(struct jsonc_line *l, const struct lines_found *f,
		      const unsigned char *p, size_t i, size_t e, unsigned long long base)
{
	size_t done = i, last_nl = LINES_NONE, n, lead = 0;

	if (e > i && p[e - 1] == '\n')
		last_nl = e - 1;
	else if (f->line > i && f->line <= e)   /* e is inside the last line */
		last_nl = f->line - 1;
	if (last_nl != LINES_NONE) {
		size_t nl = f->first_newline, q, quiet_to = last_nl + 1;
		if (nl == LINES_NONE)
			nl = (size_t)((const unsigned char *)memchr(p + i, '\n', e - i) - p);
		pass_line(l, p, i, nl, base);
		done = nl + 1;
		/* lines looked at a few up to the first blank one, each from
		 * there (the last line before it is passed, which sets the
		 * flags of its entry) */
		if (f->first_blank != LINES_NONE)
			quiet_to = line_start(p, done, f->first_blank);
		while (l->keep_breaks && quiet_to > done &&
		       (q = open_line_end(p, done, quiet_to - 1)) != LINES_NONE) {
			pass_line(l, p, line_start(p, done, q), q, base);
			done = q + 1;
		}
		if (quiet_to > done) {
			pass_quiet_lines(l, p, done, quiet_to, base);
			done = quiet_to;
		}
		if (last_nl >= done)
			jsonc_pass_lines(l, p + done, last_nl + 1 - done, base + done);
		done = last_nl + 1;
	}
	if (done == e)
		return;
	const unsigned char *s = p + done;
	n = e - done;
	while (lead < n && s[lead] == ' ')
		lead++;
	if (lead < n && l->line_blank)
		l->indent = l->column + lead;
	pass_line_part(l, s, n);
	l->column += n;
}
