/* parse_hooks.c - what the consumer tells the parser (struct feed_hooks,
 * sink.h): where values and members end, a string's raw text, invalid
 * UTF-8, the comments before a token.  Errors found here are noted, and
 * reported by parse.c once yajl returns.  See parse.h. */
#include "read/parse.h"

#include "report/locate.h"

/* An error for parse.c to report once yajl returns: `msg` as
 * it is, or (msg NULL) jfmt's words for `kind`. */
static void note_error(struct parser *r, unsigned long long g, enum error_kind kind,
		       const char *msg)
{
	r->error = msg;
	r->error_kind = kind;
	r->error_pos = g;
}

static int on_value_end(void *ctx)
{
	struct parser *r = ctx;
	const struct window_part *cur = &r->win->cur;

	r->values++;
	if (r->completing) {
		/* yajl finishes on a buffer of its own: all was consumed */
		r->top_end = r->record_end;
		return 1;
	}
	size_t off = r->feed_off + yajl_get_bytes_consumed(r->h);
	r->top_end = cur->base + off;
	unsigned char last = window_byte(r->win, r->top_end - 1);
	if (!between_value_end(&r->between, last, cur->p + off, r->fed_end - off))
		return 1;
	note_error(r, r->top_end, ERR_ADJACENT, NULL);
	return 0;
}

static int on_member_end(void *ctx)
{
	struct parser *r = ctx;

	r->member_end = parser_offset(r);
	return 1;
}

/* Give the consumer the raw text of the string token yajl just read, if it
 * holds an unpaired surrogate escape. */
static int on_raw_string(void *ctx, const unsigned char **raw, size_t *len)
{
	struct parser *r = ctx;
	unsigned long long end = parser_offset(r), q;
	int found = surrogates_take(&r->lone, end);

	r->sink.set_raw_check(r->sink.ctx, surrogates_pending(&r->lone));
	if (!found)
		return 0;
	if (!locate_string_start(r->win, end, &q)) {
		note_error(r, end - 1, ERR_UTF8,
			   "string with an unpaired surrogate escape is too long to keep exactly");
		return -1;
	}
	const struct window_part *cur = &r->win->cur;
	if (q + 1 >= cur->base) {
		/* all in the current read (a long string always is): no copy,
		 * so that it is held once, not twice */
		*raw = cur->p + (q + 1 - cur->base);
		*len = (size_t)(end - 1 - (q + 1));
		return 1;
	}
	r->raw.len = 0;
	for (unsigned long long i = q + 1; i < end - 1; i++)
		fbuffer_append_char(&r->raw, (char)window_byte(r->win, i));
	*raw = (const unsigned char *)r->raw.ptr;
	*len = r->raw.len;
	return 1;
}

/* Point the error at the first byte of the string token just read that is
 * not part of a well-formed UTF-8 sequence. */
static void on_invalid_utf8(void *ctx)
{
	struct parser *r = ctx;

	note_error(r, locate_bad_utf8(r->win, parser_offset(r)), ERR_UTF8, NULL);
}

/* The comments before the token just read (all that are left, at the end
 * of the input). */
static size_t on_comments(void *ctx, const struct sink_comment **c)
{
	struct parser *r = ctx;

	return jsonc_take(&r->jsonc, r->completing ? ~0ULL : parser_offset(r), c);
}

static void on_bad_comment(void *ctx, size_t i, const char *msg)
{
	struct parser *r = ctx;

	note_error(r, jsonc_taken_at(&r->jsonc, i), ERR_COMMENT, msg);
}

struct feed_hooks parser_hooks(struct parser *r)
{
	return (struct feed_hooks){
		.ctx = r,
		.value_end = on_value_end,
		.member_end = on_member_end,
		.raw_string = on_raw_string,
		.invalid_utf8 = on_invalid_utf8,
		.comments = on_comments,
		.bad_comment = on_bad_comment,
	};
}
