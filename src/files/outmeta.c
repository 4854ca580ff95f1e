/* outmeta.c - giving a replacement file the metadata of the file it
 * replaces: owner, group, permission bits, ACL and extended attributes.
 * The order matters: the owner first (a change of owner may clear set-id
 * bits), then the bits, then the attributes (an access ACL sets the group
 * bits to its mask, as on the old file). */
#include "files/outmeta.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>
#include <unistd.h>

#define ACL_ACCESS "system.posix_acl_access"
#define USER_PREFIX "user."
#define NEW_FILE_MODE 0666
#define GROUP_BITS 070
#define OTHER_BITS 07
#define OTHER_TO_GROUP 3        /* shift from the others' bits to the group's */

/* Record `what` (and `attr`) in `why`, keep errno, return -1. */
static int fail(char *why, size_t n, const char *what, const char *attr)
{
	int e = errno;

	if (attr)
		snprintf(why, n, "%s '%s'", what, attr);
	else
		snprintf(why, n, "%s", what);
	errno = e;
	return -1;
}

/* Owner as root; group as anyone the kernel lets set it.  When the group
 * cannot be kept, narrow the group bits in *mode to the others' bits. */
static int keep_owner(int fd, const struct stat *like, mode_t *mode,
		      char *why, size_t n)
{
	struct stat now;

	if (fstat(fd, &now) < 0)
		return fail(why, n, "reading the new file's status", NULL);
	if (geteuid() == 0) {
		if ((now.st_uid != like->st_uid || now.st_gid != like->st_gid) &&
		    fchown(fd, like->st_uid, like->st_gid) < 0)
			return fail(why, n, "keeping the owner and group", NULL);
		return 0;
	}
	if (now.st_gid == like->st_gid || fchown(fd, (uid_t)-1, like->st_gid) == 0)
		return 0;
	if (errno != EPERM)
		return fail(why, n, "keeping the group", NULL);
	*mode = (*mode & ~(mode_t)GROUP_BITS) |
		((*mode & OTHER_BITS) << OTHER_TO_GROUP);
	return 0;
}

/* The names of src's extended attributes, NUL-separated, in *out (NULL when
 * there are none).  Returns their total length or -1. */
static ssize_t list_names(int src, char **out)
{
	*out = NULL;
	for (;;) {
		ssize_t n = flistxattr(src, NULL, 0);
		if (n <= 0)
			return n;
		char *buf = malloc((size_t)n);
		if (!buf) {
			errno = ENOMEM;
			return -1;
		}
		ssize_t m = flistxattr(src, buf, (size_t)n);
		if (m >= 0) {
			*out = buf;
			return m;
		}
		free(buf);
		if (errno != ERANGE)    /* ERANGE: one was added: again */
			return -1;
	}
}

static int copy_one(int src, int fd, const char *name)
{
	for (;;) {
		ssize_t n = fgetxattr(src, name, NULL, 0);
		if (n < 0)
			return -1;
		char *value = malloc(n ? (size_t)n : 1);
		if (!value) {
			errno = ENOMEM;
			return -1;
		}
		ssize_t m = fgetxattr(src, name, value, (size_t)n);
		if (m < 0) {
			free(value);
			if (errno == ERANGE)    /* it grew meanwhile */
				continue;
			return -1;
		}
		int rc = fsetxattr(fd, name, value, (size_t)m, 0);
		free(value);
		return rc;
	}
}

/* user.* and the access ACL must copy; other name spaces may be refused. */
static int may_skip(const char *name, int err)
{
	if (err == ENODATA)     /* removed since it was listed */
		return 1;
	if (strncmp(name, USER_PREFIX, strlen(USER_PREFIX)) == 0 ||
	    strcmp(name, ACL_ACCESS) == 0)
		return 0;
	return err == EPERM || err == EACCES || err == ENOTSUP;
}

static int copy_xattrs(int src, int fd, char *why, size_t n)
{
	char *names;
	ssize_t len = list_names(src, &names);
	int has_acl = 0, rc = 0;

	if (len < 0) {
		if (errno == ENOTSUP)   /* the file system has none */
			return 0;
		return fail(why, n, "listing extended attributes", NULL);
	}
	for (char *p = names; p < names + len; p += strlen(p) + 1) {
		if (strcmp(p, ACL_ACCESS) == 0)
			has_acl = 1;
		if (copy_one(src, fd, p) == 0 || may_skip(p, errno))
			continue;
		rc = fail(why, n, "copying extended attribute", p);
		break;
	}
	free(names);
	if (rc == 0 && !has_acl && fremovexattr(fd, ACL_ACCESS) < 0 &&
	    errno != ENODATA && errno != ENOTSUP)
		rc = fail(why, n, "removing the ACL inherited from the directory", NULL);
	return rc;
}

int outmeta_copy(int fd, int src, const struct stat *like, char *why,
		 size_t whysize)
{
	mode_t mode = like->st_mode & 07777;

	if (keep_owner(fd, like, &mode, why, whysize) < 0)
		return -1;
	if (fchmod(fd, mode) < 0)
		return fail(why, whysize, "keeping the permissions", NULL);
	return copy_xattrs(src, fd, why, whysize);
}

int outmeta_new(int fd, char *why, size_t whysize)
{
	mode_t mask = umask(0);

	umask(mask);
	if (fchmod(fd, NEW_FILE_MODE & ~mask) < 0)
		return fail(why, whysize, "setting the permissions", NULL);
	return 0;
}
