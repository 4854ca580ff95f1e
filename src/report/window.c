/* window.c - white space and comments between tokens, read in the part of
 * the input in memory.  See window.h. */
#include "report/window.h"

unsigned long long window_comment_end(const struct window *w, unsigned long long g,
				      unsigned long long end, int *open)
{
	*open = 0;
	if (g + 1 >= end || window_byte(w, g) != '/')
		return g;
	unsigned char d = window_byte(w, g + 1);
	if (d == '/') {
		while (g < end && window_byte(w, g) != '\n' && window_byte(w, g) != '\r')
			g++;
		return g;
	}
	if (d != '*')
		return g;
	for (g += 2; g + 1 < end; g++)
		if (window_byte(w, g) == '*' && window_byte(w, g + 1) == '/')
			return g + 2;
	*open = 1;
	return end;
}

unsigned long long window_skip_blanks(const struct window *w, unsigned long long g,
				      unsigned long long end, int comments)
{
	while (g < end) {
		unsigned char c = window_byte(w, g);
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
			g++;
			continue;
		}
		int open;
		unsigned long long e = comments ? window_comment_end(w, g, end, &open) : g;
		if (e == g)
			return g;
		g = e;
	}
	return end;
}
