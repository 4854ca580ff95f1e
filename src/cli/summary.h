/* summary.h - the last word of --check and -l, on standard error: how many
 * inputs are not formatted, and the command that formats them.
 *
 * The command is jfmt -i with the layout options of the table (optable.h)
 * that were given, in the table's order, each once (the last value given;
 * of -c, --tab and --indent, the last one), as given (-S or --sort-keys)
 * but with its value after '=' (--width=30), then the files that differ,
 * as they were named; or, when that is shorter, -r if it was given and the
 * operands as given.  Each word is quoted for the shell
 * (quote_shell()), so that the command can be pasted as it is.  Standard
 * input cannot be rewritten in place: when it differs, a line of its own
 * gives the command that formats it.
 */
#ifndef JFMT_SUMMARY_H
#define JFMT_SUMMARY_H

#include <stddef.h>

#include "cli/cli.h"

struct summary {
	char **names;           /* the files that differ, copies */
	size_t n, cap;
	int stdin_differs;
};

/** An empty summary. */
void summary_init(struct summary *s);

/** Another input that is not formatted: `path` as walk.h gave it ("-" for
 * standard input). */
void summary_add(struct summary *s, const char *path);

/** Print the summary, if any input differed. */
void summary_print(const struct summary *s, const struct cli *cli);

/** Free the copies of the names. */
void summary_release(struct summary *s);

#endif
