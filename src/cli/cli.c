/* cli.c - option parsing with getopt_long; the help and version texts
 * are cli_help.c's, colour set-up cli_color.c's. */
#include "cli/cli.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "cli/strorder.h"
#include "jobs/jobs.h"
#include "layout/consumer.h"
#include "text/escape.h"

/* --buffer-size: the default, and the largest accepted. */
#define HOLD_DEFAULT ((size_t)4 << 20)
#define HOLD_MAX ((size_t)1 << 30)

/* The name of standard input unless --stdin-filename gives one. */
#define STDIN_NAME "<stdin>"

/* getopt_long()'s options and short-option string, built from optable[]
 * by build_getopt().  (At most "x::" for each row, ':' first, NUL last.) */
static struct option long_opts[OPTABLE_MAX + 1];
static char short_opts[1 + 3 * OPTABLE_MAX + 1];

static void build_getopt(void)
{
	static const int has_arg[] = { no_argument, required_argument, optional_argument };
	size_t n = 0, len = 0;

	short_opts[len++] = ':';        /* a missing value returns ':' */
	for (size_t i = 0; i < optable_rows; i++) {
		const struct opt_row *r = &optable[i];
		if (r->name)
			long_opts[n++] = (struct option){ r->name, has_arg[r->value], NULL,
							  optable_id(r) };
		if (r->letter) {
			short_opts[len++] = r->letter;
			for (int colons = (int)r->value; colons > 0; colons--)
				short_opts[len++] = ':';        /* 1 required, 2 optional */
		}
	}
	long_opts[n] = (struct option){ NULL, 0, NULL, 0 };
	short_opts[len] = 0;
}

/* A number from 0 to max, digits only (strtol would also take leading
 * blanks and a sign), or -1. */
static long parse_count(const char *s, long max)
{
	char *end;
	errno = 0;
	long n = strtol(s, &end, 10);
	if (errno || end == s || *end || !isdigit((unsigned char)s[0]) || n < 0 || n > max)
		return -1;
	return n;
}

static int parse_indent(const char *s)
{
	long n = parse_count(s, FORMAT_INDENT_MAX);
	if (n < 0)
		diag_usage("invalid indent '%s' (expected 0 to %d)", s, FORMAT_INDENT_MAX);
	return (int)n;
}

/* SIZE: digits, then nothing or one of K, M, G (powers of 1024). */
static size_t parse_size(const char *s)
{
	char *end;
	errno = 0;
	unsigned long long n = strtoull(s, &end, 10);
	unsigned shift = 0;

	if (*end == 'K' || *end == 'k')
		shift = 10;
	else if (*end == 'M' || *end == 'm')
		shift = 20;
	else if (*end == 'G' || *end == 'g')
		shift = 30;
	if (shift)
		end++;
	if (errno || end == s || *end || !isdigit((unsigned char)s[0]) ||
	    n > (HOLD_MAX >> shift))
		diag_usage("invalid size '%s' (expected a number of bytes up to 1G, "
			   "with K, M or G after it)", s);
	return (size_t)(n << shift);
}

static int parse_width(const char *s)
{
	long n = parse_count(s, WIDTH_MAX);
	if (n < 0)
		diag_usage("invalid width '%s' (expected 0 to %d)", s, WIDTH_MAX);
	return (int)n;
}

static unsigned parse_jobs(const char *s)
{
	long n = parse_count(s, JOBS_MAX);
	if (n < 1)
		diag_usage("invalid number of jobs '%s' (expected 1 to %d)", s, JOBS_MAX);
	return (unsigned)n;
}

/* Which of the row's words `value` is; a usage error if none. */
static int parse_word(const struct opt_row *row, const char *value)
{
	int k = optable_word(row, value);
	if (k < 0) {
		char expected[128];
		optable_expected(row, expected, sizeof expected);
		diag_usage("invalid %s '%s' (expected %s)", row->noun, value, expected);
	}
	return k;
}

/* A long option that is the start of several: say which they are, in
 * alphabetical order. */
static void ambiguous(const char *arg)
{
	size_t n = strcspn(arg + 2, "="), k = 0;
	const char **names = xrealloc(NULL, optable_rows * sizeof *names);
	char list[512] = "";

	for (const struct option *o = long_opts; o->name; o++)
		if (strncmp(o->name, arg + 2, n) == 0)
			names[k++] = o->name;
	qsort(names, k, sizeof *names, strorder_compare);
	for (size_t i = 0; i < k; i++) {
		if (strlen(list) + strlen(names[i]) + 8 < sizeof list) {
			strcat(list, *list ? ", --" : "--");
			strcat(list, names[i]);
		}
	}
	diag_usage("option '%.*s' is ambiguous: it could be %s", (int)n + 2, arg, list);
}

/* How many long options start with the name in `arg` ("--name[=value]"). */
static int prefix_matches(const char *arg)
{
	size_t n = strcspn(arg + 2, "=");
	int k = 0;

	for (const struct option *o = long_opts; o->name; o++)
		k += strncmp(o->name, arg + 2, n) == 0;
	return k;
}

/* The option that getopt just refused, for the message. */
static _Noreturn void bad_option(char **argv, int c)
{
	const char *arg = argv[optind - 1];
	char shortopt[3] = { '-', (char)optopt, 0 };

	if (!optopt && strncmp(arg, "--", 2) == 0 && prefix_matches(arg) > 1)
		ambiguous(arg);

	if (optopt && c == ':')
		diag_usage("option '%s' requires a value", optopt < 256 ? shortopt : arg);
	if (optopt && optopt < 256 && arg[1] != '-')
		diag_usage("unknown option '%s'", shortopt);
	if (strncmp(arg, "--", 2) == 0 && strchr(arg, '=') &&
	    optopt != 0)
		diag_usage("option '%s' takes no value", arg);
	if (optopt)
		diag_usage("option '%s' requires a value", arg);
	diag_usage("unknown option '%s'", arg);
}

static void apply_option(struct cli *cli, const struct opt_row *row, const char *value)
{
	struct format_options *f = &cli->fmt;
	int id = optable_id(row);
	int word = row->words && value ? parse_word(row, value) : -1;

	switch (id) {
	case 'a': f->escape_mode |= ESCAPE_ASCII; break;
	case 'C': cli->color = COLOR_ALWAYS; break;
	case 'c': f->compact = 1; cli->indent_given = 1; break; /* the last layout
								 * option wins */
	case 'd': cli->diff = 1; break;
	case 'h': cli_print_help(); break;
	case 'i': cli->in_place = 1; break;
	case 'j': cli->jobs = parse_jobs(value); break;
	case 'k': cli->keep_going = 1; break;
	case 'l': cli->list = 1; break;
	case 'M': cli->color = COLOR_NEVER; break;
	case 'n': cli->validate = 1; break;
	case 'o': cli->output = value; break;
	case 'r': cli->recursive = 1; break;
	case 'S': f->sort_keys = 1; break;
	case 't':
		f->compact = 0;
		f->indent = 1;
		f->indent_char = '\t';
		cli->indent_given = 1;
		break;
	case 'V': cli_print_version(); break;
	case 'w': f->width = parse_width(value); break;
	case 'z': cli->null = 1; break;
	case OPT_CHECK: cli->check = 1; break;
	case OPT_STDIN_FILENAME: cli->stdin_name = value; cli->stdin_named = 1; break;
	/* (words in the order of the row's) */
	case OPT_COLOR:
		cli->color = word < 0 ? COLOR_ALWAYS : (enum color_when[]){
			COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER }[word];
		break;
	case OPT_COMMENTS: cli->allow_comments = 1; break;
	case OPT_STRIP_COMMENTS: cli->allow_comments = cli->strip_comments = 1; break;
	case OPT_ESCAPE_SLASH: f->escape_mode |= ESCAPE_SLASH; break;
	case OPT_KEEP_ESCAPES: f->keep_escapes = 1; break;
	case OPT_INDENT:
		f->compact = 0;
		f->indent = parse_indent(value);
		f->indent_char = ' ';
		cli->indent_given = 1;
		break;
	case OPT_EXCLUDE:
		cli->excludes = xrealloc(cli->excludes, ((size_t)cli->nexcludes + 1) *
					 sizeof *cli->excludes);
		cli->excludes[cli->nexcludes++] = value;
		break;
	case OPT_NO_EDITORCONFIG: cli->editorconfig = 0; break;
	case OPT_NO_GITIGNORE: cli->no_gitignore = 1; break;
	case OPT_NO_CONFIG: cli->config = 0; break;
	case OPT_PRINT_CONFIG: cli->print_config = value; break;
	case OPT_BUFFER_SIZE: cli->hold = parse_size(value); break;
	case OPT_PROGRESS: cli->progress = 1; break;
	case OPT_SEQ: f->seq = 1; break;
	case OPT_EOL:
		f->eol = (enum eol_choice[]){ EOL_LF, EOL_CRLF, EOL_AUTO }[word];
		cli->eol_given = 1;
		break;
	case OPT_BLANK_LINES: cli->blank_lines = word == 0; break;     /* keep|drop */
	case OPT_FINAL_NEWLINE: cli->final_newline = word == 0; break; /* yes|no */
	case OPT_STYLE: f->style = word; break;                         /* enum format_style */
	case OPT_BRACKET_SPACING: f->bracket_spacing = word == 0; break; /* yes|no */
	case OPT_OBJECT_WRAP: f->object_wrap_collapse = word == 1; break; /* preserve|collapse */
	case OPT_TRAILING_COMMAS: cli->trailing_commas = word == 1; break; /* none|all */
	case OPT_PARSER: cli->parser = word + 1; break; /* json|jsonc|json-stringify */
	case OPT_SINGLE: cli->single = 1; break;
	case OPT_LIST_OPTIONS: cli_print_options(); break;
	}
}

int cli_check_value(const struct opt_row *row, const char *value, char *why, size_t size)
{
	char expected[128];
	long max = optable_id(row) == OPT_INDENT ? FORMAT_INDENT_MAX :
		optable_id(row) == 'w' ? WIDTH_MAX : -1;

	if (row->value == OPT_NO_VALUE) {
		if (strcmp(value, "true") == 0 || strcmp(value, "false") == 0)
			return 0;
		snprintf(why, size, "invalid value '%s' (expected true or false)", value);
	} else if (row->words) {
		if (optable_word(row, value) >= 0)
			return 0;
		optable_expected(row, expected, sizeof expected);
		snprintf(why, size, "invalid %s '%s' (expected %s)", row->noun, value, expected);
	} else if (max >= 0) {
		if (parse_count(value, max) >= 0)
			return 0;
		snprintf(why, size, "invalid %s '%s' (expected 0 to %ld)", row->name, value, max);
	} else {
		return 0;
	}
	return -1;
}

/* Note that `row` was given, over the others of its group. */
static void note_given(struct cli *cli, const struct opt_row *row, int as_letter,
		       const char *value)
{
	size_t i = (size_t)(row - optable);

	for (size_t j = 0; row->group && j < optable_rows; j++)
		if (optable[j].group == row->group)
			cli->given[j].set = 0;
	cli->given[i] = (struct opt_given){ 1, (unsigned char)as_letter, value };
}

void cli_apply(struct cli *cli, const struct opt_row *row, int as_letter, const char *value)
{
	if (row->flags & OPT_ALIAS)     /* noted as the row it stands for */
		row = optable_by_id(optable_id(row));
	apply_option(cli, row, value);
	note_given(cli, row, as_letter, value);
}

int cli_given(const struct cli *cli, int id)
{
	const struct opt_row *row = optable_by_id(id);
	return row && cli->given[row - optable].set;
}

/* The modes that write no formatted text cannot be told where to write it;
 * -l names what -i rewrote, or writes nothing else. */
static void check_modes(const struct cli *cli)
{
	const char *quiet = cli->validate ? "--validate" : cli->check ? "--check" :
		cli->diff ? "--diff" : cli->list && !cli->in_place ? "--list" : NULL;

	if (quiet && (cli->output || cli->in_place))
		diag_usage("%s writes nothing; it cannot be used with %s", quiet,
			   cli->output ? "--output" : "--in-place");
	if (cli->validate && (cli->check || cli->diff || cli->list))
		diag_usage("%s", "--validate cannot be used with --check, --diff or --list");
	if (cli->null && (cli->validate || !cli_lists(cli)))
		diag_usage("%s", "--null applies to the names that --check and --list write");
}

const char *cli_not_prettier(const struct cli *cli)
{
	const struct format_options *f = &cli->fmt;

	if (f->style != FORMAT_STYLE_PRETTIER)
		return NULL;
	return f->compact ? "--compact" : f->sort_keys ? "--sort-keys" :
		cli->color == COLOR_ALWAYS ? "--color" :
		f->escape_mode & ESCAPE_ASCII ? "--ascii" :
		f->escape_mode & ESCAPE_SLASH ? "--escape-slash" : NULL;
}

/* --style=prettier: prettier's defaults.  Prettier reads comments in any
 * JSON file but package.json's (settings.c). */
static void prettier_defaults(struct cli *cli)
{
	struct format_options *f = &cli->fmt;

	cli->color = COLOR_NEVER;
	if (f->width == 0)
		f->width = PRETTIER_WIDTH;
	f->keep_escapes = 1;
	cli->allow_comments = 1;
	if (cli->trailing_commas < 0)
		cli->trailing_commas = 1;       /* prettier's trailingComma: all */
}

void cli_defaults(struct cli *cli)
{
	memset(cli, 0, sizeof *cli);
	cli->fmt.indent = 2;
	cli->fmt.indent_char = ' ';
	cli->fmt.bracket_spacing = 1;
	cli->color = COLOR_AUTO;
	cli->hold = HOLD_DEFAULT;
	cli->stdin_name = STDIN_NAME;
	cli->blank_lines = -1;
	cli->final_newline = -1;
	cli->editorconfig = 1;
	cli->fmt.bracket_spacing = 1;
	cli->trailing_commas = -1;
	cli->config = 1;
#ifdef JFMT_GENERAL_ONLY
	cli->fmt.general_only = 1;      /* make general: the referee */
#endif
}

void cli_settle(struct cli *cli)
{
	if (cli->fmt.style == FORMAT_STYLE_PRETTIER)
		prettier_defaults(cli);
	cli->fmt.comments = cli->allow_comments && !cli->strip_comments;
	/* one line, or members reordered: no blank line has a place */
	cli->fmt.blank_lines = (cli->blank_lines < 0 ? cli->fmt.comments : cli->blank_lines) &&
			       !cli->fmt.compact && !cli->fmt.sort_keys;
}

/* The row getopt_long() matched: by its index among the long options
 * (NULL: none, a letter), or by its id. */
static const struct opt_row *matched_row(int c, const struct option *matched)
{
	if (matched)
		for (size_t i = 0; i < optable_rows; i++)
			if (optable[i].name && strcmp(optable[i].name, matched->name) == 0)
				return &optable[i];
	return optable_by_id(c);
}

void cli_parse(struct cli *cli, int argc, char **argv)
{
	int c, index = -1;

	cli_defaults(cli);
	build_getopt();
	opterr = 0;
	while ((c = getopt_long(argc, argv, short_opts, long_opts, &index)) != -1) {
		const struct opt_row *row = c == '?' || c == ':' ? NULL :
			matched_row(c, index >= 0 ? &long_opts[index] : NULL);
		if (!row)
			bad_option(argv, c);
		cli_apply(cli, row, index < 0, optarg);
		index = -1;
	}
	const char *no = cli_not_prettier(cli);
	if (no)
		diag_usage("--style=prettier writes strings as they stand, on prettier's lines: "
			   "it cannot be used with %s", no);
	cli_settle(cli);
	if (cli->fmt.comments && consumer_drops_comments(&cli->fmt))
		diag_usage("%s", "--width with --sort-keys cannot keep comments: "
			   "use --strip-comments with them");
	cli->files = argv + optind;
	cli->nfiles = argc - optind;
	if (cli->output && strcmp(cli->output, "-") == 0)
		cli->output = NULL;             /* -o - is standard output */
	if (cli->print_config) {
		if (cli->nfiles > 0)
			diag_usage("--print-config takes one FILE: '%s' is another", cli->files[0]);
		return;
	}
	if (cli->nfiles == 0 && isatty(STDIN_FILENO))
		diag_usage("no FILE given, and standard input is a terminal "
			   "(usage: jfmt [OPTION]... [FILE]...)");

	if (cli->single && cli->keep_going)
		diag_usage("%s", "--single and --keep-going cannot be used together "
			   "(with --single an input is one value, and -k would look for more)");
	if (cli->in_place && cli->output)
		diag_usage("%s", "--in-place and --output cannot be used together");
	if (cli->in_place && cli->nfiles == 0)
		diag_usage("%s", "--in-place needs at least one FILE");
	for (int i = 0; cli->in_place && i < cli->nfiles; i++)
		if (strcmp(cli->files[i], "-") == 0)
			diag_usage("%s", "--in-place cannot rewrite standard input");
	check_modes(cli);
	if (cli->nexcludes && !cli->recursive)
		diag_usage("%s", "--exclude applies to the directories -r walks: use it with -r");
}

void cli_release(struct cli *cli)
{
	free(cli->excludes);
	cli->excludes = NULL;
	cli->nexcludes = 0;
}
