/* config.h - what configuration files say of each input's options, and
 * where each thing is said.
 *
 * For each input, as the formatters read them, nearest file first:
 *
 *  - .editorconfig (editorconfig.h): indent_style, indent_size,
 *    end_of_line, insert_final_newline, max_line_length (the width; off:
 *    none), and jfmt's own keys, one for each option of the table that
 *    has one (optable.h: jfmt_indent = 4, jfmt_sort_keys = true,
 *    jfmt_style = prettier), which EditorConfig lets a tool keep;
 *  - the configuration of prettier (prettierrc.h) or of Biome (biome.h)
 *    that governs the file, if any: the nearest one (prettier's where both
 *    stand in the same directory).  A file it governs is laid out in
 *    --style=prettier with its options, and that formatter's defaults for
 *    the rest.
 *
 * Where several say the same option, what wins, from the top:
 *
 *   the command line;
 *   jfmt's own keys in .editorconfig (CONF_JFMT);
 *   prettier's or Biome's options (CONF_TOOL);
 *   .editorconfig's own properties (CONF_EDITORCONFIG), as prettier
 *   reads them under its own (under Biome, only with its
 *   formatter.useEditorconfig);
 *   prettier's or Biome's defaults (CONF_TOOL_DEFAULT).
 *
 * Of -c, --indent and --tab (one group, optable.h), only what the highest
 * of these says applies, and of that what is said last (settings.c).
 * Tabs said below jfmt's keys (useTabs, indentStyle, indent_style) make a
 * width said there too a tab's width, as the other formatters read it.
 * A value that a configuration file cannot hold (jfmt_indent = 40,
 * "tabWidth": "four") is an error that names the file, its line and
 * column: exit status 2, and no input is touched (config_for() is asked
 * of every input before -i rewrites one).  Each directory's
 * configuration is looked up once (dircache.h).
 */
#ifndef JFMT_CONFIG_H
#define JFMT_CONFIG_H

#include <stddef.h>

#include "base/status.h"
#include "cli/confset.h"

/**
 * Fill `fc` for the input named `path` (which need not exist: standard
 * input's --stdin-filename); `editorconfig`: read .editorconfig.  Returns
 * EXIT_OK; EXIT_IO if a configuration file cannot be read (reported);
 * EXIT_USAGE if one holds a value it cannot (reported, with its place).
 */
enum exit_status config_for(const char *path, int editorconfig, struct file_config *fc);

/** Whether -r leaves out `path` (a directory if `is_dir`): what the
 * .prettierignore of the prettier configuration that governs it ignores,
 * or the files.includes of the Biome one (prettierrc.h, biome.h). */
int config_ignored(const char *path, int is_dir);

/** Take the n names `entries` as what the directory `dir`, just read by
 * -r, holds: the lookups of configuration below it do not read it again
 * (confdir.h). */
void config_listed(const char *dir, char *const *entries, size_t n);

/** Forget what was looked up. */
void config_release(void);

#endif
