/* config.c - each input's options from the configuration files that
 * apply to it, with their places.  See config.h. */
#include "cli/config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "cli/cli.h"
#include "cli/biome.h"
#include "cli/confdir.h"
#include "cli/editorconfig.h"
#include "cli/prettierrc.h"

/* --- .editorconfig --- */

struct ec_reading {
	const char *path;               /* the input */
	struct file_config *fc;
	enum exit_status status;        /* the first error */
	int standard;                   /* take the standard properties (not
					 * under a Biome configuration that
					 * does not use them) */
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
	} else if (!r->standard) {
		return;
	} else if (strcmp(name, "indent_style") == 0 &&
		   (strcmp(value, "tab") == 0 || strcmp(value, "space") == 0)) {
		/* (space: no tabs, over a formatter's default of tabs) */
		ec_say(r, optable_by_id('t'), CONF_EDITORCONFIG, value[0] == 't' ? "true" : "false",
		       name, value);
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

/* The configuration of another formatter that governs what the
 * directory `dir` holds: the nearest, prettier's where both stand in one
 * directory; *biome says whose. */
static const char *governor(const char *dir, int *biome)
{
	const char *prettier = dir ? prettierrc_find(dir) : NULL;
	const char *b = dir ? biome_find(dir) : NULL;

	/* (both are above the input: the longer directory is the nearer) */
	*biome = b && (!prettier || strrchr(b, '/') - b > strrchr(prettier, '/') - prettier);
	return *biome ? b : prettier;
}

/* What the configuration of another formatter that governs `path` says.
 * *editorconfig: whether .editorconfig's standard properties apply with
 * it. */
static enum exit_status tool_config(const char *path, struct file_config *fc, int *editorconfig)
{
	char *full = confdir_full(path);
	if (!full) {
		diag_errno(path, errno);
		return EXIT_IO;
	}
	char *dir = confdir_parent(full);
	int biome;
	const char *file = governor(dir, &biome);
	enum exit_status st = EXIT_OK;

	fc->governor = file;
	if (file && biome)
		st = biome_apply(file, full, fc, editorconfig);
	else if (file)
		st = prettierrc_apply(file, full, fc);
	free(dir);
	free(full);
	return st;
}

int config_ignored(const char *path, int is_dir)
{
	char *full = confdir_full(path);
	char *dir = full ? confdir_parent(full) : NULL;
	int biome, ignored = 0;
	const char *file = dir ? governor(dir, &biome) : NULL;

	if (file)
		ignored = biome ? biome_ignores(file, full, is_dir) :
			prettierrc_ignores(file, full, is_dir);
	free(dir);
	free(full);
	return ignored;
}

void config_listed(const char *dir, char *const *entries, size_t n)
{
	confdir_listed(dir, entries, n);
}

/* With tabs said below jfmt's own keys (useTabs, indentStyle,
 * indent_style = tab), a width of indentation said there too is a tab's
 * width, as the other formatters read it, not an indentation. */
static void tabs_over_width(struct file_config *fc)
{
	struct conf_setting *tab = &fc->opt[optable_by_id('t') - optable];
	struct conf_setting *indent = &fc->opt[optable_by_id(OPT_INDENT) - optable];

	if (tab->rank != CONF_NONE && tab->rank <= CONF_TOOL && strcmp(tab->value, "true") == 0 &&
	    indent->rank <= CONF_TOOL)
		indent->rank = CONF_NONE;
}

enum exit_status config_for(const char *path, int editorconfig, struct file_config *fc)
{
	int standard = 1;               /* .editorconfig's own properties */

	memset(fc, 0, sizeof *fc);
	enum exit_status st = tool_config(path, fc, &standard);
	if (st != EXIT_OK)
		return st;
	if (editorconfig) {
		struct ec_reading r = { path, fc, EXIT_OK, standard };
		st = editorconfig_each(path, ec_property, &r);
		if (st != EXIT_OK)
			return st;
		if (r.status != EXIT_OK)
			return r.status;
	}
	tabs_over_width(fc);
	return EXIT_OK;
}

void config_release(void)
{
	editorconfig_release();
	prettierrc_release();
	biome_release();
	confdir_release();
}
