/* read.h - reading one input in large blocks and feeding it to yajl, whose
 * callbacks belong to a consumer given as a struct sink (sink.h); making
 * the checks yajl does not make; and reporting any error once, with its
 * place in the input.
 */
#ifndef JFMT_READ_H
#define JFMT_READ_H

#include <stddef.h>
#include <yajl/yajl_parse.h>

#include "between.h"
#include "fbuffer.h"
#include "jsonc.h"
#include "progress.h"
#include "sink.h"
#include "status.h"
#include "surrogates.h"
#include "window.h"

/**
 * Bytes read at a time.  Two blocks and the output buffer stay within a
 * core's L2 cache; with 256 KiB blocks the copies in and out pushed each
 * other out of it, and jfmt and the yajl floor alike ran 3-6% slower.
 */
#define READ_BLOCK (64 * 1024)

/**
 * A run of white space in which no token ends is kept in memory up to this
 * size, in case it is inside a string whose text may be needed again (for
 * the location of an error or an unpaired surrogate escape).
 */
#define READ_KEEP_BLANK (1024 * 1024)

struct reader {
	int allow_comments;
	struct feed_hooks hooks;        /* handed to the consumer */
	struct sink sink;               /* the consumer */
	struct progress *progress;      /* or NULL */
	unsigned char *block[2];        /* read alternately: the previous block
					 * stays whole, for messages and for
					 * strings that straddle two blocks */
	size_t block_cap[2];
	struct fbuffer raw;             /* a string's raw text, when needed */
	struct surrogates lone;         /* unpaired surrogate escapes ahead */
	struct jsonc jsonc;             /* --comments: comments, trailing commas */

	/* The input being read; reset by reader_run(). */
	const char *name;
	yajl_handle h;
	int cur;                        /* block[cur] holds the current read */
	struct window win;              /* the reads in memory */
	size_t cur_newlines;            /* newlines in the part fed to yajl */
	size_t feed_off;                /* offset in win.cur last fed to yajl */
	size_t fed_end;                 /* and the end of what it was given */
	int extend;                     /* a token spans the whole read: read
					 * more onto its end, not a new block;
					 * or (--comments) the read's end was
					 * held back from yajl until more is
					 * read: fed_end is where it starts */
	int completing;                 /* inside yajl_complete_parse() */
	int seen_text;                  /* anything but white space so far */
	struct between between;         /* the rule between values */
	unsigned long long values;      /* top-level values so far */
	unsigned long long member_end;  /* input offset just after the last
					 * value that ended inside an object */
	const char *error;              /* found by a hook, to report once yajl
					 * returns */
	unsigned long long error_pos;
};

/**
 * Prepare `r`.  `progress` may be NULL.  The consumer is bound afterwards
 * with reader_set_sink(), once it has been given reader_hooks().
 */
void reader_init(struct reader *r, int allow_comments, struct progress *progress);

/** The hooks through which the consumer reports to `r`. */
const struct feed_hooks *reader_hooks(struct reader *r);

/** Feed `sink` from now on. */
void reader_set_sink(struct reader *r, const struct sink *sink);

/** Free what `r` allocated. */
void reader_release(struct reader *r);

/**
 * Read all of `fd` (named `name` in messages) into the consumer.  Reports
 * any problem, once, and returns EXIT_OK, EXIT_INVALID or EXIT_IO.  Does
 * not close `fd`.
 */
enum exit_status reader_run(struct reader *r, const char *name, int fd);

#endif
