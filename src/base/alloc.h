/* alloc.h - allocation that does not return failure: when memory runs out,
 * jfmt says "jfmt: out of memory" and exits with status 3 (I/O error). */
#ifndef JFMT_ALLOC_H
#define JFMT_ALLOC_H

#include <stddef.h>

#include <yajl/yajl_common.h>

/** Set the allocator up for jfmt: call first thing. */
void alloc_init(void);

/** Report that memory ran out and exit. */
_Noreturn void out_of_memory(void);

/** realloc(p, n), never NULL; n == 0 still gives a block to free. */
void *xrealloc(void *p, size_t n);

/** `n` bytes starting at a multiple of `align` (a power of two, at least
 * sizeof(void *)); free() and realloc() take them like any others. */
void *xalloc_aligned(size_t align, size_t n);

/**
 * Grow an array of `size`-byte items, which has room for *cap of them, so
 * that it holds at least `want`: doubling from 64.  Returns the array
 * (moved, perhaps) and updates *cap.
 */
void *xgrow_array(void *p, size_t *cap, size_t want, size_t size);

/** xgrow_array(), but NULL when memory runs out (`p` and *cap unchanged). */
void *grow_array(void *p, size_t *cap, size_t want, size_t size);

/**
 * yajl's allocator for every yajl handle jfmt makes (yajl_alloc()'s second
 * argument): the functions above, so that a handle's memory running out
 * ends as everywhere else.  A NULL there would give yajl's own, which goes
 * on with a null pointer and crashes.
 */
extern yajl_alloc_funcs alloc_yajl;

#endif
