/* between.c - what may follow a top-level value.  See between.h. */
#include "between.h"

void between_init(struct between *b, int comments)
{
	b->pending = 0;
	b->comments = comments;
}

/* A number or a word (true, false, null) ends with one of these. */
static int is_bare(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z');
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

int between_value_end(struct between *b, unsigned char last, const unsigned char *p, size_t n)
{
	if (!is_bare(last))
		return 0;
	b->pending = 1;
	return between_next(b, p, n);
}
