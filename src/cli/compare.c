/* compare.c - the output compared with the input as it is made.  See
 * compare.h. */
#include "cli/compare.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/fbuffer.h"
#include "base/readat.h"

void compare_start(struct compare *c, int fd, int regular, unsigned long long start,
		   int keep, int (*diverge)(void *ctx), void *ctx)
{
	memset(c, 0, sizeof *c);
	c->src = regular ? fd : -1;
	if (regular)
		c->base = start;
	c->keep = keep;
	c->diverge = diverge;
	c->diverge_ctx = ctx;
	c->dest = -1;
}

void compare_release(struct compare *c)
{
	free(c->ip);
	free(c->op);
	free(c->scratch);
	c->ip = c->op = c->scratch = NULL;
	c->ilen = c->olen = c->icap = c->ocap = 0;
}

void compare_whole(void *ctx, const unsigned char *p, size_t n)
{
	struct compare *c = ctx;

	c->whole = p;
	c->whole_len = n;
}

/* Read up to n bytes of src at input offset `at` into the scratch block
 * (read_at()). */
static ssize_t read_again(struct compare *c, size_t n, unsigned long long at)
{
	if (!c->scratch)
		c->scratch = xrealloc(NULL, COMPARE_BLOCK);
	return read_at(c->src, c->scratch, n, (off_t)(c->base + at));
}

/* Copy the input's first c->off bytes, equal to the output's, to dest. */
static int copy_prefix(struct compare *c)
{
	if (c->src < 0)                 /* kept whole: ibase is 0 */
		return write_all(c->dest, c->ip, (size_t)c->off, NULL);
	if (c->whole)
		return write_all(c->dest, c->whole, (size_t)c->off, NULL);
	for (unsigned long long at = 0; at < c->off;) {
		size_t want = c->off - at < COMPARE_BLOCK ? (size_t)(c->off - at) : COMPARE_BLOCK;
		ssize_t r = read_again(c, want, at);
		if (r < 0)
			return errno;
		if ((size_t)r < want)
			return EIO;     /* the file shrank under us */
		int err = write_all(c->dest, c->scratch, want, NULL);
		if (err)
			return err;
		at += want;
	}
	return 0;
}

/* The output differs at offset c->off; p[0..n) is the output from there
 * that has been made. */
static int differ(struct compare *c, const char *p, size_t n)
{
	c->differ = 1;
	if (!c->diverge) {
		compare_release(c);
		return 0;
	}
	c->dest = c->diverge(c->diverge_ctx);
	if (c->dest < 0)
		return errno ? errno : EIO;
	int err = copy_prefix(c);
	return err ? err : write_all(c->dest, p, n, NULL);
}

/* How many leading bytes of a and b (n each) are equal. */
static size_t equal_run(const unsigned char *a, const unsigned char *b, size_t n)
{
	if (memcmp(a, b, n) == 0)
		return n;
	size_t i = 0;
	while (a[i] == b[i])
		i++;
	return i;
}

/* A regular input held whole: compare p[0..n) with it at c->off. */
static int compare_in_memory(struct compare *c, const char *p, size_t n)
{
	size_t left = c->whole_len - (size_t)c->off;
	size_t same = equal_run(c->whole + c->off, (const unsigned char *)p, n < left ? n : left);

	c->off += same;
	return same < n ? differ(c, p + same, n - same) : 0;
}

/* A regular input: compare p[0..n) with the file at c->off. */
static int compare_regular(struct compare *c, const char *p, size_t n)
{
	if (c->whole)
		return compare_in_memory(c, p, n);
	while (n > 0) {
		size_t want = n < COMPARE_BLOCK ? n : COMPARE_BLOCK;
		ssize_t got = read_again(c, want, c->off);
		if (got < 0)
			return errno;
		size_t same = equal_run(c->scratch, (const unsigned char *)p, (size_t)got);
		c->off += same;
		if (same < want)
			return differ(c, p + same, n - same);
		p += want;
		n -= want;
	}
	return 0;
}

static void append(unsigned char **buf, size_t *len, size_t *cap, const void *p, size_t n)
{
	if (n > *cap - *len) {
		size_t want = *cap ? *cap : COMPARE_BLOCK;
		while (want - *len < n)
			want *= 2;
		*buf = xrealloc(*buf, want);
		*cap = want;
	}
	memcpy(*buf + *len, p, n);
	*len += n;
}

/* A tapped input: compare the output waiting with the input waiting, and
 * drop what was equal (of the input, unless it is kept). */
static int match_tapped(struct compare *c)
{
	size_t at = (size_t)(c->off - c->ibase);
	size_t avail = c->ilen - at;
	size_t k = avail < c->olen ? avail : c->olen;
	size_t same = equal_run(c->ip + at, c->op, k);

	c->off += same;
	if (same < k || (c->ended && same == avail && c->olen > same)) {
		int err = differ(c, (const char *)c->op + same, c->olen - same);
		c->olen = 0;
		return err;
	}
	memmove(c->op, c->op + same, c->olen - same);
	c->olen -= same;
	if (!c->keep) {
		memmove(c->ip, c->ip + at + same, avail - same);
		c->ilen = avail - same;
		c->ibase = c->off;
	}
	return 0;
}

int compare_write(void *ctx, const char *p, size_t n)
{
	struct compare *c = ctx;

	if (c->error)
		return c->error;
	if (c->dest >= 0)
		return write_all(c->dest, p, n, NULL);
	if (c->differ)
		return 0;
	if (c->src >= 0)
		return compare_regular(c, p, n);
	append(&c->op, &c->olen, &c->ocap, p, n);
	return match_tapped(c);
}

void compare_tap(void *ctx, const unsigned char *p, size_t n)
{
	struct compare *c = ctx;

	if (c->error || (c->differ && !c->keep))
		return;
	append(&c->ip, &c->ilen, &c->icap, p, n);
	if (!c->differ && c->olen > 0)
		c->error = match_tapped(c);
}

int compare_finish(struct compare *c)
{
	int err = c->error;

	if (err || c->differ)
		return err;
	if (c->whole)                   /* the input goes on? */
		return c->off < c->whole_len ? differ(c, "", 0) : 0;
	if (c->src >= 0) {
		ssize_t got = read_again(c, 1, c->off);
		if (got < 0)
			return errno;
		return got > 0 ? differ(c, "", 0) : 0;
	}
	c->ended = 1;
	err = match_tapped(c);
	if (!err && !c->differ && c->ilen - (size_t)(c->off - c->ibase) > 0)
		err = differ(c, "", 0);         /* the input goes on */
	return err;
}

int compare_input_fd(const struct compare *c)
{
	int fd = memfd_create("jfmt-input", MFD_CLOEXEC);

	if (fd < 0)
		return -1;
	int err = write_all(fd, c->ip, c->ilen, NULL);
	if (err) {
		close(fd);
		errno = err;
		return -1;
	}
	return fd;
}
