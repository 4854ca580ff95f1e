/* settings.c - each input's options.  See settings.h. */
#include "cli/settings.h"

#include <string.h>

#include "base/diag.h"
#include "cli/editorconfig.h"
#include "cli/filetype.h"
#include "cli/prettier_names.h"
#include "layout/consumer.h"

void settings_default(const struct cli *cli, struct file_setup *fs)
{
	fs->fmt = cli->fmt;
	fs->allow_comments = cli->allow_comments;
	/* a text sequence ends each record with LF, whatever is asked */
	fs->final_newline = cli->final_newline != 0 || fs->fmt.seq;
}

int settings_may_drop_newline(const struct cli *cli)
{
	return cli->final_newline == 0 || (cli->final_newline < 0 && cli->editorconfig);
}

/* --style=prettier: what the parser prettier picks for `name` (or for an
 * input with no name, its json parser) says: package.json and its kin are
 * expanded, and may hold trailing commas but no comment (the consumer
 * says so); only jsonc files have trailing commas written. */
static void prettier_file(const struct cli *cli, const char *name, struct file_setup *fs)
{
	enum prettier_parser p = cli->parser ? (enum prettier_parser)(cli->parser - 1) :
				 name ? prettier_parser_for(name) : PARSER_JSON;

	fs->fmt.expand_all = p == PARSER_JSON_STRINGIFY;
	fs->fmt.trailing_commas = p == PARSER_JSONC && cli->trailing_commas > 0;
	fs->fmt.comments_alone = p == PARSER_JSONC;
}

/* .editorconfig's indentation, where the command line gave none. */
static void indentation(const struct cli *cli, const struct file_style *st,
			struct format_options *f)
{
	if (cli->indent_given)
		return;
	if (st->indent_char == '\t') {
		f->indent = 1;
		f->indent_char = '\t';
	} else if (st->indent >= 0) {
		f->indent = st->indent;
		f->indent_char = ' ';
	}
}

enum exit_status settings_for(const struct cli *cli, const char *path, struct file_setup *fs)
{
	const char *name = strcmp(path, "-") != 0 ? path : cli->stdin_named ? cli->stdin_name : NULL;

	settings_default(cli, fs);
	if (fs->fmt.style == FORMAT_STYLE_PRETTIER)
		prettier_file(cli, name, fs);
	if (!name)
		return EXIT_OK;
	if (!fs->allow_comments && !fs->fmt.expand_all && filetype_jsonc(name)) {
		/* as cli_parse() sets them up for --comments */
		fs->allow_comments = fs->fmt.comments = 1;
		fs->fmt.blank_lines = (cli->blank_lines < 0 || cli->blank_lines) &&
				      !fs->fmt.compact && !fs->fmt.sort_keys;
		if (consumer_drops_comments(&fs->fmt)) {
			diag_error("%s: --width with --sort-keys cannot keep the comments of "
				   "a JSONC file: use --strip-comments with them", name);
			return EXIT_USAGE;
		}
	}
	if (cli->editorconfig && !cli->validate) {
		struct file_style st;
		enum exit_status status = editorconfig_style(name, &st);
		if (status != EXIT_OK)
			return status;
		indentation(cli, &st, &fs->fmt);
		/* a text sequence ends each record with LF (RFC 7464): a last
		 * one without it is taken as cut short, and jq --seq drops it */
		if (st.final_newline == 0 && cli->final_newline < 0 && !fs->fmt.seq)
			fs->final_newline = 0;
		if (st.eol >= 0 && !cli->eol_given)
			fs->fmt.eol = (enum eol_choice)st.eol;
	}
	return EXIT_OK;
}

int settings_differ(const struct file_setup *a, const struct file_setup *b)
{
	return a->allow_comments != b->allow_comments || a->fmt.comments != b->fmt.comments ||
		a->fmt.indent != b->fmt.indent || a->fmt.indent_char != b->fmt.indent_char ||
		a->fmt.compact != b->fmt.compact || a->fmt.blank_lines != b->fmt.blank_lines ||
		a->fmt.expand_all != b->fmt.expand_all ||
		a->fmt.trailing_commas != b->fmt.trailing_commas ||
		a->fmt.comments_alone != b->fmt.comments_alone;
}
