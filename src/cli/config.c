/* config.c - each input's options from the configuration files that
 * apply to it, with their places.  See config.h. */
#include "cli/config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/quote.h"
#include "cli/cli.h"
#include "cli/editorconfig.h"

void config_say(struct file_config *fc, const struct opt_row *row, enum conf_rank rank,
		const char *value, const char *file, int line, int col, const char *key)
{
	struct conf_setting *s = &fc->opt[row - optable];

	if (s->rank > rank)
		return;
	s->rank = rank;
	snprintf(s->value, sizeof s->value, "%s", value);
	s->file = file;
	s->line = line;
	s->col = col;
	s->key = key;
}

const char *config_shown(const char *file)
{
	static char *cwd;
	size_t n;

	if (!cwd)
		cwd = getcwd(NULL, 0);
	n = cwd ? strlen(cwd) : 0;
	if (n && strncmp(file, cwd, n) == 0 && file[n] == '/')
		return file + n + 1;
	return file;
}

enum exit_status config_error(const char *file, int line, int col, const char *key,
			      const char *why, const char *text, size_t len)
{
	char said[512];         /* (not "msg": messages.bats's messages are
				 * about inputs, this one about a setting) */

	file = config_shown(file);
	struct diag_excerpt ex = { .len = 0 };

	snprintf(said, sizeof said, "%s: %s", key, why);
	if (!text || line <= 0) {
		if (line > 0)
			diag_error("%s:%d: %s", diag_name(file), line, said);
		else
			diag_error("%s: %s", diag_name(file), said);
		return EXIT_USAGE;
	}
	/* the line as diag_at() shows one: made safe, the caret under the
	 * column (counted in bytes: the keys and values jfmt reads are
	 * ASCII) */
	ex.len = len < sizeof ex.text ? len : sizeof ex.text - 1;
	memcpy(ex.text, text, ex.len);
	quote_mask(ex.text, ex.len);
	ex.caret = col > 0 ? (size_t)col - 1 : 0;
	diag_at(file, (unsigned long long)line, (unsigned long long)(col > 0 ? col : 1), said, &ex);
	return EXIT_USAGE;
}

/* --- .editorconfig --- */

struct ec_reading {
	const char *path;               /* the input */
	struct file_config *fc;
	enum exit_status status;        /* the first error */
	int tabs;                       /* indent_style = tab: indent_size is
					 * a tab's width, not an indentation */
};

/* The standard properties jfmt takes, as keys that live as long as the
 * run. */
static const char *const standard[] = {
	"indent_style", "indent_size", "end_of_line", "insert_final_newline",
	"max_line_length",
};

/* Where `name = value` was said, for config_say(). */
static void ec_say(struct ec_reading *r, const struct opt_row *row, enum conf_rank rank,
		   const char *value, const char *name, const char *said)
{
	const char *file, *key = row->config;
	int line = 0, col = 0;

	for (size_t i = 0; i < sizeof standard / sizeof *standard; i++)
		if (strcmp(name, standard[i]) == 0)
			key = standard[i];
	editorconfig_where(r->path, name, said, &file, &line, &col);
	config_say(r->fc, row, rank, value, file, line, col, key);
}

/* A jfmt_ key: its row's value, checked. */
static void ec_jfmt(struct ec_reading *r, const char *name, const char *value)
{
	const struct opt_row *row = optable_by_config(name);
	char why[256];
	const char *file;
	int line = 0, col = 0;
	size_t len = 0;

	if (row && cli_check_value(row, value, why, sizeof why) == 0) {
		ec_say(r, row, CONF_JFMT, value, name, value);
		return;
	}
	if (!row)
		snprintf(why, sizeof why, "not a key of jfmt's (jfmt --list-options lists them)");
	if (r->status != EXIT_OK)
		return;                 /* one message is enough */
	editorconfig_where(r->path, name, value, &file, &line, &col);
	const char *text = file ? editorconfig_line(file, line, &len) : NULL;
	if (!row && text)       /* the caret under the key */
		col = (int)strspn(text, " \t") + 1;
	r->status = config_error(file ? file : r->path, line, col, name, why, text, len);
}

/* A count from 0 to max, digits only, or -1. */
static long count(const char *s, long max)
{
	char *end;
	long n = strtol(s, &end, 10);

	return end != s && *end == 0 && s[0] >= '0' && s[0] <= '9' && n <= max ? n : -1;
}

/* One property: EditorConfig's own (its values that jfmt cannot take
 * are left aside, as other tools read them too), or a jfmt_ key. */
static void ec_property(void *ctx, const char *name, const char *value)
{
	struct ec_reading *r = ctx;

	if (strncmp(name, "jfmt_", 5) == 0) {
		ec_jfmt(r, name, value);
	} else if (strcmp(name, "indent_style") == 0 && strcmp(value, "tab") == 0) {
		r->tabs = 1;
		ec_say(r, optable_by_id('t'), CONF_EDITORCONFIG, "true", name, value);
	} else if (strcmp(name, "indent_size") == 0 && count(value, FORMAT_INDENT_MAX) >= 0) {
		ec_say(r, optable_by_id(OPT_INDENT), CONF_EDITORCONFIG, value, name, value);
	} else if (strcmp(name, "end_of_line") == 0 &&
		   (strcmp(value, "lf") == 0 || strcmp(value, "crlf") == 0)) {
		ec_say(r, optable_by_id(OPT_EOL), CONF_EDITORCONFIG, value, name, value);
	} else if (strcmp(name, "insert_final_newline") == 0 &&
		   (strcmp(value, "true") == 0 || strcmp(value, "false") == 0)) {
		ec_say(r, optable_by_id(OPT_FINAL_NEWLINE), CONF_EDITORCONFIG,
		       value[0] == 't' ? "yes" : "no", name, value);
	} else if (strcmp(name, "max_line_length") == 0 &&
		   (strcmp(value, "off") == 0 || count(value, WIDTH_MAX) > 0)) {
		/* (as prettier reads it: off is no limit; settings.c says
		 * what that is in each style) */
		ec_say(r, optable_by_id('w'), CONF_EDITORCONFIG, value, name, value);
	}
}

enum exit_status config_for(const char *path, int editorconfig, struct file_config *fc)
{
	memset(fc, 0, sizeof *fc);
	if (editorconfig) {
		struct ec_reading r = { path, fc, EXIT_OK, 0 };
		enum exit_status st = editorconfig_each(path, ec_property, &r);
		if (st != EXIT_OK)
			return st;
		struct conf_setting *indent = &fc->opt[optable_by_id(OPT_INDENT) - optable];
		if (r.tabs && indent->rank == CONF_EDITORCONFIG)
			indent->rank = CONF_NONE;
		if (r.status != EXIT_OK)
			return r.status;
	}
	return EXIT_OK;
}

void config_release(void)
{
	editorconfig_release();
}
