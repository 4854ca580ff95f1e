/* walk.c - operands and the directories walked with -r.  See walk.h. */
#include "cli/walk.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/alloc.h"
#include "base/diag.h"

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int taken(const struct walk *w, const char *name)
{
	size_t n = strlen(name);
	size_t j = strlen(WALK_JSON), c = strlen(WALK_JSONC);

	return (n > j && strcmp(name + n - j, WALK_JSON) == 0) ||
		(w->jsonc && n > c && strcmp(name + n - c, WALK_JSONC) == 0);
}

/* dir "/" name, without doubling a slash that dir ends with. */
static char *join(const char *dir, const char *name)
{
	size_t d = strlen(dir), n = strlen(name);
	int slash = d > 0 && dir[d - 1] != '/';
	char *p = xrealloc(NULL, d + slash + n + 1);

	memcpy(p, dir, d);
	if (slash)
		p[d] = '/';
	memcpy(p + d + slash, name, n + 1);
	return p;
}

/* The names in `dir` but . and .., sorted; NULL with errno set. */
static char **list_dir(const char *dir, size_t *count)
{
	DIR *d = opendir(dir);
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;

	if (!d)
		return NULL;
	errno = 0;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			names = xrealloc(names, cap * sizeof *names);
		}
		names[n++] = join("", e->d_name);
		errno = 0;
	}
	int err = errno;
	closedir(d);
	if (err) {
		while (n > 0)
			free(names[--n]);
		free(names);
		errno = err;
		return NULL;
	}
	if (n > 1)
		qsort(names, n, sizeof *names, by_name);
	*count = n;
	return names ? names : xrealloc(NULL, sizeof *names);
}

static enum exit_status walk_dir(const struct walk *w, const char *dir)
{
	size_t n = 0;
	char **names = list_dir(dir, &n);
	enum exit_status status = EXIT_OK;

	if (!names) {
		diag_errno(dir, errno);
		return EXIT_IO;
	}
	for (size_t i = 0; i < n; i++) {
		char *path = join(dir, names[i]);
		struct stat st;
		if (lstat(path, &st) < 0) {
			diag_errno(path, errno);
			status = status_worse(status, EXIT_IO);
		} else if (S_ISDIR(st.st_mode) && names[i][0] != '.') {
			status = status_worse(status, walk_dir(w, path));
		} else if (S_ISREG(st.st_mode) && taken(w, names[i])) {
			status = status_worse(status, w->file(w->ctx, path));
		}
		free(path);
		free(names[i]);
	}
	free(names);
	return status;
}

enum exit_status walk_operands(const struct walk *w, char *const *files, int n)
{
	enum exit_status status = EXIT_OK;
	struct stat st;

	if (n == 0)
		return w->file(w->ctx, "-");
	for (int i = 0; i < n; i++) {
		const char *f = files[i];
		if (strcmp(f, "-") == 0 || stat(f, &st) < 0 || !S_ISDIR(st.st_mode))
			status = status_worse(status, w->file(w->ctx, f));
		else if (w->recursive)
			status = status_worse(status, walk_dir(w, f));
		else {
			diag_error("%s: is a directory (use -r to take the JSON files in it)", f);
			status = status_worse(status, EXIT_IO);
		}
	}
	return status;
}
