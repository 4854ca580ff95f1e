/* diag.c - jfmt's messages on standard error, printed from here only.
 * See diag.h. */
#include "base/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char prefix[] = "jfmt: ";

static struct {
	void (*fn)(void *ctx);
	void *ctx;
} before[DIAG_BEFORE_MAX];
static size_t nbefore;

void diag_before(void (*fn)(void *ctx), void *ctx)
{
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

/* Make way for a message.  A function may print a message of its own only
 * by accident (a write error while it flushes): it is not run again then. */
static void start_message(void)
{
	static int running;

	if (running)
		return;
	running = 1;
	for (size_t i = 0; i < nbefore; i++)
		before[i].fn(before[i].ctx);
	running = 0;
	fputs(prefix, stderr);
}

static void vmessage(const char *fmt, va_list ap)
{
	start_message();
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void diag_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
}

void diag_errno(const char *subject, int err)
{
	diag_error("%s: %s", subject, strerror(err));
}

void diag_fatal(enum exit_status status, const char *fmt, ...)
{
	va_list ap;

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

	diag_error("%s:%llu:%llu: %s", name, line, col, msg);
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
