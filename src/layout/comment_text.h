/* comment_text.h - writing one comment's own text (--comments), for
 * placement.c, which decides where it goes.  placement.h lists the rules
 * as the user sees them; the ones kept here are about the text itself:
 *  - the lines after the first move as many columns as the first did
 *    (not in compact output): the blanks they start with are rewritten,
 *    spaces or, with --tab, tabs then spaces;
 *  - blanks and carriage returns ending a line are left out, as the
 *    output's line end is LF or the --eol choice; the rest is written
 *    byte for byte;
 *  - in compact output a // comment is written as a block comment, as
 *    there is no line for it to end, and one whose text holds a
 *    star-slash cannot be written so.
 */
#ifndef JFMT_COMMENT_TEXT_H
#define JFMT_COMMENT_TEXT_H

#include <stddef.h>

#include "layout/formatter.h"

/**
 * Comment i of c[] at column *col, to the output or to the capture of
 * an object being sorted; *col becomes the column after it.  Returns 1,
 * or 0 when it cannot be written, after telling the reader why
 * (feed_hooks.bad_comment, with i).
 */
int comment_write(struct formatter *f, const struct sink_comment *c, size_t i, size_t *col);

#endif
