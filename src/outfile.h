/* outfile.h - replacing a file atomically: write a temporary file in the
 * same directory, then rename it over the target only on success. */
#ifndef JFMT_OUTFILE_H
#define JFMT_OUTFILE_H

#include <sys/stat.h>

struct outfile {
	char *target;   /* the file to replace (symlinks resolved) */
	char *tmp;      /* the temporary file's name, once it has one */
	int fd;         /* open for writing, -1 when closed */
	int keep_owner; /* copy `like`'s owner (only root may) */
	struct stat like; /* the replaced file, when it existed */
	int existed;    /* the target existed: `like` is valid */
	int named;      /* the temporary file has a name (in `tmp`) */
	int direct;     /* not a regular file (/dev/null, a FIFO): written
			 * in place, as there is nothing to replace */
};

/**
 * Install handlers so that SIGINT, SIGTERM, SIGHUP remove the temporary file
 * being written before jfmt dies.  Call once from main.
 */
void outfile_install_signal_handlers(void);

/**
 * Start replacing `path`.  Returns the descriptor to write to, or -1 with
 * errno set (nothing created).  A symlink's target is replaced, the link
 * kept; the new file gets the old one's mode (and owner, as root), or
 * 0666 less the umask when `path` does not exist yet.  An existing target
 * that is not a regular file (a device, a FIFO) is opened and written
 * directly, unless `regular_only`, when that is an error (EINVAL).
 */
int outfile_open(struct outfile *o, const char *path, int regular_only);

/**
 * Finish: fsync, close and rename over the target.  Returns 0, or -1 with
 * errno set, in which case the target is untouched and nothing is left.
 */
int outfile_commit(struct outfile *o);

/** Give up: close and remove the temporary file; the target is untouched. */
void outfile_abort(struct outfile *o);

#endif
