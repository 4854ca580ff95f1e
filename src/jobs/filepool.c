/* filepool.c - several inputs on worker threads, written out in order.
 * See filepool.h. */
#include "jobs/filepool.h"

#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"

/* ThreadSanitizer follows descriptors as one table for the process: a
 * worker's table of its own (below) would look to it like races on the
 * same descriptors.  Under it the workers keep the shared table. */
#if defined(__SANITIZE_THREAD__)
#define JFMT_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define JFMT_TSAN 1
#endif
#endif
#ifndef JFMT_TSAN
#define JFMT_TSAN 0
#endif

/* Whether `sig` is one that a thread gets from its own faults, which it
 * keeps. */
static int fault(int sig)
{
	return sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGILL ||
		sig == SIGTRAP || sig == SIGSYS;
}

/* --- The calling thread's messages, captured --- */

static void calling_message(void *ctx, const char *text, size_t n)
{
	struct filepool *p = ctx;

	record_message(p->into, text, n);
}

/* --- A worker --- */

static void worker_message(void *ctx, const char *text, size_t n)
{
	struct filepool_thread *t = ctx;
	const struct filepool_ops *ops = t->pool->ops;

	ops->settle(ops->ctx, t->state);
	record_message(&t->slot->rec, text, n);
}

/* Memory ran out: the message is the slot's, to be said in its turn;
 * diag_fatal() then keeps this thread waiting for the end. */
static void worker_fatal(void *ctx, enum exit_status status, const char *text, size_t n)
{
	struct filepool_thread *t = ctx;
	struct filepool *p = t->pool;
	struct file_slot *s = t->slot;

	pthread_mutex_lock(&p->lock);
	s->fatal = 1;
	s->fatal_status = status;
	s->fatal_len = n < sizeof s->fatal_text ? n : sizeof s->fatal_text;
	memcpy(s->fatal_text, text, s->fatal_len);
	s->state = SLOT_DONE;
	pthread_cond_signal(&p->done);
	pthread_mutex_unlock(&p->lock);
}

/* Do slot s on thread t (a worker, or the calling thread helping): its
 * input, its messages captured into it; then mark it done. */
static void do_slot(struct filepool *p, struct filepool_thread *t, struct file_slot *s)
{
	if (!s->skip) {
		t->slot = s;
		diag_capture(&t->capture);
		p->ops->work(p->ops->ctx, &t->state, s);
		diag_capture(NULL);
	}
	atomic_store(&s->state, SLOT_DONE);
}

/* Take up to FILEPOOL_BATCH slots handed out, a fair share of those
 * waiting, into batch[] (lock held); how many. */
static size_t claim(struct filepool *p, struct file_slot **batch)
{
	size_t share = (p->published - p->claimed + p->nthreads - 1) / p->nthreads;
	size_t n = share < FILEPOOL_BATCH ? share : FILEPOOL_BATCH;

	for (size_t i = 0; i < n; i++)
		batch[i] = &p->slots[p->claimed++ % p->window];
	return n;
}

static int done(struct file_slot *s)
{
	return atomic_load(&s->state) == SLOT_DONE;
}

/* Whether the slots the calling thread waits for are done: from the
 * first not written out, up to p->wait_end. */
static int ready(struct filepool *p)
{
	for (size_t i = p->emitted; i < p->wait_end; i++)
		if (!done(&p->slots[i % p->window]))
			return 0;
	return 1;
}

static void *worker_main(void *arg)
{
	struct filepool_thread *t = arg;
	struct filepool *p = t->pool;
	struct file_slot *batch[FILEPOOL_BATCH];

	t->capture = (struct diag_capture){ worker_message, worker_fatal, t };
	/* A table of file descriptors of its own: a worker opens, reads and
	 * closes its inputs itself, and no descriptor passes between threads.
	 * In a table that threads share, each open and close takes its lock
	 * and each read counts a reference.  -r --check over 10,000 small
	 * files on two CPUs (30 runs, three rounds in turns): 61.5 ms of CPU
	 * time against 64.6, 34.5 ms against 36.1; a program that only opens,
	 * reads and closes them spends 20% more time in the kernel on two
	 * threads than on one, 9% with a table each. */
#if !JFMT_TSAN
	unshare(CLONE_FILES);
#endif
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (!p->stop && p->claimed == p->published) {
			p->idle++;
			pthread_cond_wait(&p->work, &p->lock);
			p->idle--;
		}
		if (p->claimed == p->published)         /* stopped */
			break;
		size_t n = claim(p, batch);
		pthread_mutex_unlock(&p->lock);
		for (size_t i = 0; i < n; i++)
			do_slot(p, t, batch[i]);
		pthread_mutex_lock(&p->lock);
		if (p->waiting && ready(p))
			pthread_cond_signal(&p->done);
	}
	pthread_mutex_unlock(&p->lock);
	if (t->state)
		p->ops->end(p->ops->ctx, t->state);
	diag_thread_end();
	return NULL;
}

/* --- The calling thread --- */

static void emit_ready(struct filepool *p);
static void wait_first(struct filepool *p, int help);

/* Memory ran out on the calling thread, doing a slot: the message is
 * the slot's, said in its turn, after the slots before it are written
 * out (emit_ready() ends the process there). */
static void calling_fatal(void *ctx, enum exit_status status, const char *text, size_t n)
{
	struct filepool_thread *t = ctx;
	struct filepool *p = t->pool;

	worker_fatal(ctx, status, text, n);
	p->ending = 1;                  /* no more slots done here */
	for (;;) {
		emit_ready(p);
		wait_first(p, 0);
	}
}

/* record_replay()'s function for records of messages alone. */
static int no_output(void *ctx, const char *text, size_t n)
{
	(void)ctx, (void)text, (void)n;
	return 0;
}

/* Hand the slots taken to the workers, and wake those idle. */
static void publish(struct filepool *p)
{
	if (p->published == p->taken)
		return;
	pthread_mutex_lock(&p->lock);
	p->published = p->taken;
	if (p->idle > 0)
		pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->lock);
}

/* Write out the slots done at the head of the window, in order. */
static void emit_ready(struct filepool *p)
{
	publish(p);     /* (the workers go on meanwhile) */
	while (p->emitted < p->taken) {
		struct file_slot *s = &p->slots[p->emitted % p->window];
		if (!done(s))
			return;
		record_replay(&s->pre, no_output, NULL);
		p->ops->emit(p->ops->ctx, s);
		if (s->fatal)
			diag_replay_fatal(s->fatal_status, s->fatal_text, s->fatal_len);
		atomic_store(&s->state, SLOT_FREE);
		p->emitted++;
	}
}

/* Wait until the first slot not written out is done, and with the
 * window full, half of it: the calling thread then writes a run of
 * slots out at each turn, not one (a wake-up costs more than a small
 * input's formatting).  Meanwhile, with `help`, it does the slots no
 * worker has taken yet, one at a time, as a worker does. */
static void wait_first(struct filepool *p, int help)
{
	size_t half = p->window / 2;

	publish(p);
	p->wait_end = p->emitted + (p->taken - p->emitted > half ? half : 1);
	pthread_mutex_lock(&p->lock);
	while (help && !p->ending && !ready(p) && p->claimed < p->published) {
		struct file_slot *s = &p->slots[p->claimed++ % p->window];
		pthread_mutex_unlock(&p->lock);
		do_slot(p, &p->self, s);
		pthread_mutex_lock(&p->lock);
	}
	p->waiting = 1;
	while (!ready(p))
		pthread_cond_wait(&p->done, &p->lock);
	p->waiting = 0;
	pthread_mutex_unlock(&p->lock);
}

unsigned filepool_start(struct filepool *p, unsigned threads, size_t window, void *data,
			size_t data_size, size_t output_max, const struct filepool_ops *ops)
{
	sigset_t all, old;

	memset(p, 0, sizeof *p);
	p->ops = ops;
	p->window = window;
	p->slots = xrealloc(NULL, p->window * sizeof *p->slots);
	for (size_t i = 0; i < p->window; i++) {
		struct file_slot *s = &p->slots[i];
		memset(s, 0, sizeof *s);
		record_init(&s->pre, 0);
		record_init(&s->rec, output_max);
		s->data = (unsigned char *)data + i * data_size;
	}
	record_init(&p->pending, 0);
	p->into = &p->pending;
	p->threads = xrealloc(NULL, threads * sizeof *p->threads);
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->done, NULL);
	/* The workers block the signals sent from outside (the faults
	 * stay theirs): a handler runs on the calling thread. */
	sigemptyset(&all);
	for (int sig = 1; sig < NSIG; sig++)
		if (!fault(sig))
			sigaddset(&all, sig);
	sigprocmask(SIG_BLOCK, &all, &old);
	for (unsigned i = 0; i < threads; i++) {
		struct filepool_thread *t = &p->threads[p->nthreads];
		memset(t, 0, sizeof *t);
		t->pool = p;
		if (pthread_create(&t->id, NULL, worker_main, t) != 0)
			break;
		p->nthreads++;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (p->nthreads == 0) {
		filepool_finish(p);
		return 0;
	}
	p->capture = (struct diag_capture){ calling_message, NULL, p };
	p->self = (struct filepool_thread){ .pool = p };
	p->self.capture = (struct diag_capture){ worker_message, calling_fatal, &p->self };
	diag_capture(&p->capture);
	return p->nthreads;
}

struct file_slot *filepool_take(struct filepool *p)
{
	diag_capture(NULL);
	if (p->taken > p->emitted && done(&p->slots[p->emitted % p->window]))
		emit_ready(p);
	while (p->taken - p->emitted == p->window) {
		wait_first(p, 1);
		emit_ready(p);
	}
	struct file_slot *s = &p->slots[p->taken % p->window];
	record_clear(&s->pre);
	record_clear(&s->rec);
	s->fatal = 0;
	s->skip = 0;
	record_swap(&s->pre, &p->pending);      /* what was said since the last */
	p->into = &s->pre;
	diag_capture(&p->capture);
	return s;
}

void filepool_submit(struct filepool *p, struct file_slot *s, int work)
{
	p->into = &p->pending;
	s->skip = !work;
	atomic_store(&s->state, SLOT_TODO);
	p->taken++;
	if (p->taken - p->published >= (size_t)FILEPOOL_BATCH * p->nthreads)
		publish(p);
}

void filepool_finish(struct filepool *p)
{
	diag_capture(NULL);
	for (;;) {
		emit_ready(p);
		if (p->emitted == p->taken)
			break;
		wait_first(p, 0);
	}
	pthread_mutex_lock(&p->lock);
	p->stop = 1;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->lock);
	for (unsigned i = 0; i < p->nthreads; i++)
		pthread_join(p->threads[i].id, NULL);
	if (p->self.state)
		p->ops->end(p->ops->ctx, p->self.state);
	record_replay(&p->pending, no_output, NULL);
	for (size_t i = 0; i < p->window; i++) {
		record_release(&p->slots[i].pre);
		record_release(&p->slots[i].rec);
	}
	record_release(&p->pending);
	pthread_cond_destroy(&p->done);
	pthread_cond_destroy(&p->work);
	pthread_mutex_destroy(&p->lock);
	free(p->threads);
	free(p->slots);
}
