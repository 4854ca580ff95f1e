/* width_format.c - --width's consumer: the formatter's yajl callbacks
 * for --width, where each token is written (escaped, coloured) where the
 * layout engine (width.h) says, and the engine places it.  With
 * --sort-keys, the events of each outermost object go through the stage
 * first (width_stage.h); with comments, each token's go before it
 * (width_comments.h).  See width_format.h.
 */
#include "layout/width_format.h"

#include <stdio.h>
#include <string.h>

#include "base/alloc.h"
#include "layout/pieces.h"
#include "layout/placement.h"
#include "layout/width_comments.h"
#include "layout/width_stage.h"
#include "width/width.h"
#include "width/width_quick.h"

/* Start a token, and point f->out where its bytes go.  Both are inlined
 * whole, as width_begin() and width_end() reduce to a few lines for each
 * event. */
WIDTH_INLINE void begin_token(struct formatter *f, enum width_event ev)
{
	f->out = width_begin(&f->width, ev);
}

WIDTH_INLINE void end_token(struct formatter *f, enum width_event ev, size_t cols)
{
	f->out = &f->output;
	width_end(&f->width, ev, cols);
}

/* With --sort-keys, an event inside an object being sorted goes to the
 * stage (width_stage.h), which asks for a string's raw text when f would
 * (the reader tells f). */
#define STAGED(f, call) \
	do { \
		if (width_staged(f)) { \
			(f)->width_stage->fmt.raw_check = (f)->raw_check; \
			return width_stage_done(f, (f)->width_stage->cbs->call); \
		} \
	} while (0)

/* Before a value: the comments before it, and --seq's record separator
 * at the top level.  Returns 1 to go on, 0 to stop. */
static int begin_any_value(struct formatter *f)
{
	if (FB_UNLIKELY(format_places(f->opt)) && !width_place_value(f))
		return 0;
	if (f->depth == 0)
		begin_document(f);
	return 1;
}

/* --- The general path, out of line --- */

static int scalar_slow(struct formatter *f, enum color_class c, const char *s, size_t n)
{
	if (!begin_any_value(f))
		return 0;
	begin_token(f, WIDTH_SCALAR);
	write_token(f, c, s, n, GENERAL);
	end_token(f, WIDTH_SCALAR, n);
	return end_value(f);
}

static NOINLINE int null_slow(struct formatter *f)
{
	STAGED(f, yajl_null(&f->width_stage->fmt));
	return scalar_slow(f, COLOR_NULL, "null", 4);
}

static NOINLINE int boolean_slow(struct formatter *f, int b)
{
	STAGED(f, yajl_boolean(&f->width_stage->fmt, b));
	return b ? scalar_slow(f, COLOR_TRUE, "true", 4) : scalar_slow(f, COLOR_FALSE, "false", 5);
}

static NOINLINE int number_slow(struct formatter *f, const char *s, size_t n)
{
	STAGED(f, yajl_number(&f->width_stage->fmt, s, n));
	return scalar_slow(f, COLOR_NUMBER, s, n);
}

static NOINLINE int string_slow(struct formatter *f, const unsigned char *s, size_t n)
{
	STAGED(f, yajl_string(&f->width_stage->fmt, s, n));
	if (!begin_any_value(f))
		return 0;
	begin_token(f, WIDTH_SCALAR);
	if (!write_string(f, s, n, COLOR_STRING, GENERAL))
		return 0;
	end_token(f, WIDTH_SCALAR, WIDTH_COUNT);
	return end_value(f);
}

static int open_token(struct formatter *f, unsigned char bits, char c, enum color_class cls)
{
	enum width_event ev = bits & CONTAINER_OBJECT ? WIDTH_OPEN_OBJECT : WIDTH_OPEN_ARRAY;

	if (!begin_any_value(f))
		return 0;
	begin_token(f, ev);
	write_token(f, cls, &c, 1, GENERAL);
	end_token(f, ev, 1);
	f->depth++;
	if (FB_UNLIKELY(f->depth >= f->state_cap))
		f->state = xgrow_array(f->state, &f->state_cap, f->depth + 1, 1);
	f->state[f->depth] = bits;
	return 1;
}

static int close_token(struct formatter *f, char c, enum color_class cls)
{
	if (FB_UNLIKELY(format_places(f->opt)) && !width_place_close(f))
		return 0;
	f->depth--;
	begin_token(f, WIDTH_CLOSE);
	write_token(f, cls, &c, 1, GENERAL);
	end_token(f, WIDTH_CLOSE, 1);
	return end_value(f);
}

static NOINLINE int start_map_slow(struct formatter *f)
{
	STAGED(f, yajl_start_map(&f->width_stage->fmt));
	if (f->width_stage && !f->width_stage->replaying)
		return width_stage_done(f, f->width_stage->cbs->yajl_start_map(&f->width_stage->fmt));
	return open_token(f, CONTAINER_OBJECT, '{', COLOR_OBJECT);
}

/* With comments, a key waits for its value in key_text (width_comments.h). */
static int comment_key(struct formatter *f, const unsigned char *s, size_t n)
{
	if (!width_place_key(f))
		return 0;
	f->out = place_key_text(f);
	int ok = write_string(f, s, n, COLOR_KEY, GENERAL);
	if (ok)
		write_colon(f, GENERAL);
	f->out = &f->output;
	return ok;
}

static NOINLINE int map_key_slow(struct formatter *f, const unsigned char *s, size_t n)
{
	STAGED(f, yajl_map_key(&f->width_stage->fmt, s, n));
	if (FB_UNLIKELY(format_places(f->opt)))
		return comment_key(f, s, n);
	begin_token(f, WIDTH_KEY);
	if (!write_string(f, s, n, COLOR_KEY, GENERAL))
		return 0;
	write_colon(f, GENERAL);
	end_token(f, WIDTH_KEY, WIDTH_COUNT);
	return 1;
}

static NOINLINE int end_map_slow(struct formatter *f)
{
	STAGED(f, yajl_end_map(&f->width_stage->fmt));
	return close_token(f, '}', COLOR_OBJECT);
}

static NOINLINE int start_array_slow(struct formatter *f)
{
	STAGED(f, yajl_start_array(&f->width_stage->fmt));
	return open_token(f, 0, '[', COLOR_ARRAY);
}

static NOINLINE int end_array_slow(struct formatter *f)
{
	STAGED(f, yajl_end_array(&f->width_stage->fmt));
	return close_token(f, ']', COLOR_ARRAY);
}

/* --- The callbacks: the engine's quick paths (width/width_quick.h) where
 * they apply ---
 *
 * Inside a container, with neither colour nor sorting, most tokens take a
 * quick path; the rest, and the rare work after one, are out of line and
 * called last, so that the callbacks need not save registers. */

WIDTH_INLINE int quick(const struct formatter *f)
{
	return FB_LIKELY(f->width.plain && f->depth != 0);
}

static NOINLINE int settle_value(struct formatter *f)
{
	width_settle(&f->width);
	return end_value(f);
}

static NOINLINE int invalid_string(struct formatter *f)
{
	f->hooks->invalid_utf8(f->hooks->ctx);
	return 0;
}

/* After a value a quick path took: `q` is not WQ_NONE. */
WIDTH_INLINE int quick_value_end(struct formatter *f, int q)
{
	if (FB_LIKELY(q == WQ_DONE))
		return end_value(f);
	return q == WQ_SETTLE ? settle_value(f) : invalid_string(f);
}

static int w_null(void *ctx)
{
	struct formatter *f = ctx;
	int q;

	if (quick(f) && (q = wq_scalar(&f->width, "null", 4)) != WQ_NONE)
		return quick_value_end(f, q);
	return null_slow(f);
}

static int w_boolean(void *ctx, int b)
{
	struct formatter *f = ctx;
	int q;

	if (quick(f) && (q = b ? wq_scalar(&f->width, "true", 4) :
			     wq_scalar(&f->width, "false", 5)) != WQ_NONE)
		return quick_value_end(f, q);
	return boolean_slow(f, b);
}

static int w_number(void *ctx, const char *s, size_t n)
{
	struct formatter *f = ctx;
	int q;

	if (quick(f) && (q = wq_scalar(&f->width, s, n)) != WQ_NONE)
		return quick_value_end(f, q);
	return number_slow(f, s, n);
}

static int w_string(void *ctx, const unsigned char *s, size_t n)
{
	struct formatter *f = ctx;
	int q;

	if (quick(f) && FB_LIKELY(!needs_raw(f, s)) &&
	    (q = wq_string(&f->width, s, n, f->opt->escape_mode)) != WQ_NONE)
		return quick_value_end(f, q);
	return string_slow(f, s, n);
}

static int w_map_key(void *ctx, const unsigned char *s, size_t n)
{
	struct formatter *f = ctx;
	int q;

	if (quick(f) && FB_LIKELY(!needs_raw(f, s)) &&
	    (q = wq_key(&f->width, s, n, f->opt->escape_mode)) != WQ_NONE)
		return FB_LIKELY(q == WQ_DONE) ? 1 : invalid_string(f);
	return map_key_slow(f, s, n);
}

static NOINLINE int settle_open(struct formatter *f)
{
	width_settle(&f->width);
	return 1;
}

/* An opening bracket: the quick path, as open_token(), else `slow`. */
WIDTH_INLINE int open_bracket(struct formatter *f, unsigned char bits,
			      int (*slow)(struct formatter *))
{
	int q;

	if (!quick(f) || FB_UNLIKELY(f->depth + 1 >= f->state_cap) ||
	    (q = wq_open(&f->width, bits & CONTAINER_OBJECT)) == WQ_NONE)
		return slow(f);
	f->state[++f->depth] = bits;
	return FB_LIKELY(q == WQ_DONE) ? 1 : settle_open(f);
}

static int w_start_map(void *ctx)
{
	return open_bracket(ctx, CONTAINER_OBJECT, start_map_slow);
}

static int w_start_array(void *ctx)
{
	return open_bracket(ctx, 0, start_array_slow);
}

/* The front closes (out of line, as its copies need registers). */
static NOINLINE __attribute__((flatten)) int close_front(struct formatter *f, char bracket)
{
	if (wq_close_front(&f->width, bracket) == WQ_NONE)
		return bracket == '}' ? end_map_slow(f) : end_array_slow(f);
	f->depth--;
	return end_value(f);
}

/* A closing bracket: the quick path, else `slow`; not for the document's
 * last one, which ends it. */
WIDTH_INLINE int close_bracket(struct formatter *f, char bracket,
			       int (*slow)(struct formatter *))
{
	int q;

	if (!FB_LIKELY(f->width.plain && f->depth > 1) ||
	    (q = wq_close(&f->width, bracket)) == WQ_NONE)
		return slow(f);
	if (q == WQ_FRONT)
		return close_front(f, bracket);
	f->depth--;
	return quick_value_end(f, q);
}

static int w_end_map(void *ctx)
{
	return close_bracket(ctx, '}', end_map_slow);
}

static int w_end_array(void *ctx)
{
	return close_bracket(ctx, ']', end_array_slow);
}

static const yajl_callbacks width_callbacks = {
	.yajl_null = w_null, .yajl_boolean = w_boolean, .yajl_number = w_number,
	.yajl_string = w_string, .yajl_start_map = w_start_map,
	.yajl_map_key = w_map_key, .yajl_end_map = w_end_map,
	.yajl_start_array = w_start_array, .yajl_end_array = w_end_array,
};

/* Progress, for the reader (sink.progress): an event may be held instead
 * of written, but its columns count, as every token has some. */
static unsigned long long width_progress(const void *ctx)
{
	const struct formatter *f = ctx;

	return fbuffer_total(&f->output) + f->width.col + f->width.events;
}

static void width_sink_reset(void *ctx)
{
	struct formatter *f = ctx;

	format_reset(f);
	width_reset(&f->width);
	if (f->width_stage)
		width_stage_reset(f->width_stage);
}

/* A message follows (sink.give_up): what is held goes with the value. */
static void width_give_up(void *ctx)
{
	width_sink_reset(ctx);
	format_give_up(ctx);
}

void width_format_init(struct formatter *f, const struct format_options *opt,
		       const struct feed_hooks *hooks)
{
	format_init(f, opt, hooks);
	for (int obj = 0; obj < 2; obj++) {
		const char *seq = opt->color_seq[obj ? COLOR_OBJECT : COLOR_ARRAY];
		if (opt->color)
			snprintf(f->width_comma[obj], sizeof f->width_comma[obj], "%s,\033[0m", seq);
		else
			strcpy(f->width_comma[obj], ",");
	}
	struct width_style style = {
		.limit = (size_t)opt->width,
		.layout = &f->style,
		.color = opt->color,
		.comma = { f->width_comma[0], f->width_comma[1] },
	};
	width_init(&f->width, &style, &f->output);
	/* with comments, every token takes the general path, to place them */
	f->width.plain = width_fast(opt, 0) && !format_places(opt);
	f->width_stage = width_stage_new(f, &width_callbacks);
}

void width_format_sink(struct formatter *f, struct sink *sink)
{
	format_sink(f, sink);
	sink->callbacks = &width_callbacks;
	sink->reset = width_sink_reset;
	sink->progress = width_progress;
	if (sink->give_up)
		sink->give_up = width_give_up;
}

void width_format_release(struct formatter *f)
{
	width_release(&f->width);
	width_stage_free(f->width_stage);
	f->width_stage = NULL;
	format_release(f);
}

void width_format_element_next(struct formatter *f)
{
	width_element_next(&f->width);
}
