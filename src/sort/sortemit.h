/* sortemit.h - writing the sorter's capture out (sortemit.c), for the
 * sorter (sortkeys.c).  See sorter.h for the data.
 */
#ifndef JFMT_SORTEMIT_H
#define JFMT_SORTEMIT_H

#include <stddef.h>

#include "base/fbuffer.h"
#include "sort/sorter.h"

/**
 * Write capture[start, end) to `out`: each newline mark as the newline and
 * indentation it stands for, and each recorded object's members in their
 * sorted order.
 */
void sort_emit(struct sorter *s, struct fbuffer *out, size_t start, size_t end);

#endif
