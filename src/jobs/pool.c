/* pool.c - the threads of jfmt -j, and handing out and writing in order.
 * See pool.h. */
#include "jobs/pool.h"

#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/readat.h"
#include "jobs/plan.h"

/* The input read is let go of this much at a time. */
#define LET_GO_STRIDE ((size_t)8 << 20)

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

/* Fill slot `c` with the next chunk. */
static void hand_out(struct run *r, struct chunk *c)
{
	size_t n = r->cut.size;
	size_t at = n;

	if (n - r->next > r->block) {
		size_t end = r->next + r->block;
		at = cutter_next(&r->cut, end, SIZE_MAX);
		if (r->cut.lines && at < n)
			r->block = plan_grow(r->block, at - end, r->block_max);
		if (at < n && !r->cut.array && cutter_blank_from(&r->cut, at))
			at = n;
		/* an array's last chunk, with its end, is never empty: the
		 * input may end at the comma, and the array with it */
		if (r->cut.array && at + 1 == n)
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

	if (!r->mapped)
		return;
	if (end - from < LET_GO_STRIDE && to < r->cut.size)
		return;         /* each call interrupts every CPU (TLB) */
	if (end > from)
		madvise((unsigned char *)r->cut.in - lead + from, end - from, MADV_DONTNEED);
	r->let_go = to;
}

/* Keep chunk c's piece of an array back in its text, which the slot
 * gives up for a new one.  Copied into the output's block instead, the
 * 4 MiB that --buffer-size holds by default took a fifth of the time of
 * jfmt -c on cjk_prose (4 MiB, two threads), on the thread that writes,
 * which all others wait for. */
static void hold_piece(struct run *r, struct chunk *c)
{
	r->held = xgrow_array(r->held, &r->held_cap, r->nheld + 1, sizeof *r->held);
	r->held[r->nheld++] = (struct held_piece){ c->text, c->cut_from, c->cut_to };
	r->held_len += c->cut_to - c->cut_from;
	fbuffer_init_mem(&c->text);
	fbuffer_make_room(&c->text, 2 * r->block);
}

/* Write out the pieces held (`out` no longer holds back), and free them. */
static void write_held(struct run *r, struct fbuffer *out)
{
	for (size_t i = 0; i < r->nheld; i++) {
		struct held_piece *h = &r->held[i];
		fbuffer_write_through(out, h->text.ptr + h->from, h->to - h->from);
		fbuffer_release(&h->text);
	}
	r->nheld = r->held_len = 0;
}

/* Free the pieces held, unwritten (the run failed). */
static void drop_held(struct run *r)
{
	for (size_t i = 0; i < r->nheld; i++)
		fbuffer_release(&r->held[i].text);
	free(r->held);
	r->held = NULL;
	r->nheld = r->held_cap = r->held_len = 0;
}

/* Chunk c's piece out, after what is buffered, or held back. */
static void write_piece(struct run *r, struct chunk *c, struct fbuffer *out)
{
	size_t n = c->cut_to - c->cut_from;

	/* Whole values, after whole values: out at once, as one thread
	 * would write them once each is complete, without a copy into the
	 * block that holds a value back. */
	if (c->kind == CHUNK_STREAM && out->len == out->committed)
		out->streaming = 1;
	/* An array's: held back while the array neither ends nor outgrows
	 * the bound, as the output would hold it; then out, with what was
	 * held, none of which the output needs to keep. */
	if (c->kind != CHUNK_STREAM && out->hold_max && !out->streaming &&
	    out->len == out->committed) {
		if (c->kind != CHUNK_TAIL && r->held_len + n <= out->hold_max) {
			hold_piece(r, c);
			return;
		}
		out->streaming = 1;
	}
	write_held(r, out);
	/* straight out unless the output holds it: a piece copied into
	 * the block that an array outgrew first cost a pass over the
	 * whole output */
	fbuffer_write_through(out, c->text.ptr + c->cut_from, n);
	if (c->kind == CHUNK_STREAM || c->kind == CHUNK_TAIL) {
		fbuffer_commit(out);
		fbuffer_flush_committed(out);
	}
	c->text.len = c->text.committed = 0;
}

/* Whether the file the input is read from has more than was cut: it
 * grew after its size was taken (a log being written to), and one
 * thread would have read on. */
static int grown(const struct run *r)
{
	const struct job_input *in = &r->pool.input;
	unsigned char b;

	return in->fd >= 0 && read_at(in->fd, &b, 1, in->base + (off_t)r->cut.size) > 0;
}

/* Write out the chunks formatted, in order; returns -1 when one failed,
 * POOL_GROWN when the last one is left to one thread. */
static int write_done(struct run *r, struct fbuffer *out, size_t lead)
{
	struct pool *pl = &r->pool;

	while (r->written < pl->handed) {
		struct chunk *c = &pl->slots[r->written % pl->nslots];
		if (!c->done)
			return 0;
		if (!c->ok)
			return -1;
		/* Its last value may go on in what was added (a number, a
		 * comment), or a blank line stand after it: the one thread
		 * reads on from this chunk's start, as it would have */
		if (c->to == r->cut.size && grown(r)) {
			r->rest = c->from;
			return POOL_GROWN;
		}
		pthread_mutex_unlock(&pl->lock);
		write_piece(r, c, out);
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

int pool_run(struct run *r, struct fbuffer *out, size_t lead)
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
	pthread_mutex_unlock(&pl->lock);
	if (result == 0)        /* (an array's end writes them: none) */
		write_held(r, out);
	return result;
}

static void *thread_run(void *arg)
{
	struct thread *t = arg;
	void *ret = thread_main(t);

	worker_release(&t->w);
	return ret;
}

/* Stop the `started` threads of r; free the pool. */
static void teardown(struct run *r, unsigned started)
{
	struct pool *pl = &r->pool;

	pthread_mutex_lock(&pl->lock);
	pl->stop = 1;
	pthread_cond_broadcast(&pl->work);
	pthread_mutex_unlock(&pl->lock);
	for (unsigned i = 0; i < started; i++)
		pthread_join(r->threads[i].id, NULL);
	for (size_t i = 0; i < pl->nslots; i++)
		fbuffer_release(&pl->slots[i].text);
	drop_held(r);
	pthread_cond_destroy(&pl->done);
	pthread_cond_destroy(&pl->work);
	pthread_mutex_destroy(&pl->lock);
	free(pl->slots);
	free(r->threads);
}

unsigned pool_start(struct run *r)
{
	struct pool *pl = &r->pool;
	unsigned started = 0;

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
	r->started = started;
	if (started == 0)
		teardown(r, 0);
	return started;
}

void pool_stop(struct run *r)
{
	if (r->started)
		teardown(r, r->started);
	r->started = 0;
}

