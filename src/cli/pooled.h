/* pooled.h - several inputs at once (-r, or several operands), each
 * formatted whole by a worker thread into memory and written out by the
 * calling thread in the order of the inputs (jobs/filepool.h): the
 * output, the messages, the names listed, the diffs and the exit status
 * are those of one thread (-j1), byte for byte.
 *
 * The calling thread walks the operands (walk.h) and works out each
 * input's options (settings.h: .editorconfig is looked up there, once a
 * directory); a worker reads and formats the input with a reader and a
 * consumer of its own (program.h), for --check, -l, -d and -i comparing and
 * rewriting it as one thread does (check.h), -i's replacement included;
 * the calling thread then writes what it made, in its turn.
 *
 * The calling thread reads some inputs itself, in their turn, as one
 * thread does: standard input, what is not a regular file, a file that
 * -j would cut into chunks (4 MiB and up: jobs.h takes it, on every CPU),
 * and one whose output is longer than POOLED_OUTPUT_MAX (formatted again,
 * streaming, rather than held in memory).
 */
#ifndef JFMT_POOLED_H
#define JFMT_POOLED_H

#include "base/status.h"
#include "cli/check.h"
#include "cli/cli.h"
#include "cli/program.h"

/* The most output of one input a worker holds in memory. */
#define POOLED_OUTPUT_MAX ((size_t)1 << 20)

enum pooled_mode {
	POOLED_OUTPUT,          /* formatted into the one output */
	POOLED_VALIDATE,        /* -n */
	POOLED_COMPARE,         /* --check, -l, -d, -i */
};

/** Whether the inputs of `cli` are taken on several threads: more than
 * one may come (-r, or several operands), -j is not 1 (by default, every
 * CPU this process may run on, if more than one), and --progress, which
 * shows each input as it is read, is not asked. */
int pooled_wanted(const struct cli *cli);

/* How main.c takes the inputs: file(ctx, path) for each, in order. */
typedef enum exit_status pooled_walk_fn(struct cli *cli,
					enum exit_status (*file)(void *ctx, const char *path),
					void *ctx);

/**
 * Every input of the command line in order, as `walk` gives them and the
 * mode's function of one thread would take them: `r` is the calling
 * thread's program (program_setup()), bound to the output; `k` its
 * checker with POOLED_COMPARE (else NULL).  Returns the worst status.
 */
enum exit_status pooled_each(struct program *r, struct checker *k, enum pooled_mode mode,
			     pooled_walk_fn *walk);

#endif
