/* prettier_names.c - the parser prettier picks for a file name: its
 * languages' lists (prettier's src/language-json/languages.evaluate.js,
 * from GitHub linguist's JSON with Comments), as `prettier --file-info`
 * reports them.  See prettier_names.h. */
#include "cli/prettier_names.h"

#include <string.h>

static const char *const stringify_names[] = {
	"package.json", "package-lock.json", "composer.json", NULL,
};

static const char *const stringify_extensions[] = { ".importmap", NULL };

static const char *const jsonc_extensions[] = {
	".jsonc", ".code-snippets", ".code-workspace", ".hujson",
	".sublime-build", ".sublime-color-scheme", ".sublime-commands",
	".sublime-completions", ".sublime-keymap", ".sublime-macro",
	".sublime-menu", ".sublime-mousemap", ".sublime-project",
	".sublime-settings", ".sublime-theme", ".sublime-workspace",
	".sublime_metrics", ".sublime_session", NULL,
};

static int is_one_of(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(s, *list) == 0)
			return 1;
	return 0;
}

static int ends_with_one_of(const char *s, const char *const *list)
{
	size_t n = strlen(s);

	for (; *list; list++) {
		size_t k = strlen(*list);
		if (n > k && strcmp(s + n - k, *list) == 0)
			return 1;
	}
	return 0;
}

enum prettier_parser prettier_parser_for(const char *path)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	if (is_one_of(base, stringify_names) || ends_with_one_of(base, stringify_extensions))
		return PARSER_JSON_STRINGIFY;
	if (ends_with_one_of(base, jsonc_extensions))
		return PARSER_JSONC;
	return PARSER_JSON;
}
