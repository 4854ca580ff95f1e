/* gitignore.h - which of the files -r found git ignores, asked of git
 * itself (git check-ignore), never worked out from .gitignore files here.
 *
 * git is run once for each question, with the paths on its standard
 * input, and answers for each path in turn, from the patterns alone
 * (--no-index: with the index, git took a millisecond a path in a work
 * tree of 100,000 files).  A file that git tracks is not ignored, whatever
 * the patterns say, nor a directory that holds one: when a pattern
 * matched, git lists the index (ls-files) once, and the paths it holds
 * are kept.  Where git is not installed, or the directory is not in a
 * work tree, nothing is ignored.
 *
 * Whether a directory is in a work tree is told without git, from the
 * .git above it, as git finds it by default: the nearest directory up
 * that holds one, on the same file system.  Outside a work tree git is
 * not started at all; and a git that failed could not be asked.
 *
 * In a work tree, git must answer: when it cannot (it exits with an
 * error, as it does in a repository whose owner it does not trust,
 * "detected dubious ownership"), dies, falls silent for
 * GIT_SILENCE_LIMIT_MS (gitrun.h) or answers what it was not asked, the
 * question has no answer, and that is said, with what to do about it.
 */
#ifndef JFMT_GITIGNORE_H
#define JFMT_GITIGNORE_H

#include <stddef.h>

enum gitignore_answer {
	GITIGNORE_ASKED,        /* ignored[] says which git ignores */
	GITIGNORE_NO_REPO,      /* not in a work tree, or no git: none */
	GITIGNORE_FAILED,       /* git failed in a work tree (reported) */
};

/**
 * Set ignored[i] to 1 for each of the n `paths` (relative to `dir`, which
 * is in the work tree asked about) that git ignores, and to 0 for the
 * others.  A path of a directory names it and all below it.  On
 * GITIGNORE_FAILED, why has been said, naming `dir`.
 */
enum gitignore_answer gitignore_ask(const char *dir, char *const *paths, size_t n,
				    unsigned char *ignored);

#endif
