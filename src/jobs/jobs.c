/* jobs.c - jfmt -j: the threads, and the calling thread's part: handing
 * out the chunks and writing them in order.  See jobs.h. */
#include "jobs/jobs.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/alloc.h"
#include "jobs/cuts.h"
#include "jobs/worker.h"
#include "layout/formatter.h"

/* The input read is let go of this much at a time. */
#define LET_GO_STRIDE ((size_t)8 << 20)

/* Past JOBS_FIRST_CUT_CHUNKS chunks, how far the first cut may be yet
 * (for the small chunks of JFMT_JOBS_BLOCK). */
#define FIRST_CUT_SLACK (64 * 1024)

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

void jobs_init(struct jobs *j, unsigned want, const struct format_options *opt, int off)
{
	const char *b = getenv("JFMT_JOBS_BLOCK");

	j->want = want;
	j->opt = opt;
	j->off = off || want == 1;
	j->block = b && *b ? (size_t)strtoull(b, NULL, 10) : 0;
}

/* --- Deciding --- */

/* The CPUs this process may run on (taskset), at least 1. */
static unsigned online_cpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return (unsigned)CPU_COUNT(&set);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

/* How many threads for `size` bytes of input; 1: not worth it. */
static unsigned threads_for(const struct jobs *j, size_t size)
{
	if (j->want > 1)
		return j->want;
	if (size < JOBS_MIN_INPUT && !j->block)
		return 1;
	unsigned n = online_cpus();
	return n < JOBS_MAX ? n : JOBS_MAX;
}

static size_t chunk_size(const struct jobs *j, size_t size, unsigned threads)
{
	if (j->block)
		return j->block;
	size_t b = size / ((size_t)threads * JOBS_CHUNKS_PER_JOB);
	if (b < JOBS_BLOCK_MIN)
		return JOBS_BLOCK_MIN;
	return b > JOBS_BLOCK_MAX ? JOBS_BLOCK_MAX : b;
}

/* A thread: take the next chunk handed out, format it, say so. */
static void *thread_main(void *arg)
{
	struct thread *t = arg;
	struct pool *pl = t->pool;

	pthread_mutex_lock(&pl->lock);
	for (;;) {
		while (!pl->stop && pl->claimed == pl->handed)
			pthread_cond_wait(&pl->work, &pl->lock);
		if (pl->stop)
			break;
		struct chunk *c = &pl->slots[pl->claimed % pl->nslots];
		pl->claimed++;
		pthread_mutex_unlock(&pl->lock);
		worker_format(&t->w, c);
		pthread_mutex_lock(&pl->lock);
		c->done = 1;
		pthread_cond_signal(&pl->done);
	}
	pthread_mutex_unlock(&pl->lock);
	return NULL;
}

/* --- The calling thread: handing out, writing --- */

struct run {
	struct pool pool;
	struct thread *threads;
	unsigned nthreads;
	struct cutter cut;
	size_t block;
	size_t next;            /* where the next chunk starts */
	size_t written;         /* chunks written */
	size_t let_go;          /* the input before this was let go of */
};

/* Fill slot `c` with the next chunk. */
static void hand_out(struct run *r, struct chunk *c)
{
	size_t n = r->cut.size;
	size_t at = n;

	if (n - r->next > r->block) {
		at = cutter_next(&r->cut, r->next + r->block, SIZE_MAX);
		if (at < n && !r->cut.array && cutter_blank_from(&r->cut, at))
			at = n;
	}
	c->from = r->next;
	c->to = at;
	if (!r->cut.array)
		c->kind = CHUNK_STREAM;
	else
		c->kind = c->from == 0 ? CHUNK_HEAD : at == n ? CHUNK_TAIL : CHUNK_INSIDE;
	c->done = c->ok = 0;
	/* an array's comma belongs to neither side */
	r->next = at < n && r->cut.array ? at + 1 : at;
}

/* The pages of input before `to` are done with: let them go, so that the
 * mapping does not grow to the whole input. */
static void let_go(struct run *r, size_t to, size_t lead)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t from = (r->let_go + lead + page - 1) / page * page;
	size_t end = (to + lead) / page * page;

	if (end - from < LET_GO_STRIDE && to < r->cut.size)
		return;         /* each call interrupts every CPU (TLB) */
	if (end > from)
		madvise((unsigned char *)r->cut.in - lead + from, end - from, MADV_DONTNEED);
	r->let_go = to;
}

/* Write out the chunks formatted, in order; returns -1 when one failed. */
static int write_done(struct run *r, struct fbuffer *out, size_t lead)
{
	struct pool *pl = &r->pool;

	while (r->written < pl->handed) {
		struct chunk *c = &pl->slots[r->written % pl->nslots];
		if (!c->done)
			return 0;
		if (!c->ok)
			return -1;
		pthread_mutex_unlock(&pl->lock);
		/* Whole values, after whole values: out at once, as one
		 * thread would write them once each is complete, without a
		 * copy into the block that holds a value back. */
		if (c->kind == CHUNK_STREAM && out->len == out->committed)
			out->streaming = 1;
		fbuffer_append(out, c->text.ptr + c->cut_from, c->cut_to - c->cut_from);
		if (c->kind == CHUNK_STREAM || c->kind == CHUNK_TAIL) {
			fbuffer_commit(out);
			fbuffer_flush_committed(out);
		}
		c->text.len = c->text.committed = 0;
		let_go(r, c->to, lead);
		pthread_mutex_lock(&pl->lock);
		r->written++;
		if (out->error)
			return 1;
	}
	return 0;
}

/* A chunk of a stream cut at newlines failed: if it is broken, so is the
 * input, but it may only end inside a value.  The chunks from it on are
 * dropped (once the workers are done with them) and cut again by the
 * scan, from its start, which is right.  Returns 0, or -1 if the scan
 * was cutting already. */
static int cut_again(struct run *r)
{
	struct pool *pl = &r->pool;

	if (!r->cut.lines)
		return -1;
	while (pl->claimed < pl->handed)        /* take back what no one took */
		pl->handed--;
	for (size_t i = r->written; i < pl->handed; i++)
		while (!pl->slots[i % pl->nslots].done)
			pthread_cond_wait(&pl->done, &pl->lock);
	for (size_t i = r->written; i < pl->handed; i++)
		pl->slots[i % pl->nslots].text.len = pl->slots[i % pl->nslots].text.committed = 0;
	r->next = pl->slots[r->written % pl->nslots].from;
	pl->handed = pl->claimed = r->written;
	r->cut.lines = 0;
	cutter_scan_from(&r->cut, r->next);
	return 0;
}

/* Hand out and write until the input is all out, or a chunk failed (-1),
 * or the output did (1). */
static int run_all(struct run *r, struct fbuffer *out, size_t lead)
{
	struct pool *pl = &r->pool;
	int result = 0;

	pthread_mutex_lock(&pl->lock);
	for (;;) {
		result = write_done(r, out, lead);
		if (result < 0 && cut_again(r) == 0)
			continue;
		if (result)
			break;
		if (r->next < r->cut.size && pl->handed - r->written < pl->nslots) {
			struct chunk *c = &pl->slots[pl->handed % pl->nslots];
			pthread_mutex_unlock(&pl->lock);
			hand_out(r, c);
			pthread_mutex_lock(&pl->lock);
			pl->handed++;
			pthread_cond_signal(&pl->work);
			continue;
		}
		if (r->next >= r->cut.size && r->written == pl->handed)
			break;
		pthread_cond_wait(&pl->done, &pl->lock);
	}
	pl->stop = 1;
	pthread_cond_broadcast(&pl->work);
	pthread_mutex_unlock(&pl->lock);
	return result;
}

static void *thread_run(void *arg)
{
	struct thread *t = arg;
	void *ret = thread_main(t);

	worker_release(&t->w);
	return ret;
}

static int run_threads(struct run *r, struct fbuffer *out, size_t lead)
{
	struct pool *pl = &r->pool;
	unsigned started = 0;
	int result;

	pl->nslots = (size_t)r->nthreads * JOBS_SLOTS_PER_JOB;
	pl->slots = xrealloc(NULL, pl->nslots * sizeof *pl->slots);
	/* room for a chunk's text from the start: growing to it copied
	 * what was made and took fresh pages more than once */
	for (size_t i = 0; i < pl->nslots; i++) {
		fbuffer_init_mem(&pl->slots[i].text);
		fbuffer_make_room(&pl->slots[i].text, 2 * r->block);
	}
	r->threads = xrealloc(NULL, r->nthreads * sizeof *r->threads);
	pthread_mutex_init(&pl->lock, NULL);
	pthread_cond_init(&pl->work, NULL);
	pthread_cond_init(&pl->done, NULL);
	for (unsigned i = 0; i < r->nthreads; i++) {
		struct thread *t = &r->threads[i];
		t->pool = pl;
		worker_setup(&t->w, &pl->input, r->cut.array);
		if (pthread_create(&t->id, NULL, thread_run, t) != 0) {
			worker_release(&t->w);
			break;
		}
		started++;
	}
	if (started == 0) {
		result = -1;            /* one thread, then */
	} else {
		result = run_all(r, out, lead);
	}
	for (unsigned i = 0; i < started; i++)
		pthread_join(r->threads[i].id, NULL);
	for (size_t i = 0; i < pl->nslots; i++)
		fbuffer_release(&pl->slots[i].text);
	pthread_cond_destroy(&pl->done);
	pthread_cond_destroy(&pl->work);
	pthread_mutex_destroy(&pl->lock);
	free(pl->slots);
	free(r->threads);
	return result;
}

int jobs_format(struct jobs *j, const char *name, int fd, struct fbuffer *out,
		enum exit_status *status)
{
	struct stat st;

	/* the input's comments and blank lines are placed by one thread */
	if (j->off || format_places(j->opt) || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	off_t start = lseek(fd, 0, SEEK_CUR);
	if (start < 0 || st.st_size <= start)
		return 0;
	size_t size = (size_t)(st.st_size - start);
	unsigned threads = threads_for(j, size);
	if (threads <= 1)
		return 0;

	/* mapped from the page that holds `start` */
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t lead = (size_t)start % page;
	void *map = mmap(NULL, size + lead, PROT_READ, MAP_PRIVATE, fd, start - (off_t)lead);
	if (map == MAP_FAILED)
		return 0;
	const unsigned char *in = (const unsigned char *)map + lead;

	struct run r;
	memset(&r, 0, sizeof r);
	cutter_init(&r.cut, in, size);
	r.block = chunk_size(j, size, threads);
	r.nthreads = threads;
	/* one value that does not split: one thread, having lost little */
	size_t first = size > r.block ?
		cutter_next(&r.cut, r.block, r.block * JOBS_FIRST_CUT_CHUNKS + FIRST_CUT_SLACK) : size;
	if (first == SPLIT_NOT_YET || first >= size)
		goto one_thread;
	cutter_scan_from(&r.cut, 0);

	r.pool.input = (struct job_input){ j->opt, name, in, fd, start, r.cut.seq };
	madvise(map, size + lead, MADV_SEQUENTIAL);

	/* What went before this input is out; this input starts here. */
	fbuffer_flush(out);
	unsigned long long written = out->written;
	char last = out->last;
	out->crlf = j->opt->eol == EOL_CRLF || (j->opt->eol == EOL_AUTO && cutter_first_line_crlf(&r.cut));

	int result = run_threads(&r, out, lead);
	munmap(map, size + lead);
	if (result < 0) {
		fbuffer_rewind(out, written, last);
		lseek(fd, start, SEEK_SET);
		return 0;
	}
	lseek(fd, 0, SEEK_END);
	*status = EXIT_OK;
	return 1;

one_thread:
	munmap(map, size + lead);
	return 0;
}
