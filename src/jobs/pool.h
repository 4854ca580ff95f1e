/* pool.h - jfmt -j's threads (jobs.h): cutting an input in memory into
 * chunks, handing them out, formatting them and writing what is made of
 * them, in input order.
 *
 * The calling thread cuts (cuts.h), a few chunks ahead of those written
 * (POOL_CUT_AHEAD), and starts one thread fewer than the run has: it
 * formats chunks too.  Past the cutting, every thread does the same: the
 * chunks cut go into free slots (up to JOBS_SLOTS_PER_JOB a thread) as
 * soon as there are both, each thread takes the next chunk handed out
 * and formats it (worker.h), and the thread that finds the first chunk
 * not yet written formatted writes it, and those after it that are, or
 * holds an array's back as the output would (order.h).  So no thread
 * waits for one that is not running: on two CPUs the two threads do all
 * the work, as two processes on the halves of the input would.  (With a
 * third thread that cut, handed out and wrote, the two that formatted
 * waited for it whenever it waited for a CPU, and on a machine others
 * share, that was often.)
 *
 * A chunk that failed ends the run, unless the cuts were a guess at whole
 * lines: then the rest is cut again by the scan.
 */
#ifndef JFMT_POOL_H
#define JFMT_POOL_H

#include <pthread.h>
#include <stddef.h>

#include "base/fbuffer.h"
#include "jobs/cuts.h"
#include "jobs/order.h"
#include "jobs/worker.h"

/* Chunks out at once per thread: one being formatted, one waiting. */
#define JOBS_SLOTS_PER_JOB 2

/* The calling thread cuts up to this many chunks per slot past those
 * written, so that the others find chunks to hand out while it formats
 * one: at most what the slots hold again. */
#define POOL_CUT_AHEAD 2

/* Where a chunk was cut, before it is handed out. */
struct cut {
	size_t from, to;
	enum chunk_kind kind;
};

/* The chunks cut, those out in slots, and the threads that format them.
 * Counts of chunks since the pool started: cut >= handed >= claimed, and
 * handed >= written. */
struct pool {
	pthread_mutex_t lock;
	pthread_cond_t work;            /* a chunk is handed out, or stop */
	pthread_cond_t done;            /* a chunk is formatted or written,
					 * or the run ends */
	struct chunk *slots;
	size_t nslots;
	struct cut *cuts;               /* cut, not yet written: chunk i
					 * at cuts[i % ncuts] */
	size_t ncuts;
	size_t cut, handed, claimed, written;
	int writing;                    /* a thread is writing chunks */
	int end;                        /* how the run ends, once a writer
					 * knows: pool_run()'s -1, 1 or
					 * POOL_GROWN; 0 while it goes on */
	int stop;
	struct job_input input;
};

struct run;

/* A thread, with its worker, and the run it takes its chunks from. */
struct thread {
	struct worker w;
	struct run *run;
	pthread_t id;
};

/* An input's run: the pool, its threads, where the input is cut. */
struct run {
	struct pool pool;
	struct thread *threads; /* [0]: the calling thread's worker */
	unsigned nthreads;
	struct cutter cut;      /* the calling thread's only */
	size_t block;           /* the chunks' size */
	size_t block_max;       /* ... and what it may grow to (plan.h) */
	size_t next;            /* where the next chunk cut starts */
	size_t first;           /* the first chunk's end, if known, or 0 */
	unsigned started;       /* threads running (pool_start()) */
	struct order order;     /* what the thread that writes keeps */
	unsigned char *window;  /* what the scan reads a file into (split.h) */
	size_t rest;            /* POOL_GROWN: where the last chunk starts */
};

/** Start r->nthreads - 1 threads, each its own worker (r->cut.array: for
 * an array's chunks), and a worker for the calling thread; returns how
 * many threads started (and notes it in r->started), 0 having made
 * nothing. */
unsigned pool_start(struct run *r);

/* What pool_run() returns when the file read goes on past r->cut.size. */
#define POOL_GROWN 2

/**
 * Cut r->cut's input from r->next on, format it on the calling thread
 * and the others and write it to `out` (`lead`: the bytes of the mapping
 * before r->cut.in), until it is all out (0), a chunk failed (-1:
 * nothing of it or after it is written), or the output did (1).  Or, for
 * a file (r->pool.input.fd), which is looked at again just before its
 * last chunk is written: POOL_GROWN if it grew since its size was taken,
 * all but its last chunk written, which starts at r->rest (an array's
 * pieces held back are not).  Runs again on a new input once it is all
 * out.
 */
int pool_run(struct run *r, struct fbuffer *out, size_t lead);

/** Stop the threads and free what pool_start() made, if it started any. */
void pool_stop(struct run *r);

#endif
