/* validate.c - checking an input without writing it.  See validate.h. */
#include "layout/validate.h"

#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "text/escape.h"
#include "base/fbuffer.h"

void validate_init(struct validator *v, const struct feed_hooks *hooks)
{
	memset(v, 0, sizeof *v);
	v->hooks = hooks;
	v->in_object = xgrow_array(NULL, &v->cap, 64, 1);
}

void validate_release(struct validator *v)
{
	free(v->in_object);
	v->in_object = NULL;
}

/* A value has ended: a member's, an element's or a whole document's. */
static int value_done(struct validator *v)
{
	v->events++;
	if (v->depth != 0) {
		if (v->in_object[v->depth])
			return v->hooks->member_end(v->hooks->ctx);
		return 1;
	}
	return v->hooks->value_end(v->hooks->ctx);
}

static int on_scalar(void *ctx)
{
	return value_done(ctx);
}

static int on_boolean(void *ctx, int b)
{
	(void)b;
	return value_done(ctx);
}

static int on_number(void *ctx, const char *s, size_t len)
{
	(void)s;
	(void)len;
	return value_done(ctx);
}

static int check_utf8(struct validator *v, const unsigned char *s, size_t len)
{
	if (FB_UNLIKELY(v->raw_check)) {
		/* An unpaired surrogate escape: yajl's decoding of it is not
		 * UTF-8, so check the text as written instead. */
		if (v->hooks->raw_string(v->hooks->ctx, &s, &len) < 0)
			return 0;
	}
	if (FB_LIKELY(utf8_check(s, len) == 0))
		return 1;
	v->hooks->invalid_utf8(v->hooks->ctx);
	return 0;
}

static int on_string(void *ctx, const unsigned char *s, size_t len)
{
	return check_utf8(ctx, s, len) && value_done(ctx);
}

static int on_key(void *ctx, const unsigned char *s, size_t len)
{
	((struct validator *)ctx)->events++;
	return check_utf8(ctx, s, len);
}

static int open_container(struct validator *v, int object)
{
	v->events++;
	v->depth++;
	if (FB_UNLIKELY(v->depth >= v->cap))
		v->in_object = xgrow_array(v->in_object, &v->cap, v->depth + 1, 1);
	v->in_object[v->depth] = (unsigned char)object;
	return 1;
}

static int on_open_map(void *ctx)
{
	return open_container(ctx, 1);
}

static int on_open_array(void *ctx)
{
	return open_container(ctx, 0);
}

static int on_close(void *ctx)
{
	struct validator *v = ctx;

	v->depth--;
	return value_done(v);
}

static const yajl_callbacks callbacks = {
	.yajl_null = on_scalar,
	.yajl_boolean = on_boolean,
	.yajl_number = on_number,
	.yajl_string = on_string,
	.yajl_start_map = on_open_map,
	.yajl_map_key = on_key,
	.yajl_end_map = on_close,
	.yajl_start_array = on_open_array,
	.yajl_end_array = on_close,
};

static void sink_reset(void *ctx)
{
	struct validator *v = ctx;

	v->depth = 0;
	v->raw_check = 0;
}

static unsigned long long sink_progress(const void *ctx)
{
	return ((const struct validator *)ctx)->events;
}

static void sink_set_raw_check(void *ctx, int on)
{
	((struct validator *)ctx)->raw_check = on;
}

static int sink_failed(const void *ctx)
{
	(void)ctx;
	return 0;       /* there is no output to fail */
}

static void sink_pause(void *ctx)
{
	(void)ctx;
}

static char sink_innermost(const void *ctx)
{
	const struct validator *v = ctx;

	if (v->depth == 0)
		return 0;
	return v->in_object[v->depth] ? '{' : '[';
}

void validate_sink(struct validator *v, struct sink *sink)
{
	*sink = (struct sink){
		.ctx = v,
		.callbacks = &callbacks,
		.reset = sink_reset,
		.progress = sink_progress,
		.set_raw_check = sink_set_raw_check,
		.failed = sink_failed,
		.pause = sink_pause,
		.innermost = sink_innermost,
	};
}
