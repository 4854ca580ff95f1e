/* parse_hooks.c - what the consumer tells the parser (struct feed_hooks,
 * sink.h): where values and members end, a string's raw text, invalid
 * UTF-8, the comments before a token.  Errors found here are noted, and
 * reported by parse.c once yajl returns.  See parse.h. */
#include "read/parse.h"

#include "report/locate.h"

/* An error for parse.c to report once yajl returns: `msg` as
 * it is, or (msg NULL) jfmt's words for `kind`. */
static void note_error(struct parser *ps, unsigned long long g, enum error_kind kind,
		       const char *msg)
{
	ps->error = msg;
	ps->error_kind = kind;
	ps->error_pos = g;
}

static int on_value_end(void *ctx)
{
	struct parser *ps = ctx;
	const struct window_part *cur = &ps->win->cur;

	ps->values++;
	ps->begun = 0;
	if (ps->completing) {
		/* yajl finishes on a buffer of its own: all was consumed */
		ps->top_end = ps->record_end;
		return 1;
	}
	size_t off = ps->feed_off + yajl_get_bytes_consumed(ps->h);
	ps->top_end = cur->base + off;
	unsigned char last = window_byte(ps->win, ps->top_end - 1);
	if (!between_value_end(&ps->between, last, cur->p + off, ps->fed_end - off))
		return 1;
	note_error(ps, ps->top_end, ERR_ADJACENT, NULL);
	return 0;
}

static int on_member_end(void *ctx)
{
	struct parser *ps = ctx;

	ps->member_end = parser_offset(ps);
	return 1;
}

/* Give the consumer the raw text of the string token yajl just read, if it
 * holds an unpaired surrogate escape, or always with sink.keep_escapes. */
static int on_raw_string(void *ctx, const unsigned char **raw, size_t *len)
{
	struct parser *ps = ctx;
	unsigned long long end = parser_offset(ps), q;
	int found = surrogates_take(&ps->lone, end);

	ps->sink.set_raw_check(ps->sink.ctx, surrogates_pending(&ps->lone));
	if (!found && !ps->sink.keep_escapes)
		return 0;
	if (!locate_string_start(ps->win, end, &q)) {
		note_error(ps, end - 1, ERR_UTF8,
			   "string with escapes is too long to keep exactly");
		return -1;
	}
	const struct window_part *cur = &ps->win->cur;
	if (q + 1 >= cur->base) {
		/* all in the current read (a long string always is): no copy,
		 * so that it is held once, not twice */
		*raw = cur->p + (q + 1 - cur->base);
		*len = (size_t)(end - 1 - (q + 1));
		return 1;
	}
	ps->raw.len = 0;
	for (unsigned long long i = q + 1; i < end - 1; i++)
		fbuffer_append_char(&ps->raw, (char)window_byte(ps->win, i));
	*raw = (const unsigned char *)ps->raw.ptr;
	*len = ps->raw.len;
	return 1;
}

/* Point the error at the first byte of the string token just read that is
 * not part of a well-formed UTF-8 sequence. */
static void on_invalid_utf8(void *ctx)
{
	struct parser *ps = ctx;

	note_error(ps, locate_bad_utf8(ps->win, parser_offset(ps)), ERR_UTF8, NULL);
}

/* The comments before the token just read (all that are left, at the end
 * of the input; those before the value given up, before a message). */
static size_t on_comments(void *ctx, const struct sink_comment **c)
{
	struct parser *ps = ctx;

	if (jsonc_queue_none(&ps->jsonc.queue, c))
		return 0;
	unsigned long long before = ps->giving_up ? ps->begin :
				    ps->completing ? ps->record_end : parser_offset(ps);

	return jsonc_queue_take(&ps->jsonc.queue, before, c);
}

static void on_bad_comment(void *ctx, size_t i, const char *msg)
{
	struct parser *ps = ctx;

	note_error(ps, jsonc_queue_taken_at(&ps->jsonc.queue, i), ERR_COMMENT, msg);
}

struct feed_hooks parser_hooks(struct parser *ps)
{
	return (struct feed_hooks){
		.ctx = ps,
		.value_end = on_value_end,
		.member_end = on_member_end,
		.raw_string = on_raw_string,
		.invalid_utf8 = on_invalid_utf8,
		.comments = on_comments,
		.queued = &ps->jsonc.queue.n,
		.taken = &ps->jsonc.queue.head,
		.others_end = &ps->jsonc.queue.others_end,
		.bad_comment = on_bad_comment,
	};
}
