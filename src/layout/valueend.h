/* valueend.h - what the formatter tells the reader about where a
 * member's value or a document ends (for the reader's messages and the
 * rule between values): by the member_end and value_end hooks, or, for a
 * value that lies in the input yajl parses, as a pointer the reader takes
 * after the parse.  For the formatter's callbacks (pieces.h and the files
 * that include it).
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

/* --- Literals and documents, told the same way ---
 *
 * yajl gives no pointer to a literal nor to a closing bracket, but both
 * are found in the input from a pointer the formatter holds: a member's
 * literal from its key (literal_end()), and a document's closing '}' from
 * its last member's value (document_done_at(), when that value's end is
 * known: after a literal too).  On 20,000 lines of NDJSON, telling them
 * by the hooks cost 55 to 58 instructions a line: jfmt -c took 101.6
 * million instructions with them, 100.5 without (1.1%), and the default
 * layout 104.5 against 103.4 (1.1%).  Neither alone saves 1% (the
 * literals 0.4%, the documents 0.8%), and a document whose last member
 * is a literal needs both.
 */

/* Where the literal w (true, false, null, `len` bytes), a member's value,
 * ends in the input, given `after`, just after its key's closing quote
 * there: its first letter is the first byte after the key that is not
 * white space or the colon. */
static inline const unsigned char *literal_end(const unsigned char *after, const char *w,
					       size_t len)
{
	while (*after != (unsigned char)w[0])
		after++;
	return after + len;
}

/* After a document: tell the reader (value_end hook).  A document that
 * ended before it without the hook is forgotten as the last. */
static inline int document_done(struct formatter *f)
{
	f->value_end = NULL;    /* the reader has a later one */
	return f->hooks->value_end(f->hooks->ctx);
}

/* The same for a document that closed with `c`, its state still in
 * f->state[1].  When it is an object whose last member's value ended in
 * the input (member_done_at()), its '}' is the first byte after that
 * which is not white space: the reader takes where it ended after the
 * parse (sink.take_value_end), and document_end() finds it then, once a
 * parse, not once a document.  (An array's elements note no end, and an
 * object without members may find an earlier document's in member_end.) */
static inline int document_done_at(struct formatter *f, char c)
{
	const unsigned char *e = f->member_end;

	if (c != '}' || !(f->state[1] & CONTAINER_MEMBERS) || !e)
		return document_done(f);
	f->value_end = e;
	f->values_ended++;
	return 1;
}

/* Where the document that document_done_at() noted last ended: just
 * after the '}' that follows its last member's value (member_end). */
static inline const unsigned char *document_end(const unsigned char *member_end)
{
	while (*member_end != '}')
		member_end++;
	return member_end + 1;
}

#endif
