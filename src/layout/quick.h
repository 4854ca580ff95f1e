/* quick.h - the plain layouts' fast paths: compact and pretty output
 * without colour, -S, comments or any option the general path alone
 * takes (format_plain(), formatter.h).  layout.c's callbacks call, for
 * each yajl event:
 *
 *   quick_value()      a value of one token (null, true, false, a number)
 *   quick_string()     a string value that lies in the input
 *   quick_key()        a key that lies in the input: deferred (f->key),
 *                      or written with its separator and colon
 *   keyed_literal(), keyed_number(), keyed_string(), keyed_open()
 *                      the value of a member whose key is deferred,
 *                      written with its key
 *   quick_open_any(), quick_close_any()
 *                      a bracket, the general path `slow` if need be
 *
 * Each writes what the general path (layout.c, pieces.h) writes and leaves
 * the formatter as it would, reading the same layout style; or, when it
 * does not apply, changes nothing and returns 0, and the caller takes the
 * general path.  quick_value() returns QUICK_DONE, or QUICK_MEMBER after
 * a member's value (the caller then calls member_done()); quick_string(),
 * quick_key() and the keyed_*() functions 1 (QUICK_DONE); the two *_any()
 * functions, which take the general path themselves, yajl's 1 (go on) or
 * 0 (stop).  `L` is the layout, a constant where they are inlined: with
 * GENERAL the first three decline at once, and no key is deferred for
 * the keyed_*() ones.  The rest of the file is theirs.
 *
 * All are inline and meant for layout.c alone, which stamps its callback
 * tables out of them, one per layout (its DEFINE_CALLBACKS): with no call
 * on the common path, the callbacks need not save registers.  They are a
 * header of their own because folded in, layout.c would be 680 lines,
 * and in a .c of their own each would be a call.
 */
#ifndef JFMT_QUICK_H
#define JFMT_QUICK_H

#include "layout/pieces.h"

/* --- The plain layouts' common cases, without a call ---
 *
 * Inside a container, with QUICK_ROOM bytes of room, a one-token value is
 * its separator (a slice of the prebuilt run, copied in whole
 * FBUFFER_COPY_WIDTH slices, up to SLICES_MAX bytes) and its token, at
 * most one slice long; a closing bracket the same.  A string or key that
 * needs no escaping is taken the same way, and it and a member whose key
 * is noted may have a longer separator, whose room is checked by its
 * length (separator_fits()).  That check on tokens and brackets too cost
 * canada.json (arrays of numbers) 0.4% of jfmt's instructions, for the
 * few of them on lines indented past 126 columns: a file nested 18 deep,
 * at --indent=8, takes 0.3% more instructions without it.  Anything else
 * takes the general path, out of line, as a tail call: with no call on
 * the common path, the callbacks need not save registers.  Each returns
 * 0, having changed nothing, when it does not apply, else QUICK_DONE, or
 * QUICK_MEMBER after a value inside an object (the caller then calls
 * member_done()).  A document's own brackets have lean paths of their
 * own.  On 20,000 lines of NDJSON (7 keys each), taking strings, keys and
 * a document's brackets here cut 123.8 million instructions to 117.5.
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
		d[0] = STYLE_COMMA;
	else if (sep)
		fbuffer_copy_slices(d, sep, n);
	fbuffer_copy_small(d + n, tok, len);
	return in_array || open ? QUICK_DONE : QUICK_MEMBER;
}

/* --- A key in the input, written with its member's value ---
 *
 * A key of at most KEY_QUICK_MAX bytes, all ASCII, that lies in the input
 * is not written when yajl reads it: quick_key() defers it (f->key), and
 * the quick path of its member's value writes the member whole, under one
 * room check and one update of the object's state.  A value that takes
 * another path writes the key first (write_key(), pieces.h), and so does
 * the end of each parse, after which the input may be gone.  Measured
 * again with the layout style in place: without it, jfmt -c takes 2.7%
 * more instructions on 20,000 lines of NDJSON (7 members each: 103.6
 * million against 100.9) and 1.0% more on twitter.json.
 */

/* A member whose key is deferred, being written: where its value goes, and
 * what the end of it updates.  Every field it needs is read before the
 * first byte is written (see quick_token()). */
struct keyed {
	char *d;                /* where the value goes */
	size_t len;             /* of the member before it */
	size_t used;            /* the output's length before the member */
	unsigned char *st;      /* the object's state */
	unsigned bits;
};

/* Begin the member whose key is deferred, with `room` bytes of room for its
 * value: returns 1 having written it up to the value, else 0 having
 * written nothing that counts. */
static ALWAYS_INLINE int keyed_begin(struct formatter *f, size_t room, enum layout L,
				     struct keyed *k)
{
	struct fbuffer *out = &f->output;

	k->used = out->len;
	k->st = &f->state[f->depth];
	k->bits = *k->st;
	if (out->cap - k->used < KEY_PREFIX_ROOM + room)
		return 0;
	k->d = out->ptr + k->used;
	k->len = member_prefix(f, k->d, k->bits, room, L);
	if (L != PLAIN_COMPACT && k->len == 0)
		return 0;
	k->d += k->len;
	return 1;
}

/* End it: its value took `vlen` bytes. */
static ALWAYS_INLINE void keyed_end(struct formatter *f, const struct keyed *k, size_t vlen)
{
	f->output.len = k->used + k->len + vlen;
	*k->st = (unsigned char)(k->bits | CONTAINER_MEMBERS);
	f->key = NULL;
}

/* A string that lies in the input, as the value of the member whose key
 * is noted (or 0, having changed nothing). */
static ALWAYS_INLINE int keyed_string(struct formatter *f, const unsigned char *s, size_t len,
				      enum layout L)
{
	struct keyed k;

	if (!in_input(f, s) || !keyed_begin(f, len + ESCAPE_INPUT_ROOM, L, &k) ||
	    !escape_input_quoted_quick(k.d, s, len, NULL, 0))
		return 0;
	keyed_end(f, &k, len + 2);
	return member_done_at(f, s + len + 1);  /* after the closing quote */
}

/* A number that lies in the input, the same way: one fixed-width copy. */
#define QUICK_NUMBER_MAX 16

static ALWAYS_INLINE int keyed_number(struct formatter *f, const char *s, size_t len,
				      enum layout L)
{
	const unsigned char *u = (const unsigned char *)s;
	struct keyed k;

	if (!in_input(f, u) || len > QUICK_NUMBER_MAX || !keyed_begin(f, QUICK_NUMBER_MAX, L, &k))
		return 0;
	memcpy(k.d, s, QUICK_NUMBER_MAX);       /* the input has the slack */
	keyed_end(f, &k, len);
	return member_done_at(f, u + len);
}

/* A literal (true, false, null) the same way; where it ends is found
 * after its key (literal_end()). */
static ALWAYS_INLINE int keyed_literal(struct formatter *f, const char *w, size_t len,
					enum layout L)
{
	const unsigned char *after = f->key + f->key_len + 1;   /* its quote's */
	struct keyed k;

	if (!keyed_begin(f, FBUFFER_COPY_WIDTH, L, &k))
		return 0;
	fbuffer_copy_small(k.d, w, len);
	keyed_end(f, &k, len);
	return member_done_at(f, literal_end(after, w, len));
}

/* An opening bracket the same way: a container of state `bits` opens. */
static ALWAYS_INLINE int keyed_open(struct formatter *f, unsigned char bits, char c, enum layout L)
{
	size_t depth = f->depth;
	struct keyed k;

	if (depth + 1 >= f->state_cap || !keyed_begin(f, 1, L, &k))
		return 0;
	k.d[0] = c;
	keyed_end(f, &k, 1);
	f->state[depth + 1] = bits;
	f->depth = depth + 1;
	return 1;
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
		fbuffer_copy_slices(d, sep, n);
	d[n] = c;
	return rc;
}

/* A string value with its separator, or a key with its separator and
 * colon, when it lies in the input and escape_input_framed_quick() takes
 * it (a value in an object notes where it ended: QUICK_DONE).  Such a
 * string holds no backslash, so no unpaired surrogate escape: the raw
 * check (sink.set_raw_check) is for the strings yajl decoded. */
static ALWAYS_INLINE int quick_string(struct formatter *f, const unsigned char *s, size_t len,
				      enum layout L)
{
	size_t depth = f->depth, n = 0;

	if (L == GENERAL || depth == 0 || !in_input(f, s))
		return 0;
	unsigned char *st = &f->state[depth];
	unsigned bits = *st;
	const char *sep = f->style.run;
	if (!(bits & CONTAINER_OBJECT))  /* in an object the key is out */
		sep = separator_slice(f, depth, (int)(bits / CONTAINER_MEMBERS) & 1, L, &n);
	if (escape_input_framed_quick(&f->output, sep, n,
				      L == PLAIN_COMPACT ? 1 : STYLE_SEPARATOR_MAX, s, len, NULL, 0) < 0)
		return 0;
	*st = (unsigned char)(bits | CONTAINER_MEMBERS);
	if (bits & CONTAINER_OBJECT)
		member_done_at(f, s + len + 1);     /* after the closing quote */
	return QUICK_DONE;
}

static ALWAYS_INLINE int quick_key(struct formatter *f, const unsigned char *s, size_t len,
				   enum layout L)
{
	if (L == GENERAL || !in_input(f, s))
		return 0;
	if (len <= KEY_QUICK_MAX && is_ascii_short(s, len)) {
		f->key = s;     /* its member's value writes it */
		f->key_len = len;
		return 1;
	}
	unsigned char *st = &f->state[f->depth];
	unsigned bits = *st;
	size_t n;
	const char *sep = separator_slice(f, f->depth, (int)(bits / CONTAINER_MEMBERS) & 1, L, &n);
	if (escape_input_framed_quick(&f->output, sep, n,
				      L == PLAIN_COMPACT ? 1 : STYLE_SEPARATOR_MAX, s, len,
				      f->style.colon, f->style.colon_len) < 0)
		return 0;
	*st = (unsigned char)(bits | CONTAINER_MEMBERS);
	return 1;
}

/* A document's first bracket in a plain layout (f->depth is 0), which
 * quick_token() leaves, as a scalar there ends its document at once. */
static NOINLINE int open_document(struct formatter *f, char c, unsigned char bits)
{
	FB_ASSERT(f->state_cap > 1);    /* format_init() makes room for 64 */
	fbuffer_append_char(&f->output, c);
	f->depth = 1;
	f->state[1] = bits;
	return 1;
}

/* An opening bracket, by whichever path applies: `slow` is the general one. */
static ALWAYS_INLINE int quick_open_any(struct formatter *f, unsigned char bits, const char *c,
				       enum layout L, int (*slow)(struct formatter *, enum layout))
{
	if (quick_open(f, bits, c, L))
		return 1;
	if (L != GENERAL && f->depth == 0)
		return open_document(f, c[0], bits);
	return slow(f, L);
}

static NOINLINE int close_document(struct formatter *f, char c, int newline);

/* close_document() once the buffer has made room: apart, so that the
 * common path needs no registers saved. */
static NOINLINE int close_document_room(struct formatter *f, char c, int newline)
{
	fbuffer_reserve(&f->output, 3);
	return close_document(f, c, newline);
}

/* A document's last bracket in a plain layout (f->depth is 1), after a
 * newline if `newline` (pretty, with elements): it ends the document's
 * line, and the document.  Returns yajl's "go on" (1) or "stop" (0).
 * Without the general path's tests for colour, comments and sorting, a
 * line of NDJSON costs 110 instructions fewer: 2.2% of jfmt -c on 20,000
 * lines. */
static NOINLINE int close_document(struct formatter *f, char c, int newline)
{
	struct fbuffer *out = &f->output;

	if (FB_UNLIKELY(fbuffer_avail(out) < 3))
		return close_document_room(f, c, newline);
	f->depth = 0;
	char *d = fbuffer_cursor(out);
	d[0] = STYLE_EOL;
	d[newline] = c;
	d[newline + 1] = STYLE_EOL;
	fbuffer_advance(out, 2 + (size_t)newline);
	fbuffer_commit(out);
	return document_done_at(f, c);
}

/* A closing bracket, by whichever path applies: `slow` is the general one. */
static ALWAYS_INLINE int quick_close_any(struct formatter *f, char c, enum layout L,
					int (*slow)(struct formatter *, enum layout))
{
	if (L != GENERAL) {
		int q = quick_close(f, c, L);
		if (FB_LIKELY(q == QUICK_DONE))
			return 1;
		if (q)
			return member_done(f);
		if (f->depth == 1)
			return close_document(f, c, L != PLAIN_COMPACT &&
					      (f->state[1] & CONTAINER_MEMBERS));
	}
	return slow(f, L);
}

#endif
