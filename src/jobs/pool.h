/* pool.h - jfmt -j's threads (jobs.h), and the calling thread's part:
 * handing out the chunks of an input in memory and writing what the
 * threads make of them, in input order.
 *
 * The calling thread cuts (cuts.h) and hands out up to JOBS_SLOTS_PER_JOB
 * chunks a thread; each thread takes the next chunk handed out and
 * formats it (worker.h); the calling thread writes the chunks formatted,
 * in order, or holds an array's back as the output would (fbuffer.h),
 * keeping the texts they were formatted into.  A chunk that failed ends
 * the run, unless the cuts were a guess at whole lines: then the rest is
 * cut again by the scan.
 */
#ifndef JFMT_POOL_H
#define JFMT_POOL_H

#include <pthread.h>
#include <stddef.h>

#include "base/fbuffer.h"
#include "jobs/cuts.h"
#include "jobs/worker.h"

/* Chunks out at once per thread: one being formatted, one waiting. */
#define JOBS_SLOTS_PER_JOB 2

/* The chunks out, each in a slot, and the threads that format them. */
struct pool {
	pthread_mutex_t lock;
	pthread_cond_t work;            /* a chunk is handed out, or stop */
	pthread_cond_t done;            /* a chunk is formatted */
	struct chunk *slots;
	size_t nslots;
	size_t handed, claimed;         /* chunks handed out, taken by workers */
	int stop;
	struct job_input input;
};

/* A worker, and the pool it takes its chunks from. */
struct thread {
	struct worker w;
	struct pool *pool;
	pthread_t id;
};

/* A piece of an array's output held back in its chunk's text. */
struct held_piece {
	struct fbuffer text;
	size_t from, to;
};

/* An input's run: the pool, its threads, where the input is cut. */
struct run {
	struct pool pool;
	struct thread *threads;
	unsigned nthreads;
	struct cutter cut;
	size_t block;           /* the chunks' size */
	size_t block_max;       /* ... and what it may grow to (plan.h) */
	size_t next;            /* where the next chunk starts */
	size_t written;         /* chunks written */
	unsigned started;       /* threads running (pool_start()) */
	int mapped;             /* the input is a file's mapping */
	size_t let_go;          /* ... and the part before this was let go of */
	/* An array's pieces held back until it ends or outgrows what
	 * --buffer-size holds, as one thread holds it, but each in the
	 * text of its chunk rather than copied into the output's block */
	struct held_piece *held;
	size_t nheld, held_cap, held_len;
	unsigned char *window;  /* what the scan reads a file into (split.h) */
	size_t rest;            /* POOL_GROWN: where the last chunk starts */
};

/** Start r->nthreads threads, taking from r->pool, each its own worker
 * (r->cut.array: for an array's chunks); returns how many started (and
 * notes it in r->started), 0 having made nothing. */
unsigned pool_start(struct run *r);

/* What pool_run() returns when the file read goes on past r->cut.size. */
#define POOL_GROWN 2

/**
 * Hand out r->cut's input from r->next on and write it to `out` (`lead`:
 * the bytes of the mapping before r->cut.in), until it is all out (0), a
 * chunk failed (-1: nothing of it or after it is written), or the output
 * did (1).  Or, for a file (r->pool.input.fd), which is looked at again
 * just before its last chunk is written: POOL_GROWN if it grew since its
 * size was taken, all but its last chunk written, which starts at
 * r->rest (an array's pieces held back are not).  Runs again on a new
 * input once it is all out.
 */
int pool_run(struct run *r, struct fbuffer *out, size_t lead);

/** Stop the threads and free what pool_start() made, if it started any. */
void pool_stop(struct run *r);

#endif
