/* strorder.h - the one order of names that jfmt sorts and searches:
 * byte order, as strcmp(3) has it.  -r walks a directory's names in it
 * and looks for .git among them (walk.c), git's index is searched in it
 * (gitignore.c), and an ambiguous long option's candidates are listed in
 * it (cli.c).
 */
#ifndef JFMT_STRORDER_H
#define JFMT_STRORDER_H

/** qsort(3) and bsearch(3)'s comparison for an array of `char *` (or
 * `const char *`): strcmp() of the two strings pointed to. */
int strorder_compare(const void *a, const void *b);

#endif
