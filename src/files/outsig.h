/* outsig.h - the temporary files that the fatal-signal handlers and
 * exit() remove, one for each thread that writes one, and blocking those
 * signals (for outfile.c); installing the handlers (for main). */
#ifndef JFMT_OUTSIG_H
#define JFMT_OUTSIG_H

#include <signal.h>

/**
 * Make the fatal signals that jfmt does not find ignored (SIGINT, SIGTERM,
 * SIGHUP, SIGALRM, SIGUSR1...) remove the temporary file being written
 * before jfmt dies of them, and do the same at exit(); ignore SIGXFSZ, so
 * that a file size limit is a write error (EFBIG).  Call once from main,
 * before any outfile_open() .
 */
void outfile_install_signal_handlers(void);

/**
 * Remove the named temporary files being written, if any, and let no
 * thread make another.  For paths that leave jfmt without exit() or a
 * handled signal (a re-raised SIGPIPE).
 */
void outfile_remove_pending(void);

/** Block the fatal signals, saving the old mask in `old`: a temporary
 * name is being made or renamed, which the removal of the temporary files
 * waits for (another thread's handler, exit()).  Nests. */
void outsig_block(sigset_t *old);

/** Restore the mask saved by outsig_block(). */
void outsig_unblock(const sigset_t *old);

/** From now on a fatal signal or exit() removes `name` in `dirfd`, the
 * calling thread's temporary file (a copy of the name is kept; dirfd
 * must stay open until cleared). */
void outsig_pending_set(int dirfd, const char *name);

/** Nothing of the calling thread's to remove any more. */
void outsig_pending_clear(void);

#endif
