/* filepool.h - several inputs at once (-r, or several operands): each
 * worker thread formats whole inputs into memory, and the calling thread
 * writes what each made in the order of the inputs, so that the output,
 * the messages and the exit status are those of one thread, byte for
 * byte.
 *
 * The calling thread takes the inputs in order: filepool_take() gives it
 * the next slot, which it fills in and hands to the workers
 * (filepool_submit()), or marks done without them.  A worker takes the
 * next slot handed out and does its input (ops->work), its messages
 * captured into the slot's record (record.h, diag_capture()), each after
 * the output that precedes it (ops->settle); then marks it done.  The
 * calling thread hands each slot done, in order, to ops->emit, which
 * writes it out.  What the calling thread itself says while it takes the
 * inputs (the walk of a directory, an input's options) is captured too,
 * into the next slot's `pre`, and said before that slot is emitted.
 *
 * At most `window` slots are out at once: the calling thread writes out
 * the first of them before it takes another, so that memory does not
 * grow with the number of inputs.  Rather than wait there for the first,
 * it does slots that no worker has taken yet itself, one at a time, as a
 * worker does: -r --check over 10,000 small files on two CPUs took 0.587
 * of -j1's time, against 0.615 waiting (60 rounds in turns).  Not at the
 * end (filepool_finish()), where the last slots are few: a file it took
 * there kept the workers waiting for it, 1.05 x the time over 120 files
 * of up to 2 MB.
 *
 * Each worker keeps a state of its own (its reader and formatter), made by
 * its first ops->work, under capture, so that memory running out there is
 * said in that input's turn; so does the calling thread for the slots it
 * does.  A worker whose memory runs out hands the message over and waits;
 * the calling thread says it in its turn and ends the process
 * (diag_replay_fatal()).  When the calling thread's own memory runs out
 * in a slot, it writes out the slots before that one, then says it.  The
 * workers take no signal: one sent to jfmt goes to the calling thread.
 */
#ifndef JFMT_FILEPOOL_H
#define JFMT_FILEPOOL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#include "base/diag.h"
#include "base/status.h"
#include "jobs/record.h"

/* Slots out at once for each worker: while the first input waits (a long
 * one, or one the calling thread formats itself), the workers go on with
 * this many more; and the calling thread, which waits for half of them at
 * a time, wakes once in that many inputs.  -r --check over 10,000 small
 * files on two threads: 1,055 waits with 16 a worker, 507 with 32, 242
 * with 64, and 33.4 ms against 36.1 with 32 (30 runs, three rounds in
 * turns; no better with 128 or 256); each slot may hold up to
 * POOLED_OUTPUT_MAX of output. */
#define FILEPOOL_PER_THREAD 64

/* The most slots a worker takes at once: fewer turns of the lock per
 * input, where an input may take a few microseconds. */
#define FILEPOOL_BATCH 4

/* The longest message that ends the process (out of memory) a slot keeps. */
#define FILEPOOL_FATAL_MAX 256

enum slot_state { SLOT_FREE, SLOT_TODO, SLOT_DONE };

struct file_slot {
	struct record pre;              /* the calling thread's messages before
					 * the input, captured */
	struct record rec;              /* what the worker made of it */
	void *data;                     /* the caller's (filepool_start()) */
	atomic_int state;               /* an enum slot_state */
	int skip;                       /* done without a worker */
	int fatal;                      /* the worker's memory ran out: */
	enum exit_status fatal_status;
	char fatal_text[FILEPOOL_FATAL_MAX];    /* its message, whole */
	size_t fatal_len;
};

struct filepool_ops {
	/* On a worker: do the slot's input.  *state is the worker's own,
	 * NULL the first time: the function makes it. */
	void (*work)(void *ctx, void **state, struct file_slot *s);
	/* On a worker, before each of its messages: its output so far goes
	 * into the slot's record first (state may be NULL). */
	void (*settle)(void *ctx, void *state);
	/* On a worker as it ends: free its state. */
	void (*end)(void *ctx, void *state);
	/* On the calling thread, in order, after the slot's `pre` is said:
	 * write the input out.  For a slot whose worker ran out of memory
	 * (s->fatal), its record only: the process ends after it. */
	void (*emit)(void *ctx, struct file_slot *s);
	void *ctx;
};

struct filepool_thread {
	struct filepool *pool;
	pthread_t id;
	struct file_slot *slot;         /* being done */
	void *state;
	struct diag_capture capture;
};

struct filepool {
	const struct filepool_ops *ops;
	pthread_mutex_t lock;
	pthread_cond_t work;            /* a slot is handed out, or stop */
	pthread_cond_t done;            /* a slot is done */
	struct file_slot *slots;
	size_t window;
	/* slots taken by the calling thread (and filled in), published to
	 * the workers (lock held), claimed by them (lock held), written
	 * out; the calling thread reads each one's state as workers set
	 * it, without the lock */
	size_t taken, published, claimed, emitted;
	unsigned idle;                  /* workers waiting for slots (lock) */
	int waiting;                    /* the calling thread waits (lock) */
	size_t wait_end;                /* ... for the slots before this */
	int stop;
	struct filepool_thread *threads;
	unsigned nthreads;
	struct record pending;          /* the calling thread's messages
					 * since the last slot */
	struct record *into;            /* ... where they go now */
	struct diag_capture capture;    /* the calling thread's */
	struct filepool_thread self;    /* the calling thread doing slots */
	int ending;                     /* ... has run out of memory in one */
};

/**
 * Start `threads` workers (fewer if the system will not make that many)
 * for the calling thread's inputs, with `window` slots (at least
 * `threads`), slot i's data being data + i * data_size (the caller's, to
 * free after filepool_finish()); records take up to `output_max` bytes
 * of output (record.h).  From now on the calling thread's messages are
 * captured (see above).  Returns the workers started; 0 having made
 * nothing, nothing captured.
 */
unsigned filepool_start(struct filepool *p, unsigned threads, size_t window, void *data,
			size_t data_size, size_t output_max, const struct filepool_ops *ops);

/** The next slot to fill in, its records empty, its data as the last
 * input in it left it; slots done before it are written out first. */
struct file_slot *filepool_take(struct filepool *p);

/** Hand slot `s` (the one taken last) to the workers, or with `work` 0
 * mark it done as it is. */
void filepool_submit(struct filepool *p, struct file_slot *s, int work);

/** Write out every slot, stop the workers, say what the calling thread
 * said after the last slot, and free it all; messages are printed again. */
void filepool_finish(struct filepool *p);

#endif
