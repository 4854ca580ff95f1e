/* guard.c - a SIGBUS in a mapping the calling thread reads.  See
 * guard.h. */
#include "jobs/guard.h"

#include <pthread.h>
#include <signal.h>

static sigjmp_buf *guard_jump;
static const unsigned char *guard_from, *guard_to;
static pthread_t guard_thread;
static struct sigaction guard_before;

static void on_bus(int sig, siginfo_t *si, void *context)
{
	const unsigned char *at = si->si_addr;

	(void)sig;
	(void)context;
	if (guard_jump && at >= guard_from && at < guard_to &&
	    pthread_equal(pthread_self(), guard_thread))
		siglongjmp(*guard_jump, 1);
	sigaction(SIGBUS, &guard_before, NULL);
}

void shrink_guard(void *map, size_t len, sigjmp_buf *jump)
{
	if (jump) {
		struct sigaction sa = { .sa_sigaction = on_bus, .sa_flags = SA_SIGINFO };
		sigemptyset(&sa.sa_mask);
		guard_from = map;
		guard_to = guard_from + len;
		guard_thread = pthread_self();
		guard_jump = jump;
		sigaction(SIGBUS, &sa, &guard_before);
	} else {
		guard_jump = NULL;
		sigaction(SIGBUS, &guard_before, NULL);
	}
}
