/* width_layout.c - the formatter's yajl callbacks for --width: each token
 * is written (escaped, coloured) where the layout engine (width.h) says,
 * and the engine places it.  With --sort-keys, the tokens of an object
 * being sorted are recorded in the sorter's capture, and played to the
 * engine in sorted order once the outermost such object closes, so that
 * the sorted order decides the width. */
#include <stdio.h>
#include <string.h>

#include "format.h"
#include "layout.h"
#include "width.h"

/* A recorded token: its event (one byte), its length, then its bytes. */
#define RECORD_HEAD (1 + sizeof(size_t))

/* Start a token: returns where its bytes start if it is recorded for
 * sorting, else 0, and points f->out where it goes. */
static size_t begin_token(struct formatter *f, enum width_event ev)
{
	if (f->out != &f->output) {
		char head[RECORD_HEAD] = { (char)ev };
		f->width.events++;
		fbuffer_append(f->out, head, RECORD_HEAD);
		return f->out->len;
	}
	f->out = width_begin(&f->width, ev);
	return 0;
}

static void end_token(struct formatter *f, enum width_event ev, size_t recorded,
		      size_t cols)
{
	if (recorded) {
		size_t len = f->out->len - recorded;
		memcpy(f->out->ptr + recorded - sizeof len, &len, sizeof len);
		return;
	}
	f->out = &f->output;
	width_end(&f->width, ev, cols);
}

/* Play the sorted records to the engine. */
static void replay(struct formatter *f)
{
	const char *p = f->width_replay.ptr, *end = p + f->width_replay.len;

	while (p < end) {
		enum width_event ev = (enum width_event)(unsigned char)p[0];
		size_t len;
		memcpy(&len, p + 1, sizeof len);
		p += RECORD_HEAD;
		fbuffer_append(width_begin(&f->width, ev), p, len);
		width_end(&f->width, ev, WIDTH_COUNT);
		p += len;
	}
	f->width_replay.len = 0;
}

/* Before a value: --seq's record separator at the top level. */
static void begin_any_value(struct formatter *f)
{
	if (f->depth == 0 && f->opt->seq)
		fbuffer_append_char(&f->output, '\x1e');
}

static NOINLINE int scalar_slow(struct formatter *f, enum color_class c,
				const char *s, size_t n)
{
	begin_any_value(f);
	size_t rec = begin_token(f, WIDTH_SCALAR);
	token(f, c, s, n, GENERAL);
	end_token(f, WIDTH_SCALAR, rec, n);
	return end_value(f);
}

/* Numbers and literals: uncoloured, not recorded, not at the top (--seq),
 * their bytes are their columns. */
static inline int scalar(struct formatter *f, enum color_class c, const char *s, size_t n)
{
	if (FB_UNLIKELY(f->opt->color || f->out != &f->output || f->depth == 0))
		return scalar_slow(f, c, s, n);
	width_scalar(&f->width, s, n);
	return end_value(f);
}

static int w_null(void *ctx)
{
	return scalar(ctx, COLOR_NULL, "null", 4);
}

static int w_boolean(void *ctx, int b)
{
	return b ? scalar(ctx, COLOR_TRUE, "true", 4) : scalar(ctx, COLOR_FALSE, "false", 5);
}

static int w_number(void *ctx, const char *s, size_t n)
{
	return scalar(ctx, COLOR_NUMBER, s, n);
}

static int w_string(void *ctx, const unsigned char *s, size_t n)
{
	struct formatter *f = ctx;

	begin_any_value(f);
	size_t rec = begin_token(f, WIDTH_SCALAR);
	if (!write_string(f, s, n, COLOR_STRING, GENERAL))
		return 0;
	end_token(f, WIDTH_SCALAR, rec, WIDTH_COUNT);
	return end_value(f);
}

static int open_token(struct formatter *f, unsigned char bits, char c, enum color_class cls)
{
	enum width_event ev = bits & CONTAINER_OBJECT ? WIDTH_OPEN_OBJECT : WIDTH_OPEN_ARRAY;

	begin_any_value(f);
	size_t rec = begin_token(f, ev);
	token(f, cls, &c, 1, GENERAL);
	end_token(f, ev, rec, 1);
	f->depth++;
	if (FB_UNLIKELY(f->depth >= f->state_cap))
		f->state = xgrow_array(f->state, &f->state_cap, f->depth + 1, 1);
	f->state[f->depth] = bits;
	return 1;
}

static int close_token(struct formatter *f, char c, enum color_class cls)
{
	f->depth--;
	size_t rec = begin_token(f, WIDTH_CLOSE);
	token(f, cls, &c, 1, GENERAL);
	end_token(f, WIDTH_CLOSE, rec, 1);
	return end_value(f);
}

static int w_start_map(void *ctx)
{
	struct formatter *f = ctx;

	open_token(f, CONTAINER_OBJECT, '{', COLOR_OBJECT);
	if (f->opt->sort_keys) {
		f->out = sorter_open(&f->sort);
		f->state[f->depth] |= CONTAINER_SORTED;
	}
	return 1;
}

static int w_map_key(void *ctx, const unsigned char *s, size_t n)
{
	struct formatter *f = ctx;

	if (f->state[f->depth] & CONTAINER_SORTED)
		sorter_member(&f->sort, s, n, f->out->len);    /* no separator */
	size_t rec = begin_token(f, WIDTH_KEY);
	if (!write_string(f, s, n, COLOR_KEY, GENERAL))
		return 0;
	write_colon(f, GENERAL);
	end_token(f, WIDTH_KEY, rec, WIDTH_COUNT);
	return 1;
}

static int w_end_map(void *ctx)
{
	struct formatter *f = ctx;

	if (f->state[f->depth] & CONTAINER_SORTED &&
	    sorter_close(&f->sort, &f->width_replay)) {
		f->out = &f->output;
		replay(f);
	}
	return close_token(f, '}', COLOR_OBJECT);
}

static int w_start_array(void *ctx)
{
	return open_token(ctx, 0, '[', COLOR_ARRAY);
}

static int w_end_array(void *ctx)
{
	return close_token(ctx, ']', COLOR_ARRAY);
}

static const yajl_callbacks width_callbacks = {
	.yajl_null = w_null, .yajl_boolean = w_boolean, .yajl_number = w_number,
	.yajl_string = w_string, .yajl_start_map = w_start_map,
	.yajl_map_key = w_map_key, .yajl_end_map = w_end_map,
	.yajl_start_array = w_start_array, .yajl_end_array = w_end_array,
};

const yajl_callbacks *format_width_callbacks(void)
{
	return &width_callbacks;
}

void format_width_init(struct formatter *f)
{
	const struct format_options *opt = f->opt;

	for (int obj = 0; obj < 2; obj++) {
		const char *seq = opt->color_seq[obj ? COLOR_OBJECT : COLOR_ARRAY];
		if (opt->color)
			snprintf(f->width_comma[obj], sizeof f->width_comma[obj], "%s,\033[0m", seq);
		else
			strcpy(f->width_comma[obj], ",");
	}
	struct width_style style = {
		.limit = (size_t)opt->width,
		.indent = (size_t)opt->indent,
		.indent_char = opt->indent_char,
		.color = opt->color,
		.comma = { f->width_comma[0], f->width_comma[1] },
	};
	width_init(&f->width, &style, &f->output);
	fbuffer_init_mem(&f->width_replay);
}
