/* ecread.h - the .editorconfig files that apply to a file, read by jfmt
 * before libeditorconfig is asked about them (editorconfig.h).
 *
 * They are the files the library reads: ECREAD_NAME in the file's
 * directory and each one above it, the nearest first, up to and including
 * one whose preamble (the lines before its first section) says
 * root = true.  The library skips a file it cannot open as if it were not
 * there, root = true and all, and the settings above it then apply: here
 * a file that is there (a directory entry of that name, a link that leads
 * nowhere or in a circle included) but cannot be read is an error.
 *
 * Each directory is looked at once (dircache.h): what applies there,
 * and why it cannot be read if that is so, is kept for every file in it
 * and below it, and said again for each of those files.
 */
#ifndef JFMT_ECREAD_H
#define JFMT_ECREAD_H

#include "base/status.h"

/* The name of the files looked for. */
#define ECREAD_NAME ".editorconfig"

/**
 * Read the .editorconfig files that apply to the file at `full` (a path
 * from the root; `path` is its name in messages).  Sets *any to whether
 * there is one.  If one cannot be read, says so, naming `path` and it, and
 * returns EXIT_IO; else EXIT_OK.
 */
enum exit_status ecread_check(const char *path, const char *full, int *any);

/** Forget what was found (editorconfig_release()). */
void ecread_release(void);

#endif
