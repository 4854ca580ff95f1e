/* read.h - reading one input: its blocks (blocks.h), each looked at once
 * for what yajl does not check (line count, form feeds and vertical tabs,
 * backslashes; scan.h), an encoding that is not UTF-8, and handed to the
 * parser (parse.h), whose consumer is given as a struct sink (sink.h).
 */
#ifndef JFMT_READ_H
#define JFMT_READ_H

#include <stddef.h>
#include <yajl/yajl_parse.h>

#include "read/blocks.h"
#include "read/parse.h"
#include "base/progress.h"
#include "base/sink.h"
#include "base/status.h"

/**
 * A run of white space in which no token ends is kept in memory up to this
 * size, in case it is inside a string whose text may be needed again (for
 * the location of an error or an unpaired surrogate escape).
 */
#define READ_KEEP_BLANK (1024 * 1024)

struct reader {
	int allow_comments;
	struct parser ps;               /* what the reads are fed to */
	struct sink sink;               /* the consumer */
	struct progress *progress;      /* or NULL */
	struct blocks in;               /* the input's bytes in memory */
	/* The next read goes onto the end of the current one, not into a
	 * new block, when either of these is set: */
	int token_open;                 /* no token ended in the read: one
					 * may span it, whose start must stay
					 * in memory */
	int held_back;                  /* --comments: the read's end, from
					 * fed_end, waits for more input */
	size_t fed_end;                 /* where in the current read what
					 * was not fed yet starts */
	/* given every byte read, a byte order mark included (or NULL) */
	void (*tap)(void *ctx, const unsigned char *p, size_t n);
	void *tap_ctx;
	/* the next input's size, and who is given it whole (reader_expect()) */
	unsigned long long expect;
	void (*whole)(void *ctx, const unsigned char *p, size_t n);
	void *whole_ctx;
};

/**
 * Prepare `r`.  `progress` may be NULL.  The consumer is bound afterwards
 * with reader_set_sink(), once it has been given reader_hooks().
 */
void reader_init(struct reader *r, int allow_comments, int keep_going,
		 struct progress *progress);

/** Each input must be exactly one JSON text (RFC 8259), not a stream of
 * values or a text sequence: a second value is an error (--single). */
static inline void reader_set_single(struct reader *r, int single)
{
	r->ps.single = single;
}

/** The hooks through which the consumer reports to `r`. */
const struct feed_hooks *reader_hooks(struct reader *r);

/** Feed `sink` from now on. */
void reader_set_sink(struct reader *r, const struct sink *sink);

/** Hand every byte of the next inputs, as read, to tap(ctx, ...) too
 * (--check on an input that cannot be read twice); NULL: no more. */
static inline void reader_set_tap(struct reader *r,
				  void (*tap)(void *ctx, const unsigned char *p, size_t n),
				  void *ctx)
{
	r->tap = tap;
	r->tap_ctx = ctx;
}

/**
 * The next input, and it alone, is a regular file holding `size` bytes
 * from where its descriptor stands: a read that stops short at that size
 * ends it, without the read(2) that would return 0 (blocks_expect()).
 * When that is its first read, whole(ctx, p, n) (if not NULL) is given
 * all of the input, a byte order mark included, before any of it is fed
 * to the consumer; p[0..n) stays in memory, as it is, until the next
 * input starts or the reader is released.
 */
static inline void reader_expect(struct reader *r, unsigned long long size,
				 void (*whole)(void *ctx, const unsigned char *p, size_t n),
				 void *ctx)
{
	r->expect = size;
	r->whole = whole;
	r->whole_ctx = ctx;
}

/** Read the next inputs through source(ctx, buf, n), which stands in for
 * read(2) on their descriptor (jobs.h); NULL: read(2) again. */
static inline void reader_set_source(struct reader *r,
				     ssize_t (*source)(void *ctx, unsigned char *buf, size_t n),
				     void *ctx)
{
	r->in.source = source;
	r->in.source_ctx = ctx;
}

/* What was read of an input before a reader takes it over (jobs.h, on a
 * pipe): those bytes, and where they stand in the input.  Up to `base`,
 * the input was whole values, which were formatted. */
struct read_resume {
	const unsigned char *pre;       /* read first, then the descriptor */
	size_t len;
	unsigned long long base;        /* pre[0]'s offset in the input */
	unsigned long long line;        /* ... and its line, from 1 */
	int seq;                        /* with base > 0: a text sequence */
	int error;                      /* the read after pre failed so (an
					 * errno value), or 0 */
};

/** Free what `r` allocated. */
void reader_release(struct reader *r);

/**
 * Read all of `fd` (named `name` in messages) into the consumer.  Reports
 * any problem, once, and returns EXIT_OK, EXIT_INVALID or EXIT_IO.  Does
 * not close `fd`.
 */
enum exit_status reader_run(struct reader *r, const char *name, int fd);

/** reader_run() from `at` on: at->pre, the bytes read of the input
 * already (at->base bytes into it), then `fd`; with nothing read yet
 * (at->len and at->base 0, as jobs_format() leaves it when it declines),
 * all of `fd`.  Messages give places in the whole input. */
enum exit_status reader_run_from(struct reader *r, const char *name, int fd,
				 const struct read_resume *at);

#endif
