/* settings.c - each input's options.  See settings.h. */
#include "cli/settings.h"

#include <string.h>

#include "base/diag.h"
#include "cli/config.h"
#include "cli/filetype.h"
#include "cli/prettier_names.h"
#include "layout/consumer.h"

void settings_default(const struct cli *cli, struct file_setup *fs)
{
	fs->fmt = cli->fmt;
	fs->allow_comments = cli->allow_comments;
	/* a text sequence ends each record with LF (RFC 7464), the last too */
	fs->final_newline = cli->final_newline != 0 || fs->fmt.seq;
}

int settings_may_drop_newline(const struct cli *cli)
{
	/* (only .editorconfig can drop it: insert_final_newline, and
	 * jfmt_final_newline) */
	return cli->final_newline == 0 ||
	       (cli->final_newline < 0 && cli->config && cli->editorconfig);
}

/* --style=prettier: what the parser prettier picks for `name` (or for an
 * input with no name, its json parser) says: package.json and its kin are
 * expanded, and may hold trailing commas but no comment (the consumer
 * says so); only jsonc files have trailing commas written.  `c` holds the
 * input's options. */
static void prettier_file(const struct cli *c, const char *name, struct file_setup *fs)
{
	enum prettier_parser p = c->parser ? (enum prettier_parser)(c->parser - 1) :
				 name ? prettier_parser_for(name) : PARSER_JSON;

	fs->fmt.expand_all = p == PARSER_JSON_STRINGIFY;
	fs->fmt.trailing_commas = p == PARSER_JSONC && c->trailing_commas > 0;
	fs->fmt.comments_alone = p == PARSER_JSONC;
}

/* Whether the command line gave the option of `row`, or another of its
 * group: then no configuration file sets it. */
static int given(const struct cli *cli, const struct opt_row *row)
{
	if (!row->group)
		return cli->given[row - optable].set;
	for (size_t i = 0; i < optable_rows; i++)
		if (cli->given[i].set && optable[i].group == row->group)
			return 1;
	return 0;
}

/* Whether what `a` says was said after what `b` says: in a nearer file
 * (one deeper in the tree), or further down the same one. */
static int said_later(const struct conf_setting *a, const struct conf_setting *b)
{
	size_t na = a->file ? strlen(a->file) : 0, nb = b->file ? strlen(b->file) : 0;

	if (a->file && b->file && strcmp(a->file, b->file) == 0)
		return a->line > b->line;
	return na > nb;
}

/* Of the rows of `group` that the configuration sets, the one that
 * applies: said by the highest rank, and the last said there (as the
 * last given on the command line wins); NULL if none. */
static const struct opt_row *group_winner(const struct file_config *fc, enum opt_group group)
{
	const struct opt_row *best = NULL;

	for (size_t i = 0; i < optable_rows; i++) {
		const struct conf_setting *s = &fc->opt[i], *b;
		if (optable[i].group != group || s->rank == CONF_NONE)
			continue;
		if (optable[i].value == OPT_NO_VALUE && strcmp(s->value, "true") != 0)
			continue;       /* (a flag said false sets nothing) */
		b = best ? &fc->opt[best - optable] : NULL;
		if (!b || s->rank > b->rank || (s->rank == b->rank && said_later(s, b)))
			best = &optable[i];
	}
	return best;
}

enum settings_source settings_source(const struct cli *cli, const struct file_config *fc,
				     const struct opt_row *row)
{
	const struct conf_setting *s = &fc->opt[row - optable];

	if (cli->given[row - optable].set)
		return SETTINGS_COMMAND_LINE;
	if (s->rank == CONF_NONE || given(cli, row) ||
	    (row->group && group_winner(fc, row->group) != row))
		return SETTINGS_NONE;
	return SETTINGS_CONFIG;
}

void settings_apply(struct cli *c, const struct cli *cli, const struct file_config *fc)
{
	int no_limit = 0;

	for (size_t i = 0; i < optable_rows; i++) {
		const struct opt_row *row = &optable[i];
		const struct conf_setting *s = &fc->opt[i];
		if (s->rank == CONF_NONE || settings_source(cli, fc, row) != SETTINGS_CONFIG)
			continue;
		if (optable_id(row) == 'w' && strcmp(s->value, "off") == 0) {
			no_limit = 1;   /* max_line_length = off */
			continue;
		}
		if (row->value == OPT_NO_VALUE) {
			if (strcmp(s->value, "true") == 0)
				cli_apply(c, row, 0, NULL);
		} else {
			cli_apply(c, row, 0, s->value);
		}
	}
	/* no limit: in jfmt's style no width at all; in prettier's, as
	 * prettier reads it, every line as long as it comes */
	if (no_limit)
		c->fmt.width = c->fmt.style == FORMAT_STYLE_PRETTIER ? WIDTH_MAX : 0;
}

enum exit_status settings_resolve(const struct cli *cli, const char *name,
				   struct file_config *fc, struct cli *c, int *jsonc)
{
	if (cli->config && !cli->validate) {
		enum exit_status status = config_for(name, cli->editorconfig, fc);
		if (status != EXIT_OK)
			return status;
	} else {
		memset(fc, 0, sizeof *fc);
	}
	/* the command line, then what the configuration and the name add:
	 * applied as options are, to a copy of it */
	*c = *cli;
	settings_apply(c, cli, fc);
	*jsonc = !c->allow_comments && filetype_jsonc(name);
	if (*jsonc)
		c->allow_comments = 1;  /* as --comments */
	cli_settle(c);
	return EXIT_OK;
}

enum exit_status settings_for(const struct cli *cli, const char *path, struct file_setup *fs)
{
	const char *name = strcmp(path, "-") != 0 ? path : cli->stdin_named ? cli->stdin_name : NULL;
	struct file_config fc;
	struct cli c;
	int jsonc;

	settings_default(cli, fs);
	if (!name) {
		if (fs->fmt.style == FORMAT_STYLE_PRETTIER)
			prettier_file(cli, NULL, fs);
		return EXIT_OK;
	}
	enum exit_status status = settings_resolve(cli, name, &fc, &c, &jsonc);
	if (status != EXIT_OK)
		return status;
	/* (what the command line alone cannot ask, cli_parse() refused) */
	const char *no = cli_not_prettier(&c);
	if (no) {
		diag_error("%s: --style=prettier writes strings as they stand, on prettier's "
			   "lines: it cannot be used with %s (jfmt --print-config %s says "
			   "where each comes from)", name, no, name);
		return EXIT_USAGE;
	}
	if (c.fmt.comments && consumer_drops_comments(&c.fmt)) {
		diag_error("%s: --width with --sort-keys cannot keep the comments of %s: "
			   "use --strip-comments with them", name,
			   jsonc ? "a JSONC file" : "JSONC");
		return EXIT_USAGE;
	}
	fs->fmt = c.fmt;
	fs->allow_comments = c.allow_comments;
	fs->final_newline = c.final_newline != 0 || c.fmt.seq;     /* (as settings_default()) */
	if (fs->fmt.style == FORMAT_STYLE_PRETTIER)
		prettier_file(&c, name, fs);
	return EXIT_OK;
}

int settings_differ(const struct file_setup *a, const struct file_setup *b)
{
	const struct format_options *x = &a->fmt, *y = &b->fmt;

	/* (the line end is read at each input's start: run_prepare()) */
	return a->allow_comments != b->allow_comments || x->comments != y->comments ||
		x->indent != y->indent || x->indent_char != y->indent_char ||
		x->compact != y->compact || x->blank_lines != y->blank_lines ||
		x->width != y->width || x->sort_keys != y->sort_keys || x->seq != y->seq ||
		x->escape_mode != y->escape_mode || x->keep_escapes != y->keep_escapes ||
		x->style != y->style || x->bracket_spacing != y->bracket_spacing ||
		x->object_wrap_collapse != y->object_wrap_collapse ||
		x->trailing_commas != y->trailing_commas || x->expand_all != y->expand_all ||
		x->comments_alone != y->comments_alone;
}
