/* sortlayout.c - the yajl callbacks for --sort-keys without colour or
 * comments: the common events inside an object being sorted, written to
 * the capture inline.  See sortlayout.h. */
#include "layout/sortlayout.h"

#include "text/keyorder.h"
#include "layout/pieces.h"

/* Room in the capture for a separator (a comma, a newline and a depth of
 * one byte) and a token copied in one FBUFFER_COPY_WIDTH slice. */
#define SORT_ROOM (4 + FBUFFER_COPY_WIDTH)

/* Whether an event can be written to the capture here: an object being
 * sorted is open and the depth fits the newline mark's one byte.  Else
 * the general callbacks write it.  On canada.json (arrays of
 * numbers inside one object) the general way cost 1.19x the Ir of plain
 * pretty output for the same events. */
static inline int in_capture(const struct formatter *f)
{
	return f->out == &f->sort.capture && FB_LIKELY(f->depth < SORT_DEPTH_MORE);
}

/* The separator before an element (a member or an array's), written at `d`
 * (SORT_ROOM reserved): a comma after another (`more`) and, unless
 * compact, the newline mark of the depth, just as write_separator() writes it in
 * the general layout.  Returns its length.  Every field is read before the
 * first byte is written, which may alias any of them. */
static ALWAYS_INLINE size_t element_separator(const struct formatter *f, char *d, unsigned more)
{
	size_t depth = f->depth;
	int indented = f->sort.indent != 0;

	more = more != 0;
	if (f->opt->compact) {
		d[0] = STYLE_COMMA;
		return more;
	}
	return sorter_mark(d, depth, more, indented);
}

/* Reserve SORT_ROOM and write the separator before a value: none after a
 * key, else an element's.  Returns its length; sets *member when the value
 * is a member's. */
static ALWAYS_INLINE size_t value_separator(struct formatter *f, int *member)
{
	unsigned char *st = &f->state[f->depth];
	unsigned bits = *st;

	fbuffer_reserve(f->out, SORT_ROOM);
	*member = bits & CONTAINER_OBJECT;
	if (*member)
		return 0;
	*st = (unsigned char)(bits | CONTAINER_MEMBERS);
	return element_separator(f, fbuffer_cursor(f->out), bits & CONTAINER_MEMBERS);
}

/* What follows a value: the reader is told when it was a member's. */
static inline int value_done(struct formatter *f, int member)
{
	return member ? member_done(f) : 1;
}

/* The general callbacks, which the formatter hands these (f->general). */
static inline const yajl_callbacks *general(const struct formatter *f)
{
	return f->general;
}

/* A value of one token, after its separator, in the capture: returns
 * whether it is a member's. */
static ALWAYS_INLINE int put_token(struct formatter *f, const char *tok, size_t len)
{
	struct fbuffer *c = f->out;
	size_t used = c->len;
	int member;
	size_t n = value_separator(f, &member);

	fbuffer_copy_small(c->ptr + used + n, tok, len);
	c->len = used + n + len;
	return member;
}

/* A literal (true, false, null): a member's tells the reader it ended.
 * (Finding where it ends by scanning past its key, for a pointer, saved
 * 0.2% of -S on twitter.json: short of what a fast path must save.) */
static ALWAYS_INLINE int sort_token(struct formatter *f, const char *tok, size_t len)
{
	if (!put_token(f, tok, len))
		return 1;
	return member_done(f);
}

static int sort_null(void *ctx)
{
	if (!in_capture(ctx))
		return general(ctx)->yajl_null(ctx);
	return sort_token(ctx, "null", 4);
}

static int sort_boolean(void *ctx, int b)
{
	if (!in_capture(ctx))
		return general(ctx)->yajl_boolean(ctx, b);
	return b ? sort_token(ctx, "true", 4) : sort_token(ctx, "false", 5);
}

static int sort_number(void *ctx, const char *s, size_t n)
{
	struct formatter *f = ctx;
	const unsigned char *u = (const unsigned char *)s;

	if (!in_capture(f) || n > FBUFFER_COPY_WIDTH)
		return general(ctx)->yajl_number(ctx, s, n);
	if (!put_token(f, s, n))
		return 1;
	return in_input(f, u) ? member_done_at(f, u + n) : member_done(f);
}

static int sort_string(void *ctx, const unsigned char *s, size_t n)
{
	struct formatter *f = ctx;

	if (!in_capture(f) || needs_raw(f, s))
		return general(ctx)->yajl_string(ctx, s, n);
	int member;
	size_t sep = value_separator(f, &member);
	fbuffer_advance(f->out, sep);
	/* (the prebuilt run stands for an empty separator that can be read
	 * a slice long) */
	if (f->opt->escape_mode == 0 && in_input(f, s)) {
		if (FB_LIKELY(escape_input_framed_quick(f->out, f->style.run, 0, 1, s, n, NULL,
							0) == 0))
			return member ? member_done_at(f, s + n + 1) : 1;
	}
	if (FB_UNLIKELY(escape_string_framed(f->out, f->style.run, 0, s, n, NULL, 0,
				    f->opt->escape_mode) < 0)) {
		f->hooks->invalid_utf8(f->hooks->ctx);
		return 0;
	}
	return value_done(f, member);
}

static int sort_start_array(void *ctx)
{
	struct formatter *f = ctx;

	if (!in_capture(f) || f->depth + 1 >= f->state_cap)
		return general(ctx)->yajl_start_array(ctx);
	struct fbuffer *c = f->out;
	size_t used = c->len;
	int member;
	size_t n = value_separator(f, &member);
	c->ptr[used + n] = '[';
	c->len = used + n + 1;
	f->state[++f->depth] = 0;
	return 1;
}

static int sort_end_array(void *ctx)
{
	struct formatter *f = ctx;

	if (!in_capture(f))
		return general(ctx)->yajl_end_array(ctx);
	struct fbuffer *c = f->out;
	size_t used = c->len, depth = f->depth - 1;
	unsigned bits = f->state[depth + 1], member = f->state[depth] & CONTAINER_OBJECT;
	int indented = f->sort.indent != 0;
	size_t n = 0;
	f->depth = depth;
	fbuffer_reserve(c, SORT_ROOM);
	char *d = c->ptr + used;
	if ((bits & CONTAINER_MEMBERS) && !f->opt->compact)
		n = sorter_mark(d, depth, 0, indented);
	d[n] = ']';
	c->len = used + n + 1;
	return value_done(f, member);
}

static int sort_start_map(void *ctx)
{
	return general(ctx)->yajl_start_map(ctx);
}

/* A key whose member the sorter has noted, after its separator in the
 * capture: the key and its colon, when escape_string_framed_quick() does
 * not take them. */
static NOINLINE int key_text_slow(struct formatter *f, const unsigned char *s, size_t n)
{
	if (FB_UNLIKELY(escape_string_framed(f->out, f->style.run, 0, s, n, f->style.colon,
					     f->style.colon_len, f->opt->escape_mode) < 0)) {
		f->hooks->invalid_utf8(f->hooks->ctx);
		return 0;
	}
	return 1;
}

/* Inside the capture every object is being sorted: the sorter is told
 * where each member starts, after its separator. */
static NOINLINE int map_key_slow(struct formatter *f, const unsigned char *s, size_t n)
{
	if (!in_capture(f) || needs_raw(f, s))
		return general(f)->yajl_map_key(f, s, n);
	unsigned char *st = &f->state[f->depth];
	unsigned bits = *st;
	fbuffer_reserve(f->out, SORT_ROOM);
	size_t at = f->out->len, len = element_separator(f, fbuffer_cursor(f->out),
							 bits & CONTAINER_MEMBERS);
	*st = (unsigned char)(bits | CONTAINER_MEMBERS);
	fbuffer_advance(f->out, len);
	sorter_member_at(&f->sort, at, at + len);
	return key_text_slow(f, s, n);
}

/* Room in the capture for a key the quick way: its separator and the
 * quoted key with its colon. */
#define SORT_KEY_ROOM (4 + ESCAPE_QUOTED_ROOM)

/* The common key (the sorter's common member, room in the capture, a key
 * escape_quoted_quick() takes, no escaping mode) with no call but a tail
 * call, so that no registers are saved, and its separator written once,
 * straight into the capture.  With the separator built in a local slice
 * and copied from there, and the registers saved on every key, the keys of
 * twitter.json (13,345) cost 1.88M Ir; this way, 1.56M. */
static int sort_map_key(void *ctx, const unsigned char *s, size_t n)
{
	struct formatter *f = ctx;
	struct sorter *so = &f->sort;
	struct fbuffer *c = &so->capture;       /* f->out, in_capture() */

	if (!FB_LIKELY(in_capture(f) && !needs_raw(f, s) && f->opt->escape_mode == 0 &&
		       n <= ESCAPE_QUICK_MAX && sorter_member_fits(so) &&
		       fbuffer_avail(c) >= SORT_KEY_ROOM))
		return map_key_slow(f, s, n);
	unsigned char *st = &f->state[f->depth];
	unsigned bits = *st;
	size_t used = c->len, npost = f->style.colon_len;
	char *d = c->ptr + used;
	size_t len = element_separator(f, d, bits & CONTAINER_MEMBERS);
	*st = (unsigned char)(bits | CONTAINER_MEMBERS);
	c->len = used + len;
	sorter_member_quick(so, used, used + len, SORT_PREFIX_UNKNOWN);
	int in = in_input(f, s);
	/* (SORT_KEY_ROOM covers the slop of a string that lies in the input) */
	if (FB_LIKELY(in ? escape_input_quoted_quick(d + len, s, n, f->style.colon, npost) :
		      escape_quoted_quick(d + len, s, n, f->style.colon, npost, 0))) {
		/* The prefix, from the key just written (followed by its quote
		 * and the room reserved), rather than found again in the
		 * capture when its object closes: on twitter.json -S went from
		 * 20.71M Ir to 20.43M. */
		so->prefixes[so->nmembers - 1] =
			key_prefix_plain((const unsigned char *)d + len + 1, n);
		fbuffer_advance(c, n + 2 + npost);
		return 1;
	}
	return key_text_slow(f, s, n);
}

static int sort_end_map(void *ctx)
{
	return general(ctx)->yajl_end_map(ctx);
}

static const yajl_callbacks sort_callbacks = {
	.yajl_null = sort_null, .yajl_boolean = sort_boolean,
	.yajl_number = sort_number, .yajl_string = sort_string,
	.yajl_start_map = sort_start_map, .yajl_map_key = sort_map_key,
	.yajl_end_map = sort_end_map, .yajl_start_array = sort_start_array,
	.yajl_end_array = sort_end_array,
};

const yajl_callbacks *format_sort_callbacks(void)
{
	return &sort_callbacks;
}
