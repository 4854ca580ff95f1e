/* printconfig.c - what --print-config prints.  See printconfig.h. */
#include "cli/printconfig.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "cli/confset.h"
#include "cli/settings.h"

/* Where the setting `s` comes from. */
static void print_origin(const struct conf_setting *s)
{
	const char *file = config_shown(s->file);

	if (s->rank == CONF_TOOL_DEFAULT)
		printf("%s: %s\n", file, s->key);
	else if (s->line > 0 && s->col > 0)
		printf("%s:%d:%d: %s\n", file, s->line, s->col, s->key);
	else if (s->line > 0)
		printf("%s:%d: %s\n", file, s->line, s->key);
	else
		printf("%s: %s\n", file, s->key);
}

/* The value of the option of `row` when nothing sets it: its default,
 * or what follows from the others (c: the options settled). */
static const char *fallback(const struct cli *c, const struct opt_row *row)
{
	static char width[16];

	switch (optable_id(row)) {
	case OPT_BLANK_LINES:
		return c->fmt.blank_lines ? "keep" : "drop";
	case OPT_TRAILING_COMMAS:       /* (--style=prettier's default: all) */
		return c->trailing_commas > 0 ? "all" : "none";
	case 'w':                       /* (--style=prettier's default: 80) */
		snprintf(width, sizeof width, "%d", c->fmt.width);
		return width;
	default:
		return row->fallback;
	}
}

/* The value of the option of `row` that applies, from `c` (the command
 * line with the configuration applied): a flag's true or false, the
 * value given, or its default. */
static const char *value_of(const struct cli *c, const struct file_config *fc,
			    const struct cli *cli, const struct opt_row *row)
{
	size_t i = (size_t)(row - optable);

	switch (settings_source(cli, fc, row)) {
	case SETTINGS_COMMAND_LINE:
		return row->value == OPT_NO_VALUE ? "true" : cli->given[i].value;
	case SETTINGS_CONFIG:
		return fc->opt[i].value;
	case SETTINGS_NONE:
		break;
	}
	if (row->value == OPT_NO_VALUE)
		return "false";
	return fallback(c, row);
}

/* Whether the row is the one of its group that applies (or has no
 * group). */
static int shown_of_group(const struct cli *cli, const struct file_config *fc,
			  const struct opt_row *row)
{
	const struct opt_row *winner = NULL;

	if (!row->group)
		return 1;
	for (size_t i = 0; i < optable_rows; i++) {
		const struct opt_row *r = &optable[i];
		if (r->group != row->group)
			continue;
		enum settings_source src = settings_source(cli, fc, r);
		/* (the last given, or said true, wins, as when applied) */
		if (src != SETTINGS_NONE &&
		    (r->value != OPT_NO_VALUE || strcmp(value_of(NULL, fc, cli, r), "true") == 0))
			winner = r;
	}
	return winner ? winner == row : row->fallback != NULL;
}

void print_config(const struct cli *cli, const char *path)
{
	struct file_config fc;
	struct cli c;
	int jsonc;

	enum exit_status status = settings_resolve(cli, path, &fc, &c, &jsonc);
	if (status != EXIT_OK)
		exit(status);
	for (size_t i = 0; i < optable_rows; i++) {
		const struct opt_row *row = &optable[i];
		if (!row->config || !shown_of_group(cli, &fc, row))
			continue;
		int by_name = optable_id(row) == OPT_COMMENTS && jsonc;
		const char *value = by_name ? "true" : value_of(&c, &fc, cli, row);
		if (!value)
			continue;       /* (--parser: prettier's by the name) */
		printf("%s = %s\t", row->config, value);
		if (by_name)
			printf("%s: its name (JSONC)\n", path);
		else if (settings_source(cli, &fc, row) == SETTINGS_COMMAND_LINE)
			printf("command line\n");
		else if (settings_source(cli, &fc, row) == SETTINGS_CONFIG)
			print_origin(&fc.opt[i]);
		else
			printf("default\n");
	}
	if (fflush(stdout) != 0 || ferror(stdout))
		diag_fatal(EXIT_IO, "write error: %s", strerror(errno));
	exit(EXIT_OK);
}
