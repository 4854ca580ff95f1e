/* check.h - each input formatted and compared with itself as it goes
 * (compare.h), for --check, -l, --diff and -i: an input that is not as
 * jfmt would write it is named on standard output, shown as a unified
 * diff (by the system's diff(1)), or rewritten through outfile.h; one that
 * is, is left alone, and with -i no temporary file is made for it.
 *
 * Names on standard output are quoted as messages quote them (quote.h),
 * or with -z written as they are, each ended by a NUL.  --diff names the
 * two sides a/PATH and b/PATH, as git does: PATH without "./" (or a
 * leading "/"), the whole label quoted when PATH needs quoting, and a tab
 * after it when PATH holds a space, so that patch -p1 and git apply find
 * the file.  -i leaves a read-only file alone (outfile_writable()).
 *
 * A worker of several inputs at once (pooled.h) has a checker of its own
 * (`worker`): what would go to standard output, names and diffs (diff(1)'s
 * standard error too, as a message), goes to say() instead, to be written
 * in its turn; the calling thread counts each input that differed in its
 * own checker (check_note()); and an input that is not a regular file, or
 * larger than `whole_max`, is left to the calling thread (`deferred`).
 */
#ifndef JFMT_CHECK_H
#define JFMT_CHECK_H

#include <stddef.h>

#include "cli/cli.h"
#include "cli/summary.h"
#include "base/fbuffer.h"
#include "jobs/jobs.h"
#include "read/read.h"
#include "base/status.h"

/* The program that --diff runs, found on PATH, and its options. */
#define CHECK_DIFF_PROGRAM "diff"

struct checker {
	const struct cli *cli;
	struct reader *reader;
	struct fbuffer *out;            /* the formatter's output, bound anew
					 * to each input's comparison */
	char *storage;                  /* its block, of `cap` bytes */
	size_t cap;
	int differed;                   /* some input was not formatted */
	struct summary summary;         /* ... which ones, for the end */
	int final_newline;              /* the next input's formatted text
					 * ends with a newline (tail.h) */
	struct jobs *jobs;              /* -j (jobs.h), or NULL */
	/* a worker's (see above) */
	int worker;
	int (*say)(void *ctx, const char *p, size_t n); /* p NULL: flushed */
	void *say_ctx;
	unsigned long long whole_max;
	int deferred;                   /* the last input was left */
	int differs;                    /* the last input differed */
};

/** Compare (or rewrite) each input read by `reader` into the formatter
 * whose output is `out`, using the caller's `storage`. */
void check_init(struct checker *k, const struct cli *cli, struct reader *reader,
		struct fbuffer *out, char *storage, size_t cap);

/** One input ("-": standard input); a walk.h callback.  Set
 * k->final_newline for it first. */
enum exit_status check_file(void *checker, const char *path);

/** The input `path` (as walk.h gave it) differed: counted for the exit
 * status and the summary. */
void check_note(struct checker *k, const char *path);

/** After the last input: the summary of --check and -l (summary.h), and
 * the status that --check and --diff add (1 when an input differed), or
 * EXIT_IO if standard output could not be written.  Frees what `k` holds. */
enum exit_status check_end(struct checker *k);

#endif
