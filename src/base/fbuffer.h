/* fbuffer.h - the output buffer: every byte jfmt writes goes through here.
 *
 * A struct fbuffer collects appended bytes in one block of memory.  It has
 * three modes, chosen at init:
 *
 *  - bound to a file descriptor (fbuffer_init_fd()): the block is the
 *    caller's, of a fixed size, and is flushed with write(2) when full.  It
 *    never grows; a request larger than the whole block is written straight
 *    through.  With fbuffer_hold(), each document is held back whole until
 *    fbuffer_commit() says it is complete, up to a bound past which it
 *    streams: a document that turns out invalid is then dropped unwritten
 *    (fbuffer_abandon()).  A document is a top-level value, or a whole
 *    input (fbuffer_hold_inputs()).
 *  - handing its bytes to a function (fbuffer_init_fn()): as bound to a
 *    file descriptor, holding included, but each flush calls the function
 *    instead of write(2) (--check compares the output with the input).
 *  - in memory (fbuffer_init_mem()): the block is the buffer's own and grows
 *    as needed (an object held while its keys are sorted, a string's text).
 *
 * Appends check capacity inline with one comparison and call the out-of-line
 * fbuffer_make_room() only on the slow path.
 *
 * Bound to a descriptor or a function, it can write each line end as CR LF
 * (`crlf`): the bytes are translated as they are flushed, so that every
 * path that appends '\n' writes the same line ends.  (jfmt writes no raw
 * line end inside a string: JSON escapes it.)
 *
 * Write errors do not stop the caller at once: the first one is remembered in
 * `error` (an errno value), later output is dropped, and the caller checks
 * it with fbuffer_flush() once per input or at the end.
 *
 * A buffer without a block (`ptr` NULL: all zero bytes, or released) is
 * bound to nothing: fbuffer_settle(), fbuffer_abandon() and fbuffer_flush()
 * leave it alone.  A message may come at any time, memory running out
 * while the buffer is set up anew among them, and settles the output
 * before it is printed (diag.h): whatever state the buffer is in then
 * must be safe to settle.
 */
#ifndef JFMT_FBUFFER_H
#define JFMT_FBUFFER_H

#include <stddef.h>
#include <string.h>

struct fbuffer {
	char *ptr;      /* storage: `cap` bytes, the first `len` of them used */
	size_t len;
	size_t cap;
	int fd;         /* output descriptor, or -1 for the other modes */
	/* fbuffer_init_fn(): takes each flushed run of bytes; returns 0 or
	 * an errno value, kept in `error` */
	int (*out)(void *ctx, const char *p, size_t n);
	void *out_ctx;
	int error;      /* first write error (errno), 0 if none */
	int mem;        /* in memory: ptr was malloc'd by fbuffer, grows,
			 * and is freed by it */
	int heap;       /* bound to fd, holding: ptr is fbuffer's own */
	size_t hold_max;/* hold a document back up to this size; 0: never */
	size_t room;    /* bound to fd: the block's size; `cap` is less while
			 * holding, so that the slow path sees the bound */
	size_t committed; /* ptr[0..committed) holds complete documents */
	int streaming;  /* this document outgrew hold_max: part of it is out */
	int whole_inputs; /* holding: a document is a whole input, complete
			 * at fbuffer_commit_input() only (--single) */
	unsigned long long written; /* bytes handed to write(2) so far */
	char last;      /* the last byte flushed, '\n' before any */
	int crlf;       /* bound to fd or a function: each '\n' goes out as
			 * CR LF (--eol=crlf); off at init */
	unsigned long long skip; /* bytes out already: the next this many
			 * flushed are counted, not written (fbuffer_rewind()) */
#if defined(JFMT_DEBUG)
	size_t reserved;/* len may grow to this without a check */
#endif
};

#if defined(__GNUC__)
#define FB_LIKELY(x) __builtin_expect(!!(x), 1)
#define FB_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define FB_LIKELY(x) (x)
#define FB_UNLIKELY(x) (x)
#endif

/**
 * The widest copy made inline, without a call: short appends move a fixed
 * FBUFFER_COPY_WIDTH bytes whatever their length, so a padded source must
 * have that many bytes readable from where it starts, and the buffer that
 * much room free.  32 bytes hold a separator with its indentation, or a
 * number, or a short key; the inline copy is two 16-byte moves.
 */
#define FBUFFER_COPY_WIDTH 32

/*
 * JFMT_DEBUG builds check the rules that the fast paths rely on (room
 * reserved before it is written, bytes readable past a padded source) and
 * abort when one is broken: `make debug`.
 */
#if defined(JFMT_DEBUG)
#include <assert.h>
#define FB_ASSERT(x) assert(x)
#else
#define FB_ASSERT(x) ((void)0)
#endif

/* --- Life cycle --- */

/**
 * Bind `fb` to `fd` (>= 0), using the caller's `storage` of `cap` bytes,
 * which must outlive it.  Nothing is allocated, and nothing need be
 * released.
 */
void fbuffer_init_fd(struct fbuffer *fb, int fd, char *storage, size_t cap);

/**
 * As fbuffer_init_fd(), but each flush calls out(ctx, p, n) where
 * write(2) would be: it takes all n bytes, and returns 0 or an errno value.
 */
void fbuffer_init_fn(struct fbuffer *fb, int (*out)(void *ctx, const char *p, size_t n),
		     void *ctx, char *storage, size_t cap);

/**
 * Make `fb` an in-memory buffer that grows with malloc.  Release it with
 * fbuffer_release().
 */
void fbuffer_init_mem(struct fbuffer *fb);

/**
 * Free what `fb` allocated (an in-memory buffer's storage, or the block a
 * held document grew into); `fb` is empty and bound to nothing after it
 * (it no longer refers to the caller's storage, descriptor or function).
 */
void fbuffer_release(struct fbuffer *fb);

/* --- Holding documents back (fd mode) --- */

/**
 * From now on, hold each document back until fbuffer_commit(), up to
 * `max` bytes (the block grows to that, in memory of fbuffer's own); past
 * it, the document streams.  0 turns holding off.
 */
void fbuffer_hold(struct fbuffer *fb, size_t max);

/** The capacity while holding: the block, or the bound past what is
 * complete if that comes first (never less than len while holding). */
static inline size_t fbuffer_held_cap(const struct fbuffer *fb)
{
	return fb->room - fb->committed > fb->hold_max ? fb->committed + fb->hold_max : fb->room;
}

/**
 * With `on`, hold each input back whole rather than each value in it,
 * up to the same bound: fbuffer_commit() waits for fbuffer_commit_input().
 * For --single, where an input holding a second value is invalid whole.
 */
static inline void fbuffer_hold_inputs(struct fbuffer *fb, int on)
{
	fb->whole_inputs = on;
}

/** The input is complete: what is buffered may be written. */
static inline void fbuffer_commit_input(struct fbuffer *fb)
{
	fb->committed = fb->len;
	fb->streaming = 0;
	if (fb->hold_max)
		fb->cap = fbuffer_held_cap(fb);
}

/** A document (a top-level value) is complete: what is buffered may be
 * written, unless whole inputs are held (fbuffer_hold_inputs()). */
static inline void fbuffer_commit(struct fbuffer *fb)
{
	if (!fb->whole_inputs)
		fbuffer_commit_input(fb);
}

/** Write out the complete documents held (the caller may wait now). */
void fbuffer_flush_committed(struct fbuffer *fb);

/**
 * Before a message about the current document: write out what is
 * complete, and if part of the current document is out already, the rest
 * that is buffered and a newline to end its line, so that the message
 * comes after all of it, on a line of its own.
 */
void fbuffer_settle(struct fbuffer *fb);

/**
 * The current document is abandoned (invalid): drop what is held of it
 * (in memory, all of it); if part of it was written, end its line.
 * Returns 1 if part was written.
 */
int fbuffer_abandon(struct fbuffer *fb);

/**
 * Write out everything buffered.  Returns 0, or the first write error (an
 * errno value) seen since init.  For an in-memory buffer it does nothing.
 */
int fbuffer_flush(struct fbuffer *fb);

/**
 * Write all of buf[0..n) to `fd`, going on after a short write or EINTR;
 * a write of 0 bytes counts as a full device (ENOSPC), as it would
 * otherwise loop forever.  Returns 0 or an errno value; adds what was
 * written to *written (may be NULL).  The buffer's own writes, and the
 * few made past it, all go through here.
 */
int write_all(int fd, const void *buf, size_t n, unsigned long long *written);

/**
 * Go back to where the output stood when fb->written was `written` and
 * the last byte flushed `last`, everything buffered then being written
 * out: what is buffered now is dropped, and as the same bytes are
 * appended again, those written since are counted, not written twice.
 * For formatting an input again from its start (jobs.h).
 */
void fbuffer_rewind(struct fbuffer *fb, unsigned long long written, char last);

/* --- Slow path (out of line) --- */

/**
 * Make room for `n` more bytes: flush (fd mode) or grow (memory mode).
 * In fd mode, if `n` exceeds the whole block it may leave less room than
 * asked; fbuffer_append() handles that case by writing through.
 */
void fbuffer_make_room(struct fbuffer *fb, size_t n);

/** Write `n` bytes straight to the descriptor, after what is buffered. */
void fbuffer_write_through(struct fbuffer *fb, const char *p, size_t n);

/* --- Appending --- */

/** Room left before the next flush or growth. */
static inline size_t fbuffer_avail(const struct fbuffer *fb)
{
	return fb->cap - fb->len;
}

/** Bytes appended since init: those written out and those buffered. */
static inline unsigned long long fbuffer_total(const struct fbuffer *fb)
{
	return fb->written + fb->len;
}

/**
 * Ensure `n` bytes can be written at fbuffer_cursor() without another check.
 * `n` must not exceed FBUFFER_MAX_RESERVE (nor the block, in fd mode).
 */
#define FBUFFER_MAX_RESERVE 4096

/** Whether `n` bytes may be reserved at once (else append them). */
static inline int fbuffer_can_reserve(const struct fbuffer *fb, size_t n)
{
	return n <= FBUFFER_MAX_RESERVE && (fb->mem || n <= fb->room);
}

static inline void fbuffer_reserve(struct fbuffer *fb, size_t n)
{
	FB_ASSERT(fbuffer_can_reserve(fb, n));
	if (FB_UNLIKELY(n > fb->cap - fb->len))
		fbuffer_make_room(fb, n);
#if defined(JFMT_DEBUG)
	fb->reserved = fb->len + n;
#endif
}

/** Where reserved bytes are written; commit them with fbuffer_advance(). */
static inline char *fbuffer_cursor(struct fbuffer *fb)
{
	return fb->ptr + fb->len;
}

static inline void fbuffer_advance(struct fbuffer *fb, size_t n)
{
	FB_ASSERT(n <= fb->cap - fb->len);
	fb->len += n;
}

/** Append one byte to reserved room. */
static inline void fbuffer_put_reserved_char(struct fbuffer *fb, char c)
{
#if defined(JFMT_DEBUG)
	FB_ASSERT(fb->len < fb->reserved);
#endif
	fb->ptr[fb->len++] = c;
}

/** Append `n` bytes to reserved room. */
static inline void fbuffer_put_reserved(struct fbuffer *fb, const char *p, size_t n)
{
#if defined(JFMT_DEBUG)
	FB_ASSERT(n <= fb->reserved - fb->len);
#endif
	memcpy(fb->ptr + fb->len, p, n);
	fb->len += n;
}

static inline void fbuffer_append(struct fbuffer *fb, const char *p, size_t n)
{
	if (FB_UNLIKELY(n > fb->cap - fb->len)) {
		fbuffer_make_room(fb, n);
		if (n > fb->cap - fb->len) {
			fbuffer_write_through(fb, p, n);
			return;
		}
	}
	memcpy(fb->ptr + fb->len, p, n);
	fb->len += n;
}

/* Copy n <= FBUFFER_COPY_WIDTH bytes without a call: two overlapping moves cover any length
 * in a power-of-two range. */
static inline void fbuffer_copy_small(char *d, const char *s, size_t n)
{
	if (n >= 16) {
		char a[16], b[16];
		memcpy(a, s, 16);
		memcpy(b, s + n - 16, 16);
		memcpy(d, a, 16);
		memcpy(d + n - 16, b, 16);
	} else if (n >= 8) {
		unsigned long long a, b;
		memcpy(&a, s, 8);
		memcpy(&b, s + n - 8, 8);
		memcpy(d, &a, 8);
		memcpy(d + n - 8, &b, 8);
	} else if (n >= 4) {
		unsigned a, b;
		memcpy(&a, s, 4);
		memcpy(&b, s + n - 4, 4);
		memcpy(d, &a, 4);
		memcpy(d + n - 4, &b, 4);
	} else if (n > 0) {
		d[0] = s[0];
		d[n / 2] = s[n / 2];
		d[n - 1] = s[n - 1];
	}
}

/* Copy s[0..n) as whole FBUFFER_COPY_WIDTH slices: n rounded up to a
 * slice (one slice at least) is read and written.  For runs of indentation,
 * copied from a prebuilt run with the slack. */
static inline void fbuffer_copy_slices(char *d, const char *s, size_t n)
{
	memcpy(d, s, FBUFFER_COPY_WIDTH);
	for (size_t k = FBUFFER_COPY_WIDTH; FB_UNLIKELY(k < n); k += FBUFFER_COPY_WIDTH)
		memcpy(d + k, s + k, FBUFFER_COPY_WIDTH);
}

/**
 * Append bytes that are usually short (numbers, punctuation, indentation):
 * up to FBUFFER_COPY_WIDTH bytes are copied inline.
 */
static inline void fbuffer_append_short(struct fbuffer *fb, const char *p, size_t n)
{
	if (FB_LIKELY(n <= FBUFFER_COPY_WIDTH && FBUFFER_COPY_WIDTH <= fb->cap - fb->len)) {
		fbuffer_copy_small(fb->ptr + fb->len, p, n);
		fb->len += n;
		return;
	}
	fbuffer_append(fb, p, n);
}

/**
 * Append `n` bytes from `p`, where FBUFFER_COPY_WIDTH bytes can be read
 * even if `n` is smaller: short appends then copy that fixed width, without
 * branching on the length.
 */
static inline void fbuffer_append_padded(struct fbuffer *fb, const char *p, size_t n)
{
	if (FB_LIKELY(n <= FBUFFER_COPY_WIDTH && FBUFFER_COPY_WIDTH <= fb->cap - fb->len)) {
		memcpy(fb->ptr + fb->len, p, FBUFFER_COPY_WIDTH);
		fb->len += n;
		return;
	}
	fbuffer_append(fb, p, n);
}

static inline void fbuffer_append_char(struct fbuffer *fb, char c)
{
	if (FB_UNLIKELY(fb->len == fb->cap))
		fbuffer_make_room(fb, 1);
	fb->ptr[fb->len++] = c;
}

/** Whether the output so far is empty or ends with a newline. */
static inline int fbuffer_at_line_start(const struct fbuffer *fb)
{
	return (fb->len > 0 ? fb->ptr[fb->len - 1] : fb->last) == '\n';
}

/** Append `c` repeated `n` times. */
void fbuffer_append_repeat(struct fbuffer *fb, char c, size_t n);

#endif
