/* validate.h - the validator: the consumer for -n/--validate, which checks
 * an input without writing anything.
 *
 * It follows only the structure (to tell the reader where each value and
 * member ends) and checks every string's UTF-8, as the formatter does on
 * its way out; it has no output, and owns no buffer.
 */
#ifndef JFMT_VALIDATE_H
#define JFMT_VALIDATE_H

#include <stddef.h>

#include "base/sink.h"

struct validator {
	const struct feed_hooks *hooks;
	int raw_check;                  /* ask hooks->raw_string for strings */
	size_t depth;                   /* open containers */
	unsigned char *in_object;       /* per depth: 1 in an object */
	size_t cap;
	unsigned long long events;      /* parse events handled */
};

/** Set up `v`; `hooks` must outlive it.  Free with validate_release(). */
void validate_init(struct validator *v, const struct feed_hooks *hooks);
void validate_release(struct validator *v);

/** Fill in `sink` so that the reader feeds `v`. */
void validate_sink(struct validator *v, struct sink *sink);

#endif
