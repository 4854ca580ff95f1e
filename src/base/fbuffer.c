/* fbuffer.c - the slow paths of the output buffer: flushing and growing. */
#include "base/fbuffer.h"

#include "base/alloc.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void grow(struct fbuffer *fb, size_t n);

void fbuffer_init_fd(struct fbuffer *fb, int fd, char *storage, size_t cap)
{
	FB_ASSERT(fd >= 0 && storage != NULL);
	fb->ptr = storage;
	fb->len = 0;
	fb->cap = fb->room = cap;
	fb->fd = fd;
	fb->error = 0;
	fb->mem = fb->heap = 0;
	fb->hold_max = fb->committed = 0;
	fb->streaming = fb->whole_inputs = 0;
	fb->written = 0;
	fb->last = '\n';
	fb->crlf = 0;
	fb->skip = 0;
	fb->out = NULL;
	fb->out_ctx = NULL;
}

void fbuffer_init_fn(struct fbuffer *fb, int (*out)(void *ctx, const char *p, size_t n),
		     void *ctx, char *storage, size_t cap)
{
	fbuffer_init_fd(fb, 0, storage, cap);
	fb->fd = -1;
	fb->out = out;
	fb->out_ctx = ctx;
}

void fbuffer_init_mem(struct fbuffer *fb)
{
	memset(fb, 0, sizeof *fb);
	fb->fd = -1;
	fb->last = '\n';
	fb->mem = 1;
	grow(fb, 1);    /* never NULL, so that copies of 0 bytes are defined */
}

void fbuffer_release(struct fbuffer *fb)
{
	if (fb->mem || fb->heap)
		free(fb->ptr);
	fb->ptr = NULL;
	fb->len = fb->cap = fb->room = fb->committed = 0;
	fb->mem = fb->heap = 0;
	fb->hold_max = 0;
	fb->fd = -1;
	fb->out = NULL;
	fb->out_ctx = NULL;
}

int write_all(int fd, const void *buf, size_t n, unsigned long long *written)
{
	const char *p = buf;

	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? errno : ENOSPC;
		p += w;
		n -= (size_t)w;
		if (written)
			*written += (size_t)w;
	}
	return 0;
}

/* Write all of p[0..n) as it is, or record the error. */
static void write_raw(struct fbuffer *fb, const char *p, size_t n)
{
	if (fb->error)
		return;
	if (n > 0)
		fb->last = p[n - 1];
	if (FB_UNLIKELY(fb->skip > 0)) {        /* out already (fbuffer_rewind()) */
		size_t k = n < fb->skip ? n : (size_t)fb->skip;
		fb->skip -= k;
		fb->written += k;
		p += k;
		n -= k;
	}
	if (fb->out) {
		fb->error = n > 0 ? fb->out(fb->out_ctx, p, n) : 0;
		fb->written += n;
		return;
	}
	fb->error = write_all(fb->fd, p, n, &fb->written);
}

/* Line ends translated to CR LF are written from a block of this size. */
#define CRLF_BLOCK 8192

/* Write all of p[0..n), its line ends as CR LF with fb->crlf. */
static void write_out(struct fbuffer *fb, const char *p, size_t n)
{
	if (!fb->crlf) {
		write_raw(fb, p, n);
		return;
	}
	char block[CRLF_BLOCK];
	while (n > 0 && !fb->error) {
		size_t k = 0;
		while (n > 0 && k + 2 < sizeof block) {
			const char *nl = memchr(p, '\n', n);
			size_t run = nl ? (size_t)(nl - p) : n;
			if (run > sizeof block - 2 - k)
				run = sizeof block - 2 - k;
			memcpy(block + k, p, run);
			k += run;
			p += run;
			n -= run;
			if (n > 0 && *p == '\n') {
				block[k++] = '\r';
				block[k++] = '\n';
				p++;
				n--;
			}
		}
		write_raw(fb, block, k);
	}
}

int fbuffer_flush(struct fbuffer *fb)
{
	if (!fb->mem && fb->len > 0) {
		write_out(fb, fb->ptr, fb->len);
		fb->len = 0;
		fb->committed = 0;      /* nothing is left to be held */
	}
	return fb->error;
}

static void grow(struct fbuffer *fb, size_t n)
{
	size_t want = fb->cap ? fb->cap : 4096;

	if (n > SIZE_MAX - fb->len)
		out_of_memory();
	while (want - fb->len < n)
		want = want > SIZE_MAX / 2 ? SIZE_MAX : want * 2;
	fb->ptr = xrealloc(fb->ptr, want);
	fb->cap = want;
}

/* Write out ptr[0..n) and keep the rest at the start of the block. */
static void write_front(struct fbuffer *fb, size_t n)
{
	write_out(fb, fb->ptr, n);
	memmove(fb->ptr, fb->ptr + n, fb->len - n);
	fb->len -= n;
	fb->committed = fb->committed > n ? fb->committed - n : 0;
}

/* A held document needs n more bytes: write the complete documents before
 * it, then grow the block up to the bound; past the bound, stream. */
/* The first block of its own that a held document grows into: big enough
 * to be mapped alone (alloc.c), so that growing further moves no bytes.
 * Doubling from the caller's 64 KiB instead copied what was held at 128
 * KiB, 0.8% of the instructions of formatting twitter.json.  Pages not
 * written are not taken. */
#define FBUFFER_HELD_FIRST (1024 * 1024)

/* Whether the document held is past the bound: it got there through
 * room reserved past it (make_room_held()), and must stream now. */
static int past_bound(const struct fbuffer *fb)
{
	return fb->hold_max && !fb->streaming && fb->len - fb->committed > fb->hold_max;
}

static void make_room_held(struct fbuffer *fb, size_t n)
{
	if (fb->committed > 0)
		write_front(fb, fb->committed);
	fb->cap = fbuffer_held_cap(fb);
	if (fb->len <= fb->cap && n <= fb->cap - fb->len)
		return;
	/* A reservation may ask for more than it writes: room up to
	 * FBUFFER_MAX_RESERVE past the bound is given, and the document
	 * streams only once it is past the bound, so that one whose output
	 * fits in hold_max bytes never does.  A longer append (-j's pieces
	 * of an array) is held as long as it stays within the bound. */
	if ((fb->len <= fb->hold_max && n <= FBUFFER_MAX_RESERVE) ||
	    (n <= fb->hold_max && fb->len <= fb->hold_max - n)) {
		size_t need = fb->len + n;
		if (need > fb->room) {
			size_t want = fb->room * 2 > need ? fb->room * 2 : need;
			if (!fb->heap && want < FBUFFER_HELD_FIRST)
				want = FBUFFER_HELD_FIRST;
			if (want > fb->hold_max + FBUFFER_MAX_RESERVE)
				want = fb->hold_max + FBUFFER_MAX_RESERVE;
			if (want < need)
				want = need;
			char *p = xrealloc(fb->heap ? fb->ptr : NULL, want);
			if (!fb->heap)
				memcpy(p, fb->ptr, fb->len);
			fb->ptr = p;
			fb->room = want;
			fb->heap = 1;
		}
		fb->cap = fbuffer_held_cap(fb);
		if (fb->cap < need)
			fb->cap = need;
		return;
	}
	fb->streaming = 1;
	fb->cap = fb->room;
	fbuffer_flush(fb);
}

void fbuffer_make_room(struct fbuffer *fb, size_t n)
{
	if (fb->mem)
		grow(fb, n);
	else if (fb->hold_max && !fb->streaming)
		make_room_held(fb, n);
	else
		fbuffer_flush(fb);
}

void fbuffer_hold(struct fbuffer *fb, size_t max)
{
	fb->hold_max = max;
	fb->committed = fb->len;
	fb->streaming = 0;
	fb->cap = max ? fbuffer_held_cap(fb) : fb->room;
}

void fbuffer_flush_committed(struct fbuffer *fb)
{
	if (fb->committed > 0 && !fb->mem) {
		write_front(fb, fb->committed);
		if (fb->hold_max && !fb->streaming)
			fb->cap = fbuffer_held_cap(fb);
	}
}

void fbuffer_settle(struct fbuffer *fb)
{
	if (fb->mem || !fb->ptr)        /* nothing held, or bound to nothing */
		return;
	if (past_bound(fb))
		fb->streaming = 1;
	if (!fb->hold_max || fb->streaming) {
		fbuffer_flush(fb);
		if (!fbuffer_at_line_start(fb)) {
			fbuffer_append_char(fb, '\n');
			fbuffer_flush(fb);
		}
		fb->committed = 0;
		return;
	}
	fbuffer_flush_committed(fb);
}

int fbuffer_abandon(struct fbuffer *fb)
{
	int partly = !fb->hold_max || fb->streaming || (!fb->mem && past_bound(fb));

	if (!fb->ptr)                   /* bound to nothing */
		return 0;
	if (fb->mem) {                  /* all of it is held */
		fb->len = fb->committed;
		return 0;
	}
	if (partly) {
		if (!fbuffer_at_line_start(fb))
			fbuffer_append_char(fb, '\n');
	} else {
		fb->len = fb->committed;
	}
	fbuffer_commit_input(fb);
	return partly;
}

void fbuffer_rewind(struct fbuffer *fb, unsigned long long written, char last)
{
	if (fb->mem) {                  /* nothing was written */
		fb->len = fb->committed = 0;
		return;
	}
	fb->skip += fb->written - written;
	fb->written = written;
	fb->last = last;
	fb->len = fb->committed = 0;
	fb->streaming = 0;
	fb->cap = fb->hold_max ? fbuffer_held_cap(fb) : fb->room;
}

void fbuffer_write_through(struct fbuffer *fb, const char *p, size_t n)
{
	if (fb->hold_max && !fb->streaming) {
		/* held: a request larger than the block goes in after growing,
		 * or ends the holding */
		make_room_held(fb, n);
		if (n <= fb->cap - fb->len) {
			memcpy(fb->ptr + fb->len, p, n);
			fb->len += n;
			return;
		}
	}
	fbuffer_flush(fb);
	write_out(fb, p, n);
}

void fbuffer_append_repeat(struct fbuffer *fb, char c, size_t n)
{
	while (n > 0) {
		size_t k = n < FBUFFER_MAX_RESERVE ? n : FBUFFER_MAX_RESERVE;
		fbuffer_reserve(fb, k);
		memset(fbuffer_cursor(fb), c, k);
		fbuffer_advance(fb, k);
		n -= k;
	}
}
