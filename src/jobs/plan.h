/* plan.h - jfmt -j's plan for one input (jobs.h): on how many threads it
 * is formatted, and in chunks of what size.
 */
#ifndef JFMT_PLAN_H
#define JFMT_PLAN_H

#include <stddef.h>
#include <sys/types.h>

/* The most threads -j takes. */
#define JOBS_MAX 256

/* Without -j, an input is formatted on several threads only from this
 * size up: below it, starting threads costs more than it gains. */
#define JOBS_MIN_INPUT ((size_t)4 << 20)

/* ... and below this size, only if its formatting costs enough a byte:
 * not for one that is mostly long plain strings or begins with a long
 * object (plan_one_thread()). */
#define JOBS_LIGHT_MAX ((size_t)16 << 20)

/* The largest and smallest chunk: an input is cut into about
 * JOBS_CHUNKS_PER_JOB chunks per thread, so that the threads end together. */
#define JOBS_BLOCK_MAX ((size_t)1 << 20)
#define JOBS_BLOCK_MIN ((size_t)256 << 10)
#define JOBS_CHUNKS_PER_JOB 8

/* Where the elements or values are long, a chunk grows to at most this
 * many times its planned size (plan_grow()). */
#define JOBS_BLOCK_GROWTH 4

/** The CPUs this process may run on (taskset), at least 1. */
unsigned plan_cpus(void);

/** How many threads for `size` bytes of input, with -j `want` (0: none
 * given); `any_size`: however small it is (chunks set for a test).  1:
 * not worth it. */
unsigned plan_threads(unsigned want, size_t size, int any_size);

/** Whether one thread formats file `fd`, from offset `start` on, about
 * as fast as several below JOBS_LIGHT_MAX, told from its first 16 KiB:
 * if they are mostly long plain strings, or an object still open at
 * their end (most often one document, which does not split). */
int plan_one_thread(int fd, off_t start);

/** The chunks of `size` bytes of input on `threads` threads. */
size_t plan_chunk(size_t size, unsigned threads);

/** The most that chunks planned at `block` bytes grow to (plan_grow());
 * `fixed`: their size was set for a test, and they do not grow. */
size_t plan_block_max(size_t block, int fixed);

/** The size of the chunks after one of `block` bytes whose cut, at a
 * whole line (cuts.h), was found `past` bytes beyond its end: larger if
 * that is far, up to `max`. */
size_t plan_grow(size_t block, size_t past, size_t max);

#endif
