/* jsonc.h - the reader's pass over the input with --comments (JSONC):
 * comments and trailing commas found and hidden from yajl, the comments
 * queued for the consumer; and blank lines queued among them when the
 * consumer keeps them (--blank-lines=keep, in JSON too).
 *
 * A read that holds a comment, or a comma that stands before a closing
 * bracket (after a value), is copied with each turned into spaces;
 * newlines stay, so yajl sees plain JSON at the very offsets of the
 * input, and messages still show the real text from the window.  A read
 * that holds neither is fed as it is.  The lines that hold neither are
 * passed a line at a time (jsonc_lines.h), the others a byte at a time.
 * The comments are queued with their input offsets, and taken by the
 * consumer at the event whose token follows them (jsonc_queue.h).
 *
 * What cannot be decided before the read ends (a comma whose next token
 * is not read yet, a comment not closed yet, a '/' as the last byte) is
 * held back: the reader feeds what comes before it, and passes it again
 * with more input after it.  At the end of the input, an unclosed block
 * comment or a lone '/' is an error at its first byte.
 *
 * In a text sequence (RFC 7464) an RS byte ends the record it is in
 * before anything is read of it, so it ends a comment too: a line comment
 * as a line end does, a block comment not closed yet as the end of the
 * input does (an error).  The records after it are read as they would
 * be alone, wherever the reads of the input end; a comment right after
 * the RS stands on a line of its own, as after a newline.
 */
#ifndef JFMT_JSONC_H
#define JFMT_JSONC_H

#include <stddef.h>

#include "base/fbuffer.h"
#include "base/sink.h"
#include "read/jsonc_linepass.h"
#include "read/jsonc_lines.h"
#include "read/jsonc_queue.h"
#include "report/window.h"

struct jsonc {
	int comments;                   /* JSONC: comments and trailing commas
					 * accepted; else JSON, only looked at
					 * for blank lines */
	int keep;                       /* queue the comments */
	int no_rs;                      /* a comment holding RS is an error */
	int seq;                        /* the input is a text sequence: an RS
					 * ends the record, and a comment in it */
	int no_shortcuts;               /* the referee's pass: a byte at a time */
	unsigned long long seen;        /* comments passed, queued or not */
	/* The state after what has been passed, carried to the next part. */
	int in_string, escaped;
	struct jsonc_line line;         /* ... and the line's (jsonc_linepass.h) */

	struct fbuffer copy;            /* the part as yajl sees it */
	struct lines_found found;       /* the plain stretch's lines */
	struct jsonc_queue queue;       /* what it found, for the consumer */
};
/** What jsonc_pass() made of a part of the input. */
struct jsonc_result {
	const unsigned char *p;         /* the part as yajl must see it, */
	size_t fed;                     /* this long: the rest is held back */
	const char *error;              /* or NULL: the input is wrong at */
	unsigned long long error_at;    /* this offset, after the part fed; */
	size_t bad_end;                 /* p[fed..bad_end) is the comment (or
					 * '/') at fault, blanked in the copy
					 * and passed: the next pass starts
					 * after it */
};

void jsonc_init(struct jsonc *j);
void jsonc_release(struct jsonc *j);

/**
 * A new input begins: JSONC if `comments`, else JSON (passed only for its
 * blank lines); `keep` queues its comments, `keep_blank` its blank lines
 * between tokens (one entry for a run of them, sink_comment.blank);
 * `no_rs` makes a comment that holds an RS byte an error (the output is
 * a text sequence, sink.writes_records).
 */
void jsonc_reset(struct jsonc *j, int comments, int keep, int keep_blank, int no_rs);

/** Queue an entry (sink_comment.line_break) where a line break follows an
 * object's '{' before its first key, or not.  Set after jsonc_reset(). */
static inline void jsonc_keep_breaks(struct jsonc *j, int on)
{
	j->line.keep_breaks = on;
	j->line.break_queued = 0;
	j->line.newlines = 0;
	j->line.comment_newlines = 2;
}

/** Pass JSONC a byte at a time, as the referee build does
 * (sink.no_shortcuts), or not.  Set after jsonc_reset(). */
static inline void jsonc_no_shortcuts(struct jsonc *j, int on)
{
	j->no_shortcuts = on;
}

/** The input is a text sequence, or not (it starts with RS). */
static inline void jsonc_set_seq(struct jsonc *j, int seq)
{
	j->seq = seq;
}

/**
 * Pass p[0..len), which starts at input offset `base` right after what
 * the last pass fed (or where it held back).  `at_end`: nothing follows.
 */
void jsonc_pass(struct jsonc *j, const unsigned char *p, size_t len,
		unsigned long long base, int at_end, struct jsonc_result *res);

#endif
