/* width_format.h - --width: a consumer of its own (sink.h), built on the
 * formatter (format.h), which lays out short arrays and objects on one
 * line (width.h); with --sort-keys it sorts each outermost object first
 * (width_stage.h).  Whoever sets up a formatter for options with
 * format_uses_width() sets up this one instead (cli/main.c), as it sets up
 * the validator for --validate.
 */
#ifndef JFMT_WIDTH_FORMAT_H
#define JFMT_WIDTH_FORMAT_H

#include "base/sink.h"
#include "layout/format.h"

/** format_init() for --width: set up `f` and the layout by width. */
void width_format_init(struct formatter *f, const struct format_options *opt,
		       const struct feed_hooks *hooks);

/** format_sink() for --width: the reader feeds its callbacks. */
void width_format_sink(struct formatter *f, struct sink *sink);

/** An element of the innermost open array comes next: out with what
 * waited only to learn that (width_element_next()). */
void width_format_element_next(struct formatter *f);

/** format_release() for --width. */
void width_format_release(struct formatter *f);

#endif
