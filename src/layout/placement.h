/* placement.h - where the input's comments go in the output (--comments).
 *
 * The formatter writes each comment at the event whose token follows it
 * in the input, taking them from the reader through feed_hooks.comments;
 * only the GENERAL layout calls these.  The rules (the man page says the
 * same):
 *  - a comment on a line of its own stays on a line of its own, indented
 *    at the depth where it stands; one after a value or a comma on the
 *    same line stays at the end of that line, after the comma;
 *  - a comment between a bracket and the first member, or after the last,
 *    stays inside; a container that holds one is not written as {} or [];
 *  - a comment between a key and its value stays between them;
 *  - at the top level, a comment after a value on its line stays there,
 *    and one on a line of its own stays on its own line;
 *  - the text of a comment is written byte for byte: the lines of a block
 *    comment after its first are left as they are;
 *  - compact output (-c) writes every comment on the line where it falls,
 *    a // comment as a block comment; one whose text holds a star-slash
 *    cannot be written so, and stops the parse;
 *  - with --sort-keys a comment travels with the member that follows it,
 *    or with the one before it when it ends that member's line; one on
 *    a line of its own after the last member stays at the end.
 * Blank lines of the input are not kept.
 */
#ifndef JFMT_PLACEMENT_H
#define JFMT_PLACEMENT_H

#include <stddef.h>

#include "layout/formatter.h"

/* Each writes the comments that come before the event at hand and what
 * goes with them, and returns 1 to go on, 0 to stop the parse. */

/** Before a value at the top level. */
int place_top(struct formatter *f);

/**
 * Before an element of the open container (after another if `more`), in
 * place of its separator: `cls` colours the comma; `member`: an object's
 * member, whose key is written next (for --sort-keys).
 */
int place_element(struct formatter *f, int more, enum color_class cls, int member);

/** Before a member's value, after its key and colon. */
int place_after_key(struct formatter *f);

/** Before the open container's closing bracket. */
int place_close(struct formatter *f);

/** The input has ended (sink.end_input): what is left, and the last
 * line's end.  Returns 0, or nonzero to stop. */
int place_end(void *ctx);

#endif
