/* jsonc_linepass.h - the comment pass's state within a line (jsonc.c), and
 * what it does at each line's end and with a line's last token: shared by
 * the byte loop and the passes a line at a time (jsonc_linepass.c), which
 * take JSON, and the plain stretches of JSONC (jsonc_lines.h), a line at
 * a time.  A line may queue an entry for the consumer: a blank line, or a
 * line break after '{'.
 */
#ifndef JFMT_JSONC_LINEPASS_H
#define JFMT_JSONC_LINEPASS_H

#include <stddef.h>

#include "read/jsonc_lines.h"
#include "read/jsonc_queue.h"

struct jsonc_line {
	struct jsonc_queue *queue;      /* where entries go */
	int keep_blank;                 /* queue blank lines as entries */
	int keep_breaks;                /* queue a line break after '{' */
	int blank_queued;               /* one is queued since the last token
					 * or comment */
	int break_queued;               /* one is queued since the last token */
	unsigned value_newlines;        /* ... since the last token not a comma */
	unsigned comment_newlines;      /* ... since the last comment queued */
	unsigned newlines;              /* line breaks since the last token: with
					 * keep_breaks, a blank line is queued
					 * only where prettier sees one
					 * (sink_comment.blank_after) */
	int line_blank;                 /* only white space since the line began */
	int awaiting;                   /* only white space since the last comment
					 * queued */
	size_t column, indent;          /* the column reached, and that of the
					 * line's first byte not white space */
	unsigned char last;             /* the last byte of the last token, or 0 */
};

/** A line of nothing but white space ends at input offset `at`: one entry
 * for a run of them, until the next token or comment (keep_blank). */
void jsonc_queue_blank(struct jsonc_line *l, unsigned long long at);

/** A line break follows an object's '{' (keep_breaks), at input offset
 * `at`: one entry, before its first key. */
void jsonc_queue_break(struct jsonc_line *l, unsigned long long at);

/* Inline, as is pass_line_part(): both are the work of each line
 * passed, and the calls cost citm_catalog.json 1.2 M instructions of 84.8
 * M with --style=prettier, 1.4 M of 77.9 M with --comments. */
#define LINE_INLINE static inline __attribute__((always_inline))

/** The end of a line: a blank one queued, the line breaks counted, one
 * after '{' queued. */
LINE_INLINE void line_ends_at(struct jsonc_line *l, unsigned long long at)
{
	if (l->line_blank && l->keep_blank && l->last != 0)
		jsonc_queue_blank(l, at);
	l->newlines++;
	l->value_newlines++;
	l->comment_newlines++;
	if (l->awaiting)        /* the last comment ends its line */
		jsonc_queue_last(l->queue)->line_ends = 1;
	l->awaiting = 0;
	if (l->keep_breaks && l->last == '{' && !l->break_queued)
		jsonc_queue_break(l, at);
	l->line_blank = 1;
	l->column = 0;
}

/** White space within a line. */
static inline int line_white(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/** The part of a line s[0..n), outside comments: its last token, if it
 * has one. */
LINE_INLINE void pass_line_part(struct jsonc_line *l, const unsigned char *s, size_t n)
{
	const unsigned char *q = s + n, *v;

	while (q > s && line_white(q[-1]))
		q--;
	if (q == s)
		return;
	l->last = q[-1];
	for (v = q; v > s && (line_white(v[-1]) || v[-1] == ','); v--)
		;
	l->newlines = 0;
	if (v > s)
		l->value_newlines = 0;
	l->line_blank = 0;
	l->awaiting = 0;
	l->blank_queued = 0;
	l->break_queued = 0;
}

/**
 * JSON, not JSONC, and no RS in it: pass p[0..len), which starts at input
 * offset `base`, a line at a time.  Strings do not matter: the pass ends
 * outside one.
 */
void jsonc_pass_lines(struct jsonc_line *l, const unsigned char *p, size_t len,
		      unsigned long long base);

/**
 * JSONC: pass p[i..e), which lines_plain_end() found plain, telling f of
 * it; p starts at input offset `base`.  The pass ends outside a string.
 */
void jsonc_pass_plain(struct jsonc_line *l, const struct lines_found *f,
		      const unsigned char *p, size_t i, size_t e, unsigned long long base);

#endif
