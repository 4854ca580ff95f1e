/* format.h - the formatter: yajl parse events in, formatted JSON out.
 *
 * A struct formatter (formatter.h) is a consumer for the reader (sink.h):
 * yajl calls its callbacks, and it writes each event at once to its
 * output buffer, f->output.  Nothing of the document is kept, except the
 * objects whose keys are being sorted (sortkeys.h), and one byte of state
 * per open container.  It knows nothing of where the input comes from:
 * what the reader must learn (a value ended, a string needs its raw text)
 * goes through the feed_hooks given to format_init().  --width is a
 * consumer of its own built on this one (width_format.h).
 *
 * The work is split by job: format.c (life cycle, the sink, which
 * callbacks), style.h (what goes between tokens), pieces.h (the pieces
 * of output: separators, tokens, strings, keys), quick.h (the plain
 * layouts' common cases, inline), layout.c (the yajl callbacks, stamped
 * once per layout), sortlayout.c (-S's common cases), placement.c (where
 * the input's comments go, with --comments).
 */
#ifndef JFMT_FORMAT_H
#define JFMT_FORMAT_H

#include <yajl/yajl_parse.h>

#include "base/sink.h"
#include "layout/formatter.h"

/**
 * Set up `f`; `opt` and `hooks` must outlive it.  Bind f->output before
 * the first event.
 */
void format_init(struct formatter *f, const struct format_options *opt,
		 const struct feed_hooks *hooks);

/**
 * Forget any half-written document (after a parse error): what is held of
 * it in the output is dropped (fbuffer_abandon()).
 */
void format_reset(struct formatter *f);

/** Free what `f` allocated (not its output's storage). */
void format_release(struct formatter *f);

/** Fill in `sink` so that the reader feeds `f`. */
void format_sink(struct formatter *f, struct sink *sink);

/** The formatter's sink.give_up, with comments or blank lines kept: the
 * value being read is dropped, the comments before it written, and the
 * line ended. */
void format_give_up(void *ctx);

/** The yajl callbacks for `opt`, without --width (width_format.h). */
const yajl_callbacks *format_callbacks(const struct format_options *opt);

#endif
