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
#include "files/outfile.h"
#include "base/status.h"
#include "cli/pooled.h"
#include "cli/printconfig.h"
#include "cli/program.h"
#include "cli/walk.h"

/* The operands, a directory standing for its files with -r. */
static enum exit_status each_input(struct cli *cli, enum exit_status (*fn)(void *, const char *),
				   void *ctx)
{
	struct walk w = { .recursive = cli->recursive, .excludes = cli->excludes,
			  .nexcludes = cli->nexcludes, .gitignore = !cli->no_gitignore,
			  .file = fn, .ctx = ctx,
			  .skip = cli->config ? config_ignored : NULL,
			  .listed = cli->config ? config_listed : NULL };
	return walk_operands(&w, cli->files, cli->nfiles);
}

static enum exit_status validate_one(void *program, const char *path)
{
	enum exit_status st = program_prepare(program, path);
	return st != EXIT_OK ? st : program_file(program, path);
}

/* -n: every input checked, nothing written. */
static enum exit_status validate_all(struct cli *cli)
{
	struct program r;

	program_setup(&r, cli, -1);
	enum exit_status status = pooled_wanted(cli) ?
		pooled_each(&r, NULL, POOLED_VALIDATE, each_input) :
		each_input(cli, validate_one, &r);
	program_release(&r);
	return status;
}

/* One input into the output shared by all. */
static enum exit_status format_one(void *program, const char *path)
{
	enum exit_status st = program_prepare(program, path);
	return st != EXIT_OK ? st : program_output_file(program, path);
}

/* All inputs, in order, into one output. */
static enum exit_status format_all(struct program *r, const char *outname)
{
	r->outname = outname;
	enum exit_status status = pooled_wanted(r->cli) ?
		pooled_each(r, NULL, POOLED_OUTPUT, each_input) :
		each_input(r->cli, format_one, r);
	program_output_end(r);
	return status;
}

static enum exit_status to_stdout(struct cli *cli)
{
	struct program r;
	program_setup(&r, cli, STDOUT_FILENO);
	enum exit_status status = format_all(&r, NULL);
	program_release(&r);
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
	program_setup(&r, cli, of.fd);
	enum exit_status status = format_all(&r, cli->output);
	unsigned long long written = r.fmt.output.written;
	int direct = of.direct;
	program_release(&r);
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
	enum exit_status st = program_prepare(c->r, path);

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
	program_setup(&r, cli, STDOUT_FILENO);
	check_init(&k, cli, &r.reader, &r.fmt.output, r.storage, OUTPUT_BLOCK);
	k.jobs = &r.jobs;
	enum exit_status status = pooled_wanted(cli) ?
		pooled_each(&r, &k, POOLED_COMPARE, each_input) :
		each_input(cli, compare_one, &c);
	status = status_worse(status, check_end(&k));
	program_release(&r);
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
