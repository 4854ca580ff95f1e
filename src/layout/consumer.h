/* consumer.h - layout/'s one face to its callers: set up, hand to the
 * reader and release the consumer that the options ask for, whichever
 * engine lays the output out (the formatter, --width's, --style=prettier's),
 * and what -j must know of it.  The callers (cli/, jobs/) never ask which.
 * The validator for -n is a consumer of its own (validate.h).
 */
#ifndef JFMT_CONSUMER_H
#define JFMT_CONSUMER_H

#include "base/sink.h"
#include "layout/formatter.h"

/** Set up `f` for `opt` (format_init() and its kin); `opt` and `hooks`
 * must outlive it.  Bind f->output before the first event. */
void consumer_init(struct formatter *f, const struct format_options *opt,
		   const struct feed_hooks *hooks);

/** Fill in `sink` so that the reader feeds `f`. */
void consumer_sink(struct formatter *f, struct sink *sink);

/** Free what `f` allocated (not its output's storage). */
void consumer_release(struct formatter *f);

/** Whether the comments of input laid out for `opt` cannot be kept:
 * --width's engine cannot keep them with -S. */
static inline int consumer_drops_comments(const struct format_options *opt)
{
	return format_uses_width(opt) && opt->sort_keys;
}

/* --- For -j (jobs/) --- */

/** Whether -j may cut one input into pieces formatted apart: not where an
 * array's layout depends on all of its elements (--style=prettier). */
int consumer_cuts(const struct format_options *opt);

/** The columns within which containers are laid out on one line, or 0
 * (every container expanded): -j writes a string that wide before a piece
 * of an array, so that the array is expanded. */
int consumer_width(const struct format_options *opt);

/** An element of the top array comes next: out with what waited only to
 * learn that. */
void consumer_element_next(struct formatter *f);

#endif
