/* outsig.c - the fatal signals while -o or -i write: the named temporary
 * files that a handler (or exit()) must remove, and the set of signals
 * blocked while a temporary name is made and renamed.  See outsig.h and
 * outfile.h.
 *
 * Several threads may each write a file of their own (-i on several
 * inputs at once): each has a slot for its temporary name.  A thread
 * between outsig_block() and outsig_unblock() is making or renaming one;
 * the handler on another thread waits for it to be through, so that what
 * it removes is all there is, and none is made after. */
#include "files/outsig.h"

#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Threads that may write a temporary file at once: the most that -j
 * takes (256, jobs/plan.h), and the calling thread. */
#define PENDING_SLOTS 260

static struct pending {
	volatile sig_atomic_t have;
	int dirfd;
	char name[NAME_MAX + 1];
} pending[PENDING_SLOTS];
static atomic_int slots_used;
static _Thread_local int my_slot = -1;

/* Threads between outsig_block() and outsig_unblock() (this thread's
 * depth of them: they nest); and set once the temporary files are being
 * removed, for good. */
static atomic_int busy;
static _Thread_local int depth;
static atomic_int dying;

static sigset_t fatal_set;      /* filled by outfile_install_signal_handlers */

/* Fatal by default and sent from outside, so worth a clean-up; and
 * SIGBUS, which -j's mapping of an input raises if another program
 * truncates the file while it is read. */
static const int fatal_signals[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2,
	SIGVTALRM, SIGPROF, SIGXCPU, SIGIO, SIGPWR, SIGABRT, SIGBUS,
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
};

/* This thread's slot. */
static struct pending *slot(void)
{
	if (my_slot < 0) {
		my_slot = atomic_fetch_add(&slots_used, 1);
		if (my_slot >= PENDING_SLOTS)   /* (shared, as one was) */
			my_slot = PENDING_SLOTS - 1;
	}
	return &pending[my_slot];
}

/* Remove every temporary file, once no thread is making or renaming
 * one; no thread makes one after (async-signal-safe). */
static void remove_all(void)
{
	const struct timespec tick = { 0, 100000 };
	int used = atomic_load(&slots_used);

	atomic_store(&dying, 1);
	while (atomic_load(&busy) > (depth > 0))       /* (but this thread) */
		nanosleep(&tick, NULL);
	for (int i = 0; i < used && i < PENDING_SLOTS; i++) {
		if (pending[i].have)
			unlinkat(pending[i].dirfd, pending[i].name, 0);
		pending[i].have = 0;
	}
}

static void on_fatal_signal(int sig)
{
	remove_all();
	signal(sig, SIG_DFL);
	raise(sig);             /* delivered when the handler returns */
}

/* (sigprocmask() sets the calling thread's mask, as pthread_sigmask()
 * does, on Linux: the one jfmt runs on, memfd and O_TMPFILE being its) */
void outsig_block(sigset_t *old)
{
	sigprocmask(SIG_BLOCK, &fatal_set, old);
	if (depth++ > 0)
		return;
	atomic_fetch_add(&busy, 1);
	if (atomic_load(&dying)) {      /* jfmt is ending: make nothing */
		atomic_fetch_sub(&busy, 1);
		for (;;)
			pause();
	}
}

void outsig_unblock(const sigset_t *old)
{
	if (--depth == 0)
		atomic_fetch_sub(&busy, 1);
	sigprocmask(SIG_SETMASK, old, NULL);
}

void outsig_pending_set(int dirfd, const char *name)
{
	struct pending *p = slot();
	sigset_t old;

	outsig_block(&old);
	snprintf(p->name, sizeof p->name, "%s", name);
	p->dirfd = dirfd;
	p->have = 1;
	outsig_unblock(&old);
}

void outsig_pending_clear(void)
{
	struct pending *p = slot();
	sigset_t old;

	outsig_block(&old);
	p->have = 0;
	outsig_unblock(&old);
}

void outfile_remove_pending(void)
{
	sigset_t old;

	sigprocmask(SIG_BLOCK, &fatal_set, &old);
	remove_all();
	sigprocmask(SIG_SETMASK, &old, NULL);
}

void outfile_install_signal_handlers(void)
{
	struct sigaction sa, was;
	size_t n = sizeof fatal_signals / sizeof fatal_signals[0];

	sigemptyset(&fatal_set);
	for (size_t i = 0; i < n; i++)
		sigaddset(&fatal_set, fatal_signals[i]);
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		sigaddset(&fatal_set, sig);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal_signal;
	sa.sa_mask = fatal_set;
	for (int sig = 1; sig <= SIGRTMAX; sig++) {
		/* One that jfmt was started with ignored (nohup) stays so. */
		if (sigismember(&fatal_set, sig) == 1 &&
		    sigaction(sig, NULL, &was) == 0 && was.sa_handler != SIG_IGN)
			sigaction(sig, &sa, NULL);
	}
	signal(SIGXFSZ, SIG_IGN);       /* over the size limit: EFBIG */
	atexit(outfile_remove_pending);
}
