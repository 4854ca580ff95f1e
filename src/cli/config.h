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
 *   reads them under its own;
 *   prettier's or Biome's defaults (CONF_TOOL_DEFAULT).
 *
 * Of -c, --indent and --tab (one group, optable.h), only what the highest
 * of these says applies.  A value that a configuration file cannot hold
 * (jfmt_indent = 40, "tabWidth": "four") is an error that names the file,
 * its line and column: exit status 2, and no input is touched (config_
 * for() is asked of every input before -i rewrites one).  Each directory's
 * configuration is looked up once (dircache.h).
 */
#ifndef JFMT_CONFIG_H
#define JFMT_CONFIG_H

#include "base/status.h"
#include "cli/optable.h"

enum conf_rank {
	CONF_NONE,              /* not said */
	CONF_TOOL_DEFAULT,
	CONF_EDITORCONFIG,
	CONF_TOOL,
	CONF_JFMT,
};

/* The longest value kept. */
#define CONF_VALUE_MAX 32

/* What the configuration says of one option for one file. */
struct conf_setting {
	enum conf_rank rank;
	char value[CONF_VALUE_MAX];     /* as the command line takes it; a
					 * flag: "true" or "false" */
	const char *file;               /* the file that says it (lives as
					 * long as the run) */
	int line, col;                  /* where in it, from 1; 0: not known */
	const char *key;                /* what it is called there
					 * ("indent_size", "printWidth"): a
					 * string that lives as long as the
					 * run */
};

struct file_config {
	struct conf_setting opt[OPTABLE_MAX];   /* by row of optable[] */
	const char *governor;           /* the prettier or Biome configuration
					 * that governs the file, or NULL */
};

/**
 * Fill `fc` for the input named `path` (which need not exist: standard
 * input's --stdin-filename); `editorconfig`: read .editorconfig.  Returns
 * EXIT_OK; EXIT_IO if a configuration file cannot be read (reported);
 * EXIT_USAGE if one holds a value it cannot (reported, with its place).
 */
enum exit_status config_for(const char *path, int editorconfig, struct file_config *fc);

/**
 * Note that the option of `row` is set to `value` at `rank` by `file`
 * (line and column from 1, or 0) with `key` (a string that lives as long
 * as the run), unless something of a higher rank said it already.  For
 * the readers of each kind of file.
 */
void config_say(struct file_config *fc, const struct opt_row *row, enum conf_rank rank,
		const char *value, const char *file, int line, int col, const char *key);

/**
 * Report a value that a configuration file cannot hold: "jfmt:
 * FILE:LINE:COL: KEY: WHY", then, when `text` (the line's,
 * text[0..len)) is given, the line and a caret under the column.
 * Returns EXIT_USAGE.
 */
enum exit_status config_error(const char *file, int line, int col, const char *key,
			      const char *why, const char *text, size_t len);

/** `file` (a path from the root) as messages show it: from the current
 * directory when it is below it. */
const char *config_shown(const char *file);

/** Forget what was looked up. */
void config_release(void);

#endif
