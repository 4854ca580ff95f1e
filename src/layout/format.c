/* format.c - the formatter's life cycle and its face to the reader.  See
 * format.h. */
#include "layout/format.h"

#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "layout/layout.h"
#include "layout/pieces.h"
#include "layout/placement.h"
#include "layout/sortlayout.h"

void format_init(struct formatter *f, const struct format_options *opt,
		 const struct feed_hooks *hooks)
{
	memset(f, 0, sizeof *f);
	f->opt = opt;
	f->hooks = hooks;
	f->out = &f->output;
	f->state = xgrow_array(NULL, &f->state_cap, 64, 1);
	f->raw_check = opt->keep_escapes ? RAW_ESCAPED : 0;
	style_init(&f->style, opt);
	f->general = layout_callbacks(GENERAL);
	sorter_init(&f->sort, &f->style, opt->comments);
	fbuffer_init_mem(&f->key_text);
}

void format_reset(struct formatter *f)
{
	if (fbuffer_abandon(&f->output))
		f->top_committed = TOP_NONE;    /* its line was ended */
	f->out = &f->output;
	f->depth = 0;
	f->raw_check = f->opt->keep_escapes ? RAW_ESCAPED : 0;
	f->member_end = f->value_end = f->key = NULL;
	f->values_ended = 0;
	f->top_line = f->top_committed;
	f->record_open = 0;
	f->key_text.len = 0;
	sorter_reset(&f->sort);
}

void format_release(struct formatter *f)
{
	free(f->state);
	sorter_release(&f->sort);
	style_release(&f->style);
	fbuffer_release(&f->key_text);
	free(f->taken);
}

static void sink_reset(void *ctx)
{
	format_reset(ctx);
}

/* Every event writes at least one byte, to the output, to the capture of
 * an object being sorted, or (a key, with comments) to the key's text,
 * whose lengths never fall by more than the output then gains (a key
 * deferred in the input is written by the end of the parse, when this is
 * asked). */
static unsigned long long sink_progress(const void *ctx)
{
	const struct formatter *f = ctx;

	return fbuffer_total(&f->output) + sorter_captured(&f->sort) + f->key_text.len;
}

static void sink_set_raw_check(void *ctx, int on)
{
	struct formatter *f = ctx;

	f->raw_check = (f->raw_check & ~(unsigned)RAW_EVERY) | (on ? RAW_EVERY : 0);
}

static void sink_set_input(void *ctx, const unsigned char *p, size_t len)
{
	struct formatter *f = ctx;

	if (f->key)     /* the input may go now */
		write_key(f, f->opt->compact ? PLAIN_COMPACT : PLAIN_PRETTY);
	f->input = p;
	f->input_len = len;
}

/* --eol: the output's line ends, for this input. */
static void sink_line_end(void *ctx, int crlf)
{
	struct formatter *f = ctx;

	f->output.crlf = f->opt->eol == EOL_CRLF || (f->opt->eol == EOL_AUTO && crlf);
}

static const unsigned char *sink_take_member_end(void *ctx)
{
	struct formatter *f = ctx;
	const unsigned char *e = f->member_end;

	f->member_end = NULL;
	return e;
}

static unsigned long sink_take_value_end(void *ctx, const unsigned char **end)
{
	struct formatter *f = ctx;
	unsigned long n = f->values_ended;

	*end = f->value_end ? document_end(f->value_end) : NULL;
	f->value_end = NULL;
	f->values_ended = 0;
	return n;
}

static int sink_failed(const void *ctx)
{
	return ((const struct formatter *)ctx)->output.error != 0;
}

static void sink_pause(void *ctx)
{
	fbuffer_flush_committed(&((struct formatter *)ctx)->output);
}

static char sink_innermost(const void *ctx)
{
	const struct formatter *f = ctx;

	if (f->depth == 0)
		return 0;
	return f->state[f->depth] & CONTAINER_OBJECT ? '{' : '[';
}

/* The input ended well: the comments left, and the end of the last line,
 * are complete. */
static int sink_end_input(void *ctx)
{
	struct formatter *f = ctx;

	if (place_end(f))
		return 1;
	fbuffer_commit(&f->output);
	f->top_committed = TOP_NONE;
	return 0;
}

/* A message follows: the value being read is dropped; the comments before
 * it are written and the line is ended (sink.h).  A comment that cannot be
 * written (compact output) is left out; the line is ended all the same. */
void format_give_up(void *ctx)
{
	struct formatter *f = ctx;

	format_reset(f);
	if (format_places(f->opt) && place_end(f) && f->top_line != TOP_NONE)
		fbuffer_append_char(&f->output, STYLE_EOL);
	f->top_line = f->top_committed = TOP_NONE;
	fbuffer_commit(&f->output);
}

/* Which callbacks: the plain layouts' where they apply (format_plain()),
 * the -S ones for sorting without colour or comments, else the general
 * ones.  The referee build (general_only) takes the general ones always. */
const yajl_callbacks *format_callbacks(const struct format_options *opt)
{
	if (format_plain(opt))
		return layout_callbacks(opt->compact ? PLAIN_COMPACT : PLAIN_PRETTY);
	if (format_fast(opt) && opt->sort_keys && !opt->comments)
		return format_sort_callbacks();
	return layout_callbacks(GENERAL);
}

void format_sink(struct formatter *f, struct sink *sink)
{
	*sink = (struct sink){
		.ctx = f,
		.callbacks = format_callbacks(f->opt),
		.reset = sink_reset,
		.progress = sink_progress,
		.set_raw_check = sink_set_raw_check,
		.set_input = sink_set_input,
		.line_end = sink_line_end,
		.take_member_end = sink_take_member_end,
		.take_value_end = sink_take_value_end,
		.failed = sink_failed,
		.pause = sink_pause,
		.innermost = sink_innermost,
		.keep_comments = f->opt->comments,
		.accept_comments_alone = f->opt->comments,
		.keep_escapes = f->opt->keep_escapes,
		.keep_blank_lines = f->opt->blank_lines,
		.writes_records = f->opt->seq,
		.no_shortcuts = f->opt->general_only,
		.end_input = format_places(f->opt) ? sink_end_input : NULL,
		.give_up = format_places(f->opt) ? format_give_up : NULL,
	};
}
