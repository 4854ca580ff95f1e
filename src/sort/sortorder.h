/* sortorder.h - putting the members of a closing object in key order
 * (sortorder.c), for the sorter (sortkeys.c).  See sorter.h for the data.
 */
#ifndef JFMT_SORTORDER_H
#define JFMT_SORTORDER_H

#include <stddef.h>

#include "sort/sorter.h"

/**
 * The object open at `fr`, with members starting at m[0..n), n > 1, in
 * capture, closes: put its members in key order, rewritten in place or
 * noted in a record, and add to fr->moved what was rewritten.  Returns 0,
 * or -1 when memory ran out (nothing is noted then: the caller drops what
 * it holds).
 */
int sort_members(struct sorter *s, struct sort_frame *fr, size_t *m, size_t n);

#endif
