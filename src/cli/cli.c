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
#include "jobs/jobs.h"
#include "text/escape.h"

/* --buffer-size: the default, and the largest accepted. */
#define HOLD_DEFAULT ((size_t)4 << 20)
#define HOLD_MAX ((size_t)1 << 30)

enum {
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
};

/* The name of standard input unless --stdin-filename gives one. */
#define STDIN_NAME "<stdin>"

static const char short_opts[] = ":aCcdhij:klMno:rStVw:z";

static const struct option long_opts[] = {
	{ "ascii",        no_argument,       NULL, 'a' },
	{ "blank-lines",  required_argument, NULL, OPT_BLANK_LINES },
	{ "buffer-size",  required_argument, NULL, OPT_BUFFER_SIZE },
	{ "check",        no_argument,       NULL, OPT_CHECK },
	{ "color",        optional_argument, NULL, OPT_COLOR },
	{ "colour",       optional_argument, NULL, OPT_COLOR },
	{ "comments",     no_argument,       NULL, OPT_COMMENTS },
	{ "compact",      no_argument,       NULL, 'c' },
	{ "diff",         no_argument,       NULL, 'd' },
	{ "eol",          required_argument, NULL, OPT_EOL },
	{ "escape-slash", no_argument,       NULL, OPT_ESCAPE_SLASH },
	{ "exclude",      required_argument, NULL, OPT_EXCLUDE },
	{ "help",         no_argument,       NULL, 'h' },
	{ "in-place",     no_argument,       NULL, 'i' },
	{ "indent",       required_argument, NULL, OPT_INDENT },
	{ "jobs",         required_argument, NULL, 'j' },
	{ "jsonc",        no_argument,       NULL, OPT_COMMENTS },
	{ "keep-escapes", no_argument,       NULL, OPT_KEEP_ESCAPES },
	{ "keep-going",   no_argument,       NULL, 'k' },
	{ "label",        required_argument, NULL, OPT_STDIN_FILENAME },
	{ "list",         no_argument,       NULL, 'l' },
	{ "monochrome",   no_argument,       NULL, 'M' },
	{ "no-editorconfig", no_argument,    NULL, OPT_NO_EDITORCONFIG },
	{ "no-gitignore", no_argument,       NULL, OPT_NO_GITIGNORE },
	{ "null",         no_argument,       NULL, 'z' },
	{ "output",       required_argument, NULL, 'o' },
	{ "progress",     no_argument,       NULL, OPT_PROGRESS },
	{ "recursive",    no_argument,       NULL, 'r' },
	{ "seq",          no_argument,       NULL, OPT_SEQ },
	{ "single",       no_argument,       NULL, OPT_SINGLE },
	{ "sort-keys",    no_argument,       NULL, 'S' },
	{ "stdin-filename", required_argument, NULL, OPT_STDIN_FILENAME },
	{ "strip-comments", no_argument,     NULL, OPT_STRIP_COMMENTS },
	{ "tab",          no_argument,       NULL, 't' },
	{ "validate",     no_argument,       NULL, 'n' },
	{ "version",      no_argument,       NULL, 'V' },
	{ "width",        required_argument, NULL, 'w' },
	{ NULL, 0, NULL, 0 },
};

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

static enum eol_choice parse_eol(const char *s)
{
	if (strcmp(s, "lf") == 0)
		return EOL_LF;
	if (strcmp(s, "crlf") == 0)
		return EOL_CRLF;
	if (strcmp(s, "auto") == 0)
		return EOL_AUTO;
	diag_usage("invalid line end '%s' (expected lf, crlf or auto)", s);
	return EOL_LF;
}

static int parse_blank_lines(const char *s)
{
	if (strcmp(s, "keep") == 0)
		return 1;
	if (strcmp(s, "drop") == 0)
		return 0;
	diag_usage("invalid blank-lines choice '%s' (expected keep or drop)", s);
	return 0;
}

static enum color_when parse_color(const char *s)
{
	if (!s || strcmp(s, "always") == 0)
		return COLOR_ALWAYS;
	if (strcmp(s, "auto") == 0)
		return COLOR_AUTO;
	if (strcmp(s, "never") == 0)
		return COLOR_NEVER;
	diag_usage("invalid colour choice '%s' (expected auto, always or never)", s);
	return COLOR_NEVER;
}

/* A long option that is the start of several: say which they are. */
static void ambiguous(const char *arg)
{
	size_t n = strcspn(arg + 2, "=");
	char list[512] = "";

	for (const struct option *o = long_opts; o->name; o++) {
		if (strncmp(o->name, arg + 2, n) == 0 && strlen(list) + strlen(o->name) + 8 < sizeof list) {
			strcat(list, *list ? ", --" : "--");
			strcat(list, o->name);
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
static void bad_option(char **argv, int c)
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

static void apply_option(struct cli *cli, int c, char **argv)
{
	struct format_options *f = &cli->fmt;

	switch (c) {
	case 'a': f->escape_mode |= ESCAPE_ASCII; break;
	case 'C': cli->color = COLOR_ALWAYS; break;
	case 'c': f->compact = 1; cli->indent_given = 1; break; /* the last layout
								 * option wins */
	case 'd': cli->diff = 1; break;
	case 'h': cli_print_help(); break;
	case 'i': cli->in_place = 1; break;
	case 'j': cli->jobs = parse_jobs(optarg); break;
	case 'k': cli->keep_going = 1; break;
	case 'l': cli->list = 1; break;
	case 'M': cli->color = COLOR_NEVER; break;
	case 'n': cli->validate = 1; break;
	case 'o': cli->output = optarg; break;
	case 'r': cli->recursive = 1; break;
	case 'S': f->sort_keys = 1; break;
	case 't':
		f->compact = 0;
		f->indent = 1;
		f->indent_char = '\t';
		cli->indent_given = 1;
		break;
	case 'V': cli_print_version(); break;
	case 'w': f->width = parse_width(optarg); break;
	case 'z': cli->null = 1; break;
	case OPT_CHECK: cli->check = 1; break;
	case OPT_STDIN_FILENAME: cli->stdin_name = optarg; cli->stdin_named = 1; break;
	case OPT_COLOR: cli->color = parse_color(optarg); break;
	case OPT_COMMENTS: cli->allow_comments = 1; break;
	case OPT_STRIP_COMMENTS: cli->allow_comments = cli->strip_comments = 1; break;
	case OPT_ESCAPE_SLASH: f->escape_mode |= ESCAPE_SLASH; break;
	case OPT_KEEP_ESCAPES: f->keep_escapes = 1; break;
	case OPT_INDENT:
		f->compact = 0;
		f->indent = parse_indent(optarg);
		f->indent_char = ' ';
		cli->indent_given = 1;
		break;
	case OPT_EXCLUDE:
		cli->excludes = xrealloc(cli->excludes, ((size_t)cli->nexcludes + 1) *
					 sizeof *cli->excludes);
		cli->excludes[cli->nexcludes++] = optarg;
		break;
	case OPT_NO_EDITORCONFIG: cli->editorconfig = 0; break;
	case OPT_NO_GITIGNORE: cli->no_gitignore = 1; break;
	case OPT_BUFFER_SIZE: cli->hold = parse_size(optarg); break;
	case OPT_PROGRESS: cli->progress = 1; break;
	case OPT_SEQ: f->seq = 1; break;
	case OPT_EOL: f->eol = parse_eol(optarg); cli->eol_given = 1; break;
	case OPT_BLANK_LINES: cli->blank_lines = parse_blank_lines(optarg); break;
	case OPT_SINGLE: cli->single = 1; break;
	default: bad_option(argv, c);
	}
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

void cli_parse(struct cli *cli, int argc, char **argv)
{
	int c;

	memset(cli, 0, sizeof *cli);
	cli->fmt.indent = 2;
	cli->fmt.indent_char = ' ';
	cli->color = COLOR_AUTO;
	cli->hold = HOLD_DEFAULT;
	cli->stdin_name = STDIN_NAME;
	cli->blank_lines = -1;
	cli->editorconfig = 1;
#ifdef JFMT_GENERAL_ONLY
	cli->fmt.general_only = 1;      /* make general: the referee */
#endif
	opterr = 0;
	while ((c = getopt_long(argc, argv, short_opts, long_opts, NULL)) != -1)
		apply_option(cli, c, argv);
	cli->fmt.comments = cli->allow_comments && !cli->strip_comments;
	/* one line, or members reordered: no blank line has a place */
	cli->fmt.blank_lines = (cli->blank_lines < 0 ? cli->fmt.comments : cli->blank_lines) &&
			       !cli->fmt.compact && !cli->fmt.sort_keys;
	if (cli->fmt.comments && format_uses_width(&cli->fmt) && cli->fmt.sort_keys)
		diag_usage("%s", "--width with --sort-keys cannot keep comments: "
			   "use --strip-comments with them");
	cli->files = argv + optind;
	cli->nfiles = argc - optind;
	if (cli->output && strcmp(cli->output, "-") == 0)
		cli->output = NULL;             /* -o - is standard output */
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
