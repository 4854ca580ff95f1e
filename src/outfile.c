/* outfile.c - atomic replacement of a file through a temporary one.
 *
 * The data is written to an unnamed file (O_TMPFILE) where the system has
 * them, so that a kill -9 during the write leaves nothing behind; it gets a
 * name only just before the rename.  Elsewhere a named temporary file is
 * used, removed by the signal handler if jfmt is interrupted.
 */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The one piece of state a signal handler needs: the temporary file to
 * remove.  Set only while such a file exists. */
static volatile sig_atomic_t have_pending;
static char pending_tmp[PATH_MAX + 32];

static void on_fatal_signal(int sig)
{
	if (have_pending)
		unlink(pending_tmp);
	signal(sig, SIG_DFL);
	raise(sig);
}

void outfile_install_signal_handlers(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
}

static void block_signals(sigset_t *old)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, old);
}

static void set_pending(const char *name)
{
	sigset_t old;
	block_signals(&old);
	if (name) {
		snprintf(pending_tmp, sizeof pending_tmp, "%s", name);
		have_pending = 1;
	} else {
		have_pending = 0;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
}

/* "dir/.name.jfmt-XXXXXX" for target "dir/name". */
static char *temp_name(const char *target)
{
	char *a = strdup(target), *b = strdup(target);
	char *name = NULL;

	if (a && b) {
		const char *dir = dirname(a), *base = basename(b);
		size_t n = strlen(dir) + strlen(base) + 16;
		name = malloc(n);
		if (name)
			snprintf(name, n, "%s/.%s.jfmt-XXXXXX", dir, base);
	}
	free(a);
	free(b);
	if (!name)
		errno = ENOMEM;
	return name;
}

static char *resolve_target(const char *path)
{
	char *real = realpath(path, NULL);
	if (real)
		return real;
	if (errno != ENOENT)
		return NULL;
	return strdup(path);    /* a new file (or a dangling link: replaced) */
}

int outfile_open(struct outfile *o, const char *path, int regular_only)
{
	memset(o, 0, sizeof *o);
	o->fd = -1;
	o->target = resolve_target(path);
	if (!o->target)
		return -1;
	o->existed = stat(o->target, &o->like) == 0;
	if (o->existed && !S_ISREG(o->like.st_mode)) {
		if (regular_only) {
			errno = EINVAL;
			goto fail;
		}
		o->direct = 1;
		o->fd = open(o->target, O_WRONLY | O_CLOEXEC);
		if (o->fd < 0)
			goto fail;
		return o->fd;
	}
	o->keep_owner = o->existed && geteuid() == 0;
	o->tmp = temp_name(o->target);
	if (!o->tmp)
		goto fail;
#ifdef O_TMPFILE
	char *d = strdup(o->target);
	if (!d)
		goto fail;
	o->fd = open(dirname(d), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	free(d);
	if (o->fd >= 0)
		return o->fd;
#endif
	o->fd = mkstemp(o->tmp);
	if (o->fd < 0)
		goto fail;
	set_pending(o->tmp);
	o->named = 1;
	return o->fd;
fail:;
	int e = errno;
	free(o->target);
	free(o->tmp);
	o->target = o->tmp = NULL;
	errno = e;
	return -1;
}

static int apply_mode(struct outfile *o)
{
	mode_t mode;

	if (o->existed) {
		mode = o->like.st_mode & 07777;
		if (o->keep_owner && fchown(o->fd, o->like.st_uid, o->like.st_gid) < 0)
			return -1;
	} else {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	return fchmod(o->fd, mode);
}

/* Give the unnamed file its temporary name. */
static int link_unnamed(struct outfile *o)
{
	char proc[64];
	snprintf(proc, sizeof proc, "/proc/self/fd/%d", o->fd);
	for (int tries = 0; tries < 100; tries++) {
		char *x = o->tmp + strlen(o->tmp) - 6;
		for (int i = 0; i < 6; i++)
			x[i] = "abcdefghijklmnopqrstuvwxyz0123456789"[(unsigned)rand() % 36];
		set_pending(o->tmp);
		if (linkat(AT_FDCWD, proc, AT_FDCWD, o->tmp, AT_SYMLINK_FOLLOW) == 0)
			return 0;
		set_pending(NULL);
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

int outfile_commit(struct outfile *o)
{
	if (o->direct) {
		int rc = close(o->fd);
		o->fd = -1;
		free(o->target);
		o->target = NULL;
		return rc;
	}

	if (apply_mode(o) < 0 || fsync(o->fd) < 0)
		goto fail;
	if (!o->named) {
		if (link_unnamed(o) < 0)
			goto fail;
		o->named = 1;
	}
	if (close(o->fd) < 0) {
		o->fd = -1;
		goto fail;
	}
	o->fd = -1;
	if (rename(o->tmp, o->target) < 0)
		goto fail;
	set_pending(NULL);
	free(o->target);
	free(o->tmp);
	o->target = o->tmp = NULL;
	return 0;
fail:;
	int e = errno;
	outfile_abort(o);
	errno = e;
	return -1;
}

void outfile_abort(struct outfile *o)
{
	if (o->fd >= 0)
		close(o->fd);
	o->fd = -1;
	if (o->tmp && o->named)
		unlink(o->tmp);
	set_pending(NULL);
	free(o->target);
	free(o->tmp);
	o->target = o->tmp = NULL;
}
