/* confglob.h - the globs of configuration files: prettier's overrides
 * (files, excludeFiles) and Biome's includes, matched against a path
 * relative to the directory of the file that holds them.
 *
 *   *      any run of characters but '/'     ?   one character but '/'
 *   [a-z]  one of a set (fnmatch(3))         **  any number of directories,
 *                                                as a whole segment
 *   {a,b}  either (nested, any number)
 *
 * Dot files are matched as any other (prettier's dot: true).  A glob
 * without a slash is matched against the file's name alone, wherever it
 * is (prettier's matchBase), unless `whole` is set.
 */
#ifndef JFMT_CONFGLOB_H
#define JFMT_CONFGLOB_H

/** Whether `glob` matches `path` ("a/b.json", no leading "./"). */
int confglob_match(const char *glob, const char *path, int whole);

#endif
