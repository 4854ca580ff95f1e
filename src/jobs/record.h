/* record.h - what one input made while it was formatted ahead of its
 * turn (filepool.h): its output and its messages, kept in memory in the
 * order they were made, to be written out later in the order of the
 * inputs, as if they had been made then.
 *
 * A record is a list of entries, each output bytes, one message as
 * diag.h made it (diag_capture()), or a mark where the output is flushed
 * (standard output, before and after diff(1) writes to it).  Output bytes that follow output bytes
 * extend the same entry, so that record_replay() hands each run of output
 * between two messages over in one piece: a line end written as CR LF is
 * never split (tail.h holds back the output's last one).
 *
 * The output it takes is bounded (`output_max`): past it, record_write()
 * refuses the bytes, which the caller then takes as the sign to format
 * the input again in its turn, streaming, rather than in memory.
 */
#ifndef JFMT_RECORD_H
#define JFMT_RECORD_H

#include <stddef.h>

struct record {
	unsigned char *p;       /* the entries: a kind byte, a size_t length,
				 * the bytes */
	size_t len, cap;
	size_t last;            /* where the last entry starts, if len > 0 */
	size_t output;          /* bytes of output held */
	size_t output_max;      /* ... and the most it takes */
	int over;               /* some output was refused */
};

/** An empty record that takes up to `output_max` bytes of output. */
void record_init(struct record *r, size_t output_max);

/** fbuffer_init_fn()'s function (fbuffer.h): output bytes; returns 0, or
 * EFBIG (and sets `over`) past output_max.  With `p` NULL, a mark that
 * the output is flushed here. */
int record_write(void *record, const char *p, size_t n);

/** A message, whole as diag.h made it. */
void record_message(struct record *r, const char *text, size_t n);

/** Hand the entries over in order: each run of output to out(ctx, p, n),
 * each mark to out(ctx, NULL, 0), each message to diag_replay(). */
void record_replay(const struct record *r, int (*out)(void *ctx, const char *p, size_t n),
		   void *ctx);

/** Drop the entries from offset `len` on (a length the record had). */
void record_truncate(struct record *r, size_t len);

/** Empty it for another input; a large block is given back. */
void record_clear(struct record *r);

/** Free what it holds. */
void record_release(struct record *r);

/** Exchange the entries of a and b (each keeps its output_max). */
void record_swap(struct record *a, struct record *b);

#endif
