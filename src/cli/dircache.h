/* dircache.h - what was found out once about a directory (or a file),
 * kept by its path for the rest of the run: whether an .editorconfig
 * stands above it, which prettier or Biome configuration governs it, a
 * configuration file read and parsed.  Configuration is looked up once
 * per directory, never once per file, through this.
 *
 * A cache maps path strings to pointers; it copies the paths, and owns
 * nothing of what the pointers point to.
 */
#ifndef JFMT_DIRCACHE_H
#define JFMT_DIRCACHE_H

#include <stddef.h>

struct dircache_entry;

struct dircache {
	struct dircache_entry **slots;  /* open hashing: chains */
	size_t cap, n;
	struct dircache_entry *last;    /* the entry found or put last */
};

/** Whether `path` is in the cache: if so, *value is what was put, and the
 * cache's copy of `path` is returned (it lives as long as the cache); if
 * not, NULL. */
const char *dircache_get(struct dircache *c, const char *path, void **value);

/** Keep `value` for `path` (replacing what was kept), and return the
 * cache's copy of `path`, which lives as long as the cache. */
const char *dircache_put(struct dircache *c, const char *path, void *value);

/** Forget everything; free_value(value) for each value first, if it is
 * not NULL.  The cache can be used again. */
void dircache_release(struct dircache *c, void (*free_value)(void *value));

#endif
