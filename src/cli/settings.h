/* settings.h - what applies to one input: the command line's options,
 * then what the input's name says (JSONC, filetype.h), then its
 * .editorconfig (editorconfig.h), where the command line did not say
 * (--final-newline over insert_final_newline).
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

/** Whether the reader or the formatter must be set up anew to go from `a`
 * to `b`. */
int settings_differ(const struct file_setup *a, const struct file_setup *b);

#endif
