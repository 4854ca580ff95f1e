/* prettierrc.c - prettier's configuration files.  See prettierrc.h. */
#include "cli/prettierrc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "cli/confdir.h"
#include "cli/confglob.h"
#include "cli/conftree.h"
#include "cli/dircache.h"
#include "cli/ignorefile.h"
#include "cli/toolconf.h"
#include "cli/yaml.h"

/* A configuration file, read once. */
struct loaded {
	enum exit_status status;        /* of reading it */
	int reported;                   /* ... a failure said once */
	struct conf_doc doc;
	const struct conf_node *options;        /* NULL: none (a package
						 * file without the key) */
	char *dir;                      /* its directory */
	int ignore_read;                /* .prettierignore beside it: read */
	struct ignorefile ignore;       /* ... its patterns */
};

static struct dircache dirs, files;

/* What prettier's options mean to jfmt. */
static const struct tool_key keys[] = {
	{ "printWidth", 'w', TOOL_COUNT, NULL },
	{ "tabWidth", OPT_INDENT, TOOL_COUNT, NULL },
	{ "useTabs", 't', TOOL_BOOL, NULL },
	{ "endOfLine", OPT_EOL, TOOL_WORDS, "lf=lf|crlf=crlf|auto=auto" },
	{ "bracketSpacing", OPT_BRACKET_SPACING, TOOL_BOOL, "true=yes|false=no" },
	{ "objectWrap", OPT_OBJECT_WRAP, TOOL_WORDS, "preserve=preserve|collapse=collapse" },
	{ "trailingComma", OPT_TRAILING_COMMAS, TOOL_WORDS, "none=none|es5=all|all=all" },
	{ "parser", OPT_PARSER, TOOL_WORDS, "json=json|jsonc=jsonc|json-stringify=json-stringify" },
	{ NULL, 0, 0, NULL },
};

/* The kinds of file, by name. */
static int is_package(enum confdir_name n)
{
	return n == CD_PACKAGE_JSON || n == CD_PACKAGE_YAML;
}

static int unreadable(enum confdir_name n)
{
	return n >= CD_PRETTIERRC_JSON5 && n <= CD_PRETTIERRC_TOML;
}

/* Read `full`, of the kind `n`, into l. */
static void read_file(struct loaded *l, const char *full, enum confdir_name n)
{
	const char *name = config_shown(full);

	l->status = EXIT_OK;
	if (unreadable(n)) {
		diag_error("%s: prettier's configuration in %s, which jfmt cannot read: write "
			   "it as .prettierrc.json or .prettierrc.yaml (or run jfmt with "
			   "--no-config)", diag_name(name),
			   n == CD_PRETTIERRC_JSON5 ? "JSON5" : n == CD_PRETTIERRC_TOML ? "TOML" :
			   "JavaScript");
		l->status = EXIT_USAGE;
		l->reported = 1;
		return;
	}
	if (n == CD_PACKAGE_JSON || n == CD_PRETTIERRC) {
		/* a package.json that is not JSON is passed over; .prettierrc
		 * is YAML, of which JSON is nearly all a part */
		diag_mute(1);
		l->status = conftree_json(&l->doc, full, name, 0);
		diag_mute(0);
		if (l->status == EXIT_OK || n == CD_PACKAGE_JSON)
			goto found;
		conftree_free(&l->doc);
	}
	if (n == CD_PRETTIERRC_JSON) {
		l->status = conftree_json(&l->doc, full, name, 0);
	} else {
		if (n == CD_PACKAGE_YAML)
			diag_mute(1);
		l->status = yaml_read(&l->doc, full, name);
		if (n == CD_PACKAGE_YAML)
			diag_mute(0);
	}
found:
	if (l->status == EXIT_INVALID)
		l->status = EXIT_USAGE;         /* a configuration that is not valid */
	l->reported = !is_package(n);
	if (is_package(n)) {
		l->options = l->status == EXIT_OK ? conftree_get(&l->doc.root, "prettier") : NULL;
		l->status = EXIT_OK;
	} else if (l->status == EXIT_OK) {
		l->options = &l->doc.root;
	}
}

/* The file `full` of the kind `n`, kept in `cache`, read once. */
static struct loaded *load(struct dircache *cache, const char *full, enum confdir_name n,
			   const char **kept)
{
	void *v;
	if ((*kept = dircache_get(cache, full, &v)) != NULL)
		return v;
	struct loaded *l = xrealloc(NULL, sizeof *l);
	memset(l, 0, sizeof *l);
	l->dir = confdir_parent(full);
	*kept = dircache_put(cache, full, l);
	read_file(l, *kept, n);         /* (messages keep its name) */
	return l;
}

/* A confdir_take: a package file counts only with a "prettier" key, as
 * prettier passes one without it over.  `cache`: the files read. */
static const char *take(const char *full, enum confdir_name n, void *cache)
{
	const char *kept;
	const struct loaded *l = load(cache, full, n, &kept);

	return !is_package(n) || l->options ? kept : NULL;
}

const char *prettierrc_find(const char *dir)
{
	return confdir_nearest(&dirs, dir, CD_PACKAGE_JSON, CD_PRETTIERRC_TOML, take, &files);
}

/* Whether the string or array of strings `globs` matches `rel`. */
static int any_glob(const struct conf_node *globs, const char *rel)
{
	if (globs && globs->kind == CONF_STRING)
		return confglob_match(globs->text, rel, 0);
	for (size_t i = 0; globs && globs->kind == CONF_ARRAY && i < globs->n; i++)
		if (globs->kids[i].kind == CONF_STRING && confglob_match(globs->kids[i].text, rel, 0))
			return 1;
	return 0;
}

enum exit_status prettierrc_apply(const char *file, const char *full, struct file_config *fc)
{
	void *v;
	dircache_get(&files, file, &v);
	struct loaded *l = v;
	struct tool_reading t = { fc, &l->doc, file, CONF_TOOL, EXIT_OK };

	if (l->status != EXIT_OK)
		return l->status;
	if (l->options->kind != CONF_OBJECT) {
		char what[512];
		snprintf(what, sizeof what, l->options->kind == CONF_STRING ?
			 "'%s' names a shared configuration, which jfmt cannot read: "
			 "write its options here instead" : "%sprettier's configuration "
			 "must be an object", l->options->kind == CONF_STRING ?
			 l->options->text : "");
		conftree_report(&l->doc, l->options->line, l->options->col, what);
		return l->status = EXIT_USAGE;
	}
	/* prettier's defaults, its options, then each override that applies */
	tool_default(&t, 'w', "80", "prettier's default");
	tool_default(&t, OPT_INDENT, "2", "prettier's default");
	tool_default(&t, OPT_TRAILING_COMMAS, "all", "prettier's default");
	tool_take_all(&t, keys, l->options);
	const struct conf_node *ov = conftree_get(l->options, "overrides");
	const char *rel = confdir_below(full, l->dir);
	for (size_t i = 0; ov && ov->kind == CONF_ARRAY && i < ov->n; i++) {
		const struct conf_node *o = &ov->kids[i];
		if (any_glob(conftree_get(o, "files"), rel) &&
		    !any_glob(conftree_get(o, "excludeFiles"), rel))
			tool_take_all(&t, keys, conftree_get(o, "options"));
	}
	tool_finish(&t, "prettier's configuration");
	if (t.status != EXIT_OK)
		l->status = t.status;   /* (said once: the next files stop here) */
	return t.status;
}

int prettierrc_ignores(const char *file, const char *full, int is_dir)
{
	void *v;
	dircache_get(&files, file, &v);
	struct loaded *l = v;

	if (!l->ignore_read) {
		struct conf_doc d;
		char *path = confdir_join(l->dir, ".prettierignore");
		l->ignore_read = 1;
		memset(&l->ignore, 0, sizeof l->ignore);
		if (confdir_scan(l->dir) & 1ul << CD_PRETTIERIGNORE &&
		    conftree_load(&d, path, config_shown(path)) == EXIT_OK)
			ignorefile_parse(&l->ignore, d.text);
		if (confdir_scan(l->dir) & 1ul << CD_PRETTIERIGNORE)
			conftree_free(&d);
		free(path);
	}
	return ignorefile_ignores(&l->ignore, confdir_below(full, l->dir), is_dir);
}

static void free_loaded(void *v)
{
	struct loaded *l = v;

	ignorefile_release(&l->ignore);
	conftree_free(&l->doc);
	free(l->dir);
	free(l);
}

void prettierrc_release(void)
{
	dircache_release(&dirs, NULL);
	dircache_release(&files, free_loaded);
}
