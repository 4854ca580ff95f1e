/* settings.h - what applies to one input: the command line's options,
 * then what its configuration files say where the command line does not
 * (config.h), then what the input's name says (JSONC, filetype.h).
 * Standard input has a name only with --stdin-filename.
 */
#ifndef JFMT_SETTINGS_H
#define JFMT_SETTINGS_H

#include "cli/cli.h"
#include "base/status.h"

struct file_setup {
	struct format_options fmt;      /* the layout (fmt.comments: JSONC's
					 * comments kept) */
	int allow_comments;             /* read as JSONC */
	int final_newline;              /* end the output with a newline */
};

/** Whether an input's output may end without a newline (--final-newline=no,
 * or an .editorconfig that may say so): its last line end must then be
 * held back (tail.h). */
int settings_may_drop_newline(const struct cli *cli);

/** What the command line alone says. */
void settings_default(const struct cli *cli, struct file_setup *fs);

/**
 * Fill in `fs` for the input `path` ("-": standard input).  If it cannot
 * be formatted as asked (--width and a JSONC file's comments; an
 * .editorconfig that cannot be parsed), says so and returns the status;
 * else EXIT_OK.
 */
enum exit_status settings_for(const struct cli *cli, const char *path, struct file_setup *fs);

struct file_config;

/* Where an option of an input comes from. */
enum settings_source {
	SETTINGS_NONE,          /* nowhere: its default (or another of its
				 * group wins) */
	SETTINGS_COMMAND_LINE,
	SETTINGS_CONFIG,        /* fc says it, and the command line does not */
};

/** Where the option of `row` comes from, for an input whose
 * configuration is `fc`. */
enum settings_source settings_source(const struct cli *cli, const struct file_config *fc,
				     const struct opt_row *row);

/**
 * Apply to `c` (a copy of the command line's `cli`) what `fc` says,
 * where the command line does not (config.h): as the options would be,
 * in the table's order.
 */
void settings_apply(struct cli *c, const struct cli *cli, const struct file_config *fc);

/**
 * What applies to the input named `name`: its configuration in *fc, and
 * in *c the command line `cli` with that configuration and what the name
 * says applied (*jsonc: read as JSONC for its name).  Returns EXIT_OK, or
 * config_for()'s status (reported).
 */
enum exit_status settings_resolve(const struct cli *cli, const char *name,
				  struct file_config *fc, struct cli *c, int *jsonc);

/** Whether the reader or the formatter must be set up anew to go from `a`
 * to `b`. */
int settings_differ(const struct file_setup *a, const struct file_setup *b);

#endif
