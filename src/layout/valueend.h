/* valueend.h - what the formatter tells the reader about where a
 * member's value ends (for the reader's messages): by the member_end
 * hook, or, for a value that lies in the input yajl parses, as a pointer
 * the reader takes after the parse.  For the formatter's callbacks
 * (pieces.h and the files that include it).
 */
#ifndef JFMT_VALUEEND_H
#define JFMT_VALUEEND_H

#include <stdint.h>

#include "layout/formatter.h"

/* Whether yajl's string or number s lies in the input it parses (sink.h):
 * then it holds nothing to escape, and can be read past its end. */
static inline int in_input(const struct formatter *f, const unsigned char *s)
{
	return (uintptr_t)s - (uintptr_t)f->input < f->input_len;
}

/* Whether the string or key s, as yajl hands it, must be written from its
 * raw text (hooks->raw_string), as f->raw_check says.  A string is its own
 * raw text when it lies in the text yajl parses, as yajl copies out only
 * one that held escapes or was cut by a read.  One test when no string
 * is (as before there was RAW_ESCAPED): a second cost -S 55K
 * instructions on twitter.json (0.28%). */
static inline int needs_raw(const struct formatter *f, const unsigned char *s)
{
	return FB_UNLIKELY(f->raw_check) &&
	       ((f->raw_check & RAW_EVERY) ||
		(!in_input(f, s) && (uintptr_t)s - (uintptr_t)f->replay >= f->replay_len));
}

/* After a value inside an object: tell the reader (for its messages). */
static inline int member_done(struct formatter *f)
{
	f->member_end = NULL;   /* the reader has a later one */
	return f->hooks->member_end(f->hooks->ctx);
}

/* The same for a value that ends at `end` in the input (sink.set_input):
 * the reader takes it after the parse (sink.take_member_end).  A call per
 * member cost 22 instructions: 6% of what jfmt -c adds to a yajl parse of
 * 20,000 lines of NDJSON. */
static inline int member_done_at(struct formatter *f, const unsigned char *end)
{
	f->member_end = end;
	return 1;
}

#endif
