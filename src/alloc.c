/* alloc.c - allocation that exits when memory runs out.  See alloc.h. */
#include "alloc.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

void out_of_memory(void)
{
	fputs("jfmt: out of memory\n", stderr);
	exit(EXIT_IO);
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
