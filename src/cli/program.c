/* program.c - one thread's reader and consumer, and one input through
 * them.  See program.h. */
#include "cli/program.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "base/fbuffer.h"
#include "files/outfile.h"

void program_write_error(int err, const char *name)
{
	outfile_remove_pending();       /* -o's named temporary file */
	if (err == EPIPE) {
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
		exit(EXIT_IO);
	}
	if (name)
		diag_fatal(EXIT_IO, "write error: %s: %s", diag_name(name), strerror(err));
	diag_fatal(EXIT_IO, "write error: %s", strerror(err));
}

enum exit_status program_read(struct program *r, const char *name, int fd)
{
	enum exit_status status;
	struct read_resume at;

	if (r->worker)
		return reader_run(&r->reader, name, fd);
	if (!jobs_format(&r->jobs, name, fd, &r->fmt.output, &status, &at))
		status = reader_run_from(&r->reader, name, fd, &at);
	jobs_release(&r->jobs);
	return status;
}

enum exit_status program_file(struct program *r, const char *path)
{
	if (strcmp(path, "-") == 0)
		return program_read(r, r->cli->stdin_name, STDIN_FILENO);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		diag_errno(path, errno);
		return EXIT_IO;
	}
	enum exit_status status = program_read(r, path, fd);
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

/* ... and then the line end that the tail holds back (tail.h). */
static void settle_tail(void *ctx)
{
	tail_settle(ctx);
}

/* Set up reader and consumer for r->cur; the formatter's output, already
 * bound or not yet, is left as it is. */
static void setup_parts(struct program *r)
{
	struct sink sink;
	const struct format_options *opt = &r->cur.fmt;

	reader_init(&r->reader, r->cur.allow_comments, r->cli->keep_going,
		    r->worker ? NULL : &r->progress);
	reader_set_single(&r->reader, r->cli->single);
	jobs_init(&r->jobs, r->cli->jobs, opt, r->worker || r->cli->validate ||
		  r->cli->progress || r->cli->single, r->cur.allow_comments);
	if (r->cli->validate) {
		validate_init(&r->val, reader_hooks(&r->reader));
		validate_sink(&r->val, &sink);
		/* -n accepts what formatting accepts */
		sink.accept_comments_alone = opt->comments;
	} else {
		struct fbuffer output = r->fmt.output;
		consumer_init(&r->fmt, opt, reader_hooks(&r->reader));
		r->fmt.output = output;
		consumer_sink(&r->fmt, &sink);
	}
	reader_set_sink(&r->reader, &sink);
}

static void release_parts(struct program *r)
{
	reader_release(&r->reader);
	if (r->cli->validate)
		validate_release(&r->val);
	else
		consumer_release(&r->fmt);
}

void program_setup(struct program *r, struct cli *cli, int fd)
{
	r->cli = cli;
	r->worker = 0;
	r->outname = NULL;
	r->storage = NULL;
	memset(&r->fmt.output, 0, sizeof r->fmt.output);
	settings_default(cli, &r->cur);
	progress_init(&r->progress, cli->progress, fd == STDOUT_FILENO && !cli->in_place);
	diag_before(clear_progress, &r->progress);
	setup_parts(r);
	if (!cli->validate) {
		r->storage = xrealloc(NULL, OUTPUT_BLOCK);
		if (settings_may_drop_newline(cli) && fd >= 0) {
			tail_init_fd(&r->tail, fd);
			fbuffer_init_fn(&r->fmt.output, tail_write, &r->tail, r->storage,
					OUTPUT_BLOCK);
		} else {
			fbuffer_init_fd(&r->fmt.output, fd, r->storage, OUTPUT_BLOCK);
		}
		fbuffer_hold(&r->fmt.output, cli->hold);
		/* --single: an input with a second value is invalid whole,
		 * and writes nothing, not even the first */
		fbuffer_hold_inputs(&r->fmt.output, cli->single);
		diag_before(settle_output, &r->fmt.output);
		if (settings_may_drop_newline(cli) && fd >= 0)
			diag_before(settle_tail, &r->tail);
	}
}

void program_setup_worker(struct program *r, struct cli *cli)
{
	memset(r, 0, sizeof *r);
	r->cli = cli;
	r->worker = 1;
	settings_default(cli, &r->cur);
	setup_parts(r);
	if (!cli->validate)
		r->storage = xrealloc(NULL, OUTPUT_BLOCK);
}

void program_apply(struct program *r, const struct file_setup *fs)
{
	if (settings_differ(&r->cur, fs)) {
		release_parts(r);
		r->cur = *fs;
		setup_parts(r);
	}
	r->cur.final_newline = fs->final_newline;
	r->cur.fmt.eol = fs->fmt.eol;   /* read at each input's start */
}

enum exit_status program_prepare(struct program *r, const char *path)
{
	struct file_setup fs;
	enum exit_status status = settings_for(r->cli, path, &fs);

	if (status == EXIT_OK)
		program_apply(r, &fs);
	return status;
}

enum exit_status program_output_file(struct program *r, const char *path)
{
	tail_file_start(&r->tail, settings_may_drop_newline(r->cli) && !r->cur.final_newline);
	enum exit_status st = program_file(r, path);

	/* What an invalid document left is dropped, or its line ended if
	 * part of it is out; a valid input is complete (which --single
	 * waits for). */
	if (st != EXIT_OK)
		fbuffer_abandon(&r->fmt.output);
	else
		fbuffer_commit_input(&r->fmt.output);
	/* What is held back of the input goes out now, with its own line
	 * ends (the next input's first read may change them, --eol=auto)
	 * and through the tail as its own: of a file without a final
	 * newline, the newline that ends it is then the one held back.
	 * (Most is out already, after each read; a value that ends only
	 * with the input, a number, is not.) */
	fbuffer_flush(&r->fmt.output);
	if (!r->cur.final_newline && settings_may_drop_newline(r->cli))
		tail_drop_final(&r->tail);
	if (r->fmt.output.error)
		program_write_error(r->fmt.output.error, r->outname);
	return st;
}

void program_output_end(struct program *r)
{
	if (fbuffer_flush(&r->fmt.output))
		program_write_error(r->fmt.output.error, r->outname);
	int err = settings_may_drop_newline(r->cli) ? tail_finish(&r->tail) : 0;
	if (err)
		program_write_error(err, r->outname);
}

void program_release(struct program *r)
{
	if (!r->cli->validate) {
		if (!r->worker) {
			diag_forget(settle_output, &r->fmt.output);
			diag_forget(settle_tail, &r->tail);
		}
		fbuffer_release(&r->fmt.output);
	}
	release_parts(r);
	if (!r->worker)
		diag_forget(clear_progress, &r->progress);
	free(r->storage);
}
