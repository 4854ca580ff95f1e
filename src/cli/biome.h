/* biome.h - Biome's configuration (https://biomejs.dev/reference/
 * configuration): biome.json or biome.jsonc, the nearest one from an
 * input's directory up, both read as JSONC (as jfmt formats them: filetype.h).
 *
 * Of it jfmt takes, from formatter, then json.formatter over it:
 * indentStyle (tab or space: --tab), indentWidth (--indent), lineWidth
 * (--width), lineEnding (--eol: lf, crlf or auto; cr is not one jfmt
 * writes, an error), bracketSpacing, expand (auto: --object-wrap=preserve,
 * never: collapse; always is not a layout jfmt has, an error),
 * trailingNewline (--final-newline) and json.formatter.trailingCommas; and
 * json.parser.allowComments or allowTrailingCommas (--comments).  Each
 * override whose includes match the input (globs of the whole path below
 * the configuration's directory, in order, a '!' one excluding) applies
 * over them, in order.  Biome's defaults apply to the rest: tabs, width 80,
 * no trailing commas;
 * .editorconfig's standard properties only with formatter.useEditorconfig
 * (jfmt's own keys there always).  A configuration that extends "//" (a
 * nested one, in a monorepo) takes the one above it first; one that
 * extends anything else is an error, as jfmt does not follow it.  An input
 * it governs is laid out in --style=prettier, as Biome writes JSON.  With
 * -r, what files.includes leaves out is left out.
 */
#ifndef JFMT_BIOME_H
#define JFMT_BIOME_H

#include "base/status.h"
#include "cli/confset.h"

/** The Biome configuration nearest the directory `dir` (from the root):
 * its path, which lives as long as the run, or NULL.  Found once per
 * directory. */
const char *biome_find(const char *dir);

/**
 * What the configuration `file` (biome_find()'s) says of the input whose
 * path from the root is `full`, into `fc`.  Returns EXIT_OK; EXIT_USAGE if
 * jfmt cannot read it or take a value of it (reported the first time);
 * EXIT_IO if it cannot be read (reported the first time).  Sets
 * *editorconfig to whether .editorconfig's standard properties apply.
 */
enum exit_status biome_apply(const char *file, const char *full, struct file_config *fc,
			     int *editorconfig);

/** Whether the files.includes of the configuration `file`
 * (biome_find()'s) leave out the path from the root `full`, a directory
 * if `is_dir` (then only a '!' glob that matches it does); for -r. */
int biome_ignores(const char *file, const char *full, int is_dir);

/** Forget what was read. */
void biome_release(void);

#endif
