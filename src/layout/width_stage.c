/* width_stage.c - --width with --sort-keys: each outermost object laid
 * out sorted first, then parsed again into the --width callbacks.  See
 * width_stage.h. */
#include "layout/width_stage.h"

#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"

static int stage_value_end(void *ctx)
{
	(void)ctx;
	return 1;               /* an object ended: the callbacks below see it */
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

static int replay_value_end(void *ctx)
{
	struct width_stage *st = ctx;
	return st->outer->value_end(st->outer->ctx);
}

/* A string of the stage's text that yajl copied out (it holds escapes):
 * its text there, between its quotes, which the stage wrote as it is to
 * be written. */
static int replay_raw_string(void *ctx, const unsigned char **raw, size_t *len)
{
	struct width_stage *st = ctx;
	const unsigned char *text = (const unsigned char *)st->fmt.output.ptr;
	size_t end = yajl_get_bytes_consumed(st->replay_handle) - 1, q = end;

	/* the opening quote: the first one back not escaped (the text is
	 * jfmt's own, so it is there) */
	for (;;) {
		while (text[--q] != '"')
			;
		size_t b = q;
		while (text[b - 1] == '\\')
			b--;
		if ((q - b) % 2 == 0)
			break;
	}
	*raw = text + q + 1;
	*len = end - (q + 1);
	return 1;
}

int width_stage_done(struct formatter *f, int rc)
{
	struct width_stage *st = f->width_stage;

	f->width.events++;      /* progress, for the reader */
	if (!rc || st->fmt.depth > 0)
		return rc;
	yajl_handle h = yajl_alloc(st->replay, &alloc_yajl, f);
	if (!h)
		out_of_memory();
	yajl_config(h, yajl_dont_validate_strings, 1);
	st->replaying = 1;
	st->replay_handle = h;
	unsigned raw = f->raw_check;
	int plain = f->width.plain;
	const struct feed_hooks *hooks = f->hooks;
	/* The stage wrote each string as it is to be written: one that holds
	 * escapes there (an unpaired surrogate, -a's, a kept one) is copied
	 * from that text as it is, not decoded by yajl and escaped again,
	 * which would lose an unpaired surrogate. */
	f->raw_check = RAW_ESCAPED;
	f->replay = (const unsigned char *)st->fmt.output.ptr;
	f->replay_len = st->fmt.output.len;
	f->hooks = &st->replay_hooks;
	f->width.plain = width_fast(f->opt, 1);
	rc = yajl_parse(h, (const unsigned char *)st->fmt.output.ptr, st->fmt.output.len) ==
		     yajl_status_ok &&
	     yajl_complete_parse(h) == yajl_status_ok;
	f->raw_check = raw;
	f->replay = NULL;
	f->replay_len = 0;
	f->hooks = hooks;
	f->width.plain = plain;
	st->replaying = 0;
	yajl_free(h);
	st->fmt.output.len = 0;
	fbuffer_commit(&st->fmt.output);
	return rc;
}

struct width_stage *width_stage_new(struct formatter *f, const yajl_callbacks *replay)
{
	const struct format_options *opt = f->opt;

	if (!opt->sort_keys)
		return NULL;
	struct width_stage *st = xrealloc(NULL, sizeof *st);
	memset(st, 0, sizeof *st);
	st->opt = *opt;
	st->opt.compact = 1;
	st->opt.color = 0;
	st->opt.seq = 0;
	st->opt.width = 0;
	st->opt.comments = 0;
	st->opt.blank_lines = 0;
	st->outer = f->hooks;
	st->replay = replay;
	st->hooks = (struct feed_hooks){
		.ctx = st,
		.value_end = stage_value_end,
		.member_end = stage_member_end,
		.raw_string = stage_raw_string,
		.invalid_utf8 = stage_invalid_utf8,
	};
	st->replay_hooks = (struct feed_hooks){
		.ctx = st,
		.value_end = replay_value_end,
		.member_end = stage_member_end,
		.raw_string = replay_raw_string,
		.invalid_utf8 = stage_invalid_utf8,
	};
	format_init(&st->fmt, &st->opt, &st->hooks);
	fbuffer_init_mem(&st->fmt.output);
	st->cbs = format_callbacks(&st->opt);
	return st;
}

void width_stage_reset(struct width_stage *st)
{
	format_reset(&st->fmt);
	st->fmt.output.len = 0;
	fbuffer_commit(&st->fmt.output);
}

void width_stage_free(struct width_stage *st)
{
	if (!st)
		return;
	fbuffer_release(&st->fmt.output);
	format_release(&st->fmt);
	free(st);
}
