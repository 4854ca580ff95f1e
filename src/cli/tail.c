/* tail.c - holding back the output's last newline.  See tail.h. */
#include "cli/tail.h"

#include "base/fbuffer.h"

/* The line end held back is the last t->held bytes of this. */
#define LINE_END_CRLF "\r\n"

void tail_init_fd(struct tail *t, int fd)
{
	*t = (struct tail){ .fd = fd, .keep = 1, .hold = 1 };
}

void tail_init_fn(struct tail *t, int (*out)(void *ctx, const char *p, size_t n), void *ctx)
{
	*t = (struct tail){ .fd = -1, .out = out, .out_ctx = ctx, .keep = 1, .hold = 1 };
}

/* Pass all of p[0..n) on; a write of 0 bytes counts as a full device. */
static int pass(struct tail *t, const char *p, size_t n)
{
	if (t->out)
		return n ? t->out(t->out_ctx, p, n) : 0;
	return write_all(t->fd, p, n, NULL);
}

int tail_write(void *tail, const char *p, size_t n)
{
	struct tail *t = tail;
	int err;

	if (n == 0)
		return 0;
	if (t->held && (err = pass(t, &LINE_END_CRLF[2 - t->held], (size_t)t->held)) != 0)
		return err;
	/* with --eol=crlf the buffer hands over CR LF together, never apart */
	t->held = !t->hold || p[n - 1] != '\n' ? 0 : n >= 2 && p[n - 2] == '\r' ? 2 : 1;
	t->keep = t->fresh = 1;
	return pass(t, p, n - (size_t)t->held);
}

void tail_settle(struct tail *t)
{
	int err = t->held ? pass(t, &LINE_END_CRLF[2 - t->held], (size_t)t->held) : 0;

	if (err && !t->error)
		t->error = err;
	t->held = 0;
}

int tail_finish(struct tail *t)
{
	int err = t->held && t->keep ? pass(t, &LINE_END_CRLF[2 - t->held], (size_t)t->held) : 0;

	t->held = 0;
	return t->error ? t->error : err;
}
