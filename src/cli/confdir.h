/* confdir.h - which configuration files a directory holds, of the names
 * that prettier and Biome look for, found out once per directory by
 * reading it (one read of the directory, not a stat for each name; none
 * for a directory -r has read); and the nearest of them from a directory
 * up, as each tool searches.
 */
#ifndef JFMT_CONFDIR_H
#define JFMT_CONFDIR_H

#include <stddef.h>

/* The names looked for, in prettier's order of search, then Biome's. */
enum confdir_name {
	CD_PACKAGE_JSON, CD_PACKAGE_YAML,
	CD_PRETTIERRC, CD_PRETTIERRC_JSON, CD_PRETTIERRC_YML, CD_PRETTIERRC_YAML,
	CD_PRETTIERRC_JSON5,
	CD_PRETTIERRC_JS, CD_PRETTIER_CONFIG_JS, CD_PRETTIERRC_TS, CD_PRETTIER_CONFIG_TS,
	CD_PRETTIERRC_MJS, CD_PRETTIER_CONFIG_MJS, CD_PRETTIERRC_MTS, CD_PRETTIER_CONFIG_MTS,
	CD_PRETTIERRC_CJS, CD_PRETTIER_CONFIG_CJS, CD_PRETTIERRC_CTS, CD_PRETTIER_CONFIG_CTS,
	CD_PRETTIERRC_TOML,
	CD_BIOME_JSON, CD_BIOME_JSONC,
	CD_PRETTIERIGNORE,
	CD_NAMES
};

/** Which of the names the directory `dir` (a path from the root) holds:
 * bit 1 << name for each.  Read once per run, or not at all when
 * confdir_listed() was told. */
unsigned long confdir_scan(const char *dir);

/** Take the n names `entries` that the directory `dir` (as a path from
 * the current directory, or from the root) was just read to hold as what
 * confdir_scan() would find there, so that it need not read it again:
 * -r reads each directory it walks before its configuration is looked
 * up.  (Passed over for a path with "..", which may name another
 * directory than confdir_full() makes of it, and where the current
 * directory cannot be found.) */
void confdir_listed(const char *dir, char *const *entries, size_t n);

/** `path` from the root (from the current directory if it is relative),
 * without "." and ".." (as prettier resolves a path: by its words, a
 * symbolic link not followed), in a new string; NULL if the current
 * directory cannot be found (errno says why). */
char *confdir_full(const char *path);

/** `full` (a path from the root) as a path below the directory `dir`
 * ("sub/a.json"), or `full` if it is not below it. */
const char *confdir_below(const char *full, const char *dir);

/** `dir`/`name`, in a new string. */
char *confdir_join(const char *dir, const char *name);

/** The parent of the directory `dir` (from the root), in a new string;
 * NULL for "/". */
char *confdir_parent(const char *dir);

struct dircache;

/** Whether the configuration file `full` (a path from the root), of the
 * name `name`, is the one its directory holds for a tool: the path it is
 * kept under (which lives as long as the run) if so, NULL if the tool
 * passes it over (a package.json without a "prettier" key).  `ctx` is
 * what confdir_nearest() was given. */
typedef const char *confdir_take(const char *full, enum confdir_name name, void *ctx);

/**
 * The configuration file nearest the directory `dir` (a path from the
 * root), as prettier and Biome search: from `dir` up to the root, the
 * first directory where take() counts one of the names `first` to `last`
 * (in that order) answers, with the first it counts there.  Returns what
 * take() returned, or NULL if no directory up to the root holds one.
 * The answer for `dir` and for each directory above it that was looked
 * at is kept in `dirs`, so that each is looked up once per run.
 */
const char *confdir_nearest(struct dircache *dirs, const char *dir, enum confdir_name first,
			    enum confdir_name last, confdir_take *take, void *ctx);

/** Forget what was found. */
void confdir_release(void);

#endif
