/* confglob.c - the globs of configuration files.  See confglob.h. */
#include "cli/confglob.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"

/* The longest segment of a glob or path matched (a longer one does not
 * match). */
#define SEGMENT_MAX 256

/* Whether the segments of glob[0..gn) match those of path[0..pn). */
static int match_segments(const char *g, size_t gn, const char *p, size_t pn)
{
	size_t gl = strcspn(g, "/"), pl;
	char gs[SEGMENT_MAX], ps[SEGMENT_MAX];

	if (gl > gn)
		gl = gn;
	if (gn == 0)
		return pn == 0;
	if (gl == 2 && g[0] == '*' && g[1] == '*') {
		const char *rest = g + gl + (gl < gn), *q = p;
		size_t rn = gn - gl - (gl < gn);
		/* no directory, one, two... */
		for (;;) {
			if (match_segments(rest, rn, q, pn - (size_t)(q - p)))
				return 1;
			const char *slash = memchr(q, '/', pn - (size_t)(q - p));
			if (!slash)
				return rn == 0;
			q = slash + 1;
		}
	}
	if (pn == 0)
		return 0;
	pl = strcspn(p, "/");
	if (pl > pn)
		pl = pn;
	if (gl >= SEGMENT_MAX || pl >= SEGMENT_MAX)
		return 0;
	memcpy(gs, g, gl);
	gs[gl] = 0;
	memcpy(ps, p, pl);
	ps[pl] = 0;
	if (fnmatch(gs, ps, 0) != 0)
		return 0;
	if (gl == gn || pl == pn)
		return gl == gn && pl == pn;
	return match_segments(g + gl + 1, gn - gl - 1, p + pl + 1, pn - pl - 1);
}

/* The first {a,b} of glob that holds a comma at its own depth: where its
 * '{' and '}' are, or 0. */
static int find_braces(const char *g, size_t *open, size_t *close)
{
	for (size_t i = 0; g[i]; i++) {
		if (g[i] == '\\' && g[i + 1]) {
			i++;
			continue;
		}
		if (g[i] != '{')
			continue;
		int depth = 0, comma = 0;
		for (size_t j = i; g[j]; j++) {
			if (g[j] == '\\' && g[j + 1])
				j++;
			else if (g[j] == '{')
				depth++;
			else if (g[j] == ',' && depth == 1)
				comma = 1;
			else if (g[j] == '}' && --depth == 0) {
				if (!comma)
					break;
				*open = i;
				*close = j;
				return 1;
			}
		}
	}
	return 0;
}

static int match_whole(const char *glob, const char *path)
{
	size_t open, close;

	if (!find_braces(glob, &open, &close))
		return match_segments(glob, strlen(glob), path, strlen(path));
	/* each choice in turn, in place of the braces */
	size_t n = strlen(glob);
	char *one = xrealloc(NULL, n + 1);
	int found = 0;
	for (size_t i = open + 1; !found && i <= close;) {
		size_t j = i;
		int depth = 0;
		while (j < close && !(depth == 0 && glob[j] == ',')) {
			if (glob[j] == '{')
				depth++;
			else if (glob[j] == '}')
				depth--;
			j++;
		}
		size_t k = 0;
		memcpy(one, glob, open);
		k = open;
		memcpy(one + k, glob + i, j - i);
		k += j - i;
		memcpy(one + k, glob + close + 1, n - close);
		found = match_whole(one, path);
		i = j + 1;
	}
	free(one);
	return found;
}

int confglob_match(const char *glob, const char *path, int whole)
{
	if (glob[0] == '.' && glob[1] == '/')
		glob += 2;
	if (!whole && !strchr(glob, '/')) {
		const char *slash = strrchr(path, '/');
		return match_whole(glob, slash ? slash + 1 : path);
	}
	return match_whole(glob, path);
}
