/* program.h - what jfmt keeps from one input to the next on one thread:
 * the options, the reader and consumer set up for the current input's
 * (anew when an input's options, settings.h, differ from the last
 * one's), and the output; and the formatting of one input with them.
 *
 * The calling thread's program writes to the output (standard output,
 * -o's file), through the tail (tail.h) where a final newline may be
 * dropped, and settles it before each message (diag_before()).  A worker
 * of several inputs at once (pooled.h) has a program of its own, which
 * writes into memory and registers nothing, as messages are the calling
 * thread's to settle.
 */
#ifndef JFMT_PROGRAM_H
#define JFMT_PROGRAM_H

#include "base/progress.h"
#include "base/status.h"
#include "cli/cli.h"
#include "cli/settings.h"
#include "cli/tail.h"
#include "jobs/jobs.h"
#include "layout/consumer.h"
#include "layout/validate.h"
#include "read/read.h"

#define OUTPUT_BLOCK (64 * 1024)     /* sized with READ_BLOCK: see read/blocks.h */

struct program {
	struct cli *cli;
	struct file_setup cur;          /* what reader and consumer are set up
					 * for: the current input's options */
	struct reader reader;
	struct formatter fmt;           /* formatting, or */
	struct validator val;           /* -n: validating only */
	struct progress progress;
	struct jobs jobs;               /* -j: several threads for a large input */
	int worker;                     /* a worker's program (see above): one
					 * thread for each input */
	char *storage;                  /* the output's block */
	const char *outname;            /* -o's FILE, or NULL: standard output */
	struct tail tail;               /* between the output and its file,
					 * when a final newline may be dropped
					 * (tail.h) */
};

/** Set up reader and consumer; the formatter's output is bound to `fd`
 * (-1: none, for -n), through r->tail where a final newline may be
 * dropped. */
void program_setup(struct program *r, struct cli *cli, int fd);

/** Set up a worker's reader and consumer; the formatter's output is left
 * unbound, its block allocated (r->storage, OUTPUT_BLOCK bytes). */
void program_setup_worker(struct program *r, struct cli *cli);

/** The options of the input `path` (settings.h), applied with
 * program_apply().  EXIT_OK, or the status of an input that cannot be
 * taken as asked (reported). */
enum exit_status program_prepare(struct program *r, const char *path);

/** Set reader and consumer up for the input options `fs`, anew if they
 * differ from the last input's. */
void program_apply(struct program *r, const struct file_setup *fs);

/** Read the named input ("-" is standard input) into the consumer, on
 * several threads if -j says so and it pays (not in a worker). */
enum exit_status program_file(struct program *r, const char *path);

/** program_file() on the input open as `fd` (named `name` in messages). */
enum exit_status program_read(struct program *r, const char *name, int fd);

/** One input, prepared, into the output shared by all: its status.  A
 * write error ends jfmt (program_write_error()). */
enum exit_status program_output_file(struct program *r, const char *path);

/** After the last input: the output flushed, and the newline the tail
 * held back written unless dropped.  A write error ends jfmt. */
void program_output_end(struct program *r);

/** Free what program_setup() or program_setup_worker() made. */
void program_release(struct program *r);

/** The output `name` (NULL: standard output) could not be written: say so
 * and exit, or on a closed pipe end quietly, as SIGPIPE would have. */
_Noreturn void program_write_error(int err, const char *name);

#endif
