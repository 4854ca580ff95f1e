/* walk.c - operands and the directories walked with -r.  See walk.h. */
#include "cli/walk.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "cli/filetype.h"
#include "cli/gitignore.h"
#include "cli/strorder.h"

/* Directories never walked: version control's own, and installed packages. */
static const char *const skipped_dirs[] = { ".git", ".hg", ".svn", "node_modules", NULL };

/* What names a repository's top directory: a .git directory, or a file
 * (a submodule's, a worktree's). */
#define GIT_ENTRY ".git"

/* A repository found in the walk: the operand's (group 0), or one nested. */
struct group {
	char *root;                     /* its directory, as the walk names it */
	size_t root_len;                /* ... whose length paths below skip */
	int parent;                     /* the group holding it (group 0: -1) */
	size_t entry;                   /* its directory among the parent's
					 * entries */
	int unfiltered;                 /* git names no file in it ignored */
};

/* A file taken, a nested repository's directory (asked of its parent's
 * git), or a file or directory that could not be read (said in its turn,
 * among the files, as the walk found it). */
struct entry {
	char *path;                     /* as given to w->file */
	int group;
	int is_repo;                    /* a nested repository's directory */
	int ignored;
	int error;                      /* an errno: could not be read */
};

struct found {
	const struct walk *w;
	int stream;                     /* files taken as they are found (no
					 * git to ask first) */
	size_t base_len;                /* the operand's length and slash */
	struct entry *e;
	size_t n, cap;
	struct group *g;
	size_t ng, gcap;
	enum exit_status status;
};

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

/* The names in `dir` but . and .., sorted; NULL with errno set.  After
 * each name's NUL, the type readdir(3) gave (a DT_ value): most file
 * systems say it, and a directory of 10,000 files then needs no lstat
 * for each (10 ms of the walk, which comes before any file is taken). */
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
		size_t len = strlen(e->d_name);
		names[n] = xrealloc(NULL, len + 2);
		memcpy(names[n], e->d_name, len + 1);
		names[n][len + 1] = (char)e->d_type;
		n++;
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
		qsort(names, n, sizeof *names, strorder_compare);
	*count = n;
	return names ? names : xrealloc(NULL, sizeof *names);
}

/* Whether an --exclude GLOB matches `name`, at `path` (whose part below the
 * operand starts at path + base_len). */
static int excluded(const struct found *f, const char *name, const char *path)
{
	const char *below = strlen(path) > f->base_len ? path + f->base_len : name;

	for (int i = 0; i < f->w->nexcludes; i++) {
		const char *glob = f->w->excludes[i];
		if (strchr(glob, '/') ? fnmatch(glob, below, FNM_PATHNAME) == 0 :
					fnmatch(glob, name, 0) == 0)
			return 1;
	}
	return 0;
}

static int skipped_dir(const char *name)
{
	for (const char *const *s = skipped_dirs; *s; s++)
		if (strcmp(name, *s) == 0)
			return 1;
	return 0;
}

static void add_entry(struct found *f, char *path, int group, int is_repo)
{
	f->e = xgrow_array(f->e, &f->cap, f->n + 1, sizeof *f->e);
	f->e[f->n++] = (struct entry){ path, group, is_repo, 0, 0 };
}

/* `path` could not be read (errno `err`): said now when the files are
 * taken as they are found, else in its turn among them. */
static void unreadable(struct found *f, const char *path, int group, int err)
{
	if (f->stream) {
		diag_errno(path, err);
		f->status = status_worse(f->status, EXIT_IO);
		return;
	}
	add_entry(f, join("", path), group, 0);
	f->e[f->n - 1].error = err;
}

static int add_group(struct found *f, const char *root, int parent, size_t entry)
{
	f->g = xgrow_array(f->g, &f->gcap, f->ng + 1, sizeof *f->g);
	f->g[f->ng] = (struct group){ xrealloc(NULL, strlen(root) + 1), 0, parent, entry, 0 };
	strcpy(f->g[f->ng].root, root);
	f->g[f->ng].root_len = strlen(root);
	return (int)f->ng++;
}

static int holds_git_entry(char *const *names, size_t n)
{
	return bsearch(&(const char *){ GIT_ENTRY }, names, n, sizeof *names, strorder_compare) != NULL;
}

/* The type of the entry `name` at `path` (S_IFDIR, S_IFREG, or another
 * S_IF value), from readdir(3), or else from lstat(2); -1 if that fails
 * (errno says why). */
static int entry_type(const char *name, const char *path)
{
	struct stat st;

	switch ((unsigned char)name[strlen(name) + 1]) {
	case DT_DIR:
		return S_IFDIR;
	case DT_REG:
		return S_IFREG;
	case DT_UNKNOWN:
		break;
	default:
		return S_IFLNK;         /* (nor a directory nor a file: not taken) */
	}
	if (lstat(path, &st) < 0)
		return -1;
	return (int)(st.st_mode & S_IFMT);
}

/* Gather what `dir` holds into f, as files of `group`. */
static void gather(struct found *f, const char *dir, int group, int top)
{
	size_t n = 0;
	char **names = list_dir(dir, &n);

	if (!names) {
		unreadable(f, dir, group, errno);
		return;
	}
	if (f->w->listed)
		f->w->listed(dir, names, n);
	if (!f->stream && !top && holds_git_entry(names, n)) {  /* a repository of its own */
		add_entry(f, join("", dir), group, 1);
		group = add_group(f, dir, group, f->n - 1);
	}
	for (size_t i = 0; i < n; i++) {
		char *path = join(dir, names[i]);
		int type = entry_type(names[i], path);
		if (type < 0) {
			unreadable(f, path, group, errno);
		} else if (type == S_IFDIR && !skipped_dir(names[i]) &&
			   !excluded(f, names[i], path) && !(f->w->skip && f->w->skip(path, 1))) {
			gather(f, path, group, 0);
		} else if (type == S_IFREG && filetype_taken(path) &&
			   !excluded(f, names[i], path) && !(f->w->skip && f->w->skip(path, 0))) {
			if (f->stream) {
				f->status = status_worse(f->status, f->w->file(f->w->ctx, path));
			} else {
				add_entry(f, path, group, 0);
				path = NULL;
			}
		}
		free(path);
		free(names[i]);
	}
	free(names);
}

/* Ask git about the entries of group k, relative to its root; -1 if git
 * could not answer (said). */
static int filter_group(struct found *f, int k)
{
	struct group *g = &f->g[k];
	size_t m = 0;

	if (g->parent >= 0 && f->e[g->entry].ignored) {
		for (size_t i = 0; i < f->n; i++)       /* ignored whole */
			if (f->e[i].group == k)
				f->e[i].ignored = 1;
		return 0;
	}
	for (size_t i = 0; i < f->n; i++)
		m += f->e[i].group == k && !f->e[i].error;
	if (m == 0)
		return 0;
	/* The group's own directory first: if git ignores it (a directory
	 * named that git ignores), nothing in it is held to its rules. */
	char **paths = xrealloc(NULL, (m + 1) * sizeof *paths);
	size_t *which = xrealloc(NULL, (m + 1) * sizeof *which);
	unsigned char *ignored = xrealloc(NULL, m + 1);
	size_t p = 0;
	paths[p++] = ".";
	for (size_t i = 0; i < f->n; i++) {
		if (f->e[i].group != k || f->e[i].error)
			continue;
		const char *rel = f->e[i].path + g->root_len;
		while (*rel == '/')
			rel++;
		which[p] = i;
		paths[p++] = (char *)rel;
	}
	enum gitignore_answer a = gitignore_ask(g->root, paths, p, ignored);
	if (a == GITIGNORE_ASKED && !ignored[0]) {
		for (size_t i = 1; i < p; i++)
			f->e[which[i]].ignored = ignored[i];
	} else if (a != GITIGNORE_FAILED) {
		g->unfiltered = 1;
	}
	free(paths);
	free(which);
	free(ignored);
	return a == GITIGNORE_FAILED ? -1 : 0;
}

/* Find the files that the directory operand `dir` stands for, or with
 * `stream` take them as they are found; -1 if git could not say which it
 * ignores. */
static int find_dir(const struct walk *w, const char *dir, struct found *f, int stream)
{
	*f = (struct found){ .w = w, .stream = stream, .base_len = strlen(dir) };
	if (f->base_len > 0 && dir[f->base_len - 1] != '/')
		f->base_len++;
	add_group(f, dir, -1, 0);
	gather(f, dir, 0, 1);
	for (size_t k = 0; w->gitignore && k < f->ng; k++)     /* parents first */
		if (filter_group(f, (int)k) < 0)
			return -1;
	return 0;
}

/* Take what find_dir() found, or only free it (`take` 0). */
static enum exit_status take_found(struct found *f, int take)
{
	for (size_t i = 0; i < f->n; i++) {
		if (f->e[i].error) {
			diag_errno(f->e[i].path, f->e[i].error);
			f->status = status_worse(f->status, EXIT_IO);
		} else if (take && !f->e[i].ignored && !f->e[i].is_repo) {
			f->status = status_worse(f->status, f->w->file(f->w->ctx, f->e[i].path));
		}
		free(f->e[i].path);
	}
	for (size_t k = 0; k < f->ng; k++)
		free(f->g[k].root);
	free(f->e);
	free(f->g);
	return f->status;
}

/* Whether operand `f` is a directory that -r walks. */
static int walked(const struct walk *w, const char *f)
{
	struct stat st;
	return w->recursive && strcmp(f, "-") != 0 && stat(f, &st) == 0 && S_ISDIR(st.st_mode);
}

enum exit_status walk_operands(const struct walk *w, char *const *files, int n)
{
	enum exit_status status = EXIT_OK;
	struct stat st;
	int failed = 0;

	if (n == 0)
		return w->file(w->ctx, "-");
	/* Every directory is walked, and git asked about it, before any file
	 * is taken: if git cannot answer, nothing is.  With no git to ask, a
	 * directory's files are taken as its walk finds them, in its turn:
	 * the threads format the first while the walk goes on (it took 10 ms
	 * of 62 over 10,000 files, one CPU idle all along). */
	struct found *dirs = xrealloc(NULL, (size_t)n * sizeof *dirs);
	for (int i = 0; i < n; i++) {
		dirs[i].w = NULL;
		if (!failed && w->gitignore && walked(w, files[i]))
			failed = find_dir(w, files[i], &dirs[i], 0) < 0;
	}
	if (failed) {
		for (int i = 0; i < n; i++)
			if (dirs[i].w)
				take_found(&dirs[i], 0);
		free(dirs);
		return EXIT_IO;
	}
	for (int i = 0; i < n; i++) {
		const char *f = files[i];
		if (dirs[i].w)
			status = status_worse(status, take_found(&dirs[i], 1));
		else if (!w->gitignore && walked(w, f) && find_dir(w, f, &dirs[i], 1) == 0)
			status = status_worse(status, take_found(&dirs[i], 1));
		else if (strcmp(f, "-") == 0 || stat(f, &st) < 0 || !S_ISDIR(st.st_mode))
			status = status_worse(status, w->file(w->ctx, f));
		else {
			diag_error("%s: is a directory (use -r to take the JSON files in it; "
				   "with no FILE, jfmt reads standard input)", f);
			status = status_worse(status, EXIT_IO);
		}
	}
	free(dirs);
	return status;
}
