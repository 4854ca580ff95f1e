/* editorconfig.c - a file's layout from .editorconfig, through
 * libeditorconfig.  See editorconfig.h. */
#include "cli/editorconfig.h"

#include <dlfcn.h>
#include <editorconfig/editorconfig.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "cli/ecread.h"
#include "cli/confdir.h"
#include "cli/dircache.h"

/* The library is loaded the first time it is needed (a file with an
 * .editorconfig above it, or --version), not at start-up: loading it and
 * the PCRE2 library it links cost every run, with an .editorconfig or
 * without, 90 us of jfmt's 0.80 ms on a small input (1.133 x the start-up
 * of json_reformat -s -m; 1.010 x without them; 300 rounds in turns). */
#ifndef EDITORCONFIG_LIBRARY
#define EDITORCONFIG_LIBRARY "libeditorconfig.so.0"
#endif

/* What jfmt calls, by the library's own declarations. */
static struct {
	int tried;
	const char *error;      /* why it could not be loaded, or NULL */
	__typeof__(editorconfig_handle_init) *handle_init;
	__typeof__(editorconfig_handle_destroy) *handle_destroy;
	__typeof__(editorconfig_parse) *parse;
	__typeof__(editorconfig_handle_get_err_file) *handle_get_err_file;
	__typeof__(editorconfig_get_error_msg) *get_error_msg;
	__typeof__(editorconfig_handle_get_name_value_count) *handle_get_name_value_count;
	__typeof__(editorconfig_handle_get_name_value) *handle_get_name_value;
	__typeof__(editorconfig_get_version) *get_version;
	__typeof__(editorconfig_get_version_suffix) *get_version_suffix;
} lib;

#define FIND(dl, name) \
	((lib.name = (__typeof__(lib.name))dlsym(dl, "editorconfig_" #name)) != NULL)

/* Load the library once; 0, or -1 with lib.error saying why. */
static int load(void)
{
	if (lib.tried)
		return lib.error ? -1 : 0;
	lib.tried = 1;
	void *dl = dlopen(EDITORCONFIG_LIBRARY, RTLD_NOW | RTLD_LOCAL);
	if (dl && FIND(dl, handle_init) && FIND(dl, handle_destroy) && FIND(dl, parse) &&
	    FIND(dl, handle_get_err_file) && FIND(dl, get_error_msg) &&
	    FIND(dl, handle_get_name_value_count) && FIND(dl, handle_get_name_value) &&
	    FIND(dl, get_version) && FIND(dl, get_version_suffix))
		return 0;
	const char *why = dlerror();
	if (!why)
		why = EDITORCONFIG_LIBRARY ": cannot be loaded";
	lib.error = strcpy(xrealloc(NULL, strlen(why) + 1), why);
	return -1;
}

/* The name of the files looked for. */
#define CONFIG_NAME ".editorconfig"

/* The biggest .editorconfig whose lines are looked up (a larger one is
 * not: its properties still apply, but no line is named for them). */
#define LINES_MAX (1 << 20)

/* Per directory: whether an .editorconfig is in it (DIR_HAS) and whether
 * one is in it or above (DIR_ABOVE); per .editorconfig read for its
 * lines: its text. */
enum { DIR_HAS = 1, DIR_ABOVE = 2 };
static struct dircache dirs, texts, anys;

/* The directory of `full` (a path from the root), in a new string. */
static char *parent_of(const char *full)
{
	const char *slash = strrchr(full, '/');
	size_t n = slash && slash != full ? (size_t)(slash - full) : 1;
	char *dir = xrealloc(NULL, n + 1);

	memcpy(dir, full, n);
	dir[n] = 0;
	return dir;
}

/* What dirs says of the directory `dir` (from the root), found out once. */
static uintptr_t dir_flags(const char *dir)
{
	void *v;
	if (dircache_get(&dirs, dir, &v))
		return (uintptr_t)v;
	size_t n = strlen(dir);
	char *p = xrealloc(NULL, n + sizeof "/" CONFIG_NAME);
	struct stat st;
	memcpy(p, dir, n);
	memcpy(p + n, "/" CONFIG_NAME, sizeof "/" CONFIG_NAME);
	uintptr_t flags = stat(p, &st) == 0 ? DIR_HAS | DIR_ABOVE : 0;
	free(p);
	if (!flags && strcmp(dir, "/") != 0) {
		char *up = parent_of(dir);
		flags = dir_flags(up) & DIR_ABOVE;
		free(up);
	}
	dircache_put(&dirs, dir, (void *)flags);
	return flags;
}

/* Whether any .editorconfig applies to the file `full` (named `path` in
 * messages), read ahead of the library (ecread.h): once per directory,
 * the answer kept where the files could be read.  Most files have none:
 * the library, which allocates for every file it is asked about (and does
 * not survive running out of memory), is then not asked. */
static enum exit_status any_config(const char *path, const char *full, int *any)
{
	char *dir = parent_of(full);
	enum exit_status st = EXIT_OK;
	void *v;

	if (dircache_get(&anys, dir, &v)) {
		*any = (int)(uintptr_t)v;
	} else {
		st = ecread_check(path, full, any);
		if (st == EXIT_OK)
			dircache_put(&anys, dir, (void *)(uintptr_t)*any);
	}
	free(dir);
	return st;
}

enum exit_status editorconfig_each(const char *path, editorconfig_fn *fn, void *ctx)
{
	char *full = confdir_full(path);
	if (!full) {
		diag_errno(path, errno);
		return EXIT_IO;
	}
	int any;
	enum exit_status read = any_config(path, full, &any);
	if (read != EXIT_OK || !any) {
		free(full);
		return read;
	}
	if (load() < 0) {
		diag_error("%s: .editorconfig: %s (--no-editorconfig leaves it aside)",
			   path, lib.error);
		free(full);
		return EXIT_IO;
	}
	editorconfig_handle h = lib.handle_init();
	if (!h)
		out_of_memory();
	int rc = lib.parse(full, h);
	enum exit_status status = EXIT_OK;
	if (rc == EDITORCONFIG_PARSE_MEMORY_ERROR) {
		out_of_memory();
	} else if (rc > 0) {
		diag_error("%s: cannot parse %s, line %d (--no-editorconfig leaves it aside)",
			   path, lib.handle_get_err_file(h), rc);
		status = EXIT_IO;
	} else if (rc < 0) {
		diag_error("%s: .editorconfig: %s", path, lib.get_error_msg(rc));
		status = EXIT_IO;
	} else {
		int n = lib.handle_get_name_value_count(h);
		for (int i = 0; i < n; i++) {
			const char *name, *value;
			lib.handle_get_name_value(h, i, &name, &value);
			fn(ctx, name, value);
		}
	}
	lib.handle_destroy(h);
	free(full);
	return status;
}

/* The text of the .editorconfig `file`, read once; NULL if it cannot be
 * read or is too large to be looked at. */
static const char *text_of(const char *file, const char **kept)
{
	void *v;
	if ((*kept = dircache_get(&texts, file, &v)) != NULL)
		return v;
	char *text = NULL;
	FILE *f = fopen(file, "rb");
	if (f) {
		text = xrealloc(NULL, LINES_MAX + 1);
		size_t n = fread(text, 1, LINES_MAX + 1, f);
		if (ferror(f) || n > LINES_MAX) {
			free(text);
			text = NULL;
		} else {
			text[n] = 0;
		}
		fclose(f);
	}
	*kept = dircache_put(&texts, file, text);
	return text;
}

/* `s` and `t` alike but for case, `t` being t[0..n). */
static int same_word(const char *s, const char *t, size_t n)
{
	return strlen(s) == n && strncasecmp(s, t, n) == 0;
}

/* In `text`, the last line "name = value" (spaces around either); its
 * line and the column of its value, or 0. */
static int find_line(const char *text, const char *name, const char *value, int *col)
{
	int found = 0, line = 0;

	for (const char *p = text; *p; ) {
		size_t len = strcspn(p, "\n");
		const char *end = p + len;
		line++;
		const char *k = p + strspn(p, " \t");
		const char *eq = memchr(k, '=', (size_t)(end - k));
		if (eq && *k != '#' && *k != ';' && *k != '[') {
			const char *ke = eq;
			while (ke > k && (ke[-1] == ' ' || ke[-1] == '\t'))
				ke--;
			const char *v = eq + 1 + strspn(eq + 1, " \t");
			const char *ve = end;
			while (ve > v && (ve[-1] == ' ' || ve[-1] == '\t' || ve[-1] == '\r'))
				ve--;
			if (same_word(name, k, (size_t)(ke - k)) &&
			    same_word(value, v, (size_t)(ve - v))) {
				found = line;
				*col = (int)(v - p) + 1;
			}
		}
		p = *end ? end + 1 : end;
	}
	return found;
}

int editorconfig_where(const char *path, const char *name, const char *value,
		       const char **file, int *line, int *col)
{
	char *full = confdir_full(path);
	char *dir = full ? parent_of(full) : NULL;

	*file = NULL;
	free(full);
	while (dir && (dir_flags(dir) & DIR_ABOVE)) {
		if (dir_flags(dir) & DIR_HAS) {
			size_t n = strlen(dir);
			char *p = xrealloc(NULL, n + sizeof "/" CONFIG_NAME);
			memcpy(p, dir, n);
			memcpy(p + n, "/" CONFIG_NAME, sizeof "/" CONFIG_NAME);
			const char *kept, *text = text_of(p, &kept);
			free(p);
			if (text && (*line = find_line(text, name, value, col)) > 0) {
				*file = kept;
				break;
			}
		}
		if (strcmp(dir, "/") == 0)
			break;
		char *up = parent_of(dir);
		free(dir);
		dir = up;
	}
	free(dir);
	return *file ? 0 : -1;
}

const char *editorconfig_line(const char *file, int line, size_t *len)
{
	const char *kept, *p = text_of(file, &kept);

	for (int i = 1; p && *p && i < line; i++) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	if (!p)
		return NULL;
	*len = strcspn(p, "\r\n");
	return p;
}

void editorconfig_release(void)
{
	dircache_release(&dirs, NULL);
	dircache_release(&anys, NULL);
	dircache_release(&texts, free);
	ecread_release();
}

int editorconfig_library(char *buf, size_t size)
{
	if (load() < 0) {
		snprintf(buf, size, "%s", lib.error);
		return -1;
	}
	int major, minor, patch;
	lib.get_version(&major, &minor, &patch);
	snprintf(buf, size, "libeditorconfig %d.%d.%d%s", major, minor, patch,
		 lib.get_version_suffix());
	return 0;
}
