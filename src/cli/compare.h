/* compare.h - whether jfmt's output for an input is that input, byte for
 * byte, found as the output is made (--check, -l, --diff, and -i, which
 * leaves a formatted file alone).
 *
 * The output reaches compare_write() through an fbuffer in function mode
 * (fbuffer_init_fn()), one flushed run at a time, and is compared with the
 * input at the same offset:
 *  - a regular file that the reader's first read held whole (a file of up
 *    to one read, READ_BLOCK) is compared in the reader's memory
 *    (compare_whole()); a larger one is read again with pread(2), a block
 *    at a time, so that nothing of it is kept;
 *  - any other input (a pipe, a terminal) cannot be read twice: the reader
 *    hands each read to compare_tap(), and its bytes are kept only until
 *    the output has reached them (or, with `keep`, all of them, when the
 *    identical part will be needed again).
 * Both sides may run ahead of the other; what is not yet compared waits.
 * A byte order mark is part of the input, so a file with one differs.
 *
 * Once a byte differs, the output may go on somewhere else: compare_start()
 * may name a function that opens where (a temporary file for -i, a memory
 * file for --diff); the identical part of the input is copied there first,
 * then all further output is written there.  Without it, the rest of the
 * output is dropped.
 */
#ifndef JFMT_COMPARE_H
#define JFMT_COMPARE_H

#include <stddef.h>

/* Bytes of a regular input read again at a time. */
#define COMPARE_BLOCK (64 * 1024)

struct compare {
	int src;                        /* the regular input, read again with
					 * pread(2); -1: the input is tapped */
	unsigned long long base;        /* offset in src of the input's start */
	unsigned long long off;         /* output bytes found equal so far */
	int differ;                     /* the output is not the input */
	int keep;                       /* tapped: keep all of the input */
	/* tapped input: ip[0..ilen) is the input from offset ibase */
	unsigned char *ip;
	size_t ilen, icap;
	unsigned long long ibase;
	/* output not yet compared (it ran ahead of tapped input) */
	unsigned char *op;
	size_t olen, ocap;
	unsigned char *scratch;         /* COMPARE_BLOCK bytes, for src, made
					 * when first read into */
	const unsigned char *whole;     /* src's input whole, in the reader's
					 * memory (compare_whole()), or NULL */
	size_t whole_len;
	int ended;                      /* the tapped input has ended */
	int error;                      /* an errno value met while tapping */
	/* once it differs: open where the whole output goes; returns a
	 * descriptor, or -1 with errno set */
	int (*diverge)(void *ctx);
	void *diverge_ctx;
	int dest;                       /* that descriptor, -1 until then */
};

/**
 * Start comparing with the input read from `fd`.  `regular`: fd is a
 * regular file, read again from offset `start`, where the input begins in
 * it; else the reader must hand every read to compare_tap().  `diverge`
 * (or NULL) and `ctx`: see above.  `keep`: keep all of a tapped input
 * (for compare_input_fd()).
 */
void compare_start(struct compare *c, int fd, int regular, unsigned long long start,
		   int keep, int (*diverge)(void *ctx), void *ctx);

/** The fbuffer function: the next `n` bytes of output.  Returns 0 or an
 * errno value (of reading the input again, or of writing). */
int compare_write(void *ctx, const char *p, size_t n);

/** All of a regular input, p[0..n), held whole by the reader's first read
 * (its reader_expect() hook): compared there from now on, not read again.
 * It must stay in memory until compare_finish(). */
void compare_whole(void *ctx, const unsigned char *p, size_t n);

/** The next `n` bytes of a tapped input, as read. */
void compare_tap(void *ctx, const unsigned char *p, size_t n);

/**
 * The input and the output are complete (the buffer was flushed): compare
 * what is left, and the lengths.  Returns 0 or an errno value.
 */
int compare_finish(struct compare *c);

/**
 * A tapped input kept whole (`keep`), put in a memory file to be read
 * from its start: a descriptor, or -1 with errno set.
 */
int compare_input_fd(const struct compare *c);

/** Free what `c` holds (not `dest`, which the diverge function's caller
 * owns). */
void compare_release(struct compare *c);

#endif
