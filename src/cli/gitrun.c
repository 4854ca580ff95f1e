/* gitrun.c - running git once.  See gitrun.h. */
#include "cli/gitrun.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/diag.h"

extern char **environ;

/* Set when git could not be run at all: not asked again. */
static int missing;

/* The environment without what would point git at another repository
 * than the one holding the directory (a hook's GIT_DIR, say), and with
 * GIT_FLUSH=0: git then writes its answers a buffer at a time, not one
 * write(2) each, to be read as few times.  On 10,000 paths git took
 * 30 ms instead of 50 (git 2.39), and jfmt read them 60 times instead
 * of 9,300. */
static char **child_env(void)
{
	static const char *const drop[] = { "GIT_DIR=", "GIT_WORK_TREE=", "GIT_INDEX_FILE=",
					    "GIT_COMMON_DIR=", "GIT_FLUSH=", NULL };
	static char flush[] = "GIT_FLUSH=0";
	size_t n = 0, k = 0;

	while (environ[n])
		n++;
	char **env = xrealloc(NULL, (n + 2) * sizeof *env);
	env[k++] = flush;
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

static long long now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Start git with argv, its standard input from `in`, its output into
 * the pipe `out`, its messages into the file `err`; its pid, or -1. */
static pid_t spawn_git(char *const *argv, int in, int out, int err)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	char **env = child_env();

	/* (each action may fail for memory; git must not run without them:
	 * its messages would reach ours) */
	if (posix_spawn_file_actions_init(&fa) != 0 ||
	    posix_spawn_file_actions_adddup2(&fa, in, STDIN_FILENO) != 0 ||
	    posix_spawn_file_actions_adddup2(&fa, out, STDOUT_FILENO) != 0 ||
	    posix_spawn_file_actions_adddup2(&fa, err, STDERR_FILENO) != 0)
		out_of_memory();
	int rc = posix_spawnp(&pid, GIT_PROGRAM, &fa, NULL, argv, env);
	posix_spawn_file_actions_destroy(&fa);
	free(env);
	return rc ? -1 : pid;
}

/* Read git's output from fd until it ends, git silent for no longer than
 * the limit at a time; 0, or -1 when it fell silent. */
static int read_answers(int fd, struct git_run *r)
{
	size_t cap = 0;
	long long deadline = now_ms() + GIT_SILENCE_LIMIT_MS;

	for (;;) {
		if (cap - r->len < 4096)
			r->out = xgrow_array(r->out, &cap, r->len + 4096, 1);
		long long left = deadline - now_ms();
		struct pollfd p = { fd, POLLIN, 0 };
		int k = left > 0 ? poll(&p, 1, (int)left) : 0;
		if (k < 0 && errno == EINTR)
			continue;
		if (k == 0)
			return -1;
		if (k < 0)
			return 0;       /* (reap() still bounds the wait) */
		ssize_t got = read(fd, r->out + r->len, cap - r->len - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return 0;
		r->len += (size_t)got;
		deadline = now_ms() + GIT_SILENCE_LIMIT_MS;
	}
}

/* Wait for git to end, killing it if it does not within the limit (or
 * at once, when `kill_now`). */
static void reap(pid_t pid, int kill_now, struct git_run *r)
{
	long long deadline = now_ms() + GIT_SILENCE_LIMIT_MS;
	const struct timespec tick = { 0, 1000000 };
	int ws = 0;
	pid_t w = 0;

	while (!kill_now && (w = waitpid(pid, &ws, WNOHANG)) != pid) {
		if (w < 0 && errno != EINTR)
			break;          /* (no status to have: said as -1) */
		if (now_ms() >= deadline)
			kill_now = 1;
		else
			nanosleep(&tick, NULL);
	}
	if (kill_now) {
		kill(pid, SIGKILL);
		r->silent = 1;
		while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
			;
	}
	int known = w == pid && !r->silent;
	r->status = known && WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
	r->signal = known && WIFSIGNALED(ws) ? WTERMSIG(ws) : 0;
}

/* The first line of what git wrote to `err`, into r->said. */
static void first_line(int err, struct git_run *r)
{
	ssize_t n = pread(err, r->said, GIT_MESSAGE_MAX, 0);

	r->said[n > 0 ? n : 0] = 0;
	r->said[strcspn(r->said, "\n")] = 0;
}

int git_missing(void)
{
	return missing;
}

int run_git(char *const *argv, int in, struct git_run *r)
{
	int fd[2];

	memset(r, 0, sizeof *r);
	int err = memfd_create("jfmt-git-stderr", MFD_CLOEXEC);
	if (err < 0 || pipe2(fd, O_CLOEXEC) < 0) {
		diag_errno(GIT_PROGRAM, errno);
		if (err >= 0)
			close(err);
		return -1;
	}
	/* SIGCHLD ignored (as a parent may leave it) would have git reaped
	 * before its exit status could be had */
	struct sigaction dfl = { .sa_handler = SIG_DFL }, old;
	sigaction(SIGCHLD, &dfl, &old);
	pid_t pid = spawn_git(argv, in, fd[1], err);
	close(fd[1]);
	if (pid < 0) {
		sigaction(SIGCHLD, &old, NULL);
		close(fd[0]);
		close(err);
		missing = 1;
		return 0;
	}
	int silent = read_answers(fd[0], r) < 0;
	close(fd[0]);
	reap(pid, silent, r);
	sigaction(SIGCHLD, &old, NULL);
	first_line(err, r);
	close(err);
	r->out[r->len] = 0;
	return 1;
}
