/* split.h - where an input may be cut into chunks that format apart: the
 * structural pre-scan of jfmt -j (jobs.h).
 *
 * Two shapes split: a stream of values (NDJSON, values one after another,
 * RFC 7464 records), cut after a newline outside every value, and one
 * top-level array, cut at a comma between its elements.  A struct
 * splitter walks the input once, front to back, in blocks of 64 bytes:
 * which quotes are escaped, which bytes are inside strings (a running
 * parity of the quotes that are not), and the depth of brackets outside
 * them.  Only the blocks where a cut is looked for are walked byte by
 * structural byte; the others are counted whole.
 *
 * JSONC, and input whose blank lines are kept (splitter_init()'s
 * `clean`), is scanned so too, but for the
 * blocks that hold a comment or start inside one, which are walked byte
 * by byte; and a cut is taken only where nothing but spaces (and a
 * record's RS) stands between it and the values on either side, so that
 * each comment and blank line stays with the value it is placed by.
 *
 * The scan may read a file's bytes into a window of its own rather than
 * walk them where they are mapped (splitter_read_file()).
 *
 * The scan trusts the input to be JSON.  When it is not, a cut may fall
 * anywhere: the chunks on either side then fail to parse on their own, and
 * the input is formatted again in one piece (jobs.h), so that a wrong cut
 * costs time, never a wrong byte.
 */
#ifndef JFMT_SPLIT_H
#define JFMT_SPLIT_H

#include <stddef.h>
#include <stdint.h>

/* The bytes a splitter looks at as one. */
#define SPLIT_BLOCK 64

/* What a splitter reading a file reads at once (a multiple of
 * SPLIT_BLOCK): about what the second-level cache holds, so that the
 * scan walks what the copy has just left there.  Walking big.json where
 * it was mapped took 122 ms, reading it in windows of 64 KiB, 256 KiB,
 * 1 MiB and 4 MiB and walking those 39, 35, 38 and 50 ms: the mapping's
 * pages are touched one at a time, each a fault and a TLB miss.  (A
 * check of the scan sets it smaller, to cross its edges often.) */
#ifndef SPLIT_WINDOW
#define SPLIT_WINDOW ((size_t)256 << 10)
#endif

enum split_shape {
	SPLIT_STREAM,           /* a newline outside every value */
	SPLIT_ARRAY,            /* a comma between the top array's elements */
};

struct splitter {
	const unsigned char *p; /* the input */
	size_t n;
	enum split_shape shape;
	int wide;               /* AVX2 and popcnt may be used */
	/* the state at the start of block `pos` (a multiple of SPLIT_BLOCK) */
	size_t pos;
	uint64_t in_string;     /* all ones inside a string, else 0 */
	uint64_t escaped;       /* 1: the block's first byte is escaped */
	long depth;             /* brackets open outside strings */
	int clean;              /* take only clean cuts; comments may stand
				 * between tokens */
	int comment;            /* ... the one the block starts in */
	size_t comment_end;     /* ... and just past the last one that ended */
	/* read from a file (splitter_read_file()): p[0] is its byte at
	 * `file_at`, and p[window_from..) is in `window` */
	int fd;
	long long file_at;
	unsigned char *window;
	size_t window_from, window_len;
};

/** Start scanning p[0..n) for cuts of `shape`; `clean`: only clean ones,
 * outside comments (above). */
void splitter_init(struct splitter *s, const unsigned char *p, size_t n,
		   enum split_shape shape, int clean);

/**
 * Read the bytes the scan walks from file `fd`, where p[0] is at offset
 * `at`, into `window` (SPLIT_WINDOW bytes, the caller's), rather than
 * from p; p is still read where a read comes short (a file that shrank:
 * p must then be its mapping) and for clean cuts, which look at the
 * bytes around them.
 */
void splitter_read_file(struct splitter *s, int fd, long long at, unsigned char *window);

/* What splitter_next() returns when it stopped looking at `until`. */
#define SPLIT_NOT_YET ((size_t)-1)

/**
 * The first cut at or after `from` (which never goes back between
 * calls): the offset of its newline or comma.  Returns n if there is
 * none, or SPLIT_NOT_YET if there is none before `until` (the scan can
 * go on from there).
 */
size_t splitter_next(struct splitter *s, size_t from, size_t until);

#endif
