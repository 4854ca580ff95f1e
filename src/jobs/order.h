/* order.h - what jfmt -j writes (pool.h): each chunk's piece, in input
 * order, through the output's buffer as one thread would write it, or
 * held back in the chunk's text while an array neither ends nor outgrows
 * --buffer-size; and the mapped input let go of as it is written.  One
 * thread at a time writes (pool.h), and only it calls these.
 */
#ifndef JFMT_ORDER_H
#define JFMT_ORDER_H

#include <stddef.h>
#include <sys/types.h>

#include "base/fbuffer.h"
#include "jobs/worker.h"

/* A piece of an array's output held back in its chunk's text. */
struct held_piece {
	struct fbuffer text;
	size_t from, to;
};

/* What the pieces are written to, and what is kept meanwhile. */
struct order {
	struct fbuffer *out;
	const unsigned char *in;        /* the input cut, */
	size_t size;
	int fd;                         /* ... read from file `fd` at `base`
					 * (-1: a pipe's part in memory) */
	off_t base;
	int mapped;                     /* ... where `in` is its mapping, */
	size_t lead;                    /* ... this many bytes in */
	size_t let_go;                  /* the part of it let go of */
	/* An array's pieces held back until it ends or outgrows what
	 * --buffer-size holds, as one thread holds it, but each in the
	 * text of its chunk rather than copied into the output's block */
	struct held_piece *held;
	size_t nheld, held_cap, held_len;
};

/** Write chunk `c`'s piece to o->out (or hold it back), the chunks
 * before it being out; let go of the input up to its end. */
void order_write(struct order *o, struct chunk *c);

/** Whether the file the input is read from has more than was cut: it
 * grew after its size was taken (a log being written to), and one
 * thread would have read on. */
int order_grown(const struct order *o);

/** Write out the pieces held (the array has ended), and free them. */
void order_write_held(struct order *o);

/** Free the pieces held, unwritten (the run failed). */
void order_drop_held(struct order *o);

#endif
