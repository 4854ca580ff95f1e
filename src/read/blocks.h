/* blocks.h - an input read in large blocks, two of them kept in memory.
 *
 * The current read and the one before it stay whole (window.h), so that a
 * token or a line cut by the end of a read can still be seen.  A token
 * that spans a whole read makes the next read go onto the end of the
 * current one instead (BLOCKS_EXTEND), so that its first byte stays in
 * memory however long it is, and so does a short read (BLOCKS_FILL), so
 * that the read before holds enough of the input.  A few bytes at the end of a
 * read that the comment pass holds back are carried to the start of the
 * next one instead (`carry`).  A UTF-8 byte order mark at the start is
 * skipped: offsets count from after it.
 */
#ifndef JFMT_BLOCKS_H
#define JFMT_BLOCKS_H

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

#include "report/window.h"

/**
 * Bytes read at a time.  Two blocks and the output buffer stay within a
 * core's L2 cache; with 256 KiB blocks the copies in and out pushed each
 * other out of it, and jfmt and the yajl floor alike ran 3-6% slower.
 */
#define READ_BLOCK (64 * 1024)

/*
 * The most bytes held back at a read's end that are carried into the next
 * read rather than kept by extending it (BLOCKS_EXTEND).  The comment pass
 * holds back a comma at the end of one read in nine of a formatted file,
 * until the next token says whether it is a trailing one.  Extended, the
 * block grew for each, and kept every read after it while that went on:
 * a file whose reads all end after a comma (lines of 64 bytes) was held
 * whole, and --style=prettier on big.json made 71 munmap and 478 brk
 * calls for it (1 and 4 with --width) and took 4% longer.
 */
#define CARRY_MAX (READ_BLOCK / 4)

/*
 * A read shorter than this (from a pipe, say) is followed by one onto its
 * end, not into the other block, while the block has room: so the read
 * before the current one, which messages show a line of, holds this much
 * at least, however the writer cut the input.  Read after a read of a few
 * bytes, a line's start was out of memory, and the same error was shown
 * with less of its line.
 */
#define BLOCKS_FILL_BELOW (READ_BLOCK / 2)

/* Bytes past a block's `cap` that are allocated but never read into:
 * code that reads its input in fixed-width loads may run this far past the
 * last byte read (sink.h's SINK_INPUT_SLACK). */
#define BLOCKS_SLACK 64

/* blocks_expect()'s size when none is known. */
#define BLOCKS_SIZE_UNKNOWN ULLONG_MAX

/* The UTF-8 byte order mark, skipped at the start of an input. */
#define BLOCKS_BOM_LEN 3
extern const unsigned char blocks_bom[BLOCKS_BOM_LEN];

struct blocks {
	unsigned char *block[2];        /* read alternately */
	size_t cap[2];                  /* each has BLOCKS_SLACK more */
	int cur;                        /* block[cur] holds win.cur */
	struct window win;              /* the reads in memory */
	size_t newlines;                /* newlines in win.cur so far (the
					 * caller counts them: blocks_count()) */
	int bom;                        /* the input began with a byte order mark */
	/* read(2)'s stand-in, when set: fills buf with up to n bytes, returns
	 * how many (0 at the end) */
	ssize_t (*source)(void *ctx, unsigned char *buf, size_t n);
	void *source_ctx;
	/* the input's size (blocks_expect()), what read(2) has brought of
	 * it, and whether a short read ended it there */
	unsigned long long size, got;
	int ended;
};

/** Two empty blocks; free them with blocks_release(). */
void blocks_init(struct blocks *b);
void blocks_release(struct blocks *b);

/** A new input starts: nothing in memory, its size unknown. */
void blocks_start(struct blocks *b);

/**
 * The input (after blocks_start()) is a regular file holding `size` bytes
 * from where its descriptor stands, as fstat(2) gave them.  A read(2)
 * that returns fewer bytes than it asked for, bringing what was read to
 * `size`, is the input's end: blocks_next() then returns 0 without a read
 * to be told so.  A file that grew after its size was taken has more than
 * `size` by the time it is read, and is read to where read(2) ends, as
 * one whose size is not known; one that grows after the read that
 * reached its size is read up to that read, as a file that grows after
 * read(2) returned 0.  (Not with a `source`: it is read as it gives.)
 */
void blocks_expect(struct blocks *b, unsigned long long size);

/** The next input starts at byte `base` of a longer one, on line `line`,
 * where a line starts (after blocks_start()): its first bytes are no byte
 * order mark. */
void blocks_origin(struct blocks *b, unsigned long long base, unsigned long long line);

/* Where blocks_next() puts what it reads. */
enum blocks_onto {
	BLOCKS_OTHER,   /* into the other block, which becomes the current
			 * read, the old one the previous */
	BLOCKS_FILL,    /* onto the end of the current read, one read(2) of
			 * at most the room its block has (blocks_fills()) */
	BLOCKS_EXTEND,  /* onto the end of the current read, at least as
			 * much again as it holds, so that a long token
			 * arrives in reads that grow geometrically */
};

/** Whether the current read is short, so that the next goes onto its end
 * (BLOCKS_FILL_BELOW). */
static inline int blocks_fills(const struct blocks *b)
{
	return b->win.cur.p && b->win.cur.len < BLOCKS_FILL_BELOW;
}

/**
 * Read more of `fd`, `onto` where it says.  With BLOCKS_OTHER, the last
 * `carry` bytes of the current read (at most CARRY_MAX, none counted by
 * blocks_count()) begin the new one, and leave the previous.  Sets *from
 * to the offset in win.cur where the new bytes start.  Returns the bytes
 * read, 0 at the end of the input (nothing changed then), -1 on error
 * (errno set).
 */
ssize_t blocks_next(struct blocks *b, int fd, enum blocks_onto onto, size_t carry,
		    size_t *from);

/**
 * After the first read: the name of the encoding the input is in if it is
 * UTF-16 or UTF-32 (by its byte order mark, or the NUL bytes that ASCII
 * text has in them), which JSON text may not be (RFC 8259 8.1); else NULL.
 */
const char *blocks_wrong_encoding(const struct blocks *b);

/** Note that win.cur holds `n` more newlines (for line numbers). */
static inline void blocks_count(struct blocks *b, size_t n)
{
	b->newlines += n;
}

#endif
