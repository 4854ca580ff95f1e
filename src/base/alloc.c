/* alloc.c - allocation that exits when memory runs out.  See alloc.h. */
#include "base/alloc.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>

#include "base/diag.h"

/* Blocks of this size or more are mapped on their own, and unmapped when
 * freed.  Left to itself, glibc raises this bound after the first such
 * block is freed, and then serves big blocks from the heap, where a read
 * buffer that grows leaves holes: 256 MiB of blank lines between two values
 * peaked at 6.3 to 8.5 MiB, depending on how the pipe cut the input, and at
 * 4.5 to 4.9 MiB with the bound fixed here.  Time did not change. */
#define ALLOC_MAP_MIN (256 * 1024)

void alloc_init(void)
{
#if defined(M_MMAP_THRESHOLD)
	mallopt(M_MMAP_THRESHOLD, ALLOC_MAP_MIN);
#endif
}

void out_of_memory(void)
{
	diag_out_of_memory();
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory();
	return p;
}

void *xalloc_aligned(size_t align, size_t n)
{
	void *p;

	if (posix_memalign(&p, align, n ? n : 1) != 0)
		out_of_memory();
	return p;
}

void *grow_array(void *p, size_t *cap, size_t want, size_t size)
{
	if (want <= *cap)
		return p;
	size_t n = *cap ? *cap : 64;
	while (n < want) {
		if (n > SIZE_MAX / 2 / size)
			return NULL;
		n *= 2;
	}
	void *q = realloc(p, n * size);
	if (q)
		*cap = n;
	return q;
}

void *xgrow_array(void *p, size_t *cap, size_t want, size_t size)
{
	if (want <= *cap)
		return p;
	p = grow_array(p, cap, want, size);
	if (!p)
		out_of_memory();
	return p;
}

/* --- yajl's allocator --- */

static void *yajl_malloc(void *ctx, size_t n)
{
	(void)ctx;
	return xrealloc(NULL, n);
}

static void *yajl_realloc(void *ctx, void *p, size_t n)
{
	(void)ctx;
	return xrealloc(p, n);
}

static void yajl_release(void *ctx, void *p)
{
	(void)ctx;
	free(p);
}

yajl_alloc_funcs alloc_yajl = { yajl_malloc, yajl_realloc, yajl_release, NULL };
