/* outmeta.h - giving a replacement file the metadata of the file it
 * replaces (-o and -i): owner, group, permission bits, ACL and extended
 * attributes. */
#ifndef JFMT_OUTMETA_H
#define JFMT_OUTMETA_H

#include <stddef.h>
#include <sys/stat.h>

/**
 * Give the new file `fd` what the old file `src` (open for reading, with
 * status `like`) has:
 *  - the owner, when jfmt runs as root; the group whenever the kernel lets
 *    jfmt set it (root, or the owner being a member).  A group that cannot
 *    be kept is replaced by jfmt's own, whose members then get the bits the
 *    old file gave others, never more;
 *  - the permission bits, set-id bits included;
 *  - every extended attribute: user.* and the access ACL
 *    (system.posix_acl_access) must copy, those of other name spaces
 *    (security.*, trusted.*) are copied where the kernel allows it.  An
 *    access ACL that the new file inherited and the old one lacked is
 *    removed.
 * Returns 0, or -1 with errno set and `why` (of `whysize` bytes) saying
 * which step failed.
 */
int outmeta_copy(int fd, int src, const struct stat *like, char *why,
		 size_t whysize);

/**
 * Permission bits for a new file: 0666 less the umask.  Returns 0, or -1
 * with errno and `why` set.
 */
int outmeta_new(int fd, char *why, size_t whysize);

#endif
