/* outname.h - the names of -o's and -i's temporary files, and the removal
 * of those a killed jfmt left behind.
 *
 * A temporary name is ".NAME" OUTNAME_TAG and OUTNAME_RANDOM characters
 * drawn from getrandom(), in the directory of the file NAME it is to
 * replace; a long NAME is cut, on a UTF-8 character boundary, so that the
 * whole stays within the directory's NAME_MAX.  Its writer holds each
 * temporary file with flock() for as long as it exists (outfile.c), so one
 * that nobody holds is a killed jfmt's.
 */
#ifndef JFMT_OUTNAME_H
#define JFMT_OUTNAME_H

#include <sys/types.h>

#define OUTNAME_TAG ".jfmt-"
#define OUTNAME_RANDOM 8        /* characters: 48 random bits */

/**
 * A temporary name for `name` in the directory `dirfd`, its random part
 * not drawn yet (outname_redraw()).  Returns it, to be freed by the
 * caller, or NULL with errno ENOMEM.
 */
char *outname_make(int dirfd, const char *name);

/** Draw the random part of `tmp` (from outname_make()), anew after a clash. */
void outname_redraw(char *tmp);

/**
 * Remove the files of the directory `dirfd` named as `tmp` is, but for
 * the random part, that no writer holds and that are ours: regular, with
 * one link, and made by this user, or by root and given to `owner` (the
 * owner of the file they were to replace).
 */
void outname_remove_stale(int dirfd, const char *tmp, uid_t owner);

#endif
