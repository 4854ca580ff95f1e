/* gitignore.h - which of the files -r found git ignores, asked of git
 * itself (git check-ignore), never worked out from .gitignore files here.
 *
 * git is run once for each question, with the paths on its standard
 * input.  A file that git tracks is not ignored, whatever the patterns
 * say.  Where git is not installed, or the directory is not in a work
 * tree, nothing is ignored.
 */
#ifndef JFMT_GITIGNORE_H
#define JFMT_GITIGNORE_H

#include <stddef.h>

/* The program run, found on PATH. */
#define GITIGNORE_PROGRAM "git"

enum gitignore_answer {
	GITIGNORE_ASKED,        /* ignored[] says which git ignores */
	GITIGNORE_NO_REPO,      /* not in a work tree, or no git: none */
	GITIGNORE_FAILED,       /* git failed in a work tree (reported) */
};

/**
 * Set ignored[i] to 1 for each of the n `paths` (relative to `dir`, which
 * is in the work tree asked about) that git ignores, and to 0 for the
 * others.  A path of a directory names it and all below it.
 */
enum gitignore_answer gitignore_ask(const char *dir, char *const *paths, size_t n,
				    unsigned char *ignored);

#endif
