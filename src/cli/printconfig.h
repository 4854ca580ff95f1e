/* printconfig.h - --print-config FILE: the options that apply to FILE, and
 * where each comes from, one a line, as its configuration key would set it
 * in an .editorconfig, then a tab and its origin:
 *
 *   jfmt_indent = 4	.editorconfig:3:15: indent_size
 *   jfmt_width = 80	.prettierrc: prettier's default
 *   jfmt_eol = crlf	command line
 *   jfmt_comments = true	tsconfig.json: its name (JSONC)
 *   jfmt_seq = false	default
 *
 * Every option that has a configuration key is listed, in the table's
 * order (optable.h); of -c, --indent and --tab, the one that applies.
 * Files are named from the current directory when they are below it.
 */
#ifndef JFMT_PRINTCONFIG_H
#define JFMT_PRINTCONFIG_H

#include "cli/cli.h"

/** Print what applies to `path` on standard output and exit: 0, or
 * config_for()'s status (its message printed). */
_Noreturn void print_config(const struct cli *cli, const char *path);

#endif
