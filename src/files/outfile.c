/* outfile.c - atomic replacement of a file through a temporary one (-o, -i).
 *
 * Where the file system allows it the new text goes to an unnamed file
 * (O_TMPFILE), which a kill -9 during the write leaves nowhere.  When it is
 * complete it is named with linkat(): through AT_EMPTY_PATH where the
 * kernel permits that, else through /proc/self/fd; when neither can work
 * (old kernel, /proc not mounted), a named temporary file is used from the
 * start.  Which one is found out before writing, by linking to "." (which
 * exists): EEXIST means the link itself would have been allowed.
 *
 * The last step:
 *  - a target that does not exist yet: the unnamed file is linked straight
 *    to the target's name.  Nothing is ever left under another name.
 *  - an existing target: Linux cannot rename an unnamed file over a name,
 *    and RENAME_EXCHANGE would leave the old text under the temporary name
 *    instead, so the file is linked to a temporary name and renamed over
 *    the target at once, with the catchable signals blocked in between.
 *    Only SIGKILL (or a crash) in that window of two system calls can leave
 *    the temporary file, complete, beside an intact target.  To make that
 *    harmless, every temporary file is flock()ed by its writer for as long
 *    as it exists, and opening a target removes the temporary files of the
 *    same name that nobody holds: a killed jfmt's lock went with it.
 *
 * Temporary names (outname.h) are ".NAME.jfmt-" and random characters; a
 * name that exists already costs a retry.
 */
#include "files/outfile.h"
#include "files/outmeta.h"
#include "files/outname.h"
#include "files/outsig.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#define TEMP_TRIES 100          /* names tried before giving up (EEXIST) */
#define TEMP_MODE 0600          /* until the target's mode is applied */
#define PROC_FD_MAX 40          /* "/proc/self/fd/" and an int */

enum { LINK_NONE, LINK_EMPTY_PATH, LINK_PROC };

static void why(struct outfile *o, const char *what)
{
	snprintf(o->why, sizeof o->why, "%s", what);
}

/* --- Creating and naming the temporary file --- */

static int link_as(struct outfile *o, int how, const char *name)
{
	char proc[PROC_FD_MAX];

	if (how == LINK_EMPTY_PATH)
		return linkat(o->fd, "", o->at.dirfd, name, AT_EMPTY_PATH);
	snprintf(proc, sizeof proc, "/proc/self/fd/%d", o->fd);
	return linkat(AT_FDCWD, proc, o->at.dirfd, name, AT_SYMLINK_FOLLOW);
}

/* How the unnamed file can be linked: "." exists, so EEXIST says that
 * the source was accepted and the link would be made. */
static int link_method(struct outfile *o)
{
	if (link_as(o, LINK_EMPTY_PATH, ".") < 0 && errno == EEXIST)
		return LINK_EMPTY_PATH;
	if (link_as(o, LINK_PROC, ".") < 0 && errno == EEXIST)
		return LINK_PROC;
	return LINK_NONE;
}

/* The name o->tmp still leads to the file o->fd (no cleaner took it). */
static int still_ours(struct outfile *o)
{
	struct stat a, b;

	return fstat(o->fd, &a) == 0 &&
		fstatat(o->at.dirfd, o->tmp, &b, AT_SYMLINK_NOFOLLOW) == 0 &&
		a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static int create_named(struct outfile *o)
{
	for (int tries = 0; tries < TEMP_TRIES; tries++) {
		sigset_t old;
		outname_redraw(o->tmp);
		outsig_block(&old);
		o->fd = openat(o->at.dirfd, o->tmp, O_CREAT | O_EXCL | O_WRONLY |
			       O_NOFOLLOW | O_CLOEXEC, TEMP_MODE);
		if (o->fd >= 0)
			outsig_pending_set(o->at.dirfd, o->tmp);
		outsig_unblock(&old);
		if (o->fd < 0) {
			if (errno == EEXIST)
				continue;
			return -1;
		}
		if (flock(o->fd, LOCK_EX | LOCK_NB) == 0 && still_ours(o)) {
			o->named = 1;
			return o->fd;
		}
		/* Taken for stale by another jfmt between open and lock:
		 * that one removes it. */
		outsig_pending_clear();
		close(o->fd);
		o->fd = -1;
	}
	errno = EEXIST;
	return -1;
}

/* Returns the descriptor, or -1 with errno set. */
static int create_temp(struct outfile *o)
{
#ifdef O_TMPFILE
	o->fd = openat(o->at.dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC,
		       TEMP_MODE);
	if (o->fd >= 0) {
		o->link_how = link_method(o);
		if (o->link_how != LINK_NONE && flock(o->fd, LOCK_EX) == 0)
			return o->fd;
		close(o->fd);
		o->fd = -1;
	}
#endif
	return create_named(o);
}

/* --- Life cycle --- */

static void release(struct outfile *o)
{
	outpath_release(&o->at);
	free(o->tmp);
	o->tmp = NULL;
}

static int open_direct(struct outfile *o, int flags)
{
	if (flags & OUTFILE_EXISTING) {
		errno = EINVAL;
		return -1;
	}
	o->direct = 1;
	if (o->at.alias >= 0)
		o->fd = fcntl(o->at.alias, F_DUPFD_CLOEXEC, 0);
	else
		o->fd = openat(o->at.dirfd, o->at.name, O_WRONLY | O_NOCTTY |
			       O_NOFOLLOW | O_CLOEXEC);
	return o->fd;
}

int outfile_prepare(struct outfile *o, const char *path, int flags)
{
	memset(o, 0, sizeof *o);
	o->fd = -1;
	if (outpath_resolve(&o->at, path, o->why, sizeof o->why) < 0)
		return -1;
	if (o->at.alias >= 0 || (o->at.existed && !S_ISREG(o->at.st.st_mode))) {
		if (open_direct(o, flags) < 0)
			goto fail;
		return 0;
	}
	if (!o->at.existed && (flags & OUTFILE_EXISTING)) {
		errno = ENOENT;
		goto fail;
	}
	return 0;
fail:;
	int e = errno;
	o->direct = 0;
	release(o);
	errno = e;
	return -1;
}

int outfile_create(struct outfile *o)
{
	if (o->direct)
		return o->fd;
	o->tmp = outname_make(o->at.dirfd, o->at.name);
	if (!o->tmp)
		return -1;
	outname_remove_stale(o->at.dirfd, o->tmp, o->at.existed ? o->at.st.st_uid : geteuid());
	return create_temp(o);
}

int outfile_open(struct outfile *o, const char *path, int flags)
{
	if (outfile_prepare(o, path, flags) < 0)
		return -1;
	if (outfile_create(o) < 0) {
		int e = errno;
		release(o);
		errno = e;
		return -1;
	}
	return o->fd;
}

int outfile_writable(const struct outfile *o)
{
	if (o->direct || !o->at.existed)
		return 1;
	if (!(o->at.st.st_mode & S_IWUSR))
		return 0;
	/* root may write any file: only the mode bits said no */
	return geteuid() == 0 ||
	       faccessat(o->at.dirfd, o->at.name, W_OK, AT_EACCESS) == 0 ||
	       errno != EACCES;
}

/* The replaced file, for reading, provided it is still the one found. */
static int open_old(struct outfile *o, struct stat *st)
{
	int fd = openat(o->at.dirfd, o->at.name, O_RDONLY | O_NOFOLLOW |
			O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fstat(fd, st) < 0 || st->st_dev != o->at.st.st_dev ||
	    st->st_ino != o->at.st.st_ino) {
		close(fd);
		errno = ESTALE;         /* replaced by another file meanwhile */
		return -1;
	}
	return fd;
}

int outfile_open_source(struct outfile *o, struct stat *st)
{
	return open_old(o, st);
}

static int apply_metadata(struct outfile *o)
{
	struct stat st;

	if (!o->at.existed)
		return outmeta_new(o->fd, o->why, sizeof o->why);
	int src = open_old(o, &st);
	if (src < 0) {
		snprintf(o->why, sizeof o->why, "reading the file's attributes");
		return -1;
	}
	int rc = outmeta_copy(o->fd, src, &o->at.st, o->why, sizeof o->why);
	int e = errno;
	close(src);
	errno = e;
	return rc;
}

static int rename_over(struct outfile *o)
{
	if (renameat(o->at.dirfd, o->tmp, o->at.dirfd, o->at.name) < 0) {
		why(o, "renaming the new file over it");
		return -1;
	}
	o->named = 0;
	outsig_pending_clear();
	return 0;
}

/* Name the unnamed file: the target's own name when that is free, else a
 * temporary one renamed over the target. */
static int link_and_rename(struct outfile *o)
{
	if (!o->at.existed) {
		if (link_as(o, o->link_how, o->at.name) == 0)
			return 0;
		if (errno != EEXIST) {
			why(o, "naming the new file");
			return -1;
		}
	}
	for (int tries = 0; tries < TEMP_TRIES; tries++) {
		outname_redraw(o->tmp);
		outsig_pending_set(o->at.dirfd, o->tmp);
		if (link_as(o, o->link_how, o->tmp) == 0) {
			o->named = 1;
			return rename_over(o);
		}
		outsig_pending_clear();
		if (errno != EEXIST) {
			why(o, "naming the new file");
			return -1;
		}
	}
	why(o, "naming the new file");
	return -1;
}

int outfile_commit(struct outfile *o)
{
	sigset_t old;
	int rc;

	if (o->direct) {
		rc = close(o->fd);
		o->fd = -1;
		if (rc < 0)
			why(o, "closing");
		release(o);
		return rc;
	}
	if (apply_metadata(o) < 0)
		goto fail;
	if (fsync(o->fd) < 0) {
		why(o, "syncing the new file");
		goto fail;
	}
	/* No catchable signal between the link and the rename. */
	outsig_block(&old);
	rc = o->named ? rename_over(o) : link_and_rename(o);
	outsig_unblock(&old);
	if (rc < 0)
		goto fail;
	close(o->fd);           /* synced: nothing left to report */
	o->fd = -1;
	release(o);
	return 0;
fail:;
	int e = errno;
	outfile_abort(o);
	errno = e;
	return -1;
}

void outfile_abort(struct outfile *o)
{
	if (o->named && o->tmp)
		unlinkat(o->at.dirfd, o->tmp, 0);
	o->named = 0;
	/* A temporary name is pending only while its file is open: -i on a
	 * formatted file, which opened none, leaves the signal mask alone
	 * (-r -i over 10,000 small formatted files: 7.6 system calls a file,
	 * not 9.6) */
	if (o->fd >= 0) {
		outsig_pending_clear();
		close(o->fd);
	}
	o->fd = -1;
	release(o);
}
