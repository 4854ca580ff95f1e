/* optable.h - every option of jfmt, declared once, in one table: its
 * names, the value it takes, whether it changes the layout, its
 * configuration key, and its lines in --help.
 *
 * Everything that lists options is built from this table, at run time:
 * getopt_long()'s options and short-option string (cli.c), the option
 * list of --help and the listing of --list-options (cli_help.c), and the
 * command that --check prints to fix what it found (summary.c).  The tests
 * read the table through --list-options: the layouts the referee and the
 * -j checker go through, the fixing command's test, the out-of-memory
 * sweeps, and the checks that the man page, README.md and each completion
 * script name every option offered; the fuzzer compiles the table in and
 * picks its options from it.
 *
 * What an option does is not here: cli.c applies each one by its id.
 *
 * Adding an option is adding a row (in the order --help lists them), its
 * case in cli.c's apply_option(), and its effect.
 */
#ifndef JFMT_OPTABLE_H
#define JFMT_OPTABLE_H

#include <stddef.h>
#include <stdio.h>

/* The ids of the options that have no letter; an option with a letter has
 * the letter as its id.  (getopt_long() returns the id.) */
enum opt_id {
	OPT_BUFFER_SIZE = 256,
	OPT_COMMENTS,
	OPT_ESCAPE_SLASH,
	OPT_INDENT,
	OPT_PROGRESS,
	OPT_SEQ,
	OPT_COLOR,
	OPT_STRIP_COMMENTS,
	OPT_SINGLE,
	OPT_CHECK,
	OPT_STDIN_FILENAME,
	OPT_KEEP_ESCAPES,
	OPT_EOL,
	OPT_BLANK_LINES,
	OPT_EXCLUDE,
	OPT_NO_EDITORCONFIG,
	OPT_NO_GITIGNORE,
	OPT_FINAL_NEWLINE,
	OPT_STYLE,
	OPT_BRACKET_SPACING,
	OPT_OBJECT_WRAP,
	OPT_TRAILING_COMMAS,
	OPT_PARSER,
	OPT_LIST_OPTIONS,
	OPT_NO_CONFIG,
	OPT_PRINT_CONFIG,
};

/* What follows an option. */
enum opt_value {
	OPT_NO_VALUE,           /* nothing: a flag */
	OPT_VALUE,              /* a value: --name=VALUE, --name VALUE, -xVALUE */
	OPT_OPTIONAL_VALUE,     /* a value or none: --name[=VALUE] */
};

/* A row's flags. */
enum {
	/* It changes what is written for an input: the command that --check
	 * prints repeats it, and the tests go through it in every layout
	 * list (--list-options says "layout"). */
	OPT_LAYOUT = 1 << 0,
	/* Not yet offered: parsed and applied, but left out of --help, and
	 * not required of the man page, README.md and the completions, until
	 * what it does is finished ("hidden"). */
	OPT_HIDDEN = 1 << 1,
	/* Another long name of the row before it, which it is in every way:
	 * --help shows it on that row's line ("alias"). */
	OPT_ALIAS = 1 << 2,
};

/* Options that override one another: of those given, the last one wins,
 * and only it is repeated in --check's command. */
enum opt_group {
	GROUP_NONE,
	GROUP_INDENT,           /* -c, --indent, --tab */
};

struct opt_row {
	const char *name;       /* the long name, without "--"; or NULL */
	char letter;            /* the short name, or 0 */
	int id;                 /* enum opt_id; 0: the letter */
	enum opt_value value;
	const char *arg;        /* the value's name in --help: "N", "FILE" */
	const char *words;      /* the values accepted, '|' between them
				 * ("keep|drop"), or NULL: any, checked by
				 * cli.c */
	const char *noun;       /* what a bad word is called in the message
				 * ("invalid line end 'x'") */
	const char *examples;   /* values the tests try ('|' between them),
				 * or NULL: each of `words` */
	enum opt_group group;
	unsigned flags;         /* OPT_LAYOUT, OPT_HIDDEN, OPT_ALIAS */
	const char *config;     /* its key in configuration files
				 * ("jfmt_indent"), or NULL: none */
	const char *fallback;   /* its value when nothing sets it, for
				 * --print-config, or NULL */
	const char *heading;    /* --help's heading above it, or NULL; ""
				 * for a blank line alone */
	const char *help;       /* --help's description, '\n' between its
				 * lines */
};

/* The most rows the table may have: what is kept for each row is sized by
 * it, without an allocation at start-up (optable.c checks it when it is
 * compiled). */
#define OPTABLE_MAX 64

/* The table, in the order of --help, and how many rows it has. */
extern const struct opt_row optable[];
extern const size_t optable_rows;

/** A row's id: getopt_long()'s value for it. */
static inline int optable_id(const struct opt_row *row)
{
	return row->id ? row->id : row->letter;
}

/** The first row whose id is `id` (the one an alias row follows), or
 * NULL. */
const struct opt_row *optable_by_id(int id);

/** The row whose configuration key is `key` (row->config), or NULL. */
const struct opt_row *optable_by_config(const char *key);

/** Which of row->words `word` is (0 for the first), or -1. */
int optable_word(const struct opt_row *row, const char *word);

/** The k-th (from 0) of the row's example values (row->examples, or else
 * row->words) into buf; returns how many there are (0: none). */
int optable_example(const struct opt_row *row, int k, char *buf, size_t size);

/** row->words for a message: "keep or drop", "lf, crlf or auto". */
void optable_expected(const struct opt_row *row, char *buf, size_t size);

/** --help's option list: each row not hidden nor an alias, on lines of
 * its own, under its heading. */
void optable_print_help(FILE *out);

/**
 * --list-options: every row, one a line, seven fields separated by tabs,
 * "-" for an empty one: the long name, the letter, the value (none,
 * required or optional), the words accepted ('|' between them), example
 * values ('|' between them), the flags (layout, hidden, alias; ','
 * between them), and the configuration key.
 */
void optable_print_list(FILE *out);

#endif
