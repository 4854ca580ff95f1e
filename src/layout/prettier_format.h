/* prettier_format.h - --style=prettier: a consumer of its own (sink.h),
 * built on the formatter (format.h), that writes what prettier 3 writes
 * for JSON: the layout engine is width/prettier.h.  Set up through
 * consumer.h, as every consumer is.
 */
#ifndef JFMT_PRETTIER_FORMAT_H
#define JFMT_PRETTIER_FORMAT_H

#include "base/sink.h"
#include "layout/format.h"

void prettier_format_init(struct formatter *f, const struct format_options *opt,
			  const struct feed_hooks *hooks);
void prettier_format_sink(struct formatter *f, struct sink *sink);
void prettier_format_release(struct formatter *f);

#endif
