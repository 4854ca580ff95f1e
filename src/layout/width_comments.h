/* width_comments.h - --width with comments (--comments, or blank lines
 * kept): before each token of --width's consumer, the comments that stand
 * before it in the input, placed by the pretty layout's rules
 * (placement.h).  A container that holds a comment, or a blank line that
 * is kept, anywhere inside it is expanded, with every container around
 * it (width_expand_open(), width.h); the rest are laid out by width.  A
 * member's key waits in the formatter's key_text for its value, as the
 * comments between the two may go before it; it goes to the layout engine
 * when none do.  Comments count for no column.  Private to width_format.c,
 * which calls these only when format_places().
 */
#ifndef JFMT_WIDTH_COMMENTS_H
#define JFMT_WIDTH_COMMENTS_H

#include "layout/formatter.h"

/* Each returns 1 to go on, 0 to stop the parse (the hooks recorded why). */

/** Before a value: at the top level, in an array, or as a member's value
 * (its key, in key_text, is written first). */
int width_place_value(struct formatter *f);

/** Before a member's key, which is then written to place_key_text(). */
int width_place_key(struct formatter *f);

/** Before the closing bracket of the innermost open container (depth
 * f->depth). */
int width_place_close(struct formatter *f);

#endif
