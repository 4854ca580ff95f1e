/* main.c - jfmt: reformat JSON.  Wires the options, the inputs and the
 * output together and turns what happened into the exit status. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "cli/check.h"
#include "cli/cli.h"
#include "cli/config.h"
#include "base/diag.h"
#include "base/fbuffer.h"
#include "jobs/jobs.h"
#include "layout/consumer.h"
#include "files/outfile.h"
#include "base/progress.h"
#include "read/read.h"
#include "base/status.h"
#include "cli/printconfig.h"
#include "cli/settings.h"
#include "cli/tail.h"
#include "layout/validate.h"
#include "cli/walk.h"

#define OUTPUT_BLOCK (64 * 1024)     /* sized with READ_BLOCK: see read/blocks.h */

/* What jfmt keeps from one input to the next: its options, the reader
 * and consumer set up for the current input's, and the output. */
struct program {
	struct cli *cli;
	struct file_setup cur;          /* what reader and consumer are set up
					 * for: the current input's options */
	struct reader reader;
	struct formatter fmt;           /* formatting, or */
	struct validator val;           /* -n: validating only */
	struct progress progress;
	struct jobs jobs;               /* -j: several threads for a large input */
	char *storage;                  /* the output's block */
	const char *outname;            /* -o's FILE, or NULL: standard output */
	struct tail tail;               /* between the output and its file,
					 * when a final newline may be dropped
					 * (tail.h) */
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
		diag_fatal(EXIT_IO, "write error: %s: %s", diag_name(name), strerror(err));
	diag_fatal(EXIT_IO, "write error: %s", strerror(err));
}

/* Read one input, on several threads if -j says so and it pays. */
static enum exit_status read_input(struct program *r, const char *name, int fd)
{
	enum exit_status status;
	struct read_resume at;

	if (!jobs_format(&r->jobs, name, fd, &r->fmt.output, &status, &at))
		status = reader_run_from(&r->reader, name, fd, &at);
	jobs_release(&r->jobs);
	return status;
}

/* Format one named input ("-" is standard input). */
static enum exit_status format_file(struct program *r, const char *path)
{
	if (strcmp(path, "-") == 0)
		return read_input(r, r->cli->stdin_name, STDIN_FILENO);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		diag_errno(path, errno);
		return EXIT_IO;
	}
	enum exit_status status = read_input(r, path, fd);
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

	reader_init(&r->reader, r->cur.allow_comments, r->cli->keep_going, &r->progress);
	reader_set_single(&r->reader, r->cli->single);
	jobs_init(&r->jobs, r->cli->jobs, opt, r->cli->validate || r->cli->progress ||
		  r->cli->single, r->cur.allow_comments);
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

/* Set up reader and consumer; the formatter's output is bound to `fd`,
 * through r->tail where a final newline may be dropped. */
static void run_setup(struct program *r, struct cli *cli, int fd)
{
	r->cli = cli;
	r->storage = NULL;
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

/* The options of the input `path` (settings.h); reader and consumer set
 * up anew if they differ from the last input's.  EXIT_OK, or the status
 * of an input that cannot be taken as asked (reported). */
static enum exit_status run_prepare(struct program *r, const char *path)
{
	struct file_setup fs;
	enum exit_status status = settings_for(r->cli, path, &fs);

	if (status != EXIT_OK)
		return status;
	if (settings_differ(&r->cur, &fs)) {
		release_parts(r);
		r->cur = fs;
		setup_parts(r);
	}
	r->cur.final_newline = fs.final_newline;
	r->cur.fmt.eol = fs.fmt.eol;    /* read at each input's start */
	return EXIT_OK;
}

static void run_release(struct program *r)
{
	if (!r->cli->validate) {
		diag_forget(settle_output, &r->fmt.output);
		diag_forget(settle_tail, &r->tail);
		fbuffer_release(&r->fmt.output);
	}
	release_parts(r);
	diag_forget(clear_progress, &r->progress);
	free(r->storage);
}

/* The operands, a directory standing for its files with -r. */
static enum exit_status each_input(struct cli *cli, enum exit_status (*fn)(void *, const char *),
				   void *ctx)
{
	struct walk w = { .recursive = cli->recursive, .excludes = cli->excludes,
			  .nexcludes = cli->nexcludes, .gitignore = !cli->no_gitignore,
			  .file = fn, .ctx = ctx,
			  .skip = cli->config ? config_ignored : NULL };
	return walk_operands(&w, cli->files, cli->nfiles);
}

static enum exit_status validate_one(void *program, const char *path)
{
	enum exit_status st = run_prepare(program, path);
	return st != EXIT_OK ? st : format_file(program, path);
}

/* -n: every input checked, nothing written. */
static enum exit_status validate_all(struct cli *cli)
{
	struct program r;

	run_setup(&r, cli, -1);
	enum exit_status status = each_input(cli, validate_one, &r);
	run_release(&r);
	return status;
}

/* One input into the output shared by all. */
static enum exit_status format_one(void *program, const char *path)
{
	struct program *r = program;
	enum exit_status st = run_prepare(r, path);

	if (st != EXIT_OK)
		return st;
	tail_file_start(&r->tail, settings_may_drop_newline(r->cli) && !r->cur.final_newline);
	st = format_file(r, path);

	/* What an invalid document left is dropped, or its line ended if
	 * part of it is out; a valid input is complete (which --single
	 * waits for). */
	if (st != EXIT_OK)
		fbuffer_abandon(&r->fmt.output);
	else
		fbuffer_commit_input(&r->fmt.output);
	/* what is held back of a file without a final newline goes out
	 * now, so that the newline that ends it is the one held back */
	if (!r->cur.final_newline && settings_may_drop_newline(r->cli)) {
		fbuffer_flush(&r->fmt.output);
		tail_drop_final(&r->tail);
	}
	if (r->fmt.output.error)
		die_write_error(r->fmt.output.error, r->outname);
	return st;
}

/* All inputs, in order, into one output. */
static enum exit_status format_all(struct program *r, const char *outname)
{
	r->outname = outname;
	enum exit_status status = each_input(r->cli, format_one, r);
	if (fbuffer_flush(&r->fmt.output))
		die_write_error(r->fmt.output.error, outname);
	int err = settings_may_drop_newline(r->cli) ? tail_finish(&r->tail) : 0;
	if (err)
		die_write_error(err, outname);
	return status;
}

static enum exit_status to_stdout(struct cli *cli)
{
	struct program r;
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
	struct program r;

	if (outfile_open(&of, cli->output, 0) < 0) {
		if (errno == ENOMEM)
			out_of_memory();
		diag_error("%s: %s%s%s", diag_name(cli->output), of.why, of.why[0] ? ": " : "",
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
				   "was valid", diag_name(cli->output));
		else
			diag_error("%s: not written", diag_name(cli->output));
		return status;
	}
	if (outfile_commit(&of) < 0) {
		if (errno == ENOMEM)
			out_of_memory();
		diag_error("%s: %s%s%s%s", diag_name(cli->output), of.why, of.why[0] ? ": " : "",
			   strerror(errno), direct ? "" : "; not written");
		return EXIT_IO;
	}
	return EXIT_OK;
}

struct comparing {
	struct program *r;
	struct checker *k;
};

static enum exit_status compare_one(void *comparing, const char *path)
{
	struct comparing *c = comparing;
	enum exit_status st = run_prepare(c->r, path);

	if (st != EXIT_OK)
		return st;
	c->k->final_newline = c->r->cur.final_newline;
	return check_file(c->k, path);
}

/* -i's first walk over the inputs: their configuration looked up. */
struct configuring {
	const struct cli *cli;
	int failed;
};

/* The configuration of one input, looked up and checked, its messages
 * muted; that of a value a file cannot hold is printed, and the walk
 * ends there. */
static enum exit_status configure_one(void *ctx, const char *path)
{
	struct configuring *g = ctx;
	struct file_config fc;

	if (g->failed || strcmp(path, "-") == 0)
		return EXIT_OK;
	if (config_for(path, g->cli->editorconfig, &fc) != EXIT_USAGE)
		return EXIT_OK;
	g->failed = 1;
	diag_mute(0);
	config_release();       /* (read again, to say why: once, unmuted) */
	config_for(path, g->cli->editorconfig, &fc);
	diag_mute(1);
	return EXIT_USAGE;
}

/* --check, -l, --diff, -i: each input compared with its formatted text
 * (check.h). */
static enum exit_status compare_all(struct cli *cli)
{
	struct checker k;
	struct program r;
	struct comparing c = { &r, &k };

	/* -i touches no file when a configuration file holds a value it
	 * cannot: every input's is looked up first (each directory's once) */
	if (cli->in_place && cli->config) {
		struct configuring g = { cli, 0 };
		diag_mute(1);
		each_input(cli, configure_one, &g);
		diag_mute(0);
		if (g.failed)
			return EXIT_USAGE;
		config_release();       /* (what was said muted is said again) */
	}

	/* names and diffs go to standard output; the formatter's output is
	 * bound to each comparison in turn */
	run_setup(&r, cli, STDOUT_FILENO);
	check_init(&k, cli, &r.reader, &r.fmt.output, r.storage, OUTPUT_BLOCK);
	k.jobs = &r.jobs;
	enum exit_status status = each_input(cli, compare_one, &c);
	status = status_worse(status, check_end(&k));
	run_release(&r);
	return status;
}

int main(int argc, char **argv)
{
	struct cli cli;

	alloc_init();
	cli_parse(&cli, argc, argv);
	if (cli.print_config)
		print_config(&cli, cli.print_config);
	cli_setup_color(&cli, isatty(STDOUT_FILENO));
	outfile_install_signal_handlers();
	enum exit_status status = cli.validate ? validate_all(&cli) :
		cli_compares(&cli) ? compare_all(&cli) :
		cli.output ? to_file(&cli) : to_stdout(&cli);
	cli_release(&cli);
	config_release();
	return status;
}
