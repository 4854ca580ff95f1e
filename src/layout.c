/* layout.c - the formatter's yajl callbacks: pretty or compact, coloured
 * or not, keys sorted or not.  The pieces they are built from are in
 * layout.h and quick.h. */
#include "format.h"
#include "layout.h"
#include "quick.h"
#include "sortlayout.h"

/* --- yajl callbacks, one set per layout --- */

static NOINLINE int null_slow(struct formatter *f, enum layout L)
{
	return value_token(f, COLOR_NULL, "null", 4, L) && end_value(f);
}

static inline int do_null(struct formatter *f, enum layout L)
{
	int q = quick_value(f, "null", 4, L);

	return FB_LIKELY(q == QUICK_DONE) ? 1 : q ? member_done(f) : null_slow(f, L);
}

static NOINLINE int boolean_slow(struct formatter *f, int b, enum layout L)
{
	if (b)
		return value_token(f, COLOR_TRUE, "true", 4, L) && end_value(f);
	return value_token(f, COLOR_FALSE, "false", 5, L) && end_value(f);
}

static inline int do_boolean(struct formatter *f, int b, enum layout L)
{
	int q = quick_value(f, b ? "true" : "false", b ? 4 : 5, L);

	return FB_LIKELY(q == QUICK_DONE) ? 1 : q ? member_done(f) : boolean_slow(f, b, L);
}

/* Numbers arrive as their text, which is kept byte for byte. */
static NOINLINE int number_slow(struct formatter *f, const char *s, size_t len, enum layout L)
{
	return value_token(f, COLOR_NUMBER, s, len, L) && end_value(f);
}

static inline int do_number(struct formatter *f, const char *s, size_t len, enum layout L)
{
	if (quick_member_number(f, s, len, L))
		return 1;
	int q = quick_value(f, s, len, L);

	return FB_LIKELY(q == QUICK_DONE) ? 1 : q ? member_done(f) : number_slow(f, s, len, L);
}

static NOINLINE int string_slow(struct formatter *f, const unsigned char *s, size_t len,
			       enum layout L)
{
	if (L != GENERAL && FB_LIKELY(!f->raw_check)) {
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
				   enum layout L)
{
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

static inline int do_start_map(struct formatter *f, enum layout L)
{
	return quick_open_any(f, CONTAINER_OBJECT, "{", L, start_map_slow);
}

static NOINLINE int map_key_slow(struct formatter *f, const unsigned char *s, size_t len,
				enum layout L)
{
	unsigned char *st = &f->state[f->depth];

	if (L != GENERAL && FB_LIKELY(!f->raw_check)) {
		size_t n;
		const char *sep = plain_element_separator(f, *st & CONTAINER_MEMBERS, L, &n);
		*st |= CONTAINER_MEMBERS;
		if (FB_UNLIKELY(escape_string_framed(&f->output, sep, n, s, len, ": ",
						     L == PLAIN_COMPACT ? 1 : 2, 0) < 0)) {
			f->hooks->invalid_utf8(f->hooks->ctx);
			return 0;
		}
		return 1;
	}
	if (has_comments(f, L)) {
		if (!place_element(f, *st & CONTAINER_MEMBERS, COLOR_OBJECT, 1))
			return 0;
	} else if (L == GENERAL && (*st & CONTAINER_SORTED)) {
		size_t sep = f->out->len;
		separator(f, *st & CONTAINER_MEMBERS, COLOR_OBJECT, L);
		sorter_member(&f->sort, sep);
	} else {
		separator(f, *st & CONTAINER_MEMBERS, COLOR_OBJECT, L);
	}
	*st |= CONTAINER_MEMBERS;
	if (!write_string(f, s, len, COLOR_KEY, L))
		return 0;
	write_colon(f, L);
	return 1;
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
	if (has_comments(f, L) && !place_close(f))
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

static inline int do_start_array(struct formatter *f, enum layout L)
{
	return quick_open_any(f, 0, "[", L, start_array_slow);
}

static NOINLINE int end_array_slow(struct formatter *f, enum layout L)
{
	if (has_comments(f, L) && !place_close(f))
		return 0;
	close_container(f, ']', COLOR_ARRAY, L);
	return end_value(f);
}

static inline int do_end_array(struct formatter *f, enum layout L)
{
	return quick_close_any(f, ']', L, end_array_slow);
}

#define DEFINE_CALLBACKS(L, name)                                              \
static int name##_null(void *ctx) { return do_null(ctx, L); }                  \
static int name##_boolean(void *ctx, int b) { return do_boolean(ctx, b, L); }  \
static int name##_number(void *ctx, const char *s, size_t n)                   \
{ return do_number(ctx, s, n, L); }                                            \
static int name##_string(void *ctx, const unsigned char *s, size_t n)          \
{ return do_string(ctx, s, n, L); }                                            \
static int name##_start_map(void *ctx) { return do_start_map(ctx, L); }        \
static int name##_map_key(void *ctx, const unsigned char *s, size_t n)         \
{ return do_map_key(ctx, s, n, L); }                                           \
static int name##_end_map(void *ctx) { return do_end_map(ctx, L); }            \
static int name##_start_array(void *ctx) { return do_start_array(ctx, L); }    \
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

const yajl_callbacks *format_general_callbacks(void)
{
	return &general_callbacks;
}

const yajl_callbacks *format_callbacks(const struct format_options *opt)
{
	if (format_uses_width(opt))
		return format_width_callbacks();
	if (opt->sort_keys && !opt->color && !opt->comments)
		return format_sort_callbacks();
	if (opt->color || opt->sort_keys || opt->seq || opt->escape_mode || opt->comments)
		return &general_callbacks;
	return opt->compact ? &compact_callbacks : &pretty_callbacks;
}
