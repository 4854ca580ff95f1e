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
#include "fbuffer.h"
#include "format.h"
#include "input.h"
#include "outfile.h"
#include "progress.h"

#define OUTPUT_BLOCK (64 * 1024)     /* sized with INPUT_BLOCK: see input.h */

struct run {
	struct cli *cli;
	struct formatter fmt;
	struct reader reader;
	struct progress progress;
	char *storage;
};

static int worse(int a, int b)
{
	return a > b ? a : b;
}

/* A write to a closed pipe ends jfmt quietly, as SIGPIPE would have. */
static void die_write_error(int err, const char *name)
{
	outfile_remove_pending();       /* -o's named temporary file */
	if (err == EPIPE) {
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
		exit(EXIT_IO);
	}
	if (name)
		fprintf(stderr, "jfmt: write error: %s: %s\n", name, strerror(err));
	else
		fprintf(stderr, "jfmt: write error: %s\n", strerror(err));
	exit(EXIT_IO);
}

/* Format one named input ("-" is standard input) into r->fmt.output. */
static int format_file(struct run *r, const char *path)
{
	if (strcmp(path, "-") == 0)
		return reader_run(&r->reader, "<stdin>", STDIN_FILENO);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "jfmt: %s: %s\n", path, strerror(errno));
		return INPUT_IO_ERROR;
	}
	int status = reader_run(&r->reader, path, fd);
	close(fd);
	return status;
}

/* All inputs, in order, into one output. */
static int format_all(struct run *r, const char *outname)
{
	static char *const stdin_only[] = { "-" };
	char *const *files = r->cli->nfiles ? r->cli->files : stdin_only;
	int n = r->cli->nfiles ? r->cli->nfiles : 1;
	int status = EXIT_OK;

	for (int i = 0; i < n; i++) {
		int st = format_file(r, files[i]);
		/* What an invalid document left half written ends its line, so
		 * that the next input's output starts on a line of its own. */
		if (st != EXIT_OK && !fbuffer_at_line_start(&r->fmt.output))
			fbuffer_append_char(&r->fmt.output, '\n');
		status = worse(status, st);
		if (r->fmt.output.error)
			die_write_error(r->fmt.output.error, outname);
	}
	if (fbuffer_flush(&r->fmt.output))
		die_write_error(r->fmt.output.error, outname);
	return status;
}

static void run_setup(struct run *r, struct cli *cli, int fd)
{
	r->cli = cli;
	r->storage = xrealloc(NULL, OUTPUT_BLOCK);
	format_init(&r->fmt, &cli->fmt, NULL);
	fbuffer_init_fd(&r->fmt.output, fd, r->storage, OUTPUT_BLOCK);
	reader_init(&r->reader, &cli->fmt, cli->allow_comments, &r->fmt);
	progress_init(&r->progress, cli->progress);
	r->reader.progress = &r->progress;
}

static void run_release(struct run *r)
{
	reader_release(&r->reader);
	format_release(&r->fmt);
	free(r->storage);
}

static int to_stdout(struct cli *cli)
{
	struct run r;
	run_setup(&r, cli, cli->fmt.check ? -1 : STDOUT_FILENO);
	int status = format_all(&r, NULL);
	run_release(&r);
	return status;
}

/* -o FILE: FILE is replaced only if every input was read and valid; one
 * that is not a regular file is written as it goes, as standard output. */
static int to_file(struct cli *cli)
{
	struct outfile of;
	struct run r;

	if (outfile_open(&of, cli->output, 0) < 0) {
		int e = errno;
		fprintf(stderr, "jfmt: %s: %s%s%s\n", cli->output, of.why,
			of.why[0] ? ": " : "", strerror(e));
		return EXIT_IO;
	}
	run_setup(&r, cli, of.fd);
	int status = format_all(&r, cli->output);
	unsigned long long written = r.fmt.output.written;
	int direct = of.direct;
	run_release(&r);
	if (status != EXIT_OK) {
		outfile_abort(&of);
		if (direct && written)
			fprintf(stderr, "jfmt: %s: not a regular file: written as "
				"far as the input was valid\n", cli->output);
		else
			fprintf(stderr, "jfmt: %s: not written\n", cli->output);
		return status;
	}
	if (outfile_commit(&of) < 0) {
		int e = errno;
		fprintf(stderr, "jfmt: %s: %s%s%s%s\n", cli->output, of.why,
			of.why[0] ? ": " : "", strerror(e),
			direct ? "" : "; not written");
		return EXIT_IO;
	}
	return EXIT_OK;
}

/* -i: one file through a temporary file, renamed over it on success. */
static int rewrite_file(struct run *r, const char *path)
{
	struct outfile of;

	if (outfile_open(&of, path, OUTFILE_EXISTING) < 0) {
		int e = errno;
		if (e == EINVAL)
			fprintf(stderr, "jfmt: %s: not a regular file\n", path);
		else
			fprintf(stderr, "jfmt: %s: %s%s%s\n", path, of.why,
				of.why[0] ? ": " : "", strerror(e));
		return EXIT_IO;
	}
	int in = outfile_open_source(&of);
	if (in < 0) {
		fprintf(stderr, "jfmt: %s: %s\n", path, strerror(errno));
		outfile_abort(&of);
		return EXIT_IO;
	}
	fbuffer_init_fd(&r->fmt.output, of.fd, r->storage, OUTPUT_BLOCK);
	int status = reader_run(&r->reader, path, in);
	close(in);
	int err = fbuffer_flush(&r->fmt.output);
	if (status == EXIT_OK && err) {
		fprintf(stderr, "jfmt: write error: %s: %s\n", path, strerror(err));
		status = EXIT_IO;
	}
	if (status != EXIT_OK) {
		outfile_abort(&of);
		return status;
	}
	if (outfile_commit(&of) < 0) {
		int e = errno;
		fprintf(stderr, "jfmt: %s: %s%s%s; left as it was\n", path,
			of.why, of.why[0] ? ": " : "", strerror(e));
		return EXIT_IO;
	}
	return EXIT_OK;
}

static int in_place(struct cli *cli)
{
	struct run r;
	int status = EXIT_OK;

	run_setup(&r, cli, -1);
	for (int i = 0; i < cli->nfiles; i++)
		status = worse(status, rewrite_file(&r, cli->files[i]));
	run_release(&r);
	return status;
}

int main(int argc, char **argv)
{
	struct cli cli;

	cli_parse(&cli, argc, argv);
	cli_setup_color(&cli, isatty(STDOUT_FILENO));
	outfile_install_signal_handlers();
	if (cli.in_place)
		return in_place(&cli);
	if (cli.output)
		return to_file(&cli);
	return to_stdout(&cli);
}
