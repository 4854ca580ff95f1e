/* width_layout.c - the formatter's yajl callbacks for --width: each token
 * is written (escaped, coloured) where the layout engine (width.h) says,
 * and the engine places it.
 *
 * With --sort-keys the sorted order decides the width: each outermost
 * object is first laid out by a formatter of its own (the stage), compact
 * and sorted, into memory, and its text is then parsed again, in sorted
 * order, into these callbacks.  Memory is that of --sort-keys: the largest
 * object, a few times over.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "format.h"
#include "layout.h"
#include "width.h"

struct width_stage {
	struct format_options opt;      /* compact and sorted */
	struct feed_hooks hooks;        /* the stage's, passing on to: */
	const struct feed_hooks *outer; /* the reader's */
	struct formatter fmt;
	const yajl_callbacks *cbs;      /* fmt's */
	int replaying;                  /* the stage's text is being parsed */
};

/* Start a token, and point f->out where its bytes go. */
static size_t begin_token(struct formatter *f, enum width_event ev)
{
	f->out = width_begin(&f->width, ev);
	return 0;
}

static void end_token(struct formatter *f, enum width_event ev, size_t recorded,
		      size_t cols)
{
	(void)recorded;
	f->out = &f->output;
	width_end(&f->width, ev, cols);
}

/* --- Sorting: the stage --- */

static int stage_value_end(void *ctx)
{
	(void)ctx;
	return 0;               /* an object ended: the callbacks below see it */
}

static int stage_member_end(void *ctx)
{
	struct width_stage *st = ctx;
	return st->outer->member_end(st->outer->ctx);
}

static int stage_raw_string(void *ctx, const unsigned char **raw, size_t *len)
{
	struct width_stage *st = ctx;
	return st->outer->raw_string(st->outer->ctx, raw, len);
}

static void stage_invalid_utf8(void *ctx)
{
	struct width_stage *st = ctx;
	st->outer->invalid_utf8(st->outer->ctx);
}

/* Whether events go to the stage: an object being sorted is open. */
static inline int staged(const struct formatter *f)
{
	return f->width_stage && f->width_stage->fmt.depth > 0;
}

/* The stage has handled an event (rc, yajl's go on); when its object is
 * complete, parse its text into the engine. */
static int staged_done(struct formatter *f, int rc)
{
	struct width_stage *st = f->width_stage;

	f->width.events++;      /* progress, for the reader */
	if (!rc || st->fmt.depth > 0)
		return rc;
	yajl_handle h = yajl_alloc(format_width_callbacks(), NULL, f);
	if (!h)
		out_of_memory();
	yajl_config(h, yajl_dont_validate_strings, 1);
	st->replaying = 1;
	int raw = f->raw_check;
	f->raw_check = 0;       /* the stage wrote the raw text already */
	rc = yajl_parse(h, (const unsigned char *)st->fmt.output.ptr, st->fmt.output.len) ==
		     yajl_status_ok &&
	     yajl_complete_parse(h) == yajl_status_ok;
	f->raw_check = raw;
	st->replaying = 0;
	yajl_free(h);
	st->fmt.output.len = 0;
	fbuffer_commit(&st->fmt.output);
	return rc;
}

#define STAGED(f, call) \
	do { if (staged(f)) return staged_done(f, (f)->width_stage->cbs->call); } while (0)

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
	struct formatter *f = ctx;

	STAGED(f, yajl_null(&f->width_stage->fmt));
	return scalar(ctx, COLOR_NULL, "null", 4);
}

static int w_boolean(void *ctx, int b)
{
	struct formatter *f = ctx;

	STAGED(f, yajl_boolean(&f->width_stage->fmt, b));
	return b ? scalar(ctx, COLOR_TRUE, "true", 4) : scalar(ctx, COLOR_FALSE, "false", 5);
}

static int w_number(void *ctx, const char *s, size_t n)
{
	struct formatter *f = ctx;

	STAGED(f, yajl_number(&f->width_stage->fmt, s, n));
	return scalar(ctx, COLOR_NUMBER, s, n);
}

static int w_string(void *ctx, const unsigned char *s, size_t n)
{
	struct formatter *f = ctx;

	STAGED(f, yajl_string(&f->width_stage->fmt, s, n));
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

	STAGED(f, yajl_start_map(&f->width_stage->fmt));
	if (f->width_stage && !f->width_stage->replaying)
		return staged_done(f, f->width_stage->cbs->yajl_start_map(&f->width_stage->fmt));
	return open_token(f, CONTAINER_OBJECT, '{', COLOR_OBJECT);
}

static int w_map_key(void *ctx, const unsigned char *s, size_t n)
{
	struct formatter *f = ctx;

	STAGED(f, yajl_map_key(&f->width_stage->fmt, s, n));
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

	STAGED(f, yajl_end_map(&f->width_stage->fmt));
	return close_token(f, '}', COLOR_OBJECT);
}

static int w_start_array(void *ctx)
{
	struct formatter *f = ctx;

	STAGED(f, yajl_start_array(&f->width_stage->fmt));
	return open_token(ctx, 0, '[', COLOR_ARRAY);
}

static int w_end_array(void *ctx)
{
	struct formatter *f = ctx;

	STAGED(f, yajl_end_array(&f->width_stage->fmt));
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
	f->width_stage = NULL;
	if (!opt->sort_keys)
		return;
	struct width_stage *st = xrealloc(NULL, sizeof *st);
	memset(st, 0, sizeof *st);
	st->opt = *opt;
	st->opt.compact = 1;
	st->opt.color = 0;
	st->opt.seq = 0;
	st->opt.width = 0;
	st->opt.comments = 0;
	st->outer = f->hooks;
	st->hooks = (struct feed_hooks){
		.ctx = st,
		.value_end = stage_value_end,
		.member_end = stage_member_end,
		.raw_string = stage_raw_string,
		.invalid_utf8 = stage_invalid_utf8,
	};
	format_init(&st->fmt, &st->opt, &st->hooks);
	fbuffer_init_mem(&st->fmt.output);
	st->cbs = format_callbacks(&st->opt);
	f->width_stage = st;
}

void format_width_reset(struct formatter *f)
{
	width_reset(&f->width);
	if (f->width_stage) {
		format_reset(&f->width_stage->fmt);
		f->width_stage->fmt.output.len = 0;
		fbuffer_commit(&f->width_stage->fmt.output);
	}
}

void format_width_release(struct formatter *f)
{
	width_release(&f->width);
	if (f->width_stage) {
		fbuffer_release(&f->width_stage->fmt.output);
		format_release(&f->width_stage->fmt);
		free(f->width_stage);
		f->width_stage = NULL;
	}
}
