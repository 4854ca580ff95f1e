/* prettier_parts.h - the parts of --style=prettier's engine (prettier.h)
 * and what each gives the others: prettier_tokens.c takes the tokens in and
 * decides what is held (the front) and placed; prettier_place.c places a
 * token with nothing held; prettier_out.c writes what
 * is decided, with comments, line breaks and the expanded containers'
 * brackets, and a front that fits on its one line; prettier_fill.c lays
 * out an expanded array of numbers as prettier's fill() does.  For those
 * four files only.
 */
#ifndef JFMT_PRETTIER_PARTS_H
#define JFMT_PRETTIER_PARTS_H

#include "width/prettier.h"

/* A held token's text. */
static inline const char *prettier_text(const struct prettier *p, const struct prettier_tok *t)
{
	return p->text.ptr + t->off;
}

/* --- prettier_tokens.c --- */

/** The front begins with the opening bracket t, tok[at]. */
void prettier_start_front(struct prettier *p, const struct prettier_tok *t, size_t at);

/* --- prettier_place.c --- */

/** Place a token with nothing held: in the innermost expanded container,
 * or at the top level; `at` is its index in tok[], if it is there. */
void prettier_place(struct prettier *p, const struct prettier_tok *t, const char *s, size_t at);

/* --- prettier_out.c --- */

/** Write s[0..n), `cols` columns. */
void prettier_put(struct prettier *p, const char *s, size_t n, size_t cols);

/** A line break and the indentation of `depth` levels, after what waits
 * for the line's end (trailing // comments). */
void prettier_newline(struct prettier *p, size_t depth);

/** A comment where the output stands; a leading one and what follows it
 * (a space, or a line break unless `flat` and it may be a space); a
 * trailing one, now or when the line ends. */
void prettier_put_comment(struct prettier *p, const struct prettier_tok *t, const char *s);
void prettier_put_leading(struct prettier *p, const struct prettier_tok *t, const char *s,
			  int flat);
void prettier_put_trailing(struct prettier *p, const struct prettier_tok *t, const char *s);

/** The element coming in the expanded container `l`: the comma after the
 * one before, a blank line if `flags` says one stood before it, its line. */
void prettier_begin_element(struct prettier *p, struct prettier_level *l, unsigned flags);

/** The front fits: its one line, tok[front, front_end), to the output
 * (as the held containers' bookkeeping says nothing of it any more, their
 * records are reused to count elements again). */
void prettier_write_line(struct prettier *p);

/** The front fits, and holds numbers alone, as its line (prettier.h,
 * line_numbers): "[", that line, "]" to the output. */
void prettier_write_numbers(struct prettier *p);

/** A container is written expanded from here: its bracket, its level. */
void prettier_open_level(struct prettier *p, int object);

/** The innermost expanded container closes. */
void prettier_close_level(struct prettier *p);

/** A value is written whole (a member's value broken after its colon
 * leaves its indentation). */
void prettier_value_done(struct prettier *p);

/* --- prettier_fill.c --- */

/** Whether an array of numbers holding t is still filled. */
int prettier_fills(const struct prettier_tok *t);

/** The tokens held by the expanded array `l` placed one element a line:
 * it holds something that is not a number. */
void prettier_one_a_line(struct prettier *p, struct prettier_level *l);

/** Fill the elements held by `l`: all of them if it is `closing`, else
 * all but the last, which stays held. */
void prettier_fill(struct prettier *p, struct prettier_level *l, int closing);

/** The tokens held by `l` outgrow the output's hold: fill what can be,
 * hold the last element alone. */
void prettier_fill_bounded(struct prettier *p, struct prettier_level *l);

#endif
