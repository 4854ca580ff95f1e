/* jsonc_comment.h - one JSONC comment as the comment pass (jsonc.c) meets
 * it, judged by its bytes alone: where it ends, and whether jfmt can take
 * it or, if not, the message that says why.
 *
 * A // comment ends before its line end: a line feed, or a carriage
 * return, alone or before one (as VS Code reads JSONC; report/window.c
 * ends it the same way).  A block comment ends after its closing star
 * and slash.  In a text sequence an RS byte ends the record it is in, so
 * it ends either kind first: a line comment as a line end does, a block
 * comment not closed yet as the end of the input does (an error), where
 * report/window.c, which knows no records, reads on.
 */
#ifndef JFMT_JSONC_COMMENT_H
#define JFMT_JSONC_COMMENT_H

#include <stddef.h>

/* What a '/' turned out to be. */
enum jsonc_comment_verdict {
	JSONC_COMMENT_TAKEN,            /* a comment jfmt can take */
	JSONC_COMMENT_HELD,             /* undecided until more input comes */
	JSONC_COMMENT_BAD,              /* a comment jfmt cannot read or write,
					 * or a '/' that starts none */
};

/** What jsonc_comment_read() found at a '/'. */
struct jsonc_comment {
	enum jsonc_comment_verdict verdict;
	size_t end;                     /* TAKEN, BAD: where it ends in the part */
	const char *error;              /* BAD: the message, */
	size_t error_at;                /* ... about this byte of the part */
};

/**
 * The '/' at p[i] of the part p[0..len) of the input; `at_end`: nothing
 * follows the part.  `seq`: the input is a text sequence (an RS ends the
 * comment); `no_rs`: a comment that holds an RS byte is bad, as it would
 * be written into a text sequence.
 *
 * The '/' is held if the part ends before it can be told whether it
 * starts a comment, or before the comment's end; at the end of the input,
 * that is bad at the '/' instead.  A comment that an RS ends before its
 * close is bad at its '/', one holding bytes that are not UTF-8 at the
 * first of them, one holding an RS with `no_rs` at the RS.
 */
struct jsonc_comment jsonc_comment_read(const unsigned char *p, size_t len, size_t i,
					int at_end, int seq, int no_rs);

#endif
