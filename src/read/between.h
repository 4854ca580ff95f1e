/* between.h - the rule for what may stand between two top-level values.
 *
 * Values follow one another as jq reads them: separated by white space,
 * or by nothing where the boundary is plain (after ']', '}' or a string's
 * closing quote, or before '[', '{' or '"').  Two values that would run
 * together ("1true", "00", "1-2", "truefalse") are an error at the second.
 * yajl reads such input as two values, so the check is jfmt's: after a
 * number or word ends a top-level value, the next byte (maybe in the next
 * read) must be white space or an opening bracket or quote.
 */
#ifndef JFMT_BETWEEN_H
#define JFMT_BETWEEN_H

#include <stddef.h>

struct between {
	int pending;            /* a number or word just ended a value, and
				 * the byte after it has not been seen */
	int comments;           /* comments allowed: '/' may follow */
};

/** Ready for a new input; `comments` allows a comment to follow a value. */
void between_init(struct between *b, int comments);

/** Whether the byte after a value is still to be seen. */
static inline int between_pending(const struct between *b)
{
	return b->pending;
}

/* A number or a word (true, false, null) ends with one of these. */
static inline int between_is_bare(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z');
}

/** A value that ends with a bare byte ended; as between_value_end(). */
int between_bare_end(struct between *b, const unsigned char *p, size_t n);

/**
 * A top-level value has ended with the byte `last`, and p[0..n) follows it
 * (n may be 0 at the end of a read).  Returns 0 when fine or undecided,
 * 1 when p[0] touches the value.  Inline: most documents end with a
 * bracket, which nothing can touch.
 */
static inline int between_value_end(struct between *b, unsigned char last,
				    const unsigned char *p, size_t n)
{
	return between_is_bare(last) && between_bare_end(b, p, n);
}

/** The check is pending and p[0..n) is the next read: as above. */
int between_next(struct between *b, const unsigned char *p, size_t n);

#endif
