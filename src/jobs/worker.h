/* worker.h - one thread of jfmt -j (jobs.h): a reader and a formatter of
 * its own, formatting whole chunks into memory.
 *
 * A chunk of a stream is read as an input of its own.  A chunk of an
 * array is read as the inside of an array that holds an element already
 * ("[ 0," before it, ",0]" after it): the formatter is then where it
 * would be in the whole input, and what it writes from the chunk's first
 * element up to the element after it is the piece that goes out.  Which
 * bytes those are, the worker learns from callbacks put before the
 * formatter's, that note where the output stands as each element of the
 * top array begins.  The worker's messages are muted (diag.h): a chunk
 * is good only if it parsed without one.
 */
#ifndef JFMT_WORKER_H
#define JFMT_WORKER_H

#include <stddef.h>
#include <sys/types.h>
#include <yajl/yajl_parse.h>

#include "base/fbuffer.h"
#include "layout/formatter.h"
#include "read/read.h"
#include "style/options.h"

enum chunk_kind {
	CHUNK_STREAM,           /* values whole */
	CHUNK_HEAD,             /* an array's start and its first elements */
	CHUNK_INSIDE,           /* elements */
	CHUNK_TAIL,             /* the last elements, the array's end, what follows */
};

struct chunk {
	size_t from, to;        /* the input's bytes */
	enum chunk_kind kind;
	struct fbuffer text;    /* formatted, in memory */
	size_t cut_from, cut_to; /* the piece of it that goes out */
	int done;               /* formatted */
	int ok;                 /* ... and parsed without a message */
};

/* What every worker reads. */
struct job_input {
	const struct format_options *opt;
	const char *name;       /* for messages (muted) */
	const unsigned char *in;/* the input, mapped (for the cuts) */
	int fd;                 /* ... and its file, which the workers read
				 * with pread(2), from `base` on; -1: a pipe,
				 * whose part read ahead `in` holds */
	off_t base;
	int seq;                /* a text sequence: chunks start with RS */
	int later;              /* `in` is not the input's start (a pipe's
				 * later part) */
	int comments;           /* JSONC */
};

/* A worker's input: up to three parts read one after another, the
 * middle one (the chunk) from the file at `at` (from memory without one). */
struct source {
	const unsigned char *part[3];
	size_t len[3];
	int i;
	size_t off;
	int fd;
	off_t at;
};

struct worker {
	/* First: yajl's context is the formatter, and the callbacks that
	 * mark an array's elements take it as the worker. */
	struct formatter fmt;
	struct reader reader;
	const struct job_input *input;
	struct source src;
	const yajl_callbacks *inner;    /* the formatter's callbacks */
	/* The callbacks yajl calls (it reads them where they are, at each
	 * call): `top` while no element is open, which mark each value
	 * that begins in the top array, then `deep` inside the element,
	 * which only count its containers, and go to the formatter's */
	yajl_callbacks marking, top, deep;
	size_t depth;                   /* containers open */
	size_t tops;                    /* top-level containers begun */
	size_t elements;                /* values begun inside the top array */
	size_t first_mark, last_mark;   /* the output's length as the second
					 * element, and the latest one, began */
	char *before;                   /* what stands before a chunk of an
					 * array: an element already there */
	size_t before_len;
};

/** Set up `w` to format chunks of `input` (`array`: of one top-level
 * array); `input` must outlive it. */
void worker_setup(struct worker *w, const struct job_input *input, int array);

/** Free what `w` allocated. */
void worker_release(struct worker *w);

/** Format chunk `c` into c->text; set c->ok and the piece to write. */
void worker_format(struct worker *w, struct chunk *c);

#endif
