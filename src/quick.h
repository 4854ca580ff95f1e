/* quick.h - the plain layouts' common cases, without a call: a one-token
 * value, an opening or closing bracket, written with one room check and
 * fixed-width copies.  Private to layout.c.
 */
#ifndef JFMT_QUICK_H
#define JFMT_QUICK_H

#include "layout.h"

/* --- The plain layouts' common cases, without a call ---
 *
 * Inside a container, with QUICK_ROOM bytes of room, a one-token value is
 * its separator (a slice of the prebuilt run, copied in whole
 * FBUFFER_COPY_WIDTH slices, up to SLICES_MAX bytes) and its token, at
 * most one slice long.  Anything else takes the general path, out of
 * line: with no call on the common path, the callbacks need not save
 * registers.  Each returns 0, having changed nothing, when it does not
 * apply, else QUICK_DONE, or QUICK_MEMBER after a value inside an object
 * (the caller then calls member_done()).
 */
enum { QUICK_DONE = 1, QUICK_MEMBER = 2 };

/* Room for a separator and a token, each copied in whole slices. */
#define QUICK_ROOM (SLICES_MAX + FBUFFER_COPY_WIDTH)

/* Every field is read, and written, before the first byte of output: a
 * store through a char pointer may alias any of them, which would make the
 * compiler load again a field read after it. */
static inline int quick_token(struct formatter *f, const char *tok, size_t len,
			      int open, unsigned char open_bits, enum layout L)
{
	struct fbuffer *out = &f->output;   /* plain layouts only: no sorting */
	size_t depth = f->depth, used = out->len;
	unsigned char *state = f->state;

	if (L == GENERAL || depth == 0 || len > FBUFFER_COPY_WIDTH || out->cap - used < QUICK_ROOM ||
	    (open && depth + 1 >= f->state_cap))
		return 0;
	unsigned bits = state[depth];
	/* In an object the key and colon are out already: no separator.
	 * Compact output works its comma out without a branch, as the mix of
	 * first and later elements is hard to predict. */
	size_t in_array = ~bits & CONTAINER_OBJECT;
	size_t more = (bits / CONTAINER_MEMBERS) & 1;
	const char *sep = NULL;
	size_t n;
	if (L == PLAIN_COMPACT) {
		n = more & in_array;
	} else if (in_array) {
		sep = separator_slice(f, depth, (int)more, L, &n);
		if (n > SLICES_MAX)
			return 0;
	} else {
		n = 0;
	}
	state[depth] = (unsigned char)(bits | CONTAINER_MEMBERS);
	if (open) {
		state[depth + 1] = open_bits;
		f->depth = depth + 1;
	}
	out->len = used + n + len;

	char *d = out->ptr + used;
	if (L == PLAIN_COMPACT)
		d[0] = ',';
	else if (sep)
		copy_slices(d, sep, n);
	fbuffer_copy_small(d + n, tok, len);
	return in_array || open ? QUICK_DONE : QUICK_MEMBER;
}

static inline int quick_value(struct formatter *f, const char *tok, size_t len, enum layout L)
{
	return quick_token(f, tok, len, 0, 0, L);
}

static inline int quick_open(struct formatter *f, unsigned char bits, const char *c,
			     enum layout L)
{
	return quick_token(f, c, 1, 1, bits, L);
}

/* Not for a document's last bracket, which ends its line. */
static inline int quick_close(struct formatter *f, char c, enum layout L)
{
	struct fbuffer *out = &f->output;   /* plain layouts only: no sorting */
	size_t depth = f->depth - 1, used = out->len;
	const unsigned char *state = f->state;
	const char *sep = NULL;
	size_t n = 0;

	if (L == GENERAL || depth == 0 || out->cap - used < QUICK_ROOM)
		return 0;
	if (L != PLAIN_COMPACT && (state[depth + 1] & CONTAINER_MEMBERS)) {
		sep = separator_slice(f, depth, 0, L, &n);
		if (n > SLICES_MAX)
			return 0;
	}
	int rc = state[depth] & CONTAINER_OBJECT ? QUICK_MEMBER : QUICK_DONE;
	out->len = used + n + 1;
	f->depth = depth;

	char *d = out->ptr + used;
	if (sep)
		copy_slices(d, sep, n);
	d[n] = c;
	return rc;
}

#endif
