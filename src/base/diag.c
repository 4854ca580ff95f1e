/* diag.c - jfmt's messages on standard error, printed from here only.
 * See diag.h. */
#include "base/diag.h"

#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/quote.h"

/* A message of up to this many bytes is made on the stack. */
#define MESSAGE_STACK 1024

static const char prefix[] = "jfmt: ";

/* diag_name()'s quoted names, the oldest reused first. */
static char *names[DIAG_NAME_SLOTS];
static size_t next_name;

static struct {
	void (*fn)(void *ctx);
	void *ctx;
} before[DIAG_BEFORE_MAX];
static size_t nbefore;
/* Whether this thread registered them: only it runs them.  Another
 * (a -j worker running out of memory) does not own the output they
 * settle, which the first may be writing at that moment. */
static _Thread_local int owns_before;

/* diag_fatal(): a thread is ending the process; and whether it is this
 * one */
static atomic_int ending;
static _Thread_local int ending_here;

/* diag_mute(): per thread, whether messages are counted, and how many */
static _Thread_local int muted;
static _Thread_local unsigned long muted_count;

void diag_mute(int on)
{
	muted = on;
	muted_count = 0;
}

/* Whether the calling thread keeps its messages to itself: then this one
 * is counted.  Asked before diag_name(), whose slots are not the threads'
 * to share. */
static int counted(void)
{
	if (muted)
		muted_count++;
	return muted;
}

unsigned long diag_muted(void)
{
	return muted_count;
}

void diag_before(void (*fn)(void *ctx), void *ctx)
{
	owns_before = 1;
	if (nbefore < DIAG_BEFORE_MAX) {
		before[nbefore].fn = fn;
		before[nbefore].ctx = ctx;
		nbefore++;
	}
}

void diag_forget(void (*fn)(void *ctx), void *ctx)
{
	for (size_t i = 0; i < nbefore; i++) {
		if (before[i].fn == fn && before[i].ctx == ctx) {
			memmove(&before[i], &before[i + 1], (nbefore - i - 1) * sizeof before[0]);
			nbefore--;
			return;
		}
	}
}

/* Make way for a message, on the thread that registered the functions.
 * A function may print a message of its own only by accident (a write
 * error while it flushes, memory running out): it is not run again then. */
static void start_message(void)
{
	static int running;

	if (!running && owns_before) {
		running = 1;
		for (size_t i = 0; i < nbefore; i++)
			before[i].fn(before[i].ctx);
		running = 0;
	}
	fputs(prefix, stderr);
}

/* The formatted text, with what a terminal would act on masked. */
static void vmessage(const char *fmt, va_list ap)
{
	char stack[MESSAGE_STACK], *text = stack;
	va_list again;

	if (counted())
		return;
	va_copy(again, ap);
	int n = vsnprintf(stack, sizeof stack, fmt, ap);
	if (n >= (int)sizeof stack) {
		text = malloc((size_t)n + 1);
		if (text) {
			vsnprintf(text, (size_t)n + 1, fmt, again);
		} else {
			text = stack;           /* cut short */
			n = sizeof stack - 1;
		}
	}
	va_end(again);
	start_message();
	if (n > 0) {
		quote_mask(text, (size_t)n);
		fwrite(text, 1, (size_t)n, stderr);
	}
	fputc('\n', stderr);
	if (text != stack)
		free(text);
}

const char *diag_name(const char *name)
{
	size_t n = strlen(name);

	if (!quote_needed(name, n))
		return name;
	char *q = malloc(QUOTE_SIZE(n));
	if (!q)
		return "?";
	quote_c(q, name, n);
	free(names[next_name]);
	names[next_name] = q;
	next_name = (next_name + 1) % DIAG_NAME_SLOTS;
	return q;
}

void diag_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
}

void diag_out_of_memory(void)
{
	diag_fatal(EXIT_IO, "out of memory");
}

void diag_errno(const char *subject, int err)
{
	if (err == ENOMEM)
		diag_out_of_memory();
	if (counted())
		return;
	diag_error("%s: %s", diag_name(subject), strerror(err));
}

void diag_fatal(enum exit_status status, const char *fmt, ...)
{
	va_list ap;

	/* The first thread to end the process says why; any other (several
	 * -j workers running out of memory at once) waits for it to.  The
	 * same thread may come again, memory running out as its message is
	 * made way for: that message is then the one. */
	if (!ending_here && atomic_exchange(&ending, 1))
		for (;;)
			pause();
	ending_here = 1;
	muted = 0;
	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
	exit(status);
}

void diag_usage(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
	fputs("Try 'jfmt --help' for more information.\n", stderr);
	exit(EXIT_USAGE);
}

void diag_at(const char *name, unsigned long long line, unsigned long long col,
	     const char *msg, const struct diag_excerpt *ex)
{
	char caret[sizeof ex->text];
	size_t n = ex->caret < sizeof caret - 1 ? ex->caret : sizeof caret - 2;

	if (counted())
		return;
	diag_error("%s:%llu:%llu: %s", diag_name(name), line, col, msg);
	memset(caret, ' ', n);
	caret[n] = '^';
	fprintf(stderr, "    %.*s\n    %.*s\n", (int)ex->len, ex->text, (int)n + 1, caret);
}

void diag_status_line(const char *fmt, ...)
{
	va_list ap;

	fputs("\r\033[K", stderr);
	fputs(prefix, stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

void diag_clear_line(void)
{
	fputs("\r\033[K", stderr);
}
