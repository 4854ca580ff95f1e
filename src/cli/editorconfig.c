/* editorconfig.c - a file's layout from .editorconfig, through
 * libeditorconfig.  See editorconfig.h. */
#include "cli/editorconfig.h"

#include <dlfcn.h>
#include <editorconfig/editorconfig.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "cli/ecread.h"

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

/* `path` from the root: the library takes no other. */
static char *full_path(const char *path)
{
	if (path[0] == '/')
		return strcpy(xrealloc(NULL, strlen(path) + 1), path);
	char *cwd = getcwd(NULL, 0);
	if (!cwd)
		return NULL;
	size_t c = strlen(cwd), p = strlen(path);
	char *full = xrealloc(NULL, c + 1 + p + 1);
	memcpy(full, cwd, c);
	full[c] = '/';
	memcpy(full + c + 1, path, p + 1);
	free(cwd);
	return full;
}

/* A count of spaces, 0 to FORMAT_INDENT_MAX, or -1. */
static int indent_size(const char *v)
{
	char *end;
	long n = strtol(v, &end, 10);

	return end != v && *end == 0 && v[0] >= '0' && v[0] <= '9' && n <= FORMAT_INDENT_MAX ?
		(int)n : -1;
}

static void take(struct file_style *st, const char *name, const char *value)
{
	if (strcmp(name, "indent_style") == 0) {
		if (strcmp(value, "tab") == 0)
			st->indent_char = '\t';
		else if (strcmp(value, "space") == 0)
			st->indent_char = ' ';
	} else if (strcmp(name, "indent_size") == 0) {
		st->indent = indent_size(value);
	} else if (strcmp(name, "end_of_line") == 0) {
		if (strcmp(value, "lf") == 0)
			st->eol = EOL_LF;
		else if (strcmp(value, "crlf") == 0)
			st->eol = EOL_CRLF;
	} else if (strcmp(name, "insert_final_newline") == 0) {
		if (strcmp(value, "true") == 0)
			st->final_newline = 1;
		else if (strcmp(value, "false") == 0)
			st->final_newline = 0;
	}
}

enum exit_status editorconfig_style(const char *path, struct file_style *st)
{
	*st = (struct file_style){ 0, -1, -1, -1 };
	char *full = full_path(path);
	if (!full) {
		diag_errno(path, errno);
		return EXIT_IO;
	}
	/* Most files have no .editorconfig above them: the library, which
	 * allocates for every file it is asked about (and does not survive
	 * running out of memory), is then not asked. */
	int any;
	enum exit_status read = ecread_check(path, full, &any);
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
			take(st, name, value);
		}
	}
	lib.handle_destroy(h);
	free(full);
	return status;
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
