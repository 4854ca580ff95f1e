/* input.h - reading one input in large blocks, feeding it to yajl, and
 * saying where in the input (line, column, the line itself) it went wrong. */
#ifndef JFMT_INPUT_H
#define JFMT_INPUT_H

#include <stddef.h>
#include <yajl/yajl_parse.h>

#include "fbuffer.h"
#include "format.h"
#include "progress.h"

/* Result of reading one input, also its part of the exit status. */
enum input_status {
	INPUT_OK = 0,
	INPUT_INVALID = 1,      /* not JSON; reported with its location */
	INPUT_IO_ERROR = 3,     /* could not be read; reported */
};

/**
 * Bytes read at a time.  Two blocks and the output buffer stay within a
 * core's L2 cache; with 256 KiB blocks the copies in and out pushed each
 * other out of it, and jfmt and the yajl floor alike ran 3-6% slower.
 */
#define INPUT_BLOCK (64 * 1024)

/**
 * A run of white space in which no token ends is kept in memory up to this
 * size, in case it is inside a string whose text may be needed again (for
 * the location of an error or an unpaired surrogate escape).
 */
#define INPUT_KEEP_BLANK (1024 * 1024)

struct reader {
	const struct format_options *opt;
	int allow_comments;
	struct formatter *fmt;
	struct format_hooks hooks;
	unsigned char *block[2];        /* read alternately: the previous block
					 * stays whole, for messages and for
					 * strings that straddle two blocks */
	size_t block_cap[2];
	struct fbuffer raw;             /* a string's raw text, when needed */
	struct progress *progress;      /* set by the caller, or NULL */

	/* The input being read; reset by reader_run(). */
	const char *name;
	yajl_handle h;
	int cur;                        /* block[cur] holds the current chunk */
	const unsigned char *chunk;     /* current chunk (maybe past a BOM) */
	size_t chunk_len;
	unsigned long long chunk_base;  /* offset of chunk[0] in the input */
	unsigned long long chunk_line;  /* line number at chunk[0] */
	unsigned long long chunk_line_start; /* offset where that line starts */
	size_t chunk_newlines;          /* newlines in the part fed to yajl */
	const unsigned char *prev;      /* previous chunk, or NULL */
	size_t prev_len;
	unsigned long long prev_base, prev_line, prev_line_start;
	size_t feed_off;                /* chunk offset last handed to yajl */
	int extend;                     /* a token spans the whole chunk: read
					 * more onto its end, not a new block */
	int completing;                 /* inside yajl_complete_parse() */
	enum separator_state {          /* after a document, before the next */
		SEP_DONE,               /* no document pending, or newline seen */
		SEP_BLANK,              /* only white space so far */
		SEP_SLASH, SEP_LINE, SEP_BLOCK, SEP_BLOCK_STAR, /* comments */
	} separator;
	int seen_text;                  /* anything but white space so far */

	/* Unpaired \uD800-\uDFFF escapes ahead, by input offset (yajl cannot
	 * decode them faithfully, so their strings are rewritten from the
	 * raw text). */
	unsigned long long *lone;
	size_t lone_head, lone_len, lone_cap;
	unsigned long long scan_pos;    /* escapes before this are classified */

	/* An error found by a hook, to report once yajl returns. */
	const char *error;
	unsigned long long error_pos;
};

/** Prepare `r` to feed `fmt`; `opt` must outlive it. */
void reader_init(struct reader *r, const struct format_options *opt,
		 int allow_comments, struct formatter *fmt);

/** Free what `r` allocated. */
void reader_release(struct reader *r);

/**
 * Read all of `fd` (named `name` in messages) and format it.  Reports any
 * problem on stderr, once, and returns its INPUT_* status.  Does not close
 * `fd`.  The output is not flushed.
 */
enum input_status reader_run(struct reader *r, const char *name, int fd);

#endif
