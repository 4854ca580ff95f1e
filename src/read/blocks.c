/* blocks.c - reading an input into two alternating blocks.  See blocks.h. */
#include "read/blocks.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"

/* Blocks start on a page, so that the vector loads of the scan never
 * straddle two cache lines: jfmt -c on a 200 MiB document took about 0.5%
 * less time than with malloc()'s 16-byte alignment. */
#define BLOCK_ALIGN 4096

const unsigned char blocks_bom[BLOCKS_BOM_LEN] = { 0xef, 0xbb, 0xbf };

/* Bytes that tell UTF-8 from UTF-16 and UTF-32 (RFC 4627 3). */
#define ENCODING_SNIFF 4

/* Give block i a fresh READ_BLOCK bytes (what it held is dropped). */
static void new_block(struct blocks *b, int i)
{
	free(b->block[i]);
	b->block[i] = xalloc_aligned(BLOCK_ALIGN, READ_BLOCK + BLOCKS_SLACK);
	b->cap[i] = READ_BLOCK;
}

void blocks_init(struct blocks *b)
{
	memset(b, 0, sizeof *b);
	new_block(b, 0);
	new_block(b, 1);
}

void blocks_release(struct blocks *b)
{
	free(b->block[0]);
	free(b->block[1]);
	b->block[0] = b->block[1] = NULL;
}

void blocks_start(struct blocks *b)
{
	b->cur = 0;
	memset(&b->win, 0, sizeof b->win);
	b->win.cur.line = b->win.prev.line = 1;
	b->newlines = 0;
	b->bom = 0;
	b->size = BLOCKS_SIZE_UNKNOWN;
	b->got = 0;
	b->ended = 0;
}

void blocks_expect(struct blocks *b, unsigned long long size)
{
	b->size = size;
}

void blocks_origin(struct blocks *b, unsigned long long base, unsigned long long line)
{
	b->win.cur.base = base;
	b->win.cur.line_start = base;
	b->win.cur.line = b->win.prev.line = line;
}

static ssize_t read_some(struct blocks *b, int fd, unsigned char *buf, size_t n)
{
	ssize_t got;
	if (b->source)
		return b->source(b->source_ctx, buf, n);
	if (b->ended)
		return 0;
	do
		got = read(fd, buf, n);
	while (got < 0 && errno == EINTR);
	/* A regular file read short has ended, at that moment: at the size
	 * expected, the read that would return 0 is not made (-r --check
	 * over 10,000 small files: 6 system calls a file instead of 7) */
	if (got > 0) {
		b->got += (unsigned long long)got;
		b->ended = (size_t)got < n && b->got == b->size;
	}
	return got;
}

static ssize_t extend_read(struct blocks *b, int fd, size_t *from)
{
	struct window_part *cur = &b->win.cur;
	size_t skip = (size_t)(cur->p - b->block[b->cur]);      /* a byte order mark */
	size_t used = skip + cur->len;
	size_t want = cur->len > READ_BLOCK ? cur->len : READ_BLOCK;
	size_t got = 0;

	if (b->cap[b->cur] - used < want + READ_BLOCK) {
		b->cap[b->cur] = used + want + READ_BLOCK;
		b->block[b->cur] = xrealloc(b->block[b->cur], b->cap[b->cur] + BLOCKS_SLACK);
		cur->p = b->block[b->cur] + skip;
	}
	while (got < want) {
		ssize_t n = read_some(b, fd, b->block[b->cur] + used + got,
				      b->cap[b->cur] - used - got);
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	*from = cur->len;
	cur->len += got;
	return (ssize_t)got;
}

/* The first read: a byte order mark, or the start of UTF-16 or UTF-32
 * text, may arrive a byte at a time from a pipe: read on until the first
 * ENCODING_SNIFF bytes are in (or the input ends), so that what is found
 * does not depend on how the input was cut. */
static ssize_t first_read(struct blocks *b, int fd, unsigned char *buf, size_t *skip)
{
	ssize_t n = read_some(b, fd, buf, READ_BLOCK);

	*skip = 0;
	while (n > 0 && n < ENCODING_SNIFF) {
		ssize_t more = read_some(b, fd, buf + n, READ_BLOCK - (size_t)n);
		if (more < 0)
			return -1;
		if (more == 0)
			break;
		n += more;
	}
	if (b->win.cur.base == 0 && n >= BLOCKS_BOM_LEN &&
	    memcmp(buf, blocks_bom, BLOCKS_BOM_LEN) == 0)
		*skip = BLOCKS_BOM_LEN;
	return n;
}

/* BLOCKS_FILL: one read onto the end of the current one, into the room
 * its block has (a short read leaves half of it at least). */
static ssize_t fill_read(struct blocks *b, int fd, size_t *from)
{
	struct window_part *cur = &b->win.cur;
	size_t used = (size_t)(cur->p - b->block[b->cur]) + cur->len;
	ssize_t n = read_some(b, fd, b->block[b->cur] + used, b->cap[b->cur] - used);

	if (n > 0) {
		*from = cur->len;
		cur->len += (size_t)n;
	}
	return n;
}

ssize_t blocks_next(struct blocks *b, int fd, enum blocks_onto onto, size_t carry,
		    size_t *from)
{
	struct window *w = &b->win;
	size_t skip = 0;
	ssize_t n;

	if (onto == BLOCKS_EXTEND && w->cur.p)
		return extend_read(b, fd, from);
	if (onto == BLOCKS_FILL && blocks_fills(b))
		return fill_read(b, fd, from);
	/* After a long token the other block, grown for it, goes back to
	 * READ_BLOCK bytes; but only once a read brings bytes to put there:
	 * until then it holds the read before, which a message at the end of
	 * the input may show (freed first, it was read after its free). */
	int shrink = b->cap[!b->cur] > READ_BLOCK;
	unsigned char *buf = shrink ? xalloc_aligned(BLOCK_ALIGN, READ_BLOCK + BLOCKS_SLACK) :
				      b->block[!b->cur];
	if (w->cur.p == NULL)
		n = first_read(b, fd, buf, &skip);
	else
		n = read_some(b, fd, buf + carry, READ_BLOCK - carry);
	if (n <= 0) {
		if (shrink)
			free(buf);
		return n;
	}
	if (shrink) {
		free(b->block[!b->cur]);
		b->block[!b->cur] = buf;
		b->cap[!b->cur] = READ_BLOCK;
	}
	if (w->cur.p) {
		struct window_part *old = &w->cur;
		size_t keep = old->len - carry;
		struct window_part next = {
			.base = old->base + keep,
			.line = old->line + b->newlines,
			.line_start = old->line_start,
		};
		const unsigned char *nl = b->newlines ? memrchr(old->p, '\n', keep) : NULL;
		if (nl)
			next.line_start = old->base + (unsigned long long)(nl - old->p) + 1;
		memcpy(buf, old->p + keep, carry);
		old->len = keep;
		w->prev = *old;
		w->cur = next;
		b->newlines = 0;
	}
	b->bom = b->bom || skip > 0;
	b->cur = !b->cur;
	w->cur.p = buf + skip;
	w->cur.len = carry + (size_t)n - skip;
	*from = carry;
	return n;
}

/* The encodings JSON text may not come in, told by their byte order mark
 * or by the NUL bytes of ASCII text in them (RFC 8259 8.1: UTF-8 only). */
const char *blocks_wrong_encoding(const struct blocks *b)
{
	const unsigned char *p = b->win.cur.p;
	size_t n = b->win.cur.len;

	if (b->bom)
		return NULL;
	if (n >= 4 && !memcmp(p, "\xff\xfe\0\0", 4))
		return "UTF-32LE";
	if (n >= 4 && !memcmp(p, "\0\0\xfe\xff", 4))
		return "UTF-32BE";
	if (n >= 2 && !memcmp(p, "\xff\xfe", 2))
		return "UTF-16LE";
	if (n >= 2 && !memcmp(p, "\xfe\xff", 2))
		return "UTF-16BE";
	if (n >= 4 && p[0] && !p[1] && !p[2] && !p[3])
		return "UTF-32LE";
	if (n >= 4 && !p[0] && !p[1] && !p[2] && p[3])
		return "UTF-32BE";
	if (n >= 4 && p[0] && !p[1] && p[2] && !p[3])
		return "UTF-16LE";
	if (n >= 4 && !p[0] && p[1] && !p[2] && p[3])
		return "UTF-16BE";
	return NULL;
}

