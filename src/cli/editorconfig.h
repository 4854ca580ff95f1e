/* editorconfig.h - what the .editorconfig files that apply to a file say
 * of its layout, read by libeditorconfig (https://editorconfig.org): the
 * format is someone else's, so is its parser.
 *
 * The library finds the .editorconfig files from the file's directory up,
 * nearest first, stopping after one that says root = true, and matches
 * each section's glob as the EditorConfig specification defines; where
 * several set a property, the nearest wins.  It also resolves
 * indent_size = tab to tab_width.  jfmt reads those files first itself
 * (ecread.h): one that cannot be read is an error, where the library would
 * skip it.  What the properties mean to jfmt is config.h's.
 *
 * Whether any .editorconfig applies to what a directory holds is found out
 * once per directory (dircache.h); the library, which has no other way,
 * reads the files again for each file it is asked about, and only when
 * there are some.
 */
#ifndef JFMT_EDITORCONFIG_H
#define JFMT_EDITORCONFIG_H

#include <stddef.h>

#include "base/status.h"
#include "style/options.h"

/* Called with each property that applies to a file, nearest file's
 * value; the strings live until it returns. */
typedef void editorconfig_fn(void *ctx, const char *name, const char *value);

/**
 * Call fn(ctx, name, value) for each property that the .editorconfig files
 * give the file at `path` (which need not exist: standard input's
 * --stdin-filename).  If an .editorconfig that applies cannot be read or
 * parsed, says so, naming `path`, and returns EXIT_IO; else EXIT_OK.
 */
enum exit_status editorconfig_each(const char *path, editorconfig_fn *fn, void *ctx);

/**
 * Where `name = value` is said for `path`: the nearest .editorconfig above
 * it that has such a line (its last one), as *file (the file's path, which
 * lives until editorconfig_release()), *line and *col (of the value, from
 * 1).  Returns 0, or -1 if none is found (*file NULL).  Used for messages
 * and --print-config: the library does not say where a property came from.
 */
int editorconfig_where(const char *path, const char *name, const char *value,
		       const char **file, int *line, int *col);

/** The text of line `line` of the .editorconfig `file` (one that
 * editorconfig_where() named), without its line end, or NULL. */
const char *editorconfig_line(const char *file, int line, size_t *len);

/** Forget what was cached. */
void editorconfig_release(void);

/**
 * The library that reads .editorconfig files, for --version: writes its
 * name and version into buf ("libeditorconfig 0.12.6") and returns 0, or
 * why it could not be loaded and returns -1.  The library is loaded the
 * first time a file has an .editorconfig above it, or here, and not
 * before; when it cannot be, editorconfig_style() says so, naming the
 * file, and returns EXIT_IO.
 */
int editorconfig_library(char *buf, size_t size);

#endif
