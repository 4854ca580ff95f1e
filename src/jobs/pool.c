/* pool.c - the threads of jfmt -j: cutting ahead, handing out, formatting
 * and writing in turn.  See pool.h. */
#include "jobs/pool.h"

#include <stdlib.h>

#include "base/alloc.h"
#include "jobs/plan.h"

/* Put the chunks cut into the slots free, while the run goes on. */
static void hand_out(struct pool *pl)
{
	while (!pl->end && pl->handed < pl->cut && pl->handed - pl->written < pl->nslots) {
		const struct cut *k = &pl->cuts[pl->handed % pl->ncuts];
		struct chunk *c = &pl->slots[pl->handed % pl->nslots];
		c->from = k->from;
		c->to = k->to;
		c->kind = k->kind;
		c->done = c->ok = 0;
		pl->handed++;
		pthread_cond_signal(&pl->work);
	}
}

/* Write out the chunks formatted, in order, from the first not written
 * on, the lock held (and let go of while a piece is written).  Ends the
 * run (pl->end) at a chunk that failed, at a file that grew (the last
 * chunk is left to one thread) and at an output that failed. */
static void write_turn(struct run *r)
{
	struct pool *pl = &r->pool;

	pl->writing = 1;
	while (!pl->end && !pl->stop && pl->written < pl->handed) {
		struct chunk *c = &pl->slots[pl->written % pl->nslots];
		if (!c->done)
			break;
		if (!c->ok) {
			pl->end = -1;
			break;
		}
		/* Its last value may go on in what was added (a number, a
		 * comment), or a blank line stand after it: the one thread
		 * reads on from this chunk's start, as it would have */
		if (c->to == r->order.size && order_grown(&r->order)) {
			r->rest = c->from;
			pl->end = POOL_GROWN;
			break;
		}
		pthread_mutex_unlock(&pl->lock);
		order_write(&r->order, c);
		pthread_mutex_lock(&pl->lock);
		pl->written++;
		if (r->order.out->error)
			pl->end = 1;
		hand_out(pl);
	}
	pl->writing = 0;
	pthread_cond_signal(&pl->done);         /* the calling thread may cut on */
}

/* A thread's turn, the lock held: write what is formatted in order if
 * no thread does, else format the next chunk handed out.  Returns 0 if
 * there was nothing to do. */
static int take_turn(struct run *r, struct worker *w)
{
	struct pool *pl = &r->pool;

	if (pl->end)
		return 0;
	if (!pl->writing && pl->written < pl->handed && pl->slots[pl->written % pl->nslots].done) {
		write_turn(r);
		return 1;
	}
	if (pl->claimed == pl->handed)
		return 0;
	struct chunk *c = &pl->slots[pl->claimed % pl->nslots];
	pl->claimed++;
	pthread_mutex_unlock(&pl->lock);
	worker_format(w, c);
	pthread_mutex_lock(&pl->lock);
	c->done = 1;
	pthread_cond_signal(&pl->done);
	return 1;
}

/* A thread of the pool: its turns, until the pool stops. */
static void *thread_main(void *arg)
{
	struct thread *t = arg;
	struct pool *pl = &t->run->pool;

	pthread_mutex_lock(&pl->lock);
	while (!pl->stop)
		if (!take_turn(t->run, &t->w))
			pthread_cond_wait(&pl->work, &pl->lock);
	pthread_mutex_unlock(&pl->lock);
	worker_release(&t->w);
	return NULL;
}

/* Cut the next chunk, from r->next on, and add it to those cut. */
static void cut_next(struct run *r)
{
	struct pool *pl = &r->pool;
	size_t n = r->cut.size;
	size_t at = n;

	if (n - r->next > r->block) {
		size_t end = r->next + r->block;
		at = r->next == 0 && r->first ? r->first : cutter_next(&r->cut, end, SIZE_MAX);
		r->first = 0;
		if (r->cut.lines && at < n)
			r->block = plan_grow(r->block, at - end, r->block_max);
		if (at < n && !r->cut.array && cutter_blank_from(&r->cut, at))
			at = n;
		/* an array's last chunk, with its end, is never empty: the
		 * input may end at the comma, and the array with it */
		if (r->cut.array && at + 1 == n)
			at = n;
	}
	struct cut k = { r->next, at, CHUNK_STREAM };
	if (r->cut.array)
		k.kind = k.from == 0 ? CHUNK_HEAD : at == n ? CHUNK_TAIL : CHUNK_INSIDE;
	/* an array's comma belongs to neither side */
	r->next = at < n && r->cut.array ? at + 1 : at;
	pthread_mutex_lock(&pl->lock);
	pl->cuts[pl->cut % pl->ncuts] = k;
	pl->cut++;
	hand_out(pl);
	pthread_mutex_unlock(&pl->lock);
}

/* A chunk of a stream cut at newlines failed: if it is broken, so is the
 * input, but it may only end inside a value.  The chunks from it on are
 * dropped (once the threads are done with them) and cut again by the
 * scan, from its start, which is right.  Returns 0, or -1 if the scan
 * was cutting already.  The lock is held, no thread writes, and none
 * takes a chunk while pl->end says the run ends. */
static int cut_again(struct run *r)
{
	struct pool *pl = &r->pool;

	if (!r->cut.lines)
		return -1;
	while (pl->claimed < pl->handed)        /* take back what no one took */
		pl->handed--;
	for (size_t i = pl->written; i < pl->handed; i++)
		while (!pl->slots[i % pl->nslots].done)
			pthread_cond_wait(&pl->done, &pl->lock);
	for (size_t i = pl->written; i < pl->handed; i++)
		pl->slots[i % pl->nslots].text.len = pl->slots[i % pl->nslots].text.committed = 0;
	r->next = pl->slots[pl->written % pl->nslots].from;
	pl->cut = pl->handed = pl->claimed = pl->written;
	pl->end = 0;
	r->cut.lines = 0;
	r->first = 0;
	cutter_scan_from(&r->cut, r->next);
	return 0;
}

int pool_run(struct run *r, struct fbuffer *out, size_t lead)
{
	struct pool *pl = &r->pool;
	size_t ahead = POOL_CUT_AHEAD * pl->nslots;
	int result = 0;

	r->order.out = out;
	r->order.in = r->cut.in;
	r->order.size = r->cut.size;
	r->order.fd = pl->input.fd;
	r->order.base = pl->input.base;
	r->order.lead = lead;
	pthread_mutex_lock(&pl->lock);
	pl->end = 0;
	for (;;) {
		if (pl->end) {
			if (pl->writing) {
				pthread_cond_wait(&pl->done, &pl->lock);
				continue;
			}
			if (pl->end < 0 && cut_again(r) == 0)
				continue;
			result = pl->end;
			break;
		}
		if (r->next >= r->cut.size && pl->written == pl->cut)
			break;
		/* cutting first: the other threads hand out what is cut */
		if (r->next < r->cut.size && pl->cut - pl->written < ahead) {
			pthread_mutex_unlock(&pl->lock);
			cut_next(r);
			pthread_mutex_lock(&pl->lock);
			continue;
		}
		if (!take_turn(r, &r->threads[0].w))
			pthread_cond_wait(&pl->done, &pl->lock);
	}
	pthread_mutex_unlock(&pl->lock);
	if (result == 0)        /* (an array's end writes them: none) */
		order_write_held(&r->order);
	return result;
}

/* Stop the `started` threads of r; free the pool. */
static void teardown(struct run *r, unsigned started)
{
	struct pool *pl = &r->pool;

	pthread_mutex_lock(&pl->lock);
	pl->stop = 1;
	pthread_cond_broadcast(&pl->work);
	pthread_mutex_unlock(&pl->lock);
	for (unsigned i = 1; i <= started; i++)
		pthread_join(r->threads[i].id, NULL);
	worker_release(&r->threads[0].w);
	for (size_t i = 0; i < pl->nslots; i++)
		fbuffer_release(&pl->slots[i].text);
	order_drop_held(&r->order);
	pthread_cond_destroy(&pl->done);
	pthread_cond_destroy(&pl->work);
	pthread_mutex_destroy(&pl->lock);
	free(pl->cuts);
	free(pl->slots);
	free(r->threads);
}

unsigned pool_start(struct run *r)
{
	struct pool *pl = &r->pool;
	unsigned started = 0;

	pl->nslots = (size_t)r->nthreads * JOBS_SLOTS_PER_JOB;
	pl->slots = xrealloc(NULL, pl->nslots * sizeof *pl->slots);
	pl->ncuts = POOL_CUT_AHEAD * pl->nslots;
	pl->cuts = xrealloc(NULL, pl->ncuts * sizeof *pl->cuts);
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
		t->run = r;
		worker_setup(&t->w, &pl->input, r->cut.array);
		if (i > 0 && pthread_create(&t->id, NULL, thread_main, t) != 0) {
			worker_release(&t->w);
			break;
		}
		started += i > 0;
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
