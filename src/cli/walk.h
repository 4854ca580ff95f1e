/* walk.h - the operands, in order: files as named, and with -r the files
 * that a directory holds.
 *
 * A directory is walked in byte order of its names, depth first, and what
 * it holds is taken in that order once the walk is over.  Taken: regular
 * files whose names say JSON or JSONC (filetype.h).  Not taken:
 *
 *  - symbolic links (not followed either: a link is not a file of the tree);
 *  - the directories .git, .hg, .svn and node_modules (other directories
 *    whose names start with a dot are walked: .vscode, .devcontainer);
 *  - what git ignores, when the directory is in a git work tree (the files
 *    of a repository nested in it, or of a submodule, by that repository's
 *    rules), asked of git (gitignore.h), unless w->gitignore is 0
 *    (--no-gitignore);
 *  - what w->skip says to leave out (the ignore files of the formatters
 *    whose configuration governs the tree: config.h);
 *  - what an --exclude GLOB matches: a GLOB without a slash is matched
 *    against the name of each file and directory found, one with a slash
 *    against its path below the directory named, where `*` does not match
 *    a slash (fnmatch(3), FNM_PATHNAME).  A directory matched is not walked.
 *
 * What is named as an operand is always taken, a file whatever its name or
 * git's rules, and a directory walked even if it is a link, a dot-directory
 * or ignored by git (then nothing in it is held to git's rules but those of
 * a repository nested in it).
 *
 * Every directory operand is walked, and git asked about it, before any
 * file is taken: when git cannot answer for one, no file at all is.  With
 * w->gitignore 0 there is nothing to ask: each directory operand's files
 * are taken in its turn as its walk finds them, in the same order, so
 * that the files found first are formatted while the walk goes on.
 */
#ifndef JFMT_WALK_H
#define JFMT_WALK_H

#include <stddef.h>

#include "base/status.h"

struct walk {
	int recursive;                  /* -r: walk directory operands */
	const char *const *excludes;    /* --exclude's GLOBs */
	int nexcludes;
	int gitignore;                  /* leave out what git ignores */
	/* called for each file ("-" is standard input); its status counts */
	enum exit_status (*file)(void *ctx, const char *path);
	void *ctx;
	/* or NULL: whether to leave out a file or directory found below an
	 * operand (a directory if `is_dir`), as its configuration says */
	int (*skip)(const char *path, int is_dir);
	/* or NULL: told the n names each directory walked holds, once it is
	 * read and before skip() is asked about any of them, so that what
	 * skip() looks up there need not read it again */
	void (*listed)(const char *dir, char *const *names, size_t n);
};

/**
 * Call w->file for each of the n operands (none: standard input), a
 * directory standing for its files.  A directory without -r, or one that
 * cannot be read, is reported.  Returns the worst status; EXIT_IO, with
 * no call of w->file, when git could not say what it ignores.
 */
enum exit_status walk_operands(const struct walk *w, char *const *files, int n);

#endif
