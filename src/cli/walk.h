/* walk.h - the operands, in order: files as named, and with -r the files
 * that a directory holds.
 *
 * A directory is walked in byte order of its names, depth first; symbolic
 * links in it are not followed (nor taken: a link is not a file of the
 * tree), directories whose names start with a dot (.git, .cache) are
 * skipped, and the regular files whose names end in one of the given
 * suffixes are taken.  A directory named as an operand is walked even if
 * it is a link or a dot-directory: it was named.
 */
#ifndef JFMT_WALK_H
#define JFMT_WALK_H

#include "base/status.h"

/* What is taken from a directory: always JSON, JSONC with --comments. */
#define WALK_JSON ".json"
#define WALK_JSONC ".jsonc"

struct walk {
	int recursive;                  /* -r: walk directory operands */
	int jsonc;                      /* take WALK_JSONC files too */
	/* called for each file ("-" is standard input); its status counts */
	enum exit_status (*file)(void *ctx, const char *path);
	void *ctx;
};

/**
 * Call w->file for each of the n operands (none: standard input), a
 * directory standing for its files.  A directory without -r, or one that
 * cannot be read, is reported.  Returns the worst status.
 */
enum exit_status walk_operands(const struct walk *w, char *const *files, int n);

#endif
