/* style.c - building the layout style.  See style.h. */
#include "style/style.h"

#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"

void style_init(struct layout_style *st, int compact, size_t indent, char indent_char)
{
	static const char colon[] = ": ";

	memset(st, 0, sizeof *st);
	st->compact = compact;
	st->indent = indent;
	st->indent_char = indent_char;
	st->colon_len = compact ? 1 : 2;
	st->colon_at = 0;
	memcpy(st->colon, colon, STYLE_COLON_MAX);
	_Static_assert(sizeof colon - 1 <= STYLE_COLON_MAX, "the colon fits the escapers' room");

	size_t n = 2 + STYLE_RUN + FBUFFER_COPY_WIDTH;
	st->run = xrealloc(NULL, n);
	st->run[0] = STYLE_COMMA;
	st->run[1] = STYLE_EOL;
	memset(st->run + 2, indent_char, n - 2);
}

void style_release(struct layout_style *st)
{
	free(st->run);
	st->run = NULL;
}
