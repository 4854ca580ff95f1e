/* ignorefile.c - patterns in git's ignore syntax.  See ignorefile.h. */
#include "cli/ignorefile.h"

#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "cli/confglob.h"

struct ignore_rule {
	char *glob;             /* "**" + "/" + the pattern if it floats */
	int negate;
	int dir_only;
};

/* One line into a rule; 0 if it holds none. */
static int parse_line(struct ignore_rule *r, const char *line, size_t n)
{
	/* trailing blanks go, unless escaped */
	while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r') &&
	       !(n > 1 && line[n - 2] == '\\'))
		n--;
	if (n == 0 || line[0] == '#')
		return 0;
	r->negate = line[0] == '!';
	if (r->negate || (line[0] == '\\' && n > 1 && (line[1] == '#' || line[1] == '!'))) {
		line++;
		n--;
	}
	r->dir_only = n > 0 && line[n - 1] == '/';
	if (r->dir_only)
		n--;
	if (n == 0)
		return 0;
	/* a slash before the end anchors it (a leading one goes) */
	int anchored = memchr(line, '/', n) != NULL;
	if (line[0] == '/') {
		line++;
		n--;
	}
	r->glob = xrealloc(NULL, n + sizeof "**/");
	size_t k = 0;
	if (!anchored) {
		memcpy(r->glob, "**/", 3);
		k = 3;
	}
	memcpy(r->glob + k, line, n);
	r->glob[k + n] = 0;
	return 1;
}

void ignorefile_parse(struct ignorefile *f, const char *text)
{
	size_t cap = 0;

	f->rules = NULL;
	f->n = 0;
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "\n");
		struct ignore_rule r = { 0 };
		if (parse_line(&r, p, n)) {
			f->rules = xgrow_array(f->rules, &cap, f->n + 1, sizeof *f->rules);
			f->rules[f->n++] = r;
		}
		p += n + (p[n] == '\n');
	}
}

int ignorefile_ignores(const struct ignorefile *f, const char *rel, int is_dir)
{
	int ignored = 0;

	for (size_t i = 0; i < f->n; i++) {
		const struct ignore_rule *r = &f->rules[i];
		if ((!r->dir_only || is_dir) && confglob_match(r->glob, rel, 1))
			ignored = !r->negate;
	}
	return ignored;
}

void ignorefile_release(struct ignorefile *f)
{
	for (size_t i = 0; i < f->n; i++)
		free(f->rules[i].glob);
	free(f->rules);
	f->rules = NULL;
	f->n = 0;
}
