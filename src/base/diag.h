/* diag.h - the one place that prints jfmt's messages on standard error.
 *
 * Every message is one line that starts "jfmt: ", says what went wrong
 * first and names its subject ("jfmt: FILE: reason").  A message about a
 * place in an input is "jfmt: FILE:LINE:COL: what", followed by the line
 * itself and a caret under the spot (diag_at()).
 *
 * A file name in a message goes through diag_name(), which quotes it as
 * git quotes paths when it holds control characters or bytes that are not
 * UTF-8 (quote.h); diag_errno() and diag_at() do so themselves.  Whatever
 * else a message holds, such bytes are printed as '?', as git does: no
 * message can move the cursor, retitle the window or clear the screen.
 *
 * Before anything is printed, the functions registered with diag_before()
 * run, in order: they clear a progress line and end a half-written line of
 * output on the same terminal, so that a message always starts on a line of
 * its own.  They run only for a message of the thread that registered
 * them, whose output they settle.
 *
 * A message may come from any thread (a -j worker's memory running out).
 * The first thread to call diag_fatal() is the one that says why the
 * process ends and ends it; another that calls it then waits for that.
 * Each message is written whole, with one write: two threads' messages
 * never mix their lines.
 *
 * A thread that formats one of several inputs ahead of its turn
 * (jobs/filepool.h) captures its messages (diag_capture()): each is made as
 * it would be printed and handed over, to be printed later in the order
 * of the inputs by the thread that writes the output (diag_replay()).
 */
#ifndef JFMT_DIAG_H
#define JFMT_DIAG_H

#include <stddef.h>

#include "base/status.h"

#if defined(__GNUC__)
#define DIAG_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define DIAG_PRINTF(f, a)
#endif

/** The most diag_before() functions that can be registered. */
#define DIAG_BEFORE_MAX 4

/**
 * Run fn(ctx) before each message of the calling thread from now on (at
 * most DIAG_BEFORE_MAX of them).  fn must not print a message itself; if
 * it does by accident (memory running out), the functions are not run
 * again for that one.
 */
void diag_before(void (*fn)(void *ctx), void *ctx);

/** Stop running fn(ctx) before messages. */
void diag_forget(void (*fn)(void *ctx), void *ctx);

/**
 * On the calling thread only, from now on (`on`) or no longer: messages
 * are counted instead of printed (diag_fatal() still prints).  A thread
 * that formats part of an input on speculation (jobs.h) mutes itself, and
 * the input is formatted again in one piece if it would have said anything.
 */
void diag_mute(int on);

/** How many messages the calling thread kept to itself (diag_mute()). */
unsigned long diag_muted(void);

/**
 * Where the calling thread's messages go instead of standard error: each
 * message whole, as it would be printed ("jfmt: ", its lines, each ended
 * by a newline), is handed to message(ctx, text, n), and the diag_before()
 * functions do not run.  A fatal one (diag_fatal(), memory running out)
 * goes to fatal(ctx, status, text, n) if that is not NULL, and the thread
 * then waits for the process to end: the thread that takes the message
 * in its turn ends it (diag_replay_fatal()).  With fatal NULL, diag_fatal()
 * prints and exits at once.  diag_capture(NULL) prints again.  The
 * functions may call diag_fatal() themselves (memory running out), not
 * diag_error().
 */
struct diag_capture {
	void (*message)(void *ctx, const char *text, size_t n);
	void (*fatal)(void *ctx, enum exit_status status, const char *text, size_t n);
	void *ctx;
};
void diag_capture(const struct diag_capture *c);

/** What a program jfmt ran wrote to its standard error, read back (--diff
 * on a worker): printed as it is, or captured as a message is. */
void diag_relay(const char *text, size_t n);

/** Print a message made by a thread that captured it, as it was made: the
 * diag_before() functions run first, as for any message.  Also for what
 * a program jfmt ran wrote to its standard error, in its turn. */
void diag_replay(const char *text, size_t n);

/** diag_replay(), then exit with `status`, as diag_fatal() does. */
_Noreturn void diag_replay_fatal(enum exit_status status, const char *text, size_t n);

/** A thread that made messages is ending: free what diag_name() keeps for
 * it. */
void diag_thread_end(void);

/** Print "jfmt: " and the formatted message, and a newline. */
void diag_error(const char *fmt, ...) DIAG_PRINTF(1, 2);

/** The most names diag_name() keeps at once. */
#define DIAG_NAME_SLOTS 4

/**
 * The file name `name` as messages show it: itself, or quoted (quote_c()).
 * A quoted form is kept until DIAG_NAME_SLOTS more names have been asked
 * for on the same thread, enough for one message; "?" if there is no
 * memory for it.
 */
const char *diag_name(const char *name);

/**
 * Print "jfmt: SUBJECT: " and the text of errno value `err`; SUBJECT is a
 * file name (or a program's), shown as diag_name() shows it.  But ENOMEM
 * is memory running out, which is out_of_memory() (alloc.h): "jfmt: out
 * of memory" and exit.
 */
void diag_errno(const char *subject, int err);

/** Report that memory ran out and exit EXIT_IO (alloc.h's
 *  out_of_memory(), and a system call's ENOMEM). */
_Noreturn void diag_out_of_memory(void);

/** diag_error(), then exit with `status`; but if another thread is
 * doing so already, wait for it to end the process. */
_Noreturn void diag_fatal(enum exit_status status, const char *fmt, ...) DIAG_PRINTF(2, 3);

/**
 * A misused command line: the message, then a line that points to
 * --help, and exit with EXIT_USAGE.
 */
_Noreturn void diag_usage(const char *fmt, ...) DIAG_PRINTF(1, 2);

/**
 * A place in an input: the text of the line around it, already made safe
 * to print (control bytes and broken UTF-8 shown as '?'), and the column of
 * the caret under it, counted in characters of `text`.
 */
struct diag_excerpt {
	char text[96 * 4];
	size_t len;
	size_t caret;
};

/** "jfmt: NAME:LINE:COL: MSG" (NAME as diag_name() shows it), then the
 * excerpt and its caret. */
void diag_at(const char *name, unsigned long long line, unsigned long long col,
	     const char *msg, const struct diag_excerpt *ex);

/**
 * The progress display's line: "jfmt: " and the formatted text, drawn over
 * the current terminal line (carriage return, clear to its end), without a
 * newline.  diag_clear_line() erases it.
 */
void diag_status_line(const char *fmt, ...) DIAG_PRINTF(1, 2);
void diag_clear_line(void);

#endif
