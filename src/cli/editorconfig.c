/* editorconfig.c - a file's layout from .editorconfig, through
 * libeditorconfig.  See editorconfig.h. */
#include "cli/editorconfig.h"

#include <editorconfig/editorconfig.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/diag.h"

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

/* The name of the files looked for. */
#define CONFIG_NAME ".editorconfig"

/* Whether any directory above the file `full` names holds an
 * .editorconfig.  Most files have none: the library, which allocates
 * for every file it is asked about (and does not survive running out
 * of memory), is then not asked. */
static int any_config(const char *full)
{
	size_t n = strlen(full);
	char *p = xrealloc(NULL, n + sizeof "/" CONFIG_NAME);
	struct stat st;
	int found = 0;

	memcpy(p, full, n + 1);
	while (!found && n > 0) {
		while (n > 0 && p[n - 1] != '/')        /* up a directory */
			n--;
		if (n == 0)
			break;
		memcpy(p + n, CONFIG_NAME, sizeof CONFIG_NAME);
		found = stat(p, &st) == 0;
		n--;                                    /* past the slash */
	}
	free(p);
	return found;
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
	if (!any_config(full)) {
		free(full);
		return EXIT_OK;
	}
	editorconfig_handle h = editorconfig_handle_init();
	if (!h)
		out_of_memory();
	int rc = editorconfig_parse(full, h);
	enum exit_status status = EXIT_OK;
	if (rc == EDITORCONFIG_PARSE_MEMORY_ERROR) {
		out_of_memory();
	} else if (rc > 0) {
		diag_error("%s: cannot parse %s, line %d (--no-editorconfig leaves it aside)",
			   path, editorconfig_handle_get_err_file(h), rc);
		status = EXIT_IO;
	} else if (rc < 0) {
		diag_error("%s: .editorconfig: %s", path, editorconfig_get_error_msg(rc));
		status = EXIT_IO;
	} else {
		int n = editorconfig_handle_get_name_value_count(h);
		for (int i = 0; i < n; i++) {
			const char *name, *value;
			editorconfig_handle_get_name_value(h, i, &name, &value);
			take(st, name, value);
		}
	}
	editorconfig_handle_destroy(h);
	free(full);
	return status;
}
