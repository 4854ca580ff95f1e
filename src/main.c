/* main.c - jfmt: reformat JSON.  Wires the options, the inputs and the
 * output together and turns what happened into the exit status. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "cli.h"
#include "diag.h"
#include "fbuffer.h"
#include "format.h"
#include "outfile.h"
#include "progress.h"
#include "read.h"
#include "status.h"
#include "validate.h"

#define OUTPUT_BLOCK (64 * 1024)     /* sized with READ_BLOCK: see read.h */

struct run {
	struct cli *cli;
	struct reader reader;
	struct formatter fmt;           /* formatting, or */
	struct validator val;           /* -n: validating only */
	struct progress progress;
	char *storage;                  /* the output's block */
};

/* A write to a closed pipe ends jfmt quietly, as SIGPIPE would have. */
static _Noreturn void die_write_error(int err, const char *name)
{
	outfile_remove_pending();       /* -o's named temporary file */
	if (err == EPIPE) {
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
		exit(EXIT_IO);
	}
	if (name)
		diag_fatal(EXIT_IO, "write error: %s: %s", name, strerror(err));
	diag_fatal(EXIT_IO, "write error: %s", strerror(err));
}

/* Format one named input ("-" is standard input). */
static enum exit_status format_file(struct run *r, const char *path)
{
	if (strcmp(path, "-") == 0)
		return reader_run(&r->reader, "<stdin>", STDIN_FILENO);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		diag_errno(path, errno);
		return EXIT_IO;
	}
	enum exit_status status = reader_run(&r->reader, path, fd);
	close(fd);
	return status;
}

static void clear_progress(void *ctx)
{
	progress_end(ctx);
}

/* Before a message: the output that precedes it goes out first. */
static void settle_output(void *ctx)
{
	fbuffer_settle(ctx);
}

/* Set up reader and consumer; the formatter's output is bound to `fd`. */
static void run_setup(struct run *r, struct cli *cli, int fd)
{
	struct sink sink;

	r->cli = cli;
	r->storage = NULL;
	progress_init(&r->progress, cli->progress, fd == STDOUT_FILENO && !cli->in_place);
	diag_before(clear_progress, &r->progress);
	reader_init(&r->reader, cli->allow_comments, cli->keep_going, &r->progress);
	if (cli->validate) {
		validate_init(&r->val, reader_hooks(&r->reader));
		validate_sink(&r->val, &sink);
	} else {
		r->storage = xrealloc(NULL, OUTPUT_BLOCK);
		format_init(&r->fmt, &cli->fmt, reader_hooks(&r->reader));
		fbuffer_init_fd(&r->fmt.output, fd, r->storage, OUTPUT_BLOCK);
		fbuffer_hold(&r->fmt.output, cli->hold);
		diag_before(settle_output, &r->fmt.output);
		format_sink(&r->fmt, &sink);
	}
	reader_set_sink(&r->reader, &sink);
}

static void run_release(struct run *r)
{
	reader_release(&r->reader);
	if (r->cli->validate) {
		validate_release(&r->val);
	} else {
		diag_forget(settle_output, &r->fmt.output);
		fbuffer_release(&r->fmt.output);
		format_release(&r->fmt);
	}
	diag_forget(clear_progress, &r->progress);
	free(r->storage);
}

/* -n: every input checked, nothing written. */
static enum exit_status validate_all(struct cli *cli)
{
	static char *const stdin_only[] = { "-" };
	char *const *files = cli->nfiles ? cli->files : stdin_only;
	int n = cli->nfiles ? cli->nfiles : 1;
	enum exit_status status = EXIT_OK;
	struct run r;

	run_setup(&r, cli, -1);
	for (int i = 0; i < n; i++)
		status = status_worse(status, format_file(&r, files[i]));
	run_release(&r);
	return status;
}

/* All inputs, in order, into one output. */
static enum exit_status format_all(struct run *r, const char *outname)
{
	static char *const stdin_only[] = { "-" };
	char *const *files = r->cli->nfiles ? r->cli->files : stdin_only;
	int n = r->cli->nfiles ? r->cli->nfiles : 1;
	enum exit_status status = EXIT_OK;

	for (int i = 0; i < n; i++) {
		enum exit_status st = format_file(r, files[i]);
		/* What an invalid document left is dropped, or its line
		 * ended if part of it is out. */
		if (st != EXIT_OK)
			fbuffer_abandon(&r->fmt.output);
		status = status_worse(status, st);
		if (r->fmt.output.error)
			die_write_error(r->fmt.output.error, outname);
	}
	if (fbuffer_flush(&r->fmt.output))
		die_write_error(r->fmt.output.error, outname);
	return status;
}

static enum exit_status to_stdout(struct cli *cli)
{
	struct run r;
	run_setup(&r, cli, STDOUT_FILENO);
	enum exit_status status = format_all(&r, NULL);
	run_release(&r);
	return status;
}

/* -o FILE: FILE is replaced only if every input was read and valid; one
 * that is not a regular file is written as it goes, as standard output. */
static enum exit_status to_file(struct cli *cli)
{
	struct outfile of;
	struct run r;

	if (outfile_open(&of, cli->output, 0) < 0) {
		diag_error("%s: %s%s%s", cli->output, of.why, of.why[0] ? ": " : "",
			   strerror(errno));
		return EXIT_IO;
	}
	run_setup(&r, cli, of.fd);
	enum exit_status status = format_all(&r, cli->output);
	unsigned long long written = r.fmt.output.written;
	int direct = of.direct;
	run_release(&r);
	if (status != EXIT_OK) {
		outfile_abort(&of);
		if (direct && written)
			diag_error("%s: not a regular file: written as far as the input "
				   "was valid", cli->output);
		else
			diag_error("%s: not written", cli->output);
		return status;
	}
	if (outfile_commit(&of) < 0) {
		diag_error("%s: %s%s%s%s", cli->output, of.why, of.why[0] ? ": " : "",
			   strerror(errno), direct ? "" : "; not written");
		return EXIT_IO;
	}
	return EXIT_OK;
}

/* -i: one file through a temporary file, renamed over it on success. */
static enum exit_status rewrite_file(struct run *r, const char *path)
{
	struct outfile of;

	if (outfile_open(&of, path, OUTFILE_EXISTING) < 0) {
		if (errno == EINVAL)
			diag_error("%s: not a regular file", path);
		else
			diag_error("%s: %s%s%s", path, of.why, of.why[0] ? ": " : "",
				   strerror(errno));
		return EXIT_IO;
	}
	int in = outfile_open_source(&of);
	if (in < 0) {
		diag_errno(path, errno);
		outfile_abort(&of);
		return EXIT_IO;
	}
	fbuffer_release(&r->fmt.output);
	fbuffer_init_fd(&r->fmt.output, of.fd, r->storage, OUTPUT_BLOCK);
	fbuffer_hold(&r->fmt.output, r->cli->hold);
	enum exit_status status = reader_run(&r->reader, path, in);
	close(in);
	int err = fbuffer_flush(&r->fmt.output);
	if (status == EXIT_OK && err) {
		diag_error("write error: %s: %s", path, strerror(err));
		status = EXIT_IO;
	}
	if (status != EXIT_OK) {
		outfile_abort(&of);
		return status;
	}
	if (outfile_commit(&of) < 0) {
		diag_error("%s: %s%s%s; left as it was", path, of.why,
			   of.why[0] ? ": " : "", strerror(errno));
		return EXIT_IO;
	}
	return EXIT_OK;
}

static enum exit_status in_place(struct cli *cli)
{
	struct run r;
	enum exit_status status = EXIT_OK;

	/* the output is bound to each file's temporary file in turn */
	run_setup(&r, cli, STDOUT_FILENO);
	for (int i = 0; i < cli->nfiles; i++)
		status = status_worse(status, rewrite_file(&r, cli->files[i]));
	run_release(&r);
	return status;
}

int main(int argc, char **argv)
{
	struct cli cli;

	cli_parse(&cli, argc, argv);
	cli_setup_color(&cli, isatty(STDOUT_FILENO));
	outfile_install_signal_handlers();
	if (cli.validate)
		return validate_all(&cli);
	if (cli.in_place)
		return in_place(&cli);
	if (cli.output)
		return to_file(&cli);
	return to_stdout(&cli);
}
