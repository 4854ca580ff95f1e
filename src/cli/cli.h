/* cli.h - jfmt's command line: options into a struct, help and version
 * (cli.c), and colour set-up (cli_color.c). */
#ifndef JFMT_CLI_H
#define JFMT_CLI_H

#include "layout/format.h"
#include "base/status.h"

enum color_when { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };

struct cli {
	struct format_options fmt;
	enum color_when color;
	int allow_comments;     /* --comments or --strip-comments */
	int strip_comments;
	int blank_lines;        /* --blank-lines: 1 keep, 0 drop, -1 not
				 * given (keep with --comments) */
	int validate;           /* -n: validate only, write nothing */
	int check;              /* --check: name the inputs not formatted */
	int list;               /* -l: name the inputs formatted differently
				 * (with -i: rewritten) */
	int diff;               /* -d: show how they differ */
	int null;               /* -z: names listed raw, each ended by a NUL */
	int recursive;          /* -r: walk directory operands */
	char **excludes;        /* --exclude's GLOBs (walk.h) */
	int nexcludes;
	int no_gitignore;       /* --no-gitignore: -r asks git nothing */
	int editorconfig;       /* read .editorconfig (not --no-editorconfig) */
	int indent_given;       /* -c, --indent or --tab: .editorconfig's
				 * indentation does not apply */
	int eol_given;          /* --eol: nor its end_of_line */
	const char *stdin_name; /* standard input in messages and lists */
	int stdin_named;        /* ... given by --stdin-filename */
	int keep_going;         /* -k: skip invalid values and go on */
	int single;             /* --single: each input is one JSON text */
	size_t hold;            /* --buffer-size: hold each value back up to
				 * this many bytes (0: stream) */
	int in_place;
	int progress;
	unsigned jobs;          /* -j N; 0: by the input's size (jobs.h) */
	const char *output;     /* -o FILE, or NULL for stdout */
	char **files;           /* the operands; none means standard input */
	int nfiles;
};

/** Whether each input is compared with its formatted text (compare.h). */
static inline int cli_compares(const struct cli *cli)
{
	return cli->check || cli->list || cli->diff || cli->in_place;
}

/** Whether the inputs that differ are named on standard output (--check
 * without --diff, or -l). */
static inline int cli_lists(const struct cli *cli)
{
	return cli->list || (cli->check && !cli->diff);
}

/** Print the help text, or the version, to standard output and exit 0
 *  (cli_help.c). */
_Noreturn void cli_print_help(void);
_Noreturn void cli_print_version(void);

/**
 * Parse argv into `cli`.  Prints help or version and exits 0 when asked;
 * prints a one-line complaint and exits EXIT_USAGE on misuse.
 */
void cli_parse(struct cli *cli, int argc, char **argv);

/** Free what cli_parse() allocated. */
void cli_release(struct cli *cli);

/**
 * Decide on colour (the --color choice, whether stdout is a terminal,
 * NO_COLOR) and fill in the escape sequences from the defaults and
 * JFMT_COLORS.  Colour is never written to files.
 */
void cli_setup_color(struct cli *cli, int stdout_is_tty);

#endif
