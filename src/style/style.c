/* style.c - building the layout style.  See style.h. */
#include "style/style.h"

#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"

void style_init(struct layout_style *st, const struct format_options *opt)
{
	const char *colon = opt->compact ? ":" : ": ";

	memset(st, 0, sizeof *st);
	st->compact = opt->compact;
	st->indent = (size_t)opt->indent;
	st->indent_char = opt->indent_char;
	st->colon_len = strlen(colon);
	FB_ASSERT(st->colon_len <= STYLE_COLON_MAX);
	memcpy(st->colon, colon, st->colon_len);
	st->colon_at = (size_t)(strchr(colon, ':') - colon);

	size_t n = 2 + STYLE_RUN + FBUFFER_COPY_WIDTH;
	st->run = xrealloc(NULL, n);
	st->run[0] = STYLE_COMMA;
	st->run[1] = STYLE_EOL;
	memset(st->run + 2, st->indent_char, n - 2);
}

void style_release(struct layout_style *st)
{
	free(st->run);
	st->run = NULL;
}
