/* outpath.c - resolving the path of -o or -i to a directory and a final
 * name, with the symbolic link rules of the manual: see outpath.h.
 *
 * The directory is held open and everything after works relative to it, so
 * that the file checked is the file replaced even if a directory on the way
 * is renamed meanwhile.  The last component is followed by hand rather than
 * with realpath(): the replacement is a rename over a name, and the name
 * that counts is the one at the end of the links, reached by the rules the
 * kernel applies to `>` when fs.protected_symlinks is on, whether it is on
 * here or not.
 */
#include "files/outpath.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_LINKS 40            /* links followed before ELOOP, as Linux */
#define LINK_TEXT_START 256     /* first guess at a link's length */

/* /dev/stdout and friends name a descriptor: writing to them must share
 * its offset and append mode (a log opened with >>), not reopen a file. */
static int fd_alias(const char *path)
{
	static const char *const std[] = { "/dev/stdin", "/dev/stdout", "/dev/stderr" };
	static const char *const dirs[] = { "/dev/fd/", "/proc/self/fd/" };

	for (int i = 0; i < 3; i++)
		if (strcmp(path, std[i]) == 0)
			return i;
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		size_t n = strlen(dirs[i]);
		if (strncmp(path, dirs[i], n) != 0 || !isdigit((unsigned char)path[n]))
			continue;
		char *end;
		errno = 0;
		long fd = strtol(path + n, &end, 10);
		if (*end == '\0' && errno == 0 && fd <= INT_MAX)
			return (int)fd;
	}
	return -1;
}

/* p->dirfd and p->name for `path`, relative to `at`. */
static int split_open(struct outpath *p, int at, const char *path)
{
	size_t len = strlen(path);
	const char *slash;
	char *dir;

	if (len == 0) {
		errno = ENOENT;
		return -1;
	}
	while (len > 1 && path[len - 1] == '/')
		len--;
	slash = memrchr(path, '/', len);
	if (!slash)
		dir = strdup(".");
	else if (slash == path)
		dir = strdup("/");
	else
		dir = strndup(path, (size_t)(slash - path));
	const char *base = slash ? slash + 1 : path;
	size_t blen = (size_t)(path + len - base);
	p->name = blen ? strndup(base, blen) : strdup(".");
	if (!dir || !p->name) {
		free(dir);
		errno = ENOMEM;
		return -1;
	}
	p->dirfd = openat(at, dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	return p->dirfd < 0 ? -1 : 0;
}

/* May jfmt follow the link p->name (status p->st) in p->dirfd? */
static int may_follow(struct outpath *p, char *why, size_t whysize)
{
	const mode_t open_sticky = S_ISVTX | S_IWOTH;
	struct stat dir;

	if (fstat(p->dirfd, &dir) < 0)
		return -1;
	if ((dir.st_mode & open_sticky) != open_sticky ||
	    p->st.st_uid == geteuid() || p->st.st_uid == dir.st_uid)
		return 0;
	snprintf(why, whysize, "not following a symbolic link of another user "
		 "in a sticky world-writable directory");
	errno = EACCES;
	return -1;
}

static char *read_link(struct outpath *p)
{
	size_t size = LINK_TEXT_START;

	for (;;) {
		char *text = malloc(size);
		if (!text) {
			errno = ENOMEM;
			return NULL;
		}
		ssize_t n = readlinkat(p->dirfd, p->name, text, size);
		if (n < 0) {
			free(text);
			return NULL;
		}
		if ((size_t)n < size) {
			text[n] = '\0';
			return text;
		}
		free(text);
		size *= 2;
	}
}

/* Replace p's directory and name by those the link text leads to. */
static int follow(struct outpath *p, const char *text)
{
	int old = p->dirfd;
	int rc;

	free(p->name);
	p->name = NULL;
	rc = split_open(p, text[0] == '/' ? AT_FDCWD : old, text);
	close(old);
	return rc;
}

int outpath_resolve(struct outpath *p, const char *path, char *why,
		    size_t whysize)
{
	memset(p, 0, sizeof *p);
	p->dirfd = -1;
	p->alias = fd_alias(path);
	if (p->alias >= 0)
		return 0;
	if (split_open(p, AT_FDCWD, path) < 0)
		goto fail;
	for (int hops = 0;; hops++) {
		if (fstatat(p->dirfd, p->name, &p->st, AT_SYMLINK_NOFOLLOW) < 0) {
			if (errno != ENOENT)
				goto fail;
			return 0;       /* a new file (or a dangling link's) */
		}
		if (!S_ISLNK(p->st.st_mode)) {
			p->existed = 1;
			return 0;
		}
		if (hops == MAX_LINKS) {
			errno = ELOOP;
			goto fail;
		}
		if (may_follow(p, why, whysize) < 0)
			goto fail;
		char *text = read_link(p);
		if (!text)
			goto fail;
		p->alias = fd_alias(text);
		int rc = p->alias >= 0 ? 0 : follow(p, text);
		free(text);
		if (rc < 0)
			goto fail;
		if (p->alias >= 0) {
			outpath_release(p);
			return 0;
		}
	}
fail:;
	int e = errno;
	outpath_release(p);
	p->alias = -1;
	errno = e;
	return -1;
}

void outpath_release(struct outpath *p)
{
	if (p->dirfd >= 0)
		close(p->dirfd);
	p->dirfd = -1;
	free(p->name);
	p->name = NULL;
}
