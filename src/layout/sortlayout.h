/* sortlayout.h - the yajl callbacks for --sort-keys without colour or
 * comments (sortlayout.c), which format.c chooses (format_callbacks()).
 *
 * Inside an object being sorted, everything is written to the sorter's
 * capture (sortkeys.h).  The general callbacks (layout.c) test, at every
 * event, for colour, comments, --seq and the capture; these write the
 * common events there (a scalar, a string, an array's brackets) without a
 * call, and hand anything else to the general callbacks (f->general), which
 * stay the one place where objects, keys and the top level are laid out.
 */
#ifndef JFMT_SORTLAYOUT_H
#define JFMT_SORTLAYOUT_H

#include <yajl/yajl_parse.h>

/** The callbacks for --sort-keys without colour or comments. */
const yajl_callbacks *format_sort_callbacks(void);

#endif
