/* confset.h - what the configuration files say of one input's options
 * (struct file_config), each with its rank and its place, as the readers
 * of each kind of file note it (config.h says what wins).
 */
#ifndef JFMT_CONFSET_H
#define JFMT_CONFSET_H

#include <stddef.h>

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

#endif
