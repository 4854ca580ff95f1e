/* check.c - --check, -l, --diff and -i: each input compared with its
 * formatted text, and what differs named, shown or rewritten.  See
 * check.h. */
#include "cli/check.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/alloc.h"
#include "cli/compare.h"
#include "base/diag.h"
#include "files/outfile.h"
#include "base/quote.h"
#include "cli/tail.h"

/* diff(1) reads the two texts as /dev/fd/DIFF_FD_OLD and DIFF_FD_NEW; they
 * are first moved to DIFF_FD_SPARE or above, out of their way. */
#define DIFF_FD_OLD 3
#define DIFF_FD_NEW 4
#define DIFF_FD_SPARE 10
#define DIFF_LABEL_OLD "a/"
#define DIFF_LABEL_NEW "b/"
/* After a label holding a space, as git and GNU diff write it: patch
 * takes the name to end at the first blank otherwise. */
#define DIFF_LABEL_END "\t"

extern char **environ;

/* Where the output goes once it differs from the input. */
struct target {
	struct outfile *of;             /* -i: the file's replacement */
	int create_failed;              /* ... could not be started */
	int read_only;                  /* ... was not, the file is read-only */
	int memfd;                      /* --diff: the output in memory */
};

static int open_target(void *ctx)
{
	struct target *t = ctx;

	if (t->of) {
		if (!outfile_writable(t->of)) {
			t->read_only = 1;
			errno = EACCES;
			return -1;
		}
		int fd = outfile_create(t->of);
		t->create_failed = fd < 0;
		return fd;
	}
	t->memfd = memfd_create("jfmt-output", MFD_CLOEXEC);
	return t->memfd;
}

void check_init(struct checker *k, const struct cli *cli, struct reader *reader,
		struct fbuffer *out, char *storage, size_t cap)
{
	memset(k, 0, sizeof *k);
	k->cli = cli;
	k->reader = reader;
	k->out = out;
	k->storage = storage;
	k->cap = cap;
	summary_init(&k->summary);
	k->final_newline = 1;
}

static void report_outfile(const char *path, const struct outfile *of, const char *tail)
{
	if (errno == ENOMEM)
		out_of_memory();
	diag_error("%s: %s%s%s%s", diag_name(path), of->why, of->why[0] ? ": " : "",
		   strerror(errno), tail);
}

/* Its status in *st, or a mode of 0 if fstat(2) fails. */
static int status_of(int fd, struct stat *st)
{
	if (fstat(fd, st) != 0)
		st->st_mode = 0;
	return fd;
}

/* The input to read, its status left in *st (status_of()): with -i, the
 * file about to be replaced (`of` is then prepared, and outfile.h took
 * its status).  Returns a descriptor, or -1 after reporting.  A worker
 * opens what may be a pipe without waiting for its writer: it leaves
 * what is not a regular file to the calling thread. */
static int open_input(const struct checker *k, const char *path, struct outfile *of,
		      struct stat *st)
{
	const struct cli *cli = k->cli;

	if (strcmp(path, "-") == 0)
		return status_of(STDIN_FILENO, st);
	if (!cli->in_place) {
		int fd = open(path, O_RDONLY | O_CLOEXEC | (k->worker ? O_NONBLOCK : 0));
		if (fd < 0)
			diag_errno(path, errno);
		return fd < 0 ? fd : status_of(fd, st);
	}
	if (outfile_prepare(of, path, OUTFILE_EXISTING) < 0) {
		if (errno == EINVAL)
			diag_error("%s: not a regular file", diag_name(path));
		else
			report_outfile(path, of, "");
		return -1;
	}
	int fd = outfile_open_source(of, st);
	if (fd < 0) {
		diag_errno(path, errno);
		outfile_abort(of);
	}
	return fd;
}

/* `path` as it is named below the a/ and b/ of a diff: without its
 * leading slashes, nor "." or empty steps ("./x.json" is "x.json"); the
 * caller frees it. */
static char *diff_path(const char *path)
{
	size_t n = strlen(path), len = 0;
	char *s = xrealloc(NULL, n + 1);

	for (const char *p = path; *p;) {
		size_t step = strcspn(p, "/");
		if (step > 0 && !(step == 1 && p[0] == '.')) {
			if (len > 0)
				s[len++] = '/';
			memcpy(s + len, p, step);
			len += step;
		}
		p += step + (p[step] == '/');
	}
	if (len == 0)                   /* no name left: keep the one given */
		memcpy(s, path, len = n);
	s[len] = 0;
	return s;
}

/* PREFIX and `path` as a diff labels a side (see check.h); the caller
 * frees it. */
static char *diff_label(const char *prefix, const char *path)
{
	char *name = diff_path(path);
	size_t p = strlen(prefix), n = strlen(name);
	char *raw = xrealloc(NULL, p + n + 1);
	char *label = xrealloc(NULL, QUOTE_SIZE(p + n) + strlen(DIFF_LABEL_END));

	memcpy(raw, prefix, p);
	memcpy(raw + p, name, n + 1);
	size_t len = quote_c(label, raw, p + n);
	if (strchr(name, ' '))
		strcpy(label + len, DIFF_LABEL_END);
	free(raw);
	free(name);
	return label;
}

/* Read all of the memory file `fd` from its start, and hand it to
 * to(ctx, p, n) a block at a time. */
static void pass_on(int fd, int (*to)(void *ctx, const char *p, size_t n), void *ctx)
{
	char *block = xrealloc(NULL, COMPARE_BLOCK);
	ssize_t n;

	for (off_t at = 0; (n = pread(fd, block, COMPARE_BLOCK, at)) > 0; at += n)
		to(ctx, block, (size_t)n);
	free(block);
}

static int relay(void *ctx, const char *p, size_t n)
{
	(void)ctx;
	diag_relay(p, n);
	return 0;
}

/* How diff(1) ended (wait status `ws`), its output in `out` and `err`
 * if a worker's. */
static enum exit_status diff_ended(const struct checker *k, const char *name, int ws, int out,
				   int err)
{
	if (k->worker) {        /* as diff(1) wrote it, straight out */
		pass_on(out, k->say, k->say_ctx);
		k->say(k->say_ctx, NULL, 0);
		pass_on(err, relay, NULL);
	}
	if (WIFSIGNALED(ws) && WTERMSIG(ws) == SIGPIPE) {
		signal(SIGPIPE, SIG_DFL);       /* stdout closed: as jfmt would */
		raise(SIGPIPE);
	}
	if (!WIFEXITED(ws) || WEXITSTATUS(ws) > 1) {
		diag_error("%s: %s failed", diag_name(name), CHECK_DIFF_PROGRAM);
		return EXIT_IO;
	}
	return EXIT_OK;
}

/* diff -u of the texts in `old` and `new` (read from their start) onto
 * standard output, or a worker's say(). */
static enum exit_status show_diff(const struct checker *k, const char *name, int old, int new)
{
	char *a = diff_label(DIFF_LABEL_OLD, name), *b = diff_label(DIFF_LABEL_NEW, name);
	char *argv[] = { CHECK_DIFF_PROGRAM, "-u", "-L", a, "-L", b,
		"/dev/fd/3", "/dev/fd/4", NULL };
	int o = fcntl(old, F_DUPFD_CLOEXEC, DIFF_FD_SPARE);
	int n = fcntl(new, F_DUPFD_CLOEXEC, DIFF_FD_SPARE);
	enum exit_status status = EXIT_IO;
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int rc = errno, ws;
	/* a worker's diff writes into memory, read back in order */
	int out = k->worker ? memfd_create("jfmt-diff", MFD_CLOEXEC) : STDOUT_FILENO;
	int err = k->worker ? memfd_create("jfmt-diff-errors", MFD_CLOEXEC) : STDERR_FILENO;

	if (out < 0 || err < 0)
		rc = errno;
	else if (o >= 0 && n >= 0 && (rc = posix_spawn_file_actions_init(&fa)) == 0) {
		if ((rc = posix_spawn_file_actions_adddup2(&fa, o, DIFF_FD_OLD)) == 0 &&
		    (rc = posix_spawn_file_actions_adddup2(&fa, n, DIFF_FD_NEW)) == 0 &&
		    (!k->worker ||
		     ((rc = posix_spawn_file_actions_adddup2(&fa, out, STDOUT_FILENO)) == 0 &&
		      (rc = posix_spawn_file_actions_adddup2(&fa, err, STDERR_FILENO)) == 0))) {
			/* (a worker's mark: where one thread flushes) */
			if (k->worker)
				k->say(k->say_ctx, NULL, 0);
			else
				fflush(stdout);
			rc = posix_spawnp(&pid, CHECK_DIFF_PROGRAM, &fa, NULL, argv, environ);
		}
		posix_spawn_file_actions_destroy(&fa);
	}
	if (rc == ENOMEM)
		out_of_memory();
	if (rc == ENOENT)
		diag_error("--diff needs the program '%s' (GNU diffutils), which is not "
			   "installed", CHECK_DIFF_PROGRAM);
	else if (rc)
		diag_error("%s: cannot run %s: %s", diag_name(name), CHECK_DIFF_PROGRAM,
			   strerror(rc));
	else if (waitpid(pid, &ws, 0) < 0)
		diag_errno(CHECK_DIFF_PROGRAM, errno);
	else
		status = diff_ended(k, name, ws, out, err);
	if (o >= 0)
		close(o);
	if (n >= 0)
		close(n);
	if (k->worker) {
		if (out >= 0)
			close(out);
		if (err >= 0)
			close(err);
	}
	free(a);
	free(b);
	return status;
}

/* A name in the list of --check or -l: quoted, or raw and NUL-ended. */
static void list_name(const struct checker *k, const char *name)
{
	size_t n = strlen(name);

	if (k->cli->null) {
		if (k->worker)
			k->say(k->say_ctx, name, n + 1);
		else
			fwrite(name, 1, n + 1, stdout);
		return;
	}
	char *q = xrealloc(NULL, QUOTE_SIZE(n) + 1);
	size_t len = quote_c(q, name, n);
	q[len++] = '\n';
	if (k->worker)
		k->say(k->say_ctx, q, len);
	else
		fwrite(q, 1, len, stdout);
	free(q);
}

void check_note(struct checker *k, const char *path)
{
	k->differed = 1;
	if (!k->cli->in_place)
		summary_add(&k->summary, path);
}

/* The input `path` (`name` in messages), read from `fd`, differs from its
 * formatted text. */
static enum exit_status differs(struct checker *k, const struct compare *c,
				struct target *t, const char *path, const char *name,
				int fd)
{
	const struct cli *cli = k->cli;

	if (cli->in_place) {
		if (outfile_commit(t->of) < 0) {
			report_outfile(name, t->of, "; left as it was");
			return EXIT_IO;
		}
		t->of = NULL;
	}
	k->differs = 1;
	if (!k->worker)
		check_note(k, path);
	if (cli_lists(cli))
		list_name(k, name);
	if (!cli->diff)
		return EXIT_OK;
	int old = c->src >= 0 ? fd : compare_input_fd(c);
	if (old < 0) {
		diag_errno(name, errno);
		return EXIT_IO;
	}
	enum exit_status status = show_diff(k, name, old, t->memfd);
	if (old != fd)
		close(old);
	return status;
}

/* Read the input from `fd` into the formatter: on -j's threads if they
 * take it, else on this one.  `st`: fd is a regular file (its status),
 * which the input fills from offset `start`; read whole at once, it is
 * compared by `c` where the reader holds it. */
static enum exit_status read_input(const struct checker *k, const char *name, int fd,
				   const struct stat *st, off_t start, struct compare *c)
{
	enum exit_status status;
	struct read_resume at = { .line = 1 };  /* (-j: a file that grew) */

	if (st && k->jobs && jobs_format(k->jobs, name, fd, k->out, &status, &at))
		return status;
	if (st && at.len == 0 && at.base == 0 && st->st_size >= start)
		reader_expect(k->reader, (unsigned long long)(st->st_size - start),
			      compare_whole, c);
	return reader_run_from(k->reader, name, fd, &at);
}

enum exit_status check_file(void *checker, const char *path)
{
	struct checker *k = checker;
	const struct cli *cli = k->cli;
	const char *name = strcmp(path, "-") == 0 ? cli->stdin_name : path;
	struct outfile of;
	struct target t = { .of = cli->in_place ? &of : NULL, .memfd = -1 };
	struct compare c;
	struct tail tl;                 /* without a final newline: drops it */
	struct stat st;
	int fd = open_input(k, path, &of, &st);

	k->deferred = k->differs = 0;
	if (fd < 0)
		return EXIT_IO;
	int regular = S_ISREG(st.st_mode);
	if (k->worker && (!regular || (unsigned long long)st.st_size > k->whole_max)) {
		k->deferred = 1;        /* nothing done, nothing said */
		if (t.of)
			outfile_abort(t.of);
		close(fd);
		return EXIT_OK;
	}
	/* Where the input begins in a regular file: at 0 in one jfmt opened;
	 * standard input may have been read part way already
	 * (`{ read -r line; jfmt --check; } <file`) */
	off_t start = regular && fd == STDIN_FILENO ? lseek(fd, 0, SEEK_CUR) : 0;
	/* diff(1) opens a regular file again through /dev/fd, from its start:
	 * one read from further on is tapped, as a pipe is */
	if (cli->diff && start != 0)
		regular = 0;
	compare_start(&c, fd, regular, start > 0 ? (unsigned long long)start : 0,
		      cli->diff && !regular, cli->in_place || cli->diff ? open_target : NULL, &t);
	fbuffer_release(k->out);
	tail_init_fn(&tl, compare_write, &c);
	if (k->final_newline)
		fbuffer_init_fn(k->out, compare_write, &c, k->storage, k->cap);
	else
		fbuffer_init_fn(k->out, tail_write, &tl, k->storage, k->cap);
	fbuffer_hold(k->out, cli->hold);
	reader_set_tap(k->reader, regular ? NULL : compare_tap, &c);
	enum exit_status status = read_input(k, name, fd, regular ? &st : NULL, start, &c);
	reader_set_tap(k->reader, NULL, NULL);
	int err = fbuffer_flush(k->out);
	if (status == EXIT_OK && !err)
		err = compare_finish(&c);
	if (status == EXIT_OK && err) {
		errno = err;
		if (t.read_only)
			diag_error("%s: the file is read-only; left as it was", diag_name(name));
		else if (t.create_failed)
			report_outfile(name, &of, "");
		else if (c.dest >= 0)
			diag_error("write error: %s: %s", diag_name(name), strerror(err));
		else
			diag_errno(name, err);
		status = EXIT_IO;
	}
	if (status == EXIT_OK && c.differ)
		status = differs(k, &c, &t, path, name, fd);
	if (t.of)
		outfile_abort(t.of);    /* nothing was made, or it is dropped */
	if (t.memfd >= 0)
		close(t.memfd);
	if (fd != STDIN_FILENO)
		close(fd);
	/* the output is bound to this comparison, which ends here: a
	 * message from now on (the next input's set-up) must not settle it */
	fbuffer_release(k->out);
	compare_release(&c);
	return status;
}

enum exit_status check_end(struct checker *k)
{
	const struct cli *cli = k->cli;
	enum exit_status status = EXIT_OK;

	if (fflush(stdout) != 0 || ferror(stdout)) {
		diag_error("write error: %s", strerror(errno));
		status = EXIT_IO;
	} else if (k->differed && (cli->check || cli->diff)) {
		status = EXIT_INVALID;
	}
	if (status != EXIT_IO && (cli->check || cli->list))
		summary_print(&k->summary, cli);
	summary_release(&k->summary);
	return status;
}
