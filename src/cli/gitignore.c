/* gitignore.c - asking git check-ignore.  See gitignore.h. */
#include "cli/gitignore.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/diag.h"

extern char **environ;

/* What git check-ignore's exit status means: some path ignored, none. */
#define GIT_SOME_IGNORED 0
#define GIT_NONE_IGNORED 1

/* Set when git could not be run at all: not asked again. */
static int git_missing;

/* The environment without what would point git at another repository
 * than the one holding the directory (a hook's GIT_DIR, say). */
static char **child_env(void)
{
	static const char *const drop[] = { "GIT_DIR=", "GIT_WORK_TREE=", "GIT_INDEX_FILE=",
					    "GIT_COMMON_DIR=", NULL };
	size_t n = 0, k = 0;

	while (environ[n])
		n++;
	char **env = xrealloc(NULL, (n + 1) * sizeof *env);
	for (size_t i = 0; i < n; i++) {
		int keep = 1;
		for (const char *const *d = drop; *d && keep; d++)
			keep = strncmp(environ[i], *d, strlen(*d)) != 0;
		if (keep)
			env[k++] = environ[i];
	}
	env[k] = NULL;
	return env;
}

/* Run git with argv, its standard input read from `in` (or /dev/null when
 * -1); what it writes is returned (NUL-ended, its length in *len), and
 * its exit status in *status (-1: killed).  NULL if it could not be run. */
static char *run_git(char *const *argv, int in, size_t *len, int *status)
{
	posix_spawn_file_actions_t fa;
	int fd[2];
	pid_t pid;
	char *out = NULL;
	size_t n = 0, cap = 0;
	int rc, ws;

	if (pipe2(fd, O_CLOEXEC) < 0)
		return NULL;
	char **env = child_env();
	/* (each action may fail for memory; git must not run without them:
	 * its messages would reach ours) */
	if (posix_spawn_file_actions_init(&fa) != 0 ||
	    (in >= 0 ? posix_spawn_file_actions_adddup2(&fa, in, STDIN_FILENO) :
	     posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0)) != 0 ||
	    posix_spawn_file_actions_adddup2(&fa, fd[1], STDOUT_FILENO) != 0 ||
	    posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0) != 0)
		out_of_memory();
	rc = posix_spawnp(&pid, GITIGNORE_PROGRAM, &fa, NULL, argv, env);
	posix_spawn_file_actions_destroy(&fa);
	free(env);
	close(fd[1]);
	if (rc) {
		close(fd[0]);
		git_missing = 1;
		return NULL;
	}
	for (;;) {
		if (cap - n < 4096)
			out = xgrow_array(out, &cap, n + 4096, 1);
		ssize_t r = read(fd[0], out + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	close(fd[0]);
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	*status = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
	out[n] = 0;
	*len = n;
	return out;
}

/* Whether `dir` is inside a git work tree. */
static int in_work_tree(const char *dir)
{
	char *argv[] = { GITIGNORE_PROGRAM, "-C", (char *)dir, "rev-parse",
		"--is-inside-work-tree", NULL };
	size_t len;
	int status;
	char *out = run_git(argv, -1, &len, &status);
	int yes = out && status == 0 && strncmp(out, "true", 4) == 0;

	free(out);
	return yes;
}

static int by_path(const void *a, const void *b, void *paths)
{
	char *const *p = paths;
	return strcmp(p[*(const size_t *)a], p[*(const size_t *)b]);
}

/* Mark the paths that git named in out[0..len), NUL-ended each. */
static void mark(char *const *paths, size_t n, const char *out, size_t len,
		 unsigned char *ignored)
{
	size_t *order = xrealloc(NULL, (n ? n : 1) * sizeof *order);

	for (size_t i = 0; i < n; i++)
		order[i] = i;
	qsort_r(order, n, sizeof *order, by_path, (void *)paths);
	for (const char *p = out; p < out + len; p += strlen(p) + 1) {
		size_t lo = 0, hi = n;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			int c = strcmp(paths[order[mid]], p);
			if (c == 0) {
				ignored[order[mid]] = 1;
				break;
			}
			if (c < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
	}
	free(order);
}

enum gitignore_answer gitignore_ask(const char *dir, char *const *paths, size_t n,
				    unsigned char *ignored)
{
	char *argv[] = { GITIGNORE_PROGRAM, "-C", (char *)dir, "check-ignore", "--stdin",
		"-z", NULL };
	enum gitignore_answer answer = GITIGNORE_NO_REPO;
	size_t len;
	int status;

	memset(ignored, 0, n);
	if (n == 0 || git_missing)
		return GITIGNORE_NO_REPO;
	/* the paths go in through a file, so that git's answers never wait
	 * for us to read them while we write */
	int in = memfd_create("jfmt-paths", MFD_CLOEXEC);
	if (in < 0) {
		diag_errno("memfd_create", errno);
		return GITIGNORE_FAILED;
	}
	for (size_t i = 0; i < n; i++) {
		if (write(in, paths[i], strlen(paths[i]) + 1) < 0) {
			diag_errno("memfd", errno);
			close(in);
			return GITIGNORE_FAILED;
		}
	}
	lseek(in, 0, SEEK_SET);
	char *out = run_git(argv, in, &len, &status);
	close(in);
	if (out && (status == GIT_SOME_IGNORED || status == GIT_NONE_IGNORED)) {
		mark(paths, n, out, len, ignored);
		answer = GITIGNORE_ASKED;
	} else if (out && in_work_tree(dir)) {
		diag_error("%s: git check-ignore failed: cannot tell which files git ignores",
			   dir);
		answer = GITIGNORE_FAILED;
	}
	free(out);
	return answer;
}
