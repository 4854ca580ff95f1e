/* filetype.c - JSON and JSONC by name.  See filetype.h. */
#include "cli/filetype.h"

#include <fnmatch.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

/* The directory whose .json files are all JSONC (settings, launch, tasks,
 * extensions...). */
#define VSCODE_DIR ".vscode"

/* Whole names: VS Code's, linguist's, and the configuration files of
 * tools that take comments (tslint, api-extractor, turbo, deno, biome). */
static const char *const jsonc_names[] = {
	".babelrc", ".babelrc.json", ".devcontainer.json", ".ember-cli", ".eslintrc",
	".eslintrc.json", ".hintrc", ".jscsrc", ".jsfmtrc", ".jshintrc", ".jslintrc",
	".swcrc", "api-extractor.json", "argv.json", "babel.config.json", "biome.json",
	"deno.json", "devcontainer.json", "jsconfig.json", "keybindings.json",
	"tsconfig.json", "tslint.json", "turbo.json", "typedoc.json",
};

/* Endings (VS Code's and linguist's "extensions" are endings of the
 * name): VS Code's, then linguist's (Sublime Text's files). */
static const char *const jsonc_endings[] = {
	".jsonc", ".code-workspace", ".code-snippets", "language-configuration.json",
	"icon-theme.json", "color-theme.json",
	".sublime-build", ".sublime-color-scheme", ".sublime-commands",
	".sublime-completions", ".sublime-keymap", ".sublime-macro", ".sublime-menu",
	".sublime-mousemap", ".sublime-project", ".sublime-settings", ".sublime-theme",
	".sublime-workspace", ".sublime_metrics", ".sublime_session",
};

/* Patterns, as fnmatch(3) reads them. */
static const char *const jsonc_patterns[] = {
	"tsconfig.*.json", "tsconfig-*.json", "jsconfig.*.json", "jsconfig-*.json",
};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

static int ends_with(const char *s, size_t n, const char *end)
{
	size_t e = strlen(end);
	return n >= e && memcmp(s + n - e, end, e) == 0;
}

/* The last component of path, past any trailing slashes: its start and
 * length. */
static const char *base_name(const char *path, size_t *len)
{
	size_t n = strlen(path);

	while (n > 1 && path[n - 1] == '/')
		n--;
	size_t b = n;
	while (b > 0 && path[b - 1] != '/')
		b--;
	*len = n - b;
	return path + b;
}

/* Whether the directory that holds `path` is named .vscode. */
static int in_vscode_dir(const char *path, const char *base)
{
	size_t d = strlen(VSCODE_DIR);

	/* a bare name, or ./name: the current directory */
	if (base == path || (base - path == 2 && path[0] == '.')) {
		char cwd[PATH_MAX];
		size_t n;
		if (!getcwd(cwd, sizeof cwd))
			return 0;
		const char *b = base_name(cwd, &n);
		return n == d && memcmp(b, VSCODE_DIR, d) == 0;
	}
	const char *end = base - 1;     /* the slash before the name */
	while (end > path && end[-1] == '/')
		end--;
	return (size_t)(end - path) >= d && memcmp(end - d, VSCODE_DIR, d) == 0 &&
		(end - d == path || end[-d - 1] == '/');
}

int filetype_jsonc(const char *path)
{
	size_t n;
	const char *base = base_name(path, &n);
	char name[NAME_MAX + 1];

	if (n == 0 || n > NAME_MAX)
		return 0;
	memcpy(name, base, n);
	name[n] = 0;
	/* (names and patterns are compared only if they begin alike, each
	 * pattern with a letter: they took 1,500 instructions a file,
	 * fnmatch(3) 430 a call, on the thread that takes the inputs in
	 * order) */
	for (size_t i = 0; i < COUNT(jsonc_names); i++)
		if (name[0] == jsonc_names[i][0] && strcmp(name, jsonc_names[i]) == 0)
			return 1;
	for (size_t i = 0; i < COUNT(jsonc_endings); i++)
		if (ends_with(name, n, jsonc_endings[i]))
			return 1;
	for (size_t i = 0; i < COUNT(jsonc_patterns); i++)
		if (name[0] == jsonc_patterns[i][0] && fnmatch(jsonc_patterns[i], name, FNM_PERIOD) == 0)
			return 1;
	return ends_with(name, n, ".json") && in_vscode_dir(path, base);
}

int filetype_taken(const char *path)
{
	size_t n;
	const char *base = base_name(path, &n);

	return (n > strlen(".json") && ends_with(base, n, ".json")) || filetype_jsonc(path);
}
