/* tail.h - the output's last newline (LF or CR LF), held back: written when more output
 * follows it, or at the end if the file whose output it ends asks for a
 * final newline (.editorconfig's insert_final_newline = false does not).
 *
 * A struct tail stands between the output buffer (fbuffer_init_fn(), with
 * tail_write()) and where the bytes go: a file descriptor, or a function
 * such as --check's comparison.  It holds back at most one byte, so it
 * costs nothing but a call per flush.
 */
#ifndef JFMT_TAIL_H
#define JFMT_TAIL_H

#include <stddef.h>

struct tail {
	int fd;                 /* write(2) here, if out is NULL */
	int (*out)(void *ctx, const char *p, size_t n);
	void *out_ctx;
	int held;               /* a line end is held back: 1 ("\n") or 2
				 * ("\r\n", --eol=crlf) bytes */
	int keep;               /* ... and is written at the end */
	int fresh;              /* bytes went through since tail_file_start() */
	int hold;               /* the file's output may drop its final
				 * newline: hold the last line end back */
	int error;              /* tail_settle()'s write error, or 0 */
};

/** Pass bytes on to `fd`. */
void tail_init_fd(struct tail *t, int fd);

/** Pass bytes on to out(ctx, p, n), which returns 0 or an errno value. */
void tail_init_fn(struct tail *t, int (*out)(void *ctx, const char *p, size_t n),
		  void *ctx);

/** fbuffer_init_fn()'s function: returns 0 or an errno value. */
int tail_write(void *tail, const char *p, size_t n);

/** A file's output starts; `hold`: it may drop its final newline (else
 * every line goes out whole, at once, as a log followed needs). */
static inline void tail_file_start(struct tail *t, int hold)
{
	t->fresh = 0;
	t->hold = hold;
}

/** The file's output has all gone through: its final newline, if it is the
 * last one held back at the end, is dropped. */
static inline void tail_drop_final(struct tail *t)
{
	if (t->fresh)
		t->keep = 0;
}

/** Before a message: the line end held back goes out now, so that the
 * message comes after the line it ends (a write error is kept for
 * tail_finish()). */
void tail_settle(struct tail *t);

/** The end of all output: the newline held back is written unless
 * dropped.  Returns 0, or an errno value (the first since init). */
int tail_finish(struct tail *t);

#endif
