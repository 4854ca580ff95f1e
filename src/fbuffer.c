/* fbuffer.c - the slow paths of the output buffer: flushing and growing. */
#include "fbuffer.h"

#include "alloc.h"

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
	fb->cap = cap;
	fb->fd = fd;
	fb->error = 0;
	fb->owned = 0;
	fb->written = 0;
	fb->last = '\n';
}

void fbuffer_init_mem(struct fbuffer *fb)
{
	memset(fb, 0, sizeof *fb);
	fb->fd = -1;
	fb->last = '\n';
	fb->owned = 1;
	grow(fb, 1);    /* never NULL, so that copies of 0 bytes are defined */
}

void fbuffer_release(struct fbuffer *fb)
{
	if (fb->owned)
		free(fb->ptr);
	fb->ptr = NULL;
	fb->len = fb->cap = 0;
}

/* Write all of p[0..n) or record the error; a 0-byte write counts as a
 * full device, as it would otherwise loop forever. */
static void write_all(struct fbuffer *fb, const char *p, size_t n)
{
	if (fb->error)
		return;
	if (n > 0)
		fb->last = p[n - 1];
	while (n > 0) {
		ssize_t w = write(fb->fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			fb->error = w < 0 ? errno : ENOSPC;
			return;
		}
		p += w;
		n -= (size_t)w;
		fb->written += (size_t)w;
	}
}

int fbuffer_flush(struct fbuffer *fb)
{
	if (!fb->owned && fb->len > 0) {
		write_all(fb, fb->ptr, fb->len);
		fb->len = 0;
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

void fbuffer_make_room(struct fbuffer *fb, size_t n)
{
	if (fb->owned)
		grow(fb, n);
	else
		fbuffer_flush(fb);
}

void fbuffer_write_through(struct fbuffer *fb, const char *p, size_t n)
{
	fbuffer_flush(fb);
	write_all(fb, p, n);
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
