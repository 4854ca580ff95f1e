/* outfile.h - replacing a file atomically for -o and -i: the new text goes
 * to a temporary file in the target's directory, which takes the target's
 * place only when it is complete.
 *
 * Life cycle: outfile_open(), write to `fd`, then outfile_commit() or
 * outfile_abort().  After either, the struct holds nothing to release.
 * Targets that are not regular files (a FIFO, a device, standard output
 * named as /dev/stdout) are written directly, with no temporary file: see
 * `direct`.
 *
 * A failure returns -1 with errno set and, in `why`, what jfmt was doing
 * when it failed ("" when errno says it all); the target is then as it was.
 */
#ifndef JFMT_OUTFILE_H
#define JFMT_OUTFILE_H

#include "files/outpath.h"
#include "files/outsig.h"

/* Room for the longest `why` text, an extended attribute's name included. */
#define OUTFILE_WHY_MAX 384

/* outfile_open() flags. */
#define OUTFILE_EXISTING 1      /* -i: the target must be an existing regular
				 * file (ENOENT, or EINVAL when it is not
				 * regular) */

struct outfile {
	struct outpath at; /* the target: directory, name, status */
	char *tmp;      /* the temporary name in at.dirfd, once one was made */
	int fd;         /* open for writing, -1 when closed */
	int link_how;   /* how an unnamed file gets a name: see outfile.c */
	int named;      /* `tmp` exists in the directory */
	int direct;     /* not a regular file: written in place, as there is
			 * nothing to replace */
	char why[OUTFILE_WHY_MAX];
};


/**
 * Start replacing `path` (flags: OUTFILE_EXISTING or 0).  Returns the
 * descriptor to write to, or -1 with errno and `why` set, having created
 * nothing.  The rules for symbolic links, names and metadata are those of
 * the manual (FILES): a link is followed, and its target replaced, unless
 * it is another user's link in a sticky world-writable directory (EACCES).
 * Stale temporary files of the same name left by a killed jfmt are removed.
 */
int outfile_open(struct outfile *o, const char *path, int flags);

/**
 * outfile_open() in two steps, for -i, which writes a temporary file only
 * once the text turns out to change: outfile_prepare() resolves `path` and
 * checks it as outfile_open() does (a target that is not a regular file is
 * opened at once, `direct`), creating nothing; outfile_create() then
 * starts the temporary file and returns its descriptor, or -1 with errno
 * set.  Either way, end with outfile_commit() or outfile_abort().
 */
int outfile_prepare(struct outfile *o, const char *path, int flags);
int outfile_create(struct outfile *o);

/**
 * Whether the existing file that `o` (prepared) replaces may be rewritten:
 * not when it is read-only, that is when its owner has no write
 * permission (whoever runs jfmt: chmod a-w marks a file not to be changed,
 * though root could write it), or when jfmt's user could not open it for
 * writing (another user's file in a directory that jfmt's user may write:
 * jfmt could replace it, but not write it).  Either is what makes
 * `gofmt -w` and `prettier --write` fail with EACCES.  A new file, or one
 * that is not regular, may be written.
 */
int outfile_writable(const struct outfile *o);

/**
 * Open the file being replaced for reading (-i), making sure it is the file
 * outfile_open() found: its status (fstat(2)) is left in `st`.  Returns a
 * descriptor or -1 with errno set.
 */
int outfile_open_source(struct outfile *o, struct stat *st);

/**
 * Finish: give the new file the old one's owner, group, mode, ACL and
 * extended attributes, sync it and put it in the target's place.  Returns
 * 0, or -1 with errno and `why` set, in which case the target is untouched
 * and no temporary file is left.  A direct target is only closed.
 */
int outfile_commit(struct outfile *o);

/** Give up: close and remove the temporary file; the target is untouched. */
void outfile_abort(struct outfile *o);

#endif
