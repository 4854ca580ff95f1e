/* placement.h - where the input's comments go in the output (--comments).
 *
 * The formatter writes each comment at the event whose token follows it
 * in the input, taking them from the reader through feed_hooks.comments;
 * only the GENERAL layout and --width's consumer call these.  --width's
 * takes them first (place_take()), to expand what holds them (width.h),
 * then hands them to the place_*_of() functions.  The rules (the man page says the
 * same):
 *  - a comment on a line of its own stays on a line of its own, indented
 *    at the depth where it stands; one after a value or a comma on the
 *    same line stays at the end of that line, after the comma;
 *  - block comments before an element on its line stay there: the line
 *    starts with them;
 *  - a comment between a bracket and the first member, or after the last,
 *    stays inside; a container that holds one is not written as {} or [];
 *    block comments alone on the opening bracket's line keep it on one
 *    line, as { comment };
 *  - a comment between a key and its value stays between them when the
 *    value is on the key's line; else the comments there go before the
 *    member, and the value on its key's line;
 *  - at the top level, a comment after a value on its line stays there,
 *    and one on a line of its own stays on its own line;
 *  - the lines of a block comment after its first move as many columns as
 *    its first: the blanks they start with are rewritten (spaces, or with
 *    --tab tabs then spaces), and a line with fewer loses them all.  A
 *    column counts characters, a tab going on to the next multiple of 8
 *    (sink.h), in the input and in the output alike.  For a comment after
 *    other text on its line, the move is that of the line's indentation;
 *  - blanks and carriage returns at the end of a comment's lines are left
 *    out; the rest of its text is written byte for byte (comment_text.h);
 *  - compact output (-c) writes every comment on the line where it falls,
 *    a // comment as a block comment, and a block comment's lines as they
 *    are; a // comment whose text holds a star-slash cannot be written so,
 *    and stops the parse;
 *  - with --sort-keys a comment travels with the member that follows it,
 *    or with the one before it when it ends that member's line; one on
 *    a line of its own after the last member stays at the end.
 * With --blank-lines=keep, blank lines between two elements, or next to a
 * comment, become one; none stays after an opening bracket or before a
 * closing one.
 */
#ifndef JFMT_PLACEMENT_H
#define JFMT_PLACEMENT_H

#include <stddef.h>

#include "layout/formatter.h"

/* Each writes the comments that come before the event at hand and what
 * goes with them, and returns 1 to go on, 0 to stop the parse. */

/**
 * The comments before the event at hand, from the reader (c[0..n), valid
 * until the next call), without the blank lines among them, which become
 * marks (sink_comment.blank, and one for the token).
 */
size_t place_take(struct formatter *f, const struct sink_comment **c);

/** Whether the place_element_of() of the comments c[0..n) just taken, or
 * of none, writes any: a comment, or a blank line. */
int place_writes(const struct formatter *f, size_t n, int more);

/** Before a value at the top level. */
int place_top(struct formatter *f);

/**
 * Before an element of the open container (after another if `more`), in
 * place of its separator, the comments c[0..n) taken: `cls` colours the
 * comma; `member`: an object's member, whose key is written next (for
 * --sort-keys).
 */
int place_element_of(struct formatter *f, int more, enum color_class cls, int member,
		     const struct sink_comment *c, size_t n);

/** place_element_of() of the comments taken now. */
static inline int place_element(struct formatter *f, int more, enum color_class cls, int member)
{
	const struct sink_comment *c;
	size_t n = place_take(f, &c);

	return place_element_of(f, more, cls, member, c, n);
}

/** place_element() of no comment and no blank line, before a member:
 * its separator alone. */
int place_separator(struct formatter *f, int more, enum color_class cls);

/**
 * Where a member's key and colon go when written (by the callbacks, from
 * its separator on): they are held there until its value comes, as the
 * comments between the two may go before the key.  Owned by the formatter.
 */
struct fbuffer *place_key_text(struct formatter *f);

/** Before a member's value: its key and colon, and the comments c[0..n)
 * taken, which stand between them and the value, each where it goes. */
int place_after_key_of(struct formatter *f, const struct sink_comment *c, size_t n);

/** place_after_key_of() of the comments taken now. */
static inline int place_after_key(struct formatter *f)
{
	const struct sink_comment *c;
	size_t n = place_take(f, &c);

	return place_after_key_of(f, c, n);
}

/** Before the open container's closing bracket, the comments c[0..n)
 * taken. */
int place_close_of(struct formatter *f, const struct sink_comment *c, size_t n);

/** place_close_of() of the comments taken now. */
static inline int place_close(struct formatter *f)
{
	const struct sink_comment *c;
	size_t n = place_take(f, &c);

	return place_close_of(f, c, n);
}

/** The input has ended (sink.end_input): what is left, and the last
 * line's end.  Returns 0, or nonzero to stop. */
int place_end(void *ctx);

#endif
