/* gitignore.c - asking git check-ignore.  See gitignore.h. */
#include "cli/gitignore.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "base/fbuffer.h"
#include "base/quote.h"
#include "cli/gitrun.h"
#include "cli/strorder.h"

/* What git check-ignore's exit status means: some path matched a pattern,
 * none did. */
#define GIT_SOME_MATCHED 0
#define GIT_NONE_MATCHED 1

/* The fields of one answer of check-ignore -v -n -z: the file that holds
 * the pattern, its line, the pattern, the path. */
#define ANSWER_FIELDS 4

/* Read git's answers, one for each path in turn: ignored when a pattern
 * matched that is not a negation ("!pattern").  0, or -1 if they are not
 * answers to these paths. */
static int read_ignored(const struct git_run *r, char *const *paths, size_t n,
			unsigned char *ignored)
{
	const char *p = r->out, *end = r->out + r->len;

	for (size_t i = 0; i < n; i++) {
		const char *field[ANSWER_FIELDS];
		for (int f = 0; f < ANSWER_FIELDS; f++) {
			const char *nul = memchr(p, 0, (size_t)(end - p));
			if (!nul)
				return -1;
			field[f] = p;
			p = nul + 1;
		}
		if (strcmp(field[3], paths[i]) != 0)
			return -1;
		ignored[i] = field[2][0] != 0 && field[2][0] != '!';
	}
	return p == end ? 0 : -1;
}

/* Whether `path` is what git takes for a repository: a directory that
 * holds HEAD, objects and refs, or a file that points at one ("gitdir:",
 * a worktree's or a submodule's). */
static int is_git_entry(char *path, size_t len)
{
	static const char *const inside[] = { "/HEAD", "/objects", "/refs", NULL };
	static const char pointer[] = "gitdir: ";
	struct stat st;

	if (stat(path, &st) < 0)
		return 0;
	if (S_ISREG(st.st_mode)) {
		char head[sizeof pointer - 1];
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		ssize_t n = fd >= 0 ? read(fd, head, sizeof head) : -1;
		if (fd >= 0)
			close(fd);
		return n == (ssize_t)sizeof head && memcmp(head, pointer, sizeof head) == 0;
	}
	int all = S_ISDIR(st.st_mode);
	for (const char *const *in = inside; *in && all; in++) {
		strcpy(path + len, *in);
		all = access(path, F_OK) == 0;
	}
	path[len] = 0;
	return all;
}

/* The top of the work tree that holds `dir`, as git finds it: the nearest
 * directory up from it with a .git, on the same file system (git looks no
 * further by default); NULL if none. */
static char *work_tree_top(const char *dir)
{
	char *p = realpath(dir, NULL);
	struct stat st;

	if (!p && errno == ENOMEM)
		out_of_memory();
	if (!p || stat(p, &st) < 0) {
		free(p);
		return NULL;
	}
	dev_t dev = st.st_dev;
	size_t n = strlen(p);
	p = xrealloc(p, n + sizeof "/.git/objects");
	for (;;) {
		size_t top = n == 1 ? 0 : n;   /* "/" has no slash to add */
		strcpy(p + top, "/.git");
		if (is_git_entry(p, top + strlen("/.git"))) {
			p[n] = 0;
			return p;
		}
		while (n > 1 && p[n - 1] != '/')
			n--;
		if (n > 1)
			n--;                    /* the slash before the name */
		p[n] = 0;
		if (top == 0 || stat(p, &st) < 0 || st.st_dev != dev)
			break;
	}
	free(p);
	return NULL;
}

/* Say why git could not answer for `dir`, in the work tree at `top`, and
 * what to do. */
static void report(const char *dir, const char *top, const char *command,
		   const struct git_run *r, int nonsense)
{
	char why[64 + GIT_MESSAGE_MAX];
	size_t t = strlen(top);
	char *word = xrealloc(NULL, QUOTE_SIZE(t));

	if (r->silent)
		snprintf(why, sizeof why, "gave no answer in %d s", GIT_SILENCE_LIMIT_MS / 1000);
	else if (r->signal)
		snprintf(why, sizeof why, "was killed by signal %d (%s)", r->signal,
			 strsignal(r->signal));
	else if (nonsense)
		snprintf(why, sizeof why, "gave answers that are not about the files asked");
	else if (r->status < 0)
		snprintf(why, sizeof why, "ended, and its exit status could not be had");
	else
		snprintf(why, sizeof why, "exited with status %d%s%s%s", r->status,
			 *r->said ? " (" : "", r->said, *r->said ? ")" : "");
	quote_shell(word, top, t);
	diag_error("%s: cannot tell which files git ignores, so no file is taken: git %s "
		   "%s; if git does not trust the repository's owner, mark it safe "
		   "(git config --global --add safe.directory %s), or take every file "
		   "without asking git with --no-gitignore", diag_name(dir), command, why, word);
	free(word);
}

/* Whether the sorted list of n tracked paths holds `path`, or a path in
 * the directory `path` names ("." for all of them). */
static int is_tracked(char *const *tracked, size_t n, const char *path)
{
	size_t len = strlen(path), lo = 0, hi = n;

	if (strcmp(path, ".") == 0)
		return n > 0;
	while (lo < hi) {               /* the first not before path */
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(tracked[mid], path) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* from there, the paths that begin with path: path itself, or one
	 * in it (after those that go on with a byte below '/') */
	for (; lo < n && strncmp(tracked[lo], path, len) == 0; lo++)
		if (tracked[lo][len] == 0 || tracked[lo][len] == '/')
			return 1;
	return 0;
}

/* Clear ignored[i] for each path that the index holds, or that names a
 * directory holding some: git ignores no tracked file, nor a directory of
 * them.  The index is listed once (git ls-files) and searched for the
 * paths a pattern matched.  0, or -1 if git failed (*r says how). */
static int keep_tracked(const char *dir, int in, char *const *paths, size_t n,
			unsigned char *ignored, struct git_run *r)
{
	char *argv[] = { GIT_PROGRAM, "-C", (char *)dir, "ls-files", "-z", NULL };
	size_t count = 0;

	if (run_git(argv, in, r) <= 0 || r->status != 0)
		return -1;
	for (size_t i = 0; i < r->len; i++)
		count += r->out[i] == 0;
	char **tracked = xrealloc(NULL, (count + 1) * sizeof *tracked);
	size_t k = 0;
	for (char *p = r->out; p < r->out + r->len; p += strlen(p) + 1)
		tracked[k++] = p;
	qsort(tracked, k, sizeof *tracked, strorder_compare);
	for (size_t i = 0; i < n; i++)
		if (ignored[i] && is_tracked(tracked, k, paths[i]))
			ignored[i] = 0;
	free(tracked);
	return 0;
}

/* gitignore_ask() for `dir`, in the work tree at `top`. */
static enum gitignore_answer ask_git(const char *dir, const char *top, char *const *paths,
				     size_t n, unsigned char *ignored)
{
	/* --no-index: the patterns alone; with the index, git 2.39 took
	 * 1.1 ms a path in a work tree of 100,000 tracked files (two
	 * minutes for all), 7 us without it; tracked files are kept after
	 * (keep_tracked()) */
	char *argv[] = { GIT_PROGRAM, "-C", (char *)dir, "check-ignore", "--no-index",
		"--stdin", "-z", "--verbose", "--non-matching", NULL };
	const char *command = "check-ignore";
	struct git_run r;

	/* the paths go in through a file, so that git's answers never wait
	 * for us to read them while we write */
	int in = memfd_create("jfmt-paths", MFD_CLOEXEC);
	if (in < 0) {
		diag_errno("memfd_create", errno);
		return GITIGNORE_FAILED;
	}
	size_t len = 0, cap = 0;
	char *text = NULL;
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(paths[i]) + 1;
		text = xgrow_array(text, &cap, len + k, 1);
		memcpy(text + len, paths[i], k);
		len += k;
	}
	int err = write_all(in, text, len, NULL);
	free(text);
	if (err) {
		diag_errno("memfd", err);
		close(in);
		return GITIGNORE_FAILED;
	}
	lseek(in, 0, SEEK_SET);
	int ran = run_git(argv, in, &r);
	if (ran <= 0) {
		close(in);
		return ran < 0 ? GITIGNORE_FAILED : GITIGNORE_NO_REPO;
	}
	int answered = r.status == GIT_SOME_MATCHED || r.status == GIT_NONE_MATCHED;
	int nonsense = answered && read_ignored(&r, paths, n, ignored) < 0;
	if (answered && !nonsense && r.status == GIT_SOME_MATCHED) {
		free(r.out);
		command = "ls-files";
		answered = keep_tracked(dir, in, paths, n, ignored, &r) == 0;
	}
	close(in);
	enum gitignore_answer answer = GITIGNORE_ASKED;
	if (!answered || nonsense) {
		memset(ignored, 0, n);
		answer = GITIGNORE_FAILED;
		report(dir, top, command, &r, nonsense);
	}
	free(r.out);
	return answer;
}

enum gitignore_answer gitignore_ask(const char *dir, char *const *paths, size_t n,
				    unsigned char *ignored)
{
	memset(ignored, 0, n);
	if (n == 0 || git_missing())
		return GITIGNORE_NO_REPO;
	/* Outside a work tree git would only say so (exit status 128), and
	 * starting it took half of -r --check's time over a directory of 10
	 * files: 3.5 ms a run with it, 1.8 ms without. */
	char *top = work_tree_top(dir);
	if (!top)
		return GITIGNORE_NO_REPO;
	enum gitignore_answer answer = ask_git(dir, top, paths, n, ignored);
	free(top);
	return answer;
}
