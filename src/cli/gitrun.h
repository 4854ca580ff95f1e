/* gitrun.h - running git once, for gitignore.c: in an environment that
 * points it at no repository but its directory's, its output read as it
 * comes, killed when it falls silent for GIT_SILENCE_LIMIT_MS; then its
 * exit status (or the signal that ended it) and the first line of its
 * message.
 */
#ifndef JFMT_GITRUN_H
#define JFMT_GITRUN_H

#include <stddef.h>

/* The program run, found on PATH. */
#define GIT_PROGRAM "git"

/* How long git may go without answering, from its start and from each
 * answer, before it is killed and taken to have failed.  In a work tree
 * of 100,000 tracked files git answered for all of them in 0.15 s, and
 * listed its index in 0.03 s: a git silent this long is stuck, not slow,
 * however many files -r found. */
#define GIT_SILENCE_LIMIT_MS 5000

/* The most of git's message kept: its first line, cut here. */
#define GIT_MESSAGE_MAX 200

/** How a run of git went. */
struct git_run {
	char *out;              /* what it wrote, NUL-ended (free() it) */
	size_t len;
	int status;             /* its exit status, or -1 */
	int signal;             /* the signal that killed it, or 0 */
	int silent;             /* killed: silent for the limit */
	char said[GIT_MESSAGE_MAX + 1]; /* the first line of its message */
};

/**
 * Run git with argv, its standard input read from `in`: 1 when it ran
 * (*r says how), 0 when it could not be started (not installed), -1 on a
 * failure of our own (said).
 */
int run_git(char *const *argv, int in, struct git_run *r);

/** Whether git could not be started once: it is not asked again. */
int git_missing(void);

#endif
