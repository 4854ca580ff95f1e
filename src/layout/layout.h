/* layout.h - the formatter's yajl callbacks, one table for each layout
 * (layout.c): the plain layouts' for output with nothing but JSON's own
 * escaping, no colour, sorting, --seq or comments (format_plain()), and
 * the general one for every option.  format.c chooses among them; every
 * table writes the same bytes for what it takes (make general is the
 * referee).
 */
#ifndef JFMT_LAYOUT_H
#define JFMT_LAYOUT_H

#include <yajl/yajl_parse.h>

#include "layout/pieces.h"

/** The callbacks of layout L (enum layout, pieces.h). */
const yajl_callbacks *layout_callbacks(enum layout L);

#endif
