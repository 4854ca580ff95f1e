/* outsig.h - for outfile.c: the temporary file that the fatal-signal
 * handlers and exit() remove, and blocking those signals.  The handlers
 * themselves are installed by outfile_install_signal_handlers()
 * (outfile.h), which this module implements. */
#ifndef JFMT_OUTSIG_H
#define JFMT_OUTSIG_H

#include <signal.h>

/** Block the fatal signals, saving the old mask in `old`. */
void outsig_block(sigset_t *old);

/** Restore the mask saved by outsig_block(). */
void outsig_unblock(const sigset_t *old);

/** From now on a fatal signal or exit() removes `name` in `dirfd` (a
 * copy of the name is kept; dirfd must stay open until cleared). */
void outsig_pending_set(int dirfd, const char *name);

/** Nothing to remove any more. */
void outsig_pending_clear(void);

#endif
