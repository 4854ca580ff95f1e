/* between.c - what may follow a top-level value.  See between.h. */
#include "read/between.h"

void between_init(struct between *b, int comments)
{
	b->pending = 0;
	b->comments = comments;
}

/* What may follow a number or word directly. */
static int may_follow_bare(const struct between *b, unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '[' || c == '{' ||
	       c == '"' || (c == '/' && b->comments);
}

int between_next(struct between *b, const unsigned char *p, size_t n)
{
	if (n == 0)
		return 0;
	b->pending = 0;
	return !may_follow_bare(b, p[0]);
}

int between_bare_end(struct between *b, const unsigned char *p, size_t n)
{
	b->pending = 1;
	return between_next(b, p, n);
}
