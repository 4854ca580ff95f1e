/* jobs.h - jfmt -j: one large input formatted on several threads, the
 * output byte for byte what one thread writes.
 *
 * A regular file is mapped into memory and cut into chunks (cuts.h): a
 * stream of values after a newline outside every value, one top-level
 * array at a comma between its elements.  Each thread, the calling one
 * among them, has its own reader (read.h) and formatter (format.h) and
 * formats whole chunks into memory of its own; the calling thread finds
 * the cuts, and whichever thread finds the next chunk in input order
 * formatted writes its piece to the output (pool.h), through the same
 * buffer (and so the same holding back, line ends and write errors) as
 * one thread would.
 *
 * A chunk of an array is formatted as the inside of an array that holds
 * one element already ("[ 0," before it, ",0]" after it): the formatter
 * is then where it would be in the whole input, and what it writes from
 * the chunk's first element up to the element after it is the piece.
 * Chunks of a stream stand alone.
 *
 * A chunk is taken only if it parsed without a word from the reader
 * (the workers' messages are muted, diag.h).  That proves the cuts right:
 * the first chunk starts where the input does, and a chunk that parsed
 * whole ends where the next one must start (in JSONC too: one that ends
 * inside a comment does not parse, the comment being open).  Anything
 * else, whether the input is broken or a cut fell in the wrong place, and
 * the input is formatted again from its start with one thread, the bytes
 * out already counted, not written twice (fbuffer_rewind()): every message, and what
 * is written before it, is then one thread's.
 *
 * Memory: the input is mapped to find the cuts (and let go of as it is
 * written), and each thread reads its chunks with pread(2) into its
 * reader's blocks; at most JOBS_SLOTS_PER_JOB chunks per thread (pool.h)
 * are out at once, each with its formatted text.
 *
 * jobs.c maps and reads, plan.c decides how many threads and what
 * chunks, pool.c has the threads and who does what, order.c the writing
 * in order, cuts.c where the chunks end (split.c, the structural scan),
 * worker.c one thread's formatting.
 */
#ifndef JFMT_JOBS_H
#define JFMT_JOBS_H

#include <stddef.h>

#include "base/fbuffer.h"
#include "base/status.h"
#include "jobs/plan.h"
#include "read/read.h"
#include "style/options.h"

/* If no cut comes within this many chunks' worth of the start, the input
 * is one value that does not split: one thread formats it. */
#define JOBS_FIRST_CUT_CHUNKS 4

/* A pipe is read ahead up to this much while one value does not end;
 * with -j N, a top-level array from a pipe is read whole if it is no
 * longer. */
#define JOBS_AHEAD_MAX ((size_t)64 << 20)

struct jobs {
	unsigned want;          /* -j N; 0: the CPUs this process may run on,
				 * for inputs of JOBS_MIN_INPUT and more */
	int off;                /* what is asked cannot be split */
	int comments;           /* the input may hold comments (JSONC) */
	int clean;              /* ... or blank lines are kept: cut only
				 * where neither stands by (split.h) */
	const struct format_options *opt;
	size_t block;           /* JFMT_JOBS_BLOCK (for tests), or 0 */
	unsigned char *ahead;   /* a pipe's part read ahead */
	size_t ahead_len, ahead_cap;
	int read_error;         /* ... and how its last read failed, or 0 */
};

/**
 * Prepare `j` for -j `want` (0: the default) and the layout `opt`, which
 * must outlive it.  `off`: one thread whatever the input (what is asked
 * reads the input as it goes: --progress, -n, --single).  `comments`:
 * the input is JSONC.
 */
void jobs_init(struct jobs *j, unsigned want, const struct format_options *opt, int off,
	       int comments);

/**
 * Format the input `fd` (named `name` in messages) into `out`, on several
 * threads if that pays.  Returns 1 when it did, with the input's status in
 * *status (write errors are left in `out` for the caller); 0 when the
 * caller must format the input itself, from where `fd` stood: nothing of
 * it is out, or what is will not be written twice (fbuffer_rewind()).
 * With `at` (else NULL), a pipe is taken too, a part read ahead at a time
 * (JOBS_CHUNKS_PER_JOB chunks a thread, at least JOBS_MIN_INPUT; with
 * -j N, an array whole, up to JOBS_AHEAD_MAX): the
 * caller then goes on from *at with reader_run_from(), whose bytes
 * stay until jobs_release().  A file is read to the end it has when its
 * last chunk is written, as one thread reads to where read(2) ends: one
 * that grew after its size was taken (a log being written to) is left
 * to the caller from its last chunk on (from *at, and where `fd` stands),
 * or from its start without `at` or for an array.
 */
int jobs_format(struct jobs *j, const char *name, int fd, struct fbuffer *out,
		enum exit_status *status, struct read_resume *at);

/** Free the part of a pipe read ahead. */
void jobs_release(struct jobs *j);

#endif
