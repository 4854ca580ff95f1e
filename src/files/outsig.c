/* outsig.c - the fatal signals while -o or -i write: the one named
 * temporary file that a handler (or exit()) must remove, and the set of
 * signals blocked while a temporary name is made and renamed.  See
 * outsig.h and outfile.h. */
#include "files/outsig.h"

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t have_pending;
static int pending_dirfd = -1;
static char pending_name[NAME_MAX + 1];
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

static void on_fatal_signal(int sig)
{
	if (have_pending)
		unlinkat(pending_dirfd, pending_name, 0);
	signal(sig, SIG_DFL);
	raise(sig);             /* delivered when the handler returns */
}

void outsig_block(sigset_t *old)
{
	sigprocmask(SIG_BLOCK, &fatal_set, old);
}

void outsig_unblock(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

void outsig_pending_set(int dirfd, const char *name)
{
	sigset_t old;

	outsig_block(&old);
	snprintf(pending_name, sizeof pending_name, "%s", name);
	pending_dirfd = dirfd;
	have_pending = 1;
	outsig_unblock(&old);
}

void outsig_pending_clear(void)
{
	sigset_t old;

	outsig_block(&old);
	have_pending = 0;
	outsig_unblock(&old);
}

void outfile_remove_pending(void)
{
	sigset_t old;

	outsig_block(&old);
	if (have_pending)
		unlinkat(pending_dirfd, pending_name, 0);
	have_pending = 0;
	outsig_unblock(&old);
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
