/* layout.c - the formatter's yajl callbacks: pretty or compact, coloured
 * or not, keys sorted or not.  The pieces they are built from are in
 * pieces.h, and for the plain layouts quick.h; the comments' places in
 * placement.h.  See layout.h. */
#include "layout/layout.h"

#include "layout/pieces.h"
#include "layout/placement.h"
#include "layout/quick.h"

/* --- Values in the general layout, with the comments before them --- */

/* Before any value: its separator, if it is an array element, and the
 * comments before it.  Returns 1 to go on, 0 to stop the parse. */
static inline int begin_value(struct formatter *f, enum layout L)
{
	if (f->depth == 0) {
		if (layout_comments(f, L) && !place_top(f))
			return 0;
		if (L == GENERAL)
			begin_document(f);
		return 1;
	}
	unsigned char *st = &f->state[f->depth];
	if (*st & CONTAINER_OBJECT) {   /* the key and colon are out, or noted */
		if (L != GENERAL && f->key)
			write_key(f, L);
		return !layout_comments(f, L) || place_after_key(f);
	}
	if (layout_comments(f, L)) {
		if (!place_element(f, *st & CONTAINER_MEMBERS, COLOR_ARRAY, 0))
			return 0;
	} else {
		write_separator(f, *st & CONTAINER_MEMBERS, COLOR_ARRAY, L);
	}
	*st |= CONTAINER_MEMBERS;
	return 1;
}

/* A value that is one token.  Returns 1 to go on, 0 to stop. */
static inline int value_token(struct formatter *f, enum color_class c,
			      const char *tok, size_t len, enum layout L)
{
	if (!begin_value(f, L))
		return 0;
	write_token(f, c, tok, len, L);
	return 1;
}

static inline int open_container(struct formatter *f, unsigned char bits, char c,
				 enum color_class cls, enum layout L)
{
	if (!value_token(f, cls, &c, 1, L))
		return 0;
	f->depth++;
	if (FB_UNLIKELY(f->depth >= f->state_cap))
		f->state = xgrow_array(f->state, &f->state_cap, f->depth + 1, 1);
	f->state[f->depth] = bits;
	return 1;
}

/* --- yajl callbacks, one set per layout --- */

static NOINLINE int null_slow(struct formatter *f, enum layout L)
{
	return value_token(f, COLOR_NULL, "null", 4, L) && end_value(f);
}

/* Each callback for a value takes, for a member whose key is deferred
 * (quick.h), a path of its own, `member`, stamped out of line for each
 * layout (member_*() below): inline, the registers it uses were saved on
 * every path of the callback, and canada's numbers, in arrays, cost 8
 * instructions more each. */
static inline int do_null(struct formatter *f, enum layout L, int (*member)(void *))
{
	if (L != GENERAL && f->key)
		return member(f);
	int q = quick_value(f, "null", 4, L);

	return FB_LIKELY(q == QUICK_DONE) ? 1 : q ? member_done(f) : null_slow(f, L);
}

static NOINLINE int boolean_slow(struct formatter *f, int b, enum layout L)
{
	if (b)
		return value_token(f, COLOR_TRUE, "true", 4, L) && end_value(f);
	return value_token(f, COLOR_FALSE, "false", 5, L) && end_value(f);
}

static inline int do_boolean(struct formatter *f, int b, enum layout L,
			     int (*member)(void *, int))
{
	if (L != GENERAL && f->key)
		return member(f, b);
	int q = quick_value(f, b ? "true" : "false", b ? 4 : 5, L);

	return FB_LIKELY(q == QUICK_DONE) ? 1 : q ? member_done(f) : boolean_slow(f, b, L);
}

/* Numbers arrive as their text, which is kept byte for byte. */
static NOINLINE int number_slow(struct formatter *f, const char *s, size_t len, enum layout L)
{
	return value_token(f, COLOR_NUMBER, s, len, L) && end_value(f);
}

static inline int do_number(struct formatter *f, const char *s, size_t len, enum layout L,
			    int (*member)(void *, const char *, size_t))
{
	if (L != GENERAL && f->key)
		return member(f, s, len);
	int q = quick_value(f, s, len, L);

	return FB_LIKELY(q == QUICK_DONE) ? 1 : q ? member_done(f) : number_slow(f, s, len, L);
}

static NOINLINE int string_slow(struct formatter *f, const unsigned char *s, size_t len,
			       enum layout L)
{
	if (L != GENERAL && FB_LIKELY(!needs_raw(f, s))) {
		size_t n;
		const char *sep = plain_separator(f, L, &n);
		if (FB_UNLIKELY(escape_string_framed(&f->output, sep, n, s, len, NULL, 0, 0) < 0)) {
			f->hooks->invalid_utf8(f->hooks->ctx);
			return 0;
		}
		return end_value(f);
	}
	if (!begin_value(f, L) || !write_string(f, s, len, COLOR_STRING, L))
		return 0;
	return end_value(f);
}

static ALWAYS_INLINE int do_string(struct formatter *f, const unsigned char *s, size_t len,
				   enum layout L,
				   int (*member)(void *, const unsigned char *, size_t))
{
	if (L != GENERAL && f->key)
		return member(f, s, len);
	int q = quick_string(f, s, len, L);

	return FB_LIKELY(q == QUICK_DONE) ? 1 : q ? member_done(f) : string_slow(f, s, len, L);
}

static NOINLINE int start_map_slow(struct formatter *f, enum layout L)
{
	if (!open_container(f, CONTAINER_OBJECT, '{', COLOR_OBJECT, L))
		return 0;
	if (L == GENERAL && f->opt->sort_keys) {
		f->out = sorter_open(&f->sort);
		f->state[f->depth] |= CONTAINER_SORTED;
	}
	return 1;
}

static inline int do_start_map(struct formatter *f, enum layout L, int (*member)(void *))
{
	if (L != GENERAL && f->key)
		return member(f);
	return quick_open_any(f, CONTAINER_OBJECT, "{", L, start_map_slow);
}

static NOINLINE int map_key_slow(struct formatter *f, const unsigned char *s, size_t len,
				enum layout L)
{
	unsigned char *st = &f->state[f->depth];

	if (L != GENERAL && FB_LIKELY(!needs_raw(f, s)))
		return plain_key(f, s, len, L);
	if (layout_comments(f, L)) {
		if (!place_element(f, *st & CONTAINER_MEMBERS, COLOR_OBJECT, 1))
			return 0;
	} else if (L == GENERAL && (*st & CONTAINER_SORTED)) {
		size_t sep = f->out->len;
		write_separator(f, *st & CONTAINER_MEMBERS, COLOR_OBJECT, L);
		sorter_member(&f->sort, sep);
	} else {
		write_separator(f, *st & CONTAINER_MEMBERS, COLOR_OBJECT, L);
	}
	*st |= CONTAINER_MEMBERS;
	/* with comments, the key waits for its value (place_after_key()) */
	struct fbuffer *out = f->out;
	if (layout_comments(f, L))
		f->out = place_key_text(f);
	int ok = write_string(f, s, len, COLOR_KEY, L);
	if (ok)
		write_colon(f, L);
	f->out = out;
	return ok;
}

static ALWAYS_INLINE int do_map_key(struct formatter *f, const unsigned char *s, size_t len,
				    enum layout L)
{
	if (quick_key(f, s, len, L))
		return 1;
	return map_key_slow(f, s, len, L);
}

static NOINLINE int end_map_slow(struct formatter *f, enum layout L)
{
	if (layout_comments(f, L) && !place_close(f))
		return 0;
	if (L == GENERAL && (f->state[f->depth] & CONTAINER_SORTED)) {
		f->state[f->depth] &= (unsigned char)~CONTAINER_SORTED;
		if (sorter_close(&f->sort, &f->output))
			f->out = &f->output;
	}
	close_container(f, '}', COLOR_OBJECT, L);
	return end_value(f);
}

static inline int do_end_map(struct formatter *f, enum layout L)
{
	return quick_close_any(f, '}', L, end_map_slow);
}

static NOINLINE int start_array_slow(struct formatter *f, enum layout L)
{
	return open_container(f, 0, '[', COLOR_ARRAY, L);
}

static inline int do_start_array(struct formatter *f, enum layout L, int (*member)(void *))
{
	if (L != GENERAL && f->key)
		return member(f);
	return quick_open_any(f, 0, "[", L, start_array_slow);
}

/* --- Members whose key is deferred: each writes the member whole, or else
 * takes the general path, which writes the key first --- */

static ALWAYS_INLINE int member_literal(struct formatter *f, const char *w, size_t len,
				     enum layout L, int (*slow)(struct formatter *, enum layout))
{
	return keyed_literal(f, w, len, L) ? 1 : slow(f, L);
}

static ALWAYS_INLINE int member_boolean(struct formatter *f, int b, enum layout L)
{
	if (b)
		return keyed_literal(f, "true", 4, L) ? 1 : boolean_slow(f, 1, L);
	return keyed_literal(f, "false", 5, L) ? 1 : boolean_slow(f, 0, L);
}

static ALWAYS_INLINE int member_number(struct formatter *f, const char *s, size_t len,
				       enum layout L)
{
	return keyed_number(f, s, len, L) ? 1 : number_slow(f, s, len, L);
}

static ALWAYS_INLINE int member_string(struct formatter *f, const unsigned char *s, size_t len,
				       enum layout L)
{
	return keyed_string(f, s, len, L) ? 1 : string_slow(f, s, len, L);
}

static ALWAYS_INLINE int member_open(struct formatter *f, unsigned char bits, char c,
				     enum layout L, int (*slow)(struct formatter *, enum layout))
{
	return keyed_open(f, bits, c, L) ? 1 : slow(f, L);
}

static NOINLINE int end_array_slow(struct formatter *f, enum layout L)
{
	if (layout_comments(f, L) && !place_close(f))
		return 0;
	close_container(f, ']', COLOR_ARRAY, L);
	return end_value(f);
}

static inline int do_end_array(struct formatter *f, enum layout L)
{
	return quick_close_any(f, ']', L, end_array_slow);
}

#define DEFINE_CALLBACKS(L, name)                                              \
static NOINLINE int name##_member_null(void *ctx)                              \
{ return member_literal(ctx, "null", 4, L, null_slow); }                          \
static NOINLINE int name##_member_boolean(void *ctx, int b)                    \
{ return member_boolean(ctx, b, L); }                                          \
static NOINLINE int name##_member_number(void *ctx, const char *s, size_t n)   \
{ return member_number(ctx, s, n, L); }                                        \
static NOINLINE int name##_member_string(void *ctx, const unsigned char *s,    \
					 size_t n)                             \
{ return member_string(ctx, s, n, L); }                                        \
static NOINLINE int name##_member_map(void *ctx)                               \
{ return member_open(ctx, CONTAINER_OBJECT, '{', L, start_map_slow); }         \
static NOINLINE int name##_member_array(void *ctx)                             \
{ return member_open(ctx, 0, '[', L, start_array_slow); }                      \
static int name##_null(void *ctx)                                              \
{ return do_null(ctx, L, name##_member_null); }                                \
static int name##_boolean(void *ctx, int b)                                    \
{ return do_boolean(ctx, b, L, name##_member_boolean); }                       \
static int name##_number(void *ctx, const char *s, size_t n)                   \
{ return do_number(ctx, s, n, L, name##_member_number); }                      \
static int name##_string(void *ctx, const unsigned char *s, size_t n)          \
{ return do_string(ctx, s, n, L, name##_member_string); }                      \
static int name##_start_map(void *ctx)                                         \
{ return do_start_map(ctx, L, name##_member_map); }                            \
static int name##_map_key(void *ctx, const unsigned char *s, size_t n)         \
{ return do_map_key(ctx, s, n, L); }                                           \
static int name##_end_map(void *ctx) { return do_end_map(ctx, L); }            \
static int name##_start_array(void *ctx)                                       \
{ return do_start_array(ctx, L, name##_member_array); }                        \
static int name##_end_array(void *ctx) { return do_end_array(ctx, L); }        \
static const yajl_callbacks name##_callbacks = {                               \
	.yajl_null = name##_null, .yajl_boolean = name##_boolean,              \
	.yajl_number = name##_number, .yajl_string = name##_string,            \
	.yajl_start_map = name##_start_map, .yajl_map_key = name##_map_key,    \
	.yajl_end_map = name##_end_map, .yajl_start_array = name##_start_array,\
	.yajl_end_array = name##_end_array,                                    \
};

DEFINE_CALLBACKS(PLAIN_COMPACT, compact)
DEFINE_CALLBACKS(PLAIN_PRETTY, pretty)
DEFINE_CALLBACKS(GENERAL, general)

const yajl_callbacks *layout_callbacks(enum layout L)
{
	switch (L) {
	case PLAIN_COMPACT:
		return &compact_callbacks;
	case PLAIN_PRETTY:
		return &pretty_callbacks;
	default:
		return &general_callbacks;
	}
}
