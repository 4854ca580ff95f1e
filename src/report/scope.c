/* scope.c - the containers and string around a point.  See scope.h. */
#include "report/scope.h"

#include <string.h>

static void push(struct scope *s, char kind, unsigned long long at)
{
	if (s->depth < SCOPE_KEEP) {
		s->kind[s->depth] = kind;
		s->open_at[s->depth] = at;
	}
	s->depth++;
}

void scope_scan(const struct window *w, unsigned long long from, unsigned long long to,
		int comments, struct scope *s)
{
	unsigned long long g = from;

	memset(s, 0, sizeof *s);
	if (from < window_start(w) || to > window_end(w) || from > to)
		return;
	s->known = 1;
	while (g < to) {
		unsigned char c = window_byte(w, g);
		if (c == '"') {
			unsigned long long q = g++;
			while (g < to && window_byte(w, g) != '"')
				g += window_byte(w, g) == '\\' ? 2 : 1;
			if (g >= to) {
				s->in_string = 1;
				s->string_start = q;
				return;
			}
			g++;
			continue;
		}
		int open;
		unsigned long long e = comments ? window_comment_end(w, g, to, &open) : g;
		if (e != g) {
			if (open) {
				s->in_comment = 1;
				s->comment_start = g;
				return;
			}
			g = e;
			continue;
		}
		if (c == '[' || c == '{') {
			push(s, (char)c, g);
		} else if (c == ']' || c == '}') {
			if (s->depth > 0)
				s->depth--;
			else
				s->closed_too_many++;
		}
		g++;
	}
}

int scope_innermost(const struct scope *s, char *kind, unsigned long long *at)
{
	if (!s->known || s->depth == 0 || s->depth > SCOPE_KEEP)
		return 0;
	*kind = s->kind[s->depth - 1];
	*at = s->open_at[s->depth - 1];
	return 1;
}
