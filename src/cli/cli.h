/* cli.h - jfmt's command line: options into a struct, help and version
 * (cli.c), and colour set-up (cli_color.c). */
#ifndef JFMT_CLI_H
#define JFMT_CLI_H

#include "layout/format.h"
#include "base/status.h"
#include "cli/optable.h"

enum color_when { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };

/* How an option of optable[] was given on the command line, for the
 * command that --check prints, and for what the command line wins over. */
struct opt_given {
	unsigned char set;      /* given, and not overridden since (by its
				 * group, optable.h) */
	unsigned char as_letter; /* as its letter: -S, not --sort-keys */
	const char *value;      /* the last value given, or NULL */
};

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
	const char **excludes;  /* --exclude's GLOBs (walk.h) */
	int nexcludes;
	int no_gitignore;       /* --no-gitignore: -r asks git nothing */
	int editorconfig;       /* read .editorconfig (not --no-editorconfig) */
	int config;             /* read configuration files (not --no-config) */
	const char *print_config; /* --print-config FILE, or NULL */
	int indent_given;       /* -c, --indent or --tab: .editorconfig's
				 * indentation does not apply */
	int parser;             /* --parser: 0 not given, else 1 + enum
				 * prettier_parser (cli/prettier_names.h) */
	int trailing_commas;    /* --trailing-commas: 1 all, 0 none, -1 not
				 * given (--style=prettier's: all) */
	int eol_given;          /* --eol: nor its end_of_line */
	int final_newline;      /* --final-newline: 1 yes, 0 no, -1 not
				 * given (.editorconfig's, or yes) */
	struct opt_given given[OPTABLE_MAX]; /* one for each row of optable[] */
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

/** Print the table of options (optable.h), for --list-options, and exit
 *  0. */
_Noreturn void cli_print_options(void);

/**
 * Parse argv into `cli`.  Prints help or version and exits 0 when asked;
 * prints a one-line complaint and exits EXIT_USAGE on misuse.
 */
void cli_parse(struct cli *cli, int argc, char **argv);

/* cli_parse() in three steps, for a program that builds a command line
 * of its own from the table (the fuzzer): */

/** The defaults: no option given. */
void cli_defaults(struct cli *cli);

/** Apply the option of `row` (given by its letter if `as_letter`), with
 * `value` (NULL: none), and note it in cli->given.  A bad value is a usage
 * error (exits EXIT_USAGE). */
void cli_apply(struct cli *cli, const struct opt_row *row, int as_letter,
	       const char *value);

/** After the last option: what follows from them all together (the
 * comments kept, the blank lines, --style=prettier's defaults). */
void cli_settle(struct cli *cli);

/** Before cli_settle(): the option that cannot go with --style=prettier,
 * if it was given with it, else NULL. */
const char *cli_not_prettier(const struct cli *cli);

/**
 * Whether `value` is one the option of `row` takes in a configuration
 * file (a flag: true or false): 0, or -1 with why not in why[0..size)
 * ("invalid indent '40' (expected 0 to 16)").
 */
int cli_check_value(const struct opt_row *row, const char *value, char *why, size_t size);

/** Whether the option whose id is `id` (optable.h) was given, and not
 * overridden by another of its group. */
int cli_given(const struct cli *cli, int id);

/** Free what cli_parse() allocated. */
void cli_release(struct cli *cli);

/**
 * Decide on colour (the --color choice, whether stdout is a terminal,
 * NO_COLOR) and fill in the escape sequences from the defaults and
 * JFMT_COLORS.  Colour is never written to files.
 */
void cli_setup_color(struct cli *cli, int stdout_is_tty);

#endif
