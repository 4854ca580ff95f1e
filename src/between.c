/* between.c - what may follow a top-level value on its line.  See
 * between.h. */
#include "between.h"

static const char msg_comment[] = "comments are not allowed without --comments";
static const char msg_separate[] =
	"unexpected data after a document (documents must be separated by newlines)";

void between_init(struct between *b, int comments)
{
	b->state = BETWEEN_DONE;
	b->comments = comments;
}

const char *between_check(struct between *b, const unsigned char *p, size_t n, size_t *bad)
{
	enum between_state st = b->state == BETWEEN_DONE ? BETWEEN_BLANK : b->state;
	size_t off;

	for (off = 0; off < n; off++) {
		unsigned char c = p[off];
		if (c == '\n' && st != BETWEEN_SLASH)
			break;
		switch (st) {
		case BETWEEN_BLANK:
			if (c == ' ' || c == '\t' || c == '\r')
				continue;
			if (c == '/' && b->comments) {
				st = BETWEEN_SLASH;
				continue;
			}
			b->state = BETWEEN_DONE;
			*bad = off;
			return c == '/' ? msg_comment : msg_separate;
		case BETWEEN_SLASH:     /* yajl judges anything but // and */
			st = c == '/' ? BETWEEN_LINE : c == '*' ? BETWEEN_BLOCK : BETWEEN_DONE;
			if (st == BETWEEN_DONE)
				goto done;
			continue;
		case BETWEEN_LINE:
			continue;
		case BETWEEN_BLOCK:
			st = c == '*' ? BETWEEN_BLOCK_STAR : BETWEEN_BLOCK;
			continue;
		case BETWEEN_BLOCK_STAR:
			st = c == '/' ? BETWEEN_BLANK : c == '*' ? BETWEEN_BLOCK_STAR : BETWEEN_BLOCK;
			continue;
		case BETWEEN_DONE:
			break;
		}
	}
	if (off == n) {
		b->state = st;
		return NULL;
	}
done:
	b->state = BETWEEN_DONE;
	return NULL;
}
