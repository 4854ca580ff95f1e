/* strorder.c - byte order of strings, for qsort() and bsearch().  See
 * strorder.h. */
#include "cli/strorder.h"

#include <string.h>

int strorder_compare(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}
