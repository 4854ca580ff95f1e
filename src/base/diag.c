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

/* A message of up to this many bytes is made on the stack: a line of
 * text, or one with an excerpt and its caret (diag_at()). */
#define MESSAGE_STACK 2048

static const char prefix[] = "jfmt: ";

/* diag_name()'s quoted names, the oldest reused first: each thread's
 * own, as each makes its messages. */
static _Thread_local char *names[DIAG_NAME_SLOTS];
static _Thread_local size_t next_name;

/* diag_capture(): where this thread's messages go instead */
static _Thread_local const struct diag_capture *capture;

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

void diag_capture(const struct diag_capture *c)
{
	capture = c;
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
}

/* A message being made: on the stack, or past MESSAGE_STACK in memory of
 * its own; cut short if there is none (`cut`). */
struct text {
	char stack[MESSAGE_STACK];
	char *p;
	size_t len, cap;
	int cut;
};

static void text_init(struct text *t)
{
	t->p = t->stack;
	t->len = 0;
	t->cap = sizeof t->stack;
	t->cut = 0;
}

/* Room for n more bytes and a NUL; 0 if there is none (the text is cut). */
static int text_room(struct text *t, size_t n)
{
	if (t->cut)
		return 0;
	if (n < t->cap - t->len)
		return 1;
	size_t want = t->len + n + 1;
	char *q = t->p == t->stack ? malloc(want) : realloc(t->p, want);
	if (!q) {
		t->cut = 1;
		return 0;
	}
	if (t->p == t->stack)
		memcpy(q, t->stack, t->len);
	t->p = q;
	t->cap = want;
	return 1;
}

static void text_add(struct text *t, const char *s, size_t n)
{
	if (!text_room(t, n))
		return;
	memcpy(t->p + t->len, s, n);
	t->len += n;
}

/* The formatted text, with what a terminal would act on masked. */
static void text_format(struct text *t, const char *fmt, va_list ap)
{
	va_list again;

	va_copy(again, ap);
	int n = vsnprintf(t->p + t->len, t->cap - t->len, fmt, ap);
	if (n >= 0 && (size_t)n >= t->cap - t->len) {
		if (text_room(t, (size_t)n))
			vsnprintf(t->p + t->len, t->cap - t->len, fmt, again);
		else
			n = (int)(t->cap - t->len - 1);         /* cut short */
	}
	va_end(again);
	if (n > 0) {
		quote_mask(t->p + t->len, (size_t)n);
		t->len += (size_t)n;
	}
}

static void text_free(struct text *t)
{
	if (t->p != t->stack)
		free(t->p);
}

/* "jfmt: ", the formatted text and a newline. */
static void text_message(struct text *t, const char *fmt, va_list ap)
{
	text_init(t);
	text_add(t, prefix, sizeof prefix - 1);
	text_format(t, fmt, ap);
	t->p[t->len++] = '\n';         /* (text_room() kept room for it) */
}

/* Print a message made whole, in one write, or hand it over. */
static void emit(const char *text, size_t n)
{
	if (capture) {
		capture->message(capture->ctx, text, n);
		return;
	}
	start_message();
	fwrite(text, 1, n, stderr);
}

static void vmessage(const char *fmt, va_list ap)
{
	struct text t;

	if (counted())
		return;
	text_message(&t, fmt, ap);
	emit(t.p, t.len);
	text_free(&t);
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

void diag_thread_end(void)
{
	for (size_t i = 0; i < DIAG_NAME_SLOTS; i++) {
		free(names[i]);
		names[i] = NULL;
	}
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

/* The first thread to end the process says why; any other (several -j
 * workers running out of memory at once) waits for it to.  The same
 * thread may come again, memory running out as its message is made way
 * for: that message is then the one. */
static void end_here(void)
{
	if (!ending_here && atomic_exchange(&ending, 1))
		for (;;)
			pause();
	ending_here = 1;
	muted = 0;
}

void diag_fatal(enum exit_status status, const char *fmt, ...)
{
	struct text t;
	va_list ap;

	va_start(ap, fmt);
	text_message(&t, fmt, ap);
	va_end(ap);
	if (capture && capture->fatal) {
		/* another thread ends the process, in this message's turn */
		const struct diag_capture *c = capture;
		capture = NULL;
		c->fatal(c->ctx, status, t.p, t.len);
		for (;;)
			pause();
	}
	capture = NULL;
	end_here();
	start_message();
	fwrite(t.p, 1, t.len, stderr);
	exit(status);
}

void diag_relay(const char *text, size_t n)
{
	emit(text, n);
}

void diag_replay(const char *text, size_t n)
{
	start_message();
	fwrite(text, 1, n, stderr);
}

void diag_replay_fatal(enum exit_status status, const char *text, size_t n)
{
	capture = NULL;
	end_here();
	diag_replay(text, n);
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

/* Append a formatted line to t. */
static void text_line(struct text *t, const char *fmt, ...) DIAG_PRINTF(2, 3);
static void text_line(struct text *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !text_room(t, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(t->p + t->len, t->cap - t->len, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

void diag_at(const char *name, unsigned long long line, unsigned long long col,
	     const char *msg, const struct diag_excerpt *ex)
{
	char caret[sizeof ex->text];
	size_t n = ex->caret < sizeof caret - 1 ? ex->caret : sizeof caret - 2;
	struct text t;

	if (counted())
		return;
	text_init(&t);
	text_line(&t, "%s", prefix);
	size_t from = t.len;
	text_line(&t, "%s:%llu:%llu: %s", diag_name(name), line, col, msg);
	quote_mask(t.p + from, t.len - from);
	text_line(&t, "\n");
	memset(caret, ' ', n);
	caret[n] = '^';
	text_line(&t, "    %.*s\n    %.*s\n", (int)ex->len, ex->text, (int)n + 1, caret);
	if (t.len == 0 || t.p[t.len - 1] != '\n')     /* cut short */
		t.p[t.len++] = '\n';
	emit(t.p, t.len);
	text_free(&t);
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
