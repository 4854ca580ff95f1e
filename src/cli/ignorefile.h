/* ignorefile.h - a file of ignore patterns in git's syntax
 * (gitignore(5)), as prettier reads .prettierignore: a pattern a line,
 * '#' a comment, '!' taking back what an earlier line ignored, a trailing
 * '/' for directories only, a slash before the end anchoring the pattern
 * to the file's directory (otherwise it matches a name at any depth), '*',
 * '?', '[...]' and '**' as confglob.h has them.  The last pattern that
 * matches a path decides.  A directory ignored is not walked, so that
 * nothing in it can be taken back, as with git.
 */
#ifndef JFMT_IGNOREFILE_H
#define JFMT_IGNOREFILE_H

#include <stddef.h>

struct ignore_rule;

struct ignorefile {
	struct ignore_rule *rules;
	size_t n;
};

/** Read the patterns of `text` (NUL-terminated) into `f`. */
void ignorefile_parse(struct ignorefile *f, const char *text);

/** Whether `f` ignores `rel` (a path below the file's directory, "a/b"),
 * a directory if `is_dir`. */
int ignorefile_ignores(const struct ignorefile *f, const char *rel, int is_dir);

/** Free the patterns. */
void ignorefile_release(struct ignorefile *f);

#endif
