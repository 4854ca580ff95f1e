/* between.h - the rule for what may stand between two top-level values:
 * after a value, only white space and (with --comments) comments may
 * follow on its line; the next value starts on a later line.
 *
 * The check runs over the bytes after a value ends, and goes on across
 * reads until it meets the newline (or an offending byte).
 */
#ifndef JFMT_BETWEEN_H
#define JFMT_BETWEEN_H

#include <stddef.h>

struct between {
	enum between_state {
		BETWEEN_DONE,           /* no value pending, or newline seen */
		BETWEEN_BLANK,          /* only white space so far */
		BETWEEN_SLASH,          /* a '/' that may start a comment */
		BETWEEN_LINE,           /* inside a // comment */
		BETWEEN_BLOCK,          /* inside a block comment */
		BETWEEN_BLOCK_STAR,     /* ... just after a '*' */
	} state;
	int comments;                   /* comments allowed */
};

/** Ready for a new input; `comments` allows comments between values. */
void between_init(struct between *b, int comments);

/** Whether a check is under way (a value ended, and no newline yet). */
static inline int between_pending(const struct between *b)
{
	return b->state != BETWEEN_DONE;
}

/**
 * A value has ended (b->state may be BETWEEN_DONE) and p[0..n) follows it,
 * or the check is pending and p[0..n) is the next read.  Returns NULL when
 * fine or undecided, else the message, with *bad set to the offending
 * byte's offset in p.
 */
const char *between_check(struct between *b, const unsigned char *p, size_t n, size_t *bad);

#endif
