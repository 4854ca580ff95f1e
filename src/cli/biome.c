/* biome.c - Biome's configuration files.  See biome.h. */
#include "cli/biome.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "cli/confdir.h"
#include "cli/confglob.h"
#include "cli/conftree.h"
#include "cli/dircache.h"
#include "cli/toolconf.h"

/* A configuration file, read once. */
struct loaded {
	enum exit_status status;
	struct conf_doc doc;
	char *dir;                      /* its directory */
};

static struct dircache dirs, files;

/* What formatter's and json.formatter's keys mean to jfmt. */
static const struct tool_key keys[] = {
	{ "indentStyle", 't', TOOL_WORDS, "tab=true|space=false" },
	{ "indentWidth", OPT_INDENT, TOOL_COUNT, NULL },
	{ "lineWidth", 'w', TOOL_COUNT, NULL },
	{ "lineEnding", OPT_EOL, TOOL_WORDS, "lf=lf|crlf=crlf|auto=auto" },
	{ "bracketSpacing", OPT_BRACKET_SPACING, TOOL_BOOL, "true=yes|false=no" },
	{ "expand", OPT_OBJECT_WRAP, TOOL_WORDS, "auto=preserve|never=collapse" },
	{ "trailingNewline", OPT_FINAL_NEWLINE, TOOL_BOOL, "true=yes|false=no" },
	{ "trailingCommas", OPT_TRAILING_COMMAS, TOOL_WORDS, "none=none|all=all" },
	{ NULL, 0, 0, NULL },
};
static const struct tool_key parser_keys[] = {
	{ "allowComments", OPT_COMMENTS, TOOL_BOOL, NULL },
	{ "allowTrailingCommas", OPT_COMMENTS, TOOL_BOOL, NULL },
	{ NULL, 0, 0, NULL },
};

/* The file `full`, kept in `cache`, read once (as JSONC if `jsonc`). */
static struct loaded *load(struct dircache *cache, const char *full, int jsonc,
			   const char **kept)
{
	void *v;
	if ((*kept = dircache_get(cache, full, &v)) != NULL)
		return v;
	struct loaded *l = xrealloc(NULL, sizeof *l);
	memset(l, 0, sizeof *l);
	l->dir = confdir_parent(full);
	*kept = dircache_put(cache, full, l);
	l->status = conftree_json(&l->doc, *kept, config_shown(*kept), jsonc);
	if (l->status == EXIT_INVALID)
		l->status = EXIT_USAGE;
	if (l->status == EXIT_OK && l->doc.root.kind != CONF_OBJECT) {
		conftree_report(&l->doc, l->doc.root.line, l->doc.root.col,
				"Biome's configuration must be an object");
		l->status = EXIT_USAGE;
	}
	return l;
}

/* A confdir_take: every Biome configuration counts, even one that cannot
 * be read (that is said where it applies).  `cache`: the files read. */
static const char *take(const char *full, enum confdir_name name, void *cache)
{
	const char *kept;

	(void)name;
	/* (biome.json too as JSONC, as jfmt reads it by its name: filetype.h) */
	load(cache, full, 1, &kept);
	return kept;
}

const char *biome_find(const char *dir)
{
	return confdir_nearest(&dirs, dir, CD_BIOME_JSON, CD_BIOME_JSONC, take, &files);
}

/* Whether the globs of `includes` take `rel`: the last that matches says,
 * a '!' one excluding; nothing matching, only if all exclude. */
static int included(const struct conf_node *includes, const char *rel)
{
	int in = -1, all_negative = 1;

	for (size_t i = 0; includes && includes->kind == CONF_ARRAY && i < includes->n; i++) {
		const char *g = includes->kids[i].kind == CONF_STRING ? includes->kids[i].text : NULL;
		if (!g)
			continue;
		int negative = g[0] == '!';
		all_negative &= negative;
		while (*g == '!')
			g++;
		if (confglob_match(g, rel, 1))
			in = !negative;
	}
	return in < 0 ? includes && all_negative : in;
}

/* The formatter's keys of `obj` (a configuration, or an override):
 * formatter, then json.formatter and json.parser. */
static void take_formatting(struct tool_reading *t, const struct conf_node *obj)
{
	const struct conf_node *json = conftree_get(obj, "json");

	tool_take_all(t, keys, conftree_get(obj, "formatter"));
	tool_take_all(t, keys, conftree_get(json, "formatter"));
	tool_take_all(t, parser_keys, conftree_get(json, "parser"));
}

static enum exit_status apply(const char *file, const char *full, struct file_config *fc,
			      int *editorconfig, int depth)
{
	void *v;
	dircache_get(&files, file, &v);
	struct loaded *l = v;
	struct tool_reading t = { fc, &l->doc, file, CONF_TOOL, EXIT_OK };
	const struct conf_node *root = &l->doc.root;

	if (l->status != EXIT_OK)
		return l->status;
	const struct conf_node *ext = conftree_get(root, "extends");
	if (ext && !(ext->kind == CONF_STRING && strcmp(ext->text, "//") == 0)) {
		conftree_report(&l->doc, ext->line, ext->col, "extends: jfmt does not follow "
				"other configuration files: write their options here (or run "
				"jfmt with --no-config)");
		return l->status = EXIT_USAGE;
	}
	if (ext && depth < 8) {         /* a nested configuration: the one above
					 * first */
		char *up = confdir_parent(l->dir);
		const char *above = up ? biome_find(up) : NULL;
		free(up);
		if (above) {
			enum exit_status st = apply(above, full, fc, editorconfig, depth + 1);
			if (st != EXIT_OK)
				return l->status = st;
		}
	}
	const struct conf_node *uec = conftree_get(conftree_get(root, "formatter"),
						   "useEditorconfig");
	if (uec)
		*editorconfig = uec->kind == CONF_BOOL && strcmp(uec->text, "true") == 0;
	take_formatting(&t, root);
	const char *rel = confdir_below(full, l->dir);
	const struct conf_node *ov = conftree_get(root, "overrides");
	for (size_t i = 0; ov && ov->kind == CONF_ARRAY && i < ov->n && t.status == EXIT_OK; i++) {
		const struct conf_node *inc = conftree_get(&ov->kids[i], "includes");
		if (!inc || included(inc, rel))
			take_formatting(&t, &ov->kids[i]);
	}
	if (t.status != EXIT_OK)
		l->status = t.status;   /* (said once) */
	return t.status;
}

enum exit_status biome_apply(const char *file, const char *full, struct file_config *fc,
			     int *editorconfig)
{
	struct tool_reading t = { fc, NULL, file, CONF_TOOL, EXIT_OK };

	*editorconfig = 0;              /* (Biome's default) */
	tool_default(&t, 't', "true", "Biome's default");
	tool_default(&t, 'w', "80", "Biome's default");
	tool_default(&t, OPT_TRAILING_COMMAS, "none", "Biome's default");
	enum exit_status st = apply(file, full, fc, editorconfig, 0);
	tool_finish(&t, "Biome's configuration");
	return st;
}

int biome_ignores(const char *file, const char *full, int is_dir)
{
	void *v;
	dircache_get(&files, file, &v);
	struct loaded *l = v;
	const struct conf_node *inc;

	if (l->status != EXIT_OK)
		return 0;
	inc = conftree_get(conftree_get(&l->doc.root, "files"), "includes");
	if (!inc || inc->kind != CONF_ARRAY)
		return 0;
	const char *rel = confdir_below(full, l->dir);
	if (!is_dir)
		return !included(inc, rel);
	/* a directory: left out by a '!' glob that matches it, last */
	int out = 0;
	for (size_t i = 0; i < inc->n; i++) {
		const char *g = inc->kids[i].kind == CONF_STRING ? inc->kids[i].text : NULL;
		if (!g)
			continue;
		int negative = g[0] == '!';
		while (*g == '!')
			g++;
		if (confglob_match(g, rel, 1))
			out = negative;
	}
	return out;
}

static void free_loaded(void *v)
{
	struct loaded *l = v;

	conftree_free(&l->doc);
	free(l->dir);
	free(l);
}

void biome_release(void)
{
	dircache_release(&dirs, NULL);
	dircache_release(&files, free_loaded);
}
