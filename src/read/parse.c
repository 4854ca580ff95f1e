/* parse.c - feeding an input's reads to yajl: the rule between values,
 * RFC 7464 records, going on after an invalid value, and the report of
 * each error (the hooks the consumer calls are in parse_hooks.c).  See
 * parse.h. */
#include "read/parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/diag.h"
#include "report/locate.h"
#include "report/report.h"
#include "text/scan.h"
#include "read/skip.h"


/* --- Reporting --- */

/* What the reader knows around an error, for report.h. */
static struct place place_of(const struct parser *r)
{
	return (struct place){
		.name = r->name,
		.w = r->win,
		.comments = r->allow_comments,
		.record = r->seq && !r->completing,
		.top_end = r->top_end,
		.member_end = r->member_end,
		.open_kind = r->sink.innermost(r->sink.ctx),
	};
}

void parser_report(const struct parser *r, unsigned long long g, const char *msg)
{
	struct place pl = place_of(r);

	report_at(&pl, g, msg);
}

static void report_kind(const struct parser *r, enum error_kind kind, unsigned long long g)
{
	struct place pl = place_of(r);

	report_error(&pl, (struct parse_error){ kind, AT_OFFSET }, g);
}

/* Report yajl's error for status `st`, or the one a hook noted. */
static void report_yajl_error(struct parser *r, yajl_status st)
{
	if (st == yajl_status_client_canceled) {
		if (r->error)
			parser_report(r, r->error_pos, r->error);
		else
			report_kind(r, r->error_kind, r->error_pos);
		return;
	}
	if (!r->seen_text) {
		parser_report(r, locate_end(r->win), "no JSON value");
		return;
	}
	struct place pl = place_of(r);
	unsigned char *text = yajl_get_error(r->h, 0, NULL, 0);
	report_yajl(&pl, (const char *)text, parser_offset(r), r->completing);
	yajl_free_error(r->h, text);
}

void parser_init(struct parser *r, int allow_comments, int keep_going)
{
	memset(r, 0, sizeof *r);
	r->allow_comments = allow_comments;
	r->keep_going = keep_going;
	r->hooks = parser_hooks(r);
	fbuffer_init_mem(&r->raw);
	surrogates_init(&r->lone);
	jsonc_init(&r->jsonc);
}

void parser_release(struct parser *r)
{
	surrogates_release(&r->lone);
	fbuffer_release(&r->raw);
	jsonc_release(&r->jsonc);
	if (r->h)
		yajl_free(r->h);
	r->h = NULL;
}

/* --- Parsers, and going on after an error --- */

/* yajl's own memory (its buffer grows with a token that reads cut): its
 * default allocator goes on with a null pointer when memory runs out, and
 * crashes; this one says so and exits, as everywhere else (alloc.h). */
static void *parse_malloc(void *ctx, size_t n)
{
	(void)ctx;
	return xrealloc(NULL, n);
}

static void *parse_realloc(void *ctx, void *p, size_t n)
{
	(void)ctx;
	return xrealloc(p, n);
}

static void parse_free(void *ctx, void *p)
{
	(void)ctx;
	free(p);
}

static yajl_alloc_funcs parse_alloc = { parse_malloc, parse_realloc, parse_free, NULL };

/* A fresh parser, for an input, a record or after a skipped value. */
static void new_parser(struct parser *r)
{
	if (r->h)
		yajl_free(r->h);
	r->h = yajl_alloc(r->sink.callbacks, &parse_alloc, r->sink.ctx);
	if (!r->h)
		out_of_memory();
	yajl_config(r->h, yajl_allow_multiple_values, 1);
	/* With --comments, yajl never sees one (jsonc.h). */
	/* Strings are checked, strictly, where they are written. */
	yajl_config(r->h, yajl_dont_validate_strings, 1);
	r->error = NULL;
}

/* An error was reported: go on (1) if invalid values are skipped here,
 * after the consumer has dropped what it made of this one. */
/* The consumer drops what it made of the current value; whether the
 * strings ahead need their raw text is still for the reader to say. */
static void reset_sink(struct parser *r)
{
	r->sink.reset(r->sink.ctx);
	r->sink.set_raw_check(r->sink.ctx, surrogates_pending(&r->lone));
}

int parser_skip(struct parser *r)
{
	r->invalid = 1;
	if (!r->keep_going && !r->seq)
		return 0;
	r->skipping = 1;
	r->skip_fresh = 0;
	reset_sink(r);
	between_init(&r->between, r->allow_comments);
	/* Look again from the line after the skipped value began, if that
	 * is in this read. */
	r->value_start = skip_white(r->win, r->top_end);
	if (r->value_start >= r->win->cur.base + r->part_from &&
	    r->value_start - r->win->cur.base < r->feed_off)
		r->feed_off = (size_t)(r->value_start - r->win->cur.base);
	return 1;
}

/* --- Feeding yajl --- */

/* A record of a text sequence ends (at an RS, offset rs of the current
 * read): its value must be complete.  Returns 0, or -1 after reporting. */
static int end_record(struct parser *r, size_t rs)
{
	int rc = 0;

	if (r->record_text) {
		r->completing = 1;
		r->record_end = r->win->cur.base + rs;
		if (yajl_complete_parse(r->h) != yajl_status_ok ||
		    skip_cut_short(r->win, r->top_end, r->win->cur.base + rs, r->allow_comments)) {
			r->completing = 0;
			report_kind(r, ERR_END, r->win->cur.base + rs);
			r->invalid = 1;
			reset_sink(r);
			rc = -1;
		}
		r->completing = 0;
	}
	r->record_text = 0;
	r->top_end = r->win->cur.base + rs + 1;
	between_init(&r->between, r->allow_comments);
	new_parser(r);
	return rc;
}


/* yajl parses text[feed_off, stop).  The consumer is told where that is
 * when it is the read itself (not a copy without comments), whose bytes
 * it may then read past the end; and that it is gone after, when it may
 * hand back where the last member and the last value ended in it. */
static yajl_status parse_part(struct parser *r, size_t stop)
{
	const unsigned char *p = r->text + r->feed_off;
	int tell = r->sink.set_input && r->text == r->win->cur.p;

	if (tell)
		r->sink.set_input(r->sink.ctx, p, stop - r->feed_off);
	yajl_status st = yajl_parse(r->h, p, stop - r->feed_off);
	if (tell) {
		r->sink.set_input(r->sink.ctx, NULL, 0);
		const unsigned char *e = r->sink.take_member_end ?
			r->sink.take_member_end(r->sink.ctx) : NULL;
		if (e)
			r->member_end = r->win->cur.base + (unsigned long long)(e - r->text);
		if (r->sink.take_value_end) {
			r->values += r->sink.take_value_end(r->sink.ctx, &e);
			if (e)
				r->top_end = r->win->cur.base + (unsigned long long)(e - r->text);
		}
	}
	return st;
}

int parser_feed(struct parser *r, size_t from, size_t end, const unsigned char *text)
{
	const unsigned char *p = r->win->cur.p;

	r->feed_off = r->part_from = from;
	r->text = text;
	if (!r->seen_text)
		r->seen_text = !all_blank(text + from, end - from);
	while (r->feed_off < end) {
		if (r->skipping) {
			size_t o = skip_resync(r->win, r->feed_off, end, r->seq, r->value_start,
					       &r->skip_fresh);
			if (o == end) {
				r->feed_off = end;
				break;
			}
			r->skipping = 0;
			r->feed_off = o;
			r->top_end = r->win->cur.base + o;
			new_parser(r);
			continue;
		}
		size_t stop = end;
		const unsigned char *rs = r->seq ? memchr(p + r->feed_off, SKIP_RS, end - r->feed_off) : NULL;
		if (rs)
			stop = (size_t)(rs - p);
		r->fed_end = stop;
		if (!r->record_text)
			r->record_text = !all_blank(text + r->feed_off, stop - r->feed_off);
		if (between_pending(&r->between) &&
		    between_next(&r->between, p + r->feed_off, stop - r->feed_off)) {
			report_kind(r, ERR_ADJACENT, r->win->cur.base + r->feed_off);
			if (!parser_skip(r))
				return -1;
			continue;
		}
		yajl_status st = parse_part(r, stop);
		if (st != yajl_status_ok) {
			report_yajl_error(r, st);
			if (!parser_skip(r))
				return -1;
			continue;
		}
		r->feed_off = stop;
		if (rs) {
			end_record(r, stop);
			r->feed_off = stop + 1;
		}
	}
	return 0;
}

void parser_start(struct parser *r, const char *name, const struct window *w, int seq)
{
	r->name = name;
	r->win = w;
	r->feed_off = r->fed_end = 0;
	r->completing = 0;
	r->seen_text = 0;
	r->seq = seq;
	r->skipping = r->invalid = r->record_text = 0;
	between_init(&r->between, r->allow_comments);
	r->values = 0;
	r->top_end = r->member_end = r->value_start = 0;
	surrogates_reset(&r->lone);
	r->error = NULL;
	jsonc_reset(&r->jsonc, r->sink.keep_comments);
	reset_sink(r);
	new_parser(r);
}

/* The end of the input: the last value must be complete. */
enum exit_status parser_finish(struct parser *r)
{
	r->completing = 1;
	r->record_end = window_end(r->win);
	yajl_status st = r->skipping ? yajl_status_ok : yajl_complete_parse(r->h);
	r->completing = 0;
	if (st != yajl_status_ok) {
		r->completing = 1;
		report_yajl_error(r, st);
		r->completing = 0;
		return EXIT_INVALID;
	}
	if (!r->skipping && r->values > 0 && skip_cut_short(r->win, r->top_end, window_end(r->win),
							 r->allow_comments)) {
		report_kind(r, ERR_END, locate_end(r->win));
		return EXIT_INVALID;
	}
	if (r->values == 0 && !r->invalid) {
		parser_report(r, locate_end(r->win), "no JSON value");
		return EXIT_INVALID;
	}
	if (r->sink.end_input && r->sink.end_input(r->sink.ctx)) {
		parser_report(r, r->error_pos, r->error);
		return EXIT_INVALID;
	}
	return r->invalid ? EXIT_INVALID : EXIT_OK;
}

void parser_look_ahead(struct parser *r, size_t from, size_t end, int backslash)
{
	/* Surrogate escapes need a backslash, in this part or in an escape
	 * left undecided at the end of the last. */
	if (backslash || surrogates_undecided_before(&r->lone, r->win->cur.base + from))
		surrogates_scan(&r->lone, r->win);
	else
		surrogates_skip_to(&r->lone, r->win->cur.base + end);
	r->sink.set_raw_check(r->sink.ctx, surrogates_pending(&r->lone));
}

void parser_end_input(struct parser *r)
{
	if (r->h)
		yajl_free(r->h);
	r->h = NULL;
}
