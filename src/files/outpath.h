/* outpath.h - where -o and -i write: a path turned into a directory and a
 * name in it, symbolic links followed by the rules of the manual (FILES). */
#ifndef JFMT_OUTPATH_H
#define JFMT_OUTPATH_H

#include <stddef.h>
#include <sys/stat.h>

struct outpath {
	int dirfd;      /* the final directory (O_PATH), -1 when none */
	char *name;     /* the final name in it, not a symbolic link */
	int existed;    /* the name exists: `st` is its status */
	struct stat st;
	int alias;      /* the path names descriptor `alias` (/dev/stdout,
			 * /dev/fd/N, /proc/self/fd/N), or -1 */
};

/**
 * Resolve `path`.  A symbolic link at the end is followed, again and again,
 * unless it lies in a sticky world-writable directory, belongs to someone
 * other than jfmt's user and the directory's owner (the kernel's
 * fs.protected_symlinks rule): then -1 with EACCES.  Links in the directory
 * part are left to the kernel.  A path that names an open descriptor, as
 * given or through a link, sets `alias` and nothing else.  Returns 0, or -1
 * with errno set and `why` (of `whysize` bytes) saying why when errno
 * alone would not; nothing is then held.
 */
int outpath_resolve(struct outpath *p, const char *path, char *why,
		    size_t whysize);

/** Close and free what `p` holds; it may be released twice. */
void outpath_release(struct outpath *p);

#endif
