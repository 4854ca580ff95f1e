/* prettierrc.h - prettier's configuration (https://prettier.io/docs/
 * configuration): which file governs an input, and what it says of the
 * options jfmt has.
 *
 * As prettier searches, from the input's directory up to the root, the
 * first of these in the nearest directory that has one: package.json
 * with a "prettier" key, package.yaml with one, .prettierrc (YAML, or
 * JSON), .prettierrc.json, .prettierrc.yml, .prettierrc.yaml, then the
 * kinds jfmt cannot read (.prettierrc.json5, .prettierrc.toml, and the
 * JavaScript and TypeScript ones: .prettierrc.js, prettier.config.js,
 * .mjs, .cjs, .ts...).  One of those governing an input is an error that
 * names it and says what to do (exit status 2): never a silent default.
 * A package.json that is not valid JSON, or has no "prettier" key, is
 * passed over, as prettier passes it over.
 *
 * Of its options jfmt takes: printWidth (--width), tabWidth (--indent),
 * useTabs (--tab), endOfLine (--eol: lf, crlf or auto; cr is not one jfmt
 * writes, an error), bracketSpacing, objectWrap and trailingComma (none;
 * es5 and all are "all"), each with the type and range jfmt takes; the
 * others do not concern JSON and are left aside.  overrides apply in
 * order to the files their files globs match and their excludeFiles
 * globs do not, relative to the configuration's directory (confglob.h).
 * An input it governs is laid out in --style=prettier, with prettier's
 * defaults for the rest: width 80, indent 2, trailing commas (in JSONC
 * files) all.  With -r, the .prettierignore beside the configuration (in
 * the directory prettier would be run from) leaves out what it ignores.
 */
#ifndef JFMT_PRETTIERRC_H
#define JFMT_PRETTIERRC_H

#include "base/status.h"
#include "cli/confset.h"

/** The prettier configuration nearest the directory `dir` (from the
 * root): its path, which lives as long as the run, or NULL.  Found once
 * per directory. */
const char *prettierrc_find(const char *dir);

/**
 * What the configuration `file` (prettierrc_find()'s) says of the input
 * whose path from the root is `full`, into `fc`.  Returns EXIT_OK;
 * EXIT_USAGE if jfmt cannot read it or take a value of it (reported the
 * first time); EXIT_IO if it cannot be read (reported the first time).
 */
enum exit_status prettierrc_apply(const char *file, const char *full, struct file_config *fc);

/** Whether the .prettierignore beside the configuration `file`
 * (prettierrc_find()'s) ignores the path from the root `full`, a directory
 * if `is_dir` (ignorefile.h); for -r. */
int prettierrc_ignores(const char *file, const char *full, int is_dir);

/** Forget what was read. */
void prettierrc_release(void);

#endif
